// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The ml605's own MicroBlaze (the local core's CPU PMU, e.g. microblaze3)
 * counting its instruction, branch and trap events, which QEMU's
 * translator hands to the MDM (tools/qemu/microblaze-cpu/): every event by its sysfs
 * name, against programs whose events are known instruction by
 * instruction. Run on the QEMU ml605 guest with axiperf_mb.ko loaded.
 *
 *   cpu_events_test LOCAL [-v] [--icount]
 *	e.g. cpu_events_test microblaze3 (-v: every run's counts; --icount:
 *	QEMU runs with -icount, where the CPU's instructions are QEMU's own
 *	instruction count)
 *
 *  1. the mix: mix(n) runs a loop of 36 instructions (below) n times, and
 *     the table says what one iteration raises of every event. Groups of
 *     events count per task; d(n), a group read each side of mix(n), also
 *     holds the fixed cost of the reads, which cancels in d(N2) - d(N1);
 *     the least of 15 runs drops runs that took an interrupt (the guest
 *     takes about one every 2 ms, mix(N2) with its reads lasts 0.8 ms at
 *     -icount 4, so 15 runs all interrupted have a chance below 1e-6).
 *     Each event: exactly its per-iteration count times N2 - N1. (Enabling and
 *     disabling the group around mix(n) would not do: the kernel's work
 *     there varies by thousands of instructions from run to run.)
 *     The same for dropped(n): 5 instructions, one an imm in a branch's
 *     delay slot that the CPU drops and that raises no event. (Under
 *     -icount, instructions is QEMU's instruction count, which has the
 *     dropped one too: skipped there.)
 *  2. traps: in one enabled window, N privileged instructions (wdc in user
 *     mode: a privileged-instruction exception, SIGILL, siglongjmp back)
 *     and 16 first touches of fresh pages. The kernel's own TLB misses
 *     land in the window too, so what is exact is: exceptions -
 *     mmu_exceptions = N (the kernel raises no other exception), and
 *     mmu_exceptions = mmu_instruction_exceptions + mmu_data_exceptions;
 *     mmu_data_exceptions >= 16 (one miss at least per fresh page). (The
 *     kernel's signal delivery itself flushes the data cache with wdc.)
 *  3. interrupts, counted on the CPU (not per task) over a 100 ms sleep:
 *     at least one, and at most the rise of /proc/interrupts' counts over
 *     it. Not equal: the interrupt controller's driver hands every pending
 *     interrupt over at one entry, and /proc counts each, the CPU the
 *     entry (a second timer edge while the first is handled: 2 in 50 at
 *     times). Each end is read just after an interrupt (the counter moves;
 *     the timer's next is 2 ms away), /proc/interrupts, then the counter
 *     again: when the counter has not moved, no interrupt fell while
 *     /proc/interrupts was read. Up to 10 tries for two such ends.
 *  4. a start: fp_instructions counted on the CPU, started and stopped by
 *     this program itself through the MDM's debug port (/dev/mem), with
 *     N fadd right after the start and only direct branches between: the
 *     count is N in every run. QEMU must leave the blocks it had chained
 *     while the CPU did not count (a cpu_exit at the start,
 *     tools/qemu/mdm/axiperf-mdm.c); without it the fadd ran in blocks
 *     translated uncounted and the count was 0.
 * Each measurement starts after the console has sent what was printed
 * (its transmit interrupts would land in the measurement).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "axiperf/microblaze.h"
#include "tap.h"

#define PMU_DIR		"/sys/bus/event_source/devices/"
#define MAX_GROUP	5	/* the test bed's event counters per core */
#define N1		200
#define N2		1200
#define RUNS		15
#define TRAPS		50
#define PAGES		16

static const char *local;
static int local_type, verbose, icount;

/* ---------------------------------------------------------------- 1. the mix */

/* what one iteration of a loop raises of an event */
struct loop_event {
	const char *name;
	unsigned int per_iter;
};

/* what one iteration of mix() raises (its instructions are listed there) */
static const struct loop_event mix_events[] = {
	{ "instructions", 33 },		/* 36 in the loop; beqi, brid and bri skip one each */
	{ "load_words", 3 },		/* lwi, lw, lwi (r1) */
	{ "load_halfwords", 1 },
	{ "load_bytes", 1 },
	{ "loads", 5 },
	{ "r1_loads", 1 },
	{ "store_words", 2 },		/* swi, swi (r1) */
	{ "store_halfwords", 1 },
	{ "store_bytes", 1 },
	{ "stores", 4 },
	{ "r1_stores", 1 },
	{ "logical_instructions", 4 },	/* and, xori, two nops */
	{ "arithmetic_instructions", 7 }, /* 2 addik r1, mul, idiv, addik (imm), addk, addik */
	{ "multiplies", 1 },
	{ "integer_divides", 1 },
	{ "barrel_shifts", 1 },
	{ "shifts", 1 },
	{ "sign_extends", 1 },
	{ "pattern_compares", 1 },
	{ "imm_instructions", 1 },
	{ "fp_instructions", 1 },
	{ "msr_instructions", 2 },
	{ "unconditional_branches", 2 },	/* brid, bri */
	{ "taken_conditional_branches", 2 },	/* beqi r0, the loop's bneid */
	{ "not_taken_conditional_branches", 1 },	/* bneid r0 */
	{ "conditional_branches", 3 },
	{ "branches", 5 },
	{ "delay_slot_unconditional_branches", 1 },
	{ "delay_slot_taken_branches", 1 },
	{ "delay_slot_not_taken_branches", 1 },
	{ "delay_slot_nops", 2 },
	{ "exceptions", 0 },
	{ "interrupts", 0 },
	{ "icache_invalidates", 0 },
	{ "dcache_invalidates", 0 },
	{ "mmu_exceptions", 0 },
};

#define NMIX (sizeof(mix_events) / sizeof(mix_events[0]))

/* what one iteration of dropped() raises: the imm in the delay slot nothing
 * (instructions first: main() leaves it out under -icount) */
static const struct loop_event dropped_events[] = {
	{ "instructions", 4 },		/* brid, addik, bneid, nop */
	{ "imm_instructions", 0 },
	{ "unconditional_branches", 1 },	/* brid */
	{ "delay_slot_unconditional_branches", 1 },
	{ "logical_instructions", 1 },	/* the nop */
};

#define NDROPPED (sizeof(dropped_events) / sizeof(dropped_events[0]))

static uint32_t buf[4] = { 0x12345678, 0x9abc, 0xde, 0 };

/*
 * n >= 1 iterations of 36 instructions. Out of line, so that the code
 * around it is the same for every n.
 */
static void __attribute__((noinline)) mix(uint32_t n)
{
#ifdef __microblaze__
	__asm__ volatile(
		"	addik	r12, r0, 3\n"
		"1:	lwi	r6, %1, 0\n"		/* load_words loads */
		"	lhui	r7, %1, 4\n"		/* load_halfwords loads */
		"	lbui	r8, %1, 6\n"		/* load_bytes loads */
		"	lw	r6, %1, r0\n"		/* load_words loads */
		"	swi	r6, %1, 8\n"		/* store_words stores */
		"	shi	r7, %1, 12\n"		/* store_halfwords stores */
		"	sbi	r8, %1, 14\n"		/* store_bytes stores */
		"	addik	r1, r1, -8\n"		/* arithmetic */
		"	swi	r6, r1, 4\n"		/* store_words stores r1_stores */
		"	lwi	r6, r1, 4\n"		/* load_words loads r1_loads */
		"	addik	r1, r1, 8\n"		/* arithmetic */
		"	and	r9, r6, r7\n"		/* logical */
		"	xori	r9, r9, 5\n"		/* logical */
		"	mul	r10, r6, r7\n"		/* multiplies arithmetic */
		"	idiv	r11, r12, r6\n"		/* integer_divides arithmetic */
		"	bsrli	r10, r10, 3\n"		/* barrel_shifts */
		"	sra	r10, r10\n"		/* shifts */
		"	sext8	r10, r10\n"		/* sign_extends */
		"	pcmpeq	r10, r6, r6\n"		/* pattern_compares */
		"	addik	r10, r0, 0x12345\n"	/* imm, then arithmetic: two instructions */
		"	fadd	r10, r6, r7\n"		/* fp */
		"	msrset	r10, 4\n"		/* msr (the carry: allowed in user mode) */
		"	msrclr	r10, 4\n"		/* msr */
		"	beqi	r0, 2f\n"		/* conditional, taken */
		"	addk	r10, r10, r10\n"	/* skipped */
		"2:	bneid	r0, 3f\n"		/* conditional, not taken, delay slot */
		"	nop\n"				/* logical delay_slot_nops */
		"3:	brid	4f\n"			/* unconditional, delay slot */
		"	addk	r10, r10, r10\n"	/* arithmetic, in the slot */
		"	addk	r10, r10, r10\n"	/* skipped */
		"4:	bri	5f\n"			/* unconditional */
		"	addk	r10, r10, r10\n"	/* skipped */
		"5:	addik	%0, %0, -1\n"		/* arithmetic */
		"	bneid	%0, 1b\n"		/* conditional, taken but the last time */
		"	nop\n"				/* logical delay_slot_nops */
		: "+r"(n) : "r"(buf)
		: "r6", "r7", "r8", "r9", "r10", "r11", "r12", "memory");
#else
	(void)n;
#endif
}

/*
 * n >= 1 iterations of 5 instructions, one of which the CPU drops: an imm
 * in a branch's delay slot (the manual forbids it; QEMU's translator drops
 * it, with "Invalid insn in delay slot" under -d guest_errors). A dropped
 * instruction executes nothing and raises no event, like one that traps.
 * Written as a word: GNU as would refuse the imm there.
 */
static void __attribute__((noinline)) dropped(uint32_t n)
{
#ifdef __microblaze__
	__asm__ volatile(
		"1:	brid	2f\n"			/* unconditional, delay slot */
		"	.long	0xb0000000\n"		/* imm 0, in the slot: dropped */
		"2:	addik	%0, %0, -1\n"		/* arithmetic */
		"	bneid	%0, 1b\n"		/* conditional, taken but the last time */
		"	nop\n"				/* logical delay_slot_nops */
		: "+r"(n) : : "memory");
#else
	(void)n;
#endif
}

/* ---------------------------------------------------------------- perf */

static int perf_open(struct perf_event_attr *a, pid_t pid, int cpu, int group_fd)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, group_fd, 0);
}

/* the config of LOCAL's event `name` (sysfs "event=E,item=I"), -1 if none */
static int64_t event_config(const char *name)
{
	char path[256], s[64];
	unsigned int ev, item;

	snprintf(path, sizeof(path), PMU_DIR "%s/events/%s", local, name);
	if (read_file(path, s, sizeof(s)) || sscanf(s, "event=%u,item=%u", &ev, &item) != 2)
		return -1;
	return ev | (uint64_t)item << 8;
}

struct group {
	int fd[MAX_GROUP];
	unsigned int n;
};

/* the events names[0..n-1] as one group, per task (pid 0) or on CPU 0 (pid -1) */
static int group_open(struct group *g, const char *const *names, unsigned int n, pid_t pid)
{
	struct perf_event_attr a;
	unsigned int i;

	g->n = 0;
	for (i = 0; i < n; i++) {
		int64_t cfg = event_config(names[i]);

		if (cfg < 0) {
			tap_result(0, "%s/%s/ is listed in sysfs", local, names[i]);
			goto fail;
		}
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = local_type;
		a.config = cfg;
		a.disabled = !i;
		a.read_format = PERF_FORMAT_GROUP;
		g->fd[i] = perf_open(&a, pid, pid ? 0 : -1, i ? g->fd[0] : -1);
		if (g->fd[i] < 0) {
			tap_result(0, "%s/%s/ opens in a group of %u (%s)", local, names[i], n,
				   strerror(errno));
			goto fail;
		}
		g->n++;
	}
	return 0;
fail:
	while (g->n)
		close(g->fd[--g->n]);
	return -1;
}

static void group_close(struct group *g)
{
	while (g->n)
		close(g->fd[--g->n]);
}

/* the group's counts, in open order; -1 on a failed read */
static int group_read(struct group *g, uint64_t *v)
{
	uint64_t b[1 + MAX_GROUP];
	ssize_t want = (1 + g->n) * sizeof(uint64_t);

	if (read(g->fd[0], b, sizeof(b)) != want || b[0] != g->n)
		return -1;
	memcpy(v, b + 1, g->n * sizeof(uint64_t));
	return 0;
}

static int group_on(struct group *g, int on)
{
	return ioctl(g->fd[0], on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE,
		     PERF_IOC_FLAG_GROUP);
}

/*
 * Before a measurement: the console's output sent. The guest's console is
 * a 16550 whose transmit interrupts go on while it drains what was printed.
 */
static void quiet(void)
{
	fflush(stdout);
	tcdrain(STDOUT_FILENO);
}

/* what loop(n) adds to each event of the (enabled) group, between two reads */
static int __attribute__((noinline)) loop_delta(struct group *g, void (*loop)(uint32_t),
						uint32_t n, uint64_t *d)
{
	uint64_t before[MAX_GROUP], after[MAX_GROUP];
	unsigned int i;

	if (group_read(g, before))
		return -1;
	loop(n);
	if (group_read(g, after))
		return -1;
	for (i = 0; i < g->n; i++)
		d[i] = after[i] - before[i];
	return 0;
}

/*
 * Under -icount the guest's time is its instruction count: runs of equal
 * length would all meet the timer at the same point, every run of one
 * size interrupted. Run r starts after r x 7919 idle iterations (about a
 * third of a timer period each at -icount 4), so the runs meet it at
 * different points and some miss it.
 */
static void __attribute__((noinline)) shift_phase(unsigned int r)
{
	volatile unsigned int i;

	for (i = 0; i < r * 7919; i++)
		;
}

/* every event of EV, in groups: loop(N2) - loop(N1) is its per_iter x (N2 - N1) */
static void test_loop(const char *what, void (*loop)(uint32_t), const struct loop_event *ev,
		      unsigned int nev)
{
	unsigned int first, i, r;

	loop(N1);	/* fault the loop's page in */
	for (first = 0; first < nev; first += MAX_GROUP) {
		const char *names[MAX_GROUP];
		uint64_t min1[MAX_GROUP], min2[MAX_GROUP], runs[RUNS][2][MAX_GROUP];
		unsigned int n = nev - first < MAX_GROUP ? nev - first : MAX_GROUP;
		struct group g;
		int bad = 0;

		for (i = 0; i < n; i++) {
			names[i] = ev[first + i].name;
			min1[i] = min2[i] = ~0ULL;
		}
		if (group_open(&g, names, n, 0))
			continue;
		bad = group_on(&g, 1);
		quiet();
		for (r = 0; r < RUNS && !bad; r++) {
			shift_phase(r);
			bad |= loop_delta(&g, loop, N1, runs[r][0]);
			bad |= loop_delta(&g, loop, N2, runs[r][1]);
			for (i = 0; i < n && !bad; i++) {
				min1[i] = runs[r][0][i] < min1[i] ? runs[r][0][i] : min1[i];
				min2[i] = runs[r][1][i] < min2[i] ? runs[r][1][i] : min2[i];
			}
		}
		group_close(&g);
		for (r = 0; r < RUNS && verbose && !bad; r++)
			for (i = 0; i < n; i++)
				printf("#   run %u %s: %s(%u) %" PRIu64 ", %s(%u) %" PRIu64 "\n", r,
				       names[i], what, N1, runs[r][0][i], what, N2, runs[r][1][i]);
		for (i = 0; i < n; i++) {
			uint64_t want = (uint64_t)ev[first + i].per_iter * (N2 - N1);
			int64_t got = bad ? -1 : (int64_t)(min2[i] - min1[i]);

			tap_result(!bad && got == (int64_t)want,
				   "%s/%s/ per task: %s(%u) - %s(%u) counts exactly %u x %u "
				   "(got %" PRId64 ", want %" PRIu64 ")%s", local, names[i], what, N2,
				   what, N1, ev[first + i].per_iter, N2 - N1, got, want,
				   bad ? ": enable, disable or read failed" : "");
		}
	}
}

/* ---------------------------------------------------------------- 2. traps */

static sigjmp_buf trap_jmp;
static volatile unsigned int sigills;

static void on_sigill(int sig)
{
	(void)sig;
	sigills++;
	siglongjmp(trap_jmp, 1);
}

/* a data cache invalidate: privileged, so in user mode it traps */
static void __attribute__((noinline)) privileged(void)
{
#ifdef __microblaze__
	__asm__ volatile("wdc r0, r0" ::: "memory");
#endif
}

static void test_traps(void)
{
	static const char *const names[] = {
		"exceptions", "mmu_exceptions", "mmu_instruction_exceptions",
		"mmu_data_exceptions",
	};
	size_t page = sysconf(_SC_PAGESIZE);
	struct sigaction sa, old;
	uint64_t before[4], after[4], d[4];
	volatile unsigned int i;
	struct group g;
	char *mem;
	int bad;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigill;
	if (sigaction(SIGILL, &sa, &old)) {
		tap_result(0, "traps: SIGILL handler (%s)", strerror(errno));
		return;
	}
	mem = mmap(NULL, PAGES * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		tap_result(0, "traps: mmap (%s)", strerror(errno));
		return;
	}
	if (group_open(&g, names, 4, 0)) {
		munmap(mem, PAGES * page);
		return;
	}
	quiet();
	bad = group_read(&g, before) || group_on(&g, 1);
	for (i = 0; i < TRAPS && !bad; i++)
		if (!sigsetjmp(trap_jmp, 1))
			privileged();
	for (i = 0; i < PAGES && !bad; i++)
		mem[i * page] = 1;
	bad |= group_on(&g, 0) || group_read(&g, after);
	group_close(&g);
	munmap(mem, PAGES * page);
	sigaction(SIGILL, &old, NULL);
	for (i = 0; i < 4; i++)
		d[i] = after[i] - before[i];
	if (bad) {
		tap_result(0, "traps: enable, disable or read failed (%s)", strerror(errno));
		return;
	}
	printf("# %u SIGILLs; exceptions %" PRIu64 ", mmu %" PRIu64 " (instruction %" PRIu64
	       ", data %" PRIu64 ")\n", sigills, d[0], d[1], d[2], d[3]);
	tap_result(sigills == TRAPS, "traps: each of %u wdc in user mode raised SIGILL (got %u)",
		   TRAPS, sigills);
	tap_result(d[0] - d[1] == TRAPS, "traps: exceptions - mmu_exceptions = the %u privileged "
		   "instruction exceptions (got %" PRId64 ")", TRAPS, (int64_t)(d[0] - d[1]));
	tap_result(d[1] == d[2] + d[3], "traps: mmu_exceptions = mmu_instruction_exceptions + "
		   "mmu_data_exceptions (%" PRIu64 " = %" PRIu64 " + %" PRIu64 ")", d[1], d[2], d[3]);
	tap_result(d[3] >= PAGES, "traps: mmu_data_exceptions holds a miss per fresh page "
		   "(%" PRIu64 " >= %u)", d[3], PAGES);
}

/* ---------------------------------------------------------------- 3. interrupts */

/* every interrupt /proc/interrupts has counted on CPU 0; 0 when unreadable */
static uint64_t proc_interrupts(void)
{
	char line[512];
	uint64_t sum = 0;
	FILE *f = fopen("/proc/interrupts", "r");

	if (!f)
		return 0;
	if (!fgets(line, sizeof(line), f)) {	/* the CPU0 header */
		fclose(f);
		return 0;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = strchr(line, ':');
		unsigned long long v;

		if (p && sscanf(p + 1, "%llu", &v) == 1)
			sum += v;
	}
	fclose(f);
	return sum;
}

/*
 * Wait for an interrupt (the counter moves): just after one, the next is
 * about 2 ms away. *c: the count then. -1 when none comes within 100 ms.
 */
static int after_interrupt(struct group *g, uint64_t *c)
{
	struct timespec t0, t;
	uint64_t c0;

	if (group_read(g, &c0))
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		if (group_read(g, c))
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000000000LL + t.tv_nsec - t0.tv_nsec > 100000000LL)
			return -1;
	} while (*c == c0);
	return 0;
}

static void test_interrupts(void)
{
	static const char *const names[] = { "interrupts" };
	uint64_t cs = 0, ce = 0, c1, c2, p1 = 0, p2 = 0;
	unsigned int t;
	struct group g;
	int bad, clean = 0;

	if (group_open(&g, names, 1, -1))
		return;
	bad = group_on(&g, 1);
	for (t = 0; t < 10 && !bad && !clean; t++) {
		quiet();
		bad = after_interrupt(&g, &cs);
		p1 = proc_interrupts();
		bad |= group_read(&g, &c1);
		usleep(100000);
		bad |= after_interrupt(&g, &ce);
		p2 = proc_interrupts();
		bad |= group_read(&g, &c2);
		/* no interrupt while /proc/interrupts was read */
		clean = !bad && c1 == cs && c2 == ce;
		if (verbose)
			printf("#   try %u: counted %" PRIu64 ", /proc/interrupts rose %" PRIu64
			       "%s\n", t + 1, ce - cs, p2 - p1, clean ? "" : " (not clean)");
	}
	group_close(&g);
	if (bad) {
		tap_result(0, "%s/interrupts/ on the CPU: no interrupt counted within 100 ms, or a "
			   "read failed", local);
		return;
	}
	tap_result(clean && ce > cs && ce - cs <= p2 - p1,
		   "%s/interrupts/ on the CPU over 100 ms of sleep: at least one, and at most "
		   "the rise of /proc/interrupts (got %" PRIu64 ", rise %" PRIu64 "; %s)", local,
		   ce - cs, p2 - p1, clean ? "no interrupt while /proc/interrupts was read" :
		   "no try without an interrupt while /proc/interrupts was read");
}

/* ---------------------------------------------------------------- 4. a start */

#define MDM_BASE	0x41400000UL	/* tools/guest/axiperf-testbed.dtsi */
#define MDM_SIZE	0x1000
#define LOCAL_PORT	3		/* the ml605's CPU on the MDM (run-guest.sh) */
#define START_N		1000

/*
 * Over the MDM's debug port, the local core's counters get the PCCMDR
 * command `pre`, then n fadd run, then `post`: straight-line code and
 * direct branches, nothing that makes QEMU look its next block up. The
 * branch after `pre` ends the block that holds it: a start or stop takes
 * effect from the next block on (blocks are translated counting or not).
 */
static void __attribute__((noinline)) fp_window(volatile uint32_t *m, uint32_t pre,
						uint32_t post, uint32_t n)
{
#ifdef __microblaze__
	uint32_t key = AXIPERF_MB_UNLOCK_KEY, which = AXIPERF_MB_WHICH_MB_DBG_CTRL;
	uint32_t port = 1U << LOCAL_PORT, cmd = AXIPERF_MB_PCCMDR_DBG_CTRL;

	__asm__ volatile(
		"	addk	r11, r0, r0\n"
		"	swi	%[key], %[m], %[lock]\n"	/* the access lock */
		"	swi	%[which], %[m], %[ctrl]\n"	/* Which-MB: the local core */
		"	swi	%[port], %[m], %[data]\n"
		"	swi	%[cmd], %[m], %[ctrl]\n"	/* PCCMDR */
		"	swi	%[pre], %[m], %[data]\n"
		"	bri	1f\n"
		"1:	fadd	r11, r11, r11\n"		/* fp */
		"	addik	%[n], %[n], -1\n"
		"	bneid	%[n], 1b\n"
		"	nop\n"
		"	swi	%[post], %[m], %[data]\n"
		"	swi	r0, %[m], %[lock]\n"
		: [n] "+r"(n)
		: [m] "r"(m), [key] "r"(key), [which] "r"(which), [port] "r"(port),
		  [cmd] "r"(cmd), [pre] "r"(pre), [post] "r"(post),
		  [lock] "i"(AXIPERF_MB_DBG_LOCK), [ctrl] "i"(AXIPERF_MB_DBG_CTRL),
		  [data] "i"(AXIPERF_MB_DBG_DATA)
		: "r11", "memory");
#else
	(void)m; (void)pre; (void)post; (void)n;
#endif
}

static void test_start(void)
{
	static const char *const names[] = { "fp_instructions" };
	const uint32_t stop = AXIPERF_MB_PCCMDR_STOP, start = AXIPERF_MB_PCCMDR_START;
	uint64_t before, after, least = ~0ULL, most = 0;
	volatile uint32_t *m;
	struct group g;
	int memfd, bad;
	unsigned int r;

	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	m = memfd < 0 ? MAP_FAILED : mmap(NULL, MDM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
					  memfd, MDM_BASE);
	if (m == MAP_FAILED) {
		tap_result(0, "a start: the MDM at %#lx through /dev/mem (%s)", MDM_BASE,
			   strerror(errno));
		if (memfd >= 0)
			close(memfd);
		return;
	}
	if (group_open(&g, names, 1, -1))
		goto out;
	bad = group_on(&g, 1);
	/* the window's blocks translated with the CPU not counting, and chained */
	fp_window(m, stop, stop, START_N);
	fp_window(m, stop, stop, START_N);
	quiet();
	for (r = 0; r < RUNS && !bad; r++) {
		uint64_t d;

		fp_window(m, stop, stop, START_N);
		bad |= group_read(&g, &before);
		fp_window(m, start, start, START_N);
		bad |= group_read(&g, &after);
		d = after - before;
		least = d < least ? d : least;
		most = d > most ? d : most;
	}
	group_close(&g);
	tap_result(!bad && least == START_N && most == START_N,
		   "%s/fp_instructions/ on the CPU counts the %u fadd right after a start through "
		   "the MDM's debug port, in each of %u runs (least %" PRIu64 ", most %" PRIu64 ")%s",
		   local, START_N, RUNS, least, most, bad ? ": enable or read failed" : "");
out:
	munmap((void *)m, MDM_SIZE);
	close(memfd);
}

int main(int argc, char **argv)
{
	char path[128], s[32];
	int i;

	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else if (!strcmp(argv[i], "--icount"))
			icount = 1;
		else
			break;
	}
	if (argc < 2 || i < argc) {
		fprintf(stderr, "usage: %s LOCAL_PMU [-v] [--icount] (e.g. microblaze3; -v: every "
			"run's counts; --icount: QEMU runs with -icount)\n",
			argv[0]);
		return 2;
	}
	local = argv[1];
	snprintf(path, sizeof(path), PMU_DIR "%s/type", local);
	if (read_file(path, s, sizeof(s))) {
		printf("Bail out! no PMU %s: is axiperf_mb.ko loaded?\n", local);
		return 1;
	}
	local_type = atoi(s);
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_loop("mix", mix, mix_events, NMIX);
	if (icount) {
		/* dropped_events[0]: QEMU's count has the dropped instruction */
		tap_skip("%s/instructions/ on dropped(): under -icount the CPU's instructions are "
			 "QEMU's instruction count, which has the dropped imm", local);
		test_loop("dropped", dropped, dropped_events + 1, NDROPPED - 1);
	} else {
		test_loop("dropped", dropped, dropped_events, NDROPPED);
	}
	test_traps();
	test_interrupts();
	test_start();
	return tap_done();
}
