// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Cycle-level C reference model of the axiperf monitor core: what one
 * clock does, as Documentation/monitor.rst states it and in the order of
 * hdl/axiperf.v's always blocks (trackers, read ID table, idle and
 * control, counting, gauges, interrupts, register file). Offsets, events
 * and category conditions come from the generated headers only.
 *
 * Every condition of a clock reads the state the clock starts in (struct
 * clock_in, taken first) and its wires; every step then writes its own
 * registers, as the RTL's nonblocking assignments land at the clock's end.
 *
 * The fast paths beside this file (axiperf_model_quick.c, _hold.c,
 * _batch.c) must end every clock or run in the state this file gives;
 * tests/model compares them with it.
 */
#include <stddef.h>
#include <string.h>

#include "axiperf_model_impl.h"

STATIC_CHECK(counters, CI_COUNT == AXIPERF_NUM_COUNTERS);
STATIC_CHECK(gauges, GI_COUNT == AXIPERF_NUM_GAUGES);
STATIC_CHECK(rd_cats, AXIPERF_RD_NUM_CATS <= 8);
STATIC_CHECK(wr_cats, AXIPERF_WR_NUM_CATS <= 16);
STATIC_CHECK(rd_lut, sizeof(((struct axiperf_model *)0)->rd_lut) == 64);
STATIC_CHECK(wr_lut, sizeof(((struct axiperf_model *)0)->wr_lut) /
		     sizeof(((struct axiperf_model *)0)->wr_lut[0]) == 512);
STATIC_CHECK(counter_limit, CI_COUNT < NO_COUNTER);
/* The address decode below treats the two windows as address bits. */
STATIC_CHECK(upper_bit, (AXIPERF_UPPER_OFFSET & (AXIPERF_UPPER_OFFSET - 1)) == 0);
STATIC_CHECK(snap_bit, (AXIPERF_SNAPSHOT_OFFSET & (AXIPERF_SNAPSHOT_OFFSET - 1)) == 0);
STATIC_CHECK(windows, (AXIPERF_UPPER_OFFSET | AXIPERF_SNAPSHOT_OFFSET) < AXIPERF_WINDOW_SIZE &&
	     AXIPERF_UPPER_OFFSET != AXIPERF_SNAPSHOT_OFFSET);

/* Counter index of an event id; NO_COUNTER for gauges and holes. */
static unsigned int counter_of_event(int id)
{
	switch (id) {
#define AXIPERF_X(name, id, off, legacy, unit, per_byte, cst) case id: return CI_##name;
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
	default:
		return NO_COUNTER;
	}
}

/*
 * The category keys: the read category depends on the read wires and
 * trackers only, the write category and bias on the write ones, so each
 * is a table built at init from the generated category functions and
 * indexed by these keys. The model test checks the tables against the
 * functions over all 2^15 inputs, so a spec change that breaks this split
 * is caught.
 */
static unsigned int rd_key(bool rvalid, bool rready, bool r_fly, bool r_out,
			   bool arvalid, bool arready)
{
	return rvalid | rready << 1 | arvalid << 2 | arready << 3 | r_fly << 4 | r_out << 5;
}

static unsigned int wr_key(bool wvalid, bool wready, bool awvalid, bool awready, bool bvalid,
			   bool bready, bool aw_out, bool w_out, bool w_prog)
{
	return wvalid | wready << 1 | awvalid << 2 | awready << 3 | bvalid << 4 | bready << 5 |
	       aw_out << 6 | w_out << 7 | w_prog << 8;
}

static void build_luts(struct axiperf_model *m)
{
	struct axiperf_cat_in c;
	unsigned int k, cat;
	int bias;

	for (k = 0; k < 64; k++) {
		memset(&c, 0, sizeof(c));
		c.rvalid = k & 1;
		c.rready = k & 2;
		c.arvalid = k & 4;
		c.arready = k & 8;
		c.r_fly = k & 16;
		c.r_out = k & 32;
		m->rd_lut[k] = (uint8_t)counter_of_event(axiperf_rd_cat_event[axiperf_rd_category(&c)][0]);
	}
	for (k = 0; k < 512; k++) {
		struct axiperf_model_wr_step *e = &m->wr_lut[k];
		unsigned int also;

		memset(&c, 0, sizeof(c));
		c.wvalid = k & 1;
		c.wready = k & 2;
		c.awvalid = k & 4;
		c.awready = k & 8;
		c.bvalid = k & 16;
		c.bready = k & 32;
		c.aw_out = k & 64;
		c.w_out = k & 128;
		c.w_prog = k & 256;
		cat = axiperf_wr_category(&c);
		e->cnt[0] = (uint8_t)counter_of_event(axiperf_wr_cat_event[cat][0]);
		e->inc[0] = 1;
		also = counter_of_event(axiperf_wr_cat_event[cat][1]);
		bias = axiperf_wr_bias(&c);
		e->cnt[2] = bias < 0 ? CI_wr_bias_data_first : CI_wr_bias_addr_first;
		e->inc[2] = bias != 0;
		/*
		 * No second counter: step by 0 the bias counter the third step
		 * leaves alone, a counter no other step of the clock touches
		 * (a store and a load of one counter in one clock wait on
		 * each other).
		 */
		e->cnt[1] = (uint8_t)(also != NO_COUNTER ? also :
				      bias < 0 ? CI_wr_bias_addr_first : CI_wr_bias_data_first);
		e->inc[1] = also != NO_COUNTER;
	}
}

void axiperf_params_default(struct axiperf_params *p)
{
	p->addr_width = 32;
	p->data_width = 32;
	p->id_width = 4;
	p->counter_width = 32;
	p->has_irq = true;
	p->has_snapshot = true;
	p->id_slots = 4;
	p->has_latency = true;
}

const char *axiperf_model_params_error(const struct axiperf_params *p)
{
	unsigned int dw = p->data_width;

	if (dw < 32 || dw > 1024 || (dw & (dw - 1)))
		return "data_width must be a power of two from 32 to 1024";
	if (p->id_width > 16)
		return "id_width must be 0..16";
	if (p->counter_width != 32 && p->counter_width != 64)
		return "counter_width must be 32 or 64";
	if (p->id_slots < 1 || p->id_slots > AXIPERF_MODEL_MAX_SLOTS)
		return "id_slots must be 1..16";
	if (p->addr_width < 1 || p->addr_width > 255)
		return "addr_width must be 1..255";
	return NULL;
}

static unsigned int log2u(unsigned int x)
{
	unsigned int n = 0;

	while (x > 1) {
		x >>= 1;
		n++;
	}
	return n;
}

/* The fields derived from p (clamped) and slot_valid. */
static void derive(struct axiperf_model *m, const struct axiperf_params *p)
{
	struct axiperf_params q = *p;
	unsigned int bytes, i, slots;

	/* Out-of-range parameters are clamped so no access leaves the arrays. */
	if (q.data_width < 32)
		q.data_width = 32;
	if (q.data_width > 1024)
		q.data_width = 1024;
	q.data_width = 1u << log2u(q.data_width);
	if (q.id_width > 16)
		q.id_width = 16;
	if (q.counter_width != 64)
		q.counter_width = 32;
	if (q.id_slots < 1)
		q.id_slots = 1;
	if (q.id_slots > AXIPERF_MODEL_MAX_SLOTS)
		q.id_slots = AXIPERF_MODEL_MAX_SLOTS;

	m->p = q;
	m->mask = q.counter_width == 64 ? ~(uint64_t)0 : 0xffffffffULL;
	m->top = (uint64_t)1 << (q.counter_width - 1);
	m->id_mask = q.id_width ? (uint32_t)((1ULL << q.id_width) - 1) : 0;
	m->lat_mask = q.has_latency ? ~(uint64_t)0 : 0;
	slots = q.id_width ? q.id_slots : 1;
	m->slots_all = (uint32_t)((1ULL << slots) - 1);

	bytes = q.data_width / 8;
	for (i = 0; i < AXIPERF_MODEL_MAX_STRB_WORDS; i++) {
		if (bytes >= 64 * (i + 1))
			m->strb_mask[i] = ~(uint64_t)0;
		else if (bytes > 64 * i)
			m->strb_mask[i] = ((uint64_t)1 << (bytes - 64 * i)) - 1;
		else
			m->strb_mask[i] = 0;
	}

	m->slot_mask = 0;
	m->responding = 0;
	for (i = 0; i < slots; i++) {
		if (m->slot_valid[i]) {
			m->slot_mask |= 1u << i;
			m->responding++;
		}
	}
	build_luts(m);
}

void axiperf_model_init(struct axiperf_model *m, const struct axiperf_params *p)
{
	memset(m, 0, sizeof(*m));
	derive(m, p);
}

void axiperf_model_refresh(struct axiperf_model *m)
{
	struct axiperf_params p = m->p;

	derive(m, &p);
}

void axiperf_model_reset(struct axiperf_model *m)
{
	struct axiperf_params p = m->p;

	axiperf_model_init(m, &p);
}

/* What is counted (or cleared) together: the counters, gauges and their flags. */
static void clear_counts(struct axiperf_model *m)
{
	memset(m->cnt, 0, sizeof(m->cnt));
	memset(m->gauge, 0, sizeof(m->gauge));
	m->active_sat = false;
	m->resp_approx = false;
}

static void fill_cat_in(const struct axiperf_model *m, const struct axiperf_link *l,
			struct axiperf_cat_in *c)
{
	c->awvalid = l->awvalid;
	c->awready = l->awready;
	c->wvalid = l->wvalid;
	c->wready = l->wready;
	c->bvalid = l->bvalid;
	c->bready = l->bready;
	c->arvalid = l->arvalid;
	c->arready = l->arready;
	c->rvalid = l->rvalid;
	c->rready = l->rready;
	c->aw_out = m->aw_count != 0;
	c->w_out = m->w_count != 0;
	c->w_prog = m->w_prog;
	c->r_out = m->r_count != 0;
	c->r_fly = m->slot_mask != 0;
}

static inline bool idle_of(const struct axiperf_model *m, bool awvalid, bool wvalid, bool arvalid)
{
	bool quiet = !m->aw_count && !m->w_count && !m->w_prog && !m->r_count;

	return (m->perf_err || quiet) && !awvalid && !wvalid && !arvalid;
}

bool axiperf_model_idle(const struct axiperf_model *m, const struct axiperf_link *l)
{
	return idle_of(m, l->awvalid, l->wvalid, l->arvalid);
}

/* ---------------------------------------------------------- one clock */

/* What the conditions of a clock read: its wires and the state it starts in. */
struct clock_in {
	bool aw_hs, w_hs, w_last, b_hs, ar_hs, r_last;	/* handshakes */
	bool idle;
	bool counts;		/* triggered, and no clear applied on this clock */
	unsigned int rd_key, wr_key;
	unsigned int aw_count, w_count, r_count, responding;
	bool w_prog, rd_first;
};

static void clock_in(const struct axiperf_model *m, const struct axiperf_link *l,
		     struct clock_in *c)
{
	c->aw_hs = l->awvalid && l->awready;
	c->w_hs = l->wvalid && l->wready;
	c->w_last = c->w_hs && l->wlast;
	c->b_hs = l->bvalid && l->bready;
	c->ar_hs = l->arvalid && l->arready;
	c->r_last = l->rvalid && l->rready && l->rlast;
	c->idle = idle_of(m, l->awvalid, l->wvalid, l->arvalid);
	/* a count made on the clock a clear is applied is lost with it */
	c->counts = m->triggered && !(c->idle && m->clear_pending);
	c->rd_key = rd_key(l->rvalid, l->rready, m->slot_mask != 0, m->r_count != 0,
			   l->arvalid, l->arready);
	c->wr_key = wr_key(l->wvalid, l->wready, l->awvalid, l->awready, l->bvalid, l->bready,
			   m->aw_count != 0, m->w_count != 0, m->w_prog);
	c->aw_count = m->aw_count;
	c->w_count = m->w_count;
	c->r_count = m->r_count;
	c->responding = m->responding;
	c->w_prog = m->w_prog;
	c->rd_first = m->rd_first;
}

/*
 * Trackers. A count never wraps: the one that would step past its width
 * holds (*ovf tells), and a decrement of zero, a protocol violation,
 * leaves zero.
 */
unsigned int axiperf_model_track(unsigned int count, unsigned int inc, unsigned int dec,
				 unsigned int *ovf)
{
	unsigned int n = count + inc - dec;

	if (n > TRACKER_MAX) {
		*ovf |= count == TRACKER_MAX;
		return count;
	}
	return n;
}

/* The three trackers, whether or not triggered; frozen once perf_err is set. */
static uint32_t trackers(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct clock_in *c)
{
	uint32_t causes = 0;

	if (!m->perf_err) {
		unsigned int ovf = 0;

		m->aw_count = axiperf_model_track(c->aw_count, c->aw_hs, c->b_hs, &ovf);
		m->w_count = axiperf_model_track(c->w_count, c->w_last, c->b_hs, &ovf);
		m->r_count = axiperf_model_track(c->r_count, c->ar_hs, c->r_last, &ovf);
		if (ovf) {
			m->perf_err = true;
			causes |= AXIPERF_IRQ_STATUS_PERF_ERR;
		}
	}
	if (l->wvalid)
		m->w_prog = !c->w_last;
	return causes;
}

/* The read ID table, on a clock with RVALID. */
bool axiperf_model_track_ids(struct axiperf_model *m, const struct axiperf_link *l, bool r_last)
{
	uint32_t id = l->rid & m->id_mask;
	uint32_t v = m->slot_mask, free;
	unsigned int i;

	while (v) {
		i = lowest_bit(v);
		v &= v - 1;
		if (m->slot_id[i] == id) {
			if (r_last) {
				m->slot_valid[i] = false;
				m->slot_mask &= ~(1u << i);
				m->responding--;
			}
			return false;
		}
	}
	if (r_last)
		return false;
	free = m->slots_all & ~m->slot_mask;
	if (!free)
		return true;
	i = lowest_bit(free);
	m->slot_valid[i] = true;
	m->slot_id[i] = id;
	m->slot_mask |= 1u << i;
	m->responding++;
	return false;
}

static uint32_t read_ids(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct clock_in *c)
{
	uint32_t causes = 0;

	if (l->rvalid && axiperf_model_track_ids(m, l, c->r_last)) {
		m->resp_approx = true;
		causes |= AXIPERF_IRQ_STATUS_RESP_APPROX;
	}
	m->rd_first = !l->rvalid && ((l->arvalid && !c->r_count) || c->rd_first);
	return causes;
}

/* A register write accepted on this clock; returns the W1C bits. */
static uint32_t axil_write(struct axiperf_model *m, const struct axiperf_axil_write *w,
			   bool *ctrl_write)
{
	uint32_t off = w->offset & (AXIPERF_WINDOW_SIZE - 1) & ~3u;

	if (!(w->strb & 1))
		return 0;
	switch (off) {
	case AXIPERF_REG_CONTROL:
		*ctrl_write = true;
		return 0;
	case AXIPERF_REG_SNAPSHOT:
		if ((w->data & 1) && m->p.has_snapshot) {
			memcpy(m->snap_cnt, m->cnt, sizeof(m->cnt));
			memcpy(m->snap_gauge, m->gauge, sizeof(m->gauge));
			m->snap_active_sat = m->active_sat;
		}
		return 0;
	case AXIPERF_REG_IRQ_STATUS:
		return w->data & IRQ_BITS;
	case AXIPERF_REG_IRQ_ENABLE:
		/* nothing else reads it during the clock: it may change now */
		m->irq_enable = w->data & IRQ_BITS;
		return 0;
	default:
		return 0;
	}
}

/*
 * Control: the requests pending at the start of an idle clock apply and
 * drop; a CONTROL write on this clock leaves its own requests pending.
 */
void axiperf_model_control(struct axiperf_model *m, bool idle, uint32_t data, bool ctrl_write)
{
	bool start = m->start_pending, stop = m->stop_pending, clear = m->clear_pending;

	if (idle) {
		if (clear)
			clear_counts(m);
		if (start)
			m->triggered = true;
		if (stop)
			m->triggered = false;
		start = stop = clear = false;
	}
	if (ctrl_write) {
		start = data & 1;
		stop = !start;
		clear = clear || (data & 2);
	}
	m->start_pending = start;
	m->stop_pending = stop;
	m->clear_pending = clear;
}

/* One counter steps by d, wrapping at its width; returns the bits that changed. */
static uint64_t step(struct axiperf_model *m, unsigned int idx, uint64_t d)
{
	uint64_t o = m->cnt[idx];

	m->cnt[idx] = (o + d) & m->mask;
	return o ^ m->cnt[idx];
}

/* The counting of a clock that counts; returns the interrupt causes. */
static uint32_t count(struct axiperf_model *m, const struct axiperf_link *l,
		      const struct clock_in *c)
{
	const struct axiperf_model_wr_step *e = &m->wr_lut[c->wr_key];
	uint64_t flip = 0, w_bytes = 0;
	uint32_t causes = 0;

	/* the two categories, the write category's second counter, the bias */
	flip |= step(m, m->rd_lut[c->rd_key], 1);
	flip |= step(m, e->cnt[0], e->inc[0]);
	flip |= step(m, e->cnt[1], e->inc[1]);
	flip |= step(m, e->cnt[2], e->inc[2]);
	if (c->w_hs) {
		w_bytes = popcount64(l->wstrb[0] & m->strb_mask[0]) +
			  popcount64(l->wstrb[1] & m->strb_mask[1]);
		flip |= step(m, CI_wr_w_bytes, w_bytes);
	}
	if (c->r_last)
		flip |= step(m, CI_rd_bursts, 1);
	if (c->rd_first)
		flip |= step(m, CI_rd_first_lag, 1);
	if (c->aw_hs) {
		flip |= step(m, CI_wr_bursts, 1);
		flip |= step(m, CI_wr_aw_bytes, (uint64_t)(l->awlen + 1u) << (l->awsize & 7));
	}
	if (c->ar_hs)
		flip |= step(m, CI_rd_bytes, (uint64_t)(l->arlen + 1u) << (l->arsize & 7));
	flip |= step(m, CI_rd_inflight, c->r_count & m->lat_mask);
	flip |= step(m, CI_rd_waiting, axiperf_model_rd_waiting(c->r_count, c->responding) &
		     m->lat_mask);
	flip |= step(m, CI_wr_inflight, axiperf_model_wr_inflight(c->aw_count, c->w_count,
								  c->w_prog) & m->lat_mask);
	flip |= step(m, CI_active_cycles, 1);
	if (m->cnt[CI_active_cycles] == 0) {
		m->active_sat = true;
		causes |= AXIPERF_IRQ_STATUS_ACTIVE_SAT;
	}
	if (flip & m->top)
		causes |= AXIPERF_IRQ_STATUS_HALF;
	return causes;
}

#define RAISE(name, v) raise_gauge(&m->gauge[GI_##name], (v), GB_##name)

/* The gauges of a clock that counts: maxima of the state it starts in. */
static void gauges(struct axiperf_model *m, const struct axiperf_link *l,
		   const struct clock_in *c)
{
	uint32_t *g = m->gauge;

	if (c->aw_hs)
		RAISE(wr_max_burst_size, l->awlen);
	if (c->ar_hs)
		RAISE(rd_max_burst_size, l->arlen);
	RAISE(rd_max_outstanding, c->r_count);
	/* each write maximum against its own register (the article's W defect) */
	RAISE(wr_max_aw_outstanding, c->aw_count);
	RAISE(wr_max_w_outstanding, c->w_count + c->w_prog);
	RAISE(rd_max_responding, c->responding);
	g[GI_wr_max_outstanding] = g[GI_wr_max_aw_outstanding] > g[GI_wr_max_w_outstanding] ?
				   g[GI_wr_max_aw_outstanding] : g[GI_wr_max_w_outstanding];
}

#undef RAISE

void axiperf_model_clock_ref(struct axiperf_model *m, const struct axiperf_link *l,
			     const struct axiperf_axil_write *w)
{
	struct clock_in c;
	uint32_t causes = 0, w1c = 0;
	bool ctrl_write = false;

	clock_in(m, l, &c);
	causes |= trackers(m, l, &c);
	/* before control: a clear applied on this clock wins over resp_approx set on it */
	causes |= read_ids(m, l, &c);
	/* before control and counting: a snapshot copies the clock's start */
	if (w)
		w1c = axil_write(m, w, &ctrl_write);
	axiperf_model_control(m, c.idle, ctrl_write ? w->data : 0, ctrl_write);
	if (c.counts) {
		causes |= count(m, l, &c);
		gauges(m, l, &c);
	}
	/*
	 * Interrupts: a cause on the same clock wins over the write-1-to-clear;
	 * irq follows IRQ_STATUS & IRQ_ENABLE, which only a cause or a write
	 * changes.
	 */
	if (causes || w) {
		m->irq_status = (m->irq_status & ~w1c) | causes;
		m->irq = m->p.has_irq && (m->irq_status & m->irq_enable);
	}
	m->clocks++;
}

void axiperf_model_link_drop(struct axiperf_model *m)
{
	m->aw_count = 0;
	m->w_count = 0;
	m->r_count = 0;
	m->w_prog = false;
	m->rd_first = false;
	memset(m->slot_valid, 0, sizeof(m->slot_valid));
	m->slot_mask = 0;
	m->responding = 0;
	m->link_rst = true;
}

void axiperf_model_link_up(struct axiperf_model *m)
{
	m->link_rst = false;
}

void axiperf_model_link_reset(struct axiperf_model *m, const struct axiperf_axil_write *w)
{
	static const struct axiperf_link idle_link;

	/* what was in flight is gone; the clock itself is an idle one */
	axiperf_model_link_drop(m);
	axiperf_model_clock_ref(m, &idle_link, w);
}

void axiperf_model_classify(const struct axiperf_model *m, const struct axiperf_link *l,
			    int *rd_cat, int *wr_cat, int *bias)
{
	struct axiperf_cat_in c;

	fill_cat_in(m, l, &c);
	*rd_cat = axiperf_rd_category(&c);
	*wr_cat = axiperf_wr_category(&c);
	*bias = axiperf_wr_bias(&c);
}

/* ------------------------------------------------------- register file */

/* Low or high half of a COUNTER_WIDTH value. */
static uint32_t half_of(uint64_t v, bool upper)
{
	return (uint32_t)(upper ? v >> 32 : v);
}

uint32_t axiperf_model_read_at(const struct axiperf_model *m, uint32_t offset,
			       const struct axiperf_link *l)
{
	uint32_t off = offset & (AXIPERF_WINDOW_SIZE - 1) & ~3u;
	bool upper = off & AXIPERF_UPPER_OFFSET;
	bool snap = (off & AXIPERF_SNAPSHOT_OFFSET) && m->p.has_snapshot;
	bool plain = !(off & (AXIPERF_UPPER_OFFSET | AXIPERF_SNAPSHOT_OFFSET));
	uint32_t base = off & ~(uint32_t)(AXIPERF_UPPER_OFFSET | AXIPERF_SNAPSHOT_OFFSET);
	const uint64_t *cnt = snap ? m->snap_cnt : m->cnt;
	const uint32_t *g = snap ? m->snap_gauge : m->gauge;
	bool sat = snap ? m->snap_active_sat : m->active_sat;
	uint32_t v = 0;

	switch (base) {
	case AXIPERF_REG_ACTIVE:
		return half_of(sat ? m->mask : cnt[CI_active_cycles], upper);
	case AXIPERF_REG_WR_BIAS:
		return half_of((cnt[CI_wr_bias_addr_first] - cnt[CI_wr_bias_data_first]) & m->mask,
			       upper);
#define AXIPERF_X(name, id, o, legacy, unit, per_byte, cst) \
	case o: \
		return half_of(cnt[CI_##name], upper);
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
	case AXIPERF_REG_CONTROL:
		if (!plain)
			return 0;
		return (m->start_pending ? AXIPERF_CONTROL_START_PENDING : 0) |
		       (m->clear_pending ? AXIPERF_CONTROL_CLEAR_PENDING : 0) |
		       (m->triggered ? AXIPERF_CONTROL_TRIGGERED : 0) |
		       (m->perf_err ? AXIPERF_CONTROL_PERF_ERR : 0) |
		       (m->stop_pending ? AXIPERF_CONTROL_STOP_PENDING : 0) |
		       (m->resp_approx ? AXIPERF_CONTROL_RESP_APPROX : 0) |
		       ((l ? axiperf_model_idle(m, l) : idle_of(m, false, false, false)) ?
			AXIPERF_CONTROL_IDLE : 0) |
		       (m->link_rst ? AXIPERF_CONTROL_LINK_RESET : 0);
	case AXIPERF_REG_ID:
		return plain ? AXIPERF_MAGIC : 0;
	case AXIPERF_REG_VERSION:
		if (!plain)
			return 0;
		return ((uint32_t)AXIPERF_MAP_MAJOR << AXIPERF_VERSION_MAJOR_SHIFT) |
		       ((uint32_t)AXIPERF_MAP_MINOR << AXIPERF_VERSION_MINOR_SHIFT);
	case AXIPERF_REG_CONFIG:
		if (!plain)
			return 0;
		return (log2u(m->p.data_width / 8) << AXIPERF_CONFIG_DATA_BYTES_LOG2_SHIFT) |
		       (m->p.id_width << AXIPERF_CONFIG_ID_WIDTH_SHIFT) |
		       ((m->p.counter_width == 64 ? 1u : 0u) << AXIPERF_CONFIG_COUNTER_64_SHIFT) |
		       ((m->p.has_irq ? 1u : 0u) << AXIPERF_CONFIG_HAS_IRQ_SHIFT) |
		       ((m->p.has_snapshot ? 1u : 0u) << AXIPERF_CONFIG_HAS_SNAPSHOT_SHIFT) |
		       ((uint32_t)popcount64(m->slots_all) << AXIPERF_CONFIG_ID_SLOTS_SHIFT) |
		       ((m->p.has_latency ? 1u : 0u) << AXIPERF_CONFIG_HAS_LATENCY_SHIFT) |
		       ((m->p.addr_width & 0xffu) << AXIPERF_CONFIG_ADDR_WIDTH_SHIFT);
	case AXIPERF_REG_IRQ_STATUS:
		return plain ? m->irq_status : 0;
	case AXIPERF_REG_IRQ_ENABLE:
		return plain ? m->irq_enable : 0;
	default:
		break;
	}

	/* Gauges share words; they have no upper half. */
	if (upper)
		return 0;
#define AXIPERF_X(name, id, o, lsb, bits) \
	if (base == (o)) \
		v |= (g[GI_##name] & ((1u << (bits)) - 1)) << (lsb);
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
	return v;
}

uint32_t axiperf_model_read(const struct axiperf_model *m, uint32_t offset)
{
	return axiperf_model_read_at(m, offset, NULL);
}

bool axiperf_model_irq(const struct axiperf_model *m)
{
	return m->irq;
}

uint64_t axiperf_model_event(const struct axiperf_model *m, unsigned int id)
{
	switch (id) {
#define AXIPERF_X(name, i, off, legacy, unit, per_byte, cst) \
	case i: \
		return m->cnt[CI_##name];
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
#define AXIPERF_X(name, i, off, lsb, bits) \
	case i: \
		return m->gauge[GI_##name];
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
	default:
		return 0;
	}
}
