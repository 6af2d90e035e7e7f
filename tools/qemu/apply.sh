#!/bin/bash
# apply.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to a pristine
# Debian QEMU 7.2 source tree. The device sources and the monitor's C model
# stay in the axiperf tree: QEMU_SRC/axiperf-tree is a symlink to it.
set -euo pipefail
src=$1
top=$2
die() { echo "apply.sh: $*" >&2; exit 1; }

ln -sfn "$top" "$src/axiperf-tree"

# build rules: the two device models, the model they wrap (the reference,
# its per-clock fast path and the holding of runs; not the batch engine,
# which only replay uses), and the function that places them in a machine
cat >>"$src/hw/misc/meson.build" <<'MESON'

axiperf_inc = include_directories('../../axiperf-tree/model',
                                  '../../axiperf-tree/include',
                                  '../../axiperf-tree/tools/qemu')
softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/axiperf-monitor.c',
        '../../axiperf-tree/tools/qemu/axiperf-traffic-gen.c',
        '../../axiperf-tree/tools/qemu/axiperf-machine.c',
        '../../axiperf-tree/model/axiperf_model.c',
        '../../axiperf-tree/model/axiperf_model_quick.c',
        '../../axiperf-tree/model/axiperf_model_hold.c'),
  declare_dependency(include_directories: axiperf_inc)])
MESON
printf '\nconfig AXIPERF\n    bool\n' >>"$src/hw/misc/Kconfig"
cat "$top/tools/qemu/trace-events" >>"$src/hw/misc/trace-events"

# the machine: ZYNQ selects the devices and instantiates them, with the
# MDM (tools/qemu/axiperf-machine.c)
"$top/tools/qemu/add-testbed.py" --select "$src/hw/arm/Kconfig" ZYNQ

"$top/tools/qemu/add-testbed.py" "$src/hw/arm/xilinx_zynq.c" \
	'    zynq_binfo.ram_size = machine->ram_size;' \
	'    /* axiperf test bed: axiperf0 on GIC SPI 29, axiperf1 on SPI 31, the
     * MDM Dbg_Intr on SPI 30 (tools/qemu/axiperf-machine.h) */
    axiperf_machine_add_pl(pic[29], pic[31], pic[30]);'

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

# the MDM's build rules and trace events
"$top/tools/qemu/mdm/apply-mdm.sh" "$src"
