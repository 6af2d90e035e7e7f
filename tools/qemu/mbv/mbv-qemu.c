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

void axiperf_mbv_hpm_event_written(CPURISCVState *env, int ctr, uint64_t value)
{
    uint32_t sel[ARRAY_SIZE(env->mbv_sel)] = { 0 };
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
        /* blocks translated for the old selection never match again */
        env->mbv_gen++;
    }
}

void axiperf_mbv_hpm_add(CPURISCVState *env, unsigned int cls, uint32_t events)
{
    RISCVCPU *cpu = env_archcpu(env);
    /* the test bed's x-axiperf-hpm-shift: one event counts 2^shift */
    uint64_t inc = 1ull << (cpu->cfg.axiperf_hpm_shift & 63);
    unsigned int i;

    if (!(env->mbv_sel[cls] & events)) {
        return;
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
                          (uint32_t)c->mhpmcounter_val) + inc;

            c->mhpmcounter_val = (uint32_t)v;
            c->mhpmcounterh_val = (uint32_t)(v >> 32);
        } else {
            c->mhpmcounter_val += inc;
        }
    }
}

void axiperf_mbv_hpm_trap(CPURISCVState *env, bool async)
{
    axiperf_mbv_hpm_add(env, 1, (async ? AXIPERF_MBV_EV_INTERRUPTS :
                                 AXIPERF_MBV_EV_EXCEPTIONS) & AXIPERF_MBV_EVENT);
}

void helper_mbv_hpm_count(CPURISCVState *env, uint32_t code)
{
    axiperf_mbv_hpm_add(env, code_class(code), code & AXIPERF_MBV_EVENT);
}

void helper_mbv_hpm_divisor(CPURISCVState *env, target_ulong divisor,
                            uint32_t word)
{
    if (word ? !(uint32_t)divisor : !divisor) {
        axiperf_mbv_hpm_add(env, 4,
                            AXIPERF_MBV_EV_DIVIDES_BY_ZERO & AXIPERF_MBV_EVENT);
    }
}
