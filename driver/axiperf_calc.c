// SPDX-License-Identifier: GPL-2.0
/*
 * Pure logic of the axiperf PMU: the event table generated from the register
 * description, counter arithmetic, decoding and poll-period sizing.
 */
#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/time64.h>

#include <axiperf/regs.h>

#include "axiperf_calc.h"

#define AXIPERF_COUNTER_ROW(_name, _id, _off, _legacy, _unit, _per_byte, _const) \
	{ .name = #_name, .unit = _unit, .id = _id, .offset = _off,	\
	  .legacy_offset = _legacy, .kind = AXIPERF_COUNTER,		\
	  .step_per_byte = _per_byte, .step_const = _const },

#define AXIPERF_GAUGE_ROW(_name, _id, _off, _lsb, _bits)		\
	{ .name = #_name, .unit = NULL, .id = _id, .offset = _off,	\
	  .kind = AXIPERF_GAUGE, .lsb = _lsb, .bits = _bits },

const struct axiperf_event_desc axiperf_events[] = {
	AXIPERF_COUNTERS(AXIPERF_COUNTER_ROW)
	AXIPERF_GAUGES(AXIPERF_GAUGE_ROW)
};

const unsigned int axiperf_num_events = ARRAY_SIZE(axiperf_events);

static u64 axiperf_width_mask(unsigned int width)
{
	return width >= 64 ? U64_MAX : BIT_ULL(width) - 1;
}

/* Increments between two readings of a free-running @width-bit counter. */
u64 axiperf_delta(u64 prev, u64 now, unsigned int width)
{
	return (now - prev) & axiperf_width_mask(width);
}

/*
 * True when the counter passed a multiple of half its range between the two
 * readings: the moments the hardware raises IRQ_STATUS.half, and the ones
 * the overflow tracepoint records on the polling path too.
 */
bool axiperf_top_bit_changed(u64 prev, u64 now, unsigned int width)
{
	u64 half = BIT_ULL(width - 1);

	return ((prev ^ now) & half) || axiperf_delta(prev, now, width) >= half;
}

u64 axiperf_gauge_value(u32 reg, unsigned int lsb, unsigned int bits)
{
	return (reg >> lsb) & axiperf_width_mask(bits);
}

/* Largest increment of the counter in one clock of the monitored link. */
u64 axiperf_max_step(const struct axiperf_event_desc *desc,
		     unsigned int data_bytes)
{
	return desc->step_const + (u64)desc->step_per_byte * data_bytes;
}

/*
 * How often a @width-bit counter growing by up to @max_step per clock at
 * @clk_hz must be read so that no wrap goes unseen: the time it takes to
 * cover half its range. The other half is the margin for a late timer.
 * Returns 0 when the inputs cannot size a period.
 */
u64 axiperf_poll_period_ns(u64 clk_hz, u64 max_step, unsigned int width)
{
	u64 cycles;

	if (!clk_hz || !max_step || width < 2 || width > 64)
		return 0;
	cycles = div64_u64(BIT_ULL(width - 1), max_step);
	if (!cycles)
		return 0;
	if (div64_u64(cycles, clk_hz) >= AXIPERF_POLL_MAX_NS / NSEC_PER_SEC)
		return AXIPERF_POLL_MAX_NS;
	return min(mul_u64_u64_div_u64(cycles, NSEC_PER_SEC, clk_hz),
		   AXIPERF_POLL_MAX_NS);
}

/* Gauges sit where the article put them; only counters may have moved. */
unsigned int axiperf_event_offset(const struct axiperf_event_desc *desc,
				  bool legacy)
{
	return legacy && desc->kind == AXIPERF_COUNTER ? desc->legacy_offset :
							 desc->offset;
}

/*
 * The article's core has only what lies in its 0x00-0x7C window; a
 * monitor without CONFIG.has_latency (map 1.0, or built without) lacks
 * the in-flight sums.
 */
bool axiperf_event_present(const struct axiperf_event_desc *desc,
			   const struct axiperf_hwcfg *cfg)
{
	if (!cfg->has_latency && desc->id < 64 &&
	    (AXIPERF_NEEDS_HAS_LATENCY_IDS >> desc->id) & 1)
		return false;
	return !cfg->legacy ||
	       axiperf_event_offset(desc, true) < AXIPERF_LEGACY_WINDOW_SIZE;
}

int axiperf_decode_event(u64 config, const struct axiperf_hwcfg *cfg,
			 struct axiperf_evsel *sel)
{
	unsigned int i;

	if (config & ~AXIPERF_CONFIG_EVENT)
		return -EINVAL;
	for (i = 0; i < axiperf_num_events; i++) {
		const struct axiperf_event_desc *desc = &axiperf_events[i];

		if (desc->id != config)
			continue;
		if (!axiperf_event_present(desc, cfg))
			return -EINVAL;
		sel->desc = desc;
		sel->index = i;
		sel->offset = axiperf_event_offset(desc, cfg->legacy);
		return 0;
	}
	return -EINVAL;
}

int axiperf_decode_hwcfg(u32 id, u32 version, u32 config,
			 struct axiperf_hwcfg *cfg)
{
	unsigned int log2_bytes = FIELD_GET(AXIPERF_CONFIG_DATA_BYTES_LOG2, config);

	if (id != AXIPERF_MAGIC)
		return -ENODEV;
	if (FIELD_GET(AXIPERF_VERSION_MAJOR, version) != AXIPERF_MAP_MAJOR)
		return -EPROTO;
	if (log2_bytes < 2 || log2_bytes > 7)
		return -EINVAL;

	cfg->data_bytes = 1U << log2_bytes;
	cfg->id_width = FIELD_GET(AXIPERF_CONFIG_ID_WIDTH, config);
	cfg->id_slots = FIELD_GET(AXIPERF_CONFIG_ID_SLOTS, config);
	cfg->addr_width = FIELD_GET(AXIPERF_CONFIG_ADDR_WIDTH, config);
	cfg->counter_width = (config & AXIPERF_CONFIG_COUNTER_64) ? 64 : 32;
	cfg->has_irq = config & AXIPERF_CONFIG_HAS_IRQ;
	cfg->has_snapshot = config & AXIPERF_CONFIG_HAS_SNAPSHOT;
	/* reserved, so 0, in map 1.0 */
	cfg->has_latency = config & AXIPERF_CONFIG_HAS_LATENCY;
	cfg->legacy = false;

	if (cfg->id_width > 16 || !cfg->id_slots || cfg->id_slots > 16)
		return -EINVAL;
	return 0;
}
