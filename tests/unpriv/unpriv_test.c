// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * unpriv_test: who may count, in the test bed's guest (run as root, the
 * modules loaded). The monitors see every master's traffic and the MDM
 * every task's instructions, so only a user the administrator allowed may
 * count them, and no file of ours lets anyone else change anything.
 *
 * For each perf_event_paranoid level (3, Debian's default; 2, this
 * kernel's; 1, 0, -1) a child turns into uid 1000, with no capability or
 * keeping CAP_PERFMON (tests/unpriv/runas.c does the same), and opens a
 * system-wide event of axiperf0 and of microblaze0 (when axiperf_mb.ko
 * is loaded) on CPU 0; the errno comes back through a pipe and is compared
 * with perf's rules: EACCES at 3 without CAP_SYS_ADMIN (Debian), at 2
 * without CAP_PERFMON (the kernel counts too), at 1 without CAP_PERFMON
 * (a CPU-wide event); allowed at 0 and -1. Where an unprivileged user is
 * allowed, it counts a generator pattern exactly (closed form). Then
 * every attribute of our PMUs and modules is read-only for uid 1000.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "axiperf-tg-regs.h"
#include "become_user.h"
#include "tap.h"
#include "tg_pattern.h"

#define USER		1000
#define PMU_ROOT	"/sys/bus/event_source/devices/"
#define PARANOID	"/proc/sys/kernel/perf_event_paranoid"

/* ---- a child that is uid 1000 ----------------------------------------- */

static int drop_to_user(int perfmon)
{
	return become_user(USER, perfmon, 0) ? -1 : 0;
}

/* An event of a PMU by its sysfs name, its terms placed by format/. */
struct ev {
	uint32_t type;
	uint64_t config, config1;
};

static int pmu_event(const char *pmu, const char *name, struct ev *e)
{
	char path[256], buf[256], fmt[64], *t, *save = NULL;

	memset(e, 0, sizeof(*e));
	snprintf(path, sizeof(path), PMU_ROOT "%s/type", pmu);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return -1;
	e->type = (uint32_t)strtoul(buf, NULL, 0);
	snprintf(path, sizeof(path), PMU_ROOT "%s/events/%s", pmu, name);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return -1;
	for (t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		unsigned int lo, hi;
		uint64_t v = eq ? strtoull(eq + 1, NULL, 0) : 1, *dst;

		if (eq)
			*eq = 0;
		snprintf(path, sizeof(path), PMU_ROOT "%s/format/%s", pmu, t);
		if (read_file(path, fmt, sizeof(fmt)) < 0)
			return -1;
		if (sscanf(fmt, "config1:%u-%u", &lo, &hi) == 2)
			dst = &e->config1;
		else if (sscanf(fmt, "config:%u-%u", &lo, &hi) == 2)
			dst = &e->config;
		else
			return -1;
		*dst |= v << lo;
	}
	return 0;
}

static int open_cpu_wide(const struct ev *e)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = e->type;
	a.config = e->config;
	a.config1 = e->config1;
	return (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
}

/* Pattern p on generator 0 through /dev/mem, as root; unmapped again so
 * that no later child (uid 1000) inherits the mapping. */
static int tg_run_pattern(const struct tg_pattern *p, const struct tg_link *k)
{
	int fd = open("/dev/mem", O_RDWR | O_SYNC), rc = -1;
	volatile uint32_t *tg;

	if (fd < 0)
		return -1;
	tg = tg_map(fd, AXIPERF_TG_BASE);
	close(fd);
	if (!tg)
		return -1;
	tg_program(tg, p, k);
	rc = tg_run(tg, AXIPERF_TG_GO, 20000);
	munmap((void *)tg, AXIPERF_TG_WINDOW);
	return rc;
}

/*
 * As uid 1000 (perfmon: keeping CAP_PERFMON): open e on CPU 0. The errno
 * (0: opened). With count, the parent runs pattern p on generator g once
 * the event is open, and *value is the count read after it.
 */
static int as_user_open(int perfmon, const struct ev *e, const struct tg_pattern *p,
			const struct tg_link *k, uint64_t *value)
{
	int to_parent[2], to_child[2], st;
	int32_t err = -1;
	uint64_t v = 0;
	pid_t pid;
	char go;

	if (pipe(to_parent) || pipe(to_child))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd;

		close(to_parent[0]);
		close(to_child[1]);
		if (drop_to_user(perfmon)) {
			err = -2;
			if (write(to_parent[1], &err, sizeof(err)) < 0)
				_exit(1);
			_exit(1);
		}
		fd = open_cpu_wide(e);
		err = fd < 0 ? errno : 0;
		if (write(to_parent[1], &err, sizeof(err)) != sizeof(err))
			_exit(1);
		if (fd >= 0 && p) {
			if (read(to_child[0], &go, 1) != 1 || read(fd, &v, sizeof(v)) != sizeof(v))
				v = ~(uint64_t)0;
			if (write(to_parent[1], &v, sizeof(v)) != sizeof(v))
				_exit(1);
		}
		_exit(0);
	}
	close(to_parent[1]);
	close(to_child[0]);
	if (read(to_parent[0], &err, sizeof(err)) != sizeof(err))
		err = -3;
	if (err == 0 && p) {
		/* the traffic, as root, while the user's event counts */
		if (tg_run_pattern(p, k))
			err = -4;
		go = 1;
		if (write(to_child[1], &go, 1) != 1 || read(to_parent[0], &v, sizeof(v)) != sizeof(v))
			err = -5;
		*value = v;
	}
	close(to_parent[0]);
	close(to_child[1]);
	waitpid(pid, &st, 0);
	return err;
}

/* ---- read-only for everyone ------------------------------------------- */

static unsigned int ro_files, ro_bad;
static char ro_first_bad[300];

/* A regular file: not writable by group or others, and not by uid 1000. */
static int check_ro(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	pid_t pid;
	int status;

	(void)ftw;
	if (flag != FTW_F || !S_ISREG(st->st_mode))
		return 0;
	ro_files++;
	pid = fork();
	if (pid == 0) {
		int fd;

		if (drop_to_user(0))
			_exit(2);
		fd = open(path, O_WRONLY);
		_exit(fd >= 0 ? 1 : errno == EACCES ? 0 : 3);
	}
	waitpid(pid, &status, 0);
	if ((st->st_mode & (S_IWGRP | S_IWOTH)) || !WIFEXITED(status) || WEXITSTATUS(status)) {
		if (!ro_bad++)
			snprintf(ro_first_bad, sizeof(ro_first_bad), "%s (mode %o, child %d)", path,
				 (unsigned int)(st->st_mode & 07777),
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	return 0;
}

static void read_only_tree(const char *dir)
{
	char real[PATH_MAX];

	ro_files = ro_bad = 0;
	*ro_first_bad = 0;
	if (access(dir, F_OK))
		return;
	/* the PMU's directory is a link under /sys/bus; inside it, FTW_PHYS
	 * leaves the device, subsystem and driver links alone */
	if (!realpath(dir, real)) {
		tap_result(0, "%s: realpath: %s", dir, strerror(errno));
		return;
	}
	nftw(real, check_ro, 16, FTW_PHYS);
	tap_result(ro_files && !ro_bad, "%s: each of its %u files is read-only for uid %d "
		   "(no group or other write bit, open(O_WRONLY) gives EACCES)%s%s", dir, ro_files,
		   USER, ro_bad ? "; first not: " : "", ro_first_bad);
}

/* ---- the matrix --------------------------------------------------------- */

static const char *errname(int e)
{
	switch (e) {
	case 0: return "allowed";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENOENT: return "ENOENT";
	case EBUSY: return "EBUSY";
	case -2: return "(could not become uid 1000)";
	case -3: return "(the child died)";
	case -4: return "(the generator did not finish)";
	case -5: return "(the count did not come back)";
	default: return strerror(e);
	}
}

/* What perf's rules give for a CPU-wide event that counts the kernel too. */
static int expected(int paranoid, int perfmon)
{
	if (paranoid > 2)
		return EACCES;	/* Debian: CAP_SYS_ADMIN only */
	if (paranoid > 0 && !perfmon)
		return EACCES;	/* >1: the kernel counted; >0: a CPU-wide event */
	return 0;
}

int main(void)
{
	static const int levels[] = { 3, 2, 1, 0, -1 };
	const char *pmus[] = { "axiperf0", "microblaze0" };
	const char *events[] = { "rd_beats", "instructions" };
	const struct tg_link k0 = { .data_bytes = 8, .id_slots = 4 };	/* generator 0 */
	struct tg_pattern p;
	struct tg_expect ex;
	char buf[32];
	int orig, fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (getuid() != 0) {
		printf("Bail out! unpriv_test runs as root: it becomes uid %d itself\n", USER);
		return 1;
	}
	if (read_file(PARANOID, buf, sizeof(buf)) < 0) {
		printf("Bail out! cannot read %s\n", PARANOID);
		return 1;
	}
	orig = atoi(buf);
	tap_result(orig == 2, "this kernel's default perf_event_paranoid is 2 (read %d; Debian's "
		   "own kernels default to 3, tested below)", orig);
	tg_fit_link(&tg_patterns[1], &k0, &p);
	if (tg_expect(&p, &k0, &ex)) {
		printf("Bail out! pattern '%s' has no closed form\n", p.name);
		return 1;
	}

	for (size_t m = 0; m < sizeof(pmus) / sizeof(pmus[0]); m++) {
		struct ev e;

		if (pmu_event(pmus[m], events[m], &e)) {
			if (m == 0)
				tap_result(0, "%s/%s is in sysfs", pmus[m], events[m]);
			else
				tap_skip("%s: axiperf_mb.ko not loaded", pmus[m]);
			continue;
		}
		for (size_t l = 0; l < sizeof(levels) / sizeof(levels[0]); l++) {
			snprintf(buf, sizeof(buf), "%d", levels[l]);
			if (write_file(PARANOID, buf)) {
				tap_result(0, "perf_event_paranoid can be set to %d", levels[l]);
				continue;
			}
			for (int perfmon = 0; perfmon < 2; perfmon++) {
				int want = expected(levels[l], perfmon), got;
				/* where allowed, axiperf0 counts a pattern as uid 1000 */
				int count = !want && m == 0 && (levels[l] == -1 || perfmon);
				uint64_t v = 0;

				got = as_user_open(perfmon, &e, count ? &p : NULL, &k0, &v);
				if (count && !got)
					tap_result(v == ex.ev[AXIPERF_EV_RD_BEATS],
						   "paranoid %d, uid %d%s: %s/%s CPU-wide is allowed and "
						   "counts '%s' exactly (%llu, closed form %llu)",
						   levels[l], USER, perfmon ? " with CAP_PERFMON" : "",
						   pmus[m], events[m], p.name, (unsigned long long)v,
						   (unsigned long long)ex.ev[AXIPERF_EV_RD_BEATS]);
				else
					tap_result(got == want, "paranoid %d, uid %d%s: %s/%s CPU-wide: "
						   "%s (want %s)", levels[l], USER,
						   perfmon ? " with CAP_PERFMON" : "", pmus[m], events[m],
						   errname(got), errname(want));
			}
		}
		snprintf(buf, sizeof(buf), "%d", orig);
		write_file(PARANOID, buf);
		/* root (CAP_SYS_ADMIN) at Debian's 3: still allowed */
		write_file(PARANOID, "3");
		fd = open_cpu_wide(&e);
		tap_result(fd >= 0, "paranoid 3, root: %s/%s CPU-wide is allowed (%s)", pmus[m],
			   events[m], fd >= 0 ? "opened" : strerror(errno));
		if (fd >= 0)
			close(fd);
		snprintf(buf, sizeof(buf), "%d", orig);
		write_file(PARANOID, buf);
	}

	/* nothing of ours is writable by uid 1000; the registers stay root's */
	read_only_tree(PMU_ROOT "axiperf0/");
	read_only_tree(PMU_ROOT "axiperf1/");
	read_only_tree(PMU_ROOT "microblaze0/");
	read_only_tree("/sys/module/axiperf/");
	read_only_tree("/sys/module/axiperf_mb/");
	{
		pid_t pid = fork();
		int st;

		if (pid == 0) {
			if (drop_to_user(0))
				_exit(2);
			_exit(open("/dev/mem", O_RDONLY) < 0 && errno == EACCES ? 0 : 1);
		}
		waitpid(pid, &st, 0);
		tap_result(WIFEXITED(st) && !WEXITSTATUS(st), "uid %d cannot open /dev/mem (EACCES): "
			   "the monitors' and the MDM's registers, and its JTAG lock, are reached "
			   "only through the driver", USER);
	}
	return tap_done();
}
