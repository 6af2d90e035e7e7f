#!/bin/sh
# zynq.sh: in the Zynq test bed's guest (tests/docs/capture.sh boots it),
# the commands the guides show, each with its output: "@@@ NAME MASK",
# "$ COMMAND", then what COMMAND printed (stdout and stderr, in order).
# MASK is an extended regular expression: on the lines it matches, the
# numbers vary from run to run (elapsed times, an idle link's clocks) and
# capture.sh compares them with every number masked; every other line is
# compared exactly. `tgrun run 6` is the test bed's traffic (four
# outstanding reads); on a board it is your own program.
. /bin/figcheck.sh	# cap
dmesg -n 1
insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko || exit 1
ELAPSED='seconds (time )?elapsed'
cap zynq-dmesg '^$' 'dmesg | grep axiperf'
cap zynq-pmus '^$' 'ls /sys/bus/event_source/devices/'
cap zynq-caps '^$' 'grep . /sys/bus/event_source/devices/axiperf0/caps/*'
cap zynq-perf-list '^$' "perf list 'rd_b*'"
cap zynq-perf-stat "$ELAPSED" \
	'perf stat -a -e axiperf0/rd_bursts/,axiperf0/rd_beats/,axiperf0/rd_inflight/,axiperf0/rd_waiting/ -- tgrun run 6'
cap zynq-perf-stat-metric "$ELAPSED" 'perf stat -a -M read_transaction_latency -- tgrun run 6'
cap zynq-perf-stat-no-merge "$ELAPSED" 'perf stat -a --no-merge -M read_transaction_latency -- tgrun run 6 2'
cap zynq-axiperf-stat "$ELAPSED|^read_bandwidth" \
	'axiperf stat -a -M read_latency,read_efficiency,read_transaction_latency,read_first_data_latency,read_bandwidth -- tgrun run 6'
cap zynq-axiperf-stat-csv '^axiperf[0-9],figure,read_bandwidth,|,seconds,' \
	'axiperf stat -a --csv -M read_transaction_latency_ns,read_bandwidth -- tgrun run 6'
cap zynq-axiperf-bad-event '^$' 'axiperf stat -a -e axiperf0/rd_byte/ -- true'
# the data of the README's picture (tests/docs/docs.py draws it): 100 ms
# intervals of the first link while patterns 1 (long bursts), 6 and 0
# take turns; the first 15 intervals
cap zynq-perf-stat-interval '.' "perf stat -a -I 100 -x, -o /tmp/iv.csv -e axiperf0/rd_bytes/,axiperf0/rd_inflight/,axiperf0/rd_bursts/ -- sh -c 'for p in 1 1 1 6 6 0 0 1 1 1 6 6 0 0 1 1 1 6 6 0 0 1 1; do tgrun run \$p \$p \$p; sleep 0.1; done'; grep -v '^#' /tmp/iv.csv | grep . | head -45"
rmmod axiperf_mb && rmmod axiperf || exit 1
cap zynq-perf-no-pmu '^$' 'perf stat -a -e axiperf0/rd_bursts/ -- true'
echo "@@@ end"
