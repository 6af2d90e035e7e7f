#!/bin/bash
# apply-ml605.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to QEMU's
# MicroBlaze board (petalogix-ml605, little-endian MicroBlaze with MMU) in
# a QEMU 7.2 tree that tools/qemu/apply.sh has prepared (CONFIG_AXIPERF,
# its build rules and the MDM's exist).
#   - hw/microblaze/Kconfig: PETALOGIX_ML605 selects AXIPERF
#   - hw/microblaze/petalogix_ml605_mmu.c: the Zynq test bed's three
#     monitor and traffic generator pairs and the MDM, at the Zynq
#     addresses (free in this board's map), on the board's xps-intc:
#       axiperf0 0x43c00000 intc input 6, its generator 0x43c10000
#       axiperf1 0x43c20000 intc input 7, its generator 0x43c30000
#       axiperf2 0x43c40000 (the article's core, no interrupt), 0x43c50000
#       MDM      0x41400000 (workload window 0x41410000), Dbg_Intr input 8
#     Inputs 0-5 are the board's own devices.
set -euo pipefail
src=${1:?usage: apply-ml605.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-ml605.sh: $*" >&2; exit 1; }

grep -q 'tools/qemu/mdm/axiperf_mdm.c' "$src/hw/misc/meson.build" ||
	die "$src: the axiperf devices are not set up: run tools/qemu/apply.sh first"

k=$src/hw/microblaze/Kconfig
if ! sed -n '/^config PETALOGIX_ML605$/,/^$/p' "$k" | grep -q 'select AXIPERF'; then
	sed -i 's/^config PETALOGIX_ML605$/&\n    select AXIPERF/' "$k"
	sed -n '/^config PETALOGIX_ML605$/,/^$/p' "$k" | grep -q 'select AXIPERF' ||
		die "$k: no 'config PETALOGIX_ML605'"
fi

f=$src/hw/microblaze/petalogix_ml605_mmu.c
if ! grep -q '"axiperf-monitor"' "$f"; then
	anchor='    /* setup PVR to match kernel settings */'
	grep -qxF "$anchor" "$f" || die "$f: anchor line not found"
	python3 - "$f" "$anchor" <<'PY'
import sys
path, anchor = sys.argv[1], sys.argv[2]
text = open(path).read()
add = '''    /*
     * axiperf test bed, as on the Zynq one: three monitors, each watching
     * the link its own traffic generator drives, and the MDM.
     */
    {
        static const struct {
            hwaddr mon, tg;
            int irq;
            uint32_t counter_width, data_width, id_width;
            bool snapshot, legacy;
        } axp[] = {
            { 0x43c00000, 0x43c10000, 6, 32, 64, 6, true, false },
            { 0x43c20000, 0x43c30000, 7, 64, 32, 4, false, false },
            { 0x43c40000, 0x43c50000, -1, 32, 32, 4, false, true },
        };

        for (i = 0; i < ARRAY_SIZE(axp); i++) {
            DeviceState *mon = qdev_new("axiperf-monitor");
            DeviceState *tg = qdev_new("axiperf-traffic-gen");

            qdev_prop_set_uint32(mon, "counter-width", axp[i].counter_width);
            qdev_prop_set_uint32(mon, "data-width", axp[i].data_width);
            qdev_prop_set_uint32(mon, "id-width", axp[i].id_width);
            qdev_prop_set_bit(mon, "has-snapshot", axp[i].snapshot);
            qdev_prop_set_bit(mon, "legacy", axp[i].legacy);
            sysbus_realize_and_unref(SYS_BUS_DEVICE(mon), &error_fatal);
            sysbus_mmio_map(SYS_BUS_DEVICE(mon), 0, axp[i].mon);
            if (axp[i].irq >= 0) {
                sysbus_connect_irq(SYS_BUS_DEVICE(mon), 0, irq[axp[i].irq]);
            }
            object_property_set_link(OBJECT(tg), "monitor", OBJECT(mon),
                                     &error_fatal);
            sysbus_realize_and_unref(SYS_BUS_DEVICE(tg), &error_fatal);
            sysbus_mmio_map(SYS_BUS_DEVICE(tg), 0, axp[i].tg);
        }

        dev = qdev_new("axiperf-mdm");
        busdev = SYS_BUS_DEVICE(dev);
        sysbus_realize_and_unref(busdev, &error_fatal);
        sysbus_mmio_map(busdev, 0, 0x41400000);
        sysbus_mmio_map(busdev, 1, 0x41410000);
        sysbus_connect_irq(busdev, 0, irq[8]);
    }

'''
text = text.replace(anchor + '\n', add + anchor + '\n', 1)
open(path, 'w').write(text)
PY
	grep -q '"axiperf-monitor"' "$f" || die "$f: instantiation not added"
fi
