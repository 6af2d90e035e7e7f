// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "harness.h"

#include <cstdio>
#include <cstring>

#ifdef HAVE_RTL
#include "rtl.h"
#endif

#ifndef AXP_ADDR_WIDTH
#define AXP_ADDR_WIDTH 32
#define AXP_DATA_WIDTH 32
#define AXP_ID_WIDTH 4
#define AXP_COUNTER_WIDTH 32
#define AXP_HAS_IRQ 1
#define AXP_HAS_SNAPSHOT 1
#define AXP_ID_SLOTS 4
#define AXP_HAS_LATENCY 1
#define AXP_SET "id4_d32_c32"
#endif

axiperf_params build_params()
{
	axiperf_params p{};

	p.addr_width = AXP_ADDR_WIDTH;
	p.data_width = AXP_DATA_WIDTH;
	p.id_width = AXP_ID_WIDTH;
	p.counter_width = AXP_COUNTER_WIDTH;
	p.has_irq = AXP_HAS_IRQ;
	p.has_snapshot = AXP_HAS_SNAPSHOT;
	p.id_slots = AXP_ID_SLOTS;
	p.has_latency = AXP_HAS_LATENCY;
	return p;
}

const char *build_set_name()
{
	return AXP_SET;
}

#ifndef HAVE_RTL
class Rtl {};	/* model-only build */
#endif

Harness::Harness(bool with_rtl)
{
	p = build_params();
	axiperf_model_init(&m, &p);
#ifdef HAVE_RTL
	if (with_rtl)
		rtl_.reset(new Rtl());
#else
	(void)with_rtl;
#endif
}

Harness::~Harness() = default;

void Harness::reset(unsigned clocks)
{
	axiperf_link idle{};

	axil = AxilIn();
#ifdef HAVE_RTL
	if (rtl_) {
		for (unsigned i = 0; i < clocks; i++) {
			rtl_->drive(idle, axil, true);
			rtl_->edge();
		}
		rtl_irq = rtl_->irq();
	}
#else
	(void)clocks;
	(void)idle;
#endif
	axiperf_model_reset(&m);
	m_bvalid = m_rvalid = false;
	m_rdata = 0;
	axil_violations = 0;
	axil_first_violation[0] = 0;
	rtl_out = model_out = AxilOut();
}

void Harness::clock(const axiperf_link &l)
{
	clock_any(l, false);
}

void Harness::clock_link_reset(const axiperf_link &l)
{
	clock_any(l, true);
}

void Harness::clock_any(const axiperf_link &l, bool link_rst)
{
	static const axiperf_link idle{};
	const AxilIn &in = axil;
	axiperf_axil_write w{ in.awaddr, in.wdata, in.wstrb };

	/* the model's port, as monitor.rst describes the slave */
	model_out = AxilOut();
	model_out.w_acc = in.awvalid && in.wvalid && !m_bvalid;
	model_out.r_acc = in.arvalid && !m_rvalid;
	model_out.b_done = m_bvalid && in.bready;
	model_out.r_done = m_rvalid && in.rready;
	model_out.rdata = m_rdata;

	bool w_acc = model_out.w_acc, r_acc = model_out.r_acc;

#ifdef HAVE_RTL
	if (rtl_) {
		rtl_->drive(l, in, false, link_rst);
		rtl_out = AxilOut();
		bool aw_hs = in.awvalid && rtl_->awready();
		bool w_hs = in.wvalid && rtl_->wready();
		rtl_out.w_acc = aw_hs && w_hs;
		rtl_out.r_acc = in.arvalid && rtl_->arready();
		rtl_out.b_done = rtl_->bvalid() && in.bready;
		rtl_out.r_done = rtl_->rvalid() && in.rready;
		rtl_out.rdata = rtl_->rdata();
		rtl_out.resp = (rtl_out.b_done ? rtl_->bresp() : 0) |
			       (rtl_out.r_done ? rtl_->rresp() << 2 : 0);

		const char *why = nullptr;
		if (aw_hs != w_hs)
			why = "AW and W taken on different clocks";
		else if (rtl_out.w_acc != model_out.w_acc)
			why = "write taken on a clock monitor.rst says it is not (or not taken when it is)";
		else if (rtl_out.r_acc != model_out.r_acc)
			why = "read taken on a clock monitor.rst says it is not (or not taken when it is)";
		else if (rtl_out.b_done != model_out.b_done || rtl_out.r_done != model_out.r_done)
			why = "response on a clock it should not be (or missing)";
		else if (rtl_out.resp)
			why = "response not OKAY";
		if (why) {
			if (!axil_violations)
				snprintf(axil_first_violation, sizeof(axil_first_violation),
					 "clock %llu: %s", (unsigned long long)cycle, why);
			axil_violations++;
		}
		/* the model is told what the RTL took */
		w_acc = rtl_out.w_acc;
		r_acc = rtl_out.r_acc;
	}
#endif

	/* in link reset the wires do not count: nothing is in flight */
	if (link_rst)
		axiperf_model_link_drop(&m);
	else
		axiperf_model_link_up(&m);
	const axiperf_link &ml = link_rst ? idle : l;
	uint32_t rv = (r_acc || model_out.r_acc) ? axiperf_model_read_at(&m, in.araddr, &ml) : 0;
	if (r_acc)
		model_read_value = rv;
	/* the reference itself on every clock; its fast paths answer to it */
	axiperf_model_clock_ref(&m, &ml, w_acc ? &w : nullptr);

	/* the model port's next state */
	if (model_out.r_acc)
		m_rdata = rv;
	m_bvalid = model_out.w_acc || (m_bvalid && !in.bready);
	m_rvalid = model_out.r_acc || (m_rvalid && !in.rready);

#ifdef HAVE_RTL
	if (rtl_) {
		rtl_->edge();
		rtl_irq = rtl_->irq();
	}
#endif
	cycle++;
}
