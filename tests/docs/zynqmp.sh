#!/bin/sh
# zynqmp.sh: in the ZynqMP test bed's guest (tests/docs/capture.sh boots
# it), the commands Documentation/apm.rst shows, each with its output, in
# zynq.sh's format. `tgrun route` and `tgrun run 2` are the test bed's
# traffic (pattern 2, "slow slave", on the slot routed); on a board it is
# your own program.
. /bin/figcheck.sh	# cap
dmesg -n 1
insmod /lib/modules/axiperf_apm.ko || exit 1
ELAPSED='seconds (time )?elapsed'
cap apm-dmesg '^$' 'dmesg | grep axiperf_apm'
cap apm-pmus '^$' 'ls /sys/bus/event_source/devices/'
cap apm-format '^$' 'grep . /sys/bus/event_source/devices/apm_ddr/format/*'
cap apm-perf-list '^$' "perf list 'apm_ddr/apu0*' 2>/dev/null"
tgrun route ddr apu0
cap apm-perf-stat "$ELAPSED" \
	'perf stat -a -e apm_ddr/apu0_read_bytes/,apm_ddr/apu0_write_bytes/,apm_ddr/apu0_read_transactions/,apm_ddr/apu0_write_transactions/ -- tgrun run 2'
cap apm-perf-stat-latency "$ELAPSED" \
	'perf stat -a -e apm_ddr/read_latency,slot=1/,apm_ddr/read_latency_max,slot=1/,apm_ddr/apu0_read_transactions/ -- tgrun run 2'
cap apm-perf-stat-first "$ELAPSED" \
	'perf stat -a -e apm_ddr/read_latency,slot=1,lat_start=1,lat_end=1/,apm_ddr/apu0_read_transactions/ -- tgrun run 2'
cap apm-perf-stat-busy '^$' \
	'perf stat -a -e apm_ddr/read_latency,slot=1/,apm_ddr/read_latency,slot=1,lat_start=1/ -- true'
cap apm-perf-stat-enospc '^$' \
	'perf stat -a -e apm_ocm/read_bytes/,apm_ocm/write_bytes/,apm_ocm/read_transactions/,apm_ocm/write_transactions/ -- true'
cap apm-axiperf-stat "$ELAPSED|_bandwidth" 'axiperf stat -a -- tgrun run 2'
cap apm-axiperf-stat-ports "$ELAPSED|_bandwidth" \
	'axiperf stat -a -M read_latency_mean@apm_ddr.apu0,read_bandwidth@apm_ddr -- tgrun run 2'
# beside our own monitor, on the same link: the two agree
insmod /lib/modules/axiperf.ko || exit 1
cap apm-axiperf-stat-beside "$ELAPSED|_bandwidth" 'axiperf stat -a -M read_bandwidth -- tgrun run 2'
echo "@@@ end"
