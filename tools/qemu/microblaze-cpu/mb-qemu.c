// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The MicroBlaze events in QEMU's target/microblaze (mb-qemu.h): the
 * helper the translated code calls, and the traps.
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/helper-proto.h"

#include "mb_insn.h"
#include "mb-qemu.h"

void helper_axiperf_mb_count(CPUMBState *env, uint64_t events)
{
    axiperf_mb_cpu_add(events);
}

void axiperf_mb_cpu_trap(CPUState *cs)
{
    MicroBlazeCPU *cpu = MICROBLAZE_CPU(cs);

    if (!qatomic_read(&axiperf_mb_cpu_counting)) {
        return;
    }
    switch (cs->exception_index) {
    case EXCP_HW_EXCP:
        /* taken only on a MicroBlaze built with exceptions */
        if (cpu->cfg.pvr_regs[0] & PVR0_USE_EXC_MASK) {
            axiperf_mb_cpu_add(axiperf_mb_trap_events(AXIPERF_MB_TRAP_HW, 0));
        }
        break;
    case EXCP_MMU:
        axiperf_mb_cpu_add(axiperf_mb_trap_events(AXIPERF_MB_TRAP_MMU,
                                                  cpu->env.esr & ESR_EC_MASK));
        break;
    case EXCP_IRQ:
        axiperf_mb_cpu_add(axiperf_mb_trap_events(AXIPERF_MB_TRAP_IRQ, 0));
        break;
    default:    /* a break (brk, the debugger) is not an exception */
        break;
    }
}
