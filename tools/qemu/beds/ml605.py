"""The MicroBlaze test bed, QEMU's petalogix-ml605 (qemu_edit.py): the Zynq
test bed's three monitor and traffic generator pairs and the MDM, at the
Zynq addresses (free in this board's map), on the board's xps-intc:
  axiperf0 0x43c00000 intc input 6, its generator 0x43c10000
  axiperf1 0x43c20000 intc input 7, its generator 0x43c30000
  axiperf2 0x43c40000 (the article's core, no interrupt), 0x43c50000
  MDM      0x41400000 (workload window 0x41410000), Dbg_Intr input 8
Inputs 0-5 are the board's own devices. The CPU's own events are
microblaze-cpu/'s."""


def apply(q):
    q.select("hw/microblaze/Kconfig", "PETALOGIX_ML605")
    q.place("hw/microblaze/petalogix_ml605_mmu.c", "    /* setup PVR to match kernel settings */",
            "    /* axiperf test bed, as on the Zynq one (tools/qemu/pl/axiperf-machine.h) */\n"
            "    axiperf_machine_add_pl(irq[6], irq[7], irq[8]);")
