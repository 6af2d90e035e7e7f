#!/bin/sh
# stat_cpu.sh: make check-guest-mbv-stat, in the RV64 MicroBlaze V guest
# under QEMU -icount shift=0. axiperf stat's MicroBlaze V figures on
# `hpm_test --mix N` (tests/mbv/hpm_test.c), a loop whose instructions are
# all known, RUNS times at N1 and at N2 iterations.
# axiperf counts the command's own thread from its exec to its exit, and
# the HPM counts the kernel's work for it too (riscv_pmu_sbi cannot
# exclude it): exec, page faults and exit add some 270,000 instructions,
# and a different number each run (measured: 267,238 to 280,584 at N1 over
# 8 runs; the exit's freeing of pages varies). So:
#   - events the kernel never raises are exact in every run: the FP
#     instructions (fp_instructions, a combined event, and fp_divides,
#     fp_fused by -e) and divides by zero count N times their count per
#     iteration (hpm_test --expected) plus one constant, the same in
#     every run (the program's start: its libc's FP instructions);
#   - cycles minus instructions is a whole multiple of the least of them
#     in every run: both count every instruction, and they differ by the
#     instructions between starting (and stopping) mcycle and minstret,
#     the same each time the command's counters start (at the exec, and
#     after each context switch: measured 98, and 196 in one run of 14);
#   - every other event counts at least N times its count per iteration;
#   - every figure is exactly its formula of the counts axiperf printed
#     beside it; the cache hit rates are n/a (QEMU has no cache).
# Then list's cpuid line, the monitors' figures in the same run, and a
# latency-class event with -e. TAP on stdout.
N1=1000
N2=4000
RUNS=${RUNS:-7}
FIGS=cpi,load_ratio,store_ratio,branch_ratio,taken_branch_ratio,fp_ratio,icache_hit_rate,dcache_read_hit_rate,dcache_write_hit_rate

. /bin/figcheck.sh	# TAP: ok, notok, check, show

insmod /lib/modules/axiperf.ko || notok "axiperf.ko loads"

axiperf list >/tmp/list 2>&1
check "axiperf list shows the MicroBlaze V's cpu PMU and that perf names its events" \
	eval 'grep -q "^cpu: type 4, cpu 0, 50 events, identifier 0x0-0x4d425635-0x1" /tmp/list &&
	      grep -q "perf    names these events" /tmp/list &&
	      grep -Eq "^  figure +fp_ratio +\(fp_instructions\) / \(instructions\) x 100$" /tmp/list'

# every run's csv rows of the cpu PMU: r N event value
: >/tmp/runs
bad=0
for N in $N1 $N2; do
	r=0
	while [ $r -lt $RUNS ]; do
		r=$((r + 1))
		if ! axiperf stat --csv -M "$FIGS" -e fp_divides,fp_fused,divides_by_zero \
			-- /bin/hpm_test --mix $N >/tmp/s.csv 2>/tmp/s.err; then
			bad=1
			show /tmp/s.err
		fi
		awk -F, -v N=$N -v r=$r '$1 == "cpu" { print N, r, $0 }' /tmp/s.csv >>/tmp/runs
	done
done
check "axiperf stat -M <the MicroBlaze V figures> runs $RUNS times at $N1 and at $N2 iterations" [ $bad = 0 ]

awk '$3 ~ /,event,/ { split($3, f, ","); print f[3] }' /tmp/runs | sort -u >/tmp/events
check "the figures read 14 events (cycles, instructions, the combined and the cache events), -e adds 3" \
	[ "$(wc -l </tmp/events)" = 17 ]

# each event: what the loop adds, and the constant rest where the kernel
# has no part in it
for e in $(cat /tmp/events); do
	per=$(/bin/hpm_test --expected "$e")
	case $e in
	fp_*|divides_by_zero|icache_*|dcache_*) how=exact ;;
	*) how=atleast ;;
	esac
	awk -v e="$e" -v per="$per" -v how=$how '
		{ split($3, f, ",") }
		f[2] == "event" && f[3] == e {
			rest = f[4] - $1 * per
			if (how == "exact" && seen && rest != first) bad++
			if (how == "atleast" && rest < 0) bad++
			if (!seen) { first = rest; lo = rest; hi = rest }
			if (rest < lo) lo = rest
			if (rest > hi) hi = rest
			seen++
		}
		END {
			printf "#  %-28s %d runs: count - N x %d = %d .. %d\n", e, seen, per, lo, hi
			exit bad || seen != 2 * '"$RUNS"'
		}' /tmp/runs >/tmp/why
	rc=$?
	cat /tmp/why
	if [ $how = exact ]; then
		check "$e: N x $per plus one constant in every run, exactly" [ $rc = 0 ]
	else
		check "$e: at least N x $per in every run (the kernel adds to it)" [ $rc = 0 ]
	fi
done
awk '{ split($3, f, ",") }
	f[2] == "event" && f[3] == "cycles" { c[$1 " " $2] = f[4] }
	f[2] == "event" && f[3] == "instructions" { i[$1 " " $2] = f[4] }
	END {
		for (k in c) { d[k] = c[k] - i[k]; if (!n++ || d[k] < least) least = d[k]; all = all " " d[k] }
		for (k in d) if (least <= 0 || d[k] % least) bad++
		printf "#  cycles - instructions over %d runs:%s\n", n, all
		exit bad || n != 2 * '"$RUNS"'
	}' /tmp/runs >/tmp/why
rc=$?
cat /tmp/why
check "cycles minus instructions is a whole number of times the least of them in every run (-icount 0: the same instructions between starting mcycle and minstret, each time the command's counters start)" [ $rc = 0 ]

# every figure of every run is its formula of that run's counts
awk '{ split($3, f, ",") }
	f[2] == "event" { v[$1 " " $2 " " f[3]] = f[4] }
	f[2] == "figure" { fig[$1 " " $2 " " f[3]] = f[4] "," f[6] "," f[7] }
	END {
		split("cpi:cycles:instructions:1:3 load_ratio:load_instructions:instructions:100:2 store_ratio:store_instructions:instructions:100:2 taken_branch_ratio:taken_conditional_branches:conditional_branches:100:2 fp_ratio:fp_instructions:instructions:100:2", defs, " ")
		for (k in fig) {
			split(k, key, " ")
			for (i in defs) {
				split(defs[i], d, ":")
				if (d[1] != key[3])
					continue
				run = key[1] " " key[2] " "
				num = v[run d[2]]; den = v[run d[3]]
				want = sprintf("%." d[5] "f,%s,%s", num * d[4] / den, num, den)
				if (fig[k] != want) { printf "#  %s: %s, wanted %s\n", k, fig[k], want; bad++ }
				n++
			}
			if (key[3] == "branch_ratio") {
				run = key[1] " " key[2] " "
				num = v[run "conditional_branches"] + v[run "unconditional_jumps"]; den = v[run "instructions"]
				want = sprintf("%.2f,%s,%s", num * 100 / den, num, den)
				if (fig[k] != want) { printf "#  %s: %s, wanted %s\n", k, fig[k], want; bad++ }
				n++
			}
			if (key[3] ~ /hit_rate$/ && fig[k] != "n/a,0,0") { printf "#  %s: %s, wanted n/a,0,0\n", k, fig[k]; bad++ }
		}
		printf "#  %d figures checked\n", n
		exit bad || n != 6 * 2 * '"$RUNS"'
	}' /tmp/runs >/tmp/why
rc=$?
cat /tmp/why
check "every run's figures are their formulas of the counts beside them; cache hit rates n/a (QEMU has no cache requests)" [ $rc = 0 ]

# beside the bus: one stat, the monitors' figures and the command's CPU figures
axiperf stat --csv -M cpi,fp_ratio,read_efficiency -- /bin/hpm_test --mix $N1 >/tmp/both.csv 2>/tmp/both.err
rc=$?
check "axiperf stat prints the monitors' and the command's CPU figures from one run" \
	eval '[ $rc = 0 ] && grep -q "^axiperf0,figure,read_efficiency," /tmp/both.csv &&
	      grep -q "^cpu,figure,fp_ratio," /tmp/both.csv && grep -q "^cpu,figure,cpi,1.000," /tmp/both.csv'
[ $rc = 0 ] || show /tmp/both.err

# a latency-class event with -e: counted as occurrences, and said so
axiperf stat --csv -M cpi -e interrupt_latency,divides_by_zero -- /bin/hpm_test --mix $N1 >/tmp/lat.csv 2>/tmp/lat.err
rc=$?
check "-e with a latency event counts its occurrences and says it is no latency" \
	eval '[ $rc = 0 ] && grep -q "interrupt_latency is a latency event (UG1629 class 5)" /tmp/lat.err &&
	      grep -q "^cpu,event,interrupt_latency,0,events" /tmp/lat.csv &&
	      grep -q "^cpu,event,divides_by_zero," /tmp/lat.csv'
[ $rc = 0 ] || show /tmp/lat.err

echo "1..$n"
exit $failed
