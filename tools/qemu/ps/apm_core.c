// SPDX-License-Identifier: GPL-2.0-or-later OR MIT
/*
 * One ZynqMP AXI Performance Monitor: registers and counting (apm_core.h
 * says what the model chose where PG037 is silent).
 */
#include <string.h>

#include "apm_core.h"

#define ISR_ALL(c)	((AXIPERF_APM_ISR_COUNTER_OVERFLOW << (c)->num_counters) - 1)

static const signed char metric_kind[AXIPERF_APM_NUM_METRICS] = {
#define KIND(name, id, unit, kind, rd, doc) [id] = kind,
	AXIPERF_APM_METRICS(KIND)
#undef KIND
};

int apm_core_metric_kind(unsigned int metric)
{
	return metric < AXIPERF_APM_NUM_METRICS ? metric_kind[metric] : -1;
}

static unsigned int sel_metric(uint8_t sel)
{
	return (sel & AXIPERF_APM_SEL_METRIC) >> AXIPERF_APM_SEL_METRIC_SHIFT;
}

static unsigned int sel_slot(uint8_t sel)
{
	return (sel & AXIPERF_APM_SEL_SLOT) >> AXIPERF_APM_SEL_SLOT_SHIFT;
}

static bool counting(const struct apm_core *c)
{
	return (c->ctl & AXIPERF_APM_CTL_MCNTR_ENABLE) &&
	       !(c->ctl & AXIPERF_APM_CTL_MCNTR_RESET);
}

static bool gcc_counting(const struct apm_core *c)
{
	return (c->ctl & AXIPERF_APM_CTL_GCC_ENABLE) &&
	       !(c->ctl & AXIPERF_APM_CTL_GCC_RESET);
}

/* The metric counters' reset: a counter whose selector is a minimum at
 * that moment to all ones, any other to 0. */
static void clear_counters(struct apm_core *c)
{
	unsigned int n;

	for (n = 0; n < AXIPERF_APM_MAX_COUNTERS; n++)
		c->mc[n] = apm_core_metric_kind(sel_metric(c->sel[n])) == AXIPERF_APM_KIND_MIN ?
			   0xffffffffu : 0;
}

/* The sample: SR's read, or the sample interval lapsing. */
static void sample(struct apm_core *c)
{
	unsigned int n;

	for (n = 0; n < c->num_counters; n++)
		c->smc[n] = c->mc[n];
	if (c->sicr & AXIPERF_APM_SICR_MET_CNT_RST)
		clear_counters(c);
	c->last_sample = c->now;
}

/* k clocks pass: the global clock counter and the sample interval; the
 * callers split runs so that the interval lapses on a run's last clock. */
static void tick(struct apm_core *c, uint64_t k)
{
	c->now += k;
	if (gcc_counting(c)) {
		uint64_t v = (uint64_t)c->gcc + k;

		if (v > 0xffffffffu)
			c->isr |= AXIPERF_APM_ISR_GCC_OVERFLOW;
		c->gcc = (uint32_t)v;
	}
	if ((c->sicr & AXIPERF_APM_SICR_ENABLE) && c->si_count) {
		c->si_count -= k;
		if (!c->si_count) {
			sample(c);
			c->isr |= AXIPERF_APM_ISR_SAMPLE_INTERVAL;
			c->si_count = c->si_lo;
		}
	}
}

/* Clocks until the sample interval lapses, at most n. */
static uint64_t until_lapse(const struct apm_core *c, uint64_t n)
{
	if ((c->sicr & AXIPERF_APM_SICR_ENABLE) && c->si_count && c->si_count < n)
		return c->si_count;
	return n;
}

/* Whether an ID of direction rd passes the ID filter (off: every ID). */
static bool id_passes(const struct apm_core *c, bool rd, uint32_t id)
{
	uint32_t f, m;

	if (!(c->ctl & AXIPERF_APM_CTL_ID_FILTER))
		return true;
	if (c->id_bits == 32) {
		f = rd ? c->rid : c->id;
		m = rd ? c->rid_mask : c->id_mask;
	} else {
		f = (rd ? c->id >> 16 : c->id) & 0xffffu;
		m = (rd ? c->id_mask >> 16 : c->id_mask) & 0xffffu;
	}
	return !((id ^ f) & m);
}

/* Counter n adds v, wrapping at 32 bits. */
static void counter_add(struct apm_core *c, unsigned int n, uint64_t v)
{
	uint64_t sum = (uint64_t)c->mc[n] + v;

	if (sum > 0xffffffffu)
		c->isr |= AXIPERF_APM_ISR_COUNTER(n);
	c->mc[n] = (uint32_t)sum;
}

/* A transaction of slot s ended with latency lat: the total, min and max
 * counters of its direction take it. */
static void latency_taken(struct apm_core *c, unsigned int s, bool rd, uint64_t lat)
{
	uint32_t level = lat > 0xffffffffu ? 0xffffffffu : (uint32_t)lat;
	unsigned int total = rd ? AXIPERF_APM_M_READ_LATENCY : AXIPERF_APM_M_WRITE_LATENCY;
	unsigned int min = rd ? AXIPERF_APM_M_READ_LATENCY_MIN : AXIPERF_APM_M_WRITE_LATENCY_MIN;
	unsigned int max = rd ? AXIPERF_APM_M_READ_LATENCY_MAX : AXIPERF_APM_M_WRITE_LATENCY_MAX;
	unsigned int n, m;

	if (!counting(c))
		return;
	for (n = 0; n < c->num_counters; n++) {
		if (sel_slot(c->sel[n]) != s)
			continue;
		m = sel_metric(c->sel[n]);
		if (m == total) {
			counter_add(c, n, lat);
		} else if (m == min) {
			if (level < c->mc[n])
				c->mc[n] = level;
		} else if (m == max) {
			if (level > c->mc[n])
				c->mc[n] = level;
		}
	}
}

/* Ends t (of direction rd) if its address is in and its end point passed. */
static void try_end(struct apm_core *c, unsigned int s, struct apm_txn *t, bool rd)
{
	uint32_t start_bit = rd ? AXIPERF_APM_CTL_RD_LAT_START : AXIPERF_APM_CTL_WR_LAT_START;
	uint32_t end_bit = rd ? AXIPERF_APM_CTL_RD_LAT_END : AXIPERF_APM_CTL_WR_LAT_END;
	bool first = c->ctl & end_bit;
	uint64_t start, end;

	if (t->ended || !t->has_addr || !(first ? t->has_first : t->has_last))
		return;
	start = (c->ctl & start_bit) ? t->accept : t->issue;
	end = first ? t->first : t->last;
	t->ended = true;
	if (id_passes(c, rd, t->id))
		latency_taken(c, s, rd, end > start ? end - start : 0);
}

static void txn_remove(struct apm_txn *q, unsigned int *nq, unsigned int i)
{
	memmove(&q[i], &q[i + 1], (*nq - i - 1) * sizeof(q[0]));
	(*nq)--;
}

/* The clock's effect on slot s's transactions in flight (c->now is the
 * clock's number). */
static void track(struct apm_core *c, unsigned int s, const struct axiperf_link *l)
{
	struct apm_slot *sl = &c->slot[s];
	struct apm_txn *t;
	unsigned int i;

	/* reads: the address, then a beat of an older read */
	if (l->arvalid && !sl->ar_open) {
		sl->ar_open = true;
		sl->ar_issue = c->now;
	}
	if (l->arvalid && l->arready) {
		sl->ar_open = false;
		if (sl->nrd < APM_CORE_MAX_READS) {
			sl->rd[sl->nrd++] = (struct apm_txn){
				.id = l->arid, .issue = sl->ar_issue, .accept = c->now,
				.has_addr = true,
			};
		}
	}
	if (l->rvalid && l->rready) {
		for (i = 0; i < sl->nrd && sl->rd[i].id != l->rid; i++)
			;
		if (i < sl->nrd) {
			t = &sl->rd[i];
			if (!t->has_first) {
				t->has_first = true;
				t->first = c->now;
			}
			if (l->rlast) {
				t->has_last = true;
				t->last = c->now;
			}
			try_end(c, s, t, true);
			if (l->rlast)
				txn_remove(sl->rd, &sl->nrd, i);
		}
	}

	/* writes: the address joins the oldest write with none (its data
	 * may have come first), a beat the oldest with data to come */
	if (l->awvalid && !sl->aw_open) {
		sl->aw_open = true;
		sl->aw_issue = c->now;
	}
	if (l->awvalid && l->awready) {
		sl->aw_open = false;
		for (i = 0; i < sl->nwr && sl->wr[i].has_addr; i++)
			;
		if (i == sl->nwr && sl->nwr < APM_CORE_MAX_WRITES)
			sl->wr[sl->nwr++] = (struct apm_txn){ 0 };
		if (i < sl->nwr) {
			t = &sl->wr[i];
			t->has_addr = true;
			t->id = l->awid;
			t->issue = sl->aw_issue;
			t->accept = c->now;
			try_end(c, s, t, false);
		}
	}
	if (l->wvalid && l->wready) {
		for (i = 0; i < sl->nwr && sl->wr[i].has_last; i++)
			;
		if (i == sl->nwr && sl->nwr < APM_CORE_MAX_WRITES)
			sl->wr[sl->nwr++] = (struct apm_txn){ 0 };
		if (i < sl->nwr) {
			t = &sl->wr[i];
			if (!t->has_first) {
				t->has_first = true;
				t->first = c->now;
			}
			if (l->wlast) {
				t->has_last = true;
				t->last = c->now;
			}
			try_end(c, s, t, false);
		}
	}
	/* a response answers the oldest write done (the link has no BID) */
	if (l->bvalid && l->bready && sl->nresp) {
		memmove(&sl->resp[0], &sl->resp[1], (sl->nresp - 1) * sizeof(sl->resp[0]));
		sl->nresp--;
	}
	/* a write is done with both its address and its data in */
	for (i = 0; i < sl->nwr;) {
		if (sl->wr[i].has_addr && sl->wr[i].has_last) {
			if (sl->nresp < APM_CORE_MAX_RESP)
				sl->resp[sl->nresp++] = sl->wr[i].id;
			txn_remove(sl->wr, &sl->nwr, i);
		} else {
			i++;
		}
	}
}

/*
 * Whether this clock's write beat (or wait) passes the write filter: by
 * its burst's AWID, the burst being the oldest whose data is not all in.
 * Its address may come on this very clock (track() takes the address
 * first); a burst whose address has not come does not match.
 */
static bool wbeat_passes(const struct apm_core *c, unsigned int s,
			 const struct axiperf_link *l)
{
	const struct apm_slot *sl = &c->slot[s];
	bool aw = l->awvalid && l->awready;
	unsigned int i, j;

	if (!(c->ctl & AXIPERF_APM_CTL_ID_FILTER))
		return true;
	for (i = 0; i < sl->nwr && sl->wr[i].has_last; i++)
		;
	for (j = 0; j < sl->nwr && sl->wr[j].has_addr; j++)
		;
	if (i < sl->nwr && sl->wr[i].has_addr)
		return id_passes(c, false, sl->wr[i].id);
	/* the address this clock takes joins the oldest write with none */
	if (aw && i == j)
		return id_passes(c, false, l->awid);
	return false;
}

static unsigned int popcount64(uint64_t x)
{
	unsigned int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/* What the count metrics of slot s add on one clock of the wires l (the
 * ID filter applied; before track() takes the clock). */
static void clock_counts(const struct apm_core *c, unsigned int s,
			 const struct axiperf_link *l, uint64_t inc[AXIPERF_APM_NUM_METRICS])
{
	const struct apm_slot *sl = &c->slot[s];
	bool aw = l->awvalid && l->awready && id_passes(c, false, l->awid);
	bool ar = l->arvalid && l->arready && id_passes(c, true, l->arid);
	bool wid = l->wvalid && wbeat_passes(c, s, l);
	bool rid = l->rvalid && id_passes(c, true, l->rid);
	bool bid = l->bvalid && l->bready &&
		   (!(c->ctl & AXIPERF_APM_CTL_ID_FILTER) ||
		    (sl->nresp && id_passes(c, false, sl->resp[0])));
	bool w = l->wvalid && l->wready && wid, r = l->rvalid && l->rready && rid;
	unsigned int i, bytes = 0;

	memset(inc, 0, sizeof(inc[0]) * AXIPERF_APM_NUM_METRICS);
	if (w) {
		for (i = 0; i < AXIPERF_MODEL_MAX_STRB_WORDS; i++)
			bytes += popcount64(l->wstrb[i]);
	}
	inc[AXIPERF_APM_M_WRITE_TRANSACTIONS] = aw;
	inc[AXIPERF_APM_M_READ_TRANSACTIONS] = ar;
	inc[AXIPERF_APM_M_WRITE_BYTES] = bytes;
	inc[AXIPERF_APM_M_READ_BYTES] = ar ? (uint64_t)(l->arlen + 1) << l->arsize : 0;
	inc[AXIPERF_APM_M_WRITE_BEATS] = w;
	inc[AXIPERF_APM_M_SLAVE_WRITE_IDLE] = l->wvalid && !l->wready && wid;
	inc[AXIPERF_APM_M_MASTER_READ_IDLE] = l->rvalid && !l->rready && rid;
	inc[AXIPERF_APM_M_WRITE_RESPONSES] = bid;
	inc[AXIPERF_APM_M_WRITE_LASTS] = w && l->wlast;
	inc[AXIPERF_APM_M_READ_LASTS] = r && l->rlast;
}

/* The count metrics of slot s add what k clocks of l add. */
static void count(struct apm_core *c, unsigned int s, const uint64_t *inc, uint64_t k)
{
	unsigned int n, m;

	if (!counting(c))
		return;
	for (n = 0; n < c->num_counters; n++) {
		m = sel_metric(c->sel[n]);
		if (sel_slot(c->sel[n]) == s && m < AXIPERF_APM_NUM_METRICS &&
		    metric_kind[m] == AXIPERF_APM_KIND_COUNT && inc[m])
			counter_add(c, n, inc[m] * k);
	}
}

/* The second of two equal clocks changes no transaction in flight: no
 * address is taken, no burst's last beat passes and no response (a first
 * beat only comes once, the address being issued is already open). */
static bool repeatable(const struct axiperf_link *l)
{
	return !(l->arvalid && l->arready) && !(l->awvalid && l->awready) &&
	       !(l->rvalid && l->rready && l->rlast) &&
	       !(l->wvalid && l->wready && l->wlast) && !(l->bvalid && l->bready);
}

/* k clocks on which each slot s with links[s] sees those wires (the
 * others an idle link), within which the sample interval does not lapse
 * before the last. */
static void hold_run(struct apm_core *c, const struct axiperf_link *const *links, uint64_t k)
{
	uint64_t inc[AXIPERF_APM_MAX_SLOTS][AXIPERF_APM_NUM_METRICS];
	bool same = true;
	unsigned int s;

	for (s = 0; s < c->num_slots; s++) {
		if (links[s]) {
			clock_counts(c, s, links[s], inc[s]);
			same = same && repeatable(links[s]);
		}
	}
	while (k) {
		for (s = 0; s < c->num_slots; s++) {
			if (links[s]) {
				count(c, s, inc[s], 1);
				track(c, s, links[s]);
			}
		}
		tick(c, 1);
		k--;
		if (same && k) {
			for (s = 0; s < c->num_slots; s++)
				if (links[s])
					count(c, s, inc[s], k);
			tick(c, k);
			return;
		}
		for (s = 0; k && s < c->num_slots; s++)
			if (links[s])
				clock_counts(c, s, links[s], inc[s]);
	}
}

void apm_core_hold_slots(struct apm_core *c, const struct axiperf_link *const *links,
			 uint64_t n)
{
	uint64_t k;

	while (n) {
		k = until_lapse(c, n);
		hold_run(c, links, k);
		n -= k;
	}
}

void apm_core_split_link(const struct axiperf_link *l, struct axiperf_link *rd,
			 struct axiperf_link *wr)
{
	memset(rd, 0, sizeof(*rd));
	rd->arvalid = l->arvalid;
	rd->arready = l->arready;
	rd->arid = l->arid;
	rd->arlen = l->arlen;
	rd->arsize = l->arsize;
	rd->rvalid = l->rvalid;
	rd->rready = l->rready;
	rd->rlast = l->rlast;
	rd->rid = l->rid;
	*wr = *l;
	wr->arvalid = wr->arready = wr->rvalid = wr->rready = wr->rlast = false;
}

void apm_core_hold(struct apm_core *c, unsigned int slot,
		   const struct axiperf_link *l, uint64_t n)
{
	const struct axiperf_link *links[AXIPERF_APM_MAX_SLOTS] = { NULL };

	if (slot >= c->num_slots) {
		apm_core_idle(c, n);
		return;
	}
	links[slot] = l;
	apm_core_hold_slots(c, links, n);
}

void apm_core_idle(struct apm_core *c, uint64_t n)
{
	uint64_t k;

	/* an idle link starts, ends and counts nothing */
	while (n) {
		k = until_lapse(c, n);
		tick(c, k);
		n -= k;
	}
}

void apm_core_drop(struct apm_core *c, unsigned int slot)
{
	if (slot < c->num_slots) {
		struct apm_slot *sl = &c->slot[slot];

		sl->ar_open = sl->aw_open = false;
		sl->nrd = sl->nwr = sl->nresp = 0;
	}
}

void apm_core_link_reset(struct apm_core *c, unsigned int slot)
{
	apm_core_drop(c, slot);
	apm_core_idle(c, 1);
}

static bool counter_reg(const struct apm_core *c, uint32_t off, uint32_t base,
			unsigned int *n)
{
	if (off < base || (off - base) % AXIPERF_APM_COUNTER_STRIDE)
		return false;
	*n = (off - base) / AXIPERF_APM_COUNTER_STRIDE;
	return *n < c->num_counters;
}

uint32_t apm_core_read(struct apm_core *c, uint32_t off)
{
	unsigned int n;
	uint32_t v;

	switch (off) {
	case AXIPERF_APM_REG_GCC_HI:
		return 0;	/* a 32-bit global clock counter */
	case AXIPERF_APM_REG_GCC_LO:
		return c->gcc;
	case AXIPERF_APM_REG_SI_HI:
		return c->si_hi;
	case AXIPERF_APM_REG_SI_LO:
		return c->si_lo;
	case AXIPERF_APM_REG_SICR:
		return c->sicr;
	case AXIPERF_APM_REG_SR:
		v = (uint32_t)(c->now - c->last_sample);
		sample(c);
		return v;
	case AXIPERF_APM_REG_GIE:
		return c->gie;
	case AXIPERF_APM_REG_IER:
		return c->ier;
	case AXIPERF_APM_REG_ISR:
		return c->isr;
	case AXIPERF_APM_REG_CTL:
		return c->ctl;
	case AXIPERF_APM_REG_ID:
		return c->id;
	case AXIPERF_APM_REG_ID_MASK:
		return c->id_mask;
	case AXIPERF_APM_REG_RID:
		return c->id_bits == 32 ? c->rid : 0;
	case AXIPERF_APM_REG_RID_MASK:
		return c->id_bits == 32 ? c->rid_mask : 0;
	case AXIPERF_APM_REG_FEC:
		return c->fec;
	case AXIPERF_APM_REG_SWD:
		return c->swd;
	}
	if (off >= AXIPERF_APM_REG_MSR0 &&
	    off < AXIPERF_APM_REG_MSR(AXIPERF_APM_MAX_COUNTERS - 1) + 4) {
		v = 0;
		for (n = 0; n < c->num_counters; n++)
			if (AXIPERF_APM_REG_MSR(n) == off)
				v |= (uint32_t)c->sel[n] << AXIPERF_APM_MSR_SHIFT(n);
		return v;
	}
	if (counter_reg(c, off, AXIPERF_APM_REG_MC0, &n))
		return c->mc[n];
	if (counter_reg(c, off, AXIPERF_APM_REG_RANGE0, &n))
		return c->range[n];
	if (counter_reg(c, off, AXIPERF_APM_REG_MC0LOGEN, &n))
		return c->logen[n];
	if (counter_reg(c, off, AXIPERF_APM_REG_SMC0, &n))
		return c->smc[n];
	return 0;	/* incrementers, their samples, the event log */
}

void apm_core_write(struct apm_core *c, uint32_t off, uint32_t val)
{
	const uint32_t ctl_bits = AXIPERF_APM_CTL_MCNTR_ENABLE | AXIPERF_APM_CTL_MCNTR_RESET |
		AXIPERF_APM_CTL_MCNTR_EXT_TRIGGER | AXIPERF_APM_CTL_ID_FILTER |
		AXIPERF_APM_CTL_WR_LAT_START | AXIPERF_APM_CTL_WR_LAT_END |
		AXIPERF_APM_CTL_RD_LAT_START | AXIPERF_APM_CTL_RD_LAT_END |
		AXIPERF_APM_CTL_EVENT_LOG | AXIPERF_APM_CTL_GCC_ENABLE |
		AXIPERF_APM_CTL_GCC_RESET | AXIPERF_APM_CTL_FIFO_RESET;
	unsigned int n;

	switch (off) {
	case AXIPERF_APM_REG_SI_HI:
		c->si_hi = val;
		return;
	case AXIPERF_APM_REG_SI_LO:
		c->si_lo = val;
		return;
	case AXIPERF_APM_REG_SICR:
		c->sicr = val & (AXIPERF_APM_SICR_ENABLE | AXIPERF_APM_SICR_LOAD |
				 AXIPERF_APM_SICR_MET_CNT_RST);
		if (val & AXIPERF_APM_SICR_LOAD)
			c->si_count = c->si_lo;
		return;
	case AXIPERF_APM_REG_GIE:
		c->gie = val & 1;
		return;
	case AXIPERF_APM_REG_IER:
		c->ier = val & ISR_ALL(c);
		return;
	case AXIPERF_APM_REG_ISR:
		c->isr &= ~val;
		return;
	case AXIPERF_APM_REG_CTL:
		c->ctl = val & ctl_bits;
		if (val & AXIPERF_APM_CTL_MCNTR_RESET) {
			clear_counters(c);
			memset(c->smc, 0, sizeof(c->smc));
		}
		if (val & AXIPERF_APM_CTL_GCC_RESET)
			c->gcc = 0;
		return;
	case AXIPERF_APM_REG_ID:
		c->id = val;
		return;
	case AXIPERF_APM_REG_ID_MASK:
		c->id_mask = val;
		return;
	case AXIPERF_APM_REG_RID:
		if (c->id_bits == 32)
			c->rid = val;
		return;
	case AXIPERF_APM_REG_RID_MASK:
		if (c->id_bits == 32)
			c->rid_mask = val;
		return;
	case AXIPERF_APM_REG_FEC:
		c->fec = val;
		return;
	case AXIPERF_APM_REG_SWD:
		c->swd = val;
		return;
	}
	if (off >= AXIPERF_APM_REG_MSR0 &&
	    off < AXIPERF_APM_REG_MSR(AXIPERF_APM_MAX_COUNTERS - 1) + 4) {
		for (n = 0; n < c->num_counters; n++)
			if (AXIPERF_APM_REG_MSR(n) == off)
				c->sel[n] = val >> AXIPERF_APM_MSR_SHIFT(n);
		return;
	}
	if (counter_reg(c, off, AXIPERF_APM_REG_RANGE0, &n))
		c->range[n] = val;
	if (counter_reg(c, off, AXIPERF_APM_REG_MC0LOGEN, &n))
		c->logen[n] = val;
	/* metric and sampled counters, GCC, SR: read only */
}

bool apm_core_irq(const struct apm_core *c)
{
	return (c->gie & 1) && (c->isr & c->ier);
}

uint64_t apm_core_clocks_to_irq(const struct apm_core *c)
{
	uint64_t k = UINT64_MAX;

	if (apm_core_irq(c))
		return 0;
	if (!(c->gie & 1))
		return UINT64_MAX;
	if ((c->ier & AXIPERF_APM_ISR_GCC_OVERFLOW) && gcc_counting(c))
		k = 0x100000000ull - c->gcc;
	if ((c->ier & AXIPERF_APM_ISR_SAMPLE_INTERVAL) &&
	    (c->sicr & AXIPERF_APM_SICR_ENABLE) && c->si_count && c->si_count < k)
		k = c->si_count;
	return k;
}

void apm_core_preset(struct apm_core *c, uint32_t v)
{
	unsigned int n;

	for (n = 0; n < c->num_counters; n++)
		c->mc[n] = v;
}

void apm_core_reset(struct apm_core *c)
{
	unsigned int slots = c->num_slots, counters = c->num_counters, id_bits = c->id_bits;

	memset(c, 0, sizeof(*c));
	c->num_slots = slots;
	c->num_counters = counters;
	c->id_bits = id_bits;
	c->sicr = AXIPERF_APM_SICR_RESET;
}

void apm_core_init(struct apm_core *c, unsigned int num_slots,
		   unsigned int num_counters, unsigned int id_bits)
{
	c->id_bits = id_bits == 32 ? 32 : 16;
	c->num_slots = num_slots < 1 ? 1 : num_slots > AXIPERF_APM_MAX_SLOTS ?
		       AXIPERF_APM_MAX_SLOTS : num_slots;
	c->num_counters = num_counters < 1 ? 1 : num_counters > AXIPERF_APM_MAX_COUNTERS ?
			  AXIPERF_APM_MAX_COUNTERS : num_counters;
	apm_core_reset(c);
}
