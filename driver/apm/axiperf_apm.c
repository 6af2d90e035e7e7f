// SPDX-License-Identifier: GPL-2.0
/*
 * The AXI Performance Monitor (AMD PG037, advanced mode) as perf PMUs: the
 * four a Zynq UltraScale+ MPSoC hardens in its processing system (DDR,
 * CCI, OCM, LPD), and any a PL design instantiates.
 *
 * An event is a metric of one monitor slot (config fields metric, slot;
 * latency metrics also their start and end points; the ID filter). Open
 * events get one of the instance's counters (up to 10), identical events
 * share one, and an event that finds none is refused with ENOSPC: no
 * multiplexing, so a count covers the whole time it is enabled. The
 * 32-bit counters are extended to 64 bits on their overflow interrupt (a
 * line shared with other devices) or, with no interrupt, by a timer.
 * Latency points and the ID filter are one setting per direction for the
 * whole monitor: while an event holds them, an event of the same direction
 * needing others is refused (EBUSY). The ID filter has the layout the IP
 * was built with (16 or 32 bits; the ZynqMP's four are 32-bit).
 *
 * The monitor's clock runs while an event is open (and briefly at probe);
 * its overflow interrupt follows the PMU's CPU.
 *
 * Registers, metrics and fields: spec/apm.toml (include/axiperf/apm.h).
 * Users' guide: Documentation/apm.rst.
 */

#include <linux/bitfield.h>
#include <linux/clk.h>
#include <linux/cpuhotplug.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/of_platform.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include <axiperf/apm.h>
#include "../compat.h"

/*
 * With no interrupt, the timer reads every counter before it can pass
 * half its range: a metric adds at most this much per monitor clock (a
 * whole 256-beat burst of 128-bit beats requested at once, averaged over
 * the bursts a port can have in flight; the bytes metrics are the fastest).
 */
#define APM_MAX_STEP	256

/* The metrics whose value is a level (the shortest or longest latency) */
#define APM_GAUGES	(BIT(AXIPERF_APM_M_WRITE_LATENCY_MIN) |		\
			 BIT(AXIPERF_APM_M_WRITE_LATENCY_MAX) |		\
			 BIT(AXIPERF_APM_M_READ_LATENCY_MIN) |		\
			 BIT(AXIPERF_APM_M_READ_LATENCY_MAX))
#define APM_RD_LATENCY	(BIT(AXIPERF_APM_M_READ_LATENCY) |		\
			 BIT(AXIPERF_APM_M_READ_LATENCY_MIN) |		\
			 BIT(AXIPERF_APM_M_READ_LATENCY_MAX))
#define APM_WR_LATENCY	(BIT(AXIPERF_APM_M_WRITE_LATENCY) |		\
			 BIT(AXIPERF_APM_M_WRITE_LATENCY_MIN) |		\
			 BIT(AXIPERF_APM_M_WRITE_LATENCY_MAX))

#define APM_CONFIG_BITS	(AXIPERF_APM_CFG_METRIC | AXIPERF_APM_CFG_SLOT |	\
			 AXIPERF_APM_CFG_LAT_START | AXIPERF_APM_CFG_LAT_END | \
			 AXIPERF_APM_CFG_ID_FILTER)
/* what makes two events the same count: metric, slot, latency points */
#define APM_KEY_BITS	(AXIPERF_APM_CFG_METRIC | AXIPERF_APM_CFG_SLOT |	\
			 AXIPERF_APM_CFG_LAT_START | AXIPERF_APM_CFG_LAT_END)

struct apm_counter {
	unsigned int refs;	/* open events counting on it */
	u64 key;		/* their config (APM_KEY_BITS) */
	bool programmed;	/* its selector written since it was taken */
	bool fresh;		/* the next sample is its starting point */
	bool wrap_pending;	/* its overflow flag came before its value did */
	u32 raw;		/* the last value read */
	u64 total;		/* 64-bit count (a level for the gauges) */
};

/* A setting of the whole monitor that open events hold */
struct apm_setting {
	unsigned int refs;
	u64 value;
};

struct apm_pmu {
	struct pmu pmu;
	struct device *dev;
	void __iomem *base;
	struct clk *clk;
	int irq;
	unsigned int cpu;
	struct hlist_node node;
	char name[24];
	unsigned int slots, counters;
	unsigned int id_bits;	/* the ID filter's layout: 16 or 32 */
	bool sampled;		/* has the sample register and its copies */

	/* which events are open, and what they hold: event init and destroy */
	struct mutex open_lock;
	unsigned int open;
	struct apm_setting rd_points, wr_points, rd_filter, wr_filter;

	/* the registers and the counts */
	raw_spinlock_t lock;
	bool running;
	struct apm_counter ctr[AXIPERF_APM_MAX_COUNTERS];
	unsigned int frozen;	/* see apm_freeze() */
	u64 held[AXIPERF_APM_MAX_COUNTERS];
	struct hrtimer poll_timer;
	u64 poll_ns;		/* 0: the interrupt extends the counters */

	struct attribute_group events_group;
	const struct attribute_group *groups[5];
};

#define to_apm(p) container_of(p, struct apm_pmu, pmu)

static enum cpuhp_state apm_cpuhp_state;
static struct platform_driver apm_driver;

static u32 apm_readl(struct apm_pmu *apm, unsigned int off)
{
	return readl(apm->base + off);
}

static void apm_writel(struct apm_pmu *apm, u32 val, unsigned int off)
{
	writel(val, apm->base + off);
}

static unsigned int apm_metric(u64 config)
{
	return FIELD_GET(AXIPERF_APM_CFG_METRIC, config);
}

static bool apm_is_gauge(unsigned int metric)
{
	return APM_GAUGES & BIT(metric);
}

/*
 * Reads every counter in use (at one instant through the sample register
 * when the monitor has it) and folds each one's progress since the last
 * read into its 64-bit total.
 *
 * Polled, the timer reads before a counter can pass half a turn, so the
 * 32-bit difference is the progress. With the interrupt, reads come at
 * each wrap, which is not enough on its own: from a read just after one
 * wrap to just after the next, a counter passes a whole turn and more, and
 * the 32-bit difference would drop the turn. So the counter's overflow
 * flag, read after its value, says whether it wrapped: a counter flagged
 * and in the lower half of its range wrapped before its value was taken
 * (a whole turn plus the difference); one flagged in the upper half wraps
 * only after it, and the turn is added with the next value. The read
 * follows the interrupt by far less than half a turn.
 */
static void apm_sample(struct apm_pmu *apm)
{
	unsigned int n, window = AXIPERF_APM_REG_MC0;
	u32 now[AXIPERF_APM_MAX_COUNTERS], flags = 0;

	lockdep_assert_held(&apm->lock);
	if (!apm->running)
		return;
	if (apm->sampled) {
		apm_readl(apm, AXIPERF_APM_REG_SR);
		window = AXIPERF_APM_REG_SMC0;
	}
	for (n = 0; n < apm->counters; n++)
		if (apm->ctr[n].refs && apm->ctr[n].programmed)
			now[n] = apm_readl(apm, window + AXIPERF_APM_COUNTER_STRIDE * n);
	if (!apm->poll_ns) {
		flags = apm_readl(apm, AXIPERF_APM_REG_ISR) &
			GENMASK(apm->counters - 1, 0) * AXIPERF_APM_ISR_COUNTER_OVERFLOW;
		if (flags)
			apm_writel(apm, flags, AXIPERF_APM_REG_ISR);
	}
	for (n = 0; n < apm->counters; n++) {
		struct apm_counter *c = &apm->ctr[n];
		bool wrapped;

		if (!c->refs || !c->programmed)
			continue;
		wrapped = c->wrap_pending || flags & AXIPERF_APM_ISR_COUNTER(n);
		c->wrap_pending = false;
		if (apm_is_gauge(apm_metric(c->key))) {
			c->total = now[n];
		} else if (!c->fresh) {
			if (wrapped && now[n] >= BIT(31))
				c->wrap_pending = true;	/* the wrap is still to come */
			else if (wrapped && now[n] >= c->raw)
				c->total += BIT_ULL(32);	/* a whole turn and more */
			c->total += (u32)(now[n] - c->raw);
		}
		c->raw = now[n];
		c->fresh = false;
	}
}

/* An event's current value: its counter's total, or what a hold keeps. */
static u64 apm_current(struct apm_pmu *apm, unsigned int n)
{
	unsigned long flags;
	u64 val;

	raw_spin_lock_irqsave(&apm->lock, flags);
	if (apm->frozen) {
		val = apm->held[n];
	} else {
		apm_sample(apm);
		val = apm->ctr[n].total;
	}
	raw_spin_unlock_irqrestore(&apm->lock, flags);
	return val;
}

/*
 * As axiperf's monitors: from the first hold to the last release (perf's
 * pmu_disable around a reschedule, the move to another CPU) every event
 * reads the values of one instant, so that one taken off and put back
 * loses nothing the bus did meanwhile.
 */
static void apm_freeze(struct apm_pmu *apm)
{
	unsigned long flags;
	unsigned int n;

	raw_spin_lock_irqsave(&apm->lock, flags);
	if (!apm->frozen++) {
		apm_sample(apm);
		for (n = 0; n < apm->counters; n++)
			apm->held[n] = apm->ctr[n].total;
	}
	raw_spin_unlock_irqrestore(&apm->lock, flags);
}

static void apm_thaw(struct apm_pmu *apm)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&apm->lock, flags);
	if (!WARN_ON_ONCE(!apm->frozen))
		apm->frozen--;
	raw_spin_unlock_irqrestore(&apm->lock, flags);
}

static void apm_pmu_disable(struct pmu *pmu)
{
	apm_freeze(to_apm(pmu));
}

static void apm_pmu_enable(struct pmu *pmu)
{
	apm_thaw(to_apm(pmu));
}

/* ---- the monitor's settings ------------------------------------------- */

/* Counter n counts the metric and slot of key (one byte of its MSR). */
static void apm_select(struct apm_pmu *apm, unsigned int n, u64 key)
{
	unsigned int reg = AXIPERF_APM_REG_MSR(n), shift = AXIPERF_APM_MSR_SHIFT(n);
	u32 sel = AXIPERF_APM_SEL(apm_metric(key),
				  (u32)FIELD_GET(AXIPERF_APM_CFG_SLOT, key));
	u32 msr = apm_readl(apm, reg);

	msr &= ~(0xffU << shift);
	apm_writel(apm, msr | sel << shift, reg);
}

/* The control register's latency points and filter, from what is held */
static u32 apm_ctl_settings(struct apm_pmu *apm)
{
	u32 ctl = 0;

	if (apm->rd_points.refs) {
		if (apm->rd_points.value & AXIPERF_APM_CFG_LAT_START)
			ctl |= AXIPERF_APM_CTL_RD_LAT_START;
		if (apm->rd_points.value & AXIPERF_APM_CFG_LAT_END)
			ctl |= AXIPERF_APM_CTL_RD_LAT_END;
	}
	if (apm->wr_points.refs) {
		if (apm->wr_points.value & AXIPERF_APM_CFG_LAT_START)
			ctl |= AXIPERF_APM_CTL_WR_LAT_START;
		if (apm->wr_points.value & AXIPERF_APM_CFG_LAT_END)
			ctl |= AXIPERF_APM_CTL_WR_LAT_END;
	}
	if ((apm->rd_filter.refs && apm->rd_filter.value) ||
	    (apm->wr_filter.refs && apm->wr_filter.value))
		ctl |= AXIPERF_APM_CTL_ID_FILTER;
	return ctl;
}

/* A direction's filter as held: its ID and mask (mask 0: every ID) */
static void apm_filter_regs(const struct apm_setting *f, u32 *id, u32 *mask)
{
	u64 v = f->refs ? f->value : 0;

	*id = lower_32_bits(v);
	*mask = upper_32_bits(v);
}

/*
 * The filters and the latency points the open events hold, counting. The
 * open events agree on them (others are refused), so writing them again
 * as events come in changes nothing for those already counting. A
 * direction no filtered event holds gets mask 0, which every ID matches.
 * The 16-bit layout has both directions in ID and ID_MASK (write in 15:0,
 * read in 31:16); the 32-bit one has the read filter in RID and RID_MASK.
 */
static void apm_apply_settings(struct apm_pmu *apm, u32 extra)
{
	u32 rid, rmask, wid, wmask;

	apm_filter_regs(&apm->rd_filter, &rid, &rmask);
	apm_filter_regs(&apm->wr_filter, &wid, &wmask);
	if (apm->id_bits == 32) {
		apm_writel(apm, wid, AXIPERF_APM_REG_ID);
		apm_writel(apm, wmask, AXIPERF_APM_REG_ID_MASK);
		apm_writel(apm, rid, AXIPERF_APM_REG_RID);
		apm_writel(apm, rmask, AXIPERF_APM_REG_RID_MASK);
	} else {
		apm_writel(apm, wid | rid << 16, AXIPERF_APM_REG_ID);
		apm_writel(apm, wmask | rmask << 16, AXIPERF_APM_REG_ID_MASK);
	}
	apm_writel(apm, apm_ctl_settings(apm) | extra, AXIPERF_APM_REG_CTL);
}

/* The counters' overflow interrupts on, their flags cleared */
static void apm_irq_on(struct apm_pmu *apm)
{
	if (apm->irq < 0)
		return;
	apm_writel(apm, U32_MAX, AXIPERF_APM_REG_ISR);
	apm_writel(apm, GENMASK(apm->counters - 1, 0) * AXIPERF_APM_ISR_COUNTER_OVERFLOW,
		   AXIPERF_APM_REG_IER);
	apm_writel(apm, 1, AXIPERF_APM_REG_GIE);
}

/*
 * The first event in: clear the counters, set what the open events hold,
 * and count. Called with the lock held, on the PMU's CPU.
 */
static void apm_start_counting(struct apm_pmu *apm)
{
	unsigned int n;

	lockdep_assert_held(&apm->lock);
	/* a read of the sample register must not clear the counters */
	apm_writel(apm, 0, AXIPERF_APM_REG_SICR);
	apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_RESET);
	apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_ENABLE);
	for (n = 0; n < apm->counters; n++)
		apm->ctr[n].programmed = false;
	apm_irq_on(apm);
	apm->running = true;
	if (apm->poll_ns)
		hrtimer_start(&apm->poll_timer, ns_to_ktime(apm->poll_ns),
			      HRTIMER_MODE_REL_PINNED);
}

/* The last event gone: stop. May sleep (the timer's callback may run). */
static void apm_stop_counting(struct apm_pmu *apm)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&apm->lock, flags);
	apm->running = false;
	apm_writel(apm, 0, AXIPERF_APM_REG_CTL);
	if (apm->irq >= 0) {
		apm_writel(apm, 0, AXIPERF_APM_REG_GIE);
		apm_writel(apm, 0, AXIPERF_APM_REG_IER);
		apm_writel(apm, U32_MAX, AXIPERF_APM_REG_ISR);
	}
	raw_spin_unlock_irqrestore(&apm->lock, flags);
	hrtimer_cancel(&apm->poll_timer);
}

/*
 * A minimum or maximum starts from a reset that follows its selector: the
 * reset sets each counter by what it counts then (a minimum to all ones,
 * any other to 0); a counter selected afterwards compares against
 * whatever it held. With the sample register, one read of it with
 * SICR.met_cnt_rst copies every counter and resets them all at one
 * instant: the other counters' progress is folded in from the copies and
 * nothing is lost. Without it, the counters are read and then reset: what
 * they count between the two is lost. Called with the lock held, the
 * counter programmed.
 */
/* After the counters' reset: each counts on from 0 */
static void apm_counts_from_zero(struct apm_pmu *apm)
{
	unsigned int n;

	for (n = 0; n < apm->counters; n++) {
		apm->ctr[n].raw = 0;
		apm->ctr[n].wrap_pending = false;
	}
}

static void apm_restart_extremes(struct apm_pmu *apm)
{
	lockdep_assert_held(&apm->lock);
	if (apm->sampled) {
		apm_writel(apm, AXIPERF_APM_SICR_MET_CNT_RST, AXIPERF_APM_REG_SICR);
		apm_sample(apm);
		apm_writel(apm, 0, AXIPERF_APM_REG_SICR);
	} else {
		apm_sample(apm);
		apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_RESET);
		apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_ENABLE);
	}
	apm_counts_from_zero(apm);
}

/* A minimum or maximum counting: another would reset its extreme */
static bool apm_extreme_counting(struct apm_pmu *apm)
{
	unsigned int n;

	for (n = 0; n < apm->counters; n++)
		if (apm->ctr[n].refs && READ_ONCE(apm->ctr[n].programmed) &&
		    apm_is_gauge(apm_metric(apm->ctr[n].key)))
			return true;
	return false;
}

/* ---- events ------------------------------------------------------------- */

static int apm_hold(struct apm_setting *s, u64 value)
{
	if (s->refs && s->value != value)
		return -EBUSY;
	s->value = value;
	s->refs++;
	return 0;
}

static void apm_release(struct apm_setting *s)
{
	if (!WARN_ON_ONCE(!s->refs))
		s->refs--;
}

static struct apm_setting *apm_points(struct apm_pmu *apm, unsigned int metric)
{
	if (APM_RD_LATENCY & BIT(metric))
		return &apm->rd_points;
	if (APM_WR_LATENCY & BIT(metric))
		return &apm->wr_points;
	return NULL;
}

/* The filter of an event's direction */
static struct apm_setting *apm_filter_of(struct apm_pmu *apm, unsigned int metric)
{
	return AXIPERF_APM_READ_METRICS & BIT(metric) ? &apm->rd_filter : &apm->wr_filter;
}

/*
 * The ID filter an event asks for: its mask in 63:32, its ID (the bits the
 * mask compares) in 31:0; 0, which every ID matches, for none.
 */
static u64 apm_filter(struct perf_event *event)
{
	u32 id = event->attr.config1, mask = event->attr.config2;

	if (!(event->attr.config & AXIPERF_APM_CFG_ID_FILTER))
		return 0;
	return (u64)mask << 32 | (id & mask);
}

/* One more member of a group: its counter, unless it shares one. */
static int apm_group_add(struct perf_event *event, struct perf_event *e,
			 u64 *keys, unsigned int *n)
{
	unsigned int k;
	u64 key;

	if (e->pmu != event->pmu)
		return is_software_event(e) ? 0 : -EINVAL;
	key = e->attr.config & APM_KEY_BITS;
	for (k = 0; k < *n; k++)
		if (keys[k] == key)
			return 0;
	if (*n == to_apm(event->pmu)->counters)
		return -EINVAL;
	keys[(*n)++] = key;
	return 0;
}

/* A group must fit the counters at once (identical events share one). */
static int apm_validate_group(struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sibling;
	u64 keys[AXIPERF_APM_MAX_COUNTERS];
	unsigned int n = 0;
	int ret;

	if (leader == event)
		return 0;
	ret = apm_group_add(event, leader, keys, &n);
	for_each_sibling_event(sibling, leader)
		if (!ret)
			ret = apm_group_add(event, sibling, keys, &n);
	if (!ret)
		ret = apm_group_add(event, event, keys, &n);
	return ret;
}

/* An open event's counter: a sharer's, or a free one (-ENOSPC: none). */
static int apm_take_counter(struct apm_pmu *apm, u64 key)
{
	unsigned long flags;
	int n, free = -1;

	for (n = 0; n < apm->counters; n++) {
		if (apm->ctr[n].refs && apm->ctr[n].key == key)
			break;
		if (!apm->ctr[n].refs && free < 0)
			free = n;
	}
	if (n == apm->counters) {
		if (free < 0)
			return -ENOSPC;
		n = free;
		raw_spin_lock_irqsave(&apm->lock, flags);
		apm->ctr[n].key = key;
		apm->ctr[n].programmed = false;
		apm->ctr[n].total = 0;
		raw_spin_unlock_irqrestore(&apm->lock, flags);
	}
	apm->ctr[n].refs++;
	return n;
}

static void apm_event_destroy(struct perf_event *event)
{
	struct apm_pmu *apm = to_apm(event->pmu);
	struct apm_setting *points = apm_points(apm, apm_metric(event->attr.config));

	mutex_lock(&apm->open_lock);
	apm->ctr[event->hw.idx].refs--;
	if (points)
		apm_release(points);
	apm_release(apm_filter_of(apm, apm_metric(event->attr.config)));
	if (!--apm->open) {
		if (apm->running)
			apm_stop_counting(apm);
		clk_disable(apm->clk);
	}
	mutex_unlock(&apm->open_lock);
}

static int apm_event_init(struct perf_event *event)
{
	struct apm_pmu *apm = to_apm(event->pmu);
	u64 config = event->attr.config;
	unsigned int metric = apm_metric(config);
	struct apm_setting *points, *filter;
	u64 id_max = BIT_ULL(apm->id_bits) - 1;
	int ret, n;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;
	if (is_sampling_event(event) || event->attach_state & PERF_ATTACH_TASK ||
	    event->cpu < 0)
		return -EOPNOTSUPP;
	/* an ID and mask only with id_filter, no wider than the filter */
	if (config & ~APM_CONFIG_BITS ||
	    ((event->attr.config1 || event->attr.config2) &&
	     !(config & AXIPERF_APM_CFG_ID_FILTER)) ||
	    event->attr.config1 > id_max || event->attr.config2 > id_max)
		return -EINVAL;
	/* the AXI4 metrics of the advanced mode; the slots this one has */
	if (metric >= AXIPERF_APM_NUM_METRICS ||
	    FIELD_GET(AXIPERF_APM_CFG_SLOT, config) >= apm->slots)
		return -EINVAL;
	points = apm_points(apm, metric);
	if (!points && config & (AXIPERF_APM_CFG_LAT_START | AXIPERF_APM_CFG_LAT_END))
		return -EINVAL;
	ret = apm_validate_group(event);
	if (ret)
		return ret;

	filter = apm_filter_of(apm, metric);
	mutex_lock(&apm->open_lock);
	/*
	 * A minimum or maximum starts from a reset of every extreme: refused
	 * while another counts (events perf opens together start together)
	 */
	if (apm_is_gauge(metric) && apm_extreme_counting(apm)) {
		ret = -EBUSY;
		goto unlock;
	}
	ret = apm_hold(filter, apm_filter(event));
	if (ret)
		goto unlock;
	if (points) {
		ret = apm_hold(points, config & (AXIPERF_APM_CFG_LAT_START |
						 AXIPERF_APM_CFG_LAT_END));
		if (ret)
			goto release_filter;
	}
	n = apm_take_counter(apm, config & APM_KEY_BITS);
	if (n < 0) {
		ret = n;
		goto release_points;
	}
	/* the monitor's clock runs while an event is open */
	if (!apm->open) {
		ret = clk_enable(apm->clk);
		if (ret) {
			apm->ctr[n].refs--;
			goto release_points;
		}
	}
	apm->open++;
	event->hw.idx = n;
	event->destroy = apm_event_destroy;
	event->cpu = READ_ONCE(apm->cpu);
	mutex_unlock(&apm->open_lock);
	return 0;

release_points:
	if (points)
		apm_release(points);
release_filter:
	apm_release(filter);
unlock:
	mutex_unlock(&apm->open_lock);
	return ret;
}

static void apm_event_update(struct perf_event *event)
{
	struct apm_pmu *apm = to_apm(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	/* the shortest or longest latency is a level: report it as it stands */
	if (apm_is_gauge(apm_metric(event->attr.config))) {
		local64_set(&event->count, apm_current(apm, hwc->idx));
		return;
	}
	do {
		prev = local64_read(&hwc->prev_count);
		now = apm_current(apm, hwc->idx);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);
	local64_add(now - prev, &event->count);
}

static void apm_event_start(struct perf_event *event, int flags)
{
	struct apm_pmu *apm = to_apm(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	hwc->state = 0;
	local64_set(&hwc->prev_count, apm_current(apm, hwc->idx));
}

static void apm_event_stop(struct perf_event *event, int flags)
{
	struct hw_perf_event *hwc = &event->hw;

	if (hwc->state & PERF_HES_STOPPED)
		return;
	apm_event_update(event);
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

/*
 * The monitor starts with the first event in; a counter's selector is set
 * when its first event comes in, its starting value read at once.
 */
static int apm_event_add(struct perf_event *event, int flags)
{
	struct apm_pmu *apm = to_apm(event->pmu);
	struct apm_counter *c = &apm->ctr[event->hw.idx];
	unsigned long irqflags;

	raw_spin_lock_irqsave(&apm->lock, irqflags);
	/*
	 * Start with the settings the open events hold, or apply this one's
	 * latency points and ID filter (held since its open) to the running
	 * monitor.
	 */
	if (!apm->running)
		apm_start_counting(apm);
	else if (!c->programmed)
		apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_ENABLE);
	if (!c->programmed) {
		apm_select(apm, event->hw.idx, c->key);
		WRITE_ONCE(c->programmed, true);
		c->fresh = true;
		c->wrap_pending = false;
		if (apm_is_gauge(apm_metric(c->key)))
			apm_restart_extremes(apm);
		else
			apm_sample(apm);
		if (apm->frozen)
			apm->held[event->hw.idx] = c->total;
	}
	raw_spin_unlock_irqrestore(&apm->lock, irqflags);

	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		apm_event_start(event, PERF_EF_RELOAD);
	return 0;
}

static void apm_event_del(struct perf_event *event, int flags)
{
	apm_event_stop(event, PERF_EF_UPDATE);
}

static void apm_event_read(struct perf_event *event)
{
	apm_event_update(event);
}

/* ---- overflow ------------------------------------------------------------ */

/* The line may be another device's too (the CCI-400 PMU's, the other APM's). */
static irqreturn_t apm_irq_handler(int irq, void *data)
{
	struct apm_pmu *apm = data;
	u32 status = 0;

	raw_spin_lock(&apm->lock);
	/* stopped, the clock may be off: the interrupt is not ours */
	if (apm->running)
		status = apm_readl(apm, AXIPERF_APM_REG_ISR) &
			 apm_readl(apm, AXIPERF_APM_REG_IER);
	/* the sample reads the overflow flags with the values, and clears them */
	if (status)
		apm_sample(apm);
	raw_spin_unlock(&apm->lock);
	return status ? IRQ_HANDLED : IRQ_NONE;
}

static enum hrtimer_restart apm_poll_timer_fn(struct hrtimer *timer)
{
	struct apm_pmu *apm = container_of(timer, struct apm_pmu, poll_timer);
	unsigned long flags;
	bool running;

	raw_spin_lock_irqsave(&apm->lock, flags);
	running = apm->running;
	apm_sample(apm);
	raw_spin_unlock_irqrestore(&apm->lock, flags);
	if (!running)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(timer, ns_to_ktime(apm->poll_ns));
	return HRTIMER_RESTART;
}

/* ---- sysfs ------------------------------------------------------------- */

static ssize_t apm_format_show(struct device *dev, struct device_attribute *attr,
			       char *buf)
{
	struct dev_ext_attribute *ea = container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%s\n", (const char *)ea->var);
}

#define APM_FORMAT_ATTR(_name, _fmt, ...)				\
	(&((struct dev_ext_attribute[]) {				\
		{ .attr = __ATTR(_name, 0444, apm_format_show, NULL),	\
		  .var = _fmt }						\
	})[0].attr.attr),

static struct attribute *apm_format_attrs[] = {
	AXIPERF_APM_FIELDS(APM_FORMAT_ATTR)
	NULL
};

static const struct attribute_group apm_format_group = {
	.name = "format",
	.attrs = apm_format_attrs,
};

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	struct apm_pmu *apm = to_apm(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%*pbl\n",
			  cpumask_pr_args(cpumask_of(READ_ONCE(apm->cpu))));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t slots_show(struct device *dev, struct device_attribute *attr,
			  char *buf)
{
	return sysfs_emit(buf, "%u\n", to_apm(dev_get_drvdata(dev))->slots);
}
static DEVICE_ATTR_RO(slots);

static ssize_t counters_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	return sysfs_emit(buf, "%u\n", to_apm(dev_get_drvdata(dev))->counters);
}
static DEVICE_ATTR_RO(counters);

static ssize_t id_filter_bits_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u\n", to_apm(dev_get_drvdata(dev))->id_bits);
}
static DEVICE_ATTR_RO(id_filter_bits);

static struct attribute *apm_misc_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_slots.attr,
	&dev_attr_counters.attr,
	&dev_attr_id_filter_bits.attr,
	NULL
};

static const struct attribute_group apm_misc_group = {
	.attrs = apm_misc_attrs,
};

static ssize_t apm_event_show(struct device *dev, struct device_attribute *attr,
			      char *buf)
{
	struct perf_pmu_events_attr *pa =
		container_of(attr, struct perf_pmu_events_attr, attr);

	return sysfs_emit(buf, "%s\n", pa->event_str);
}

struct apm_metric_desc {
	const char *name;
	const char *unit;
};

#define APM_METRIC_DESC(_name, _id, _unit, ...)			\
	[_id] = { #_name, _unit },
static const struct apm_metric_desc apm_metrics[] = {
	AXIPERF_APM_METRICS(APM_METRIC_DESC)
};

/* what each slot of the ZynqMP's four watches (NULL: another APM) */
struct apm_instance {
	const char *label;
	u64 base;
	unsigned int slots;
	const char *const *slot_names;
};

static const char *const apm_slots_ddr[] = AXIPERF_APM_SLOTS_DDR;
static const char *const apm_slots_cci[] = AXIPERF_APM_SLOTS_CCI;
static const char *const apm_slots_ocm[] = AXIPERF_APM_SLOTS_OCM;
static const char *const apm_slots_lpd[] = AXIPERF_APM_SLOTS_LPD;

#define APM_INSTANCE(_label, _base, _slots, ...)			\
	{ #_label, _base, _slots, apm_slots_##_label },
static const struct apm_instance apm_zynqmp[] = {
	AXIPERF_APM_ZYNQMP(APM_INSTANCE)
};

/* the metrics also named per slot, on a monitor with more than one */
static const unsigned int apm_slot_metrics[] = {
	AXIPERF_APM_M_READ_BYTES, AXIPERF_APM_M_WRITE_BYTES,
	AXIPERF_APM_M_READ_TRANSACTIONS, AXIPERF_APM_M_WRITE_TRANSACTIONS,
};

static struct attribute *apm_event_attr(struct device *dev, const char *name,
					const char *str)
{
	struct perf_pmu_events_attr *pa = devm_kzalloc(dev, sizeof(*pa), GFP_KERNEL);

	if (!pa || !name || !str)
		return NULL;
	sysfs_attr_init(&pa->attr.attr);
	pa->attr.attr.name = name;
	pa->attr.attr.mode = 0444;
	pa->attr.show = apm_event_show;
	pa->event_str = str;
	return &pa->attr.attr;
}

/*
 * events/: every metric by name (slot 0; another with ",slot=N"), and on
 * a monitor of several slots the common ones per slot, by what the slot
 * watches where that is known ("apu0_read_bytes"), else "slotN_...".
 */
static int apm_init_events(struct apm_pmu *apm, const struct apm_instance *inst)
{
	unsigned int m, s, i = 0, max;
	struct attribute **attrs;
	struct device *dev = apm->dev;

	max = 2 * AXIPERF_APM_NUM_METRICS +
	      (apm->slots > 1 ? 2 * apm->slots * ARRAY_SIZE(apm_slot_metrics) : 0);
	attrs = devm_kcalloc(dev, max + 1, sizeof(*attrs), GFP_KERNEL);
	if (!attrs)
		return -ENOMEM;
	for (m = 0; m < AXIPERF_APM_NUM_METRICS; m++) {
		attrs[i++] = apm_event_attr(dev, apm_metrics[m].name,
					    devm_kasprintf(dev, GFP_KERNEL, "metric=%u", m));
		attrs[i++] = apm_event_attr(dev, devm_kasprintf(dev, GFP_KERNEL, "%s.unit",
								apm_metrics[m].name),
					    apm_metrics[m].unit);
	}
	for (s = 0; apm->slots > 1 && s < apm->slots; s++) {
		for (m = 0; m < ARRAY_SIZE(apm_slot_metrics); m++) {
			unsigned int id = apm_slot_metrics[m];
			const char *name;

			if (inst && s < inst->slots)
				name = devm_kasprintf(dev, GFP_KERNEL, "%s_%s",
						      inst->slot_names[s],
						      apm_metrics[id].name);
			else
				name = devm_kasprintf(dev, GFP_KERNEL, "slot%u_%s", s,
						      apm_metrics[id].name);
			attrs[i++] = apm_event_attr(dev, name,
						    devm_kasprintf(dev, GFP_KERNEL,
								   "metric=%u,slot=%u", id, s));
			attrs[i++] = apm_event_attr(dev, devm_kasprintf(dev, GFP_KERNEL,
									"%s.unit", name),
						    apm_metrics[id].unit);
		}
	}
	while (i--)
		if (!attrs[i])
			return -ENOMEM;
	apm->events_group.name = "events";
	apm->events_group.attrs = attrs;
	return 0;
}

/* ---- probe ------------------------------------------------------------ */

static int apm_offline_cpu(unsigned int cpu, struct hlist_node *node)
{
	struct apm_pmu *apm = hlist_entry_safe(node, struct apm_pmu, node);
	unsigned int target;

	if (cpu != apm->cpu)
		return 0;
	target = cpumask_any_but(cpu_online_mask, cpu);
	if (target >= nr_cpu_ids)
		return 0;
	apm_freeze(apm);
	perf_pmu_migrate_context(&apm->pmu, cpu, target);
	WRITE_ONCE(apm->cpu, target);
	/* the overflow interrupt goes where the events are counted */
	if (apm->irq >= 0)
		WARN_ON(irq_set_affinity(apm->irq, cpumask_of(target)));
	apm_thaw(apm);
	return 0;
}

/*
 * System sleep: the monitor's power domain (the ZynqMP's full-power domain
 * for the DDR and CCI monitors) may go off, and with it every register.
 * Suspend reads the counters; resume, with events open, programs the
 * monitor again from what the driver holds (selectors, latency points, ID
 * filters, interrupts) and counts on from zero, so no count is lost and
 * no stale setting stays. A minimum or maximum starts a new window.
 */
static int apm_suspend(struct device *dev)
{
	struct apm_pmu *apm = dev_get_drvdata(dev);
	unsigned long flags;

	if (!apm->open)
		return 0;
	raw_spin_lock_irqsave(&apm->lock, flags);
	apm_sample(apm);
	raw_spin_unlock_irqrestore(&apm->lock, flags);
	clk_disable(apm->clk);
	return 0;
}

static int apm_resume(struct device *dev)
{
	struct apm_pmu *apm = dev_get_drvdata(dev);
	unsigned long flags;
	unsigned int n;
	int ret;

	if (!apm->open)
		return 0;
	ret = clk_enable(apm->clk);
	if (ret)
		return ret;
	raw_spin_lock_irqsave(&apm->lock, flags);
	if (apm->running) {
		apm_writel(apm, 0, AXIPERF_APM_REG_SICR);
		for (n = 0; n < apm->counters; n++)
			if (apm->ctr[n].refs && apm->ctr[n].programmed)
				apm_select(apm, n, apm->ctr[n].key);
		apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_RESET);
		apm_apply_settings(apm, AXIPERF_APM_CTL_MCNTR_ENABLE);
		apm_counts_from_zero(apm);
		apm_irq_on(apm);
	}
	raw_spin_unlock_irqrestore(&apm->lock, flags);
	return 0;
}

static DEFINE_SIMPLE_DEV_PM_OPS(apm_pm_ops, apm_suspend, apm_resume);

static const struct of_device_id apm_of_match[] = {
	{ .compatible = "xlnx,axi-perf-monitor" },
	{ }
};
MODULE_DEVICE_TABLE(of, apm_of_match);

/* A property the binding requires, within its range, or why not */
static int apm_prop(struct device *dev, const char *name, u32 min, u32 max,
		    u32 *val)
{
	int ret = of_property_read_u32(dev->of_node, name, val);

	if (ret)
		return dev_err_probe(dev, ret,
				     "%pOF: no %s: the binding requires it (the IP's configuration; the vendor's device tree generator writes it)\n",
				     dev->of_node, name);
	if (*val < min || *val > max)
		return dev_err_probe(dev, -EINVAL, "%pOF: %s = %u: must be %u to %u\n",
				     dev->of_node, name, *val, min, max);
	return 0;
}

/* The monitor's configuration from its node: only what perf can count */
static int apm_configure(struct apm_pmu *apm)
{
	struct device *dev = apm->dev;
	struct device_node *np = dev->of_node;
	u32 val;
	int ret;

	ret = apm_prop(dev, "xlnx,num-monitor-slots", 1, AXIPERF_APM_MAX_SLOTS,
		       &apm->slots);
	if (!ret)
		ret = apm_prop(dev, "xlnx,num-of-counters", 1,
			       AXIPERF_APM_MAX_COUNTERS, &apm->counters);
	if (!ret)
		ret = apm_prop(dev, "xlnx,metric-count-width", 32, 64, &val);
	if (ret)
		return ret;
	if (val != 32)
		return dev_err_probe(dev, -EOPNOTSUPP,
				     "%pOF: xlnx,metric-count-width = %u: only 32-bit metric counters are supported\n",
				     np, val);
	if ((!of_property_read_u32(np, "xlnx,enable-profile", &val) && val) ||
	    (!of_property_read_u32(np, "xlnx,enable-trace", &val) && val))
		return dev_err_probe(dev, -EOPNOTSUPP,
				     "%pOF: a monitor in profile or trace mode has no metric selectors: only the advanced mode is supported\n",
				     np);
	apm->sampled = !of_property_read_u32(np, "xlnx,have-sampled-metric-cnt", &val) &&
		       val;
	return 0;
}

/*
 * The ID filter's layout, as the IP was built (C_ENABLE_32BIT_FILTER_ID):
 * the property the vendor's device tree generator writes, or the one the
 * vendor's UIO binding reads; with neither, the ZynqMP's own four are
 * 32-bit (as every vendor-generated description of them says, though the
 * vendor's kernel device trees leave it out), any other 16-bit.
 */
static void apm_id_layout(struct apm_pmu *apm, const struct apm_instance *inst)
{
	struct device_node *np = apm->dev->of_node;
	u32 val;

	if (!of_property_read_u32(np, "xlnx,enable-32bit-filter-id", &val))
		apm->id_bits = val ? 32 : 16;
	else if (of_property_read_bool(np, "xlnx,id-filter-32bit"))
		apm->id_bits = 32;
	else
		apm->id_bits = inst ? AXIPERF_APM_ZYNQMP_ID_FILTER_BITS : 16;
}

/*
 * The counters built, at most what the node says: a counter that is not
 * built has a selector that holds nothing (the vendor's kernel trees say
 * 8 for the ZynqMP's CCI, OCM and LPD monitors, its hardware descriptions
 * 3). Each selector byte is written and read back, then restored.
 */
static int apm_built_counters(struct apm_pmu *apm)
{
	const u32 probe = AXIPERF_APM_SEL(AXIPERF_APM_NUM_METRICS - 1, 0);
	unsigned int n, reg, shift;
	u32 msr, held;

	for (n = 0; n < apm->counters; n++) {
		reg = AXIPERF_APM_REG_MSR(n);
		shift = AXIPERF_APM_MSR_SHIFT(n);
		msr = apm_readl(apm, reg);
		apm_writel(apm, (msr & ~(0xffU << shift)) | probe << shift, reg);
		held = apm_readl(apm, reg) >> shift & 0xff;
		apm_writel(apm, msr, reg);
		if (held != probe)
			break;
	}
	if (!n)
		return dev_err_probe(apm->dev, -ENODEV,
				     "%pOF: no metric selector holds a value: not an APM in advanced mode, or its clock is off\n",
				     apm->dev->of_node);
	if (n < apm->counters) {
		dev_warn(apm->dev,
			 "%pOF: xlnx,num-of-counters = %u, but only %u counters are built (counter %u's selector holds nothing): using %u; correct the tree\n",
			 apm->dev->of_node, apm->counters, n, n, n);
		apm->counters = n;
	}
	return 0;
}

/* The ZynqMP's own four by their address; any other by its address */
static const struct apm_instance *apm_name(struct apm_pmu *apm, u64 base)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(apm_zynqmp); i++)
		if (apm_zynqmp[i].base == base) {
			snprintf(apm->name, sizeof(apm->name), "apm_%s",
				 apm_zynqmp[i].label);
			return &apm_zynqmp[i];
		}
	snprintf(apm->name, sizeof(apm->name), "apm_%llx", base);
	return NULL;
}

static void apm_unregister(void *data)
{
	struct apm_pmu *apm = data;

	perf_pmu_unregister(&apm->pmu);
	cpuhp_state_remove_instance_nocalls(apm_cpuhp_state, &apm->node);
}

static int apm_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	const struct apm_instance *inst;
	struct apm_pmu *apm;
	struct resource *res;
	unsigned long rate;
	int ret;

	apm = devm_kzalloc(dev, sizeof(*apm), GFP_KERNEL);
	if (!apm)
		return -ENOMEM;
	apm->dev = dev;
	mutex_init(&apm->open_lock);
	raw_spin_lock_init(&apm->lock);
	hrtimer_setup(&apm->poll_timer, apm_poll_timer_fn, CLOCK_MONOTONIC,
		      HRTIMER_MODE_REL);

	ret = apm_configure(apm);
	if (ret)
		return ret;
	apm->base = devm_platform_get_and_ioremap_resource(pdev, 0, &res);
	if (IS_ERR(apm->base))
		return PTR_ERR(apm->base);
	apm->clk = devm_clk_get_prepared(dev, NULL);
	if (IS_ERR(apm->clk))
		return dev_err_probe(dev, PTR_ERR(apm->clk),
				     "%pOF: no clock: the binding requires the monitor's clock\n",
				     dev->of_node);
	inst = apm_name(apm, res->start);
	apm_id_layout(apm, inst);
	/* the clock runs for the registers now, then while events are open */
	ret = clk_enable(apm->clk);
	if (ret)
		return dev_err_probe(dev, ret, "%s: cannot enable its clock\n", apm->name);
	ret = apm_built_counters(apm);
	clk_disable(apm->clk);
	if (ret)
		return ret;

	apm->cpu = raw_smp_processor_id();
	apm->irq = platform_get_irq_optional(pdev, 0);
	if (apm->irq == -EPROBE_DEFER)
		return apm->irq;
	if (apm->irq >= 0) {
		/* shared: the DDR and CCI monitors and the CCI-400 PMU, say */
		ret = devm_request_irq(dev, apm->irq, apm_irq_handler,
				       IRQF_SHARED | IRQF_NO_THREAD, apm->name, apm);
		if (ret)
			return dev_err_probe(dev, ret, "%s: cannot take interrupt %d\n",
					     apm->name, apm->irq);
		/* on the PMU's CPU (set above), which hotplug moves it with */
		ret = irq_set_affinity(apm->irq, cpumask_of(apm->cpu));
		if (ret)
			return dev_err_probe(dev, ret, "%s: cannot steer interrupt %d\n",
					     apm->name, apm->irq);
	} else {
		rate = clk_get_rate(apm->clk);
		if (!rate)
			return dev_err_probe(dev, -EINVAL,
					     "%s: no interrupt and a clock of unknown rate: nothing could read the counters before they wrap\n",
					     apm->name);
		/* half a turn of the fastest counter at its fastest */
		apm->poll_ns = div_u64((u64)NSEC_PER_SEC << 31, rate) / APM_MAX_STEP;
		dev_info(dev, "%s: no interrupt: counters read every %llu us\n",
			 apm->name, div_u64(apm->poll_ns, NSEC_PER_USEC));
	}

	ret = apm_init_events(apm, inst);
	if (ret)
		return ret;
	apm->groups[0] = &apm->events_group;
	apm->groups[1] = &apm_format_group;
	apm->groups[2] = &apm_misc_group;

	apm->pmu = (struct pmu) {
		.module = THIS_MODULE,
		.task_ctx_nr = perf_invalid_context,
		.capabilities = PERF_PMU_CAP_NO_EXCLUDE,
		.attr_groups = apm->groups,
		.event_init = apm_event_init,
		.add = apm_event_add,
		.del = apm_event_del,
		.start = apm_event_start,
		.stop = apm_event_stop,
		.read = apm_event_read,
		.pmu_enable = apm_pmu_enable,
		.pmu_disable = apm_pmu_disable,
	};
	platform_set_drvdata(pdev, apm);

	ret = cpuhp_state_add_instance_nocalls(apm_cpuhp_state, &apm->node);
	if (ret)
		return dev_err_probe(dev, ret, "cannot join CPU hotplug\n");
	ret = perf_pmu_register(&apm->pmu, apm->name, -1);
	if (ret) {
		cpuhp_state_remove_instance_nocalls(apm_cpuhp_state, &apm->node);
		return dev_err_probe(dev, ret, "cannot register PMU %s\n", apm->name);
	}
	ret = devm_add_action_or_reset(dev, apm_unregister, apm);
	if (ret)
		return ret;
	/* the clock's rate turns latencies in clocks into time */
	dev_info(dev, "%s: %u slots, %u counters, %u-bit ID filter, %s, clock %lu Hz\n",
		 apm->name, apm->slots, apm->counters, apm->id_bits,
		 apm->irq >= 0 ? "overflow interrupt" : "polled", clk_get_rate(apm->clk));
	return 0;
}

static struct platform_driver apm_driver = {
	.driver = {
		.name = "axiperf_apm",
		.of_match_table = apm_of_match,
		.suppress_bind_attrs = true,
		.pm = pm_sleep_ptr(&apm_pm_ops),
	},
	.probe = apm_probe,
};

/*
 * A monitor another driver has (the vendor kernel's UIO driver binds this
 * compatible) is not probed here: say so, and how to hand it over.
 */
static void apm_report_taken(void)
{
	struct device_node *np;

	for_each_matching_node(np, apm_of_match) {
		struct platform_device *pdev = of_find_device_by_node(np);
		struct device_driver *drv;

		if (!pdev)
			continue;
		drv = READ_ONCE(pdev->dev.driver);
		if (drv && drv != &apm_driver.driver)
			pr_warn("%pOF is bound to %s, so perf cannot count it: echo %s > /sys/bus/platform/drivers/%s/unbind, then reload axiperf_apm (or keep %s from binding it)\n",
				np, drv->name, dev_name(&pdev->dev), drv->name, drv->name);
		put_device(&pdev->dev);
	}
}

static int __init apm_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/axiperf_apm:online",
				      NULL, apm_offline_cpu);
	if (ret < 0)
		return ret;
	apm_cpuhp_state = ret;
	ret = platform_driver_register(&apm_driver);
	if (ret) {
		cpuhp_remove_multi_state(apm_cpuhp_state);
		return ret;
	}
	apm_report_taken();
	return 0;
}

static void __exit apm_exit(void)
{
	platform_driver_unregister(&apm_driver);
	cpuhp_remove_multi_state(apm_cpuhp_state);
}

module_init(apm_init);
module_exit(apm_exit);

MODULE_DESCRIPTION("AXI Performance Monitor (PG037) perf PMU");
MODULE_LICENSE("GPL");
