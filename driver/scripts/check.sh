#!/bin/bash
# check.sh SUITE: the driver's make-check suites, as TAP lines on stdout.
#   driver-build  axiperf builds for x86_64 (host headers), arm, arm64 and
#                 microblaze with W=1 and not one warning
#   driver-style  checkpatch.pl --strict per file, sparse (C=2) per arch
# Build logs: build/driver/*.log. Exits non-zero when any line is "not ok".
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}/driver
mkdir -p "$build"
. "$top/scripts/tap.sh"

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

case ${1:-} in
driver-build)
	build_one x86_64 x86_64
	tap $? "axiperf builds for x86_64 against the host's linux-headers with W=1 and no warning"
	build_one arm arm
	tap $? "axiperf builds for ARM (Zynq, linux-source-6.1) with W=1 and no warning"
	build_one arm64 arm64
	tap $? "axiperf builds for arm64 (the ZynqMP guest kernel, linux-source-6.1) with W=1 and no warning"
	build_one microblaze microblaze
	tap $? "axiperf builds for MicroBlaze (ml605 guest kernel, patches/microblaze-perf) with W=1 and no warning"
	;;
driver-style)
	src=$("$top/driver/scripts/ktree.sh" src) || exit 1
	for f in "$top"/driver/*.[ch] "$top/Kbuild"; do
		out=$("$src/scripts/checkpatch.pl" --strict --no-tree -q -f "$f" 2>&1)
		rc=$?
		[ -n "$out" ] && echo "$out" | sed 's/^/#   /'
		[ $rc -eq 0 ] && [ -z "$out" ]
		tap $? "checkpatch.pl --strict finds nothing in ${f#"$top"/}"
	done
	build_one x86_64 sparse-x86_64 C=2
	tap $? "sparse (C=2) finds nothing in axiperf for x86_64"
	build_one arm sparse-arm C=2
	tap $? "sparse (C=2) finds nothing in axiperf for ARM"
	build_one microblaze sparse-microblaze C=2
	tap $? "sparse (C=2) finds nothing in axiperf for MicroBlaze"
	;;
*)
	echo "usage: $0 driver-build|driver-style" >&2
	exit 2
	;;
esac
echo "1..$n"
exit $failed
