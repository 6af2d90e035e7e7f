#!/bin/sh
# cpu_arm.sh: make check-guest-cpu, in the Zynq test bed's guest under QEMU
# -icount shift=0 (tests/userspace/guest/run.sh). The Cortex-A9's PMU
# (armv7_cortex_a9, arm_pmu) through axiperf stat: the command's own
# threads, the figures that fit six event counters and the cycle counter.
# QEMU's Cortex-A9 counts cycles and instructions only (its PMU model);
# under -icount 0 each instruction is one nanosecond and the cycle counter
# runs at 1 GHz, so cycles equal instructions exactly, and every event it
# does not model reads exactly 0. TAP on stdout.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
check() { name=$1; shift; if "$@"; then ok "$name"; else notok "$name"; fi; }
show() { sed 's/^/# /' "$1" | head -${2:-20}; }
pmu=armv7_cortex_a9
work='i=0; while [ $i -lt 2000 ]; do i=$((i + 1)); done'

insmod /lib/modules/axiperf.ko || notok "axiperf.ko loads"

axiperf list >/tmp/list 2>&1
check "axiperf list shows the Cortex-A9's PMU: the figures' 11 events and perf's generic cycles" \
	eval 'grep -q "^$pmu: type [0-9]*, cpu 0, 12 events" /tmp/list &&
	      grep -Eq "^  event +cycles +generic=0x00$" /tmp/list &&
	      grep -Eq "^  event +inst_retired +config=0x08$" /tmp/list &&
	      grep -Eq "^  figure +cpi +\(cycles\) / \(inst_retired\)$" /tmp/list'

# without -M: the figures that fit, in table order, and a note of the rest
bad=0
for r in 1 2 3 4 5; do
	axiperf stat --csv -- sh -c "$work" >/tmp/s.csv 2>/tmp/s.err || bad=1
	awk -F, -v r=$r -v p=$pmu '$1 == p { print r "," $0 }' /tmp/s.csv >>/tmp/runs
done
check "axiperf stat without -M counts the figures that fit, and names the rest" \
	eval '[ $bad = 0 ] && grep -q "axiperf: $pmu has 6 counters; not counted: load_ratio, store_ratio, itlb_miss_rate, dtlb_miss_rate (choose figures with -M)" /tmp/s.err'
[ $bad = 0 ] || show /tmp/s.err
awk -F, '$3 == "figure" { print $4 }' /tmp/runs | sort -u | tr '\n' ' ' >/tmp/figs
check "the figures counted: cpi, icache_miss_rate, dcache_miss_rate, branch_mispredict_rate" \
	[ "$(cat /tmp/figs)" = "branch_mispredict_rate cpi dcache_miss_rate icache_miss_rate " ]
awk -F, '
	$3 == "event" { v[$1 " " $4] = $5 }
	$3 == "figure" && $4 == "cpi" { cpi[$1] = $5 "," $7 "," $8 }
	END {
		for (r in cpi) {
			c = v[r " cycles"]; i = v[r " inst_retired"]
			printf "#  run %s: cycles %s, inst_retired %s, cpi %s\n", r, c, i, cpi[r]
			if (c != i || i < 2000 * 5 || cpi[r] != "1.000," c "," i) bad++
			n++
		}
		exit bad || n != 5
	}' /tmp/runs >/tmp/why
rc=$?
cat /tmp/why
check "cycles equal inst_retired in every run (-icount 0: 1 GHz, 1 ns each), cpi 1.000 of them" [ $rc = 0 ]
awk -F, '$3 == "event" && $4 != "cycles" && $4 != "inst_retired" && $5 != 0 { print; bad++ } END { exit bad }' /tmp/runs >/tmp/why
rc=$?
show /tmp/why
check "the events QEMU's Cortex-A9 does not model count exactly 0" [ $rc = 0 ]
awk -F, '$3 == "figure" && $4 != "cpi" { print $4 "," $5 "," $7 "," $8 }' /tmp/runs | sort -u >/tmp/why
check "with them, icache_miss_rate 0.00 % and the rates over zero accesses n/a" \
	eval '[ "$(grep -c "^icache_miss_rate,0.00,0,[0-9]*$" /tmp/why)" = 5 ] &&
	      grep -qx "branch_mispredict_rate,n/a,0,0" /tmp/why && grep -qx "dcache_miss_rate,n/a,0,0" /tmp/why &&
	      [ "$(wc -l </tmp/why)" = 7 ]'

# -M: four figures that fit; five that do not
axiperf stat --csv -M load_ratio,store_ratio,itlb_miss_rate,dtlb_miss_rate -- sh -c "$work" >/tmp/m.csv 2>/tmp/m.err
rc=$?
check "axiperf stat -M with the four other figures counts them" \
	eval '[ $rc = 0 ] && [ "$(grep -c "^$pmu,figure," /tmp/m.csv)" = 4 ] && grep -q "^$pmu,figure,load_ratio,0.00,%,0," /tmp/m.csv'
[ $rc = 0 ] || show /tmp/m.err
axiperf stat -M cpi,load_ratio,store_ratio,itlb_miss_rate,dtlb_miss_rate,icache_miss_rate -- true >/tmp/out 2>/tmp/err
rc=$?
check "axiperf stat -M with more ARM figures than counters fails naming them" \
	eval '[ $rc = 2 ] && grep -q "axiperf: $pmu has 6 counters, too few to count dtlb_miss_rate with the other figures at once; name fewer figures with -M" /tmp/err'
[ $rc = 2 ] || show /tmp/err

# beside the bus: the monitors' figures and the command's CPU figures
axiperf stat --csv -M cpi,read_efficiency -- tgrun run 1 >/tmp/both.csv 2>/tmp/both.err
rc=$?
check "axiperf stat prints the monitors' and the command's CPU figures from one run" \
	eval '[ $rc = 0 ] && grep -q "^axiperf0,figure,read_efficiency," /tmp/both.csv &&
	      grep -q "^$pmu,figure,cpi,1.000," /tmp/both.csv'
[ $rc = 0 ] || show /tmp/both.err

echo "1..$n"
exit $failed
