#!/bin/sh
# ml605.sh: in the MicroBlaze test bed's guest (QEMU petalogix-ml605,
# -icount 4; tests/docs/capture.sh boots it), the commands
# microblaze-linux.rst shows, in zynq.sh's format. The CPU's counts
# include the kernel's work and vary from run to run: their lines are
# compared with the numbers masked.
. /bin/figcheck.sh	# cap
dmesg -n 1
insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko || exit 1
ELAPSED='seconds (time |user|sys|elapsed)'
cap ml605-dmesg '^$' 'dmesg | grep -E "microblaze[0-9]|perf"'
cap ml605-perf-stat "^ +[0-9.,]+ +[a-zA-Z]|$ELAPSED" 'perf stat -- tgrun run 6'
cap ml605-axiperf-stat '^[a-z_]+ .*[0-9]|seconds elapsed' 'axiperf stat -M cpi,dcache_hit_rate -- tgrun run 6'
echo "@@@ end"
