/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/microblaze_v.toml and spec/arm_pmu.toml by tools/gen/cpu_gen.py; do not edit */
/* Userspace only: the CPU PMU events and figures of the front end. */
#ifndef AXIPERF_CPU_FIGURES_H
#define AXIPERF_CPU_FIGURES_H

#include "figures.h"

/*
 * A figure's terms are event ids: AXIPERF_MBV_EV_BASE (ARM_EV_BASE) plus
 * the index in axiperf_mbv_perf_events[] (arm); the includer sets the
 * bases to place the tables in its own numbering.
 */
#ifndef AXIPERF_MBV_EV_BASE
#define AXIPERF_MBV_EV_BASE	0
#endif
#ifndef AXIPERF_ARM_EV_BASE
#define AXIPERF_ARM_EV_BASE	0
#endif

struct axiperf_cpu_event {
	const char *name;
	int generic;			/* 1: PERF_TYPE_HARDWARE, config a generic event */
	unsigned long long config;	/* MicroBlaze V: mhpmevent; ARM: event number */
	int latency;			/* a MicroBlaze V latency-class event */
	const char *doc;
};

/* MicroBlaze V (perf PMU cpu, riscv_pmu_sbi): generic, single, combined */
#define AXIPERF_MBV_PMU	"cpu"
#define AXIPERF_MBV_PERF_COUNTERS	29
#define AXIPERF_MBV_COMPATIBLE(X) \
	X("amd,mbv32") \
	X("amd,mbv64")
static const struct axiperf_cpu_event axiperf_mbv_perf_events[] = {
	{ "cycles", 1, 0x0, 0, "Clock cycles (mcycle)" },
	{ "instructions", 1, 0x1, 0, "Instructions retired (minstret)" },
	{ "loads", 0, 0x20, 0, "Integer load instruction retired" },
	{ "stores", 0, 0x40, 0, "Integer store instruction retired" },
	{ "atomics", 0, 0x80, 0, "Atomic instruction retired" },
	{ "system_instructions", 0, 0x100, 0, "System instruction retired, including ECALL and EBREAK" },
	{ "arithmetic_instructions", 0, 0x200, 0, "Integer arithmetic instruction retired, including C.NOP" },
	{ "multiplies", 0, 0x400, 0, "Integer multiply instruction retired" },
	{ "integer_divides", 0, 0x800, 0, "Integer divide or remainder instruction retired" },
	{ "custom_instructions", 0, 0x1000, 0, "Custom instruction retired" },
	{ "bit_manipulations", 0, 0x2000, 0, "Bit manipulation instruction retired" },
	{ "compressed_instructions", 0, 0x4000, 0, "Compressed instruction retired" },
	{ "jumps", 0, 0x8000, 0, "JAL or C.J instruction retired" },
	{ "indirect_jumps", 0, 0x10000, 0, "JALR or C.JR instruction retired" },
	{ "fp_loads", 0, 0x20000, 0, "Floating-point load instruction retired" },
	{ "fp_stores", 0, 0x40000, 0, "Floating-point store instruction retired" },
	{ "fp_add_subs", 0, 0x80000, 0, "Floating-point add or subtract instruction retired" },
	{ "fp_multiplies", 0, 0x100000, 0, "Floating-point multiply instruction retired" },
	{ "fp_divides", 0, 0x200000, 0, "Floating-point divide instruction retired" },
	{ "fp_fused", 0, 0x400000, 0, "Floating-point fused multiply-add instruction retired" },
	{ "fp_other", 0, 0x800000, 0, "Other floating-point instruction retired" },
	{ "cache_flushes", 0, 0x1000000, 0, "Cache invalidate or flush instruction retired" },
	{ "taken_conditional_branches", 0, 0x22, 0, "Conditional branch taken" },
	{ "not_taken_conditional_branches", 0, 0x42, 0, "Conditional branch not taken" },
	{ "exceptions", 0, 0x82, 0, "Exception taken" },
	{ "interrupts", 0, 0x102, 0, "Interrupt occurred" },
	{ "branch_target_cache_hits", 0, 0x202, 0, "Branch target cache hit" },
	{ "branch_mispredicts", 0, 0x402, 0, "Branch target mispredicted" },
	{ "icache_requests", 0, 0x24, 0, "Data request from the instruction cache" },
	{ "icache_hits", 0, 0x44, 0, "Hit in the instruction cache" },
	{ "dcache_read_requests", 0, 0x84, 0, "Read data requested from the data cache" },
	{ "dcache_read_hits", 0, 0x104, 0, "Read data hit in the data cache" },
	{ "dcache_write_requests", 0, 0x204, 0, "Write data request from the data cache" },
	{ "dcache_write_hits", 0, 0x404, 0, "Write data hit in the data cache" },
	{ "stalls_operand_fetch", 0, 0x46, 0, "Pipeline stalled by the operand fetch stage (OF)" },
	{ "stalls_execute", 0, 0x86, 0, "Pipeline stalled by the execute stage (EX)" },
	{ "stalls_memory", 0, 0x106, 0, "Pipeline stalled by the memory stage (MEM; M0-M3 in the 8-stage pipeline)" },
	{ "divides_by_zero", 0, 0x28, 0, "Integer divide or remainder by zero" },
	{ "fp_subnormals", 0, 0x48, 0, "Floating-point operation with a subnormal result" },
	{ "interrupt_latency", 0, 0x2a, 1, "Interrupt latency" },
	{ "dcache_read_latency", 0, 0x8a, 1, "Data cache memory read latency" },
	{ "dcache_write_latency", 0, 0x20a, 1, "Data cache memory write latency" },
	{ "icache_read_latency", 0, 0x80a, 1, "Instruction cache memory read latency" },
	{ "peripheral_read_latency", 0, 0x200a, 1, "Peripheral AXI data read latency" },
	{ "peripheral_write_latency", 0, 0x800a, 1, "Peripheral AXI data write latency" },
	{ "load_instructions", 0, 0x20020, 0, "Integer and floating-point load instructions retired (loads | fp_loads)" },
	{ "store_instructions", 0, 0x40040, 0, "Integer and floating-point store instructions retired (stores | fp_stores)" },
	{ "conditional_branches", 0, 0x62, 0, "Conditional branches retired, taken or not (taken_conditional_branches | not_taken_conditional_branches)" },
	{ "unconditional_jumps", 0, 0x18000, 0, "JAL, JALR, C.J and C.JR instructions retired (jumps | indirect_jumps)" },
	{ "fp_instructions", 0, 0xfe0000, 0, "Floating-point instructions retired (fp_loads | fp_stores | fp_add_subs | fp_multiplies | fp_divides | fp_fused | fp_other)" },
};
#define AXIPERF_MBV_NUM_PERF_EVENTS	(sizeof(axiperf_mbv_perf_events) / sizeof(axiperf_mbv_perf_events[0]))

static const struct axiperf_figure axiperf_mbv_figures[] = {
	{
		.name = "cpi",
		.title = "Cycles per instruction",
		.unit = "cycles/instruction",
		.scale = 1.0,
		.num_text = "cycles",
		.den_text = "instructions",
		.doc = "Clock cycles per retired instruction (mcycle / minstret).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 0 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 1 } },
	},
	{
		.name = "load_ratio",
		.title = "Loads",
		.unit = "%",
		.scale = 100.0,
		.num_text = "load_instructions",
		.den_text = "instructions",
		.doc = "Integer and floating-point loads per retired instruction.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 45 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 1 } },
	},
	{
		.name = "store_ratio",
		.title = "Stores",
		.unit = "%",
		.scale = 100.0,
		.num_text = "store_instructions",
		.den_text = "instructions",
		.doc = "Integer and floating-point stores per retired instruction.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 46 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 1 } },
	},
	{
		.name = "branch_ratio",
		.title = "Branches and jumps",
		.unit = "%",
		.scale = 100.0,
		.num_text = "conditional_branches + unconditional_jumps",
		.den_text = "instructions",
		.doc = "Conditional branches, jumps and indirect jumps per retired instruction.",
		.nnum = 2, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 47 }, { 1, AXIPERF_MBV_EV_BASE + 48 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 1 } },
	},
	{
		.name = "taken_branch_ratio",
		.title = "Taken conditional branches",
		.unit = "%",
		.scale = 100.0,
		.num_text = "taken_conditional_branches",
		.den_text = "conditional_branches",
		.doc = "Conditional branches taken per conditional branch.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 22 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 47 } },
	},
	{
		.name = "fp_ratio",
		.title = "Floating-point instructions",
		.unit = "%",
		.scale = 100.0,
		.num_text = "fp_instructions",
		.den_text = "instructions",
		.doc = "Floating-point instructions (loads and stores included) per retired instruction.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 49 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 1 } },
	},
	{
		.name = "icache_hit_rate",
		.title = "Instruction cache hit rate",
		.unit = "%",
		.scale = 100.0,
		.num_text = "icache_hits",
		.den_text = "icache_requests",
		.doc = "Instruction cache hits per request.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 29 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 28 } },
	},
	{
		.name = "dcache_read_hit_rate",
		.title = "Data cache read hit rate",
		.unit = "%",
		.scale = 100.0,
		.num_text = "dcache_read_hits",
		.den_text = "dcache_read_requests",
		.doc = "Data cache read hits per read request.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 31 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 30 } },
	},
	{
		.name = "dcache_write_hit_rate",
		.title = "Data cache write hit rate",
		.unit = "%",
		.scale = 100.0,
		.num_text = "dcache_write_hits",
		.den_text = "dcache_write_requests",
		.doc = "Data cache write hits per write request.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_MBV_EV_BASE + 33 } },
		.den = { { 1, AXIPERF_MBV_EV_BASE + 32 } },
	},
};
#define AXIPERF_MBV_NUM_FIGURES	(sizeof(axiperf_mbv_figures) / sizeof(axiperf_mbv_figures[0]))

/* ARM cores (perf PMU armv7_* or armv8_*): events by their sysfs name */
#define AXIPERF_ARM_PMU_PREFIXES(X) \
	X("armv7_") \
	X("armv8_")
#define AXIPERF_ARM_COUNTERS	6
static const struct axiperf_cpu_event axiperf_arm_perf_events[] = {
	{ "cycles", 1, 0x0, 0, "Processor clock cycles (the cycle counter)" },
	{ "cpu_cycles", 0, 0x11, 0, "Processor clock cycles" },
	{ "inst_retired", 0, 0x8, 0, "Instructions architecturally executed" },
	{ "ld_retired", 0, 0x6, 0, "Load instructions architecturally executed" },
	{ "st_retired", 0, 0x7, 0, "Store instructions architecturally executed" },
	{ "br_pred", 0, 0x12, 0, "Predictable branches speculatively executed" },
	{ "br_mis_pred", 0, 0x10, 0, "Branches mispredicted or not predicted" },
	{ "l1i_cache_refill", 0, 0x1, 0, "Level 1 instruction cache refills" },
	{ "l1d_cache", 0, 0x4, 0, "Level 1 data cache accesses" },
	{ "l1d_cache_refill", 0, 0x3, 0, "Level 1 data cache refills" },
	{ "l1i_tlb_refill", 0, 0x2, 0, "Level 1 instruction TLB refills" },
	{ "l1d_tlb_refill", 0, 0x5, 0, "Level 1 data TLB refills" },
};
#define AXIPERF_ARM_NUM_PERF_EVENTS	(sizeof(axiperf_arm_perf_events) / sizeof(axiperf_arm_perf_events[0]))

static const struct axiperf_figure axiperf_arm_figures[] = {
	{
		.name = "cpi",
		.title = "Cycles per instruction",
		.unit = "cycles/instruction",
		.scale = 1.0,
		.num_text = "cycles",
		.den_text = "inst_retired",
		.doc = "Clock cycles per instruction executed.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 0 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 2 } },
	},
	{
		.name = "icache_miss_rate",
		.title = "Instruction cache misses",
		.unit = "%",
		.scale = 100.0,
		.num_text = "l1i_cache_refill",
		.den_text = "inst_retired",
		.doc = "L1 instruction cache refills per instruction (XScale: instruction cache efficiency).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 7 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 2 } },
	},
	{
		.name = "dcache_miss_rate",
		.title = "Data cache misses",
		.unit = "%",
		.scale = 100.0,
		.num_text = "l1d_cache_refill",
		.den_text = "l1d_cache",
		.doc = "L1 data cache refills per access (XScale: data cache efficiency).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 9 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 8 } },
	},
	{
		.name = "branch_mispredict_rate",
		.title = "Branch mispredictions",
		.unit = "%",
		.scale = 100.0,
		.num_text = "br_mis_pred",
		.den_text = "br_pred",
		.doc = "Mispredicted branches per predictable branch.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 6 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 5 } },
	},
	{
		.name = "load_ratio",
		.title = "Loads",
		.unit = "%",
		.scale = 100.0,
		.num_text = "ld_retired",
		.den_text = "inst_retired",
		.doc = "Load instructions per instruction executed.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 3 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 2 } },
	},
	{
		.name = "store_ratio",
		.title = "Stores",
		.unit = "%",
		.scale = 100.0,
		.num_text = "st_retired",
		.den_text = "inst_retired",
		.doc = "Store instructions per instruction executed.",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 4 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 2 } },
	},
	{
		.name = "itlb_miss_rate",
		.title = "Instruction TLB misses",
		.unit = "%",
		.scale = 100.0,
		.num_text = "l1i_tlb_refill",
		.den_text = "inst_retired",
		.doc = "L1 instruction TLB refills per instruction (XScale: instruction TLB efficiency).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 10 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 2 } },
	},
	{
		.name = "dtlb_miss_rate",
		.title = "Data TLB misses",
		.unit = "%",
		.scale = 100.0,
		.num_text = "l1d_tlb_refill",
		.den_text = "l1d_cache",
		.doc = "L1 data TLB refills per data cache access (XScale: data TLB efficiency).",
		.nnum = 1, .nden = 1,
		.num = { { 1, AXIPERF_ARM_EV_BASE + 11 } },
		.den = { { 1, AXIPERF_ARM_EV_BASE + 8 } },
	},
};
#define AXIPERF_ARM_NUM_FIGURES	(sizeof(axiperf_arm_figures) / sizeof(axiperf_arm_figures[0]))

#endif
