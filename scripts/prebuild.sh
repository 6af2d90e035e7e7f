#!/bin/bash
# prebuild.sh: builds, one after another at the lowest priority, the slow
# cached products that `make check` will need (the MicroBlaze toolchain,
# the guest kernels, the QEMU test beds, perf, busybox, the UML kernel),
# in the order its suites first need them. `make check` runs it in the
# background beside the suites.
#
# Why: most suites use one core (a guest under QEMU, a test bench, a
# prover), so on a cold cache the second core would sit idle while the
# builds wait their turn. At nice 19 this job takes only what the suites
# leave. Every product is built under its cache entry's lock by the same
# script a suite calls, so a suite that needs one this job is building
# waits for it (then with both cores) instead of building it twice, and a
# product this job failed to build is built again by the suite, which
# reports the failure. On a warm cache every step returns at once.
#
# PREBUILD=0 turns it off (make check PREBUILD=0).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

# `make check` starts this job with setsid, so that it can stop the whole
# job at its end; a new session is a new scheduler autogroup, which shares
# the CPU equally with the suites' whatever the nice values inside it (the
# suites' builds ran three times slower): the group's own nice puts it
# back behind them
echo 19 >/proc/self/autogroup 2>/dev/null || true
# its steps are its own on the run's timeline (scripts/summarize.sh)
export AXIPERF_OWNER=prebuild
timeline=${BUILD:-$top/build}/results/timeline.txt
echo "prebuild start $(date +%s)" >>"$timeline"

step() {
	echo "prebuild: $*"
	nice -n 19 "$@" >/dev/null || echo "prebuild: failed: $* (the suite that needs it builds it again)"
}

# first the longest chain (toolchain, then the MicroBlaze kernel), then
# what driver-build, kunit and the Zynq, MicroBlaze V, ml605 and ZynqMP
# suites need, in that order; the lockdep kernels last, as their suites
# come last
step tools/guest/mb-toolchain.sh
step tools/guest/kernel-tree.sh
step tools/guest/kernel-tree.sh --arch arm64
step tools/guest/kernel-tree.sh --arch microblaze
# the trees driver-build compiles both modules against that no test bed
# boots (kernel-tree.sh --prepare: under a minute each)
while read -r a k; do
	step driver/scripts/ktree.sh "$a" "$k"
done < <(driver/scripts/ktree.sh matrix)
step driver/scripts/kunit.sh
step tools/qemu/build-qemu.sh arm
step tools/guest/perf.sh arm
step tools/guest/kernel-tree.sh --arch riscv
step tools/qemu/build-qemu.sh riscv64
step tools/guest/busybox.sh riscv64
step tools/guest/perf.sh riscv
step tools/guest/kernel-tree.sh --arch riscv32
step tools/qemu/build-qemu.sh riscv32
step tools/guest/opensbi.sh riscv32
step tools/qemu/build-qemu.sh microblazeel
step tools/guest/busybox.sh microblaze
step tools/guest/perf.sh microblaze
step tools/guest/kernel-tree.sh --debug
step tools/guest/kernel-tree.sh --arch microblaze --debug
step tools/guest/kernel-tree.sh --arch arm64 --debug
step tools/guest/kernel-tree.sh --arch riscv --debug
echo "prebuild: done"
echo "prebuild done $(date +%s)" >>"$timeline"
