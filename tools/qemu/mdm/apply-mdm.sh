#!/bin/bash
# apply-mdm.sh QEMU_SRC: adds the axiperf MDM (MicroBlaze counters) to a QEMU
# 7.2 tree that tools/qemu/apply.sh has prepared (QEMU_SRC/axiperf-tree is
# the symlink to the axiperf tree; CONFIG_AXIPERF exists and ZYNQ selects it).
#   - hw/misc/meson.build: the device and its QEMU-free state machine, and
#     the MicroBlaze events it takes from the local CPU (tools/qemu/mb/mb_insn.c)
#   - hw/misc/trace-events: the device's trace events
# The machines place it with the rest of the test bed
# (tools/qemu/axiperf-machine.c).
set -euo pipefail
src=${1:?usage: apply-mdm.sh QEMU_SRC}
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "apply-mdm.sh: $*" >&2; exit 1; }

[ -e "$src/axiperf-tree" ] || die "$src/axiperf-tree missing: run tools/qemu/apply.sh first"
grep -q 'CONFIG_AXIPERF' "$src/hw/misc/meson.build" || die "$src: CONFIG_AXIPERF not set up: run tools/qemu/apply.sh first"

if ! grep -q 'tools/qemu/mdm/axiperf_mdm.c' "$src/hw/misc/meson.build"; then
	cat >>"$src/hw/misc/meson.build" <<'MESON'

softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/mdm/axiperf_mdm.c',
        '../../axiperf-tree/tools/qemu/mdm/mdm_core.c',
        '../../axiperf-tree/tools/qemu/mb/mb_insn.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/mdm',
    '../../axiperf-tree/tools/qemu/mb'))])
MESON
fi

if ! grep -q '^axiperf_mdm_read' "$src/hw/misc/trace-events"; then
	cat "$here/trace-events" >>"$src/hw/misc/trace-events"
fi
