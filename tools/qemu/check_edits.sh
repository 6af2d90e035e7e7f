#!/bin/bash
# check_edits.sh QEMU_BINARY: make check-qemu-edits (tools/qemu/check.mk).
# TAP. The tree is the one QEMU_BINARY was built from; the edits are made
# again on a copy of its hw/ and target/ (all they touch).
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
src=$(dirname "$(dirname "${1:?usage: check_edits.sh QEMU_BINARY}")")/src
edit=$TOP/tools/qemu/qemu_edit.py
w=${BUILD:-$TOP/build}/qemu-edits
n=0
failed=0
tap() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else failed=1; echo "not ok $n - $2"; sed 's/^/#   /' "$w/log" | head -10; fi; }

rm -rf "$w" && mkdir -p "$w"
"$edit" check "$src" "$TOP" >"$w/log" 2>&1
tap $? "every edit of tools/qemu/ is in the test bed's QEMU tree exactly once ($(sed -n 's/.*: \([0-9]*\) edits made, \([0-9]*\) already there.*/\2 edits/p' "$w/log"))"

mkdir -p "$w/src" && cp -a "$src/hw" "$src/target" "$w/src/" && cp -a "$w/src" "$w/orig"
"$edit" apply "$w/src" "$TOP" >"$w/log" 2>&1 && grep -q ': 0 edits made' "$w/log" &&
	diff -r "$w/orig/hw" "$w/src/hw" >>"$w/log" && diff -r "$w/orig/target" "$w/src/target" >>"$w/log"
tap $? "made a second time, the edits make none and change no file"

# one edit undone: the Cortex-A9 timer's first line
sed -i '/^        bool event = false;$/d' "$w/src/hw/timer/a9gtimer.c"
"$edit" apply "$w/src" "$TOP" >"$w/log" 2>&1 && grep -q ': 1 edits made' "$w/log" &&
	cmp "$w/orig/hw/timer/a9gtimer.c" "$w/src/hw/timer/a9gtimer.c" >>"$w/log" 2>&1
tap $? "an edit undone is made again, alone, as it was"

# an anchor gone (a QEMU that changed): stops, naming it
sed -i 's/^        bool event = false;$//; s/^        int64_t cdiff = 0;$/        int64_t cdiff;/' "$w/src/hw/timer/a9gtimer.c"
"$edit" apply "$w/src" "$TOP" >"$w/log" 2>&1
[ $? = 1 ] && grep -q "beds/zynq.py: hw/timer/a9gtimer.c: 'int64_t cdiff = 0;' is there 0 times, not 1" "$w/log"
tap $? "an anchor that is gone stops the edits, named with its part and file"
echo "1..$n"
exit $failed
