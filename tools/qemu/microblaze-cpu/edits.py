"""QEMU's MicroBlaze counts its instruction, branch and trap events for the
MDM's local core (qemu_edit.py; mb-qemu.h says how): the helper and its
build rule, the block flag, the translator's call after each instruction,
the traps."""

MESON = """
# axiperf test bed: the MicroBlaze events of the CPU (tools/qemu/microblaze-cpu/)
microblaze_ss.add(files('../../axiperf-tree/tools/qemu/microblaze-cpu/mb-qemu.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/microblaze-cpu')))
"""

HELPER = """
/* axiperf test bed: the MicroBlaze events of the CPU (tools/qemu/microblaze-cpu/) */
DEF_HELPER_FLAGS_2(axiperf_mb_count, TCG_CALL_NO_WG, void, env, i64)
"""


def apply(q):
    inc = q.include("microblaze-cpu", "mb-qemu.h")
    q.append("target/microblaze/meson.build", MESON)
    q.append("target/microblaze/helper.h", HELPER)
    q.replace("target/microblaze/cpu.h", [
        ('#include "qemu/cpu-float.h"\n', '#include "qemu/cpu-float.h"\n' + inc),
        ("    *cs_base = (*flags & IMM_FLAG ? env->imm : 0);\n",
         "    *cs_base = (*flags & IMM_FLAG ? env->imm : 0);\n"
         "    if (qatomic_read(&axiperf_mb_cpu_counting)) {\n"
         "        *flags |= AXIPERF_MB_TB_COUNT;\n"
         "    }\n")])
    q.replace("target/microblaze/translate.c", [
        ("    /* Immediate branch-taken destination, or -1 for indirect. */\n"
         "    uint32_t jmp_dest;\n} DisasContext;\n",
         "    /* Immediate branch-taken destination, or -1 for indirect. */\n"
         "    uint32_t jmp_dest;\n\n"
         "    /* axiperf test bed: count the CPU's events (mb-translate.c.inc) */\n"
         "    bool axiperf_count;\n"
         "    bool axiperf_dropped;\n} DisasContext;\n"),
        ('#include "decode-insns.c.inc"\n',
         '#include "decode-insns.c.inc"\n' + q.include("microblaze-cpu", "mb-translate.c.inc")),
        ("    dc->tb_flags = dc->base.tb->flags;\n",
         "    dc->tb_flags = dc->base.tb->flags & ~AXIPERF_MB_TB_COUNT;\n"
         "    dc->axiperf_count = dc->base.tb->flags & AXIPERF_MB_TB_COUNT;\n"),
        ("    uint32_t ir;\n\n    /* TODO: This should raise an exception, not terminate qemu. */\n",
         "    uint32_t ir;\n    bool dslot = dc->tb_flags & D_FLAG;\n\n"
         "    dc->axiperf_dropped = false;\n"
         "    /* TODO: This should raise an exception, not terminate qemu. */\n"),
        # an instruction these refuse is dropped (without MSR_EE, no
        # exception either): it raises no event
        ("        gen_raise_hw_excp(dc, ESR_EC_ILLEGAL_OP);\n    }\n    return cond;\n",
         "        gen_raise_hw_excp(dc, ESR_EC_ILLEGAL_OP);\n    }\n"
         "    dc->axiperf_dropped |= cond;\n    return cond;\n"),
        ("        gen_raise_hw_excp(dc, ESR_EC_PRIVINSN);\n    }\n    return cond_user;\n",
         "        gen_raise_hw_excp(dc, ESR_EC_PRIVINSN);\n    }\n"
         "    dc->axiperf_dropped |= cond_user;\n    return cond_user;\n"),
        ("                      insn_type, (uint32_t)dc->base.pc_next);\n        return true;\n",
         "                      insn_type, (uint32_t)dc->base.pc_next);\n"
         "        dc->axiperf_dropped = true;\n        return true;\n"),
        ("    if (!decode(dc, ir)) {\n        trap_illegal(dc, true);\n    }\n",
         "    if (!decode(dc, ir)) {\n        trap_illegal(dc, true);\n"
         "    } else {\n        axiperf_mb_gen_count(dc, ir, dslot);\n    }\n")])
    q.replace("target/microblaze/helper.c", [
        ("    switch (cs->exception_index) {\n    case EXCP_HW_EXCP:\n",
         "    axiperf_mb_cpu_trap(cs);\n\n"
         "    switch (cs->exception_index) {\n    case EXCP_HW_EXCP:\n")])
