// SPDX-License-Identifier: GPL-2.0-or-later OR MIT
/*
 * The QEMU test bed's MicroBlaze event classification
 * (tools/qemu/microblaze-cpu/mb_insn.c) against tests/microblaze/insns.txt, on the
 * encodings GNU as made of each line (tests/microblaze/classify.sh feeds
 * them in):
 *   stdin: HEX|SLOT|TEXT|EVENTS|TAKEN|NOT_TAKEN (names; - for none)
 * Then the traps' events, and that the set the MDM's local core takes from
 * the CPU is exactly what the two functions raise. TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf/microblaze.h"
#include "mb_insn.h"

static int n, failed;
static uint64_t raised;	/* every event some line raised */

static const char *const names[AXIPERF_MB_NUM_EVENTS] = {
#define X(name, id, latency, doc) [id] = #name,
	AXIPERF_MB_EVENTS(X)
#undef X
};

static void result(int cond, const char *what, const char *text, const char *got,
		   const char *want)
{
	printf("%s %d - %s: %s", cond ? "ok" : "not ok", ++n, text, what);
	if (!cond)
		printf(" (got %s, want %s)", got, want);
	putchar('\n');
	failed += !cond;
}

/* "a b c" (event names) to a mask; -1 for an unknown name */
static int parse(char *field, uint64_t *mask)
{
	char *tok, *save = NULL;
	unsigned int e;

	*mask = 0;
	for (tok = strtok_r(field, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		if (!strcmp(tok, "-"))
			continue;
		for (e = 0; e < AXIPERF_MB_NUM_EVENTS; e++)
			if (names[e] && !strcmp(names[e], tok))
				break;
		if (e == AXIPERF_MB_NUM_EVENTS)
			return -1;
		*mask |= AXIPERF_MB_BIT(e);
	}
	return 0;
}

static void show(uint64_t mask, char *out, size_t len)
{
	size_t at = 0;
	unsigned int e;

	out[0] = 0;
	for (e = 0; e < AXIPERF_MB_NUM_EVENTS; e++)
		if (mask & AXIPERF_MB_BIT(e))
			at += snprintf(out + at, len - at, "%s%s", at ? " " : "", names[e]);
	if (!at)
		snprintf(out, len, "-");
}

static void check(uint64_t got, uint64_t want, const char *what, const char *text)
{
	char g[1024], w[1024];

	show(got, g, sizeof(g));
	show(want, w, sizeof(w));
	result(got == want, what, text, g, w);
}

static void classify_lines(void)
{
	char line[512];

	while (fgets(line, sizeof(line), stdin)) {
		char *f[6], *save = NULL, *s, text[128];
		uint64_t want[3], taken, not_taken, ev;
		uint32_t insn;
		size_t len;
		int i;

		line[strcspn(line, "\n")] = 0;
		for (i = 0; i < 6; i++)
			f[i] = strtok_r(i ? NULL : line, "|", &save);
		if (!f[5]) {
			result(0, "a line of six fields", "input", line, "HEX|SLOT|TEXT|EV|T|NT");
			continue;
		}
		insn = strtoul(f[0], NULL, 16);
		s = f[2] + strspn(f[2], " ");
		for (len = strlen(s); len && s[len - 1] == ' '; len--)
			;
		snprintf(text, sizeof(text), "%s%.*s (%08x)",
			 strchr(f[1], 'd') ? "in a delay slot: " : "", (int)len, s, insn);
		for (i = 0; i < 3; i++)
			if (parse(f[3 + i], &want[i])) {
				result(0, "event names known", text, f[3 + i], "spec/microblaze.toml names");
				want[i] = ~0ULL;
			}
		ev = axiperf_mb_insn_events(insn, strchr(f[1], 'd') != NULL, &taken, &not_taken);
		check(ev, want[0], "its events", text);
		check(taken, want[1], "taken", text);
		check(not_taken, want[2], "not taken", text);
		raised |= ev | taken | not_taken;
	}
}

static void traps(void)
{
	static const struct {
		enum axiperf_mb_trap trap;
		uint32_t ec;
		const char *what, *want;
	} t[] = {
		{ AXIPERF_MB_TRAP_HW, 2, "illegal opcode exception", "exceptions" },
		{ AXIPERF_MB_TRAP_HW, 7, "privileged instruction exception", "exceptions" },
		{ AXIPERF_MB_TRAP_MMU, AXIPERF_MB_EC_DATA_TLB, "data TLB miss",
		  "exceptions mmu_exceptions mmu_data_exceptions" },
		{ AXIPERF_MB_TRAP_MMU, AXIPERF_MB_EC_DATA_STORAGE, "data storage exception",
		  "exceptions mmu_exceptions mmu_data_exceptions" },
		{ AXIPERF_MB_TRAP_MMU, AXIPERF_MB_EC_INSN_TLB, "instruction TLB miss",
		  "exceptions mmu_exceptions mmu_instruction_exceptions" },
		{ AXIPERF_MB_TRAP_MMU, AXIPERF_MB_EC_INSN_STORAGE, "instruction storage exception",
		  "exceptions mmu_exceptions mmu_instruction_exceptions" },
		{ AXIPERF_MB_TRAP_IRQ, 0, "interrupt", "interrupts" },
	};
	unsigned int i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char want[256];
		uint64_t w, got = axiperf_mb_trap_events(t[i].trap, t[i].ec);

		snprintf(want, sizeof(want), "%s", t[i].want);
		parse(want, &w);
		check(got, w, "its events", t[i].what);
		raised |= got;
	}
}

int main(void)
{
	uint64_t from_qemu = AXIPERF_MB_BIT(AXIPERF_MB_EV_INSTRUCTIONS) |
			     AXIPERF_MB_BIT(AXIPERF_MB_EV_CYCLES);

	classify_lines();
	traps();
	check(axiperf_mb_cpu_events(), raised,
	      "every event the CPU raises, none other (instructions and cycles come from QEMU)",
	      "axiperf_mb_cpu_events()");
	check(axiperf_mb_cpu_events() & from_qemu, 0, "not instructions or cycles",
	      "axiperf_mb_cpu_events()");
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}
