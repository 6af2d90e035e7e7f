#!/bin/bash
# demo.sh TGRUN: `make demo`. Installs what is missing, builds (or reuses)
# QEMU, the guest kernel, perf and axiperf.ko, boots the modelled Zynq and
# runs demo-guest.sh there: generator patterns counted by `perf stat`, and
# the axiperf front end's figures, printed next to their closed-form values. Exits 0 only if all match.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
tgrun=${1:?usage: demo.sh path/to/tgrun (make demo builds it)}
start=$(date +%s)
"$TOP/scripts/install-deps.sh"
ko=$("$TOP/driver/build.sh" arm | tail -1)
[ -f "$ko" ] || { echo "demo: the module did not build ($ko)" >&2; exit 1; }
build=${BUILD:-$TOP/build}
make --no-print-directory -C "$TOP/userspace" TOP="$TOP" BUILD="$build" ARCH=arm all >&2
axiperf=$build/userspace/arm/axiperf
set +e
"$TOP/tools/guest/run-guest.sh" --timeout 600 --perf \
	--log "${BUILD:-$TOP/build}/guest/demo.console" \
	--add "$ko:/lib/modules/axiperf.ko" --add "$tgrun:/bin/tgrun" \
	--add "$axiperf:/bin/axiperf" \
	--add "$TOP/tools/guest/demo-guest.sh:/bin/demo-guest.sh" \
	-- sh /bin/demo-guest.sh
rc=$?
set -e
echo "demo: $([ $rc -eq 0 ] && echo PASS || echo "FAIL ($rc)") in $(( $(date +%s) - start )) s"
exit $rc
