// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The tracepoint timeline: records laid out as the kernel lays out
 * axiperf:axiperf_counters (driver/axiperf_trace.h: the name in a char[16];
 * older modules put it in a __data_loc string), described by
 * a format text in the kernel's own style, decoded through libtraceevent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "axiperf.h"
#include "trace.h"

#define OFF_PMU		8
#define OFF_REASON	12
#define OFF_COUNTS	16
#define OFF_GAUGES	(OFF_COUNTS + 8 * AXIPERF_NUM_COUNTERS)
#define OFF_STR		(OFF_GAUGES + 8 * AXIPERF_NUM_GAUGES)

static char format[2048];

static void make_format(int with_gauges)
{
	int n;

	n = snprintf(format, sizeof(format),
		"name: axiperf_counters\nID: 1500\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"\tfield:__data_loc char[] pmu;\toffset:%d;\tsize:4;\tsigned:1;\n"
		"\tfield:unsigned int reason;\toffset:%d;\tsize:4;\tsigned:0;\n"
		"\tfield:u64 counts[%d];\toffset:%d;\tsize:%d;\tsigned:0;\n",
		OFF_PMU, OFF_REASON, AXIPERF_NUM_COUNTERS, OFF_COUNTS,
		8 * AXIPERF_NUM_COUNTERS);
	if (with_gauges)
		n += snprintf(format + n, sizeof(format) - (size_t)n,
			"\tfield:u64 gauges[%d];\toffset:%d;\tsize:%d;\tsigned:0;\n",
			AXIPERF_NUM_GAUGES, OFF_GAUGES, 8 * AXIPERF_NUM_GAUGES);
	snprintf(format + n, sizeof(format) - (size_t)n,
		 "\nprint fmt: \"pmu=%%s reason=%%u\", __get_str(pmu), REC->reason\n");
}

/* One raw record: counts[i] = base * (i + 1), gauges[i] = i + 1. */
static int make_record(unsigned char *buf, const char *pmu, uint64_t base)
{
	uint32_t loc, reason = 1, len = (uint32_t)strlen(pmu) + 1;
	uint16_t type = 1500;

	memset(buf, 0, OFF_STR + 64);
	memcpy(buf, &type, 2);
	loc = (len << 16) | OFF_STR;
	memcpy(buf + OFF_PMU, &loc, 4);
	memcpy(buf + OFF_REASON, &reason, 4);
	for (int i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		uint64_t v = base * (uint64_t)(i + 1);

		memcpy(buf + OFF_COUNTS + 8 * i, &v, 8);
	}
	for (int i = 0; i < AXIPERF_NUM_GAUGES; i++) {
		uint64_t v = (uint64_t)i + 1;

		memcpy(buf + OFF_GAUGES + 8 * i, &v, 8);
	}
	memcpy(buf + OFF_STR, pmu, len);
	return OFF_STR + (int)len;
}

static void decodes_pmu_counts_and_gauges(void **state)
{
	unsigned char raw[OFF_STR + 64];
	struct ap_trace_record rec;
	struct ap_tracefmt *f;
	char err[AP_ERR_MAX];
	int size;

	(void)state;
	make_format(1);
	assert_int_equal(ap_tracefmt_load(format, strlen(format), &f, err, sizeof(err)), 0);
	size = make_record(raw, "axiperf3", 1000);
	assert_int_equal(ap_tracefmt_decode(f, raw, size, &rec), 0);
	assert_string_equal(rec.pmu, "axiperf3");
	assert_int_equal(rec.counts[0], 1000);
	assert_int_equal(rec.counts[AXIPERF_EV_RD_FIRST_LAG], 27000);
	assert_int_equal(rec.gauges[AXIPERF_NUM_GAUGES - 1], AXIPERF_NUM_GAUGES);
	/* a record cut short of its arrays is refused */
	assert_int_equal(ap_tracefmt_decode(f, raw, OFF_GAUGES, &rec), -1);
	ap_tracefmt_free(f);
}

static void refuses_format_without_gauges(void **state)
{
	struct ap_tracefmt *f;
	char err[AP_ERR_MAX];

	(void)state;
	make_format(0);
	assert_int_equal(ap_tracefmt_load(format, strlen(format), &f, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "the driver and axiperf disagree"));
	assert_int_equal(ap_tracefmt_load("junk", 4, &f, err, sizeof(err)), -1);
}

/* The current driver's layout: the name in a char[16] inside the record */
static void decodes_pmu_name_array(void **state)
{
	unsigned char raw[32 + 8 * (AXIPERF_NUM_COUNTERS + AXIPERF_NUM_GAUGES)];
	int counts = 32, gauges = 32 + 8 * AXIPERF_NUM_COUNTERS;
	struct ap_trace_record rec;
	struct ap_tracefmt *f;
	char err[AP_ERR_MAX];

	(void)state;
	snprintf(format, sizeof(format),
		"name: axiperf_counters\nID: 1500\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"\tfield:char pmu[16];\toffset:8;\tsize:16;\tsigned:0;\n"
		"\tfield:unsigned int reason;\toffset:24;\tsize:4;\tsigned:0;\n"
		"\tfield:u64 counts[%d];\toffset:%d;\tsize:%d;\tsigned:0;\n"
		"\tfield:u64 gauges[%d];\toffset:%d;\tsize:%d;\tsigned:0;\n"
		"\nprint fmt: \"pmu=%%s reason=%%u\", REC->pmu, REC->reason\n",
		AXIPERF_NUM_COUNTERS, counts, 8 * AXIPERF_NUM_COUNTERS,
		AXIPERF_NUM_GAUGES, gauges, 8 * AXIPERF_NUM_GAUGES);
	assert_int_equal(ap_tracefmt_load(format, strlen(format), &f, err, sizeof(err)), 0);
	memset(raw, 0, sizeof(raw));
	memcpy(raw + 8, "axiperf12", 10);
	for (int i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		uint64_t v = 7 * (uint64_t)(i + 1);

		memcpy(raw + counts + 8 * i, &v, 8);
	}
	for (int i = 0; i < AXIPERF_NUM_GAUGES; i++) {
		uint64_t v = (uint64_t)i + 1;

		memcpy(raw + gauges + 8 * i, &v, 8);
	}
	assert_int_equal(ap_tracefmt_decode(f, raw, (int)sizeof(raw), &rec), 0);
	assert_string_equal(rec.pmu, "axiperf12");
	assert_int_equal(rec.counts[AXIPERF_EV_RD_FIRST_LAG], 7 * 27);
	assert_int_equal(rec.gauges[AXIPERF_NUM_GAUGES - 1], AXIPERF_NUM_GAUGES);
	ap_tracefmt_free(f);
}

static struct ap_trace_record rec_at(const char *pmu, uint64_t ns, uint64_t base)
{
	struct ap_trace_record r;

	memset(&r, 0, sizeof(r));
	snprintf(r.pmu, sizeof(r.pmu), "%s", pmu);
	r.time_ns = ns;
	for (int i = 0; i < AXIPERF_NUM_COUNTERS; i++)
		r.counts[i] = base * (uint64_t)(i + 1);
	r.gauges[2] = base / 100;	/* rd_max_outstanding */
	return r;
}

/*
 * axiperf0 at 1.000, 1.002, 1.004 s with totals 100, 300, 400 x (id + 1);
 * axiperf1 at 1.001, 1.003 s with 50, 60. Deltas: axiperf0 200 then 100
 * x (id + 1) over 2 ms each, axiperf1 10 x (id + 1) over 2 ms.
 */
static void timeline_turns_totals_into_interval_deltas(void **state)
{
	struct ap_trace_record r[5];
	struct ap_timeline t;
	struct ap_data d;
	struct ap_fig_result fr;

	(void)state;
	ap_data_init(&d);
	ap_data_instance(&d, "axiperf0");
	ap_data_instance(&d, "axiperf1");
	d.interval = 1;
	ap_timeline_init(&t);
	r[0] = rec_at("axiperf0", 1000000000, 100);
	r[1] = rec_at("axiperf1", 1001000000, 50);
	r[2] = rec_at("axiperf0", 1002000000, 300);
	r[3] = rec_at("axiperf1", 1003000000, 60);
	r[4] = rec_at("axiperf0", 1004000000, 400);
	for (int i = 0; i < 5; i++)
		ap_timeline_add(&t, &d, &r[i]);
	assert_int_equal(d.nframes, 2);
	assert_true(d.frames[0].time == 0.002);
	assert_int_equal(d.frames[0].c[0].value[AXIPERF_EV_RD_BEATS], 200 * 20);
	assert_int_equal(d.frames[1].c[0].value[AXIPERF_EV_RD_BEATS], 100 * 20);
	assert_int_equal(d.frames[0].c[1].value[AXIPERF_EV_RD_BEATS], 10 * 20);
	assert_int_equal(d.frames[1].c[1].state[AXIPERF_EV_RD_BEATS], AP_EV_ABSENT);
	assert_int_equal(d.frames[1].c[0].value[AXIPERF_EV_RD_MAX_OUTSTANDING], 4);
	assert_true(d.frames[0].c[0].seconds > 0.0019999 && d.frames[0].c[0].seconds < 0.0020001);
	/* read_lag = (rd_ar_stall 23k + rd_lag 25k) / rd_bursts 19k, k = 200 */
	ap_figure_eval(&axiperf_figures[ap_figure_find("read_lag")], &d.frames[0].c[0], &fr);
	assert_int_equal(fr.status, AP_FIG_OK);
	assert_true(fr.num == 200 * 48 && fr.den == 200 * 19);
	/* rd_bytes 21k over 2 ms: k = 10 for axiperf1 */
	ap_figure_eval(&axiperf_figures[ap_figure_find("read_bandwidth")], &d.frames[0].c[1], &fr);
	assert_int_equal(fr.status, AP_FIG_OK);
	assert_true(fr.value > 104999.9 && fr.value < 105000.1);
	ap_data_free(&d);
}

static void timeline_skips_strangers_and_repeats(void **state)
{
	struct ap_trace_record r;
	struct ap_timeline t;
	struct ap_data d;

	(void)state;
	ap_data_init(&d);
	ap_data_instance(&d, "axiperf0");
	ap_timeline_init(&t);
	r = rec_at("axiperf7", 1000, 1);	/* not opened by this run */
	ap_timeline_add(&t, &d, &r);
	r = rec_at("axiperf7", 2000, 2);
	ap_timeline_add(&t, &d, &r);
	assert_int_equal(d.nframes, 0);
	r = rec_at("axiperf0", 5000, 1);
	ap_timeline_add(&t, &d, &r);
	ap_timeline_add(&t, &d, &r);	/* the same record again */
	r = rec_at("axiperf0", 4000, 3);	/* older than the baseline */
	ap_timeline_add(&t, &d, &r);
	assert_int_equal(d.nframes, 0);
	ap_data_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(decodes_pmu_counts_and_gauges),
		cmocka_unit_test(decodes_pmu_name_array),
		cmocka_unit_test(refuses_format_without_gauges),
		cmocka_unit_test(timeline_turns_totals_into_interval_deltas),
		cmocka_unit_test(timeline_skips_strangers_and_repeats),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("trace", tests, NULL, NULL);
}
