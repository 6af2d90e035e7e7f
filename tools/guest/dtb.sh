#!/bin/bash
# dtb.sh: builds (or reuses) the test bed's device tree blob and prints its
# path.
#   dtb.sh [--machine zynq|zynqmp] [--no-irq]
#   --machine zynq    (the default) the kernel's zynq-zc702.dts plus
#                     tools/guest/zynq-axiperf.dts (QEMU xilinx-zynq-a9)
#   --machine zynqmp  the kernel's zynqmp-zcu102-rev1.0.dts plus
#                     tools/guest/zynqmp-axiperf.dts (QEMU xlnx-zcu102)
#   --machine ml605   tools/guest/ml605-axiperf.dts (QEMU petalogix-ml605,
#                     MicroBlaze)
#   --machine mbv     tools/guest/mbv-axiperf.dts (QEMU virt as an RV64
#                     MicroBlaze V); mbv32: the same as an RV32 one
#   The Zynq, ml605 and mbv trees share their PL: tools/guest/axiperf-testbed.dtsi
#   --no-irq          the monitors' interrupts are not wired
#   --bad-apm         zynqmp: two PS monitors malformed on purpose (the OCM's
#                     without xlnx,num-of-counters, the LPD's with 64-bit
#                     counters), for the driver's refusals
#   --no-raw-row      mbv: the riscv,pmu node has no raw-event row (no raw
#                     HPM event gets a counter: the front end's message)
#   --harts 2         mbv, mbv32: two harts (QEMU -smp 2; run-guest.sh --harts)
#   --local-width W   ml605: the local MicroBlaze's counters are W bits
#                     (32, 48 or 64; run-guest.sh --local-width gives QEMU
#                     the same)
#   --base            the board's PS part only (AXIPERF_PS_ONLY), compiled
#                     with symbols (dtc -@) so that overlays can apply
#   --overlay F.dtso  the base tree with overlay F applied (fdtoverlay), as
#                     a board's boot flow does for a PL design; repeatable
set -euo pipefail
. "$(dirname "$0")/lib.sh"
need_cmd dtc device-tree-compiler
need_cmd cpp cpp
variant=irq
machine=zynq
defs=()
dtcflags=()
overlays=()
lwidth=32
harts=1
while [ $# -gt 0 ]; do
	case $1 in
	--no-irq) variant=noirq; defs=(-DAXIPERF_NO_IRQ); shift ;;
	--no-raw-row) variant=norawrow; defs=(-DAXIPERF_MBV_NO_RAW_ROW); shift ;;
	--bad-apm) variant=badapm; defs=(-DAXIPERF_BAD_APM); shift ;;
	--base) variant=base; defs=(-DAXIPERF_PS_ONLY); dtcflags=(-@); shift ;;
	--overlay)
		[ -r "${2:-}" ] || die "--overlay ${2:-}: no such overlay source (.dtso)"
		variant=base; defs=(-DAXIPERF_PS_ONLY); dtcflags=(-@)
		overlays+=("$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2 ;;
	--harts)
		case ${2:-} in 1|2) ;; *) die "--harts needs 1 or 2" ;; esac
		harts=$2; shift 2 ;;
	--machine) machine=${2:-}; shift 2 || die "--machine needs zynq, zynqmp, ml605, mbv or mbv32" ;;
	--local-width)
		case ${2:-} in 32|48|64) ;; *) die "--local-width needs 32, 48 or 64" ;; esac
		lwidth=$2; shift 2 ;;
	*) die "usage: $0 [--machine zynq|zynqmp|ml605|mbv|mbv32] [--local-width 32|48|64] [--harts 1|2] [--no-irq | --no-raw-row | --bad-apm | --base | --overlay F.dtso...]" ;;
	esac
done
[ "$lwidth" = 32 ] || [ "$machine" = ml605 ] || die "--local-width: only the ml605 test bed has a local MicroBlaze"
[ "$variant" != norawrow ] || [ "$machine" = mbv ] || die "--no-raw-row: only the MicroBlaze V test bed (--machine mbv) has a riscv,pmu node"
[ "$variant" != badapm ] || [ "$machine" = zynqmp ] || die "--bad-apm: only the ZynqMP test bed (--machine zynqmp) has the PS monitors"
defs+=(-DAXIPERF_MB_LOCAL_WIDTH="$lwidth")
if [ "$harts" = 2 ]; then
	case $machine in mbv|mbv32) ;; *) die "--harts 2: only the MicroBlaze V test beds (--machine mbv, mbv32) have a second hart" ;; esac
	defs+=(-DAXIPERF_MBV_HARTS2)
fi
case $machine in
zynq) name=zynq-axiperf; karch=arm ;;
zynqmp) name=zynqmp-axiperf; karch=arm64 ;;
ml605) name=ml605-axiperf; karch=microblaze ;;
mbv) name=mbv-axiperf; karch=riscv ;;
mbv32) name=mbv-axiperf; karch=riscv; variant=$variant-mbv32; defs+=(-DAXIPERF_MBV32) ;;
*) die "--machine $machine: only zynq, zynqmp, ml605, mbv and mbv32 are known" ;;
esac
src=$(linux_src)
dts=$TOP/tools/guest/$name.dts
if [ ${#overlays[@]} -gt 0 ]; then
	[ $machine = zynq ] || die "--overlay: only the Zynq test bed has a PS-only base tree"
	need_cmd fdtoverlay device-tree-compiler
fi
key=$(hash_of "$(linux_version)" "$variant" "$lwidth" "$harts" "$dts" "$TOP/tools/guest/axiperf-testbed.dtsi" \
	"$TOP/tools/guest/dtb.sh" \
	${overlays[@]+"${overlays[@]}"})
out=$CACHE/dtb-$key
if [ ! -e "$out/.done" ]; then
	mkdir -p "$out"
	cpp -nostdinc -undef -x assembler-with-cpp -D__DTS__ ${defs[@]+"${defs[@]}"} \
		-I "$src/arch/$karch/boot/dts" -I "$src/include" \
		"$dts" -o "$out/$name.pre.dts"
	dtc -q ${dtcflags[@]+"${dtcflags[@]}"} -I dts -O dtb -o "$out/$name.dtb" \
		"$out/$name.pre.dts" || die "dtc failed on $dts"
	if [ ${#overlays[@]} -gt 0 ]; then
		dtbos=()
		for o in "${overlays[@]}"; do
			b=$out/$(basename "$o" .dtso).dtbo
			dtc -q -@ -I dts -O dtb -o "$b" "$o" 2>"$out/dtc.log" ||
				die "dtc failed on the overlay $o: $(head -3 "$out/dtc.log")"
			dtbos+=("$b")
		done
		if ! fdtoverlay -i "$out/$name.dtb" -o "$out/$name-merged.dtb" \
			"${dtbos[@]}" 2>"$out/fdtoverlay.log"; then
			# name the labels the overlays use that the base lacks
			missing=$(for b in "${dtbos[@]}"; do
				fdtget -p "$b" /__fixups__ 2>/dev/null; done | sort -u |
				comm -23 - <(fdtget -p "$out/$name.dtb" /__symbols__ | sort -u) |
				paste -sd ' ' -)
			die "fdtoverlay could not apply ${overlays[*]} to the $machine base tree${missing:+ (labels the base tree lacks: $missing)}: $(head -3 "$out/fdtoverlay.log" | tr '\n' ' ')"
		fi
		mv "$out/$name-merged.dtb" "$out/$name.dtb"
	fi
	touch "$out/.done"
fi
echo "$out/$name.dtb"
