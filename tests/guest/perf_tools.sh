#!/bin/sh
# perf_tools.sh: make check-guest-perf-tools, in the Zynq test bed with the
# perf of patches/KVER/axiperf-perf, linked with libtraceevent. TAP.
#  - perf record and perf script take the driver's tracepoint
#    (axiperf:axiperf_counters): libtraceevent parses its print format with
#    no complaint, every record holds 32 counts and 7 gauges, the totals
#    never go back, and between the first and the last record the read
#    categories add up to active_cycles exactly, and so do the write ones
#    (every clock is in one of each), while a pattern runs;
#  - perf's own tests of event parsing, sysfs PMUs, JSON events and
#    metrics, run with our PMUs loaded (each parses every event in sysfs,
#    ours among them); those that cannot apply in this guest are skipped
#    by name with the reason.
. /bin/figcheck.sh

insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko || notok "both modules load"
mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
cd /tmp || exit 1

echo 1 >/sys/bus/event_source/devices/axiperf0/trace_interval_ms
# the tracepoint fires while an axiperf0 event counts: perf stat opens one
perf record -o /tmp/p.data -a -e axiperf:axiperf_counters -- \
	perf stat -a -e axiperf0/active_cycles/ -- tgrun run 1 >/tmp/rec.out 2>&1
check "perf record -e axiperf:axiperf_counters records while a pattern runs" [ -s /tmp/p.data ]
perf script -i /tmp/p.data >/tmp/script.out 2>/tmp/script.err
check "perf script prints the records, and libtraceevent parses their format with no message" \
	eval '[ ! -s /tmp/script.err ] && grep -q "pmu=axiperf0 reason=" /tmp/script.out'
show /tmp/script.err
# one line per record of axiperf0: its 32 counts then its 7 gauges
sed -n 's/.*pmu=axiperf0 reason=[a-z]* counts=\(.*\) gauges=\(.*\)$/\1 \2/p' /tmp/script.out >/tmp/rec
recs=$(wc -l </tmp/rec)
check "perf script prints $recs records of axiperf0 (at least 3, one each millisecond)" [ "$recs" -ge 3 ]
check "every record holds 32 counts and 7 gauges" \
	eval '[ "$(awk "NF != 39" /tmp/rec | wc -l)" = 0 ]'
check "no total goes back from one record to the next" \
	eval '[ "$(awk "NR > 1 { for (i = 1; i <= 32; i++) if (\$i < p[i]) bad++ } { for (i = 1; i <= 32; i++) p[i] = \$i } END { print bad + 0 }" /tmp/rec)" = 0 ]'
# event ids + 1 are the fields: active_cycles 0x00; the read categories
# rd_idle 0x11, rd_beats 0x13, rd_ar_cycles 0x15, rd_ar_stall 0x16,
# rd_r_stall 0x17, rd_lag 0x18, rd_slow_link 0x19; the write ones wr_idle
# 0x01, wr_beats 0x03 (early beats included), wr_slow_data 0x06, wr_stall
# 0x07, wr_addr_lag 0x08, wr_data_lag 0x09, wr_aw_early 0x0a,
# wr_addr_stall 0x0c, wr_early_stall 0x0d, wr_b_lag 0x0e, wr_b_stall 0x0f,
# wr_b_end 0x10 (Documentation/generated/categories.rst)
awk 'NR == 1 { for (i = 1; i <= 39; i++) f[i] = $i } { for (i = 1; i <= 39; i++) l[i] = $i }
	END {
		split("18 20 22 23 24 25 26", rd, " ")
		split("2 4 7 8 9 10 11 13 14 15 16 17", wr, " ")
		act = l[1] - f[1]
		for (k in rd) r += l[rd[k]] - f[rd[k]]
		for (k in wr) w += l[wr[k]] - f[wr[k]]
		print act, r, w, l[20] - f[20]
	}' /tmp/rec >/tmp/delta
read act rsum wsum beats </tmp/delta
check "from the first record to the last: active_cycles $act = the read categories' $rsum = the write categories' $wsum, and the read beats grew ($beats)" \
	eval '[ "$act" -gt 0 ] && [ "$act" = "$rsum" ] && [ "$act" = "$wsum" ] && [ "$beats" -gt 0 ]'
echo 0 >/sys/bus/event_source/devices/axiperf0/trace_interval_ms

# perf test by name: its numbers change between perf versions
perf test list >/tmp/tests.txt 2>&1
# num NAME: the number perf test list gives NAME
num() { sed -n "s/^ *\([0-9.]*\): $1\$/\1/p" /tmp/tests.txt | head -1; }
# the subtests that cannot apply here, with the reason
skip61="6.1 Test event parsing: its cases need syscall tracepoints (CONFIG_FTRACE_SYSCALLS, not in the guest kernel) and a PMU of type PERF_TYPE_RAW (the Cortex-A9's is not)"
for t in "Parsing of all PMU events from sysfs" "Parsing of given PMU events from sysfs" \
	"Parsing of aliased events from sysfs" "Parsing of aliased events" "Parsing of terms (event modifiers)" \
	"Parsing with PMU format directory" "Parsing with PMU event" "PMU event names" "PMU name combining" \
	"PMU name comparison" "PMU cmdline match" "PMU event table sanity" "PMU event map aliases" \
	"Parsing of PMU event table metrics" "Parsing of PMU event table metrics with fake PMUs" \
	"Parsing of metric thresholds with fake PMUs" "Parse and process metrics"; do
	id=$(num "$t")
	if [ -z "$id" ]; then
		notok "perf test '$t' exists"
		continue
	fi
	# a subtest runs with its test: each test once, its output kept
	top=${id%%.*}
	[ -f /tmp/t$top.out ] || perf test -vv "$top" >/tmp/t$top.out 2>&1
	re=$(echo "$id" | sed 's/\./\\./')
	res=$(sed -n "s/^ *$re: .*: *\([A-Za-z!]\{1,\}\).*/\1/p" /tmp/t$top.out | tail -1)
	case $res in
	Ok) ok "perf test $id '$t' with our PMUs loaded: Ok" ;;
	Skip) ok "perf test $id '$t': Skip, as perf decides: $(sed -n "s/^ *$re: .*: *Skip *//p" /tmp/t$top.out | tail -1)" ;;
	*) notok "perf test $id '$t' with our PMUs loaded: ${res:-no result}"; show /tmp/t$top.out 40 ;;
	esac
	[ "$t" = "Parsing of all PMU events from sysfs" ] && cp /tmp/t$top.out /tmp/allpmu.out
done
check "perf test's parsing of every sysfs event parsed the monitors' (rd_inflight, 0x1d, among them) and the MicroBlaze cores' events" \
	eval 'grep -q "resolving event: axiperf0/event=0x1d/" /tmp/allpmu.out &&
	      grep -q "resolving event: microblaze0/" /tmp/allpmu.out'
echo "# skipped: $skip61"
echo "1..$n"
exit $failed
