// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the axiperf PMU's pure logic. Every expected value below
 * is worked out by hand from the register description, not recomputed.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include <axiperf/regs.h>

#include "axiperf_calc.h"

static void delta_32_counts_plain_increment(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_delta(100, 350, 32), 250ULL);
}

static void delta_32_counts_across_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_delta(0xfffffff0, 0x10, 32), 0x20ULL);
}

static void delta_32_ignores_bits_above_width(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_delta(0x100000005ULL, 0x7, 32), 2ULL);
}

static void delta_48_counts_across_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_delta(0xfffffffffff0ULL, 0x5, 48), 0x15ULL);
	KUNIT_EXPECT_EQ(test, axiperf_delta(0xfffffff0ULL, 0x100000010ULL, 48),
			0x20ULL);
}

static void delta_64_counts_across_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_delta(U64_MAX - 2, 4, 64), 7ULL);
	KUNIT_EXPECT_EQ(test, axiperf_delta(5, 5, 64), 0ULL);
}

/* Readings taken every 0x7fffffff increments: seven of them wrap 3 times. */
static void extension_32_survives_three_wraps(struct kunit *test)
{
	u64 raw = 0xfffffff0, total = 0;
	int i;

	for (i = 0; i < 7; i++) {
		u64 next = (raw + 0x7fffffff) & 0xffffffff;

		total += axiperf_delta(raw, next, 32);
		raw = next;
	}
	KUNIT_EXPECT_EQ(test, total, 15032385529ULL);
	KUNIT_EXPECT_EQ(test, raw, 0x7fffffe9ULL);
}

static void extension_48_survives_three_wraps(struct kunit *test)
{
	u64 raw = 0xffff00000000ULL, total = 0;
	int i;

	for (i = 0; i < 7; i++) {
		u64 next = (raw + 0x7fffffffffffULL) & 0xffffffffffffULL;

		total += axiperf_delta(raw, next, 48);
		raw = next;
	}
	KUNIT_EXPECT_EQ(test, total, 985162418487289ULL);
}

static void top_bit_change_detects_half_and_wrap(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, axiperf_top_bit_changed(0x7fffffff, 0x80000000, 32));
	KUNIT_EXPECT_TRUE(test, axiperf_top_bit_changed(0xfffffffe, 0x1, 32));
	KUNIT_EXPECT_FALSE(test, axiperf_top_bit_changed(0x10, 0x20, 32));
	KUNIT_EXPECT_FALSE(test, axiperf_top_bit_changed(0x80000010, 0xfffffff0, 32));
	/* both halves passed: top bit back where it was */
	KUNIT_EXPECT_TRUE(test, axiperf_top_bit_changed(0x40000000, 0x00000001, 32));
	KUNIT_EXPECT_TRUE(test, axiperf_top_bit_changed(0x7fffffffffffULL,
							0x800000000000ULL, 48));
	KUNIT_EXPECT_FALSE(test, axiperf_top_bit_changed(0x7fffffffULL,
							 0x80000000ULL, 48));
	KUNIT_EXPECT_TRUE(test, axiperf_top_bit_changed(U64_MAX, 0, 64));
	KUNIT_EXPECT_FALSE(test, axiperf_top_bit_changed(0, 1ULL << 62, 64));
}

static void gauge_value_extracts_its_field(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_gauge_value(0x11223344, 0, 8), 0x44ULL);
	KUNIT_EXPECT_EQ(test, axiperf_gauge_value(0x11223344, 8, 8), 0x33ULL);
	KUNIT_EXPECT_EQ(test, axiperf_gauge_value(0x11223344, 24, 8), 0x11ULL);
}

/* a map 1.1 monitor, one built without the in-flight sums, the article's core */
static const struct axiperf_hwcfg full = { .has_latency = true };
static const struct axiperf_hwcfg no_latency = { .has_latency = false };
static const struct axiperf_hwcfg legacy = { .legacy = true };

static void decode_finds_counter_and_its_offset(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x18, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "rd_lag");
	KUNIT_EXPECT_EQ(test, sel.offset, 0x70U);
	KUNIT_EXPECT_EQ(test, (int)sel.desc->kind, (int)AXIPERF_COUNTER);

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x0, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "active_cycles");
	KUNIT_EXPECT_EQ(test, sel.offset, 0xa0U);

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x1b, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "wr_bias_addr_first");
	KUNIT_EXPECT_EQ(test, sel.offset, 0xa4U);
}

static void decode_uses_article_layout_on_legacy(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x0, &legacy, &sel), 0);
	KUNIT_EXPECT_EQ(test, sel.offset, 0x0U);
	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x12, &legacy, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "rd_bursts");
	KUNIT_EXPECT_EQ(test, sel.offset, 0x58U);
}

static void decode_finds_gauge_field(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x21, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "wr_max_burst_size");
	KUNIT_EXPECT_EQ(test, (int)sel.desc->kind, (int)AXIPERF_GAUGE);
	KUNIT_EXPECT_EQ(test, sel.offset, 0x4U);
	KUNIT_EXPECT_EQ(test, sel.desc->lsb, 8);
	KUNIT_EXPECT_EQ(test, sel.desc->bits, 8);
}

static void decode_refuses_reserved_config_bits(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x100, &full, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x118, &full, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(BIT_ULL(63) | 0x18, &full, &sel),
			-EINVAL);
}

static void decode_refuses_unknown_event(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x27, &full, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x3f, &full, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0xff, &full, &sel), -EINVAL);
}

static void decode_refuses_events_legacy_lacks(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1b, &legacy, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1c, &legacy, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x25, &legacy, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x26, &legacy, &sel), -EINVAL);
}

/* The in-flight sums: there with CONFIG.has_latency only, never on legacy. */
static void decode_finds_latency_sums_only_where_built(struct kunit *test)
{
	struct axiperf_evsel sel;

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x1d, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "rd_inflight");
	KUNIT_EXPECT_EQ(test, sel.offset, 0xb0U);
	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x1f, &full, &sel), 0);
	KUNIT_EXPECT_STREQ(test, sel.desc->name, "wr_inflight");
	KUNIT_EXPECT_EQ(test, sel.offset, 0xb8U);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1d, &no_latency, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1e, &no_latency, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1f, &no_latency, &sel), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1e, &legacy, &sel), -EINVAL);
	/* the rest is there without them */
	KUNIT_EXPECT_EQ(test, axiperf_decode_event(0x1c, &no_latency, &sel), 0);
}

static void event_table_has_unique_ids_and_names(struct kunit *test)
{
	unsigned int i, j;

	KUNIT_EXPECT_EQ(test, axiperf_num_events, 39U);
	for (i = 0; i < axiperf_num_events; i++)
		for (j = i + 1; j < axiperf_num_events; j++) {
			KUNIT_EXPECT_NE(test, axiperf_events[i].id,
					axiperf_events[j].id);
			KUNIT_EXPECT_NE(test, strcmp(axiperf_events[i].name,
						     axiperf_events[j].name), 0);
		}
}

/* The driver and its tracepoint index counters by id. */
static void event_table_puts_counter_n_in_row_n(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		KUNIT_EXPECT_EQ(test, (unsigned int)axiperf_events[i].id, i);
		KUNIT_EXPECT_EQ(test, (int)axiperf_events[i].kind,
				(int)AXIPERF_COUNTER);
	}
	for (i = AXIPERF_NUM_COUNTERS; i < axiperf_num_events; i++)
		KUNIT_EXPECT_EQ(test, (int)axiperf_events[i].kind,
				(int)AXIPERF_GAUGE);
}

static void hwcfg_decodes_every_field(struct kunit *test)
{
	struct axiperf_hwcfg cfg;

	KUNIT_ASSERT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010000,
						   0x20004e43, &cfg), 0);
	KUNIT_EXPECT_EQ(test, cfg.data_bytes, 8U);
	KUNIT_EXPECT_EQ(test, cfg.id_width, 4U);
	KUNIT_EXPECT_EQ(test, cfg.counter_width, 64U);
	KUNIT_EXPECT_TRUE(test, cfg.has_irq);
	KUNIT_EXPECT_TRUE(test, cfg.has_snapshot);
	KUNIT_EXPECT_EQ(test, cfg.id_slots, 4U);
	KUNIT_EXPECT_EQ(test, cfg.addr_width, 32U);
	KUNIT_EXPECT_FALSE(test, cfg.has_latency);	/* map 1.0: bit 17 reserved */

	/* map 1.1 with the in-flight sums */
	KUNIT_ASSERT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010001,
						   0x20024e43, &cfg), 0);
	KUNIT_EXPECT_TRUE(test, cfg.has_latency);
	KUNIT_EXPECT_FALSE(test, cfg.legacy);

	/* 32-bit link, 32-bit counters, no irq, no snapshot, ID_WIDTH 0 */
	KUNIT_ASSERT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010003,
						   0x20001002, &cfg), 0);
	KUNIT_EXPECT_EQ(test, cfg.data_bytes, 4U);
	KUNIT_EXPECT_EQ(test, cfg.id_width, 0U);
	KUNIT_EXPECT_EQ(test, cfg.counter_width, 32U);
	KUNIT_EXPECT_FALSE(test, cfg.has_irq);
	KUNIT_EXPECT_FALSE(test, cfg.has_snapshot);
	KUNIT_EXPECT_EQ(test, cfg.id_slots, 1U);
}

static void hwcfg_refuses_foreign_or_bad_core(struct kunit *test)
{
	struct axiperf_hwcfg cfg;

	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0, 0x00010000, 0x20004e43, &cfg),
			-ENODEV);
	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00020000,
						   0x20004e43, &cfg), -EPROTO);
	/* data_bytes_log2 1 and 8: 16- and 2048-bit links do not exist */
	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010000,
						   0x20004e41, &cfg), -EINVAL);
	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010000,
						   0x20004e48, &cfg), -EINVAL);
	/* ID_WIDTH 17 */
	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010000,
						   0x20004f13, &cfg), -EINVAL);
	/* no ID slot */
	KUNIT_EXPECT_EQ(test, axiperf_decode_hwcfg(0x41585046, 0x00010000,
						   0x20000e43, &cfg), -EINVAL);
}

static void max_step_scales_byte_counters_with_width(struct kunit *test)
{
	struct axiperf_evsel aw, w, lag;

	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x04, &full, &aw), 0);
	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x05, &full, &w), 0);
	KUNIT_ASSERT_EQ(test, axiperf_decode_event(0x18, &full, &lag), 0);
	/* 32-bit link: a 256-beat burst of 4 bytes per beat, 4 strobes */
	KUNIT_EXPECT_EQ(test, axiperf_max_step(aw.desc, 4), 1024ULL);
	KUNIT_EXPECT_EQ(test, axiperf_max_step(w.desc, 4), 4ULL);
	KUNIT_EXPECT_EQ(test, axiperf_max_step(lag.desc, 4), 1ULL);
	/* 1024-bit link */
	KUNIT_EXPECT_EQ(test, axiperf_max_step(aw.desc, 128), 32768ULL);
}

static void poll_period_covers_half_range(struct kunit *test)
{
	/* 2^31 clocks of 10 ns */
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 1, 32),
			21474836480ULL);
	/* 2^31 / 1024 = 2^21 clocks of 10 ns */
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 1024, 32),
			20971520ULL);
	/* 2^31 / 32768 = 65536 clocks of 10 ns */
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 32768, 32),
			655360ULL);
	/* 2^31 clocks of 6.67 ns, rounded down */
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(150000000, 1, 32),
			14316557653ULL);
	/* 2^47 / 1024 clocks of 4 ns at 250 MHz: 549.76 s */
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(250000000, 1024, 48),
			549755813888ULL);
}

static void poll_period_caps_wide_counters(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 1, 48),
			3600000000000ULL);
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 32768, 64),
			3600000000000ULL);
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(1, 1, 64), 3600000000000ULL);
}

static void poll_period_refuses_unknown_inputs(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(0, 1, 32), 0ULL);
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 0, 32), 0ULL);
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 1, 1), 0ULL);
	KUNIT_EXPECT_EQ(test, axiperf_poll_period_ns(100000000, 1, 65), 0ULL);
}

static struct kunit_case axiperf_calc_cases[] = {
	KUNIT_CASE(delta_32_counts_plain_increment),
	KUNIT_CASE(delta_32_counts_across_wrap),
	KUNIT_CASE(delta_32_ignores_bits_above_width),
	KUNIT_CASE(delta_48_counts_across_wrap),
	KUNIT_CASE(delta_64_counts_across_wrap),
	KUNIT_CASE(extension_32_survives_three_wraps),
	KUNIT_CASE(extension_48_survives_three_wraps),
	KUNIT_CASE(top_bit_change_detects_half_and_wrap),
	KUNIT_CASE(gauge_value_extracts_its_field),
	KUNIT_CASE(decode_finds_counter_and_its_offset),
	KUNIT_CASE(decode_uses_article_layout_on_legacy),
	KUNIT_CASE(decode_finds_gauge_field),
	KUNIT_CASE(decode_refuses_reserved_config_bits),
	KUNIT_CASE(decode_refuses_unknown_event),
	KUNIT_CASE(decode_refuses_events_legacy_lacks),
	KUNIT_CASE(decode_finds_latency_sums_only_where_built),
	KUNIT_CASE(event_table_has_unique_ids_and_names),
	KUNIT_CASE(event_table_puts_counter_n_in_row_n),
	KUNIT_CASE(hwcfg_decodes_every_field),
	KUNIT_CASE(hwcfg_refuses_foreign_or_bad_core),
	KUNIT_CASE(max_step_scales_byte_counters_with_width),
	KUNIT_CASE(poll_period_covers_half_range),
	KUNIT_CASE(poll_period_caps_wide_counters),
	KUNIT_CASE(poll_period_refuses_unknown_inputs),
	{}
};

static struct kunit_suite axiperf_calc_suite = {
	.name = "axiperf_calc",
	.test_cases = axiperf_calc_cases,
};

kunit_test_suite(axiperf_calc_suite);

MODULE_LICENSE("GPL");
