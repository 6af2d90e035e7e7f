#!/bin/sh
# run-suite.sh NAME CMD...: runs one test suite, whose TAP lines ("ok N - x",
# "not ok N - x") go to build/results/NAME.tap. A suite that exits non-zero
# without reporting a failure, or that reports no test at all, gets a
# failing line of its own, so nothing can look green by testing nothing.
# Always exits 0: scripts/summarize.sh decides.
name=$1
shift
out=build/results/$name.tap
mkdir -p build/results
log=build/results/$name.log
echo "== suite $name: $*"
start=$(date +%s)
# the cached steps it runs and the builds it waits for are its own
# (scripts/record-step.sh, scripts/shims/flock)
AXIPERF_OWNER=$name "$@" >"$log" 2>&1
rc=$?
end=$(date +%s)
secs=$((end - start))
echo "suite $name $start $end" >>build/results/timeline.txt
echo "$secs" >"build/results/$name.seconds"
grep -E '^(not )?ok( |$)' "$log" >"$out"
if [ $rc -ne 0 ] && ! grep -q '^not ok' "$out"; then
	echo "not ok - $name: exited with status $rc (see $log)" >>"$out"
fi
if ! grep -q '^ok' "$out" && ! grep -q '^not ok' "$out"; then
	echo "not ok - $name: ran no tests (see $log)" >>"$out"
fi
p=$(grep '^ok' "$out" | grep -vc '# *SKIP')
f=$(grep -c '^not ok' "$out")
# the kernels a guest suite booted (tools/guest/run-guest.sh says which)
kernels=$(sed -n 's/^run-guest: linux \([^ ]*\) .*/\1/p' "$log" | sort -u | paste -sd ' ' -)
echo "   $name: $p passed, $f failed ($secs s${kernels:+, linux $kernels})"
if [ "$f" -ne 0 ]; then
	grep '^not ok' "$out" | head -20 | sed 's/^/   /'
	echo "   last lines of $log:"
	tail -15 "$log" | sed 's/^/   | /'
fi
exit 0
