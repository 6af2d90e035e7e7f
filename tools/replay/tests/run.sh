#!/bin/sh
# Suite `replay`: axiperf-replay on hand-written traces with hand-computed
# counts (basic.expected; the categories of every clock are listed in the
# $comment of basic.vcd), and on malformed inputs.
#   run.sh REPLAY_BINARY SCRATCH_DIR
# TAP on stdout; exits non-zero when a test fails.
R=$1
W=$2
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
refuses "without --prefix, names that end in the role are suggested" 1 \
	"(signals ending in it: tb.cpu.s_axi_awvalid, tb.dut.m_axi_awvalid)" "$B"
sed 's/ aclk / sysclk /' "$B" >"$W/sysclk.vcd"
refuses "a missing clock says to use --clock" 1 \
	"no clock found (tried m_axi_aclk, m_axi_clk, aclk, clk, clock); name it with --clock NAME" \
	--prefix m_axi_ "$W/sysclk.vcd"
counts "--clock names the clock" "$E" --prefix m_axi_ --clock sysclk "$W/sysclk.vcd"
awk 'NR == 120 { print "q%" } { print }' "$B" >"$W/bad1.vcd"
refuses "a malformed value change gives its line number" 1 \
	"bad1.vcd:120: malformed value change 'q%'" --prefix m_axi_ "$W/bad1.vcd"
awk 'NR == 130 { print "#12x" } { print }' "$B" >"$W/bad2.vcd"
refuses "a malformed time gives its line number" 1 \
	"bad2.vcd:130: time '#12x' is not # and a whole number" --prefix m_axi_ "$W/bad2.vcd"
awk 'NR == 140 { print "1~~" } { print }' "$B" >"$W/bad3.vcd"
refuses "an undeclared identifier code gives its line number" 1 \
	"bad3.vcd:140: value change for '~~', an identifier code no \$var declared" \
	--prefix m_axi_ "$W/bad3.vcd"
awk 'NR == 150 { print "b10q %" } { print }' "$B" >"$W/bad4.vcd"
refuses "a vector value with a bad digit gives its line number" 1 \
	"bad4.vcd:150: vector value 'b10q' has a 'q'" --prefix m_axi_ "$W/bad4.vcd"
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

echo "1..$n"
[ "$failed" -eq 0 ]
