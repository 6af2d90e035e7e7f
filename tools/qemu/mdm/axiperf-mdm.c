/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * axiperf MDM for QEMU: the MicroBlaze Debug Module's AXI debug register
 * access port with the MicroBlaze performance counters behind it, and a
 * model-only window through which the guest programs a synthetic workload
 * with exact per-cycle event rates and latency patterns.
 *
 * The state machine lives in mdm_core.c (no QEMU in it, unit-tested on the
 * host); this file maps it into the machine, runs the workload with virtual
 * time while the guest asks it to, and drives Dbg_Intr.
 *
 * With local-core=N (the last port), core N is the machine's own CPU: its
 * cycles follow the virtual clock at clock-hz from reset, its instructions
 * the instructions QEMU executed (with -icount QEMU's count; without it,
 * on a MicroBlaze machine, the translator's, as its events), and on a MicroBlaze
 * machine the instruction, branch and trap events of tools/qemu/microblaze-cpu/mb_insn.h
 * are what the CPU raised (tools/qemu/microblaze-cpu/mb-qemu.h): the CPU adds them up
 * without the iothread lock, and they reach the counters at each look
 * (mdm_sync), or from a bottom half as soon as one brings a counter to its
 * maximum. An overflow raises Dbg_Intr when the counter reaches its
 * maximum (in virtual time for cycles and instructions; for the CPU's
 * events when the main loop runs the bottom half, a little later), so a
 * sample lands where the CPU is then or close after.
 *
 *   mmio 0: MDM AXI slave (DBG_STATUS/DBG_CTRL 0x10, DBG_DATA 0x14, DBG_LOCK 0x18)
 *   mmio 1: workload window (mdm_core.h, MDM_WL_*)
 *   irq 0:  Dbg_Intr of all cores, ORed
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "qemu/module.h"
#include "qemu/timer.h"
#include "qemu/host-utils.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/sysbus.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "qom/object.h"
#include "sysemu/cpu-timers.h"
#include "hw/core/cpu.h"
#include "trace/trace-hw_misc.h"
#include "mdm_core.h"
#include "mdm-cpu.h"
#include "../microblaze-cpu/mb_insn.h"

#define TYPE_AXIPERF_MDM "axiperf-mdm"
OBJECT_DECLARE_SIMPLE_TYPE(AxiperfMdm, AXIPERF_MDM)

#define AXIPERF_MDM_WINDOW 0x10000
/* the longest the workload runs between two looks at Dbg_Intr */
#define AXIPERF_MDM_MAX_TICK_NS (100 * SCALE_MS)

struct AxiperfMdm {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    MemoryRegion wl_iomem;
    qemu_irq irq;
    QEMUTimer *tick;

    /* workload time: cycles since RUN was last set, and those already run */
    int64_t run_ns;
    uint64_t run_cycles_done;
    bool was_running;

    /* the machine's own CPU: virtual time and instructions handed in so far */
    int64_t local_ns0;
    uint64_t local_cycles;
    int64_t local_icount;
    /*
     * the CPU's own events (mb-qemu.h), bit e event e: those a running
     * counter counts, each one's occurrences not yet handed to the core,
     * and how many more bring a counter of it to its maximum
     */
    uint64_t cpu_sel;
    QEMUBH *cpu_bh;                 /* a counter reached its maximum */
    uint64_t cpu_pending[AXIPERF_MB_NUM_EVENTS];
    uint64_t cpu_budget[AXIPERF_MB_NUM_EVENTS];

    struct mdm_core core;

    uint32_t num_cores;
    uint32_t local_core;
    uint32_t width[4];
    uint32_t event_counters;
    uint32_t latency_counters;
    uint32_t clock_hz;
};

/* Whole MicroBlaze clock cycles in `ns` of virtual time (0 for none). */
static uint64_t ns_cycles(AxiperfMdm *s, int64_t ns)
{
    return ns <= 0 ? 0 : muldiv64(ns, s->clock_hz, NANOSECONDS_PER_SECOND);
}

static bool mdm_has_local(AxiperfMdm *s)
{
    return s->local_core < s->num_cores;
}

/* the MDM whose local core is the machine's CPU (mb-qemu.h) */
static AxiperfMdm *cpu_mdm;
bool axiperf_mb_cpu_counting;
bool axiperf_mb_cpu_insns;

/* the CPU's events the translator hands in: its instructions too without -icount */
static uint64_t cpu_events(void)
{
    return axiperf_mb_cpu_events() |
           (qatomic_read(&axiperf_mb_cpu_insns) ?
            AXIPERF_MB_BIT(AXIPERF_MB_EV_INSTRUCTIONS) : 0);
}

/* After the counters changed: what the CPU's events count, and when each one interrupts. */
static void mdm_cpu_select(AxiperfMdm *s)
{
    uint64_t sel, ev;

    if (s != cpu_mdm) {
        return;
    }
    sel = mdm_core_selected(&s->core, s->local_core) & cpu_events();
    for (ev = sel; ev; ev &= ev - 1) {
        unsigned int e = ctz64(ev);

        qatomic_set(&s->cpu_budget[e], mdm_core_events_to_irq(&s->core, s->local_core, e));
    }
    qatomic_set(&s->cpu_sel, sel);
    /*
     * blocks translated from now on count, or stop counting; and the CPU
     * leaves the blocks it has chained, translated the other way, at the
     * end of this one (else a start would miss what they run)
     */
    if (qatomic_read(&axiperf_mb_cpu_counting) != (sel != 0)) {
        qatomic_set(&axiperf_mb_cpu_counting, sel != 0);
        if (first_cpu) {
            cpu_exit(first_cpu);
        }
    }
}

/* Hand the events the CPU raised since the last look to the local core. */
static void mdm_take_cpu_events(AxiperfMdm *s)
{
    uint64_t ev = cpu_events();

    while (ev) {
        unsigned int e = ctz64(ev);
        uint64_t n = qatomic_xchg(&s->cpu_pending[e], 0);

        ev &= ev - 1;
        if (n) {
            mdm_core_count(&s->core, s->local_core, e, n);
        }
    }
    mdm_cpu_select(s);
}

/* Hand the CPU's cycles, instructions and events since the last look to its core. */
static void mdm_sync_local(AxiperfMdm *s)
{
    uint64_t target = ns_cycles(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - s->local_ns0);

    if (target > s->local_cycles) {
        mdm_core_count(&s->core, s->local_core, 30, target - s->local_cycles);
        s->local_cycles = target;
    }
    if (icount_enabled()) {
        int64_t n = icount_get_raw();

        mdm_core_count(&s->core, s->local_core, 0, n - s->local_icount);
        s->local_icount = n;
    }
    if (s == cpu_mdm) {
        mdm_take_cpu_events(s);
    }
}

static void mdm_sync(AxiperfMdm *s)
{
    uint64_t target;

    if (mdm_has_local(s)) {
        mdm_sync_local(s);
    }
    if (!s->core.run) {
        s->was_running = false;
        return;
    }
    if (!s->was_running) {
        s->was_running = true;
        s->run_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
        s->run_cycles_done = 0;
        return;
    }
    target = ns_cycles(s, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - s->run_ns);
    if (target > s->run_cycles_done) {
        mdm_core_advance(&s->core, target - s->run_cycles_done);
        s->run_cycles_done = target;
    }
}

/* Virtual ns until `cycles` cycles of the MicroBlaze clock have passed, rounded up. */
static int64_t cycles_ns(AxiperfMdm *s, uint64_t cycles)
{
    if (cycles >= UINT64_MAX / NANOSECONDS_PER_SECOND) {
        return INT64_MAX;
    }
    return muldiv64(cycles, NANOSECONDS_PER_SECOND, s->clock_hz) + 1;
}

/* When the local CPU's cycles or instructions next bring a counter to its maximum. */
static int64_t local_irq_ns(AxiperfMdm *s)
{
    uint64_t n = mdm_core_events_to_irq(&s->core, s->local_core, 30);
    int64_t ns = INT64_MAX;

    if (n != UINT64_MAX) {
        /* the cycle boundary is at (local_cycles + n) / clock_hz from local_ns0 */
        ns = cycles_ns(s, s->local_cycles + n);
        ns = ns == INT64_MAX ? ns :
             ns + s->local_ns0 - qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    }
    /* without -icount the instructions are the translator's (cpu_events()) */
    n = mdm_core_events_to_irq(&s->core, s->local_core, 0);
    if (n != UINT64_MAX && icount_enabled() && n < (1ULL << 40)) {
        ns = MIN(ns, icount_to_ns(n));
    }
    return MAX(ns, 1);
}

/* Raise or drop Dbg_Intr, and wake up when a counter will next reach its maximum. */
static void mdm_update(AxiperfMdm *s)
{
    int64_t ns = INT64_MAX;

    mdm_cpu_select(s);
    qemu_set_irq(s->irq, mdm_core_irq(&s->core));
    if (s->core.run) {
        ns = MIN(AXIPERF_MDM_MAX_TICK_NS, cycles_ns(s, mdm_core_cycles_to_irq(&s->core)));
    }
    if (mdm_has_local(s)) {
        ns = MIN(ns, local_irq_ns(s));
    }
    if (ns == INT64_MAX) {
        timer_del(s->tick);
        return;
    }
    timer_mod(s->tick, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + MIN(ns, AXIPERF_MDM_MAX_TICK_NS));
}

static void tick_cb(void *opaque)
{
    AxiperfMdm *s = opaque;

    mdm_sync(s);
    mdm_update(s);
}

/* The CPU raised each of `events` once: vCPU thread, iothread lock or not. */
void axiperf_mb_cpu_add(uint64_t events)
{
    AxiperfMdm *s = qatomic_read(&cpu_mdm);
    bool due = false;

    if (!s) {
        return;
    }
    for (events &= qatomic_read(&s->cpu_sel); events; events &= events - 1) {
        unsigned int e = ctz64(events);

        if (qatomic_fetch_inc(&s->cpu_pending[e]) + 1 >= qatomic_read(&s->cpu_budget[e])) {
            due = true;
        }
    }
    if (due) {
        /*
         * A counter reaches its maximum: Dbg_Intr as soon as the main loop
         * runs the bottom half. Not from here: in the middle of a
         * translation block, with -icount, neither the clock can be read
         * nor an interrupt raised.
         */
        qemu_bh_schedule(s->cpu_bh);
    }
}

static void cpu_bh_cb(void *opaque)
{
    AxiperfMdm *s = opaque;

    mdm_sync(s);
    mdm_update(s);
}

static uint64_t mdm_read(void *opaque, hwaddr addr, unsigned size)
{
    AxiperfMdm *s = opaque;
    uint32_t v;

    mdm_sync(s);
    v = mdm_core_read(&s->core, addr & ~3u);
    mdm_update(s);
    trace_axiperf_mdm_read(addr, v);
    return v;
}

static void mdm_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    AxiperfMdm *s = opaque;

    trace_axiperf_mdm_write(addr, val);
    if (addr < 0x10) {
        qemu_log_mask(LOG_UNIMP, "axiperf-mdm: JTAG UART not modelled (0x%02"
                      HWADDR_PRIx ")\n", addr);
    }
    mdm_sync(s);
    mdm_core_write(&s->core, addr & ~3u, val);
    mdm_update(s);
}

static uint64_t wl_read(void *opaque, hwaddr addr, unsigned size)
{
    AxiperfMdm *s = opaque;
    uint32_t v;

    mdm_sync(s);
    v = mdm_core_wl_read(&s->core, addr & ~3u);
    trace_axiperf_mdm_wl_read(addr, v);
    return v;
}

static void wl_write(void *opaque, hwaddr addr, uint64_t val, unsigned size)
{
    AxiperfMdm *s = opaque;

    trace_axiperf_mdm_wl_write(addr, val);
    mdm_sync(s);
    mdm_core_wl_write(&s->core, addr & ~3u, val);
    mdm_sync(s);    /* RUN set: the workload's time starts now */
    mdm_update(s);
}

static const MemoryRegionOps mdm_ops = {
    .read = mdm_read,
    .write = mdm_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static const MemoryRegionOps wl_ops = {
    .read = wl_read,
    .write = wl_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void mdm_reset(DeviceState *dev)
{
    AxiperfMdm *s = AXIPERF_MDM(dev);

    mdm_core_reset(&s->core);
    s->was_running = false;
    s->run_cycles_done = 0;
    s->local_ns0 = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->local_cycles = 0;
    s->local_icount = icount_enabled() ? icount_get_raw() : 0;
    if (s == cpu_mdm) {
        memset(s->cpu_pending, 0, sizeof(s->cpu_pending));
        mdm_cpu_select(s);
    }
    timer_del(s->tick);
    qemu_set_irq(s->irq, 0);
}

static void mdm_realize(DeviceState *dev, Error **errp)
{
    AxiperfMdm *s = AXIPERF_MDM(dev);
    uint32_t widths[MDM_MAX_CORES];
    uint32_t i;

    if (s->num_cores < 1 || s->num_cores > MDM_MAX_CORES) {
        error_setg(errp, "axiperf-mdm: num-cores must be 1..%d", MDM_MAX_CORES);
        return;
    }
    if (s->clock_hz == 0 || s->clock_hz > 1000000000) {
        error_setg(errp, "axiperf-mdm: clock-hz must be 1..1000000000");
        return;
    }
    for (i = 0; i < MDM_MAX_CORES; i++) {
        widths[i] = s->width[i < 4 ? i : 0];
    }
    if (mdm_core_init(&s->core, s->num_cores, widths, s->event_counters,
                      s->latency_counters, s->clock_hz)) {
        error_setg(errp, "axiperf-mdm: counter widths must be 32, 48 or 64, "
                   "event-counters 0..%d, latency-counters 0..%d",
                   AXIPERF_MB_MAX_EVENT_COUNTERS, AXIPERF_MB_MAX_LATENCY_COUNTERS);
        return;
    }
    if (s->local_core != UINT32_MAX &&
        mdm_core_set_local(&s->core, s->local_core, axiperf_mb_cpu_events())) {
        error_setg(errp, "axiperf-mdm: local-core must be the last port (%u)",
                   s->num_cores - 1);
        return;
    }
    if (s->local_core != UINT32_MAX) {
        if (cpu_mdm) {
            error_setg(errp, "axiperf-mdm: only one MDM can have a local-core");
            return;
        }
        s->cpu_bh = qemu_bh_new(cpu_bh_cb, s);
        qatomic_set(&axiperf_mb_cpu_insns, !icount_enabled());
        cpu_mdm = s;
    }
    s->tick = timer_new_ns(QEMU_CLOCK_VIRTUAL, tick_cb, s);
}

static void mdm_init(Object *obj)
{
    AxiperfMdm *s = AXIPERF_MDM(obj);

    memory_region_init_io(&s->iomem, obj, &mdm_ops, s, TYPE_AXIPERF_MDM,
                          AXIPERF_MDM_WINDOW);
    memory_region_init_io(&s->wl_iomem, obj, &wl_ops, s,
                          TYPE_AXIPERF_MDM "-workload", MDM_WL_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->iomem);
    sysbus_init_mmio(SYS_BUS_DEVICE(obj), &s->wl_iomem);
    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
}

static Property mdm_properties[] = {
    /* three cores by default, one per counter width, so one boot tests all */
    DEFINE_PROP_UINT32("num-cores", AxiperfMdm, num_cores, 3),
    DEFINE_PROP_UINT32("core0-width", AxiperfMdm, width[0], 32),
    DEFINE_PROP_UINT32("core1-width", AxiperfMdm, width[1], 48),
    DEFINE_PROP_UINT32("core2-width", AxiperfMdm, width[2], 64),
    DEFINE_PROP_UINT32("core3-width", AxiperfMdm, width[3], 32),
    /* the port of the machine's own MicroBlaze (none by default) */
    DEFINE_PROP_UINT32("local-core", AxiperfMdm, local_core, UINT32_MAX),
    DEFINE_PROP_UINT32("event-counters", AxiperfMdm, event_counters,
                       AXIPERF_MB_DEFAULT_EVENT_COUNTERS),
    DEFINE_PROP_UINT32("latency-counters", AxiperfMdm, latency_counters,
                       AXIPERF_MB_DEFAULT_LATENCY_COUNTERS),
    DEFINE_PROP_UINT32("clock-hz", AxiperfMdm, clock_hz, 100000000),
    DEFINE_PROP_END_OF_LIST(),
};

/* The counters' state is not described field by field: not migratable. */
static const VMStateDescription vmstate_mdm = {
    .name = TYPE_AXIPERF_MDM,
    .unmigratable = 1,
};

static void mdm_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = mdm_realize;
    dc->reset = mdm_reset;
    dc->vmsd = &vmstate_mdm;
    device_class_set_props(dc, mdm_properties);
}

static const TypeInfo mdm_info = {
    .name = TYPE_AXIPERF_MDM,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(AxiperfMdm),
    .instance_init = mdm_init,
    .class_init = mdm_class_init,
};

static void mdm_register_types(void)
{
    type_register_static(&mdm_info);
}

type_init(mdm_register_types)
