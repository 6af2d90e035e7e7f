/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/* Made-up sysfs and /proc trees in a temporary directory, for the cmocka tests. */
#ifndef AXIPERF_TEST_TMPTREE_H
#define AXIPERF_TEST_TMPTREE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Writes text to root/rel, making the directories on the way. */
static inline void tree_put(const char *root, const char *rel, const char *text)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	for (slash = strchr(path + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = 0;
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* root (64 bytes) = a new /tmp/<name>-XXXXXX; 0 or -1 */
static inline int tree_make(char *root, const char *name)
{
	snprintf(root, 64, "/tmp/%s-XXXXXX", name);
	return mkdtemp(root) ? 0 : -1;
}

static inline int tree_remove(const char *root)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
