// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf-replay's transactions (txn.h): each read burst from its AR
 * handshake to its RLAST handshake, each write burst from its address or
 * first data to its B handshake, matched as AXI4 matches them: read data
 * to the oldest read of its RID, write data to the writes in their AW
 * order, a write response to the oldest answered-for write of its BID
 * (the oldest write when the dump has no BID). A response with no request
 * (a dump that starts mid-traffic) is counted as unmatched, not guessed.
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "txn.h"

const char *const txn_kind_name[TXN_KINDS] = {
	[TXN_RD_FIRST] = "read_first_data",
	[TXN_RD_LAST] = "read_transaction",
	[TXN_WR] = "write_transaction",
	[TXN_WR_RESP] = "write_response",
};

const char *const txn_err_name[ERR_NUM] = {
	[ERR_RD_SLVERR] = "rd_slverr",
	[ERR_RD_DECERR] = "rd_decerr",
	[ERR_WR_SLVERR] = "wr_slverr",
	[ERR_WR_DECERR] = "wr_decerr",
};

#define NONE	UINT32_MAX

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		die("out of memory for the transactions");
	return p;
}

/* ------------------------------------------------------------ distributions */

void dist_init(struct dist *d)
{
	memset(d, 0, sizeof(*d));
	d->min = UINT64_MAX;
}

void dist_free(struct dist *d)
{
	free(d->key);
	free(d->cnt);
	dist_init(d);
}

static inline uint32_t slot_of(uint64_t v, uint32_t cap)
{
	return (uint32_t)((v * 0x9e3779b97f4a7c15ULL) >> 32) & (cap - 1);
}

static void map_grow(struct dist *d)
{
	uint32_t cap = d->cap ? d->cap * 2 : 64;
	uint64_t *key = xcalloc(cap, sizeof(*key)), *cnt = xcalloc(cap, sizeof(*cnt));

	for (uint32_t i = 0; i < d->cap; i++) {
		uint32_t s;

		if (!d->cnt[i])
			continue;
		for (s = slot_of(d->key[i], cap); cnt[s]; s = (s + 1) & (cap - 1))
			;
		key[s] = d->key[i];
		cnt[s] = d->cnt[i];
	}
	free(d->key);
	free(d->cnt);
	d->key = key;
	d->cnt = cnt;
	d->cap = cap;
}

/* n samples of value v: 0 when placed, else the map is full. */
static int map_add(struct dist *d, uint64_t v, uint64_t n)
{
	uint32_t s;

	if (d->cap) {
		for (s = slot_of(v, d->cap); d->cnt[s]; s = (s + 1) & (d->cap - 1))
			if (d->key[s] == v) {
				d->cnt[s] += n;
				return 0;
			}
	}
	if (d->used >= DIST_MAX_VALUES)
		return -1;
	if ((uint64_t)(d->used + 1) * 4 > (uint64_t)d->cap * 3) {
		map_grow(d);
		for (s = slot_of(v, d->cap); d->cnt[s]; s = (s + 1) & (d->cap - 1))
			;
	}
	d->key[s] = v;
	d->cnt[s] = n;
	d->used++;
	return 0;
}

static inline unsigned int log2_bin(uint64_t v)
{
	return v ? 64u - (unsigned int)__builtin_clzll(v) : 0u;
}

void dist_add(struct dist *d, uint64_t v, uint64_t n)
{
	d->count += n;
	d->sum += v * n;
	d->min = v < d->min ? v : d->min;
	d->max = v > d->max ? v : d->max;
	d->log2[log2_bin(v)] += n;
	if (d->unplaced || map_add(d, v, n))
		d->unplaced += n;
}

void dist_merge(struct dist *into, const struct dist *from)
{
	into->count += from->count;
	into->sum += from->sum;
	into->min = from->min < into->min ? from->min : into->min;
	into->max = from->max > into->max ? from->max : into->max;
	for (int b = 0; b < 65; b++)
		into->log2[b] += from->log2[b];
	for (uint32_t i = 0; i < from->cap; i++)
		if (from->cnt[i] && (into->unplaced || map_add(into, from->key[i], from->cnt[i])))
			into->unplaced += from->cnt[i];
	into->unplaced += from->unplaced;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

uint32_t dist_sorted(const struct dist *d, uint64_t **val, uint64_t **cnt)
{
	uint64_t *pairs = xcalloc((size_t)d->used * 2, sizeof(*pairs));
	uint32_t n = 0;

	for (uint32_t i = 0; i < d->cap; i++)
		if (d->cnt[i]) {
			pairs[2 * n] = d->key[i];
			pairs[2 * n + 1] = d->cnt[i];
			n++;
		}
	qsort(pairs, n, 2 * sizeof(*pairs), cmp_u64);	/* by the value, the pair's first */
	*val = xcalloc(n, sizeof(**val));
	*cnt = xcalloc(n, sizeof(**cnt));
	for (uint32_t i = 0; i < n; i++) {
		(*val)[i] = pairs[2 * i];
		(*cnt)[i] = pairs[2 * i + 1];
	}
	free(pairs);
	return n;
}

int dist_percentile(const uint64_t *val, const uint64_t *cnt, uint32_t n, uint64_t count,
		    unsigned int p, uint64_t *out)
{
	/* the smallest value with at least ceil(p% of count) samples at or below it */
	uint64_t rank = (count * p + 99) / 100, seen = 0;

	if (!count)
		return 0;
	rank = rank ? rank : 1;
	for (uint32_t i = 0; i < n; i++) {
		seen += cnt[i];
		if (seen >= rank) {
			*out = val[i];
			return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------ the slowest */

/* Whether a ranks below b: faster, or as fast and later. */
static int below(const struct worst *a, const struct worst *b)
{
	return a->lat < b->lat || (a->lat == b->lat && a->start > b->start);
}

static void worst_add(struct txn *x, int kind, const struct worst *w)
{
	struct worst *h = x->w[kind];
	unsigned int n = x->nw[kind], i, c;

	if (n < x->c.worst) {
		/* up the heap */
		for (i = n; i && below(w, &h[(i - 1) / 2]); i = (i - 1) / 2)
			h[i] = h[(i - 1) / 2];
		h[i] = *w;
		x->nw[kind]++;
		return;
	}
	if (!n || !below(&h[0], w))
		return;
	/* the root (the least of the kept) goes: down the heap */
	for (i = 0; (c = 2 * i + 1) < n; i = c) {
		if (c + 1 < n && below(&h[c + 1], &h[c]))
			c++;
		if (!below(&h[c], w))
			break;
		h[i] = h[c];
	}
	h[i] = *w;
}

static int worst_cmp(const void *a, const void *b)
{
	const struct worst *x = a, *y = b;

	return below(y, x) ? -1 : below(x, y) ? 1 : 0;
}

unsigned int txn_worst_sorted(const struct txn *x, int kind, struct worst *out)
{
	memcpy(out, x->w[kind], x->nw[kind] * sizeof(*out));
	qsort(out, x->nw[kind], sizeof(*out), worst_cmp);
	return x->nw[kind];
}

/* ------------------------------------------------------------ the tracker */

struct txn *txn_new(const struct txn_cfg *c)
{
	struct txn *x = xcalloc(1, sizeof(*x));
	uint32_t nid = 1u << c->rid_width;

	x->c = *c;
	x->rid_mask = nid - 1;
	x->awid_mask = (1u << c->awid_width) - 1;
	x->rd_head = xcalloc(nid, sizeof(*x->rd_head));
	x->rd_tail = xcalloc(nid, sizeof(*x->rd_tail));
	for (int k = 0; k < TXN_KINDS; k++) {
		dist_init(&x->d[k]);
		if (c->worst)
			x->w[k] = xcalloc(c->worst, sizeof(*x->w[k]));
	}
	txn_restart(x);
	return x;
}

unsigned int txn_ids(const struct txn *x, int kind)
{
	return 1u << (kind == TXN_RD_FIRST || kind == TXN_RD_LAST ? x->c.rid_width :
		      x->c.awid_width);
}

void txn_restart(struct txn *x)
{
	for (int k = 0; k < TXN_KINDS; k++) {
		dist_free(&x->d[k]);
		dist_free(&x->all[k]);
		if (x->per_id[k]) {
			for (unsigned int i = 0; i < txn_ids(x, k); i++)
				if (x->per_id[k][i]) {
					dist_free(x->per_id[k][i]);
					free(x->per_id[k][i]);
				}
			free(x->per_id[k]);
			x->per_id[k] = NULL;
		}
		x->nw[k] = 0;
	}
	memset(x->err, 0, sizeof(x->err));
	memset(x->all_err, 0, sizeof(x->all_err));
	x->unmatched_r = x->unmatched_b = x->all_unmatched_r = x->all_unmatched_b = 0;
	/* every read slot free, every ID's FIFO empty */
	for (uint32_t i = 0; i < x->rd_cap; i++)
		x->rd[i].next = i + 1 < x->rd_cap ? i + 1 : NONE;
	x->rd_free = x->rd_cap ? 0 : NONE;
	for (uint32_t i = 0; i <= x->rid_mask; i++)
		x->rd_head[i] = x->rd_tail[i] = NONE;
	x->wr_head = x->wr_tail = x->aw_next = x->w_next = 0;
	x->w_prog = 0;
	x->last_clk = 0;
}

void txn_cut(struct txn *x)
{
	for (int k = 0; k < TXN_KINDS; k++) {
		dist_merge(&x->all[k], &x->d[k]);
		dist_free(&x->d[k]);
	}
	for (int e = 0; e < ERR_NUM; e++)
		x->all_err[e] += x->err[e];
	memset(x->err, 0, sizeof(x->err));
	x->all_unmatched_r += x->unmatched_r;
	x->all_unmatched_b += x->unmatched_b;
	x->unmatched_r = x->unmatched_b = 0;
}

void txn_uncut(struct txn *x)
{
	txn_cut(x);
	for (int k = 0; k < TXN_KINDS; k++) {
		x->d[k] = x->all[k];
		dist_init(&x->all[k]);
	}
	memcpy(x->err, x->all_err, sizeof(x->err));
	memset(x->all_err, 0, sizeof(x->all_err));
	x->unmatched_r = x->all_unmatched_r;
	x->unmatched_b = x->all_unmatched_b;
	x->all_unmatched_r = x->all_unmatched_b = 0;
}

void txn_free(struct txn *x)
{
	if (!x)
		return;
	txn_restart(x);
	for (int k = 0; k < TXN_KINDS; k++)
		free(x->w[k]);
	free(x->rd);
	free(x->rd_head);
	free(x->rd_tail);
	free(x->wr);
	free(x);
}

/* A burst of a kind ends: into the counts (when the model counts its clock) and the worst. */
static void sample(struct txn *x, int kind, uint32_t id, uint64_t start, uint64_t start_t,
		   uint64_t end, uint64_t end_t, int counting)
{
	uint64_t lat = end - start;

	if (!counting)
		return;
	dist_add(&x->d[kind], lat, 1);
	if (x->c.per_id) {
		if (!x->per_id[kind])
			x->per_id[kind] = xcalloc(txn_ids(x, kind), sizeof(*x->per_id[kind]));
		if (!x->per_id[kind][id]) {
			x->per_id[kind][id] = xcalloc(1, sizeof(struct dist));
			dist_init(x->per_id[kind][id]);
		}
		dist_add(x->per_id[kind][id], lat, 1);
	}
	if (x->c.worst) {
		struct worst w = { lat, start_t, end_t, id };

		worst_add(x, kind, &w);
	}
}

static uint32_t rd_alloc(struct txn *x)
{
	uint32_t i;

	if (x->rd_free == NONE) {
		uint32_t cap = x->rd_cap ? x->rd_cap * 2 : 64;

		x->rd = realloc(x->rd, cap * sizeof(*x->rd));
		if (!x->rd)
			die("out of memory for %u reads in flight", cap);
		for (i = x->rd_cap; i < cap; i++)
			x->rd[i].next = i + 1 < cap ? i + 1 : NONE;
		x->rd_free = x->rd_cap;
		x->rd_cap = cap;
	}
	i = x->rd_free;
	x->rd_free = x->rd[i].next;
	return i;
}

static struct txn_wr *wr_at(const struct txn *x, uint64_t seq)
{
	return &x->wr[seq & (x->wr_cap - 1)];
}

/* The write of sequence number seq, made when its address or data is the first seen. */
static struct txn_wr *wr_get(struct txn *x, uint64_t seq, uint64_t clk, uint64_t t)
{
	struct txn_wr *w;

	if (seq < x->wr_tail)
		return wr_at(x, seq);
	if (x->wr_tail - x->wr_head == x->wr_cap) {
		uint64_t cap = x->wr_cap ? x->wr_cap * 2 : 64;
		struct txn_wr *ring = xcalloc(cap, sizeof(*ring));

		for (uint64_t s = x->wr_head; s < x->wr_tail; s++)
			ring[s & (cap - 1)] = *wr_at(x, s);
		free(x->wr);
		x->wr = ring;
		x->wr_cap = cap;
	}
	w = wr_at(x, x->wr_tail++);
	memset(w, 0, sizeof(*w));
	w->s = clk;
	w->s_t = t;
	return w;
}

/* ---- txn_clock()'s rarer steps (txn.h): a request, a burst's end, a response */

void txn_rd_request(struct txn *x, uint32_t id, uint64_t clk, uint64_t t)
{
	uint32_t i = rd_alloc(x);

	x->rd[i].a = clk;
	x->rd[i].a_t = t;
	x->rd[i].has_f = 0;
	x->rd[i].next = NONE;
	if (x->rd_tail[id] == NONE)
		x->rd_head[id] = i;
	else
		x->rd[x->rd_tail[id]].next = i;
	x->rd_tail[id] = i;
}

void txn_rd_last(struct txn *x, uint32_t id, uint64_t clk, uint64_t t, int counting)
{
	uint32_t i = x->rd_head[id];
	struct txn_rd *r;

	if (i == NONE) {
		x->unmatched_r += counting;
		return;
	}
	r = &x->rd[i];
	sample(x, TXN_RD_FIRST, id, r->a, r->a_t, r->f, r->f_t, counting);
	sample(x, TXN_RD_LAST, id, r->a, r->a_t, clk, t, counting);
	x->rd_head[id] = r->next;
	if (r->next == NONE)
		x->rd_tail[id] = NONE;
	r->next = x->rd_free;
	x->rd_free = i;
}

void txn_wr_address(struct txn *x, uint32_t id, uint64_t clk, uint64_t t)
{
	struct txn_wr *w = wr_get(x, x->aw_next++, clk, t);

	w->aw = 1;
	w->id = id;
}

void txn_wr_data(struct txn *x, uint64_t clk, uint64_t t)
{
	wr_get(x, x->w_next++, clk, t);
	x->w_prog = 1;
}

void txn_wr_last(struct txn *x, uint64_t clk, uint64_t t)
{
	struct txn_wr *w = wr_at(x, x->w_next - 1);

	w->wl = clk;
	w->wl_t = t;
	w->wl_done = 1;
	x->w_prog = 0;
}

void txn_wr_response(struct txn *x, const struct txn_ext *e, uint64_t clk, uint64_t t,
		     int counting)
{
	uint64_t s;
	struct txn_wr *w = NULL;

	if (x->c.has_bresp && e->bresp >= 2 && counting)
		x->err[e->bresp == 2 ? ERR_WR_SLVERR : ERR_WR_DECERR]++;
	for (s = x->wr_head; s < x->wr_tail && s < x->aw_next; s++) {
		w = wr_at(x, s);
		if (!w->done && (!x->c.has_bid || w->id == e->bid))
			break;
	}
	if (s == x->wr_tail || s == x->aw_next) {
		x->unmatched_b += counting;
		return;
	}
	w->done = 1;
	sample(x, TXN_WR, w->id, w->s, w->s_t, clk, t, counting);
	if (w->wl_done)
		sample(x, TXN_WR_RESP, w->id, w->wl, w->wl_t, clk, t, counting);
	while (x->wr_head < x->wr_tail && wr_at(x, x->wr_head)->done &&
	       wr_at(x, x->wr_head)->wl_done)
		x->wr_head++;
}

void txn_rd_error(struct txn *x, unsigned int rresp)
{
	x->err[rresp == 2 ? ERR_RD_SLVERR : ERR_RD_DECERR]++;
}

void txn_open(const struct txn *x, uint64_t open[TXN_KINDS], uint64_t clocks[TXN_KINDS])
{
	uint64_t k = x->last_clk;

	memset(open, 0, TXN_KINDS * sizeof(*open));
	memset(clocks, 0, TXN_KINDS * sizeof(*clocks));
	for (uint32_t id = 0; id <= x->rid_mask; id++)
		for (uint32_t i = x->rd_head[id]; i != NONE; i = x->rd[i].next) {
			const struct txn_rd *r = &x->rd[i];

			open[TXN_RD_FIRST]++;
			open[TXN_RD_LAST]++;
			clocks[TXN_RD_FIRST] += (r->has_f ? r->f : k) - r->a;
			clocks[TXN_RD_LAST] += k - r->a;
		}
	for (uint64_t s = x->wr_head; s < x->wr_tail; s++) {
		const struct txn_wr *w = wr_at(x, s);

		if (w->done)
			continue;
		open[TXN_WR]++;
		clocks[TXN_WR] += k - w->s;
		if (w->wl_done) {
			open[TXN_WR_RESP]++;
			clocks[TXN_WR_RESP] += k - w->wl;
		}
	}
}
