// SPDX-License-Identifier: GPL-2.0 OR MIT
// bench replay: how much faster the C model replays a recorded trace of the
// monitored link than Verilator simulates the RTL on the same trace.
// Each trace is recorded once into memory; then the model by links (the
// recorded links one clock each, axiperf_model_run), the model by runs of
// equal clocks (axiperf_model_replay, as axiperf-replay feeds it), both
// taken in batches by model/axiperf_model_batch.c, and the Verilated RTL
// are each timed over that same recording.
// Two traces: the random traffic of rtl-random, and one shaped like the
// article's CPU measurement (single accesses between idle stretches, the
// write channel idle on 93 % of the clocks).
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

extern "C" {
#include "axiperf/regs.h"
}

#include "harness.h"
#include "rng.h"
#include "rtl.h"
#include "tests.h"
#include "traffic.h"

/* CPU time of this process: the machine is shared, wall time is not ours */
static double now_s()
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

namespace {

/* A started model, as the RTL below is started. */
void start(axiperf_model &m, const axiperf_params &p)
{
	axiperf_axil_write go{ AXIPERF_REG_CONTROL, 1, 0xf };
	axiperf_link quiet{};

	axiperf_model_init(&m, &p);
	axiperf_model_clock(&m, &quiet, &go);
	axiperf_model_clock(&m, &quiet, nullptr);
}

/*
 * A CPU's data port on a block RAM: one single-beat access at a time, a
 * read (address, two clocks of latency, the beat) or a write (address and
 * data together, two clocks to the response, the response), separated by
 * idle stretches of 4 to 36 clocks: the write channel is then idle on
 * about 93 % of the clocks, as in the article's measurement.
 */
void cpu_trace(std::vector<axiperf_link> &rec, uint64_t clocks, uint64_t seed)
{
	Rng r(seed);
	uint64_t t = 0;

	rec.assign(clocks, axiperf_link{});
	while (t + 8 < clocks) {
		t += 4 + r.below(33);
		if (t + 8 >= clocks)
			break;
		if (r.permille(600)) {
			rec[t].arvalid = rec[t].arready = true;
			rec[t].arsize = 2;
			rec[t + 3].rvalid = rec[t + 3].rready = rec[t + 3].rlast = true;
			t += 4;
		} else {
			rec[t].awvalid = rec[t].awready = true;
			rec[t].awsize = 2;
			rec[t].wvalid = rec[t].wready = rec[t].wlast = true;
			rec[t].wstrb[0] = 0xf;
			rec[t + 3].bvalid = rec[t + 3].bready = true;
			t += 4;
		}
	}
}

/*
 * Replays the trace with step(m), one pass on a freshly started model each
 * time, until a second of CPU time has gone to the passes (the starts are
 * not timed); the first pass's active_cycles and rd_beats go to the
 * caller. A fresh model each pass: a trace that ends with bursts
 * outstanding, replayed pass after pass on one model, would raise the
 * trackers until they overflow (perf_err), and every later pass would
 * time the per-clock path that an error falls back to.
 */
template <typename Step>
double timed_model(const axiperf_params &p, uint64_t clocks, Step step, uint64_t &active,
		   uint64_t &beats)
{
	axiperf_model m;
	uint64_t done = 0;
	double spent = 0.0, t0;

	do {
		start(m, p);
		t0 = now_s();
		step(m);
		spent += now_s() - t0;
		if (!done) {
			active = axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES);
			beats = axiperf_model_event(&m, AXIPERF_EV_RD_BEATS);
		}
		done += clocks;
	} while (spent < 1.0);
	return (double)done / spent;
}

/* A recorded element's link, and the clocks it stands for. */
const axiperf_link &link_of(const axiperf_link &l) { return l; }
const axiperf_link &link_of(const axiperf_run &r) { return r.l; }
uint64_t clocks_of(const axiperf_link &) { return 1; }
uint64_t clocks_of(const axiperf_run &r) { return r.n; }

/*
 * The floor under a model pass over a recording (links or runs): loading
 * what the model reads of every element (the twelve handshake wires as
 * two words, the strobes, the read ID, the length) and nothing else, timed
 * as the model is.
 */
template <typename T>
double read_rate(const std::vector<T> &rec, uint64_t clocks)
{
	uint64_t done = 0, sum = 0;
	double t0 = now_s(), t1;

	do {
		for (const T &e : rec) {
			const axiperf_link &l = link_of(e);
			uint64_t lo;
			uint32_t hi;

			/* the wires: the low bit of each of the link's first 12 bytes */
			memcpy(&lo, &l, sizeof(lo));
			memcpy(&hi, (const unsigned char *)&l + sizeof(lo), sizeof(hi));
			sum += (lo & 0x0101010101010101ULL) + (hi & 0x01010101u) + l.wstrb[0] +
			       l.rid + clocks_of(e);
		}
		done += clocks;
		t1 = now_s();
	} while (t1 - t0 < 1.0);
	/* the sum is used, so the reads stay */
	return sum == 1 ? 0.0 : (double)done / (t1 - t0);
}

void one_trace(Tap &tap, const char *what, const axiperf_params &p,
	       const std::vector<axiperf_link> &rec)
{
	std::vector<axiperf_run> runs;
	uint64_t ca = 0, cb = 0, ra = 0, rb = 0;

	/* the runs of equal clocks: what reading a trace by its change times gives */
	for (const axiperf_link &l : rec) {
		if (!runs.empty() && !memcmp(&runs.back().l, &l, sizeof(l)))
			runs.back().n++;
		else
			runs.push_back({ l, 1 });
	}
	double links_rate = timed_model(p, rec.size(), [&](axiperf_model &m) {
		axiperf_model_run(&m, rec.data(), rec.size());
	}, ca, cb);
	double run_rate = timed_model(p, rec.size(), [&](axiperf_model &m) {
		axiperf_model_replay(&m, runs.data(), runs.size());
	}, ra, rb);
	double read_links = read_rate(rec, rec.size()), read_runs = read_rate(runs, rec.size());

	/* Verilator: the same start, the same recording, once */
	Harness h(true);
	axiperf_link quiet{};
	h.reset(2);
	h.axil.awvalid = h.axil.wvalid = true;
	h.axil.awaddr = AXIPERF_REG_CONTROL;
	h.axil.wdata = 1;
	h.clock(quiet);
	h.axil = AxilIn();
	h.clock(quiet);
	Rtl *rtl = h.rtl();
	AxilIn idle_in;
	double v0 = now_s();
	for (const axiperf_link &l : rec) {
		rtl->drive(l, idle_in, false);
		rtl->edge();
	}
	double v1 = now_s();
	double rtl_rate = (double)rec.size() / (v1 - v0);

	/* the three ran the same trace: read two counters back from the RTL */
	uint32_t rtl_active = 0, rtl_beats = 0;
	/* active_cycles and rd_beats (include/axiperf/regs.h, AXIPERF_COUNTERS) */
	for (uint32_t off : { 0x0a0u, 0x05cu }) {
		h.axil = AxilIn();
		h.axil.arvalid = true;
		h.axil.araddr = off;
		rtl->drive(quiet, h.axil, false);
		rtl->edge();
		h.axil.arvalid = false;
		rtl->drive(quiet, h.axil, false);
		(off == 0x0a0u ? rtl_active : rtl_beats) = rtl->rdata();
		rtl->edge();
	}
	/* each read samples the counters at the start of its clock */
	bool same = rtl_active == (uint32_t)ca && rtl_beats == (uint32_t)cb && ra == ca && rb == cb;
	tap.result(same, "replay %s %s: model (by links and by runs) and Verilator count the "
		   "same trace (active_cycles %" PRIu64 ", rd_beats %" PRIu64 ")",
		   build_set_name(), what, ca, cb);
	if (!same)
		tap.diag("RTL read active_cycles %u rd_beats %u; runs %" PRIu64 " %" PRIu64,
			 rtl_active, rtl_beats, ra, rb);

	printf("replay %s %s: %zu recorded clocks in %zu runs of equal clocks (mean %.1f); "
	       "Verilator %.2f Mclk/s; model by links %.1f Mclk/s = %.1fx, by runs %.1f Mclk/s = "
	       "%.1fx (model only: what a user waits for is bench-vcd, file to figures)\n",
	       build_set_name(), what, rec.size(), runs.size(), (double)rec.size() / runs.size(),
	       rtl_rate / 1e6, links_rate / 1e6, links_rate / rtl_rate, run_rate / 1e6,
	       run_rate / rtl_rate);
	printf("replay %s %s: reading the recording alone, no model: links %.1f Mclk/s = %.1fx, "
	       "runs %.1f Mclk/s = %.1fx (the floor under a model pass)\n",
	       build_set_name(), what, read_links / 1e6, read_links / rtl_rate, read_runs / 1e6,
	       read_runs / rtl_rate);
}

} // namespace

int run_bench(Tap &tap, uint64_t seed, uint64_t clocks)
{
	const axiperf_params p = build_params();
	std::vector<axiperf_link> rec(clocks);
	AxiTraffic traffic(p.data_width, p.id_width, seed);

	for (uint64_t i = 0; i < clocks; i++)
		traffic.step(rec[i]);
	one_trace(tap, "random traffic", p, rec);

	cpu_trace(rec, clocks, seed);
	axiperf_model m;
	start(m, p);
	axiperf_model_run(&m, rec.data(), rec.size());
	printf("replay %s cpu-shaped: the write channel idle on %.1f %% of the clocks (the "
	       "article's CPU: 93 %%)\n", build_set_name(),
	       100.0 * (double)axiperf_model_event(&m, AXIPERF_EV_WR_IDLE) /
	       (double)axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES));
	one_trace(tap, "cpu-shaped", p, rec);
	return 0;
}
