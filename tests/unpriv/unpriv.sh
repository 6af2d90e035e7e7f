#!/bin/sh
# unpriv.sh: make check-guest-unpriv, in the test bed's guest (booted by
# tests/userspace/guest/run.sh, with perf). Who may count: unpriv_test's
# matrix of perf_event_paranoid levels, users and capabilities, then what
# perf and axiperf tell a user who may not, and that one who may counts.
# TAP on stdout.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
show() { sed 's/^/# /' "$1" | head -${2:-20}; }
PARANOID=/proc/sys/kernel/perf_event_paranoid

if ! insmod /lib/modules/axiperf.ko; then
	notok "axiperf.ko loads"
	echo "1..$n"
	exit 1
fi
[ -f /lib/modules/axiperf_mb.ko ] && insmod /lib/modules/axiperf_mb.ko

# the C matrix first; its tests keep their numbers, ours follow
/bin/unpriv_test >/tmp/unpriv.tap 2>&1
rc=$?
grep -v '^1\.\.' /tmp/unpriv.tap
n=$(grep -c '^\(not \)\?ok ' /tmp/unpriv.tap)
[ $rc -eq 0 ] || failed=1

orig=$(cat $PARANOID)
echo 2 >$PARANOID

# perf as uid 1000: refused, with perf's own words on what to change
runas 1000 -- perf stat -a -e axiperf0/rd_beats/ -- true >/tmp/out 2>/tmp/err
rc=$?
if [ $rc -ne 0 ] && grep -q 'perf_event_paranoid' /tmp/err &&
	grep -q 'Access to performance monitoring and observability operations is limited' /tmp/err; then
	ok "paranoid 2, uid 1000: perf stat -a -e axiperf0/rd_beats/ is refused, and perf says to adjust perf_event_paranoid or use CAP_PERFMON"
else
	notok "paranoid 2, uid 1000: perf stat -a -e axiperf0/rd_beats/ is refused, and perf says to adjust perf_event_paranoid or use CAP_PERFMON"
	echo "# exit $rc"
	show /tmp/err 30
fi

# axiperf stat as uid 1000: one line that says what to do
runas 1000 -- axiperf stat -- true >/tmp/out 2>/tmp/err
rc=$?
if [ $rc -eq 1 ] && [ "$(wc -l </tmp/err)" -eq 1 ] && [ ! -s /tmp/out ] &&
	grep -q 'Permission denied; counting a bus or a core system-wide needs CAP_PERFMON' /tmp/err &&
	grep -q "sysctl kernel.perf_event_paranoid=0'; it is 2)" /tmp/err; then
	ok "paranoid 2, uid 1000: axiperf stat says in one line: the capability or the sysctl"
else
	notok "paranoid 2, uid 1000: axiperf stat says in one line: the capability or the sysctl"
	echo "# exit $rc"
	show /tmp/err
fi
echo 3 >$PARANOID
runas 1000 -- axiperf stat -- true >/tmp/out 2>/tmp/err
rc=$?
if [ $rc -eq 1 ] && [ "$(wc -l </tmp/err)" -eq 1 ] &&
	grep -q "kernel.perf_event_paranoid is 3, which allows counting to root only" /tmp/err; then
	ok "paranoid 3 (Debian's default), uid 1000: axiperf stat says only root may count, and how to lower it"
else
	notok "paranoid 3 (Debian's default), uid 1000: axiperf stat says only root may count, and how to lower it"
	echo "# exit $rc"
	show /tmp/err
fi

# allowed: with CAP_PERFMON at 2, and for anyone at -1, axiperf counts
# what root's generator does meanwhile (closed form from tgrun)
want=$(tgrun -g 0 expect 2 | awk '$1 == "rd_beats" { print $2 }')
for how in "2 -c" "-1"; do
	set -- $how
	echo "$1" >$PARANOID
	rm -f /tmp/started
	runas 1000 ${2:-} -- axiperf stat --csv -e rd_beats -- \
		sh -c 'touch /tmp/started; while [ ! -f /tmp/done ]; do sleep 0.1; done' \
		>/tmp/out 2>/tmp/err &
	pid=$!
	i=0
	while [ ! -f /tmp/started ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	tgrun run 2 >/dev/null
	touch /tmp/done
	wait $pid
	rc=$?
	rm -f /tmp/done
	got=$(awk -F, '$1 == "axiperf0" && $3 == "rd_beats" { print $4 }' /tmp/out)
	what="paranoid $1, uid 1000${2:+ with CAP_PERFMON}: axiperf stat counts root's traffic exactly (rd_beats $got, closed form $want)"
	if [ $rc -eq 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
		ok "$what"
	else
		notok "$what"
		echo "# exit $rc"
		show /tmp/out
		show /tmp/err
	fi
done
echo "$orig" >$PARANOID

echo "1..$n"
exit $failed
