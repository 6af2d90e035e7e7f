// SPDX-License-Identifier: GPL-2.0 OR MIT
/* The reader of `perf stat -x,` output: good input, and each kind of bad line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "axiperf.h"

static char err[AP_ERR_MAX];

static int parse(const char *text, struct ap_data *d)
{
	ap_data_init(d);
	err[0] = 0;
	return ap_perfcsv_parse_buf(text, strlen(text), d, err, sizeof(err));
}

static const struct ap_counts *inst(const struct ap_data *d, int frame,
				    const char *name)
{
	for (int i = 0; i < d->ninst; i++)
		if (!strcmp(d->inst[i], name))
			return &d->frames[frame].c[i];
	fail_msg("no instance %s", name);
	return NULL;
}

/* The input must be refused with a message naming the line and the problem. */
static void refused(const char *text, const char *where, const char *what)
{
	struct ap_data d;

	assert_int_equal(parse(text, &d), -1);
	if (!strstr(err, where) || !strstr(err, what))
		fail_msg("message '%s' lacks '%s' or '%s'", err, where, what);
	ap_data_free(&d);
}

static void reads_counts_per_instance(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("# started on Thu Jan  1 00:00:00 1970\n\n"
			       "1163604,,axiperf0/rd_beats/,36320510,100.00,,\n"
			       "137317,,axiperf2/rd_beats/,36320510,100.00,,\n"
			       "420314,,axiperf0/rd_ar_cycles/,36320510,100.00,,\n", &d), 0);
	assert_int_equal(d.interval, 0);
	assert_int_equal(d.nframes, 1);
	assert_int_equal(d.ninst, 2);
	assert_string_equal(d.inst[0], "axiperf0");
	assert_string_equal(d.inst[1], "axiperf2");
	assert_int_equal(inst(&d, 0, "axiperf0")->value[AXIPERF_EV_RD_BEATS], 1163604);
	assert_int_equal(inst(&d, 0, "axiperf0")->value[AXIPERF_EV_RD_AR_CYCLES], 420314);
	assert_int_equal(inst(&d, 0, "axiperf2")->value[AXIPERF_EV_RD_BEATS], 137317);
	assert_int_equal(inst(&d, 0, "axiperf2")->state[AXIPERF_EV_RD_AR_CYCLES], AP_EV_ABSENT);
	ap_data_free(&d);
}

static void reads_not_counted_and_not_supported(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("<not counted>,,axiperf0/rd_beats/,0,100.00,,\n"
			       "<not supported>,,axiperf0/rd_lag/,0,100.00,,\n"
			       "5,,axiperf0/rd_bursts/,10,100.00,,\n", &d), 0);
	assert_int_equal(inst(&d, 0, "axiperf0")->state[AXIPERF_EV_RD_BEATS], AP_EV_NOT_COUNTED);
	assert_int_equal(inst(&d, 0, "axiperf0")->state[AXIPERF_EV_RD_LAG], AP_EV_NOT_SUPPORTED);
	assert_int_equal(inst(&d, 0, "axiperf0")->state[AXIPERF_EV_RD_BURSTS], AP_EV_COUNTED);
	ap_data_free(&d);
}

/* perf stat -I: "%6lu.%09lu" first; the interval lengths come from the stamps */
static void reads_interval_timeline(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("     1.000500000,10,,axiperf0/rd_beats/,1000000,100.00,,\n"
			       "     1.000500000,4,,axiperf0/rd_bursts/,1000000,100.00,,\n"
			       "     2.001000000,30,,axiperf0/rd_beats/,1000000,100.00,,\n"
			       "     2.001000000,<not counted>,,axiperf0/rd_bursts/,0,0.00,,\n"
			       "     2.501000000,7,,axiperf0/rd_beats/,1000000,100.00,,\n", &d), 0);
	assert_int_equal(d.interval, 1);
	assert_int_equal(d.nframes, 3);
	assert_true(d.frames[0].time == 1.0005);
	assert_true(d.frames[0].seconds == 1.0005);
	assert_true(d.frames[1].seconds > 1.00049 && d.frames[1].seconds < 1.00051);
	assert_true(d.frames[2].seconds > 0.49999 && d.frames[2].seconds < 0.50001);
	assert_int_equal(inst(&d, 1, "axiperf0")->value[AXIPERF_EV_RD_BEATS], 30);
	assert_int_equal(inst(&d, 1, "axiperf0")->state[AXIPERF_EV_RD_BURSTS], AP_EV_NOT_COUNTED);
	assert_int_equal(inst(&d, 2, "axiperf0")->state[AXIPERF_EV_RD_BURSTS], AP_EV_ABSENT);
	ap_data_free(&d);
}

static void duration_time_gives_seconds(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("250000000,ns,duration_time,250000000,100.00,,\n"
			       "1000,,axiperf0/rd_bytes/,250000000,100.00,,\n", &d), 0);
	assert_true(inst(&d, 0, "axiperf0")->seconds == 0.25);
	ap_data_free(&d);
}

static void footer_line_gives_seconds(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("1000,,axiperf0/rd_bytes/,250000000,100.00,,\n"
			       "\n       0.500000000 seconds time elapsed\n\n"
			       "       0.100000000 seconds user\n", &d), 0);
	assert_true(inst(&d, 0, "axiperf0")->seconds == 0.5);
	ap_data_free(&d);
}

static void no_time_leaves_seconds_unknown(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("1000,,axiperf0/rd_bytes/,250000000,100.00,,\n", &d), 0);
	assert_true(inst(&d, 0, "axiperf0")->seconds <= 0);
	ap_data_free(&d);
}

/* event=0x13 (rd_beats), "name [pmu]" (--no-merge), CPU and socket columns */
static void reads_other_event_spellings(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("11,,axiperf1/event=0x13/,1,100.00,,\n"
			       "12,,axiperf1/config=0x12,foo=1/,1,100.00,,\n"
			       "13,,rd_lag [axiperf3],1,100.00,,\n"
			       "CPU0,14,,axiperf4/rd_lag/,1,100.00,,\n"
			       "S0,1,15,,axiperf5/rd_lag/,1,100.00,,\n"
			       "16.00,,axiperf6/rd_lag/,1,100.00,,\n"
			       "17,,rd_lag,1,100.00,,\n", &d), 0);
	assert_int_equal(inst(&d, 0, "axiperf1")->value[AXIPERF_EV_RD_BEATS], 11);
	assert_int_equal(inst(&d, 0, "axiperf1")->value[AXIPERF_EV_RD_BURSTS], 12);
	assert_int_equal(inst(&d, 0, "axiperf3")->value[AXIPERF_EV_RD_LAG], 13);
	assert_int_equal(inst(&d, 0, "axiperf4")->value[AXIPERF_EV_RD_LAG], 14);
	assert_int_equal(inst(&d, 0, "axiperf5")->value[AXIPERF_EV_RD_LAG], 15);
	assert_int_equal(inst(&d, 0, "axiperf6")->value[AXIPERF_EV_RD_LAG], 16);
	assert_int_equal(inst(&d, 0, "axiperf")->value[AXIPERF_EV_RD_LAG], 17);
	ap_data_free(&d);
}

/* per-CPU rows of one instance add up */
static void sums_aggregated_rows(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("CPU0,5,,axiperf0/rd_lag/,1,100.00,,\n"
			       "CPU1,7,,axiperf0/rd_lag/,1,100.00,,\n", &d), 0);
	assert_int_equal(inst(&d, 0, "axiperf0")->value[AXIPERF_EV_RD_LAG], 12);
	ap_data_free(&d);
}

static void skips_other_pmus(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("123,,cycles,1,100.00,,\n"
			       "456,,cpu/instructions/,1,100.00,0.5,insn per cycle\n"
			       "789,,dmc620_0/clk_cycle_count/,1,100.00,,\n"
			       "3,,axiperf0/rd_lag/,1,100.00,,\n", &d), 0);
	assert_int_equal(d.ninst, 1);
	assert_string_equal(d.inst[0], "axiperf0");
	ap_data_free(&d);
}

static void full_64_bit_counts(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("18446744073709551615,,axiperf0/rd_lag/,1,100.00,,\n", &d), 0);
	assert_true(inst(&d, 0, "axiperf0")->value[AXIPERF_EV_RD_LAG] == UINT64_MAX);
	ap_data_free(&d);
}

static uint64_t mb(const struct ap_counts *c, const char *name)
{
	int id = ap_event_find_kind(name, AP_KIND_MB);

	assert_true(id >= 0);
	assert_int_equal(c->state[id], AP_EV_COUNTED);
	return c->value[id];
}

/* Names, config terms (event | item << 8) and --no-merge spellings. */
static void reads_microblaze_events(void **state)
{
	struct ap_data d;

	(void)state;
	assert_int_equal(parse("4000,,microblaze0/cycles/,100,100.00,,\n"
			       "1000,,microblaze0/instructions/,100,100.00,,\n"
			       "650,,microblaze0/event=0x3c,item=1/,100,100.00,,\n"
			       "5150,,microblaze0/config=0x23c/,100,100.00,,\n"
			       "200,,icache_read_latency_count [microblaze2],100,100.00,,\n"
			       "77,,cycles,100,100.00,,\n"	/* perf's own */
			       "9,,axiperf0/rd_beats/,100,100.00,,\n", &d), 0);
	assert_int_equal(d.ninst, 3);
	assert_int_equal(mb(inst(&d, 0, "microblaze0"), "cycles"), 4000);
	assert_int_equal(mb(inst(&d, 0, "microblaze0"), "instructions"), 1000);
	assert_int_equal(mb(inst(&d, 0, "microblaze0"), "icache_read_latency_sum"), 650);
	assert_int_equal(mb(inst(&d, 0, "microblaze0"), "icache_read_latency_sum_sq"), 5150);
	assert_int_equal(mb(inst(&d, 0, "microblaze2"), "icache_read_latency_count"), 200);
	assert_int_equal(inst(&d, 0, "axiperf0")->value[AXIPERF_EV_RD_BEATS], 9);
	ap_data_free(&d);
}

static void refuses_unknown_microblaze_event(void **state)
{
	(void)state;
	refused("1,,microblaze0/cycels/,1,100.00,,\n", "buffer:1:", "unknown event 'cycels' of microblaze0");
	refused("1,,microblaze0/event=0x1e,item=1/,1,100.00,,\n", "buffer:1:",
		"unknown event 'event=0x1e,item=1' of microblaze0");	/* no sum of cycles */
	refused("1,,microblaze0/rd_beats/,1,100.00,,\n", "buffer:1:", "unknown event 'rd_beats' of microblaze0");
	refused("1,,axiperf0/cycles/,1,100.00,,\n", "buffer:1:", "unknown event 'cycles' of axiperf0");
}

static void refuses_non_number(void **state)
{
	(void)state;
	refused("1,,axiperf0/rd_lag/,1,100.00,,\nabc,,axiperf0/rd_beats/,1,100.00,,\n",
		"buffer:2:", "count 'abc' is not a number");
	refused("-5,,axiperf0/rd_beats/,1,100.00,,\n", "buffer:1:", "count '-5'");
	refused("1e5,,axiperf0/rd_beats/,1,100.00,,\n", "buffer:1:", "count '1e5'");
	refused(",,axiperf0/rd_beats/,1,100.00,,\n", "buffer:1:", "count ''");
}

static void refuses_too_few_fields(void **state)
{
	(void)state;
	refused("# c\n12,axiperf0/rd_beats/\n", "buffer:2:", "fields where value,unit,event are needed");
	refused("just some text\n", "buffer:1:", "fields where value,unit,event are needed");
}

static void refuses_unknown_axiperf_event(void **state)
{
	(void)state;
	refused("1,,axiperf0/rd_beets/,1,100.00,,\n", "buffer:1:", "unknown event 'rd_beets' of axiperf0");
	refused("1,,axiperf0/event=0x7f/,1,100.00,,\n", "buffer:1:", "unknown event 'event=0x7f' of axiperf0");
	refused("1,,axiperf0/event=0x27/,1,100.00,,\n", "buffer:1:", "unknown event");	/* past the last */
	refused("1,,foo [axiperf2],1,100.00,,\n", "buffer:1:", "unknown event 'foo' of axiperf2");
}

static void refuses_unclosed_event(void **state)
{
	(void)state;
	refused("1,,axiperf0/rd_beats,1,100.00,,\n", "buffer:1:", "no closing '/'");
}

static void refuses_empty_event(void **state)
{
	(void)state;
	refused("1,,,1,100.00,,\n", "buffer:1:", "empty event name");
}

static void refuses_twice_the_same_event(void **state)
{
	(void)state;
	refused("1,,axiperf0/rd_lag/,1,100.00,,\n2,,axiperf0/rd_lag/,1,100.00,,\n",
		"buffer:2:", "rd_lag of axiperf0 appears twice");
}

static void refuses_mixed_interval_and_plain(void **state)
{
	(void)state;
	refused("     1.000000000,1,,axiperf0/rd_lag/,1,100.00,,\n1,,axiperf0/rd_beats/,1,100.00,,\n",
		"buffer:2:", "no interval timestamp");
	refused("1,,axiperf0/rd_beats/,1,100.00,,\n     1.000000000,1,,axiperf0/rd_lag/,1,100.00,,\n",
		"buffer:2:", "interval timestamp where earlier lines had none");
}

static void refuses_time_going_back(void **state)
{
	(void)state;
	refused("     2.000000000,1,,axiperf0/rd_lag/,1,100.00,,\n"
		"     1.000000000,1,,axiperf0/rd_lag/,1,100.00,,\n",
		"buffer:2:", "goes back in time");
}

static void refuses_count_over_64_bits(void **state)
{
	(void)state;
	refused("18446744073709551616,,axiperf0/rd_lag/,1,100.00,,\n", "buffer:1:",
		"does not fit in 64 bits");
	/* found by the fuzzer: a scaled count too large for a 64-bit cast */
	refused("2500000000555555555555555550.00,,axiperf0/rd_lag/,1,100.00,,\n",
		"buffer:1:", "does not fit in 64 bits");
}

static void refuses_aggregation_without_count(void **state)
{
	(void)state;
	refused("S0,x,1,,axiperf0/rd_lag/,1,100.00,,\n", "buffer:1:", "member count");
}

static void refuses_nul_byte(void **state)
{
	static const char text[] = "1,,axiperf0/rd_lag/,1\0,100.00,,\n";
	struct ap_data d;

	(void)state;
	ap_data_init(&d);
	assert_int_equal(ap_perfcsv_parse_buf(text, sizeof(text) - 1, &d, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "buffer:1: NUL byte"));
	ap_data_free(&d);
}

static void refuses_input_without_axiperf_events(void **state)
{
	(void)state;
	refused("123,,cycles,1,100.00,,\n", "buffer", "no axiperf, apm or microblaze event in the input");
	refused("", "buffer", "no axiperf, apm or microblaze event in the input");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reads_counts_per_instance),
		cmocka_unit_test(reads_not_counted_and_not_supported),
		cmocka_unit_test(reads_interval_timeline),
		cmocka_unit_test(duration_time_gives_seconds),
		cmocka_unit_test(footer_line_gives_seconds),
		cmocka_unit_test(no_time_leaves_seconds_unknown),
		cmocka_unit_test(reads_other_event_spellings),
		cmocka_unit_test(sums_aggregated_rows),
		cmocka_unit_test(skips_other_pmus),
		cmocka_unit_test(full_64_bit_counts),
		cmocka_unit_test(reads_microblaze_events),
		cmocka_unit_test(refuses_unknown_microblaze_event),
		cmocka_unit_test(refuses_non_number),
		cmocka_unit_test(refuses_too_few_fields),
		cmocka_unit_test(refuses_unknown_axiperf_event),
		cmocka_unit_test(refuses_unclosed_event),
		cmocka_unit_test(refuses_empty_event),
		cmocka_unit_test(refuses_twice_the_same_event),
		cmocka_unit_test(refuses_mixed_interval_and_plain),
		cmocka_unit_test(refuses_time_going_back),
		cmocka_unit_test(refuses_count_over_64_bits),
		cmocka_unit_test(refuses_aggregation_without_count),
		cmocka_unit_test(refuses_nul_byte),
		cmocka_unit_test(refuses_input_without_axiperf_events),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("perfcsv", tests, NULL, NULL);
}
