#!/bin/bash
# kernel-tree.sh [--debug]: builds (or reuses) the ARM guest kernel for the
# QEMU Zynq test bed from linux-source-6.1 and prints its build directory.
# That directory is a KDIR for out-of-tree modules:
#     make -C "$(tools/guest/kernel-tree.sh)" M=$PWD ARCH=arm \
#          CROSS_COMPILE=arm-linux-gnueabihf- modules
# It holds arch/arm/boot/zImage and the modules build products.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavour=plain
frags=("$TOP/tools/guest/kernel.config")
if [ "${1:-}" = "--debug" ]; then
	flavour=debug
	frags+=("$TOP/tools/guest/kernel-debug.config")
elif [ $# -ne 0 ]; then
	die "usage: $0 [--debug]"
fi

need_cmd ${CROSS_ARM}gcc gcc-arm-linux-gnueabihf
need_cmd bc bc
need_cmd flex flex
need_cmd bison bison
src=$(linux_src)
key=$(hash_of "$(linux_version)" "$flavour" "${frags[@]}" "$TOP/tools/guest/kernel-tree.sh" "$(${CROSS_ARM}gcc -dumpfullversion)")
out=$CACHE/linux-arm-$flavour-$key
if [ -e "$out/.done" ]; then
	echo "$out"
	exit 0
fi

(
	flock 9
	if [ -e "$out/.done" ]; then exit 0; fi
	mk() { nice -n 10 make -s -C "$src" O="$out" ARCH=arm CROSS_COMPILE=$CROSS_ARM "$@"; }
	log "building the guest kernel in $out (about 4 minutes on 2 cores)"
	mkdir -p "$out"
	start=$(date +%s)
	if [ ! -e "$out/.configured" ]; then
		mk tinyconfig >/dev/null
		(cd "$out" && "$src/scripts/kconfig/merge_config.sh" -m -O "$out" .config "${frags[@]}" >/dev/null)
		mk olddefconfig >/dev/null
		# every line of the fragments must have survived olddefconfig
		for f in "${frags[@]}"; do
			grep -E '^CONFIG_' "$f" | while IFS= read -r line; do
				case $line in
				*=n) ! grep -q "^${line%=n}=" "$out/.config" ;;
				*) grep -qx "$line" "$out/.config" ;;
				esac || die "kernel config: '$line' did not stick (a dependency is missing)"
			done
		done
		touch "$out/.configured"
	fi
	mk -j"$JOBS" zImage modules
	echo "$(( $(date +%s) - start ))" >"$out/.build-seconds"
	touch "$out/.done"
	log "kernel built in $(cat "$out/.build-seconds") s"
) 9>"$out.lock" >&2
echo "$out"
