// SPDX-License-Identifier: GPL-2.0
/*
 * MicroBlaze performance counters as perf PMUs, reached through the MDM's
 * AXI debug register access port (UG984 "Performance Monitoring", PG115).
 *
 * One PMU per MicroBlaze debug port: microblaze0, microblaze1, ... Events
 * are the manual's events 0-63 by name, latency events expose count, sum,
 * sum of squares, min and max. A core reached from elsewhere (a Zynq PS
 * reading soft cores) is a system-wide counting PMU. The core Linux runs on
 * (its node's `cpu` phandle, on a MicroBlaze kernel) is that CPU's PMU:
 * per-task events, the generic hardware and cache events that map to the
 * manual's, and sampling through Dbg_Intr: a sampling counter is preset so
 * that it reaches its maximum when its period ends; the interrupt freezes
 * the core's counters (Sample + Stop + Clear), hands perf the sample and
 * writes the next period's preset before they count on, so the 64-bit
 * totals stay exact. The counters pause for that re-arm sequence.
 *
 * The hardware counts since the last Clear; a Clear is the only way to
 * drop Dbg_Intr, so the overflow interrupt samples and clears in one
 * command and folds the sample into 64-bit totals: nothing is lost between
 * the two. A poll samples often enough that no counter wraps unseen when
 * there is no interrupt.
 */
#include <linux/bitfield.h>
#include <linux/cpuhotplug.h>
#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/idr.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/sort.h>
#include <linux/spinlock.h>

#include <asm/irq_regs.h>

#include "mb_seq.h"
#include "compat.h"

#define MB_MAX_PORTS		32
#define MB_POLL_MIN_NS		(1ULL * NSEC_PER_MSEC)
#define MB_POLL_MAX_NS		(10ULL * NSEC_PER_SEC)
#define MB_POLL_DEFAULT_NS	(1ULL * NSEC_PER_SEC)

#define MB_CONFIG_EVENT		GENMASK_ULL(7, 0)
#define MB_CONFIG_ITEM		GENMASK_ULL(10, 8)

/* hw.flags: the sampling counter needs a new preset at the next start */
#define MB_HW_REARM		BIT(0)

struct mb_mdm;

struct mb_pmu {
	struct pmu pmu;
	struct mb_mdm *mdm;
	struct hlist_node node;
	struct mb_core core;		/* counting state, under mdm->lock */
	unsigned int cpu;
	bool local;			/* the CPU Linux runs on: its CPU PMU */
	struct perf_event *sampling[AXIPERF_MB_MAX_COUNTERS];	/* by counter */
	unsigned int nsampling;
	int id;				/* N of microblazeN */
	u64 poll_ns;
	u32 clock_hz;			/* the core's clock (device tree), 0: unknown */
	unsigned int nactive;		/* perf events added */
	bool lost_warned;
	char name[24];
};

struct mb_mdm {
	struct device *dev;
	void __iomem *base;
	struct mb_io io;
	raw_spinlock_t lock;		/* one access sequence at a time; all counter state */
	unsigned int ncores;
	int irq;
	bool irq_masked;		/* the JTAG side held the lock when Dbg_Intr came */
	struct hrtimer timer;
	struct mb_pmu *core[MB_MAX_PORTS];
	struct mb_scratch scratch;
};

static enum cpuhp_state mb_hp_state;
static DEFINE_IDA(mb_ida);

#define to_mb_pmu(p) container_of(p, struct mb_pmu, pmu)

/* ---------------------------------------------------------------- MDM access */

static u32 mb_readl(void *ctx, unsigned int offset)
{
	struct mb_mdm *mdm = ctx;

	return readl(mdm->base + offset);
}

static void mb_writel(void *ctx, unsigned int offset, u32 value)
{
	struct mb_mdm *mdm = ctx;

	writel(value, mdm->base + offset);
}

static void mb_lock_warn(struct mb_mdm *mdm)
{
	dev_warn_ratelimited(mdm->dev,
			     "a JTAG debugger holds the MDM debug register access lock; MicroBlaze counts are not updated until it is released (disconnect xsdb/hw_server)\n");
}

/* Sample (and clear) one core's counters into its totals. Called with mdm->lock held. */
static int mb_sync(struct mb_pmu *mp, bool clear)
{
	struct mb_mdm *mdm = mp->mdm;
	unsigned int i;
	int ret;

	ret = mb_seq_sync(&mdm->io, &mp->core, clear, &mdm->scratch);
	if (ret == -EBUSY)
		mb_lock_warn(mdm);
	else if (ret)
		dev_warn_ratelimited(mdm->dev,
				     "%s: counter data out of step (%d), sample dropped: does xlnx,debug-counter-width (%u) match the MicroBlaze?\n",
				     mp->name, ret, mp->core.cfg.width);
	for (i = 0; i < mb_total_counters(&mp->core.cfg) && !mp->lost_warned; i++) {
		if (mp->core.alloc.slot[i].users && mp->core.acc[i].lost) {
			dev_warn(mdm->dev,
				 "%s: latency counter %u overflowed its %u-bit fields; its sums are unreliable\n",
				 mp->name, i, mp->core.cfg.width);
			mp->lost_warned = true;
		}
	}
	return ret;
}

/* hw.config: the event's MicroBlaze config (event and item), whatever its perf type */
static unsigned int mb_hw_event(struct perf_event *event)
{
	return FIELD_GET(MB_CONFIG_EVENT, event->hw.config);
}

static unsigned int mb_hw_item(struct perf_event *event)
{
	return FIELD_GET(MB_CONFIG_ITEM, event->hw.config);
}

static u64 mb_value(struct mb_pmu *mp, struct perf_event *event)
{
	return mb_acc_value(&mp->core.acc[event->hw.idx], mb_hw_item(event));
}

static bool mb_item_is_extreme(unsigned int item)
{
	return item == AXIPERF_MB_FIELD_MIN || item == AXIPERF_MB_FIELD_MAX;
}

/*
 * Publish a counter's total into a perf event (and, sampling, take the new
 * events off its period). Called with mdm->lock held.
 */
static void mb_event_publish(struct mb_pmu *mp, struct perf_event *event)
{
	u64 now = mb_value(mp, event), delta;

	if (mb_item_is_extreme(mb_hw_item(event))) {
		local64_set(&event->count, now);
		return;
	}
	delta = now - local64_read(&event->hw.prev_count);
	local64_add(delta, &event->count);
	local64_set(&event->hw.prev_count, now);
	if (is_sampling_event(event))
		local64_sub(delta, &event->hw.period_left);
}

/*
 * The period a sampling event's counter runs next: what is left of the
 * current one, a new one if it ended, never below the minimum (frequency
 * mode starts from a period of 1). Sets the counter's preset.
 */
static bool mb_event_next_period(struct mb_pmu *mp, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	s64 left = local64_read(&hwc->period_left);
	bool ended = mb_period_step(&left, hwc->sample_period, 0);

	/* frequency mode: perf's next period, not below what the interrupt keeps up with */
	hwc->sample_period = max_t(u64, hwc->sample_period, AXIPERF_MB_MIN_SAMPLE_PERIOD);
	if (ended)
		hwc->last_period = hwc->sample_period;
	left = max_t(s64, left, AXIPERF_MB_MIN_SAMPLE_PERIOD);
	local64_set(&hwc->period_left, left);
	mp->core.preset[hwc->idx] = mb_period_preset(mp->core.cfg.width, left);
	return ended;
}

/*
 * Overflow path of a core with sampling events: freeze its counters (the
 * Clear drops Dbg_Intr), publish every sampling event, start the next
 * period of each whose period ended (collected in `ovf` for perf, called
 * once the lock is dropped: a sample may read its group), preset the
 * counters and let them count on. Called with mdm->lock held.
 */
static int mb_rearm(struct mb_pmu *mp, struct perf_event **ovf, unsigned int *novf)
{
	struct mb_mdm *mdm = mp->mdm;
	unsigned int i, n = mb_total_counters(&mp->core.cfg);
	u64 restart = 0;
	int ret;

	ret = mb_seq_freeze(&mdm->io, &mp->core, 0, &mdm->scratch);
	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		struct perf_event *event = mp->sampling[i];

		/* a throttled event's counter starts again from zero */
		if (!event || (event->hw.state & PERF_HES_STOPPED))
			continue;
		mb_event_publish(mp, event);
		if (mb_event_next_period(mp, event))
			ovf[(*novf)++] = event;
		restart |= BIT_ULL(i);
	}
	return mb_seq_thaw(&mdm->io, &mp->core, restart, 0, &mdm->scratch);
}

/*
 * Overflow path (irq): sample + clear every running core, the only way to
 * drop Dbg_Intr (a core with sampling events re-arms them, mb_rearm()); a
 * core we do not count on gets a bare Clear, so that its Dbg_Intr cannot
 * keep the shared line high. Poll path: sample only, often enough that no
 * counter wraps twice between two samples.
 */
static void mb_service(struct mb_mdm *mdm, bool irq, struct perf_event **ovf, unsigned int *novf)
{
	unsigned int i;
	bool refused = false;

	for (i = 0; i < mdm->ncores; i++) {
		struct mb_pmu *mp = mdm->core[i];
		int ret;

		if (mp->core.running && irq && mp->nsampling) {
			ret = mb_rearm(mp, ovf, novf);
			if (ret && ret != -EBUSY)
				dev_warn_ratelimited(mdm->dev, "%s: counter data out of step (%d), sample dropped\n",
						     mp->name, ret);
			refused |= ret == -EBUSY;
		} else if (mp->core.running) {
			refused |= mb_sync(mp, irq) == -EBUSY;
		} else if (irq) {
			refused |= mb_seq_clear(&mdm->io, mp->core.port) == -EBUSY;
		}
	}
	if (refused) {
		mb_lock_warn(mdm);
	} else if (mdm->irq_masked) {
		mdm->irq_masked = false;
		enable_irq(mdm->irq);
	}
}

static u64 mb_poll_ns(struct mb_mdm *mdm)
{
	u64 ns = MB_POLL_MAX_NS;
	unsigned int i;

	/* Dbg_Intr masked (the JTAG side held the lock): look again soon */
	if (mdm->irq_masked)
		return MB_POLL_MIN_NS * 10;

	for (i = 0; i < mdm->ncores; i++)
		if (mdm->core[i]->nactive)
			ns = min(ns, mdm->core[i]->poll_ns);
	return ns;
}

static bool mb_any_active(struct mb_mdm *mdm)
{
	unsigned int i;

	for (i = 0; i < mdm->ncores; i++)
		if (mdm->core[i]->nactive)
			return true;
	return false;
}

/*
 * Hand perf a sample. Only a MicroBlaze kernel has a local core, and only
 * it exports perf_event_overflow() (with the microblaze-perf series of
 * patches/): elsewhere nothing samples.
 */
static void mb_overflow(struct perf_event *event, struct perf_sample_data *sd,
			struct pt_regs *regs)
{
#ifdef CONFIG_MICROBLAZE
	/* throttled: sampling stops until perf starts the event again */
	if (perf_event_overflow(event, sd, regs))
		axiperf_throttled(event);
#endif
}

static irqreturn_t mb_irq(int irq, void *data)
{
	struct perf_event *ovf[AXIPERF_MB_MAX_COUNTERS];
	struct pt_regs *regs = get_irq_regs();
	struct mb_mdm *mdm = data;
	struct perf_sample_data sd;
	unsigned int i, novf = 0;
	unsigned long flags;

	raw_spin_lock_irqsave(&mdm->lock, flags);
	mb_service(mdm, true, ovf, &novf);
	/* Dbg_Intr stays high until a Clear: without one, mask it until the poll succeeds */
	if (!mdm->irq_masked && mb_seq_jtag_locked(&mdm->io)) {
		mdm->irq_masked = true;
		disable_irq_nosync(irq);
		/* unmasked by the poll once the lock is free: poll soon, not in seconds */
		if (mb_any_active(mdm))
			hrtimer_start(&mdm->timer, ns_to_ktime(mb_poll_ns(mdm)), HRTIMER_MODE_REL);
	}
	raw_spin_unlock_irqrestore(&mdm->lock, flags);
	for (i = 0; i < novf; i++) {
		perf_sample_data_init(&sd, 0, ovf[i]->hw.last_period);
		mb_overflow(ovf[i], &sd, regs);
	}
	/*
	 * Dbg_Intr is the MDM's alone (never requested shared), and every
	 * call above has served it: rearmed, read or cleared each core's
	 * counters, or masked the line while the JTAG side holds the lock.
	 */
	return IRQ_HANDLED;
}

static enum hrtimer_restart mb_poll(struct hrtimer *t)
{
	struct mb_mdm *mdm = container_of(t, struct mb_mdm, timer);
	unsigned long flags;
	bool again;

	raw_spin_lock_irqsave(&mdm->lock, flags);
	mb_service(mdm, false, NULL, NULL);
	again = mb_any_active(mdm);
	raw_spin_unlock_irqrestore(&mdm->lock, flags);
	if (!again)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(mb_poll_ns(mdm)));
	return HRTIMER_RESTART;
}

/* ---------------------------------------------------------------- perf callbacks */

static int mb_event_fields(struct perf_event *event, unsigned int *ev, unsigned int *item)
{
	u64 c = event->attr.config;

	if (c & ~(MB_CONFIG_EVENT | MB_CONFIG_ITEM))
		return -EINVAL;
	*ev = FIELD_GET(MB_CONFIG_EVENT, c);
	*item = FIELD_GET(MB_CONFIG_ITEM, c);
	return 0;
}

/* The generic events the manual's events give (spec/microblaze.toml [[generic_hw]], ...) */
struct mb_generic {
	u64 config;		/* PERF_TYPE_HARDWARE or PERF_TYPE_HW_CACHE config */
	u8 event;		/* the MicroBlaze event */
};

#define MB_GENERIC_HW(perf, ev) { perf, ev },
static const struct mb_generic mb_generic_hw[] = {
	AXIPERF_MB_GENERIC_HW(MB_GENERIC_HW)
};

#undef MB_GENERIC_HW

#define MB_GENERIC_CACHE(cache, op, result, ev) { \
	PERF_COUNT_HW_CACHE_##cache | PERF_COUNT_HW_CACHE_OP_##op << 8 | \
	PERF_COUNT_HW_CACHE_RESULT_##result << 16, ev },
static const struct mb_generic mb_generic_cache[] = {
	AXIPERF_MB_GENERIC_CACHE(MB_GENERIC_CACHE)
};

#undef MB_GENERIC_CACHE

/*
 * The MicroBlaze event a generic perf event counts: -ENOENT when the
 * manual has none for it (cache and branch misses), so that perf reports
 * it as not supported.
 */
static int mb_generic_event(struct perf_event *event)
{
	const struct mb_generic *g = mb_generic_hw;
	unsigned int i, n = ARRAY_SIZE(mb_generic_hw);

	if (event->attr.type == PERF_TYPE_HW_CACHE) {
		g = mb_generic_cache;
		n = ARRAY_SIZE(mb_generic_cache);
	}
	for (i = 0; i < n; i++)
		if (g[i].config == event->attr.config)
			return g[i].event;
	return -ENOENT;
}

/* Take a counter in `a` for event `e` (hw.config set) of this PMU; false if none is left. */
static bool mb_take(struct mb_pmu *mp, struct perf_event *e, struct mb_alloc *a)
{
	return mb_alloc_get(a, &mp->core.cfg, mb_hw_event(e), mb_hw_item(e),
			    e->attr.config1 || is_sampling_event(e)) >= 0;
}

/*
 * Could the group of `event` be counted at once, with `event` in it? A new
 * leader has no siblings yet (nor a context whose mutex
 * for_each_sibling_event() asserts); a new sibling's event_init runs with
 * its leader's context mutex held.
 */
static bool mb_group_fits(struct mb_pmu *mp, struct perf_event *event)
{
	struct perf_event *leader = event->group_leader, *sib;
	struct mb_alloc a;

	mb_alloc_init(&a);
	if (leader != event) {
		if (leader->pmu == event->pmu && !mb_take(mp, leader, &a))
			return false;
		for_each_sibling_event(sib, leader) {
			if (sib->pmu == event->pmu && sib != event &&
			    !mb_take(mp, sib, &a))
				return false;
		}
	}
	return mb_take(mp, event, &a);
}

/*
 * What the CPU PMU of a local core takes beyond counting: the counters
 * count in every mode, so an exclusion they cannot honour (user, kernel,
 * idle) is refused; MicroBlaze has no hypervisor or guests, so excluding
 * those changes nothing and is accepted. Sampling needs an event counter
 * counting one event, no skid-free (precise) IP, and a period the
 * interrupt can keep up with.
 */
static int mb_local_check(struct mb_pmu *mp, struct perf_event *event, unsigned int ev,
			  unsigned int item)
{
	struct perf_event_attr *attr = &event->attr;

	if (attr->exclude_user || attr->exclude_kernel || attr->exclude_idle) {
		dev_dbg(mp->mdm->dev, "%s counts user, kernel and idle alike: no mode exclusion\n",
			mp->name);
		return -EOPNOTSUPP;
	}
	if (!is_sampling_event(event))
		return 0;
	if (mp->mdm->irq <= 0) {
		dev_dbg(mp->mdm->dev, "%s: no Dbg_Intr in the device tree: counting only\n",
			mp->name);
		return -EOPNOTSUPP;
	}
	if (attr->precise_ip || has_branch_stack(event))
		return -EOPNOTSUPP;
	if (item != AXIPERF_MB_FIELD_COUNT)	/* a latency item */
		return -EOPNOTSUPP;
	if (attr->config1)			/* a preset: the period sets it */
		return -EINVAL;
	if (!attr->freq && attr->sample_period < AXIPERF_MB_MIN_SAMPLE_PERIOD) {
		dev_dbg(mp->mdm->dev, "%s: sample period %llu is below the minimum %u\n",
			mp->name, attr->sample_period, AXIPERF_MB_MIN_SAMPLE_PERIOD);
		return -EINVAL;
	}
	/*
	 * Frequency mode starts from a period of 1, and perf moves it an eighth
	 * of the way to its estimate per tick or overflow; an overflow
	 * interrupt costs more cycles than the minimum period, so start from
	 * the period of a cycle count at the core's clock instead (perf then
	 * adjusts it for events that occur less often).
	 */
	if (attr->freq && attr->sample_freq) {
		u64 p = mp->clock_hz ? div_u64(mp->clock_hz, attr->sample_freq) : 0;

		event->hw.sample_period = max_t(u64, p, AXIPERF_MB_MIN_SAMPLE_PERIOD);
		event->hw.last_period = event->hw.sample_period;
		local64_set(&event->hw.period_left, event->hw.sample_period);
	}
	return 0;
}

static int mb_event_init(struct perf_event *event)
{
	struct mb_pmu *mp = to_mb_pmu(event->pmu);
	unsigned int ev, item, bits;
	int ret;

	if (event->attr.type == PERF_TYPE_HARDWARE || event->attr.type == PERF_TYPE_HW_CACHE) {
		ret = mp->local ? mb_generic_event(event) : -ENOENT;
		ev = ret;
		item = AXIPERF_MB_FIELD_COUNT;
	} else {
		ret = event->attr.type == event->pmu->type ? mb_event_fields(event, &ev, &item) :
			-ENOENT;
	}
	if (ret < 0)
		return ret;
	if (mp->local) {
		ret = mb_local_check(mp, event, ev, item);
		if (ret)
			return ret;
	} else if (is_sampling_event(event)) {
		dev_dbg(mp->mdm->dev, "%s is read through the MDM, not the CPU it counts: counting only\n",
			mp->name);
		return -EOPNOTSUPP;
	} else if (event->attach_state & PERF_ATTACH_TASK || event->cpu < 0) {
		return -EINVAL;
	}
	ret = mb_event_check(&mp->core.cfg, ev, item);
	if (ret == -EOPNOTSUPP)
		dev_dbg(mp->mdm->dev, "%s has no %s counter for event %u\n", mp->name,
			item ? "latency" : "event", ev);
	if (ret)
		return ret;
	if (event->attr.config1) {
		bits = mb_field_bits(mp->core.cfg.width, AXIPERF_MB_KIND_EVENT,
				     AXIPERF_MB_FIELD_COUNT);
		if (item || ev >= AXIPERF_MB_FIRST_LATENCY_EVENT ||
		    (bits < 64 && event->attr.config1 >> bits))
			return -EINVAL;
	}
	event->hw.config = FIELD_PREP(MB_CONFIG_EVENT, ev) | FIELD_PREP(MB_CONFIG_ITEM, item);
	if (!mb_group_fits(mp, event))
		return -EINVAL;
	if (mb_seq_jtag_locked(&mp->mdm->io)) {
		mb_lock_warn(mp->mdm);
		return -EBUSY;
	}
	if (!mp->local)
		event->cpu = mp->cpu;
	event->hw.idx = -1;
	return 0;
}

static void mb_event_start(struct perf_event *event, int flags)
{
	struct mb_pmu *mp = to_mb_pmu(event->pmu);
	struct mb_mdm *mdm = mp->mdm;
	unsigned long irqf;
	int ret;

	raw_spin_lock_irqsave(&mdm->lock, irqf);
	if (is_sampling_event(event) && mp->core.running &&
	    ((flags & PERF_EF_RELOAD) || (event->hw.flags & MB_HW_REARM))) {
		/* a new period (frequency mode) or sampling again after a throttle */
		ret = mb_seq_freeze(&mdm->io, &mp->core, 0, &mdm->scratch);
		if (!ret) {
			mb_event_publish(mp, event);
			mb_event_next_period(mp, event);
			ret = mb_seq_thaw(&mdm->io, &mp->core, BIT_ULL(event->hw.idx),
					  ~BIT_ULL(event->hw.idx), &mdm->scratch);
		}
		if (ret == -EBUSY)
			mb_lock_warn(mdm);
	} else if (mp->core.running) {
		mb_sync(mp, false);
	}
	event->hw.flags &= ~MB_HW_REARM;
	local64_set(&event->hw.prev_count, mb_value(mp, event));
	if (mb_item_is_extreme(mb_hw_item(event)))
		local64_set(&event->count, 0);
	event->hw.state = 0;
	raw_spin_unlock_irqrestore(&mdm->lock, irqf);
}

static void mb_event_read(struct perf_event *event)
{
	struct mb_pmu *mp = to_mb_pmu(event->pmu);
	unsigned long irqf;

	raw_spin_lock_irqsave(&mp->mdm->lock, irqf);
	/*
	 * Dbg_Intr masked because the JTAG side held the lock: a sample of
	 * every core unmasks it as soon as the lock is free, so the pending
	 * overflow is cleared now rather than at the next poll (after which a
	 * second wrap would go unseen).
	 */
	if (mp->mdm->irq_masked)
		mb_service(mp->mdm, false, NULL, NULL);
	else if (mp->core.running)
		mb_sync(mp, false);
	mb_event_publish(mp, event);
	raw_spin_unlock_irqrestore(&mp->mdm->lock, irqf);
}

/*
 * A core stops all its counters or none, so a stopped event's counter runs
 * on (a throttled sampling event, stopped without PERF_EF_UPDATE, goes on
 * counting): its count is brought up to date when perf asks, at a later
 * stop with PERF_EF_UPDATE (del) or at the next start.
 */
static void mb_event_stop(struct perf_event *event, int flags)
{
	if ((flags & PERF_EF_UPDATE) && !(event->hw.state & PERF_HES_UPTODATE)) {
		mb_event_read(event);
		event->hw.state |= PERF_HES_UPTODATE;
	}
	event->hw.state |= PERF_HES_STOPPED;
	event->hw.flags |= MB_HW_REARM;
}

static int mb_event_add(struct perf_event *event, int flags)
{
	struct mb_pmu *mp = to_mb_pmu(event->pmu);
	struct mb_mdm *mdm = mp->mdm;
	unsigned int ev, item;
	unsigned long irqf;
	bool first;
	int idx, ret = 0;

	ev = mb_hw_event(event);
	item = mb_hw_item(event);
	raw_spin_lock_irqsave(&mdm->lock, irqf);
	idx = mb_alloc_get(&mp->core.alloc, &mp->core.cfg, ev, item,
			   event->attr.config1 || is_sampling_event(event));
	if (idx < 0) {
		ret = idx == -ENOSPC ? -EAGAIN : idx;
		goto out;
	}
	event->hw.idx = idx;
	if (mp->core.alloc.slot[idx].users == 1) {	/* a counter taking up a new event */
		mp->core.preset[idx] = event->attr.config1;
		if (is_sampling_event(event))
			mb_event_next_period(mp, event);
		ret = mb_seq_program(&mdm->io, &mp->core, BIT_ULL(idx), &mdm->scratch);
		if (ret == -EBUSY)
			mb_lock_warn(mdm);
		else if (ret)
			dev_err_ratelimited(mdm->dev,
					    "%s: counter data out of step (%d): does xlnx,debug-counter-width (%u) match the MicroBlaze?\n",
					    mp->name, ret, mp->core.cfg.width);
		if (ret) {
			mb_alloc_put(&mp->core.alloc, idx);
			goto out;
		}
		mb_acc_init(&mp->core.acc[idx], mp->core.preset[idx]);
	}
	if (is_sampling_event(event)) {
		mp->sampling[idx] = event;
		mp->nsampling++;
	}
	event->hw.flags &= ~MB_HW_REARM;
	first = !mp->nactive++;
	if (first)
		hrtimer_start(&mdm->timer, ns_to_ktime(mb_poll_ns(mdm)), HRTIMER_MODE_REL);
out:
	raw_spin_unlock_irqrestore(&mdm->lock, irqf);
	if (ret)
		return ret;
	event->hw.state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		mb_event_start(event, flags);
	return 0;
}

static void mb_event_del(struct perf_event *event, int flags)
{
	struct mb_pmu *mp = to_mb_pmu(event->pmu);
	unsigned long irqf;

	mb_event_stop(event, PERF_EF_UPDATE);
	raw_spin_lock_irqsave(&mp->mdm->lock, irqf);
	if (is_sampling_event(event)) {
		mp->sampling[event->hw.idx] = NULL;
		mp->nsampling--;
	}
	mb_alloc_put(&mp->core.alloc, event->hw.idx);
	if (!--mp->nactive && mb_seq_stop(&mp->mdm->io, &mp->core, &mp->mdm->scratch) == -EBUSY)
		mb_lock_warn(mp->mdm);
	raw_spin_unlock_irqrestore(&mp->mdm->lock, irqf);
	event->hw.idx = -1;
}

/* Hold the local core's counters around a group of changes: they start and read as one. */
static void mb_pmu_pause(struct pmu *pmu, bool pause)
{
	struct mb_pmu *mp = to_mb_pmu(pmu);
	unsigned long irqf;

	raw_spin_lock_irqsave(&mp->mdm->lock, irqf);
	if (mb_seq_pause(&mp->mdm->io, &mp->core, pause) == -EBUSY)
		mb_lock_warn(mp->mdm);
	raw_spin_unlock_irqrestore(&mp->mdm->lock, irqf);
}

static void mb_pmu_disable(struct pmu *pmu)
{
	mb_pmu_pause(pmu, true);
}

static void mb_pmu_enable(struct pmu *pmu)
{
	mb_pmu_pause(pmu, false);
}

/* ---------------------------------------------------------------- sysfs */

/* Every perf event of the description, as "event=E,item=I" */
#define MB_EVENT_ATTR(n, config, ev, it) { \
	.id = config, \
	.attr = __ATTR(n, 0444, perf_event_sysfs_show, NULL), \
	.event_str = "event=" #ev ",item=" #it, \
},
static struct perf_pmu_events_attr mb_event_attr[] = {
	AXIPERF_MB_PERF_EVENTS(MB_EVENT_ATTR)
};

#undef MB_EVENT_ATTR

/* filled from mb_event_attr at module init; NULL-terminated */
static struct attribute *mb_event_attrs[ARRAY_SIZE(mb_event_attr) + 1];

static const struct attribute_group mb_events_group = {
	.name = "events",
	.attrs = mb_event_attrs,
};

PMU_FORMAT_ATTR(event, "config:0-7");
PMU_FORMAT_ATTR(item, "config:8-10");
PMU_FORMAT_ATTR(preset, "config1:0-63");

static struct attribute *mb_format_attrs[] = {
	&format_attr_event.attr,
	&format_attr_item.attr,
	&format_attr_preset.attr,
	NULL,
};

static const struct attribute_group mb_format_group = {
	.name = "format",
	.attrs = mb_format_attrs,
};

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct mb_pmu *mp = to_mb_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(cpumask_of(mp->cpu)));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t identifier_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct mb_pmu *mp = to_mb_pmu(dev_get_drvdata(dev));

	return sysfs_emit(buf, "microblaze-mdm-w%u-e%u-l%u\n", mp->core.cfg.width,
			  mp->core.cfg.n_event, mp->core.cfg.n_latency);
}
static DEVICE_ATTR_RO(identifier);

static struct attribute *mb_misc_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_identifier.attr,
	NULL,
};

static const struct attribute_group mb_misc_group = {
	.attrs = mb_misc_attrs,
};

static const struct attribute_group *mb_attr_groups[] = {
	&mb_events_group,
	&mb_format_group,
	&mb_misc_group,
	NULL,
};

/* ---------------------------------------------------------------- CPU hotplug */

static int mb_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct mb_pmu *mp = hlist_entry_safe(node, struct mb_pmu, node);
	unsigned int target;

	if (cpu != mp->cpu || mp->local)	/* a CPU's own counters do not move */
		return 0;
	target = cpumask_any_but(cpu_online_mask, cpu);
	if (target >= nr_cpu_ids)
		return 0;
	perf_pmu_migrate_context(&mp->pmu, cpu, target);
	mp->cpu = target;
	if (mp->mdm->irq > 0 && mp->mdm->core[0] == mp)
		irq_set_affinity(mp->mdm->irq, cpumask_of(target));
	return 0;
}

/* ---------------------------------------------------------------- probe */

static int mb_read_config(struct mb_mdm *mdm, u32 *cfg)
{
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&mdm->lock, flags);
	ret = mb_seq_config(&mdm->io, cfg);
	raw_spin_unlock_irqrestore(&mdm->lock, flags);
	return ret;
}

static int mb_core_config(struct mb_mdm *mdm, struct device_node *np, struct mb_config *c,
			  u64 *poll_ns)
{
	u32 width = AXIPERF_MB_DEFAULT_WIDTH, ne = AXIPERF_MB_DEFAULT_EVENT_COUNTERS;
	u32 nl = AXIPERF_MB_DEFAULT_LATENCY_COUNTERS, hz = 0;
	int ret;

	of_property_read_u32(np, "xlnx,debug-counter-width", &width);
	of_property_read_u32(np, "xlnx,debug-event-counters", &ne);
	of_property_read_u32(np, "xlnx,debug-latency-counters", &nl);
	of_property_read_u32(np, "clock-frequency", &hz);
	c->width = width;
	c->n_event = ne;
	c->n_latency = nl;
	ret = mb_config_check(c);
	if (ret) {
		dev_err(mdm->dev,
			"%pOF: xlnx,debug-counter-width %u, xlnx,debug-event-counters %u, xlnx,debug-latency-counters %u: width must be 32, 48 or 64, at most %u event and %u latency counters, and at least one counter\n",
			np, width, ne, nl, AXIPERF_MB_MAX_EVENT_COUNTERS,
			AXIPERF_MB_MAX_LATENCY_COUNTERS);
		return ret;
	}
	/* poll before a counter counting every cycle passes half its range */
	*poll_ns = MB_POLL_DEFAULT_NS;
	if (hz && width == 32)
		*poll_ns = div_u64(BIT_ULL(31) * NSEC_PER_SEC, hz);
	else if (hz)
		*poll_ns = MB_POLL_MAX_NS;	/* 2^47 cycles take days */
	*poll_ns = clamp_t(u64, *poll_ns, MB_POLL_MIN_NS, MB_POLL_MAX_NS);
	return 0;
}

/*
 * Is this core the CPU Linux runs on? Its node's `cpu` phandle says so; only
 * a MicroBlaze kernel can run on an MDM core. Returns the logical CPU, -1
 * for a core reached from elsewhere, or an error.
 */
static int mb_local_cpu(struct mb_mdm *mdm, struct device_node *np)
{
	struct device_node *cpu_np = of_parse_phandle(np, "cpu", 0);
	int cpu;

	if (!cpu_np) {
		if (!of_property_present(np, "cpu"))
			return -1;
		dev_err(mdm->dev, "%pOF: cpu is not the phandle of a CPU node; give cpu = <&cpuN> (the MicroBlaze Linux runs on) or drop the property\n",
			np);
		return -EINVAL;
	}
	cpu = of_cpu_node_to_id(cpu_np);
	if (!IS_ENABLED(CONFIG_MICROBLAZE) || cpu < 0) {
		dev_err(mdm->dev, "%pOF: cpu = <%pOF> is not a CPU this kernel runs on%s; drop the property to count the core from here\n",
			np, cpu_np, IS_ENABLED(CONFIG_MICROBLAZE) ? "" :
			" (only a MicroBlaze kernel runs on an MDM core)");
		cpu = -EINVAL;
	}
	of_node_put(cpu_np);
	return cpu;
}

static int mb_add_core(struct mb_mdm *mdm, struct device_node *np, unsigned int port)
{
	struct mb_pmu *mp;
	unsigned int i;
	int ret, cpu;

	if (port >= mdm->io.nports) {
		dev_err(mdm->dev, "%pOF: debug port %u, but the MDM has %u\n", np, port,
			mdm->io.nports);
		return -EINVAL;
	}
	mp = devm_kzalloc(mdm->dev, sizeof(*mp), GFP_KERNEL);
	if (!mp)
		return -ENOMEM;
	ret = mb_core_config(mdm, np, &mp->core.cfg, &mp->poll_ns);
	if (ret)
		return ret;
	of_property_read_u32(np, "clock-frequency", &mp->clock_hz);
	cpu = mb_local_cpu(mdm, np);
	if (cpu < -1)
		return cpu;
	for (i = 0; i < mdm->ncores && cpu >= 0; i++) {
		if (mdm->core[i]->local) {
			dev_err(mdm->dev, "%pOF: a second core with a cpu phandle; one core is the CPU\n",
				np);
			return -EINVAL;
		}
	}
	mp->mdm = mdm;
	mp->core.port = port;
	mp->local = cpu >= 0;
	mp->cpu = mp->local ? cpu : raw_smp_processor_id();
	mb_alloc_init(&mp->core.alloc);
	mp->pmu = (struct pmu) {
		.module		= THIS_MODULE,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE | PERF_PMU_CAP_NO_INTERRUPT,
		.attr_groups	= mb_attr_groups,
		.event_init	= mb_event_init,
		.add		= mb_event_add,
		.del		= mb_event_del,
		.start		= mb_event_start,
		.stop		= mb_event_stop,
		.read		= mb_event_read,
	};
	if (mp->local) {
		/* the CPU's PMU: per task, sampling; exclusions checked in event_init */
		mp->pmu.task_ctx_nr = perf_hw_context;
		mp->pmu.capabilities = 0;
		mp->pmu.pmu_enable = mb_pmu_enable;
		mp->pmu.pmu_disable = mb_pmu_disable;
	}
	mdm->core[mdm->ncores++] = mp;
	return 0;
}

static int mb_cmp_port(const void *a, const void *b)
{
	const struct mb_pmu *x = *(struct mb_pmu *const *)a;
	const struct mb_pmu *y = *(struct mb_pmu *const *)b;

	return (int)x->core.port - (int)y->core.port;
}

static int mb_register(struct mb_mdm *mdm, struct mb_pmu *mp)
{
	int ret;

	mp->id = ida_alloc(&mb_ida, GFP_KERNEL);
	if (mp->id < 0)
		return mp->id;
	snprintf(mp->name, sizeof(mp->name), "microblaze%d", mp->id);
	ret = cpuhp_state_add_instance_nocalls(mb_hp_state, &mp->node);
	if (ret)
		goto free_id;
	ret = perf_pmu_register(&mp->pmu, mp->name, -1);
	if (ret)
		goto remove_cpuhp;
	dev_info(mdm->dev, "%s: port %u, %u event and %u latency counters of %u bits\n",
		 mp->name, mp->core.port, mp->core.cfg.n_event, mp->core.cfg.n_latency,
		 mp->core.cfg.width);
	return 0;

remove_cpuhp:
	cpuhp_state_remove_instance_nocalls(mb_hp_state, &mp->node);
free_id:
	ida_free(&mb_ida, mp->id);
	mp->id = -1;
	return ret;
}

static void mb_unregister(struct mb_pmu *mp)
{
	if (mp->id < 0)
		return;
	perf_pmu_unregister(&mp->pmu);
	cpuhp_state_remove_instance_nocalls(mb_hp_state, &mp->node);
	ida_free(&mb_ida, mp->id);
	mp->id = -1;
}

static void mb_remove_all(struct mb_mdm *mdm)
{
	unsigned int i;

	for (i = 0; i < mdm->ncores; i++)
		mb_unregister(mdm->core[i]);
	hrtimer_cancel(&mdm->timer);
}

/* devres action, the last of probe's: first at unbind, before the IRQ is freed */
static void mb_remove_action(void *mdm)
{
	mb_remove_all(mdm);
}

static int mb_probe(struct platform_device *pdev)
{
	struct device_node *np = pdev->dev.of_node, *child;
	struct mb_mdm *mdm;
	unsigned int i;
	u32 cfg, port;
	int ret;

	mdm = devm_kzalloc(&pdev->dev, sizeof(*mdm), GFP_KERNEL);
	if (!mdm)
		return -ENOMEM;
	mdm->dev = &pdev->dev;
	raw_spin_lock_init(&mdm->lock);
	hrtimer_setup(&mdm->timer, mb_poll, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	mdm->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(mdm->base))
		return PTR_ERR(mdm->base);
	mdm->io.read = mb_readl;
	mdm->io.write = mb_writel;
	mdm->io.ctx = mdm;

	ret = mb_read_config(mdm, &cfg);
	if (ret)
		return dev_err_probe(&pdev->dev, ret,
				     "a JTAG debugger holds the MDM debug register access lock; disconnect it and reload\n");
	if (FIELD_GET(AXIPERF_MB_MDM_CONFIG_MAGIC, cfg) != AXIPERF_MB_CONFIG_MAGIC)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "MDM configuration reads %#x, not the magic %#x: is debug register access (C_DBG_REG_ACCESS) enabled?\n",
				     cfg, AXIPERF_MB_CONFIG_MAGIC);
	mdm->io.nports = FIELD_GET(AXIPERF_MB_MDM_CONFIG_PORTS, cfg);
	if (!mdm->io.nports || mdm->io.nports > MB_MAX_PORTS)
		return dev_err_probe(&pdev->dev, -ENODEV, "MDM reports %u debug ports\n",
				     mdm->io.nports);

	if (!of_get_child_count(np)) {
		ret = mb_add_core(mdm, np, 0);
	} else {
		for_each_child_of_node(np, child) {
			ret = of_property_read_u32(child, "reg", &port);
			if (ret)
				dev_err(&pdev->dev, "%pOF: needs reg = <debug port>\n", child);
			else if (mdm->ncores == MB_MAX_PORTS)
				ret = -EINVAL;
			else
				ret = mb_add_core(mdm, child, port);
			if (ret) {
				of_node_put(child);
				break;
			}
		}
	}
	if (ret)
		return ret;
	/*
	 * microblazeN in debug-port order, whatever the order of the nodes
	 * (fdtoverlay, for one, adds an overlay's children in reverse)
	 */
	sort(mdm->core, mdm->ncores, sizeof(mdm->core[0]), mb_cmp_port, NULL);

	mdm->irq = platform_get_irq_optional(pdev, 0);
	if (mdm->irq > 0) {
		/* its handler hands perf samples: never threaded */
		ret = devm_request_irq(&pdev->dev, mdm->irq, mb_irq,
				       IRQF_NOBALANCING | IRQF_NO_THREAD,
				       dev_name(&pdev->dev), mdm);
		if (ret)
			return dev_err_probe(&pdev->dev, ret, "cannot take Dbg_Intr (irq %d)\n",
					     mdm->irq);
		irq_set_affinity(mdm->irq, cpumask_of(mdm->core[0]->cpu));
	} else if (mdm->irq != -ENXIO) {
		return mdm->irq;
	}

	for (i = 0; i < mdm->ncores; i++)
		mdm->core[i]->id = -1;
	for (i = 0; i < mdm->ncores; i++) {
		ret = mb_register(mdm, mdm->core[i]);
		if (ret) {
			mb_remove_all(mdm);
			return ret;
		}
	}
	platform_set_drvdata(pdev, mdm);
	return devm_add_action_or_reset(&pdev->dev, mb_remove_action, mdm);
}

static const struct of_device_id mb_of_match[] = {
	{ .compatible = "xlnx,mdm-3.2" },
	{ }
};
MODULE_DEVICE_TABLE(of, mb_of_match);

static struct platform_driver mb_driver = {
	.driver = {
		.name = "axiperf-microblaze",
		.of_match_table = mb_of_match,
		.suppress_bind_attrs = true,
	},
	.probe = mb_probe,
};

static int __init mb_init(void)
{
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(mb_event_attr); i++)
		mb_event_attrs[i] = &mb_event_attr[i].attr.attr;
	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/microblaze:online", NULL,
				      mb_cpu_offline);
	if (ret < 0)
		return ret;
	mb_hp_state = ret;
	ret = platform_driver_register(&mb_driver);
	if (ret)
		cpuhp_remove_multi_state(mb_hp_state);
	return ret;
}

static void __exit mb_exit(void)
{
	platform_driver_unregister(&mb_driver);
	cpuhp_remove_multi_state(mb_hp_state);
}

module_init(mb_init);
module_exit(mb_exit);

MODULE_DESCRIPTION("MicroBlaze performance counters through the MDM, as perf PMUs");
MODULE_LICENSE("GPL");
