// SPDX-License-Identifier: GPL-2.0 OR MIT
/* axiperf: AXI bus, APM, MicroBlaze and CPU figures from perf counts. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf.h"

#define EXIT_USAGE	2

static void figure_list(FILE *out, enum ap_kind kind)
{
	char formula[512];

	for (int k = 0; k < AP_NFIG; k++) {
		if (ap_fig_kind(k) != kind)
			continue;
		ap_fig_formula(k, formula, sizeof(formula));
		fprintf(out, "  %-30s %s [%s]\n  %-30s %s\n", ap_fig_name(k),
			ap_fig_title(k), ap_fig_unit(k), "", formula);
	}
}

static void event_list(FILE *out, enum ap_kind kind)
{
	for (int i = 0, col = 80; i < AP_NEV; i++) {
		const char *n = ap_event_name(i);

		if (!n || ap_event_kind(i) != kind)
			continue;
		if (col + strlen(n) + 1 > 76) {
			fprintf(out, "\n ");
			col = 1;
		}
		col += fprintf(out, " %s", n);
	}
	fprintf(out, "\n");
}

static void usage(FILE *out)
{
	fprintf(out,
"usage: axiperf list\n"
"       axiperf stat [-a] [-I ms [--trace]] [--csv|--json] [-M figure,...]\n"
"                    [-e event,...] [--plot FILE.svg|FILE.png] -- command [args...]\n"
"       axiperf report [--csv|--json] [-M figure,...] [-e event,...]\n"
"                    [--seconds S] [--clock-hz HZ] [--plot FILE.svg|FILE.png]\n"
"                    [FILE|-]\n"
"\n"
"list    the axiperfN, apm_* and microblazeN PMUs in sysfs, the CPU PMU of\n"
"        a MicroBlaze V (cpu) or an ARM core (armv7_*, armv8_*), their events\n"
"        (an APM's slots and counters) and the figures each gives\n"
"stat    counts every monitor, APM port and MicroBlaze core (one event\n"
"        group each) while command runs, and the command's own CPU events\n"
"        (children included), then prints raw counts and figures, instances\n"
"        side by side; an APM (apm_ddr, ...) counts per slot, each slot an\n"
"        instance PMU.slot (apm_ddr.apu0), its slots sharing its counters:\n"
"        by default read_bandwidth, then write_bandwidth, on every slot\n"
"        while they fit (apm_ddr: 10 counters for 12; stderr says what was\n"
"        left out); -M figure@port counts an APM figure on the ports named\n"
"        (apm_ddr.apu0, apm_ddr.1 or apm_ddr: all its slots) only;\n"
"        -I ms prints a timeline, one measurement every ms\n"
"        milliseconds; under 10 ms (or with --trace) the timeline of the AXI\n"
"        monitors comes from the driver's axiperf:axiperf_counters tracepoint\n"
"        instead of reads; a MicroBlaze core counts the figures that fit its\n"
"        counters at once (in the order below, or those named with -M)\n"
"report  the same figures from `perf stat -x, -e axiperf0/rd_beats/,...`,\n"
"        `-e apm_ddr/apu0_read_bytes/,apm_ddr/read_bytes,slot=2/,...` or\n"
"        `-e microblaze0/cycles/,...` output (with -I: a timeline); the\n"
"        elapsed time comes from duration_time, perf's \"seconds time\n"
"        elapsed\" line or --seconds; --clock-hz gives the monitors' clock\n"
"        for the figures in ns (stat reads it from caps/clock_hz)\n"
"\n"
"-M      figures to print (default: all; on APMs the bandwidths), with\n"
"        figure@port an APM figure on those ports only; -e  raw events to add\n"
"--plot  draw the timeline with gnuplot, one panel per figure\n"
"AXIPERF_SYSFS  sysfs root to read instead of /sys\n"
"\n"
"A zero denominator prints n/a; \"seconds\" is the elapsed time.\n"
"AXI monitor figures (axiperfN):\n");
	figure_list(out, AP_KIND_AXI);
	fprintf(out, "MicroBlaze figures (microblazeN):\n");
	figure_list(out, AP_KIND_MB);
	fprintf(out, "MicroBlaze V figures (cpu):\n");
	figure_list(out, AP_KIND_MBV);
	fprintf(out, "ARM core figures (armv7_*, armv8_*):\n");
	figure_list(out, AP_KIND_ARM);
	fprintf(out, "APM figures (apm_*), each per slot; the means at the latency\n"
		"points' reset values (start issue, end last), in cycles:\n");
	figure_list(out, AP_KIND_APM);
	fprintf(out, "\nAXI monitor events:");
	event_list(out, AP_KIND_AXI);
	fprintf(out, "MicroBlaze events:");
	event_list(out, AP_KIND_MB);
	fprintf(out, "MicroBlaze V events:");
	event_list(out, AP_KIND_MBV);
	fprintf(out, "ARM core events:");
	event_list(out, AP_KIND_ARM);
	fprintf(out, "APM events (metrics, of each slot):");
	event_list(out, AP_KIND_APM);
}

static int die(int code, const char *fmt, const char *arg)
{
	fprintf(stderr, "axiperf: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	return code;
}

static int no_pmu(const char *root)
{
	fprintf(stderr,
		"axiperf: no axiperf, microblaze or CPU PMU in %s/bus/event_source/devices; load the driver (modprobe axiperf, or axiperf_mb for MicroBlaze cores, axiperf_apm for APMs) and check that the device tree describes the monitor or the MDM\n",
		root);
	return 1;
}

static int scan(struct ap_pmu **pmus, int *n)
{
	char err[AP_ERR_MAX];

	if (ap_pmu_scan(ap_sysfs_root(), pmus, n, err, sizeof(err)))
		return die(1, "%s", err);
	if (!*n)
		return no_pmu(ap_sysfs_root());
	return 0;
}

/*
 * Whether perf itself knows a MicroBlaze V's event names: its JSON
 * (patches/KVER/microblaze-v-perf/) is chosen by a mapfile row of
 * mvendorid-marchid-mimpid, which is the test bed's unless a user adds
 * theirs. axiperf counts by code whatever the row.
 */
static void mbv_names(const struct ap_pmu *p)
{
	if (!strcmp(p->identifier, AXIPERF_MBV_CPUID)) {
		printf("  perf    names these events (cpu/loads/, ...): cpuid %s has its mapfile row\n",
		       p->identifier);
		return;
	}
	printf("  perf    does not name these events: its mapfile has no row for cpuid %s (it has %s);\n"
	       "          count them with axiperf, or as cpu/event=<config>/, or add the row\n"
	       "          '%s,v1,amd/microblaze-v,core' to tools/perf/pmu-events/arch/riscv/mapfile.csv\n"
	       "          and rebuild perf (Documentation/microblaze-v.rst)\n",
	       p->identifier[0] ? p->identifier : "(not in /proc/cpuinfo)",
	       AXIPERF_MBV_CPUID, p->identifier[0] ? p->identifier : "<mvendorid>-<marchid>-<mimpid>");
}

/*
 * Does the perf on PATH ($AXIPERF_PERF, else "perf") know the monitors'
 * JSON (tools/perf-json/)? Its metric list then has read_transaction_latency.
 */
static void perf_json_note(void)
{
	const char *perf = getenv("AXIPERF_PERF");
	char cmd[600], line[512];
	int found = 0, any = 0;
	FILE *f;

	snprintf(cmd, sizeof(cmd), "%s list metric 2>/dev/null", perf && *perf ? perf : "perf");
	f = popen(cmd, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		any = 1;
		found |= strstr(line, "read_transaction_latency") != NULL;
	}
	if (pclose(f) != 0 && !any) {
		printf("perf: not found; axiperf counts without it\n");
		return;
	}
	if (found)
		printf("perf: knows the axiperf events and metrics (perf stat -M read_transaction_latency)\n");
	else
		printf("perf: does not know the axiperf events (raw sysfs names only, no perf stat -M): build it with tools/perf-json/, see Documentation/perf.rst\n");
}

static int cmd_list(void)
{
	struct ap_pmu *pmus;
	int n, rc;
	char formula[512];

	rc = scan(&pmus, &n);
	if (rc)
		return rc;
	for (int i = 0; i < n; i++) {
		const struct ap_pmu *p = &pmus[i];

		int ne, nl;

		printf("%s: type %d, cpu %d, %d events%s%s", p->name, p->type,
		       p->cpu, p->nev, p->identifier[0] ? ", identifier " : "",
		       p->identifier);
		if (p->kind == AP_KIND_APM)	/* the slots share the counters */
			printf(", %d slot%s, %d counters", p->slots, p->slots > 1 ? "s" : "",
			       p->counters);
		printf("\n");
		if (!ap_mb_counters(p, &ne, &nl))
			printf("  counters %d event, %d latency (one group at a time)\n", ne, nl);
		if (p->kind == AP_KIND_MBV)
			mbv_names(p);
		if (p->kind == AP_KIND_APM) {
			for (int s = 0; s < p->slots; s++)
				printf("  slot    %d %-14s port %s.%s\n", s, p->slot_name[s],
				       p->name, p->slot_name[s]);
		}
		for (int k = 0; k < p->nev; k++)
			printf("  event   %-22s %s=0x%02llx%s\n", p->ev[k].name,
			       p->ev[k].hw ? "generic" : "config",
			       (unsigned long long)p->ev[k].config,
			       p->ev[k].id < 0 ? "  (not known to this axiperf)" :
			       ap_cpu_event(p->ev[k].id) && ap_cpu_event(p->ev[k].id)->latency ?
			       "  (latency class: counts occurrences)" : "");
		for (int k = 0; k < AP_NFIG; k++) {
			if (ap_fig_kind(k) != p->kind)
				continue;
			ap_fig_formula(k, formula, sizeof(formula));
			printf("  figure  %-22s %s%s%s\n", ap_fig_name(k),
			       ap_pmu_can(p, k) ? "" : "n/a (events missing): ",
			       formula, p->kind != AP_KIND_APM ? "" :
			       (AXIPERF_APM_DEFAULT_FIGURES >> (k - AP_APM_FIG0)) & 1 ?
			       ", per slot (stat's default)" : ", per slot");
		}
	}
	for (int i = 0; i < n; i++)
		if (pmus[i].kind == AP_KIND_AXI) {
			perf_json_note();
			break;
		}
	ap_pmu_free(pmus, n);
	return 0;
}

struct opts {
	enum ap_format fmt;
	struct ap_select sel;
	int interval_ms;
	int trace;
	double seconds;
	double clock_hz;
	const char *plot;
};

enum { OPT_CSV = 256, OPT_JSON, OPT_PLOT, OPT_SECONDS, OPT_HELP, OPT_TRACE, OPT_CLOCK_HZ };

/* perf stat refuses intervals under 10 ms; below that the tracepoint serves */
#define MIN_READ_INTERVAL_MS	10

static const struct option long_opts[] = {
	{ "csv", no_argument, NULL, OPT_CSV },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "seconds", required_argument, NULL, OPT_SECONDS },
	{ "clock-hz", required_argument, NULL, OPT_CLOCK_HZ },
	{ "metrics", required_argument, NULL, 'M' },
	{ "event", required_argument, NULL, 'e' },
	{ "interval-print", required_argument, NULL, 'I' },
	{ "all-cpus", no_argument, NULL, 'a' },
	{ "help", no_argument, NULL, OPT_HELP },
	{ "trace", no_argument, NULL, OPT_TRACE },
	{ NULL, 0, NULL, 0 },
};

/* Returns -1 to go on, else the exit status. */
static int parse_opts(int argc, char **argv, struct opts *o, int stat)
{
	char err[AP_ERR_MAX], *end;
	const char *figs = NULL, *evs = NULL;
	int c;

	memset(o, 0, sizeof(*o));
	ap_select_all(&o->sel);
	optind = 1;
	while ((c = getopt_long(argc, argv, stat ? "+aI:M:e:" : "+M:e:",
				long_opts, NULL)) != -1) {
		switch (c) {
		case 'a':	/* always system wide; accepted as perf does */
			break;
		case 'I':
			errno = 0;
			o->interval_ms = (int)strtol(optarg, &end, 10);
			if (errno || *end || o->interval_ms < 1)
				return die(EXIT_USAGE, "-I %s: the interval is a whole number of milliseconds, 1 or more", optarg);
			break;
		case 'M':
			figs = optarg;
			break;
		case 'e':
			evs = optarg;
			break;
		case OPT_CSV:
			o->fmt = AP_FMT_CSV;
			break;
		case OPT_JSON:
			o->fmt = AP_FMT_JSON;
			break;
		case OPT_PLOT:
			o->plot = optarg;
			break;
		case OPT_SECONDS:
			o->seconds = strtod(optarg, &end);
			if (*end || !(o->seconds > 0))
				return die(EXIT_USAGE, "--seconds %s: give the elapsed time in seconds, more than 0", optarg);
			break;
		case OPT_CLOCK_HZ:
			o->clock_hz = strtod(optarg, &end);
			if (stat)
				return die(EXIT_USAGE, "--clock-hz %s: stat reads each monitor's clock from its caps/clock_hz; the option is report's", optarg);
			if (*end || !(o->clock_hz > 0))
				return die(EXIT_USAGE, "--clock-hz %s: give the monitors' clock rate in Hz, more than 0", optarg);
			break;
		case OPT_HELP:
			usage(stdout);
			return 0;
		case OPT_TRACE:
			o->trace = 1;
			break;
		default:
			return die(EXIT_USAGE, "%s", "bad option; see axiperf --help");
		}
	}
	if (figs && ap_select_figures(&o->sel, figs, err, sizeof(err)))
		return die(EXIT_USAGE, "%s", err);
	if (!figs && !stat)	/* report: every raw count the input has */
		memset(o->sel.ev, 1, sizeof(o->sel.ev));
	if (evs && ap_select_events(&o->sel, evs, err, sizeof(err)))
		return die(EXIT_USAGE, "%s", err);
	return -1;
}

static int finish(struct ap_data *d, struct opts *o)
{
	char err[AP_ERR_MAX];

	ap_print(stdout, d, &o->sel, o->fmt);
	fflush(stdout);
	if (o->plot && ap_plot(d, &o->sel, o->plot, err, sizeof(err)))
		return die(1, "%s", err);
	return 0;
}

static int cmd_report(int argc, char **argv)
{
	char err[AP_ERR_MAX];
	struct ap_data d;
	struct opts o;
	const char *path = "-";
	FILE *f = stdin;
	int rc;

	rc = parse_opts(argc, argv, &o, 0);
	if (rc >= 0)
		return rc;
	if (optind < argc)
		path = argv[optind++];
	if (optind < argc)
		return die(EXIT_USAGE, "report reads one file, '%s' is one too many", argv[optind]);
	if (strcmp(path, "-")) {
		f = fopen(path, "r");
		if (!f) {
			fprintf(stderr, "axiperf: %s: %s\n", path, strerror(errno));
			return 1;
		}
	}
	ap_data_init(&d);
	rc = ap_perfcsv_parse(f, strcmp(path, "-") ? path : "stdin", &d, err, sizeof(err));
	if (f != stdin)
		fclose(f);
	if (rc) {
		ap_data_free(&d);
		return die(1, "%s", err);
	}
	if (o.seconds > 0 && !d.interval)
		for (int i = 0; i < d.ninst; i++)
			d.frames[0].c[i].seconds = d.frames[0].seconds = o.seconds;
	for (int f = 0; o.clock_hz > 0 && f < d.nframes; f++)
		for (int i = 0; i < d.ninst; i++)
			d.frames[f].c[i].clock_hz = o.clock_hz;
	rc = finish(&d, &o);
	ap_data_free(&d);
	return rc;
}

/* A MicroBlaze V latency event on the SBI PMU's counters is a count. */
static void latency_notes(const struct ap_select *s)
{
	for (int id = AP_MBV_EV0; id < AP_ARM_EV0; id++)
		if (s->extra[id] && ap_cpu_event(id)->latency)
			fprintf(stderr, "axiperf: %s is a latency event (UG1629 class 5): on the HPM counters Linux programs it counts occurrences, not cycles; its latency sum and maximum need the core's latency counter pair, which the SBI PMU does not program (read them with a debugger)\n",
				ap_event_name(id));
}

static int cmd_stat(int argc, char **argv)
{
	char err[AP_ERR_MAX];
	struct ap_stat_opts so;
	unsigned char (*need)[AP_NEV];
	struct ap_pmu *pmus;
	struct ap_data d;
	struct opts o;
	FILE *notes;
	char *notes_text = NULL;
	size_t notes_len = 0;
	int n, rc;

	rc = parse_opts(argc, argv, &o, 1);
	if (rc >= 0)
		return rc;
	if (optind >= argc)
		return die(EXIT_USAGE, "%s", "stat needs a command: axiperf stat [options] -- command [args]");
	if (o.trace && !o.interval_ms)
		return die(EXIT_USAGE, "%s", "--trace needs -I ms");
	latency_notes(&o.sel);
	rc = scan(&pmus, &n);
	if (rc)
		return rc;
	if (ap_apm_ports(&pmus, &n, err, sizeof(err))) {
		ap_pmu_free(pmus, n);
		return die(1, "%s", err);
	}
	so.interval_ms = o.interval_ms;
	so.trace = o.trace || (o.interval_ms && o.interval_ms < MIN_READ_INTERVAL_MS);
	so.argv = argv + optind;
	need = calloc((size_t)n, sizeof(*need));
	if (!need) {
		ap_pmu_free(pmus, n);
		return die(1, "%s", "out of memory");
	}
	/*
	 * What the plan leaves out is said once the events are open: a user
	 * who may not count gets the one line that says why, not notes
	 * about counters first.
	 */
	notes = open_memstream(&notes_text, &notes_len);
	if (ap_plan(pmus, n, &o.sel, need, notes ? notes : stderr, err, sizeof(err))) {
		if (notes)
			fclose(notes);
		free(notes_text);
		free(need);
		ap_pmu_free(pmus, n);
		return die(EXIT_USAGE, "%s", err);
	}
	if (notes)
		fclose(notes);
	ap_data_init(&d);
	rc = ap_stat_run(pmus, n, need, &so, &d, err, sizeof(err));
	if (rc < 0) {
		rc = die(1, "%s", err);
	} else {
		int prc;

		if (notes_text)
			fputs(notes_text, stderr);
		prc = finish(&d, &o);

		if (rc)
			fprintf(stderr, "axiperf: '%s' exited with status %d; the counts above cover its run\n",
				so.argv[0], rc);
		else
			rc = prc;
	}
	ap_data_free(&d);
	free(notes_text);
	free(need);
	ap_pmu_free(pmus, n);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "list"))
		return cmd_list();
	if (!strcmp(argv[1], "stat"))
		return cmd_stat(argc - 1, argv + 1);
	if (!strcmp(argv[1], "report"))
		return cmd_report(argc - 1, argv + 1);
	return die(EXIT_USAGE, "unknown command '%s'; use list, stat or report (see axiperf --help)",
		   argv[1]);
}
