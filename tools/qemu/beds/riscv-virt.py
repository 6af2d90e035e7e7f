"""The MicroBlaze V test bed, QEMU's RISC-V virt (qemu_edit.py): the Zynq
test bed's PL (three monitor and generator pairs, the MDM) at the Zynq
addresses, on PLIC sources 40 (axiperf0), 41 (axiperf1) and 42 (the MDM's
Dbg_Intr); virt's 32-bit PCIe window moves from 0x40000000-0x7fffffff to
0x60000000-0x7fffffff to make room (the guest has no PCI). The CPU's HPM
events are microblaze-v-cpu/'s."""


def apply(q):
    q.select("hw/riscv/Kconfig", "RISCV_VIRT")
    q.place("hw/riscv/virt.c", "    virt_flash_create(s);",
            "    /* axiperf test bed, as on the Zynq one (tools/qemu/pl/axiperf-machine.h) */\n"
            "    axiperf_machine_add_pl(qdev_get_gpio_in(DEVICE(mmio_irqchip), 40),\n"
            "                           qdev_get_gpio_in(DEVICE(mmio_irqchip), 41),\n"
            "                           qdev_get_gpio_in(DEVICE(mmio_irqchip), 42));")
    q.replace("hw/riscv/virt.c", [
        ("    [VIRT_PCIE_MMIO] =    { 0x40000000,    0x40000000 },\n",
         "    /* axiperf test bed: 0x40000000-0x5fffffff is its PL */\n"
         "    [VIRT_PCIE_MMIO] =    { 0x60000000,    0x20000000 },\n")])
