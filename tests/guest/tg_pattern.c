// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Closed-form monitor counts of the generator's patterns. Each formula is
 * read off the pattern's clock-by-clock timeline (Documentation/testbed.rst,
 * "Expected counts") and the category table (generated/categories.rst).
 */
#include <stddef.h>
#include <sys/mman.h>
#include <time.h>

#include "tg_pattern.h"
#include "axiperf-tg-regs.h"

#define E(name) e->ev[AXIPERF_EV_##name]

const struct tg_pattern tg_patterns[] = {
	{ .name = "single-beat reads", .mode = AXIPERF_TG_READS,
	  .bursts = 16, .len = 0, .size = 3 },
	{ .name = "long bursts", .mode = AXIPERF_TG_READS | AXIPERF_TG_WRITES,
	  .bursts = 3, .len = 255, .size = 3, .r_latency = 4, .w_delay = 2,
	  .b_latency = 3 },
	{ .name = "slow slave", .mode = AXIPERF_TG_READS | AXIPERF_TG_WRITES,
	  .bursts = 5, .len = 7, .size = 2, .ar_wait = 3, .r_latency = 10,
	  .r_gap = 2, .aw_wait = 2, .w_wait = 1, .b_latency = 5 },
	{ .name = "back-pressure on R and B",
	  .mode = AXIPERF_TG_READS | AXIPERF_TG_WRITES,
	  .bursts = 6, .len = 3, .size = 3, .r_latency = 1, .r_stall = 2,
	  .w_gap = 1, .b_stall = 3 },
	{ .name = "write data before address",
	  .mode = AXIPERF_TG_WRITES | AXIPERF_TG_DATA_FIRST,
	  .bursts = 7, .len = 5, .size = 3, .w_delay = 3, .aw_wait = 2,
	  .w_wait = 2, .w_gap = 1, .b_latency = 2, .b_stall = 1,
	  .wstrb = 0x0f },
	{ .name = "four IDs interleaved",
	  .mode = AXIPERF_TG_READS | AXIPERF_TG_INTERLEAVE,
	  .bursts = 4, .len = 3, .size = 3, .ids = 4, .depth = 4,
	  .r_latency = 3 },
	{ .name = "four outstanding reads", .mode = AXIPERF_TG_READS,
	  .bursts = 8, .len = 3, .size = 3, .ids = 2, .depth = 4,
	  .r_latency = 6 },
	{ .name = "more IDs responding than ID slots",
	  .mode = AXIPERF_TG_READS | AXIPERF_TG_INTERLEAVE,
	  .bursts = 6, .len = 1, .size = 3, .ids = 6, .depth = 6,
	  .r_latency = 5 },
	{ .name = "single-beat writes", .mode = AXIPERF_TG_WRITES,
	  .bursts = 10, .len = 0, .size = 3 },
};
const unsigned int tg_num_patterns = sizeof(tg_patterns) / sizeof(tg_patterns[0]);

const struct tg_pattern tg_reset_patterns[] = {
	{ .name = "link reset while ARVALID hangs",
	  .mode = AXIPERF_TG_READS | AXIPERF_TG_HANG,
	  .bursts = 1, .len = 3, .size = 3, .reset_at = 50 },
	{ .name = "link reset in the read latency", .mode = AXIPERF_TG_READS,
	  .bursts = 1, .len = 7, .size = 3, .ar_wait = 2, .r_latency = 20,
	  .reset_at = 10 },
	{ .name = "link reset in the middle of a read burst",
	  .mode = AXIPERF_TG_READS, .bursts = 1, .len = 15, .size = 3,
	  .r_latency = 4, .reset_at = 12 },
};
const unsigned int tg_num_reset_patterns =
	sizeof(tg_reset_patterns) / sizeof(tg_reset_patterns[0]);

static uint32_t lanes(const struct tg_pattern *p, const struct tg_link *k)
{
	uint32_t all = k->data_bytes >= 32 ? 0xffffffffu : (1u << k->data_bytes) - 1;

	return p->wstrb ? p->wstrb & all : all;
}

static unsigned int popcount32(uint32_t x)
{
	unsigned int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

static uint32_t or1(uint32_t v)
{
	return v ? v : 1;
}

/* Reads; returns the read span (clocks from first to last handshake). */
static const char *expect_reads(const struct tg_pattern *p,
				const struct tg_link *k, struct tg_expect *e,
				uint64_t *span)
{
	uint64_t B = p->bursts, n = p->len + 1, L = p->r_latency;
	uint64_t a = p->ar_wait, g = p->r_gap, rs = p->r_stall;
	uint64_t depth = or1(p->depth), ids = or1(p->ids);
	bool simple = !a && !g && !rs;

	E(RD_BURSTS) = B;
	E(RD_BEATS) = B * n;
	E(RD_BYTES) = B * (n << p->size);
	E(RD_MAX_BURST_SIZE) = p->len;

	if (p->mode & AXIPERF_TG_INTERLEAVE) {
		/* K bursts of K IDs back to back; the slave takes each in turn,
		 * so beats run without a gap from the first one. */
		/* all K addresses are in before the first beat (L >= K - 1),
		 * else the oldest burst gets the next beat again */
		if (!simple || depth != B || ids != B || n < 2 || L + 1 < B)
			return "interleaved reads: closed form needs BURSTS = IDS = DEPTH, LEN >= 1, R_LATENCY >= IDS - 1 and no AR_WAIT, R_GAP, R_STALL";
		E(RD_AR_CYCLES) = 1;
		E(RD_LAG) = L;
		E(RD_FIRST_LAG) = L + 1;
		E(RD_MAX_OUTSTANDING) = B;
		E(RD_MAX_RESPONDING) = B < k->id_slots ? B : k->id_slots;
		e->resp_approx = B > k->id_slots;
		/* each burst from its address (clock k) to its last beat,
		 * 1 + L + (n-1)B + k; waiting for data are those not
		 * responding: the ID table holds the first id_slots, a
		 * burst past them never gets a slot (its last beat takes
		 * none), so it counts as waiting until it ends */
		E(RD_INFLIGHT) = B * (1 + L + (n - 1) * B);
		E(RD_WAITING) = E(RD_INFLIGHT) -
				(B < k->id_slots ? B : k->id_slots) * (n - 1) * B;
		*span = 1 + L + B * n;
		return NULL;
	}
	if (depth == 1) {
		/* per burst: AR refused a clocks, accepted, L clocks of lag,
		 * n beats each held rs clocks, g idle clocks between beats */
		E(RD_AR_STALL) = B * a;
		E(RD_AR_CYCLES) = B;
		E(RD_LAG) = B * L;
		E(RD_R_STALL) = B * n * rs;
		E(RD_SLOW_LINK) = B * (n - 1) * g;
		E(RD_FIRST_LAG) = B * (a + 1 + L);
		E(RD_MAX_OUTSTANDING) = 1;
		E(RD_MAX_RESPONDING) = (n >= 2 || rs) ? 1 : 0;
		/* from the AR handshake: L + 1 clocks to the first RVALID,
		 * then the beats and gaps up to the last one */
		E(RD_INFLIGHT) = B * (L + n * (rs + 1) + (n - 1) * g);
		E(RD_WAITING) = B * (L + 1);
		*span = B * (a + 1 + L + n * (rs + 1) + (n - 1) * g);
		return NULL;
	}
	/* DEPTH addresses ahead: the data of one burst follows the last
	 * beat of the one before without a gap when 1 + L <= (DEPTH-1) * n */
	if (!simple || 1 + L > (depth - 1) * n || L + n < depth || B < depth)
		return "outstanding reads: closed form needs 1 + R_LATENCY <= (DEPTH-1)*(LEN+1), R_LATENCY + LEN + 1 >= DEPTH, BURSTS >= DEPTH and no AR_WAIT, R_GAP, R_STALL";
	E(RD_AR_CYCLES) = 1;
	E(RD_LAG) = L;
	E(RD_FIRST_LAG) = L + 1;
	E(RD_MAX_OUTSTANDING) = depth;
	E(RD_MAX_RESPONDING) = n >= 2 ? 1 : 0;
	/* burst i < DEPTH: address at i, first beat at 1 + L + i n, last at
	 * L + (i+1) n; burst i >= DEPTH: address on the clock after burst
	 * i - DEPTH's last beat, so (DEPTH-1) n clocks to its first beat and
	 * DEPTH n - 1 to its last */
	E(RD_INFLIGHT) = depth * L + n * depth * (depth + 1) / 2 - depth * (depth - 1) / 2 +
			 (B - depth) * (depth * n - 1);
	E(RD_WAITING) = depth * (L + 1) + (n - 1) * depth * (depth - 1) / 2 +
			(B - depth) * (depth - 1) * n;
	*span = 1 + L + B * n;
	return NULL;
}

static void expect_writes(const struct tg_pattern *p, const struct tg_link *k,
			  struct tg_expect *e, uint64_t *span)
{
	uint64_t B = p->bursts, n = p->len + 1, aw = p->aw_wait;
	uint64_t d = p->w_delay, g = p->w_gap, ww = p->w_wait;
	uint64_t bl = p->b_latency, bs = p->b_stall;

	E(WR_BURSTS) = B;
	E(WR_BEATS) = B * n;
	E(WR_AW_BYTES) = B * (n << p->size);
	E(WR_W_BYTES) = B * n * popcount32(lanes(p, k));
	E(WR_B_LAG) = B * bl;
	E(WR_B_STALL) = B * bs;
	E(WR_B_END) = B;
	E(WR_MAX_BURST_SIZE) = p->len;
	E(WR_MAX_AW_OUTSTANDING) = 1;
	E(WR_MAX_W_OUTSTANDING) = 1;
	E(WR_MAX_OUTSTANDING) = 1;

	if (p->mode & AXIPERF_TG_DATA_FIRST) {
		/* per burst: n beats (each refused ww clocks, the first
		 * refusal an early stall), g idle clocks between beats, d
		 * clocks, AW refused aw clocks then accepted: all address lag
		 * but the beats; every clock before the AW handshake biases
		 * towards data first */
		E(WR_EARLY_BEAT) = B * n;
		E(WR_EARLY_STALL) = ww ? B : 0;
		E(WR_STALL) = B * (n * ww - (ww ? 1 : 0));
		E(WR_ADDR_LAG) = B * ((n - 1) * g + d + aw + 1);
		E(WR_BIAS_DATA_FIRST) = B * (n * (ww + 1) + (n - 1) * g + d + aw);
		/* in flight from the first WVALID to the B handshake */
		E(WR_INFLIGHT) = B * (n * (ww + 1) + (n - 1) * g + d + aw + bl + bs + 1);
	} else {
		/* per burst: AW refused aw clocks then accepted, d clocks of
		 * data lag, n beats each refused ww clocks, g idle clocks of
		 * slow data between beats; address-first bias until the
		 * first WVALID clock, included */
		E(WR_ADDR_STALL) = B * aw;
		E(WR_AW_EARLY) = B;
		E(WR_DATA_LAG) = B * d;
		E(WR_STALL) = B * n * ww;
		E(WR_SLOW_DATA) = B * (n - 1) * g;
		E(WR_BIAS_ADDR_FIRST) = B * (aw + d + 2);
		/* in flight from the AW handshake to the B handshake */
		E(WR_INFLIGHT) = B * (d + n * (ww + 1) + (n - 1) * g + bl + bs + 1);
	}
	*span = B * (aw + 1 + d + n * (ww + 1) + (n - 1) * g + bl + bs + 1);
}

static uint64_t clamp(uint64_t lo, uint64_t v, uint64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/*
 * One read burst cut by a link reset on traffic clock K: the clocks
 * before K follow the burst's timeline (AR refused a clocks, or for ever
 * with HANG; accepted; L clocks of lag; a beat a clock), clock K is idle
 * and ends the burst. Returns the read span, K + 1 (CLOCKS).
 */
static const char *expect_reset_reads(const struct tg_pattern *p, struct tg_expect *e,
				      uint64_t *span)
{
	uint64_t K = p->reset_at, n = p->len + 1, L = p->r_latency;
	uint64_t a = (p->mode & AXIPERF_TG_HANG) ? UINT32_MAX : p->ar_wait;

	if ((p->mode & (AXIPERF_TG_WRITES | AXIPERF_TG_INTERLEAVE)) || p->bursts != 1 ||
	    or1(p->depth) != 1 || p->r_gap || p->r_stall)
		return "a link reset: closed form needs one read burst, DEPTH 1, no R_GAP, R_STALL or writes";
	if (a != UINT32_MAX && K > a + L + n)
		return "a link reset: RESET_AT is after the burst's last beat";
	E(RD_AR_STALL) = K < a ? K : a;
	E(RD_AR_CYCLES) = K > a;
	E(RD_BYTES) = K > a ? n << p->size : 0;
	E(RD_MAX_BURST_SIZE) = K > a ? p->len : 0;
	if (K > a) {
		E(RD_LAG) = clamp(0, K - (a + 1), L);
		E(RD_BEATS) = K > a + 1 + L ? clamp(0, K - (a + 1 + L), n) : 0;
	}
	/* rd_first from clock 1 to the first beat; none on the reset clock */
	E(RD_FIRST_LAG) = K - 1 < a + 1 + L ? K - 1 : a + 1 + L;
	E(RD_MAX_OUTSTANDING) = K > a + 1;
	/* outstanding from clock a + 1 to K - 1 (the reset clock ends it),
	 * waiting for data at most L + 1 of those */
	E(RD_INFLIGHT) = K > a ? K - 1 - a : 0;
	E(RD_WAITING) = K > a ? (K - 1 - a < L + 1 ? K - 1 - a : L + 1) : 0;
	/* a slot is taken by a first beat that is not the last */
	E(RD_MAX_RESPONDING) = n >= 2 && K > a + 2 + L;
	*span = K + 1;
	return NULL;
}

const char *tg_expect(const struct tg_pattern *p, const struct tg_link *k,
		      struct tg_expect *e)
{
	uint64_t rspan = 0, wspan = 0;
	const char *err;

	*e = (struct tg_expect){ 0 };
	if (p->reset_at) {
		/* the reset clock is idle: K clocks of read traffic, then it */
		err = expect_reset_reads(p, e, &rspan);
		if (err)
			return err;
		e->span = rspan;
		e->framed_active = e->span + 2;
		E(ACTIVE_CYCLES) = e->framed_active;
		E(RD_IDLE) = e->framed_active - p->reset_at;
		E(WR_IDLE) = e->framed_active;
		return NULL;
	}
	if (p->mode & AXIPERF_TG_READS) {
		err = expect_reads(p, k, e, &rspan);
		if (err)
			return err;
	}
	if (p->mode & AXIPERF_TG_WRITES)
		expect_writes(p, k, e, &wspan);
	e->span = rspan > wspan ? rspan : wspan;
	/* FRAME: the stop is requested on the clock after the last
	 * handshake and applied, idle, on the next: both are counted */
	e->framed_active = e->span + 2;
	E(ACTIVE_CYCLES) = e->framed_active;
	E(RD_IDLE) = e->framed_active - rspan;
	E(WR_IDLE) = e->framed_active - wspan;
	return NULL;
}

bool tg_event_is_traffic_only(unsigned int ev)
{
	return ev != AXIPERF_EV_ACTIVE_CYCLES && ev != AXIPERF_EV_RD_IDLE &&
	       ev != AXIPERF_EV_WR_IDLE;
}

void tg_program(volatile uint32_t *tg, const struct tg_pattern *p,
		const struct tg_link *k)
{
#define W(reg, v) (tg[AXIPERF_TG_##reg / 4] = (v))
	W(MODE, p->mode);
	W(BURSTS, p->bursts);
	W(LEN, p->len);
	W(SIZE, p->size);
	W(IDS, or1(p->ids));
	W(DEPTH, or1(p->depth));
	W(AR_WAIT, p->ar_wait);
	W(R_LATENCY, p->r_latency);
	W(R_GAP, p->r_gap);
	W(R_STALL, p->r_stall);
	W(AW_WAIT, p->aw_wait);
	W(W_DELAY, p->w_delay);
	W(W_GAP, p->w_gap);
	W(W_WAIT, p->w_wait);
	W(B_LATENCY, p->b_latency);
	W(B_STALL, p->b_stall);
	W(WSTRB, lanes(p, k));
	W(RESET_AT, p->reset_at);
#undef W
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int tg_run(volatile uint32_t *tg, uint32_t ctrl, unsigned int timeout_ms)
{
	uint64_t end = now_ms() + timeout_ms;
	uint32_t st;

	tg[AXIPERF_TG_CTRL / 4] = ctrl;
	for (;;) {
		st = tg[AXIPERF_TG_CTRL / 4];
		if (st & AXIPERF_TG_ERR)
			return -1;
		if ((st & AXIPERF_TG_DONE) && !(st & AXIPERF_TG_BUSY))
			return 0;
		/* each read runs the link's clocks up to now: poll, no sleep */
		if (now_ms() > end)
			return -1;
	}
}

volatile uint32_t *tg_map(int fd, unsigned long base)
{
	volatile uint32_t *tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE,
				     MAP_SHARED, fd, base);

	if (tg == MAP_FAILED)
		return NULL;
	if (tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC) {
		munmap((void *)tg, AXIPERF_TG_WINDOW);
		return NULL;
	}
	return tg;
}

void tg_fit_link(const struct tg_pattern *p, const struct tg_link *k,
		 struct tg_pattern *out)
{
	uint32_t max = 0;

	while ((2u << max) <= k->data_bytes)
		max++;
	*out = *p;
	if (out->size > max)
		out->size = max;
}
