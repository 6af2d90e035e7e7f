#!/bin/sh
# build-libperf.sh ARCH LINK: builds libperf (and the libapi it needs) from
# linux-source-6.1 as static libraries for ARCH (x86_64, arm, arm64,
# microblaze or riscv64), caches the
# result under ${CACHE:-$HOME/.cache/axiperf}/libperf-<hash>/ and points the
# symlink LINK at it. The hash covers the kernel source version, this script
# and the compiler, so a change to any of them gives a fresh build.
# A build system with its own kernel source (Yocto, Buildroot) sets
# LINUX_SRC to it, and CROSS to its compiler prefix.
# For microblaze (CROSS: the prefix of tools/guest/mb-toolchain.sh's
# compiler), arm64 and riscv64 it also builds the kernel tree's own
# libtraceevent (tools/lib/traceevent, lib/libtraceevent.a and
# include/traceevent/): Debian 12 has no MicroBlaze or RISC-V port to take
# it from, and its arm64 one would need a second foreign architecture.
set -eu

arch=$1
link=$2
tarball=/usr/src/linux-source-6.1.tar.xz
cache=${CACHE:-$HOME/.cache/axiperf}

case $arch in
x86_64) karch=x86; cross=${CROSS-} ;;
arm) karch=arm; cross=${CROSS:-arm-linux-gnueabihf-} ;;
arm64) karch=arm64; cross=${CROSS:-aarch64-linux-gnu-} ;;
riscv64) karch=riscv; cross=${CROSS:-riscv64-linux-gnu-} ;;
microblaze)
	karch=microblaze; cross=${CROSS:-}
	[ -n "$cross" ] || { echo "build-libperf.sh: microblaze needs CROSS=<prefix of tools/guest/mb-toolchain.sh's gcc>" >&2; exit 2; } ;;
*) echo "build-libperf.sh: unknown ARCH '$arch' (use x86_64, arm, arm64, microblaze or riscv64)" >&2; exit 2 ;;
esac

if [ -n "${LINUX_SRC:-}" ]; then
	[ -f "$LINUX_SRC/tools/lib/perf/Makefile" ] || {
		echo "build-libperf.sh: LINUX_SRC=$LINUX_SRC has no tools/lib/perf: give a kernel source tree" >&2
		exit 1
	}
elif [ ! -f "$tarball" ]; then
	echo "build-libperf.sh: $tarball is missing; install linux-source-6.1 (make deps)" >&2
	exit 1
fi
if ! command -v "${cross}gcc" >/dev/null; then
	echo "build-libperf.sh: ${cross}gcc not found; install gcc${cross:+-arm-linux-gnueabihf} (make deps)" >&2
	exit 1
fi

if [ -n "${LINUX_SRC:-}" ]; then
	srcver="$LINUX_SRC $(head -5 "$LINUX_SRC/Makefile" | tr '\n' ' ')"
else
	srcver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || stat -c %s.%Y "$tarball")
fi
# the compiler's path too: a toolchain of ours (MicroBlaze) has its
# inputs' hash in its path
ccver="$(command -v "${cross}gcc") $("${cross}gcc" --version | head -1)"
hash=$( { echo "$arch $srcver $ccver"; cat "$0"; } | sha256sum | cut -c1-16)
dir=$cache/libperf-$hash

if [ ! -f "$dir/done" ]; then
	start=$(date +%s)
	rm -rf "$dir"
	mkdir -p "$dir"
	tmp=$dir/src
	mkdir -p "$tmp"
	# Only what tools/lib/perf's build reads: itself, libapi, the tools
	# headers and build glue.
	if [ -n "${LINUX_SRC:-}" ]; then
		for d in tools/lib tools/include tools/build tools/scripts "tools/arch/$karch/include"; do
			mkdir -p "$tmp/$(dirname "$d")"
			cp -a "$LINUX_SRC/$d" "$tmp/$d"
		done
	else
		tar -xJf "$tarball" -C "$tmp" --strip-components=1 --wildcards \
			'linux-source-6.1/tools/lib/*' \
			'linux-source-6.1/tools/include/*' \
			'linux-source-6.1/tools/build/*' \
			'linux-source-6.1/tools/scripts/*' \
			"linux-source-6.1/tools/arch/$karch/include/*"
	fi
	out=$dir/obj/
	mkdir -p "$out"
	# the static libraries only: a static-only libc (musl, MicroBlaze)
	# cannot link libperf.so
	make -s -C "$tmp/tools/lib/perf" ARCH="$karch" CROSS_COMPILE="$cross" \
		O="$out" EXTRA_CFLAGS=-O2 fixdep >"$dir/build.log" 2>&1 &&
	make -s -C "$tmp/tools/lib/perf" ARCH="$karch" CROSS_COMPILE="$cross" \
		O="$out" EXTRA_CFLAGS=-O2 "${out}libperf.a" "${out}libapi.a" >>"$dir/build.log" 2>&1 || {
		echo "build-libperf.sh: libperf build failed, see $dir/build.log" >&2
		exit 1
	}
	make -s -C "$tmp/tools/lib/perf" prefix="$dir" install_headers \
		>>"$dir/build.log" 2>&1
	mkdir -p "$dir/lib"
	cp "$out/libperf.a" "$out/libapi.a" "$dir/lib/"
	if [ "$arch" != x86_64 ] && [ "$arch" != arm ] && [ -d "$tmp/tools/lib/traceevent" ]; then
		mkdir -p "$dir/tep" "$dir/include/traceevent"
		make -s -C "$tmp/tools/lib/traceevent" CROSS_COMPILE="$cross" \
			O="$dir/tep/" EXTRA_CFLAGS=-O2 "$dir/tep/libtraceevent.a" >>"$dir/build.log" 2>&1 || {
			echo "build-libperf.sh: libtraceevent build failed, see $dir/build.log" >&2
			exit 1
		}
		cp "$dir/tep/libtraceevent.a" "$dir/lib/"
		cp "$tmp"/tools/lib/traceevent/*.h "$dir/include/traceevent/"
	fi
	touch "$dir/done"
	rec=$(dirname "$0")/../scripts/record-step.sh
	if [ -x "$rec" ]; then "$rec" "libperf-$arch" "$start" "$dir"; fi
fi

mkdir -p "$(dirname "$link")"
ln -sfn "$dir" "$link"
