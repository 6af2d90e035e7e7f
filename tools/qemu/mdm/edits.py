"""The MDM with the MicroBlaze debug counters (qemu_edit.py): the device,
its QEMU-free state machine, and the table of the events a MicroBlaze CPU
hands its local core (tools/qemu/microblaze-cpu/mb_insn.c). The machines
place it with the PL (pl/axiperf-machine.c)."""

MESON = """
# axiperf test bed: the MDM (tools/qemu/mdm/)
softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/mdm/axiperf-mdm.c',
        '../../axiperf-tree/tools/qemu/mdm/mdm_core.c',
        '../../axiperf-tree/tools/qemu/microblaze-cpu/mb_insn.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/include', '../../axiperf-tree/tools/qemu/mdm'))])
"""


def apply(q):
    q.append("hw/misc/meson.build", MESON)
