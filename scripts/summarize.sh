#!/bin/sh
# summarize.sh SUITE...: totals the TAP results of the named suites into one
# line "N passed, M failed"; exits non-zero on any failure or on no test.
# A test reported "ok ... # SKIP" did not run: it is not counted as passed.
# Before that line: the cached build steps this run had to do, with their
# wall times ($AXIPERF_STEPS, scripts/record-step.sh), and the slowest
# suites (their times include the steps they started).
p=0
f=0
k=0
for s in "$@"; do
	t=build/results/$s.tap
	if [ ! -f "$t" ]; then
		echo "suite $s produced no results"
		f=$((f + 1))
		continue
	fi
	p=$((p + $(grep '^ok' "$t" | grep -vc '# *SKIP')))
	k=$((k + $(grep '^ok' "$t" | grep -c '# *SKIP')))
	f=$((f + $(grep -c '^not ok' "$t")))
done
steps=${AXIPERF_STEPS:-}
if [ -n "$steps" ] && [ -s "$steps" ]; then
	awk '{ t += $2; n++ } END {
		printf "cold build steps this run: %d, %d s of wall time in all (overlapping)\n", n, t }' "$steps"
	sort -k2,2nr "$steps" | awk '{ printf "  %-34s %5d s\n", $1, $2 }'
else
	echo "cold build steps this run: none (every build product came from the cache)"
fi
for s in "$@"; do
	[ -f "build/results/$s.seconds" ] && echo "$(cat "build/results/$s.seconds") $s"
done | sort -nr | head -8 | awk '
	BEGIN { printf "slowest suites:" } { printf " %s %d s%s", $2, $1, (NR < 8 ? "," : "") }
	END { printf "\n" }' | sed 's/,$//'
[ "$k" -eq 0 ] || echo "($k skipped, not counted as passed)"
echo "$p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
