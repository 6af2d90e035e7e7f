#!/bin/bash
# bench-pnr: the monitor's maximum clock after place and route, with
# Debian's yosys (synth_ice40) and nextpnr-ice40 (--hx8k --package ct256),
# each configuration in hdl/bench/axiperf_pnr_wrap.v (inputs
# from a shift register, outputs folded into one flop: the core alone has
# more ports than the part has pins). Prints Fmax, logic cells, flops and
# the critical path's depth (LUTs + carry cells, after routing) next to the
# article's core, measured once with the
# same flow (its source stays out of the repository).
# Goals: at least 2x the article's core at ID 4, with and without the
# in-flight sums (HAS_LATENCY 1 and 0), and every configuration without
# them within 5 % of ID 4. nextpnr's result moves with its placer's seed:
# each configuration is placed with every seed of PNR_SEEDS (default 1 2
# 3) and judged by its slowest. A bench reports; it fails only when a tool
# does.
# Usage: hdl/bench/pnr.sh BUILD_DIR
set -euo pipefail
out=${1:-build/hdl/pnr}
mkdir -p "$out"
ART_MHZ=34.2	# the article's core, ID 4 / data 32 / 32-bit counters
SEEDS=${PNR_SEEDS:-1 2 3}
for t in yosys nextpnr-ice40; do
	command -v $t >/dev/null || { echo "pnr: $t missing (Debian package: ${t/yosys/yosys}; scripts/install-deps.sh)" >&2; exit 1; }
done

# name: ID_WIDTH COUNTER_WIDTH HAS_SNAPSHOT HAS_LATENCY (data 32); id4 has
# the article core's features (no in-flight sums), id4_lat adds them
CONFIGS="id4:4:32:0:0 id16:16:32:0:0 id16_c64_snap:16:64:1:0 id0:0:32:0:0 id4_lat:4:32:0:1 id16_lat:16:32:0:1"
synth_one() {
	local name=$1 id=$2 cw=$3 sn=$4 lat=$5
	nice -n 10 yosys -q -l "$out/$name.yosys.log" -p "read_verilog -I hdl hdl/axiperf.v hdl/bench/axiperf_pnr_wrap.v; chparam -set ID_WIDTH $id -set COUNTER_WIDTH $cw -set HAS_SNAPSHOT $sn -set HAS_LATENCY $lat axiperf_pnr_wrap; synth_ice40 -top axiperf_pnr_wrap -json $out/$name.json" >/dev/null 2>&1 ||
		{ echo "pnr: yosys failed for $name, see $out/$name.yosys.log" >&2; return 1; }
}
# place_one NAME SEED: writes NAME.SEED.status: ok, nofit or fail
place_one() {
	local name=$1 seed=$2 tag="$1.$2"
	if nice -n 10 nextpnr-ice40 --hx8k --package ct256 --seed "$seed" --freq 100 --timing-allow-fail \
		--pcf-allow-unconstrained --json "$out/$name.json" --report "$out/$tag.report.json" \
		>"$out/$tag.pnr.log" 2>&1; then
		echo ok >"$out/$tag.status"
	# too big for the part is a result, not a tool failure
	elif grep -q "Failed to expand region\|Unable to place\|Design uses too many" "$out/$tag.pnr.log"; then
		echo nofit >"$out/$tag.status"
	else
		echo fail >"$out/$tag.status"
	fi
}
export -f synth_one place_one
export out

start=$(date +%s)
for c in $CONFIGS; do echo "${c//:/ }"; done | xargs -P 2 -L 1 bash -c 'synth_one "$@"' _
for c in $CONFIGS; do
	for seed in $SEEDS; do echo "${c%%:*} $seed"; done
done | xargs -P 2 -L 1 bash -c 'place_one "$@"' _
declare -A nofit
for c in $CONFIGS; do
	name=${c%%:*}
	for seed in $SEEDS; do
		case $(cat "$out/$name.$seed.status") in
		ok) ;;
		nofit) nofit[$name]=$(grep -o 'of [0-9]* ICESTORM_LCs' "$out/$name.$seed.pnr.log" | head -1 | tr -dc 0-9) ;;
		*) echo "pnr: nextpnr-ice40 failed for $name (seed $seed), see $out/$name.$seed.pnr.log" >&2; exit 1 ;;
		esac
	done
done
secs=$(( $(date +%s) - start ))

fmt='%-16s %-5s %-8s %-8s %-7s %6s %6s %9s %11s  %s\n'
printf "$fmt" config ID counters snapshot latency LC DFF "Fmax MHz" "LUTs+carry" "(per seed: $SEEDS)"
declare -A fmax fmax_eq
for c in $CONFIGS; do
	IFS=: read -r name id cw sn lat <<<"$c"
	if [ -n "${nofit[$name]:-}" ]; then
		printf "$fmt" "$name" "$id" "$cw" "$sn" "$lat" "${nofit[$name]}" - "no fit" - ""
		echo "  ($name needs ${nofit[$name]} logic cells; the HX8K has 7680)"
		continue
	fi
	# the slowest seed's Fmax and critical path, and every seed's Fmax
	read -r f lc dff lev carry each < <(/usr/bin/python3 - "$out/$name" $SEEDS <<'PY'
import json, re, sys
base, seeds = sys.argv[1], sys.argv[2:]
runs = []
for s in seeds:
    rep = json.load(open("%s.%s.report.json" % (base, s)))
    runs.append((min(v["achieved"] for v in rep["fmax"].values()), s, rep))
f, s, rep = min(runs)
lc = rep["utilization"].get("ICESTORM_LC", {}).get("used", 0)
log = open("%s.%s.pnr.log" % (base, s)).read()
# the last clock-to-clock critical path report (after routing)
sec = log.split("Critical path report for clock")[-1].split("Critical path report for")[0]
lut = len(re.findall(r"Source \S+\.O$", sec, re.M)) - 1   # less the launching flop
carry = len(re.findall(r"Source \S+\.COUT$", sec, re.M))
dff = sum(1 for c in json.load(open(base + ".json"))["modules"]
          ["axiperf_pnr_wrap"]["cells"].values() if c["type"].startswith("SB_DFF"))
print("%.1f %d %d %d %d %s" % (f, lc, dff, max(lut, 0), carry,
      "/".join("%.1f" % r[0] for r in runs)))
PY
)
	fmax[$name]=$f
	[ "$lat" = 1 ] || fmax_eq[$name]=$f
	printf "$fmt" "$name" "$id" "$cw" "$sn" "$lat" "$lc" "$dff" "$f" "$lev+$carry" "$each"
done
printf "$fmt" "article core" 4 32 0 - - - "$ART_MHZ" - ""
# the goals on the article core's features (no in-flight sums), and the
# same Fmax goal with the sums
awk -v a="$ART_MHZ" -v f4="${fmax[id4]}" -v all="${fmax_eq[*]}" -v l4="${fmax[id4_lat]:-0}" 'BEGIN {
	printf "goal: ID 4 >= %.1f MHz (2x the article core): %s (%.1f MHz, %.2fx)\n", 2 * a,
		(f4 >= 2 * a) ? "met" : "NOT met", f4, f4 / a
	n = split(all, v, " "); worst = f4
	for (i = 1; i <= n; i++) if (v[i] < worst) worst = v[i]
	printf "goal: every configuration within 5 %% of ID 4: %s (slowest %.1f MHz, %.1f %% below)\n",
		(worst >= 0.95 * f4) ? "met" : "NOT met", worst, 100 * (f4 - worst) / f4
	printf "goal: ID 4 with the in-flight sums (HAS_LATENCY 1) >= %.1f MHz: %s (%.1f MHz, %.2fx the article core, %.1f %% below ID 4 without)\n",
		2 * a, (l4 >= 2 * a) ? "met" : "NOT met", l4, l4 / a, 100 * (f4 - l4) / f4
}'
echo "pnr: ${secs}s (yosys synth_ice40 + nextpnr-ice40 --hx8k --package ct256, seeds $SEEDS, the slowest counted; 2 at a time)"
