#!/bin/bash
# apply-overlay.sh BASE.dtb OVERLAY.dtso|.dtbo OUT.dtb: fdtoverlay, with a
# message that says why an overlay does not apply and what to do: a base
# tree compiled without symbols, or labels the base tree lacks (an overlay
# for the other SoC: the Zynq-7000's names intc and clkc, the ZynqMP's gic
# and zynqmp_clk), naming the overlay that fits.
set -euo pipefail
die() { echo "apply-overlay.sh: $*" >&2; exit 1; }
[ $# -eq 3 ] || die "usage: apply-overlay.sh BASE.dtb OVERLAY.dtso|OVERLAY.dtbo OUT.dtb"
base=$1 ovl=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
[ -r "$base" ] || die "cannot read the base tree $base"
[ -r "$ovl" ] || die "cannot read the overlay $ovl"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $ovl in
*.dtso | *.dts)
	dtc -q -@ -I dts -O dtb -o "$tmp/o.dtbo" "$ovl" 2>"$tmp/dtc.log" ||
		die "dtc cannot compile $ovl: $(head -3 "$tmp/dtc.log" | tr '\n' ' ')"
	dtbo=$tmp/o.dtbo ;;
*) dtbo=$ovl ;;
esac
fdtget -p "$base" /__symbols__ >"$tmp/symbols" 2>/dev/null ||
	die "$base has no symbols (/__symbols__): compile it with dtc -@ (the kernel's DTC_FLAGS += -@), then apply the overlay"
if fdtoverlay -i "$base" -o "$out" "$dtbo" 2>"$tmp/log"; then
	exit 0
fi
missing=$(fdtget -p "$dtbo" /__fixups__ 2>/dev/null | sort -u | comm -23 - <(sort -u "$tmp/symbols") | paste -sd ' ' -)
hint=
if grep -qx 'zynqmp_clk' "$tmp/symbols" && grep -qw -e intc -e clkc <<<"$missing"; then
	hint=": it is written for a Zynq-7000 (intc, clkc) and $base is a ZynqMP's; use $here/overlays/zynqmp/pl-monitor.dtso"
elif grep -qx 'clkc' "$tmp/symbols" && grep -qw -e gic -e zynqmp_clk <<<"$missing"; then
	hint=": it is written for a ZynqMP (gic, zynqmp_clk) and $base is a Zynq-7000's; use $here/overlays/axiperf-monitor.dtso"
elif [ -n "$missing" ]; then
	hint=": edit the overlay's references to the labels $base has"
fi
die "$ovl does not apply to $base${missing:+ (labels $base lacks: $missing)}$hint ($(head -1 "$tmp/log"))"
