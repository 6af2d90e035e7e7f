// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * MicroBlaze V HPM events of an instruction and of an mhpmevent value
 * (mbv_hpm.h). Event values come from spec/microblaze_v.toml through the
 * generated include/axiperf/microblaze_v.h.
 */
#include "mbv_hpm.h"

#include "axiperf/microblaze_v.h"

/* RISC-V major opcodes (bits 6:0 of a 32-bit instruction) */
enum {
	OP_LOAD = 0x03, OP_LOAD_FP = 0x07, OP_CUSTOM0 = 0x0b, OP_MISC_MEM = 0x0f,
	OP_IMM = 0x13, OP_AUIPC = 0x17, OP_IMM_32 = 0x1b, OP_STORE = 0x23,
	OP_STORE_FP = 0x27, OP_CUSTOM1 = 0x2b, OP_AMO = 0x2f, OP_OP = 0x33,
	OP_LUI = 0x37, OP_OP_32 = 0x3b, OP_MADD = 0x43, OP_MSUB = 0x47,
	OP_NMSUB = 0x4b, OP_NMADD = 0x4f, OP_FP = 0x53, OP_CUSTOM2 = 0x5b,
	OP_BRANCH = 0x63, OP_JALR = 0x67, OP_JAL = 0x6f, OP_SYSTEM = 0x73,
	OP_CUSTOM3 = 0x7b,
};

#define LOADS		AXIPERF_MBV_EV_LOADS
#define STORES		AXIPERF_MBV_EV_STORES
#define ARITH		AXIPERF_MBV_EV_ARITHMETIC_INSTRUCTIONS
#define BITMANIP	AXIPERF_MBV_EV_BIT_MANIPULATIONS
#define COMPRESSED	AXIPERF_MBV_EV_COMPRESSED_INSTRUCTIONS

/* OP and OP-32 (funct7 in bits 31:25): M, the base, or bit manipulation */
static uint32_t op_reg(uint32_t insn)
{
	unsigned int f3 = (insn >> 12) & 7, f7 = insn >> 25;

	if (f7 == 0x01) {
		/* MULW is OP-32's only multiply; DIVW.. its funct3 4-7 */
		if (f3 < 4)
			return AXIPERF_MBV_EV_MULTIPLIES;
		return AXIPERF_MBV_EV_INTEGER_DIVIDES;
	}
	if (f7 == 0x00 || (f7 == 0x20 && (f3 == 0 || f3 == 5)))
		return ARITH;		/* ADD SLL SLT(U) XOR SRL OR AND, SUB, SRA */
	return BITMANIP;		/* Zba, Zbb, Zbc, Zbs (ANDN, SH1ADD, ROL, ...) */
}

/* OP-IMM and OP-IMM-32: shifts by an immediate, or bit manipulation */
static uint32_t op_imm(uint32_t insn, bool word)
{
	unsigned int f3 = (insn >> 12) & 7, top6 = insn >> 26;

	if (f3 == 1)		/* SLLI(W); else CLZ, CTZ, CPOP, SEXT, BCLRI, ... */
		return (word ? insn >> 25 : top6) == 0 ? ARITH : BITMANIP;
	if (f3 == 5) {		/* SRLI, SRAI(W); else RORI, ORC.B, REV8, BEXTI */
		unsigned int f = word ? insn >> 25 : top6;

		return f == 0 || f == (word ? 0x20u : 0x10u) ? ARITH : BITMANIP;
	}
	return ARITH;
}

static uint32_t fp_op(uint32_t insn)
{
	switch (insn >> 27) {
	case 0x00:	/* FADD */
	case 0x01:	/* FSUB */
		return AXIPERF_MBV_EV_FP_ADD_SUBS;
	case 0x02:	/* FMUL */
		return AXIPERF_MBV_EV_FP_MULTIPLIES;
	case 0x03:	/* FDIV */
		return AXIPERF_MBV_EV_FP_DIVIDES;
	default:	/* FSQRT, FSGNJ, FMIN/FMAX, FCVT, FMV, FEQ/FLT/FLE, FCLASS */
		return AXIPERF_MBV_EV_FP_OTHER;
	}
}

static uint32_t class0_32(uint32_t insn, bool *before)
{
	unsigned int f3 = (insn >> 12) & 7;

	*before = false;
	switch (insn & 0x7f) {
	case OP_LOAD:
		return LOADS;
	case OP_STORE:
		return STORES;
	case OP_LOAD_FP:
		return AXIPERF_MBV_EV_FP_LOADS;
	case OP_STORE_FP:
		return AXIPERF_MBV_EV_FP_STORES;
	case OP_AMO:
		return AXIPERF_MBV_EV_ATOMICS;
	case OP_IMM:
		return op_imm(insn, false);
	case OP_IMM_32:
		return op_imm(insn, true);
	case OP_OP:
	case OP_OP_32:
		return op_reg(insn);
	case OP_LUI:
	case OP_AUIPC:
		return ARITH;
	case OP_MADD:
	case OP_MSUB:
	case OP_NMSUB:
	case OP_NMADD:
		return AXIPERF_MBV_EV_FP_FUSED;
	case OP_FP:
		return fp_op(insn);
	case OP_CUSTOM0:
	case OP_CUSTOM1:
	case OP_CUSTOM2:
	case OP_CUSTOM3:
		return AXIPERF_MBV_EV_CUSTOM_INSTRUCTIONS;
	case OP_MISC_MEM:
		/* FENCE.I; CBO.INVAL/CLEAN/FLUSH (Zicbom; not CBO.ZERO).
		 * FENCE orders memory and counts as none of them. */
		if (f3 == 1) {
			*before = true;		/* ends the block */
			return AXIPERF_MBV_EV_CACHE_FLUSHES;
		}
		if (f3 == 2 && (insn >> 20) <= 2)
			return AXIPERF_MBV_EV_CACHE_FLUSHES;
		return 0;
	case OP_BRANCH:
		*before = true;		/* class 1: taken or not, at run time */
		return 0;
	case OP_JAL:
		*before = true;
		return AXIPERF_MBV_EV_JUMPS;
	case OP_JALR:
		*before = true;
		return AXIPERF_MBV_EV_INDIRECT_JUMPS;
	case OP_SYSTEM:
		/* ECALL, EBREAK, CSR*, xRET, WFI, SFENCE.VMA */
		*before = true;
		return AXIPERF_MBV_EV_SYSTEM_INSTRUCTIONS;
	default:
		return 0;
	}
}

static uint32_t class0_16(uint32_t insn, int xlen, bool *before)
{
	unsigned int f3 = (insn >> 13) & 7;
	bool rv32 = xlen == 32;

	*before = false;
	switch (((insn & 3) << 3) | f3) {
	case 000:	/* C.ADDI4SPN; all zeros is the defined illegal one */
		return (insn & 0xffff) ? COMPRESSED | ARITH : 0;
	case 001:	/* C.FLD */
		return COMPRESSED | AXIPERF_MBV_EV_FP_LOADS;
	case 002:	/* C.LW */
		return COMPRESSED | LOADS;
	case 003:	/* C.FLW (RV32), C.LD (RV64) */
		return COMPRESSED | (rv32 ? AXIPERF_MBV_EV_FP_LOADS : LOADS);
	case 005:	/* C.FSD */
		return COMPRESSED | AXIPERF_MBV_EV_FP_STORES;
	case 006:	/* C.SW */
		return COMPRESSED | STORES;
	case 007:	/* C.FSW (RV32), C.SD (RV64) */
		return COMPRESSED | (rv32 ? AXIPERF_MBV_EV_FP_STORES : STORES);
	case 010:	/* C.ADDI, C.NOP */
	case 012:	/* C.LI */
	case 013:	/* C.ADDI16SP, C.LUI */
	case 014:	/* C.SRLI C.SRAI C.ANDI C.SUB C.XOR C.OR C.AND C.SUBW C.ADDW */
		return COMPRESSED | ARITH;
	case 011:	/* C.JAL (RV32), C.ADDIW (RV64) */
		if (!rv32)
			return COMPRESSED | ARITH;
		*before = true;
		return COMPRESSED | AXIPERF_MBV_EV_JUMPS;
	case 015:	/* C.J */
		*before = true;
		return COMPRESSED | AXIPERF_MBV_EV_JUMPS;
	case 016:	/* C.BEQZ */
	case 017:	/* C.BNEZ */
		*before = true;
		return COMPRESSED;
	case 020:	/* C.SLLI */
		return COMPRESSED | ARITH;
	case 021:	/* C.FLDSP */
		return COMPRESSED | AXIPERF_MBV_EV_FP_LOADS;
	case 022:	/* C.LWSP */
		return COMPRESSED | LOADS;
	case 023:	/* C.FLWSP (RV32), C.LDSP (RV64) */
		return COMPRESSED | (rv32 ? AXIPERF_MBV_EV_FP_LOADS : LOADS);
	case 024: {	/* C.JR C.MV C.EBREAK C.JALR C.ADD */
		bool b12 = insn & 0x1000;
		unsigned int rs1 = (insn >> 7) & 31, rs2 = (insn >> 2) & 31;

		if (rs2)
			return COMPRESSED | ARITH;		/* C.MV, C.ADD */
		*before = true;
		if (b12 && !rs1)
			return COMPRESSED | AXIPERF_MBV_EV_SYSTEM_INSTRUCTIONS;
		return COMPRESSED | AXIPERF_MBV_EV_INDIRECT_JUMPS;
	}
	case 025:	/* C.FSDSP */
		return COMPRESSED | AXIPERF_MBV_EV_FP_STORES;
	case 026:	/* C.SWSP */
		return COMPRESSED | STORES;
	case 027:	/* C.FSWSP (RV32), C.SDSP (RV64) */
		return COMPRESSED | (rv32 ? AXIPERF_MBV_EV_FP_STORES : STORES);
	default:	/* 004: reserved */
		return 0;
	}
}

uint32_t axiperf_mbv_class0(uint32_t insn, int xlen, bool *before)
{
	if ((insn & 3) != 3)
		return class0_16(insn, xlen, before);
	return class0_32(insn, before);
}

int axiperf_mbv_divisor(uint32_t insn, bool *word)
{
	unsigned int op = insn & 0x7f;

	if ((op != OP_OP && op != OP_OP_32) || (insn >> 25) != 0x01 ||
	    ((insn >> 12) & 7) < 4)
		return -1;
	*word = op == OP_OP_32;
	return (insn >> 20) & 31;
}

static uint32_t defined(unsigned int cls)
{
	uint32_t m = 0;

#define X(name, c, bit, value, latency, doc) \
	if (cls == (c)) \
		m |= 1u << (bit);
	AXIPERF_MBV_EVENTS(X)
#undef X
	return m;
}

uint32_t axiperf_mbv_selects(uint64_t mhpmevent, unsigned int *cls)
{
	uint64_t v = mhpmevent & ((1ull << 56) - 1);
	uint32_t ev = v & AXIPERF_MBV_EVENT;

	*cls = (v & AXIPERF_MBV_CLASS) >> AXIPERF_MBV_CLASS_SHIFT;
	if (v & ~(uint64_t)(AXIPERF_MBV_EVENT | AXIPERF_MBV_CLASS))
		return 0;
	if (!ev || (ev & ~defined(*cls)))
		return 0;
	return ev;
}

uint32_t axiperf_mbv_counted(unsigned int cls)
{
	switch (cls) {
	case 0:
		return defined(0);
	case 1:
		return (AXIPERF_MBV_EV_TAKEN_CONDITIONAL_BRANCHES |
			AXIPERF_MBV_EV_NOT_TAKEN_CONDITIONAL_BRANCHES |
			AXIPERF_MBV_EV_EXCEPTIONS | AXIPERF_MBV_EV_INTERRUPTS) &
		       AXIPERF_MBV_EVENT;
	case 4:
		return AXIPERF_MBV_EV_DIVIDES_BY_ZERO & AXIPERF_MBV_EVENT;
	default:
		return 0;
	}
}
