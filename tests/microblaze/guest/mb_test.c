// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * microblazeN PMU selftests (kselftest style, TAP): run in the QEMU Zynq
 * guest with axiperf_mb.ko loaded. The MDM model's workload window
 * (tools/qemu/mdm/mdm_core.h, MDM_WL_*) sets exact per-cycle event rates
 * and latency patterns and advances the cores by an exact number of cycles
 * (RUN stays off), so every expected count below is a closed formula of
 * what the test programmed: floor(T * num / den) occurrences of an event
 * after T cycles, latencies taken from the pattern in turn.
 *
 *   mb_test
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "axiperf/microblaze.h"
#include "mdm_core.h"
#include "tap.h"

#define WL_BASE		0x41410000UL
#define PMU_DIR		"/sys/bus/event_source/devices/microblaze"
#define NCORES		3
#define IRQ_NAME	"41400000.debug"

/* latency items, as the config's item field */
enum { I_COUNT, I_SUM, I_SUM_SQ, I_MIN, I_MAX, NITEMS };

static volatile uint32_t *wl;
static int pmu_type[NCORES], pmu_cpu;
static const unsigned int widths[NCORES] = { 32, 48, 64 };

/* ---------------------------------------------------------------- TAP */

/* One mismatch, as a TAP diagnostic; returns 1 if got != want. */
static int differs(const char *what, uint64_t got, uint64_t want)
{
	if (got == want)
		return 0;
	printf("#   %s: got %" PRIu64 ", want %" PRIu64 "\n", what, got, want);
	return 1;
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("not ok %u - a perf call did not return within 20 s (hang)\n", ++tap_count);
	printf("Bail out! hung\n");
	fflush(stdout);
	_exit(1);
}

/* ---------------------------------------------------------------- workload window */

static void wl_w(unsigned int off, uint32_t v)
{
	wl[off / 4] = v;
}

static uint32_t wl_r(unsigned int off)
{
	return wl[off / 4];
}

/* Event `ev` of core `core` occurs num times every den cycles (the remainder restarts). */
static void rate(unsigned int core, unsigned int ev, uint32_t num, uint32_t den)
{
	wl_w(MDM_WL_CORE, core);
	wl_w(MDM_WL_EVENT, ev);
	wl_w(MDM_WL_RATE_NUM, num);
	wl_w(MDM_WL_RATE_DEN, den);
}

/* Latency pattern of event `ev`: the next occurrences take lat[0], lat[1], ... in turn. */
static void pattern(unsigned int core, unsigned int ev, const uint32_t *lat, unsigned int n)
{
	unsigned int i;

	wl_w(MDM_WL_CORE, core);
	wl_w(MDM_WL_EVENT, ev);
	wl_w(MDM_WL_LAT_INDEX, 0);
	for (i = 0; i < n; i++)
		wl_w(MDM_WL_LAT_VALUE, lat[i]);
	wl_w(MDM_WL_LAT_COUNT, n);
}

/*
 * Every core runs `cycles` cycles, in steps of at most 2^31 so that a
 * 32-bit counter wraps at most once between two Dbg_Intr.
 */
static void advance(uint64_t cycles)
{
	while (cycles) {
		uint32_t step = cycles > 0x80000000ULL ? 0x80000000U : (uint32_t)cycles;

		wl_w(MDM_WL_ADVANCE, step);
		cycles -= step;
		/* Dbg_Intr is taken at the next instruction block, before this read */
		(void)wl_r(MDM_WL_CYCLES_LO);
	}
}

static void wl_reset(void)
{
	wl_w(MDM_WL_CTRL, 0);
	wl_w(MDM_WL_RESET, 1);
}

/* ---------------------------------------------------------------- closed forms */

/* occurrences of a num/den event in cycles (t0, t1] of one rate setting */
static uint64_t occ(uint64_t t0, uint64_t t1, uint32_t num, uint32_t den)
{
	return t1 * num / den - t0 * num / den;
}

struct lat_exp {
	uint64_t v[NITEMS];
	int any;
};

/* k occurrences of a fresh pattern: add their N, sum, sum of squares, extremes. */
static void lat_add(struct lat_exp *e, const uint32_t *lat, unsigned int n, uint64_t k)
{
	uint64_t i;

	e->v[I_COUNT] += k;
	for (i = 0; i < k && i < n; i++) {
		uint64_t times = k / n + (i < k % n), l = lat[i];

		e->v[I_SUM] += times * l;
		e->v[I_SUM_SQ] += times * l * l;
		if (!e->any || l < e->v[I_MIN])
			e->v[I_MIN] = l;
		if (!e->any || l > e->v[I_MAX])
			e->v[I_MAX] = l;
		e->any = 1;
	}
}

/* ---------------------------------------------------------------- perf */

struct open_args {
	int core;
	uint64_t config, config1;
	int group;
	uint64_t sample_period;
	int freq;
	pid_t pid;
	int cpu;
	int exclude_kernel;
	uint64_t read_format;
};

static int open_ev(const struct open_args *o)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = pmu_type[o->core];
	a.config = o->config;
	a.config1 = o->config1;
	a.read_format = o->read_format;
	a.exclude_kernel = o->exclude_kernel;
	if (o->freq) {
		a.freq = 1;
		a.sample_freq = 100;
	} else {
		a.sample_period = o->sample_period;
	}
	alarm(20);
	fd = syscall(SYS_perf_event_open, &a, o->pid, o->cpu, o->group, 0);
	alarm(0);
	return fd;
}

/* A counting event on core `core`, system-wide on the PMU's CPU. */
static int mb_open(int core, uint64_t config, uint64_t preset, int group)
{
	struct open_args o = {
		.core = core, .config = config, .config1 = preset, .group = group,
		.pid = -1, .cpu = pmu_cpu,
	};
	int fd = open_ev(&o);

	if (fd < 0)
		printf("#   perf_event_open(microblaze%d, config %#" PRIx64 ", preset %#" PRIx64
		       "): %s\n", core, config, preset, strerror(errno));
	return fd;
}

/* errno of a refused open (0 if it was accepted) */
static int open_errno(const struct open_args *o)
{
	int fd = open_ev(o);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

static uint64_t rd(int fd)
{
	uint64_t v = ~0ULL;

	alarm(20);
	if (read(fd, &v, sizeof(v)) != sizeof(v))
		v = ~0ULL;
	alarm(0);
	return v;
}

static void close_all(int *fd, unsigned int n)
{
	while (n--)
		if (fd[n] >= 0)
			close(fd[n]);
}

/* Dbg_Intr interrupts taken so far (sum over CPUs), -1 if not found */
static long irq_count(void)
{
	char line[512];
	FILE *f = fopen("/proc/interrupts", "r");
	long total = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strchr(line, ':'), *end;

		if (!strstr(line, IRQ_NAME) || !p)
			continue;
		total = 0;
		for (p++;; p = end) {
			long v = strtol(p, &end, 10);

			if (end == p)
				break;
			total += v;
		}
	}
	fclose(f);
	return total;
}

/* ---------------------------------------------------------------- sysfs */

struct named {
	const char *name;
	unsigned int config;
};

#define NAMED(n, cfg, ev, it) { #n, cfg },
static const struct named named[] = { AXIPERF_MB_PERF_EVENTS(NAMED) };
#define NNAMED (sizeof(named) / sizeof(named[0]))

static void test_sysfs(void)
{
	char buf[256], path[256];
	unsigned int c, i, bad;

	for (c = 0; c < NCORES; c++) {
		char want[64];
		uint32_t cfg;

		snprintf(path, sizeof(path), PMU_DIR "%u/type", c);
		pmu_type[c] = read_file(path, buf, sizeof(buf)) ? -1 : atoi(buf);
		snprintf(path, sizeof(path), PMU_DIR "%u/identifier", c);
		if (read_file(path, buf, sizeof(buf)))
			buf[0] = 0;
		wl_w(MDM_WL_CORE, c);
		cfg = wl_r(MDM_WL_CONFIG);
		snprintf(want, sizeof(want), "microblaze-mdm-w%u-e%u-l%u", widths[c],
			 (cfg >> 8) & 0xff, (cfg >> 16) & 0xff);
		tap_result(pmu_type[c] > 0 && !strcmp(buf, want) && (cfg & 0xff) == widths[c],
		       "sysfs: microblaze%u (type %d) is MDM port %u, identifier \"%s\" (want \"%s\")",
		       c, pmu_type[c], c, buf, want);
	}
	bad = read_file(PMU_DIR "0/cpumask", buf, sizeof(buf));
	pmu_cpu = bad ? 0 : atoi(buf);
	tap_result(!bad && strlen(buf) && !strchr(buf, ',') && !strchr(buf, '-'),
	       "sysfs: cpumask names one CPU (\"%s\")", buf);
	bad = 0;
	for (i = 0; i < 3; i++) {
		static const char *const fmt[][2] = {
			{ "event", "config:0-7" }, { "item", "config:8-10" },
			{ "preset", "config1:0-63" },
		};

		snprintf(path, sizeof(path), PMU_DIR "1/format/%s", fmt[i][0]);
		if (read_file(path, buf, sizeof(buf)) || strcmp(buf, fmt[i][1])) {
			printf("#   %s: \"%s\", want \"%s\"\n", path, buf, fmt[i][1]);
			bad++;
		}
	}
	tap_result(!bad, "sysfs: format/ has event config:0-7, item config:8-10, preset config1:0-63");
	bad = 0;
	for (c = 0; c < NCORES; c++) {
		for (i = 0; i < NNAMED; i++) {
			unsigned int ev = named[i].config & 0xff, it = named[i].config >> 8;
			char want[32];

			snprintf(path, sizeof(path), PMU_DIR "%u/events/%s", c, named[i].name);
			snprintf(want, sizeof(want), "event=%u,item=%u", ev, it);
			if (read_file(path, buf, sizeof(buf)) || strcmp(buf, want)) {
				printf("#   %s: \"%s\", want \"%s\"\n", path, buf, want);
				bad++;
			}
		}
	}
	tap_result(!bad, "sysfs: events/ of every core has all %zu named events (64 events, "
	       "5 items of the 7 latency events)", NNAMED);
}

/* ---------------------------------------------------------------- counting */

/* Rates of the every-event test: distinct per event and core, some above one per cycle. */
static uint32_t ev_num(unsigned int core, unsigned int ev)
{
	return 1 + (ev * 7 + core * 3) % 5;
}

static uint32_t ev_den(unsigned int core, unsigned int ev)
{
	return 2 + (ev * 13 + core) % 17;
}

/* Every event 0-63 on an event counter, five at a time. */
static void test_every_event(unsigned int c)
{
	const uint64_t t1 = 400001, t2 = 600002;
	unsigned int ev, i, bad = 0, n;
	int fd[5];

	for (ev = 0; ev < AXIPERF_MB_NUM_EVENTS; ev += n) {
		wl_reset();
		n = AXIPERF_MB_NUM_EVENTS - ev < 5 ? AXIPERF_MB_NUM_EVENTS - ev : 5;
		for (i = 0; i < n; i++) {
			rate(c, ev + i, ev_num(c, ev + i), ev_den(c, ev + i));
			fd[i] = mb_open(c, ev + i, 0, -1);
			bad += fd[i] < 0;
		}
		advance(t1);
		advance(t2);
		for (i = 0; i < n; i++) {
			char what[64];

			if (fd[i] < 0)
				continue;
			snprintf(what, sizeof(what), "microblaze%u event %u", c, ev + i);
			bad += differs(what, rd(fd[i]),
				       occ(0, t1 + t2, ev_num(c, ev + i), ev_den(c, ev + i)));
		}
		close_all(fd, n);
	}
	tap_result(!bad, "microblaze%u (%u bits): each of the events 0-63 counts floor(T*num/den) "
	       "of its programmed rate", c, widths[c]);
}

/* Open the five items of latency event `ev` on one latency counter. */
static int lat_open(unsigned int c, unsigned int ev, int *fd)
{
	unsigned int i;
	int bad = 0;

	/* the count last, so that it joins the latency counter the others took */
	for (i = 0; i < NITEMS; i++) {
		unsigned int it = (i + 1) % NITEMS;

		fd[it] = mb_open(c, AXIPERF_MB_CONFIG(ev, it), 0, -1);
		bad += fd[it] < 0;
	}
	return bad;
}

static int lat_check(unsigned int c, unsigned int ev, const int *fd, const struct lat_exp *e)
{
	static const char *const item[NITEMS] = { "count", "sum", "sum_sq", "min", "max" };
	unsigned int i;
	int bad = 0;

	for (i = 0; i < NITEMS; i++) {
		char what[64];

		if (fd[i] < 0)
			continue;
		snprintf(what, sizeof(what), "microblaze%u event %u %s", c, ev, item[i]);
		bad += differs(what, rd(fd[i]), e->v[i]);
	}
	return bad;
}

/* Every latency event 57-63: count, sum, sum of squares, min, max. */
static void test_latency(unsigned int c)
{
	/* patterns of up to 6 latencies start at lat[0] or lat[1] */
	static const uint32_t lat[] = { 3, 5, 8, 2, 7, 4, 6 };
	unsigned int ev, bad = 0;
	int fd[NITEMS];

	for (ev = AXIPERF_MB_FIRST_LATENCY_EVENT; ev < AXIPERF_MB_NUM_EVENTS; ev++) {
		/* a pattern of 2..6 latencies, never longer than the 10..16 cycles between two */
		unsigned int np = 2 + (ev + c) % 5;
		uint32_t den = 10 + ev % 7;
		const uint64_t t = 777777;
		struct lat_exp e = { { 0 }, 0 };

		wl_reset();
		rate(c, ev, 1, den);
		_Static_assert(sizeof(lat) / sizeof(lat[0]) >= 1 + 6, "lat[] too short");
		pattern(c, ev, lat + (ev % 2), np);
		bad += lat_open(c, ev, fd);
		advance(t / 3);
		advance(t - t / 3);
		lat_add(&e, lat + (ev % 2), np, occ(0, t, 1, den));
		bad += lat_check(c, ev, fd, &e);
		close_all(fd, NITEMS);
	}
	tap_result(!bad, "microblaze%u (%u bits): latency events 57-63 give exact count, sum, "
	       "sum of squares, min and max", c, widths[c]);
}

/* Counts far beyond 32 bits without a preset (at 32 bits: many Dbg_Intr). */
static void test_long_count(unsigned int c)
{
	const uint64_t t = 5 * 0x80000000ULL + 12345;
	long irq0 = irq_count(), irqs;
	int fd[2], bad = 0;

	wl_reset();
	rate(c, 0, 2, 3);
	fd[0] = mb_open(c, 30, 0, -1);
	fd[1] = mb_open(c, 0, 0, -1);
	advance(t);
	bad += differs("cycles", rd(fd[0]), t);
	bad += differs("instructions", rd(fd[1]), occ(0, t, 2, 3));
	close_all(fd, 2);
	irqs = irq_count() - irq0;
	/* at 32 bits cycles reaches 2^32 - 1 at T = 2^32 - 1, is cleared at 2^32, again at 2^33 - 1 */
	if (widths[c] == 32)
		bad += differs("Dbg_Intr taken", irqs, 2);
	else
		bad += differs("Dbg_Intr taken", irqs, 0);
	tap_result(!bad && irq0 >= 0, "microblaze%u (%u bits): %" PRIu64 " cycles and 2/3 as many "
	       "instructions count exactly past 2^32", c, widths[c], t);
}

/*
 * Presets near the top through Data Write: one overflow after each event
 * is opened, every Dbg_Intr samples and clears all counters, nothing lost.
 */
static void test_overflows(unsigned int c)
{
	static const uint32_t p1[] = { 3, 5, 8, 2, 7 }, p2[] = { 40, 1 };
	unsigned int w = widths[c];
	uint64_t top = w == 64 ? 0 : 1ULL << w;	/* 2^w, modulo 2^64 */
	const uint64_t ta = 6000, tb = 206000, tc = tb + 3 * 0x80000000ULL;
	struct lat_exp e = { { 0 }, 0 };
	long irq0 = irq_count(), irqs;
	int fd[4], lfd[NITEMS], bad = 0;

	wl_reset();
	rate(c, 0, 2, 3);		/* instructions */
	rate(c, 10, 1, 2);		/* icache_requests */
	rate(c, 11, 1, 4);		/* icache_hits */
	rate(c, 60, 1, 1000);		/* icache_read_latency */
	pattern(c, 60, p1, 5);

	bad += lat_open(c, 60, lfd);
	fd[0] = mb_open(c, 11, 0, -1);
	fd[1] = mb_open(c, 30, top - 5000, -1);		/* reaches its top after 4999 cycles */
	advance(4000);
	advance(ta - 4000);				/* Dbg_Intr 1 */
	fd[2] = mb_open(c, 0, top - 100000, -1);	/* 133333 instructions to come */
	advance(tb - ta);				/* Dbg_Intr 2 */
	lat_add(&e, p1, 5, occ(0, tb, 1, 1000));
	pattern(c, 60, p2, 2);
	fd[3] = mb_open(c, 10, top - (1ULL << 30), -1);	/* 2^30 requests: 2^31 cycles */
	advance(tc - tb);				/* Dbg_Intr 3 (and 4 at 32 bits) */
	lat_add(&e, p2, 2, occ(tb, tc, 1, 1000));

	bad += differs("icache_hits", rd(fd[0]), occ(0, tc, 1, 4));
	bad += differs("cycles (preset 2^w - 5000)", rd(fd[1]), tc);
	bad += differs("instructions (preset 2^w - 100000)", rd(fd[2]), occ(ta, tc, 2, 3));
	bad += differs("icache_requests (preset 2^w - 2^30)", rd(fd[3]), occ(tb, tc, 1, 2));
	bad += lat_check(c, 60, lfd, &e);
	close_all(fd, 4);
	close_all(lfd, NITEMS);
	/*
	 * cycles at 4999, instructions at T = 6000 + 149999, icache_requests in
	 * the first 2^31 step after tb; at 32 bits cycles, cleared at the end of
	 * that step, reaches 2^32 - 1 again in the third.
	 */
	irqs = irq_count() - irq0;
	bad += differs("Dbg_Intr taken", irqs, w == 32 ? 4 : 3);
	tap_result(!bad && irq0 >= 0, "microblaze%u (%u bits): counts across %d Dbg_Intr overflows "
	       "of preset counters are exact, latency items merged across the clears",
	       c, w, w == 32 ? 4 : 3);
}

/*
 * All three cores at once: Which-MB must reach the right core in every
 * sequence, and a Dbg_Intr of one core samples and clears every core.
 */
static void test_all_cores(void)
{
	const uint64_t t = 5 * 0x80000000ULL + 999;
	uint64_t top1 = 1ULL << 48;
	int fd[NCORES][2], bad = 0;
	unsigned int c;

	wl_reset();
	for (c = 0; c < NCORES; c++) {
		rate(c, 0, c + 1, c + 4);
		fd[c][0] = mb_open(c, 30, c == 1 ? top1 - 3000000000ULL : 0, -1);
		fd[c][1] = mb_open(c, 0, 0, -1);
	}
	advance(t);
	for (c = 0; c < NCORES; c++) {
		char what[64];

		snprintf(what, sizeof(what), "microblaze%u cycles", c);
		bad += differs(what, rd(fd[c][0]), t);
		snprintf(what, sizeof(what), "microblaze%u instructions (%u/%u)", c, c + 1, c + 4);
		bad += differs(what, rd(fd[c][1]), occ(0, t, c + 1, c + 4));
		close_all(fd[c], 2);
	}
	tap_result(!bad, "all cores at once: each counts its own rate exactly while the 32-bit core "
	       "wraps and the 48-bit one overflows from a preset");
}

/* A preset must fit the counter and only event counters take one. */
static void test_preset_refusals(unsigned int c)
{
	struct open_args o = { .core = c, .config = 30, .group = -1, .pid = -1, .cpu = pmu_cpu };
	unsigned int w = widths[c];
	int e1, e2 = EINVAL, e3;

	o.config1 = w == 64 ? ~0ULL : (1ULL << w) - 1;
	e1 = open_errno(&o);
	if (w < 64) {		/* a 64-bit preset always fits a 64-bit counter */
		o.config1 = 1ULL << w;
		e2 = open_errno(&o);
	}
	o.config = AXIPERF_MB_CONFIG(58, I_SUM);
	o.config1 = 1;
	e3 = open_errno(&o);
	tap_result(!e1 && e2 == EINVAL && e3 == EINVAL,
	       "microblaze%u (%u bits): a preset of 2^%u - 1 is taken (%s), %s%s%s, a preset on "
	       "a latency item is refused (%s)", c, w, w, strerror(e1),
	       w < 64 ? "a wider one is refused (" : "no wider one exists",
	       w < 64 ? strerror(e2) : "", w < 64 ? ")" : "", strerror(e3));
}

/* ---------------------------------------------------------------- refusals */

static int group_errno(int c, const uint64_t *cfg, unsigned int n, int *fds)
{
	unsigned int i;
	int err = 0;

	for (i = 0; i < n; i++)
		fds[i] = -1;
	for (i = 0; i < n && !err; i++) {
		struct open_args o = { .core = c, .config = cfg[i], .group = i ? fds[0] : -1,
				       .pid = -1, .cpu = pmu_cpu };

		fds[i] = open_ev(&o);
		if (fds[i] < 0)
			err = errno;
	}
	return err;
}

static void test_refusals(void)
{
	struct open_args o = { .core = 0, .config = 30, .group = -1, .pid = -1, .cpu = pmu_cpu };
	static const uint64_t six[] = { 0, 1, 2, 3, 4, 5 };
	static const uint64_t fits[] = { 0, 1, 2, 3, 4, 58 };
	static const uint64_t seven[] = { 0, 1, 2, 3, 4, 58, 60 };
	static const uint64_t two_lat[] = { AXIPERF_MB_CONFIG(58, I_SUM),
					     AXIPERF_MB_CONFIG(60, I_SUM) };
	static const uint64_t lat_full[] = { 0, 1, 2, 3, 4, AXIPERF_MB_CONFIG(58, I_SUM), 60 };
	static const uint64_t lat_ok[] = { AXIPERF_MB_CONFIG(58, I_SUM), 0, 1, 2, 3, 60 };
	int fds[8], err;

	o.sample_period = 1000;
	err = open_errno(&o);
	tap_result(err == EOPNOTSUPP, "refused: a sampling event (sample_period) fails with "
	       "EOPNOTSUPP (%s)", strerror(err));
	o.sample_period = 0;
	o.freq = 1;
	err = open_errno(&o);
	tap_result(err == EOPNOTSUPP, "refused: a frequency-sampling event fails with EOPNOTSUPP (%s)",
	       strerror(err));
	o.freq = 0;
	o.pid = 0;
	o.cpu = -1;
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: per-task counting (pid 0, any CPU) fails with EINVAL (%s)",
	       strerror(err));
	o.cpu = pmu_cpu;
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: per-task counting on the PMU's CPU fails with EINVAL (%s)",
	       strerror(err));
	o.pid = -1;
	o.exclude_kernel = 1;
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: exclude_kernel (no mode filtering) fails with EINVAL (%s)",
	       strerror(err));
	o.exclude_kernel = 0;
	o.config = 64;
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: unknown event 64 fails with EINVAL (%s)", strerror(err));
	o.config = AXIPERF_MB_CONFIG(58, 5);
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: unknown latency item 5 fails with EINVAL (%s)",
	       strerror(err));
	o.config = 30 | 1ULL << 11;
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: config bits beyond event and item fail with EINVAL (%s)",
	       strerror(err));
	o.config = AXIPERF_MB_CONFIG(11, I_SUM);
	err = open_errno(&o);
	tap_result(err == EINVAL, "refused: a latency item (sum) of a non-latency event (11) fails "
	       "with EINVAL (%s)", strerror(err));

	err = group_errno(0, six, 6, fds);
	close_all(fds, 6);
	tap_result(err == EINVAL, "refused: a group of six events 0-5 on five event counters fails "
	       "with EINVAL (%s)", strerror(err));
	err = group_errno(0, two_lat, 2, fds);
	close_all(fds, 2);
	tap_result(err == EINVAL, "refused: a group measuring two latency events on one latency "
	       "counter fails with EINVAL (%s)", strerror(err));
	err = group_errno(0, seven, 7, fds);
	close_all(fds, 7);
	tap_result(err == EINVAL, "refused: a group of seven counts on six counters fails with "
	       "EINVAL (%s)", strerror(err));
	err = group_errno(0, lat_full, 7, fds);
	close_all(fds, 7);
	tap_result(err == EINVAL, "refused: five events, a latency sum and a second latency count "
	       "(no counter left) fail with EINVAL (%s)", strerror(err));
	err = group_errno(0, lat_ok, 6, fds);
	close_all(fds, 6);
	tap_result(!err, "kinds: a latency sum, four events and a second latency event's count (on "
	       "the fifth event counter) fit (%s)", strerror(err));

	/* a latency event's count takes the latency counter when the event counters are full */
	wl_reset();
	rate(0, 58, 1, 7);
	err = group_errno(0, fits, 6, fds);
	if (!err) {
		uint64_t buf[1 + 6];

		advance(70007);
		memset(buf, 0, sizeof(buf));
		if (read(fds[5], buf, sizeof(buf[0])) != sizeof(buf[0]))
			buf[0] = ~0ULL;
		err = differs("dcache_read_latency_count", buf[0], 10001) ? -1 : 0;
	}
	close_all(fds, 6);
	tap_result(!err, "kinds: five events and a latency event's count fit, the count (10001) "
	       "exact on the latency counter (%d)", err);
}

/* Six separate events on five event counters: perf multiplexes, one is not always counted. */
static void test_multiplex(void)
{
	struct open_args o = { .core = 0, .group = -1, .pid = -1, .cpu = pmu_cpu,
			       .read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
					      PERF_FORMAT_TOTAL_TIME_RUNNING };
	uint64_t v[3];
	int fd[6], i, opened = 0, partial = 0;

	for (i = 0; i < 6; i++) {
		o.config = i;
		fd[i] = open_ev(&o);
		opened += fd[i] >= 0;
	}
	usleep(200000);
	for (i = 0; i < 6; i++)
		if (fd[i] >= 0 && read(fd[i], v, sizeof(v)) == sizeof(v) && v[2] < v[1])
			partial++;
	close_all(fd, 6);
	tap_result(opened == 6 && partial > 0, "six separate events on five event counters are "
	       "multiplexed (%d of 6 opened, %d counted part of the time)", opened, partial);
}

/* ---------------------------------------------------------------- lock */

static int klog_has(const char *s)
{
	static char buf[1 << 17];
	int n = klogctl(3, buf, sizeof(buf) - 1);

	if (n < 0)
		return 0;
	buf[n] = 0;
	return strstr(buf, s) != NULL;
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void test_lock(void)
{
	struct open_args o = { .core = 0, .config = 30, .group = -1, .pid = -1, .cpu = pmu_cpu };
	uint64_t top = 1ULL << 32, r1, r2, r3;
	long irq0;
	double t0, dt;
	uint32_t refused0;
	int err, fd, fd2, bad = 0;

	/* open before the debugger comes: stale while it holds the lock, then catch up */
	wl_reset();
	fd = mb_open(0, 30, 0, -1);
	advance(1000);
	r1 = rd(fd);
	wl_w(MDM_WL_CTRL, MDM_WL_CTRL_JTAG_LOCK);
	refused0 = wl_r(MDM_WL_REFUSED);
	t0 = now_s();
	err = open_errno(&o);
	dt = now_s() - t0;
	tap_result(err == EBUSY && dt < 1.0, "lock: opening an event while the JTAG side holds "
	       "DBG_LOCK fails with EBUSY in %.3f s (%s)", dt, strerror(err));
	tap_result(klog_has("JTAG debugger holds the MDM debug register access lock"),
	       "lock: the kernel log says a JTAG debugger holds the lock");
	advance(500);
	r2 = rd(fd);
	tap_result(r1 == 1000 && r2 == 1000, "lock: a read while the lock is held returns the last "
	       "count (%" PRIu64 ", %" PRIu64 ", want 1000 both)", r1, r2);
	tap_result(wl_r(MDM_WL_REFUSED) == refused0, "lock: the driver made no debug register "
	       "access while the lock was held (REFUSED %u -> %u)", refused0,
	       wl_r(MDM_WL_REFUSED));
	wl_w(MDM_WL_CTRL, 0);
	advance(250);
	r3 = rd(fd);
	close(fd);
	tap_result(r3 == 1750, "lock: once released the count catches up with what the counters "
	       "counted meanwhile (%" PRIu64 ", want 1750)", r3);

	/* Dbg_Intr while the lock is held: masked, not a storm; nothing lost after release */
	wl_reset();
	irq0 = irq_count();
	fd = mb_open(0, 30, top - 1000, -1);
	fd2 = mb_open(0, 0, 0, -1);
	rate(0, 0, 2, 3);
	wl_w(MDM_WL_CTRL, MDM_WL_CTRL_JTAG_LOCK);
	advance(3000);			/* cycles reaches 2^32 - 1: Dbg_Intr, cannot be cleared */
	usleep(100000);
	bad += differs("Dbg_Intr taken while locked (then masked)", irq_count() - irq0, 1);
	wl_w(MDM_WL_CTRL, 0);
	bad += differs("cycles after release", rd(fd), 3000);
	advance(0x80000000ULL);		/* the counters were cleared: no wrap yet */
	advance(0x80000000ULL);		/* reaches 2^32 - 1 again: a second Dbg_Intr */
	advance(0x80000000ULL);
	bad += differs("cycles", rd(fd), 3000 + 3 * 0x80000000ULL);
	bad += differs("instructions", rd(fd2), occ(0, 3000 + 3 * 0x80000000ULL, 2, 3));
	bad += differs("Dbg_Intr taken in all", irq_count() - irq0, 3);
	close(fd);
	close(fd2);
	tap_result(!bad && irq0 >= 0, "lock: Dbg_Intr while the lock is held is masked, and after "
	       "release counts across later overflows are exact");
}

int main(int argc, char **argv)
{
	int plan = !(argc > 1 && !strcmp(argv[1], "--no-plan"));
	FILE *f;
	int memfd = open("/dev/mem", O_RDWR | O_SYNC);

	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, on_alarm);
	if (memfd < 0) {
		printf("Bail out! cannot open /dev/mem: %s\n", strerror(errno));
		return 1;
	}
	wl = mmap(NULL, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, WL_BASE);
	if (wl == MAP_FAILED) {
		printf("Bail out! cannot map the MDM workload window: %s\n", strerror(errno));
		return 1;
	}
	if (wl_r(MDM_WL_ID) != MDM_WL_MAGIC || wl_r(MDM_WL_NUM_CORES) != NCORES) {
		printf("Bail out! no MDM model with %d cores at %#lx (id %#x)\n", NCORES, WL_BASE,
		       wl_r(MDM_WL_ID));
		return 1;
	}
	wl_reset();
	test_sysfs();
	for (unsigned int c = 0; c < NCORES; c++) {
		if (pmu_type[c] <= 0)
			continue;
		test_every_event(c);
		test_latency(c);
		test_long_count(c);
		test_overflows(c);
		test_preset_refusals(c);
	}
	test_all_cores();
	test_refusals();
	test_multiplex();
	test_lock();
	wl_reset();
	/* how many tests ran, for a TAP stream that goes on after this one */
	f = fopen("/tmp/mb_test.count", "w");
	if (f) {
		fprintf(f, "%u\n", tap_count);
		fclose(f);
	}
	if (plan)
		return tap_done();
	return tap_failures ? 1 : 0;
}
