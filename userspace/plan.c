// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Which events each PMU counts. An AXI monitor counts every selected
 * event it has. A MicroBlaze core counts one group on a handful of
 * counters, so its figures are taken in table order while they fit; so
 * does the CPU of a MicroBlaze V or an ARM core.
 */
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

/* The selected events of kind that p has, into need. */
static void present(const struct ap_pmu *p, const unsigned char *sel,
		    unsigned char *need)
{
	for (int id = 0; id < AP_NEV; id++)
		if (sel[id] && ap_event_kind(id) == p->kind && ap_pmu_event(p, id))
			need[id] = 1;
}

/* Adds figure k's events to need if they still fit; 1 when added. */
static int try_add(const struct ap_pmu *p, int k, int ne, int nl,
		   unsigned char *need)
{
	unsigned char t[AP_NEV];

	memcpy(t, need, sizeof(t));
	ap_fig_events(k, t);
	for (int id = 0; id < AP_NEV; id++)
		if (t[id] && !ap_pmu_event(p, id))
			t[id] = 0;
	if (!ap_mb_fits(t, ne, nl))
		return 0;
	memcpy(need, t, sizeof(t));
	return 1;
}

static int plan_mb(const struct ap_pmu *p, const struct ap_select *s,
		   unsigned char *need, unsigned char *dropped, FILE *note,
		   char *err, size_t errlen)
{
	char list[1024] = "";
	size_t used = 0;
	int ne, nl;

	if (ap_mb_counters(p, &ne, &nl)) {
		/* an identifier we cannot read: the open will tell */
		present(p, s->ev, need);
		return 0;
	}
	for (int k = AP_MB_FIG0; k < AP_MBV_FIG0; k++) {
		if (!s->fig[k] || !ap_pmu_can(p, k) || try_add(p, k, ne, nl, need))
			continue;
		dropped[k] = 1;
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 "%s%s", used ? ", " : "", ap_fig_name(k));
	}
	for (int id = AP_MB_EV0; id < AP_MBV_EV0; id++) {
		unsigned char t[AP_NEV];

		if (!s->extra[id] || need[id] || !ap_pmu_event(p, id))
			continue;
		memcpy(t, need, sizeof(t));
		t[id] = 1;
		if (ap_mb_fits(t, ne, nl)) {
			need[id] = 1;
			continue;
		}
		snprintf(err, errlen, "%s has %d event and %d latency counters: event %s does not fit with the figures; ask for fewer with -M or -e",
			 p->name, ne, nl, ap_event_name(id));
		return -1;
	}
	if (!list[0])
		return 0;
	if (s->chosen) {
		snprintf(err, errlen, "%s has %d event and %d latency counters, too few to count %s with the other figures at once; name fewer figures with -M",
			 p->name, ne, nl, list);
		return -1;
	}
	if (note)
		fprintf(note, "axiperf: %s has %d event and %d latency counters; not counted: %s (choose figures with -M)\n",
			p->name, ne, nl, list);
	return 0;
}

/* Counters the events of need take on a CPU PMU (the cycle counter and
 * the fixed mcycle and minstret aside), and how many there are. */
static int cpu_used(const struct ap_pmu *p, const unsigned char *need, int *max)
{
	int n = 0;

	*max = p->kind == AP_KIND_ARM ? AXIPERF_ARM_COUNTERS : AXIPERF_MBV_PERF_COUNTERS;
	for (int id = 0; id < AP_NEV; id++) {
		const struct axiperf_cpu_event *e = ap_cpu_event(id);

		if (!need[id] || !e || ap_event_kind(id) != p->kind)
			continue;
		if (e->generic)	/* mcycle, minstret, the cycle counter */
			continue;
		n++;
	}
	return n;
}

static int plan_cpu(const struct ap_pmu *p, const struct ap_select *s,
		    unsigned char *need, unsigned char *dropped, FILE *note,
		    char *err, size_t errlen)
{
	char list[1024] = "";
	size_t used = 0;
	int max, asked;

	for (int id = 0; id < AP_NEV; id++)
		if (s->extra[id] && ap_event_kind(id) == p->kind && ap_pmu_event(p, id))
			need[id] = 1;
	asked = cpu_used(p, need, &max);
	if (asked > max) {
		snprintf(err, errlen, "%s has %d counters: the %d events asked for with -e do not fit at once; ask for fewer",
			 p->name, max, asked);
		return -1;
	}
	for (int k = 0; k < AP_NFIG; k++) {
		unsigned char t[AP_NEV];

		if (!s->fig[k] || !ap_pmu_can(p, k))
			continue;
		memcpy(t, need, sizeof(t));
		ap_fig_events(k, t);
		if (cpu_used(p, t, &max) <= max) {
			memcpy(need, t, sizeof(t));
			continue;
		}
		dropped[k] = 1;
		if (used < sizeof(list))
			used += (size_t)snprintf(list + used, sizeof(list) - used,
						 "%s%s", used ? ", " : "", ap_fig_name(k));
	}
	if (!list[0])
		return 0;
	if (s->chosen) {
		snprintf(err, errlen, "%s has %d counters, too few to count %s with the other figures at once; name fewer figures with -M",
			 p->name, max, list);
		return -1;
	}
	if (note)
		fprintf(note, "axiperf: %s has %d counters; not counted: %s (choose figures with -M)\n",
			p->name, max, list);
	return 0;
}

int ap_plan(const struct ap_pmu *pmus, int npmu, struct ap_select *s,
	    unsigned char (*need)[AP_NEV], FILE *note, char *err, size_t errlen)
{
	unsigned char dropped_all[AP_NFIG];
	int nlimited[AP_NKIND] = { 0 };

	memset(dropped_all, 1, sizeof(dropped_all));
	for (int i = 0; i < npmu; i++) {
		unsigned char dropped[AP_NFIG] = { 0 };

		memset(need[i], 0, sizeof(need[i]));
		if (pmus[i].kind == AP_KIND_AXI) {
			present(&pmus[i], s->ev, need[i]);
			continue;
		}
		nlimited[pmus[i].kind]++;
		if (pmus[i].kind == AP_KIND_MB ?
		    plan_mb(&pmus[i], s, need[i], dropped, note, err, errlen) :
		    plan_cpu(&pmus[i], s, need[i], dropped, note, err, errlen))
			return -1;
		for (int k = 0; k < AP_NFIG; k++)	/* over the cores of its kind */
			if (ap_fig_kind(k) == pmus[i].kind)
				dropped_all[k] &= dropped[k];
	}
	/* a figure no core of its kind could count is not printed */
	for (int k = AP_MB_FIG0; k < AP_NFIG; k++)
		if (nlimited[ap_fig_kind(k)] && dropped_all[k])
			s->fig[k] = 0;
	return 0;
}
