/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Traffic patterns for the QEMU test bed's generator and the monitor
 * counts each one must produce, computed in closed form from the pattern
 * (Documentation/testbed.rst derives every formula), never by running a
 * model. Shared by the guest programs of tests/guest and tests/selftests.
 */
#ifndef TG_PATTERN_H
#define TG_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "axiperf/regs.h"

struct tg_pattern {
	const char *name;
	uint32_t mode;		/* AXIPERF_TG_READS | ... */
	uint32_t bursts, len, size, ids, depth;
	uint32_t ar_wait, r_latency, r_gap, r_stall;
	uint32_t aw_wait, w_delay, w_gap, w_wait, b_latency, b_stall;
	uint32_t wstrb;		/* 0: every lane of the link */
	uint32_t reset_at;	/* the link is reset on this traffic clock; 0: never */
};

/* Parameters of the modelled link the expectations depend on. */
struct tg_link {
	unsigned int data_bytes;	/* 8 in the Zynq test bed */
	unsigned int id_slots;		/* 4 */
};

struct tg_expect {
	/* by perf event id (AXIPERF_EV_*); gauges too */
	uint64_t ev[AXIPERF_EV_MAX + 1];
	/* clocks from the first to the last handshake (generator CLOCKS) */
	uint64_t span;
	/* clocks counted by a FRAME run: span + 2 trailing idle clocks */
	uint64_t framed_active;
	bool resp_approx;
};

/* Returns NULL and fills e, or says why the pattern has no closed form
 * here. Idle counts (rd_idle, wr_idle, active_cycles) are those of a
 * FRAME run; in a run framed by someone else they are only bounded. */
const char *tg_expect(const struct tg_pattern *p, const struct tg_link *k,
		      struct tg_expect *e);

/* True for the events whose count does not depend on when the monitor
 * was started and stopped around the traffic. */
bool tg_event_is_traffic_only(unsigned int ev);

/* The patterns every suite runs (at least the six of issue 4). */
extern const struct tg_pattern tg_patterns[];
extern const unsigned int tg_num_patterns;
/* Patterns cut by a reset of the link (RESET_AT), each in another phase. */
extern const struct tg_pattern tg_reset_patterns[];
extern const unsigned int tg_num_reset_patterns;

/* Maps the generator's window at physical address base through the
 * /dev/mem descriptor fd (AXIPERF_TG_BASE: the Zynq test bed's first
 * generator). NULL if the mapping fails or no generator answers there. */
volatile uint32_t *tg_map(int fd, unsigned long base);

/* p for link k: AxSIZE capped at the link's width (a generator refuses a
 * SIZE wider than its link), everything else as is. */
void tg_fit_link(const struct tg_pattern *p, const struct tg_link *k,
		 struct tg_pattern *out);

/* Generator access through a mapping of its window. */
void tg_program(volatile uint32_t *tg, const struct tg_pattern *p,
		const struct tg_link *k);
/* Starts the pattern with ctrl (AXIPERF_TG_GO | ...) and waits until it is
 * done: 0, or -1 if it did not finish within timeout_ms. */
int tg_run(volatile uint32_t *tg, uint32_t ctrl, unsigned int timeout_ms);

#endif
