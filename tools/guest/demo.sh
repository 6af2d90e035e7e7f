#!/bin/bash
# demo.sh TGRUN: `make demo`. Installs what is missing, builds (or reuses)
# QEMU, the guest kernel, perf, axiperf.ko and axiperf, boots the modelled
# Zynq (tests/userspace/guest/run.sh, shared with make check-guest-frontend)
# and runs demo-guest.sh there: generator patterns counted by `perf stat`,
# and the axiperf front end's figures, printed next to their closed-form
# values. Exits 0 only if all match.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
tgrun=${1:?usage: demo.sh path/to/tgrun (make demo builds it)}
start=$(date +%s)
"$TOP/scripts/install-deps.sh"
set +e
"$TOP/tests/userspace/guest/run.sh" "$tgrun" "$TOP/tools/guest/demo-guest.sh" \
	--timeout 600 --perf --log "${BUILD:-$TOP/build}/guest/demo.console"
rc=$?
set -e
echo "demo: $([ $rc -eq 0 ] && echo PASS || echo "FAIL ($rc)") in $(( $(date +%s) - start )) s"
exit $rc
