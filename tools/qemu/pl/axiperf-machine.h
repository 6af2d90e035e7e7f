/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The axiperf test bed's devices as a machine places them: one call in
 * each machine's init (each bed of tools/qemu/beds adds it), so that every machine has the same devices.
 */
#ifndef AXIPERF_MACHINE_H
#define AXIPERF_MACHINE_H

#include "exec/hwaddr.h"
#include "hw/irq.h"
#include "hw/qdev-core.h"

/*
 * The PL of the Zynq and MicroBlaze test beds (Documentation/testbed.rst):
 *   axiperf0 0x43c00000, generator 0x43c10000: 32-bit counters, snapshot,
 *            64-bit data, 6-bit IDs; interrupt irq0
 *   axiperf1 0x43c20000, generator 0x43c30000: 64-bit counters, no
 *            snapshot, 32-bit data, 4-bit IDs; interrupt irq1
 *   axiperf2 0x43c40000, generator 0x43c50000: the article's core (legacy
 *            window, 32-bit counters), 32-bit data, 4-bit IDs; no interrupt
 *   MDM      0x41400000, workload window 0x41410000; Dbg_Intr mdm_irq
 */
void axiperf_machine_add_pl(qemu_irq irq0, qemu_irq irq1, qemu_irq mdm_irq);

/* One monitor with the device's defaults (axiperf0's configuration) at
 * mon, watching the link its generator at tg drives; irq may be NULL. */
void axiperf_machine_add_pair(hwaddr mon, hwaddr tg, qemu_irq irq);

/*
 * The ZynqMP test bed on its GIC (SPI n = GPIO input n):
 *   axiperf0 0xa0000000, generator 0xa0010000 (as axiperf_machine_add_pair);
 *            interrupt SPI 89
 *   the PS's four APMs at their addresses (AXIPERF_APM_ZYNQMP: ddr, cci,
 *            ocm, lpd), tapping axiperf0's link where the generator routes
 *            it; SPI 123 is an OR of ddr, cci and the generator's
 *            FAULT_SHARED_IRQ (the CCI-400 PMU's place), SPI 25 of ocm, lpd
 */
void axiperf_machine_add_zynqmp(DeviceState *gic);

#endif
