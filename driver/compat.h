/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What differs between the kernels axiperf builds against, from 6.1
 * (PetaLinux 2023) to the newest Debian carries (7.3): the one place in
 * the driver with a version check. The drivers are written against the
 * newest kernel's API; an older kernel gets that API here, under the same
 * name, so that the same source builds in the kernel's own tree with this
 * header and the one axiperf_throttled() call left out.
 */
#ifndef AXIPERF_COMPAT_H
#define AXIPERF_COMPAT_H

#include <linux/hrtimer.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 75)
/* in 6.3, and in 6.1 stable from 6.1.75: vendor 6.1 trees may lack it */
static inline bool of_property_present(const struct device_node *np,
				       const char *propname)
{
	return of_find_property(np, propname, NULL);
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
/* hrtimer_init() and a separate .function until 6.13 */
static inline void hrtimer_setup(struct hrtimer *timer,
				 enum hrtimer_restart (*function)(struct hrtimer *),
				 clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

/*
 * perf_event_overflow() returned true: the event is throttled. From 6.16
 * the perf core stops it itself (with its group); before, the PMU must.
 */
static inline void axiperf_throttled(struct perf_event *event)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 16, 0)
	event->pmu->stop(event, 0);
#endif
}

#endif /* AXIPERF_COMPAT_H */
