#!/bin/bash
# dtb.sh: builds (or reuses) the test bed's device tree blob and prints its
# path: the kernel's zynq-zc702.dts plus tools/guest/zynq-axiperf.dts.
#   dtb.sh [--no-irq]   --no-irq: the monitor's interrupt is not wired
set -euo pipefail
. "$(dirname "$0")/lib.sh"
need_cmd dtc device-tree-compiler
need_cmd cpp cpp
variant=irq
defs=()
case ${1:-} in
--no-irq) variant=noirq; defs=(-DAXIPERF_NO_IRQ) ;;
"") ;;
*) die "usage: $0 [--no-irq]" ;;
esac
src=$(linux_src)
dts=$TOP/tools/guest/zynq-axiperf.dts
key=$(hash_of "$(linux_version)" "$variant" "$dts" "$TOP/tools/guest/dtb.sh")
out=$CACHE/dtb-$key
if [ ! -e "$out/.done" ]; then
	mkdir -p "$out"
	cpp -nostdinc -undef -x assembler-with-cpp -D__DTS__ ${defs[@]+"${defs[@]}"} \
		-I "$src/arch/arm/boot/dts" -I "$src/include" \
		"$dts" -o "$out/zynq-axiperf.pre.dts"
	dtc -q -I dts -O dtb -o "$out/zynq-axiperf.dtb" "$out/zynq-axiperf.pre.dts" ||
		die "dtc failed on $dts"
	touch "$out/.done"
fi
echo "$out/zynq-axiperf.dtb"
