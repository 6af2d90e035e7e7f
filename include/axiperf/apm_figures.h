/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/apm.toml by tools/gen/apm_gen.py; do not edit */
/* Userspace only: the APM figures of the front end, each per slot. */
#ifndef AXIPERF_APM_FIGURES_H
#define AXIPERF_APM_FIGURES_H

#include "apm.h"
#include "figures.h"

/*
 * A figure's terms are event ids: AXIPERF_APM_EV_BASE plus the metric id
 * (AXIPERF_APM_M_*); the includer sets the base to place the metrics in
 * its own numbering. Every term is a metric of the same slot.
 */
#ifndef AXIPERF_APM_EV_BASE
#define AXIPERF_APM_EV_BASE	0
#endif

static const struct axiperf_figure axiperf_apm_figures[] = {
	{
		.name = "read_bandwidth",
		.title = "Read bytes per second",
		.unit = "B/s",
		.scale = 1.0,
		.num_text = "read_bytes",
		.den_text = "seconds",
		.doc = "Read bytes requested (ARLEN, ARSIZE) on the slot per second of measurement; not bytes transferred.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_READ_BYTES } },
		.den = { { 1, AXIPERF_TERM_SECONDS } },
		.ns = 0,
	},
	{
		.name = "write_bandwidth",
		.title = "Write bytes per second",
		.unit = "B/s",
		.scale = 1.0,
		.num_text = "write_bytes",
		.den_text = "seconds",
		.doc = "Write bytes transferred (by WSTRB) on the slot per second of measurement.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_WRITE_BYTES } },
		.den = { { 1, AXIPERF_TERM_SECONDS } },
		.ns = 0,
	},
	{
		.name = "read_latency_mean",
		.title = "Mean read latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "read_latency",
		.den_text = "read_transactions",
		.doc = "Mean clocks per read transaction of the slot, from its address issued to its last data beat (the latency points at their reset values).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_READ_LATENCY } },
		.den = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_READ_TRANSACTIONS } },
		.ns = 0,
	},
	{
		.name = "write_latency_mean",
		.title = "Mean write latency",
		.unit = "cycles",
		.scale = 1.0,
		.num_text = "write_latency",
		.den_text = "write_transactions",
		.doc = "Mean clocks per write transaction of the slot, from its address issued to its last data beat (the latency points at their reset values).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_WRITE_LATENCY } },
		.den = { { 1, AXIPERF_APM_EV_BASE + AXIPERF_APM_M_WRITE_TRANSACTIONS } },
		.ns = 0,
	},
};

#define AXIPERF_APM_NUM_FIGURES	(sizeof(axiperf_apm_figures) / sizeof(axiperf_apm_figures[0]))
/* what `axiperf stat` counts on every slot when no -M names figures: bit k, figure k */
#define AXIPERF_APM_DEFAULT_FIGURES	(1U << 0 | 1U << 1)

/* the slot names of the ZynqMP's four: X(label, slots) */
#define AXIPERF_APM_SLOT_NAMES(X) \
	X(ddr, AXIPERF_APM_SLOTS_DDR) \
	X(cci, AXIPERF_APM_SLOTS_CCI) \
	X(ocm, AXIPERF_APM_SLOTS_OCM) \
	X(lpd, AXIPERF_APM_SLOTS_LPD)

#endif /* AXIPERF_APM_FIGURES_H */
