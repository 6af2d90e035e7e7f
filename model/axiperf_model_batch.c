// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Batched replay: many clocks with no register write, links one clock
 * each (axiperf_model_run()) or runs of equal clocks
 * (axiperf_model_replay()), with the counting deferred.
 *
 * It must equal the same clocks one by one through
 * axiperf_model_clock_ref(m, l, NULL) (axiperf_model.c): every register,
 * the irq line and the hidden state at the end of each call. What it does
 * not keep is on which clock a sticky interrupt cause rose: the clocks
 * are unseen until the batch returns. tests/model compares it with the
 * reference on random traffic long enough to take batches, with counters
 * near half their range and their wrap.
 *
 * Why it may skip work: a batch keeps how many clocks fell on each
 * category key and the sums of the variable steps, and adds them to the
 * counters at its end. The sums are the same (modulo the counter width),
 * and a batch is short enough (BATCH_CLOCKS) that no counter moves by
 * half its range or more in one, so a counter crossed half its range in
 * the batch exactly when its top bit differs at the two ends (one
 * crossing at most), and the cycle counter wrapped exactly when it passed
 * its maximum.
 *
 * A batch runs on while its clocks are plain: no control request
 * pending, no tracker error, no tracker leaving its range, and no read ID
 * whose low byte two slots share (IDs over 8 bits). It stops before any
 * other clock, which the per-clock fast path then takes. Within a run of
 * equal wires, once a clock leaves the state as it found it, the rest of
 * the run repeats that clock: it is added that many times at once; a run
 * with no wire raised does so from its first clock. Runs of thousands of
 * clocks are held (axiperf_model_hold()).
 *
 * The state a batch carries from clock to clock is kept in few words:
 * the trackers and the number of valid slots as 9-bit fields of one
 * (TRK_*), whose guard bits tell a tracker leaving its range and, after
 * adding TRK_NZ_V, which fields are above 0 (trk_keys()), with a bit
 * for each valid slot above them (TRK_S); the key bits of the state in
 * one word, which one OR with the clock's wire bits (wire_steps[]) makes
 * both keys (the reference's wr_key(), and the read histogram's at F_RD);
 * the maxima packed as the tracker word (MX_PACK()).
 *
 * Its loop does an element's first clock in line (struct batch, which
 * the compiler keeps in registers) and leaves the rest of a run whose
 * first clock changed the state (rare: a handshake held, or a key bit
 * the first clock set) to a function of its own (batch_rest()), with a
 * copy of that state: a loop over a run's clocks inside the loop over
 * the elements has more values live than x86-64 has registers, and most
 * runs are a clock long.
 */
#include "axiperf_model_impl.h"

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
 * Each entry restates, for one wire word, what the reference's trackers()
 * and read_ids() (axiperf_model.c) do with it; as constant expressions,
 * nothing has to build the table at start-up.
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
	uint64_t s_rinf, s_rwait, s_winf;	/* the in-flight sums */
	/*
	 * The state's key bits: wr_key()'s (aw_out, w_out, w_prog), and the
	 * read histogram's (r_fly, r_out, rd_first).
	 */
	uint32_t f;		/* the write key's in F_WR, the read key's from F_RD */
	uint32_t left;		/* clocks it may still count: BATCH_CLOCKS less those counted */
	uint32_t approx, mx_awlen, mx_arlen;
};

/* The in-flight steps of c clocks that start in the batch's state (t, f). */
static ALWAYS_INLINE void inflight(struct batch *b, uint64_t t, uint32_t f, uint64_t c)
{
	const unsigned int r = (unsigned int)(t >> TRK_R & 0xff);

	b->s_rinf += c * r;
	b->s_rwait += c * axiperf_model_rd_waiting(r, (unsigned int)(t >> TRK_V & 0xff));
	b->s_winf += c * axiperf_model_wr_inflight((unsigned int)(t >> TRK_AW & 0xff),
						   (unsigned int)(t >> TRK_W & 0xff), f >> 8 & 1);
}

/* The tables a batch keeps on its stack */
struct batch_tables {
	uint32_t hr[256], hwr[512], ids[AXIPERF_MODEL_MAX_SLOTS];
	uint64_t by_low[256];	/* the slots of each low ID byte, as t has them (TRK_S) */
};

/*
 * One clock of a run (l's wires wd, rest clocks of the run left), or all
 * rest of them once the clock leaves the state unchanged. Returns the
 * clocks done: 0 when the clock is left to the per-clock fast path.
 */
static ALWAYS_INLINE uint64_t
batch_clock(struct batch *b, struct batch_tables *bt, const struct axiperf_model *m,
	    const struct axiperf_link *l, uint32_t wd, uint64_t rest, const enum strb_kind strb,
	    const int hw)
{
	const struct wire_step *e = &wire_steps[wd];
	const uint32_t keep = e->keep, id = l->rid & m->id_mask;
	const uint64_t wb = strobe_bytes(m, l, 0 - (uint64_t)(keep >> 31), strb, hw);
	const unsigned int r_last = keep >> 30 & 1;
	const uint64_t t = b->t;
	const uint32_t f = b->f;
	/* w_prog and rd_first, kept or set (the reference's trackers(), read_ids()) */
	const uint32_t nkeep = ((f | (e->set & ~(f << 1))) & keep) | (e->set & 0x100);
	/*
	 * The valid slots whose ID has the low byte of this one; valid
	 * slots hold different IDs, so two of them are possible only with
	 * IDs over 8 bits (then the clock is left to the per-clock fast path).
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
	inflight(b, t, f, c);
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
	   const enum strb_kind strb, const int hw)
{
	uint64_t c;

	for (; k < n; k += c) {
		c = batch_clock(b, bt, m, l, wd, n - k, strb, hw);
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
	    uint64_t skip, uint64_t *part, const int runs, const enum strb_kind strb,
	    const int hw, batch_rest_fn *rest_fn)
{
	struct batch_tables bt;
	struct batch b;
	uint32_t *g = m->gauge;
	const unsigned char *p, *end;
	uint64_t k = 0, n = 1, t;
	uint32_t clocks, causes = 0;
	size_t i;

	b.t = m->aw_count << TRK_AW | m->w_count << TRK_W | m->r_count << TRK_R |
	      (uint64_t)m->responding << TRK_V | (uint64_t)m->slot_mask << TRK_S;
	b.f = trk_keys(b.t) | (uint32_t)m->w_prog << 8 | (uint32_t)m->rd_first << (F_RD + 7);
	b.mx_undo = MX_PACK(g[GI_wr_max_aw_outstanding], g[GI_wr_max_w_outstanding],
			    g[GI_rd_max_outstanding], g[GI_rd_max_responding]);
	/* the state the first clock starts in */
	b.mx = raise_mx(b.mx_undo, b.t, m->w_prog);
	b.raised_at = BATCH_CLOCKS;
	b.s_wb = b.s_awb = b.s_rdb = 0;
	b.s_rinf = b.s_rwait = b.s_winf = 0;
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
			inflight(&b, b.t, b.f, n);
			b.left -= (uint32_t)n;
			continue;
		}
		k = batch_clock(&b, &bt, m, l, wd, n, strb, hw);
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
		d[CI_rd_inflight] += b.s_rinf & m->lat_mask;
		d[CI_rd_waiting] += b.s_rwait & m->lat_mask;
		d[CI_wr_inflight] += b.s_winf & m->lat_mask;
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

/* The links from l in turn, as axiperf_model_run() */
static ALWAYS_INLINE void
links_quick(struct axiperf_model *m, const struct axiperf_link *l, unsigned long n,
	    const enum strb_kind strb, const int hw, batch_rest_fn *rest_fn)
{
	uint64_t part;
	size_t k;

	/* a tracker error stops batches for good */
	while (n >= BATCH_MIN && !m->perf_err) {
		if (batch_ok(m)) {
			k = batch_quick(m, (const unsigned char *)l, n < BATCH_CLOCKS ? n : BATCH_CLOCKS,
					sizeof(*l), 0, &part, 0, strb, hw, rest_fn);
			l += k;
			n -= k;
			if (!n)
				return;
		}
		/* the clock that stopped the batch, or one that cannot start one */
		axiperf_model_quick_clocks(m, l, 1, 0);
		l++;
		n--;
	}
	axiperf_model_quick_clocks(m, l, n, 1);
}

/* Runs this long or longer are held: holding skips over them once settled. */
#define RUN_LONG 4096

/* The runs from r in turn, as axiperf_model_replay() */
static ALWAYS_INLINE void
runs_quick(struct axiperf_model *m, const struct axiperf_run *r, size_t count,
	   const enum strb_kind strb, const int hw, batch_rest_fn *rest_fn)
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
				axiperf_model_hold(m, &r->l, r->n - skip);
			r++;
			count--;
			skip = 0;
			continue;
		}
		k = batch_quick(m, (const unsigned char *)r, count, sizeof(*r), skip, &part, 1,
				strb, hw, rest_fn);
		r += k;
		count -= k;
		skip = part;
		if (!count)
			return;
		/* the clock the batch stopped before (skip < r->n: it did not finish r) */
		axiperf_model_quick_clocks(m, &r->l, 1, 0);
		skip++;
	}
}

/*
 * One function per kind, so that the compiler does not merge the kinds'
 * common parts ahead of the choice (it then keeps them all in registers).
 * A batch steps the counters at its end, by their mask: the counter width
 * does not change its loop.
 */
#define BATCH_KIND(name, c64, strb, hw) \
	static NOINLINE uint64_t rest_##name(struct batch *b, struct batch_tables *bt, \
					     const struct axiperf_model *m, \
					     const struct axiperf_link *l, uint32_t wd, \
					     uint64_t k, uint64_t n) \
	{ \
		return batch_rest(b, bt, m, l, wd, k, n, strb, hw); \
	} \
	static NOINLINE void links_##name(struct axiperf_model *m, \
					  const struct axiperf_link *l, unsigned long n) \
	{ \
		links_quick(m, l, n, strb, hw, rest_##name); \
	} \
	static NOINLINE void runs_##name(struct axiperf_model *m, \
					 const struct axiperf_run *r, size_t count) \
	{ \
		runs_quick(m, r, count, strb, hw, rest_##name); \
	}
MODEL_KINDS(BATCH_KIND)
#undef BATCH_KIND

static void (*const links_of[NUM_KINDS])(struct axiperf_model *m, const struct axiperf_link *l,
					 unsigned long n) = {
#define LINKS_OF(name, c64, strb, hw) [KIND_##name] = links_##name,
	MODEL_KINDS(LINKS_OF)
#undef LINKS_OF
};

static void (*const runs_of[NUM_KINDS])(struct axiperf_model *m, const struct axiperf_run *r,
					size_t count) = {
#define RUNS_OF(name, c64, strb, hw) [KIND_##name] = runs_##name,
	MODEL_KINDS(RUNS_OF)
#undef RUNS_OF
};

void axiperf_model_run(struct axiperf_model *m, const struct axiperf_link *l,
		       unsigned long n)
{
	links_of[kind_of(m)](m, l, n);
}

void axiperf_model_replay(struct axiperf_model *m, const struct axiperf_run *r, size_t count)
{
	runs_of[kind_of(m)](m, r, count);
}
