// SPDX-License-Identifier: GPL-2.0
/*
 * For the MicroBlaze bed only: kselftest_harness.h (6.12 and later) takes
 * a bool with __sync_bool_compare_and_swap(), which MicroBlaze gcc turns
 * into a call to __sync_bool_compare_and_swap_1, and the project's
 * MicroBlaze toolchain has no libatomic to provide it. This is that
 * function, on the aligned word around the byte (microblazeel: little
 * endian), linked into the test by build.sh; the test's source is not
 * touched.
 */
#include <stdbool.h>
#include <stdint.h>

bool axiperf_cas_1(volatile void *ptr, unsigned char oldval, unsigned char newval)
	__asm__("__sync_bool_compare_and_swap_1");

bool axiperf_cas_1(volatile void *ptr, unsigned char oldval, unsigned char newval)
{
	volatile uint32_t *w = (volatile uint32_t *)((uintptr_t)ptr & ~(uintptr_t)3);
	unsigned int shift = ((uintptr_t)ptr & 3) * 8;
	uint32_t mask = 0xffu << shift, cur, want;

	do {
		cur = *w;
		if (((cur & mask) >> shift) != oldval)
			return false;
		want = (cur & ~mask) | (uint32_t)newval << shift;
	} while (!__sync_bool_compare_and_swap(w, cur, want));
	return true;
}
