#!/bin/sh
# record-step.sh NAME START [DIR]: a cached build step (a toolchain part,
# a QEMU, a kernel, busybox, perf, libperf, the UML kernel, ...) ran from
# START (seconds since the epoch) until now. Appends "NAME SECONDS" to
# DIR/.seconds when DIR is given (the cache entry keeps what it cost), and
# "NAME SECONDS START END OWNER" to $AXIPERF_STEPS when that is set: `make
# check` and `make demo` set it, and scripts/summarize.sh lists the steps
# of the run with their times and places them on the run's critical path.
# OWNER: the suite that ran the step, or prebuild ($AXIPERF_OWNER).
# Never fails the build it times.
name=${1:?usage: record-step.sh NAME START [DIR]}
start=${2:?usage: record-step.sh NAME START [DIR]}
end=$(date +%s)
s=$((end - start))
if [ -n "${3:-}" ] && [ -d "$3" ]; then
	echo "$name $s" >>"$3/.seconds" 2>/dev/null || true
fi
if [ -n "${AXIPERF_STEPS:-}" ]; then
	mkdir -p "$(dirname "$AXIPERF_STEPS")" 2>/dev/null &&
		echo "$name $s $start $end ${AXIPERF_OWNER:-?}" >>"$AXIPERF_STEPS" 2>/dev/null
fi
exit 0
