/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the MDM (axiperf-mdm.c) offers the machine's own CPU, whose
 * counters are its local core's (local-core=N): the CPU's translator
 * (tools/qemu/microblaze-cpu/) hands in the events it raises, and looks
 * at whether any are counted. The events are those of mb_insn.h.
 */
#ifndef AXIPERF_MDM_CPU_H
#define AXIPERF_MDM_CPU_H

/* set while a running counter of the local core counts one of the CPU's events */
extern bool axiperf_mb_cpu_counting;

/*
 * set when QEMU runs without -icount: the translator then hands in the
 * CPU's instructions too (with -icount they come from QEMU's count, and
 * an overflow lands at its exact virtual time)
 */
extern bool axiperf_mb_cpu_insns;

/* the CPU raised each event of `events` (mb_insn.h) once */
void axiperf_mb_cpu_add(uint64_t events);

#endif
