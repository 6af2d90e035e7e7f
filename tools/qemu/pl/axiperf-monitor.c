/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * axiperf monitor for QEMU: the register window of the monitor core at its
 * AXI4-lite port, backed by the C reference model (model/axiperf_model.c,
 * with its fast paths axiperf_model_quick.c and axiperf_model_hold.c,
 * compiled into QEMU from the axiperf tree, never copied).
 *
 * Every access first runs the model for the AXI clocks elapsed in virtual
 * time. A guest read returns what the core would return on the next clock
 * (CONTROL.idle with the wires of the last clock run, which hold until the
 * driver changes them); a guest write is the AXI4-lite write accepted on
 * the next clock.
 *
 * With "legacy" set the window is the article's core (ZipCPU's axiperf),
 * which axiperf extends: 0x00-0x7C only, CONTROL bits 3:0 only, 32-bit
 * counters, no interrupt and no snapshot. Its registers there mean what
 * ours mean (spec/axiperf.toml), so the same model serves.
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

/* While the generator drives the link, sync at least this often so the
 * interrupt is raised at most this late. With the link held still the
 * timer is set at the clock the interrupt will rise on, computed. */
#define AXIPERF_TICK_NS (1 * SCALE_MS)
/* Look this many clocks ahead for the next interrupt (then look again). */
#define AXIPERF_IRQ_HORIZON (1ULL << 40)

static uint64_t clocks_now(AxiperfMonitor *s)
{
    int64_t ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) - s->reset_ns;

    return ns <= 0 ? 0 : muldiv64(ns, s->clock_hz, NANOSECONDS_PER_SECOND);
}

/* Nothing can change on an idle clock when the monitor is stopped with no
 * request pending and the driver has nothing in progress: those clocks are
 * skipped (monitor.rst: trackers move only on handshakes, counters only
 * while triggered, requests only apply when pending). */
static bool clocks_are_void(AxiperfMonitor *s)
{
    const struct axiperf_model *m = &s->model;

    return !s->driver_busy && !s->has_held_w && !m->triggered &&
           !m->start_pending && !m->stop_pending && !m->clear_pending;
}

/* The taps see what the model sees, in the same order (none: no cost). */
static void taps_run(AxiperfMonitor *s, const struct axiperf_link *l,
                     uint64_t n, bool link_reset)
{
    unsigned int i;

    for (i = 0; i < s->ntaps; i++) {
        s->taps[i].fn(s->taps[i].opaque, l, n, link_reset);
    }
}

/*
 * The model advances by runs: consecutive clocks with the same wires and
 * no AXI4-lite write are handed over at once.
 */
static void run_flush(AxiperfMonitor *s)
{
    if (s->run_clocks) {
        axiperf_model_hold(&s->model, &s->run_link, s->run_clocks);
        if (s->ntaps) {
            taps_run(s, &s->run_link, s->run_clocks, false);
        }
        s->run_clocks = 0;
    }
}

static void run_add(AxiperfMonitor *s, const struct axiperf_link *l, uint64_t n)
{
    if (s->run_clocks && memcmp(&s->run_link, l, sizeof(*l))) {
        run_flush(s);
    }
    s->run_link = *l;
    s->run_clocks += n;
    s->last_link = *l;
    s->clocks_done += n;
}

/* One clock with an AXI4-lite write: the runs before it first. */
static void clock_write(AxiperfMonitor *s, const struct axiperf_link *l,
                        const struct axiperf_axil_write *w)
{
    run_flush(s);
    axiperf_model_clock(&s->model, l, w);
    if (s->ntaps) {
        taps_run(s, l, 1, false);
    }
    s->last_link = *l;
    s->clocks_done++;
}

/* One clock with the link in reset (its ARESETn low). */
static void clock_link_reset(AxiperfMonitor *s, const struct axiperf_axil_write *w)
{
    run_flush(s);
    axiperf_model_link_reset(&s->model, w);
    if (!(s->fault & AXIPERF_TG_FAULT_LINK_HELD)) {
        /* a reset of one clock: the next, which a read sees, is out of it */
        axiperf_model_link_up(&s->model);
    }
    memset(&s->last_link, 0, sizeof(s->last_link));
    if (s->ntaps) {
        taps_run(s, &s->last_link, 1, true);
    }
    s->clocks_done++;
}

static void clock_one(AxiperfMonitor *s, const struct axiperf_axil_write *gw)
{
    struct axiperf_link l;
    struct axiperf_axil_write dw;
    const struct axiperf_axil_write *w = NULL;
    bool has_dw = false, reset;

    memset(&l, 0, sizeof(l));
    if (s->driver) {
        s->driver_busy = s->driver(s->driver_opaque, &l, &dw, &has_dw);
    }
    reset = s->link_reset;
    s->link_reset = false;      /* the driver's, for this clock only */
    if (s->fault & AXIPERF_TG_FAULT_LINK_HELD) {
        /* mon_aresetn tied low: whatever the link does, the monitor sees
         * it in reset, an idle link (set_fault ended what was in flight) */
        memset(&l, 0, sizeof(l));
        reset = false;
    }
    if (has_dw && (gw || s->has_held_w)) {
        /* the AXI4-lite port takes one write a clock: the driver's waits */
        s->held_w = dw;
        s->has_held_w = true;
        has_dw = false;
    }
    if (gw) {
        w = gw;
    } else if (s->has_held_w) {
        s->has_held_w = false;
        w = &s->held_w;
    } else if (has_dw) {
        w = &dw;
    }
    if (reset) {
        clock_link_reset(s, w);
    } else if (w) {
        clock_write(s, &l, w);
    } else {
        run_add(s, &l, 1);
    }
}

void axiperf_monitor_link_reset_now(AxiperfMonitor *s)
{
    clock_link_reset(s, NULL);
}

static void update_irq(AxiperfMonitor *s)
{
    bool level = axiperf_model_irq(&s->model) ||
                 (s->fault & AXIPERF_TG_FAULT_IRQ_STUCK);

    s->irq_rises += level && !s->irq_level;
    s->irq_level = level;
    qemu_set_irq(s->irq, level);
}

static uint64_t host_cpu_ns(void);

/* Virtual time by which clock c (counted from reset) has run. */
static int64_t time_of_clock(AxiperfMonitor *s, uint64_t c)
{
    return s->reset_ns + muldiv64(c, NANOSECONDS_PER_SECOND, s->clock_hz) + 1;
}

/*
 * The timer: every AXIPERF_TICK_NS while the generator drives the link;
 * with the link held idle, at the clock on which the interrupt line will
 * rise (the model, on a copy, holds the idle wires until it does); none
 * when nothing can raise it.
 */
static void arm_tick(AxiperfMonitor *s)
{
    static const struct axiperf_link idle_link;
    static struct axiperf_model ahead;
    uint64_t k, t0;

    if (clocks_are_void(s)) {
        timer_del(s->tick);
        return;
    }
    if (s->driver_busy || s->has_held_w) {
        timer_mod(s->tick,
                  qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) + AXIPERF_TICK_NS);
        return;
    }
    if (!s->model.p.has_irq || !s->model.irq_enable ||
        axiperf_model_irq(&s->model)) {
        timer_del(s->tick);
        return;
    }
    t0 = host_cpu_ns();
    ahead = s->model;
    k = axiperf_model_hold_until_irq(&ahead, &idle_link, AXIPERF_IRQ_HORIZON);
    timer_mod(s->tick, time_of_clock(s, s->clocks_done + k));
    s->host_ns += host_cpu_ns() - t0;
}

/* This thread's CPU time, for the cost the benchmarks read. */
static uint64_t host_cpu_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * NANOSECONDS_PER_SECOND + ts.tv_nsec;
}

void axiperf_monitor_sync(AxiperfMonitor *s)
{
    static const struct axiperf_link idle_link;
    uint64_t target = clocks_now(s);
    uint64_t t0 = host_cpu_ns();

    while (s->clocks_done < target) {
        if (!s->driver_busy && !s->has_held_w) {
            /*
             * The driver has nothing in progress: the link holds still
             * (no wire set) until the guest starts something, which
             * syncs first. Counting or not, the rest is one run.
             */
            run_flush(s);
            if (clocks_are_void(s)) {
                /* void for the model, not for a tap's own clocks */
                if (s->ntaps) {
                    taps_run(s, &idle_link, target - s->clocks_done, false);
                }
                s->clocks_done = target;
            } else {
                run_add(s, &idle_link, target - s->clocks_done);
            }
            break;
        }
        if (s->steady && !s->has_held_w) {
            struct axiperf_link l;
            uint64_t k = s->steady(s->driver_opaque, &l,
                                   target - s->clocks_done);

            if (k) {
                run_add(s, &l, k);
                continue;
            }
        }
        clock_one(s, NULL);
    }
    run_flush(s);
    update_irq(s);
    s->host_ns += host_cpu_ns() - t0;
}

void axiperf_monitor_kick(AxiperfMonitor *s)
{
    s->driver_busy = true;
    arm_tick(s);
}

void axiperf_monitor_set_driver(AxiperfMonitor *s, AxiperfLinkDriver fn,
                                AxiperfLinkSteady steady, void *opaque)
{
    s->driver = fn;
    s->steady = steady;
    s->driver_opaque = opaque;
}

void axiperf_monitor_preset(AxiperfMonitor *s, uint64_t v)
{
    unsigned int i;

    axiperf_monitor_sync(s);
    for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
        s->model.cnt[i] = v & s->model.mask;
    }
    arm_tick(s);        /* the next interrupt has moved */
}

void axiperf_monitor_set_fault(AxiperfMonitor *s, uint32_t fault)
{
    axiperf_monitor_sync(s);
    if ((fault ^ s->fault) & AXIPERF_TG_FAULT_LINK_HELD) {
        run_flush(s);
        if (fault & AXIPERF_TG_FAULT_LINK_HELD) {
            axiperf_model_link_drop(&s->model);
            memset(&s->last_link, 0, sizeof(s->last_link));
        } else {
            axiperf_model_link_up(&s->model);
        }
    }
    s->fault = fault;
    update_irq(s);
}

void axiperf_monitor_add_tap(AxiperfMonitor *s, AxiperfTap fn, void *opaque)
{
    assert(s->ntaps < AXIPERF_MONITOR_MAX_TAPS);
    s->taps[s->ntaps].fn = fn;
    s->taps[s->ntaps].preset = NULL;
    s->taps[s->ntaps].opaque = opaque;
    s->ntaps++;
}

void axiperf_monitor_set_tap_preset(AxiperfMonitor *s, void *opaque,
                                    AxiperfTapPreset fn)
{
    unsigned int i;

    for (i = 0; i < s->ntaps; i++) {
        if (s->taps[i].opaque == opaque) {
            s->taps[i].preset = fn;
        }
    }
}

void axiperf_monitor_preset_taps(AxiperfMonitor *s, uint32_t v)
{
    unsigned int i;

    axiperf_monitor_sync(s);
    for (i = 0; i < s->ntaps; i++) {
        if (s->taps[i].preset) {
            s->taps[i].preset(s->taps[i].opaque, v);
        }
    }
}

void axiperf_monitor_set_route(AxiperfMonitor *s, uint32_t route)
{
    axiperf_monitor_sync(s);
    s->route = route;
}

static void tick_cb(void *opaque)
{
    AxiperfMonitor *s = opaque;

    axiperf_monitor_sync(s);
    arm_tick(s);
}

static uint64_t monitor_read(void *opaque, hwaddr addr, unsigned size)
{
    AxiperfMonitor *s = opaque;
    uint32_t v;

    s->mmio_reads++;
    axiperf_monitor_sync(s);
    if (s->fault & AXIPERF_TG_FAULT_ALL_ONES) {
        /* a bitstream reloaded under the driver, or a bus error */
        trace_axiperf_monitor_read(addr, 0xffffffffu);
        return 0xffffffffu;
    }
    /* CONTROL.idle is of "this clock": the wires held since the last */
    v = axiperf_model_read_at(&s->model, addr & ~3u, &s->last_link);
    if (s->legacy && (addr & ~3u) == AXIPERF_REG_CONTROL) {
        v &= AXIPERF_CONTROL_LEGACY_MASK;
    }
    trace_axiperf_monitor_read(addr, v);
    return v;
}

static void monitor_write(void *opaque, hwaddr addr, uint64_t val,
                          unsigned size)
{
    AxiperfMonitor *s = opaque;
    struct axiperf_axil_write w = {
        .offset = addr & ~3u,
        .data = val,
        .strb = 0xf,
    };

    trace_axiperf_monitor_write(addr, val);
    s->mmio_writes++;
    axiperf_monitor_sync(s);
    if (s->fault & AXIPERF_TG_FAULT_ALL_ONES) {
        return;         /* lost with the registers */
    }
    clock_one(s, &w);
    update_irq(s);
    arm_tick(s);
}

static const MemoryRegionOps monitor_ops = {
    .read = monitor_read,
    .write = monitor_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void monitor_reset(DeviceState *dev)
{
    AxiperfMonitor *s = AXIPERF_MONITOR(dev);

    axiperf_model_reset(&s->model);
    s->clocks_done = 0;
    s->run_clocks = 0;
    s->driver_busy = false;
    s->has_held_w = false;
    memset(&s->last_link, 0, sizeof(s->last_link));
    s->reset_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->host_ns = 0;
    s->mmio_reads = s->mmio_writes = s->irq_rises = 0;
    s->irq_level = false;
    s->fault = 0;
    s->route = 0;
    timer_del(s->tick);
    update_irq(s);
}

static void monitor_realize(DeviceState *dev, Error **errp)
{
    AxiperfMonitor *s = AXIPERF_MONITOR(dev);
    struct axiperf_params p = {
        .addr_width = 32,
        .data_width = s->data_width,
        .id_width = s->id_width,
        .counter_width = s->counter_width,
        .has_irq = s->has_irq,
        .has_snapshot = s->has_snapshot,
        .has_latency = s->has_latency,
        .id_slots = s->id_slots,
    };
    const char *err;

    if (s->legacy) {
        p.counter_width = 32;
        p.has_irq = false;
        p.has_snapshot = false;
        p.has_latency = false;
    }
    err = axiperf_model_params_error(&p);

    if (err) {
        error_setg(errp, "axiperf-monitor: %s", err);
        return;
    }
    if (s->clock_hz == 0 || s->clock_hz > 1000000000) {
        error_setg(errp, "axiperf-monitor: clock-hz must be 1..1000000000");
        return;
    }
    axiperf_model_init(&s->model, &p);
    memory_region_init_io(&s->iomem, OBJECT(dev), &monitor_ops, s,
                          TYPE_AXIPERF_MONITOR,
                          s->legacy ? AXIPERF_LEGACY_WINDOW_SIZE :
                                      AXIPERF_WINDOW_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->iomem);
    s->tick = timer_new_ns(QEMU_CLOCK_VIRTUAL, tick_cb, s);
}

static void monitor_init(Object *obj)
{
    AxiperfMonitor *s = AXIPERF_MONITOR(obj);

    sysbus_init_irq(SYS_BUS_DEVICE(obj), &s->irq);
}

static Property monitor_properties[] = {
    /* a PL link's usual 100 MHz: see Documentation/testbed.rst, "Time" */
    DEFINE_PROP_UINT32("clock-hz", AxiperfMonitor, clock_hz, 100000000),
    DEFINE_PROP_UINT32("data-width", AxiperfMonitor, data_width, 64),
    DEFINE_PROP_UINT32("id-width", AxiperfMonitor, id_width, 6),
    DEFINE_PROP_UINT32("counter-width", AxiperfMonitor, counter_width, 32),
    DEFINE_PROP_UINT32("id-slots", AxiperfMonitor, id_slots, 4),
    DEFINE_PROP_BOOL("has-irq", AxiperfMonitor, has_irq, true),
    DEFINE_PROP_BOOL("has-snapshot", AxiperfMonitor, has_snapshot, true),
    DEFINE_PROP_BOOL("has-latency", AxiperfMonitor, has_latency, true),
    DEFINE_PROP_BOOL("legacy", AxiperfMonitor, legacy, false),
    DEFINE_PROP_END_OF_LIST(),
};

/* The model's state is not described field by field: not migratable. */
static const VMStateDescription vmstate_monitor = {
    .name = TYPE_AXIPERF_MONITOR,
    .unmigratable = 1,
};

static void monitor_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = monitor_realize;
    dc->reset = monitor_reset;
    dc->vmsd = &vmstate_monitor;
    device_class_set_props(dc, monitor_properties);
}

static const TypeInfo monitor_info = {
    .name = TYPE_AXIPERF_MONITOR,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(AxiperfMonitor),
    .instance_init = monitor_init,
    .class_init = monitor_class_init,
};

static void monitor_register_types(void)
{
    type_register_static(&monitor_info);
}

type_init(monitor_register_types)
