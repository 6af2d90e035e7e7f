#!/bin/sh
# Runs in the test bed's guest (see demo.sh): counts generator patterns
# with perf stat and compares with tgrun's closed-form expectations.
PATTERNS=${PATTERNS:-"2 3 4 5"}
insmod /lib/modules/axiperf.ko || { echo "demo: insmod axiperf.ko failed"; exit 1; }
status=0
for n in $PATTERNS; do
	name=$(tgrun list | sed -n "s/^$n //p")
	tgrun expect "$n" >/tmp/expect || exit 1
	events=$(awk '{ printf "%saxiperf0/%s/", (NR > 1 ? "," : ""), $1 }' /tmp/expect)
	echo
	echo "== pattern $n: $name"
	echo "   perf stat -a -e axiperf0/$(head -1 /tmp/expect | cut -d' ' -f1)/,... -- tgrun run $n"
	if ! perf stat -a -x, -o /tmp/stat -e "$events" -- tgrun run "$n"; then
		echo "demo: perf stat failed"
		status=1
		continue
	fi
	awk -F, '
		FNR == NR { split($0, w, " "); order[++n] = w[1]; want[w[1]] = w[2]; next }
		$3 ~ /^axiperf0\// { e = $3; sub(/^axiperf0\//, "", e); sub(/\/$/, "", e); got[e] = $1 }
		END {
			printf "   %-24s %14s %14s\n", "event", "perf stat", "expected"
			bad = 0
			for (i = 1; i <= n; i++) {
				e = order[i]
				ok = (e in got) && got[e] == want[e]
				if (!ok) bad++
				printf "   %-24s %14s %14s  %s\n", e, (e in got) ? got[e] : "missing", want[e], ok ? "ok" : "MISMATCH"
			}
			exit bad != 0
		}' /tmp/expect /tmp/stat || status=1
	# The front end's figures from perf's counts, next to the same figures
	# from the closed-form counts (written as perf -x, lines).
	awk '{ printf "%s,,axiperf0/%s/,100,100.00,,\n", $2, $1 }' /tmp/expect >/tmp/expect.csv
	if ! axiperf report --csv /tmp/stat >/tmp/fig.got ||
	   ! axiperf report --csv /tmp/expect.csv >/tmp/fig.want; then
		echo "demo: axiperf report failed"
		status=1
		continue
	fi
	echo "   axiperf report (perf stat -x, output above)"
	awk -F, '
		FNR == NR { if ($2 == "figure") want[$3] = $4; next }
		$2 == "figure" { order[++n] = $3; got[$3] = $4; unit[$3] = $5 }
		END {
			printf "   %-24s %14s %14s\n", "figure", "axiperf", "expected"
			bad = 0
			for (i = 1; i <= n; i++) {
				f = order[i]
				ok = (f in want) && got[f] == want[f]
				if (!ok) bad++
				printf "   %-24s %14s %14s  %s %s\n", f, got[f], want[f], unit[f], ok ? "ok" : "MISMATCH"
			}
			exit bad != 0
		}' /tmp/fig.want /tmp/fig.got || status=1
done
n=${PATTERNS##* }
echo
echo "== axiperf stat -a -- tgrun run $n"
axiperf stat -a -- tgrun run "$n" || { echo "demo: axiperf stat failed"; status=1; }
echo
[ $status -eq 0 ] && echo "demo: every count and figure equals its expected value" ||
	echo "demo: some counts or figures differ from their expected values"
exit $status
