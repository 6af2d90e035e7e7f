#!/bin/bash
# build-qemu.sh [arm|aarch64|microblazeel|riscv64|riscv32]: builds (or reuses) the QEMU of
# the axiperf test bed from Debian's QEMU 7.2 source, and prints the path of
# the binary that runs the named test bed:
#   arm           xilinx-zynq-a9 (Zynq-7000; the default)  qemu-system-aarch64
#   aarch64       xlnx-zcu102 (ZynqMP, SMP)                qemu-system-aarch64
#   microblazeel  petalogix-ml605                          qemu-system-microblazeel
#   riscv64       virt as a MicroBlaze V (tools/qemu/microblaze-v-cpu/)  qemu-system-riscv64
#   riscv32       the same, RV32 (the usual MicroBlaze V)   qemu-system-riscv32
#
# One source tree, one configure and one build tree serve all five test
# beds. qemu-system-aarch64 runs the 32-bit Zynq board as well as the
# ZynqMP one (arm-devices.mak lists both), so target/arm is compiled once,
# not once per ARM binary; and what every target shares (the device core,
# the block and chardev layers, our device models and the C model) is
# compiled once for both binaries. ninja builds only the binary asked for.
#
# Cache: ${CACHE}/qemu-<k>/ where <k> hashes what needs a configure (the
# QEMU source version, this script, the apply scripts, the device lists,
# the trace events). Inside it, a stamp per binary holds the hash of every
# input (the device sources, the model and its headers too): equal means
# nothing is rebuilt; different means ninja rebuilds what changed, in
# seconds.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${CACHE:=$HOME/.cache/axiperf}"
: "${JOBS:=2}"
here=$TOP/tools/qemu
die() { echo "build-qemu.sh: $*" >&2; exit 1; }
log() { echo "build-qemu.sh: $*" >&2; }

hash_files() {
	local f
	for f in "$@"; do
		if [ -f "$f" ]; then printf 'file %s\n' "${f#"$TOP"/}"; cat "$f"
		else printf 'str %s\n' "$f"; fi
	done | sha256sum | cut -c1-12
}

for c in ninja meson pkg-config dpkg-source python3 cc; do
	command -v $c >/dev/null || die "$c not found: run scripts/install-deps.sh"
done
case ${1:-arm} in
arm|aarch64) target=aarch64 ;;
microblazeel|riscv64|riscv32) target=$1 ;;
*) die "usage: $0 [arm|aarch64|microblazeel|riscv64|riscv32]" ;;
esac
ver=$(apt-cache showsrc qemu 2>/dev/null | sed -n 's/^Version: //p' | grep '^1:7\.2' | sort -V | tail -1)
[ -n "$ver" ] || die "no QEMU 7.2 source package known to apt: run scripts/install-deps.sh (it adds the deb-src entry) and apt-get update"

key=$(hash_files "$ver" "$here/build-qemu.sh" "$here/qemu_edit.py" "$here"/*/edits.py \
	"$here"/beds/*.py "$here"/beds/*.mak "$here/trace-events")
# every room's sources (a new room is in without a change here)
full=$(hash_files "$key" "$here"/*/*.c "$here"/*/*.h "$here"/*/*.inc \
	"$TOP"/model/axiperf_model.c "$TOP"/model/axiperf_model_quick.c \
	"$TOP"/model/axiperf_model_hold.c "$TOP"/model/axiperf_model.h "$TOP"/model/axiperf_model_impl.h \
	"$TOP"/include/axiperf/*.h)
dir=$CACHE/qemu-$key
bin=$dir/build/qemu-system-$target
mkdir -p "$CACHE"

if [ -x "$bin" ] && [ "$(cat "$dir/.inputs-$target" 2>/dev/null)" = "$full" ]; then
	echo "$bin"
	exit 0
fi

(
	flock 9
	# built while this one waited for the lock
	if [ -x "$bin" ] && [ "$(cat "$dir/.inputs-$target" 2>/dev/null)" = "$full" ]; then
		exit 0
	fi
	if [ ! -e "$dir/.configured" ]; then
		start=$(date +%s)
		rm -rf "$dir" && mkdir -p "$dir/dl"
		log "fetching QEMU $ver source (apt-get source)"
		(cd "$dir/dl" && apt-get source -q "qemu=$ver" >/dev/null 2>&1) ||
			die "apt-get source qemu=$ver failed"
		mv "$dir"/dl/qemu-*/ "$dir/src" && rm -rf "$dir/dl"
		# every edit of tools/qemu/ (README.rst lists them), each once
		"$here/qemu_edit.py" apply "$dir/src" "$TOP"
		cp "$here/beds/arm-devices.mak" "$dir/src/configs/devices/aarch64-softmmu/axiperf-arm.mak"
		cp "$here/beds/ml605-devices.mak" "$dir/src/configs/devices/microblazeel-softmmu/axiperf-ml605.mak"
		cp "$here/beds/riscv-devices.mak" "$dir/src/configs/devices/riscv64-softmmu/axiperf-mbv.mak"
		cp "$here/beds/riscv-devices.mak" "$dir/src/configs/devices/riscv32-softmmu/axiperf-mbv.mak"
		mkdir -p "$dir/build"
		# no debug information: both binaries build in 158 s where
		# QEMU's default -g takes 194 s here (249 MB of build tree
		# against 85 MB); to debug a device model in gdb, drop
		# --disable-debug-info (a new key: a build of its own)
		log "configuring (aarch64-, microblazeel-, riscv64- and riscv32-softmmu, the test beds' devices only)"
		(cd "$dir/build" && ../src/configure \
			--target-list=aarch64-softmmu,microblazeel-softmmu,riscv64-softmmu,riscv32-softmmu \
			--without-default-features --enable-fdt=system \
			--without-default-devices \
			--with-devices-aarch64=axiperf-arm \
			--with-devices-microblazeel=axiperf-ml605 \
			--with-devices-riscv64=axiperf-mbv \
			--with-devices-riscv32=axiperf-mbv \
			--disable-debug-info \
			--disable-werror >configure.log 2>&1) ||
			die "configure failed: see $dir/build/configure.log"
		"$TOP/scripts/record-step.sh" qemu-configure "$start" "$dir"
		touch "$dir/.configured"
	fi
	# the tree may have moved (a fresh clone): point the symlink at this one,
	# and drop the objects built from our files (ninja goes by mtimes, and
	# another tree's older files would pass for built): the inputs changed
	ln -sfn "$TOP" "$dir/src/axiperf-tree"
	find "$dir/build" -name 'axiperf-tree_*.o' -delete 2>/dev/null || true
	start=$(date +%s)
	log "building qemu-system-$target in $dir/build"
	(cd "$dir/build" && nice -n 10 ninja -j"$JOBS" qemu-system-$target >ninja.log 2>&1) ||
		{ tail -30 "$dir/build/ninja.log" >&2; die "build failed: see $dir/build/ninja.log"; }
	"$TOP/scripts/record-step.sh" "qemu-system-$target" "$start" "$dir"
	echo "$full" >"$dir/.inputs-$target"
) 9>"$dir.lock" >&2
echo "$bin"
