#!/bin/bash
# ktree.sh WHAT: prints the path of a kernel tree the driver builds against,
# building and caching it first when needed. Every tree is one the test
# bed builds anyway (tools/guest/lib.sh, tools/guest/kernel-tree.sh), so
# no kernel is configured or compiled twice:
#
#   src     linux-source-6.1 unpacked (pristine; checkpatch.pl lives here)
#   arm     the Zynq guest's kernel build dir
#   arm64   the ZynqMP guest's kernel build dir
#   microblaze  the MicroBlaze test bed's guest kernel tree
#           (linux-source-6.1 with patches/microblaze-perf/, built with
#           our cross toolchain)
#   riscv   the MicroBlaze V test bed's guest kernel build dir (RV64)
#   riscv32 the same, RV32
#   x86_64  the host's installed headers (linux-headers-amd64)
set -euo pipefail

what=${1:?usage: ktree.sh src|arm|arm64|microblaze|riscv|riscv32|x86_64}
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/guest/lib.sh"

case $what in
src) linux_src ;;
arm) "$top/tools/guest/kernel-tree.sh" ;;
arm64) "$top/tools/guest/kernel-tree.sh" --arch arm64 ;;
microblaze) "$top/tools/guest/kernel-tree.sh" --arch microblaze ;;
riscv|riscv32) "$top/tools/guest/kernel-tree.sh" --arch "$what" ;;
x86_64)
	d=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -1)
	[ -n "$d" ] || die "no /usr/src/linux-headers-*-amd64: install linux-headers-amd64"
	echo "$d"
	;;
*) die "unknown tree '$what' (src, arm, arm64, microblaze, riscv, riscv32, x86_64)" ;;
esac
