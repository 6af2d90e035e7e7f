/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * What the model's files share and its users do not see: the counter and
 * gauge indices, the reference's steps that the fast paths run as they
 * are (declared here, defined in axiperf_model.c), and the helpers of the
 * fast paths. No build uses link-time optimisation, so everything a hot
 * loop calls per clock is a static inline function here or in its own
 * file.
 */
#ifndef AXIPERF_MODEL_IMPL_H
#define AXIPERF_MODEL_IMPL_H

#include <stddef.h>
#include <string.h>

#include "axiperf/regs.h"
#include "axiperf/categories.h"
#include "axiperf_model.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define STATIC_CHECK(name, cond) typedef char static_check_##name[(cond) ? 1 : -1]

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define NOINLINE
#define ALWAYS_INLINE inline
#define UNLIKELY(x) (x)
#endif

/* Counter and gauge indices, in the generated order. */
enum {
#define AXIPERF_X(name, id, off, legacy, unit, per_byte, cst) CI_##name,
	AXIPERF_COUNTERS(AXIPERF_X)
#undef AXIPERF_X
	CI_COUNT
};

enum {
#define AXIPERF_X(name, id, off, lsb, bits) GI_##name,
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
	GI_COUNT
};

/* Field width of each gauge. */
enum {
#define AXIPERF_X(name, id, off, lsb, bits) GB_##name = bits,
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
};

#define NO_COUNTER	0xff
#define TRACKER_MAX	((1u << AXIPERF_OUTSTANDING_BITS) - 1)
#define IRQ_BITS	(AXIPERF_IRQ_STATUS_HALF | AXIPERF_IRQ_STATUS_ACTIVE_SAT | \
			 AXIPERF_IRQ_STATUS_PERF_ERR | AXIPERF_IRQ_STATUS_RESP_APPROX)

static inline unsigned int popcount64(uint64_t x)
{
#if defined(__GNUC__) && defined(__POPCNT__)
	return (unsigned int)__builtin_popcountll(x);
#else
	/* without a popcount instruction, libgcc's call costs more than this */
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

static inline unsigned int lowest_bit(uint32_t x)
{
#if defined(__GNUC__)
	return (unsigned int)__builtin_ctz(x);
#else
	unsigned int i = 0;

	while (!(x & 1)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

/* A maximum that saturates at its field width. */
static inline void raise_gauge(uint32_t *g, unsigned int v, unsigned int bits)
{
	unsigned int max = (1u << bits) - 1;

	v = v > max ? max : v;
	*g = v > *g ? v : *g;
}

/* ---------------------------------------------- steps of the reference */

/* One burst tracker's next count; sets *ovf when it would step past its width. */
unsigned int axiperf_model_track(unsigned int count, unsigned int inc, unsigned int dec,
				 unsigned int *ovf);
/* The read ID table on a clock with RVALID; true when an ID found no free slot. */
bool axiperf_model_track_ids(struct axiperf_model *m, const struct axiperf_link *l, bool r_last);
/* Control on a clock whose requests apply (idle) or that writes CONTROL. */
void axiperf_model_control(struct axiperf_model *m, bool idle, uint32_t data, bool ctrl_write);

/*
 * The in-flight steps of a clock, from the state it starts in: read bursts
 * accepted and not yet responding (the responding ones hold an ID table
 * slot each), and write bursts started (by their address or their first
 * data, whichever came first: W bursts follow the AW order) and not yet
 * answered. rd_inflight steps by r_count itself.
 */
static inline unsigned int axiperf_model_rd_waiting(unsigned int r_count, unsigned int responding)
{
	return r_count > responding ? r_count - responding : 0;
}

static inline unsigned int axiperf_model_wr_inflight(unsigned int aw_count, unsigned int w_count,
						     unsigned int w_prog)
{
	unsigned int w = w_count + w_prog;

	return aw_count > w ? aw_count : w;
}

/* ------------------------------------------------- the fast paths' helpers */

/*
 * The wire word: the twelve handshake wires that open struct axiperf_link,
 * bit i from the i-th (wire_word()). Each VALID sits just below its
 * READY, so w & w >> 1 has the handshakes at the VALID bits. The write
 * wires (bits 0..5) are the low bits of the write category key, the read
 * wires (bits 8..11) of the read one.
 */
enum {
	W_WVALID = 1u << 0, W_WREADY = 1u << 1, W_AWVALID = 1u << 2, W_AWREADY = 1u << 3,
	W_BVALID = 1u << 4, W_BREADY = 1u << 5, W_WLAST = 1u << 6, W_RLAST = 1u << 7,
	W_RVALID = 1u << 8, W_RREADY = 1u << 9, W_ARVALID = 1u << 10, W_ARREADY = 1u << 11,
};

#define WIRE_AT(field, bit) \
	STATIC_CHECK(wire_##field, offsetof(struct axiperf_link, field) == (bit))
WIRE_AT(wvalid, 0);
WIRE_AT(wready, 1);
WIRE_AT(awvalid, 2);
WIRE_AT(awready, 3);
WIRE_AT(bvalid, 4);
WIRE_AT(bready, 5);
WIRE_AT(wlast, 6);
WIRE_AT(rlast, 7);
WIRE_AT(rvalid, 8);
WIRE_AT(rready, 9);
WIRE_AT(arvalid, 10);
WIRE_AT(arready, 11);
#undef WIRE_AT
STATIC_CHECK(bool_byte, sizeof(bool) == 1);
STATIC_CHECK(link_size, sizeof(struct axiperf_link) >= 16);

/* The wire word of a link (W_* bits): the low bit of each of its first 12 bytes. */
static ALWAYS_INLINE uint32_t wire_word(const struct axiperf_link *l)
{
#if defined(__SSE2__)
	/* bit 0 of each byte to its bit 7, where movemask takes it */
	const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)l);

	return (uint32_t)_mm_movemask_epi8(_mm_slli_epi64(v, 7)) & 0xfff;
#else
	uint64_t lo;
	uint32_t hi;

	memcpy(&lo, l, sizeof(lo));
	memcpy(&hi, (const unsigned char *)l + 8, sizeof(hi));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	lo = __builtin_bswap64(lo);
	hi = __builtin_bswap32(hi);
#endif
	/* bit 8i to bit 56+i (lo), to 24+i (hi): no two partial products share a bit */
	return (uint32_t)(((lo & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56) |
	       (((hi & 0x01010101u) * 0x01020408u) >> 24) << 8;
#endif
}

/* Set bits of each byte value: the bytes of a beat on a link up to 64 bits wide. */
static const uint8_t bits_of_byte[256] = {
#define B2(n) n, n + 1, n + 1, n + 2
#define B4(n) B2(n), B2(n + 1), B2(n + 1), B2(n + 2)
#define B6(n) B4(n), B4(n + 1), B4(n + 1), B4(n + 2)
	B6(0), B6(1), B6(1), B6(2)
#undef B2
#undef B4
#undef B6
};

/* How many strobe lanes a beat has: <= 8, <= 64, 128. */
enum strb_kind { STRB_BYTE, STRB_WORD, STRB_TWO };

/*
 * x86-64 built without -mpopcnt: the wide-strobe kinds get a second copy
 * that counts strobe bits with the popcnt instruction (inline assembly,
 * as the build flags do not enable it), chosen at run time when the CPU
 * has it; the portable count stays for the others.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__POPCNT__)
#define HW_POPCNT 1
static inline unsigned int popcount_hw(uint64_t x)
{
	uint64_t n;

	/* only reached when the CPU has the instruction (kind_of()) */
	__asm__("popcnt %1, %0" : "=r"(n) : "rm"(x) : "cc");
	return (unsigned int)n;
}
#define POPCOUNT(hw, x) ((hw) ? popcount_hw(x) : popcount64(x))
#else
#define HW_POPCNT 0
#define POPCOUNT(hw, x) ((void)(hw), popcount64(x))
#endif

/* The bytes a W beat carries: the strobe bits of the lanes, none when w_sel is 0. */
static ALWAYS_INLINE uint64_t
strobe_bytes(const struct axiperf_model *m, const struct axiperf_link *l, uint64_t w_sel,
	     const enum strb_kind strb, const int hw)
{
	uint64_t n;

	if (strb == STRB_BYTE)
		return bits_of_byte[l->wstrb[0] & m->strb_mask[0] & w_sel & 0xff];
	n = POPCOUNT(hw, l->wstrb[0] & m->strb_mask[0] & w_sel);
	if (strb == STRB_TWO)
		n += POPCOUNT(hw, l->wstrb[1] & m->strb_mask[1] & w_sel);
	return n;
}

/*
 * The kinds of fast path: each fast path file builds one copy of its loops
 * per kind, specialised on the counter width (a 32-bit counter wraps by
 * truncation), the strobe lanes and the popcount, so that no test of
 * those is left in a loop. X(name, 64-bit counters, strb_kind, popcnt).
 */
#if HW_POPCNT
#define MODEL_HW_KINDS(X) \
	X(c32_word_hw, 0, STRB_WORD, 1) \
	X(c32_two_hw, 0, STRB_TWO, 1) \
	X(c64_word_hw, 1, STRB_WORD, 1) \
	X(c64_two_hw, 1, STRB_TWO, 1)
#else
#define MODEL_HW_KINDS(X)
#endif
#define MODEL_KINDS(X) \
	X(c32_byte, 0, STRB_BYTE, 0) \
	X(c32_word, 0, STRB_WORD, 0) \
	X(c32_two, 0, STRB_TWO, 0) \
	X(c64_byte, 1, STRB_BYTE, 0) \
	X(c64_word, 1, STRB_WORD, 0) \
	X(c64_two, 1, STRB_TWO, 0) \
	MODEL_HW_KINDS(X)

enum model_kind {
#define KIND_ENUM(name, c64, strb, hw) KIND_##name,
	MODEL_KINDS(KIND_ENUM)
#undef KIND_ENUM
	NUM_KINDS
};

/* The kind that fits the model's parameters (and this CPU). */
static inline enum model_kind kind_of(const struct axiperf_model *m)
{
	static const enum model_kind plain[2][3] = {
		{ KIND_c32_byte, KIND_c32_word, KIND_c32_two },
		{ KIND_c64_byte, KIND_c64_word, KIND_c64_two },
	};
	const int c64 = m->p.counter_width == 64;
	const enum strb_kind strb = m->strb_mask[1] ? STRB_TWO :
				    m->strb_mask[0] > 0xff ? STRB_WORD : STRB_BYTE;

#if HW_POPCNT
	static const enum model_kind hw[2][3] = {
		{ KIND_c32_byte, KIND_c32_word_hw, KIND_c32_two_hw },
		{ KIND_c64_byte, KIND_c64_word_hw, KIND_c64_two_hw },
	};

	if (strb != STRB_BYTE && __builtin_cpu_supports("popcnt"))
		return hw[c64][strb];
#endif
	return plain[c64][strb];
}

/*
 * The per-clock fast path (axiperf_model_quick.c) on n links from l, each
 * stride links after the last (stride 0: l n times), with no register
 * write: for the other fast paths' clocks that they leave to it.
 */
void axiperf_model_quick_clocks(struct axiperf_model *m, const struct axiperf_link *l,
				unsigned long n, size_t stride);

#endif /* AXIPERF_MODEL_IMPL_H */
