/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* TAP output and the entry points of the test bench's modes. */
#ifndef AXIPERF_TB_TESTS_H
#define AXIPERF_TB_TESTS_H

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <string>

/* Unnumbered TAP lines ("ok - x"); tests/rtl/tap-number.sh numbers a suite. */
class Tap {
public:
	void result(bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)))
	{
		va_list ap;

		va_start(ap, fmt);
		printf("%s - ", ok ? "ok" : "not ok");
		vprintf(fmt, ap);
		printf("\n");
		va_end(ap);
		fflush(stdout);
		failed += !ok;
		count++;
	}
	void diag(const char *fmt, ...) __attribute__((format(printf, 2, 3)))
	{
		va_list ap;

		va_start(ap, fmt);
		printf("# ");
		vprintf(fmt, ap);
		printf("\n");
		va_end(ap);
	}
	unsigned failed = 0, count = 0;
};

int run_random(Tap &tap, uint64_t seed, uint64_t clocks);
int run_directed(Tap &tap, const char *only);
int run_bench(Tap &tap, uint64_t seed, uint64_t clocks);

#endif
