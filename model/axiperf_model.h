/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Cycle-level C reference model of the axiperf monitor core.
 *
 * One call to axiperf_model_clock() is one rising edge of the monitor's
 * clock: it takes the monitored link's handshake wires during that clock
 * and, optionally, the AXI4-lite register write accepted on that clock.
 * axiperf_model_read() returns what an AXI4-lite read accepted on the
 * coming clock would return (the state at the start of that clock).
 * The behaviour is Documentation/monitor.rst; register offsets, events and
 * categories come from the generated include/axiperf/ headers only.
 *
 * Used by: the RTL tests (golden reference), the QEMU device model, and
 * offline replay of simulation traces. Plain C99, no allocation, no I/O.
 */
#ifndef AXIPERF_MODEL_H
#define AXIPERF_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "axiperf/regs.h"

#define AXIPERF_MODEL_MAX_SLOTS		16
#define AXIPERF_MODEL_MAX_STRB_WORDS	2	/* 1024 bits / 8 / 64 */

struct axiperf_params {
	unsigned int addr_width;	/* reported in CONFIG only */
	unsigned int data_width;	/* 32..1024, a power of two */
	unsigned int id_width;		/* 0..16 */
	unsigned int counter_width;	/* 32 or 64 */
	bool has_irq;
	bool has_snapshot;
	unsigned int id_slots;		/* 1..AXIPERF_MODEL_MAX_SLOTS */
};

/* The monitored AXI4 link during one clock (only what the monitor uses). */
struct axiperf_link {
	bool awvalid, awready;
	uint32_t awid;
	uint8_t awlen, awsize;

	bool wvalid, wready, wlast;
	uint64_t wstrb[AXIPERF_MODEL_MAX_STRB_WORDS];	/* bit i = byte lane i */

	bool bvalid, bready;

	bool arvalid, arready;
	uint32_t arid;
	uint8_t arlen, arsize;

	bool rvalid, rready, rlast;
	uint32_t rid;
};

/* An AXI4-lite write accepted on a clock. */
struct axiperf_axil_write {
	uint32_t offset;	/* byte offset in the 1 KiB window */
	uint32_t data;
	uint8_t strb;		/* 4 bits */
};

struct axiperf_model {
	struct axiperf_params p;
	uint64_t mask;		/* (1 << counter_width) - 1 */

	/* trackers */
	unsigned int aw_count, w_count, r_count;
	bool w_prog, perf_err, rd_first;
	bool slot_valid[AXIPERF_MODEL_MAX_SLOTS];
	uint32_t slot_id[AXIPERF_MODEL_MAX_SLOTS];

	/* control */
	bool start_pending, stop_pending, clear_pending, triggered;

	/* counters by generated index (AXIPERF_COUNTERS order) and gauges */
	uint64_t cnt[AXIPERF_NUM_COUNTERS];
	uint32_t gauge[AXIPERF_NUM_GAUGES];
	bool active_sat, resp_approx;

	/* snapshot copy */
	uint64_t snap_cnt[AXIPERF_NUM_COUNTERS];
	uint32_t snap_gauge[AXIPERF_NUM_GAUGES];
	bool snap_active_sat;

	/* interrupts */
	uint32_t irq_status, irq_enable;
	bool irq;

	uint64_t clocks;	/* clocks since reset, for tracing */
};

void axiperf_model_init(struct axiperf_model *m, const struct axiperf_params *p);
void axiperf_model_reset(struct axiperf_model *m);
void axiperf_model_clock(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct axiperf_axil_write *w);
uint32_t axiperf_model_read(const struct axiperf_model *m, uint32_t offset);
bool axiperf_model_irq(const struct axiperf_model *m);

/* Full-width value of an event by its perf id (counters and gauges). */
uint64_t axiperf_model_event(const struct axiperf_model *m, unsigned int id);

/* Helpers for callers: is the bus idle this clock, given these wires? */
bool axiperf_model_idle(const struct axiperf_model *m, const struct axiperf_link *l);

#endif /* AXIPERF_MODEL_H */
