#!/bin/bash
# apply.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to a pristine
# Debian QEMU 7.2 source tree. The device sources and the monitor's C model
# stay in the axiperf tree: QEMU_SRC/axiperf-tree is a symlink to it.
set -euo pipefail
src=$1
top=$2
die() { echo "apply.sh: $*" >&2; exit 1; }

ln -sfn "$top" "$src/axiperf-tree"

# build rules: the two device models and the model they wrap
cat >>"$src/hw/misc/meson.build" <<'MESON'

axiperf_inc = include_directories('../../axiperf-tree/model',
                                  '../../axiperf-tree/include',
                                  '../../axiperf-tree/tools/qemu')
softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/axiperf-monitor.c',
        '../../axiperf-tree/tools/qemu/axiperf-traffic-gen.c',
        '../../axiperf-tree/model/axiperf_model.c'),
  declare_dependency(include_directories: axiperf_inc)])
MESON
printf '\nconfig AXIPERF\n    bool\n' >>"$src/hw/misc/Kconfig"
cat "$top/tools/qemu/trace-events" >>"$src/hw/misc/trace-events"

# the machine: ZYNQ selects the devices and instantiates them
sed -i 's/^config ZYNQ$/&\n    select AXIPERF/' "$src/hw/arm/Kconfig"
grep -q 'select AXIPERF' "$src/hw/arm/Kconfig" || die "hw/arm/Kconfig: no 'config ZYNQ'"

f=$src/hw/arm/xilinx_zynq.c
anchor='    sysbus_mmio_map(busdev, 0, 0xF8007000);'
grep -qxF "$anchor" "$f" || die "$f: anchor line not found"
python3 - "$f" "$anchor" <<'PY'
import sys
path, anchor = sys.argv[1], sys.argv[2]
text = open(path).read()
add = '''
    /*
     * axiperf test bed: two monitors, each watching the link that its own
     * traffic generator drives.
     * axiperf0: 0x43c00000, GIC SPI 29, 32-bit counters, snapshot, 64-bit data
     * axiperf1: 0x43c20000, GIC SPI 31, 64-bit counters, no snapshot,
     *           32-bit data, 4-bit IDs
     * axiperf2: 0x43c40000, the article's core (legacy: 0x80 window, no
     *           interrupt, 32-bit counters), 32-bit data, 4-bit IDs
     */
    {
        static const struct {
            hwaddr mon, tg;
            int spi;
            uint32_t counter_width, data_width, id_width;
            bool snapshot, legacy;
        } axp[] = {
            { 0x43c00000, 0x43c10000, 29, 32, 64, 6, true, false },
            { 0x43c20000, 0x43c30000, 31, 64, 32, 4, false, false },
            { 0x43c40000, 0x43c50000, -1, 32, 32, 4, false, true },
        };
        int i;

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
            if (axp[i].spi >= 0) {
                sysbus_connect_irq(SYS_BUS_DEVICE(mon), 0, pic[axp[i].spi]);
            }
            object_property_set_link(OBJECT(tg), "monitor", OBJECT(mon),
                                     &error_fatal);
            sysbus_realize_and_unref(SYS_BUS_DEVICE(tg), &error_fatal);
            sysbus_mmio_map(SYS_BUS_DEVICE(tg), 0, axp[i].tg);
        }
    }
'''
text = text.replace(anchor + '\n', anchor + '\n' + add, 1)
open(path, 'w').write(text)
PY

# QEMU 7.2's Cortex-A9 global timer drives its interrupt as a level (flag
# && IRQ enable), but the GIC takes PPI 27 on a rising edge and the A9 TRM
# has every comparator event set ID 27 pending. An event that came while
# the line was still high (a periodic guest clearing the flag just as the
# next auto-increment match is reached, both inside one register write)
# made no edge: the flag stayed set, no timer interrupt ever came again and
# the guest slept for good. Each new event now lowers the line first.
f=$src/hw/timer/a9gtimer.c
python3 - "$f" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
edits = [
    ("        int64_t cdiff = 0;\n",
     "        int64_t cdiff = 0;\n"
     "        bool event = false;\n"),
    ("                gtb->status = 1;\n",
     "                /* an event: the flag rises, or a further match */\n"
     "                event = !gtb->status;\n"
     "                gtb->status = 1;\n"),
    ("                    gtb->compare += inc;\n",
     "                    gtb->compare += inc;\n"
     "                    event = true;\n"),
    ("        qemu_set_irq(gtb->irq,\n",
     "        if (event && (gtb->control & R_CONTROL_IRQ_ENABLE)) {\n"
     "            /* ID 27 is edge-triggered: each event makes an edge */\n"
     "            qemu_set_irq(gtb->irq, 0);\n"
     "        }\n"
     "        qemu_set_irq(gtb->irq,\n"),
]
for old, new in edits:
    if text.count(old) != 1:
        sys.exit("apply.sh: %s: a9gtimer.c anchor not found exactly once" % path)
    text = text.replace(old, new, 1)
open(path, "w").write(text)
PY

# QEMU 7.2's Cortex-A9 has no PMU feature, so the guest's `cycles` reads 0
f=$src/target/arm/cpu_tcg.c
anchor='    cpu->dtb_compatible = "arm,cortex-a9";'
grep -qxF "$anchor" "$f" || die "$f: cortex_a9_initfn anchor not found"
sed -i "s|^$anchor\$|&\n    set_feature(\&cpu->env, ARM_FEATURE_PMU);|" "$f"
grep -q 'ARM_FEATURE_PMU);' "$f" || die "$f: PMU feature not added"

# the MDM with the MicroBlaze counters (0x41400000, GIC SPI 30)
"$top/tools/qemu/mdm/apply-mdm.sh" "$src"
