#!/bin/bash
# run.sh ARCH KO [RUN-GUEST OPTIONS...]: the axiperf kselftest on a test bed
# as upstream runs it: built and installed by the kernel's own selftests
# make (build.sh), run by run_kselftest.sh in the guest (guest-run.sh),
# first with the module KO loaded, then on the same bed without it, where
# it must skip and say why. Prints TAP: the test's own cases, lifted out
# of run_kselftest.sh's nested TAP ("# ok 1 axiperf.x" becomes "ok 1 -
# axiperf_test: axiperf.x", a skip keeps its "# SKIP reason"), the
# runner's verdict line as it is, and the no-monitor boot's check.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/tap.sh"
arch=$1 ko=$2
shift 2
work=${BUILD:-$top/build}/kselftest
log=$work/$arch
mkdir -p "$work"
inst=$("$top/tests/kselftest/build.sh" "$arch" 2>"$log-build.err") || {
	echo "not ok 1 - kselftest: build.sh $arch failed"; sed 's/^/# /' "$log-build.err" | tail -20; exit 1; }
boot() { # boot NAME ARG: run_kselftest.sh on the bed; its console in $log-NAME.out
	"$top/tools/guest/run-guest.sh" --timeout 300 "$@" \
		--add "$inst:/kselftest" --add "$top/tests/kselftest/guest-run.sh:/bin/kselftest-run.sh" \
		--log "$log-$NAME.console" -- "sh /bin/kselftest-run.sh $ARG" >"$log-$NAME.out" 2>"$log-$NAME.err"
}
NAME=monitor ARG=/lib/modules/axiperf.ko boot "$@" --add "$ko:/lib/modules/axiperf.ko"
rc=$?
cat "$log-monitor.err" >&2
# the cases the harness reported, then the runner's own line
sed -E -e 's/^# ((not )?ok [0-9]+) /\1 - axiperf_test: /' -e '/^(not )?ok /!s/^/# /' "$log-monitor.out"
cases=$(grep -cE '^# (not )?ok [0-9]+ ' "$log-monitor.out")
plan=$(sed -n 's/^# 1\.\.\([0-9]*\)$/\1/p' "$log-monitor.out" | head -1)
[ "$rc" -eq 0 ] && [ -n "$plan" ] && [ "$cases" -eq "$plan" ] && [ "$plan" -gt 0 ]
tap $? "kselftest ($arch): run_kselftest.sh ran all ${plan:-?} cases of axiperf_test with the monitor's driver loaded (guest status $rc)" "$log-monitor.err"

NAME=none ARG= boot "$@"
rc=$?
cat "$log-none.err" >&2
sed 's/^/# no monitor: /' "$log-none.out"
reason=$(sed -n 's/^# 1\.\.0 # SKIP //p' "$log-none.out")
[ "$rc" -eq 0 ] && grep -qx 'ok 1 selftests: drivers/perf/axiperf: axiperf_test # SKIP' "$log-none.out" &&
	[ -n "$reason" ] && grep -q 'no axiperf PMU' <<<"$reason"
tap $? "kselftest ($arch): without the driver run_kselftest.sh reports axiperf_test as a skip with its reason (\"${reason:-none given}\")" "$log-none.err"
[ "$failed" -eq 0 ]
