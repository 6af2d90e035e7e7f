#!/bin/sh
# The guest side of the kselftest suites (busybox sh): the installed
# kselftests run as upstream runs them, first with no axiperf driver
# loaded, then with MODULE.ko loaded from where modprobe and the test's
# reload look for it; a line "== kselftest: with the driver" between.
# With TRAFFIC (a command line), that command runs again and again
# meanwhile, so that the link has traffic to count.
#   sh guest-run.sh MODULE.ko [TRAFFIC]
set -u
ko=$1
traffic=${2:-}
# the links udev or mdev make; runner.sh writes to /dev/stdout
for f in stdin:0 stdout:1 stderr:2; do
	[ -e /dev/${f%:*} ] || ln -s /proc/self/fd/${f#*:} /dev/${f%:*}
done
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
# runner.sh calls `timeout --foreground`, which busybox's timeout lacks
rm -f /usr/bin/timeout
# shellcheck disable=SC2016
printf '#!/bin/sh\n[ "$1" = --foreground ] && shift\nexec busybox timeout "$@"\n' >/usr/bin/timeout
chmod +x /usr/bin/timeout
/kselftest/run_kselftest.sh
dir=/lib/modules/$(uname -r)/kernel/drivers/perf/axiperf
mkdir -p "$dir" && cp "$ko" "$dir/" && insmod "$dir/$(basename "$ko")" || exit 1
echo "== kselftest: with the driver"
if [ -n "$traffic" ]; then
	(while :; do $traffic >/dev/null 2>&1 || sleep 1; done) &
	bg=$!
fi
/kselftest/run_kselftest.sh
[ -z "$traffic" ] || kill "$bg"
