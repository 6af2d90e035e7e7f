/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * MicroBlaze performance counters: the access sequences through the MDM's
 * debug register access port, over two accessors so that the same code runs
 * in the kernel (readl/writel) and in userspace tests (against the model).
 */
#ifndef AXIPERF_MB_SEQ_H
#define AXIPERF_MB_SEQ_H

#include "mb_items.h"

#define MB_MAX_ALL_ITEMS (AXIPERF_MB_MAX_EVENT_COUNTERS * 2 + \
			  AXIPERF_MB_MAX_LATENCY_COUNTERS * AXIPERF_MB_MAX_ITEMS)

struct mb_io {
	u32 (*read)(void *ctx, unsigned int offset);
	void (*write)(void *ctx, unsigned int offset, u32 value);
	void *ctx;
	unsigned int nports;	/* MDM debug ports; with more than one, Which-MB is written */
};

/* The counting state of one MicroBlaze. */
struct mb_core {
	struct mb_config cfg;
	unsigned int port;
	bool running;		/* programmed to count */
	bool paused;		/* held stopped by mb_seq_pause() */
	struct mb_alloc alloc;
	struct mb_acc acc[AXIPERF_MB_MAX_COUNTERS];
	u64 preset[AXIPERF_MB_MAX_COUNTERS];
};

/* Buffers for one sequence (one per MDM, used under its lock). */
struct mb_scratch {
	u32 items[MB_MAX_ALL_ITEMS];
	u32 status[AXIPERF_MB_MAX_COUNTERS];
	struct mb_values vals[AXIPERF_MB_MAX_COUNTERS];
};

bool mb_seq_jtag_locked(const struct mb_io *io);
int mb_seq_config(const struct mb_io *io, u32 *cfg);
int mb_seq_sync(const struct mb_io *io, struct mb_core *c, bool clear, struct mb_scratch *s);
int mb_seq_program(const struct mb_io *io, struct mb_core *c, u64 fresh, struct mb_scratch *s);
int mb_seq_freeze(const struct mb_io *io, struct mb_core *c, u64 fresh, struct mb_scratch *s);
int mb_seq_thaw(const struct mb_io *io, struct mb_core *c, u64 restart, u64 keep,
		struct mb_scratch *s);
int mb_seq_pause(const struct mb_io *io, struct mb_core *c, bool pause);
int mb_seq_stop(const struct mb_io *io, struct mb_core *c, struct mb_scratch *s);
int mb_seq_clear(const struct mb_io *io, unsigned int port);

#endif /* AXIPERF_MB_SEQ_H */
