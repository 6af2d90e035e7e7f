#!/bin/sh
# mbv.sh: in the MicroBlaze V test bed's guest (RV64, OpenSBI, -icount 0;
# tests/docs/capture.sh boots it), the commands microblaze-v.rst shows,
# each with its output, in zynq.sh's format. The HPM counts include the
# kernel's work for the program, which differs from run to run, so their
# lines are compared with the numbers masked. `hpm_test --mix 1000` is the
# test bed's loop of known instructions; on a board it is your program.
. /bin/figcheck.sh	# cap
ELAPSED='seconds (time |user|sys|elapsed)'
cap mbv-dmesg-pmu '^$' 'dmesg | grep -i -E "sbi|pmu"'
cap mbv-cpuinfo '^$' "grep -m3 -E '^(mvendorid|marchid|mimpid)' /proc/cpuinfo"
cap mbv-pmu-sysfs '^$' 'ls /sys/bus/event_source/devices/cpu/'
cap mbv-perf-list '^$' "perf list 'dcache_read*'"
cap mbv-perf-stat-raw "^ +[0-9]+  |$ELAPSED" 'perf stat -e cpu/event=0x20/,cpu/event=0x22/ -- hpm_test --mix 1000'
cap mbv-perf-stat "^ +[0-9]+  |$ELAPSED" \
	'perf stat -e cycles,instructions,cpu/loads/,cpu/stores/,cpu/taken_conditional_branches/ -- hpm_test --mix 1000'
cap mbv-axiperf-list '^$' 'axiperf list | grep -E "^cpu|^  (cpuid|perf|figure +(cpi|load_ratio|icache_hit_rate)) "'
cap mbv-axiperf-stat '^[a-z_]+ +[0-9.]+ |seconds elapsed' \
	'axiperf stat -M cpi,load_ratio,store_ratio,branch_ratio,fp_ratio,icache_hit_rate -- hpm_test --mix 1000'
echo "@@@ end"
