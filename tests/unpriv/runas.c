// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * runas: run a command as an unprivileged user, in the test bed's guest
 * (which has no /etc/passwd for su).
 *   runas UID [-c] -- CMD [ARGS...]
 * CMD runs with user and group UID, no supplementary group, and no
 * capability; with -c it keeps CAP_PERFMON, raised as an ambient
 * capability so that it survives the exec as it does for a program given
 * `setcap cap_perfmon+ep`.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "become_user.h"

static void die(const char *what)
{
	fprintf(stderr, "runas: %s: %s\n", what, strerror(errno));
	exit(126);
}

int main(int argc, char **argv)
{
	int perfmon = 0, i = 2;
	const char *failed;
	char *end;
	long uid;

	if (argc < 4)
		goto usage;
	uid = strtol(argv[1], &end, 10);
	if (*end || uid <= 0)
		goto usage;
	if (!strcmp(argv[i], "-c")) {
		perfmon = 1;
		i++;
	}
	if (i >= argc || strcmp(argv[i], "--") || i + 1 >= argc)
		goto usage;
	i++;

	failed = become_user((uid_t)uid, perfmon, 1);
	if (failed)
		die(failed);
	execvp(argv[i], argv + i);
	die(argv[i]);
usage:
	fprintf(stderr, "usage: runas UID [-c] -- CMD [ARGS...]  (-c: keep CAP_PERFMON)\n");
	return 2;
}
