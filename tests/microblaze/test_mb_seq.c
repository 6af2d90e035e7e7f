// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The driver's access sequences (driver/microblaze/mb_seq.c) run against the
 * MDM model (tools/qemu/mdm/mdm_core.c): every count the driver computes is
 * compared with the workload's exact expectation, across overflow
 * interrupts at widths 32, 48 and 64, with latency items, core selection,
 * reprogramming while counting, and the JTAG side holding the lock.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mdm_core.h"
#include "mb_seq.h"

#define COUNT AXIPERF_MB_FIELD_COUNT
#define SUM AXIPERF_MB_FIELD_SUM
#define SUM_SQ AXIPERF_MB_FIELD_SUM_SQ
#define MIN AXIPERF_MB_FIELD_MIN
#define MAX AXIPERF_MB_FIELD_MAX

static struct mdm_core model;
static struct mb_scratch scratch;
static unsigned int steal_after;	/* JTAG takes the lock after this many accesses (0: never) */
static unsigned int accesses;

static void maybe_steal(void)
{
	if (steal_after && ++accesses == steal_after)
		mdm_core_wl_write(&model, MDM_WL_CTRL, MDM_WL_CTRL_JTAG_LOCK);
}

static u32 io_read(void *ctx, unsigned int offset)
{
	maybe_steal();
	return mdm_core_read(ctx, offset);
}

static void io_write(void *ctx, unsigned int offset, u32 value)
{
	maybe_steal();
	mdm_core_write(ctx, offset, value);
}

static struct mb_io io = { io_read, io_write, &model, 1 };

static void setup_model(uint32_t ncores, const uint32_t *widths, uint32_t ne, uint32_t nl)
{
	assert_int_equal(mdm_core_init(&model, ncores, widths, ne, nl, 100000000), 0);
	io.nports = ncores;
	steal_after = 0;
	accesses = 0;
}

static void setup_core(struct mb_core *c, unsigned int port)
{
	memset(c, 0, sizeof(*c));
	c->cfg.width = model.cpu[port].width;
	c->cfg.n_event = model.cpu[port].n_event;
	c->cfg.n_latency = model.cpu[port].n_latency;
	c->port = port;
	mb_alloc_init(&c->alloc);
}

static void rate(uint32_t core, uint32_t event, uint32_t num, uint32_t den)
{
	mdm_core_wl_write(&model, MDM_WL_CORE, core);
	mdm_core_wl_write(&model, MDM_WL_EVENT, event);
	mdm_core_wl_write(&model, MDM_WL_RATE_NUM, num);
	mdm_core_wl_write(&model, MDM_WL_RATE_DEN, den);
}

static void pattern(uint32_t core, uint32_t event, const uint32_t *lat, uint32_t n)
{
	uint32_t i;

	mdm_core_wl_write(&model, MDM_WL_CORE, core);
	mdm_core_wl_write(&model, MDM_WL_EVENT, event);
	mdm_core_wl_write(&model, MDM_WL_LAT_INDEX, 0);
	for (i = 0; i < n; i++)
		mdm_core_wl_write(&model, MDM_WL_LAT_VALUE, lat[i]);
	mdm_core_wl_write(&model, MDM_WL_LAT_COUNT, n);
}

/* What the driver does in pmu->add for an event: take a counter, program, init. */
static int add_counter(struct mb_core *c, unsigned int event, unsigned int item, uint64_t preset,
		       bool exclusive)
{
	int idx = mb_alloc_get(&c->alloc, &c->cfg, event, item, exclusive);

	assert_true(idx >= 0);
	if (c->alloc.slot[idx].users == 1) {
		c->preset[idx] = preset;
		assert_int_equal(mb_seq_program(&io, c, BIT_ULL(idx), &scratch), 0);
		mb_acc_init(&c->acc[idx], preset);
	}
	return idx;
}

static int add(struct mb_core *c, unsigned int event, unsigned int item, uint64_t preset)
{
	return add_counter(c, event, item, preset, preset != 0);
}

static uint64_t value(struct mb_core *c, int idx, unsigned int field)
{
	return mb_acc_value(&c->acc[idx], field);
}

/* Run to the next Dbg_Intr and handle it as the driver's interrupt does. */
static uint64_t run_to_irq_and_handle(struct mb_core *c)
{
	uint64_t n = mdm_core_cycles_to_irq(&model);

	assert_true(n != UINT64_MAX);
	mdm_core_advance(&model, n);
	assert_true(mdm_core_irq(&model));
	assert_int_equal(mb_seq_sync(&io, c, true, &scratch), 0);
	assert_false(mdm_core_irq(&model));
	return n;
}

static void counts_across_overflows(unsigned int width, uint64_t preset)
{
	uint32_t widths[1] = { width };
	struct mb_core c;
	uint64_t cycles = 0, top = width == 64 ? ~0ULL : (1ULL << width) - 1;
	int cyc, ins, i;

	setup_model(1, widths, 2, 0);
	setup_core(&c, 0);
	rate(0, 0, 2, 3);			/* two instructions every three cycles */
	cyc = add(&c, 30, COUNT, preset);
	ins = add(&c, 0, COUNT, 0);
	/* first overflow: the preset counter reaches its maximum */
	cycles += run_to_irq_and_handle(&c);
	assert_int_equal(cycles, top - preset);
	for (i = 0; i < 2 && width == 32; i++)
		cycles += run_to_irq_and_handle(&c);	/* whole 2^32 periods */
	mdm_core_advance(&model, 12345);
	cycles += 12345;
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, cyc, COUNT), cycles);
	assert_int_equal(value(&c, ins, COUNT), cycles * 2 / 3);
}

static void counts_are_exact_across_overflow_interrupts_at_32_bits(void **state)
{
	(void)state;
	counts_across_overflows(32, 0xFFFFF000);
}

static void counts_are_exact_across_overflow_interrupts_at_48_bits(void **state)
{
	(void)state;
	counts_across_overflows(48, 0xFFFFFFFFF000ULL);
}

static void counts_are_exact_across_overflow_interrupts_at_64_bits(void **state)
{
	(void)state;
	counts_across_overflows(64, 0xFFFFFFFFFFFFF000ULL);
}

static void polls_without_clear_follow_wraps(void **state)
{
	/* 32 bits, no interrupt handled: samples every 3e9 cycles see each wrap */
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int idx, i;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	idx = add(&c, 30, COUNT, 0);
	for (i = 0; i < 5; i++) {
		mdm_core_advance(&model, 3000000000ULL);
		assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	}
	assert_int_equal(value(&c, idx, COUNT), 15000000000ULL);
}

static void latency_items_are_exact_across_clears(void **state)
{
	/* E58 every 8 cycles, latencies 3, 5, 7: per 3 occurrences sum 15, sum_sq 83 */
	static const uint32_t widths[] = { 48 };
	static const uint32_t lat[] = { 3, 5, 7 };
	struct mb_core c;
	int s, n, q, lo, hi, i;

	(void)state;
	setup_model(1, widths, 1, 1);
	setup_core(&c, 0);
	rate(0, 58, 1, 8);
	pattern(0, 58, lat, 3);
	s = add(&c, 58, SUM, 0);
	n = add(&c, 58, COUNT, 0);
	q = add(&c, 58, SUM_SQ, 0);
	lo = add(&c, 58, MIN, 0);
	hi = add(&c, 58, MAX, 0);
	assert_int_equal(s, 1);			/* the latency counter, shared by all five */
	assert_true(s == n && n == q && q == lo && lo == hi);
	for (i = 0; i < 4; i++) {
		mdm_core_advance(&model, 240);	/* 30 occurrences = 10 patterns */
		assert_int_equal(mb_seq_sync(&io, &c, i & 1, &scratch), 0);
	}
	assert_int_equal(value(&c, n, COUNT), 120);
	assert_int_equal(value(&c, s, SUM), 600);
	assert_int_equal(value(&c, q, SUM_SQ), 40 * 83);
	assert_int_equal(value(&c, lo, MIN), 3);
	assert_int_equal(value(&c, hi, MAX), 7);
}

static void adding_a_counter_keeps_running_counts_exact(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc, ins;

	(void)state;
	setup_model(1, widths, 2, 0);
	setup_core(&c, 0);
	rate(0, 0, 1, 2);
	cyc = add(&c, 30, COUNT, 0);
	mdm_core_advance(&model, 1000);
	ins = add(&c, 0, COUNT, 0);		/* reprograms every counter */
	mdm_core_advance(&model, 1000);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, cyc, COUNT), 2000);
	assert_int_equal(value(&c, ins, COUNT), 500);
}

static void stop_freezes_the_totals(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	cyc = add(&c, 30, COUNT, 0);
	mdm_core_advance(&model, 77);
	assert_int_equal(mb_seq_stop(&io, &c, &scratch), 0);
	assert_false(c.running);
	mdm_core_advance(&model, 1000);
	assert_int_equal(value(&c, cyc, COUNT), 77);
	assert_false(model.cpu[0].running);
}

static void which_mb_reaches_only_the_selected_core(void **state)
{
	static const uint32_t widths[] = { 32, 64 };
	struct mb_core c1;
	int idx;

	(void)state;
	setup_model(2, widths, 1, 0);
	setup_core(&c1, 1);
	rate(0, 0, 1, 1);
	rate(1, 0, 1, 4);
	idx = add(&c1, 0, COUNT, 0);
	assert_false(model.cpu[0].running);	/* core 0 untouched */
	assert_true(model.cpu[1].running);
	mdm_core_advance(&model, 400);
	assert_int_equal(mb_seq_sync(&io, &c1, false, &scratch), 0);
	assert_int_equal(value(&c1, idx, COUNT), 100);
}

static void jtag_lock_refuses_without_losing_counts(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	cyc = add(&c, 30, COUNT, 0);
	mdm_core_advance(&model, 100);
	mdm_core_wl_write(&model, MDM_WL_CTRL, MDM_WL_CTRL_JTAG_LOCK);
	assert_true(mb_seq_jtag_locked(&io));
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), -EBUSY);
	assert_int_equal(mb_seq_program(&io, &c, -1, &scratch), -EBUSY);
	assert_int_equal(value(&c, cyc, COUNT), 0);
	mdm_core_advance(&model, 100);
	mdm_core_wl_write(&model, MDM_WL_CTRL, 0);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, cyc, COUNT), 200);
}

static void lock_taken_mid_sequence_discards_the_sample(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	cyc = add(&c, 30, COUNT, 0);
	mdm_core_advance(&model, 50);
	accesses = 0;
	steal_after = 8;	/* after the Sample command, before the data is read */
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), -EBUSY);
	assert_int_equal(value(&c, cyc, COUNT), 0);	/* no garbage folded in */
	steal_after = 0;
	mdm_core_wl_write(&model, MDM_WL_CTRL, 0);
	mdm_core_advance(&model, 50);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, cyc, COUNT), 100);
}

static void mdm_configuration_is_read_before_core_selection(void **state)
{
	static const uint32_t widths[] = { 32, 32, 32 };
	u32 cfg = 0;

	(void)state;
	setup_model(3, widths, 1, 0);
	assert_int_equal(mb_seq_config(&io, &cfg), 0);
	assert_int_equal(cfg >> 24, AXIPERF_MB_CONFIG_MAGIC);
	assert_int_equal((cfg >> 8) & 0xff, 3);
}

static void idle_core_clear_drops_its_dbg_intr(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	add(&c, 30, COUNT, 0xFFFFFFF0);
	mdm_core_advance(&model, 15);
	assert_true(mdm_core_irq(&model));
	c.running = false;		/* as if nobody counted on it any more */
	assert_int_equal(mb_seq_clear(&io, 0), 0);
	assert_false(mdm_core_irq(&model));
}

static void width_mismatch_is_reported_as_out_of_step(void **state)
{
	/* the device tree says 48 bits, the MicroBlaze counts in 32 */
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc;

	(void)state;
	setup_model(1, widths, 1, 0);
	setup_core(&c, 0);
	c.cfg.width = 48;
	cyc = add(&c, 30, COUNT, 0);
	mdm_core_advance(&model, 70000);	/* above 16 bits: lands in a reserved half */
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), -EPROTO);
	assert_int_equal(value(&c, cyc, COUNT), 0);
}

static void preset_survives_adding_more_events(void **state)
{
	/* the second add reprograms every counter; the first keeps its preset */
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int cyc;

	(void)state;
	setup_model(1, widths, 3, 0);
	setup_core(&c, 0);
	cyc = add(&c, 30, COUNT, 0xFFFFFF00);
	mdm_core_advance(&model, 16);
	add(&c, 0, COUNT, 0);
	add(&c, 1, COUNT, 0);
	assert_int_equal(mdm_core_cycles_to_irq(&model), 0xFF - 16);
	assert_int_equal(run_to_irq_and_handle(&c), 0xFF - 16);
	assert_int_equal(value(&c, cyc, COUNT), 0xFF);
}

/*
 * Sampling as the driver's overflow interrupt does it on a local CPU:
 * freeze (Sample + Stop + Clear), take the events since the last freeze
 * off the period left, preset the sampling counter so that it reaches its
 * maximum when the period ends, thaw. Time stands still in between, as the
 * counters do on the hardware, so every interrupt comes exactly when a
 * period (or, for a period beyond the counter's range, a whole range)
 * ends, and both counters of the same event keep equal totals.
 */
static void sampling_rearm(unsigned int width, uint64_t period)
{
	uint32_t widths[1] = { width };
	uint64_t top = width == 64 ? ~0ULL : (1ULL << width) - 1, cycles = 0, prev = 0;
	uint64_t samples = 0, irqs = 0;
	struct mb_core c;
	s64 left = (s64)period;
	int smp, cnt;

	setup_model(1, widths, 2, 0);
	setup_core(&c, 0);
	rate(0, 30, 1, 1);
	smp = add_counter(&c, 30, COUNT, mb_period_preset(width, left), true);
	cnt = add(&c, 30, COUNT, 0);	/* a counting event beside it: its own counter */
	assert_int_not_equal(smp, cnt);
	while (samples < 5) {
		uint64_t n = mdm_core_cycles_to_irq(&model), now;

		/* the next interrupt: the period's end, or a whole counter range */
		assert_int_equal(n, (uint64_t)left < top ? (uint64_t)left : top);
		mdm_core_advance(&model, n);
		cycles += n;
		irqs++;
		assert_true(mdm_core_irq(&model));
		assert_int_equal(mb_seq_freeze(&io, &c, 0, &scratch), 0);
		assert_false(mdm_core_irq(&model));
		now = value(&c, smp, COUNT);
		if (mb_period_step(&left, period, now - prev))
			samples++;
		prev = now;
		c.preset[smp] = mb_period_preset(width, left);
		assert_int_equal(mb_seq_thaw(&io, &c, BIT_ULL(smp), 0, &scratch), 0);
		assert_int_equal(value(&c, smp, COUNT), cycles);
		assert_int_equal(value(&c, cnt, COUNT), cycles);
		assert_int_equal(samples, cycles / period);
	}
	assert_int_equal(irqs, width == 32 && period > top ? 5 * ((period + top - 1) / top) : 5);
	/* a counting read between interrupts sees both totals */
	mdm_core_advance(&model, 777);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, smp, COUNT), cycles + 777);
	assert_int_equal(value(&c, cnt, COUNT), cycles + 777);
}

static void sampling_rearm_is_exact_at_32_bits(void **state)
{
	(void)state;
	sampling_rearm(32, 100000);
	sampling_rearm(32, 0x180000000ULL);	/* beyond 2^32 - 1: two interrupts per sample */
}

static void sampling_rearm_is_exact_at_48_bits(void **state)
{
	(void)state;
	sampling_rearm(48, 100000);
	sampling_rearm(48, 0x300000005ULL);	/* a preset with bits in both data items */
}

static void sampling_rearm_is_exact_at_64_bits(void **state)
{
	(void)state;
	sampling_rearm(64, 100000);
	sampling_rearm(64, 0x300000005ULL);
}

static void period_step_and_preset(void **state)
{
	s64 left = 10;

	(void)state;
	assert_false(mb_period_step(&left, 10, 9));
	assert_int_equal(left, 1);
	assert_true(mb_period_step(&left, 10, 3));	/* 2 past the end: 8 left */
	assert_int_equal(left, 8);
	assert_true(mb_period_step(&left, 10, 35));	/* several periods: one sample */
	assert_int_equal(left, 10);
	assert_int_equal(mb_period_preset(32, 1), 0xFFFFFFFEULL);
	assert_int_equal(mb_period_preset(32, 0x100000000LL), 0);
	assert_int_equal(mb_period_preset(48, 5), 0xFFFFFFFFFFFAULL);
	assert_int_equal(mb_period_preset(64, 5), 0xFFFFFFFFFFFFFFFAULL);
}

/* pmu_disable/pmu_enable: paused, the counters hold; a thaw does not restart them. */
static void pause_holds_every_counter(void **state)
{
	static const uint32_t widths[] = { 32 };
	struct mb_core c;
	int a, b;

	(void)state;
	setup_model(1, widths, 2, 0);
	setup_core(&c, 0);
	rate(0, 30, 1, 1);
	rate(0, 0, 1, 2);
	assert_int_equal(mb_seq_pause(&io, &c, true), 0);
	a = add(&c, 30, COUNT, 0);	/* programmed while paused: not started */
	b = add(&c, 0, COUNT, 0);
	mdm_core_advance(&model, 1000);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, a, COUNT), 0);
	assert_int_equal(mb_seq_pause(&io, &c, false), 0);	/* both start at once */
	mdm_core_advance(&model, 1000);
	assert_int_equal(mb_seq_pause(&io, &c, true), 0);
	mdm_core_advance(&model, 5000);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, a, COUNT), 1000);
	assert_int_equal(value(&c, b, COUNT), 500);
	assert_int_equal(mb_seq_pause(&io, &c, false), 0);
	mdm_core_advance(&model, 10);
	assert_int_equal(mb_seq_sync(&io, &c, false, &scratch), 0);
	assert_int_equal(value(&c, a, COUNT), 1010);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_are_exact_across_overflow_interrupts_at_32_bits),
		cmocka_unit_test(counts_are_exact_across_overflow_interrupts_at_48_bits),
		cmocka_unit_test(counts_are_exact_across_overflow_interrupts_at_64_bits),
		cmocka_unit_test(sampling_rearm_is_exact_at_32_bits),
		cmocka_unit_test(sampling_rearm_is_exact_at_48_bits),
		cmocka_unit_test(sampling_rearm_is_exact_at_64_bits),
		cmocka_unit_test(period_step_and_preset),
		cmocka_unit_test(pause_holds_every_counter),
		cmocka_unit_test(polls_without_clear_follow_wraps),
		cmocka_unit_test(latency_items_are_exact_across_clears),
		cmocka_unit_test(adding_a_counter_keeps_running_counts_exact),
		cmocka_unit_test(stop_freezes_the_totals),
		cmocka_unit_test(which_mb_reaches_only_the_selected_core),
		cmocka_unit_test(jtag_lock_refuses_without_losing_counts),
		cmocka_unit_test(lock_taken_mid_sequence_discards_the_sample),
		cmocka_unit_test(mdm_configuration_is_read_before_core_selection),
		cmocka_unit_test(idle_core_clear_drops_its_dbg_intr),
		cmocka_unit_test(width_mismatch_is_reported_as_out_of_step),
		cmocka_unit_test(preset_survives_adding_more_events),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("mb_seq", tests, NULL, NULL);
}
