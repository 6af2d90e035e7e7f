/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* axiperf-replay: what its parts share (replay.c, find.c). */
#ifndef AXIPERF_REPLAY_H
#define AXIPERF_REPLAY_H

#include "vcd.h"

enum role {
	R_CLK, R_AWVALID, R_AWREADY, R_AWID, R_AWLEN, R_AWSIZE, R_WSTRB, R_WLAST,
	R_WVALID, R_WREADY, R_BVALID, R_BREADY, R_ARVALID, R_ARREADY, R_ARID,
	R_ARLEN, R_ARSIZE, R_RVALID, R_RREADY, R_RID, R_RLAST, R_BID, R_BRESP, R_RRESP,
	R_RESET, R_NUM
};

struct role_info {
	const char *name;
	unsigned int max_bits;
	int optional;
	int extra;	/* read for the transactions only (txn.c), absent when not found */
};

static const struct role_info roles[R_NUM] = {
	[R_CLK] = { "clk", 1, 0 },
	[R_AWVALID] = { "awvalid", 1, 0 },
	[R_AWREADY] = { "awready", 1, 0 },
	[R_AWID] = { "awid", 16, 1 },
	[R_AWLEN] = { "awlen", 8, 1 },
	[R_AWSIZE] = { "awsize", 3, 1 },
	[R_WSTRB] = { "wstrb", 128, 1 },
	[R_WLAST] = { "wlast", 1, 0 },
	[R_WVALID] = { "wvalid", 1, 0 },
	[R_WREADY] = { "wready", 1, 0 },
	[R_BVALID] = { "bvalid", 1, 0 },
	[R_BREADY] = { "bready", 1, 0 },
	[R_ARVALID] = { "arvalid", 1, 0 },
	[R_ARREADY] = { "arready", 1, 0 },
	[R_ARID] = { "arid", 16, 1 },
	[R_ARLEN] = { "arlen", 8, 1 },
	[R_ARSIZE] = { "arsize", 3, 1 },
	[R_RVALID] = { "rvalid", 1, 0 },
	[R_RREADY] = { "rready", 1, 0 },
	[R_RID] = { "rid", 16, 1 },
	[R_RLAST] = { "rlast", 1, 0 },
	[R_BID] = { "bid", 16, 1, 1 },
	[R_BRESP] = { "bresp", 2, 1, 1 },
	[R_RRESP] = { "rresp", 2, 1, 1 },
	[R_RESET] = { "reset", 1, 1 },
};

struct opts {
	const char *prefix;
	const char *scope;
	const char *map[R_NUM];		/* NULL: by name; "": absent */
	int reset_low;
	unsigned int data_width, counter_width, id_slots;
	double clock_hz;
	const char *dump;
	unsigned long repeat;
	int bench;
	const char *path;		/* TRACE as shown in messages */
	const char *file;		/* ... as opened ('-': standard input) */
	int explicit;			/* a signal option was given: one link */
	const char **links;		/* --link: the links to replay */
	unsigned int nlinks;
	int list;			/* --list */
	int format;			/* 0 text, 'c' --csv, 'j' --json */
	int window;			/* --start or --end given */
	uint64_t start, end;		/* dump time units: clocks counted */
	uint64_t *wstart, *wend;	/* every --start/--end window, in order */
	unsigned int nwin;		/* (start and end are the first's) */
	/* the transactions (txn.h): none of it is done unless asked */
	int latency;			/* --latency (or --per-id, --linear-bins) */
	int per_id;			/* --per-id */
	uint64_t linear_w;		/* --linear-bins W, 0 for log2 bins only */
	unsigned int worst;		/* --worst N */
	const char *markers;		/* --markers FILE */
	int errors;			/* --errors */
	uint64_t interval;		/* --interval T, 0 for none */
	int lite;			/* --lite: AXI4-Lite interfaces are links too */
	int txn;			/* any of them: the transactions are followed */
};


/* One variable's share of a role (a vector dumped bit by bit has several). */
struct part {
	int role;
	unsigned int code;	/* the variable's identifier code */
	unsigned int lsb, width;
};

/* Where one link's roles are in the dump. */
struct link_map {
	struct part *parts;
	unsigned int nparts, cap_parts;
	unsigned int width[R_NUM];	/* 0: absent */
	char found[R_NUM][256];		/* scope.name used, for messages */
	int reset_low;			/* the reset's polarity */
	int no_ids;			/* the trace has no awid, arid, rid */
	const char *reset_how;		/* how the reset was chosen */
};

/* A link found in the dump by its handshake signals. */
struct found_link {
	char scope[1024];
	char prefix[128];
	char label[1200];		/* scope.prefix*, how it is shown */
	char names[R_NUM][1200];	/* scope.name of each role, "" when absent */
	int reset_low;
	int no_ids;			/* none of awid, arid, rid */
	int lite;			/* AXI4-Lite: no wlast, rlast (one-beat bursts) */
	unsigned int codes[R_NUM];	/* the handshake roles' codes */
	char aliases[512];		/* the same link dumped in other scopes */
};

struct near_miss {
	char label[1200];
	char why[512];
};

struct discovery {
	struct found_link *links;
	unsigned int nlinks;
	struct near_miss *misses;
	unsigned int nmisses;
};

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void map_signals(const struct vcd *v, const struct opts *o, struct link_map *lm);
/* lite: an interface with all but WLAST and RLAST is an AXI4-Lite link (--lite) */
void discover(const struct vcd *v, struct discovery *d, int lite);
void discovery_free(struct discovery *d);

#endif /* AXIPERF_REPLAY_H */
