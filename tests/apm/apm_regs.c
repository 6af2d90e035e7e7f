// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The ZynqMP PS's four APMs of the QEMU test bed (tools/qemu/ps/), through
 * /dev/mem only, no driver (TAP). The traffic generator's link is routed
 * (AXIPERF_TG_ROUTE) to each slot of each APM in turn and every pattern of
 * tests/guest/tg_pattern.c runs on it: the routed slot's traffic metrics
 * must equal the closed forms of tg_expect() exactly, and every other slot
 * and APM must count nothing. Then the interrupts: a counter preset just
 * below 2^32 (PRESET_CMD's APM bit) wraps, sets its ISR bit and raises the
 * APM's GIC line (SPI 123 for ddr and cci, 25 for ocm and lpd), seen as
 * the level-sensitive line's pending bit in the GIC distributor, and in
 * /proc/interrupts when a driver has requested the line; the generator's
 * FAULT_SHARED_IRQ raises SPI 123 with every APM's ISR at 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "axiperf/apm.h"
#include "axiperf/regs.h"
#include "axiperf-tg-regs.h"
#include "tg_pattern.h"
#include "tap.h"

/* the ZynqMP test bed (tools/qemu/beds/zynqmp.py) */
#define TG_BASE		0xa0010000ul
#define GICD_BASE	0xf9010000ul	/* the GIC-400's distributor */
#define GICD_ISPENDR	0x200
#define TG_TIMEOUT_MS	20000

struct apm {
	const char *label;
	unsigned long base;
	unsigned int slots, counters, spi;
	volatile uint32_t *r;
};

static struct apm apms[] = {
#define APM(label, base, slots, counters, spi) { #label, base, slots, counters, spi, NULL },
	AXIPERF_APM_ZYNQMP(APM)
#undef APM
};
#define NUM_APMS (sizeof(apms) / sizeof(apms[0]))

static const struct tg_link link_ = { .data_bytes = 8, .id_slots = 4 };
static volatile uint32_t *tg, *gicd;

/* The traffic metrics and their closed forms: each is a tg_expect event,
 * or (slave write idle) the sum of the two that split WVALID && !WREADY. */
static const unsigned int metrics[] = {
	AXIPERF_APM_M_WRITE_TRANSACTIONS, AXIPERF_APM_M_READ_TRANSACTIONS,
	AXIPERF_APM_M_WRITE_BYTES, AXIPERF_APM_M_READ_BYTES,
	AXIPERF_APM_M_WRITE_BEATS, AXIPERF_APM_M_SLAVE_WRITE_IDLE,
	AXIPERF_APM_M_MASTER_READ_IDLE, AXIPERF_APM_M_WRITE_RESPONSES,
	AXIPERF_APM_M_WRITE_LASTS, AXIPERF_APM_M_READ_LASTS,
};
#define NUM_METRICS (sizeof(metrics) / sizeof(metrics[0]))

static const char *metric_name(unsigned int m)
{
	static const char *const names[AXIPERF_APM_NUM_METRICS] = {
#define NAME(name, id, unit, kind, rd, doc) [id] = #name,
		AXIPERF_APM_METRICS(NAME)
#undef NAME
	};

	return m < AXIPERF_APM_NUM_METRICS ? names[m] : "?";
}

static uint64_t expected(unsigned int m, const struct tg_expect *e)
{
	switch (m) {
	case AXIPERF_APM_M_WRITE_TRANSACTIONS:
	case AXIPERF_APM_M_WRITE_LASTS:
		return e->ev[AXIPERF_EV_WR_BURSTS];
	case AXIPERF_APM_M_READ_TRANSACTIONS:
	case AXIPERF_APM_M_READ_LASTS:
		return e->ev[AXIPERF_EV_RD_BURSTS];
	case AXIPERF_APM_M_WRITE_BYTES:
		return e->ev[AXIPERF_EV_WR_W_BYTES];
	case AXIPERF_APM_M_READ_BYTES:
		return e->ev[AXIPERF_EV_RD_BYTES];
	case AXIPERF_APM_M_WRITE_BEATS:
		return e->ev[AXIPERF_EV_WR_BEATS];
	case AXIPERF_APM_M_SLAVE_WRITE_IDLE:
		return e->ev[AXIPERF_EV_WR_STALL] + e->ev[AXIPERF_EV_WR_EARLY_STALL];
	case AXIPERF_APM_M_MASTER_READ_IDLE:
		return e->ev[AXIPERF_EV_RD_R_STALL];
	case AXIPERF_APM_M_WRITE_RESPONSES:
		return e->ev[AXIPERF_EV_WR_B_END];
	}
	return 0;
}

static uint32_t rd(const struct apm *a, uint32_t off)
{
	return a->r[off / 4];
}

static void wr(const struct apm *a, uint32_t off, uint32_t v)
{
	a->r[off / 4] = v;
}

/* Counter n selects metric m on slot s. */
static void sel(const struct apm *a, unsigned int n, unsigned int m, unsigned int s)
{
	uint32_t v = rd(a, AXIPERF_APM_REG_MSR(n));

	v &= ~(0xffu << AXIPERF_APM_MSR_SHIFT(n));
	v |= (uint32_t)AXIPERF_APM_SEL(m, s) << AXIPERF_APM_MSR_SHIFT(n);
	wr(a, AXIPERF_APM_REG_MSR(n), v);
}

/* Selectors 0, counters cleared and stopped, interrupts off, ISR clear. */
static void quiesce(const struct apm *a)
{
	unsigned int n;

	for (n = 0; n < a->counters; n += 4)
		wr(a, AXIPERF_APM_REG_MSR(n), 0);
	wr(a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_RESET);
	wr(a, AXIPERF_APM_REG_CTL, 0);
	wr(a, AXIPERF_APM_REG_GIE, 0);
	wr(a, AXIPERF_APM_REG_IER, 0);
	wr(a, AXIPERF_APM_REG_ISR, 0xffffffff);
}

static void quiesce_all(void)
{
	unsigned int i;

	for (i = 0; i < NUM_APMS; i++)
		quiesce(&apms[i]);
}

static int run(const struct tg_pattern *p)
{
	struct tg_pattern fit;

	tg_fit_link(p, &link_, &fit);
	tg_program(tg, &fit, &link_);
	return tg_run(tg, AXIPERF_TG_GO, TG_TIMEOUT_MS);
}

/* The routed slot counts the pattern's closed forms, NUM_METRICS at a
 * time per the APM's counters. */
static void check_pattern(struct apm *a, unsigned int slot, const struct tg_pattern *p)
{
	struct tg_pattern fit;
	struct tg_expect e;
	char bad[512] = "";
	size_t used = 0;
	unsigned int first, n, m;
	const char *err;
	uint32_t v;
	int ok = 1;

	tg_fit_link(p, &link_, &fit);
	err = tg_expect(&fit, &link_, &e);
	if (err) {
		tap_skip("%s slot %u, '%s': %s", a->label, slot, p->name, err);
		return;
	}
	for (first = 0; first < NUM_METRICS; first += a->counters) {
		quiesce(a);
		for (n = 0; n < a->counters && first + n < NUM_METRICS; n++)
			sel(a, n, metrics[first + n], slot);
		wr(a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_ENABLE);
		if (run(p)) {
			tap_result(0, "%s slot %u, '%s': the generator did not finish",
				   a->label, slot, p->name);
			return;
		}
		wr(a, AXIPERF_APM_REG_CTL, 0);
		for (n = 0; n < a->counters && first + n < NUM_METRICS; n++) {
			m = metrics[first + n];
			v = rd(a, AXIPERF_APM_REG_MC(n));
			if (v != expected(m, &e)) {
				ok = 0;
				used += snprintf(bad + used, used < sizeof(bad) ? sizeof(bad) - used : 0,
						 " %s %" PRIu32 " (expected %" PRIu64 ")",
						 metric_name(m), v, expected(m, &e));
			}
		}
	}
	tap_result(ok, "%s slot %u, '%s': %zu traffic metrics equal the closed forms%s%s",
		   a->label, slot, p->name, NUM_METRICS, ok ? "" : ":", bad);
}

/*
 * With the link routed to route (0: nowhere), every slot of every APM but
 * the routed one counts nothing of a pattern with reads and writes: each
 * APM's counters spread over its other slots and over the metrics.
 */
static void check_quiet(uint32_t route, const char *what)
{
	const struct tg_pattern *p = &tg_patterns[1];	/* reads and writes */
	unsigned int i, n, s, k, watched = 0;
	char bad[256] = "";
	size_t used = 0;
	int ok = 1;

	quiesce_all();
	for (i = 0; i < NUM_APMS; i++) {
		const struct apm *a = &apms[i];
		unsigned int rs = (route & AXIPERF_TG_ROUTE_SLOT) >> AXIPERF_TG_ROUTE_SLOT_SHIFT;
		int routed = (route & AXIPERF_TG_ROUTE_APM) == i + 1;

		/* counter n: slot n mod slots, skipping the routed one */
		for (n = 0, k = 0; n < a->counters; n++, k++) {
			s = k % a->slots;
			if (routed && s == rs) {
				if (a->slots == 1)
					break;
				s = ++k % a->slots;
			}
			sel(a, n, metrics[n % NUM_METRICS], s);
			watched++;
		}
		for (; n < a->counters; n++)
			sel(a, n, 0, 0);
		if (!routed || a->slots > 1)
			wr(a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_ENABLE);
	}
	if (run(p)) {
		tap_result(0, "%s: the generator did not finish", what);
		return;
	}
	for (i = 0; i < NUM_APMS; i++) {
		const struct apm *a = &apms[i];

		wr(a, AXIPERF_APM_REG_CTL, 0);
		for (n = 0; n < a->counters; n++) {
			uint32_t v = rd(a, AXIPERF_APM_REG_MC(n));
			uint32_t b = rd(a, AXIPERF_APM_REG_MSR(n)) >> AXIPERF_APM_MSR_SHIFT(n);

			if (v) {
				ok = 0;
				used += snprintf(bad + used, used < sizeof(bad) ? sizeof(bad) - used : 0,
						 " %s MC%u (slot %u %s) = %" PRIu32, a->label, n,
						 (b & AXIPERF_APM_SEL_SLOT) >> AXIPERF_APM_SEL_SLOT_SHIFT,
						 metric_name(b & AXIPERF_APM_SEL_METRIC), v);
			}
		}
	}
	tap_result(ok, "%s: %u counters on the other slots and APMs count nothing%s",
		   what, watched, bad);
}

/* Is the level-sensitive SPI's line high? (its pending bit: QEMU's GIC
 * reports a level-sensitive line's level as pending) */
static int spi_level(unsigned int spi)
{
	unsigned int intid = spi + 32;

	return (gicd[(GICD_ISPENDR + 4 * (intid / 32)) / 4] >> (intid % 32)) & 1;
}

/* The line's count in /proc/interrupts (summed over CPUs), -1 when no
 * driver has requested it (the line is not listed). */
static long long proc_count(unsigned int spi)
{
	char line[512], hw[16];
	long long total = -1;
	FILE *f = fopen("/proc/interrupts", "r");

	if (!f)
		return -1;
	snprintf(hw, sizeof(hw), " %u ", spi + 32);
	while (fgets(line, sizeof(line), f)) {
		char *gic = strstr(line, "GIC");
		char *p;

		if (!gic || !strstr(gic, hw))
			continue;
		total = 0;
		p = strchr(line, ':');
		for (p = p ? p + 1 : line; p < gic;) {
			char *end;
			long long v = strtoll(p, &end, 10);

			if (end == p)
				break;
			total += v;
			p = end;
		}
		break;
	}
	fclose(f);
	return total;
}

/* A counter preset 100 below 2^32 wraps on a pattern's 128 read bytes. */
static void check_wrap(struct apm *a, unsigned int slot)
{
	const struct tg_pattern *p = &tg_patterns[0];	/* 16 reads of 8 bytes */
	const uint32_t bit = AXIPERF_APM_ISR_COUNTER(0);
	const uint32_t preset = 0xffffffffu - 99;
	long long before = proc_count(a->spi), after;
	uint32_t isr, v0, v1;
	int low, high, cleared, others = 1;
	unsigned int i;

	quiesce_all();
	tg[AXIPERF_TG_ROUTE / 4] = AXIPERF_TG_ROUTE_TO(a - apms, slot);
	sel(a, 0, AXIPERF_APM_M_READ_BYTES, slot);
	sel(a, 1, AXIPERF_APM_M_READ_TRANSACTIONS, slot);
	tg[AXIPERF_TG_PRESET_LO / 4] = preset;
	tg[AXIPERF_TG_PRESET_CMD / 4] = AXIPERF_TG_PRESET_APM;
	wr(a, AXIPERF_APM_REG_IER, bit);
	wr(a, AXIPERF_APM_REG_GIE, 1);
	low = !spi_level(a->spi);
	wr(a, AXIPERF_APM_REG_CTL, AXIPERF_APM_CTL_MCNTR_ENABLE);
	if (run(p)) {
		tap_result(0, "%s: the generator did not finish", a->label);
		return;
	}
	wr(a, AXIPERF_APM_REG_CTL, 0);
	v0 = rd(a, AXIPERF_APM_REG_MC(0));
	v1 = rd(a, AXIPERF_APM_REG_MC(1));
	isr = rd(a, AXIPERF_APM_REG_ISR);
	high = spi_level(a->spi);
	after = proc_count(a->spi);
	for (i = 0; i < NUM_APMS; i++)
		if (&apms[i] != a && rd(&apms[i], AXIPERF_APM_REG_ISR))
			others = 0;
	tap_result(v0 == 28 && v1 == preset + 16,
		   "%s slot %u: read bytes preset to 2^32 - 100 wrap to 28 after 128, read transactions %" PRIu32 " (MC0 %" PRIu32 ", MC1 %" PRIu32 ")",
		   a->label, slot, preset + 16, v0, v1);
	tap_result(isr == bit && others,
		   "%s: the wrap sets ISR bit 3 alone (ISR 0x%" PRIx32 "), no other APM's ISR",
		   a->label, isr);
	tap_result(low && high, "%s: GIC SPI %u was low, is high with GIE and IER set (%d, %d)",
		   a->label, a->spi, !low, high);
	if (before >= 0)
		tap_result(after > before, "%s: SPI %u's count in /proc/interrupts rose (%lld -> %lld)",
			   a->label, a->spi, before, after);
	wr(a, AXIPERF_APM_REG_ISR, bit);
	cleared = rd(a, AXIPERF_APM_REG_ISR) == 0 && !spi_level(a->spi);
	wr(a, AXIPERF_APM_REG_ISR, 0);
	tap_result(cleared, "%s: writing 1 to the ISR bit clears it and SPI %u falls",
		   a->label, a->spi);
	tg[AXIPERF_TG_ROUTE / 4] = 0;
}

/* The CCI-400 PMU's stand-in on SPI 123: the line rises, no APM's ISR. */
static void check_shared_irq(void)
{
	uint32_t isr = 0;
	int low, high, fell, spi25;
	unsigned int i;

	quiesce_all();
	for (i = 0; i < NUM_APMS; i++) {
		wr(&apms[i], AXIPERF_APM_REG_GIE, 1);
		wr(&apms[i], AXIPERF_APM_REG_IER, 0x1fff);
	}
	low = !spi_level(123);
	tg[AXIPERF_TG_FAULT / 4] = AXIPERF_TG_FAULT_SHARED_IRQ;
	high = spi_level(123);
	spi25 = spi_level(25);
	for (i = 0; i < NUM_APMS; i++)
		isr |= rd(&apms[i], AXIPERF_APM_REG_ISR);
	tap_result((tg[AXIPERF_TG_FAULT / 4] & AXIPERF_TG_FAULT_SHARED_IRQ) != 0,
		   "FAULT reads back FAULT_SHARED_IRQ");
	tg[AXIPERF_TG_FAULT / 4] = 0;
	fell = !spi_level(123);
	tap_result(low && high && !spi25 && !isr && fell,
		   "FAULT_SHARED_IRQ raises SPI 123 alone with every APM's ISR at 0, and drops it (low %d, high %d, SPI 25 %d, ISRs 0x%" PRIx32 ", fell %d)",
		   low, high, spi25, isr, fell);
	quiesce_all();
}

static volatile uint32_t *map(int fd, unsigned long base, size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, base);

	return p == MAP_FAILED ? NULL : p;
}

int main(void)
{
	unsigned int i, s, k;
	char what[64];
	int fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open("/dev/mem", O_RDWR | O_SYNC);
	if (fd < 0) {
		printf("Bail out! cannot open /dev/mem: %s\n", strerror(errno));
		return 1;
	}
	tg = tg_map(fd, TG_BASE);
	gicd = map(fd, GICD_BASE, 0x1000);
	if (!tg || !gicd) {
		printf("Bail out! no generator at 0x%lx or no GIC distributor at 0x%lx\n",
		       TG_BASE, GICD_BASE);
		return 1;
	}
	for (i = 0; i < NUM_APMS; i++) {
		struct apm *a = &apms[i];

		a->r = map(fd, a->base, AXIPERF_APM_WINDOW);
		if (!a->r) {
			printf("Bail out! cannot map the %s APM at 0x%lx\n", a->label, a->base);
			return 1;
		}
		tap_result(rd(a, AXIPERF_APM_REG_SICR) == AXIPERF_APM_SICR_RESET &&
			   rd(a, AXIPERF_APM_REG_CTL) == 0,
			   "%s APM at 0x%lx: SICR 0x%" PRIx32 " and CTL 0x%" PRIx32 " at reset",
			   a->label, a->base, rd(a, AXIPERF_APM_REG_SICR), rd(a, AXIPERF_APM_REG_CTL));
		/* the counters beyond the last hold no selector */
		sel(a, a->counters - 1, AXIPERF_APM_M_READ_LASTS, a->slots - 1);
		tap_result((rd(a, AXIPERF_APM_REG_MSR(a->counters - 1)) >>
			    AXIPERF_APM_MSR_SHIFT(a->counters - 1) & 0xff) ==
			   AXIPERF_APM_SEL(AXIPERF_APM_M_READ_LASTS, a->slots - 1),
			   "%s: counter %u's selector byte reads back", a->label, a->counters - 1);
		sel(a, a->counters - 1, 0, 0);
		if (a->counters < AXIPERF_APM_MAX_COUNTERS) {
			sel(a, a->counters, AXIPERF_APM_M_READ_LASTS, a->slots - 1);
			tap_result((rd(a, AXIPERF_APM_REG_MSR(a->counters)) >>
				    AXIPERF_APM_MSR_SHIFT(a->counters) & 0xff) == 0,
				   "%s: counter %u, not built, has a selector that holds nothing",
				   a->label, a->counters);
		}
	}
	tap_result(tg[AXIPERF_TG_ROUTE / 4] == 0, "the generator's ROUTE is 0 at reset");

	/* nowhere: nothing counts anywhere */
	tg[AXIPERF_TG_ROUTE / 4] = 0;
	check_quiet(0, "routed nowhere");

	for (i = 0; i < NUM_APMS; i++) {
		struct apm *a = &apms[i];

		for (s = 0; s < a->slots; s++) {
			uint32_t route = AXIPERF_TG_ROUTE_TO(i, s);

			quiesce_all();
			tg[AXIPERF_TG_ROUTE / 4] = route;
			if (tg[AXIPERF_TG_ROUTE / 4] != route)
				tap_result(0, "ROUTE reads back 0x%" PRIx32 " (wrote 0x%" PRIx32 ")",
					   tg[AXIPERF_TG_ROUTE / 4], route);
			for (k = 0; k < tg_num_patterns; k++)
				check_pattern(a, s, &tg_patterns[k]);
			snprintf(what, sizeof(what), "routed to %s slot %u", a->label, s);
			check_quiet(route, what);
		}
	}
	tg[AXIPERF_TG_ROUTE / 4] = 0;

	check_wrap(&apms[0], 5);
	for (i = 1; i < NUM_APMS; i++)
		check_wrap(&apms[i], 0);
	check_shared_irq();
	return tap_done();
}
