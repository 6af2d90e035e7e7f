#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
# The perf tool on the MicroBlaze's own counters (guest side of
# check-guest-ml605-record; QEMU runs with -icount, so the local core's
# instructions are the executed ones): perf record with -e cycles, with
# -e LOCAL/cycles/ and with no -e at all (perf's default event, frequency
# mode) puts at least 80 % of its samples in the workload's hot function,
# which runs 90 % of its instructions, and perf report reads them; perf
# stat with no -e prints cycles and instructions from this PMU at the CPI
# the emulation gives (the exact instruction counts are record_test.c's);
# axiperf stat prints the core's figures next to the AXI monitors', and with
# -M its instruction mix (branches, taken branches, loads).
#
#   record.sh LOCAL N	e.g. record.sh microblaze3 200000
#
# /bin/record_test --hot N runs spin(9 N) (in its own section, whose bounds
# it prints as "hot START END") then cold(N): 20 N instructions of loops.
# This perf has no libelf (tools/guest/perf.sh): perf report shows user
# addresses, not names, so perf script's addresses are attributed to the
# hot section here.
local=$1
n=$2
t=0
fail=0
ok() { t=$((t + 1)); echo "ok $t - $*"; }
bad() { t=$((t + 1)); echo "not ok $t - $*"; fail=1; }

set -- $(/bin/record_test --hot 1)
lo=$2
hi=$3
echo "# the hot section: [0x$lo, 0x$hi)"

# share DATA: "SAMPLES IN_HOT" of a perf.data file
share() {
	perf script -i "$1" -F ip 2>/dev/null | awk -v lo="0x$lo" -v hi="0x$hi" '
		BEGIN { l = lo + 0; h = hi + 0 }
		{ a = ("0x" $1) + 0; s++; if (a >= l && a < h) in_hot++ }
		END { printf "%d %d\n", s, in_hot }'
}

# record WHAT PERF-RECORD-OPTIONS...: perf record --hot N, then the share of
# its samples in the hot section
record() {
	what=$1
	shift
	rm -f /tmp/r.data
	if ! perf record -q -o /tmp/r.data "$@" -- /bin/record_test --hot "$n" >/tmp/r.out 2>&1; then
		bad "perf record $what: exits 0 ($(tail -3 /tmp/r.out | tr '\n' ' '))"
		return
	fi
	set -- $(share /tmp/r.data)
	if [ "${1:-0}" -ge 20 ] && [ $(( ${2:-0} * 100 )) -ge $(( ${1:-0} * 80 )) ]; then
		ok "perf record $what: $2 of $1 samples (at least 20, at least 80 %) in the hot function"
	else
		bad "perf record $what: $2 of $1 samples (want at least 20, at least 80 %) in the hot function"
	fi
}

record "-e cycles -c 100000" -e cycles -c 100000
record "-e $local/cycles/ -c 100000" -e "$local/cycles/" -c 100000
record "with no -e (perf's default cycles, -F 4000)"
echo "# perf report --stdio of that run:"
perf report -i /tmp/r.data --stdio 2>&1 | grep -v '^$' | head -16 | sed 's/^/#   /'
# perf's default event is cycles; 6.12's names it with its modifier, cycles:P
if perf report -i /tmp/r.data --stdio 2>/dev/null | grep -qE "of event 'cycles(:[a-zA-Z]+)?'"; then
	ok "perf report reads the samples of event 'cycles'"
else
	bad "perf report reads the samples of event 'cycles'"
fi

# stat N: "CYCLES INSTRUCTIONS" of perf stat with no -e around --hot N
stat() {
	perf stat -x, -o /tmp/s.out -- /bin/record_test --hot "$1" >/dev/null 2>&1
	awk -F, '$3 == "cycles" { c = $1 } $3 == "instructions" { i = $1 }
		END { printf "%s %s\n", c == "" ? "none" : c, i == "" ? "none" : i }' /tmp/s.out
}

set -- $(stat "$n")
case "$1$2" in
*[!0-9]*|'') bad "perf stat with no -e: cycles ($1) and instructions ($2) counted"
	sed 's/^/#   /' /tmp/s.out ;;
*) ok "perf stat with no -e: cycles ($1) and instructions ($2) counted" ;;
esac

# With -icount 4 every instruction takes 16 ns, 1.6 cycles of the 100 MHz
# core: the task's cycles are 1.6 times its instructions (to the rounding of
# its context switches), and its instructions hold the 20 N of the loops.
c=$1
i=$2
if [ "$i" -ge $((20 * n)) ] 2>/dev/null &&
	[ $((c * 1000)) -ge $((i * 1598)) ] && [ $((c * 1000)) -le $((i * 1602)) ]; then
	ok "perf stat: instructions ($i) hold the loops' 20 x $n, cycles ($c) are 1.6 x instructions (16 ns each at 100 MHz) within 0.1 %"
else
	bad "perf stat: instructions ($i) hold the loops' 20 x $n, cycles ($c) are 1.6 x instructions (16 ns each at 100 MHz) within 0.1 %"
fi
# axiperf stat: the local core's MicroBlaze figures next to the monitors'
echo "# == axiperf stat --csv -- /bin/record_test --hot $n"
axiperf stat --csv -- /bin/record_test --hot "$n" >/tmp/ax.csv 2>/tmp/ax.err
rc=$?
sed 's/^/#   /' /tmp/ax.err
grep -E "^$local,figure,|^axiperf0,figure,(rd|wr)_" /tmp/ax.csv | head -12 | sed 's/^/#   /'
# system-wide over the command: 1.6 cycles per instruction while the
# workload runs, more for the idle and I/O around it
if awk -F, -v l="$local" -v rc=$rc '
	$1 == l && $2 == "figure" { f[$3] = $4 }
	$1 ~ /^axiperf[0-9]/ && $2 == "figure" { axi++ }
	END { exit !(rc == 0 && f["cpi"] >= 1.6 && f["cpi"] < 3 && ("dcache_hit_rate" in f || "icache_hit_rate" in f) && axi > 0) }' /tmp/ax.csv; then
	ok "axiperf stat: $local's CPI (1.6 to 3) and cache figures next to the AXI monitors' figures"
else
	bad "axiperf stat: $local's CPI (1.6 to 3) and cache figures next to the AXI monitors' figures (exit $rc)"
fi
# axiperf stat -M: the instruction mix QEMU's translator counts on the
# local core (tools/qemu/microblaze-cpu/). System-wide, so the loops give lower bounds:
# spin(9 N) and cold(N) run 10 N conditional branches (bnei), 10 N - 2 of
# them taken, in 20 N instructions; each figure is its formula of the
# counts printed beside it.
echo "# == axiperf stat --csv -M branch_ratio,taken_branch_ratio,load_ratio -- /bin/record_test --hot $n"
axiperf stat --csv -M branch_ratio,taken_branch_ratio,load_ratio -- /bin/record_test --hot "$n" \
	>/tmp/mix.csv 2>/tmp/mix.err
rc=$?
sed 's/^/#   /' /tmp/mix.err
grep -E "^$local,figure," /tmp/mix.csv | sed 's/^/#   /'
if awk -F, -v l="$local" -v n="$n" -v rc=$rc '
	function formula(f) { return sprintf("%.2f", 100 * num[f] / den[f]) == val[f] }
	$1 == l && $2 == "figure" { val[$3] = $4; num[$3] = $6; den[$3] = $7 }
	END { exit !(rc == 0 && formula("branch_ratio") && formula("taken_branch_ratio") &&
		formula("load_ratio") && num["branch_ratio"] >= 10 * n &&
		den["branch_ratio"] >= 20 * n && num["taken_branch_ratio"] >= 10 * n - 2 &&
		den["taken_branch_ratio"] >= 10 * n) }' /tmp/mix.csv; then
	ok "axiperf stat -M: $local's branch, taken-branch and load ratios are their formulas, with at least the loops' 10 N branches, 10 N - 2 taken"
else
	bad "axiperf stat -M: $local's branch, taken-branch and load ratios are their formulas, with at least the loops' 10 N branches, 10 N - 2 taken (exit $rc)"
fi
# wic and wdc from kernel code: the kernel's cache maintenance around an
# exec (user mode cannot run them: cpu_events_test sees them refused)
perf stat -x, -e "$local/icache_invalidates/,$local/dcache_invalidates/" -- /bin/true 2>/tmp/wic.csv
ic=$(awk -F, -v e="$local/icache_invalidates/" '$3 == e { print $1 }' /tmp/wic.csv)
dc=$(awk -F, -v e="$local/dcache_invalidates/" '$3 == e { print $1 }' /tmp/wic.csv)
if [ "${ic:-0}" -gt 0 ] 2>/dev/null && [ "${dc:-0}" -gt 0 ] 2>/dev/null; then
	ok "wic and wdc counted from kernel code: an exec's cache maintenance counts $ic icache_invalidates, $dc dcache_invalidates"
else
	bad "wic and wdc counted from kernel code: an exec's cache maintenance counts icache_invalidates '$ic', dcache_invalidates '$dc'"
	sed 's/^/#   /' /tmp/wic.csv
fi
echo "1..$t"
exit $fail
