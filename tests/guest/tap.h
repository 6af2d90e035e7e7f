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

#endif
