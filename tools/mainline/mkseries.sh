#!/bin/bash
# mkseries.sh [OUT]: the axiperf drivers as a mainline patch series against
# linux-source-7.3 (the newest kernel Debian carries), in git format-patch
# form in OUT (default build/mainline), and prints OUT.
#
# Generated from the out-of-tree sources, never kept by hand: driver/*.[ch]
# and driver/microblaze/*.[ch] go to drivers/perf/axiperf/ with the
# generated register and event headers (include/axiperf/regs.h,
# microblaze.h, renamed axiperf_regs.h and axiperf_mb_events.h); the
# bindings from dts/bindings/; the admin-guide page from the sections of
# Documentation/perf.rst and Documentation/microblaze.rst a kernel user
# reads. What only the out-of-tree build needs goes: driver/compat.h
# (7.3 has every interface it backports), and the one compat call, whose
# work the 7.3 perf core does itself. Kconfig, Makefile, MAINTAINERS,
# vendor-prefixes and the admin-guide index get their entries in the
# places the 7.3 tree sorts them. tests/patches/run.sh applies the series
# to 7.3, runs checkpatch --strict and get_maintainer.pl on it and builds
# it in-tree for arm64 with W=1.
#
# The series is yours: its author, Signed-off-by and maintainer are the
# identity git gives this repository (user.name and user.email, or
# GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL), and it is refused with none, with
# the placeholder "Your Name <you@example.com>", or with uncommitted
# changes to the files it is made from.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tools/guest/lib.sh"
out=${1:-${BUILD:-$top/build}/mainline}
here=$top/tools/mainline
ident=$(git -C "$top" -c user.useConfigOnly=true var GIT_AUTHOR_IDENT 2>/dev/null) ||
	die "no author identity: set yours with git config user.name and user.email (or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL), then run it again"
who=${ident% *}
who=${who% *}
case $who in
"Your Name "* | *"<you@example.com>" | *"<>") die "the author identity is the placeholder '$who': set your own with git config user.name and user.email" ;;
esac
name=${who% <*}
email=${who##*<}
email=${email%>}
dirty=$(git -C "$top" status --porcelain -- driver dts include tests/kselftest tools/mainline \
	Documentation/perf.rst Documentation/microblaze.rst 2>/dev/null)
# (MKSERIES_ALLOW_DIRTY=1: a trial series of the work tree, for tests;
# its cover letter says so)
[ -z "$dirty" ] || [ "${MKSERIES_ALLOW_DIRTY:-}" = 1 ] ||
	die "uncommitted changes to what the series is made from; commit or stash them first:
$dirty"
base=$(git -C "$top" rev-parse --short=12 HEAD)
[ -z "$dirty" ] || base="$base with uncommitted changes"
src=$(linux_src 7.3)
d=drivers/perf/axiperf

rm -rf "$out" && mkdir -p "$out"
w=$out/work
mkdir -p "$w" && cd "$w"
git init -q .
git config user.name "$name"
git config user.email "$email"
for f in MAINTAINERS drivers/perf/Kconfig drivers/perf/Makefile \
	Documentation/admin-guide/perf/index.rst \
	Documentation/devicetree/bindings/vendor-prefixes.yaml \
	tools/testing/selftests/Makefile; do
	mkdir -p "$(dirname "$f")" && cp "$src/$f" "$f"
done
git add -A && git commit -qm base

commit() { # commit SUBJECT: commits the work tree with SUBJECT and the message on stdin
	git add -A
	{ echo "$1"; echo; cat; echo; echo "Signed-off-by: $who"; } |
		GIT_AUTHOR_DATE="Sat, 28 Nov 2026 12:00:00 +0000" GIT_COMMITTER_DATE="Sat, 28 Nov 2026 12:00:00 +0000" \
		git commit -q -F -
}
# insert FILE BEFORE_REGEX TEXTFILE: TEXTFILE's lines go before the first
# line of FILE matching BEFORE_REGEX (which must exist)
insert() {
	python3 - "$@" <<'EOF'
import re, sys
path, before, textfile = sys.argv[1:4]
lines = open(path).read().split("\n")
text = open(textfile).read().rstrip("\n").split("\n")
for i, line in enumerate(lines):
    if re.search(before, line):
        lines[i:i] = text
        break
else:
    sys.exit(f"mkseries.sh: no line of {path} matches {before!r}")
open(path, "w").write("\n".join(lines))
EOF
}

# 1. the vendor prefix
printf '  "^axiperf,.*":\n    description: axiperf open FPGA IP\n' >"$out/.t"
insert Documentation/devicetree/bindings/vendor-prefixes.yaml '^  "\^axis,' "$out/.t"
commit "dt-bindings: vendor-prefixes: Add axiperf" <<'EOF'
axiperf is an open-source project that makes FPGA IP: an AXI4
performance monitor for Zynq, ZynqMP and MicroBlaze designs.
EOF

# 2. the bindings: this series' maintainer, the schema ids of their new home
mkdir -p Documentation/devicetree/bindings/perf
for y in axiperf,axi-perf-monitor axiperf,zipcpu-axiperf xlnx,mdm; do
	sed "s|^  - axiperf developers <devel@axiperf.invalid>\$|  - $who|" "$top/dts/bindings/$y.yaml" \
		>"Documentation/devicetree/bindings/perf/$y.yaml"
done
commit "dt-bindings: perf: Add the axiperf AXI4 monitor and the MicroBlaze MDM counters" <<'EOF'
The axiperf AXI4 performance monitor is FPGA IP that watches one AXI4
link and counts every clock by what its read and write channels do; it
identifies its build parameters through its registers, so its node needs
only its window, its clock and optionally its interrupt. The core it
extends (axiperf,zipcpu-axiperf) has no identification and needs its data
width.

The MicroBlaze debug module (MDM) gives access to the performance
counters of up to 32 MicroBlaze cores; the properties the vendor's tools
emit say how many counters of which width each core has, and a cpu
phandle says which core, if any, Linux runs on.
EOF

# 3. the AXI monitor's driver
mkdir -p "$d"
for f in axiperf_pmu.c axiperf_calc.c axiperf_calc.h axiperf_trace.h; do
	sed -e '/^#include "compat.h"$/d' \
		-e 's|^#include <axiperf/regs.h>$|#include "axiperf_regs.h"|' "$top/driver/$f" >"$d/$f"
done
sed -e 's|generated from spec/axiperf.toml by tools/gen/axiperf_gen.py; do not edit|generated from the axiperf description (spec/axiperf.toml); do not edit|' \
	"$top/include/axiperf/regs.h" >"$d/axiperf_regs.h"
# the tracepoint header is found beside the driver
cat >"$d/Makefile" <<'EOF'
# SPDX-License-Identifier: GPL-2.0
obj-$(CONFIG_AXIPERF_PMU) += axiperf.o
axiperf-y := axiperf_pmu.o axiperf_calc.o
CFLAGS_axiperf_pmu.o := -I$(src)
EOF
printf 'config AXIPERF_PMU\n\ttristate "axiperf AXI4 performance monitor PMU"\n\tdepends on OF && HAS_IOMEM\n\thelp\n\t  Provides a perf PMU for each axiperf AXI4 performance monitor in\n\t  the device tree: FPGA IP that counts, clock by clock, what the\n\t  read and write channels of one AXI4 link do (bursts, beats,\n\t  bytes, stalls, latencies), on Zynq, ZynqMP and MicroBlaze\n\t  systems.\n\n' >"$out/.t"
insert drivers/perf/Kconfig '^source "drivers/perf/hisilicon/Kconfig"' "$out/.t"
printf 'obj-$(CONFIG_AXIPERF_PMU) += axiperf/\n' >"$out/.t"
insert drivers/perf/Makefile '^obj-\$\(CONFIG_FSL_IMX8_DDR_PMU\)' "$out/.t"
python3 "$here/admin_guide.py" "$top" >Documentation/admin-guide/perf/axiperf.rst
printf '   axiperf\n' >"$out/.t"
insert Documentation/admin-guide/perf/index.rst '^   hisi-pmu$' "$out/.t"
cat >"$out/.t" <<EOF
AXIPERF AXI4 PERFORMANCE MONITOR PMU DRIVERS
M:	$who
L:	linux-perf-users@vger.kernel.org
S:	Maintained
F:	Documentation/admin-guide/perf/axiperf.rst
F:	Documentation/devicetree/bindings/perf/axiperf,axi-perf-monitor.yaml
F:	Documentation/devicetree/bindings/perf/axiperf,zipcpu-axiperf.yaml
F:	Documentation/devicetree/bindings/perf/xlnx,mdm.yaml
F:	drivers/perf/axiperf/

EOF
insert MAINTAINERS '^AXIS ARTPEC ARM64 SoC SUPPORT$' "$out/.t"
commit "perf: Add the axiperf AXI4 performance monitor PMU" <<'EOF'
The axiperf monitor is FPGA IP that watches one AXI4 link of a Zynq,
ZynqMP or MicroBlaze design and puts every clock in one read and one
write category (idle, beat, stall, slow link, lag, ...), and counts
bursts, beats and bytes, the first read's lag and maxima. Start, stop
and clear take effect on an idle clock only, so no burst is cut in two.
Its ID register gives the data, ID and counter widths and whether it
has an interrupt and a snapshot register.

Each monitor becomes a system-wide counting PMU, axiperfN, with named
events, a cpumask and an identifier. 32-bit counters are extended to 64
bits by the half-range interrupt, or by an hrtimer sized from the
monitor's clock when no interrupt is wired; groups read and start from
one snapshot. A tracepoint records every counter for a timeline.
EOF

# 4. the MicroBlaze debug counters' driver
for f in microblaze_pmu.c mb_seq.c mb_seq.h mb_items.c mb_items.h; do
	sed -e '/^#include "compat.h"$/d' \
		-e 's|^#include "axiperf/microblaze.h"$|#include "axiperf_mb_events.h"|' \
		"$top/driver/microblaze/$f" >"$d/$f"
done
# the perf core stops a throttled event itself since 6.16
python3 - "$d/microblaze_pmu.c" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
old = ("\t/* throttled: sampling stops until perf starts the event again */\n"
       "\tif (perf_event_overflow(event, sd, regs))\n\t\taxiperf_throttled(event);\n")
if old not in s:
    sys.exit("mkseries.sh: the throttled-event call of microblaze_pmu.c changed")
open(p, "w").write(s.replace(old, "\tperf_event_overflow(event, sd, regs);\n"))
EOF
sed -e 's|generated from spec/microblaze.toml by tools/gen/microblaze_gen.py; do not edit|generated from the axiperf MicroBlaze description (spec/microblaze.toml); do not edit|' \
	"$top/include/axiperf/microblaze.h" >"$d/axiperf_mb_events.h"
cat >>"$d/Makefile" <<'EOF'
obj-$(CONFIG_AXIPERF_MB_PMU) += axiperf_mb.o
axiperf_mb-y := microblaze_pmu.o mb_seq.o mb_items.o
EOF
printf 'config AXIPERF_MB_PMU\n\ttristate "MicroBlaze debug module (MDM) performance counters PMU"\n\tdepends on OF && HAS_IOMEM\n\thelp\n\t  Provides a perf PMU for each MicroBlaze core whose performance\n\t  counters the MicroBlaze debug module (MDM) reaches. On a\n\t  MicroBlaze Linux system the counters of the core Linux runs on\n\t  are also its CPU PMU, with sampling on counter overflow.\n\n' >"$out/.t"
insert drivers/perf/Kconfig '^source "drivers/perf/hisilicon/Kconfig"' "$out/.t"
sed -i 's|^obj-\$(CONFIG_AXIPERF_PMU) += axiperf/$|obj-$(CONFIG_AXIPERF_PMU) += axiperf/\nobj-$(CONFIG_AXIPERF_MB_PMU) += axiperf/|' drivers/perf/Makefile
commit "perf: Add the MicroBlaze debug module's performance counters PMU" <<'EOF'
The MicroBlaze debug module (MDM) reaches the performance counters of
up to 32 MicroBlaze cores through its debug register access: up to 48
event counters (instructions, cycles, cache hits and misses, stalls,
branches, ...) and latency counters that give count, sum, sum of
squares, minimum and maximum, of 32, 48 or 64 bits. Each core becomes a
PMU, microblazeN, with the events by name; counters are read on a timer
and on the Dbg_Intr overflow interrupt. On a MicroBlaze, the core Linux
runs on is its CPU PMU: per-task counting, the generic hardware events,
and sampling on counter overflow.
EOF

# 5. the KUnit test of the driver's arithmetic, built into the driver
sed -e 's|^#include <axiperf/regs.h>$|#include "axiperf_regs.h"|' \
	-e '/^MODULE_LICENSE("GPL");$/d' "$top/driver/axiperf_calc_test.c" >"$d/axiperf_calc_test.c"
# the driver's own MODULE_LICENSE covers it; a blank line must not end the file
sed -i -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$d/axiperf_calc_test.c"
sed -i 's|^axiperf-y := axiperf_pmu.o axiperf_calc.o$|&\naxiperf-$(CONFIG_AXIPERF_PMU_KUNIT_TEST) += axiperf_calc_test.o|' "$d/Makefile"
grep -q CONFIG_AXIPERF_PMU_KUNIT_TEST "$d/Makefile" || die "the driver's Makefile changed"
printf '\nconfig AXIPERF_PMU_KUNIT_TEST\n\tbool "KUnit tests for the axiperf PMU" if !KUNIT_ALL_TESTS\n\tdepends on AXIPERF_PMU && KUNIT=y\n\tdefault KUNIT_ALL_TESTS\n\thelp\n\t  Builds the KUnit tests of the axiperf driver'"'"'s counter\n\t  arithmetic (counter extension across wraps, the poll period,\n\t  event decoding) into the driver.\n\n\t  If unsure, say N.\n\n' >"$out/.t"
insert drivers/perf/Kconfig '^config AXIPERF_MB_PMU$' "$out/.t"
printf 'CONFIG_KUNIT=y\nCONFIG_PERF_EVENTS=y\nCONFIG_OF=y\nCONFIG_AXIPERF_PMU=y\nCONFIG_AXIPERF_PMU_KUNIT_TEST=y\n' >"$d/.kunitconfig"
commit "perf: axiperf: Add KUnit tests of the counter arithmetic" <<'EOF2'
The driver extends 32-bit and 48-bit hardware counters to 64 bits,
sizes its poll period from the monitor's clock and decodes events
against what the monitor was built with. The tests check each against
values worked out by hand: wraps, several wraps between readings, the
half-range interrupt's condition, the poll period at the extremes of
clock rate and width, and events the core lacks.

drivers/perf needs PERF_EVENTS, which UML lacks, so they run on an
architecture kunit.py boots in QEMU, e.g.:

  ./tools/testing/kunit/kunit.py run --kunitconfig=drivers/perf/axiperf \
	--arch=arm64 --cross_compile=aarch64-linux-gnu-
EOF2

# 6. the kselftest, for any board with a monitor
ks=tools/testing/selftests/drivers/perf/axiperf
mkdir -p "$ks"
cp "$top/tests/kselftest/drivers/perf/axiperf"/{Makefile,config,settings,axiperf_test.c} "$ks/"
printf 'TARGETS += drivers/perf/axiperf\n' >"$out/.t"
insert tools/testing/selftests/Makefile '^TARGETS \+= drivers/platform/' "$out/.t"
printf 'F:\ttools/testing/selftests/drivers/perf/axiperf/\n' >"$out/.t"
insert MAINTAINERS '^AXIS ARTPEC ARM64 SoC SUPPORT$' "$out/.t"
grep -q '^F:	tools/testing/selftests/drivers/perf/axiperf/$' MAINTAINERS || die "MAINTAINERS: no selftests entry"
commit "selftests: drivers/perf: Add a test of the axiperf PMUs" <<'EOF2'
Checks every axiperfN PMU on the board it runs on, with whatever traffic
its link carries, against what its identifier says the monitor is:
format/, events/, cpumask and caps/; the refusals (sampling, a task, the
exclude bits, a group across PMUs, configs the monitor lacks); counts
that never go backwards and agree between an event alone and in a
group; active_cycles at the rate of the monitor's clock; every clock
in exactly one read and one write category; unload and reload with
events open. With no monitor it skips and says why.
EOF2

git format-patch -q --cover-letter --zero-commit --no-signature -o "$out" -6 >/dev/null
# what it was made from: the kernel it applies to and this tree's commit
{
	cat "$here/cover-letter.txt"
	echo
	echo "Based on Linux $(linux_version 7.3) (Debian's linux-source-7.3), made"
	echo "from axiperf $base."
} >"$out/.blurb"
sed -i -e "s/\*\*\* SUBJECT HERE \*\*\*/perf: axiperf AXI4 monitor and MicroBlaze MDM counters PMUs/" \
	-e "/\*\*\* BLURB HERE \*\*\*/{r $out/.blurb
d}" "$out"/0000-cover-letter.patch
rm -f "$out/.blurb"
rm -rf "$w" "$out/.t"
echo "$out"
