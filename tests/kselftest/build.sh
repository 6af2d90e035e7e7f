#!/bin/bash
# build.sh ARCH [KVER]: builds and installs the axiperf kselftest
# (tests/kselftest/drivers/perf/axiperf/) as upstream does, with the
# kernel's own `make -C tools/testing/selftests TARGETS=drivers/perf/axiperf
# install`, from the tools/ of linux-source-KVER (default: the kernel the
# ARCH test bed boots) with our files copied in where the mainline series
# puts them (the test beside the selftests, the register header as
# drivers/perf/axiperf/axiperf_regs.h). Static, for the beds' busybox
# guests. Prints the install directory (run_kselftest.sh and the test).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/guest/lib.sh"
arch=${1:?usage: build.sh arm|arm64|riscv|microblaze [KVER]}
k=${2:-$(bed_kernel "$arch")}
case $arch in
arm) cross=$CROSS_ARM ;;
arm64) cross=$CROSS_ARM64 ;;
riscv) cross=$CROSS_RISCV ;;
microblaze) cross=$(mb_cross) ;;
x86_64) cross= ;;
*) die "arch $arch: arm, arm64, riscv, microblaze or x86_64" ;;
esac
src=$(linux_src "$k")
t=drivers/perf/axiperf
work=${BUILD:-$top/build}/kselftest/$arch-$k
rm -rf "$work" && mkdir -p "$work/tree/scripts" "$work/tree/drivers/perf/axiperf"
# the pristine tools/ by hard links (never written: the build goes to O=)
cp -al "$src/tools" "$work/tree/tools"
cp "$src/scripts/subarch.include" "$work/tree/scripts/"
mkdir -p "$work/tree/tools/testing/selftests/${t%/*}"
cp -r "$top/tests/kselftest/$t" "$work/tree/tools/testing/selftests/$t"
cp "$top/include/axiperf/regs.h" "$work/tree/drivers/perf/axiperf/axiperf_regs.h"
# MicroBlaze: the harness's 1-byte __sync call, which its toolchain
# (no libatomic) lacks, from mb_atomic.c
ldflags=-static
if [ "$arch" = microblaze ]; then
	"${cross}gcc" -O2 -Wall -Wextra -Werror -c -o "$work/mb_atomic.o" "$top/tests/kselftest/mb_atomic.c"
	ldflags="-static $work/mb_atomic.o"
fi
# the host make's BUILD is the project's, not the selftests' one
env -u BUILD make -C "$work/tree/tools/testing/selftests" TARGETS=$t \
	ARCH="$(case $arch in x86_64) echo x86 ;; *) echo "$arch" ;; esac)" \
	CROSS_COMPILE="$cross" USERCFLAGS="-Wextra -Werror -Wno-unused-parameter" USERLDFLAGS="$ldflags" \
	O="$work/out" KSFT_INSTALL_PATH="$work/install" install >"$work/build.log" 2>&1 ||
	{ cat "$work/build.log" >&2; die "the kselftest does not build for $arch on linux $k (log: $work/build.log)"; }
[ -x "$work/install/$t/axiperf_test" ] || die "no $t/axiperf_test installed (log: $work/build.log)"
echo "$work/install"
