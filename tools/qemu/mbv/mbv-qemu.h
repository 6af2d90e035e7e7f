/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MicroBlaze V HPM events in QEMU's target/riscv (the axiperf test
 * bed; tools/qemu/mbv/apply-mbv.sh adds the calls):
 *   - csr.c's mhpmevent writes call axiperf_mbv_hpm_event_written();
 *   - riscv_cpu_do_interrupt() calls axiperf_mbv_hpm_trap();
 *   - translate.c includes mbv-translate.c.inc, which counts the
 *     instructions' events (helper_mbv_hpm_count) and the divisors
 *     (helper_mbv_hpm_divisor), in blocks translated while a counter
 *     selects them.
 * CPURISCVState carries mbv_code[] (what each counter counts: class << 1
 * | events, 0 for none), mbv_sel[] (per class, the events some counter
 * selects) and mbv_gen, the translation blocks' cs_base: it changes with
 * mbv_sel, so no block translated for other selections runs again.
 */
#ifndef AXIPERF_MBV_QEMU_H
#define AXIPERF_MBV_QEMU_H

void axiperf_mbv_hpm_event_written(CPURISCVState *env, int ctr, uint64_t value);
void axiperf_mbv_hpm_add(CPURISCVState *env, unsigned int cls, uint32_t events);
void axiperf_mbv_hpm_trap(CPURISCVState *env, bool async);

#endif
