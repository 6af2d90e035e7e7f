#!/bin/bash
# formal: proves each property file formal/*.sv with yosys + yosys-smtbmc
# (no SymbiYosys): a bounded base case from reset (BMC, assumptions checked
# satisfiable) and the k-induction step (yosys-smtbmc -i). A file marked
# "// proof: lemmas then sum" is proven in two runs: its ghost partial-sum
# lemmas by base case + induction, then the sum from the lemmas alone, on
# any state (see the FORMAL section of hdl/axiperf.v); that last query is
# non-incremental so z3 can substitute the lemmas' equalities.
# One TAP line per property file. Usage: formal/run.sh BUILD_DIR
set -u
out=${1:-build/formal}
mkdir -p "$out"
SOLVER=${FORMAL_SOLVER:-z3}
K=${FORMAL_DEPTH:-2}

command -v yosys-smtbmc >/dev/null && command -v "$SOLVER" >/dev/null || {
	echo "not ok 1 - formal: yosys-smtbmc or $SOLVER missing (run: make deps)"
	exit 1
}

# smt PROP DEFINES: elaborate formal/PROP.sv into $out/PROP$DEFTAG.smt2
smt() {
	local prop=$1 defs=$2 tag=$3
	cat >"$out/$prop$tag.ys" <<YS
read_verilog -formal -sv $defs -I hdl -I formal formal/$prop.sv
prep -flatten -top axiperf_formal
opt_clean
dffunmap
write_smt2 -wires $out/$prop$tag.smt2
YS
	yosys -q -l "$out/$prop$tag.yosys.log" "$out/$prop$tag.ys" >/dev/null 2>&1
}

# check LOGNAME ARGS...: runs yosys-smtbmc, true when it reports PASSED
check() {
	local log=$1
	shift
	nice -n 10 yosys-smtbmc -s "$SOLVER" "$@" >"$log" 2>&1 &&
		tr '\r' '\n' <"$log" | grep 'Status: PASSED' >/dev/null
}

n=0
fail=0
total_start=$(date +%s)
for f in formal/*.sv; do
	prop=$(basename "$f" .sv)
	what=$(sed -n 's|^// property: ||p' "$f")
	n=$((n + 1))
	start=$(date +%s)
	why=""
	if grep -q '^// proof: lemmas then sum' "$f"; then
		if ! smt "$prop" "" ""; then
			why="yosys failed ($out/$prop.yosys.log)"
		elif ! check "$out/$prop.base.log" --presat -t $((K + 1)) "$out/$prop.smt2"; then
			why="lemma base case fails ($out/$prop.base.log)"
		elif ! check "$out/$prop.ind.log" -i -t "$K" "$out/$prop.smt2"; then
			why="lemma induction fails ($out/$prop.ind.log)"
		elif ! smt "$prop" "-DAXIPERF_F_LEMMAS" ".sum"; then
			why="yosys failed ($out/$prop.sum.yosys.log)"
		elif ! check "$out/$prop.sum.log" --noincr --presat -t 1 "$out/$prop.sum.smt2"; then
			why="sum does not follow from the lemmas ($out/$prop.sum.log)"
		fi
	else
		if ! smt "$prop" "" ""; then
			why="yosys failed ($out/$prop.yosys.log)"
		elif ! check "$out/$prop.base.log" --presat -t $((K + 1)) "$out/$prop.smt2"; then
			why="base case fails ($out/$prop.base.log)"
		elif ! check "$out/$prop.ind.log" -i -t "$K" "$out/$prop.smt2"; then
			why="induction fails ($out/$prop.ind.log)"
		fi
	fi
	secs=$(( $(date +%s) - start ))
	if [ -z "$why" ]; then
		echo "ok $n - $prop: $what (k-induction, k=$K, $SOLVER, ${secs}s)"
	else
		echo "not ok $n - $prop: $what: $why"
		fail=1
	fi
done
# The proofs must catch a broken design: each mutant of hdl/axiperf.v
# below must give a counterexample trace from reset (bounded, depth 10).
# prop|bug|sed expression applied to a copy of the RTL
MUTANTS='rd_sum|a slow-link clock is not counted|s/cnt_event\[CNT_RD_SLOW_LINK\] = rd_cat\[RD_CAT_SLOW_LINK\];/cnt_event[CNT_RD_SLOW_LINK] = 1'"'"'b0;/
wr_sum|wr_beats misses the early beats|s/cnt_event\[CNT_WR_BEATS\] = wr_cat\[WR_CAT_EARLY_BEAT\] || /cnt_event[CNT_WR_BEATS] = /
idle|a clear is applied on a busy clock|s/wire clear_now = idle \&\& clear_pending;/wire clear_now = clear_pending;/
idle|a start is applied on a busy clock|s/else if (idle \&\& start_pending)/else if (start_pending)/
inflight|rd_inflight misses the clocks with a read address|s/cnt_event\[CNT_RD_INFLIGHT\] = r_out;/cnt_event[CNT_RD_INFLIGHT] = r_out \&\& !ar_hs;/
inflight|wr_inflight leaves out a write begun by its data|s/w_begun_next = {1\(.\)b0, w_count_next} + {{OB{1.b0}}, w_prog_next};/w_begun_next = {1\1b0, w_count_next};/
inflight|the responding count misses a release|s/: slot_release ? resp_q - 1.b1 : resp_q;/: resp_q;/
axil|bvalid drops before bready|s/else if (s_axil_bready)/else if (1'"'"'b1)/
axil|read data reloads while rvalid waits|/s_axil_rdata <= 32.d0;/,/rdata_next;/ s/else if (axil_rd)/else if (s_axil_arvalid)/'
mdir="$out/mutant"
mkdir -p "$mdir/hdl/generated"
cp hdl/generated/axiperf_regs.vh "$mdir/hdl/generated/"
while IFS='|' read -r prop bug expr; do
	n=$((n + 1))
	sed "$expr" hdl/axiperf.v >"$mdir/hdl/axiperf.v"
	tag=$(echo "$bug" | tr -c 'a-z0-9\n' '_')
	if cmp -s hdl/axiperf.v "$mdir/hdl/axiperf.v"; then
		echo "not ok $n - formal catches: $bug ($prop): the mutation no longer applies"
		fail=1
		continue
	fi
	cat >"$mdir/$tag.ys" <<YS
read_verilog -formal -sv -I $mdir/hdl -I formal formal/$prop.sv
prep -flatten -top axiperf_formal
opt_clean
dffunmap
write_smt2 -wires $mdir/$tag.smt2
YS
	if ! yosys -q -l "$mdir/$tag.yosys.log" "$mdir/$tag.ys" >/dev/null 2>&1; then
		echo "not ok $n - formal catches: $bug ($prop): yosys failed ($mdir/$tag.yosys.log)"
		fail=1
	elif nice -n 10 yosys-smtbmc -s "$SOLVER" --presat -t 10 "$mdir/$tag.smt2" \
			>"$mdir/$tag.log" 2>&1; then
		echo "not ok $n - formal catches: $bug ($prop): no counterexample ($mdir/$tag.log)"
		fail=1
	elif tr '\r' '\n' <"$mdir/$tag.log" | grep 'Assert failed' >/dev/null; then
		echo "ok $n - formal catches: $bug ($prop gives a counterexample from reset)"
	else
		echo "not ok $n - formal catches: $bug ($prop): smtbmc failed otherwise ($mdir/$tag.log)"
		fail=1
	fi
done <<<"$MUTANTS"

echo "# formal: $n checks in $(( $(date +%s) - total_start ))s"
echo "1..$n"
exit $fail
