# The guest side of the kselftest suites (busybox sh): the module where
# modprobe and the test's reload look for it, then the installed
# kselftests run as upstream runs them.
#   sh guest-run.sh [MODULE.ko]   (no module: a bed without a monitor's driver)
set -u
ko=${1:-}
if [ -n "$ko" ]; then
	dir=/lib/modules/$(uname -r)/kernel/drivers/perf/axiperf
	mkdir -p "$dir" && cp "$ko" "$dir/" && insmod "$dir/$(basename "$ko")" || exit 1
fi
# the links udev or mdev make; runner.sh writes to /dev/stdout
for f in stdin:0 stdout:1 stderr:2; do
	[ -e /dev/${f%:*} ] || ln -s /proc/self/fd/${f#*:} /dev/${f%:*}
done
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
# runner.sh calls `timeout --foreground`, which busybox's timeout lacks
rm -f /usr/bin/timeout
printf '#!/bin/sh\n[ "$1" = --foreground ] && shift\nexec busybox timeout "$@"\n' >/usr/bin/timeout
chmod +x /usr/bin/timeout
/kselftest/run_kselftest.sh
