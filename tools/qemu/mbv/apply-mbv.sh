#!/bin/bash
# apply-mbv.sh QEMU_SRC AXIPERF_TOP: the MicroBlaze V test bed in a QEMU 7.2
# tree that tools/qemu/apply.sh has prepared (CONFIG_AXIPERF, its build
# rules and the MDM's exist):
#   - hw/riscv/virt.c: the Zynq test bed's PL (three monitor and generator
#     pairs, the MDM) at the Zynq addresses, on PLIC sources 40 (axiperf0),
#     41 (axiperf1) and 42 (the MDM's Dbg_Intr); virt's 32-bit PCIe window
#     moves from 0x40000000-0x7fffffff to 0x60000000-0x7fffffff to make
#     room (the guest has no PCI)
#   - target/riscv: the MicroBlaze V HPM events (tools/qemu/mbv/mbv-qemu.h)
# Every edit names its anchor when the anchor is not there exactly once.
set -euo pipefail
src=${1:?usage: apply-mbv.sh QEMU_SRC AXIPERF_TOP}
top=${2:?usage: apply-mbv.sh QEMU_SRC AXIPERF_TOP}
die() { echo "apply-mbv.sh: $*" >&2; exit 1; }

grep -q 'tools/qemu/mdm/axiperf_mdm.c' "$src/hw/misc/meson.build" ||
	die "$src: the axiperf devices are not set up: run tools/qemu/apply.sh first"

"$top/tools/qemu/add-testbed.py" --select "$src/hw/riscv/Kconfig" RISCV_VIRT
"$top/tools/qemu/add-testbed.py" "$src/hw/riscv/virt.c" \
	'    virt_flash_create(s);' \
	'    /* axiperf test bed, as on the Zynq one (tools/qemu/axiperf-machine.h) */
    axiperf_machine_add_pl(qdev_get_gpio_in(DEVICE(mmio_irqchip), 40),
                           qdev_get_gpio_in(DEVICE(mmio_irqchip), 41),
                           qdev_get_gpio_in(DEVICE(mmio_irqchip), 42));'

cat >>"$src/target/riscv/meson.build" <<'MESON'

# axiperf test bed: the MicroBlaze V HPM events (tools/qemu/mbv/)
riscv_softmmu_ss.add(files('../../axiperf-tree/tools/qemu/mbv/mbv-qemu.c',
                           '../../axiperf-tree/tools/qemu/mbv/mbv_hpm.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/mbv')))
MESON
cat >>"$src/target/riscv/helper.h" <<'HELPER'

/* axiperf test bed: MicroBlaze V HPM events (tools/qemu/mbv/) */
DEF_HELPER_FLAGS_2(mbv_hpm_count, TCG_CALL_NO_WG, void, env, i32)
DEF_HELPER_FLAGS_3(mbv_hpm_count_before, TCG_CALL_NO_WG, void, env, i32, tl)
DEF_HELPER_FLAGS_4(mbv_hpm_divisor, TCG_CALL_NO_WG, void, env, tl, i32, tl)
HELPER

"$top/tools/qemu/srcedit.py" apply-mbv.sh "$src" mbv <<'PY'
edit("hw/riscv/virt.c", [
    ("    [VIRT_PCIE_MMIO] =    { 0x40000000,    0x40000000 },\n",
     "    /* axiperf test bed: 0x40000000-0x5fffffff is its PL */\n"
     "    [VIRT_PCIE_MMIO] =    { 0x60000000,    0x20000000 },\n", 1)])
edit("target/riscv/cpu.h", [
    ("    target_ulong mhpmeventh_val[RV_MAX_MHPMEVENTS];\n",
     "    target_ulong mhpmeventh_val[RV_MAX_MHPMEVENTS];\n"
     "    /* axiperf test bed: MicroBlaze V HPM events (mbv-qemu.h) */\n"
     "    uint32_t mbv_code[RV_MAX_MHPMCOUNTERS];\n"
     "    uint32_t mbv_sel[16];\n"
     "    target_ulong mbv_gen;\n"
     "    target_ulong mbv_pend_pc;\n"
     "    uint32_t mbv_pend_code[2];\n", 1)])
edit("target/riscv/cpu.h", [
    ("    uint8_t pmu_num;\n",
     "    uint8_t pmu_num;\n"
     "    uint8_t axiperf_hpm_shift;      /* axiperf test bed (mbv-qemu.h) */\n", 1)])
edit("target/riscv/cpu.c", [
    ('    DEFINE_PROP_UINT8("pmu-num", RISCVCPU, cfg.pmu_num, 16),\n',
     '    DEFINE_PROP_UINT8("pmu-num", RISCVCPU, cfg.pmu_num, 16),\n'
     '    DEFINE_PROP_UINT8("x-axiperf-hpm-shift", RISCVCPU, cfg.axiperf_hpm_shift, 0),\n', 1)])
edit("target/riscv/csr.c", [
    ('#include "cpu.h"\n', '#include "cpu.h"\n' + INC % "mbv-qemu.h", 1),
    # QEMU's own event map stays empty: mhpmevent 1 and 2 would read back
    # cycles and instructions, 0x10019.. count TLB misses, where on a
    # MicroBlaze V such values count nothing (UG1629)
    ("    riscv_pmu_update_event_map(env, mhpmevt_val, evt_index);\n",
     "    axiperf_mbv_hpm_event_written(env, evt_index, mhpmevt_val);\n", 2)])
edit("target/riscv/cpu_helper.c", [
    ('#include "cpu.h"\n', '#include "cpu.h"\n' + INC % "mbv-qemu.h", 1),
    # the selection is part of every block's identity
    ("    *cs_base = 0;\n", "    *cs_base = env->mbv_gen;\n", 1),
    ("    if (!async) {\n        /* set tval to badaddr for traps with address information */\n",
     "    axiperf_mbv_hpm_trap(env, async, cause);\n\n"
     "    if (!async) {\n        /* set tval to badaddr for traps with address information */\n", 1)])
edit("target/riscv/translate.c", [
    ("typedef struct DisasContext {\n    DisasContextBase base;\n",
     "typedef struct DisasContext {\n    DisasContextBase base;\n"
     "    const uint32_t *mbv_sel;\n", 1),
    ("    ctx->misa_ext = env->misa_ext;\n",
     "    ctx->misa_ext = env->misa_ext;\n    ctx->mbv_sel = env->mbv_sel;\n", 1),
    ('#include "insn_trans/trans_rvi.c.inc"\n',
     INC % "mbv-translate.c.inc" + '#include "insn_trans/trans_rvi.c.inc"\n', 1),
    ("static void decode_opc(CPURISCVState *env, DisasContext *ctx, uint16_t opcode)\n{\n",
     "static void mbv_decode_opc(CPURISCVState *env, DisasContext *ctx, uint16_t opcode)\n{\n", 1),
    ("static void riscv_tr_init_disas_context(",
     "/* the instruction, with its MicroBlaze V HPM events (mbv-translate.c.inc) */\n"
     "static void decode_opc(CPURISCVState *env, DisasContext *ctx, uint16_t opcode)\n"
     "{\n"
     "    bool before = false;\n\n"
     "    if (ctx->mbv_sel[0] || ctx->mbv_sel[4]) {\n"
     "        mbv_gen_before(env, ctx, opcode, &before);\n"
     "    }\n"
     "    mbv_decode_opc(env, ctx, opcode);\n"
     "    mbv_gen_after(ctx, before);\n"
     "}\n\n"
     "static void riscv_tr_init_disas_context(", 1)])
edit("target/riscv/insn_trans/trans_rvi.c.inc", [
    ("    gen_goto_tb(ctx, 1, ctx->pc_succ_insn);\n\n    gen_set_label(l); /* branch taken */\n",
     "    mbv_gen_branch(ctx, false);\n"
     "    gen_goto_tb(ctx, 1, ctx->pc_succ_insn);\n\n    gen_set_label(l); /* branch taken */\n"
     "    mbv_gen_branch(ctx, true);\n", 1)])
PY
