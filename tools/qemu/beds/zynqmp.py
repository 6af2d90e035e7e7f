"""The ZynqMP test bed, QEMU's xlnx-zcu102 (qemu_edit.py): a monitor at
0xa0000000 (GIC SPI 89, the PL's pl_ps_irq0[0]) watching the link driven by
its traffic generator at 0xa0010000, in the PL window behind
M_AXI_HPM0_FPD."""


def apply(q):
    q.select("hw/arm/Kconfig", "XLNX_ZYNQMP_ARM")
    q.place("hw/arm/xlnx-zcu102.c", "    s->binfo.ram_size = ram_size;",
            "    /* axiperf test bed: a monitor in the PL, GIC SPI 89 (pl_ps_irq0[0]) */\n"
            "    axiperf_machine_add_pair(0xa0000000, 0xa0010000,\n"
            "                             qdev_get_gpio_in(DEVICE(&s->soc.gic), 89));")
