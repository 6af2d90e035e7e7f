#!/bin/bash
# build.sh ARCH [OUT] [make args...]: builds axiperf.ko for ARCH (arm, arm64,
# microblaze, x86_64) against the tree driver/scripts/ktree.sh gives, with W=1, in OUT
# (default build/driver/ARCH), never in the source tree. Prints the .ko path
# last (axiperf.o for a tree with no vmlinux, where modpost cannot run). Extra arguments go to make (e.g. C=2 for sparse).
#
# Kbuild writes objects next to the sources it is given, so OUT mirrors
# the tree with links: the top-level Kbuild, include/, and driver/*.[ch].
# KDIR=dir overrides the kernel tree; KVER=6.1|6.12|7.3 picks the kernel
# (driver/scripts/ktree.sh; default: the one the arch's test bed boots).
# arm64-guest: arm64, against the ZynqMP guest's own kernel
# (tools/guest/kernel-tree.sh --arch arm64), for the QEMU xlnx-zcu102 tests.
# microblaze: against the ml605 guest's kernel, with the toolchain
# tools/guest/mb-toolchain.sh builds.
# riscv, riscv32: RV64 and RV32, against the MicroBlaze V test beds' guest
# kernels.
set -euo pipefail

arch=${1:?usage: build.sh arm|arm64|arm64-guest|microblaze|riscv|riscv32|x86_64 [OUT] [make args...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${BUILD:-$top/build}/driver/$arch}
[ $# -gt 0 ] && shift

case $arch in
arm) cross=arm-linux-gnueabihf- ;;
arm64|arm64-guest) cross=aarch64-linux-gnu- ;;
x86_64) cross= ;;
microblaze)
	cross=$("$top/tools/guest/mb-cross.sh") || exit 1 ;;
riscv|riscv32) cross=riscv64-linux-gnu- ;;
*) echo "build.sh: unknown architecture '$arch' (arm, arm64, arm64-guest, microblaze, riscv, riscv32, x86_64)" >&2; exit 2 ;;
esac
if [ -n "$cross" ] && ! command -v "${cross}gcc" >/dev/null; then
	echo "build.sh: ${cross}gcc missing: install gcc-${cross%-} (scripts/install-deps.sh)" >&2
	exit 1
fi

if [ "$arch" = arm64-guest ]; then
	kdir=${KDIR:-$("$top/tools/guest/kernel-tree.sh" --arch arm64)}
else
	kdir=${KDIR:-$("$top/driver/scripts/ktree.sh" "$arch" ${KVER:+"$KVER"})}
fi

mkdir -p "$out/driver"
ln -sfn "$top/Kbuild" "$out/Kbuild"
ln -sfn "$top/include" "$out/include"
find "$out/driver" -type l -delete
(cd "$top" && find driver -path driver/scripts -prune -o -type f \
	\( -name '*.[ch]' -o -name Kbuild \) ! -name '*_test.c' -print) |
	while IFS= read -r f; do
		mkdir -p "$out/$(dirname "$f")"
		ln -s "$top/$f" "$out/$f"
	done

karch=$arch
[ "$arch" = x86_64 ] && karch=x86
[ "$arch" = arm64-guest ] && karch=arm64
[ "$arch" = riscv32 ] && karch=riscv
mk=(nice -n 10 make -C "$kdir" M="$out" ARCH="$karch" CROSS_COMPILE="$cross" W=1 -j2)
if [ -e "$kdir/Module.symvers" ]; then
	"${mk[@]}" "$@" modules >&2
	echo "$out/axiperf.ko"
else
	# A prepared tree without vmlinux has no symbol list for modpost:
	# compile and link the module objects, which is all such a tree checks.
	echo "build.sh: $kdir has no Module.symvers: compile test only (axiperf.o, axiperf_mb.o, axiperf_apm.o)" >&2
	objs=$(sed -n 's/^axiperf-y := //p' "$top/Kbuild")
	mbobjs=$(sed -n 's/^axiperf_mb-y := //p' "$top/driver/microblaze/Kbuild")
	"${mk[@]}" "$@" $objs axiperf.o $(for o in $mbobjs axiperf_mb.o; do echo driver/microblaze/$o; done) \
		driver/apm/axiperf_apm.o >&2
	echo "$out/axiperf.o"
fi
