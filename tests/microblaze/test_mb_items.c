// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of driver/microblaze/mb_items.c against hand-computed item
 * sequences (UG984 "Performance Counter Data Items") and the manual's
 * DBG_CTRL values, written here as literals on purpose: they must not come
 * from the generated header under test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <stdint.h>
#include <cmocka.h>

#include "mb_items.h"
#include "axiperf/microblaze_figures.h"

#define EV AXIPERF_MB_KIND_EVENT
#define LAT AXIPERF_MB_KIND_LATENCY
#define COUNT AXIPERF_MB_FIELD_COUNT
#define SUM AXIPERF_MB_FIELD_SUM
#define SUM_SQ AXIPERF_MB_FIELD_SUM_SQ
#define MIN AXIPERF_MB_FIELD_MIN
#define MAX AXIPERF_MB_FIELD_MAX

static void dbg_ctrl_matches_manual_values(void **state)
{
	u32 v;

	(void)state;
	assert_int_equal(mb_dbg_ctrl(2, 0x51, 8, &v), 0);
	assert_int_equal(v, 0x4A207);
	assert_int_equal(mb_dbg_ctrl(2, 0x52, 5, &v), 0);
	assert_int_equal(v, 0x4A404);
	assert_int_equal(mb_dbg_ctrl(2, 0x53, 2, &v), 0);
	assert_int_equal(v, 0x4A601);
	assert_int_equal(mb_dbg_ctrl(2, 0x56, 32, &v), 0);
	assert_int_equal(v, 0x4AC1F);
	assert_int_equal(mb_dbg_ctrl(2, 0x57, 32, &v), 0);
	assert_int_equal(v, 0x4AE1F);
	assert_int_equal(mb_dbg_ctrl(3, 0x0c, 32, &v), 0);
	assert_int_equal(v, 0x6181F);
	assert_int_equal(mb_dbg_ctrl(3, 0x0d, 8, &v), 0);
	assert_int_equal(v, 0x61A07);
	assert_int_equal(mb_dbg_ctrl(3, 0x0d, 32, &v), 0);
	assert_int_equal(v, 0x61A1F);
}

static void dbg_ctrl_refuses_fields_that_do_not_fit(void **state)
{
	u32 v = 0x1234;

	(void)state;
	assert_int_equal(mb_dbg_ctrl(4, 0x51, 8, &v), -EINVAL);
	assert_int_equal(mb_dbg_ctrl(2, 0x100, 8, &v), -EINVAL);
	assert_int_equal(mb_dbg_ctrl(2, 0x51, 0, &v), -EINVAL);
	assert_int_equal(mb_dbg_ctrl(2, 0x51, 513, &v), -EINVAL);
	assert_int_equal(v, 0x1234);
}

static void items_per_counter_follow_the_width(void **state)
{
	(void)state;
	assert_int_equal(mb_items_per_counter(32, EV), 1);
	assert_int_equal(mb_items_per_counter(32, LAT), 4);
	assert_int_equal(mb_items_per_counter(48, EV), 2);
	assert_int_equal(mb_items_per_counter(48, LAT), 7);
	assert_int_equal(mb_items_per_counter(64, EV), 2);
	assert_int_equal(mb_items_per_counter(64, LAT), 7);
	assert_int_equal(mb_items_per_counter(40, EV), -EINVAL);
	assert_false(mb_width_ok(16));
	assert_true(mb_width_ok(48));
}

static void default_configuration_reads_nine_items(void **state)
{
	/* UG984: five reads for the event counters, four for the latency counter */
	struct mb_config c = { 32, 5, 1 };

	(void)state;
	assert_int_equal(mb_total_items(&c), 9);
	c.width = 64;
	assert_int_equal(mb_total_items(&c), 5 * 2 + 7);
}

static void field_widths_per_counter_width(void **state)
{
	(void)state;
	assert_int_equal(mb_field_bits(32, LAT, MIN), 16);
	assert_int_equal(mb_field_bits(32, LAT, MAX), 16);
	assert_int_equal(mb_field_bits(48, EV, COUNT), 48);
	assert_int_equal(mb_field_bits(48, LAT, COUNT), 32);
	assert_int_equal(mb_field_bits(48, LAT, SUM_SQ), 48);
	assert_int_equal(mb_field_bits(64, LAT, SUM), 64);
	assert_int_equal(mb_field_bits(64, LAT, MIN), 32);
	assert_int_equal(mb_field_bits(64, EV, SUM), 0);
}

static void decodes_width_32_sequence(void **state)
{
	/* 5 event counters, then latencies {4, 6, 11}: N 3, sum 21, sum_sq 173 */
	static const u32 items[] = { 1000, 2000, 0, 0xFFFFFFFF, 7, 3, 21, 173, 0x0004000B };
	struct mb_config c = { 32, 5, 1 };
	struct mb_values v[6];

	(void)state;
	assert_int_equal(mb_decode_all(&c, items, 9, v), 0);
	assert_int_equal(v[0].f[COUNT], 1000);
	assert_int_equal(v[1].f[COUNT], 2000);
	assert_int_equal(v[2].f[COUNT], 0);
	assert_int_equal(v[3].f[COUNT], 0xFFFFFFFFULL);
	assert_int_equal(v[4].f[COUNT], 7);
	assert_int_equal(v[5].f[COUNT], 3);
	assert_int_equal(v[5].f[SUM], 21);
	assert_int_equal(v[5].f[SUM_SQ], 173);
	assert_int_equal(v[5].f[MIN], 4);
	assert_int_equal(v[5].f[MAX], 11);
}

static void decodes_width_48_sequence(void **state)
{
	/* event 0x0123456789AB; latency N 3, sum 0x1_00000005, sum_sq 0x2_0000000A */
	static const u32 items[] = {
		0x00000123, 0x456789AB,
		3, 0x00000001, 0x00000005, 0x00000002, 0x0000000A, 0x10, 0x12345,
	};
	struct mb_config c = { 48, 1, 1 };
	struct mb_values v[2];

	(void)state;
	assert_int_equal(mb_decode_all(&c, items, 9, v), 0);
	assert_int_equal(v[0].f[COUNT], 0x0123456789ABULL);
	assert_int_equal(v[1].f[COUNT], 3);
	assert_int_equal(v[1].f[SUM], 0x100000005ULL);
	assert_int_equal(v[1].f[SUM_SQ], 0x20000000AULL);
	assert_int_equal(v[1].f[MIN], 0x10);
	assert_int_equal(v[1].f[MAX], 0x12345);
}

static void decodes_width_64_sequence(void **state)
{
	static const u32 items[] = {
		0x01234567, 0x89ABCDEF, 0, 42,
		5, 0x00000001, 0x00000000, 0xDEADBEEF, 0x00000001, 2, 0xFFFFFFFF,
	};
	struct mb_config c = { 64, 2, 1 };
	struct mb_values v[3];

	(void)state;
	assert_int_equal(mb_decode_all(&c, items, 11, v), 0);
	assert_int_equal(v[0].f[COUNT], 0x0123456789ABCDEFULL);
	assert_int_equal(v[1].f[COUNT], 42);
	assert_int_equal(v[2].f[COUNT], 5);
	assert_int_equal(v[2].f[SUM], 0x100000000ULL);
	assert_int_equal(v[2].f[SUM_SQ], 0xDEADBEEF00000001ULL);
	assert_int_equal(v[2].f[MIN], 2);
	assert_int_equal(v[2].f[MAX], 0xFFFFFFFFULL);
}

static void out_of_step_sequence_is_a_protocol_error(void **state)
{
	/* a 48-bit high item whose reserved upper half is not zero */
	static const u32 items[] = { 0x00010123, 0x456789AB };
	struct mb_values v;

	(void)state;
	assert_int_equal(mb_decode(48, EV, items, 2, &v), -EPROTO);
	assert_int_equal(mb_decode(48, EV, items, 1, &v), -EINVAL);
}

static void encode_is_the_inverse_of_decode(void **state)
{
	struct mb_values v = { { 3, 0x100000005ULL, 0x20000000AULL, 0x10, 0x12345 } }, back;
	u32 items[7];

	(void)state;
	assert_int_equal(mb_encode(48, LAT, &v, items, 7), 0);
	assert_int_equal(items[0], 3);
	assert_int_equal(items[1], 1);
	assert_int_equal(items[2], 5);
	assert_int_equal(items[3], 2);
	assert_int_equal(items[4], 0xA);
	assert_int_equal(items[5], 0x10);
	assert_int_equal(items[6], 0x12345);
	assert_int_equal(mb_decode(48, LAT, items, 7, &back), 0);
	assert_memory_equal(&v, &back, sizeof(v));
	v.f[MIN] = 0x10000;	/* 17 bits: does not fit a 32-bit-width min */
	assert_int_equal(mb_encode(32, LAT, &v, items, 4), -ERANGE);
}

static void width_32_latency_min_max_share_one_item(void **state)
{
	struct mb_values v = { { 1, 9, 81, 0xBEEF, 0x1234 } };
	u32 items[4];

	(void)state;
	assert_int_equal(mb_encode(32, LAT, &v, items, 4), 0);
	assert_int_equal(items[3], 0xBEEF1234);
}

static void config_check_refuses_bad_device_tree_values(void **state)
{
	struct mb_config ok = { 48, 5, 1 }, w = { 40, 5, 1 }, e = { 32, 49, 0 },
			 l = { 32, 1, 8 }, none = { 32, 0, 0 };

	(void)state;
	assert_int_equal(mb_config_check(&ok), 0);
	assert_int_equal(mb_config_check(&w), -EINVAL);
	assert_int_equal(mb_config_check(&e), -EINVAL);
	assert_int_equal(mb_config_check(&l), -EINVAL);
	assert_int_equal(mb_config_check(&none), -ENODEV);
}

static void event_counters_are_shared_then_exhausted(void **state)
{
	struct mb_config c = { 32, 5, 1 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 0, COUNT, false), 0);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, false), 1);
	assert_int_equal(mb_alloc_get(&a, &c, 0, COUNT, false), 0);
	assert_int_equal(a.slot[0].users, 2);
	assert_int_equal(mb_alloc_get(&a, &c, 10, COUNT, false), 2);
	assert_int_equal(mb_alloc_get(&a, &c, 11, COUNT, false), 3);
	assert_int_equal(mb_alloc_get(&a, &c, 46, COUNT, false), 4);
	assert_int_equal(mb_alloc_get(&a, &c, 47, COUNT, false), -ENOSPC);
	mb_alloc_put(&a, 3);
	assert_int_equal(mb_alloc_get(&a, &c, 47, COUNT, false), 3);
}

static void plain_events_never_take_a_latency_counter(void **state)
{
	struct mb_config c = { 32, 1, 1 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 0, COUNT, false), 0);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, false), -ENOSPC);
}

static void latency_items_share_one_latency_counter(void **state)
{
	struct mb_config c = { 32, 5, 1 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 58, SUM, false), 5);
	assert_int_equal(mb_alloc_get(&a, &c, 58, MAX, false), 5);
	assert_int_equal(mb_alloc_get(&a, &c, 58, COUNT, false), 5);
	assert_int_equal(a.slot[5].users, 3);
	assert_int_equal(mb_alloc_get(&a, &c, 60, SUM, false), -ENOSPC);
}

static void latency_count_alone_falls_back_to_an_event_counter(void **state)
{
	struct mb_config c = { 32, 1, 1 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 59, COUNT, false), 0);
	assert_int_equal(mb_alloc_get(&a, &c, 60, COUNT, false), 1);
	assert_int_equal(mb_alloc_get(&a, &c, 61, COUNT, false), -ENOSPC);
	assert_int_equal(mb_alloc_get(&a, &c, 61, SUM, false), -ENOSPC);
}

static void exclusive_counters_are_never_shared(void **state)
{
	struct mb_config c = { 32, 2, 0 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, true), 0);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, false), 1);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, true), -ENOSPC);
	assert_int_equal(mb_alloc_get(&a, &c, 30, COUNT, false), 1);
	mb_alloc_put(&a, 0);
	assert_false(a.slot[0].exclusive);
}

static void malformed_requests_are_refused(void **state)
{
	struct mb_config c = { 32, 5, 1 }, nolat = { 32, 5, 0 }, noev = { 32, 0, 1 };
	struct mb_alloc a;

	(void)state;
	mb_alloc_init(&a);
	assert_int_equal(mb_alloc_get(&a, &c, 64, COUNT, false), -EINVAL);
	assert_int_equal(mb_alloc_get(&a, &c, 58, 5, false), -EINVAL);
	assert_int_equal(mb_alloc_get(&a, &c, 11, SUM, false), -EINVAL);
	assert_int_equal(mb_alloc_get(&a, &nolat, 58, SUM, false), -EOPNOTSUPP);
	assert_int_equal(mb_alloc_get(&a, &noev, 0, COUNT, false), -EOPNOTSUPP);
	assert_int_equal(mb_alloc_get(&a, &noev, 57, COUNT, false), 0);
}

static void extend_adds_one_wrap_per_overflow(void **state)
{
	(void)state;
	assert_int_equal(mb_extend(0xFFFFFF00, 0x10, true, 32), 0x100000010ULL);
	assert_int_equal(mb_extend(0xFFFFFF00, 0xFFFFFFFF, false, 32), 0xFFFFFFFFULL);
	assert_int_equal(mb_extend(100, 50, false, 32), 0x100000032ULL);
	assert_int_equal(mb_extend(0xFFFFFFFFFF00ULL, 5, true, 48), 0x1000000000005ULL);
	assert_int_equal(mb_extend(0x100000010ULL, 0x20, true, 32), 0x100000020ULL);
	assert_int_equal(mb_extend(7, 0x123456789ULL, true, 64), 0x123456789ULL);
}

static void event_count_survives_preset_overflow_and_clear(void **state)
{
	struct mb_values v = { { 0 } };
	struct mb_acc acc;

	(void)state;
	mb_acc_init(&acc, 0xFFFFFFF0);		/* Data Write preset */
	v.f[COUNT] = 0xFFFFFFFF;		/* Dbg_Intr: the counter reached its maximum */
	mb_acc_update(&acc, 32, EV, &v, 0, false);
	assert_int_equal(mb_acc_value(&acc, COUNT), 15);
	v.f[COUNT] = 5;				/* Sample + Clear, 6 more events, wrapped */
	mb_acc_update(&acc, 32, EV, &v, AXIPERF_MB_PCSR_OVERFLOW, true);
	assert_int_equal(mb_acc_value(&acc, COUNT), 21);
	v.f[COUNT] = 100;			/* next epoch counts from zero */
	mb_acc_update(&acc, 32, EV, &v, 0, false);
	assert_int_equal(mb_acc_value(&acc, COUNT), 121);
}

static void width_48_count_extends_across_two_clears(void **state)
{
	struct mb_values v = { { 0 } };
	struct mb_acc acc;
	u64 top = 0xFFFFFFFFFFFFULL;

	(void)state;
	mb_acc_init(&acc, top - 9);
	v.f[COUNT] = 3;				/* 13 events, counted past the maximum */
	mb_acc_update(&acc, 48, EV, &v, AXIPERF_MB_PCSR_OVERFLOW, true);
	assert_int_equal(mb_acc_value(&acc, COUNT), 13);
	v.f[COUNT] = top;
	mb_acc_update(&acc, 48, EV, &v, 0, true);
	assert_int_equal(mb_acc_value(&acc, COUNT), 13 + top);
}

static void latency_totals_and_extremes_merge_across_clears(void **state)
{
	struct mb_values e1 = { { 3, 21, 173, 4, 11 } };	/* {4, 6, 11} */
	struct mb_values e2 = { { 2, 22, 404, 2, 20 } };	/* {2, 20} */
	struct mb_acc acc;

	(void)state;
	mb_acc_init(&acc, 0);
	assert_int_equal(mb_acc_value(&acc, MIN), 0);
	mb_acc_update(&acc, 32, LAT, &e1, 0, true);
	assert_int_equal(mb_acc_value(&acc, MIN), 4);
	mb_acc_update(&acc, 32, LAT, &e2, 0, false);
	assert_int_equal(mb_acc_value(&acc, COUNT), 5);
	assert_int_equal(mb_acc_value(&acc, SUM), 43);
	assert_int_equal(mb_acc_value(&acc, SUM_SQ), 577);
	assert_int_equal(mb_acc_value(&acc, MIN), 2);
	assert_int_equal(mb_acc_value(&acc, MAX), 20);
	assert_false(acc.lost);
}

static void latency_overflow_without_visible_wrap_is_flagged(void **state)
{
	struct mb_values v = { { 1, 70000, 100, 7, 7 } };
	struct mb_acc acc;

	(void)state;
	mb_acc_init(&acc, 0);
	mb_acc_update(&acc, 32, LAT, &v, AXIPERF_MB_PCSR_OVERFLOW | AXIPERF_MB_PCSR_FULL, false);
	assert_true(acc.lost);
	assert_true(acc.full);
}

static void latency_wrap_seen_then_sticky_overflow_is_not_flagged(void **state)
{
	/* a 32-bit sum wraps (visible drop), later samples keep the sticky status */
	struct mb_values a = { { 2, 0xFFFFFFF0, 100, 3, 9 } };
	struct mb_values b = { { 3, 0x10, 150, 3, 9 } };
	struct mb_values c = { { 4, 0x20, 200, 3, 9 } };
	struct mb_acc acc;

	(void)state;
	mb_acc_init(&acc, 0);
	mb_acc_update(&acc, 32, LAT, &a, 0, false);
	mb_acc_update(&acc, 32, LAT, &b, AXIPERF_MB_PCSR_OVERFLOW, false);
	mb_acc_update(&acc, 32, LAT, &c, AXIPERF_MB_PCSR_OVERFLOW, false);
	assert_false(acc.lost);
	assert_int_equal(mb_acc_value(&acc, SUM), 0x100000020ULL);
	assert_int_equal(mb_acc_value(&acc, COUNT), 4);
}

struct counts {
	int n;
	const int *cfg;
	const uint64_t *val;
};

static int lookup(void *ctx, int config, uint64_t *v)
{
	const struct counts *c = ctx;
	int i;

	for (i = 0; i < c->n; i++)
		if (c->cfg[i] == config) {
			*v = c->val[i];
			return 0;
		}
	return -1;
}

static const struct axiperf_mb_figure *figure(const char *name)
{
	size_t i;

	for (i = 0; i < AXIPERF_MB_NUM_FIGURES; i++)
		if (!strcmp(axiperf_mb_figures[i].name, name))
			return &axiperf_mb_figures[i];
	fail_msg("no figure %s", name);
	return NULL;
}

static void figures_follow_the_manual_formulas(void **state)
{
	static const int cfg[] = {
		AXIPERF_MB_EV_CYCLES, AXIPERF_MB_EV_INSTRUCTIONS, AXIPERF_MB_EV_ICACHE_REQUESTS,
		AXIPERF_MB_EV_ICACHE_HITS, AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM,
		AXIPERF_MB_EV_ICACHE_READ_LATENCY_COUNT, AXIPERF_MB_EV_DCACHE_READ_LATENCY_COUNT,
		AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM, AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM_SQ,
		AXIPERF_MB_EV_FP_INSTRUCTIONS, AXIPERF_MB_EV_DCACHE_REQUESTS,
		AXIPERF_MB_EV_DCACHE_HITS,
	};
	static const uint64_t val[] = { 300, 100, 100, 90, 130, 10, 3, 21, 173, 25, 0, 0 };
	struct counts c = { 12, cfg, val };
	double out;

	(void)state;
	assert_int_equal(axiperf_mb_figure_value(figure("cpi"), lookup, &c, &out), 0);
	assert_true(out == 3.0);
	assert_int_equal(axiperf_mb_figure_value(figure("icache_hit_rate"), lookup, &c, &out), 0);
	assert_true(out == 90.0);
	/* (E60 sum - E60 N) / (E10 - E11) = (130 - 10) / (100 - 90) */
	assert_int_equal(axiperf_mb_figure_value(figure("icache_miss_latency"), lookup, &c, &out),
			 0);
	assert_true(out == 12.0);
	assert_int_equal(axiperf_mb_figure_value(figure("fp_ratio"), lookup, &c, &out), 0);
	assert_true(out == 25.0);
	assert_int_equal(axiperf_mb_figure_value(figure("dcache_read_latency_mean"), lookup, &c,
						 &out), 0);
	assert_true(out == 7.0);
	/* {4, 6, 11}: sqrt(3 * 173 - 21^2) / 3 = sqrt(78) / 3 */
	assert_int_equal(axiperf_mb_figure_value(figure("dcache_read_latency_stddev"), lookup, &c,
						 &out), 0);
	assert_true(fabs(out - sqrt(78.0) / 3.0) < 1e-12);
	/* zero denominator and missing events are n/a */
	assert_int_equal(axiperf_mb_figure_value(figure("dcache_hit_rate"), lookup, &c, &out), -1);
	assert_int_equal(axiperf_mb_figure_value(figure("interrupt_latency_stddev"), lookup, &c,
						 &out), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dbg_ctrl_matches_manual_values),
		cmocka_unit_test(dbg_ctrl_refuses_fields_that_do_not_fit),
		cmocka_unit_test(items_per_counter_follow_the_width),
		cmocka_unit_test(default_configuration_reads_nine_items),
		cmocka_unit_test(field_widths_per_counter_width),
		cmocka_unit_test(decodes_width_32_sequence),
		cmocka_unit_test(decodes_width_48_sequence),
		cmocka_unit_test(decodes_width_64_sequence),
		cmocka_unit_test(out_of_step_sequence_is_a_protocol_error),
		cmocka_unit_test(encode_is_the_inverse_of_decode),
		cmocka_unit_test(width_32_latency_min_max_share_one_item),
		cmocka_unit_test(config_check_refuses_bad_device_tree_values),
		cmocka_unit_test(event_counters_are_shared_then_exhausted),
		cmocka_unit_test(plain_events_never_take_a_latency_counter),
		cmocka_unit_test(latency_items_share_one_latency_counter),
		cmocka_unit_test(latency_count_alone_falls_back_to_an_event_counter),
		cmocka_unit_test(exclusive_counters_are_never_shared),
		cmocka_unit_test(malformed_requests_are_refused),
		cmocka_unit_test(extend_adds_one_wrap_per_overflow),
		cmocka_unit_test(event_count_survives_preset_overflow_and_clear),
		cmocka_unit_test(width_48_count_extends_across_two_clears),
		cmocka_unit_test(latency_totals_and_extremes_merge_across_clears),
		cmocka_unit_test(latency_overflow_without_visible_wrap_is_flagged),
		cmocka_unit_test(latency_wrap_seen_then_sticky_overflow_is_not_flagged),
		cmocka_unit_test(figures_follow_the_manual_formulas),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("mb_items", tests, NULL, NULL);
}
