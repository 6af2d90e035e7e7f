// SPDX-License-Identifier: GPL-2.0 OR MIT
// The Verilated monitor: port widths differ per parameter set, so every
// port is written through an overload that fits its Verilator type.
#include "rtl.h"

#include "Vaxiperf.h"
#include "Vaxiperf___024root.h"
#include "verilated.h"

template <class T> static inline void put(T &port, uint64_t v)
{
	port = static_cast<T>(v);
}

template <std::size_t N> static inline void put(VlWide<N> &port, uint64_t v)
{
	for (std::size_t i = 0; i < N; i++)
		port[i] = i == 0 ? (uint32_t)v : i == 1 ? (uint32_t)(v >> 32) : 0;
}

template <class T> static inline void put_strb(T &port, const uint64_t *s)
{
	port = static_cast<T>(s[0]);
}

template <std::size_t N> static inline void put_strb(VlWide<N> &port, const uint64_t *s)
{
	for (std::size_t i = 0; i < N; i++)
		port[i] = (uint32_t)(s[i / 2] >> (32 * (i % 2)));
}

static const uint32_t id_mask = AXP_ID_WIDTH ? (uint32_t)((1ull << AXP_ID_WIDTH) - 1) : 0;

struct Rtl::Impl {
	VerilatedContext ctx;
	Vaxiperf *top;
};

Rtl::Rtl()
{
	impl = new Impl;
	/* registers the design forgets to reset come up random, not zero */
	impl->ctx.randReset(2);
	impl->ctx.randSeed(12345);
	impl->top = new Vaxiperf(&impl->ctx);
	impl->top->clk = 0;
	impl->top->eval();
}

Rtl::~Rtl()
{
	impl->top->final();
	delete impl->top;
	delete impl;
}

void Rtl::drive(const axiperf_link &l, const AxilIn &in, bool rst, bool link_rst)
{
	Vaxiperf *t = impl->top;

	t->clk = 0;
	t->rst = rst;
	t->s_axil_awaddr = in.awaddr & 0x3ff;
	t->s_axil_awprot = 0;
	t->s_axil_awvalid = in.awvalid;
	t->s_axil_wdata = in.wdata;
	t->s_axil_wstrb = in.wstrb & 0xf;
	t->s_axil_wvalid = in.wvalid;
	t->s_axil_bready = in.bready;
	t->s_axil_araddr = in.araddr & 0x3ff;
	t->s_axil_arprot = 0;
	t->s_axil_arvalid = in.arvalid;
	t->s_axil_rready = in.rready;

	put(t->mon_axi_awid, l.awid & id_mask);
	put(t->mon_axi_awaddr, 0);
	t->mon_axi_awlen = l.awlen;
	t->mon_axi_awsize = l.awsize & 7;
	t->mon_axi_awvalid = l.awvalid;
	t->mon_axi_awready = l.awready;
	put_strb(t->mon_axi_wstrb, l.wstrb);
	t->mon_axi_wlast = l.wlast;
	t->mon_axi_wvalid = l.wvalid;
	t->mon_axi_wready = l.wready;
	t->mon_axi_bvalid = l.bvalid;
	t->mon_axi_bready = l.bready;
	put(t->mon_axi_arid, l.arid & id_mask);
	put(t->mon_axi_araddr, 0);
	t->mon_axi_arlen = l.arlen;
	t->mon_axi_arsize = l.arsize & 7;
	t->mon_axi_arvalid = l.arvalid;
	t->mon_axi_arready = l.arready;
	put(t->mon_axi_rid, l.rid & id_mask);
	t->mon_axi_rlast = l.rlast;
	t->mon_axi_rvalid = l.rvalid;
	t->mon_axi_rready = l.rready;
	t->mon_axi_aresetn = !link_rst;
	t->eval();
}

bool Rtl::awready() const { return impl->top->s_axil_awready; }
bool Rtl::wready() const { return impl->top->s_axil_wready; }
bool Rtl::arready() const { return impl->top->s_axil_arready; }
bool Rtl::bvalid() const { return impl->top->s_axil_bvalid; }
bool Rtl::rvalid() const { return impl->top->s_axil_rvalid; }
uint32_t Rtl::rdata() const { return impl->top->s_axil_rdata; }
uint32_t Rtl::bresp() const { return impl->top->s_axil_bresp; }
uint32_t Rtl::rresp() const { return impl->top->s_axil_rresp; }
bool Rtl::irq() const { return impl->top->irq; }

void Rtl::edge()
{
	impl->top->clk = 1;
	impl->top->eval();
}

bool Rtl::poke_counter(unsigned idx, uint64_t v)
{
#ifdef AXP_BACKDOOR
	if (idx != 0)	/* only active_cycles has a backdoor */
		return false;
	AXP_BACKDOOR(impl->top->rootp, idx, v);
	return true;
#else
	(void)idx;
	(void)v;
	return false;
#endif
}
