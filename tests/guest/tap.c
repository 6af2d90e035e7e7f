// SPDX-License-Identifier: GPL-2.0 OR MIT
/* TAP output and small file helpers shared by the guest test programs. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
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

char *kernel_log(void)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf;

	if (len <= 0)
		return NULL;
	buf = malloc(len + 1);
	if (!buf)
		return NULL;
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	if (len < 0) {
		free(buf);
		return NULL;
	}
	buf[len] = 0;
	return buf;
}

unsigned int count_in_log(const char *needle)
{
	char *log = kernel_log(), *p;
	unsigned int n = 0;

	for (p = log; p && (p = strstr(p, needle)); p++)
		n++;
	free(log);
	return n;
}

unsigned int kernel_log_reports(const char *log, const char *from, const char *before_what,
				unsigned int max_print)
{
	static const char *const reports[] = {
		"WARNING:", "BUG:", "KASAN", "Oops", "possible circular locking",
		"possible recursive locking", "inconsistent lock state",
		"possible irq lock inversion", "suspicious RCU usage",
		"sleeping function called from invalid context",
		"DEBUG_LOCKS_WARN_ON", "turning off the locking correctness validator",
		"INFO: task", "scheduling while atomic", "soft lockup",
	};
	unsigned int n = 0, shown = 0;

	for (size_t i = 0; log && i < sizeof(reports) / sizeof(reports[0]); i++)
		for (const char *p = log; (p = strstr(p, reports[i])); p++) {
			const char *eol = strchr(p, '\n');

			if (shown++ < max_print)
				printf("#   kernel%s%s%s: %.*s\n", p < from ? " (before " : "",
				       p < from ? before_what : "", p < from ? ")" : "",
				       (int)(eol ? eol - p : 120), p);
			n += p >= from;
		}
	return n;
}
