// SPDX-License-Identifier: GPL-2.0 OR MIT
// bench replay: how much faster the C model replays a recorded trace of the
// monitored link than Verilator simulates the RTL on the same trace.
// The random traffic is recorded once into memory; then the model alone
// and the Verilated RTL alone are timed over that same recording.
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <vector>

extern "C" {
#include "axiperf/regs.h"
}

#include "harness.h"
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

int run_bench(Tap &tap, uint64_t seed, uint64_t clocks)
{
	const axiperf_params p = build_params();
	AxiTraffic traffic(p.data_width, p.id_width, seed);
	std::vector<axiperf_link> rec(clocks);

	for (uint64_t i = 0; i < clocks; i++)
		traffic.step(rec[i]);

	/* the model: start it, then replay the recording as often as it takes
	 * to run for a second at least */
	axiperf_model m;
	axiperf_axil_write start{ AXIPERF_REG_CONTROL, 1, 0xf };
	axiperf_link quiet{};
	axiperf_model_init(&m, &p);
	axiperf_model_clock(&m, &quiet, &start);
	axiperf_model_clock(&m, &quiet, nullptr);
	uint64_t model_clocks = 0;
	uint64_t first_pass_active = 0, first_pass_beats = 0;
	double t0 = now_s(), t1;
	do {
		for (uint64_t i = 0; i < clocks; i++)
			axiperf_model_clock(&m, &rec[i], nullptr);
		if (!model_clocks) {
			first_pass_active = axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES);
			first_pass_beats = axiperf_model_event(&m, AXIPERF_EV_RD_BEATS);
		}
		model_clocks += clocks;
		t1 = now_s();
	} while (t1 - t0 < 1.0);
	double model_rate = (double)model_clocks / (t1 - t0);

	/* Verilator: the same start, the same recording, once */
	Harness h(true);
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
	for (uint64_t i = 0; i < clocks; i++) {
		rtl->drive(rec[i], idle_in, false);
		rtl->edge();
	}
	double v1 = now_s();
	double rtl_rate = (double)clocks / (v1 - v0);

	/* the two ran the same trace: read two counters back from the RTL */
	uint32_t rtl_active = 0, rtl_beats = 0;
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
	bool same = rtl_active == (uint32_t)first_pass_active &&
		    rtl_beats == (uint32_t)first_pass_beats;
	tap.result(same, "replay %s: model and Verilator count the same trace "
		   "(active_cycles %" PRIu64 ", rd_beats %" PRIu64 ")",
		   build_set_name(), first_pass_active, first_pass_beats);
	if (!same)
		tap.diag("RTL read active_cycles %u rd_beats %u", rtl_active, rtl_beats);

	printf("replay %s seed=0x%" PRIx64 ": %" PRIu64 " recorded clocks; model %.1f Mclk/s "
	       "(%" PRIu64 " clocks in %.2f s CPU), Verilator %.2f Mclk/s (%.2f s CPU): ratio %.1fx "
	       "(goal >= 50x)\n",
	       build_set_name(), seed, clocks, model_rate / 1e6, model_clocks, t1 - t0,
	       rtl_rate / 1e6, v1 - v0, model_rate / rtl_rate);
	return 0;
}
