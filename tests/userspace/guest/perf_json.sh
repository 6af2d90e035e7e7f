#!/bin/sh
# perf_json.sh: make check-guest-perf-json, in the test bed's guest, with
# the perf built from patches/KVER/axiperf-perf (tools/guest/perf.sh): perf
# itself names the monitors' events with their descriptions, and computes
# their figures as metrics (perf stat -M), each equal to its closed form
# (tgrun, Documentation/testbed.rst) and to axiperf stat's figure.
# /bin/events.txt, from tools/perf-json/axiperf.json on the host: every
# event's name and its description's first words. TAP on stdout.
. /bin/figcheck.sh

# No monitor yet (the module not loaded): perf's own message.
perf stat -a -M read_transaction_latency -- true >/tmp/none.out 2>/tmp/none.err
rc=$?
check "perf stat -M with no monitor fails with perf's message ($(head -1 /tmp/none.err))" \
	eval '[ $rc != 0 ] && grep -q "Cannot find metric or group .read_transaction_latency." /tmp/none.err'
[ $rc != 0 ] || show /tmp/none.err

if ! insmod /lib/modules/axiperf.ko; then
	notok "axiperf.ko loads"
	echo "1..$n"
	exit 1
fi

# ---- perf list: every event, with its description --------------------------
perf list --long-desc pmu >/tmp/list 2>&1
missing=$(while IFS='	' read -r name words; do
	# "  rd_inflight\n       [Read bursts in flight, summed ... Unit: axiperf]"
	awk -v e="$name" -v w="$words" '
		$1 == e || $1 == "axiperf/" e "/" { seen = 1; next }
		seen && index($0, w) { found = 1 }
		{ seen = 0 }
		END { exit !found }' /tmp/list || echo "$name"
done </bin/events.txt | tr '\n' ' ')
nev=$(wc -l </bin/events.txt)
check "perf list names all $nev axiperf events, each with its description${missing:+ (missing: $missing)}" \
	[ -z "$missing" ]
[ -z "$missing" ] || show /tmp/list 40
perf list metricgroups 2>/dev/null | grep -q '^ *axiperf$' || perf list 2>/dev/null | grep -q 'read_transaction_latency'
check "perf list shows the axiperf metrics" [ $? = 0 ]

axiperf list >/tmp/al 2>&1
check "axiperf list says this perf knows the axiperf events and metrics" \
	grep -q "^perf: knows the axiperf events and metrics" /tmp/al

# ---- perf stat -M: the figures ------------------------------------------
# metric FILE NAME: the value perf stat prints for metric NAME ("nan" when
# its denominator is zero), first instance
metric() {
	awk -v m="$2" 'index($0, "# ") && index($0, m) {
		sub(/.*# +/, ""); print $1; exit }' "$1"
}
# per instance: the metric on a line of one of that monitor's events
metric_of() {
	awk -v m="$2" -v i="$3" '(index($0, i "/") || index($0, "[" i "]")) &&
		index($0, "# ") && index($0, m) { sub(/.*# +/, ""); print $1; exit }' "$1"
}
close() {	# close A B: equal to 3 decimals
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(a != "" && d < 0.0005 && d > -0.0005) }'
}
shown() {	# shown GOT WANT: perf stat prints a metric to one decimal
	[ -n "$1" ] && [ "$1" = "$(awk -v w="$2" 'BEGIN { printf "%.1f", w }')" ]
}
# count FILE EVENT [INSTANCE]: the count perf stat printed for EVENT
count() {
	awk -v e="$2" -v i="${3:-}" '$2 == e && (i == "" || $3 == "[" i "]") { gsub(/,/, "", $1); print $1; exit }' "$1"
}

# Pattern 6 (four outstanding reads) on axiperf0: 118 / 8 = 14.750 clocks
# from AR to the last beat, 94 / 8 = 11.750 to the first RVALID; the
# idle-link read latency (R_LATENCY + 1) / 1 = 7.000. The other monitors
# see no traffic: merged over the instances, the sums are axiperf0's.
echo "# == perf stat -a -M read_transaction_latency,read_first_data_latency,read_latency -- tgrun run 6"
perf stat -a -M read_transaction_latency,read_first_data_latency,read_latency -- tgrun run 6 \
	>/tmp/m.out 2>/tmp/m.err
rc=$?
sed 's/^/# /' /tmp/m.err | head -30
for want in "read_transaction_latency 14.750 rd_inflight 118 rd_bursts 8" \
	    "read_first_data_latency 11.750 rd_waiting 94 rd_bursts 8" \
	    "read_latency 7.000 rd_first_lag 7 rd_ar_cycles 1"; do
	set -- $want
	m=$1 v=$2 ne=$3 nv=$4 de=$5 dv=$6
	got=$(metric /tmp/m.err "$m")
	num=$(count /tmp/m.err "$ne") den=$(count /tmp/m.err "$de")
	check "perf stat -M $m on pipelined reads: $got from $ne $num / $de $den, its closed form $v = $nv / $dv" \
		eval '[ $rc = 0 ] && shown "$got" "$v" && [ "$num" = "$nv" ] && [ "$den" = "$dv" ]'
done
axiperf stat --csv -M read_transaction_latency -- tgrun run 6 >/tmp/a.csv 2>/dev/null
ax=$(awk -F, '$1 == "axiperf0" && $3 == "read_transaction_latency" { print $4 }' /tmp/a.csv)
check "axiperf stat gives the same read_transaction_latency ($ax) as perf stat -M ($(metric /tmp/m.err read_transaction_latency))" \
	eval 'close "$ax" 14.750 && shown "$(metric /tmp/m.err read_transaction_latency)" "$ax"'

# Per monitor (--no-merge): pattern 6 on axiperf0, pattern 3 (back-pressure
# on R and B: 6 bursts of 4 beats, R_LATENCY 1, R_STALL 2, one at a time)
# on axiperf1: 78 / 6 = 13.000 clocks. A group that spans two monitors,
# which the driver refuses, is split by perf: -M works.
echo "# == perf stat -a --no-merge -M read_transaction_latency,write_transaction_latency -- tgrun run 6 3"
perf stat -a --no-merge -M read_transaction_latency,write_transaction_latency -- tgrun run 6 3 \
	>/tmp/n.out 2>/tmp/n.err
rc=$?
sed 's/^/# /' /tmp/n.err | head -30
g0=$(metric_of /tmp/n.err read_transaction_latency axiperf0)
g1=$(metric_of /tmp/n.err read_transaction_latency axiperf1)
check "perf stat --no-merge -M per monitor: axiperf0 $g0 (pattern 6, 118 / 8 = 14.750), axiperf1 $g1 (pattern 3, 78 / 6 = 13.000)" \
	eval '[ $rc = 0 ] && shown "$g0" 14.750 && shown "$g1" 13.000 &&
	      [ "$(count /tmp/n.err rd_inflight axiperf0)" = 118 ] && [ "$(count /tmp/n.err rd_inflight axiperf1)" = 78 ]'
# writes of pattern 3: 6 bursts, each 11 clocks from AW to B (testbed.rst)
w1=$(metric_of /tmp/n.err write_transaction_latency axiperf1)
check "perf stat --no-merge -M write_transaction_latency on axiperf1: $w1, its closed form 66 / 6 = 11.000" \
	eval 'shown "$w1" 11.000 && [ "$(count /tmp/n.err wr_inflight axiperf1)" = 66 ]'

# Every metric (the group axiperf) against axiperf stat's figure of the
# same pattern, run after it: pattern 2 (slow slave, reads and writes) on
# axiperf0. The figures that read an idle count or the elapsed time depend
# on the window, which differs between the two runs: those are left out.
window_figures >/tmp/skip
time_figures >>/tmp/skip
echo "# == perf stat -a --no-merge -M axiperf -- tgrun run 2"
perf stat -a --no-merge -M axiperf -- tgrun run 2 >/tmp/g.out 2>/tmp/g.err
rc=$?
axiperf stat --csv -- tgrun run 2 >/tmp/g.csv 2>/dev/null
bad=$(awk -F, '$1 == "axiperf0" && $2 == "figure" && $4 != "n/a" { print $3, $4 }' /tmp/g.csv |
	while read -r f v; do
		grep -qx "$f" /tmp/skip && continue
		case $f in *_ns) continue ;; esac	# not a metric: the clock rate
		got=$(metric_of /tmp/g.err "$f" axiperf0)
		echo "#   $f: perf stat -M $got, axiperf stat $v" >&2
		shown "$got" "$v" || echo "$f"
	done 2>/tmp/g.cmp | tr '\n' ' ')
cat /tmp/g.cmp
nfig=$(grep -c ': perf stat' /tmp/g.cmp)
check "every traffic figure of pattern 2 ($nfig) is perf stat -M's metric of the same name and value${bad:+ (not: $bad)}" \
	eval '[ $rc = 0 ] && [ -z "$bad" ] && [ "$nfig" -ge 8 ]'

# A zero denominator: no traffic, no read burst.
perf stat -a -M read_transaction_latency -- true >/tmp/z.out 2>/tmp/z.err
rc=$?
z=$(metric /tmp/z.err read_transaction_latency)
check "perf stat -M with no read burst prints no number (${z:-blank}), as axiperf prints n/a" \
	eval '[ $rc = 0 ] && case "$z" in ""|nan|-nan) true ;; *) false ;; esac'
[ $rc = 0 ] || show /tmp/z.err

# ---- the MicroBlaze cores behind the MDM ------------------------------------
# The MDM model's workload (figcheck.sh's mdm_program): per core c, CPI
# (5 + c) / 2; icache hits 3 per 4 requests: 75 %; E60 (icache read
# latency) of 1, 1, 1, 10 clocks: mean 13 / 4 = 3.25.
if [ -f /lib/modules/axiperf_mb.ko ] && insmod /lib/modules/axiperf_mb.ko &&
   [ -d /sys/bus/event_source/devices/microblaze0 ]; then
	mdm_program
	echo "# == perf stat -a --no-merge -M cpi,icache_hit_rate,icache_read_latency_mean -- devmem ADVANCE 32 840000"
	perf stat -a --no-merge -M cpi,icache_hit_rate,icache_read_latency_mean \
		-- devmem "$(printf '0x%x' $((wl + 0x24)))" 32 840000 >/tmp/mb.out 2>/tmp/mb.err
	rc=$?
	sed 's/^/# /' /tmp/mb.err | head -30
	for c in 0 1 2; do
		cpi=$(metric_of /tmp/mb.err cpi microblaze$c)
		hit=$(metric_of /tmp/mb.err icache_hit_rate microblaze$c)
		lat=$(metric_of /tmp/mb.err icache_read_latency_mean microblaze$c)
		check "microblaze$c: perf stat -M cpi $cpi, icache_hit_rate $hit, icache_read_latency_mean $lat as programmed ((5 + c) / 2, 75 %, 13 / 4)" \
			eval '[ $rc = 0 ] && shown "$cpi" "$(awk -v c=$c "BEGIN { print (5 + c) / 2 }")" &&
			      shown "$hit" 75 && shown "$lat" 3.25'
	done
	perf list pmu 2>/dev/null | grep -A1 "^  icache_read_latency_sum" >/tmp/mbl
	check "perf list describes the MicroBlaze events" grep -q "Instruction cache latency for memory read" /tmp/mbl
	show /tmp/mbl 4
	wl_w 0x3c 1
else
	for t in "microblaze0..2: perf stat -M cpi, icache_hit_rate, icache_read_latency_mean as programmed" \
		"perf list describes the MicroBlaze events"; do
		n=$((n + 1)); echo "ok $n - # SKIP $t: no axiperf_mb.ko or no microblaze0 PMU"
	done
fi

echo "1..$n"
[ $failed = 0 ]
