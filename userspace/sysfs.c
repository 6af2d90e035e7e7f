// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The axiperf PMUs as the driver shows them:
 *   <root>/bus/event_source/devices/axiperfN/{type,cpumask,events/<name>}
 * where events/<name> holds "config=0x13" (or "event=0x13"). The root is
 * /sys, or $AXIPERF_SYSFS so that tests can use a tree of their own.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf.h"

#define DEVICES	"bus/event_source/devices"

const char *ap_sysfs_root(void)
{
	const char *r = getenv("AXIPERF_SYSFS");

	return r && *r ? r : "/sys";
}

/* path = a/b, or -1 when it does not fit */
static int join(char *path, size_t len, const char *a, const char *b)
{
	int n = snprintf(path, len, "%s/%s", a, b);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

static int copy_name(char *dst, const char *src)
{
	size_t n = strlen(src);

	if (n >= AP_NAME_MAX)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

static int is_pmu_name(const char *s)
{
	if (strncmp(s, "axiperf", 7) || !s[7])
		return 0;
	for (s += 7; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

static int by_number(const void *a, const void *b)
{
	const struct ap_pmu *x = a, *y = b;

	return atoi(x->name + 7) - atoi(y->name + 7);
}

static int by_id(const void *a, const void *b)
{
	const struct ap_pmu_event *x = a, *y = b;
	int ux = x->id < 0, uy = y->id < 0;

	if (ux != uy)	/* events axiperf does not know go last */
		return ux - uy;
	if (x->id != y->id)
		return x->id - y->id;
	return strcmp(x->name, y->name);
}

/* "config=0x13", "event=0x13", possibly followed by ",other=..." */
static int parse_config(const char *s, uint64_t *cfg)
{
	const char *eq;
	char *end;

	if (strncmp(s, "config=", 7) && strncmp(s, "event=", 6))
		return -1;
	eq = strchr(s, '=') + 1;
	errno = 0;
	*cfg = strtoull(eq, &end, 0);
	if (errno || end == eq || (*end && *end != ','))
		return -1;
	return 0;
}

static int scan_events(const char *dir, struct ap_pmu *p, char *err,
		       size_t errlen)
{
	char path[4096], line[256];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d) {
		snprintf(err, errlen, "%s: %s; is this an axiperf PMU?", dir,
			 strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		struct ap_pmu_event *ev;

		/* skip ".", "..", and name.unit / name.scale attributes */
		if (strchr(e->d_name, '.'))
			continue;
		if (join(path, sizeof(path), dir, e->d_name) ||
		    strlen(e->d_name) >= AP_NAME_MAX ||
		    read_line(path, line, sizeof(line)))
			continue;
		p->ev = realloc(p->ev, (p->nev + 1) * sizeof(*p->ev));
		if (!p->ev) {
			closedir(d);
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		ev = &p->ev[p->nev];
		copy_name(ev->name, e->d_name);
		if (parse_config(line, &ev->config)) {
			snprintf(err, errlen, "%s: '%s' is not config=0x..; the driver and axiperf disagree",
				 path, line);
			closedir(d);
			return -1;
		}
		ev->id = ap_event_find(ev->name);
		p->nev++;
	}
	closedir(d);
	if (p->nev)
		qsort(p->ev, (size_t)p->nev, sizeof(*p->ev), by_id);
	return 0;
}

static int scan_one(const char *base, const char *name, struct ap_pmu *p,
		    char *err, size_t errlen)
{
	char dir[4096], path[4200], line[256];
	char *end;

	memset(p, 0, sizeof(*p));
	if (copy_name(p->name, name) || join(dir, sizeof(dir), base, name)) {
		snprintf(err, errlen, "%s/%s: name too long", base, name);
		return -1;
	}
	join(path, sizeof(path), dir, "type");
	if (read_line(path, line, sizeof(line))) {
		snprintf(err, errlen, "%s: %s; is the axiperf driver loaded?",
			 path, strerror(errno ? errno : EIO));
		return -1;
	}
	p->type = (int)strtol(line, &end, 10);
	if (end == line || *end) {
		snprintf(err, errlen, "%s: '%s' is not a PMU type number", path, line);
		return -1;
	}
	/* A system-wide PMU counts on the first CPU of its cpumask. */
	join(path, sizeof(path), dir, "cpumask");
	p->cpu = 0;
	if (!read_line(path, line, sizeof(line)))
		p->cpu = atoi(line);
	join(path, sizeof(path), dir, "identifier");
	if (read_line(path, line, sizeof(line)) || copy_name(p->identifier, line))
		p->identifier[0] = 0;
	join(path, sizeof(path), dir, "events");
	return scan_events(path, p, err, errlen);
}

void ap_pmu_free(struct ap_pmu *pmus, int n)
{
	for (int i = 0; i < n; i++)
		free(pmus[i].ev);
	free(pmus);
}

int ap_pmu_scan(const char *root, struct ap_pmu **pmus, int *n,
		char *err, size_t errlen)
{
	char base[4096];
	struct dirent *e;
	struct ap_pmu *v = NULL;
	int nv = 0;
	DIR *d;

	*pmus = NULL;
	*n = 0;
	if (join(base, sizeof(base), root, DEVICES)) {
		snprintf(err, errlen, "sysfs root too long");
		return -1;
	}
	d = opendir(base);
	if (!d)
		return 0;	/* no PMU at all: the caller says what to do */
	while ((e = readdir(d))) {
		struct ap_pmu *nvv;

		if (!is_pmu_name(e->d_name))
			continue;
		nvv = realloc(v, (nv + 1) * sizeof(*v));
		if (!nvv) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		v = nvv;
		if (scan_one(base, e->d_name, &v[nv], err, errlen)) {
			free(v[nv].ev);
			goto fail;
		}
		nv++;
	}
	closedir(d);
	if (nv)
		qsort(v, (size_t)nv, sizeof(*v), by_number);
	*pmus = v;
	*n = nv;
	return 0;
fail:
	closedir(d);
	ap_pmu_free(v, nv);
	return -1;
}

const struct ap_pmu_event *ap_pmu_event(const struct ap_pmu *p, int id)
{
	for (int i = 0; i < p->nev; i++)
		if (p->ev[i].id == id)
			return &p->ev[i];
	return NULL;
}

int ap_pmu_can(const struct ap_pmu *p, const struct axiperf_figure *f)
{
	unsigned char need[AP_NEV] = { 0 };

	ap_figure_events(f, need);
	for (int i = 0; i < AP_NEV; i++)
		if (need[i] && !ap_pmu_event(p, i))
			return 0;
	return 1;
}
