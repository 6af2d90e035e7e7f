#!/bin/bash
# ktree.sh WHAT: prints the path of a kernel tree the driver builds against,
# preparing and caching it first when needed.
#
#   src     linux-source-6.1 unpacked (pristine; checkpatch.pl lives here)
#   arm     prepared ARM (Zynq) build dir: the test bed's guest kernel tree
#           when tools/guest/kernel-tree.sh exists, else our own
#           multi_v7_defconfig + modules_prepare
#   arm64   prepared arm64 build dir: defconfig + modules_prepare
#   microblaze  the MicroBlaze test bed's guest kernel tree
#           (tools/guest/kernel-tree.sh --arch microblaze: linux-source-6.1
#           with patches/microblaze-perf/, built with our cross toolchain)
#   x86_64  the host's installed headers (linux-headers-amd64)
#
# Cached under ${CACHE:-~/.cache/axiperf}/<name>-<hash of inputs>/; a tree
# is used only once its .done stamp exists, so an interrupted preparation
# is redone, not trusted.
set -euo pipefail

what=${1:?usage: ktree.sh src|arm|arm64|microblaze|x86_64}
cache=${CACHE:-$HOME/.cache/axiperf}
tarball=/usr/src/linux-source-6.1.tar.xz
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$cache"

die() { echo "ktree.sh: $*" >&2; exit 1; }

src_tree() {
	[ -r "$tarball" ] || die "$tarball missing: install linux-source-6.1 (scripts/install-deps.sh)"
	local h dir
	h=$(stat -c '%s-%Y' "$tarball" | sha256sum | cut -c1-12)
	dir=$cache/linux-src-$h
	if [ ! -e "$dir/.done" ]; then
		exec 9>"$cache/linux-src-$h.lock"
		flock 9
		if [ ! -e "$dir/.done" ]; then
			echo "ktree.sh: unpacking $tarball into $dir" >&2
			rm -rf "$dir"
			mkdir -p "$dir"
			tar -C "$dir" -xJf "$tarball"
			touch "$dir/.done"
		fi
		exec 9>&-
	fi
	echo "$dir/linux-source-6.1"
}

# prepared ARCH CROSS DEFCONFIG: O= build dir with modules_prepare done.
# MODVERSIONS is off: without a full vmlinux there is no Module.symvers,
# and the compile test must not depend on one.
prepared() {
	local arch=$1 cross=$2 defconfig=$3 src h dir
	src=$(src_tree)
	h=$(printf '%s\n' "$src" "$arch" "$cross" "$defconfig" v1 | sha256sum | cut -c1-12)
	dir=$cache/kdir-$arch-$h
	if [ ! -e "$dir/.done" ]; then
		exec 9>"$dir.lock"
		flock 9
		if [ ! -e "$dir/.done" ]; then
			echo "ktree.sh: preparing $arch tree in $dir" >&2
			rm -rf "$dir"
			mkdir -p "$dir"
			local mk=(nice -n 10 make -s -C "$src" O="$dir" ARCH="$arch" CROSS_COMPILE="$cross" -j2)
			"${mk[@]}" "$defconfig" >&2
			"$src/scripts/config" --file "$dir/.config" \
				-d MODVERSIONS -e PERF_EVENTS -e MODULES -e OF \
				-e HIGH_RES_TIMERS -e COMMON_CLK >&2
			"${mk[@]}" olddefconfig >&2
			"${mk[@]}" modules_prepare >&2
			touch "$dir/.done"
		fi
		exec 9>&-
	fi
	echo "$dir"
}

case $what in
src) src_tree ;;
arm)
	# the guest's own kernel (built once for the test bed anyway)
	if [ -x "$top/tools/guest/kernel-tree.sh" ] && kdir=$("$top/tools/guest/kernel-tree.sh") &&
	   [ -n "$kdir" ] && [ -e "$kdir/Makefile" ]; then
		echo "$kdir"
	else
		[ -x "$top/tools/guest/kernel-tree.sh" ] &&
			echo "ktree.sh: tools/guest/kernel-tree.sh failed; using a tree of our own" >&2
		prepared arm arm-linux-gnueabihf- multi_v7_defconfig
	fi
	;;
arm64) prepared arm64 aarch64-linux-gnu- defconfig ;;
microblaze) "$top/tools/guest/kernel-tree.sh" --arch microblaze ;;
x86_64)
	d=$(ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | sort -V | tail -1)
	[ -n "$d" ] || die "no /usr/src/linux-headers-*-amd64: install linux-headers-amd64"
	echo "$d"
	;;
*) die "unknown tree '$what' (src, arm, arm64, microblaze, x86_64)" ;;
esac
