#!/bin/bash
# apply-ml605.sh QEMU_SRC AXIPERF_TOP: adds the axiperf test bed to QEMU's
# MicroBlaze board (petalogix-ml605, little-endian MicroBlaze with MMU) in
# a QEMU 7.2 tree that tools/qemu/apply.sh has prepared (CONFIG_AXIPERF,
# its build rules and the MDM's exist).
#   - hw/microblaze/Kconfig: PETALOGIX_ML605 selects AXIPERF
#   - hw/microblaze/petalogix_ml605_mmu.c: the Zynq test bed's three
#     monitor and traffic generator pairs and the MDM, at the Zynq
#     addresses (free in this board's map), on the board's xps-intc:
#       axiperf0 0x43c00000 intc input 6, its generator 0x43c10000
#       axiperf1 0x43c20000 intc input 7, its generator 0x43c30000
#       axiperf2 0x43c40000 (the article's core, no interrupt), 0x43c50000
#       MDM      0x41400000 (workload window 0x41410000), Dbg_Intr input 8
#     Inputs 0-5 are the board's own devices.
#   - target/microblaze: the CPU's instruction, branch and trap events
#     for the MDM's local core (tools/qemu/mb/mb-qemu.h)
set -euo pipefail
src=${1:?usage: apply-ml605.sh QEMU_SRC AXIPERF_TOP}
top=${2:?usage: apply-ml605.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-ml605.sh: $*" >&2; exit 1; }

grep -q 'tools/qemu/mdm/axiperf_mdm.c' "$src/hw/misc/meson.build" ||
	die "$src: the axiperf devices are not set up: run tools/qemu/apply.sh first"

"$top/tools/qemu/add-testbed.py" --select "$src/hw/microblaze/Kconfig" PETALOGIX_ML605
"$top/tools/qemu/add-testbed.py" "$src/hw/microblaze/petalogix_ml605_mmu.c" \
	'    /* setup PVR to match kernel settings */' \
	'    /* axiperf test bed, as on the Zynq one (tools/qemu/axiperf-machine.h) */
    axiperf_machine_add_pl(irq[6], irq[7], irq[8]);'

# target/microblaze: the CPU's own events for the MDM's local core
# (tools/qemu/mb/mb-qemu.h). Every edit names its anchor when the anchor is
# not there exactly once.
cat >>"$src/target/microblaze/meson.build" <<'MESON'

# axiperf test bed: the MicroBlaze events of the CPU (tools/qemu/mb/)
microblaze_ss.add(files('../../axiperf-tree/tools/qemu/mb/mb-qemu.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/mb')))
MESON
cat >>"$src/target/microblaze/helper.h" <<'HELPER'

/* axiperf test bed: the MicroBlaze events of the CPU (tools/qemu/mb/) */
DEF_HELPER_FLAGS_2(axiperf_mb_count, TCG_CALL_NO_WG, void, env, i64)
HELPER

"$top/tools/qemu/srcedit.py" apply-ml605.sh "$src" mb <<'PY'
edit("target/microblaze/cpu.h", [
    ('#include "qemu/cpu-float.h"\n',
     '#include "qemu/cpu-float.h"\n' + INC % "mb-qemu.h"),
    ("    *cs_base = (*flags & IMM_FLAG ? env->imm : 0);\n",
     "    *cs_base = (*flags & IMM_FLAG ? env->imm : 0);\n"
     "    if (qatomic_read(&axiperf_mb_cpu_counting)) {\n"
     "        *flags |= AXIPERF_MB_TB_COUNT;\n"
     "    }\n")])
edit("target/microblaze/translate.c", [
    ("    /* Immediate branch-taken destination, or -1 for indirect. */\n"
     "    uint32_t jmp_dest;\n} DisasContext;\n",
     "    /* Immediate branch-taken destination, or -1 for indirect. */\n"
     "    uint32_t jmp_dest;\n\n"
     "    /* axiperf test bed: count the CPU's events (mb-translate.c.inc) */\n"
     "    bool axiperf_count;\n"
     "    bool axiperf_dropped;\n} DisasContext;\n"),
    ('#include "decode-insns.c.inc"\n',
     '#include "decode-insns.c.inc"\n' + INC % "mb-translate.c.inc"),
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
edit("target/microblaze/helper.c", [
    ("    switch (cs->exception_index) {\n    case EXCP_HW_EXCP:\n",
     "    axiperf_mb_cpu_trap(cs);\n\n"
     "    switch (cs->exception_index) {\n    case EXCP_HW_EXCP:\n")])
PY
