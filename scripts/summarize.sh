#!/bin/sh
# summarize.sh SUITE...: totals the TAP results of the named suites into one
# line "N passed, M failed"; exits non-zero on any failure or on no test.
p=0
f=0
for s in "$@"; do
	t=build/results/$s.tap
	if [ ! -f "$t" ]; then
		echo "suite $s produced no results"
		f=$((f + 1))
		continue
	fi
	p=$((p + $(grep -c '^ok' "$t")))
	f=$((f + $(grep -c '^not ok' "$t")))
done
echo "$p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
