/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * axiperf test bed in QEMU: the monitor (our C reference model) watching a
 * modelled AXI4 link, driven by the traffic generator.
 *
 * Time: the monitor is clocked at clock-hz of QEMU_CLOCK_VIRTUAL, lazily:
 * every register access (and a periodic timer while anything can change)
 * first runs the clocks elapsed since the last one. Each clock asks the
 * link's driver (the generator) for the wires of that clock.
 */
#ifndef AXIPERF_TESTBED_H
#define AXIPERF_TESTBED_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "axiperf_model.h"

#define TYPE_AXIPERF_MONITOR "axiperf-monitor"
#define TYPE_AXIPERF_TRAFFIC_GEN "axiperf-traffic-gen"

OBJECT_DECLARE_SIMPLE_TYPE(AxiperfMonitor, AXIPERF_MONITOR)

/* The link's driver: fills the wires of the next clock; may ask for one
 * AXI4-lite write into the monitor on that clock. Returns true while it
 * has anything in progress (the monitor must keep clocking it). */
typedef bool (*AxiperfLinkDriver)(void *opaque, struct axiperf_link *l,
                                  struct axiperf_axil_write *w, bool *has_w);
/* Optional: when the driver's next clocks repeat one set of wires with
 * nothing but its own time moving (a link that hangs), fill l and return
 * how many of the next n clocks do, having advanced itself by that many;
 * 0 otherwise. The monitor hands those clocks to the model at once. */
typedef uint64_t (*AxiperfLinkSteady)(void *opaque, struct axiperf_link *l,
                                      uint64_t n);

/*
 * A tap: an observer of the same link (the ZynqMP's APMs). The monitor
 * stays the clock master: it hands every tap each run of n equal clocks
 * it runs, in order, as it hands them to its model, and the clocks it
 * skips as void (an idle link) too; link_reset: one clock with the link
 * in reset (l then idle). A tap's device calls axiperf_monitor_sync()
 * before its own register accesses, so it has seen every clock up to now.
 */
typedef void (*AxiperfTap)(void *opaque, const struct axiperf_link *l,
                           uint64_t n, bool link_reset);
/* Test-only: the tap's counters := v (AXIPERF_TG_PRESET_CMD's APM bit);
 * each tap decides from the route whether it is the one concerned. */
typedef void (*AxiperfTapPreset)(void *opaque, uint32_t v);
#define AXIPERF_MONITOR_MAX_TAPS 4

struct AxiperfMonitor {
    SysBusDevice parent_obj;

    MemoryRegion iomem;
    qemu_irq irq;
    QEMUTimer *tick;

    uint32_t clock_hz;
    uint32_t data_width, id_width, counter_width, id_slots;
    bool has_irq, has_snapshot, has_latency;
    bool legacy;                /* the article's core: see axiperf-monitor.c */

    struct axiperf_model model;
    uint64_t clocks_done;       /* clocks run since reset */
    uint64_t clock_base;        /* clocks_at(virtual time 0 of reset) */
    int64_t reset_ns;

    AxiperfLinkDriver driver;
    AxiperfLinkSteady steady;
    void *driver_opaque;
    bool driver_busy;
    struct axiperf_axil_write held_w;   /* the driver's, behind the guest's */
    bool has_held_w;
    struct axiperf_link last_link;      /* the wires of the last clock run */
    struct axiperf_link run_link;       /* clocks not yet given to the model: */
    uint64_t run_clocks;                /* these wires, this many times */

    /* what the monitor costs, for benchmarks (the generator's registers) */
    uint64_t host_ns;           /* host CPU time running the link */
    uint32_t mmio_reads, mmio_writes, irq_rises;
    bool irq_level;

    /* the taps; the route says which of them sees the link (AXIPERF_TG_ROUTE) */
    unsigned int ntaps;
    struct {
        AxiperfTap fn;
        AxiperfTapPreset preset;
        void *opaque;
    } taps[AXIPERF_MONITOR_MAX_TAPS];
    uint32_t route;

    uint32_t fault;             /* test only: AXIPERF_TG_FAULT_* injected */
    bool link_reset;            /* set by the driver: this clock is in link reset */
};

void axiperf_monitor_set_driver(AxiperfMonitor *s, AxiperfLinkDriver fn,
                                AxiperfLinkSteady steady, void *opaque);
/* The link is reset now, for one clock (a driver's abort): what was in
 * flight ends. Call it right after axiperf_monitor_sync(). */
void axiperf_monitor_link_reset_now(AxiperfMonitor *s);
/* Run every clock up to now, then update the interrupt line. */
void axiperf_monitor_sync(AxiperfMonitor *s);
/* The driver has started something: keep the clocks running. */
void axiperf_monitor_kick(AxiperfMonitor *s);
/* Test-only: set every counter of the model to v (masked to its width). */
void axiperf_monitor_preset(AxiperfMonitor *s, uint64_t v);
/* Test-only: a misbehaving monitor (AXIPERF_TG_FAULT_* bits; 0: none). */
void axiperf_monitor_set_fault(AxiperfMonitor *s, uint32_t fault);
/* A tap from now on (at most AXIPERF_MONITOR_MAX_TAPS; at realize). */
void axiperf_monitor_add_tap(AxiperfMonitor *s, AxiperfTap fn, void *opaque);
/* Test-only: the preset of the tap added with opaque. */
void axiperf_monitor_set_tap_preset(AxiperfMonitor *s, void *opaque,
                                    AxiperfTapPreset fn);
/* Test-only: every tap's preset with v. */
void axiperf_monitor_preset_taps(AxiperfMonitor *s, uint32_t v);
/* Which tap and slot see the link (AXIPERF_TG_ROUTE); the clocks up to now
 * went by the route before. */
void axiperf_monitor_set_route(AxiperfMonitor *s, uint32_t route);

#endif
