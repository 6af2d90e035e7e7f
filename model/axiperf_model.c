// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Cycle-level C reference model of the axiperf monitor core, clock by
 * clock as Documentation/monitor.rst states it. Offsets, events and
 * category conditions come from the generated headers only.
 *
 * axiperf_model_clock() computes every next state from the state at the
 * start of the clock and the wires of the clock, then commits, like the
 * RTL's nonblocking assignments.
 */
#include <stddef.h>
#include <string.h>

#include "axiperf/regs.h"
#include "axiperf/categories.h"
#include "axiperf_model.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define STATIC_CHECK(name, cond) typedef char static_check_##name[(cond) ? 1 : -1]

/* Counter and gauge indices, in the generated order. */
enum {
#define AXIPERF_X(name, id, off, legacy, unit, per_byte, cst) CI_##name,
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
	CI_COUNT
};

enum {
#define AXIPERF_X(name, id, off, lsb, bits) GI_##name,
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
	GI_COUNT
};

/* Field width of each gauge. */
enum {
#define AXIPERF_X(name, id, off, lsb, bits) GB_##name = bits,
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
};

STATIC_CHECK(counters, CI_COUNT == AXIPERF_NUM_COUNTERS);
STATIC_CHECK(gauges, GI_COUNT == AXIPERF_NUM_GAUGES);
STATIC_CHECK(rd_cats, AXIPERF_RD_NUM_CATS <= 8);
STATIC_CHECK(wr_cats, AXIPERF_WR_NUM_CATS <= 16);
STATIC_CHECK(rd_lut, sizeof(((struct axiperf_model *)0)->rd_lut) == 64);
STATIC_CHECK(wr_lut, sizeof(((struct axiperf_model *)0)->wr_lut) /
		     sizeof(((struct axiperf_model *)0)->wr_lut[0]) == 512);
STATIC_CHECK(counter_limit, CI_COUNT < 0xff);
/* The address decode below treats the two windows as address bits. */
STATIC_CHECK(upper_bit, (AXIPERF_UPPER_OFFSET & (AXIPERF_UPPER_OFFSET - 1)) == 0);
STATIC_CHECK(snap_bit, (AXIPERF_SNAPSHOT_OFFSET & (AXIPERF_SNAPSHOT_OFFSET - 1)) == 0);
STATIC_CHECK(windows, (AXIPERF_UPPER_OFFSET | AXIPERF_SNAPSHOT_OFFSET) < AXIPERF_WINDOW_SIZE &&
	     AXIPERF_UPPER_OFFSET != AXIPERF_SNAPSHOT_OFFSET);

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define NOINLINE
#define ALWAYS_INLINE inline
#define UNLIKELY(x) (x)
#endif

#define NO_COUNTER	0xff
#define TRACKER_MAX	((1u << AXIPERF_OUTSTANDING_BITS) - 1)
#define IRQ_BITS	(AXIPERF_IRQ_STATUS_HALF | AXIPERF_IRQ_STATUS_ACTIVE_SAT | \
			 AXIPERF_IRQ_STATUS_PERF_ERR | AXIPERF_IRQ_STATUS_RESP_APPROX)

/*
 * The wire word: the twelve handshake wires that open struct axiperf_link,
 * bit i from the i-th (wire_word()). Each VALID sits just below its
 * READY, so w & w >> 1 has the handshakes at the VALID bits. The write
 * wires (bits 0..5) are the low bits of wr_key(), the read wires (bits
 * 8..11) of rd_key().
 */
enum {
	W_WVALID = 1u << 0, W_WREADY = 1u << 1, W_AWVALID = 1u << 2, W_AWREADY = 1u << 3,
	W_BVALID = 1u << 4, W_BREADY = 1u << 5, W_WLAST = 1u << 6, W_RLAST = 1u << 7,
	W_RVALID = 1u << 8, W_RREADY = 1u << 9, W_ARVALID = 1u << 10, W_ARREADY = 1u << 11,
};

#define WIRE_AT(field, bit) \
	STATIC_CHECK(wire_##field, offsetof(struct axiperf_link, field) == (bit))
WIRE_AT(wvalid, 0);
WIRE_AT(wready, 1);
WIRE_AT(awvalid, 2);
WIRE_AT(awready, 3);
WIRE_AT(bvalid, 4);
WIRE_AT(bready, 5);
WIRE_AT(wlast, 6);
WIRE_AT(rlast, 7);
WIRE_AT(rvalid, 8);
WIRE_AT(rready, 9);
WIRE_AT(arvalid, 10);
WIRE_AT(arready, 11);
STATIC_CHECK(bool_byte, sizeof(bool) == 1);
STATIC_CHECK(link_size, sizeof(struct axiperf_link) >= 16);

/*
 * The burst trackers as one word, as the batches keep them: AW, W and R
 * outstanding in 9-bit fields, each 8 bits and a guard bit. A step that
 * takes a tracker below 0 or past TRACKER_MAX sets that tracker's guard
 * bit (the lowest such field is exact, whatever the others do); adding
 * TRK_NZ sets the guard bit of each tracker above 0.
 */
#define TRK_AW		0
#define TRK_W		9
#define TRK_R		18
#define TRK_FIELD(v)	((uint32_t)(v) << TRK_AW | (uint32_t)(v) << TRK_W | (uint32_t)(v) << TRK_R)
#define TRK_GUARD	TRK_FIELD(0x100)
#define TRK_NZ		TRK_FIELD(0xff)
/*
 * A batch keeps the number of valid slots in a fourth field (TRK_NZ_V
 * also tells whether it is above 0), and which slots are valid, a bit
 * each, from TRK_S: no step reaches those bits unless a field's guard
 * bit is set, and the guard bits and the fields are all below them.
 */
#define TRK_V		27
#define TRK_NZ_V	((uint64_t)TRK_NZ | (uint64_t)0xff << TRK_V)
#define TRK_S		40

STATIC_CHECK(trk_max, TRACKER_MAX == 0xff);

/* A batch's key word: the write key's state bits in F_WR, the read key's from F_RD. */
#define F_RD	16
#define F_WR	0x1ffu

/*
 * A batch's key bits: which fields of its tracker word t are above 0,
 * each where the histogram keys have it: aw_out and w_out in bits 6 and
 * 7 (wr_key()), r_fly (valid slots) and r_out in bits 5 and 6 of the
 * read key, which starts at F_RD. The guard bits of t + TRK_NZ_V are
 * gathered by one multiplication: the four partial products that land
 * on bits 38, 39, 53 and 54 are the only ones there, and no two partial
 * products share a bit (no carries).
 */
static inline uint32_t trk_keys(uint64_t t)
{
	const uint64_t nz = t + TRK_NZ_V;
	const uint64_t guards = (uint64_t)0x100 << TRK_AW | (uint64_t)0x100 << TRK_W |
				(uint64_t)0x100 << TRK_V | (uint64_t)0x100 << TRK_R;
	const uint64_t mul = (uint64_t)1 << (38 - 8 - TRK_AW) | (uint64_t)1 << (39 - 8 - TRK_W) |
			     (uint64_t)1 << (32 + F_RD + 5 - 8 - TRK_V) |
			     (uint64_t)1 << (32 + F_RD + 6 - 8 - TRK_R);

	return (uint32_t)(((nz & guards) * mul) >> 32) & (3u << 6 | 3u << (F_RD + 5));
}

/*
 * What a batch takes from a clock's wire word wd, looked up at once
 * (wire_steps[wd]), each a constant of the wires alone:
 * - step: the trackers' step, as their word t keeps them (AW += AW - B,
 *   W += WLAST - B, R += AR - RLAST; a handshake is VALID and READY);
 * - keep and set: the state bits the next clock keeps and sets, in the
 *   key word f: w_prog (bit 8) is kept with no WVALID, else set to no
 *   WLAST handshake; rd_first (F_RD + 7) is kept with no RVALID, and
 *   set by ARVALID when no read is out (f's r_out, one bit below it);
 *   so f | (set & ~(f << 1)), masked by keep, plus set's w_prog;
 * - in keep's top bits, where f has no bits: the W handshake (WS_W), an
 *   RLAST handshake (WS_RLAST), RVALID without it (WS_RNEW: a beat
 *   whose ID the read table must hold) and an address handshake
 *   (WS_ADDR);
 * - key: the wires of the two histogram keys, where f | key has them:
 *   the write wires in bits 0..5, below f's write bits (F_WR), the read
 *   wires from F_RD, below its read bits.
 * A table of constant expressions, built by the compiler.
 */
struct wire_step {
	int32_t step;
	uint32_t keep, set, key;
};

#define WS_W		(1u << 31)
#define WS_RLAST	(1u << 30)
#define WS_RNEW		(1u << 29)
#define WS_ADDR		(1u << 28)

#define WS_HS(k, v, r)	(((k) & (v)) && ((k) & (r)))
#define WS_WH(k)	WS_HS(k, W_WVALID, W_WREADY)
#define WS_WL(k)	(WS_WH(k) && ((k) & W_WLAST))
#define WS_AW(k)	WS_HS(k, W_AWVALID, W_AWREADY)
#define WS_B(k)		WS_HS(k, W_BVALID, W_BREADY)
#define WS_AR(k)	WS_HS(k, W_ARVALID, W_ARREADY)
#define WS_RL(k)	(WS_HS(k, W_RVALID, W_RREADY) && ((k) & W_RLAST))
#define WS_STEP(k)	((WS_AW(k) - WS_B(k)) * (1 << TRK_AW) + (WS_WL(k) - WS_B(k)) * (1 << TRK_W) + \
			 (WS_AR(k) - WS_RL(k)) * (1 << TRK_R))
#define WS_KEEP(k)	(((k) & W_WVALID ? 0 : 0x100u) | ((k) & W_RVALID ? 0 : 0x80u << F_RD) | \
			 (WS_WH(k) ? WS_W : 0) | (WS_RL(k) ? WS_RLAST : 0) | \
			 (((k) & W_RVALID) && !WS_RL(k) ? WS_RNEW : 0) | \
			 (WS_AW(k) || WS_AR(k) ? WS_ADDR : 0))
#define WS_SET(k)	((((k) & W_WVALID) && !WS_WL(k) ? 0x100u : 0) | \
			 ((k) & W_ARVALID ? 0x80u << F_RD : 0))
#define WS_KEY(k)	(((k) & 0x3fu) | ((k) >> 7) << F_RD)
#define WS1(k)		{ WS_STEP(k), WS_KEEP(k), WS_SET(k), WS_KEY(k) }
#define WS4(k)		WS1(k), WS1(k + 1), WS1(k + 2), WS1(k + 3)
#define WS16(k)		WS4(k), WS4(k + 4), WS4(k + 8), WS4(k + 12)
#define WS64(k)		WS16(k), WS16(k + 16), WS16(k + 32), WS16(k + 48)
#define WS256(k)	WS64(k), WS64(k + 64), WS64(k + 128), WS64(k + 192)
#define WS1024(k)	WS256(k), WS256(k + 256), WS256(k + 512), WS256(k + 768)

static const struct wire_step wire_steps[4096] = {
	WS1024(0), WS1024(1024), WS1024(2048), WS1024(3072)
};

STATIC_CHECK(wire_keep, (F_WR | 0xffu << F_RD) < WS_ADDR);
STATIC_CHECK(wire_key, !(F_WR & 0x3fu << F_RD));

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

static inline unsigned int popcount64(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
	return (unsigned int)__builtin_popcountll(x);
#else
	/* without a popcount instruction, libgcc's call costs more than this */
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static unsigned int lowest_bit(uint32_t x)
{
#if defined(__GNUC__)
	return (unsigned int)__builtin_ctz(x);
#else
	unsigned int i = 0;

	while (!(x & 1)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

/*
 * Packed keys of the category tables. The read category depends on the
 * read wires and trackers, the write category and bias on the write ones;
 * the model test checks the tables against the generated functions over
 * all 2^15 inputs, so a spec change that breaks this split is caught.
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
		e->cat = (uint8_t)cat;
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

/* A maximum that saturates at its field width. */
static inline void raise_gauge(uint32_t *g, unsigned int v, unsigned int bits)
{
	unsigned int max = (1u << bits) - 1;

	v = v > max ? max : v;
	*g = v > *g ? v : *g;
}

#define RAISE(name, v) raise_gauge(&m->gauge[GI_##name], (v), GB_##name)

/* Gauges fed without saturation must be wide enough for their inputs. */
STATIC_CHECK(gauge_widths, GB_wr_max_burst_size >= 8 && GB_rd_max_burst_size >= 8 &&
	     GB_rd_max_outstanding >= AXIPERF_OUTSTANDING_BITS &&
	     GB_wr_max_aw_outstanding >= AXIPERF_OUTSTANDING_BITS &&
	     (1u << GB_rd_max_responding) > AXIPERF_MODEL_MAX_SLOTS &&
	     GB_wr_max_outstanding >= GB_wr_max_aw_outstanding &&
	     GB_wr_max_outstanding >= GB_wr_max_w_outstanding);

/*
 * The counting step of one triggered clock, every increment made from the
 * start-of-clock values. The frequent steps are branch-free (random
 * traffic would mispredict on every clock); address handshakes, a few
 * clocks per burst, take a branch. Returns the interrupt causes.
 */
static inline uint32_t count_clock(struct axiperf_model *m, const struct axiperf_link *l,
				   unsigned int rk, unsigned int wk, unsigned int w_hs,
				   unsigned int r_last)
{
	uint64_t *cnt = m->cnt;
	uint32_t *g = m->gauge;
	const uint64_t mask = m->mask;
	const struct axiperf_model_wr_step *e = &m->wr_lut[wk];
	uint64_t flip = 0, o, n, w_bytes;
	uint32_t causes = 0;

#define STEP(idx, d) do { \
		o = cnt[idx]; \
		n = (o + (d)) & mask; \
		cnt[idx] = n; \
		flip |= o ^ n; \
	} while (0)
#define MAX(name, v) do { \
		unsigned int v_ = (v); \
		g[GI_##name] = v_ > g[GI_##name] ? v_ : g[GI_##name]; \
	} while (0)

	w_bytes = popcount64(l->wstrb[0] & m->strb_mask[0] & (0 - (uint64_t)w_hs));
	if (m->strb_mask[1])	/* 1024-bit data only */
		w_bytes += popcount64(l->wstrb[1] & m->strb_mask[1] & (0 - (uint64_t)w_hs));

	STEP(m->rd_lut[rk], 1);
	STEP(e->cnt[0], 1);
	STEP(e->cnt[1], e->inc[1]);
	STEP(e->cnt[2], e->inc[2]);
	STEP(CI_wr_w_bytes, w_bytes);
	STEP(CI_rd_bursts, r_last);
	STEP(CI_rd_first_lag, m->rd_first);
	if (l->awvalid && l->awready) {
		STEP(CI_wr_bursts, 1);
		STEP(CI_wr_aw_bytes, (uint64_t)(l->awlen + 1u) << (l->awsize & 7));
		MAX(wr_max_burst_size, l->awlen);
	}
	if (l->arvalid && l->arready) {
		STEP(CI_rd_bytes, (uint64_t)(l->arlen + 1u) << (l->arsize & 7));
		MAX(rd_max_burst_size, l->arlen);
	}
	STEP(CI_active_cycles, 1);
	if (n == 0) {
		m->active_sat = true;
		causes |= AXIPERF_IRQ_STATUS_ACTIVE_SAT;
	}
	if (flip & m->top)
		causes |= AXIPERF_IRQ_STATUS_HALF;

	/*
	 * Only w_count + w_prog can exceed its 8-bit field; the other
	 * inputs are no wider than their fields (checked above), so they
	 * need no saturation. Each maximum is against its own register
	 * (the article's W defect).
	 */
	MAX(rd_max_outstanding, m->r_count);
	MAX(wr_max_aw_outstanding, m->aw_count);
	RAISE(wr_max_w_outstanding, m->w_count + m->w_prog);
	MAX(rd_max_responding, m->responding);
	g[GI_wr_max_outstanding] = g[GI_wr_max_aw_outstanding] > g[GI_wr_max_w_outstanding] ?
				   g[GI_wr_max_aw_outstanding] : g[GI_wr_max_w_outstanding];
	return causes;
#undef STEP
#undef MAX
}

/* One outstanding-burst tracker; *ovf when it would step past its width. */
static inline unsigned int track(unsigned int count, unsigned int inc, unsigned int dec,
				 unsigned int *ovf)
{
	unsigned int n = count + inc - dec;

	/* out of range either way: past the top (overflow) or below zero */
	if (n > TRACKER_MAX) {
		*ovf |= count == TRACKER_MAX;
		return count;
	}
	return n;
}

/* The read ID table, on a clock with RVALID; true when an ID found no free slot. */
static bool track_ids(struct axiperf_model *m, const struct axiperf_link *l, bool r_last)
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
		/* The copy is of the start-of-clock values: take it first. */
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
static void control(struct axiperf_model *m, bool idle, uint32_t data, bool ctrl_write)
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

static NOINLINE void clock_one(struct axiperf_model *m, const struct axiperf_link *l,
			     const struct axiperf_axil_write *w)
{
	const unsigned int w_hs = l->wvalid & l->wready, b_hs = l->bvalid & l->bready;
	const unsigned int w_last = w_hs & l->wlast;
	const unsigned int r_last = l->rvalid & l->rready & l->rlast;
	const unsigned int aw_out = m->aw_count != 0, w_out = m->w_count != 0;
	const unsigned int r_out = m->r_count != 0;
	uint32_t causes = 0, w1c = 0;
	bool idle, ctrl_write = false;

	idle = idle_of(m, l->awvalid, l->wvalid, l->arvalid);
	if (w)
		w1c = axil_write(m, w, &ctrl_write);

	/* A count made on the clock a clear is applied is lost with it. */
	if (m->triggered && !(idle && m->clear_pending))
		causes |= count_clock(m, l,
				      rd_key(l->rvalid, l->rready, m->slot_mask != 0, r_out,
					     l->arvalid, l->arready),
				      wr_key(l->wvalid, l->wready, l->awvalid, l->awready,
					     l->bvalid, l->bready, aw_out, w_out, m->w_prog),
				      w_hs, r_last);

	/* Trackers, whether or not triggered; frozen once perf_err is set. */
	if (!m->perf_err) {
		unsigned int ovf = 0;

		m->aw_count = track(m->aw_count, l->awvalid & l->awready, b_hs, &ovf);
		m->w_count = track(m->w_count, w_last, b_hs, &ovf);
		m->r_count = track(m->r_count, l->arvalid & l->arready, r_last, &ovf);
		if (ovf) {
			m->perf_err = true;
			causes |= AXIPERF_IRQ_STATUS_PERF_ERR;
		}
	}
	m->w_prog = l->wvalid ? !w_last : m->w_prog;
	if (l->rvalid && track_ids(m, l, r_last)) {
		m->resp_approx = true;
		causes |= AXIPERF_IRQ_STATUS_RESP_APPROX;
	}
	m->rd_first = l->rvalid ? false : ((l->arvalid && !r_out) || m->rd_first);

	if ((idle && (m->start_pending | m->stop_pending | m->clear_pending)) || ctrl_write)
		control(m, idle, ctrl_write ? w->data : 0, ctrl_write);

	/* irq follows IRQ_STATUS & IRQ_ENABLE: only a cause or a write changes them */
	if (causes || w) {
		m->irq_status = (m->irq_status & ~w1c) | causes;
		m->irq = m->p.has_irq && (m->irq_status & m->irq_enable);
	}
	m->clocks++;
}

/*
 * The clock without a register write, the one replay and catch-up spend
 * their time in: the same steps as clock_one() with w == NULL, in the same
 * order, computed with fewer instructions and branches. The handshake
 * wires are read as one word (wire_word()); the counting is specialised
 * on the counter width (a 32-bit counter wraps by truncation) and on how
 * many strobe words a beat has (bytes: lanes of the strobe).
 */

/* The wire word of a link (W_* bits): the low bit of each of its first 12 bytes. */
static ALWAYS_INLINE uint32_t wire_word(const struct axiperf_link *l)
{
#if defined(__SSE2__)
	/* bit 0 of each byte to its bit 7, where movemask takes it */
	const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)l);

	return (uint32_t)_mm_movemask_epi8(_mm_slli_epi64(v, 7)) & 0xfff;
#else
	uint64_t lo;
	uint32_t hi;

	memcpy(&lo, l, sizeof(lo));
	memcpy(&hi, (const unsigned char *)l + 8, sizeof(hi));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	lo = __builtin_bswap64(lo);
	hi = __builtin_bswap32(hi);
#endif
	/* bit 8i to bit 56+i (lo), to 24+i (hi): no two partial products share a bit */
	return (uint32_t)(((lo & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56) |
	       (((hi & 0x01010101u) * 0x01020408u) >> 24) << 8;
#endif
}

/* Set bits of each byte value: the bytes of a beat on a link up to 64 bits wide. */
static const uint8_t bits_of_byte[256] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
	B6(0), B6(1), B6(1), B6(2)
#undef B2
#undef B4
#undef B6
};

/*
 * Have x computed here: keeps the compiler from holding every counter's
 * old and new value until the end of the clock (it runs out of registers).
 */
#if defined(__GNUC__)
#define KEEP(x) __asm__("" : "+r"(x))
#else
#define KEEP(x) ((void)0)
#endif

enum { STRB_BYTE, STRB_WORD, STRB_TWO };	/* <= 8 lanes, <= 64, 128 */

/*
 * x86-64 built without -mpopcnt: the wide-strobe kinds get a second copy
 * that counts strobe bits with the popcnt instruction (inline assembly,
 * as the build flags do not enable it), chosen at run time when the CPU
 * has it; the portable count stays for the others.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
#define HW_POPCNT 1
static inline unsigned int popcount_hw(uint64_t x)
{
	uint64_t n;

	/* only reached when the CPU has the instruction (quick_kind_hw()) */
	__asm__("popcnt %1, %0" : "=r"(n) : "rm"(x) : "cc");
	return (unsigned int)n;
}
#define POPCOUNT(hw, x) ((hw) ? popcount_hw(x) : popcount64(x))
#else
#define HW_POPCNT 0
#define POPCOUNT(hw, x) ((void)(hw), popcount64(x))
#endif

/* The bytes a W beat carries: the strobe bits of the lanes, none when w_sel is 0. */
static ALWAYS_INLINE uint64_t
strobe_bytes(const struct axiperf_model *m, const struct axiperf_link *l, uint64_t w_sel,
	     const int strb_kind, const int hw)
{
	uint64_t n;

	if (strb_kind == STRB_BYTE)
		return bits_of_byte[l->wstrb[0] & m->strb_mask[0] & w_sel & 0xff];
	n = POPCOUNT(hw, l->wstrb[0] & m->strb_mask[0] & w_sel);
	if (strb_kind == STRB_TWO)
		n += POPCOUNT(hw, l->wstrb[1] & m->strb_mask[1] & w_sel);
	return n;
}

/* rd_key() and wr_key() of a wire word and the tracker flags */
static ALWAYS_INLINE unsigned int quick_rd_key(uint32_t wd, unsigned int r_fly, unsigned int r_out)
{
	return wd >> 8 | r_fly << 4 | r_out << 5;
}

static ALWAYS_INLINE unsigned int quick_wr_key(uint32_t wd, unsigned int aw_out,
					       unsigned int w_out, unsigned int w_prog)
{
	return (wd & 0x3f) | aw_out << 6 | w_out << 7 | w_prog << 8;
}

static ALWAYS_INLINE void
clock_quick(struct axiperf_model *m, const struct axiperf_link *l, const int c64,
	    const int strb_kind, const int hw)
{
	const uint32_t wd = wire_word(l), hs = wd & wd >> 1;
	const unsigned int awc = m->aw_count, wc = m->w_count, rc = m->r_count;
	const unsigned int w_prog = m->w_prog;
	const unsigned int aw_out = awc != 0, w_out = wc != 0, r_out = rc != 0;
	const unsigned int aw_hs = hs >> 2 & 1, ar_hs = hs >> 10 & 1;
	const unsigned int w_hs = hs & 1, w_last = hs & wd >> 6 & 1, b_hs = hs >> 4 & 1;
	const unsigned int r_last = hs >> 8 & wd >> 7 & 1;
	const bool idle = (m->perf_err || !(awc | wc | w_prog | rc)) &&
			  !(wd & (W_AWVALID | W_WVALID | W_ARVALID));
	uint32_t causes = 0;

	if (m->triggered && !(idle && m->clear_pending)) {
		uint64_t *cnt = m->cnt;
		uint32_t *g = m->gauge;
		const unsigned int rk = quick_rd_key(wd, m->slot_mask != 0, r_out);
		const unsigned int wk = quick_wr_key(wd, aw_out, w_out, w_prog);
		const struct axiperf_model_wr_step *e = &m->wr_lut[wk];
		const uint64_t aw_sel = 0 - (uint64_t)aw_hs, ar_sel = 0 - (uint64_t)ar_hs;
		const uint64_t w_sel = 0 - (uint64_t)w_hs;
		uint64_t flip = 0, o, n, w_bytes;
		unsigned int v, wsum, max_w;

#define STEP(idx, d) do { \
		o = cnt[idx]; \
		n = c64 ? o + (d) : (uint32_t)(o + (d)); \
		cnt[idx] = n; \
		flip |= o ^ n; \
		KEEP(flip); \
	} while (0)
#define MAX(name, val) do { \
		v = (val); \
		g[GI_##name] = v > g[GI_##name] ? v : g[GI_##name]; \
	} while (0)

		w_bytes = strobe_bytes(m, l, w_sel, strb_kind, hw);
		STEP(m->rd_lut[rk], 1);
		STEP(e->cnt[0], 1);
		STEP(e->cnt[1], e->inc[1]);
		STEP(e->cnt[2], e->inc[2]);
		STEP(CI_wr_w_bytes, w_bytes);
		/*
		 * The steps below are by 0 on most clocks (no address or last
		 * read handshake, no first-read wait), and a step by 0 changes
		 * nothing: one branch skips them all.
		 */
		if (r_last | m->rd_first | aw_hs | ar_hs) {
			STEP(CI_rd_bursts, r_last);
			STEP(CI_rd_first_lag, m->rd_first);
			STEP(CI_wr_bursts, aw_hs);
			STEP(CI_wr_aw_bytes, ((uint64_t)(l->awlen + 1u) << (l->awsize & 7)) & aw_sel);
			MAX(wr_max_burst_size, l->awlen & (unsigned int)aw_sel);
			STEP(CI_rd_bytes, ((uint64_t)(l->arlen + 1u) << (l->arsize & 7)) & ar_sel);
			MAX(rd_max_burst_size, l->arlen & (unsigned int)ar_sel);
		}
		STEP(CI_active_cycles, 1);
		if (n == 0) {
			m->active_sat = true;
			causes |= AXIPERF_IRQ_STATUS_ACTIVE_SAT;
		}
		if (flip & ((uint64_t)1 << (c64 ? 63 : 31)))
			causes |= AXIPERF_IRQ_STATUS_HALF;

		/*
		 * The tracker maxima change only when a tracker passes its
		 * maximum (rare once traffic has run a while): test first
		 * (a 64-bit difference of two 32-bit values is negative when
		 * the second is the greater).
		 */
		wsum = wc + w_prog;
		max_w = (1u << GB_wr_max_w_outstanding) - 1;
		wsum = wsum > max_w ? max_w : wsum;
		v = g[GI_wr_max_aw_outstanding] > g[GI_wr_max_w_outstanding] ?
		    g[GI_wr_max_aw_outstanding] : g[GI_wr_max_w_outstanding];
		if ((int64_t)(((uint64_t)g[GI_rd_max_outstanding] - rc) |
			      ((uint64_t)g[GI_wr_max_aw_outstanding] - awc) |
			      ((uint64_t)g[GI_wr_max_w_outstanding] - wsum) |
			      ((uint64_t)g[GI_rd_max_responding] - m->responding)) < 0 ||
		    g[GI_wr_max_outstanding] != v) {
			MAX(rd_max_outstanding, rc);
			MAX(wr_max_aw_outstanding, awc);
			MAX(wr_max_w_outstanding, wsum);
			MAX(rd_max_responding, m->responding);
			g[GI_wr_max_outstanding] = g[GI_wr_max_aw_outstanding] >
						   g[GI_wr_max_w_outstanding] ?
						   g[GI_wr_max_aw_outstanding] :
						   g[GI_wr_max_w_outstanding];
		}
#undef STEP
#undef MAX
	}

	/* Trackers, whether or not triggered; frozen once perf_err is set. */
	if (!m->perf_err) {
		const unsigned int na = awc + aw_hs - b_hs, nw = wc + w_last - b_hs;
		const unsigned int nr = rc + ar_hs - r_last;

		if ((na | nw | nr) <= TRACKER_MAX) {
			m->aw_count = na;
			m->w_count = nw;
			m->r_count = nr;
		} else {
			unsigned int ovf = 0;

			m->aw_count = track(awc, aw_hs, b_hs, &ovf);
			m->w_count = track(wc, w_last, b_hs, &ovf);
			m->r_count = track(rc, ar_hs, r_last, &ovf);
			if (ovf) {
				m->perf_err = true;
				causes |= AXIPERF_IRQ_STATUS_PERF_ERR;
			}
		}
	}
	m->w_prog = (wd & W_WVALID) ? !w_last : w_prog;
	if ((wd & W_RVALID) && track_ids(m, l, r_last)) {
		m->resp_approx = true;
		causes |= AXIPERF_IRQ_STATUS_RESP_APPROX;
	}
	m->rd_first = !(wd & W_RVALID) && (((wd & W_ARVALID) && !r_out) || m->rd_first);

	if (idle && (m->start_pending | m->stop_pending | m->clear_pending))
		control(m, idle, 0, false);

	if (causes) {
		m->irq_status |= causes;
		m->irq = m->p.has_irq && (m->irq_status & m->irq_enable);
	}
	m->clocks++;
}

/*
 * Batches: many clocks without a register write (axiperf_model_run(),
 * axiperf_model_replay()) with the counting deferred. A batch keeps how
 * many clocks fell on each category key and the sums of the variable
 * steps, and adds them to the counters at its end. The end state is the
 * same as clocking one by one: the sums are the same (modulo the counter
 * width), and a batch is short enough (BATCH_CLOCKS) that no counter
 * moves by half its range or more in one, so a counter crossed half its
 * range in the batch exactly when its top bit differs at the two ends
 * (one crossing at most), and the cycle counter wrapped exactly when it
 * passed its maximum. Sticky causes do not say on which clock they rose:
 * the clock is unseen until the batch returns.
 *
 * A batch runs on while its clocks are plain: no control request
 * pending, no tracker error, no tracker leaving its range, and no read ID
 * whose low byte two slots share (IDs over 8 bits). It stops before any
 * other clock, which its caller clocks on its own. Within a run of equal
 * wires (replay), once a clock leaves the state as it found it, the rest
 * of the run repeats that clock: it is added that many times at once; a
 * run with no wire raised does so from its first clock.
 *
 * The state a batch carries from clock to clock is kept in few words:
 * the trackers and the number of valid slots as 9-bit fields of one
 * (TRK_*), whose guard bits tell a tracker leaving its range and, after
 * adding TRK_NZ_V, which fields are above 0 (trk_keys()), with a bit
 * for each valid slot above them (TRK_S); the key bits of the state in
 * one word, which one OR with the clock's wire bits (wire_steps[]) makes
 * both keys (wr_key()'s, and the read histogram's at F_RD); the maxima
 * packed as the tracker word (MX_PACK()).
 *
 * Its loop does an element's first clock in line (struct batch, which
 * the compiler keeps in registers) and leaves the rest of a run whose
 * first clock changed the state (rare: a handshake held, or a key bit
 * the first clock set) to a function of its own (batch_rest()), with a
 * copy of that state: a loop over a run's clocks inside the loop over
 * the elements had more values live than x86-64 has registers, and most
 * runs are a clock long.
 */
#define BATCH_CLOCKS 65535u	/* x at most 2^15 bytes a clock < 2^31 */
#define BATCH_MIN 256		/* shorter stretches are clocked one by one */

STATIC_CHECK(batch_half, (uint64_t)BATCH_CLOCKS * (256u << 7) < (1ULL << 31));
STATIC_CHECK(batch_slots, AXIPERF_MODEL_MAX_SLOTS <= 16);
STATIC_CHECK(batch_slot_bits, TRK_V + 9 <= TRK_S && TRK_S + AXIPERF_MODEL_MAX_SLOTS <= 64);

/* Can a batch start now (see above)? */
static inline bool batch_ok(const struct axiperf_model *m)
{
	return !(m->start_pending | m->stop_pending | m->clear_pending | m->perf_err);
}

/*
 * The maxima of a batch, packed as its tracker word with each field's
 * guard bit set, so that the guard of a field stays set in mx - state
 * unless the state passed that maximum (at most 255 each).
 */
#define MX_GUARD	((uint64_t)TRK_GUARD | (uint64_t)0x100 << TRK_V)
#define MX_PACK(aw, w, r, resp) \
	((uint64_t)((aw) < 0xff ? (aw) : 0xff) << TRK_AW | \
	 (uint64_t)((w) < 0xff ? (w) : 0xff) << TRK_W | \
	 (uint64_t)((r) < 0xff ? (r) : 0xff) << TRK_R | (uint64_t)(resp) << TRK_V | MX_GUARD)

/* The maxima mx raised to the tracker word t (and w_prog, counted with W). */
static NOINLINE uint64_t raise_mx(uint64_t mx, uint64_t t, unsigned int w_prog)
{
	const unsigned int max_w = (1u << GB_wr_max_w_outstanding) - 1;
	unsigned int a = (unsigned int)(mx >> TRK_AW & 0xff);
	unsigned int w = (unsigned int)(mx >> TRK_W & 0xff);
	unsigned int r = (unsigned int)(mx >> TRK_R & 0xff);
	unsigned int v = (unsigned int)(mx >> TRK_V & 0xff);
	unsigned int ta = (unsigned int)(t >> TRK_AW & 0xff), tr = (unsigned int)(t >> TRK_R & 0xff);
	unsigned int tv = (unsigned int)(t >> TRK_V & 0xff);
	unsigned int sw = (unsigned int)(t >> TRK_W & 0xff) + w_prog;

	sw = sw > max_w ? max_w : sw;
	a = ta > a ? ta : a;
	w = sw > w ? sw : w;
	r = tr > r ? tr : r;
	v = tv > v ? tv : v;
	return MX_PACK(a, w, r, v);
}

/*
 * Did t and w_prog (given as a key word's bit 8) pass one of the maxima mx
 * (rare once traffic ran a while)?
 */
static ALWAYS_INLINE bool passed_mx(uint64_t mx, uint64_t t, uint32_t w_prog_bit)
{
	return ((mx - (t + ((uint64_t)w_prog_bit << (TRK_W - 8)))) & MX_GUARD) != MX_GUARD;
}

/* What a batch carries from clock to clock (kept in registers). */
struct batch {
	uint64_t t;		/* the trackers, and the valid slots (TRK_V, TRK_S) */
	/*
	 * The maxima (MX_PACK()), raised to each state as a clock leaves it:
	 * mx_undo before the last raise, undone when no clock started in
	 * that state (raised_at, left then).
	 */
	uint64_t mx, mx_undo;
	uint32_t raised_at;
	uint64_t s_wb, s_awb, s_rdb;
	/*
	 * The state's key bits: wr_key()'s (aw_out, w_out, w_prog), and the
	 * read histogram's (r_fly, r_out, rd_first).
	 */
	uint32_t f;		/* the write key's in F_WR, the read key's from F_RD */
	uint32_t left;		/* clocks it may still count: BATCH_CLOCKS less those counted */
	uint32_t approx, mx_awlen, mx_arlen;
};

/* The tables a batch keeps on its stack */
struct batch_tables {
	uint32_t hr[256], hwr[512], ids[AXIPERF_MODEL_MAX_SLOTS];
	uint64_t by_low[256];	/* the slots of each low ID byte, as t has them (TRK_S) */
};

/*
 * One clock of a run (l's wires wd, rest clocks of the run left), or all
 * rest of them once the clock leaves the state unchanged. Returns the
 * clocks done: 0 when the clock is left to clock_quick().
 */
static ALWAYS_INLINE uint64_t
batch_clock(struct batch *b, struct batch_tables *bt, const struct axiperf_model *m,
	    const struct axiperf_link *l, uint32_t wd, uint64_t rest, const int strb_kind,
	    const int hw)
{
	const struct wire_step *e = &wire_steps[wd];
	const uint32_t keep = e->keep, id = l->rid & m->id_mask;
	const uint64_t wb = strobe_bytes(m, l, 0 - (uint64_t)(keep >> 31), strb_kind, hw);
	const unsigned int r_last = keep >> 30 & 1;
	const uint64_t t = b->t;
	const uint32_t f = b->f;
	/* w_prog and rd_first, kept or set (see wire_steps[]) */
	const uint32_t nkeep = ((f | (e->set & ~(f << 1))) & keep) | (e->set & 0x100);
	/*
	 * The valid slots whose ID has the low byte of this one; valid
	 * slots hold different IDs, so two of them are possible only with
	 * IDs over 8 bits (then the clock is left to clock_quick()).
	 */
	const uint64_t cand = bt->by_low[id & 0xff] & t;
	uint64_t nt = t + (uint64_t)(int64_t)e->step, c = 1, hit = cand, clr;
	uint32_t nf;

	if (m->id_mask > 0xff) {
		if (cand & (cand - 1))
			return 0;
		hit = cand && bt->ids[lowest_bit((uint32_t)(cand >> TRK_S))] == id ? cand : 0;
	}
	if (nt & TRK_GUARD)
		return 0;
	/* an RLAST handshake frees its ID's slot */
	clr = hit & (0 - (uint64_t)r_last);
	nt -= clr + ((uint64_t)(clr != 0) << TRK_V);
	if ((keep & WS_RNEW) && !hit) {	/* an ID not in the table: a free slot takes it */
		const uint64_t avail = ((uint64_t)m->slots_all << TRK_S) & ~nt, nb = avail & (0 - avail);

		if (nb) {
			const unsigned int slot = lowest_bit((uint32_t)(nb >> TRK_S));

			bt->by_low[bt->ids[slot] & 0xff] &= ~nb;
			bt->by_low[id & 0xff] |= nb;
			bt->ids[slot] = id;
			nt += nb + ((uint64_t)1 << TRK_V);
		} else {
			b->approx = 1;	/* no slot: the ID goes untracked */
		}
	}
	nf = trk_keys(nt) | nkeep;
	/* settled: the rest repeats this clock */
	if (rest > 1 && !((nt ^ t) | (nf ^ f)))
		c = rest;
	bt->hr[(e->key | f) >> F_RD] += (uint32_t)c;
	bt->hwr[(e->key | f) & F_WR] += (uint32_t)c;
	b->s_wb += c * wb;
	if (keep & WS_ADDR) {	/* an address handshake */
		const uint32_t hs = wd & wd >> 1;
		const unsigned int aw_hs = hs >> 2 & 1, ar_hs = hs >> 10 & 1;
		const unsigned int awlen = l->awlen & (0 - aw_hs);
		const unsigned int arlen = l->arlen & (0 - ar_hs);

		b->s_awb += (c << (l->awsize & 7)) * (l->awlen + 1u) * aw_hs;
		b->s_rdb += (c << (l->arsize & 7)) * (l->arlen + 1u) * ar_hs;
		b->mx_awlen = awlen > b->mx_awlen ? awlen : b->mx_awlen;
		b->mx_arlen = arlen > b->mx_arlen ? arlen : b->mx_arlen;
	}
	b->left -= (uint32_t)c;
	/* the maxima, of the state the next clock starts in */
	if (UNLIKELY(passed_mx(b->mx, nt, nf & 0x100))) {
		b->mx_undo = b->mx;
		b->raised_at = b->left;
		b->mx = raise_mx(b->mx, nt, nf >> 8 & 1);
	}
	b->t = nt;
	b->f = nf;
	return c;
}

/* Clocks k.. of a run of n whose first clock changed the state (rare); returns where it stopped. */
static ALWAYS_INLINE uint64_t
batch_rest(struct batch *b, struct batch_tables *bt, const struct axiperf_model *m,
	   const struct axiperf_link *l, uint32_t wd, uint64_t k, uint64_t n,
	   const int strb_kind, const int hw)
{
	uint64_t c;

	for (; k < n; k += c) {
		c = batch_clock(b, bt, m, l, wd, n - k, strb_kind, hw);
		if (!c)
			break;
	}
	return k;
}

typedef uint64_t batch_rest_fn(struct batch *b, struct batch_tables *bt,
			       const struct axiperf_model *m, const struct axiperf_link *l,
			       uint32_t wd, uint64_t k, uint64_t n);

/*
 * rest_fn() on a copy of *b, which it then takes back: the copy's address
 * goes to the call, so the batch's own state can stay in registers.
 */
static ALWAYS_INLINE uint64_t
batch_rest_copy(batch_rest_fn *rest_fn, struct batch *b, struct batch_tables *bt,
		const struct axiperf_model *m, const struct axiperf_link *l, uint32_t wd,
		uint64_t k, uint64_t n)
{
	struct batch r = *b;

	k = rest_fn(&r, bt, m, l, wd, k, n);
	*b = r;
	return k;
}

/*
 * Up to count elements from src, each size bytes: links (one clock each)
 * or, when runs, struct axiperf_run (n clocks each), skipping the first
 * skip clocks of the first. Returns the elements done; *part is how many
 * clocks of the next one were done (runs only), so that the clock after
 * them is the one that stopped the batch. rest_fn is batch_rest() for
 * the kind.
 */
static ALWAYS_INLINE size_t
batch_quick(struct axiperf_model *m, const unsigned char *src, size_t count, size_t size,
	    uint64_t skip, uint64_t *part, const int runs, const int c64, const int strb_kind,
	    const int hw, batch_rest_fn *rest_fn)
{
	struct batch_tables bt;
	struct batch b;
	uint32_t *g = m->gauge;
	const unsigned char *p, *end;
	uint64_t k = 0, n = 1, t;
	uint32_t clocks, causes = 0;
	size_t i;

	(void)c64;	/* the counters are stepped at the end, by their mask */
	b.t = m->aw_count << TRK_AW | m->w_count << TRK_W | m->r_count << TRK_R |
	      (uint64_t)m->responding << TRK_V | (uint64_t)m->slot_mask << TRK_S;
	b.f = trk_keys(b.t) | (uint32_t)m->w_prog << 8 | (uint32_t)m->rd_first << (F_RD + 7);
	b.mx_undo = MX_PACK(g[GI_wr_max_aw_outstanding], g[GI_wr_max_w_outstanding],
			    g[GI_rd_max_outstanding], g[GI_rd_max_responding]);
	/* the state the first clock starts in */
	b.mx = raise_mx(b.mx_undo, b.t, m->w_prog);
	b.raised_at = BATCH_CLOCKS;
	b.s_wb = b.s_awb = b.s_rdb = 0;
	b.left = BATCH_CLOCKS;
	b.approx = b.mx_awlen = b.mx_arlen = 0;
	memset(&bt, 0, sizeof(bt));
	memcpy(bt.ids, m->slot_id, sizeof(m->slot_id));
	for (k = 0; k < AXIPERF_MODEL_MAX_SLOTS; k++)
		bt.by_low[bt.ids[k] & 0xff] |= (uint64_t)1 << (TRK_S + k);
	p = src;
	end = src + count * size;
	if (runs && skip && count) {
		/* the rest of a run the last batch stopped in: clocks skip.. of the first */
		const struct axiperf_link *l = (const struct axiperf_link *)(const void *)p;

		n = ((const struct axiperf_run *)(const void *)l)->n;
		k = skip;
		if (n - skip > BATCH_CLOCKS)
			goto out;
		k = batch_rest_copy(rest_fn, &b, &bt, m, l, wire_word(l), skip, n);
		if (k < n)
			goto out;
		p += size;
	}
	for (; p != end; p += size) {
		const struct axiperf_link *l = (const struct axiperf_link *)(const void *)p;
		uint32_t wd;

		if (runs) {
			n = ((const struct axiperf_run *)(const void *)l)->n;
			if (n > b.left)
				break;
			if (UNLIKELY(!n))
				continue;	/* a run of no clocks */
		}
		wd = wire_word(l);
		if (!wd) {
			/*
			 * No wire raised (an idle bus, a wait): the clocks
			 * change nothing but the counts, all alike.
			 */
			bt.hr[b.f >> F_RD] += (uint32_t)n;
			bt.hwr[b.f & F_WR] += (uint32_t)n;
			b.left -= (uint32_t)n;
			continue;
		}
		k = batch_clock(&b, &bt, m, l, wd, n, strb_kind, hw);
		if (!k)
			goto out;
		if (runs && k < n) {
			k = batch_rest_copy(rest_fn, &b, &bt, m, l, wd, k, n);
			if (k < n)
				goto out;
		}
	}
	k = 0;
out:
	i = (size_t)(p - src) / size;
	*part = k;
	t = b.t;
	clocks = BATCH_CLOCKS - b.left;
	if (b.raised_at == b.left)	/* no clock started in the state last raised to */
		b.mx = b.mx_undo;
	m->aw_count = t >> TRK_AW & 0xff;
	m->w_count = t >> TRK_W & 0xff;
	m->r_count = t >> TRK_R & 0xff;
	m->w_prog = b.f >> 8 & 1;
	m->rd_first = b.f >> (F_RD + 7);
	memcpy(m->slot_id, bt.ids, sizeof(m->slot_id));
	for (k = 0; k < AXIPERF_MODEL_MAX_SLOTS; k++)
		m->slot_valid[k] = t >> (TRK_S + k) & 1;
	m->slot_mask = (uint32_t)(t >> TRK_S);
	m->responding = (unsigned int)(t >> TRK_V & 0xff);
	m->clocks += clocks;
	if (b.approx) {
		m->resp_approx = true;
		causes = AXIPERF_IRQ_STATUS_RESP_APPROX;
	}
	if (m->triggered && clocks) {
		uint64_t d[AXIPERF_NUM_COUNTERS], o, v;
		const uint64_t mask = m->mask;
		unsigned int j;

		memset(d, 0, sizeof(d));
		/* the read histogram: RLAST, RVALID, RREADY, ARVALID, ARREADY, r_fly, r_out, rd_first */
		for (j = 0; j < 256; j++) {
			d[m->rd_lut[j >> 1 & 63]] += bt.hr[j];
			d[CI_rd_bursts] += bt.hr[j] & (0 - (uint32_t)((j & 7) == 7));
			d[CI_rd_first_lag] += bt.hr[j] & (0 - (uint32_t)(j >> 7));
		}
		for (j = 0; j < 512; j++) {
			const struct axiperf_model_wr_step *e = &m->wr_lut[j];

			if (!bt.hwr[j])
				continue;
			d[e->cnt[0]] += bt.hwr[j];
			d[e->cnt[1]] += (uint64_t)bt.hwr[j] * e->inc[1];
			d[e->cnt[2]] += (uint64_t)bt.hwr[j] * e->inc[2];
			if ((j & (W_AWVALID | W_AWREADY)) == (W_AWVALID | W_AWREADY))
				d[CI_wr_bursts] += bt.hwr[j];
		}
		d[CI_wr_w_bytes] += b.s_wb;
		d[CI_wr_aw_bytes] += b.s_awb;
		d[CI_rd_bytes] += b.s_rdb;
		d[CI_active_cycles] += clocks;
		if (clocks > mask - m->cnt[CI_active_cycles]) {
			m->active_sat = true;
			causes |= AXIPERF_IRQ_STATUS_ACTIVE_SAT;
		}
		for (j = 0; j < AXIPERF_NUM_COUNTERS; j++) {
			o = m->cnt[j];
			v = (o + d[j]) & mask;
			if ((o ^ v) & m->top)
				causes |= AXIPERF_IRQ_STATUS_HALF;
			m->cnt[j] = v;
		}
		raise_gauge(&g[GI_rd_max_outstanding], (unsigned int)(b.mx >> TRK_R & 0xff),
			    GB_rd_max_outstanding);
		raise_gauge(&g[GI_wr_max_aw_outstanding], (unsigned int)(b.mx >> TRK_AW & 0xff),
			    GB_wr_max_aw_outstanding);
		raise_gauge(&g[GI_wr_max_w_outstanding], (unsigned int)(b.mx >> TRK_W & 0xff),
			    GB_wr_max_w_outstanding);
		raise_gauge(&g[GI_rd_max_responding], (unsigned int)(b.mx >> TRK_V & 0xff),
			    GB_rd_max_responding);
		raise_gauge(&g[GI_wr_max_burst_size], b.mx_awlen, GB_wr_max_burst_size);
		raise_gauge(&g[GI_rd_max_burst_size], b.mx_arlen, GB_rd_max_burst_size);
		g[GI_wr_max_outstanding] = g[GI_wr_max_aw_outstanding] > g[GI_wr_max_w_outstanding] ?
					   g[GI_wr_max_aw_outstanding] : g[GI_wr_max_w_outstanding];
	}
	if (causes) {
		m->irq_status |= causes;
		m->irq = m->p.has_irq && (m->irq_status & m->irq_enable);
	}
	return i;
}

/* Which clock_quick() fits the parameters: counter width, strobe words. */
static inline unsigned int quick_kind(const struct axiperf_model *m)
{
	unsigned int strb = m->strb_mask[1] ? STRB_TWO : m->strb_mask[0] > 0xff ? STRB_WORD : STRB_BYTE;

	return (m->p.counter_width == 64) * 3 + strb;
}

/* n clocks of the links from l (stride 1), or of l n times (stride 0) */
static ALWAYS_INLINE void
run_quick(struct axiperf_model *m, const struct axiperf_link *l, unsigned long n, size_t stride,
	  const int c64, const int strb_kind, const int hw, batch_rest_fn *rest_fn)
{
	uint64_t part;
	size_t k;

	/* a batch takes links in turn: one link n times (stride 0) is a short run of hold()'s */
	while (stride && n >= BATCH_MIN) {
		if (batch_ok(m)) {
			k = batch_quick(m, (const unsigned char *)l, n < BATCH_CLOCKS ? n : BATCH_CLOCKS,
					stride * sizeof(*l), 0, &part, 0, c64, strb_kind, hw, rest_fn);
			l += k * stride;
			n -= k;
			if (!n)
				return;
		}
		/* the clock that stopped the batch, or one that cannot start one */
		clock_quick(m, l, c64, strb_kind, hw);
		l += stride;
		n--;
	}
	for (; n; n--, l += stride)
		clock_quick(m, l, c64, strb_kind, hw);
}

static uint64_t hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n,
		     bool until_irq);

/* Runs this long or longer go to hold(): it skips over them once settled. */
#define RUN_LONG 4096

/* The runs from r in turn, as axiperf_model_replay() */
static ALWAYS_INLINE void
runs_quick(struct axiperf_model *m, const struct axiperf_run *r, size_t count,
	   const int c64, const int strb_kind, const int hw, batch_rest_fn *rest_fn)
{
	uint64_t skip = 0, part;	/* clocks of r already done */
	size_t k;

	while (count) {
		/*
		 * The rest of a long run, or of any run while no batch can
		 * start (a control request pending, a tracker error): held.
		 */
		if (r->n <= skip || r->n - skip >= RUN_LONG || !batch_ok(m)) {
			if (r->n > skip)
				hold(m, &r->l, r->n - skip, false);
			r++;
			count--;
			skip = 0;
			continue;
		}
		k = batch_quick(m, (const unsigned char *)r, count, sizeof(*r), skip, &part, 1,
				c64, strb_kind, hw, rest_fn);
		r += k;
		count -= k;
		skip = part;
		if (!count)
			return;
		/* the clock the batch stopped before (skip < r->n: it did not finish r) */
		clock_quick(m, &r->l, c64, strb_kind, hw);
		skip++;
	}
}

/*
 * One function per kind, so that the compiler does not merge the kinds'
 * common parts ahead of the choice (it then keeps them all in registers).
 */
#define QUICK_FN NOINLINE
#define QUICK_KIND(name, c64, strb, hw) \
	static NOINLINE uint64_t rest_##name(struct batch *b, struct batch_tables *bt, \
					     const struct axiperf_model *m, \
					     const struct axiperf_link *l, uint32_t wd, \
					     uint64_t k, uint64_t n) \
	{ \
		return batch_rest(b, bt, m, l, wd, k, n, strb, hw); \
	} \
	static QUICK_FN void clock_##name(struct axiperf_model *m, \
					       const struct axiperf_link *l) \
	{ \
		clock_quick(m, l, c64, strb, hw); \
	} \
	static QUICK_FN void run_##name(struct axiperf_model *m, \
					     const struct axiperf_link *l, unsigned long n, \
					     size_t stride) \
	{ \
		run_quick(m, l, n, stride, c64, strb, hw, rest_##name); \
	} \
	static QUICK_FN void runs_##name(struct axiperf_model *m, \
					      const struct axiperf_run *r, size_t count) \
	{ \
		runs_quick(m, r, count, c64, strb, hw, rest_##name); \
	}
QUICK_KIND(c32_byte, 0, STRB_BYTE, 0)
QUICK_KIND(c32_word, 0, STRB_WORD, 0)
QUICK_KIND(c32_two, 0, STRB_TWO, 0)
QUICK_KIND(c64_byte, 1, STRB_BYTE, 0)
QUICK_KIND(c64_word, 1, STRB_WORD, 0)
QUICK_KIND(c64_two, 1, STRB_TWO, 0)
#if HW_POPCNT
QUICK_KIND(c32_word_hw, 0, STRB_WORD, 1)
QUICK_KIND(c32_two_hw, 0, STRB_TWO, 1)
QUICK_KIND(c64_word_hw, 1, STRB_WORD, 1)
QUICK_KIND(c64_two_hw, 1, STRB_TWO, 1)
#endif
#undef QUICK_KIND

/* quick_kind(), plus 6 for the popcnt copies when the CPU has popcnt */
static inline unsigned int quick_kind_hw(const struct axiperf_model *m)
{
	unsigned int k = quick_kind(m);

#if HW_POPCNT
	if (k % 3 != STRB_BYTE && __builtin_cpu_supports("popcnt"))
		k += 6;
#endif
	return k;
}

void axiperf_model_clock(struct axiperf_model *m, const struct axiperf_link *l,
			 const struct axiperf_axil_write *w)
{
	if (w) {
		clock_one(m, l, w);
		return;
	}
	switch (quick_kind_hw(m)) {
	case 0: clock_c32_byte(m, l); break;
	case 1: clock_c32_word(m, l); break;
	case 2: clock_c32_two(m, l); break;
	case 3: clock_c64_byte(m, l); break;
	case 4: clock_c64_word(m, l); break;
#if HW_POPCNT
	case 7: clock_c32_word_hw(m, l); break;
	case 8: clock_c32_two_hw(m, l); break;
	case 10: clock_c64_word_hw(m, l); break;
	case 11: clock_c64_two_hw(m, l); break;
#endif
	default: clock_c64_two(m, l); break;
	}
}

/* n clocks: of the n links from l (stride 1), or of l n times (stride 0) */
static void run_links(struct axiperf_model *m, const struct axiperf_link *l,
		      unsigned long n, size_t stride)
{
	switch (quick_kind_hw(m)) {
	case 0: run_c32_byte(m, l, n, stride); break;
	case 1: run_c32_word(m, l, n, stride); break;
	case 2: run_c32_two(m, l, n, stride); break;
	case 3: run_c64_byte(m, l, n, stride); break;
	case 4: run_c64_word(m, l, n, stride); break;
#if HW_POPCNT
	case 7: run_c32_word_hw(m, l, n, stride); break;
	case 8: run_c32_two_hw(m, l, n, stride); break;
	case 10: run_c64_word_hw(m, l, n, stride); break;
	case 11: run_c64_two_hw(m, l, n, stride); break;
#endif
	default: run_c64_two(m, l, n, stride); break;
	}
}

void axiperf_model_run(struct axiperf_model *m, const struct axiperf_link *l,
		       unsigned long n)
{
	run_links(m, l, n, 1);
}

void axiperf_model_replay(struct axiperf_model *m, const struct axiperf_run *r, size_t count)
{
	switch (quick_kind_hw(m)) {
	case 0: runs_c32_byte(m, r, count); break;
	case 1: runs_c32_word(m, r, count); break;
	case 2: runs_c32_two(m, r, count); break;
	case 3: runs_c64_byte(m, r, count); break;
	case 4: runs_c64_word(m, r, count); break;
#if HW_POPCNT
	case 7: runs_c32_word_hw(m, r, count); break;
	case 8: runs_c32_two_hw(m, r, count); break;
	case 10: runs_c64_word_hw(m, r, count); break;
	case 11: runs_c64_two_hw(m, r, count); break;
#endif
	default: runs_c64_two(m, r, count); break;
	}
}


/* The state besides the counters (and the clock count): what a clock may change. */
struct settle {
	unsigned int aw, w, r, responding;
	uint32_t slot_mask, irq_status;
	uint32_t gauge[AXIPERF_NUM_GAUGES];
	uint32_t slot_id[AXIPERF_MODEL_MAX_SLOTS];
	uint16_t flags;
};

static void settle_of(const struct axiperf_model *m, struct settle *s)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	s->aw = m->aw_count;
	s->w = m->w_count;
	s->r = m->r_count;
	s->responding = m->responding;
	s->slot_mask = m->slot_mask;
	s->irq_status = m->irq_status;
	memcpy(s->gauge, m->gauge, sizeof(s->gauge));
	for (i = 0; i < AXIPERF_MODEL_MAX_SLOTS; i++)
		s->slot_id[i] = m->slot_valid[i] ? m->slot_id[i] : 0;
	s->flags = (uint16_t)(m->w_prog | m->perf_err << 1 | m->rd_first << 2 |
			      m->start_pending << 3 | m->stop_pending << 4 |
			      m->clear_pending << 5 | m->triggered << 6 |
			      m->active_sat << 7 | m->resp_approx << 8 | m->irq << 9);
}

/*
 * Clocks from now until a counter at c stepping by d each clock crosses
 * a multiple of half its range (its top bit flips, or it wraps): the
 * crossing is on the returned clock (1 = the next). d < half.
 */
static uint64_t clocks_to_half(uint64_t c, uint64_t d, uint64_t top)
{
	uint64_t dist = top - (c & (top - 1));

	return (dist + d - 1) / d;
}

/* Runs up to this long are stepped clock by clock. */
#define HOLD_SHORT 6

static uint64_t hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n,
		     bool until_irq)
{
	uint64_t before[AXIPERF_NUM_COUNTERS], d[AXIPERF_NUM_COUNTERS];
	struct settle a, b;
	uint64_t done = 0, skip;
	unsigned int i;
	bool irq0;

	/*
	 * A short run: stepping is cheaper than watching for the state to
	 * settle (most runs of busy traffic are a clock or two long).
	 */
	if (n <= HOLD_SHORT && !until_irq) {
		run_links(m, l, (unsigned long)n, 0);
		return n;
	}
	while (done < n) {
		settle_of(m, &a);
		memcpy(before, m->cnt, sizeof(before));
		irq0 = m->irq;
		axiperf_model_clock(m, l, NULL);
		done++;
		if (until_irq && m->irq && !irq0)
			return done;
		if (done == n)
			break;
		settle_of(m, &b);
		if (memcmp(&a, &b, sizeof(a)))
			continue;
		/*
		 * Settled: the state a clock reads is the same after it as
		 * before it, so every following clock with these wires makes
		 * the same steps. The only thing that can still change is an
		 * interrupt cause not yet raised: a counter crossing half its
		 * range, the cycle counter wrapping. Skip up to the clock
		 * before the first of those, which then runs on its own.
		 */
		skip = n - done;
		for (i = 0; i < AXIPERF_NUM_COUNTERS; i++) {
			d[i] = (m->cnt[i] - before[i]) & m->mask;
			if (d[i] && !(m->irq_status & AXIPERF_IRQ_STATUS_HALF)) {
				uint64_t k = clocks_to_half(m->cnt[i], d[i], m->top);

				skip = k - 1 < skip ? k - 1 : skip;
			}
		}
		if (d[CI_active_cycles] && !m->active_sat) {
			/* it steps by 1: it wraps to 0 on clock mask - c + 1 */
			uint64_t k = (m->mask - m->cnt[CI_active_cycles]) + 1;

			if (k)	/* k is 0 only for a 64-bit counter at 0: 2^64 clocks away */
				skip = k - 1 < skip ? k - 1 : skip;
		}
		if (!skip)
			continue;
		for (i = 0; i < AXIPERF_NUM_COUNTERS; i++)
			m->cnt[i] = (m->cnt[i] + skip * d[i]) & m->mask;
		m->clocks += skip;
		done += skip;
	}
	return done;
}

void axiperf_model_hold(struct axiperf_model *m, const struct axiperf_link *l, uint64_t n)
{
	hold(m, l, n, false);
}

uint64_t axiperf_model_hold_until_irq(struct axiperf_model *m, const struct axiperf_link *l,
				      uint64_t n)
{
	return hold(m, l, n, true);
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
			AXIPERF_CONTROL_IDLE : 0);
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
