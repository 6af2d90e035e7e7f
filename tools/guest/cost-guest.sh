#!/bin/sh
# Runs in the test bed's guest for `make bench-testbed` (tools/guest/
# check.mk): what the modelled monitor costs the host, and what the driver
# costs the guest, from the generator's benchmark registers (tgrun cost).
#   host CPU seconds per guest second while perf counts an idle bus, and
#   while the generator streams its longest pattern;
#   MMIO accesses per read of a group of every axiperf0 event (perf stat
#   -I reads the group once per interval);
#   interrupts per second while an idle bus is counted at 100 MHz.
insmod /lib/modules/axiperf.ko || { echo "bench: insmod axiperf.ko failed"; exit 1; }
cost() { tgrun cost | awk -v k="$1" '$1 == k { print $2 }'; }
up() { awk '{ print $1 }' /proc/uptime; }
hz=$(tgrun clock)
dev=/sys/bus/event_source/devices/axiperf0
IDLE_S=${IDLE_S:-45}

# 1. an idle bus counted for IDLE_S seconds of guest time
h0=$(cost host_ns) i0=$(cost irq_rises) t0=$(up)
perf stat -a -x, -o /tmp/idle.csv -e axiperf0/active_cycles/,axiperf0/rd_idle/,axiperf0/wr_idle/ \
	-- sleep "$IDLE_S" >/dev/null 2>&1
h1=$(cost host_ns) i1=$(cost irq_rises) t1=$(up)
act=$(awk -F, '$3 ~ /active_cycles/ { print $1 }' /tmp/idle.csv)
awk -v h="$((h1 - h0))" -v t0="$t0" -v t1="$t1" -v i="$((i1 - i0))" -v hz="$hz" -v a="$act" 'BEGIN {
	g = t1 - t0
	printf "testbed idle bus: %.4f host CPU s per guest s over %.1f guest s at %d Hz (goal < 0.05: %s)\n",
		h / 1e9 / g, g, hz, (h / 1e9 / g < 0.05) ? "met" : "NOT met"
	# the idle counters cross half their range together: one interrupt
	# per 2^31 counted clocks at most
	printf "driver interrupts: %d while %.0f clocks were counted (%.2f x 2^31): at most one per 2^31 clocks per counter: %s\n",
		i, a, a / 2147483648, (i <= int(a / 2147483648) + 1) ? "met" : "NOT met"
}'

# 2. the longest pattern (1, long bursts: 256-beat bursts both ways) made
# a long stream: STREAM_BURSTS bursts each way, counted by perf
STREAM_BURSTS=${STREAM_BURSTS:-40000}
h0=$(cost host_ns) t0=$(up)
perf stat -a -x, -e axiperf0/rd_beats/ -- tgrun stream "$STREAM_BURSTS" >/dev/null 2>&1
h1=$(cost host_ns) t1=$(up) c=$(cost last_run_clocks)
awk -v h="$((h1 - h0))" -v t0="$t0" -v t1="$t1" -v c="$c" -v hz="$hz" 'BEGIN {
	ns = h / c
	printf "testbed streaming: %d clocks (%.3f s of the link) cost %.3f host CPU s: %.2f host ns per clock = %.3f host CPU s per guest s of streaming at %d Hz (goal < 1: %s)\n",
		c, c / hz, h / 1e9, ns, ns * hz / 1e9, hz, (ns * hz / 1e9 < 1) ? "met" : "NOT met"
}'

# 3. MMIO per group read: two perf stat -I runs of different lengths, the
# difference per extra interval (setup and teardown cancel out)
ev=$(ls "$dev/events" | grep -v '\.' | awk '{ printf "%saxiperf0/%s/", (NR > 1 ? "," : ""), $1 }')
nev=$(ls "$dev/events" | grep -vc '\.')
cw=$(cat "$dev/caps/counter_width")
group() { # group SECONDS: prints "intervals reads writes"
	r0=$(cost mmio_reads) w0=$(cost mmio_writes)
	perf stat -a -x, -I 100 -e "{$ev}" -- sleep "$1" >/tmp/group.out 2>&1
	r1=$(cost mmio_reads) w1=$(cost mmio_writes)
	echo "$(grep -c 'axiperf0/active_cycles/' /tmp/group.out) $((r1 - r0)) $((w1 - w0))"
}
set -- $(group 1)
ia=$1 ra=$2 wa=$3
set -- $(group 3)
ib=$1 rb=$2 wb=$3
awk -v i="$((ib - ia))" -v r="$((rb - ra))" -v w="$((wb - wa))" -v n="$nev" -v cw="$cw" 'BEGIN {
	words = n * cw / 32
	if (i <= 0) { print "driver MMIO: perf stat -I gave no extra interval"; exit 1 }
	printf "driver MMIO per read of a group of %d events (%d-bit counters): %.2f reads + %.2f writes over %d reads (goal: 1 snapshot write + %d reads: %s)\n",
		n, cw, r / i, w / i, i, words, (r / i <= words + 0.05 && w / i <= 1.05) ? "met" : "NOT met"
}'
