#!/bin/bash
# classify.sh TEST_BINARY: assembles every line of tests/mbv/insns.txt with
# GNU as for RISC-V (riscv64-linux-gnu-as; RVC only where the line names a
# c. instruction) and feeds the encodings, with the expected events, to
# TEST_BINARY (tests/mbv/test_mbv_classify.c).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: classify.sh TEST_BINARY}
as=riscv64-linux-gnu-as
objdump=riscv64-linux-gnu-objdump
command -v $as >/dev/null || { echo "classify.sh: $as not found: run scripts/install-deps.sh (binutils-riscv64-linux-gnu)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# one object per XLEN, one instruction per line, in file order
grep -v '^#' "$here/insns.txt" | grep -v '^[[:space:]]*$' >"$work/table"
for xlen in 32 64; do
	{
		while IFS='|' read -r x text _ _; do
			[ "$((x))" = $xlen ] || continue
			text=$(echo "$text" | sed 's/^ *//; s/ *$//')
			case $text in c.*) echo ".option rvc" ;; *) echo ".option norvc" ;; esac
			echo "$text"
		done <"$work/table"
	} >"$work/rv$xlen.s"
	if [ $xlen = 32 ]; then march=rv32gc_zba_zbb_zbc_zbs_zicbom_zicboz; abi=ilp32d
	else march=rv64gc_zba_zbb_zbc_zbs_zicbom_zicboz; abi=lp64d; fi
	$as -march=$march -mabi=$abi -o "$work/rv$xlen.o" "$work/rv$xlen.s"
	# the encodings, one per instruction, in order
	$objdump -d "$work/rv$xlen.o" | sed -n 's/^ *[0-9a-f]*:[[:space:]]*\([0-9a-f]\{4,8\}\)[[:space:]].*/\1/p' \
		>"$work/rv$xlen.hex"
	want=$(grep -c "^ *$xlen *|" "$work/table")
	got=$(wc -l <"$work/rv$xlen.hex")
	[ "$want" = "$got" ] || { echo "classify.sh: RV$xlen: $want lines but $got instructions assembled" >&2; exit 1; }
done
i32=0; i64=0
while IFS='|' read -r x text ev when; do
	x=$((x))
	if [ $x = 32 ]; then i32=$((i32 + 1)); n=$i32; else i64=$((i64 + 1)); n=$i64; fi
	hex=$(sed -n "${n}p" "$work/rv$x.hex")
	echo "$x $hex $(echo $when) $(echo $ev) # $(echo "$text" | sed 's/^ *//; s/ *$//') ($hex)"
done <"$work/table" | "$bin"
