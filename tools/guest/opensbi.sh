#!/bin/bash
# opensbi.sh riscv64|riscv32: prints the path of the OpenSBI firmware
# (generic platform, fw_dynamic.bin) the MicroBlaze V test bed boots.
#   riscv64  Debian's opensbi package (installed by scripts/install-deps.sh)
#   riscv32  built (or reused) from the OpenSBI source QEMU's Debian source
#            package carries (roms/opensbi; OpenSBI 1.1, as the package),
#            with PLATFORM_RISCV_XLEN=32 and Debian's riscv64-linux-gnu-gcc:
#            Debian ships no RV32 firmware, and `apt-get source opensbi`
#            is not served by every mirror
set -euo pipefail
. "$(dirname "$0")/lib.sh"
case ${1:-} in
riscv64)
	fw=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
	[ -r "$fw" ] || die "$fw missing: run scripts/install-deps.sh (it installs opensbi)"
	echo "$fw"
	exit 0
	;;
riscv32) ;;
*) die "usage: $0 riscv64|riscv32" ;;
esac
need_cmd ${CROSS_RISCV}gcc gcc-riscv64-linux-gnu
ver=$(apt-cache showsrc qemu 2>/dev/null | sed -n 's/^Version: //p' | grep '^1:7\.2' | sort -V | tail -1)
[ -n "$ver" ] || die "no QEMU 7.2 source package known to apt: run scripts/install-deps.sh and apt-get update"
out=$CACHE/opensbi-rv32-$(hash_of "$ver" "$TOP/tools/guest/opensbi.sh" "$(${CROSS_RISCV}gcc -dumpfullversion)")
fw=$out/build/platform/generic/firmware/fw_dynamic.bin
if [ ! -e "$out/.done" ]; then
	(
		flock 9
		[ -e "$out/.done" ] && exit 0
		start=$(date +%s)
		rm -rf "$out" && mkdir -p "$out/dl"
		log "building OpenSBI for RV32 from QEMU $ver's roms/opensbi in $out"
		(cd "$out/dl" && apt-get source -q --download-only "qemu=$ver") >"$out/fetch.log" 2>&1 ||
			die "apt-get source --download-only qemu=$ver failed: see $out/fetch.log"
		tar -xf "$out"/dl/qemu_*.orig.tar.xz -C "$out/dl" --wildcards '*/roms/opensbi/*' ||
			die "no roms/opensbi in QEMU $ver's source"
		nice -n 10 make -C "$out"/dl/qemu-*/roms/opensbi PLATFORM=generic PLATFORM_RISCV_XLEN=32 \
			CROSS_COMPILE="$CROSS_RISCV" O="$out/build" -j"$JOBS" >"$out/build.log" 2>&1 ||
			{ tail -20 "$out/build.log" >&2; die "OpenSBI build failed: see $out/build.log"; }
		[ -r "$fw" ] || die "no $fw after the build"
		rm -rf "$out/dl"
		touch "$out/.done"
		record_step opensbi-rv32 "$start" "$out"
	) 9>"$out.lock" >&2 || exit 1
fi
echo "$fw"
