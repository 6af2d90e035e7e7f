#!/bin/bash
# TAP: the MicroBlaze PMU module builds on its own, from a copy of
# driver/microblaze/ (make -C KDIR M=<copy> AXIPERF_TOP=<repo>, as its
# Kbuild says), with W=1 and sparse (C=1) and without a warning, for x86_64
# (the host's headers). driver-build builds it within the whole tree for
# every arch and kernel, and driver-style runs checkpatch on it. The copy
# lives under $BUILD/microblaze so the source tree stays clean.
set -u
top=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${BUILD:-$top/build}/microblaze
ktree=$top/driver/scripts/ktree.sh
. "$top/scripts/tap.sh"

build() {	# build ARCH CROSS
	local arch=$1 cross=$2 kdir dir log rc
	dir=$out/kmod-$arch
	log=$out/kmod-$arch.log
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$top"/driver/microblaze/{Kbuild,*.c,*.h} "$dir"/
	if ! kdir=$("$ktree" "$arch" 2>"$log"); then
		tap 1 "axiperf_mb.ko builds for $arch with W=1 C=1, no warning" "$log"
		return
	fi
	nice -n 10 make -C "$kdir" ARCH="$arch" ${cross:+CROSS_COMPILE=$cross} M="$dir" \
		AXIPERF_TOP="$top" W=1 C=1 -j2 modules >"$log" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && [ -f "$dir/axiperf_mb.ko" ] && ! grep -qE '(warning|error):' "$log"; then
		tap 0 "axiperf_mb.ko builds for $arch with W=1 C=1, no warning"
	else
		tap 1 "axiperf_mb.ko builds for $arch with W=1 C=1, no warning" "$log"
	fi
}

build x86_64 ""
echo "1..$n"
[ $failed -eq 0 ]
