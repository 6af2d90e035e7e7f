#!/bin/bash
# ktree.sh WHAT [KVER]: prints the path of a kernel tree the driver builds
# against, building and caching it first when needed. KVER is 6.1, 6.12 or
# 7.3 (tools/guest/lib.sh KERNELS); without it, the kernel the arch's test
# bed boots (lib.sh bed_kernel). The tree of a kernel a test bed boots is
# that guest's kernel (tools/guest/kernel-tree.sh), so no kernel is
# configured or compiled twice; for any other kernel it is the same
# configuration, only prepared for modules (kernel-tree.sh --prepare).
#
#   src     linux-source-KVER unpacked (pristine; checkpatch.pl lives here)
#   arm     the Zynq guest's kernel configuration
#   arm64   the ZynqMP guest's
#   microblaze  the MicroBlaze test bed's (linux-source-KVER with the
#           kernel's MicroBlaze series, patches/KVER/microblaze-*, built with
#           our cross toolchain)
#   riscv   the MicroBlaze V test bed's (RV64)
#   riscv32 the same, RV32
#   x86_64  6.1: the host's installed headers (linux-headers-amd64); other
#           kernels: a compile-test tree (tools/guest/kernel-x86_64.config)
#   matrix  prints the trees driver-build builds both modules against, one
#           "ARCH KVER" a line: every arch on every kernel
set -euo pipefail

what=${1:?usage: ktree.sh src|arm|arm64|microblaze|riscv|riscv32|x86_64 [KVER] | ktree.sh matrix}
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/guest/lib.sh"
if [ "$what" = matrix ]; then
	for a in x86_64 arm arm64 riscv microblaze; do
		for k in $KERNELS; do echo "$a $k"; done
	done
	exit 0
fi
kver=${2:-$(bed_kernel "$what")}
need_kernel "$kver"

case $what in
src) linux_src "$kver" ;;
arm|arm64|microblaze|riscv|riscv32)
	if [ "$kver" = "$(bed_kernel "$what")" ]; then
		"$top/tools/guest/kernel-tree.sh" --arch "$what" --kernel "$kver"
	else
		"$top/tools/guest/kernel-tree.sh" --arch "$what" --kernel "$kver" --prepare
	fi
	;;
x86_64)
	if [ "$kver" = 6.1 ]; then
		d=$(ls -d /usr/src/linux-headers-6.1*-amd64 2>/dev/null | sort -V | tail -1)
		[ -n "$d" ] || die "no /usr/src/linux-headers-6.1*-amd64: install linux-headers-amd64"
		echo "$d"
	else
		"$top/tools/guest/kernel-tree.sh" --arch x86_64 --kernel "$kver" --prepare
	fi
	;;
*) die "unknown tree '$what' (src, arm, arm64, microblaze, riscv, riscv32, x86_64)" ;;
esac
