// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf PMU selftests (kselftest style, TAP): run in the QEMU Zynq guest
 * with axiperf.ko loaded, count the traffic generator's patterns through
 * perf_event_open() and compare with the closed-form counts of
 * tests/guest/tg_pattern.c.
 *
 *   perf_test [--wraps-only]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "axiperf/regs.h"
#include "axiperf-tg-regs.h"
#include "tg_pattern.h"

#define PMU_DIR "/sys/bus/event_source/devices/axiperf0"

static const struct tg_link link_ = { .data_bytes = 8, .id_slots = 4 };
static volatile uint32_t *tg;
static unsigned int test_no, failures;
static int pmu_type;

struct counter {
	unsigned int id;
	const char *name;
};
#define COUNTER(n, id, off, legacy, unit, pb, pc) { id, #n },
static const struct counter counters[] = { AXIPERF_COUNTERS(COUNTER) };
#define NUM_COUNTERS (sizeof(counters) / sizeof(counters[0]))

static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %u - ", ok ? "" : "not ", ++test_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!ok)
		failures++;
}

static int read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = 0;
	while (n && buf[n - 1] == '\n')
		buf[--n] = 0;
	return 0;
}

static int open_event(uint64_t config, int group, int sample, pid_t pid, int cpu)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = pmu_type;
	a.config = config;
	a.disabled = group < 0;
	a.read_format = PERF_FORMAT_GROUP;
	if (sample) {
		a.sample_period = 1000;
		a.sample_type = PERF_SAMPLE_IP;
	}
	return syscall(SYS_perf_event_open, &a, pid, cpu, group, 0);
}

static void test_sysfs(void)
{
	char buf[256], path[256];
	unsigned int i, bad = 0;

	if (read_file(PMU_DIR "/type", buf, sizeof(buf)) == 0)
		pmu_type = atoi(buf);
	result(pmu_type > 0, "sysfs: axiperf0 has a PMU type (%d)", pmu_type);
	result(read_file(PMU_DIR "/cpumask", buf, sizeof(buf)) == 0 && !strcmp(buf, "0"),
	       "sysfs: cpumask is the one CPU (\"%s\")", buf);
	result(read_file(PMU_DIR "/identifier", buf, sizeof(buf)) == 0 && buf[0],
	       "sysfs: identifier is set (\"%s\")", buf);
	result(read_file(PMU_DIR "/format/event", buf, sizeof(buf)) == 0 &&
	       !strcmp(buf, "config:0-7"), "sysfs: format/event is config:0-7");
	for (i = 0; i < NUM_COUNTERS; i++) {
		snprintf(path, sizeof(path), PMU_DIR "/events/%s", counters[i].name);
		if (read_file(path, buf, sizeof(buf)) ||
		    strncmp(buf, "event=", 6) ||
		    strtoul(buf + 6, NULL, 0) != counters[i].id) {
			printf("#   %s: \"%s\", expected event=%#x\n", path, buf, counters[i].id);
			bad++;
		}
	}
	result(!bad, "sysfs: events/ names all %zu counters with their ids", NUM_COUNTERS);
}

/* All counters in one group, leader first (active_cycles). */
struct group {
	int fd[NUM_COUNTERS];
};

static int group_open(struct group *g)
{
	unsigned int i;

	for (i = 0; i < NUM_COUNTERS; i++) {
		g->fd[i] = open_event(counters[i].id, i ? g->fd[0] : -1, 0, -1, 0);
		if (g->fd[i] < 0) {
			printf("#   perf_event_open(%s): %s\n", counters[i].name, strerror(errno));
			while (i--)
				close(g->fd[i]);
			return -1;
		}
	}
	return 0;
}

static void group_close(struct group *g)
{
	unsigned int i = NUM_COUNTERS;

	while (i--)
		close(g->fd[i]);
}

/* Reads the group at once; v[] by event id. */
static int group_read(struct group *g, uint64_t *v)
{
	uint64_t buf[1 + NUM_COUNTERS];
	unsigned int i;

	if (read(g->fd[0], buf, sizeof(buf)) != sizeof(buf) || buf[0] != NUM_COUNTERS)
		return -1;
	for (i = 0; i < NUM_COUNTERS; i++)
		v[counters[i].id] = buf[1 + i];
	return 0;
}

static uint64_t read_sum(const uint64_t *v, const unsigned int *ids, unsigned int n)
{
	uint64_t s = 0;

	while (n--)
		s += v[ids[n]];
	return s;
}

static const unsigned int rd_cats[] = {
	AXIPERF_EV_RD_IDLE, AXIPERF_EV_RD_BEATS, AXIPERF_EV_RD_R_STALL,
	AXIPERF_EV_RD_SLOW_LINK, AXIPERF_EV_RD_LAG, AXIPERF_EV_RD_AR_STALL,
	AXIPERF_EV_RD_AR_CYCLES,
};
static const unsigned int wr_cats[] = {	/* wr_beats holds the early beats too */
	AXIPERF_EV_WR_IDLE, AXIPERF_EV_WR_BEATS, AXIPERF_EV_WR_STALL,
	AXIPERF_EV_WR_EARLY_STALL, AXIPERF_EV_WR_SLOW_DATA, AXIPERF_EV_WR_DATA_LAG,
	AXIPERF_EV_WR_B_LAG, AXIPERF_EV_WR_B_STALL, AXIPERF_EV_WR_B_END,
	AXIPERF_EV_WR_ADDR_LAG, AXIPERF_EV_WR_AW_EARLY, AXIPERF_EV_WR_ADDR_STALL,
};

static int run_pattern(const struct tg_pattern *p)
{
	tg_program(tg, p, &link_);
	return tg_run(tg, AXIPERF_TG_GO, 20000);
}

/*
 * Two group reads, each one snapshot of the monitor (the driver reads a
 * group in one transaction), around a pattern: the differences must be
 * the pattern's counts, and coherent: every clock in exactly one read
 * category and one write category.
 */
static void test_pattern(const struct tg_pattern *p)
{
	struct tg_expect e;
	struct group g;
	uint64_t v0[AXIPERF_EV_MAX + 1], v1[AXIPERF_EV_MAX + 1], v[AXIPERF_EV_MAX + 1];
	unsigned int i;
	int ok = 1;

	if (tg_expect(p, &link_, &e) || group_open(&g)) {
		result(0, "%s: every event counts as computed", p->name);
		return;
	}
	ioctl(g.fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	if (group_read(&g, v0))
		ok = 0, printf("#   group read failed: %s\n", strerror(errno));
	if (run_pattern(p))
		ok = 0, printf("#   the generator did not finish\n");
	if (group_read(&g, v1))
		ok = 0, printf("#   group read failed: %s\n", strerror(errno));
	ioctl(g.fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	group_close(&g);
	for (i = 0; i <= AXIPERF_EV_MAX; i++)
		v[i] = v1[i] - v0[i];
	for (i = 0; ok && i < NUM_COUNTERS; i++) {
		unsigned int id = counters[i].id;
		/* idle clocks: the pattern's, plus however long the guest took */
		int bad = tg_event_is_traffic_only(id) ? v[id] != e.ev[id]
						       : v[id] < e.ev[id] - 2;
		if (bad) {
			printf("#   %s = %" PRIu64 ", expected %s%" PRIu64 "\n", counters[i].name,
			       v[id], tg_event_is_traffic_only(id) ? "" : "at least ",
			       e.ev[id] - (tg_event_is_traffic_only(id) ? 0 : 2));
			ok = 0;
		}
	}
	result(ok, "%s: every event counts as computed (idle ones: at least the pattern's)",
	       p->name);
	result(ok && v[AXIPERF_EV_ACTIVE_CYCLES] == read_sum(v, rd_cats, 7) &&
	       v[AXIPERF_EV_ACTIVE_CYCLES] == read_sum(v, wr_cats, 12),
	       "%s: group reads are coherent: active_cycles %" PRIu64 " = read categories %" PRIu64
	       " = write categories %" PRIu64, p->name, v[AXIPERF_EV_ACTIVE_CYCLES],
	       read_sum(v, rd_cats, 7), read_sum(v, wr_cats, 12));
}

static void test_refusal(const char *what, uint64_t config, int sample, pid_t pid,
			 int cpu, int want)
{
	int fd = open_event(config, -1, sample, pid, cpu);
	int err = fd < 0 ? errno : 0;

	if (fd >= 0)
		close(fd);
	result(err == want, "refused: %s with %s (got %s)", what, strerror(want),
	       err ? strerror(err) : "success");
}

/* A group may not mix two hardware PMUs: a leader from the CPU's PMU. */
static void test_mixed_group_refused(void)
{
	struct perf_event_attr a;
	int leader, fd, err;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.disabled = 1;
	leader = syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	if (leader < 0) {
		result(0, "refused: a group led by the CPU's cycles (cannot open cycles: %s)",
		       strerror(errno));
		return;
	}
	fd = open_event(AXIPERF_EV_RD_BEATS, leader, 0, -1, 0);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	close(leader);
	result(err == EINVAL, "refused: a group led by the CPU's cycles with %s (got %s)",
	       strerror(EINVAL), err ? strerror(err) : "success");
}

/*
 * Wraps, for real: the generator's test-only PRESET moves every counter to
 * just below 2^31, then to just below 2^32, and so on; each pattern run
 * then crosses half range or wraps, which the driver must see (interrupt,
 * or hrtimer poll) before the next preset. To the driver a preset is
 * counting like any other, so the 64-bit count is the sum of every jump
 * and every pattern, exactly; a driver that missed a crossing would be
 * 2^32 short.
 */
static void test_wraps(const struct tg_pattern *p, unsigned int wraps, const char *path,
		       unsigned int settle_ms)
{
	static const uint32_t presets[2] = { 0x7fffff00u, 0xffffff00u };
	struct tg_expect e;
	struct group g;
	uint64_t v[AXIPERF_EV_MAX + 1], want[AXIPERF_EV_MAX + 1];
	uint32_t hw[AXIPERF_EV_MAX + 1];
	unsigned int i, k;
	int ok = 1;

	memset(want, 0, sizeof(want));
	memset(hw, 0, sizeof(hw));
	if (tg_expect(p, &link_, &e) || group_open(&g)) {
		result(0, "%s: %u wraps of the 32-bit counters counted", path, wraps);
		return;
	}
	ioctl(g.fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	for (k = 0; k < 2 * wraps; k++) {
		uint32_t preset = presets[k & 1];

		tg[AXIPERF_TG_PRESET_LO / 4] = preset;
		tg[AXIPERF_TG_PRESET_HI / 4] = 0;
		tg[AXIPERF_TG_PRESET_CMD / 4] = 1;
		for (i = 0; i <= AXIPERF_EV_MAX; i++) {
			want[i] += (uint32_t)(preset - hw[i]) + e.ev[i];
			hw[i] = preset + (uint32_t)e.ev[i];
		}
		if (run_pattern(p))
			ok = 0, printf("#   the generator did not finish\n");
		usleep(settle_ms * 1000);
	}
	ioctl(g.fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	if (group_read(&g, v))
		ok = 0, printf("#   group read failed: %s\n", strerror(errno));
	group_close(&g);
	for (i = 0; ok && i < NUM_COUNTERS; i++) {
		unsigned int id = counters[i].id;

		if (!tg_event_is_traffic_only(id))
			continue;
		if (v[id] != want[id]) {
			printf("#   %s = %#" PRIx64 ", expected %#" PRIx64 "\n", counters[i].name,
			       v[id], want[id]);
			ok = 0;
		}
	}
	result(ok, "%s: %u wraps and %u half-range crossings of the 32-bit counters all counted (rd_beats %#" PRIx64 ")",
	       path, wraps, wraps, v[AXIPERF_EV_RD_BEATS]);
}

int main(int argc, char **argv)
{
	int fd = open("/dev/mem", O_RDWR | O_SYNC);
	int poll = argc > 1 && !strcmp(argv[1], "--poll");
	int irq_wraps = argc > 1 && !strcmp(argv[1], "--irq-wraps");
	/* --pattern N: that pattern only (to chase one failure) */
	int only = argc > 2 && !strcmp(argv[1], "--pattern") ? atoi(argv[2]) : -1;
	unsigned int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (fd < 0) {
		printf("Bail out! cannot open /dev/mem\n");
		return 1;
	}
	tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		  AXIPERF_TG_BASE);
	if (tg == MAP_FAILED || tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC) {
		printf("Bail out! no traffic generator at %#x\n", AXIPERF_TG_BASE);
		return 1;
	}
	test_sysfs();
	if (pmu_type <= 0) {
		printf("Bail out! no axiperf0 PMU (is axiperf.ko loaded?)\n");
		return 1;
	}
	if (!poll && !irq_wraps) {
		for (i = 0; i < tg_num_patterns; i++)
			if (only < 0 || (unsigned int)only == i)
				test_pattern(&tg_patterns[i]);
		test_refusal("sampling", AXIPERF_EV_RD_BEATS, 1, -1, 0, EOPNOTSUPP);
		test_refusal("a per-task event", AXIPERF_EV_RD_BEATS, 0, 0, -1, EOPNOTSUPP);
		test_refusal("an unknown event", 0xff, 0, -1, 0, EINVAL);
		test_refusal("config bits above the event", 1ull << 8, 0, -1, 0, EINVAL);
		test_mixed_group_refused();
	}
	if (poll)
		test_wraps(&tg_patterns[1], 3, "polling path", 1500);
	if (irq_wraps)
		test_wraps(&tg_patterns[1], 3, "interrupt path", 50);
	printf("1..%u\n", test_no);
	return failures ? 1 : 0;
}
