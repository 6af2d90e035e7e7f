#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest test (busybox sh, TAP): the perf tool reaches the microblazeN PMUs
# by event name, and `perf stat` prints exactly what the modelled workload
# of tools/qemu/mdm/ produced. mb_test.c covers the rest through
# perf_event_open(); this proves the names, the command line and
# perf's own parsing of the format (preset=).
#
# Needs: axiperf_mb.ko loaded, the MDM model (three cores of 32-, 48- and
# 64-bit counters), perf, devmem. The workload does not follow time (RUN
# off): each measurement runs `devmem <ADVANCE> 32 <n>` under perf stat, so
# every expected count is a formula.
#
# Usage: [TAP_BASE=<tests already reported>] [LOG_CLEAN=1] mb_counts.sh [perf]
perf=${1:-perf}
wl=0x41410000
adv=0x41410024		# ADVANCE: run every core this many cycles at once
n=${TAP_BASE:-0}
bad=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && echo "# $2"; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "got '$2', want '$3'"; fi; }

wl_w() { devmem "$(printf '0x%x' $((wl + $1)))" 32 "$2"; }
rate() { wl_w 0x08 "$1"; wl_w 0x0c "$2"; wl_w 0x10 "$3"; wl_w 0x14 "$4"; }
pattern() {	# core event lat...
	wl_w 0x08 "$1"; wl_w 0x0c "$2"; wl_w 0x18 0; shift 2
	for l in "$@"; do wl_w 0x1c "$l"; done
	wl_w 0x20 $#
}

# stat EVENTS CMD...: perf stat -a -x, of the comma-separated EVENTS; the
# values, space-separated
stat() {
	evs=$1
	shift
	"$perf" stat -a -x, -e "$evs" -- "$@" 2>&1 >/dev/null | cut -d, -f1 | tr '\n' ' '
}

wl_w 0x04 0		# RUN off, lock free
for c in 0 1 2; do
	wl_w 0x3c 1	# rates back to reset: E30 once per cycle
	rate $c 0 2 3			# two instructions every three cycles
	rate $c 58 1 10			# a data cache read miss every ten cycles
	pattern $c 58 4 6 9		# taking 4, 6, 9, 4, ... cycles
	m=microblaze$c
	got=$(stat "$m/instructions/,$m/cycles/,$m/dcache_read_latency_sum/" devmem $adv 32 3000000)
	check "perf stat -a -e $m/instructions/,$m/cycles/,$m/dcache_read_latency_sum/ is exact" \
		"$got" "2000000 3000000 1900000 "
	pattern $c 58 4 6 9
	got=$(stat "$m/dcache_read_latency_count/,$m/dcache_read_latency_sum_sq/,$m/dcache_read_latency_min/,$m/dcache_read_latency_max/" \
		devmem $adv 32 3000000)
	check "perf stat: $m's latency items count, sum_sq, min, max by name are exact" \
		"$got" "300000 13300000 4 9 "
done

# preset= through perf's format parsing: 4096 below the top, then 3 x 2^32
# cycles in 2^31 steps, across Dbg_Intr overflows
presets="0xfffff000 0xfffffffff000 0xfffffffffffff000"
for c in 0 1 2; do
	wl_w 0x3c 1
	p=$(echo $presets | cut -d' ' -f$((c + 1)))
	got=$(stat "microblaze$c/cycles,preset=$p/" sh -c \
		"for i in 1 2 3 4 5 6; do devmem $adv 32 0x80000000; done")
	check "perf stat microblaze$c/cycles,preset=$p/ counts 3 x 2^32 cycles across overflows" \
		"$got" "12884901888 "
done

# the documented example with the workload following virtual time (RUN):
# not exact (perf's window is not), shown for the record
wl_w 0x3c 1
wl_w 0x04 1
"$perf" stat -a -e microblaze2/cycles/ -- sleep 1 2>&1 | sed -n 's/^ *\([0-9,]*\) *microblaze2.*/# RUN: microblaze2\/cycles\/ over sleep 1: \1/p'
wl_w 0x04 0

# LOG_CLEAN=1 (the lockdep/DEBUG_ATOMIC_SLEEP kernel): nothing in the
# kernel log says the driver did something wrong
if [ "${LOG_CLEAN:-0}" = 1 ]; then
	if [ -e /proc/lockdep_stats ]; then ok "debug kernel: lockdep is built in"
	else nok "debug kernel: lockdep is built in" "no /proc/lockdep_stats"; fi
	# KASAN on the arm and arm64 debug kernels (a MicroBlaze kernel has none)
	case $(uname -m) in
	arm*|aarch64)
		if grep -q ' kasan_report$' /proc/kallsyms; then ok "debug kernel: KASAN is built in"
		else nok "debug kernel: KASAN is built in" "no kasan_report in /proc/kallsyms"; fi ;;
	esac
	got=$(dmesg | grep -E 'WARNING:|BUG:|KASAN|Oops|possible circular locking|possible recursive locking|inconsistent lock state|possible irq lock inversion|suspicious RCU usage|sleeping function called from invalid context|DEBUG_LOCKS_WARN_ON|turning off the locking correctness validator|INFO: task|scheduling while atomic')
	check "the kernel log has no lockdep or KASAN report, BUG or WARNING" "$got" ""
fi

echo "1..$n"
[ $bad -eq 0 ]
