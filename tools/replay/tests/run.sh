#!/bin/sh
# Suite `replay`: axiperf-replay on hand-written traces with hand-computed
# counts (basic.expected; the categories of every clock are listed in the
# $comment of basic.vcd), and on malformed inputs.
#   run.sh REPLAY_BINARY SCRATCH_DIR [SANITIZED_BINARY]
# TAP on stdout; exits non-zero when a test fails.
R=$1
W=$2
RASAN=${3:-}
D=$(dirname "$0")
mkdir -p "$W"
n=0
failed=0

pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; failed=$((failed + 1)); }

# counts DESC EXPECTED-FILE REPLAY-ARGS...: exact event, figure and status lines
counts() {
	desc=$1 exp=$2
	shift 2
	if "$R" "$@" >"$W/out" 2>"$W/err" && tail -n +2 "$W/out" | diff -u "$exp" - >"$W/diff"; then
		pass "$desc"
	else
		fail "$desc"
		sed 's/^/# /' "$W/err" "$W/diff"
	fi
}

# line DESC 'NAME VALUE' REPLAY-ARGS...: one output line, exactly
line() {
	desc=$1 want=$2
	shift 2
	got=$("$R" "$@" 2>"$W/err" | awk -v k="${want%% *}" '$1 == k { $1 = $1; print }')
	if [ "$got" = "$want" ]; then
		pass "$desc"
	else
		fail "$desc"
		echo "# got '$got', want '$want'"
		sed 's/^/# /' "$W/err"
	fi
}

# refuses DESC EXIT-STATUS MESSAGE-PART REPLAY-ARGS...
refuses() {
	desc=$1 status=$2 msg=$3
	shift 3
	"$R" "$@" >"$W/out" 2>"$W/err"
	rc=$?
	if [ $rc -eq "$status" ] && grep -qF -- "$msg" "$W/err" && [ ! -s "$W/out" ]; then
		pass "$desc"
	else
		fail "$desc"
		echo "# exit $rc (want $status), stderr:"
		sed 's/^/#   /' "$W/err"
		echo "# want in it: $msg"
	fi
}

B=$D/basic.vcd
E=$D/basic.expected

# --- counts
counts "basic.vcd: every event, figure and status exactly as computed by hand" \
	"$E" --prefix m_axi_ "$B"
counts "edge_aligned.vcd: wires that change at the rising edge are sampled before it" \
	"$E" --prefix m_axi_ "$D/edge_aligned.vcd"
# the reader's ways to an identifier code (a table for codes of 1 to 3
# characters, a hash past them) and to a vector's value (16 digits at
# once, more 8 at a time): basic.vcd with codes of 1 to 5 characters and
# every vector written with 20 digits
awk '/^\$var/ { k++; s = substr("!~~~", 1, k % 5); m[$4] = $4 s; $4 = m[$4]; print; next }
	/^\$enddefinitions/ { body = 1; print; next }
	!body { print; next }
	/^[01xzXZ]/ { print substr($0, 1, 1) m[substr($0, 2)]; next }
	/^[bBrR]/ { v = $1; if (v ~ /^b/) v = "b" sprintf("%020s", substr(v, 2)); gsub(/ /, "0", v)
		print v, m[$2]; next }
	{ print }' "$B" >"$W/codes.vcd"
counts "codes of 1 to 5 characters and vectors of 20 digits: the same counts" \
	"$E" --prefix m_axi_ "$W/codes.vcd"
if "$R" --prefix m_axi_ "$B" 2>/dev/null | head -1 |
	grep -qF ': 20 clocks, 1e+08 Hz; data 32 bits, ID 4 bits, 4 ID slots, 64-bit counters'; then
	pass "the header reports 20 clocks, the clock rate from the VCD times and the widths"
else
	fail "the header reports 20 clocks, the clock rate from the VCD times and the widths"
fi
line "--clock-hz sets the rate behind bytes per second" \
	"read_bandwidth 160000000.000 B/s" --prefix m_axi_ --clock-hz 2e8 "$B"
line "--counter-width 32 counts the same" \
	"rd_first_lag 4" --prefix m_axi_ --counter-width 32 "$B"
line "--map wstrb= counts every byte lane of each beat (3 beats x 4)" \
	"wr_w_bytes 12" --prefix m_axi_ --map wstrb= "$B"
line "--map awsize= takes full-width beats: (2 + 1 beats) x 8 bytes at 64 bits" \
	"wr_aw_bytes 24" --prefix m_axi_ --map awsize= --data-width 64 "$B"
line "--map awsize= leaves ARSIZE read from the trace: rd_bytes (1 + 3 beats) x 4 is still 16 at 64 bits" \
	"rd_bytes 16" --prefix m_axi_ --map awsize= --data-width 64 "$B"
line "--map arsize= takes full-width read beats: (1 + 3) x 8 bytes at 64 bits" \
	"rd_bytes 32" --prefix m_axi_ --map arsize= --data-width 64 "$B"
line "--repeat 3 replays the trace three times" \
	"active_cycles 60" --prefix m_axi_ --repeat 3 "$B"
line "--repeat keeps the maxima of one pass" \
	"rd_max_burst_size 2" --prefix m_axi_ --repeat 3 "$B"
# with RLAST mapped to a wire that stays low, both reads are still
# outstanding at the end of the trace: one model for all the passes would
# reach 255 of them, and perf_err, by the 128th
line "--repeat starts each pass on a fresh model: reads left outstanding do not pile up" \
	"perf_err 0" --prefix m_axi_ --map rlast=cpu.s_axi_awvalid --repeat 200 "$B"
line "--repeat starts each pass on a fresh model: the read maximum is one pass's" \
	"rd_max_outstanding 2" --prefix m_axi_ --map rlast=cpu.s_axi_awvalid --repeat 200 "$B"
sed 's/wire 4 \(.\) m_axi_wstrb \[3:0\]/wire 128 \1 m_axi_wstrb [127:0]/' "$B" >"$W/wide.vcd"
if "$R" --prefix m_axi_ "$W/wide.vcd" 2>"$W/err" | head -1 | grep -qF 'data 1024 bits' &&
	"$R" --prefix m_axi_ "$W/wide.vcd" 2>/dev/null | grep -q '^wr_w_bytes  *7$'; then
	pass "a 128-lane wstrb makes a 1024-bit monitor and counts its set lanes"
else
	fail "a 128-lane wstrb makes a 1024-bit monitor and counts its set lanes"
fi

# --reset: BVALID as a reset is high on clocks 7, 8 and 12, so the model
# restarts at clock 13 and counts clocks 13..20 only
line "--reset restarts the model after the last clock in reset (8 clocks left)" \
	"active_cycles 8" --prefix m_axi_ --reset m_axi_bvalid "$B"
line "--reset: clocks 13..20 hold 3 read beats" \
	"rd_beats 3" --prefix m_axi_ --reset m_axi_bvalid "$B"
line "--reset: clocks 13..20 hold 2 read address stalls" \
	"rd_ar_stall 2" --prefix m_axi_ --reset m_axi_bvalid "$B"
line "--resetn: BVALID low is reset; the last restart, at clock 12, counts 1 clock" \
	"active_cycles 1" --prefix m_axi_ --resetn m_axi_bvalid "$B"

# --- a reset found by name: a copy of BVALID's identifier code under a
# reset's name behaves as --reset/--resetn m_axi_bvalid does above
# with_reset NAME [NAME2 [SCOPE2]] > FILE: basic.vcd plus resets on BVALID's code
with_reset() {
	awk -v a="$1" -v b="${2:-}" '
		{ print }
		/\$var wire 1 # aclk \$end/ {
			print "$var wire 1 * " a " $end"
			if (b != "") print "$var wire 1 * " b " $end"
		}' "$B"
}
header() { # header DESC 'TEXT' REPLAY-ARGS...: the first output line holds TEXT
	desc=$1 want=$2
	shift 2
	if "$R" "$@" 2>"$W/err" | head -1 | grep -qF -- "$want"; then
		pass "$desc"
	else
		fail "$desc"
		echo "# want in the header: $want"
		"$R" "$@" 2>&1 | head -1 | sed 's/^/# got: /'
	fi
}
with_reset ARESETN >"$W/rst1.vcd"
line "ARESETN (upper case) is found without flags, active low: 1 clock after it" \
	"active_cycles 1" --prefix m_axi_ "$W/rst1.vcd"
header "the report names the reset it used and its polarity" \
	"reset tb.dut.ARESETN (active low, found by name)" --prefix m_axi_ "$W/rst1.vcd"
for nm in aresetn rst_n resetn; do
	with_reset $nm >"$W/rst-$nm.vcd"
	line "$nm is found without flags, active low" \
		"active_cycles 1" --prefix m_axi_ "$W/rst-$nm.vcd"
done
for nm in areset rst reset; do
	with_reset $nm >"$W/rst-$nm.vcd"
	line "$nm is found without flags, active high (clocks 13..20 left)" \
		"active_cycles 8" --prefix m_axi_ "$W/rst-$nm.vcd"
done
with_reset m_axi_aresetn >"$W/rst2.vcd"
line "P+aresetn is found with --prefix P" \
	"active_cycles 1" --prefix m_axi_ "$W/rst2.vcd"
with_reset m_axi_aresetn rst >"$W/rst3.vcd"
header "P+aresetn wins over a bare rst elsewhere" \
	"reset tb.dut.m_axi_aresetn (active low" --prefix m_axi_ "$W/rst3.vcd"
with_reset aresetn rst >"$W/rst4.vcd"
refuses "two resets at the same step are refused, naming both and the flags" 1 \
	"two resets found: tb.dut.aresetn and tb.dut.rst; choose one with --reset NAME" \
	--prefix m_axi_ "$W/rst4.vcd"
line "--reset NAME chooses among them" \
	"active_cycles 8" --prefix m_axi_ --reset rst "$W/rst4.vcd"
header "--resetn NAME is reported as chosen by the flag" \
	"reset tb.dut.aresetn (active low, --resetn)" --prefix m_axi_ --resetn aresetn "$W/rst4.vcd"
line "--map reset= replays every clock, reset or not" \
	"active_cycles 20" --prefix m_axi_ --map reset= "$W/rst1.vcd"
header "a trace without a reset says so" \
	"; no reset (none found by name)" --prefix m_axi_ "$B"

# --- a link without ID signals replays without flags
# (m_axi_awid, m_axi_arid, m_axi_rid are codes 1, 5 and 8)
grep -v -e ' m_axi_awid ' -e ' m_axi_arid ' -e ' m_axi_rid ' -e '^b[01xz]* [158]$' "$B" >"$W/noid.vcd"
counts "a trace without awid, arid, rid replays without flags (the same counts)" \
	"$E" --prefix m_axi_ "$W/noid.vcd"
header "the report says the link has no IDs" \
	"ID 0 bits (the trace has no IDs)" --prefix m_axi_ "$W/noid.vcd"
grep -v -e ' m_axi_rid ' -e '^b[01xz]* 8$' "$B" >"$W/norid.vcd"
refuses "a trace with arid but no rid is refused, naming rid" 1 \
	"no signal for rid: looked for 'm_axi_rid'" --prefix m_axi_ "$W/norid.vcd"

# --- a long trace read by its change times: 200,000 clocks, reset for the
# first 10, one read burst (address, one clock of lag, its beat) at clocks
# 100,000..100,002, idle otherwise; computed by hand
awk 'BEGIN {
	print "$timescale 1ns $end"
	print "$scope module tb $end"
	print "$var wire 1 ! aclk $end"
	print "$var wire 1 \" aresetn $end"
	n = split("awvalid awready wvalid wready wlast bvalid bready arvalid arready rvalid rready rlast", s, " ")
	for (i = 1; i <= n; i++)
		printf "$var wire 1 %c m_axi_%s $end\n", 35 + i, s[i]
	print "$upscope $end"
	print "$enddefinitions $end"
	print "#0"
	print "0!"
	print "0\""
	for (i = 1; i <= n; i++)
		printf "0%c\n", 35 + i
	for (k = 1; k <= 200000; k++) {
		printf "#%d\n1!\n", 10 * k
		printf "#%d\n0!\n", 10 * k + 5
		# what the next clock (k + 1) samples
		if (k == 10) print "1\""
		if (k == 99999) { print "1+"; print "1," }		# arvalid arready
		if (k == 100000) { print "0+"; print "0," }
		if (k == 100001) { print "1-"; print "1."; print "1/" }	# rvalid rready rlast
		if (k == 100002) { print "0-"; print "0."; print "0/" }
	}
}' >"$W/long.vcd"
NOLEN="--map awlen= --map awsize= --map arlen= --map arsize= --map wstrb="
"$R" --prefix m_axi_ $NOLEN "$W/long.vcd" >"$W/long.out" 2>"$W/err"
want="active_cycles 199990
wr_idle 199990
rd_idle 199987
rd_beats 1
rd_bytes 4
rd_ar_cycles 1
rd_lag 1"
got=$(awk 'NR > 1 && /^(active_cycles|rd_idle|rd_ar_cycles|rd_lag|rd_beats|rd_bytes|wr_idle) / { print $1, $2 }' "$W/long.out")
if [ "$got" = "$want" ] && head -1 "$W/long.out" | grep -qF ': 200000 clocks, 1e+08 Hz; data 32 bits, ID 0 bits (the trace has no IDs)'; then
	pass "200,000 clocks read by change times: reset, idle stretches and one burst counted exactly"
else
	fail "200,000 clocks read by change times: reset, idle stretches and one burst counted exactly"
	sed 's/^/# /' "$W/err" "$W/long.out" | head -20
fi
"$R" --prefix m_axi_ $NOLEN --dump-trace "$W/long.bin" "$W/long.vcd" >/dev/null 2>"$W/err"
got=$("$R" "$W/long.bin" 2>>"$W/err" | awk 'NR > 1 && /^(rd_idle|rd_beats|wr_idle) / { print $1, $2 }')
if [ "$got" = "wr_idle 199990
rd_idle 199987
rd_beats 1" ]; then
	pass "the same trace dumped clock by clock (the clocks out of reset) replays raw to the same counts"
else
	fail "the same trace dumped clock by clock (the clocks out of reset) replays raw to the same counts"
	echo "# got: $got"
	sed 's/^/# /' "$W/err"
fi

# --- a dump read as it is written: a FIFO, standard input
rm -f "$W/fifo.vcd"
if mkfifo "$W/fifo.vcd"; then
	cat "$B" >"$W/fifo.vcd" &
	counts "a dump read from a FIFO (as a simulation writes it) replays to the same counts" \
		"$E" "$W/fifo.vcd"
	wait
	rm -f "$W/fifo.vcd"
else
	fail "mkfifo failed: the FIFO test cannot run"
fi
counts "a dump on standard input ('-') replays to the same counts" "$E" - <"$B"

# a file that shrinks while it is read faults its mapped pages with SIGBUS:
# the tool says what happened (the signal sent here, to a replay waiting on
# a FIFO, so that it comes mid-read every time)
if mkfifo "$W/bus.vcd"; then
	(head -60 "$B"; sleep 5) >"$W/bus.vcd" &
	writer=$!
	"$R" "$W/bus.vcd" >/dev/null 2>"$W/err" &
	rd=$!
	sleep 1
	kill -BUS $rd 2>/dev/null
	wait $rd
	rc=$?
	kill $writer 2>/dev/null
	wait $writer 2>/dev/null
	rm -f "$W/bus.vcd"
	if [ $rc = 1 ] && grep -q "bus.vcd: the file shrank while it was read" "$W/err"; then
		pass "a dump whose mapped pages fault (SIGBUS: it shrank) gets a message and exit status 1"
	else
		fail "a dump whose mapped pages fault (SIGBUS: it shrank) gets a message and exit status 1 (exit $rc)"
		sed 's/^/#   /' "$W/err"
	fi
else
	fail "mkfifo failed: the SIGBUS test cannot run"
fi

# --- progress on stderr: on a terminal only
"$R" --prefix m_axi_ $NOLEN "$W/long.vcd" >/dev/null 2>"$W/err"
if [ ! -s "$W/err" ]; then
	pass "no progress line when stderr is not a terminal"
else
	fail "no progress line when stderr is not a terminal"
	sed 's/^/# /' "$W/err"
fi
if command -v script >/dev/null; then
	script -qec "'$R' --prefix m_axi_ $NOLEN '$W/long.vcd' >/dev/null" /dev/null >"$W/tty" 2>&1
	if grep -q 'axiperf-replay: 1\.0 of 4\.6 MB ([0-9]* %), [0-9]* clocks, [0-9]* MB/s, [0-9]* s left' "$W/tty" &&
		tail -c 4 "$W/tty" | od -c | grep -q '\\r 033   \[   K'; then
		pass "on a terminal, a progress line gives MB read, clocks, rate and time left, then is cleared"
	else
		fail "on a terminal, a progress line gives MB read, clocks, rate and time left, then is cleared"
		od -c "$W/tty" | head -8 | sed 's/^/# /'
	fi
else
	fail "script (package bsdutils) is missing: the progress line cannot be tested"
fi

# --- finding signals
sed 's/s_axi_awvalid/m_axi_awvalid/' "$B" >"$W/two.vcd"
refuses "the same name in two scopes is refused, naming both" 1 \
	"awvalid is ambiguous: tb.cpu.m_axi_awvalid and tb.dut.m_axi_awvalid" \
	--prefix m_axi_ "$W/two.vcd"
counts "--scope picks one of two scopes" "$E" --prefix m_axi_ --scope dut "$W/two.vcd"
counts "--map ROLE=scope.name picks one signal" "$E" \
	--prefix m_axi_ --map awvalid=tb.dut.m_axi_awvalid "$W/two.vcd"
counts "--map renames every signal without --prefix" "$E" \
	--map awvalid=m_axi_awvalid --map awready=m_axi_awready --map awid=m_axi_awid \
	--map awlen=m_axi_awlen --map awsize=m_axi_awsize --map wstrb=m_axi_wstrb \
	--map wlast=m_axi_wlast --map wvalid=m_axi_wvalid --map wready=m_axi_wready \
	--map bvalid=m_axi_bvalid --map bready=m_axi_bready --map arvalid=m_axi_arvalid \
	--map arready=m_axi_arready --map arid=m_axi_arid --map arlen=m_axi_arlen \
	--map arsize=m_axi_arsize --map rvalid=m_axi_rvalid --map rready=m_axi_rready \
	--map rid=m_axi_rid --map rlast=m_axi_rlast "$B"

# --- every link of a dump in one pass, found by its handshake signals
counts "without flags, the one AXI4 link is found and replays to the same counts" "$E" "$B"
header "the report names the link found" "link tb.dut.m_axi_*, 20 clocks" "$B"
"$R" --list "$B" >"$W/list" 2>"$W/err"
if grep -q '^axiperf0  tb.dut.m_axi_\*  clock tb.dut.aclk, no reset, IDs$' "$W/list"; then
	pass "--list names the link, its clock, its reset and whether it has IDs"
else
	fail "--list names the link, its clock, its reset and whether it has IDs"
	sed 's/^/# /' "$W/list" "$W/err"
fi
# two_links SRC-A SRC-B > FILE: A as it is; B with its scope tb renamed tc,
# its identifier codes made its own ("~" + code) and its times doubled (a
# clock at half the rate), merged by time into one dump
two_links() {
	{
		awk '/^\$enddefinitions/ { exit } { print }' "$1"
		awk '/^\$enddefinitions/ { exit } h { print } /^\$timescale/ { h = 1 }' "$2" |
			sed -e 's/^\$scope module tb \$end/$scope module tc $end/' \
			    -e 's/^\(\$var [a-z]* [0-9]*\) \([^ ]*\) /\1 ~\2 /'
		echo '$enddefinitions $end'
		{
			awk 'b && /^#/ { t = substr($0, 2); next }
			     b && !/^\$/ { print t "\t0\t" NR "\t" $0 }
			     /^\$enddefinitions/ { b = 1; t = 0 }' "$1"
			awk 'b && /^#/ { t = 2 * substr($0, 2); next }
			     b && !/^\$/ { if ($0 ~ /^[bBrR]/) { sub(/ /, " ~") } else { $0 = substr($0, 1, 1) "~" substr($0, 2) }
				      print t "\t1\t" NR "\t" $0 }
			     /^\$enddefinitions/ { b = 1; t = 0 }' "$2"
		} | sort -t "$(printf '\t')" -k1,1n -k2,2n -k3,3n |
			awk -F '\t' '$1 != last { print "#" $1; last = $1 } { print $4 }'
	} 
}
two_links "$B" "$B" >"$W/twolinks.vcd"
"$R" "$W/twolinks.vcd" >"$W/two.out" 2>"$W/err"
# --csv and --json: the front end's layout, the same values
"$R" --csv "$D/basic.vcd" >"$W/out.csv" 2>"$W/err"
bad=$(awk -F, 'NR == FNR { split($0, a, " "); want[a[1]] = a[2]; next }
	$2 == "event" || $2 == "figure" { seen++; if (!($3 in want) || want[$3] != $4) print $3, $4, "want", want[$3] }
	END { if (seen != 55) print "rows:", seen, "want 55" }' "$E" "$W/out.csv")
if [ -z "$bad" ] && grep -q '^axiperf0,figure,read_transaction_latency,3.500,cycles,7,2,tb\.dut\.m_axi_\*$' "$W/out.csv" &&
   grep -q '^axiperf0,event,rd_bytes,16,bytes,,,tb\.dut\.m_axi_\*$' "$W/out.csv"; then
	pass "--csv gives every count and figure of basic.vcd as instance,kind,name,value,unit,num,den,link"
else
	fail "--csv gives every count and figure of basic.vcd as instance,kind,name,value,unit,num,den,link"
	echo "$bad" | sed 's/^/# /'
fi
"$R" --json "$D/basic.vcd" >"$W/out.json" 2>"$W/err"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
i = d["frames"][0]["instances"][0]
f = i["figures"]
sys.exit(not (i["events"]["rd_inflight"] == 7 and f["read_transaction_latency"] == {"unit": "cycles", "value": 3.5, "num": 7, "den": 2}
              and d["partial"] is False and i["link"] == "tb.dut.m_axi_*"))' "$W/out.json" 2>"$W/err"; then
	pass "--json is one JSON document with every count, each figure with its sums"
else
	fail "--json is one JSON document with every count, each figure with its sums"
	sed 's/^/# /' "$W/err"
fi
"$R" --csv --json "$D/basic.vcd" >"$W/out" 2>"$W/err"
rc=$?
if [ $rc = 2 ] && grep -q -- "--csv and --json: choose one" "$W/err"; then
	pass "--csv with --json is a usage error"
else
	fail "--csv with --json is a usage error (exit $rc)"
fi

# --- the link key of --csv and --json: the link's scope path, on every row
# (links.py reads the CSV as RFC 4180 has it, and checks every row)
LP="python3 $D/links.py"
# linkrows DESC FMT LINK WANT-PRINTED REPLAY-ARGS...: every row has link LINK
# verdict DESC WANT STATUS: pass, or fail showing WANT, the comparison and
# the replay's errors
verdict() {
	if [ "$3" -eq 0 ]; then
		pass "$1"
	else
		fail "$1"
		echo "# want: $2"
		sed 's/^/# /' "$W/diff" "$W/err" | head -12
	fi
}
linkrows() {
	desc=$1 fmt=$2 link=$3 want=$4
	shift 4
	"$R" "$@" >"$W/lk.$fmt" 2>"$W/err" && $LP rows "$fmt" "$W/lk.$fmt" "$link" >"$W/diff" 2>&1 &&
		grep -qxF -- "$want" "$W/diff"
	verdict "$desc" "$want" $?
}
# linksame DESC FMT ONE-DUMP TWO-DUMP LINK WANT-INSTANCES REPLAY-ARGS...: link
# LINK's rows of TWO-DUMP (another link found before it) are those of ONE-DUMP
linksame() {
	desc=$1 fmt=$2 one=$3 two=$4 link=$5 want=$6
	shift 6
	"$R" "$@" "$one" >"$W/one.$fmt" 2>"$W/err" && "$R" "$@" "$two" >"$W/two.$fmt" 2>>"$W/err" &&
		$LP same "$fmt" "$W/one.$fmt" "$W/two.$fmt" "$link" >"$W/diff" 2>&1 &&
		grep -qxF -- "instances: $want" "$W/diff"
	verdict "$desc" "instances: $want" $?
}
linkrows "--csv: every row kind (event, figure, status, latency, histogram, worst) ends in link tb.dut.m_axi_*" \
	csv 'tb.dut.m_axi_*' "kinds: event figure histogram latency status worst" \
	--csv --latency --per-id --worst 2 "$B"
linkrows "--csv --interval: every window's row ends in link tb.dut.m_axi_* too" \
	csv 'tb.dut.m_axi_*' "kinds: event figure histogram latency status" --csv --interval 100 --latency "$B"
linkrows "--json: every instance, the windows' too, has \"link\": \"tb.dut.m_axi_*\"" \
	json 'tb.dut.m_axi_*' "instances: axiperf0 axiperf0 axiperf0" --json --interval 100 --latency "$B"
linkrows "a link named by hand (--scope dut --prefix m_axi_) has the link found: tb.dut.m_axi_*" \
	csv 'tb.dut.m_axi_*' "kinds: event figure status" --csv --scope dut --prefix m_axi_ "$B"
linkrows "... in --json too" json 'tb.dut.m_axi_*' "instances: axiperf0" --json --scope dut --prefix m_axi_ "$B"
MAPALL=$(for r in awvalid awready awid awlen awsize wstrb wlast wvalid wready bvalid bready arvalid \
	arready arid arlen arsize rvalid rready rid rlast; do printf ' --map %s=m_axi_%s' $r $r; done)
# shellcheck disable=SC2086 # one word per option
linkrows "a link named by --map alone has it too (what its awvalid's name has before awvalid)" \
	csv 'tb.dut.m_axi_*' "kinds: event figure status" --csv $MAPALL "$B"
"$R" --prefix m_axi_ --dump-trace "$W/lk.bin" "$B" >/dev/null 2>"$W/err"
linkrows "a raw trace has no scope: its rows have an empty link" csv '' "kinds: event figure status" \
	--csv "$W/lk.bin"
# a link added to the dump before tb.dut: tb.dut becomes axiperf1, its rows stay
$LP add "$B" "$W/lk-two.vcd" tb.dut tb dma
linksame "--csv: a link added before tb.dut renumbers it axiperf1; its rows (link tb.dut.m_axi_*) stay the same" \
	csv "$B" "$W/lk-two.vcd" 'tb.dut.m_axi_*' "axiperf0 in $W/one.csv, axiperf1 in $W/two.csv" \
	--csv --latency --per-id --worst 2
linksame "--csv --interval: the windows' rows of tb.dut.m_axi_* stay the same, as axiperf1@START..END" \
	csv "$B" "$W/lk-two.vcd" 'tb.dut.m_axi_*' \
	"axiperf0 axiperf0@10..110 axiperf0@110..210 in $W/one.csv, axiperf1 axiperf1@10..110 axiperf1@110..210 in $W/two.csv" \
	--csv --interval 100 --latency
linksame "--json: the instance with \"link\": \"tb.dut.m_axi_*\" is the same but for its name, axiperf1" \
	json "$B" "$W/lk-two.vcd" 'tb.dut.m_axi_*' "axiperf0 in $W/one.json, axiperf1 in $W/two.json" \
	--json --latency --per-id --worst 2 --interval 100
linkrows "the added link's rows have its own link, tb.dma.m_axi_*, and instance axiperf0" \
	csv 'tb.dma.m_axi_*' "kinds: event figure status" --csv --link dma "$W/lk-two.vcd"
# a scope with a comma and quotes: the link quoted as RFC 4180 asks
$LP add "$B" "$W/lk-quote.vcd" tb.dut tb 'dma,"0"'
linkrows "a scope path with a comma and quotes is one quoted CSV field: \"tb.dma,\"\"0\"\".m_axi_*\"" \
	csv 'tb.dma,"0".m_axi_*' "kinds: event figure status" --csv --link 'dma,"0"' "$W/lk-quote.vcd"
if grep -q '^axiperf0,event,rd_bursts,0,bursts,,,"tb\.dma,""0""\.m_axi_\*"$' "$W/lk.csv"; then
	pass "... written \"tb.dma,\"\"0\"\".m_axi_*\", its quotes doubled"
else
	fail "... written \"tb.dma,\"\"0\"\".m_axi_*\", its quotes doubled"
	grep rd_bursts "$W/lk.csv" | sed 's/^/# /'
fi
linkrows "... and in --json a string with its quotes escaped" json 'tb.dma,"0".m_axi_*' \
	"instances: axiperf0" --json --link 'dma,"0"' "$W/lk-quote.vcd"
# two links whose scope paths print the same: scope tb.dut.m_axi_* (a name
# with a '*', as an escaped identifier may have) beside prefix m_axi_ in tb.dut
$LP add "$B" "$W/lk-dup.vcd" tb.dut tb.dut 'm_axi_*' m_axi_=
refuses "--csv refuses two links of one scope path, naming both" 1 \
	"two links have the same scope path, tb.dut.m_axi_*: scope 'tb.dut.m_axi_*' with prefix '', and scope 'tb.dut' with prefix 'm_axi_'" \
	--csv "$W/lk-dup.vcd"
refuses "--json refuses them too" 1 "two links have the same scope path, tb.dut.m_axi_*" \
	--json --interval 100 "$W/lk-dup.vcd"
if "$R" "$W/lk-dup.vcd" >"$W/out" 2>"$W/err" && grep -q '^rd_bursts  *0  *2$' "$W/out"; then
	pass "... and the table (no key) prints both, as axiperf0 and axiperf1"
else
	fail "... and the table (no key) prints both, as axiperf0 and axiperf1"
	sed 's/^/# /' "$W/err" "$W/out" | head -8
fi

# --start, --end: clocks 3..12 of basic.vcd (edges at #10 k), computed by
# hand from its $comment: the AW of clock 2 is before the window (not a
# burst, yet known to the model, so its data and B count as its own)
"$R" --start 30 --end 120 "$D/basic.vcd" >"$W/out" 2>"$W/err"
rc=$?
if [ $rc = 0 ] && sed -n 2,40p "$W/out" | diff -u "$D/window.expected" - >"$W/diff" &&
   grep -q '; counted from #30 to #120$' "$W/out"; then
	pass "--start 30 --end 120 counts clocks 3 to 12 exactly, the bursts begun before known"
else
	fail "--start 30 --end 120 counts clocks 3 to 12 exactly (exit $rc)"
	sed 's/^/# /' "$W/err" "$W/diff"
fi
for bad in "--start 50 --end 40|--start 50 is after --end 40: nothing to count" \
	   "--start x|--start 'x': want a time in the dump's units" \
	   "--start 10 --repeat 2|--start and --end count part of one pass"; do
	args=${bad%%|*} msg=${bad#*|}
	# shellcheck disable=SC2086
	"$R" $args "$D/basic.vcd" >"$W/out" 2>"$W/err"
	rc=$?
	if [ $rc = 2 ] && grep -qF -- "$msg" "$W/err"; then
		pass "$args is a usage error saying why"
	else
		fail "$args is a usage error saying why (exit $rc)"
		sed 's/^/# /' "$W/err"
	fi
done

# A SystemVerilog interface instance, as simulators dump it: a scope of
# type interface (tb.m_axi) whose signals have no prefix; then one signal
# named otherwise (aw_valid), which --map names
sed -e 's/^\$scope module dut \$end/$scope interface m_axi $end/' -e 's/ m_axi_\([a-z]*\)/ \1/' \
	"$D/basic.vcd" >"$W/if.vcd"
counts "an interface instance's unprefixed signals are found as a link (tb.m_axi)" "$E" "$W/if.vcd"
sed -e 's/ awvalid \$end/ aw_valid $end/' "$W/if.vcd" >"$W/if2.vcd"
counts "--scope m_axi --map awvalid=aw_valid names an interface signal of another name" "$E" \
	--scope m_axi --map awvalid=aw_valid "$W/if2.vcd"

# every event and figure of both columns as basic.expected has it; the
# second link's bandwidths are half and its times in ns twice (its clock
# runs at half the rate)
bad=$(awk 'NR == FNR { want[$1] = $2; next }
	   ($1 in want) { w2 = want[$1]
			  if ($1 ~ /bandwidth$/) w2 = sprintf("%.3f", want[$1] / 2)
			  if ($1 ~ /_ns$/) w2 = sprintf("%.3f", want[$1] * 2)
			  if ($2 != want[$1] || $3 != w2) print $1, $2, $3, "want", want[$1], w2; seen++ }
	   END { if (seen != 57) print "rows seen:", seen, "want 57" }' "$E" "$W/two.out")
if [ -z "$bad" ] && grep -qF '# axiperf1: tc.dut.m_axi_*: 20 clocks, 5e+07 Hz' "$W/two.out"; then
	pass "two links with their own clocks in one pass: each column counts its own link exactly"
else
	fail "two links with their own clocks in one pass: each column counts its own link exactly"
	echo "$bad" | sed 's/^/# /'
	sed 's/^/# /' "$W/two.out" "$W/err" | head -8
fi
line "--link picks one of the links found (by the tail of its scope)" \
	"read_bandwidth 40000000.000 B/s" --link tc.dut "$W/twolinks.vcd"
refuses "--link of a link not there lists the links found" 1 \
	"--link tx: no such link; the links found:" --link tx "$W/twolinks.vcd"
refuses "--link with --prefix is a usage error" 2 "use one or the other" \
	--link tc --prefix m_axi_ "$W/twolinks.vcd"
# the same nets dumped again in another scope are one link
awk '{ print } $0 == "$upscope $end" && !done { done = 1
	print "$scope module mon $end"
	print "$var wire 1 # clk $end"
	n = split("awvalid awready wvalid wready wlast bvalid bready arvalid arready rvalid rready rlast", s, " ")
	split("% & '"'"' ( ) * + , - . / 0", c, " ")
	for (i = 1; i <= n; i++) print "$var wire 1 " c[i] " mon_axi_" s[i] " $end"
	print "$upscope $end" }' "$B" >"$W/alias.vcd"
"$R" --list "$W/alias.vcd" >"$W/list" 2>"$W/err"
if grep -q '^# .*: 1 AXI4 link$' "$W/list" && grep -qF 'the same link is dumped as tb.mon.mon_axi_*' "$W/list"; then
	pass "the same link dumped in two scopes is found once, the other named as its alias"
else
	fail "the same link dumped in two scopes is found once, the other named as its alias"
	sed 's/^/# /' "$W/list" "$W/err"
fi
# near misses: what is missing, and why a scope was not taken
sed 's/ m_axi_rlast / m_axi_rlst /' "$B" >"$W/norlast.vcd"
refuses "a scope without RLAST is not a link: the message says what is missing" 1 \
	"tb.dut.m_axi_*: no rlast" "$W/norlast.vcd"
"$R" --list "$W/norlast.vcd" >"$W/list" 2>&1
if grep -qF 'tb.dut.m_axi_*: no rlast' "$W/list" && grep -q '^# not taken:$' "$W/list"; then
	pass "--list shows a near miss with its reason"
else
	fail "--list shows a near miss with its reason"
	sed 's/^/# /' "$W/list"
fi
sed 's/^\$var wire 1 # aclk \$end/&\n$var wire 1 * clk $end/' "$B" >"$W/twoclk.vcd"
refuses "two clocks in the link's scope are a near miss that says how to choose" 1 \
	"two clocks (tb.dut.aclk and tb.dut.clk): replay it with --scope tb.dut --prefix m_axi_ --clock NAME" \
	"$W/twoclk.vcd"
sed 's/^\$var wire 1 # aclk \$end/&\n$var wire 1 * m_axi_aclk $end\n$var wire 1 ( m_axi_clk $end/' "$B" >"$W/twopclk.vcd"
refuses "two prefixed clocks in the link's scope are a near miss too" 1 \
	"two clocks (tb.dut.m_axi_aclk and tb.dut.m_axi_clk): replay it with --scope tb.dut --prefix m_axi_ --clock NAME" \
	"$W/twopclk.vcd"
sed 's/^\$var wire 1 # aclk \$end/&\n$var wire 1 * m_axi_aresetn $end\n$var wire 1 ( m_axi_rst $end/' "$B" >"$W/twoprst.vcd"
refuses "two prefixed resets in the link's scope are a near miss that says how to choose" 1 \
	"two resets (tb.dut.m_axi_aresetn and tb.dut.m_axi_rst): replay it with --scope tb.dut --prefix m_axi_ and --reset NAME" \
	"$W/twoprst.vcd"
sed 's/^\$var wire 1 # aclk \$end/&\n$var wire 1 * m_axi_aresetn $end\n$var wire 1 ( rst $end/' "$B" >"$W/prst.vcd"
header "found without flags, the prefixed reset wins over a bare one beside it" \
	"reset tb.dut.m_axi_aresetn (active low, found by name)" "$W/prst.vcd"
awk '$0 == "$var wire 1 # aclk $end" { next } { print } $0 == "$scope module tb $end" { print "$var wire 1 # aclk $end" }' \
	"$B" >"$W/upclk.vcd"
counts "a clock in an enclosing scope is the link's clock" "$E" "$W/upclk.vcd"

# --- FST: the same dump converted by GTKWave's vcd2fst gives the same output
if command -v vcd2fst >/dev/null; then
	vcd2fst "$B" "$W/basic.fst" >/dev/null 2>&1
	counts "the FST of basic.vcd (vcd2fst) replays to the same counts" "$E" "$W/basic.fst"
	vcd2fst "$D/edge_aligned.vcd" "$W/edge.fst" >/dev/null 2>&1
	counts "the FST of edge_aligned.vcd replays to the same counts" "$E" "$W/edge.fst"
	vcd2fst "$W/twolinks.vcd" "$W/twolinks.fst" >/dev/null 2>&1
	"$R" "$W/twolinks.fst" >"$W/twofst.out" 2>"$W/err"
	if tail -n +2 "$W/two.out" >"$W/a" && tail -n +2 "$W/twofst.out" >"$W/b" &&
		diff -u "$W/a" "$W/b" >"$W/diff"; then
		pass "two links: the FST gives every line the VCD gives, both links"
	else
		fail "two links: the FST gives every line the VCD gives, both links"
		sed 's/^/# /' "$W/diff" "$W/err" | head -20
	fi
	head -c 700 "$W/twolinks.fst" >"$W/cut.fst"
	"$R" "$W/cut.fst" >"$W/out" 2>"$W/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -qF "cut.fst:" "$W/err" && [ "$(wc -l <"$W/err")" -le 3 ]; then
		pass "a cut FST is refused with a message naming the file"
	else
		fail "a cut FST is refused with a message naming the file"
		echo "# exit $rc"
		sed 's/^/# /' "$W/err" | head
	fi
else
	fail "vcd2fst is not installed (package gtkwave: 'make deps'): the FST tests cannot run"
fi

# --- raw traces
if "$R" --prefix m_axi_ --dump-trace "$W/t.bin" "$B" >/dev/null 2>"$W/err" &&
	[ "$(wc -c <"$W/t.bin")" -eq $((32 + 20 * 32)) ]; then
	pass "--dump-trace writes a 32-byte header and one 32-byte record per clock"
else
	fail "--dump-trace writes a 32-byte header and one 32-byte record per clock"
fi
counts "a raw trace replays to the same counts" "$E" --clock-hz 1e8 "$W/t.bin"
line "a figure with a zero denominator prints n/a (no clock rate in a raw trace)" \
	"read_bandwidth n/a" "$W/t.bin"
head -c $((32 + 5 * 32 + 7)) "$W/t.bin" >"$W/cut.bin"
refuses "a raw trace cut inside a record is refused" 1 \
	"ends in a partial record (7 of 32 bytes)" "$W/cut.bin"

# --- bad input
refuses "an unreadable file is named with the reason" 1 \
	"cannot open '$W/none.vcd': No such file or directory" "$W/none.vcd"
sed 's/m_axi_rready/m_axi_rrdy/' "$B" >"$W/norready.vcd"
refuses "a missing signal is named with the option that maps it" 1 \
	"no signal for rready: looked for 'm_axi_rready'; name it with --map rready=NAME" \
	--prefix m_axi_ "$W/norready.vcd"
refuses "with a --prefix nothing has, names that end in the role are suggested" 1 \
	"(signals ending in it: tb.cpu.s_axi_awvalid, tb.dut.m_axi_awvalid)" --prefix x_ "$B"
sed 's/ aclk / sysclk /' "$B" >"$W/sysclk.vcd"
refuses "a missing clock says to use --clock" 1 \
	"no clock found (tried m_axi_aclk, m_axi_clk, aclk, clk, clock); name it with --clock NAME" \
	--prefix m_axi_ "$W/sysclk.vcd"
counts "--clock names the clock" "$E" --prefix m_axi_ --clock sysclk "$W/sysclk.vcd"
# stops DESC MESSAGE-PART CLOCKS REPLAY-ARGS...: a damaged body gets its
# line and reason on stderr, exit status 1, and the figures up to there
# marked PARTIAL, with CLOCKS clocks counted
stops() {
	desc=$1 msg=$2 clocks=$3
	shift 3
	"$R" "$@" >"$W/out" 2>"$W/err"
	rc=$?
	got=$(awk '$1 == "active_cycles" { print $2 }' "$W/out")
	if [ $rc -eq 1 ] && grep -qF -- "$msg" "$W/err" && head -1 "$W/out" | grep -qF PARTIAL &&
		[ "$got" = "$clocks" ]; then
		pass "$desc"
	else
		fail "$desc"
		echo "# exit $rc (want 1), active_cycles '$got' (want $clocks), stdout head and stderr:"
		head -2 "$W/out" | sed 's/^/#   /'
		sed 's/^/#   /' "$W/err"
		echo "# want in it: $msg"
	fi
}
# line 120 is in the step at #45 (clock 4 rose at #40): 4 clocks before it
awk 'NR == 120 { print "q%" } { print }' "$B" >"$W/bad1.vcd"
stops "a malformed value change gives its line number and the figures before its step" \
	"bad1.vcd:120: malformed value change 'q%'" 4 --prefix m_axi_ "$W/bad1.vcd"
awk 'NR == 130 { print "#12x" } { print }' "$B" >"$W/bad2.vcd"
stops "read from a pipe, a damaged dump still gives its line number" \
	"(standard input):120: malformed value change 'q%'" 4 --prefix m_axi_ - <"$W/bad1.vcd"
# a line number past the first 1 MiB block, from a file and from a pipe
awk 'NR == 400000 { print "q%" } { print }' "$W/long.vcd" >"$W/bad-long.vcd"
stops "a damage past the first block of a file gives its line number" \
	"bad-long.vcd:400000: malformed value change 'q%'" 99981 --prefix m_axi_ $NOLEN "$W/bad-long.vcd"
stops "... and from a pipe" "(standard input):400000: malformed value change 'q%'" 99981 \
	--prefix m_axi_ $NOLEN - <"$W/bad-long.vcd"
stops "a malformed time gives its line number" \
	"bad2.vcd:130: time '#12x' is not # and a whole number" 5 --prefix m_axi_ "$W/bad2.vcd"
awk 'NR == 140 { print "1~~" } { print }' "$B" >"$W/bad3.vcd"
stops "an undeclared identifier code gives its line number" \
	"bad3.vcd:140: value change for '~~', an identifier code no \$var declared" 6 \
	--prefix m_axi_ "$W/bad3.vcd"
awk 'NR == 150 { print "b10q %" } { print }' "$B" >"$W/bad4.vcd"
stops "a vector value with a bad digit gives its line number" \
	"bad4.vcd:150: vector value 'b10q' has a 'q'" 8 --prefix m_axi_ "$W/bad4.vcd"
# a value whose identifier code the file never gives (after the last step's
# changes, so all 20 clocks are counted)
{ cat "$B"; printf 'b101 \n'; } >"$W/nocode1.vcd"
stops "a vector value at the end with no identifier code says so" \
	"nocode1.vcd:236: vector value 'b101' has no identifier code" 20 "$W/nocode1.vcd"
{ cat "$B"; printf 'r1.5\n'; } >"$W/nocode2.vcd"
stops "a real value at the end with no identifier code says so" \
	"nocode2.vcd:236: value 'r1.5' has no identifier code" 20 "$W/nocode2.vcd"
# cut inside the line "#65": clocks 1..5 rose at #10..#50; the step at #60
# may have lost changes, so its edge is not counted
awk '{ print } $0 == "#60" { n = NR } n && NR == n + 1 { printf "#6"; exit }' "$B" >"$W/cut.vcd"
stops "a file cut inside a line says so, with its line; the clocks before the cut's step count" \
	"it was cut short" 5 --prefix m_axi_ "$W/cut.vcd"
stops "a cut file found without flags stops the same way" "cut.vcd:" 5 "$W/cut.vcd"
sed '/\$var wire 1 . m_axi_bvalid/s/\$end//' "$B" >"$W/bad5.vcd"
refuses "a \$var without its \$end gives its line number" 1 \
	"bad5.vcd:41: \$var has too many fields" --prefix m_axi_ "$W/bad5.vcd"
grep -v enddefinitions "$B" | head -50 >"$W/bad6.vcd"
refuses "a header that never ends is refused" 1 \
	"no \$enddefinitions (is this a VCD file?)" --prefix m_axi_ "$W/bad6.vcd"
sed 's/\$var wire 1 \(.\) m_axi_awvalid/$var wire 2 \1 m_axi_awvalid/' "$B" >"$W/bad7.vcd"
refuses "a signal of the wrong width is refused" 1 \
	"awvalid (tb.dut.m_axi_awvalid) is 2 bits wide; at most 1 for awvalid" \
	--prefix m_axi_ "$W/bad7.vcd"
grep -v '^1#$' "$B" >"$W/noclk.vcd"
refuses "a clock that never rises is refused" 1 \
	"the clock tb.dut.aclk never rises: nothing to replay" --prefix m_axi_ "$W/noclk.vcd"
refuses "an unknown option is a usage error" 2 "unknown option '--bogus'" --bogus "$B"
refuses "an option without its value is a usage error" 2 "option '--prefix' needs a value" \
	"$B" --prefix
refuses "--map of an unknown role is a usage error" 2 "--map 'foo=bar': no role 'foo'" \
	--map foo=bar "$B"
refuses "--map cannot make a handshake wire absent" 2 "rvalid cannot be absent" \
	--map rvalid= "$B"

# --- transactions, burst by burst: random AXI4 traffic (bursts.py gen:
# IDs, reads interleaved across IDs, data before or after its address,
# responses out of order across IDs, stalls, SLVERR and DECERR) against
# the generator's own account of every burst, not the model's
BP="python3 $D/bursts.py"
for seed in 1 2 3; do
	$BP gen $seed 4000 "$W/rnd$seed.vcd" "$W/rnd$seed.json"
	"$R" --json --per-id --linear-bins 8 --worst 5 --errors "$W/rnd$seed.vcd" >"$W/rnd$seed.out" 2>"$W/err"
	if $BP check "$W/rnd$seed.json" "$W/rnd$seed.out" 0 --worst=5 >"$W/diff" 2>&1; then
		pass "random traffic, seed $seed: every distribution (count, sum, min, p50, p90, p99, max, log2 and linear bins, each ID's too), the 5 slowest and the SLVERR/DECERR counts equal the generator's account of its $(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["bursts"]["read_transaction"]))' "$W/rnd$seed.json") reads; each mean is the model's in-flight sum"
	else
		fail "random traffic, seed $seed: the distributions, the slowest and the errors equal the generator's account"
		sed 's/^/# /' "$W/diff" "$W/err" | head -20
	fi
done
# the checker's own reader (used on Verilator's dumps in suite replay-rtl)
# rebuilds from the VCD the account the generator wrote
$BP vcd "$W/rnd1.vcd" tb.dut m_axi_ "$W/rnd1.back.json" 2>"$W/err"
if python3 -c 'import json, sys; a, b = (json.load(open(f)) for f in sys.argv[1:]); sys.exit(a != json.loads(json.dumps(b)))' \
	"$W/rnd1.json" "$W/rnd1.back.json"; then
	pass "bursts.py's VCD reader rebuilds the generator's account of every burst from the dump"
else
	fail "bursts.py's VCD reader rebuilds the generator's account of every burst from the dump"
	sed 's/^/# /' "$W/err"
fi
# the distributions cost nothing unless asked: without the options, the output is as before
"$R" "$W/rnd1.vcd" >"$W/plain.out" 2>&1
"$R" --latency "$W/rnd1.vcd" >"$W/lat.out" 2>&1
if head -n "$(wc -l <"$W/plain.out")" "$W/lat.out" | cmp -s - "$W/plain.out" &&
	! grep -q '^# axiperf0.*: latency in clocks' "$W/plain.out" && grep -q '^read_transaction  ' "$W/lat.out"; then
	pass "--latency adds its table after the figures, which stay as they are without it"
else
	fail "--latency adds its table after the figures, which stay as they are without it"
fi
"$R" --csv --latency --worst 2 --errors "$W/rnd1.vcd" >"$W/rnd1.csv" 2>"$W/err"
if python3 -c '
import csv, json, sys
rows = {r[2]: r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith("#"))}
d = json.load(open(sys.argv[2]))["frames"][0]["instances"][0]
for k, v in d["latency"]["read_transaction"].items():
    if k in ("count", "min", "p50", "p90", "p99", "max") and rows["read_transaction." + k][3] != str(v):
        sys.exit(1)
w = d["worst"]["write_transaction"][0]
r = rows["write_transaction.1.id%d" % w["id"]]
sys.exit(not (r[1] == "worst" and (r[3], r[5], r[6]) == (str(w["latency"]), str(w["start"]), str(w["end"]))
              and rows["rd_slverr"][3] == str(d["errors"]["rd_slverr"])))' "$W/rnd1.csv" "$W/rnd1.out" 2>"$W/err"; then
	pass "--csv gives the same distributions, slowest bursts (start and end as num and den) and errors as --json"
else
	fail "--csv gives the same distributions, slowest bursts and errors as --json"
	sed 's/^/# /' "$W/err"
fi
linkrows "random traffic, --csv: every row kind, errors too, ends in link tb.dut.m_axi_*" csv 'tb.dut.m_axi_*' \
	"kinds: errors event figure histogram latency status worst" --csv --latency --worst 2 --errors "$W/rnd1.vcd"
$LP add "$W/rnd1.vcd" "$W/rnd1-two.vcd" tb.dut tb dma
linksame "random traffic, --csv: beside a link added before it, tb.dut.m_axi_*'s rows of every kind stay the same" \
	csv "$W/rnd1.vcd" "$W/rnd1-two.vcd" 'tb.dut.m_axi_*' "axiperf0 in $W/one.csv, axiperf1 in $W/two.csv" \
	--csv --latency --per-id --worst 2 --errors
linksame "random traffic, --json --interval: tb.dut.m_axi_*'s windows and whole run stay the same" \
	json "$W/rnd1.vcd" "$W/rnd1-two.vcd" 'tb.dut.m_axi_*' "axiperf0 in $W/one.json, axiperf1 in $W/two.json" \
	--json --latency --per-id --worst 2 --errors --interval 5000
if command -v vcd2fst >/dev/null && vcd2fst "$W/rnd1.vcd" "$W/rnd1.fst" >/dev/null 2>&1 &&
	"$R" --json --per-id --linear-bins 8 --worst 5 --errors "$W/rnd1.fst" >"$W/rnd1fst.out" 2>"$W/err" &&
	$BP check "$W/rnd1.json" "$W/rnd1fst.out" 0 --worst=5 >"$W/diff" 2>&1; then
	pass "the FST of the random traffic gives the same distributions, slowest bursts and errors"
else
	fail "the FST of the random traffic gives the same distributions, slowest bursts and errors"
	sed 's/^/# /' "$W/diff" "$W/err" | head
fi
# --start, --end: the bursts that end in the window (those begun before it are known)
"$R" --json --per-id --worst 5 --start 10005 --end 30000 "$W/rnd1.vcd" >"$W/win.out" 2>"$W/err"
if $BP check "$W/rnd1.json" "$W/win.out" 0 --worst=5 --window=10005,30000 >"$W/diff" 2>&1; then
	pass "--start 10005 --end 30000: the distributions and the slowest of the bursts that end in the window, begun before it or not"
else
	fail "--start 10005 --end 30000: the distributions and the slowest of the bursts that end in the window"
	sed 's/^/# /' "$W/diff" "$W/err" | head
fi
# a dump cut mid-way: every figure up to the cut, the transactions too
head -c 60000 "$W/rnd1.vcd" >"$W/rnd1cut.vcd"
"$R" --json --per-id --worst 5 "$W/rnd1cut.vcd" >"$W/cut.out" 2>"$W/err"
rc=$?
if [ $rc = 1 ] && grep -q '"partial": true' "$W/cut.out" && grep -q PARTIAL "$W/err" &&
	$BP check "$W/rnd1.json" "$W/cut.out" 0 --worst=5 >"$W/diff" 2>&1; then
	pass "a cut dump: exit 1, marked partial, the distributions and slowest bursts of the bursts ended before the cut"
else
	fail "a cut dump: exit 1, marked partial, the distributions and slowest bursts of the bursts ended before the cut (exit $rc)"
	sed 's/^/# /' "$W/diff" "$W/err" | head
fi
# --markers: a GTKWave save file whose named markers are the slowest bursts' starts and ends
"$R" --json --worst 2 --markers "$W/rnd1.gtkw" "$W/rnd1.vcd" >"$W/mk.out" 2>"$W/err"
if python3 -c '
import json, sys
d = json.load(open(sys.argv[2]))["frames"][0]["instances"][0]["worst"]
want = []
for r in range(2):
    for k in ("read_first_data", "read_transaction", "write_transaction", "write_response"):
        for t in (d[k][r]["start"], d[k][r]["end"]):
            if t not in want:
                want.append(t)
lines = open(sys.argv[1]).read().splitlines()
star = [l for l in lines if l.startswith("*")][0].split()
got = [int(t) for t in star[2:] if t != "-1"]
names = [l for l in lines if l.startswith("[markername] ")]
sys.exit(not (len(star) == 28 and got == want[:26] and len(names) == len(got)
              and "[dumpfile] \"" + sys.argv[3] + "\"" in lines and "tb.dut.m_axi_arvalid" in lines))' \
	"$W/rnd1.gtkw" "$W/mk.out" "$(cd "$W" && pwd)/rnd1.vcd" 2>>"$W/err"; then
	pass "--markers writes a GTKWave save file: the dump, a named marker at each slowest burst's start and end (the times of --json), the link's handshakes"
else
	fail "--markers writes a GTKWave save file: the dump, a named marker at each slowest burst's start and end, the link's handshakes"
	sed 's/^/# /' "$W/err" "$W/rnd1.gtkw" | head -20
fi
# a raw trace has no BID: the write responses are taken in the writes' order
"$R" --dump-trace "$W/rnd1.bin" "$W/rnd1.vcd" >/dev/null 2>"$W/err"
"$R" --json --latency "$W/rnd1.bin" >"$W/raw.out" 2>>"$W/err"
if python3 -c '
import json, sys
a, b = (json.load(open(f))["frames"][0]["instances"][0]["latency"] for f in sys.argv[1:])
sys.exit(not all(a[k]["count"] == b[k]["count"] and a[k]["sum"] == b[k]["sum"] for k in ("read_first_data", "read_transaction", "write_transaction", "write_response"))
         or dict(a["read_transaction"], linear=None) != dict(b["read_transaction"], linear=None))' \
	"$W/rnd1.out" "$W/raw.out" 2>>"$W/err"; then
	pass "a raw trace (no BID) gives the same reads, and the same write counts and sums (responses in order)"
else
	fail "a raw trace (no BID) gives the same reads, and the same write counts and sums"
	sed 's/^/# /' "$W/err"
fi
# bad input for the transactions
refuses "--errors on a dump without BRESP or RRESP says what is missing and how to name it" 1 \
	"--errors: the link has no bresp or rresp signal (looked for m_axi_bresp and m_axi_rresp beside tb.dut.m_axi_bvalid): name them with --map bresp=NAME --map rresp=NAME" \
	--prefix m_axi_ --errors "$B"
refuses "--worst with no burst ended in the window says there is nothing to rank" 1 \
	"--worst 3: no burst ended in the dump (no RLAST or B handshake in --start/--end): nothing to rank" \
	--worst 3 --end 10 "$B"
refuses "--markers to a path that cannot be written is refused before the dump is read" 1 \
	"--markers '$W/none/m.gtkw': cannot write it: No such file or directory" \
	--worst 3 --markers "$W/none/m.gtkw" "$B"
refuses "--markers without --worst is a usage error" 2 "give --worst N too" --markers "$W/m.gtkw" "$B"
refuses "--latency with --repeat is a usage error" 2 "not with --repeat or --dump-trace" \
	--latency --repeat 2 "$B"
refuses "--worst 0 is a usage error" 2 "--worst '0': want a whole number from 1 to 10000" --worst 0 "$B"

# memory: what the transactions add does not grow with the dump (4,000 and
# 40,000 clocks of the same traffic, read from a pipe so that no mapping
# of the file counts)
$BP gen 7 4000 "$W/m4.vcd" "$W/m4.json"
$BP gen 7 40000 "$W/m40.vcd" "$W/m40.json"
# rss ARGS... < FILE: the maximum resident set, KiB
rss() { /usr/bin/time -f %M -o "$W/rss" "$R" "$@" >/dev/null 2>&1; cat "$W/rss"; }
d4=$(($(rss --json --per-id --linear-bins 4 --worst 100 --errors --interval 1000 - <"$W/m4.vcd") - $(rss - <"$W/m4.vcd")))
d40=$(($(rss --json --per-id --linear-bins 4 --worst 100 --errors --interval 1000 - <"$W/m40.vcd") - $(rss - <"$W/m40.vcd")))
if [ "$d40" -le $((${d4#-} + 256)) ]; then
	pass "the transactions' memory does not grow with the dump: $d4 KiB more on 4,000 clocks, $d40 KiB more on 40,000 (every option, 10 times the bursts)"
else
	fail "the transactions' memory does not grow with the dump: $d4 KiB more on 4,000 clocks, $d40 KiB more on 40,000"
fi

# --- AXI4-Lite: no IDs, lengths, WLAST or RLAST; one-beat bursts with --lite
$BP gen 4 4000 "$W/lite.vcd" "$W/lite.json" lite
"$R" --lite --json --latency --worst 5 --errors "$W/lite.vcd" >"$W/lite.out" 2>"$W/err"
if $BP check "$W/lite.json" "$W/lite.out" 0 --worst=5 >"$W/diff" 2>&1; then
	pass "--lite: an AXI4-Lite link replays as one-beat bursts: rd_bursts, wr_bursts, every distribution, the 5 slowest and the errors equal the generator's account"
else
	fail "--lite: an AXI4-Lite link replays as one-beat bursts, equal to the generator's account"
	sed 's/^/# /' "$W/diff" "$W/err" | head
fi
if command -v vcd2fst >/dev/null && vcd2fst "$W/lite.vcd" "$W/lite.fst" >/dev/null 2>&1 &&
	"$R" --lite --json --latency --worst 5 --errors "$W/lite.fst" >"$W/litef.out" 2>"$W/err" &&
	$BP check "$W/lite.json" "$W/litef.out" 0 --worst=5 >"$W/diff" 2>&1; then
	pass "--lite: the FST of the AXI4-Lite link gives the same"
else
	fail "--lite: the FST of the AXI4-Lite link gives the same"
	sed 's/^/# /' "$W/diff" "$W/err" | head
fi
refuses "without --lite, an AXI4-Lite interface is a near miss that names --lite" 1 \
	"tb.dut.m_axi_*: no wlast, rlast (an AXI4-lite interface: replay it with --lite, as one-beat bursts)" \
	"$W/lite.vcd"
"$R" --lite "$W/lite.vcd" >"$W/lite.txt" 2>"$W/err"
if grep -q '^rd_max_burst_size  *n/a$' "$W/lite.txt" && grep -q '^wr_max_burst_size  *n/a$' "$W/lite.txt" &&
	grep -q '^rd_max_responding  *n/a$' "$W/lite.txt" && head -1 "$W/lite.txt" | grep -q 'AXI4-Lite: one-beat bursts'; then
	pass "--lite: the header says AXI4-Lite; the burst-size and responding-ID maxima are n/a"
else
	fail "--lite: the header says AXI4-Lite; the burst-size and responding-ID maxima are n/a"
	head -1 "$W/lite.txt" | sed 's/^/# /'
fi
# shellcheck disable=SC2086
"$R" --prefix m_axi_ --map wlast= --map rlast= $NOLEN "$W/lite.vcd" >"$W/lite2.txt" 2>"$W/err"
if tail -n +2 "$W/lite.txt" | cmp -s - "$(tail -n +2 "$W/lite2.txt" >"$W/lite3.txt"; echo "$W/lite3.txt")"; then
	pass "--map wlast= --map rlast= names an AXI4-Lite link by hand: the same output as --lite"
else
	fail "--map wlast= --map rlast= names an AXI4-Lite link by hand: the same output as --lite"
	sed 's/^/# /' "$W/err"
fi

# --- --start/--end: several windows in one pass: each printed as it closes, equal to its own
# replay; the whole run is the windows' sum
# same_windows DESC FILE ARGS: each window of ARGS (--start/--end pairs) replayed alone
same_windows() {
	desc=$1 f=$2
	shift 2
	"$R" --json --latency "$@" "$f" >"$W/wins.json" 2>"$W/err"
	i=0 ok=1
	while [ $# -gt 0 ]; do
		a="$1 $2"
		shift 2
		case ${1:-} in --end) a="$a $1 $2"; shift 2 ;; esac
		# shellcheck disable=SC2086
		"$R" --json --latency $a "$f" >"$W/win1.json" 2>>"$W/err"
		python3 -c '
import json, sys
row = json.load(open(sys.argv[1]))["intervals"][int(sys.argv[3])]
one = json.load(open(sys.argv[2]))["frames"][0]["instances"][0]
sys.exit(not (row["events"] == one["events"] and
              all(dict(row["latency"][k], open=0, open_clocks=0) == dict(one["latency"][k], open=0, open_clocks=0)
                  for k in ("read_first_data", "read_transaction", "write_transaction", "write_response"))))' \
			"$W/wins.json" "$W/win1.json" $i 2>>"$W/err" || { ok=0; echo "# window $i ($a) differs"; }
		i=$((i + 1))
	done
	if [ $ok = 1 ] && $BP sums "$W/wins.json" --windows >"$W/diff" 2>&1; then
		pass "$desc"
	else
		fail "$desc"
		sed 's/^/# /' "$W/diff" "$W/err" | head
	fi
}
same_windows "--start 30 --end 120 --start 130 --end 200: two windows in one pass, each equal to its replay alone; the whole is their sum" \
	"$B" --start 30 --end 120 --start 130 --end 200
same_windows "three windows of random traffic in one pass (the last to the end), events and distributions each equal to its replay alone" \
	"$W/rnd1.vcd" --start 5000 --end 15000 --start 15010 --end 30000 --start 30010
refuses "windows out of order are a usage error" 2 \
	"--start 100 is not after the window before it (to --end 120): give the windows in time order" \
	--start 30 --end 120 --start 100 --end 200 "$B"
refuses "a window with no --end before the next --start is a usage error" 2 \
	"--start 30: the window before it has no --end" --start 300 --start 30 --end 120 "$B"

# --- --interval: the windows add up to the whole run, on every dump of this suite
bad=
mbad=
nd=0
nm=0
for args in "$B" "$D/edge_aligned.vcd" "$W/codes.vcd" "$W/twolinks.vcd" "$W/wide.vcd" \
	"--prefix m_axi_ $NOLEN $W/long.vcd" "$W/if.vcd" "$W/alias.vcd" "$W/upclk.vcd" \
	"$W/basic.fst" "$W/twolinks.fst" "$W/rnd1.vcd" "$W/rnd2.vcd" "$W/rnd3.vcd" "$W/rnd1.fst" \
	"$W/cut.vcd" "$W/rnd1cut.vcd" "--lite $W/lite.vcd"; do
	for t in 37 100 1000; do
		# shellcheck disable=SC2086
		"$R" --json --latency --interval $t $args >"$W/iv.json" 2>"$W/err"
		rc=$?
		if grep -q 'longer than the dump' "$W/err"; then
			continue
		fi
		nd=$((nd + 1))
		if [ $rc -gt 1 ] || ! $BP sums "$W/iv.json" >"$W/diff" 2>&1; then
			bad="$bad; --interval $t $args (exit $rc): $(head -3 "$W/diff" "$W/err" | tr '\n' ' ')"
		fi
		# the whole run's means are the model's in-flight figures
		if [ $t = 100 ] && ! $BP means "$W/iv.json" >"$W/diff" 2>&1; then
			mbad="$mbad; $args: $(head -3 "$W/diff" | tr '\n' ' ')"
		fi
		[ $t = 100 ] && nm=$((nm + 1))
	done
done
if [ -z "$bad" ] && [ $nd -ge 35 ]; then
	pass "--interval 37, 100 and 1000 on every dump of this suite ($nd runs, cut ones too): the windows' clocks, counts, maxima, distributions and bins add up to the whole run's"
else
	fail "--interval on every dump of this suite: the windows add up to the whole run ($nd runs)"
	echo "# $bad" | cut -c 1-2000
fi
if [ -z "$mbad" ] && [ $nm -ge 15 ]; then
	pass "on every dump of this suite ($nm, cut ones too), each link's distributions' sums plus their open bursts' clocks are the model's rd_inflight, rd_waiting and wr_inflight, its reads ended rd_bursts: each mean is the model's figure"
else
	fail "on every dump of this suite, the distributions' sums are the model's in-flight sums ($nm dumps)"
	echo "# $mbad" | cut -c 1-2000
fi
"$R" --json --errors --latency --interval 5000 "$W/rnd1.vcd" >"$W/iv.json" 2>"$W/err"
if $BP sums "$W/iv.json" >"$W/diff" 2>&1 && [ "$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["intervals"]))' "$W/iv.json")" = 8 ]; then
	pass "--interval 5000 on 4000 clocks of 10 units: 8 windows, whose SLVERR and DECERR counts add up too"
else
	fail "--interval 5000 on 4000 clocks of 10 units: 8 windows, whose SLVERR and DECERR counts add up too"
	sed 's/^/# /' "$W/diff" "$W/err"
fi
"$R" --interval 50 "$B" >"$W/out" 2>"$W/err"
if [ "$(grep -c '^# axiperf0 tb.dut.m_axi_\*: from #' "$W/out")" = 4 ] &&
	grep -q '^# axiperf0 tb.dut.m_axi_\*: from #160 to before #210: 5 clocks$' "$W/out"; then
	pass "--interval 50 on basic.vcd's clocks at #10..#200: 4 windows from the first clock, each printed as it ends"
else
	fail "--interval 50 on basic.vcd's clocks at #10..#200: 4 windows from the first clock"
	grep '^# axiperf0' "$W/out" | sed 's/^/# /'
fi
refuses "--interval 0 is a usage error" 2 "--interval '0': want a window of at least 1 unit" --interval 0 "$B"
refuses "--interval longer than the dump says how long the dump is" 1 \
	"--interval 1000 is longer than the dump's clocks (#10 to #200: 190 units): nothing to split; give at most 190" \
	--interval 1000 "$B"
refuses "--interval with --start is a usage error" 2 "--interval splits one whole pass" \
	--interval 10 --start 20 "$B"
refuses "--interval on a raw trace (no times) is refused" 1 \
	"a raw trace has no times: --start, --end and --interval are for VCD and FST dumps" \
	--interval 10 "$W/t.bin"

# --- the same runs under AddressSanitizer and UBSan: no report, the same output
# (a use after free in finding several links passed every count test above)
if [ -n "$RASAN" ]; then
	for args in "$B" "--list $B" "--prefix m_axi_ --repeat 3 $B" "$W/twolinks.vcd" \
		"--link tc.dut $W/twolinks.vcd" "--list $W/alias.vcd" "--list $W/norlast.vcd" \
		"$W/twoclk.vcd" "$W/twolinks.fst" "$W/basic.fst" "$W/cut.fst" "$W/cut.vcd" \
		"$W/bad1.vcd" "$W/bad4.vcd" "--prefix m_axi_ $W/bad5.vcd" "$W/bad6.vcd" \
		"--prefix m_axi_ $NOLEN $W/bad-long.vcd" "--clock-hz 1e8 $W/t.bin" \
		"--per-id --linear-bins 4 --worst 3 --errors $W/rnd1.vcd" "--latency --worst 2 $W/rnd1cut.vcd" \
		"--latency --per-id --worst 2 $W/rnd1.bin" "--json --latency --errors --interval 333 $W/rnd1.vcd" \
		"--interval 37 $W/twolinks.vcd" "--csv --latency --worst 2 --interval 100 $W/lk-quote.vcd" \
		"--csv $W/lk-dup.vcd" "--csv --prefix m_axi_ --scope dut $B"; do
		# shellcheck disable=SC2086
		"$R" $args >"$W/plain.out" 2>"$W/plain.err"
		rc=$?
		# shellcheck disable=SC2086
		ASAN_OPTIONS=detect_leaks=1 "$RASAN" $args >"$W/asan.out" 2>"$W/asan.err"
		rca=$?
		if [ $rc -eq $rca ] && cmp -s "$W/plain.out" "$W/asan.out" &&
			! grep -q 'Sanitizer\|runtime error' "$W/asan.err"; then
			pass "sanitized: axiperf-replay $args"
		else
			fail "sanitized: axiperf-replay $args"
			echo "# exit $rca (plain $rc)"
			sed 's/^/# /' "$W/asan.err" | head -20
		fi
	done
	# damaged at random: 150 copies of basic.vcd and twolinks.vcd, bytes
	# changed, lines dropped or repeated, cut anywhere (seeded); each one
	# replays or stops with a message, never a crash or a sanitizer report
	bad=0
	for i in $(seq 1 150); do
		src=$B
		[ $((i % 3)) -eq 0 ] && src=$W/twolinks.vcd
		# the header too in one case of ten, else the value changes only
		awk -v seed="$i" 'BEGIN { srand(seed); srand(seed); all = seed % 10 == 0 }
			{ r = rand() }
			!all && !body { print; if ($0 ~ /^\$enddefinitions/) body = 1; next }
			{
			  if (r < 0.02) next
			  if (r < 0.04) print
			  if (r < 0.07 && length($0) > 0) {
				p = int(rand() * length($0)) + 1
				c = substr("01xzb#$ ~!\"q[]:9", int(rand() * 17) + 1, 1)
				$0 = substr($0, 1, p - 1) c substr($0, p + 1)
			  }
			  print }' "$src" >"$W/fz.vcd"
		[ $((i % 5)) -eq 0 ] && head -c $((i * 37 % $(wc -c <"$W/fz.vcd"))) "$W/fz.vcd" >"$W/fz2.vcd" &&
			mv "$W/fz2.vcd" "$W/fz.vcd"
		ASAN_OPTIONS=detect_leaks=0 "$RASAN" "$W/fz.vcd" >/dev/null 2>"$W/fz.err"
		rc=$?
		if [ $rc -gt 1 ] || grep -q 'Sanitizer\|runtime error' "$W/fz.err" ||
			{ [ $rc -eq 1 ] && ! grep -q '^axiperf-replay: ' "$W/fz.err"; }; then
			bad=$((bad + 1))
			[ $bad -eq 1 ] && cp "$W/fz.vcd" "$W/fz-first-bad.vcd" && { echo "# case $i: exit $rc"; sed 's/^/# /' "$W/fz.err" | head -10; }
		fi
	done
	if [ $bad -eq 0 ]; then
		pass "150 randomly damaged dumps: each replays or stops with its message; no crash, no sanitizer report"
	else
		fail "150 randomly damaged dumps: $bad crashed or ended without a message (the first: $W/fz-first-bad.vcd)"
	fi
fi

echo "1..$n"
[ "$failed" -eq 0 ]
