#!/bin/bash
# apply-zynqmp.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to QEMU's
# ZynqMP board (xlnx-zcu102) in a QEMU 7.2 tree that tools/qemu/apply.sh has
# prepared (CONFIG_AXIPERF and its build rules exist).
#   - hw/arm/Kconfig: XLNX_ZYNQMP_ARM selects AXIPERF
#   - hw/arm/xlnx-zcu102.c: a monitor at 0xa0000000 (GIC SPI 89, the PL's
#     pl_ps_irq0[0]) watching the link driven by its traffic generator at
#     0xa0010000, both in the PL window behind M_AXI_HPM0_FPD
set -euo pipefail
src=${1:?usage: apply-zynqmp.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-zynqmp.sh: $*" >&2; exit 1; }

grep -q 'CONFIG_AXIPERF' "$src/hw/misc/meson.build" ||
	die "$src: CONFIG_AXIPERF not set up: run tools/qemu/apply.sh first"

k=$src/hw/arm/Kconfig
if ! sed -n '/^config XLNX_ZYNQMP_ARM$/,/^$/p' "$k" | grep -q 'select AXIPERF'; then
	sed -i 's/^config XLNX_ZYNQMP_ARM$/&\n    select AXIPERF/' "$k"
	sed -n '/^config XLNX_ZYNQMP_ARM$/,/^$/p' "$k" | grep -q 'select AXIPERF' ||
		die "$k: no 'config XLNX_ZYNQMP_ARM'"
fi

f=$src/hw/arm/xlnx-zcu102.c
if ! grep -q '"axiperf-monitor"' "$f"; then
	anchor='    s->binfo.ram_size = ram_size;'
	grep -qxF "$anchor" "$f" || die "$f: anchor line not found"
	python3 - "$f" "$anchor" <<'PY'
import sys
path, anchor = sys.argv[1], sys.argv[2]
text = open(path).read()
add = '''    /*
     * axiperf test bed: a monitor in the PL (0xa0000000, GIC SPI 89, 32-bit
     * counters, snapshot, 64-bit data, 6-bit IDs) watching the link that
     * its traffic generator (0xa0010000) drives.
     */
    {
        DeviceState *mon = qdev_new("axiperf-monitor");
        DeviceState *tg = qdev_new("axiperf-traffic-gen");

        sysbus_realize_and_unref(SYS_BUS_DEVICE(mon), &error_fatal);
        sysbus_mmio_map(SYS_BUS_DEVICE(mon), 0, 0xa0000000);
        sysbus_connect_irq(SYS_BUS_DEVICE(mon), 0,
                           qdev_get_gpio_in(DEVICE(&s->soc.gic), 89));
        object_property_set_link(OBJECT(tg), "monitor", OBJECT(mon),
                                 &error_fatal);
        sysbus_realize_and_unref(SYS_BUS_DEVICE(tg), &error_fatal);
        sysbus_mmio_map(SYS_BUS_DEVICE(tg), 0, 0xa0010000);
    }

'''
text = text.replace(anchor + '\n', add + anchor + '\n', 1)
open(path, 'w').write(text)
PY
	grep -q '"axiperf-monitor"' "$f" || die "$f: instantiation not added"
fi
