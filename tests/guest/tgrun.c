// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * tgrun: the guest's command for the test bed's traffic generators.
 *   tgrun list                the patterns, by number
 *   tgrun [-g G] expect N     each counter monitor G must count for pattern
 *                             N, as "name value" (closed form)
 *   tgrun [-g G] framed N     every counter as a FRAME run counts it (the
 *                             monitor started right before the traffic and
 *                             stopped right after), idle counts included
 *   tgrun [-g G] busy N       clocks the read and the write side are busy
 *                             ("rd_busy", "wr_busy"): what active_cycles
 *                             minus rd_idle / wr_idle must be, however long
 *                             the monitor runs around the traffic
 *   tgrun [-g G] clock        the link's clock rate in Hz
 *   tgrun stream B            pattern 1 (long bursts) with B bursts each
 *                             way on generator 0: a long stream, for
 *                             benchmarks
 *   tgrun [-g G] cost         what monitor G has cost since reset, for
 *                             benchmarks: "irq_rises N", "host_ns N" (host
 *                             CPU time running its link), "mmio_reads N",
 *                             "mmio_writes N", "last_run_clocks N"
 *   tgrun run N [M [L]]       runs pattern N on generator 0 and, with M,
 *                             pattern M on generator 1 (and L on 2) at the
 *                             same time (the monitors are left alone:
 *                             whoever counts starts and stops them)
 *   tgrun route APM SLOT      the ZynqMP bed (built with TGRUN_ZYNQMP): the
 *                             PS monitor APM (ddr, cci, ocm, lpd) sees
 *                             generator 0's link on slot SLOT (a number or
 *                             what the slot watches: apu0); "tgrun route
 *                             none": no PS monitor sees it
 * Generator G drives the link monitor axiperfG watches; a pattern's AxSIZE
 * is narrowed to a link narrower than it (generators 1 and 2 have 32 bits).
 * axiperf2 is the article's core: expect and framed leave out the counters
 * it does not have.
 */
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

/* The three monitors of the arm test bed (tools/qemu/beds/zynq.py); the
 * ZynqMP bed's one (tools/qemu/beds/zynqmp.py). */
static const struct {
	uint32_t base;
	struct tg_link link;
	bool legacy;
} gen[] = {
#ifdef TGRUN_ZYNQMP
	{ 0xa0010000u, { .data_bytes = 8, .id_slots = 4 }, false },	/* axiperf0 */
#else
	{ AXIPERF_TG_BASE, { .data_bytes = 8, .id_slots = 4 }, false },	/* axiperf0 */
	{ 0x43c30000u, { .data_bytes = 4, .id_slots = 4 }, false },	/* axiperf1 */
	{ 0x43c50000u, { .data_bytes = 4, .id_slots = 4 }, true },	/* axiperf2 */
#endif
};
#define NGEN	(sizeof(gen) / sizeof(gen[0]))

#define NAME(n, id, off, legacy, unit, pb, pc) [id] = #n,
#define GAUGE(n, id, off, lsb, bits) [id] = #n,
static const char *const counter_name[AXIPERF_EV_MAX + 1] = {
	AXIPERF_COUNTERS(NAME)
	AXIPERF_GAUGES(GAUGE)
};
/* where the article's core has each one: beyond its window, it has not */
#define LOFF(n, id, off, legacy, unit, pb, pc) [id] = legacy,
#define GOFF(n, id, off, lsb, bits) [id] = off,
static const unsigned int legacy_offset[AXIPERF_EV_MAX + 1] = {
	AXIPERF_COUNTERS(LOFF)
	AXIPERF_GAUGES(GOFF)
};

static int usage(void)
{
	fprintf(stderr, "usage: tgrun list | [-g 0|1|2] expect|framed|busy N | [-g 0|1|2] clock|cost | run N [M [L]] | stream B\n"
		"       | route ddr|cci|ocm|lpd SLOT | route none\n"
		"       (N, M, L: pattern numbers from 'tgrun list')\n");
	return 2;
}

/* The PS monitors of the ZynqMP bed, in the order ROUTE numbers them */
#define APM_LABEL(label, ...) #label,
static const char *const apm_label[] = { AXIPERF_APM_ZYNQMP(APM_LABEL) };
#define APM_SLOTS(label, base, slots, ...) slots,
static const unsigned int apm_slots[] = { AXIPERF_APM_ZYNQMP(APM_SLOTS) };
static const char *const ddr_slot[] = AXIPERF_APM_SLOTS_DDR;

/* tgrun route APM SLOT: the value of the generator's ROUTE register */
static int route_value(const char *apm, const char *slot, uint32_t *val)
{
	unsigned int a, s;
	char *end;

	for (a = 0; a < sizeof(apm_label) / sizeof(apm_label[0]); a++)
		if (!strcmp(apm, apm_label[a]))
			break;
	if (a == sizeof(apm_label) / sizeof(apm_label[0])) {
		fprintf(stderr, "tgrun: no PS monitor '%s' (ddr, cci, ocm, lpd)\n", apm);
		return -1;
	}
	s = (unsigned int)strtoul(slot, &end, 10);
	if (!*slot || *end) {
		for (s = 0; a == 0 && s < apm_slots[0]; s++)
			if (!strcmp(slot, ddr_slot[s]))
				break;
		if (a != 0 || s == apm_slots[0])
			s = apm_slots[a];
	}
	if (s >= apm_slots[a]) {
		fprintf(stderr, "tgrun: the %s monitor has no slot '%s' (0..%u)\n", apm, slot,
			apm_slots[a] - 1);
		return -1;
	}
	*val = AXIPERF_TG_ROUTE_TO(a, s);
	return 0;
}

/* Pattern n as generator g runs it: AxSIZE no wider than the link. */
static int pattern(const char *arg, unsigned int g, struct tg_pattern *p)
{
	char *end;
	unsigned long n = strtoul(arg, &end, 10);

	if (!*arg || *end || n >= tg_num_patterns) {
		fprintf(stderr, "tgrun: no pattern '%s' (0..%u)\n", arg, tg_num_patterns - 1);
		return -1;
	}
	*p = tg_patterns[n];
	while ((1u << p->size) > gen[g].link.data_bytes)
		p->size--;
	return 0;
}

static volatile uint32_t *map(unsigned int g)
{
	volatile uint32_t *tg;
	int fd = open("/dev/mem", O_RDWR | O_SYNC);

	if (fd < 0) {
		perror("tgrun: /dev/mem");
		return NULL;
	}
	tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE, MAP_SHARED,
		  fd, gen[g].base);
	close(fd);
	if (tg == MAP_FAILED) {
		perror("tgrun: mmap");
		return NULL;
	}
	if (tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC) {
		fprintf(stderr, "tgrun: no traffic generator at %#x (not the QEMU test bed?)\n",
			gen[g].base);
		return NULL;
	}
	return tg;
}

static int expect(unsigned int g, const struct tg_pattern *p, struct tg_expect *e)
{
	const char *err = tg_expect(p, &gen[g].link, e);

	if (err)
		fprintf(stderr, "tgrun: %s: %s\n", p->name, err);
	return err ? -1 : 0;
}

/* Starts every generator given, then waits for each. */
static int run(volatile uint32_t *const *tg, const struct tg_pattern *p, int n)
{
	for (int i = 0; i < n; i++)
		tg_program(tg[i], &p[i], &gen[i].link);
	for (int i = 0; i < n; i++)
		tg[i][AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO;
	for (int i = 0; i < n; i++) {
		if (tg_run(tg[i], 0, 20000)) {	/* CTRL 0: no command, just wait */
			fprintf(stderr, "tgrun: %s on generator %d did not finish (CTRL %#x)\n",
				p[i].name, i, tg[i][AXIPERF_TG_CTRL / 4]);
			return 1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	volatile uint32_t *tg[NGEN];
	struct tg_pattern p[NGEN];
	struct tg_expect e;
	unsigned int g = 0, i;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < tg_num_patterns; i++)
			printf("%u %s\n", i, tg_patterns[i].name);
		return 0;
	}
	if (argc >= 3 && !strcmp(argv[1], "-g")) {
		if (strlen(argv[2]) != 1 || argv[2][0] < '0' || argv[2][0] >= '0' + (int)NGEN)
			return usage();
		g = (unsigned int)(argv[2][0] - '0');
		argc -= 2;
		argv += 2;
	}
	if (argc == 2 && !strcmp(argv[1], "clock")) {
		if (!(tg[0] = map(g)))
			return 1;
		printf("%" PRIu32 "\n", tg[0][AXIPERF_TG_CLOCK_HZ / 4]);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "stream") && g == 0) {
		char *e;

		p[0] = tg_patterns[1];
		p[0].bursts = (uint32_t)strtoul(argv[2], &e, 0);
		if (*e || !p[0].bursts || !(tg[0] = map(0)))
			return usage();
		return run(tg, p, 1);
	}
	if (argc == 2 && !strcmp(argv[1], "cost")) {
		if (!(tg[0] = map(g)))
			return 1;
		printf("irq_rises %" PRIu32 "\nhost_ns %" PRIu64 "\nmmio_reads %" PRIu32
		       "\nmmio_writes %" PRIu32 "\nlast_run_clocks %" PRIu32 "\n",
		       tg[0][AXIPERF_TG_IRQ_RISES / 4],
		       (uint64_t)tg[0][AXIPERF_TG_HOST_NS_HI / 4] << 32 |
		       tg[0][AXIPERF_TG_HOST_NS_LO / 4],
		       tg[0][AXIPERF_TG_MMIO_READS / 4], tg[0][AXIPERF_TG_MMIO_WRITES / 4],
		       tg[0][AXIPERF_TG_CLOCKS / 4]);
		return 0;
	}
	if (argc == 3 && (!strcmp(argv[1], "expect") || !strcmp(argv[1], "framed"))) {
		bool all = !strcmp(argv[1], "framed");

		if (pattern(argv[2], g, &p[0]) || expect(g, &p[0], &e))
			return 1;
		for (i = 0; i <= AXIPERF_EV_MAX; i++)
			if (counter_name[i] && (all || tg_event_is_traffic_only(i)) &&
			    (!gen[g].legacy || legacy_offset[i] < AXIPERF_LEGACY_WINDOW_SIZE))
				printf("%s %" PRIu64 "\n", counter_name[i], e.ev[i]);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "busy")) {
		if (pattern(argv[2], g, &p[0]) || expect(g, &p[0], &e))
			return 1;
		/* the FRAME expectations: idle = framed_active - busy */
		printf("rd_busy %" PRIu64 "\nwr_busy %" PRIu64 "\nspan %" PRIu64 "\n",
		       e.ev[AXIPERF_EV_ACTIVE_CYCLES] - e.ev[AXIPERF_EV_RD_IDLE],
		       e.ev[AXIPERF_EV_ACTIVE_CYCLES] - e.ev[AXIPERF_EV_WR_IDLE],
		       e.span);
		return 0;
	}
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "route") && g == 0) {
		uint32_t val = 0;

		if (argc == 3 ? strcmp(argv[2], "none") != 0 : route_value(argv[2], argv[3], &val))
			return usage();
		if (!(tg[0] = map(0)))
			return 1;
		tg[0][AXIPERF_TG_ROUTE / 4] = val;
		return 0;
	}
	if (argc >= 3 && argc <= 2 + (int)NGEN && !strcmp(argv[1], "run") && g == 0) {
		int n = argc - 2;

		for (int k = 0; k < n; k++)
			if (pattern(argv[2 + k], (unsigned int)k, &p[k]) ||
			    !(tg[k] = map((unsigned int)k)))
				return 1;
		return run(tg, p, n);
	}
	return usage();
}
