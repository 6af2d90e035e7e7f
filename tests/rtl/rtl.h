/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* The Verilated monitor behind the harness (only with HAVE_RTL). */
#ifndef AXIPERF_TB_RTL_H
#define AXIPERF_TB_RTL_H

#include <cstdint>

#include "harness.h"

class Rtl {
public:
	Rtl();
	~Rtl();
	/* set every input for the coming clock, settle, read the readies */
	void drive(const axiperf_link &l, const AxilIn &in, bool rst, bool link_rst = false);
	bool awready() const;
	bool wready() const;
	bool arready() const;
	bool bvalid() const;
	bool rvalid() const;
	uint32_t rdata() const;
	uint32_t bresp() const;
	uint32_t rresp() const;
	bool irq() const;
	void edge();
	/* backdoor: a counter's register by its generated index, or false */
	bool poke_counter(unsigned idx, uint64_t v);

	struct Impl;
	Impl *impl;
};

#endif
