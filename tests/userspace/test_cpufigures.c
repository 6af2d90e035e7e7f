// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The CPU PMUs of the front end: MicroBlaze V (cpu, riscv_pmu_sbi) and
 * ARM cores (armv7_*, armv8_*). Their figures from counts whose values
 * are chosen, the combined MicroBlaze V events against the manual's
 * codes, the counter plan of an ARM core, and discovery on made-up
 * sysfs trees and /proc/cpuinfo files.
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

static int id_of(enum ap_kind kind, const char *name)
{
	int id = ap_event_find_kind(name, kind);

	assert_true(id >= 0);
	return id;
}

static int fig_of(enum ap_kind kind, const char *name)
{
	for (int k = 0; k < AP_NFIG; k++)
		if (ap_fig_kind(k) == kind && !strcmp(ap_fig_name(k), name))
			return k;
	fail_msg("no figure %s", name);
	return -1;
}

static void set(struct ap_counts *c, enum ap_kind kind, const char *name, uint64_t v)
{
	int id = id_of(kind, name);

	c->value[id] = v;
	c->state[id] = AP_EV_COUNTED;
}

static double value(enum ap_kind kind, const char *fig, const struct ap_counts *c,
		    enum ap_fig_status want)
{
	struct ap_fig_result r;

	ap_fig_eval(fig_of(kind, fig), c, &r);
	assert_int_equal(r.status, want);
	return r.value;
}

/* ---- MicroBlaze V ------------------------------------------------------ */

/*
 * 4,000 iterations of a loop of 25 instructions: 5 loads and 1 FP load,
 * 3 stores, 2 taken and 1 not-taken conditional branch, 1 jump and 1
 * JALR, 4 FP instructions (the FP load among them), 30 cycles each.
 */
static void mbv_counts(struct ap_counts *c)
{
	const enum ap_kind v = AP_KIND_MBV;

	memset(c, 0, sizeof(*c));
	set(c, v, "cycles", 4000 * 30);
	set(c, v, "instructions", 4000 * 25);
	set(c, v, "load_instructions", 4000 * 6);
	set(c, v, "store_instructions", 4000 * 3);
	set(c, v, "conditional_branches", 4000 * 3);
	set(c, v, "taken_conditional_branches", 4000 * 2);
	set(c, v, "unconditional_jumps", 4000 * 2);
	set(c, v, "fp_instructions", 4000 * 4);
	set(c, v, "icache_requests", 0);
	set(c, v, "icache_hits", 0);
	set(c, v, "dcache_read_requests", 8000);
	set(c, v, "dcache_read_hits", 6000);
	set(c, v, "dcache_write_requests", 0);
	set(c, v, "dcache_write_hits", 0);
}

static void mbv_figures_from_known_counts(void **state)
{
	const enum ap_kind v = AP_KIND_MBV;
	struct ap_counts c;

	(void)state;
	mbv_counts(&c);
	assert_true(value(v, "cpi", &c, AP_FIG_OK) == 30.0 / 25.0);
	assert_true(value(v, "load_ratio", &c, AP_FIG_OK) == 6.0 / 25.0 * 100);
	assert_true(value(v, "store_ratio", &c, AP_FIG_OK) == 3.0 / 25.0 * 100);
	assert_true(value(v, "branch_ratio", &c, AP_FIG_OK) == 5.0 / 25.0 * 100);
	assert_true(value(v, "taken_branch_ratio", &c, AP_FIG_OK) == 2.0 / 3.0 * 100);
	assert_true(value(v, "fp_ratio", &c, AP_FIG_OK) == 4.0 / 25.0 * 100);
	assert_true(value(v, "dcache_read_hit_rate", &c, AP_FIG_OK) == 75.0);
	/* a core without caches (the QEMU test bed) requests nothing: n/a */
	value(v, "icache_hit_rate", &c, AP_FIG_ZERO_DEN);
	value(v, "dcache_write_hit_rate", &c, AP_FIG_ZERO_DEN);
	c.state[id_of(v, "fp_instructions")] = AP_EV_NOT_COUNTED;
	value(v, "fp_ratio", &c, AP_FIG_MISSING);
}

/* A combined event is one counter selecting its members: UG1629's codes OR'd. */
static void mbv_combined_events_are_the_members_codes(void **state)
{
	const enum ap_kind v = AP_KIND_MBV;

	(void)state;
	assert_int_equal(ap_cpu_event(id_of(v, "load_instructions"))->config,
			 AXIPERF_MBV_EV_LOADS | AXIPERF_MBV_EV_FP_LOADS);
	assert_int_equal(ap_cpu_event(id_of(v, "store_instructions"))->config,
			 AXIPERF_MBV_EV_STORES | AXIPERF_MBV_EV_FP_STORES);
	assert_int_equal(ap_cpu_event(id_of(v, "conditional_branches"))->config, 0x62);
	assert_int_equal(ap_cpu_event(id_of(v, "unconditional_jumps"))->config,
			 AXIPERF_MBV_EV_JUMPS | AXIPERF_MBV_EV_INDIRECT_JUMPS);
	assert_int_equal(ap_cpu_event(id_of(v, "fp_instructions"))->config, 0xfe0000);
	assert_int_equal(ap_cpu_event(id_of(v, "loads"))->config, 0x20);
	assert_int_equal(ap_cpu_event(id_of(v, "peripheral_write_latency"))->config, 0x800a);
	assert_true(ap_cpu_event(id_of(v, "peripheral_write_latency"))->latency);
	/* cycles and instructions are perf's generic events (mcycle, minstret) */
	assert_true(ap_cpu_event(id_of(v, "cycles"))->generic);
	assert_int_equal(ap_cpu_event(id_of(v, "cycles"))->config, 0);
	assert_int_equal(ap_cpu_event(id_of(v, "instructions"))->config, 1);
	assert_false(ap_cpu_event(id_of(v, "loads"))->generic);
	/* every single event of the manual is there, by the same code */
#define X(name, cls, bit, code, lat, doc) \
	assert_int_equal(ap_cpu_event(id_of(v, #name))->config, code);
	AXIPERF_MBV_EVENTS(X)
#undef X
}

/*
 * A CPU PMU with the events of table t (first id id0) named in names
 * (NULL: all of them), as sysfs.c makes it; ev holds n events.
 */
static struct ap_pmu table_pmu(const char *name, enum ap_kind kind,
			       const struct axiperf_cpu_event *t, int n, int id0,
			       const char *const *names, struct ap_pmu_event *ev)
{
	struct ap_pmu p;

	memset(&p, 0, sizeof(p));
	snprintf(p.name, sizeof(p.name), "%s", name);
	p.kind = kind;
	p.ev = ev;
	for (int i = 0; i < n; i++) {
		int has = !names;

		for (const char *const *w = names; w && *w; w++)
			has |= !strcmp(*w, t[i].name);
		if (!has)
			continue;
		snprintf(ev[p.nev].name, sizeof(ev[p.nev].name), "%s", t[i].name);
		ev[p.nev].config = t[i].config;
		ev[p.nev].hw = t[i].generic;
		ev[p.nev].id = id0 + i;
		p.nev++;
	}
	return p;
}

/* The PMU as sysfs.c makes it for a MicroBlaze V: every event of the table. */
static struct ap_pmu mbv_pmu(void)
{
	static struct ap_pmu_event ev[AXIPERF_MBV_NUM_PERF_EVENTS];

	return table_pmu("cpu", AP_KIND_MBV, axiperf_mbv_perf_events,
			 (int)AXIPERF_MBV_NUM_PERF_EVENTS, AP_MBV_EV0, NULL, ev);
}

/* Every MicroBlaze V figure at once: 12 HPM counters, mcycle, minstret. */
static void mbv_plan_counts_every_figure_on_one_group(void **state)
{
	struct ap_pmu p = mbv_pmu();
	unsigned char need[1][AP_NEV];
	struct ap_select s;
	int n = 0, hw = 0;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), 0);
	for (int k = AP_MBV_FIG0; k < AP_ARM_FIG0; k++)
		assert_int_equal(s.fig[k], 1);
	for (int id = 0; id < AP_NEV; id++) {
		if (!need[0][id])
			continue;
		assert_int_equal(ap_event_kind(id), AP_KIND_MBV);
		n++;
		hw += ap_cpu_event(id)->generic;
	}
	assert_int_equal(n, 14);
	assert_int_equal(hw, 2);
}

/* -e with a latency event: counted (as occurrences) like any other. */
static void mbv_extra_events_join_the_group(void **state)
{
	struct ap_pmu p = mbv_pmu();
	unsigned char need[1][AP_NEV];
	struct ap_select s;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "cpi", err, sizeof(err)), 0);
	assert_int_equal(ap_select_events(&s, "interrupt_latency,divides_by_zero", err, sizeof(err)), 0);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), 0);
	assert_true(need[0][id_of(AP_KIND_MBV, "interrupt_latency")]);
	assert_true(need[0][id_of(AP_KIND_MBV, "divides_by_zero")]);
	assert_true(need[0][id_of(AP_KIND_MBV, "cycles")]);
	assert_false(need[0][id_of(AP_KIND_MBV, "loads")]);
}

/*
 * A MicroBlaze figure that fits no MicroBlaze core is not printed, whatever
 * the CPU PMU beside the cores can count (found in the ml605-like MDM of
 * the MicroBlaze V test bed: its n/a rows came back).
 */
static void a_cpu_pmu_leaves_the_microblaze_plan_alone(void **state)
{
	static struct ap_pmu_event mbev[AXIPERF_MB_NUM_PERF_EVENTS];
	struct ap_pmu p[2];
	unsigned char need[2][AP_NEV];
	struct ap_select s;

	(void)state;
	memset(&p[0], 0, sizeof(p[0]));
	snprintf(p[0].name, sizeof(p[0].name), "microblaze0");
	snprintf(p[0].identifier, sizeof(p[0].identifier), "microblaze-mdm-w32-e5-l1");
	p[0].kind = AP_KIND_MB;
	p[0].nev = (int)AXIPERF_MB_NUM_PERF_EVENTS;
	p[0].ev = mbev;
	for (int i = 0; i < p[0].nev; i++) {
		snprintf(mbev[i].name, sizeof(mbev[i].name), "%s", axiperf_mb_perf_events[i].name);
		mbev[i].config = (uint64_t)axiperf_mb_perf_events[i].config;
		mbev[i].id = AP_MB_EV0 + i;
	}
	p[1] = mbv_pmu();
	ap_select_all(&s);
	assert_int_equal(ap_plan(p, 2, &s, need, NULL, err, sizeof(err)), 0);
	assert_false(s.fig[fig_of(AP_KIND_MB, "dcache_hit_rate")]);
	assert_true(s.fig[fig_of(AP_KIND_MB, "cpi")]);
	assert_true(s.fig[fig_of(AP_KIND_MBV, "dcache_read_hit_rate")]);
}

/* ---- ARM ---------------------------------------------------------------- */

static struct ap_pmu arm_pmu(const char *const *names)
{
	static struct ap_pmu_event ev[AXIPERF_ARM_NUM_PERF_EVENTS];

	return table_pmu("armv7_cortex_a9", AP_KIND_ARM, axiperf_arm_perf_events,
			 (int)AXIPERF_ARM_NUM_PERF_EVENTS, AP_ARM_EV0, names, ev);
}

static void arm_figures_from_known_counts(void **state)
{
	const enum ap_kind a = AP_KIND_ARM;
	struct ap_counts c;

	(void)state;
	memset(&c, 0, sizeof(c));
	set(&c, a, "cycles", 150000);
	set(&c, a, "inst_retired", 100000);
	set(&c, a, "l1i_cache_refill", 250);
	set(&c, a, "l1d_cache", 40000);
	set(&c, a, "l1d_cache_refill", 1000);
	set(&c, a, "br_pred", 20000);
	set(&c, a, "br_mis_pred", 500);
	set(&c, a, "ld_retired", 25000);
	set(&c, a, "st_retired", 12500);
	set(&c, a, "l1i_tlb_refill", 10);
	set(&c, a, "l1d_tlb_refill", 0);
	assert_true(value(a, "cpi", &c, AP_FIG_OK) == 1.5);
	assert_true(value(a, "icache_miss_rate", &c, AP_FIG_OK) == 0.25);
	assert_true(value(a, "dcache_miss_rate", &c, AP_FIG_OK) == 2.5);
	assert_true(value(a, "branch_mispredict_rate", &c, AP_FIG_OK) == 2.5);
	assert_true(value(a, "load_ratio", &c, AP_FIG_OK) == 25.0);
	assert_true(value(a, "store_ratio", &c, AP_FIG_OK) == 12.5);
	assert_true(value(a, "itlb_miss_rate", &c, AP_FIG_OK) == 0.01);
	assert_true(value(a, "dtlb_miss_rate", &c, AP_FIG_OK) == 0.0);
}

/*
 * Six event counters besides the cycle counter (perf's generic cycles):
 * cpi (inst_retired),
 * icache_miss_rate (+1), dcache_miss_rate (+2), branch_mispredict_rate
 * (+2) take all six; the other four figures need a seventh.
 */
static void arm_plan_takes_figures_in_order_while_they_fit(void **state)
{
	static const char *const want[] = { "cpi", "icache_miss_rate",
		"dcache_miss_rate", "branch_mispredict_rate", NULL };
	struct ap_pmu p = arm_pmu(NULL);
	unsigned char need[1][AP_NEV];
	struct ap_select s;
	char *text = NULL;
	size_t len = 0;
	FILE *note = open_memstream(&text, &len);
	int n = 0;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_plan(&p, 1, &s, need, note, err, sizeof(err)), 0);
	fclose(note);
	for (int k = AP_ARM_FIG0; k < AP_APM_FIG0; k++) {
		int wanted = 0;

		for (const char *const *w = want; *w; w++)
			wanted |= !strcmp(*w, ap_fig_name(k));
		assert_int_equal(s.fig[k], wanted);
	}
	for (int id = 0; id < AP_NEV; id++)
		n += need[0][id];
	assert_int_equal(n, 7);		/* six and cycles */
	assert_false(need[0][id_of(AP_KIND_ARM, "cpu_cycles")]);	/* ARMv7: an event counter's */
	assert_non_null(strstr(text, "armv7_cortex_a9 has 6 counters; not counted: load_ratio, store_ratio, itlb_miss_rate, dtlb_miss_rate (choose figures with -M)"));
	free(text);

	/* named with -M they fit: ld, st, inst, l1i_tlb, l1d_tlb, l1d_cache */
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "load_ratio,store_ratio,itlb_miss_rate,dtlb_miss_rate", err, sizeof(err)), 0);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), 0);
	/* but not all eight */
	assert_int_equal(ap_select_figures(&s, "cpi,icache_miss_rate,dcache_miss_rate,branch_mispredict_rate,load_ratio", err, sizeof(err)), 0);
	assert_int_equal(ap_plan(&p, 1, &s, need, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "armv7_cortex_a9 has 6 counters, too few to count load_ratio with the other figures at once; name fewer figures with -M");
}

/* A core that implements only cycles and instructions (QEMU's): cpi alone. */
static void arm_core_without_an_event_gives_na_figures(void **state)
{
	static const char *const has[] = { "cycles", "inst_retired", NULL };
	struct ap_pmu p = arm_pmu(has);

	(void)state;
	for (int k = AP_ARM_FIG0; k < AP_NFIG; k++)
		assert_int_equal(ap_pmu_can(&p, k), !strcmp(ap_fig_name(k), "cpi"));
	for (int k = 0; k < AP_ARM_FIG0; k++)	/* no other kind's figure */
		assert_false(ap_pmu_can(&p, k));
}

/* -M cpi and -e cycles mean every kind's cpi and cycles. */
static void a_name_selects_it_in_every_kind(void **state)
{
	struct ap_select s;
	int n = 0;

	(void)state;
	ap_select_all(&s);
	assert_int_equal(ap_select_figures(&s, "cpi", err, sizeof(err)), 0);
	for (int k = 0; k < AP_NFIG; k++)
		n += s.fig[k];
	assert_int_equal(n, 3);		/* MicroBlaze, MicroBlaze V, ARM */
	assert_true(s.fig[fig_of(AP_KIND_MBV, "cpi")] && s.fig[fig_of(AP_KIND_ARM, "cpi")]);
	assert_int_equal(ap_select_events(&s, "cycles", err, sizeof(err)), 0);
	assert_true(s.extra[id_of(AP_KIND_MB, "cycles")] && s.extra[id_of(AP_KIND_MBV, "cycles")]);
	assert_int_equal(ap_select_events(&s, "no_such_event", err, sizeof(err)), -1);
	assert_string_equal(err, "unknown event 'no_such_event'; `axiperf list` shows the events");
	assert_int_equal(ap_kind_of("cpu"), AP_KIND_MBV);
	assert_int_equal(ap_kind_of("armv8_cortex_a53"), AP_KIND_ARM);
	assert_int_equal(ap_kind_of("axiperf1"), AP_KIND_AXI);
	assert_string_equal(ap_event_unit(id_of(AP_KIND_ARM, "cpu_cycles")), "cycles");
	assert_string_equal(ap_event_unit(id_of(AP_KIND_ARM, "cycles")), "cycles");
	assert_string_equal(ap_event_unit(id_of(AP_KIND_MBV, "loads")), "events");
}

/* ---- discovery ------------------------------------------------------------ */

static void put(const char *rel, const char *text)
{
	tree_put(root, rel, text);
}

static int make_root(void **state)
{
	char path[128];

	(void)state;
	if (tree_make(root, "axiperf-cpu"))
		return -1;
	snprintf(path, sizeof(path), "%s/cpuinfo", root);
	setenv("AXIPERF_CPUINFO", path, 1);
	return 0;
}

static int remove_root(void **state)
{
	(void)state;
	return tree_remove(root);
}

#define MBV_CPUINFO(uarch, arch) \
	"processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imafdc\nmmu\t\t: sv39\n" \
	"uarch\t\t: " uarch "\nmvendorid\t: 0x0\nmarchid\t\t: " arch "\nmimpid\t\t: 0x1\n\n" \
	"processor\t: 1\nhart\t\t: 1\nuarch\t\t: sifive,u54\nmvendorid\t: 0x489\n"

static void cpuinfo_names_a_microblaze_v_and_its_cpuid(void **state)
{
	char id[AP_NAME_MAX];

	(void)state;
	put("cpuinfo", MBV_CPUINFO("amd,mbv64", "0x4d425635"));
	assert_int_equal(ap_cpuinfo_mbv(id, sizeof(id)), 1);
	assert_string_equal(id, AXIPERF_MBV_CPUID);
	put("cpuinfo", MBV_CPUINFO("amd,mbv32", "0x8000002a"));
	assert_int_equal(ap_cpuinfo_mbv(id, sizeof(id)), 1);
	assert_string_equal(id, "0x0-0x8000002a-0x1");
	put("cpuinfo", MBV_CPUINFO("sifive,u54", "0x4d425635"));
	assert_int_equal(ap_cpuinfo_mbv(id, sizeof(id)), 0);
	/* an x86 or ARM cpuinfo: no uarch, no ids */
	put("cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: x\n");
	assert_int_equal(ap_cpuinfo_mbv(id, sizeof(id)), 0);
	assert_string_equal(id, "");
	unlink(getenv("AXIPERF_CPUINFO"));
	assert_int_equal(ap_cpuinfo_mbv(id, sizeof(id)), 0);
}

static const struct ap_pmu *find(const struct ap_pmu *v, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

#define DEV "bus/event_source/devices/"

static void scan_finds_the_cpu_pmus_after_the_monitors(void **state)
{
	struct ap_pmu *v;
	const struct ap_pmu *p;
	int n;

	(void)state;
	put(DEV "axiperf0/type", "12\n");
	put(DEV "axiperf0/events/rd_beats", "config=0x13\n");
	put(DEV "cpu/type", "4\n");
	put(DEV "cpu/format/event", "config:0-47\n");
	put(DEV "armv7_cortex_a9/type", "8\n");
	put(DEV "armv7_cortex_a9/format/event", "config:0-7\n");
	put(DEV "armv7_cortex_a9/events/cpu_cycles", "event=0x11\n");
	put(DEV "armv7_cortex_a9/events/inst_retired", "event=0x08\n");
	put(DEV "armv7_cortex_a9/events/exc_taken", "event=0x09\n");
	put(DEV "software/type", "1\n");

	/* not a MicroBlaze V: "cpu" is some other core's PMU (x86's, say) */
	put("cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\n");
	assert_int_equal(ap_pmu_scan(root, &v, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_string_equal(v[0].name, "axiperf0");
	assert_string_equal(v[1].name, "armv7_cortex_a9");
	p = &v[1];
	assert_int_equal(p->kind, AP_KIND_ARM);
	assert_int_equal(p->type, 8);
	assert_int_equal(p->nev, 3);	/* exc_taken is no figure's; generic cycles */
	assert_true(ap_pmu_event(p, id_of(AP_KIND_ARM, "cycles"))->hw);
	assert_int_equal(ap_pmu_event(p, id_of(AP_KIND_ARM, "cycles"))->config, 0);
	assert_int_equal(ap_pmu_event(p, id_of(AP_KIND_ARM, "cpu_cycles"))->config, 0x11);
	assert_false(ap_pmu_event(p, id_of(AP_KIND_ARM, "cpu_cycles"))->hw);
	assert_int_equal(ap_pmu_event(p, id_of(AP_KIND_ARM, "inst_retired"))->config, 0x08);
	assert_null(ap_pmu_event(p, id_of(AP_KIND_ARM, "l1d_cache")));
	ap_pmu_free(v, n);

	put("cpuinfo", MBV_CPUINFO("amd,mbv64", "0x4d425635"));
	assert_int_equal(ap_pmu_scan(root, &v, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 3);
	assert_string_equal(v[0].name, "axiperf0");
	p = find(v, n, "cpu");
	assert_non_null(p);
	assert_int_equal(p->kind, AP_KIND_MBV);
	assert_int_equal(p->type, 4);
	assert_string_equal(p->identifier, AXIPERF_MBV_CPUID);
	assert_int_equal(p->nev, (int)AXIPERF_MBV_NUM_PERF_EVENTS);
	assert_true(ap_pmu_event(p, id_of(AP_KIND_MBV, "cycles"))->hw);
	assert_false(ap_pmu_event(p, id_of(AP_KIND_MBV, "taken_conditional_branches"))->hw);
	assert_int_equal(ap_pmu_event(p, id_of(AP_KIND_MBV, "taken_conditional_branches"))->config, 0x22);
	for (int k = AP_MBV_FIG0; k < AP_ARM_FIG0; k++)
		assert_true(ap_pmu_can(p, k));
	ap_pmu_free(v, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(mbv_figures_from_known_counts),
		cmocka_unit_test(mbv_combined_events_are_the_members_codes),
		cmocka_unit_test(mbv_plan_counts_every_figure_on_one_group),
		cmocka_unit_test(mbv_extra_events_join_the_group),
		cmocka_unit_test(a_cpu_pmu_leaves_the_microblaze_plan_alone),
		cmocka_unit_test(arm_figures_from_known_counts),
		cmocka_unit_test(arm_plan_takes_figures_in_order_while_they_fit),
		cmocka_unit_test(arm_core_without_an_event_gives_na_figures),
		cmocka_unit_test(a_name_selects_it_in_every_kind),
		cmocka_unit_test(cpuinfo_names_a_microblaze_v_and_its_cpuid),
		cmocka_unit_test(scan_finds_the_cpu_pmus_after_the_monitors),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	return cmocka_run_group_tests_name("cpufigures", tests, make_root, remove_root);
}
