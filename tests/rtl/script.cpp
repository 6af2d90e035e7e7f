// SPDX-License-Identifier: GPL-2.0 OR MIT
#include "script.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {
#include "axiperf/regs.h"
}

#ifdef HAVE_RTL
#include "rtl.h"
#endif

static std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static std::string fmt(const char *f, ...)
{
	char buf[400];
	va_list ap;

	va_start(ap, f);
	vsnprintf(buf, sizeof(buf), f, ap);
	va_end(ap);
	return buf;
}

void Script::fail(const std::string &msg)
{
	script_fails.push_back(msg);
}

axiperf_link Script::wires(const char *s)
{
	axiperf_link l{};
	unsigned bytes = h_.p.data_width / 8;
	char buf[512];

	l.awsize = l.arsize = 2;
	l.wstrb[0] = 0xf;
	snprintf(buf, sizeof(buf), "%s", s);
	for (char *save = nullptr, *t = strtok_r(buf, " ", &save); t; t = strtok_r(nullptr, " ", &save)) {
		char *eq = strchr(t, '=');
		if (eq) {
			*eq = 0;
			const char *v = eq + 1;
			uint64_t n = strtoull(v, nullptr, 0);
			if (!strcmp(t, "awlen")) l.awlen = (uint8_t)n;
			else if (!strcmp(t, "awsize")) l.awsize = (uint8_t)n;
			else if (!strcmp(t, "awid")) l.awid = (uint32_t)n;
			else if (!strcmp(t, "arlen")) l.arlen = (uint8_t)n;
			else if (!strcmp(t, "arsize")) l.arsize = (uint8_t)n;
			else if (!strcmp(t, "arid")) l.arid = (uint32_t)n;
			else if (!strcmp(t, "rid")) l.rid = (uint32_t)n;
			else if (!strcmp(t, "strb") && !strcmp(v, "all")) {
				l.wstrb[0] = bytes >= 64 ? ~0ull : (1ull << bytes) - 1;
				l.wstrb[1] = bytes >= 128 ? ~0ull : bytes > 64 ? (1ull << (bytes - 64)) - 1 : 0;
			} else if (!strcmp(t, "strb")) l.wstrb[0] = n;
			else if (!strcmp(t, "strbhi")) l.wstrb[1] = n;
			else fail(fmt("script: unknown wire field '%s'", t));
			continue;
		}
		if (!strcmp(t, "AW")) l.awvalid = l.awready = true;
		else if (!strcmp(t, "aw")) l.awvalid = true;
		else if (!strcmp(t, "awr")) l.awready = true;
		else if (!strcmp(t, "W")) l.wvalid = l.wready = true;
		else if (!strcmp(t, "w")) l.wvalid = true;
		else if (!strcmp(t, "wr")) l.wready = true;
		else if (!strcmp(t, "WL")) l.wvalid = l.wready = l.wlast = true;
		else if (!strcmp(t, "wL")) l.wvalid = l.wlast = true;
		else if (!strcmp(t, "B")) l.bvalid = l.bready = true;
		else if (!strcmp(t, "b")) l.bvalid = true;
		else if (!strcmp(t, "br")) l.bready = true;
		else if (!strcmp(t, "AR")) l.arvalid = l.arready = true;
		else if (!strcmp(t, "ar")) l.arvalid = true;
		else if (!strcmp(t, "arr")) l.arready = true;
		else if (!strcmp(t, "R")) l.rvalid = l.rready = true;
		else if (!strcmp(t, "r")) l.rvalid = true;
		else if (!strcmp(t, "rr")) l.rready = true;
		else if (!strcmp(t, "RL")) l.rvalid = l.rready = l.rlast = true;
		else if (!strcmp(t, "rL")) l.rvalid = l.rlast = true;
		else fail(fmt("script: unknown wire token '%s'", t));
	}
	return l;
}

void Script::tick(const axiperf_link &l, bool wr, uint32_t woff, uint32_t wdata,
		  bool rd, uint32_t roff, uint32_t rexp, const std::string &what)
{
	AxilIn &in = h_.axil;
	uint64_t c = h_.cycle;

	if (wr && last_write_ != ~0ull && last_write_ + 1 == c)
		fail(fmt("script: write at clock %llu while the last write's B is due", (unsigned long long)c));
	if (rd && last_read_ != ~0ull && last_read_ + 1 == c)
		fail(fmt("script: read at clock %llu while the last read's data is due", (unsigned long long)c));
	in = AxilIn();
	in.bready = in.rready = true;
	in.awvalid = in.wvalid = wr;
	in.awaddr = woff;
	in.wdata = wdata;
	in.wstrb = 0xf;
	in.arvalid = rd;
	in.araddr = roff;

	/* the model's answer: its state at the start of this clock, with the
	 * link's reset input of this clock (in reset the wires are idle) */
	static const axiperf_link idle{};
	uint32_t mv = 0;
	if (rd) {
		if (link_rst_)
			axiperf_model_link_drop(&h_.m);
		else
			axiperf_model_link_up(&h_.m);
		mv = axiperf_model_read_at(&h_.m, roff, link_rst_ ? &idle : &l);
	}

	if (link_rst_)
		h_.clock_link_reset(l);
	else
		h_.clock(l);

	if (wr) {
		last_write_ = c;
		if (h_.has_rtl() && !h_.rtl_out.w_acc)
			rtl_fails.push_back(fmt("clock %llu: RTL did not take the write of 0x%x to 0x%03x",
						(unsigned long long)c, wdata, woff));
	}
	if (rd) {
		last_read_ = c;
		if (mv != rexp)
			model_fails.push_back(fmt("clock %llu: %s (0x%03x): model 0x%08x, expected 0x%08x",
						  (unsigned long long)c, what.c_str(), roff, mv, rexp));
		if (h_.has_rtl()) {
			if (!h_.rtl_out.r_acc)
				rtl_fails.push_back(fmt("clock %llu: RTL did not take the read of 0x%03x",
							(unsigned long long)c, roff));
			else
				rsp_.push_back({ roff, rexp, what, c });
		}
	}
	if (h_.has_rtl() && h_.rtl_out.r_done) {
		if (rsp_.empty()) {
			rtl_fails.push_back(fmt("clock %llu: RTL answered a read nobody made",
						(unsigned long long)c));
		} else {
			Pending p = rsp_.front();
			rsp_.pop_front();
			if (h_.rtl_out.rdata != p.expect)
				rtl_fails.push_back(fmt("clock %llu: %s (0x%03x): RTL 0x%08x, expected 0x%08x",
							(unsigned long long)p.clock, p.what.c_str(), p.off,
							h_.rtl_out.rdata, p.expect));
		}
	}
	in = AxilIn();
}

void Script::clk(const char *w, uint64_t n)
{
	axiperf_link l = wires(w);
	static axiperf_model held;

	/* the same run held at once (axiperf_model_hold) must end equal; the
	 * run is out of link reset */
	held = h_.m;
	axiperf_model_link_up(&held);
	for (uint64_t i = 0; i < n; i++)
		tick(l, false, 0, 0, false, 0, 0, "");
	axiperf_model_hold(&held, &l, n);
	held_runs++;
	for (uint32_t off = 0; off < 0x400; off += 4) {
		uint32_t a = axiperf_model_read_at(&h_.m, off, &l), b = axiperf_model_read_at(&held, off, &l);

		if (a != b) {
			model_fails.push_back(fmt("clock %llu: %llu clocks of '%s' held at once: register 0x%03x 0x%08x, stepped 0x%08x",
						  (unsigned long long)h_.cycle, (unsigned long long)n, w, off, b, a));
			break;
		}
	}
	if (axiperf_model_irq(&held) != axiperf_model_irq(&h_.m) || held.aw_count != h_.m.aw_count ||
	    held.w_count != h_.m.w_count || held.r_count != h_.m.r_count || held.w_prog != h_.m.w_prog ||
	    held.slot_mask != h_.m.slot_mask || held.rd_first != h_.m.rd_first)
		model_fails.push_back(fmt("clock %llu: %llu clocks of '%s' held at once: irq or trackers differ",
					  (unsigned long long)h_.cycle, (unsigned long long)n, w));
}

void Script::link_reset(const char *w, uint64_t n)
{
	axiperf_link l = wires(w);

	link_rst_ = true;
	for (uint64_t i = 0; i < n; i++)
		tick(l, false, 0, 0, false, 0, 0, "");
	link_rst_ = false;
}

void Script::link_reset_read(uint32_t off, uint32_t expect, const char *w, const char *what)
{
	link_rst_ = true;
	tick(wires(w), false, 0, 0, true, off, expect, what ? what : fmt("read 0x%03x in link reset", off));
	link_rst_ = false;
}

void Script::write(uint32_t off, uint32_t data, const char *w)
{
	tick(wires(w), true, off, data, false, 0, 0, "");
}

void Script::read(uint32_t off, uint32_t expect, const char *w, const char *what)
{
	tick(wires(w), false, 0, 0, true, off, expect, what ? what : fmt("read 0x%03x", off));
}

void Script::start()
{
	write(AXIPERF_REG_CONTROL, 1);
	clk("");
}

void Script::stop()
{
	write(AXIPERF_REG_CONTROL, 0);
	clk("");
}

bool Script::poke_active(uint64_t v)
{
	/* active_cycles is counter index 0 in both */
	h_.m.cnt[0] = v & h_.m.mask;
#ifdef HAVE_RTL
	if (h_.has_rtl())
		return h_.rtl()->poke_counter(0, v);
#endif
	return true;
}

namespace {
struct CounterDesc {
	const char *name;
	uint32_t off;
	unsigned int id;
};
const CounterDesc counters[] = {
#define X(name, id, off, legacy, unit, pb, c) { #name, off, id },
	AXIPERF_COUNTERS(X)
#undef X
};
struct GaugeDesc {
	const char *name;
	uint32_t off, lsb, bits;
};
const GaugeDesc gauges[] = {
#define X(name, id, off, lsb, bits) { #name, off, lsb, bits },
	AXIPERF_GAUGES(X)
#undef X
};
} // namespace

void Script::check(const Expect &e)
{
	const axiperf_params &p = h_.p;
	uint64_t mask = p.counter_width == 64 ? ~0ull : 0xffffffffull;
	bool c64 = p.counter_width == 64;
	std::vector<std::pair<uint32_t, std::pair<uint32_t, std::string>>> list;
	auto want = [&](uint32_t off, uint32_t v, const std::string &what) {
		list.push_back({ off, { v, what } });
	};

	for (const auto *m : { &e.ev, &e.snap }) {
		for (const auto &kv : *m) {
			bool known = false;
			for (const CounterDesc &c : counters)
				known = known || kv.first == c.name;
			for (const GaugeDesc &g : gauges)
				known = known || kv.first == g.name;
			if (!known)
				fail("script: no event named " + kv.first);
		}
	}

	/* the live window and, at +0x200, the snapshot copy */
	for (int win = 0; win < 2; win++) {
		bool snapwin = win == 1;
		const std::map<std::string, uint64_t> &src =
			snapwin && p.has_snapshot ? e.snap : e.ev;
		bool sat = snapwin && p.has_snapshot ? false : e.active_sat;
		uint32_t base = snapwin ? AXIPERF_SNAPSHOT_OFFSET : 0;
		const char *tag = snapwin ? "snapshot " : "";
		auto val = [&](const char *n) -> uint64_t {
			auto it = src.find(n);
			return it == src.end() ? 0 : it->second;
		};

		/*
		 * The in-flight sums are checked by the scripts that name one
		 * of them (the random test compares them with the model on
		 * every clock); a build without them reads 0 for them.
		 */
		bool sums = false;
		for (const CounterDesc &c : counters)
			sums = sums || ((AXIPERF_NEEDS_HAS_LATENCY_IDS >> c.id & 1) && src.count(c.name));
		for (const CounterDesc &c : counters) {
			bool lat = AXIPERF_NEEDS_HAS_LATENCY_IDS >> c.id & 1;
			if (lat && p.has_latency && !sums)
				continue;
			uint64_t v = lat && !p.has_latency ? 0 : val(c.name) & mask;
			want(base + c.off, (uint32_t)v, std::string(tag) + c.name);
			want(base + AXIPERF_UPPER_OFFSET + c.off, c64 ? (uint32_t)(v >> 32) : 0,
			     std::string(tag) + c.name + " upper");
		}
		want(base + AXIPERF_REG_ACTIVE,
		     sat ? 0xffffffffu : (uint32_t)val("active_cycles"), std::string(tag) + "ACTIVE");
		uint64_t bias = (val("wr_bias_addr_first") - val("wr_bias_data_first")) & mask;
		want(base + AXIPERF_REG_WR_BIAS, (uint32_t)bias, std::string(tag) + "WR_BIAS");
		want(base + AXIPERF_UPPER_OFFSET + AXIPERF_REG_WR_BIAS, c64 ? (uint32_t)(bias >> 32) : 0,
		     std::string(tag) + "WR_BIAS upper");
		std::map<uint32_t, uint32_t> gw;
		for (const GaugeDesc &g : gauges)
			gw[g.off] |= (uint32_t)(val(g.name) & ((1u << g.bits) - 1)) << g.lsb;
		for (const auto &kv : gw)
			want(base + kv.first, kv.second, std::string(tag) + "gauges");
	}
	want(AXIPERF_REG_WR_FIRST_LAG, 0, "WR_FIRST_LAG");
	want(AXIPERF_REG_CONTROL, e.control, "CONTROL");
	want(AXIPERF_REG_ID, AXIPERF_MAGIC, "ID");
	want(AXIPERF_REG_VERSION, (AXIPERF_MAP_MAJOR << 16) | AXIPERF_MAP_MINOR, "VERSION");
	unsigned dbl = 0;
	while ((8u << (dbl + 1)) <= p.data_width)
		dbl++;
	uint32_t config = dbl | p.id_width << 4 | (c64 ? 1u : 0) << 9 | (p.has_irq ? 1u : 0) << 10 |
			  (p.has_snapshot ? 1u : 0) << 11 | (p.id_width ? p.id_slots : 1) << 12 |
			  (p.has_latency ? 1u : 0) << 17 | (p.addr_width & 255) << 24;
	want(AXIPERF_REG_CONFIG, config, "CONFIG");
	want(AXIPERF_REG_IRQ_STATUS, e.irq_status, "IRQ_STATUS");
	want(AXIPERF_REG_IRQ_ENABLE, e.irq_enable, "IRQ_ENABLE");
	for (uint32_t off : { 0x08cu, 0x09cu })
		want(off, 0, "unused");
	for (uint32_t off = 0xbc; off < 0x100; off += 4)
		want(off, 0, "unused");

	/* the bus is quiet: a read, then a clock for its answer */
	for (const auto &r : list) {
		read(r.first, r.second.first, "", r.second.second.c_str());
		clk("");
	}
	bool irq_want = e.irq && p.has_irq;
	if (axiperf_model_irq(&h_.m) != irq_want)
		model_fails.push_back(fmt("clock %llu: model irq %d, expected %d",
					  (unsigned long long)h_.cycle, axiperf_model_irq(&h_.m), irq_want));
	if (h_.has_rtl() && h_.rtl_irq != irq_want)
		rtl_fails.push_back(fmt("clock %llu: RTL irq %d, expected %d",
					(unsigned long long)h_.cycle, h_.rtl_irq, irq_want));
}
