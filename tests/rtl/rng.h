/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Small, seedable, reproducible random source for the test benches. */
#ifndef AXIPERF_TB_RNG_H
#define AXIPERF_TB_RNG_H

#include <cstdint>

class Rng {
public:
	explicit Rng(uint64_t seed) : s_(seed ? seed : 0x9e3779b97f4a7c15ULL) {}

	uint64_t next()
	{
		/* xorshift64*: fast, and good enough to pick wires */
		s_ ^= s_ >> 12;
		s_ ^= s_ << 25;
		s_ ^= s_ >> 27;
		return s_ * 0x2545f4914f6cdd1dULL;
	}
	/* uniform in [0, n) */
	uint32_t below(uint32_t n) { return n ? (uint32_t)((next() >> 32) % n) : 0; }
	/* uniform in [lo, hi] */
	uint32_t range(uint32_t lo, uint32_t hi) { return lo + below(hi - lo + 1); }
	/* true with probability p/1000 */
	bool permille(uint32_t p) { return below(1000) < p; }

private:
	uint64_t s_;
};

#endif
