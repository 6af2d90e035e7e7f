// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The local MicroBlaze's own PMU (the core Linux runs on) as a CPU PMU:
 * generic events, per-task counting and sampling through the overflow
 * interrupt, run on the QEMU ml605 guest with axiperf_mb.ko loaded.
 *
 *   record_test LOCAL REMOTE SHIFT [SCALE]	e.g. record_test microblaze3 microblaze0 4
 *   record_test --hot N	the perf tool's workload (tests/ml605/record.sh):
 *				spin(9 N) in the hot section, then a loop of
 *				N iterations outside it; prints the section
 *				as "hot START END" (hex)
 *
 * QEMU runs with -icount shift=SHIFT: every guest instruction takes
 * 2^SHIFT ns of virtual time, the local core's cycles follow virtual time
 * at 100 MHz, its instructions follow the executed instructions. So a loop
 * of a known number of instructions has an exact instruction count and a
 * cycle count known to one cycle per reading, and the expectations below
 * are formulas, not ranges fitted to a run:
 *
 *  1. exact counts: spin(n) runs 2n instructions. delta(n), a read() each
 *     side of spin(n), also holds the fixed cost of the reads; that cancels
 *     in delta(N2) - delta(N1), and the minimum over 9 runs drops runs that
 *     took a timer interrupt (N2 = 41000: 1.3 ms of a 4 ms tick, so 9 runs
 *     all ticked has a chance below 1e-4). Instructions: exactly 2 (N2 - N1); cycles:
 *     2 (N2 - N1) 2^SHIFT / 10, +-2 for the rounding of four readings.
 *  2. generic events: the PERF_TYPE_HARDWARE and PERF_TYPE_HW_CACHE events
 *     with a MicroBlaze event open per task; those without one (cache and
 *     branch misses, L1D read misses) fail with ENOENT.
 *  3, 4. sampling, HARDWARE cycles, LOCAL/cycles/ and
 *     LOCAL/taken_conditional_branches/ (an event QEMU's translator hands
 *     to the MDM as the branch runs: its overflow interrupt comes at the
 *     branch that brings the counter to its maximum): one sample per
 *     period, each of that period, from this task, in spin() (80% wanted,
 *     spin() is > 90% of the work), none lost.
 *  5. a sampling leader and a counting sibling on instructions across many
 *     overflows and re-arms (the re-arm preset 2^W - 1 - left spans two
 *     data items at 48 and 64 bits): reads racing the samples never go
 *     back, the two end equal, one sample per period.
 *  6. frequency mode: perf adjusts the period, never below the minimum.
 *  7. refusals, each with its errno: mode filters, precise_ip, sampling
 *     on a remote core or a latency item, periods below the minimum,
 *     per-task events on a remote core.
 *  8. the JTAG side takes the MDM lock while the local core samples: the
 *     task is not stalled (an alarm catches a hang), the kernel log says
 *     why, the driver makes no refused access, samples resume on release.
 *  9. throttling: with kernel.perf_event_max_sample_rate at 1000, perf
 *     throttles a cycles leader sampling every 10000 cycles (40 periods
 *     a 4 ms tick) and the tick unthrottles it: throttle and unthrottle
 *     records, samples after an unthrottle, at most half as many samples
 *     as periods, and the leader still counts exactly what its counting
 *     sibling does (a throttled counter loses no count).
 *
 * Samples missing: a period that ends while the task is scheduled out or
 * inside the final disable is folded into the count with no interrupt, at
 * most one per such event, so floor(count / period) - samples is 0..2.
 * The overflow interrupt's skid delays a sample but does not drop one:
 * what the period overran is carried into the next. Unless it overran a
 * whole period: then, as on every perf PMU, the period starts again and
 * the periods in between have no sample. On a lockdep kernel interrupts
 * stay masked for up to about 150000 instructions (a context switch, a
 * group read), so there SCALE (default 1) multiplies the sampling periods
 * of 3 to 5 and divides the spin of 9 (the suite passes 10).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "axiperf/microblaze.h"
#include "mdm_core.h"
#include "tap.h"

/* the shortest sample_period the driver takes (spec/microblaze.toml) */
#define MIN_PERIOD	AXIPERF_MB_MIN_SAMPLE_PERIOD
#define PMU_DIR		"/sys/bus/event_source/devices/"
#define WL_BASE		0x41410000UL
#define RING_PAGES	128
#define GUARD_S		60
#define LOCK_MSG	"JTAG debugger holds the MDM debug register access lock"

/* MicroBlaze events, as the local PMU's own config */
#define EV_INSTRUCTIONS	0
#define EV_CYCLES	30
#define HW_CACHE(id, op, res) \
	((id) | (PERF_COUNT_HW_CACHE_OP_##op << 8) | (PERF_COUNT_HW_CACHE_RESULT_##res << 16))

static const char *local_name, *remote_name;
static int local_type, remote_type, remote_cpu;
static unsigned int shift, width, scale = 1;
static const char *stage = "setup";

extern const char __start_axiperf_hot[], __stop_axiperf_hot[];

/* n >= 1 iterations of two instructions, alone in section axiperf_hot */
/* n iterations of two instructions (n >= 1), inlined where it is used */
static inline __attribute__((always_inline)) void loop2(uint32_t n)
{
#ifdef __microblaze__
	__asm__ volatile("1:	addik	%0, %0, -1\n"
			 "	bnei	%0, 1b\n" : "+r"(n));
#else
	do
		__asm__ volatile("" : "+r"(n));
	while (--n);
#endif
}

static void __attribute__((noinline, section("axiperf_hot"))) spin(uint32_t n)
{
	loop2(n);
}

/* about `cycles` cycles of spin(): 2 instructions of 2^shift / 10 cycles each */
static void spin_cycles(uint64_t cycles)
{
	uint64_t n = cycles * 10 / (2ULL << shift);

	spin(n ? n : 1);
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("not ok %u - %s did not finish within %d s (hang)\n", tap_count + 1, stage,
	       GUARD_S);
	printf("Bail out! hung\n");
	fflush(stdout);
	_exit(1);
}

static void guard(const char *what)
{
	stage = what;
	alarm(GUARD_S);
}

/* ---------------------------------------------------------------- perf */

static void attr_init(struct perf_event_attr *a, uint32_t type, uint64_t config)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = type;
	a->config = config;
	a->disabled = 1;
}

static int perf_open(struct perf_event_attr *a, pid_t pid, int cpu, int group_fd)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, group_fd, 0);
}

/* errno of a refused open, 0 if it was accepted */
static int open_errno(struct perf_event_attr *a, pid_t pid, int cpu)
{
	int fd = perf_open(a, pid, cpu, -1);

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	return errno;
}

static const char *errname(int e)
{
	switch (e) {
	case 0:		return "accepted";
	case EINVAL:	return "EINVAL";
	case ENOENT:	return "ENOENT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EBUSY:	return "EBUSY";
	case EACCES:	return "EACCES";
	default:	return strerror(e);
	}
}

static uint64_t rd(int fd)
{
	uint64_t v = ~0ULL;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		v = ~0ULL;
	return v;
}

/* the type of PMU `name`, -1 if it has none */
static int pmu_type(const char *name)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path), PMU_DIR "%s/type", name);
	return read_file(path, buf, sizeof(buf)) ? -1 : atoi(buf);
}

/* ---------------------------------------------------------------- ring buffer */

struct ring {
	struct perf_event_mmap_page *pg;
	size_t len;
	unsigned char *data;
	uint64_t size, tail;
};

struct ring_stats {
	unsigned int samples, bad_period, foreign, in_hot, throttles, unthrottles, resumed;
	uint64_t lost, min_period, max_period;
};

static int ring_map(struct ring *r, int fd)
{
	size_t page = sysconf(_SC_PAGESIZE);

	memset(r, 0, sizeof(*r));
	r->len = (1 + RING_PAGES) * page;
	r->pg = mmap(NULL, r->len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->pg == MAP_FAILED) {
		printf("#   mmap of the ring buffer: %s\n", strerror(errno));
		r->pg = NULL;
		return -1;
	}
	r->data = (unsigned char *)r->pg + (r->pg->data_offset ? r->pg->data_offset : page);
	r->size = r->pg->data_size ? r->pg->data_size : RING_PAGES * page;
	return 0;
}

static void ring_unmap(struct ring *r)
{
	if (r->pg)
		munmap(r->pg, r->len);
	r->pg = NULL;
}

static void ring_copy(struct ring *r, uint64_t pos, void *dst, size_t n)
{
	size_t off = pos % r->size, first = n < r->size - off ? n : r->size - off;

	memcpy(dst, r->data + off, first);
	memcpy((unsigned char *)dst + first, r->data, n - first);
}

/*
 * Consume the records written since the last walk into st: samples of
 * sample_type (IP, TID, PERIOD only) of period `period` (0: any). A ring
 * that filled up counts as lost: perf dropped what did not fit.
 */
static void ring_walk(struct ring *r, uint64_t sample_type, uint64_t period,
		      struct ring_stats *st)
{
	uint64_t head = *(volatile __u64 *)&r->pg->data_head;
	const uint32_t self = getpid();

	__sync_synchronize();	/* the records before data_head, read after it */
	/* nearly full: perf drops records it has no room for (counted as lost) */
	if (head - r->tail > r->size - 256) {
		printf("#   the ring buffer filled up (%" PRIu64 " bytes)\n", r->size);
		st->lost++;
	}
	while (r->tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;
		uint64_t rec[8], *p = rec, ip = 0, per = 0;
		uint32_t pid = self;

		ring_copy(r, r->tail, &h, sizeof(h));
		if (h.size < sizeof(h))
			break;
		if (h.type == PERF_RECORD_SAMPLE && h.size - sizeof(h) <= sizeof(rec)) {
			ring_copy(r, r->tail + sizeof(h), rec, h.size - sizeof(h));
			if (sample_type & PERF_SAMPLE_IP)
				ip = *p++;
			if (sample_type & PERF_SAMPLE_TID) {
				uint32_t t[2];	/* pid, tid */

				memcpy(t, p++, sizeof(t));
				pid = t[0];
			}
			if (sample_type & PERF_SAMPLE_PERIOD)
				per = *p++;
			st->samples++;
			st->resumed += st->unthrottles > 0;
			st->bad_period += period && per != period;
			st->foreign += pid != self;
			st->in_hot += ip >= (uintptr_t)__start_axiperf_hot &&
				      ip < (uintptr_t)__stop_axiperf_hot;
			if (st->samples == 1 || per < st->min_period)
				st->min_period = per;
			if (per > st->max_period)
				st->max_period = per;
		} else if (h.type == PERF_RECORD_LOST) {
			ring_copy(r, r->tail + sizeof(h), rec, 16);
			st->lost += rec[1] ? rec[1] : 1;
		} else if (h.type == PERF_RECORD_THROTTLE) {
			st->throttles++;
		} else if (h.type == PERF_RECORD_UNTHROTTLE) {
			st->unthrottles++;
		}
		r->tail += h.size;
	}
	__sync_synchronize();	/* the records read before the space is given back */
	*(volatile __u64 *)&r->pg->data_tail = r->tail;
}

/* floor(count / period) - samples within 0..2 (see the top comment) */
static int missing_ok(uint64_t count, uint64_t period, unsigned int samples)
{
	int64_t missing = (int64_t)(count / period) - samples;

	return missing >= 0 && missing <= 2;
}

static void diag(const struct ring_stats *st)
{
	printf("#   %u samples, periods %" PRIu64 "..%" PRIu64 ", %u of another period, %u of "
	       "another task, %u in spin(), %" PRIu64 " lost, %u throttles\n", st->samples,
	       st->min_period, st->max_period, st->bad_period, st->foreign, st->in_hot,
	       st->lost, st->throttles);
}

/* A sampling event on this task with its ring buffer; -1 (and a diagnostic) if not. */
static int sample_open(struct perf_event_attr *a, int group_fd, struct ring *r)
{
	int fd = perf_open(a, 0, -1, group_fd);

	if (fd < 0) {
		printf("#   perf_event_open(type %u, config %#" PRIx64 ", period %" PRIu64 "): %s\n",
		       a->type, (uint64_t)a->config, (uint64_t)a->sample_period, strerror(errno));
		return -1;
	}
	if (ring_map(r, fd)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* ---------------------------------------------------------------- 1. exact counts */

/* out of line: the code around spin() is the same for every n (no imm prefix for large constants) */
static uint64_t __attribute__((noinline)) delta(int fd, uint32_t n)
{
	uint64_t before = rd(fd);

	spin(n);
	return rd(fd) - before;
}

static void test_exact(void)
{
	const uint32_t n1 = 1000, n2 = 41000;
	const uint64_t insns = 2ULL * (n2 - n1);
	/* cycles of `insns` instructions: insns 2^shift / 10, rounded */
	const int64_t cycles = ((insns << shift) + 5) / 10;
	static const struct {
		uint64_t config;
		const char *name;
	} ev[] = {
		{ PERF_COUNT_HW_INSTRUCTIONS, "instructions" },
		{ PERF_COUNT_HW_CPU_CYCLES, "cycles" },
	};
	struct perf_event_attr a;
	unsigned int i, r;

	guard("exact counts");
	for (i = 0; i < 2; i++) {
		uint64_t min1 = ~0ULL, min2 = ~0ULL, d;
		int64_t got;
		int fd;

		attr_init(&a, PERF_TYPE_HARDWARE, ev[i].config);
		fd = perf_open(&a, 0, -1, -1);
		if (fd < 0 || ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
			tap_result(0, "HARDWARE %s per task: cannot open and enable (%s)",
				   ev[i].name, strerror(errno));
			if (fd >= 0)
				close(fd);
			continue;
		}
		spin(n1);	/* fault the page of spin() in */
		for (r = 0; r < 9; r++) {
			d = delta(fd, n1);
			min1 = d < min1 ? d : min1;
			d = delta(fd, n2);
			min2 = d < min2 ? d : min2;
		}
		close(fd);
		got = (int64_t)(min2 - min1);
		if (!i)
			tap_result(got == (int64_t)insns, "HARDWARE instructions per task: spin(%u) - "
				   "spin(%u) counts exactly 2 x %u instructions (got %" PRId64
				   ", want %" PRIu64 ")", n2, n1, n2 - n1, got, insns);
		else
			tap_result(got >= cycles - 2 && got <= cycles + 2, "HARDWARE cycles per task: "
				   "spin(%u) - spin(%u) counts %" PRIu64 " instructions x 2^%u / 10 "
				   "cycles +-2 (got %" PRId64 ", want %" PRId64 ")", n2, n1, insns, shift,
				   got, cycles);
	}
}

/* ---------------------------------------------------------------- 2. generic events */

static void test_generic(void)
{
	static const struct {
		uint32_t type;
		uint64_t config;
		const char *name;
		int err;	/* the errno wanted */
	} ev[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "HARDWARE cpu-cycles (event 30)", 0 },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "HARDWARE instructions (event 0)", 0 },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
		  "HARDWARE branch-instructions (event 45)", 0 },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES,
		  "HARDWARE cache-references (event 46)", 0 },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_L1D, READ, ACCESS),
		  "HW_CACHE L1-dcache-loads (event 12)", 0 },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_L1D, WRITE, ACCESS),
		  "HW_CACHE L1-dcache-stores (event 14)", 0 },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_L1I, READ, ACCESS),
		  "HW_CACHE L1-icache-loads (event 10)", 0 },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_DTLB, READ, ACCESS),
		  "HW_CACHE dTLB-loads (event 43)", 0 },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_ITLB, READ, ACCESS),
		  "HW_CACHE iTLB-loads (event 53)", 0 },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, "HARDWARE cache-misses", ENOENT },
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, "HARDWARE branch-misses", ENOENT },
		{ PERF_TYPE_HW_CACHE, HW_CACHE(PERF_COUNT_HW_CACHE_L1D, READ, MISS),
		  "HW_CACHE L1-dcache-load-misses", ENOENT },
	};
	struct perf_event_attr a;
	unsigned int i;

	guard("generic events");
	for (i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
		int err;

		attr_init(&a, ev[i].type, ev[i].config);
		err = open_errno(&a, 0, -1);
		tap_result(err == ev[i].err, "%s per task: %s (got %s)", ev[i].name,
			   ev[i].err ? "no MicroBlaze event, ENOENT" : "opens", errname(err));
	}
}

/* ---------------------------------------------------------------- 3, 4. sampling */

static void test_sampling(const char *name, uint32_t type, uint64_t config)
{
	const uint64_t period = 100000ULL * scale;
	struct ring_stats st = { 0 };
	struct perf_event_attr a;
	struct ring r;
	uint64_t count;
	int fd;

	guard(name);
	attr_init(&a, type, config);
	a.sample_period = period;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD;
	a.wakeup_events = 1U << 30;
	fd = sample_open(&a, -1, &r);
	if (fd < 0) {
		tap_result(0, "%s: sampling event with period %" PRIu64 " opens", name, period);
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin_cycles(40000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	count = rd(fd);
	ring_walk(&r, a.sample_type, period, &st);
	ring_unmap(&r);
	close(fd);
	diag(&st);
	tap_result(missing_ok(count, period, st.samples) && !st.bad_period && !st.foreign &&
		   !st.lost, "%s: one sample of period %" PRIu64 " per period, all of this task, "
		   "none lost (%u samples for %" PRIu64 " events, want %" PRIu64 " minus 0..2)",
		   name, period, st.samples, count, count / period);
	tap_result(st.samples && st.in_hot * 10ULL >= st.samples * 8ULL, "%s: >= 80%% of the "
		   "sample IPs in spin() (it is > 90%% of the work): %u of %u", name, st.in_hot,
		   st.samples);
}

/* ---------------------------------------------------------------- 5. group */

#define GROUP_SAMPLE	(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD)

/*
 * A sampling leader (GROUP_SAMPLE, group reads) on this task with its ring
 * buffer, and a counting sibling of the same event: the leader's fd and
 * *sib, or -1 (and a diagnostic) if either does not open.
 */
static int group_open(uint32_t type, uint64_t config, uint64_t period, struct ring *r,
		      int *sib)
{
	struct perf_event_attr a;
	int lead;

	attr_init(&a, type, config);
	a.sample_period = period;
	a.sample_type = GROUP_SAMPLE;
	a.read_format = PERF_FORMAT_GROUP;
	a.wakeup_events = 1U << 30;
	lead = sample_open(&a, -1, r);
	if (lead < 0)
		return -1;
	attr_init(&a, type, config);
	a.disabled = 0;		/* runs when the leader does */
	*sib = perf_open(&a, 0, -1, lead);
	if (*sib < 0) {
		printf("#   the counting sibling: %s\n", strerror(errno));
		ring_unmap(r);
		close(lead);
		return -1;
	}
	return lead;
}

static void test_group(void)
{
	const uint64_t period = 50000ULL * scale;
	struct ring_stats st = { 0 };
	uint64_t v[3], prev[2] = { 0, 0 };
	unsigned int i, back = 0, bad_reads = 0;
	struct ring r;
	int lead, sib;

	guard("group of a sampling and a counting instructions event");
	lead = group_open(local_type, EV_INSTRUCTIONS, period, &r, &sib);
	if (lead < 0) {
		tap_result(0, "group: a sampling instructions leader and a counting sibling open");
		return;
	}
	ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	for (i = 0; i < 30; i++) {
		spin(50000);	/* 100000 instructions */
		if (read(lead, v, sizeof(v)) != sizeof(v) || v[0] != 2) {
			bad_reads++;
			continue;
		}
		back += v[1] < prev[0] || v[2] < prev[1];
		prev[0] = v[1];
		prev[1] = v[2];
	}
	ioctl(lead, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
	if (read(lead, v, sizeof(v)) != sizeof(v) || v[0] != 2) {
		bad_reads++;
		v[1] = v[2] = 0;
	}
	ring_walk(&r, GROUP_SAMPLE, period, &st);
	ring_unmap(&r);
	close(sib);
	close(lead);
	diag(&st);
	tap_result(!bad_reads && !back, "group (%u-bit counters): 30 group reads racing the "
		   "samples, both values never decrease (%u went back, %u bad reads)", width, back,
		   bad_reads);
	tap_result(v[1] && v[1] == v[2], "group (%u-bit counters): across the overflows and "
		   "re-arms the sampling leader and the counting sibling end exactly equal "
		   "(leader %" PRIu64 ", sibling %" PRIu64 ")", width, v[1], v[2]);
	tap_result(missing_ok(v[1], period, st.samples) && !st.bad_period && !st.lost,
		   "group (%u-bit counters): one sample of period %" PRIu64 " per period, none lost "
		   "(%u samples for %" PRIu64 " instructions, want %" PRIu64 " minus 0..2)",
		   width, period, st.samples, v[1], v[1] / period);
}

/* ---------------------------------------------------------------- 6. frequency */

static void test_freq(void)
{
	struct ring_stats st = { 0 };
	struct perf_event_attr a;
	struct ring r;
	int fd;

	guard("frequency mode");
	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	a.freq = 1;
	a.sample_freq = 1000;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_PERIOD;
	a.wakeup_events = 1U << 30;
	fd = sample_open(&a, -1, &r);
	if (fd < 0) {
		tap_result(0, "frequency mode: HARDWARE cycles at 1000 Hz opens");
		return;
	}
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin_cycles(30000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_walk(&r, a.sample_type, 0, &st);
	ring_unmap(&r);
	close(fd);
	diag(&st);
	tap_result(st.samples && st.min_period != st.max_period && st.min_period >= MIN_PERIOD &&
		   !st.lost, "frequency mode, cycles at 1000 Hz: samples (%u), periods adjusted "
		   "(%" PRIu64 "..%" PRIu64 "), none below %u, none lost (%" PRIu64 ")",
		   st.samples, st.min_period, st.max_period, MIN_PERIOD, st.lost);
}

/* ---------------------------------------------------------------- 9. throttling */

#define MAX_RATE	"/proc/sys/kernel/perf_event_max_sample_rate"

static void test_throttle(void)
{
	const uint64_t period = MIN_PERIOD, rate = 1000;
	struct ring_stats st = { 0 };
	uint64_t v[3] = { 0, 0, 0 };
	char old[32], want[32];
	struct ring r;
	int lead, sib;

	guard("throttling");
	snprintf(want, sizeof(want), "%" PRIu64, rate);
	if (read_file(MAX_RATE, old, sizeof(old)) || write_file(MAX_RATE, want)) {
		tap_result(0, "throttle: " MAX_RATE " reads and takes %s (%s)", want,
			   strerror(errno));
		return;
	}
	lead = group_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, period, &r, &sib);
	if (lead >= 0) {
		struct timespec t0, t1;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		ioctl(lead, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
		spin_cycles(20000000 / scale);
		ioctl(lead, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		printf("#   %uM cycles of spin() took %ld ms\n", 20 / scale,
		       (long)((t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000));
		if (read(lead, v, sizeof(v)) != sizeof(v) || v[0] != 2)
			v[1] = v[2] = 0;
		ring_walk(&r, GROUP_SAMPLE, period, &st);
		close(sib);
		ring_unmap(&r);
		close(lead);
	}
	write_file(MAX_RATE, old);
	if (lead < 0) {
		tap_result(0, "throttle: a sampling cycles leader with a counting sibling opens");
		return;
	}
	diag(&st);
	/*
	 * perf allows 1000/HZ + 1 samples a tick, and a context switch starts
	 * a throttled event again too: far fewer samples than periods.
	 */
	tap_result(st.throttles && st.unthrottles + 1 >= st.throttles && st.resumed &&
		   st.samples <= v[1] / period / 2 && !st.bad_period && !st.foreign && !st.lost,
		   "throttle: at %" PRIu64 " samples/s perf throttles a period of %" PRIu64
		   " cycles (%u throttles, %u unthrottles), sampling resumes (%u samples after "
		   "one), %u samples for %" PRIu64 " periods (at most half), none lost", rate,
		   period, st.throttles, st.unthrottles, st.resumed, st.samples, v[1] / period);
	tap_result(v[1] && v[1] == v[2], "throttle: the throttled leader counts exactly what its "
		   "counting sibling does (leader %" PRIu64 ", sibling %" PRIu64 ")", v[1], v[2]);
}

/* ---------------------------------------------------------------- 7. refusals */

static void refusal(const char *what, struct perf_event_attr *a, pid_t pid, int cpu, int want)
{
	int err = open_errno(a, pid, cpu);

	tap_result(err == want, "%s: want %s, got %s", what, errname(want), errname(err));
}

static void test_refusals(void)
{
	struct perf_event_attr a;
	char what[96];

	guard("refusals");
	attr_init(&a, remote_type, EV_CYCLES);
	a.sample_period = 100000;
	snprintf(what, sizeof(what), "sampling on the remote %s (CPU %d)", remote_name,
		 remote_cpu);
	refusal(what, &a, -1, remote_cpu, EOPNOTSUPP);
	a.sample_period = 0;
	snprintf(what, sizeof(what), "per-task counting on the remote %s", remote_name);
	refusal(what, &a, 0, -1, EINVAL);

	attr_init(&a, local_type, EV_CYCLES);
	a.sample_period = 100;
	refusal("sample_period 100", &a, 0, -1, EINVAL);
	a.sample_period = MIN_PERIOD - 1;
	snprintf(what, sizeof(what), "sample_period %u, one below the minimum", MIN_PERIOD - 1);
	refusal(what, &a, 0, -1, EINVAL);
	a.sample_period = MIN_PERIOD;
	snprintf(what, sizeof(what), "sample_period %u, the minimum", MIN_PERIOD);
	refusal(what, &a, 0, -1, 0);
	a.sample_period = 100000;
	a.precise_ip = 1;
	refusal("precise_ip 1 (no precise IP)", &a, 0, -1, EOPNOTSUPP);
	a.precise_ip = 0;
	a.config = AXIPERF_MB_CONFIG(58, 1);
	refusal("sampling a latency item (dcache_read_latency_sum)", &a, 0, -1, EOPNOTSUPP);

	/* counters count user and kernel alike; there is no hypervisor to exclude */
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_user = 1;
	refusal("exclude_user (no mode filter)", &a, 0, -1, EOPNOTSUPP);
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_kernel = 1;
	refusal("exclude_kernel (no mode filter)", &a, 0, -1, EOPNOTSUPP);
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_idle = 1;
	refusal("exclude_idle (no idle filter)", &a, 0, -1, EOPNOTSUPP);
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_hv = 1;
	refusal("exclude_hv alone (no hypervisor)", &a, 0, -1, 0);
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_guest = 1;
	refusal("exclude_guest alone (perf record's default)", &a, 0, -1, 0);
	attr_init(&a, local_type, EV_CYCLES);
	a.exclude_host = 1;
	refusal("exclude_host alone", &a, 0, -1, 0);
}

/* ---------------------------------------------------------------- 8. JTAG lock */

static int klog_has(const char *s)
{
	static char buf[1 << 17];
	int n = klogctl(3, buf, sizeof(buf) - 1);	/* SYSLOG_ACTION_READ_ALL */

	if (n < 0)
		return 0;
	buf[n] = 0;
	return strstr(buf, s) != NULL;
}

static void test_lock(void)
{
	const uint64_t period = 100000;
	struct ring_stats st = { 0 };
	unsigned int before, locked;
	struct perf_event_attr a;
	volatile uint32_t *wl;
	uint32_t refused0, refused1;
	int memfd, fd, logged0;
	struct ring r;

	guard("sampling while the JTAG side holds the lock");
	memfd = open("/dev/mem", O_RDWR | O_SYNC);
	wl = memfd < 0 ? MAP_FAILED : mmap(NULL, MDM_WL_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
					   memfd, WL_BASE);
	if (wl == MAP_FAILED || wl[MDM_WL_ID / 4] != MDM_WL_MAGIC) {
		tap_skip("JTAG lock: no MDM workload window at %#lx (%s)", WL_BASE,
			 wl == MAP_FAILED ? strerror(errno) : "no magic");
		if (wl != MAP_FAILED)
			munmap((void *)wl, MDM_WL_SIZE);
		if (memfd >= 0)
			close(memfd);
		return;
	}
	attr_init(&a, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	a.sample_period = period;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD;
	a.wakeup_events = 1U << 30;
	fd = sample_open(&a, -1, &r);
	if (fd < 0) {
		tap_result(0, "JTAG lock: a sampling cycles event opens");
		goto out;
	}
	logged0 = klog_has(LOCK_MSG);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	spin_cycles(2000000);
	ring_walk(&r, a.sample_type, 0, &st);
	before = st.samples;
	/* only JTAG_LOCK: RUN stays 0, the cores' synthetic workload does not advance */
	refused0 = wl[MDM_WL_REFUSED / 4];
	wl[MDM_WL_CTRL / 4] = MDM_WL_CTRL_JTAG_LOCK;
	spin_cycles(10000000);
	refused1 = wl[MDM_WL_REFUSED / 4];
	tap_result(1, "JTAG lock: a task sampling cycles runs 10M cycles on while the JTAG side "
		   "holds the lock (it returned)");
	tap_result(klog_has(LOCK_MSG), "JTAG lock: the kernel log says \"" LOCK_MSG "\"%s",
		   logged0 ? " (it did already before this test)" : "");
	tap_result(refused1 == refused0, "JTAG lock: the driver made no debug register access "
		   "while the lock was held (REFUSED %u -> %u)", refused0, refused1);
	wl[MDM_WL_CTRL / 4] = 0;
	ring_walk(&r, a.sample_type, 0, &st);
	locked = st.samples - before;
	spin_cycles(10000000);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	ring_walk(&r, a.sample_type, 0, &st);
	ring_unmap(&r);
	close(fd);
	diag(&st);
	tap_result(before && st.samples - before - locked > before && !st.lost, "JTAG lock: "
		   "sampling works before the lock (%u samples in 2M cycles) and resumes on release "
		   "(%u in the 10M cycles after it, want more; %u while locked), none lost",
		   before, st.samples - before - locked, locked);
out:
	wl[MDM_WL_CTRL / 4] = 0;
	munmap((void *)wl, MDM_WL_SIZE);
	close(memfd);
}

/* ---------------------------------------------------------------- main */

/* Outside the hot section: the same two instructions per iteration as spin(). */
static void __attribute__((noinline)) cold(uint32_t n)
{
	loop2(n);
}

/* About 90 % of the time in spin(), the rest in cold(). */
static int hot_main(uint32_t n)
{
	spin(9 * n);
	cold(n);
	printf("hot %lx %lx\n", (unsigned long)__start_axiperf_hot,
	       (unsigned long)__stop_axiperf_hot);
	return 0;
}

int main(int argc, char **argv)
{
	char path[128], buf[128];
	unsigned int e, l;

	if (argc == 3 && !strcmp(argv[1], "--hot"))
		return hot_main(strtoul(argv[2], NULL, 10));
	setvbuf(stdout, NULL, _IOLBF, 0);
	signal(SIGALRM, on_alarm);
	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: %s LOCAL REMOTE SHIFT [SCALE] (e.g. microblaze3 microblaze0 "
			"4)\n", argv[0]);
		return 2;
	}
	local_name = argv[1];
	remote_name = argv[2];
	shift = strtoul(argv[3], NULL, 10);
	if (argc == 5)
		scale = strtoul(argv[4], NULL, 10);
	local_type = pmu_type(local_name);
	remote_type = pmu_type(remote_name);
	snprintf(path, sizeof(path), PMU_DIR "%s/identifier", local_name);
	if (read_file(path, buf, sizeof(buf)) ||
	    sscanf(buf, "microblaze-mdm-w%u-e%u-l%u", &width, &e, &l) != 3)
		width = 0;
	snprintf(path, sizeof(path), PMU_DIR "%s/cpumask", remote_name);
	remote_cpu = read_file(path, buf, sizeof(buf)) ? 0 : atoi(buf);
	if (local_type < 0 || remote_type < 0 || !width || shift > 10 || !scale || scale > 1000) {
		printf("Bail out! PMUs %s (type %d, %u bits) and %s (type %d), shift %u, "
		       "period scale %u (1..1000)\n", local_name, local_type, width, remote_name,
		       remote_type, shift, scale);
		return 1;
	}
	printf("# %s: type %d, %u-bit counters; %s: type %d on CPU %d; icount shift %u; "
	       "periods x%u; spin() at [%p, %p)\n", local_name, local_type, width, remote_name,
	       remote_type, remote_cpu, shift, scale, (void *)__start_axiperf_hot,
	       (void *)__stop_axiperf_hot);

	test_exact();
	test_generic();
	test_sampling("HARDWARE cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
	snprintf(buf, sizeof(buf), "%s/cycles/", local_name);
	test_sampling(buf, local_type, EV_CYCLES);
	/* an event QEMU's translator hands in (tools/qemu/microblaze-cpu/): spin()'s bnei */
	snprintf(buf, sizeof(buf), "%s/taken_conditional_branches/", local_name);
	test_sampling(buf, local_type, AXIPERF_MB_EV_TAKEN_CONDITIONAL_BRANCHES);
	test_group();
	test_freq();
	test_throttle();
	test_refusals();
	test_lock();
	alarm(0);
	return tap_done();
}
