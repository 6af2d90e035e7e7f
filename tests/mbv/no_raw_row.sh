#!/bin/sh
# no_raw_row.sh: make check-guest-mbv-no-raw-row, in the RV64 MicroBlaze V
# guest booted with a device tree whose riscv,pmu node lacks its
# riscv,raw-event-to-mhpmcounters row (run-guest.sh --no-raw-row), as a
# board's tree may. perf_event_open takes a raw event all the same, but
# OpenSBI finds no counter for it when it is scheduled, so its group never
# counts: axiperf stat must say so, and say to add the row; the generic
# events, which have rows of their own, still count. TAP on stdout.
. /bin/figcheck.sh	# TAP: ok, notok, check, show

insmod /lib/modules/axiperf.ko || notok "axiperf.ko loads"

axiperf stat --csv -M fp_ratio -- /bin/hpm_test --mix 100 >/tmp/a.csv 2>/tmp/a.err
rc=$?
show /tmp/a.err 4
check "a raw HPM event with no riscv,pmu row: <not counted>, fp_ratio n/a, and axiperf says to add the row" \
	eval '[ $rc = 0 ] && grep -q "^cpu,event,fp_instructions,<not counted>," /tmp/a.csv &&
	      grep -q "^cpu,figure,fp_ratio,n/a," /tmp/a.csv &&
	      grep -q "axiperf: cpu did not count: OpenSBI found no HPM counter for all of its events at once; the device tree.s riscv,pmu node needs a riscv,raw-event-to-mhpmcounters row" /tmp/a.err'

axiperf stat --csv -M cpi -- /bin/hpm_test --mix 100 >/tmp/b.csv 2>/tmp/b.err
rc=$?
check "the generic events, mapped by rows of their own, still count: cpi" \
	eval '[ $rc = 0 ] && grep -q "^cpu,figure,cpi,[0-9]" /tmp/b.csv && ! grep -q "did not count" /tmp/b.err'
[ $rc = 0 ] || show /tmp/b.err

echo "1..$n"
exit $failed
