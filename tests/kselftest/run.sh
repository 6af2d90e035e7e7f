#!/bin/bash
# run.sh ARCH KO [--traffic TGRUN] [RUN-GUEST OPTIONS...]: the axiperf
# kselftest on a test bed
# as upstream runs it: built and installed by the kernel's own selftests
# make (build.sh), run by run_kselftest.sh in the guest (guest-run.sh),
# in one boot first without the driver, where it must skip and say why,
# then with the module KO loaded. Prints TAP: the test's own cases, lifted
# out of run_kselftest.sh's nested TAP ("# ok 1 axiperf.x" becomes "ok 1
# - axiperf_test: axiperf.x", a skip keeps its "# SKIP reason"), the
# runner's verdict line as it is, and the checks of both runs. With
# --traffic, the bed's generators run pattern 6 on all its links
# (TGRUN run 6 6 6, or $KSFT_TRAFFIC) again and again while the test counts.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/tap.sh"
arch=$1 ko=$2
shift 2
traffic=() tcmd=
if [ "${1:-}" = --traffic ]; then
	# KSFT_TRAFFIC: tgrun's arguments, pattern 6 on each of the bed's
	# links (three on the Zynq-style beds, one on the ZynqMP)
	traffic=(--add "$2:/bin/tgrun") tcmd=" '/bin/tgrun ${KSFT_TRAFFIC:-run 6 6 6}'"
	shift 2
fi
out=${BUILD:-$top/build}/kselftest/$arch
mkdir -p "$(dirname "$out")"
inst=$("$top/tests/kselftest/build.sh" "$arch" 2>"$out-build.err") || {
	echo "not ok 1 - kselftest ($arch): build.sh failed"; sed 's/^/# /' "$out-build.err" | tail -20; exit 1; }
"$top/tools/guest/run-guest.sh" --timeout 300 "$@" --add "$ko:/lib/modules/axiperf.ko" \
	${traffic[@]+"${traffic[@]}"} --add "$inst:/kselftest" \
	--add "$top/tests/kselftest/guest-run.sh:/bin/kselftest-run.sh" --log "$out.console" \
	-- "sh /bin/kselftest-run.sh /lib/modules/axiperf.ko$tcmd" >"$out.out" 2>"$out.err"
rc=$?
cat "$out.err" >&2
sed '/^== kselftest: with the driver$/,$d' "$out.out" >"$out-none.out"
sed '1,/^== kselftest: with the driver$/d' "$out.out" >"$out-driver.out"

sed 's/^/# no driver: /' "$out-none.out"
reason=$(sed -n 's/^# 1\.\.0 # SKIP //p' "$out-none.out")
grep -qx 'ok 1 selftests: drivers/perf/axiperf: axiperf_test # SKIP' "$out-none.out" &&
	[ -n "$reason" ] && grep -q 'no axiperf PMU' <<<"$reason"
tap $? "kselftest ($arch): with no axiperf driver loaded run_kselftest.sh reports axiperf_test as a skip with its reason (\"${reason:-none given}\")" "$out.err"

# the cases the harness reported, then the runner's own line
sed -E -e 's/^# ((not )?ok [0-9]+) /\1 - axiperf_test: /' -e '/^(not )?ok /!s/^/# /' "$out-driver.out"
cases=$(grep -cE '^# (not )?ok [0-9]+ ' "$out-driver.out")
plan=$(sed -n 's/^# 1\.\.\([0-9]*\)$/\1/p' "$out-driver.out" | head -1)
[ "$rc" -eq 0 ] && [ -n "$plan" ] && [ "$cases" -eq "$plan" ] && [ "$plan" -gt 0 ]
tap $? "kselftest ($arch): run_kselftest.sh ran all ${plan:-?} cases of axiperf_test with the driver loaded (guest status $rc)" "$out.err"
[ "$failed" -eq 0 ]
