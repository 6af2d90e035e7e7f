#!/bin/bash
# bench-synth: area and logic depth of hdl/axiperf.v on Xilinx 7-series
# cells (yosys synth_xilinx -flatten), counters 32 bits, no snapshot, for
# ID widths 0/4/8/16 x data widths 32/128, each without and with the
# in-flight sums (HAS_LATENCY 0 and 1). Depth is yosys `ltp` over the
# mapped netlist with flip-flops and I/O buffers removed (LUT/MUXF/CARRY4
# cells on the longest register-to-register path).
# Usage: hdl/bench/synth.sh BUILD_DIR
set -euo pipefail
out=${1:-build/hdl/synth}
mkdir -p "$out"

# The article's core at ID 4 / data 32 / counters 32 (its published figures).
ART_LUT=1057 ART_INV=247 ART_FF=1202 ART_CARRY=316

run_one() {
	local id=$1 dw=$2 lat=$3 tag="id$1_d$2_l$3"
	cat >"$out/$tag.ys" <<YS
read_verilog -I hdl hdl/axiperf.v
chparam -set ID_WIDTH $id -set DATA_WIDTH $dw -set COUNTER_WIDTH 32 -set HAS_SNAPSHOT 0 -set HAS_IRQ 1 -set HAS_LATENCY $lat axiperf
synth_xilinx -flatten -top axiperf
tee -q -o $out/$tag.stat stat
delete t:FD* t:IBUF t:OBUF t:BUFG
tee -q -o $out/$tag.ltp ltp
YS
	nice -n 10 yosys -q -l "$out/$tag.log" "$out/$tag.ys" >/dev/null 2>&1 ||
		{ echo "synth: yosys failed for $tag, see $out/$tag.log" >&2; return 1; }
}
export -f run_one
export out

start=$(date +%s)
for lat in 0 1; do
	for c in "0 32" "4 32" "8 32" "16 32" "0 128" "4 128" "8 128" "16 128"; do
		echo "$c $lat"
	done
done | xargs -P 2 -L 1 bash -c 'run_one $0 $1 $2'
secs=$(( $(date +%s) - start ))

cells() {	# cells FILE REGEX: sum of the counts of matching cell types
	awk -v re="$2" '$1 ~ re && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$1"
}

printf '%-8s %-6s %-7s %6s %6s %8s %6s %8s %6s\n' ID_WIDTH DATA LATENCY LUT INV LUT+INV FF CARRY4 depth
for lat in 0 1; do
	for dw in 32 128; do
		for id in 0 4 8 16; do
			f="$out/id${id}_d${dw}_l${lat}.stat"
			lut=$(cells "$f" '^LUT[1-6]$')
			inv=$(cells "$f" '^INV$')
			ff=$(cells "$f" '^FD')
			carry=$(cells "$f" '^CARRY4$')
			depth=$(sed -n 's/.*length=\([0-9]*\).*/\1/p' "$out/id${id}_d${dw}_l${lat}.ltp" | head -1)
			printf '%-8s %-6s %-7s %6d %6d %8d %6d %8d %6s\n' "$id" "$dw" "$lat" "$lut" "$inv" \
				$((lut + inv)) "$ff" "$carry" "$depth"
			[ "$lat" = 0 ] && eval "A_${id}_${dw}=$((lut + inv)) F_${id}_${dw}=$ff"
			[ "$lat" = 1 ] && eval "L_${id}_${dw}=$((lut + inv)) M_${id}_${dw}=$ff"
		done
	done
done
printf '%-8s %-6s %-7s %6d %6d %8d %6d %8d %6s  (article core, ID 4 / data 32)\n' \
	4 32 - $ART_LUT $ART_INV $((ART_LUT + ART_INV)) $ART_FF $ART_CARRY "-"

# Goals: without the in-flight sums (HAS_LATENCY 0, the article core's
# features), ID 4 / data 32 within 0.9x its LUT+INV and FF; with every
# figure on (HAS_LATENCY 1), at or under it; ID 16 within 1.5x our ID 4
# area (LUT+INV+FF).
art=$((ART_LUT + ART_INV))
lim_lut=$(( art * 9 / 10 ))
lim_ff=$(( ART_FF * 9 / 10 ))
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
ok() { [ "$1" -le "$2" ] && echo met || echo MISSED; }
echo
echo "goal ID4/D32 HAS_LATENCY 0 LUT+INV <= $lim_lut (0.9x): $A_4_32 ($(ratio "$A_4_32" $art)) $(ok "$A_4_32" $lim_lut)"
echo "goal ID4/D32 HAS_LATENCY 0 FF      <= $lim_ff (0.9x): $F_4_32 ($(ratio "$F_4_32" $ART_FF)) $(ok "$F_4_32" $lim_ff)"
echo "goal ID4/D32 HAS_LATENCY 1 LUT+INV <= $art (1.0x): $L_4_32 ($(ratio "$L_4_32" $art)) $(ok "$L_4_32" $art)"
echo "goal ID4/D32 HAS_LATENCY 1 FF      <= $ART_FF (1.0x): $M_4_32 ($(ratio "$M_4_32" $ART_FF)) $(ok "$M_4_32" $ART_FF)"
for dw in 32 128; do
	eval "a4=\$A_4_$dw f4=\$F_4_$dw a16=\$A_16_$dw f16=\$F_16_$dw"
	lim=$(( (a4 + f4) * 3 / 2 ))
	echo "goal ID16/D$dw LUT+INV+FF <= 1.5 x ID4 = $lim: $((a16 + f16)) $(ok $((a16 + f16)) $lim)"
done
echo "in-flight sums (HAS_LATENCY 1) at ID4/D32: +$((L_4_32 - A_4_32)) LUT+INV, +$((M_4_32 - F_4_32)) FF; at ID16/D128: +$((L_16_128 - A_16_128)) LUT+INV, +$((M_16_128 - F_16_128)) FF"
echo "synth: 16 runs in ${secs}s (yosys $(yosys -V | awk '{print $2}'), 2 at a time)"
