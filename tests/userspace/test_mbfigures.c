// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Every MicroBlaze figure of <axiperf/microblaze_figures.h> on
 * hand-computed counts, and how a core's few counters are shared out.
 *
 * The made-up measurement (sample() below), latency by latency:
 *   icache reads:   200 requests, 150 hit in 1 clock, 50 miss in 10:
 *                   sum 150 + 500 = 650, sum_sq 150 + 5000 = 5150
 *   dcache reads:   30 requests, 20 hit in 2 clocks, 10 miss in 12:
 *                   sum 40 + 120 = 160, sum_sq 80 + 1440 = 1520
 *   dcache writes:  50 requests, all hit, each 3 clocks: sum 150, sum_sq 450
 *   interrupts:     4 of 5, 7, 9, 11 clocks: sum 32, sum_sq 276
 *   mmu lookups:    none
 *   peripheral rd:  3 of 2, 4, 9 clocks: sum 15, sum_sq 101
 *   peripheral wr:  1 of 1000 clocks: sum 1000, sum_sq 1000000
 * and 400 instructions in 1000 cycles, 100 of them floating point, 100
 * loads, 60 stores, 80 branches (40 conditional, 30 of them taken), 80
 * data cache requests of which 70 hit.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "axiperf.h"

static void set(struct ap_counts *c, const char *name, uint64_t v)
{
	int id = ap_event_find_kind(name, AP_KIND_MB);

	assert_true(id >= AP_MB_EV0);
	c->state[id] = AP_EV_COUNTED;
	c->value[id] = v;
}

static void latency(struct ap_counts *c, const char *ev, uint64_t n,
		    uint64_t sum, uint64_t sum_sq)
{
	char name[AP_NAME_MAX];

	snprintf(name, sizeof(name), "%s_count", ev);
	set(c, name, n);
	snprintf(name, sizeof(name), "%s_sum", ev);
	set(c, name, sum);
	snprintf(name, sizeof(name), "%s_sum_sq", ev);
	set(c, name, sum_sq);
}

static struct ap_counts sample(void)
{
	struct ap_counts c;

	memset(&c, 0, sizeof(c));
	set(&c, "instructions", 400);
	set(&c, "cycles", 1000);
	set(&c, "fp_instructions", 100);
	set(&c, "loads", 100);
	set(&c, "stores", 60);
	set(&c, "branches", 80);
	set(&c, "conditional_branches", 40);
	set(&c, "taken_conditional_branches", 30);
	set(&c, "icache_requests", 200);
	set(&c, "icache_hits", 150);
	set(&c, "dcache_requests", 80);
	set(&c, "dcache_hits", 70);
	set(&c, "dcache_read_requests", 30);
	set(&c, "dcache_read_hits", 20);
	set(&c, "dcache_write_requests", 50);
	set(&c, "dcache_write_hits", 50);
	latency(&c, "icache_read_latency", 200, 650, 5150);
	latency(&c, "dcache_read_latency", 30, 160, 1520);
	latency(&c, "dcache_write_latency", 50, 150, 450);
	latency(&c, "interrupt_latency", 4, 32, 276);
	latency(&c, "mmu_lookup_latency", 0, 0, 0);
	latency(&c, "peripheral_read_latency", 3, 15, 101);
	latency(&c, "peripheral_write_latency", 1, 1000, 1000000);
	return c;
}

static int mbfig(const char *name)
{
	int k = ap_figure_find(name);

	assert_true(k >= AP_MB_FIG0);
	assert_int_equal(ap_fig_kind(k), AP_KIND_MB);
	return k;
}

/* num and den exactly, the value within 1e-9 and as printed. */
static void expect(const char *name, double num, double den, double value,
		   const char *shown)
{
	struct ap_counts c = sample();
	struct ap_fig_result r;
	int k = mbfig(name);
	char buf[64];

	ap_fig_eval(k, &c, &r);
	assert_int_equal(r.status, AP_FIG_OK);
	assert_true(r.num == num);
	assert_true(r.den == den);
	assert_true(fabs(r.value - value) < 1e-9);
	ap_fig_format(k, &r, buf, sizeof(buf));
	assert_string_equal(buf, shown);
}

static void expect_na(const char *name, const struct ap_counts *c,
		      enum ap_fig_status why)
{
	struct ap_fig_result r;
	int k = mbfig(name);
	char buf[64];

	ap_fig_eval(k, c, &r);
	assert_int_equal(r.status, why);
	ap_fig_format(k, &r, buf, sizeof(buf));
	assert_string_equal(buf, "n/a");
}

/* 1000 cycles / 400 instructions */
static void cpi_is_cycles_per_instruction(void **state)
{
	(void)state;
	expect("cpi", 1000, 400, 2.5, "2.500");
}

/* 150 hits / 200 requests */
static void icache_hit_rate_is_hits_per_request(void **state)
{
	(void)state;
	expect("icache_hit_rate", 150, 200, 75.0, "75.00");
}

/* 70 hits / 80 requests */
static void dcache_hit_rate_is_hits_per_request(void **state)
{
	(void)state;
	expect("dcache_hit_rate", 70, 80, 87.5, "87.50");
}

/* (650 - 200) / (200 - 150) = 450 / 50 = 9: a miss takes 10, a hit 1 */
static void icache_miss_latency_is_extra_clocks_per_miss(void **state)
{
	(void)state;
	expect("icache_miss_latency", 450, 50, 9.0, "9.000");
}

/* (160 - 30) / (30 - 20) = 13: every read's clocks beyond its first
 * (20 hits x 1 + 10 misses x 11 = 130) spread over the 10 misses */
static void dcache_read_miss_latency_spreads_extra_clocks_over_misses(void **state)
{
	(void)state;
	expect("dcache_read_miss_latency", 130, 10, 13.0, "13.000");
}

/* 50 requests, 50 hits: no miss, n/a */
static void dcache_write_miss_latency_without_misses_is_na(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect_na("dcache_write_miss_latency", &c, AP_FIG_ZERO_DEN);
}

/* 100 / 400 */
static void fp_ratio_is_fp_share_of_instructions(void **state)
{
	(void)state;
	expect("fp_ratio", 100, 400, 25.0, "25.00");
}

static void instruction_mix_is_shares_of_instructions(void **state)
{
	(void)state;
	expect("load_ratio", 100, 400, 25.0, "25.00");
	expect("store_ratio", 60, 400, 15.0, "15.00");
	expect("branch_ratio", 80, 400, 20.0, "20.00");
	expect("taken_branch_ratio", 30, 40, 75.0, "75.00");
}

/*
 * Means are sum / N; standard deviations sqrt(N * sum_sq - sum^2) / N,
 * worked out by hand from the values in the header comment.
 */
static void latency_means_are_sum_over_count(void **state)
{
	(void)state;
	expect("icache_read_latency_mean", 650, 200, 3.25, "3.250");
	expect("dcache_read_latency_mean", 160, 30, 160.0 / 30, "5.333");
	expect("dcache_write_latency_mean", 150, 50, 3.0, "3.000");
	expect("interrupt_latency_mean", 32, 4, 8.0, "8.000");
	expect("peripheral_read_latency_mean", 15, 3, 5.0, "5.000");
	expect("peripheral_write_latency_mean", 1000, 1, 1000.0, "1000.000");
}

static void latency_stddevs_come_from_count_sum_and_squares(void **state)
{
	(void)state;
	/* 1 (x150), 10 (x50): variance 0.25 * 0.75 * 9^2 = 15.1875 */
	expect("icache_read_latency_stddev", 200.0 * 5150 - 650.0 * 650, 200,
	       sqrt(15.1875), "3.897");
	/* 2 (x20), 12 (x10): variance (1/3)(2/3) 10^2 = 200/9; 30*1520-160^2 = 20000 */
	expect("dcache_read_latency_stddev", 20000, 30, sqrt(200.0 / 9), "4.714");
	/* all 3: exactly 0 */
	expect("dcache_write_latency_stddev", 0, 50, 0.0, "0.000");
	/* 5, 7, 9, 11 around 8: (9 + 1 + 1 + 9) / 4 = 5 */
	expect("interrupt_latency_stddev", 4.0 * 276 - 32 * 32, 4, sqrt(5.0), "2.236");
	/* 2, 4, 9 around 5: (9 + 1 + 16) / 3 = 26/3; 3*101 - 225 = 78 */
	expect("peripheral_read_latency_stddev", 78, 3, sqrt(26.0 / 3), "2.944");
	expect("peripheral_write_latency_stddev", 0, 1, 0.0, "0.000");
}

static void no_latency_samples_make_mean_and_stddev_na(void **state)
{
	struct ap_counts c = sample();

	(void)state;
	expect_na("mmu_lookup_latency_mean", &c, AP_FIG_ZERO_DEN);
	expect_na("mmu_lookup_latency_stddev", &c, AP_FIG_ZERO_DEN);
}

static void zero_denominator_is_na_for_every_figure(void **state)
{
	struct ap_counts zero;
	char buf[64];

	(void)state;
	memset(&zero, 0, sizeof(zero));
	for (int id = AP_MB_EV0; id < AP_APM_EV0; id++)
		zero.state[id] = AP_EV_COUNTED;
	for (int k = AP_MB_FIG0; k < AP_APM_FIG0; k++) {	/* the APM bandwidths need seconds */
		struct ap_fig_result r;

		ap_fig_eval(k, &zero, &r);
		assert_int_equal(r.status, AP_FIG_ZERO_DEN);
		ap_fig_format(k, &r, buf, sizeof(buf));
		assert_string_equal(buf, "n/a");
	}
}

static void uncounted_event_makes_figure_na_naming_it(void **state)
{
	struct ap_counts c = sample();
	struct ap_fig_result r;
	int sq = ap_event_find("interrupt_latency_sum_sq");

	(void)state;
	c.state[sq] = AP_EV_NOT_COUNTED;
	ap_fig_eval(mbfig("interrupt_latency_stddev"), &c, &r);
	assert_int_equal(r.status, AP_FIG_MISSING);
	assert_int_equal(r.missing, sq);
	ap_fig_eval(mbfig("interrupt_latency_mean"), &c, &r);	/* needs no sum_sq */
	assert_int_equal(r.status, AP_FIG_OK);
}

/*
 * N * sum_sq past 64 bits goes through floating point and still gives the
 * value: 2^32 samples, half of 2^14 clocks and half of 3 * 2^14, so the
 * mean is 2^15 and every sample is 2^14 from it. sum = 2^31 * 4 * 2^14 =
 * 2^47, sum_sq = 2^31 * 10 * 2^28 = 10 * 2^59; N * sum_sq - sum^2 =
 * 10 * 2^91 - 8 * 2^91 = 2^92, whose root 2^46 over N is 2^14.
 */
static void huge_latency_sums_do_not_overflow(void **state)
{
	struct ap_counts c;
	struct ap_fig_result r;

	(void)state;
	memset(&c, 0, sizeof(c));
	latency(&c, "interrupt_latency", 1ULL << 32, 1ULL << 47, 10ULL << 59);
	ap_fig_eval(mbfig("interrupt_latency_mean"), &c, &r);
	assert_int_equal(r.status, AP_FIG_OK);
	assert_true(r.value == 32768.0);
	ap_fig_eval(mbfig("interrupt_latency_stddev"), &c, &r);
	assert_int_equal(r.status, AP_FIG_OK);
	assert_true(r.value == 16384.0);
}

static void formulas_read_as_the_description_writes_them(void **state)
{
	char buf[512];

	(void)state;
	ap_fig_formula(mbfig("cpi"), buf, sizeof(buf));
	assert_string_equal(buf, "(cycles) / (instructions)");
	ap_fig_formula(mbfig("icache_hit_rate"), buf, sizeof(buf));
	assert_string_equal(buf, "(icache_hits) / (icache_requests) x 100");
	ap_fig_formula(mbfig("icache_miss_latency"), buf, sizeof(buf));
	assert_string_equal(buf, "(icache_read_latency_sum - icache_read_latency_count) / (icache_requests - icache_hits)");
	ap_fig_formula(mbfig("dcache_read_latency_stddev"), buf, sizeof(buf));
	assert_string_equal(buf, "sqrt(dcache_read_latency_count * dcache_read_latency_sum_sq - dcache_read_latency_sum^2) / dcache_read_latency_count");
}

/* Every term is an event of the table, and every figure has a test here. */
static void every_term_names_a_known_event(void **state)
{
	(void)state;
	for (int k = AP_MB_FIG0; k < AP_MBV_FIG0; k++) {
		unsigned char need[AP_NEV] = { 0 };
		int n = 0;

		ap_fig_events(k, need);
		for (int id = 0; id < AP_NEV; id++) {
			if (!need[id])
				continue;
			assert_int_equal(ap_event_kind(id), AP_KIND_MB);
			n++;
		}
		/* cpi 2 .. miss latency 4; a mean 2, a stddev 3 */
		assert_true(n >= 2 && n <= 4);
	}
	assert_int_equal(AP_MBV_FIG0 - AP_MB_FIG0, 25);
}

/*
 * One name space per kind for -M and -e: a name is one figure or event of
 * its kind; across kinds a name (cpi, cycles) means the same thing.
 */
static void names_are_unique_within_a_kind(void **state)
{
	(void)state;
	for (int a = 0; a < AP_NFIG; a++)
		for (int b = 0; b < a; b++)
			assert_false(ap_fig_kind(a) == ap_fig_kind(b) &&
				     !strcmp(ap_fig_name(a), ap_fig_name(b)));
	for (int id = 0; id < AP_NEV; id++) {
		if (!ap_event_name(id))
			continue;
		assert_int_equal(ap_event_find_kind(ap_event_name(id), ap_event_kind(id)), id);
	}
	/* perf config: event | item << 8 */
	assert_int_equal(ap_mb_event_by_config(0x13c), ap_event_find("icache_read_latency_sum"));
	assert_int_equal(ap_mb_event_by_config(0x01e), ap_event_find("cycles"));
	assert_int_equal(ap_mb_event_by_config(0x51e), -1);
}

/* ---- sharing a core's counters --------------------------------------- */

static unsigned char *events_of(unsigned char *need, const char *const *names)
{
	memset(need, 0, AP_NEV);
	for (; *names; names++) {
		int id = ap_event_find_kind(*names, AP_KIND_MB);

		assert_true(id >= 0);
		need[id] = 1;
	}
	return need;
}

static void latency_items_share_one_latency_counter(void **state)
{
	static const char *const ev[] = { "icache_read_latency_count",
		"icache_read_latency_sum", "icache_read_latency_sum_sq", NULL };
	unsigned char need[AP_NEV];

	(void)state;
	assert_true(ap_mb_fits(events_of(need, ev), 0, 1));
	assert_false(ap_mb_fits(need, 5, 0));
}

static void a_latency_count_alone_takes_an_event_counter_then_a_latency_one(void **state)
{
	static const char *const ev[] = { "cycles", "instructions",
		"interrupt_latency_count", NULL };
	unsigned char need[AP_NEV];

	(void)state;
	assert_true(ap_mb_fits(events_of(need, ev), 3, 0));
	assert_true(ap_mb_fits(need, 2, 1));
	assert_false(ap_mb_fits(need, 2, 0));
	assert_false(ap_mb_fits(need, 1, 5));	/* cycles, instructions need two */
}

static struct ap_pmu core(const char *identifier)
{
	static struct ap_pmu_event ev[AXIPERF_MB_NUM_PERF_EVENTS];
	struct ap_pmu p;

	memset(&p, 0, sizeof(p));
	snprintf(p.name, sizeof(p.name), "microblaze0");
	snprintf(p.identifier, sizeof(p.identifier), "%s", identifier);
	p.kind = AP_KIND_MB;
	p.nev = AXIPERF_MB_NUM_PERF_EVENTS;
	p.ev = ev;
	for (int i = 0; i < p.nev; i++) {
		snprintf(ev[i].name, sizeof(ev[i].name), "%s", axiperf_mb_perf_events[i].name);
		ev[i].config = (uint64_t)axiperf_mb_perf_events[i].config;
		ev[i].id = AP_MB_EV0 + i;
	}
	return p;
}

/*
 * 5 event and 1 latency counters (the test bed's MDM), every figure
 * asked for: in table order cpi (cycles, instructions), icache_hit_rate
 * (+ icache_hits, icache_requests), not dcache_hit_rate (6 event counters),
 * icache_miss_latency (+ the E60 latency counter), fp_ratio (5th event
 * counter), icache_read_latency_mean and _stddev (same latency counter).
 */
static void without_m_the_figures_that_fit_are_counted_in_table_order(void **state)
{
	static const char *const want[] = { "cpi", "icache_hit_rate",
		"icache_miss_latency", "fp_ratio", "icache_read_latency_mean",
		"icache_read_latency_stddev", NULL };
	struct ap_pmu p = core("microblaze-mdm-w32-e5-l1");
	unsigned char need[1][AP_NEV];
	struct ap_select s;
	char err[AP_ERR_MAX];
	int nev = 0;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), 0);
	for (int k = AP_MB_FIG0; k < AP_MBV_FIG0; k++) {
		int wanted = 0;

		for (const char *const *w = want; *w; w++)
			wanted |= !strcmp(*w, ap_fig_name(k));
		assert_int_equal(s.fig[k], wanted);
	}
	for (int k = 0; k < AP_NFIG; k++)	/* AXI and CPU figures untouched */
		if (k < AP_MB_FIG0 || k >= AP_MBV_FIG0)
			assert_int_equal(s.fig[k], 1);
	for (int id = 0; id < AP_NEV; id++)
		nev += need[0][id];
	/* cycles instructions icache_hits icache_requests fp_instructions
	 * + icache_read_latency_{count,sum,sum_sq} */
	assert_int_equal(nev, 8);
	assert_true(ap_mb_fits(need[0], 5, 1));
}

static void with_m_figures_that_do_not_fit_are_an_error(void **state)
{
	struct ap_pmu p = core("microblaze-mdm-w64-e2-l0");
	unsigned char need[1][AP_NEV];
	struct ap_select s;
	char err[AP_ERR_MAX];

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "cpi,fp_ratio", err, sizeof(err)), 0);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "microblaze0 has 2 event and 0 latency counters"));
	assert_non_null(strstr(err, "fp_ratio"));
	assert_int_equal(ap_select_figures(&s, "cpi", err, sizeof(err)), 0);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), 0);
	assert_true(need[0][ap_event_find("cycles")] && need[0][ap_event_find("instructions")]);
}

static void identifier_gives_the_counters(void **state)
{
	struct ap_pmu p = core("microblaze-mdm-w48-e5-l1");
	int ne = -1, nl = -1;

	(void)state;
	assert_int_equal(ap_mb_counters(&p, &ne, &nl), 0);
	assert_int_equal(ne, 5);
	assert_int_equal(nl, 1);
	p = core("microblaze-mdm-w48");
	assert_int_equal(ap_mb_counters(&p, &ne, &nl), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cpi_is_cycles_per_instruction),
		cmocka_unit_test(icache_hit_rate_is_hits_per_request),
		cmocka_unit_test(dcache_hit_rate_is_hits_per_request),
		cmocka_unit_test(icache_miss_latency_is_extra_clocks_per_miss),
		cmocka_unit_test(dcache_read_miss_latency_spreads_extra_clocks_over_misses),
		cmocka_unit_test(dcache_write_miss_latency_without_misses_is_na),
		cmocka_unit_test(fp_ratio_is_fp_share_of_instructions),
		cmocka_unit_test(instruction_mix_is_shares_of_instructions),
		cmocka_unit_test(latency_means_are_sum_over_count),
		cmocka_unit_test(latency_stddevs_come_from_count_sum_and_squares),
		cmocka_unit_test(no_latency_samples_make_mean_and_stddev_na),
		cmocka_unit_test(zero_denominator_is_na_for_every_figure),
		cmocka_unit_test(uncounted_event_makes_figure_na_naming_it),
		cmocka_unit_test(huge_latency_sums_do_not_overflow),
		cmocka_unit_test(formulas_read_as_the_description_writes_them),
		cmocka_unit_test(every_term_names_a_known_event),
		cmocka_unit_test(names_are_unique_within_a_kind),
		cmocka_unit_test(latency_items_share_one_latency_counter),
		cmocka_unit_test(a_latency_count_alone_takes_an_event_counter_then_a_latency_one),
		cmocka_unit_test(without_m_the_figures_that_fit_are_counted_in_table_order),
		cmocka_unit_test(with_m_figures_that_do_not_fit_are_an_error),
		cmocka_unit_test(identifier_gives_the_counters),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("mbfigures", tests, NULL, NULL);
}
