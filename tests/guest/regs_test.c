// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * guest-regs: runs inside the QEMU Zynq guest, maps the monitor and the
 * traffic generator through /dev/mem, runs each pattern and compares every
 * monitor register with the closed-form counts of tg_pattern.c. TAP output.
 * Both monitors of the Zynq test bed by default:
 *
 *   regs_test [--instance N]
 *   regs_test --monitor ADDR --generator ADDR --like N
 *
 * --like N takes instance N's build (widths, snapshot) for a monitor at
 * other addresses.
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "axiperf/regs.h"
#include "axiperf-tg-regs.h"
#include "tg_pattern.h"
#include "tap.h"

#define RUN_TIMEOUT_MS 20000

/* The monitors of the Zynq test bed (tools/qemu/beds/zynq.py) */
struct instance {
	const char *name;
	unsigned long mon_base, tg_base;
	struct tg_link link;
	unsigned int id_width, counter_width;
	int snapshot;
};
static const struct instance instances[] = {
	{ "axiperf0", 0x43c00000u, AXIPERF_TG_BASE, { 8, 4 }, 6, 32, 1 },
	{ "axiperf1", 0x43c20000u, 0x43c30000u, { 4, 4 }, 4, 64, 0 },
};
#define NUM_INSTANCES (sizeof(instances) / sizeof(instances[0]))

static volatile uint32_t *mon, *tg;
static const struct instance *cur;
static struct tg_link link_;

/* every line names the monitor under test */
static void result(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(ok, cur->name, fmt, ap);
	va_end(ap);
}

static volatile uint32_t *map(int fd, unsigned long base)
{
	void *p = mmap(NULL, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED, fd, base);

	if (p == MAP_FAILED) {
		printf("Bail out! mmap of /dev/mem at %#lx failed\n", base);
		exit(1);
	}
	return p;
}

static uint64_t width_mask(void)
{
	return cur->counter_width == 64 ? ~0ull : (1ull << cur->counter_width) - 1;
}

static uint32_t rd(uint32_t off)
{
	return mon[off / 4];
}

static void wr(uint32_t off, uint32_t v)
{
	mon[off / 4] = v;
}

struct names {
	unsigned int id;
	const char *name;
	uint32_t off;
	unsigned int lsb, bits;		/* gauges; bits 0 for counters */
};

#define COUNTER(n, id, off, legacy, unit, pb, pc) { id, #n, off, 0, 0 },
#define GAUGE(n, id, off, lsb, bits) { id, #n, off, lsb, bits },
static const struct names events[] = {
	AXIPERF_COUNTERS(COUNTER)
	AXIPERF_GAUGES(GAUGE)
};
#define NUM_EVENTS (sizeof(events) / sizeof(events[0]))

/* base: the live registers (0) or the snapshot copy */
static uint64_t read_event(const struct names *n, uint32_t base)
{
	uint32_t v = rd(base + n->off);

	if (n->bits)
		return (v >> n->lsb) & ((1u << n->bits) - 1);
	return v | (uint64_t)rd(base + n->off + AXIPERF_UPPER_OFFSET) << 32;
}

/* Compares every event; prints a diagnostic per mismatch. */
static int compare_all(const uint64_t *want, uint32_t base, const char *what)
{
	unsigned int i, bad = 0;

	for (i = 0; i < NUM_EVENTS; i++) {
		uint64_t got = read_event(&events[i], base);

		if (got != want[events[i].id]) {
			printf("#   %s: %s = %" PRIu64 ", expected %" PRIu64 "\n",
			       what, events[i].name, got, want[events[i].id]);
			bad++;
		}
	}
	return bad == 0;
}

/* The registers that are functions of the counters. */
static uint32_t legacy_active(const uint64_t *want, int saturated)
{
	return saturated ? 0xffffffffu : (uint32_t)want[AXIPERF_EV_ACTIVE_CYCLES];
}

static int compare_derived(const uint64_t *want, uint32_t base, uint32_t want_act)
{
	uint32_t act = rd(base + AXIPERF_REG_ACTIVE);
	uint32_t bias = rd(base + AXIPERF_REG_WR_BIAS);
	uint32_t wbias = (uint32_t)(want[AXIPERF_EV_WR_BIAS_ADDR_FIRST] -
				    want[AXIPERF_EV_WR_BIAS_DATA_FIRST]);
	int ok = 1;

	if (act != want_act) {
		printf("#   ACTIVE = %#x, expected %#x\n", act, want_act);
		ok = 0;
	}
	if (bias != wbias) {
		printf("#   WR_BIAS = %#x, expected %#x\n", bias, wbias);
		ok = 0;
	}
	return ok;
}

static int run(const struct tg_pattern *p, uint32_t ctrl)
{
	tg_program(tg, p, &link_);
	if (tg_run(tg, ctrl, RUN_TIMEOUT_MS)) {
		printf("#   %s: generator did not finish (CTRL %#x)\n", p->name,
		       tg[AXIPERF_TG_CTRL / 4]);
		return -1;
	}
	return 0;
}

static void stop_monitor(void)
{
	wr(AXIPERF_REG_CONTROL, 2);	/* clear and stop, at the next idle clock */
	while (rd(AXIPERF_REG_CONTROL) & (AXIPERF_CONTROL_TRIGGERED |
					  AXIPERF_CONTROL_CLEAR_PENDING))
		;
}

static void test_identification(void)
{
	uint32_t ver = rd(AXIPERF_REG_VERSION), cfg = rd(AXIPERF_REG_CONFIG);

	result(rd(AXIPERF_REG_ID) == AXIPERF_MAGIC,
	       "monitor ID reads the axiperf magic (%#x)", rd(AXIPERF_REG_ID));
	result(ver >> AXIPERF_VERSION_MAJOR_SHIFT == AXIPERF_MAP_MAJOR &&
	       (ver & AXIPERF_VERSION_MINOR) == AXIPERF_MAP_MINOR,
	       "monitor VERSION is the register map's %d.%d (%#x)",
	       AXIPERF_MAP_MAJOR, AXIPERF_MAP_MINOR, ver);
	result(1u << (cfg & AXIPERF_CONFIG_DATA_BYTES_LOG2) == cur->link.data_bytes &&
	       (cfg & AXIPERF_CONFIG_ID_WIDTH) >> AXIPERF_CONFIG_ID_WIDTH_SHIFT == cur->id_width &&
	       !!(cfg & AXIPERF_CONFIG_COUNTER_64) == (cur->counter_width == 64) &&
	       (cfg & AXIPERF_CONFIG_HAS_IRQ) &&
	       !!(cfg & AXIPERF_CONFIG_HAS_SNAPSHOT) == cur->snapshot &&
	       (cfg & AXIPERF_CONFIG_ID_SLOTS) >> AXIPERF_CONFIG_ID_SLOTS_SHIFT == cur->link.id_slots &&
	       (cfg & AXIPERF_CONFIG_ADDR_WIDTH) >> AXIPERF_CONFIG_ADDR_WIDTH_SHIFT == 32,
	       "monitor CONFIG says %u-bit data, %u-bit IDs, %u-bit counters, irq, %s, %u ID slots (%#x)",
	       cur->link.data_bytes * 8, cur->id_width, cur->counter_width,
	       cur->snapshot ? "snapshot" : "no snapshot", cur->link.id_slots, cfg);
	result(tg[AXIPERF_TG_ID / 4] == AXIPERF_TG_MAGIC &&
	       tg[AXIPERF_TG_CLOCK_HZ / 4] == 100000000,
	       "generator answers with its magic and a 100 MHz link clock");
}

static void test_pattern(const struct tg_pattern *orig)
{
	struct tg_pattern fit, *p = &fit;
	struct tg_expect e;
	const char *err;
	uint32_t ctl;
	int ok;

	tg_fit_link(orig, &link_, &fit);
	err = tg_expect(p, &link_, &e);

	if (err) {
		result(0, "%s: %s", p->name, err);
		return;
	}
	stop_monitor();
	if (run(p, AXIPERF_TG_GO | AXIPERF_TG_FRAME)) {
		result(0, "%s: every counter and gauge as computed", p->name);
		return;
	}
	ok = tg[AXIPERF_TG_CLOCKS / 4] == e.span;
	if (!ok)
		printf("#   generator CLOCKS = %u, expected %" PRIu64 "\n",
		       tg[AXIPERF_TG_CLOCKS / 4], e.span);
	ok &= compare_all(e.ev, 0, "live");
	ok &= compare_derived(e.ev, 0, legacy_active(e.ev, 0));
	ctl = rd(AXIPERF_REG_CONTROL);
	if (!!(ctl & AXIPERF_CONTROL_RESP_APPROX) != e.resp_approx ||
	    (ctl & AXIPERF_CONTROL_TRIGGERED)) {
		printf("#   CONTROL = %#x: resp_approx expected %d, triggered 0\n",
		       ctl, e.resp_approx);
		ok = 0;
	}
	result(ok, "%s: every counter and gauge as computed (%" PRIu64 " clocks)",
	       p->name, e.span);
}

/*
 * Counters preset near the top wrap during the pattern, exactly once.
 * The preset is the same distance below 2^width (or 2^(width-1)) on 32-
 * and 64-bit counters: below32 - 2^32 sign-extended to the width.
 */
static void test_wrap(const struct tg_pattern *orig, uint32_t below32)
{
	struct tg_pattern fit, *p = &fit;
	struct tg_expect e;
	uint64_t want[AXIPERF_EV_MAX + 1], preset = below32;
	unsigned int i;
	uint32_t st;
	int ok, sat;

	if (cur->counter_width == 64)	/* 0xffffff00 -> 2^64 - 0x100 */
		preset = (below32 & 0x80000000u ? 0xffffffff00000000ull
						: 0x7fffffff00000000ull) |
			 (below32 | 0x80000000u);
	tg_fit_link(orig, &link_, &fit);
	tg_expect(p, &link_, &e);
	stop_monitor();
	wr(AXIPERF_REG_IRQ_STATUS, 0xffffffffu);
	tg[AXIPERF_TG_PRESET_LO / 4] = (uint32_t)preset;
	tg[AXIPERF_TG_PRESET_HI / 4] = preset >> 32;
	tg[AXIPERF_TG_PRESET_CMD / 4] = 1;
	if (run(p, AXIPERF_TG_GO | AXIPERF_TG_FRAME | AXIPERF_TG_KEEP)) {
		result(0, "%s from %#" PRIx64 ": counters wrap", p->name, preset);
		return;
	}
	for (i = 0; i <= AXIPERF_EV_MAX; i++)
		want[i] = e.ev[i];
	for (i = 0; i < NUM_EVENTS; i++)
		if (!events[i].bits)
			want[events[i].id] = (preset + e.ev[events[i].id]) & width_mask();
	ok = compare_all(want, 0, "live");
	sat = e.ev[AXIPERF_EV_ACTIVE_CYCLES] > (~preset & width_mask());
	ok &= compare_derived(want, 0, legacy_active(want, sat));
	st = rd(AXIPERF_REG_IRQ_STATUS);
	if (!(st & AXIPERF_IRQ_STATUS_HALF) ||
	    !!(st & AXIPERF_IRQ_STATUS_ACTIVE_SAT) != sat) {
		printf("#   IRQ_STATUS = %#x: half expected, active_sat %d\n", st, sat);
		ok = 0;
	}
	result(ok, "%s from %#" PRIx64 ": each counter is preset + count modulo 2^%u, IRQ_STATUS.half set%s",
	       p->name, preset, cur->counter_width, sat ? ", ACTIVE saturated" : "");
}

/*
 * A snapshot keeps the first pattern's counts while the second adds on;
 * built without one, the snapshot window shows the live counts.
 */
static void test_snapshot(const struct tg_pattern *oa, const struct tg_pattern *ob)
{
	struct tg_pattern fa, fb, *a = &fa, *b = &fb;
	struct tg_expect ea, eb;
	uint64_t sum[AXIPERF_EV_MAX + 1];
	unsigned int i;
	int ok;

	tg_fit_link(oa, &link_, &fa);
	tg_fit_link(ob, &link_, &fb);
	tg_expect(a, &link_, &ea);
	tg_expect(b, &link_, &eb);
	stop_monitor();
	if (run(a, AXIPERF_TG_GO | AXIPERF_TG_FRAME)) {
		result(0, "snapshot");
		return;
	}
	wr(AXIPERF_REG_SNAPSHOT, 1);
	if (run(b, AXIPERF_TG_GO | AXIPERF_TG_FRAME | AXIPERF_TG_KEEP)) {
		result(0, "snapshot");
		return;
	}
	for (i = 0; i <= AXIPERF_EV_MAX; i++)
		sum[i] = ea.ev[i] + eb.ev[i];
	for (i = 0; i < NUM_EVENTS; i++)
		if (events[i].bits)	/* maxima */
			sum[events[i].id] = ea.ev[events[i].id] > eb.ev[events[i].id] ?
					    ea.ev[events[i].id] : eb.ev[events[i].id];
	if (cur->snapshot) {
		ok = compare_all(ea.ev, AXIPERF_SNAPSHOT_OFFSET, "snapshot");
		ok &= compare_derived(ea.ev, AXIPERF_SNAPSHOT_OFFSET, legacy_active(ea.ev, 0));
		result(ok, "snapshot copy holds '%s' after '%s' ran on", a->name, b->name);
	} else {
		ok = compare_all(sum, AXIPERF_SNAPSHOT_OFFSET, "snapshot window");
		ok &= compare_derived(sum, AXIPERF_SNAPSHOT_OFFSET,
				      legacy_active(sum, 0));
		result(ok, "no snapshot: SNAPSHOT is ignored and its window shows the live '%s' + '%s'",
		       a->name, b->name);
	}
	ok = compare_all(sum, 0, "live");
	result(ok, "a start without clear adds '%s' onto '%s'", b->name, a->name);
}

/* Start waits for an idle bus: a read address never accepted holds it. */
static void test_start_waits_for_idle(void)
{
	struct tg_pattern hang = { .name = "hang", .bursts = 1,
				   .mode = AXIPERF_TG_READS | AXIPERF_TG_HANG };
	uint32_t c1, c2;

	stop_monitor();
	tg_program(tg, &hang, &link_);
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	usleep(20000);
	wr(AXIPERF_REG_CONTROL, 1);
	usleep(20000);
	c1 = rd(AXIPERF_REG_CONTROL);
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_ABORT;
	usleep(2000);
	c2 = rd(AXIPERF_REG_CONTROL);
	result((c1 & AXIPERF_CONTROL_START_PENDING) && !(c1 & AXIPERF_CONTROL_TRIGGERED) &&
	       !(c1 & AXIPERF_CONTROL_IDLE) && (c2 & AXIPERF_CONTROL_TRIGGERED),
	       "start stays pending while ARVALID waits, applies once the bus is idle (CONTROL %#x then %#x)",
	       c1, c2);
	stop_monitor();
}

/*
 * A generator ABORT resets the link for one clock: CONTROL.link_reset reads
 * 0 again after it, also with the monitor stopped (no clock run since).
 */
static void test_abort_is_one_clock(void)
{
	struct tg_pattern hang = { .name = "hang", .bursts = 1,
				   .mode = AXIPERF_TG_READS | AXIPERF_TG_HANG };
	uint32_t c;

	stop_monitor();
	tg_program(tg, &hang, &link_);
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	usleep(20000);
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_ABORT;
	usleep(2000);
	c = rd(AXIPERF_REG_CONTROL);
	result((c & AXIPERF_CONTROL_IDLE) && !(c & AXIPERF_CONTROL_LINK_RESET),
	       "a generator ABORT is one clock of link reset: after it, stopped, CONTROL reads idle and link_reset 0 (%#x)",
	       c);
}

/*
 * A reset of the link in the middle of traffic: the pattern's counts up
 * to the reset clock, which is idle; then the next pattern counts exactly
 * as on a fresh link (nothing of the cut burst is left in flight).
 */
static void test_after(const char *what)
{
	struct tg_pattern next = tg_patterns[0];
	char name[160];

	snprintf(name, sizeof(name), "after a %s: %s", what, next.name);
	next.name = name;
	test_pattern(&next);
}

static void test_bad_pattern_refused(void)
{
	struct tg_pattern bad = { .name = "bad", .mode = AXIPERF_TG_READS };

	tg_program(tg, &bad, &link_);
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	result(!!(tg[AXIPERF_TG_CTRL / 4] & AXIPERF_TG_ERR),
	       "generator refuses GO with BURSTS 0");
}

static void run_instance(int fd, const struct instance *in)
{
	unsigned int i;

	cur = in;
	link_ = in->link;
	mon = map(fd, in->mon_base);
	tg = map(fd, in->tg_base);

	test_identification();
	for (i = 0; i < tg_num_patterns; i++)
		test_pattern(&tg_patterns[i]);
	test_wrap(&tg_patterns[1], 0xffffff00u);
	test_wrap(&tg_patterns[3], 0x7fffffc0u);
	test_snapshot(&tg_patterns[2], &tg_patterns[4]);
	test_start_waits_for_idle();
	test_after("generator ABORT (a link reset) of a hang");
	test_abort_is_one_clock();
	for (i = 0; i < tg_num_reset_patterns; i++) {
		test_pattern(&tg_reset_patterns[i]);
		test_after(tg_reset_patterns[i].name);
	}
	test_bad_pattern_refused();
	munmap((void *)mon, 0x1000);
	munmap((void *)tg, 0x1000);
}

static int usage(void)
{
	printf("usage: regs_test [--instance 0..%zu] | --monitor ADDR --generator ADDR --like N\n",
	       NUM_INSTANCES - 1);
	return 2;
}

int main(int argc, char **argv)
{
	int fd = open("/dev/mem", O_RDWR | O_SYNC);
	struct instance other;
	unsigned int i;
	int only = -1, like = -1, a;
	char *end;

	setvbuf(stdout, NULL, _IOLBF, 0);
	other.mon_base = other.tg_base = 0;
	for (a = 1; a + 1 < argc; a += 2) {
		unsigned long v = strtoul(argv[a + 1], &end, 0);

		if (*end)
			return usage();
		if (!strcmp(argv[a], "--instance") && v < NUM_INSTANCES)
			only = v;
		else if (!strcmp(argv[a], "--like") && v < NUM_INSTANCES)
			like = v;
		else if (!strcmp(argv[a], "--monitor"))
			other.mon_base = v;
		else if (!strcmp(argv[a], "--generator"))
			other.tg_base = v;
		else
			return usage();
	}
	if (a != argc || (like >= 0) != (other.mon_base && other.tg_base))
		return usage();
	if (fd < 0) {
		printf("Bail out! cannot open /dev/mem (CONFIG_DEVMEM?)\n");
		return 1;
	}
	if (like >= 0) {
		unsigned long mb = other.mon_base, tb = other.tg_base;

		other = instances[like];
		other.name = "monitor";
		other.mon_base = mb;
		other.tg_base = tb;
		run_instance(fd, &other);
	} else {
		for (i = 0; i < NUM_INSTANCES; i++)
			if (only < 0 || (unsigned int)only == i)
				run_instance(fd, &instances[i]);
	}
	return tap_done();
}
