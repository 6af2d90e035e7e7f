/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/axiperf.toml by tools/gen/axiperf_gen.py; do not edit */
#ifndef AXIPERF_FIGURES_H
#define AXIPERF_FIGURES_H

#include "regs.h"	/* the table's terms are AXIPERF_EV_* */

/* A term of a figure: sign * event (AXIPERF_TERM_SECONDS: elapsed time). */
struct axiperf_term {
	int sign;
	int event;
};

#define AXIPERF_TERM_SECONDS	(-1)
/* what a figure in ns lacks when the monitor's clock rate is unknown */
#define AXIPERF_TERM_CLOCK	(-2)
#define AXIPERF_FIGURE_MAX_TERMS	8

struct axiperf_figure {
	const char *name;
	const char *title;
	const char *unit;
	double scale;
	const char *num_text;
	const char *den_text;
	const char *doc;
	int nnum, nden;
	struct axiperf_term num[AXIPERF_FIGURE_MAX_TERMS];
	struct axiperf_term den[AXIPERF_FIGURE_MAX_TERMS];
	int ns;		/* clocks shown in ns: x 1e9 / the clock rate */
};

static const struct axiperf_figure axiperf_figures[] = {
	{
		.name = "read_lag",
		.title = "Read lag",
		.unit = "cycles/burst",
		.scale = 1.0,
		.num_text = "rd_ar_stall + rd_lag",
		.den_text = "rd_bursts",
		.doc = "Address stall and lag cycles per read burst.",
		.nnum = 2, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_AR_STALL }, { 1, AXIPERF_EV_RD_LAG } },
		.den = { { 1, AXIPERF_EV_RD_BURSTS } },
		.ns = 0,
	},
	{
		.name = "read_latency",
		.title = "Read latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "rd_first_lag",
		.den_text = "rd_ar_cycles",
		.doc = "Clocks from a read request on an idle read link to its first RVALID: bursts behind others are not counted (see read_transaction_latency).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_FIRST_LAG } },
		.den = { { 1, AXIPERF_EV_RD_AR_CYCLES } },
		.ns = 0,
	},
	{
		.name = "read_efficiency",
		.title = "Read efficiency",
		.unit = "%",
		.scale = 100.0,
		.num_text = "rd_beats",
		.den_text = "rd_ar_cycles + rd_ar_stall + rd_lag + rd_beats + rd_r_stall + rd_slow_link",
		.doc = "Beats per busy read clock.",
		.nnum = 1, .nden = 6,
		.num = { { 1, AXIPERF_EV_RD_BEATS } },
		.den = { { 1, AXIPERF_EV_RD_AR_CYCLES }, { 1, AXIPERF_EV_RD_AR_STALL }, { 1, AXIPERF_EV_RD_LAG }, { 1, AXIPERF_EV_RD_BEATS }, { 1, AXIPERF_EV_RD_R_STALL }, { 1, AXIPERF_EV_RD_SLOW_LINK } },
		.ns = 0,
	},
	{
		.name = "read_throughput",
		.title = "Read throughput",
		.unit = "%",
		.scale = 100.0,
		.num_text = "rd_beats",
		.den_text = "rd_slow_link + rd_r_stall + rd_beats",
		.doc = "Beats per clock once bursts respond.",
		.nnum = 1, .nden = 3,
		.num = { { 1, AXIPERF_EV_RD_BEATS } },
		.den = { { 1, AXIPERF_EV_RD_SLOW_LINK }, { 1, AXIPERF_EV_RD_R_STALL }, { 1, AXIPERF_EV_RD_BEATS } },
		.ns = 0,
	},
	{
		.name = "write_latency",
		.title = "Write latency",
		.unit = "cycles/burst",
		.scale = 1.0,
		.num_text = "wr_aw_early + wr_addr_stall + wr_data_lag + wr_addr_lag + wr_early_stall + wr_b_lag + wr_b_stall",
		.den_text = "wr_bursts",
		.doc = "Latency cycles per write burst (early data stalls, not early beats).",
		.nnum = 7, .nden = 1,
		.num = { { 1, AXIPERF_EV_WR_AW_EARLY }, { 1, AXIPERF_EV_WR_ADDR_STALL }, { 1, AXIPERF_EV_WR_DATA_LAG }, { 1, AXIPERF_EV_WR_ADDR_LAG }, { 1, AXIPERF_EV_WR_EARLY_STALL }, { 1, AXIPERF_EV_WR_B_LAG }, { 1, AXIPERF_EV_WR_B_STALL } },
		.den = { { 1, AXIPERF_EV_WR_BURSTS } },
		.ns = 0,
	},
	{
		.name = "write_efficiency",
		.title = "Write efficiency",
		.unit = "%",
		.scale = 100.0,
		.num_text = "wr_beats",
		.den_text = "active_cycles - wr_b_end - wr_idle",
		.doc = "Beats per busy write clock.",
		.nnum = 1, .nden = 3,
		.num = { { 1, AXIPERF_EV_WR_BEATS } },
		.den = { { 1, AXIPERF_EV_ACTIVE_CYCLES }, { -1, AXIPERF_EV_WR_B_END }, { -1, AXIPERF_EV_WR_IDLE } },
		.ns = 0,
	},
	{
		.name = "write_throughput",
		.title = "Write throughput",
		.unit = "%",
		.scale = 100.0,
		.num_text = "wr_beats",
		.den_text = "wr_beats + wr_slow_data + wr_stall",
		.doc = "Beats per clock once data flows.",
		.nnum = 1, .nden = 3,
		.num = { { 1, AXIPERF_EV_WR_BEATS } },
		.den = { { 1, AXIPERF_EV_WR_BEATS }, { 1, AXIPERF_EV_WR_SLOW_DATA }, { 1, AXIPERF_EV_WR_STALL } },
		.ns = 0,
	},
	{
		.name = "write_bias",
		.title = "Write bias",
		.unit = "cycles/burst",
		.scale = 1.0,
		.num_text = "wr_bias_addr_first - wr_bias_data_first",
		.den_text = "wr_bursts",
		.doc = "Positive: addresses lead their data; negative: data leads.",
		.nnum = 2, .nden = 1,
		.num = { { 1, AXIPERF_EV_WR_BIAS_ADDR_FIRST }, { -1, AXIPERF_EV_WR_BIAS_DATA_FIRST } },
		.den = { { 1, AXIPERF_EV_WR_BURSTS } },
		.ns = 0,
	},
	{
		.name = "read_transaction_latency",
		.title = "Read transaction latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "rd_inflight",
		.den_text = "rd_bursts",
		.doc = "Mean clocks per read burst from its AR handshake to its RLAST handshake, pipelined and interleaved bursts included.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_INFLIGHT } },
		.den = { { 1, AXIPERF_EV_RD_BURSTS } },
		.ns = 0,
	},
	{
		.name = "read_first_data_latency",
		.title = "Read first-data latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "rd_waiting",
		.den_text = "rd_bursts",
		.doc = "Mean clocks per read burst from its AR handshake to its first RVALID, pipelined bursts included.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_WAITING } },
		.den = { { 1, AXIPERF_EV_RD_BURSTS } },
		.ns = 0,
	},
	{
		.name = "write_transaction_latency",
		.title = "Write transaction latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "wr_inflight",
		.den_text = "wr_bursts",
		.doc = "Mean clocks per write burst from its AW handshake (or first WVALID, if earlier) to its B handshake.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_WR_INFLIGHT } },
		.den = { { 1, AXIPERF_EV_WR_BURSTS } },
		.ns = 0,
	},
	{
		.name = "read_transaction_latency_ns",
		.title = "Read transaction latency, ns",
		.unit = "ns",
		.scale = 1.0,
		.num_text = "rd_inflight",
		.den_text = "rd_bursts",
		.doc = "read_transaction_latency in ns at the monitor's clock.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_INFLIGHT } },
		.den = { { 1, AXIPERF_EV_RD_BURSTS } },
		.ns = 1,
	},
	{
		.name = "read_first_data_latency_ns",
		.title = "Read first-data latency, ns",
		.unit = "ns",
		.scale = 1.0,
		.num_text = "rd_waiting",
		.den_text = "rd_bursts",
		.doc = "read_first_data_latency in ns at the monitor's clock.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_WAITING } },
		.den = { { 1, AXIPERF_EV_RD_BURSTS } },
		.ns = 1,
	},
	{
		.name = "write_transaction_latency_ns",
		.title = "Write transaction latency, ns",
		.unit = "ns",
		.scale = 1.0,
		.num_text = "wr_inflight",
		.den_text = "wr_bursts",
		.doc = "write_transaction_latency in ns at the monitor's clock.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_WR_INFLIGHT } },
		.den = { { 1, AXIPERF_EV_WR_BURSTS } },
		.ns = 1,
	},
	{
		.name = "read_bandwidth",
		.title = "Read bytes per second",
		.unit = "B/s",
		.scale = 1.0,
		.num_text = "rd_bytes",
		.den_text = "seconds",
		.doc = "Read bytes requested (ARLEN, ARSIZE) per second of measurement; not bytes transferred.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_RD_BYTES } },
		.den = { { 1, AXIPERF_TERM_SECONDS } },
		.ns = 0,
	},
	{
		.name = "write_bandwidth",
		.title = "Write bytes per second",
		.unit = "B/s",
		.scale = 1.0,
		.num_text = "wr_w_bytes",
		.den_text = "seconds",
		.doc = "Write bytes transferred (by WSTRB) per second of measurement.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_EV_WR_W_BYTES } },
		.den = { { 1, AXIPERF_TERM_SECONDS } },
		.ns = 0,
	},
};

#define AXIPERF_NUM_FIGURES	(sizeof(axiperf_figures) / sizeof(axiperf_figures[0]))

/* Event names by id (NULL where no event has that id). */
static const char *const axiperf_event_name[39] = {
	[0] = "active_cycles",
	[1] = "wr_idle",
	[2] = "wr_bursts",
	[3] = "wr_beats",
	[4] = "wr_aw_bytes",
	[5] = "wr_w_bytes",
	[6] = "wr_slow_data",
	[7] = "wr_stall",
	[8] = "wr_addr_lag",
	[9] = "wr_data_lag",
	[10] = "wr_aw_early",
	[11] = "wr_early_beat",
	[12] = "wr_addr_stall",
	[13] = "wr_early_stall",
	[14] = "wr_b_lag",
	[15] = "wr_b_stall",
	[16] = "wr_b_end",
	[17] = "rd_idle",
	[18] = "rd_bursts",
	[19] = "rd_beats",
	[20] = "rd_bytes",
	[21] = "rd_ar_cycles",
	[22] = "rd_ar_stall",
	[23] = "rd_r_stall",
	[24] = "rd_lag",
	[25] = "rd_slow_link",
	[26] = "rd_first_lag",
	[27] = "wr_bias_addr_first",
	[28] = "wr_bias_data_first",
	[29] = "rd_inflight",
	[30] = "rd_waiting",
	[31] = "wr_inflight",
	[32] = "rd_max_burst_size",
	[33] = "wr_max_burst_size",
	[34] = "rd_max_outstanding",
	[35] = "wr_max_outstanding",
	[36] = "rd_max_responding",
	[37] = "wr_max_aw_outstanding",
	[38] = "wr_max_w_outstanding",
};

#endif /* AXIPERF_FIGURES_H */
