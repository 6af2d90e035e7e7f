#!/bin/sh
# rtl-lint: hdl/axiperf.v must lint clean under `verilator -Wall` and
# compile under iverilog for every parameter set below. One TAP line per
# set per tool. Usage: hdl/scripts/lint.sh BUILD_DIR
set -u
out=${1:-build/hdl}
mkdir -p "$out"

# ID_WIDTH DATA_WIDTH COUNTER_WIDTH HAS_IRQ HAS_SNAPSHOT ID_SLOTS ADDR_WIDTH
# [HAS_LATENCY, default 1]
SETS="
4 32 32 1 1 4 32
0 32 32 1 1 4 32
16 32 32 1 1 4 32
4 128 32 1 1 4 32
4 256 32 1 1 4 32
4 512 64 1 1 4 40
4 1024 64 1 1 4 64
0 1024 32 0 0 1 32
16 1024 64 1 1 16 49
16 128 64 0 1 16 32
8 64 32 1 0 2 32
1 32 64 0 0 1 12
2 256 32 1 0 3 32
4 32 32 0 0 4 32
4 32 32 1 1 4 32 0
16 128 64 1 1 16 32 0
"

n=0
fail=0
echo "$SETS" | while read -r id dw cw irq snap slots aw lat; do
	[ -z "$id" ] && continue
	lat=${lat:-1}
	name="ID_WIDTH=$id DATA_WIDTH=$dw COUNTER_WIDTH=$cw HAS_IRQ=$irq HAS_SNAPSHOT=$snap ID_SLOTS=$slots ADDR_WIDTH=$aw HAS_LATENCY=$lat"
	tag="id${id}_d${dw}_c${cw}_i${irq}_s${snap}_n${slots}_l${lat}"
	vg="-GID_WIDTH=$id -GDATA_WIDTH=$dw -GCOUNTER_WIDTH=$cw -GHAS_IRQ=$irq -GHAS_SNAPSHOT=$snap -GID_SLOTS=$slots -GADDR_WIDTH=$aw -GHAS_LATENCY=$lat"
	ip="-Paxiperf.ID_WIDTH=$id -Paxiperf.DATA_WIDTH=$dw -Paxiperf.COUNTER_WIDTH=$cw -Paxiperf.HAS_IRQ=$irq -Paxiperf.HAS_SNAPSHOT=$snap -Paxiperf.ID_SLOTS=$slots -Paxiperf.ADDR_WIDTH=$aw -Paxiperf.HAS_LATENCY=$lat"

	n=$((n + 1))
	# shellcheck disable=SC2086
	if verilator --lint-only -Wall -Ihdl $vg --top-module axiperf hdl/axiperf.v \
			>"$out/lint-$tag.log" 2>&1; then
		echo "ok $n - verilator -Wall lints clean: $name"
	else
		echo "not ok $n - verilator -Wall warns: $name (see $out/lint-$tag.log)"
		sed 's/^/# /' "$out/lint-$tag.log" | head -20
		fail=1
	fi

	n=$((n + 1))
	# shellcheck disable=SC2086
	if iverilog -g2005 -Wall -Ihdl $ip -s axiperf -o "$out/iverilog-$tag.vvp" hdl/axiperf.v \
			>"$out/iverilog-$tag.log" 2>&1 && ! grep -qi "warning\|error" "$out/iverilog-$tag.log"; then
		echo "ok $n - iverilog -g2005 elaborates without a warning: $name"
	else
		echo "not ok $n - iverilog -g2005 fails or warns: $name (see $out/iverilog-$tag.log)"
		sed 's/^/# /' "$out/iverilog-$tag.log" | head -20
		fail=1
	fi
	echo "$n $fail" >"$out/lint.count"
done
read -r n fail <"$out/lint.count"

# An illegal build must not elaborate.
for bad in "DATA_WIDTH=48" "DATA_WIDTH=2048" "ID_WIDTH=17" "COUNTER_WIDTH=48" "ID_SLOTS=0" "ID_SLOTS=17" "HAS_LATENCY=2"; do
	n=$((n + 1))
	if verilator --lint-only -Wall -Ihdl "-G$bad" --top-module axiperf hdl/axiperf.v \
			>"$out/lint-bad.log" 2>&1; then
		echo "not ok $n - $bad elaborates but must be refused"
		fail=1
	elif grep -q "axiperf_bad_" "$out/lint-bad.log"; then
		echo "ok $n - $bad is refused at elaboration with a message naming the parameter"
	else
		echo "not ok $n - $bad fails, but not through the parameter check (see $out/lint-bad.log)"
		fail=1
	fi
done
echo "1..$n"
exit "$fail"
