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
top=${2:?usage: apply-ml605.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-ml605.sh: $*" >&2; exit 1; }

grep -q 'tools/qemu/mdm/axiperf_mdm.c' "$src/hw/misc/meson.build" ||
	die "$src: the axiperf devices are not set up: run tools/qemu/apply.sh first"

"$top/tools/qemu/add-testbed.py" --select "$src/hw/microblaze/Kconfig" PETALOGIX_ML605
"$top/tools/qemu/add-testbed.py" "$src/hw/microblaze/petalogix_ml605_mmu.c" \
	'    /* setup PVR to match kernel settings */' \
	'    /* axiperf test bed, as on the Zynq one (tools/qemu/axiperf-machine.h) */
    axiperf_machine_add_pl(irq[6], irq[7], irq[8]);'
