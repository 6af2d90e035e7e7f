#!/bin/sh
# Suite `replay`, continued: axiperf-replay built on its own by
# tools/replay/Makefile, with a C compiler and make alone (the environment
# emptied but for PATH, nothing else of the tree built first): VCD only
# (FSTAPI=none, as on a machine without fstapi), and with Verilator's
# fstapi. Each replays basic.vcd to basic.expected; the VCD-only build
# refuses an FST dump saying how to get FST support.
#   standalone.sh SCRATCH_DIR FST_DUMP
# TAP on stdout.
W=$1
FST=$2
D=$(cd "$(dirname "$0")" && pwd)
n=0
failed=0
pass() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); echo "not ok $n - $1"; failed=$((failed + 1)); }
rm -rf "$W"
mkdir -p "$W"

for fst in none auto; do
	o=$W/$fst
	if [ $fst = none ]; then arg=FSTAPI=none; else arg=; fi
	# shellcheck disable=SC2086
	if env -i PATH=/usr/bin:/bin make -s -C "$D/.." O="$o" $arg >"$W/build-$fst.log" 2>&1; then
		pass "make -C tools/replay ${arg:-(fstapi found)} builds axiperf-replay with cc and make alone: $(tail -1 "$W/build-$fst.log")"
	else
		fail "make -C tools/replay ${arg:-(fstapi found)} builds axiperf-replay with cc and make alone"
		sed 's/^/# /' "$W/build-$fst.log" | tail -20
		continue
	fi
	if "$o/axiperf-replay" "$D/basic.vcd" 2>"$W/err" | tail -n +2 | diff -u "$D/basic.expected" - >"$W/diff"; then
		pass "the $fst build replays basic.vcd to every hand-computed count and figure"
	else
		fail "the $fst build replays basic.vcd to every hand-computed count and figure"
		sed 's/^/# /' "$W/err" "$W/diff"
	fi
done
"$W/none/axiperf-replay" "$FST" >"$W/out" 2>"$W/err"
rc=$?
if [ $rc = 1 ] && grep -q "built without FST support: rebuild with make -C tools/replay FSTAPI=DIR" "$W/err"; then
	pass "the VCD-only build refuses an FST dump, saying how to rebuild or convert it"
else
	fail "the VCD-only build refuses an FST dump, saying how to rebuild or convert it (exit $rc)"
	sed 's/^/# /' "$W/err"
fi
if "$W/auto/axiperf-replay" "$FST" 2>"$W/err" | tail -n +2 | diff -u "$D/basic.expected" - >"$W/diff"; then
	pass "the build with fstapi replays basic.fst to the same counts"
else
	fail "the build with fstapi replays basic.fst to the same counts"
	sed 's/^/# /' "$W/err" "$W/diff"
fi
echo "1..$n"
[ $failed = 0 ]
