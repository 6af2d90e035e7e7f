#!/bin/sh
# perf_names.sh N EVENT...: in the MicroBlaze V guest, the MicroBlaze V
# events by the names perf's JSON gives them (patches/KVER/microblaze-v-perf/,
# matched by this CPU's mvendorid-marchid-mimpid): perf list names each,
# and `perf stat -e cpu/EVENT/ -- hpm_test --mix N` (the PMU-qualified
# form: a bare `stores` is taken by perf's cache-event grammar) counts at least N times
# `hpm_test --expected EVENT` (the loop alone; the process's start and
# exit add to it). The exact counts per event are guest-mbv-hpm's
# (tests/mbv/hpm_test.c, by event code). TAP output.
n=$1
shift
t=0 fail=0
ok() { t=$((t + 1)); if [ "$1" = 0 ]; then echo "ok $t - $2"; else echo "not ok $t - $2"; fail=1; fi; }

perf list 2>/dev/null >/tmp/list
for e in "$@"; do
	grep -qE "^  $e( |$)" /tmp/list
	ok $? "perf list names $e"
	v=$(perf stat -x, -e "cpu/$e/" -- /bin/hpm_test --mix "$n" 2>&1 >/dev/null | cut -d, -f1 | tail -1)
	want=$(( $(/bin/hpm_test --expected "$e") * n ))
	case $v in
	''|*[!0-9]*) ok 1 "perf stat -e cpu/$e/: $v" ;;
	*) [ "$v" -ge "$want" ]; ok $? "perf stat -e cpu/$e/: $v, at least the loop's $want" ;;
	esac
done
echo "1..$t"
exit $fail
