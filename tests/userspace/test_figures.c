// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Every figure of <axiperf/figures.h> on hand-computed counts. One made-up
 * measurement (below) gives each figure a distinct, easily checked value;
 * the expected numbers are worked out by hand in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "axiperf.h"

static void set(struct ap_counts *c, int id, uint64_t v)
{
	c->state[id] = AP_EV_COUNTED;
	c->value[id] = v;
}

static struct ap_counts sample(void)
{
	struct ap_counts c;

	memset(&c, 0, sizeof(c));
	/* read side */
	set(&c, AXIPERF_EV_RD_AR_STALL, 3);
	set(&c, AXIPERF_EV_RD_LAG, 9);
	set(&c, AXIPERF_EV_RD_BURSTS, 4);
	set(&c, AXIPERF_EV_RD_FIRST_LAG, 25);
	set(&c, AXIPERF_EV_RD_AR_CYCLES, 10);
	set(&c, AXIPERF_EV_RD_BEATS, 32);
	set(&c, AXIPERF_EV_RD_R_STALL, 2);
	set(&c, AXIPERF_EV_RD_SLOW_LINK, 8);
	set(&c, AXIPERF_EV_RD_BYTES, 1000);
	set(&c, AXIPERF_EV_RD_IDLE, 500);
	/* write side */
	set(&c, AXIPERF_EV_WR_AW_EARLY, 1);
	set(&c, AXIPERF_EV_WR_ADDR_STALL, 2);
	set(&c, AXIPERF_EV_WR_DATA_LAG, 3);
	set(&c, AXIPERF_EV_WR_ADDR_LAG, 4);
	set(&c, AXIPERF_EV_WR_EARLY_STALL, 5);
	set(&c, AXIPERF_EV_WR_B_LAG, 6);
	set(&c, AXIPERF_EV_WR_B_STALL, 7);
	set(&c, AXIPERF_EV_WR_EARLY_BEAT, 100);	/* must not count as latency */
	set(&c, AXIPERF_EV_WR_BURSTS, 8);
	set(&c, AXIPERF_EV_WR_BEATS, 40);
	set(&c, AXIPERF_EV_ACTIVE_CYCLES, 200);
	set(&c, AXIPERF_EV_WR_B_END, 8);
	set(&c, AXIPERF_EV_WR_IDLE, 112);
	set(&c, AXIPERF_EV_WR_SLOW_DATA, 6);
	set(&c, AXIPERF_EV_WR_STALL, 4);
	set(&c, AXIPERF_EV_WR_BIAS_ADDR_FIRST, 5);
	set(&c, AXIPERF_EV_WR_BIAS_DATA_FIRST, 21);
	set(&c, AXIPERF_EV_WR_W_BYTES, 300);
	c.seconds = 0.25;
	return c;
}

static const struct axiperf_figure *fig(const char *name)
{
	int i = ap_figure_find(name);

	assert_true(i >= 0);
	return &axiperf_figures[i];
}

/* Checks num and den exactly and the printed value. */
static void expect(const char *name, const struct ap_counts *c, double num,
		   double den, const char *shown)
{
	const struct axiperf_figure *f = fig(name);
	struct ap_fig_result r;
	char buf[64];

	ap_figure_eval(f, c, &r);
	assert_int_equal(r.status, AP_FIG_OK);
	assert_true(r.num == num);
	assert_true(r.den == den);
	ap_figure_format(f, &r, buf, sizeof(buf));
	assert_string_equal(buf, shown);
}

static void expect_na(const char *name, const struct ap_counts *c,
		      enum ap_fig_status why)
{
	const struct axiperf_figure *f = fig(name);
	struct ap_fig_result r;
	char buf[64];

	ap_figure_eval(f, c, &r);
	assert_int_equal(r.status, why);
	ap_figure_format(f, &r, buf, sizeof(buf));
	assert_string_equal(buf, "n/a");
}

/* (rd_ar_stall 3 + rd_lag 9) / rd_bursts 4 = 3 */
static void read_lag_is_stall_and_lag_cycles_per_burst(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("read_lag", &c, 12, 4, "3.000");
}

/* rd_inflight 9 / rd_bursts 2 = 4.5, the pipelined reads of tests/rtl */
static void read_transaction_latency_is_inflight_clocks_per_burst(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_RD_BURSTS, 2);
	set(&c, AXIPERF_EV_RD_INFLIGHT, 9);
	set(&c, AXIPERF_EV_RD_WAITING, 7);
	expect("read_transaction_latency", &c, 9, 2, "4.500");
	expect("read_first_data_latency", &c, 7, 2, "3.500");
}

/* 9 / 2 = 4.5 clocks of a 100 MHz monitor: 45 ns; its clock unknown: n/a */
static void transaction_latency_in_ns_needs_the_clock(void **state)
{
	struct ap_counts c = sample();
	struct ap_fig_result r;

	(void)state;
	set(&c, AXIPERF_EV_RD_BURSTS, 2);
	set(&c, AXIPERF_EV_RD_INFLIGHT, 9);
	expect_na("read_transaction_latency_ns", &c, AP_FIG_MISSING);
	ap_figure_eval(fig("read_transaction_latency_ns"), &c, &r);
	assert_int_equal(r.missing, AXIPERF_TERM_CLOCK);
	c.clock_hz = 100e6;
	expect("read_transaction_latency_ns", &c, 9, 2, "45.000");
	c.clock_hz = 250e6;
	expect("read_transaction_latency_ns", &c, 9, 2, "18.000");
}

/* wr_inflight 7 / wr_bursts 8 = 0.875 */
static void write_transaction_latency_is_inflight_clocks_per_burst(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_WR_INFLIGHT, 7);
	expect("write_transaction_latency", &c, 7, 8, "0.875");
}

/* a monitor without the sums (sample() leaves them unmeasured): n/a, not 0 */
static void transaction_latencies_are_na_without_the_sums(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect_na("read_transaction_latency", &c, AP_FIG_MISSING);
	expect_na("read_first_data_latency", &c, AP_FIG_MISSING);
	expect_na("write_transaction_latency", &c, AP_FIG_MISSING);
}

/* rd_first_lag 25 / rd_ar_cycles 10 = 2.5 */
static void read_latency_is_first_lag_per_address_cycle(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("read_latency", &c, 25, 10, "2.500");
}

/* 32 / (10 + 3 + 9 + 32 + 2 + 8 = 64) = 50 % */
static void read_efficiency_is_beats_per_busy_read_clock(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("read_efficiency", &c, 32, 64, "50.00");
}

/* 32 / (8 + 2 + 32 = 42) = 76.190... % */
static void read_throughput_is_beats_per_responding_clock(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("read_throughput", &c, 32, 42, "76.19");
}

/* (1+2+3+4+5+6+7 = 28) / 8 bursts = 3.5; wr_early_beat (100) left out */
static void write_latency_counts_early_stalls_not_early_beats(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("write_latency", &c, 28, 8, "3.500");
}

/* 40 / (200 - 8 - 112 = 80) = 50 % */
static void write_efficiency_is_beats_per_busy_write_clock(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("write_efficiency", &c, 40, 80, "50.00");
}

/* 40 / (40 + 6 + 4 = 50) = 80 % */
static void write_throughput_is_beats_per_flowing_clock(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("write_throughput", &c, 40, 50, "80.00");
}

/* (5 - 21 = -16) / 8 = -2: the data leads its address */
static void write_bias_is_signed_per_burst(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("write_bias", &c, -16, 8, "-2.000");
	set(&c, AXIPERF_EV_WR_BIAS_ADDR_FIRST, 37);	/* 37 - 21 = 16 */
	expect("write_bias", &c, 16, 8, "2.000");
}

/* 1000 B / 0.25 s = 4000 B/s */
static void read_bandwidth_is_requested_bytes_per_second(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("read_bandwidth", &c, 1000, 0.25, "4000");
}

/* 300 B / 0.25 s = 1200 B/s */
static void write_bandwidth_is_strobed_bytes_per_second(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect("write_bandwidth", &c, 300, 0.25, "1200");
}

static void zero_denominator_is_na_for_every_figure(void **state)
{
	(void)state;
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		const struct axiperf_figure *f = &axiperf_figures[i];
		struct ap_counts c = sample();
		struct ap_fig_result r;

		char buf[64];

		for (int k = 0; k < f->nden; k++) {
			if (f->den[k].event == AXIPERF_TERM_SECONDS)
				c.seconds = 0;	/* no elapsed time */
			else
				c.value[f->den[k].event] = 0;
		}
		ap_figure_eval(f, &c, &r);
		assert_int_not_equal(r.status, AP_FIG_OK);
		ap_figure_format(f, &r, buf, sizeof(buf));
		assert_string_equal(buf, "n/a");
	}
}

/* active_cycles 120 - wr_b_end 8 - wr_idle 112 = 0: no busy write clock */
static void write_efficiency_is_na_when_terms_cancel(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_ACTIVE_CYCLES, 120);
	expect_na("write_efficiency", &c, AP_FIG_ZERO_DEN);
}

/*
 * A monitor without snapshot, read register after register while its
 * clock runs: wr_idle read 9 clocks later than active_cycles came out
 * above it, and the busy write clocks below zero (make demo's axiperf2
 * once printed "write_efficiency -0.00 %"): n/a, not a negative figure.
 */
static void write_efficiency_is_na_when_the_reads_skew(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_WR_BEATS, 0);
	set(&c, AXIPERF_EV_ACTIVE_CYCLES, 120);
	set(&c, AXIPERF_EV_WR_B_END, 8);
	set(&c, AXIPERF_EV_WR_IDLE, 121);
	expect_na("write_efficiency", &c, AP_FIG_NEG_DEN);
}

/* 2^63 + 5 - 2^63 - 5: exact in 64-bit sums, lost in doubles */
static void huge_counts_cancel_exactly(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_ACTIVE_CYCLES, (1ULL << 63) + 5);
	set(&c, AXIPERF_EV_WR_B_END, 5);
	set(&c, AXIPERF_EV_WR_IDLE, 1ULL << 63);
	expect_na("write_efficiency", &c, AP_FIG_ZERO_DEN);
	set(&c, AXIPERF_EV_WR_IDLE, (1ULL << 63) - 80);
	expect("write_efficiency", &c, 40, 80, "50.00");
}

static void zero_seconds_makes_bandwidth_na(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	c.seconds = 0;
	expect_na("read_bandwidth", &c, AP_FIG_MISSING);
	expect_na("write_bandwidth", &c, AP_FIG_MISSING);
}

static void uncounted_event_makes_figure_na(void **state)
{
	struct ap_counts c = sample();
	struct ap_fig_result r;

	(void)state;
	c.state[AXIPERF_EV_RD_FIRST_LAG] = AP_EV_NOT_COUNTED;
	ap_figure_eval(fig("read_latency"), &c, &r);
	assert_int_equal(r.status, AP_FIG_MISSING);
	assert_int_equal(r.missing, AXIPERF_EV_RD_FIRST_LAG);
	c.state[AXIPERF_EV_RD_LAG] = AP_EV_ABSENT;
	expect_na("read_lag", &c, AP_FIG_MISSING);
	c.state[AXIPERF_EV_WR_BURSTS] = AP_EV_NOT_SUPPORTED;
	expect_na("write_bias", &c, AP_FIG_MISSING);
}

static void zero_numerator_is_zero_not_na(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	set(&c, AXIPERF_EV_RD_AR_STALL, 0);
	set(&c, AXIPERF_EV_RD_LAG, 0);
	expect("read_lag", &c, 0, 4, "0.000");
}

static void every_term_names_a_known_event(void **state)
{
	(void)state;
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		const struct axiperf_figure *f = &axiperf_figures[i];

		assert_true(f->nnum > 0 && f->nden > 0);
		for (int k = 0; k < f->nnum; k++)
			assert_true(f->num[k].event == AXIPERF_TERM_SECONDS ||
				    ap_event_name(f->num[k].event));
		for (int k = 0; k < f->nden; k++)
			assert_true(f->den[k].event == AXIPERF_TERM_SECONDS ||
				    ap_event_name(f->den[k].event));
	}
}

static void names_resolve_both_ways(void **state)
{
	(void)state;
	assert_int_equal(ap_event_find("rd_first_lag"), AXIPERF_EV_RD_FIRST_LAG);
	assert_int_equal(ap_event_find("wr_max_w_outstanding"), AXIPERF_EV_WR_MAX_W_OUTSTANDING);
	assert_int_equal(ap_event_find("rd_lagg"), -1);
	assert_string_equal(ap_event_name(29), "rd_inflight");
	assert_null(ap_event_name(-1));
	assert_int_equal(ap_figure_find("nope"), -1);
	assert_string_equal(ap_event_name(AXIPERF_EV_WR_B_END), "wr_b_end");
}

static void formula_text_shows_terms_and_scale(void **state)
{
	char buf[512];

	(void)state;
	ap_figure_formula(fig("read_throughput"), buf, sizeof(buf));
	assert_string_equal(buf, "(rd_beats) / (rd_slow_link + rd_r_stall + rd_beats) x 100");
	ap_figure_formula(fig("write_bias"), buf, sizeof(buf));
	assert_string_equal(buf, "(wr_bias_addr_first - wr_bias_data_first) / (wr_bursts)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_lag_is_stall_and_lag_cycles_per_burst),
		cmocka_unit_test(read_latency_is_first_lag_per_address_cycle),
		cmocka_unit_test(read_transaction_latency_is_inflight_clocks_per_burst),
		cmocka_unit_test(write_transaction_latency_is_inflight_clocks_per_burst),
		cmocka_unit_test(transaction_latency_in_ns_needs_the_clock),
		cmocka_unit_test(transaction_latencies_are_na_without_the_sums),
		cmocka_unit_test(read_efficiency_is_beats_per_busy_read_clock),
		cmocka_unit_test(read_throughput_is_beats_per_responding_clock),
		cmocka_unit_test(write_latency_counts_early_stalls_not_early_beats),
		cmocka_unit_test(write_efficiency_is_beats_per_busy_write_clock),
		cmocka_unit_test(write_throughput_is_beats_per_flowing_clock),
		cmocka_unit_test(write_bias_is_signed_per_burst),
		cmocka_unit_test(read_bandwidth_is_requested_bytes_per_second),
		cmocka_unit_test(write_bandwidth_is_strobed_bytes_per_second),
		cmocka_unit_test(zero_denominator_is_na_for_every_figure),
		cmocka_unit_test(write_efficiency_is_na_when_terms_cancel),
		cmocka_unit_test(write_efficiency_is_na_when_the_reads_skew),
		cmocka_unit_test(huge_counts_cancel_exactly),
		cmocka_unit_test(zero_seconds_makes_bandwidth_na),
		cmocka_unit_test(uncounted_event_makes_figure_na),
		cmocka_unit_test(zero_numerator_is_zero_not_na),
		cmocka_unit_test(every_term_names_a_known_event),
		cmocka_unit_test(names_resolve_both_ways),
		cmocka_unit_test(formula_text_shows_terms_and_scale),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("figures", tests, NULL, NULL);
}
