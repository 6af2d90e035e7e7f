/* SPDX-License-Identifier: GPL-2.0-or-later OR MIT */
/*
 * One AXI Performance Monitor (PG037, advanced mode) as the ZynqMP
 * hardens it: its register file and its counting, free of QEMU so that
 * the host tests (tests/apm/test_apm_core.c) drive it clock by clock and
 * the QEMU device (axiperf-apm.c) by runs of equal clocks. Registers,
 * bits and metric ids come from include/axiperf/apm.h (spec/apm.toml).
 *
 * Time is clocks of the APM's own clock. Each call below that takes n
 * clocks is n rising edges: on each, the watched slot sees the wires l,
 * every other slot sees an idle link (no VALID high). A clock is handled
 * in this order: the counters count it (if enabled), then the global
 * clock counter and the sample interval move.
 *
 * What the sources leave open, as this model reads it (spec/apm.toml's
 * "bed:" lines, Documentation/testbed.rst):
 *  - counting: a metric counter counts while CTL.mcntr_enable is 1 and
 *    CTL.mcntr_reset is 0; the global clock counter while gcc_enable is 1
 *    and gcc_reset 0. Writing CTL with mcntr_reset (gcc_reset) set clears
 *    the metric and sampled counters (the global clock counter), and they
 *    stay cleared while the bit stays set. The trackers of transactions
 *    in flight always run, enabled or not.
 *  - counts: transactions and read bytes at the address handshake (read
 *    bytes = (ARLEN + 1) << ARSIZE), write bytes = strobed lanes of each
 *    write beat; slave write idle = WVALID && !WREADY, master read idle =
 *    RVALID && !RREADY; BVALID = B handshakes; WLAST/RLAST = last-beat
 *    handshakes.
 *  - latency: from the start point (issue: the first clock AxVALID is
 *    high for the transaction; accept: its AxVALID && AxREADY clock) to
 *    the end point (the handshake of its first or last data beat), in
 *    clocks: end clock - start clock. Read beats belong to the oldest
 *    open read of their RID; write beats to the oldest write whose data
 *    is not complete (writes do not interleave). A write whose end point
 *    comes before its start point (data before address) has latency 0.
 *    The points are CTL's at the clock a transaction ends.
 *  - a transaction's latency is added to the total, and taken by the
 *    min/max counters, on the clock it ends (the later of its address
 *    handshake and its end point), only if the counters count then; not
 *    clock by clock while it is in flight. At most APM_CORE_MAX_READS
 *    reads and APM_CORE_MAX_WRITES writes are tracked per slot; beyond,
 *    a transaction is counted but has no latency.
 *  - the metric counters' reset (CTL.mcntr_reset, or a sample with
 *    SICR.met_cnt_rst) sets a counter whose selector is then a minimum to
 *    0xffffffff and every other to 0; a counter keeps its value when its
 *    selector changes, so a counter selected as a minimum or maximum
 *    after the reset compares against what it held. A minimum takes a
 *    latency below its value, a maximum one above. Min/max hold levels:
 *    they do not wrap (a latency above 32 bits is taken as 0xffffffff)
 *    and raise no overflow.
 *  - every other metric counter, the total latencies and the global clock
 *    counter are 32 bits (the ZynqMP's widths); counting past 0xffffffff
 *    wraps to 0 and sets its ISR bit (3 + n; 0 for the global clock
 *    counter); ISR is write 1 to clear. The interrupt line is
 *    GIE && (ISR & IER).
 *  - the sample register: a read copies every metric counter (as it
 *    reads) to its sampled counter, returns the clocks since the last
 *    sample (or reset; 32 bits, wrapping) and, when SICR.met_cnt_rst is 1
 *    (its reset value), clears the metric counters.
 *  - the sample interval: writing SICR with load set copies SI low to the
 *    down-counter; while SICR.enable, it counts down once a clock and on
 *    reaching 0 samples as a read of SR would, sets ISR bit 1 and reloads
 *    from SI low (a down-counter at 0 does not run).
 *  - the ID filter (CTL.id_filter), in the layout the instance is built
 *    with (id_bits 16 or 32, spec/apm.toml): an ID matches where
 *    (ID ^ filter) & mask is 0, over 16 bits in the 16-bit layout. With
 *    the filter on, every metric of every slot counts only what matches:
 *    an address handshake, a read beat or a read wait by its ARID or RID
 *    against the read filter; a write beat or write wait by its burst's
 *    AWID against the write filter (a beat whose address has not come yet
 *    does not match); a write response by the AWID of the write it
 *    answers (the link carries no BID: responses answer the writes in the
 *    order their address and data completed, as the bed's slave does); a
 *    latency by its transaction's ID. RID and RID_MASK exist in the
 *    32-bit layout only (the 16-bit layout reads 0 there, ignores writes).
 *  - not modelled (the registers hold what is written): incrementers and
 *    their ranges (incrementers read 0), the event log (FEC, SWD,
 *    MCnLOGEN), external triggers, metrics 16-31 (they count nothing).
 */
#ifndef AXIPERF_APM_CORE_H
#define AXIPERF_APM_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "axiperf/apm.h"
#include "axiperf_model.h"	/* struct axiperf_link */

#define APM_CORE_MAX_READS	256	/* the generator's DEPTH goes to 255 */
#define APM_CORE_MAX_WRITES	16
#define APM_CORE_MAX_RESP	64

/* A transaction in flight, clock numbers in the core's time */
struct apm_txn {
	uint32_t id;
	uint64_t issue, accept;	/* start points */
	uint64_t first, last;	/* first and last data beat handshakes */
	bool has_addr, has_first, has_last, ended;
};

struct apm_slot {
	bool ar_open, aw_open;	/* an address is being issued, not yet taken */
	uint64_t ar_issue, aw_issue;
	unsigned int nrd, nwr;	/* oldest first */
	struct apm_txn rd[APM_CORE_MAX_READS];
	struct apm_txn wr[APM_CORE_MAX_WRITES];
	/* the IDs of the writes done and not yet answered, oldest first */
	unsigned int nresp;
	uint32_t resp[APM_CORE_MAX_RESP];
};

struct apm_core {
	unsigned int num_slots, num_counters;
	unsigned int id_bits;	/* the ID filter's layout: 16 or 32 */

	uint64_t now;		/* clocks since reset */
	uint64_t last_sample;	/* the clock of the last sample */

	uint32_t ctl, gie, ier, isr, sicr, si_hi, si_lo, si_count;
	uint32_t id, id_mask, rid, rid_mask, gcc, fec, swd;
	uint32_t logen[AXIPERF_APM_MAX_COUNTERS];
	uint8_t sel[AXIPERF_APM_MAX_COUNTERS];	/* selector bytes, as written */
	uint32_t mc[AXIPERF_APM_MAX_COUNTERS];
	uint32_t smc[AXIPERF_APM_MAX_COUNTERS];
	uint32_t range[AXIPERF_APM_MAX_COUNTERS];

	struct apm_slot slot[AXIPERF_APM_MAX_SLOTS];
};

/* num_slots 1..AXIPERF_APM_MAX_SLOTS, num_counters 1..AXIPERF_APM_MAX_COUNTERS
 * (clamped), id_bits the ID filter's layout (32, else 16); then as after a
 * reset. */
void apm_core_init(struct apm_core *c, unsigned int num_slots,
		   unsigned int num_counters, unsigned int id_bits);
void apm_core_reset(struct apm_core *c);

/* n clocks on which slot sees l and the other slots an idle link; O(1) in
 * n for wires that start or end no transaction (stalls, waits, a stream
 * of beats that are not the last); a slot >= num_slots: every slot idle. */
void apm_core_hold(struct apm_core *c, unsigned int slot,
		   const struct axiperf_link *l, uint64_t n);
/* n clocks on which each slot s sees links[s] (NULL: an idle link);
 * links has AXIPERF_APM_MAX_SLOTS entries, those past num_slots unread. */
void apm_core_hold_slots(struct apm_core *c, const struct axiperf_link *const *links,
			 uint64_t n);
/* l's read channels (AR, R) alone in rd, its write channels (AW, W, B)
 * alone in wr: one master's link split over two slots. */
void apm_core_split_link(const struct axiperf_link *l, struct axiperf_link *rd,
			 struct axiperf_link *wr);
/* n clocks with every slot idle */
void apm_core_idle(struct apm_core *c, uint64_t n);
/* One clock with slot's link in reset: what it had in flight ends with no
 * latency, and the clock is idle for every slot. */
void apm_core_link_reset(struct apm_core *c, unsigned int slot);
/* What slot has in flight ends, with no clock (a link reset's first half). */
void apm_core_drop(struct apm_core *c, unsigned int slot);

/* Register access at a byte offset of the window (32 bits, aligned). A
 * read of SR samples; every other read has no side effect. */
uint32_t apm_core_read(struct apm_core *c, uint32_t offset);
void apm_core_write(struct apm_core *c, uint32_t offset, uint32_t val);

/* The interrupt line: GIE && (ISR & IER). */
bool apm_core_irq(const struct apm_core *c);
/* Clocks with every slot idle until the line is high (0: it is now);
 * UINT64_MAX: never (only the global clock counter and the sample
 * interval move on idle clocks). */
uint64_t apm_core_clocks_to_irq(const struct apm_core *c);

/* Test bed only: every metric counter := v. */
void apm_core_preset(struct apm_core *c, uint32_t v);

/* A metric's kind (AXIPERF_APM_KIND_*), -1 for an id the APM has not. */
int apm_core_metric_kind(unsigned int metric);

#endif
