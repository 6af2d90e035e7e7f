/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The MicroBlaze V HPM events the QEMU test bed counts (UG1629 Tables 2, 3
 * and 6), as pure functions of an instruction's encoding and of an
 * mhpmevent value, so that the host tests (tests/mbv/) check exactly what
 * QEMU runs. tools/qemu/microblaze-v-cpu/mbv-qemu.c hooks them into target/riscv.
 *
 * What an instruction-level emulator knows exactly, and so counts:
 *   class 0  every retired-instruction kind (loads, stores, atomics, system,
 *            integer arithmetic, multiply, divide, bit manipulation,
 *            compressed, JAL, JALR, the floating-point kinds, cache flush)
 *   class 1  taken and not-taken conditional branches, exceptions,
 *            interrupts
 *   class 4  integer divide or remainder by zero
 * Caches, stalls, branch prediction, subnormal results and latencies do
 * not exist in QEMU: a counter programmed with them stays at 0.
 */
#ifndef AXIPERF_MBV_HPM_H
#define AXIPERF_MBV_HPM_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The class 0 events (mhpmevent bits 24:5) one retired instruction
 * raises; several at once (c.lw is a load and a compressed instruction).
 * insn: the instruction, 16 or 32 bits (bits 1:0 tell); xlen 32 or 64
 * (the compressed encodings differ). *before is set for an instruction
 * whose code ends the translation block or traps by design (branches,
 * jumps, SYSTEM, FENCE.I), which is counted before its code runs; every
 * other one is counted after it, so that one that faults (a load's page
 * fault) retires only when it runs again. An illegal encoding raises
 * none. Only the low 16 bits are needed when *before comes back set.
 */
uint32_t axiperf_mbv_class0(uint32_t insn, int xlen, bool *before);

/* rs2 of an integer divide or remainder (DIV[U][W], REM[U][W]), whose
 * divisor decides divides_by_zero; *word: a W form (32-bit divisor). -1
 * for any other instruction. */
int axiperf_mbv_divisor(uint32_t insn, bool *word);

/*
 * What an mhpmevent value counts: its event bits (24:5), with its class in
 * *cls; 0 when it counts nothing: no event, an undefined class or event
 * bit, or bits set outside 24:1 (bits 63:56, Sscofpmf's, are ignored).
 * UG1629: two selected events at once increment the counter by one.
 */
uint32_t axiperf_mbv_selects(uint64_t mhpmevent, unsigned int *cls);

/* The events of class cls this test bed can raise (the rest stay 0). */
uint32_t axiperf_mbv_counted(unsigned int cls);

#endif
