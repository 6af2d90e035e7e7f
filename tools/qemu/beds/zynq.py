"""The Zynq-7000 test bed, QEMU's xilinx-zynq-a9 (qemu_edit.py): the PL at
0x43c00000 (pl/axiperf-machine.h), and two mends to QEMU's Cortex-A9."""


def apply(q):
    q.select("hw/arm/Kconfig", "ZYNQ")
    q.place("hw/arm/xilinx_zynq.c", "    zynq_binfo.ram_size = machine->ram_size;",
            "    /* axiperf test bed: axiperf0 on GIC SPI 29, axiperf1 on SPI 31, the\n"
            "     * MDM Dbg_Intr on SPI 30 (tools/qemu/pl/axiperf-machine.h) */\n"
            "    axiperf_machine_add_pl(pic[29], pic[31], pic[30]);")
    # QEMU 7.2's Cortex-A9 global timer drives its interrupt as a level
    # (flag && IRQ enable), but the GIC takes PPI 27 on a rising edge and
    # the A9 TRM has every comparator event set ID 27 pending. An event
    # that came while the line was still high (a periodic guest clearing
    # the flag just as the next auto-increment match is reached, both
    # inside one register write) made no edge: the flag stayed set, no
    # timer interrupt ever came again and the guest slept for good. Each
    # new event now lowers the line first.
    q.replace("hw/timer/a9gtimer.c", [
        ("        int64_t cdiff = 0;\n",
         "        int64_t cdiff = 0;\n"
         "        bool event = false;\n"),
        ("                gtb->status = 1;\n",
         "                /* an event: the flag rises, or a further match */\n"
         "                event = !gtb->status;\n"
         "                gtb->status = 1;\n"),
        ("                    gtb->compare += inc;\n",
         "                    gtb->compare += inc;\n"
         "                    event = true;\n"),
        ("        qemu_set_irq(gtb->irq,\n",
         "        if (event && (gtb->control & R_CONTROL_IRQ_ENABLE)) {\n"
         "            /* ID 27 is edge-triggered: each event makes an edge */\n"
         "            qemu_set_irq(gtb->irq, 0);\n"
         "        }\n"
         "        qemu_set_irq(gtb->irq,\n")])
    # QEMU 7.2's Cortex-A9 has no PMU feature, so the guest's `cycles` reads 0
    q.replace("target/arm/cpu_tcg.c", [
        ('    cpu->dtb_compatible = "arm,cortex-a9";\n',
         '    cpu->dtb_compatible = "arm,cortex-a9";\n'
         "    set_feature(&cpu->env, ARM_FEATURE_PMU);\n")])
