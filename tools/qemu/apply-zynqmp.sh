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
top=${2:?usage: apply-zynqmp.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-zynqmp.sh: $*" >&2; exit 1; }

grep -q 'CONFIG_AXIPERF' "$src/hw/misc/meson.build" ||
	die "$src: CONFIG_AXIPERF not set up: run tools/qemu/apply.sh first"

"$top/tools/qemu/add-testbed.py" --select "$src/hw/arm/Kconfig" XLNX_ZYNQMP_ARM
"$top/tools/qemu/add-testbed.py" "$src/hw/arm/xlnx-zcu102.c" \
	'    s->binfo.ram_size = ram_size;' \
	'    /* axiperf test bed: a monitor in the PL, GIC SPI 89 (pl_ps_irq0[0]) */
    axiperf_machine_add_pair(0xa0000000, 0xa0010000,
                             qdev_get_gpio_in(DEVICE(&s->soc.gic), 89));'
