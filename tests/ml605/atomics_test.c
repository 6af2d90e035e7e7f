// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The MicroBlaze test bed's own compiler (tools/guest/mb-toolchain.sh):
 * the GCC atomic builtins that libperf's refcounts and our programs use,
 * run on the MicroBlaze (lwx/swx), with the expected values known. gcc
 * 12's compare-and-swap pattern returned a stale old value and 0 for a
 * swap that succeeded (tools/guest/gcc-12-microblaze-cas.patch fixes it).
 * And thread-local variables: gcc reaches a static __thread variable with
 * the local-dynamic sequence, whose R_MICROBLAZE_TLSDTPREL64 binutils 2.40
 * wrote over the opcodes on little-endian MicroBlaze
 * (tools/guest/binutils-2.40-microblaze-tlsdtprel64.patch fixes it).
 */
#include <stdio.h>

#include "tap.h"

/* volatile and out of line: each builtin sees its operands fresh */
static volatile int v;

static __thread int tls_init = 7;
static __thread unsigned long long tls_count;

static void __attribute__((noinline)) tls_bump(void)
{
	tls_count += 3;
}

static int __attribute__((noinline)) cas_val(int old, int new)
{
	int before = 100;

	/* the result must be the word's value at the lwx, not before it */
	return before + __sync_val_compare_and_swap(&v, old, new);
}

static int __attribute__((noinline)) cas_bool(int old, int new)
{
	return __sync_bool_compare_and_swap(&v, old, new);
}

int main(void)
{
	int r, w = 5;

	v = 1;
	r = cas_val(1, 2);
	tap_result(r == 101 && v == 2, "__sync_val_compare_and_swap, word equal: returns the old word 1 (got %d), stores 2 (%d)", r - 100, v);
	r = cas_val(2, 3);
	tap_result(r == 102 && v == 3, "__sync_val_compare_and_swap again: returns 2 (got %d), stores 3 (%d)", r - 100, v);
	r = cas_val(7, 9);
	tap_result(r == 103 && v == 3, "__sync_val_compare_and_swap, word differs: returns 3 (got %d), stores nothing (%d)", r - 100, v);
	r = cas_bool(3, 4);
	tap_result(r == 1 && v == 4, "__sync_bool_compare_and_swap, word equal: 1 (got %d), stores 4 (%d)", r, v);
	r = cas_bool(3, 5);
	tap_result(r == 0 && v == 4, "__sync_bool_compare_and_swap, word differs: 0 (got %d), stores nothing (%d)", r, v);
	r = __sync_fetch_and_add(&w, 1);
	tap_result(r == 5 && w == 6, "__sync_fetch_and_add: returns the old 5 (got %d), stores 6 (%d)", r, w);
	r = __sync_add_and_fetch(&w, 10);
	tap_result(r == 16 && w == 16, "__sync_add_and_fetch: returns the new 16 (got %d), stores 16 (%d)", r, w);
	tap_result(tls_init == 7, "static __thread int = 7: reads 7 (got %d)", tls_init);
	tls_bump();
	tls_bump();
	tap_result(tls_count == 6, "static __thread counter: two += 3 in another function read 6 (got %llu)",
		   tls_count);
	tap_result((unsigned long)&tls_init != 0 && &tls_init != (int *)&tls_count,
		   "static __thread variables have distinct, non-null addresses (%p, %p)",
		   (void *)&tls_init, (void *)&tls_count);
	return tap_done();
}
