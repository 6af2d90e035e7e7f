/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/apm.toml by tools/gen/apm_gen.py; do not edit */
#ifndef AXIPERF_APM_H
#define AXIPERF_APM_H

/* The AXI Performance Monitor (PG037), advanced mode */
#define AXIPERF_APM_WINDOW	0x10000
#define AXIPERF_APM_MAX_COUNTERS	10
#define AXIPERF_APM_MAX_SLOTS	8
#define AXIPERF_APM_COUNTER_STRIDE	0x10
#define AXIPERF_APM_ZYNQMP_ID_FILTER_BITS	32

/* Registers */
/* Global clock counter, bits 63:32 (valid when the global count is 64 bits wide). */
#define AXIPERF_APM_REG_GCC_HI	0x000
/* Global clock counter, bits 31:0. */
#define AXIPERF_APM_REG_GCC_LO	0x004
/* Sample interval, high word. */
#define AXIPERF_APM_REG_SI_HI	0x020
/* Sample interval, low word: the down-counter's reload value. */
#define AXIPERF_APM_REG_SI_LO	0x024
/* Sample interval control. */
#define AXIPERF_APM_REG_SICR	0x028
#define AXIPERF_APM_SICR_RESET	0x100
#define AXIPERF_APM_SICR_ENABLE	(1U << 0)
#define AXIPERF_APM_SICR_LOAD	(1U << 1)
#define AXIPERF_APM_SICR_MET_CNT_RST	(1U << 8)
/* Sample: a read copies every metric counter to its sampled register (and, with SICR.met_cnt_rst, clears it); it returns the clocks since the last sample. */
#define AXIPERF_APM_REG_SR	0x02c
/* Global interrupt enable (bit 0). */
#define AXIPERF_APM_REG_GIE	0x030
/* Interrupt enable, as ISR. */
#define AXIPERF_APM_REG_IER	0x034
/* Interrupt status, write 1 to clear. */
#define AXIPERF_APM_REG_ISR	0x038
#define AXIPERF_APM_ISR_GCC_OVERFLOW	(1U << 0)
#define AXIPERF_APM_ISR_SAMPLE_INTERVAL	(1U << 1)
#define AXIPERF_APM_ISR_FIFO_FULL	(1U << 2)
#define AXIPERF_APM_ISR_COUNTER_OVERFLOW	(1U << 3)
/* Metric selectors of counters 0-3, one byte each (counter n: byte n % 4 of MSR n / 4). */
#define AXIPERF_APM_REG_MSR0	0x044
/* Metric selectors of counters 4-7. */
#define AXIPERF_APM_REG_MSR1	0x048
/* Metric selectors of counters 8-9. */
#define AXIPERF_APM_REG_MSR2	0x04c
/* Metric counter 0; counter n at MC0 + 0x10 n. */
#define AXIPERF_APM_REG_MC0	0x100
/* Incrementer 0 (range-qualified count); n at INC0 + 0x10 n. */
#define AXIPERF_APM_REG_INC0	0x104
/* Incrementer range 0: high 31:16, low 15:0. */
#define AXIPERF_APM_REG_RANGE0	0x108
/* Metric counter 0's event log enable range (high 31:16, low 15:0; XAPM_MC0LOGEN_OFFSET); n at MC0LOGEN + 0x10 n. Not modelled beyond holding what is written. */
#define AXIPERF_APM_REG_MC0LOGEN	0x10c
/* Sampled metric counter 0; n at SMC0 + 0x10 n. */
#define AXIPERF_APM_REG_SMC0	0x200
/* Sampled incrementer 0 (XAPM_SINC0_OFFSET); n at SINC0 + 0x10 n. */
#define AXIPERF_APM_REG_SINC0	0x204
/* Control. */
#define AXIPERF_APM_REG_CTL	0x300
#define AXIPERF_APM_CTL_MCNTR_ENABLE	(1U << 0)
#define AXIPERF_APM_CTL_MCNTR_RESET	(1U << 1)
#define AXIPERF_APM_CTL_MCNTR_EXT_TRIGGER	(1U << 2)
#define AXIPERF_APM_CTL_ID_FILTER	(1U << 3)
#define AXIPERF_APM_CTL_WR_LAT_START	(1U << 4)
#define AXIPERF_APM_CTL_WR_LAT_END	(1U << 5)
#define AXIPERF_APM_CTL_RD_LAT_START	(1U << 6)
#define AXIPERF_APM_CTL_RD_LAT_END	(1U << 7)
#define AXIPERF_APM_CTL_EVENT_LOG	(1U << 8)
#define AXIPERF_APM_CTL_EVENT_LOG_EXT_TRIGGER	(1U << 9)
#define AXIPERF_APM_CTL_GCC_ENABLE	(1U << 16)
#define AXIPERF_APM_CTL_GCC_RESET	(1U << 17)
#define AXIPERF_APM_CTL_FIFO_RESET	(1U << 25)
/* ID filter. 16-bit layout: write ID 15:0, read ID 31:16; 32-bit layout: the write ID. */
#define AXIPERF_APM_REG_ID	0x304
/* ID mask. 16-bit layout: write 15:0, read 31:16; 32-bit layout: the write mask. An ID matches where (ID ^ filter) & mask is 0 (bed: unverified). */
#define AXIPERF_APM_REG_ID_MASK	0x308
/* Read ID filter (32-bit layout only; not built in the 16-bit one). */
#define AXIPERF_APM_REG_RID	0x30c
/* Read ID mask (32-bit layout only). */
#define AXIPERF_APM_REG_RID_MASK	0x310
/* Event log flag enables (XAPM_FEC_OFFSET); the event log is not used by the driver and not modelled (the register holds what is written). */
#define AXIPERF_APM_REG_FEC	0x400
/* Software-written data for the event log (XAPM_SWD_OFFSET); holds what is written. */
#define AXIPERF_APM_REG_SWD	0x404
#define AXIPERF_APM_REG_MC(n)	(AXIPERF_APM_REG_MC0 + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_SMC(n)	(AXIPERF_APM_REG_SMC0 + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_INC(n)	(AXIPERF_APM_REG_INC0 + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_RANGE(n)	(AXIPERF_APM_REG_RANGE0 + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_MCLOGEN(n)	(AXIPERF_APM_REG_MC0LOGEN + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_SINC(n)	(AXIPERF_APM_REG_SINC0 + AXIPERF_APM_COUNTER_STRIDE * (n))
#define AXIPERF_APM_REG_MSR(n)	(AXIPERF_APM_REG_MSR0 + 4 * ((n) / 4))
#define AXIPERF_APM_MSR_SHIFT(n)	(8 * ((n) % 4))
#define AXIPERF_APM_ISR_COUNTER(n)	(AXIPERF_APM_ISR_COUNTER_OVERFLOW << (n))

/* The metric selector byte */
#define AXIPERF_APM_SEL_METRIC_SHIFT	0
#define AXIPERF_APM_SEL_METRIC	0x1fU
#define AXIPERF_APM_SEL_SLOT_SHIFT	5
#define AXIPERF_APM_SEL_SLOT	0xe0U
#define AXIPERF_APM_SEL(metric, slot)	((metric) << AXIPERF_APM_SEL_METRIC_SHIFT | (slot) << AXIPERF_APM_SEL_SLOT_SHIFT)

/* Metric kinds */
#define AXIPERF_APM_KIND_COUNT	0
#define AXIPERF_APM_KIND_TOTAL	1
#define AXIPERF_APM_KIND_MIN	2
#define AXIPERF_APM_KIND_MAX	3

/* Metrics */
#define AXIPERF_APM_M_WRITE_TRANSACTIONS	0
#define AXIPERF_APM_M_READ_TRANSACTIONS	1
#define AXIPERF_APM_M_WRITE_BYTES	2
#define AXIPERF_APM_M_READ_BYTES	3
#define AXIPERF_APM_M_WRITE_BEATS	4
#define AXIPERF_APM_M_READ_LATENCY	5
#define AXIPERF_APM_M_WRITE_LATENCY	6
#define AXIPERF_APM_M_SLAVE_WRITE_IDLE	7
#define AXIPERF_APM_M_MASTER_READ_IDLE	8
#define AXIPERF_APM_M_WRITE_RESPONSES	9
#define AXIPERF_APM_M_WRITE_LASTS	10
#define AXIPERF_APM_M_READ_LASTS	11
#define AXIPERF_APM_M_WRITE_LATENCY_MIN	12
#define AXIPERF_APM_M_WRITE_LATENCY_MAX	13
#define AXIPERF_APM_M_READ_LATENCY_MIN	14
#define AXIPERF_APM_M_READ_LATENCY_MAX	15
#define AXIPERF_APM_NUM_METRICS	16
/* the read metrics (bit: metric id); the others are write metrics */
#define AXIPERF_APM_READ_METRICS	0xc92aU

/* X(name, id, unit, kind, is a read metric, meaning) */
#define AXIPERF_APM_METRICS(X) \
	X(write_transactions, 0, "transactions", AXIPERF_APM_KIND_COUNT, 0, "Write transactions (bed: counted at the address handshake).") \
	X(read_transactions, 1, "transactions", AXIPERF_APM_KIND_COUNT, 1, "Read transactions (bed: counted at the address handshake).") \
	X(write_bytes, 2, "bytes", AXIPERF_APM_KIND_COUNT, 0, "Bytes written: the strobed bytes of each write beat.") \
	X(read_bytes, 3, "bytes", AXIPERF_APM_KIND_COUNT, 1, "Bytes read: each read burst's requested bytes, at its address handshake.") \
	X(write_beats, 4, "beats", AXIPERF_APM_KIND_COUNT, 0, "Write beats (the APM has no read-beat metric).") \
	X(read_latency, 5, "cycles", AXIPERF_APM_KIND_TOTAL, 1, "Read latency summed over the read transactions, from the read start point to the end point (CTL).") \
	X(write_latency, 6, "cycles", AXIPERF_APM_KIND_TOTAL, 0, "Write latency summed over the write transactions, from the write start point to the end point (CTL).") \
	X(slave_write_idle, 7, "cycles", AXIPERF_APM_KIND_COUNT, 0, "Clocks a write beat waits on the slave (WVALID without WREADY).") \
	X(master_read_idle, 8, "cycles", AXIPERF_APM_KIND_COUNT, 1, "Clocks a read beat waits on the master (RVALID without RREADY).") \
	X(write_responses, 9, "responses", AXIPERF_APM_KIND_COUNT, 0, "Write responses (BVALID handshakes).") \
	X(write_lasts, 10, "bursts", AXIPERF_APM_KIND_COUNT, 0, "Last write beats (WLAST handshakes).") \
	X(read_lasts, 11, "bursts", AXIPERF_APM_KIND_COUNT, 1, "Last read beats (RLAST handshakes).") \
	X(write_latency_min, 12, "cycles", AXIPERF_APM_KIND_MIN, 0, "Shortest write latency (bed: a reset sets a counter then selected as a minimum to all ones, a counter keeps its value when reselected; unverified).") \
	X(write_latency_max, 13, "cycles", AXIPERF_APM_KIND_MAX, 0, "Longest write latency.") \
	X(read_latency_min, 14, "cycles", AXIPERF_APM_KIND_MIN, 1, "Shortest read latency (bed: a reset sets a counter then selected as a minimum to all ones, a counter keeps its value when reselected; unverified).") \
	X(read_latency_max, 15, "cycles", AXIPERF_APM_KIND_MAX, 1, "Longest read latency.")

/* perf config fields: X(name, sysfs format, config word, lsb, bits) */
#define AXIPERF_APM_FIELDS(X) \
	X(metric, "config:0-4", config, 0, 5) \
	X(slot, "config:5-7", config, 5, 3) \
	X(lat_start, "config:8", config, 8, 1) \
	X(lat_end, "config:9", config, 9, 1) \
	X(id_filter, "config:10", config, 10, 1) \
	X(id, "config1:0-31", config1, 0, 32) \
	X(id_mask, "config2:0-31", config2, 0, 32)
#define AXIPERF_APM_CFG_METRIC_SHIFT	0
#define AXIPERF_APM_CFG_METRIC	0x1fULL
#define AXIPERF_APM_CFG_SLOT_SHIFT	5
#define AXIPERF_APM_CFG_SLOT	0xe0ULL
#define AXIPERF_APM_CFG_LAT_START_SHIFT	8
#define AXIPERF_APM_CFG_LAT_START	0x100ULL
#define AXIPERF_APM_CFG_LAT_END_SHIFT	9
#define AXIPERF_APM_CFG_LAT_END	0x200ULL
#define AXIPERF_APM_CFG_ID_FILTER_SHIFT	10
#define AXIPERF_APM_CFG_ID_FILTER	0x400ULL
#define AXIPERF_APM_CFG_ID_SHIFT	0
#define AXIPERF_APM_CFG_ID	0xffffffffULL
#define AXIPERF_APM_CFG_ID_MASK_SHIFT	0
#define AXIPERF_APM_CFG_ID_MASK	0xffffffffULL

/* The ZynqMP's four: X(label, base, slots, counters, SPI) */
#define AXIPERF_APM_ZYNQMP(X) \
	X(ddr, 0xfd0b0000, 6, 10, 123) \
	X(cci, 0xfd490000, 1, 3, 123) \
	X(ocm, 0xffa00000, 1, 3, 25) \
	X(lpd, 0xffa10000, 1, 3, 25)

/* what each of their slots watches, for the event aliases */
#define AXIPERF_APM_SLOTS_DDR	{ "rpu", "apu0", "apu1", "dp_hp0", "hp1_hp2", "hp3_fpd_dma" }
#define AXIPERF_APM_SLOTS_CCI	{ "cci" }
#define AXIPERF_APM_SLOTS_OCM	{ "ocm" }
#define AXIPERF_APM_SLOTS_LPD	{ "lpd" }

#endif
