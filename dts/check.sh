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

# compile FILE.dts OUT.dtb: like the kernel's dtbs (cpp, then dtc with the
# warning the kernel always turns off); dtc's messages go to OUT.log.
compile() {
	cpp -nostdinc -undef -x assembler-with-cpp -D__DTS__ \
		-I "$src/include" -I "$src/arch/arm/boot/dts" \
		-I "$src/arch/arm64/boot/dts" "$1" -o "${2%.dtb}.pre.dts" 2>"${2%.dtb}.log" &&
		dtc -Wno-interrupt_provider -I dts -O dtb -o "$2" \
			"${2%.dtb}.pre.dts" 2>>"${2%.dtb}.log" &&
		[ ! -s "${2%.dtb}.log" ]
}

report() { # report LOG: show a failing step's messages as TAP comments
	sed 's/^/#   /' "$1"
}

for dts in "$here"/*.dts; do
	base=$(basename "$dts" .dts)
	if compile "$dts" "$out/$base.dtb"; then
		tap 0 "dtc compiles dts/$base.dts without a warning"
		$py "$here/validate.py" dtb "$here/bindings" "$out/$base.dtb" >"$out/$base.val" 2>&1
		rc=$?
		[ $rc -ne 0 ] && report "$out/$base.val"
		tap $rc "every axiperf node of dts/$base.dts satisfies its binding ($(grep -o '[0-9]* node(s)' "$out/$base.val" || echo 0 nodes))"
	else
		report "$out/$base.log"
		tap 1 "dtc compiles dts/$base.dts without a warning"
	fi
done

# The QEMU test beds' device trees (tools/guest/dtb.sh: the kernel's board
# .dts plus our nodes) must satisfy the same bindings as the examples:
# Zynq, two monitors and the MDM; ZynqMP, one monitor.
for case in "3|" "3|--no-irq" "1|--machine zynqmp" "1|--machine zynqmp --no-irq"; do
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
