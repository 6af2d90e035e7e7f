#!/bin/bash
# bench-pnr: the monitor's maximum clock after place and route, with
# Debian's yosys (synth_ice40) and nextpnr-ice40 (--hx8k --package ct256
# --seed 1), each configuration in hdl/bench/axiperf_pnr_wrap.v (inputs
# from a shift register, outputs folded into one flop: the core alone has
# more ports than the part has pins). Prints Fmax, logic cells, flops and
# the critical path's depth (LUTs + carry cells, after routing) next to the
# article's core, measured once with the
# same flow (its source stays out of the repository).
# Goals: at least 2x the article's core at ID 4, and every configuration
# within 5 % of ID 4. A bench reports; it fails only when a tool does.
# Usage: hdl/bench/pnr.sh BUILD_DIR
set -euo pipefail
out=${1:-build/hdl/pnr}
mkdir -p "$out"
ART_MHZ=34.2	# the article's core, ID 4 / data 32 / 32-bit counters
for t in yosys nextpnr-ice40; do
	command -v $t >/dev/null || { echo "pnr: $t missing (Debian package: ${t/yosys/yosys}; scripts/install-deps.sh)" >&2; exit 1; }
done

# name: ID_WIDTH COUNTER_WIDTH HAS_SNAPSHOT HAS_LATENCY (data 32); id4 has
# the article core's features (no in-flight sums), id4_lat adds them
CONFIGS="id4:4:32:0:0 id16:16:32:0:0 id16_c64_snap:16:64:1:0 id0:0:32:0:0 id4_lat:4:32:0:1 id16_lat:16:32:0:1"
run_one() {
	local name=$1 id=$2 cw=$3 sn=$4 lat=$5
	nice -n 10 yosys -q -l "$out/$name.yosys.log" -p "read_verilog -I hdl hdl/axiperf.v hdl/bench/axiperf_pnr_wrap.v; chparam -set ID_WIDTH $id -set COUNTER_WIDTH $cw -set HAS_SNAPSHOT $sn -set HAS_LATENCY $lat axiperf_pnr_wrap; synth_ice40 -top axiperf_pnr_wrap -json $out/$name.json" >/dev/null 2>&1 ||
		{ echo "pnr: yosys failed for $name, see $out/$name.yosys.log" >&2; return 1; }
	nice -n 10 nextpnr-ice40 --hx8k --package ct256 --seed 1 --freq 100 --timing-allow-fail --pcf-allow-unconstrained \
		--json "$out/$name.json" --report "$out/$name.report.json" >"$out/$name.pnr.log" 2>&1 && return 0
	# too big for the part is a result, not a tool failure
	grep -q "Failed to expand region\|Unable to place\|Design uses too many" "$out/$name.pnr.log" && return 2
	echo "pnr: nextpnr-ice40 failed for $name, see $out/$name.pnr.log" >&2
	return 1
}

start=$(date +%s)
declare -A nofit
for c in $CONFIGS; do
	IFS=: read -r name id cw sn lat <<<"$c"
	rc=0
	run_one "$name" "$id" "$cw" "$sn" "$lat" || rc=$?
	case $rc in
	0) ;;
	2) nofit[$name]=$(grep -o 'of [0-9]* ICESTORM_LCs' "$out/$name.pnr.log" | head -1 | tr -dc 0-9) ;;
	*) exit 1 ;;
	esac
done
secs=$(( $(date +%s) - start ))

printf '%-16s %-5s %-8s %-8s %-7s %6s %6s %9s %11s\n' config ID counters snapshot latency LC DFF "Fmax MHz" "LUTs+carry"
declare -A fmax fmax_eq
for c in $CONFIGS; do
	IFS=: read -r name id cw sn lat <<<"$c"
	if [ -n "${nofit[$name]:-}" ]; then
		printf '%-16s %-5s %-8s %-8s %-7s %6s %6s %9s %11s\n' "$name" "$id" "$cw" "$sn" "$lat" "${nofit[$name]}" - "no fit" -
		echo "  ($name needs ${nofit[$name]} logic cells; the HX8K has 7680)"
		continue
	fi
	read -r f lc dff lev carry < <(/usr/bin/python3 - "$out/$name.report.json" "$out/$name.pnr.log" <<'PY'
import json, re, sys
rep = json.load(open(sys.argv[1]))
f = min(v["achieved"] for v in rep["fmax"].values())
u = rep["utilization"]
lc = u.get("ICESTORM_LC", {}).get("used", 0)
log = open(sys.argv[2]).read()
# the last clock-to-clock critical path report (after routing)
sec = log.split("Critical path report for clock")[-1].split("Critical path report for")[0]
lut = len(re.findall(r"Source \S+\.O$", sec, re.M)) - 1   # less the launching flop
carry = len(re.findall(r"Source \S+\.COUT$", sec, re.M))
dff = sum(1 for c in json.load(open(sys.argv[1].replace(".report.json", ".json")))["modules"]
          ["axiperf_pnr_wrap"]["cells"].values() if c["type"].startswith("SB_DFF"))
print("%.1f %d %d %d %d" % (f, lc, dff, max(lut, 0), carry))
PY
)
	fmax[$name]=$f
	[ "$lat" = 1 ] || fmax_eq[$name]=$f
	printf '%-16s %-5s %-8s %-8s %-7s %6s %6s %9s %11s\n' "$name" "$id" "$cw" "$sn" "$lat" "$lc" "$dff" "$f" "$lev+$carry"
done
printf '%-16s %-5s %-8s %-8s %-7s %6s %6s %9s %11s\n' "article core" 4 32 0 - - - "$ART_MHZ" -
# the goals on the article core's features (no in-flight sums); the sums'
# own cost beside them
awk -v a="$ART_MHZ" -v f4="${fmax[id4]}" -v all="${fmax_eq[*]}" -v l4="${fmax[id4_lat]:-0}" 'BEGIN {
	printf "goal: ID 4 >= %.1f MHz (2x the article core): %s (%.1f MHz, %.2fx)\n", 2 * a,
		(f4 >= 2 * a) ? "met" : "NOT met", f4, f4 / a
	n = split(all, v, " "); worst = f4
	for (i = 1; i <= n; i++) if (v[i] < worst) worst = v[i]
	printf "goal: every configuration within 5 %% of ID 4: %s (slowest %.1f MHz, %.1f %% below)\n",
		(worst >= 0.95 * f4) ? "met" : "NOT met", worst, 100 * (f4 - worst) / f4
	if (l4 > 0)
		printf "in-flight sums (HAS_LATENCY 1) at ID 4: %.1f MHz, %.1f %% below, %.2fx the article core\n",
			l4, 100 * (f4 - l4) / f4, l4 / a
}'
echo "pnr: ${secs}s (yosys synth_ice40 + nextpnr-ice40 --hx8k --package ct256 --seed 1)"
