// SPDX-License-Identifier: GPL-2.0-or-later OR MIT
/*
 * The MicroBlaze events of an instruction or a trap (mb_insn.h). The
 * encodings are UG984's "Instruction Set Architecture" chapter: opcode in
 * bits 31:26, rD 25:21, rA 20:16, rB 15:11 and a function field in 10:0
 * (type A), or a 16-bit immediate in 15:0 (type B).
 */
#include "mb_insn.h"

#include "axiperf/microblaze.h"

#define EV(name)	AXIPERF_MB_BIT(AXIPERF_MB_EV_##name)

#define OP(i)	((i) >> 26)
#define RD(i)	(((i) >> 21) & 31)
#define RA(i)	(((i) >> 16) & 31)
#define RB(i)	(((i) >> 11) & 31)
#define FN(i)	((i) & 0x7ff)

#define NOP	0x80000000U	/* or r0, r0, r0 */

static const uint64_t ld_size[3] = { EV(LOAD_BYTES), EV(LOAD_HALFWORDS), EV(LOAD_WORDS) };
static const uint64_t st_size[3] = { EV(STORE_BYTES), EV(STORE_HALFWORDS), EV(STORE_WORDS) };

/*
 * A load or store: opcodes 0x30-0x32 and 0x34-0x36 (type A: plain, r
 * reversed 0x200, ea extended address 0x080, and for words x exclusive
 * 0x400), 0x38-0x3a and 0x3c-0x3e (type B). r1 as an address operand
 * makes it an r1 load or store.
 */
static uint64_t mem_events(uint32_t insn)
{
	unsigned int op = OP(insn), size = op & 3;
	bool store = op & 4, typeb = op & 8, r1;

	if (size == 3)
		return 0;
	if (!typeb) {
		unsigned int fn = FN(insn);

		if (fn != 0 && fn != 0x200 && fn != 0x080 && !(size == 2 && fn == 0x400))
			return 0;
	}
	r1 = RA(insn) == 1 || (!typeb && RB(insn) == 1);
	if (store)
		return st_size[size] | EV(STORES) | (r1 ? EV(R1_STORES) : 0);
	return ld_size[size] | EV(LOADS) | (r1 ? EV(R1_LOADS) : 0);
}

/* Opcode 0x24: shifts, sign extends, clz, swaps (rB 0), and wdc, wic (rD 0). */
static uint64_t op24_events(uint32_t insn)
{
	unsigned int fn = FN(insn);

	if (RD(insn) == 0 && fn == 0x068)
		return EV(ICACHE_INVALIDATES);		/* wic */
	if (RD(insn) == 0 && (fn & 0x36d) == 0x064)
		return EV(DCACHE_INVALIDATES);		/* wdc, wdc.flush, wdc.clear, ... */
	if (RB(insn))
		return 0;
	switch (fn) {
	case 0x001:	/* sra */
	case 0x021:	/* src */
	case 0x041:	/* srl */
		return EV(SHIFTS);
	case 0x060:	/* sext8 */
	case 0x061:	/* sext16 */
		return EV(SIGN_EXTENDS);
	default:	/* clz, swapb, swaph: no event */
		return 0;
	}
}

/* Opcode 0x19: bsrli, bsrai, bslli, bsefi, bsifi. */
static bool barrel_imm(uint32_t insn)
{
	switch (insn & 0xf800) {
	case 0x0000:
		return (insn & 0x7e0) == 0 || (insn & 0x7e0) == 0x200 || (insn & 0x7e0) == 0x400;
	case 0x4000:	/* bsefi */
	case 0x8000:	/* bsifi */
		return !(insn & 0x20);
	default:
		return false;
	}
}

/* Opcode 0x16: fadd, frsub, fmul, fdiv, fcmp.*, flt, fint, fsqrt. */
static bool fp_insn(uint32_t insn)
{
	unsigned int fn = FN(insn), kind = fn >> 7, low = fn & 0x7f;

	switch (kind) {
	case 0: case 1: case 2: case 3:	/* fadd, frsub, fmul, fdiv */
		return !low;
	case 4:				/* fcmp.un .. fcmp.ge */
		return (low & 0xf) == 0 && (low >> 4) <= 6;
	case 5: case 6:			/* flt, fint: rB ignored */
		return !low;
	case 7:				/* fsqrt */
		return !low && !RB(insn);
	default:
		return false;
	}
}

/*
 * Branches: opcodes 0x26 (br, type A) and 0x2e (bri, type B) with rA
 * selecting the kind, 0x27 (bcc) and 0x2f (bcci) with rD selecting the
 * condition (0-5) and bit 4 of it the delay slot.
 */
static uint64_t branch_events(uint32_t insn, uint64_t *taken, uint64_t *not_taken)
{
	unsigned int op = OP(insn), sel;

	if (!(op & 8) && FN(insn))
		return 0;
	if ((op & ~8U) == 0x26) {
		sel = RA(insn);
		switch (sel) {
		case 0x00: case 0x08: case 0x0c:	/* br, bra, brk */
			return EV(UNCONDITIONAL_BRANCHES) | EV(BRANCHES);
		case 0x10: case 0x18: case 0x14: case 0x1c:	/* brd, brad, brld, brald */
			return EV(UNCONDITIONAL_BRANCHES) | EV(BRANCHES) |
			       EV(DELAY_SLOT_UNCONDITIONAL_BRANCHES);
		default:
			return 0;
		}
	}
	sel = RD(insn);
	if ((sel & 0xf) > 5)			/* beq bne blt ble bgt bge, d */
		return 0;
	*taken = EV(TAKEN_CONDITIONAL_BRANCHES);
	*not_taken = EV(NOT_TAKEN_CONDITIONAL_BRANCHES);
	if (sel & 0x10) {
		*taken |= EV(DELAY_SLOT_TAKEN_BRANCHES);
		*not_taken |= EV(DELAY_SLOT_NOT_TAKEN_BRANCHES);
	}
	return EV(CONDITIONAL_BRANCHES) | EV(BRANCHES);
}

/* Everything else, by opcode. */
static uint64_t alu_events(uint32_t insn)
{
	unsigned int op = OP(insn), fn = FN(insn);

	switch (op) {
	case 0x00: case 0x01: case 0x02: case 0x03:	/* add, rsub, addc, rsubc */
	case 0x04: case 0x06: case 0x07:		/* addk, addkc, rsubkc */
		return fn ? 0 : EV(ARITHMETIC_INSTRUCTIONS);
	case 0x05:					/* rsubk, cmp, cmpu */
		return fn == 0 || fn == 1 || fn == 3 ? EV(ARITHMETIC_INSTRUCTIONS) : 0;
	case 0x08: case 0x09: case 0x0a: case 0x0b:	/* addi, rsubi, ... */
	case 0x0c: case 0x0d: case 0x0e: case 0x0f:
		return EV(ARITHMETIC_INSTRUCTIONS);
	case 0x10:					/* mul, mulh, mulhsu, mulhu */
		return fn <= 3 ? EV(MULTIPLIES) | EV(ARITHMETIC_INSTRUCTIONS) : 0;
	case 0x18:					/* muli */
		return EV(MULTIPLIES) | EV(ARITHMETIC_INSTRUCTIONS);
	case 0x11:					/* bsrl, bsra, bsll */
		return fn == 0 || fn == 0x200 || fn == 0x400 ? EV(BARREL_SHIFTS) : 0;
	case 0x19:
		return barrel_imm(insn) ? EV(BARREL_SHIFTS) : 0;
	case 0x12:					/* idiv, idivu */
		return fn == 0 || fn == 2 ?
		       EV(INTEGER_DIVIDES) | EV(ARITHMETIC_INSTRUCTIONS) : 0;
	case 0x16:
		return fp_insn(insn) ? EV(FP_INSTRUCTIONS) : 0;
	case 0x20: case 0x21: case 0x22: case 0x23:	/* or, and, xor, andn */
		if (!fn)
			return EV(LOGICAL_INSTRUCTIONS);
		/* pcmpbf, pcmpeq, pcmpne (and has none) */
		return fn == 0x400 && op != 0x21 ? EV(PATTERN_COMPARES) : 0;
	case 0x28: case 0x29: case 0x2a: case 0x2b:	/* ori, andi, xori, andni */
		return EV(LOGICAL_INSTRUCTIONS);
	case 0x24:
		return op24_events(insn);
	case 0x25:					/* msrset, msrclr (mts, mfs: none) */
		return (insn & 0x1f8000) == 0x100000 || (insn & 0x1f8000) == 0x110000 ?
		       EV(MSR_INSTRUCTIONS) : 0;
	case 0x2c:					/* imm */
		return RD(insn) || RA(insn) ? 0 : EV(IMM_INSTRUCTIONS);
	default:
		return 0;
	}
}

uint64_t axiperf_mb_insn_events(uint32_t insn, bool dslot, uint64_t *taken,
				uint64_t *not_taken)
{
	unsigned int op = OP(insn);
	uint64_t ev;

	*taken = 0;
	*not_taken = 0;
	if (op >= 0x30)
		return mem_events(insn);
	if ((op & ~9U) == 0x26) {			/* 0x26, 0x27, 0x2e, 0x2f */
		if (dslot)
			return 0;
		if (op == 0x2e && RA(insn) == 0x02)	/* mbar */
			return 0;
		return branch_events(insn, taken, not_taken);
	}
	if (op == 0x2d || (op == 0x2c && dslot))	/* rtsd, rtid, rtbd, rted; imm in a slot */
		return 0;
	ev = alu_events(insn);
	if (dslot && insn == NOP)
		ev |= EV(DELAY_SLOT_NOPS);
	return ev;
}

uint64_t axiperf_mb_trap_events(enum axiperf_mb_trap trap, uint32_t ec)
{
	switch (trap) {
	case AXIPERF_MB_TRAP_HW:
		return EV(EXCEPTIONS);
	case AXIPERF_MB_TRAP_MMU:
		return EV(EXCEPTIONS) | EV(MMU_EXCEPTIONS) |
		       (ec & 1 ? EV(MMU_INSTRUCTION_EXCEPTIONS) : EV(MMU_DATA_EXCEPTIONS));
	case AXIPERF_MB_TRAP_IRQ:
		return EV(INTERRUPTS);
	default:
		return 0;
	}
}

uint64_t axiperf_mb_cpu_events(void)
{
	return EV(LOAD_WORDS) | EV(LOAD_HALFWORDS) | EV(LOAD_BYTES) |
	       EV(STORE_WORDS) | EV(STORE_HALFWORDS) | EV(STORE_BYTES) |
	       EV(UNCONDITIONAL_BRANCHES) | EV(TAKEN_CONDITIONAL_BRANCHES) |
	       EV(NOT_TAKEN_CONDITIONAL_BRANCHES) | EV(R1_LOADS) | EV(R1_STORES) |
	       EV(LOGICAL_INSTRUCTIONS) | EV(ARITHMETIC_INSTRUCTIONS) | EV(MULTIPLIES) |
	       EV(BARREL_SHIFTS) | EV(SHIFTS) | EV(EXCEPTIONS) | EV(INTERRUPTS) |
	       EV(INTEGER_DIVIDES) | EV(FP_INSTRUCTIONS) | EV(IMM_INSTRUCTIONS) |
	       EV(PATTERN_COMPARES) | EV(SIGN_EXTENDS) | EV(ICACHE_INVALIDATES) |
	       EV(DCACHE_INVALIDATES) | EV(MSR_INSTRUCTIONS) |
	       EV(DELAY_SLOT_UNCONDITIONAL_BRANCHES) | EV(DELAY_SLOT_TAKEN_BRANCHES) |
	       EV(DELAY_SLOT_NOT_TAKEN_BRANCHES) | EV(DELAY_SLOT_NOPS) | EV(LOADS) |
	       EV(STORES) | EV(CONDITIONAL_BRANCHES) | EV(BRANCHES) | EV(MMU_EXCEPTIONS) |
	       EV(MMU_INSTRUCTION_EXCEPTIONS) | EV(MMU_DATA_EXCEPTIONS);
}
