// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The AXI Performance Monitors (driver/apm/) in the front end: discovery
 * on a sysfs tree made as the driver makes it (apm_ddr: 6 slots, 10
 * counters; apm_ocm: 1 slot, 8), the ports, the plan's counter budget and
 * what it leaves out, the figures' values, the report of perf's output.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "axiperf.h"
#include "tmptree.h"

static char root[64];
static char err[AP_ERR_MAX];

static void put(const char *rel, const char *text)
{
	char path[256];

	snprintf(path, sizeof(path), "bus/event_source/devices/%s", rel);
	tree_put(root, path, text);
}

static void putf(const char *text, const char *fmt, ...)
{
	char rel[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rel, sizeof(rel), fmt, ap);
	va_end(ap);
	put(rel, text);
}

/* The driver's sysfs: events/<metric> "metric=N" with .unit, the slot
 * aliases of a monitor of several slots, format/, slots, counters. */
static void apm(const char *name, const char *type, int slots, int counters,
		const char *const *slot_names)
{
	static const char *const fmt[][2] = {
		{ "metric", "config:0-4" }, { "slot", "config:5-7" },
		{ "lat_start", "config:8" }, { "lat_end", "config:9" },
		{ "id_filter", "config:10" }, { "id", "config1:0-31" },
		{ "id_mask", "config2:0-31" },
	};
	static const char *const per_slot[] = {
		"write_transactions", "read_transactions", "write_bytes", "read_bytes",
	};
	char text[64];

	putf(type, "%s/type", name);
	putf("0\n", "%s/cpumask", name);
	snprintf(text, sizeof(text), "%d\n", slots);
	putf(text, "%s/slots", name);
	snprintf(text, sizeof(text), "%d\n", counters);
	putf(text, "%s/counters", name);
	for (size_t i = 0; i < sizeof(fmt) / sizeof(fmt[0]); i++)
		putf(fmt[i][1], "%s/format/%s", name, fmt[i][0]);
	for (int m = 0; m < AXIPERF_APM_NUM_METRICS; m++) {
		snprintf(text, sizeof(text), "metric=%d\n", m);
		putf(text, "%s/events/%s", name, ap_event_name(AP_APM_EV0 + m));
		putf(ap_event_unit(AP_APM_EV0 + m), "%s/events/%s.unit", name,
		     ap_event_name(AP_APM_EV0 + m));
	}
	for (int s = 0; slots > 1 && s < slots; s++)
		for (int m = 0; m < 4; m++) {
			snprintf(text, sizeof(text), "metric=%d,slot=%d\n", m, s);
			putf(text, "%s/events/%s_%s", name, slot_names[s], per_slot[m]);
			putf("bytes\n", "%s/events/%s_%s.unit", name, slot_names[s], per_slot[m]);
		}
}

static const char *const ddr_slots[] = { "rpu", "apu0", "apu1", "dp_hp0", "hp1_hp2", "hp3_fpd_dma" };

static int make_root(void **state)
{
	(void)state;
	if (tree_make(root, "axiperf-apm"))
		return -1;
	put("axiperf0/type", "29\n");
	put("axiperf0/cpumask", "0\n");
	put("axiperf0/events/rd_beats", "config=0x13\n");
	apm("apm_ocm", "14\n", 1, 8, NULL);
	apm("apm_ddr", "13\n", 6, 10, ddr_slots);
	return 0;
}

static int remove_root(void **state)
{
	(void)state;
	return tree_remove(root);
}

static int fig(const char *name)
{
	for (int k = AP_APM_FIG0; k < AP_NFIG; k++)
		if (!strcmp(ap_fig_name(k), name))
			return k;
	fail_msg("no APM figure %s", name);
	return -1;
}

static int ev(const char *name)
{
	int id = ap_event_find_kind(name, AP_KIND_APM);

	assert_true(id >= AP_APM_EV0);
	return id;
}

static void scan_ports(struct ap_pmu **p, int *n)
{
	assert_int_equal(ap_pmu_scan(root, p, n, err, sizeof(err)), 0);
	assert_int_equal(ap_apm_ports(p, n, err, sizeof(err)), 0);
}

static void scan_finds_the_apms_after_the_monitors(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(p[0].name, "axiperf0");
	assert_string_equal(p[1].name, "apm_ddr");
	assert_string_equal(p[2].name, "apm_ocm");
	assert_int_equal(p[1].kind, AP_KIND_APM);
	assert_int_equal(p[2].kind, AP_KIND_APM);
	assert_int_equal(p[1].type, 13);
	assert_int_equal(p[1].slots, 6);
	assert_int_equal(p[1].counters, 10);
	assert_int_equal(p[2].slots, 1);
	assert_int_equal(p[2].counters, 8);
	assert_int_equal(p[1].slot, -1);
	/* the metrics are its events; the aliases name its slots */
	assert_int_equal(p[1].nev, AXIPERF_APM_NUM_METRICS);
	for (int s = 0; s < 6; s++)
		assert_string_equal(p[1].slot_name[s], ddr_slots[s]);
	assert_string_equal(p[2].slot_name[0], "ocm");	/* spec/apm.toml */
	assert_int_equal(ap_pmu_event(&p[1], ev("read_bytes"))->config, 3);
	assert_true(ap_pmu_can(&p[1], fig("read_latency_mean")));
	assert_false(ap_pmu_can(&p[0], fig("read_bandwidth")));	/* an axiperf monitor's is another */
	assert_false(ap_pmu_can(&p[1], ap_figure_find("read_lag")));
	ap_pmu_free(p, n);
}

/* A PL monitor: its slots as the driver's aliases name them (slotN). */
static void a_pl_apm_has_its_slots_named_by_the_driver(void **state)
{
	static const char *const names[] = { "slot0", "slot1" };
	struct ap_pmu *p;
	int n;

	(void)state;
	apm("apm_a0010000", "15\n", 2, 8, names);
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 4);
	assert_string_equal(p[1].name, "apm_a0010000");
	assert_string_equal(p[1].slot_name[1], "slot1");
	ap_pmu_free(p, n);
}

static void missing_counters_is_an_error_naming_the_file(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	put("apm_ocm/counters", "eleven\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "apm_ocm/counters: 'eleven' is not a number from 1 to 10"));
}

static void ports_are_the_slots_with_the_slot_in_config(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	scan_ports(&p, &n);
	assert_int_equal(n, 1 + 6 + 1);
	assert_string_equal(p[0].name, "axiperf0");
	assert_int_equal(p[0].slot, -1);
	for (int s = 0; s < 6; s++) {
		char want[64];

		snprintf(want, sizeof(want), "apm_ddr.%s", ddr_slots[s]);
		assert_string_equal(p[1 + s].name, want);
		assert_string_equal(p[1 + s].apm, "apm_ddr");
		assert_int_equal(p[1 + s].slot, s);
		assert_int_equal(p[1 + s].type, 13);
		assert_int_equal(ap_kind_of(p[1 + s].name), AP_KIND_APM);
	}
	assert_int_equal(ap_pmu_event(&p[2], ev("read_bytes"))->config, 0x23);	/* apu0: slot 1 */
	assert_int_equal(ap_pmu_event(&p[6], ev("write_latency"))->config, 6 | 5 << 5);
	assert_string_equal(p[7].name, "apm_ocm.ocm");
	assert_int_equal(ap_pmu_event(&p[7], ev("read_bytes"))->config, 3);
	ap_pmu_free(p, n);
}

/* Distinct events the ports of an APM hold: ports first..last-1. */
static int used(unsigned char (*need)[AP_NEV], int first, int last)
{
	int u = 0;

	for (int i = first; i < last; i++)
		for (int id = 0; id < AP_NEV; id++)
			u += need[i][id] != 0;
	return u;
}

/* Plans s on the tree; the notes into text (freed by the caller). */
static int plan(struct ap_select *s, unsigned char (*need)[AP_NEV], char **text)
{
	struct ap_pmu *p;
	size_t len = 0;
	FILE *note = open_memstream(text, &len);
	int n, rc;

	scan_ports(&p, &n);
	assert_int_equal(n, 8);
	rc = ap_plan(p, n, s, need, note, err, sizeof(err));
	fclose(note);
	if (!rc) {
		assert_true(used(need, 1, 7) <= 10);
		assert_true(used(need, 7, 8) <= 8);
	}
	ap_pmu_free(p, n);
	return rc;
}

static void default_is_the_bandwidths_while_they_fit(void **state)
{
	unsigned char need[8][AP_NEV];
	struct ap_select s;
	char *text = NULL;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(plan(&s, need, &text), 0);
	/* read_bandwidth on every slot, then write_bandwidth while it fits */
	for (int i = 1; i < 7; i++) {
		assert_true(need[i][ev("read_bytes")]);
		assert_int_equal(need[i][ev("write_bytes")], i <= 4);
		assert_false(need[i][ev("read_latency")]);
	}
	assert_int_equal(used(need, 1, 7), 10);
	assert_true(need[7][ev("read_bytes")] && need[7][ev("write_bytes")]);
	assert_int_equal(used(need, 7, 8), 2);
	assert_true(need[0][AXIPERF_EV_RD_BEATS]);	/* the monitor as before */
	assert_string_equal(text, "axiperf: apm_ddr has 10 counters; not counted: write_bandwidth on hp1_hp2, hp3_fpd_dma (-M write_bandwidth counts it on all 6 slots, -M write_bandwidth@apm_ddr.hp1_hp2 on the slot named)\n");
	/* the means, counted nowhere, are not printed */
	assert_true(s.fig[fig("read_bandwidth")] && s.fig[fig("write_bandwidth")]);
	assert_false(s.fig[fig("read_latency_mean")]);
	assert_false(s.fig[fig("write_latency_mean")]);
	free(text);
}

static void a_figure_named_is_taken_on_every_slot_while_it_fits(void **state)
{
	unsigned char need[8][AP_NEV];
	struct ap_select s;
	char *text = NULL;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "read_latency_mean", err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), 0);
	for (int i = 1; i < 7; i++) {
		assert_int_equal(need[i][ev("read_latency")], i <= 5);
		assert_int_equal(need[i][ev("read_transactions")], i <= 5);
		assert_false(need[i][ev("read_bytes")]);
	}
	assert_true(need[7][ev("read_latency")]);
	assert_non_null(strstr(text, "apm_ddr has 10 counters; not counted: read_latency_mean on hp3_fpd_dma"));
	assert_null(strstr(text, "apm_ocm"));
	free(text);
}

/* Any set of figures, with -e events: never more than the counters. */
static void no_request_opens_more_events_than_counters(void **state)
{
	static const char *const names[] = {
		"read_bandwidth", "write_bandwidth", "read_latency_mean", "write_latency_mean",
	};

	(void)state;
	for (int set = 1; set < 16; set++) {
		unsigned char need[8][AP_NEV];
		struct ap_select s;
		char list[256] = "", *text = NULL;

		for (int b = 0; b < 4; b++)
			if (set >> b & 1)
				snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
					 list[0] ? "," : "", names[b]);
		ap_select_all(&s);
		assert_int_equal(ap_select_figures(&s, list, err, sizeof(err)), 0);
		assert_int_equal(ap_select_events(&s, "read_latency_max,write_beats", err, sizeof(err)), 0);
		assert_int_equal(plan(&s, need, &text), 0);	/* checks the budget */
		/* apm_ocm: the two events, a bandwidth one, a mean two */
		assert_int_equal(used(need, 7, 8), 2 + __builtin_popcount((unsigned)set & 3) +
				 2 * __builtin_popcount((unsigned)set & 12));
		free(text);
	}
}

static void figure_at_port_counts_there_only(void **state)
{
	unsigned char need[8][AP_NEV];
	struct ap_select s;
	char *text = NULL;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "read_latency_mean@apm_ddr.apu0,write_bandwidth@apm_ddr.5,read_bandwidth@apm_ddr",
					   err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), 0);
	assert_true(need[2][ev("read_latency")] && need[2][ev("read_transactions")]);
	assert_true(need[6][ev("write_bytes")]);
	for (int i = 1; i < 7; i++)
		assert_true(need[i][ev("read_bytes")]);
	assert_int_equal(used(need, 1, 7), 9);
	assert_int_equal(used(need, 7, 8), 0);	/* apm_ocm: not asked for */
	assert_string_equal(text, "");
	free(text);
}

static void figure_at_port_that_does_not_fit_is_an_error(void **state)
{
	unsigned char need[8][AP_NEV];
	struct ap_select s;
	char *text = NULL;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "read_bandwidth@apm_ddr,read_latency_mean@apm_ddr",
					   err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), -1);
	assert_string_equal(err, "apm_ddr has 10 counters, too few to count read_latency_mean on apm_ddr.apu1 with the other figures asked for; name fewer with -M figure@port");
	free(text);
}

static void bad_requests_say_what_there_is(void **state)
{
	unsigned char need[8][AP_NEV];
	struct ap_select s;
	char *text = NULL;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "read_bandwidth@apm_ocm.apu0", err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), -1);
	assert_string_equal(err, "read_bandwidth@apm_ocm.apu0: apm_ocm has no slot 'apu0'; its slots: 0 ocm");
	free(text);
	text = NULL;
	assert_int_equal(ap_select_figures(&s, "read_bandwidth@apm_ddr.6", err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), -1);
	assert_string_equal(err, "read_bandwidth@apm_ddr.6: apm_ddr has no slot '6'; its slots: 0 rpu, 1 apu0, 2 apu1, 3 dp_hp0, 4 hp1_hp2, 5 hp3_fpd_dma");
	free(text);
	text = NULL;
	assert_int_equal(ap_select_figures(&s, "write_bandwidth@apm_lpd.lpd", err, sizeof(err)), 0);
	assert_int_equal(plan(&s, need, &text), -1);
	assert_string_equal(err, "write_bandwidth@apm_lpd.lpd: no APM named apm_lpd here (APMs: apm_ddr, apm_ocm); `axiperf list` shows them");
	free(text);
	assert_int_equal(ap_select_figures(&s, "read_bandwith", err, sizeof(err)), -1);
	assert_string_equal(err, "unknown figure 'read_bandwith'; axiperf --help lists the figures");
	assert_int_equal(ap_select_figures(&s, "read_lag@apm_ddr.apu0", err, sizeof(err)), -1);
	assert_string_equal(err, "'read_lag@apm_ddr.apu0': read_lag is not an APM figure; only an APM's figures take @port (axiperf --help lists them)");
	assert_int_equal(ap_select_figures(&s, "read_bandwith@apm_ddr.apu0", err, sizeof(err)), -1);
	assert_string_equal(err, "'read_bandwith@apm_ddr.apu0': unknown figure 'read_bandwith'; axiperf --help lists the figures");
	assert_int_equal(ap_select_figures(&s, "read_bandwidth@", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "name the port after @"));
}

/* The guide's run: 160 bytes in 5 reads of 175 clocks in all. */
static void figures_are_exact(void **state)
{
	struct ap_counts c;
	struct ap_fig_result r;
	char buf[64];

	(void)state;
	memset(&c, 0, sizeof(c));
	c.seconds = 0.5;
	c.value[ev("read_bytes")] = 160;
	c.value[ev("read_transactions")] = 5;
	c.value[ev("read_latency")] = 175;
	c.value[ev("write_transactions")] = 0;
	c.value[ev("write_latency")] = 0;
	c.value[ev("write_bytes")] = 320;
	for (int id = AP_APM_EV0; id < AP_NEV; id++)
		c.state[id] = AP_EV_COUNTED;
	ap_fig_eval(fig("read_latency_mean"), &c, &r);
	assert_int_equal(r.status, AP_FIG_OK);
	assert_true(r.value == 35.0);
	ap_fig_format(fig("read_latency_mean"), &r, buf, sizeof(buf));
	assert_string_equal(buf, "35.000");
	ap_fig_eval(fig("read_bandwidth"), &c, &r);
	assert_true(r.value == 320.0);
	ap_fig_eval(fig("write_bandwidth"), &c, &r);
	ap_fig_format(fig("write_bandwidth"), &r, buf, sizeof(buf));
	assert_string_equal(buf, "640");
	ap_fig_eval(fig("write_latency_mean"), &c, &r);	/* no write */
	assert_int_equal(r.status, AP_FIG_ZERO_DEN);
	c.state[ev("read_transactions")] = AP_EV_ABSENT;
	ap_fig_eval(fig("read_latency_mean"), &c, &r);
	assert_int_equal(r.status, AP_FIG_MISSING);
	assert_int_equal(r.missing, ev("read_transactions"));
	/* the gauges are levels, the rest counts */
	assert_true(ap_event_is_gauge(ev("read_latency_max")));
	assert_true(ap_event_is_gauge(ev("write_latency_min")));
	assert_false(ap_event_is_gauge(ev("read_latency")));
	assert_false(ap_event_is_gauge(AXIPERF_EV_RD_BEATS));
	assert_string_equal(ap_event_unit(ev("read_latency")), "cycles");
	assert_string_equal(ap_event_unit(ev("read_bytes")), "bytes");
}

/* perf stat -x, of APM events: each slot an instance, as stat names it. */
static void report_reads_apm_events_per_slot(void **state)
{
	static const char csv[] =
		"160,bytes,apm_ddr/apu0_read_bytes/,5000,100.00,,\n"
		"5,transactions,apm_ddr/read_transactions,slot=1/,5000,100.00,,\n"
		"175,cycles,apm_ddr/metric=5,slot=1,lat_start=0/,5000,100.00,,\n"
		"320,bytes,write_bytes [apm_ddr],5000,100.00,,\n"
		"7,bytes,apm_ocm/read_bytes/,5000,100.00,,\n"
		"3,bytes,apm_a0010000/slot2_read_bytes/,5000,100.00,,\n"
		"2000000000,ns,duration_time,2000000000,100.00,,\n";
	struct ap_data d;
	struct ap_fig_result r;

	(void)state;
	ap_data_init(&d);
	assert_int_equal(ap_perfcsv_parse_buf(csv, sizeof(csv) - 1, &d, err, sizeof(err)), 0);
	assert_int_equal(d.ninst, 4);
	assert_string_equal(d.inst[0], "apm_ddr.apu0");
	assert_string_equal(d.inst[1], "apm_ddr.rpu");
	assert_string_equal(d.inst[2], "apm_ocm.ocm");
	assert_string_equal(d.inst[3], "apm_a0010000.slot2");
	ap_fig_eval(fig("read_latency_mean"), &d.frames[0].c[0], &r);
	assert_true(r.status == AP_FIG_OK && r.value == 35.0);
	ap_fig_eval(fig("read_bandwidth"), &d.frames[0].c[0], &r);
	assert_true(r.status == AP_FIG_OK && r.value == 80.0);
	ap_fig_eval(fig("write_bandwidth"), &d.frames[0].c[1], &r);
	assert_true(r.status == AP_FIG_OK && r.value == 160.0);
	ap_data_free(&d);
	ap_data_init(&d);
	assert_int_equal(ap_perfcsv_parse_buf("1,,apm_ddr/apu9_read_bytes/,1,100.00,,\n", 38,
					      &d, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown event 'apu9_read_bytes' of apm_ddr"));
	ap_data_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, make_root, remove_root)
		T(scan_finds_the_apms_after_the_monitors),
		T(a_pl_apm_has_its_slots_named_by_the_driver),
		T(missing_counters_is_an_error_naming_the_file),
		T(ports_are_the_slots_with_the_slot_in_config),
		T(default_is_the_bandwidths_while_they_fit),
		T(a_figure_named_is_taken_on_every_slot_while_it_fits),
		T(no_request_opens_more_events_than_counters),
		T(figure_at_port_counts_there_only),
		T(figure_at_port_that_does_not_fit_is_an_error),
		T(bad_requests_say_what_there_is),
		cmocka_unit_test(figures_are_exact),
		cmocka_unit_test(report_reads_apm_events_per_slot),
#undef T
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("apm", tests, NULL, NULL);
}
