/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MicroBlaze V HPM events in QEMU's target/riscv (the axiperf test
 * bed; tools/qemu/microblaze-v-cpu/edits.py adds the calls):
 *   - csr.c's mhpmevent writes call axiperf_mbv_hpm_event_written();
 *   - riscv_cpu_do_interrupt() calls axiperf_mbv_hpm_trap();
 *   - translate.c includes mbv-translate.c.inc, which counts the
 *     instructions' events (helper_mbv_hpm_count) and the divisors
 *     (helper_mbv_hpm_divisor), in blocks translated while a counter
 *     selects them.
 * CPURISCVState carries mbv_code[] (what each counter counts: class << 1
 * | events, 0 for none), mbv_sel[] (per class, the events some counter
 * selects) and mbv_gen, the translation blocks' cs_base: the id of the
 * selection (mbv-qemu.c), the same for every hart, so a block runs only
 * on a hart whose selection it was made for. mbv_pend_pc and
 * mbv_pend_code[] hold what was counted before the instruction at that pc
 * (its events, when it ends its block; a divide by zero), taken back if
 * it traps (it did not retire).
 */
#ifndef AXIPERF_MBV_QEMU_H
#define AXIPERF_MBV_QEMU_H

/* mhpmevent's class field, bits 4:1: the size of CPURISCVState's mbv_sel[] */
#define AXIPERF_MBV_QEMU_CLASSES 16

void axiperf_mbv_hpm_event_written(CPURISCVState *env, int ctr, uint64_t value);
void axiperf_mbv_hpm_add(CPURISCVState *env, unsigned int cls, uint32_t events);
void axiperf_mbv_hpm_trap(CPURISCVState *env, bool async, target_ulong cause);

#endif
