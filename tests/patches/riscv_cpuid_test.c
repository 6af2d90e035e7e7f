// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * patches/6.1/microblaze-v-perf/0001's get_cpuid_str() and get_cpuid(), the
 * patched tools/perf/arch/riscv/util/header.c compiled for this host with
 * fopen() turned to fake_fopen(): /proc/cpuinfo is the file named by
 * $CPUINFO. Prints what both return, one line:
 *   str=<get_cpuid_str> rc=<get_cpuid> buf=<its buffer, or ->
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct perf_pmu;
int get_cpuid(char *buf, size_t sz);
char *get_cpuid_str(struct perf_pmu *pmu);

FILE *fake_fopen(const char *path, const char *mode)
{
	const char *f = getenv("CPUINFO");

	return fopen(strcmp(path, "/proc/cpuinfo") || !f ? path : f, mode);
}

int main(void)
{
	char buf[64], *s = get_cpuid_str(NULL);
	int rc = get_cpuid(buf, sizeof(buf));

	printf("str=%s rc=%d buf=%s\n", s ? s : "(null)", rc, rc ? "-" : buf);
	free(s);
	return 0;
}
