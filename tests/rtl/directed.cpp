// SPDX-License-Identifier: GPL-2.0 OR MIT
// rtl-directed: short scripts whose register values were computed by hand
// from Documentation/monitor.rst, checked on the RTL and on the model.
//
// Conventions of the reasoning below. start() is two clocks that are not
// counted (the write, then the idle clock on which the start applies);
// c1 is the first counted clock. stop() is two counted, quiet clocks (the
// write of 0, then the idle clock on which it applies), so a quiet link
// adds 2 to active_cycles, rd_idle and wr_idle. "aw", "w", "r" below are
// the trackers aw_count, w_count, r_count at the END of the clock; every
// gauge takes the trackers as they are at the START of a counted clock.
// Unless said otherwise bursts have size 2 (4 bytes a beat) and strobes
// 0xf, so a burst of LEN+1 beats requests 4*(LEN+1) bytes.
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

extern "C" {
#include "axiperf/regs.h"
}

#include "harness.h"
#include "script.h"
#include "tests.h"

namespace {

const uint32_t CONTROL = AXIPERF_REG_CONTROL;
const uint32_t SNAPSHOT = AXIPERF_REG_SNAPSHOT;
const uint32_t IRQ_STATUS = AXIPERF_REG_IRQ_STATUS;
const uint32_t IRQ_ENABLE = AXIPERF_REG_IRQ_ENABLE;

using Params = axiperf_params;

struct Test {
	const char *name;
	const char *proves;
	std::function<bool(const Params &)> applies;
	std::function<void(Script &)> run;
};

bool always(const Params &) { return true; }

// ---------------------------------------------------------------- read --

void rd_beat(Script &s)
{
	s.start();
	s.clk("AR arlen=1");	// c1 addr_cycle (r_out 0); r=1; rd_first<-1; bytes 2*4=8
	s.clk("");		// c2 lag; first_lag 1; max_out<-1
	s.clk("R");		// c3 beat; first_lag 2; rd_first<-0; slot takes ID 0
	s.clk("RL");		// c4 beat; max_responding<-1 (slot held at start); burst; r=0
	s.stop();		// c5 c6 idle
	s.check({ { "active_cycles", 6 }, { "rd_ar_cycles", 1 }, { "rd_lag", 1 },
		  { "rd_beats", 2 }, { "rd_idle", 2 }, { "rd_bursts", 1 }, { "rd_bytes", 8 },
		  { "rd_first_lag", 2 }, { "wr_idle", 6 }, { "rd_max_burst_size", 1 },
		  { "rd_max_outstanding", 1 }, { "rd_max_responding", 1 } });
}

void rd_stall(Script &s)
{
	s.start();
	s.clk("AR");		// c1 addr_cycle; r=1; rd_first<-1; bytes 4
	s.clk("");		// c2 lag; first_lag 1; max_out 1
	s.clk("rL");		// c3 stall (RVALID, no RREADY); first_lag 2; slot takes ID 0
	s.clk("RL");		// c4 beat; responding 1 at start; burst; r=0
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "rd_ar_cycles", 1 }, { "rd_lag", 1 },
		  { "rd_r_stall", 1 }, { "rd_beats", 1 }, { "rd_idle", 2 }, { "rd_bursts", 1 },
		  { "rd_bytes", 4 }, { "rd_first_lag", 2 }, { "wr_idle", 6 },
		  { "rd_max_outstanding", 1 }, { "rd_max_responding", 1 } });
}

void rd_slow_link(Script &s)
{
	s.start();
	s.clk("AR arlen=1");	// c1 addr_cycle; bytes 8
	s.clk("R");		// c2 beat; first_lag 1; slot takes ID 0
	s.clk("");		// c3 slow_link (r_fly); responding 1
	s.clk("RL");		// c4 beat; burst; r=0; slot freed
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "rd_ar_cycles", 1 }, { "rd_beats", 2 },
		  { "rd_slow_link", 1 }, { "rd_idle", 2 }, { "rd_bursts", 1 }, { "rd_bytes", 8 },
		  { "rd_first_lag", 1 }, { "wr_idle", 6 }, { "rd_max_burst_size", 1 },
		  { "rd_max_outstanding", 1 }, { "rd_max_responding", 1 } });
}

void rd_lag(Script &s)
{
	s.start();
	s.clk("AR");		// c1 addr_cycle; r=1; rd_first<-1
	s.clk("", 3);		// c2 c3 c4 lag; first_lag 3
	s.clk("RL");		// c5 beat; first_lag 4; no slot taken (last beat); r=0
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "rd_ar_cycles", 1 }, { "rd_lag", 3 },
		  { "rd_beats", 1 }, { "rd_idle", 2 }, { "rd_bursts", 1 }, { "rd_bytes", 4 },
		  { "rd_first_lag", 4 }, { "wr_idle", 7 }, { "rd_max_outstanding", 1 } });
}

void rd_first_idle_link_only(Script &s)
{
	// an address taken while a burst is outstanding does not restart the
	// first-read lag: only ARVALID on an idle read link (r_out low) does
	s.start();
	s.clk("AR arlen=1");	// c1 addr_cycle; r=1; rd_first<-1; 8 bytes
	s.clk("R");		// c2 beat; first_lag 1; rd_first<-0; slot takes ID 0
	s.clk("AR");		// c3 slow_link (r_fly); r=2; r_out: rd_first stays 0; 4 bytes
	s.clk("RL");		// c4 beat; burst 1 done; r=1; max_out 2, responding 1
	s.clk("");		// c5 lag (r_out, nothing responding): not first lag
	s.clk("RL");		// c6 beat; r=0
	s.stop();		// c7 c8
	s.check({ { "active_cycles", 8 }, { "rd_ar_cycles", 1 }, { "rd_beats", 3 },
		  { "rd_slow_link", 1 }, { "rd_lag", 1 }, { "rd_idle", 2 }, { "rd_bursts", 2 },
		  { "rd_bytes", 12 }, { "rd_first_lag", 1 }, { "wr_idle", 8 },
		  { "rd_max_burst_size", 1 }, { "rd_max_outstanding", 2 },
		  { "rd_max_responding", 1 } });
}

void rd_addr_stall(Script &s)
{
	s.start();
	s.clk("ar");		// c1 addr_stall; rd_first<-1 (ARVALID, r_out 0)
	s.clk("ar");		// c2 addr_stall; first_lag 1
	s.clk("AR");		// c3 addr_cycle; first_lag 2; r=1; bytes 4
	s.clk("RL");		// c4 beat; first_lag 3; r=0
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "rd_ar_stall", 2 }, { "rd_ar_cycles", 1 },
		  { "rd_beats", 1 }, { "rd_idle", 2 }, { "rd_bursts", 1 }, { "rd_bytes", 4 },
		  { "rd_first_lag", 3 }, { "wr_idle", 6 }, { "rd_max_outstanding", 1 } });
}

void link_reset_read(Script &s)
{
	s.start();
	s.clk("ar");		// c1 addr_stall; rd_first<-1
	s.clk("AR arlen=3");	// c2 addr_cycle; first_lag 1; r=1; bytes 16
	s.clk("R");		// c3 beat; first_lag 2; rd_first<-0; a slot responds
	s.clk("R");		// c4 beat; responding 1
	s.link_reset("R ar AR rL w aw b");	// c5 idle, idle: the wires do not count; r, slot end
	s.clk("");		// c6 idle: nothing in flight (no lag)
	s.clk("AR");		// c7 addr_cycle (r_out 0); r=1; bytes 4; rd_first<-1
	s.clk("RL");		// c8 beat; first_lag 3; r=0
	s.stop();		// c9 c10
	s.check({ { "active_cycles", 10 }, { "rd_ar_stall", 1 }, { "rd_ar_cycles", 2 },
		  { "rd_beats", 3 }, { "rd_idle", 4 }, { "rd_bursts", 1 }, { "rd_bytes", 20 },
		  { "rd_first_lag", 3 }, { "wr_idle", 10 }, { "rd_max_burst_size", 3 },
		  { "rd_max_outstanding", 1 }, { "rd_max_responding", 1 } });
}

void link_reset_hang(Script &s)
{
	s.start();
	s.clk("ar", 3);		// c1..c3 addr_stall; rd_first<-1 after c1: first_lag 2
	s.link_reset("ar", 2);	// c4 c5 idle: the refused address is withdrawn by the reset
	s.clk("AR");		// c6 addr_cycle; r=1; bytes 4; rd_first<-1
	s.clk("RL");		// c7 beat; first_lag 3
	s.stop();		// c8 c9
	s.check({ { "active_cycles", 9 }, { "rd_ar_stall", 3 }, { "rd_ar_cycles", 1 },
		  { "rd_beats", 1 }, { "rd_idle", 4 }, { "rd_bursts", 1 }, { "rd_bytes", 4 },
		  { "rd_first_lag", 3 }, { "wr_idle", 9 }, { "rd_max_outstanding", 1 } });
}

void link_reset_status(Script &s)
{
	const uint32_t ctl = AXIPERF_REG_CONTROL;

	/* mon_axi_aresetn tied low: CONTROL.link_reset says so, every clock idle */
	s.link_reset_read(ctl, AXIPERF_CONTROL_IDLE | AXIPERF_CONTROL_LINK_RESET, "AR RL",
			  "CONTROL, stopped, link in reset");
	s.start();
	s.link_reset("AR RL AW WL B", 4);	// c1..c4 idle, idle: the wires do not count
	s.link_reset_read(ctl, AXIPERF_CONTROL_TRIGGERED | AXIPERF_CONTROL_IDLE |
			  AXIPERF_CONTROL_LINK_RESET, "AR R", "CONTROL, counting, link in reset");	// c5
	s.clk("");		// c6 out of reset
	s.read(ctl, AXIPERF_CONTROL_TRIGGERED | AXIPERF_CONTROL_IDLE, "",
	       "CONTROL, counting, link out of reset");	// c7
	s.stop();		// c8 c9
	s.check({ { "active_cycles", 9 }, { "rd_idle", 9 }, { "wr_idle", 9 } });
}

void link_reset_write(Script &s)
{
	s.start();
	s.clk("AW W awlen=1");	// c1 beat; aw=1; w_prog<-1
	s.clk("");		// c2 slow_data (aw_out, w_prog)
	s.link_reset("W wL b AR");	// c3 idle, idle; aw and the begun burst end
	s.clk("");		// c4 idle: nothing in flight (no slow_data)
	s.clk("AW WL");		// c5 beat; aw=1; w=1
	s.clk("B");		// c6 b_end
	s.stop();		// c7 c8
	s.check({ { "active_cycles", 8 }, { "wr_beats", 2 }, { "wr_slow_data", 1 },
		  { "wr_b_end", 1 }, { "wr_idle", 4 }, { "wr_bursts", 2 }, { "wr_aw_bytes", 12 },
		  { "wr_w_bytes", 8 }, { "rd_idle", 8 }, { "wr_max_burst_size", 1 },
		  { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void rd_addr_cycle(Script &s)
{
	s.start();
	s.clk("AR arsize=1");	// c1 addr_cycle; r=1; bytes 1<<1 = 2; rd_first<-1
	s.clk("AR arsize=0");	// c2 lag, not addr_cycle (r_out); r=2; bytes +1; first_lag 1
	s.clk("RL");		// c3 beat; first_lag 2; rd_first<-0; r=1; max_out 2
	s.clk("RL");		// c4 beat; r=0
	s.clk("");		// c5 idle
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "rd_ar_cycles", 1 }, { "rd_lag", 1 },
		  { "rd_beats", 2 }, { "rd_idle", 3 }, { "rd_bursts", 2 }, { "rd_bytes", 3 },
		  { "rd_first_lag", 2 }, { "wr_idle", 7 }, { "rd_max_outstanding", 2 } });
}

void rd_idle(Script &s)
{
	s.start();
	s.clk("");		// c1 idle
	s.clk("arr rr");	// c2 idle: readies without valids
	s.clk("arr");		// c3
	s.clk("rr");		// c4
	s.clk("", 3);		// c5..c7
	s.stop();		// c8 c9
	s.check({ { "active_cycles", 9 }, { "rd_idle", 9 }, { "wr_idle", 9 } });
}

// --------------------------------------------------------------- write --
// bias: +1 addr_first, -1 data_first, 0 neither (monitor's [bias]).

void wr_early_beat(Script &s)
{
	s.start();
	s.clk("W");		// c1 early_beat (+wr_beats); w_prog<-1; bias -1; 4 bytes
	s.clk("WL");		// c2 early_beat; w=1, w_prog<-0; bias -1; 4 bytes; wmax 1
	s.clk("AW awlen=1");	// c3 addr_lag (w_out); aw=1; bias 0 (w_out); 8 bytes asked
	s.clk("B");		// c4 b_end; aw=0 w=0; bias 0; awmax 1
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_early_beat", 2 }, { "wr_beats", 2 },
		  { "wr_w_bytes", 8 }, { "wr_addr_lag", 1 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 8 }, { "wr_b_end", 1 }, { "wr_idle", 2 },
		  { "wr_bias_data_first", 2 }, { "rd_idle", 6 }, { "wr_max_burst_size", 1 },
		  { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_beat(Script &s)
{
	s.start();
	s.clk("AW W awlen=1");	// c1 beat (AWVALID); aw=1; w_prog<-1; bias 0 (AW and W taken together)
	s.clk("WL");		// c2 beat (aw_out); w=1; bias 0 (w_prog); w max 0+1
	s.clk("B");		// c3 b_end; bias 0 (w_out)
	s.stop();		// c4 c5
	s.check({ { "active_cycles", 5 }, { "wr_beats", 2 }, { "wr_w_bytes", 8 },
		  { "wr_bursts", 1 }, { "wr_aw_bytes", 8 }, { "wr_b_end", 1 }, { "wr_idle", 2 },
		  { "rd_idle", 5 }, { "wr_max_burst_size", 1 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_stall(Script &s)
{
	s.start();
	s.clk("AW");		// c1 aw_early; aw=1; bias +1 (AWVALID, no W)
	s.clk("wL");		// c2 stall #1 (aw_out, WREADY low); w_prog<-1; bias +1
	s.clk("WL");		// c3 beat; w=1; w_prog<-0; bias 0 (w_prog at start)
	s.clk("B");		// c4 b_end; bias 0
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_aw_early", 1 }, { "wr_stall", 1 },
		  { "wr_beats", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 4 }, { "wr_bias_addr_first", 2 },
		  { "rd_idle", 6 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_stall_no_addr(Script &s)
{
	s.start();
	s.clk("W");		// c1 early_beat; w_prog<-1; bias -1
	s.clk("wL");		// c2 stall #2 (no address, w_prog); bias -1
	s.clk("WL");		// c3 early_beat; w=1 w_prog<-0; bias -1
	s.clk("AW");		// c4 addr_lag (w_out); aw=1; bias 0
	s.clk("B");		// c5 b_end
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_early_beat", 2 }, { "wr_beats", 2 },
		  { "wr_stall", 1 }, { "wr_addr_lag", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 },
		  { "wr_bursts", 1 }, { "wr_aw_bytes", 4 }, { "wr_w_bytes", 8 },
		  { "wr_bias_data_first", 3 }, { "rd_idle", 7 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_early_stall(Script &s)
{
	s.start();
	s.clk("w");		// c1 early_stall (first beat waits, no address); w_prog<-1; bias -1
	s.clk("WL");		// c2 early_beat; w=1; bias -1
	s.clk("AW");		// c3 addr_lag; aw=1; bias 0
	s.clk("B");		// c4 b_end
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_early_stall", 1 }, { "wr_early_beat", 1 },
		  { "wr_beats", 1 }, { "wr_addr_lag", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 },
		  { "wr_bursts", 1 }, { "wr_aw_bytes", 4 }, { "wr_w_bytes", 4 },
		  { "wr_bias_data_first", 2 }, { "rd_idle", 6 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_slow_data(Script &s)
{
	s.start();
	s.clk("AW W awlen=1");	// c1 beat; aw=1 w_prog<-1; bias 0
	s.clk("");		// c2 slow_data (aw_out, w_prog); bias 0
	s.clk("WL");		// c3 beat; w=1
	s.clk("B");		// c4 b_end
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_beats", 2 }, { "wr_slow_data", 1 },
		  { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 }, { "wr_aw_bytes", 8 },
		  { "wr_w_bytes", 8 }, { "rd_idle", 6 }, { "wr_max_burst_size", 1 },
		  { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_data_lag(Script &s)
{
	s.start();
	s.clk("AW");		// c1 aw_early; aw=1; bias +1
	s.clk("", 2);		// c2 c3 data_lag (aw_out, no data yet); bias +1 each
	s.clk("WL");		// c4 beat; w=1; bias +1 (w_out, w_prog low at start)
	s.clk("B");		// c5 b_end; bias 0 (w_out)
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_aw_early", 1 }, { "wr_data_lag", 2 },
		  { "wr_beats", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 4 }, { "wr_bias_addr_first", 4 },
		  { "rd_idle", 7 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_b_lag(Script &s)
{
	s.start();
	s.clk("AW WL");		// c1 beat; aw=1 w=1; bias 0
	s.clk("", 2);		// c2 c3 b_lag (all in, no BVALID)
	s.clk("B");		// c4 b_end
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_beats", 1 }, { "wr_b_lag", 2 },
		  { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 }, { "wr_aw_bytes", 4 },
		  { "wr_w_bytes", 4 }, { "rd_idle", 6 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_b_stall(Script &s)
{
	s.start();
	s.clk("AW WL");		// c1 beat; aw=1 w=1
	s.clk("b", 3);		// c2..c4 b_stall (BVALID, BREADY low)
	s.clk("B");		// c5 b_end
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_beats", 1 }, { "wr_b_stall", 3 },
		  { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 }, { "wr_aw_bytes", 4 },
		  { "wr_w_bytes", 4 }, { "rd_idle", 7 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_b_end(Script &s)
{
	s.start();
	s.clk("AW WL");		// c1 beat; aw=1 w=1
	s.clk("B");		// c2 b_end; aw=0 w=0
	s.clk("AW WL");		// c3 beat
	s.clk("B");		// c4 b_end
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_beats", 2 }, { "wr_b_end", 2 },
		  { "wr_idle", 2 }, { "wr_bursts", 2 }, { "wr_aw_bytes", 8 }, { "wr_w_bytes", 8 },
		  { "rd_idle", 6 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_addr_lag_mid(Script &s)
{
	s.start();
	s.clk("W");		// c1 early_beat; w_prog<-1; bias -1
	s.clk("");		// c2 addr_lag #2 (mid-burst, no address); bias -1
	s.clk("WL");		// c3 early_beat; w=1 w_prog<-0; bias -1
	s.clk("AW");		// c4 addr_lag #1 (w_out); aw=1; bias 0
	s.clk("B");		// c5 b_end
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_early_beat", 2 }, { "wr_beats", 2 },
		  { "wr_addr_lag", 2 }, { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 8 }, { "wr_bias_data_first", 3 },
		  { "rd_idle", 7 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_addr_lag(Script &s)
{
	s.start();
	s.clk("WL");		// c1 early_beat; w=1 (w_prog stays 0); bias -1
	s.clk("", 2);		// c2 c3 addr_lag #1 (whole burst in); bias -1 (w_out)
	s.clk("aw");		// c4 addr_lag (AWVALID refused); bias -1
	s.clk("AW");		// c5 addr_lag; aw=1; bias 0 (AW taken)
	s.clk("B");		// c6 b_end
	s.stop();		// c7 c8
	s.check({ { "active_cycles", 8 }, { "wr_early_beat", 1 }, { "wr_beats", 1 },
		  { "wr_addr_lag", 4 }, { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 4 }, { "wr_bias_data_first", 4 },
		  { "rd_idle", 8 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_aw_early(Script &s)
{
	s.start();
	s.clk("AW awlen=3 awsize=0");	// c1 aw_early; 4 beats of 1 byte = 4 bytes; bias +1
	s.clk("W strb=0x1");		// c2 beat; w_prog<-1; bias +1; 1 byte
	s.clk("W strb=0x2");		// c3 beat; bias 0 (w_prog); 1 byte
	s.clk("W strb=0x4");		// c4 beat; 1 byte
	s.clk("WL strb=0x8");		// c5 beat; w=1; 1 byte
	s.clk("B");			// c6 b_end
	s.stop();			// c7 c8
	s.check({ { "active_cycles", 8 }, { "wr_aw_early", 1 }, { "wr_beats", 4 },
		  { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 }, { "wr_aw_bytes", 4 },
		  { "wr_w_bytes", 4 }, { "wr_bias_addr_first", 2 }, { "rd_idle", 8 },
		  { "wr_max_burst_size", 3 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void wr_addr_stall(Script &s)
{
	s.start();
	s.clk("aw", 2);		// c1 c2 addr_stall; bias +1 each
	s.clk("AW");		// c3 aw_early; aw=1; bias +1
	s.clk("WL");		// c4 beat; w=1; bias +1
	s.clk("B");		// c5 b_end
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_addr_stall", 2 }, { "wr_aw_early", 1 },
		  { "wr_beats", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 4 }, { "wr_bias_addr_first", 4 },
		  { "rd_idle", 7 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void wr_idle(Script &s)
{
	s.start();
	s.clk("");		// c1 idle
	s.clk("awr wr br");	// c2 idle: readies, no valids
	s.clk("", 2);		// c3 c4
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_idle", 6 }, { "rd_idle", 6 } });
}

// ------------------------------------------------------------- defects --

void fix_w_max(Script &s)
{
	// three addresses first, then data: the W maximum (2) stays below the
	// combined maximum (3) and must still be recorded in its own field.
	s.start();
	s.clk("AW");	// c1 aw_early; aw=1; bias +1
	s.clk("AW");	// c2 data_lag; aw=2; bias +1
	s.clk("AW");	// c3 data_lag; aw=3; bias +1
	s.clk("WL");	// c4 beat; w=1; bias +1; awmax 3
	s.clk("B");	// c5 b_end; aw=2 w=0; bias 0 (w_out); wmax 1
	s.clk("WL");	// c6 beat; w=1; bias +1 (aw_out, w_out 0)
	s.clk("WL");	// c7 beat; w=2; bias 0
	s.clk("B");	// c8 b_end; aw=1 w=1; wmax 2 (w=2 at start)
	s.clk("B");	// c9 b_end; aw=0 w=0
	s.stop();	// c10 c11
	s.check({ { "active_cycles", 11 }, { "wr_aw_early", 1 }, { "wr_data_lag", 2 },
		  { "wr_beats", 3 }, { "wr_b_end", 3 }, { "wr_idle", 2 }, { "wr_bursts", 3 },
		  { "wr_aw_bytes", 12 }, { "wr_w_bytes", 12 }, { "wr_bias_addr_first", 5 },
		  { "rd_idle", 11 }, { "wr_max_outstanding", 3 }, { "wr_max_aw_outstanding", 3 },
		  { "wr_max_w_outstanding", 2 } });
}

void wr_max_w_counts_open_burst(Script &s)
{
	// the W gauge is w_count + w_prog: a complete burst waiting for its B
	// plus one begun make 2, though w_count never passes 1
	s.start();
	s.clk("WL");	// c1 early_beat; w=1; bias -1
	s.clk("W");	// c2 early_beat; w_prog<-1; bias -1
	s.clk("AW");	// c3 addr_lag #2 (no address at start); aw=1; bias 0; wmax 1+1 = 2
	s.clk("B");	// c4 slow_data (aw_out, w_prog); aw=0 w=0; bias 0
	s.clk("WL");	// c5 early_beat; w=1 w_prog<-0; bias -1
	s.clk("AW");	// c6 addr_lag #1; aw=1; bias 0
	s.clk("B");	// c7 b_end
	s.stop();	// c8 c9
	s.check({ { "active_cycles", 9 }, { "wr_early_beat", 3 }, { "wr_beats", 3 },
		  { "wr_addr_lag", 2 }, { "wr_slow_data", 1 }, { "wr_b_end", 1 }, { "wr_idle", 2 },
		  { "wr_bursts", 2 }, { "wr_aw_bytes", 8 }, { "wr_w_bytes", 12 },
		  { "wr_bias_data_first", 3 }, { "rd_idle", 9 }, { "wr_max_outstanding", 2 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 2 } });
}

void fix_bias_awready(Script &s)
{
	// ARREADY opposite to AWREADY on the two clocks where the bias
	// formula reads the address handshake.
	s.start();
	s.clk("aw W arr");	// c1 beat (AWVALID); w_prog<-1. AWREADY low: bias +1
				//    (ARREADY in its place would give -1)
	s.clk("AW WL");		// c2 beat; aw=1 w=1; bias 0
	s.clk("B");		// c3 b_end
	s.clk("AW WL");		// c4 beat; ARREADY low, AWREADY high: bias 0
				//    (ARREADY in its place would give +1)
	s.clk("B");		// c5 b_end
	s.stop();		// c6 c7
	s.check({ { "active_cycles", 7 }, { "wr_beats", 3 }, { "wr_w_bytes", 12 },
		  { "wr_bursts", 2 }, { "wr_aw_bytes", 8 }, { "wr_b_end", 2 }, { "wr_idle", 2 },
		  { "wr_bias_addr_first", 1 }, { "rd_idle", 7 }, { "wr_max_outstanding", 1 },
		  { "wr_max_aw_outstanding", 1 }, { "wr_max_w_outstanding", 1 } });
}

void fix_id_table(Script &s)
{
	// five IDs respond at once through a 4-entry table: the fifth is not
	// tracked, resp_approx is set and raises its interrupt.
	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_RESP_APPROX);
	s.clk("");
	s.start();
	s.clk("AR arlen=1 arid=0x1234");	// c1 addr_cycle; r=1; rd_first<-1; 8 bytes
	s.clk("AR arlen=1 arid=0xbeef");	// c2 lag; r=2; first_lag 1
	s.clk("AR arlen=1 arid=0x0001");	// c3 lag; r=3
	s.clk("AR arlen=1 arid=0xffff");	// c4 lag; r=4
	s.clk("AR arlen=1 arid=0x8000");	// c5 lag; r=5; first_lag 4
	s.clk("R rid=0x1234");			// c6 beat; slot0; first_lag 5; max_out 5
	s.clk("R rid=0xbeef");			// c7 slot1 (responding 1 at start)
	s.clk("R rid=0x0001");			// c8 slot2 (2)
	s.clk("R rid=0xffff");			// c9 slot3 (3)
	s.clk("R rid=0x8000");			// c10 no free slot: resp_approx (4)
	s.clk("RL rid=0x1234");			// c11 slot0 freed (4 at start)
	s.clk("RL rid=0xbeef");			// c12
	s.clk("RL rid=0x0001");			// c13
	s.clk("RL rid=0xffff");			// c14
	s.clk("RL rid=0x8000");			// c15 not in the table: nothing to free; r=0
	s.stop();				// c16 c17
	Expect e{ { "active_cycles", 17 }, { "rd_ar_cycles", 1 }, { "rd_lag", 4 },
		  { "rd_beats", 10 }, { "rd_bursts", 5 }, { "rd_bytes", 40 },
		  { "rd_first_lag", 5 }, { "rd_idle", 2 }, { "wr_idle", 17 },
		  { "rd_max_burst_size", 1 }, { "rd_max_outstanding", 5 },
		  { "rd_max_responding", 4 } };
	e.control = 0x40 | AXIPERF_CONTROL_RESP_APPROX;
	e.irq_status = AXIPERF_IRQ_STATUS_RESP_APPROX;
	e.irq_enable = AXIPERF_IRQ_STATUS_RESP_APPROX;
	e.irq = true;
	s.check(e);

	// an applied clear drops resp_approx; IRQ_STATUS keeps its bit
	s.write(CONTROL, 2);	// clear (and stop); applies on the next, idle, clock
	s.clk("");
	s.clk("");
	Expect z;
	z.irq_status = z.irq_enable = AXIPERF_IRQ_STATUS_RESP_APPROX;
	z.irq = true;
	s.check(z);
}

void fix_start_while_stop_pending(Script &s)
{
	s.start();
	s.clk("AR");			// c1 addr_cycle; r=1 (bus busy); rd_first<-1
	s.write(CONTROL, 0);		// c2 lag; stop pending (bus busy)
	s.read(CONTROL, AXIPERF_CONTROL_STOP_PENDING | AXIPERF_CONTROL_TRIGGERED, "",
	       "CONTROL with a stop pending");	// c3 lag
	s.write(CONTROL, 1);		// c4 lag; start pending, stop dropped
	s.read(CONTROL, AXIPERF_CONTROL_START_PENDING | AXIPERF_CONTROL_TRIGGERED, "RL",
	       "CONTROL with the start pending");	// c5 beat; r=0; first_lag 4 (c2..c5)
	s.clk("");			// c6 idle: the start applies, counting goes on
	s.clk("", 3);			// c7..c9 idle
	s.stop();			// c10 c11
	s.check({ { "active_cycles", 11 }, { "rd_ar_cycles", 1 }, { "rd_lag", 3 },
		  { "rd_beats", 1 }, { "rd_idle", 6 }, { "rd_bursts", 1 }, { "rd_bytes", 4 },
		  { "rd_first_lag", 4 }, { "wr_idle", 11 }, { "rd_max_outstanding", 1 } });
}

void fix_rd_first_reset(Script &s)
{
	s.clk("", 10);		// idle clocks after reset, not triggered
	s.start();
	s.clk("", 5);		// c1..c5 idle: rd_first is 0 out of reset, nothing counted
	s.clk("AR");		// c6 addr_cycle; rd_first<-1
	s.clk("", 2);		// c7 c8 lag; first_lag 2
	s.clk("RL");		// c9 beat; first_lag 3
	s.stop();		// c10 c11
	s.check({ { "active_cycles", 11 }, { "rd_idle", 7 }, { "rd_ar_cycles", 1 },
		  { "rd_lag", 2 }, { "rd_beats", 1 }, { "rd_bursts", 1 }, { "rd_bytes", 4 },
		  { "rd_first_lag", 3 }, { "wr_idle", 11 }, { "rd_max_outstanding", 1 } });
}

void fix_clear_waits_idle(Script &s)
{
	s.start();
	s.clk("AR arlen=1");		// c1 addr_cycle; r=1
	s.write(CONTROL, 3);		// c2 lag; clear and start pending (bus busy)
	s.read(CONTROL, AXIPERF_CONTROL_START_PENDING | AXIPERF_CONTROL_CLEAR_PENDING |
	       AXIPERF_CONTROL_TRIGGERED, "R", "CONTROL with clear and start pending");
					// c3 beat: still counting, nothing cleared yet
	s.clk("RL");			// c4 beat; r=0
	s.clk("");			// c5 idle: clear applies; its own count is lost
	s.clk("", 3);			// c6..c8 counted after the clear
	s.stop();			// c9 c10
	s.check({ { "active_cycles", 5 }, { "rd_idle", 5 }, { "wr_idle", 5 } });
}

void fix_idle_sees_early_w(Script &s)
{
	s.start();
	s.clk("W");			// c1 early_beat; w_prog<-1; bias -1
	s.write(CONTROL, 0);		// c2 addr_lag #2; stop pending; bias -1
	s.clk("");			// c3 addr_lag #2: not idle (w_prog); bias -1
	s.read(CONTROL, AXIPERF_CONTROL_STOP_PENDING | AXIPERF_CONTROL_TRIGGERED, "WL",
	       "CONTROL: the stop still waits");	// c4 early_beat; w=1; bias -1
	s.clk("AW");			// c5 addr_lag #1; aw=1; bias 0
	s.clk("B");			// c6 b_end
	s.clk("");			// c7 idle: the stop applies (counted)
	s.check({ { "active_cycles", 7 }, { "wr_early_beat", 2 }, { "wr_beats", 2 },
		  { "wr_addr_lag", 3 }, { "wr_b_end", 1 }, { "wr_idle", 1 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 4 }, { "wr_w_bytes", 8 }, { "wr_bias_data_first", 4 },
		  { "rd_idle", 7 }, { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

void fix_wstrb_wide(Script &s)
{
	// full-width burst of 2 beats: all lanes, then the even lanes plus
	// the top lane, counted from the strobes.
	unsigned bytes = s.h().p.data_width / 8, size = 0;
	while ((1u << (size + 1)) <= bytes)
		size++;
	char aw[64], w2[96];
	uint64_t even = 0x5555555555555555ull;
	uint64_t lo = bytes >= 64 ? even : even & ((1ull << bytes) - 1);
	uint64_t hi = bytes > 64 ? even : 0;
	if (bytes > 64)
		hi |= 1ull << (bytes - 65);
	else
		lo |= 1ull << (bytes - 1);
	snprintf(aw, sizeof(aw), "AW awlen=1 awsize=%u", size);
	snprintf(w2, sizeof(w2), "WL strb=0x%llx strbhi=0x%llx", (unsigned long long)lo,
		 (unsigned long long)hi);
	s.start();
	s.clk(aw);		// c1 aw_early; 2 << size = 2*bytes asked; bias +1
	s.clk("W strb=all");	// c2 beat; bytes; w_prog<-1; bias +1
	s.clk(w2);		// c3 beat; bytes/2 + 1; w=1
	s.clk("B");		// c4 b_end
	s.stop();		// c5 c6
	s.check({ { "active_cycles", 6 }, { "wr_aw_early", 1 }, { "wr_beats", 2 },
		  { "wr_b_end", 1 }, { "wr_idle", 2 }, { "wr_bursts", 1 },
		  { "wr_aw_bytes", 2 * bytes }, { "wr_w_bytes", bytes + bytes / 2 + 1 },
		  { "wr_bias_addr_first", 2 }, { "rd_idle", 6 }, { "wr_max_burst_size", 1 },
		  { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

// --------------------------------------------------------------- other --

void ctl_idle_only(Script &s)
{
	s.clk("AR");			// not triggered; r=1; rd_first<-1
	s.write(CONTROL, 1);		// start pending; bus busy
	s.read(CONTROL, AXIPERF_CONTROL_START_PENDING, "", "CONTROL: start waits for idle");
	s.clk("RL");			// r=0 (busy at start: no apply); rd_first<-0
	s.clk("");			// idle: the start applies
	s.clk("", 3);			// c1..c3 idle
	s.clk("AW");			// c4 aw_early; aw=1; bias +1
	s.write(CONTROL, 0, "WL");	// c5 beat; w=1; stop pending; bias +1
	s.read(CONTROL, AXIPERF_CONTROL_STOP_PENDING | AXIPERF_CONTROL_TRIGGERED, "B",
	       "CONTROL: stop waits for idle");	// c6 b_end
	s.clk("");			// c7 idle: the stop applies (counted)
	s.clk("", 4);			// not counted
	s.check({ { "active_cycles", 7 }, { "wr_idle", 4 }, { "wr_aw_early", 1 },
		  { "wr_beats", 1 }, { "wr_b_end", 1 }, { "wr_bursts", 1 }, { "wr_aw_bytes", 4 },
		  { "wr_w_bytes", 4 }, { "wr_bias_addr_first", 2 }, { "rd_idle", 7 },
		  { "wr_max_outstanding", 1 }, { "wr_max_aw_outstanding", 1 },
		  { "wr_max_w_outstanding", 1 } });
}

// rd_bytes grows by B = 256 << size (2^s) a clock. K = 2^31 / B clocks
// bring it to half range, 2K to 2^32.
void counter_wrap(Script &s)
{
	const Params &p = s.h().p;
	unsigned size = 0;
	while ((8u << (size + 1)) <= p.data_width)
		size++;
	uint64_t B = 256ull << size, K = (1ull << 31) / B;
	bool c64 = p.counter_width == 64;
	uint32_t half = c64 ? 0 : AXIPERF_IRQ_STATUS_HALF;
	char big[48], big_rl[48];
	snprintf(big, sizeof(big), "AR arlen=255 arsize=%u", size);
	snprintf(big_rl, sizeof(big_rl), "AR RL arlen=255 arsize=%u", size);

	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_HALF);
	s.clk("");
	s.start();
	s.clk(big);			// c1 addr_cycle; r=1; rd_first<-1; 1 burst
	s.clk(big_rl, K - 2);		// c2..c(K-1) beats; r stays 1; K-1 bursts asked
	s.read(IRQ_STATUS, 0, big_rl, "IRQ_STATUS below half range");
					// cK: K bursts = 2^31 bytes: top bit set (C32)
	s.clk(big_rl);			// c(K+1)
	s.read(IRQ_STATUS, half, big_rl, "IRQ_STATUS after crossing half range");	// c(K+2)
	s.clk(big_rl);			// c(K+3)
	s.write(IRQ_STATUS, AXIPERF_IRQ_STATUS_HALF, big_rl);	// c(K+4) W1C
	s.clk(big_rl);			// c(K+5)
	s.read(IRQ_STATUS, 0, big_rl, "IRQ_STATUS after write-1-to-clear");	// c(K+6)
	s.clk(big_rl, K - 6);		// c(K+7)..c(2K): 2K bursts = 2^32 bytes: wraps (C32)
	s.clk("AR RL arlen=0 arsize=0");	// c(2K+1) one more byte
	s.clk("RL");			// c(2K+2) r=0
	s.stop();			// c(2K+3) c(2K+4)
	// beats: c2..c(2K+2) = 2K+1, one per burst; first_lag: c2 only
	Expect e{ { "active_cycles", 2 * K + 4 }, { "rd_ar_cycles", 1 },
		  { "rd_beats", 2 * K + 1 }, { "rd_bursts", 2 * K + 1 },
		  { "rd_bytes", c64 ? (1ull << 32) + 1 : 1 }, { "rd_first_lag", 1 },
		  { "rd_idle", 2 }, { "wr_idle", 2 * K + 4 }, { "rd_max_burst_size", 255 },
		  { "rd_max_outstanding", 1 } };
	e.irq_status = half;
	e.irq_enable = AXIPERF_IRQ_STATUS_HALF;
	e.irq = !c64;
	s.check(e);
}

void active_saturation(Script &s)
{
	const Params &p = s.h().p;
	uint64_t mask = p.counter_width == 64 ? ~0ull : 0xffffffffull;

	if (!s.poke_active(mask - 2)) {	// backdoor: 3 clocks before the wrap
		s.fail("no backdoor into the RTL's active_cycles register");
		return;
	}
	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_ACTIVE_SAT);
	s.clk("");
	s.start();
	s.clk("", 2);	// c1 c2: active = all ones - 1, all ones (top bit stays 1)
	s.clk("");	// c3: wraps to 0: active_sat, IRQ active_sat and half (top bit 1->0)
	s.clk("");	// c4: 1
	s.stop();	// c5 c6: 3
	Expect e{ { "active_cycles", 3 }, { "rd_idle", 6 }, { "wr_idle", 6 } };
	e.active_sat = true;	// ACTIVE (0x00) reads all ones
	e.irq_status = AXIPERF_IRQ_STATUS_ACTIVE_SAT | AXIPERF_IRQ_STATUS_HALF;
	e.irq_enable = AXIPERF_IRQ_STATUS_ACTIVE_SAT;
	e.irq = true;
	s.check(e);

	s.write(CONTROL, 2);	// clear: applies on the next (idle) clock
	s.clk("", 2);
	Expect z;		// active_sat cleared, ACTIVE reads 0; IRQ_STATUS kept
	z.irq_status = e.irq_status;
	z.irq_enable = e.irq_enable;
	z.irq = true;
	s.check(z);

	s.write(IRQ_STATUS, 3);	// write 1 to clear both
	s.clk("");
	Expect y;
	y.irq_enable = e.irq_enable;
	s.check(y);
}

void snapshot_coherent(Script &s)
{
	s.start();
	s.clk("AR arlen=3");	// c1 addr_cycle; r=1; rd_first<-1; 16 bytes
	s.clk("R");		// c2 beat; first_lag 1; slot taken; max_out 1
	s.clk("R");		// c3 beat; responding 1
	s.write(SNAPSHOT, 1, "R");	// c4 beat; copy of the start of c4:
				//    active 3, ar_cycles 1, beats 2, bytes 16,
				//    first_lag 1, wr_idle 3, gauges 3/1/1
	s.read(0x25c, 2, "RL", "snapshot rd_beats while live is 3");	// c5 burst done; r=0
	s.clk("AR");		// c6 addr_cycle; rd_first<-1; 4 bytes
	s.read(0x2a0, 3, "RL", "snapshot active_cycles");	// c7 beat; first_lag 2
	s.write(SNAPSHOT, 0xfffffffe);	// c8 idle; bit0 clear: no copy taken
	s.read(0x200, 3, "", "snapshot ACTIVE");	// c9
	s.clk("");		// c10
	s.read(0x204, 0x00010003, "", "snapshot gauges 0x04");	// c11
	s.clk("");		// c12
	s.read(0x278, 1, "", "snapshot rd_first_lag");	// c13
	s.stop();		// c14 c15
	Expect e{ { "active_cycles", 15 }, { "rd_ar_cycles", 2 }, { "rd_beats", 5 },
		  { "rd_bursts", 2 }, { "rd_bytes", 20 }, { "rd_first_lag", 2 },
		  { "rd_idle", 8 }, { "wr_idle", 15 }, { "rd_max_burst_size", 3 },
		  { "rd_max_outstanding", 1 }, { "rd_max_responding", 1 } };
	e.snap = { { "active_cycles", 3 }, { "rd_ar_cycles", 1 }, { "rd_beats", 2 },
		   { "rd_bytes", 16 }, { "rd_first_lag", 1 }, { "wr_idle", 3 },
		   { "rd_max_burst_size", 3 }, { "rd_max_outstanding", 1 },
		   { "rd_max_responding", 1 } };
	s.check(e);
}

void perf_err_overflow(Script &s)
{
	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_PERF_ERR);
	s.clk("");
	s.start();
	s.clk("AW");		// c1 aw_early; aw=1; bias +1
	s.clk("AW", 255);	// c2..c256 data_lag; aw=255 after c255; c256 would make
				//   256: perf_err, the trackers freeze at aw=255
	s.stop();		// c257 c258: idle (perf_err, no VALID) but aw_out: data_lag
	Expect e{ { "active_cycles", 258 }, { "wr_aw_early", 1 }, { "wr_data_lag", 257 },
		  { "wr_bursts", 256 }, { "wr_aw_bytes", 1024 }, { "wr_bias_addr_first", 258 },
		  { "rd_idle", 258 }, { "wr_max_outstanding", 255 },
		  { "wr_max_aw_outstanding", 255 } };
	e.control = 0x40 | AXIPERF_CONTROL_PERF_ERR;
	e.irq_status = e.irq_enable = AXIPERF_IRQ_STATUS_PERF_ERR;
	e.irq = true;
	s.check(e);
}

// A count lost to a clear (monitor.rst: "a count made on that same clock
// is lost with it") raises no interrupt cause: IRQ_STATUS says what the
// counters went through, and they never reached the top bit.
void clear_clock_no_irq(Script &s)
{
	const Params &p = s.h().p;
	uint64_t top = 1ull << (p.counter_width - 1);

	if (!s.poke_active(top - 3)) {	// 3 counts below the top bit
		s.fail("no backdoor into the RTL's active_cycles register");
		return;
	}
	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_HALF);
	s.clk("");
	s.start();
	s.clk("");		// c1: top - 2
	s.write(CONTROL, 3);	// c2: top - 1; clear and start pending
	s.clk("");		// c3: idle, the clear applies; its count (top - 1 -> top,
				//     the top bit) is lost: no half cause
	s.clk("", 2);		// c4 c5: 2
	s.stop();		// c6 c7: 4
	Expect e{ { "active_cycles", 4 }, { "rd_idle", 4 }, { "wr_idle", 4 } };
	e.irq_enable = AXIPERF_IRQ_STATUS_HALF;
	s.check(e);
}

// N = ID_SLOTS + 1 IDs respond at once. On the clock the last one finds no
// slot (a resp_approx cause), a write of 1 to IRQ_STATUS.resp_approx must
// lose; on a later clock without a cause it clears the bit.
void irq_cause_beats_w1c(Script &s)
{
	const Params &p = s.h().p;
	unsigned n = p.id_slots + 1, i;
	char w[48];

	s.write(IRQ_ENABLE, AXIPERF_IRQ_STATUS_RESP_APPROX);
	s.clk("");
	s.start();
	for (i = 1; i <= n; i++) {	// c1 addr_cycle, c2..cN lag; r=N; 8 bytes each
		snprintf(w, sizeof(w), "AR arlen=1 arid=%u", i);
		s.clk(w);
	}
	for (i = 1; i < n; i++) {	// c(N+1)..c(2N-1) beats: IDs 1..N-1 fill the slots
		snprintf(w, sizeof(w), "R rid=%u", i);
		s.clk(w);
	}
	snprintf(w, sizeof(w), "R rid=%u", n);
	s.write(IRQ_STATUS, AXIPERF_IRQ_STATUS_RESP_APPROX, w);
					// c(2N) beat; no slot for ID N: the cause wins
	s.read(IRQ_STATUS, AXIPERF_IRQ_STATUS_RESP_APPROX, "RL rid=1",
	       "IRQ_STATUS after a W1C on the cause's clock");	// c(2N+1)
	for (i = 2; i <= n; i++) {	// c(2N+2)..c(3N) last beats; r=0
		snprintf(w, sizeof(w), "RL rid=%u", i);
		s.clk(w);
	}
	s.write(IRQ_STATUS, AXIPERF_IRQ_STATUS_RESP_APPROX);	// c(3N+1) idle: clears
	s.clk("");					// c(3N+2)
	s.read(IRQ_STATUS, 0, "", "IRQ_STATUS after a W1C without a cause");	// c(3N+3)
	s.stop();					// c(3N+4) c(3N+5)
	// first_lag: c2..c(N+1); beats c(N+1)..c(3N); idle c(3N+1)..c(3N+5)
	Expect e{ { "active_cycles", 3 * n + 5 }, { "rd_ar_cycles", 1 }, { "rd_lag", n - 1 },
		  { "rd_beats", 2 * n }, { "rd_bursts", n }, { "rd_bytes", 8 * n },
		  { "rd_first_lag", n }, { "rd_idle", 5 }, { "wr_idle", 3 * n + 5 },
		  { "rd_max_burst_size", 1 }, { "rd_max_outstanding", n },
		  { "rd_max_responding", n - 1 } };
	e.control = 0x40 | AXIPERF_CONTROL_RESP_APPROX;
	e.irq_enable = AXIPERF_IRQ_STATUS_RESP_APPROX;
	s.check(e);
}

// ------------------------------------------------------ in-flight sums --
// rd_inflight adds r at the start of each counted clock, rd_waiting adds r
// less the IDs responding (table slots), wr_inflight adds max(aw, w plus a
// begun W burst): per burst, the clocks from its first handshake to its
// last. A build without them (HAS_LATENCY 0) reads 0 for all three.

void inflight_pipelined_reads(Script &s)
{
	s.start();
	s.clk("AR arlen=1");	// c1 addr_cycle; A in; r=1
	s.clk("AR arlen=1");	// c2 lag; B in; r=2; inflight 1
	s.clk("");		// c3 lag; inflight 2
	s.clk("R");		// c4 beat, A's first (waited 3); inflight 2
	s.clk("RL");		// c5 beat, A ends (5 - 1 = 4 clocks); r=1
	s.clk("R");		// c6 beat, B's first (waited 6 - 2 = 4)
	s.clk("RL");		// c7 beat, B ends (7 - 2 = 5 clocks); r=0
	s.stop();		// c8 c9 idle
	s.check({ {"active_cycles",9},{"rd_ar_cycles",1},{"rd_lag",2},{"rd_beats",4},
		  {"rd_idle",2},{"rd_bursts",2},{"rd_bytes",16},{"rd_first_lag",3},
		  {"wr_idle",9},{"rd_max_burst_size",1},{"rd_max_outstanding",2},
		  {"rd_max_responding",1},
		  {"rd_inflight",9},{"rd_waiting",7},{"wr_inflight",0} });
}

void inflight_out_of_order_reads(Script &s)
{
	s.start();
	s.clk("AR arid=1 arlen=1");	// c1 addr_cycle; A in; r=1
	s.clk("AR arid=2 arlen=0");	// c2 lag; B in; r=2
	s.clk("r rid=1");		// c3 stall; A's first RVALID (waited 2), slot
	s.clk("RL rid=2");		// c4 beat; B overtakes (waited 2, 2 clocks)
	s.clk("R rid=1");		// c5 beat
	s.clk("RL rid=1");		// c6 beat; A ends (5 clocks)
	s.stop();			// c7 c8 idle
	s.check({ {"active_cycles",8},{"rd_ar_cycles",1},{"rd_lag",1},{"rd_r_stall",1},
		  {"rd_beats",3},{"rd_idle",2},{"rd_bursts",2},{"rd_bytes",12},
		  {"rd_first_lag",2},{"wr_idle",8},{"rd_max_burst_size",1},
		  {"rd_max_outstanding",2},{"rd_max_responding",1},
		  {"rd_inflight",7},{"rd_waiting",4},{"wr_inflight",0} });
}

void inflight_writes(Script &s)
{
	s.start();
	s.clk("W");		// c1 early_beat: A starts by its data; data first
	s.clk("AW WL awlen=1");	// c2 beat; A's address and last beat; inflight 1
	s.clk("AW awlen=0");	// c3 b_lag; B starts by its address; inflight 1
	s.clk("B");		// c4 b_end; A answered (4 - 1 = 3 clocks); inflight 2
	s.clk("WL");		// c5 beat; B's data; address first; inflight 1
	s.clk("");		// c6 b_lag; inflight 1
	s.clk("B");		// c7 b_end; B answered (7 - 3 = 4 clocks); inflight 1
	s.stop();		// c8 c9 idle
	s.check({ {"active_cycles",9},{"wr_early_beat",1},{"wr_beats",3},{"wr_b_lag",2},
		  {"wr_b_end",2},{"wr_idle",2},{"wr_bursts",2},{"wr_aw_bytes",12},
		  {"wr_w_bytes",12},{"wr_bias_addr_first",1},{"wr_bias_data_first",1},
		  {"rd_idle",9},{"wr_max_burst_size",1},{"wr_max_aw_outstanding",2},
		  {"wr_max_w_outstanding",1},{"wr_max_outstanding",2},
		  {"rd_inflight",0},{"rd_waiting",0},{"wr_inflight",7} });
}

const std::vector<Test> &tests()
{
	static const std::vector<Test> t = {
		{ "rd_cat_beat", "read category beat: RVALID && RREADY counts rd_beats", always, rd_beat },
		{ "rd_cat_stall", "read category stall: RVALID without RREADY counts rd_r_stall", always, rd_stall },
		{ "rd_cat_slow_link", "read category slow_link: a responding burst with no data counts rd_slow_link", always, rd_slow_link },
		{ "rd_cat_lag", "read category lag: addresses taken, nothing responding counts rd_lag", always, rd_lag },
		{ "link_reset_read", "a link reset in the middle of a read burst: its clocks are idle, the burst ends, the next read counts as on a fresh link", always, link_reset_read },
		{ "link_reset_hang", "a link reset withdraws a refused ARVALID: rd_first_lag stops with it", always, link_reset_hang },
		{ "link_reset_status", "CONTROL.link_reset reads the link's reset (mon_axi_aresetn tied low): set in reset, stopped or counting, clear out of it; the clocks in reset count idle", always, link_reset_status },
		{ "link_reset_write", "a link reset in the middle of a write burst: idle clocks, the begun burst and its address end", always, link_reset_write },
		{ "rd_cat_addr_stall", "read category addr_stall: refused ARVALID on an idle read link counts rd_ar_stall", always, rd_addr_stall },
		{ "rd_cat_addr_cycle", "read category addr_cycle: ARVALID taken on an idle read link only counts rd_ar_cycles", always, rd_addr_cycle },
		{ "rd_cat_idle", "read category idle: readies without valids count rd_idle", always, rd_idle },
		{ "wr_cat_early_beat", "write category early_beat: beats before any address count wr_early_beat and wr_beats", always, wr_early_beat },
		{ "wr_cat_beat", "write category beat: beats with the address known count wr_beats", always, wr_beat },
		{ "wr_cat_stall", "write category stall #1: refused W after the address counts wr_stall", always, wr_stall },
		{ "wr_cat_stall_no_addr", "write category stall #2: refused W mid-burst before the address counts wr_stall", always, wr_stall_no_addr },
		{ "wr_cat_early_stall", "write category early_stall: a refused first beat before the address counts wr_early_stall", always, wr_early_stall },
		{ "wr_cat_slow_data", "write category slow_data: mid-burst gap after the address counts wr_slow_data", always, wr_slow_data },
		{ "wr_cat_data_lag", "write category data_lag: address taken, no data yet counts wr_data_lag", always, wr_data_lag },
		{ "wr_cat_b_lag", "write category b_lag: all in, no BVALID counts wr_b_lag", always, wr_b_lag },
		{ "wr_cat_b_stall", "write category b_stall: BVALID without BREADY counts wr_b_stall", always, wr_b_stall },
		{ "wr_cat_b_end", "write category b_end: the B handshake counts wr_b_end", always, wr_b_end },
		{ "wr_cat_addr_lag_mid", "write category addr_lag #2: mid-burst gap before the address counts wr_addr_lag", always, wr_addr_lag_mid },
		{ "wr_cat_addr_lag", "write category addr_lag #1: whole burst in before the address counts wr_addr_lag", always, wr_addr_lag },
		{ "wr_cat_aw_early", "write category aw_early: address before any data counts wr_aw_early; narrow strobes count bytes", always, wr_aw_early },
		{ "wr_cat_addr_stall", "write category addr_stall: refused AWVALID on an idle write link counts wr_addr_stall", always, wr_addr_stall },
		{ "wr_cat_idle", "write category idle: readies without valids count wr_idle", always, wr_idle },
		{ "fix_w_max_own_register", "fixed defect: the W maximum (2) is kept against its own register while the combined maximum is 3", always, fix_w_max },
		{ "wr_max_w_counts_open_burst", "wr_max_w_outstanding counts a begun W burst on top of complete ones", always, wr_max_w_counts_open_burst },
		{ "fix_bias_awready", "fixed defect: write bias reads AWREADY, not ARREADY", always, fix_bias_awready },
		{ "fix_id_table_bounded", "fixed defect: a 4-entry ID table with 16-bit IDs tracks 4 of 5 responding IDs and reports resp_approx (status, IRQ, cleared by clear)",
		  [](const Params &p) { return p.id_width == 16 && p.id_slots == 4; }, fix_id_table },
		{ "fix_start_while_stop_pending", "fixed defect: a start written while a stop is pending wins", always, fix_start_while_stop_pending },
		{ "rd_first_lag_idle_link_only", "rd_first_lag starts only from ARVALID on an idle read link", always, rd_first_idle_link_only },
		{ "fix_rd_first_after_reset", "fixed defect: rd_first_lag does not count the idle clocks after reset", always, fix_rd_first_reset },
		{ "fix_clear_waits_idle", "fixed defect: clear waits for an idle bus, and the count of its clock is lost", always, fix_clear_waits_idle },
		{ "fix_idle_sees_early_w", "fixed defect: write data begun before its address keeps the bus busy", always, fix_idle_sees_early_w },
		{ "fix_wstrb_wide", "fixed defect: WSTRB bytes counted right at 256 bits and more",
		  [](const Params &p) { return p.data_width >= 256; }, fix_wstrb_wide },
		{ "ctl_idle_only", "start and stop written on a busy bus apply on the first idle clock", always, ctl_idle_only },
		{ "counter_wrap_half_irq", "32-bit rd_bytes crosses half range (IRQ half, W1C) and wraps (IRQ again)",
		  [](const Params &p) { return p.counter_width == 32 && p.data_width >= 512; }, counter_wrap },
		{ "counter_carry_64", "64-bit rd_bytes carries into the upper half at 2^32 without a half-range IRQ",
		  [](const Params &p) { return p.counter_width == 64 && p.data_width == 1024; }, counter_wrap },
		{ "active_saturation", "active_cycles wrap sets active_sat: ACTIVE reads all ones, IRQ; clear drops it, W1C clears IRQ",
		  always, active_saturation },
		{ "snapshot_coherent", "snapshot copies every counter and gauge of one clock; reads later keep that copy; a write without bit0 copies nothing",
		  [](const Params &p) { return p.has_snapshot; }, snapshot_coherent },
		{ "perf_err_overflow", "256 addresses without B: perf_err, trackers freeze, idle still detected, IRQ",
		  always, perf_err_overflow },
		{ "irq_cause_beats_w1c", "an interrupt cause on the clock of a write-1-to-clear keeps its bit; a later W1C clears it",
		  [](const Params &p) { return p.id_width > 0 && (1u << p.id_width) > p.id_slots; },
		  irq_cause_beats_w1c },
		{ "clear_clock_no_irq", "a count lost to an applied clear raises no half-range interrupt",
		  always, clear_clock_no_irq },
		{ "inflight_pipelined_reads", "two pipelined reads: rd_inflight 9 and rd_waiting 7 against one idle-link latency of 3",
		  always, inflight_pipelined_reads },
		{ "inflight_out_of_order_reads", "a read overtaking an older one of another ID: rd_inflight 7, rd_waiting 4",
		  [](const Params &p) { return p.id_width >= 2; }, inflight_out_of_order_reads },
		{ "inflight_writes", "a write begun by its data and one by its address: wr_inflight 7 from the earlier start to B",
		  always, inflight_writes },
	};
	return t;
}

} // namespace

int run_directed(Tap &tap, const char *only)
{
	const char *set = build_set_name();
	Harness h(true);
	unsigned ran = 0;
	uint64_t held_runs = 0;

	for (const Test &t : tests()) {
		if (only && strcmp(only, t.name))
			continue;
		if (!t.applies(h.p))
			continue;
		ran++;
		h.reset(3);
		Script s(h);
		t.run(s);
		s.clk("", 2);	/* collect the last answer */
		held_runs += s.held_runs;
		bool ok = s.rtl_fails.empty() && s.model_fails.empty() && s.script_fails.empty();
		for (const std::string &f : s.script_fails)
			tap.diag("%s", f.c_str());
		for (size_t i = 0; i < s.rtl_fails.size() && i < 15; i++)
			tap.diag("RTL: %s", s.rtl_fails[i].c_str());
		for (size_t i = 0; i < s.model_fails.size() && i < 15; i++)
			tap.diag("model: %s", s.model_fails[i].c_str());
		tap.result(ok, "%s %s: %s%s%s%s", t.name, set, t.proves,
			   s.rtl_fails.empty() ? "" : " - RTL WRONG",
			   s.model_fails.empty() ? "" : " - MODEL WRONG",
			   h.has_rtl() ? "" : " (model only)");
	}
	if (!only)
		tap.result(held_runs > 0, "rtl-directed %s: every run of equal clocks in the %u scripts"
			   " (%llu runs) was also held at once and ended equal to stepping (in each"
			   " script's result)", set, ran, (unsigned long long)held_runs);
	if (only && !ran) {
		fprintf(stderr, "no directed test named '%s' applies to set %s\n", only, set);
		tap.failed++;
	}
	return 0;
}
