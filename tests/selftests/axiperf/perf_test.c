// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf PMU selftests (kselftest style, TAP): run in the QEMU Zynq guest
 * with axiperf.ko loaded, count the traffic generators' patterns through
 * perf_event_open() on the three monitors (axiperf0: 32-bit counters,
 * snapshot, 64-bit link; axiperf1: 64-bit counters, no snapshot, 32-bit
 * link; axiperf2: the article's core, through the driver's
 * axiperf,zipcpu-axiperf path: its 0x80 window, no interrupt, 32-bit
 * counters) and compare with the closed-form counts of
 * tests/guest/tg_pattern.c.
 *
 *   perf_test [--patterns] [--poll] [--irq-wraps] [--unload] [--log-clean]
 *             [--pattern N] [--first-only]
 *
 * No option: --patterns (sysfs, every event of every pattern, groups,
 * refusals, a never-idle bus). --poll / --irq-wraps: counter wraps
 * extended by the hrtimer / the interrupt. --unload: rmmod with events
 * open, then unload and reload. --log-clean: last, the kernel log holds no
 * lockdep report, BUG or WARNING (for the debug kernel). --pattern N: that
 * pattern only; --first-only: axiperf0 only (a bed without the others);
 * both to chase a failure.
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
#include <time.h>
#include <unistd.h>

#include "axiperf/regs.h"
#include "axiperf-tg-regs.h"
#include "tg_pattern.h"
#include "tap.h"

#define PMU_ROOT "/sys/bus/event_source/devices/"
#define MODULE_PATH "/lib/modules/axiperf.ko"

/* The three monitors of the Zynq test bed (tools/qemu/beds/zynq.py) */
struct inst {
	const char *name;
	unsigned long mon_base, tg_base;
	struct tg_link link;
	unsigned int counter_width;
	int snapshot;
	int legacy;		/* the article's core: no interrupt, no ID */
	int type;
	volatile uint32_t *mon, *tg;
};
static struct inst insts[] = {
	{ "axiperf0", 0x43c00000u, AXIPERF_TG_BASE, { 8, 4 }, 32, 1, 0, 0, NULL, NULL },
	{ "axiperf1", 0x43c20000u, 0x43c30000u, { 4, 4 }, 64, 0, 0, 0, NULL, NULL },
	{ "axiperf2", 0x43c40000u, 0x43c50000u, { 4, 4 }, 32, 0, 1, 0, NULL, NULL },
};
static unsigned int num_insts = sizeof(insts) / sizeof(insts[0]);
#define NUM_INSTS num_insts


/*
 * every event: the counters (ids 0..31) first, then the gauges; in_legacy:
 * the article's core has it (in its 0x00-0x7C window)
 */
struct event {
	unsigned int id;
	const char *name;
	int gauge;
	int in_legacy;
};
#define COUNTER(n, id, off, legacy, unit, pb, pc) \
	{ id, #n, 0, (legacy) < AXIPERF_LEGACY_WINDOW_SIZE },
#define GAUGE(n, id, off, lsb, bits) { id, #n, 1, (off) < AXIPERF_LEGACY_WINDOW_SIZE },
static const struct event events[] = { AXIPERF_COUNTERS(COUNTER) AXIPERF_GAUGES(GAUGE) };
#define NUM_EVENTS (sizeof(events) / sizeof(events[0]))
#define NUM_COUNTERS AXIPERF_NUM_COUNTERS

/* Does this instance have events[i]? */
static int has_event(const struct inst *in, unsigned int i)
{
	return !in->legacy || events[i].in_legacy;
}

/* How many of the events this instance has */
static unsigned int num_events(const struct inst *in)
{
	unsigned int i, n = 0;

	for (i = 0; i < NUM_EVENTS; i++)
		n += has_event(in, i);
	return n;
}

static int read_pmu_file(const struct inst *in, const char *file, char *buf, size_t len)
{
	char path[512];

	snprintf(path, sizeof(path), PMU_ROOT "%s/%s", in->name, file);
	return read_file(path, buf, len);
}

static int pmu_exists(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), PMU_ROOT "%s", name);
	return access(path, F_OK) == 0;
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static int open_event(const struct inst *in, uint64_t config, int group, int sample,
		      pid_t pid, int cpu)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = in->type;
	a.config = config;
	a.disabled = group < 0;
	a.read_format = PERF_FORMAT_GROUP;
	if (sample) {
		a.sample_period = 1000;
		a.sample_type = PERF_SAMPLE_IP;
	}
	return syscall(SYS_perf_event_open, &a, pid, cpu, group, 0);
}

static void find_types(void)
{
	char buf[64];
	unsigned int i;

	for (i = 0; i < NUM_INSTS; i++) {
		insts[i].type = 0;
		if (read_pmu_file(&insts[i], "type", buf, sizeof(buf)) == 0)
			insts[i].type = atoi(buf);
	}
}

/* ---- the monitor, through /dev/mem ------------------------------------ */

static uint32_t mon_rd(const struct inst *in, uint32_t off)
{
	return in->mon[off / 4];
}

/* Stops the monitor behind the driver's back (on an idle bus: at once). */
static int mon_stop(const struct inst *in)
{
	uint64_t end = now_us() + 100000;

	in->mon[AXIPERF_REG_CONTROL / 4] = 0;
	while (mon_rd(in, AXIPERF_REG_CONTROL) &
	       (AXIPERF_CONTROL_TRIGGERED | AXIPERF_CONTROL_START_PENDING |
		AXIPERF_CONTROL_STOP_PENDING | AXIPERF_CONTROL_CLEAR_PENDING))
		if (now_us() > end)
			return -1;
	return 0;
}

/* ---- groups: every event of one instance, leader active_cycles ------- */

struct group {
	const struct inst *in;
	int fd[NUM_EVENTS];
};

static int group_open(const struct inst *in, struct group *g)
{
	unsigned int i;

	g->in = in;
	for (i = 0; i < NUM_EVENTS; i++) {
		if (!has_event(in, i)) {
			g->fd[i] = -1;
			continue;
		}
		g->fd[i] = open_event(in, events[i].id, i ? g->fd[0] : -1, 0, -1, 0);
		if (g->fd[i] < 0) {
			printf("#   %s: perf_event_open(%s): %s\n", in->name, events[i].name,
			       strerror(errno));
			while (i--)
				if (g->fd[i] >= 0)
					close(g->fd[i]);
			return -1;
		}
	}
	return 0;
}

static void group_close(struct group *g)
{
	unsigned int i = NUM_EVENTS;

	while (i--)
		if (g->fd[i] >= 0)
			close(g->fd[i]);
}

static void group_enable(struct group *g, int on)
{
	ioctl(g->fd[0], on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE,
	      PERF_IOC_FLAG_GROUP);
}

/* Reads the group at once (one transaction); v[] by event id. */
static int group_read(struct group *g, uint64_t *v)
{
	uint64_t buf[1 + NUM_EVENTS];
	unsigned int i, k = 0, n = num_events(g->in);
	ssize_t len = (1 + n) * sizeof(buf[0]);

	if (read(g->fd[0], buf, len) != len || buf[0] != n) {
		printf("#   %s: group read failed: %s\n", g->in->name, strerror(errno));
		return -1;
	}
	/* the members in the order they joined; an event the core lacks: 0 */
	for (i = 0; i < NUM_EVENTS; i++)
		v[events[i].id] = has_event(g->in, i) ? buf[1 + k++] : 0;
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

static int coherent(const uint64_t *v)
{
	return v[AXIPERF_EV_ACTIVE_CYCLES] == read_sum(v, rd_cats, 7) &&
	       v[AXIPERF_EV_ACTIVE_CYCLES] == read_sum(v, wr_cats, 12);
}

static int run_pattern(const struct inst *in, const struct tg_pattern *p, uint32_t ctrl)
{
	tg_program(in->tg, p, &in->link);
	if (tg_run(in->tg, ctrl, 20000)) {
		printf("#   %s: the generator did not finish '%s' (CTRL %#x)\n", in->name,
		       p->name, in->tg[AXIPERF_TG_CTRL / 4]);
		return -1;
	}
	return 0;
}

/*
 * Compares a window's counts (v: counter differences, gauge levels) with
 * the pattern's; idle_exact 0 checks idle counters as "at least".
 */
static int compare(const struct inst *in, const uint64_t *v, const struct tg_expect *e,
		   int idle_exact)
{
	unsigned int i;
	int ok = 1;

	for (i = 0; i < NUM_EVENTS; i++) {
		unsigned int id = events[i].id;
		int exact = idle_exact || tg_event_is_traffic_only(id);
		int bad = exact ? v[id] != e->ev[id] : v[id] < e->ev[id] - 2;

		if (!has_event(in, i))
			continue;
		if (bad) {
			printf("#   %s: %s = %" PRIu64 ", expected %s%" PRIu64 "\n", in->name,
			       events[i].name, v[id], exact ? "" : "at least ",
			       e->ev[id] - (exact ? 0 : 2));
			ok = 0;
		}
	}
	return ok;
}

static void diff(uint64_t *v, const uint64_t *v1, const uint64_t *v0)
{
	unsigned int i;

	for (i = 0; i < NUM_EVENTS; i++) {
		unsigned int id = events[i].id;

		v[id] = events[i].gauge ? v1[id] : v1[id] - v0[id];
	}
}

/* ---- sysfs --------------------------------------------------------- */

static void test_sysfs(const struct inst *in, int irq)
{
	char buf[256], want[64], path[256];
	unsigned int i, bad = 0;
	uint64_t poll_ns;

	tap_result(in->type > 0, "%s sysfs: a PMU type (%d)", in->name, in->type);
	if (in->type <= 0)
		return;
	tap_result(read_pmu_file(in, "cpumask", buf, sizeof(buf)) == 0 && !strcmp(buf, "0"),
	       "%s sysfs: cpumask is the one CPU (\"%s\")", in->name, buf);
	if (in->legacy)	/* no VERSION or CONFIG to read */
		snprintf(want, sizeof(want), "zipcpu-axiperf");
	else
		snprintf(want, sizeof(want), "axiperf-%u.%u-%08x",
			 mon_rd(in, AXIPERF_REG_VERSION) >> AXIPERF_VERSION_MAJOR_SHIFT,
			 mon_rd(in, AXIPERF_REG_VERSION) & AXIPERF_VERSION_MINOR,
			 mon_rd(in, AXIPERF_REG_CONFIG));
	tap_result(read_pmu_file(in, "identifier", buf, sizeof(buf)) == 0 && !strcmp(buf, want),
	       "%s sysfs: identifier \"%s\" is %s (\"%s\")", in->name, buf,
	       in->legacy ? "the article's core" : "its own VERSION and CONFIG", want);
	tap_result(read_pmu_file(in, "format/event", buf, sizeof(buf)) == 0 &&
	       !strcmp(buf, "config:0-7"), "%s sysfs: format/event is config:0-7", in->name);
	for (i = 0; i < NUM_EVENTS; i++) {
		snprintf(path, sizeof(path), "events/%s", events[i].name);
		if (!has_event(in, i)) {	/* the article's core lacks it */
			if (read_pmu_file(in, path, buf, sizeof(buf)) == 0) {
				printf("#   %s: listed, but the core has no such counter\n", path);
				bad++;
			}
			continue;
		}
		if (read_pmu_file(in, path, buf, sizeof(buf)) || strncmp(buf, "event=", 6) ||
		    strtoul(buf + 6, NULL, 0) != events[i].id) {
			printf("#   %s: \"%s\", expected event=%#x\n", path, buf, events[i].id);
			bad++;
		}
	}
	tap_result(!bad, "%s sysfs: events/ names the %u events the core has (of %zu) with their ids",
	       in->name, num_events(in), NUM_EVENTS);
	tap_result(read_pmu_file(in, "events/rd_bytes.unit", buf, sizeof(buf)) == 0 &&
	       !strcmp(buf, "bytes") &&
	       read_pmu_file(in, "events/wr_w_bytes.scale", buf, sizeof(buf)) == 0 &&
	       !strcmp(buf, "1") &&
	       read_pmu_file(in, "events/rd_beats.unit", buf, sizeof(buf)) != 0,
	       "%s sysfs: byte counters have .unit bytes and .scale 1, others neither",
	       in->name);
	/* with the interrupt no poll; without, half the fastest counter's
	 * range: 2^31 / (256 x data bytes) clocks at the link's clock_hz
	 * (10.5 ms at 64 bits and 100 MHz), or the cap for 64-bit counters */
	irq = irq && !in->legacy;
	if (read_pmu_file(in, "caps/clock_hz", buf, sizeof(buf)) || !strtoull(buf, NULL, 10))
		snprintf(buf, sizeof(buf), "1");
	poll_ns = irq ? 0 : in->counter_width == 64 ? 3600000000000ull :
		  (1000000000ull << 31) / (256 * in->link.data_bytes) / strtoull(buf, NULL, 10);
	snprintf(want, sizeof(want), "%u %u %d %d %" PRIu64, in->counter_width,
		 in->link.data_bytes * 8, in->snapshot, irq, poll_ns);
	{
		char cw[32], dw[32], sn[32], iq[32], pn[32];

		read_pmu_file(in, "caps/counter_width", cw, sizeof(cw));
		read_pmu_file(in, "caps/data_width", dw, sizeof(dw));
		read_pmu_file(in, "caps/snapshot", sn, sizeof(sn));
		read_pmu_file(in, "caps/irq", iq, sizeof(iq));
		read_pmu_file(in, "caps/poll_period_ns", pn, sizeof(pn));
		snprintf(buf, sizeof(buf), "%s %s %s %s %s", cw, dw, sn, iq, pn);
	}
	tap_result(!strcmp(buf, want),
	       "%s sysfs: caps counter_width data_width snapshot irq poll_period_ns are \"%s\" (\"%s\")",
	       in->name, want, buf);
	if (in->legacy)
		tap_result(read_pmu_file(in, "caps/id_width", buf, sizeof(buf)) &&
		       read_pmu_file(in, "caps/id_slots", buf, sizeof(buf)) &&
		       read_pmu_file(in, "caps/addr_width", buf, sizeof(buf)),
		       "%s sysfs: no caps/id_width, id_slots or addr_width (the article's core cannot tell them)",
		       in->name);
}

static void test_instances(void)
{
	char a[64], b[64], c[64];

	read_pmu_file(&insts[0], "identifier", a, sizeof(a));
	read_pmu_file(&insts[1], "identifier", b, sizeof(b));
	read_pmu_file(&insts[2], "identifier", c, sizeof(c));
	tap_result(insts[0].type > 0 && insts[1].type > 0 && insts[2].type > 0 &&
	       insts[0].type != insts[1].type && insts[1].type != insts[2].type &&
	       insts[0].type != insts[2].type && strcmp(a, b) && strcmp(b, c) && strcmp(a, c) &&
	       !pmu_exists("axiperf3"),
	       "three instances: axiperf0, axiperf1 and axiperf2 (the article's core) have their own types (%d, %d, %d) and identifiers, no axiperf3",
	       insts[0].type, insts[1].type, insts[2].type);
}

/* ---- counting ------------------------------------------------------ */

/*
 * Two group reads, each one transaction, around a pattern: the
 * differences must be the pattern's counts, the gauges its maxima (the
 * group's first event cleared the monitor), and with a snapshot every
 * clock in exactly one read and one write category. The monitor runs
 * throughout, so idle clocks include the guest's own time: at least.
 */
static void test_pattern(const struct inst *in, const struct tg_pattern *orig)
{
	uint64_t v0[AXIPERF_EV_MAX + 1] = { 0 }, v1[AXIPERF_EV_MAX + 1] = { 0 };
	uint64_t v[AXIPERF_EV_MAX + 1];
	struct tg_pattern p;
	struct tg_expect e;
	struct group g;
	int ok = 1;

	tg_fit_link(orig, &in->link, &p);
	if (tg_expect(&p, &in->link, &e) || group_open(in, &g)) {
		tap_result(0, "%s %s: every event counts as computed", in->name, p.name);
		return;
	}
	group_enable(&g, 1);
	ok &= !group_read(&g, v0);
	ok &= !run_pattern(in, &p, AXIPERF_TG_GO);
	ok &= !group_read(&g, v1);
	group_enable(&g, 0);
	group_close(&g);
	diff(v, v1, v0);
	ok = ok && compare(in, v, &e, 0);
	tap_result(ok, "%s %s: every event counts as computed (idle ones: at least the pattern's)",
	       in->name, p.name);
	if (in->snapshot)
		tap_result(ok && coherent(v),
		       "%s %s: group reads are coherent: active_cycles %" PRIu64
		       " = read categories %" PRIu64 " = write categories %" PRIu64, in->name,
		       p.name, v[AXIPERF_EV_ACTIVE_CYCLES], read_sum(v, rd_cats, 7),
		       read_sum(v, wr_cats, 12));
}

/*
 * Exact idle counts: the monitor is stopped behind the driver's back and
 * the generator's FRAME mode starts it (without clearing) two clocks
 * before the traffic and stops it right after, so the window between the
 * two group reads is the frame: every event, idle ones too, exact.
 */
static int framed(struct group *g, const struct tg_pattern *p, struct tg_expect *e,
		  uint64_t *v)
{
	const struct inst *in = g->in;
	uint64_t v0[AXIPERF_EV_MAX + 1] = { 0 }, v1[AXIPERF_EV_MAX + 1] = { 0 };

	if (mon_stop(in)) {
		printf("#   %s: the monitor did not stop\n", in->name);
		return -1;
	}
	if (group_read(g, v0) || run_pattern(in, p, AXIPERF_TG_GO | AXIPERF_TG_FRAME |
					      AXIPERF_TG_KEEP) || group_read(g, v1))
		return -1;
	diff(v, v1, v0);
	return compare(in, v, e, 1) ? 0 : -1;
}

static void test_framed(const struct inst *in, const struct tg_pattern *orig,
			const char *what)
{
	uint64_t v[AXIPERF_EV_MAX + 1] = { 0 };
	struct tg_pattern p;
	struct tg_expect e;
	struct group g;
	int ok;

	tg_fit_link(orig, &in->link, &p);
	if (tg_expect(&p, &in->link, &e) || group_open(in, &g)) {
		tap_result(0, "%s %s: framed, every event exact", in->name, p.name);
		return;
	}
	group_enable(&g, 1);
	ok = !framed(&g, &p, &e, v);
	group_enable(&g, 0);
	group_close(&g);
	tap_result(ok, "%s %s: %sframed by the generator, every event exact, idle ones too (active_cycles %" PRIu64 ")",
	       in->name, p.name, what, v[AXIPERF_EV_ACTIVE_CYCLES]);
}

/* Both monitors counting at once in one session, each its own pattern. */
static void test_both_at_once(const struct tg_pattern *p0, const struct tg_pattern *p1)
{
	uint64_t a0[AXIPERF_EV_MAX + 1] = { 0 }, a1[AXIPERF_EV_MAX + 1] = { 0 };
	uint64_t b0[AXIPERF_EV_MAX + 1] = { 0 }, b1[AXIPERF_EV_MAX + 1] = { 0 };
	uint64_t va[AXIPERF_EV_MAX + 1], vb[AXIPERF_EV_MAX + 1];
	struct inst *A = &insts[0], *B = &insts[1];
	struct tg_pattern pa, pb;
	struct tg_expect ea, eb;
	struct group ga, gb;
	int ok = 1;

	tg_fit_link(p0, &A->link, &pa);
	tg_fit_link(p1, &B->link, &pb);
	if (tg_expect(&pa, &A->link, &ea) || tg_expect(&pb, &B->link, &eb) ||
	    group_open(A, &ga)) {
		tap_result(0, "both instances count at once");
		return;
	}
	if (group_open(B, &gb)) {
		group_close(&ga);
		tap_result(0, "both instances count at once");
		return;
	}
	group_enable(&ga, 1);
	group_enable(&gb, 1);
	ok &= !mon_stop(A) && !mon_stop(B);
	ok &= !group_read(&ga, a0) && !group_read(&gb, b0);
	tg_program(A->tg, &pa, &A->link);
	tg_program(B->tg, &pb, &B->link);
	/* both generators run together; each tg_run waits for its own */
	B->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO | AXIPERF_TG_FRAME | AXIPERF_TG_KEEP;
	ok &= !tg_run(A->tg, AXIPERF_TG_GO | AXIPERF_TG_FRAME | AXIPERF_TG_KEEP, 20000);
	ok &= !tg_run(B->tg, 0, 20000);
	ok &= !group_read(&ga, a1) && !group_read(&gb, b1);
	group_enable(&ga, 0);
	group_enable(&gb, 0);
	group_close(&gb);
	group_close(&ga);
	diff(va, a1, a0);
	diff(vb, b1, b0);
	ok = ok && compare(A, va, &ea, 1);
	ok = ok && compare(B, vb, &eb, 1);
	tap_result(ok, "both instances count at once in one session: axiperf0 '%s' and axiperf1 '%s', every event exact",
	       pa.name, pb.name);
}

/*
 * A group started while traffic runs starts from one snapshot (the add
 * transaction): read at once (the read transaction), its members agree
 * exactly although the bus moves on every clock. Another event keeps the
 * monitor running, so enabling the group waits for no idle clock.
 */
static void test_group_starts_together(void)
{
	const struct inst *in = &insts[0];
	struct tg_pattern p = { .name = "busy", .mode = AXIPERF_TG_READS | AXIPERF_TG_WRITES,
				.bursts = 6000, .len = 255, .size = 3 };
	uint64_t v[AXIPERF_EV_MAX + 1] = { 0 };
	struct group g;
	int lone, busy = 0, ok = 1;
	char hz[32];

	/* traffic for 100 ms of the link's clock (256 beats a burst), so that
	 * it outlasts the group's opening whatever the rate */
	if (!read_pmu_file(in, "caps/clock_hz", hz, sizeof(hz)) &&
	    strtoull(hz, NULL, 10) / 10 / 256 > p.bursts)
		p.bursts = strtoull(hz, NULL, 10) / 10 / 256;
	lone = open_event(in, AXIPERF_EV_ACTIVE_CYCLES, -1, 0, -1, 0);
	if (lone < 0 || ioctl(lone, PERF_EVENT_IOC_ENABLE, 0)) {
		tap_result(0, "a group started mid-traffic (cannot open a lone event: %s)",
		       strerror(errno));
		return;
	}
	tg_program(in->tg, &p, &in->link);
	in->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	if (group_open(in, &g)) {
		ok = 0;
	} else {
		/* the leader alone: the siblings are enabled and follow it */
		ioctl(g.fd[0], PERF_EVENT_IOC_ENABLE, 0);
		usleep(2000);
		ok &= !group_read(&g, v);
		busy = in->tg[AXIPERF_TG_CTRL / 4] & AXIPERF_TG_BUSY;
		group_enable(&g, 0);
		group_close(&g);
	}
	ok &= !tg_run(in->tg, 0, 20000);	/* wait for the end */
	close(lone);
	if (!ok || !busy || !v[AXIPERF_EV_RD_BEATS] || !v[AXIPERF_EV_WR_BEATS]) {
		tap_result(0, "a group enabled mid-traffic starts from one snapshot (%s)",
		       busy ? "no traffic counted" : "the traffic ended before the read");
		return;
	}
	tap_result(coherent(v) && v[AXIPERF_EV_WR_W_BYTES] == 8 * v[AXIPERF_EV_WR_BEATS] &&
	       v[AXIPERF_EV_RD_IDLE] == 0,
	       "a group enabled mid-traffic starts from one snapshot: active_cycles %" PRIu64
	       " = read categories %" PRIu64 " = write categories %" PRIu64
	       ", wr_w_bytes %" PRIu64 " = 8 x wr_beats %" PRIu64 ", rd_idle %" PRIu64 " = 0",
	       v[AXIPERF_EV_ACTIVE_CYCLES], read_sum(v, rd_cats, 7), read_sum(v, wr_cats, 12),
	       v[AXIPERF_EV_WR_W_BYTES], v[AXIPERF_EV_WR_BEATS], v[AXIPERF_EV_RD_IDLE]);
}

/* ---- refusals ------------------------------------------------------- */

static void test_refusal_on(const struct inst *in, const char *what, uint64_t config,
			    int sample, pid_t pid, int cpu, int want)
{
	int fd = open_event(in, config, -1, sample, pid, cpu);
	int err = fd < 0 ? errno : 0;

	if (fd >= 0)
		close(fd);
	tap_result(err == want, "%s refuses %s with %s (got %s)", in->name, what,
		   strerror(want), err ? strerror(err) : "success");
}

static void test_refusal(const char *what, uint64_t config, int sample, pid_t pid,
			 int cpu, int want)
{
	test_refusal_on(&insts[0], what, config, sample, pid, cpu, want);
}

/* The article's core: no counter above its window, no sampling either. */
static void test_legacy_refusals(const struct inst *in)
{
	unsigned int i;

	for (i = 0; i < NUM_EVENTS; i++)
		if (!has_event(in, i))
			test_refusal_on(in, events[i].name, events[i].id, 0, -1, 0, EINVAL);
	test_refusal_on(in, "sampling", AXIPERF_EV_RD_BEATS, 1, -1, 0, EOPNOTSUPP);
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
	if (leader < 0 && errno == ENOENT) {
		/*
		 * MicroBlaze without axiperf_mb.ko's local core: no CPU PMU; the
		 * cross-instance test has a foreign leader
		 */
		tap_skip("refused: a group led by the CPU's cycles: this machine has no CPU PMU (cycles: %s; on MicroBlaze axiperf_mb.ko gives one)",
			 strerror(errno));
		return;
	}
	if (leader < 0) {
		tap_result(0, "refused: a group led by the CPU's cycles (cannot open cycles: %s)",
		       strerror(errno));
		return;
	}
	fd = open_event(&insts[0], AXIPERF_EV_RD_BEATS, leader, 0, -1, 0);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	close(leader);
	tap_result(err == EINVAL, "refused: a group led by the CPU's cycles with %s (got %s)",
	       strerror(EINVAL), err ? strerror(err) : "success");
}

/* An axiperf0 group may not take an axiperf1 event either. */
static void test_cross_instance_group_refused(void)
{
	int leader = open_event(&insts[0], AXIPERF_EV_RD_BEATS, -1, 0, -1, 0);
	int fd, err;

	if (leader < 0) {
		tap_result(0, "refused: an axiperf1 event in an axiperf0 group (%s)", strerror(errno));
		return;
	}
	fd = open_event(&insts[1], AXIPERF_EV_RD_BEATS, leader, 0, -1, 0);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	close(leader);
	tap_result(err == EINVAL, "refused: an axiperf1 event in an axiperf0 group with %s (got %s)",
	       strerror(EINVAL), err ? strerror(err) : "success");
}

/* ---- a bus that never goes idle ------------------------------------- */

static void test_never_idle(void)
{
	struct inst *in = &insts[0];
	struct tg_pattern hang = { .name = "hang", .bursts = 1, .size = 3,
				   .mode = AXIPERF_TG_READS | AXIPERF_TG_HANG };
	static const char start_msg[] =
		"axiperf0: the monitored AXI bus did not go idle within 10000 us, so the start is still pending";
	static const char stop_msg[] =
		"axiperf0: the monitored AXI bus did not go idle within 10000 us, so the stop is still pending";
	unsigned int starts = count_in_log(start_msg), stops = count_in_log(stop_msg);
	uint64_t t0, dt, v[AXIPERF_EV_MAX + 1];
	struct tg_expect e;
	struct group g;
	int fd, err, other, ok;

	/* ARVALID held, never accepted: the bus is never idle */
	tg_program(in->tg, &hang, &in->link);
	in->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	usleep(1000);
	t0 = now_us();
	fd = open_event(in, AXIPERF_EV_RD_AR_STALL, -1, 0, -1, 0);
	err = fd < 0 ? errno : 0;
	dt = now_us() - t0;
	if (fd >= 0)
		close(fd);
	tap_result(err == EBUSY && dt < 2000000,
	       "never idle: opening the first axiperf0 event fails with %s after %" PRIu64
	       " us (got %s)", strerror(EBUSY), dt, err ? strerror(err) : "success");
	tap_result(count_in_log(start_msg) == starts + 1,
	       "never idle: the kernel log names axiperf0 and the pending start");
	if (NUM_INSTS > 1) {
		other = open_event(&insts[1], AXIPERF_EV_ACTIVE_CYCLES, -1, 0, -1, 0);
		tap_result(other >= 0, "never idle: axiperf1 still opens (%s)",
		       other >= 0 ? "ok" : strerror(errno));
		if (other >= 0)
			close(other);
	}

	/* the bus hangs while events are open: reads go on, close returns */
	in->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_ABORT;
	fd = open_event(in, AXIPERF_EV_RD_AR_STALL, -1, 0, -1, 0);
	ok = fd >= 0 && !ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	in->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	usleep(5000);
	ok = ok && read(fd, v, 16) == 16 && v[1] > 0;
	t0 = now_us();
	if (fd >= 0)
		close(fd);
	dt = now_us() - t0;
	tap_result(ok && dt < 2000000 && count_in_log(stop_msg) == stops + 1,
	       "never idle: with an event open, rd_ar_stall counts the hang (%" PRIu64
	       "), close returns after %" PRIu64 " us and the log names the pending stop",
	       ok ? v[1] : 0, dt);

	/*
	 * Once the link is reset (ABORT: only a reset takes back an address
	 * the slave never took), counting works again, exactly, from the
	 * next pattern on.
	 */
	in->tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_ABORT;
	usleep(1000);
	tg_expect(&tg_patterns[2], &in->link, &e);
	ok = !group_open(in, &g);
	if (ok) {
		group_enable(&g, 1);
		ok = !framed(&g, &tg_patterns[2], &e, v);
		group_enable(&g, 0);
		group_close(&g);
	}
	tap_result(ok, "never idle: after the generator resets the link, '%s' counts exactly",
	       tg_patterns[2].name);
}

/* ---- wraps ------------------------------------------------------------ */

/* The driver's poll period (caps/poll_period_ns), in ms; 0 without one. */
static unsigned int poll_ms(const struct inst *in)
{
	char buf[32];

	if (read_pmu_file(in, "caps/poll_period_ns", buf, sizeof(buf)))
		return 0;
	return strtoull(buf, NULL, 10) / 1000000;
}

/*
 * Wraps, for real: the generator's test-only PRESET moves every counter to
 * just below half its range, then to just below its top, and so on; each
 * pattern run then crosses half range or wraps, which the driver must see
 * (interrupt, or hrtimer poll) before the next preset. To the driver a
 * preset is counting like any other, so the 64-bit count is the sum of
 * every jump and every pattern, exactly (modulo 2^64); a driver that
 * missed a 32-bit crossing would be 2^32 short.
 */
static void test_wraps(const struct inst *in, const struct tg_pattern *orig,
		       unsigned int wraps, const char *path, unsigned int settle_ms)
{
	uint64_t presets[2] = { 0x7fffff00u, 0xffffff00u };
	uint64_t mask = in->counter_width == 64 ? ~0ull : 0xffffffffull;
	uint64_t v[AXIPERF_EV_MAX + 1], want[AXIPERF_EV_MAX + 1], hw[AXIPERF_EV_MAX + 1];
	struct tg_pattern p;
	struct tg_expect e;
	struct group g;
	unsigned int i, k;
	int ok = 1;

	if (in->counter_width == 64) {
		presets[0] = 0x7fffffffffffff00ull;
		presets[1] = 0xffffffffffffff00ull;
	}
	tg_fit_link(orig, &in->link, &p);
	memset(want, 0, sizeof(want));
	memset(hw, 0, sizeof(hw));
	if (tg_expect(&p, &in->link, &e) || group_open(in, &g)) {
		tap_result(0, "%s %s: %u wraps counted", in->name, path, wraps);
		return;
	}
	group_enable(&g, 1);
	for (k = 0; k < 2 * wraps; k++) {
		uint64_t preset = presets[k & 1];

		in->tg[AXIPERF_TG_PRESET_LO / 4] = (uint32_t)preset;
		in->tg[AXIPERF_TG_PRESET_HI / 4] = preset >> 32;
		in->tg[AXIPERF_TG_PRESET_CMD / 4] = 1;
		for (i = 0; i <= AXIPERF_EV_MAX; i++) {
			want[i] += ((preset - hw[i]) & mask) + e.ev[i];
			hw[i] = (preset + e.ev[i]) & mask;
		}
		ok &= !run_pattern(in, &p, AXIPERF_TG_GO);
		/* the poll must see each 32-bit crossing; 64 bits cannot lose one */
		usleep((in->counter_width == 64 ? 50 : settle_ms) * 1000);
	}
	group_enable(&g, 0);
	ok &= !group_read(&g, v);
	group_close(&g);
	for (i = 0; ok && i < NUM_COUNTERS; i++) {
		unsigned int id = events[i].id;

		if (!tg_event_is_traffic_only(id) || !has_event(in, i))
			continue;
		if (v[id] != want[id]) {
			printf("#   %s = %#" PRIx64 ", expected %#" PRIx64 "\n", events[i].name,
			       v[id], want[id]);
			ok = 0;
		}
	}
	tap_result(ok, "%s %s: %u wraps and %u half-range crossings of the %u-bit counters all counted (rd_beats %#" PRIx64 ")",
	       in->name, path, wraps, wraps, in->counter_width, v[AXIPERF_EV_RD_BEATS]);
}

/* ---- unload and reload ---------------------------------------------- */

static void test_unload(void)
{
	const struct tg_pattern *p = &tg_patterns[3];
	int old_type = insts[0].type, r, err, fd, ok;
	uint64_t v[AXIPERF_EV_MAX + 1];
	struct tg_expect e;
	struct group g;
	unsigned int i;

	tg_expect(p, &insts[0].link, &e);
	if (group_open(&insts[0], &g)) {
		tap_result(0, "unload: cannot open events");
		return;
	}
	group_enable(&g, 1);
	r = syscall(SYS_delete_module, "axiperf", O_NONBLOCK);
	err = r ? errno : 0;
	tap_result(r == -1 && err == EWOULDBLOCK,
	       "unload: rmmod with events open fails with %s, the module is pinned (got %s)",
	       strerror(EWOULDBLOCK), r ? strerror(err) : "unloaded");
	ok = pmu_exists("axiperf0") && !framed(&g, p, &e, v);
	tap_result(ok, "unload: the events open across the refused rmmod still count '%s' exactly",
	       p->name);
	group_enable(&g, 0);
	group_close(&g);

	r = syscall(SYS_delete_module, "axiperf", O_NONBLOCK);
	err = r ? errno : 0;
	tap_result(r == 0 && !pmu_exists("axiperf0") && !pmu_exists("axiperf1") &&
	       !pmu_exists("axiperf2"),
	       "unload: with every event closed rmmod succeeds and every PMU is gone (%s)",
	       r ? strerror(err) : "ok");
	insts[0].type = old_type;
	fd = open_event(&insts[0], AXIPERF_EV_RD_BEATS, -1, 0, -1, 0);
	err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	tap_result(err == ENOENT, "unload: the old PMU type %d is refused with %s (got %s)",
	       old_type, strerror(ENOENT), err ? strerror(err) : "success");

	fd = open(MODULE_PATH, O_RDONLY);
	r = fd < 0 ? -1 : syscall(SYS_finit_module, fd, "", 0);
	err = r ? errno : 0;
	if (fd >= 0)
		close(fd);
	find_types();
	for (i = 0, ok = r == 0; i < NUM_INSTS; i++)
		ok &= insts[i].type > 0;
	tap_result(ok, "unload: insmod again registers all %u PMUs (%s)", NUM_INSTS,
	       r ? strerror(err) : "ok");
	for (i = 0; i < NUM_INSTS; i++)
		if (insts[i].type > 0)
			test_framed(&insts[i], p, "after the reload: ");
}

/* ---- the debug kernel's verdict ------------------------------------- */

#if defined(__arm__) || defined(__aarch64__)
/* Whether the kernel has a function of that name (its symbol table). */
static int kallsyms_has(const char *name)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[256];
	size_t n = strlen(name);
	int found = 0;

	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f)) {
		char *sym = strrchr(line, ' ');
		size_t l;

		if (!sym)
			continue;
		sym++;
		l = strcspn(sym, "\t\n");
		found = l == n && !strncmp(sym, name, n);
	}
	fclose(f);
	return found;
}
#endif

static void test_log_clean(void)
{
	char *log = kernel_log(), buf[256], *from;
	unsigned int n;

	tap_result(read_file("/proc/lockdep_stats", buf, sizeof(buf)) == 0,
	       "debug kernel: lockdep is built in (/proc/lockdep_stats)");
#if defined(__arm__) || defined(__aarch64__)
	/* the arm and arm64 debug kernels have KASAN (a MicroBlaze one cannot) */
	tap_result(kallsyms_has("kasan_report"),
		   "debug kernel: KASAN is built in (kasan_report in /proc/kallsyms)");
#endif
	/*
	 * From the module's first probe message on (the boot before it is
	 * not the driver's: the zc702 tree's second CPU warns on a 1-CPU
	 * kernel); the whole log if that message has scrolled out.
	 */
	from = log ? strstr(log, "axiperf0: axiperf-") : NULL;
	if (log && !from)
		from = log;
	n = kernel_log_reports(log, from, "axiperf.ko", ~0u);
	tap_result(log && !n,
	       "kernel log since axiperf.ko loaded: no lockdep or KASAN report, BUG, WARNING or sleeping-in-atomic report (%u found)",
	       n);
	{
		FILE *f = fopen("/proc/lockdep_stats", "r");
		int on = 0;

		while (f && fgets(buf, sizeof(buf), f))
			if (strstr(buf, "debug_locks:"))
				on = strtol(strchr(buf, ':') + 1, NULL, 10);
		if (f)
			fclose(f);
		tap_result(on == 1, "debug kernel: lockdep is still on at the end (debug_locks %d)", on);
	}
	free(log);
}

int main(int argc, char **argv)
{
	int fd = open("/dev/mem", O_RDWR | O_SYNC);
	int patterns = argc == 1, poll = 0, irq_wraps = 0, unload = 0, log_clean = 0;
	int only = -1;
	unsigned int i, j;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < (unsigned int)argc; i++) {
		if (!strcmp(argv[i], "--patterns"))
			patterns = 1;
		else if (!strcmp(argv[i], "--poll"))
			poll = 1;
		else if (!strcmp(argv[i], "--irq-wraps"))
			irq_wraps = 1;
		else if (!strcmp(argv[i], "--unload"))
			unload = 1;
		else if (!strcmp(argv[i], "--log-clean"))
			log_clean = 1;
		else if (!strcmp(argv[i], "--pattern") && i + 1 < (unsigned int)argc)
			only = atoi(argv[++i]), patterns = 1;
		else if (!strcmp(argv[i], "--first-only"))	/* a bed with axiperf0 only */
			num_insts = 1;
		else {
			printf("Bail out! unknown option %s (see the head of perf_test.c)\n",
			       argv[i]);
			return 2;
		}
	}
	if (fd < 0) {
		printf("Bail out! cannot open /dev/mem\n");
		return 1;
	}
	for (i = 0; i < NUM_INSTS; i++) {
		insts[i].tg = tg_map(fd, insts[i].tg_base);
		insts[i].mon = mmap(NULL, AXIPERF_WINDOW_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
				    fd, insts[i].mon_base);
		if (!insts[i].tg || insts[i].mon == MAP_FAILED) {
			printf("Bail out! no traffic generator at %#lx or monitor at %#lx\n",
			       insts[i].tg_base, insts[i].mon_base);
			return 1;
		}
	}
	find_types();
	for (i = 0; i < NUM_INSTS; i++)
		if (insts[i].type <= 0) {
			printf("Bail out! no %s PMU (is axiperf.ko loaded?)\n", insts[i].name);
			return 1;
		}
	if (patterns) {
		for (i = 0; i < NUM_INSTS; i++)
			test_sysfs(&insts[i], 1);
		if (NUM_INSTS > 1)
			test_instances();
		for (i = 0; i < NUM_INSTS; i++)
			for (j = 0; j < tg_num_patterns; j++)
				if (only < 0 || (unsigned int)only == j) {
					test_pattern(&insts[i], &tg_patterns[j]);
					test_framed(&insts[i], &tg_patterns[j], "");
				}
		if (NUM_INSTS > 1) {
			test_both_at_once(&tg_patterns[1], &tg_patterns[4]);
			test_both_at_once(&tg_patterns[5], &tg_patterns[3]);
			test_cross_instance_group_refused();
		}
		test_group_starts_together();
		test_refusal("sampling", AXIPERF_EV_RD_BEATS, 1, -1, 0, EOPNOTSUPP);
		test_refusal("a per-task event", AXIPERF_EV_RD_BEATS, 0, 0, -1, EOPNOTSUPP);
		test_refusal("an unknown event", 0xff, 0, -1, 0, EINVAL);
		test_refusal("config bits above the event", 1ull << 8, 0, -1, 0, EINVAL);
		test_mixed_group_refused();
		for (i = 0; i < NUM_INSTS; i++)
			if (insts[i].legacy)
				test_legacy_refusals(&insts[i]);
		test_never_idle();
	}
	if (poll) {
		for (i = 0; i < NUM_INSTS; i++)
			test_sysfs(&insts[i], 0);
		for (i = 0; i < NUM_INSTS; i++)
			test_wraps(&insts[i], &tg_patterns[1], 3, "polling path",
				   poll_ms(&insts[i]) + 500);
	}
	/* the article's core has no interrupt: its wraps are the poll's */
	if (irq_wraps)
		for (i = 0; i < NUM_INSTS; i++)
			test_wraps(&insts[i], &tg_patterns[1], 3,
				   insts[i].legacy ? "polling path" : "interrupt path",
				   insts[i].legacy ? poll_ms(&insts[i]) + 500 : 50);
	if (unload)
		test_unload();
	if (log_clean)
		test_log_clean();
	return tap_done();
}
