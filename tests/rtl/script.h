/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Directed-test scripts: one call per clock, the link's wires written as
 * tokens, AXI4-lite writes and reads placed on exact clocks, and register
 * expectations checked on the RTL and on the model alike.
 *
 * Wire tokens (anything not named is low):
 *   AW aw awr   AWVALID+AWREADY / AWVALID only / AWREADY only
 *   W w wr WL wL   WVALID+WREADY / WVALID only / WREADY only / ... with WLAST
 *   B b br      BVALID+BREADY / BVALID only / BREADY only
 *   AR ar arr   as AW
 *   R r rr RL rL   as W
 *   awlen= awsize= awid= arlen= arsize= arid= rid= strb=HEX|all strbhi=HEX
 * Defaults: awsize=2 arsize=2 strb=0xf (4 bytes a beat), IDs 0.
 */
#ifndef AXIPERF_TB_SCRIPT_H
#define AXIPERF_TB_SCRIPT_H

#include <cstdint>
#include <deque>
#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "harness.h"

/* Expected register values after a test: events by name, missing = 0. */
struct Expect {
	Expect() = default;
	Expect(std::initializer_list<std::pair<const std::string, uint64_t>> v) : ev(v) {}

	std::map<std::string, uint64_t> ev;
	std::map<std::string, uint64_t> snap;	/* the snapshot copy */
	bool active_sat = false;
	uint32_t control = 0x40;		/* stopped, bus idle */
	uint32_t irq_status = 0, irq_enable = 0;
	bool irq = false;
};

class Script {
public:
	explicit Script(Harness &h) : h_(h) {}

	/* n clocks with these wires */
	void clk(const char *wires, uint64_t n = 1);
	/* n clocks with the link in reset (mon_axi_aresetn low) and these
	 * wires on it, which must not count */
	void link_reset(const char *wires, uint64_t n = 1);
	/* one clock in link reset whose AXI4-lite read must be taken */
	void link_reset_read(uint32_t off, uint32_t expect, const char *wires = "",
			     const char *what = nullptr);
	/* one clock whose AXI4-lite write must be taken on that clock */
	void write(uint32_t off, uint32_t data, const char *wires = "");
	/* one clock whose AXI4-lite read must be taken; the RTL's answer
	 * is checked on the next clock, the model's value at once */
	void read(uint32_t off, uint32_t expect, const char *wires = "", const char *what = nullptr);
	/* write CONTROL=1, then one quiet clock on which the start applies */
	void start();
	/* write CONTROL=0, then one quiet clock on which the stop applies:
	 * two counted, quiet clocks */
	void stop();
	/* the bus is quiet and stopped: read the whole map against e */
	void check(const Expect &e);

	axiperf_link wires(const char *s);
	void fail(const std::string &msg);
	bool poke_active(uint64_t v);

	Harness &h() { return h_; }
	std::vector<std::string> rtl_fails, model_fails, script_fails;
	/* clk() runs also held at once and compared (axiperf_model_hold) */
	uint64_t held_runs = 0;

private:
	bool link_rst_ = false;
	struct Pending {
		uint32_t off, expect;
		std::string what;
		uint64_t clock;
	};
	void tick(const axiperf_link &l, bool wr, uint32_t woff, uint32_t wdata,
		  bool rd, uint32_t roff, uint32_t rexp, const std::string &what);

	Harness &h_;
	std::deque<Pending> rsp_;
	uint64_t last_write_ = ~0ull, last_read_ = ~0ull;
};

#endif
