/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Cycle-level C reference model of the axiperf monitor core.
 *
 * One call to axiperf_model_clock() is one rising edge of the monitor's
 * clock: it takes the monitored link's handshake wires during that clock
 * and, optionally, the AXI4-lite register write accepted on that clock.
 * axiperf_model_clock_ref() is the same clock as model/axiperf_model.c
 * states it, the reference every other path must equal; the others
 * (axiperf_model_clock() without a write, _hold(), _run(), _replay())
 * are its fast paths, in files of their own.
 * axiperf_model_read() returns what an AXI4-lite read accepted on the
 * coming clock would return (the state at the start of that clock);
 * axiperf_model_read_at() also takes that clock's wires, for the one bit
 * that depends on them (CONTROL.idle). Call it before clocking that clock.
 * The behaviour is Documentation/monitor.rst; register offsets, events and
 * categories come from the generated include/axiperf/ headers only.
 *
 * Used by: the RTL tests (golden reference), the QEMU device model, and
 * offline replay of simulation traces. Plain C99, no allocation, no I/O.
 */
#ifndef AXIPERF_MODEL_H
#define AXIPERF_MODEL_H

#include <stdbool.h>
#include <stddef.h>
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
	bool has_latency;		/* the in-flight sums (map 1.1) */
};

/*
 * The monitored AXI4 link during one clock (only what the monitor uses).
 * The twelve handshake wires come first and in this order: the model
 * reads them as one word (fill the fields by name).
 */
struct axiperf_link {
	bool wvalid, wready, awvalid, awready, bvalid, bready, wlast, rlast;
	bool rvalid, rready, arvalid, arready;
	uint8_t awlen, awsize, arlen, arsize;
	uint32_t awid, arid, rid;
	uint64_t wstrb[AXIPERF_MODEL_MAX_STRB_WORDS];	/* bit i = byte lane i */
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
	/*
	 * The link's reset input is low (CONTROL.link_reset): an input, as the
	 * wires are, set by axiperf_model_link_drop() and cleared by
	 * axiperf_model_link_up(); counting does not depend on it.
	 */
	bool link_rst;

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

	/*
	 * Added by the model: derived once from the parameters at init, or
	 * kept in step with the fields above. Read them only through the
	 * functions below.
	 */
	uint32_t slot_mask;	/* bit i set <=> slot_valid[i] */
	unsigned int responding;	/* valid slots */
	uint32_t slots_all;	/* one bit per usable slot */
	uint32_t id_mask;	/* ID_WIDTH bits of an ID */
	uint64_t lat_mask;	/* all ones with has_latency, else 0: the in-flight steps */
	uint64_t top;		/* top bit of a counter */
	uint64_t strb_mask[AXIPERF_MODEL_MAX_STRB_WORDS];	/* byte lanes */
	/*
	 * The categories as tables, built at init from the generated
	 * category functions (tests/model checks every input): the read one
	 * indexed by the read wires and trackers, the write one (with the
	 * bias) by the write ones; see rd_key() and wr_key() in the model.
	 */
	uint8_t rd_lut[64];		/* counter index of the read category */
	struct axiperf_model_wr_step {
		uint8_t cnt[3];		/* counters stepped: category, also, bias */
		uint8_t inc[3];		/* by 0 or 1 */
	} wr_lut[512];
};

void axiperf_model_init(struct axiperf_model *m, const struct axiperf_params *p);
void axiperf_model_reset(struct axiperf_model *m);
void axiperf_model_clock(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct axiperf_axil_write *w);
/* axiperf_model_clock() by the reference itself, whether or not w is NULL. */
void axiperf_model_clock_ref(struct axiperf_model *m, const struct axiperf_link *l,
			     const struct axiperf_axil_write *w);
/*
 * One clock with the monitored link in reset (its ARESETn low, the RTL's
 * mon_axi_aresetn): whatever the wires, an idle clock in both categories,
 * and every transaction in flight ends with it (the trackers restart);
 * counters, gauges, control and interrupts go on as on any idle clock.
 * w as for axiperf_model_clock(). Several clocks in reset: this one, then
 * idle clocks (axiperf_model_hold() with no wire set) are the same.
 * It is axiperf_model_link_drop() and then a clock with no wire set: a
 * register read accepted on a clock in link reset is
 * axiperf_model_read_at() between the two.
 */
void axiperf_model_link_reset(struct axiperf_model *m, const struct axiperf_axil_write *w);
/* Ends every transaction in flight, with no clock, and the link's reset
 * reads low (CONTROL.link_reset) until axiperf_model_link_up(): see above. */
void axiperf_model_link_drop(struct axiperf_model *m);
/* The link's reset input goes high again: CONTROL.link_reset reads 0. */
void axiperf_model_link_up(struct axiperf_model *m);
uint32_t axiperf_model_read(const struct axiperf_model *m, uint32_t offset);
bool axiperf_model_irq(const struct axiperf_model *m);

/* Full-width value of an event by its perf id (counters and gauges). */
uint64_t axiperf_model_event(const struct axiperf_model *m, unsigned int id);

/* Helpers for callers: is the bus idle this clock, given these wires? */
bool axiperf_model_idle(const struct axiperf_model *m, const struct axiperf_link *l);

/* Clock n links, with no register write (replay, QEMU catch-up). */
void axiperf_model_run(struct axiperf_model *m, const struct axiperf_link *l,
		       unsigned long n);

/* A run of n clocks that all have the wires l: a trace read by its change times. */
struct axiperf_run {
	struct axiperf_link l;
	uint64_t n;
};

/*
 * The runs from r in turn, with no register write: the same end state as
 * axiperf_model_hold() on each. Short runs are counted in batches (the
 * interrupt causes raised in a batch are the same, but the model does not
 * say on which of its clocks they rose); a run of thousands of clocks is
 * held.
 */
void axiperf_model_replay(struct axiperf_model *m, const struct axiperf_run *r, size_t count);

/*
 * Clock n clocks that all have the wires l, with no register write: the
 * same end state as n calls of axiperf_model_clock_ref(m, l, NULL), in time
 * independent of n. Single clocks run until the state other than the
 * counters stops changing (at most a few hundred: a tracker that moves
 * every clock reaches its end), then the counters advance by n times
 * their step at once, except at the clock where a counter crosses half
 * its range (the interrupt cause), which is clocked on its own.
 */
void axiperf_model_hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n);

/*
 * axiperf_model_hold() that stops after the clock on which the interrupt
 * line rises; returns the clocks run (n when it does not rise). On a copy
 * of the model it tells how far away the next interrupt is, e.g. to set a
 * timer: the line rises after the returned clock when the copy's
 * axiperf_model_irq() is true.
 */
uint64_t axiperf_model_hold_until_irq(struct axiperf_model *m, const struct axiperf_link *l,
				      uint64_t n);

/*
 * The categories this clock would count in (enum axiperf_rd_cat,
 * enum axiperf_wr_cat) and its write bias (+1, -1, 0), whether or not
 * the monitor is triggered: for traces and test benches.
 */
void axiperf_model_classify(const struct axiperf_model *m, const struct axiperf_link *l,
			    int *rd_cat, int *wr_cat, int *bias);

/*
 * Rebuild what the model derives from its other fields (the fields
 * after 'clocks', from p and slot_valid): call it after restoring a
 * saved state field by field, e.g. on QEMU migration.
 */
void axiperf_model_refresh(struct axiperf_model *m);

/* The parameter defaults of Documentation/monitor.rst. */
void axiperf_params_default(struct axiperf_params *p);

/*
 * NULL when the parameters are buildable, else what is wrong with them.
 * axiperf_model_init() clamps out-of-range values; check first.
 */
const char *axiperf_model_params_error(const struct axiperf_params *p);

/*
 * axiperf_model_read() with the wires of the clock the read is accepted
 * on: only CONTROL.idle depends on them ("the bus is idle this clock").
 * axiperf_model_read() evaluates that bit as if no VALID were raised, so
 * compare CONTROL against the RTL with this one. l may be NULL.
 */
uint32_t axiperf_model_read_at(const struct axiperf_model *m, uint32_t offset,
			       const struct axiperf_link *l);

#endif /* AXIPERF_MODEL_H */
