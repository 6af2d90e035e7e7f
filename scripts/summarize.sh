#!/bin/sh
# summarize.sh SUITE...: totals the TAP results of the named suites into one
# line "N passed, M failed"; exits non-zero on any failure or on no test.
# A test reported "ok ... # SKIP" did not run: it is not counted as passed.
# Before that line: the cached build steps this run had to do, with their
# wall times ($AXIPERF_STEPS, scripts/record-step.sh), the slowest suites
# (their times include the steps they started and the builds they waited
# for), and the run's critical path: the suites run one after another, so
# the run lasts as long as they do; of that time, how much went to
# waiting for a build another job had ($AXIPERF_WAITS, scripts/shims/flock),
# to builds a suite ran itself, and to the suites' own work, and what the
# second core (scripts/prebuild.sh) did meanwhile
# (build/results/timeline.txt).
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

# the critical path, from the suites' times and the steps' and waits'
# owners; the lines of $AXIPERF_STEPS written before steps had owners (two
# fields) count as the suites' own work
critical_path() {
	tl=build/results/timeline.txt
	[ -s "$tl" ] || return 0
	awk -v W="${AXIPERF_WAITS:-}" -v S="$steps" '
	function list(title, a, n,    i, j, out) {
		# the n largest entries of a[], "text seconds"
		for (i = 0; i < n; i++) {
			best = ""; bv = -1
			for (j in a) if (a[j] > bv) { bv = a[j]; best = j }
			if (best == "" || bv <= 0) break
			out = out sprintf("%s%s %d s", i ? ", " : "", best, bv)
			delete a[best]
		}
		if (out != "") printf "    %s: %s\n", title, out
	}
	FILENAME == tl && $1 == "suite" {
		if (!first || $3 < first) first = $3
		if ($4 > last) last = $4
		total += $4 - $3
	}
	FILENAME == tl && $1 == "prebuild" { pb[$2] = $3 }
	FILENAME == W && NF >= 6 && $6 != "prebuild" {
		waits += $3
		wfor[$6 " <- " $2] += $3
	}
	FILENAME == S && NF >= 5 {
		if ($5 == "prebuild") { pbusy += $2; next }
		builds += $2
		bby[$5 ": " $1] += $2
	}
	END {
		if (!total) exit
		own = total - waits - builds; if (own < 0) own = 0
		printf "critical path: the suites ran one after another for %d s (%d min %d s)\n", \
			last - first, (last - first) / 60, (last - first) % 60
		printf "  %5d s the suites'\'' own work (tests, guests, small builds)\n", own
		printf "  %5d s waiting for a build the other core had begun\n", waits
		list("longest waits (suite <- build)", wfor, 8)
		printf "  %5d s building a product no other job had begun\n", builds
		list("largest (suite: step)", bby, 6)
		if ("start" in pb) {
			printf "  the second core (scripts/prebuild.sh): %d s of builds, ", pbusy
			if ("done" in pb)
				printf "done %d s into the run (idle for its last %d s)\n", \
					pb["done"] - first, (last > pb["done"] ? last - pb["done"] : 0)
			else
				printf "still building when the suites ended\n"
		}
	}' tl="$tl" "$tl" $([ -s "${AXIPERF_WAITS:-}" ] && echo "$AXIPERF_WAITS") \
		$([ -s "$steps" ] && echo "$steps")
}
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
critical_path
[ "$k" -eq 0 ] || echo "($k skipped, not counted as passed)"
echo "$p passed, $f failed"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
