"""The ZynqMP PS's hardened AXI Performance Monitors (qemu_edit.py): the
device, which taps the PL monitor's link (pl/axiperf-testbed.h), and its
QEMU-free core. The ZynqMP bed places four (pl/axiperf-machine.c); every
machine with CONFIG_AXIPERF has the device type."""

MESON = """
# axiperf test bed: the ZynqMP PS's APMs (tools/qemu/ps/)
softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/ps/axiperf-apm.c',
        '../../axiperf-tree/tools/qemu/ps/apm_core.c'),
  declare_dependency(include_directories: include_directories(
    '../../axiperf-tree/model', '../../axiperf-tree/include',
    '../../axiperf-tree/tools/qemu/pl', '../../axiperf-tree/tools/qemu/ps'))])
"""


def apply(q):
    q.append("hw/misc/meson.build", MESON)
