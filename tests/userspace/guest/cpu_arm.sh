#!/bin/sh
# cpu_arm.sh: make check-guest-cpu (Zynq) and check-guest-cpu-zynqmp, in
# the test bed's guest under QEMU -icount shift=0 (tests/userspace/guest/
# run.sh). The ARM core's PMU (arm_pmu) through axiperf stat: the
# command's own threads, the figures that fit six event counters and the
# cycle counter. QEMU's PMU model counts cycles and instructions only;
# under -icount 0 each instruction is one nanosecond and the cycle counter
# runs at 1 GHz, so cycles equal instructions exactly.
#   Zynq, armv7_cortex_a9: the kernel lists the A9's events whatever QEMU
#   models, so every figure opens, and the events QEMU does not model read
#   exactly 0; the plan takes four figures, -M the other four.
#   ZynqMP, armv8_pmuv3: the kernel lists what PMCEID0 says is there
#   (QEMU: cpu_cycles and inst_retired), so cpi alone counts and the other
#   figures are n/a for their missing events.
# TAP on stdout.
. /bin/figcheck.sh	# TAP: ok, notok, check, show
work='i=0; while [ $i -lt 2000 ]; do i=$((i + 1)); done'

insmod /lib/modules/axiperf.ko || notok "axiperf.ko loads"

axiperf list >/tmp/list 2>&1
pmu=$(sed -n 's/^\(armv[78]_[a-z0-9_]*\): .*/\1/p' /tmp/list | head -1)
case $pmu in
armv7_*) nev=12 ;;	# the figures' 11 events and perf's generic cycles
*) nev=3 ;;		# QEMU's PMCEID0: cpu_cycles, inst_retired; cycles
esac
check "axiperf list shows the ARM core's PMU '$pmu' with $nev events (perf's generic cycles among them)" \
	eval 'grep -q "^$pmu: type [0-9]*, cpu 0, $nev events" /tmp/list &&
	      grep -Eq "^  event +cycles +generic=0x00$" /tmp/list &&
	      grep -Eq "^  event +inst_retired +config=0x08$" /tmp/list &&
	      grep -Eq "^  figure +cpi +\(cycles\) / \(inst_retired\)$" /tmp/list'

# without -M: the figures that fit, in table order, and a note of the rest
bad=0
for r in 1 2 3 4 5; do
	axiperf stat --csv -- sh -c "$work" >/tmp/s.csv 2>/tmp/s.err || bad=1
	awk -F, -v r=$r -v p=$pmu '$1 == p { print r "," $0 }' /tmp/s.csv >>/tmp/runs
done
check "axiperf stat runs the command 5 times" [ $bad = 0 ]
[ $bad = 0 ] || show /tmp/s.err
awk -F, '$3 == "figure" { print $4 }' /tmp/runs | sort -u | tr '\n' ' ' >/tmp/figs
if [ "${pmu#armv7_}" != "$pmu" ]; then
	check "without -M: the figures that fit, and a note that names the rest" \
		eval 'grep -q "axiperf: $pmu has 6 counters; not counted: load_ratio, store_ratio, itlb_miss_rate, dtlb_miss_rate (choose figures with -M)" /tmp/s.err'
	check "the figures counted: cpi, icache_miss_rate, dcache_miss_rate, branch_mispredict_rate" \
		[ "$(cat /tmp/figs)" = "branch_mispredict_rate cpi dcache_miss_rate icache_miss_rate " ]
else
	check "every figure printed, all but cpi n/a for their missing events" \
		eval '[ "$(wc -w </tmp/figs)" = 8 ] &&
		      [ "$(grep -c "^[0-9],$pmu,figure,[a-z_]*,n/a,%,,$" /tmp/runs)" = $((7 * 5)) ]'
fi
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
check "the events QEMU's PMU does not model count exactly 0" [ $rc = 0 ]
if [ "${pmu#armv7_}" != "$pmu" ]; then
# each of the 5 runs, whatever its counts (two runs may count alike)
awk -F, '$3 == "figure" && $4 != "cpi" { print $4 "," $5 "," $7 "," $8 }' /tmp/runs | sort >/tmp/why
check "with them, icache_miss_rate 0.00 % and the rates over zero accesses n/a" \
	eval '[ "$(grep -c "^icache_miss_rate,0.00,0,[0-9]*$" /tmp/why)" = 5 ] &&
	      [ "$(grep -cx "branch_mispredict_rate,n/a,0,0" /tmp/why)" = 5 ] &&
	      [ "$(grep -cx "dcache_miss_rate,n/a,0,0" /tmp/why)" = 5 ] &&
	      [ "$(wc -l </tmp/why)" = 15 ]'

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
fi

# beside the bus: the monitors' figures and the command's CPU figures
# (tgrun knows the Zynq's generator addresses; on the ZynqMP the bus is idle)
if [ "${pmu#armv7_}" != "$pmu" ]; then
	axiperf stat --csv -M cpi,read_efficiency -- tgrun run 1 >/tmp/both.csv 2>/tmp/both.err
else
	axiperf stat --csv -M cpi,read_efficiency -- sh -c "$work" >/tmp/both.csv 2>/tmp/both.err
fi
rc=$?
check "axiperf stat prints the monitors' and the command's CPU figures from one run" \
	eval '[ $rc = 0 ] && grep -q "^axiperf0,figure,read_efficiency," /tmp/both.csv &&
	      grep -q "^$pmu,figure,cpi,1.000," /tmp/both.csv'
[ $rc = 0 ] || show /tmp/both.err

echo "1..$n"
exit $failed
