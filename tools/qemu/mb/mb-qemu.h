/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MicroBlaze events of QEMU's own MicroBlaze (the axiperf ml605 test
 * bed; tools/qemu/apply-ml605.sh adds the calls), counted by the MDM's
 * local core (tools/qemu/mdm/axiperf_mdm.c local-core):
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

/* a translation block flag MicroBlaze's iflags and MSR bits leave free */
#define AXIPERF_MB_TB_COUNT	(1U << 31)

/* set while a running counter of the local core counts a mb_insn.h event */
extern bool axiperf_mb_cpu_counting;

/*
 * set when QEMU runs without -icount: the translator then hands in the
 * CPU's instructions too (with -icount they come from QEMU's count, and
 * an overflow lands at its exact virtual time)
 */
extern bool axiperf_mb_cpu_insns;

/* the CPU raised each event of `events` (mb_insn.h) once; axiperf_mdm.c */
void axiperf_mb_cpu_add(uint64_t events);

/* mb_cpu_do_interrupt(): the events of the trap it takes; mb-qemu.c */
void axiperf_mb_cpu_trap(CPUState *cs);

#endif
