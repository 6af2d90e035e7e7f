#!/bin/sh
# Suite `replay-rtl`: axiperf-replay on Verilator's own dumps of
# twolink.v against the RTL monitors' registers (see check.mk).
#   run.sh REPLAY_BINARY WORKDIR
# WORKDIR holds vcd/twolink.* and fst/twolink.*, written by twolink-vcd and
# twolink-fst (main.cpp): the dump, linkN.regs (every named event of link
# N's monitor, then perf_err and resp_approx) and .info (the window, what
# was in flight at its end, the protocol check). TAP on stdout; exits
# non-zero when a test fails.
R=$1
W=$2
D=$(cd "$(dirname "$0")" && pwd)
T=$(cd "$D/../.." && pwd)
S=$W/scratch
mkdir -p "$S"
n=0
failed=0

pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; failed=$((failed + 1)); }
# comment [FILE...]: as TAP comments, bytes that do not print as '?'
comment() { cat "$@" | LC_ALL=C tr -c '[:print:]\n' '?' | sed 's/^/# /' | head -40; }

# info FILE KEY: a value of a .info file
info() { awk -v k="$2" '$1 == k { print $2 }' "$1" 2>/dev/null; }
# reg FILE NAME: a value of a .regs file
reg() { awk -v k="$2" '$1 == k { print $2 }' "$1" 2>/dev/null; }

# --- the Verilog
if verilator --lint-only -Wall -I"$T/hdl" --top-module twolink "$D/twolink.v" \
		"$T/hdl/axiperf.v" >"$S/lint.log" 2>&1; then
	pass "twolink.v lints clean under verilator --lint-only -Wall"
else
	fail "twolink.v lints clean under verilator --lint-only -Wall"
	comment "$S/lint.log"
fi
if iverilog -g2005 -Wall -I"$T/hdl" -s twolink -o "$S/twolink.vvp" "$D/twolink.v" \
		"$T/hdl/axiperf.v" >"$S/iverilog.log" 2>&1 && ! grep -qi "warning\|error" "$S/iverilog.log"; then
	pass "twolink.v elaborates under iverilog -g2005 -Wall without a warning"
else
	fail "twolink.v elaborates under iverilog -g2005 -Wall without a warning"
	comment "$S/iverilog.log"
fi

# --- the simulations: their window, their traffic
# sim KIND: the run of twolink-KIND wrote its dump, registers and info
sim() {
	kind=$1
	b=$W/$kind/twolink
	if [ -s "$b.$kind" ] && [ -s "$b.link0.regs" ] && [ -s "$b.link1.regs" ] && [ -s "$b.info" ]; then
		pass "twolink-$kind ran: $(info "$b.info" clocks) clocks dumped to $kind/twolink.$kind, both monitors' registers read"
	else
		fail "twolink-$kind ran: its dump, registers and info are all there"
		find "$W/$kind" -maxdepth 1 2>&1 | comment
	fi
}
sim vcd
sim fst

V=$W/vcd/twolink
F=$W/fst/twolink
clocks=$(info "$V.info" clocks)
for l in 0 1; do
	a=$(reg "$V.link$l.regs" active_cycles)
	if [ -n "$clocks" ] && [ "$a" = "$clocks" ] && [ "$(info "$V.info" dumped_edges)" = "$clocks" ]; then
		pass "link $l: the monitor counted exactly the $clocks clocks of the dump (active_cycles $a)"
	else
		fail "link $l: the monitor counted exactly the clocks of the dump"
		echo "# active_cycles '$a', clocks '$clocks', dumped edges '$(info "$V.info" dumped_edges)'"
	fi
	v=$(info "$V.info" link${l}_protocol_violations)
	if [ "$v" = 0 ]; then
		pass "link $l: the traffic keeps the AXI4 rules on every clock (tests/rtl/axi4_check.h)"
	else
		fail "link $l: the traffic keeps the AXI4 rules on every clock (tests/rtl/axi4_check.h)"
		echo "# $v violations, the first: $(grep "^link${l}_first_violation" "$V.info" | cut -d' ' -f2-)"
	fi
	# not vacuous: every counter counts (every kind of clock happens, on
	# reads and on writes), and the maxima show real concurrency
	nc=$(awk '$1 !~ /_max_|^perf_err$|^resp_approx$/ { n++ } END { print n + 0 }' "$V.link$l.regs")
	zero=$(awk '$1 !~ /_max_|^perf_err$|^resp_approx$/ && !($2 > 0) { printf " %s", $1 }' \
		"$V.link$l.regs")
	if [ -z "$zero" ] && [ "$nc" -ge 32 ]; then
		pass "link $l: each of the $nc counters counts (beats, bursts, stalls, lags, idle on reads and writes)"
	else
		fail "link $l: each of the $nc counters counts (beats, bursts, stalls, lags, idle on reads and writes)"
		echo "# zero:$zero"
	fi
	ro=$(reg "$V.link$l.regs" rd_max_outstanding)
	rr=$(reg "$V.link$l.regs" rd_max_responding)
	wo=$(reg "$V.link$l.regs" wr_max_outstanding)
	wa=$(reg "$V.link$l.regs" wr_aw_bytes)
	ww=$(reg "$V.link$l.regs" wr_w_bytes)
	if { [ "$ro" -ge 4 ] && [ "$rr" -ge 2 ] && [ "$wo" -ge 2 ] && [ "$ww" -lt "$wa" ]; } 2>/dev/null; then
		pass "link $l: $ro reads outstanding, $rr responding at once, $wo writes outstanding; narrow or partial beats ($ww of $wa bytes strobed)"
	else
		fail "link $l: several reads outstanding and responding at once, several writes, narrow or partial beats"
		echo "# rd_max_outstanding $ro, rd_max_responding $rr, wr_max_outstanding $wo, wr_w_bytes $ww, wr_aw_bytes $wa"
	fi
done
if [ "$(reg "$V.link0.regs" resp_approx)" = 1 ]; then
	pass "link 0: more IDs responded at once than the monitor's 4 slots (resp_approx 1): the approximation is compared too"
else
	fail "link 0: more IDs responded at once than the monitor's 4 slots (resp_approx 1)"
fi
inflight=0 desc=
for l in 0 1; do
	r=$(info "$V.info" link${l}_reads_in_flight_at_end)
	w=$(info "$V.info" link${l}_writes_in_flight_at_end)
	[ "${r:-0}" -gt 0 ] || [ "${w:-0}" -gt 0 ] && inflight=$((inflight + 1))
	desc="$desc${desc:+; }link $l: $r reads, $w writes"
done
if [ $inflight -gt 0 ]; then
	pass "the window ends with bursts in flight ($desc)"
else
	fail "the window ends with bursts in flight ($desc)"
fi
if cmp -s "$V.link0.regs" "$F.link0.regs" && cmp -s "$V.link1.regs" "$F.link1.regs"; then
	pass "the FST build simulated the same (its registers are the VCD build's)"
else
	fail "the FST build simulated the same (its registers are the VCD build's)"
	diff "$V.link0.regs" "$F.link0.regs" | comment
	diff "$V.link1.regs" "$F.link1.regs" | comment
fi

# --- the replay against the registers
# events OUT: the event and flag lines of a replay's output, as "name value",
# those a .regs file holds (not the figures)
events() { tail -n +2 "$1" | awk 'NR == FNR { k[$1]; next } ($1 in k) { print $1, $2 }' "$V.link0.regs" -; }

# against DESC REGS TRACE LINK: the replay of link LINK of TRACE equals REGS
# exactly; a trace it cannot read is reported as such when it is an FST
against() {
	desc=$1 regs=$2 trace=$3 l=$4
	if "$R" --scope "TOP.twolink.link$l.src" --prefix m_axi_ "$trace" >"$S/out" 2>"$S/err"; then
		events "$S/out" >"$S/got"
		got_clocks=$(head -1 "$S/out" | sed -n 's/^# [^:]*: \([0-9]*\) clocks.*/\1/p')
		if diff -u "$regs" "$S/got" >"$S/diff" && [ "$got_clocks" = "$clocks" ]; then
			pass "$desc"
		else
			fail "$desc"
			head -1 "$S/out" | comment
			comment "$S/diff"
		fi
	else
		case $trace in
		*) fail "$desc" ;;
		esac
		comment "$S/err"
	fi
}

for l in 0 1; do
	against "VCD, link $l (src$l): every event, perf_err and resp_approx of the replay equal the monitor's registers" \
		"$V.link$l.regs" "$V.vcd" $l
done
for l in 0 1; do
	against "FST, link $l (src$l): every event, perf_err and resp_approx of the replay equal the monitor's registers" \
		"$F.link$l.regs" "$F.fst" $l
done

# --- no flags: every link found in one pass, printed side by side
# all_links DESC TRACE BASE: the links found are src0's and src1's, in a
# table whose column N equals BASE.linkN.regs
all_links() {
	desc=$1 trace=$2 base=$3
	if ! "$R" "$trace" >"$S/out" 2>"$S/err"; then
		fail "$desc"
		comment "$S/err"
		return
	fi
	ok=1
	for l in 0 1; do
		# the column of the link whose aliases or label name src$l
		col=$(awk -v s="TOP.twolink.link$l.src.m_axi_*" '
			/^# axiperf[0-9]+: / { n = substr($2, 8) + 0; if (index($0, s)) print n + 2 }' "$S/out")
		if [ -z "$col" ]; then
			ok=0
			echo "no column for src$l" >>"$S/diff"
			continue
		fi
		awk -v c="$col" 'NR == FNR { k[$1]; next } ($1 in k) { print $1, $c }' \
			"$base.link$l.regs" "$S/out" >"$S/got$l"
		diff -u "$base.link$l.regs" "$S/got$l" >"$S/diff" || ok=0
	done
	if [ $ok = 1 ] && grep -q '^# [^ ]*: 2 AXI4 links$' "$S/out"; then
		pass "$desc"
	else
		fail "$desc"
		head -4 "$S/out" | comment
		comment "$S/diff"
	fi
}
all_links "VCD, no flags: both links found and replayed in one pass, each column equal to its monitor's registers" \
	"$V.vcd" "$V"
all_links "FST, no flags: the same, from Verilator's FST" "$F.fst" "$F"
"$R" --list "$V.vcd" >"$S/list" 2>&1
if grep -q '^# .*: 2 AXI4 links$' "$S/list" &&
	grep -q 'the same link is dumped as .*TOP.twolink.link0.src.m_axi_\*' "$S/list" &&
	grep -q 'TOP.twolink.link0.s_axil_\*: no wlast, rlast (an AXI4-lite interface' "$S/list"; then
	pass "--list: two links, each with the scopes it is dumped in again, and the AXI4-lite ports as near misses"
else
	fail "--list: two links, each with the scopes it is dumped in again, and the AXI4-lite ports as near misses"
	comment "$S/list"
fi

# the FST dump holds the same window: gtkwave's fst2vcd turns it back into
# a VCD that this replay reads
if fst2vcd "$F.fst" >"$S/fst2vcd.vcd" 2>"$S/err"; then
	for l in 0 1; do
		against "FST turned back into VCD by fst2vcd, link $l: the replay equals the registers" \
			"$F.link$l.regs" "$S/fst2vcd.vcd" $l
	done
else
	fail "fst2vcd reads the Verilator FST dump"
	comment "$S/err"
fi

# gtkwave's vcd2fst: an FST of another writer, replayed like the VCD (every
# output line, the file's name in the first aside: header, events, figures,
# flags)
if vcd2fst "$V.vcd" "$S/vcd2fst.fst" >"$S/err" 2>&1; then
	for l in 0 1; do
		desc="the VCD converted by vcd2fst, link $l: the replay's output is the VCD's, line for line"
		if ! "$R" --scope "TOP.twolink.link$l.src" --prefix m_axi_ "$V.vcd" >"$S/out-vcd" 2>"$S/err"; then
			fail "$desc (the VCD does not replay)"
			comment "$S/err"
		elif ! "$R" --scope "TOP.twolink.link$l.src" --prefix m_axi_ "$S/vcd2fst.fst" >"$S/out" 2>"$S/err"; then
			fail "$desc (the FST does not replay)"
			comment "$S/err"
		else
			sed '1s/^# [^:]*:/#/' "$S/out-vcd" >"$S/want"
			sed '1s/^# [^:]*:/#/' "$S/out" >"$S/got"
			if diff -u "$S/want" "$S/got" >"$S/diff"; then
				pass "$desc"
			else
				fail "$desc"
				comment "$S/diff"
			fi
		fi
	done
	desc="the VCD converted by vcd2fst, no flags: every link found, the same table line for line"
	if "$R" "$V.vcd" >"$S/out-vcd" 2>"$S/err" && "$R" "$S/vcd2fst.fst" >"$S/out" 2>>"$S/err" &&
		tail -n +2 "$S/out-vcd" >"$S/want" && tail -n +2 "$S/out" >"$S/got" &&
		diff -u "$S/want" "$S/got" >"$S/diff" && grep -q '^# axiperf1: ' "$S/got"; then
		pass "$desc"
	else
		fail "$desc"
		comment "$S/err" "$S/diff"
	fi
else
	fail "vcd2fst converts the VCD dump"
	comment "$S/err"
fi

# --- the transactions: each link's bursts rebuilt from Verilator's VCD by
# the replay suite's own reader (tools/replay/tests/bursts.py), not the
# model, against --latency --worst --errors; 16 ID slots, so that the
# model's rd_waiting is exact on link 0 too (4 slots overflow there)
BP="python3 $T/tools/replay/tests/bursts.py"
# inst LABEL-PART JSON: the index of the instance whose link names LABEL-PART
inst() { python3 -c 'import json, sys
i = [n for n, x in enumerate(json.load(open(sys.argv[2]))["frames"][0]["instances"]) if sys.argv[1] in x["link"]]
print(i[0] if len(i) == 1 else "")' "$1" "$2"; }
for fmt in vcd fst; do
	d=$V.vcd
	[ $fmt = fst ] && d=$F.fst
	"$R" --json --per-id --worst 5 --errors --id-slots 16 "$d" >"$S/txn-$fmt.json" 2>"$S/err" || comment "$S/err"
done
for l in 0 1; do
	$BP vcd "$V.vcd" "TOP.twolink.link$l.src" m_axi_ "$S/bursts$l.json" 2>"$S/err" || comment "$S/err"
	for fmt in vcd fst; do
		i=$(inst "TOP.twolink.link$l." "$S/txn-$fmt.json")
		nb=$(python3 -c 'import json, sys; b = json.load(open(sys.argv[1]))["bursts"]; print(len(b["read_transaction"]), "reads and", len(b["write_transaction"]), "writes")' "$S/bursts$l.json" 2>/dev/null)
		if [ -n "$i" ] && $BP check "$S/bursts$l.json" "$S/txn-$fmt.json" "$i" --worst=5 >"$S/diff" 2>&1; then
			pass "$(echo $fmt | tr a-z A-Z), link $l: each distribution, each ID's, the 5 slowest and the errors equal the $nb rebuilt from the VCD; each mean the model's in-flight sum"
		else
			fail "$(echo $fmt | tr a-z A-Z), link $l: the transactions equal the bursts rebuilt from the VCD (instance '$i')"
			comment "$S/diff"
		fi
	done
done
# --worst 5 --markers: the save file opens in gtkwave (headless, under
# xvfb-run) with its named markers at the slowest bursts' starts and ends
"$R" --json --worst 5 --markers "$S/worst.gtkw" "$V.vcd" >"$S/worst.json" 2>"$S/worst.err"
cat >"$S/markers.tcl" <<'TCL'
foreach l {A B C D E F G H I J K L M N O P Q R S T U V W X Y Z} {
    puts "marker $l [gtkwave::getNamedMarker $l]"
}
puts "traces [gtkwave::getTotalNumTraces]"
puts "dump [gtkwave::getDumpFileName]"
gtkwave::/File/Quit
TCL
if ! command -v xvfb-run >/dev/null; then
	fail "xvfb-run is missing (package xvfb: 'make deps'): the markers cannot be loaded in gtkwave"
elif (cd "$S" && timeout 120 xvfb-run -a gtkwave -S markers.tcl worst.gtkw >gtkwave.out 2>gtkwave.err) &&
	python3 -c '
import json, sys
w = json.load(open(sys.argv[1]))["frames"][0]["instances"]
ends = set()
for x in w:
    for k, l in x["worst"].items():
        for b in l:
            ends.update((b["start"], b["end"]))
got = [int(l.split()[2]) for l in open(sys.argv[2]) if l.startswith("marker ")]
star = [l for l in open(sys.argv[3]) if l.startswith("*")][0].split()[2:]
traces = [l for l in open(sys.argv[2]) if l.startswith("traces ")]
sys.exit(not (len(got) == 26 and got == [int(t) for t in star] and set(got) <= ends
              and len(set(got)) == 26 and traces and int(traces[0].split()[1]) >= 26))' 		"$S/worst.json" "$S/gtkwave.out" "$S/worst.gtkw" 2>"$S/err"; then
	pass "--worst 5 --markers: gtkwave loads the save file headless with its 26 named markers at the slowest bursts' starts and ends ($(grep -c '^marker' "$S/gtkwave.out") markers, $(sed -n 's/^traces //p' "$S/gtkwave.out") traces; $(sed 's/^axiperf-replay: //' "$S/worst.err"))"
else
	fail "--worst 5 --markers: gtkwave loads the save file headless with its named markers at the slowest bursts' starts and ends"
	comment "$S/gtkwave.out" "$S/gtkwave.err" "$S/err"
fi

# --lite: the AXI4-Lite ports (the monitors' registers) are links too
"$R" --list --lite "$V.vcd" >"$S/list" 2>&1
if grep -q '^# .*: 4 AXI4 links$' "$S/list" && grep -q 'TOP.twolink.link0.s_axil_\*' "$S/list" &&
	"$R" --lite "$V.vcd" >"$S/out" 2>"$S/err" && grep -q '^# [^ ]*: 4 AXI4 links$' "$S/out" &&
	grep -q 'AXI4-Lite: one-beat bursts' "$S/out"; then
	pass "--lite: the two AXI4-Lite register ports are found and replayed beside the two AXI4 links"
else
	fail "--lite: the two AXI4-Lite register ports are found and replayed beside the two AXI4 links"
	comment "$S/list" "$S/err"
fi

# --interval: the windows add up to the whole run on both dumps
for d in "$V.vcd" "$F.fst"; do
	for t in 10000 7777; do
		if "$R" --json --latency --errors --interval $t "$d" >"$S/iv.json" 2>"$S/err" &&
			$BP sums "$S/iv.json" >"$S/diff" 2>&1; then
			pass "--interval $t on $(basename "$d"): each link's $(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["intervals"]) // 2)' "$S/iv.json") windows add up to its whole run: clocks, counts, maxima, distributions, errors"
		else
			fail "--interval $t on $(basename "$d"): the windows add up to the whole run"
			comment "$S/diff" "$S/err"
		fi
	done
done

echo "1..$n"
[ "$failed" -eq 0 ]
