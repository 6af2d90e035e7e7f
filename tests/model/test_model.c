// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Unit tests of the C reference model against hand-computed counts, and
 * of its fast paths against the reference.
 *
 * The hand-computed tests run on the reference (axiperf_model_clock_ref());
 * again with --quick on the per-clock fast path, with --hold with every
 * run of equal wires held and with --replay with every run replayed.
 *
 * Each clock of a sequence is written as the wires raised on it:
 *   aw = awvalid+awready, awv = awvalid only, w = wvalid+wready, wv, wl,
 *   b, bv, ar, arv, arr (arready alone), awr, r, rv, rl,
 *   awlen=N awsize=N arlen=N arsize=N arid=N rid=N strb=X strb1=X.
 * Defaults: lengths 0, sizes 2 (4 bytes), strb 0xf, IDs 0.
 * Comments next to each clock give its read / write category.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "axiperf/regs.h"
#include "axiperf/figures.h"
#include "axiperf/categories.h"
#include "axiperf_model.h"

/* ---------------------------------------------------------------- helpers */

static void parse(const char *s, struct axiperf_link *l)
{
	char tok[32];

	memset(l, 0, sizeof(*l));
	l->awsize = 2;
	l->arsize = 2;
	l->wstrb[0] = 0xf;
	while (*s) {
		size_t n = 0;
		unsigned long long v = 0;
		const char *eq;

		while (*s == ' ')
			s++;
		while (s[n] && s[n] != ' ' && n < sizeof(tok) - 1)
			n++;
		if (!n)
			break;
		memcpy(tok, s, n);
		tok[n] = 0;
		s += n;
		eq = strchr(tok, '=');
		if (eq)
			v = strtoull(eq + 1, NULL, 0);
		if (!strcmp(tok, "aw"))
			l->awvalid = l->awready = true;
		else if (!strcmp(tok, "awv"))
			l->awvalid = true;
		else if (!strcmp(tok, "awr"))
			l->awready = true;
		else if (!strcmp(tok, "w"))
			l->wvalid = l->wready = true;
		else if (!strcmp(tok, "wv"))
			l->wvalid = true;
		else if (!strcmp(tok, "wr"))
			l->wready = true;
		else if (!strcmp(tok, "wl"))
			l->wlast = true;
		else if (!strcmp(tok, "b"))
			l->bvalid = l->bready = true;
		else if (!strcmp(tok, "bv"))
			l->bvalid = true;
		else if (!strcmp(tok, "ar"))
			l->arvalid = l->arready = true;
		else if (!strcmp(tok, "arv"))
			l->arvalid = true;
		else if (!strcmp(tok, "arr"))
			l->arready = true;
		else if (!strcmp(tok, "r"))
			l->rvalid = l->rready = true;
		else if (!strcmp(tok, "rv"))
			l->rvalid = true;
		else if (!strcmp(tok, "rl"))
			l->rlast = true;
		else if (!strncmp(tok, "awlen=", 6))
			l->awlen = (uint8_t)v;
		else if (!strncmp(tok, "awsize=", 7))
			l->awsize = (uint8_t)v;
		else if (!strncmp(tok, "arlen=", 6))
			l->arlen = (uint8_t)v;
		else if (!strncmp(tok, "arsize=", 7))
			l->arsize = (uint8_t)v;
		else if (!strncmp(tok, "arid=", 5))
			l->arid = (uint32_t)v;
		else if (!strncmp(tok, "rid=", 4))
			l->rid = (uint32_t)v;
		else if (!strncmp(tok, "strb=", 5))
			l->wstrb[0] = v;
		else if (!strncmp(tok, "strb1=", 6))
			l->wstrb[1] = v;
		else
			fail_msg("bad wire token '%s' in test sequence", tok);
	}
}

/* --quick: single clocks without a register write take the per-clock fast path. */
static int quick_mode;

/* One clock without a register write, on the reference unless --quick. */
static void clock_plain(struct axiperf_model *m, const struct axiperf_link *l)
{
	if (quick_mode)
		axiperf_model_clock(m, l, NULL);
	else
		axiperf_model_clock_ref(m, l, NULL);
}

static void tick(struct axiperf_model *m, const char *wires)
{
	struct axiperf_link l;

	parse(wires, &l);
	clock_plain(m, &l);
}

/* One clock with an AXI4-lite write of data (all byte lanes) accepted on it. */
static void tick_w(struct axiperf_model *m, const char *wires, uint32_t off, uint32_t data)
{
	struct axiperf_link l;
	struct axiperf_axil_write w = { .offset = off, .data = data, .strb = 0xf };

	parse(wires, &l);
	axiperf_model_clock(m, &l, &w);
}

/*
 * --hold: every run of clocks with the same wires goes through
 * axiperf_model_hold(); --replay: through axiperf_model_replay(), one run
 * at a time (each a batch of its own).
 */
static int hold_mode, replay_mode;

static void ticks(struct axiperf_model *m, const char *wires, int n)
{
	struct axiperf_link l;

	if (hold_mode && n > 0) {
		parse(wires, &l);
		axiperf_model_hold(m, &l, (uint64_t)n);
		return;
	}
	if (replay_mode && n > 0) {
		struct axiperf_run r;

		parse(wires, &r.l);
		r.n = (uint64_t)n;
		axiperf_model_replay(m, &r, 1);
		return;
	}
	while (n--)
		tick(m, wires);
}

static void check_ev(const struct axiperf_model *m, unsigned int id, uint64_t want)
{
	uint64_t got = axiperf_model_event(m, id);

	if (got != want) {
		print_error("%s: got %llu, want %llu\n", axiperf_event_name[id],
			    (unsigned long long)got, (unsigned long long)want);
		fail();
	}
}

static void check_reg(const struct axiperf_model *m, uint32_t off, uint32_t want)
{
	uint32_t got = axiperf_model_read(m, off);

	if (got != want) {
		print_error("register 0x%03x: got 0x%08x, want 0x%08x\n", off, got, want);
		fail();
	}
}

static bool ctrl(const struct axiperf_model *m, uint32_t bit)
{
	return (axiperf_model_read(m, AXIPERF_REG_CONTROL) & bit) != 0;
}

static void init_with(struct axiperf_model *m, void (*tweak)(struct axiperf_params *))
{
	struct axiperf_params p;

	axiperf_params_default(&p);
	if (tweak)
		tweak(&p);
	assert_null(axiperf_model_params_error(&p));
	axiperf_model_init(m, &p);
}

/* Start on an idle bus: the write makes it pending, the next clock applies it. */
static void start_idle(struct axiperf_model *m)
{
	tick_w(m, "", AXIPERF_REG_CONTROL, 1);
	assert_true(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	tick(m, "");
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_false(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
}

static int setup_default(void **state)
{
	static struct axiperf_model m;

	init_with(&m, NULL);
	start_idle(&m);
	*state = &m;
	return 0;
}

struct rd_exp {
	uint64_t beat, stall, slow, lag, ar_stall, ar_cycle, idle;
};

struct wr_exp {
	uint64_t early_beat, beats, stall, early_stall, slow_data, data_lag;
	uint64_t b_lag, b_stall, b_end, addr_lag, aw_early, addr_stall, idle;
};

static void expect_rd(const struct axiperf_model *m, struct rd_exp e)
{
	check_ev(m, AXIPERF_EV_RD_BEATS, e.beat);
	check_ev(m, AXIPERF_EV_RD_R_STALL, e.stall);
	check_ev(m, AXIPERF_EV_RD_SLOW_LINK, e.slow);
	check_ev(m, AXIPERF_EV_RD_LAG, e.lag);
	check_ev(m, AXIPERF_EV_RD_AR_STALL, e.ar_stall);
	check_ev(m, AXIPERF_EV_RD_AR_CYCLES, e.ar_cycle);
	check_ev(m, AXIPERF_EV_RD_IDLE, e.idle);
}

static void expect_wr(const struct axiperf_model *m, struct wr_exp e)
{
	check_ev(m, AXIPERF_EV_WR_EARLY_BEAT, e.early_beat);
	check_ev(m, AXIPERF_EV_WR_BEATS, e.beats);
	check_ev(m, AXIPERF_EV_WR_STALL, e.stall);
	check_ev(m, AXIPERF_EV_WR_EARLY_STALL, e.early_stall);
	check_ev(m, AXIPERF_EV_WR_SLOW_DATA, e.slow_data);
	check_ev(m, AXIPERF_EV_WR_DATA_LAG, e.data_lag);
	check_ev(m, AXIPERF_EV_WR_B_LAG, e.b_lag);
	check_ev(m, AXIPERF_EV_WR_B_STALL, e.b_stall);
	check_ev(m, AXIPERF_EV_WR_B_END, e.b_end);
	check_ev(m, AXIPERF_EV_WR_ADDR_LAG, e.addr_lag);
	check_ev(m, AXIPERF_EV_WR_AW_EARLY, e.aw_early);
	check_ev(m, AXIPERF_EV_WR_ADDR_STALL, e.addr_stall);
	check_ev(m, AXIPERF_EV_WR_IDLE, e.idle);
}

/* Counter index of an event, for tests that preset a counter near a wrap. */
static uint64_t *counter(struct axiperf_model *m, unsigned int id)
{
	unsigned int i = 0;

#define AXIPERF_X(name, eid, off, legacy, unit, per_byte, cst) \
	if (id == (eid)) \
		return &m->cnt[i]; \
	i++;
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
	fail_msg("event %u is not a counter", id);
	return NULL;
}

/* ------------------------------------------------------ read categories */

static void test_rd_beat_counts_each_read_data_transfer(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arlen=1");	/* addr_cycle */
	tick(m, "r");		/* beat */
	tick(m, "r rl");	/* beat */
	expect_rd(m, (struct rd_exp){ .ar_cycle = 1, .beat = 2 });
	expect_wr(m, (struct wr_exp){ .idle = 3 });
	check_ev(m, AXIPERF_EV_RD_BURSTS, 1);
	check_ev(m, AXIPERF_EV_RD_BYTES, 8);	/* (1 + 1) << 2 */
	check_ev(m, AXIPERF_EV_RD_MAX_BURST_SIZE, 1);
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 3);
}

static void test_rd_stall_counts_master_backpressure_on_r(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar");		/* addr_cycle */
	tick(m, "rv rl");	/* stall */
	tick(m, "rv rl");	/* stall */
	tick(m, "r rl");	/* beat */
	expect_rd(m, (struct rd_exp){ .ar_cycle = 1, .stall = 2, .beat = 1 });
	check_ev(m, AXIPERF_EV_RD_BURSTS, 1);
}

static void test_rd_slow_link_counts_gaps_inside_a_responding_burst(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arlen=2");	/* addr_cycle */
	tick(m, "r");		/* beat; the ID starts responding */
	tick(m, "");		/* slow_link */
	tick(m, "");		/* slow_link */
	tick(m, "r");		/* beat */
	tick(m, "r rl");	/* beat; the ID is done */
	tick(m, "");		/* idle */
	expect_rd(m, (struct rd_exp){ .ar_cycle = 1, .beat = 3, .slow = 2, .idle = 1 });
	check_ev(m, AXIPERF_EV_RD_MAX_RESPONDING, 1);
}

static void test_rd_max_responding_counts_ids_at_once_not_in_total(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arid=1 arlen=1");	/* addr_cycle */
	tick(m, "ar arid=2 arlen=1");	/* lag */
	tick(m, "r rid=1");		/* beat; ID 1 responding */
	tick(m, "r rl rid=1");		/* beat; ID 1 done (sees 1) */
	tick(m, "r rid=2");		/* beat; ID 2 responding (sees 0) */
	tick(m, "r rl rid=2");		/* beat (sees 1) */
	tick(m, "r rid=3");		/* a stray ID: responding (sees 0) */
	tick(m, "");			/* slow_link (sees 1) */
	check_ev(m, AXIPERF_EV_RD_MAX_RESPONDING, 1);
	expect_rd(m, (struct rd_exp){ .ar_cycle = 1, .lag = 1, .beat = 5, .slow = 1 });
}

static void test_rd_lag_counts_wait_for_the_first_beat(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar");		/* addr_cycle */
	tick(m, "");		/* lag */
	tick(m, "");		/* lag */
	tick(m, "r rl");	/* beat */
	expect_rd(m, (struct rd_exp){ .ar_cycle = 1, .lag = 2, .beat = 1 });
	check_ev(m, AXIPERF_EV_RD_MAX_OUTSTANDING, 1);
}

static void test_rd_addr_stall_counts_arvalid_refused_on_idle_link(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "arv");		/* addr_stall */
	tick(m, "arv");		/* addr_stall */
	tick(m, "ar");		/* addr_cycle */
	tick(m, "r rl");	/* beat */
	expect_rd(m, (struct rd_exp){ .ar_stall = 2, .ar_cycle = 1, .beat = 1 });
}

static void test_rd_addr_cycle_counts_only_requests_on_an_idle_link(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar");		/* addr_cycle */
	tick(m, "ar");		/* lag: one is already outstanding */
	tick(m, "r rl");	/* beat */
	tick(m, "r rl");	/* beat */
	tick(m, "ar");		/* addr_cycle */
	tick(m, "r rl");	/* beat */
	expect_rd(m, (struct rd_exp){ .ar_cycle = 2, .lag = 1, .beat = 3 });
	check_ev(m, AXIPERF_EV_RD_BURSTS, 3);
	check_ev(m, AXIPERF_EV_RD_BYTES, 12);
	check_ev(m, AXIPERF_EV_RD_MAX_OUTSTANDING, 2);
}

static void test_rd_idle_counts_quiet_read_channels(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "");		/* idle / idle */
	tick(m, "");		/* idle / idle */
	tick(m, "awv");		/* idle / addr_stall */
	expect_rd(m, (struct rd_exp){ .idle = 3 });
	expect_wr(m, (struct wr_exp){ .idle = 2, .addr_stall = 1 });
}

/* ----------------------------------------------------- write categories */

static void test_wr_early_beat_counts_data_before_its_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "w wl");	/* early_beat (also a beat) */
	tick(m, "aw");		/* addr_lag: whole burst in, no address */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .early_beat = 1, .beats = 1, .addr_lag = 1, .b_end = 1 });
	check_ev(m, AXIPERF_EV_WR_BURSTS, 1);
	check_ev(m, AXIPERF_EV_WR_W_BYTES, 4);
	check_ev(m, AXIPERF_EV_WR_AW_BYTES, 4);
}

static void test_wr_beat_counts_data_with_its_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw w wl");	/* beat: address in the same clock */
	tick(m, "b");		/* b_end */
	tick(m, "aw awlen=1");	/* aw_early */
	tick(m, "w");		/* beat */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .beats = 3, .b_end = 2, .aw_early = 1 });
	check_ev(m, AXIPERF_EV_WR_AW_BYTES, 12);
	check_ev(m, AXIPERF_EV_WR_MAX_BURST_SIZE, 1);
}

static void test_wr_stall_counts_refused_data_after_the_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw");		/* aw_early */
	tick(m, "wv wl");	/* stall #1 */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .aw_early = 1, .stall = 1, .beats = 1, .b_end = 1 });
}

static void test_wr_stall_no_addr_counts_midburst_refusal_without_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "w");		/* early_beat; a burst is in progress */
	tick(m, "wv wl");	/* stall #2: no address, mid-burst */
	tick(m, "w wl");	/* early_beat */
	tick(m, "aw awlen=1");	/* addr_lag */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .early_beat = 2, .beats = 2, .stall = 1, .addr_lag = 1,
				       .b_end = 1 });
}

static void test_wr_early_stall_counts_first_refused_beat_without_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "wv wl");	/* early_stall: no burst started yet */
	tick(m, "wv wl");	/* stall #2: WVALID has started the burst */
	tick(m, "w wl");	/* early_beat */
	tick(m, "aw");		/* addr_lag */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .early_stall = 1, .stall = 1, .early_beat = 1, .beats = 1,
				       .addr_lag = 1, .b_end = 1 });
}

static void test_wr_slow_data_counts_gaps_inside_a_write_burst(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw awlen=1");	/* aw_early */
	tick(m, "w");		/* beat */
	tick(m, "");		/* slow_data */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .aw_early = 1, .beats = 2, .slow_data = 1, .b_end = 1 });
}

static void test_wr_data_lag_counts_wait_for_data_after_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw");		/* aw_early */
	tick(m, "");		/* data_lag */
	tick(m, "");		/* data_lag */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .aw_early = 1, .data_lag = 2, .beats = 1, .b_end = 1 });
}

static void test_wr_b_lag_counts_wait_for_bvalid(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw w wl");	/* beat */
	tick(m, "");		/* b_lag */
	tick(m, "");		/* b_lag */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .beats = 1, .b_lag = 2, .b_end = 1 });
}

static void test_wr_b_stall_counts_master_backpressure_on_b(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw w wl");	/* beat */
	tick(m, "bv");		/* b_stall */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .beats = 1, .b_stall = 1, .b_end = 1 });
}

static void test_wr_b_end_counts_accepted_responses(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw w wl");	/* beat */
	tick(m, "b");		/* b_end */
	tick(m, "aw w wl");	/* beat */
	tick(m, "b");		/* b_end */
	tick(m, "");		/* idle */
	expect_wr(m, (struct wr_exp){ .beats = 2, .b_end = 2, .idle = 1 });
	check_ev(m, AXIPERF_EV_WR_BURSTS, 2);
}

static void test_wr_addr_lag_mid_counts_midburst_gap_without_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "w");		/* early_beat */
	tick(m, "");		/* addr_lag #2: mid-burst, no address */
	tick(m, "w wl");	/* early_beat */
	tick(m, "");		/* addr_lag #1 */
	tick(m, "aw awlen=1");	/* addr_lag #1 */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .early_beat = 2, .beats = 2, .addr_lag = 3, .b_end = 1 });
}

static void test_wr_addr_lag_counts_complete_data_waiting_for_address(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "w wl");	/* early_beat */
	tick(m, "");		/* addr_lag #1 */
	tick(m, "awv");		/* addr_lag #1 (refused address) */
	tick(m, "aw");		/* addr_lag #1 */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .early_beat = 1, .beats = 1, .addr_lag = 3, .b_end = 1 });
}

static void test_wr_aw_early_counts_address_accepted_before_data(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw");		/* aw_early */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .aw_early = 1, .beats = 1, .b_end = 1 });
}

static void test_wr_addr_stall_counts_awvalid_refused_on_idle_link(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "awv");		/* addr_stall */
	tick(m, "awv");		/* addr_stall */
	tick(m, "aw");		/* aw_early */
	tick(m, "w wl");	/* beat */
	tick(m, "b");		/* b_end */
	expect_wr(m, (struct wr_exp){ .addr_stall = 2, .aw_early = 1, .beats = 1, .b_end = 1 });
}

static void test_wr_idle_counts_quiet_write_channels(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "");		/* idle / idle */
	tick(m, "");		/* idle / idle */
	tick(m, "ar");		/* addr_cycle / idle */
	tick(m, "r rl");	/* beat / idle */
	expect_wr(m, (struct wr_exp){ .idle = 4 });
	expect_rd(m, (struct rd_exp){ .idle = 2, .ar_cycle = 1, .beat = 1 });
}

/* ------------------------------------------------------------- control */

static int setup_stopped(void **state)
{
	static struct axiperf_model m;

	init_with(&m, NULL);
	*state = &m;
	return 0;
}

static void test_start_waits_for_an_idle_bus(void **state)
{
	struct axiperf_model *m = *state;

	tick_w(m, "ar", AXIPERF_REG_CONTROL, 1);	/* busy: ARVALID */
	tick(m, "");		/* busy: read outstanding */
	tick(m, "r rl");	/* busy: read outstanding at start of clock */
	assert_true(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
	tick(m, "");		/* idle: start applies, not counted */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_false(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
	tick(m, "");		/* counted */
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 1);
}

static void test_stop_waits_for_an_idle_bus(void **state)
{
	struct axiperf_model *m = *state;

	start_idle(m);
	tick_w(m, "aw", AXIPERF_REG_CONTROL, 0);	/* counted, busy */
	assert_true(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	tick(m, "w wl");	/* counted, busy */
	tick(m, "b");		/* counted, busy */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	tick(m, "");		/* counted; idle: stop applies */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_false(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	tick(m, "");		/* not counted */
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 4);
	expect_wr(m, (struct wr_exp){ .aw_early = 1, .beats = 1, .b_end = 1, .idle = 1 });
}

static void test_clear_waits_for_an_idle_bus_and_drops_that_clock(void **state)
{
	struct axiperf_model *m = *state;

	start_idle(m);
	tick(m, "");		/* counted: rd_idle 1 */
	tick_w(m, "ar", AXIPERF_REG_CONTROL, 3);	/* clear and start; busy */
	assert_true(ctrl(m, AXIPERF_CONTROL_CLEAR_PENDING));
	tick(m, "r rl");	/* busy, still counted */
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 3);
	check_ev(m, AXIPERF_EV_RD_BURSTS, 1);
	tick(m, "");		/* idle: clear applies, this clock's count lost */
	assert_false(ctrl(m, AXIPERF_CONTROL_CLEAR_PENDING));
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
	check_ev(m, AXIPERF_EV_RD_BURSTS, 0);
	expect_rd(m, (struct rd_exp){ 0 });
	check_ev(m, AXIPERF_EV_RD_MAX_OUTSTANDING, 0);
	tick(m, "");		/* counted again */
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 1);
	check_ev(m, AXIPERF_EV_RD_IDLE, 1);
}

static void test_clear_clock_raises_no_interrupt_of_its_lost_count(void **state)
{
	struct axiperf_model *m = *state;

	start_idle(m);
	tick_w(m, "", AXIPERF_REG_CONTROL, 3);	/* clear pending */
	*counter(m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(m, "");		/* clear applies: the step to 0x80000000 is lost */
	check_ev(m, AXIPERF_EV_RD_IDLE, 0);
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), 0);
}

static void test_clear_written_as_2_also_stops(void **state)
{
	struct axiperf_model *m = *state;

	start_idle(m);
	tick(m, "");
	tick_w(m, "", AXIPERF_REG_CONTROL, 2);	/* counted; requests pending */
	assert_true(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	tick(m, "");		/* idle: clear and stop apply */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
	tick(m, "");
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
}

static void test_last_start_or_stop_written_wins(void **state)
{
	struct axiperf_model *m = *state;

	tick_w(m, "awv", AXIPERF_REG_CONTROL, 1);	/* busy */
	tick_w(m, "awv", AXIPERF_REG_CONTROL, 0);	/* busy: stop replaces start */
	assert_true(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	assert_false(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	tick_w(m, "awv", AXIPERF_REG_CONTROL, 1);	/* busy: start replaces stop */
	assert_true(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	assert_false(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	tick(m, "");		/* idle: the start applies */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));

	tick_w(m, "awv", AXIPERF_REG_CONTROL, 0);	/* counted from here */
	tick_w(m, "awv", AXIPERF_REG_CONTROL, 1);
	tick_w(m, "awv", AXIPERF_REG_CONTROL, 0);	/* stop is the last */
	tick(m, "");		/* idle: the stop applies */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_false(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	assert_false(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 4);
	check_ev(m, AXIPERF_EV_WR_ADDR_STALL, 3);
}

static void test_start_written_while_stop_pending_is_not_lost(void **state)
{
	struct axiperf_model *m = *state;

	/* Not triggered; the bus is busy with a read outstanding. */
	tick(m, "ar");
	tick_w(m, "", AXIPERF_REG_CONTROL, 0);	/* stop pending */
	tick_w(m, "", AXIPERF_REG_CONTROL, 1);	/* start written over it */
	tick(m, "r rl");	/* still busy */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	tick(m, "");		/* idle: the start applies */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
}

static void test_control_write_on_the_applying_clock_stays_pending(void **state)
{
	struct axiperf_model *m = *state;

	tick_w(m, "", AXIPERF_REG_CONTROL, 1);	/* start pending */
	tick_w(m, "", AXIPERF_REG_CONTROL, 0);	/* idle: start applies; stop written */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_true(ctrl(m, AXIPERF_CONTROL_STOP_PENDING));
	tick(m, "");		/* counted; idle: stop applies */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 1);
}

static void test_control_write_without_byte0_strobe_is_ignored(void **state)
{
	struct axiperf_model *m = *state;
	struct axiperf_link l = { 0 };
	struct axiperf_axil_write w = { .offset = AXIPERF_REG_CONTROL, .data = 1, .strb = 0xe };

	axiperf_model_clock(m, &l, &w);
	assert_false(ctrl(m, AXIPERF_CONTROL_START_PENDING));
	clock_plain(m, &l);
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
}

static void test_idle_needs_no_burst_in_progress_and_no_valid(void **state)
{
	struct axiperf_model *m = *state;
	struct axiperf_link l = { 0 };

	assert_true(axiperf_model_idle(m, &l));
	l.wvalid = true;
	assert_false(axiperf_model_idle(m, &l));
	assert_false(axiperf_model_read_at(m, AXIPERF_REG_CONTROL, &l) & AXIPERF_CONTROL_IDLE);
	assert_true(axiperf_model_read(m, AXIPERF_REG_CONTROL) & AXIPERF_CONTROL_IDLE);
	/* A write data burst begun without its address keeps the bus busy. */
	tick(m, "w");
	l.wvalid = false;
	assert_false(axiperf_model_idle(m, &l));
	tick(m, "w wl");	/* ends the data, now waiting for the address */
	assert_false(axiperf_model_idle(m, &l));
	tick(m, "aw");
	tick(m, "b");
	assert_true(axiperf_model_idle(m, &l));
}

static void test_start_waits_for_a_data_burst_begun_without_address(void **state)
{
	struct axiperf_model *m = *state;

	tick_w(m, "w", AXIPERF_REG_CONTROL, 1);	/* WVALID: busy */
	tick(m, "");		/* burst in progress, no address: busy */
	tick(m, "wv");		/* busy */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	tick(m, "w wl");	/* busy */
	tick(m, "aw");		/* busy */
	tick(m, "b");		/* busy: w_out and aw_out at start of clock */
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	tick(m, "");		/* idle: the start applies */
	assert_true(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
}

/* ------------------------------------------------- first read lag, bias */

static void test_rd_first_lag_does_not_count_idle_clocks_after_reset(void **state)
{
	struct axiperf_model *m = *state;

	start_idle(m);
	ticks(m, "", 5);	/* rd_first is 0 out of reset */
	check_ev(m, AXIPERF_EV_RD_FIRST_LAG, 0);
	tick(m, "ar");		/* rd_first set at the end */
	tick(m, "");		/* +1 */
	tick(m, "");		/* +1 */
	tick(m, "r rl");	/* +1, RVALID clears it */
	tick(m, "");
	check_ev(m, AXIPERF_EV_RD_FIRST_LAG, 3);
	check_ev(m, AXIPERF_EV_RD_AR_CYCLES, 1);
}

static void test_wr_bias_uses_awready_not_arready(void **state)
{
	struct axiperf_model *m = *state;

	/* ARREADY differs from AWREADY on every clock below. */
	tick(m, "awv arr w wl");	/* +1: address waits, no burst pending */
	tick(m, "aw");			/*  0: data already complete (w_out) */
	tick(m, "b arr");		/*  0 */
	tick(m, "aw w wl");		/*  0: address and data together */
	tick(m, "b arr");		/*  0 */
	tick(m, "w wl arr");		/* -1: data first */
	tick(m, "");			/* -1: data waits for its address */
	tick(m, "aw arr");		/*  0: the address arrives */
	tick(m, "b");			/*  0 */
	check_ev(m, AXIPERF_EV_WR_BIAS_ADDR_FIRST, 1);
	check_ev(m, AXIPERF_EV_WR_BIAS_DATA_FIRST, 2);
	check_reg(m, AXIPERF_REG_WR_BIAS, 0xffffffffu);	/* 1 - 2 */
	check_ev(m, AXIPERF_EV_WR_BURSTS, 3);
}

static void test_wr_bias_counts_address_waiting_for_data(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw");		/* +1: address accepted, no data yet */
	tick(m, "");		/* +1 */
	tick(m, "w wl");	/* +1: aw_out, data not yet complete at start */
	tick(m, "b");		/*  0: w_out */
	check_ev(m, AXIPERF_EV_WR_BIAS_ADDR_FIRST, 3);
	check_ev(m, AXIPERF_EV_WR_BIAS_DATA_FIRST, 0);
	check_reg(m, AXIPERF_REG_WR_BIAS, 3);
}

/* -------------------------------------------------------------- gauges */

static void test_w_max_compares_against_its_own_register(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw");		/* sees aw 0 */
	tick(m, "aw");		/* sees aw 1 */
	tick(m, "aw");		/* sees aw 2 */
	tick(m, "");		/* sees aw 3 */
	tick(m, "w wl");	/* sees w 0 */
	tick(m, "w wl");	/* sees w 1 */
	tick(m, "");		/* sees w 2 */
	check_ev(m, AXIPERF_EV_WR_MAX_AW_OUTSTANDING, 3);
	check_ev(m, AXIPERF_EV_WR_MAX_W_OUTSTANDING, 2);
	check_ev(m, AXIPERF_EV_WR_MAX_OUTSTANDING, 3);
	check_reg(m, 0x0ac, 0x0203);
	check_reg(m, 0x004, 0x03000000);
	tick(m, "w");		/* sees w 2, no burst in progress */
	tick(m, "");		/* sees w 2 + in progress 1 */
	check_ev(m, AXIPERF_EV_WR_MAX_W_OUTSTANDING, 3);
}

static void test_gauges_saturate_at_field_width(void **state)
{
	struct axiperf_model *m = *state;

	/* 255 complete data bursts waiting for B, then one more in progress. */
	ticks(m, "w wl", 255);
	tick(m, "w");
	tick(m, "");		/* sees 255 + 1: saturates at 255 */
	check_ev(m, AXIPERF_EV_WR_MAX_W_OUTSTANDING, 255);
	check_ev(m, AXIPERF_EV_WR_MAX_OUTSTANDING, 255);
	assert_false(ctrl(m, AXIPERF_CONTROL_PERF_ERR));
	check_reg(m, 0x0ac, 0xff00);
}

/* ------------------------------------------------- ID table, overflow */

static void rd_ids_tweak(struct axiperf_params *p)
{
	p->id_slots = 2;
}

static void test_id_table_overflow_sets_resp_approx(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, rd_ids_tweak);
	start_idle(&m);
	tick(&m, "ar arid=1 arlen=1");	/* addr_cycle */
	tick(&m, "ar arid=2 arlen=1");	/* lag */
	tick(&m, "ar arid=3 arlen=1");	/* lag */
	tick(&m, "r rid=1");		/* beat; slot 0 */
	tick(&m, "r rid=2");		/* beat; slot 1 */
	assert_false(ctrl(&m, AXIPERF_CONTROL_RESP_APPROX));
	tick(&m, "r rid=3");		/* beat; no slot left */
	assert_true(ctrl(&m, AXIPERF_CONTROL_RESP_APPROX));
	assert_true(axiperf_model_read(&m, AXIPERF_REG_IRQ_STATUS) & AXIPERF_IRQ_STATUS_RESP_APPROX);
	tick(&m, "");			/* slow_link: sees 2 responding */
	tick(&m, "r rl rid=1");		/* frees slot 0 */
	tick(&m, "r rl rid=2");
	tick(&m, "r rl rid=3");		/* never tracked: nothing to free */
	tick(&m, "");			/* idle */
	check_ev(&m, AXIPERF_EV_RD_MAX_RESPONDING, 2);
	check_reg(&m, 0x054, 2);
	expect_rd(&m, (struct rd_exp){ .ar_cycle = 1, .lag = 2, .beat = 6, .slow = 1, .idle = 1 });
	check_ev(&m, AXIPERF_EV_RD_BURSTS, 3);
	/* An applied clear resets the flag. */
	tick_w(&m, "", AXIPERF_REG_CONTROL, 3);
	tick(&m, "");
	assert_false(ctrl(&m, AXIPERF_CONTROL_RESP_APPROX));
}

static void no_id_tweak(struct axiperf_params *p)
{
	p->id_width = 0;
}

static void test_id_width_0_tracks_every_burst_as_id_0(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, no_id_tweak);
	start_idle(&m);
	tick(&m, "ar arlen=1");		/* addr_cycle */
	tick(&m, "ar arlen=1");		/* lag */
	tick(&m, "r rid=5");		/* beat: ID ignored, slot 0 */
	tick(&m, "r rid=6");		/* beat: same ID 0, no overflow */
	tick(&m, "r rl rid=7");		/* beat: frees ID 0 */
	tick(&m, "");			/* lag: second burst not responding */
	tick(&m, "r rl");		/* beat */
	assert_false(ctrl(&m, AXIPERF_CONTROL_RESP_APPROX));
	check_ev(&m, AXIPERF_EV_RD_MAX_RESPONDING, 1);
	expect_rd(&m, (struct rd_exp){ .ar_cycle = 1, .lag = 2, .beat = 4 });
	assert_int_equal((axiperf_model_read(&m, AXIPERF_REG_CONFIG) & AXIPERF_CONFIG_ID_SLOTS) >>
			 AXIPERF_CONFIG_ID_SLOTS_SHIFT, 1);
}

static void test_tracker_overflow_sets_perf_err_and_forces_idle(void **state)
{
	struct axiperf_model *m = *state;
	struct axiperf_link quiet = { 0 };

	ticks(m, "aw", 255);	/* 255 addresses waiting for B */
	assert_false(ctrl(m, AXIPERF_CONTROL_PERF_ERR));
	assert_false(axiperf_model_idle(m, &quiet));
	tick(m, "aw");		/* the 256th would step past 255 */
	assert_true(ctrl(m, AXIPERF_CONTROL_PERF_ERR));
	assert_true(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS) & AXIPERF_IRQ_STATUS_PERF_ERR);
	assert_true(axiperf_model_idle(m, &quiet));
	assert_true(axiperf_model_read(m, AXIPERF_REG_CONTROL) & AXIPERF_CONTROL_IDLE);
	/* The tracker holds at 255: it never wraps. */
	tick(m, "b");
	tick(m, "");
	check_ev(m, AXIPERF_EV_WR_MAX_AW_OUTSTANDING, 255);
	assert_int_equal(m->aw_count, 255);
	/* VALIDs still make the bus busy. */
	quiet.arvalid = true;
	assert_false(axiperf_model_idle(m, &quiet));
	/* Requests apply on the forced-idle clocks; perf_err survives a clear. */
	tick_w(m, "", AXIPERF_REG_CONTROL, 2);
	tick(m, "");
	assert_false(ctrl(m, AXIPERF_CONTROL_TRIGGERED));
	assert_true(ctrl(m, AXIPERF_CONTROL_PERF_ERR));
	check_ev(m, AXIPERF_EV_ACTIVE_CYCLES, 0);
}

/* ------------------------------------------- widths, wraps, interrupts */

static void c64_tweak(struct axiperf_params *p)
{
	p->counter_width = 64;
}

static void test_32_bit_counter_wraps_and_upper_half_reads_0(void **state)
{
	struct axiperf_model *m = *state;

	*counter(m, AXIPERF_EV_RD_IDLE) = 0xfffffffeu;
	tick(m, "");
	check_reg(m, 0x050, 0xffffffffu);
	check_reg(m, 0x150, 0);
	tick(m, "");
	check_reg(m, 0x050, 0);
	check_reg(m, 0x150, 0);
	tick(m, "");
	check_reg(m, 0x050, 1);
	check_reg(m, 0x1a0, 0);	/* active_cycles upper half */
}

static void test_64_bit_counter_carries_into_upper_half_and_wraps(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, c64_tweak);
	start_idle(&m);
	*counter(&m, AXIPERF_EV_RD_IDLE) = 0xffffffffu;
	tick(&m, "");
	check_reg(&m, 0x050, 0);
	check_reg(&m, 0x150, 1);
	check_ev(&m, AXIPERF_EV_RD_IDLE, 0x100000000ULL);
	*counter(&m, AXIPERF_EV_RD_IDLE) = ~0ULL;
	tick(&m, "");
	check_ev(&m, AXIPERF_EV_RD_IDLE, 0);
	check_reg(&m, 0x150, 0);
}

static void test_half_range_interrupt_on_top_bit_change(void **state)
{
	struct axiperf_model *m = *state;

	tick_w(m, "", AXIPERF_REG_IRQ_ENABLE, AXIPERF_IRQ_STATUS_HALF);
	assert_false(axiperf_model_irq(m));
	*counter(m, AXIPERF_EV_RD_IDLE) = 0x3fffffffu;
	tick(m, "");		/* bit 30 changes, the top bit does not */
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), 0);
	*counter(m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(m, "");		/* rd_idle 0x80000000 */
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
	assert_true(axiperf_model_irq(m));
	tick_w(m, "", AXIPERF_REG_IRQ_STATUS, AXIPERF_IRQ_STATUS_HALF);
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), 0);
	assert_false(axiperf_model_irq(m));
	ticks(m, "", 3);	/* top bit stays set: no new cause */
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), 0);
	/* A multi-byte step across the top bit of a byte counter. */
	*counter(m, AXIPERF_EV_WR_W_BYTES) = 0xfffffffeu;
	tick(m, "w wl strb=0xf");	/* +4 wraps: top bit changes */
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
	check_ev(m, AXIPERF_EV_WR_W_BYTES, 2);
}

static void test_half_range_of_64_bit_counter_is_bit_63(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, c64_tweak);
	start_idle(&m);
	*counter(&m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(&m, "");		/* bit 31 changes: not the top bit */
	assert_int_equal(axiperf_model_read(&m, AXIPERF_REG_IRQ_STATUS), 0);
	*counter(&m, AXIPERF_EV_RD_IDLE) = 0x7fffffffffffffffULL;
	tick(&m, "");
	assert_int_equal(axiperf_model_read(&m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
}

static void test_active_saturates_at_all_ones_after_wrap(void **state)
{
	struct axiperf_model *m = *state;

	*counter(m, AXIPERF_EV_ACTIVE_CYCLES) = 0xfffffffeu;
	tick(m, "");
	check_reg(m, AXIPERF_REG_ACTIVE, 0xffffffffu);
	assert_false(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS) & AXIPERF_IRQ_STATUS_ACTIVE_SAT);
	tick(m, "");		/* wraps */
	check_reg(m, AXIPERF_REG_ACTIVE, 0xffffffffu);
	check_reg(m, 0x0a0, 0);
	assert_true(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS) & AXIPERF_IRQ_STATUS_ACTIVE_SAT);
	ticks(m, "", 5);
	check_reg(m, AXIPERF_REG_ACTIVE, 0xffffffffu);
	check_reg(m, 0x0a0, 5);
	tick_w(m, "", AXIPERF_REG_CONTROL, 3);
	tick(m, "");		/* clear applies */
	check_reg(m, AXIPERF_REG_ACTIVE, 0);
	tick(m, "");
	check_reg(m, AXIPERF_REG_ACTIVE, 1);
}

static void test_active_saturates_in_64_bit_both_halves(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, c64_tweak);
	start_idle(&m);
	*counter(&m, AXIPERF_EV_ACTIVE_CYCLES) = ~0ULL;
	tick(&m, "");
	check_reg(&m, AXIPERF_REG_ACTIVE, 0xffffffffu);
	check_reg(&m, AXIPERF_REG_ACTIVE + AXIPERF_UPPER_OFFSET, 0xffffffffu);
	check_reg(&m, 0x0a0, 0);
}

static void test_snapshot_copies_start_of_clock_values(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arlen=3");	/* addr_cycle */
	tick(m, "");		/* lag */
	tick_w(m, "r", AXIPERF_REG_SNAPSHOT, 1);	/* copy of the 2 clocks before */
	tick(m, "r");
	tick(m, "r");
	tick(m, "r rl");
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_REG_ACTIVE, 2);
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + 0x0a0, 2);
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + 0x064, 1);	/* rd_ar_cycles */
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + 0x070, 1);	/* rd_lag */
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + 0x05c, 0);	/* rd_beats */
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + 0x004, 0x00010003);	/* gauges */
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_UPPER_OFFSET + 0x0a0, 0);
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_REG_CONTROL, 0);
	check_reg(m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_REG_ID, 0);
	/* live values moved on */
	check_reg(m, 0x0a0, 6);
	check_reg(m, 0x05c, 4);
	check_reg(m, AXIPERF_REG_SNAPSHOT, 0);	/* write-only */
}

static void test_snapshot_of_64_bit_counter_has_upper_window(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, c64_tweak);
	start_idle(&m);
	*counter(&m, AXIPERF_EV_WR_BIAS_DATA_FIRST) = 0x100000000ULL;
	tick_w(&m, "", AXIPERF_REG_SNAPSHOT, 1);
	tick(&m, "w wl");	/* bias -1 */
	/* WR_BIAS = 0 - 2^32 mod 2^64 = 0xffffffff00000000 */
	check_reg(&m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_REG_WR_BIAS, 0);
	check_reg(&m, AXIPERF_SNAPSHOT_OFFSET + AXIPERF_UPPER_OFFSET + AXIPERF_REG_WR_BIAS,
		  0xffffffffu);
	check_reg(&m, AXIPERF_REG_WR_BIAS, 0xffffffffu);
	check_reg(&m, AXIPERF_UPPER_OFFSET + AXIPERF_REG_WR_BIAS, 0xfffffffeu);
}

static void no_snap_tweak(struct axiperf_params *p)
{
	p->has_snapshot = false;
}

static void test_without_snapshot_its_window_reads_live_counters(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, no_snap_tweak);
	start_idle(&m);
	tick_w(&m, "", AXIPERF_REG_SNAPSHOT, 1);
	ticks(&m, "", 2);
	check_reg(&m, AXIPERF_SNAPSHOT_OFFSET + 0x0a0, 3);
	check_reg(&m, AXIPERF_SNAPSHOT_OFFSET + 0x050, 3);
}

static void test_w1c_clears_status_but_loses_to_same_clock_cause(void **state)
{
	struct axiperf_model *m = *state;

	*counter(m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(m, "");		/* half */
	*counter(m, AXIPERF_EV_RD_IDLE) = 0xffffffffu;
	/* clear it on the clock rd_idle wraps: the cause wins */
	tick_w(m, "", AXIPERF_REG_IRQ_STATUS, AXIPERF_IRQ_STATUS_HALF);
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
	tick_w(m, "", AXIPERF_REG_IRQ_STATUS, 0);	/* writing 0 changes nothing */
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
	tick_w(m, "", AXIPERF_REG_IRQ_STATUS, 0xffffffffu);
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_STATUS), 0);
}

static void test_irq_follows_status_and_enable(void **state)
{
	struct axiperf_model *m = *state;

	*counter(m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(m, "");		/* half, not enabled */
	assert_false(axiperf_model_irq(m));
	tick_w(m, "", AXIPERF_REG_IRQ_ENABLE, AXIPERF_IRQ_STATUS_ACTIVE_SAT);
	assert_false(axiperf_model_irq(m));
	tick_w(m, "", AXIPERF_REG_IRQ_ENABLE, 0xffffffffu);
	assert_true(axiperf_model_irq(m));
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_IRQ_ENABLE), 0xf);
	tick_w(m, "", AXIPERF_REG_IRQ_ENABLE, 0);
	assert_false(axiperf_model_irq(m));
}

static void no_irq_tweak(struct axiperf_params *p)
{
	p->has_irq = false;
}

static void test_irq_stays_low_without_has_irq(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, no_irq_tweak);
	start_idle(&m);
	tick_w(&m, "", AXIPERF_REG_IRQ_ENABLE, 0xf);
	*counter(&m, AXIPERF_EV_RD_IDLE) = 0x7fffffffu;
	tick(&m, "");
	assert_int_equal(axiperf_model_read(&m, AXIPERF_REG_IRQ_STATUS), AXIPERF_IRQ_STATUS_HALF);
	assert_false(axiperf_model_irq(&m));
}

static void test_reads_return_start_of_clock_state(void **state)
{
	struct axiperf_model *m = *state;

	check_reg(m, 0x050, 0);
	tick(m, "");
	check_reg(m, 0x050, 1);
	/* A register written on a clock reads its new value only after it. */
	check_reg(m, AXIPERF_REG_IRQ_ENABLE, 0);
	tick_w(m, "", AXIPERF_REG_IRQ_ENABLE, 1);
	check_reg(m, AXIPERF_REG_IRQ_ENABLE, 1);
}

/* ---------------------------------------------------- identification */

static void test_id_version_config_read_build_values(void **state)
{
	struct axiperf_model *m = *state;

	check_reg(m, AXIPERF_REG_ID, 0x41585046u);
	check_reg(m, AXIPERF_REG_VERSION, 0x00010001u);
	/* 32-bit data (log2 4 = 2), ID 4, 32-bit counters, irq, snapshot,
	 * 4 slots, latency sums, address 32:
	 * 2 | 4<<4 | 1<<10 | 1<<11 | 4<<12 | 1<<17 | 32<<24 */
	check_reg(m, AXIPERF_REG_CONFIG, 0x20024c42u);
}

static void big_tweak(struct axiperf_params *p)
{
	p->addr_width = 40;
	p->data_width = 1024;
	p->id_width = 16;
	p->counter_width = 64;
	p->has_irq = false;
	p->has_snapshot = false;
	p->id_slots = 16;
}

static void test_config_reports_every_parameter(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, big_tweak);
	/* 7 | 16<<4 | 1<<9 | 16<<12 | 1<<17 | 40<<24 */
	check_reg(&m, AXIPERF_REG_CONFIG, 0x28030307u);
}

static void test_unused_offsets_read_0_and_ignore_writes(void **state)
{
	struct axiperf_model *m = *state;
	static const uint32_t unused[] = { 0x04c, 0x08c, 0x09c, 0x0b0, 0x0fc, 0x17c, 0x180,
					   0x188, 0x194, 0x104, 0x154, 0x1ac, 0x24c, 0x27c,
					   0x280, 0x294, 0x3fc };

	ticks(m, "", 3);
	for (size_t i = 0; i < sizeof(unused) / sizeof(unused[0]); i++) {
		tick_w(m, "", unused[i], 0xffffffffu);
		check_reg(m, unused[i], 0);
	}
	check_reg(m, AXIPERF_REG_IRQ_ENABLE, 0);
	assert_int_equal(axiperf_model_read(m, AXIPERF_REG_CONTROL),
			 AXIPERF_CONTROL_TRIGGERED | AXIPERF_CONTROL_IDLE);
}

static void test_params_out_of_range_are_reported(void **state)
{
	struct axiperf_params p;

	(void)state;
	axiperf_params_default(&p);
	p.data_width = 48;
	assert_non_null(axiperf_model_params_error(&p));
	axiperf_params_default(&p);
	p.counter_width = 48;
	assert_non_null(axiperf_model_params_error(&p));
	axiperf_params_default(&p);
	p.id_slots = 17;
	assert_non_null(axiperf_model_params_error(&p));
	axiperf_params_default(&p);
	p.id_width = 17;
	assert_non_null(axiperf_model_params_error(&p));
}

/* ------------------------------------------------------- WSTRB bytes */

static void count_strobes(unsigned int width, const char *beat, uint64_t want)
{
	struct axiperf_model m;
	struct axiperf_params p;

	axiperf_params_default(&p);
	p.data_width = width;
	axiperf_model_init(&m, &p);
	start_idle(&m);
	tick(&m, beat);
	check_ev(&m, AXIPERF_EV_WR_W_BYTES, want);
}

static void test_wstrb_bytes_at_32_bits(void **state)
{
	(void)state;
	count_strobes(32, "w wl strb=0xb", 3);
	count_strobes(32, "w wl strb=0xff", 4);	/* lanes above 4 do not exist */
}

static void test_wstrb_bytes_at_256_bits(void **state)
{
	(void)state;
	count_strobes(256, "w wl strb=0xffffffff", 32);
	count_strobes(256, "w wl strb=0xf00000001", 1);
	count_strobes(256, "w wl strb=0x80000001", 2);
}

static void test_wstrb_bytes_at_512_bits(void **state)
{
	(void)state;
	count_strobes(512, "w wl strb=0xffffffffffffffff", 64);
	count_strobes(512, "w wl strb=0x8000000000000001 strb1=1", 2);
}

static void test_wstrb_bytes_at_1024_bits(void **state)
{
	(void)state;
	count_strobes(1024, "w wl strb=0xffffffffffffffff strb1=0xffffffffffffffff", 128);
	count_strobes(1024, "w wl strb=0x1 strb1=0x8000000000000001", 3);
	count_strobes(1024, "w wl strb=0 strb1=0", 0);
}

static void test_aw_bytes_use_len_and_size(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "aw awlen=255 awsize=7");	/* 256 << 7 */
	tick(m, "ar arlen=15 arsize=0");	/* 16 << 0 */
	check_ev(m, AXIPERF_EV_WR_AW_BYTES, 32768);
	check_ev(m, AXIPERF_EV_RD_BYTES, 16);
	check_ev(m, AXIPERF_EV_WR_MAX_BURST_SIZE, 255);
	check_ev(m, AXIPERF_EV_RD_MAX_BURST_SIZE, 15);
	/* clock 2 sees the write address outstanding: wr_max_outstanding 1 */
	check_reg(m, 0x004, 0x0100ff0f);
}

/* ------------------------------------------------ partition property */

static uint32_t xorshift(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static void test_categories_partition_active_cycles_on_random_traffic(void **state)
{
	struct axiperf_model m;
	uint32_t seed = 0x1badb002;
	const long clocks = 300000;

	(void)state;
	init_with(&m, NULL);
	start_idle(&m);
	for (long i = 0; i < clocks; i++) {
		struct axiperf_link l = { 0 };
		uint32_t r = xorshift(&seed);
		/* Bias towards ready and B so the trackers stay in range. */
		l.awvalid = (r & 3) == 0;
		l.awready = r & 4;
		l.wvalid = r & 8;
		l.wready = r & 16;
		l.wlast = (r & 0x60) == 0;
		l.bvalid = r & 0x80;
		l.bready = (r & 0x300) != 0;
		l.arvalid = (r & 0xc00) == 0;
		l.arready = r & 0x1000;
		l.rvalid = r & 0x2000;
		l.rready = (r & 0xc000) != 0;
		l.rlast = (r & 0x30000) != 0;
		l.rid = (r >> 18) & 15;
		l.arid = (r >> 22) & 15;
		l.awlen = (uint8_t)(r >> 24);
		l.wstrb[0] = xorshift(&seed);
		clock_plain(&m, &l);
	}
	uint64_t active = axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES);
	uint64_t rd = axiperf_model_event(&m, AXIPERF_EV_RD_BEATS) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_R_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_SLOW_LINK) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_LAG) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_AR_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_AR_CYCLES) +
		      axiperf_model_event(&m, AXIPERF_EV_RD_IDLE);
	/* wr_early_beat is inside wr_beats */
	uint64_t wr = axiperf_model_event(&m, AXIPERF_EV_WR_BEATS) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_EARLY_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_SLOW_DATA) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_DATA_LAG) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_B_LAG) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_B_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_B_END) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_ADDR_LAG) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_AW_EARLY) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_ADDR_STALL) +
		      axiperf_model_event(&m, AXIPERF_EV_WR_IDLE);
	assert_int_equal(active, clocks);
	assert_int_equal(rd, active);
	assert_int_equal(wr, active);
	/* Every category was visited, so the sums are not trivially one counter. */
	assert_true(axiperf_model_event(&m, AXIPERF_EV_RD_SLOW_LINK) > 0);
	assert_true(axiperf_model_event(&m, AXIPERF_EV_RD_AR_CYCLES) > 0);
	assert_true(axiperf_model_event(&m, AXIPERF_EV_WR_EARLY_STALL) > 0);
	assert_true(axiperf_model_event(&m, AXIPERF_EV_WR_B_STALL) > 0);
	assert_true(axiperf_model_event(&m, AXIPERF_EV_WR_EARLY_BEAT) <=
		    axiperf_model_event(&m, AXIPERF_EV_WR_BEATS));
	assert_false(ctrl(&m, AXIPERF_CONTROL_PERF_ERR));
}

/* ---------------------------------------- tables vs generated functions */

/*
 * The model counts through tables built from the generated category
 * functions. For every one of the 2^15 inputs of those functions, one
 * clock of the model must step exactly the counters the functions name.
 */
static void test_counting_matches_generated_categories_for_every_input(void **state)
{
	static struct axiperf_model base, m;
	unsigned int k, i;

	(void)state;
	init_with(&base, NULL);
	base.triggered = true;
	for (k = 0; k < (1u << 15); k++) {
		struct axiperf_cat_in c;
		struct axiperf_link l = { 0 };
		uint64_t want[AXIPERF_EV_MAX + 1] = { 0 };
		int bias;

		c.awvalid = l.awvalid = k & 1;
		c.awready = l.awready = k & 2;
		c.wvalid = l.wvalid = k & 4;
		c.wready = l.wready = k & 8;
		c.bvalid = l.bvalid = k & 16;
		c.bready = l.bready = k & 32;
		c.arvalid = l.arvalid = k & 64;
		c.arready = l.arready = k & 128;
		c.rvalid = l.rvalid = k & 256;
		c.rready = l.rready = k & 512;
		c.aw_out = k & 1024;
		c.w_out = k & 2048;
		c.w_prog = k & 4096;
		c.r_out = k & 8192;
		c.r_fly = k & 16384;

		m = base;
		m.aw_count = c.aw_out;
		m.w_count = c.w_out;
		m.w_prog = c.w_prog;
		m.r_count = c.r_out;
		if (c.r_fly) {
			m.slot_valid[0] = true;
			m.slot_id[0] = 1;
			m.slot_mask = 1;
			m.responding = 1;
		}
		clock_plain(&m, &l);

		want[axiperf_rd_cat_event[axiperf_rd_category(&c)][0]]++;
		for (i = 0; i < 2; i++)
			if (axiperf_wr_cat_event[axiperf_wr_category(&c)][i] >= 0)
				want[axiperf_wr_cat_event[axiperf_wr_category(&c)][i]]++;
		bias = axiperf_wr_bias(&c);
		if (bias > 0)
			want[AXIPERF_EV_WR_BIAS_ADDR_FIRST]++;
		if (bias < 0)
			want[AXIPERF_EV_WR_BIAS_DATA_FIRST]++;
		for (i = 0; i < AXIPERF_RD_NUM_CATS; i++) {
			unsigned int ev = (unsigned int)axiperf_rd_cat_event[i][0];

			if (axiperf_model_event(&m, ev) != want[ev])
				fail_msg("input 0x%04x: %s = %llu, want %llu", k, axiperf_event_name[ev],
					 (unsigned long long)axiperf_model_event(&m, ev),
					 (unsigned long long)want[ev]);
		}
		for (i = 0; i < AXIPERF_WR_NUM_CATS; i++) {
			unsigned int ev = (unsigned int)axiperf_wr_cat_event[i][0];

			if (axiperf_model_event(&m, ev) != want[ev])
				fail_msg("input 0x%04x: %s = %llu, want %llu", k, axiperf_event_name[ev],
					 (unsigned long long)axiperf_model_event(&m, ev),
					 (unsigned long long)want[ev]);
		}
		assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_WR_BIAS_ADDR_FIRST),
				 want[AXIPERF_EV_WR_BIAS_ADDR_FIRST]);
		assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_WR_BIAS_DATA_FIRST),
				 want[AXIPERF_EV_WR_BIAS_DATA_FIRST]);
	}
}

static void test_classify_names_the_categories_of_a_clock(void **state)
{
	struct axiperf_model *m = *state;
	struct axiperf_link l;
	int rc, wc, bias;

	tick(m, "aw");
	parse("w wl", &l);
	axiperf_model_classify(m, &l, &rc, &wc, &bias);
	assert_int_equal(rc, AXIPERF_RD_CAT_IDLE);
	assert_int_equal(wc, AXIPERF_WR_CAT_BEAT);
	assert_int_equal(bias, 1);
}

static unsigned int lowest_slot(uint32_t mask)
{
	unsigned int i = 0;

	while (!(mask >> i & 1))
		i++;
	return i;
}

/* A small generator of link wires for the hold tests. */
static uint32_t rnd(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*s >> 33);
}

/*
 * Wires that often repeat what a link holds for long: idle, a stream of
 * beats, a held stall, an address refused; sometimes anything at all.
 */
static void random_run_wires(uint64_t *s, struct axiperf_link *l)
{
	uint32_t r = rnd(s), k = r % 8;

	memset(l, 0, sizeof(*l));
	switch (k) {
	case 0: case 1:
		break;				/* idle */
	case 2:					/* read stream */
		l->rvalid = l->rready = true;
		l->rlast = r >> 8 & 1;
		l->rid = r >> 9 & 3;
		break;
	case 3:					/* write stream */
		l->wvalid = l->wready = true;
		l->wlast = r >> 8 & 1;
		l->wstrb[0] = r >> 9;
		l->wstrb[1] = (uint64_t)rnd(s) << 32 | rnd(s);
		break;
	case 4:					/* stalls held */
		l->rvalid = r >> 8 & 1;
		l->wvalid = r >> 9 & 1;
		l->bvalid = r >> 10 & 1;
		l->arvalid = r >> 11 & 1;
		l->awvalid = r >> 12 & 1;
		break;
	default:				/* anything */
		l->awvalid = r >> 3 & 1;
		l->awready = r >> 4 & 1;
		l->wvalid = r >> 5 & 1;
		l->wready = r >> 6 & 1;
		l->wlast = r >> 7 & 1;
		l->bvalid = r >> 8 & 1;
		l->bready = r >> 9 & 1;
		l->arvalid = r >> 10 & 1;
		l->arready = r >> 11 & 1;
		l->rvalid = r >> 12 & 1;
		l->rready = r >> 13 & 1;
		l->rlast = r >> 14 & 1;
		l->awlen = (uint8_t)(r >> 15);
		l->arlen = (uint8_t)(r >> 23);
		l->awsize = (uint8_t)(rnd(s) % 8);
		l->arsize = (uint8_t)(rnd(s) % 8);
		l->arid = r >> 2 & 7;
		l->rid = r >> 1 & 7;
		l->wstrb[0] = (uint64_t)rnd(s) << 32 | rnd(s);
		break;
	}
}

/* Every register of both models (and the snapshot window) equal. */
static void assert_same_registers(const struct axiperf_model *a, const struct axiperf_model *b,
				  unsigned long run)
{
	for (uint32_t off = 0; off < AXIPERF_WINDOW_SIZE; off += 4) {
		uint32_t va = axiperf_model_read(a, off), vb = axiperf_model_read(b, off);

		if (va != vb)
			fail_msg("run %lu: register 0x%03x: stepped 0x%08x, held 0x%08x", run,
				 (unsigned)off, (unsigned)va, (unsigned)vb);
	}
	if (axiperf_model_irq(a) != axiperf_model_irq(b))
		fail_msg("run %lu: irq: stepped %d, held %d", run, axiperf_model_irq(a),
			 axiperf_model_irq(b));
}

/* assert_same_registers(), and the state a register does not show. */
static void assert_same_state(const struct axiperf_model *a, const struct axiperf_model *b,
			      unsigned long run)
{
	assert_same_registers(a, b, run);
	assert_int_equal(a->clocks, b->clocks);
	assert_int_equal(a->aw_count, b->aw_count);
	assert_int_equal(a->w_count, b->w_count);
	assert_int_equal(a->r_count, b->r_count);
	assert_int_equal(a->perf_err, b->perf_err);
	assert_int_equal(a->rd_first, b->rd_first);
	assert_int_equal(a->w_prog, b->w_prog);
	assert_int_equal(a->slot_mask, b->slot_mask);
	assert_int_equal(a->responding, b->responding);
	for (unsigned int k = 0; k < AXIPERF_MODEL_MAX_SLOTS; k++) {
		assert_int_equal(a->slot_valid[k], b->slot_valid[k]);
		if (a->slot_valid[k])
			assert_int_equal(a->slot_id[k], b->slot_id[k]);
	}
}

/*
 * All of the model's state that a clock may change: the struct up to the
 * category tables, which only init and refresh write.
 */
#define MODEL_STATE_BYTES offsetof(struct axiperf_model, rd_lut)

/* Every byte of the state of a (the reference) and b (a fast path) equal. */
static void assert_same_model(const struct axiperf_model *a, const struct axiperf_model *b,
			      const char *what, unsigned long n)
{
	if (!memcmp(a, b, MODEL_STATE_BYTES))
		return;
	/* name the first field that differs, where a register or a field does */
	assert_same_state(a, b, n);
	for (unsigned int k = 0; k < AXIPERF_NUM_COUNTERS; k++)
		if (a->cnt[k] != b->cnt[k])
			fail_msg("%s %lu: counter %u: reference %llu, fast path %llu", what, n, k,
				 (unsigned long long)a->cnt[k], (unsigned long long)b->cnt[k]);
	for (size_t i = 0; i < MODEL_STATE_BYTES; i++)
		if (((const unsigned char *)a)[i] != ((const unsigned char *)b)[i])
			fail_msg("%s %lu: state byte %zu differs", what, n, i);
}

/* Parameter sets of the hold tests: counter width, data width, IDs, slots. */
static const unsigned int hold_sets[][4] = {
	{ 32, 32, 4, 4 }, { 64, 128, 4, 8 }, { 32, 1024, 16, 16 }, { 64, 64, 0, 1 }, { 32, 256, 1, 1 },
};

static void hold_params(struct axiperf_params *p, const unsigned int *set)
{
	axiperf_params_default(p);
	p->counter_width = set[0];
	p->data_width = set[1];
	p->id_width = set[2];
	p->id_slots = set[3];
}

/*
 * Random traffic in runs of the same wires (1 to 100,000 clocks), between
 * register writes (start, stop, clear, snapshot, interrupt enable and
 * acknowledge) and counters preset near half their range: one model steps
 * clock by clock, the other holds each run; every register and the irq
 * line are compared after every run.
 */
static void test_hold_equals_reference(void **state)
{
	static struct axiperf_model a, b;
	static const uint32_t lens[] = { 1, 2, 3, 7, 40, 255, 300, 1000, 5000, 100000 };
	struct axiperf_params p;
	unsigned long runs = 0, clocks = 0, irq_rises = 0, halves = 0;

	(void)state;
	for (size_t set = 0; set < sizeof(hold_sets) / sizeof(hold_sets[0]); set++) {
		uint64_t s = 0x5eed0000u + set;

		hold_params(&p, hold_sets[set]);
		axiperf_model_init(&a, &p);
		for (unsigned long i = 0; i < 1500; i++, runs++) {
			struct axiperf_link l;
			uint32_t r = rnd(&s), n = lens[r % 10];
			bool irq0 = axiperf_model_irq(&a);

			if (r >> 8 & 1)
				n = n / 2 + rnd(&s) % (n + 1);
			if ((r >> 9) % 16 == 0) {
				/* a register write on a clock of its own */
				static const uint32_t w[][2] = {
					{ AXIPERF_REG_CONTROL, 1 }, { AXIPERF_REG_CONTROL, 0 },
					{ AXIPERF_REG_CONTROL, 3 }, { AXIPERF_REG_SNAPSHOT, 1 },
					{ AXIPERF_REG_IRQ_ENABLE, 0xf }, { AXIPERF_REG_IRQ_STATUS, 0xf },
					{ AXIPERF_REG_IRQ_ENABLE, 0 },
				};
				uint32_t k = rnd(&s) % 7;
				struct axiperf_axil_write wr = { w[k][0], w[k][1], 0xf };

				random_run_wires(&s, &l);
				axiperf_model_clock(&a, &l, &wr);
				b = a;
			}
			if ((r >> 13) % 64 == 0) {
				/* counters just below half their range: crossings in the run */
				for (unsigned int c = 0; c < AXIPERF_NUM_COUNTERS; c++)
					a.cnt[c] = (a.top - 1 - rnd(&s) % 3000) & a.mask;
				b = a;
			}
			if (i == 0)
				b = a;
			random_run_wires(&s, &l);
			for (uint32_t k = 0; k < n; k++)
				axiperf_model_clock_ref(&a, &l, NULL);
			axiperf_model_hold(&b, &l, n);
			clocks += n;
			irq_rises += !irq0 && axiperf_model_irq(&a);
			halves += !!(a.irq_status & AXIPERF_IRQ_STATUS_HALF);
			assert_same_model(&a, &b, "run", runs);
		}
	}
	/* the traffic reached what it is there for */
	assert_true(clocks > 10000000);
	assert_true(irq_rises > 20);
	assert_true(halves > 100);
	print_message("# hold: %lu runs, %lu clocks, %lu interrupt rises\n", runs, clocks, irq_rises);
}

/* Limit n (or drop a handshake) so no tracker of m leaves 0..max in the run. */
static uint32_t keep_trackers(const struct axiperf_model *m, struct axiperf_link *l, uint32_t n)
{
	const unsigned int max = (1u << AXIPERF_OUTSTANDING_BITS) - 1;
	const unsigned int now[3] = { m->aw_count, m->w_count, m->r_count };

	for (int pass = 0; pass < 4; pass++) {
		const int b = l->bvalid && l->bready;
		const int net[3] = {
			(l->awvalid && l->awready) - b,
			(l->wvalid && l->wready && l->wlast) - b,
			(l->arvalid && l->arready) - (l->rvalid && l->rready && l->rlast),
		};
		bool dropped = false;

		for (int i = 0; i < 3; i++) {
			unsigned int room = net[i] < 0 ? now[i] : net[i] > 0 ? max - now[i] : n;

			if (room) {
				n = n < room ? n : room;
				continue;
			}
			/* no room at all: the handshake that would leave the range goes */
			if (net[i] < 0 && i < 2)
				l->bready = false;
			else if (net[i] < 0)
				l->rlast = false;
			else if (i == 0)
				l->awready = false;
			else if (i == 1)
				l->wlast = false;
			else
				l->arready = false;
			dropped = true;
		}
		if (!dropped)
			return n;
	}
	return n;
}

/* ------------------------------------- fast paths against the reference */

/* Gauge indices, in the generated order. */
enum {
#define AXIPERF_X(name, id, off, lsb, bits) TG_##name,
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
};

/* A value of a random kind, weighted towards the ends of 0..max. */
static uint32_t near_ends(uint64_t *s, uint32_t max)
{
	uint32_t r = rnd(s);

	switch (r % 6) {
	case 0: return 0;
	case 1: return 1 <= max ? 1 : max;
	case 2: return max;
	case 3: return max - 1 < max ? max - 1 : 0;
	default: return (uint32_t)(rnd(s) % ((uint64_t)max + 1));
	}
}

/*
 * A state the monitor can be in, at random: trackers (often at their
 * ends), w_prog, rd_first, a tracker error, the control requests (start
 * and stop never both), the read ID table (distinct IDs; with IDs over 8
 * bits often sharing a low byte), counters (often just below half their
 * range or their wrap), gauges, interrupt status and enable, and the
 * snapshot.
 */
static void random_state(uint64_t *s, struct axiperf_model *m, const struct axiperf_params *p)
{
	uint32_t r;

	axiperf_model_init(m, p);
	r = rnd(s);
	m->aw_count = near_ends(s, 255);
	m->w_count = near_ends(s, 255);
	m->r_count = near_ends(s, 255);
	m->w_prog = r & 1;
	m->rd_first = r >> 1 & 1;
	m->perf_err = (r >> 2) % 8 == 0;
	m->triggered = (r >> 5) % 4 != 0;
	m->start_pending = (r >> 7) % 4 == 0;
	m->stop_pending = !m->start_pending && (r >> 9) % 4 == 0;
	m->clear_pending = (r >> 11) % 4 == 0;
	m->active_sat = (r >> 13) % 4 == 0;
	m->resp_approx = (r >> 15) % 4 == 0;
	for (unsigned int k = 0; k < AXIPERF_MODEL_MAX_SLOTS; k++) {
		uint32_t id;
		bool taken;

		if (!(m->slots_all >> k & 1) || rnd(s) % 2)
			continue;
		do {
			id = rnd(s) & m->id_mask;
			if (m->id_mask > 0xff && rnd(s) % 2)
				id = (id & 0xff) | 0x100;
			taken = false;
			for (unsigned int j = 0; j < k; j++)
				taken |= m->slot_valid[j] && m->slot_id[j] == id;
		} while (taken && m->id_mask);
		if (taken)
			continue;
		m->slot_valid[k] = true;
		m->slot_id[k] = id;
	}
	for (unsigned int k = 0; k < AXIPERF_NUM_COUNTERS; k++) {
		uint64_t v = (uint64_t)rnd(s) << 32 | rnd(s);

		if (rnd(s) % 4 == 0)
			v = (rnd(s) % 2 ? m->top : 0) - 1 - rnd(s) % 4;
		m->cnt[k] = v & m->mask;
		m->snap_cnt[k] = ((uint64_t)rnd(s) << 32 | rnd(s)) & m->mask;
	}
	{
		static const unsigned int bits[] = {
#define AXIPERF_X(name, id, off, lsb, b) b,
			AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
		};

		for (unsigned int i = 0; i < AXIPERF_NUM_GAUGES; i++) {
			m->gauge[i] = near_ends(s, (1u << bits[i]) - 1);
			m->snap_gauge[i] = rnd(s) & ((1u << bits[i]) - 1);
		}
		/* not a maximum of its own: the larger of the two write maxima */
		m->gauge[TG_wr_max_outstanding] =
			m->gauge[TG_wr_max_aw_outstanding] > m->gauge[TG_wr_max_w_outstanding] ?
			m->gauge[TG_wr_max_aw_outstanding] : m->gauge[TG_wr_max_w_outstanding];
	}
	m->irq_status = rnd(s) & 0xf;
	m->irq_enable = rnd(s) & 0xf;
	m->irq = p->has_irq && (m->irq_status & m->irq_enable);
	m->clocks = rnd(s);
	axiperf_model_refresh(m);
}

/*
 * The per-clock fast path (axiperf_model_clock() without a write) against
 * the reference, from 16 random states per parameter set, on each of the
 * 2^15 inputs: the twelve handshake wires (bits 0..11, in the order of
 * struct axiperf_link), RID one the table holds or not (bit 12), lengths
 * and sizes random or 0 and 2 (bit 13), strobes random, lanes beyond the
 * data width included, or all set (bit 14). Every byte of the state must
 * be equal after the clock.
 */
static void test_quick_clock_equals_reference_on_every_input(void **state)
{
	static struct axiperf_model base, a, b;
	struct axiperf_params p;
	unsigned long cases = 0;

	(void)state;
	for (size_t set = 0; set < sizeof(hold_sets) / sizeof(hold_sets[0]); set++) {
		uint64_t s = 0x5eed2000u + set;

		hold_params(&p, hold_sets[set]);
		for (int st = 0; st < 16; st++) {
			random_state(&s, &base, &p);
			for (uint32_t k = 0; k < (1u << 15); k++, cases++) {
				struct axiperf_link l;
				bool *wire = &l.wvalid;
				uint32_t held = base.slot_mask;

				memset(&l, 0, sizeof(l));
				for (unsigned int i = 0; i < 12; i++)
					wire[i] = k >> i & 1;
				if (k >> 12 & 1 && held)
					l.rid = base.slot_id[lowest_slot(held)];
				else
					l.rid = rnd(&s) & base.id_mask;
				l.arid = rnd(&s);
				l.awid = rnd(&s);
				if (k >> 13 & 1) {
					uint32_t r = rnd(&s);

					l.awlen = (uint8_t)r;
					l.arlen = (uint8_t)(r >> 8);
					l.awsize = (uint8_t)(r >> 16 & 7);
					l.arsize = (uint8_t)(r >> 19 & 7);
				} else {
					l.awsize = l.arsize = 2;
				}
				if (k >> 14 & 1) {
					l.wstrb[0] = (uint64_t)rnd(&s) << 32 | rnd(&s);
					l.wstrb[1] = (uint64_t)rnd(&s) << 32 | rnd(&s);
				} else {
					l.wstrb[0] = l.wstrb[1] = ~(uint64_t)0;
				}
				memcpy(&a, &base, MODEL_STATE_BYTES);
				memcpy(&b, &base, MODEL_STATE_BYTES);
				if (k == 0) {
					a = base;
					b = base;
				}
				axiperf_model_clock_ref(&a, &l, NULL);
				axiperf_model_clock(&b, &l, NULL);
				if (memcmp(&a, &b, MODEL_STATE_BYTES)) {
					print_error("set %zu, state %d, input 0x%04x\n", set, st, k);
					assert_same_model(&a, &b, "input", k);
				}
			}
		}
	}
	print_message("# per-clock fast path: %lu clocks from 80 states, each equal to the "
		      "reference\n", cases);
}

/*
 * axiperf_model_run() against the reference: from random states with no
 * control request pending and no tracker error (so that batches start),
 * 3,000 to 20,000 links of random traffic (runs of equal wires of 1 to
 * 1,000 clocks, a quarter with no wire raised, trackers kept in range),
 * well above BATCH_MIN, so that they are counted in batches; every byte of
 * the state must be equal after each call.
 */
static void test_run_of_links_equals_reference(void **state)
{
	static struct axiperf_model a, b;
	static struct axiperf_link links[20000];
	static const uint32_t lens[] = { 1, 1, 1, 2, 3, 7, 40, 255, 1000 };
	struct axiperf_params p;
	unsigned long clocks = 0;

	(void)state;
	for (size_t set = 0; set < sizeof(hold_sets) / sizeof(hold_sets[0]); set++) {
		uint64_t s = 0x5eed3000u + set;

		hold_params(&p, hold_sets[set]);
		for (int st = 0; st < 20; st++) {
			uint32_t nl = 3000 + rnd(&s) % 17000, i = 0;

			random_state(&s, &a, &p);
			a.start_pending = a.stop_pending = a.clear_pending = a.perf_err = false;
			b = a;
			while (i < nl) {
				struct axiperf_link l;
				uint32_t q = rnd(&s), n = lens[q % 9];

				random_run_wires(&s, &l);
				if (p.id_width > 8 && (q >> 4 & 1)) {
					l.rid |= 0x100;
					l.arid |= 0x100;
				}
				if ((q >> 5) % 4 == 0) {
					l.awvalid = l.awready = l.wvalid = l.wready = l.wlast = false;
					l.bvalid = l.bready = l.arvalid = l.arready = false;
					l.rvalid = l.rready = l.rlast = false;
				}
				n = n < nl - i ? n : nl - i;
				n = keep_trackers(&a, &l, n);
				for (uint32_t j = 0; j < n; j++) {
					axiperf_model_clock_ref(&a, &l, NULL);
					links[i++] = l;
				}
			}
			axiperf_model_run(&b, links, nl);
			clocks += nl;
			assert_same_model(&a, &b, "links of state", (unsigned long)st);
		}
	}
	print_message("# links in batches: %lu clocks, equal to the reference\n", clocks);
}

/*
 * A batch whose last clock raises the trackers (AW, W and AR handshakes):
 * no clock has started with them raised yet, so no maximum shows them,
 * clock by clock or in a batch (links run, runs replayed); the next
 * clock's maxima do.
 */
static void test_batch_last_clock_raises_no_maximum(void **state)
{
	static struct axiperf_model a, b, c;
	static struct axiperf_link links[300];
	struct axiperf_run runs[2];
	struct axiperf_link *last = &links[299];

	(void)state;
	memset(links, 0, sizeof(links));
	last->awvalid = last->awready = true;
	last->wvalid = last->wready = last->wlast = true;
	last->arvalid = last->arready = true;
	runs[0].l = links[0];
	runs[0].n = 299;
	runs[1].l = *last;
	runs[1].n = 1;
	init_with(&a, NULL);
	a.triggered = true;
	b = c = a;
	for (int i = 0; i < 300; i++)
		axiperf_model_clock_ref(&a, &links[i], NULL);
	axiperf_model_run(&b, links, 300);
	axiperf_model_replay(&c, runs, 2);
	assert_int_equal(a.clocks, 300);
	assert_int_equal(axiperf_model_event(&a, AXIPERF_EV_RD_MAX_OUTSTANDING), 0);
	assert_int_equal(axiperf_model_event(&a, AXIPERF_EV_WR_MAX_OUTSTANDING), 0);
	assert_same_model(&a, &b, "links", 300);
	assert_same_model(&a, &c, "runs", 300);
	axiperf_model_clock_ref(&a, links, NULL);
	axiperf_model_run(&b, links, 1);
	runs[0].n = 1;
	axiperf_model_replay(&c, runs, 1);
	assert_int_equal(axiperf_model_event(&a, AXIPERF_EV_RD_MAX_OUTSTANDING), 1);
	assert_int_equal(axiperf_model_event(&a, AXIPERF_EV_WR_MAX_OUTSTANDING), 1);
	assert_same_model(&a, &b, "links", 301);
	assert_same_model(&a, &c, "runs", 301);
}

/*
 * axiperf_model_replay() and axiperf_model_run() count in batches: random
 * traffic in runs of the same wires (1 to 7,500 clocks; a quarter of the
 * runs with no wire raised), handed over 1 to 200 runs at a time, between
 * register writes and with counters preset near half their range
 * (crossings inside a batch). With IDs over 8 bits, read IDs share a low
 * byte (0x001 and 0x101: the clock a batch leaves to its caller). One
 * model steps clock by clock; after every batch every register, the irq
 * line and the hidden state must be equal; a third model gets the same
 * clocks as one array of links (axiperf_model_run()).
 */
static void test_replay_equals_reference(void **state)
{
	static struct axiperf_model a, b, c;
	static struct axiperf_run runs[300];
	static struct axiperf_link links[20000];
	static const uint32_t lens[] = { 1, 1, 1, 2, 3, 7, 40, 255, 1000, 5000 };
	struct axiperf_params p;
	unsigned long batches = 0, clocks = 0, halves = 0, wraps = 0, approx = 0, shared = 0;
	unsigned long quiet = 0;

	(void)state;
	for (size_t set = 0; set < sizeof(hold_sets) / sizeof(hold_sets[0]); set++) {
		uint64_t s = 0x5eed1000u + set;

		hold_params(&p, hold_sets[set]);
		axiperf_model_init(&a, &p);
		b = c = a;
		for (unsigned long i = 0; i < 100; i++, batches++) {
			uint32_t r = rnd(&s), count = 1 + rnd(&s) % 200, nl = 0, st0;
			bool to_c = true;

			if (r % 8 == 0) {
				/* a register write on a clock of its own */
				static const uint32_t w[][2] = {
					{ AXIPERF_REG_CONTROL, 1 }, { AXIPERF_REG_CONTROL, 0 },
					{ AXIPERF_REG_CONTROL, 3 }, { AXIPERF_REG_SNAPSHOT, 1 },
					{ AXIPERF_REG_IRQ_ENABLE, 0xf }, { AXIPERF_REG_IRQ_STATUS, 0xf },
				};
				struct axiperf_axil_write wr = { w[(r >> 3) % 6][0], w[(r >> 3) % 6][1], 0xf };
				struct axiperf_link l;

				random_run_wires(&s, &l);
				keep_trackers(&a, &l, 1);
				axiperf_model_clock(&a, &l, &wr);
				b = c = a;
			}
			if ((r >> 8) % 4 == 0) {
				/*
				 * counters just below half their range or their
				 * wrap, the sticky causes and flags dropped:
				 * crossings (and causes) in the batch
				 */
				uint64_t near = r >> 12 & 1 ? a.mask : a.top - 1;

				for (unsigned int k = 0; k < AXIPERF_NUM_COUNTERS; k++)
					a.cnt[k] = (near - rnd(&s) % 3000) & a.mask;
				a.irq_status = 0;
				a.resp_approx = false;
				a.active_sat = false;
				b = c = a;
			}
			st0 = a.irq_status;
			for (uint32_t k = 0; k < count; k++) {
				uint32_t q = rnd(&s), n = lens[q % 10];

				if (q >> 4 & 1)
					n = n / 2 + rnd(&s) % (n + 1);
				random_run_wires(&s, &runs[k].l);
				if (p.id_width > 8 && (q >> 5 & 1)) {
					runs[k].l.rid |= 0x100;
					runs[k].l.arid |= 0x100;
				}
				if ((q >> 6) % 4 == 0) {
					/* no wire raised (the other fields left random): an idle bus, a wait */
					struct axiperf_link *l = &runs[k].l;

					l->awvalid = l->awready = l->wvalid = l->wready = l->wlast = false;
					l->bvalid = l->bready = l->arvalid = l->arready = false;
					l->rvalid = l->rready = l->rlast = false;
					quiet++;
				}
				/* a tracker error stops batches for good: keep the traffic clear of it */
				n = keep_trackers(&a, &runs[k].l, n);
				runs[k].n = n;
				for (uint32_t j = 0; j < n; j++)
					axiperf_model_clock_ref(&a, &runs[k].l, NULL);
				clocks += n;
				if (nl + n > sizeof(links) / sizeof(links[0]))
					to_c = false;
				for (uint32_t j = 0; to_c && j < n; j++)
					links[nl++] = runs[k].l;
			}
			axiperf_model_replay(&b, runs, count);
			if (to_c)
				axiperf_model_run(&c, links, nl);
			else
				c = b;
			halves += !!(a.irq_status & ~st0 & AXIPERF_IRQ_STATUS_HALF);
			wraps += !!(a.irq_status & ~st0 & AXIPERF_IRQ_STATUS_ACTIVE_SAT);
			approx += !!(a.irq_status & ~st0 & AXIPERF_IRQ_STATUS_RESP_APPROX);
			for (unsigned int k = 0; k < AXIPERF_MODEL_MAX_SLOTS; k++)
				shared += a.slot_valid[k] && a.slot_id[k] > 0xff;
			assert_false(a.perf_err);
			assert_same_model(&a, &b, "batch", batches);
			assert_same_model(&a, &c, "batch", batches);
		}
	}
	/* the traffic reached what it is there for */
	print_message("# replay: %lu batches, %lu clocks, HALF rose in %lu, ACTIVE_SAT in %lu, "
		      "RESP_APPROX in %lu, %lu slots of IDs over 8 bits, %lu runs with no wire "
		      "raised\n", batches, clocks, halves, wraps, approx, shared, quiet);
	assert_true(clocks > 10000000);
	assert_true(quiet > 5000);
	assert_true(halves > 20);
	assert_true(wraps > 5);
	assert_true(approx > 20);
	assert_true(shared > 50);
}

/*
 * axiperf_model_hold_until_irq() stops after the very clock on which
 * stepping raises the line, from counters below half range, with the
 * interrupt enabled, through the settling clocks and the skip.
 */
static void test_hold_until_irq_stops_on_the_rising_clock(void **state)
{
	static struct axiperf_model a, b, c;
	struct axiperf_params p;
	unsigned long found = 0;

	(void)state;
	for (size_t set = 0; set < sizeof(hold_sets) / sizeof(hold_sets[0]); set++) {
		uint64_t s = 0xabcd0000u + set;

		hold_params(&p, hold_sets[set]);
		for (int i = 0; i < 300; i++) {
			struct axiperf_link l;
			struct axiperf_axil_write en = { AXIPERF_REG_IRQ_ENABLE, 0xf, 0xf };
			uint64_t k, step = 0;
			const uint64_t limit = 200000;

			axiperf_model_init(&a, &p);
			a.triggered = true;
			for (unsigned int j = 0; j < AXIPERF_NUM_COUNTERS; j++)
				a.cnt[j] = (a.top - 1 - rnd(&s) % 150000) & a.mask;
			memset(&l, 0, sizeof(l));
			axiperf_model_clock(&a, &l, &en);
			random_run_wires(&s, &l);
			b = a;
			c = a;
			k = axiperf_model_hold_until_irq(&b, &l, limit);
			while (step < limit && !axiperf_model_irq(&a)) {
				axiperf_model_clock_ref(&a, &l, NULL);
				step++;
			}
			assert_int_equal(k, step);
			assert_int_equal(axiperf_model_irq(&b), axiperf_model_irq(&a));
			assert_same_model(&a, &b, "run", (unsigned long)i);
			/* the copy told the truth about the original */
			axiperf_model_hold(&c, &l, k);
			assert_same_model(&a, &c, "run", (unsigned long)i);
			found += axiperf_model_irq(&a);
		}
	}
	assert_true(found > 500);
}

/*
 * A run of n clocks costs the same whatever n is: an idle hour at
 * 100 MHz (3.6 x 10^11 clocks) held at once counts exactly that.
 */
static void test_hold_of_an_hour_is_exact(void **state)
{
	static struct axiperf_model m;
	struct axiperf_params p;
	struct axiperf_link l;
	const uint64_t hour = 360000000000ULL;

	(void)state;
	axiperf_params_default(&p);
	p.counter_width = 64;
	axiperf_model_init(&m, &p);
	m.triggered = true;
	memset(&l, 0, sizeof(l));
	axiperf_model_hold(&m, &l, hour);
	assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES), hour);
	assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_RD_IDLE), hour);
	assert_int_equal(m.clocks, hour);
	/* then an hour of read beats, each one counted */
	l.rvalid = l.rready = true;
	axiperf_model_hold(&m, &l, hour);
	assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES), 2 * hour);
	assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_RD_IDLE), hour);
	assert_int_equal(axiperf_model_event(&m, AXIPERF_EV_RD_BEATS), hour);
}

static void test_refresh_rebuilds_derived_state_after_a_restore(void **state)
{
	static struct axiperf_model a, b;
	size_t derived = offsetof(struct axiperf_model, clocks) + sizeof(a.clocks);

	(void)state;
	init_with(&a, NULL);
	start_idle(&a);
	tick(&a, "ar arid=1 arlen=3");
	tick(&a, "ar arid=2 arlen=3");
	tick(&a, "r rid=2");		/* ID 2 takes slot 0 */
	tick(&a, "r rid=1");		/* ID 1 takes slot 1 */
	/* a restore brings back only the fields up to 'clocks' */
	memset(&b, 0xa5, sizeof(b));
	memcpy(&b, &a, derived);
	axiperf_model_refresh(&b);
	assert_memory_equal(&a, &b, sizeof(a));
	tick(&a, "r rl rid=1");
	tick(&b, "r rl rid=1");
	assert_int_equal(b.responding, 1);
	assert_memory_equal(&a, &b, sizeof(a));
}

/* ------------------------------------------------- in-flight sums (map 1.1) */

/*
 * Two pipelined reads of one ID: A (AR at clock 0, first beat 3, RLAST 4)
 * and B (AR 1, first beat 5, RLAST 6). In flight: (4 - 0) + (6 - 1) = 9;
 * waiting for data: (3 - 0) + (5 - 1) = 7. The idle-link latency sees A
 * alone: rd_first_lag 3 over one rd_ar_cycles clock.
 */
static void test_inflight_sums_of_pipelined_reads(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arid=1 arlen=1");
	tick(m, "ar arid=1 arlen=1");
	tick(m, "");
	tick(m, "r rid=1");
	tick(m, "r rl rid=1");
	tick(m, "r rid=1");
	tick(m, "r rl rid=1");
	ticks(m, "", 5);
	check_ev(m, AXIPERF_EV_RD_INFLIGHT, 9);
	check_ev(m, AXIPERF_EV_RD_WAITING, 7);
	check_ev(m, AXIPERF_EV_RD_BURSTS, 2);
	check_ev(m, AXIPERF_EV_RD_FIRST_LAG, 3);
	check_ev(m, AXIPERF_EV_RD_AR_CYCLES, 1);
	check_ev(m, AXIPERF_EV_WR_INFLIGHT, 0);
	check_reg(m, 0x0b0, 9);
	check_reg(m, 0x0b4, 7);
}

/*
 * Out of order and interleaved: A (ID 1, two beats, AR 0) shows RVALID at
 * 2 without RREADY, B (ID 2, one beat, AR 1) overtakes it at 3, A's beats
 * are taken at 4 and 5. In flight (5 - 0) + (3 - 1) = 7; waiting for data
 * (2 - 0) + (3 - 1) = 4.
 */
static void test_inflight_sums_of_out_of_order_reads(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "ar arid=1 arlen=1");
	tick(m, "ar arid=2 arlen=0");
	tick(m, "rv rid=1");
	tick(m, "r rl rid=2");
	tick(m, "r rid=1");
	tick(m, "r rl rid=1");
	ticks(m, "", 3);
	check_ev(m, AXIPERF_EV_RD_INFLIGHT, 7);
	check_ev(m, AXIPERF_EV_RD_WAITING, 4);
	check_ev(m, AXIPERF_EV_RD_BURSTS, 2);
}

/*
 * Writes: A's first beat (0) comes before its address and last beat (1),
 * B's address (2) before its data (4); B responses at 3 (A) and 6 (B).
 * In flight from the earlier of address and first data: (3 - 0) + (6 - 2).
 */
static void test_inflight_sum_of_writes_counts_from_the_earlier_start(void **state)
{
	struct axiperf_model *m = *state;

	tick(m, "w");
	tick(m, "aw w wl awlen=1");
	tick(m, "aw awlen=0");
	tick(m, "b");
	tick(m, "w wl");
	tick(m, "");
	tick(m, "b");
	ticks(m, "", 4);
	check_ev(m, AXIPERF_EV_WR_INFLIGHT, 7);
	check_ev(m, AXIPERF_EV_WR_BURSTS, 2);
	check_ev(m, AXIPERF_EV_RD_INFLIGHT, 0);
	check_reg(m, 0x0b8, 7);
}

static void no_latency_tweak(struct axiperf_params *p)
{
	p->has_latency = false;
}

/* A build without the sums: CONFIG says so, they read 0, the rest counts. */
static void test_build_without_latency_sums_reads_zero(void **state)
{
	struct axiperf_model m;

	(void)state;
	init_with(&m, no_latency_tweak);
	start_idle(&m);
	assert_int_equal(axiperf_model_read(&m, AXIPERF_REG_CONFIG) & AXIPERF_CONFIG_HAS_LATENCY, 0);
	tick(&m, "ar arid=1 arlen=0");
	tick(&m, "aw awlen=0");
	tick(&m, "w wl");
	tick(&m, "r rl rid=1");
	tick(&m, "b");
	ticks(&m, "", 3);
	check_ev(&m, AXIPERF_EV_RD_BURSTS, 1);
	check_ev(&m, AXIPERF_EV_WR_BURSTS, 1);
	check_ev(&m, AXIPERF_EV_RD_INFLIGHT, 0);
	check_ev(&m, AXIPERF_EV_RD_WAITING, 0);
	check_ev(&m, AXIPERF_EV_WR_INFLIGHT, 0);
}

/* ------------------------------------------------------------------ main */

#define T(f) cmocka_unit_test_setup(f, setup_default)
#define TS(f) cmocka_unit_test_setup(f, setup_stopped)

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		T(test_rd_beat_counts_each_read_data_transfer),
		T(test_rd_stall_counts_master_backpressure_on_r),
		T(test_rd_slow_link_counts_gaps_inside_a_responding_burst),
		T(test_rd_lag_counts_wait_for_the_first_beat),
		T(test_rd_max_responding_counts_ids_at_once_not_in_total),
		T(test_rd_addr_stall_counts_arvalid_refused_on_idle_link),
		T(test_rd_addr_cycle_counts_only_requests_on_an_idle_link),
		T(test_rd_idle_counts_quiet_read_channels),
		T(test_wr_early_beat_counts_data_before_its_address),
		T(test_wr_beat_counts_data_with_its_address),
		T(test_wr_stall_counts_refused_data_after_the_address),
		T(test_wr_stall_no_addr_counts_midburst_refusal_without_address),
		T(test_wr_early_stall_counts_first_refused_beat_without_address),
		T(test_wr_slow_data_counts_gaps_inside_a_write_burst),
		T(test_wr_data_lag_counts_wait_for_data_after_address),
		T(test_wr_b_lag_counts_wait_for_bvalid),
		T(test_wr_b_stall_counts_master_backpressure_on_b),
		T(test_wr_b_end_counts_accepted_responses),
		T(test_wr_addr_lag_mid_counts_midburst_gap_without_address),
		T(test_wr_addr_lag_counts_complete_data_waiting_for_address),
		T(test_wr_aw_early_counts_address_accepted_before_data),
		T(test_wr_addr_stall_counts_awvalid_refused_on_idle_link),
		T(test_wr_idle_counts_quiet_write_channels),
		TS(test_start_waits_for_an_idle_bus),
		TS(test_stop_waits_for_an_idle_bus),
		TS(test_clear_waits_for_an_idle_bus_and_drops_that_clock),
		TS(test_clear_clock_raises_no_interrupt_of_its_lost_count),
		TS(test_clear_written_as_2_also_stops),
		TS(test_last_start_or_stop_written_wins),
		TS(test_start_written_while_stop_pending_is_not_lost),
		TS(test_control_write_on_the_applying_clock_stays_pending),
		TS(test_control_write_without_byte0_strobe_is_ignored),
		TS(test_idle_needs_no_burst_in_progress_and_no_valid),
		TS(test_start_waits_for_a_data_burst_begun_without_address),
		TS(test_rd_first_lag_does_not_count_idle_clocks_after_reset),
		T(test_wr_bias_uses_awready_not_arready),
		T(test_wr_bias_counts_address_waiting_for_data),
		T(test_w_max_compares_against_its_own_register),
		T(test_gauges_saturate_at_field_width),
		cmocka_unit_test(test_id_table_overflow_sets_resp_approx),
		cmocka_unit_test(test_id_width_0_tracks_every_burst_as_id_0),
		T(test_tracker_overflow_sets_perf_err_and_forces_idle),
		T(test_32_bit_counter_wraps_and_upper_half_reads_0),
		cmocka_unit_test(test_64_bit_counter_carries_into_upper_half_and_wraps),
		T(test_half_range_interrupt_on_top_bit_change),
		cmocka_unit_test(test_half_range_of_64_bit_counter_is_bit_63),
		T(test_active_saturates_at_all_ones_after_wrap),
		cmocka_unit_test(test_active_saturates_in_64_bit_both_halves),
		T(test_snapshot_copies_start_of_clock_values),
		cmocka_unit_test(test_snapshot_of_64_bit_counter_has_upper_window),
		cmocka_unit_test(test_without_snapshot_its_window_reads_live_counters),
		T(test_w1c_clears_status_but_loses_to_same_clock_cause),
		T(test_irq_follows_status_and_enable),
		cmocka_unit_test(test_irq_stays_low_without_has_irq),
		T(test_reads_return_start_of_clock_state),
		T(test_id_version_config_read_build_values),
		cmocka_unit_test(test_config_reports_every_parameter),
		T(test_unused_offsets_read_0_and_ignore_writes),
		cmocka_unit_test(test_params_out_of_range_are_reported),
		cmocka_unit_test(test_wstrb_bytes_at_32_bits),
		cmocka_unit_test(test_wstrb_bytes_at_256_bits),
		cmocka_unit_test(test_wstrb_bytes_at_512_bits),
		cmocka_unit_test(test_wstrb_bytes_at_1024_bits),
		T(test_aw_bytes_use_len_and_size),
		cmocka_unit_test(test_categories_partition_active_cycles_on_random_traffic),
		cmocka_unit_test(test_counting_matches_generated_categories_for_every_input),
		T(test_classify_names_the_categories_of_a_clock),
		cmocka_unit_test(test_refresh_rebuilds_derived_state_after_a_restore),
		T(test_inflight_sums_of_pipelined_reads),
		T(test_inflight_sums_of_out_of_order_reads),
		T(test_inflight_sum_of_writes_counts_from_the_earlier_start),
		cmocka_unit_test(test_build_without_latency_sums_reads_zero),
		cmocka_unit_test(test_hold_equals_reference),
		cmocka_unit_test(test_hold_until_irq_stops_on_the_rising_clock),
		cmocka_unit_test(test_hold_of_an_hour_is_exact),
		cmocka_unit_test(test_quick_clock_equals_reference_on_every_input),
		cmocka_unit_test(test_run_of_links_equals_reference),
		cmocka_unit_test(test_replay_equals_reference),
		cmocka_unit_test(test_batch_last_clock_raises_no_maximum),
	};

	cmocka_set_message_output(CM_OUTPUT_TAP);
	if (argc == 2 && !strcmp(argv[1], "--quick")) {
		/* the hand-computed tests again, each clock on the per-clock fast path */
		quick_mode = 1;
		return cmocka_run_group_tests_name("model (per-clock fast path)", tests, NULL, NULL);
	}
	if (argc == 2 && !strcmp(argv[1], "--hold")) {
		/* the hand-computed tests again, their runs held at once */
		hold_mode = 1;
		return cmocka_run_group_tests_name("model (runs held)", tests, NULL, NULL);
	}
	if (argc == 2 && !strcmp(argv[1], "--replay")) {
		/* and once more, each run replayed (a batch of one run) */
		replay_mode = 1;
		return cmocka_run_group_tests_name("model (runs replayed)", tests, NULL, NULL);
	}
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--quick | --hold | --replay]\n", argv[0]);
		return 2;
	}
	return cmocka_run_group_tests_name("model", tests, NULL, NULL);
}
