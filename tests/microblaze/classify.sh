#!/bin/bash
# classify.sh TEST_BINARY: assembles every line of tests/microblaze/insns.txt
# with the MicroBlaze GNU as (tools/guest/mb-cross.sh) and feeds the
# encodings, with the expected events, to TEST_BINARY
# (tests/microblaze/test_mb_classify.c).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: classify.sh TEST_BINARY}
cross=$("$here/../../tools/guest/mb-cross.sh")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

grep -v '^#' "$here/insns.txt" | grep -v '^[[:space:]]*$' >"$work/table"
cut -d'|' -f2 "$work/table" >"$work/insns.s"
"${cross}as" -o "$work/insns.o" "$work/insns.s"
# the encodings, one 32-bit word per instruction, in order (objdump stops
# at the first word it cannot decode, so the section's bytes are read)
"${cross}objcopy" -O binary -j .text "$work/insns.o" "$work/insns.bin"
od -An -v -t x4 -w4 "$work/insns.bin" | tr -d ' ' >"$work/insns.hex"
want=$(wc -l <"$work/table")
got=$(wc -l <"$work/insns.hex")
[ "$want" = "$got" ] || { echo "classify.sh: $want lines but $got instructions assembled" >&2; exit 1; }
paste -d'|' "$work/insns.hex" "$work/table" | "$bin"
