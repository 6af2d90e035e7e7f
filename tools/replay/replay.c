// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf-replay: the monitor's counts and figures for an AXI4 link in a
 * simulation trace. Each rising clock edge of the trace is one clock of
 * the C reference model, triggered from the first edge to the last.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "axiperf/regs.h"
#include "axiperf/figures.h"
#include "axiperf_model.h"
#include "axiperf_trace.h"
#include "vcd.h"

static const char *prog = "axiperf-replay";

static const char usage_text[] =
"usage: axiperf-replay [options] TRACE\n"
"\n"
"Replays an AXI4 link from TRACE (a VCD file, or a raw trace written by\n"
"--dump-trace) through the axiperf C model, triggered for the whole trace,\n"
"and prints every event's count and the derived figures.\n"
"\n"
"Finding the link's signals in a VCD (names match without case):\n"
"  --prefix P        signals are P + awvalid, P + awready, ... (e.g. m_axi_)\n"
"  --scope S         only signals in scope S (dotted path, or its tail)\n"
"  --map ROLE=NAME   signal NAME (may be scope.name) for ROLE; 'ROLE=' marks\n"
"                    an optional ROLE absent (awid arid rid awlen arlen awsize\n"
"                    arsize wstrb)\n"
"  --clock NAME      the clock (default: P+aclk, P+clk, aclk, clk, clock)\n"
"  --reset NAME, --resetn NAME\n"
"                    a reset, active high or low: clocks in reset are not\n"
"                    counted and its release restarts the model (default:\n"
"                    P+aresetn, P+rst_n, P+resetn, P+areset, P+rst, P+reset,\n"
"                    then the same without P, active low when the name ends\n"
"                    in n; '--map reset=' for none)\n"
"A link with none of awid, arid, rid is replayed with ID width 0.\n"
"ROLEs: clk awvalid awready awid awlen awsize wstrb wlast wvalid wready bvalid\n"
"       bready arvalid arready arid arlen arsize rvalid rready rid rlast\n"
"\n"
"Monitor build parameters (defaults: from the trace's widths):\n"
"  --data-width N    32..1024 (default: 8 x the width of wstrb, at least 32)\n"
"  --counter-width N 32 or 64 (default 64)\n"
"  --id-slots N      read ID table entries, 1..16 (default 4)\n"
"\n"
"Figures per second need a clock rate (default: from the VCD timestamps):\n"
"  --clock-hz F\n"
"\n"
"Benchmarking:\n"
"  --dump-trace FILE write every clock of the link to FILE as a raw trace\n"
"  --repeat N        replay the trace N times (held in memory), each on a\n"
"                    freshly started model: counts add up, maxima stay\n"
"  --bench           print the model's own speed (clocks/s, wall time) on stderr\n";

enum role {
	R_CLK, R_AWVALID, R_AWREADY, R_AWID, R_AWLEN, R_AWSIZE, R_WSTRB, R_WLAST,
	R_WVALID, R_WREADY, R_BVALID, R_BREADY, R_ARVALID, R_ARREADY, R_ARID,
	R_ARLEN, R_ARSIZE, R_RVALID, R_RREADY, R_RID, R_RLAST, R_RESET, R_NUM
};

static const struct {
	const char *name;
	unsigned int max_bits;
	int optional;
} roles[R_NUM] = {
	[R_CLK] = { "clk", 1, 0 },
	[R_AWVALID] = { "awvalid", 1, 0 },
	[R_AWREADY] = { "awready", 1, 0 },
	[R_AWID] = { "awid", 16, 1 },
	[R_AWLEN] = { "awlen", 8, 1 },
	[R_AWSIZE] = { "awsize", 3, 1 },
	[R_WSTRB] = { "wstrb", 128, 1 },
	[R_WLAST] = { "wlast", 1, 0 },
	[R_WVALID] = { "wvalid", 1, 0 },
	[R_WREADY] = { "wready", 1, 0 },
	[R_BVALID] = { "bvalid", 1, 0 },
	[R_BREADY] = { "bready", 1, 0 },
	[R_ARVALID] = { "arvalid", 1, 0 },
	[R_ARREADY] = { "arready", 1, 0 },
	[R_ARID] = { "arid", 16, 1 },
	[R_ARLEN] = { "arlen", 8, 1 },
	[R_ARSIZE] = { "arsize", 3, 1 },
	[R_RVALID] = { "rvalid", 1, 0 },
	[R_RREADY] = { "rready", 1, 0 },
	[R_RID] = { "rid", 16, 1 },
	[R_RLAST] = { "rlast", 1, 0 },
	[R_RESET] = { "reset", 1, 1 },
};

struct opts {
	const char *prefix;
	const char *scope;
	const char *map[R_NUM];		/* NULL: by name; "": absent */
	int reset_low;
	unsigned int data_width, counter_width, id_slots;
	double clock_hz;
	const char *dump;
	unsigned long repeat;
	int bench;
	const char *path;
};

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help'.\n", prog);
	exit(2);
}

static int role_of(const char *name, size_t n)
{
	for (int r = 0; r < R_NUM; r++)
		if (strlen(roles[r].name) == n && !strncasecmp(roles[r].name, name, n))
			return r;
	return -1;
}

static unsigned long number(const char *opt, const char *s, unsigned long lo, unsigned long hi)
{
	char *e;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &e, 0);
	if (errno || e == s || *e || v < lo || v > hi)
		usage_error("%s '%s': want a whole number from %lu to %lu", opt, s, lo, hi);
	return v;
}

static void parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option longopts[] = {
		{ "prefix", required_argument, NULL, 'p' },
		{ "scope", required_argument, NULL, 's' },
		{ "map", required_argument, NULL, 'm' },
		{ "clock", required_argument, NULL, 'c' },
		{ "reset", required_argument, NULL, 'r' },
		{ "resetn", required_argument, NULL, 'n' },
		{ "data-width", required_argument, NULL, 'd' },
		{ "counter-width", required_argument, NULL, 'w' },
		{ "id-slots", required_argument, NULL, 'i' },
		{ "clock-hz", required_argument, NULL, 'f' },
		{ "dump-trace", required_argument, NULL, 'o' },
		{ "repeat", required_argument, NULL, 'R' },
		{ "bench", no_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->prefix = "";
	o->counter_width = 64;
	o->id_slots = 4;
	o->repeat = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			o->prefix = optarg;
			break;
		case 's':
			o->scope = optarg;
			break;
		case 'm': {
			const char *eq = strchr(optarg, '=');
			int r = eq ? role_of(optarg, (size_t)(eq - optarg)) : -1;

			if (!eq)
				usage_error("--map '%s': want ROLE=NAME", optarg);
			if (r < 0)
				usage_error("--map '%s': no role '%.*s'", optarg,
					    (int)(eq - optarg), optarg);
			if (!eq[1] && !roles[r].optional)
				usage_error("--map '%s': %s cannot be absent", optarg, roles[r].name);
			o->map[r] = eq + 1;
			break;
		}
		case 'c':
			o->map[R_CLK] = optarg;
			break;
		case 'r':
		case 'n':
			o->map[R_RESET] = optarg;
			o->reset_low = c == 'n';
			break;
		case 'd':
			o->data_width = (unsigned int)number("--data-width", optarg, 32, 1024);
			if (o->data_width & (o->data_width - 1))
				usage_error("--data-width %s: want a power of two", optarg);
			break;
		case 'w':
			o->counter_width = (unsigned int)number("--counter-width", optarg, 32, 64);
			if (o->counter_width != 32 && o->counter_width != 64)
				usage_error("--counter-width %s: want 32 or 64", optarg);
			break;
		case 'i':
			o->id_slots = (unsigned int)number("--id-slots", optarg, 1,
							   AXIPERF_MODEL_MAX_SLOTS);
			break;
		case 'f': {
			char *e;

			o->clock_hz = strtod(optarg, &e);
			if (e == optarg || *e || !(o->clock_hz > 0))
				usage_error("--clock-hz '%s': want a positive number", optarg);
			break;
		}
		case 'o':
			o->dump = optarg;
			break;
		case 'R':
			o->repeat = number("--repeat", optarg, 1, 1000000000UL);
			break;
		case 'b':
			o->bench = 1;
			break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		case ':':
			usage_error("option '%s' needs a value", argv[optind - 1]);
			break;
		default:
			if (optopt)
				usage_error("unknown option '-%c'", optopt);
			usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind != argc - 1)
		usage_error(optind == argc ? "no TRACE file given" : "more than one TRACE file given");
	o->path = argv[optind];
}

/* ------------------------------------------------------------ signals */

struct part {
	int role;
	unsigned int lsb, width;
	int next;		/* next part of the same identifier code, or -1 */
};

struct link_map {
	int *first;		/* by identifier code: first part, or -1 */
	struct part *parts;
	unsigned int nparts, cap_parts;
	unsigned int width[R_NUM];	/* 0: absent */
	char found[R_NUM][256];		/* scope.name used, for messages */
	int reset_low;			/* the reset's polarity */
	int no_ids;			/* the trace has no awid, arid, rid */
	const char *reset_how;		/* how the reset was chosen */
};

static int scope_matches(const char *scope, const char *want)
{
	size_t a = strlen(scope), b = strlen(want);

	if (a == b)
		return !strcasecmp(scope, want);
	return a > b && scope[a - b - 1] == '.' && !strcasecmp(scope + a - b, want);
}

static int var_matches(const struct vcd_var *v, const char *name, const char *scope,
		       const char *only_scope)
{
	if (strcasecmp(v->name, name))
		return 0;
	if (scope && !scope_matches(v->scope, scope))
		return 0;
	if (only_scope && !scope_matches(v->scope, only_scope))
		return 0;
	return 1;
}

/* The vars of one signal: all in one scope (several when bit by bit). */
static int find_signal(const struct vcd *v, const struct opts *o, const char *full,
		       int *idx, int max, char *ambiguous, size_t amb_len)
{
	char name[256];
	const char *scope = NULL, *dot = strrchr(full, '.');
	int n = 0;
	const struct vcd_var *first = NULL;

	snprintf(name, sizeof(name), "%s", dot ? dot + 1 : full);
	if (dot) {
		static char sc[256];

		snprintf(sc, sizeof(sc), "%.*s", (int)(dot - full), full);
		scope = sc;
	}
	*ambiguous = 0;
	for (unsigned int i = 0; i < v->nvars; i++) {
		const struct vcd_var *var = &v->vars[i];

		if (!var_matches(var, name, scope, o->scope))
			continue;
		if (first && strcmp(first->scope, var->scope)) {
			/* the same net dumped in two scopes is one signal */
			if (var->code == first->code)
				continue;
			snprintf(ambiguous, amb_len, "%s.%s and %s.%s", first->scope, first->name,
				 var->scope, var->name);
			return -1;
		}
		if (!first)
			first = var;
		if (n < max)
			idx[n++] = (int)i;
	}
	return n;
}

static void add_part(struct link_map *lm, const struct vcd_var *var, int role)
{
	struct part *p;
	unsigned int lsb = 0;

	if (var->msb >= 0)
		lsb = (unsigned int)(var->msb < var->lsb ? var->msb : var->lsb);
	if (lm->nparts == lm->cap_parts) {
		lm->cap_parts = lm->cap_parts ? lm->cap_parts * 2 : 64;
		lm->parts = realloc(lm->parts, lm->cap_parts * sizeof(*lm->parts));
		if (!lm->parts)
			die("out of memory");
	}
	p = &lm->parts[lm->nparts];
	p->role = role;
	p->lsb = lsb;
	p->width = var->width;
	p->next = lm->first[var->code];
	lm->first[var->code] = (int)lm->nparts++;
	if (lsb + var->width > lm->width[role])
		lm->width[role] = lsb + var->width;
}

/* Names ending in the role's name, to suggest a --prefix. */
static void suggest(const struct vcd *v, const char *role, char *out, size_t len)
{
	size_t rl = strlen(role), used = 0;
	int n = 0;

	*out = 0;
	for (unsigned int i = 0; i < v->nvars && n < 4; i++) {
		const char *nm = v->vars[i].name;
		size_t l = strlen(nm);

		/* at a word boundary: m_axi_rready, not m_axi_arready */
		if (l > rl && !strcasecmp(nm + l - rl, role) &&
		    (nm[l - rl - 1] == '_' || nm[l - rl - 1] == '.')) {
			int w = snprintf(out + used, len - used, "%s%s.%s", n ? ", " : "",
					 v->vars[i].scope, nm);

			if (w < 0 || (size_t)w >= len - used)
				break;
			used += (size_t)w;
			n++;
		}
	}
}

static int is_id_role(int r)
{
	return r == R_AWID || r == R_ARID || r == R_RID;
}

/* Whether the trace has any of the ID signals under their default names. */
static int any_id_signal(const struct vcd *v, const struct opts *o)
{
	static const int ids[] = { R_AWID, R_ARID, R_RID };
	char name[300], amb[600];
	int idx[256];

	for (size_t i = 0; i < 3; i++) {
		if (o->map[ids[i]]) {
			if (*o->map[ids[i]])
				return 1;	/* named by the user */
			continue;		/* marked absent */
		}
		snprintf(name, sizeof(name), "%s%s", o->prefix, roles[ids[i]].name);
		if (find_signal(v, o, name, idx, 256, amb, sizeof(amb)))
			return 1;
	}
	return 0;
}

/* Reset names looked for when none is given, each with its polarity. */
static const struct {
	const char *name;
	int low;
} reset_names[] = {
	{ "aresetn", 1 }, { "rst_n", 1 }, { "resetn", 1 },
	{ "areset", 0 }, { "rst", 0 }, { "reset", 0 },
};

/*
 * The reset by name: the prefixed names first, then the bare ones. Two
 * different resets at the same step are ambiguous; none at all is fine
 * (the link is counted from its first clock).
 */
static void find_reset(const struct vcd *v, const struct opts *o, struct link_map *lm)
{
	char amb[600], name[300];
	int idx[256];
	int low = 0;

	for (int bare = *o->prefix ? 0 : 1; bare < 2; bare++) {
		int nfound = 0;

		for (size_t i = 0; i < sizeof(reset_names) / sizeof(reset_names[0]); i++) {
			int n;

			snprintf(name, sizeof(name), "%s%s", bare ? "" : o->prefix,
				 reset_names[i].name);
			n = find_signal(v, o, name, idx, 256, amb, sizeof(amb));
			if (n < 0)
				die("%s: reset is ambiguous: %s; choose with --scope, --reset NAME "
				    "or --resetn NAME", o->path, amb);
			if (!n)
				continue;
			if (nfound == 1)
				die("%s: two resets found: %s and %s.%s; choose one with --reset "
				    "NAME (active high) or --resetn NAME (active low), or "
				    "'--map reset=' for none", o->path, lm->found[R_RESET],
				    v->vars[idx[0]].scope, v->vars[idx[0]].name);
			snprintf(lm->found[R_RESET], sizeof(lm->found[R_RESET]), "%s.%s",
				 v->vars[idx[0]].scope, v->vars[idx[0]].name);
			low = reset_names[i].low;
			for (int k = 0; k < n; k++)
				add_part(lm, &v->vars[idx[k]], R_RESET);
			nfound++;
		}
		if (nfound) {
			lm->reset_low = low;
			lm->reset_how = "found by name";
			return;
		}
	}
	lm->reset_how = "none found by name";
}

static void map_signals(const struct vcd *v, const struct opts *o, struct link_map *lm)
{
	int idx[256];

	memset(lm, 0, sizeof(*lm));
	lm->first = malloc((v->ncodes ? v->ncodes : 1) * sizeof(*lm->first));
	if (!lm->first)
		die("out of memory");
	for (unsigned int i = 0; i < v->ncodes; i++)
		lm->first[i] = -1;

	for (int r = 0; r < R_NUM; r++) {
		char want[300], amb[600];
		const char *tries[5];
		int ntries = 0, n = -1;

		if (o->map[r] && !*o->map[r]) {
			if (r == R_RESET)
				lm->reset_how = "--map reset=";
			continue;	/* absent */
		}
		if (r == R_RESET && !o->map[r]) {
			find_reset(v, o, lm);
			continue;
		}
		if (r == R_RESET) {
			lm->reset_low = o->reset_low;
			lm->reset_how = o->reset_low ? "--resetn" : "--reset";
		}
		if (o->map[r]) {
			tries[ntries++] = o->map[r];
		} else if (r == R_CLK) {
			static char a[300], b[300];

			snprintf(a, sizeof(a), "%saclk", o->prefix);
			snprintf(b, sizeof(b), "%sclk", o->prefix);
			tries[ntries++] = a;
			tries[ntries++] = b;
			tries[ntries++] = "aclk";
			tries[ntries++] = "clk";
			tries[ntries++] = "clock";
		} else {
			snprintf(want, sizeof(want), "%s%s", o->prefix, roles[r].name);
			tries[ntries++] = want;
		}
		for (int t = 0; t < ntries && n <= 0; t++) {
			n = find_signal(v, o, tries[t], idx, 256, amb, sizeof(amb));
			if (n < 0)
				die("%s: %s is ambiguous: %s; choose with --scope or --map %s=SCOPE.NAME",
				    o->path, roles[r].name, amb, roles[r].name);
			if (n > 0)
				snprintf(lm->found[r], sizeof(lm->found[r]), "%s.%s",
					 v->vars[idx[0]].scope, v->vars[idx[0]].name);
		}
		if (n == 0 && is_id_role(r) && !o->map[r] && !any_id_signal(v, o)) {
			lm->no_ids = 1;
			continue;	/* a link without IDs: width 0 */
		}
		if (n == 0) {
			char sug[512];

			if (r == R_CLK && !o->map[r])
				die("%s: no clock found (tried %saclk, %sclk, aclk, clk, clock); "
				    "name it with --clock NAME", o->path, o->prefix, o->prefix);
			suggest(v, roles[r].name, sug, sizeof(sug));
			die("%s: no signal for %s: looked for '%s'%s%s%s%s%s; name it with "
			    "--map %s=NAME%s%s%s, or set the name prefix with --prefix",
			    o->path, roles[r].name, tries[0], o->scope ? " in scope " : "",
			    o->scope ? o->scope : "", *sug ? " (signals ending in it: " : "", sug,
			    *sug ? ")" : "", roles[r].name,
			    roles[r].optional ? " (or --map " : "",
			    roles[r].optional ? roles[r].name : "",
			    roles[r].optional ? "= if the link has none)" : "");
		}
		for (int i = 0; i < n; i++)
			add_part(lm, &v->vars[idx[i]], r);
		if (lm->width[r] > roles[r].max_bits)
			die("%s: %s (%s) is %u bits wide; at most %u for %s", o->path, roles[r].name,
			    lm->found[r], lm->width[r], roles[r].max_bits, roles[r].name);
	}
}

/* ------------------------------------------------------------ replay */

struct replay {
	struct opts *o;
	struct axiperf_model m;
	struct axiperf_params p;
	FILE *dump;
	struct axiperf_run *runs;	/* kept for --repeat / --bench, else a batch */
	unsigned long nruns, cap_runs;
	uint64_t nclocks;		/* in the kept runs */
	struct axiperf_link run_l;	/* the run being read: these wires, */
	uint64_t run_n;			/* this many clocks */
	int keep_runs;			/* the whole trace, for --repeat / --bench */
	unsigned long edges;
	uint64_t t_first, t_last;
	int in_reset;
	char reset_desc[400];	/* for the report */
	int no_ids;
};

/* Runs handed to the model at once (axiperf_model_replay() counts in batches). */
#define REPLAY_BATCH 4096

/* The runs read so far go to the model (unless kept for --repeat/--bench). */
static void flush_runs(struct replay *rp)
{
	if (rp->keep_runs)
		return;
	axiperf_model_replay(&rp->m, rp->runs, rp->nruns);
	rp->nruns = 0;
}

/* The run read so far is over: to the batch, or kept for --repeat/--bench. */
static void end_run(struct replay *rp)
{
	if (!rp->run_n)
		return;
	if (rp->nruns == rp->cap_runs) {
		rp->cap_runs = rp->cap_runs ? rp->cap_runs * 2 : REPLAY_BATCH;
		rp->runs = realloc(rp->runs, rp->cap_runs * sizeof(*rp->runs));
		if (!rp->runs)
			die("out of memory for %lu runs of the trace", rp->cap_runs);
	}
	rp->runs[rp->nruns].l = rp->run_l;
	rp->runs[rp->nruns++].n = rp->run_n;
	if (rp->keep_runs)
		rp->nclocks += rp->run_n;
	else if (rp->nruns == REPLAY_BATCH)
		flush_runs(rp);
	rp->run_n = 0;
}

static void start_model(struct replay *rp)
{
	axiperf_model_init(&rp->m, &rp->p);
	/* started at the first clock, whatever the bus is doing */
	rp->m.triggered = true;
}

static void one_clock(struct replay *rp, const struct axiperf_link *l)
{
	if (rp->dump) {
		uint8_t rec[AXIPERF_TRACE_RECORD_SIZE];

		axiperf_trace_encode(rec, l);
		if (fwrite(rec, sizeof(rec), 1, rp->dump) != 1)
			die("%s: write failed: %s", rp->o->dump, strerror(errno));
	}
	if (rp->run_n && memcmp(&rp->run_l, l, sizeof(*l)))
		end_run(rp);
	rp->run_l = *l;
	rp->run_n++;
}

static uint64_t bits_of(const uint64_t (*val)[2], int r, unsigned int width)
{
	uint64_t v = val[r][0];

	return width >= 64 ? v : v & (((uint64_t)1 << width) - 1);
}

static void edge(struct replay *rp, const struct link_map *lm, const uint64_t (*val)[2],
		 uint64_t t)
{
	struct axiperf_link l;
	unsigned int bytes = rp->p.data_width / 8;

	if (!rp->edges)
		rp->t_first = t;
	rp->t_last = t;
	rp->edges++;
	if (lm->width[R_RESET]) {
		int active = (int)(val[R_RESET][0] & 1) != lm->reset_low;

		if (active) {
			rp->in_reset = 1;
			return;
		}
		if (rp->in_reset && !rp->keep_runs) {
			end_run(rp);
			flush_runs(rp);
			start_model(rp);
		}
		rp->in_reset = 0;
	}
	memset(&l, 0, sizeof(l));
	l.awvalid = val[R_AWVALID][0] & 1;
	l.awready = val[R_AWREADY][0] & 1;
	l.wvalid = val[R_WVALID][0] & 1;
	l.wready = val[R_WREADY][0] & 1;
	l.wlast = val[R_WLAST][0] & 1;
	l.bvalid = val[R_BVALID][0] & 1;
	l.bready = val[R_BREADY][0] & 1;
	l.arvalid = val[R_ARVALID][0] & 1;
	l.arready = val[R_ARREADY][0] & 1;
	l.rvalid = val[R_RVALID][0] & 1;
	l.rready = val[R_RREADY][0] & 1;
	l.rlast = val[R_RLAST][0] & 1;
	l.awid = (uint32_t)bits_of(val, R_AWID, lm->width[R_AWID]);
	l.arid = (uint32_t)bits_of(val, R_ARID, lm->width[R_ARID]);
	l.rid = (uint32_t)bits_of(val, R_RID, lm->width[R_RID]);
	l.awlen = (uint8_t)bits_of(val, R_AWLEN, lm->width[R_AWLEN]);
	l.arlen = (uint8_t)bits_of(val, R_ARLEN, lm->width[R_ARLEN]);
	if (lm->width[R_AWSIZE]) {
		l.awsize = (uint8_t)bits_of(val, R_AWSIZE, lm->width[R_AWSIZE]);
		l.arsize = (uint8_t)bits_of(val, R_ARSIZE, lm->width[R_ARSIZE]);
	}
	if (!lm->width[R_AWSIZE] || !lm->width[R_ARSIZE]) {
		/* no AxSIZE: every beat is the full data width */
		unsigned int sz = 0;

		while ((2u << sz) <= bytes)
			sz++;
		if (!lm->width[R_AWSIZE])
			l.awsize = (uint8_t)sz;
		if (!lm->width[R_ARSIZE])
			l.arsize = (uint8_t)sz;
	}
	if (lm->width[R_WSTRB]) {
		l.wstrb[0] = val[R_WSTRB][0];
		l.wstrb[1] = val[R_WSTRB][1];
	} else {
		l.wstrb[0] = bytes >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bytes) - 1;
		l.wstrb[1] = bytes >= 128 ? ~(uint64_t)0 : 0;
	}
	one_clock(rp, &l);
}

static void set_bits(uint64_t *dst, unsigned int lsb, unsigned int width, const uint64_t *src)
{
	if (lsb == 0 && width == 1) {
		dst[0] = (dst[0] & ~(uint64_t)1) | (src[0] & 1);
		return;
	}
	if (lsb == 0 && width >= 128) {
		dst[0] = src[0];
		dst[1] = src[1];
		return;
	}
	for (unsigned int i = 0; i < width && lsb + i < 128; i++) {
		unsigned int d = lsb + i;
		uint64_t b = i < 128 ? (src[i / 64] >> (i % 64)) & 1 : 0;

		dst[d / 64] = (dst[d / 64] & ~((uint64_t)1 << (d % 64))) | (b << (d % 64));
	}
}

static unsigned int data_width_of(const struct opts *o, const struct link_map *lm)
{
	unsigned int w = 32;

	if (o->data_width)
		return o->data_width;
	while (w < lm->width[R_WSTRB] * 8)
		w *= 2;
	return w;
}

static void replay_vcd(struct replay *rp, FILE *f)
{
	struct vcd v;
	struct link_map lm;
	uint64_t val[R_NUM][2], before[R_NUM][2];
	int clk_known = 0, clk_known_before = 0;
	int dirty = 0, link_changed = 1;
	uint64_t t = 0;
	enum vcd_event e;
	unsigned int idw;

	if (vcd_open(&v, f))
		die("%s:%s", rp->o->path, v.err + 5);
	map_signals(&v, rp->o, &lm);
	rp->no_ids = lm.no_ids;
	if (lm.width[R_RESET])
		snprintf(rp->reset_desc, sizeof(rp->reset_desc), "reset %s (active %s, %s)",
			 lm.found[R_RESET], lm.reset_low ? "low" : "high", lm.reset_how);
	else
		snprintf(rp->reset_desc, sizeof(rp->reset_desc), "no reset (%s)", lm.reset_how);

	axiperf_params_default(&rp->p);
	rp->p.data_width = data_width_of(rp->o, &lm);
	idw = lm.width[R_ARID] > lm.width[R_RID] ? lm.width[R_ARID] : lm.width[R_RID];
	rp->p.id_width = lm.width[R_RID] ? idw : 0;
	rp->p.counter_width = rp->o->counter_width;
	rp->p.id_slots = rp->o->id_slots;
	if (rp->o->data_width && lm.width[R_WSTRB] > rp->o->data_width / 8)
		die("%s: wstrb (%s) has %u lanes, more than --data-width %u has", rp->o->path,
		    lm.found[R_WSTRB], lm.width[R_WSTRB], rp->o->data_width);
	start_model(rp);
	if (rp->dump) {
		uint8_t h[AXIPERF_TRACE_HEADER_SIZE];

		axiperf_trace_header(h, rp->p.data_width, rp->p.id_width);
		if (fwrite(h, sizeof(h), 1, rp->dump) != 1)
			die("%s: write failed: %s", rp->o->dump, strerror(errno));
	}

	memset(val, 0, sizeof(val));
	memcpy(before, val, sizeof(val));
	/*
	 * A rising edge samples every other signal as it was before the
	 * edge's time step: values dumped at the edge's own time are the
	 * ones the edge produced.
	 *
	 * The trace is read by its change times: only a time step in which
	 * a link signal changed copies the values and builds the wires
	 * again; a rising edge after none (an idle stretch, a held stall,
	 * a steady stream) only lengthens the run of equal clocks, which
	 * the model then takes at once (axiperf_model_replay()).
	 */
	for (;;) {
		e = vcd_next(&v);
		if (e == VCD_ERROR)
			die("%s:%s", rp->o->path, v.err + 5);
		if (e == VCD_END || e == VCD_TIME) {
			if (clk_known_before && !(before[R_CLK][0] & 1) && clk_known &&
			    (val[R_CLK][0] & 1)) {
				if (!link_changed && rp->run_n && !rp->in_reset && !rp->dump) {
					rp->edges++;
					rp->t_last = t;
					rp->run_n++;
				} else {
					edge(rp, &lm, (const uint64_t (*)[2])before, t);
					link_changed = 0;
				}
			}
			if (e == VCD_END)
				break;
			if (v.ev_time < t)
				die("%s:%ld: time #%llu goes back from #%llu", rp->o->path, v.ev_line,
				    (unsigned long long)v.ev_time, (unsigned long long)t);
			t = v.ev_time;
			if (dirty) {
				memcpy(before, val, sizeof(val));
				dirty = 0;
				link_changed = 1;
			} else {
				before[R_CLK][0] = val[R_CLK][0];
			}
			clk_known_before = clk_known;
			continue;
		}
		for (int pi = lm.first[v.ev_code]; pi >= 0; pi = lm.parts[pi].next) {
			const struct part *p = &lm.parts[pi];

			set_bits(val[p->role], p->lsb, p->width, v.ev_value);
			if (p->role == R_CLK)
				clk_known = v.ev_known;
			else
				dirty = 1;
		}
	}
	end_run(rp);
	if (!rp->edges)
		die("%s: the clock %s never rises: nothing to replay", rp->o->path, lm.found[R_CLK]);
	/* the clock rate from the edges' times, unless given */
	if (!rp->o->clock_hz && v.timescale > 0 && rp->edges > 1 && rp->t_last > rp->t_first)
		rp->o->clock_hz = (double)(rp->edges - 1) /
				  ((double)(rp->t_last - rp->t_first) * v.timescale);
	free(lm.first);
	free(lm.parts);
	vcd_close(&v);
}

static void replay_raw(struct replay *rp, FILE *f)
{
	uint8_t h[AXIPERF_TRACE_HEADER_SIZE], rec[AXIPERF_TRACE_RECORD_SIZE];
	unsigned int dw, iw;
	size_t n;
	struct axiperf_link l;

	if (fread(h, sizeof(h), 1, f) != 1 || axiperf_trace_check_header(h, &dw, &iw))
		die("%s: not a raw trace of version %d", rp->o->path, AXIPERF_TRACE_VERSION);
	axiperf_params_default(&rp->p);
	rp->p.data_width = rp->o->data_width ? rp->o->data_width : dw;
	rp->p.id_width = iw;
	rp->p.counter_width = rp->o->counter_width;
	rp->p.id_slots = rp->o->id_slots;
	if (axiperf_model_params_error(&rp->p))
		die("%s: header: %s", rp->o->path, axiperf_model_params_error(&rp->p));
	start_model(rp);
	if (rp->dump) {
		axiperf_trace_header(h, rp->p.data_width, rp->p.id_width);
		if (fwrite(h, sizeof(h), 1, rp->dump) != 1)
			die("%s: write failed: %s", rp->o->dump, strerror(errno));
	}
	while ((n = fread(rec, 1, sizeof(rec), f)) == sizeof(rec)) {
		axiperf_trace_decode(rec, &l);
		rp->edges++;
		one_clock(rp, &l);
	}
	end_run(rp);
	if (n)
		die("%s: ends in a partial record (%zu of %d bytes)", rp->o->path, n,
		    AXIPERF_TRACE_RECORD_SIZE);
	if (ferror(f))
		die("%s: read failed: %s", rp->o->path, strerror(errno));
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ output */

/* What is printed: every event, and the two status flags, of one or more passes. */
struct totals {
	uint64_t ev[AXIPERF_EV_MAX + 1];
	int perf_err, resp_approx;
};

static int is_gauge(unsigned int id)
{
	switch (id) {
#define AXIPERF_X(name, gid, off, lsb, bits) case gid:
	AXIPERF_GAUGES(AXIPERF_X)
#undef AXIPERF_X
		return 1;
	default:
		return 0;
	}
}

/* A pass's model into the totals: counts add up (at the counter width), maxima stay. */
static void add_pass(struct totals *t, const struct axiperf_model *m,
		     const struct axiperf_params *p)
{
	const uint64_t mask = p->counter_width == 64 ? ~(uint64_t)0 : 0xffffffffULL;
	uint32_t ctl = axiperf_model_read(m, AXIPERF_REG_CONTROL);

	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++) {
		uint64_t v = axiperf_model_event(m, id);

		if (is_gauge(id))
			t->ev[id] = v > t->ev[id] ? v : t->ev[id];
		else
			t->ev[id] = (t->ev[id] + v) & mask;
	}
	t->perf_err |= !!(ctl & AXIPERF_CONTROL_PERF_ERR);
	t->resp_approx |= !!(ctl & AXIPERF_CONTROL_RESP_APPROX);
}

static double term_sum(const struct totals *tot, const struct axiperf_term *t, int n,
		       double seconds)
{
	double s = 0;

	for (int i = 0; i < n; i++) {
		double v = t[i].event == AXIPERF_TERM_SECONDS ? seconds :
			   (double)tot->ev[t[i].event];

		s += t[i].sign * v;
	}
	return s;
}

static void print_results(const struct replay *rp, const struct totals *t)
{
	double seconds = 0;

	if (rp->o->clock_hz > 0)
		seconds = (double)t->ev[AXIPERF_EV_ACTIVE_CYCLES] / rp->o->clock_hz;
	printf("# %s: %lu clocks", rp->o->path, rp->edges);
	if (rp->o->repeat > 1)
		printf(" x %lu", rp->o->repeat);
	if (rp->o->clock_hz > 0)
		printf(", %.6g Hz", rp->o->clock_hz);
	printf("; data %u bits, ID %u bits%s, %u ID slots, %u-bit counters", rp->p.data_width,
	       rp->p.id_width, rp->no_ids ? " (the trace has no IDs)" : "",
	       rp->p.id_width ? rp->p.id_slots : 1, rp->p.counter_width);
	if (*rp->reset_desc)
		printf("; %s", rp->reset_desc);
	putchar('\n');
	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++)
		if (axiperf_event_name[id])
			printf("%-24s %llu\n", axiperf_event_name[id], (unsigned long long)t->ev[id]);
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		const struct axiperf_figure *f = &axiperf_figures[i];
		double num = term_sum(t, f->num, f->nnum, seconds);
		double den = term_sum(t, f->den, f->nden, seconds);

		if (den == 0)
			printf("%-24s n/a\n", f->name);
		else
			printf("%-24s %.3f %s\n", f->name, num / den * f->scale, f->unit);
	}
	printf("%-24s %d\n", "perf_err", t->perf_err);
	printf("%-24s %d\n", "resp_approx", t->resp_approx);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct replay rp;
	struct totals tot;
	FILE *f;
	char magic[8];
	int raw;

	parse_args(argc, argv, &o);
	memset(&rp, 0, sizeof(rp));
	memset(&tot, 0, sizeof(tot));
	rp.o = &o;
	rp.keep_runs = o.repeat > 1 || o.bench;

	f = fopen(o.path, "rb");
	if (!f)
		die("cannot open '%s': %s", o.path, strerror(errno));
	raw = fread(magic, 1, sizeof(magic), f) == sizeof(magic) &&
	      !memcmp(magic, AXIPERF_TRACE_MAGIC, sizeof(magic));
	rewind(f);
	if (o.dump) {
		rp.dump = fopen(o.dump, "wb");
		if (!rp.dump)
			die("cannot create '%s': %s", o.dump, strerror(errno));
	}
	if (raw)
		replay_raw(&rp, f);
	else
		replay_vcd(&rp, f);
	if (ferror(f))
		die("%s: read failed: %s", o.path, strerror(errno));
	fclose(f);
	if (rp.dump && fclose(rp.dump))
		die("%s: write failed: %s", o.dump, strerror(errno));

	if (rp.keep_runs) {
		double t0, dt = 0;

		/*
		 * Each pass on a freshly started model (the starts untimed): a
		 * trace that ends with bursts outstanding, replayed pass after
		 * pass on one model, would raise the trackers until perf_err.
		 */
		for (unsigned long r = 0; r < o.repeat; r++) {
			start_model(&rp);
			t0 = now();
			axiperf_model_replay(&rp.m, rp.runs, rp.nruns);
			dt += now() - t0;
			add_pass(&tot, &rp.m, &rp.p);
		}
		if (o.bench)
			fprintf(stderr, "bench: model %llu clocks (%lu runs of equal clocks) in %.3f s"
					" = %.1f Mclocks/s (wall, model only)\n",
				(unsigned long long)rp.nclocks * o.repeat, rp.nruns * o.repeat, dt,
				dt > 0 ? (double)rp.nclocks * o.repeat / dt / 1e6 : 0.0);
	} else {
		flush_runs(&rp);
		add_pass(&tot, &rp.m, &rp.p);
	}
	free(rp.runs);
	print_results(&rp, &tot);
	return 0;
}
