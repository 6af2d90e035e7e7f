// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Reader of `perf stat -x,` output as linux 6.1's perf writes it:
 *
 *   [time,] [aggregation id,[members,]] value,unit,event,run-time,pct,...
 *
 * time is "%6lu.%09lu" in interval mode (-I); value is an integer, a
 * number with two decimals for scaled events, "<not counted>" or
 * "<not supported>". An axiperf event is "axiperfN/name/" (or
 * "axiperfN/event=0x13/", or "name [axiperfN]" with --no-merge); a
 * MicroBlaze one "microblazeN/name/" (or "microblazeN/event=30,item=1/",
 * config = event | item << 8). A bare name is an axiperf event merged by
 * perf over the instances; bare MicroBlaze names (cycles, instructions)
 * are perf's own events and are skipped.
 * An APM event is "apm_ddr/apu0_read_bytes/" (the driver's alias),
 * "apm_ddr/read_bytes,slot=1/" or "apm_ddr/metric=3,slot=1/": it counts
 * for the instance of its slot, "apm_ddr.apu0" (slot names as the driver
 * gives them, from spec/apm.toml; "slotN" where it names none), as stat
 * prints it.
 * duration_time (ns) gives the elapsed time, as does the footer line
 * "N seconds time elapsed" of perf's plain output. Events of other PMUs
 * are skipped.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf.h"

#define MAX_FIELDS	64
#define HOWTO	"expected `perf stat -x,` output (value,unit,event,...)"

struct parser {
	struct ap_data *d;
	const char *what;
	int line;
	int seen_data;		/* a counter line has been read */
	int seen_axiperf;	/* an axiperf event has been read */
	double elapsed;		/* footer or duration_time, whole run */
	char *err;
	size_t errlen;
};

static int fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	n = (size_t)snprintf(p->err, p->errlen, "%s:%d: ", p->what, p->line);
	if (n < p->errlen) {
		va_start(ap, fmt);
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int all_digits(const char *s, size_t n)
{
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* "   12.000123456": perf's interval stamp, always nine decimals. */
static int is_timestamp(const char *s, double *t)
{
	const char *dot;

	while (*s == ' ')
		s++;
	dot = strchr(s, '.');
	if (!dot || !all_digits(s, (size_t)(dot - s)) ||
	    strlen(dot + 1) != 9 || !all_digits(dot + 1, 9))
		return 0;
	*t = strtod(s, NULL);
	return 1;
}

/* Aggregation ids: CPU3 (one field); S0, S0-D0, S0-D0-C1, N0 (+ count). */
static int aggr_fields(const char *s)
{
	if (!strncmp(s, "CPU", 3) && all_digits(s + 3, strlen(s + 3)))
		return 1;
	if (s[0] == 'N' && all_digits(s + 1, strlen(s + 1)))
		return 2;
	if (s[0] == 'S' && isdigit((unsigned char)s[1])) {
		for (s++; *s; s++)
			if (!isdigit((unsigned char)*s) && *s != '-' &&
			    *s != 'D' && *s != 'C')
				return 0;
		return 2;
	}
	return 0;
}

static int parse_value(struct parser *p, const char *s, uint64_t *v, int *state)
{
	const char *dot = strchr(s, '.');
	size_t n = strlen(s);

	if (!strcmp(s, "<not counted>")) {
		*state = AP_EV_NOT_COUNTED;
		*v = 0;
		return 0;
	}
	if (!strcmp(s, "<not supported>")) {
		*state = AP_EV_NOT_SUPPORTED;
		*v = 0;
		return 0;
	}
	if (dot ? !all_digits(s, (size_t)(dot - s)) ||
		  !all_digits(dot + 1, n - (size_t)(dot - s) - 1) :
		  !all_digits(s, n))
		return fail(p, "count '%s' is not a number, <not counted> or <not supported>; %s",
			    s, HOWTO);
	errno = 0;
	if (dot) {
		double x = strtod(s, NULL);

		if (x + 0.5 >= 18446744073709551616.0)
			errno = ERANGE;
		else
			*v = (uint64_t)(x + 0.5);
	} else {
		*v = strtoull(s, NULL, 10);
	}
	if (errno == ERANGE)
		return fail(p, "count '%s' does not fit in 64 bits", s);
	*state = AP_EV_COUNTED;
	return 0;
}

/* "apm_ddr", "apm_a0010000" */
static int is_apm(const char *s, size_t n)
{
	if (n < 5 || strncmp(s, "apm_", 4))
		return 0;
	for (size_t i = 4; i < n; i++)
		if (!islower((unsigned char)s[i]) && !isdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* "axiperf3", "microblaze0", "apm_ddr": the PMUs we read. */
static int is_our_pmu(const char *s, size_t n)
{
	return (n > 7 && !strncmp(s, "axiperf", 7) && all_digits(s + 7, n - 7)) ||
	       (n > 10 && !strncmp(s, "microblaze", 10) && all_digits(s + 10, n - 10)) ||
	       is_apm(s, n);
}

/* An APM metric name, or "<slot>_<metric>" with a slot of pmu: the event
 * id, and the slot into *slot; -1 when neither. */
static int apm_alias(const char *pmu, const char *name, size_t len, int *slot)
{
	for (int id = AP_APM_EV0; id < AP_NEV; id++) {
		const char *m = ap_event_name(id);
		size_t ml = strlen(m);
		char sn[AP_NAME_MAX];

		if (len == ml && !strncmp(name, m, len))
			return id;
		if (len < ml + 2 || name[len - ml - 1] != '_' || strncmp(name + len - ml, m, ml))
			continue;
		for (int s = 0; s < AXIPERF_APM_MAX_SLOTS; s++) {
			ap_apm_slot_name(pmu, s, sn, sizeof(sn));
			if (strlen(sn) == len - ml - 1 && !strncmp(name, sn, len - ml - 1)) {
				*slot = s;
				return id;
			}
		}
	}
	return -1;
}

/*
 * An APM event, "apu0_read_bytes", "read_bytes,slot=1" or "metric=3,
 * slot=1" (other terms: latency points, ID filter, perf's own, are the
 * user's): the event id, pmu turned into the instance "apm_ddr.apu0";
 * -1 when it is not one.
 */
static int apm_event(char *pmu, size_t pmulen, const char *name)
{
	int id = -1, slot = 0, term_slot = -1;
	const char *t = name;
	char sn[AP_NAME_MAX];

	while (*t) {
		size_t len = strcspn(t, ",");
		const char *eq = memchr(t, '=', len);

		if (!eq) {
			if (id >= 0 || (id = apm_alias(pmu, t, len, &slot)) < 0)
				return -1;
		} else if ((eq - t == 6 && !strncmp(t, "metric", 6)) ||
			   (eq - t == 4 && !strncmp(t, "slot", 4))) {
			char *end;
			unsigned long x = strtoul(eq + 1, &end, 0);

			if (end == eq + 1 || (size_t)(end - t) != len)
				return -1;
			if (*t == 's') {
				if (x >= AXIPERF_APM_MAX_SLOTS)
					return -1;
				term_slot = (int)x;
			} else {
				if (id >= 0 || x >= AXIPERF_APM_NUM_METRICS)
					return -1;
				id = AP_APM_EV0 + (int)x;
			}
		}
		t += len + (t[len] == ',');
	}
	if (id < 0)
		return -1;
	if (term_slot >= 0)
		slot = term_slot;
	ap_apm_slot_name(pmu, slot, sn, sizeof(sn));
	if (strlen(pmu) + 1 + strlen(sn) >= pmulen)
		return -1;
	strcat(strcat(pmu, "."), sn);
	return id;
}

/* config=X, or event=E[,item=I] of a MicroBlaze PMU: the event id or -1. */
static int config_terms(const char *terms, enum ap_kind kind)
{
	uint64_t config = 0;
	const char *t = terms;

	while (*t) {
		unsigned long long x;
		const char *eq = strchr(t, '=');
		char *end;
		int shift;

		if (!eq)
			return -1;
		if (eq - t == 6 && !strncmp(t, "config", 6))
			shift = 0;
		else if (eq - t == 5 && !strncmp(t, "event", 5))
			shift = 0;
		else if (eq - t == 4 && !strncmp(t, "item", 4) && kind == AP_KIND_MB)
			shift = AXIPERF_MB_CONFIG_ITEM_SHIFT;
		else
			shift = -1;	/* perf's own terms (name=...) */
		if (shift < 0) {
			end = strchr(eq, ',');
			t = end ? end + 1 : eq + strlen(eq);
			continue;
		}
		errno = 0;
		x = strtoull(eq + 1, &end, 0);
		if (errno || end == eq + 1 || (*end && *end != ',') || x > 0xffff)
			return -1;
		config |= (uint64_t)x << shift;
		t = *end ? end + 1 : end;
	}
	if (kind == AP_KIND_MB)
		return ap_mb_event_by_config(config);
	return config < AP_NEV_AXI && axiperf_event_name[config] ? (int)config : -1;
}

/*
 * Splits an event field into PMU and event. Returns the event id, -2 for
 * duration_time, -3 for an event we skip, -1 after an error.
 */
static int parse_event(struct parser *p, char *s, char *pmu, size_t pmulen)
{
	char *slash = strchr(s, '/');
	char *name = s;
	int id;

	pmu[0] = 0;
	if (slash) {
		char *close = strchr(slash + 1, '/');

		if (!close)
			return fail(p, "event '%s' has no closing '/'; %s", s, HOWTO);
		if (!is_our_pmu(s, (size_t)(slash - s)))
			return -3;
		snprintf(pmu, pmulen, "%.*s", (int)(slash - s), s);
		*close = 0;
		name = slash + 1;
		if (ap_kind_of(pmu) == AP_KIND_APM)
			goto apm;
		if (strchr(name, '=')) {	/* config terms */
			id = config_terms(name, ap_kind_of(pmu));
			if (id < 0)
				return fail(p, "unknown event '%s' of %s; `axiperf list` shows the events",
					    name, pmu);
			return id;
		}
	} else {
		char *br = strstr(s, " [");
		size_t n = strlen(s);

		if (br && n && s[n - 1] == ']') {
			if (!is_our_pmu(br + 2, (size_t)(s + n - 1 - (br + 2))))
				return -3;
			snprintf(pmu, pmulen, "%.*s", (int)(s + n - 1 - (br + 2)), br + 2);
			*br = 0;
			if (ap_kind_of(pmu) == AP_KIND_APM)
				goto apm;
		} else if (!strcmp(s, "duration_time")) {
			return -2;
		}
	}
	id = ap_event_find_kind(name, pmu[0] ? ap_kind_of(pmu) : AP_KIND_AXI);
	if (id >= 0) {
		if (!pmu[0])	/* merged over every instance by perf */
			snprintf(pmu, pmulen, "axiperf");
		return id;
	}
	if (pmu[0])
		return fail(p, "unknown event '%s' of %s; `axiperf list` shows the events",
			    name, pmu);
	return -3;
apm:
	{
		char apm[AP_NAME_MAX];

		snprintf(apm, sizeof(apm), "%s", pmu);
		id = apm_event(pmu, pmulen, name);
		if (id < 0)
			return fail(p, "unknown event '%s' of %s; an APM event is a metric (read_bytes, metric=3), with ,slot=N for slot N, or the driver's <slot>_read_bytes; `axiperf list` shows them",
				    name, apm);
		return id;
	}
}

static int parse_line(struct parser *p, char *line)
{
	char *f[MAX_FIELDS];
	int n = 0, i = 0, has_ts, id, state = 0;
	double t = 0;
	uint64_t v = 0;
	char pmu[AP_NAME_MAX], *ev, *s;
	int aggregated = 0, inst;
	struct ap_frame *fr;
	struct ap_counts *c;

	for (s = line; n < MAX_FIELDS; n++) {
		f[n] = s;
		s = strchr(s, ',');
		if (!s) {
			n++;
			break;
		}
		*s++ = 0;
	}
	if (s)
		return fail(p, "more than %d fields; %s", MAX_FIELDS, HOWTO);

	has_ts = is_timestamp(f[0], &t);
	if (has_ts)
		i++;
	if (p->seen_data && has_ts != p->d->interval)
		return fail(p, has_ts ? "interval timestamp where earlier lines had none; the input mixes two runs" :
				"no interval timestamp where earlier lines had one; the input mixes two runs");
	if (i < n) {
		int a = aggr_fields(f[i]);

		if (a == 2 && (i + 1 >= n || !all_digits(f[i + 1], strlen(f[i + 1]))))
			return fail(p, "aggregation id '%s' is not followed by a member count; %s",
				    f[i], HOWTO);
		aggregated = a > 0;
		i += a;
	}
	if (n - i < 3)
		return fail(p, "%d fields where value,unit,event are needed; %s",
			    n, HOWTO);
	if (parse_value(p, f[i], &v, &state))
		return -1;
	ev = f[i + 2];
	/* An event with config terms may itself hold commas: a/b=1,c=2/ */
	for (int j = i + 3; strchr(ev, '/') && !strchr(strchr(ev, '/') + 1, '/') && j < n; j++)
		f[j][-1] = ',';
	if (!ev[0])
		return fail(p, "empty event name; %s", HOWTO);

	id = parse_event(p, ev, pmu, sizeof(pmu));
	if (id == -1)
		return -1;
	if (p->seen_data && has_ts && p->d->nframes &&
	    t < p->d->frames[p->d->nframes - 1].time)
		return fail(p, "interval timestamp %.9f goes back in time; the input mixes two runs",
			    t);
	p->d->interval = has_ts;
	p->seen_data = 1;
	if (id == -3)
		return 0;
	fr = ap_data_frame(p->d, has_ts ? t : 0);
	if (id == -2) {
		if (state == AP_EV_COUNTED) {
			fr->seconds = (double)v / 1e9;
			if (!has_ts)
				p->elapsed = fr->seconds;
		}
		return 0;
	}
	p->seen_axiperf = 1;
	inst = ap_data_instance(p->d, pmu);	/* may move fr->c */
	c = &fr->c[inst];
	if (c->state[id] != AP_EV_ABSENT) {
		if (!aggregated)
			return fail(p, "event %s of %s appears twice in one measurement; the input mixes two runs",
				    ap_event_name(id), pmu);
		if (c->state[id] == AP_EV_COUNTED && state == AP_EV_COUNTED) {
			c->value[id] += v;
			return 0;
		}
		if (c->state[id] == AP_EV_COUNTED)
			return 0;	/* keep the counted part */
	}
	c->state[id] = (unsigned char)state;
	c->value[id] = v;
	return 0;
}

/* The footer of perf's plain output, if someone kept it. */
static int footer_line(struct parser *p, const char *s)
{
	char *end;
	double x;

	while (*s == ' ')
		s++;
	if (!isdigit((unsigned char)*s))
		return 0;
	x = strtod(s, &end);
	while (*end == ' ')
		end++;
	if (!strcmp(end, "seconds time elapsed")) {
		p->elapsed = x;
		return 1;
	}
	return !strcmp(end, "seconds user") || !strcmp(end, "seconds sys");
}

static int blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return !*s || *s == '#';
}

static int finish(struct parser *p)
{
	struct ap_data *d = p->d;

	if (!p->seen_axiperf) {
		p->line = 0;
		snprintf(p->err, p->errlen,
			 "%s: no axiperf, apm or microblaze event in the input; record it with perf stat -x, -e axiperf0/rd_beats/,..., -e apm_ddr/apu0_read_bytes/,... or -e microblaze0/cycles/,... (see axiperf --help)",
			 p->what);
		return -1;
	}
	for (int f = 0; f < d->nframes; f++) {
		struct ap_frame *fr = &d->frames[f];

		if (d->interval && fr->seconds <= 0)
			fr->seconds = fr->time - (f ? d->frames[f - 1].time : 0);
		if (!d->interval && p->elapsed > 0)
			fr->seconds = p->elapsed;
		for (int i = 0; i < d->ninst; i++)
			fr->c[i].seconds = fr->seconds;
	}
	return 0;
}

int ap_perfcsv_parse(FILE *f, const char *what, struct ap_data *d,
		     char *err, size_t errlen)
{
	struct parser p = { .d = d, .what = what, .err = err, .errlen = errlen };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	while ((len = getline(&line, &cap, f)) >= 0) {
		p.line++;
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = 0;
		if ((size_t)len != strlen(line)) {
			rc = fail(&p, "NUL byte in the line; %s", HOWTO);
			break;
		}
		if (blank(line) || footer_line(&p, line))
			continue;
		rc = parse_line(&p, line);
		if (rc)
			break;
	}
	free(line);
	if (!rc && ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", what, strerror(errno));
		rc = -1;
	}
	if (!rc)
		rc = finish(&p);
	return rc;
}

int ap_perfcsv_parse_buf(const char *buf, size_t len, struct ap_data *d,
			 char *err, size_t errlen)
{
	struct parser p = { .d = d, .what = "buffer", .err = err, .errlen = errlen };
	FILE *f;
	int rc;

	if (!len)	/* fmemopen refuses an empty buffer */
		return finish(&p);
	f = fmemopen((void *)buf, len, "r");
	if (!f) {
		snprintf(err, errlen, "buffer: %s", strerror(errno));
		return -1;
	}
	rc = ap_perfcsv_parse(f, "buffer", d, err, errlen);
	fclose(f);
	return rc;
}
