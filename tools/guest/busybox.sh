#!/bin/bash
# busybox.sh: fetches (or reuses) Debian's static armhf busybox and prints
# its path. The .deb is downloaded with apt and unpacked with dpkg-deb -x,
# nothing is installed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
dpkg --print-foreign-architectures | grep -qx armhf ||
	die "apt does not know armhf packages: run scripts/install-deps.sh (it runs dpkg --add-architecture armhf)"
ver=$(apt-cache policy busybox-static:armhf | sed -n 's/^ *Candidate: //p')
[ -n "$ver" ] && [ "$ver" != "(none)" ] ||
	die "busybox-static:armhf not found: run apt-get update after scripts/install-deps.sh"
out=$CACHE/busybox-armhf-$(hash_of "$ver")
if [ ! -e "$out/.done" ]; then
	rm -rf "$out" && mkdir -p "$out/deb"
	(cd "$out/deb" && apt-get download -q "busybox-static:armhf=$ver" >/dev/null 2>&1) ||
		die "apt-get download busybox-static:armhf=$ver failed"
	dpkg-deb -x "$out"/deb/*.deb "$out/root"
	[ -x "$out/root/bin/busybox" ] || die "no bin/busybox in the armhf package"
	touch "$out/.done"
fi
echo "$out/root/bin/busybox"
