/* SPDX-License-Identifier: GPL-2.0-or-later OR MIT */
/*
 * The MicroBlaze performance counter events (UG984, spec/microblaze.toml)
 * that the QEMU test bed's own MicroBlaze raises, as pure functions of an
 * instruction's encoding and of a trap, so that the host tests
 * (tests/microblaze/classify.sh) check exactly what QEMU runs.
 * tools/qemu/microblaze-cpu/mb-qemu.c hooks them into target/microblaze; the MDM's
 * local core (tools/qemu/mdm/) counts them.
 *
 * What an instruction-level emulator knows exactly, and so counts:
 *   instruction kinds  loads and stores by size, r1 loads and stores,
 *                      logical, arithmetic, multiply, barrel shift, shift,
 *                      integer divide, floating point, imm, pattern
 *                      compare, sign extend, cache invalidates, msrset and
 *                      msrclr
 *   branches           unconditional, conditional taken and not taken,
 *                      each with a delay slot or not, nops in delay slots
 *   traps              exceptions, MMU exceptions (instruction and data
 *                      side), interrupts
 * Events 0 (instructions) and 30 (cycles) come from QEMU's instruction
 * count and virtual clock (tools/qemu/mdm/axiperf-mdm.c). Caches, the MMU's
 * lookups and hits, stalls, the branch target cache and latencies do not
 * exist in QEMU: a counter programmed with them counts what the MDM's
 * workload window sets, and 0 when it sets nothing.
 *
 * An event is a bit of a mask: bit e is event e (AXIPERF_MB_EV_*).
 */
#ifndef AXIPERF_MB_INSN_H
#define AXIPERF_MB_INSN_H

#include <stdbool.h>
#include <stdint.h>

#define AXIPERF_MB_BIT(ev)	(1ULL << (ev))

/*
 * The events one executed instruction raises. dslot: it sits in a branch's
 * delay slot (QEMU ignores a branch, return, imm or mbar there: none).
 * A conditional branch raises *taken or *not_taken besides, as it goes;
 * both are 0 for every other instruction. An encoding that is not a
 * MicroBlaze instruction raises none. Returns (rtsd, rtid, rtbd, rted) are
 * not branches (UG984 lists br, bri, brk, brki and the conditional ones);
 * cmp and cmpu, encoded as rsubk, are arithmetic.
 */
uint64_t axiperf_mb_insn_events(uint32_t insn, bool dslot, uint64_t *taken,
				uint64_t *not_taken);

enum axiperf_mb_trap {
	AXIPERF_MB_TRAP_HW,	/* a hardware exception other than the MMU's */
	AXIPERF_MB_TRAP_MMU,	/* an MMU exception; ec tells the side */
	AXIPERF_MB_TRAP_IRQ,	/* an interrupt taken */
};

/* The MMU's exception causes (ESR[EC], UG984 "Exception Status Register") */
#define AXIPERF_MB_EC_DATA_STORAGE	0x10
#define AXIPERF_MB_EC_INSN_STORAGE	0x11
#define AXIPERF_MB_EC_DATA_TLB		0x12
#define AXIPERF_MB_EC_INSN_TLB		0x13

/* The events a trap raises; ec: ESR[EC] (5 bits) of an MMU exception. */
uint64_t axiperf_mb_trap_events(enum axiperf_mb_trap trap, uint32_t ec);

/* Every event the two functions above can raise. */
uint64_t axiperf_mb_cpu_events(void);

#endif
