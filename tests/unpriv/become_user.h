/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Turning a root process into an unprivileged user, for tests/unpriv
 * (runas.c, unpriv_test.c): the guest has no /etc/passwd for su.
 */
#ifndef AXIPERF_BECOME_USER_H
#define AXIPERF_BECOME_USER_H

#include <grp.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef CAP_PERFMON
#define CAP_PERFMON	38
#endif

/*
 * User and group uid, no supplementary group, no capability; with
 * perfmon, CAP_PERFMON kept (effective), and with ambient also raised as
 * an ambient capability so that it survives an exec, as for a program
 * given `setcap cap_perfmon+ep`. NULL, or the step that failed (errno).
 */
static inline const char *become_user(uid_t uid, int perfmon, int ambient)
{
	struct __user_cap_header_struct h = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];
	const unsigned int bit = 1u << (CAP_PERFMON % 32);

	if (perfmon && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		return "PR_SET_KEEPCAPS";
	if (setgroups(0, NULL))
		return "setgroups";
	if (setresgid((gid_t)uid, (gid_t)uid, (gid_t)uid))
		return "setresgid";
	if (setresuid(uid, uid, uid))
		return "setresuid";
	memset(d, 0, sizeof(d));
	if (perfmon) {
		d[CAP_PERFMON / 32].permitted = bit;
		d[CAP_PERFMON / 32].effective = bit;
		if (ambient)
			d[CAP_PERFMON / 32].inheritable = bit;
	}
	if (syscall(SYS_capset, &h, d))
		return "capset";
	if (perfmon && ambient &&
	    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_PERFMON, 0, 0))
		return "PR_CAP_AMBIENT_RAISE CAP_PERFMON";
	return getuid() == uid && geteuid() == uid ? NULL : "the uid did not change";
}

#endif
