// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * perf_fuzz: random perf_event_open() use against our PMUs (every
 * axiperfN and microblazeN in sysfs) and the CPU's own (MicroBlaze V's
 * cpu, an ARM core's armv*, the ml605's MicroBlaze), in a test bed's guest
 * (as root, the modules loaded).
 *
 *   perf_fuzz [--seed S] [--ops N] [--no-unload] [--expect-tracked]
 *             [--tg-base ADDR] [--hotplug] [--threads 1|2]
 *
 * N operations (0: until interrupted, printing progress), each one drawn
 * from a seeded generator:
 *   - open: random attributes (the PMUs' types, software, hardware and
 *     made-up ones; valid and random configs, config1/2; sample periods
 *     and frequencies; every read_format bit; random flag bits), random
 *     pid, cpu, group leader (mixed groups with software events) and
 *     flags;
 *   - ioctl on an open event: enable, disable, reset, refresh, period,
 *     set-output, id, with and without PERF_IOC_FLAG_GROUP;
 *   - read with a random buffer size; mmap of a random size; close;
 *   - a traffic pattern on the generator at --tg-base (axiperf0's link;
 *     default the Zynq test bed's first);
 *   - part-way (not with --no-unload): every event closed, axiperf.ko and
 *     axiperf_mb.ko removed while one event is still open (refused) and
 *     then with none open, and loaded again;
 *   - with --hotplug, CPU 1 taken offline and brought back.
 * With --threads 2 (the default) a second thread opens, reads, ioctls and
 * closes events of its own, one operation for each of the main thread's,
 * and reads the main thread's events as they are being used and closed: the order of the two
 * threads' calls is not the seed's, so a run replays only nearly.
 * Every refusal must carry an errno a user can act on (a known list); the
 * tallies of each operation by PMU are printed, and each of open, ioctl,
 * read, mmap and close must have succeeded at least once on every PMU.
 * Events opened whole (standalone, enabled, counting a counter that only
 * traffic moves, never disabled, reset, refreshed or re-periodised), and
 * an anchor event no operation touches (axiperf0's rd_beats), are tracked: at the end (after one more pattern) each must read what the
 * generator's closed form says for the patterns run since it was opened
 * (--expect-tracked: and there must be such events, with counts). Then a
 * fresh group of every axiperf0 event counts one framed pattern exactly,
 * and the kernel log holds no lockdep or KASAN report, BUG or WARNING.
 * A failure prints the command that replays it.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
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
#include "axiperf/microblaze_v.h"
#include "axiperf/regs.h"
#include "tap.h"
#include "tg_pattern.h"

#define PMU_ROOT	"/sys/bus/event_source/devices/"
#define MAX_FDS		48
#define MAX_PMUS	12

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
	char name[32];
	int type;		/* -1: not there */
	int cpu_pmu;		/* a CPU's (a MicroBlaze core's, the CPU's own):
				 * opened per task as well as CPU-wide */
	uint64_t ev[64];	/* configs: its events/ (a CPU PMU without one:
				 * the MicroBlaze V codes) */
	unsigned int nev;
};

static struct pmu pmus[MAX_PMUS];
static int npmu;
static int axiperf0 = -1;	/* pmus[] index of axiperf0 */

/* ours (axiperfN, microblazeN) and the CPU's (cpu, armv7_*, armv8_*) */
static int wanted(const char *name)
{
	return !strncmp(name, "axiperf", 7) || !strncmp(name, "microblaze", 10) ||
	       !strcmp(name, "cpu") || !strncmp(name, "armv7_", 6) || !strncmp(name, "armv8_", 6);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct pmu *)a)->name, ((const struct pmu *)b)->name);
}

static void scan_pmus(void)
{
	char path[300], buf[64];
	DIR *d = opendir(PMU_ROOT);
	struct dirent *de;

	npmu = 0;
	axiperf0 = -1;
	while (d && (de = readdir(d)) && npmu < MAX_PMUS) {
		struct pmu *p = &pmus[npmu];
		DIR *ev;
		struct dirent *e;

		if (!wanted(de->d_name) || strlen(de->d_name) >= sizeof(p->name))
			continue;
		memset(p, 0, sizeof(*p));
		memcpy(p->name, de->d_name, strlen(de->d_name) + 1);
		if (snprintf(path, sizeof(path), PMU_ROOT "%s/type", p->name) >= (int)sizeof(path) ||
		    read_file(path, buf, sizeof(buf)) < 0)
			continue;
		p->type = atoi(buf);
		p->cpu_pmu = strncmp(p->name, "axiperf", 7) != 0;
		ev = snprintf(path, sizeof(path), PMU_ROOT "%s/events", p->name) < (int)sizeof(path) ?
		     opendir(path) : NULL;
		while (ev && (e = readdir(ev)) && p->nev < 64) {
			unsigned long long c;

			if (e->d_name[0] == '.' || strchr(e->d_name, '.'))
				continue;
			if (snprintf(path, sizeof(path), PMU_ROOT "%s/events/%s", p->name, e->d_name) <
			    (int)sizeof(path) && read_file(path, buf, sizeof(buf)) == 0 &&
			    sscanf(buf, "event=%lli", &c) == 1)
				p->ev[p->nev++] = c;
		}
		if (ev)
			closedir(ev);
		if (!p->nev && !strcmp(p->name, "cpu")) {
			/* the SBI PMU lists no events: the MicroBlaze V codes */
#define X(name, cls, bit, code, lat, doc) \
			if (p->nev < 64) \
				p->ev[p->nev++] = (code);
			AXIPERF_MBV_EVENTS(X)
#undef X
		}
		npmu++;
	}
	if (d)
		closedir(d);
	qsort(pmus, npmu, sizeof(pmus[0]), by_name);
	for (int i = 0; i < npmu; i++)
		if (!strcmp(pmus[i].name, "axiperf0"))
			axiperf0 = i;
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
/* held[] and nheld change under it; the second thread reads fds under it */
static pthread_mutex_t held_lock = PTHREAD_MUTEX_INITIALIZER;

/* errnos a refusal may carry: each says what to change */
static int actionable(int e)
{
	switch (e) {
	case EINVAL: case EOPNOTSUPP: case ENOENT: case EACCES: case EPERM:
	case EBUSY: case E2BIG: case EMFILE: case ENFILE: case ENODEV: case ESRCH:
	case EBADF: case ENOSPC: case ENOTTY: case EOVERFLOW: case ENOMEM:
	case EAGAIN: case EFAULT: case ENXIO:
	/* the architecture has no such feature (MicroBlaze: sampling user
	 * registers or stack): drop the request */
	case ENOSYS:
		return 1;
	default:
		return 0;
	}
}

/* the operations, and their tallies by PMU (row 0: not one of ours) */
enum { OP_OPEN, OP_IOCTL, OP_READ, OP_MMAP, OP_CLOSE, NOPS_KINDS };
static const char *const op_name[NOPS_KINDS] = { "open", "ioctl", "read", "mmap", "close" };
static unsigned long long done_by[MAX_PMUS + 1][NOPS_KINDS], refused_by[MAX_PMUS + 1][NOPS_KINDS];
static unsigned long long t2_done[NOPS_KINDS], t2_refused[NOPS_KINDS];

static unsigned long long nops, nok, nrefused, errs[200];
static int bad;
static uint64_t seed;
static unsigned long long ops_total;
static pthread_mutex_t tally_lock = PTHREAD_MUTEX_INITIALIZER;

static void refusal(const char *what, int e)
{
	pthread_mutex_lock(&tally_lock);
	nrefused++;
	if (e >= 0 && e < 200)
		errs[e]++;
	if (!actionable(e) && !bad++)
		printf("# op %llu: %s refused with errno %d (%s): no errno a user can act on\n",
		       nops, what, e, strerror(e));
	pthread_mutex_unlock(&tally_lock);
}

/* an operation of the main thread on PMU p (-1: none of ours) */
static void tally(int p, int op, int ok)
{
	if (ok) {
		done_by[p + 1][op]++;
		nok++;
	} else {
		refused_by[p + 1][op]++;
	}
}

static void drop(unsigned int i)
{
	int p = held[i].pmu;

	pthread_mutex_lock(&held_lock);
	if (held[i].map)
		munmap(held[i].map, held[i].map_len);
	tally(p, OP_CLOSE, close(held[i].fd) == 0);
	held[i] = held[--nheld];
	pthread_mutex_unlock(&held_lock);
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
	if (pick < npmu && pmus[pick].type >= 0) {
		*p = pick;
		a->type = (uint32_t)pmus[pick].type;
		a->config = chance(70) && pmus[pick].nev ? pmus[pick].ev[below(pmus[pick].nev)] :
			    rnd() >> below(64);
	} else if (pick == npmu) {
		a->type = PERF_TYPE_SOFTWARE;
		a->config = below(12);
	} else if (pick == npmu + 1) {
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
	int pick = (int)below((unsigned int)npmu + 3), p = -1, group = -1, pid = -1, cpu = 0, fd;
	unsigned long flags = 0;

	if (nheld == MAX_FDS)
		return;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	if (pick < npmu && pmus[pick].type >= 0 && chance(60)) {
		p = pick;
		clean_attr(&a, p, &group);
		/* the CPU's PMU counts a task as well: this one */
		if (pmus[p].cpu_pmu && chance(50)) {
			pid = 0;
			cpu = -1;
		}
	} else {
		messy_attr(&a, pick, &p, &group);
		pid = chance(70) ? -1 : chance(50) ? 0 : (int)below(400);
		cpu = chance(70) ? 0 : chance(50) ? -1 : (int)below(5);
		if (chance(15))
			flags = chance(50) ? PERF_FLAG_FD_CLOEXEC : (unsigned long)below(32);
	}
	fd = (int)syscall(SYS_perf_event_open, &a, pid, cpu, group, flags);
	tally(p, OP_OPEN, fd >= 0);
	if (fd < 0) {
		refusal("perf_event_open", errno);
		return;
	}
	pthread_mutex_lock(&held_lock);
	/* a leader with a sibling: a group ioctl on the sibling reaches it */
	for (unsigned int k = 0; group >= 0 && k < nheld; k++)
		if (held[k].fd == group)
			held[k].whole = 0;
	held[nheld].fd = fd;
	held[nheld].pmu = p;
	held[nheld].id = (unsigned int)a.config;
	/* tracked: counting on its own from its open on, a counter only traffic moves */
	held[nheld].whole = p >= 0 && !pmus[p].cpu_pmu && !a.disabled && group < 0 && pid == -1 &&
			    cpu == 0 && !(a.read_format & PERF_FORMAT_GROUP) &&
			    a.config <= AXIPERF_EV_MAX && !AXIPERF_EVENT_IS_GAUGE((unsigned int)a.config) &&
			    tg_event_is_traffic_only((unsigned int)a.config) && !a.sample_period &&
			    !a.inherit && a.size == sizeof(a) && !a.enable_on_exec;
	held[nheld].want = 0;
	held[nheld].map = NULL;
	nheld++;
	pthread_mutex_unlock(&held_lock);
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
	tally(held[i].pmu, OP_IOCTL, rc >= 0);
	if (rc < 0)
		refusal("ioctl", errno);
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

	unsigned int i;

	if (!nheld)
		return;
	i = below(nheld);
	rc = read(held[i].fd, buf, n);
	tally(held[i].pmu, OP_READ, rc >= 0);
	if (rc < 0)
		refusal("read", errno);
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
	tally(held[i].pmu, OP_MMAP, m != MAP_FAILED);
	if (m == MAP_FAILED) {
		refusal("mmap", errno);
		return;
	}
	held[i].map = m;
	held[i].map_len = len;
}

static const struct tg_link link0 = { .data_bytes = 8, .id_slots = 4 };
static unsigned long tg_base = AXIPERF_TG_BASE;

/*
 * The anchor: one axiperf0 event (rd_beats) that no operation touches,
 * open the whole run but across each unload; so that every run, whatever
 * the two threads' order did to the rest, has an event that must count
 * the patterns exactly.
 */
static int anchor_fd = -1;
static uint64_t anchor_want;
static unsigned int anchor_wrong;	/* patterns after which it read wrong */

static void anchor_open(void)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)pmus[axiperf0].type;
	a.config = AXIPERF_EV_RD_BEATS;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	anchor_fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	anchor_want = 0;
	if (anchor_fd < 0 && !bad++)
		printf("# op %llu: the anchor event (axiperf0 rd_beats) cannot open: %s\n", nops,
		       strerror(errno));
}

static void anchor_close(void)
{
	if (anchor_fd >= 0)
		close(anchor_fd);
	anchor_fd = -1;
}

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
	tg = fd >= 0 ? tg_map(fd, tg_base) : NULL;
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
		if (held[i].whole && held[i].pmu == axiperf0)
			held[i].want += e.ev[held[i].id];
	anchor_want += e.ev[AXIPERF_EV_RD_BEATS];
	/* the anchor after every pattern: a loss shows where it happened */
	if (anchor_fd >= 0) {
		uint64_t v[3] = { 0 };

		if (read(anchor_fd, v, sizeof(v)) == sizeof(v) && v[0] != anchor_want) {
			if (!anchor_wrong++)
				printf("# op %llu: after pattern '%s' (%llu beats) the anchor reads %llu, "
				       "closed form %llu\n", nops, fit.name,
				       (unsigned long long)e.ev[AXIPERF_EV_RD_BEATS],
				       (unsigned long long)v[0], (unsigned long long)anchor_want);
			anchor_want = v[0];	/* counted once; the next ones from here */
		}
	}
	nok++;
}

static int run(const char *cmd)
{
	int rc = system(cmd);

	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* ---- the second thread ------------------------------------------------ */

/*
 * Its own events, opened, ioctl'd and closed at random, and reads of the
 * main thread's as they come and go. It holds none while `pause2` is set
 * (an unload must find no event open), and says so in `paused2`.
 */
static volatile int stop2, pause2, paused2;
/* its operations: one for each of the main thread's (tokens), no faster */
static unsigned long long tokens2;
static pthread_mutex_t token_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t token_cond = PTHREAD_COND_INITIALIZER;

/* the main thread: one more operation for the second */
static void give_token(void)
{
	pthread_mutex_lock(&token_lock);
	tokens2++;
	pthread_cond_signal(&token_cond);
	pthread_mutex_unlock(&token_lock);
}

/* the second thread: wait for a token (0 when told to stop or pause) */
static int take_token(void)
{
	int got = 0;

	pthread_mutex_lock(&token_lock);
	while (!tokens2 && !stop2 && !pause2)
		pthread_cond_wait(&token_cond, &token_lock);
	if (tokens2 && !stop2 && !pause2) {
		tokens2--;
		got = 1;
	}
	pthread_mutex_unlock(&token_lock);
	return got;
}
static uint64_t rng2 = 0x2545f4914f6cdd1dull;

static unsigned int below2(unsigned int n)
{
	rng2 ^= rng2 << 13;
	rng2 ^= rng2 >> 7;
	rng2 ^= rng2 << 17;
	return n ? (unsigned int)(rng2 % n) : 0;
}

/* rc: the call's result (< 0 refused, errno then says why) */
static void t2_tally(int op, long rc)
{
	int e = errno, ok = rc >= 0;

	pthread_mutex_lock(&tally_lock);
	if (ok)
		t2_done[op]++;
	else
		t2_refused[op]++;
	pthread_mutex_unlock(&tally_lock);
	if (!ok)
		refusal("second thread", e);
}

static void *second_thread(void *arg)
{
	int own[8], nown = 0;

	(void)arg;
	while (!stop2) {
		unsigned int r = below2(100);

		/* no faster than the main thread: the pair's time stays near one's */
		if (!pause2 && !take_token())
			continue;

		if (pause2) {
			while (nown)
				t2_tally(OP_CLOSE, close(own[--nown]));
			paused2 = 1;
			usleep(1000);
			continue;
		}
		paused2 = 0;
		if (r < 30 && nown < 8 && npmu) {
			struct perf_event_attr a;
			int p = (int)below2((unsigned int)npmu), fd;

			memset(&a, 0, sizeof(a));
			a.size = sizeof(a);
			a.type = (uint32_t)pmus[p].type;
			a.config = pmus[p].nev ? pmus[p].ev[below2(pmus[p].nev)] : 0;
			a.disabled = below2(2);
			fd = (int)syscall(SYS_perf_event_open, &a, pmus[p].cpu_pmu && below2(2) ? 0 : -1,
					  pmus[p].cpu_pmu && below2(2) ? -1 : 0, -1, 0);
			/* the CPU's per-task or CPU-wide, as drawn; both may be refused */
			t2_tally(OP_OPEN, fd);
			if (fd >= 0)
				own[nown++] = fd;
		} else if (r < 50 && nown) {
			static const unsigned long req[] = { PERF_EVENT_IOC_ENABLE, PERF_EVENT_IOC_DISABLE,
							     PERF_EVENT_IOC_RESET };
			int rc = ioctl(own[below2(nown)], req[below2(3)], 0);

			t2_tally(OP_IOCTL, rc);
		} else if (r < 85) {
			uint64_t v[4];
			int fd = -1;
			ssize_t rc;

			/* a main thread's event, maybe being closed as it is read */
			pthread_mutex_lock(&held_lock);
			if (nheld)
				fd = held[below2(nheld)].fd;
			pthread_mutex_unlock(&held_lock);
			if (fd < 0 && nown)
				fd = own[below2(nown)];
			if (fd < 0)
				continue;
			rc = read(fd, v, sizeof(v));
			t2_tally(OP_READ, rc);
		} else if (nown) {
			unsigned int i = below2(nown);

			t2_tally(OP_CLOSE, close(own[i]));
			own[i] = own[--nown];
		}
	}
	while (nown)
		close(own[--nown]);
	return NULL;
}

static int have2;	/* the second thread runs */

/* the second thread holds no event until resume_second() */
static void pause_second(void)
{
	if (!have2)
		return;
	paused2 = 0;
	pthread_mutex_lock(&token_lock);
	pause2 = 1;
	pthread_cond_signal(&token_cond);
	pthread_mutex_unlock(&token_lock);
	while (!paused2 && !stop2)
		usleep(1000);
}

static void resume_second(void)
{
	pause2 = 0;
}

/* Unload with an event open (refused), then with none, and load again. */
static void op_reload(void)
{
	struct perf_event_attr a;
	int fd;

	pause_second();
	drop_all();
	anchor_close();
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)pmus[axiperf0].type;
	a.config = pmus[axiperf0].nev ? pmus[axiperf0].ev[0] : 0;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	/* what is loaded after each rmmod, not its exit status (some busybox
	 * rmmod exit 0 when the kernel refused) */
	if (fd >= 0) {
		run("rmmod axiperf 2>/dev/null");
		if (access("/sys/module/axiperf", F_OK) && !bad++)
			printf("# op %llu: rmmod axiperf succeeded with an event open\n", nops);
		close(fd);
	}
	if (!access("/sys/module/axiperf_mb", F_OK) &&
	    (run("rmmod axiperf_mb"), !access("/sys/module/axiperf_mb", F_OK)) && !bad++)
		printf("# op %llu: rmmod axiperf_mb failed with no event open\n", nops);
	if (!access("/sys/module/axiperf", F_OK) &&
	    (run("rmmod axiperf"), !access("/sys/module/axiperf", F_OK)) && !bad++)
		printf("# op %llu: rmmod axiperf failed with no event open\n", nops);
	if (run("insmod /lib/modules/axiperf.ko") && !bad++)
		printf("# op %llu: insmod axiperf.ko failed after the unload\n", nops);
	if (!access("/lib/modules/axiperf_mb.ko", F_OK) && run("insmod /lib/modules/axiperf_mb.ko") &&
	    !bad++)
		printf("# op %llu: insmod axiperf_mb.ko failed after the unload\n", nops);
	/* the PMUs' types changed: the second thread must not open meanwhile */
	scan_pmus();
	anchor_open();
	resume_second();
	nok++;
}

/* CPU 1 offline and back: the PMUs' contexts move, no count is lost */
static unsigned long long hotplugs;

static void op_hotplug(void)
{
	const char *f = "/sys/devices/system/cpu/cpu1/online";

	if (run("echo 0 > /sys/devices/system/cpu/cpu1/online") ||
	    run("echo 1 > /sys/devices/system/cpu/cpu1/online")) {
		if (!bad++)
			printf("# op %llu: %s did not take 0 and then 1\n", nops, f);
		return;
	}
	hotplugs++;
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
	if (anchor_fd >= 0) {
		uint64_t v[3] = { 0 };

		n++;
		sum += anchor_want;
		if (read(anchor_fd, v, sizeof(v)) != sizeof(v) || v[0] != anchor_want) {
			if (!wrong++)
				printf("#   the anchor (axiperf0 rd_beats): read %llu, closed form %llu "
				       "(enabled %llu ns, running %llu ns)\n", (unsigned long long)v[0],
				       (unsigned long long)anchor_want, (unsigned long long)v[1],
				       (unsigned long long)v[2]);
		}
	}
	tap_result(!wrong && !anchor_wrong && (!expect_tracked || sum),
		   "the %u events left open untouched since their open (the anchor among them) count "
		   "exactly what the generator's closed form gives for the patterns since (%llu in all; "
		   "%u wrong), and the anchor did after every pattern (%u times not)", n,
		   (unsigned long long)sum, wrong, anchor_wrong);
}

static void check_fresh_group(void)
{
	struct tg_pattern fit;
	struct tg_expect e;
	int fds[64], n = 0, ok = 1, memfd;
	unsigned int ids[64];
	volatile uint32_t *tg;

	tg_fit_link(&tg_patterns[2], &link0, &fit);
	if (axiperf0 < 0 || tg_expect(&fit, &link0, &e)) {
		tap_result(0, "axiperf0 is there after the fuzzing");
		return;
	}
	for (unsigned int k = 0; k < pmus[axiperf0].nev && n < 64; k++) {
		struct perf_event_attr a;
		unsigned int ev = (unsigned int)pmus[axiperf0].ev[k];

		if (ev > AXIPERF_EV_MAX || AXIPERF_EVENT_IS_GAUGE(ev))
			continue;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = (uint32_t)pmus[axiperf0].type;
		a.config = ev;
		a.disabled = n == 0;
		fds[n] = (int)syscall(SYS_perf_event_open, &a, -1, 0, n ? fds[0] : -1, 0);
		if (fds[n] < 0) {
			printf("#   axiperf0 event %u: %s\n", ev, strerror(errno));
			ok = 0;
			break;
		}
		ids[n++] = ev;
	}
	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	tg = memfd >= 0 ? tg_map(memfd, tg_base) : NULL;
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

/* each operation on each PMU: the tallies, and at least one success of each */
static void check_tallies(void)
{
	printf("#   %-18s", "done/refused");
	for (int op = 0; op < NOPS_KINDS; op++)
		printf(" %13s", op_name[op]);
	printf("\n");
	for (int p = -1; p < npmu; p++) {
		int none = 0;

		printf("#   %-18s", p < 0 ? "(not ours)" : pmus[p].name);
		for (int op = 0; op < NOPS_KINDS; op++) {
			char cell[32];

			snprintf(cell, sizeof(cell), "%llu/%llu", done_by[p + 1][op], refused_by[p + 1][op]);
			printf(" %13s", cell);
			none |= !done_by[p + 1][op];
		}
		printf("\n");
		if (p >= 0)
			tap_result(!none, "every operation (open, ioctl, read, mmap, close) succeeded at "
				   "least once on %s", pmus[p].name);
	}
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
	int unload = 1, hotplug = 0, threads = 2;
	pthread_t t2;
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
		else if (!strcmp(argv[i], "--tg-base") && i + 1 < argc)
			tg_base = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--hotplug"))
			hotplug = 1;
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc &&
			 (!strcmp(argv[i + 1], "1") || !strcmp(argv[i + 1], "2")))
			threads = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: perf_fuzz [--seed S] [--ops N (0: until ^C)] [--no-unload] "
				"[--expect-tracked] [--tg-base ADDR] [--hotplug] [--threads 1|2]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
	klogctl(5 /* SYSLOG_ACTION_CLEAR */, NULL, 0);
	scan_pmus();
	if (axiperf0 < 0) {
		printf("Bail out! axiperf0 is not in sysfs: load axiperf.ko first\n");
		return 1;
	}
	printf("# perf_fuzz --seed %llu --ops %llu%s --tg-base %#lx%s --threads %d\n",
	       (unsigned long long)seed, ops_total, unload ? "" : " --no-unload", tg_base,
	       hotplug ? " --hotplug" : "", threads);
	printf("# PMUs:");
	for (int p = 0; p < npmu; p++)
		printf(" %s", pmus[p].name);
	printf("\n");
	rng2 ^= seed;
	if (threads == 2 && pthread_create(&t2, NULL, second_thread, NULL)) {
		printf("Bail out! no second thread\n");
		return 1;
	}
	have2 = threads == 2;
	anchor_open();
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
		} else if (r < 988 || (r < 998 && !hotplug))
			op_traffic();
		else if (r < 998)
			op_hotplug();
		else if (unload)
			op_reload();
		if (have2)
			give_token();
		if (!ops_total && nops && !(nops % 10000))
			printf("# %llu operations, %llu done, %llu refused, %lld s\n", nops, nok,
			       nrefused, (long long)(time(NULL) - t0));
	}
	if (threads == 2) {
		pthread_mutex_lock(&token_lock);
		stop2 = 1;
		pthread_cond_signal(&token_cond);
		pthread_mutex_unlock(&token_lock);
		pthread_join(t2, NULL);
	}
	tap_result(!bad, "%llu random operations (seed %llu): %llu done, %llu refused, each with "
		   "an errno a user can act on", nops, (unsigned long long)seed, nok, nrefused);
	printf("#   refusals by errno:");
	for (int e = 0; e < 200; e++)
		if (errs[e])
			printf(" %d (%s) %llu", e, strerror(e), errs[e]);
	printf("\n");
	check_tallies();
	if (threads == 2)
		tap_result(t2_done[OP_OPEN] && t2_done[OP_READ] && t2_done[OP_IOCTL] && t2_done[OP_CLOSE],
			   "the second thread's opens, reads, ioctls and closes at the same time each "
			   "succeeded (%llu, %llu, %llu, %llu done; %llu, %llu, %llu, %llu refused)",
			   t2_done[OP_OPEN], t2_done[OP_READ], t2_done[OP_IOCTL], t2_done[OP_CLOSE],
			   t2_refused[OP_OPEN], t2_refused[OP_READ], t2_refused[OP_IOCTL],
			   t2_refused[OP_CLOSE]);
	if (hotplug)
		tap_result(hotplugs > 0, "CPU 1 went offline and came back %llu times meanwhile", hotplugs);
	op_traffic();	/* one more pattern: every tracked axiperf0 event sees traffic */
	check_tracked();
	drop_all();
	anchor_close();
	check_fresh_group();
	check_log();
	if (tap_failures)
		printf("# replay: perf_fuzz --seed %llu --ops %llu%s --tg-base %#lx%s --threads %d\n",
		       (unsigned long long)seed, nops, unload ? "" : " --no-unload", tg_base,
		       hotplug ? " --hotplug" : "", threads);
	printf("# %lld s\n", (long long)(time(NULL) - t0));
	return tap_done();
}
