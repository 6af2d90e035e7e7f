#!/bin/bash
# patches suite (TAP): the kernel patch series under patches/KVER/ are in
# the kernel's own form and apply to linux-source-KVER, for every kernel
# of tools/guest/lib.sh's KERNELS (6.1, 6.12, 7.3); a kernel carries only
# the series it still needs (patches/README.rst says why each is there):
# - every patch is checkpatch.pl --strict clean (that kernel's checkpatch),
#   but for the question checkpatch asks of every new file ("does
#   MAINTAINERS need updating?"), which is answered here: a MAINTAINERS
#   entry other than THE REST covers each new file (get_maintainer.pl);
# - every patch has a From:, a Subject: and a Signed-off-by: (the
#   placeholder in patches/; the mainline series its maker's), and applies on its own to the pristine tree;
# - each kernel's series apply together in the order the builds apply them
#   (lib.sh mb_linux_src, riscv-pmu-fixes, the perf series);
# - a series with a cover letter has its subject and blurb filled in;
# - a patch that no longer applies stops the build with one message that
#   names it and its log, and leaves no half-patched tree in the cache;
#   so does a failing step of the MicroBlaze toolchain build.
# The kernels that build from the patched trees are the proof that the
# series build (the guest kernels, driver-build's prepared trees, and the
# files the 7.3 series touch, compiled below).
# microblaze-v-perf/: each kernel's own jevents.py takes its JSON here,
# and 6.1's 0001 cpuid code runs on this host against cpuinfo texts
# (tests/patches/riscv_cpuid_test.c).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$top/build/patches}
. "$top/scripts/tap.sh"
. "$top/tools/guest/lib.sh"
rm -rf "$work" && mkdir -p "$work"

# uncovered TREE PATCH [ENTRY]: the files PATCH creates that no MAINTAINERS
# entry of TREE but THE REST covers (with ENTRY: that ENTRY does not
# cover), asked through a patch of each file alone: the file need not
# exist in the tree (the patch adds it)
uncovered() {
	local f subs
	for f in $(awk '/^new file mode/ { n = 1; next } n && /^\+\+\+ b\// { sub(/^\+\+\+ b\//, ""); print; n = 0 }' "$2"); do
		printf -- '--- /dev/null\n+++ b/%s\n@@ -0,0 +1 @@\n+x\n' "$f" >"$work/one.patch"
		subs=$(cd "$1" && ./scripts/get_maintainer.pl --nogit --nogit-fallback \
			--subsystem --no-email --no-l --no-m --no-r "$work/one.patch" 2>/dev/null |
			grep -v '^THE REST$')
		if [ -n "${3:-}" ]; then
			grep -q "^$3" <<<"$subs" || echo "$f"
		else
			[ -n "$subs" ] || echo "$f"
		fi
	done | paste -sd ' ' -
}

for k in $KERNELS; do
	src=$(linux_src "$k") || exit 1
	v=$(linux_version "$k")
	# the series the builds stack, in their order
	stacks=("$(mb_series "$k" | paste -sd ' ')")
	for s in riscv-pmu-fixes "perf-tools microblaze-v-perf" perf-tools microblaze-v-perf \
		"perf-tools axiperf-perf" "perf-tools microblaze-v-perf axiperf-perf"; do
		for one in $s; do [ -d "$top/patches/$k/$one" ] || continue 2; done
		stacks+=("$s")
	done
	for s in "${stacks[@]}"; do
		[ -n "$s" ] || continue
		# shellcheck disable=SC2086
		linux_src_patched "$k" $s >/dev/null 2>"$work/stack.log"
		tap $? "linux $k: $s apply to linux-source-$k $v in order" "$work/stack.log"
	done

	for series in "$top/patches/$k"/*/; do
		s=$k/$(basename "$series")
		for p in "$series"/[0-9][0-9][0-9][0-9]-*.patch; do
			name=$s/$(basename "$p")
			case $(basename "$p") in
			0000-cover-letter.patch)
				! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*' "$p" &&
					grep -q '^Subject: \[PATCH 0/' "$p"
				tap $? "$name: subject and blurb written"
				continue ;;
			esac
			log=$work/${name//\//_}.checkpatch
			(cd "$src" && ./scripts/checkpatch.pl --strict --show-types --terse "$p") >"$log" 2>&1
			other=$(grep -E ': (ERROR|WARNING|CHECK):' "$log" | grep -v ':FILE_PATH_CHANGES:')
			uncovered=$(uncovered "$src" "$p")
			[ -z "$other" ] && [ -z "$uncovered" ]
			tap $? "$name: checkpatch.pl --strict ($k) clean; its new files are in MAINTAINERS${uncovered:+ (not: $uncovered)}" "$log"
			grep -q '^From: ' "$p" && grep -q '^Subject: \[PATCH' "$p" &&
				grep -q '^Signed-off-by: ' "$p"
			tap $? "$name: From, Subject and Signed-off-by"
			patch -p1 --dry-run --batch --forward -d "$src" <"$p" >"$work/alone.log" 2>&1 &&
				! grep -q 'fuzz' "$work/alone.log"
			tap $? "$name: applies on its own to linux-source-$k $v, without fuzz" "$work/alone.log"
		done
	done
done

# Where no test bed boots a kernel, the kernel files its MicroBlaze and
# RISC-V series change are compiled in the tree driver-build prepared from
# the patched source (driver/scripts/ktree.sh), with that kernel's own
# flags: the series build there, not only apply.
for k in $KERNELS; do
	for arch in microblaze riscv; do
		[ "$k" = "$(bed_kernel "$arch")" ] && continue
		case $arch in
		microblaze) series=$(mb_series "$k"); cross=$(mb_cross) ;;
		riscv) series=riscv-pmu-fixes; cross=$CROSS_RISCV ;;
		esac
		objs=$(for s in $series; do cat "$top/patches/$k/$s"/0[0-9][0-9][0-9]-*.patch; done |
			sed -n 's|^+++ b/\(.*\)\.[cS]$|\1.o|p' | sort -u)
		log=$work/build-$arch-$k.log
		if tree=$("$top/driver/scripts/ktree.sh" "$arch" "$k" 2>"$log"); then
			# shellcheck disable=SC2086
			nice make -C "$tree" ARCH=$arch CROSS_COMPILE="$cross" -j"$JOBS" $objs >>"$log" 2>&1 &&
				! grep -E '(warning|error):' "$log"
			rc=$?
		else
			rc=1
		fi
		tap $rc "linux $k: $(echo $series) compile for $arch ($(echo $objs))" "$log"
	done
done

# The mainline series (tools/mainline/mkseries.sh): generated from the
# out-of-tree sources, applied to 7.3, checkpatch --strict from the patched
# tree (so its bindings and vendor prefix are known), its new files in its
# own MAINTAINERS entry, and built in-tree for arm64 with W=1.
# The series carries its maker's identity: with none, or the placeholder,
# it is refused and says what to set; a dirty source tree is refused too
ml=$work/mainline
noid=$work/noid
mkdir -p "$noid"
env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u EMAIL HOME="$noid" XDG_CONFIG_HOME="$noid" GIT_CONFIG_NOSYSTEM=1 \
	"$top/tools/mainline/mkseries.sh" "$noid/out" >"$noid/log" 2>&1
[ $? -ne 0 ] && grep -q 'no author identity: set yours with git config user.name' "$noid/log" && [ ! -e "$noid/out" ]
tap $? "mainline: mkseries.sh with no git identity is refused and names git config user.name and user.email" "$noid/log"
GIT_AUTHOR_NAME="Your Name" GIT_AUTHOR_EMAIL="you@example.com" \
	"$top/tools/mainline/mkseries.sh" "$noid/out" >"$noid/log2" 2>&1
[ $? -ne 0 ] && grep -q "the author identity is the placeholder 'Your Name <you@example.com>'" "$noid/log2" && [ ! -e "$noid/out" ]
tap $? "mainline: mkseries.sh with the placeholder identity is refused" "$noid/log2"
git clone -q "$top" "$noid/clone" 2>"$noid/log3" && echo '/* x */' >>"$noid/clone/driver/axiperf_calc.c" &&
	{ GIT_AUTHOR_NAME="A Tester" GIT_AUTHOR_EMAIL="tester@axiperf.invalid" \
		"$noid/clone/tools/mainline/mkseries.sh" "$noid/out" >>"$noid/log3" 2>&1; [ $? -ne 0 ]; } &&
	grep -q 'uncommitted changes to what the series is made from' "$noid/log3" &&
	grep -q 'driver/axiperf_calc.c' "$noid/log3" && [ ! -e "$noid/out" ]
tap $? "mainline: mkseries.sh on a tree with uncommitted driver changes is refused and names them" "$noid/log3"
rm -rf "$noid/clone"
# the series of a named maker: theirs in From:, Signed-off-by:, the
# bindings' maintainers and MAINTAINERS; the cover letter names its base
# (of the work tree as it is, committed or not: MKSERIES_ALLOW_DIRTY)
who="A Tester <tester@axiperf.invalid>"
MKSERIES_ALLOW_DIRTY=1 GIT_AUTHOR_NAME="A Tester" GIT_AUTHOR_EMAIL="tester@axiperf.invalid" \
	"$top/tools/mainline/mkseries.sh" "$ml" >"$work/mainline.log" 2>&1
tap $? "mainline: tools/mainline/mkseries.sh generates the series against linux 7.3" "$work/mainline.log"
{
	! grep -l 'Your Name\|you@example.com' "$ml"/*.patch &&
		for p in "$ml"/000[1-9]-*.patch; do
			grep -qx "From: $who" "$p" && grep -qx "Signed-off-by: $who" "$p" || { echo "$p: not $who"; exit 1; }
		done &&
		grep -q "^+M:	$who\$" "$ml"/*-perf-Add-the-axiperf-AXI4-*.patch &&
		grep -q "^+  - $who\$" "$ml"/*-dt-bindings-perf-*.patch &&
		grep -q "^Based on Linux $(linux_version 7.3) (Debian's linux-source-7.3), made\$" "$ml/0000-cover-letter.patch" &&
		grep -q "^from axiperf $(git -C "$top" rev-parse --short=12 HEAD)" "$ml/0000-cover-letter.patch"
} >"$work/mainline-ident.log" 2>&1
tap $? "mainline: every patch is from and signed off by its maker, who maintains the bindings and the driver; the cover letter names the 7.3 it is based on" "$work/mainline-ident.log"
mltree=$(linux_src_patched 7.3 "$ml" 2>>"$work/mainline.log")
tap $? "mainline: the series applies to linux-source-7.3 $(linux_version 7.3) in order" "$work/mainline.log"
# the generated register and event tables are X-macro lists, which
# checkpatch takes for complex macros: they are reported apart
gen='drivers/perf/axiperf/axiperf_\(regs\|mb_events\)\.h'
for p in "$ml"/000[1-9]-*.patch; do
	name=mainline/$(basename "$p")
	log=$work/${name//\//_}.checkpatch
	(cd "$mltree" && ./scripts/checkpatch.pl --strict --show-types --terse --showfile "$p") >"$log" 2>&1
	other=$(grep -E ': (ERROR|WARNING|CHECK):' "$log" | grep -v ':FILE_PATH_CHANGES:' | grep -v "^$gen:")
	ingen=$(grep -E ': (ERROR|WARNING|CHECK):' "$log" | grep -c "^$gen:")
	uncovered=$(uncovered "$mltree" "$p" 'AXIPERF ')
	[ -z "$other" ] && [ -z "$uncovered" ]
	tap $? "$name: checkpatch.pl --strict clean outside the generated tables; its new files are in the AXIPERF MAINTAINERS entry${uncovered:+ (not: $uncovered)}" "$log"
	if [ "$ingen" -ne 0 ]; then
		n=$((n + 1))
		echo "ok $n - $name: checkpatch on the generated X-macro tables # SKIP $ingen findings there (COMPLEX_MACRO, MACRO_ARG_REUSE, LONG_LINE: $log)"
	fi
done
mlb=$work/mainline-arm64
(
	set -e
	mk() { nice make -s -C "$mltree" O="$mlb" ARCH=arm64 CROSS_COMPILE=$CROSS_ARM64 "$@"; }
	mk tinyconfig >/dev/null
	printf 'CONFIG_AXIPERF_PMU=m\nCONFIG_AXIPERF_MB_PMU=m\nCONFIG_KUNIT=y\nCONFIG_AXIPERF_PMU_KUNIT_TEST=y\n' >"$mlb/axiperf.config"
	(cd "$mlb" && "$mltree/scripts/kconfig/merge_config.sh" -m -O "$mlb" .config \
		"$top/tools/guest/kernel-arm64.config" "$mlb/axiperf.config" >/dev/null)
	mk olddefconfig >/dev/null
	grep -qx 'CONFIG_AXIPERF_PMU=m' "$mlb/.config" && grep -qx 'CONFIG_AXIPERF_MB_PMU=m' "$mlb/.config" &&
		grep -qx 'CONFIG_AXIPERF_PMU_KUNIT_TEST=y' "$mlb/.config"
	mk -j"$JOBS" modules_prepare
	mk -j"$JOBS" W=1 drivers/perf/axiperf/
	ls "$mlb"/drivers/perf/axiperf/axiperf.o "$mlb"/drivers/perf/axiperf/axiperf_mb.o \
		"$mlb"/drivers/perf/axiperf/axiperf_calc_test.o
) >"$work/mainline-build.log" 2>&1 && ! grep -E '(warning|error):' "$work/mainline-build.log"
tap $? "mainline: both drivers and the KUnit test build in the 7.3 tree for arm64 with W=1 and no warning (CONFIG_AXIPERF_PMU=m, CONFIG_AXIPERF_MB_PMU=m, CONFIG_AXIPERF_PMU_KUNIT_TEST=y)" "$work/mainline-build.log"

# The series' kselftest builds and installs from the applied 7.3 tree with
# the kernel's own selftests make, for this host, warning-free
ksb=$work/mainline-kselftest
env -u BUILD make -C "$mltree/tools/testing/selftests" TARGETS=drivers/perf/axiperf \
	USERCFLAGS="-Wextra -Werror -Wno-unused-parameter" O="$ksb/out" \
	KSFT_INSTALL_PATH="$ksb/install" install >"$work/mainline-kselftest.log" 2>&1 &&
	[ -x "$ksb/install/drivers/perf/axiperf/axiperf_test" ] &&
	grep -qx 'drivers/perf/axiperf:axiperf_test' "$ksb/install/kselftest-list.txt"
tap $? "mainline: the kselftest (drivers/perf/axiperf) builds and installs from the 7.3 tree with make -C tools/testing/selftests TARGETS=drivers/perf/axiperf install" "$work/mainline-kselftest.log"

# The MicroBlaze V events reach perf: each kernel's own jevents.py, on a
# copy of its tools/ with patches/KVER/microblaze-v-perf/ applied, builds
# the riscv table; every event of spec/microblaze_v.toml is in it with its
# code, under the test bed's mapfile row.
hdr=$top/include/axiperf/microblaze_v.h
cpuid=$(sed -n 's/^#define AXIPERF_MBV_CPUID[[:space:]]*"\(.*\)"$/\1/p' "$hdr")
for k in $KERNELS; do
	[ -d "$top/patches/$k/microblaze-v-perf" ] || continue
	mbv=$work/mbv-$k
	mkdir -p "$mbv/tree"
	cp -a "$(linux_src "$k")/tools" "$mbv/tree/"
	applied=1
	for p in "$top/patches/$k"/microblaze-v-perf/0*.patch; do
		patch -p1 --batch --forward -d "$mbv/tree" <"$p" >>"$mbv/patch.log" 2>&1 || applied=0
	done
	# 6.1's jevents.py takes the arch and the tree; later ones a model too
	model=all
	[ "$k" = 6.1 ] && model=
	ok=$applied
	[ $ok = 1 ] && (cd "$mbv/tree/tools/perf" &&
		python3 pmu-events/jevents.py riscv $model pmu-events/arch "$mbv/pmu-events.c") >"$mbv/jevents.log" 2>&1 || ok=0
	missing=""
	nev=0
	if [ $ok = 1 ]; then
		grep -qF ".cpuid = \"$cpuid\"" "$mbv/pmu-events.c" || missing="$missing cpuid:$cpuid"
		while read -r name code; do
			nev=$((nev + 1))
			grep -F "\"$name\\000" "$mbv/pmu-events.c" | grep -qF "event=$code\\000" ||
				missing="$missing $name"
		done < <(sed -n 's/^[[:space:]]X(\([a-z0-9_]*\), [0-9]*, [0-9]*, \(0x[0-9a-f]*\), .*/\1 \2/p' "$hdr")
	fi
	[ $ok = 1 ] && [ $nev -eq 43 ] && [ -z "$missing" ]
	tap $? "microblaze-v-perf: perf $k's jevents.py builds the riscv table with all $nev MicroBlaze V events and their codes under mapfile row $cpuid${missing:+ (missing:$missing)}" "$mbv/jevents.log"
	[ "$k" = 6.1 ] || rm -rf "$mbv/tree"
done

# 6.1's 0001 CPU identification (the same patched copy), run on this host
# against cpuinfo texts: the test bed's MicroBlaze V (the mapfile row),
# two harts that differ (the first one's), and none (no string: perf then
# names no vendor event)
mbv=$work/mbv-6.1
ok=1
[ -d "$mbv/tree/tools/perf/arch/riscv/util" ] || ok=0
cp "$mbv/patch.log" "$mbv/cpuid.log"
mkdir -p "$mbv/stub"
printf '#define pr_debug(...) fprintf(stderr, __VA_ARGS__)\n' >"$mbv/stub/debug.h"
printf 'struct perf_pmu;\nint get_cpuid(char *buf, size_t sz);\nchar *get_cpuid_str(struct perf_pmu *pmu);\n' \
	>"$mbv/stub/header.h"
[ $ok = 1 ] && gcc -c -Wall -Wextra -Wno-type-limits -Werror -D_GNU_SOURCE -Dfopen=fake_fopen \
	-include stdio.h -I"$mbv/stub" -I"$mbv/tree/tools/include" -o "$mbv/header.o" \
	"$mbv/tree/tools/perf/arch/riscv/util/header.c" >>"$mbv/cpuid.log" 2>&1 &&
	gcc -Wall -Wextra -Werror -o "$mbv/cpuid" "$top/tests/patches/riscv_cpuid_test.c" \
		"$mbv/header.o" >>"$mbv/cpuid.log" 2>&1 || ok=0
printf 'processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imac\nmmu\t\t: sv39\nuarch\t\t: amd,mbv64\nmvendorid\t: 0x%x\nmarchid\t\t: 0x%x\nmimpid\t\t: 0x%x\n\nprocessor\t: 1\nhart\t\t: 1\nmvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\nmimpid\t\t: 0x20181004\n' \
	"$(sed -n 's/^#define AXIPERF_MBV_MVENDORID[[:space:]]*//p' "$hdr")" \
	"$(sed -n 's/^#define AXIPERF_MBV_MARCHID[[:space:]]*//p' "$hdr")" \
	"$(sed -n 's/^#define AXIPERF_MBV_MIMPID[[:space:]]*//p' "$hdr")" >"$mbv/cpuinfo.mbv"
printf 'processor\t: 0\nhart\t\t: 0\nisa\t\t: rv64imac\n' >"$mbv/cpuinfo.none"
got_mbv=$([ $ok = 1 ] && CPUINFO=$mbv/cpuinfo.mbv "$mbv/cpuid" 2>>"$mbv/cpuid.log")
got_none=$([ $ok = 1 ] && CPUINFO=$mbv/cpuinfo.none "$mbv/cpuid" 2>>"$mbv/cpuid.log")
echo "# $got_mbv; $got_none"
[ "$got_mbv" = "str=$cpuid rc=0 buf=$cpuid" ] && [ "$got_none" = "str=(null) rc=22 buf=-" ]
tap $? "6.1/microblaze-v-perf/0001: get_cpuid_str() gives the first hart's $cpuid from the test bed's /proc/cpuinfo (the mapfile row), and nothing (get_cpuid EINVAL) without the three fields" "$mbv/cpuid.log"
rm -rf "$mbv/tree"

# a series that no longer applies: one message, naming the patch and its
# log; the copy of the tree is gone, so no later build takes it as done
mkdir -p "$work/stale"
sed 's/select HAVE_PCI$/select HAVE_PCI_NOT_THERE/' \
	"$top"/patches/6.1/microblaze-perf/0001-*.patch >"$work/stale/0001-stale.patch"
msg=$(linux_src_patched 6.1 "$work/stale" 2>&1)
rc=$?
echo "$msg" | sed 's/^/#   /'
dir=$(for l in "$CACHE"/linux-src-"$(linux_version)"-patched-*.log; do
	grep -qF "$work/stale" "$l" 2>/dev/null && echo "${l%.log}"; done)
log=$(sed -n 's/.*0001-stale.patch does not apply to linux-source-6.1 .*: see \(.*\.log\)$/\1/p' <<<"$msg")
[ $rc -ne 0 ] && [ "$(grep -c 'does not apply' <<<"$msg")" -eq 1 ] &&
	[ -n "$log" ] && grep -q 'FAILED\|malformed\|Hunk' "$log" &&
	[ -n "$dir" ] && [ ! -e "$dir" ]
tap $? "a patch that does not apply: one message naming it and its log, no tree left behind"
[ -n "$dir" ] && rm -f "$dir.log" "$dir.lock"
# the MicroBlaze toolchain build: a step that fails stops it with one
# message naming the step and its log, and nothing counts as built
fake=$work/fake
mkdir -p "$fake/bin"
printf '#!/bin/sh\necho "E: simulated download failure" >&2\nexit 100\n' >"$fake/bin/apt-get"
chmod +x "$fake/bin/apt-get"
msg=$(PATH=$fake/bin:$PATH CACHE=$work/cache "$top/tools/guest/mb-toolchain.sh" 2>&1)
rc=$?
echo "$msg" | sed 's/^/#   /'
log=$(sed -n "s/.*toolchain step 'fetch-binutils' failed: see \(.*\.log\)$/\1/p" <<<"$msg")
[ $rc -ne 0 ] && [ "$(grep -c 'failed' <<<"$msg")" -eq 1 ] && [ -n "$log" ] &&
	grep -q 'simulated download failure' "$log" &&
	! ls "$work"/cache/mb-toolchain-*/.done >/dev/null 2>&1
tap $? "a toolchain step that fails (apt-get source): one message naming the step and its log, nothing marked built"
echo "1..$n"
[ "$failed" -eq 0 ]
