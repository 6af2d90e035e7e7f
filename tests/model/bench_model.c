// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * bench_model: clocks per second of the C model on two kinds of traffic,
 * "simple" (back-to-back 4-beat read and write bursts, no stalls) and
 * "random" (every handshake wire random, bursts of 1..8 beats), each
 * clocked one call at a time and in batches (axiperf_model_run()).
 *   bench_model [clocks]    prints one line per traffic kind and API
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "axiperf_model.h"

#define PATTERN 4096

static double now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * Cycles one core gives this process per CPU second, from a chain of
 * dependent adds (one per cycle): turns CPU time into cycles, which a
 * shared or throttled machine changes less than it changes seconds.
 */
static double cycles_per_cpu_second(void)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
	const unsigned long n = 200000000UL;
	unsigned long y = 0;
	double c0 = now(CLOCK_PROCESS_CPUTIME_ID);

	for (unsigned long i = 0; i < n; i++)
		__asm__ volatile("add $1, %0" : "+r"(y));
	return n / (now(CLOCK_PROCESS_CPUTIME_ID) - c0);
#else
	return 0;
#endif
}

static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Well-formed bursts of 4 beats: one read and one write address every 4 clocks. */
static void simple_traffic(struct axiperf_link *t)
{
	for (int i = 0; i < PATTERN; i++) {
		struct axiperf_link *l = &t[i];
		int k = i % 4;

		*l = (struct axiperf_link){ 0 };
		l->awvalid = l->awready = k == 0;
		l->awlen = 3;
		l->awsize = 2;
		l->wvalid = l->wready = 1;
		l->wlast = k == 3;
		l->wstrb[0] = 0xf;
		l->bvalid = l->bready = i >= 4 && k == 0;
		l->arvalid = l->arready = k == 0;
		l->arlen = 3;
		l->arsize = 2;
		l->rvalid = l->rready = i >= 2;
		l->rlast = i >= 2 && k == 1;
	}
}

static void random_traffic(struct axiperf_link *t)
{
	uint32_t s = 12345;

	for (int i = 0; i < PATTERN; i++) {
		struct axiperf_link *l = &t[i];
		uint32_t r = rnd(&s);

		*l = (struct axiperf_link){ 0 };
		l->awvalid = r & 1;
		l->awready = r & 2;
		l->wvalid = r & 4;
		l->wready = r & 8;
		l->wlast = (r & 0x30) == 0;
		l->bvalid = r & 0x40;
		l->bready = r & 0x80;
		l->arvalid = r & 0x100;
		l->arready = r & 0x200;
		l->rvalid = r & 0x400;
		l->rready = r & 0x800;
		l->rlast = (r & 0x3000) == 0;
		l->rid = (r >> 14) & 3;
		l->arid = (r >> 16) & 3;
		l->awlen = (r >> 18) & 7;
		l->arlen = (r >> 21) & 7;
		l->awsize = l->arsize = 2;
		l->wstrb[0] = rnd(&s) & 0xf;
	}
}

static void run(const char *what, const struct axiperf_link *t, long clocks, int batch)
{
	double hz = cycles_per_cpu_second();
	struct axiperf_params p;
	struct axiperf_model m;
	double t0, c0, dt, dc;
	uint64_t n;

	axiperf_params_default(&p);
	axiperf_model_init(&m, &p);
	m.triggered = true;
	t0 = now(CLOCK_MONOTONIC);
	c0 = now(CLOCK_PROCESS_CPUTIME_ID);
	if (batch) {
		for (long i = 0; i < clocks; i += PATTERN)
			axiperf_model_run(&m, t, PATTERN);
	} else {
		for (long i = 0; i < clocks; i++)
			axiperf_model_clock(&m, &t[i & (PATTERN - 1)], NULL);
	}
	dt = now(CLOCK_MONOTONIC) - t0;
	dc = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
	n = axiperf_model_event(&m, AXIPERF_EV_ACTIVE_CYCLES);
	/* on a shared machine wall time counts other jobs' time slices too */
	printf("model %-6s traffic, %-22s %llu clocks: %.1f Mclocks/s wall, %.1f Mclocks/s CPU",
	       what, batch ? "axiperf_model_run():" : "axiperf_model_clock():",
	       (unsigned long long)n, n / dt / 1e6, n / dc / 1e6);
	if (hz > 0)
		printf(", %.0f cycles/clock (%.1f Mclocks/s at %.2f GHz)", dc * hz / n,
		       n / dc / 1e6, hz / 1e9);
	printf("\n");
}

int main(int argc, char **argv)
{
	static struct axiperf_link t[PATTERN];
	long clocks = argc > 1 ? atol(argv[1]) : 100000000L;

	simple_traffic(t);
	run("simple", t, clocks, 0);
	run("simple", t, clocks, 1);
	random_traffic(t);
	run("random", t, clocks, 0);
	run("random", t, clocks, 1);
	return 0;
}
