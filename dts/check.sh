#!/bin/bash
# check.sh: the dts suite, as TAP lines. Every example .dts compiles with
# dtc (cpp first, for the kernel's SoC .dtsi files and dt-bindings) and
# every axiperf node in it satisfies its binding; every binding is a
# dt-schema style schema whose example compiles and validates; every
# tests/bad-*.dts is rejected with the message its "// expect:" line names.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
out=${BUILD:-$top/build}/dts
# Debian's jsonschema and ruamel.yaml live in the system python.
py=/usr/bin/python3
mkdir -p "$out"
. "$top/scripts/tap.sh"

for tool in dtc cpp; do
	command -v $tool >/dev/null || {
		echo "not ok 1 - dts: $tool missing (install device-tree-compiler, cpp)"
		exit 1
	}
done
if ! $py -c 'import jsonschema, ruamel.yaml' 2>/dev/null; then
	echo "not ok 1 - dts: $py lacks jsonschema or ruamel.yaml (install python3-jsonschema python3-ruamel.yaml)"
	exit 1
fi
src=$("$top/driver/scripts/ktree.sh" src) || exit 1

# compile FILE.dts OUT.dtb [DTC-FLAG...]: like the kernel's dtbs (cpp, then
# dtc with the warning the kernel always turns off); dtc's messages go to
# OUT.log.
compile() {
	cpp -nostdinc -undef -x assembler-with-cpp -D__DTS__ \
		-I "$src/include" -I "$src/arch/arm/boot/dts" \
		-I "$src/arch/arm64/boot/dts" "$1" -o "${2%.dtb}.pre.dts" 2>"${2%.dtb}.log" &&
		dtc "${@:3}" -Wno-interrupt_provider -I dts -O dtb -o "$2" \
			"${2%.dtb}.pre.dts" 2>>"${2%.dtb}.log" &&
		[ ! -s "${2%.dtb}.log" ]
}

report() { # report LOG: show a failing step's messages as TAP comments
	sed 's/^/#   /' "$1"
}

# compile_overlay F.dtso: dtc -@ to $out/<name>.dtbo, no warning (a TAP line)
compile_overlay() {
	local base rc
	base=$(basename "$1" .dtso)
	dtc -@ -I dts -O dtb -o "$out/$base.dtbo" "$1" 2>"$out/$base.log" &&
		[ ! -s "$out/$base.log" ]
	rc=$?
	[ $rc -ne 0 ] && report "$out/$base.log"
	tap $rc "dtc -@ compiles ${1#"$top"/} without a warning"
}

# apply_overlay BASE.dtb NAME MERGED.dtb N: fdtoverlay puts $out/NAME.dtbo
# on BASE.dtb, and the merged tree has N nodes, each satisfying its binding
apply_overlay() {
	fdtoverlay -i "$1" -o "$3" "$out/$2.dtbo" >"$out/$2.ovl" 2>&1 &&
		$py "$here/validate.py" dtb "$here/bindings" "$3" >"$out/$2.val" 2>&1 &&
		grep -q ": $4 node(s) valid\$" "$out/$2.val" && return 0
	report "$out/$2.ovl"
	report "$out/$2.val"
	return 1
}

# apm_check N DTB: do the PS APM nodes of DTB agree with spec/apm.toml (N
# nodes; window, SPI, slots, counters, clock by name)? What is wrong goes
# to $out/apm.val.
apm_check() {
	$py "$here/validate.py" apm "$top/spec/apm.toml" \
		"$src/include/dt-bindings/clock/xlnx-zynqmp-clk.h" "$1" "$2" >"$out/apm.val" 2>&1
}

# apm_agree N WHAT DTB: apm_check, as a TAP line
apm_agree() {
	apm_check "$1" "$3"
	local rc=$?
	[ $rc -ne 0 ] && report "$out/apm.val"
	tap $rc "$2: its $1 PS APM nodes agree with spec/apm.toml (window, SPI if wired, slots, counters, clock)"
}

for dts in "$here"/*.dts; do
	base=$(basename "$dts" .dts)
	if compile "$dts" "$out/$base.dtb"; then
		tap 0 "dtc compiles dts/$base.dts without a warning"
		$py "$here/validate.py" dtb "$here/bindings" "$out/$base.dtb" >"$out/$base.val" 2>&1
		rc=$?
		[ $rc -ne 0 ] && report "$out/$base.val"
		tap $rc "every axiperf node of dts/$base.dts satisfies its binding ($(grep -o '[0-9]* node(s)' "$out/$base.val" || echo 0 nodes))"
		[ "$base" = zynqmp-axiperf ] && apm_agree 4 "dts/$base.dts" "$out/$base.dtb"
	else
		report "$out/$base.log"
		tap 1 "dtc compiles dts/$base.dts without a warning"
	fi
done

# The QEMU test beds' device trees (tools/guest/dtb.sh: the kernel's board
# .dts plus our nodes) must satisfy the same bindings as the examples:
# Zynq and MicroBlaze ml605, three monitors (one the article's core) and
# the MDM; ZynqMP, one monitor and the PS's four APMs.
for case in "4|" "4|--no-irq" "5|--machine zynqmp" "5|--machine zynqmp --no-irq" \
	"4|--machine ml605" "4|--machine ml605 --no-irq"; do
	want=${case%%|*}
	variant=${case#*|}
	what="test bed device tree${variant:+ ($variant)}"
	# shellcheck disable=SC2086
	if ! dtb=$("$top/tools/guest/dtb.sh" $variant 2>"$out/testbed.log"); then
		report "$out/testbed.log"
		tap 1 "the $what compiles"
		continue
	fi
	$py "$here/validate.py" dtb "$here/bindings" "$dtb" >"$out/testbed.val" 2>&1
	rc=$?
	[ $rc -ne 0 ] && report "$out/testbed.val"
	got=$(sed -n 's/.*: \([0-9]*\) node(s) valid$/\1/p' "$out/testbed.val")
	[ $rc -eq 0 ] && [ "$got" = "$want" ]
	tap $? "the $what: its $want axiperf and MDM nodes satisfy their bindings (${got:-0} valid)"
	case $variant in *zynqmp*) apm_agree 4 "the $what" "$dtb" ;; esac
done

# A second hart only where there is one to add, and only one
for case in "--machine zynq --harts 2|only the MicroBlaze V test beds" "--machine mbv --harts 3|--harts needs 1 or 2"; do
	# shellcheck disable=SC2086
	msg=$("$top/tools/guest/dtb.sh" ${case%%|*} 2>&1)
	rc=$?
	echo "$msg" | sed 's/^/#   /'
	[ $rc -ne 0 ] && grep -qF -- "${case#*|}" <<<"$msg"
	tap $? "tools/guest/dtb.sh ${case%%|*} is refused: ${case#*|}"
done

# Overlays for a PL design (dts/overlays/*.dtso): each compiles with
# symbols and no warning on its own, applies with fdtoverlay to the Zynq
# test bed's base tree (its PS part, compiled with -@), and the merged tree
# satisfies the bindings; all of them together too. An overlay naming a
# label the base tree lacks is refused with fdtoverlay's message.
# The ZynqMP's (overlays/zynqmp/: the PS's own monitors) apply to mainline
# ZynqMP boards instead (below).
base_dtb=$("$top/tools/guest/dtb.sh" --base 2>"$out/base.log") || report "$out/base.log"
tap $? "the Zynq base tree (PS only, with __symbols__) compiles"
ovl_args=()
for dtso in "$here"/overlays/*.dtso; do
	base=$(basename "$dtso" .dtso)
	ovl_args+=(--overlay "$dtso")
	compile_overlay "$dtso"
	apply_overlay "$base_dtb" "$base" "$out/$base-merged.dtb" 1
	tap $? "fdtoverlay applies dts/overlays/$base.dtso to the base tree; its node satisfies its binding"
done
merged=$("$top/tools/guest/dtb.sh" "${ovl_args[@]}" 2>"$out/merged.log") &&
	$py "$here/validate.py" dtb "$here/bindings" "$merged" >"$out/merged.val" 2>&1
rc=$?
n_ovl=$(( ${#ovl_args[@]} / 2 ))
grep -q ": $n_ovl node(s) valid$" "$out/merged.val" 2>/dev/null || rc=1
[ $rc -ne 0 ] && report "$out/merged.log" && report "$out/merged.val"
tap $rc "all $n_ovl overlays on the base tree (tools/guest/dtb.sh --overlay ...): $n_ovl nodes satisfy their bindings"
sed 's/&amba {/\&amba_pl {/' "$here/overlays/axiperf-monitor.dtso" >"$out/bad-label.dtso"
msg=$("$top/tools/guest/dtb.sh" --overlay "$out/bad-label.dtso" 2>&1)
rc=$?
echo "$msg" | sed 's/^/#   /'
[ $rc -ne 0 ] && grep -q "fdtoverlay could not apply.*labels the base tree lacks: amba_pl" <<<"$msg"
tap $? "an overlay whose target label (amba_pl) the base tree lacks is refused, naming the label"

# ZynqMP overlays (the PS's four APMs): each applies to mainline boards'
# trees compiled with symbols (ZCU102, the Kria K26 SOM, Ultra96), and the
# merged tree's nodes satisfy the binding and agree with spec/apm.toml.
for dtso in "$here"/overlays/zynqmp/ps-*.dtso; do
	base=$(basename "$dtso" .dtso)
	compile_overlay "$dtso"
	for board in zynqmp-zcu102-rev1.0 zynqmp-sm-k26-revA avnet-ultra96-rev1; do
		printf '#include "xilinx/%s.dts"\n' "$board" >"$out/$board.dts"
		if compile "$out/$board.dts" "$out/$board.dtb" -@; then
			apply_overlay "$out/$board.dtb" "$base" "$out/$board-$base.dtb" 4
		else
			report "$out/$board.log"
			false
		fi
		tap $? "fdtoverlay applies ${dtso#"$top"/} to the kernel's $board.dts; its 4 nodes satisfy the binding"
		apm_agree 4 "$board.dts with ${dtso#"$top"/}" "$out/$board-$base.dtb"
	done
done
# ZynqMP PL overlays (overlays/zynqmp/pl-*.dtso, a monitor of ours): each
# applies to the same boards' trees, its node satisfying its binding; the
# Zynq-7000's overlay does not apply there (its labels are not the
# ZynqMP's), and fdtoverlay's message names them
for dtso in "$here"/overlays/zynqmp/pl-*.dtso; do
	base=$(basename "$dtso" .dtso)
	compile_overlay "$dtso"
	for board in zynqmp-zcu102-rev1.0 zynqmp-sm-k26-revA avnet-ultra96-rev1; do
		apply_overlay "$out/$board.dtb" "$base" "$out/$board-$base.dtb" 1
		tap $? "fdtoverlay applies ${dtso#"$top"/} to the kernel's $board.dts; its node satisfies its binding"
	done
done
"$here/apply-overlay.sh" "$out/zynqmp-zcu102-rev1.0.dtb" "$here/overlays/axiperf-monitor.dtso" \
	"$out/wrong-soc.dtb" >"$out/wrong-soc.log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "labels $out/zynqmp-zcu102-rev1.0.dtb lacks: clkc intc): it is written for a Zynq-7000 (intc, clkc) and .* is a ZynqMP's; use $here/overlays/zynqmp/pl-monitor.dtso" "$out/wrong-soc.log" && [ ! -e "$out/wrong-soc.dtb" ]
tap $? "dts/apply-overlay.sh refuses the Zynq-7000 overlay on a ZynqMP tree, naming the labels it lacks and the overlay to use" "$out/wrong-soc.log"
"$here/apply-overlay.sh" "$base_dtb" "$here/overlays/zynqmp/pl-monitor.dtso" "$out/wrong-soc2.dtb" \
	>"$out/wrong-soc2.log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q "it is written for a ZynqMP (gic, zynqmp_clk) and .* is a Zynq-7000's; use $here/overlays/axiperf-monitor.dtso" "$out/wrong-soc2.log"
tap $? "... and the ZynqMP overlay on a Zynq-7000 tree the same way round" "$out/wrong-soc2.log"
"$here/apply-overlay.sh" "$out/zynqmp-zcu102-rev1.0.dtb" "$here/overlays/zynqmp/pl-monitor.dtso" \
	"$out/right-soc.dtb" >"$out/right-soc.log" 2>&1 && fdtget "$out/right-soc.dtb" /axi/perf-monitor@a0000000 compatible >>"$out/right-soc.log" 2>&1
tap $? "dts/apply-overlay.sh applies the ZynqMP overlay to the ZCU102's tree" "$out/right-soc.log"

# ... and the agreement check catches a wrong clock (LPD_LSBUS for the DDR's)
sed '0,/zynqmp_clk 28/s//zynqmp_clk 31/' "$here/overlays/zynqmp/ps-apm.dtso" >"$out/bad-clock.dtso"
dtc -q -@ -I dts -O dtb -o "$out/bad-clock.dtbo" "$out/bad-clock.dtso" &&
	fdtoverlay -i "$out/zynqmp-zcu102-rev1.0.dtb" -o "$out/bad-clock.dtb" "$out/bad-clock.dtbo"
apm_check 4 "$out/bad-clock.dtb"
rc=$?
report "$out/apm.val"
[ $rc -ne 0 ] && grep -q "perf-monitor@fd0b0000 (apm_ddr): the clock is \[31\], spec/apm.toml says \[28\]" "$out/apm.val"
tap $? "a PS APM node with another clock than spec/apm.toml's (the DDR's on LPD_LSBUS) is refused, naming node and values"

# Debian's dt-schema (dt-doc-validate) on each binding, from where the
# mainline series puts them (its $id: perf/NAME.yaml)
mkdir -p "$out/schemas/perf"
cp "$here"/bindings/*.yaml "$out/schemas/perf/"
for yaml in "$out"/schemas/perf/*.yaml; do
	base=$(basename "$yaml" .yaml)
	if command -v dt-doc-validate >/dev/null; then
		dt-doc-validate -u "$out/schemas" "$yaml" >"$out/$base.dtschema" 2>&1 &&
			[ ! -s "$out/$base.dtschema" ]
		tap $? "bindings/$base.yaml passes Debian's dt-schema (dt-doc-validate $(dt-doc-validate --version 2>/dev/null))" "$out/$base.dtschema"
	else
		tap 1 "dt-doc-validate is installed (dt-schema: scripts/install-deps.sh)"
	fi
done

for yaml in "$here"/bindings/*.yaml; do
	base=$(basename "$yaml" .yaml)
	$py "$here/validate.py" check-schema "$yaml" >"$out/$base.schema" 2>&1
	rc=$?
	[ $rc -ne 0 ] && report "$out/$base.schema"
	tap $rc "bindings/$base.yaml is a dt-schema style binding (ids, required, additionalProperties: false)"
	ok=1
	$py "$here/validate.py" example "$yaml" 0 >"$out/ex-$base.dts" 2>"$out/ex-$base.log" &&
		compile "$out/ex-$base.dts" "$out/ex-$base.dtb" &&
		$py "$here/validate.py" dtb "$here/bindings" "$out/ex-$base.dtb" >"$out/ex-$base.log" 2>&1 &&
		ok=0
	[ $ok -ne 0 ] && report "$out/ex-$base.log"
	tap $ok "the example of bindings/$base.yaml compiles and satisfies it"
done

for bad in "$here"/tests/bad-*.dts; do
	base=$(basename "$bad" .dts)
	expect=$(sed -n 's|^// expect: ||p' "$bad")
	if [ -z "$expect" ]; then
		tap 1 "dts/tests/$base.dts names the message it expects (// expect:)"
		continue
	fi
	if ! dtc -q -I dts -O dtb -o "$out/$base.dtb" "$bad" 2>"$out/$base.log"; then
		report "$out/$base.log"
		tap 1 "dts/tests/$base.dts compiles (it is malformed for the binding, not for dtc)"
		continue
	fi
	msg=$($py "$here/validate.py" dtb "$here/bindings" "$out/$base.dtb" 2>&1)
	rc=$?
	echo "$msg" | sed 's/^/#   /'
	[ $rc -ne 0 ] && grep -qF -- "$expect" <<<"$msg"
	tap $? "the validator rejects dts/tests/$base.dts: $expect"
done

echo "1..$n"
exit $failed
