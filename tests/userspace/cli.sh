#!/bin/bash
# Command-line tests of axiperf: list, stat and report as a user runs them,
# with made-up sysfs trees (AXIPERF_SYSFS). One TAP line per behaviour.
# AXIPERF and MANPAGE name the program and man page under test.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
ax=${AXIPERF:?set AXIPERF to the axiperf binary}
man=${MANPAGE:?set MANPAGE to the generated axiperf.1}
data=$here/data
tmp=$(mktemp -d /tmp/axiperf-cli-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() {
	n=$((n + 1)); failed=1
	echo "not ok $n - $1"
	[ -f "$tmp/out" ] && head -20 "$tmp/out" | sed 's/^/# out: /'
	[ -f "$tmp/err" ] && head -5 "$tmp/err" | sed 's/^/# err: /'
}
check() { local name=$1; shift; if "$@"; then ok "$name"; else notok "$name"; fi; }
# run CMD...: runs with stdout/stderr captured, sets $rc
run() { "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
has() { grep -qF -- "$1" "$tmp/${2:-out}"; }

# A fake sysfs PMU: mkpmu ROOT NAME TYPE EVENT=CONFIG...
mkpmu() {
	local root=$1 name=$2 type=$3 d
	shift 3
	d=$root/bus/event_source/devices/$name
	mkdir -p "$d/events" "$d/format"
	echo "$type" >"$d/type"
	echo 0 >"$d/cpumask"
	echo "config:0-7" >"$d/format/event"
	for e in "$@"; do echo "config=${e#*=}" >"$d/events/${e%%=*}"; done
}
ALL_EVENTS=$(sed -n 's/^\t\[\([0-9]*\)\] = "\(.*\)",$/\2=\1/p' "$top/include/axiperf/figures.h")

# ---- help and man page: every figure with its formula -------------------
# figures.rst (generated from the same description) is the reference.
sed -n 's/^\([a-z_]*\) .*``\(.*\)``\( x 100\)\?.*/\1|\2\3/p' \
	"$top/Documentation/generated/figures.rst" >"$tmp/figures"
help_ok=1; man_ok=1
"$ax" --help >"$tmp/help"
sed 's/\\-/-/g' "$man" >"$tmp/man"
while IFS='|' read -r name formula; do
	grep -qF -- "$name" "$tmp/help" && grep -qF -- "$formula" "$tmp/help" || help_ok=0
	grep -qF -- "$name" "$tmp/man" && grep -qF -- "$formula" "$tmp/man" || man_ok=0
done <"$tmp/figures"
nfig=$(wc -l <"$tmp/figures")
check "help lists all $nfig figures with their formulas" [ $help_ok = 1 -a "$nfig" -ge 10 ]
check "man page lists all $nfig figures with their formulas" [ $man_ok = 1 -a "$nfig" -ge 10 ]
# The MicroBlaze figures: their table in microblaze_events.rst.
sed -n '/^Figures$/,$ s/^\([a-z_]*\) .*``\(.*\)``\( x 100\)\?.*/\1|\2\3/p' \
	"$top/Documentation/generated/microblaze_events.rst" >"$tmp/mbfigures"
help_ok=1; man_ok=1
while IFS='|' read -r name formula; do
	grep -qF -- "$name" "$tmp/help" && grep -qF -- "$formula" "$tmp/help" || help_ok=0
	grep -qF -- "$name" "$tmp/man" && grep -qF -- "$formula" "$tmp/man" || man_ok=0
done <"$tmp/mbfigures"
nmb=$(wc -l <"$tmp/mbfigures")
check "help lists all $nmb MicroBlaze figures with their formulas" [ $help_ok = 1 -a "$nmb" -ge 21 ]
check "man page lists all $nmb MicroBlaze figures with their formulas" [ $man_ok = 1 -a "$nmb" -ge 21 ]
check "man page lists the MicroBlaze events with their configs" eval '
	grep -A1 "^.B icache_read_latency_sum_sq$" "$tmp/man" | grep -qx "config=0x23c"'

# ---- list -----------------------------------------------------------------
root=$tmp/sys1
# shellcheck disable=SC2086
mkpmu "$root" axiperf0 29 $ALL_EVENTS
mkpmu "$root" axiperf1 30 rd_ar_stall=0x16 rd_lag=0x18 rd_bursts=0x12
echo axiperf-1.0-00a5e27f >"$root/bus/event_source/devices/axiperf1/identifier"
run env AXIPERF_SYSFS="$root" "$ax" list
check "list shows each PMU with its type, event count and identifier" \
	eval '[ $rc = 0 ] && has "axiperf0: type 29, cpu 0, 39 events" &&
	      has "axiperf1: type 30, cpu 0, 3 events, identifier axiperf-1.0-00a5e27f"'
check "list shows events with their config values" \
	eval 'grep -Eq "^  event +rd_first_lag +config=0x1a$" "$tmp/out"'
check "list shows which figures a PMU can give" \
	eval 'grep -Eq "^  figure +read_lag +\(rd_ar_stall \+ rd_lag\) / \(rd_bursts\)$" "$tmp/out" &&
	      [ "$(grep -c "n/a (events missing)" "$tmp/out")" = $((nfig - 1)) ]'

# whether the running perf knows the JSON: a fake perf whose metric list
# has the figures (or not), and no perf at all
printf '#!/bin/sh\necho "  read_transaction_latency"\n' >"$tmp/perf-json" && chmod +x "$tmp/perf-json"
printf '#!/bin/sh\necho "  tma_retiring"\n' >"$tmp/perf-plain" && chmod +x "$tmp/perf-plain"
run env AXIPERF_SYSFS="$root" AXIPERF_PERF="$tmp/perf-json" "$ax" list
check "list says when perf knows the axiperf metrics" eval '[ $rc = 0 ] &&
	has "perf: knows the axiperf events and metrics (perf stat -M read_transaction_latency)"'
run env AXIPERF_SYSFS="$root" AXIPERF_PERF="$tmp/perf-plain" "$ax" list
check "list says when perf does not, and where to read how" eval '[ $rc = 0 ] &&
	has "perf: does not know the axiperf events (raw sysfs names only, no perf stat -M): build it with tools/perf-json/, see Documentation/perf.rst"'
run env AXIPERF_SYSFS="$root" AXIPERF_PERF="$tmp/no-such-perf" "$ax" list
check "list without perf says so and goes on" eval '[ $rc = 0 ] && has "perf: not found; axiperf counts without it"'

# A fake MicroBlaze PMU: mkmb ROOT NAME TYPE IDENTIFIER EVENT=TEXT...
mkmb() {
	local root=$1 name=$2 type=$3 ident=$4 d
	shift 4
	d=$root/bus/event_source/devices/$name
	mkdir -p "$d/events" "$d/format"
	echo "$type" >"$d/type"
	echo 0 >"$d/cpumask"
	echo "$ident" >"$d/identifier"
	echo "config:0-7" >"$d/format/event"
	echo "config:8-10" >"$d/format/item"
	for e in "$@"; do echo "${e#*=}" >"$d/events/${e%%=*}"; done
}
mkmb "$root" microblaze0 40 microblaze-mdm-w32-e5-l1 cycles=event=30,item=0 \
	instructions=event=0,item=0 icache_read_latency_sum=event=60,item=1
run env AXIPERF_SYSFS="$root" "$ax" list
check "list shows MicroBlaze cores after the monitors, with counters and figures" \
	eval '[ $rc = 0 ] && has "microblaze0: type 40, cpu 0, 3 events, identifier microblaze-mdm-w32-e5-l1" &&
	      has "  counters 5 event, 1 latency" &&
	      grep -Eq "^  event +icache_read_latency_sum +config=0x13c$" "$tmp/out" &&
	      grep -Eq "^  figure +cpi +\(cycles\) / \(instructions\)$" "$tmp/out" &&
	      grep -Eq "^  figure +icache_hit_rate +n/a \(events missing\)" "$tmp/out" &&
	      [ "$(sed -n "/^microblaze0/,\$p" "$tmp/out" | grep -c "figure  read_lag")" = 0 ] &&
	      [ "$(sed -n "/^axiperf0/,/^axiperf1/p" "$tmp/out" | grep -c "figure  cpi")" = 0 ]'
rm -rf "$root/bus/event_source/devices/microblaze0"

# ---- CPU PMUs: a MicroBlaze V (cpu + /proc/cpuinfo) and an ARM core ------
cpu=$root/bus/event_source/devices/cpu
mkdir -p "$cpu/format" && echo 4 >"$cpu/type" && echo "config:0-47" >"$cpu/format/event"
mbvinfo() {
	printf 'processor\t: 0\nhart\t\t: 0\nuarch\t\t: amd,mbv64\nmvendorid\t: 0x0\nmarchid\t\t: %s\nmimpid\t\t: 0x1\n' "$1" >"$tmp/cpuinfo"
}
mbvinfo 0x4d425635
run env AXIPERF_SYSFS="$root" AXIPERF_CPUINFO="$tmp/cpuinfo" "$ax" list
check "list shows a MicroBlaze V's cpu PMU with every event by code, perf naming them" \
	eval '[ $rc = 0 ] && has "cpu: type 4, cpu 0, 50 events, identifier 0x0-0x4d425635-0x1" &&
	      has "  perf    names these events (cpu/loads/, ...): cpuid 0x0-0x4d425635-0x1 has its mapfile row" &&
	      grep -Eq "^  event +cycles +generic=0x00$" "$tmp/out" &&
	      grep -Eq "^  event +load_instructions +config=0x20020$" "$tmp/out" &&
	      grep -Eq "^  event +interrupt_latency +config=0x2a  \(latency class: counts occurrences\)$" "$tmp/out" &&
	      grep -Eq "^  figure +taken_branch_ratio +\(taken_conditional_branches\) / \(conditional_branches\) x 100$" "$tmp/out"'
mbvinfo 0x8000002a
run env AXIPERF_SYSFS="$root" AXIPERF_CPUINFO="$tmp/cpuinfo" "$ax" list
check "list says why perf has no names for a MicroBlaze V of another cpuid, and how to add them" \
	eval '[ $rc = 0 ] && has "perf    does not name these events: its mapfile has no row for cpuid 0x0-0x8000002a-0x1 (it has 0x0-0x4d425635-0x1)" &&
	      has "or as cpu/event=<config>/" &&
	      has "'"'"'0x0-0x8000002a-0x1,v1,amd/microblaze-v,core'"'"' to tools/perf/pmu-events/arch/riscv/mapfile.csv"'
echo "processor : 0" >"$tmp/cpuinfo"
run env AXIPERF_SYSFS="$root" AXIPERF_CPUINFO="$tmp/cpuinfo" "$ax" list
check "list leaves out the cpu PMU of a core that is no MicroBlaze V" \
	eval '[ $rc = 0 ] && ! grep -q "^cpu:" "$tmp/out"'
mbvinfo 0x4d425635
run env AXIPERF_SYSFS="$root" AXIPERF_CPUINFO="$tmp/cpuinfo" "$ax" stat -M cpi -e interrupt_latency -- true
check "stat -e with a MicroBlaze V latency event says it counts occurrences, not cycles" \
	has "axiperf: interrupt_latency is a latency event (UG1629 class 5): on the HPM counters Linux programs it counts occurrences, not cycles" err
rm -rf "$cpu"
arm=$root/bus/event_source/devices/armv7_cortex_a9
mkdir -p "$arm/events" "$arm/format" && echo 9 >"$arm/type" && echo "config:0-7" >"$arm/format/event"
echo event=0x11 >"$arm/events/cpu_cycles"; echo event=0x08 >"$arm/events/inst_retired"
echo event=0x09 >"$arm/events/exc_taken"
run env AXIPERF_SYSFS="$root" "$ax" list
check "list shows an ARM core's PMU with the events of its figures, n/a where one is missing" \
	eval '[ $rc = 0 ] && has "armv7_cortex_a9: type 9, cpu 0, 3 events" &&
	      grep -Eq "^  event +cycles +generic=0x00$" "$tmp/out" &&
	      grep -Eq "^  event +cpu_cycles +config=0x11$" "$tmp/out" &&
	      ! has "exc_taken" &&
	      grep -Eq "^  figure +cpi +\(cycles\) / \(inst_retired\)$" "$tmp/out" &&
	      grep -Eq "^  figure +dcache_miss_rate +n/a \(events missing\)" "$tmp/out"'
rm -rf "$arm"
cpu_ok=1
for f in "(load_instructions) / (instructions) x 100" "(l1d_tlb_refill) / (l1d_cache) x 100" \
	 "(fp_instructions) / (instructions) x 100" "(br_mis_pred) / (br_pred) x 100"; do
	grep -qF -- "$f" "$tmp/help" && grep -qF -- "$f" "$tmp/man" || cpu_ok=0
done
check "help and man page give the MicroBlaze V and ARM figures with their formulas" [ $cpu_ok = 1 ]

# ---- APMs (driver/apm/): mkapm ROOT NAME TYPE SLOTS COUNTERS [SLOT NAMES]
# makes the driver's sysfs: events/<metric> metric=N, the slot aliases of
# a monitor of several slots, format/, slots, counters
APM_METRICS=$(sed -n 's/^\tX(\([a-z_]*\), \([0-9]*\), .*/\1=\2/p' "$top/include/axiperf/apm.h")
mkapm() {
	local root=$1 name=$2 type=$3 slots=$4 counters=$5 d m s=0 n
	shift 5
	d=$root/bus/event_source/devices/$name
	mkdir -p "$d/events" "$d/format"
	echo "$type" >"$d/type"; echo 0 >"$d/cpumask"
	echo "$slots" >"$d/slots"; echo "$counters" >"$d/counters"
	echo config:0-4 >"$d/format/metric"; echo config:5-7 >"$d/format/slot"
	echo config:8 >"$d/format/lat_start"; echo config:9 >"$d/format/lat_end"
	for m in $APM_METRICS; do echo "metric=${m#*=}" >"$d/events/${m%%=*}"; done
	[ "$slots" -gt 1 ] || return 0
	for n in "$@"; do
		for m in write_transactions=0 read_transactions=1 write_bytes=2 read_bytes=3; do
			echo "metric=${m#*=},slot=$s" >"$d/events/${n}_${m%%=*}"
		done
		s=$((s + 1))
	done
}
apmroot=$tmp/sysapm
mkpmu "$apmroot" axiperf0 29 rd_beats=0x13
mkapm "$apmroot" apm_ddr 12 6 10 rpu apu0 apu1 dp_hp0 hp1_hp2 hp3_fpd_dma
mkapm "$apmroot" apm_ocm 13 1 8
run env AXIPERF_SYSFS="$apmroot" "$ax" list
check "list shows the APMs after the monitors, with slots, counters, events and figures" eval '[ $rc = 0 ] &&
	[ "$(grep -E "^[a-z]" "$tmp/out" | cut -d: -f1 | head -3 | paste -sd " ")" = "axiperf0 apm_ddr apm_ocm" ] &&
	has "apm_ddr: type 12, cpu 0, 16 events, 6 slots, 10 counters" &&
	has "apm_ocm: type 13, cpu 0, 16 events, 1 slot, 8 counters" &&
	grep -Eq "^  slot    1 apu0 +port apm_ddr.apu0$" "$tmp/out" &&
	grep -Eq "^  slot    5 hp3_fpd_dma +port apm_ddr.hp3_fpd_dma$" "$tmp/out" &&
	grep -Eq "^  slot    0 ocm +port apm_ocm.ocm$" "$tmp/out" &&
	grep -Eq "^  event +read_latency +config=0x05$" "$tmp/out" &&
	grep -Eq "^  figure +read_bandwidth +\(read_bytes\) / \(seconds\), per slot \(stat.s default\)$" "$tmp/out" &&
	grep -Eq "^  figure +read_latency_mean +\(read_latency\) / \(read_transactions\), per slot$" "$tmp/out" &&
	[ "$(sed -n "/^apm_ddr/,/^apm_ocm/p" "$tmp/out" | grep -c "apu0_read_bytes")" = 0 ] &&
	[ "$(sed -n "/^axiperf0/,/^apm_ddr/p" "$tmp/out" | grep -c "read_latency_mean")" = 0 ]'
check "help and man page give the APM figures with their formulas" eval '
	grep -qF "(read_latency) / (read_transactions)" "$tmp/help" &&
	grep -qF "(write_latency) / (write_transactions)" "$tmp/man" &&
	grep -A1 "^.B read_latency_max$" "$tmp/man" | grep -qx "metric=15 (cycles)"'
run env AXIPERF_SYSFS="$apmroot" "$ax" stat -M read_bandwidth@apm_ocm.apu0 -- touch "$tmp/ran"
check "stat -M figure@port with a slot the APM lacks fails naming its slots" eval '[ $rc = 2 ] &&
	has "read_bandwidth@apm_ocm.apu0: apm_ocm has no slot '\''apu0'\''; its slots: 0 ocm" err && [ ! -e "$tmp/ran" ]'
run env AXIPERF_SYSFS="$apmroot" "$ax" stat -M read_bandwidth@apm_lpd -- true
check "stat -M figure@port of an APM not there fails naming those there" eval '[ $rc = 2 ] &&
	has "no APM named apm_lpd here (APMs: apm_ddr, apm_ocm)" err'
run env AXIPERF_SYSFS="$apmroot" "$ax" stat -M read_lag@apm_ddr.apu0 -- true
check "stat -M with a figure of another kind at a port fails saying so" eval '[ $rc = 2 ] &&
	has "read_lag is not an APM figure" err'
run env AXIPERF_SYSFS="$apmroot" "$ax" stat -M read_latency_mean@apm_ddr,read_bandwidth@apm_ddr -- true
check "stat -M figure@port that does not fit the counters fails" eval '[ $rc = 2 ] &&
	has "apm_ddr has 10 counters, too few to count read_latency_mean on apm_ddr.apu1" err'
# An APM of one slot made of software events: read_transactions and
# write_transactions are cpu-clock (> 0), every other metric the dummy
# event (0): bandwidths 0 B/s, read_latency_mean 0 / N = 0.000 exactly.
apmsw=$tmp/sysapmsw
mkapm "$apmsw" apm_ocm 1 1 8
for f in "$apmsw"/bus/event_source/devices/apm_ocm/events/*; do
	case ${f##*/} in *_transactions) echo metric=0 >"$f" ;; *) echo metric=9 >"$f" ;; esac
done
run env AXIPERF_SYSFS="$apmsw" "$ax" stat --csv -- true
if [ $rc = 1 ] && grep -Eq "Permission denied|Operation not permitted|Function not implemented" "$tmp/err"; then
	n=$((n + 1)); echo "ok $n - # SKIP stat counts an APM per slot: perf_event_open not permitted here"
else
	check "stat counts an APM's slot as an instance, the bandwidths by default" eval '[ $rc = 0 ] &&
		grep -Eq "^apm_ocm.ocm,figure,read_bandwidth,0,B/s,0,[0-9.e-]+$" "$tmp/out" &&
		grep -Eq "^apm_ocm.ocm,figure,write_bandwidth,0,B/s,0," "$tmp/out" &&
		! has "read_latency_mean" && [ ! -s "$tmp/err" ]'
	run env AXIPERF_SYSFS="$apmsw" "$ax" stat -M read_latency_mean -- true
	check "stat -M read_latency_mean prints the APM port side by side" eval '[ $rc = 0 ] &&
		grep -Eq "^ +apm_ocm.ocm +unit$" "$tmp/out" &&
		grep -Eq "^read_latency_mean +0.000 +cycles$" "$tmp/out"'
fi
printf '160,bytes,apm_ddr/apu0_read_bytes/,5000,100.00,,\n5,transactions,apm_ddr/read_transactions,slot=1/,5000,100.00,,\n175,cycles,apm_ddr/metric=5,slot=1/,5000,100.00,,\n' >"$tmp/apm.csv"
run "$ax" report --csv --seconds 2 "$tmp/apm.csv"
check "report gives an APM slot's bandwidth and mean read latency" eval '[ $rc = 0 ] &&
	has "apm_ddr.apu0,figure,read_bandwidth,80,B/s,160,2" &&
	has "apm_ddr.apu0,figure,read_latency_mean,35.000,cycles,175,5"'

mkdir -p "$tmp/empty"
run env AXIPERF_SYSFS="$tmp/empty" "$ax" list
check "list without an axiperf PMU fails saying to load the driver" \
	eval '[ $rc = 1 ] && has "no axiperf, microblaze or CPU PMU in $tmp/empty/bus/event_source/devices; load the driver" err'

# ---- stat: errors ---------------------------------------------------------
run env AXIPERF_SYSFS="$tmp/empty" "$ax" stat -- touch "$tmp/ran"
check "stat without an axiperf PMU fails before running the command" \
	eval '[ $rc = 1 ] && has "no axiperf, microblaze or CPU PMU" err && [ ! -e "$tmp/ran" ]'
run env AXIPERF_SYSFS="$root" "$ax" stat -M read_lag,bogus -- true
check "stat with an unknown figure fails naming it" \
	eval '[ $rc = 2 ] && has "unknown figure '\''bogus'\''" err'
run env AXIPERF_SYSFS="$root" "$ax" stat -e rd_beets -- true
check "stat with an unknown event fails naming it" \
	eval '[ $rc = 2 ] && has "unknown event '\''rd_beets'\''" err'
run env AXIPERF_SYSFS="$root" "$ax" stat -I 0 -- true
check "stat with a zero interval fails" eval '[ $rc = 2 ] && has "-I 0" err'
run env AXIPERF_SYSFS="$root" "$ax" stat --trace -- true
check "stat --trace without -I fails" eval '[ $rc = 2 ] && has "--trace needs -I" err'
run env AXIPERF_SYSFS="$root" "$ax" stat
check "stat without a command fails with usage" eval '[ $rc = 2 ] && has "stat needs a command" err'
bad=$tmp/sysbad
mkpmu "$bad" axiperf0 987654 rd_beats=0x13 rd_bursts=0x12
run env AXIPERF_SYSFS="$bad" "$ax" stat -- touch "$tmp/ran"
check "stat whose events cannot be opened fails naming the PMU" \
	eval '[ $rc = 1 ] && has "cannot open the events of axiperf0 (type 987654, cpu 0)" err && [ ! -e "$tmp/ran" ]'

# ---- stat through libperf, on a PMU made of software events ----------------
# rd_beats and rd_bursts are cpu-clock (counts > 0); every other event is the
# dummy software event (counts exactly 0). So: read_throughput = beats /
# (0 + 0 + beats) = 100 %, read_efficiency = 100 %, read_lag = 0 / bursts
# = 0, read_latency = 0 / 0 = n/a, every write figure 0 / 0 = n/a.
sw=$tmp/syssw
swev=$(for e in $ALL_EVENTS; do
	case ${e%%=*} in rd_beats|rd_bursts) echo "${e%%=*}=0x0" ;; *) echo "${e%%=*}=0x9" ;; esac
done)
# shellcheck disable=SC2086
mkpmu "$sw" axiperf0 1 $swev
# shellcheck disable=SC2086
mkpmu "$sw" axiperf1 1 $swev
run env AXIPERF_SYSFS="$sw" "$ax" stat --csv -- touch "$tmp/ran"
if [ $rc = 1 ] && grep -Eq "Permission denied|Operation not permitted|Function not implemented" "$tmp/err"; then
	for t in "stat runs the command and prints exact figures" "stat prints instances side by side" \
		"stat passes on a failing command's status" "stat reports a command that cannot run" \
		"stat -I prints a timeline" "stat -I --plot draws the timeline" \
		"stat -I under 10 ms wants the driver's tracepoint and says so" \
		"stat --trace puts trace_interval_ms back when the tracepoint fails"; do
		n=$((n + 1)); echo "ok $n - # SKIP $t: perf_event_open not permitted here"
	done
else
	check "stat runs the command and prints exact figures" eval '[ $rc = 0 ] && [ -e "$tmp/ran" ] &&
		has "axiperf0,figure,read_throughput,100.00,%," && has "axiperf1,figure,read_efficiency,100.00,%," &&
		grep -Eq "^axiperf0,figure,read_lag,0.000,cycles/burst,0,[1-9][0-9]*$" "$tmp/out" &&
		has "axiperf0,figure,read_latency,n/a,cycles,0,0" &&
		has "axiperf1,figure,write_latency,n/a,cycles/burst,0,0" &&
		has "axiperf0,figure,read_bandwidth,0,B/s,0," && has "axiperf0,event,wr_bursts,0,bursts,,"'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -M read_throughput -- true
	check "stat prints instances side by side" eval '[ $rc = 0 ] &&
		grep -Eq "^ +axiperf0 +axiperf1 +unit$" "$tmp/out" &&
		grep -Eq "^read_throughput +100.00 +100.00 +%$" "$tmp/out"'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -M read_lag -- sh -c "exit 3"
	check "stat passes on a failing command's status" eval '[ $rc = 3 ] &&
		has "'\''sh'\'' exited with status 3" err && has "read_lag"'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -- "$tmp/no-such-command"
	check "stat reports a command that cannot run" eval '[ $rc = 1 ] &&
		has "cannot run '\''$tmp/no-such-command'\'': No such file or directory" err'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -I 100 --csv -M read_throughput -- sleep 0.45
	check "stat -I prints a timeline" eval '[ $rc = 0 ] &&
		[ "$(grep -c "^[0-9.]*,axiperf0,figure,read_throughput,100.00," "$tmp/out")" -ge 3 ]'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -I 100 -M read_throughput,read_lag --plot "$tmp/stat.svg" -- sleep 0.3
	check "stat -I --plot draws the timeline" eval '[ $rc = 0 ] && grep -q "Read throughput" "$tmp/stat.svg"'
	run env AXIPERF_SYSFS="$sw" "$ax" stat -I 5 -- touch "$tmp/ran2"
	check "stat -I under 10 ms wants the driver's tracepoint and says so" eval '[ $rc = 1 ] &&
		has "no axiperf:axiperf_counters tracepoint under $sw/kernel/tracing" err && [ ! -e "$tmp/ran2" ]'
	# A tracefs whose tracepoint id the kernel does not have: the open
	# fails, and trace_interval_ms must be put back as it was.
	tp=$sw/kernel/tracing/events/axiperf/axiperf_counters
	mkdir -p "$tp"
	echo 2147483000 >"$tp/id"
	{
		printf 'name: axiperf_counters\nID: 2147483000\nformat:\n'
		printf '\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n'
		printf '\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n'
		printf '\tfield:__data_loc char[] pmu;\toffset:8;\tsize:4;\tsigned:1;\n'
		printf '\tfield:unsigned int reason;\toffset:12;\tsize:4;\tsigned:0;\n'
		printf '\tfield:u64 counts[32];\toffset:16;\tsize:256;\tsigned:0;\n'
		printf '\tfield:u64 gauges[7];\toffset:272;\tsize:56;\tsigned:0;\n\n'
		printf 'print fmt: "pmu=%%s", __get_str(pmu)\n'
	} >"$tp/format"
	for p in axiperf0 axiperf1; do echo 0 >"$sw/bus/event_source/devices/$p/trace_interval_ms"; done
	run env AXIPERF_SYSFS="$sw" "$ax" stat --trace -I 20 -- touch "$tmp/ran2"
	check "stat --trace puts trace_interval_ms back when the tracepoint fails" eval '[ $rc = 1 ] &&
		has "cannot open the axiperf:axiperf_counters tracepoint" err && [ ! -e "$tmp/ran2" ] &&
		[ "$(cat "$sw/bus/event_source/devices/axiperf0/trace_interval_ms")" = 0 ] &&
		[ "$(cat "$sw/bus/event_source/devices/axiperf1/trace_interval_ms")" = 0 ]'
fi

# ---- stat on a MicroBlaze core made of software events ------------------
# cycles is the dummy event (0), instructions cpu-clock (> 0): cpi = 0/N
# = 0.000 exactly; fp_instructions is cpu-clock too: fp_ratio 100 % give or
# take the clock between two reads, so only its presence is checked.
# Two event counters and no latency counter: cpi (first in the table) fits
# and fp_ratio does not.
mbsw=$tmp/sysmb
mbev=""
while IFS= read -r e; do
	case $e in
	cycles) mbev="$mbev cycles=config=0x9" ;;
	*) mbev="$mbev $e=config=0x0" ;;
	esac
done < <(sed -n 's/^\tX(\([a-z0-9_]*\), 0x[0-9a-f]*, [0-9]*, [0-9]*) \\$/\1/p' "$top/include/axiperf/microblaze.h")
# shellcheck disable=SC2086
mkmb "$mbsw" microblaze0 1 microblaze-mdm-w32-e2-l0 $mbev
run env AXIPERF_SYSFS="$mbsw" "$ax" stat --csv -- true
if [ $rc = 1 ] && grep -Eq "Permission denied|Operation not permitted|Function not implemented" "$tmp/err"; then
	for t in "stat counts the MicroBlaze figures that fit the core's counters" \
		"stat -M with MicroBlaze figures that do not fit fails naming them"; do
		n=$((n + 1)); echo "ok $n - # SKIP $t: perf_event_open not permitted here"
	done
else
	check "stat counts the MicroBlaze figures that fit the core's counters" eval '[ $rc = 0 ] &&
		grep -Eq "^microblaze0,figure,cpi,0.000,cycles/instruction,0,[1-9][0-9]*$" "$tmp/out" &&
		has "microblaze0,event,cycles,0,cycles,," &&
		[ "$(grep -c ",figure," "$tmp/out")" = 1 ] &&
		has "microblaze0 has 2 event and 0 latency counters; not counted: icache_hit_rate, dcache_hit_rate" err'
	run env AXIPERF_SYSFS="$mbsw" "$ax" stat -M cpi,fp_ratio -- touch "$tmp/ran3"
	check "stat -M with MicroBlaze figures that do not fit fails naming them" eval '[ $rc = 2 ] &&
		has "microblaze0 has 2 event and 0 latency counters, too few to count fp_ratio" err &&
		[ ! -e "$tmp/ran3" ]'
fi

# ---- report ---------------------------------------------------------------
run "$ax" report --csv "$data/article.csv"
check "report gives the article's read lag, latency, efficiency, throughput" eval '[ $rc = 0 ] &&
	has "axiperf0,figure,read_lag,0.435,cycles/burst,505770,1163604" &&
	has "axiperf1,figure,read_latency,6.947,cycles,1142118,164407" &&
	has "axiperf2,figure,read_efficiency,8.75,%,137317,1568840" &&
	has "axiperf2,figure,read_throughput,100.00,%,137317,137317"'
check "report gives write figures, n/a where the article divided by a forced 1" eval '
	has "axiperf0,figure,write_latency,1.000,cycles/burst,88348,88348" &&
	has "axiperf1,figure,write_efficiency,n/a,%,0,0" &&
	has "axiperf2,figure,write_efficiency,17.66,%,88391,500420" &&
	has "axiperf1,figure,write_bias,n/a,cycles/burst,0,0" &&
	has "axiperf2,figure,write_bias,0.000,cycles/burst,0,88391"'
check "report prints raw counts as read" eval 'has "axiperf1,event,rd_max_outstanding,5,max,," &&
	has "axiperf2,event,wr_b_lag,412029,cycles,,"'
run "$ax" report "$data/article.csv"
check "report prints the monitors side by side" eval '[ $rc = 0 ] &&
	grep -Eq "^ +axiperf0 +axiperf1 +axiperf2 +unit$" "$tmp/out" &&
	grep -Eq "^read_lag +0.435 +1.468 +9.425 +cycles/burst$" "$tmp/out" &&
	has "elapsed time unknown"'
check "report says why the transaction latencies are n/a on the article's core" eval '
	grep -Eq "^read_transaction_latency +n/a +n/a +n/a +cycles$" "$tmp/out" &&
	has "axiperf0, axiperf1, axiperf2: read_transaction_latency, read_first_data_latency, write_transaction_latency, read_transaction_latency_ns, read_first_data_latency_ns, write_transaction_latency_ns n/a: rd_inflight, rd_waiting, wr_inflight not counted (a monitor of register map 1.0, or built with HAS_LATENCY=0, has none: its caps/latency reads 0)"'
run "$ax" report --seconds 0.5 -M read_bandwidth,write_bandwidth "$data/article.csv"
check "report --seconds gives bytes per second" eval '[ $rc = 0 ] &&
	grep -Eq "^read_bandwidth +9308832 +8217136 +1098536 +B/s$" "$tmp/out" &&
	grep -Eq "^write_bandwidth +508534 +0 +508878 +B/s$" "$tmp/out"'
printf '9,,axiperf0/rd_inflight/,100,100.00,,\n2,,axiperf0/rd_bursts/,100,100.00,,\n' >"$tmp/lat.csv"
run "$ax" report --csv -M read_transaction_latency,read_transaction_latency_ns "$tmp/lat.csv"
check "report without a clock rate gives the latency in clocks, n/a in ns" eval '[ $rc = 0 ] &&
	has "axiperf0,figure,read_transaction_latency,4.500,cycles,9,2" &&
	has "axiperf0,figure,read_transaction_latency_ns,n/a,ns,,"'
run "$ax" report --csv --clock-hz 2e8 -M read_transaction_latency_ns "$tmp/lat.csv"
check "report --clock-hz gives the latency in ns" eval '[ $rc = 0 ] &&
	has "axiperf0,figure,read_transaction_latency_ns,22.500,ns,9,2"'
run "$ax" report --clock-hz 0 "$tmp/lat.csv"
check "report --clock-hz 0 is a usage error saying what to give" eval '[ $rc = 2 ] &&
	has "--clock-hz 0: give the monitors'"'"' clock rate in Hz, more than 0" err'
run "$ax" report --json "$data/article.csv"
check "report --json is valid JSON with n/a and its reason" eval '[ $rc = 0 ] &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); f=d[\"frames\"][0][\"instances\"][1][\"figures\"][\"write_bias\"]; sys.exit(f[\"value\"] != \"n/a\" or f[\"why\"] != \"zero denominator\")" "$tmp/out"'
sed -n '8,12p' "$data/article.csv" >"$tmp/part.csv"
run "$ax" report - <"$tmp/part.csv"
check "report reads standard input" eval '[ $rc = 0 ] && has "active_cycles"'
printf '1,,axiperf0/rd_lag/,1,100.00,,\nfoo,,axiperf0/rd_beats/,1,100.00,,\n' >"$tmp/bad.csv"
run "$ax" report <"$tmp/bad.csv"
check "report names the malformed line and fails" eval '[ $rc = 1 ] &&
	has "axiperf: stdin:2: count '\''foo'\'' is not a number" err && [ ! -s "$tmp/out" ]'
printf '1,,axiperf0/rd_lagg/,1,100.00,,\n' >"$tmp/bad.csv"
run "$ax" report <"$tmp/bad.csv"
check "report with an unknown event fails naming it" eval '[ $rc = 1 ] &&
	has "stdin:1: unknown event '\''rd_lagg'\'' of axiperf0" err'
run "$ax" report -M nope "$data/article.csv"
check "report with an unknown figure fails naming it" eval '[ $rc = 2 ] && has "unknown figure '\''nope'\''" err'
run "$ax" report "$tmp/missing.csv"
check "report of a missing file fails naming it" eval '[ $rc = 1 ] && has "missing.csv: No such file" err'
for t in "1.000000000 10 20" "2.000000000 30 10"; do
	set -- $t
	printf '     %s,%s,,axiperf0/rd_beats/,1,100.00,,\n' "$1" "$2"
	printf '     %s,%s,,axiperf0/rd_slow_link/,1,100.00,,\n' "$1" "$3"
	printf '     %s,0,,axiperf0/rd_r_stall/,1,100.00,,\n' "$1"
done >"$tmp/iv.csv"
run "$ax" report --csv -M read_throughput "$tmp/iv.csv"
check "report of perf stat -I output prints a timeline" eval '[ $rc = 0 ] &&
	has "1.000000000,axiperf0,figure,read_throughput,33.33,%,10,30" &&
	has "2.000000000,axiperf0,figure,read_throughput,75.00,%,30,40"'
run "$ax" report -M read_throughput,read_lag --plot "$tmp/iv.svg" "$tmp/iv.csv"
check "report --plot draws one panel per figure" eval '[ $rc = 0 ] && head -1 "$tmp/iv.svg" | grep -q "<?xml" &&
	grep -q "Read throughput" "$tmp/iv.svg" && grep -q "Read lag" "$tmp/iv.svg"'
run "$ax" report -M read_lag --plot "$tmp/iv.png" "$tmp/iv.csv"
check "report --plot writes PNG" eval '[ $rc = 0 ] && [ "$(head -c 4 "$tmp/iv.png" | od -An -c | tr -d " ")" = "211PNG" ]'
run "$ax" report --plot "$tmp/x.svg" "$data/article.csv"
check "report --plot without a timeline fails saying why" eval '[ $rc = 1 ] && has "needs a timeline" err'
# MicroBlaze: icache 200 requests, 150 hits; E60 count 200, sum 650,
# sum_sq 5150 (150 reads of 1 clock, 50 of 10): miss latency 450 / 50 = 9,
# mean 3.25, stddev sqrt(200 * 5150 - 650^2) / 200 = 3.897; 1000 cycles
# for 400 instructions; no data cache request: n/a.
{
	echo "1000,,microblaze1/cycles/,1,100.00,,"
	echo "400,,microblaze1/event=0,item=0/,1,100.00,,"
	echo "200,,microblaze1/icache_requests/,1,100.00,,"
	echo "150,,icache_hits [microblaze1],1,100.00,,"
	echo "0,,microblaze1/dcache_requests/,1,100.00,,"
	echo "0,,microblaze1/dcache_hits/,1,100.00,,"
	echo "200,,microblaze1/icache_read_latency_count/,1,100.00,,"
	echo "650,,microblaze1/event=60,item=1/,1,100.00,,"
	echo "5150,,microblaze1/config=0x23c/,1,100.00,,"
	echo "1163604,,axiperf0/rd_beats/,1,100.00,,"
} >"$tmp/mb.csv"
run "$ax" report --csv "$tmp/mb.csv"
check "report gives MicroBlaze figures from perf stat -x, lines" eval '[ $rc = 0 ] &&
	has "microblaze1,figure,cpi,2.500,cycles/instruction,1000,400" &&
	has "microblaze1,figure,icache_hit_rate,75.00,%,150,200" &&
	has "microblaze1,figure,icache_miss_latency,9.000,cycles/miss,450,50" &&
	has "microblaze1,figure,icache_read_latency_mean,3.250,cycles,650,200" &&
	has "microblaze1,figure,icache_read_latency_stddev,3.897,cycles,607500,200" &&
	has "microblaze1,figure,dcache_hit_rate,n/a,%,0,0" &&
	has "microblaze1,figure,fp_ratio,n/a,%,," &&
	has "axiperf0,event,rd_beats,1163604,beats,," &&
	! grep -q "axiperf0,figure,cpi" "$tmp/out" && ! grep -q "microblaze1,figure,read_lag" "$tmp/out"'
run "$ax" report -M cpi,read_throughput "$tmp/mb.csv"
check "report prints monitors and MicroBlaze cores in tables of their own" eval '[ $rc = 0 ] &&
	grep -Eq "^ +axiperf0 +unit$" "$tmp/out" && grep -Eq "^ +microblaze1 +unit$" "$tmp/out" &&
	grep -Eq "^cpi +2.500 +cycles/instruction$" "$tmp/out"'
run "$ax" report --json -M icache_read_latency_stddev,fp_ratio "$tmp/mb.csv"
check "report --json says why a MicroBlaze figure is n/a" eval '[ $rc = 0 ] &&
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); f=d[\"frames\"][0][\"instances\"][0][\"figures\"]; sys.exit(f[\"fp_ratio\"][\"why\"] != \"fp_instructions not measured\" or abs(f[\"icache_read_latency_stddev\"][\"value\"] - 3.8971143) > 1e-6)" "$tmp/out"'

run "$ax" frobnicate
check "an unknown command fails with usage" eval '[ $rc = 2 ] && has "unknown command '\''frobnicate'\''" err'

echo "1..$n"
exit $failed
