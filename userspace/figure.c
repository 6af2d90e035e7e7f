// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Figures from counts. The formulas are the generated tables of
 * <axiperf/figures.h> (AXI monitors), <axiperf/microblaze_figures.h>
 * (MicroBlaze cores) and <axiperf/cpu_figures.h> (MicroBlaze V and ARM
 * cores); nothing here knows what any figure means.
 */
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

static int is_arm_pmu(const char *pmu)
{
	static const char *const prefixes[] = {
#define X(p) p,
		AXIPERF_ARM_PMU_PREFIXES(X)
#undef X
	};

	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(pmu, prefixes[i], strlen(prefixes[i])))
			return 1;
	return 0;
}

enum ap_kind ap_kind_of(const char *pmu)
{
	if (!strncmp(pmu, "apm_", 4))
		return AP_KIND_APM;
	if (!strncmp(pmu, "microblaze", 10))
		return AP_KIND_MB;
	if (!strcmp(pmu, AXIPERF_MBV_PMU))
		return AP_KIND_MBV;
	if (is_arm_pmu(pmu))
		return AP_KIND_ARM;
	return AP_KIND_AXI;
}

int ap_kind_is_cpu(enum ap_kind kind)
{
	return kind == AP_KIND_MBV || kind == AP_KIND_ARM;
}

const enum ap_kind ap_kind_order[AP_NKIND] = {
	AP_KIND_AXI, AP_KIND_APM, AP_KIND_MB, AP_KIND_MBV, AP_KIND_ARM,
};

/* The first event id of each kind, and one past the last. */
static const int ev_first[AP_NKIND + 1] = {
	0, AP_MB_EV0, AP_MBV_EV0, AP_ARM_EV0, AP_APM_EV0, AP_NEV
};
static const int fig_first[AP_NKIND + 1] = {
	0, AP_MB_FIG0, AP_MBV_FIG0, AP_ARM_FIG0, AP_APM_FIG0, AP_NFIG
};

/* The APM metrics by id: name, unit, kind (<axiperf/apm.h>). */
static const struct {
	const char *name, *unit;
	int kind;
} apm_metric[AXIPERF_APM_NUM_METRICS] = {
#define X(name_, id_, unit_, kind_, rd, doc) [id_] = { #name_, unit_, kind_ },
	AXIPERF_APM_METRICS(X)
#undef X
};

int ap_event_is_gauge(int id)
{
	return id >= AP_APM_EV0 && id < AP_NEV &&
	       (apm_metric[id - AP_APM_EV0].kind == AXIPERF_APM_KIND_MIN ||
		apm_metric[id - AP_APM_EV0].kind == AXIPERF_APM_KIND_MAX);
}

const struct axiperf_cpu_event *ap_cpu_event(int id)
{
	if (id >= AP_MBV_EV0 && id < AP_ARM_EV0)
		return &axiperf_mbv_perf_events[id - AP_MBV_EV0];
	if (id >= AP_ARM_EV0 && id < AP_APM_EV0)
		return &axiperf_arm_perf_events[id - AP_ARM_EV0];
	return NULL;
}

int ap_event_find_kind(const char *name, enum ap_kind kind)
{
	for (int i = ev_first[kind]; i < ev_first[kind + 1]; i++)
		if (ap_event_name(i) && !strcmp(ap_event_name(i), name))
			return i;
	return -1;
}

int ap_event_find(const char *name)
{
	for (int k = 0; k < AP_NKIND; k++) {
		int id = ap_event_find_kind(name, (enum ap_kind)k);

		if (id >= 0)
			return id;
	}
	return -1;
}

const char *ap_event_name(int id)
{
	if (id < 0 || id >= AP_NEV)
		return NULL;
	if (id < AP_NEV_AXI)
		return axiperf_event_name[id];
	if (id < AP_MBV_EV0)
		return axiperf_mb_perf_events[id - AP_MB_EV0].name;
	if (id >= AP_APM_EV0)
		return apm_metric[id - AP_APM_EV0].name;
	return ap_cpu_event(id)->name;
}

enum ap_kind ap_event_kind(int id)
{
	int k = AP_NKIND - 1;

	while (k > 0 && id < ev_first[k])
		k--;
	return (enum ap_kind)k;
}

int ap_mb_event_by_config(uint64_t config)
{
	for (int i = 0; i < (int)AXIPERF_MB_NUM_PERF_EVENTS; i++)
		if ((uint64_t)axiperf_mb_perf_events[i].config == config)
			return AP_MB_EV0 + i;
	return -1;
}

uint64_t ap_mb_event_config(int id)
{
	return (uint64_t)axiperf_mb_perf_events[id - AP_MB_EV0].config;
}

const char *ap_event_unit(int id)
{
	if (id < AP_NEV_AXI) {
		switch (id) {
#define X(name, id_, off, legacy, unit, per_byte, step) case id_: return unit;
		AXIPERF_COUNTERS(X)
#undef X
		default:
			return "max";
		}
	}
	if (id >= AP_APM_EV0)
		return apm_metric[id - AP_APM_EV0].unit;
	if (ap_cpu_event(id)) {
		const char *n = ap_cpu_event(id)->name;

		return !strcmp(n, "cycles") || !strcmp(n, "cpu_cycles") ?
		       "cycles" : "events";
	}
	if (ap_mb_event_config(id) == AXIPERF_MB_EV_CYCLES)
		return "cycles";
	switch ((ap_mb_event_config(id) & AXIPERF_MB_CONFIG_ITEM) >> AXIPERF_MB_CONFIG_ITEM_SHIFT) {
	case AXIPERF_MB_FIELD_COUNT:
		return "events";
	case AXIPERF_MB_FIELD_SUM_SQ:
		return "cycles^2";
	default:
		return "cycles";
	}
}

int ap_figure_find(const char *name)
{
	for (int k = 0; k < AP_NFIG; k++)
		if (!strcmp(ap_fig_name(k), name))
			return k;
	return -1;
}

enum ap_kind ap_fig_kind(int k)
{
	int kind = AP_NKIND - 1;

	while (kind > 0 && k < fig_first[kind])
		kind--;
	return (enum ap_kind)kind;
}

/* The figure of number k as a ratio of sums; NULL for a MicroBlaze one. */
static const struct axiperf_figure *ratio_fig(int k)
{
	if (k < AP_MB_FIG0)
		return &axiperf_figures[k];
	if (k < AP_MBV_FIG0)
		return NULL;
	if (k < AP_ARM_FIG0)
		return &axiperf_mbv_figures[k - AP_MBV_FIG0];
	if (k < AP_APM_FIG0)
		return &axiperf_arm_figures[k - AP_ARM_FIG0];
	return &axiperf_apm_figures[k - AP_APM_FIG0];
}

#define FIG_FIELD(k, field) (ratio_fig(k) ? ratio_fig(k)->field : \
			     axiperf_mb_figures[(k) - AP_MB_FIG0].field)

const char *ap_fig_name(int k)
{
	return FIG_FIELD(k, name);
}

const char *ap_fig_title(int k)
{
	return FIG_FIELD(k, title);
}

const char *ap_fig_unit(int k)
{
	return FIG_FIELD(k, unit);
}

const char *ap_fig_doc(int k)
{
	return FIG_FIELD(k, doc);
}

/*
 * Sums the terms. Event terms are added modulo 2^64 and read back as
 * signed, so a difference such as active_cycles - wr_b_end - wr_idle is
 * exact (and exactly zero when it should be) whatever the magnitudes.
 * Returns 0, or -1 with *missing naming the first absent term.
 */
static int sum_terms(const struct axiperf_term *t, int n,
		     const struct ap_counts *c, double *sum, int *is_zero,
		     int *missing)
{
	uint64_t events = 0;
	double seconds = 0;

	for (int i = 0; i < n; i++) {
		if (t[i].event == AXIPERF_TERM_SECONDS) {
			if (!(c->seconds > 0)) {
				*missing = AXIPERF_TERM_SECONDS;
				return -1;
			}
			seconds += t[i].sign * c->seconds;
			continue;
		}
		if (c->state[t[i].event] != AP_EV_COUNTED) {
			*missing = t[i].event;
			return -1;
		}
		if (t[i].sign < 0)
			events -= c->value[t[i].event];
		else
			events += c->value[t[i].event];
	}
	*sum = (double)(int64_t)events + seconds;
	*is_zero = events == 0 && seconds == 0;
	return 0;
}

void ap_figure_eval(const struct axiperf_figure *f, const struct ap_counts *c,
		    struct ap_fig_result *r)
{
	int num_zero, den_zero;

	memset(r, 0, sizeof(*r));
	if (sum_terms(f->num, f->nnum, c, &r->num, &num_zero, &r->missing) ||
	    sum_terms(f->den, f->nden, c, &r->den, &den_zero, &r->missing)) {
		r->status = AP_FIG_MISSING;
		return;
	}
	if (den_zero) {
		r->status = AP_FIG_ZERO_DEN;
		return;
	}
	/*
	 * A denominator counts clocks, bursts or seconds: below zero, the
	 * counters were read at different instants (a monitor without
	 * snapshot, read one register after the other while its clock ran).
	 */
	if (r->den < 0) {
		r->status = AP_FIG_NEG_DEN;
		return;
	}
	if (f->ns && !(c->clock_hz > 0)) {
		r->status = AP_FIG_MISSING;
		r->missing = AXIPERF_TERM_CLOCK;
		return;
	}
	r->status = AP_FIG_OK;
	r->value = r->num / r->den * f->scale * (f->ns ? 1e9 / c->clock_hz : 1.0);
}

/* The term of a MicroBlaze figure as an event id; -1 if the description
 * and the event table disagree (a test catches that). */
static int mb_term(int config)
{
	return ap_mb_event_by_config((uint64_t)config);
}

static int mb_present(const struct ap_counts *c, int config, int *missing)
{
	int id = mb_term(config);

	if (id < 0 || c->state[id] != AP_EV_COUNTED) {
		*missing = id;
		return 0;
	}
	return 1;
}

static int mb_lookup(void *ctx, int config, uint64_t *v)
{
	const struct ap_counts *c = ctx;
	int id = mb_term(config);

	if (id < 0 || c->state[id] != AP_EV_COUNTED)
		return -1;
	*v = c->value[id];
	return 0;
}

void ap_mb_figure_eval(const struct axiperf_mb_figure *f,
		       const struct ap_counts *c, struct ap_fig_result *r)
{
	memset(r, 0, sizeof(*r));
	r->status = AP_FIG_MISSING;
	if (f->kind == AXIPERF_MB_FIGURE_STDDEV) {
		double n, s;

		if (!mb_present(c, f->lat_count, &r->missing) ||
		    !mb_present(c, f->lat_sum, &r->missing) ||
		    !mb_present(c, f->lat_sum_sq, &r->missing))
			return;
		n = (double)c->value[mb_term(f->lat_count)];
		s = (double)c->value[mb_term(f->lat_sum)];
		r->num = n * (double)c->value[mb_term(f->lat_sum_sq)] - s * s;
		r->den = n;
	} else {
		for (int i = 0; i < f->nnum; i++) {
			if (!mb_present(c, f->num[i].config, &r->missing))
				return;
			r->num += f->num[i].sign * (double)c->value[mb_term(f->num[i].config)];
		}
		for (int i = 0; i < f->nden; i++) {
			if (!mb_present(c, f->den[i].config, &r->missing))
				return;
			r->den += f->den[i].sign * (double)c->value[mb_term(f->den[i].config)];
		}
	}
	/* every term is there: the generated formula is n/a only for a zero
	 * denominator */
	if (r->den == 0 ||
	    axiperf_mb_figure_value(f, mb_lookup, (void *)c, &r->value)) {
		r->status = AP_FIG_ZERO_DEN;
		r->value = 0;
		return;
	}
	r->status = AP_FIG_OK;
}

void ap_fig_eval(int k, const struct ap_counts *c, struct ap_fig_result *r)
{
	if (ratio_fig(k))
		ap_figure_eval(ratio_fig(k), c, r);
	else
		ap_mb_figure_eval(&axiperf_mb_figures[k - AP_MB_FIG0], c, r);
}

static void format_value(const char *unit, const struct ap_fig_result *r,
			 char *buf, size_t len)
{
	if (r->status != AP_FIG_OK)
		snprintf(buf, len, "n/a");
	else if (!strcmp(unit, "B/s"))
		snprintf(buf, len, "%.0f", r->value);
	else if (!strcmp(unit, "%"))
		snprintf(buf, len, "%.2f", r->value);
	else
		snprintf(buf, len, "%.3f", r->value);
}

void ap_figure_format(const struct axiperf_figure *f,
		      const struct ap_fig_result *r, char *buf, size_t len)
{
	format_value(f->unit, r, buf, len);
}

void ap_fig_format(int k, const struct ap_fig_result *r, char *buf, size_t len)
{
	format_value(ap_fig_unit(k), r, buf, len);
}

void ap_figure_formula(const struct axiperf_figure *f, char *buf, size_t len)
{
	if (f->ns)
		snprintf(buf, len, "(%s) / (%s) x 1e9 / clock_hz", f->num_text, f->den_text);
	else if (f->scale != 1.0)
		snprintf(buf, len, "(%s) / (%s) x %g", f->num_text, f->den_text,
			 f->scale);
	else
		snprintf(buf, len, "(%s) / (%s)", f->num_text, f->den_text);
}

void ap_fig_formula(int k, char *buf, size_t len)
{
	const struct axiperf_mb_figure *f;

	if (ratio_fig(k)) {
		ap_figure_formula(ratio_fig(k), buf, len);
		return;
	}
	f = &axiperf_mb_figures[k - AP_MB_FIG0];
	if (f->kind == AXIPERF_MB_FIGURE_STDDEV)
		snprintf(buf, len, "sqrt(%s) / %s", f->num_text, f->den_text);
	else if (f->scale != 1.0)
		snprintf(buf, len, "(%s) / (%s) x %g", f->num_text, f->den_text,
			 f->scale);
	else
		snprintf(buf, len, "(%s) / (%s)", f->num_text, f->den_text);
}

static void mb_need(int config, unsigned char *need)
{
	int id = mb_term(config);

	if (id >= 0)
		need[id] = 1;
}

void ap_fig_events(int k, unsigned char *need)
{
	const struct axiperf_mb_figure *f;

	if (ratio_fig(k)) {
		ap_figure_events(ratio_fig(k), need);
		return;
	}
	f = &axiperf_mb_figures[k - AP_MB_FIG0];
	if (f->kind == AXIPERF_MB_FIGURE_STDDEV) {
		mb_need(f->lat_count, need);
		mb_need(f->lat_sum, need);
		mb_need(f->lat_sum_sq, need);
		return;
	}
	for (int i = 0; i < f->nnum; i++)
		mb_need(f->num[i].config, need);
	for (int i = 0; i < f->nden; i++)
		mb_need(f->den[i].config, need);
}

void ap_figure_events(const struct axiperf_figure *f, unsigned char *need)
{
	for (int i = 0; i < f->nnum; i++)
		if (f->num[i].event >= 0)
			need[f->num[i].event] = 1;
	for (int i = 0; i < f->nden; i++)
		if (f->den[i].event >= 0)
			need[f->den[i].event] = 1;
}
