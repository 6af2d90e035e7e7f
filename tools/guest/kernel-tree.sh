#!/bin/bash
# kernel-tree.sh [--arch arm|arm64|microblaze|riscv|riscv32] [--debug]: builds (or
# reuses) a guest kernel for the QEMU test bed from linux-source-6.1 and
# prints its build directory.
#   arm    xilinx-zynq-a9 (Zynq-7000): tools/guest/kernel.config,
#          arch/arm/boot/zImage
#   arm64  xlnx-zcu102 (ZynqMP, SMP): tools/guest/kernel-arm64.config,
#          arch/arm64/boot/Image
#   microblaze  petalogix-ml605 (MicroBlaze, little-endian):
#          tools/guest/kernel-microblaze.config, vmlinux; the source is a
#          copy with patches/microblaze-6.1-stable/ and microblaze-perf/
#          applied (lib.sh mb_linux_src), the compiler the one
#          tools/guest/mb-toolchain.sh builds
#   riscv  virt as an RV64 MicroBlaze V (tools/qemu/mbv/):
#          tools/guest/kernel-riscv.config, arch/riscv/boot/Image; the
#          source has patches/riscv-pmu-fixes/ applied
#   riscv32  the same as an RV32 MicroBlaze V: kernel-riscv32.config on top
#   --debug  adds tools/guest/kernel-debug.config (lockdep,
#          DEBUG_ATOMIC_SLEEP), and on arm and arm64
#          tools/guest/kernel-kasan.config (KASAN)
# That directory is a KDIR for out-of-tree modules:
#     make -C "$(tools/guest/kernel-tree.sh)" M=$PWD ARCH=arm \
#          CROSS_COMPILE=arm-linux-gnueabihf- modules
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=plain
arch=arm
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=${2:-}; shift 2 || die "--arch needs arm, arm64, microblaze, riscv or riscv32" ;;
	--debug) flavour=debug; shift ;;
	*) die "usage: $0 [--arch arm|arm64|microblaze|riscv|riscv32] [--debug]" ;;
	esac
done
case $arch in
arm) cross=$CROSS_ARM; image=zImage; frags=("$TOP/tools/guest/kernel.config")
	need_cmd ${cross}gcc gcc-arm-linux-gnueabihf ;;
arm64) cross=$CROSS_ARM64; image=Image; frags=("$TOP/tools/guest/kernel-arm64.config")
	need_cmd ${cross}gcc gcc-aarch64-linux-gnu ;;
microblaze) cross=$(mb_cross); image=vmlinux
	frags=("$TOP/tools/guest/kernel-microblaze.config") ;;
riscv|riscv32) cross=$CROSS_RISCV; image=Image; frags=("$TOP/tools/guest/kernel-riscv.config")
	[ $arch = riscv ] || frags+=("$TOP/tools/guest/kernel-riscv32.config")
	need_cmd ${cross}gcc gcc-riscv64-linux-gnu ;;
*) die "--arch $arch: only arm, arm64, microblaze, riscv and riscv32 are known" ;;
esac
[ $flavour = debug ] && frags+=("$TOP/tools/guest/kernel-debug.config")
[ $flavour = debug ] && [ $arch != microblaze ] && [ "${arch#riscv}" = "$arch" ] && frags+=("$TOP/tools/guest/kernel-kasan.config")

need_cmd bc bc
need_cmd flex flex
need_cmd bison bison
if [ $arch = microblaze ]; then
	src=$(mb_linux_src)
elif [ "${arch#riscv}" != "$arch" ]; then
	src=$(linux_src_patched "$TOP/patches/riscv-pmu-fixes")
else
	src=$(linux_src)
fi
key=$(hash_of "$(linux_version)" "$flavour" "${frags[@]}" "$TOP/tools/guest/kernel-tree.sh" \
	"$(${cross}gcc -dumpfullversion)" "$cross" "$(basename "$src")")
out=$CACHE/linux-$arch-$flavour-$key
if [ -e "$out/.done" ]; then
	echo "$out"
	exit 0
fi

(
	flock 9
	if [ -e "$out/.done" ]; then exit 0; fi
	mk() { nice -n 10 make -s -C "$src" O="$out" ARCH=${arch%32} CROSS_COMPILE=$cross "$@"; }
	log "building the guest kernel in $out (about 5 minutes on 2 idle cores)"
	mkdir -p "$out"
	start=$(date +%s)
	if [ ! -e "$out/.configured" ]; then
		mk tinyconfig >/dev/null
		(cd "$out" && "$src/scripts/kconfig/merge_config.sh" -m -O "$out" .config "${frags[@]}" >/dev/null)
		mk olddefconfig >/dev/null
		# every line of the fragments must have survived olddefconfig (a
		# symbol set again by a later fragment: its last value)
		grep -hE '^CONFIG_' "${frags[@]}" |
			awk -F= '{ v[$1] = $0; if (!($1 in seen)) { seen[$1] = 1; o[n++] = $1 } }
				 END { for (i = 0; i < n; i++) print v[o[i]] }' |
			while IFS= read -r line; do
				case $line in
				*=n) ! grep -q "^${line%=n}=" "$out/.config" ;;
				*) grep -qx "$line" "$out/.config" ;;
				esac || die "kernel config: '$line' did not stick (a dependency is missing)"
			done
		touch "$out/.configured"
	fi
	mk -j"$JOBS" $image modules
	touch "$out/.done"
	record_step "kernel-$arch-$flavour" "$start" "$out"
	log "kernel built in $(( $(date +%s) - start )) s"
) 9>"$out.lock" >&2
echo "$out"
