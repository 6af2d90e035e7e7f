// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the ZynqMP APM model (tools/qemu/ps/apm_core.c): hand-
 * written clock-by-clock wire sequences whose counts are worked out by
 * hand in the comments, compared exactly; the registers' side effects
 * (CTL resets, the sample register, ISR, the selectors); a run of n equal
 * clocks against n single clocks.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "apm_core.h"

#define SLOT 2		/* the watched slot of the 6-slot core */
#define ALL_START_END (AXIPERF_APM_CTL_RD_LAT_START | AXIPERF_APM_CTL_RD_LAT_END | \
		       AXIPERF_APM_CTL_WR_LAT_START | AXIPERF_APM_CTL_WR_LAT_END)

static struct apm_core core;

static void setup(unsigned int slots, unsigned int counters)
{
	apm_core_init(&core, slots, counters, 16);
}

static void sel(unsigned int n, unsigned int metric, unsigned int slot)
{
	uint32_t off = AXIPERF_APM_REG_MSR(n);
	uint32_t v = apm_core_read(&core, off);

	v &= ~(0xffu << AXIPERF_APM_MSR_SHIFT(n));
	v |= (uint32_t)AXIPERF_APM_SEL(metric, slot) << AXIPERF_APM_MSR_SHIFT(n);
	apm_core_write(&core, off, v);
}

static uint32_t mc(unsigned int n)
{
	return apm_core_read(&core, AXIPERF_APM_REG_MC(n));
}

static void ctl(uint32_t v)
{
	apm_core_write(&core, AXIPERF_APM_REG_CTL, v);
}

/* What a driver does once the selectors are set: reset the counters (a
 * minimum to all ones), then count, with the bits extra. */
static void start(uint32_t extra)
{
	ctl(AXIPERF_APM_CTL_MCNTR_RESET | extra);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE | extra);
}

/*
 * The sequence: read A (ID 1, 4 beats of 8 bytes), a write (2 beats), read
 * B (ID 2, 1 beat). By clock:
 *   0  ARVALID (A issued)            1  AR handshake (A accepted)
 *   2  AWVALID (issued)              3  AW handshake (accepted)
 *   4  RVALID, !RREADY               5  R beat, A's first
 *   6  W beat, strobe 0x0f (first)   7  WVALID, !WREADY
 *   8  W beat, WLAST, strobe 0xff    9  R beat
 *  10  R beat, RLAST (A's last); BVALID, !BREADY
 *  11  B handshake                  12  AR handshake of B (issued and accepted)
 *  13  idle                         14  R beat, RLAST (B's first and last)
 * Counts: write transactions 1, read transactions 2, write bytes 4 + 8,
 * read bytes 4 << 3 + 1 << 3, write beats 2, slave write idle 1 (clock 7),
 * master read idle 1 (clock 4), write responses 1, WLASTs 1, RLASTs 2.
 * Latencies (end - start):
 *   read A: issue/last 10 - 0, accept/last 10 - 1, issue/first 5 - 0,
 *           accept/first 5 - 1; read B: 14 - 12 = 2 in every case
 *   write:  issue/last 8 - 2, accept/last 8 - 3, issue/first 6 - 2,
 *           accept/first 6 - 3
 */
#define SEQ_CLOCKS 15
static const struct axiperf_link seq[SEQ_CLOCKS] = {
	[0] = { .arvalid = 1, .arid = 1, .arlen = 3, .arsize = 3 },
	[1] = { .arvalid = 1, .arready = 1, .arid = 1, .arlen = 3, .arsize = 3 },
	[2] = { .awvalid = 1, .awlen = 1, .awsize = 3 },
	[3] = { .awvalid = 1, .awready = 1, .awlen = 1, .awsize = 3 },
	[4] = { .rvalid = 1, .rid = 1 },
	[5] = { .rvalid = 1, .rready = 1, .rid = 1 },
	[6] = { .wvalid = 1, .wready = 1, .wstrb = { 0x0f } },
	[7] = { .wvalid = 1, .wstrb = { 0xff } },
	[8] = { .wvalid = 1, .wready = 1, .wlast = 1, .wstrb = { 0xff } },
	[9] = { .rvalid = 1, .rready = 1, .rid = 1 },
	[10] = { .rvalid = 1, .rready = 1, .rlast = 1, .rid = 1, .bvalid = 1 },
	[11] = { .bvalid = 1, .bready = 1 },
	[12] = { .arvalid = 1, .arready = 1, .arid = 2, .arlen = 0, .arsize = 3 },
	[13] = { 0 },
	[14] = { .rvalid = 1, .rready = 1, .rlast = 1, .rid = 2 },
};

static void run_seq(unsigned int slot, unsigned int from, unsigned int to)
{
	unsigned int i;

	for (i = from; i < to; i++)
		apm_core_hold(&core, slot, &seq[i], 1);
}

/* expected values of the sequence's metrics, by id, points issue/last */
static const uint32_t seq_expect[AXIPERF_APM_NUM_METRICS] = {
	[AXIPERF_APM_M_WRITE_TRANSACTIONS] = 1,
	[AXIPERF_APM_M_READ_TRANSACTIONS] = 2,
	[AXIPERF_APM_M_WRITE_BYTES] = 12,
	[AXIPERF_APM_M_READ_BYTES] = 40,
	[AXIPERF_APM_M_WRITE_BEATS] = 2,
	[AXIPERF_APM_M_READ_LATENCY] = 10 + 2,
	[AXIPERF_APM_M_WRITE_LATENCY] = 6,
	[AXIPERF_APM_M_SLAVE_WRITE_IDLE] = 1,
	[AXIPERF_APM_M_MASTER_READ_IDLE] = 1,
	[AXIPERF_APM_M_WRITE_RESPONSES] = 1,
	[AXIPERF_APM_M_WRITE_LASTS] = 1,
	[AXIPERF_APM_M_READ_LASTS] = 2,
	[AXIPERF_APM_M_WRITE_LATENCY_MIN] = 6,
	[AXIPERF_APM_M_WRITE_LATENCY_MAX] = 6,
	[AXIPERF_APM_M_READ_LATENCY_MIN] = 2,
	[AXIPERF_APM_M_READ_LATENCY_MAX] = 10,
};

/*
 * A six-slot, ten-counter core whose counters n count metrics first + n
 * of slot `slot`, after the sequence ran on slot SLOT; how many it set.
 */
static unsigned int count_ten(unsigned int first, unsigned int slot)
{
	unsigned int n;

	setup(6, 10);
	for (n = 0; n < 10 && first + n < AXIPERF_APM_NUM_METRICS; n++)
		sel(n, first + n, slot);
	start(0);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	return n;
}

/* Every metric on the watched slot: ten, then the other six. */
static void every_metric_on_the_watched_slot(void **state)
{
	unsigned int first, m, n, count;

	(void)state;
	for (first = 0; first < AXIPERF_APM_NUM_METRICS; first += 10) {
		count = count_ten(first, SLOT);
		for (n = 0; n < count; n++) {
			m = first + n;
			if (mc(n) != seq_expect[m])
				fail_msg("metric %u: %u, expected %u", m, mc(n), seq_expect[m]);
		}
	}
}

/* The same traffic on slot 2 leaves every other slot's counters as reset:
 * 0, and all ones for a minimum no transaction has set. */
static void nothing_counts_on_other_slots(void **state)
{
	unsigned int s, m, n;

	(void)state;
	for (s = 0; s < 6; s++) {
		if (s == SLOT)
			continue;
		for (m = 0; m < AXIPERF_APM_NUM_METRICS; m += 10) {
			unsigned int count = count_ten(m, s);

			for (n = 0; n < count; n++) {
				int kind = apm_core_metric_kind(m + n);

				assert_int_equal(mc(n), kind == AXIPERF_APM_KIND_MIN ? 0xffffffffu : 0);
			}
		}
	}
	/* a slot the core has not: every slot idle */
	setup(1, 8);
	sel(0, AXIPERF_APM_M_READ_BYTES, 0);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	run_seq(3, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 0);
}

/* Both start points and both end points, per direction. */
static void latency_start_and_end_points(void **state)
{
	static const struct {
		uint32_t ctl;
		uint32_t rd_total, rd_min, rd_max, wr;
	} pts[] = {
		{ 0, 10 + 2, 2, 10, 8 - 2 },
		{ AXIPERF_APM_CTL_RD_LAT_START | AXIPERF_APM_CTL_WR_LAT_START, 9 + 2, 2, 9, 8 - 3 },
		{ AXIPERF_APM_CTL_RD_LAT_END | AXIPERF_APM_CTL_WR_LAT_END, 5 + 2, 2, 5, 6 - 2 },
		{ ALL_START_END, 4 + 2, 2, 4, 6 - 3 },
		/* the directions are independent */
		{ AXIPERF_APM_CTL_RD_LAT_START, 9 + 2, 2, 9, 8 - 2 },
		{ AXIPERF_APM_CTL_WR_LAT_END, 10 + 2, 2, 10, 6 - 2 },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
		setup(6, 10);
		sel(0, AXIPERF_APM_M_READ_LATENCY, SLOT);
		sel(1, AXIPERF_APM_M_READ_LATENCY_MIN, SLOT);
		sel(2, AXIPERF_APM_M_READ_LATENCY_MAX, SLOT);
		sel(3, AXIPERF_APM_M_WRITE_LATENCY, SLOT);
		sel(4, AXIPERF_APM_M_WRITE_LATENCY_MIN, SLOT);
		sel(5, AXIPERF_APM_M_WRITE_LATENCY_MAX, SLOT);
		start(pts[i].ctl);
		run_seq(SLOT, 0, SEQ_CLOCKS);
		assert_int_equal(mc(0), pts[i].rd_total);
		assert_int_equal(mc(1), pts[i].rd_min);
		assert_int_equal(mc(2), pts[i].rd_max);
		assert_int_equal(mc(3), pts[i].wr);
		assert_int_equal(mc(4), pts[i].wr);
		assert_int_equal(mc(5), pts[i].wr);
	}
}

/* Write data before its address: latency 0 when the end point comes
 * first; from the issue to the last beat when the last beat comes after. */
static void write_data_before_address(void **state)
{
	static const struct axiperf_link w[] = {
		{ .wvalid = 1, .wready = 1, .wstrb = { 1 } },			/* 0: first beat */
		{ .awvalid = 1 },						/* 1: issued */
		{ .awvalid = 1, .awready = 1 },					/* 2: accepted */
		{ .wvalid = 1, .wready = 1, .wlast = 1, .wstrb = { 1 } },	/* 3: last */
	};
	unsigned int i;

	(void)state;
	setup(1, 8);
	sel(0, AXIPERF_APM_M_WRITE_LATENCY, 0);
	sel(1, AXIPERF_APM_M_WRITE_TRANSACTIONS, 0);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);	/* issue to last: 3 - 1 */
	for (i = 0; i < 4; i++)
		apm_core_hold(&core, 0, &w[i], 1);
	assert_int_equal(mc(0), 2);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE | AXIPERF_APM_CTL_WR_LAT_END |
	    AXIPERF_APM_CTL_MCNTR_RESET);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE | AXIPERF_APM_CTL_WR_LAT_END);
	for (i = 0; i < 4; i++)	/* first beat before the issue: 0 */
		apm_core_hold(&core, 0, &w[i], 1);
	assert_int_equal(mc(0), 0);
	assert_int_equal(mc(1), 1);
}

/* With CTL.mcntr_enable 0 nothing counts; the transactions are still
 * tracked, so one enabled before it ends has its full latency. */
static void counters_stop_while_disabled(void **state)
{
	unsigned int n;

	(void)state;
	setup(6, 10);
	for (n = 0; n < 10; n++)
		sel(n, n, SLOT);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	for (n = 0; n < 10; n++)
		assert_int_equal(mc(n), 0);

	/* enabled from clock 10 on: A's last beat (latency 10), B whole */
	setup(6, 10);
	sel(0, AXIPERF_APM_M_READ_LATENCY, SLOT);
	sel(1, AXIPERF_APM_M_READ_LASTS, SLOT);
	sel(2, AXIPERF_APM_M_READ_TRANSACTIONS, SLOT);
	sel(3, AXIPERF_APM_M_WRITE_BEATS, SLOT);
	run_seq(SLOT, 0, 10);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	run_seq(SLOT, 10, SEQ_CLOCKS);
	assert_int_equal(mc(0), 10 + 2);
	assert_int_equal(mc(1), 2);
	assert_int_equal(mc(2), 1);
	assert_int_equal(mc(3), 0);

	/* disabled again: frozen */
	ctl(0);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(mc(1), 2);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_CTL), 0);
}

/* CTL.mcntr_reset clears the metric and sampled counters and holds them
 * while set; the transactions in flight go on. */
static void ctl_reset_clears_and_holds(void **state)
{
	(void)state;
	setup(6, 10);
	sel(0, AXIPERF_APM_M_READ_BYTES, SLOT);
	sel(1, AXIPERF_APM_M_READ_LATENCY_MIN, SLOT);
	apm_core_write(&core, AXIPERF_APM_REG_SICR, 0);
	start(0);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 40);
	assert_int_equal(mc(1), 2);
	apm_core_read(&core, AXIPERF_APM_REG_SR);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 40);

	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE | AXIPERF_APM_CTL_MCNTR_RESET);
	assert_int_equal(mc(0), 0);
	assert_int_equal(mc(1), 0xffffffffu);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 0);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 0);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_CTL),
			 AXIPERF_APM_CTL_MCNTR_ENABLE | AXIPERF_APM_CTL_MCNTR_RESET);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 40);
}

/* The global clock counter: counts clocks while enabled, reset by
 * CTL.gcc_reset, wraps at 2^32 setting ISR bit 0. */
static void global_clock_counter(void **state)
{
	(void)state;
	setup(6, 10);
	apm_core_idle(&core, 100);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 0);
	ctl(AXIPERF_APM_CTL_GCC_ENABLE);
	apm_core_idle(&core, 100);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 100 + SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_HI), 0);
	ctl(0);
	apm_core_idle(&core, 100);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 100 + SEQ_CLOCKS);
	ctl(AXIPERF_APM_CTL_GCC_ENABLE | AXIPERF_APM_CTL_GCC_RESET);
	apm_core_idle(&core, 100);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 0);
	ctl(AXIPERF_APM_CTL_GCC_ENABLE);
	apm_core_idle(&core, 0xfffffffbull);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 0xfffffffbu);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), 0);
	apm_core_write(&core, AXIPERF_APM_REG_IER, AXIPERF_APM_ISR_GCC_OVERFLOW);
	apm_core_write(&core, AXIPERF_APM_REG_GIE, 1);
	assert_int_equal(apm_core_clocks_to_irq(&core), 5);
	apm_core_idle(&core, 7);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_GCC_LO), 2);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), AXIPERF_APM_ISR_GCC_OVERFLOW);
	assert_true(apm_core_irq(&core));
}

/* SR: copies the counters to SMC, returns the clocks since the last
 * sample, clears the counters when SICR.met_cnt_rst (its reset value). */
static void sample_register(void **state)
{
	(void)state;
	setup(6, 10);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SICR), AXIPERF_APM_SICR_RESET);
	assert_int_equal(AXIPERF_APM_SICR_RESET & AXIPERF_APM_SICR_MET_CNT_RST,
			 AXIPERF_APM_SICR_MET_CNT_RST);
	sel(0, AXIPERF_APM_M_READ_BYTES, SLOT);
	sel(1, AXIPERF_APM_M_READ_LATENCY_MIN, SLOT);
	sel(9, AXIPERF_APM_M_WRITE_BYTES, SLOT);
	start(0);
	apm_core_idle(&core, 5);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SR), 5 + SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 40);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(1)), 2);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(9)), 12);
	assert_int_equal(mc(0), 0);
	assert_int_equal(mc(1), 0xffffffffu);
	assert_int_equal(mc(9), 0);

	/* met_cnt_rst 0: the counters stay */
	apm_core_write(&core, AXIPERF_APM_REG_SICR, 0);
	apm_core_idle(&core, 7);
	run_seq(SLOT, 0, SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SR), 7 + SEQ_CLOCKS);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 40);
	assert_int_equal(mc(0), 40);
	assert_int_equal(mc(9), 12);
	/* no clock since */
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SR), 0);
}

/* The sample interval: loaded, enabled, lapses after SI clocks: ISR bit
 * 1, a sample, reloaded. */
static void sample_interval(void **state)
{
	(void)state;
	setup(1, 8);
	sel(0, AXIPERF_APM_M_READ_TRANSACTIONS, 0);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	apm_core_write(&core, AXIPERF_APM_REG_SI_LO, 10);
	apm_core_write(&core, AXIPERF_APM_REG_SICR, AXIPERF_APM_SICR_LOAD |
		       AXIPERF_APM_SICR_MET_CNT_RST);
	apm_core_write(&core, AXIPERF_APM_REG_SICR, AXIPERF_APM_SICR_ENABLE |
		       AXIPERF_APM_SICR_MET_CNT_RST);
	apm_core_write(&core, AXIPERF_APM_REG_IER, AXIPERF_APM_ISR_SAMPLE_INTERVAL);
	apm_core_write(&core, AXIPERF_APM_REG_GIE, 1);
	assert_int_equal(apm_core_clocks_to_irq(&core), 10);
	run_seq(0, 0, 9);	/* one read accepted */
	assert_false(apm_core_irq(&core));
	apm_core_idle(&core, 1);
	assert_true(apm_core_irq(&core));
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 1);
	assert_int_equal(mc(0), 0);
	apm_core_write(&core, AXIPERF_APM_REG_ISR, AXIPERF_APM_ISR_SAMPLE_INTERVAL);
	assert_int_equal(apm_core_clocks_to_irq(&core), 10);
	/* a run across two lapses: sampled at each */
	apm_core_idle(&core, 25);
	assert_int_equal(apm_core_clocks_to_irq(&core), 0);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 0);
	apm_core_write(&core, AXIPERF_APM_REG_ISR, AXIPERF_APM_ISR_SAMPLE_INTERVAL);
	assert_int_equal(apm_core_clocks_to_irq(&core), 5);
}

/* A counter wraps at 2^32 to its remainder, sets ISR bit 3 + n (write 1
 * to clear); the line is GIE && (ISR & IER). */
static void counter_wraps_and_interrupts(void **state)
{
	const uint32_t bit = AXIPERF_APM_ISR_COUNTER(7);

	(void)state;
	setup(6, 10);
	sel(7, AXIPERF_APM_M_READ_BYTES, SLOT);
	sel(8, AXIPERF_APM_M_READ_TRANSACTIONS, SLOT);
	apm_core_preset(&core, 0xffffffff - 39);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	run_seq(SLOT, 0, 12);		/* read A: 32 bytes */
	assert_int_equal(mc(7), 0xffffffff - 7);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), 0);
	run_seq(SLOT, 12, SEQ_CLOCKS);	/* read B: 8 more, past 2^32 - 1 */
	assert_int_equal(mc(7), 0);
	assert_int_equal(mc(8), 0xffffffff - 39 + 2);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), bit);
	assert_false(apm_core_irq(&core));		/* IER 0, GIE 0 */
	apm_core_write(&core, AXIPERF_APM_REG_IER, bit);
	assert_false(apm_core_irq(&core));		/* GIE 0 */
	apm_core_write(&core, AXIPERF_APM_REG_GIE, 1);
	assert_true(apm_core_irq(&core));
	assert_int_equal(apm_core_clocks_to_irq(&core), 0);
	apm_core_write(&core, AXIPERF_APM_REG_IER, AXIPERF_APM_ISR_COUNTER(8));
	assert_false(apm_core_irq(&core));		/* another source */
	apm_core_write(&core, AXIPERF_APM_REG_IER, bit);
	apm_core_write(&core, AXIPERF_APM_REG_ISR, AXIPERF_APM_ISR_COUNTER(8));
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), bit);	/* W1C */
	apm_core_write(&core, AXIPERF_APM_REG_ISR, bit);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), 0);
	assert_false(apm_core_irq(&core));
	/* IER holds the sources of ten counters, no more */
	apm_core_write(&core, AXIPERF_APM_REG_IER, 0xffffffff);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_IER), 0x1fff);
	/* a wrap by a huge run in one step: still one wrap mod 2^32 */
	setup(1, 8);
	sel(0, AXIPERF_APM_M_SLAVE_WRITE_IDLE, 0);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	apm_core_hold(&core, 0, &seq[7], 0x100000003ull);
	assert_int_equal(mc(0), 3);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_ISR), AXIPERF_APM_ISR_COUNTER(0));
}

/* The selector byte of each counter reads back as written, in its lane. */
static void selectors_read_back(void **state)
{
	unsigned int n;

	(void)state;
	setup(6, 10);
	for (n = 0; n < 10; n++)
		sel(n, (n * 7 + 3) & 0x1f, n % 8);
	for (n = 0; n < 10; n++)
		assert_int_equal((apm_core_read(&core, AXIPERF_APM_REG_MSR(n)) >>
				  AXIPERF_APM_MSR_SHIFT(n)) & 0xff,
				 AXIPERF_APM_SEL((n * 7 + 3) & 0x1f, n % 8));
	apm_core_write(&core, AXIPERF_APM_REG_MSR0, 0x12345678);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_MSR0), 0x12345678);
	/* eight counters: MSR2 (counters 8 and 9) holds nothing */
	setup(1, 8);
	apm_core_write(&core, AXIPERF_APM_REG_MSR2, 0xffff);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_MSR2), 0);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_MC(8)), 0);
}

/* A link reset ends what is in flight: the read's late beats find no
 * transaction and add no latency. */
static void link_reset_drops_transactions(void **state)
{
	(void)state;
	setup(6, 10);
	sel(0, AXIPERF_APM_M_READ_LATENCY, SLOT);
	sel(1, AXIPERF_APM_M_READ_LASTS, SLOT);
	ctl(AXIPERF_APM_CTL_MCNTR_ENABLE);
	run_seq(SLOT, 0, 6);
	apm_core_link_reset(&core, SLOT);
	run_seq(SLOT, 9, 11);
	assert_int_equal(mc(0), 0);
	assert_int_equal(mc(1), 1);
}

/* All registers that count, for comparing two cores. */
static void snapshot(struct apm_core *c, uint32_t *v)
{
	unsigned int n;

	for (n = 0; n < AXIPERF_APM_MAX_COUNTERS; n++) {
		v[n] = apm_core_read(c, AXIPERF_APM_REG_MC(n));
		v[AXIPERF_APM_MAX_COUNTERS + n] = apm_core_read(c, AXIPERF_APM_REG_SMC(n));
	}
	v[2 * AXIPERF_APM_MAX_COUNTERS] = apm_core_read(c, AXIPERF_APM_REG_ISR);
	v[2 * AXIPERF_APM_MAX_COUNTERS + 1] = apm_core_read(c, AXIPERF_APM_REG_GCC_LO);
}

/* Holding n equal clocks equals n single clocks, for wires that repeat
 * (stalls, beats that are not the last, idle) and wires that do not
 * (address handshakes, last beats), across sample-interval lapses. */
static void hold_equals_single_clocks(void **state)
{
	static const uint64_t ns[] = { 1, 2, 3, 17, 64 };
	static const struct axiperf_link drain[4] = {
		{ .rvalid = 1, .rready = 1, .rlast = 1, .rid = 1 },
		{ .rvalid = 1, .rready = 1, .rlast = 1, .rid = 2 },
		{ .awvalid = 1, .awready = 1 },
		{ .wvalid = 1, .wready = 1, .wlast = 1 },
	};
	static struct apm_core a, b;
	uint32_t va[2 * AXIPERF_APM_MAX_COUNTERS + 2], vb[2 * AXIPERF_APM_MAX_COUNTERS + 2];
	unsigned int i, j, n, pts;
	uint64_t k;

	(void)state;
	for (pts = 0; pts < 2; pts++) {
		for (i = 0; i < SEQ_CLOCKS; i++) {
			for (j = 0; j < sizeof(ns) / sizeof(ns[0]); j++) {
				apm_core_init(&a, 6, 10, 16);
				for (n = 0; n < 10; n++)
					apm_core_write(&a, AXIPERF_APM_REG_MSR(n),
						       apm_core_read(&a, AXIPERF_APM_REG_MSR(n)) |
						       (uint32_t)AXIPERF_APM_SEL(n + (pts ? 6 : 0), SLOT)
						       << AXIPERF_APM_MSR_SHIFT(n));
				apm_core_write(&a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_ENABLE |
					       AXIPERF_APM_CTL_GCC_ENABLE | (pts ? ALL_START_END : 0));
				apm_core_write(&a, AXIPERF_APM_REG_SI_LO, 5);
				apm_core_write(&a, AXIPERF_APM_REG_SICR, AXIPERF_APM_SICR_LOAD);
				apm_core_write(&a, AXIPERF_APM_REG_SICR, AXIPERF_APM_SICR_ENABLE);
				/* the sequence up to clock i, then clock i held n times,
				 * then the rest: the same on both */
				for (k = 0; k < i; k++)
					apm_core_hold(&a, SLOT, &seq[k], 1);
				b = a;
				apm_core_hold(&a, SLOT, &seq[i], ns[j]);
				for (k = 0; k < ns[j]; k++)
					apm_core_hold(&b, SLOT, &seq[i], 1);
				for (k = i + 1; k < SEQ_CLOCKS; k++) {
					apm_core_hold(&a, SLOT, &seq[k], 1);
					apm_core_hold(&b, SLOT, &seq[k], 1);
				}
				/* every transaction a held clock may have started
				 * ends, with its latency */
				for (k = 0; k < 4 * 70; k++) {
					apm_core_hold(&a, SLOT, &drain[k % 4], 1);
					apm_core_hold(&b, SLOT, &drain[k % 4], 1);
				}
				snapshot(&a, va);
				snapshot(&b, vb);
				if (memcmp(va, vb, sizeof(va)))
					fail_msg("clock %u held %llu times differs from as many single clocks",
						 i, (unsigned long long)ns[j]);
			}
		}
	}
}

/*
 * Two writes and two reads of two IDs each, for the ID filter. By clock:
 *   0  AW handshake, W1 (AWID 0x11, 1 beat)
 *   1  W beat, WLAST, strobe 0x0f (W1: 4 bytes)
 *   2  AW handshake, W2 (AWID 0x22, 2 beats); AR handshake, R1 (ARID 0x11,
 *      1 beat of 8 bytes)
 *   3  W beat, strobe 0xff (W2's first)
 *   4  WVALID, !WREADY (W2 waits)
 *   5  W beat, WLAST, strobe 0xff (W2's last); R beat, RLAST (R1)
 *   6  AR handshake, R2 (ARID 0x22, 2 beats of 8 bytes); B handshake
 *      (answers W1, the older of the two writes done)
 *   7  R beat (R2); B handshake (W2)   8  RVALID, !RREADY (R2 waits)
 *   9  R beat, RLAST (R2)
 * Latencies (issue = accept: every address is taken when issued; end at
 * the last beat): W1 1 - 0 = 1, W2 5 - 2 = 3, R1 5 - 2 = 3, R2 9 - 6 = 3.
 */
#define FSEQ_CLOCKS 10
static const struct axiperf_link fseq[FSEQ_CLOCKS] = {
	[0] = { .awvalid = 1, .awready = 1, .awid = 0x11, .awlen = 0, .awsize = 2 },
	[1] = { .wvalid = 1, .wready = 1, .wlast = 1, .wstrb = { 0x0f } },
	[2] = { .awvalid = 1, .awready = 1, .awid = 0x22, .awlen = 1, .awsize = 3,
		.arvalid = 1, .arready = 1, .arid = 0x11, .arlen = 0, .arsize = 3 },
	[3] = { .wvalid = 1, .wready = 1, .wstrb = { 0xff } },
	[4] = { .wvalid = 1, .wstrb = { 0xff } },
	[5] = { .wvalid = 1, .wready = 1, .wlast = 1, .wstrb = { 0xff },
		.rvalid = 1, .rready = 1, .rlast = 1, .rid = 0x11 },
	[6] = { .arvalid = 1, .arready = 1, .arid = 0x22, .arlen = 1, .arsize = 3,
		.bvalid = 1, .bready = 1 },
	[7] = { .rvalid = 1, .rready = 1, .rid = 0x22, .bvalid = 1, .bready = 1 },
	[8] = { .rvalid = 1, .rid = 0x22 },
	[9] = { .rvalid = 1, .rready = 1, .rlast = 1, .rid = 0x22 },
};

/* every metric, unfiltered */
static const uint32_t fseq_all[AXIPERF_APM_NUM_METRICS] = {
	[AXIPERF_APM_M_WRITE_TRANSACTIONS] = 2, [AXIPERF_APM_M_READ_TRANSACTIONS] = 2,
	[AXIPERF_APM_M_WRITE_BYTES] = 20, [AXIPERF_APM_M_READ_BYTES] = 24,
	[AXIPERF_APM_M_WRITE_BEATS] = 3, [AXIPERF_APM_M_READ_LATENCY] = 6,
	[AXIPERF_APM_M_WRITE_LATENCY] = 4, [AXIPERF_APM_M_SLAVE_WRITE_IDLE] = 1,
	[AXIPERF_APM_M_MASTER_READ_IDLE] = 1, [AXIPERF_APM_M_WRITE_RESPONSES] = 2,
	[AXIPERF_APM_M_WRITE_LASTS] = 2, [AXIPERF_APM_M_READ_LASTS] = 2,
	[AXIPERF_APM_M_WRITE_LATENCY_MIN] = 1, [AXIPERF_APM_M_WRITE_LATENCY_MAX] = 3,
	[AXIPERF_APM_M_READ_LATENCY_MIN] = 3, [AXIPERF_APM_M_READ_LATENCY_MAX] = 3,
};

/* writes of ID 0x22 (W2) and reads of ID 0x11 (R1) only */
static const uint32_t fseq_w22_r11[AXIPERF_APM_NUM_METRICS] = {
	[AXIPERF_APM_M_WRITE_TRANSACTIONS] = 1, [AXIPERF_APM_M_READ_TRANSACTIONS] = 1,
	[AXIPERF_APM_M_WRITE_BYTES] = 16, [AXIPERF_APM_M_READ_BYTES] = 8,
	[AXIPERF_APM_M_WRITE_BEATS] = 2, [AXIPERF_APM_M_READ_LATENCY] = 3,
	[AXIPERF_APM_M_WRITE_LATENCY] = 3, [AXIPERF_APM_M_SLAVE_WRITE_IDLE] = 1,
	[AXIPERF_APM_M_MASTER_READ_IDLE] = 0, [AXIPERF_APM_M_WRITE_RESPONSES] = 1,
	[AXIPERF_APM_M_WRITE_LASTS] = 1, [AXIPERF_APM_M_READ_LASTS] = 1,
	[AXIPERF_APM_M_WRITE_LATENCY_MIN] = 3, [AXIPERF_APM_M_WRITE_LATENCY_MAX] = 3,
	[AXIPERF_APM_M_READ_LATENCY_MIN] = 3, [AXIPERF_APM_M_READ_LATENCY_MAX] = 3,
};

/* no write and every read (see the wrong layout below) */
static const uint32_t fseq_reads_only[AXIPERF_APM_NUM_METRICS] = {
	[AXIPERF_APM_M_READ_TRANSACTIONS] = 2, [AXIPERF_APM_M_READ_BYTES] = 24,
	[AXIPERF_APM_M_READ_LATENCY] = 6, [AXIPERF_APM_M_MASTER_READ_IDLE] = 1,
	[AXIPERF_APM_M_READ_LASTS] = 2,
	[AXIPERF_APM_M_WRITE_LATENCY_MIN] = 0xffffffffu,
	[AXIPERF_APM_M_READ_LATENCY_MIN] = 3, [AXIPERF_APM_M_READ_LATENCY_MAX] = 3,
};

/*
 * fseq on a core whose filter has id_bits, the filter registers written
 * as regs (ID, ID_MASK, RID, RID_MASK) and CTL.id_filter as on: every
 * metric's count against want.
 */
static void fseq_check(unsigned int id_bits, const uint32_t regs[4], bool on,
		       const uint32_t *want, const char *what)
{
	unsigned int first, n;

	for (first = 0; first < AXIPERF_APM_NUM_METRICS; first += 10) {
		apm_core_init(&core, 1, 10, id_bits);
		for (n = 0; n < 10 && first + n < AXIPERF_APM_NUM_METRICS; n++)
			sel(n, first + n, 0);
		apm_core_write(&core, AXIPERF_APM_REG_ID, regs[0]);
		apm_core_write(&core, AXIPERF_APM_REG_ID_MASK, regs[1]);
		apm_core_write(&core, AXIPERF_APM_REG_RID, regs[2]);
		apm_core_write(&core, AXIPERF_APM_REG_RID_MASK, regs[3]);
		start(on ? AXIPERF_APM_CTL_ID_FILTER : 0);
		for (n = 0; n < FSEQ_CLOCKS; n++)
			apm_core_hold(&core, 0, &fseq[n], 1);
		for (n = 0; n < 10 && first + n < AXIPERF_APM_NUM_METRICS; n++)
			if (mc(n) != want[first + n])
				fail_msg("%s: metric %u counts %u, expected %u", what,
					 first + n, mc(n), want[first + n]);
	}
}

/* The ID filter in both layouts; a layout other than the core's is wrong. */
static void id_filter_layouts(void **state)
{
	/* 16-bit: write in 15:0, read in 31:16 of ID and ID_MASK */
	static const uint32_t l16[4] = { 0x00110022, 0x00ff00ff, 0, 0 };
	/* 32-bit: ID, ID_MASK the write filter, RID, RID_MASK the read */
	static const uint32_t l32[4] = { 0x22, 0xff, 0x11, 0xff };
	/* the mask decides: masked to bit 1 (write) and bit 0 (read), 0x22 and
	 * 0x11 still differ; masked to bits 3:2, where both are 0, both pass */
	static const uint32_t l32_bit1[4] = { 0x22, 0x02, 0x11, 0x01 };
	static const uint32_t l32_bits32[4] = { 0x22, 0x0c, 0x11, 0x0c };
	/* upper ID bits: the 16-bit layout compares 16 bits only */
	static const uint32_t l16_wide[4] = { 0x00110022, 0xffffffff, 0, 0 };

	(void)state;
	fseq_check(16, l16, false, fseq_all, "16-bit, filter off");
	fseq_check(16, l16, true, fseq_w22_r11, "16-bit");
	fseq_check(32, l32, true, fseq_w22_r11, "32-bit");
	fseq_check(32, l32_bit1, true, fseq_w22_r11, "32-bit, one mask bit");
	fseq_check(32, l32_bits32, true, fseq_all, "32-bit, mask bits both IDs agree on");
	fseq_check(16, l16_wide, true, fseq_w22_r11, "16-bit, a 32-bit mask");
	/*
	 * The 16-bit layout on a 32-bit filter (what a driver that ignores
	 * the build does): RID_MASK is 0, every read passes; the write filter
	 * is 0x00110022 under 0x00ff00ff, which no 8-bit AWID matches.
	 */
	fseq_check(32, l16, true, fseq_reads_only, "16-bit values on a 32-bit filter");
	/* and the 32-bit layout on a 16-bit filter: RID is not built, reads 0 */
	apm_core_init(&core, 1, 10, 16);
	apm_core_write(&core, AXIPERF_APM_REG_RID, 0x11);
	apm_core_write(&core, AXIPERF_APM_REG_RID_MASK, 0xff);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_RID), 0);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_RID_MASK), 0);
	apm_core_init(&core, 1, 10, 32);
	apm_core_write(&core, AXIPERF_APM_REG_RID, 0x11);
	apm_core_write(&core, AXIPERF_APM_REG_RID_MASK, 0xff);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_RID), 0x11);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_RID_MASK), 0xff);
}

/* fseq's clocks held n times each equal n single clocks, filter on: the
 * write responses' queue and the write beats' IDs move with each clock. */
static void id_filter_hold_equals_single_clocks(void **state)
{
	static struct apm_core a, b;
	unsigned int i, n;
	uint64_t k;

	(void)state;
	for (i = 0; i < FSEQ_CLOCKS; i++) {
		apm_core_init(&a, 1, 10, 32);
		for (n = 0; n < 10; n++)
			apm_core_write(&a, AXIPERF_APM_REG_MSR(n),
				       apm_core_read(&a, AXIPERF_APM_REG_MSR(n)) |
				       (uint32_t)AXIPERF_APM_SEL(n, 0) << AXIPERF_APM_MSR_SHIFT(n));
		apm_core_write(&a, AXIPERF_APM_REG_ID, 0x22);
		apm_core_write(&a, AXIPERF_APM_REG_ID_MASK, 0xff);
		apm_core_write(&a, AXIPERF_APM_REG_RID, 0x11);
		apm_core_write(&a, AXIPERF_APM_REG_RID_MASK, 0xff);
		apm_core_write(&a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_ENABLE |
			       AXIPERF_APM_CTL_ID_FILTER);
		for (k = 0; k < i; k++)
			apm_core_hold(&a, 0, &fseq[k], 1);
		b = a;
		apm_core_hold(&a, 0, &fseq[i], 3);
		for (k = 0; k < 3; k++)
			apm_core_hold(&b, 0, &fseq[i], 1);
		for (k = i + 1; k < FSEQ_CLOCKS; k++) {
			apm_core_hold(&a, 0, &fseq[k], 1);
			apm_core_hold(&b, 0, &fseq[k], 1);
		}
		for (n = 0; n < 10; n++)
			if (apm_core_read(&a, AXIPERF_APM_REG_MC(n)) !=
			    apm_core_read(&b, AXIPERF_APM_REG_MC(n)))
				fail_msg("clock %u held 3 times: metric %u %u, as 3 single clocks %u",
					 i, n, apm_core_read(&a, AXIPERF_APM_REG_MC(n)),
					 apm_core_read(&b, AXIPERF_APM_REG_MC(n)));
	}
}

/*
 * A reset sets what each counter is selected as then: a counter selected
 * as a minimum or maximum later compares against what it held (the
 * read bytes, 40, here), and only a reset after the selector makes it
 * the extreme of the latencies that follow.
 */
static void extremes_start_at_a_reset(void **state)
{
	(void)state;
	setup(1, 8);
	sel(0, AXIPERF_APM_M_READ_BYTES, 0);
	sel(1, AXIPERF_APM_M_READ_BYTES, 0);
	start(0);
	run_seq(0, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 40);
	/* reselected, no reset: the max keeps 40 (above the latencies 10
	 * and 2), the min takes the smallest latency below 40 */
	sel(0, AXIPERF_APM_M_READ_LATENCY_MAX, 0);
	sel(1, AXIPERF_APM_M_READ_LATENCY_MIN, 0);
	assert_int_equal(mc(0), 40);
	run_seq(0, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 40);
	assert_int_equal(mc(1), 2);
	/* a sample that resets (SICR.met_cnt_rst) sets them as a reset does */
	apm_core_write(&core, AXIPERF_APM_REG_SICR, AXIPERF_APM_SICR_MET_CNT_RST);
	apm_core_read(&core, AXIPERF_APM_REG_SR);
	assert_int_equal(apm_core_read(&core, AXIPERF_APM_REG_SMC(0)), 40);
	assert_int_equal(mc(0), 0);
	assert_int_equal(mc(1), 0xffffffffu);
	run_seq(0, 0, SEQ_CLOCKS);
	assert_int_equal(mc(0), 10);
	assert_int_equal(mc(1), 2);
	/* the reset's value follows the selector at the reset */
	sel(0, AXIPERF_APM_M_READ_LATENCY_MIN, 0);
	sel(1, AXIPERF_APM_M_READ_LATENCY_MAX, 0);
	ctl(AXIPERF_APM_CTL_MCNTR_RESET);
	assert_int_equal(mc(0), 0xffffffffu);
	assert_int_equal(mc(1), 0);
}

/*
 * Two slots at once: the sequence's read channels on slot 1 and its write
 * channels on slot 4 on the same clocks (a DMA reading through one port,
 * writing through another): each slot counts its own direction in full,
 * and nothing of the other's.
 */
static void two_slots_at_once(void **state)
{
	const struct axiperf_link *links[AXIPERF_APM_MAX_SLOTS] = { NULL };
	struct axiperf_link rd, wr;
	unsigned int i;

	(void)state;
	setup(6, 8);
	sel(0, AXIPERF_APM_M_READ_BYTES, 1);
	sel(1, AXIPERF_APM_M_WRITE_BYTES, 4);
	sel(2, AXIPERF_APM_M_READ_BYTES, 4);
	sel(3, AXIPERF_APM_M_WRITE_BYTES, 1);
	sel(4, AXIPERF_APM_M_READ_LASTS, 1);
	sel(5, AXIPERF_APM_M_WRITE_RESPONSES, 4);
	sel(6, AXIPERF_APM_M_READ_TRANSACTIONS, 1);
	sel(7, AXIPERF_APM_M_WRITE_TRANSACTIONS, 1);
	start(0);
	links[1] = &rd;
	links[4] = &wr;
	for (i = 0; i < SEQ_CLOCKS; i++) {
		apm_core_split_link(&seq[i], &rd, &wr);
		apm_core_hold_slots(&core, links, 1);
	}
	assert_int_equal(mc(0), seq_expect[AXIPERF_APM_M_READ_BYTES]);
	assert_int_equal(mc(1), seq_expect[AXIPERF_APM_M_WRITE_BYTES]);
	assert_int_equal(mc(2), 0);
	assert_int_equal(mc(3), 0);
	assert_int_equal(mc(4), seq_expect[AXIPERF_APM_M_READ_LASTS]);
	assert_int_equal(mc(5), seq_expect[AXIPERF_APM_M_WRITE_RESPONSES]);
	assert_int_equal(mc(6), seq_expect[AXIPERF_APM_M_READ_TRANSACTIONS]);
	assert_int_equal(mc(7), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_metric_on_the_watched_slot),
		cmocka_unit_test(nothing_counts_on_other_slots),
		cmocka_unit_test(latency_start_and_end_points),
		cmocka_unit_test(write_data_before_address),
		cmocka_unit_test(counters_stop_while_disabled),
		cmocka_unit_test(ctl_reset_clears_and_holds),
		cmocka_unit_test(global_clock_counter),
		cmocka_unit_test(sample_register),
		cmocka_unit_test(sample_interval),
		cmocka_unit_test(counter_wraps_and_interrupts),
		cmocka_unit_test(selectors_read_back),
		cmocka_unit_test(link_reset_drops_transactions),
		cmocka_unit_test(hold_equals_single_clocks),
		cmocka_unit_test(id_filter_layouts),
		cmocka_unit_test(id_filter_hold_equals_single_clocks),
		cmocka_unit_test(extremes_start_at_a_reset),
		cmocka_unit_test(two_slots_at_once),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
