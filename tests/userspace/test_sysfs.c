// SPDX-License-Identifier: GPL-2.0 OR MIT
/* PMU discovery on sysfs trees made up in a temporary directory. */
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

static int make_root(void **state)
{
	(void)state;
	return tree_make(root, "axiperf-sysfs");
}

static int remove_root(void **state)
{
	(void)state;
	return tree_remove(root);
}

static void pmu(const char *name, const char *type)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "%s/type", name);
	put(rel, type);
	snprintf(rel, sizeof(rel), "%s/cpumask", name);
	put(rel, "1\n");
	snprintf(rel, sizeof(rel), "%s/format/event", name);
	put(rel, "config:0-7\n");
}

static void event(const char *pmuname, const char *ev, const char *text)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "%s/events/%s", pmuname, ev);
	put(rel, text);
}

static void no_devices_directory_means_no_pmu(void **state)
{
	struct ap_pmu *p;
	int n = -1;

	(void)state;
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
}

static void other_pmus_are_not_ours(void **state)
{
	struct ap_pmu *p;
	int n = -1;

	(void)state;
	put("software/type", "1\n");
	put("axiperf/type", "12\n");	/* no number: not an instance */
	put("axiperfx1/type", "13\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
}

static void finds_instances_in_number_order_with_events(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	pmu("axiperf10", "31\n");
	event("axiperf10", "rd_beats", "config=0x13\n");
	pmu("axiperf2", "30\n");
	event("axiperf2", "rd_lag", "config=0x18\n");
	event("axiperf2", "rd_bursts", "event=0x12\n");
	event("axiperf2", "rd_bursts.unit", "bursts\n");	/* not an event */
	event("axiperf2", "rd_future", "config=0x30\n");	/* unknown to us */
	pmu("axiperf0", "29\n");
	event("axiperf0", "active_cycles", "config=0x00\n");
	put("axiperf0/identifier", "axiperf-1.0-00a5e27f\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(p[0].identifier, "axiperf-1.0-00a5e27f");
	assert_string_equal(p[1].identifier, "");
	assert_string_equal(p[0].name, "axiperf0");
	assert_string_equal(p[1].name, "axiperf2");
	assert_string_equal(p[2].name, "axiperf10");
	assert_int_equal(p[1].type, 30);
	assert_int_equal(p[1].cpu, 1);
	assert_int_equal(p[1].nev, 3);
	/* known events in id order, unknown ones last */
	assert_string_equal(p[1].ev[0].name, "rd_bursts");
	assert_int_equal(p[1].ev[0].config, 0x12);
	assert_int_equal(p[1].ev[0].id, AXIPERF_EV_RD_BURSTS);
	assert_string_equal(p[1].ev[1].name, "rd_lag");
	assert_int_equal(p[1].ev[1].config, 0x18);
	assert_string_equal(p[1].ev[2].name, "rd_future");
	assert_int_equal(p[1].ev[2].id, -1);
	assert_non_null(ap_pmu_event(&p[1], AXIPERF_EV_RD_LAG));
	assert_null(ap_pmu_event(&p[1], AXIPERF_EV_RD_BEATS));
	ap_pmu_free(p, n);
}

static void figures_need_all_their_events(void **state)
{
	int lag = ap_figure_find("read_lag");
	int lat = ap_figure_find("read_latency");
	int bw = ap_figure_find("read_bandwidth");
	struct ap_pmu *p;
	int n;

	(void)state;
	pmu("axiperf0", "29\n");
	event("axiperf0", "rd_ar_stall", "config=0x16\n");
	event("axiperf0", "rd_lag", "config=0x18\n");
	event("axiperf0", "rd_bursts", "config=0x12\n");
	event("axiperf0", "rd_ar_cycles", "config=0x15\n");
	event("axiperf0", "rd_bytes", "config=0x14\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_true(ap_pmu_can(&p[0], lag));
	assert_false(ap_pmu_can(&p[0], lat));	/* no rd_first_lag */
	assert_true(ap_pmu_can(&p[0], bw));	/* seconds are ours */
	ap_pmu_free(p, n);
}

/* The MDM driver's sysfs: "event=30,item=1" placed by format/. */
static void microblaze_pmus_come_after_axiperf_with_configs_from_format(void **state)
{
	struct ap_pmu *p;
	int n, ne, nl;

	(void)state;
	pmu("microblaze1", "41\n");
	put("microblaze1/format/item", "config:8-10\n");
	event("microblaze1", "cycles", "event=30,item=0\n");
	event("microblaze1", "icache_read_latency_sum_sq", "event=60,item=2\n");
	put("microblaze1/identifier", "microblaze-mdm-w48-e5-l1\n");
	pmu("microblaze0", "40\n");
	put("microblaze0/format/item", "config:8-10\n");
	event("microblaze0", "instructions", "event=0,item=0\n");
	pmu("axiperf0", "29\n");
	event("axiperf0", "rd_beats", "config=0x13\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(p[0].name, "axiperf0");
	assert_int_equal(p[0].kind, AP_KIND_AXI);
	assert_string_equal(p[1].name, "microblaze0");
	assert_string_equal(p[2].name, "microblaze1");
	assert_int_equal(p[2].kind, AP_KIND_MB);
	assert_string_equal(p[2].ev[0].name, "cycles");
	assert_int_equal(p[2].ev[0].config, 0x1e);
	assert_int_equal(p[2].ev[0].id, ap_event_find("cycles"));
	assert_int_equal(p[2].ev[1].config, 0x23c);
	assert_int_equal(p[2].ev[1].id, ap_event_find("icache_read_latency_sum_sq"));
	assert_int_equal(ap_mb_counters(&p[2], &ne, &nl), 0);
	assert_int_equal(ne, 5);
	assert_int_equal(nl, 1);
	assert_true(ap_pmu_can(&p[2], ap_figure_find("icache_read_latency_stddev")) == 0);
	assert_true(ap_pmu_can(&p[0], ap_figure_find("cpi")) == 0);	/* not its kind */
	ap_pmu_free(p, n);
}

static void term_without_format_is_an_error(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	pmu("microblaze0", "40\n");
	event("microblaze0", "cycles", "event=30,item=0\n");	/* no format/item */
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "microblaze0/events/cycles"));
	put("microblaze0/format/item", "config:8-10\n");
	event("microblaze0", "cycles", "event=30,item=9\n");	/* past 3 bits */
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
}

static void bad_type_is_an_error_naming_the_file(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	pmu("axiperf0", "twelve\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "axiperf0/type"));
	assert_non_null(strstr(err, "not a PMU type number"));
}

static void missing_type_is_an_error(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	put("axiperf0/cpumask", "0\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "axiperf0/type"));
}

static void bad_event_text_is_an_error(void **state)
{
	struct ap_pmu *p;
	int n;

	(void)state;
	pmu("axiperf0", "29\n");
	event("axiperf0", "rd_lag", "umask=3\n");
	assert_int_equal(ap_pmu_scan(root, &p, &n, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "rd_lag"));
	assert_non_null(strstr(err, "is not config=0x.. nor terms of"));
}

static void root_comes_from_environment(void **state)
{
	(void)state;
	setenv("AXIPERF_SYSFS", "/somewhere", 1);
	assert_string_equal(ap_sysfs_root(), "/somewhere");
	unsetenv("AXIPERF_SYSFS");
	assert_string_equal(ap_sysfs_root(), "/sys");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(no_devices_directory_means_no_pmu, make_root, remove_root),
		cmocka_unit_test_setup_teardown(other_pmus_are_not_ours, make_root, remove_root),
		cmocka_unit_test_setup_teardown(finds_instances_in_number_order_with_events, make_root, remove_root),
		cmocka_unit_test_setup_teardown(figures_need_all_their_events, make_root, remove_root),
		cmocka_unit_test_setup_teardown(microblaze_pmus_come_after_axiperf_with_configs_from_format, make_root, remove_root),
		cmocka_unit_test_setup_teardown(term_without_format_is_an_error, make_root, remove_root),
		cmocka_unit_test_setup_teardown(bad_type_is_an_error_naming_the_file, make_root, remove_root),
		cmocka_unit_test_setup_teardown(missing_type_is_an_error, make_root, remove_root),
		cmocka_unit_test_setup_teardown(bad_event_text_is_an_error, make_root, remove_root),
		cmocka_unit_test(root_comes_from_environment),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("sysfs", tests, NULL, NULL);
}
