/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arithmetic of the axiperf PMU driver, kept apart from hardware access
 * so that KUnit can test it on its own (axiperf_calc_test.c).
 */
#ifndef AXIPERF_CALC_H
#define AXIPERF_CALC_H

#include <linux/bits.h>
#include <linux/time64.h>
#include <linux/types.h>

/* Longest poll period: a 64-bit counter never needs one any sooner. */
#define AXIPERF_POLL_MAX_NS	(3600ULL * NSEC_PER_SEC)

/* perf's config:0-7 carries the event id; every other bit is reserved. */
#define AXIPERF_CONFIG_EVENT	GENMASK_ULL(7, 0)

enum axiperf_kind {
	AXIPERF_COUNTER,
	AXIPERF_GAUGE,
};

/* One row of the event table built from include/axiperf/regs.h. */
struct axiperf_event_desc {
	const char *name;
	const char *unit;
	u16 id;
	u16 offset;
	u16 legacy_offset;	/* counters only */
	u8 kind;
	u8 lsb;
	u8 bits;
	u16 step_per_byte;
	u16 step_const;
};

/* What an event config decodes to on one monitor. */
struct axiperf_evsel {
	const struct axiperf_event_desc *desc;
	unsigned int index;	/* row in axiperf_events[] */
	unsigned int offset;	/* register holding it on this core */
};

/* Build parameters, from the CONFIG register (or the device tree). */
struct axiperf_hwcfg {
	unsigned int data_bytes;
	unsigned int id_width;
	unsigned int id_slots;
	unsigned int addr_width;
	unsigned int counter_width;
	bool has_irq;
	bool has_snapshot;
	bool has_latency;	/* rd_inflight, rd_waiting, wr_inflight (map 1.1) */
	bool legacy;		/* the article's core: its 0x00-0x7C window only */
};

/* counters first, in id order: row i of the first AXIPERF_NUM_COUNTERS is id i */
extern const struct axiperf_event_desc axiperf_events[];
extern const unsigned int axiperf_num_events;

u64 axiperf_delta(u64 prev, u64 now, unsigned int width);
bool axiperf_top_bit_changed(u64 prev, u64 now, unsigned int width);
u64 axiperf_gauge_value(u32 reg, unsigned int lsb, unsigned int bits);
u64 axiperf_max_step(const struct axiperf_event_desc *desc,
		     unsigned int data_bytes);
u64 axiperf_poll_period_ns(u64 clk_hz, u64 max_step, unsigned int width);
unsigned int axiperf_event_offset(const struct axiperf_event_desc *desc,
				  bool legacy);
bool axiperf_event_present(const struct axiperf_event_desc *desc,
			   const struct axiperf_hwcfg *cfg);
int axiperf_decode_event(u64 config, const struct axiperf_hwcfg *cfg,
			 struct axiperf_evsel *sel);
int axiperf_decode_hwcfg(u32 id, u32 version, u32 config,
			 struct axiperf_hwcfg *cfg);

#endif /* AXIPERF_CALC_H */
