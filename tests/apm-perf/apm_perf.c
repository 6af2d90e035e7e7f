// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf_apm.ko on the QEMU ZynqMP test bed: the PS's four AXI
 * Performance Monitors as perf PMUs, counting the traffic generator's
 * patterns (routed to one slot of one monitor at a time) against their
 * closed forms (tests/guest/tg_pattern.c), through perf_event_open as perf
 * stat does. TAP on stdout.
 *
 *   apm_perf [--poll]     --poll: the tree has no APM interrupt (the
 *                         driver's timer extends the counters)
 *   apm_perf --debug      the debug kernel: also no lockdep, KASAN, BUG
 *                         or WARNING report, lockdep still on at the end
 *   apm_perf --bad-dt     the tree of dtb.sh --bad-apm: the malformed
 *                         monitors refused with a message, the others count
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "axiperf/apm.h"
#include "axiperf-tg-regs.h"
#include "tap.h"
#include "tg_pattern.h"

#define TG_BASE	0xa0010000UL

struct apm {
	const char *label;
	unsigned long base;
	unsigned int slots, counters, spi;
	int type;
};

#define APM_ROW(_label, _base, _slots, _counters, _spi) \
	{ #_label, _base, _slots, _counters, _spi, -1 },
static struct apm apms[] = { AXIPERF_APM_ZYNQMP(APM_ROW) };
#define NAPM (sizeof(apms) / sizeof(apms[0]))

static const char *const ddr_slots[] = AXIPERF_APM_SLOTS_DDR;
static const struct tg_link link0 = { .data_bytes = 8, .id_slots = 4 };
static volatile uint32_t *tg;
static int memfd = -1;
static int poll_mode;

static uint64_t cfg(unsigned int metric, unsigned int slot)
{
	return (uint64_t)metric << AXIPERF_APM_CFG_METRIC_SHIFT |
	       (uint64_t)slot << AXIPERF_APM_CFG_SLOT_SHIFT;
}

static int open_filtered(const struct apm *a, uint64_t config, uint64_t id, uint64_t mask)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)a->type;
	attr.config = config;
	attr.config1 = id;
	attr.config2 = mask;
	return (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
}

static int open_event(const struct apm *a, uint64_t config, uint64_t config1)
{
	return open_filtered(a, config, config1, 0);
}

static uint64_t read_count(int fd)
{
	uint64_t v = 0;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return UINT64_MAX;
	return v;
}

/* the generator's link seen by slot `slot` of apms[index] */
static void route(unsigned int index, unsigned int slot)
{
	tg[AXIPERF_TG_ROUTE / 4] = AXIPERF_TG_ROUTE_TO(index, slot);
}

/* p's closed form on the bed's link; -1: it has none */
static int expect(const struct tg_pattern *p, struct tg_pattern *fit, struct tg_expect *e)
{
	tg_fit_link(p, &link0, fit);
	return tg_expect(fit, &link0, e) ? -1 : 0;
}

static int run_pattern(const struct tg_pattern *p, struct tg_expect *e)
{
	struct tg_pattern fit;

	if (expect(p, &fit, e))
		return -1;
	tg_program(tg, &fit, &link0);
	return tg_run(tg, AXIPERF_TG_GO, 20000);
}

/* How many interrupts the line named `name` has taken (all CPUs) */
static unsigned long irq_count(const char *name)
{
	char line[512];
	unsigned long total = 0;
	FILE *f = fopen("/proc/interrupts", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *p, *end;

		if (!strstr(line, name))
			continue;
		p = strchr(line, ':');
		while (p) {
			unsigned long v = strtoul(p + 1, &end, 10);

			if (end == p + 1)
				break;
			total += v;
			p = end;
		}
	}
	fclose(f);
	return total;
}

/* The number of the interrupt whose /proc/interrupts line names `name` */
static int irq_number(const char *name)
{
	char line[512];
	int irq = -1;
	FILE *f = fopen("/proc/interrupts", "r");

	while (f && irq < 0 && fgets(line, sizeof(line), f))
		if (strstr(line, name))
			irq = atoi(line);
	if (f)
		fclose(f);
	return irq;
}

static int sysfs_matches(const char *pmu, const char *file, const char *want)
{
	char path[256], buf[128];

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s", pmu, file);
	if (read_file(path, buf, sizeof(buf)) < 0)
		return 0;
	if (strcmp(buf, want)) {
		printf("#   %s: '%s', not '%s'\n", path, buf, want);
		return 0;
	}
	return 1;
}

/* apms[i] is a PMU, as spec/apm.toml says; its type noted */
static void test_one_registered(unsigned int i)
{
	struct apm *a = &apms[i];
	char pmu[32], path[128], buf[32], num[16];
	int ok;

	snprintf(pmu, sizeof(pmu), "apm_%s", a->label);
	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	ok = read_file(path, buf, sizeof(buf)) == 0;
	a->type = ok ? atoi(buf) : -1;
	snprintf(num, sizeof(num), "%u", a->slots);
	ok = ok && sysfs_matches(pmu, "slots", num);
	snprintf(num, sizeof(num), "%u", a->counters);
	ok = ok && sysfs_matches(pmu, "counters", num);
	ok = ok && sysfs_matches(pmu, "format/metric", "config:0-4") &&
	     sysfs_matches(pmu, "format/slot", "config:5-7") &&
	     sysfs_matches(pmu, "events/read_bytes", "metric=3");
	tap_result(ok, "%s is a PMU at 0x%lx: %u slots, %u counters, its format and events in sysfs",
		   pmu, a->base, a->slots, a->counters);
}

static void test_registered(void)
{
	for (unsigned int i = 0; i < NAPM; i++)
		test_one_registered(i);
	tap_result(sysfs_matches("apm_ddr", "events/apu0_read_bytes", "metric=3,slot=1") &&
		   sysfs_matches("apm_ddr", "events/hp3_fpd_dma_write_transactions", "metric=0,slot=5"),
		   "apm_ddr names its slots' bytes and transactions by what each slot watches "
		   "(apu0_read_bytes = metric=3,slot=1)");
}

/* the traffic metrics and the closed-form event each equals */
static const struct {
	unsigned int metric, ev;
} traffic[] = {
	{ AXIPERF_APM_M_READ_BYTES, AXIPERF_EV_RD_BYTES },
	{ AXIPERF_APM_M_WRITE_BYTES, AXIPERF_EV_WR_W_BYTES },
	{ AXIPERF_APM_M_READ_TRANSACTIONS, AXIPERF_EV_RD_BURSTS },
	{ AXIPERF_APM_M_WRITE_TRANSACTIONS, AXIPERF_EV_WR_BURSTS },
	{ AXIPERF_APM_M_WRITE_BEATS, AXIPERF_EV_WR_BEATS },
	{ AXIPERF_APM_M_WRITE_RESPONSES, AXIPERF_EV_WR_BURSTS },
	{ AXIPERF_APM_M_WRITE_LASTS, AXIPERF_EV_WR_BURSTS },
	{ AXIPERF_APM_M_READ_LASTS, AXIPERF_EV_RD_BURSTS },
};
#define NTRAFFIC (sizeof(traffic) / sizeof(traffic[0]))

/*
 * Every slot of every monitor: the link routed there, the eight traffic
 * metrics of that slot count the patterns exactly, and the same metric of
 * another slot (another monitor's, on a one-slot monitor) counts nothing.
 */
static void test_every_slot(void)
{
	static const unsigned int pats[] = { 2, 3 };	/* reads and writes, stalls */

	for (unsigned int i = 0; i < NAPM; i++) {
		struct apm *a = &apms[i];

		for (unsigned int s = 0; s < a->slots; s++) {
			int fd[NTRAFFIC], other = -1, ok = a->type >= 0;
			const struct apm *oa = a->slots > 1 ? a : &apms[(i + 1) % NAPM];
			unsigned int os = a->slots > 1 ? (s + 1) % a->slots : 0;
			/* as many at once as the counters take (one for `other`
			 * when it is this monitor's) */
			unsigned int batch = a->counters - (oa == a);
			struct tg_expect e;

			route(i, s);
			other = open_event(oa, cfg(AXIPERF_APM_M_READ_BYTES, os), 0);
			ok = ok && other >= 0;
			for (unsigned int k0 = 0; ok && k0 < NTRAFFIC; k0 += batch) {
				unsigned int k1 = k0 + batch < NTRAFFIC ? k0 + batch : NTRAFFIC;
				uint64_t want[NTRAFFIC] = { 0 };

				for (unsigned int k = k0; k < k1; k++) {
					fd[k] = open_event(a, cfg(traffic[k].metric, s), 0);
					if (fd[k] < 0 && ok) {
						printf("#   %s metric %u slot %u: %s\n", a->label,
						       traffic[k].metric, s, strerror(errno));
						ok = 0;
					}
				}
				for (unsigned int p = 0; ok && p < sizeof(pats) / sizeof(pats[0]); p++) {
					ok = !run_pattern(&tg_patterns[pats[p]], &e);
					for (unsigned int k = k0; k < k1; k++)
						want[k] += e.ev[traffic[k].ev];
				}
				for (unsigned int k = k0; ok && k < k1; k++) {
					uint64_t got = read_count(fd[k]);

					if (got != want[k]) {
						printf("#   apm_%s slot %u metric %u: %llu, closed form %llu\n",
						       a->label, s, traffic[k].metric,
						       (unsigned long long)got, (unsigned long long)want[k]);
						ok = 0;
					}
				}
				for (unsigned int k = k0; k < k1; k++)
					if (fd[k] >= 0)
						close(fd[k]);
			}
			if (ok && read_count(other) != 0) {
				printf("#   apm_%s slot %u read_bytes, not routed: %llu\n", oa->label, os,
				       (unsigned long long)read_count(other));
				ok = 0;
			}
			if (other >= 0)
				close(other);
			tap_result(ok, "apm_%s slot %u%s%s: bytes, transactions, write beats, responses "
				   "and last beats of two patterns exact; apm_%s slot %u, not routed, counts 0",
				   a->label, s, i == 0 ? " " : "", i == 0 ? ddr_slots[s] : "",
				   oa->label, os);
		}
	}
	route(0, 0);
}

/* More distinct events than counters: ENOSPC; an identical one shares. */
static void test_counters(void)
{
	const struct apm *a = &apms[2];		/* ocm: 3 counters */
	/* read bytes first: the twin below shares its counter */
	static const unsigned int metrics[] = { 3, 0, 1, 2, 4, 7, 8, 9, 10 };
	int fd[9], extra = -1, twin = -1, ok = 1, err = 0;
	unsigned int n = 0;
	struct tg_expect e;

	for (; n < a->counters; n++) {
		fd[n] = open_event(a, cfg(metrics[n], 0), 0);
		if (fd[n] < 0) {
			printf("#   ocm metric %u: %s\n", metrics[n], strerror(errno));
			ok = 0;
			break;
		}
	}
	if (ok) {
		extra = open_event(a, cfg(metrics[n], 0), 0);
		err = errno;
		twin = open_event(a, cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	}
	tap_result(ok && extra < 0 && err == ENOSPC,
		   "apm_ocm: %u distinct events open; one more is refused with ENOSPC (%s)",
		   a->counters, extra < 0 ? strerror(err) : "opened");
	route(2, 0);
	ok = ok && twin >= 0 && !run_pattern(&tg_patterns[2], &e);
	tap_result(ok && read_count(twin) == e.ev[AXIPERF_EV_RD_BYTES] &&
		   read_count(fd[0]) == e.ev[AXIPERF_EV_RD_BYTES],
		   "an event identical to an open one shares its counter: both count %llu bytes",
		   (unsigned long long)e.ev[AXIPERF_EV_RD_BYTES]);
	for (unsigned int k = 0; k < n; k++)
		close(fd[k]);
	if (extra >= 0)
		close(extra);
	if (twin >= 0)
		close(twin);
	extra = open_event(a, cfg(metrics[8], 0), 0);
	tap_result(extra >= 0, "the counters free again once those events are closed");
	if (extra >= 0)
		close(extra);
	route(0, 0);
}

static void expect_refused(const struct apm *a, uint64_t config, uint64_t config1, int want,
			   const char *what)
{
	int fd = open_event(a, config, config1), err = errno;

	tap_result(fd < 0 && err == want, "apm_%s refuses %s: %s (%s)", a->label, what,
		   strerror(want), fd < 0 ? strerror(err) : "opened");
	if (fd >= 0)
		close(fd);
}

static void test_refusals(void)
{
	const struct apm *ocm = &apms[2], *lpd = &apms[3];
	struct perf_event_attr attr;
	int fd, fd2, err;

	expect_refused(ocm, cfg(AXIPERF_APM_M_READ_BYTES, 1), 0, EINVAL, "slot 1 of a one-slot monitor");
	expect_refused(&apms[0], cfg(AXIPERF_APM_M_READ_BYTES, 6), 0, EINVAL,
		       "slot 6 of the six-slot DDR monitor");
	expect_refused(ocm, cfg(16, 0), 0, EINVAL, "metric 16 (AXI4-Stream, not this monitor's)");
	expect_refused(ocm, cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_LAT_START, 0, EINVAL,
		       "latency points on a metric that is no latency");
	expect_refused(ocm, cfg(AXIPERF_APM_M_READ_BYTES, 0), 0x5, EINVAL,
		       "an ID in config1 without id_filter");
	expect_refused(ocm, cfg(AXIPERF_APM_M_READ_BYTES, 0) | 1ULL << 40, 0, EINVAL,
		       "config bits no field has");

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)ocm->type;
	attr.config = cfg(AXIPERF_APM_M_READ_BYTES, 0);
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	err = errno;
	tap_result(fd < 0 && err == EOPNOTSUPP, "apm_ocm refuses a per-task event: %s",
		   fd < 0 ? strerror(err) : "opened");
	if (fd >= 0)
		close(fd);
	attr.sample_period = 1000;
	fd = (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
	err = errno;
	tap_result(fd < 0 && err == EOPNOTSUPP, "apm_ocm refuses a sampling event: %s",
		   fd < 0 ? strerror(err) : "opened");
	if (fd >= 0)
		close(fd);

	/* the read latency points are the monitor's: one setting at a time */
	fd = open_event(lpd, cfg(AXIPERF_APM_M_READ_LATENCY, 0), 0);
	fd2 = open_event(lpd, cfg(AXIPERF_APM_M_READ_LATENCY_MAX, 0) | AXIPERF_APM_CFG_LAT_START, 0);
	err = errno;
	tap_result(fd >= 0 && fd2 < 0 && err == EBUSY,
		   "apm_lpd: with read latency from address issue open, one from acceptance is refused: %s",
		   fd2 < 0 ? strerror(err) : "opened");
	if (fd2 >= 0)
		close(fd2);
	fd2 = open_event(lpd, cfg(AXIPERF_APM_M_WRITE_LATENCY, 0) | AXIPERF_APM_CFG_LAT_START, 0);
	tap_result(fd2 >= 0, "... while write latency from acceptance opens (the other direction's points)");
	if (fd2 >= 0)
		close(fd2);
	if (fd >= 0)
		close(fd);
	fd2 = open_event(lpd, cfg(AXIPERF_APM_M_READ_LATENCY_MAX, 0) | AXIPERF_APM_CFG_LAT_START, 0);
	tap_result(fd2 >= 0, "... and read latency from acceptance opens once the other is closed");
	if (fd2 >= 0)
		close(fd2);

	/* the ID filter is the monitor's too, one per direction */
	fd = open_filtered(lpd, cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
			   0x1, 0xffff);
	fd2 = open_event(lpd, cfg(AXIPERF_APM_M_READ_TRANSACTIONS, 0), 0);
	err = errno;
	tap_result(fd >= 0 && fd2 < 0 && err == EBUSY,
		   "apm_lpd: with a read-ID-filtered event open, an unfiltered read event is refused: %s",
		   fd2 < 0 ? strerror(err) : "opened");
	if (fd2 >= 0)
		close(fd2);
	fd2 = open_filtered(lpd, cfg(AXIPERF_APM_M_READ_LASTS, 0) | AXIPERF_APM_CFG_ID_FILTER,
			    0x2, 0xffff);
	err = errno;
	tap_result(fd >= 0 && fd2 < 0 && err == EBUSY,
		   "... and so is a read event filtered on another ID: %s",
		   fd2 < 0 ? strerror(err) : "opened");
	if (fd2 >= 0)
		close(fd2);
	fd2 = open_event(lpd, cfg(AXIPERF_APM_M_WRITE_BYTES, 0), 0);
	tap_result(fd >= 0 && fd2 >= 0,
		   "... while an unfiltered write event opens (the write filter is apart)%s%s",
		   fd2 < 0 ? ": " : "", fd2 < 0 ? strerror(errno) : "");
	if (fd2 >= 0)
		close(fd2);
	if (fd >= 0)
		close(fd);

	/* the ID and mask: no wider than the instance's 32-bit filter, and
	 * only with id_filter */
	expect_refused(lpd, cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
		       1ULL << 32, EINVAL, "an ID wider than its 32-bit filter");
	fd = open_filtered(lpd, cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
			   0, 1ULL << 32);
	err = errno;
	tap_result(fd < 0 && err == EINVAL, "apm_lpd refuses a mask wider than its 32-bit filter: %s",
		   fd < 0 ? strerror(err) : "opened");
	if (fd >= 0)
		close(fd);
	fd = open_filtered(lpd, cfg(AXIPERF_APM_M_READ_BYTES, 0), 0, 0xff);
	err = errno;
	tap_result(fd < 0 && err == EINVAL, "apm_lpd refuses a mask in config2 without id_filter: %s",
		   fd < 0 ? strerror(err) : "opened");
	if (fd >= 0)
		close(fd);
	fd = open_filtered(lpd, cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
			   0x10001, 0xffffffff);
	tap_result(fd >= 0, "apm_lpd takes a 17-bit ID with its 32-bit filter%s%s",
		   fd < 0 ? ": " : "", fd < 0 ? strerror(errno) : "");
	if (fd >= 0)
		close(fd);
	tap_result(sysfs_matches("apm_lpd", "id_filter_bits", "32") &&
		   sysfs_matches("apm_ddr", "format/id", "config1:0-31") &&
		   sysfs_matches("apm_ddr", "format/id_mask", "config2:0-31"),
		   "the PS's APMs say their ID filter is 32-bit (id_filter_bits; the vendor's kernel "
		   "trees leave xlnx,enable-32bit-filter-id out); id and id_mask are config1 and config2");
}

static int open_group(const struct apm *a, uint64_t config, int leader)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)a->type;
	attr.config = config;
	attr.disabled = leader < 0;
	return (int)syscall(SYS_perf_event_open, &attr, -1, 0, leader, 0);
}

/*
 * Minimum and maximum latency events opened on a running monitor read the
 * extremes of their own window: not those of traffic before they opened,
 * nor what their counter held for another metric. The DDR monitor counts
 * slot 2's write bytes throughout (so it never stops); read bytes take a counter
 * and give it back after the slow-slave pattern (reads of 35 clocks);
 * then a group of read_latency_max and read_latency_min, opened and
 * enabled together, and read_latency and read_transactions beside it, see
 * the back-pressure pattern, whose six reads each take the same time: the
 * maximum and the minimum are read_latency / read_transactions exactly.
 */
static void test_extremes(void)
{
	const struct apm *ddr = &apms[0];
	const unsigned int slot = 2;
	int keep, bytes, max, min, total, n, third, ok;
	uint64_t vmax, vmin, vtotal, vn;
	struct tg_expect e;

	route(0, slot);
	keep = open_event(ddr, cfg(AXIPERF_APM_M_WRITE_BYTES, slot), 0);
	bytes = open_event(ddr, cfg(AXIPERF_APM_M_READ_BYTES, slot), 0);
	ok = keep >= 0 && bytes >= 0 && !run_pattern(&tg_patterns[2], &e);
	ok = ok && read_count(bytes) == e.ev[AXIPERF_EV_RD_BYTES];
	if (bytes >= 0)
		close(bytes);
	max = open_group(ddr, cfg(AXIPERF_APM_M_READ_LATENCY_MAX, slot), -1);
	min = max >= 0 ? open_group(ddr, cfg(AXIPERF_APM_M_READ_LATENCY_MIN, slot), max) : -1;
	total = open_event(ddr, cfg(AXIPERF_APM_M_READ_LATENCY, slot), 0);
	n = open_event(ddr, cfg(AXIPERF_APM_M_READ_TRANSACTIONS, slot), 0);
	ok = ok && max >= 0 && min >= 0 && total >= 0 && n >= 0 &&
	     !ioctl(max, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	/* a third extreme would reset the group's: refused while it counts */
	third = open_event(ddr, cfg(AXIPERF_APM_M_WRITE_LATENCY_MAX, slot), 0);
	tap_result(third < 0 && errno == EBUSY,
		   "apm_ddr: with a read_latency_max/min group counting, a write_latency_max event "
		   "(it would reset their extremes) is refused: %s",
		   third < 0 ? strerror(errno) : "opened");
	if (third >= 0)
		close(third);
	ok = ok && !run_pattern(&tg_patterns[3], &e);
	vmax = max >= 0 ? read_count(max) : 0;
	vmin = min >= 0 ? read_count(min) : 0;
	vtotal = total >= 0 ? read_count(total) : 0;
	vn = n >= 0 ? read_count(n) : 0;
	tap_result(ok && vn == e.ev[AXIPERF_EV_RD_BURSTS] && vn && vtotal % vn == 0 &&
		   vmax == vtotal / vn && vmin == vtotal / vn,
		   "apm_ddr slot 2, running: read_latency_max and read_latency_min opened after 35-clock "
		   "reads, on a counter that held read bytes, read their own window's: max %llu, "
		   "min %llu, each read %llu (%llu over %llu)",
		   (unsigned long long)vmax, (unsigned long long)vmin,
		   (unsigned long long)(vn ? vtotal / vn : 0), (unsigned long long)vtotal,
		   (unsigned long long)vn);
	if (min >= 0)
		close(min);
	if (max >= 0)
		close(max);
	/* closed, a new extreme opens, starting afresh */
	max = open_event(ddr, cfg(AXIPERF_APM_M_WRITE_LATENCY_MAX, slot), 0);
	tap_result(max >= 0, "... and opens once the group is closed%s%s", max < 0 ? ": " : "",
		   max < 0 ? strerror(errno) : "");
	if (max >= 0)
		close(max);
	if (total >= 0)
		close(total);
	if (n >= 0)
		close(n);
	if (keep >= 0)
		close(keep);
	route(0, 0);
}

/*
 * Bursts of two IDs on the DDR monitor's slot 3: five reads and five
 * writes, burst i of ID i % 2, so ID 0 has three of each and ID 1 two.
 * A read-ID-filtered and a write-ID-filtered event open at once count
 * their ID's bytes exactly (every burst of a pattern has the same bytes);
 * an unfiltered event beside them all the bytes of its direction.
 */
static const struct tg_pattern two_ids = {
	.name = "two IDs", .mode = AXIPERF_TG_READS | AXIPERF_TG_WRITES,
	.bursts = 5, .len = 3, .size = 3, .ids = 2, .r_latency = 2,
	.b_latency = 1,
};

/* The bytes of ID id in one run of two_ids, of the total of its direction */
static uint64_t two_ids_bytes(uint64_t total, unsigned int id)
{
	return total / two_ids.bursts * (id ? 2 : 3);
}

static void test_id_filter(void)
{
	static const struct {
		unsigned int rd_id, wr_id;
	} cases[] = { { 1, 0 }, { 0, 1 } };
	const struct apm *ddr = &apms[0];
	const unsigned int slot = 3;

	route(0, slot);
	for (unsigned int c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		unsigned int rd_n = cases[c].rd_id ? 2 : 3, wr_n = cases[c].wr_id ? 2 : 3;
		uint64_t got_rd, got_wr, got_all, want_rd, want_wr;
		int rd, wr, all, ok;
		struct tg_expect e;

		rd = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_BYTES, slot) | AXIPERF_APM_CFG_ID_FILTER,
				   cases[c].rd_id, 0xffffffff);
		wr = open_filtered(ddr, cfg(AXIPERF_APM_M_WRITE_BYTES, slot) | AXIPERF_APM_CFG_ID_FILTER,
				   cases[c].wr_id, 0xffffffff);
		all = open_event(ddr, cfg(AXIPERF_APM_M_WRITE_TRANSACTIONS, slot), 0);
		ok = rd >= 0 && wr >= 0 && all < 0;
		if (rd < 0 || wr < 0)
			printf("#   the filtered events: read %s, write %s\n",
			       rd < 0 ? "refused" : "open", wr < 0 ? "refused" : "open");
		if (all >= 0)
			close(all);
		/* the write filter held: an unfiltered write is refused, a
		 * read of the held ID shares it */
		all = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_TRANSACTIONS, slot) |
				    AXIPERF_APM_CFG_ID_FILTER, cases[c].rd_id, 0xffffffff);
		ok = ok && all >= 0;
		if (run_pattern(&two_ids, &e)) {
			printf("#   the two-ID pattern did not run or has no closed form\n");
			ok = 0;
		}
		want_rd = two_ids_bytes(e.ev[AXIPERF_EV_RD_BYTES], cases[c].rd_id);
		want_wr = two_ids_bytes(e.ev[AXIPERF_EV_WR_W_BYTES], cases[c].wr_id);
		got_rd = rd >= 0 ? read_count(rd) : 0;
		got_wr = wr >= 0 ? read_count(wr) : 0;
		got_all = all >= 0 ? read_count(all) : 0;
		tap_result(ok && got_rd == want_rd && got_wr == want_wr && got_all == rd_n &&
			   e.ev[AXIPERF_EV_RD_BYTES] % two_ids.bursts == 0 &&
			   e.ev[AXIPERF_EV_WR_W_BYTES] % two_ids.bursts == 0,
			   "apm_ddr slot %u, bursts of IDs 0 and 1 at once: read ID %u %llu bytes "
			   "(%u of 5 bursts: %llu), write ID %u %llu bytes (%u of 5: %llu), read "
			   "transactions of ID %u %llu (%u); an unfiltered write refused",
			   slot, cases[c].rd_id, (unsigned long long)got_rd, rd_n,
			   (unsigned long long)want_rd, cases[c].wr_id, (unsigned long long)got_wr,
			   wr_n, (unsigned long long)want_wr, cases[c].rd_id,
			   (unsigned long long)got_all, rd_n);
		if (rd >= 0)
			close(rd);
		if (wr >= 0)
			close(wr);
		if (all >= 0)
			close(all);
	}
	route(0, 0);
}

/*
 * Two slots busy at once: the generator's reads reach DDR port 2 and its
 * writes port 4 (a DMA reading through one port, writing through
 * another), bursts of IDs 0 and 1 each way. A read-ID-filtered event on
 * port 2 and a write-ID-filtered one on port 4 count exactly their ID's
 * bytes; the same filters on the other port count nothing.
 */
static void test_id_filter_two_slots(void)
{
	static const struct {
		unsigned int rd_id, wr_id;
	} cases[] = { { 1, 0 }, { 0, 1 } };
	const struct apm *ddr = &apms[0];
	const unsigned int rs = 2, ws = 4;
	const uint64_t f = AXIPERF_APM_CFG_ID_FILTER;

	tg[AXIPERF_TG_ROUTE / 4] = AXIPERF_TG_ROUTE_SPLIT_TO(0, rs, ws);
	for (unsigned int c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		unsigned int rd_n = cases[c].rd_id ? 2 : 3, wr_n = cases[c].wr_id ? 2 : 3;
		uint64_t rd_id = cases[c].rd_id, wr_id = cases[c].wr_id;
		uint64_t got[4] = { 0 }, want_rd, want_wr;
		struct tg_expect e;
		int fd[4], ok = 1;

		fd[0] = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_BYTES, rs) | f, rd_id, 0xffffffff);
		fd[1] = open_filtered(ddr, cfg(AXIPERF_APM_M_WRITE_BYTES, ws) | f, wr_id, 0xffffffff);
		fd[2] = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_BYTES, ws) | f, rd_id, 0xffffffff);
		fd[3] = open_filtered(ddr, cfg(AXIPERF_APM_M_WRITE_BYTES, rs) | f, wr_id, 0xffffffff);
		for (int i = 0; i < 4; i++)
			ok = ok && fd[i] >= 0;
		if (!ok)
			printf("#   an event was refused: %s\n", strerror(errno));
		if (run_pattern(&two_ids, &e)) {
			printf("#   the two-ID pattern did not run or has no closed form\n");
			ok = 0;
		}
		want_rd = two_ids_bytes(e.ev[AXIPERF_EV_RD_BYTES], cases[c].rd_id);
		want_wr = two_ids_bytes(e.ev[AXIPERF_EV_WR_W_BYTES], cases[c].wr_id);
		for (int i = 0; i < 4; i++)
			got[i] = fd[i] >= 0 ? read_count(fd[i]) : UINT64_MAX;
		tap_result(ok && got[0] == want_rd && got[1] == want_wr && !got[2] && !got[3] &&
			   want_rd && want_wr,
			   "apm_ddr, reads on port %u and writes on port %u at once, bursts of IDs 0 "
			   "and 1: read ID %u on port %u %llu bytes (%u of 5 bursts: %llu), write ID "
			   "%u on port %u %llu bytes (%u of 5: %llu); the same filters on the other "
			   "port %llu and %llu", rs, ws, cases[c].rd_id, rs,
			   (unsigned long long)got[0], rd_n, (unsigned long long)want_rd,
			   cases[c].wr_id, ws, (unsigned long long)got[1], wr_n,
			   (unsigned long long)want_wr, (unsigned long long)got[2],
			   (unsigned long long)got[3]);
		for (int i = 0; i < 4; i++)
			if (fd[i] >= 0)
				close(fd[i]);
	}
	route(0, 0);
}

/* An APM register through /dev/mem (0 if it cannot be mapped) */
static uint32_t apm_reg(const struct apm *a, uint32_t off)
{
	volatile uint32_t *m = mmap(NULL, 0x1000, PROT_READ, MAP_SHARED, memfd,
				    (off_t)(a->base + (off & ~0xfffu)));
	uint32_t v;

	if (m == MAP_FAILED)
		return 0;
	v = m[(off & 0xfff) / 4];
	munmap((void *)m, 0x1000);
	return v;
}

static uint32_t mc0(const struct apm *a)
{
	return apm_reg(a, AXIPERF_APM_REG_MC(0));
}

static void preset(uint32_t v)
{
	tg[AXIPERF_TG_PRESET_LO / 4] = v;
	tg[AXIPERF_TG_PRESET_HI / 4] = 0;
	tg[AXIPERF_TG_PRESET_CMD / 4] = AXIPERF_TG_PRESET_APM;
}

/*
 * A counter put just below 2^32 (the test bed's preset: real counters only
 * count) and carried over by a pattern, twice, with no read between but
 * the driver's own. With the interrupt, each turn is one wrap after a read
 * just past the last: the 32-bit difference alone would lose the turn.
 * Polled, the test waits out the timer after each jump and each pattern
 * (no counter jumps half a turn at once on a real bus).
 */
static void wrap_twice(unsigned int index, const char *what)
{
	const struct apm *a = &apms[index];
	char name[16];
	unsigned long irqs;
	uint64_t want = 0, bytes;
	uint32_t at, below;
	struct tg_pattern fit;
	struct tg_expect e;
	int fd, ok;

	snprintf(name, sizeof(name), "apm_%s", a->label);
	irqs = irq_count(name);
	route(index, 0);
	fd = open_event(a, cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	ok = fd >= 0 && !expect(&tg_patterns[1], &fit, &e);
	bytes = e.ev[AXIPERF_EV_RD_BYTES];
	below = (uint32_t)(0 - bytes / 2);
	at = mc0(a);
	for (int turn = 0; ok && turn < 2; turn++) {
		want += (uint32_t)(below - at);		/* the jump, as the counter took it */
		preset(below);
		if (poll_mode)
			usleep(300000);
		ok = !run_pattern(&tg_patterns[1], &e);
		want += bytes;
		at = (uint32_t)(below + bytes);
		if (poll_mode)
			usleep(300000);
		/* the wrap's interrupt taken before the next jump (a real counter
		 * takes far longer than that to climb half a turn again) */
		for (int ms = 0; !poll_mode && ms < 1000 && irq_count(name) < irqs + turn + 1; ms++)
			usleep(1000);
	}
	ok = ok && mc0(a) == at;
	tap_result(ok && read_count(fd) == want,
		   "%s read_bytes across two 32-bit wraps%s: %llu, every step counted (%llu)%s",
		   name, what, (unsigned long long)read_count(fd), (unsigned long long)want,
		   poll_mode ? ", the timer's reads" : "");
	if (!poll_mode)
		tap_result(irq_count(name) >= irqs + 2, "%s's interrupt came at each wrap (%lu)",
			   name, irq_count(name) - irqs);
	if (fd >= 0)
		close(fd);
	route(0, 0);
}

static void test_wrap(void)
{
	wrap_twice(0, "");
}

/*
 * SPI 123 is the DDR and CCI monitors' (and the CCI-400 PMU's): each
 * handler answers for its own monitor only. The CCI monitor wraps twice
 * while the DDR one counts on the same line.
 */
static void test_shared_irq(void)
{
	char line[512];
	int shared = 0, fd;
	FILE *f = fopen("/proc/interrupts", "r");

	while (f && fgets(line, sizeof(line), f))
		shared |= strstr(line, "apm_ddr") && strstr(line, "apm_cci");
	if (f)
		fclose(f);
	if (!poll_mode)
		tap_result(shared, "apm_ddr and apm_cci share one interrupt line (SPI 123)");
	fd = open_event(&apms[0], cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	wrap_twice(1, " on the line it shares, an apm_ddr event open");
	tap_result(fd >= 0 && read_count(fd) == 0,
		   "apm_ddr, not routed, counted nothing meanwhile (%llu)",
		   (unsigned long long)read_count(fd));
	if (fd >= 0)
		close(fd);
}

/* The enable count of the bed's fixed clock, which the four APMs share */
static long clk_enables(void)
{
	char buf[32];

	if (read_file("/sys/kernel/debug/clk/axiperf-clock/clk_enable_count", buf, sizeof(buf)))
		return -1;
	return atol(buf);
}

/*
 * The monitors' clock runs while an event is open on them: one enable per
 * monitor with events, none with no event open (the four share the bed's
 * fixed clock).
 */
static void test_clock(void)
{
	long idle, one, same, two, after;
	int a, b, c;

	mkdir("/sys/kernel/debug", 0755);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	idle = clk_enables();
	a = open_event(&apms[0], cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	one = clk_enables();
	b = open_event(&apms[0], cfg(AXIPERF_APM_M_WRITE_BYTES, 0), 0);
	same = clk_enables();
	c = open_event(&apms[1], cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	two = clk_enables();
	if (a >= 0)
		close(a);
	if (b >= 0)
		close(b);
	if (c >= 0)
		close(c);
	after = clk_enables();
	tap_result(idle >= 0 && a >= 0 && b >= 0 && c >= 0 && one == idle + 1 && same == one &&
		   two == idle + 2 && after == idle,
		   "the APMs' clock runs while events are open: enable count %ld with none, %ld "
		   "with one on apm_ddr, %ld with two, %ld with one more on apm_cci, %ld once "
		   "closed", idle, one, same, two, after);
}

static unsigned long standin_param(const char *name)
{
	char path[96], buf[32];

	snprintf(path, sizeof(path), "/sys/module/apm_standin/parameters/%s", name);
	return read_file(path, buf, sizeof(buf)) ? 0 : strtoul(buf, NULL, 10);
}

/* The line's interrupts no handler claimed (/proc/irq/N/spurious) */
static long unhandled(int irq)
{
	char path[64], line[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", irq);
	f = fopen(path, "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "unhandled ", 10))
			v = atol(line + 10);
	if (f)
		fclose(f);
	return v;
}

/*
 * Another device's handler on SPI 123 (apm_standin.ko, standing in for the
 * CCI-400 PMU): its interrupt (the generator's SHARED_IRQ) is claimed by
 * it alone, the APMs' handlers saying it is not theirs; an APM's wraps are
 * the APM's, the stand-in saying they are not its own; no interrupt is
 * left unclaimed.
 */
static void test_shared_handler(void)
{
	int irq = irq_number("apm_ddr"), ok;
	unsigned long before, declined;
	long spurious;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "insmod /lib/modules/apm_standin.ko irq=%d tg=0x%lx", irq, TG_BASE);
	ok = irq > 0 && !system(cmd);
	spurious = unhandled(irq);
	before = standin_param("handled");
	tg[AXIPERF_TG_FAULT / 4] |= AXIPERF_TG_FAULT_SHARED_IRQ;
	for (int ms = 0; ms < 1000 && standin_param("handled") == before; ms++)
		usleep(1000);
	tap_result(ok && standin_param("handled") == before + 1 &&
		   !(tg[AXIPERF_TG_FAULT / 4] & AXIPERF_TG_FAULT_SHARED_IRQ) &&
		   unhandled(irq) == spurious,
		   "SPI 123 raised by another device (apm_standin): its handler claims it, apm_ddr's "
		   "and apm_cci's do not, nothing unhandled (claimed %lu, unhandled %ld -> %ld)",
		   standin_param("handled") - before, spurious, unhandled(irq));
	declined = standin_param("declined");
	wrap_twice(1, " with another device's handler on the line");
	tap_result(ok && standin_param("declined") >= declined + 2 &&
		   standin_param("handled") == before + 1 && unhandled(irq) == spurious,
		   "... and apm_cci's wraps are apm_cci's: the other handler declined them (%lu), "
		   "nothing unhandled", standin_param("declined") - declined);
	if (system("rmmod apm_standin"))
		tap_result(0, "apm_standin unloads");
}

/*
 * One system-sleep cycle of apm_ddr's driver with its power domain off in
 * between (apm_pmtest.ko: the suspend callback, every register back at
 * its reset value, the resume callback), while read bytes and the read
 * latency maximum filtered on ID 1 and unfiltered write bytes count the
 * two-ID bursts before and after: both runs counted exactly (the
 * selectors and the filter programmed again, nothing lost), the interrupt
 * enables back, the maximum counting again.
 */
static void test_suspend(void)
{
	const struct apm *ddr = &apms[0];
	const unsigned int slot = 3;
	uint64_t want_rd, want_wr, got_rd, got_wr, got_max;
	struct tg_expect e;
	char buf[16];
	int rd, wr, max, ok, cycled = 0;

	route(0, slot);
	rd = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_BYTES, slot) | AXIPERF_APM_CFG_ID_FILTER,
			   1, 0xffffffff);
	wr = open_event(ddr, cfg(AXIPERF_APM_M_WRITE_BYTES, slot), 0);
	/* a read event, so on the read filter too */
	max = open_filtered(ddr, cfg(AXIPERF_APM_M_READ_LATENCY_MAX, slot) | AXIPERF_APM_CFG_ID_FILTER,
			    1, 0xffffffff);
	if (rd < 0 || wr < 0 || max < 0)
		printf("#   events: read %d, write %d, max %d (%s)\n", rd, wr, max, strerror(errno));
	ok = rd >= 0 && wr >= 0 && max >= 0 && !run_pattern(&two_ids, &e);
	if (ok && !system("insmod /lib/modules/apm_pmtest.ko dev=fd0b0000.perf-monitor "
			  "base=0xfd0b0000") &&
	    !read_file("/sys/module/apm_pmtest/parameters/cycled", buf, sizeof(buf)))
		cycled = atoi(buf);
	ok = ok && cycled == 1 && !run_pattern(&two_ids, &e);
	want_rd = 2 * two_ids_bytes(e.ev[AXIPERF_EV_RD_BYTES], 1);
	want_wr = 2 * e.ev[AXIPERF_EV_WR_W_BYTES];
	got_rd = rd >= 0 ? read_count(rd) : 0;
	got_wr = wr >= 0 ? read_count(wr) : 0;
	got_max = max >= 0 ? read_count(max) : 0;
	tap_result(ok && got_rd == want_rd && got_wr == want_wr && got_max > 0 &&
		   got_max < 0xffffffffu,
		   "apm_ddr through suspend, its registers lost, and resume (apm_pmtest: %d): read "
		   "bytes of ID 1 %llu (%llu), write bytes %llu (%llu), read latency max of ID 1 %llu",
		   cycled, (unsigned long long)got_rd, (unsigned long long)want_rd,
		   (unsigned long long)got_wr, (unsigned long long)want_wr,
		   (unsigned long long)got_max);
	if (!poll_mode)
		tap_result(apm_reg(ddr, AXIPERF_APM_REG_GIE) == 1 &&
			   apm_reg(ddr, AXIPERF_APM_REG_IER) ==
			   ((1u << ddr->counters) - 1) * AXIPERF_APM_ISR_COUNTER_OVERFLOW,
			   "... and its overflow interrupts are enabled again (GIE %u, IER 0x%x)",
			   apm_reg(ddr, AXIPERF_APM_REG_GIE), apm_reg(ddr, AXIPERF_APM_REG_IER));
	if (system("rmmod apm_pmtest 2>/dev/null"))
		printf("#   apm_pmtest was not loaded\n");
	if (rd >= 0)
		close(rd);
	if (wr >= 0)
		close(wr);
	if (max >= 0)
		close(max);
	route(0, 0);
}

/* The PMU's CPU goes offline with an event open: the count moves along. */
static void test_hotplug(void)
{
	const struct apm *a = &apms[0];
	char buf[16], path[64], aff[64], before[32] = "", after[32] = "";
	struct tg_expect e1, e2;
	int fd, ok, cpu, irq, steered, moved;

	ok = read_file("/sys/bus/event_source/devices/apm_ddr/cpumask", buf, sizeof(buf)) == 0;
	cpu = atoi(buf);
	irq = irq_number("apm_ddr");
	snprintf(aff, sizeof(aff), "/proc/irq/%d/smp_affinity_list", irq);
	steered = irq > 0 && read_file(aff, before, sizeof(before)) == 0 && atoi(before) == cpu &&
		  !strchr(before, '-') && !strchr(before, ',');
	route(0, 0);
	fd = open_event(a, cfg(AXIPERF_APM_M_READ_BYTES, 0), 0);
	ok = ok && fd >= 0 && !run_pattern(&tg_patterns[2], &e1);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	ok = ok && !write_file(path, "0");
	ok = ok && read_file("/sys/bus/event_source/devices/apm_ddr/cpumask", buf, sizeof(buf)) == 0 &&
	     atoi(buf) != cpu;
	ok = ok && !run_pattern(&tg_patterns[3], &e2);
	snprintf(aff, sizeof(aff), "/proc/irq/%d/smp_affinity_list", irq);
	moved = irq > 0 && read_file(aff, after, sizeof(after)) == 0 && !strcmp(after, buf);
	write_file(path, "1");
	tap_result(ok && read_count(fd) == e1.ev[AXIPERF_EV_RD_BYTES] + e2.ev[AXIPERF_EV_RD_BYTES],
		   "CPU %d (the PMU's) offline with an event open: the PMU moves to CPU %s and the "
		   "count goes on exactly", cpu, buf);
	tap_result(steered && moved,
		   "apm_ddr's interrupt (%d) is on the PMU's CPU: %s at first (CPU %d), %s after "
		   "the move (CPU %s), not every CPU online", irq, before, cpu, after, buf);
	if (fd >= 0)
		close(fd);
}

static int module_loaded(void)
{
	return !access("/sys/module/axiperf_apm", F_OK);
}

static void test_unload(void)
{
	int fd = open_event(&apms[1], cfg(AXIPERF_APM_M_READ_BYTES, 0), 0), rc;

	/* what is loaded after each rmmod, not its status (busybox's may be 0) */
	rc = system("rmmod axiperf_apm 2>/dev/null");
	tap_result(fd >= 0 && module_loaded(),
		   "axiperf_apm stays loaded while an event is open (rmmod: %d)", rc);
	if (fd >= 0)
		close(fd);
	rc = system("rmmod axiperf_apm");
	tap_result(!module_loaded(), "axiperf_apm unloads once the event is closed (rmmod: %d)", rc);
	tap_result(system("insmod /lib/modules/axiperf_apm.ko") == 0 && module_loaded() &&
		   !access("/sys/bus/event_source/devices/apm_ddr", F_OK),
		   "and loads again, its PMUs back");
}

/* the debug kernel found nothing wrong, and could have */
static void test_debug_kernel(void)
{
	char *log = kernel_log();
	char stats[4096], *p = NULL;
	unsigned int reports = log ? kernel_log_reports(log, NULL, NULL, 10) : 1;

	free(log);
	if (read_file("/proc/lockdep_stats", stats, sizeof(stats)) == 0)
		p = strstr(stats, "debug_locks:");
	tap_result(p && strtol(p + strlen("debug_locks:"), NULL, 10) == 1,
		   "lockdep is still on at the end (debug_locks 1)");
	tap_result(!reports, "the kernel log holds no lockdep or KASAN report, BUG or WARNING (%u)",
		   reports);
}

/*
 * The vendor kernel binds the monitors to UIO; apm_squatter.ko stands in
 * for it. Loaded after it, axiperf_apm says which driver has each monitor
 * and how to hand it over, and registers none of them; once the other
 * driver is gone, it takes them all. Leaves axiperf_apm loaded.
 */
static void test_taken(void)
{
	int sq = !access("/lib/modules/apm_squatter.ko", F_OK), ok, told;

	if (sq && system("insmod /lib/modules/apm_squatter.ko")) {
		tap_result(0, "the test module apm_squatter.ko loads");
		sq = 0;
	}
	ok = !system("insmod /lib/modules/axiperf_apm.ko");
	if (sq) {
		told = count_in_log("is bound to apm_squatter, so perf cannot count it: echo "
				    "fd0b0000.perf-monitor > /sys/bus/platform/drivers/apm_squatter/unbind");
		tap_result(ok && told == 1 && count_in_log("is bound to apm_squatter") == NAPM &&
			   access("/sys/bus/event_source/devices/apm_ddr", F_OK),
			   "with another driver holding the four monitors, axiperf_apm loads, "
			   "registers none and names the holder and the unbind command for each "
			   "(%u)", count_in_log("is bound to apm_squatter"));
		ok = !system("rmmod axiperf_apm") && !system("rmmod apm_squatter") &&
		     !system("insmod /lib/modules/axiperf_apm.ko");
	}
	tap_result(ok && !access("/sys/bus/event_source/devices/apm_ddr", F_OK),
		   "axiperf_apm loads and registers the monitors%s",
		   sq ? " once the other driver is gone" : "");
}

/* dtb.sh --bad-apm: OCM without its counters, LPD with 64-bit ones */
static void test_bad_dt(void)
{
	struct tg_expect e;
	int ok = !system("insmod /lib/modules/axiperf_apm.ko"), fd;

	tap_result(ok && count_in_log("perf-monitor@ffa00000: no xlnx,num-of-counters: the binding "
				      "requires it") == 1 &&
		   access("/sys/bus/event_source/devices/apm_ocm", F_OK),
		   "a monitor without xlnx,num-of-counters is refused, the message naming the node "
		   "and the property");
	tap_result(count_in_log("perf-monitor@ffa10000: xlnx,metric-count-width = 64: only 32-bit "
				"metric counters are supported") == 1 &&
		   access("/sys/bus/event_source/devices/apm_lpd", F_OK),
		   "a monitor with 64-bit counters is refused, saying only 32-bit ones are supported");
	test_one_registered(0);
	test_one_registered(1);
	/* the CCI's node says xlnx,enable-32bit-filter-id = <0> */
	tap_result(sysfs_matches("apm_cci", "id_filter_bits", "16") &&
		   sysfs_matches("apm_ddr", "id_filter_bits", "32") &&
		   count_in_log("apm_cci: 1 slots, 3 counters, 16-bit ID filter") == 1 &&
		   count_in_log("perf-monitor@fd490000: xlnx,num-of-counters = 8, but only 3 "
				"counters are built (counter 3's selector holds nothing): using 3; "
				"correct the tree") == 1 &&
		   count_in_log("perf-monitor@fd0b0000: xlnx,num-of-counters") == 0 &&
		   sysfs_matches("apm_cci", "counters", "3"),
		   "xlnx,enable-32bit-filter-id = <0> makes apm_cci's ID filter 16-bit (apm_ddr, "
		   "without the property, 32-bit as the PS's are); its tree's 8 counters, where 3 "
		   "are built, give 3 and a message to correct the tree (apm_ddr's 10: none)");
	fd = open_filtered(&apms[1], cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
			   0x10000, 0x1ffff);
	tap_result(fd < 0 && errno == EINVAL,
		   "apm_cci, 16-bit, refuses a 17-bit ID: %s", fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0)
		close(fd);
	fd = open_filtered(&apms[1], cfg(AXIPERF_APM_M_READ_BYTES, 0) | AXIPERF_APM_CFG_ID_FILTER,
			   0xffff, 0xffff);
	tap_result(fd >= 0, "... and takes a 16-bit one%s%s", fd < 0 ? ": " : "",
		   fd < 0 ? strerror(errno) : "");
	if (fd >= 0)
		close(fd);
	route(0, 1);
	fd = open_event(&apms[0], cfg(AXIPERF_APM_M_READ_BYTES, 1), 0);
	ok = fd >= 0 && !run_pattern(&tg_patterns[2], &e);
	tap_result(ok && read_count(fd) == e.ev[AXIPERF_EV_RD_BYTES],
		   "the well-formed apm_ddr counts on (apu0 read bytes: %llu)",
		   (unsigned long long)read_count(fd));
	if (fd >= 0)
		close(fd);
	route(0, 0);
}

int main(int argc, char **argv)
{
	int debug = argc > 1 && !strcmp(argv[1], "--debug");

	poll_mode = argc > 1 && !strcmp(argv[1], "--poll");
	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	tg = memfd >= 0 ? tg_map(memfd, TG_BASE) : NULL;
	if (!tg) {
		tap_result(0, "the traffic generator answers at 0x%lx", TG_BASE);
		return tap_done();
	}
	if (argc > 1 && !strcmp(argv[1], "--bad-dt")) {
		test_bad_dt();
		return tap_done();
	}
	test_taken();
	test_registered();
	test_every_slot();
	test_counters();
	test_clock();
	test_refusals();
	test_id_filter();
	test_id_filter_two_slots();
	test_extremes();
	test_suspend();
	test_wrap();
	test_shared_irq();
	if (!poll_mode)
		test_shared_handler();
	if (!poll_mode) {
		test_hotplug();
		test_unload();
	}
	if (debug)
		test_debug_kernel();
	return tap_done();
}
