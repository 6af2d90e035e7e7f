#!/bin/bash
# mb-toolchain.sh: builds (or reuses) the microblazeel-linux-musl cross
# toolchain from Debian's source packages and prints its prefix;
# the compiler is <prefix>/bin/microblazeel-linux-musl-gcc.
#
#   binutils  apt-get source binutils, --target=microblazeel-linux-musl:
#             the assembler, the linker and the binutils only (no gprof,
#             no libctf), with tools/guest/binutils-2.40-microblaze-tlsdtprel64.patch:
#             on little-endian MicroBlaze the linker wrote a TLS offset
#             over its instructions' opcodes (static __thread variables
#             got a wrong address: perf record spun or crashed)
#   gcc       apt-get source gcc-12: a C-only gcc and libgcc, no shared
#             libraries or threads (the kernel and static programs need
#             nothing more); Debian's GFDL-stripped tarball needs its
#             debian/patches/gcc-gfdl-build.diff and MAKEINFO=true; and
#             tools/guest/gcc-12-microblaze-cas.patch: gcc 12's MicroBlaze
#             compare-and-swap returned a stale old value and an inverted
#             success flag (libperf's refcounts failed their assertions)
#   musl      apt-get source musl: static libc.a, crt*.o and headers
#   headers   the Linux UAPI headers of linux-source-6.1 (headers_install),
#             for programs that include <linux/perf_event.h>
#   check     a static C program compiled and linked with all of the above
#
# Cache: ${CACHE}/mb-toolchain-<hash of the source versions and this
# script>/. Each step logs to logs/<step>.log there and leaves a stamp when
# it finishes; the prefix counts as built only once .done is written, last.
# A failed step stops the build with one line naming it and its log, and
# the next run starts again from that step.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

TARGET=microblazeel-linux-musl
for c in gcc g++ make bison flex dpkg-source apt-get; do
	need_cmd $c "$c (the build tools)"
done
for h in gmp.h mpfr.h mpc.h; do
	[ -e /usr/include/$h ] || [ -e "/usr/include/$(gcc -dumpmachine)/$h" ] ||
		die "$h not found: run scripts/install-deps.sh (it installs libgmp-dev libmpfr-dev libmpc-dev)"
done

srcver() {
	local v
	v=$(apt-cache showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -1)
	[ -n "$v" ] || die "apt knows no source package '$1': run scripts/install-deps.sh (it adds the deb-src entry) and apt-get update"
	echo "$v"
}
v_binutils=$(srcver binutils)
v_gcc=$(srcver gcc-12)
v_musl=$(srcver musl)
key=$(hash_of "$TARGET" "$v_binutils" "$v_gcc" "$v_musl" "$(linux_version)" \
	"$TOP/tools/guest/mb-toolchain.sh" "$TOP/tools/guest/gcc-12-microblaze-cas.patch" \
	"$TOP/tools/guest/binutils-2.40-microblaze-tlsdtprel64.patch")
dir=$CACHE/mb-toolchain-$key
prefix=$dir/prefix
if [ -e "$dir/.done" ]; then
	echo "$prefix"
	exit 0
fi

# How binutils and gcc themselves are compiled (not what they compile):
# -O1 builds gcc in 333 s where -O2 takes 452 s on this 2-core machine,
# and the cc1 it gives compiles the MicroBlaze kernel's sched/core.c and
# fair.c within the noise of the -O2 one (3.4 s against 3.3 s, four
# files, three runs), to identical objects. No debug information.
HOST_OPT="-O1 -g0"

# step NAME CMD...: runs CMD once (a stamp marks it done), output to its log
step() {
	local name=$1
	shift
	[ -e "$dir/.step-$name" ] && return 0
	log "$name (log: $dir/logs/$name.log)"
	local t0
	t0=$(date +%s)
	if ! "$@" >"$dir/logs/$name.log" 2>&1; then
		tail -20 "$dir/logs/$name.log" | sed 's/^/  | /' >&2
		die "toolchain step '$name' failed: see $dir/logs/$name.log"
	fi
	record_step "mb-toolchain-$name" "$t0" "$dir"
	touch "$dir/.step-$name"
}

# fetch PKG VERSION: the unpacked source package in src/PKG
fetch() {
	rm -rf "$dir/src/$1" && mkdir -p "$dir/src/$1"
	(cd "$dir/src/$1" && apt-get source -q --only-source "$1=$2")
}

do_binutils() {
	local s
	s=$(echo "$dir"/src/binutils/binutils-*/)
	(cd "$s" && patch -p1 <"$TOP/tools/guest/binutils-2.40-microblaze-tlsdtprel64.patch")
	rm -rf "$dir/build/binutils" && mkdir -p "$dir/build/binutils"
	cd "$dir/build/binutils"
	"$s/configure" --target=$TARGET --prefix="$prefix" --disable-nls \
		--disable-werror --disable-gdb --disable-gdbserver --disable-sim \
		--disable-gprofng --disable-multilib --with-system-zlib \
		--disable-libctf \
		CFLAGS="$HOST_OPT" CXXFLAGS="$HOST_OPT"
	# only what the kernel, musl, busybox and perf use: the assembler,
	# the linker and the binutils (ar, nm, objcopy, objdump, strip, ...)
	nice -n 10 make -j"$JOBS" MAKEINFO=true all-gas all-ld all-binutils
	make MAKEINFO=true install-gas install-ld install-binutils
}

do_gcc() {
	local d tarball
	d=$(echo "$dir"/src/gcc-12/gcc-12-*/)
	tarball=$(echo "$d"/gcc-*-dfsg.tar.* "$d"/gcc-*.tar.*)
	set -- $tarball
	[ -e "$1" ] || { echo "no gcc tarball in $d"; return 1; }
	rm -rf "$dir/src/gcc" && mkdir -p "$dir/src/gcc"
	tar -xf "$1" -C "$dir/src/gcc" --strip-components=1
	(cd "$dir/src/gcc" && patch -p2 <"$d/debian/patches/gcc-gfdl-build.diff" &&
		patch -p1 <"$TOP/tools/guest/gcc-12-microblaze-cas.patch")
	rm -rf "$dir/build/gcc" && mkdir -p "$dir/build/gcc"
	cd "$dir/build/gcc"
	PATH=$prefix/bin:$PATH "$dir/src/gcc/configure" --target=$TARGET \
		--prefix="$prefix" --enable-languages=c --disable-multilib \
		--without-headers --with-newlib --disable-shared --disable-threads \
		--disable-bootstrap --disable-nls --disable-libsanitizer \
		--disable-libitm --disable-libvtv --disable-libssp \
		--disable-libgomp --disable-libquadmath --disable-libatomic \
		--disable-decimal-float --disable-lto --disable-plugin \
		--with-system-zlib CFLAGS="$HOST_OPT" CXXFLAGS="$HOST_OPT"
	PATH=$prefix/bin:$PATH nice -n 10 make -j"$JOBS" MAKEINFO=true \
		all-gcc all-target-libgcc
	PATH=$prefix/bin:$PATH make MAKEINFO=true install-gcc install-target-libgcc
}

do_musl() {
	local s
	s=$(echo "$dir"/src/musl/musl-*/)
	rm -rf "$dir/build/musl" && cp -a "$s" "$dir/build/musl"
	cd "$dir/build/musl"
	./configure --target=$TARGET --prefix="$prefix/$TARGET" \
		--disable-shared CROSS_COMPILE="$prefix/bin/$TARGET-" \
		CC="$prefix/bin/$TARGET-gcc"
	nice -n 10 make -j"$JOBS"
	make install
}

do_headers() {
	make -C "$(linux_src)" ARCH=microblaze O="$dir/build/headers" \
		INSTALL_HDR_PATH="$prefix/$TARGET" headers_install
}

do_check() {
	mkdir -p "$dir/build/check" && cd "$dir/build/check"
	cat >hello.c <<-'EOF'
	#include <stdio.h>
	#include <linux/perf_event.h>
	int main(void) { printf("%d\n", (int)sizeof(struct perf_event_attr)); return 0; }
	EOF
	"$prefix/bin/$TARGET-gcc" -static -O2 -Wall -Werror -o hello hello.c
	"$prefix/bin/$TARGET-readelf" -h hello | grep -q 'Xilinx MicroBlaze'
	# the compare-and-swap fix: the old value is read after the lwx, and
	# the success flag is a cmp-free 1/0 (tests/ml605 runs it in the guest)
	cat >cas.c <<-'EOF'
	int v;
	int val(int o, int n) { int r = 7; r += __sync_val_compare_and_swap(&v, o, n); return r; }
	int ok(int o, int n) { return __sync_bool_compare_and_swap(&v, o, n); }
	EOF
	"$prefix/bin/$TARGET-gcc" -O2 -S -o cas.s cas.c
	grep -q 'addik.*,r0,1' cas.s
}

(
	flock 9
	[ -e "$dir/.done" ] && exit 0
	mkdir -p "$dir/logs" "$dir/src" "$dir/build"
	log "building the $TARGET toolchain in $dir (about 8 minutes on 2 idle cores)"
	step fetch-binutils fetch binutils "$v_binutils"
	step fetch-gcc fetch gcc-12 "$v_gcc"
	step fetch-musl fetch musl "$v_musl"
	step binutils do_binutils
	step gcc do_gcc
	step musl do_musl
	step headers do_headers
	step check do_check
	# the sources and objects are not needed once installed
	rm -rf "$dir/src" "$dir/build"
	touch "$dir/.done"
	log "toolchain built: $(tr '\n' ' ' <"$dir/.seconds")(seconds per step)"
) 9>"$dir.lock" >&2
echo "$prefix"
