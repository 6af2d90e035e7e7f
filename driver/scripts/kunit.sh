#!/bin/bash
# kunit.sh: runs the driver's KUnit suite (axiperf_calc_test.c) under UML
# with linux-source-6.1's kunit.py and prints one TAP line per test case.
#
# The tests must be built into the kernel, so they run from a copy of the
# source tree (hard links, cached) where lib/axiperf_kunit/ receives the
# current driver/axiperf_calc* files. The UML build dir is cached too:
# after the first build only the changed files recompile.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${CACHE:-$HOME/.cache/axiperf}
src=$("$top/driver/scripts/ktree.sh" src) || exit 1

h=$(printf '%s\n' "$src" v1 | sha256sum | cut -c1-12)
ksrc=$cache/kunit-src-$h/linux
bdir=$cache/kunit-uml-$h
mkdir -p "$cache"
exec 8>"$cache/kunit-$h.lock"
flock 8

if [ ! -e "$ksrc/.done" ]; then
	echo "kunit.sh: making $ksrc" >&2
	rm -rf "$cache/kunit-src-$h"
	mkdir -p "$cache/kunit-src-$h"
	cp -al "$src" "$ksrc" || exit 1
	# our own copy, not a link into the pristine tree
	cp --remove-destination "$src/lib/Makefile" "$ksrc/lib/Makefile"
	echo 'obj-$(CONFIG_KUNIT) += axiperf_kunit/' >>"$ksrc/lib/Makefile"
	mkdir -p "$ksrc/lib/axiperf_kunit/axiperf"
	touch "$ksrc/.done"
fi

# Copy only what changed, so make sees the right timestamps.
sync_file() {
	cmp -s "$1" "$2" || cp "$1" "$2"
}
kd=$ksrc/lib/axiperf_kunit
sync_file "$top/driver/axiperf_calc.c" "$kd/axiperf_calc.c"
sync_file "$top/driver/axiperf_calc.h" "$kd/axiperf_calc.h"
sync_file "$top/driver/axiperf_calc_test.c" "$kd/axiperf_calc_test.c"
sync_file "$top/include/axiperf/regs.h" "$kd/axiperf/regs.h"
printf '%s\n' 'ccflags-y += -I$(srctree)/$(src)' \
	'obj-y += axiperf_calc.o axiperf_calc_test.o' >"$kd/Makefile.new"
sync_file "$kd/Makefile.new" "$kd/Makefile"
rm -f "$kd/Makefile.new"

printf 'CONFIG_KUNIT=y\n' >"$bdir.kunitconfig"
json=$(mktemp)
log=$(mktemp)
trap 'rm -f "$json" "$log"' EXIT

# the first run builds the UML kernel: a cached build step of its own
cold=0
[ -e "$bdir/vmlinux" ] || cold=1
start=$(date +%s)
nice -n 10 python3 "$ksrc/tools/testing/kunit/kunit.py" run \
	--arch=um --build_dir="$bdir" --kunitconfig="$bdir.kunitconfig" \
	--jobs=2 --timeout=120 --json="$json" 'axiperf*' >"$log" 2>&1
rc=$?
[ $cold -eq 0 ] || "$top/scripts/record-step.sh" kunit-uml "$start" "$bdir"
cat "$log" >&2

python3 - "$json" "$rc" <<'EOF'
import json, sys
path, rc = sys.argv[1], int(sys.argv[2])
try:
    with open(path) as f:
        root = json.load(f)
except (OSError, ValueError):
    print("not ok 1 - kunit: no result from kunit.py (exit %d); build or boot failed, see the log above" % rc)
    sys.exit(1)

cases = []
def walk(group, prefix):
    for sub in group.get("sub_groups", []):
        walk(sub, sub["name"])
    for case in group.get("test_cases", []):
        cases.append((prefix, case["name"], case["status"]))
walk(root, "")
cases = [c for c in cases if c[0].startswith("axiperf")]
if not cases:
    print("not ok 1 - kunit: the axiperf_calc suite did not run (exit %d)" % rc)
    sys.exit(1)
bad = 0
for n, (suite, name, status) in enumerate(cases, 1):
    ok = status == "PASS"
    bad += not ok
    print("%s %d - kunit %s.%s%s" % ("ok" if ok else "not ok", n, suite, name,
                                    "" if ok else " (" + status + ")"))
sys.exit(1 if bad or rc else 0)
EOF
