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

# ---- list -----------------------------------------------------------------
root=$tmp/sys1
# shellcheck disable=SC2086
mkpmu "$root" axiperf0 29 $ALL_EVENTS
mkpmu "$root" axiperf1 30 rd_ar_stall=0x16 rd_lag=0x18 rd_bursts=0x12
echo axiperf-1.0-00a5e27f >"$root/bus/event_source/devices/axiperf1/identifier"
run env AXIPERF_SYSFS="$root" "$ax" list
check "list shows each PMU with its type, event count and identifier" \
	eval '[ $rc = 0 ] && has "axiperf0: type 29, cpu 0, 36 events" &&
	      has "axiperf1: type 30, cpu 0, 3 events, identifier axiperf-1.0-00a5e27f"'
check "list shows events with their config values" \
	eval 'grep -Eq "^  event +rd_first_lag +config=0x1a$" "$tmp/out"'
check "list shows which figures a PMU can give" \
	eval 'grep -Eq "^  figure +read_lag +\(rd_ar_stall \+ rd_lag\) / \(rd_bursts\)$" "$tmp/out" &&
	      [ "$(grep -c "n/a (events missing)" "$tmp/out")" = $((nfig - 1)) ]'

mkdir -p "$tmp/empty"
run env AXIPERF_SYSFS="$tmp/empty" "$ax" list
check "list without an axiperf PMU fails saying to load the driver" \
	eval '[ $rc = 1 ] && has "no axiperf PMU in $tmp/empty/bus/event_source/devices; load the driver" err'

# ---- stat: errors ---------------------------------------------------------
run env AXIPERF_SYSFS="$tmp/empty" "$ax" stat -- touch "$tmp/ran"
check "stat without an axiperf PMU fails before running the command" \
	eval '[ $rc = 1 ] && has "no axiperf PMU" err && [ ! -e "$tmp/ran" ]'
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
		printf '\tfield:u64 counts[29];\toffset:16;\tsize:232;\tsigned:0;\n'
		printf '\tfield:u64 gauges[7];\toffset:248;\tsize:56;\tsigned:0;\n\n'
		printf 'print fmt: "pmu=%%s", __get_str(pmu)\n'
	} >"$tp/format"
	for p in axiperf0 axiperf1; do echo 0 >"$sw/bus/event_source/devices/$p/trace_interval_ms"; done
	run env AXIPERF_SYSFS="$sw" "$ax" stat --trace -I 20 -- touch "$tmp/ran2"
	check "stat --trace puts trace_interval_ms back when the tracepoint fails" eval '[ $rc = 1 ] &&
		has "cannot open the axiperf:axiperf_counters tracepoint" err && [ ! -e "$tmp/ran2" ] &&
		[ "$(cat "$sw/bus/event_source/devices/axiperf0/trace_interval_ms")" = 0 ] &&
		[ "$(cat "$sw/bus/event_source/devices/axiperf1/trace_interval_ms")" = 0 ]'
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
run "$ax" report --seconds 0.5 -M read_bandwidth,write_bandwidth "$data/article.csv"
check "report --seconds gives bytes per second" eval '[ $rc = 0 ] &&
	grep -Eq "^read_bandwidth +9308832 +8217136 +1098536 +B/s$" "$tmp/out" &&
	grep -Eq "^write_bandwidth +508534 +0 +508878 +B/s$" "$tmp/out"'
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
run "$ax" frobnicate
check "an unknown command fails with usage" eval '[ $rc = 2 ] && has "unknown command '\''frobnicate'\''" err'

echo "1..$n"
exit $failed
