/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/axiperf.toml by tools/gen/axiperf_gen.py; do not edit */
#ifndef AXIPERF_CATEGORIES_H
#define AXIPERF_CATEGORIES_H

#include <stdbool.h>

/* The inputs of one clock's classification. */
struct axiperf_cat_in {
	bool awvalid;	/* link: AWVALID */
	bool awready;	/* link: AWREADY */
	bool wvalid;	/* link: WVALID */
	bool wready;	/* link: WREADY */
	bool bvalid;	/* link: BVALID */
	bool bready;	/* link: BREADY */
	bool arvalid;	/* link: ARVALID */
	bool arready;	/* link: ARREADY */
	bool rvalid;	/* link: RVALID */
	bool rready;	/* link: RREADY */
	bool aw_out;	/* state: at least one accepted write address still waits for its B response */
	bool w_out;	/* state: at least one complete write data burst (WLAST accepted) still waits for its B response */
	bool w_prog;	/* state: a write data burst has started (WVALID seen) and its WLAST has not been accepted */
	bool r_out;	/* state: at least one accepted read address still waits for its RLAST beat */
	bool r_fly;	/* state: at least one read ID is responding (RVALID seen, RLAST not yet accepted) */
};

enum axiperf_rd_cat {
	AXIPERF_RD_CAT_BEAT,
	AXIPERF_RD_CAT_STALL,
	AXIPERF_RD_CAT_SLOW_LINK,
	AXIPERF_RD_CAT_LAG,
	AXIPERF_RD_CAT_ADDR_STALL,
	AXIPERF_RD_CAT_ADDR_CYCLE,
	AXIPERF_RD_CAT_IDLE,
	AXIPERF_RD_NUM_CATS
};

/* Event id counting each category (a second id, or -1, for 'also'). */
static const int axiperf_rd_cat_event[][2] = {
	[AXIPERF_RD_CAT_BEAT] = { AXIPERF_EV_RD_BEATS, -1 },
	[AXIPERF_RD_CAT_STALL] = { AXIPERF_EV_RD_R_STALL, -1 },
	[AXIPERF_RD_CAT_SLOW_LINK] = { AXIPERF_EV_RD_SLOW_LINK, -1 },
	[AXIPERF_RD_CAT_LAG] = { AXIPERF_EV_RD_LAG, -1 },
	[AXIPERF_RD_CAT_ADDR_STALL] = { AXIPERF_EV_RD_AR_STALL, -1 },
	[AXIPERF_RD_CAT_ADDR_CYCLE] = { AXIPERF_EV_RD_AR_CYCLES, -1 },
	[AXIPERF_RD_CAT_IDLE] = { AXIPERF_EV_RD_IDLE, -1 },
};

static const char *const axiperf_rd_cat_name[] = {
	[AXIPERF_RD_CAT_BEAT] = "beat",
	[AXIPERF_RD_CAT_STALL] = "stall",
	[AXIPERF_RD_CAT_SLOW_LINK] = "slow_link",
	[AXIPERF_RD_CAT_LAG] = "lag",
	[AXIPERF_RD_CAT_ADDR_STALL] = "addr_stall",
	[AXIPERF_RD_CAT_ADDR_CYCLE] = "addr_cycle",
	[AXIPERF_RD_CAT_IDLE] = "idle",
};

static inline enum axiperf_rd_cat
axiperf_rd_category(const struct axiperf_cat_in *s)
{
	if (s->rvalid && s->rready)
		return AXIPERF_RD_CAT_BEAT;
	if (s->rvalid && !s->rready)
		return AXIPERF_RD_CAT_STALL;
	if (!s->rvalid && s->r_fly)
		return AXIPERF_RD_CAT_SLOW_LINK;
	if (!s->rvalid && !s->r_fly && s->r_out)
		return AXIPERF_RD_CAT_LAG;
	if (!s->rvalid && !s->r_fly && !s->r_out && s->arvalid && !s->arready)
		return AXIPERF_RD_CAT_ADDR_STALL;
	if (!s->rvalid && !s->r_fly && !s->r_out && s->arvalid && s->arready)
		return AXIPERF_RD_CAT_ADDR_CYCLE;
	return AXIPERF_RD_CAT_IDLE;
}

enum axiperf_wr_cat {
	AXIPERF_WR_CAT_EARLY_BEAT,
	AXIPERF_WR_CAT_BEAT,
	AXIPERF_WR_CAT_STALL,
	AXIPERF_WR_CAT_STALL_NO_ADDR,
	AXIPERF_WR_CAT_EARLY_STALL,
	AXIPERF_WR_CAT_SLOW_DATA,
	AXIPERF_WR_CAT_DATA_LAG,
	AXIPERF_WR_CAT_B_LAG,
	AXIPERF_WR_CAT_B_STALL,
	AXIPERF_WR_CAT_B_END,
	AXIPERF_WR_CAT_ADDR_LAG_MID,
	AXIPERF_WR_CAT_ADDR_LAG,
	AXIPERF_WR_CAT_AW_EARLY,
	AXIPERF_WR_CAT_ADDR_STALL,
	AXIPERF_WR_CAT_IDLE,
	AXIPERF_WR_NUM_CATS
};

/* Event id counting each category (a second id, or -1, for 'also'). */
static const int axiperf_wr_cat_event[][2] = {
	[AXIPERF_WR_CAT_EARLY_BEAT] = { AXIPERF_EV_WR_EARLY_BEAT, AXIPERF_EV_WR_BEATS },
	[AXIPERF_WR_CAT_BEAT] = { AXIPERF_EV_WR_BEATS, -1 },
	[AXIPERF_WR_CAT_STALL] = { AXIPERF_EV_WR_STALL, -1 },
	[AXIPERF_WR_CAT_STALL_NO_ADDR] = { AXIPERF_EV_WR_STALL, -1 },
	[AXIPERF_WR_CAT_EARLY_STALL] = { AXIPERF_EV_WR_EARLY_STALL, -1 },
	[AXIPERF_WR_CAT_SLOW_DATA] = { AXIPERF_EV_WR_SLOW_DATA, -1 },
	[AXIPERF_WR_CAT_DATA_LAG] = { AXIPERF_EV_WR_DATA_LAG, -1 },
	[AXIPERF_WR_CAT_B_LAG] = { AXIPERF_EV_WR_B_LAG, -1 },
	[AXIPERF_WR_CAT_B_STALL] = { AXIPERF_EV_WR_B_STALL, -1 },
	[AXIPERF_WR_CAT_B_END] = { AXIPERF_EV_WR_B_END, -1 },
	[AXIPERF_WR_CAT_ADDR_LAG_MID] = { AXIPERF_EV_WR_ADDR_LAG, -1 },
	[AXIPERF_WR_CAT_ADDR_LAG] = { AXIPERF_EV_WR_ADDR_LAG, -1 },
	[AXIPERF_WR_CAT_AW_EARLY] = { AXIPERF_EV_WR_AW_EARLY, -1 },
	[AXIPERF_WR_CAT_ADDR_STALL] = { AXIPERF_EV_WR_ADDR_STALL, -1 },
	[AXIPERF_WR_CAT_IDLE] = { AXIPERF_EV_WR_IDLE, -1 },
};

static const char *const axiperf_wr_cat_name[] = {
	[AXIPERF_WR_CAT_EARLY_BEAT] = "early_beat",
	[AXIPERF_WR_CAT_BEAT] = "beat",
	[AXIPERF_WR_CAT_STALL] = "stall",
	[AXIPERF_WR_CAT_STALL_NO_ADDR] = "stall_no_addr",
	[AXIPERF_WR_CAT_EARLY_STALL] = "early_stall",
	[AXIPERF_WR_CAT_SLOW_DATA] = "slow_data",
	[AXIPERF_WR_CAT_DATA_LAG] = "data_lag",
	[AXIPERF_WR_CAT_B_LAG] = "b_lag",
	[AXIPERF_WR_CAT_B_STALL] = "b_stall",
	[AXIPERF_WR_CAT_B_END] = "b_end",
	[AXIPERF_WR_CAT_ADDR_LAG_MID] = "addr_lag_mid",
	[AXIPERF_WR_CAT_ADDR_LAG] = "addr_lag",
	[AXIPERF_WR_CAT_AW_EARLY] = "aw_early",
	[AXIPERF_WR_CAT_ADDR_STALL] = "addr_stall",
	[AXIPERF_WR_CAT_IDLE] = "idle",
};

static inline enum axiperf_wr_cat
axiperf_wr_category(const struct axiperf_cat_in *s)
{
	if (s->wvalid && s->wready && !s->aw_out && !s->awvalid)
		return AXIPERF_WR_CAT_EARLY_BEAT;
	if (s->wvalid && s->wready && (s->aw_out || s->awvalid))
		return AXIPERF_WR_CAT_BEAT;
	if (s->wvalid && !s->wready && s->aw_out)
		return AXIPERF_WR_CAT_STALL;
	if (s->wvalid && !s->wready && !s->aw_out && s->w_prog)
		return AXIPERF_WR_CAT_STALL_NO_ADDR;
	if (s->wvalid && !s->wready && !s->aw_out && !s->w_prog)
		return AXIPERF_WR_CAT_EARLY_STALL;
	if (!s->wvalid && s->aw_out && s->w_prog)
		return AXIPERF_WR_CAT_SLOW_DATA;
	if (!s->wvalid && s->aw_out && !s->w_prog && !s->w_out)
		return AXIPERF_WR_CAT_DATA_LAG;
	if (!s->wvalid && s->aw_out && !s->w_prog && s->w_out && !s->bvalid)
		return AXIPERF_WR_CAT_B_LAG;
	if (!s->wvalid && s->aw_out && !s->w_prog && s->w_out && s->bvalid && !s->bready)
		return AXIPERF_WR_CAT_B_STALL;
	if (!s->wvalid && s->aw_out && !s->w_prog && s->w_out && s->bvalid && s->bready)
		return AXIPERF_WR_CAT_B_END;
	if (!s->wvalid && !s->aw_out && s->w_prog)
		return AXIPERF_WR_CAT_ADDR_LAG_MID;
	if (!s->wvalid && !s->aw_out && !s->w_prog && s->w_out)
		return AXIPERF_WR_CAT_ADDR_LAG;
	if (!s->wvalid && !s->aw_out && !s->w_prog && !s->w_out && s->awvalid && s->awready)
		return AXIPERF_WR_CAT_AW_EARLY;
	if (!s->wvalid && !s->aw_out && !s->w_prog && !s->w_out && s->awvalid && !s->awready)
		return AXIPERF_WR_CAT_ADDR_STALL;
	return AXIPERF_WR_CAT_IDLE;
}

/* +1 (address first), -1 (data first) or 0 this clock. */
static inline int axiperf_wr_bias(const struct axiperf_cat_in *s)
{
	if ((s->aw_out || (s->awvalid && !(s->awready && s->wvalid && s->wready))) && !s->w_out && !s->w_prog)
		return 1;
	if (!s->aw_out && !(s->awvalid && s->awready) && ((s->wvalid && (!s->awvalid || (s->wready && !s->awready))) || s->w_out || s->w_prog))
		return -1;
	return 0;
}

#endif /* AXIPERF_CATEGORIES_H */
