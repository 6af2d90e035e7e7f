/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * One monitor under test: the Verilated RTL (when built with HAVE_RTL) and
 * the C reference model (axiperf_model_clock_ref() on every clock),
 * clocked together on the same link wires. The caller drives
 * the AXI4-lite master side (axil) before each clock and reads what each
 * side accepted and answered after it.
 */
#ifndef AXIPERF_TB_HARNESS_H
#define AXIPERF_TB_HARNESS_H

#include <cstdint>
#include <memory>

extern "C" {
#include "axiperf_model.h"
}

/* The parameters this binary was built for (-D from tests/rtl/check.mk). */
axiperf_params build_params();
const char *build_set_name();

struct AxilIn {
	bool awvalid = false, wvalid = false, bready = true;
	uint32_t awaddr = 0, wdata = 0;
	uint8_t wstrb = 0xf;
	bool arvalid = false, rready = true;
	uint32_t araddr = 0;
};

/* What one clock did on the AXI4-lite port, per side. */
struct AxilOut {
	bool w_acc = false;		/* write taken on this clock */
	bool r_acc = false;		/* read taken on this clock */
	bool b_done = false;		/* a B response taken on this clock */
	bool r_done = false;		/* read data taken on this clock */
	uint32_t rdata = 0;		/* ... this data */
	uint32_t resp = 0;		/* bresp | rresp << 2 when taken */
};

class Rtl;

class Harness {
public:
	explicit Harness(bool with_rtl = true);
	~Harness();

	void reset(unsigned clocks = 2);
	/* One clock with these link wires and the AXI4-lite inputs in axil. */
	void clock(const axiperf_link &l);
	/*
	 * One clock with the monitored link in reset (mon_axi_aresetn low)
	 * and these wires on it, which the monitor must ignore.
	 */
	void clock_link_reset(const axiperf_link &l);

	bool has_rtl() const { return rtl_ != nullptr; }
	Rtl *rtl() { return rtl_.get(); }

	AxilIn axil;
	AxilOut rtl_out, model_out;
	/* the model's value of the read accepted on the last clock */
	uint32_t model_read_value = 0;
	bool rtl_irq = false;
	/* AXI4-lite rule breaks seen on the RTL's port since reset */
	uint64_t axil_violations = 0;
	char axil_first_violation[200] = "";

	axiperf_model m;
	axiperf_params p;
	uint64_t cycle = 0;

private:
	void clock_any(const axiperf_link &l, bool link_rst);
	std::unique_ptr<Rtl> rtl_;
	/* the model's own AXI4-lite port state (monitor.rst's slave) */
	bool m_bvalid = false, m_rvalid = false;
	uint32_t m_rdata = 0;
};

#endif
