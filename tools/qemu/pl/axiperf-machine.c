/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The axiperf test bed's devices, placed by machine init (axiperf-machine.h). */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "axiperf-machine.h"

struct axiperf_pair {
    hwaddr mon, tg;
    uint32_t counter_width, data_width, id_width;
    bool snapshot, legacy;
};

static void add_pair(const struct axiperf_pair *p, qemu_irq irq)
{
    DeviceState *mon = qdev_new("axiperf-monitor");
    DeviceState *tg = qdev_new("axiperf-traffic-gen");

    qdev_prop_set_uint32(mon, "counter-width", p->counter_width);
    qdev_prop_set_uint32(mon, "data-width", p->data_width);
    qdev_prop_set_uint32(mon, "id-width", p->id_width);
    qdev_prop_set_bit(mon, "has-snapshot", p->snapshot);
    qdev_prop_set_bit(mon, "legacy", p->legacy);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(mon), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(mon), 0, p->mon);
    if (irq) {
        sysbus_connect_irq(SYS_BUS_DEVICE(mon), 0, irq);
    }
    object_property_set_link(OBJECT(tg), "monitor", OBJECT(mon), &error_fatal);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(tg), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(tg), 0, p->tg);
}

void axiperf_machine_add_pl(qemu_irq irq0, qemu_irq irq1, qemu_irq mdm_irq)
{
    static const struct axiperf_pair pl[] = {
        { 0x43c00000, 0x43c10000, 32, 64, 6, true, false },
        { 0x43c20000, 0x43c30000, 64, 32, 4, false, false },
        { 0x43c40000, 0x43c50000, 32, 32, 4, false, true },
    };
    SysBusDevice *mdm = SYS_BUS_DEVICE(qdev_new("axiperf-mdm"));

    add_pair(&pl[0], irq0);
    add_pair(&pl[1], irq1);
    add_pair(&pl[2], NULL);
    sysbus_realize_and_unref(mdm, &error_fatal);
    sysbus_mmio_map(mdm, 0, 0x41400000);
    sysbus_mmio_map(mdm, 1, 0x41410000);
    sysbus_connect_irq(mdm, 0, mdm_irq);
}

void axiperf_machine_add_pair(hwaddr mon, hwaddr tg, qemu_irq irq)
{
    const struct axiperf_pair p = { mon, tg, 32, 64, 6, true, false };

    add_pair(&p, irq);
}
