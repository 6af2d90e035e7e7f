#!/bin/sh
# Runs in the test bed's guest (see demo.sh): counts generator patterns
# with perf stat, turns perf's output into figures with axiperf report, and
# compares counts and figures with tgrun's closed-form expectations (the
# checks are figcheck.sh's, shared with make check-guest-frontend); then
# axiperf stat, which also gets the window-dependent figures exact.
. /bin/figcheck.sh
PATTERNS=${PATTERNS:-"2 3 4 5"}
insmod /lib/modules/axiperf.ko || { echo "demo: insmod axiperf.ko failed"; exit 1; }
hz=$(tgrun clock) || exit 1
status=0
for n in $PATTERNS; do
	name=$(tgrun list | sed -n "s/^$n //p")
	# perf stat starts and stops these events one by one, so only the
	# counts that do not depend on the window are exact: those it counts
	events=$(tgrun expect "$n" | awk '{ printf "%saxiperf0/%s/", (NR > 1 ? "," : ""), $1 }')
	echo
	echo "== pattern $n: $name"
	echo "   perf stat -a -x, -e duration_time,axiperf0/rd_beats/,... -- tgrun run $n"
	if ! perf stat -a -x, -o /tmp/stat -e "duration_time,$events" -- tgrun run "$n" ||
	   ! axiperf report --csv --clock-hz "$(cat /sys/bus/event_source/devices/axiperf0/caps/clock_hz)" \
		/tmp/stat >/tmp/got.csv; then
		echo "demo: perf stat or axiperf report failed"
		status=1
		continue
	fi
	check_counts axiperf0 /tmp/got.csv 0 "$n" || status=1
	echo "   axiperf report --clock-hz (of perf stat -x, above; the monitor's clock for the figures in ns)"
	expected_figures 0 "$n" /tmp/want.csv expect &&
		check_figures axiperf0 /tmp/got.csv /tmp/want.csv "$(min_seconds 0 "$n" "$hz")" || status=1
done
n=${PATTERNS##* }
echo
echo "== axiperf stat -a -- tgrun run $n 2 (pattern 2 on axiperf1 beside it)"
axiperf stat -a -- tgrun run "$n" 2 || { echo "demo: axiperf stat failed"; status=1; }
echo
[ $status -eq 0 ] && echo "demo: every count and figure equals its expected value" ||
	echo "demo: some counts or figures differ from their expected values"
exit $status
