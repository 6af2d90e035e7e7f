#!/bin/bash
# kernel-tree.sh [--arch arm|arm64|microblaze|riscv|riscv32|x86_64]
# [--kernel KVER] [--debug|--prepare]: builds (or reuses) a guest kernel
# for the QEMU test bed and prints its build directory.
#   --kernel  the linux-source tree (6.1, 6.12, 7.3; lib.sh KERNELS); by
#          default the one the arch's test bed boots (lib.sh bed_kernel:
#          6.1 for the ZynqMP, 6.12 for the others)
#   --prepare  the same configuration, but only `make modules_prepare`: a
#          tree to compile modules against (no vmlinux, no
#          Module.symvers), for the kernels no test bed boots
#   x86_64 (--prepare only) a compile-test tree for the host's
#          architecture: tools/guest/kernel-x86_64.config
#   arm    xilinx-zynq-a9 (Zynq-7000): tools/guest/kernel.config,
#          arch/arm/boot/zImage
#   arm64  xlnx-zcu102 (ZynqMP, SMP): tools/guest/kernel-arm64.config,
#          arch/arm64/boot/Image
#   microblaze  petalogix-ml605 (MicroBlaze, little-endian):
#          tools/guest/kernel-microblaze.config, vmlinux; the source is a
#          copy with the kernel's MicroBlaze series applied (lib.sh
#          mb_linux_src: patches/KVER/microblaze-*), the compiler the one
#          tools/guest/mb-toolchain.sh builds
#   riscv  virt as an RV64 MicroBlaze V (tools/qemu/mbv/):
#          tools/guest/kernel-riscv.config, arch/riscv/boot/Image; the
#          source has patches/KVER/riscv-pmu-fixes/ applied
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
kver=
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=${2:-}; shift 2 || die "--arch needs arm, arm64, microblaze, riscv or riscv32" ;;
	--kernel) kver=${2:-}; shift 2 || die "--kernel needs a version ($KERNELS)" ;;
	--debug) flavour=debug; shift ;;
	--prepare) flavour=prepared; shift ;;
	*) die "usage: $0 [--arch arm|arm64|microblaze|riscv|riscv32|x86_64] [--kernel KVER] [--debug|--prepare]" ;;
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
x86_64) cross= image=; frags=("$TOP/tools/guest/kernel-x86_64.config")
	[ $flavour = prepared ] || die "--arch x86_64: a compile-test tree only (--prepare)" ;;
*) die "--arch $arch: only arm, arm64, microblaze, riscv, riscv32 and x86_64 are known" ;;
esac
kver=${kver:-$(bed_kernel "$arch")}
need_kernel "$kver"
[ $flavour = debug ] && frags+=("$TOP/tools/guest/kernel-debug.config")
[ $flavour = debug ] && [ $arch != microblaze ] && [ "${arch#riscv}" = "$arch" ] && frags+=("$TOP/tools/guest/kernel-kasan.config")

need_cmd bc bc
need_cmd flex flex
need_cmd bison bison
if [ $arch = microblaze ]; then
	src=$(mb_linux_src "$kver")
elif [ "${arch#riscv}" != "$arch" ]; then
	src=$(linux_src_patched "$kver" riscv-pmu-fixes)
else
	src=$(linux_src "$kver")
fi
key=$(hash_of "$(linux_version "$kver")" "$flavour" "${frags[@]}" "$TOP/tools/guest/kernel-tree.sh" \
	"$(${cross}gcc -dumpfullversion)" "$cross" "$(basename "$src")")
karch=${arch%32}
[ $arch = x86_64 ] && karch=x86
out=$CACHE/linux-$kver-$arch-$flavour-$key
if [ -e "$out/.done" ]; then
	echo "$out"
	exit 0
fi

(
	flock 9
	if [ -e "$out/.done" ]; then exit 0; fi
	mk() { nice -n 10 make -s -C "$src" O="$out" ARCH=$karch CROSS_COMPILE=$cross "$@"; }
	if [ $flavour = prepared ]; then
		log "preparing a linux $kver $arch tree for modules in $out (under a minute)"
	else
		log "building the linux $kver guest kernel in $out (about 5 minutes on 2 idle cores)"
	fi
	mkdir -p "$out"
	start=$(date +%s)
	if [ ! -e "$out/.configured" ]; then
		# The fragments use the newest kernel's symbol names; an older
		# tree gets the name it knows (Kconfig symbols renamed since 6.1)
		if [ "$kver" = 6.1 ]; then
			mkdir -p "$out/frags"
			for i in "${!frags[@]}"; do
				sed 's/^CONFIG_ARCH_VIRT=/CONFIG_SOC_VIRT=/' "${frags[$i]}" >"$out/frags/$i.config"
				frags[$i]=$out/frags/$i.config
			done
		fi
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
	if [ $flavour = prepared ]; then
		mk -j"$JOBS" modules_prepare
	else
		mk -j"$JOBS" $image modules
	fi
	touch "$out/.done"
	record_step "kernel-$kver-$arch-$flavour" "$start" "$out"
	log "kernel built in $(( $(date +%s) - start )) s"
) 9>"$out.lock" >&2
echo "$out"
