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
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#endif

static void die(const char *what)
{
	fprintf(stderr, "runas: %s: %s\n", what, strerror(errno));
	exit(126);
}

int main(int argc, char **argv)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];
	int perfmon = 0, i = 2;
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

	if (perfmon && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		die("PR_SET_KEEPCAPS");
	if (setgroups(0, NULL))
		die("setgroups");
	if (setresgid((gid_t)uid, (gid_t)uid, (gid_t)uid))
		die("setresgid");
	if (setresuid((uid_t)uid, (uid_t)uid, (uid_t)uid))
		die("setresuid");
	if (perfmon) {
		/* kept in permitted; made effective and inheritable, then ambient */
		memset(d, 0, sizeof(d));
		d[CAP_PERFMON / 32].permitted = 1u << (CAP_PERFMON % 32);
		d[CAP_PERFMON / 32].effective = 1u << (CAP_PERFMON % 32);
		d[CAP_PERFMON / 32].inheritable = 1u << (CAP_PERFMON % 32);
		if (syscall(SYS_capset, &h, d))
			die("capset CAP_PERFMON");
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_PERFMON, 0, 0))
			die("PR_CAP_AMBIENT_RAISE CAP_PERFMON");
	}
	execvp(argv[i], argv + i);
	die(argv[i]);
usage:
	fprintf(stderr, "usage: runas UID [-c] -- CMD [ARGS...]  (-c: keep CAP_PERFMON)\n");
	return 2;
}
