// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Figures from counts. The formulas are the generated table in
 * <axiperf/figures.h>; nothing here knows what any figure means.
 */
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

int ap_event_find(const char *name)
{
	for (int i = 0; i < AP_NEV; i++)
		if (axiperf_event_name[i] && !strcmp(axiperf_event_name[i], name))
			return i;
	return -1;
}

const char *ap_event_name(int id)
{
	if (id < 0 || id >= AP_NEV)
		return NULL;
	return axiperf_event_name[id];
}

int ap_figure_find(const char *name)
{
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++)
		if (!strcmp(axiperf_figures[i].name, name))
			return (int)i;
	return -1;
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
	r->status = AP_FIG_OK;
	r->value = r->num / r->den * f->scale;
}

void ap_figure_format(const struct axiperf_figure *f,
		      const struct ap_fig_result *r, char *buf, size_t len)
{
	if (r->status != AP_FIG_OK)
		snprintf(buf, len, "n/a");
	else if (!strcmp(f->unit, "B/s"))
		snprintf(buf, len, "%.0f", r->value);
	else if (!strcmp(f->unit, "%"))
		snprintf(buf, len, "%.2f", r->value);
	else
		snprintf(buf, len, "%.3f", r->value);
}

void ap_figure_formula(const struct axiperf_figure *f, char *buf, size_t len)
{
	if (f->scale != 1.0)
		snprintf(buf, len, "(%s) / (%s) x %g", f->num_text, f->den_text,
			 f->scale);
	else
		snprintf(buf, len, "(%s) / (%s)", f->num_text, f->den_text);
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
