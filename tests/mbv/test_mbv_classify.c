// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The QEMU test bed's MicroBlaze V event classification
 * (tools/qemu/microblaze-v-cpu/mbv_hpm.c) against tests/mbv/insns.txt, on the encodings
 * GNU as made of each line (tests/mbv/classify.sh feeds them in):
 *   stdin: one line per instruction: XLEN HEX BEFORE(a|b) EVENT... (- for none) # TEXT
 * Then what an mhpmevent value selects (axiperf_mbv_selects), on values
 * spec/microblaze_v.toml defines and on ones UG1629 says count nothing.
 * TAP output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf/microblaze_v.h"
#include "mbv_hpm.h"

static int n, failed;

static void ok(int cond, const char *fmt, const char *a, const char *b)
{
	printf("%s %d - ", cond ? "ok" : "not ok", ++n);
	printf(fmt, a, b);
	putchar('\n');
	failed += !cond;
}

static const struct { const char *name; unsigned int cls; uint32_t value; } events[] = {
#define X(name, c, bit, value, latency, doc) { #name, c, value },
	AXIPERF_MBV_EVENTS(X)
#undef X
};

/* the class 0 event of that name, 0 when there is none */
static uint32_t class0_event(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (events[i].cls == 0 && !strcmp(events[i].name, name))
			return events[i].value;
	return 0;
}

static void names(uint32_t ev, char *out, size_t len)
{
	size_t i, at = 0;

	out[0] = 0;
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		if (events[i].cls == 0 && (ev & events[i].value))
			at += snprintf(out + at, len - at, "%s%s", at ? " " : "", events[i].name);
	if (!at)
		snprintf(out, len, "-");
}

static void classify_lines(void)
{
	char line[512];

	while (fgets(line, sizeof(line), stdin)) {
		char *text = strchr(line, '#'), *tok, *save, got[256], want[256];
		unsigned long insn;
		int xlen, bad = 0;
		uint32_t expect = 0, ev;
		bool before, want_before;

		if (!text)
			continue;
		*text++ = 0;
		text[strcspn(text, "\n")] = 0;
		tok = strtok_r(line, " ", &save);
		xlen = atoi(tok);
		insn = strtoul(strtok_r(NULL, " ", &save), NULL, 16);
		want_before = *strtok_r(NULL, " ", &save) == 'b';
		while ((tok = strtok_r(NULL, " \n", &save))) {
			uint32_t e = class0_event(tok);

			if (strcmp(tok, "-") && !e) {
				printf("# %s: no class 0 event '%s' in spec/microblaze_v.toml\n", text, tok);
				bad = 1;
			}
			expect |= e;
		}
		ev = axiperf_mbv_class0((uint32_t)insn, xlen, &before);
		names(ev, got, sizeof(got));
		names(expect, want, sizeof(want));
		if (ev != expect || bad)
			printf("# got %s, want %s\n", got, want);
		ok(ev == expect && !bad, "RV%s %s: its events", xlen == 32 ? "32" : "64", text);
		if (before != want_before)
			printf("# counted %s its code, want %s\n", before ? "before" : "after",
			       want_before ? "before" : "after");
		ok(before == want_before, "RV%s %s: counted before or after its code as it ends a block",
		   xlen == 32 ? "32" : "64", text);
		/*
		 * The translator decides "before" from the low 16 bits alone
		 * (mbv_gen_before(): the rest is not fetched yet), and counts
		 * those events from them: they must agree with the whole word.
		 */
		{
			bool low_before;
			uint32_t low_ev = axiperf_mbv_class0((uint32_t)insn & 0xffff, xlen, &low_before);

			ok(low_before == before && (!before || low_ev == ev),
			   "RV%s %s: its low 16 bits alone give the same before/after and before-events",
			   xlen == 32 ? "32" : "64", text);
		}
	}
}

static void selects(void)
{
	static const struct { uint64_t v; uint32_t ev; unsigned int cls; const char *what; } c[] = {
		{ AXIPERF_MBV_EV_LOADS, AXIPERF_MBV_EV_LOADS, 0, "loads" },
		{ AXIPERF_MBV_EV_LOADS | AXIPERF_MBV_EV_COMPRESSED_INSTRUCTIONS,
		  AXIPERF_MBV_EV_LOADS | AXIPERF_MBV_EV_COMPRESSED_INSTRUCTIONS, 0,
		  "two class 0 events in one counter" },
		{ AXIPERF_MBV_EV_TAKEN_CONDITIONAL_BRANCHES, 1u << 5, 1, "taken_conditional_branches" },
		{ AXIPERF_MBV_EV_DIVIDES_BY_ZERO, 1u << 5, 4, "divides_by_zero" },
		{ AXIPERF_MBV_EV_PERIPHERAL_WRITE_LATENCY, 1u << 15, 5, "peripheral_write_latency" },
		{ AXIPERF_MBV_EV_LOADS | 0xff00000000000000ull, AXIPERF_MBV_EV_LOADS, 0,
		  "loads with Sscofpmf's bits 63:56 set (ignored)" },
		{ 0, 0, 0, "0: no event" },
		{ 1u << 1, 0, 1, "a class with no event bit" },
		{ (1u << 11) | (1u << 1), 0, 1, "class 1 bit 11: undefined" },
		{ (1u << 5) | (3u << 1), 0, 3, "class 3 bit 5: undefined (its events start at 6)" },
		{ (1u << 5) | (6u << 1), 0, 6, "class 6: undefined" },
		{ (1u << 5) | (15u << 1), 0, 15, "class 15: undefined" },
		{ AXIPERF_MBV_EV_LOADS | 1, 0, 0, "loads with bit 0 set" },
		{ AXIPERF_MBV_EV_LOADS | (1ull << 25), 0, 0, "loads with bit 25 set" },
		{ AXIPERF_MBV_EV_LOADS | (1ull << 47), 0, 0, "loads with bit 47 set" },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		unsigned int cls;
		uint32_t ev = axiperf_mbv_selects(c[i].v, &cls);

		ok(ev == c[i].ev && (!ev || cls == c[i].cls), "mhpmevent %s: %s",
		   c[i].ev ? "counts" : "counts nothing", c[i].what);
	}
	/* illegal encodings GNU as does not make: no event */
	{
		bool b;

		ok(!axiperf_mbv_class0(0x0000, 64, &b), "%s%s",
		   "0x0000, the defined illegal instruction: no event", "");
		ok(!axiperf_mbv_class0(0x8000, 64, &b), "%s%s",
		   "0x8000, reserved in quadrant 0: no event", "");
	}
	/* what the test bed can raise: classes 0, 1 (not the branch target
	 * cache) and 4's divide by zero, nothing of 2, 3 or 5 */
	ok(axiperf_mbv_counted(0) == 0x1ffffe0u, "%s%s", "counted: every class 0 event", "");
	ok(axiperf_mbv_counted(1) == 0x1e0u, "%s%s",
	   "counted: class 1's branches taken and not, exceptions, interrupts", "");
	ok(axiperf_mbv_counted(4) == 0x20u, "%s%s", "counted: class 4's divides by zero", "");
	ok(!axiperf_mbv_counted(2) && !axiperf_mbv_counted(3) && !axiperf_mbv_counted(5),
	   "%s%s", "counted: nothing of the caches, stalls or latencies", "");
}

int main(void)
{
	classify_lines();
	selects();
	printf("1..%d\n", n);
	return failed != 0;
}
