/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* The driver's axiperf:axiperf_counters tracepoint (trace.c). */
#ifndef AXIPERF_TRACE_DECODE_H
#define AXIPERF_TRACE_DECODE_H

#include "axiperf.h"

#define AP_TRACE_SYSTEM	"axiperf"
#define AP_TRACE_EVENT	"axiperf_counters"
#define AP_TIMELINE_MAX	64

struct ap_tracefmt;

struct ap_trace_record {
	uint64_t time_ns;
	char pmu[AP_NAME_MAX];
	uint64_t counts[AXIPERF_NUM_COUNTERS];
	uint64_t gauges[AXIPERF_NUM_GAUGES];
};

/* Parses the event's tracefs "format" text. */
int ap_tracefmt_load(const char *text, size_t len, struct ap_tracefmt **f,
		     char *err, size_t errlen);
void ap_tracefmt_free(struct ap_tracefmt *f);
/* Fills rec (but its time) from one raw sample; -1 if it does not fit. */
int ap_tracefmt_decode(const struct ap_tracefmt *f, const void *raw, int size,
		       struct ap_trace_record *rec);

struct ap_timeline_pmu {
	int started, k;
	uint64_t last_ns;
	uint64_t last[AXIPERF_NUM_COUNTERS];
};

struct ap_timeline {
	int have_t0;
	uint64_t t0_ns;
	struct ap_timeline_pmu pmu[AP_TIMELINE_MAX];	/* by instance */
};

void ap_timeline_init(struct ap_timeline *t);
/* Records must come in time order per monitor; d's instances name them. */
void ap_timeline_add(struct ap_timeline *t, struct ap_data *d,
		     const struct ap_trace_record *rec);

#endif
