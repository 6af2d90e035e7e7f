#!/bin/bash
# deps suite (TAP):
# - every documented make goal runs scripts/install-deps.sh before any
#   other command (make -n: the first command, and before any compiler);
#   `make check` itself by its outer rule (a dry run of it would run the
#   suites' sub-makes); tools/guest/run-guest.sh runs it before it builds;
#   and a dry run of any goal builds nothing, not even in an empty cache;
# - make check's summary (scripts/summarize.sh): the cold build steps of
#   the run slowest first with their total, the slowest suites, the tally;
# - install-deps.sh against a fake apt-get: an index that keeps failing
#   is retried three times and the install goes on; one that fails once
#   is retried; a package no index offers stops it with one message
#   naming the package and the failed index; nothing to do, nothing run.
# Usage: tests/deps/run.sh WORK_DIR
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$top/build/deps}
. "$top/scripts/tap.sh"
cd "$top" || exit 1
# a make of our own, not the one running this suite (its MAKEFLAGS carry
# AXIPERF_DEPS=done, which skips the install on purpose)
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES AXIPERF_DEPS
rm -rf "$work"
mkdir -p "$work"

# ---- entry points ------------------------------------------------------
# every suite and bench, as the Makefile's database has them
db=$(make -s -p -n AXIPERF_DEPS=done 2>/dev/null)
suites=$(sed -n 's/^SUITES := //p' <<<"$db" | tail -1)
benches=$(sed -n 's/^BENCHES := //p' <<<"$db" | tail -1)
[ -n "$suites" ] && [ -n "$benches" ]
tap $? "the suites and benches are known ($(echo $suites | wc -w) suites, $(echo $benches | wc -w) benches)"

first_is_deps() {	# first_is_deps LOG: install-deps.sh before anything else
	[ "$(head -1 "$1")" = "scripts/install-deps.sh" ]
}

# the dry runs on an empty cache: a dry run must build nothing (the
# MicroBlaze toolchain was once built by one, 8 minutes)
dry=$work/dry-cache
mkdir -p "$dry"
for g in demo bench generate all $(printf 'check-%s ' $suites) $(printf 'bench-%s ' $benches); do
	log=$work/make-n-$g.log
	if [ $g = all ]; then
		CACHE=$dry make -n >"$log" 2>&1
	else
		CACHE=$dry make -n "$g" >"$log" 2>&1
	fi
	first_is_deps "$log"
	tap $? "make ${g/all/(no goal)}: scripts/install-deps.sh runs first (make -n)" "$log"
done
built=$(find "$dry" -mindepth 1 -maxdepth 1 | head -3)
[ -z "$built" ]
tap $? "make -n of every goal builds nothing in an empty cache${built:+ (it made: $built)}"
# make check: its outer rule installs, then runs itself with the packages
# there (MAKE=echo keeps the dry run from running the suites' sub-makes)
# (in a copy of the makefiles, so that a broken outer rule cannot reach
# this run's build/results)
mkdir -p "$work/tree"
git ls-files Makefile '*check.mk' scripts | tar -cf - -T - | tar -C "$work/tree" -xf -
make -C "$work/tree" --no-print-directory -n MAKE=echo check >"$work/make-n-check.log" 2>&1
[ "$(sed -n 1p "$work/make-n-check.log")" = "scripts/install-deps.sh" ] &&
	[ "$(sed -n 2p "$work/make-n-check.log")" = "echo --no-print-directory AXIPERF_DEPS=done check" ]
tap $? "make check: scripts/install-deps.sh runs first, then the suites in a sub-make" "$work/make-n-check.log"
# tgrun is what `make demo` once compiled before the install: the dry run
# of demo must show it after install-deps
grep -n -E 'install-deps|tgrun.c' "$work/make-n-demo.log" | head -2 | cut -d: -f2- |
	grep -q -m1 '^scripts/install-deps.sh$'
tap $? "make demo: the ARM tgrun is compiled only after install-deps.sh" "$work/make-n-demo.log"
awk '/install-deps.sh/ && !d { d = NR } /build-qemu.sh|kernel-tree.sh|busybox.sh|dtb.sh/ && !b && !/^#/ { b = NR }
	END { exit !(d && b && d < b) }' tools/guest/run-guest.sh
tap $? "tools/guest/run-guest.sh runs install-deps.sh before it builds anything"

# ---- where the time went: scripts/summarize.sh ---------------------------
sum=$work/sum
mkdir -p "$sum/build/results"
printf 'ok 1 - a\nok 2 - b\n' >"$sum/build/results/one.tap"
printf 'ok 1 - c # SKIP no board\n' >"$sum/build/results/two.tap"
echo 40 >"$sum/build/results/one.seconds"
echo 7 >"$sum/build/results/two.seconds"
printf 'kernel-arm-plain 120\nmb-toolchain-gcc 446\nlinux-src 15\n' >"$sum/steps"
(cd "$sum" && AXIPERF_STEPS=$sum/steps sh "$top/scripts/summarize.sh" one two) >"$sum/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qx 'cold build steps this run: 3, 581 s of wall time in all (overlapping)' "$sum/out" &&
	[ "$(sed -n 2p "$sum/out" | awk '{ print $1, $2 }')" = "mb-toolchain-gcc 446" ] &&
	[ "$(sed -n 4p "$sum/out" | awk '{ print $1, $2 }')" = "linux-src 15" ] &&
	grep -qx 'slowest suites: one 40 s, two 7 s' "$sum/out" &&
	[ "$(tail -1 "$sum/out")" = "2 passed, 0 failed" ]
tap $? "summarize.sh lists the run's cold steps slowest first with their total, the slowest suites, and ends with the tally" "$sum/out"
printf 'not ok 3 - d\n' >>"$sum/build/results/one.tap"
(cd "$sum" && AXIPERF_STEPS= sh "$top/scripts/summarize.sh" one two) >"$sum/out2" 2>&1
rc=$?
[ $rc -ne 0 ] && [ "$(tail -1 "$sum/out2")" = "2 passed, 1 failed" ] &&
	grep -qx 'cold build steps this run: none (every build product came from the cache)' "$sum/out2"
tap $? "summarize.sh exits non-zero on a failure; with no step recorded it says every product came from the cache" "$sum/out2"

# the critical path: suite one waited 400 s for the toolchain the other
# core was building, suite two built a kernel itself (100 s); the other
# core finished 100 s before the suites did
cp=$work/cp
mkdir -p "$cp/build/results"
cp "$sum/build/results/two.tap" "$sum/build/results/one.seconds" "$cp/build/results/"
printf 'ok 1 - a\n' >"$cp/build/results/one.tap"
printf 'prebuild start 1000\nsuite one 1000 1500\nsuite two 1500 1800\nprebuild done 1700\n' \
	>"$cp/build/results/timeline.txt"
printf 'mb-toolchain-gcc 450 1000 1450 prebuild\nkernel-6.12-arm-plain 100 1520 1620 two\n' >"$cp/steps"
printf 'wait mb-toolchain 400 1050 1450 one\n' >"$cp/waits"
(cd "$cp" && AXIPERF_STEPS=$cp/steps AXIPERF_WAITS=$cp/waits sh "$top/scripts/summarize.sh" one two) >"$cp/out" 2>&1
grep -qx 'critical path: the suites ran one after another for 800 s (13 min 20 s)' "$cp/out" &&
	grep -qx "    300 s the suites' own work (tests, guests, small builds)" "$cp/out" &&
	grep -qx '    400 s waiting for a build the other core had begun' "$cp/out" &&
	grep -qx '    longest waits (suite <- build): one <- mb-toolchain 400 s' "$cp/out" &&
	grep -qx '    largest (suite: step): two: kernel-6.12-arm-plain 100 s' "$cp/out" &&
	grep -qx '  the second core (scripts/prebuild.sh): 450 s of builds, done 700 s into the run (idle for its last 100 s)' "$cp/out"
tap $? "summarize.sh splits the suites' time into their own work, waits for the other core's builds and their own builds, and says when the other core went idle" "$cp/out"

# ---- install-deps.sh against a fake apt --------------------------------
fake=$work/fake
mkdir -p "$fake/bin" "$fake/sources.list.d"
printf 'Types: deb deb-src\n' >"$fake/sources.list.d/debian.sources"
cat >"$fake/bin/dpkg" <<'SH'
#!/bin/sh
case $1 in
--print-foreign-architectures) printf 'armhf\narm64\n' ;;
--print-architecture) echo amd64 ;;
*) exit 0 ;;
esac
SH
# installed: every package asked for, unless FAKE_MISSING names it
cat >"$fake/bin/dpkg-query" <<'SH'
#!/bin/sh
shift 2
for p in "$@"; do
	case " $FAKE_MISSING " in *" $p "*) continue ;; esac
	case $p in
	*:*) echo "$p install ok installed" ;;
	*) echo "$p:amd64 install ok installed" ;;
	esac
done
SH
# apt-get: `update` fails FAKE_UPDATE_FAILS times (counted in a file) with
# a mirror's size mismatch; `install` fails when FAKE_NO_CANDIDATE is set
cat >"$fake/bin/apt-get" <<'SH'
#!/bin/sh
echo "$*" >>"$FAKE_LOG"
case $1 in
update)
	n=$(cat "$FAKE_COUNT" 2>/dev/null || echo 0)
	echo $((n + 1)) >"$FAKE_COUNT"
	if [ "$n" -lt "${FAKE_UPDATE_FAILS:-0}" ]; then
		echo "Err:4 http://deb.example/debian-security bookworm-security/main armhf Packages"
		echo "E: Failed to fetch http://deb.example/debian-security/dists/bookworm-security/main/binary-armhf/Packages.xz  File has unexpected size (334084 != 350380). Mirror sync in progress? [IP: 192.0.2.1 80]"
		echo "E: Some index files failed to download. They have been ignored, or old ones used instead."
		exit 100
	fi ;;
install)
	if [ -n "${FAKE_NO_CANDIDATE:-}" ]; then
		echo "E: Package '$FAKE_NO_CANDIDATE' has no installation candidate"
		exit 100
	fi
	echo "Setting up ${FAKE_MISSING}" ;;
esac
exit 0
SH
cat >"$fake/bin/apt-cache" <<'SH'
#!/bin/sh
[ "$2" = "$FAKE_NO_CANDIDATE" ] && { echo "$2:"; echo "  Installed: (none)"; echo "  Candidate: (none)"; exit 0; }
echo "$2:"; echo "  Installed: (none)"; echo "  Candidate: 1.0-1"
SH
chmod +x "$fake/bin"/*

deps() {	# deps NAME [VAR=value...]: install-deps.sh on the fake apt
	local name=$1
	shift
	rm -f "$work/$name.count" "$work/$name.apt"
	env APT_GET="$fake/bin/apt-get" APT_CACHE="$fake/bin/apt-cache" \
		DPKG="$fake/bin/dpkg" DPKG_QUERY="$fake/bin/dpkg-query" \
		APT_SOURCES_D="$fake/sources.list.d" DEPS_RETRY_SLEEP=0 \
		FAKE_LOG="$work/$name.apt" FAKE_COUNT="$work/$name.count" "$@" \
		sh scripts/install-deps.sh >"$work/$name.log" 2>&1
}

deps all-there
rc=$?
[ $rc -eq 0 ] && [ ! -e "$work/all-there.apt" ]
tap $? "install-deps: everything installed: exits 0 without running apt-get" "$work/all-there.log"

deps index-down FAKE_MISSING="verilator yosys" FAKE_UPDATE_FAILS=99
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^update' "$work/index-down.apt")" = 3 ] &&
	grep -q '^install -y -q --no-install-recommends  *verilator yosys$' "$work/index-down.apt" &&
	grep -q 'going on without: http://deb.example/debian-security/dists/bookworm-security/main/binary-armhf/Packages.xz' "$work/index-down.log"
tap $? "install-deps: an index that never downloads: update tried 3 times, named, and the packages install (exit 0)" "$work/index-down.log"

deps index-flaky FAKE_MISSING="z3" FAKE_UPDATE_FAILS=1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^update' "$work/index-flaky.apt")" = 2 ] &&
	grep -q 'retrying' "$work/index-flaky.log" && ! grep -q 'going on without' "$work/index-flaky.log"
tap $? "install-deps: an index that fails once is fetched on the retry" "$work/index-flaky.log"

deps no-candidate FAKE_MISSING="verilator libtraceevent-dev:armhf" FAKE_UPDATE_FAILS=99 \
	FAKE_NO_CANDIDATE="libtraceevent-dev:armhf"
rc=$?
msg=$(cat "$work/no-candidate.log")
[ $rc -ne 0 ] && grep -q 'FAILED: cannot install libtraceevent-dev:armhf' <<<"$msg" &&
	grep -q 'no index offers libtraceevent-dev:armhf' <<<"$msg" &&
	grep -q 'indexes that failed to download: http://deb.example/.*binary-armhf/Packages.xz' <<<"$msg" &&
	[ "$(grep -c '^install' "$work/no-candidate.apt")" = 2 ]
tap $? "install-deps: a package no index offers stops it (exit 1), naming the package and the failed index" "$work/no-candidate.log"

deps native-only FAKE_MISSING="libtraceevent-dev"
grep -q '^install .* libtraceevent-dev$' "$work/native-only.apt" 2>/dev/null
tap $? "install-deps: the armhf package does not stand in for the native one of the same name" "$work/native-only.log"

# the deb-src entry QEMU's source needs names the mirror the machine's own
# sources use (scripts/apt-mirror.sh), never one written in the repository
nosrc=$work/nosrc.d
mkdir -p "$nosrc"
printf 'Types: deb\nURIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\nComponents: main\n\nTypes: deb\nURIs: http://security.example/debian-security\nSuites: bookworm-security\nComponents: main\n' \
	>"$nosrc/debian.sources"
env APT_GET="$fake/bin/apt-get" APT_CACHE="$fake/bin/apt-cache" DPKG="$fake/bin/dpkg" \
	DPKG_QUERY="$fake/bin/dpkg-query" APT_SOURCES_D="$nosrc" DEPS_RETRY_SLEEP=0 \
	FAKE_LOG="$work/nosrc.apt" FAKE_COUNT="$work/nosrc.count" \
	sh scripts/install-deps.sh >"$work/nosrc.log" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qx 'URIs: http://mirror.example/debian' "$nosrc/axiperf-src.sources" &&
	grep -qx 'Types: deb-src' "$nosrc/axiperf-src.sources"
tap $? "install-deps: the deb-src entry it adds names the mirror of the machine's own bookworm entry" "$work/nosrc.log"
rm -f "$nosrc/debian.sources" "$nosrc/axiperf-src.sources"
env APT_SOURCES_D="$nosrc" sh scripts/apt-mirror.sh >"$work/nomirror.log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "no 'deb ... bookworm' entry" "$work/nomirror.log"
tap $? "apt-mirror.sh: no Debian entry in the machine's sources: an error that says what to add" "$work/nomirror.log"
# no mirror's host name is written in the repository (tests and this
# check aside)
hosts=$(git grep -lE 'deb\.debian\.org|ftp\.[a-z.]*debian\.org|security\.debian\.org' -- . ':!tests/deps/run.sh' 2>/dev/null)
[ -z "$hosts" ]
tap $? "no Debian mirror host name in the repository${hosts:+ (in: $(echo $hosts))}"

echo "1..$n"
exit $failed
