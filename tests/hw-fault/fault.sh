#!/bin/sh
# fault.sh: make check-guest-fault, in the test bed's guest. A monitor
# that misbehaves: first one that reads all ones when the driver probes
# (refused, with a message; the others probe), then fault_test's faults
# while perf counts. TAP on stdout.
n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); failed=1; echo "not ok $n - $1"; }
FAULT=0x43c10058	# axiperf0's generator: AXIPERF_TG_FAULT
FAULT1=0x43c30058	# axiperf1's
PMUS=/sys/bus/event_source/devices
HELD='axiperf1: the watched link is in reset (mon_aresetn low)'

devmem $FAULT 32 1
devmem $FAULT1 32 8	# AXIPERF_TG_FAULT_LINK_HELD: its mon_aresetn tied low
insmod /lib/modules/axiperf.ko
if [ "$(dmesg | grep -c "$HELD")" = 1 ]; then
	ok "a monitor whose link is held in reset at probe is reported, by name"
else
	notok "a monitor whose link is held in reset at probe is reported, by name"
	dmesg | grep -i axiperf | sed 's/^/# /'
fi
if [ ! -e $PMUS/axiperf0 ] && dmesg | grep -q 'ID reads 0xffffffff, not the axiperf magic'; then
	ok "a monitor that reads all ones at probe is refused, with a message naming the ID it read"
else
	notok "a monitor that reads all ones at probe is refused, with a message naming the ID it read"
	dmesg | grep -i axiperf | sed 's/^/# /'
fi
if [ -e $PMUS/axiperf1 ] && [ -e $PMUS/axiperf2 ]; then
	ok "the other monitors probe as ever (axiperf1, axiperf2)"
else
	notok "the other monitors probe as ever (axiperf1, axiperf2)"
fi
devmem $FAULT 32 0
devmem $FAULT1 32 0
rmmod axiperf && insmod /lib/modules/axiperf.ko
if [ -e $PMUS/axiperf0 ]; then
	ok "the fault gone, axiperf0 probes again"
else
	notok "the fault gone, axiperf0 probes again"
	dmesg | tail -5 | sed 's/^/# /'
fi
if [ "$(dmesg | grep -c "$HELD")" = 1 ]; then
	ok "the reset released, axiperf1 probes with no word of it"
else
	notok "the reset released, axiperf1 probes with no word of it"
fi

/bin/fault_test --all-ones --irq-stuck --link-held >/tmp/fault.tap
rc=$?
# renumber fault_test's lines after ours
awk -v base=$n '/^ok [0-9]+ / { $2 = $2 + base } /^not ok [0-9]+ / { $3 = $3 + base } !/^1\.\./ { print }' /tmp/fault.tap
n=$((n + $(grep -c '^\(not \)\?ok ' /tmp/fault.tap)))
[ $rc -eq 0 ] || failed=1
if dmesg | grep -E 'BUG:|WARNING:|Oops|nobody cared|soft lockup' >/tmp/bad; then
	notok "the kernel log holds no BUG, WARNING, 'nobody cared' or soft lockup"
	sed 's/^/# /' /tmp/bad
else
	ok "the kernel log holds no BUG, WARNING, 'nobody cared' or soft lockup"
fi
echo "1..$n"
exit $failed
