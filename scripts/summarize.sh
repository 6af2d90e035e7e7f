#!/bin/sh
# summarize.sh SUITE...: totals the TAP results of the named suites into one
# line "N passed, M failed"; exits non-zero on any failure or on no test.
# A test reported "ok ... # SKIP" did not run: it is not counted as passed.
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
[ "$k" -eq 0 ] || echo "($k skipped, not counted as passed)"
echo "$p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
