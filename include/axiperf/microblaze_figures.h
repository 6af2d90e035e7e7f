/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/microblaze.toml by tools/gen/microblaze_gen.py; do not edit */
/* Userspace only: the MicroBlaze figures, computed in floating point. */
#ifndef AXIPERF_MICROBLAZE_FIGURES_H
#define AXIPERF_MICROBLAZE_FIGURES_H

#include <math.h>
#include <stdint.h>
#include "microblaze.h"

struct axiperf_mb_term {
	int sign;
	int config;	/* perf config of the event */
};

#define AXIPERF_MB_FIGURE_MAX_TERMS	8

enum axiperf_mb_figure_kind {
	AXIPERF_MB_FIGURE_RATIO,	/* (sum of num terms) / (sum of den terms) * scale */
	AXIPERF_MB_FIGURE_STDDEV,	/* sqrt(N * sum_sq - sum^2) / N of one latency event */
};

struct axiperf_mb_figure {
	const char *name;
	const char *title;
	const char *unit;
	enum axiperf_mb_figure_kind kind;
	double scale;
	const char *num_text;
	const char *den_text;
	const char *doc;
	int nnum, nden;
	struct axiperf_mb_term num[AXIPERF_MB_FIGURE_MAX_TERMS];
	struct axiperf_mb_term den[AXIPERF_MB_FIGURE_MAX_TERMS];
	int lat_count, lat_sum, lat_sum_sq;	/* STDDEV: perf configs */
};

static const struct axiperf_mb_figure axiperf_mb_figures[] = {
	{
		.name = "cpi",
		.title = "Cycles per instruction",
		.unit = "cycles/instruction",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "cycles",
		.den_text = "instructions",
		.doc = "Clock cycles per executed instruction (E30 / E0).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_CYCLES } },
		.den = { { 1, AXIPERF_MB_EV_INSTRUCTIONS } },
	},
	{
		.name = "icache_hit_rate",
		.title = "Instruction cache hit rate",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "icache_hits",
		.den_text = "icache_requests",
		.doc = "Instruction cache hits per request (E11 / E10).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_ICACHE_HITS } },
		.den = { { 1, AXIPERF_MB_EV_ICACHE_REQUESTS } },
	},
	{
		.name = "dcache_hit_rate",
		.title = "Data cache hit rate",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "dcache_hits",
		.den_text = "dcache_requests",
		.doc = "Data cache hits per read or write request (E47 / E46).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_DCACHE_HITS } },
		.den = { { 1, AXIPERF_MB_EV_DCACHE_REQUESTS } },
	},
	{
		.name = "icache_miss_latency",
		.title = "Instruction cache miss latency",
		.unit = "cycles/miss",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "icache_read_latency_sum - icache_read_latency_count",
		.den_text = "icache_requests - icache_hits",
		.doc = "Extra cycles per instruction cache miss ((E60 sum - E60 count) / (E10 - E11)).",
		.nnum = 2, .nden = 2,
		.num = { { 1, AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM }, { -1, AXIPERF_MB_EV_ICACHE_READ_LATENCY_COUNT } },
		.den = { { 1, AXIPERF_MB_EV_ICACHE_REQUESTS }, { -1, AXIPERF_MB_EV_ICACHE_HITS } },
	},
	{
		.name = "dcache_read_miss_latency",
		.title = "Data cache read miss latency",
		.unit = "cycles/miss",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "dcache_read_latency_sum - dcache_read_latency_count",
		.den_text = "dcache_read_requests - dcache_read_hits",
		.doc = "Extra cycles per data cache read miss ((E58 sum - E58 count) / (E12 - E13)).",
		.nnum = 2, .nden = 2,
		.num = { { 1, AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM }, { -1, AXIPERF_MB_EV_DCACHE_READ_LATENCY_COUNT } },
		.den = { { 1, AXIPERF_MB_EV_DCACHE_READ_REQUESTS }, { -1, AXIPERF_MB_EV_DCACHE_READ_HITS } },
	},
	{
		.name = "dcache_write_miss_latency",
		.title = "Data cache write miss latency",
		.unit = "cycles/miss",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "dcache_write_latency_sum - dcache_write_latency_count",
		.den_text = "dcache_write_requests - dcache_write_hits",
		.doc = "Extra cycles per data cache write miss ((E59 sum - E59 count) / (E14 - E15)).",
		.nnum = 2, .nden = 2,
		.num = { { 1, AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM }, { -1, AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_COUNT } },
		.den = { { 1, AXIPERF_MB_EV_DCACHE_WRITE_REQUESTS }, { -1, AXIPERF_MB_EV_DCACHE_WRITE_HITS } },
	},
	{
		.name = "fp_ratio",
		.title = "Floating-point instruction ratio",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "fp_instructions",
		.den_text = "instructions",
		.doc = "Share of floating-point instructions (E29 / E0).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_FP_INSTRUCTIONS } },
		.den = { { 1, AXIPERF_MB_EV_INSTRUCTIONS } },
	},
	{
		.name = "load_ratio",
		.title = "Loads",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "loads",
		.den_text = "instructions",
		.doc = "Loads per executed instruction (E41 / E0).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_LOADS } },
		.den = { { 1, AXIPERF_MB_EV_INSTRUCTIONS } },
	},
	{
		.name = "store_ratio",
		.title = "Stores",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "stores",
		.den_text = "instructions",
		.doc = "Stores per executed instruction (E42 / E0).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_STORES } },
		.den = { { 1, AXIPERF_MB_EV_INSTRUCTIONS } },
	},
	{
		.name = "branch_ratio",
		.title = "Branches",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "branches",
		.den_text = "instructions",
		.doc = "Branches, conditional or not, per executed instruction (E45 / E0).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_BRANCHES } },
		.den = { { 1, AXIPERF_MB_EV_INSTRUCTIONS } },
	},
	{
		.name = "taken_branch_ratio",
		.title = "Taken conditional branches",
		.unit = "%",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 100.0,
		.num_text = "taken_conditional_branches",
		.den_text = "conditional_branches",
		.doc = "Conditional branches taken per conditional branch (E8 / E44).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_TAKEN_CONDITIONAL_BRANCHES } },
		.den = { { 1, AXIPERF_MB_EV_CONDITIONAL_BRANCHES } },
	},
	{
		.name = "interrupt_latency_mean",
		.title = "Mean interrupt latency from input to interrupt vector",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "interrupt_latency_sum",
		.den_text = "interrupt_latency_count",
		.doc = "Mean of E57: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_INTERRUPT_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_INTERRUPT_LATENCY_COUNT } },
	},
	{
		.name = "interrupt_latency_stddev",
		.title = "Standard deviation of interrupt latency from input to interrupt vector",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "interrupt_latency_count * interrupt_latency_sum_sq - interrupt_latency_sum^2",
		.den_text = "interrupt_latency_count",
		.doc = "Standard deviation of E57: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_INTERRUPT_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_INTERRUPT_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_INTERRUPT_LATENCY_SUM_SQ,
	},
	{
		.name = "dcache_read_latency_mean",
		.title = "Mean data cache latency for memory read",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "dcache_read_latency_sum",
		.den_text = "dcache_read_latency_count",
		.doc = "Mean of E58: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_DCACHE_READ_LATENCY_COUNT } },
	},
	{
		.name = "dcache_read_latency_stddev",
		.title = "Standard deviation of data cache latency for memory read",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "dcache_read_latency_count * dcache_read_latency_sum_sq - dcache_read_latency_sum^2",
		.den_text = "dcache_read_latency_count",
		.doc = "Standard deviation of E58: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_DCACHE_READ_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM_SQ,
	},
	{
		.name = "dcache_write_latency_mean",
		.title = "Mean data cache latency for memory write",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "dcache_write_latency_sum",
		.den_text = "dcache_write_latency_count",
		.doc = "Mean of E59: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_COUNT } },
	},
	{
		.name = "dcache_write_latency_stddev",
		.title = "Standard deviation of data cache latency for memory write",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "dcache_write_latency_count * dcache_write_latency_sum_sq - dcache_write_latency_sum^2",
		.den_text = "dcache_write_latency_count",
		.doc = "Standard deviation of E59: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM_SQ,
	},
	{
		.name = "icache_read_latency_mean",
		.title = "Mean instruction cache latency for memory read",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "icache_read_latency_sum",
		.den_text = "icache_read_latency_count",
		.doc = "Mean of E60: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_ICACHE_READ_LATENCY_COUNT } },
	},
	{
		.name = "icache_read_latency_stddev",
		.title = "Standard deviation of instruction cache latency for memory read",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "icache_read_latency_count * icache_read_latency_sum_sq - icache_read_latency_sum^2",
		.den_text = "icache_read_latency_count",
		.doc = "Standard deviation of E60: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_ICACHE_READ_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM_SQ,
	},
	{
		.name = "mmu_lookup_latency_mean",
		.title = "Mean mMU address lookup latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "mmu_lookup_latency_sum",
		.den_text = "mmu_lookup_latency_count",
		.doc = "Mean of E61: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_COUNT } },
	},
	{
		.name = "mmu_lookup_latency_stddev",
		.title = "Standard deviation of mMU address lookup latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "mmu_lookup_latency_count * mmu_lookup_latency_sum_sq - mmu_lookup_latency_sum^2",
		.den_text = "mmu_lookup_latency_count",
		.doc = "Standard deviation of E61: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_SUM_SQ,
	},
	{
		.name = "peripheral_read_latency_mean",
		.title = "Mean peripheral AXI interface data read latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "peripheral_read_latency_sum",
		.den_text = "peripheral_read_latency_count",
		.doc = "Mean of E62: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_COUNT } },
	},
	{
		.name = "peripheral_read_latency_stddev",
		.title = "Standard deviation of peripheral AXI interface data read latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "peripheral_read_latency_count * peripheral_read_latency_sum_sq - peripheral_read_latency_sum^2",
		.den_text = "peripheral_read_latency_count",
		.doc = "Standard deviation of E62: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_SUM_SQ,
	},
	{
		.name = "peripheral_write_latency_mean",
		.title = "Mean peripheral AXI interface data write latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_RATIO,
		.scale = 1.0,
		.num_text = "peripheral_write_latency_sum",
		.den_text = "peripheral_write_latency_count",
		.doc = "Mean of E63: sum / N.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_SUM } },
		.den = { { 1, AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_COUNT } },
	},
	{
		.name = "peripheral_write_latency_stddev",
		.title = "Standard deviation of peripheral AXI interface data write latency",
		.unit = "cycles",
		.kind = AXIPERF_MB_FIGURE_STDDEV,
		.scale = 1.0,
		.num_text = "peripheral_write_latency_count * peripheral_write_latency_sum_sq - peripheral_write_latency_sum^2",
		.den_text = "peripheral_write_latency_count",
		.doc = "Standard deviation of E63: sqrt(N * sum_sq - sum^2) / N.",
		.lat_count = AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_COUNT,
		.lat_sum = AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_SUM,
		.lat_sum_sq = AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_SUM_SQ,
	},
};

#define AXIPERF_MB_NUM_FIGURES	(sizeof(axiperf_mb_figures) / sizeof(axiperf_mb_figures[0]))

/* struct axiperf_mb_event: one perf event as sysfs lists it */
struct axiperf_mb_event {
	const char *name;
	int config;
	const char *doc;
};

static const struct axiperf_mb_event axiperf_mb_perf_events[] = {
	{ "instructions", 0x000, "Any valid instruction executed" },
	{ "load_words", 0x001, "Load word (lw, lwi, lwx) executed" },
	{ "load_halfwords", 0x002, "Load halfword (lhu, lhui) executed" },
	{ "load_bytes", 0x003, "Load byte (lbu, lbui) executed" },
	{ "store_words", 0x004, "Store word (sw, swi, swx) executed" },
	{ "store_halfwords", 0x005, "Store halfword (sh, shi) executed" },
	{ "store_bytes", 0x006, "Store byte (sb, sbi) executed" },
	{ "unconditional_branches", 0x007, "Unconditional branch (br, bri, brk, brki) executed" },
	{ "taken_conditional_branches", 0x008, "Taken conditional branch (beq, ..., bnei) executed" },
	{ "not_taken_conditional_branches", 0x009, "Not taken conditional branch (beq, ..., bnei) executed" },
	{ "icache_requests", 0x00a, "Data request from instruction cache" },
	{ "icache_hits", 0x00b, "Hit in instruction cache" },
	{ "dcache_read_requests", 0x00c, "Read data requested from data cache" },
	{ "dcache_read_hits", 0x00d, "Read data hit in data cache" },
	{ "dcache_write_requests", 0x00e, "Write data request to data cache" },
	{ "dcache_write_hits", 0x00f, "Write data hit in data cache" },
	{ "r1_loads", 0x010, "Load (lbu, ..., lwx) with r1 as operand executed" },
	{ "r1_stores", 0x011, "Store (sb, ..., swx) with r1 as operand executed" },
	{ "logical_instructions", 0x012, "Logical operation (and, andn, or, xor) executed" },
	{ "arithmetic_instructions", 0x013, "Arithmetic operation (add, idiv, mul, rsub) executed" },
	{ "multiplies", 0x014, "Multiply operation (mul, mulh, mulhu, mulhsu, muli)" },
	{ "barrel_shifts", 0x015, "Barrel shifter operation (bsrl, bsra, bsll) executed" },
	{ "shifts", 0x016, "Shift operation (sra, src, srl) executed" },
	{ "exceptions", 0x017, "Exception taken" },
	{ "interrupts", 0x018, "Interrupt occurred" },
	{ "stalls_operand_fetch", 0x019, "Pipeline stalled due to operand fetch stage (OF)" },
	{ "stalls_execute", 0x01a, "Pipeline stalled due to execute stage (EX)" },
	{ "stalls_memory", 0x01b, "Pipeline stalled due to memory stage (MEM)" },
	{ "integer_divides", 0x01c, "Integer divide (idiv, idivu) executed" },
	{ "fp_instructions", 0x01d, "Floating-point instruction (fadd, ..., fsqrt) executed" },
	{ "cycles", 0x01e, "Number of clock cycles" },
	{ "imm_instructions", 0x01f, "Immediate (imm) executed" },
	{ "pattern_compares", 0x020, "Pattern compare (pcmpbf, pcmpeq, pcmpne) executed" },
	{ "sign_extends", 0x021, "Sign extend instructions (sext8, sext16) executed" },
	{ "icache_invalidates", 0x022, "Instruction cache invalidate (wic) executed" },
	{ "dcache_invalidates", 0x023, "Data cache invalidate or flush (wdc) executed" },
	{ "msr_instructions", 0x024, "Machine status instructions (msrset, msrclr) executed" },
	{ "delay_slot_unconditional_branches", 0x025, "Unconditional branch with delay slot executed" },
	{ "delay_slot_taken_branches", 0x026, "Taken conditional branch with delay slot executed" },
	{ "delay_slot_not_taken_branches", 0x027, "Not taken conditional branch with delay slot executed" },
	{ "delay_slot_nops", 0x028, "Delay slot with no operation instruction executed" },
	{ "loads", 0x029, "Load instruction (lbu, ..., lwx) executed" },
	{ "stores", 0x02a, "Store instruction (sb, ..., swx) executed" },
	{ "mmu_data_requests", 0x02b, "MMU data access request" },
	{ "conditional_branches", 0x02c, "Conditional branch (beq, ..., bnei) executed" },
	{ "branches", 0x02d, "Branch (br, bri, brk, brki, beq, ..., bnei) executed" },
	{ "dcache_requests", 0x02e, "Read or write data request from/to data cache" },
	{ "dcache_hits", 0x02f, "Read or write data cache hit" },
	{ "mmu_exceptions", 0x030, "MMU exception taken" },
	{ "mmu_instruction_exceptions", 0x031, "MMU instruction side exception taken" },
	{ "mmu_data_exceptions", 0x032, "MMU data side exception taken" },
	{ "pipeline_stalls", 0x033, "Pipeline stalled" },
	{ "branch_target_cache_hits", 0x034, "Branch target cache hit for a branch or return" },
	{ "mmu_instruction_requests", 0x035, "MMU instruction side access request" },
	{ "itlb_hits", 0x036, "MMU instruction TLB (ITLB) hit" },
	{ "dtlb_hits", 0x037, "MMU data TLB (DTLB) hit" },
	{ "utlb_hits", 0x038, "MMU unified TLB (UTLB) hit" },
	{ "interrupt_latency_count", 0x039, "Interrupt latency from input to interrupt vector: number of times the event occurred (N)" },
	{ "interrupt_latency_sum", 0x139, "Interrupt latency from input to interrupt vector: sum of the latencies in clock cycles" },
	{ "interrupt_latency_sum_sq", 0x239, "Interrupt latency from input to interrupt vector: sum of the squared latencies" },
	{ "interrupt_latency_min", 0x339, "Interrupt latency from input to interrupt vector: shortest latency measured" },
	{ "interrupt_latency_max", 0x439, "Interrupt latency from input to interrupt vector: longest latency measured" },
	{ "dcache_read_latency_count", 0x03a, "Data cache latency for memory read: number of times the event occurred (N)" },
	{ "dcache_read_latency_sum", 0x13a, "Data cache latency for memory read: sum of the latencies in clock cycles" },
	{ "dcache_read_latency_sum_sq", 0x23a, "Data cache latency for memory read: sum of the squared latencies" },
	{ "dcache_read_latency_min", 0x33a, "Data cache latency for memory read: shortest latency measured" },
	{ "dcache_read_latency_max", 0x43a, "Data cache latency for memory read: longest latency measured" },
	{ "dcache_write_latency_count", 0x03b, "Data cache latency for memory write: number of times the event occurred (N)" },
	{ "dcache_write_latency_sum", 0x13b, "Data cache latency for memory write: sum of the latencies in clock cycles" },
	{ "dcache_write_latency_sum_sq", 0x23b, "Data cache latency for memory write: sum of the squared latencies" },
	{ "dcache_write_latency_min", 0x33b, "Data cache latency for memory write: shortest latency measured" },
	{ "dcache_write_latency_max", 0x43b, "Data cache latency for memory write: longest latency measured" },
	{ "icache_read_latency_count", 0x03c, "Instruction cache latency for memory read: number of times the event occurred (N)" },
	{ "icache_read_latency_sum", 0x13c, "Instruction cache latency for memory read: sum of the latencies in clock cycles" },
	{ "icache_read_latency_sum_sq", 0x23c, "Instruction cache latency for memory read: sum of the squared latencies" },
	{ "icache_read_latency_min", 0x33c, "Instruction cache latency for memory read: shortest latency measured" },
	{ "icache_read_latency_max", 0x43c, "Instruction cache latency for memory read: longest latency measured" },
	{ "mmu_lookup_latency_count", 0x03d, "MMU address lookup latency: number of times the event occurred (N)" },
	{ "mmu_lookup_latency_sum", 0x13d, "MMU address lookup latency: sum of the latencies in clock cycles" },
	{ "mmu_lookup_latency_sum_sq", 0x23d, "MMU address lookup latency: sum of the squared latencies" },
	{ "mmu_lookup_latency_min", 0x33d, "MMU address lookup latency: shortest latency measured" },
	{ "mmu_lookup_latency_max", 0x43d, "MMU address lookup latency: longest latency measured" },
	{ "peripheral_read_latency_count", 0x03e, "Peripheral AXI interface data read latency: number of times the event occurred (N)" },
	{ "peripheral_read_latency_sum", 0x13e, "Peripheral AXI interface data read latency: sum of the latencies in clock cycles" },
	{ "peripheral_read_latency_sum_sq", 0x23e, "Peripheral AXI interface data read latency: sum of the squared latencies" },
	{ "peripheral_read_latency_min", 0x33e, "Peripheral AXI interface data read latency: shortest latency measured" },
	{ "peripheral_read_latency_max", 0x43e, "Peripheral AXI interface data read latency: longest latency measured" },
	{ "peripheral_write_latency_count", 0x03f, "Peripheral AXI interface data write latency: number of times the event occurred (N)" },
	{ "peripheral_write_latency_sum", 0x13f, "Peripheral AXI interface data write latency: sum of the latencies in clock cycles" },
	{ "peripheral_write_latency_sum_sq", 0x23f, "Peripheral AXI interface data write latency: sum of the squared latencies" },
	{ "peripheral_write_latency_min", 0x33f, "Peripheral AXI interface data write latency: shortest latency measured" },
	{ "peripheral_write_latency_max", 0x43f, "Peripheral AXI interface data write latency: longest latency measured" },
};

/*
 * Value of figure f given a lookup of counts by perf config (lookup
 * returns 0 and sets *v, or non-zero when the event was not counted).
 * Returns 0 and sets *out, or -1 when the figure is n/a: an event is
 * missing or the denominator is zero.
 */
static inline int axiperf_mb_figure_value(const struct axiperf_mb_figure *f,
					  int (*lookup)(void *ctx, int config, uint64_t *v),
					  void *ctx, double *out)
{
	double num = 0, den = 0;
	uint64_t v, n, s, q;
	int i;

	if (f->kind == AXIPERF_MB_FIGURE_STDDEV) {
		double var;

		if (lookup(ctx, f->lat_count, &n) || lookup(ctx, f->lat_sum, &s) ||
		    lookup(ctx, f->lat_sum_sq, &q) || n == 0)
			return -1;
		/* exact while N * sum_sq fits 64 bits, else in floating point */
		if (q <= UINT64_MAX / n && s <= UINT32_MAX) {
			uint64_t nq = n * q, ss = s * s;

			var = nq > ss ? (double)(nq - ss) : 0.0;
		} else {
			var = (double)n * (double)q - (double)s * (double)s;
			if (var < 0)
				var = 0;
		}
		*out = sqrt(var) / (double)n;
		return 0;
	}
	for (i = 0; i < f->nnum; i++) {
		if (lookup(ctx, f->num[i].config, &v))
			return -1;
		num += f->num[i].sign * (double)v;
	}
	for (i = 0; i < f->nden; i++) {
		if (lookup(ctx, f->den[i].config, &v))
			return -1;
		den += f->den[i].sign * (double)v;
	}
	if (den == 0)
		return -1;
	*out = num / den * f->scale;
	return 0;
}

#endif /* AXIPERF_MICROBLAZE_FIGURES_H */
