#!/bin/bash
# build-qemu.sh [arm|aarch64|microblazeel]: builds (or reuses) the QEMU of
# the axiperf test bed from Debian's QEMU 7.2 source, and prints the
# binary's path.
#   arm           qemu-system-arm, machine xilinx-zynq-a9 (the default)
#   aarch64       qemu-system-aarch64, machine xlnx-zcu102 (ZynqMP, SMP)
#   microblazeel  qemu-system-microblazeel, machine petalogix-ml605
#
# Cache: ${CACHE}/qemu-<target>-<k>/ where <k> hashes what needs a
# configure (the QEMU source version, this script, the apply scripts, the
# target's device list, the trace events). Inside it, a stamp holds the hash of every input (the device
# sources, the model and its headers too): equal means nothing is rebuilt;
# different means ninja rebuilds what changed, in seconds.
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
target=${1:-arm}
case $target in
arm) devices=axiperf-zynq; mak=$here/zynq-devices.mak; extra=() ;;
aarch64) devices=axiperf-zynqmp; mak=$here/zynqmp-devices.mak; extra=("$here/apply-zynqmp.sh") ;;
microblazeel) devices=axiperf-ml605; mak=$here/ml605-devices.mak; extra=("$here/apply-ml605.sh") ;;
*) die "usage: $0 [arm|aarch64|microblazeel]" ;;
esac
ver=$(apt-cache showsrc qemu 2>/dev/null | sed -n 's/^Version: //p' | grep '^1:7\.2' | sort -V | tail -1)
[ -n "$ver" ] || die "no QEMU 7.2 source package known to apt: run scripts/install-deps.sh (it adds the deb-src entry) and apt-get update"

key=$(hash_files "$ver" "$target" "$here/build-qemu.sh" "$here/apply.sh" "$here/add-testbed.py" "$mak" "$here/trace-events" \
	"$here/mdm/apply-mdm.sh" "$here/mdm/trace-events" ${extra[@]+"${extra[@]}"})
full=$(hash_files "$key" "$here"/*.c "$here"/*.h \
	"$here"/mdm/*.c "$here"/mdm/*.h "$TOP"/model/axiperf_model.c "$TOP"/model/axiperf_model_quick.c \
	"$TOP"/model/axiperf_model_hold.c "$TOP"/model/axiperf_model.h "$TOP"/model/axiperf_model_impl.h \
	"$TOP"/include/axiperf/*.h)
dir=$CACHE/qemu-$target-$key
bin=$dir/build/qemu-system-$target
mkdir -p "$CACHE"

if [ -x "$bin" ] && [ "$(cat "$dir/.inputs" 2>/dev/null)" = "$full" ]; then
	echo "$bin"
	exit 0
fi

(
	flock 9
	if [ ! -e "$dir/.configured" ]; then
		start=$(date +%s)
		rm -rf "$dir" && mkdir -p "$dir/dl"
		log "fetching QEMU $ver source (apt-get source)"
		(cd "$dir/dl" && apt-get source -q "qemu=$ver" >/dev/null 2>&1) ||
			die "apt-get source qemu=$ver failed"
		mv "$dir"/dl/qemu-*/ "$dir/src" && rm -rf "$dir/dl"
		"$here/apply.sh" "$dir/src" "$TOP"
		for x in ${extra[@]+"${extra[@]}"}; do "$x" "$dir/src" "$TOP"; done
		cp "$mak" "$dir/src/configs/devices/$target-softmmu/$devices.mak"
		mkdir -p "$dir/build"
		log "configuring ($target-softmmu, $devices devices only)"
		(cd "$dir/build" && ../src/configure --target-list=$target-softmmu \
			--without-default-features --enable-fdt=system \
			--without-default-devices \
			--with-devices-$target=$devices \
			--disable-werror >configure.log 2>&1) ||
			die "configure failed: see $dir/build/configure.log"
		echo "$(( $(date +%s) - start ))" >"$dir/.configure-seconds"
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
	echo "$(( $(date +%s) - start ))" >"$dir/.build-seconds"
	echo "$full" >"$dir/.inputs"
) 9>"$dir.lock" >&2
echo "$bin"
