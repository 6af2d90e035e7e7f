// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * tgrun: the guest's command for the test bed's traffic generator.
 *   tgrun list              the patterns, by number
 *   tgrun expect N          each counter the monitor must count for
 *                           pattern N, as "name value" (closed form)
 *   tgrun run N             runs pattern N (the monitor is left alone:
 *                           whoever counts starts and stops it)
 */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "axiperf/regs.h"
#include "axiperf-tg-regs.h"
#include "tg_pattern.h"

static const struct tg_link link_ = { .data_bytes = 8, .id_slots = 4 };

#define NAME(n, id, off, legacy, unit, pb, pc) [id] = #n,
static const char *const counter_name[AXIPERF_EV_MAX + 1] = {
	AXIPERF_COUNTERS(NAME)
};

static int usage(void)
{
	fprintf(stderr, "usage: tgrun list | expect N | run N   (N: a pattern number from 'tgrun list')\n");
	return 2;
}

int main(int argc, char **argv)
{
	const struct tg_pattern *p;
	struct tg_expect e;
	volatile uint32_t *tg;
	const char *err;
	unsigned int i, n;
	char *end;
	int fd;

	if (argc == 2 && !strcmp(argv[1], "list")) {
		for (i = 0; i < tg_num_patterns; i++)
			printf("%u %s\n", i, tg_patterns[i].name);
		return 0;
	}
	if (argc != 3)
		return usage();
	n = strtoul(argv[2], &end, 10);
	if (*end || n >= tg_num_patterns) {
		fprintf(stderr, "tgrun: no pattern '%s' (0..%u)\n", argv[2], tg_num_patterns - 1);
		return 2;
	}
	p = &tg_patterns[n];
	if (!strcmp(argv[1], "expect")) {
		err = tg_expect(p, &link_, &e);
		if (err) {
			fprintf(stderr, "tgrun: %s: %s\n", p->name, err);
			return 1;
		}
		for (i = 0; i <= AXIPERF_EV_MAX; i++)
			if (counter_name[i] && tg_event_is_traffic_only(i))
				printf("%s %" PRIu64 "\n", counter_name[i], e.ev[i]);
		return 0;
	}
	if (strcmp(argv[1], "run"))
		return usage();
	fd = open("/dev/mem", O_RDWR | O_SYNC);
	if (fd < 0) {
		perror("tgrun: /dev/mem");
		return 1;
	}
	tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE, MAP_SHARED,
		  fd, AXIPERF_TG_BASE);
	if (tg == MAP_FAILED) {
		perror("tgrun: mmap");
		return 1;
	}
	if (tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC) {
		fprintf(stderr, "tgrun: no traffic generator at %#x (not the QEMU test bed?)\n",
			AXIPERF_TG_BASE);
		return 1;
	}
	tg_program(tg, p, &link_);
	if (tg_run(tg, AXIPERF_TG_GO, 20000)) {
		fprintf(stderr, "tgrun: pattern %u did not finish (CTRL %#x)\n", n,
			tg[AXIPERF_TG_CTRL / 4]);
		return 1;
	}
	return 0;
}
