/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/axiperf.toml by tools/gen/axiperf_gen.py; do not edit */
#ifndef AXIPERF_REGS_H
#define AXIPERF_REGS_H

#define AXIPERF_MAGIC		0x41585046U
#define AXIPERF_MAP_MAJOR	1
#define AXIPERF_MAP_MINOR	1
#define AXIPERF_WINDOW_SIZE	0x400
#define AXIPERF_UPPER_OFFSET	0x100
#define AXIPERF_SNAPSHOT_OFFSET	0x200
#define AXIPERF_OUTSTANDING_BITS	8
#define AXIPERF_LEGACY_WINDOW_SIZE	0x80

/* Registers */
#define AXIPERF_REG_ACTIVE	0x000
#define AXIPERF_REG_WR_BIAS	0x048
#define AXIPERF_REG_WR_FIRST_LAG	0x04c
#define AXIPERF_REG_CONTROL	0x07c
#define AXIPERF_CONTROL_START_PENDING_SHIFT	0
#define AXIPERF_CONTROL_START_PENDING	0x00000001U
#define AXIPERF_CONTROL_CLEAR_PENDING_SHIFT	1
#define AXIPERF_CONTROL_CLEAR_PENDING	0x00000002U
#define AXIPERF_CONTROL_TRIGGERED_SHIFT	2
#define AXIPERF_CONTROL_TRIGGERED	0x00000004U
#define AXIPERF_CONTROL_PERF_ERR_SHIFT	3
#define AXIPERF_CONTROL_PERF_ERR	0x00000008U
#define AXIPERF_CONTROL_STOP_PENDING_SHIFT	4
#define AXIPERF_CONTROL_STOP_PENDING	0x00000010U
#define AXIPERF_CONTROL_RESP_APPROX_SHIFT	5
#define AXIPERF_CONTROL_RESP_APPROX	0x00000020U
#define AXIPERF_CONTROL_IDLE_SHIFT	6
#define AXIPERF_CONTROL_IDLE	0x00000040U
#define AXIPERF_CONTROL_LINK_RESET_SHIFT	7
#define AXIPERF_CONTROL_LINK_RESET	0x00000080U
/* the bits the article's core has */
#define AXIPERF_CONTROL_LEGACY_MASK	0x0000000fU
#define AXIPERF_REG_ID	0x080
#define AXIPERF_REG_VERSION	0x084
#define AXIPERF_VERSION_MINOR_SHIFT	0
#define AXIPERF_VERSION_MINOR	0x0000ffffU
#define AXIPERF_VERSION_MAJOR_SHIFT	16
#define AXIPERF_VERSION_MAJOR	0xffff0000U
#define AXIPERF_REG_CONFIG	0x088
#define AXIPERF_CONFIG_DATA_BYTES_LOG2_SHIFT	0
#define AXIPERF_CONFIG_DATA_BYTES_LOG2	0x0000000fU
#define AXIPERF_CONFIG_ID_WIDTH_SHIFT	4
#define AXIPERF_CONFIG_ID_WIDTH	0x000001f0U
#define AXIPERF_CONFIG_COUNTER_64_SHIFT	9
#define AXIPERF_CONFIG_COUNTER_64	0x00000200U
#define AXIPERF_CONFIG_HAS_IRQ_SHIFT	10
#define AXIPERF_CONFIG_HAS_IRQ	0x00000400U
#define AXIPERF_CONFIG_HAS_SNAPSHOT_SHIFT	11
#define AXIPERF_CONFIG_HAS_SNAPSHOT	0x00000800U
#define AXIPERF_CONFIG_ID_SLOTS_SHIFT	12
#define AXIPERF_CONFIG_ID_SLOTS	0x0001f000U
#define AXIPERF_CONFIG_HAS_LATENCY_SHIFT	17
#define AXIPERF_CONFIG_HAS_LATENCY	0x00020000U
#define AXIPERF_CONFIG_ADDR_WIDTH_SHIFT	24
#define AXIPERF_CONFIG_ADDR_WIDTH	0xff000000U
#define AXIPERF_REG_SNAPSHOT	0x090
#define AXIPERF_REG_IRQ_STATUS	0x094
#define AXIPERF_IRQ_STATUS_HALF_SHIFT	0
#define AXIPERF_IRQ_STATUS_HALF	0x00000001U
#define AXIPERF_IRQ_STATUS_ACTIVE_SAT_SHIFT	1
#define AXIPERF_IRQ_STATUS_ACTIVE_SAT	0x00000002U
#define AXIPERF_IRQ_STATUS_PERF_ERR_SHIFT	2
#define AXIPERF_IRQ_STATUS_PERF_ERR	0x00000004U
#define AXIPERF_IRQ_STATUS_RESP_APPROX_SHIFT	3
#define AXIPERF_IRQ_STATUS_RESP_APPROX	0x00000008U
#define AXIPERF_REG_IRQ_ENABLE	0x098

/* Events (perf config values) and where they are */
#define AXIPERF_EV_ACTIVE_CYCLES	0
#define AXIPERF_EV_WR_IDLE	1
#define AXIPERF_EV_WR_BURSTS	2
#define AXIPERF_EV_WR_BEATS	3
#define AXIPERF_EV_WR_AW_BYTES	4
#define AXIPERF_EV_WR_W_BYTES	5
#define AXIPERF_EV_WR_SLOW_DATA	6
#define AXIPERF_EV_WR_STALL	7
#define AXIPERF_EV_WR_ADDR_LAG	8
#define AXIPERF_EV_WR_DATA_LAG	9
#define AXIPERF_EV_WR_AW_EARLY	10
#define AXIPERF_EV_WR_EARLY_BEAT	11
#define AXIPERF_EV_WR_ADDR_STALL	12
#define AXIPERF_EV_WR_EARLY_STALL	13
#define AXIPERF_EV_WR_B_LAG	14
#define AXIPERF_EV_WR_B_STALL	15
#define AXIPERF_EV_WR_B_END	16
#define AXIPERF_EV_RD_IDLE	17
#define AXIPERF_EV_RD_BURSTS	18
#define AXIPERF_EV_RD_BEATS	19
#define AXIPERF_EV_RD_BYTES	20
#define AXIPERF_EV_RD_AR_CYCLES	21
#define AXIPERF_EV_RD_AR_STALL	22
#define AXIPERF_EV_RD_R_STALL	23
#define AXIPERF_EV_RD_LAG	24
#define AXIPERF_EV_RD_SLOW_LINK	25
#define AXIPERF_EV_RD_FIRST_LAG	26
#define AXIPERF_EV_WR_BIAS_ADDR_FIRST	27
#define AXIPERF_EV_WR_BIAS_DATA_FIRST	28
#define AXIPERF_EV_RD_INFLIGHT	29
#define AXIPERF_EV_RD_WAITING	30
#define AXIPERF_EV_WR_INFLIGHT	31
#define AXIPERF_EV_RD_MAX_BURST_SIZE	32
#define AXIPERF_EV_WR_MAX_BURST_SIZE	33
#define AXIPERF_EV_RD_MAX_OUTSTANDING	34
#define AXIPERF_EV_WR_MAX_OUTSTANDING	35
#define AXIPERF_EV_RD_MAX_RESPONDING	36
#define AXIPERF_EV_WR_MAX_AW_OUTSTANDING	37
#define AXIPERF_EV_WR_MAX_W_OUTSTANDING	38
#define AXIPERF_NUM_COUNTERS	32
#define AXIPERF_NUM_GAUGES	7
#define AXIPERF_EV_MAX		38

/*
 * X(name, id, offset, legacy_offset, unit, max_step_per_data_byte,
 *   max_step_const): the monitor's counters. max_step is the largest
 * increment in one clock: const + per_data_byte * DATA_WIDTH / 8.
 */
#define AXIPERF_COUNTERS(X) \
	X(active_cycles, 0, 0x0a0, 0x000, "cycles", 0, 1) \
	X(wr_idle, 1, 0x008, 0x008, "cycles", 0, 1) \
	X(wr_bursts, 2, 0x00c, 0x00c, "bursts", 0, 1) \
	X(wr_beats, 3, 0x010, 0x010, "beats", 0, 1) \
	X(wr_aw_bytes, 4, 0x014, 0x014, "bytes", 256, 0) \
	X(wr_w_bytes, 5, 0x018, 0x018, "bytes", 1, 0) \
	X(wr_slow_data, 6, 0x01c, 0x01c, "cycles", 0, 1) \
	X(wr_stall, 7, 0x020, 0x020, "cycles", 0, 1) \
	X(wr_addr_lag, 8, 0x024, 0x024, "cycles", 0, 1) \
	X(wr_data_lag, 9, 0x028, 0x028, "cycles", 0, 1) \
	X(wr_aw_early, 10, 0x02c, 0x02c, "cycles", 0, 1) \
	X(wr_early_beat, 11, 0x030, 0x030, "beats", 0, 1) \
	X(wr_addr_stall, 12, 0x034, 0x034, "cycles", 0, 1) \
	X(wr_early_stall, 13, 0x038, 0x038, "cycles", 0, 1) \
	X(wr_b_lag, 14, 0x03c, 0x03c, "cycles", 0, 1) \
	X(wr_b_stall, 15, 0x040, 0x040, "cycles", 0, 1) \
	X(wr_b_end, 16, 0x044, 0x044, "cycles", 0, 1) \
	X(rd_idle, 17, 0x050, 0x050, "cycles", 0, 1) \
	X(rd_bursts, 18, 0x058, 0x058, "bursts", 0, 1) \
	X(rd_beats, 19, 0x05c, 0x05c, "beats", 0, 1) \
	X(rd_bytes, 20, 0x060, 0x060, "bytes", 256, 0) \
	X(rd_ar_cycles, 21, 0x064, 0x064, "cycles", 0, 1) \
	X(rd_ar_stall, 22, 0x068, 0x068, "cycles", 0, 1) \
	X(rd_r_stall, 23, 0x06c, 0x06c, "cycles", 0, 1) \
	X(rd_lag, 24, 0x070, 0x070, "cycles", 0, 1) \
	X(rd_slow_link, 25, 0x074, 0x074, "cycles", 0, 1) \
	X(rd_first_lag, 26, 0x078, 0x078, "cycles", 0, 1) \
	X(wr_bias_addr_first, 27, 0x0a4, 0x0a4, "cycles", 0, 1) \
	X(wr_bias_data_first, 28, 0x0a8, 0x0a8, "cycles", 0, 1) \
	X(rd_inflight, 29, 0x0b0, 0x0b0, "burst-cycles", 0, 256) \
	X(rd_waiting, 30, 0x0b4, 0x0b4, "burst-cycles", 0, 256) \
	X(wr_inflight, 31, 0x0b8, 0x0b8, "burst-cycles", 0, 256) \

/* X(name, id, offset, lsb, bits): maxima, reset by clear, never wrap */
#define AXIPERF_GAUGES(X) \
	X(rd_max_burst_size, 32, 0x004, 0, 8) \
	X(wr_max_burst_size, 33, 0x004, 8, 8) \
	X(rd_max_outstanding, 34, 0x004, 16, 8) \
	X(wr_max_outstanding, 35, 0x004, 24, 8) \
	X(rd_max_responding, 36, 0x054, 0, 8) \
	X(wr_max_aw_outstanding, 37, 0x0ac, 0, 8) \
	X(wr_max_w_outstanding, 38, 0x0ac, 8, 8) \

/* the perf event ids a monitor has only with CONFIG.has_latency set */
#define AXIPERF_NEEDS_HAS_LATENCY_IDS	0x00000000e0000000ULL

/* the perf event ids of the gauges, one bit each */
#define AXIPERF_GAUGE_IDS	0x0000007f00000000ULL
#define AXIPERF_EVENT_IS_GAUGE(id) \
	((unsigned int)(id) < 64 && ((AXIPERF_GAUGE_IDS >> (unsigned int)(id)) & 1))

#endif /* AXIPERF_REGS_H */
