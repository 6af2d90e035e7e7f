// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * MicroBlaze performance counters: DBG_CTRL encoding, data item layouts,
 * counter allocation and count extension. Everything here is table-driven
 * from include/axiperf/microblaze.h, generated from spec/microblaze.toml.
 */
#include "mb_items.h"

struct mb_seg {
	u8 width, kind, item, field, item_lsb, field_lsb, bits;
};

#define MB_SEG(w, k, i, f, il, fl, b) { w, k, i, f, il, fl, b },
static const struct mb_seg mb_segs[] = {
	AXIPERF_MB_ITEM_SEGMENTS(MB_SEG)
};

#undef MB_SEG
#define MB_NSEGS ARRAY_SIZE(mb_segs)

static u64 mb_mask(unsigned int bits)
{
	return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

/* Build a DBG_CTRL value; bits is the debug register's length (1..512). */
int mb_dbg_ctrl(unsigned int target, unsigned int command, unsigned int bits, u32 *out)
{
	if (target > 3 || command > 0xff || bits < 1 || bits > 512)
		return -EINVAL;
	*out = AXIPERF_MB_DBG_CTRL_VALUE(target, command, bits);
	return 0;
}

int mb_items_per_counter(unsigned int width, unsigned int kind)
{
	unsigned int i;
	int n = 0;

	for (i = 0; i < MB_NSEGS; i++)
		if (mb_segs[i].width == width && mb_segs[i].kind == kind && mb_segs[i].item >= n)
			n = mb_segs[i].item + 1;
	return n ? n : -EINVAL;
}

/* A width is valid when the description has an item layout for it. */
bool mb_width_ok(unsigned int width)
{
	return mb_items_per_counter(width, AXIPERF_MB_KIND_EVENT) > 0;
}

unsigned int mb_field_bits(unsigned int width, unsigned int kind, unsigned int field)
{
	unsigned int i, top = 0;

	for (i = 0; i < MB_NSEGS; i++) {
		const struct mb_seg *s = &mb_segs[i];

		if (s->width == width && s->kind == kind && s->field == field &&
		    s->field_lsb + s->bits > top)
			top = s->field_lsb + s->bits;
	}
	return top;
}

/*
 * Decode one counter's items. Bits no segment covers must read zero: a
 * non-zero one means the sequence is out of step (-EPROTO).
 */
int mb_decode(unsigned int width, unsigned int kind, const u32 *items, unsigned int n,
	      struct mb_values *out)
{
	u32 used[AXIPERF_MB_MAX_ITEMS] = { 0 };
	unsigned int i;
	int want = mb_items_per_counter(width, kind);

	if (want < 0 || n != (unsigned int)want)
		return -EINVAL;
	for (i = 0; i < AXIPERF_MB_NUM_FIELDS; i++)
		out->f[i] = 0;
	for (i = 0; i < MB_NSEGS; i++) {
		const struct mb_seg *s = &mb_segs[i];
		u64 v;

		if (s->width != width || s->kind != kind)
			continue;
		v = (items[s->item] >> s->item_lsb) & mb_mask(s->bits);
		out->f[s->field] |= v << s->field_lsb;
		used[s->item] |= (u32)(mb_mask(s->bits) << s->item_lsb);
	}
	for (i = 0; i < n; i++)
		if (items[i] & ~used[i])
			return -EPROTO;
	return 0;
}

/* Encode one counter's values into items (Data Write presets); -ERANGE if a value is too wide. */
int mb_encode(unsigned int width, unsigned int kind, const struct mb_values *v, u32 *items,
	      unsigned int n)
{
	unsigned int i;
	int want = mb_items_per_counter(width, kind);

	if (want < 0 || n != (unsigned int)want)
		return -EINVAL;
	for (i = 0; i < AXIPERF_MB_NUM_FIELDS; i++) {
		unsigned int bits = mb_field_bits(width, kind, i);

		if (v->f[i] & ~mb_mask(bits))
			return -ERANGE;
	}
	for (i = 0; i < n; i++)
		items[i] = 0;
	for (i = 0; i < MB_NSEGS; i++) {
		const struct mb_seg *s = &mb_segs[i];

		if (s->width != width || s->kind != kind)
			continue;
		items[s->item] |= (u32)(((v->f[s->field] >> s->field_lsb) & mb_mask(s->bits))
					<< s->item_lsb);
	}
	return 0;
}

int mb_config_check(const struct mb_config *c)
{
	if (!mb_width_ok(c->width))
		return -EINVAL;
	if (c->n_event > AXIPERF_MB_MAX_EVENT_COUNTERS ||
	    c->n_latency > AXIPERF_MB_MAX_LATENCY_COUNTERS)
		return -EINVAL;
	if (c->n_event + c->n_latency == 0)
		return -ENODEV;
	return 0;
}

unsigned int mb_counter_kind(const struct mb_config *c, unsigned int idx)
{
	return idx < c->n_event ? AXIPERF_MB_KIND_EVENT : AXIPERF_MB_KIND_LATENCY;
}

unsigned int mb_total_counters(const struct mb_config *c)
{
	return c->n_event + c->n_latency;
}

unsigned int mb_total_items(const struct mb_config *c)
{
	return c->n_event * mb_items_per_counter(c->width, AXIPERF_MB_KIND_EVENT) +
	       c->n_latency * mb_items_per_counter(c->width, AXIPERF_MB_KIND_LATENCY);
}

/* Decode a whole sequence: all event counters, then all latency counters. */
int mb_decode_all(const struct mb_config *c, const u32 *items, unsigned int n,
		  struct mb_values *out)
{
	unsigned int i, pos = 0;
	int ret;

	ret = mb_config_check(c);
	if (ret)
		return ret;
	if (n != mb_total_items(c))
		return -EINVAL;
	for (i = 0; i < mb_total_counters(c); i++) {
		unsigned int kind = mb_counter_kind(c, i);
		unsigned int k = mb_items_per_counter(c->width, kind);

		ret = mb_decode(c->width, kind, items + pos, k, &out[i]);
		if (ret)
			return ret;
		pos += k;
	}
	return 0;
}

/*
 * Whether (event, item) can ever be counted on this configuration:
 * -EINVAL for a malformed request, -EOPNOTSUPP when this MicroBlaze lacks
 * the kind of counter it needs.
 */
int mb_event_check(const struct mb_config *c, unsigned int event, unsigned int item)
{
	bool lat_event = event >= AXIPERF_MB_FIRST_LATENCY_EVENT;

	if (event >= AXIPERF_MB_NUM_EVENTS || item >= AXIPERF_MB_NUM_FIELDS)
		return -EINVAL;
	if (item != AXIPERF_MB_FIELD_COUNT && !lat_event)
		return -EINVAL;
	if (item != AXIPERF_MB_FIELD_COUNT && !c->n_latency)
		return -EOPNOTSUPP;
	if (!lat_event && !c->n_event)
		return -EOPNOTSUPP;
	return 0;
}

void mb_alloc_init(struct mb_alloc *a)
{
	unsigned int i;

	for (i = 0; i < AXIPERF_MB_MAX_COUNTERS; i++) {
		a->slot[i].event = 0;
		a->slot[i].users = 0;
		a->slot[i].exclusive = false;
	}
}

/* A counter in [lo, hi) already counting `event`, else a free one, else -1. */
static int mb_find(struct mb_alloc *a, unsigned int lo, unsigned int hi, unsigned int event,
		   bool share_only, bool exclusive)
{
	unsigned int i;

	for (i = lo; i < hi && !exclusive; i++)
		if (a->slot[i].users && !a->slot[i].exclusive && a->slot[i].event == event &&
		    a->slot[i].users < 0xff)
			return i;
	if (share_only)
		return -1;
	for (i = lo; i < hi; i++)
		if (!a->slot[i].users)
			return i;
	return -1;
}

/*
 * Take a hardware counter for (event, item); returns its index. Latency
 * items need a latency counter, shared by every item of the same event.
 * A latency event's count alone prefers a latency counter already
 * measuring it, then an event counter, then a free latency counter.
 * `exclusive` takes a counter of its own that nothing else shares.
 */
int mb_alloc_get(struct mb_alloc *a, const struct mb_config *c, unsigned int event,
		 unsigned int item, bool exclusive)
{
	unsigned int ne = c->n_event, nt = mb_total_counters(c);
	int idx, ret;

	ret = mb_event_check(c, event, item);
	if (ret)
		return ret;
	if (item != AXIPERF_MB_FIELD_COUNT) {
		idx = mb_find(a, ne, nt, event, false, exclusive);
	} else if (event >= AXIPERF_MB_FIRST_LATENCY_EVENT) {
		idx = mb_find(a, ne, nt, event, true, exclusive);
		if (idx < 0)
			idx = mb_find(a, 0, ne, event, false, exclusive);
		if (idx < 0)
			idx = mb_find(a, ne, nt, event, false, exclusive);
	} else {
		idx = mb_find(a, 0, ne, event, false, exclusive);
	}
	if (idx < 0)
		return -ENOSPC;
	a->slot[idx].event = event;
	a->slot[idx].users++;
	a->slot[idx].exclusive = exclusive;
	return idx;
}

void mb_alloc_put(struct mb_alloc *a, unsigned int idx)
{
	if (idx < AXIPERF_MB_MAX_COUNTERS && a->slot[idx].users && !--a->slot[idx].users)
		a->slot[idx].exclusive = false;
}

/*
 * Extend a reading of a `bits`-wide field (taken since the last Clear) past
 * its wraps: `overflow` says the hardware saw it count past its maximum
 * since the Clear; a reading below the previous one is a wrap too.
 */
u64 mb_extend(u64 last, u64 now, bool overflow, unsigned int bits)
{
	u64 ext = now;

	if (bits >= 64)
		return now;
	if (overflow && ext < (1ULL << bits))
		ext += 1ULL << bits;
	if (ext < last)
		ext += ((last - ext + (1ULL << bits) - 1) >> bits) << bits;
	return ext;
}

void mb_acc_init(struct mb_acc *acc, u64 preset)
{
	unsigned int i;

	for (i = 0; i < AXIPERF_MB_NUM_FIELDS; i++) {
		acc->total[i] = 0;
		acc->last[i] = 0;
	}
	acc->last[AXIPERF_MB_FIELD_COUNT] = preset;
	acc->cur_min = 0;
	acc->cur_max = 0;
	acc->old_min = 0;
	acc->old_max = 0;
	acc->cur_valid = false;
	acc->have_old = false;
	acc->ovf_seen = false;
	acc->lost = false;
	acc->full = false;
}

/*
 * Account one sampled reading `now` (with its PCSR status). `cleared`: the
 * same command also cleared the counters, so the next epoch starts at 0.
 */
void mb_acc_update(struct mb_acc *acc, unsigned int width, unsigned int kind,
		   const struct mb_values *now, u32 status, bool cleared)
{
	bool ovf = status & AXIPERF_MB_PCSR_OVERFLOW;
	bool wrapped = false;
	unsigned int f, nsum = kind == AXIPERF_MB_KIND_EVENT ? 1 : AXIPERF_MB_FIELD_MIN;

	for (f = 0; f < nsum; f++) {
		unsigned int bits = mb_field_bits(width, kind, f);
		u64 ext;

		/* latency overflow does not say which field wrapped: rely on the drop */
		ext = mb_extend(acc->last[f], now->f[f], kind == AXIPERF_MB_KIND_EVENT && ovf,
				bits);
		if (bits < 64 && ext >= (1ULL << bits))
			wrapped = true;
		acc->total[f] += ext - acc->last[f];
		acc->last[f] = ext;
	}
	if (kind == AXIPERF_MB_KIND_LATENCY) {
		/* the status bit is sticky: only its first appearance needs a visible wrap */
		if (ovf && !acc->ovf_seen && !wrapped)
			acc->lost = true;
		acc->ovf_seen = ovf;
		if (status & AXIPERF_MB_PCSR_FULL)
			acc->full = true;
		acc->cur_valid = acc->last[AXIPERF_MB_FIELD_COUNT] > 0;
		acc->cur_min = now->f[AXIPERF_MB_FIELD_MIN];
		acc->cur_max = now->f[AXIPERF_MB_FIELD_MAX];
	}
	if (!cleared)
		return;
	if (acc->cur_valid) {
		if (!acc->have_old || acc->cur_min < acc->old_min)
			acc->old_min = acc->cur_min;
		if (!acc->have_old || acc->cur_max > acc->old_max)
			acc->old_max = acc->cur_max;
		acc->have_old = true;
	}
	acc->cur_valid = false;
	acc->ovf_seen = false;
	for (f = 0; f < AXIPERF_MB_NUM_FIELDS; f++)
		acc->last[f] = 0;
}

/*
 * The counter was cleared and then written back with `raw` (Data Write):
 * its next epoch starts from those values instead of zero.
 */
void mb_acc_rebase(struct mb_acc *acc, unsigned int kind, const struct mb_values *raw)
{
	unsigned int f, nsum = kind == AXIPERF_MB_KIND_EVENT ? 1 : AXIPERF_MB_FIELD_MIN;

	for (f = 0; f < nsum; f++)
		acc->last[f] = raw->f[f];
}

/* The 64-bit value of a field: totals for COUNT/SUM/SUM_SQ, extremes for MIN/MAX (0: none). */
u64 mb_acc_value(const struct mb_acc *acc, unsigned int field)
{
	u64 v;

	if (field == AXIPERF_MB_FIELD_MIN) {
		if (acc->cur_valid && acc->have_old)
			return acc->cur_min < acc->old_min ? acc->cur_min : acc->old_min;
		return acc->cur_valid ? acc->cur_min : acc->have_old ? acc->old_min : 0;
	}
	if (field == AXIPERF_MB_FIELD_MAX) {
		v = acc->have_old ? acc->old_max : 0;
		return acc->cur_valid && acc->cur_max > v ? acc->cur_max : v;
	}
	return field < AXIPERF_MB_NUM_FIELDS ? acc->total[field] : 0;
}

/*
 * `delta` more events of a sampling counter: take them off the period
 * `left`. True when the period ended (a sample is due); `left` is then the
 * next period's, less what was already counted past the end (or a whole
 * period when more than one went by: one sample for them, as perf does).
 */
bool mb_period_step(s64 *left, u64 period, u64 delta)
{
	*left -= (s64)delta;
	if (*left > 0)
		return false;
	*left += (s64)period;
	if (*left <= 0)
		*left = (s64)period;
	return true;
}

/*
 * The value to preset an event counter of `width` bits to, so that it
 * reaches its maximum (Dbg_Intr) after `left` events; a period longer than
 * the counter's range takes several interrupts, the first after a whole
 * range.
 */
u64 mb_period_preset(unsigned int width, s64 left)
{
	u64 max = mb_field_bits(width, AXIPERF_MB_KIND_EVENT, AXIPERF_MB_FIELD_COUNT) >= 64 ?
		  ~0ULL : BIT_ULL(mb_field_bits(width, AXIPERF_MB_KIND_EVENT,
						AXIPERF_MB_FIELD_COUNT)) - 1;

	if (left <= 0)
		return max;
	return (u64)left >= max ? 0 : max - (u64)left;
}
