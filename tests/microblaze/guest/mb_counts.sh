#!/bin/sh
# SPDX-License-Identifier: GPL-2.0 OR MIT
#
# Guest test (busybox sh, kselftest-style TAP): the microblazeN PMUs count
# exactly what the modelled workload of tools/qemu/mdm/ produces.
#
# Needs: axiperf_mb.ko loaded, the MDM node in the device tree (three cores
# of 32-, 48- and 64-bit counters, Dbg_Intr on GIC SPI 30), perf, devmem.
# The workload does not follow time here (RUN off): each measurement runs
# `devmem <ADVANCE> <n>` under perf, so every expected count is a formula.
#
# Usage: mb_counts.sh [perf]
perf=${1:-perf}
wl=0x41410000
adv=0x41410024		# ADVANCE: run every core this many cycles at once
n=0
bad=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
nok() { n=$((n + 1)); bad=$((bad + 1)); echo "not ok $n - $1"; [ -n "${2:-}" ] && echo "# $2"; }
check() { if [ "$2" = "$3" ]; then ok "$1"; else nok "$1" "got '$2', want '$3'"; fi; }

wl_w() { devmem "$(printf '0x%x' $((wl + $1)))" 32 "$2"; }
rate() { wl_w 0x08 "$1"; wl_w 0x0c "$2"; wl_w 0x10 "$3"; wl_w 0x14 "$4"; }
pattern() {	# core event lat...
	wl_w 0x08 "$1"; wl_w 0x0c "$2"; wl_w 0x18 0; shift 2
	c=0
	for l in "$@"; do wl_w 0x1c "$l"; c=$((c + 1)); done
	wl_w 0x20 $c
}

# count PMU EVENTS... -- CMD: perf stat -x, values, one per line
count() {
	pmu=$1
	shift
	evs=""
	while [ "$1" != "--" ]; do evs="$evs${evs:+,}$pmu/$1/"; shift; done
	shift
	"$perf" stat -a -x, -e "$evs" -- "$@" 2>&1 >/dev/null | cut -d, -f1
}

for c in 0 1 2; do
	w=$(cat /sys/bus/event_source/devices/microblaze$c/identifier 2>/dev/null)
	check "microblaze$c is listed with its counter configuration" "$w" \
		"microblaze-mdm-w$(((c + 2) * 16))-e5-l1"
done

wl_w 0x3c 1		# rates back to reset: E30 once per cycle
for c in 0 1 2; do
	rate $c 0 2 3			# two instructions every three cycles
	rate $c 58 1 10			# a data cache read miss every ten cycles
	pattern $c 58 4 6 11		# taking 4, 6, 11, 4, ... cycles
done

for c in 0 1 2; do
	got=$(count microblaze$c cycles instructions dcache_read_latency_count \
		dcache_read_latency_sum dcache_read_latency_sum_sq dcache_read_latency_min \
		dcache_read_latency_max -- devmem $adv 32 3000000 | tr '\n' ' ')
	check "microblaze$c counts cycles, instructions and latency items exactly" "$got" \
		"3000000 2000000 300000 2100000 17300000 4 11 "
done

# across overflow interrupts: a preset 4096 below the top, then 3 x 2^32
# cycles in half-range steps (at most one wrap between two interrupts)
for c in 0 1 2; do
	top=$(((1 << ((c + 2) * 16)) - 1))
	[ $c = 2 ] && top=-1
	got=$("$perf" stat -a -x, -e "microblaze$c/cycles,preset=$(printf '0x%x' $((top - 4095)))/" -- sh -c \
		"for i in 1 2 3 4 5 6; do devmem $adv 32 0x80000000; done" \
		2>&1 >/dev/null | cut -d, -f1)
	check "microblaze$c counts exactly across overflows of its counter" "$got" 12884901888
done

got=$("$perf" record -e microblaze0/cycles/ -o /tmp/mb.data -- true 2>&1 >/dev/null; echo rc=$?)
case $got in *rc=0) nok "sampling is refused" "$got" ;; *) ok "sampling is refused" ;; esac
# (without -a or -p, perf itself turns a PMU with a cpumask into system-wide)
got=$("$perf" stat -e microblaze0/cycles/ -p 1 -- sleep 0.1 2>&1; echo rc=$?)
case $got in *"<not supported>"* | *rc=[1-9]*) ok "per-task counting is refused" ;;
	*) nok "per-task counting is refused" "$got" ;; esac
got=$("$perf" stat -a -e microblaze0/event=11,item=1/ -- true 2>&1; echo rc=$?)
case $got in *rc=0) case $got in *"not supported"* | *"<not counted>"*) ok "a latency item of a non-latency event is refused" ;;
		*) nok "a latency item of a non-latency event is refused" "$got" ;; esac ;;
	*) ok "a latency item of a non-latency event is refused" ;; esac

wl_w 0x04 2		# a JTAG debugger takes the access lock
got=$("$perf" stat -a -x, -e microblaze0/cycles/ -- true 2>&1; echo rc=$?)
case $got in *rc=0) case $got in *"not supported"* | *"not counted"*) ok "JTAG lock: refused, no hang" ;;
		*) nok "JTAG lock: refused, no hang" "$got" ;; esac ;;
	*) ok "JTAG lock: refused, no hang" ;; esac
if dmesg | grep -q "JTAG debugger holds the MDM debug register access lock"; then
	ok "JTAG lock: the kernel log says who holds the lock"
else
	nok "JTAG lock: the kernel log says who holds the lock"
fi
wl_w 0x04 0
got=$(count microblaze0 cycles -- devmem $adv 32 1000)
check "counting works again once the lock is released" "$got" 1000

echo "1..$n"
[ $bad -eq 0 ]
