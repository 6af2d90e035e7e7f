// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf-replay: the monitor's counts and figures for the AXI4 links of a
 * simulation dump (VCD or FST), every link in one pass over the file.
 * Each rising clock edge of a link's clock is one clock of its own C
 * reference model, triggered from the first edge to the last.
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700	/* realpath() */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "axiperf/regs.h"
#include "axiperf/figures.h"
#include "axiperf_model.h"
#include "axiperf_trace.h"
#include "replay.h"
#include "txn.h"

static const char *prog = "axiperf-replay";

static const char usage_text[] =
"usage: axiperf-replay [options] TRACE\n"
"\n"
"Replays the AXI4 links of TRACE (a VCD or FST dump, '-' for a VCD on\n"
"standard input, or a raw trace written by --dump-trace) through the\n"
"axiperf C model, one model per link, triggered for the whole trace, and\n"
"prints every event's count and the derived figures, links side by side.\n"
"\n"
"Finding links: with none of the options below, every AXI4 interface in\n"
"the dump is found (a scope holding awvalid, awready, wvalid, wready,\n"
"wlast, bvalid, bready, arvalid, arready, rvalid, rready, rlast under one\n"
"prefix such as m_axi_), with its clock and reset in its scope or above.\n"
"  --list            list the links found, and near misses with the reason\n"
"  --lite            AXI4-Lite interfaces too (all of the above but wlast and\n"
"                    rlast): replayed as one-beat bursts, the maxima that do not\n"
"                    apply (burst sizes, IDs responding) n/a\n"
"  --link NAME       replay only this link (its scope path or its tail, with\n"
"                    or without the prefix); may be given several times\n"
"\n"
"Naming one link's signals (names match without case):\n"
"  --prefix P        signals are P + awvalid, P + awready, ... (e.g. m_axi_)\n"
"  --scope S         only signals in scope S (dotted path, or its tail)\n"
"  --map ROLE=NAME   signal NAME (may be scope.name) for ROLE; 'ROLE=' marks\n"
"                    an optional ROLE absent (awid arid rid awlen arlen awsize\n"
"                    arsize wstrb bid bresp rresp; wlast and rlast for an\n"
"                    AXI4-Lite link)\n"
"  --clock NAME      the clock (default: P+aclk, P+clk, aclk, clk, clock)\n"
"  --reset NAME, --resetn NAME\n"
"                    a reset, active high or low: clocks in reset are not\n"
"                    counted and its release restarts the model (default:\n"
"                    P+aresetn, P+rst_n, P+resetn, P+areset, P+rst, P+reset,\n"
"                    then the same without P, active low when the name ends\n"
"                    in n; '--map reset=' for none)\n"
"A link with none of awid, arid, rid is replayed with ID width 0.\n"
"ROLEs: clk awvalid awready awid awlen awsize wstrb wlast wvalid wready bvalid\n"
"       bready arvalid arready arid arlen arsize rvalid rready rid rlast, and\n"
"       for the transactions only: bid bresp rresp\n"
"\n"
"Monitor build parameters (defaults: from the trace's widths):\n"
"  --data-width N    32..1024 (default: 8 x the width of wstrb, at least 32)\n"
"  --counter-width N 32 or 64 (default 64)\n"
"  --id-slots N      read ID table entries, 1..16 (default 4)\n"
"\n"
"Figures per second and in ns need a clock rate (default: from the dump's\n"
"timestamps):\n"
"  --clock-hz F\n"
"\n"
"Counting windows, in the dump's time units (its #time values); several\n"
"--start/--end pairs, in time order, are counted in one pass, each window\n"
"printed as it closes (as --interval prints its windows) and the whole of\n"
"them after:\n"
"  --start T         count the clocks whose rising edge is at T or later\n"
"  --end T           ... and at T or earlier (the model follows the bus\n"
"                    before the window, so bursts begun then are known;\n"
"                    a burst in flight at either end is counted in part)\n"
"\n"
"Transactions, burst by burst (none of this is done unless asked):\n"
"  --latency         the exact latency distributions of each link: count, min,\n"
"                    p50, p90, p99, max, mean and a log2 histogram, in clocks:\n"
"                    read_first_data (AR handshake to first RVALID),\n"
"                    read_transaction (AR handshake to RLAST handshake),\n"
"                    write_transaction (AW handshake or first WVALID, whichever\n"
"                    is first, to B handshake), write_response (WLAST handshake\n"
"                    to B handshake)\n"
"  --per-id          ... and the same for each ID (implies --latency)\n"
"  --linear-bins W   ... and a histogram of bins W clocks wide (implies --latency)\n"
"  --worst N         the N slowest bursts of each kind: clocks, ID, start, end\n"
"  --markers FILE    write them to FILE as a GTKWave save file (.gtkw) with a\n"
"                    named marker at each one's start and end (needs --worst)\n"
"  --errors          SLVERR and DECERR responses counted from BRESP and RRESP\n"
"                    (R beats and B responses)\n"
"\n"
"Figures over time:\n"
"  --interval T      every figure (and the transactions asked for) also for each\n"
"                    window of T dump time units from the first clock, as the\n"
"                    windows end; the windows add up to the whole run\n"
"\n"
"Output (default: a table, links side by side):\n"
"  --csv             instance,kind,name,value,unit,num,den as axiperf stat --csv,\n"
"                    then link, the link's scope path: key rows by it, not by\n"
"                    instance (axiperfN is the order the links are found in)\n"
"  --json            the same as one JSON document, as axiperf stat --json\n"
"\n"
"A dump that is cut short or damaged gets a message with its line, and the\n"
"figures up to the last whole time step, marked PARTIAL (exit status 1).\n"
"On a terminal, a progress line on stderr shows how far the reading is.\n"
"\n"
"Benchmarking:\n"
"  --dump-trace FILE write every clock of the link to FILE as a raw trace\n"
"  --repeat N        replay the trace N times (held in memory), each on a\n"
"                    freshly started model: counts add up, maxima stay\n"
"  --bench           print the model's own speed and the end-to-end speed\n"
"                    (bytes read per second, memory) on stderr\n";

void die(const char *fmt, ...)
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
		{ "link", required_argument, NULL, 'L' },
		{ "list", no_argument, NULL, 'l' },
		{ "csv", no_argument, NULL, 'C' },
		{ "start", required_argument, NULL, 'S' },
		{ "end", required_argument, NULL, 'E' },
		{ "json", no_argument, NULL, 'J' },
		{ "latency", no_argument, NULL, 'y' },
		{ "per-id", no_argument, NULL, 'I' },
		{ "linear-bins", required_argument, NULL, 'B' },
		{ "worst", required_argument, NULL, 'X' },
		{ "markers", required_argument, NULL, 'K' },
		{ "errors", no_argument, NULL, 'e' },
		{ "interval", required_argument, NULL, 'T' },
		{ "lite", no_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->prefix = "";
	o->counter_width = 64;
	o->id_slots = 4;
	o->repeat = 1;
	o->end = UINT64_MAX;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			o->explicit = 1;
			o->prefix = optarg;
			break;
		case 's':
			o->explicit = 1;
			o->scope = optarg;
			break;
		case 'm': {
			o->explicit = 1;
			const char *eq = strchr(optarg, '=');
			int r = eq ? role_of(optarg, (size_t)(eq - optarg)) : -1;

			if (!eq)
				usage_error("--map '%s': want ROLE=NAME", optarg);
			if (r < 0)
				usage_error("--map '%s': no role '%.*s'", optarg,
					    (int)(eq - optarg), optarg);
			/* an AXI4-Lite link has no wlast, rlast: each beat is the last */
			if (!eq[1] && !roles[r].optional && r != R_WLAST && r != R_RLAST)
				usage_error("--map '%s': %s cannot be absent", optarg, roles[r].name);
			o->map[r] = eq + 1;
			break;
		}
		case 'c':
			o->explicit = 1;
			o->map[R_CLK] = optarg;
			break;
		case 'r':
		case 'n':
			o->explicit = 1;
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
		case 'L':
			o->links = dump_xrealloc(o->links, (o->nlinks + 1) * sizeof(*o->links));
			o->links[o->nlinks++] = optarg;
			break;
		case 'l':
			o->list = 1;
			break;
		case 'S':
		case 'E': {
			char *e;
			unsigned long long t;

			errno = 0;
			t = strtoull(optarg, &e, 0);
			if (errno || e == optarg || *e || *optarg == '-')
				usage_error("--%s '%s': want a time in the dump's units (a whole number)",
					    c == 'S' ? "start" : "end", optarg);
			/* a --start, or an --end, that the window has opens the next */
			if (!o->nwin || (c == 'S' && (o->wstart[o->nwin - 1] || o->wend[o->nwin - 1] !=
						      UINT64_MAX)) ||
			    (c == 'E' && o->wend[o->nwin - 1] != UINT64_MAX)) {
				o->wstart = dump_xrealloc(o->wstart, (o->nwin + 1) * sizeof(*o->wstart));
				o->wend = dump_xrealloc(o->wend, (o->nwin + 1) * sizeof(*o->wend));
				o->wstart[o->nwin] = 0;
				o->wend[o->nwin++] = UINT64_MAX;
			}
			if (c == 'S')
				o->wstart[o->nwin - 1] = t;
			else
				o->wend[o->nwin - 1] = t;
			o->window = 1;
			break;
		}
		case 'y':
			o->latency = 1;
			break;
		case 'I':
			o->latency = o->per_id = 1;
			break;
		case 'B':
			o->latency = 1;
			o->linear_w = number("--linear-bins", optarg, 1, 0xffffffffUL);
			break;
		case 'X':
			o->worst = (unsigned int)number("--worst", optarg, 1, 10000);
			break;
		case 'K':
			o->markers = optarg;
			break;
		case 'e':
			o->errors = 1;
			break;
		case 'A':
			o->lite = 1;
			break;
		case 'T': {
			char *e;

			errno = 0;
			o->interval = strtoull(optarg, &e, 0);
			if (errno || e == optarg || *e || *optarg == '-' || !o->interval)
				usage_error("--interval '%s': want a window of at least 1 unit of the "
					    "dump's time (a whole number)", optarg);
			break;
		}
		case 'C':
		case 'J':
			if (o->format && o->format != (c == 'C' ? 'c' : 'j'))
				usage_error("--csv and --json: choose one");
			o->format = c == 'C' ? 'c' : 'j';
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
	for (unsigned int w = 0; w < o->nwin; w++) {
		if (o->wstart[w] > o->wend[w])
			usage_error("--start %llu is after --end %llu: nothing to count",
				    (unsigned long long)o->wstart[w], (unsigned long long)o->wend[w]);
		if (w && o->wend[w - 1] == UINT64_MAX)
			usage_error("--start %llu: the window before it has no --end: give each "
				    "window's --end before the next --start", (unsigned long long)o->wstart[w]);
		if (w && o->wstart[w] <= o->wend[w - 1])
			usage_error("--start %llu is not after the window before it (to --end %llu): "
				    "give the windows in time order, each after the last",
				    (unsigned long long)o->wstart[w], (unsigned long long)o->wend[w - 1]);
	}
	if (o->nwin) {
		o->start = o->wstart[0];
		o->end = o->wend[0];
	}
	if (o->window && (o->repeat > 1 || o->bench))
		usage_error("--start and --end count part of one pass: not with --repeat or --bench");
	o->txn = o->latency || o->worst || o->errors;
	if (o->interval && (o->window || o->repeat > 1 || o->bench || o->dump))
		usage_error("--interval splits one whole pass: not with --start, --end, --repeat, "
			    "--bench or --dump-trace");
	if (o->markers && !o->worst)
		usage_error("--markers %s marks the slowest bursts: give --worst N too", o->markers);
	if (o->txn && (o->repeat > 1 || o->dump))
		usage_error("--latency, --worst and --errors follow the bursts of one pass: not with "
			    "--repeat or --dump-trace");
	if (o->explicit && (o->nlinks || o->list))
		usage_error("--link and --list choose among the links found; --prefix, --scope, "
			    "--map, --clock and --reset name one link's signals: use one or the other");
	if (optind != argc - 1)
		usage_error(optind == argc ? "no TRACE file given" : "more than one TRACE file given");
	o->path = argv[optind];
}

/* ------------------------------------------------------------ replay */

/* What is printed: every event, and the two status flags, of one or more passes. */
struct totals {
	uint64_t ev[AXIPERF_EV_MAX + 1];
	int perf_err, resp_approx;
	uint64_t na;			/* bit id: the event does not apply (AXI4-Lite) */
};

/* What an AXI4-Lite link has no use for: burst lengths, IDs responding at once. */
#define LITE_NA	((1ull << AXIPERF_EV_RD_MAX_BURST_SIZE) | (1ull << AXIPERF_EV_WR_MAX_BURST_SIZE) | \
		 (1ull << AXIPERF_EV_RD_MAX_RESPONDING))

/* One link's replay: its model and the runs of equal clocks read so far. */
struct replay {
	struct opts *o;
	struct axiperf_model m;
	struct axiperf_params p;
	FILE *dump;
	struct axiperf_run *runs;	/* kept for --repeat / --bench, else a batch */
	unsigned long nruns, cap_runs;
	uint64_t nclocks;		/* in the kept runs (--bench: replayed) */
	unsigned long nruns_done;	/* --bench: runs replayed */
	double model_s;			/* --bench: seconds in the model */
	struct axiperf_link run_l;	/* the run being read: these wires, */
	uint64_t run_n;			/* this many clocks */
	int keep_runs;			/* the whole trace, for --repeat / --bench */
	unsigned long edges;
	uint64_t t_first, t_last;
	int in_reset;
	int in_window;		/* counting (always, without --start/--end) */
	unsigned int win;	/* the --start/--end window now or next */
	struct link *self;	/* the link this is the replay of */
	char reset_desc[1400];	/* for the report */
	int no_ids;
	int lite;			/* AXI4-Lite: no wlast, rlast */
	double clock_hz;
	struct txn *tx;			/* the transactions, when asked for */
	const struct txn_ext *ext;	/* ... and their wires beyond the model's */
	int tx_hot;			/* the run's wires have a handshake: each clock counts */
	uint64_t t_now;			/* the time of the edge being clocked */
	/* --interval: the next window's start, the counts at this one's */
	uint64_t next_cut;
	/* an edge before this time may only lengthen the run (0: none may, --start/--end, --dump-trace) */
	uint64_t fast_until;
	struct totals prev;
	unsigned long win_edges;
	uint64_t gmax[AXIPERF_EV_MAX + 1];	/* the maxima of the windows cut */
	double timescale;
};

/* A link being replayed: where its signals are, their values, its model. */
struct link {
	struct opts o;			/* its own copy: signal names, parameters */
	struct link_map lm;
	struct replay rp;
	/*
	 * The values now, a slot of the reader by role, in a row (block): the
	 * slot of the role's variable, or, for a role of several variables,
	 * or of one not at bit 0 or watched already, a slot of no code that
	 * their values are merged into (merge_parts()); an absent role's is 0.
	 */
	struct dump_slot *block;
	unsigned int block_at;		/* its index in the reader's slots */
	struct mpart *mparts;		/* the variables of the merged roles */
	unsigned int nmparts;
	struct axiperf_link wires;	/* the wires as they were before this time step, */
	struct txn_ext ext;		/* ... those only the transactions read, */
	int has_ext;			/* (followed, and the dump has bid, bresp or rresp) */
	int reset_before;		/* ... the reset's level, */
	int clk_before;			/* ... and the clock's */
	int clk_known_before;
	int link_changed;		/* the wires differ from the last edge's */
	/* the wires from the values: each field (value & wmask) | wdef (wires_setup()) */
	uint64_t wmask[R_NUM], wdef[R_NUM];
	uint64_t strb_mask[2], strb_def[2];
	char label[1200];
	char aliases[512];
	struct totals tot;
	unsigned int index;		/* axiperfN */
	unsigned int found;		/* its index in the discovery (choose_links()) */
};

/* One variable's share of a merged role: its slot's bits at lsb. */
struct mpart {
	int role;
	unsigned int slot;
	const struct dump_slot *from;
	unsigned int lsb, width;
};

struct engine {
	const char *path;
	struct link *links;
	unsigned int nlinks;
	/* progress on a terminal */
	int progress, shown;
	int fst;
	uint64_t total;			/* bytes (VCD) or time (FST) */
	double timescale;		/* seconds per time unit; 0 if not known */
	double t0, t_shown;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs handed to the model at once (axiperf_model_replay() counts in batches). */
#define REPLAY_BATCH 4096

/* The runs read so far go to the model (unless kept for --repeat/--bench). */
static void flush_runs(struct replay *rp)
{
	double t0;

	if (rp->keep_runs)
		return;
	if (!rp->o->bench) {
		axiperf_model_replay(&rp->m, rp->runs, rp->nruns);
	} else {
		for (unsigned long i = 0; i < rp->nruns; i++)
			rp->nclocks += rp->runs[i].n;
		rp->nruns_done += rp->nruns;
		t0 = now();
		axiperf_model_replay(&rp->m, rp->runs, rp->nruns);
		rp->model_s += now() - t0;
	}
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
	if (rp->tx)
		txn_restart(rp->tx);
	/* a window's counts are those since the model (re)started */
	memset(&rp->prev, 0, sizeof(rp->prev));
	/* started at the first clock (of the window), whatever the bus is doing */
	rp->m.triggered = rp->in_window;
}

static void interval_row(struct link *k, uint64_t t0, uint64_t t1, int incl,
			 unsigned long clocks);

/*
 * --start, --end: the edge at t opens a window, or is past it. The runs
 * so far are taken by the model first, so that the change of counting
 * falls between two clocks; between windows the model follows the bus
 * without counting. With several windows, each is printed as it closes
 * (a window no edge fell in, with nothing counted). Returns 1 when the
 * edge is not to be clocked: past the last window.
 */
static int window_edge(struct replay *rp, uint64_t t)
{
	const struct opts *o = rp->o;

	while (rp->win < o->nwin) {
		if (rp->in_window && t <= o->wend[rp->win])
			return 0;
		if (!rp->in_window && t < o->wstart[rp->win])
			return 0;
		end_run(rp);
		flush_runs(rp);
		if (!rp->in_window && t <= o->wend[rp->win]) {
			rp->in_window = 1;
			rp->m.triggered = true;
			rp->win_edges = rp->edges - 1;	/* the clocks before this one */
			return 0;
		}
		/* this edge, past the window, is not the window's */
		if (o->nwin > 1)
			interval_row(rp->self, o->wstart[rp->win], o->wend[rp->win], 1,
				     rp->in_window ? rp->edges - 1 - rp->win_edges : 0);
		rp->in_window = 0;
		rp->m.triggered = false;
		rp->win++;
	}
	return 1;
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
	if (rp->tx) {
		txn_clock(rp->tx, l, rp->ext, rp->edges, rp->t_now, rp->in_window);
		rp->tx_hot = txn_hot(l);
	}
}

static uint64_t width_mask(unsigned int width)
{
	return width >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1;
}

/*
 * How the wires are made from the values, set once a link's widths are
 * known: the signals in the trace are taken at their widths; the absent
 * ones are constants (no ID: 0; no AxSIZE: every beat the full data
 * width; no WSTRB: every lane), each on its own.
 */
static void wires_setup(struct link *k, unsigned int data_width)
{
	const struct link_map *lm = &k->lm;
	unsigned int bytes = data_width / 8, sz = 0;

	while ((2u << sz) <= bytes)
		sz++;
	for (int r = 0; r < R_NUM; r++) {
		k->wmask[r] = width_mask(lm->width[r]);
		k->wdef[r] = 0;
	}
	if (!lm->width[R_AWSIZE])
		k->wdef[R_AWSIZE] = sz;
	if (!lm->width[R_ARSIZE])
		k->wdef[R_ARSIZE] = sz;
	if (lm->width[R_WSTRB]) {
		k->strb_mask[0] = width_mask(lm->width[R_WSTRB]);
		k->strb_mask[1] = lm->width[R_WSTRB] > 64 ? width_mask(lm->width[R_WSTRB] - 64) : 0;
		k->strb_def[0] = k->strb_def[1] = 0;
	} else {
		k->strb_mask[0] = k->strb_mask[1] = 0;
		k->strb_def[0] = bytes >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bytes) - 1;
		k->strb_def[1] = bytes >= 128 ? ~(uint64_t)0 : 0;
	}
}

/* The wires from the values now (no branch: the same work whatever changed). */
static void wires_build(struct link *k)
{
	const struct dump_slot *v = k->block;
	const uint64_t *m = k->wmask, *d = k->wdef;
	struct axiperf_link *l = &k->wires;

#define WIRE(r)	((v[r].value[0] & m[r]) | d[r])
	l->awvalid = v[R_AWVALID].value[0] & 1;
	l->awready = v[R_AWREADY].value[0] & 1;
	l->wvalid = v[R_WVALID].value[0] & 1;
	l->wready = v[R_WREADY].value[0] & 1;
	l->wlast = v[R_WLAST].value[0] & 1;
	l->bvalid = v[R_BVALID].value[0] & 1;
	l->bready = v[R_BREADY].value[0] & 1;
	l->arvalid = v[R_ARVALID].value[0] & 1;
	l->arready = v[R_ARREADY].value[0] & 1;
	l->rvalid = v[R_RVALID].value[0] & 1;
	l->rready = v[R_RREADY].value[0] & 1;
	l->rlast = v[R_RLAST].value[0] & 1;
	l->awid = (uint32_t)WIRE(R_AWID);
	l->arid = (uint32_t)WIRE(R_ARID);
	l->rid = (uint32_t)WIRE(R_RID);
	l->awlen = (uint8_t)WIRE(R_AWLEN);
	l->arlen = (uint8_t)WIRE(R_ARLEN);
	l->awsize = (uint8_t)WIRE(R_AWSIZE);
	l->arsize = (uint8_t)WIRE(R_ARSIZE);
#undef WIRE
	l->wstrb[0] = (v[R_WSTRB].value[0] & k->strb_mask[0]) | k->strb_def[0];
	l->wstrb[1] = (v[R_WSTRB].value[1] & k->strb_mask[1]) | k->strb_def[1];
	k->reset_before = (int)(v[R_RESET].value[0] & 1);
	if (k->has_ext) {
		k->ext.bid = (uint32_t)(v[R_BID].value[0] & m[R_BID]);
		k->ext.bresp = (unsigned int)(v[R_BRESP].value[0] & m[R_BRESP]);
		k->ext.rresp = (unsigned int)(v[R_RRESP].value[0] & m[R_RRESP]);
	}
}

/* A rising edge at t: a clock of the wires l (as they were before its step). */
static void edge(struct replay *rp, const struct link_map *lm, int reset_level,
		 const struct axiperf_link *l, uint64_t t)
{
	if (!rp->edges)
		rp->t_first = t;
	rp->t_last = t;
	rp->edges++;
	rp->t_now = t;
	if (rp->o->window && window_edge(rp, t))
		return;
	if (lm->width[R_RESET]) {
		int active = reset_level != lm->reset_low;

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
	one_clock(rp, l);
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

/* ------------------------------------------------------------ the pass */

/* The merged roles' values (and the clock's known, when merged) from their variables' slots. */
static void merge_parts(struct link *k)
{
	struct dump_slot *b = k->block;	/* a merged role's slot is the link's own */

	for (unsigned int i = 0; i < k->nmparts; i++) {
		memset(&b[k->mparts[i].role], 0, sizeof(b[0]));
		b[k->mparts[i].role].known = 1;
	}
	for (unsigned int i = 0; i < k->nmparts; i++) {
		const struct mpart *p = &k->mparts[i];

		set_bits(b[p->role].value, p->lsb, p->width, p->from->value);
		b[p->role].known &= p->from->known;
	}
}

/* The groups of link i's clock and of its other signals in the steps' touched sets. */
static uint64_t clk_group(unsigned int i)
{
	return (uint64_t)1 << (2 * (i % 32));
}

static uint64_t sig_group(unsigned int i)
{
	return (uint64_t)2 << (2 * (i % 32));
}

/* --interval: the windows start at the first clock of any link */
static uint64_t interval_origin;
static int have_origin;
static unsigned long rows_out;

static void print_counts(const struct totals *t, double hz);
static void json_str(const char *s);
static void machine_link(unsigned int i, const char *label, const struct totals *t, double hz,
			 unsigned long clocks, const struct txn *tx, const struct opts *o,
			 const uint64_t *win);

/*
 * --interval: link k's window [t0, t1) is over: its counts (the model's
 * since the last window; its maxima, which are then cleared), printed as
 * they come, and its transactions.
 */
static void interval_row(struct link *k, uint64_t t0, uint64_t t1, int incl,
			 unsigned long clocks)
{
	struct replay *rp = &k->rp;
	struct opts ro = k->o;
	struct totals row;
	const uint64_t mask = rp->p.counter_width == 64 ? ~(uint64_t)0 : 0xffffffffULL;
	uint32_t ctl = axiperf_model_read(&rp->m, AXIPERF_REG_CONTROL);
	uint64_t win[2] = { t0, t1 };
	double hz = k->o.clock_hz;

	memset(&row, 0, sizeof(row));
	row.na = rp->lite ? LITE_NA : 0;
	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++) {
		uint64_t v = axiperf_model_event(&rp->m, id);

		if (AXIPERF_EVENT_IS_GAUGE(id)) {
			row.ev[id] = v;
			rp->gmax[id] = v > rp->gmax[id] ? v : rp->gmax[id];
		} else {
			row.ev[id] = (v - rp->prev.ev[id]) & mask;
			rp->prev.ev[id] = v;
		}
	}
	memset(rp->m.gauge, 0, sizeof(rp->m.gauge));
	row.perf_err = !!(ctl & AXIPERF_CONTROL_PERF_ERR);
	row.resp_approx = !!(ctl & AXIPERF_CONTROL_RESP_APPROX);
	if (!hz && rp->timescale > 0 && rp->edges > 1 && rp->t_last > rp->t_first)
		hz = (double)(rp->edges - 1) / ((double)(rp->t_last - rp->t_first) * rp->timescale);
	/* the slowest are the whole run's; each ID's too */
	ro.worst = 0;
	ro.per_id = 0;
	/* the document's head with the first window: a refusal after reading prints none */
	if (!rows_out && ro.format == 'j') {
		printf("{\"trace\": ");
		json_str(ro.path);
		printf(", \"intervals\": [");
	} else if (!rows_out && ro.format == 'c') {
		printf("# instance,kind,name,value,unit,num,den,link (a window's rows: the "
		       "instance axiperfN@START..END)\n");
	}
	if (ro.format == 'j' || ro.format == 'c') {
		if (ro.format == 'j' && rows_out)
			putchar(',');
		machine_link(k->index, k->label, &row, hz, clocks, rp->tx, &ro, win);
	} else {
		printf("# axiperf%u%s%s: from #%llu to ", k->index, *k->label ? " " : "", k->label,
		       (unsigned long long)t0);
		if (t1 == UINT64_MAX)
			printf("the end");
		else
			printf("%s#%llu", incl ? "" : "before ", (unsigned long long)t1);
		printf(": %lu clocks\n", clocks);
		print_counts(&row, hz);
		if (rp->tx)
			txn_print_text(rp->tx, k->index, k->label, &ro);
	}
	rows_out++;
	if (rp->tx)
		txn_cut(rp->tx);
}

/* --interval: the edge at t is past link k's window: the windows up to t are over. */
static void interval_cut(struct link *k, uint64_t t)
{
	struct replay *rp = &k->rp;
	uint64_t w = k->o.interval;

	if (!have_origin) {
		interval_origin = t;
		have_origin = 1;
	}
	if (!rp->edges) {
		rp->next_cut = rp->fast_until = interval_origin + ((t - interval_origin) / w + 1) * w;
		return;
	}
	end_run(rp);
	flush_runs(rp);
	while (t >= rp->next_cut) {
		interval_row(k, rp->next_cut - w, rp->next_cut, 0, rp->edges - rp->win_edges);
		rp->win_edges = rp->edges;
		rp->next_cut += w;
	}
	rp->fast_until = rp->next_cut;
}

/* A rising edge of link k's clock at t. */
static void rise(struct link *k, uint64_t t)
{
	struct replay *rp = &k->rp;

	if (!k->link_changed && rp->run_n && !rp->in_reset && t < rp->fast_until) {
		rp->edges++;
		rp->t_last = t;
		rp->run_n++;
		if (rp->tx_hot)
			txn_clock(rp->tx, &k->wires, &k->ext, rp->edges, t, 1);
	} else {
		if (t >= rp->next_cut)
			interval_cut(k, t);
		edge(rp, &k->lm, k->reset_before, &k->wires, t);
		k->link_changed = 0;
	}
}

/*
 * A time step is over: each link whose signals it changed (touched) takes
 * it. A rising edge samples every other signal as it was before the
 * edge's time step: values dumped at the edge's own time are the ones the
 * edge produced. Only a step in which a link signal changed builds the
 * wires again (for the next edge); a rising edge after none (an idle
 * stretch, a held stall, a steady stream) only lengthens the run of equal
 * clocks, which the model then takes at once (axiperf_model_replay()). A
 * link nothing of which changed in the step has nothing to do (past 32
 * links, links share groups: one that has nothing to do may do it again,
 * to the same end).
 */
static void on_step(void *ctx, uint64_t t, uint64_t touched)
{
	struct engine *e = ctx;
	struct link *k = e->links;

	for (unsigned int i = 0; i < e->nlinks; i++, k++) {
		uint64_t g = touched >> (2 * (i % 32));	/* bit 0 the clock, bit 1 the others */
		int clk, known;

		if (!(g & 3))
			continue;
		if (k->nmparts)
			merge_parts(k);
		clk = (int)(k->block[R_CLK].value[0] & 1);
		known = k->block[R_CLK].known;
		if (k->clk_known_before & !k->clk_before & known & clk)
			rise(k, t);
		if (g & 2) {
			/* the wires as this step leaves them, for the next edge */
			wires_build(k);
			k->link_changed = 1;
		}
		k->clk_before = clk;
		k->clk_known_before = known;
	}
}

/*
 * The link's values from the reader's slots (struct link): its variables
 * watched, each in its group, a role of one variable at bit 0 into its
 * slot of the link's block if it has none yet.
 */
static void watch_link(struct engine *e, unsigned int i, struct vcd *v)
{
	struct link *k = &e->links[i];
	const struct link_map *lm = &k->lm;
	unsigned int nparts[R_NUM] = { 0 };

	for (unsigned int p = 0; p < lm->nparts; p++)
		nparts[lm->parts[p].role]++;
	k->block_at = dump_slots(v, R_NUM);
	k->mparts = dump_xrealloc(NULL, (lm->nparts ? lm->nparts : 1) * sizeof(*k->mparts));
	k->nmparts = 0;
	for (unsigned int p = 0; p < lm->nparts; p++) {
		const struct part *pt = &lm->parts[p];
		uint64_t g = pt->role == R_CLK ? clk_group(i) : sig_group(i);
		unsigned int in = k->block_at + (unsigned int)pt->role, at;

		if (nparts[pt->role] == 1 && pt->lsb == 0) {
			at = dump_watch_in(v, pt->code, in, g);
			if (at == in)
				continue;
		} else {
			at = dump_watch(v, pt->code, g);
		}
		k->mparts[k->nmparts].role = pt->role;
		k->mparts[k->nmparts].slot = at;
		k->mparts[k->nmparts].lsb = pt->lsb;
		k->mparts[k->nmparts++].width = pt->width;
	}
}

/* Once every link is watched, and the slots stay where they are. */
static void bind_link(struct link *k, const struct vcd *v)
{
	k->block = &v->slots[k->block_at];
	/*
	 * AXI4-Lite: every beat the last. An absent role's slot is written by
	 * no variable, so a 1 put there once stays.
	 */
	if (!k->lm.width[R_WLAST])
		k->block[R_WLAST].value[0] = 1;
	if (!k->lm.width[R_RLAST])
		k->block[R_RLAST].value[0] = 1;
	for (unsigned int i = 0; i < k->nmparts; i++)
		k->mparts[i].from = &v->slots[k->mparts[i].slot];
	if (k->nmparts)
		merge_parts(k);
	wires_build(k);
}

/* The progress line, on a terminal: how far, how fast, how long still. */
static void on_progress(void *ctx, uint64_t done)
{
	struct engine *e = ctx;
	double t = now(), dt = t - e->t0, rate, left = 0;
	unsigned long clocks = 0;
	char what[96];

	if (t - e->t_shown < 0.25)
		return;
	e->t_shown = t;
	for (unsigned int i = 0; i < e->nlinks; i++)
		if (e->links[i].rp.edges > clocks)
			clocks = e->links[i].rp.edges;
	rate = dt > 0 ? (double)done / dt : 0;
	if (rate > 0 && e->total > done)
		left = (double)(e->total - done) / rate;
	if (e->fst)
		snprintf(what, sizeof(what), "time %llu of %llu",
			 (unsigned long long)done, (unsigned long long)e->total);
	else if (e->total)
		snprintf(what, sizeof(what), "%.1f of %.1f MB", (double)done / 1e6,
			 (double)e->total / 1e6);
	else
		snprintf(what, sizeof(what), "%.1f MB", (double)done / 1e6);
	fprintf(stderr, "\r%s: %s", prog, what);
	if (e->total)
		fprintf(stderr, " (%.0f %%)", 100.0 * (double)done / (double)e->total);
	fprintf(stderr, ", %lu clocks", clocks);
	if (!e->fst)
		fprintf(stderr, ", %.0f MB/s", rate / 1e6);
	if (e->total)
		fprintf(stderr, ", %.0f s left", left);
	fputs("\033[K", stderr);
	e->shown = 1;
}

/* The link's transactions: read IDs as the model has them, write IDs as the dump does. */
static void setup_txn(struct link *k)
{
	const struct link_map *lm = &k->lm;
	struct txn_cfg c;

	memset(&c, 0, sizeof(c));
	c.rid_width = k->rp.p.id_width;
	c.awid_width = lm->width[R_AWID];
	c.has_bid = lm->width[R_BID] && lm->width[R_AWID];
	c.has_bresp = !!lm->width[R_BRESP];
	c.has_rresp = !!lm->width[R_RRESP];
	c.worst = k->o.worst;
	c.per_id = k->o.per_id;
	k->rp.tx = txn_new(&c);
	k->rp.ext = &k->ext;
	k->has_ext = lm->width[R_BID] || lm->width[R_BRESP] || lm->width[R_RRESP];
}

/* The link's model, built for the widths its signals have. */
static void setup_link(struct link *k, const struct vcd *v, const struct found_link *fl)
{
	struct replay *rp = &k->rp;
	struct link_map *lm = &k->lm;
	unsigned int idw;

	map_signals(v, &k->o, lm);
	if (fl) {
		lm->reset_how = *fl->names[R_RESET] ? "found by name" : "none found by name";
		lm->no_ids = fl->no_ids;
	}
	rp->o = &k->o;
	rp->self = k;
	rp->in_window = !k->o.window;
	rp->next_cut = k->o.interval ? 0 : UINT64_MAX;
	rp->fast_until = k->o.dump || k->o.window ? 0 : rp->next_cut;
	rp->timescale = v->timescale;
	rp->no_ids = lm->no_ids;
	rp->lite = !lm->width[R_WLAST] && !lm->width[R_RLAST];
	if (lm->width[R_RESET])
		snprintf(rp->reset_desc, sizeof(rp->reset_desc), "reset %s (active %s, %s)",
			 lm->found[R_RESET], lm->reset_low ? "low" : "high", lm->reset_how);
	else
		snprintf(rp->reset_desc, sizeof(rp->reset_desc), "no reset (%s)", lm->reset_how);
	axiperf_params_default(&rp->p);
	rp->p.data_width = data_width_of(&k->o, lm);
	idw = lm->width[R_ARID] > lm->width[R_RID] ? lm->width[R_ARID] : lm->width[R_RID];
	rp->p.id_width = lm->width[R_RID] ? idw : 0;
	rp->p.counter_width = k->o.counter_width;
	rp->p.id_slots = k->o.id_slots;
	if (k->o.data_width && lm->width[R_WSTRB] > k->o.data_width / 8)
		die("%s: wstrb (%s) has %u lanes, more than --data-width %u has", k->o.path,
		    lm->found[R_WSTRB], lm->width[R_WSTRB], k->o.data_width);
	if (k->o.txn)
		setup_txn(k);
	start_model(rp);
	wires_setup(k, rp->p.data_width);
	if (k->o.dump) {
		uint8_t h[AXIPERF_TRACE_HEADER_SIZE];

		rp->dump = fopen(k->o.dump, "wb");
		if (!rp->dump)
			die("cannot create '%s': %s", k->o.dump, strerror(errno));

		axiperf_trace_header(h, rp->p.data_width, rp->p.id_width);
		if (fwrite(h, sizeof(h), 1, rp->dump) != 1)
			die("%s: write failed: %s", k->o.dump, strerror(errno));
	}
}

/* A --link NAME names this link: its label, or its scope, or a dotted tail of either. */
static int link_named(const struct found_link *fl, const char *name)
{
	char bare[1200];
	const char *cands[3];
	size_t nl = strlen(name);

	snprintf(bare, sizeof(bare), "%s%s%s", fl->scope, *fl->prefix ? "." : "", fl->prefix);
	cands[0] = fl->label;
	cands[1] = bare;
	cands[2] = fl->scope;
	for (int i = 0; i < 3; i++) {
		size_t l = strlen(cands[i]);

		if (l == nl && !strcasecmp(cands[i], name))
			return 1;
		if (l > nl && cands[i][l - nl - 1] == '.' && !strcasecmp(cands[i] + l - nl, name))
			return 1;
	}
	return 0;
}

static void list_links(const char *path, const struct discovery *d)
{
	printf("# %s: %u AXI4 link%s\n", path, d->nlinks, d->nlinks == 1 ? "" : "s");
	for (unsigned int i = 0; i < d->nlinks; i++) {
		const struct found_link *fl = &d->links[i];

		printf("axiperf%u  %s  clock %s, %s%s%s%s, %s\n", i, fl->label, fl->names[R_CLK],
		       *fl->names[R_RESET] ? "reset " : "no reset", fl->names[R_RESET],
		       *fl->names[R_RESET] ? (fl->reset_low ? " (active low)" : " (active high)") :
		       "", "", fl->no_ids ? "no IDs" : "IDs");
		if (*fl->aliases)
			printf("           the same link is dumped as %s\n", fl->aliases);
	}
	if (d->nmisses)
		printf("# not taken:\n");
	for (unsigned int i = 0; i < d->nmisses; i++)
		printf("%s: %s\n", d->misses[i].label, d->misses[i].why);
}

/* The message for a dump error: "path:line: what" or "path: what". */
static void dump_error(const struct vcd *v, const char *path, char *out, size_t len)
{
	if (!strncmp(v->err, "line ", 5))
		snprintf(out, len, "%s:%s", path, v->err + 5);
	else
		snprintf(out, len, "%s: %s", path, v->err);
}

/*
 * A link named by hand is labelled as if it had been found: the whole
 * scope path of its awvalid (whatever tail --scope gave), then ".PREFIX*"
 * for what its name has before "awvalid" as discovery takes a prefix
 * (ending in '_'), else for --prefix. The same link keeps one label, so
 * one key in --csv and --json, however it is named.
 */
static void label_by_hand(struct link *k)
{
	const char *awvalid = k->lm.found[R_AWVALID], *dot = strrchr(awvalid, '.');
	const char *name = dot ? dot + 1 : awvalid, *prefix = k->o.prefix;
	size_t l = strlen(name), rl = strlen("awvalid");
	int pl = (int)strlen(prefix);

	if (l >= rl && !strcasecmp(name + l - rl, "awvalid") && (l == rl || name[l - rl - 1] == '_')) {
		prefix = name;
		pl = (int)(l - rl);
	}
	snprintf(k->label, sizeof(k->label), "%.*s%s%.*s%s", dot ? (int)(dot - awvalid) : 0,
		 awvalid, pl ? "." : "", pl, prefix, pl ? "*" : "");
}

/*
 * --csv and --json key each link by its label: two links that print the
 * same one (a scope or signal whose name has a dot or a '*' in it, such as
 * an escaped identifier) would be one in a dashboard. Refused, naming both.
 */
static void labels_unique(const struct engine *e, const struct discovery *d,
			  const struct opts *o)
{
	for (unsigned int i = 0; i < e->nlinks; i++)
		for (unsigned int j = i + 1; j < e->nlinks; j++) {
			const struct found_link *a, *b;

			if (strcmp(e->links[i].label, e->links[j].label))
				continue;
			a = &d->links[e->links[i].found];
			b = &d->links[e->links[j].found];
			die("%s: two links have the same scope path, %s: scope '%s' with prefix "
			    "'%s', and scope '%s' with prefix '%s'; --csv and --json key each link "
			    "by its scope path, so they cannot tell these apart: rename one in the "
			    "dump, or replay them without --csv and --json (as axiperf%u and "
			    "axiperf%u)", o->path, e->links[i].label, a->scope, a->prefix, b->scope,
			    b->prefix, i, j);
		}
}

/* Which links to replay: the one named by the options, or those found. */
static void choose_links(struct engine *e, struct vcd *v, struct opts *o)
{
	struct discovery d;
	unsigned int i, j;

	if (o->explicit) {
		e->links = calloc(1, sizeof(*e->links));
		if (!e->links)
			die("out of memory");
		e->nlinks = 1;
		e->links[0].o = *o;
		setup_link(&e->links[0], v, NULL);
		label_by_hand(&e->links[0]);
		return;
	}
	discover(v, &d, o->lite);
	if (o->list) {
		list_links(o->path, &d);
		exit(0);
	}
	if (!d.nlinks) {
		fprintf(stderr, "%s: %s: no AXI4 link found: no scope holds awvalid, awready, "
			"wvalid, wready, wlast, bvalid, bready, arvalid, arready, rvalid, rready and "
			"rlast under one prefix\n", prog, o->path);
		for (i = 0; i < d.nmisses; i++)
			fprintf(stderr, "  %s: %s\n", d.misses[i].label, d.misses[i].why);
		fprintf(stderr, "Name the link's signals with --prefix P (and --scope S), or "
			"--map ROLE=NAME; --help lists the roles.\n");
		exit(1);
	}
	e->links = calloc(d.nlinks, sizeof(*e->links));
	if (!e->links)
		die("out of memory");
	for (j = 0; j < o->nlinks; j++) {
		for (i = 0; i < d.nlinks; i++)
			if (link_named(&d.links[i], o->links[j]))
				break;
		if (i == d.nlinks) {
			fprintf(stderr, "%s: %s: --link %s: no such link; the links found:\n", prog,
				o->path, o->links[j]);
			for (i = 0; i < d.nlinks; i++)
				fprintf(stderr, "  %s\n", d.links[i].label);
			exit(1);
		}
	}
	for (i = 0; i < d.nlinks; i++) {
		struct link *k = &e->links[e->nlinks];

		if (o->nlinks) {
			for (j = 0; j < o->nlinks; j++)
				if (link_named(&d.links[i], o->links[j]))
					break;
			if (j == o->nlinks)
				continue;
		}
		k->o = *o;
		k->o.prefix = "";
		k->o.scope = NULL;
		for (int r = 0; r < R_NUM; r++)
			k->o.map[r] = d.links[i].names[r];	/* "" for an absent role */
		k->o.reset_low = d.links[i].reset_low;
		snprintf(k->label, sizeof(k->label), "%s", d.links[i].label);
		k->index = e->nlinks;
		k->found = i;
		snprintf(k->aliases, sizeof(k->aliases), "%s", d.links[i].aliases);
		setup_link(k, v, &d.links[i]);
		e->nlinks++;
	}
	/* map[] pointed into d: the link maps have what they need now */
	for (i = 0; i < e->nlinks; i++)
		for (int r = 0; r < R_NUM; r++)
			e->links[i].o.map[r] = NULL;
	if (o->format)
		labels_unique(e, &d, o);
	discovery_free(&d);
}

/*
 * --errors: a link without BRESP or RRESP has its errors absent (not 0);
 * when no link has either, the option cannot be answered.
 */
static void check_errors(const struct engine *e, const struct opts *o)
{
	for (unsigned int i = 0; i < e->nlinks; i++)
		if (e->links[i].lm.width[R_BRESP] || e->links[i].lm.width[R_RRESP])
			return;
	die("%s: --errors: %s no bresp or rresp signal (looked for %sbresp and %srresp beside "
	    "%s): name them with --map bresp=NAME --map rresp=NAME", o->path,
	    e->nlinks == 1 ? "the link has" : "no link has", o->prefix, o->prefix,
	    e->links[0].lm.found[R_BVALID]);
}

/* 0, or 1 when the dump stopped early (the message is printed). */
static int replay_dump(struct engine *e, struct opts *o, int keep_runs, uint64_t *bytes)
{
	struct vcd v;
	struct dump_sink s;
	char msg[1200];
	int partial = 0;

	if (dump_open(&v, o->file)) {
		dump_error(&v, o->path, msg, sizeof(msg));
		die("%s", msg);
	}
	e->path = o->path;
	choose_links(e, &v, o);
	if (o->errors)
		check_errors(e, o);
	if (e->nlinks > 1 && o->dump)
		die("--dump-trace writes one link, and %s has %u: choose one with --link", o->path,
		    e->nlinks);

	/* every variable of every link's roles watched, then read from its slot */
	for (unsigned int i = 0; i < e->nlinks; i++) {
		e->links[i].rp.keep_runs = keep_runs;
		watch_link(e, i, &v);
	}
	for (unsigned int i = 0; i < e->nlinks; i++)
		bind_link(&e->links[i], &v);

	e->fst = v.fst;
	e->total = v.fst ? v.t_end : v.size;
	e->timescale = v.timescale;
	e->progress = isatty(2) && !o->bench;
	e->t0 = now();
	s.ctx = e;
	s.step = on_step;
	s.progress = e->progress ? on_progress : NULL;
	if (dump_run(&v, &s)) {
		dump_error(&v, o->path, msg, sizeof(msg));
		if (e->shown)
			fputs("\r\033[K", stderr);
		e->shown = 0;
		fprintf(stderr, "%s: %s\n%s: the figures below stop before time #%llu, the time "
			"step the dump stops in, and are marked PARTIAL\n", prog, msg, prog,
			(unsigned long long)v.last_time);
		partial = 1;
	}
	if (e->shown)
		fputs("\r\033[K", stderr);
	*bytes = v.fst ? v.size : v.buf_off + v.pos;
	if (o->interval && have_origin) {
		uint64_t last = interval_origin;

		for (unsigned int i = 0; i < e->nlinks; i++)
			if (e->links[i].rp.edges && e->links[i].rp.t_last > last)
				last = e->links[i].rp.t_last;
		if (o->interval > last - interval_origin)
			die("%s: --interval %llu is longer than the dump's clocks (#%llu to #%llu: %llu "
			    "units): nothing to split; give at most %llu", o->path,
			    (unsigned long long)o->interval, (unsigned long long)interval_origin,
			    (unsigned long long)last, (unsigned long long)(last - interval_origin),
			    (unsigned long long)(last - interval_origin));
	}
	for (unsigned int i = 0; i < e->nlinks; i++) {
		struct link *k = &e->links[i];
		struct replay *rp = &k->rp;

		end_run(rp);
		if (!rp->edges && !partial)
			die("%s: the clock %s never rises: nothing to replay", o->path,
			    k->lm.found[R_CLK]);
		if (o->interval && rp->edges) {
			/* the last window, cut where the dump ends */
			interval_cut(k, rp->next_cut);
			if (rp->tx)
				txn_uncut(rp->tx);
		}
		if (o->nwin > 1) {
			/* the windows the dump ended in or before */
			end_run(rp);
			flush_runs(rp);
			for (; rp->win < o->nwin; rp->in_window = 0, rp->win++)
				interval_row(k, o->wstart[rp->win], o->wend[rp->win], 1,
					     rp->in_window ? rp->edges - rp->win_edges : 0);
			if (rp->tx)
				txn_uncut(rp->tx);
		}
		/* the clock rate from the edges' times, unless given */
		rp->clock_hz = o->clock_hz;
		if (!rp->clock_hz && v.timescale > 0 && rp->edges > 1 && rp->t_last > rp->t_first)
			rp->clock_hz = (double)(rp->edges - 1) /
				       ((double)(rp->t_last - rp->t_first) * v.timescale);
		free(k->lm.parts);
		k->lm.parts = NULL;
		free(k->mparts);
		k->mparts = NULL;
	}
	dump_close(&v);
	return partial;
}

static void replay_raw(struct engine *e, struct opts *o, FILE *f, int keep_runs)
{
	uint8_t h[AXIPERF_TRACE_HEADER_SIZE], rec[AXIPERF_TRACE_RECORD_SIZE];
	unsigned int dw, iw;
	size_t n;
	struct axiperf_link l;
	struct replay *rp;

	if (o->nlinks || o->list)
		die("%s: a raw trace holds one link: --link and --list are for VCD and FST dumps",
		    o->path);
	e->links = calloc(1, sizeof(*e->links));
	if (!e->links)
		die("out of memory");
	e->nlinks = 1;
	e->links[0].o = *o;
	rp = &e->links[0].rp;
	rp->o = &e->links[0].o;
	rp->keep_runs = keep_runs;
	if (o->window || o->interval)
		die("%s: a raw trace has no times: --start, --end and --interval are for VCD and "
		    "FST dumps", o->path);
	rp->in_window = 1;
	if (fread(h, sizeof(h), 1, f) != 1 || axiperf_trace_check_header(h, &dw, &iw))
		die("%s: not a raw trace of version %d", o->path, AXIPERF_TRACE_VERSION);
	axiperf_params_default(&rp->p);
	rp->p.data_width = o->data_width ? o->data_width : dw;
	rp->p.id_width = iw;
	rp->p.counter_width = o->counter_width;
	rp->p.id_slots = o->id_slots;
	rp->clock_hz = o->clock_hz;
	if (axiperf_model_params_error(&rp->p))
		die("%s: header: %s", o->path, axiperf_model_params_error(&rp->p));
	if (o->errors)
		die("%s: --errors: a raw trace has no bresp or rresp: replay the dump it was "
		    "written from", o->path);
	if (o->txn) {
		static const struct txn_ext none;
		struct txn_cfg c;

		/* no BID: write responses in the writes' order; times are clock numbers */
		memset(&c, 0, sizeof(c));
		c.rid_width = c.awid_width = iw;
		c.worst = o->worst;
		c.per_id = o->per_id;
		rp->tx = txn_new(&c);
		rp->ext = &none;
	}
	start_model(rp);
	if (o->dump) {
		rp->dump = fopen(o->dump, "wb");
		if (!rp->dump)
			die("cannot create '%s': %s", o->dump, strerror(errno));
		axiperf_trace_header(h, rp->p.data_width, rp->p.id_width);
		if (fwrite(h, sizeof(h), 1, rp->dump) != 1)
			die("%s: write failed: %s", o->dump, strerror(errno));
	}
	while ((n = fread(rec, 1, sizeof(rec), f)) == sizeof(rec)) {
		axiperf_trace_decode(rec, &l);
		rp->edges++;
		rp->t_now = rp->edges;
		one_clock(rp, &l);
	}
	end_run(rp);
	if (n)
		die("%s: ends in a partial record (%zu of %d bytes)", o->path, n,
		    AXIPERF_TRACE_RECORD_SIZE);
	if (ferror(f))
		die("%s: read failed: %s", o->path, strerror(errno));
}

/* ------------------------------------------------------------ output */

/* A pass's model into the totals: counts add up (at the counter width), maxima stay. */
static void add_pass(struct totals *t, const struct axiperf_model *m,
		     const struct axiperf_params *p)
{
	const uint64_t mask = p->counter_width == 64 ? ~(uint64_t)0 : 0xffffffffULL;
	uint32_t ctl = axiperf_model_read(m, AXIPERF_REG_CONTROL);

	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++) {
		uint64_t v = axiperf_model_event(m, id);

		if (AXIPERF_EVENT_IS_GAUGE(id))
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

/*
 * A figure of a link: its text ("n/a" when the denominator is zero, or a
 * figure in ns without the clock rate), its sums and, when n/a, why.
 */
static const char *figure_eval(const struct totals *t, double hz, size_t i, char *out,
			       size_t len, double *num, double *den)
{
	const struct axiperf_figure *f = &axiperf_figures[i];
	double seconds = 0;

	if (hz > 0)
		seconds = (double)t->ev[AXIPERF_EV_ACTIVE_CYCLES] / hz;
	*num = term_sum(t, f->num, f->nnum, seconds);
	*den = term_sum(t, f->den, f->nden, seconds);
	snprintf(out, len, "n/a");
	if (*den == 0)
		return "zero denominator";
	if (f->ns && !(hz > 0))
		return "the clock rate not measured";
	snprintf(out, len, "%.3f", *num / *den * f->scale * (f->ns ? 1e9 / hz : 1.0));
	return NULL;
}

static void figure_text(const struct link *k, size_t i, char *out, size_t len)
{
	double num, den;

	figure_eval(&k->tot, k->rp.clock_hz, i, out, len, &num, &den);
}

/* An event's unit, as axiperf stat --csv gives it ("max" for a maximum). */
static const char *event_unit(unsigned int id)
{
#define X(name, eid, off, legacy, unit, pb, c) if (id == eid) return unit;
	AXIPERF_COUNTERS(X)
#undef X
	return "max";
}

/* A JSON string: quotes, backslashes and control characters escaped. */
static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", (unsigned char)*s);
		else
			putchar(*s);
	}
	putchar('"');
}

/*
 * One instance of --csv or --json: a link's events, figures, flags and
 * transactions (of the whole run, or of an --interval window: then
 * win[0], win[1] its times, the CSV instance axiperfN@T0..T1).
 */
static void machine_link(unsigned int i, const char *label, const struct totals *t, double hz,
			 unsigned long clocks, const struct txn *tx, const struct opts *o,
			 const uint64_t *win)
{
	char buf[64], inst[80];
	const struct csv_key key = { inst, label };
	double num, den;
	const char *why;
	int first = 1;

	if (win && win[1] == UINT64_MAX)
		snprintf(inst, sizeof(inst), "axiperf%u@%llu..end", i, (unsigned long long)win[0]);
	else if (win)
		snprintf(inst, sizeof(inst), "axiperf%u@%llu..%llu", i, (unsigned long long)win[0],
			 (unsigned long long)win[1]);
	else
		snprintf(inst, sizeof(inst), "axiperf%u", i);
	if (o->format == 'j') {
		printf("\n {\"name\": \"axiperf%u\", \"link\": ", i);
		json_str(label);
		if (win)
			printf(", \"start\": %llu", (unsigned long long)win[0]);
		if (win && win[1] != UINT64_MAX)
			printf(", \"end\": %llu", (unsigned long long)win[1]);
		else if (win)
			printf(", \"end\": null");
		printf(", \"clocks\": %lu, \"clock_hz\": %.15g, \"events\": {", clocks, hz);
	}
	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++) {
		if (!axiperf_event_name[id])
			continue;
		if ((t->na >> id & 1) && o->format == 'c')
			csv_row(&key, "event,%s,n/a,%s,,", axiperf_event_name[id], event_unit(id));
		else if (t->na >> id & 1)
			printf("%s\"%s\": null", first ? "" : ", ", axiperf_event_name[id]);
		else if (o->format == 'c')
			csv_row(&key, "event,%s,%llu,%s,,", axiperf_event_name[id],
				(unsigned long long)t->ev[id], event_unit(id));
		else
			printf("%s\"%s\": %llu", first ? "" : ", ", axiperf_event_name[id],
			       (unsigned long long)t->ev[id]);
		first = 0;
	}
	if (o->format == 'j')
		printf("},\n  \"figures\": {");
	first = 1;
	for (size_t f = 0; f < AXIPERF_NUM_FIGURES; f++) {
		why = figure_eval(t, hz, f, buf, sizeof(buf), &num, &den);
		if (o->format == 'c') {
			csv_row(&key, "figure,%s,%s,%s,%.15g,%.15g", axiperf_figures[f].name, buf,
				axiperf_figures[f].unit, num, den);
			continue;
		}
		printf("%s\n   \"%s\": {\"unit\": \"%s\", ", first ? "" : ",",
		       axiperf_figures[f].name, axiperf_figures[f].unit);
		if (why)
			printf("\"value\": \"n/a\", \"why\": \"%s\"}", why);
		else
			printf("\"value\": %s, \"num\": %.15g, \"den\": %.15g}", buf, num, den);
		first = 0;
	}
	if (o->format == 'c') {
		csv_row(&key, "status,perf_err,%d,,,", t->perf_err);
		csv_row(&key, "status,resp_approx,%d,,,", t->resp_approx);
		if (tx)
			txn_print_csv(tx, &key, o);
	} else {
		printf("},\n  \"perf_err\": %d, \"resp_approx\": %d", t->perf_err, t->resp_approx);
		if (tx)
			txn_print_json(tx, o);
		printf("}");
	}
}

/* --csv and --json: the front end's layout, links as instances axiperfN keyed by their label. */
static void print_machine(const struct engine *e, const struct opts *o, int partial)
{
	if (o->format == 'c') {
		printf("# %s%s\n", o->path, partial ? ": PARTIAL (the dump stops early)" : "");
		if (!rows_out)
			printf("# instance,kind,name,value,unit,num,den,link\n");
	} else {
		if (!rows_out) {
			printf("{\"trace\": ");
			json_str(o->path);
		} else {
			printf("\n]");
		}
		printf(", \"partial\": %s, \"frames\": [{\"instances\": [", partial ? "true" : "false");
	}
	for (unsigned int i = 0; i < e->nlinks; i++) {
		const struct link *k = &e->links[i];

		if (i && o->format == 'j')
			putchar(',');
		machine_link(i, k->label, &k->tot, k->rp.clock_hz, k->rp.edges, k->rp.tx, o, NULL);
	}
	if (o->format == 'j')
		printf("\n]}]}\n");
}

/* What a link is: its clocks, rate, widths and reset. */
static void describe(const struct link *k, const struct opts *o)
{
	const struct replay *rp = &k->rp;

	printf("%lu clocks", rp->edges);
	if (o->repeat > 1)
		printf(" x %lu", o->repeat);
	if (rp->clock_hz > 0)
		printf(", %.6g Hz", rp->clock_hz);
	printf("; data %u bits, ID %u bits%s, %u ID slots, %u-bit counters", rp->p.data_width,
	       rp->p.id_width, rp->no_ids ? " (the trace has no IDs)" : "",
	       rp->p.id_width ? rp->p.id_slots : 1, rp->p.counter_width);
	if (*rp->reset_desc)
		printf("; %s", rp->reset_desc);
	if (rp->lite)
		printf("; AXI4-Lite: one-beat bursts");
	for (unsigned int w = 0; w < o->nwin; w++) {
		printf("%s#%llu", w ? ", from " : o->nwin > 1 ? "; counted in its windows, from " :
		       "; counted from ", (unsigned long long)o->wstart[w]);
		if (o->wend[w] != UINT64_MAX)
			printf(" to #%llu", (unsigned long long)o->wend[w]);
	}
}

/* the names printed in a column as wide as the longest */
static int name_width(void)
{
	int w = 0;

	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++)
		if (axiperf_event_name[id] && (int)strlen(axiperf_event_name[id]) > w)
			w = (int)strlen(axiperf_event_name[id]);
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++)
		if ((int)strlen(axiperf_figures[i].name) > w)
			w = (int)strlen(axiperf_figures[i].name);
	return w;
}

/* Every event, figure and flag of one link (or window), a line each. */
static void print_counts(const struct totals *t, double hz)
{
	char buf[64];
	double num, den;
	int w = name_width();

	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++)
		if (axiperf_event_name[id] && (t->na >> id & 1))
			printf("%-*s n/a\n", w, axiperf_event_name[id]);
		else if (axiperf_event_name[id])
			printf("%-*s %llu\n", w, axiperf_event_name[id], (unsigned long long)t->ev[id]);
	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		figure_eval(t, hz, i, buf, sizeof(buf), &num, &den);
		if (!strcmp(buf, "n/a"))
			printf("%-*s n/a\n", w, axiperf_figures[i].name);
		else
			printf("%-*s %s %s\n", w, axiperf_figures[i].name, buf,
			       axiperf_figures[i].unit);
	}
	printf("%-*s %d\n", w, "perf_err", t->perf_err);
	printf("%-*s %d\n", w, "resp_approx", t->resp_approx);
}

static void print_one(const struct engine *e, const struct opts *o, int partial)
{
	const struct link *k = &e->links[0];

	printf("# %s: ", o->path);
	if (partial)
		printf("PARTIAL (the dump stops early), ");
	if (!o->explicit && *k->label)
		printf("link %s, ", k->label);
	describe(k, o);
	putchar('\n');
	print_counts(&k->tot, k->rp.clock_hz);
	if (k->rp.tx)
		txn_print_text(k->rp.tx, 0, k->label, o);
}

#define COLW	20

/* Several links side by side, as axiperf stat prints several monitors. */
static void print_table(const struct engine *e, const struct opts *o, int partial)
{
	char buf[64];
	unsigned int i;
	int w = name_width();

	printf("# %s: %s%u AXI4 links\n", o->path, partial ? "PARTIAL (the dump stops early), " :
	       "", e->nlinks);
	for (i = 0; i < e->nlinks; i++) {
		printf("# axiperf%u: %s: ", i, e->links[i].label);
		describe(&e->links[i], o);
		if (*e->links[i].aliases)
			printf("; also dumped as %s", e->links[i].aliases);
		putchar('\n');
	}
	printf("%-*s", w, "");
	for (i = 0; i < e->nlinks; i++) {
		snprintf(buf, sizeof(buf), "axiperf%u", i);
		printf(" %*s", COLW, buf);
	}
	printf("  unit\n");
	for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++) {
		if (!axiperf_event_name[id])
			continue;
		printf("%-*s", w, axiperf_event_name[id]);
		for (i = 0; i < e->nlinks; i++)
			if (e->links[i].tot.na >> id & 1)
				printf(" %*s", COLW, "n/a");
			else
				printf(" %*llu", COLW, (unsigned long long)e->links[i].tot.ev[id]);
		putchar('\n');
	}
	for (size_t f = 0; f < AXIPERF_NUM_FIGURES; f++) {
		printf("%-*s", w, axiperf_figures[f].name);
		for (i = 0; i < e->nlinks; i++) {
			figure_text(&e->links[i], f, buf, sizeof(buf));
			printf(" %*s", COLW, buf);
		}
		printf("  %s\n", axiperf_figures[f].unit);
	}
	printf("%-*s", w, "perf_err");
	for (i = 0; i < e->nlinks; i++)
		printf(" %*d", COLW, e->links[i].tot.perf_err);
	printf("\n%-*s", w, "resp_approx");
	for (i = 0; i < e->nlinks; i++)
		printf(" %*d", COLW, e->links[i].tot.resp_approx);
	putchar('\n');
	for (i = 0; i < e->nlinks; i++)
		if (e->links[i].rp.tx)
			txn_print_text(e->links[i].rp.tx, i, e->links[i].label, o);
}

/*
 * --worst: at least one burst ended to be ranked; --markers: them as a
 * GTKWave save file beside the dump, with each link's clock and handshakes.
 */
static void worst_out(const struct engine *e, const struct opts *o, FILE *mk)
{
	static const int show[] = { R_CLK, R_AWVALID, R_AWREADY, R_WVALID, R_WREADY, R_WLAST,
				    R_BVALID, R_BREADY, R_ARVALID, R_ARREADY, R_RVALID, R_RREADY,
				    R_RLAST };
	struct mark_link *ml;
	unsigned int any = 0, bursts, marked, nm;
	uint64_t scale = 1;
	char *dump;

	for (unsigned int i = 0; i < e->nlinks; i++)
		for (int k = 0; k < TXN_KINDS; k++)
			any += e->links[i].rp.tx->nw[k];
	if (!any) {
		if (mk)
			remove(o->markers);
		die("%s: --worst %u: no burst ended in the dump (no RLAST or B handshake%s): "
		    "nothing to rank", o->path, o->worst, o->window ? " in --start/--end" : "");
	}
	if (!mk)
		return;
	ml = calloc(e->nlinks, sizeof(*ml));
	if (!ml)
		die("out of memory");
	for (unsigned int i = 0; i < e->nlinks; i++) {
		unsigned int n = 0;

		ml[i].x = e->links[i].rp.tx;
		ml[i].label = e->links[i].label;
		for (size_t s = 0; s < sizeof(show) / sizeof(show[0]); s++)
			if (e->links[i].lm.width[show[s]] == 1)
				ml[i].signals[n++] = e->links[i].lm.found[show[s]];
	}
	/* GTKWave's time: the dump's units times the timescale's 1, 10 or 100 */
	if (e->timescale > 0) {
		double m = e->timescale;

		while (m < 1 - 1e-9)
			m *= 1000;
		scale = (uint64_t)(m + 0.5);
	}
	dump = strcmp(o->file, "-") ? realpath(o->file, NULL) : NULL;
	nm = txn_write_markers(mk, dump ? dump : o->path, scale, ml, e->nlinks, o->worst, &bursts,
			       &marked);
	free(dump);
	free(ml);
	if (fclose(mk))
		die("--markers %s: write failed: %s", o->markers, strerror(errno));
	if (marked < bursts)
		fprintf(stderr, "%s: --markers %s: %u markers, the start and end of %u of the %u "
			"bursts ranked (GTKWave has 26 named markers: the slowest of each kind "
			"first); the others are in the output\n", prog, o->markers, nm, marked,
			bursts);
}

/*
 * A large dump is read through a mapping (vcd.c): if the file shrinks
 * meanwhile (the simulation writing it again), its pages past the new end
 * fault with SIGBUS. Say so, not a crash.
 */
static const char *sigbus_path = "the dump";

static void on_sigbus(int sig)
{
	static const char a[] = "axiperf-replay: ";
	static const char b[] = ": the file shrank while it was read (written again meanwhile?): "
				"replay it once it is complete\n";
	ssize_t r;

	(void)sig;
	r = write(2, a, sizeof(a) - 1);
	r = write(2, sigbus_path, strlen(sigbus_path));
	r = write(2, b, sizeof(b) - 1);
	(void)r;
	_exit(1);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct engine e;
	FILE *f = NULL;
	unsigned char magic[8];
	int raw = 0, partial = 0, keep_runs;
	uint64_t bytes = 0;
	double t_start = now();
	struct stat st;
	FILE *markers = NULL;

	parse_args(argc, argv, &o);
	o.file = o.path;
	/* an unwritable path said before the dump is read, not after */
	if (o.markers && !(markers = fopen(o.markers, "w")))
		die("--markers '%s': cannot write it: %s; give a path in a directory you can "
		    "write", o.markers, strerror(errno));
	if (!strcmp(o.path, "-"))
		o.path = "(standard input)";
	memset(&e, 0, sizeof(e));
	keep_runs = o.repeat > 1;

	/* a raw trace is known by its magic; a FIFO's bytes are left for the dump reader */
	if (strcmp(o.file, "-") && !(stat(o.file, &st) == 0 && !S_ISREG(st.st_mode))) {
		f = fopen(o.file, "rb");
		if (!f)
			die("cannot open '%s': %s", o.path, strerror(errno));
		raw = fread(magic, 1, sizeof(magic), f) == sizeof(magic) &&
		      !memcmp(magic, AXIPERF_TRACE_MAGIC, sizeof(magic));
		if (!raw) {
			fclose(f);
			f = NULL;
		} else {
			rewind(f);
		}
	}
	sigbus_path = o.path;
	signal(SIGBUS, on_sigbus);
	if (raw)
		replay_raw(&e, &o, f, keep_runs);
	else
		partial = replay_dump(&e, &o, keep_runs, &bytes);
	if (f) {
		if (ferror(f))
			die("%s: read failed: %s", o.path, strerror(errno));
		fclose(f);
	}
	for (unsigned int i = 0; i < e.nlinks; i++) {
		struct link *k = &e.links[i];
		struct replay *rp = &k->rp;

		if (rp->dump && fclose(rp->dump))
			die("%s: write failed: %s", o.dump, strerror(errno));
		if (keep_runs) {
			double t0;

			/*
			 * Each pass on a freshly started model (the starts untimed): a
			 * trace that ends with bursts outstanding, replayed pass after
			 * pass on one model, would raise the trackers until perf_err.
			 */
			for (unsigned long r = 0; r < o.repeat; r++) {
				start_model(rp);
				t0 = now();
				axiperf_model_replay(&rp->m, rp->runs, rp->nruns);
				rp->model_s += now() - t0;
				add_pass(&k->tot, &rp->m, &rp->p);
			}
			rp->nclocks *= o.repeat;
			rp->nruns_done = rp->nruns * o.repeat;
		} else {
			flush_runs(rp);
			add_pass(&k->tot, &rp->m, &rp->p);
			k->tot.na = rp->lite ? LITE_NA : 0;
			/* --interval cleared the maxima at each window: the run's is the windows' */
			for (unsigned int id = 0; id <= AXIPERF_EV_MAX; id++)
				if (AXIPERF_EVENT_IS_GAUGE(id) && rp->gmax[id] > k->tot.ev[id])
					k->tot.ev[id] = rp->gmax[id];
		}
		if (o.bench)
			fprintf(stderr, "bench: %s model %llu clocks (%lu runs of equal clocks) in "
				"%.3f s = %.1f Mclocks/s (wall, model only)\n",
				*k->label ? k->label : "link", (unsigned long long)rp->nclocks,
				rp->nruns_done, rp->model_s,
				rp->model_s > 0 ? (double)rp->nclocks / rp->model_s / 1e6 : 0.0);
		free(rp->runs);
	}
	if (o.worst)
		worst_out(&e, &o, markers);
	if (o.format)
		print_machine(&e, &o, partial);
	else if (e.nlinks == 1)
		print_one(&e, &o, partial);
	else
		print_table(&e, &o, partial);
	if (o.bench && !raw) {
		struct rusage ru;
		double dt = now() - t_start;

		getrusage(RUSAGE_SELF, &ru);
		fprintf(stderr, "bench: end to end %llu bytes in %.3f s = %.1f MB/s (file to "
			"figures, %u link%s), max RSS %ld KiB\n", (unsigned long long)bytes, dt,
			dt > 0 ? (double)bytes / dt / 1e6 : 0.0, e.nlinks, e.nlinks == 1 ? "" : "s",
			ru.ru_maxrss);
	}
	for (unsigned int i = 0; i < e.nlinks; i++)
		txn_free(e.links[i].rp.tx);
	free(e.links);
	free(o.links);
	free(o.wstart);
	free(o.wend);
	return partial ? 1 : 0;
}
