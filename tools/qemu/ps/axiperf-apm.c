/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A ZynqMP PS AXI Performance Monitor (PG037) for the test bed: the
 * register window of apm_core.c (what is counted and how) on the system
 * bus, clocked by the axiperf monitor it taps (axiperf-testbed.h): the
 * monitor hands it every run of clocks of the generator's link, and the
 * route (AXIPERF_TG_ROUTE) says whether one of this APM's slots sees the
 * link's wires; every other slot sees an idle link. Its clock is the
 * monitor's.
 *
 * The interrupt is GIE && (ISR & IER), updated on every run of clocks and
 * every access; a timer wakes the APM where the line will rise on an idle
 * link (the global clock counter's wrap, the sample interval); while the
 * generator runs, the monitor's own timer keeps the clocks coming.
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/host-utils.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "trace/trace-hw_misc.h"
#include "axiperf-testbed.h"
#include "axiperf-tg-regs.h"
#include "apm_core.h"

#define TYPE_AXIPERF_APM "axiperf-apm"
OBJECT_DECLARE_SIMPLE_TYPE(AxiperfApm, AXIPERF_APM)

struct AxiperfApm {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    QEMUTimer *timer;
    AxiperfMonitor *mon;

    uint32_t num_slots, num_counters, index, id_filter_bits;
    bool irq_level;

    struct apm_core core;
};

/* The slot of this APM the link (its reads, if split) is routed to, or -1. */
static int routed_slot(AxiperfApm *s)
{
    uint32_t r = s->mon->route;

    if ((r & AXIPERF_TG_ROUTE_APM) != s->index + 1) {
        return -1;
    }
    return (r & AXIPERF_TG_ROUTE_SLOT) >> AXIPERF_TG_ROUTE_SLOT_SHIFT;
}

/* The slot the link's writes go to when the route splits it, else -1. */
static int write_slot(AxiperfApm *s)
{
    uint32_t r = s->mon->route;

    if (routed_slot(s) < 0 || !(r & AXIPERF_TG_ROUTE_SPLIT)) {
        return -1;
    }
    return (r & AXIPERF_TG_ROUTE_WSLOT) >> AXIPERF_TG_ROUTE_WSLOT_SHIFT;
}

/* n clocks of l with its read channels on slot rs, its write ones on ws */
static void hold_split(AxiperfApm *s, int rs, int ws, const struct axiperf_link *l,
                       uint64_t n)
{
    const struct axiperf_link *links[AXIPERF_APM_MAX_SLOTS] = { NULL };
    struct axiperf_link rd, wr;

    if (rs >= (int)s->num_slots || ws >= (int)s->num_slots || rs == ws) {
        /* a slot the APM has not: the core holds every slot idle */
        apm_core_hold(&s->core, rs == ws ? rs : AXIPERF_APM_MAX_SLOTS, l, n);
        return;
    }
    apm_core_split_link(l, &rd, &wr);
    links[rs] = &rd;
    links[ws] = &wr;
    apm_core_hold_slots(&s->core, links, n);
}

static void update_irq(AxiperfApm *s)
{
    bool level = apm_core_irq(&s->core);

    if (level != s->irq_level) {
        s->irq_level = level;
        qemu_set_irq(s->irq, level);
    }
}

/* AxiperfTap: n clocks of the link */
static void apm_tap(void *opaque, const struct axiperf_link *l, uint64_t n,
                    bool link_reset)
{
    AxiperfApm *s = opaque;
    int slot = routed_slot(s), ws = write_slot(s);

    if (slot < 0) {
        apm_core_idle(&s->core, n);
    } else if (link_reset) {
        if (ws >= 0 && ws != slot) {
            /* the write slot's transactions end too, on the same clock */
            apm_core_drop(&s->core, ws);
        }
        apm_core_link_reset(&s->core, slot);
    } else if (ws >= 0) {
        hold_split(s, slot, ws, l, n);
    } else {
        /* a slot the APM has not: the core holds every slot idle */
        apm_core_hold(&s->core, slot, l, n);
    }
    update_irq(s);
}

/* AxiperfTapPreset: the routed APM's counters (PRESET_CMD) */
static void apm_preset(void *opaque, uint32_t v)
{
    AxiperfApm *s = opaque;

    if (routed_slot(s) >= 0) {
        apm_core_preset(&s->core, v);
    }
}

/* Wakes at the clock the line rises on an idle link, if any. */
static void arm_timer(AxiperfApm *s)
{
    AxiperfMonitor *m = s->mon;
    uint64_t k = apm_core_clocks_to_irq(&s->core);

    if (k == 0 || k == UINT64_MAX) {
        timer_del(s->timer);
        return;
    }
    /* the monitor has run every clock up to now (synced before) */
    timer_mod(s->timer, m->reset_ns +
              muldiv64(m->clocks_done + k, NANOSECONDS_PER_SECOND,
                       m->clock_hz) + 1);
}

static void timer_cb(void *opaque)
{
    AxiperfApm *s = opaque;

    axiperf_monitor_sync(s->mon);
    update_irq(s);
    arm_timer(s);
}

static uint64_t apm_read(void *opaque, hwaddr addr, unsigned size)
{
    AxiperfApm *s = opaque;
    uint32_t v;

    axiperf_monitor_sync(s->mon);
    v = apm_core_read(&s->core, addr & ~3u);
    trace_axiperf_apm_read(s->index, addr, v);
    /* a read of SR samples: the counters may have been cleared */
    update_irq(s);
    arm_timer(s);
    return v;
}

static void apm_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    AxiperfApm *s = opaque;

    trace_axiperf_apm_write(s->index, addr, val);
    axiperf_monitor_sync(s->mon);
    apm_core_write(&s->core, addr & ~3u, val);
    update_irq(s);
    arm_timer(s);
}

static const MemoryRegionOps apm_ops = {
    .read = apm_read,
    .write = apm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void apm_reset(DeviceState *dev)
{
    AxiperfApm *s = AXIPERF_APM(dev);

    apm_core_reset(&s->core);
    timer_del(s->timer);
    s->irq_level = false;
    qemu_set_irq(s->irq, 0);
}

static void apm_realize(DeviceState *dev, Error **errp)
{
    AxiperfApm *s = AXIPERF_APM(dev);

    if (!s->mon) {
        error_setg(errp, TYPE_AXIPERF_APM ": 'monitor' link not set");
        return;
    }
    if (s->num_slots < 1 || s->num_slots > AXIPERF_APM_MAX_SLOTS ||
        s->num_counters < 1 || s->num_counters > AXIPERF_APM_MAX_COUNTERS ||
        (s->id_filter_bits != 16 && s->id_filter_bits != 32)) {
        error_setg(errp, TYPE_AXIPERF_APM ": num-slots must be 1..%d, "
                   "num-counters 1..%d and id-filter-bits 16 or 32",
                   AXIPERF_APM_MAX_SLOTS, AXIPERF_APM_MAX_COUNTERS);
        return;
    }
    if (s->index >= AXIPERF_TG_ROUTE_APM) {
        error_setg(errp, TYPE_AXIPERF_APM ": index must be below %u",
                   AXIPERF_TG_ROUTE_APM);
        return;
    }
    apm_core_init(&s->core, s->num_slots, s->num_counters, s->id_filter_bits);
    memory_region_init_io(&s->iomem, OBJECT(dev), &apm_ops, s,
                          TYPE_AXIPERF_APM, AXIPERF_APM_WINDOW);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->iomem);
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, timer_cb, s);
    axiperf_monitor_add_tap(s->mon, apm_tap, s);
    axiperf_monitor_set_tap_preset(s->mon, s, apm_preset);
}

static void apm_init(Object *obj)
{
    AxiperfApm *s = AXIPERF_APM(obj);

    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
}

static Property apm_properties[] = {
    DEFINE_PROP_UINT32("num-slots", AxiperfApm, num_slots, 1),
    DEFINE_PROP_UINT32("num-counters", AxiperfApm, num_counters, 8),
    /* the ID filter's layout (C_ENABLE_32BIT_FILTER_ID): 16 or 32 bits */
    DEFINE_PROP_UINT32("id-filter-bits", AxiperfApm, id_filter_bits, 16),
    /* which one it is for AXIPERF_TG_ROUTE (AXIPERF_APM_ZYNQMP's order) */
    DEFINE_PROP_UINT32("index", AxiperfApm, index, 0),
    DEFINE_PROP_LINK("monitor", AxiperfApm, mon, TYPE_AXIPERF_MONITOR,
                     AxiperfMonitor *),
    DEFINE_PROP_END_OF_LIST(),
};

/* The core's state is not described field by field: not migratable. */
static const VMStateDescription vmstate_apm = {
    .name = TYPE_AXIPERF_APM,
    .unmigratable = 1,
};

static void apm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = apm_realize;
    dc->reset = apm_reset;
    dc->vmsd = &vmstate_apm;
    device_class_set_props(dc, apm_properties);
}

static const TypeInfo apm_info = {
    .name = TYPE_AXIPERF_APM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(AxiperfApm),
    .instance_init = apm_init,
    .class_init = apm_class_init,
};

static void apm_register_types(void)
{
    type_register_static(&apm_info);
}

type_init(apm_register_types)
