#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest test (busybox sh, TAP): dt_refusals.sh CASE BASE. The Zynq test
# bed's tree has dts/overlays/axiperf-mdm.dtso and a malformed overlay
# (tests/guest/overlays/CASE.dtso) applied: axiperf_mb.ko loads, refuses
# that MDM with a message naming the node and what to do, registers no
# microblazeN PMU and binds nothing; the monitor's driver is unaffected.
# Numbered on from BASE.
case=$1
n=${2:-0}
bad=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && echo "# $2"; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "got '$2', want '$3'"; fi; }
pmus=/sys/bus/event_source/devices
mdm=/sys/bus/platform/devices/41400000.debug

case $case in
mdm-cpu-arm)
	want="microblaze@0: cpu = </cpus/cpu@0> is not a CPU this kernel runs on (only a MicroBlaze kernel runs on an MDM core); drop the property to count the core from here" ;;
mdm-cpu-dangling)
	want="microblaze@0: cpu is not the phandle of a CPU node; give cpu = <&cpuN> (the MicroBlaze Linux runs on) or drop the property" ;;
*) echo "Bail out! unknown case $case"; exit 1 ;;
esac

dmesg -c >/dev/null
insmod /lib/modules/axiperf_mb.ko
check "$case: axiperf_mb.ko loads (the driver registers; the malformed MDM is refused at probe)" "$?" 0
log=$(dmesg)
echo "$log" | sed 's/^/# /'
check "$case: the kernel log names the node and what to do" \
	"$(echo "$log" | grep -cF "$want")" 1
check "$case: no microblazeN PMU" "$(ls $pmus | grep -c '^microblaze')" 0
check "$case: 41400000.debug is left unbound" "$(readlink $mdm/driver)" ""
# the driver core's words: "probe of DEV failed" in 6.1, "probe with
# driver DRV failed" in 6.12
check "$case: the probe failed with EINVAL" \
	"$(echo "$log" | grep -cE 'probe (of 41400000.debug|with driver axiperf-microblaze) failed with error -22')" 1
insmod /lib/modules/axiperf.ko
check "$case: axiperf.ko still probes the monitor (axiperf0)" "$(ls $pmus | grep -c '^axiperf0$')" 1
echo "1..$n"
[ $bad -eq 0 ]
