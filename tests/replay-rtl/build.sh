#!/bin/bash
# build.sh vcd|fst|onelink OUT: the Verilated two-link harness (twolink.v,
# main.cpp) with one tracer, built once per inputs in the cache
# (~17 s of CPU each, -O1 throughout; -O3 takes twice that) and copied to
# OUT, so a clean clone's make check does not build it again. The .vlt
# comes first: it turns the monitors' tracing off (the dump is the
# traffic's) and makes the links readable by the harness's protocol check.
# onelink is the VCD build with onelink.vlt after it: the same simulation,
# only what the replay watches of link 0 traced (bench/vcd's all-watched
# dump).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tools/guest/lib.sh"
flavour=${1:?usage: build.sh vcd|fst|onelink OUT}
out=${2:?usage: build.sh vcd|fst|onelink OUT}
d=$TOP/tests/replay-rtl
vlt=("$d/twolink.vlt")
case $flavour in
vcd) trace=(--trace); cflags=""; ldflags=() ;;
fst) trace=(--trace-fst); cflags="-DTWOLINK_FST"; ldflags=(-LDFLAGS -lz) ;;
onelink) trace=(--trace); cflags=""; ldflags=(); vlt+=("$d/onelink.vlt") ;;
*) die "usage: build.sh vcd|fst|onelink OUT" ;;
esac
need_cmd verilator verilator
srcs=("${vlt[@]}" "$d/twolink.v" "$TOP/hdl/axiperf.v")
key=$(hash_of "$flavour" "${srcs[@]}" "$TOP/hdl/generated/axiperf_regs.vh" "$d/main.cpp" \
	"$d/names.c" "$d/build.sh" "$TOP/tests/rtl/axi4_check.h" "$TOP/model/axiperf_model.h" \
	"$TOP"/include/axiperf/*.h "$(verilator --version)" "$(g++ -dumpfullversion)")
dir=$CACHE/replay-rtl-$flavour-$key
if [ ! -e "$dir/.done" ]; then
	(
		flock 9
		[ -e "$dir/.done" ] && exit 0
		rm -rf "$dir" && mkdir -p "$dir/obj"
		start=$(date +%s)
		echo "  VERILATE twolink ($flavour)"
		nice -n 10 gcc -std=c99 -O2 -Wall -Wextra -Werror -I"$TOP/include" -c "$d/names.c" \
			-o "$dir/names.o"
		nice -n 10 verilator --cc --exe --build -j 1 -O1 "${trace[@]}" --timescale 1ns/1ns \
			-Wno-fatal --top-module twolink -Mdir "$dir/obj" \
			-CFLAGS "-std=c++17 $cflags -I$TOP/include -I$TOP/model -I$TOP/tests/rtl" \
			-MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O1" "${ldflags[@]}" \
			-I"$TOP/hdl" "${srcs[@]}" "$d/main.cpp" "$dir/names.o" -o "$dir/twolink" \
			>"$dir/verilate.log" 2>&1 || { tail -30 "$dir/verilate.log" >&2; exit 1; }
		rm -rf "$dir/obj"
		touch "$dir/.done"
		record_step "replay-rtl-$flavour" "$start" "$dir"
	) 9>"$dir.lock" || die "the $flavour build of tests/replay-rtl/twolink.v failed (log above)"
fi
mkdir -p "$(dirname "$out")"
cp "$dir/twolink" "$out"
