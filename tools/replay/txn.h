/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * axiperf-replay's transactions: each burst of a link followed from its
 * request to its response, for what the monitor can only sum: the exact
 * latency of every burst (distributions), the slowest ones (with their
 * times, for a waveform viewer) and the response errors.
 *
 * The latencies are the ones whose sums the model's in-flight counters
 * hold, clock for clock (spec/axiperf.toml, rd_inflight, rd_waiting,
 * wr_inflight), so that each distribution's mean is the model's figure:
 *   read_first_data    AR handshake to the burst's first RVALID
 *   read_transaction   AR handshake to its RLAST handshake
 *   write_transaction  AW handshake, or the burst's first WVALID if that
 *                      came first, to its B handshake
 *   write_response     WLAST handshake to the B handshake
 * each counted when the burst ends (RLAST or B handshake), as the model
 * counts rd_bursts; a burst still open at the end is in open/open_clocks.
 */
#ifndef AXIPERF_REPLAY_TXN_H
#define AXIPERF_REPLAY_TXN_H

#include <stdint.h>
#include <stdio.h>

#include "axiperf_model.h"

enum txn_kind { TXN_RD_FIRST, TXN_RD_LAST, TXN_WR, TXN_WR_RESP, TXN_KINDS };

extern const char *const txn_kind_name[TXN_KINDS];

/*
 * The latencies of one kind, exactly: each distinct value with how many
 * bursts took it. Memory goes with the number of distinct latencies
 * (at most the longest latency + 1, in practice tens to thousands), not
 * with the number of bursts: a dump ten times longer of the same traffic
 * needs the same map. DIST_MAX_VALUES bounds it; past it, count, sum,
 * min, max and the log2 histogram stay exact and the percentiles are
 * refused (unplaced), never estimated.
 */
#define DIST_MAX_VALUES	(1u << 20)

struct dist {
	uint64_t count, sum, min, max;
	uint64_t log2[65];		/* [0]: 0; [b]: 2^(b-1) .. 2^b - 1 */
	uint64_t *key, *cnt;		/* open addressing; cnt 0: an empty slot */
	uint32_t cap, used;
	uint64_t unplaced;		/* samples past DIST_MAX_VALUES */
};

/* The slowest bursts: a min-heap of the N kept so far. */
struct worst {
	uint64_t lat, start, end;	/* clocks; times in the dump's units */
	uint32_t id;
};

struct txn_cfg {
	unsigned int rid_width;		/* the model's ID width (read IDs) */
	unsigned int awid_width;
	int has_bid, has_bresp, has_rresp;
	unsigned int worst;		/* N of --worst, 0 for none */
	int per_id;
};

/* What the tracker reads beyond struct axiperf_link. */
struct txn_ext {
	uint32_t bid;
	unsigned int bresp, rresp;
};

enum txn_err { ERR_RD_SLVERR, ERR_RD_DECERR, ERR_WR_SLVERR, ERR_WR_DECERR, ERR_NUM };
extern const char *const txn_err_name[ERR_NUM];

struct txn_rd {
	uint64_t a, a_t, f, f_t;	/* AR handshake, first RVALID: clock, time */
	uint32_t next;			/* in its ID's FIFO, or the free list */
	int has_f;
};

struct txn_wr {
	uint64_t s, s_t, wl, wl_t;	/* start, WLAST handshake: clock, time */
	uint32_t id;
	int aw, wl_done, done;
};

struct txn {
	struct txn_cfg c;
	/* what is counted (reset by txn_cut() for --interval) */
	struct dist d[TXN_KINDS];
	struct dist **per_id[TXN_KINDS];	/* by ID, allocated when seen */
	uint64_t err[ERR_NUM];
	uint64_t unmatched_r, unmatched_b;	/* a response with no request */
	/* --interval: the windows cut so far, kept for the whole run */
	struct dist all[TXN_KINDS];
	uint64_t all_err[ERR_NUM], all_unmatched_r, all_unmatched_b;
	/* for the whole run */
	struct worst *w[TXN_KINDS];
	unsigned int nw[TXN_KINDS];
	/* reads in flight: a FIFO per ID in a pool */
	struct txn_rd *rd;
	uint32_t rd_cap, rd_free, *rd_head, *rd_tail;
	uint32_t rid_mask, awid_mask;	/* the IDs' widths: the per-ID tables' bounds */
	/* writes in flight, in their AW (and W) order: a ring of sequence numbers */
	struct txn_wr *wr;
	uint64_t wr_cap, wr_head, wr_tail, aw_next, w_next;
	int w_prog;
	uint64_t last_clk;
};

struct txn *txn_new(const struct txn_cfg *c);
void txn_free(struct txn *x);
/* The link's reset: what was in flight is dropped and the counts restart (as the model's). */
void txn_restart(struct txn *x);
/* txn_clock()'s rarer steps, in txn.c */
void txn_rd_request(struct txn *x, uint32_t id, uint64_t clk, uint64_t t);
void txn_rd_last(struct txn *x, uint32_t id, uint64_t clk, uint64_t t, int counting);
void txn_rd_error(struct txn *x, unsigned int rresp);
void txn_wr_address(struct txn *x, uint32_t id, uint64_t clk, uint64_t t);
void txn_wr_data(struct txn *x, uint64_t clk, uint64_t t);
void txn_wr_last(struct txn *x, uint64_t clk, uint64_t t);
void txn_wr_response(struct txn *x, const struct txn_ext *e, uint64_t clk, uint64_t t,
		     int counting);

/*
 * One clock (index clk, its rising edge at t) of the wires l and e;
 * counting: the model counts this clock (in the window). Clocks in a run
 * of equal wires with no handshake change nothing after the first: they
 * need not be given. Inline: a middle beat, the most common clock of a
 * busy link, costs a few loads. Reads first, the address before the
 * data, so that data on its own address's clock finds it; then writes,
 * address and data in their common order, then the response.
 */
static inline void txn_clock(struct txn *x, const struct axiperf_link *l,
			     const struct txn_ext *e, uint64_t clk, uint64_t t, int counting)
{
	x->last_clk = clk;
	if (l->arvalid & l->arready)
		txn_rd_request(x, l->arid & x->rid_mask, clk, t);
	if (l->rvalid) {
		uint32_t id = l->rid & x->rid_mask, i = x->rd_head[id];

		if (i != UINT32_MAX && !x->rd[i].has_f) {
			x->rd[i].has_f = 1;
			x->rd[i].f = clk;
			x->rd[i].f_t = t;
		}
		if (l->rready) {
			if (x->c.has_rresp && e->rresp >= 2 && counting)
				txn_rd_error(x, e->rresp);
			if (l->rlast)
				txn_rd_last(x, id, clk, t, counting);
		}
	}
	if (l->awvalid & l->awready)
		txn_wr_address(x, l->awid & x->awid_mask, clk, t);
	if (l->wvalid) {
		if (!x->w_prog)
			txn_wr_data(x, clk, t);
		if (l->wready & l->wlast)
			txn_wr_last(x, clk, t);
	}
	if (l->bvalid & l->bready)
		txn_wr_response(x, e, clk, t, counting);
}

/* Whether a clock of these wires does something on every repeat (a handshake). */
static inline int txn_hot(const struct axiperf_link *l)
{
	return (l->awvalid & l->awready) | (l->wvalid & l->wready) | (l->bvalid & l->bready) |
	       (l->arvalid & l->arready) | (l->rvalid & l->rready);
}
/* --interval: the window's counts go to the whole run's; the next window starts from none. */
void txn_cut(struct txn *x);
/* After the last window: the whole run's counts back where the output reads them. */
void txn_uncut(struct txn *x);
/* The bursts in flight: how many, and the clocks they have taken so far (by kind). */
void txn_open(const struct txn *x, uint64_t open[TXN_KINDS], uint64_t clocks[TXN_KINDS]);

void dist_init(struct dist *d);
void dist_free(struct dist *d);
void dist_add(struct dist *d, uint64_t v, uint64_t n);
void dist_merge(struct dist *into, const struct dist *from);
/* Each distinct value with its count, by value (free() the two arrays). */
uint32_t dist_sorted(const struct dist *d, uint64_t **val, uint64_t **cnt);
/* The nearest-rank p-th percentile (p in 1..100): 0 when no sample or unplaced. */
int dist_percentile(const uint64_t *val, const uint64_t *cnt, uint32_t n, uint64_t count,
		    unsigned int p, uint64_t *out);
/* How many IDs a kind's bursts can have (its per-ID table's length). */
unsigned int txn_ids(const struct txn *x, int kind);
/* The worst of a kind, slowest first (earlier first among equals); a sorted copy. */
unsigned int txn_worst_sorted(const struct txn *x, int kind, struct worst *out);

/* txn_out.c: a link's transactions as a table, CSV rows, or members of its JSON object. */
struct opts;
void txn_print_text(const struct txn *x, unsigned int idx, const char *label,
		    const struct opts *o);

/* What begins and ends every --csv row of a link: instance first, link last. */
struct csv_key {
	const char *instance;	/* axiperfN, or axiperfN@START..END for a window */
	const char *link;	/* the link's scope path, "" for a raw trace */
};

/*
 * One --csv row: the instance, the fields fmt makes (kind,name,value,unit,
 * num,den), then the link, quoted as RFC 4180 asks when it has a comma, a
 * double quote or a line break.
 */
void csv_row(const struct csv_key *key, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void txn_print_csv(const struct txn *x, const struct csv_key *key, const struct opts *o);
void txn_print_json(const struct txn *x, const struct opts *o);

/* A link as --markers shows it: its slowest bursts and the 1-bit signals to show. */
struct mark_link {
	const struct txn *x;
	const char *label;
	const char *signals[14];	/* NULL after the last */
};

/*
 * The slowest bursts as a GTKWave save file: a named marker at each one's
 * start and end (times in the dump's units times scale, GTKWave's), the
 * slowest of each kind first while markers are left. Returns the markers
 * written; *bursts the bursts ranked, *marked those marked.
 */
unsigned int txn_write_markers(FILE *f, const char *dump, uint64_t scale,
			       const struct mark_link *l, unsigned int nl, unsigned int worst,
			       unsigned int *bursts, unsigned int *marked);

#endif /* AXIPERF_REPLAY_TXN_H */
