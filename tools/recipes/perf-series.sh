#!/bin/sh
# perf-series.sh SRC: put axiperf's perf series into the perf source at SRC,
# so the image's perf names the monitors' and the MicroBlaze V's events
# (perf list, with descriptions) and gives their figures as metrics
# (perf stat -M).
#
# SRC is a kernel source root, or the part of one a perf build copies (the
# top Makefile and tools/): Yocto's perf recipe (its ${S}, after
# copy_perf_source_from_kernel) or Buildroot's $(LINUX_DIR). The series are
# those of patches/<VERSION.PATCHLEVEL>/ (from the top Makefile) that
# change perf alone: axiperf-perf, microblaze-v-perf, perf-tools, in that
# order, where the kernel has them; AXIPERF_PERF_SERIES (directories) names
# others. A kernel with none is left as it is (its perf counts the events
# by name: Documentation/kernels.rst). Every patch is tried first; none is
# applied unless all apply.
set -eu
me=perf-series.sh
[ $# -eq 1 ] || { echo "usage: $me SRC (a kernel source root)" >&2; exit 2; }
src=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ ! -f "$src/Makefile" ] || [ ! -d "$src/tools/perf" ]; then
	echo "$me: $src is not a kernel source with tools/perf: give the source perf builds from" >&2
	exit 1
fi
v=$(sed -n 's/^VERSION = \([0-9]*\)$/\1/p' "$src/Makefile")
p=$(sed -n 's/^PATCHLEVEL = \([0-9]*\)$/\1/p' "$src/Makefile")
if [ -n "${AXIPERF_PERF_SERIES:-}" ]; then
	dirs=$AXIPERF_PERF_SERIES
	for d in $dirs; do
		[ -d "$d" ] || { echo "$me: AXIPERF_PERF_SERIES names $d, which is no directory" >&2; exit 1; }
	done
else
	dirs=
	for s in axiperf-perf microblaze-v-perf perf-tools; do
		[ -d "$top/patches/$v.$p/$s" ] && dirs="$dirs $top/patches/$v.$p/$s"
	done
fi
if [ -z "$dirs" ]; then
	echo "$me: axiperf has no perf series for Linux $v.$p: perf counts the events by name, without descriptions or -M (axiperf stat gives the figures)"
	exit 0
fi
# shellcheck disable=SC2046,SC2086
set -- $(for d in $dirs; do ls "$d"/*.patch 2>/dev/null || echo "$d/*.patch"; done)
for f; do
	[ -f "$f" ] || { echo "$me: $(dirname "$f") holds no patch" >&2; exit 1; }
done

# the series tried on a scratch copy of the files the patches touch first:
# all or nothing
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sed -n 's|^+++ b/||p' "$@" | sort -u | while read -r path; do
	if [ -f "$src/$path" ]; then
		mkdir -p "$scratch/base/$(dirname "$path")"
		cp "$src/$path" "$scratch/base/$path"
	fi
done
mkdir -p "$scratch/base"
fresh() { rm -rf "$scratch/t" && cp -r "$scratch/base" "$scratch/t"; }

# already in (a source patched before): the whole series undoes, last first
fresh
rev=
for f; do rev="$f $rev"; done
in=1
for f in $rev; do
	patch -p1 -R -s -f -d "$scratch/t" -i "$f" >/dev/null 2>&1 || { in=0; break; }
done
if [ $in = 1 ]; then
	echo "$me: the series are already in $src"
	exit 0
fi

fresh
for f; do
	if ! out=$(patch -p1 -N -s -f -d "$scratch/t" -i "$f" 2>&1); then
		echo "$me: $(basename "$f") does not apply to $src (Linux $v.$p):" >&2
		echo "$out" | sed 's/^/  /' >&2
		echo "$me: nothing applied; set AXIPERF_PERF_SERIES to the series that fit this perf, or build without them" >&2
		exit 1
	fi
done
for f; do
	patch -p1 -N -s -f -d "$src" -i "$f"
	echo "$me: applied $(basename "$(dirname "$f")")/$(basename "$f")"
done
