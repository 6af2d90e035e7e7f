// SPDX-License-Identifier: GPL-2.0-or-later OR MIT
/*
 * MDM debug register access port with MicroBlaze performance counters:
 * the state machine behind tools/qemu/mdm/axiperf-mdm.c (see mdm_core.h).
 *
 * Behaviour chosen where the manuals leave room, and relied on by tests:
 *  - each DBG_CTRL write arms exactly one access of the selected debug
 *    register; the DBG_DATA access that follows performs it;
 *  - DBG_LOCK: the unlock key opens AXI access until any other value is
 *    written or the JTAG side takes the lock; while closed, DBG_CTRL and
 *    DBG_DATA accesses are ignored (reads return 0) and counted in REFUSED;
 *  - one PCCMDR write acts in the order Sample, Clear, Stop, Start, Reset,
 *    so Sample + Clear hands software the values the Clear discards;
 *  - an event counter raises Dbg_Intr when it reaches its maximum value
 *    and sets its overflow status when it counts past it (then wraps);
 *    latency fields wrap and set the overflow status only; Dbg_Intr and
 *    every status drop on Clear alone;
 *  - a latency counter's status is Full when the event's longest latency
 *    is longer than the interval between two occurrences.
 */
#include <string.h>

#include "mdm_core.h"

struct mdm_seg {
	uint8_t width, kind, item, field, item_lsb, field_lsb, bits;
};

#define MDM_SEG(w, k, i, f, il, fl, b) { w, k, i, f, il, fl, b },
static const struct mdm_seg mdm_segs[] = {
	AXIPERF_MB_ITEM_SEGMENTS(MDM_SEG)
};

#undef MDM_SEG
#define MDM_NSEGS (sizeof(mdm_segs) / sizeof(mdm_segs[0]))

static uint64_t mask_of(unsigned int bits)
{
	return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

static unsigned int field_bits(unsigned int width, unsigned int kind, unsigned int field)
{
	unsigned int i, top = 0;

	for (i = 0; i < MDM_NSEGS; i++)
		if (mdm_segs[i].width == width && mdm_segs[i].kind == kind &&
		    mdm_segs[i].field == field && mdm_segs[i].field_lsb + mdm_segs[i].bits > top)
			top = mdm_segs[i].field_lsb + mdm_segs[i].bits;
	return top;
}

static unsigned int items_of(unsigned int width, unsigned int kind)
{
	unsigned int i, n = 0;

	for (i = 0; i < MDM_NSEGS; i++)
		if (mdm_segs[i].width == width && mdm_segs[i].kind == kind &&
		    mdm_segs[i].item >= n)
			n = mdm_segs[i].item + 1;
	return n;
}

static unsigned int kind_of(const struct mdm_cpu *c, unsigned int idx)
{
	return idx < c->n_event ? AXIPERF_MB_KIND_EVENT : AXIPERF_MB_KIND_LATENCY;
}

static unsigned int ncounters(const struct mdm_cpu *c)
{
	return c->n_event + c->n_latency;
}

static void counter_clear(const struct mdm_cpu *c, struct mdm_counter *k, unsigned int kind)
{
	memset(k->v, 0, sizeof(k->v));
	k->v[AXIPERF_MB_FIELD_MIN] = mask_of(field_bits(c->width, kind, AXIPERF_MB_FIELD_MIN));
	k->status = 0;
}

static void wl_reset(struct mdm_cpu *c)
{
	memset(c->wl, 0, sizeof(c->wl));
	c->wl[30].num = 1;	/* E30 counts clock cycles */
	c->wl[30].den = 1;
}

int mdm_core_init(struct mdm_core *m, uint32_t ncores, const uint32_t *widths,
		  uint32_t n_event, uint32_t n_latency, uint64_t clock_hz)
{
	uint32_t i;

	memset(m, 0, sizeof(*m));
	if (ncores < 1 || ncores > MDM_MAX_CORES || n_event > AXIPERF_MB_MAX_EVENT_COUNTERS ||
	    n_latency > AXIPERF_MB_MAX_LATENCY_COUNTERS || !clock_hz)
		return -1;
	for (i = 0; i < ncores; i++)
		if (!items_of(widths[i], AXIPERF_MB_KIND_EVENT))
			return -1;
	m->ncores = ncores;
	m->clock_hz = clock_hz;
	for (i = 0; i < ncores; i++) {
		m->cpu[i].width = widths[i];
		m->cpu[i].n_event = n_event;
		m->cpu[i].n_latency = n_latency;
	}
	mdm_core_reset(m);
	return 0;
}

void mdm_core_reset(struct mdm_core *m)
{
	uint32_t i, j;

	for (i = 0; i < m->ncores; i++) {
		struct mdm_cpu *c = &m->cpu[i];

		memset(c->ctr, 0, sizeof(c->ctr));
		for (j = 0; j < ncounters(c); j++) {
			counter_clear(c, &c->ctr[j], kind_of(c, j));
			memcpy(c->ctr[j].s, c->ctr[j].v, sizeof(c->ctr[j].s));
		}
		c->running = false;
		c->dbg_intr = false;
		c->sel = 0;
		c->item = 0;
		c->cycles = 0;
		wl_reset(c);
	}
	m->which = 0;
	m->armed = false;
	m->axi_unlocked = false;
	m->jtag_lock = false;
	m->refused = 0;
	m->run = false;
	m->wl_core = 0;
	m->wl_event = 0;
	m->wl_lat_index = 0;
}

/* ---------------------------------------------------------------- counting */

/* What k occurrences of a latency event add, walking its pattern. */
struct lat_step {
	uint64_t n, sum, sum_sq, min, max;
};

static void lat_walk(struct mdm_wl_event *w, uint64_t k, struct lat_step *st)
{
	uint64_t full, sum = 0, sq = 0;
	uint32_t i, lo = UINT32_MAX, hi = 0;

	memset(st, 0, sizeof(*st));
	st->n = k;
	if (!w->nlat || !k) {
		st->min = UINT64_MAX;
		return;
	}
	for (i = 0; i < w->nlat; i++) {
		sum += w->lat[i];
		sq += (uint64_t)w->lat[i] * w->lat[i];
	}
	full = k / w->nlat;
	st->sum = full * sum;
	st->sum_sq = full * sq;
	if (full) {
		for (i = 0; i < w->nlat; i++) {
			lo = w->lat[i] < lo ? w->lat[i] : lo;
			hi = w->lat[i] > hi ? w->lat[i] : hi;
		}
	}
	for (k -= full * w->nlat; k; k--) {
		uint32_t l = w->lat[w->lat_pos];

		st->sum += l;
		st->sum_sq += (uint64_t)l * l;
		lo = l < lo ? l : lo;
		hi = l > hi ? l : hi;
		w->lat_pos = (w->lat_pos + 1) % w->nlat;
	}
	st->min = lo;
	st->max = hi;
}

static bool lat_overlaps(const struct mdm_wl_event *w)
{
	uint64_t hi = 0;
	uint32_t i;

	for (i = 0; i < w->nlat; i++)
		hi = w->lat[i] > hi ? w->lat[i] : hi;
	/* longest latency > den / num cycles between occurrences */
	return w->num && hi * w->num > w->den;
}

/* Add k to a field of `bits`; true when it counted past the maximum. */
static bool field_add(uint64_t *v, uint64_t k, unsigned int bits, bool *reached)
{
	uint64_t m = mask_of(bits), room = m - *v;

	if (reached && k >= room && k)
		*reached = true;
	if (k > room) {
		*v = (*v + k) & m;	/* wraps, modulo 2^bits */
		return true;
	}
	*v += k;
	return false;
}

static void count_event(struct mdm_cpu *c, struct mdm_counter *k, uint64_t n)
{
	bool reached = false;
	unsigned int bits = field_bits(c->width, AXIPERF_MB_KIND_EVENT, AXIPERF_MB_FIELD_COUNT);

	if (field_add(&k->v[AXIPERF_MB_FIELD_COUNT], n, bits, &reached))
		k->status |= AXIPERF_MB_PCSR_OVERFLOW;
	if (reached)
		c->dbg_intr = true;
}

static void count_latency(struct mdm_cpu *c, struct mdm_counter *k, const struct lat_step *st,
			  bool overlap)
{
	static const unsigned int sums[] = {
		AXIPERF_MB_FIELD_COUNT, AXIPERF_MB_FIELD_SUM, AXIPERF_MB_FIELD_SUM_SQ
	};
	const uint64_t add[] = { st->n, st->sum, st->sum_sq };
	unsigned int i, kind = AXIPERF_MB_KIND_LATENCY;
	uint64_t lim;

	if (!st->n)
		return;
	for (i = 0; i < 3; i++)
		if (field_add(&k->v[sums[i]], add[i], field_bits(c->width, kind, sums[i]), NULL))
			k->status |= AXIPERF_MB_PCSR_OVERFLOW;
	if (st->min == UINT64_MAX)
		return;		/* no pattern: occurrences without latency */
	lim = mask_of(field_bits(c->width, kind, AXIPERF_MB_FIELD_MIN));
	if ((st->min < lim ? st->min : lim) < k->v[AXIPERF_MB_FIELD_MIN])
		k->v[AXIPERF_MB_FIELD_MIN] = st->min < lim ? st->min : lim;
	lim = mask_of(field_bits(c->width, kind, AXIPERF_MB_FIELD_MAX));
	if ((st->max < lim ? st->max : lim) > k->v[AXIPERF_MB_FIELD_MAX])
		k->v[AXIPERF_MB_FIELD_MAX] = st->max < lim ? st->max : lim;
	if (overlap)
		k->status |= AXIPERF_MB_PCSR_FULL;
}

/* Events the machine's own CPU hands in (mdm_core_count), not the workload. */
static bool mdm_external(const struct mdm_cpu *c, unsigned int event)
{
	return c->local && (c->handed >> event & 1);
}

static void cpu_advance(struct mdm_cpu *c, uint64_t cycles)
{
	uint64_t occ[AXIPERF_MB_NUM_EVENTS];
	struct lat_step st[AXIPERF_MB_NUM_EVENTS - AXIPERF_MB_FIRST_LATENCY_EVENT];
	unsigned int e, i;

	if (!c->local)
		c->cycles += cycles;
	for (e = 0; e < AXIPERF_MB_NUM_EVENTS; e++) {
		struct mdm_wl_event *w = &c->wl[e];
		uint64_t t;

		occ[e] = 0;
		if (!w->num || !w->den || mdm_external(c, e))
			continue;
		/* cycles <= 2^32 per step and num <= MDM_WL_MAX_NUM: no overflow */
		t = w->acc + cycles * w->num;
		occ[e] = t / w->den;
		w->acc = t % w->den;
	}
	for (e = AXIPERF_MB_FIRST_LATENCY_EVENT; e < AXIPERF_MB_NUM_EVENTS; e++)
		lat_walk(&c->wl[e], occ[e], &st[e - AXIPERF_MB_FIRST_LATENCY_EVENT]);
	if (!c->running)
		return;
	for (i = 0; i < ncounters(c); i++) {
		struct mdm_counter *k = &c->ctr[i];

		if (k->event >= AXIPERF_MB_NUM_EVENTS)
			continue;
		if (kind_of(c, i) == AXIPERF_MB_KIND_EVENT)
			count_event(c, k, occ[k->event]);
		else if (k->event >= AXIPERF_MB_FIRST_LATENCY_EVENT)
			count_latency(c, k, &st[k->event - AXIPERF_MB_FIRST_LATENCY_EVENT],
				      lat_overlaps(&c->wl[k->event]));
	}
}

void mdm_core_advance(struct mdm_core *m, uint64_t cycles)
{
	uint32_t i;

	while (cycles) {
		uint64_t step = cycles > (1ULL << 32) ? 1ULL << 32 : cycles;

		for (i = 0; i < m->ncores; i++)
			cpu_advance(&m->cpu[i], step);
		cycles -= step;
	}
}

uint64_t mdm_core_cycles_to_irq(const struct mdm_core *m)
{
	uint64_t best = UINT64_MAX;
	uint32_t i, j;

	for (i = 0; i < m->ncores; i++) {
		const struct mdm_cpu *c = &m->cpu[i];
		uint64_t mx = mask_of(field_bits(c->width, AXIPERF_MB_KIND_EVENT,
						 AXIPERF_MB_FIELD_COUNT));

		if (!c->running || c->dbg_intr)
			continue;
		for (j = 0; j < c->n_event; j++) {
			const struct mdm_counter *k = &c->ctr[j];
			const struct mdm_wl_event *w;
			uint64_t need, cyc;

			if (k->event >= AXIPERF_MB_NUM_EVENTS || mdm_external(c, k->event))
				continue;
			w = &c->wl[k->event];
			if (!w->num || !w->den)
				continue;
			/* occurrences to reach the maximum; smallest t with acc + t*num >= need*den */
			need = mx - k->v[AXIPERF_MB_FIELD_COUNT];
			if (!need)
				return 0;
			if (need > (UINT64_MAX - w->num) / w->den)
				continue;	/* beyond 2^64 cycles: never */
			cyc = (need * w->den - w->acc + w->num - 1) / w->num;
			if (cyc < best)
				best = cyc;
		}
	}
	return best;
}

int mdm_core_set_local(struct mdm_core *m, uint32_t port, uint64_t handed)
{
	uint32_t i;

	if (port + 1 != m->ncores)
		return -1;
	for (i = 0; i < m->ncores; i++) {
		m->cpu[i].local = i == port;
		m->cpu[i].handed = i == port ? handed | 1ULL << 0 | 1ULL << 30 : 0;
	}
	return 0;
}

uint64_t mdm_core_selected(const struct mdm_core *m, uint32_t port)
{
	const struct mdm_cpu *c = &m->cpu[port];
	uint64_t sel = 0;
	uint32_t j;

	if (!c->running)
		return 0;
	for (j = 0; j < c->n_event; j++)
		if (c->ctr[j].event < AXIPERF_MB_NUM_EVENTS)
			sel |= 1ULL << c->ctr[j].event;
	return sel;
}

void mdm_core_count(struct mdm_core *m, uint32_t port, uint32_t event, uint64_t n)
{
	struct mdm_cpu *c = &m->cpu[port];
	uint32_t j;

	if (event == 30)
		c->cycles += n;
	if (!c->running || !n)
		return;
	for (j = 0; j < c->n_event; j++)
		if (c->ctr[j].event == event)
			count_event(c, &c->ctr[j], n);
}

uint64_t mdm_core_events_to_irq(const struct mdm_core *m, uint32_t port, uint32_t event)
{
	const struct mdm_cpu *c = &m->cpu[port];
	uint64_t best = UINT64_MAX, mx;
	uint32_t j;

	if (!c->running || c->dbg_intr)
		return UINT64_MAX;
	mx = mask_of(field_bits(c->width, AXIPERF_MB_KIND_EVENT, AXIPERF_MB_FIELD_COUNT));
	for (j = 0; j < c->n_event; j++)
		if (c->ctr[j].event == event && mx - c->ctr[j].v[AXIPERF_MB_FIELD_COUNT] < best)
			best = mx - c->ctr[j].v[AXIPERF_MB_FIELD_COUNT];
	return best;
}

bool mdm_core_irq(const struct mdm_core *m)
{
	uint32_t i;

	for (i = 0; i < m->ncores; i++)
		if (m->cpu[i].dbg_intr)
			return true;
	return false;
}

/* ---------------------------------------------------------------- debug registers */

static void pc_command(struct mdm_cpu *c, uint32_t cmd)
{
	unsigned int i;

	if (cmd & AXIPERF_MB_PCCMDR_SAMPLE)
		for (i = 0; i < ncounters(c); i++) {
			memcpy(c->ctr[i].s, c->ctr[i].v, sizeof(c->ctr[i].s));
			c->ctr[i].s_status = c->ctr[i].status;
		}
	if (cmd & AXIPERF_MB_PCCMDR_CLEAR) {
		for (i = 0; i < ncounters(c); i++)
			counter_clear(c, &c->ctr[i], kind_of(c, i));
		c->dbg_intr = false;
	}
	if (cmd & AXIPERF_MB_PCCMDR_STOP)
		c->running = false;
	if (cmd & AXIPERF_MB_PCCMDR_START)
		c->running = true;
	if (cmd & AXIPERF_MB_PCCMDR_RESET) {
		c->sel = 0;
		c->item = 0;
	}
}

/* Step the sequential position past one item of the selected counter. */
static void next_item(struct mdm_cpu *c)
{
	if (++c->item >= items_of(c->width, kind_of(c, c->sel))) {
		c->item = 0;
		c->sel++;
	}
}

static uint32_t data_read_item(struct mdm_cpu *c)
{
	const struct mdm_counter *k;
	unsigned int i, kind;
	uint32_t v = 0;

	if (c->sel >= ncounters(c))
		return 0;
	k = &c->ctr[c->sel];
	kind = kind_of(c, c->sel);
	for (i = 0; i < MDM_NSEGS; i++) {
		const struct mdm_seg *s = &mdm_segs[i];

		if (s->width == c->width && s->kind == kind && s->item == c->item)
			v |= (uint32_t)(((k->s[s->field] >> s->field_lsb) & mask_of(s->bits))
					<< s->item_lsb);
	}
	next_item(c);
	return v;
}

static void data_write_item(struct mdm_cpu *c, uint32_t v)
{
	struct mdm_counter *k;
	unsigned int i, kind;

	if (c->sel >= ncounters(c))
		return;
	k = &c->ctr[c->sel];
	kind = kind_of(c, c->sel);
	for (i = 0; i < MDM_NSEGS; i++) {
		const struct mdm_seg *s = &mdm_segs[i];
		uint64_t fm;

		if (s->width != c->width || s->kind != kind || s->item != c->item)
			continue;
		fm = mask_of(s->bits) << s->field_lsb;
		k->v[s->field] = (k->v[s->field] & ~fm) |
				 ((((uint64_t)v >> s->item_lsb) & mask_of(s->bits)) << s->field_lsb);
	}
	next_item(c);
}

/* The single core a read reaches: exactly one Which-MB bit (always core 0 with one port). */
static struct mdm_cpu *read_cpu(struct mdm_core *m)
{
	uint32_t i;

	if (m->ncores == 1)
		return &m->cpu[0];
	for (i = 0; i < m->ncores; i++)
		if (m->which == (1U << i))
			return &m->cpu[i];
	return NULL;
}

static uint32_t mb_reg_read(struct mdm_core *m, uint32_t cmd)
{
	struct mdm_cpu *c = read_cpu(m);
	uint32_t v;

	if (!c)
		return 0;
	switch (cmd) {
	case AXIPERF_MB_PCSR_CMD:
		v = c->sel < ncounters(c) ? c->ctr[c->sel].s_status : 0;
		c->sel++;
		c->item = 0;
		return v;
	case AXIPERF_MB_PCDRR_CMD:
		return data_read_item(c);
	default:
		return 0;
	}
}

static void mb_reg_write(struct mdm_core *m, uint32_t cmd, uint32_t v)
{
	uint32_t i;

	for (i = 0; i < m->ncores; i++) {
		struct mdm_cpu *c = &m->cpu[i];

		if (m->ncores > 1 && !(m->which & (1U << i)))
			continue;
		switch (cmd) {
		case AXIPERF_MB_PCCTRLR_CMD:
			if (c->sel < ncounters(c))
				c->ctr[c->sel].event = v & 0xff;
			c->sel++;
			c->item = 0;
			break;
		case AXIPERF_MB_PCCMDR_CMD:
			pc_command(c, v & 0x1f);
			break;
		case AXIPERF_MB_PCDWR_CMD:
			data_write_item(c, v);
			break;
		default:
			break;
		}
	}
}

static uint32_t mdm_config(const struct mdm_core *m)
{
	return (AXIPERF_MB_CONFIG_MAGIC << AXIPERF_MB_MDM_CONFIG_MAGIC_SHIFT) | (1U << 23) |
	       (7U << AXIPERF_MB_MDM_CONFIG_UART_WIDTH_SHIFT) |
	       (m->ncores << AXIPERF_MB_MDM_CONFIG_PORTS_SHIFT) | MDM_VERSION;
}

static bool axi_open(struct mdm_core *m)
{
	if (m->axi_unlocked && !m->jtag_lock)
		return true;
	m->refused++;
	return false;
}

uint32_t mdm_core_read(struct mdm_core *m, uint32_t offset)
{
	uint32_t cmd;

	switch (offset) {
	case AXIPERF_MB_DBG_STATUS:
		return m->jtag_lock ? AXIPERF_MB_DBG_STATUS_JTAG_LOCK : 0;
	case AXIPERF_MB_DBG_DATA:
		if (!axi_open(m) || !m->armed)
			return 0;
		m->armed = false;
		cmd = m->command;
		if (m->target == AXIPERF_MB_TARGET_MDM)
			return cmd == AXIPERF_MB_MDM_CONFIG_CMD ? mdm_config(m) : 0;
		if (m->target == AXIPERF_MB_TARGET_MICROBLAZE)
			return mb_reg_read(m, cmd);
		return 0;
	default:
		return 0;
	}
}

void mdm_core_write(struct mdm_core *m, uint32_t offset, uint32_t value)
{
	switch (offset) {
	case AXIPERF_MB_DBG_CTRL:
		if (!axi_open(m))
			return;
		m->target = (value & AXIPERF_MB_DBG_CTRL_TARGET) >> AXIPERF_MB_DBG_CTRL_TARGET_SHIFT;
		m->command = (value & AXIPERF_MB_DBG_CTRL_COMMAND) >>
			     AXIPERF_MB_DBG_CTRL_COMMAND_SHIFT;
		m->bits = ((value & AXIPERF_MB_DBG_CTRL_LENGTH) >> AXIPERF_MB_DBG_CTRL_LENGTH_SHIFT) + 1;
		m->armed = true;
		break;
	case AXIPERF_MB_DBG_DATA:
		if (!axi_open(m) || !m->armed)
			return;
		m->armed = false;
		if (m->target == AXIPERF_MB_TARGET_MDM && m->command == AXIPERF_MB_WHICH_MB_CMD)
			m->which = m->bits >= 32 ? value : value & ((1U << m->bits) - 1);
		else if (m->target == AXIPERF_MB_TARGET_MICROBLAZE)
			mb_reg_write(m, m->command, m->bits >= 32 ? value :
				     value & ((1U << m->bits) - 1));
		break;
	case AXIPERF_MB_DBG_LOCK:
		m->axi_unlocked = !m->jtag_lock && (value & 0xffff) == AXIPERF_MB_UNLOCK_KEY;
		if (!m->axi_unlocked)
			m->armed = false;
		break;
	default:
		break;
	}
}

/* ---------------------------------------------------------------- workload window */

uint32_t mdm_core_wl_read(struct mdm_core *m, uint32_t offset)
{
	struct mdm_cpu *c = &m->cpu[m->wl_core];
	struct mdm_wl_event *w = &c->wl[m->wl_event];

	switch (offset) {
	case MDM_WL_ID:
		return MDM_WL_MAGIC;
	case MDM_WL_CTRL:
		return (m->run ? MDM_WL_CTRL_RUN : 0) | (m->jtag_lock ? MDM_WL_CTRL_JTAG_LOCK : 0);
	case MDM_WL_CORE:
		return m->wl_core;
	case MDM_WL_EVENT:
		return m->wl_event;
	case MDM_WL_RATE_NUM:
		return w->num;
	case MDM_WL_RATE_DEN:
		return w->den;
	case MDM_WL_LAT_INDEX:
		return m->wl_lat_index;
	case MDM_WL_LAT_COUNT:
		return w->nlat;
	case MDM_WL_CYCLES_LO:
		return (uint32_t)c->cycles;
	case MDM_WL_CYCLES_HI:
		return (uint32_t)(c->cycles >> 32);
	case MDM_WL_CLOCK_HZ:
		return (uint32_t)m->clock_hz;
	case MDM_WL_CONFIG:
		return c->width | c->n_event << 8 | c->n_latency << 16;
	case MDM_WL_NUM_CORES:
		/* the local CPU, if any, is the last port (mdm_core_set_local()) */
		return m->ncores - m->cpu[m->ncores - 1].local;
	case MDM_WL_REFUSED:
		return m->refused;
	default:
		return 0;
	}
}

void mdm_core_wl_write(struct mdm_core *m, uint32_t offset, uint32_t value)
{
	struct mdm_cpu *c = &m->cpu[m->wl_core];
	struct mdm_wl_event *w = &c->wl[m->wl_event];
	uint32_t i;

	switch (offset) {
	case MDM_WL_CTRL:
		m->run = value & MDM_WL_CTRL_RUN;
		m->jtag_lock = value & MDM_WL_CTRL_JTAG_LOCK;
		if (m->jtag_lock) {	/* the debugger takes over: AXI loses its access */
			m->axi_unlocked = false;
			m->armed = false;
		}
		break;
	case MDM_WL_CORE:
		m->wl_core = value < m->ncores ? value : m->wl_core;
		break;
	case MDM_WL_EVENT:
		m->wl_event = value < AXIPERF_MB_NUM_EVENTS ? value : m->wl_event;
		break;
	case MDM_WL_RATE_NUM:
		w->num = value <= MDM_WL_MAX_NUM ? value : MDM_WL_MAX_NUM;
		w->acc = 0;
		break;
	case MDM_WL_RATE_DEN:
		w->den = value;
		w->acc = 0;
		break;
	case MDM_WL_LAT_INDEX:
		m->wl_lat_index = value % MDM_LAT_PATTERN;
		break;
	case MDM_WL_LAT_VALUE:
		w->lat[m->wl_lat_index] = value;
		m->wl_lat_index = (m->wl_lat_index + 1) % MDM_LAT_PATTERN;
		break;
	case MDM_WL_LAT_COUNT:
		w->nlat = value <= MDM_LAT_PATTERN ? value : MDM_LAT_PATTERN;
		w->lat_pos = 0;
		break;
	case MDM_WL_ADVANCE:
		mdm_core_advance(m, value);
		break;
	case MDM_WL_RESET:
		if (value & 1)
			for (i = 0; i < m->ncores; i++)
				wl_reset(&m->cpu[i]);
		break;
	default:
		break;
	}
}
