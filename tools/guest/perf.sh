#!/bin/bash
# perf.sh: cross-builds (or reuses) a static ARM `perf` from the
# linux-source-6.1 tree's tools/perf and prints its path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
need_cmd ${CROSS_ARM}gcc gcc-arm-linux-gnueabihf
need_cmd flex flex
need_cmd bison bison
src=$(linux_src)
# every optional library off: the guest has none of them
opts=(ARCH=arm CROSS_COMPILE=$CROSS_ARM LDFLAGS=-static WERROR=0
	NO_LIBELF=1 NO_DWARF=1 NO_LIBUNWIND=1 NO_LIBDW_DWARF_UNWIND=1
	NO_SLANG=1 NO_GTK2=1 NO_LIBPERL=1 NO_LIBPYTHON=1 NO_LIBNUMA=1
	NO_LIBAUDIT=1 NO_LIBBIONIC=1 NO_LIBCRYPTO=1 NO_LIBZSTD=1 NO_LZMA=1
	NO_ZLIB=1 NO_LIBCAP=1 NO_BACKTRACE=1 NO_JVMTI=1 NO_LIBBABELTRACE=1
	NO_DEMANGLE=1 NO_SDT=1 NO_LIBBPF=1 NO_AUXTRACE=1 NO_LIBPFM4=1
	NO_JEVENTS=1)
key=$(hash_of "$(linux_version)" "${opts[*]}" "$TOP/tools/guest/perf.sh" "$(${CROSS_ARM}gcc -dumpfullversion)")
out=$CACHE/perf-arm-$key
if [ -e "$out/.done" ]; then
	echo "$out/perf"
	exit 0
fi
(
	flock 9
	if [ -e "$out/.done" ]; then exit 0; fi
	mkdir -p "$out"
	log "building a static ARM perf in $out (about 2 minutes on 2 cores)"
	start=$(date +%s)
	nice -n 10 make -s -C "$src/tools/perf" O="$out" -j"$JOBS" "${opts[@]}" perf \
		>"$out/build.log" 2>&1 ||
		{ tail -30 "$out/build.log" >&2; die "perf build failed: see $out/build.log"; }
	${CROSS_ARM}strip "$out/perf"
	echo "$(( $(date +%s) - start ))" >"$out/.build-seconds"
	touch "$out/.done"
) 9>"$out.lock" >&2
echo "$out/perf"
