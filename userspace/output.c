// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Printing counts and figures: a table with instances side by side (one
 * table per kind of PMU; an APM's ports are instances "apm_ddr.apu0"),
 * CSV, JSON.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

#define COLW	16

void ap_select_all(struct ap_select *s)
{
	memset(s, 0, sizeof(*s));
	for (int k = 0; k < AP_NFIG; k++) {
		s->fig[k] = 1;
		ap_fig_events(k, s->ev);
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
	unsigned char plain[AP_NFIG] = { 0 };

	memset(s->fig, 0, sizeof(s->fig));
	memset(s->ev, 0, sizeof(s->ev));
	memset(s->port_only, 0, sizeof(s->port_only));
	s->nask = 0;
	s->chosen = 1;
	while (next_name(&list, name, sizeof(name))) {
		char *at = strchr(name, '@');
		int found = 0;

		if (at) {	/* an APM figure on the ports named */
			int k;

			*at++ = 0;
			for (k = AP_APM_FIG0; k < AP_NFIG; k++)
				if (!strcmp(ap_fig_name(k), name))
					break;
			if (k == AP_NFIG) {
				snprintf(err, errlen, ap_figure_find(name) >= 0 ?
					 "'%s@%s': %s is not an APM figure; only an APM's figures take @port (axiperf --help lists them)" :
					 "'%s@%s': unknown figure '%s'; axiperf --help lists the figures",
					 name, at, name);
				return -1;
			}
			if (!*at) {
				snprintf(err, errlen, "'%s@': name the port after @, as apm_ddr.apu0, apm_ddr.1 or apm_ddr",
					 name);
				return -1;
			}
			if (s->nask == AP_MAX_PORT_ASKS) {
				snprintf(err, errlen, "more than %d figure@port; ask for fewer",
					 AP_MAX_PORT_ASKS);
				return -1;
			}
			s->ask[s->nask].fig = k;
			snprintf(s->ask[s->nask++].port, AP_NAME_MAX, "%s", at);
			s->fig[k] = 1;
			ap_fig_events(k, s->ev);
			continue;
		}

		/* cpi names the figure of every kind of core */
		for (int k = 0; k < AP_NFIG; k++) {
			if (strcmp(ap_fig_name(k), name))
				continue;
			s->fig[k] = 1;
			plain[k] = 1;
			ap_fig_events(k, s->ev);
			found = 1;
		}
		if (!found) {
			snprintf(err, errlen, "unknown figure '%s'; axiperf --help lists the figures", name);
			return -1;
		}
	}
	for (int k = 0; k < AP_NFIG; k++)
		s->port_only[k] = s->fig[k] && !plain[k];
	for (int id = 0; id < AP_NEV; id++)
		s->ev[id] |= s->extra[id];
	return 0;
}

int ap_select_events(struct ap_select *s, const char *list, char *err,
		     size_t errlen)
{
	char name[AP_NAME_MAX];

	while (next_name(&list, name, sizeof(name))) {
		int found = 0;

		/* cycles names the event of every kind that has one */
		for (int k = 0; k < AP_NKIND; k++) {
			int i = ap_event_find_kind(name, (enum ap_kind)k);

			if (i < 0)
				continue;
			s->ev[i] = 1;
			s->extra[i] = 1;
			found = 1;
		}
		if (!found) {
			snprintf(err, errlen, "unknown event '%s'; `axiperf list` shows the events", name);
			return -1;
		}
	}
	return 0;
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

static int inst_kind(const struct ap_data *d, int i)
{
	return (int)ap_kind_of(d->inst[i]);
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

/* Figures worth a row for instances of kind: selected and of that kind. */
static int fig_shown(const struct ap_select *s, int k, int kind)
{
	return s->fig[k] && (int)ap_fig_kind(k) == kind;
}

static void print_table_kind(FILE *out, const struct ap_data *d,
			     const struct ap_select *s, int kind, int *first)
{
	int namew = kind == AP_KIND_AXI ? 20 : 32;
	char buf[64];
	int any = 0, colw = COLW;

	for (int i = 0; i < d->ninst; i++) {
		any |= inst_kind(d, i) == kind;
		/* an APM port's name ("apm_ddr.hp3_fpd_dma") may be longer */
		if (inst_kind(d, i) == kind && kind == AP_KIND_APM &&
		    (int)strlen(d->inst[i]) + 2 > colw)
			colw = (int)strlen(d->inst[i]) + 2;
	}
	if (!any)
		return;
	/* the name column as wide as its longest name, a space after it */
	for (int k = 0; k < AP_NFIG; k++)
		if (fig_shown(s, k, kind) && (int)strlen(ap_fig_name(k)) >= namew)
			namew = (int)strlen(ap_fig_name(k)) + 1;
	for (int id = 0; id < AP_NEV; id++)
		if ((int)ap_event_kind(id) == kind && ev_shown(d, s, id) &&
		    (int)strlen(ap_event_name(id)) >= namew)
			namew = (int)strlen(ap_event_name(id)) + 1;
	if (!*first)
		fprintf(out, "\n");
	*first = 0;
	if (d->interval)
		fprintf(out, "%12s  ", "time");
	fprintf(out, "%-*s", namew, "");
	for (int i = 0; i < d->ninst; i++)
		if (inst_kind(d, i) == kind)
			fprintf(out, "%*s", colw, d->inst[i]);
	fprintf(out, "  unit\n");
	for (int f = 0; f < d->nframes; f++) {
		const struct ap_frame *fr = &d->frames[f];
		char when[32] = "";

		if (d->interval)
			snprintf(when, sizeof(when), "%12.6f  ", fr->time);
		for (int id = 0; id < AP_NEV; id++) {
			if ((int)ap_event_kind(id) != kind || !ev_shown(d, s, id))
				continue;
			fprintf(out, "%s%-*s", when, namew, ap_event_name(id));
			for (int i = 0; i < d->ninst; i++) {
				if (inst_kind(d, i) != kind)
					continue;
				ev_format(&fr->c[i], id, buf, sizeof(buf));
				fprintf(out, "%*s", colw, buf);
			}
			fprintf(out, "  %s\n", ap_event_unit(id));
		}
		for (int k = 0; k < AP_NFIG; k++) {
			if (!fig_shown(s, k, kind))
				continue;
			fprintf(out, "%s%-*s", when, namew, ap_fig_name(k));
			for (int i = 0; i < d->ninst; i++) {
				struct ap_fig_result r;

				if (inst_kind(d, i) != kind)
					continue;
				ap_fig_eval(k, &fr->c[i], &r);
				ap_fig_format(k, &r, buf, sizeof(buf));
				fprintf(out, "%*s", colw, buf);
			}
			fprintf(out, "  %s\n", ap_fig_unit(k));
		}
	}
}

/*
 * A monitor without the in-flight sums (register map 1.0, or built with
 * HAS_LATENCY=0): the figures that read them are n/a, and why is said once.
 */
/* Appends ", word" (or "word" to an empty list) to buf, which stays terminated. */
static void list_add(char *buf, size_t size, size_t *len, const char *word)
{
	*len += (size_t)snprintf(buf + *len, *len < size ? size - *len : 0, "%s%s",
				 *len ? ", " : "", word);
	if (*len >= size)
		*len = size - 1;
}

static void latency_note_print(FILE *out, const char *insts, const char *names)
{
	fprintf(out, "\n%s: %s n/a: rd_inflight, rd_waiting, wr_inflight not counted (a monitor of register map 1.0, or built with HAS_LATENCY=0, has none: its caps/latency reads 0)\n",
		insts, names);
}

static void latency_note(FILE *out, const struct ap_data *d, const struct ap_select *s)
{
	char names[512] = "", insts[512] = "";
	size_t ni = 0;

	for (int i = 0; i < d->ninst; i++) {
		char these[512] = "";
		size_t len = 0;

		if (inst_kind(d, i) != AP_KIND_AXI)
			continue;
		for (int k = 0; k < AP_NFIG; k++) {
			struct ap_fig_result r;

			if (!fig_shown(s, k, AP_KIND_AXI))
				continue;
			ap_fig_eval(k, &d->frames[0].c[i], &r);
			if (r.status != AP_FIG_MISSING || r.missing < 0 || r.missing >= 64 ||
			    !((AXIPERF_NEEDS_HAS_LATENCY_IDS >> r.missing) & 1))
				continue;
			list_add(these, sizeof(these), &len, ap_fig_name(k));
		}
		if (!these[0])
			continue;
		/* the monitors that lack the same figures share one note */
		if (ni && strcmp(these, names)) {
			latency_note_print(out, insts, names);
			ni = 0;
		}
		list_add(insts, sizeof(insts), &ni, d->inst[i]);
		memcpy(names, these, sizeof(names));
	}
	if (ni)
		latency_note_print(out, insts, names);
}

static void print_table(FILE *out, const struct ap_data *d,
			const struct ap_select *s)
{
	int first = 1;

	for (int k = 0; k < AP_NKIND; k++)
		print_table_kind(out, d, s, (int)ap_kind_order[k], &first);
	if (d->nframes)
		latency_note(out, d, s);
	if (d->interval || !d->nframes)
		return;
	if (d->frames[0].seconds > 0)
		fprintf(out, "\n%.9f seconds elapsed\n", d->frames[0].seconds);
	else
		fprintf(out, "\nelapsed time unknown: bytes per second are n/a\n");
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
				if ((int)ap_event_kind(id) != inst_kind(d, i) ||
				    !ev_shown(d, s, id))
					continue;
				ev_format(&fr->c[i], id, buf, sizeof(buf));
				fprintf(out, "%s%s,event,%s,%s,%s,,\n", when,
					d->inst[i], ap_event_name(id), buf,
					ap_event_unit(id));
			}
			for (int k = 0; k < AP_NFIG; k++) {
				struct ap_fig_result r;

				if (!fig_shown(s, k, inst_kind(d, i)))
					continue;
				ap_fig_eval(k, &fr->c[i], &r);
				ap_fig_format(k, &r, buf, sizeof(buf));
				fprintf(out, "%s%s,figure,%s,%s,%s,", when,
					d->inst[i], ap_fig_name(k), buf, ap_fig_unit(k));
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

				if ((int)ap_event_kind(id) != inst_kind(d, i) ||
				    !ev_shown(d, s, id) || c->state[id] == AP_EV_ABSENT)
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
			for (int k = 0; k < AP_NFIG; k++) {
				struct ap_fig_result r;

				if (!fig_shown(s, k, inst_kind(d, i)))
					continue;
				ap_fig_eval(k, &fr->c[i], &r);
				fprintf(out, "%s\n   \"%s\": {\"unit\": \"%s\", ",
					first ? "" : ",", ap_fig_name(k), ap_fig_unit(k));
				if (r.status == AP_FIG_OK)
					fprintf(out, "\"value\": %.15g, \"num\": %.15g, \"den\": %.15g}",
						r.value, r.num, r.den);
				else if (r.status == AP_FIG_ZERO_DEN)
					fprintf(out, "\"value\": \"n/a\", \"why\": \"zero denominator\"}");
				else if (r.status == AP_FIG_NEG_DEN)
					fprintf(out, "\"value\": \"n/a\", \"why\": \"negative denominator: counters read at different instants\"}");
				else
					fprintf(out, "\"value\": \"n/a\", \"why\": \"%s not measured\"}",
						r.missing == AXIPERF_TERM_SECONDS ? "elapsed time" :
						r.missing == AXIPERF_TERM_CLOCK ? "the monitor's clock rate" :
						ap_event_name(r.missing));
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
