// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * perf_fuzz: random perf_event_open() use against the axiperf and
 * microblaze PMUs, in the test bed's guest (as root, the modules loaded).
 *
 *   perf_fuzz [--seed S] [--ops N] [--no-unload] [--expect-tracked]
 *
 * N operations (0: until interrupted, printing progress), each one drawn
 * from a seeded generator, so that a seed replays exactly:
 *   - open: random attributes (our PMUs' types, software, hardware and
 *     made-up ones; valid and random configs, config1/2; sample periods
 *     and frequencies; every read_format bit; random flag bits), random
 *     pid, cpu, group leader (mixed groups with software events) and
 *     flags;
 *   - ioctl on an open event: enable, disable, reset, refresh, period,
 *     set-output, id, with and without PERF_IOC_FLAG_GROUP;
 *   - read with a random buffer size; mmap of a random size; close;
 *   - a traffic pattern on generator 0 (axiperf0's link);
 *   - part-way (not with --no-unload): every event closed, axiperf.ko and
 *     axiperf_mb.ko removed while one event is still open (refused) and
 *     then with none open, and loaded again.
 * Every refusal must carry an errno a user can act on (a known list).
 * Events opened whole (standalone, enabled, counting a counter that only
 * traffic moves, never disabled, reset, refreshed or re-periodised) are
 * tracked: at the end (after one more pattern) each must read what the
 * generator's closed form says for the patterns run since it was opened
 * (--expect-tracked: and there must be such events, with counts). Then a fresh group of
 * every axiperf0 event counts one framed pattern exactly, and the kernel
 * log holds no lockdep or KASAN report, BUG or WARNING.
 * A failure prints the one command that replays it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "axiperf-tg-regs.h"
#include "axiperf/regs.h"
#include "tap.h"
#include "tg_pattern.h"

#define PMU_ROOT	"/sys/bus/event_source/devices/"
#define MAX_FDS		48
#define NPMU		4

static uint64_t rng_state;

static uint64_t rnd(void)
{
	/* xorshift64*: small, fast, the same on every machine */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dull;
}

static unsigned int below(unsigned int n)
{
	return n ? (unsigned int)(rnd() % n) : 0;
}

static int chance(unsigned int percent)
{
	return below(100) < percent;
}

/* ---- the PMUs ---------------------------------------------------------- */

struct pmu {
	const char *name;
	int type;		/* -1: not there */
	unsigned int ev[64];	/* event ids from events/ */
	unsigned int nev;
};

static struct pmu pmus[NPMU] = {
	{ .name = "axiperf0" }, { .name = "axiperf1" }, { .name = "axiperf2" },
	{ .name = "microblaze0" },
};

static void scan_pmus(void)
{
	char path[256], buf[64];

	for (int i = 0; i < NPMU; i++) {
		FILE *ls;
		char cmd[300], name[128];

		pmus[i].type = -1;
		pmus[i].nev = 0;
		snprintf(path, sizeof(path), PMU_ROOT "%s/type", pmus[i].name);
		if (read_file(path, buf, sizeof(buf)) < 0)
			continue;
		pmus[i].type = atoi(buf);
		snprintf(cmd, sizeof(cmd), "ls " PMU_ROOT "%s/events", pmus[i].name);
		ls = popen(cmd, "r");
		while (ls && pmus[i].nev < 64 && fgets(name, sizeof(name), ls)) {
			unsigned int id;

			name[strcspn(name, "\n")] = 0;
			snprintf(path, sizeof(path), PMU_ROOT "%s/events/%s", pmus[i].name, name);
			if (read_file(path, buf, sizeof(buf)) == 0 &&
			    sscanf(buf, "event=%i", (int *)&id) == 1)
				pmus[i].ev[pmus[i].nev++] = id;
		}
		if (ls)
			pclose(ls);
	}
}

/* ---- the events the fuzzer holds --------------------------------------- */

struct held {
	int fd;
	int pmu;		/* index in pmus[], -1: not ours */
	unsigned int id;	/* event id (config) for ours */
	int whole;		/* counting since open, untouched: tracked */
	uint64_t want;		/* ... and what it must read */
	void *map;
	size_t map_len;
};

static struct held held[MAX_FDS];
static unsigned int nheld;

/* errnos a refusal may carry: each says what to change */
static int actionable(int e)
{
	switch (e) {
	case EINVAL: case EOPNOTSUPP: case ENOENT: case EACCES: case EPERM:
	case EBUSY: case E2BIG: case EMFILE: case ENFILE: case ENODEV: case ESRCH:
	case EBADF: case ENOSPC: case ENOTTY: case EOVERFLOW: case ENOMEM:
	case EAGAIN: case EFAULT: case ENXIO:
		return 1;
	default:
		return 0;
	}
}

static unsigned long long nops, nok, nrefused, errs[200];
static int bad;
static uint64_t seed;
static unsigned long long ops_total;

static void refusal(const char *what, int e)
{
	nrefused++;
	if (e >= 0 && e < 200)
		errs[e]++;
	if (!actionable(e) && !bad++)
		printf("# op %llu: %s refused with errno %d (%s): no errno a user can act on\n",
		       nops, what, e, strerror(e));
}

static void drop(unsigned int i)
{
	if (held[i].map)
		munmap(held[i].map, held[i].map_len);
	close(held[i].fd);
	held[i] = held[--nheld];
}

static void drop_all(void)
{
	while (nheld)
		drop(nheld - 1);
}

/* ---- operations -------------------------------------------------------- */

/* A well-formed CPU-wide event of one of our PMUs, sometimes in a group. */
static void clean_attr(struct perf_event_attr *a, int p, int *group)
{
	a->type = (uint32_t)pmus[p].type;
	a->config = pmus[p].nev ? pmus[p].ev[below(pmus[p].nev)] : 0;
	a->read_format = rnd() & (PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
				  PERF_FORMAT_ID);
	a->disabled = chance(15);
	if (nheld && chance(15)) {
		*group = held[below(nheld)].fd;
		a->read_format |= chance(50) ? PERF_FORMAT_GROUP : 0;
	}
}

/* Anything at all: made-up types, configs, flag bits, sizes, targets. */
static void messy_attr(struct perf_event_attr *a, int pick, int *p, int *group)
{
	a->size = chance(85) ? sizeof(*a) : (uint32_t)below(200);
	if (pick < NPMU && pmus[pick].type >= 0) {
		*p = pick;
		a->type = (uint32_t)pmus[pick].type;
		a->config = chance(70) && pmus[pick].nev ? pmus[pick].ev[below(pmus[pick].nev)] :
			    rnd() >> below(64);
	} else if (pick == NPMU) {
		a->type = PERF_TYPE_SOFTWARE;
		a->config = below(12);
	} else if (pick == NPMU + 1) {
		a->type = PERF_TYPE_HARDWARE;
		a->config = below(12);
	} else {
		a->type = (uint32_t)(chance(50) ? below(32) : rnd());
		a->config = rnd();
	}
	if (chance(20))
		a->config1 = rnd();
	if (chance(15))
		a->config2 = rnd();
	if (chance(25)) {
		a->sample_period = chance(50) ? below(100000) : rnd();
		a->freq = chance(30);
		a->sample_type = rnd() & (PERF_SAMPLE_MAX - 1);
	}
	a->read_format = rnd() & 0x1f;
	a->disabled = chance(30);
	if (chance(30)) {
		/* random flag bits: inherit, pinned, exclusive, exclude_*, ... */
		uint64_t bits = rnd() & rnd();

		memcpy((char *)a + offsetof(struct perf_event_attr, read_format) + 8, &bits,
		       sizeof(bits));
	}
	if (nheld && chance(30))
		*group = held[below(nheld)].fd;
}

static void op_open(void)
{
	struct perf_event_attr a;
	int pick = (int)below(NPMU + 3), p = -1, group = -1, pid = -1, cpu = 0, fd;
	unsigned long flags = 0;

	if (nheld == MAX_FDS)
		return;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	if (pick < NPMU && pmus[pick].type >= 0 && chance(60)) {
		p = pick;
		clean_attr(&a, p, &group);
	} else {
		messy_attr(&a, pick, &p, &group);
		pid = chance(70) ? -1 : chance(50) ? 0 : (int)below(400);
		cpu = chance(70) ? 0 : chance(50) ? -1 : (int)below(5);
		if (chance(15))
			flags = chance(50) ? PERF_FLAG_FD_CLOEXEC : (unsigned long)below(32);
	}
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, group, flags);
	if (fd < 0) {
		refusal("perf_event_open", errno);
		return;
	}
	nok++;
	/* a leader with a sibling: a group ioctl on the sibling reaches it */
	for (unsigned int k = 0; group >= 0 && k < nheld; k++)
		if (held[k].fd == group)
			held[k].whole = 0;
	held[nheld].fd = fd;
	held[nheld].pmu = p;
	held[nheld].id = (unsigned int)a.config;
	/* tracked: counting on its own from its open on, a counter only traffic moves */
	held[nheld].whole = p >= 0 && p < 3 && !a.disabled && group < 0 && pid == -1 &&
			    cpu == 0 && !(a.read_format & PERF_FORMAT_GROUP) &&
			    a.config <= AXIPERF_EV_MAX && !AXIPERF_EVENT_IS_GAUGE((unsigned int)a.config) &&
			    tg_event_is_traffic_only((unsigned int)a.config) && !a.sample_period &&
			    !a.inherit && a.size == sizeof(a) && !a.enable_on_exec;
	held[nheld].want = 0;
	held[nheld].map = NULL;
	nheld++;
}

static void op_ioctl(void)
{
	static const unsigned long reqs[] = {
		PERF_EVENT_IOC_ENABLE, PERF_EVENT_IOC_DISABLE, PERF_EVENT_IOC_RESET,
		PERF_EVENT_IOC_REFRESH, PERF_EVENT_IOC_PERIOD, PERF_EVENT_IOC_SET_OUTPUT,
		PERF_EVENT_IOC_ID, PERF_EVENT_IOC_PAUSE_OUTPUT,
	};
	unsigned int i = below(nheld), r = below(sizeof(reqs) / sizeof(reqs[0]));
	uint64_t v = chance(50) ? below(1000) : rnd();
	unsigned long arg;
	int rc;

	if (!nheld)
		return;
	switch (reqs[r]) {
	case PERF_EVENT_IOC_PERIOD:
	case PERF_EVENT_IOC_ID:
		arg = (unsigned long)&v;
		break;
	case PERF_EVENT_IOC_SET_OUTPUT:
		arg = chance(30) ? (unsigned long)-1 : (unsigned long)held[below(nheld)].fd;
		break;
	case PERF_EVENT_IOC_REFRESH:
		arg = below(4);
		break;
	default:
		arg = chance(30) ? PERF_IOC_FLAG_GROUP : 0;
		break;
	}
	rc = ioctl(held[i].fd, reqs[r], arg);
	if (rc < 0)
		refusal("ioctl", errno);
	else
		nok++;
	/* whatever it did, the event no longer counts from its open on alone */
	if (reqs[r] != PERF_EVENT_IOC_ID && reqs[r] != PERF_EVENT_IOC_SET_OUTPUT &&
	    reqs[r] != PERF_EVENT_IOC_PAUSE_OUTPUT && reqs[r] != PERF_EVENT_IOC_ENABLE)
		held[i].whole = 0;
}

static void op_read(void)
{
	char buf[512];
	size_t n = chance(50) ? below(64) : below(sizeof(buf));
	ssize_t rc;

	if (!nheld)
		return;
	rc = read(held[below(nheld)].fd, buf, n);
	if (rc < 0)
		refusal("read", errno);
	else
		nok++;
}

static void op_mmap(void)
{
	unsigned int i = below(nheld);
	size_t len = (size_t)((1 + (chance(70) ? (1u << below(4)) : below(9))) * 4096);
	void *m;

	if (!nheld || held[i].map)
		return;
	m = mmap(NULL, len, chance(70) ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
		 held[i].fd, 0);
	if (m == MAP_FAILED) {
		refusal("mmap", errno);
		return;
	}
	nok++;
	held[i].map = m;
	held[i].map_len = len;
}

static const struct tg_link link0 = { .data_bytes = 8, .id_slots = 4 };

/* A pattern on generator 0; the tracked events of axiperf0 add its closed form. */
static void op_traffic(void)
{
	const struct tg_pattern *p = &tg_patterns[below(tg_num_patterns)];
	struct tg_pattern fit;
	struct tg_expect e;
	volatile uint32_t *tg;
	int fd;

	tg_fit_link(p, &link0, &fit);
	if (tg_expect(&fit, &link0, &e))
		return;
	fd = open("/dev/mem", O_RDWR | O_SYNC);
	tg = fd >= 0 ? tg_map(fd, AXIPERF_TG_BASE) : NULL;
	if (fd >= 0)
		close(fd);
	if (!tg) {
		if (!bad++)
			printf("# op %llu: generator 0 does not answer\n", nops);
		return;
	}
	tg_program(tg, &fit, &link0);
	if (tg_run(tg, AXIPERF_TG_GO, 20000)) {
		if (!bad++)
			printf("# op %llu: pattern '%s' did not finish\n", nops, fit.name);
	}
	munmap((void *)tg, AXIPERF_TG_WINDOW);
	for (unsigned int i = 0; i < nheld; i++)
		if (held[i].whole && held[i].pmu == 0)
			held[i].want += e.ev[held[i].id];
	nok++;
}

static int run(const char *cmd)
{
	int rc = system(cmd);

	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* Unload with an event open (refused), then with none, and load again. */
static void op_reload(void)
{
	struct perf_event_attr a;
	int fd;

	drop_all();
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)pmus[0].type;
	a.config = pmus[0].nev ? pmus[0].ev[0] : 0;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	if (fd >= 0) {
		if (run("rmmod axiperf 2>/dev/null") == 0 && !bad++)
			printf("# op %llu: rmmod axiperf succeeded with an event open\n", nops);
		close(fd);
	}
	if (!access("/sys/module/axiperf_mb", F_OK) && run("rmmod axiperf_mb") && !bad++)
		printf("# op %llu: rmmod axiperf_mb failed with no event open\n", nops);
	if (run("rmmod axiperf") && !bad++)
		printf("# op %llu: rmmod axiperf failed with no event open\n", nops);
	if (run("insmod /lib/modules/axiperf.ko") && !bad++)
		printf("# op %llu: insmod axiperf.ko failed after the unload\n", nops);
	if (!access("/lib/modules/axiperf_mb.ko", F_OK) && run("insmod /lib/modules/axiperf_mb.ko") &&
	    !bad++)
		printf("# op %llu: insmod axiperf_mb.ko failed after the unload\n", nops);
	scan_pmus();
	nok++;
}

/* ---- the verdicts ------------------------------------------------------- */

static int expect_tracked;

static void check_tracked(void)
{
	unsigned int n = 0, wrong = 0;
	uint64_t sum = 0;

	for (unsigned int i = 0; i < nheld; i++) {
		uint64_t v[4] = { 0 };

		if (!held[i].whole)
			continue;
		n++;
		sum += held[i].want;
		if (read(held[i].fd, v, sizeof(v)) < (ssize_t)sizeof(v[0]) || v[0] != held[i].want) {
			if (!wrong++)
				printf("#   %s event %u: read %llu, closed form %llu\n",
				       pmus[held[i].pmu].name, held[i].id, (unsigned long long)v[0],
				       (unsigned long long)held[i].want);
		}
	}
	tap_result(!wrong && (!expect_tracked || sum), "the %u events left open untouched since their open count exactly "
		   "what the generator's closed form gives for the patterns since (%llu in all; %u "
		   "wrong)", n, (unsigned long long)sum, wrong);
}

static void check_fresh_group(void)
{
	struct tg_pattern fit;
	struct tg_expect e;
	int fds[64], n = 0, ok = 1, memfd;
	unsigned int ids[64];
	volatile uint32_t *tg;

	tg_fit_link(&tg_patterns[2], &link0, &fit);
	if (pmus[0].type < 0 || tg_expect(&fit, &link0, &e)) {
		tap_result(0, "axiperf0 is there after the fuzzing");
		return;
	}
	for (unsigned int k = 0; k < pmus[0].nev && n < 64; k++) {
		struct perf_event_attr a;

		if (pmus[0].ev[k] > AXIPERF_EV_MAX || AXIPERF_EVENT_IS_GAUGE(pmus[0].ev[k]))
			continue;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = (uint32_t)pmus[0].type;
		a.config = pmus[0].ev[k];
		a.disabled = n == 0;
		fds[n] = (int)syscall(SYS_perf_event_open, &a, -1, 0, n ? fds[0] : -1, 0);
		if (fds[n] < 0) {
			printf("#   axiperf0 event %u: %s\n", pmus[0].ev[k], strerror(errno));
			ok = 0;
			break;
		}
		ids[n++] = pmus[0].ev[k];
	}
	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	tg = memfd >= 0 ? tg_map(memfd, AXIPERF_TG_BASE) : NULL;
	if (memfd >= 0)
		close(memfd);
	if (ok && tg && n) {
		tg_program(tg, &fit, &link0);
		ioctl(fds[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
		ok = !tg_run(tg, AXIPERF_TG_GO, 20000);
		ioctl(fds[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
		for (int i = 0; ok && i < n; i++) {
			uint64_t v = 0;

			if (read(fds[i], &v, sizeof(v)) != sizeof(v) ||
			    (tg_event_is_traffic_only(ids[i]) && v != e.ev[ids[i]])) {
				printf("#   axiperf0 event %u: %llu, closed form %llu\n", ids[i],
				       (unsigned long long)v, (unsigned long long)e.ev[ids[i]]);
				ok = 0;
			}
		}
	}
	if (tg)
		munmap((void *)tg, AXIPERF_TG_WINDOW);
	for (int i = 0; i < n; i++)
		close(fds[i]);
	tap_result(ok && tg && n, "after the fuzzing, a fresh group of every axiperf0 counter (%d) "
		   "counts '%s' exactly (closed form)", n, fit.name);
}

static void check_log(void)
{
	char *log = kernel_log();
	unsigned int n = kernel_log_reports(log, log, "", 20);

	tap_result(log && !n, "the kernel log holds no lockdep or KASAN report, BUG, WARNING or "
		   "soft lockup (%u found)", n);
	free(log);
}

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

int main(int argc, char **argv)
{
	int unload = 1;
	time_t t0 = time(NULL);

	seed = (uint64_t)time(NULL);
	ops_total = 2000;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
			ops_total = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--no-unload"))
			unload = 0;
		else if (!strcmp(argv[i], "--expect-tracked"))
			expect_tracked = 1;	/* make check: the seed leaves counted events */
		else {
			fprintf(stderr, "usage: perf_fuzz [--seed S] [--ops N (0: until ^C)] [--no-unload] [--expect-tracked]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	klogctl(5 /* SYSLOG_ACTION_CLEAR */, NULL, 0);
	scan_pmus();
	if (pmus[0].type < 0) {
		printf("Bail out! axiperf0 is not in sysfs: load axiperf.ko first\n");
		return 1;
	}
	printf("# perf_fuzz --seed %llu --ops %llu%s\n", (unsigned long long)seed, ops_total,
	       unload ? "" : " --no-unload");
	for (nops = 0; !stop && (!ops_total || nops < ops_total); nops++) {
		unsigned int r = below(1000);

		if (r < 360)
			op_open();
		else if (r < 520)
			op_ioctl();
		else if (r < 700)
			op_read();
		else if (r < 760)
			op_mmap();
		else if (r < 840) {
			if (nheld)
				drop(below(nheld));
		} else if (r < 998)
			op_traffic();
		else if (unload)
			op_reload();
		if (!ops_total && nops && !(nops % 10000))
			printf("# %llu operations, %llu done, %llu refused, %lld s\n", nops, nok,
			       nrefused, (long long)(time(NULL) - t0));
	}
	tap_result(!bad, "%llu random operations (seed %llu): %llu done, %llu refused, each with "
		   "an errno a user can act on", nops, (unsigned long long)seed, nok, nrefused);
	printf("#   refusals by errno:");
	for (int e = 0; e < 200; e++)
		if (errs[e])
			printf(" %s %llu", strerrorname_np(e) ? strerrorname_np(e) : "?", errs[e]);
	printf("\n");
	op_traffic();	/* one more pattern: every tracked axiperf0 event sees traffic */
	check_tracked();
	drop_all();
	check_fresh_group();
	check_log();
	if (tap_failures)
		printf("# replay: perf_fuzz --seed %llu --ops %llu%s\n", (unsigned long long)seed,
		       nops, unload ? "" : " --no-unload");
	printf("# %lld s\n", (long long)(time(NULL) - t0));
	return tap_done();
}
