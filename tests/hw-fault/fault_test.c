// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * fault_test: a monitor that misbehaves while perf counts it, in the test
 * bed's guest (as root, axiperf.ko loaded). The generator's test-only
 * FAULT register makes axiperf0's monitor misbehave:
 *   --all-ones   every register reads 0xffffffff (a bitstream reloaded
 *                under the driver, a bus error): the events keep their
 *                last good values with one message, never count the
 *                all-ones as deltas, and count on exactly once the
 *                monitor answers again; axiperf1 counts on undisturbed;
 *   --irq-stuck  its interrupt line held high with nothing pending: the
 *                driver masks it with one message (no storm, no "nobody
 *                cared"), extends the counters by polling meanwhile (a
 *                32-bit wrap is still counted), and takes the line again
 *                at the next start, once the fault is gone;
 *   --link-held  axiperf1's mon_aresetn tied low under live traffic: every
 *                clock idle, one message at the start, the closed form
 *                again once the reset is high.
 * Counts are compared with the generator's closed form. TAP on stdout.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "axiperf-tg-regs.h"
#include "axiperf/regs.h"
#include "tap.h"
#include "tg_pattern.h"

#define PMU_ROOT	"/sys/bus/event_source/devices/"
#define NBUSY		7	/* test_link_held's busy events */

struct mon {
	const char *name;
	unsigned long tg_base;
	struct tg_link link;
	volatile uint32_t *tg;
	int type;
};

static struct mon mons[2] = {
	{ "axiperf0", AXIPERF_TG_BASE, { .data_bytes = 8, .id_slots = 4 }, NULL, -1 },
	{ "axiperf1", 0x43c30000u, { .data_bytes = 4, .id_slots = 4 }, NULL, -1 },
};

/* Event id on m, in leader's group (-1: none); group: read as a group
 * (PERF_FORMAT_GROUP), a leader opened disabled so it starts at one instant */
static int open_in(const struct mon *m, unsigned int id, int leader, int group)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)m->type;
	a.config = id;
	if (group) {
		a.read_format = PERF_FORMAT_GROUP;
		a.disabled = leader < 0;
	}
	return (int)syscall(SYS_perf_event_open, &a, -1, 0, leader, 0);
}

static int open_event(const struct mon *m, unsigned int id)
{
	return open_in(m, id, -1, 0);
}

static uint64_t value(int fd)
{
	uint64_t v = ~0ull;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return ~0ull;
	return v;
}

/* The pattern p fitted to m's link, run once; its closed form in e. */
static int run(struct mon *m, const struct tg_pattern *orig, struct tg_expect *e)
{
	struct tg_pattern p;

	tg_fit_link(orig, &m->link, &p);
	if (tg_expect(&p, &m->link, e))
		return -1;
	tg_program(m->tg, &p, &m->link);
	return tg_run(m->tg, AXIPERF_TG_GO, 20000);
}

static void fault(struct mon *m, uint32_t bits)
{
	m->tg[AXIPERF_TG_FAULT / 4] = bits;
}

static void test_all_ones(void)
{
	const struct tg_pattern *p = &tg_patterns[2];
	struct tg_expect e, e1;
	int fd = open_event(&mons[0], AXIPERF_EV_RD_BEATS);
	int fd1 = open_event(&mons[1], AXIPERF_EV_RD_BEATS);
	uint64_t v, w;

	if (fd < 0 || fd1 < 0 || run(&mons[0], p, &e)) {
		tap_result(0, "all ones: the events open and a pattern runs (%s)", strerror(errno));
		return;
	}
	v = value(fd);
	tap_result(v == e.ev[AXIPERF_EV_RD_BEATS], "axiperf0 rd_beats counts '%s' (%llu, closed "
		   "form %llu)", p->name, (unsigned long long)v,
		   (unsigned long long)e.ev[AXIPERF_EV_RD_BEATS]);

	fault(&mons[0], AXIPERF_TG_FAULT_ALL_ONES);
	v = value(fd);
	w = value(fd);
	tap_result(v == e.ev[AXIPERF_EV_RD_BEATS] && w == v, "every register reading all ones: "
		   "two reads give the last good value (%llu, %llu), no all-ones delta",
		   (unsigned long long)v, (unsigned long long)w);
	tap_result(count_in_log("axiperf0: every register reads all ones: the monitor does not answer") == 1,
		   "one message names axiperf0 and the fault (%u in the log)",
		   count_in_log("axiperf0: every register reads all ones"));
	if (run(&mons[1], p, &e1) == 0) {
		v = value(fd1);
		tap_result(v == e1.ev[AXIPERF_EV_RD_BEATS], "meanwhile axiperf1 counts its own "
			   "traffic undisturbed (%llu, closed form %llu)", (unsigned long long)v,
			   (unsigned long long)e1.ev[AXIPERF_EV_RD_BEATS]);
	} else {
		tap_result(0, "meanwhile axiperf1 counts its own traffic undisturbed");
	}

	fault(&mons[0], 0);
	v = value(fd);
	tap_result(v == e.ev[AXIPERF_EV_RD_BEATS] &&
		   count_in_log("axiperf0: the monitor answers again") == 1,
		   "the fault gone: the value is the last good one (%llu) and one message says "
		   "counting goes on", (unsigned long long)v);
	if (run(&mons[0], p, &e)) {
		tap_result(0, "after the fault, a pattern runs");
	} else {
		v = value(fd);
		tap_result(v == 2 * e.ev[AXIPERF_EV_RD_BEATS], "after the fault the monitor counts "
			   "again: a second '%s' adds exactly its closed form (%llu)", p->name,
			   (unsigned long long)v);
	}
	close(fd);
	close(fd1);
}

/* The interrupt count of axiperf0's line, from /proc/interrupts. */
static long long irq_count(void)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[512];
	long long n = -1;

	while (f && fgets(line, sizeof(line), f)) {
		if (!strstr(line, "axiperf0") && !strstr(line, "43c00000"))
			continue;
		if (sscanf(line, "%*s %lld", &n) == 1)
			break;
	}
	if (f)
		fclose(f);
	return n;
}

static void test_irq_stuck(void)
{
	const struct tg_pattern *p = &tg_patterns[2];
	char buf[64];
	struct tg_expect e;
	uint64_t v;
	long long c0, c1;
	unsigned int poll_ms;
	int fd = open_event(&mons[0], AXIPERF_EV_RD_BEATS);

	if (fd < 0) {
		tap_result(0, "irq stuck: the event opens (%s)", strerror(errno));
		return;
	}
	fault(&mons[0], AXIPERF_TG_FAULT_IRQ_STUCK);
	usleep(200000);
	c0 = irq_count();
	tap_result(count_in_log("axiperf0: interrupt") == 1 && count_in_log("is stuck high with no cause pending: masked") == 1 &&
		   !count_in_log("nobody cared"),
		   "the line stuck high: one message masks it (%u), the kernel's 'nobody cared' never "
		   "comes", count_in_log("is stuck high"));
	read_file(PMU_ROOT "axiperf0/caps/poll_period_ns", buf, sizeof(buf));
	poll_ms = (unsigned int)(strtoull(buf, NULL, 0) / 1000000) + 1;
	tap_result(poll_ms > 1 && read_file(PMU_ROOT "axiperf0/caps/irq", buf, sizeof(buf)) == 0 &&
		   !strcmp(buf, "0"), "caps: irq 0 and a poll period (%u ms) while masked", poll_ms);

	/*
	 * Wraps while masked, for real: the generator's PRESET moves the
	 * counters to just below half their range, then to just below the
	 * top, and a pattern crosses each; with no read in between, only the
	 * poll can see every crossing (a missed one is 2^32 short). To the
	 * driver a preset counts like any other step (tests/selftests'
	 * test_wraps does the same on a healthy line).
	 */
	{
		static const uint64_t presets[4] = { 0x7fffff00u, 0xffffff00u, 0x7fffff00u,
						     0xffffff00u };
		uint64_t want = 0, hw = value(fd), base = hw;
		int ok = 1;

		for (int k = 0; k < 4; k++) {
			mons[0].tg[AXIPERF_TG_PRESET_LO / 4] = (uint32_t)presets[k];
			mons[0].tg[AXIPERF_TG_PRESET_HI / 4] = 0;
			mons[0].tg[AXIPERF_TG_PRESET_CMD / 4] = 1;
			ok &= run(&mons[0], p, &e) == 0;
			want += ((presets[k] - hw) & 0xffffffffu) + e.ev[AXIPERF_EV_RD_BEATS];
			hw = (presets[k] + e.ev[AXIPERF_EV_RD_BEATS]) & 0xffffffffu;
			usleep(3 * poll_ms * 1000);
		}
		v = value(fd) - base;
		c1 = irq_count();
		tap_result(ok && v == want && c1 == c0,
			   "masked: 2 wraps and 2 half-range crossings of the 32-bit counters, no read "
			   "between, all counted by polling (%#llx, want %#llx); the line takes no "
			   "interrupt (%lld, %lld)", (unsigned long long)v, (unsigned long long)want,
			   c0, c1);
	}
	fault(&mons[0], 0);
	close(fd);

	/* the next start takes the line again */
	fd = open_event(&mons[0], AXIPERF_EV_RD_BEATS);
	if (fd < 0 || run(&mons[0], p, &e)) {
		tap_result(0, "the fault gone: the event opens again and a pattern runs");
		return;
	}
	v = value(fd);
	tap_result(v == e.ev[AXIPERF_EV_RD_BEATS] && count_in_log("axiperf0: interrupt") >= 2 &&
		   count_in_log("unmasked again") == 1 &&
		   read_file(PMU_ROOT "axiperf0/caps/irq", buf, sizeof(buf)) == 0 && !strcmp(buf, "1"),
		   "the fault gone, the next start unmasks the line (one message, caps/irq 1) and "
		   "counts exactly (%llu)", (unsigned long long)v);
	close(fd);
}

/*
 * axiperf1's mon_aresetn tied low while its link carries traffic: every
 * clock counts as idle (each busy category stays 0 while the pattern's
 * closed form has it), the start says why; once the reset is high the
 * same pattern counts its closed form.
 */
static void test_link_held(void)
{
	static const unsigned int busy[NBUSY] = {
		AXIPERF_EV_RD_BEATS, AXIPERF_EV_RD_BURSTS, AXIPERF_EV_RD_AR_CYCLES,
		AXIPERF_EV_RD_LAG, AXIPERF_EV_RD_SLOW_LINK, AXIPERF_EV_WR_BEATS,
		AXIPERF_EV_WR_BURSTS,
	};
	const struct tg_pattern *p = &tg_patterns[2];
	struct mon *m = &mons[1];
	const char *msg = "axiperf1: counting starts with the watched link in reset (mon_aresetn low)";
	unsigned int before = count_in_log(msg), i, n = 0, bad = 0, want = 0;
	/* nr, then active_cycles, rd_idle, wr_idle, the busy ones */
	uint64_t g0[4 + NBUSY], g[4 + NBUSY];
	struct tg_expect e;
	int fd[3 + NBUSY], ok = 1;

	fault(m, AXIPERF_TG_FAULT_LINK_HELD);
	fd[0] = open_in(m, AXIPERF_EV_ACTIVE_CYCLES, -1, 1);
	fd[1] = open_in(m, AXIPERF_EV_RD_IDLE, fd[0], 1);
	fd[2] = open_in(m, AXIPERF_EV_WR_IDLE, fd[0], 1);
	for (i = 0; i < NBUSY; i++)
		fd[3 + i] = open_in(m, busy[i], fd[0], 1);
	for (i = 0; i < 3 + NBUSY; i++)
		ok &= fd[i] >= 0;
	if (!ok || ioctl(fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP) ||
	    read(fd[0], g0, sizeof(g0)) != (ssize_t)sizeof(g0) || run(m, p, &e) ||
	    read(fd[0], g, sizeof(g)) != (ssize_t)sizeof(g)) {
		tap_result(0, "link held in reset: the events open as a group, a pattern runs and "
			   "the group reads (%s)", strerror(errno));
		fault(m, 0);
		goto out;
	}
	for (i = 0; i < NBUSY; i++) {
		want += e.ev[busy[i]] != 0;
		bad += g[4 + i] != g0[4 + i];
	}
	tap_result(want && !bad && g[1] > g0[1] && g[2] > g0[2] && g[3] > g0[3],
		   "link held in reset: '%s' (%llu read beats, %u busy events with a count on "
		   "the link) counts in no busy category (%u do), only idle clocks (active_cycles "
		   "+%llu, rd_idle +%llu, wr_idle +%llu)", p->name,
		   (unsigned long long)e.ev[AXIPERF_EV_RD_BEATS], want, bad,
		   (unsigned long long)(g[1] - g0[1]), (unsigned long long)(g[2] - g0[2]),
		   (unsigned long long)(g[3] - g0[3]));
	tap_result(count_in_log(msg) == before + 1,
		   "one message at the start names axiperf1 and the held reset (%u new)",
		   count_in_log(msg) - before);
	fault(m, 0);
	if (run(m, p, &e) || read(fd[0], g0, sizeof(g0)) != (ssize_t)sizeof(g0)) {
		tap_result(0, "the reset released, a pattern runs and the group reads");
		goto out;
	}
	for (i = 0; i < NBUSY; i++)
		n += g0[4 + i] - g[4 + i] != e.ev[busy[i]];
	tap_result(!n, "the reset released: '%s' counts its closed form in each busy "
		   "category (rd_beats %llu, closed form %llu; %u differ)", p->name,
		   (unsigned long long)(g0[4] - g[4]),
		   (unsigned long long)e.ev[AXIPERF_EV_RD_BEATS], n);
out:
	for (i = 0; i < 3 + NBUSY; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}

int main(int argc, char **argv)
{
	int all_ones = 0, irq_stuck = 0, link_held = 0, memfd;
	char path[256], buf[32];

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--all-ones"))
			all_ones = 1;
		else if (!strcmp(argv[i], "--irq-stuck"))
			irq_stuck = 1;
		else if (!strcmp(argv[i], "--link-held"))
			link_held = 1;
	}
	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	for (int i = 0; i < 2; i++) {
		mons[i].tg = memfd >= 0 ? tg_map(memfd, mons[i].tg_base) : NULL;
		snprintf(path, sizeof(path), PMU_ROOT "%s/type", mons[i].name);
		if (read_file(path, buf, sizeof(buf)) == 0)
			mons[i].type = atoi(buf);
		if (!mons[i].tg || mons[i].type < 0) {
			printf("Bail out! %s or its generator is not there\n", mons[i].name);
			return 1;
		}
	}
	if (all_ones)
		test_all_ones();
	if (irq_stuck)
		test_irq_stuck();
	if (link_held)
		test_link_held();
	return tap_done();
}
