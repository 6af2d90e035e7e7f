// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The PMUs as the drivers show them:
 *   <root>/bus/event_source/devices/axiperfN/{type,cpumask,events/<name>}
 *   <root>/bus/event_source/devices/microblazeN/{...,format/<term>}
 *   <root>/bus/event_source/devices/armv7_cortex_a9/{type,events/<name>}
 *   <root>/bus/event_source/devices/cpu/type   (a MicroBlaze V)
 * where events/<name> holds "config=0x13", "event=0x13" or terms that
 * format/ places in config ("event=30,item=1" with format/event
 * "config:0-7" and format/item "config:8-10"). The root is /sys, or
 * $AXIPERF_SYSFS so that tests can use a tree of their own.
 * An APM (driver/apm/: apm_ddr, apm_ocm, ..., apm_<hex address>) has
 * events/<metric> "metric=3", aliases "<slot>_read_bytes" = "metric=3,slot=1"
 * on a monitor of several slots, format/slot, and the attributes slots and
 * counters.
 * riscv_pmu_sbi lists no events: a MicroBlaze V's come from our table,
 * once /proc/cpuinfo ($AXIPERF_CPUINFO) names the core amd,mbv32 or
 * amd,mbv64; the PMU "cpu" of any other core is not ours.
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

/* Length of the "axiperf" or "microblaze" of a PMU name, 0 if not one. */
static size_t pmu_prefix(const char *s)
{
	size_t n = ap_kind_of(s) == AP_KIND_MB ? 10 : 7;

	if (strncmp(s, n == 10 ? "microblaze" : "axiperf", n) || !s[n])
		return 0;
	for (const char *d = s + n; *d; d++)
		if (*d < '0' || *d > '9')
			return 0;
	return n;
}

const char *ap_cpuinfo_path(void)
{
	const char *r = getenv("AXIPERF_CPUINFO");

	return r && *r ? r : "/proc/cpuinfo";
}

/*
 * What /proc/cpuinfo says of the first hart: whether it is a MicroBlaze
 * V (the "uarch" line: its device tree compatible) and its
 * mvendorid-marchid-mimpid into id ("" when not said).
 */
int ap_cpuinfo_mbv(char *id, size_t len)
{
	static const char *const compat[] = {
#define X(c) c,
		AXIPERF_MBV_COMPATIBLE(X)
#undef X
	};
	char line[256], ven[32] = "", arch[32] = "", imp[32] = "";
	FILE *f = fopen(ap_cpuinfo_path(), "r");
	int mbv = 0, harts = 0;

	id[0] = 0;
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char key[32], val[32];

		if (sscanf(line, "%31[^\t :] : %31s", key, val) != 2)
			continue;
		if (!strcmp(key, "processor") && ++harts > 1)
			break;	/* the first hart's lines only */
		if (!strcmp(key, "uarch"))
			for (size_t i = 0; i < sizeof(compat) / sizeof(compat[0]); i++)
				mbv |= !strcmp(val, compat[i]);
		else if (!strcmp(key, "mvendorid"))
			snprintf(ven, sizeof(ven), "%s", val);
		else if (!strcmp(key, "marchid"))
			snprintf(arch, sizeof(arch), "%s", val);
		else if (!strcmp(key, "mimpid"))
			snprintf(imp, sizeof(imp), "%s", val);
	}
	fclose(f);
	if (ven[0] && arch[0] && imp[0])
		snprintf(id, len, "%s-%s-%s", ven, arch, imp);
	return mbv;
}

/* "apm_ddr", "apm_a0010000": apm_ and lower-case letters and digits */
static int apm_name(const char *s)
{
	if (strncmp(s, "apm_", 4) || !s[4])
		return 0;
	for (s += 4; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

/* The kind of PMU name when axiperf counts it, else -1. */
static int our_pmu(const char *name, int mbv)
{
	enum ap_kind kind = ap_kind_of(name);

	if (kind == AP_KIND_APM)
		return apm_name(name) ? (int)kind : -1;
	if (kind == AP_KIND_MBV)
		return mbv ? (int)kind : -1;
	if (kind == AP_KIND_ARM)
		return (int)kind;
	return pmu_prefix(name) ? (int)kind : -1;
}

static int kind_rank(enum ap_kind kind)
{
	int r = 0;

	while (r < AP_NKIND - 1 && ap_kind_order[r] != kind)
		r++;
	return r;
}

static int by_number(const void *a, const void *b)
{
	const struct ap_pmu *x = a, *y = b;

	if (x->kind != y->kind)
		return kind_rank(x->kind) - kind_rank(y->kind);
	if (ap_kind_is_cpu(x->kind) || x->kind == AP_KIND_APM)
		return strcmp(x->name, y->name);
	return atoi(x->name + pmu_prefix(x->name)) - atoi(y->name + pmu_prefix(y->name));
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

/* format/<term>: "config:8-10" or "config:5"; *lo and *bits, or -1. */
static int term_format(const char *pmudir, const char *term, int *lo, int *bits)
{
	char path[4200], line[128];
	int a, b, n = 0;

	snprintf(path, sizeof(path), "%s/format/%s", pmudir, term);
	if (read_line(path, line, sizeof(line)))
		return -1;
	if (sscanf(line, "config:%d-%d%n", &a, &b, &n) == 2 && !line[n] &&
	    a >= 0 && b >= a && b < 64) {
		*lo = a;
		*bits = b - a + 1;
		return 0;
	}
	n = 0;
	if (sscanf(line, "config:%d%n", &a, &n) == 1 && !line[n] && a >= 0 && a < 64) {
		*lo = a;
		*bits = 1;
		return 0;
	}
	return -1;
}

/*
 * "config=0x13", or terms "event=30,item=1" placed by format/. A PMU
 * without format/event takes event= as the whole config.
 */
static int parse_config(const char *pmudir, const char *s, uint64_t *cfg)
{
	char term[AP_NAME_MAX];

	*cfg = 0;
	while (*s) {
		const char *eq = strchr(s, '=');
		const char *comma;
		uint64_t v;
		char *end;
		int lo = 0, bits = 64;

		if (!eq || (size_t)(eq - s) >= sizeof(term) || eq == s)
			return -1;
		snprintf(term, sizeof(term), "%.*s", (int)(eq - s), s);
		errno = 0;
		v = strtoull(eq + 1, &end, 0);
		if (errno || end == eq + 1 || (*end && *end != ','))
			return -1;
		comma = end;
		if (strcmp(term, "config") &&
		    term_format(pmudir, term, &lo, &bits) && strcmp(term, "event"))
			return -1;
		if (bits < 64 && v >> bits)
			return -1;
		*cfg |= v << lo;
		s = *comma ? comma + 1 : comma;
	}
	return 0;
}

/*
 * An APM's alias "<slot>_<metric>" = "metric=M,slot=S" names slot S, as
 * the driver does (from spec/apm.toml, or "slotS" for a PL monitor).
 */
static void apm_alias(struct ap_pmu *p, const struct ap_pmu_event *ev)
{
	unsigned int slot = (unsigned int)(ev->config >> p->slot_lo) & (AXIPERF_APM_MAX_SLOTS - 1);
	int id = AP_APM_EV0 + (int)(ev->config & AXIPERF_APM_CFG_METRIC);
	size_t n = strlen(ev->name), m;

	if (id >= AP_NEV || slot >= (unsigned int)p->slots)
		return;
	m = strlen(ap_event_name(id));
	if (n < m + 2 || ev->name[n - m - 1] != '_' || strcmp(ev->name + n - m, ap_event_name(id)))
		return;
	snprintf(p->slot_name[slot], AP_NAME_MAX, "%.*s", (int)(n - m - 1), ev->name);
}

static int scan_events(const char *pmudir, const char *dir, struct ap_pmu *p,
		       char *err, size_t errlen)
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
		memset(ev, 0, sizeof(*ev));
		copy_name(ev->name, e->d_name);
		if (parse_config(pmudir, line, &ev->config)) {
			snprintf(err, errlen, "%s: '%s' is not config=0x.. nor terms of %s/format; the driver and axiperf disagree",
				 path, line, pmudir);
			closedir(d);
			return -1;
		}
		ev->id = ap_event_find_kind(ev->name, p->kind);
		if (p->kind == AP_KIND_APM && ev->id < 0)
			apm_alias(p, ev);
		/* an ARM core lists dozens of events: those of the figures;
		 * an APM its metrics (its slot aliases name its slots) */
		if (ev->id >= 0 || !(ap_kind_is_cpu(p->kind) || p->kind == AP_KIND_APM))
			p->nev++;
	}
	closedir(d);
	if (p->nev)
		qsort(p->ev, (size_t)p->nev, sizeof(*p->ev), by_id);
	return 0;
}

/*
 * Events of a CPU table (first id id0) that sysfs does not list: all of
 * them for riscv_pmu_sbi, which lists none (a MicroBlaze V's, by code),
 * or only perf's generic ones (generic_only) for an ARM core.
 */
static int table_events(struct ap_pmu *p, const struct axiperf_cpu_event *t,
			int n, int id0, int generic_only, char *err, size_t errlen)
{
	for (int i = 0; i < n; i++) {
		struct ap_pmu_event *ev;

		if (generic_only && !t[i].generic)
			continue;
		ev = realloc(p->ev, (size_t)(p->nev + 1) * sizeof(*p->ev));
		if (!ev) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		p->ev = ev;
		ev = &p->ev[p->nev++];
		memset(ev, 0, sizeof(*ev));
		copy_name(ev->name, t[i].name);
		ev->config = t[i].config;
		ev->hw = t[i].generic;
		ev->id = id0 + i;
	}
	qsort(p->ev, (size_t)p->nev, sizeof(*p->ev), by_id);
	return 0;
}

/* A number in 1..max from dir/attr into *v, or -1 with err. */
static int read_count(const char *dir, const char *attr, int max, int *v,
		      char *err, size_t errlen)
{
	char path[4200], line[64], *end;
	long x;

	snprintf(path, sizeof(path), "%s/%s", dir, attr);
	if (read_line(path, line, sizeof(line))) {
		snprintf(err, errlen, "%s: %s; is this the axiperf_apm driver's PMU?",
			 path, strerror(errno ? errno : EIO));
		return -1;
	}
	x = strtol(line, &end, 10);
	if (end == line || *end || x < 1 || x > max) {
		snprintf(err, errlen, "%s: '%s' is not a number from 1 to %d; the driver and axiperf disagree",
			 path, line, max);
		return -1;
	}
	*v = (int)x;
	return 0;
}

/* An APM's slots, counters, and where format/slot puts the slot. */
static int apm_attrs(const char *dir, struct ap_pmu *p, char *err, size_t errlen)
{
	int bits;

	if (read_count(dir, "slots", AXIPERF_APM_MAX_SLOTS, &p->slots, err, errlen) ||
	    read_count(dir, "counters", AXIPERF_APM_MAX_COUNTERS, &p->counters, err, errlen))
		return -1;
	if (!term_format(dir, "slot", &p->slot_lo, &bits) &&
	    (1 << bits) >= AXIPERF_APM_MAX_SLOTS && p->slot_lo + bits <= 64)
		return 0;
	if (p->slots == 1) {	/* slot 0 only: config needs no slot */
		p->slot_lo = 0;
		return 0;
	}
	snprintf(err, errlen, "%s/format/slot: missing or not config:N-M of %d bits; the driver and axiperf disagree",
		 dir, __builtin_popcountll(AXIPERF_APM_CFG_SLOT));
	return -1;
}

void ap_apm_slot_name(const char *pmu, int slot, char *buf, size_t len)
{
#define X(label, names) { #label, names },
	static const struct {
		const char *label;
		const char *slot[AXIPERF_APM_MAX_SLOTS];
	} known[] = { AXIPERF_APM_SLOT_NAMES(X) };
#undef X

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strncmp(pmu, "apm_", 4) && !strcmp(pmu + 4, known[i].label) &&
		    slot >= 0 && slot < AXIPERF_APM_MAX_SLOTS && known[i].slot[slot]) {
			snprintf(buf, len, "%s", known[i].slot[slot]);
			return;
		}
	snprintf(buf, len, "slot%d", slot);
}

int ap_apm_ports(struct ap_pmu **pmus, int *n, char *err, size_t errlen)
{
	struct ap_pmu *v = NULL;
	int nv = 0;

	for (int i = 0; i < *n; i++) {
		const struct ap_pmu *p = &(*pmus)[i];
		int expand = p->kind == AP_KIND_APM && !p->apm[0];
		int nports = expand ? p->slots : 1;
		struct ap_pmu *nvv = realloc(v, (size_t)(nv + nports) * sizeof(*v));

		if (!nvv) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		v = nvv;
		for (int s = 0; s < nports; s++) {
			struct ap_pmu *q = &v[nv];
			int len;

			*q = *p;
			q->ev = malloc((size_t)(p->nev ? p->nev : 1) * sizeof(*q->ev));
			if (!q->ev) {
				snprintf(err, errlen, "out of memory");
				goto fail;
			}
			memcpy(q->ev, p->ev, (size_t)p->nev * sizeof(*q->ev));
			nv++;
			if (!expand)
				continue;
			len = snprintf(q->name, sizeof(q->name), "%s.%s", p->name, p->slot_name[s]);
			if (len < 0 || len >= (int)sizeof(q->name)) {
				snprintf(err, errlen, "%s.%s: port name too long", p->name, p->slot_name[s]);
				goto fail;
			}
			snprintf(q->apm, sizeof(q->apm), "%s", p->name);
			q->slot = s;
			for (int k = 0; k < q->nev; k++)
				q->ev[k].config |= (uint64_t)s << p->slot_lo;
		}
	}
	ap_pmu_free(*pmus, *n);
	*pmus = v;
	*n = nv;
	return 0;
fail:
	ap_pmu_free(v, nv);
	return -1;
}

/* cpuid: a MicroBlaze V's mvendorid-marchid-mimpid, read once by the scan */
static int scan_one(const char *base, const char *name, const char *cpuid,
		    struct ap_pmu *p, char *err, size_t errlen)
{
	char dir[4096], path[4200], line[256];
	char *end;

	memset(p, 0, sizeof(*p));
	p->kind = ap_kind_of(name);
	p->slot = -1;
	if (copy_name(p->name, name) || join(dir, sizeof(dir), base, name)) {
		snprintf(err, errlen, "%s/%s: name too long", base, name);
		return -1;
	}
	join(path, sizeof(path), dir, "type");
	if (read_line(path, line, sizeof(line))) {
		snprintf(err, errlen, "%s: %s; is the driver loaded?",
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
	/* the monitor's clock, for the figures in ns */
	join(path, sizeof(path), dir, "caps/clock_hz");
	p->clock_hz = 0;
	if (!read_line(path, line, sizeof(line)))
		p->clock_hz = strtod(line, NULL);
	if (p->kind == AP_KIND_MBV) {
		copy_name(p->identifier, cpuid);
		return table_events(p, axiperf_mbv_perf_events,
				    (int)AXIPERF_MBV_NUM_PERF_EVENTS, AP_MBV_EV0, 0, err, errlen);
	}
	if (p->kind == AP_KIND_APM && apm_attrs(dir, p, err, errlen))
		return -1;
	join(path, sizeof(path), dir, "events");
	if (scan_events(dir, path, p, err, errlen))
		return -1;
	for (int s = 0; p->kind == AP_KIND_APM && s < p->slots; s++)
		if (!p->slot_name[s][0])	/* a monitor of one slot has no alias */
			ap_apm_slot_name(p->name, s, p->slot_name[s], AP_NAME_MAX);
	if (p->kind == AP_KIND_ARM)	/* perf's generic cycles: no sysfs file */
		return table_events(p, axiperf_arm_perf_events,
				    (int)AXIPERF_ARM_NUM_PERF_EVENTS, AP_ARM_EV0, 1, err, errlen);
	return 0;
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
	char id[AP_NAME_MAX];
	int mbv = ap_cpuinfo_mbv(id, sizeof(id));
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

		if (our_pmu(e->d_name, mbv) < 0)
			continue;
		nvv = realloc(v, (nv + 1) * sizeof(*v));
		if (!nvv) {
			snprintf(err, errlen, "out of memory");
			goto fail;
		}
		v = nvv;
		if (scan_one(base, e->d_name, id, &v[nv], err, errlen)) {
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

int ap_pmu_can(const struct ap_pmu *p, int k)
{
	unsigned char need[AP_NEV] = { 0 };

	if (ap_fig_kind(k) != p->kind)
		return 0;
	ap_fig_events(k, need);
	for (int i = 0; i < AP_NEV; i++)
		if (need[i] && !ap_pmu_event(p, i))
			return 0;
	return 1;
}

int ap_mb_counters(const struct ap_pmu *p, int *nevent, int *nlatency)
{
	unsigned int w, e, l;
	int n = 0;

	if (p->kind != AP_KIND_MB ||
	    sscanf(p->identifier, "microblaze-mdm-w%u-e%u-l%u%n", &w, &e, &l, &n) != 3 ||
	    p->identifier[n] || e > AXIPERF_MB_MAX_COUNTERS || l > AXIPERF_MB_MAX_COUNTERS)
		return -1;
	*nevent = (int)e;
	*nlatency = (int)l;
	return 0;
}

/*
 * As the driver allocates a group whose latency items (sum, sum_sq, min,
 * max) come first: each latency event with such an item takes a latency
 * counter, which its count shares; every other event takes an event
 * counter, and a latency count without other items a free latency counter
 * once the event counters are all taken.
 */
int ap_mb_fits(const unsigned char *need, int nevent, int nlatency)
{
	unsigned char lat[AXIPERF_MB_NUM_EVENTS] = { 0 }, cnt[AXIPERF_MB_NUM_EVENTS] = { 0 };
	int ev = 0, latn = 0, count_only = 0;

	for (int id = AP_MB_EV0; id < AP_MBV_EV0; id++) {
		uint64_t c;

		if (!need[id])
			continue;
		c = ap_mb_event_config(id);
		if (((c & AXIPERF_MB_CONFIG_ITEM) >> AXIPERF_MB_CONFIG_ITEM_SHIFT) != AXIPERF_MB_FIELD_COUNT)
			lat[c & AXIPERF_MB_CONFIG_EVENT] = 1;
		else
			cnt[c & AXIPERF_MB_CONFIG_EVENT] = 1;
	}
	for (int e = 0; e < AXIPERF_MB_NUM_EVENTS; e++) {
		if (lat[e])
			latn++;
		else if (cnt[e] && e >= AXIPERF_MB_FIRST_LATENCY_EVENT)
			count_only++;
		else if (cnt[e])
			ev++;
	}
	if (ev > nevent)
		return 0;
	if (count_only > nevent - ev)
		latn += count_only - (nevent - ev);
	return latn <= nlatency;
}
