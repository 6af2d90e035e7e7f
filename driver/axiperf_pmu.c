// SPDX-License-Identifier: GPL-2.0
/*
 * perf PMU for the axiperf AXI4 performance monitor, and for the article's
 * core whose 0x00-0x7C register layout it keeps. Documentation/perf.rst is
 * the user guide; include/axiperf/regs.h is the register map.
 *
 * The hardware counters run freely while any event exists: the first
 * event_init() clears and starts the monitor, the last event's destroy()
 * stops it; both may sleep while the monitor waits for an idle bus. Each
 * counter is extended to 64 bits here (by the half-range interrupt, or by a
 * pinned hrtimer when there is none) and each event counts from its own
 * start value, so events come and go without disturbing each other, and
 * scheduling an event in or out (add, del, start, stop) only reads.
 */
#include <linux/bitfield.h>
#include <linux/clk.h>
#include <linux/cpuhotplug.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>

#include <axiperf/regs.h>

#include "axiperf_calc.h"
#include "compat.h"

#define CREATE_TRACE_POINTS
#include "axiperf_trace.h"
static_assert(sizeof(u64) == AXIPERF_TRACE_U64_SIZE);

#define AXIPERF_LEGACY		1UL

/* Written to CONTROL, the pending bits request what they report. */
#define AXIPERF_REQ_STOP	0
#define AXIPERF_REQ_CLEAR_START	(AXIPERF_CONTROL_START_PENDING | \
				 AXIPERF_CONTROL_CLEAR_PENDING)
#define AXIPERF_PENDING		(AXIPERF_CONTROL_START_PENDING | \
				 AXIPERF_CONTROL_CLEAR_PENDING | \
				 AXIPERF_CONTROL_STOP_PENDING)
#define AXIPERF_IRQ_ALL		(AXIPERF_IRQ_STATUS_HALF | \
				 AXIPERF_IRQ_STATUS_ACTIVE_SAT | \
				 AXIPERF_IRQ_STATUS_PERF_ERR | \
				 AXIPERF_IRQ_STATUS_RESP_APPROX)
#define AXIPERF_IRQ_USED	(AXIPERF_IRQ_STATUS_HALF | \
				 AXIPERF_IRQ_STATUS_PERF_ERR | \
				 AXIPERF_IRQ_STATUS_RESP_APPROX)

static unsigned int idle_timeout_us = 10000;
module_param(idle_timeout_us, uint, 0644);
MODULE_PARM_DESC(idle_timeout_us,
		 "longest wait for the monitored bus to go idle at start and stop (us)");

struct axiperf_pmu {
	struct pmu pmu;
	struct device *dev;
	void __iomem *base;
	struct clk *clk;
	struct hlist_node node;
	struct axiperf_hwcfg cfg;
	bool legacy;
	int irq;		/* < 0: polled */
	unsigned int cpu;
	unsigned long clk_hz;
	u64 poll_ns;		/* 0: the interrupt extends the counters */
	unsigned int trace_interval_ms;
	char name[16];
	char identifier[32];

	/* serializes starting and stopping the monitor; users: live events */
	struct mutex users_lock;
	unsigned int users;

	/*
	 * The counters' state. While running, every register access happens
	 * under it; while not, only the start and stop paths (users_lock)
	 * touch the registers.
	 */
	raw_spinlock_t lock;
	bool running;
	unsigned int txn_flags;
	bool txn_sampled;	/* an add transaction took its one sample */
	unsigned int frozen;	/* holds on the values (axiperf_freeze) */
	u64 held[AXIPERF_NUM_COUNTERS + AXIPERF_NUM_GAUGES];
	u64 raw[AXIPERF_NUM_COUNTERS];
	u64 total[AXIPERF_NUM_COUNTERS];
	u64 gauge[AXIPERF_NUM_GAUGES];

	struct hrtimer poll_timer;
	struct hrtimer trace_timer;

	/* a monitor that misbehaves */
	bool link_reset;	/* CONTROL.link_reset read at probe */
	bool faulted;		/* every counter reads all ones: held */
	unsigned int spurious;	/* interrupts in a row with no cause */
	bool irq_masked;	/* stuck high: masked, polled instead */
	u64 fallback_ns;	/* the poll period then (0: none known) */
};

/* interrupts in a row with nothing pending before the line is taken as stuck */
#define AXIPERF_STUCK_IRQS	1000

static enum cpuhp_state axiperf_cpuhp_state;

#define to_axiperf(p) container_of(p, struct axiperf_pmu, pmu)

static u32 axiperf_readl(struct axiperf_pmu *ap, unsigned int off)
{
	return readl(ap->base + off);
}

static void axiperf_writel(struct axiperf_pmu *ap, u32 val, unsigned int off)
{
	writel(val, ap->base + off);
}

static u64 axiperf_read_counter(struct axiperf_pmu *ap, unsigned int off)
{
	u32 hi, lo;

	if (ap->cfg.counter_width == 32)
		return axiperf_readl(ap, off);
	/* A live 64-bit counter can carry between the halves: re-read. */
	do {
		hi = axiperf_readl(ap, off + AXIPERF_UPPER_OFFSET);
		lo = axiperf_readl(ap, off);
	} while (!ap->cfg.has_snapshot &&
		 hi != axiperf_readl(ap, off + AXIPERF_UPPER_OFFSET));
	return (u64)hi << 32 | lo;
}

static unsigned int axiperf_offset(struct axiperf_pmu *ap,
				   const struct axiperf_event_desc *desc)
{
	return axiperf_event_offset(desc, ap->legacy);
}

/*
 * Reads every counter and gauge, coherently through the snapshot when the
 * core has one, and folds each counter's progress into its 64-bit total.
 * @rebase takes new start values without counting (the monitor was just
 * cleared). Records the tracepoint when a counter passed half its range.
 */
static void axiperf_sample(struct axiperf_pmu *ap, bool rebase)
{
	unsigned int window = 0, width = ap->cfg.counter_width, i;
	u64 ones = width == 64 ? U64_MAX : U32_MAX;
	u64 now[AXIPERF_NUM_COUNTERS];
	bool crossed = false, all_ones = true;

	lockdep_assert_held(&ap->lock);
	if (ap->cfg.has_snapshot) {
		/*
		 * The counter reads below are ordered after this write at the
		 * monitor as any read to the same device is (a read of another
		 * register first would only be one more such read).
		 */
		axiperf_writel(ap, 1, AXIPERF_REG_SNAPSHOT);
		window = AXIPERF_SNAPSHOT_OFFSET;
	}

	for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		const struct axiperf_event_desc *desc = &axiperf_events[i];

		now[i] = ones;
		if (axiperf_event_present(desc, &ap->cfg))
			now[i] = axiperf_read_counter(ap, window + axiperf_offset(ap, desc));
		all_ones &= now[i] == ones;
	}
	/*
	 * Every counter at its maximum at once cannot be a count (the read
	 * categories alone add up to active_cycles): the monitor does not
	 * answer. Keep the last good values; count again from where it
	 * stands once it answers.
	 */
	if (all_ones) {
		if (!ap->faulted)
			dev_err(ap->dev,
				"%s: every register reads all ones: the monitor does not answer (its bitstream reloaded, or a bus error?); its events keep their last good values until it answers again\n",
				ap->name);
		ap->faulted = true;
		return;
	}
	if (ap->faulted) {
		dev_warn(ap->dev,
			 "%s: the monitor answers again: counting goes on from the last good values (clocks in between are not counted)\n",
			 ap->name);
		ap->faulted = false;
		rebase = true;
	}

	for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		const struct axiperf_event_desc *desc = &axiperf_events[i];

		if (!axiperf_event_present(desc, &ap->cfg))
			continue;
		if (ap->legacy && desc->id == AXIPERF_EV_ACTIVE_CYCLES &&
		    now[i] == U32_MAX)
			dev_warn_once(ap->dev,
				      "%s: the article's active_cycles saturated after 2^32 clocks and stopped counting\n",
				      ap->name);
		if (!rebase) {
			crossed |= axiperf_top_bit_changed(ap->raw[i], now[i], width);
			ap->total[i] += axiperf_delta(ap->raw[i], now[i], width);
		}
		ap->raw[i] = now[i];
	}

	for (i = 0; i < AXIPERF_NUM_GAUGES; i++) {
		const struct axiperf_event_desc *desc =
			&axiperf_events[AXIPERF_NUM_COUNTERS + i];

		if (!axiperf_event_present(desc, &ap->cfg))
			continue;
		ap->gauge[i] = axiperf_gauge_value(axiperf_readl(ap, window +
							axiperf_offset(ap, desc)),
						   desc->lsb, desc->bits);
	}

	if (crossed)
		trace_axiperf_counters(ap->name, AXIPERF_TRACE_OVERFLOW,
				       ap->total, ap->gauge);
}

/*
 * A request is applied on an idle clock: wait, bounded, for its result.
 * Sleeps; called with users_lock held while the monitor is not running
 * (nothing else touches the registers then).
 */
static int axiperf_control(struct axiperf_pmu *ap, u32 request, bool counting)
{
	u32 ctrl;
	int ret;

	lockdep_assert_held(&ap->users_lock);
	might_sleep();
	axiperf_writel(ap, request, AXIPERF_REG_CONTROL);
	ret = readl_poll_timeout(ap->base + AXIPERF_REG_CONTROL, ctrl,
				 !(ctrl & AXIPERF_PENDING) &&
				 !!(ctrl & AXIPERF_CONTROL_TRIGGERED) == counting,
				 10, idle_timeout_us);
	if (ret)
		dev_err_ratelimited(ap->dev,
				    "%s: the monitored AXI bus did not go idle within %u us, so the %s is still pending (CONTROL %#x%s); a master or slave is stuck mid-burst\n",
				    ap->name, idle_timeout_us,
				    counting ? "start" : "stop", ctrl,
				    ctrl & AXIPERF_CONTROL_PERF_ERR ?
				    ", burst tracker overflowed" : "");
	else if (counting && (ctrl & AXIPERF_CONTROL_LINK_RESET))
		dev_warn_ratelimited(ap->dev,
				     "%s: counting starts with the watched link in reset (mon_aresetn low): its clocks count as idle until the reset goes high; if mon_aresetn is tied low, connect it to the link's reset\n",
				     ap->name);
	return ret;
}

static void axiperf_timers_start(struct axiperf_pmu *ap)
{
	if (ap->poll_ns)
		hrtimer_start(&ap->poll_timer, ns_to_ktime(ap->poll_ns),
			      HRTIMER_MODE_REL_PINNED);
	if (ap->trace_interval_ms)
		hrtimer_start(&ap->trace_timer,
			      ms_to_ktime(ap->trace_interval_ms),
			      HRTIMER_MODE_REL_PINNED);
}

/*
 * The first event (at event_init) clears and starts the monitor, so maxima
 * are its own. Sleeps while the monitor waits for an idle bus; -EBUSY if
 * it never gets one.
 */
static int axiperf_get(struct axiperf_pmu *ap)
{
	unsigned long flags;
	int ret = 0;

	mutex_lock(&ap->users_lock);
	if (ap->users)
		goto out;

	ret = clk_enable(ap->clk);
	if (ret)
		goto unlock;
	if (ap->irq_masked) {
		/* a line found stuck: try it again with this start */
		ap->irq_masked = false;
		ap->poll_ns = 0;
		enable_irq(ap->irq);
		dev_info(ap->dev, "%s: interrupt %d unmasked again\n", ap->name,
			 ap->irq);
	}
	ret = axiperf_control(ap, AXIPERF_REQ_CLEAR_START, true);
	if (ret) {
		/* drop the pending start rather than count later by surprise */
		axiperf_writel(ap, AXIPERF_REQ_STOP, AXIPERF_REG_CONTROL);
		clk_disable(ap->clk);
		ret = -EBUSY;
		goto unlock;
	}

	raw_spin_lock_irqsave(&ap->lock, flags);
	axiperf_sample(ap, true);
	if (ap->irq >= 0) {
		axiperf_writel(ap, AXIPERF_IRQ_ALL, AXIPERF_REG_IRQ_STATUS);
		axiperf_writel(ap, AXIPERF_IRQ_USED, AXIPERF_REG_IRQ_ENABLE);
	}
	ap->running = true;
	raw_spin_unlock_irqrestore(&ap->lock, flags);

	axiperf_timers_start(ap);
out:
	ap->users++;
unlock:
	mutex_unlock(&ap->users_lock);
	return ret;
}

/* The last event gone (its destroy), the monitor stops. May sleep. */
static void axiperf_put(struct axiperf_pmu *ap)
{
	unsigned long flags;

	mutex_lock(&ap->users_lock);
	if (WARN_ON_ONCE(!ap->users) || --ap->users)
		goto unlock;

	/* not under the lock: a callback may be waiting for it elsewhere */
	hrtimer_cancel(&ap->poll_timer);
	hrtimer_cancel(&ap->trace_timer);

	raw_spin_lock_irqsave(&ap->lock, flags);
	ap->running = false;
	if (ap->irq >= 0) {
		axiperf_writel(ap, 0, AXIPERF_REG_IRQ_ENABLE);
		axiperf_writel(ap, AXIPERF_IRQ_ALL, AXIPERF_REG_IRQ_STATUS);
	}
	raw_spin_unlock_irqrestore(&ap->lock, flags);

	/* a stop left pending only ends counting nobody reads any more */
	axiperf_control(ap, AXIPERF_REQ_STOP, false);
	clk_disable(ap->clk);
unlock:
	mutex_unlock(&ap->users_lock);
}

/* The event's current value: a counter's 64-bit total, or a gauge. */
static u64 axiperf_current(struct axiperf_pmu *ap, unsigned int index)
{
	unsigned long flags;
	u64 val;

	raw_spin_lock_irqsave(&ap->lock, flags);
	if (ap->frozen) {
		val = ap->held[index];
		goto out;
	}
	/*
	 * Inside a group read the transaction's sample serves every event;
	 * inside a group add the first event's sample serves the rest, so
	 * a group starts from one instant.
	 */
	if (ap->running && !(ap->txn_flags & PERF_PMU_TXN_READ) &&
	    !(ap->txn_flags & PERF_PMU_TXN_ADD && ap->txn_sampled))
		axiperf_sample(ap, false);
	if (ap->txn_flags & PERF_PMU_TXN_ADD)
		ap->txn_sampled = true;
	if (index < AXIPERF_NUM_COUNTERS)
		val = ap->total[index];
	else
		val = ap->gauge[index - AXIPERF_NUM_COUNTERS];
out:
	raw_spin_unlock_irqrestore(&ap->lock, flags);
	return val;
}

/*
 * The monitor counts on whatever perf does, so an event taken off and put
 * back (perf reschedules the whole context when an event is installed;
 * the context moves to another CPU) would lose what the link did in
 * between: another CPU can run a whole burst there. Instead, from the
 * first hold to the last release every event reads the values of one
 * instant, the hold's: an event taken off ends there, one put back starts
 * there, and the clocks in between count on. The counters are still
 * sampled meanwhile (wraps, tracepoint); only what events see is held.
 */
static void axiperf_freeze(struct axiperf_pmu *ap)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&ap->lock, flags);
	if (!ap->frozen++) {
		if (ap->running)
			axiperf_sample(ap, false);
		memcpy(ap->held, ap->total, sizeof(ap->total));
		memcpy(ap->held + AXIPERF_NUM_COUNTERS, ap->gauge,
		       sizeof(ap->gauge));
	}
	raw_spin_unlock_irqrestore(&ap->lock, flags);
}

static void axiperf_thaw(struct axiperf_pmu *ap)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&ap->lock, flags);
	if (!WARN_ON_ONCE(!ap->frozen))
		ap->frozen--;
	raw_spin_unlock_irqrestore(&ap->lock, flags);
}

/* perf's bracket around a reschedule: per CPU, so they may nest */
static void axiperf_pmu_disable(struct pmu *pmu)
{
	axiperf_freeze(to_axiperf(pmu));
}

static void axiperf_pmu_enable(struct pmu *pmu)
{
	axiperf_thaw(to_axiperf(pmu));
}

static void axiperf_event_update(struct perf_event *event)
{
	struct axiperf_pmu *ap = to_axiperf(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	/* a maximum is a level, not a count: report it as it stands */
	if (hwc->idx >= AXIPERF_NUM_COUNTERS) {
		local64_set(&event->count, axiperf_current(ap, hwc->idx));
		return;
	}

	do {
		prev = local64_read(&hwc->prev_count);
		now = axiperf_current(ap, hwc->idx);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	local64_add(axiperf_delta(prev, now, 64), &event->count);
}

static bool axiperf_group_mixes_pmus(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;

	/* a new leader has no siblings yet (nor a context to assert held) */
	if (leader == event)
		return false;
	if (leader->pmu != event->pmu && !is_software_event(leader))
		return true;
	for_each_sibling_event(sibling, leader)
		if (sibling->pmu != event->pmu && !is_software_event(sibling))
			return true;
	return false;
}

static void axiperf_event_destroy(struct perf_event *event)
{
	axiperf_put(to_axiperf(event->pmu));
}

static int axiperf_event_init(struct perf_event *event)
{
	struct axiperf_pmu *ap = to_axiperf(event->pmu);
	struct axiperf_evsel sel;
	int ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (is_sampling_event(event))
		return -EOPNOTSUPP;
	if (event->attach_state & PERF_ATTACH_TASK)
		return -EOPNOTSUPP;
	if (event->cpu < 0)
		return -EOPNOTSUPP;
	if (event->attr.config1 || event->attr.config2)
		return -EINVAL;
	ret = axiperf_decode_event(event->attr.config, &ap->cfg, &sel);
	if (ret)
		return ret;
	if (axiperf_group_mixes_pmus(event))
		return -EINVAL;
	ret = axiperf_get(ap);
	if (ret)
		return ret;

	event->destroy = axiperf_event_destroy;
	event->cpu = READ_ONCE(ap->cpu);
	event->hw.idx = sel.index;
	return 0;
}

static void axiperf_event_start(struct perf_event *event, int flags)
{
	struct axiperf_pmu *ap = to_axiperf(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	hwc->state = 0;
	local64_set(&hwc->prev_count, axiperf_current(ap, hwc->idx));
}

static void axiperf_event_stop(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;

	if (hwc->state & PERF_HES_STOPPED)
		return;
	axiperf_event_update(event);
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int axiperf_event_add(struct perf_event *event, int flags)
{
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		axiperf_event_start(event, PERF_EF_RELOAD);
	return 0;
}

static void axiperf_event_del(struct perf_event *event, int flags)
{
	axiperf_event_stop(event, PERF_EF_UPDATE);
}

static void axiperf_event_read(struct perf_event *event)
{
	axiperf_event_update(event);
}

/*
 * A group read takes one snapshot for all its events; a group add (the
 * group scheduled in) starts every event from one snapshot, taken when
 * its first event starts. Transactions run on the PMU's CPU with
 * interrupts off, one at a time.
 */
static void axiperf_start_txn(struct pmu *pmu, unsigned int txn_flags)
{
	struct axiperf_pmu *ap = to_axiperf(pmu);
	unsigned long flags;

	raw_spin_lock_irqsave(&ap->lock, flags);
	if ((txn_flags & PERF_PMU_TXN_READ) && ap->running)
		axiperf_sample(ap, false);
	ap->txn_flags = txn_flags;
	ap->txn_sampled = false;
	raw_spin_unlock_irqrestore(&ap->lock, flags);
}

static int axiperf_commit_txn(struct pmu *pmu)
{
	struct axiperf_pmu *ap = to_axiperf(pmu);
	unsigned long flags;

	raw_spin_lock_irqsave(&ap->lock, flags);
	ap->txn_flags = 0;
	ap->txn_sampled = false;
	raw_spin_unlock_irqrestore(&ap->lock, flags);
	return 0;
}

static void axiperf_cancel_txn(struct pmu *pmu)
{
	axiperf_commit_txn(pmu);
}

/*
 * The line stays high with nothing pending: mask it rather than let it
 * take the CPU, and extend the counters by polling instead, as a monitor
 * without an interrupt is. The next start of the monitor tries the line
 * again. Called in the handler, with the lock held.
 */
static void axiperf_mask_stuck_irq(struct axiperf_pmu *ap)
{
	disable_irq_nosync(ap->irq);
	ap->irq_masked = true;
	ap->spurious = 0;
	ap->poll_ns = ap->fallback_ns;
	if (ap->running && ap->poll_ns)
		hrtimer_start(&ap->poll_timer, ns_to_ktime(ap->poll_ns),
			      HRTIMER_MODE_REL_PINNED);
	if (ap->fallback_ns)
		dev_err(ap->dev,
			"%s: interrupt %d is stuck high with no cause pending: masked; the counters are extended by polling every %llu us instead until the monitor next starts\n",
			ap->name, ap->irq, div_u64(ap->fallback_ns, NSEC_PER_USEC));
	else
		dev_err(ap->dev,
			"%s: interrupt %d is stuck high with no cause pending: masked until the monitor next starts; with no clock rate to poll by, a counter that wraps meanwhile loses its count\n",
			ap->name, ap->irq);
}

static irqreturn_t axiperf_irq_handler(int irq, void *data)
{
	struct axiperf_pmu *ap = data;
	u32 status;

	raw_spin_lock(&ap->lock);
	/* stopped, the clock may be off: leave the registers alone */
	status = ap->running ? axiperf_readl(ap, AXIPERF_REG_IRQ_STATUS) : 0;
	if (ap->faulted || status == U32_MAX)
		status = 0;	/* a monitor that does not answer causes nothing */
	if (!status && ++ap->spurious >= AXIPERF_STUCK_IRQS) {
		axiperf_mask_stuck_irq(ap);
		raw_spin_unlock(&ap->lock);
		return IRQ_HANDLED;
	}
	if (status) {
		ap->spurious = 0;
		/* once is enough to know: a full ID table may overflow per burst */
		if (status & AXIPERF_IRQ_STATUS_RESP_APPROX)
			axiperf_writel(ap, AXIPERF_IRQ_USED &
				       ~AXIPERF_IRQ_STATUS_RESP_APPROX,
				       AXIPERF_REG_IRQ_ENABLE);
		axiperf_writel(ap, status, AXIPERF_REG_IRQ_STATUS);
		axiperf_sample(ap, false);
	}
	raw_spin_unlock(&ap->lock);

	if (status & AXIPERF_IRQ_STATUS_PERF_ERR)
		dev_err_ratelimited(ap->dev,
				    "%s: a burst tracker overflowed: idle detection is lost until the monitor is reset, start and stop no longer wait for whole bursts\n",
				    ap->name);
	if (status & AXIPERF_IRQ_STATUS_RESP_APPROX)
		dev_warn_ratelimited(ap->dev,
				     "%s: more read IDs responded at once than the %u-entry ID table holds: rd_max_responding and rd_slow_link are approximate until counting restarts\n",
				     ap->name, ap->cfg.id_slots);
	return status ? IRQ_HANDLED : IRQ_NONE;
}

static enum hrtimer_restart axiperf_poll_timer_fn(struct hrtimer *timer)
{
	struct axiperf_pmu *ap = container_of(timer, struct axiperf_pmu,
					      poll_timer);
	unsigned long flags;
	bool running;

	raw_spin_lock_irqsave(&ap->lock, flags);
	running = ap->running;
	if (running)
		axiperf_sample(ap, false);
	raw_spin_unlock_irqrestore(&ap->lock, flags);
	if (!running)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(ap->poll_ns));
	return HRTIMER_RESTART;
}

static enum hrtimer_restart axiperf_trace_timer_fn(struct hrtimer *timer)
{
	struct axiperf_pmu *ap = container_of(timer, struct axiperf_pmu,
					      trace_timer);
	unsigned int interval = READ_ONCE(ap->trace_interval_ms);
	unsigned long flags;
	bool running;

	raw_spin_lock_irqsave(&ap->lock, flags);
	running = ap->running;
	if (running) {
		axiperf_sample(ap, false);
		trace_axiperf_counters(ap->name, AXIPERF_TRACE_INTERVAL,
				       ap->total, ap->gauge);
	}
	raw_spin_unlock_irqrestore(&ap->lock, flags);
	if (!running || !interval)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ms_to_ktime(interval));
	return HRTIMER_RESTART;
}

/* ---- sysfs ---------------------------------------------------------- */

static struct axiperf_pmu *dev_to_axiperf(struct device *dev)
{
	return to_axiperf(dev_get_drvdata(dev));
}

static const struct axiperf_event_desc *axiperf_desc_by_id(u64 id)
{
	unsigned int i;

	for (i = 0; i < axiperf_num_events; i++)
		if (axiperf_events[i].id == id)
			return &axiperf_events[i];
	return NULL;
}

static ssize_t axiperf_event_show(struct device *dev,
				  struct device_attribute *attr, char *buf)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);

	if (pa->event_str)
		return sysfs_emit(buf, "%s\n", pa->event_str);
	return sysfs_emit(buf, "event=0x%02llx\n", pa->id);
}

#define AXIPERF_EVENT_ATTR(_name, _id, _str)				\
	(&((struct perf_pmu_events_attr[]) {				\
		{ .attr = __ATTR(_name, 0444, axiperf_event_show, NULL),	\
		  .id = _id, .event_str = _str }				\
	})[0].attr.attr)

#define AXIPERF_COUNTER_EVENT(_name, _id, ...)				\
	AXIPERF_EVENT_ATTR(_name, _id, NULL),
#define AXIPERF_COUNTER_UNIT(_name, _id, ...)				\
	AXIPERF_EVENT_ATTR(_name.unit, _id, "bytes"),
#define AXIPERF_COUNTER_SCALE(_name, _id, ...)				\
	AXIPERF_EVENT_ATTR(_name.scale, _id, "1"),
#define AXIPERF_GAUGE_EVENT(_name, _id, ...)				\
	AXIPERF_EVENT_ATTR(_name, _id, NULL),

static struct attribute *axiperf_event_attrs[] = {
	AXIPERF_COUNTERS(AXIPERF_COUNTER_EVENT)
	AXIPERF_COUNTERS(AXIPERF_COUNTER_UNIT)
	AXIPERF_COUNTERS(AXIPERF_COUNTER_SCALE)
	AXIPERF_GAUGES(AXIPERF_GAUGE_EVENT)
	NULL
};

/* Only byte counters carry .unit and .scale; the core must have the event. */
static umode_t axiperf_event_is_visible(struct kobject *kobj,
					struct attribute *attr, int i)
{
	struct axiperf_pmu *ap = dev_to_axiperf(kobj_to_dev(kobj));
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr.attr);
	const struct axiperf_event_desc *desc = axiperf_desc_by_id(pa->id);

	if (!desc || !axiperf_event_present(desc, &ap->cfg))
		return 0;
	if (pa->event_str && strcmp(desc->unit, "bytes"))
		return 0;
	return attr->mode;
}

static const struct attribute_group axiperf_events_group = {
	.name = "events",
	.attrs = axiperf_event_attrs,
	.is_visible = axiperf_event_is_visible,
};

PMU_FORMAT_ATTR(event, "config:0-7");

static struct attribute *axiperf_format_attrs[] = {
	&format_attr_event.attr,
	NULL
};

static const struct attribute_group axiperf_format_group = {
	.name = "format",
	.attrs = axiperf_format_attrs,
};

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	unsigned int cpu = READ_ONCE(dev_to_axiperf(dev)->cpu);

	return sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(cpumask_of(cpu)));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", dev_to_axiperf(dev)->identifier);
}
static DEVICE_ATTR_RO(identifier);

static ssize_t trace_interval_ms_show(struct device *dev,
				      struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n",
			  READ_ONCE(dev_to_axiperf(dev)->trace_interval_ms));
}

/* Takes effect when counting (re)starts; 0 leaves overflow records only. */
static ssize_t trace_interval_ms_store(struct device *dev,
				       struct device_attribute *attr,
				       const char *buf, size_t count)
{
	unsigned int ms;
	int ret;

	ret = kstrtouint(buf, 0, &ms);
	if (ret)
		return ret;
	WRITE_ONCE(dev_to_axiperf(dev)->trace_interval_ms, ms);
	return count;
}
static DEVICE_ATTR_RW(trace_interval_ms);

static struct attribute *axiperf_misc_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_identifier.attr,
	&dev_attr_trace_interval_ms.attr,
	NULL
};

static const struct attribute_group axiperf_misc_group = {
	.attrs = axiperf_misc_attrs,
};

enum axiperf_cap {
	AXIPERF_CAP_COUNTER_WIDTH,
	AXIPERF_CAP_DATA_WIDTH,
	AXIPERF_CAP_ID_WIDTH,
	AXIPERF_CAP_ID_SLOTS,
	AXIPERF_CAP_ADDR_WIDTH,
	AXIPERF_CAP_CLOCK_HZ,
	AXIPERF_CAP_IRQ,
	AXIPERF_CAP_SNAPSHOT,
	AXIPERF_CAP_LATENCY,
	AXIPERF_CAP_POLL_NS,
};

static ssize_t axiperf_cap_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *ea =
		container_of(attr, struct dev_ext_attribute, attr);
	struct axiperf_pmu *ap = dev_to_axiperf(dev);
	u64 val;

	switch ((uintptr_t)ea->var) {
	case AXIPERF_CAP_COUNTER_WIDTH:
		val = ap->cfg.counter_width;
		break;
	case AXIPERF_CAP_DATA_WIDTH:
		val = ap->cfg.data_bytes * 8;
		break;
	case AXIPERF_CAP_ID_WIDTH:
		val = ap->cfg.id_width;
		break;
	case AXIPERF_CAP_ID_SLOTS:
		val = ap->cfg.id_slots;
		break;
	case AXIPERF_CAP_ADDR_WIDTH:
		val = ap->cfg.addr_width;
		break;
	case AXIPERF_CAP_CLOCK_HZ:
		val = ap->clk_hz;
		break;
	case AXIPERF_CAP_IRQ:
		val = ap->irq >= 0 && !ap->irq_masked;
		break;
	case AXIPERF_CAP_SNAPSHOT:
		val = ap->cfg.has_snapshot;
		break;
	case AXIPERF_CAP_LATENCY:
		val = ap->cfg.has_latency;
		break;
	default:
		val = ap->poll_ns;
		break;
	}
	return sysfs_emit(buf, "%llu\n", val);
}

#define AXIPERF_CAP_ATTR(_name, _cap)					\
	(&((struct dev_ext_attribute[]) {				\
		{ __ATTR(_name, 0444, axiperf_cap_show, NULL),		\
		  (void *)(uintptr_t)_cap }					\
	})[0].attr.attr)

static struct attribute *axiperf_caps_attrs[] = {
	AXIPERF_CAP_ATTR(counter_width, AXIPERF_CAP_COUNTER_WIDTH),
	AXIPERF_CAP_ATTR(data_width, AXIPERF_CAP_DATA_WIDTH),
	AXIPERF_CAP_ATTR(id_width, AXIPERF_CAP_ID_WIDTH),
	AXIPERF_CAP_ATTR(id_slots, AXIPERF_CAP_ID_SLOTS),
	AXIPERF_CAP_ATTR(addr_width, AXIPERF_CAP_ADDR_WIDTH),
	AXIPERF_CAP_ATTR(clock_hz, AXIPERF_CAP_CLOCK_HZ),
	AXIPERF_CAP_ATTR(irq, AXIPERF_CAP_IRQ),
	AXIPERF_CAP_ATTR(snapshot, AXIPERF_CAP_SNAPSHOT),
	AXIPERF_CAP_ATTR(latency, AXIPERF_CAP_LATENCY),
	AXIPERF_CAP_ATTR(poll_period_ns, AXIPERF_CAP_POLL_NS),
	NULL
};

/* The article's core cannot say what its ID and address widths are. */
static umode_t axiperf_caps_is_visible(struct kobject *kobj,
				       struct attribute *attr, int i)
{
	struct axiperf_pmu *ap = dev_to_axiperf(kobj_to_dev(kobj));
	struct dev_ext_attribute *ea =
		container_of(attr, struct dev_ext_attribute, attr.attr);

	switch ((uintptr_t)ea->var) {
	case AXIPERF_CAP_ID_WIDTH:
	case AXIPERF_CAP_ID_SLOTS:
	case AXIPERF_CAP_ADDR_WIDTH:
		return ap->legacy ? 0 : attr->mode;
	default:
		return attr->mode;
	}
}

static const struct attribute_group axiperf_caps_group = {
	.name = "caps",
	.attrs = axiperf_caps_attrs,
	.is_visible = axiperf_caps_is_visible,
};

static const struct attribute_group *axiperf_attr_groups[] = {
	&axiperf_events_group,
	&axiperf_format_group,
	&axiperf_misc_group,
	&axiperf_caps_group,
	NULL
};

/* ---- probe ---------------------------------------------------------- */

/*
 * Keep the interrupt on the PMU's CPU. Some controllers (a MicroBlaze
 * intc) cannot steer it; the lock keeps that correct, only slower.
 */
static void axiperf_follow_cpu(struct axiperf_pmu *ap)
{
	if (ap->irq >= 0 && irq_set_affinity(ap->irq, cpumask_of(ap->cpu)))
		dev_dbg(ap->dev, "%s: irq %d stays where it is\n", ap->name,
			ap->irq);
}

static int axiperf_offline_cpu(unsigned int cpu, struct hlist_node *node)
{
	struct axiperf_pmu *ap = hlist_entry_safe(node, struct axiperf_pmu, node);
	unsigned int target;

	if (cpu != ap->cpu)
		return 0;
	target = cpumask_any_but(cpu_online_mask, cpu);
	if (target >= nr_cpu_ids)
		return 0;

	axiperf_freeze(ap);
	perf_pmu_migrate_context(&ap->pmu, cpu, target);
	WRITE_ONCE(ap->cpu, target);
	axiperf_thaw(ap);
	axiperf_follow_cpu(ap);
	return 0;
}

static const struct of_device_id axiperf_of_match[] = {
	{ .compatible = "axiperf,axi-perf-monitor-1.0" },
	{ .compatible = "axiperf,zipcpu-axiperf", .data = (void *)AXIPERF_LEGACY },
	{ }
};
MODULE_DEVICE_TABLE(of, axiperf_of_match);

static u64 axiperf_node_address(struct device_node *np)
{
	struct resource res;

	return of_address_to_resource(np, 0, &res) ? U64_MAX : res.start;
}

/* axiperfN: the "axiperfN" alias, else after every alias in address order. */
static int axiperf_instance_number(struct device_node *np)
{
	struct device_node *other;
	int id = of_alias_get_id(np, "axiperf");
	u64 mine;

	if (id >= 0)
		return id;
	id = of_alias_get_highest_id("axiperf");
	id = id < 0 ? 0 : id + 1;
	mine = axiperf_node_address(np);
	for_each_matching_node(other, axiperf_of_match) {
		if (other == np || !of_device_is_available(other) ||
		    of_alias_get_id(other, "axiperf") >= 0)
			continue;
		if (axiperf_node_address(other) < mine)
			id++;
	}
	return id;
}

static int axiperf_identify(struct axiperf_pmu *ap)
{
	struct device *dev = ap->dev;
	u32 id, version, config;
	int ret;

	if (ap->legacy) {
		u32 ctrl = axiperf_readl(ap, AXIPERF_REG_CONTROL);
		u32 width;

		if (ctrl & ~AXIPERF_CONTROL_LEGACY_MASK)
			return dev_err_probe(dev, -ENODEV,
					     "CONTROL reads %#x, not the article's core (bits above 3 are set); for an axiperf monitor use compatible \"axiperf,axi-perf-monitor-1.0\"\n",
					     ctrl);
		ret = of_property_read_u32(dev->of_node, "axiperf,data-width",
					   &width);
		if (ret || width < 32 || width > 1024 || !is_power_of_2(width))
			return dev_err_probe(dev, -EINVAL,
					     "the article's core needs \"axiperf,data-width\", the monitored link's data width (32..1024, a power of 2), to size the poll period\n");
		ap->cfg.data_bytes = width / 8;
		ap->cfg.counter_width = 32;
		ap->cfg.legacy = true;
		snprintf(ap->identifier, sizeof(ap->identifier),
			 "zipcpu-axiperf");
		return 0;
	}

	id = axiperf_readl(ap, AXIPERF_REG_ID);
	version = axiperf_readl(ap, AXIPERF_REG_VERSION);
	config = axiperf_readl(ap, AXIPERF_REG_CONFIG);
	ret = axiperf_decode_hwcfg(id, version, config, &ap->cfg);
	if (ret == -ENODEV)
		return dev_err_probe(dev, ret,
				     "ID reads %#x, not the axiperf magic %#x: check reg, or use compatible \"axiperf,zipcpu-axiperf\" for the article's core\n",
				     id, AXIPERF_MAGIC);
	if (ret == -EPROTO)
		return dev_err_probe(dev, -ENODEV,
				     "register map version %#x is not %u.x, which this driver knows\n",
				     version, AXIPERF_MAP_MAJOR);
	if (ret)
		return dev_err_probe(dev, ret, "CONFIG %#x is not a valid build\n",
				     config);
	snprintf(ap->identifier, sizeof(ap->identifier), "axiperf-%u.%u-%08x",
		 FIELD_GET(AXIPERF_VERSION_MAJOR, version),
		 FIELD_GET(AXIPERF_VERSION_MINOR, version), config);

	ap->link_reset = axiperf_readl(ap, AXIPERF_REG_CONTROL) &
			 AXIPERF_CONTROL_LINK_RESET;

	/* whatever a previous user left behind */
	axiperf_writel(ap, 0, AXIPERF_REG_IRQ_ENABLE);
	axiperf_writel(ap, AXIPERF_IRQ_ALL, AXIPERF_REG_IRQ_STATUS);
	return 0;
}

/* With no interrupt, poll as often as the fastest counter needs. */
static int axiperf_size_poll(struct axiperf_pmu *ap)
{
	unsigned int i;
	u64 ns;

	ap->poll_ns = AXIPERF_POLL_MAX_NS;
	for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
		const struct axiperf_event_desc *desc = &axiperf_events[i];

		if (!axiperf_event_present(desc, &ap->cfg))
			continue;
		ns = axiperf_poll_period_ns(ap->clk_hz,
					    axiperf_max_step(desc, ap->cfg.data_bytes),
					    ap->cfg.counter_width);
		if (!ns)
			return dev_err_probe(ap->dev, -EINVAL,
					     "the monitor clock's rate is unknown, so no poll period can keep the counters from wrapping unseen: give \"clocks\" a clock with a rate, or wire the interrupt\n");
		ap->poll_ns = min(ap->poll_ns, ns);
	}
	return 0;
}

static int axiperf_setup_irq(struct platform_device *pdev,
			     struct axiperf_pmu *ap)
{
	int irq, ret;

	ap->irq = -1;
	if (ap->legacy)
		return 0;
	irq = platform_get_irq_optional(pdev, 0);
	if (irq == -EPROBE_DEFER)
		return irq;
	if (irq <= 0)
		return 0;
	if (!ap->cfg.has_irq) {
		dev_warn(ap->dev, "the core was built without its interrupt: polling instead of irq %d\n",
			 irq);
		return 0;
	}
	ret = devm_request_irq(ap->dev, irq, axiperf_irq_handler,
			       IRQF_NOBALANCING | IRQF_NO_THREAD,
			       dev_name(ap->dev), ap);
	if (ret)
		return dev_err_probe(ap->dev, ret, "cannot request irq %d\n", irq);
	ap->irq = irq;
	return 0;
}

static void axiperf_clk_unprepare(void *clk)
{
	clk_unprepare(clk);
}

/* devres action, the last of probe's: first at unbind, before the IRQ is freed */
static void axiperf_unregister(void *data)
{
	struct axiperf_pmu *ap = data;

	/* no migration may run on a PMU being unregistered */
	cpuhp_state_remove_instance_nocalls(axiperf_cpuhp_state, &ap->node);
	perf_pmu_unregister(&ap->pmu);
}

static int axiperf_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct axiperf_pmu *ap;
	struct resource *res;
	resource_size_t need;
	int ret;

	ap = devm_kzalloc(dev, sizeof(*ap), GFP_KERNEL);
	if (!ap)
		return -ENOMEM;
	ap->dev = dev;
	ap->legacy = (uintptr_t)of_device_get_match_data(dev) == AXIPERF_LEGACY;
	raw_spin_lock_init(&ap->lock);
	mutex_init(&ap->users_lock);

	ap->base = devm_platform_get_and_ioremap_resource(pdev, 0, &res);
	if (IS_ERR(ap->base))
		return PTR_ERR(ap->base);
	need = ap->legacy ? AXIPERF_LEGACY_WINDOW_SIZE : AXIPERF_WINDOW_SIZE;
	if (resource_size(res) < need)
		return dev_err_probe(dev, -EINVAL,
				     "reg %pR is smaller than the monitor's %#llx-byte register window\n",
				     res, (unsigned long long)need);

	ap->clk = devm_clk_get(dev, NULL);
	if (IS_ERR(ap->clk))
		return dev_err_probe(dev, PTR_ERR(ap->clk),
				     "no clock: \"clocks\" must name the monitored link's clock\n");
	ret = clk_prepare_enable(ap->clk);
	if (ret)
		return dev_err_probe(dev, ret, "cannot enable the clock\n");
	ret = devm_add_action_or_reset(dev, axiperf_clk_unprepare, ap->clk);
	if (ret) {
		clk_disable(ap->clk);
		return ret;
	}
	ret = axiperf_identify(ap);
	clk_disable(ap->clk);
	if (ret)
		return ret;
	ap->clk_hz = clk_get_rate(ap->clk);

	ret = axiperf_setup_irq(pdev, ap);
	if (ret)
		return ret;
	if (ap->irq < 0) {
		ret = axiperf_size_poll(ap);
		if (ret)
			return ret;
	} else if (ap->clk_hz && !axiperf_size_poll(ap)) {
		/* the poll period to fall back on if the line gets stuck */
		ap->fallback_ns = ap->poll_ns;
		ap->poll_ns = 0;
	}

	hrtimer_setup(&ap->poll_timer, axiperf_poll_timer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL);
	hrtimer_setup(&ap->trace_timer, axiperf_trace_timer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL);

	snprintf(ap->name, sizeof(ap->name), "axiperf%d",
		 axiperf_instance_number(dev->of_node));
	ap->cpu = raw_smp_processor_id();
	ap->pmu = (struct pmu) {
		.module = THIS_MODULE,
		.task_ctx_nr = perf_invalid_context,
		.capabilities = PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups = axiperf_attr_groups,
		.event_init = axiperf_event_init,
		.add = axiperf_event_add,
		.del = axiperf_event_del,
		.start = axiperf_event_start,
		.stop = axiperf_event_stop,
		.read = axiperf_event_read,
		.pmu_enable = axiperf_pmu_enable,
		.pmu_disable = axiperf_pmu_disable,
		.start_txn = axiperf_start_txn,
		.commit_txn = axiperf_commit_txn,
		.cancel_txn = axiperf_cancel_txn,
	};
	platform_set_drvdata(pdev, ap);

	ret = cpuhp_state_add_instance_nocalls(axiperf_cpuhp_state, &ap->node);
	if (ret)
		return dev_err_probe(dev, ret, "cannot join CPU hotplug\n");
	axiperf_follow_cpu(ap);

	ret = perf_pmu_register(&ap->pmu, ap->name, -1);
	if (ret) {
		cpuhp_state_remove_instance_nocalls(axiperf_cpuhp_state,
						    &ap->node);
		return dev_err_probe(dev, ret, "cannot register PMU %s\n",
				     ap->name);
	}
	ret = devm_add_action_or_reset(dev, axiperf_unregister, ap);
	if (ret)
		return ret;

	dev_info(dev, "%s: %s, %u-bit counters on a %u-bit link, %s\n",
		 ap->name, ap->identifier, ap->cfg.counter_width,
		 ap->cfg.data_bytes * 8,
		 ap->irq >= 0 ? "extended by interrupt" : "extended by polling");
	if (ap->irq < 0)
		dev_info(dev, "%s: polling every %llu us at %lu Hz\n", ap->name,
			 div_u64(ap->poll_ns, NSEC_PER_USEC), ap->clk_hz);
	if (ap->link_reset)
		dev_warn(dev, "%s: the watched link is in reset (mon_aresetn low): every clock counts as idle while it is; if mon_aresetn is tied low, connect it to the link's reset\n",
			 ap->name);
	return 0;
}

static struct platform_driver axiperf_driver = {
	.driver = {
		.name = "axiperf",
		.of_match_table = axiperf_of_match,
		.suppress_bind_attrs = true,
	},
	.probe = axiperf_probe,
};

static int __init axiperf_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/axiperf:online",
				      NULL, axiperf_offline_cpu);
	if (ret < 0)
		return ret;
	axiperf_cpuhp_state = ret;

	ret = platform_driver_register(&axiperf_driver);
	if (ret)
		cpuhp_remove_multi_state(axiperf_cpuhp_state);
	return ret;
}

static void __exit axiperf_exit(void)
{
	platform_driver_unregister(&axiperf_driver);
	cpuhp_remove_multi_state(axiperf_cpuhp_state);
}

module_init(axiperf_init);
module_exit(axiperf_exit);

MODULE_DESCRIPTION("perf PMU for the axiperf AXI4 performance monitor");
MODULE_LICENSE("GPL");
