#!/bin/bash
# dtb.sh: builds (or reuses) the test bed's device tree blob and prints its
# path.
#   dtb.sh [--machine zynq|zynqmp] [--no-irq]
#   --machine zynq    (the default) the kernel's zynq-zc702.dts plus
#                     tools/guest/zynq-axiperf.dts (QEMU xilinx-zynq-a9)
#   --machine zynqmp  the kernel's zynqmp-zcu102-rev1.0.dts plus
#                     tools/guest/zynqmp-axiperf.dts (QEMU xlnx-zcu102)
#   --no-irq          the monitors' interrupts are not wired
set -euo pipefail
. "$(dirname "$0")/lib.sh"
need_cmd dtc device-tree-compiler
need_cmd cpp cpp
variant=irq
machine=zynq
defs=()
while [ $# -gt 0 ]; do
	case $1 in
	--no-irq) variant=noirq; defs=(-DAXIPERF_NO_IRQ); shift ;;
	--machine) machine=${2:-}; shift 2 || die "--machine needs zynq or zynqmp" ;;
	*) die "usage: $0 [--machine zynq|zynqmp] [--no-irq]" ;;
	esac
done
case $machine in
zynq) name=zynq-axiperf; karch=arm ;;
zynqmp) name=zynqmp-axiperf; karch=arm64 ;;
*) die "--machine $machine: only zynq and zynqmp are known" ;;
esac
src=$(linux_src)
dts=$TOP/tools/guest/$name.dts
key=$(hash_of "$(linux_version)" "$variant" "$dts" "$TOP/tools/guest/dtb.sh")
out=$CACHE/dtb-$key
if [ ! -e "$out/.done" ]; then
	mkdir -p "$out"
	cpp -nostdinc -undef -x assembler-with-cpp -D__DTS__ ${defs[@]+"${defs[@]}"} \
		-I "$src/arch/$karch/boot/dts" -I "$src/include" \
		"$dts" -o "$out/$name.pre.dts"
	dtc -q -I dts -O dtb -o "$out/$name.dtb" "$out/$name.pre.dts" ||
		die "dtc failed on $dts"
	touch "$out/.done"
fi
echo "$out/$name.dtb"
