#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest test (busybox sh, TAP), booted on the Zynq test bed's PS-only base
# tree with dts/overlays/axiperf-monitor.dtso and axiperf-mdm.dtso applied
# by fdtoverlay, as a board's boot flow applies a PL design's overlay: the
# nodes are where the overlays put them, both drivers probe through them,
# and the monitor and the MicroBlaze counters count exactly (perf_test and
# mb_counts.sh, numbered on from here).
n=0
bad=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && echo "# $2"; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "got '$2', want '$3'"; fi; }
pmus=/sys/bus/event_source/devices

compat() { tr '\0' ' ' <"$1/of_node/compatible" 2>/dev/null | sed 's/ $//'; }
mon=/sys/bus/platform/devices/43c00000.perf-monitor
mdm=/sys/bus/platform/devices/41400000.debug
check "overlay: the monitor node is a platform device at 0x43c00000" \
	"$(compat $mon)" "axiperf,axi-perf-monitor-1.0"
check "overlay: the MDM node is a platform device at 0x41400000" \
	"$(compat $mdm)" "xlnx,mdm-3.2"
check "overlay: the base tree has no other monitor or MDM" \
	"$(ls -d /sys/bus/platform/devices/*perf-monitor* /sys/bus/platform/devices/*.debug 2>/dev/null | wc -l)" 2

insmod /lib/modules/axiperf.ko
check "axiperf.ko probes the overlay's monitor: axiperf0 is its PMU" \
	"$(basename "$(readlink -f $mon/driver)")" "axiperf"
check "axiperf0 only: the base tree describes no other monitor" \
	"$(ls $pmus | grep -c '^axiperf')" 1
insmod /lib/modules/axiperf_mb.ko
check "axiperf_mb.ko probes the overlay's MDM: microblaze0-2, one per microblaze@N child" \
	"$(ls $pmus | grep '^microblaze' | tr '\n' ' ')" "microblaze0 microblaze1 microblaze2 "
ids=$(for c in 0 1 2; do cat $pmus/microblaze$c/identifier; done | sed 's/-e.*//' | tr '\n' ' ')
check "microblaze0-2 are debug ports 0-2 (32-, 48-, 64-bit counters), though fdtoverlay put the nodes in reverse" \
	"$ids" "microblaze-mdm-w32 microblaze-mdm-w48 microblaze-mdm-w64 "

# every event of a pattern, framed idle counts, groups, refusals
TAP_BASE=$n /bin/perf_test --first-only --pattern 1 >/tmp/perf_test.out
a=$?
grep -v '^1\.\.' /tmp/perf_test.out
m=$(sed -n 's/^1\.\.//p' /tmp/perf_test.out)
if [ -n "$m" ]; then n=$m; else nok "perf_test ends with its plan"; fi
# the perf tool on every MicroBlaze core (32-, 48- and 64-bit counters)
TAP_BASE=$n sh /bin/mb_counts.sh
b=$?
[ $bad -eq 0 ] && [ $a -eq 0 ] && [ $b -eq 0 ]
