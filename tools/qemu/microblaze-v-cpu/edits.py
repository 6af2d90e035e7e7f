"""QEMU's RISC-V CPU counts the MicroBlaze V HPM events (qemu_edit.py;
mbv-qemu.h says how): the helpers and their build rule, the CPU state and
the test-only property, the mhpmevent writes (QEMU's own event map left
empty), the blocks' identity, the traps, the translator's calls around each
instruction and on each way out of a conditional branch, and mcycle and
minstret from the instructions the translator counts retired."""

MESON = """
# axiperf test bed: the MicroBlaze V HPM events (tools/qemu/microblaze-v-cpu/)
riscv_softmmu_ss.add(files('../../axiperf-tree/tools/qemu/microblaze-v-cpu/mbv-qemu.c',
                           '../../axiperf-tree/tools/qemu/microblaze-v-cpu/mbv_hpm.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/microblaze-v-cpu')))
"""

HELPER = """
/* axiperf test bed: MicroBlaze V HPM events (tools/qemu/microblaze-v-cpu/) */
DEF_HELPER_FLAGS_2(mbv_hpm_count, TCG_CALL_NO_WG, void, env, i32)
DEF_HELPER_FLAGS_3(mbv_hpm_count_before, TCG_CALL_NO_WG, void, env, i32, tl)
DEF_HELPER_FLAGS_4(mbv_hpm_divisor, TCG_CALL_NO_WG, void, env, tl, i32, tl)
"""


def apply(q):
    inc = q.include("microblaze-v-cpu", "mbv-qemu.h")
    q.append("target/riscv/meson.build", MESON)
    q.append("target/riscv/helper.h", HELPER)
    q.replace("target/riscv/cpu.h", [
        ("    target_ulong mhpmeventh_val[RV_MAX_MHPMEVENTS];\n",
         "    target_ulong mhpmeventh_val[RV_MAX_MHPMEVENTS];\n"
         "    /* axiperf test bed: MicroBlaze V HPM events (mbv-qemu.h) */\n"
         "    uint32_t mbv_code[RV_MAX_MHPMCOUNTERS];\n"
         "    uint32_t mbv_sel[16];\n"
         "    target_ulong mbv_gen;\n"
         "    target_ulong mbv_pend_pc;\n"
         "    uint32_t mbv_pend_code[2];\n"
         "    uint64_t mbv_retired;\n"
         "    target_ulong mbv_retire_pc;\n"),
        ("    uint8_t pmu_num;\n",
         "    uint8_t pmu_num;\n"
         "    uint8_t axiperf_hpm_shift;      /* axiperf test bed (mbv-qemu.h) */\n")])
    q.replace("target/riscv/cpu.c", [
        ('    DEFINE_PROP_UINT8("pmu-num", RISCVCPU, cfg.pmu_num, 16),\n',
         '    DEFINE_PROP_UINT8("pmu-num", RISCVCPU, cfg.pmu_num, 16),\n'
         '    DEFINE_PROP_UINT8("x-axiperf-hpm-shift", RISCVCPU, cfg.axiperf_hpm_shift, 0),\n')])
    q.replace("target/riscv/csr.c", [
        ('#include "cpu.h"\n', '#include "cpu.h"\n' + inc),
        # mcycle and minstret count the instructions the translator saw
        # retire (one a clock), whether or not QEMU runs with -icount:
        # without it, QEMU's own count is the host's clock
        ("static target_ulong get_ticks(bool shift)\n{\n    int64_t val;\n"
         "    target_ulong result;\n\n#if !defined(CONFIG_USER_ONLY)\n"
         "    if (icount_enabled()) {\n        val = icount_get();\n"
         "    } else {\n        val = cpu_get_host_ticks();\n    }\n",
         "static target_ulong get_ticks_env(CPURISCVState *env, bool shift)\n{\n"
         "    int64_t val;\n    target_ulong result;\n\n#if !defined(CONFIG_USER_ONLY)\n"
         "    /* axiperf test bed: instructions retired (mbv-qemu.h) */\n"
         "    val = env->mbv_retired;\n"),
        ("    return result;\n}\n\n#if defined(CONFIG_USER_ONLY)\n",
         "    return result;\n}\n\n#define get_ticks(shift) get_ticks_env(env, (shift))\n\n"
         "#if defined(CONFIG_USER_ONLY)\n"),
        # QEMU's own event map stays empty: mhpmevent 1 and 2 would read
        # back cycles and instructions, 0x10019.. count TLB misses, where
        # on a MicroBlaze V such values count nothing (UG1629)
        ("    riscv_pmu_update_event_map(env, mhpmevt_val, evt_index);\n",
         "    axiperf_mbv_hpm_event_written(env, evt_index, mhpmevt_val);\n", 2)])
    q.replace("target/riscv/cpu_helper.c", [
        ('#include "cpu.h"\n', '#include "cpu.h"\n' + inc),
        # the selection is part of every block's identity
        ("    *cs_base = 0;\n", "    *cs_base = env->mbv_gen;\n"),
        ("    if (!async) {\n        /* set tval to badaddr for traps with address information */\n",
         "    axiperf_mbv_hpm_trap(env, async, cause);\n\n"
         "    if (!async) {\n        /* set tval to badaddr for traps with address information */\n")])
    q.replace("target/riscv/translate.c", [
        ("typedef struct DisasContext {\n    DisasContextBase base;\n",
         "typedef struct DisasContext {\n    DisasContextBase base;\n"
         "    const uint32_t *mbv_sel;\n"),
        ("    ctx->misa_ext = env->misa_ext;\n",
         "    ctx->misa_ext = env->misa_ext;\n    ctx->mbv_sel = env->mbv_sel;\n"),
        ('#include "insn_trans/trans_rvi.c.inc"\n',
         q.include("microblaze-v-cpu", "mbv-translate.c.inc") +
         '#include "insn_trans/trans_rvi.c.inc"\n'),
        # QEMU's decode_opc() keeps its name; the translator calls ours
        ("static void riscv_tr_init_disas_context(",
         "/* the instruction, with its MicroBlaze V HPM events (mbv-translate.c.inc) */\n"
         "static void axiperf_mbv_decode_opc(CPURISCVState *env, DisasContext *ctx,\n"
         "                                   uint16_t opcode)\n"
         "{\n"
         "    bool before = false;\n\n"
         "    mbv_gen_before(env, ctx, opcode, &before);\n"
         "    decode_opc(env, ctx, opcode);\n"
         "    mbv_gen_after(ctx, before);\n"
         "}\n\n"
         "static void riscv_tr_init_disas_context("),
        ("    decode_opc(env, ctx, opcode16);\n",
         "    axiperf_mbv_decode_opc(env, ctx, opcode16);\n"),
        ('    load_val = tcg_global_mem_new(cpu_env, offsetof(CPURISCVState, load_val),\n'
         '                             "load_val");\n',
         '    load_val = tcg_global_mem_new(cpu_env, offsetof(CPURISCVState, load_val),\n'
         '                             "load_val");\n'
         '    mbv_translate_init();\n')])
    q.replace("target/riscv/insn_trans/trans_rvi.c.inc", [
        ("    gen_goto_tb(ctx, 1, ctx->pc_succ_insn);\n\n    gen_set_label(l); /* branch taken */\n",
         "    mbv_gen_branch(ctx, false);\n"
         "    gen_goto_tb(ctx, 1, ctx->pc_succ_insn);\n\n    gen_set_label(l); /* branch taken */\n"
         "    mbv_gen_branch(ctx, true);\n")])
