/* SPDX-License-Identifier: GPL-2.0-or-later OR MIT */
/*
 * MDM debug register access port with MicroBlaze performance counters and a
 * synthetic workload: the device's state machine, free of QEMU so that it
 * can be unit-tested on the host (tests/microblaze/test_mdm_core.c) and
 * wrapped by the QEMU device (axiperf-mdm.c).
 *
 * Two register windows:
 *  - the MDM's AXI slave (DBG_STATUS/DBG_CTRL 0x10, DBG_DATA 0x14,
 *    DBG_LOCK 0x18), as UG984/PG115 describe it;
 *  - a model-only workload window through which the guest sets exact
 *    per-cycle event rates and latency patterns, advances time, and
 *    simulates a JTAG debugger holding the access lock.
 */
#ifndef AXIPERF_MDM_CORE_H
#define AXIPERF_MDM_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "axiperf/microblaze.h"

#define MDM_MAX_CORES 8
#define MDM_LAT_PATTERN 8
#define MDM_VERSION 0x01	/* reported in MDM_CONFIG[7:0] */

/* Workload window (model only) */
#define MDM_WL_ID		0x00	/* ro: MDM_WL_MAGIC */
#define MDM_WL_CTRL		0x04	/* rw: RUN, JTAG_LOCK */
#define MDM_WL_CORE		0x08	/* rw: core the per-core registers act on */
#define MDM_WL_EVENT		0x0c	/* rw: event 0..63 the rate/latency registers act on */
#define MDM_WL_RATE_NUM		0x10	/* rw: the event occurs NUM times ... */
#define MDM_WL_RATE_DEN		0x14	/* rw: ... every DEN cycles (0: never) */
#define MDM_WL_LAT_INDEX	0x18	/* rw: next LAT_VALUE slot */
#define MDM_WL_LAT_VALUE	0x1c	/* wo: latency pattern entry; LAT_INDEX += 1 */
#define MDM_WL_LAT_COUNT	0x20	/* rw: pattern length (occurrences cycle through it) */
#define MDM_WL_ADVANCE		0x24	/* wo: advance every core by this many cycles now */
#define MDM_WL_CYCLES_LO	0x28	/* ro: cycles the selected core has run */
#define MDM_WL_CYCLES_HI	0x2c
#define MDM_WL_CLOCK_HZ		0x30	/* ro: the modelled MicroBlaze clock */
#define MDM_WL_CONFIG		0x34	/* ro: width | n_event << 8 | n_latency << 16 */
#define MDM_WL_NUM_CORES	0x38	/* ro: cores the workload drives (the local CPU's port comes after them) */
#define MDM_WL_RESET		0x3c	/* wo: 1 = all rates and patterns back to reset values */
#define MDM_WL_REFUSED		0x40	/* ro: AXI debug accesses refused because of the lock */
#define MDM_WL_SIZE		0x100

#define MDM_WL_MAGIC		0x4d42574cU	/* "MBWL" */
#define MDM_WL_CTRL_RUN		0x1U
#define MDM_WL_CTRL_JTAG_LOCK	0x2U
#define MDM_WL_MAX_NUM		0xffffU	/* RATE_NUM saturates here */

struct mdm_counter {
	uint8_t event;
	uint8_t status, s_status;		/* AXIPERF_MB_PCSR_* bits, live and sampled */
	uint64_t v[AXIPERF_MB_NUM_FIELDS];	/* live */
	uint64_t s[AXIPERF_MB_NUM_FIELDS];	/* sampled */
};

struct mdm_wl_event {
	uint32_t num, den;
	uint64_t acc;				/* remainder of num * cycles / den */
	uint32_t lat[MDM_LAT_PATTERN];
	uint32_t nlat, lat_pos;
};

struct mdm_cpu {
	uint32_t width, n_event, n_latency;
	struct mdm_counter ctr[AXIPERF_MB_MAX_COUNTERS];
	bool running, dbg_intr;
	bool local;				/* the machine's own CPU: the events in handed come from it */
	uint64_t handed;			/* bit e: event e (0 and 30 always) */
	uint32_t sel, item;			/* the sequential access position */
	uint64_t cycles;
	struct mdm_wl_event wl[AXIPERF_MB_NUM_EVENTS];
};

struct mdm_core {
	uint32_t ncores;
	uint64_t clock_hz;
	struct mdm_cpu cpu[MDM_MAX_CORES];
	uint32_t which;
	/* the access armed by the last DBG_CTRL write */
	bool armed;
	uint32_t target, command, bits;
	bool axi_unlocked, jtag_lock;
	uint32_t refused;
	/* workload window */
	bool run;
	uint32_t wl_core, wl_event, wl_lat_index;
};

/*
 * Core i has counters of widths[i] bits (32, 48 or 64), n_event event and
 * n_latency latency counters. Returns 0, or -1 when the configuration is
 * outside what the MDM allows.
 */
int mdm_core_init(struct mdm_core *m, uint32_t ncores, const uint32_t *widths,
		  uint32_t n_event, uint32_t n_latency, uint64_t clock_hz);
void mdm_core_reset(struct mdm_core *m);

uint32_t mdm_core_read(struct mdm_core *m, uint32_t offset);
void mdm_core_write(struct mdm_core *m, uint32_t offset, uint32_t value);
uint32_t mdm_core_wl_read(struct mdm_core *m, uint32_t offset);
void mdm_core_wl_write(struct mdm_core *m, uint32_t offset, uint32_t value);

/* Time: run every core `cycles` clock cycles of the synthetic workload. */
void mdm_core_advance(struct mdm_core *m, uint64_t cycles);
/* Cycles until some running event counter reaches its maximum (UINT64_MAX: never). */
uint64_t mdm_core_cycles_to_irq(const struct mdm_core *m);
/*
 * The machine's own CPU on the last port (called after mdm_core_init): its
 * instructions (event 0), cycles (event 30) and the events of `handed`
 * (bit e: event e; QEMU's MicroBlaze hands in tools/qemu/microblaze-cpu/mb_insn.h's)
 * are what the CPU really executes, handed in by mdm_core_count(); the
 * workload window drives its other events and the other cores as before.
 * Returns -1 when `port` is not the last one.
 */
int mdm_core_set_local(struct mdm_core *m, uint32_t port, uint64_t handed);
/* The events the event counters of core `port` count now (bit e: event e; 0 when stopped). */
uint64_t mdm_core_selected(const struct mdm_core *m, uint32_t port);
/* `n` more occurrences of `event` on core `port` (counted while it runs). */
void mdm_core_count(struct mdm_core *m, uint32_t port, uint32_t event, uint64_t n);
/* Occurrences of `event` until a counter of core `port` reaches its maximum (UINT64_MAX: never). */
uint64_t mdm_core_events_to_irq(const struct mdm_core *m, uint32_t port, uint32_t event);
/* Dbg_Intr of all cores ORed: the level of the device's interrupt line. */
bool mdm_core_irq(const struct mdm_core *m);

#endif /* AXIPERF_MDM_CORE_H */
