/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * MicroBlaze performance counters: the pure logic of the MDM protocol,
 * shared by the kernel driver and its userspace unit tests. No I/O, no
 * architecture assumptions, no floating point.
 */
#ifndef AXIPERF_MB_ITEMS_H
#define AXIPERF_MB_ITEMS_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/types.h>
#else
#include <errno.h>
#include <stdbool.h>
typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long s64;
#define BIT_ULL(n) (1ULL << (n))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#include "axiperf/microblaze.h"

/* One counter's data: indexed by AXIPERF_MB_FIELD_* (an event counter uses COUNT only). */
struct mb_values {
	u64 f[AXIPERF_MB_NUM_FIELDS];
};

/* The configuration of one MicroBlaze's counters (device tree). */
struct mb_config {
	unsigned int width;	/* 32, 48 or 64 */
	unsigned int n_event;	/* event counters: indexes 0 .. n_event - 1 */
	unsigned int n_latency;	/* latency counters: indexes n_event .. */
};

int mb_dbg_ctrl(unsigned int target, unsigned int command, unsigned int bits, u32 *out);
bool mb_width_ok(unsigned int width);
int mb_items_per_counter(unsigned int width, unsigned int kind);
unsigned int mb_field_bits(unsigned int width, unsigned int kind, unsigned int field);
int mb_decode(unsigned int width, unsigned int kind, const u32 *items, unsigned int n,
	      struct mb_values *out);
int mb_encode(unsigned int width, unsigned int kind, const struct mb_values *v, u32 *items,
	      unsigned int n);

int mb_config_check(const struct mb_config *c);
unsigned int mb_counter_kind(const struct mb_config *c, unsigned int idx);
unsigned int mb_total_counters(const struct mb_config *c);
unsigned int mb_total_items(const struct mb_config *c);
int mb_decode_all(const struct mb_config *c, const u32 *items, unsigned int n,
		  struct mb_values *out);

/* Counter allocation: which hardware counter counts (event, item). */
struct mb_slot {
	u8 event;
	u8 users;	/* 0: free */
	bool exclusive;	/* not shared (e.g. it carries a preset) */
};

struct mb_alloc {
	struct mb_slot slot[AXIPERF_MB_MAX_COUNTERS];
};

int mb_event_check(const struct mb_config *c, unsigned int event, unsigned int item);
void mb_alloc_init(struct mb_alloc *a);
int mb_alloc_get(struct mb_alloc *a, const struct mb_config *c, unsigned int event,
		 unsigned int item, bool exclusive);
void mb_alloc_put(struct mb_alloc *a, unsigned int idx);

/*
 * Extending hardware readings to 64-bit totals. `last` holds each field's
 * reading since the last Clear, extended past wraps; totals only grow.
 */
struct mb_acc {
	u64 total[AXIPERF_MB_NUM_FIELDS];	/* COUNT, SUM, SUM_SQ: running totals */
	u64 last[AXIPERF_MB_NUM_FIELDS];
	u64 cur_min, cur_max;	/* of the current Clear epoch, valid when last COUNT > 0 */
	u64 old_min, old_max;	/* merged over finished epochs, valid when have_old */
	bool cur_valid, have_old;
	bool ovf_seen;		/* overflow status already accounted in this epoch */
	bool lost;		/* a latency field may have wrapped unnoticed */
	bool full;		/* latency events overlapped: reduced accuracy */
};

u64 mb_extend(u64 last, u64 now, bool overflow, unsigned int bits);
void mb_acc_init(struct mb_acc *acc, u64 preset);
void mb_acc_update(struct mb_acc *acc, unsigned int width, unsigned int kind,
		   const struct mb_values *now, u32 status, bool cleared);
void mb_acc_rebase(struct mb_acc *acc, unsigned int kind, const struct mb_values *raw);
u64 mb_acc_value(const struct mb_acc *acc, unsigned int field);

/*
 * Sampling. A period ends when its events have been counted; the counter
 * is preset so that it reaches its maximum, raising Dbg_Intr, then.
 */
bool mb_period_step(s64 *left, u64 period, u64 delta);
u64 mb_period_preset(unsigned int width, s64 left);

#endif /* AXIPERF_MB_ITEMS_H */
