#!/bin/bash
# apply-mdm.sh QEMU_SRC: adds the axiperf MDM (MicroBlaze counters) to a QEMU
# 7.2 tree that tools/qemu/apply.sh has prepared (QEMU_SRC/axiperf-tree is
# the symlink to the axiperf tree; CONFIG_AXIPERF exists and ZYNQ selects it).
#   - hw/misc/meson.build: the device and its QEMU-free state machine
#   - hw/misc/trace-events: the device's trace events
#   - hw/arm/xilinx_zynq.c: the MDM at 0x41400000, its workload window at
#     0x41410000, Dbg_Intr on GIC SPI 30
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
        '../../axiperf-tree/tools/qemu/mdm/mdm_core.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/mdm'))])
MESON
fi

if ! grep -q '^axiperf_mdm_read' "$src/hw/misc/trace-events"; then
	cat "$here/trace-events" >>"$src/hw/misc/trace-events"
fi

f=$src/hw/arm/xilinx_zynq.c
if ! grep -q '"axiperf-mdm"' "$f"; then
	anchor='    zynq_binfo.ram_size = machine->ram_size;'
	grep -qxF "$anchor" "$f" || die "$f: anchor line not found"
	python3 - "$f" "$anchor" <<'PY'
import sys
path, anchor = sys.argv[1], sys.argv[2]
text = open(path).read()
add = '''    /* axiperf test bed: MDM with MicroBlaze counters, Dbg_Intr on GIC SPI 30 */
    dev = qdev_new("axiperf-mdm");
    busdev = SYS_BUS_DEVICE(dev);
    sysbus_realize_and_unref(busdev, &error_fatal);
    sysbus_mmio_map(busdev, 0, 0x41400000);
    sysbus_mmio_map(busdev, 1, 0x41410000);
    sysbus_connect_irq(busdev, 0, pic[30]);

'''
text = text.replace(anchor + '\n', add + anchor + '\n', 1)
open(path, 'w').write(text)
PY
	grep -q '"axiperf-mdm"' "$f" || die "$f: instantiation not added"
fi
