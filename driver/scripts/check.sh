#!/bin/bash
# check.sh SUITE: the driver's make-check suites, as TAP lines on stdout.
#   driver-build  axiperf.ko and axiperf_mb.ko build for x86_64, arm, arm64,
#                 riscv and microblaze against 6.1, 6.12 and 7.3 with W=1
#                 and not one warning (driver/scripts/ktree.sh matrix)
#   driver-style  checkpatch.pl --strict of each kernel per file, version
#                 checks only in compat.h, sparse (C=2) on each kernel
# Build logs: build/driver/*.log. Exits non-zero when any line is "not ok".
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}/driver
mkdir -p "$build"
. "$top/scripts/tap.sh"
. "$top/tools/guest/lib.sh"

# Lines a clean build must not print: compiler, modpost and sparse alike.
warnings() {
	grep -iE '(^|[ :])(warning|error)[: ]' "$1"
}

build_one() { # build_one ARCH OUTNAME [make args]
	local arch=$1 name=$2 log=$build/$2.log rc
	shift 2
	"$top/driver/build.sh" "$arch" "$build/$name" "$@" >"$log" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "# $arch: build failed (exit $rc); last lines of $log:"
		tail -15 "$log" | sed 's/^/#   /'
		return 1
	fi
	if warnings "$log" >/dev/null; then
		echo "# $arch: the build printed warnings ($log):"
		warnings "$log" | head -20 | sed 's/^/#   /'
		return 1
	fi
	return 0
}

# tree_kind ARCH KVER: what the module is built against, in words
tree_kind() {
	if [ "$1" = x86_64 ] && [ "$2" = 6.1 ]; then
		echo "the host's linux-headers"
	elif [ "$2" = "$(bed_kernel "$1")" ]; then
		echo "the $1 guest's kernel"
	else
		echo "a tree prepared for modules"
	fi
}

case ${1:-} in
driver-build)
	while read -r arch k; do
		KVER=$k build_one "$arch" "$arch-$k"
		tap $? "axiperf.ko and axiperf_mb.ko build for $arch against linux $k ($(tree_kind "$arch" "$k")) with W=1 and no warning"
	done < <("$top/driver/scripts/ktree.sh" matrix)

	# Bad trees, refused before anything compiles, with what to do:
	# a kernel source that was never prepared for modules ...
	raw=$("$top/driver/scripts/ktree.sh" src 7.3)
	make -s -C "$top/driver" KERNEL_SRC="$raw" >"$build/unprepared.log" 2>&1
	rc=$?
	[ $rc -ne 0 ] && grep -q 'not prepared for modules' "$build/unprepared.log" &&
		grep -q 'modules_prepare' "$build/unprepared.log" &&
		! ls "$top"/*.o "$top"/driver/*.o "$top"/driver/microblaze/*.o >/dev/null 2>&1
	tap $? "driver/Makefile refuses an unprepared kernel tree and says to run modules_prepare" "$build/unprepared.log"
	# ... and a kernel configured without perf events: a copy of the
	# prepared 7.3 tree (hard links; its own Makefile and configuration)
	noperf=$build/tree-noperf
	if prep=$("$top/driver/scripts/ktree.sh" x86_64 7.3 2>"$build/noperf.log"); then
		rm -rf "$noperf" && cp -al "$prep" "$noperf"
		sed "s|$prep|$noperf|" "$prep/Makefile" >"$noperf/Makefile.new" && mv "$noperf/Makefile.new" "$noperf/Makefile"
		for f in .config include/config/auto.conf include/generated/autoconf.h; do
			grep -v 'CONFIG_PERF_EVENTS[ =]' "$prep/$f" >"$noperf/$f.new" && mv "$noperf/$f.new" "$noperf/$f"
		done
		KDIR=$noperf "$top/driver/build.sh" x86_64 "$build/noperf" >>"$build/noperf.log" 2>&1
		rc=$?
	else
		rc=0
	fi
	[ $rc -ne 0 ] && grep -q 'configured without perf events (CONFIG_PERF_EVENTS is not set' "$build/noperf.log" &&
		[ ! -e "$build/noperf/driver/axiperf_pmu.o" ]
	tap $? "Kbuild refuses a kernel without CONFIG_PERF_EVENTS, before compiling, and says to enable it" "$build/noperf.log"
	rm -rf "$noperf"
	;;
driver-style)
	for k in $KERNELS; do
		src=$("$top/driver/scripts/ktree.sh" src "$k") || exit 1
		for f in "$top"/driver/*.[ch] "$top"/driver/microblaze/*.[ch] "$top"/driver/apm/*.[ch] \
			"$top/Kbuild" "$top/driver/microblaze/Kbuild" "$top/driver/apm/Kbuild"; do
			# the compat header is the one place for version checks
			ign=()
			[ "${f##*/}" = compat.h ] && ign=(--ignore LINUX_VERSION_CODE,CONSTANT_COMPARISON)
			out=$("$src/scripts/checkpatch.pl" --strict --no-tree -q "${ign[@]}" -f "$f" 2>&1)
			rc=$?
			[ -n "$out" ] && echo "$out" | sed 's/^/#   /'
			[ $rc -eq 0 ] && [ -z "$out" ]
			tap $? "checkpatch.pl --strict ($k) finds nothing in ${f#"$top"/}"
		done
	done
	# every LINUX_VERSION_CODE test of the driver is in compat.h
	others=$(grep -ln 'LINUX_VERSION_CODE\|KERNEL_VERSION(' "$top"/driver/*.[ch] "$top"/driver/microblaze/*.[ch] \
		"$top"/driver/apm/*.[ch] "$top/Kbuild" "$top"/driver/microblaze/Kbuild "$top"/driver/apm/Kbuild |
		grep -v '/driver/compat\.h$')
	[ -z "$others" ]
	tap $? "driver/compat.h is the only file with a kernel version check${others:+ (also:$(echo "$others" | sed "s|$top/| |" | paste -sd ','))}"
	for t in "x86_64 6.1" "arm 6.12" "microblaze 6.12" "x86_64 7.3" "arm64 7.3" "riscv 7.3"; do
		set -- $t
		KVER=$2 build_one "$1" "sparse-$1-$2" C=2
		tap $? "sparse (C=2) finds nothing in axiperf.ko, axiperf_mb.ko and axiperf_apm.ko for $1 on linux $2"
	done
	;;
*)
	echo "usage: $0 driver-build|driver-style" >&2
	exit 2
	;;
esac
echo "1..$n"
exit $failed
