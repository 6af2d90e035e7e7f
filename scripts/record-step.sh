#!/bin/sh
# record-step.sh NAME START [DIR]: a cached build step (a toolchain part,
# a QEMU, a kernel, busybox, perf, libperf, the UML kernel, ...) ran from
# START (seconds since the epoch) until now. Appends "NAME SECONDS" to
# DIR/.seconds when DIR is given (the cache entry keeps what it cost), and
# to $AXIPERF_STEPS when that is set: `make check` and `make demo` set it,
# and scripts/summarize.sh lists the steps of the run with their times.
# Never fails the build it times.
name=${1:?usage: record-step.sh NAME START [DIR]}
start=${2:?usage: record-step.sh NAME START [DIR]}
s=$(($(date +%s) - start))
if [ -n "${3:-}" ] && [ -d "$3" ]; then
	echo "$name $s" >>"$3/.seconds" 2>/dev/null || true
fi
if [ -n "${AXIPERF_STEPS:-}" ]; then
	mkdir -p "$(dirname "$AXIPERF_STEPS")" 2>/dev/null &&
		echo "$name $s" >>"$AXIPERF_STEPS" 2>/dev/null
fi
exit 0
