#!/bin/bash
# rtl-vivado: the Vivado IP Integrator wrapper hdl/vivado/axiperf_axi.v.
#   - its interface attributes as IP Integrator reads them
#     (hdl/scripts/vivado_check.py), and that the check refuses broken
#     copies of it;
#   - verilator -Wall lint, iverilog elaboration and yosys synthesis at the
#     article core's configuration (ID 4, data 32, 32-bit counters, no
#     snapshot) and at 16-bit IDs (64-bit counters, snapshot);
#   - a simulation through S_AXI: ID, CONFIG, a write read back, and the
#     active-low reset (hdl/vivado/tb_axiperf_axi.v).
# Usage: hdl/scripts/vivado.sh BUILD_DIR. TAP on stdout.
set -uo pipefail
out=${1:-build/hdl/vivado}
mkdir -p "$out"
. scripts/tap.sh
W=hdl/vivado/axiperf_axi.v
SRCS=(hdl/vivado/axiperf_axi.v hdl/axiperf.v)
py=/usr/bin/python3

for t in verilator iverilog vvp yosys; do
	command -v $t >/dev/null || { echo "not ok 1 - rtl-vivado: $t missing (scripts/install-deps.sh installs it)"; exit 1; }
done

$py hdl/scripts/vivado_check.py "$W" >"$out/check.tap" 2>&1
rc=$?
while IFS= read -r line; do
	case $line in
	"ok "*) tap 0 "interfaces: ${line#ok * - }" ;;
	"not ok "*) tap 1 "interfaces: ${line#not ok * - }" ;;
	"#"*) echo "$line" ;;
	esac
done <"$out/check.tap"
[ $rc -eq 0 ] || { tap 1 "vivado_check.py exited $rc"; }

# broken copies the check must refuse: SED-EXPR WHAT
mutant() {
	sed "$1" "$W" >"$out/mutant.v"
	if cmp -s "$W" "$out/mutant.v"; then
		tap 1 "refused: $2 (the edit did not apply)"
	elif $py hdl/scripts/vivado_check.py "$out/mutant.v" >"$out/mutant.log" 2>&1; then
		tap 1 "refused: $2 (the check passed it)"
	else
		tap 0 "refused: $2"
	fi
}
mutant 's/MON_AXI ARLEN"/MON_AXI ARLENGTH"/' "a logical name that is no AXI4 port (ARLENGTH)"
mutant 's/S_AXI RDATA"/S_AXI WDATA"/' "a port whose name does not match its logical port"
mutant '0,/input  wire                   mon_axi_rready/s//output wire                   mon_axi_rready/' "an output in the monitor interface"
mutant 's/output wire        s_axi_arready/input  wire        s_axi_arready/' "a slave input where a slave drives"
mutant 's/POLARITY ACTIVE_LOW/POLARITY ACTIVE_HIGH/' "an active-high reset"
mutant 's/SENSITIVITY LEVEL_HIGH/SENSITIVITY EDGE_RISING/' "an edge interrupt"
mutant 's/ASSOCIATED_BUSIF S_AXI:MON_AXI/ASSOCIATED_BUSIF S_AXI/' "a clock not associated with MON_AXI"
mutant '0,/(\* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI WLAST" \*)/s///' "a port without X_INTERFACE_INFO"
mutant 's/\.rst(!aresetn)/.rst(aresetn)/' "the reset passed on uninverted"
mutant 's/\.s_axil_araddr(s_axi_araddr)/.s_axil_araddr(s_axi_awaddr)/' "a port wired to the wrong core port"

# ID COUNTER_WIDTH HAS_SNAPSHOT DATA_WIDTH HAS_LATENCY name
for cfg in "4 32 0 32 0 legacy" "16 64 1 128 1 id16"; do
	set -- $cfg
	id=$1 cw=$2 sn=$3 dw=$4 lat=$5 name=$6
	g="-GID_WIDTH=$id -GCOUNTER_WIDTH=$cw -GHAS_SNAPSHOT=$sn -GDATA_WIDTH=$dw -GHAS_LATENCY=$lat"
	desc="ID $id, $cw-bit counters, snapshot $sn, data $dw, latency sums $lat"
	# the counters it has: 29, and the three in-flight sums with HAS_LATENCY
	ncnt=$((29 + 3 * lat))
	# shellcheck disable=SC2086
	verilator --lint-only -Wall -Ihdl $g --top-module axiperf_axi "${SRCS[@]}" >"$out/lint-$name.log" 2>&1
	tap $? "verilator -Wall lints the wrapper clean ($desc)" "$out/lint-$name.log"
	iverilog -g2005 -Wall -Ihdl -P tb_axiperf_axi.ID_WIDTH=$id -P tb_axiperf_axi.COUNTER_WIDTH=$cw \
		-P tb_axiperf_axi.HAS_SNAPSHOT=$sn -P tb_axiperf_axi.HAS_LATENCY=$lat -s tb_axiperf_axi -o "$out/tb-$name.vvp" \
		hdl/vivado/tb_axiperf_axi.v "${SRCS[@]}" >"$out/iverilog-$name.log" 2>&1 &&
		! grep -qi "warning\|error" "$out/iverilog-$name.log"
	tap $? "iverilog elaborates the wrapper and its test bench without a warning ($desc)" "$out/iverilog-$name.log"
	vvp -n "$out/tb-$name.vvp" >"$out/sim-$name.log" 2>&1
	if grep -q '^1\.\.4$' "$out/sim-$name.log" && ! grep -q '^not ok' "$out/sim-$name.log"; then
		tap 0 "simulation through S_AXI: ID, CONFIG, a write read back, active-low reset ($desc)"
	else
		tap 1 "simulation through S_AXI: ID, CONFIG, a write read back, active-low reset ($desc)" "$out/sim-$name.log"
	fi
	cat >"$out/synth-$name.ys" <<YS
read_verilog -I hdl ${SRCS[*]}
chparam -set ID_WIDTH $id -set COUNTER_WIDTH $cw -set HAS_SNAPSHOT $sn -set DATA_WIDTH $dw -set HAS_LATENCY $lat axiperf_axi
synth_xilinx -flatten -top axiperf_axi
tee -o $out/synth-$name.stat stat
YS
	nice -n 10 yosys -q -l "$out/synth-$name.log" "$out/synth-$name.ys" >/dev/null 2>&1
	rc=$?
	ff=$(awk '$1 ~ /^FD/ && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$out/synth-$name.stat" 2>/dev/null)
	lut=$(awk '$1 ~ /^LUT/ && $2 ~ /^[0-9]+$/ { s += $2 } END { print s + 0 }' "$out/synth-$name.stat" 2>/dev/null)
	# at least the counters' flops, and without the sums fewer than
	# another three counters' worth: the build leaves them out
	[ $rc -eq 0 ] && [ "${ff:-0}" -ge $((ncnt * cw)) ] && [ "${lut:-0}" -gt 0 ] &&
		{ [ "$lat" = 1 ] || [ "${ff:-0}" -lt $(( (32 + 10) * cw )) ]; }
	tap $? "yosys synth_xilinx synthesizes the wrapper: $lut LUT, $ff FF, at least $ncnt x $cw counter flops ($desc)" "$out/synth-$name.log"
done
echo "1..$n"
exit $failed
