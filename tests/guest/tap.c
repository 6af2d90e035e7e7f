// SPDX-License-Identifier: GPL-2.0 OR MIT
/* TAP output and small file helpers shared by the guest test programs. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

unsigned int tap_count, tap_failures;

void tap_vresult(int ok, const char *prefix, const char *fmt, va_list ap)
{
	static int started;

	/* TAP_BASE=N: N tests were reported before this program (a payload
	 * of several programs keeps one numbering) */
	if (!started++ && getenv("TAP_BASE"))
		tap_count = strtoul(getenv("TAP_BASE"), NULL, 10);
	printf("%sok %u - ", ok ? "" : "not ", ++tap_count);
	if (prefix)
		printf("%s: ", prefix);
	vprintf(fmt, ap);
	printf("\n");
	/* the console may be all that is left if the guest dies next */
	fflush(stdout);
	if (!ok)
		tap_failures++;
}

void tap_skip(const char *fmt, ...)
{
	va_list ap;

	printf("ok %u - # SKIP ", ++tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

void tap_result(int ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(ok, NULL, fmt, ap);
	va_end(ap);
}

int tap_done(void)
{
	printf("1..%u\n", tap_count);
	fflush(stdout);
	return tap_failures ? 1 : 0;
}

int read_file(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	buf[0] = 0;
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = 0;
	while (n && buf[n - 1] == '\n')
		buf[--n] = 0;
	return 0;
}

int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}
