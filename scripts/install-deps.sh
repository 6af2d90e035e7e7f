#!/bin/sh
# Installs every Debian package axiperf's build, demo and tests need.
# Idempotent: exits at once when everything is already present.
set -eu

PKGS="make gcc g++ python3 git ca-certificates xz-utils \
verilator iverilog yosys z3 boolector \
libcmocka-dev libtraceevent-dev gnuplot-nox \
device-tree-compiler python3-jsonschema python3-ruamel.yaml \
sparse bc bison flex libelf-dev libssl-dev kmod cpio \
gcc-arm-linux-gnueabihf gcc-aarch64-linux-gnu \
linux-source-6.1 linux-headers-amd64 \
busybox-static \
ninja-build meson pkg-config libglib2.0-dev libpixman-1-dev libfdt-dev \
dpkg-dev clang libclang-rt-14-dev libc6-dev-armhf-cross libc6-dev-arm64-cross \
libtraceevent-dev:armhf"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo

# The ARM guest's front end links Debian's armhf libtraceevent.
armhf_new=0
if ! dpkg --print-foreign-architectures | grep -x armhf >/dev/null; then
	$SUDO dpkg --add-architecture armhf
	armhf_new=1
fi
arm64_new=0
# The arm64 (ZynqMP) guest's busybox is Debian's busybox-static:arm64,
# downloaded and unpacked by tools/guest/busybox.sh arm64 (not installed).
if ! dpkg --print-foreign-architectures | grep -x arm64 >/dev/null; then
	$SUDO dpkg --add-architecture arm64
	arm64_new=1
fi

missing=""
for p in $PKGS; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done

# deb-src entries are needed for `apt-get source qemu` (tools/qemu).
need_src=0
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ &&
   ! grep -qs '^deb-src' /etc/apt/sources.list; then
	need_src=1
fi

if [ -z "$missing" ] && [ $need_src -eq 0 ] && [ $armhf_new -eq 0 ] &&
   [ $arm64_new -eq 0 ]; then
	exit 0
fi

if [ $need_src -eq 1 ]; then
	printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' |
		$SUDO tee /etc/apt/sources.list.d/axiperf-src.sources >/dev/null
fi

echo "install-deps: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
