"""The PL devices every test bed has (qemu_edit.py): the monitor, the
traffic generator and the function that puts them in a machine, with the
monitor's C model, built when a machine selects CONFIG_AXIPERF; and the
test bed's trace events (tools/qemu/trace-events)."""
import os

MESON = """
# axiperf test bed: the PL devices (tools/qemu/pl/), the model they wrap (the
# reference, its per-clock fast path and the holding of runs; not the batch
# engine, which only replay uses), and the function that places them
axiperf_inc = include_directories('../../axiperf-tree/model',
                                  '../../axiperf-tree/include',
                                  '../../axiperf-tree/tools/qemu/pl')
softmmu_ss.add(when: 'CONFIG_AXIPERF', if_true: [
  files('../../axiperf-tree/tools/qemu/pl/axiperf-monitor.c',
        '../../axiperf-tree/tools/qemu/pl/axiperf-traffic-gen.c',
        '../../axiperf-tree/tools/qemu/pl/axiperf-machine.c',
        '../../axiperf-tree/model/axiperf_model.c',
        '../../axiperf-tree/model/axiperf_model_quick.c',
        '../../axiperf-tree/model/axiperf_model_hold.c'),
  declare_dependency(include_directories: axiperf_inc)])
"""


def apply(q):
    q.append("hw/misc/meson.build", MESON)
    q.append("hw/misc/Kconfig", "config AXIPERF\n    bool\n")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    q.append("hw/misc/trace-events", open(os.path.join(here, "trace-events")).read())
