"""The ZynqMP test bed, QEMU's xlnx-zcu102 (qemu_edit.py): a monitor at
0xa0000000 (GIC SPI 89, the PL's pl_ps_irq0[0]) watching the link driven by
its traffic generator at 0xa0010000, in the PL window behind
M_AXI_HPM0_FPD; and the PS's four APMs at their addresses (GIC SPI 123 and
25, shared), which the generator can route its link to (ps/)."""


def apply(q):
    q.select("hw/arm/Kconfig", "XLNX_ZYNQMP_ARM")
    q.place("hw/arm/xlnx-zcu102.c", "    s->binfo.ram_size = ram_size;",
            "    /* axiperf test bed: a monitor in the PL, GIC SPI 89 (pl_ps_irq0[0]),\n"
            "     * and the PS's four APMs (SPI 123, 25) */\n"
            "    axiperf_machine_add_zynqmp(DEVICE(&s->soc.gic));")
