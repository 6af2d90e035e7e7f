// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Holding a run of equal clocks: n clocks that all have the wires l and
 * no register write, in time independent of n.
 *
 * It must equal n calls of axiperf_model_clock_ref(m, l, NULL)
 * (axiperf_model.c): every register, the irq line and the hidden state
 * after the run, and with axiperf_model_hold_until_irq() the clock the
 * line rises on. tests/model compares it with the reference on random
 * runs from 1 to 100,000 clocks, between register writes and with
 * counters near half their range.
 *
 * Why it may skip clocks: once a clock leaves every state but the counters
 * as it found it (settled), the clocks after it with the same wires read
 * the same state, so each steps the counters by the same amounts; what
 * such a clock can still change is an interrupt cause not yet raised (a
 * counter crossing half its range, the cycle counter wrapping), so the
 * run is added at once up to the clock before the first of those, which
 * is clocked on its own. A tracker that moves every clock reaches its end
 * within a few hundred clocks, so settling does not wait long.
 */
#include "axiperf_model_impl.h"

/* The state besides the counters (and the clock count): what a clock may change. */
struct settle {
	unsigned int aw, w, r, responding;
	uint32_t slot_mask, irq_status;
	uint32_t gauge[AXIPERF_NUM_GAUGES];
	uint32_t slot_id[AXIPERF_MODEL_MAX_SLOTS];
	uint16_t flags;
};

static void settle_of(const struct axiperf_model *m, struct settle *s)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->aw = m->aw_count;
	s->w = m->w_count;
	s->r = m->r_count;
	s->responding = m->responding;
	s->slot_mask = m->slot_mask;
	s->irq_status = m->irq_status;
	memcpy(s->gauge, m->gauge, sizeof(s->gauge));
	for (i = 0; i < AXIPERF_MODEL_MAX_SLOTS; i++)
		s->slot_id[i] = m->slot_valid[i] ? m->slot_id[i] : 0;
	s->flags = (uint16_t)(m->w_prog | m->perf_err << 1 | m->rd_first << 2 |
			      m->start_pending << 3 | m->stop_pending << 4 |
			      m->clear_pending << 5 | m->triggered << 6 |
			      m->active_sat << 7 | m->resp_approx << 8 | m->irq << 9);
}

/*
 * Clocks from now until a counter at c stepping by d each clock crosses
 * a multiple of half its range (its top bit flips, or it wraps): the
 * crossing is on the returned clock (1 = the next). d < half.
 */
static uint64_t clocks_to_half(uint64_t c, uint64_t d, uint64_t top)
{
	uint64_t dist = top - (c & (top - 1));

	return (dist + d - 1) / d;
}

/* Runs up to this long are stepped clock by clock. */
#define HOLD_SHORT 6

static uint64_t hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n,
		     bool until_irq)
{
	uint64_t before[AXIPERF_NUM_COUNTERS], d[AXIPERF_NUM_COUNTERS];
	struct settle a, b;
	uint64_t done = 0, skip;
	unsigned int i;
	bool irq0;

	/*
	 * A short run: stepping is cheaper than watching for the state to
	 * settle (most runs of busy traffic are a clock or two long).
	 */
	if (n <= HOLD_SHORT && !until_irq) {
		axiperf_model_quick_clocks(m, l, (unsigned long)n, 0);
		return n;
	}
	while (done < n) {
		settle_of(m, &a);
		memcpy(before, m->cnt, sizeof(before));
		irq0 = m->irq;
		axiperf_model_quick_clocks(m, l, 1, 0);
		done++;
		if (until_irq && m->irq && !irq0)
			return done;
		if (done == n)
			break;
		settle_of(m, &b);
		if (memcmp(&a, &b, sizeof(a)))
			continue;
		/*
		 * Settled: the state a clock reads is the same after it as
		 * before it, so every following clock with these wires makes
		 * the same steps. The only thing that can still change is an
		 * interrupt cause not yet raised: a counter crossing half its
		 * range, the cycle counter wrapping. Skip up to the clock
		 * before the first of those, which then runs on its own.
		 */
		skip = n - done;
		for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
			d[i] = (m->cnt[i] - before[i]) & m->mask;
			if (d[i] && !(m->irq_status & AXIPERF_IRQ_STATUS_HALF)) {
				uint64_t k = clocks_to_half(m->cnt[i], d[i], m->top);

				skip = k - 1 < skip ? k - 1 : skip;
			}
		}
		if (d[CI_active_cycles] && !m->active_sat) {
			/* it steps by 1: it wraps to 0 on clock mask - c + 1 */
			uint64_t k = (m->mask - m->cnt[CI_active_cycles]) + 1;

			if (k)	/* k is 0 only for a 64-bit counter at 0: 2^64 clocks away */
				skip = k - 1 < skip ? k - 1 : skip;
		}
		if (!skip)
			continue;
		for (i = 0; i < AXIPERF_NUM_COUNTERS; i++)
			m->cnt[i] = (m->cnt[i] + skip * d[i]) & m->mask;
		m->clocks += skip;
		done += skip;
	}
	return done;
}

void axiperf_model_hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n)
{
	hold(m, l, n, false);
}

uint64_t axiperf_model_hold_until_irq(struct axiperf_model *m, const struct axiperf_link *l,
				      uint64_t n)
{
	return hold(m, l, n, true);
}

