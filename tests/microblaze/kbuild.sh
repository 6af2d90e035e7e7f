#!/bin/bash
# TAP: the MicroBlaze PMU module (driver/microblaze/) builds with W=1 and
# sparse (C=1) without a warning for x86_64 (host headers), 32-bit ARM,
# arm64 and MicroBlaze (the ml605 guest's kernel), and passes checkpatch.pl --strict. Builds a copy of the directory
# under $BUILD/microblaze so the source tree stays clean.
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
build arm arm-linux-gnueabihf-
build arm64 aarch64-linux-gnu-
if cross=$("$top/tools/guest/mb-cross.sh" 2>"$out/mb-toolchain.log"); then
	build microblaze "$cross"
else
	tap 1 "axiperf_mb.ko builds for microblaze with W=1 C=1, no warning" "$out/mb-toolchain.log"
fi

log=$out/checkpatch.log
mkdir -p "$out"
if src=$("$ktree" src 2>"$log") &&
   "$src/scripts/checkpatch.pl" --strict --no-tree -q -f \
	"$top"/driver/microblaze/*.c \
	"$top"/driver/microblaze/*.h >"$log" 2>&1; then
	tap 0 "driver/microblaze passes checkpatch.pl --strict"
else
	tap 1 "driver/microblaze passes checkpatch.pl --strict" "$log"
fi
echo "1..$n"
[ $failed -eq 0 ]
