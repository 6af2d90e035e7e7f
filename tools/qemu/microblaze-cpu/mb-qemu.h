/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MicroBlaze events of QEMU's own MicroBlaze (the axiperf ml605 test
 * bed; edits.py here adds the calls), counted by the MDM's local core
 * (tools/qemu/mdm/mdm-cpu.h):
 *   - translate.c includes mb-translate.c.inc: while some running counter
 *     of the local core counts one of mb_insn.h's events, blocks are
 *     translated with a call after each instruction that hands in the
 *     events it raised (helper_axiperf_mb_count; a conditional branch
 *     picks its taken or not-taken events at run time). The block's flags
 *     carry AXIPERF_MB_TB_COUNT, so blocks translated either way stay
 *     apart and none is flushed when counting starts or stops; the CPU
 *     leaves its chained blocks when it does (cpu_exit), so the next
 *     block is looked up with the new flag;
 *   - mb_cpu_do_interrupt() calls axiperf_mb_cpu_trap().
 * An instruction that faults never gets past its code, so it raises its
 * events when it runs again, as it retires then; one dropped as illegal
 * (trap_illegal, trap_userspace, a delay slot's, with no exception taken)
 * raises none.
 */
#ifndef AXIPERF_MB_QEMU_H
#define AXIPERF_MB_QEMU_H

/* what the MDM offers the CPU: whether it counts, and where events go */
#include "../mdm/mdm-cpu.h"

/* a translation block flag MicroBlaze's iflags and MSR bits leave free */
#define AXIPERF_MB_TB_COUNT	(1U << 31)

/* mb_cpu_do_interrupt(): the events of the trap it takes; mb-qemu.c */
void axiperf_mb_cpu_trap(CPUState *cs);

#endif
