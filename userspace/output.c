// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Printing counts and figures: a table with instances side by side, CSV, JSON. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

#define COLW	16

void ap_select_all(struct ap_select *s)
{
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		s->fig[i] = 1;
		ap_figure_events(&axiperf_figures[i], s->ev);
	}
}

static int next_name(const char **list, char *name, size_t len)
{
	const char *s = *list, *e;

	if (!*s)
		return 0;
	e = strchr(s, ',');
	if (!e)
		e = s + strlen(s);
	snprintf(name, len, "%.*s", (int)(e - s), s);
	*list = *e ? e + 1 : e;
	return 1;
}

int ap_select_figures(struct ap_select *s, const char *list, char *err,
		      size_t errlen)
{
	char name[AP_NAME_MAX];

	memset(s->fig, 0, sizeof(s->fig));
	memset(s->ev, 0, sizeof(s->ev));
	while (next_name(&list, name, sizeof(name))) {
		int i = ap_figure_find(name);

		if (i < 0) {
			snprintf(err, errlen, "unknown figure '%s'; axiperf --help lists the figures", name);
			return -1;
		}
		s->fig[i] = 1;
		ap_figure_events(&axiperf_figures[i], s->ev);
	}
	return 0;
}

int ap_select_events(struct ap_select *s, const char *list, char *err,
		     size_t errlen)
{
	char name[AP_NAME_MAX];

	while (next_name(&list, name, sizeof(name))) {
		int i = ap_event_find(name);

		if (i < 0) {
			snprintf(err, errlen, "unknown event '%s'; `axiperf list` shows the events", name);
			return -1;
		}
		s->ev[i] = 1;
	}
	return 0;
}

static const char *ev_unit(int id)
{
	switch (id) {
#define X(name, id_, off, legacy, unit, per_byte, step) case id_: return unit;
	AXIPERF_COUNTERS(X)
#undef X
	default:
		return "max";
	}
}

static void ev_format(const struct ap_counts *c, int id, char *buf, size_t len)
{
	switch (c->state[id]) {
	case AP_EV_COUNTED:
		snprintf(buf, len, "%" PRIu64, c->value[id]);
		break;
	case AP_EV_NOT_COUNTED:
		snprintf(buf, len, "<not counted>");
		break;
	case AP_EV_NOT_SUPPORTED:
		snprintf(buf, len, "<not supported>");
		break;
	default:
		snprintf(buf, len, "-");
	}
}

/* Events worth a row: selected, and measured somewhere. */
static int ev_shown(const struct ap_data *d, const struct ap_select *s, int id)
{
	if (!s->ev[id] || !ap_event_name(id))
		return 0;
	for (int f = 0; f < d->nframes; f++)
		for (int i = 0; i < d->ninst; i++)
			if (d->frames[f].c[i].state[id] != AP_EV_ABSENT)
				return 1;
	return 0;
}

static void print_table(FILE *out, const struct ap_data *d,
			const struct ap_select *s)
{
	char buf[64];

	if (d->interval)
		fprintf(out, "%12s  ", "time");
	fprintf(out, "%-20s", "");
	for (int i = 0; i < d->ninst; i++)
		fprintf(out, "%*s", COLW, d->inst[i]);
	fprintf(out, "  unit\n");
	for (int f = 0; f < d->nframes; f++) {
		const struct ap_frame *fr = &d->frames[f];
		char when[32] = "";

		if (d->interval)
			snprintf(when, sizeof(when), "%12.6f  ", fr->time);
		for (int id = 0; id < AP_NEV; id++) {
			if (!ev_shown(d, s, id))
				continue;
			fprintf(out, "%s%-20s", when, ap_event_name(id));
			for (int i = 0; i < d->ninst; i++) {
				ev_format(&fr->c[i], id, buf, sizeof(buf));
				fprintf(out, "%*s", COLW, buf);
			}
			fprintf(out, "  %s\n", ev_unit(id));
		}
		for (size_t k = 0; k < AXIPERF_NUM_FIGURES; k++) {
			const struct axiperf_figure *fg = &axiperf_figures[k];

			if (!s->fig[k])
				continue;
			fprintf(out, "%s%-20s", when, fg->name);
			for (int i = 0; i < d->ninst; i++) {
				struct ap_fig_result r;

				ap_figure_eval(fg, &fr->c[i], &r);
				ap_figure_format(fg, &r, buf, sizeof(buf));
				fprintf(out, "%*s", COLW, buf);
			}
			fprintf(out, "  %s\n", fg->unit);
		}
		if (!d->interval) {
			if (fr->seconds > 0)
				fprintf(out, "\n%.9f seconds elapsed\n", fr->seconds);
			else
				fprintf(out, "\nelapsed time unknown: bytes per second are n/a\n");
		}
	}
}

static void print_csv(FILE *out, const struct ap_data *d,
		      const struct ap_select *s)
{
	char buf[64];

	fprintf(out, "# %sinstance,kind,name,value,unit,num,den\n",
		d->interval ? "time," : "");
	for (int f = 0; f < d->nframes; f++) {
		const struct ap_frame *fr = &d->frames[f];
		char when[32] = "";

		if (d->interval)
			snprintf(when, sizeof(when), "%.9f,", fr->time);
		for (int i = 0; i < d->ninst; i++) {
			for (int id = 0; id < AP_NEV; id++) {
				if (!ev_shown(d, s, id))
					continue;
				ev_format(&fr->c[i], id, buf, sizeof(buf));
				fprintf(out, "%s%s,event,%s,%s,%s,,\n", when,
					d->inst[i], ap_event_name(id), buf,
					ev_unit(id));
			}
			for (size_t k = 0; k < AXIPERF_NUM_FIGURES; k++) {
				const struct axiperf_figure *fg = &axiperf_figures[k];
				struct ap_fig_result r;

				if (!s->fig[k])
					continue;
				ap_figure_eval(fg, &fr->c[i], &r);
				ap_figure_format(fg, &r, buf, sizeof(buf));
				fprintf(out, "%s%s,figure,%s,%s,%s,", when,
					d->inst[i], fg->name, buf, fg->unit);
				if (r.status == AP_FIG_MISSING)
					fprintf(out, ",\n");
				else
					fprintf(out, "%.15g,%.15g\n", r.num, r.den);
			}
		}
	}
}

static void print_json(FILE *out, const struct ap_data *d,
		       const struct ap_select *s)
{
	char buf[64];

	fprintf(out, "{\"interval\": %s, \"frames\": [", d->interval ? "true" : "false");
	for (int f = 0; f < d->nframes; f++) {
		const struct ap_frame *fr = &d->frames[f];

		fprintf(out, "%s\n {\"time\": %.9f, \"seconds\": ", f ? "," : "", fr->time);
		if (fr->seconds > 0)
			fprintf(out, "%.9f", fr->seconds);
		else
			fprintf(out, "null");
		fprintf(out, ", \"instances\": [");
		for (int i = 0; i < d->ninst; i++) {
			int first = 1;

			fprintf(out, "%s\n  {\"name\": \"%s\", \"events\": {",
				i ? "," : "", d->inst[i]);
			for (int id = 0; id < AP_NEV; id++) {
				const struct ap_counts *c = &fr->c[i];

				if (!ev_shown(d, s, id) || c->state[id] == AP_EV_ABSENT)
					continue;
				ev_format(c, id, buf, sizeof(buf));
				fprintf(out, "%s\"%s\": ", first ? "" : ", ", ap_event_name(id));
				if (c->state[id] == AP_EV_COUNTED)
					fprintf(out, "%s", buf);
				else
					fprintf(out, "\"%s\"", buf);
				first = 0;
			}
			fprintf(out, "}, \"figures\": {");
			first = 1;
			for (size_t k = 0; k < AXIPERF_NUM_FIGURES; k++) {
				const struct axiperf_figure *fg = &axiperf_figures[k];
				struct ap_fig_result r;

				if (!s->fig[k])
					continue;
				ap_figure_eval(fg, &fr->c[i], &r);
				fprintf(out, "%s\n   \"%s\": {\"unit\": \"%s\", ",
					first ? "" : ",", fg->name, fg->unit);
				if (r.status == AP_FIG_OK)
					fprintf(out, "\"value\": %.15g, \"num\": %.15g, \"den\": %.15g}",
						r.value, r.num, r.den);
				else if (r.status == AP_FIG_ZERO_DEN)
					fprintf(out, "\"value\": \"n/a\", \"why\": \"zero denominator\"}");
				else
					fprintf(out, "\"value\": \"n/a\", \"why\": \"%s not measured\"}",
						r.missing == AXIPERF_TERM_SECONDS ?
						"elapsed time" : ap_event_name(r.missing));
				first = 0;
			}
			fprintf(out, "}}");
		}
		fprintf(out, "]}");
	}
	fprintf(out, "\n]}\n");
}

void ap_print(FILE *out, const struct ap_data *d, const struct ap_select *s,
	      enum ap_format fmt)
{
	switch (fmt) {
	case AP_FMT_CSV:
		print_csv(out, d, s);
		break;
	case AP_FMT_JSON:
		print_json(out, d, s);
		break;
	default:
		print_table(out, d, s);
	}
}
