// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MicroBlaze V HPM event counting in QEMU's RISC-V CPU (mbv-qemu.h).
 * A counter counts while mcountinhibit leaves it running, in every
 * privilege mode (MicroBlaze V has no Sscofpmf filtering), by one per
 * instruction or trap that raises any event it selects (UG1629), or by
 * 2^S with the CPU property x-axiperf-hpm-shift=S (test bed only: an RV32
 * counter then passes 2^32 within a few thousand events, for the tests of
 * riscv_pmu_sbi's 64-bit reads).
 */
#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"

#include "mbv_hpm.h"
#include "mbv-qemu.h"

#include "axiperf/microblaze_v.h"

/* the class of a code (mbv_code[], a helper's argument) */
static unsigned int code_class(uint32_t code)
{
    return (code & AXIPERF_MBV_CLASS) >> AXIPERF_MBV_CLASS_SHIFT;
}

/*
 * Every distinct selection seen, for all harts: a selection's id (its
 * index + 1; 0 selects nothing) is the cs_base of the blocks translated for
 * it, so a hart finds only blocks made for what it counts now, whichever
 * hart made them, and a selection met again finds its blocks again.
 */
typedef uint32_t MbvSelection[AXIPERF_MBV_QEMU_CLASSES];
static MbvSelection *selections;
static size_t num_selections, max_selections;
G_LOCK_DEFINE_STATIC(selections);

static target_ulong selection_id(const MbvSelection sel)
{
    static const MbvSelection none;
    size_t i;

    if (!memcmp(sel, none, sizeof(none))) {
        return 0;
    }
    G_LOCK(selections);
    for (i = 0; i < num_selections; i++) {
        if (!memcmp(selections[i], sel, sizeof(MbvSelection))) {
            break;
        }
    }
    if (i == num_selections) {
        if (num_selections == max_selections) {
            max_selections = max_selections ? 2 * max_selections : 16;
            selections = g_renew(MbvSelection, selections, max_selections);
        }
        memcpy(selections[num_selections++], sel, sizeof(MbvSelection));
    }
    G_UNLOCK(selections);
    return i + 1;
}

void axiperf_mbv_hpm_event_written(CPURISCVState *env, int ctr, uint64_t value)
{
    MbvSelection sel = { 0 };
    unsigned int cls, i;
    uint32_t ev;

    if (ctr < 3 || ctr >= RV_MAX_MHPMCOUNTERS) {
        return;
    }
    ev = axiperf_mbv_selects(value, &cls) & axiperf_mbv_counted(cls);
    env->mbv_code[ctr] = ev ? ev | cls << AXIPERF_MBV_CLASS_SHIFT : 0;
    for (i = 3; i < RV_MAX_MHPMCOUNTERS; i++) {
        uint32_t code = env->mbv_code[i];

        if (code) {
            sel[code_class(code)] |= code & AXIPERF_MBV_EVENT;
        }
    }
    if (memcmp(sel, env->mbv_sel, sizeof(sel))) {
        memcpy(env->mbv_sel, sel, sizeof(sel));
        env->mbv_gen = selection_id(sel);
    }
}

/*
 * Every counter that counts one of `events` (of class cls) adds one event,
 * or with `back` takes one back; an event is 2^x-axiperf-hpm-shift (test
 * bed only: an RV32 counter then passes 2^32 within a few thousand).
 */
static void hpm_count(CPURISCVState *env, unsigned int cls, uint32_t events, bool back)
{
    RISCVCPU *cpu = env_archcpu(env);
    uint64_t step = 1ull << (cpu->cfg.axiperf_hpm_shift & 63);
    unsigned int i;

    if (!(env->mbv_sel[cls] & events)) {
        return;
    }
    if (back) {
        step = -step;
    }
    for (i = 3; i < RV_MAX_MHPMCOUNTERS; i++) {
        uint32_t code = env->mbv_code[i];
        PMUCTRState *c = &env->pmu_ctrs[i];

        if (!code || !(cpu->pmu_avail_ctrs & BIT(i)) ||
            (env->mcountinhibit & BIT(i)) ||
            code_class(code) != cls ||
            !(code & events)) {
            continue;
        }
        if (riscv_cpu_mxl(env) == MXL_RV32) {
            uint64_t v = ((uint64_t)c->mhpmcounterh_val << 32 |
                          (uint32_t)c->mhpmcounter_val) + step;

            c->mhpmcounter_val = (uint32_t)v;
            c->mhpmcounterh_val = (uint32_t)(v >> 32);
        } else {
            c->mhpmcounter_val += step;
        }
    }
}

void axiperf_mbv_hpm_add(CPURISCVState *env, unsigned int cls, uint32_t events)
{
    hpm_count(env, cls, events, false);
}

/* ECALL and EBREAK trap by design: they retire, their events counted */
static bool traps_by_design(target_ulong cause)
{
    return cause == RISCV_EXCP_U_ECALL || cause == RISCV_EXCP_S_ECALL ||
           cause == RISCV_EXCP_VS_ECALL || cause == RISCV_EXCP_M_ECALL ||
           cause == RISCV_EXCP_BREAKPOINT;
}

/*
 * mcycle and minstret (csr.c's get_ticks) read mbv_retired, the
 * instructions the translator counted retired (mbv-translate.c.inc): an
 * instruction that ends its block was counted before its code, and if it
 * traps (other than by ECALL or EBREAK, which retire as UG1629's system
 * instructions do) it did not retire. A fetch fault is raised before the
 * faulting instruction's code, so nothing of it was counted.
 */
static void retired_trap(CPURISCVState *env, bool async, target_ulong cause)
{
    if (!async && env->pc == env->mbv_retire_pc && !traps_by_design(cause) &&
        cause != RISCV_EXCP_INST_ACCESS_FAULT && cause != RISCV_EXCP_INST_PAGE_FAULT &&
        cause != RISCV_EXCP_INST_GUEST_PAGE_FAULT) {
        env->mbv_retired--;
    }
    env->mbv_retire_pc = -1;
}

void axiperf_mbv_hpm_trap(CPURISCVState *env, bool async, target_ulong cause)
{
    unsigned int i;

    retired_trap(env, async, cause);

    /*
     * An instruction whose events were counted before its code (one that
     * ends its block, or a divide's divisor) and that then traps did not
     * retire: its events are taken back. An ECALL or EBREAK traps by
     * design and keeps them.
     */
    if (!async && env->pc == env->mbv_pend_pc && !traps_by_design(cause)) {
        for (i = 0; i < ARRAY_SIZE(env->mbv_pend_code); i++) {
            uint32_t code = env->mbv_pend_code[i];

            if (code) {
                hpm_count(env, code_class(code), code & AXIPERF_MBV_EVENT, true);
            }
        }
    }
    memset(env->mbv_pend_code, 0, sizeof(env->mbv_pend_code));
    axiperf_mbv_hpm_add(env, 1, (async ? AXIPERF_MBV_EV_INTERRUPTS :
                                 AXIPERF_MBV_EV_EXCEPTIONS) & AXIPERF_MBV_EVENT);
}

void helper_mbv_hpm_count(CPURISCVState *env, uint32_t code)
{
    axiperf_mbv_hpm_add(env, code_class(code), code & AXIPERF_MBV_EVENT);
}

/* counted before the instruction at pc: taken back if it traps */
static void count_pending(CPURISCVState *env, unsigned int slot, uint32_t code,
                          target_ulong pc)
{
    if (env->mbv_pend_pc != pc) {
        memset(env->mbv_pend_code, 0, sizeof(env->mbv_pend_code));
        env->mbv_pend_pc = pc;
    }
    env->mbv_pend_code[slot] = code;
    axiperf_mbv_hpm_add(env, code_class(code), code & AXIPERF_MBV_EVENT);
}

void helper_mbv_hpm_count_before(CPURISCVState *env, uint32_t code,
                                 target_ulong pc)
{
    count_pending(env, 0, code, pc);
}

void helper_mbv_hpm_divisor(CPURISCVState *env, target_ulong divisor,
                            uint32_t word, target_ulong pc)
{
    if (word ? !(uint32_t)divisor : !divisor) {
        count_pending(env, 1, (AXIPERF_MBV_EV_DIVIDES_BY_ZERO &
                               AXIPERF_MBV_EVENT) | 4 << AXIPERF_MBV_CLASS_SHIFT,
                      pc);
    }
}
