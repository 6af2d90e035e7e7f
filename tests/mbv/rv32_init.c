// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The RV32 MicroBlaze V test bed's whole user space: /init, built with the
 * kernel tree's nolibc (tools/include/nolibc) and Debian's
 * riscv64-linux-gnu-gcc for RV32, as no RV32 C library is packaged
 * (tests/mbv/check.mk). QEMU runs with the CPU property
 * x-axiperf-hpm-shift=HPM_SHIFT: each MicroBlaze V event adds 2^HPM_SHIFT
 * to a counter, so an RV32 counter's low half wraps every 2^(32 -
 * HPM_SHIFT) events and riscv_pmu_sbi's 64-bit reads are put to the test
 * thousands of times (patches/<kernel>/riscv-pmu-fixes/: 6.1 joined the halves as
 * hi << 31 | lo, and no kernel reads them again when the low half wraps
 * between the two reads).
 *
 *  1. loads, arithmetic_instructions and taken_conditional_branches of a
 *     loop of known instructions: exactly (N2 - N1) 2^HPM_SHIFT times
 *     their count per iteration, the least of 5 runs at N2 iterations
 *     minus that at N1 (the reads' own path cancels, a timer interrupt
 *     only adds); each measurement passes 2^32 many times.
 *  2. axiperf.ko on RV32: it loads, registers axiperf0 and axiperf1, and
 *     rd_bursts counts each generator pattern's bursts exactly, through
 *     perf_event_open (axiperf1's counters are 64 bits wide).
 * TAP output between the markers tools/guest/run-guest.sh reads, then a
 * reboot (QEMU -no-reboot ends).
 */
#include <linux/perf_event.h>
#include <linux/reboot.h>

#include "axiperf/microblaze_v.h"
#include "axiperf-tg-regs.h"

#define HPM_SHIFT 24
#define N1 1000L
#define N2 4000L
#define RUNS 5

static unsigned int tests, failures;

static void put(const char *s)
{
	write(1, s, strlen(s));
}

/* decimal without division (RV32 without libgcc has no 64-bit divide) */
static void put_u64(unsigned long long v)
{
	static const unsigned long long p10[] = {
		10000000000000000000ull, 1000000000000000000ull, 100000000000000000ull,
		10000000000000000ull, 1000000000000000ull, 100000000000000ull,
		10000000000000ull, 1000000000000ull, 100000000000ull, 10000000000ull,
		1000000000ull, 100000000ull, 10000000ull, 1000000ull, 100000ull, 10000ull,
		1000ull, 100ull, 10ull, 1ull,
	};
	char buf[24];
	int n = 0, started = 0;
	unsigned int i;

	for (i = 0; i < sizeof(p10) / sizeof(p10[0]); i++) {
		char d = '0';

		while (v >= p10[i]) {
			v -= p10[i];
			d++;
		}
		if (d != '0' || started || i == sizeof(p10) / sizeof(p10[0]) - 1) {
			buf[n++] = d;
			started = 1;
		}
	}
	buf[n] = 0;
	put(buf);
}

static void result(int ok, const char *what, unsigned long long got, unsigned long long want)
{
	tests++;
	failures += !ok;
	put(ok ? "ok " : "not ok ");
	put_u64(tests);
	put(" - ");
	put(what);
	put(": ");
	put_u64(got);
	put(", want ");
	put_u64(want);
	put("\n");
}

/* pid 0, cpu -1: this task (the HPM); pid -1, cpu 0: CPU-wide (a bus PMU) */
static int perf_open(unsigned int type, unsigned long long config, int pid, int cpu)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	return my_syscall5(__NR_perf_event_open, &a, pid, cpu, -1, 0);
}

static unsigned long long counter(int fd)
{
	unsigned long long v = 0;

	read(fd, &v, sizeof(v));
	return v;
}

/* per iteration: one LW, one ADDI, one taken BNEZ (not taken the last time) */
static void loop(long n, unsigned int *buf)
{
	__asm__ volatile(
	".option push\n"
	".option norvc\n"
	"1:	lw t1, 0(%[b])\n"
	"	addi %[n], %[n], -1\n"
	"	bnez %[n], 1b\n"
	".option pop\n"
	: [n] "+r" (n) : [b] "r" (buf) : "t1", "memory");
}

static unsigned long long least(int fd, long n, unsigned int *buf)
{
	unsigned long long best = ~0ull;
	int r;

	for (r = 0; r < RUNS; r++) {
		unsigned long long a = counter(fd), b;

		loop(n, buf);
		b = counter(fd);
		if (b - a < best)
			best = b - a;
	}
	return best;
}

static void hpm(const char *what, unsigned int code, unsigned long long per_iteration)
{
	static unsigned int buf[4];
	unsigned long long want = per_iteration * (N2 - N1) << HPM_SHIFT, d1, d2;
	int fd = perf_open(PERF_TYPE_RAW, code, 0, -1);

	if (fd < 0) {
		result(0, what, 0, want);
		return;
	}
	d1 = least(fd, N1, buf);
	d2 = least(fd, N2, buf);
	result(d2 - d1 == want, what, d2 - d1, want);
	close(fd);
}

/* a small sysfs file into buf; its length, or -1 */
static int slurp(const char *path, char *buf, int len)
{
	int fd = open(path, O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = 0;
	return n;
}

static unsigned long long number(const char *s)
{
	unsigned long long v = 0;
	int hex = s[0] == '0' && s[1] == 'x';

	for (s += hex ? 2 : 0; *s; s++) {
		unsigned int d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (hex && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			break;
		v = v * (hex ? 16 : 10) + d;
	}
	return v;
}

/* dst = a b c (nolibc 6.1 has no strcat) */
static char *join(char *dst, const char *a, const char *b, const char *c)
{
	strcpy(dst, a);
	strcpy(dst + strlen(dst), b);
	strcpy(dst + strlen(dst), c);
	return dst;
}

static char module[1 << 20];

static int insmod(const char *path)
{
	int fd = open(path, O_RDONLY), n, len = 0;

	if (fd < 0)
		return -1;
	while ((n = read(fd, module + len, sizeof(module) - len)) > 0)
		len += n;
	close(fd);
	return my_syscall3(__NR_init_module, module, len, "");
}

/* one generator pattern of bursts single-beat reads on the monitor at
 * base - 0x10000 (its generator at base), rd_bursts counted through perf */
static void monitor(const char *name, unsigned long tg_base, unsigned int bursts)
{
	char path[96], buf[64], what[96];
	volatile unsigned int *tg;
	int mem, fd, spins;
	unsigned long long type, config;

	join(path, "/sys/bus/event_source/devices/", name, "/type");
	if (slurp(path, buf, sizeof(buf)) < 0) {
		result(0, join(what, name, " is registered (its sysfs type)", ""), 0, 1);
		return;
	}
	type = number(buf);
	strcpy(path + strlen(path) - 4, "events/rd_bursts");
	if (slurp(path, buf, sizeof(buf)) < 0 || strncmp(buf, "event=", 6)) {
		result(0, "rd_bursts in sysfs", 0, 1);
		return;
	}
	config = number(buf + 6);
	mem = open("/dev/mem", O_RDWR);
	tg = mmap(NULL, AXIPERF_TG_WINDOW, PROT_READ | PROT_WRITE, MAP_SHARED, mem, tg_base);
	fd = perf_open(type, config, -1, 0);
	join(what, name, "/rd_bursts/ on RV32: one pattern's single-beat read bursts", "");
	if (mem < 0 || tg == MAP_FAILED || tg[AXIPERF_TG_ID / 4] != AXIPERF_TG_MAGIC || fd < 0) {
		put(mem < 0 ? "# /dev/mem: no\n" : tg == MAP_FAILED ? "# mmap of the generator failed\n" :
		    fd < 0 ? "# perf_event_open failed\n" : "# no generator there\n");
		result(0, what, 0, bursts);
		return;
	}
	tg[AXIPERF_TG_MODE / 4] = AXIPERF_TG_READS;
	tg[AXIPERF_TG_BURSTS / 4] = bursts;
	tg[AXIPERF_TG_LEN / 4] = 0;
	tg[AXIPERF_TG_SIZE / 4] = 2;
	tg[AXIPERF_TG_IDS / 4] = 1;
	tg[AXIPERF_TG_DEPTH / 4] = 1;
	tg[AXIPERF_TG_WSTRB / 4] = 0xf;
	tg[AXIPERF_TG_CTRL / 4] = AXIPERF_TG_GO | AXIPERF_TG_FRAME;
	for (spins = 0; spins < 1000000; spins++) {
		unsigned int st = tg[AXIPERF_TG_CTRL / 4];

		if ((st & AXIPERF_TG_DONE) && !(st & AXIPERF_TG_BUSY))
			break;
	}
	result(counter(fd) == bursts, what, counter(fd), bursts);
	close(fd);
	munmap((void *)tg, AXIPERF_TG_WINDOW);
	close(mem);
}

int main(void)
{
	mount("dev", "/dev", "devtmpfs", 0, NULL);
	mount("sys", "/sys", "sysfs", 0, NULL);
	put("AXIPERF-GUEST-BEGIN\n");
	hpm("loads (LW) on RV32, past 2^32 thousands of times", AXIPERF_MBV_EV_LOADS, 1);
	hpm("arithmetic_instructions (ADDI) on RV32, past 2^32",
	    AXIPERF_MBV_EV_ARITHMETIC_INSTRUCTIONS, 1);
	hpm("taken_conditional_branches (BNEZ) on RV32, past 2^32",
	    AXIPERF_MBV_EV_TAKEN_CONDITIONAL_BRANCHES, 1);
	result(insmod("/lib/modules/axiperf.ko") == 0, "axiperf.ko loads on RV32 (init_module)", 0, 0);
	monitor("axiperf0", AXIPERF_TG_BASE, 16);
	monitor("axiperf1", 0x43c30000, 16);
	put("1..");
	put_u64(tests);
	put("\nAXIPERF-GUEST-EXIT ");
	put_u64(failures ? 1 : 0);
	put("\n");
	reboot(LINUX_REBOOT_CMD_RESTART);
	return 0;
}
