// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Which events each PMU counts. An AXI monitor counts every selected
 * event it has. A MicroBlaze core counts one group on a handful of
 * counters, so its figures are taken in table order while they fit; so
 * does the CPU of a MicroBlaze V or an ARM core. The ports (slots) of an
 * APM share its counters: each figure is taken on every port in turn.
 */
#include <stdio.h>
#include <stdlib.h>
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

/* ---- APMs ----------------------------------------------------------- */

static int nset(const unsigned char *need)
{
	int n = 0;

	for (int id = AP_APM_EV0; id < AP_NEV; id++)
		n += need[id] != 0;
	return n;
}

/* Distinct events the ports first..last-1 of one APM hold: a counter each
 * (a metric on another slot is another event). */
static int apm_used(unsigned char (*need)[AP_NEV], int first, int last)
{
	int n = 0;

	for (int i = first; i < last; i++)
		n += nset(need[i]);
	return n;
}

/* Adds the events of figure k (or event id when k < 0) to port i if they
 * still fit the APM's counters; 1 when added or already there. */
static int apm_try(const struct ap_pmu *pmus, unsigned char (*need)[AP_NEV],
		   int first, int last, int i, int k, int id)
{
	unsigned char t[AP_NEV];

	memcpy(t, need[i], sizeof(t));
	if (k >= 0)
		ap_fig_events(k, t);
	else
		t[id] = 1;
	for (int e = 0; e < AP_NEV; e++)
		if (t[e] && !ap_pmu_event(&pmus[i], e))
			t[e] = 0;
	if (apm_used(need, first, last) - nset(need[i]) + nset(t) > pmus[first].counters)
		return 0;
	memcpy(need[i], t, sizeof(t));
	return 1;
}

/* One slot of an APM, from ap_apm_ports (not a PMU of any other kind). */
static int is_port(const struct ap_pmu *p)
{
	return p->kind == AP_KIND_APM && p->apm[0];
}

/* Port p named by "apm_ddr.apu0", "apm_ddr.1" or "apm_ddr"? */
static int port_matches(const struct ap_pmu *p, const char *port)
{
	size_t n = strlen(p->apm);
	const char *slot = port + n + 1;
	char *end;
	long x;

	if (strncmp(port, p->apm, n) || (port[n] && port[n] != '.'))
		return 0;
	if (!port[n])
		return 1;
	if (!strcmp(slot, p->slot_name[p->slot]))
		return 1;
	x = strtol(slot, &end, 10);
	return end != slot && !*end && x == p->slot;
}

/* Why no port matched: an error naming what there is. */
static void no_port(const struct ap_pmu *pmus, int npmu, const struct ap_select *s,
		    int a, char *err, size_t errlen)
{
	const char *port = s->ask[a].port, *fig = ap_fig_name(s->ask[a].fig);
	char have[512] = "";
	size_t len = 0, n = strcspn(port, ".");

	for (int i = 0; i < npmu; i++)	/* the APM is there, not the slot? */
		if (is_port(&pmus[i]) && strlen(pmus[i].apm) == n &&
		    !strncmp(port, pmus[i].apm, n) && len < sizeof(have))
			len += (size_t)snprintf(have + len, sizeof(have) - len, "%s%d %s",
						len ? ", " : "", pmus[i].slot,
						pmus[i].slot_name[pmus[i].slot]);
	if (have[0]) {
		snprintf(err, errlen, "%s@%s: %.*s has no slot '%s'; its slots: %s",
			 fig, port, (int)n, port, port + n + 1, have);
		return;
	}
	for (int i = 0; i < npmu; i++)
		if (is_port(&pmus[i]) && (!i || strcmp(pmus[i - 1].apm, pmus[i].apm)) &&
		    len < sizeof(have))
			len += (size_t)snprintf(have + len, sizeof(have) - len, "%s%s",
						len ? ", " : "", pmus[i].apm);
	snprintf(err, errlen, "%s@%s: no APM named %.*s here (%s%s); `axiperf list` shows them",
		 fig, port, (int)n, port, have[0] ? "APMs: " : "none found", have);
}

/* Appends "word" to buf, after sep unless buf is empty. */
static void add_word(char *buf, size_t size, const char *sep, const char *word)
{
	size_t len = strlen(buf);

	snprintf(buf + len, size - len, "%s%s", len ? sep : "", word);
}

/*
 * One APM, ports first..last-1: the figures asked for on named ports
 * (an error when they do not fit), then -e's events and the figures on
 * every port, figure by figure, while they fit (what does not is noted).
 */
static int plan_apm(const struct ap_pmu *pmus, int first, int last,
		    const struct ap_select *s, const unsigned char (*asked)[AP_NFIG],
		    unsigned char (*need)[AP_NEV], FILE *note, char *err, size_t errlen)
{
	const struct ap_pmu *p = &pmus[first];
	char out[1024] = "", hint[256] = "";

	for (int k = AP_APM_FIG0; k < AP_NFIG; k++)
		for (int i = first; i < last; i++) {
			if (!asked[i][k] || !ap_pmu_can(&pmus[i], k) ||
			    apm_try(pmus, need, first, last, i, k, -1))
				continue;
			snprintf(err, errlen, "%s has %d counters, too few to count %s on %s with the other figures asked for; name fewer with -M figure@port",
				 p->apm, p->counters, ap_fig_name(k), pmus[i].name);
			return -1;
		}
	/* -e's events first, then the figures */
	for (int n = 0; n < AP_NEV + AP_NFIG; n++) {
		int k = n < AP_NEV ? -1 : n - AP_NEV, id = n;
		char these[512] = "";

		if (k < 0 ? id < AP_APM_EV0 || !s->extra[id] :
		    k < AP_APM_FIG0 || !s->fig[k] || s->port_only[k] ||
		    (!s->chosen && !((AXIPERF_APM_DEFAULT_FIGURES >> (k - AP_APM_FIG0)) & 1)))
			continue;
		for (int i = first; i < last; i++) {
			if (k >= 0 ? !ap_pmu_can(&pmus[i], k) : !ap_pmu_event(&pmus[i], id))
				continue;
			if (apm_try(pmus, need, first, last, i, k, id))
				continue;
			add_word(these, sizeof(these), ", ", pmus[i].slot_name[pmus[i].slot]);
			if (!hint[0] && k >= 0)
				snprintf(hint, sizeof(hint), " (-M %s counts it on all %d slots, -M %s@%s on the slot named)",
					 ap_fig_name(k), last - first, ap_fig_name(k), pmus[i].name);
		}
		if (!these[0])
			continue;
		add_word(out, sizeof(out), "; ", k >= 0 ? ap_fig_name(k) : ap_event_name(id));
		add_word(out, sizeof(out), " ", "on");
		add_word(out, sizeof(out), " ", these);
	}
	if (out[0] && note)
		fprintf(note, "axiperf: %s has %d counters; not counted: %s%s\n",
			p->apm, p->counters, out, hint[0] ? hint : " (ask for fewer with -e)");
	return 0;
}

/* The ports each figure@port names; -1 with err when one names none. */
static int apm_asks(const struct ap_pmu *pmus, int npmu, const struct ap_select *s,
		    unsigned char (*asked)[AP_NFIG], char *err, size_t errlen)
{
	for (int a = 0; a < s->nask; a++) {
		int hit = 0;

		for (int i = 0; i < npmu; i++)
			if (is_port(&pmus[i]) && port_matches(&pmus[i], s->ask[a].port))
				hit = asked[i][s->ask[a].fig] = 1;
		if (!hit) {
			no_port(pmus, npmu, s, a, err, errlen);
			return -1;
		}
	}
	return 0;
}

static int plan_apms(const struct ap_pmu *pmus, int npmu, struct ap_select *s,
		     unsigned char (*need)[AP_NEV], FILE *note, char *err, size_t errlen)
{
	unsigned char (*asked)[AP_NFIG] = calloc((size_t)(npmu ? npmu : 1), sizeof(*asked));
	int any = 0, rc = -1;

	if (!asked) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (apm_asks(pmus, npmu, s, asked, err, errlen))
		goto out;
	for (int first = 0, last; first < npmu; first = last) {
		last = first + 1;
		if (!is_port(&pmus[first]))
			continue;
		while (last < npmu && is_port(&pmus[last]) &&
		       !strcmp(pmus[last].apm, pmus[first].apm))
			last++;
		any = 1;
		if (plan_apm(pmus, first, last, s, (const unsigned char (*)[AP_NFIG])asked,
			     need, note, err, errlen))
			goto out;
	}
	/* an APM figure no port counts is not printed */
	for (int k = AP_APM_FIG0; any && k < AP_NFIG; k++) {
		int counted = 0;

		for (int i = 0; i < npmu && !counted; i++) {
			unsigned char t[AP_NEV];

			if (!is_port(&pmus[i]))
				continue;
			memcpy(t, need[i], sizeof(t));
			ap_fig_events(k, t);
			counted = !memcmp(t, need[i], sizeof(t)) && ap_pmu_can(&pmus[i], k);
		}
		if (!counted)
			s->fig[k] = 0;
	}
	rc = 0;
out:
	free(asked);
	return rc;
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
		if (pmus[i].kind == AP_KIND_APM)
			continue;	/* below, with the other ports of its APM */
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
	for (int k = AP_MB_FIG0; k < AP_APM_FIG0; k++)
		if (nlimited[ap_fig_kind(k)] && dropped_all[k])
			s->fig[k] = 0;
	return plan_apms(pmus, npmu, s, need, note, err, errlen);
}
