// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf-replay's transactions printed (txn.h): the distributions, the
 * slowest bursts and the response errors of a link, as a table, CSV rows
 * or a JSON fragment, and the slowest bursts as GTKWave markers.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "txn.h"

/* A distribution's summary, its values sorted for the percentiles and the bins. */
struct summary {
	const struct dist *d;
	uint64_t *val, *cnt;
	uint32_t n;
	int have_p;		/* the percentiles are known (every sample placed) */
	uint64_t p[3];		/* p50, p90, p99 */
};

static const unsigned int pct[3] = { 50, 90, 99 };
static const char *const pct_name[3] = { "p50", "p90", "p99" };

static void summarize(struct summary *s, const struct dist *d)
{
	memset(s, 0, sizeof(*s));
	s->d = d;
	s->n = dist_sorted(d, &s->val, &s->cnt);
	s->have_p = d->count && !d->unplaced;
	for (int i = 0; i < 3 && s->have_p; i++)
		s->have_p = dist_percentile(s->val, s->cnt, s->n, d->count, pct[i], &s->p[i]);
}

static void summary_free(struct summary *s)
{
	free(s->val);
	free(s->cnt);
}

/* The bins of a histogram with samples: log2 (w 0) or w clocks wide. */
struct bin {
	uint64_t lo, hi, n;
};

static uint32_t bins(const struct summary *s, uint64_t w, struct bin **out)
{
	struct bin *b = calloc(w ? (s->n ? s->n : 1) : 65, sizeof(*b));
	uint32_t nb = 0;

	if (!b)
		die("out of memory for a histogram");
	if (!w) {
		for (unsigned int i = 0; i < 65; i++) {
			if (!s->d->log2[i])
				continue;
			b[nb].lo = i ? (uint64_t)1 << (i - 1) : 0;
			b[nb].hi = i ? (i == 64 ? UINT64_MAX : ((uint64_t)1 << i) - 1) : 0;
			b[nb++].n = s->d->log2[i];
		}
	} else {
		for (uint32_t i = 0; i < s->n; i++) {
			uint64_t lo = s->val[i] / w * w;

			if (!nb || b[nb - 1].lo != lo) {
				b[nb].lo = lo;
				b[nb].hi = lo + (w - 1);
				b[nb++].n = 0;
			}
			b[nb - 1].n += s->cnt[i];
		}
	}
	*out = b;
	return nb;
}

static void range(char *buf, size_t len, const struct bin *b)
{
	if (b->lo == b->hi)
		snprintf(buf, len, "%" PRIu64, b->lo);
	else
		snprintf(buf, len, "%" PRIu64 "..%" PRIu64, b->lo, b->hi);
}

/* The slowest of each kind, slowest first: kind k's nw[k] from w + k * n (free() it). */
static struct worst *worst_all(const struct txn *x, unsigned int n, unsigned int nw[TXN_KINDS])
{
	struct worst *w = calloc((size_t)n * TXN_KINDS, sizeof(*w));

	if (!w)
		die("out of memory for the slowest bursts");
	for (int k = 0; k < TXN_KINDS; k++)
		nw[k] = txn_worst_sorted(x, k, w + (size_t)k * n);
	return w;
}

/* Kind k's distribution of ID id, when --per-id made one. */
static const struct dist *by_id(const struct txn *x, const struct opts *o, int k, uint32_t id)
{
	return o->per_id && x->per_id[k] ? x->per_id[k][id] : NULL;
}

static const char *err_unit(int e)
{
	return e == ERR_RD_SLVERR || e == ERR_RD_DECERR ? "beats" : "responses";
}

static int err_known(const struct txn *x, int e)
{
	return e == ERR_RD_SLVERR || e == ERR_RD_DECERR ? x->c.has_rresp : x->c.has_bresp;
}

/* ------------------------------------------------------------ the table */

static void text_row(const char *name, const struct dist *d, uint64_t open)
{
	struct summary s;

	summarize(&s, d);
	printf("%-28s %8" PRIu64, name, d->count);
	if (!d->count) {
		printf(" %8s %8s %8s %8s %8s %12s", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a");
	} else {
		printf(" %8" PRIu64, d->min);
		for (int i = 0; i < 3; i++) {
			if (s.have_p)
				printf(" %8" PRIu64, s.p[i]);
			else
				printf(" %8s", "n/a");
		}
		printf(" %8" PRIu64 " %12.3f", d->max, (double)d->sum / (double)d->count);
	}
	if (open != UINT64_MAX)
		printf(" %6" PRIu64, open);
	putchar('\n');
	summary_free(&s);
}

static void text_hist(const char *what, const struct dist *d, uint64_t w)
{
	struct summary s;
	struct bin *b;
	uint32_t nb;
	char r[64];

	if (w && d->unplaced) {
		printf("# %s, bins of %" PRIu64 ": n/a (more than %u distinct latencies)\n", what,
		       w, DIST_MAX_VALUES);
		return;
	}
	/* the values sorted for linear bins only: the log2 bins are counted as they come */
	memset(&s, 0, sizeof(s));
	s.d = d;
	if (w)
		summarize(&s, d);
	nb = bins(&s, w, &b);
	if (w)
		printf("# %s, bins of %" PRIu64 " clocks: clocks, bursts\n", what, w);
	else
		printf("# %s, log2 bins: clocks, bursts\n", what);
	for (uint32_t i = 0; i < nb; i++) {
		range(r, sizeof(r), &b[i]);
		printf("  %-24s %8" PRIu64 "\n", r, b[i].n);
	}
	free(b);
	summary_free(&s);
}

void txn_print_text(const struct txn *x, unsigned int idx, const char *label,
		    const struct opts *o)
{
	uint64_t open[TXN_KINDS], oc[TXN_KINDS];
	char name[64], what[160];

	txn_open(x, open, oc);
	if (o->latency) {
		printf("# axiperf%u%s%s: latency in clocks of the bursts that ended (open: in flight "
		       "at the end)\n", idx, *label ? " " : "", label);
		printf("%-28s %8s %8s %8s %8s %8s %8s %12s %6s\n", "latency", "count", "min", "p50",
		       "p90", "p99", "max", "mean", "open");
		for (int k = 0; k < TXN_KINDS; k++)
			text_row(txn_kind_name[k], &x->d[k], open[k]);
		for (int k = 0; k < TXN_KINDS && o->per_id; k++)
			for (uint32_t id = 0; id < txn_ids(x, k); id++) {
				if (!by_id(x, o, k, id))
					continue;
				snprintf(name, sizeof(name), "%s id %u", txn_kind_name[k], id);
				text_row(name, by_id(x, o, k, id), UINT64_MAX);
			}
		if (x->unmatched_r || x->unmatched_b)
			printf("# not counted: %" PRIu64 " RLAST and %" PRIu64 " B handshakes with no "
			       "request (the dump starts after it)\n", x->unmatched_r, x->unmatched_b);
		for (int k = 0; k < TXN_KINDS; k++) {
			if (!x->d[k].count)
				continue;
			snprintf(what, sizeof(what), "axiperf%u %s", idx, txn_kind_name[k]);
			text_hist(what, &x->d[k], 0);
			if (o->linear_w)
				text_hist(what, &x->d[k], o->linear_w);
		}
	}
	if (o->worst) {
		unsigned int nw[TXN_KINDS];
		struct worst *all = worst_all(x, o->worst, nw);

		for (int k = 0; k < TXN_KINDS; k++) {
			const struct worst *w = all + (size_t)k * o->worst;

			printf("# axiperf%u: the %u slowest %s: clocks, ID, start and end (dump time)\n",
			       idx, nw[k], txn_kind_name[k]);
			for (unsigned int i = 0; i < nw[k]; i++)
				printf("  %8" PRIu64 "  id %-5u #%" PRIu64 "  #%" PRIu64 "\n", w[i].lat,
				       w[i].id, w[i].start, w[i].end);
		}
		free(all);
	}
	if (o->errors) {
		printf("# axiperf%u: response errors (R beats, B responses)\n", idx);
		for (int e = 0; e < ERR_NUM; e++) {
			if (err_known(x, e))
				printf("%-28s %8" PRIu64 " %s\n", txn_err_name[e], x->err[e],
				       err_unit(e));
			else
				printf("%-28s %8s (no %s)\n", txn_err_name[e], "absent",
				       e < ERR_WR_SLVERR ? "rresp" : "bresp");
		}
	}
}

/* ------------------------------------------------------------ CSV */

/* A field as RFC 4180 has it: in double quotes, each one doubled, when it must be. */
static void csv_field(const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, stdout);
		return;
	}
	putchar('"');
	for (; *s; s++) {
		if (*s == '"')
			putchar('"');
		putchar(*s);
	}
	putchar('"');
}

void csv_row(const struct csv_key *key, const char *fmt, ...)
{
	va_list ap;

	fputs(key->instance, stdout);
	putchar(',');
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar(',');
	csv_field(key->link);
	putchar('\n');
}

static void csv_dist(const struct csv_key *key, const char *name, const struct dist *d,
		     const uint64_t *open, const uint64_t *oc, const struct opts *o)
{
	struct summary s;
	struct bin *b;
	uint32_t nb;
	char r[64];

	summarize(&s, d);
	csv_row(key, "latency,%s.count,%" PRIu64 ",bursts,,", name, d->count);
	if (d->count) {
		csv_row(key, "latency,%s.min,%" PRIu64 ",cycles,,", name, d->min);
		for (int i = 0; i < 3; i++)
			if (s.have_p)
				csv_row(key, "latency,%s.%s,%" PRIu64 ",cycles,,", name,
					pct_name[i], s.p[i]);
			else
				csv_row(key, "latency,%s.%s,n/a,cycles,,", name, pct_name[i]);
		csv_row(key, "latency,%s.max,%" PRIu64 ",cycles,,", name, d->max);
		csv_row(key, "latency,%s.mean,%.3f,cycles,%" PRIu64 ",%" PRIu64, name,
			(double)d->sum / (double)d->count, d->sum, d->count);
	} else {
		for (int i = 0; i < 6; i++)
			csv_row(key, "latency,%s.%s,n/a,cycles,,", name,
				(const char *[]){ "min", "p50", "p90", "p99", "max", "mean" }[i]);
	}
	if (open) {
		csv_row(key, "latency,%s.open,%" PRIu64 ",bursts,,", name, *open);
		csv_row(key, "latency,%s.open_clocks,%" PRIu64 ",burst-cycles,,", name, *oc);
	}
	for (int lin = 0; lin < (o->linear_w ? 2 : 1); lin++) {
		if (lin && d->unplaced)
			break;
		nb = bins(&s, lin ? o->linear_w : 0, &b);
		for (uint32_t i = 0; i < nb; i++) {
			range(r, sizeof(r), &b[i]);
			csv_row(key, "histogram,%s.%s[%s],%" PRIu64 ",bursts,,", name,
				lin ? "linear" : "log2", r, b[i].n);
		}
		free(b);
	}
	summary_free(&s);
}

void txn_print_csv(const struct txn *x, const struct csv_key *key, const struct opts *o)
{
	uint64_t open[TXN_KINDS], oc[TXN_KINDS];
	char name[64];

	txn_open(x, open, oc);
	for (int k = 0; k < TXN_KINDS && o->latency; k++) {
		csv_dist(key, txn_kind_name[k], &x->d[k], &open[k], &oc[k], o);
		for (uint32_t id = 0; id < txn_ids(x, k); id++) {
			if (!by_id(x, o, k, id))
				continue;
			snprintf(name, sizeof(name), "%s.id%u", txn_kind_name[k], id);
			csv_dist(key, name, by_id(x, o, k, id), NULL, NULL, o);
		}
	}
	if (o->latency) {
		csv_row(key, "status,unmatched_rlast,%" PRIu64 ",,,", x->unmatched_r);
		csv_row(key, "status,unmatched_b,%" PRIu64 ",,,", x->unmatched_b);
	}
	if (o->worst) {
		unsigned int nw[TXN_KINDS];
		struct worst *all = worst_all(x, o->worst, nw);

		for (int k = 0; k < TXN_KINDS; k++) {
			const struct worst *w = all + (size_t)k * o->worst;

			/* num and den: the burst's start and end in the dump's time */
			for (unsigned int i = 0; i < nw[k]; i++)
				csv_row(key, "worst,%s.%u.id%u,%" PRIu64 ",cycles,%" PRIu64 ",%" PRIu64,
					txn_kind_name[k], i + 1, w[i].id, w[i].lat, w[i].start,
					w[i].end);
		}
		free(all);
	}
	for (int e = 0; e < ERR_NUM && o->errors; e++) {
		if (err_known(x, e))
			csv_row(key, "errors,%s,%" PRIu64 ",%s,,", txn_err_name[e], x->err[e],
				err_unit(e));
		else
			csv_row(key, "errors,%s,absent,%s,,", txn_err_name[e], err_unit(e));
	}
}

/* ------------------------------------------------------------ JSON */

static void json_dist(const struct dist *d, const uint64_t *open, const uint64_t *oc,
		      const struct opts *o)
{
	struct summary s;
	struct bin *b;
	uint32_t nb;

	summarize(&s, d);
	printf("{\"count\": %" PRIu64 ", \"sum\": %" PRIu64, d->count, d->sum);
	if (d->count) {
		printf(", \"min\": %" PRIu64, d->min);
		for (int i = 0; i < 3; i++)
			if (s.have_p)
				printf(", \"%s\": %" PRIu64, pct_name[i], s.p[i]);
			else
				printf(", \"%s\": null", pct_name[i]);
		printf(", \"max\": %" PRIu64 ", \"mean\": %.15g", d->max,
		       (double)d->sum / (double)d->count);
	} else {
		printf(", \"min\": null, \"p50\": null, \"p90\": null, \"p99\": null, \"max\": null, "
		       "\"mean\": null");
	}
	if (open)
		printf(", \"open\": %" PRIu64 ", \"open_clocks\": %" PRIu64, *open, *oc);
	for (int lin = 0; lin < (o->linear_w ? 2 : 1); lin++) {
		printf(", \"%s\": [", lin ? "linear" : "log2");
		nb = lin && d->unplaced ? 0 : bins(&s, lin ? o->linear_w : 0, &b);
		for (uint32_t i = 0; i < nb; i++)
			printf("%s[%" PRIu64 ", %" PRIu64 ", %" PRIu64 "]", i ? ", " : "", b[i].lo,
			       b[i].hi, b[i].n);
		if (!(lin && d->unplaced))
			free(b);
		printf("]");
	}
	printf("}");
	summary_free(&s);
}

void txn_print_json(const struct txn *x, const struct opts *o)
{
	uint64_t open[TXN_KINDS], oc[TXN_KINDS];

	txn_open(x, open, oc);
	if (o->latency) {
		printf(",\n  \"latency\": {");
		for (int k = 0; k < TXN_KINDS; k++) {
			printf("%s\n   \"%s\": ", k ? "," : "", txn_kind_name[k]);
			json_dist(&x->d[k], &open[k], &oc[k], o);
		}
		for (int k = 0; k < TXN_KINDS && o->per_id; k++) {
			int first = 1;

			printf(",\n   \"%s_by_id\": {", txn_kind_name[k]);
			for (uint32_t id = 0; id < txn_ids(x, k); id++) {
				if (!by_id(x, o, k, id))
					continue;
				printf("%s\"%u\": ", first ? "" : ", ", id);
				json_dist(by_id(x, o, k, id), NULL, NULL, o);
				first = 0;
			}
			printf("}");
		}
		printf(",\n   \"unmatched_rlast\": %" PRIu64 ", \"unmatched_b\": %" PRIu64 "}",
		       x->unmatched_r, x->unmatched_b);
	}
	if (o->worst) {
		unsigned int nw[TXN_KINDS];
		struct worst *all = worst_all(x, o->worst, nw);

		printf(",\n  \"worst\": {");
		for (int k = 0; k < TXN_KINDS; k++) {
			const struct worst *w = all + (size_t)k * o->worst;

			printf("%s\"%s\": [", k ? ", " : "", txn_kind_name[k]);
			for (unsigned int i = 0; i < nw[k]; i++)
				printf("%s{\"latency\": %" PRIu64 ", \"id\": %u, \"start\": %" PRIu64
				       ", \"end\": %" PRIu64 "}", i ? ", " : "", w[i].lat, w[i].id,
				       w[i].start, w[i].end);
			printf("]");
		}
		printf("}");
		free(all);
	}
	if (o->errors) {
		printf(",\n  \"errors\": {");
		for (int e = 0; e < ERR_NUM; e++) {
			if (err_known(x, e))
				printf("%s\"%s\": %" PRIu64, e ? ", " : "", txn_err_name[e], x->err[e]);
			else
				printf("%s\"%s\": null", e ? ", " : "", txn_err_name[e]);
		}
		printf("}");
	}
}

/* ------------------------------------------------------------ GTKWave markers */

/* GTKWave (as Debian builds it) has 26 named markers, A to Z, each at its own time. */
#define GTKW_MARKERS	26

struct mark {
	uint64_t t;
	char name[160];
};

static int mark_at(const struct mark *m, unsigned int n, uint64_t t)
{
	for (unsigned int i = 0; i < n; i++)
		if (m[i].t == t)
			return 1;
	return 0;
}

unsigned int txn_write_markers(FILE *f, const char *dump, uint64_t scale,
			       const struct mark_link *l, unsigned int nl, unsigned int worst,
			       unsigned int *bursts, unsigned int *marked)
{
	struct mark m[GTKW_MARKERS];
	struct worst **w = calloc(nl, sizeof(*w));
	unsigned int nm = 0, (*n)[TXN_KINDS] = calloc(nl, sizeof(*n));

	if (!w || !n)
		die("out of memory for the markers");
	*bursts = *marked = 0;
	for (unsigned int i = 0; i < nl; i++) {
		w[i] = worst_all(l[i].x, worst, n[i]);
		for (int k = 0; k < TXN_KINDS; k++)
			*bursts += n[i][k];
	}
	/* the slowest of each kind of each link first, then the second slowest, ... */
	for (unsigned int r = 0; r < worst; r++)
		for (unsigned int i = 0; i < nl; i++)
			for (int k = 0; k < TXN_KINDS; k++) {
				const struct worst *b = &w[i][(size_t)k * worst + r];
				int need = !mark_at(m, nm, b->start) + !mark_at(m, nm, b->end);

				if (r >= n[i][k] || nm + need > GTKW_MARKERS)
					continue;
				(*marked)++;
				for (int end = 0; end < 2; end++) {
					uint64_t t = end ? b->end : b->start;

					if (mark_at(m, nm, t))
						continue;
					m[nm].t = t;
					snprintf(m[nm++].name, sizeof(m[0].name),
						 "axiperf%u %s #%u %s (%" PRIu64 " clocks, ID %u)", i,
						 txn_kind_name[k], r + 1, end ? "end" : "start", b->lat, b->id);
				}
			}
	for (unsigned int i = 0; i < nl; i++)
		free(w[i]);
	free(w);
	free(n);
	fprintf(f, "[*]\n[*] axiperf-replay --worst %u: the slowest bursts, each marked at its start "
		"and end\n[*]\n[dumpfile] \"%s\"\n[timestart] 0\n*-1.000000 -1", worst, dump);
	for (unsigned int i = 0; i < GTKW_MARKERS; i++)
		fprintf(f, " %" PRId64, i < nm ? (int64_t)(m[i].t * scale) : (int64_t)-1);
	fputc('\n', f);
	for (unsigned int i = 0; i < nm; i++)
		fprintf(f, "[markername] %c%s\n", 'A' + i, m[i].name);
	for (unsigned int i = 0; i < nl; i++) {
		fprintf(f, "@200\n-axiperf%u %s\n@28\n", i, l[i].label);
		for (unsigned int s = 0; s < sizeof(l[i].signals) / sizeof(l[i].signals[0]) &&
		     l[i].signals[s]; s++)
			fprintf(f, "%s\n", l[i].signals[s]);
	}
	return nm;
}
