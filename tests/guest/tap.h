/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * TAP output and small file helpers shared by the guest test programs
 * (tests/guest, tests/selftests, tests/smp, tests/microblaze/guest).
 */
#ifndef AXIPERF_GUEST_TAP_H
#define AXIPERF_GUEST_TAP_H

#include <stdarg.h>
#include <stddef.h>

/* tests reported so far, and how many of them failed */
extern unsigned int tap_count, tap_failures;

/* "ok N - ..." or "not ok N - ..." (prefix, if not NULL, before fmt) */
void tap_vresult(int ok, const char *prefix, const char *fmt, va_list ap);
void tap_result(int ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "ok N - # SKIP ...": a test this machine cannot run, and why */
void tap_skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* the plan line "1..N"; the exit status: 0 if every test passed */
int tap_done(void);

/* a small text file (sysfs, procfs), trailing newlines cut; -1: unreadable */
int read_file(const char *path, char *buf, size_t len);
/* the string s written to path in one write(); -1 on failure */
int write_file(const char *path, const char *s);

/* the kernel log (klogctl), to free(); NULL if it cannot be read */
char *kernel_log(void);
/* how many times needle stands in the kernel log */
unsigned int count_in_log(const char *needle);
/*
 * The reports in log of a kernel that found something wrong (lockdep,
 * KASAN, BUG, WARNING, sleeping in atomic, soft lockup, ...), each
 * printed as a TAP comment (at most max_print of them; those before from
 * marked "(before <what>)"); how many stand from `from` on.
 */
unsigned int kernel_log_reports(const char *log, const char *from, const char *before_what,
				unsigned int max_print);

#endif
