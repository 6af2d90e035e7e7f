// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The MicroBlaze V HPM events through perf (riscv_pmu_sbi's `cpu` PMU,
 * OpenSBI, the QEMU test bed's counting: tools/qemu/microblaze-v-cpu/), on the RV64
 * MicroBlaze V test bed (tools/guest/run-guest.sh --arch riscv).
 *
 *   hpm_test [--icount [--debug-kernel]]
 *				--icount: QEMU runs with -icount shift=0
 *				(cycles and instructions are exact either way);
 *				--debug-kernel: the lockdep kernel, whose
 *				system calls take exceptions of their own
 *   hpm_test --retired		instructions and cycles only, exact per
 *				iteration of mix() (QEMU without -icount)
 *   hpm_test --harts		on a bed with two harts (run-guest.sh --harts 2):
 *				every event on both harts at once (below)
 *   hpm_test --mix N		runs mix(N) only (perf stat's workload)
 *   hpm_test --expected NAME	prints NAME's count per iteration of mix():
 *				any event of the front end's table
 *				(<axiperf/cpu_figures.h>: a single one, a
 *				combined one, cycles or instructions)
 *
 * mix(n) runs n times a loop whose every instruction is written out below
 * (RVC only where it says so), so each event's count per iteration is
 * known. A read() each side of mix(n) also counts the read's own path in
 * the kernel and OpenSBI; that cancels in delta(N2) - delta(N1), and the
 * minimum over 9 runs drops runs that took a timer interrupt. Each event
 * of spec/microblaze_v.toml (include/axiperf/microblaze_v.h) must count
 * exactly (N2 - N1) times its per-iteration count; those QEMU cannot know
 * (caches, stalls, prediction, latencies) exactly 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/ucontext.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "axiperf/microblaze_v.h"
#include "axiperf/cpu_figures.h"
#include "tap.h"

#define N1 1000L
#define N2 4000L
#define RUNS 9

static int cpu_type;

static int open_event(uint32_t type, uint64_t config, struct perf_event_attr *over)
{
	struct perf_event_attr a = { .size = sizeof(a), .type = type, .config = config };

	if (over) {
		a.sample_period = over->sample_period;
		a.exclude_user = over->exclude_user;
		a.exclude_kernel = over->exclude_kernel;
	}
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

static uint64_t counter(int fd)
{
	uint64_t v = 0;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return ~0ull;
	return v;
}

/*
 * Per iteration: loads 2 (LD, C.LWSP), stores 1, atomics 1, system 1
 * (FRFLAGS), arithmetic 3 (AUIPC, C.NOP, ADDI), multiplies 1, divides 3,
 * of which by zero 2 (DIV by x0; DIVW by a register whose low word is 0),
 * bit manipulation 1 (SH1ADD), compressed 2, jumps 1 (JAL), indirect
 * jumps 1 (JALR), each FP kind 1, cache flushes 1 (FENCE.I), conditional
 * branches 2 taken (BNE, BNEZ) and 1 not (BEQ): 26 instructions.
 */
static void __attribute__((noinline)) mix(long n, uint64_t *buf)
{
	asm volatile(
	".option push\n"
	".option norvc\n"
	"	li t3, 3\n"
	"	li t5, 1\n"
	"	slli t6, t5, 32\n"
	"	fld ft0, 16(%[b])\n"
	"1:	ld t1, 0(%[b])\n"
	"	sd t1, 8(%[b])\n"
	"	amoadd.d t2, t5, (%[b])\n"
	"	frflags t2\n"
	"	mul t2, t1, t3\n"
	"	divu t2, t1, t3\n"
	"	div t2, t1, zero\n"
	"	divw t2, t1, t6\n"
	"	.insn r 0x33, 2, 0x10, t2, t1, t3\n"	/* sh1add t2, t1, t3 */
	"	fld ft1, 16(%[b])\n"
	"	fsd ft1, 24(%[b])\n"
	"	fadd.d ft2, ft0, ft1\n"
	"	fmul.d ft2, ft0, ft1\n"
	"	fdiv.d ft2, ft0, ft1\n"
	"	fmadd.d ft2, ft0, ft1, ft0\n"
	"	fsgnj.d ft2, ft0, ft1\n"
	"	fence.i\n"
	"	jal zero, 2f\n"
	"2:	auipc t4, 0\n"
	"	jalr zero, 8(t4)\n"
	"	beq t5, zero, 3f\n"
	"3:	bne t5, zero, 4f\n"
	"4:\n"
	".option rvc\n"
	"	c.lwsp t1, 0(sp)\n"
	"	c.nop\n"
	".option norvc\n"
	"	addi %[n], %[n], -1\n"
	"	bnez %[n], 1b\n"
	".option pop\n"
	: [n] "+r" (n)
	: [b] "r" (buf)
	: "t1", "t2", "t3", "t4", "t5", "t6", "ft0", "ft1", "ft2", "memory");
}

#define MIX_INSNS 26

/* n system calls, nothing else: one ECALL exception each */
static void syscalls(long n, uint64_t *buf)
{
	(void)buf;
	while (n--)
		syscall(SYS_getppid);
}

/*
 * 16-bit instructions that trap as illegal in user mode, n times each,
 * SIGILL stepping over each (on_sigill): C.JR x0 is counted before its
 * code in QEMU (a jump ends its block), the all-zero one is not. Neither
 * retires, so both count the same: the kernel's trap and signal path,
 * the same for both. (Not so for two 32-bit ones, an MRET and a reserved
 * opcode: the kernel's path differs between them by a few instructions of
 * every kind.)
 */
static volatile long sig_skip;

static void on_sigill(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	(void)si;
	uc->uc_mcontext.__gregs[REG_PC] += sig_skip;
}

static void ill_reserved16(long n, uint64_t *buf)
{
	(void)buf;
	sig_skip = 2;
	while (n--)
		asm volatile(".2byte 0x0000");		/* the defined illegal one */
}

static void ill_c_jr0(long n, uint64_t *buf)
{
	(void)buf;
	sig_skip = 2;
	while (n--)
		asm volatile(".2byte 0x8002");		/* C.JR x0: reserved */
}

/* min over RUNS of the count across fn(n); out of line, like mix(), so that the
 * code around fn(n) is the same for every n and every caller */
static uint64_t __attribute__((noinline)) delta(int fd, void (*fn)(long, uint64_t *), long n,
						  uint64_t *buf)
{
	uint64_t best = ~0ull;
	int r;

	for (r = 0; r < RUNS; r++) {
		uint64_t a = counter(fd), b;

		fn(n, buf);
		b = counter(fd);
		if (b - a < best)
			best = b - a;
	}
	return best;
}

/* what fn(N2) counts more than fn(N1): N2 - N1 iterations, the fixed costs cancelled */
static uint64_t spread(int fd, void (*fn)(long, uint64_t *), uint64_t *buf)
{
	uint64_t d1 = delta(fd, fn, N1, buf);

	return delta(fd, fn, N2, buf) - d1;
}

/* the count per iteration of mix() */
static long expected(const char *name)
{
	static const struct { const char *name; long n; } t[] = {
		{ "loads", 2 }, { "stores", 1 }, { "atomics", 1 },
		{ "system_instructions", 1 }, { "arithmetic_instructions", 3 },
		{ "multiplies", 1 }, { "integer_divides", 3 },
		{ "bit_manipulations", 1 }, { "compressed_instructions", 2 },
		{ "jumps", 1 }, { "indirect_jumps", 1 }, { "fp_loads", 1 },
		{ "fp_stores", 1 }, { "fp_add_subs", 1 }, { "fp_multiplies", 1 },
		{ "fp_divides", 1 }, { "fp_fused", 1 }, { "fp_other", 1 },
		{ "cache_flushes", 1 }, { "taken_conditional_branches", 2 },
		{ "not_taken_conditional_branches", 1 }, { "divides_by_zero", 2 },
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (!strcmp(t[i].name, name))
			return t[i].n;
	return 0;
}

/*
 * Per iteration of the front end's events: a combined event counts each
 * instruction that raises one of its events once, and in mix() no
 * instruction raises two of one combined event's, so it is their sum;
 * cycles and instructions (-icount shift=0) one per instruction.
 */
static long expected_any(const char *name)
{
	const struct axiperf_cpu_event *e = NULL;
	long n = 0;
	size_t i;

	for (i = 0; i < AXIPERF_MBV_NUM_PERF_EVENTS; i++)
		if (!strcmp(axiperf_mbv_perf_events[i].name, name))
			e = &axiperf_mbv_perf_events[i];
	if (!e)
		return 0;
	if (e->generic)
		return MIX_INSNS;
#define X(ev, cls, bit, code, lat, doc) \
	if (((code) & AXIPERF_MBV_CLASS) == (e->config & AXIPERF_MBV_CLASS) && \
	    ((code) & e->config & AXIPERF_MBV_EVENT)) \
		n += expected(#ev);
	AXIPERF_MBV_EVENTS(X)
#undef X
	return n;
}

/*
 * What the trapping instruction of `counted` adds to config's count: 0.
 * On the debug kernel its own trap path varies by a few events from run
 * to run: there the two must be within 150 of each other (a trapping
 * instruction counted would add 300).
 */
static int debug_kernel;

static void trap_pair(const char *what, uint64_t config, void (*plain)(long, uint64_t *),
		      void (*counted)(long, uint64_t *), uint64_t *buf)
{
	int fd = open_event(cpu_type, config, NULL);
	uint64_t p, c;

	if (fd < 0) {
		tap_result(0, "%s: perf_event_open (%s)", what, strerror(errno));
		return;
	}
	p = delta(fd, plain, 400, buf) - delta(fd, plain, 100, buf);
	c = delta(fd, counted, 400, buf) - delta(fd, counted, 100, buf);
	tap_result(p > 0 && (debug_kernel ? (c > p ? c - p : p - c) < 150 : c == p),
		   "%s: 300 more traps count %llu, as many as 300 more of the all-zero illegal "
		   "instruction (%llu%s): the trapping instruction adds none", what,
		   (unsigned long long)c, (unsigned long long)p,
		   debug_kernel ? ", within 150 on the debug kernel" : "");
	close(fd);
}

/* 16 first touches of fresh pages with FSD: each faults, then retires once */
static void fresh_page_stores(void)
{
	int fd = open_event(cpu_type, AXIPERF_MBV_EV_FP_STORES, NULL);
	uint64_t best = ~0ull;
	int r;

	if (fd < 0) {
		tap_result(0, "fp_stores over fresh pages: perf_event_open (%s)", strerror(errno));
		return;
	}
	for (r = 0; r < RUNS; r++) {
		char *p = mmap(NULL, 16 * 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		uint64_t a, b;
		int i;

		if (p == MAP_FAILED)
			break;
		a = counter(fd);
		for (i = 0; i < 16; i++)
			asm volatile("fsd %0, 0(%1)" : : "f"(1.0), "r"(p + i * 4096) : "memory");
		b = counter(fd);
		munmap(p, 16 * 4096);
		if (b - a < best)
			best = b - a;
	}
	tap_result(best == 16,
		   "fp_stores: 16 FSDs to 16 fresh pages count 16 (each page-faults first, "
		   "and counts once, when it retires; got %llu)", (unsigned long long)best);
	close(fd);
}

static void per_iteration(const char *what, uint32_t type, uint64_t config, long want,
			  void (*fn)(long, uint64_t *), uint64_t *buf)
{
	int fd = open_event(type, config, NULL);
	uint64_t d;

	if (fd < 0) {
		tap_result(0, "%s: perf_event_open (%s)", what, strerror(errno));
		return;
	}
	d = spread(fd, fn, buf);
	tap_result(d == (uint64_t)(want * (N2 - N1)),
		   "%s: %lu per iteration, %lu over %ld iterations (got %llu)", what,
		   want, want * (N2 - N1), N2 - N1, (unsigned long long)d);
	close(fd);
}

/* every event of spec/microblaze_v.toml */
static const struct { const char *name; uint32_t code; } ev[] = {
#define X(name, cls, bit, code, latency, doc) { #name, code },
	AXIPERF_MBV_EVENTS(X)
#undef X
};

#define NEV (sizeof(ev) / sizeof(ev[0]))

static void every_event(uint64_t *buf)
{
	size_t i;

	for (i = 0; i < NEV; i++) {
		char what[96];

		snprintf(what, sizeof(what), "%s (cpu/event=0x%x/) on mix()", ev[i].name, ev[i].code);
		per_iteration(what, cpu_type, ev[i].code, expected(ev[i].name), mix, buf);
	}
}

/*
 * --harts: every_event()'s checks on two harts at once, one process pinned
 * to each. Both run mix() from the same physical page, so QEMU looks its
 * translated blocks up for both; hart 1 walks the events in reverse, so
 * that while one hart counts an event the other mostly selects another.
 * A hart that ran blocks made for the other's selection would miss counts
 * of its own (QEMU keys the blocks by a selection id shared by the harts:
 * tools/qemu/microblaze-v-cpu/mbv-qemu.c). Each child writes its
 * d(N2) - d(N1) per event to shared memory; the parent checks them.
 */
struct hart_run {
	int cpu;		/* sched_getcpu() once pinned, -1 if it could not be */
	int started;
	struct timespec t0, t1;	/* the first open, the last read */
	uint64_t got[NEV];
};

static void hart_child(struct hart_run *runs, int h, uint64_t *buf)
{
	struct hart_run *r = &runs[h];
	cpu_set_t set;
	size_t k;

	CPU_ZERO(&set);
	CPU_SET(h, &set);
	r->cpu = sched_setaffinity(0, sizeof(set), &set) ? -1 : sched_getcpu();
	/* both pinned before either counts; one that cannot be still lets the other go */
	__atomic_add_fetch(&runs[0].started, 1, __ATOMIC_SEQ_CST);
	if (r->cpu < 0)
		_exit(1);
	while (__atomic_load_n(&runs[0].started, __ATOMIC_SEQ_CST) < 2)
		;
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	for (k = 0; k < NEV; k++) {
		size_t i = h ? NEV - 1 - k : k;
		int fd = open_event(cpu_type, ev[i].code, NULL);

		r->got[i] = ~0ull;
		if (fd < 0)
			continue;
		r->got[i] = spread(fd, mix, buf);
		close(fd);
	}
	clock_gettime(CLOCK_MONOTONIC, &r->t1);
	_exit(0);
}

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void two_harts(uint64_t *buf)
{
	struct hart_run *r = mmap(NULL, 2 * sizeof(*r), PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int h, status, ok = 1;
	size_t i;

	if (r == MAP_FAILED) {
		tap_result(0, "two harts: shared memory (%s)", strerror(errno));
		return;
	}
	memset(r, 0, 2 * sizeof(*r));
	for (h = 0; h < 2; h++) {
		pid_t pid = fork();

		if (pid < 0) {
			tap_result(0, "two harts: fork (%s)", strerror(errno));
			/* a child waiting for its twin: let it go, and reap it */
			__atomic_add_fetch(&r[0].started, 2, __ATOMIC_SEQ_CST);
			while (h--)
				wait(NULL);
			munmap(r, 2 * sizeof(*r));
			return;
		}
		if (!pid)
			hart_child(r, h, buf);
	}
	for (h = 0; h < 2; h++)
		ok &= wait(&status) > 0 && WIFEXITED(status) && !WEXITSTATUS(status);
	tap_result(ok && r[0].cpu == 0 && r[1].cpu == 1,
		   "two harts: one process pinned to each hart (on CPUs %d and %d)", r[0].cpu,
		   r[1].cpu);
	tap_result(ok && before(&r[0].t0, &r[1].t1) && before(&r[1].t0, &r[0].t1),
		   "two harts: the two counted at the same time (their runs overlap)");
	for (i = 0; i < NEV; i++) {
		uint64_t want = (uint64_t)expected(ev[i].name) * (N2 - N1);

		tap_result(ok && r[0].got[i] == want && r[1].got[i] == want,
			   "two harts: %s (cpu/event=0x%x/) on mix() exact on both at once: "
			   "%llu over %ld iterations (hart 0 got %lld, hart 1 %lld)", ev[i].name,
			   ev[i].code, (unsigned long long)want, N2 - N1, (long long)r[0].got[i],
			   (long long)r[1].got[i]);
	}
	munmap(r, 2 * sizeof(*r));
}

/*
 * Leader sampling, what perf record -e '{cpu-clock,loads}:S' asks for: a
 * software leader samples the group (PERF_SAMPLE_READ), the HPM event is
 * a counting member. The member still counts exactly (its group reads
 * across mix(), as per_iteration() does: a 2 ms period, so that most runs
 * take no sample), and every sample of a long run carries its count:
 * never going back, none past the final read.
 */
static void leader_sampling(uint64_t *buf)
{
	struct perf_event_attr l = {
		.size = sizeof(l), .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 2000000, .sample_type = PERF_SAMPLE_READ,
		.read_format = PERF_FORMAT_GROUP, .disabled = 1,
	};
	struct perf_event_attr m = {
		.size = sizeof(m), .type = cpu_type, .config = AXIPERF_MBV_EV_LOADS,
		.read_format = PERF_FORMAT_GROUP,
	};
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), len = 65 * pg;
	uint64_t v[3], best[2] = { ~0ull, ~0ull }, last = 0, prev = 0;
	unsigned int samples = 0, back = 0, r, k;
	struct perf_event_mmap_page *meta;
	int lfd, mfd;
	char *ring;

	lfd = (int)syscall(SYS_perf_event_open, &l, 0, -1, -1, 0);
	mfd = lfd < 0 ? -1 : (int)syscall(SYS_perf_event_open, &m, 0, -1, lfd, 0);
	ring = lfd < 0 ? MAP_FAILED : mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, lfd, 0);
	if (mfd < 0 || ring == MAP_FAILED) {
		tap_result(0, "leader sampling: cpu-clock sampling leader, loads member (%s)",
			   strerror(errno));
		return;
	}
	ioctl(lfd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	for (k = 0; k < 2; k++) {
		for (r = 0; r < RUNS; r++) {
			uint64_t a;

			if (read(lfd, v, sizeof(v)) != sizeof(v))
				break;
			a = v[2];
			mix(k ? N2 : N1, buf);
			if (read(lfd, v, sizeof(v)) != sizeof(v))
				break;
			if (v[2] - a < best[k])
				best[k] = v[2] - a;
		}
	}
	mix(2000000, buf);
	ioctl(lfd, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	if (read(lfd, v, sizeof(v)) == sizeof(v))
		last = v[2];
	tap_result(best[1] - best[0] == 2 * (uint64_t)(N2 - N1),
		   "leader sampling: the loads member counts exactly, %llu over %ld iterations (want %ld)",
		   (unsigned long long)(best[1] - best[0]), N2 - N1, 2 * (N2 - N1));
	meta = (void *)ring;
	{
		uint64_t head = meta->data_head, tail = meta->data_tail;
		char *data = ring + pg;
		size_t size = len - pg;

		__sync_synchronize();
		while (tail < head) {
			struct perf_event_header h;
			uint64_t rec[4];

			memcpy(&h, data + tail % size, sizeof(h));
			if (h.size < sizeof(h))
				break;
			if (h.type == PERF_RECORD_SAMPLE && h.size >= sizeof(h) + 3 * 8) {
				size_t i, off = (tail + sizeof(h)) % size;

				for (i = 0; i < 3; i++, off = (off + 8) % size)
					memcpy(&rec[i], data + off, 8);
				if (rec[0] == 2) {
					samples++;
					back += rec[2] < prev || rec[2] > last;
					prev = rec[2];
				}
			}
			tail += h.size;
		}
	}
	tap_result(samples >= 10 && !back,
		   "leader sampling: %u samples each with the loads count, %u going back or past the final %llu",
		   samples, back, (unsigned long long)last);
	munmap(ring, len);
	close(mfd);
	close(lfd);
}

/* loads opened with over's sampling and filter: refused with err */
static void refused(struct perf_event_attr *over, int err, const char *what)
{
	int fd = open_event(cpu_type, AXIPERF_MBV_EV_LOADS, over);

	tap_result(fd < 0 && errno == err, "%s (%s)", what, fd < 0 ? strerror(errno) : "opened");
	if (fd >= 0)
		close(fd);
}

/*
 * instructions (minstret) and cycles (mcycle) on mix(): the test bed's
 * CPU counts the instructions its translator sees retire, one a clock,
 * with or without QEMU's -icount (without it, QEMU's own count is the
 * host's clock: a loop's count then follows the host's speed)
 */
static void retired(uint64_t *buf, int icount)
{
	const char *how = icount ? "QEMU -icount" : "no -icount";
	char what[96];

	snprintf(what, sizeof(what), "instructions (minstret, %s)", how);
	per_iteration(what, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, MIX_INSNS, mix, buf);
	snprintf(what, sizeof(what), "cycles (mcycle, %s: one instruction a clock)", how);
	per_iteration(what, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, MIX_INSNS, mix, buf);
}

int main(int argc, char **argv)
{
	static uint64_t buf[4] __attribute__((aligned(64))) = { 5, 0, 0x3ff0000000000000ull, 0 };
	int icount = argc > 1 && !strcmp(argv[1], "--icount");
	debug_kernel = argc > 2 && !strcmp(argv[2], "--debug-kernel");
	char s[32];
	struct perf_event_attr over = { 0 };

	/* for tests/mbv/perf_names.sh: the workload, and its counts */
	if (argc == 3 && !strcmp(argv[1], "--mix")) {
		mix(atol(argv[2]), buf);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--expected")) {
		printf("%ld\n", expected_any(argv[2]));
		return 0;
	}

	if (read_file("/sys/bus/event_source/devices/cpu/type", s, sizeof(s)) < 0) {
		tap_result(0, "the cpu PMU (riscv_pmu_sbi) is registered");
		return tap_done();
	}
	cpu_type = atoi(s);

	if (argc == 2 && !strcmp(argv[1], "--harts")) {
		two_harts(buf);
		return tap_done();
	}
	if (argc == 2 && !strcmp(argv[1], "--retired")) {
		retired(buf, 0);
		return tap_done();
	}
	every_event(buf);

	/* UG1629: two selected events at once count one */
	per_iteration("loads|compressed_instructions in one counter (C.LWSP raises both: counted once)",
		      cpu_type, AXIPERF_MBV_EV_LOADS | AXIPERF_MBV_EV_COMPRESSED_INSTRUCTIONS, 3,
		      mix, buf);
	per_iteration("taken|not_taken in one counter: every conditional branch", cpu_type,
		      AXIPERF_MBV_EV_TAKEN_CONDITIONAL_BRANCHES |
		      AXIPERF_MBV_EV_NOT_TAKEN_CONDITIONAL_BRANCHES, 3, mix, buf);
	/* UG1629: an undefined class or event bit counts nothing */
	per_iteration("class 6 (undefined) counts nothing", cpu_type, (1u << 5) | (6u << 1), 0, mix, buf);
	per_iteration("class 0 with bit 25 set counts nothing", cpu_type,
		      AXIPERF_MBV_EV_LOADS | (1u << 25), 0, mix, buf);
	/* QEMU's own RISC-V PMU read mhpmevent 2 back as minstret */
	per_iteration("mhpmevent 0x2 (class 1, no event bit) counts nothing, not instructions",
		      cpu_type, 0x2, 0, mix, buf);

	/* an instruction that traps does not retire: its events are not counted */
	{
		struct sigaction sa = { .sa_sigaction = on_sigill, .sa_flags = SA_SIGINFO };

		sigaction(SIGILL, &sa, NULL);
		trap_pair("indirect_jumps, C.JR x0", AXIPERF_MBV_EV_INDIRECT_JUMPS,
			  ill_reserved16, ill_c_jr0, buf);
		signal(SIGILL, SIG_DFL);
	}
	fresh_page_stores();
	if (!debug_kernel) {
		per_iteration("exceptions: one ECALL per system call", cpu_type,
			      AXIPERF_MBV_EV_EXCEPTIONS, 1, syscalls, buf);
	} else {
		/* the lockdep kernel takes a few exceptions of its own in
		 * its system call path (3 in 1,000 here): at least one each */
		int fd = open_event(cpu_type, AXIPERF_MBV_EV_EXCEPTIONS, NULL);
		uint64_t d = fd < 0 ? 0 : spread(fd, syscalls, buf);

		tap_result(fd >= 0 && d >= (uint64_t)(N2 - N1),
			   "exceptions: at least one ECALL per system call on the debug kernel (%llu over %ld)",
			   (unsigned long long)d, N2 - N1);
		if (fd >= 0)
			close(fd);
	}

	/* the generic events, through the device tree's riscv,pmu rows */
	per_iteration("branch-instructions (PERF_COUNT_HW_BRANCH_INSTRUCTIONS): every conditional branch",
		      PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 3, mix, buf);
	per_iteration("branch-misses: branch_mispredicts, which QEMU cannot know", PERF_TYPE_HARDWARE,
		      PERF_COUNT_HW_BRANCH_MISSES, 0, mix, buf);
	retired(buf, icount);

	leader_sampling(buf);

	/* refusals, with perf's own errno: no Sscofpmf, no sampling, no filter */
	over.sample_period = 100000;
	refused(&over, EOPNOTSUPP, "sampling on loads is refused with EOPNOTSUPP");
	over.sample_period = 0;
	over.exclude_kernel = 1;
	refused(&over, EINVAL, "loads:u (exclude_kernel) is refused with EINVAL");
	return tap_done();
}
