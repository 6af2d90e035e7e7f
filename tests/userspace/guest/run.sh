#!/bin/bash
# run.sh TGRUN SCRIPT [run-guest.sh options]: builds what the guest checks
# of the front end need (axiperf.ko and axiperf_mb.ko for the ARM guest,
# the static ARM axiperf), boots the test bed with them, TGRUN, figcheck.sh
# and SCRIPT, and runs SCRIPT there (with $GUEST_ENV before it, e.g.
# GUEST_ENV="PAIRS='1:2'"). make check-guest-frontend and make demo use it.
# GUEST_ARCH=microblaze does the same on the MicroBlaze test bed (QEMU
# petalogix-ml605: the modules, axiperf and TGRUN built for MicroBlaze),
# GUEST_ARCH=riscv on the RV64 MicroBlaze V test bed (QEMU virt),
# GUEST_ARCH=arm64 on the ZynqMP one (xlnx-zcu102).
# Exit status: SCRIPT's (run-guest.sh's 124/125 when the guest fails).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
tgrun=${1:?usage: run.sh TGRUN SCRIPT [run-guest.sh options]}
script=${2:?usage: run.sh TGRUN SCRIPT [run-guest.sh options]}
shift 2
build=${BUILD:-$TOP/build}
arch=${GUEST_ARCH:-arm}
uarch=$arch	# userspace/'s name of the architecture
karch=$arch	# driver/build.sh's
case $arch in
arm) archopt=() ;;
arm64) archopt=(--arch arm64); karch=arm64-guest ;;
microblaze) archopt=(--arch microblaze) ;;
riscv) archopt=(--arch riscv); uarch=riscv64 ;;
*) echo "run.sh: GUEST_ARCH=$arch: arm, arm64, microblaze or riscv" >&2; exit 2 ;;
esac
# the same modules, in the same place, as the machine's other guest suites
ko=$("$TOP/driver/build.sh" "$karch" | tail -1)
[ -f "$ko" ] || { echo "run.sh: the module did not build ($ko)" >&2; exit 1; }
mbko=$(dirname "$ko")/driver/microblaze/axiperf_mb.ko
make --no-print-directory -C "$TOP/userspace" TOP="$TOP" BUILD="$build" ARCH="$uarch" all >&2
adds=("${archopt[@]}" --add "$ko:/lib/modules/axiperf.ko" --add "$tgrun:/bin/tgrun"
	--add "$build/userspace/$uarch/axiperf:/bin/axiperf"
	--add "$TOP/tests/userspace/guest/figcheck.sh:/bin/figcheck.sh"
	--add "$script:/bin/$(basename "$script")")
[ -f "$mbko" ] && adds+=(--add "$mbko:/lib/modules/axiperf_mb.ko")
exec "$TOP/tools/guest/run-guest.sh" "${adds[@]}" "$@" -- "${GUEST_ENV:-} sh /bin/$(basename "$script")"
