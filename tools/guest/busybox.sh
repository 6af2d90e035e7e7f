#!/bin/bash
# busybox.sh [armhf|arm64]: fetches (or reuses) Debian's static busybox for
# the guest and prints its path: armhf (the default) for the Zynq guest,
# arm64 for the ZynqMP one. The .deb is downloaded with apt and unpacked
# with dpkg-deb -x, nothing is installed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
arch=${1:-armhf}
case $arch in
armhf|arm64) ;;
*) die "usage: $0 [armhf|arm64] (unknown architecture '$arch')" ;;
esac
dpkg --print-foreign-architectures | grep -x "$arch" >/dev/null ||
	die "apt does not know $arch packages: run scripts/install-deps.sh (it runs dpkg --add-architecture $arch)"
ver=$(apt-cache policy "busybox-static:$arch" | sed -n 's/^ *Candidate: //p')
[ -n "$ver" ] && [ "$ver" != "(none)" ] ||
	die "busybox-static:$arch not found: run apt-get update after scripts/install-deps.sh"
out=$CACHE/busybox-$arch-$(hash_of "$ver")
if [ ! -e "$out/.done" ]; then
	rm -rf "$out" && mkdir -p "$out/deb"
	(cd "$out/deb" && apt-get download -q "busybox-static:$arch=$ver" >/dev/null 2>&1) ||
		die "apt-get download busybox-static:$arch=$ver failed"
	dpkg-deb -x "$out"/deb/*.deb "$out/root"
	[ -x "$out/root/bin/busybox" ] || die "no bin/busybox in the $arch package"
	touch "$out/.done"
fi
echo "$out/root/bin/busybox"
