// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Harness of tests/replay-rtl/twolink.v:
 *
 *   twolink OUT_BASE CLOCKS SEED
 *
 * Resets, starts both monitors on the idle links, lets the traffic go and
 * dumps exactly the CLOCKS clocks the monitors count with Verilator's own
 * tracer (OUT_BASE.vcd, or OUT_BASE.fst in the --trace-fst build), then
 * freezes the counts with a snapshot and writes, for each link,
 * OUT_BASE.linkN.regs: "name value" for every named event in id order
 * (counters and gauges, read through AXI4-lite from the snapshot window),
 * then perf_err and resp_approx from CONTROL. OUT_BASE.info holds the
 * window and the protocol check of both links.
 *
 * The window. Every condition of the monitor reads the state at the start
 * of a clock, every update lands at its end, and a start takes effect at
 * the end of an idle clock. The start is written on clock W; clock W+1 is
 * idle (no master has seen `go` yet) and ends with the monitors
 * triggered; clocks W+2 .. W+1+CLOCKS are counted, and the dump holds
 * exactly their rising edges: it opens with the clock low just before the
 * first of them and ends on the last one. The snapshot is written on the
 * next clock, S = W+2+CLOCKS: it copies the counts as they are at the
 * start of S, and CONTROL, read on that same clock, is the state at the
 * start of S too. Both monitors take every access on the same clock.
 *
 * Each clock is evaluated as two halves: clock low (inputs changed, the
 * dump of that time shows what the coming edge samples), then the rising
 * edge (the dump of that time shows the flip-flop outputs it produced).
 */
#include <cerrno>
#include <cinttypes>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include "Vtwolink.h"
#include "Vtwolink___024root.h"
#include "verilated.h"
#ifdef TWOLINK_FST
#include "verilated_fst_c.h"
typedef VerilatedFstC TwolinkTrace;
static const char trace_ext[] = ".fst";
#else
#include "verilated_vcd_c.h"
typedef VerilatedVcdC TwolinkTrace;
static const char trace_ext[] = ".vcd";
#endif

#include "axi4_check.h"	/* tests/rtl: the AXI4 rules the monitor relies on */

extern "C" {
#include "axiperf/regs.h"
const char *twolink_event_name(unsigned int id);
}

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "twolink: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* one monitor's AXI4-lite port */
struct Axil {
	CData &awvalid, &wvalid, &bready, &arvalid, &rready, &wstrb;
	SData &awaddr, &araddr;
	IData &wdata;
	CData &awready, &wready, &bvalid, &arready, &rvalid, &bresp, &rresp;
	IData &rdata;
};

#define AXIL_PORT(t, p)                                                                        \
	Axil                                                                                   \
	{                                                                                      \
		t->p##_axil_awvalid, t->p##_axil_wvalid, t->p##_axil_bready,                   \
			t->p##_axil_arvalid, t->p##_axil_rready, t->p##_axil_wstrb,            \
			t->p##_axil_awaddr, t->p##_axil_araddr, t->p##_axil_wdata,             \
			t->p##_axil_awready, t->p##_axil_wready, t->p##_axil_bvalid,           \
			t->p##_axil_arready, t->p##_axil_rvalid, t->p##_axil_bresp,            \
			t->p##_axil_rresp, t->p##_axil_rdata                                   \
	}

/* a link's wires during a clock, as the protocol check takes them */
#define LINK_OF(r, n, l)                                                                        \
	do {                                                                                   \
		l = axiperf_link{};                                                            \
		l.awvalid = r->twolink__DOT__##n##__DOT__l_awvalid;                                    \
		l.awready = r->twolink__DOT__##n##__DOT__l_awready;                                    \
		l.awid = r->twolink__DOT__##n##__DOT__l_awid;                                          \
		l.awlen = r->twolink__DOT__##n##__DOT__l_awlen;                                        \
		l.awsize = r->twolink__DOT__##n##__DOT__l_awsize;                                      \
		l.wvalid = r->twolink__DOT__##n##__DOT__l_wvalid;                                      \
		l.wready = r->twolink__DOT__##n##__DOT__l_wready;                                      \
		l.wlast = r->twolink__DOT__##n##__DOT__l_wlast;                                        \
		l.wstrb[0] = r->twolink__DOT__##n##__DOT__l_wstrb;                                     \
		l.bvalid = r->twolink__DOT__##n##__DOT__l_bvalid;                                      \
		l.bready = r->twolink__DOT__##n##__DOT__l_bready;                                      \
		l.arvalid = r->twolink__DOT__##n##__DOT__l_arvalid;                                    \
		l.arready = r->twolink__DOT__##n##__DOT__l_arready;                                    \
		l.arid = r->twolink__DOT__##n##__DOT__l_arid;                                          \
		l.arlen = r->twolink__DOT__##n##__DOT__l_arlen;                                        \
		l.arsize = r->twolink__DOT__##n##__DOT__l_arsize;                                      \
		l.rvalid = r->twolink__DOT__##n##__DOT__l_rvalid;                                      \
		l.rready = r->twolink__DOT__##n##__DOT__l_rready;                                      \
		l.rid = r->twolink__DOT__##n##__DOT__l_rid;                                            \
		l.rlast = r->twolink__DOT__##n##__DOT__l_rlast;                                        \
	} while (0)

class Bench {
public:
	explicit Bench(uint32_t seed)
	{
		ctx.reset(new VerilatedContext);
		ctx->traceEverOn(true);
		top.reset(new Vtwolink(ctx.get()));
		port[0].reset(new Axil(AXIL_PORT(top, s0)));
		port[1].reset(new Axil(AXIL_PORT(top, s1)));
		trace.reset(new TwolinkTrace);
		top->trace(trace.get(), 99);
		top->seed = seed;
		top->go = 0;
		top->aresetn = 0;
		top->aclk = 1;
		top->eval();
	}

	~Bench()
	{
		if (trace->isOpen())
			trace->close();
		top->final();
	}

	/* the first half of a clock: clock low, this clock's inputs */
	void low()
	{
		top->aclk = 0;
		top->eval();
		if (dumping)
			trace->dump(t);
		t += 5;
		if (top->aresetn) {
			axiperf_link l;
			Vtwolink___024root *r = top->rootp;

			LINK_OF(r, link0, l);
			track(0, l);
			LINK_OF(r, link1, l);
			track(1, l);
		}
	}

	/* the protocol check, and what is in flight at the end of this clock */
	void track(int i, const axiperf_link &l)
	{
		check[i].clock(l, clock_no);
		reads[i] += (l.arvalid && l.arready) - (l.rvalid && l.rready && l.rlast);
		writes[i] += (l.awvalid && l.awready) - (l.bvalid && l.bready);
	}

	/* the rising edge that ends it */
	void high()
	{
		top->aclk = 1;
		top->eval();
		if (dumping) {
			trace->dump(t);
			dumped_edges++;
		}
		t += 5;
		clock_no++;
	}

	void clock()
	{
		low();
		high();
	}

	void reset(unsigned clocks)
	{
		top->aresetn = 0;
		for (unsigned i = 0; i < clocks; i++)
			clock();
		top->aresetn = 1;
	}

	/* present a write of both monitors (taken on a clock the caller ends) */
	void put_write(uint32_t off, uint32_t data)
	{
		for (auto &p : port) {
			p->awaddr = off & 0x3ff;
			p->wdata = data;
			p->wstrb = 0xf;
			p->awvalid = p->wvalid = 1;
		}
	}

	void put_read(uint32_t off)
	{
		for (auto &p : port) {
			p->araddr = off & 0x3ff;
			p->arvalid = 1;
		}
	}

	/* after low(): is the presented write (read) taken by both on this clock */
	bool write_taken(const char *what)
	{
		bool a = port[0]->awready && port[0]->wready;
		bool b = port[1]->awready && port[1]->wready;

		if (port[0]->awready != port[0]->wready || port[1]->awready != port[1]->wready)
			die("%s: AW and W taken on different clocks", what);
		if (a != b)
			die("%s: the monitors took the write on different clocks", what);
		return a;
	}

	bool read_taken(const char *what)
	{
		bool a = port[0]->arready, b = port[1]->arready;

		if (a != b)
			die("%s: the monitors took the read on different clocks", what);
		return a;
	}

	void end_write(const char *what)
	{
		for (auto &p : port) {
			p->awvalid = p->wvalid = 0;
			p->bready = 1;
		}
		for (int n = 0;; n++) {
			low();
			bool a = port[0]->bvalid, b = port[1]->bvalid;
			if (a != b)
				die("%s: write responses on different clocks", what);
			if (a && (port[0]->bresp || port[1]->bresp))
				die("%s: write response not OKAY", what);
			high();
			if (a)
				break;
			if (n > 100)
				die("%s: no write response", what);
		}
		for (auto &p : port)
			p->bready = 0;
	}

	void end_read(uint32_t v[2], const char *what)
	{
		for (auto &p : port) {
			p->arvalid = 0;
			p->rready = 1;
		}
		for (int n = 0;; n++) {
			low();
			bool a = port[0]->rvalid, b = port[1]->rvalid;
			if (a != b)
				die("%s: read data on different clocks", what);
			if (a && (port[0]->rresp || port[1]->rresp))
				die("%s: read response not OKAY", what);
			v[0] = port[0]->rdata;
			v[1] = port[1]->rdata;
			high();
			if (a)
				break;
			if (n > 100)
				die("%s: no read data", what);
		}
		for (auto &p : port)
			p->rready = 0;
	}

	void write(uint32_t off, uint32_t data, const char *what)
	{
		put_write(off, data);
		for (int n = 0;; n++) {
			low();
			bool taken = write_taken(what);
			high();
			if (taken)
				break;
			if (n > 100)
				die("%s: write never taken", what);
		}
		end_write(what);
	}

	void read(uint32_t off, uint32_t v[2], const char *what)
	{
		put_read(off);
		for (int n = 0;; n++) {
			low();
			bool taken = read_taken(what);
			high();
			if (taken)
				break;
			if (n > 100)
				die("%s: read never taken", what);
		}
		end_read(v, what);
	}

	void open_trace(const std::string &path)
	{
		trace->open(path.c_str());
		if (!trace->isOpen())
			die("cannot open %s", path.c_str());
		dumping = true;
	}

	void close_trace()
	{
		dumping = false;
		trace->close();
	}

	std::unique_ptr<VerilatedContext> ctx;
	std::unique_ptr<Vtwolink> top;
	std::unique_ptr<TwolinkTrace> trace;
	std::unique_ptr<Axil> port[2];
	Axi4Check check[2] = { Axi4Check(32), Axi4Check(64) };
	int64_t reads[2] = { 0, 0 }, writes[2] = { 0, 0 };
	bool dumping = false;
	uint64_t t = 0, clock_no = 0, dumped_edges = 0;
};

/* where an event's value is read: every named event must have one */
struct Where {
	bool known, counter;
	const char *name;
	uint32_t off;
	unsigned lsb, bits;
};

static Where where_of(unsigned id)
{
	Where w{};

#define TWOLINK_COUNTER(name_, id_, off_, legacy_, unit_, per_byte_, step_)                   \
	if (id == (id_))                                                                       \
		w = Where{ true, true, #name_, (off_), 0, 64 };
#define TWOLINK_GAUGE(name_, id_, off_, lsb_, bits_)                                           \
	if (id == (id_))                                                                       \
		w = Where{ true, false, #name_, (off_), (lsb_), (bits_) };
	AXIPERF_COUNTERS(TWOLINK_COUNTER)
	AXIPERF_GAUGES(TWOLINK_GAUGE)
#undef TWOLINK_COUNTER
#undef TWOLINK_GAUGE
	return w;
}

static FILE *create(const std::string &path)
{
	FILE *f = fopen(path.c_str(), "w");

	if (!f)
		die("cannot create %s: %s", path.c_str(), strerror(errno));
	return f;
}

int main(int argc, char **argv)
{
	if (argc != 4)
		die("usage: twolink OUT_BASE CLOCKS SEED");
	std::string base = argv[1];
	char *end;
	unsigned long clocks = strtoul(argv[2], &end, 0);
	if (*end || clocks < 1)
		die("CLOCKS '%s' is not a whole number above 0", argv[2]);
	unsigned long seed = strtoul(argv[3], &end, 0);
	if (*end || seed > 0xffffffffUL)
		die("SEED '%s' is not a 32-bit number", argv[3]);

	Bench b((uint32_t)seed);
	uint32_t v[2];

	b.reset(8);
	b.clock();

	/* the right monitors behind the ports */
	b.read(AXIPERF_REG_ID, v, "ID");
	if (v[0] != AXIPERF_MAGIC || v[1] != AXIPERF_MAGIC)
		die("ID reads 0x%08x, 0x%08x, want 0x%08x", v[0], v[1], AXIPERF_MAGIC);
	b.read(AXIPERF_REG_CONFIG, v, "CONFIG");
	const unsigned want_bytes_log2[2] = { 2, 3 }, want_id[2] = { 4, 2 };
	for (int i = 0; i < 2; i++) {
		unsigned lg = (v[i] & AXIPERF_CONFIG_DATA_BYTES_LOG2) >> AXIPERF_CONFIG_DATA_BYTES_LOG2_SHIFT;
		unsigned idw = (v[i] & AXIPERF_CONFIG_ID_WIDTH) >> AXIPERF_CONFIG_ID_WIDTH_SHIFT;
		if (lg != want_bytes_log2[i] || idw != want_id[i] ||
		    !(v[i] & AXIPERF_CONFIG_COUNTER_64) || !(v[i] & AXIPERF_CONFIG_HAS_SNAPSHOT))
			die("mon%d: CONFIG 0x%08x is not the link's build", i, v[i]);
	}

	/* clock W: the start is taken; clock W+1: idle, go is seen at its end */
	b.put_write(AXIPERF_REG_CONTROL, AXIPERF_CONTROL_START_PENDING);
	b.low();
	if (!b.write_taken("CONTROL start"))
		die("CONTROL start: not taken on the first clock");
	b.high();
	for (auto &p : b.port) {
		p->awvalid = p->wvalid = 0;
		p->bready = 1;
	}
	b.top->go = 1;
	b.low();
	if (!b.port[0]->bvalid || !b.port[1]->bvalid)
		die("CONTROL start: no write response on the next clock");
	Vtwolink___024root *r = b.top->rootp;
	if (r->twolink__DOT__link0__DOT__l_awvalid || r->twolink__DOT__link0__DOT__l_wvalid || r->twolink__DOT__link0__DOT__l_arvalid ||
	    r->twolink__DOT__link1__DOT__l_awvalid || r->twolink__DOT__link1__DOT__l_wvalid || r->twolink__DOT__link1__DOT__l_arvalid)
		die("a link is busy on the clock the monitors start");
	b.high();
	for (auto &p : b.port)
		p->bready = 0;

	/* clocks W+2 .. W+1+CLOCKS: counted, and dumped */
	uint64_t first = b.clock_no;
	b.open_trace(base + trace_ext);
	for (unsigned long i = 0; i < clocks; i++)
		b.clock();
	b.close_trace();
	int64_t reads_at_end[2] = { b.reads[0], b.reads[1] };
	int64_t writes_at_end[2] = { b.writes[0], b.writes[1] };

	/* clock S: the snapshot, and CONTROL as at its start */
	b.put_write(AXIPERF_REG_SNAPSHOT, 1);
	b.put_read(AXIPERF_REG_CONTROL);
	b.low();
	if (!b.write_taken("SNAPSHOT") || !b.read_taken("CONTROL"))
		die("SNAPSHOT and CONTROL: not taken on the clock after the window");
	b.high();
	uint32_t control[2];
	for (auto &p : b.port)
		p->arvalid = 0;
	b.end_write("SNAPSHOT");
	b.end_read(control, "CONTROL");

	/* every named event from the snapshot window */
	std::string text[2];
	uint64_t active[2] = { 0, 0 };
	for (unsigned id = 0; id <= AXIPERF_EV_MAX; id++) {
		const char *name = twolink_event_name(id);
		if (!name)
			continue;
		Where w = where_of(id);
		if (!w.known)
			die("event %u (%s) has no register", id, name);
		if (strcmp(w.name, name))
			die("event %u: figures.h names it %s, regs.h %s", id, name, w.name);
		uint64_t val[2];
		b.read(AXIPERF_SNAPSHOT_OFFSET + w.off, v, name);
		if (w.counter) {
			uint32_t hi[2];
			b.read(AXIPERF_SNAPSHOT_OFFSET + AXIPERF_UPPER_OFFSET + w.off, hi, name);
			for (int i = 0; i < 2; i++)
				val[i] = (uint64_t)hi[i] << 32 | v[i];
		} else {
			for (int i = 0; i < 2; i++)
				val[i] = (v[i] >> w.lsb) & ((1u << w.bits) - 1);
		}
		for (int i = 0; i < 2; i++) {
			char line[128];
			snprintf(line, sizeof(line), "%s %" PRIu64 "\n", name, val[i]);
			text[i] += line;
			if (id == AXIPERF_EV_ACTIVE_CYCLES)
				active[i] = val[i];
		}
	}
	for (int i = 0; i < 2; i++) {
		FILE *f = create(base + ".link" + std::to_string(i) + ".regs");
		fprintf(f, "%sperf_err %d\nresp_approx %d\n", text[i].c_str(),
			!!(control[i] & AXIPERF_CONTROL_PERF_ERR),
			!!(control[i] & AXIPERF_CONTROL_RESP_APPROX));
		fclose(f);
	}

	FILE *f = create(base + ".info");
	fprintf(f, "clocks %lu\nseed 0x%08lx\nfirst_clock %" PRIu64 "\ndumped_edges %" PRIu64 "\n",
		clocks, seed, first, b.dumped_edges);
	for (int i = 0; i < 2; i++) {
		fprintf(f, "link%d_active_cycles %" PRIu64 "\n", i, active[i]);
		fprintf(f, "link%d_reads_in_flight_at_end %" PRId64 "\n", i, reads_at_end[i]);
		fprintf(f, "link%d_writes_in_flight_at_end %" PRId64 "\n", i, writes_at_end[i]);
		fprintf(f, "link%d_protocol_violations %" PRIu64 "\n", i, b.check[i].violations);
		if (b.check[i].violations)
			fprintf(f, "link%d_first_violation %s\n", i, b.check[i].first.c_str());
	}
	fclose(f);
	printf("twolink: %lu clocks dumped to %s%s (clocks %" PRIu64 "..%" PRIu64
	       "); active_cycles %" PRIu64 ", %" PRIu64 "\n",
	       clocks, base.c_str(), trace_ext, first, first + clocks - 1, active[0], active[1]);
	return 0;
}
