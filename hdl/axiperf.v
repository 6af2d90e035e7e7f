// SPDX-License-Identifier: GPL-2.0 OR MIT
//
// axiperf: AXI4 performance monitor with an AXI4-lite register window.
// The behaviour is Documentation/monitor.rst; registers, offsets and cycle
// categories come from generated/axiperf_regs.vh (spec/axiperf.toml).
//
// Every condition reads the state at the start of the clock (the registers
// below) and the link's wires during the clock; every update lands at the
// end of the clock.

`default_nettype none

module axiperf #(
	parameter integer ADDR_WIDTH = 32,	// monitored link, reported only
	parameter integer DATA_WIDTH = 32,	// 32..1024
	parameter integer ID_WIDTH = 4,		// 0..16 (ports 1 bit wide at 0)
	parameter integer COUNTER_WIDTH = 32,	// 32 or 64
	parameter integer HAS_IRQ = 1,
	parameter integer HAS_SNAPSHOT = 1,
	parameter integer ID_SLOTS = 4,		// read ID table entries, 1..16
	parameter integer HAS_LATENCY = 1	// the in-flight sums (CONFIG.has_latency)
) (
	input  wire clk,
	input  wire rst,

	// AXI4-lite register slave (1 KiB window)
	input  wire [9:0]  s_axil_awaddr,
	input  wire [2:0]  s_axil_awprot,
	input  wire        s_axil_awvalid,
	output wire        s_axil_awready,
	input  wire [31:0] s_axil_wdata,
	input  wire [3:0]  s_axil_wstrb,
	input  wire        s_axil_wvalid,
	output wire        s_axil_wready,
	output wire [1:0]  s_axil_bresp,
	output reg         s_axil_bvalid,
	input  wire        s_axil_bready,
	input  wire [9:0]  s_axil_araddr,
	input  wire [2:0]  s_axil_arprot,
	input  wire        s_axil_arvalid,
	output wire        s_axil_arready,
	output reg  [31:0] s_axil_rdata,
	output wire [1:0]  s_axil_rresp,
	output reg         s_axil_rvalid,
	input  wire        s_axil_rready,

	// monitored AXI4 link (all inputs)
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_awid,
	input  wire [ADDR_WIDTH-1:0]  mon_axi_awaddr,
	input  wire [7:0]             mon_axi_awlen,
	input  wire [2:0]             mon_axi_awsize,
	input  wire                   mon_axi_awvalid,
	input  wire                   mon_axi_awready,
	input  wire [DATA_WIDTH/8-1:0] mon_axi_wstrb,
	input  wire                   mon_axi_wlast,
	input  wire                   mon_axi_wvalid,
	input  wire                   mon_axi_wready,
	input  wire                   mon_axi_bvalid,
	input  wire                   mon_axi_bready,
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_arid,
	input  wire [ADDR_WIDTH-1:0]  mon_axi_araddr,
	input  wire [7:0]             mon_axi_arlen,
	input  wire [2:0]             mon_axi_arsize,
	input  wire                   mon_axi_arvalid,
	input  wire                   mon_axi_arready,
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_rid,
	input  wire                   mon_axi_rlast,
	input  wire                   mon_axi_rvalid,
	input  wire                   mon_axi_rready,
	// the monitored link's own reset (its ARESETn), synchronous to clk:
	// a clock with it low is an idle clock and ends every transaction in
	// flight; the counters, gauges and control keep their state.
	// CONTROL.link_reset reads it, so a reset tied low is seen
	input  wire                   mon_axi_aresetn,

	output reg                    irq
);

	// the generated description holds more than this module needs
	/* verilator lint_off UNUSEDPARAM */
`include "generated/axiperf_regs.vh"
	/* verilator lint_on UNUSEDPARAM */

	localparam integer CW = COUNTER_WIDTH;
	localparam integer IDW = (ID_WIDTH > 0) ? ID_WIDTH : 1;
	localparam integer SLOTS = (ID_WIDTH > 0) ? ID_SLOTS : 1;
	localparam integer RESP_BITS = $clog2(SLOTS + 1);
	localparam integer STRB_WIDTH = DATA_WIDTH / 8;
	localparam integer STRB_COUNT_BITS = $clog2(STRB_WIDTH + 1);
	localparam integer OB = AXIPERF_OUTSTANDING_BITS;
	localparam integer GB = 8;		// width of every gauge field
	localparam integer NG = 6;		// gauges kept (wr_max_outstanding is derived)
	localparam integer STEP_BITS = 17;	// (255 + 1) << 7 fits
	localparam integer IRQ_BITS = IRQ_STATUS_RESP_APPROX + 1;
	localparam integer WORDS = 64;		// 32-bit words in one 0x100 window
	localparam [CW-1:0] CNT_ONES = {CW{1'b1}};

	// gauge slots in the packed gauge vector
	localparam integer G_RD_MAX_BURST_SIZE = 0;
	localparam integer G_WR_MAX_BURST_SIZE = 1;
	localparam integer G_RD_MAX_OUTSTANDING = 2;
	localparam integer G_RD_MAX_RESPONDING = 3;
	localparam integer G_WR_MAX_AW_OUTSTANDING = 4;
	localparam integer G_WR_MAX_W_OUTSTANDING = 5;

	// Parameter checks: an illegal build fails to elaborate.
	generate
		if (DATA_WIDTH < 32 || DATA_WIDTH > 1024 || (DATA_WIDTH & (DATA_WIDTH - 1)) != 0)
			axiperf_bad_DATA_WIDTH_must_be_a_power_of_two_32_to_1024 bad();
		if (ID_WIDTH < 0 || ID_WIDTH > 16)
			axiperf_bad_ID_WIDTH_must_be_0_to_16 bad();
		if (COUNTER_WIDTH != 32 && COUNTER_WIDTH != 64)
			axiperf_bad_COUNTER_WIDTH_must_be_32_or_64 bad();
		if (ID_SLOTS < 1 || ID_SLOTS > 16)
			axiperf_bad_ID_SLOTS_must_be_1_to_16 bad();
		if (HAS_LATENCY != 0 && HAS_LATENCY != 1)
			axiperf_bad_HAS_LATENCY_must_be_0_or_1 bad();
		if (AXIPERF_AXIL_ADDR_BITS != 10)
			axiperf_register_window_is_not_10_bits bad();
	endgenerate

	// population counts, elaborating for any width (no zero replication)
	function automatic [STRB_COUNT_BITS-1:0] strb_count(input [STRB_WIDTH-1:0] strb);
		integer i, n;
		begin
			n = 0;
			for (i = 0; i < STRB_WIDTH; i = i + 1)
				n = n + {31'd0, strb[i]};
			strb_count = n[STRB_COUNT_BITS-1:0];
		end
	endfunction

	function automatic [RESP_BITS-1:0] slot_count(input [SLOTS-1:0] v);
		integer i, n;
		begin
			n = 0;
			for (i = 0; i < SLOTS; i = i + 1)
				n = n + {31'd0, v[i]};
			slot_count = n[RESP_BITS-1:0];
		end
	endfunction

	function automatic [STEP_BITS-1:0] burst_bytes(input [7:0] len, input [2:0] size);
		burst_bytes = {{(STEP_BITS - 9){1'b0}}, {1'b0, len} + 9'd1} << size;
	endfunction

	function automatic [GB-1:0] gmax(input [GB-1:0] a, input [GB-1:0] b);
		gmax = (b > a) ? b : a;
	endfunction

	// word of a byte offset within its 0x100 window (the window bits are
	// decoded on their own)
	/* verilator lint_off UNUSEDSIGNAL */
	function automatic [5:0] word(input [9:0] offset);
		word = offset[7:2];
	endfunction
	/* verilator lint_on UNUSEDSIGNAL */

	// ------------------------------------------------------------------
	// Link handshakes
	// ------------------------------------------------------------------
	// In link reset every master and slave drives its VALIDs low (AXI4
	// A3.1.2); the monitor takes them as low whatever they are.
	wire link_up = mon_axi_aresetn;
	wire awvalid = mon_axi_awvalid && link_up;
	wire wvalid = mon_axi_wvalid && link_up;
	wire bvalid = mon_axi_bvalid && link_up;
	wire arvalid = mon_axi_arvalid && link_up;
	wire rvalid = mon_axi_rvalid && link_up;

	wire aw_hs = awvalid && mon_axi_awready;
	wire w_hs = wvalid && mon_axi_wready;
	wire w_last_hs = w_hs && mon_axi_wlast;
	wire b_hs = bvalid && mon_axi_bready;
	wire ar_hs = arvalid && mon_axi_arready;
	wire r_hs = rvalid && mon_axi_rready;
	wire r_last_hs = r_hs && mon_axi_rlast;

	// ------------------------------------------------------------------
	// Trackers: run whether or not the monitor is triggered
	// ------------------------------------------------------------------
	// The trackers' registers (_q) restart in link reset, and read as
	// empty on its clocks: nothing is in flight on a link in reset.
	wire [OB-1:0] aw_count_q, w_count_q, r_count_q;
	wire [OB-1:0] aw_count_next, w_count_next, r_count_next;	// unless trk_rst
	reg w_prog_q, perf_err, rd_first_q;
	wire aw_out_q, w_out_q, r_out_q;	// count != 0
	wire trk_rst = rst || !link_up;
	wire aw_out = aw_out_q && link_up;
	wire w_out = w_out_q && link_up;
	wire r_out = r_out_q && link_up;
	wire w_prog = w_prog_q && link_up;
	wire rd_first = rd_first_q && link_up;

	// outstanding AW addresses, W bursts and AR bursts; a step past the top
	// never wraps: it sets perf_err instead, which freezes all three
	wire aw_over, w_over, r_over;
	wire tracker_over = aw_over || w_over || r_over;

	axiperf_outstanding #(.OB(OB)) u_aw_track (.clk(clk), .rst(trk_rst), .hold(perf_err),
		.inc(aw_hs), .dec(b_hs), .count(aw_count_q), .next(aw_count_next),
		.out(aw_out_q), .over(aw_over));
	axiperf_outstanding #(.OB(OB)) u_w_track (.clk(clk), .rst(trk_rst), .hold(perf_err),
		.inc(w_last_hs), .dec(b_hs), .count(w_count_q), .next(w_count_next),
		.out(w_out_q), .over(w_over));
	axiperf_outstanding #(.OB(OB)) u_r_track (.clk(clk), .rst(trk_rst), .hold(perf_err),
		.inc(ar_hs), .dec(r_last_hs), .count(r_count_q), .next(r_count_next),
		.out(r_out_q), .over(r_over));

	always @(posedge clk) begin
		if (rst)
			perf_err <= 1'b0;
		else if (tracker_over)
			perf_err <= 1'b1;
	end

	wire w_prog_next = wvalid ? !(mon_axi_wready && mon_axi_wlast) : w_prog_q;
	always @(posedge clk) begin
		if (trk_rst)
			w_prog_q <= 1'b0;
		else
			w_prog_q <= w_prog_next;
	end

	always @(posedge clk) begin
		if (trk_rst)
			rd_first_q <= 1'b0;
		else if (rvalid)
			rd_first_q <= 1'b0;
		else if (arvalid && !r_out)
			rd_first_q <= 1'b1;
	end

	// Read ID table: ID_SLOTS entries of {valid, id}, a small CAM.
	reg [SLOTS-1:0] slot_valid;
	reg [SLOTS*IDW-1:0] slot_id;
	wire [IDW-1:0] rid = (ID_WIDTH > 0) ? mon_axi_rid : {IDW{1'b0}};
	wire [SLOTS-1:0] slot_hit;
	wire [SLOTS-1:0] slot_free_lowest = ~slot_valid & (slot_valid + 1'b1);
	wire slot_alloc = rvalid && !r_last_hs && !(|slot_hit);
	wire resp_untracked = slot_alloc && (&slot_valid);
	wire r_fly = (|slot_valid) && link_up;
	// a slot taken (a free one exists) or released (the ID holds one,
	// and one only); never both on one clock (RLAST or not)
	wire slot_take = slot_alloc && !(&slot_valid);
	wire slot_release = r_last_hs && (|slot_hit);

	// The number of responding bursts, the table's population, kept as a
	// count that moves with the table (FORMAL: equal to the popcount), so
	// no popcount lies on the way to a counter.
	reg [RESP_BITS-1:0] resp_q;
	wire [RESP_BITS-1:0] resp_next = slot_take ? resp_q + 1'b1
		: slot_release ? resp_q - 1'b1 : resp_q;
	always @(posedge clk) begin
		if (trk_rst)
			resp_q <= {RESP_BITS{1'b0}};
		else
			resp_q <= resp_next;
	end

	genvar gi;
	generate
		for (gi = 0; gi < SLOTS; gi = gi + 1) begin : g_slot
			assign slot_hit[gi] = slot_valid[gi] && slot_id[gi*IDW +: IDW] == rid;

			always @(posedge clk) begin
				if (trk_rst)
					slot_valid[gi] <= 1'b0;
				else if (r_last_hs && slot_hit[gi])
					slot_valid[gi] <= 1'b0;
				else if (slot_alloc && slot_free_lowest[gi])
					slot_valid[gi] <= 1'b1;
			end

			// the id of a free entry is don't-care: no reset needed
			always @(posedge clk) begin
				if (slot_alloc && slot_free_lowest[gi])
					slot_id[gi*IDW +: IDW] <= rid;
			end
		end
	endgenerate

	// ------------------------------------------------------------------
	// Bus idle and control
	// ------------------------------------------------------------------
	wire idle = (perf_err || (!aw_out && !w_out && !w_prog && !r_out))
		&& !awvalid && !wvalid && !arvalid;

	reg start_pending, stop_pending, clear_pending, triggered;
	reg active_sat, resp_approx;
	wire clear_now = idle && clear_pending;

	// AXI4-lite accept conditions (the slave itself is further down)
	wire axil_wr = s_axil_awvalid && s_axil_wvalid && !s_axil_bvalid;
	wire axil_wr_b0 = axil_wr && s_axil_wstrb[0];
	wire [5:0] axil_wword = word(s_axil_awaddr);
	wire axil_wwin0 = (s_axil_awaddr & (AXIPERF_UPPER_OFFSET | AXIPERF_SNAPSHOT_OFFSET)) == 10'd0;
	wire control_wr = axil_wr_b0 && axil_wwin0 && axil_wword == word(REG_CONTROL);
	wire snapshot_wr = axil_wr_b0 && axil_wwin0 && axil_wword == word(REG_SNAPSHOT)
		&& s_axil_wdata[0];
	wire irq_status_wr = axil_wr_b0 && axil_wwin0 && axil_wword == word(REG_IRQ_STATUS);
	wire irq_enable_wr = axil_wr_b0 && axil_wwin0 && axil_wword == word(REG_IRQ_ENABLE);

	// the last start or stop written wins; a write on an applying clock
	// stays pending for the next one
	always @(posedge clk) begin
		if (rst) begin
			start_pending <= 1'b0;
			stop_pending <= 1'b0;
		end else if (control_wr) begin
			start_pending <= s_axil_wdata[0];
			stop_pending <= !s_axil_wdata[0];
		end else if (idle) begin
			start_pending <= 1'b0;
			stop_pending <= 1'b0;
		end
	end

	always @(posedge clk) begin
		if (rst)
			clear_pending <= 1'b0;
		else if (control_wr && s_axil_wdata[1])
			clear_pending <= 1'b1;
		else if (idle)
			clear_pending <= 1'b0;
	end

	always @(posedge clk) begin
		if (rst)
			triggered <= 1'b0;
		else if (idle && start_pending)
			triggered <= 1'b1;
		else if (idle && stop_pending)
			triggered <= 1'b0;
	end

	// ------------------------------------------------------------------
	// Counting
	// ------------------------------------------------------------------
	wire [RD_NUM_CATS-1:0] rd_cat = rd_category(arvalid, mon_axi_arready,
		rvalid, mon_axi_rready, r_out, r_fly);
	wire [WR_NUM_CATS-1:0] wr_cat = wr_category(awvalid, mon_axi_awready,
		wvalid, mon_axi_wready, bvalid, mon_axi_bready,
		aw_out, w_out, w_prog);
	wire bias_addr = bias_addr_first(awvalid, mon_axi_awready,
		wvalid, mon_axi_wready, aw_out, w_out, w_prog);
	// "otherwise -1": the two bias conditions can overlap, addr_first wins
	wire bias_data = !bias_addr && bias_data_first(awvalid, mon_axi_awready,
		wvalid, mon_axi_wready, aw_out, w_out, w_prog);

	// Bursts in flight at the start of the clock (Little's law: summed over
	// the clocks of a window from one idle bus to another, each burst adds
	// the clocks from its first handshake to its last): reads from the AR
	// handshake to RLAST; reads still waiting for their first RVALID (the
	// responding ones are in the ID table); writes from the AW handshake
	// or first WVALID, whichever came first, to B: with W bursts in AW
	// order, max(addresses, data bursts started) less the B responses.
	// The last two are registered, computed from the trackers' next
	// values, so each sum's adder starts at flops (FORMAL: equal to the
	// same figures from the trackers). A step is added only on a clock
	// with the link up, where the trackers read as their registers.
	// Write bursts begun: complete ones and the one in progress.
	wire [OB:0] w_outstanding = {1'b0, w_count_q} + {{OB{1'b0}}, w_prog_q};
	wire [OB:0] w_begun_next = {1'b0, w_count_next} + {{OB{1'b0}}, w_prog_next};
	wire [OB-1:0] resp_wide_next = {{(OB - RESP_BITS){1'b0}}, resp_next};
	// the subtraction's borrow picks the result
	wire [OB:0] rd_waiting_next = {1'b0, r_count_next} - {1'b0, resp_wide_next};
	// max(aw, w + prog) is aw exactly when aw > w (on aw == w, w + prog):
	// the comparison need not wait for the sum
	wire aw_ahead_next = aw_count_next > w_count_next;
	reg [OB-1:0] rd_waiting_q;
	reg [OB:0] wr_inflight_q;
	always @(posedge clk) begin
		if (trk_rst) begin
			rd_waiting_q <= {OB{1'b0}};
			wr_inflight_q <= {(OB + 1){1'b0}};
		end else begin
			rd_waiting_q <= rd_waiting_next[OB] ? {OB{1'b0}} : rd_waiting_next[OB-1:0];
			wr_inflight_q <= aw_ahead_next ? {1'b0, aw_count_next} : w_begun_next;
		end
	end

	reg [NUM_COUNTERS-1:0] cnt_event;
	reg [NUM_COUNTERS*STEP_BITS-1:0] cnt_step;
	integer ci;
	always @* begin
		cnt_event = {NUM_COUNTERS{1'b0}};
		for (ci = 0; ci < NUM_COUNTERS; ci = ci + 1)
			cnt_step[ci*STEP_BITS +: STEP_BITS] = {{(STEP_BITS - 1){1'b0}}, 1'b1};

		cnt_event[CNT_ACTIVE_CYCLES] = 1'b1;

		cnt_event[CNT_RD_BEATS] = rd_cat[RD_CAT_BEAT];
		cnt_event[CNT_RD_R_STALL] = rd_cat[RD_CAT_STALL];
		cnt_event[CNT_RD_SLOW_LINK] = rd_cat[RD_CAT_SLOW_LINK];
		cnt_event[CNT_RD_LAG] = rd_cat[RD_CAT_LAG];
		cnt_event[CNT_RD_AR_STALL] = rd_cat[RD_CAT_ADDR_STALL];
		cnt_event[CNT_RD_AR_CYCLES] = rd_cat[RD_CAT_ADDR_CYCLE];
		cnt_event[CNT_RD_IDLE] = rd_cat[RD_CAT_IDLE];

		cnt_event[CNT_WR_EARLY_BEAT] = wr_cat[WR_CAT_EARLY_BEAT];
		cnt_event[CNT_WR_BEATS] = wr_cat[WR_CAT_EARLY_BEAT] || wr_cat[WR_CAT_BEAT];
		cnt_event[CNT_WR_STALL] = wr_cat[WR_CAT_STALL] || wr_cat[WR_CAT_STALL_NO_ADDR];
		cnt_event[CNT_WR_EARLY_STALL] = wr_cat[WR_CAT_EARLY_STALL];
		cnt_event[CNT_WR_SLOW_DATA] = wr_cat[WR_CAT_SLOW_DATA];
		cnt_event[CNT_WR_DATA_LAG] = wr_cat[WR_CAT_DATA_LAG];
		cnt_event[CNT_WR_B_LAG] = wr_cat[WR_CAT_B_LAG];
		cnt_event[CNT_WR_B_STALL] = wr_cat[WR_CAT_B_STALL];
		cnt_event[CNT_WR_B_END] = wr_cat[WR_CAT_B_END];
		cnt_event[CNT_WR_ADDR_LAG] = wr_cat[WR_CAT_ADDR_LAG_MID] || wr_cat[WR_CAT_ADDR_LAG];
		cnt_event[CNT_WR_AW_EARLY] = wr_cat[WR_CAT_AW_EARLY];
		cnt_event[CNT_WR_ADDR_STALL] = wr_cat[WR_CAT_ADDR_STALL];
		cnt_event[CNT_WR_IDLE] = wr_cat[WR_CAT_IDLE];

		cnt_event[CNT_WR_BURSTS] = aw_hs;
		cnt_event[CNT_WR_AW_BYTES] = aw_hs;
		cnt_step[CNT_WR_AW_BYTES*STEP_BITS +: STEP_BITS] =
			burst_bytes(mon_axi_awlen, mon_axi_awsize);
		cnt_event[CNT_WR_W_BYTES] = w_hs;
		cnt_step[CNT_WR_W_BYTES*STEP_BITS +: STEP_BITS] =
			{{(STEP_BITS - STRB_COUNT_BITS){1'b0}}, strb_count(mon_axi_wstrb)};
		cnt_event[CNT_RD_BURSTS] = r_last_hs;
		cnt_event[CNT_RD_BYTES] = ar_hs;
		cnt_step[CNT_RD_BYTES*STEP_BITS +: STEP_BITS] =
			burst_bytes(mon_axi_arlen, mon_axi_arsize);
		cnt_event[CNT_RD_FIRST_LAG] = rd_first;
		cnt_event[CNT_WR_BIAS_ADDR_FIRST] = bias_addr;
		cnt_event[CNT_WR_BIAS_DATA_FIRST] = bias_data;

		cnt_event[CNT_RD_INFLIGHT] = r_out;
		cnt_step[CNT_RD_INFLIGHT*STEP_BITS +: STEP_BITS] =
			{{(STEP_BITS - OB){1'b0}}, r_count_q};
		cnt_event[CNT_RD_WAITING] = r_out;
		cnt_step[CNT_RD_WAITING*STEP_BITS +: STEP_BITS] =
			{{(STEP_BITS - OB){1'b0}}, rd_waiting_q};
		cnt_event[CNT_WR_INFLIGHT] = aw_out || w_out || w_prog;
		cnt_step[CNT_WR_INFLIGHT*STEP_BITS +: STEP_BITS] =
			{{(STEP_BITS - OB - 1){1'b0}}, wr_inflight_q};
	end

	// A count made on the clock a clear is applied is lost with it, and so
	// are the interrupt causes it would have raised.
	wire counting_clock = triggered && !clear_now;

	wire [NUM_COUNTERS*CW-1:0] cnt;
`ifdef FORMAL
	wire [NUM_COUNTERS*CW-1:0] cnt_next;
	wire [NUM_COUNTERS-1:0] cnt_counting;
`endif
	wire [NUM_COUNTERS-1:0] cnt_top_flip;
	generate
		for (gi = 0; gi < NUM_COUNTERS; gi = gi + 1) begin : g_cnt
			// public: the test bench may preset a counter (near a wrap)
			reg [CW-1:0] value /* verilator public_flat_rw */;
			// The step has STEP_BITS bits (the byte counters') or is 1 (all
			// others), so the top bit flips exactly when the low STEP_BITS
			// bits carry out (for a step of 1: are all ones) and every bit
			// between them and the top is one: a short carry chain (or
			// none) and an AND of flops on the way to the half-range
			// interrupt, not the full-width sum (the critical path after
			// place and route).
			localparam WIDE = CNT_WIDE_STEP[gi];
			// a counter the build leaves out reads 0 and never counts
			localparam PRESENT = !CNT_NEEDS_LATENCY[gi] || HAS_LATENCY != 0;
			wire [STEP_BITS:0] next_lo = {1'b0, value[STEP_BITS-1:0]} +
				(WIDE ? {1'b0, cnt_step[gi*STEP_BITS +: STEP_BITS]} :
				 {{STEP_BITS{1'b0}}, 1'b1});
			wire carry_lo = WIDE ? next_lo[STEP_BITS] : &value[STEP_BITS-1:0];
			wire [CW-1:0] next = {value[CW-1:STEP_BITS] +
				{{(CW - STEP_BITS - 1){1'b0}}, carry_lo}, next_lo[STEP_BITS-1:0]};
			wire counting = PRESENT && counting_clock && cnt_event[gi];

			always @(posedge clk) begin
				if (rst || clear_now || !PRESENT)
					value <= {CW{1'b0}};
				else if (counting)
					value <= next;
			end

			assign cnt[gi*CW +: CW] = value;
`ifdef FORMAL
			assign cnt_next[gi*CW +: CW] = next;
			assign cnt_counting[gi] = counting;
`endif
			assign cnt_top_flip[gi] = counting && carry_lo && &value[CW-2:STEP_BITS];
		end
	endgenerate

	wire active_wraps = counting_clock && cnt[CNT_ACTIVE_CYCLES*CW +: CW] == CNT_ONES;

	always @(posedge clk) begin
		if (rst || clear_now)
			active_sat <= 1'b0;
		else if (active_wraps)
			active_sat <= 1'b1;
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			resp_approx <= 1'b0;
		else if (resp_untracked)
			resp_approx <= 1'b1;
	end

	// Gauges: maxima, cleared with the counters, saturating at GB bits.
	// In link reset nothing is in flight: a gauge holds.
	wire gauging = triggered && link_up;
	reg [GB-1:0] rd_max_burst_size, wr_max_burst_size;
	reg [GB-1:0] rd_max_outstanding, wr_max_aw_outstanding, wr_max_w_outstanding;
	reg [RESP_BITS-1:0] rd_max_responding;
	wire [GB-1:0] w_outstanding_sat = w_outstanding[OB] ? {GB{1'b1}} : w_outstanding[GB-1:0];

	always @(posedge clk) begin
		if (rst || clear_now)
			rd_max_burst_size <= {GB{1'b0}};
		else if (triggered && ar_hs)
			rd_max_burst_size <= gmax(rd_max_burst_size, mon_axi_arlen);
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			wr_max_burst_size <= {GB{1'b0}};
		else if (triggered && aw_hs)
			wr_max_burst_size <= gmax(wr_max_burst_size, mon_axi_awlen);
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			rd_max_outstanding <= {GB{1'b0}};
		else if (gauging)
			rd_max_outstanding <= gmax(rd_max_outstanding, r_count_q);
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			wr_max_aw_outstanding <= {GB{1'b0}};
		else if (gauging)
			wr_max_aw_outstanding <= gmax(wr_max_aw_outstanding, aw_count_q);
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			wr_max_w_outstanding <= {GB{1'b0}};
		else if (gauging)
			wr_max_w_outstanding <= gmax(wr_max_w_outstanding, w_outstanding_sat);
	end

	always @(posedge clk) begin
		if (rst || clear_now)
			rd_max_responding <= {RESP_BITS{1'b0}};
		else if (gauging && resp_q > rd_max_responding)
			rd_max_responding <= resp_q;
	end

	wire [NG*GB-1:0] gauges;
	assign gauges[G_RD_MAX_BURST_SIZE*GB +: GB] = rd_max_burst_size;
	assign gauges[G_WR_MAX_BURST_SIZE*GB +: GB] = wr_max_burst_size;
	assign gauges[G_RD_MAX_OUTSTANDING*GB +: GB] = rd_max_outstanding;
	assign gauges[G_RD_MAX_RESPONDING*GB +: GB] =
		{{(GB - RESP_BITS){1'b0}}, rd_max_responding};
	assign gauges[G_WR_MAX_AW_OUTSTANDING*GB +: GB] = wr_max_aw_outstanding;
	assign gauges[G_WR_MAX_W_OUTSTANDING*GB +: GB] = wr_max_w_outstanding;

	// ------------------------------------------------------------------
	// Interrupts
	// ------------------------------------------------------------------
	reg [IRQ_BITS-1:0] irq_status, irq_enable;
	reg [IRQ_BITS-1:0] irq_cause;
	always @* begin
		irq_cause = {IRQ_BITS{1'b0}};
		irq_cause[IRQ_STATUS_HALF] = |cnt_top_flip;
		irq_cause[IRQ_STATUS_ACTIVE_SAT] = active_wraps;
		irq_cause[IRQ_STATUS_PERF_ERR] = tracker_over && !perf_err;
		irq_cause[IRQ_STATUS_RESP_APPROX] = resp_untracked;
	end

	// a cause on the same clock wins over the write-1-to-clear
	wire [IRQ_BITS-1:0] irq_status_next = (irq_status
		& ~(irq_status_wr ? s_axil_wdata[IRQ_BITS-1:0] : {IRQ_BITS{1'b0}}))
		| irq_cause;
	wire [IRQ_BITS-1:0] irq_enable_next = irq_enable_wr ?
		s_axil_wdata[IRQ_BITS-1:0] : irq_enable;

	always @(posedge clk) begin
		if (rst) begin
			irq_status <= {IRQ_BITS{1'b0}};
			irq_enable <= {IRQ_BITS{1'b0}};
			irq <= 1'b0;
		end else begin
			irq_status <= irq_status_next;
			irq_enable <= irq_enable_next;
			// registered, yet equal to |(IRQ_STATUS & IRQ_ENABLE) on every clock
			irq <= (HAS_IRQ != 0) && |(irq_status_next & irq_enable_next);
		end
	end

	// ------------------------------------------------------------------
	// Register file: a window of 64 words per view
	// ------------------------------------------------------------------

	// Counters and gauges at their offsets, CW bits per word. The
	// article's views (ACTIVE, WR_BIAS, the 0x04 gauges) are computed here
	// so that the snapshot window computes them from the copy.
	function automatic [WORDS*CW-1:0] counter_words(input [NUM_COUNTERS*CW-1:0] c,
			input [NG*GB-1:0] g, input sat);
		begin
			counter_words = {(WORDS * CW){1'b0}};
			counter_words[word(REG_ACTIVE)*CW +: CW] =
				sat ? CNT_ONES : c[CNT_ACTIVE_CYCLES*CW +: CW];
			counter_words[word(REG_WR_BIAS)*CW +: CW] =
				c[CNT_WR_BIAS_ADDR_FIRST*CW +: CW] - c[CNT_WR_BIAS_DATA_FIRST*CW +: CW];

			counter_words[word(OFF_RD_MAX_BURST_SIZE)*CW + LSB_RD_MAX_BURST_SIZE
				+: BITS_RD_MAX_BURST_SIZE] = g[G_RD_MAX_BURST_SIZE*GB +: GB];
			counter_words[word(OFF_WR_MAX_BURST_SIZE)*CW + LSB_WR_MAX_BURST_SIZE
				+: BITS_WR_MAX_BURST_SIZE] = g[G_WR_MAX_BURST_SIZE*GB +: GB];
			counter_words[word(OFF_RD_MAX_OUTSTANDING)*CW + LSB_RD_MAX_OUTSTANDING
				+: BITS_RD_MAX_OUTSTANDING] = g[G_RD_MAX_OUTSTANDING*GB +: GB];
			counter_words[word(OFF_WR_MAX_OUTSTANDING)*CW + LSB_WR_MAX_OUTSTANDING
				+: BITS_WR_MAX_OUTSTANDING] = gmax(g[G_WR_MAX_AW_OUTSTANDING*GB +: GB],
				g[G_WR_MAX_W_OUTSTANDING*GB +: GB]);
			counter_words[word(OFF_RD_MAX_RESPONDING)*CW + LSB_RD_MAX_RESPONDING
				+: BITS_RD_MAX_RESPONDING] = g[G_RD_MAX_RESPONDING*GB +: GB];
			counter_words[word(OFF_WR_MAX_AW_OUTSTANDING)*CW + LSB_WR_MAX_AW_OUTSTANDING
				+: BITS_WR_MAX_AW_OUTSTANDING] = g[G_WR_MAX_AW_OUTSTANDING*GB +: GB];
			counter_words[word(OFF_WR_MAX_W_OUTSTANDING)*CW + LSB_WR_MAX_W_OUTSTANDING
				+: BITS_WR_MAX_W_OUTSTANDING] = g[G_WR_MAX_W_OUTSTANDING*GB +: GB];

			counter_words[word(OFF_ACTIVE_CYCLES)*CW +: CW] = c[CNT_ACTIVE_CYCLES*CW +: CW];
			counter_words[word(OFF_WR_IDLE)*CW +: CW] = c[CNT_WR_IDLE*CW +: CW];
			counter_words[word(OFF_WR_BURSTS)*CW +: CW] = c[CNT_WR_BURSTS*CW +: CW];
			counter_words[word(OFF_WR_BEATS)*CW +: CW] = c[CNT_WR_BEATS*CW +: CW];
			counter_words[word(OFF_WR_AW_BYTES)*CW +: CW] = c[CNT_WR_AW_BYTES*CW +: CW];
			counter_words[word(OFF_WR_W_BYTES)*CW +: CW] = c[CNT_WR_W_BYTES*CW +: CW];
			counter_words[word(OFF_WR_SLOW_DATA)*CW +: CW] = c[CNT_WR_SLOW_DATA*CW +: CW];
			counter_words[word(OFF_WR_STALL)*CW +: CW] = c[CNT_WR_STALL*CW +: CW];
			counter_words[word(OFF_WR_ADDR_LAG)*CW +: CW] = c[CNT_WR_ADDR_LAG*CW +: CW];
			counter_words[word(OFF_WR_DATA_LAG)*CW +: CW] = c[CNT_WR_DATA_LAG*CW +: CW];
			counter_words[word(OFF_WR_AW_EARLY)*CW +: CW] = c[CNT_WR_AW_EARLY*CW +: CW];
			counter_words[word(OFF_WR_EARLY_BEAT)*CW +: CW] = c[CNT_WR_EARLY_BEAT*CW +: CW];
			counter_words[word(OFF_WR_ADDR_STALL)*CW +: CW] = c[CNT_WR_ADDR_STALL*CW +: CW];
			counter_words[word(OFF_WR_EARLY_STALL)*CW +: CW] = c[CNT_WR_EARLY_STALL*CW +: CW];
			counter_words[word(OFF_WR_B_LAG)*CW +: CW] = c[CNT_WR_B_LAG*CW +: CW];
			counter_words[word(OFF_WR_B_STALL)*CW +: CW] = c[CNT_WR_B_STALL*CW +: CW];
			counter_words[word(OFF_WR_B_END)*CW +: CW] = c[CNT_WR_B_END*CW +: CW];
			counter_words[word(OFF_RD_IDLE)*CW +: CW] = c[CNT_RD_IDLE*CW +: CW];
			counter_words[word(OFF_RD_BURSTS)*CW +: CW] = c[CNT_RD_BURSTS*CW +: CW];
			counter_words[word(OFF_RD_BEATS)*CW +: CW] = c[CNT_RD_BEATS*CW +: CW];
			counter_words[word(OFF_RD_BYTES)*CW +: CW] = c[CNT_RD_BYTES*CW +: CW];
			counter_words[word(OFF_RD_AR_CYCLES)*CW +: CW] = c[CNT_RD_AR_CYCLES*CW +: CW];
			counter_words[word(OFF_RD_AR_STALL)*CW +: CW] = c[CNT_RD_AR_STALL*CW +: CW];
			counter_words[word(OFF_RD_R_STALL)*CW +: CW] = c[CNT_RD_R_STALL*CW +: CW];
			counter_words[word(OFF_RD_LAG)*CW +: CW] = c[CNT_RD_LAG*CW +: CW];
			counter_words[word(OFF_RD_SLOW_LINK)*CW +: CW] = c[CNT_RD_SLOW_LINK*CW +: CW];
			counter_words[word(OFF_RD_FIRST_LAG)*CW +: CW] = c[CNT_RD_FIRST_LAG*CW +: CW];
			counter_words[word(OFF_WR_BIAS_ADDR_FIRST)*CW +: CW] =
				c[CNT_WR_BIAS_ADDR_FIRST*CW +: CW];
			counter_words[word(OFF_WR_BIAS_DATA_FIRST)*CW +: CW] =
				c[CNT_WR_BIAS_DATA_FIRST*CW +: CW];
			counter_words[word(OFF_RD_INFLIGHT)*CW +: CW] = c[CNT_RD_INFLIGHT*CW +: CW];
			counter_words[word(OFF_RD_WAITING)*CW +: CW] = c[CNT_RD_WAITING*CW +: CW];
			counter_words[word(OFF_WR_INFLIGHT)*CW +: CW] = c[CNT_WR_INFLIGHT*CW +: CW];
		end
	endfunction

	// which words of a window hold a counter view: only those exist in
	// the snapshot window
	function automatic [WORDS-1:0] counter_word_map(input all_set);
		reg [WORDS*CW-1:0] probe;
		integer k;
		begin
			probe = counter_words({(NUM_COUNTERS * CW){all_set}}, {(NG * GB){all_set}}, all_set);
			for (k = 0; k < WORDS; k = k + 1)
				counter_word_map[k] = |probe[k*CW +: CW];
			// the difference of two equal counters is 0: mark it by hand
			counter_word_map[word(REG_WR_BIAS)] = all_set;
		end
	endfunction

	wire [31:0] config_word =
		($clog2(STRB_WIDTH) << CONFIG_DATA_BYTES_LOG2)
		| (ID_WIDTH << CONFIG_ID_WIDTH)
		| ((CW == 64 ? 1 : 0) << CONFIG_COUNTER_64)
		| ((HAS_IRQ != 0 ? 1 : 0) << CONFIG_HAS_IRQ)
		| ((HAS_SNAPSHOT != 0 ? 1 : 0) << CONFIG_HAS_SNAPSHOT)
		| (SLOTS << CONFIG_ID_SLOTS)
		| ((HAS_LATENCY != 0 ? 1 : 0) << CONFIG_HAS_LATENCY)
		| ((ADDR_WIDTH & 255) << CONFIG_ADDR_WIDTH);

	reg [31:0] control_word;
	always @* begin
		control_word = 32'd0;
		control_word[CONTROL_START_PENDING] = start_pending;
		control_word[CONTROL_CLEAR_PENDING] = clear_pending;
		control_word[CONTROL_TRIGGERED] = triggered;
		control_word[CONTROL_PERF_ERR] = perf_err;
		control_word[CONTROL_STOP_PENDING] = stop_pending;
		control_word[CONTROL_RESP_APPROX] = resp_approx;
		control_word[CONTROL_IDLE] = idle;
		control_word[CONTROL_LINK_RESET] = !link_up;
	end

	wire [WORDS*CW-1:0] live_words = counter_words(cnt, gauges, active_sat);

	// live window, low halves, with the control registers laid over
	reg [WORDS*32-1:0] live_lo;
	reg [WORDS*32-1:0] live_hi;
	integer wi;
	always @* begin
		for (wi = 0; wi < WORDS; wi = wi + 1) begin
			live_lo[wi*32 +: 32] = live_words[wi*CW +: 32];
			live_hi[wi*32 +: 32] = (CW > 32) ? live_words[wi*CW + CW - 32 +: 32] : 32'd0;
		end
		live_lo[word(REG_CONTROL)*32 +: 32] = control_word;
		live_lo[word(REG_ID)*32 +: 32] = AXIPERF_MAGIC;
		live_lo[word(REG_VERSION)*32 +: 32] =
			({16'd0, AXIPERF_MAP_MAJOR} << VERSION_MAJOR)
			| ({16'd0, AXIPERF_MAP_MINOR} << VERSION_MINOR);
		live_lo[word(REG_CONFIG)*32 +: 32] = config_word;
		live_lo[word(REG_IRQ_STATUS)*32 +: 32] = {{(32 - IRQ_BITS){1'b0}}, irq_status};
		live_lo[word(REG_IRQ_ENABLE)*32 +: 32] = {{(32 - IRQ_BITS){1'b0}}, irq_enable};
	end

	// one word of a window: each group of four words by the low two
	// bits of the word address, then the group
	function automatic [31:0] word_sel(input [WORDS*32-1:0] w, input [5:0] sel);
		reg [WORDS/4*32-1:0] grp;
		integer g;
		begin
			for (g = 0; g < WORDS / 4; g = g + 1)
				grp[g*32 +: 32] = sel[1] ?
					(sel[0] ? w[(4*g + 3)*32 +: 32] : w[(4*g + 2)*32 +: 32]) :
					(sel[0] ? w[(4*g + 1)*32 +: 32] : w[(4*g)*32 +: 32]);
			word_sel = grp[sel[5:2]*32 +: 32];
		end
	endfunction

	wire [5:0] rd_word = word(s_axil_araddr);
	wire rd_upper = |(s_axil_araddr & AXIPERF_UPPER_OFFSET);
	wire rd_snap = |(s_axil_araddr & AXIPERF_SNAPSHOT_OFFSET);
	wire [31:0] live_lo_sel = word_sel(live_lo, rd_word);
	wire [31:0] live_hi_sel = word_sel(live_hi, rd_word);
	wire [31:0] snap_lo_sel, snap_hi_sel;

	// Snapshot: one write copies every counter and gauge as they are at
	// the start of the clock. A clear does not touch the copy.

	generate
		if (HAS_SNAPSHOT != 0) begin : g_snap
			reg [NUM_COUNTERS*CW-1:0] cnt_copy;
			reg [NG*GB-1:0] gauges_copy;
			reg active_sat_copy;

			always @(posedge clk) begin
				if (rst) begin
					cnt_copy <= {(NUM_COUNTERS * CW){1'b0}};
					gauges_copy <= {(NG * GB){1'b0}};
					active_sat_copy <= 1'b0;
				end else if (snapshot_wr) begin
					cnt_copy <= cnt;
					gauges_copy <= gauges;
					active_sat_copy <= active_sat;
				end
			end

			wire [WORDS*CW-1:0] snap_words = counter_words(cnt_copy, gauges_copy,
				active_sat_copy);
			reg [WORDS*32-1:0] snap_lo;
			reg [WORDS*32-1:0] snap_hi;
			integer si;
			always @* begin
				for (si = 0; si < WORDS; si = si + 1) begin
					snap_lo[si*32 +: 32] = snap_words[si*CW +: 32];
					snap_hi[si*32 +: 32] = (CW > 32) ?
						snap_words[si*CW + CW - 32 +: 32] : 32'd0;
				end
			end
			assign snap_lo_sel = word_sel(snap_lo, rd_word);
			assign snap_hi_sel = word_sel(snap_hi, rd_word);
		end else begin : g_no_snap
			// the snapshot window reads the live counters (only those)
			wire [WORDS-1:0] counter_word_here = counter_word_map(1'b1);
			wire unused_snapshot_wr = snapshot_wr;
			assign snap_lo_sel = counter_word_here[rd_word] ? live_lo_sel : 32'd0;
			assign snap_hi_sel = live_hi_sel;
		end
	endgenerate

	wire [31:0] rdata_next = rd_snap ? (rd_upper ? snap_hi_sel : snap_lo_sel)
		: (rd_upper ? live_hi_sel : live_lo_sel);

	// ------------------------------------------------------------------
	// AXI4-lite slave: one read and one write in progress at once
	// ------------------------------------------------------------------
	assign s_axil_awready = s_axil_wvalid && !s_axil_bvalid;
	assign s_axil_wready = s_axil_awvalid && !s_axil_bvalid;
	assign s_axil_bresp = 2'b00;
	assign s_axil_arready = !s_axil_rvalid;
	assign s_axil_rresp = 2'b00;
	wire axil_rd = s_axil_arvalid && !s_axil_rvalid;

	always @(posedge clk) begin
		if (rst)
			s_axil_bvalid <= 1'b0;
		else if (axil_wr)
			s_axil_bvalid <= 1'b1;
		else if (s_axil_bready)
			s_axil_bvalid <= 1'b0;
	end

	always @(posedge clk) begin
		if (rst)
			s_axil_rvalid <= 1'b0;
		else if (axil_rd)
			s_axil_rvalid <= 1'b1;
		else if (s_axil_rready)
			s_axil_rvalid <= 1'b0;
	end

	// held while rvalid waits for rready: loaded on acceptance only
	always @(posedge clk) begin
		if (rst)
			s_axil_rdata <= 32'd0;
		else if (axil_rd)
			s_axil_rdata <= rdata_next;
	end

	wire unused_inputs = &{1'b0, s_axil_awprot, s_axil_arprot, s_axil_wdata[31:IRQ_BITS], s_axil_wstrb[3:1],
		mon_axi_awid, mon_axi_arid, mon_axi_awaddr, mon_axi_araddr,
		(ID_WIDTH > 0) ? 1'b0 : mon_axi_rid[0]};

`ifdef FORMAL
	// ------------------------------------------------------------------
	// Invariants. formal/*.sv each enable one group and prove it by
	// k-induction (formal/check.mk).
	// ------------------------------------------------------------------
	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge clk)
		f_past_valid <= 1'b1;

	// the design starts from a reset
	always @*
		if (!f_past_valid)
			assume(rst);

	// Every triggered clock falls in exactly one read and one write
	// category (the generated conditions partition the clock).
	always @* begin
		assert($onehot(rd_cat));
		assert($onehot(wr_cat));
		assert(!(bias_addr && bias_data));
	end

	// Each read ID is held by one table entry at most.
	integer fa, fb;
	always @* begin
		for (fa = 0; fa < SLOTS; fa = fa + 1)
			for (fb = fa + 1; fb < SLOTS; fb = fb + 1)
				if (f_past_valid && slot_valid[fa] && slot_valid[fb])
					assert(slot_id[fa*IDW +: IDW] != slot_id[fb*IDW +: IDW]);
	end

	// (a), (b): the category counters of one side add up to active_cycles,
	// modulo 2^COUNTER_WIDTH. The sum is the left fold of the terms below.
	// A solver proves (x + 1) + y == (x + y) + 1 for 32-bit words only
	// slowly, so the proof goes in two runs: formal/check.mk first proves
	// by induction that the partial sums, kept as ghost counters counting
	// with their terms, match the fold term by term (AXIPERF_F_LEMMAS
	// undefined: asserted), then proves the sum with those lemmas assumed.
`ifdef AXIPERF_PROP_RD_SUM
`define AXIPERF_F_SUM
	localparam integer F_TERMS = 7;
	function automatic integer f_term(input integer j);
		case (j)
		0: f_term = CNT_RD_BEATS;
		1: f_term = CNT_RD_R_STALL;
		2: f_term = CNT_RD_SLOW_LINK;
		3: f_term = CNT_RD_LAG;
		4: f_term = CNT_RD_AR_STALL;
		5: f_term = CNT_RD_AR_CYCLES;
		default: f_term = CNT_RD_IDLE;
		endcase
	endfunction
`endif
`ifdef AXIPERF_PROP_WR_SUM
`define AXIPERF_F_SUM
	// wr_beats holds the early beats: wr_early_beat is not a term
	localparam integer F_TERMS = 12;
	function automatic integer f_term(input integer j);
		case (j)
		0: f_term = CNT_WR_BEATS;
		1: f_term = CNT_WR_STALL;
		2: f_term = CNT_WR_EARLY_STALL;
		3: f_term = CNT_WR_SLOW_DATA;
		4: f_term = CNT_WR_DATA_LAG;
		5: f_term = CNT_WR_B_LAG;
		6: f_term = CNT_WR_B_STALL;
		7: f_term = CNT_WR_B_END;
		8: f_term = CNT_WR_ADDR_LAG;
		9: f_term = CNT_WR_AW_EARLY;
		10: f_term = CNT_WR_ADDR_STALL;
		default: f_term = CNT_WR_IDLE;
		endcase
	endfunction
`endif

`ifdef AXIPERF_F_SUM
`ifdef AXIPERF_F_LEMMAS
`define AXIPERF_F_LEMMA assume
	// second run: any state at all that meets the lemmas meets the sum
	wire f_lemma_on = 1'b1;
`else
`define AXIPERF_F_LEMMA assert
	wire f_lemma_on = f_past_valid;
`endif
	wire [F_TERMS-1:0] f_term_counting;
	wire [F_TERMS*CW-1:0] f_fold;
	wire [F_TERMS*CW-1:0] f_part;
	generate
		for (gi = 0; gi < F_TERMS; gi = gi + 1) begin : g_f_sum
			reg [CW-1:0] part;

			assign f_term_counting[gi] = cnt_counting[f_term(gi)];
			always @(posedge clk) begin
				if (rst || clear_now)
					part <= {CW{1'b0}};
				else if (|f_term_counting[gi:0])
					part <= part + 1'b1;
			end
			assign f_part[gi*CW +: CW] = part;

			if (gi == 0) begin : g_first
				assign f_fold[0 +: CW] = cnt[f_term(0)*CW +: CW];
				always @*
					if (f_lemma_on)
						`AXIPERF_F_LEMMA(part == cnt[f_term(0)*CW +: CW]);
			end else begin : g_next
				assign f_fold[gi*CW +: CW] = f_fold[(gi - 1)*CW +: CW]
					+ cnt[f_term(gi)*CW +: CW];
				always @*
					if (f_lemma_on)
						`AXIPERF_F_LEMMA(part == f_part[(gi - 1)*CW +: CW]
							+ cnt[f_term(gi)*CW +: CW]);
			end
		end
	endgenerate

	always @*
		if (f_lemma_on)
			`AXIPERF_F_LEMMA(f_part[(F_TERMS - 1)*CW +: CW]
				== cnt[CNT_ACTIVE_CYCLES*CW +: CW]);

`ifdef AXIPERF_F_LEMMAS
	// the property itself
	always @*
		assert(f_fold[(F_TERMS - 1)*CW +: CW] == cnt[CNT_ACTIVE_CYCLES*CW +: CW]);
`endif
`endif

`ifdef AXIPERF_PROP_AXIL
	// (c) the AXI4-lite slave keeps the protocol, given a master that
	// keeps it (assumed in formal/axil.sv)
	reg f_wr_open, f_rd_open;
	initial f_wr_open = 1'b0;
	initial f_rd_open = 1'b0;
	wire f_aw_hs = s_axil_awvalid && s_axil_awready;
	wire f_w_hs = s_axil_wvalid && s_axil_wready;
	wire f_ar_hs = s_axil_arvalid && s_axil_arready;

	always @(posedge clk) begin
		if (rst)
			f_wr_open <= 1'b0;
		else if (f_aw_hs)
			f_wr_open <= 1'b1;
		else if (s_axil_bvalid && s_axil_bready)
			f_wr_open <= 1'b0;
	end

	always @(posedge clk) begin
		if (rst)
			f_rd_open <= 1'b0;
		else if (f_ar_hs)
			f_rd_open <= 1'b1;
		else if (s_axil_rvalid && s_axil_rready)
			f_rd_open <= 1'b0;
	end

	always @* begin
		// address and data of a write are taken together
		assert(f_aw_hs == f_w_hs);
		// a response exactly when one request is open: none without a
		// request, one outstanding per direction
		if (f_past_valid) begin
			assert(s_axil_bvalid == f_wr_open);
			assert(s_axil_rvalid == f_rd_open);
		end
		if (s_axil_bvalid)
			assert(!f_aw_hs);
		if (s_axil_rvalid)
			assert(!f_ar_hs);
		assert(s_axil_bresp == 2'b00);
		assert(s_axil_rresp == 2'b00);
	end

	always @(posedge clk)
		if (f_past_valid && !$past(rst)) begin
			// a response is held, unchanged, until taken
			if ($past(s_axil_bvalid && !s_axil_bready))
				assert(s_axil_bvalid);
			if ($past(s_axil_rvalid && !s_axil_rready)) begin
				assert(s_axil_rvalid);
				assert(s_axil_rdata == $past(s_axil_rdata));
			end
		end
`endif

`ifdef AXIPERF_PROP_INFLIGHT
	// (e) each in-flight sum grows, on a clock that counts, by exactly the
	// bursts in flight at its start, computed here from the trackers alone
	// (reads accepted; of them, those whose ID holds no table slot; writes
	// begun by address or data); and an idle bus, where a start or stop
	// applies, has none in flight, so a window has no edge terms. Nothing
	// is in flight on a clock in link reset.
	wire [OB-1:0] f_aw_count = link_up ? aw_count_q : {OB{1'b0}};
	wire [OB-1:0] f_w_count = link_up ? w_count_q : {OB{1'b0}};
	wire [OB-1:0] f_r_count = link_up ? r_count_q : {OB{1'b0}};
	wire [OB-1:0] f_resp = {{(OB - RESP_BITS){1'b0}}, slot_count(slot_valid & {SLOTS{link_up}})};
	wire [OB:0] f_w_begun = {1'b0, f_w_count} + {{OB{1'b0}}, w_prog};
	wire [CW-1:0] f_rd_step = {{(CW - OB){1'b0}}, f_r_count};
	wire [CW-1:0] f_wait_step = (f_r_count >= f_resp) ? {{(CW - OB){1'b0}}, f_r_count - f_resp} :
		{CW{1'b0}};
	wire [CW-1:0] f_wr_step = ({1'b0, f_aw_count} >= f_w_begun) ?
		{{(CW - OB){1'b0}}, f_aw_count} : {{(CW - OB - 1){1'b0}}, f_w_begun};

	// The registered figures equal what they stand for: the responding
	// count the table's population (the popcount it replaces); the
	// in-flight steps the reads with no slot and the writes begun, from
	// the trackers' registers. (Proven here, where the sums are: the
	// other proofs need none of it and run faster without.)
	wire [OB-1:0] f_resp_q = {{(OB - RESP_BITS){1'b0}}, resp_q};
	wire [OB:0] f_w_begun_q = {1'b0, w_count_q} + {{OB{1'b0}}, w_prog_q};
	always @*
		if (f_past_valid) begin
			assert(resp_q == slot_count(slot_valid));
			assert(rd_waiting_q == ((r_count_q >= f_resp_q) ?
				r_count_q - f_resp_q : {OB{1'b0}}));
			assert(wr_inflight_q == (({1'b0, aw_count_q} >= f_w_begun_q) ?
				{1'b0, aw_count_q} : f_w_begun_q));
		end

	always @(posedge clk)
		if (f_past_valid && !$past(rst) && !$past(clear_now)) begin
			assert(cnt[CNT_RD_INFLIGHT*CW +: CW] == $past(cnt[CNT_RD_INFLIGHT*CW +: CW])
				+ ($past(counting_clock) ? $past(f_rd_step) : {CW{1'b0}}));
			assert(cnt[CNT_RD_WAITING*CW +: CW] == $past(cnt[CNT_RD_WAITING*CW +: CW])
				+ ($past(counting_clock) ? $past(f_wait_step) : {CW{1'b0}}));
			assert(cnt[CNT_WR_INFLIGHT*CW +: CW] == $past(cnt[CNT_WR_INFLIGHT*CW +: CW])
				+ ($past(counting_clock) ? $past(f_wr_step) : {CW{1'b0}}));
		end

	always @*
		if (idle && !perf_err)
			assert(f_rd_step == {CW{1'b0}} && f_wr_step == {CW{1'b0}});
`endif

`ifdef AXIPERF_PROP_IDLE
	// (d) triggered, and the clearing of the counters, change only on
	// idle clocks: on a busy clock a counter only ever counts.
	always @(posedge clk)
		if (f_past_valid && !$past(rst) && !$past(idle)) begin
			assert(triggered == $past(triggered));
			assert(cnt[CNT_ACTIVE_CYCLES*CW +: CW]
				== $past(cnt[CNT_ACTIVE_CYCLES*CW +: CW]) + {{(CW - 1){1'b0}}, $past(triggered)});
			assert(active_sat || !$past(active_sat));
			assert(rd_max_burst_size >= $past(rd_max_burst_size));
			assert(wr_max_burst_size >= $past(wr_max_burst_size));
			assert(rd_max_outstanding >= $past(rd_max_outstanding));
			assert(wr_max_aw_outstanding >= $past(wr_max_aw_outstanding));
			assert(wr_max_w_outstanding >= $past(wr_max_w_outstanding));
			assert(rd_max_responding >= $past(rd_max_responding));
		end

	generate
		for (gi = 0; gi < NUM_COUNTERS; gi = gi + 1) begin : g_f_cnt
			always @(posedge clk)
				if (f_past_valid && !$past(rst) && !$past(idle))
					assert(cnt[gi*CW +: CW] == ($past(cnt_counting[gi])
						? $past(cnt_next[gi*CW +: CW]) : $past(cnt[gi*CW +: CW])));
		end
	endgenerate

	// a start or stop takes effect on an idle clock only, and only if
	// it was pending at the start of that clock
	always @(posedge clk)
		if (f_past_valid && !$past(rst) && triggered != $past(triggered)) begin
			assert($past(idle));
			assert(triggered ? $past(start_pending) : $past(stop_pending));
		end
`endif
`endif
endmodule

// One outstanding-transaction tracker: +1 on inc, -1 on dec (never below
// zero), unchanged on both; frozen while hold. out: count != 0. over:
// this clock's step would wrap past the top (the count stays). next: the
// count at the end of the clock unless rst.
/* verilator lint_off DECLFILENAME */
module axiperf_outstanding #(
	parameter integer OB = 4
) (
	input wire clk,
	input wire rst,
	input wire hold,
	input wire inc,
	input wire dec,
	output reg [OB-1:0] count,
	output wire [OB-1:0] next,
	output wire out,
	output wire over
);
	assign out = count != {OB{1'b0}};
	assign over = inc && !dec && (&count);
	wire moves = !hold && !over && (inc != dec) && (inc || out);
	assign next = !moves ? count : inc ? count + 1'b1 : count - 1'b1;

	always @(posedge clk) begin
		if (rst)
			count <= {OB{1'b0}};
		else if (moves)
			count <= next;
	end
endmodule
/* verilator lint_on DECLFILENAME */

`default_nettype wire
