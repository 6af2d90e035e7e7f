#!/bin/bash
# armbuild.sh: cross-builds axiperf for the ARM guest (static, libperf and
# libtraceevent included); one TAP line. Skipped, saying why, when the
# cross toolchain or libtraceevent-dev:armhf is not installed.
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${BUILD:-$top/build}
bin=$build/userspace/arm/axiperf
log=$build/userspace/arm-build.log
what="axiperf cross-builds for the ARM guest as a static EABI5 executable"
if ! command -v arm-linux-gnueabihf-gcc >/dev/null; then
	echo "ok 1 - # SKIP $what: gcc-arm-linux-gnueabihf is not installed"
	exit 0
fi
if [ ! -f /usr/lib/arm-linux-gnueabihf/libtraceevent.a ] ||
   { [ ! -f /usr/lib/arm-linux-gnueabihf/libc.a ] && [ ! -f /usr/arm-linux-gnueabihf/lib/libc.a ]; }; then
	echo "ok 1 - # SKIP $what: libtraceevent-dev:armhf or libc6-dev-armhf-cross is not installed"
	exit 0
fi
mkdir -p "$(dirname "$log")"
if make --no-print-directory -C "$top/userspace" TOP="$top" BUILD="$build" ARCH=arm all >"$log" 2>&1 &&
   readelf -h "$bin" | grep -Eq "Machine: +ARM$" &&
   readelf -h "$bin" | grep -Eq "Flags: .*Version5 EABI" &&
   ! readelf -l "$bin" | grep INTERP >/dev/null; then
	echo "ok 1 - $what"
else
	echo "not ok 1 - $what (see $log)"
	tail -5 "$log" | sed 's/^/# /'
	exit 1
fi
