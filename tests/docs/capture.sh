#!/bin/bash
# capture.sh OUT: runs every command the guides show and writes what each
# printed to OUT/NAME.txt (and the numbers-vary masks to OUT/masks):
#   tests/docs/zynq.sh  in the Zynq test bed (perf, axiperf, sysfs),
#   tests/docs/zynqmp.sh in the ZynqMP one (perf and the PS's monitors),
#   tests/docs/mbv.sh   in the MicroBlaze V test bed (-icount 0),
#   tests/docs/ml605.sh in the MicroBlaze test bed (-icount 4),
#   tests/docs/replay.sh on the host (axiperf-replay).
# docs.py compares OUT with Documentation/output/ (make check-docs) or
# copies it there (make docs-output).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: capture.sh OUT}
build=${BUILD:-$TOP/build}
rm -rf "$out" && mkdir -p "$out"
all=$out/all.txt
: >"$all"
# produce NAME CMD...: CMD's stdout, in the @@@ format, ending in "@@@ end"
produce() {
	local name=$1
	shift
	if ! "$@" >"$out/$name.raw" 2>"$out/$name.err" || ! grep -q '^@@@ end$' "$out/$name.raw"; then
		echo "capture.sh: the $name captures did not finish; its log: $out/$name.err" >&2
		tail -5 "$out/$name.err" >&2
		return 1
	fi
	grep -v '^@@@ end$' "$out/$name.raw" >>"$all"
}
status=0
produce zynq "$TOP/tests/userspace/guest/run.sh" "$build/guest/tgrun" "$TOP/tests/docs/zynq.sh" \
	--perf --timeout 300 --log "$out/zynq.console" || status=1
GUEST_ARCH=arm64 produce zynqmp "$TOP/tests/userspace/guest/run.sh" "$build/smp/tgrun" \
	"$TOP/tests/docs/zynqmp.sh" --perf \
	--add "$build/driver/arm64-guest/driver/apm/axiperf_apm.ko:/lib/modules/axiperf_apm.ko" \
	--timeout 300 --log "$out/zynqmp.console" || status=1
GUEST_ARCH=riscv produce mbv "$TOP/tests/userspace/guest/run.sh" "$build/mbv/tgrun" \
	"$TOP/tests/docs/mbv.sh" --perf --icount 0 --add "$build/mbv/hpm_test:/bin/hpm_test" \
	--timeout 300 --log "$out/mbv.console" || status=1
GUEST_ARCH=microblaze produce ml605 "$TOP/tests/userspace/guest/run.sh" "$build/ml605/tgrun" \
	"$TOP/tests/docs/ml605.sh" --perf --icount 4 --timeout 300 --log "$out/ml605.console" || status=1
produce replay sh "$TOP/tests/docs/replay.sh" "$build/replay/axiperf-replay" \
	"$build/replay-rtl/twolink-vcd" "$out/replay-work" || status=1
# one file per capture; the masks beside them
awk -v out="$out" '
/^@@@ / { f = out "/" $2 ".txt"; m = substr($0, length($2) + 6); print $2 "\t" m >(out "/masks"); next }
f != "" { print >f }' "$all"
exit $status
