#!/bin/bash
# perf.sh [arm|arm64|microblaze|riscv]: cross-builds (or reuses) a static `perf` for
# a guest from the tools/perf of the kernel tree that guest boots (lib.sh
# bed_kernel: 6.12 for the Zynq, ml605 and MicroBlaze V beds) and prints
# its path: ARM (the default) for the Zynq guest; arm64 for the ZynqMP one
# (perf 6.12 on its 6.1 kernel: perf works with older kernels, and 6.12's
# needs no libtraceevent); MicroBlaze (musl, from
# tools/guest/mb-toolchain.sh) for the ml605 one, from the tree with the
# kernel's MicroBlaze series applied (lib.sh mb_series). Each carries
# patches/KVER/perf-tools/ where that kernel still needs it (perf stat
# reports EACCES, not "<not supported>", to a user who may not count a PMU
# that cannot exclude the kernel).
# riscv (RV64, glibc, for the MicroBlaze V test bed) also carries
# patches/KVER/microblaze-v-perf/ and is built with its JSON event tables,
# so that perf knows the MicroBlaze V HPM events by name. Where the kernel
# has patches/KVER/axiperf-perf/, every arch carries it and is built with
# the JSON tables: perf names the monitors' events, with descriptions,
# and computes their figures as metrics (perf stat -M).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
arch=${1:-arm}
case $arch in
arm|microblaze|riscv) kver=$(bed_kernel "$arch") ;;
arm64) kver=6.12 ;;
*) die "usage: $0 [arm|arm64|microblaze|riscv]" ;;
esac
need_cmd flex flex
need_cmd bison bison
case $arch in
arm)
	cross=$CROSS_ARM
	need_cmd ${cross}gcc gcc-arm-linux-gnueabihf
	src=$(linux_src_patched "$kver" $(kernel_series "$kver" perf-tools axiperf-perf)) ;;
arm64)
	cross=$CROSS_ARM64
	need_cmd ${cross}gcc gcc-aarch64-linux-gnu
	src=$(linux_src_patched "$kver" $(kernel_series "$kver" perf-tools axiperf-perf)) ;;
microblaze)
	cross=$(mb_cross)
	src=$(linux_src_patched "$kver" $(mb_series "$kver") $(kernel_series "$kver" perf-tools axiperf-perf)) ;;
riscv)
	cross=$CROSS_RISCV
	need_cmd ${cross}gcc gcc-riscv64-linux-gnu
	src=$(linux_src_patched "$kver" $(kernel_series "$kver" perf-tools microblaze-v-perf axiperf-perf)) ;;
*) die "usage: $0 [arm|arm64|microblaze|riscv]" ;;
esac
# every optional library off: the guest has none of them. A static perf
# cannot load libtraceevent's plugins, so they are not built (an empty
# LIBTRACEEVENT_DYNAMIC_LIST; musl's static-only libc cannot link them);
# Makefile.perf is run directly, as tools/perf/Makefile drops MAKEFLAGS.
opts=(ARCH=$arch CROSS_COMPILE=$cross LDFLAGS=-static WERROR=0 LIBTRACEEVENT_DYNAMIC_LIST=
	NO_LIBELF=1 NO_DWARF=1 NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1
	NO_SLANG=1 NO_GTK2=1 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_LIBNUMA=1
	NO_LIBAUDIT=1 NO_LIBBIONIC=1 NO_LIBCRYPTO=1 NO_LIBZSTD=1 NO_LZMA=1
	NO_ZLIB=1 NO_LIBCAP=1 NO_BACKTRACE=1 NO_JVMTI=1 NO_LIBBABELTRACE=1
	NO_DEMANGLE=1 NO_SDT=1 NO_LIBBPF=1 NO_AUXTRACE=1 NO_LIBPFM4=1)
# 6.12 and later: libtraceevent is a library of its own (none for the
# guests), and the BPF skeletons, capstone, LLVM and debuginfod are
# optional too; older perf ignores these
# optional too; older perf ignores these. The ARM perf links Debian's
# libtraceevent (libtraceevent-dev:armhf, which the front end links too),
# so that perf record and perf script take the driver's tracepoint
[ "$kver" = 6.1 ] || opts+=(BUILD_BPF_SKEL=0 NO_CAPSTONE=1 NO_LIBLLVM=1
	NO_LIBDEBUGINFOD=1 NO_SHELLCHECK=1)
[ "$kver" = 6.1 ] || [ "$arch" = arm ] || opts+=(NO_LIBTRACEEVENT=1)
[ "$arch" != arm ] || [ -f /usr/lib/arm-linux-gnueabihf/libtraceevent.a ] ||
	die "no /usr/lib/arm-linux-gnueabihf/libtraceevent.a: install libtraceevent-dev:armhf (scripts/install-deps.sh)"
# the vendor event tables (pmu-events/arch/) only where events are ours to
# name: the MicroBlaze V's, the monitors' (axiperf-perf)
[ "$arch" = riscv ] || [ -d "$TOP/patches/$kver/axiperf-perf" ] || opts+=(NO_JEVENTS=1)
key=$(hash_of "$kver" "$(linux_version "$kver")" "${opts[*]}" "$TOP/tools/guest/perf.sh" "$(${cross}gcc -dumpfullversion)" \
	"$(basename "$src")")
out=$CACHE/perf-$kver-$arch-$key
if [ -e "$out/.done" ]; then
	echo "$out/perf"
	exit 0
fi
(
	flock 9
	if [ -e "$out/.done" ]; then exit 0; fi
	mkdir -p "$out"
	log "building a static $arch perf in $out (about 2 minutes on 2 cores)"
	start=$(date +%s)
	nice -n 10 make -s -C "$src/tools/perf" -f Makefile.perf O="$out" -j"$JOBS" "${opts[@]}" "$out/perf" \
		>"$out/build.log" 2>&1 ||
		{ tail -30 "$out/build.log" >&2; die "perf build failed: see $out/build.log"; }
	${cross}strip "$out/perf"
	touch "$out/.done"
	record_step "perf-$kver-$arch" "$start" "$out"
) 9>"$out.lock" >&2
echo "$out/perf"
