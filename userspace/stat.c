// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf stat: one libperf event group per monitor instance, APM port
 * (one slot of an APM) or MicroBlaze core, counting system wide on the CPU of the PMU's cpumask
 * while a command runs; and one on the CPU PMU (MicroBlaze V or ARM) that
 * counts the command's own threads from its exec, children included, as
 * perf stat does.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/perf_event.h>
#include <perf/core.h>
#include <perf/cpumap.h>
#include <perf/evlist.h>
#include <perf/evsel.h>
#include <perf/event.h>
#include <perf/mmap.h>
#include <perf/threadmap.h>

#include "axiperf.h"
#include "trace.h"

/* the map of "any CPU" a per-task event opens on, by its libperf name */
#ifdef AP_LIBPERF_ANY_CPU
#define ap_cpu_map_any perf_cpu_map__new_any_cpu
#else
#define ap_cpu_map_any perf_cpu_map__dummy_new
#endif

#define TRACE_PAGES	128	/* ring buffer per CPU: 512 KiB with 4 KiB pages */
#define TRACE_DRAIN_MS	100

int ap_evsel_fd(struct perf_evsel *evsel, int cpu_map_idx, int thread);

struct group {
	const struct ap_pmu *pmu;
	struct perf_evlist *evlist;
	struct perf_cpu_map *cpus;
	int nev;
	int id[AP_NEV];
	struct perf_evsel *evsel[AP_NEV];
	uint64_t prev[AP_NEV];
};

static int quiet_libperf(enum libperf_print_level level, const char *fmt,
			 va_list ap)
{
	if (level > LIBPERF_ERR)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Group order: the MicroBlaze latency items (sum, sum_sq, min, max)
 * first, so that the driver gives each latency event one latency counter
 * and its count then shares it; everything else after.
 */
static int order_pass(int id)
{
	uint64_t c;

	if (ap_event_kind(id) != AP_KIND_MB)
		return 1;
	c = ap_mb_event_config(id);
	return ((c & AXIPERF_MB_CONFIG_ITEM) >> AXIPERF_MB_CONFIG_ITEM_SHIFT) ==
	       AXIPERF_MB_FIELD_COUNT;
}

/*
 * What to do when the kernel refuses a system-wide count: the monitors
 * see every master's traffic and the MDM every task's instructions, so
 * perf allows it only to root, to CAP_PERFMON, or to anyone when the
 * administrator lowers perf_event_paranoid (Debian's 3: root only).
 */
static void access_hint(char *buf, size_t len)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int level = 2;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = 2;
		fclose(f);
	}
	if (level > 2)
		snprintf(buf, len, "kernel.perf_event_paranoid is %d, which allows counting to root "
			 "only: run as root, or lower it with 'sysctl kernel.perf_event_paranoid=0'",
			 level);
	else
		snprintf(buf, len, "counting a bus or a core system-wide needs CAP_PERFMON "
			 "('setcap cap_perfmon+ep axiperf' as root) or kernel.perf_event_paranoid at 0 "
			 "or below ('sysctl kernel.perf_event_paranoid=0'; it is %d)", level);
}

/*
 * What to do when a CPU PMU refuses the group. (A MicroBlaze V event with
 * no riscv,pmu row opens and then never counts: ap_stat_run says that.)
 */
static const char *cpu_hint(int e)
{
	if (e == ENOENT || e == EINVAL || e == EOPNOTSUPP)
		return "the core does not count one of them; `axiperf list` shows what it has";
	return "is the PMU's driver loaded?";
}

static int open_group(struct group *g, const struct ap_pmu *p,
		      const unsigned char *need, struct perf_thread_map *threads,
		      struct perf_thread_map *command, char *err, size_t errlen)
{
	int cpukind = ap_kind_is_cpu(p->kind);
	char cpu[16];
	int rc;

	memset(g, 0, sizeof(*g));
	g->pmu = p;
	g->evlist = perf_evlist__new();
	snprintf(cpu, sizeof(cpu), "%d", p->cpu);
	/* a CPU PMU counts the command's threads on whichever CPU they run */
	g->cpus = cpukind ? ap_cpu_map_any() : perf_cpu_map__new(cpu);
	if (!g->evlist || !g->cpus) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (int n = 0; n < 2 * AP_NEV; n++) {
		int id = n % AP_NEV;
		const struct ap_pmu_event *e;
		struct perf_event_attr attr;

		if (!need[id] || order_pass(id) != n / AP_NEV)
			continue;
		e = ap_pmu_event(p, id);
		if (!e)
			continue;	/* figures needing it print n/a */
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = e->hw ? PERF_TYPE_HARDWARE : (unsigned int)p->type;
		attr.config = e->config;
		attr.disabled = g->nev == 0;	/* the leader starts the group */
		if (cpukind) {
			attr.inherit = 1;	/* the command's children too */
			attr.enable_on_exec = g->nev == 0;
		}
		attr.read_format = PERF_FORMAT_GROUP |
				   PERF_FORMAT_TOTAL_TIME_ENABLED |
				   PERF_FORMAT_TOTAL_TIME_RUNNING;
		g->evsel[g->nev] = perf_evsel__new(&attr);
		if (!g->evsel[g->nev]) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		g->id[g->nev++] = id;
		perf_evlist__add(g->evlist, g->evsel[g->nev - 1]);
	}
	if (!g->nev) {
		snprintf(err, errlen, "%s has none of the events the figures need; `axiperf list` shows what it has",
			 p->name);
		return -1;
	}
	perf_evlist__set_maps(g->evlist, g->cpus, cpukind ? command : threads);
	perf_evlist__set_leader(g->evlist);
	rc = perf_evlist__open(g->evlist);
	if (rc) {
		int e = rc < 0 ? -rc : errno;
		char hint[256];

		if (e == EACCES || e == EPERM) {
			access_hint(hint, sizeof(hint));
			snprintf(err, errlen, "cannot open the events of %s (type %d, cpu %d): %s; %s",
				 p->name, p->type, p->cpu, strerror(e), hint);
			return -1;
		}
		if (cpukind) {
			snprintf(err, errlen, "cannot open the events of %s (type %d) for the command: %s; %s",
				 p->name, p->type, strerror(e), cpu_hint(e));
			return -1;
		}
		snprintf(err, errlen, "cannot open the events of %s (type %d, cpu %d): %s; %s",
			 p->name, p->type, p->cpu, strerror(e),
			 e == EBUSY && p->kind == AP_KIND_MB ?
			 "the debugger (JTAG) holds the MDM; disconnect it" :
			 e == EINVAL && p->kind == AP_KIND_MB ?
			 "the events may not fit the core's counters; name fewer figures with -M" :
			 e == ENOSPC && p->kind == AP_KIND_APM ?
			 "other events (another perf or axiperf) hold the APM's counters; stop them or name fewer figures with -M" :
			 e == EBUSY && p->kind == AP_KIND_APM ?
			 "other events hold the APM's latency points or ID filter with other values; stop them" :
			 "is the driver loaded and the device present?");
		return -1;
	}
	return 0;
}

/*
 * libperf 6.1's perf_evsel__delete forgets the map references an evsel
 * takes when the evlist hands it its maps (later libperf drops them there).
 */
static void delete_evlist(struct perf_evlist *evlist)
{
	struct perf_evsel *evsel;

	if (!evlist)
		return;
	perf_evlist__close(evlist);
	perf_evlist__for_each_evsel(evlist, evsel) {
		perf_cpu_map__put(perf_evsel__cpus(evsel));
		perf_thread_map__put(perf_evsel__threads(evsel));
	}
	perf_evlist__delete(evlist);	/* deletes the evsels */
}

static void close_group(struct group *g)
{
	delete_evlist(g->evlist);
	perf_cpu_map__put(g->cpus);
}

/*
 * Reads the group into c as the counts since the previous read: one
 * read() of the leader, so the driver serves every event from one
 * snapshot of the monitor. Layout: nr, time enabled, time running, values.
 */
static void read_group(struct group *g, struct ap_counts *c)
{
	uint64_t buf[3 + AP_NEV];
	size_t want = (3 + (size_t)g->nev) * sizeof(uint64_t);
	int fd = ap_evsel_fd(g->evsel[0], 0, 0);
	ssize_t got = fd < 0 ? -1 : read(fd, buf, want);

	c->clock_hz = g->pmu->clock_hz;
	for (int i = 0; i < g->nev; i++) {
		int id = g->id[i];
		uint64_t v;

		if (got != (ssize_t)want || buf[0] != (uint64_t)g->nev || buf[2] == 0) {
			c->state[id] = AP_EV_NOT_COUNTED;
			continue;
		}
		v = buf[3 + i];
		if (buf[2] < buf[1])	/* multiplexed: scale as perf does */
			v = (uint64_t)((double)v * buf[1] / buf[2]);
		c->state[id] = AP_EV_COUNTED;
		/* a monitor's maxima (gauges), an APM's latency minimum and
		 * maximum, are values, not running counts */
		if ((id >= AXIPERF_EV_RD_MAX_BURST_SIZE && id < AP_NEV_AXI) ||
		    ap_event_is_gauge(id))
			c->value[id] = v;
		else
			c->value[id] = v - g->prev[i];
		g->prev[i] = v;
	}
}

/* ---- the driver's tracepoint, for intervals shorter than reads allow --- */

struct tracer {
	struct ap_tracefmt *fmt;
	struct perf_evlist *evlist;
	struct perf_cpu_map *cpus;
	struct ap_timeline tl;
	int npmu;
	const struct ap_pmu *pmus;
	char (*old)[16];	/* trace_interval_ms before we set it */
};

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	do {
		if (n + 4096 > cap) {
			char *nb = realloc(buf, cap += 65536);

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
	} while (r > 0);
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

static int write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f)
		return -1;
	rc = fputs(text, f) < 0;
	return fclose(f) || rc ? -1 : 0;
}

static void interval_path(char *buf, size_t len, const struct ap_pmu *p)
{
	snprintf(buf, len, "%s/bus/event_source/devices/%s/trace_interval_ms",
		 ap_sysfs_root(), p->name);
}

static void tracer_close(struct tracer *t)
{
	char path[4200];

	for (int i = 0; t->old && i < t->npmu; i++) {
		if (!t->old[i][0])
			continue;
		interval_path(path, sizeof(path), &t->pmus[i]);
		write_text(path, t->old[i]);
	}
	free(t->old);
	if (t->evlist)
		perf_evlist__munmap(t->evlist);
	delete_evlist(t->evlist);
	perf_cpu_map__put(t->cpus);
	ap_tracefmt_free(t->fmt);
}

static int tracer_open(struct tracer *t, const struct ap_pmu *pmus, int npmu,
		       int interval_ms, struct perf_thread_map *threads,
		       char *err, size_t errlen)
{
	static const char *const tracefs[] = { "kernel/tracing", "kernel/debug/tracing" };
	char path[4200], ms[16], *text = NULL, *idtext;
	struct perf_event_attr attr;
	struct perf_evsel *evsel;
	size_t len = 0;
	int rc;

	memset(t, 0, sizeof(*t));
	ap_timeline_init(&t->tl);
	t->pmus = pmus;
	t->npmu = npmu;
	for (size_t i = 0; i < 2 && !text; i++) {
		snprintf(path, sizeof(path), "%s/%s/events/%s/%s/format",
			 ap_sysfs_root(), tracefs[i], AP_TRACE_SYSTEM, AP_TRACE_EVENT);
		text = slurp(path, &len);
	}
	if (!text) {
		snprintf(err, errlen, "no %s:%s tracepoint under %s/kernel/tracing: mount tracefs (mount -t tracefs nodev /sys/kernel/tracing) with the axiperf driver loaded, or use -I 10 or more",
			 AP_TRACE_SYSTEM, AP_TRACE_EVENT, ap_sysfs_root());
		return -1;
	}
	rc = ap_tracefmt_load(text, len, &t->fmt, err, errlen);
	free(text);
	if (rc)
		return -1;
	*strrchr(path, '/') = 0;
	strcat(path, "/id");
	idtext = slurp(path, &len);
	memset(&attr, 0, sizeof(attr));
	if (!idtext || sscanf(idtext, "%llu", &attr.config) != 1) {
		free(idtext);
		snprintf(err, errlen, "%s: cannot read the tracepoint id", path);
		return -1;
	}
	free(idtext);

	t->old = calloc((size_t)npmu, sizeof(*t->old));
	if (!t->old) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(ms, sizeof(ms), "%d\n", interval_ms);
	for (int i = 0; i < npmu; i++) {
		char *old;

		if (pmus[i].kind != AP_KIND_AXI)
			continue;
		interval_path(path, sizeof(path), &pmus[i]);
		old = slurp(path, &len);
		if (!old || write_text(path, ms)) {
			free(old);
			snprintf(err, errlen, "cannot set %s: %s; the driver needs trace_interval_ms and root to write it",
				 path, strerror(errno));
			return -1;
		}
		snprintf(t->old[i], sizeof(t->old[i]), "%s", old);
		free(old);
	}

	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_RAW;
	attr.disabled = 1;
	t->evlist = perf_evlist__new();
	t->cpus = perf_cpu_map__new(NULL);	/* the timers fire anywhere */
	evsel = perf_evsel__new(&attr);
	if (!t->evlist || !t->cpus || !evsel) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	perf_evlist__add(t->evlist, evsel);
	perf_evlist__set_maps(t->evlist, t->cpus, threads);
	rc = perf_evlist__open(t->evlist);
	if (!rc)
		rc = perf_evlist__mmap(t->evlist, TRACE_PAGES);
	if (rc) {
		snprintf(err, errlen, "cannot open the %s:%s tracepoint: %s; run as root",
			 AP_TRACE_SYSTEM, AP_TRACE_EVENT, strerror(rc < 0 ? -rc : errno));
		return -1;
	}
	return 0;
}

static int by_time(const void *a, const void *b)
{
	const struct ap_trace_record *x = a, *y = b;

	return (x->time_ns > y->time_ns) - (x->time_ns < y->time_ns);
}

/* Moves every record out of the ring buffers into the timeline, in time order. */
static void tracer_drain(struct tracer *t, struct ap_data *d)
{
	struct ap_trace_record *recs = NULL;
	struct perf_mmap *map;
	size_t n = 0, cap = 0;

	perf_evlist__for_each_mmap(t->evlist, map, false) {
		union perf_event *ev;

		if (perf_mmap__read_init(map) < 0)
			continue;
		while ((ev = perf_mmap__read_event(map))) {
			const char *p = (const char *)ev + sizeof(ev->header);
			uint64_t time;
			uint32_t size;

			if (ev->header.type == PERF_RECORD_SAMPLE &&
			    ev->header.size >= sizeof(ev->header) + 12) {
				memcpy(&time, p, 8);
				memcpy(&size, p + 8, 4);
				if (n == cap) {
					struct ap_trace_record *nr;

					cap = cap ? 2 * cap : 256;
					nr = realloc(recs, cap * sizeof(*recs));
					if (!nr)
						break;
					recs = nr;
				}
				if (size <= ev->header.size - sizeof(ev->header) - 12 &&
				    !ap_tracefmt_decode(t->fmt, p + 12, (int)size, &recs[n])) {
					recs[n].time_ns = time;
					n++;
				}
			}
			perf_mmap__consume(map);
		}
		perf_mmap__read_done(map);
	}
	if (n)
		qsort(recs, n, sizeof(*recs), by_time);
	for (size_t i = 0; i < n; i++)
		ap_timeline_add(&t->tl, d, &recs[i]);
	free(recs);
}

/*
 * Once the timeline is complete: each monitor's clock rate, and the
 * counters it lacks. The tracepoint carries every counter; one the
 * monitor lacks (the in-flight sums of a map 1.0 or HAS_LATENCY=0 build)
 * reads 0 there but was not measured: its figures must say n/a, not 0.
 */
static void tracer_finish(const struct tracer *t, struct ap_data *d)
{
	for (int i = 0; i < t->npmu; i++) {
		int inst = -1;

		for (int k = 0; k < d->ninst; k++)
			if (!strcmp(d->inst[k], t->pmus[i].name))
				inst = k;
		if (inst < 0)
			continue;
		for (int f = 0; f < d->nframes; f++)
			d->frames[f].c[inst].clock_hz = t->pmus[i].clock_hz;
		for (int id = 0; id < AXIPERF_NUM_COUNTERS; id++)
			if (!ap_pmu_event(&t->pmus[i], id))
				for (int f = 0; f < d->nframes; f++)
					d->frames[f].c[inst].state[id] = AP_EV_ABSENT;
	}
}

/*
 * Starts the command stopped at a pipe so that counting begins right
 * before it execs; a failed exec comes back through a close-on-exec pipe.
 */
static pid_t spawn(char **argv, const sigset_t *mask, int *go, int *fail)
{
	int gop[2], failp[2];
	pid_t pid;

	if (pipe(gop) || pipe2(failp, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		char c;
		int e;

		close(gop[1]);
		close(failp[0]);
		if (read(gop[0], &c, 1) != 1)
			_exit(127);
		signal(SIGINT, SIG_DFL);
		sigprocmask(SIG_SETMASK, mask, NULL);
		execvp(argv[0], argv);
		e = errno;
		if (write(failp[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	close(gop[0]);
	close(failp[1]);
	*go = gop[1];
	*fail = failp[0];
	return pid;
}

static int any(const unsigned char *need)
{
	for (int id = 0; id < AP_NEV; id++)
		if (need[id])
			return 1;
	return 0;
}

int ap_stat_run(const struct ap_pmu *pmus, int npmu,
		unsigned char (*need)[AP_NEV], const struct ap_stat_opts *o,
		struct ap_data *d, char *err, size_t errlen)
{
	struct perf_thread_map *threads, *command = NULL;
	struct tracer tr = { 0 };
	int tracing = o->trace;
	struct group *g;
	int go = -1, failfd = -1, status = 0, e = 0, rc = -1, ng = 0;
	double t0, tprev, next;
	sigset_t chld, old;
	pid_t pid = -1;

	libperf_init(quiet_libperf);
	threads = perf_thread_map__new_dummy();
	command = perf_thread_map__new_dummy();
	g = calloc((size_t)npmu, sizeof(*g));
	if (!threads || !command || !g) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/*
	 * The command starts first, held at a pipe: the CPU PMU's group
	 * counts its threads, so it needs the pid; it execs once every
	 * group is open and enabled.
	 */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old);
	signal(SIGINT, SIG_IGN);	/* ^C stops the command, we still report */
	pid = spawn(o->argv, &old, &go, &failfd);
	if (pid < 0) {
		snprintf(err, errlen, "cannot start '%s': %s", o->argv[0], strerror(errno));
		goto unblock;
	}
	perf_thread_map__set_pid(command, 0, pid);
	/* the driver takes trace_interval_ms when a monitor starts counting,
	 * which is when its first event opens */
	if (tracing && tracer_open(&tr, pmus, npmu, o->interval_ms, threads, err, errlen))
		goto abandon;
	for (int i = 0; i < npmu; i++) {
		if (!any(need[i]))
			continue;	/* nothing asked of this PMU */
		if (tracing && pmus[i].kind != AP_KIND_AXI) {
			fprintf(stderr, "axiperf: %s left out: the tracepoint timeline covers the AXI monitors only\n",
				pmus[i].name);
			continue;
		}
		if (open_group(&g[ng], &pmus[i], need[i], threads, command, err, errlen)) {
			ng++;
			goto abandon;
		}
		ap_data_instance(d, pmus[i].name);
		ng++;
	}
	if (!ng) {
		snprintf(err, errlen, "no PMU has the events of the figures asked for; `axiperf list` shows what each has");
		goto abandon;
	}
	d->interval = o->interval_ms > 0;

	if (tracing)
		perf_evlist__enable(tr.evlist);
	for (int i = 0; i < ng; i++)	/* a CPU group starts at the exec */
		if (!ap_kind_is_cpu(g[i].pmu->kind))
			perf_evlist__enable(g[i].evlist);
	t0 = tprev = next = now();
	if (write(go, "g", 1) != 1)
		e = errno;
	close(go);

	for (;;) {
		struct timespec ts;
		int sig;

		if (o->interval_ms > 0) {
			/* against absolute deadlines, so intervals do not drift */
			double period = (tracing ? TRACE_DRAIN_MS : o->interval_ms) / 1e3;
			double wait;

			next += period;
			wait = next - now();
			if (wait < 0)
				wait = 0;
			ts.tv_sec = (time_t)wait;
			ts.tv_nsec = (long)((wait - (double)ts.tv_sec) * 1e9);
			sig = sigtimedwait(&chld, NULL, &ts);
		} else {
			sig = sigwaitinfo(&chld, NULL);
		}
		if (sig < 0 && errno != EAGAIN) {
			next -= (tracing ? TRACE_DRAIN_MS : o->interval_ms) / 1e3;
			continue;	/* interrupted: wait again for the same deadline */
		}
		if (sig < 0 && errno == EAGAIN && tracing) {
			tracer_drain(&tr, d);
			continue;
		}
		if (sig < 0 && errno == EAGAIN) {
			double t = now();
			struct ap_frame *fr = ap_data_frame(d, t - t0);

			fr->seconds = t - tprev;
			tprev = t;
			for (int i = 0; i < ng; i++) {
				fr->c[i].seconds = fr->seconds;
				read_group(&g[i], &fr->c[i]);
			}
			continue;
		}
		if (waitpid(pid, &status, WNOHANG) == pid)
			break;
	}
	{
		double t = now();
		struct ap_counts *last = calloc((size_t)ng, sizeof(*last));
		struct ap_frame *fr;

		/*
		 * Read while still counting: the read() of a running group is
		 * one sample of its monitor, whereas disabling stops the events
		 * one after the other, each at its own clock.
		 */
		for (int i = 0; last && i < ng; i++)
			read_group(&g[i], &last[i]);
		for (int i = 0; i < ng; i++)
			perf_evlist__disable(g[i].evlist);
		if (tracing) {
			perf_evlist__disable(tr.evlist);
			tracer_drain(&tr, d);
			tracer_finish(&tr, d);
		}
		if (tracing && !d->nframes) {
			fprintf(stderr, "axiperf: no two tracepoint records arrived; printing the whole run\n");
			d->interval = 0;
		}
		if (tracing && d->nframes) {
			free(last);
			goto waited;
		}
		fr = ap_data_frame(d, d->interval ? t - t0 : 0);
		fr->seconds = d->interval ? t - tprev : t - t0;
		for (int i = 0; i < ng; i++) {
			if (last)
				fr->c[i] = last[i];
			else
				read_group(&g[i], &fr->c[i]);
			fr->c[i].seconds = fr->seconds;
		}
		free(last);
	}
waited:
	for (int i = 0; i < ng; i++) {
		const struct ap_counts *c = &d->frames[d->nframes - 1].c[i];
		int lost = 0;

		for (int k = 0; k < g[i].nev; k++)
			lost |= c->state[g[i].id[k]] == AP_EV_NOT_COUNTED;
		if (lost && g[i].pmu->kind == AP_KIND_MBV)
			fprintf(stderr, "axiperf: %s did not count: OpenSBI found no HPM counter for all of its events at once; the device tree's riscv,pmu node needs a riscv,raw-event-to-mhpmcounters row that matches their codes (Documentation/microblaze-v.rst), or the core has fewer counters than they need (name fewer figures with -M)\n",
				g[i].pmu->name);
		else if (lost && ap_kind_is_cpu(g[i].pmu->kind))
			fprintf(stderr, "axiperf: %s did not count (the command's events never got the core's counters at once, or another tool holds them); name fewer figures with -M\n",
				g[i].pmu->name);
	}
	if (read(failfd, &e, sizeof(e)) == sizeof(e)) {
		snprintf(err, errlen, "cannot run '%s': %s; check the command after --",
			 o->argv[0], strerror(e));
		goto unblock;
	}
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	goto unblock;
abandon:
	/* the command never runs: it reads the end of the pipe and exits */
	close(go);
	go = -1;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
unblock:
	if (failfd >= 0)
		close(failfd);
	signal(SIGINT, SIG_DFL);
	sigprocmask(SIG_SETMASK, &old, NULL);
out:
	if (tracing)
		tracer_close(&tr);
	for (int i = 0; i < ng; i++)
		close_group(&g[i]);
	free(g);
	if (threads)
		perf_thread_map__put(threads);
	if (command)
		perf_thread_map__put(command);
	return rc;
}
