/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The axiperf test bed's devices, placed by machine init (axiperf-machine.h). */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "hw/or-irq.h"
#include "axiperf/apm.h"
#include "axiperf-machine.h"

struct axiperf_pair {
    hwaddr mon, tg;
    uint32_t counter_width, data_width, id_width;
    bool snapshot, legacy;
};

/* The pair's monitor; its generator in *tgp if tgp is not NULL. */
static DeviceState *add_pair(const struct axiperf_pair *p, qemu_irq irq,
                             DeviceState **tgp)
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
    if (tgp) {
        *tgp = tg;
    }
    return mon;
}

void axiperf_machine_add_pl(qemu_irq irq0, qemu_irq irq1, qemu_irq mdm_irq)
{
    static const struct axiperf_pair pl[] = {
        { 0x43c00000, 0x43c10000, 32, 64, 6, true, false },
        { 0x43c20000, 0x43c30000, 64, 32, 4, false, false },
        { 0x43c40000, 0x43c50000, 32, 32, 4, false, true },
    };
    SysBusDevice *mdm = SYS_BUS_DEVICE(qdev_new("axiperf-mdm"));

    add_pair(&pl[0], irq0, NULL);
    add_pair(&pl[1], irq1, NULL);
    add_pair(&pl[2], NULL, NULL);
    sysbus_realize_and_unref(mdm, &error_fatal);
    sysbus_mmio_map(mdm, 0, 0x41400000);
    sysbus_mmio_map(mdm, 1, 0x41410000);
    sysbus_connect_irq(mdm, 0, mdm_irq);
}

void axiperf_machine_add_pair(hwaddr mon, hwaddr tg, qemu_irq irq)
{
    const struct axiperf_pair p = { mon, tg, 32, 64, 6, true, false };

    add_pair(&p, irq, NULL);
}

/* An OR gate of n lines onto out. */
static DeviceState *or_gate(unsigned int n, qemu_irq out)
{
    DeviceState *gate = qdev_new(TYPE_OR_IRQ);

    qdev_prop_set_uint32(gate, "num-lines", n);
    qdev_realize_and_unref(gate, NULL, &error_fatal);
    qdev_connect_gpio_out(gate, 0, out);
    return gate;
}

void axiperf_machine_add_zynqmp(DeviceState *gic)
{
    static const struct axiperf_pair pl = {
        0xa0000000, 0xa0010000, 32, 64, 6, true, false
    };
    static const struct {
        hwaddr base;
        uint32_t slots, counters, spi;
    } apm[] = {
#define APM(label, base, slots, counters, spi) { base, slots, counters, spi },
        AXIPERF_APM_ZYNQMP(APM)
#undef APM
    };
    /* SPI 123: DDR, CCI and the CCI-400 PMU's stand-in; SPI 25: OCM, LPD */
    DeviceState *or123 = or_gate(3, qdev_get_gpio_in(gic, 123));
    DeviceState *or25 = or_gate(2, qdev_get_gpio_in(gic, 25));
    unsigned int used123 = 0, used25 = 0, i;
    DeviceState *mon, *tg;

    mon = add_pair(&pl, qdev_get_gpio_in(gic, 89), &tg);
    for (i = 0; i < ARRAY_SIZE(apm); i++) {
        DeviceState *dev = qdev_new("axiperf-apm");
        qemu_irq in;

        qdev_prop_set_uint32(dev, "num-slots", apm[i].slots);
        qdev_prop_set_uint32(dev, "num-counters", apm[i].counters);
        qdev_prop_set_uint32(dev, "id-filter-bits",
                             AXIPERF_APM_ZYNQMP_ID_FILTER_BITS);
        qdev_prop_set_uint32(dev, "index", i);
        object_property_set_link(OBJECT(dev), "monitor", OBJECT(mon),
                                 &error_fatal);
        sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
        sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, apm[i].base);
        if (apm[i].spi == 123) {
            in = qdev_get_gpio_in(or123, used123++);
        } else {
            assert(apm[i].spi == 25);
            in = qdev_get_gpio_in(or25, used25++);
        }
        sysbus_connect_irq(SYS_BUS_DEVICE(dev), 0, in);
    }
    assert(used123 == 2 && used25 == 2);
    qdev_connect_gpio_out_named(tg, "shared-irq", 0,
                                qdev_get_gpio_in(or123, used123));
}
