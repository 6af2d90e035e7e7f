// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The one thing libperf 6.1 does not give: an event's file descriptor,
 * needed to read a whole group in one read() (PERF_FORMAT_GROUP), which
 * is what makes every count of a monitor come from the same snapshot.
 * Built against the libperf source it links with (see Makefile).
 */
#include <internal/evsel.h>
#include <internal/xyarray.h>

int ap_evsel_fd(struct perf_evsel *evsel, int cpu_map_idx, int thread);

int ap_evsel_fd(struct perf_evsel *evsel, int cpu_map_idx, int thread)
{
	int *fd;

	if (!evsel->fd)
		return -1;
	fd = xyarray__entry(evsel->fd, cpu_map_idx, thread);
	return fd ? *fd : -1;
}
