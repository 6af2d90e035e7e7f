// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * CPU hotplug selftest (kselftest style, TAP) for the axiperf PMU: runs in
 * the QEMU ZynqMP guest (xlnx-zcu102, two Cortex-A53s) with axiperf.ko
 * loaded. The PMU is uncore: its cpumask names one CPU, every event lives
 * on that CPU, and taking that CPU offline must move the open events to
 * another one (perf_pmu_migrate_context) with the overflow interrupt
 * following, and without losing or inventing a single count. Every count
 * is compared with the closed form of tests/guest/tg_pattern.c.
 *
 *   smp_test [--poll] [--pmu NAME] [--mon-base ADDR] [--tg-base ADDR]
 *
 * --poll: the device tree has no interrupt for the monitor; the driver's
 * hrtimer poll must then follow the events (and catch every wrap) instead.
 * Defaults: axiperf0, monitor 0xa0000000, generator 0xa0010000 (the
 * ZynqMP test bed, tools/qemu/beds/zynqmp.py).
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
#include "tap.h"

#define MON_WINDOW 0x1000

static const struct tg_link link_ = { .data_bytes = 8, .id_slots = 4 };
static volatile uint32_t *tg, *mon;
static int pmu_type;
static char pmu_dir[128];
static const char *pmu_name = "axiperf0";
static int poll_mode;

struct counter {
	unsigned int id, off;
	const char *name;
};
#define COUNTER(n, id, off, legacy, unit, pb, pc) { id, off, #n },
static const struct counter counters[] = { AXIPERF_COUNTERS(COUNTER) };
#define NUM_COUNTERS (sizeof(counters) / sizeof(counters[0]))
#define NEV (AXIPERF_EV_MAX + 1)

/* The PMU's cpumask as one CPU number, or -1 if it is not exactly one. */
static int pmu_cpu(void)
{
	char path[192], buf[64], *end;
	long c;

	snprintf(path, sizeof(path), "%s/cpumask", pmu_dir);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	c = strtol(buf, &end, 10);
	return end != buf && !*end && c >= 0 ? (int)c : -1;
}

static int cpu_online(int cpu)
{
	char path[96], buf[16];

	if (cpu == 0 && access("/sys/devices/system/cpu/cpu0/online", F_OK))
		return 1;	/* a CPU that cannot go offline has no file */
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	return atoi(buf);
}

static int set_online(int cpu, int on)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	if (write_file(path, on ? "1" : "0")) {
		printf("#   %s cpu%d: %s\n", on ? "onlining" : "offlining", cpu, strerror(errno));
		return -1;
	}
	return cpu_online(cpu) == on ? 0 : -1;
}

/* ---- the monitor's interrupt -------------------------------------- */

static int irq_no = -1;

/*
 * Finds the monitor's line in /proc/interrupts (its name is the device's,
 * "a0000000.perf-monitor") and its count on each online CPU (the columns
 * name only online CPUs). Returns 0 and fills per_cpu[0..maxcpu).
 */
#define MAXCPU 8
static int irq_counts(uint64_t *per_cpu)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[512];
	int cols[MAXCPU], ncol = 0, found = -1;
	char *p, *end;

	memset(per_cpu, 0, MAXCPU * sizeof(*per_cpu));
	if (!f)
		return -1;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return -1;
	}
	for (p = strstr(line, "CPU"); p && ncol < MAXCPU; p = strstr(p + 3, "CPU"))
		cols[ncol++] = atoi(p + 3);
	while (fgets(line, sizeof(line), f)) {
		int i, n;

		if (!strstr(line, ".perf-monitor"))
			continue;
		n = (int)strtol(line, &end, 10);
		if (end == line || *end != ':')
			continue;
		if (irq_no >= 0 && n != irq_no)
			continue;
		p = end + 1;
		for (i = 0; i < ncol; i++) {
			uint64_t v = strtoull(p, &end, 10);

			if (end == p)
				break;
			if (cols[i] >= 0 && cols[i] < MAXCPU)
				per_cpu[cols[i]] = v;
			p = end;
		}
		found = n;
		break;
	}
	fclose(f);
	if (found < 0)
		return -1;
	irq_no = found;
	return 0;
}

/* /proc/irq/N/smp_affinity_list as one CPU, or -1. */
static int irq_affinity(void)
{
	char path[64], buf[32], *end;
	long c;

	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq_no);
	if (irq_no < 0 || read_file(path, buf, sizeof(buf)))
		return -1;
	c = strtol(buf, &end, 10);
	return end != buf && !*end ? (int)c : -1;
}

/* ---- perf ---------------------------------------------------------- */

struct group {
	int fd[NUM_COUNTERS];
};

static int open_event(uint64_t config, int group, int cpu)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = pmu_type;
	a.config = config;
	a.disabled = group < 0;
	a.read_format = PERF_FORMAT_GROUP;
	return syscall(SYS_perf_event_open, &a, -1, cpu, group, 0);
}

static int group_open(struct group *g, int cpu)
{
	unsigned int i;

	for (i = 0; i < NUM_COUNTERS; i++) {
		g->fd[i] = open_event(counters[i].id, i ? g->fd[0] : -1, cpu);
		if (g->fd[i] < 0) {
			printf("#   perf_event_open(%s, cpu %d): %s\n", counters[i].name, cpu,
			       strerror(errno));
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

static int group_read(struct group *g, uint64_t *v)
{
	uint64_t buf[1 + NUM_COUNTERS];
	unsigned int i;

	memset(v, 0, NEV * sizeof(*v));
	if (read(g->fd[0], buf, sizeof(buf)) != sizeof(buf) || buf[0] != NUM_COUNTERS) {
		printf("#   group read failed: %s\n", strerror(errno));
		return -1;
	}
	for (i = 0; i < NUM_COUNTERS; i++)
		v[counters[i].id] = buf[1 + i];
	return 0;
}

/* Compares v1 - v0 with want for every traffic-only counter. */
static int deltas_equal(const uint64_t *v0, const uint64_t *v1, const uint64_t *want)
{
	unsigned int i;
	int ok = 1;

	for (i = 0; i < NUM_COUNTERS; i++) {
		unsigned int id = counters[i].id;

		if (!tg_event_is_traffic_only(id) || v1[id] - v0[id] == want[id])
			continue;
		printf("#   %s counted %" PRIu64 ", expected %" PRIu64 "\n", counters[i].name,
		       v1[id] - v0[id], want[id]);
		ok = 0;
	}
	return ok;
}

static int run_pattern(const struct tg_pattern *p)
{
	tg_program(tg, p, &link_);
	if (tg_run(tg, AXIPERF_TG_GO, 20000)) {
		printf("#   the generator did not finish '%s'\n", p->name);
		return -1;
	}
	return 0;
}

/*
 * One pattern counted by the open group: the differences of two group
 * reads around it must be its closed-form counts, exactly.
 */
static void test_count(struct group *g, const struct tg_pattern *p, const char *when)
{
	uint64_t v0[NEV], v1[NEV];
	struct tg_expect e;
	int ok;

	ok = !tg_expect(p, &link_, &e) && !group_read(g, v0) && !run_pattern(p) &&
	     !group_read(g, v1) && deltas_equal(v0, v1, e.ev);
	tap_result(ok, "%s: the open group counts '%s' exactly", when, p->name);
}

/*
 * Wraps on the interrupt path: PRESET the 32-bit counters just below 2^31,
 * run the pattern (every counter that moves crosses half range), then just
 * below 2^32 and again (they wrap). To the driver a preset is counting like
 * any other, so the exact 64-bit difference is known from the counters'
 * values before (read from the monitor, the bus being idle). Each crossing
 * raises the overflow interrupt, which must arrive on the PMU's CPU.
 */
static void test_wraps(struct group *g, int cpu, const char *when)
{
	static const uint32_t presets[2] = { 0x7fffff00u, 0xffffff00u };
	const struct tg_pattern *p = &tg_patterns[1];
	uint64_t v0[NEV], v1[NEV], want[NEV], irq0[MAXCPU], irq1[MAXCPU];
	uint32_t hw[NEV];
	struct tg_expect e;
	unsigned int i, k, c;
	int ok = 1, elsewhere = 0;

	if (tg_expect(p, &link_, &e) || (!poll_mode && irq_counts(irq0)) ||
	    group_read(g, v0)) {
		tap_result(0, "%s: wraps on the interrupt path counted (setup failed)", when);
		return;
	}
	memset(want, 0, sizeof(want));
	for (i = 0; i < NUM_COUNTERS; i++)
		hw[counters[i].id] = mon[counters[i].off / 4];
	for (k = 0; k < 2; k++) {
		tg[AXIPERF_TG_PRESET_LO / 4] = presets[k];
		tg[AXIPERF_TG_PRESET_HI / 4] = 0;
		tg[AXIPERF_TG_PRESET_CMD / 4] = 1;
		for (i = 0; i < NEV; i++) {
			want[i] += (uint32_t)(presets[k] - hw[i]) + e.ev[i];
			hw[i] = presets[k] + (uint32_t)e.ev[i];
		}
		if (run_pattern(p))
			ok = 0;
		/* the poll period of a 32-bit counter at 100 MHz is 10.5 ms */
		usleep((poll_mode ? 1500 : 50) * 1000);
	}
	if (group_read(g, v1) || (!poll_mode && irq_counts(irq1)))
		ok = 0;
	ok = ok && deltas_equal(v0, v1, want);
	tap_result(ok, "%s: a half-range crossing and a wrap of the 32-bit counters counted exactly, %s (rd_beats +%#" PRIx64 ")",
	       when, poll_mode ? "polled" : "by interrupt",
	       v1[AXIPERF_EV_RD_BEATS] - v0[AXIPERF_EV_RD_BEATS]);
	if (poll_mode)
		return;
	for (c = 0; c < MAXCPU; c++)
		if ((int)c != cpu && irq1[c] != irq0[c])
			elsewhere = 1, printf("#   irq %d: %" PRIu64 " more on cpu%u\n", irq_no,
					      irq1[c] - irq0[c], c);
	tap_result(irq1[cpu] >= irq0[cpu] + 2 && !elsewhere,
	       "%s: the overflow interrupts (%" PRIu64 ") all came to cpu%d, the PMU's CPU",
	       when, irq1[cpu] - irq0[cpu], cpu);
}

/*
 * Takes the PMU's CPU offline: the cpumask must move to another online
 * CPU, the interrupt with it, and the open events must neither lose nor
 * gain a count in the move.
 */
static int test_move(struct group *g, int from, int *to)
{
	uint64_t v0[NEV], v1[NEV], zero[NEV];
	int ok, c;

	memset(zero, 0, sizeof(zero));
	ok = !group_read(g, v0);
	tap_result(!set_online(from, 0), "cpu%d, the PMU's CPU, goes offline through sysfs", from);
	c = pmu_cpu();
	*to = c;
	tap_result(c >= 0 && c != from && cpu_online(c) == 1,
	       "the cpumask moved from cpu%d to another online CPU (cpu%d)", from, c);
	if (!poll_mode)
		tap_result(c >= 0 && irq_affinity() == c,
		       "irq %d's affinity followed the cpumask to cpu%d (smp_affinity_list %d)",
		       irq_no, c, irq_affinity());
	ok = ok && !group_read(g, v1) && deltas_equal(v0, v1, zero);
	tap_result(ok, "the move from cpu%d to cpu%d lost and added no count", from, c);
	return c >= 0 && c != from ? 0 : -1;
}

static unsigned long parse_addr(const char *opt, const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 0);

	if (end == s || *end || v % 0x1000) {
		printf("Bail out! %s %s: expected a page-aligned address such as 0xa0010000\n",
		       opt, s);
		exit(1);
	}
	return v;
}

int main(int argc, char **argv)
{
	unsigned long mon_base = 0xa0000000ul, tg_base = 0xa0010000ul;
	uint64_t irq[MAXCPU];
	char buf[64], path[192];
	struct group g;
	int fd, i, a, b, c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--poll"))
			poll_mode = 1;
		else if (!strcmp(argv[i], "--pmu") && i + 1 < argc)
			pmu_name = argv[++i];
		else if (!strcmp(argv[i], "--mon-base") && i + 1 < argc)
			mon_base = parse_addr(argv[i], argv[i + 1]), i++;
		else if (!strcmp(argv[i], "--tg-base") && i + 1 < argc)
			tg_base = parse_addr(argv[i], argv[i + 1]), i++;
		else {
			printf("Bail out! usage: %s [--poll] [--pmu NAME] [--mon-base ADDR] [--tg-base ADDR]\n",
			       argv[0]);
			return 1;
		}
	}
	snprintf(pmu_dir, sizeof(pmu_dir), "/sys/bus/event_source/devices/%s", pmu_name);

	fd = open("/dev/mem", O_RDWR | O_SYNC);
	if (fd < 0) {
		printf("Bail out! cannot open /dev/mem: %s\n", strerror(errno));
		return 1;
	}
	tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE, MAP_SHARED, fd, tg_base);
	if (tg == MAP_FAILED || tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC) {
		printf("Bail out! no traffic generator at %#lx (--tg-base)\n", tg_base);
		return 1;
	}
	mon = mmap(NULL, MON_WINDOW, PROT_READ, MAP_SHARED, fd, mon_base);
	if (mon == MAP_FAILED || mon[AXIPERF_REG_ID / 4] != AXIPERF_MAGIC) {
		printf("Bail out! no axiperf monitor at %#lx (--mon-base)\n", mon_base);
		return 1;
	}
	snprintf(path, sizeof(path), "%s/type", pmu_dir);
	if (read_file(path, buf, sizeof(buf)) == 0)
		pmu_type = atoi(buf);
	if (pmu_type <= 0) {
		printf("Bail out! no %s PMU (is axiperf.ko loaded?)\n", pmu_name);
		return 1;
	}

	tap_result(read_file("/sys/devices/system/cpu/online", buf, sizeof(buf)) == 0 &&
	       !strcmp(buf, "0-1"), "two CPUs online (\"%s\")", buf);
	a = pmu_cpu();
	tap_result(a >= 0 && cpu_online(a) == 1, "%s's cpumask names one online CPU (cpu%d)",
	       pmu_name, a);
	if (poll_mode) {
		snprintf(path, sizeof(path), "%s/caps/irq", pmu_dir);
		tap_result(irq_counts(irq) && read_file(path, buf, sizeof(buf)) == 0 &&
		       !strcmp(buf, "0"), "no interrupt: the driver polls (caps/irq \"%s\")", buf);
	} else {
		tap_result(irq_counts(irq) == 0 && a >= 0 && irq_affinity() == a,
		       "irq %d (the monitor's) has the cpumask's CPU as its affinity (%d)", irq_no,
		       irq_affinity());
	}
	if (a < 0 || group_open(&g, a)) {
		printf("Bail out! cannot open a group on the PMU's CPU\n");
		return 1;
	}
	ioctl(g.fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	test_count(&g, &tg_patterns[2], "before any move");
	test_wraps(&g, a, "before any move");

	if (test_move(&g, a, &b)) {
		printf("Bail out! the events did not move\n");
		return 1;
	}
	test_count(&g, &tg_patterns[4], "after the move");
	test_wraps(&g, b, "after the move");

	tap_result(!set_online(a, 1), "cpu%d comes back online", a);
	c = pmu_cpu();
	tap_result(c >= 0 && cpu_online(c) == 1 && (poll_mode || irq_affinity() == c),
	       "with cpu%d back the cpumask names one online CPU (cpu%d)%s", a, c,
	       poll_mode ? "" : " and the irq follows it");
	test_count(&g, &tg_patterns[5], "with both CPUs back");

	/* and back again: offline the CPU the events are on now */
	if (c >= 0 && !test_move(&g, c, &b)) {
		test_count(&g, &tg_patterns[3], "after the second move");
		test_wraps(&g, b, "after the second move");
		tap_result(!set_online(c, 1), "cpu%d comes back online", c);
	}
	ioctl(g.fd[0], PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	group_close(&g);

	/* a fresh group on whatever CPU the cpumask names now */
	c = pmu_cpu();
	if (c >= 0 && !group_open(&g, c)) {
		ioctl(g.fd[0], PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
		test_count(&g, &tg_patterns[1], "a new group after the moves");
		group_close(&g);
	} else {
		tap_result(0, "a new group opens on the cpumask's CPU (cpu%d)", c);
	}
	return tap_done();
}
