// SPDX-License-Identifier: GPL-2.0
/*
 * The axiperf AXI4 monitor PMUs (drivers/perf/axiperf/) on any board: what
 * every axiperfN PMU must do whatever traffic its link carries, checked
 * against what the monitor says it is (its identifier). No traffic
 * generator is needed; where the board has no monitor, the test skips.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <linux/types.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "axiperf_regs.h"
#include "../../../kselftest_harness.h"

#define PMU_DIR		"/sys/bus/event_source/devices"
#define MAX_PMUS	16
#define MODULE_NAME	"axiperf"

struct event {
	const char *name;
	unsigned int id;
	unsigned int offset;
	unsigned int legacy_offset;	/* a counter's in the article's core */
	const char *unit;
	unsigned int step_per_byte, step_const;	/* largest step in a clock */
	int gauge;
	unsigned int lsb, bits;		/* a gauge's field */
};

#define COUNTER(n, i, off, loff, u, pb, pc) { #n, i, off, loff, u, pb, pc, 0, 0, 0 },
#define GAUGE(n, i, o, lsb, bits) { #n, i, o, 0, "", 0, 0, 1, lsb, bits },
static const struct event events[] = {
	AXIPERF_COUNTERS(COUNTER)
	AXIPERF_GAUGES(GAUGE)
};

#define NUM_EVENTS	ARRAY_SIZE(events)

/* Each read category is counted by one event (spec: the read partition). */
static const unsigned int read_categories[] = {
	AXIPERF_EV_RD_BEATS, AXIPERF_EV_RD_R_STALL, AXIPERF_EV_RD_SLOW_LINK,
	AXIPERF_EV_RD_LAG, AXIPERF_EV_RD_AR_STALL, AXIPERF_EV_RD_AR_CYCLES,
	AXIPERF_EV_RD_IDLE,
};

/* wr_beats counts the early beats too, so wr_early_beat is left out */
static const unsigned int write_categories[] = {
	AXIPERF_EV_WR_BEATS, AXIPERF_EV_WR_STALL, AXIPERF_EV_WR_EARLY_STALL,
	AXIPERF_EV_WR_SLOW_DATA, AXIPERF_EV_WR_DATA_LAG, AXIPERF_EV_WR_B_LAG,
	AXIPERF_EV_WR_B_STALL, AXIPERF_EV_WR_B_END, AXIPERF_EV_WR_ADDR_LAG,
	AXIPERF_EV_WR_AW_EARLY, AXIPERF_EV_WR_ADDR_STALL, AXIPERF_EV_WR_IDLE,
};

/* What a PMU's identifier says the monitor is. */
struct pmu {
	char name[32];
	char identifier[64];
	int type;
	int cpu;
	int legacy;		/* "zipcpu-axiperf": the article's core */
	unsigned int major, minor;
	__u32 config;	/* the monitor's CONFIG register */
	unsigned int data_bytes;
	__u64 clock_hz;	/* 0: not known */
	int parsed;		/* the identifier reads as one of the two */
};

static int read_file(const char *pmu, const char *file, char *buf, size_t len)
{
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), PMU_DIR "/%s/%s", pmu, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The AXI monitors' PMUs are axiperf0, axiperf1, ... */
static int is_monitor_pmu(const char *name)
{
	size_t n = strlen(MODULE_NAME);

	return !strncmp(name, MODULE_NAME, n) && name[n] &&
	       strspn(name + n, "0123456789") == strlen(name + n);
}

static int parse_identifier(struct pmu *p)
{
	if (!strcmp(p->identifier, "zipcpu-axiperf")) {
		p->legacy = 1;
		return 0;
	}
	if (sscanf(p->identifier, "axiperf-%u.%u-%8x", &p->major, &p->minor,
		   &p->config) != 3)
		return -1;
	p->data_bytes = 1u << ((p->config & AXIPERF_CONFIG_DATA_BYTES_LOG2) >>
			       AXIPERF_CONFIG_DATA_BYTES_LOG2_SHIFT);
	return 0;
}

static int find_pmus(struct pmu *pmus)
{
	struct dirent *de;
	char buf[64];
	DIR *d;
	int n = 0;

	d = opendir(PMU_DIR);
	if (!d)
		return 0;
	while ((de = readdir(d)) && n < MAX_PMUS) {
		struct pmu *p = &pmus[n];

		if (!is_monitor_pmu(de->d_name))
			continue;
		memset(p, 0, sizeof(*p));
		snprintf(p->name, sizeof(p->name), "%.31s", de->d_name);
		if (!read_file(p->name, "type", buf, sizeof(buf)))
			p->type = atoi(buf);
		if (!read_file(p->name, "cpumask", buf, sizeof(buf)))
			p->cpu = atoi(buf);
		read_file(p->name, "identifier", p->identifier, sizeof(p->identifier));
		p->parsed = !parse_identifier(p);
		if (!read_file(p->name, "caps/clock_hz", buf, sizeof(buf)))
			p->clock_hz = strtoull(buf, NULL, 10);
		if (!read_file(p->name, "caps/data_width", buf, sizeof(buf)))
			p->data_bytes = atoi(buf) / 8;
		n++;
	}
	closedir(d);
	return n;
}

/* Whether the monitor has the event, from its identifier alone. */
static int has_event(const struct pmu *p, const struct event *e)
{
	if (p->legacy)
		return (e->gauge ? e->offset : e->legacy_offset) < AXIPERF_LEGACY_WINDOW_SIZE;
	if ((AXIPERF_NEEDS_HAS_LATENCY_IDS >> e->id) & 1)
		return !!(p->config & AXIPERF_CONFIG_HAS_LATENCY);
	return 1;
}

static const struct event *event_by_id(unsigned int id)
{
	unsigned int i;

	for (i = 0; i < NUM_EVENTS; i++)
		if (events[i].id == id)
			return &events[i];
	return NULL;
}

/* @tmpl: what to ask beyond the event (NULL: nothing) */
static int open_event(const struct pmu *p, __u64 config, int group,
		      const struct perf_event_attr *tmpl)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	if (tmpl)
		attr = *tmpl;
	attr.size = sizeof(attr);
	attr.type = p->type;
	attr.config = config;
	if (group < 0)
		attr.read_format = PERF_FORMAT_GROUP;
	return syscall(SYS_perf_event_open, &attr, -1, p->cpu, group, 0);
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (__u64)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

static __u64 read_one(struct __test_metadata *_metadata, int fd)
{
	__u64 v[2];

	/* a leader of its own: PERF_FORMAT_GROUP gives nr, then the value */
	ASSERT_EQ((ssize_t)sizeof(v), read(fd, v, sizeof(v)));
	ASSERT_EQ(1ull, v[0]);
	return v[1];
}

/* A group of every counter the monitor has, active_cycles leading. */
struct group {
	int fd[NUM_EVENTS];
	unsigned int id[NUM_EVENTS];
	unsigned int n;
};

static void group_open(struct __test_metadata *_metadata, const struct pmu *p,
		       struct group *g)
{
	unsigned int i;

	g->n = 0;
	for (i = 0; i < NUM_EVENTS; i++) {
		if (events[i].gauge || !has_event(p, &events[i]))
			continue;
		g->fd[g->n] = open_event(p, events[i].id, g->n ? g->fd[0] : -1, NULL);
		ASSERT_LE(0, g->fd[g->n])
			TH_LOG("%s: %s in a group: %s", p->name, events[i].name,
			       strerror(errno));
		g->id[g->n++] = events[i].id;
	}
	ASSERT_EQ((unsigned int)AXIPERF_EV_ACTIVE_CYCLES, g->id[0]);
}

static void group_close(struct group *g)
{
	while (g->n)
		close(g->fd[--g->n]);
}

/* One read of the whole group; v[] by event id. */
static void group_read(struct __test_metadata *_metadata, struct group *g,
		       __u64 *v)
{
	__u64 buf[1 + NUM_EVENTS];
	ssize_t len = (1 + g->n) * sizeof(buf[0]);
	unsigned int i;

	ASSERT_EQ(len, read(g->fd[0], buf, len));
	ASSERT_EQ(g->n, buf[0]);
	for (i = 0; i < g->n; i++)
		v[g->id[i]] = buf[1 + i];
}

/* The most a counter can grow in @ns at the monitor's clock. */
static __u64 most_in(const struct pmu *p, const struct event *e, __u64 ns)
{
	__u64 step = e->step_const + (__u64)e->step_per_byte * p->data_bytes;

	/* 1 % for the clock's accuracy, and a clock at each end */
	return (p->clock_hz * ns / 1000000000ull * 101 / 100 + 2) * step;
}

FIXTURE(axiperf) {
	struct pmu pmu[MAX_PMUS];
	int n;
};

FIXTURE_SETUP(axiperf)
{
	self->n = find_pmus(self->pmu);
	ASSERT_LT(0, self->n) TH_LOG("the axiperf PMUs went away");
}

FIXTURE_TEARDOWN(axiperf)
{
}

/*
 * format/, events/, cpumask and caps/ of each PMU are what its identifier
 * ("axiperf-MAJOR.MINOR-CONFIG", or "zipcpu-axiperf" for the article's
 * core) says the monitor is.
 */
TEST_F(axiperf, sysfs_matches_identifier)
{
	char buf[64], path[128];
	int i;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];
		struct dirent *de;
		unsigned int j;
		DIR *d;

		ASSERT_LT(0, p->type);
		ASSERT_TRUE(p->parsed)
			TH_LOG("%s: identifier \"%s\" is not axiperf-M.m-CONFIG or zipcpu-axiperf",
			       p->name, p->identifier);
		if (!p->legacy)
			EXPECT_EQ((unsigned int)AXIPERF_MAP_MAJOR, p->major) TH_LOG("%s", p->name);

		ASSERT_EQ(0, read_file(p->name, "format/event", buf, sizeof(buf)));
		EXPECT_STREQ("config:0-7", buf);

		/* one CPU, and an online one */
		ASSERT_EQ(0, read_file(p->name, "cpumask", buf, sizeof(buf)));
		EXPECT_EQ(strspn(buf, "0123456789"), strlen(buf))
			TH_LOG("%s: cpumask \"%s\" is not one CPU", p->name, buf);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", p->cpu);
		if (!access(path, F_OK)) {
			FILE *f = fopen(path, "r");

			ASSERT_TRUE(!!f);
			EXPECT_EQ('1', fgetc(f)) TH_LOG("%s: cpu%d is offline", p->name, p->cpu);
			fclose(f);
		}

		for (j = 0; j < NUM_EVENTS; j++) {
			const struct event *e = &events[j];
			int bytes = !strcmp(e->unit, "bytes");

			snprintf(path, sizeof(path), "events/%s", e->name);
			if (!has_event(p, e)) {
				EXPECT_NE(0, read_file(p->name, path, buf, sizeof(buf)))
					TH_LOG("%s: %s listed, but %s has no such counter",
					       p->name, path, p->identifier);
				continue;
			}
			ASSERT_EQ(0, read_file(p->name, path, buf, sizeof(buf)))
				TH_LOG("%s: no %s, which %s has", p->name, path, p->identifier);
			snprintf(path, sizeof(path), "event=0x%02x", e->id);
			EXPECT_STREQ(path, buf) TH_LOG("%s: %s", p->name, e->name);

			snprintf(path, sizeof(path), "events/%s.unit", e->name);
			EXPECT_EQ(bytes ? 0 : -1, read_file(p->name, path, buf, sizeof(buf)))
				TH_LOG("%s: %s", p->name, path);
			if (bytes)
				EXPECT_STREQ("bytes", buf);
			snprintf(path, sizeof(path), "events/%s.scale", e->name);
			EXPECT_EQ(bytes ? 0 : -1, read_file(p->name, path, buf, sizeof(buf)))
				TH_LOG("%s: %s", p->name, path);
			if (bytes)
				EXPECT_STREQ("1", buf);
		}

		/* nothing in events/ that the table does not know */
		snprintf(path, sizeof(path), PMU_DIR "/%s/events", p->name);
		d = opendir(path);
		ASSERT_TRUE(!!d);
		while ((de = readdir(d))) {
			size_t len = strcspn(de->d_name, ".");
			int known = de->d_name[0] == '.';

			for (j = 0; j < NUM_EVENTS && !known; j++)
				known = strlen(events[j].name) == len &&
					!strncmp(events[j].name, de->d_name, len);
			EXPECT_TRUE(known) TH_LOG("%s: unknown events/%s", p->name, de->d_name);
		}
		closedir(d);

		/* caps/ against CONFIG */
		if (p->legacy) {
			EXPECT_EQ(0, read_file(p->name, "caps/counter_width", buf, sizeof(buf)));
			EXPECT_STREQ("32", buf);
			EXPECT_NE(0, read_file(p->name, "caps/id_width", buf, sizeof(buf)));
			EXPECT_NE(0, read_file(p->name, "caps/addr_width", buf, sizeof(buf)));
			EXPECT_EQ(0, read_file(p->name, "caps/irq", buf, sizeof(buf)));
			EXPECT_STREQ("0", buf);
			continue;
		}
		ASSERT_EQ(0, read_file(p->name, "caps/counter_width", buf, sizeof(buf)));
		EXPECT_EQ(p->config & AXIPERF_CONFIG_COUNTER_64 ? 64 : 32, atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/data_width", buf, sizeof(buf)));
		EXPECT_EQ(8u << ((p->config & AXIPERF_CONFIG_DATA_BYTES_LOG2) >>
				 AXIPERF_CONFIG_DATA_BYTES_LOG2_SHIFT), (unsigned int)atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/id_width", buf, sizeof(buf)));
		EXPECT_EQ((p->config & AXIPERF_CONFIG_ID_WIDTH) >> AXIPERF_CONFIG_ID_WIDTH_SHIFT,
			  (__u32)atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/id_slots", buf, sizeof(buf)));
		EXPECT_EQ((p->config & AXIPERF_CONFIG_ID_SLOTS) >> AXIPERF_CONFIG_ID_SLOTS_SHIFT,
			  (__u32)atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/addr_width", buf, sizeof(buf)));
		EXPECT_EQ((p->config & AXIPERF_CONFIG_ADDR_WIDTH) >>
			  AXIPERF_CONFIG_ADDR_WIDTH_SHIFT,
			  (__u32)atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/snapshot", buf, sizeof(buf)));
		EXPECT_EQ(!!(p->config & AXIPERF_CONFIG_HAS_SNAPSHOT), atoi(buf));
		ASSERT_EQ(0, read_file(p->name, "caps/latency", buf, sizeof(buf)));
		EXPECT_EQ(!!(p->config & AXIPERF_CONFIG_HAS_LATENCY), atoi(buf));
		/* the interrupt is used only where the core has one */
		ASSERT_EQ(0, read_file(p->name, "caps/irq", buf, sizeof(buf)));
		if (!(p->config & AXIPERF_CONFIG_HAS_IRQ))
			EXPECT_STREQ("0", buf);
	}
}

static void expect_refused(struct __test_metadata *_metadata, const struct pmu *p,
			   const char *what, __u64 config,
			   const struct perf_event_attr *tmpl, int want)
{
	int fd = open_event(p, config, -1, tmpl);
	int err = fd < 0 ? errno : 0;

	if (fd >= 0)
		close(fd);
	EXPECT_EQ(want, err)
		TH_LOG("%s: %s: want %s, got %s", p->name, what, strerror(want),
		       err ? strerror(err) : "success");
}

static const struct {
	const char *what;
	struct perf_event_attr attr;
	int err;
} refusals[] = {
	{ "sampling", { .sample_period = 100000 }, EOPNOTSUPP },
	{ "exclude_user", { .exclude_user = 1 }, EINVAL },
	{ "exclude_kernel", { .exclude_kernel = 1 }, EINVAL },
	{ "exclude_hv", { .exclude_hv = 1 }, EINVAL },
	{ "exclude_idle", { .exclude_idle = 1 }, EINVAL },
};

/* A system-wide counting PMU: no sampling, no task, no filter. */
TEST_F(axiperf, refuses_sampling_task_and_exclude_bits)
{
	struct perf_event_attr attr;
	unsigned int j;
	int i, fd, err;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		for (j = 0; j < ARRAY_SIZE(refusals); j++)
			expect_refused(_metadata, p, refusals[j].what, AXIPERF_EV_RD_BEATS,
				       &refusals[j].attr, refusals[j].err);

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = p->type;
		attr.config = AXIPERF_EV_RD_BEATS;
		fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
		err = fd < 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		EXPECT_EQ(EOPNOTSUPP, err)
			TH_LOG("%s: a per-task event: got %s", p->name,
			       err ? strerror(err) : "success");
	}
}

/* Configs no monitor has, and events this monitor lacks. */
TEST_F(axiperf, refuses_unknown_config)
{
	unsigned int id;
	int i;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		for (id = 0; id < 256; id++) {
			const struct event *e = event_by_id(id);

			if (e && has_event(p, e))
				continue;
			expect_refused(_metadata, p, e ? e->name : "an unknown event", id,
				       NULL, EINVAL);
		}
		expect_refused(_metadata, p, "config bits above the event", 1ull << 8,
			       NULL, EINVAL);
		expect_refused(_metadata, p, "config1", AXIPERF_EV_RD_BEATS,
			       &(struct perf_event_attr){ .config1 = 1 }, EINVAL);
	}
}

/* @p's event may not join @leader's group; closes @leader */
static void expect_member_refused(struct __test_metadata *_metadata,
				  const struct pmu *p, int leader, const char *led_by)
{
	int fd = open_event(p, AXIPERF_EV_ACTIVE_CYCLES, leader, NULL);
	int err = fd < 0 ? errno : 0;

	if (fd >= 0)
		close(fd);
	close(leader);
	EXPECT_EQ(EINVAL, err)
		TH_LOG("%s in a group led by %s: got %s", p->name, led_by,
		       err ? strerror(err) : "success");
}

/* A group may hold one hardware PMU's events: not two monitors' or a CPU's. */
TEST_F(axiperf, refuses_group_across_pmus)
{
	struct perf_event_attr attr;
	int i, leader, tried = 0;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];
		struct pmu *q = &self->pmu[(i + 1) % self->n];

		if (q != p) {
			leader = open_event(q, AXIPERF_EV_ACTIVE_CYCLES, -1, NULL);
			ASSERT_LE(0, leader);
			expect_member_refused(_metadata, p, leader, q->name);
			tried++;
		}

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
		leader = syscall(SYS_perf_event_open, &attr, -1, p->cpu, -1, 0);
		if (leader < 0)	/* no CPU PMU here */
			continue;
		expect_member_refused(_metadata, p, leader, "the CPU's cycles");
		tried++;
	}
	if (!tried)
		SKIP(return, "one monitor and no CPU PMU: no other hardware PMU to group with");
}

/* Every counter, read again and again: never less than the read before. */
TEST_F(axiperf, counts_never_go_backwards)
{
	__u64 v0[AXIPERF_EV_MAX + 1], v1[AXIPERF_EV_MAX + 1];
	struct group g;
	unsigned int j, k;
	int i;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		group_open(_metadata, p, &g);
		group_read(_metadata, &g, v0);
		for (k = 0; k < 50; k++) {
			usleep(2000);
			group_read(_metadata, &g, v1);
			for (j = 0; j < g.n; j++)
				ASSERT_LE(v0[g.id[j]], v1[g.id[j]])
					TH_LOG("%s: %s went from %llu to %llu",
					       p->name, event_by_id(g.id[j])->name,
					       v0[g.id[j]], v1[g.id[j]]);
			memcpy(v0, v1, sizeof(v0));
		}
		/* the clock never stops while an event exists */
		EXPECT_LT(0ull, v1[AXIPERF_EV_ACTIVE_CYCLES]) TH_LOG("%s", p->name);
		group_close(&g);
	}
}

/*
 * Each counter alone and in a group, read around the same window: the
 * alone one's window holds the group's, and grows at most by what the
 * monitor's clock allows in the gaps between the reads.
 */
TEST_F(axiperf, alone_agrees_with_group)
{
	__u64 g0[AXIPERF_EV_MAX + 1], g1[AXIPERF_EV_MAX + 1];
	__u64 a0[NUM_EVENTS], a1[NUM_EVENTS], t0, t1, t2, t3;
	int alone[NUM_EVENTS];
	struct group g;
	unsigned int j;
	int i;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		if (!p->clock_hz)
			SKIP(return, "%s: caps/clock_hz is 0: the monitor's clock rate is unknown",
			     p->name);
		group_open(_metadata, p, &g);
		for (j = 0; j < g.n; j++) {
			alone[j] = open_event(p, g.id[j], -1, NULL);
			ASSERT_LE(0, alone[j]) TH_LOG("%s: %s", p->name, strerror(errno));
		}
		t0 = now_ns();
		for (j = 0; j < g.n; j++)
			a0[j] = read_one(_metadata, alone[j]);
		group_read(_metadata, &g, g0);
		t1 = now_ns();
		usleep(50000);
		t2 = now_ns();
		group_read(_metadata, &g, g1);
		for (j = 0; j < g.n; j++)
			a1[j] = read_one(_metadata, alone[j]);
		t3 = now_ns();
		for (j = 0; j < g.n; j++) {
			const struct event *e = event_by_id(g.id[j]);
			__u64 in_group = g1[g.id[j]] - g0[g.id[j]];
			__u64 by_itself = a1[j] - a0[j];

			EXPECT_LE(in_group, by_itself)
				TH_LOG("%s: %s counted %llu in a group, %llu alone around it",
				       p->name, e->name, in_group, by_itself);
			EXPECT_GE(in_group + most_in(p, e, t1 - t0 + t3 - t2), by_itself)
				TH_LOG("%s: %s counted %llu in a group, %llu alone around it",
				       p->name, e->name, in_group, by_itself);
			close(alone[j]);
		}
		group_close(&g);
	}
}

/* active_cycles counts every clock, at the rate caps/clock_hz says. */
TEST_F(axiperf, active_cycles_follow_clock_hz)
{
	const struct event *e = event_by_id(AXIPERF_EV_ACTIVE_CYCLES);
	__u64 t0, t1, t2, t3, c0, c1, least, most;
	int i, fd;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		if (!p->clock_hz)
			SKIP(return, "%s: caps/clock_hz is 0: the monitor's clock rate is unknown",
			     p->name);
		fd = open_event(p, AXIPERF_EV_ACTIVE_CYCLES, -1, NULL);
		ASSERT_LE(0, fd) TH_LOG("%s: %s", p->name, strerror(errno));
		t0 = now_ns();
		c0 = read_one(_metadata, fd);
		t1 = now_ns();
		usleep(200000);
		t2 = now_ns();
		c1 = read_one(_metadata, fd);
		t3 = now_ns();
		close(fd);
		/* between the reads: at least t2 - t1, at most t3 - t0 */
		least = p->clock_hz * (t2 - t1) / 1000000000ull * 99 / 100;
		most = most_in(p, e, t3 - t0);
		EXPECT_LE(least, c1 - c0)
			TH_LOG("%s: %llu clocks in %llu ns, at %llu Hz",
			       p->name, c1 - c0, t2 - t1, p->clock_hz);
		EXPECT_GE(most, c1 - c0)
			TH_LOG("%s: %llu clocks in %llu ns, at %llu Hz",
			       p->name, c1 - c0, t3 - t0, p->clock_hz);
	}
}

static __u64 sum(const __u64 *v, const unsigned int *ids, unsigned int n)
{
	__u64 s = 0;

	while (n--)
		s += v[ids[n]];
	return s;
}

static const struct {
	const char *what;
	const unsigned int *ids;
	unsigned int n;
} partitions[] = {
	{ "read", read_categories, ARRAY_SIZE(read_categories) },
	{ "write", write_categories, ARRAY_SIZE(write_categories) },
};

/*
 * Every clock is in exactly one read and one write category, whatever
 * the link does: between two group reads the categories add up to
 * active_cycles. A monitor with a snapshot reads the group at one clock,
 * so exactly; without, its counters are read one after the other while
 * the clock runs, so within the clocks the read took.
 */
TEST_F(axiperf, categories_partition_active_cycles)
{
	__u64 v0[AXIPERF_EV_MAX + 1], v1[AXIPERF_EV_MAX + 1];
	__u64 t0, t1, t2, t3, active, c, slack;
	char buf[16];
	struct group g;
	unsigned int j;
	int i, k, snapshot;

	for (i = 0; i < self->n; i++) {
		struct pmu *p = &self->pmu[i];

		snapshot = !read_file(p->name, "caps/snapshot", buf, sizeof(buf)) &&
			   !strcmp(buf, "1");
		if (!snapshot && !p->clock_hz)
			SKIP(return, "%s: no snapshot, caps/clock_hz 0: no bound on a read's skew",
			     p->name);
		group_open(_metadata, p, &g);
		for (k = 0; k < 10; k++) {
			t0 = now_ns();
			group_read(_metadata, &g, v0);
			t1 = now_ns();
			usleep(10000);
			t2 = now_ns();
			group_read(_metadata, &g, v1);
			t3 = now_ns();
			active = v1[AXIPERF_EV_ACTIVE_CYCLES] - v0[AXIPERF_EV_ACTIVE_CYCLES];
			slack = snapshot ? 0 :
				most_in(p, event_by_id(AXIPERF_EV_ACTIVE_CYCLES),
					t1 - t0 + t3 - t2);
			for (j = 0; j < ARRAY_SIZE(partitions); j++) {
				c = sum(v1, partitions[j].ids, partitions[j].n) -
				    sum(v0, partitions[j].ids, partitions[j].n);
				EXPECT_TRUE(c + slack >= active && c <= active + slack)
					TH_LOG("%s: %s categories %llu, active_cycles %llu +-%llu",
					       p->name, partitions[j].what, c, active, slack);
			}
		}
		group_close(&g);
	}
}

static int module_path(char *path, size_t len)
{
	struct utsname u;

	if (uname(&u))
		return -1;
	snprintf(path, len, "/lib/modules/%s/kernel/drivers/perf/axiperf/" MODULE_NAME ".ko",
		 u.release);
	return access(path, R_OK);
}

/*
 * rmmod with events open is refused and they go on counting; closed,
 * the module unloads and takes its PMUs along; loaded again, they are
 * back and count. Last: it renumbers the PMU types.
 */
TEST_F(axiperf, unload_and_reload_with_events_open)
{
	__u64 c0, c1;
	char path[256], buf[64];
	int fd[MAX_PMUS], i, r, err, mod;
	struct pmu again[MAX_PMUS];

	if (access("/sys/module/" MODULE_NAME "/initstate", F_OK))
		SKIP(return, "%s is built in: nothing to unload", MODULE_NAME);
	if (module_path(path, sizeof(path)))
		SKIP(return, "no %s to load again: the test would leave the board without its PMUs",
		     path);

	for (i = 0; i < self->n; i++) {
		fd[i] = open_event(&self->pmu[i], AXIPERF_EV_ACTIVE_CYCLES, -1, NULL);
		ASSERT_LE(0, fd[i]) TH_LOG("%s: %s", self->pmu[i].name, strerror(errno));
	}
	r = syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK);
	err = r ? errno : 0;
	EXPECT_EQ(EWOULDBLOCK, err)
		TH_LOG("rmmod with events open: %s", err ? strerror(err) : "unloaded");
	ASSERT_NE(0, r);
	for (i = 0; i < self->n; i++) {
		EXPECT_EQ(0, read_file(self->pmu[i].name, "type", buf, sizeof(buf)));
		c0 = read_one(_metadata, fd[i]);
		usleep(10000);
		c1 = read_one(_metadata, fd[i]);
		EXPECT_LT(c0, c1) TH_LOG("%s stopped counting after the refused rmmod",
					 self->pmu[i].name);
		close(fd[i]);
	}

	ASSERT_EQ(0, syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK))
		TH_LOG("rmmod with every event closed: %s", strerror(errno));
	EXPECT_EQ(0, find_pmus(again));
	for (i = 0; i < self->n; i++) {
		int old = open_event(&self->pmu[i], AXIPERF_EV_ACTIVE_CYCLES, -1, NULL);

		err = old < 0 ? errno : 0;
		if (old >= 0)
			close(old);
		EXPECT_EQ(ENOENT, err) TH_LOG("%s's old type %d after the unload: %s",
					      self->pmu[i].name, self->pmu[i].type,
					      err ? strerror(err) : "opened");
	}

	mod = open(path, O_RDONLY);
	ASSERT_LE(0, mod) TH_LOG("%s: %s", path, strerror(errno));
	ASSERT_EQ(0, syscall(SYS_finit_module, mod, "", 0))
		TH_LOG("loading %s again: %s", path, strerror(errno));
	close(mod);
	ASSERT_EQ(self->n, find_pmus(again));
	for (i = 0; i < self->n; i++) {
		fd[0] = open_event(&again[i], AXIPERF_EV_ACTIVE_CYCLES, -1, NULL);
		ASSERT_LE(0, fd[0]) TH_LOG("%s after the reload: %s", again[i].name,
					   strerror(errno));
		c0 = read_one(_metadata, fd[0]);
		usleep(10000);
		c1 = read_one(_metadata, fd[0]);
		EXPECT_LT(c0, c1) TH_LOG("%s does not count after the reload", again[i].name);
		close(fd[0]);
	}
}

int main(int argc, char **argv)
{
	struct pmu pmus[MAX_PMUS];

	if (!find_pmus(pmus)) {
		ksft_print_header();
		ksft_exit_skip("no axiperf PMU in " PMU_DIR
			       ": the board has no axiperf monitor, or " MODULE_NAME
			       ".ko is not loaded (CONFIG_AXIPERF_PMU)\n");
	}
	return test_harness_run(argc, argv);
}
