#!/bin/bash
# apply.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to a pristine
# Debian QEMU 7.2 source tree. The device sources and the monitor's C model
# stay in the axiperf tree: QEMU_SRC/axiperf-tree is a symlink to it.
set -euo pipefail
src=$1
top=$2
die() { echo "apply.sh: $*" >&2; exit 1; }

ln -sfn "$top" "$src/axiperf-tree"

# the device list for configure --with-devices-arm=axiperf-zynq
cp "$top/tools/qemu/zynq-devices.mak" "$src/configs/devices/arm-softmmu/axiperf-zynq.mak"

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
    /* axiperf test bed: monitor on GIC SPI 29, its link's traffic generator */
    dev = qdev_new("axiperf-monitor");
    busdev = SYS_BUS_DEVICE(dev);
    sysbus_realize_and_unref(busdev, &error_fatal);
    sysbus_mmio_map(busdev, 0, 0x43c00000);
    sysbus_connect_irq(busdev, 0, pic[29]);
    {
        DeviceState *tg = qdev_new("axiperf-traffic-gen");

        object_property_set_link(OBJECT(tg), "monitor", OBJECT(dev),
                                 &error_fatal);
        sysbus_realize_and_unref(SYS_BUS_DEVICE(tg), &error_fatal);
        sysbus_mmio_map(SYS_BUS_DEVICE(tg), 0, 0x43c10000);
    }
'''
text = text.replace(anchor + '\n', anchor + '\n' + add, 1)
open(path, 'w').write(text)
PY

# QEMU 7.2's Cortex-A9 has no PMU feature, so the guest's `cycles` reads 0
f=$src/target/arm/cpu_tcg.c
anchor='    cpu->dtb_compatible = "arm,cortex-a9";'
grep -qxF "$anchor" "$f" || die "$f: cortex_a9_initfn anchor not found"
sed -i "s|^$anchor\$|&\n    set_feature(\&cpu->env, ARM_FEATURE_PMU);|" "$f"
grep -q 'ARM_FEATURE_PMU);' "$f" || die "$f: PMU feature not added"
