/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* generated from spec/microblaze.toml by tools/gen/microblaze_gen.py; do not edit */
#ifndef AXIPERF_MICROBLAZE_H
#define AXIPERF_MICROBLAZE_H

/* MDM AXI4-lite slave: debug register access port */
#define AXIPERF_MB_UNLOCK_KEY	0xebabU
#define AXIPERF_MB_CONFIG_MAGIC	0x42U
#define AXIPERF_MB_MDM_WINDOW	0x1000
#define AXIPERF_MB_DBG_STATUS	0x10
#define AXIPERF_MB_DBG_STATUS_JTAG_LOCK_SHIFT	0
#define AXIPERF_MB_DBG_STATUS_JTAG_LOCK	0x00000001U
#define AXIPERF_MB_DBG_CTRL	0x10
#define AXIPERF_MB_DBG_CTRL_TARGET_SHIFT	17
#define AXIPERF_MB_DBG_CTRL_TARGET	0x00060000U
#define AXIPERF_MB_DBG_CTRL_COMMAND_SHIFT	9
#define AXIPERF_MB_DBG_CTRL_COMMAND	0x0001fe00U
#define AXIPERF_MB_DBG_CTRL_LENGTH_SHIFT	0
#define AXIPERF_MB_DBG_CTRL_LENGTH	0x000001ffU
#define AXIPERF_MB_DBG_DATA	0x14
#define AXIPERF_MB_DBG_LOCK	0x18
#define AXIPERF_MB_TARGET_MICROBLAZE	2U
#define AXIPERF_MB_TARGET_MDM	3U

/* DBG_CTRL value reaching a debug register of `bits` bits (1..512). */
#define AXIPERF_MB_DBG_CTRL_VALUE(target, command, bits) \
	((((target) & 0x3U) << 17) | \
	 (((command) & 0xffU) << 9) | \
	 (((bits) - 1U) & 0x1ffU))

/* Debug registers reached through DBG_CTRL / DBG_DATA */
#define AXIPERF_MB_PCCTRLR_TARGET	AXIPERF_MB_TARGET_MICROBLAZE
#define AXIPERF_MB_PCCTRLR_CMD	0x51U
#define AXIPERF_MB_PCCTRLR_BITS	8
#define AXIPERF_MB_PCCTRLR_DBG_CTRL	0x4a207U
#define AXIPERF_MB_PCCTRLR_EVENT_SHIFT	0
#define AXIPERF_MB_PCCTRLR_EVENT	0x000000ffU
#define AXIPERF_MB_PCCMDR_TARGET	AXIPERF_MB_TARGET_MICROBLAZE
#define AXIPERF_MB_PCCMDR_CMD	0x52U
#define AXIPERF_MB_PCCMDR_BITS	5
#define AXIPERF_MB_PCCMDR_DBG_CTRL	0x4a404U
#define AXIPERF_MB_PCCMDR_CLEAR_SHIFT	4
#define AXIPERF_MB_PCCMDR_CLEAR	0x00000010U
#define AXIPERF_MB_PCCMDR_START_SHIFT	3
#define AXIPERF_MB_PCCMDR_START	0x00000008U
#define AXIPERF_MB_PCCMDR_STOP_SHIFT	2
#define AXIPERF_MB_PCCMDR_STOP	0x00000004U
#define AXIPERF_MB_PCCMDR_SAMPLE_SHIFT	1
#define AXIPERF_MB_PCCMDR_SAMPLE	0x00000002U
#define AXIPERF_MB_PCCMDR_RESET_SHIFT	0
#define AXIPERF_MB_PCCMDR_RESET	0x00000001U
#define AXIPERF_MB_PCSR_TARGET	AXIPERF_MB_TARGET_MICROBLAZE
#define AXIPERF_MB_PCSR_CMD	0x53U
#define AXIPERF_MB_PCSR_BITS	2
#define AXIPERF_MB_PCSR_DBG_CTRL	0x4a601U
#define AXIPERF_MB_PCSR_OVERFLOW_SHIFT	1
#define AXIPERF_MB_PCSR_OVERFLOW	0x00000002U
#define AXIPERF_MB_PCSR_FULL_SHIFT	0
#define AXIPERF_MB_PCSR_FULL	0x00000001U
#define AXIPERF_MB_PCDRR_TARGET	AXIPERF_MB_TARGET_MICROBLAZE
#define AXIPERF_MB_PCDRR_CMD	0x56U
#define AXIPERF_MB_PCDRR_BITS	32
#define AXIPERF_MB_PCDRR_DBG_CTRL	0x4ac1fU
#define AXIPERF_MB_PCDWR_TARGET	AXIPERF_MB_TARGET_MICROBLAZE
#define AXIPERF_MB_PCDWR_CMD	0x57U
#define AXIPERF_MB_PCDWR_BITS	32
#define AXIPERF_MB_PCDWR_DBG_CTRL	0x4ae1fU
#define AXIPERF_MB_MDM_CONFIG_TARGET	AXIPERF_MB_TARGET_MDM
#define AXIPERF_MB_MDM_CONFIG_CMD	0x0cU
#define AXIPERF_MB_MDM_CONFIG_BITS	32
#define AXIPERF_MB_MDM_CONFIG_DBG_CTRL	0x6181fU
#define AXIPERF_MB_MDM_CONFIG_MAGIC_SHIFT	24
#define AXIPERF_MB_MDM_CONFIG_MAGIC	0xff000000U
#define AXIPERF_MB_MDM_CONFIG_EXTENDED_SHIFT	22
#define AXIPERF_MB_MDM_CONFIG_EXTENDED	0x00400000U
#define AXIPERF_MB_MDM_CONFIG_UART_SHIFT	21
#define AXIPERF_MB_MDM_CONFIG_UART	0x00200000U
#define AXIPERF_MB_MDM_CONFIG_UART_WIDTH_SHIFT	16
#define AXIPERF_MB_MDM_CONFIG_UART_WIDTH	0x001f0000U
#define AXIPERF_MB_MDM_CONFIG_PORTS_SHIFT	8
#define AXIPERF_MB_MDM_CONFIG_PORTS	0x0000ff00U
#define AXIPERF_MB_MDM_CONFIG_VERSION_SHIFT	0
#define AXIPERF_MB_MDM_CONFIG_VERSION	0x000000ffU
#define AXIPERF_MB_WHICH_MB_TARGET	AXIPERF_MB_TARGET_MDM
#define AXIPERF_MB_WHICH_MB_CMD	0x0dU
#define AXIPERF_MB_WHICH_MB_BITS	8
#define AXIPERF_MB_WHICH_MB_DBG_CTRL	0x61a07U

/* X(name, target, command, bits, dbg_ctrl) */
#define AXIPERF_MB_DEBUG_REGISTERS(X) \
	X(PCCTRLR, AXIPERF_MB_TARGET_MICROBLAZE, 0x51U, 8, 0x4a207U) \
	X(PCCMDR, AXIPERF_MB_TARGET_MICROBLAZE, 0x52U, 5, 0x4a404U) \
	X(PCSR, AXIPERF_MB_TARGET_MICROBLAZE, 0x53U, 2, 0x4a601U) \
	X(PCDRR, AXIPERF_MB_TARGET_MICROBLAZE, 0x56U, 32, 0x4ac1fU) \
	X(PCDWR, AXIPERF_MB_TARGET_MICROBLAZE, 0x57U, 32, 0x4ae1fU) \
	X(MDM_CONFIG, AXIPERF_MB_TARGET_MDM, 0x0cU, 32, 0x6181fU) \
	X(WHICH_MB, AXIPERF_MB_TARGET_MDM, 0x0dU, 8, 0x61a07U) \

/* Counters */
#define AXIPERF_MB_DEFAULT_WIDTH	32
/* the shortest sample period a CPU PMU takes (events per overflow interrupt) */
#define AXIPERF_MB_MIN_SAMPLE_PERIOD	10000
#define AXIPERF_MB_DEFAULT_EVENT_COUNTERS	5
#define AXIPERF_MB_DEFAULT_LATENCY_COUNTERS	1
#define AXIPERF_MB_MAX_EVENT_COUNTERS	48
#define AXIPERF_MB_MAX_LATENCY_COUNTERS	7
#define AXIPERF_MB_MAX_COUNTERS	55
#define AXIPERF_MB_FIRST_LATENCY_EVENT	57
#define AXIPERF_MB_NUM_EVENTS	64
#define AXIPERF_MB_MAX_ITEMS	7

/* X(width) */
#define AXIPERF_MB_WIDTHS(X) X(32) X(48) X(64)

/* Counter kinds and the fields of a counter's data */
#define AXIPERF_MB_KIND_EVENT	0
#define AXIPERF_MB_KIND_LATENCY	1
#define AXIPERF_MB_FIELD_COUNT	0
#define AXIPERF_MB_FIELD_SUM	1
#define AXIPERF_MB_FIELD_SUM_SQ	2
#define AXIPERF_MB_FIELD_MIN	3
#define AXIPERF_MB_FIELD_MAX	4
#define AXIPERF_MB_NUM_FIELDS	5

/* Data items per counter and field widths, per counter width */
#define AXIPERF_MB_ITEMS_32_EVENT	1
#define AXIPERF_MB_ITEMS_32_LATENCY	4
#define AXIPERF_MB_ITEMS_48_EVENT	2
#define AXIPERF_MB_ITEMS_48_LATENCY	7
#define AXIPERF_MB_ITEMS_64_EVENT	2
#define AXIPERF_MB_ITEMS_64_LATENCY	7
#define AXIPERF_MB_FIELD_BITS_32_EVENT_COUNT	32
#define AXIPERF_MB_FIELD_BITS_32_LATENCY_COUNT	32
#define AXIPERF_MB_FIELD_BITS_32_LATENCY_SUM	32
#define AXIPERF_MB_FIELD_BITS_32_LATENCY_SUM_SQ	32
#define AXIPERF_MB_FIELD_BITS_32_LATENCY_MIN	16
#define AXIPERF_MB_FIELD_BITS_32_LATENCY_MAX	16
#define AXIPERF_MB_FIELD_BITS_48_EVENT_COUNT	48
#define AXIPERF_MB_FIELD_BITS_48_LATENCY_COUNT	32
#define AXIPERF_MB_FIELD_BITS_48_LATENCY_SUM	48
#define AXIPERF_MB_FIELD_BITS_48_LATENCY_SUM_SQ	48
#define AXIPERF_MB_FIELD_BITS_48_LATENCY_MIN	32
#define AXIPERF_MB_FIELD_BITS_48_LATENCY_MAX	32
#define AXIPERF_MB_FIELD_BITS_64_EVENT_COUNT	64
#define AXIPERF_MB_FIELD_BITS_64_LATENCY_COUNT	32
#define AXIPERF_MB_FIELD_BITS_64_LATENCY_SUM	64
#define AXIPERF_MB_FIELD_BITS_64_LATENCY_SUM_SQ	64
#define AXIPERF_MB_FIELD_BITS_64_LATENCY_MIN	32
#define AXIPERF_MB_FIELD_BITS_64_LATENCY_MAX	32

/*
 * X(width, kind, item, field, item_lsb, field_lsb, bits): data item
 * `item` (0 = first read) of a counter carries field bits
 * [field_lsb + bits - 1 : field_lsb] in item bits [item_lsb + bits - 1 : item_lsb].
 */
#define AXIPERF_MB_ITEM_SEGMENTS(X) \
	X(32, AXIPERF_MB_KIND_EVENT, 0, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(32, AXIPERF_MB_KIND_LATENCY, 0, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(32, AXIPERF_MB_KIND_LATENCY, 1, AXIPERF_MB_FIELD_SUM, 0, 0, 32) \
	X(32, AXIPERF_MB_KIND_LATENCY, 2, AXIPERF_MB_FIELD_SUM_SQ, 0, 0, 32) \
	X(32, AXIPERF_MB_KIND_LATENCY, 3, AXIPERF_MB_FIELD_MIN, 16, 0, 16) \
	X(32, AXIPERF_MB_KIND_LATENCY, 3, AXIPERF_MB_FIELD_MAX, 0, 0, 16) \
	X(48, AXIPERF_MB_KIND_EVENT, 0, AXIPERF_MB_FIELD_COUNT, 0, 32, 16) \
	X(48, AXIPERF_MB_KIND_EVENT, 1, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(48, AXIPERF_MB_KIND_LATENCY, 0, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(48, AXIPERF_MB_KIND_LATENCY, 1, AXIPERF_MB_FIELD_SUM, 0, 32, 16) \
	X(48, AXIPERF_MB_KIND_LATENCY, 2, AXIPERF_MB_FIELD_SUM, 0, 0, 32) \
	X(48, AXIPERF_MB_KIND_LATENCY, 3, AXIPERF_MB_FIELD_SUM_SQ, 0, 32, 16) \
	X(48, AXIPERF_MB_KIND_LATENCY, 4, AXIPERF_MB_FIELD_SUM_SQ, 0, 0, 32) \
	X(48, AXIPERF_MB_KIND_LATENCY, 5, AXIPERF_MB_FIELD_MIN, 0, 0, 32) \
	X(48, AXIPERF_MB_KIND_LATENCY, 6, AXIPERF_MB_FIELD_MAX, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_EVENT, 0, AXIPERF_MB_FIELD_COUNT, 0, 32, 32) \
	X(64, AXIPERF_MB_KIND_EVENT, 1, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 0, AXIPERF_MB_FIELD_COUNT, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 1, AXIPERF_MB_FIELD_SUM, 0, 32, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 2, AXIPERF_MB_FIELD_SUM, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 3, AXIPERF_MB_FIELD_SUM_SQ, 0, 32, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 4, AXIPERF_MB_FIELD_SUM_SQ, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 5, AXIPERF_MB_FIELD_MIN, 0, 0, 32) \
	X(64, AXIPERF_MB_KIND_LATENCY, 6, AXIPERF_MB_FIELD_MAX, 0, 0, 32) \

/* perf config: [7:0] MicroBlaze event number, [10:8] latency item */
#define AXIPERF_MB_CONFIG_EVENT_SHIFT	0
#define AXIPERF_MB_CONFIG_EVENT	0xffULL
#define AXIPERF_MB_CONFIG_ITEM_SHIFT	8
#define AXIPERF_MB_CONFIG_ITEM	0x700ULL
#define AXIPERF_MB_CONFIG(event, item)	((event) | ((item) << 8))

/* X(name, id, is_latency, doc): the MicroBlaze events */
#define AXIPERF_MB_EVENTS(X) \
	X(instructions, 0, 0, "Any valid instruction executed") \
	X(load_words, 1, 0, "Load word (lw, lwi, lwx) executed") \
	X(load_halfwords, 2, 0, "Load halfword (lhu, lhui) executed") \
	X(load_bytes, 3, 0, "Load byte (lbu, lbui) executed") \
	X(store_words, 4, 0, "Store word (sw, swi, swx) executed") \
	X(store_halfwords, 5, 0, "Store halfword (sh, shi) executed") \
	X(store_bytes, 6, 0, "Store byte (sb, sbi) executed") \
	X(unconditional_branches, 7, 0, "Unconditional branch (br, bri, brk, brki) executed") \
	X(taken_conditional_branches, 8, 0, "Taken conditional branch (beq, ..., bnei) executed") \
	X(not_taken_conditional_branches, 9, 0, "Not taken conditional branch (beq, ..., bnei) executed") \
	X(icache_requests, 10, 0, "Data request from instruction cache") \
	X(icache_hits, 11, 0, "Hit in instruction cache") \
	X(dcache_read_requests, 12, 0, "Read data requested from data cache") \
	X(dcache_read_hits, 13, 0, "Read data hit in data cache") \
	X(dcache_write_requests, 14, 0, "Write data request to data cache") \
	X(dcache_write_hits, 15, 0, "Write data hit in data cache") \
	X(r1_loads, 16, 0, "Load (lbu, ..., lwx) with r1 as operand executed") \
	X(r1_stores, 17, 0, "Store (sb, ..., swx) with r1 as operand executed") \
	X(logical_instructions, 18, 0, "Logical operation (and, andn, or, xor) executed") \
	X(arithmetic_instructions, 19, 0, "Arithmetic operation (add, idiv, mul, rsub) executed") \
	X(multiplies, 20, 0, "Multiply operation (mul, mulh, mulhu, mulhsu, muli)") \
	X(barrel_shifts, 21, 0, "Barrel shifter operation (bsrl, bsra, bsll) executed") \
	X(shifts, 22, 0, "Shift operation (sra, src, srl) executed") \
	X(exceptions, 23, 0, "Exception taken") \
	X(interrupts, 24, 0, "Interrupt occurred") \
	X(stalls_operand_fetch, 25, 0, "Pipeline stalled due to operand fetch stage (OF)") \
	X(stalls_execute, 26, 0, "Pipeline stalled due to execute stage (EX)") \
	X(stalls_memory, 27, 0, "Pipeline stalled due to memory stage (MEM)") \
	X(integer_divides, 28, 0, "Integer divide (idiv, idivu) executed") \
	X(fp_instructions, 29, 0, "Floating-point instruction (fadd, ..., fsqrt) executed") \
	X(cycles, 30, 0, "Number of clock cycles") \
	X(imm_instructions, 31, 0, "Immediate (imm) executed") \
	X(pattern_compares, 32, 0, "Pattern compare (pcmpbf, pcmpeq, pcmpne) executed") \
	X(sign_extends, 33, 0, "Sign extend instructions (sext8, sext16) executed") \
	X(icache_invalidates, 34, 0, "Instruction cache invalidate (wic) executed") \
	X(dcache_invalidates, 35, 0, "Data cache invalidate or flush (wdc) executed") \
	X(msr_instructions, 36, 0, "Machine status instructions (msrset, msrclr) executed") \
	X(delay_slot_unconditional_branches, 37, 0, "Unconditional branch with delay slot executed") \
	X(delay_slot_taken_branches, 38, 0, "Taken conditional branch with delay slot executed") \
	X(delay_slot_not_taken_branches, 39, 0, "Not taken conditional branch with delay slot executed") \
	X(delay_slot_nops, 40, 0, "Delay slot with no operation instruction executed") \
	X(loads, 41, 0, "Load instruction (lbu, ..., lwx) executed") \
	X(stores, 42, 0, "Store instruction (sb, ..., swx) executed") \
	X(mmu_data_requests, 43, 0, "MMU data access request") \
	X(conditional_branches, 44, 0, "Conditional branch (beq, ..., bnei) executed") \
	X(branches, 45, 0, "Branch (br, bri, brk, brki, beq, ..., bnei) executed") \
	X(dcache_requests, 46, 0, "Read or write data request from/to data cache") \
	X(dcache_hits, 47, 0, "Read or write data cache hit") \
	X(mmu_exceptions, 48, 0, "MMU exception taken") \
	X(mmu_instruction_exceptions, 49, 0, "MMU instruction side exception taken") \
	X(mmu_data_exceptions, 50, 0, "MMU data side exception taken") \
	X(pipeline_stalls, 51, 0, "Pipeline stalled") \
	X(branch_target_cache_hits, 52, 0, "Branch target cache hit for a branch or return") \
	X(mmu_instruction_requests, 53, 0, "MMU instruction side access request") \
	X(itlb_hits, 54, 0, "MMU instruction TLB (ITLB) hit") \
	X(dtlb_hits, 55, 0, "MMU data TLB (DTLB) hit") \
	X(utlb_hits, 56, 0, "MMU unified TLB (UTLB) hit") \
	X(interrupt_latency, 57, 1, "Interrupt latency from input to interrupt vector") \
	X(dcache_read_latency, 58, 1, "Data cache latency for memory read") \
	X(dcache_write_latency, 59, 1, "Data cache latency for memory write") \
	X(icache_read_latency, 60, 1, "Instruction cache latency for memory read") \
	X(mmu_lookup_latency, 61, 1, "MMU address lookup latency") \
	X(peripheral_read_latency, 62, 1, "Peripheral AXI interface data read latency") \
	X(peripheral_write_latency, 63, 1, "Peripheral AXI interface data write latency") \

/* X(name, item, doc): what a latency counter measures */
#define AXIPERF_MB_LATENCY_ITEMS(X) \
	X(count, 0, "number of times the event occurred (N)") \
	X(sum, 1, "sum of the latencies in clock cycles") \
	X(sum_sq, 2, "sum of the squared latencies") \
	X(min, 3, "shortest latency measured") \
	X(max, 4, "longest latency measured") \

/* X(perf generic hardware event, MicroBlaze event): local-CPU mode */
#define AXIPERF_MB_GENERIC_HW(X) \
	X(PERF_COUNT_HW_CPU_CYCLES, 30) \
	X(PERF_COUNT_HW_INSTRUCTIONS, 0) \
	X(PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 45) \
	X(PERF_COUNT_HW_CACHE_REFERENCES, 46) \

/* X(cache, op, result, MicroBlaze event): PERF_COUNT_HW_CACHE_<cache>, ... */
#define AXIPERF_MB_GENERIC_CACHE(X) \
	X(L1D, READ, ACCESS, 12) \
	X(L1D, WRITE, ACCESS, 14) \
	X(L1I, READ, ACCESS, 10) \
	X(DTLB, READ, ACCESS, 43) \
	X(ITLB, READ, ACCESS, 53) \

/* X(name, config, event, item): every perf event, as sysfs lists them */
#define AXIPERF_MB_PERF_EVENTS(X) \
	X(instructions, 0x000, 0, 0) \
	X(load_words, 0x001, 1, 0) \
	X(load_halfwords, 0x002, 2, 0) \
	X(load_bytes, 0x003, 3, 0) \
	X(store_words, 0x004, 4, 0) \
	X(store_halfwords, 0x005, 5, 0) \
	X(store_bytes, 0x006, 6, 0) \
	X(unconditional_branches, 0x007, 7, 0) \
	X(taken_conditional_branches, 0x008, 8, 0) \
	X(not_taken_conditional_branches, 0x009, 9, 0) \
	X(icache_requests, 0x00a, 10, 0) \
	X(icache_hits, 0x00b, 11, 0) \
	X(dcache_read_requests, 0x00c, 12, 0) \
	X(dcache_read_hits, 0x00d, 13, 0) \
	X(dcache_write_requests, 0x00e, 14, 0) \
	X(dcache_write_hits, 0x00f, 15, 0) \
	X(r1_loads, 0x010, 16, 0) \
	X(r1_stores, 0x011, 17, 0) \
	X(logical_instructions, 0x012, 18, 0) \
	X(arithmetic_instructions, 0x013, 19, 0) \
	X(multiplies, 0x014, 20, 0) \
	X(barrel_shifts, 0x015, 21, 0) \
	X(shifts, 0x016, 22, 0) \
	X(exceptions, 0x017, 23, 0) \
	X(interrupts, 0x018, 24, 0) \
	X(stalls_operand_fetch, 0x019, 25, 0) \
	X(stalls_execute, 0x01a, 26, 0) \
	X(stalls_memory, 0x01b, 27, 0) \
	X(integer_divides, 0x01c, 28, 0) \
	X(fp_instructions, 0x01d, 29, 0) \
	X(cycles, 0x01e, 30, 0) \
	X(imm_instructions, 0x01f, 31, 0) \
	X(pattern_compares, 0x020, 32, 0) \
	X(sign_extends, 0x021, 33, 0) \
	X(icache_invalidates, 0x022, 34, 0) \
	X(dcache_invalidates, 0x023, 35, 0) \
	X(msr_instructions, 0x024, 36, 0) \
	X(delay_slot_unconditional_branches, 0x025, 37, 0) \
	X(delay_slot_taken_branches, 0x026, 38, 0) \
	X(delay_slot_not_taken_branches, 0x027, 39, 0) \
	X(delay_slot_nops, 0x028, 40, 0) \
	X(loads, 0x029, 41, 0) \
	X(stores, 0x02a, 42, 0) \
	X(mmu_data_requests, 0x02b, 43, 0) \
	X(conditional_branches, 0x02c, 44, 0) \
	X(branches, 0x02d, 45, 0) \
	X(dcache_requests, 0x02e, 46, 0) \
	X(dcache_hits, 0x02f, 47, 0) \
	X(mmu_exceptions, 0x030, 48, 0) \
	X(mmu_instruction_exceptions, 0x031, 49, 0) \
	X(mmu_data_exceptions, 0x032, 50, 0) \
	X(pipeline_stalls, 0x033, 51, 0) \
	X(branch_target_cache_hits, 0x034, 52, 0) \
	X(mmu_instruction_requests, 0x035, 53, 0) \
	X(itlb_hits, 0x036, 54, 0) \
	X(dtlb_hits, 0x037, 55, 0) \
	X(utlb_hits, 0x038, 56, 0) \
	X(interrupt_latency_count, 0x039, 57, 0) \
	X(interrupt_latency_sum, 0x139, 57, 1) \
	X(interrupt_latency_sum_sq, 0x239, 57, 2) \
	X(interrupt_latency_min, 0x339, 57, 3) \
	X(interrupt_latency_max, 0x439, 57, 4) \
	X(dcache_read_latency_count, 0x03a, 58, 0) \
	X(dcache_read_latency_sum, 0x13a, 58, 1) \
	X(dcache_read_latency_sum_sq, 0x23a, 58, 2) \
	X(dcache_read_latency_min, 0x33a, 58, 3) \
	X(dcache_read_latency_max, 0x43a, 58, 4) \
	X(dcache_write_latency_count, 0x03b, 59, 0) \
	X(dcache_write_latency_sum, 0x13b, 59, 1) \
	X(dcache_write_latency_sum_sq, 0x23b, 59, 2) \
	X(dcache_write_latency_min, 0x33b, 59, 3) \
	X(dcache_write_latency_max, 0x43b, 59, 4) \
	X(icache_read_latency_count, 0x03c, 60, 0) \
	X(icache_read_latency_sum, 0x13c, 60, 1) \
	X(icache_read_latency_sum_sq, 0x23c, 60, 2) \
	X(icache_read_latency_min, 0x33c, 60, 3) \
	X(icache_read_latency_max, 0x43c, 60, 4) \
	X(mmu_lookup_latency_count, 0x03d, 61, 0) \
	X(mmu_lookup_latency_sum, 0x13d, 61, 1) \
	X(mmu_lookup_latency_sum_sq, 0x23d, 61, 2) \
	X(mmu_lookup_latency_min, 0x33d, 61, 3) \
	X(mmu_lookup_latency_max, 0x43d, 61, 4) \
	X(peripheral_read_latency_count, 0x03e, 62, 0) \
	X(peripheral_read_latency_sum, 0x13e, 62, 1) \
	X(peripheral_read_latency_sum_sq, 0x23e, 62, 2) \
	X(peripheral_read_latency_min, 0x33e, 62, 3) \
	X(peripheral_read_latency_max, 0x43e, 62, 4) \
	X(peripheral_write_latency_count, 0x03f, 63, 0) \
	X(peripheral_write_latency_sum, 0x13f, 63, 1) \
	X(peripheral_write_latency_sum_sq, 0x23f, 63, 2) \
	X(peripheral_write_latency_min, 0x33f, 63, 3) \
	X(peripheral_write_latency_max, 0x43f, 63, 4) \

/* perf config of each event */
#define AXIPERF_MB_EV_INSTRUCTIONS	0x000
#define AXIPERF_MB_EV_LOAD_WORDS	0x001
#define AXIPERF_MB_EV_LOAD_HALFWORDS	0x002
#define AXIPERF_MB_EV_LOAD_BYTES	0x003
#define AXIPERF_MB_EV_STORE_WORDS	0x004
#define AXIPERF_MB_EV_STORE_HALFWORDS	0x005
#define AXIPERF_MB_EV_STORE_BYTES	0x006
#define AXIPERF_MB_EV_UNCONDITIONAL_BRANCHES	0x007
#define AXIPERF_MB_EV_TAKEN_CONDITIONAL_BRANCHES	0x008
#define AXIPERF_MB_EV_NOT_TAKEN_CONDITIONAL_BRANCHES	0x009
#define AXIPERF_MB_EV_ICACHE_REQUESTS	0x00a
#define AXIPERF_MB_EV_ICACHE_HITS	0x00b
#define AXIPERF_MB_EV_DCACHE_READ_REQUESTS	0x00c
#define AXIPERF_MB_EV_DCACHE_READ_HITS	0x00d
#define AXIPERF_MB_EV_DCACHE_WRITE_REQUESTS	0x00e
#define AXIPERF_MB_EV_DCACHE_WRITE_HITS	0x00f
#define AXIPERF_MB_EV_R1_LOADS	0x010
#define AXIPERF_MB_EV_R1_STORES	0x011
#define AXIPERF_MB_EV_LOGICAL_INSTRUCTIONS	0x012
#define AXIPERF_MB_EV_ARITHMETIC_INSTRUCTIONS	0x013
#define AXIPERF_MB_EV_MULTIPLIES	0x014
#define AXIPERF_MB_EV_BARREL_SHIFTS	0x015
#define AXIPERF_MB_EV_SHIFTS	0x016
#define AXIPERF_MB_EV_EXCEPTIONS	0x017
#define AXIPERF_MB_EV_INTERRUPTS	0x018
#define AXIPERF_MB_EV_STALLS_OPERAND_FETCH	0x019
#define AXIPERF_MB_EV_STALLS_EXECUTE	0x01a
#define AXIPERF_MB_EV_STALLS_MEMORY	0x01b
#define AXIPERF_MB_EV_INTEGER_DIVIDES	0x01c
#define AXIPERF_MB_EV_FP_INSTRUCTIONS	0x01d
#define AXIPERF_MB_EV_CYCLES	0x01e
#define AXIPERF_MB_EV_IMM_INSTRUCTIONS	0x01f
#define AXIPERF_MB_EV_PATTERN_COMPARES	0x020
#define AXIPERF_MB_EV_SIGN_EXTENDS	0x021
#define AXIPERF_MB_EV_ICACHE_INVALIDATES	0x022
#define AXIPERF_MB_EV_DCACHE_INVALIDATES	0x023
#define AXIPERF_MB_EV_MSR_INSTRUCTIONS	0x024
#define AXIPERF_MB_EV_DELAY_SLOT_UNCONDITIONAL_BRANCHES	0x025
#define AXIPERF_MB_EV_DELAY_SLOT_TAKEN_BRANCHES	0x026
#define AXIPERF_MB_EV_DELAY_SLOT_NOT_TAKEN_BRANCHES	0x027
#define AXIPERF_MB_EV_DELAY_SLOT_NOPS	0x028
#define AXIPERF_MB_EV_LOADS	0x029
#define AXIPERF_MB_EV_STORES	0x02a
#define AXIPERF_MB_EV_MMU_DATA_REQUESTS	0x02b
#define AXIPERF_MB_EV_CONDITIONAL_BRANCHES	0x02c
#define AXIPERF_MB_EV_BRANCHES	0x02d
#define AXIPERF_MB_EV_DCACHE_REQUESTS	0x02e
#define AXIPERF_MB_EV_DCACHE_HITS	0x02f
#define AXIPERF_MB_EV_MMU_EXCEPTIONS	0x030
#define AXIPERF_MB_EV_MMU_INSTRUCTION_EXCEPTIONS	0x031
#define AXIPERF_MB_EV_MMU_DATA_EXCEPTIONS	0x032
#define AXIPERF_MB_EV_PIPELINE_STALLS	0x033
#define AXIPERF_MB_EV_BRANCH_TARGET_CACHE_HITS	0x034
#define AXIPERF_MB_EV_MMU_INSTRUCTION_REQUESTS	0x035
#define AXIPERF_MB_EV_ITLB_HITS	0x036
#define AXIPERF_MB_EV_DTLB_HITS	0x037
#define AXIPERF_MB_EV_UTLB_HITS	0x038
#define AXIPERF_MB_EV_INTERRUPT_LATENCY_COUNT	0x039
#define AXIPERF_MB_EV_INTERRUPT_LATENCY_SUM	0x139
#define AXIPERF_MB_EV_INTERRUPT_LATENCY_SUM_SQ	0x239
#define AXIPERF_MB_EV_INTERRUPT_LATENCY_MIN	0x339
#define AXIPERF_MB_EV_INTERRUPT_LATENCY_MAX	0x439
#define AXIPERF_MB_EV_DCACHE_READ_LATENCY_COUNT	0x03a
#define AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM	0x13a
#define AXIPERF_MB_EV_DCACHE_READ_LATENCY_SUM_SQ	0x23a
#define AXIPERF_MB_EV_DCACHE_READ_LATENCY_MIN	0x33a
#define AXIPERF_MB_EV_DCACHE_READ_LATENCY_MAX	0x43a
#define AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_COUNT	0x03b
#define AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM	0x13b
#define AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_SUM_SQ	0x23b
#define AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_MIN	0x33b
#define AXIPERF_MB_EV_DCACHE_WRITE_LATENCY_MAX	0x43b
#define AXIPERF_MB_EV_ICACHE_READ_LATENCY_COUNT	0x03c
#define AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM	0x13c
#define AXIPERF_MB_EV_ICACHE_READ_LATENCY_SUM_SQ	0x23c
#define AXIPERF_MB_EV_ICACHE_READ_LATENCY_MIN	0x33c
#define AXIPERF_MB_EV_ICACHE_READ_LATENCY_MAX	0x43c
#define AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_COUNT	0x03d
#define AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_SUM	0x13d
#define AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_SUM_SQ	0x23d
#define AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_MIN	0x33d
#define AXIPERF_MB_EV_MMU_LOOKUP_LATENCY_MAX	0x43d
#define AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_COUNT	0x03e
#define AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_SUM	0x13e
#define AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_SUM_SQ	0x23e
#define AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_MIN	0x33e
#define AXIPERF_MB_EV_PERIPHERAL_READ_LATENCY_MAX	0x43e
#define AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_COUNT	0x03f
#define AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_SUM	0x13f
#define AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_SUM_SQ	0x23f
#define AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_MIN	0x33f
#define AXIPERF_MB_EV_PERIPHERAL_WRITE_LATENCY_MAX	0x43f
#define AXIPERF_MB_NUM_PERF_EVENTS	92

#endif /* AXIPERF_MICROBLAZE_H */
