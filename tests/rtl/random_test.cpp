// SPDX-License-Identifier: GPL-2.0 OR MIT
// rtl-random: random AXI4 traffic on the link, random control and reads on
// AXI4-lite; every read the RTL answers is compared with the model's value
// on the clock the RTL took the read, and irq on every clock.
#include "tests.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <vector>

extern "C" {
#include "axiperf/regs.h"
#include "axiperf/categories.h"
}

#include "axi4_check.h"
#include "harness.h"
#include "rng.h"
#include "traffic.h"

namespace {

/* Offsets worth reading: every defined word in all four windows. */
std::vector<uint32_t> defined_offsets()
{
	static const uint32_t regs[] = {
		AXIPERF_REG_ACTIVE, 0x004, AXIPERF_REG_WR_BIAS, AXIPERF_REG_WR_FIRST_LAG,
		0x054, 0x0ac, AXIPERF_REG_CONTROL, AXIPERF_REG_ID, AXIPERF_REG_VERSION,
		AXIPERF_REG_CONFIG, AXIPERF_REG_SNAPSHOT, AXIPERF_REG_IRQ_STATUS,
		AXIPERF_REG_IRQ_ENABLE,
#define X(name, id, off, legacy, unit, pb, c) off,
		AXIPERF_COUNTERS(X)
#undef X
	};
	std::vector<uint32_t> v;
	for (uint32_t win = 0; win < 0x400; win += 0x100)
		for (uint32_t r : regs)
			v.push_back(win + r);
	return v;
}

struct Mismatch {
	uint64_t clock;
	uint32_t off, rtl, model;
};

struct ReadInFlight {
	uint32_t off, expect;
	uint64_t clock;
};

/* The counters, gauges, interrupt state and trackers of two models are equal. */
bool same_state(const axiperf_model &a, const axiperf_model &b)
{
	if (memcmp(a.cnt, b.cnt, sizeof(a.cnt)) || memcmp(a.gauge, b.gauge, sizeof(a.gauge)) ||
	    memcmp(a.slot_valid, b.slot_valid, sizeof(a.slot_valid)))
		return false;
	for (unsigned i = 0; i < AXIPERF_MODEL_MAX_SLOTS; i++)
		if (a.slot_valid[i] && a.slot_id[i] != b.slot_id[i])
			return false;
	return a.irq_status == b.irq_status && a.irq == b.irq && a.aw_count == b.aw_count &&
	       a.w_count == b.w_count && a.r_count == b.r_count && a.slot_mask == b.slot_mask &&
	       a.responding == b.responding && a.w_prog == b.w_prog && a.rd_first == b.rd_first &&
	       a.triggered == b.triggered && a.clocks == b.clocks && a.active_sat == b.active_sat &&
	       a.perf_err == b.perf_err && a.resp_approx == b.resp_approx;
}

} // namespace

int run_random(Tap &tap, uint64_t seed, uint64_t clocks)
{
	Harness h(true);
	const axiperf_params &p = h.p;
	AxiTraffic traffic(p.data_width, p.id_width, seed);
	Rng r(seed * 0x9e3779b97f4a7c15ULL + 1);
	std::vector<uint32_t> offs = defined_offsets();
	Axi4Check axi4(p.data_width);
	const char *set = build_set_name();

	h.reset(3);

	std::deque<uint32_t> reads;		/* to issue, in order */
	std::deque<ReadInFlight> flight;	/* taken by the RTL, answer due */
	std::vector<Mismatch> bad;
	uint64_t n_reads = 0, n_bad = 0, n_irq = 0, n_irq_bad = 0, first_irq_bad = 0;
	uint64_t sweeps = 0, starts = 0, stops = 0, clears = 0, snapshots = 0;
	uint64_t rd_cov[AXIPERF_RD_NUM_CATS] = {0}, wr_cov[AXIPERF_WR_NUM_CATS] = {0};
	uint64_t irq_high = 0, approx_clocks = 0, triggered_clocks = 0;
	uint64_t wprog_only = 0, wprog_only_pending = 0;
	bool write_pending = false;
	bool sweep_wanted = false;
	unsigned link_rst_left = 0;
	uint64_t link_rst_clocks = 0, link_rst_flight = 0, link_rst_bad = 0;

	/*
	 * The same clocks run both ways: h.m is the reference, stepped clock
	 * by clock (and compared with the RTL), held is given each run of clocks with the
	 * same wires and no register access at once (axiperf_model_hold) and
	 * must equal h.m at the end of every run.
	 */
	static axiperf_model held;
	axiperf_link run_l{};
	uint64_t run_n = 0, runs = 0, long_runs = 0, longest = 0, held_bad = 0;
	uint64_t first_held_bad = 0;
	held = h.m;
	/*
	 * And a third way: the runs are gathered and handed over in batches
	 * (axiperf_model_replay, as axiperf-replay does), of 1 to 2000 runs,
	 * ended early by a register access; replayed must equal h.m after
	 * every batch.
	 */
	static axiperf_model replayed;
	static const size_t batch_sizes[] = { 1, 7, 64, 500, 2000 };
	std::vector<axiperf_run> batch;
	uint64_t batches = 0, replay_bad = 0, first_replay_bad = 0;
	replayed = h.m;

	for (uint64_t c = 0; c < clocks; c++) {
		AxilIn &in = h.axil;

		/* ---- AXI4-lite master ---- */
		if (!write_pending && r.below(700) == 0) {
			uint32_t k = r.below(100);
			write_pending = true;
			in.wstrb = r.permille(900) ? 0xf : (uint8_t)r.below(16);
			if (k < 55) {
				static const uint32_t ctl[] = { 1, 1, 1, 1, 0, 0, 0, 2, 3, 3 };
				in.awaddr = AXIPERF_REG_CONTROL;
				in.wdata = ctl[r.below(10)] | (r.permille(100) ? (uint32_t)r.next() & ~3u : 0);
			} else if (k < 70) {
				in.awaddr = AXIPERF_REG_SNAPSHOT;
				in.wdata = r.permille(800) ? 1 : (uint32_t)r.next();
			} else if (k < 80) {
				in.awaddr = AXIPERF_REG_IRQ_ENABLE;
				in.wdata = r.permille(500) ? 0xf : (uint32_t)r.next();
			} else if (k < 92) {
				in.awaddr = AXIPERF_REG_IRQ_STATUS;
				in.wdata = r.permille(500) ? 0xf : (uint32_t)r.next();
			} else {
				/* read-only and unused words ignore writes */
				in.awaddr = r.below(256) * 4;
				in.wdata = (uint32_t)r.next();
			}
			if (r.permille(50))
				in.awaddr |= r.below(4);	/* unaligned: low bits ignored */
			in.awvalid = in.wvalid = false;
		}
		if (write_pending) {
			/* address and data raised independently, held until taken */
			if (!in.awvalid && r.permille(500))
				in.awvalid = true;
			if (!in.wvalid && r.permille(500))
				in.wvalid = true;
		}
		in.bready = r.permille(700);

		if (sweep_wanted && reads.empty()) {
			for (uint32_t o = 0; o < 0x400; o += 4)
				reads.push_back(o);
			sweep_wanted = false;
			sweeps++;
		}
		if (reads.empty() && r.permille(150))
			reads.push_back(r.permille(800) ? offs[r.below((uint32_t)offs.size())]
							: r.below(1024));
		if (!in.arvalid && !reads.empty() && r.permille(700)) {
			in.arvalid = true;
			in.araddr = reads.front();
		}
		in.rready = r.permille(700);

		/* ---- the link ---- */
		axiperf_link l;
		/*
		 * Now and then the link is reset for 1 to 16 clocks, in the
		 * middle of whatever is in flight: its wires carry noise the
		 * monitor must ignore, and master, slave and checker start
		 * again after it.
		 */
		if (!link_rst_left && r.below(25000) == 0)
			link_rst_left = 1 + r.below(16);
		bool link_rst = link_rst_left != 0;
		if (link_rst) {
			link_rst_left--;
			link_rst_clocks++;
			link_rst_flight += h.m.aw_count || h.m.w_count || h.m.r_count ||
					   h.m.w_prog || h.m.rd_first;
			traffic.link_reset();
			axi4.link_reset();
			uint64_t noise = r.next();
			memset(&l, 0, sizeof(l));
			l.awvalid = noise & 1; l.awready = noise & 2;
			l.wvalid = noise & 4; l.wready = noise & 8; l.wlast = noise & 16;
			l.bvalid = noise & 32; l.bready = noise & 64;
			l.arvalid = noise & 128; l.arready = noise & 256;
			l.rvalid = noise & 512; l.rready = noise & 1024; l.rlast = noise & 2048;
			l.awlen = (uint8_t)(noise >> 16); l.arlen = (uint8_t)(noise >> 24);
			l.awsize = l.arsize = 0;
			l.wstrb[0] = noise >> 32;
			l.rid = l.arid = l.awid = (uint32_t)(noise >> 40) & 15;
		} else {
			traffic.step(l);
			axi4.clock(l, c);
		}

		/* coverage of the clock about to be counted, from the model's state
		 * (a clock in link reset counts idle whatever its noise says) */
		if (h.m.triggered && !link_rst) {
			axiperf_cat_in ci{};
			ci.awvalid = l.awvalid; ci.awready = l.awready;
			ci.wvalid = l.wvalid; ci.wready = l.wready;
			ci.bvalid = l.bvalid; ci.bready = l.bready;
			ci.arvalid = l.arvalid; ci.arready = l.arready;
			ci.rvalid = l.rvalid; ci.rready = l.rready;
			ci.aw_out = h.m.aw_count; ci.w_out = h.m.w_count;
			ci.w_prog = h.m.w_prog; ci.r_out = h.m.r_count;
			for (unsigned i = 0; i < AXIPERF_MODEL_MAX_SLOTS; i++)
				ci.r_fly = ci.r_fly || h.m.slot_valid[i];
			rd_cov[axiperf_rd_category(&ci)]++;
			wr_cov[axiperf_wr_category(&ci)]++;
			triggered_clocks++;
		}
		bool was_triggered = h.m.triggered, was_clear = h.m.clear_pending;
		/* a begun W burst alone keeps the bus busy (the article missed it) */
		if (!link_rst && h.m.w_prog && !h.m.aw_count && !h.m.w_count && !h.m.r_count &&
		    !l.awvalid && !l.wvalid && !l.arvalid && !h.m.perf_err) {
			wprog_only++;
			wprog_only_pending += h.m.start_pending || h.m.stop_pending || h.m.clear_pending;
		}
		bool idle = link_rst || axiperf_model_idle(&h.m, &l);

		/* a register access (or its chance) ends the run: both step it;
		 * so does a clock in link reset (axiperf_model_link_reset) */
		bool plain = !in.awvalid && !in.wvalid && !in.arvalid && !link_rst;
		if (run_n && (!plain || memcmp(&run_l, &l, sizeof(l)))) {
			axiperf_model_hold(&held, &run_l, run_n);
			batch.push_back({ run_l, run_n });
			if (!plain || batch.size() >= batch_sizes[batches % 5]) {
				axiperf_model_replay(&replayed, batch.data(), batch.size());
				batch.clear();
				batches++;
				if (!same_state(replayed, h.m)) {
					if (!replay_bad)
						first_replay_bad = c;
					replay_bad++;
					replayed = h.m;
				}
			}
			runs++;
			long_runs += run_n >= 8;
			longest = run_n > longest ? run_n : longest;
			run_n = 0;
			if (!same_state(held, h.m)) {
				if (!held_bad)
					first_held_bad = c;
				held_bad++;
				held = h.m;	/* go on from the stepped state */
			}
		}
		if (plain) {
			run_l = l;
			run_n++;
		}

		if (link_rst) {
			/* axiperf_model_link_reset() on a copy must agree */
			static axiperf_model chk;
			chk = h.m;
			h.clock_link_reset(l);
			axiperf_axil_write w{ in.awaddr, in.wdata, in.wstrb };
			axiperf_model_link_reset(&chk, h.rtl_out.w_acc ? &w : nullptr);
			if (!same_state(chk, h.m))
				link_rst_bad++;
		} else {
			h.clock(l);
		}
		if (!plain)
			held = replayed = h.m;	/* a clock with a register access is stepped */

		/* ---- what happened ---- */
		if (h.rtl_out.w_acc) {
			write_pending = false;
			/* read back what was written, soon: catches a write that
			 * lands wrong before later clocks cover it up */
			if (r.permille(700))
				reads.push_front(in.awaddr);
			in.awvalid = in.wvalid = false;
			if ((in.awaddr & 0x3fc) == AXIPERF_REG_SNAPSHOT && (in.wstrb & 1) && (in.wdata & 1))
				snapshots++;
		}
		if (h.rtl_out.r_acc) {
			flight.push_back({ in.araddr, h.model_read_value, c });
			reads.pop_front();
			in.arvalid = false;
		}
		if (h.rtl_out.r_done) {
			n_reads++;
			if (flight.empty()) {
				n_bad++;
			} else {
				ReadInFlight f = flight.front();
				flight.pop_front();
				if (h.rtl_out.rdata != f.expect) {
					n_bad++;
					if (bad.size() < 12)
						bad.push_back({ f.clock, f.off, h.rtl_out.rdata, f.expect });
				}
			}
		}
		n_irq++;
		if (h.rtl_irq != axiperf_model_irq(&h.m)) {
			if (!n_irq_bad)
				first_irq_bad = c;
			n_irq_bad++;
		}
		irq_high += h.rtl_irq;
		approx_clocks += h.m.resp_approx;
		if (!was_triggered && h.m.triggered)
			starts++;
		if (was_triggered && !h.m.triggered) {
			stops++;
			sweep_wanted = true;
		}
		if (idle && was_clear)
			clears++;
	}

	char what[320];
	snprintf(what, sizeof(what),
		 "rtl-random %s seed=0x%" PRIx64 ": %" PRIu64 " clocks, %" PRIu64
		 " register reads (%" PRIu64 " full-map sweeps after stops) equal the model",
		 set, seed, clocks, n_reads, sweeps);
	for (const Mismatch &b : bad)
		tap.diag("clock %" PRIu64 ": read 0x%03x: RTL 0x%08x, model 0x%08x",
			 b.clock, b.off, b.rtl, b.model);
	tap.result(n_bad == 0 && n_reads > clocks / 20, "%s%s", what,
		   n_bad ? " - MISMATCHES" : "");
	if (n_bad)
		tap.diag("%" PRIu64 " of %" PRIu64 " reads differ", n_bad, n_reads);

	if (n_irq_bad)
		tap.diag("irq differs on %" PRIu64 " clocks, first at clock %" PRIu64,
			 n_irq_bad, first_irq_bad);
	tap.result(n_irq_bad == 0, "rtl-random %s: irq equals the model on all %" PRIu64
		   " clocks (high on %" PRIu64 ")", set, n_irq, irq_high);

	if (held_bad)
		tap.diag("held model differs after %" PRIu64 " runs, first at clock %" PRIu64,
			 held_bad, first_held_bad);
	tap.result(held_bad == 0 && long_runs > 1000,
		   "rtl-random %s: the same clocks held run by run (axiperf_model_hold) equal the"
		   " reference, stepped clock by clock, after each of %" PRIu64 " runs (%" PRIu64
		   " of 8 clocks or more, longest %" PRIu64 ")", set, runs, long_runs, longest);

	if (replay_bad)
		tap.diag("replayed model differs after %" PRIu64 " batches, first at clock %" PRIu64,
			 replay_bad, first_replay_bad);
	tap.result(replay_bad == 0 && batches > 1000,
		   "rtl-random %s: the same runs replayed in batches (axiperf_model_replay) equal the"
		   " reference, stepped clock by clock, after each of %" PRIu64 " batches", set, batches);

	if (axi4.violations)
		tap.diag("%s", axi4.first.c_str());
	tap.result(axi4.violations == 0 && axi4.aw_ > 1000 && axi4.r_beats_ > 10000,
		   "rtl-random %s: the link traffic keeps the AXI4 rules (%" PRIu64 " write bursts, %" PRIu64
		   " read beats)", set, axi4.aw_, axi4.r_beats_);

	tap.result(link_rst_bad == 0 && link_rst_flight >= 5,
		   "rtl-random %s: %" PRIu64 " clocks in link reset (%" PRIu64 " with transactions in"
		   " flight, noise on the wires) are idle clocks that end what was in flight, in the RTL"
		   " and in axiperf_model_link_reset()%s", set, link_rst_clocks, link_rst_flight,
		   link_rst_bad ? " - MISMATCHES" : "");

	if (h.axil_violations)
		tap.diag("%s", h.axil_first_violation);
	tap.result(h.axil_violations == 0,
		   "rtl-random %s: AXI4-lite slave takes writes and reads, and answers, on the clocks monitor.rst states",
		   set);

	/* the stimulus must have reached every category and every control path */
	bool cov = starts >= 10 && stops >= 10 && clears >= 3 && snapshots >= 3;
	std::string miss;
	for (unsigned i = 0; i < AXIPERF_RD_NUM_CATS; i++)
		if (!rd_cov[i])
			cov = false, miss += std::string(" rd:") + axiperf_rd_cat_name[i];
	for (unsigned i = 0; i < AXIPERF_WR_NUM_CATS; i++)
		if (!wr_cov[i])
			cov = false, miss += std::string(" wr:") + axiperf_wr_cat_name[i];
	if (!miss.empty())
		tap.diag("categories never seen while triggered:%s", miss.c_str());
	if (!wprog_only_pending)
		cov = false, tap.diag("no control request ever waited on a bus busy only with a begun W burst");
	tap.result(cov, "rtl-random %s: traffic reached all 7 read and 15 write categories while triggered"
		   " (%" PRIu64 " triggered clocks, %" PRIu64 " starts, %" PRIu64 " stops, %" PRIu64
		   " clears, %" PRIu64 " snapshots applied; resp_approx on %" PRIu64 " clocks;"
		   " %" PRIu64 " clocks busy only with a begun W burst, %" PRIu64 " with a control waiting)",
		   set, triggered_clocks, starts, stops, clears, snapshots, approx_clocks,
		   wprog_only, wprog_only_pending);
	return 0;
}
