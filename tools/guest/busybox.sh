#!/bin/bash
# busybox.sh [armhf|arm64|microblaze|riscv64]: fetches (or reuses) Debian's static
# busybox for the guest and prints its path: armhf (the default) for the
# Zynq guest, arm64 for the ZynqMP one. The .deb is downloaded with apt and
# unpacked with dpkg-deb -x, nothing is installed.
# Debian has no MicroBlaze port: for microblaze, busybox is cross-built
# statically from Debian's busybox source package (its defconfig) with the
# toolchain of tools/guest/mb-toolchain.sh. bookworm has no riscv64 port
# either: for riscv64 (the MicroBlaze V test bed) the same build uses
# Debian's riscv64-linux-gnu-gcc and its glibc (libc6-dev-riscv64-cross).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
arch=${1:-armhf}
case $arch in
armhf|arm64) ;;
microblaze|riscv64)
	if [ "$arch" = microblaze ]; then
		cross=$(mb_cross)
	else
		cross=$CROSS_RISCV
		need_cmd ${cross}gcc gcc-riscv64-linux-gnu
	fi
	ver=$(apt-cache showsrc busybox 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)
	[ -n "$ver" ] || die "apt knows no busybox source package: run scripts/install-deps.sh and apt-get update"
	out=$CACHE/busybox-$arch-$(hash_of "$ver" "$TOP/tools/guest/busybox.sh" "$cross")
	if [ ! -e "$out/.done" ]; then
		(
			flock 9
			[ -e "$out/.done" ] && exit 0
			start=$(date +%s)
			rm -rf "$out" && mkdir -p "$out/src"
			log "cross-building busybox $ver for $arch in $out"
			(cd "$out/src" && apt-get source -q --only-source "busybox=$ver") >"$out/fetch.log" 2>&1 ||
				die "apt-get source busybox=$ver failed: see $out/fetch.log"
			b=$(echo "$out"/src/busybox-*/)
			mk() { nice -n 10 make -C "$b" CROSS_COMPILE="$cross" "$@"; }
			{ mk defconfig &&
			  sed -i -e 's/^# CONFIG_STATIC is not set/CONFIG_STATIC=y/' \
				-e 's/^CONFIG_\(TC\|FEATURE_MOUNT_NFS\|FEATURE_INETD_RPC\|SELINUX\|PAM\)=y/# CONFIG_\1 is not set/' \
				"$b/.config" &&
			  { yes '' || true; } | mk oldconfig &&
			  mk -j"$JOBS" busybox; } >"$out/build.log" 2>&1 ||
				{ tail -20 "$out/build.log" >&2; die "busybox build failed: see $out/build.log"; }
			mkdir -p "$out/root/bin"
			${cross}strip -o "$out/root/bin/busybox" "$b/busybox"
			rm -rf "$out/src"
			touch "$out/.done"
			record_step "busybox-$arch" "$start" "$out"
		) 9>"$out.lock" >&2 || exit 1
	fi
	echo "$out/root/bin/busybox"
	exit 0
	;;
*) die "usage: $0 [armhf|arm64|microblaze|riscv64] (unknown architecture '$arch')" ;;
esac
dpkg --print-foreign-architectures | grep -x "$arch" >/dev/null ||
	die "apt does not know $arch packages: run scripts/install-deps.sh (it runs dpkg --add-architecture $arch)"
ver=$(apt-cache policy "busybox-static:$arch" | sed -n 's/^ *Candidate: //p')
[ -n "$ver" ] && [ "$ver" != "(none)" ] ||
	die "busybox-static:$arch not found: run apt-get update after scripts/install-deps.sh"
out=$CACHE/busybox-$arch-$(hash_of "$ver")
if [ ! -e "$out/.done" ]; then
	start=$(date +%s)
	rm -rf "$out" && mkdir -p "$out/deb"
	(cd "$out/deb" && apt-get download -q "busybox-static:$arch=$ver" >/dev/null 2>&1) ||
		die "apt-get download busybox-static:$arch=$ver failed"
	dpkg-deb -x "$out"/deb/*.deb "$out/root"
	[ -x "$out/root/bin/busybox" ] || die "no bin/busybox in the $arch package"
	touch "$out/.done"
	record_step "busybox-$arch" "$start" "$out"
fi
echo "$out/root/bin/busybox"
