// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The driver's axiperf:axiperf_counters tracepoint, decoded with
 * libtraceevent from the format file the kernel publishes, and turned into
 * a timeline: each record holds every 64-bit counter total of one monitor
 * (counts[i] is event id i, gauges[i] is event id
 * AXIPERF_EV_RD_MAX_BURST_SIZE + i); the k-th difference between records
 * of one monitor is its k-th interval.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>
#include <trace-seq.h>

#include "axiperf.h"
#include "trace.h"

struct ap_tracefmt {
	struct tep_handle *tep;
	struct tep_event *event;
	struct tep_format_field *counts, *gauges;
};

void ap_tracefmt_free(struct ap_tracefmt *f)
{
	if (!f)
		return;
	tep_free(f->tep);
	free(f);
}

int ap_tracefmt_load(const char *text, size_t len, struct ap_tracefmt **out,
		     char *err, size_t errlen)
{
	struct ap_tracefmt *f = calloc(1, sizeof(*f));

	*out = NULL;
	if (!f || !(f->tep = tep_alloc())) {
		free(f);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	tep_set_long_size(f->tep, sizeof(long));
	if (tep_parse_format(f->tep, &f->event, text, len, "axiperf")) {
		snprintf(err, errlen, "the axiperf_counters trace format does not parse; the driver and axiperf disagree");
		goto fail;
	}
	f->counts = tep_find_field(f->event, "counts");
	f->gauges = tep_find_field(f->event, "gauges");
	if (!f->counts || !f->gauges || !tep_find_field(f->event, "pmu") ||
	    f->counts->size != AXIPERF_NUM_COUNTERS * 8 ||
	    f->gauges->size != AXIPERF_NUM_GAUGES * 8) {
		snprintf(err, errlen, "the axiperf_counters trace format lacks pmu, counts[%d] or gauges[%d]; the driver and axiperf disagree",
			 AXIPERF_NUM_COUNTERS, AXIPERF_NUM_GAUGES);
		goto fail;
	}
	*out = f;
	return 0;
fail:
	ap_tracefmt_free(f);
	return -1;
}

int ap_tracefmt_decode(const struct ap_tracefmt *f, const void *raw, int size,
		       struct ap_trace_record *rec)
{
	struct tep_record r = { .data = (void *)raw, .size = size };
	struct trace_seq s;
	const char *pmu;
	int len = 0;

	if (f->counts->offset + f->counts->size > size ||
	    f->gauges->offset + f->gauges->size > size)
		return -1;
	trace_seq_init(&s);
	pmu = tep_get_field_raw(&s, f->event, "pmu", &r, &len, 0);
	trace_seq_destroy(&s);
	if (!pmu || len <= 0 || (const char *)raw + size < pmu + len)
		return -1;
	snprintf(rec->pmu, sizeof(rec->pmu), "%.*s", (int)strnlen(pmu, (size_t)len), pmu);
	memcpy(rec->counts, (const char *)raw + f->counts->offset, sizeof(rec->counts));
	memcpy(rec->gauges, (const char *)raw + f->gauges->offset, sizeof(rec->gauges));
	return 0;
}

void ap_timeline_init(struct ap_timeline *t)
{
	memset(t, 0, sizeof(*t));
}

void ap_timeline_add(struct ap_timeline *t, struct ap_data *d,
		     const struct ap_trace_record *rec)
{
	struct ap_timeline_pmu *p = NULL;
	struct ap_counts *c;
	int inst = -1;

	for (int i = 0; i < d->ninst; i++)
		if (!strcmp(d->inst[i], rec->pmu))
			inst = i;
	if (inst < 0 || inst >= AP_TIMELINE_MAX)
		return;		/* a monitor this run did not open */
	p = &t->pmu[inst];
	if (!p->started) {	/* the first record is the baseline */
		p->started = 1;
		p->last_ns = rec->time_ns;
		memcpy(p->last, rec->counts, sizeof(p->last));
		if (!t->have_t0 || rec->time_ns < t->t0_ns) {
			t->t0_ns = rec->time_ns;
			t->have_t0 = 1;
		}
		return;
	}
	if (rec->time_ns <= p->last_ns)
		return;		/* out of order or repeated: already counted */
	while (d->nframes <= p->k)
		ap_data_append(d, (double)(rec->time_ns - t->t0_ns) / 1e9);
	c = &d->frames[p->k].c[inst];
	for (int i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		c->state[i] = AP_EV_COUNTED;
		c->value[i] = rec->counts[i] - p->last[i];
	}
	for (int i = 0; i < AXIPERF_NUM_GAUGES; i++) {
		c->state[AXIPERF_EV_RD_MAX_BURST_SIZE + i] = AP_EV_COUNTED;
		c->value[AXIPERF_EV_RD_MAX_BURST_SIZE + i] = rec->gauges[i];
	}
	c->seconds = (double)(rec->time_ns - p->last_ns) / 1e9;
	if (d->frames[p->k].seconds <= 0)
		d->frames[p->k].seconds = c->seconds;
	p->last_ns = rec->time_ns;
	memcpy(p->last, rec->counts, sizeof(p->last));
	p->k++;
}
