/* SPDX-License-Identifier: GPL-2.0 */
/*
 * axiperf:axiperf_counters records every counter of one monitor, extended
 * to 64 bits, so that a timeline can be drawn from the trace alone:
 * counts[i] is event id i (include/axiperf/regs.h), gauges[i] is event id
 * AXIPERF_EV_RD_MAX_BURST_SIZE + i.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM axiperf

#if !defined(AXIPERF_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define AXIPERF_TRACE_H

#include <linux/tracepoint.h>
#include <axiperf/regs.h>

#define AXIPERF_TRACE_OVERFLOW	0
#define AXIPERF_TRACE_INTERVAL	1
/* the PMU's name, "axiperf" and its instance number */
#define AXIPERF_TRACE_NAME_LEN	16
/*
 * sizeof(u64), as a number: the print format reaches perf and trace-cmd as
 * text, and libtraceevent knows no sizeof()
 */
#define AXIPERF_TRACE_U64_SIZE	8

TRACE_EVENT(axiperf_counters,
	    TP_PROTO(const char *pmu, unsigned int reason, const u64 *counts,
		     const u64 *gauges),
	    TP_ARGS(pmu, reason, counts, gauges),
	    TP_STRUCT__entry(__array(char, pmu, AXIPERF_TRACE_NAME_LEN)
			     __field(unsigned int, reason)
			     __array(u64, counts, AXIPERF_NUM_COUNTERS)
			     __array(u64, gauges, AXIPERF_NUM_GAUGES)),
	    TP_fast_assign(strscpy(__entry->pmu, pmu, sizeof(__entry->pmu));
			   __entry->reason = reason;
			   memcpy(__entry->counts, counts, sizeof(__entry->counts));
			   memcpy(__entry->gauges, gauges, sizeof(__entry->gauges));),
	    TP_printk("pmu=%s reason=%s counts=%s gauges=%s", __entry->pmu,
		      __print_symbolic(__entry->reason,
				       { AXIPERF_TRACE_OVERFLOW, "overflow" },
				       { AXIPERF_TRACE_INTERVAL, "interval" }),
		      __print_array(__entry->counts, AXIPERF_NUM_COUNTERS,
				    AXIPERF_TRACE_U64_SIZE),
		      __print_array(__entry->gauges, AXIPERF_NUM_GAUGES,
				    AXIPERF_TRACE_U64_SIZE))
);

#endif /* AXIPERF_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE axiperf_trace
#include <trace/define_trace.h>
