/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/microblaze_v.toml by tools/gen/mbv_gen.py; do not edit */
#ifndef AXIPERF_MICROBLAZE_V_H
#define AXIPERF_MICROBLAZE_V_H

/* mhpmevent: the class in bits 4:1, one bit per event in bits 24:5 */
#define AXIPERF_MBV_CLASS_SHIFT	1
#define AXIPERF_MBV_CLASS	0x0000001eU
#define AXIPERF_MBV_EVENT_SHIFT	5
#define AXIPERF_MBV_EVENT	0x01ffffe0U
#define AXIPERF_MBV_RAW_BITS	48
#define AXIPERF_MBV_COUNTERS	29
#define AXIPERF_MBV_LATENCY_CLASS	5

/* the test bed's mvendorid-marchid-mimpid (perf's mapfile row) */
#define AXIPERF_MBV_MVENDORID	0x0
#define AXIPERF_MBV_MARCHID	0x4d425635
#define AXIPERF_MBV_MIMPID	0x1
#define AXIPERF_MBV_CPUID	"0x0-0x4d425635-0x1"

/* X(name, class, bit, mhpmevent value, is a latency event, meaning) */
#define AXIPERF_MBV_EVENTS(X) \
	X(loads, 0, 5, 0x20, 0, "Integer load instruction retired") \
	X(stores, 0, 6, 0x40, 0, "Integer store instruction retired") \
	X(atomics, 0, 7, 0x80, 0, "Atomic instruction retired") \
	X(system_instructions, 0, 8, 0x100, 0, "System instruction retired, including ECALL and EBREAK") \
	X(arithmetic_instructions, 0, 9, 0x200, 0, "Integer arithmetic instruction retired, including C.NOP") \
	X(multiplies, 0, 10, 0x400, 0, "Integer multiply instruction retired") \
	X(integer_divides, 0, 11, 0x800, 0, "Integer divide or remainder instruction retired") \
	X(custom_instructions, 0, 12, 0x1000, 0, "Custom instruction retired") \
	X(bit_manipulations, 0, 13, 0x2000, 0, "Bit manipulation instruction retired") \
	X(compressed_instructions, 0, 14, 0x4000, 0, "Compressed instruction retired") \
	X(jumps, 0, 15, 0x8000, 0, "JAL or C.J instruction retired") \
	X(indirect_jumps, 0, 16, 0x10000, 0, "JALR or C.JR instruction retired") \
	X(fp_loads, 0, 17, 0x20000, 0, "Floating-point load instruction retired") \
	X(fp_stores, 0, 18, 0x40000, 0, "Floating-point store instruction retired") \
	X(fp_add_subs, 0, 19, 0x80000, 0, "Floating-point add or subtract instruction retired") \
	X(fp_multiplies, 0, 20, 0x100000, 0, "Floating-point multiply instruction retired") \
	X(fp_divides, 0, 21, 0x200000, 0, "Floating-point divide instruction retired") \
	X(fp_fused, 0, 22, 0x400000, 0, "Floating-point fused multiply-add instruction retired") \
	X(fp_other, 0, 23, 0x800000, 0, "Other floating-point instruction retired") \
	X(cache_flushes, 0, 24, 0x1000000, 0, "Cache invalidate or flush instruction retired") \
	X(taken_conditional_branches, 1, 5, 0x22, 0, "Conditional branch taken") \
	X(not_taken_conditional_branches, 1, 6, 0x42, 0, "Conditional branch not taken") \
	X(exceptions, 1, 7, 0x82, 0, "Exception taken") \
	X(interrupts, 1, 8, 0x102, 0, "Interrupt occurred") \
	X(branch_target_cache_hits, 1, 9, 0x202, 0, "Branch target cache hit") \
	X(branch_mispredicts, 1, 10, 0x402, 0, "Branch target mispredicted") \
	X(icache_requests, 2, 5, 0x24, 0, "Data request from the instruction cache") \
	X(icache_hits, 2, 6, 0x44, 0, "Hit in the instruction cache") \
	X(dcache_read_requests, 2, 7, 0x84, 0, "Read data requested from the data cache") \
	X(dcache_read_hits, 2, 8, 0x104, 0, "Read data hit in the data cache") \
	X(dcache_write_requests, 2, 9, 0x204, 0, "Write data request from the data cache") \
	X(dcache_write_hits, 2, 10, 0x404, 0, "Write data hit in the data cache") \
	X(stalls_operand_fetch, 3, 6, 0x46, 0, "Pipeline stalled by the operand fetch stage (OF)") \
	X(stalls_execute, 3, 7, 0x86, 0, "Pipeline stalled by the execute stage (EX)") \
	X(stalls_memory, 3, 8, 0x106, 0, "Pipeline stalled by the memory stage (MEM; M0-M3 in the 8-stage pipeline)") \
	X(divides_by_zero, 4, 5, 0x28, 0, "Integer divide or remainder by zero") \
	X(fp_subnormals, 4, 6, 0x48, 0, "Floating-point operation with a subnormal result") \
	X(interrupt_latency, 5, 5, 0x2a, 1, "Interrupt latency") \
	X(dcache_read_latency, 5, 7, 0x8a, 1, "Data cache memory read latency") \
	X(dcache_write_latency, 5, 9, 0x20a, 1, "Data cache memory write latency") \
	X(icache_read_latency, 5, 11, 0x80a, 1, "Instruction cache memory read latency") \
	X(peripheral_read_latency, 5, 13, 0x200a, 1, "Peripheral AXI data read latency") \
	X(peripheral_write_latency, 5, 15, 0x800a, 1, "Peripheral AXI data write latency")

/* each event's mhpmevent value, by name */
#define AXIPERF_MBV_EV_LOADS	0x20
#define AXIPERF_MBV_EV_STORES	0x40
#define AXIPERF_MBV_EV_ATOMICS	0x80
#define AXIPERF_MBV_EV_SYSTEM_INSTRUCTIONS	0x100
#define AXIPERF_MBV_EV_ARITHMETIC_INSTRUCTIONS	0x200
#define AXIPERF_MBV_EV_MULTIPLIES	0x400
#define AXIPERF_MBV_EV_INTEGER_DIVIDES	0x800
#define AXIPERF_MBV_EV_CUSTOM_INSTRUCTIONS	0x1000
#define AXIPERF_MBV_EV_BIT_MANIPULATIONS	0x2000
#define AXIPERF_MBV_EV_COMPRESSED_INSTRUCTIONS	0x4000
#define AXIPERF_MBV_EV_JUMPS	0x8000
#define AXIPERF_MBV_EV_INDIRECT_JUMPS	0x10000
#define AXIPERF_MBV_EV_FP_LOADS	0x20000
#define AXIPERF_MBV_EV_FP_STORES	0x40000
#define AXIPERF_MBV_EV_FP_ADD_SUBS	0x80000
#define AXIPERF_MBV_EV_FP_MULTIPLIES	0x100000
#define AXIPERF_MBV_EV_FP_DIVIDES	0x200000
#define AXIPERF_MBV_EV_FP_FUSED	0x400000
#define AXIPERF_MBV_EV_FP_OTHER	0x800000
#define AXIPERF_MBV_EV_CACHE_FLUSHES	0x1000000
#define AXIPERF_MBV_EV_TAKEN_CONDITIONAL_BRANCHES	0x22
#define AXIPERF_MBV_EV_NOT_TAKEN_CONDITIONAL_BRANCHES	0x42
#define AXIPERF_MBV_EV_EXCEPTIONS	0x82
#define AXIPERF_MBV_EV_INTERRUPTS	0x102
#define AXIPERF_MBV_EV_BRANCH_TARGET_CACHE_HITS	0x202
#define AXIPERF_MBV_EV_BRANCH_MISPREDICTS	0x402
#define AXIPERF_MBV_EV_ICACHE_REQUESTS	0x24
#define AXIPERF_MBV_EV_ICACHE_HITS	0x44
#define AXIPERF_MBV_EV_DCACHE_READ_REQUESTS	0x84
#define AXIPERF_MBV_EV_DCACHE_READ_HITS	0x104
#define AXIPERF_MBV_EV_DCACHE_WRITE_REQUESTS	0x204
#define AXIPERF_MBV_EV_DCACHE_WRITE_HITS	0x404
#define AXIPERF_MBV_EV_STALLS_OPERAND_FETCH	0x46
#define AXIPERF_MBV_EV_STALLS_EXECUTE	0x86
#define AXIPERF_MBV_EV_STALLS_MEMORY	0x106
#define AXIPERF_MBV_EV_DIVIDES_BY_ZERO	0x28
#define AXIPERF_MBV_EV_FP_SUBNORMALS	0x48
#define AXIPERF_MBV_EV_INTERRUPT_LATENCY	0x2a
#define AXIPERF_MBV_EV_DCACHE_READ_LATENCY	0x8a
#define AXIPERF_MBV_EV_DCACHE_WRITE_LATENCY	0x20a
#define AXIPERF_MBV_EV_ICACHE_READ_LATENCY	0x80a
#define AXIPERF_MBV_EV_PERIPHERAL_READ_LATENCY	0x200a
#define AXIPERF_MBV_EV_PERIPHERAL_WRITE_LATENCY	0x800a

/* X(number, name, meaning) */
#define AXIPERF_MBV_CLASSES(X) \
	X(0, instructions, "Retired instructions") \
	X(1, branches, "Branches and traps") \
	X(2, cache, "Instruction and data cache") \
	X(3, pipeline, "Pipeline stalls") \
	X(4, misc, "Miscellaneous") \
	X(5, latency, "Latency")

#endif
