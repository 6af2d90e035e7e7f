// SPDX-License-Identifier: GPL-2.0 OR MIT
//
// twolink: two AXI4 links, each a random traffic master (twolink_master)
// driving a small slave (twolink_slave), each link watched by its own
// axiperf monitor (hdl/axiperf.v). tests/replay-rtl/main.cpp dumps the
// simulation with Verilator's tracer and reads the monitors' registers;
// tests/replay-rtl/run.sh replays each link of the dump through
// axiperf-replay and compares its counts with the registers.
//
//   link 0: src0 -> slv0, 32-bit data, 4-bit IDs, up to 8 reads in flight
//           (more IDs can respond at once than the monitor's 4 ID slots)
//   link 1: src1 -> slv1, 64-bit data, 2-bit IDs, up to 4 reads in flight
//
// Nothing moves on a link before `go`: the harness starts the monitors on
// an idle bus first.

`default_nettype none

// the helper modules come first; the top, twolink, is at the end
/* verilator lint_off DECLFILENAME */

// xorshift64, a linear feedback generator: 64 fresh bits on every clock.
// The state starts from SEED mixed with the `seed` input (never zero).
// Not traced (its user's copy of `r` is): the steps would fill the dump.
/* verilator tracing_off */
module twolink_rng #(
	parameter [63:0] SEED = 64'h9e3779b97f4a7c15
) (
	input  wire        clk,
	input  wire        rst,
	input  wire [31:0] seed,
	output reg  [63:0] r
);
	wire [63:0] mix = SEED ^ {seed, seed ^ 32'h5bd1e995};
	wire [63:0] a = r ^ (r << 13);
	wire [63:0] b = a ^ (a >> 7);
	wire [63:0] c = b ^ (b << 17);

	always @(posedge clk) begin
		if (rst)
			r <= (mix == 64'd0) ? 64'd1 : mix;
		else
			r <= c;
	end
endmodule
/* verilator tracing_on */

// Random AXI4 master. Write commands (ID, AxLEN 0..15, a full or narrow
// AxSIZE, an address that stays within its 4 KiB page) are queued four
// deep; the AW and W channels take them from the queue each at its own
// pace, so data may lead or follow its address. Valids are held until
// ready with their payload; WLAST marks each burst's last beat; WSTRB
// covers the beat's byte lanes (a narrow beat's lanes move along the bus),
// sometimes only some of them. BREADY and RREADY are random. Busy and
// quiet stretches alternate, for writes and reads apart (each direction
// drains and idles); the issue rate changes with each stretch.
module twolink_master #(
	parameter integer DATA_WIDTH = 32,	// 32 or 64
	parameter integer ID_WIDTH = 4,		// 1..4
	parameter [63:0] SEED = 64'h1
) (
	input  wire                    aclk,
	input  wire                    aresetn,
	input  wire                    go,
	input  wire [31:0]             seed,

	output reg  [ID_WIDTH-1:0]     m_axi_awid,
	output reg  [31:0]             m_axi_awaddr,
	output reg  [7:0]              m_axi_awlen,
	output reg  [2:0]              m_axi_awsize,
	output reg                     m_axi_awvalid,
	input  wire                    m_axi_awready,
	output reg  [DATA_WIDTH-1:0]   m_axi_wdata,
	output reg  [DATA_WIDTH/8-1:0] m_axi_wstrb,
	output reg                     m_axi_wlast,
	output reg                     m_axi_wvalid,
	input  wire                    m_axi_wready,
	input  wire [ID_WIDTH-1:0]     m_axi_bid,
	input  wire [1:0]              m_axi_bresp,
	input  wire                    m_axi_bvalid,
	output reg                     m_axi_bready,
	output reg  [ID_WIDTH-1:0]     m_axi_arid,
	output reg  [31:0]             m_axi_araddr,
	output reg  [7:0]              m_axi_arlen,
	output reg  [2:0]              m_axi_arsize,
	output reg                     m_axi_arvalid,
	input  wire                    m_axi_arready,
	input  wire [ID_WIDTH-1:0]     m_axi_rid,
	input  wire [DATA_WIDTH-1:0]   m_axi_rdata,
	input  wire [1:0]              m_axi_rresp,
	input  wire                    m_axi_rlast,
	input  wire                    m_axi_rvalid,
	output reg                     m_axi_rready
);
	localparam integer BYTES = DATA_WIDTH / 8;
	localparam integer SIZE_LOG2 = $clog2(BYTES);
	localparam integer LANES_LAST = BYTES - 1;
	localparam [2:0] SIZE_FULL = SIZE_LOG2[2:0];
	localparam [7:0] LANE_MASK = LANES_LAST[7:0];

	// ra: write mode and commands, valid delays, BREADY; rb: reads,
	// RREADY, strobes; rc: write data; rd: read mode (not every bit of
	// each is used)
	/* verilator lint_off UNUSEDSIGNAL */
	wire [63:0] ra, rb, rc, rd;
	/* verilator lint_on UNUSEDSIGNAL */
	twolink_rng #(.SEED(SEED)) u_ra (.clk(aclk), .rst(!aresetn), .seed(seed), .r(ra));
	twolink_rng #(.SEED(SEED ^ 64'hc2b2ae3d27d4eb4f)) u_rb (.clk(aclk), .rst(!aresetn),
		.seed(seed), .r(rb));
	twolink_rng #(.SEED(SEED ^ 64'h165667b19e3779f9)) u_rc (.clk(aclk), .rst(!aresetn),
		.seed(seed), .r(rc));
	twolink_rng #(.SEED(SEED ^ 64'h85ebca77c2b2ae63)) u_rd (.clk(aclk), .rst(!aresetn),
		.seed(seed), .r(rd));

	// true with probability (level + 1) / 4
	function automatic chance(input [2:0] r, input [1:0] level);
		chance = {1'b0, r} < {1'b0, level, 1'b0} + 4'd2;
	endfunction

	// three in four full width, else one or two sizes narrower
	function automatic [2:0] pick_size(input [2:0] r);
		if (r[1:0] != 2'b00 || SIZE_FULL == 3'd0)
			pick_size = SIZE_FULL;
		else if (r[2] || SIZE_FULL == 3'd1)
			pick_size = SIZE_FULL - 3'd1;
		else
			pick_size = SIZE_FULL - 3'd2;
	endfunction

	// aligned to the size, below 0x800 in its page: a burst of at most
	// 16 x 8 bytes never crosses the 4 KiB boundary
	function automatic [31:0] pick_addr(input [31:0] r, input [2:0] size);
		reg [31:0] a;
		begin
			a = r & ~((32'd1 << size) - 32'd1);
			a[11] = 1'b0;
			pick_addr = a;
		end
	endfunction

	// the byte lanes of a beat of 2^size bytes starting at lane `lane`
	function automatic [BYTES-1:0] lanes(input [2:0] size, input [7:0] lane);
		integer i;
		reg [8:0] top;
		begin
			top = {1'b0, lane} + (9'd1 << size);
			for (i = 0; i < BYTES; i = i + 1)
				lanes[i] = i[8:0] >= {1'b0, lane} && i[8:0] < top;
		end
	endfunction

	// busy and quiet stretches of 64 clocks on average, for writes and
	// reads apart; the rate of new work in each busy stretch
	reg busy_w, busy_r;
	reg [1:0] rate_w, rate_r;
	always @(posedge aclk) begin
		if (!aresetn) begin
			busy_w <= 1'b1;
			rate_w <= 2'd3;
		end else if (ra[5:0] == 6'd0) begin
			busy_w <= !busy_w;
			rate_w <= ra[8:7];
		end
	end
	always @(posedge aclk) begin
		if (!aresetn) begin
			busy_r <= 1'b1;
			rate_r <= 2'd3;
		end else if (rd[5:0] == 6'd0) begin
			busy_r <= !busy_r;
			rate_r <= rd[7:6];
		end
	end

	// ------------------------------------------------------------------
	// write commands: one queue, read by AW and W each at its own pointer
	// ------------------------------------------------------------------
	reg [ID_WIDTH-1:0] q_id [0:3];
	reg [7:0] q_len [0:3];
	reg [2:0] q_size [0:3];
	reg [31:0] q_addr [0:3];
	reg [2:0] q_wr, aw_rd, w_rd;
	wire [2:0] aw_queued = q_wr - aw_rd;
	wire [2:0] w_queued = q_wr - w_rd;
	wire push = go && busy_w && chance(ra[11:9], rate_w) && aw_queued != 3'd4 && w_queued != 3'd4;
	wire [2:0] new_size = pick_size(ra[21:19]);

	always @(posedge aclk) begin
		if (push) begin
			q_id[q_wr[1:0]] <= ra[12 +: ID_WIDTH];
			q_len[q_wr[1:0]] <= {4'd0, ra[18:15]};
			q_size[q_wr[1:0]] <= new_size;
			q_addr[q_wr[1:0]] <= pick_addr(ra[53:22], new_size);
		end
	end

	always @(posedge aclk) begin
		if (!aresetn)
			q_wr <= 3'd0;
		else if (push)
			q_wr <= q_wr + 3'd1;
	end

	// AW: the next command once the previous address is taken (the
	// queue's count leaves out this clock's push: its entry is written at
	// the end of the clock)
	wire aw_hs = m_axi_awvalid && m_axi_awready;
	wire [2:0] aw_rd_n = aw_rd + {2'd0, aw_hs};
	wire aw_more = q_wr != aw_rd_n;
	wire [1:0] aw_head = aw_rd_n[1:0];

	always @(posedge aclk) begin
		if (!aresetn) begin
			aw_rd <= 3'd0;
			m_axi_awvalid <= 1'b0;
			m_axi_awid <= {ID_WIDTH{1'b0}};
			m_axi_awaddr <= 32'd0;
			m_axi_awlen <= 8'd0;
			m_axi_awsize <= 3'd0;
		end else begin
			aw_rd <= aw_rd_n;
			if (!m_axi_awvalid || aw_hs) begin
				m_axi_awvalid <= aw_more && chance(ra[56:54], rate_w);
				if (aw_more) begin
					m_axi_awid <= q_id[aw_head];
					m_axi_awaddr <= q_addr[aw_head];
					m_axi_awlen <= q_len[aw_head];
					m_axi_awsize <= q_size[aw_head];
				end
			end
		end
	end

	// W: the beats of the command at the head, one burst after another
	wire w_hs = m_axi_wvalid && m_axi_wready;
	wire w_pop = w_hs && m_axi_wlast;
	wire [2:0] w_rd_n = w_rd + {2'd0, w_pop};
	wire w_more = q_wr != w_rd_n;
	wire [1:0] w_head = w_rd_n[1:0];
	reg [7:0] w_beat;	// beats of the head burst already taken
	wire [7:0] w_beat_n = w_pop ? 8'd0 : w_beat + {7'd0, w_hs};
	wire [2:0] w_size = q_size[w_head];
	wire [7:0] w_lane = (q_addr[w_head][7:0] + (w_beat_n << w_size)) & LANE_MASK;
	wire [BYTES-1:0] w_lanes = lanes(w_size, w_lane);

	always @(posedge aclk) begin
		if (!aresetn) begin
			w_rd <= 3'd0;
			w_beat <= 8'd0;
			m_axi_wvalid <= 1'b0;
			m_axi_wlast <= 1'b0;
			m_axi_wstrb <= {BYTES{1'b0}};
			m_axi_wdata <= {DATA_WIDTH{1'b0}};
		end else begin
			w_rd <= w_rd_n;
			w_beat <= w_beat_n;
			if (!m_axi_wvalid || w_hs) begin
				m_axi_wvalid <= w_more && chance(ra[59:57], rate_w);
				if (w_more) begin
					m_axi_wlast <= w_beat_n == q_len[w_head];
					// one beat in four: only some of its lanes
					m_axi_wstrb <= rb[50:49] == 2'd0 ? w_lanes & rb[51 +: BYTES] : w_lanes;
					m_axi_wdata <= rc[DATA_WIDTH-1:0];
				end
			end
		end
	end

	// ------------------------------------------------------------------
	// AR: a new request once the previous one is taken
	// ------------------------------------------------------------------
	wire ar_hs = m_axi_arvalid && m_axi_arready;
	wire [2:0] ar_size = pick_size(rb[13:11]);

	always @(posedge aclk) begin
		if (!aresetn) begin
			m_axi_arvalid <= 1'b0;
			m_axi_arid <= {ID_WIDTH{1'b0}};
			m_axi_araddr <= 32'd0;
			m_axi_arlen <= 8'd0;
			m_axi_arsize <= 3'd0;
		end else if (!m_axi_arvalid || ar_hs) begin
			m_axi_arvalid <= go && busy_r && chance(rb[2:0], rate_r);
			m_axi_arid <= rb[3 +: ID_WIDTH];
			m_axi_arlen <= {4'd0, rb[10:7]};
			m_axi_arsize <= ar_size;
			m_axi_araddr <= pick_addr(rb[45:14], ar_size);
		end
	end

	// responses: taken when ready, which is random
	always @(posedge aclk) begin
		if (!aresetn) begin
			m_axi_bready <= 1'b0;
			m_axi_rready <= 1'b0;
		end else begin
			m_axi_bready <= chance(ra[62:60], 2'd2);
			m_axi_rready <= chance(rb[48:46], ~rate_r);
		end
	end

	wire unused_inputs = &{1'b0, m_axi_bid, m_axi_bresp, m_axi_bvalid, m_axi_rid,
		m_axi_rdata, m_axi_rresp, m_axi_rlast, m_axi_rvalid};
endmodule

// Small AXI4 slave. AW, W and AR are taken when a random ready allows and
// there is room; B answers the oldest address once its burst's last beat
// is in (data may come before the address); up to READS read bursts are
// held, and each R beat comes from one of them picked at random, usually
// the same as the last beat's: bursts of different IDs complete out of
// order and interleave, those of one ID keep their order. Readiness and
// response delays follow a fast or slow mood that changes now and then.
module twolink_slave #(
	parameter integer DATA_WIDTH = 32,
	parameter integer ID_WIDTH = 4,
	parameter integer READS_BITS = 3,	// READS = 2^READS_BITS bursts
	parameter [63:0] SEED = 64'h2
) (
	input  wire                    aclk,
	input  wire                    aresetn,
	input  wire [31:0]             seed,

	input  wire [ID_WIDTH-1:0]     s_axi_awid,
	input  wire [31:0]             s_axi_awaddr,
	input  wire [7:0]              s_axi_awlen,
	input  wire [2:0]              s_axi_awsize,
	input  wire                    s_axi_awvalid,
	output wire                    s_axi_awready,
	input  wire [DATA_WIDTH-1:0]   s_axi_wdata,
	input  wire [DATA_WIDTH/8-1:0] s_axi_wstrb,
	input  wire                    s_axi_wlast,
	input  wire                    s_axi_wvalid,
	output wire                    s_axi_wready,
	output reg  [ID_WIDTH-1:0]     s_axi_bid,
	output wire [1:0]              s_axi_bresp,
	output reg                     s_axi_bvalid,
	input  wire                    s_axi_bready,
	input  wire [ID_WIDTH-1:0]     s_axi_arid,
	input  wire [31:0]             s_axi_araddr,
	input  wire [7:0]              s_axi_arlen,
	input  wire [2:0]              s_axi_arsize,
	input  wire                    s_axi_arvalid,
	output wire                    s_axi_arready,
	output reg  [ID_WIDTH-1:0]     s_axi_rid,
	output reg  [DATA_WIDTH-1:0]   s_axi_rdata,
	output wire [1:0]              s_axi_rresp,
	output reg                     s_axi_rlast,
	output reg                     s_axi_rvalid,
	input  wire                    s_axi_rready
);
	localparam integer READS = 1 << READS_BITS;
	localparam integer RB = READS_BITS;

	/* verilator lint_off UNUSEDSIGNAL */
	wire [63:0] sa, sb;
	/* verilator lint_on UNUSEDSIGNAL */
	twolink_rng #(.SEED(SEED)) u_sa (.clk(aclk), .rst(!aresetn), .seed(seed), .r(sa));
	twolink_rng #(.SEED(SEED ^ 64'h27d4eb2f165667c5)) u_sb (.clk(aclk), .rst(!aresetn),
		.seed(seed), .r(sb));

	function automatic chance(input [2:0] r, input [1:0] level);
		chance = {1'b0, r} < {1'b0, level, 1'b0} + 4'd2;
	endfunction

	// fast: ready three clocks in four; slow: one in four
	reg slow;
	always @(posedge aclk) begin
		if (!aresetn)
			slow <= 1'b0;
		else if (sa[5:0] == 6'd0)
			slow <= !slow;
	end
	wire [1:0] level = slow ? 2'd0 : 2'd2;

	reg awready_r, wready_r, arready_r;
	always @(posedge aclk) begin
		if (!aresetn) begin
			awready_r <= 1'b0;
			wready_r <= 1'b0;
			arready_r <= 1'b0;
		end else begin
			awready_r <= chance(sa[8:6], level);
			wready_r <= chance(sa[11:9], level);
			arready_r <= chance(sa[14:12], level);
		end
	end

	assign s_axi_bresp = 2'b00;
	assign s_axi_rresp = 2'b00;

	// ------------------------------------------------------------------
	// writes: the IDs of addresses taken, in order; last beats taken
	// ------------------------------------------------------------------
	reg [ID_WIDTH-1:0] awq [0:7];
	reg [3:0] awq_wr, awq_rd;
	reg [3:0] wdone;	// bursts whose last beat is in and not answered
	wire aw_hs = s_axi_awvalid && s_axi_awready;
	wire w_last_hs = s_axi_wvalid && s_axi_wready && s_axi_wlast;
	wire b_hs = s_axi_bvalid && s_axi_bready;
	assign s_axi_awready = awready_r && awq_wr - awq_rd != 4'd8;
	assign s_axi_wready = wready_r && wdone != 4'd8;

	// after this clock's response; an address taken on this clock is
	// written at its end and waits a clock, a last beat does not
	wire [3:0] awq_rd_n = awq_rd + {3'd0, b_hs};
	wire [3:0] wdone_n = wdone - {3'd0, b_hs} + {3'd0, w_last_hs};
	wire b_more = awq_wr != awq_rd_n && wdone_n != 4'd0;

	always @(posedge aclk) begin
		if (aw_hs)
			awq[awq_wr[2:0]] <= s_axi_awid;
	end

	always @(posedge aclk) begin
		if (!aresetn) begin
			awq_wr <= 4'd0;
			awq_rd <= 4'd0;
			wdone <= 4'd0;
			s_axi_bvalid <= 1'b0;
			s_axi_bid <= {ID_WIDTH{1'b0}};
		end else begin
			awq_wr <= awq_wr + {3'd0, aw_hs};
			awq_rd <= awq_rd_n;
			wdone <= wdone_n;
			if (!s_axi_bvalid || b_hs) begin
				s_axi_bvalid <= b_more && chance(sa[17:15], level);
				if (b_more)
					s_axi_bid <= awq[awq_rd_n[2:0]];
			end
		end
	end

	// ------------------------------------------------------------------
	// reads: a table of READS bursts {valid, ID, beats left - 1, order}
	// ------------------------------------------------------------------
	reg [READS-1:0] e_v;
	reg [READS*ID_WIDTH-1:0] e_id;
	reg [READS*8-1:0] e_left;
	reg [READS*8-1:0] e_ord;
	reg [7:0] ord_ctr;
	reg [RB-1:0] r_sel;	// the entry of the beat on R (or the last one)
	wire ar_hs = s_axi_arvalid && s_axi_arready;
	wire r_hs = s_axi_rvalid && s_axi_rready;
	assign s_axi_arready = arready_r && !(&e_v);

	integer i, j, k;
	reg [RB-1:0] free_idx;
	always @* begin
		free_idx = {RB{1'b0}};
		for (i = READS - 1; i >= 0; i = i - 1)
			if (!e_v[i])
				free_idx = i[RB-1:0];
	end

	// the table after this clock's beat and address
	reg [READS-1:0] v_n;
	reg [READS*ID_WIDTH-1:0] id_n;
	reg [READS*8-1:0] left_n;
	reg [READS*8-1:0] ord_n;
	always @* begin
		v_n = e_v;
		id_n = e_id;
		left_n = e_left;
		ord_n = e_ord;
		for (i = 0; i < READS; i = i + 1) begin
			if (r_hs && r_sel == i[RB-1:0]) begin
				if (s_axi_rlast)
					v_n[i] = 1'b0;
				else
					left_n[i*8 +: 8] = e_left[i*8 +: 8] - 8'd1;
			end
			if (ar_hs && free_idx == i[RB-1:0]) begin
				v_n[i] = 1'b1;
				id_n[i*ID_WIDTH +: ID_WIDTH] = s_axi_arid;
				left_n[i*8 +: 8] = s_axi_arlen;
				ord_n[i*8 +: 8] = ord_ctr;
			end
		end
	end

	// an entry may send when no older entry of its ID is waiting
	reg [READS-1:0] elig;
	reg [7:0] age;
	always @* begin
		for (i = 0; i < READS; i = i + 1) begin
			elig[i] = v_n[i];
			for (j = 0; j < READS; j = j + 1) begin
				age = ord_n[i*8 +: 8] - ord_n[j*8 +: 8];
				if (j != i && v_n[j] && id_n[j*ID_WIDTH +: ID_WIDTH] ==
						id_n[i*ID_WIDTH +: ID_WIDTH] && age != 8'd0 && !age[7])
					elig[i] = 1'b0;
			end
		end
	end

	// usually the last beat's entry again, else the first eligible one
	// from a random start
	reg [RB-1:0] pick, idx;
	reg found;
	always @* begin
		pick = r_sel;
		found = sb[1:0] != 2'd0 && elig[r_sel];
		for (k = 0; k < READS; k = k + 1) begin
			idx = sb[2 +: RB] + k[RB-1:0];
			if (!found && elig[idx]) begin
				pick = idx;
				found = 1'b1;
			end
		end
	end

	always @(posedge aclk) begin
		if (!aresetn) begin
			e_v <= {READS{1'b0}};
			e_id <= {(READS * ID_WIDTH){1'b0}};
			e_left <= {(READS * 8){1'b0}};
			e_ord <= {(READS * 8){1'b0}};
			ord_ctr <= 8'd0;
			r_sel <= {RB{1'b0}};
			s_axi_rvalid <= 1'b0;
			s_axi_rid <= {ID_WIDTH{1'b0}};
			s_axi_rlast <= 1'b0;
			s_axi_rdata <= {DATA_WIDTH{1'b0}};
		end else begin
			e_v <= v_n;
			e_id <= id_n;
			e_left <= left_n;
			e_ord <= ord_n;
			ord_ctr <= ord_ctr + {7'd0, ar_hs};
			if (!s_axi_rvalid || r_hs) begin
				s_axi_rvalid <= |elig && chance(sa[20:18], level);
				if (|elig) begin
					r_sel <= pick;
					s_axi_rid <= id_n[pick*ID_WIDTH +: ID_WIDTH];
					s_axi_rlast <= left_n[pick*8 +: 8] == 8'd0;
					s_axi_rdata <= sb[63:64-DATA_WIDTH];
				end
			end
		end
	end

	wire unused_inputs = &{1'b0, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_wdata,
		s_axi_wstrb, s_axi_araddr, s_axi_arsize};
endmodule

// One link: a master and a slave of random traffic on the wires l_*, and
// the monitor watching them, its AXI4-lite port the harness's.
module twolink_link #(
	parameter integer DATA_WIDTH = 32,
	parameter integer ID_WIDTH = 4,
	parameter integer READS_BITS = 3,	// reads the slave holds: 2^READS_BITS
	parameter [63:0] SEED_M = 64'h1,
	parameter [63:0] SEED_S = 64'h2
) (
	input  wire        aclk,
	input  wire        aresetn,
	input  wire        rst,
	input  wire        go,
	input  wire [31:0] seed,

	input  wire [9:0]  s_axil_awaddr,
	input  wire        s_axil_awvalid,
	output wire        s_axil_awready,
	input  wire [31:0] s_axil_wdata,
	input  wire [3:0]  s_axil_wstrb,
	input  wire        s_axil_wvalid,
	output wire        s_axil_wready,
	output wire [1:0]  s_axil_bresp,
	output wire        s_axil_bvalid,
	input  wire        s_axil_bready,
	input  wire [9:0]  s_axil_araddr,
	input  wire        s_axil_arvalid,
	output wire        s_axil_arready,
	output wire [31:0] s_axil_rdata,
	output wire [1:0]  s_axil_rresp,
	output wire        s_axil_rvalid,
	input  wire        s_axil_rready,
	output wire        irq
);
	wire [ID_WIDTH-1:0]     l_awid, l_bid, l_arid, l_rid;
	wire [31:0]             l_awaddr, l_araddr;
	wire [DATA_WIDTH-1:0]   l_wdata, l_rdata;
	wire [7:0]              l_awlen, l_arlen;
	wire [2:0]              l_awsize, l_arsize;
	wire [DATA_WIDTH/8-1:0] l_wstrb;
	wire [1:0]  l_bresp, l_rresp;
	wire l_awvalid, l_awready, l_wlast, l_wvalid, l_wready, l_bvalid, l_bready;
	wire l_arvalid, l_arready, l_rlast, l_rvalid, l_rready;

	twolink_master #(.DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .SEED(SEED_M)) src (
		.aclk(aclk), .aresetn(aresetn), .go(go), .seed(seed),
		.m_axi_awid(l_awid), .m_axi_awaddr(l_awaddr), .m_axi_awlen(l_awlen),
		.m_axi_awsize(l_awsize), .m_axi_awvalid(l_awvalid), .m_axi_awready(l_awready),
		.m_axi_wdata(l_wdata), .m_axi_wstrb(l_wstrb), .m_axi_wlast(l_wlast),
		.m_axi_wvalid(l_wvalid), .m_axi_wready(l_wready),
		.m_axi_bid(l_bid), .m_axi_bresp(l_bresp), .m_axi_bvalid(l_bvalid),
		.m_axi_bready(l_bready),
		.m_axi_arid(l_arid), .m_axi_araddr(l_araddr), .m_axi_arlen(l_arlen),
		.m_axi_arsize(l_arsize), .m_axi_arvalid(l_arvalid), .m_axi_arready(l_arready),
		.m_axi_rid(l_rid), .m_axi_rdata(l_rdata), .m_axi_rresp(l_rresp),
		.m_axi_rlast(l_rlast), .m_axi_rvalid(l_rvalid), .m_axi_rready(l_rready));

	twolink_slave #(.DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .READS_BITS(READS_BITS),
		.SEED(SEED_S)) slv (
		.aclk(aclk), .aresetn(aresetn), .seed(seed),
		.s_axi_awid(l_awid), .s_axi_awaddr(l_awaddr), .s_axi_awlen(l_awlen),
		.s_axi_awsize(l_awsize), .s_axi_awvalid(l_awvalid), .s_axi_awready(l_awready),
		.s_axi_wdata(l_wdata), .s_axi_wstrb(l_wstrb), .s_axi_wlast(l_wlast),
		.s_axi_wvalid(l_wvalid), .s_axi_wready(l_wready),
		.s_axi_bid(l_bid), .s_axi_bresp(l_bresp), .s_axi_bvalid(l_bvalid),
		.s_axi_bready(l_bready),
		.s_axi_arid(l_arid), .s_axi_araddr(l_araddr), .s_axi_arlen(l_arlen),
		.s_axi_arsize(l_arsize), .s_axi_arvalid(l_arvalid), .s_axi_arready(l_arready),
		.s_axi_rid(l_rid), .s_axi_rdata(l_rdata), .s_axi_rresp(l_rresp),
		.s_axi_rlast(l_rlast), .s_axi_rvalid(l_rvalid), .s_axi_rready(l_rready));

	axiperf #(.ADDR_WIDTH(32), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH), .COUNTER_WIDTH(64),
		.HAS_IRQ(1), .HAS_SNAPSHOT(1), .ID_SLOTS(4)) mon (
		.clk(aclk), .rst(rst),
		.s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(3'b000),
		.s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
		.s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
		.s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready),
		.s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
		.s_axil_bready(s_axil_bready),
		.s_axil_araddr(s_axil_araddr), .s_axil_arprot(3'b000),
		.s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
		.s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
		.s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
		.mon_axi_awid(l_awid), .mon_axi_awaddr(l_awaddr), .mon_axi_awlen(l_awlen),
		.mon_axi_awsize(l_awsize), .mon_axi_awvalid(l_awvalid),
		.mon_axi_awready(l_awready), .mon_axi_wstrb(l_wstrb), .mon_axi_wlast(l_wlast),
		.mon_axi_wvalid(l_wvalid), .mon_axi_wready(l_wready),
		.mon_axi_bvalid(l_bvalid), .mon_axi_bready(l_bready),
		.mon_axi_arid(l_arid), .mon_axi_araddr(l_araddr), .mon_axi_arlen(l_arlen),
		.mon_axi_arsize(l_arsize), .mon_axi_arvalid(l_arvalid),
		.mon_axi_arready(l_arready), .mon_axi_rid(l_rid), .mon_axi_rlast(l_rlast),
		.mon_axi_rvalid(l_rvalid), .mon_axi_rready(l_rready),
		.mon_axi_aresetn(aresetn),
		.irq(irq));


	// what the monitor does not look at
	wire unused_link = &{1'b0, l_wdata, l_rdata, l_bid, l_bresp, l_rresp};
endmodule

/* verilator lint_on DECLFILENAME */

// The top: two links, each with its monitor, whose AXI4-lite ports are
// the harness's (s0_axil_* to mon0, s1_axil_* to mon1).
module twolink #(
	parameter [63:0] SEED = 64'h0123456789abcdef
) (
	input  wire        aclk,
	input  wire        aresetn,
	input  wire        go,
	input  wire [31:0] seed,

	input  wire [9:0]  s0_axil_awaddr,
	input  wire        s0_axil_awvalid,
	output wire        s0_axil_awready,
	input  wire [31:0] s0_axil_wdata,
	input  wire [3:0]  s0_axil_wstrb,
	input  wire        s0_axil_wvalid,
	output wire        s0_axil_wready,
	output wire [1:0]  s0_axil_bresp,
	output wire        s0_axil_bvalid,
	input  wire        s0_axil_bready,
	input  wire [9:0]  s0_axil_araddr,
	input  wire        s0_axil_arvalid,
	output wire        s0_axil_arready,
	output wire [31:0] s0_axil_rdata,
	output wire [1:0]  s0_axil_rresp,
	output wire        s0_axil_rvalid,
	input  wire        s0_axil_rready,
	output wire        irq0,

	input  wire [9:0]  s1_axil_awaddr,
	input  wire        s1_axil_awvalid,
	output wire        s1_axil_awready,
	input  wire [31:0] s1_axil_wdata,
	input  wire [3:0]  s1_axil_wstrb,
	input  wire        s1_axil_wvalid,
	output wire        s1_axil_wready,
	output wire [1:0]  s1_axil_bresp,
	output wire        s1_axil_bvalid,
	input  wire        s1_axil_bready,
	input  wire [9:0]  s1_axil_araddr,
	input  wire        s1_axil_arvalid,
	output wire        s1_axil_arready,
	output wire [31:0] s1_axil_rdata,
	output wire [1:0]  s1_axil_rresp,
	output wire        s1_axil_rvalid,
	input  wire        s1_axil_rready,
	output wire        irq1
);
	wire rst = !aresetn;

	twolink_link #(.DATA_WIDTH(32), .ID_WIDTH(4), .READS_BITS(3),
		.SEED_M(SEED ^ 64'h1111), .SEED_S(SEED ^ 64'h2222)) link0 (
		.aclk(aclk), .aresetn(aresetn), .rst(rst), .go(go), .seed(seed),
		.s_axil_awaddr(s0_axil_awaddr), .s_axil_awvalid(s0_axil_awvalid),
		.s_axil_awready(s0_axil_awready), .s_axil_wdata(s0_axil_wdata),
		.s_axil_wstrb(s0_axil_wstrb), .s_axil_wvalid(s0_axil_wvalid),
		.s_axil_wready(s0_axil_wready), .s_axil_bresp(s0_axil_bresp),
		.s_axil_bvalid(s0_axil_bvalid), .s_axil_bready(s0_axil_bready),
		.s_axil_araddr(s0_axil_araddr), .s_axil_arvalid(s0_axil_arvalid),
		.s_axil_arready(s0_axil_arready), .s_axil_rdata(s0_axil_rdata),
		.s_axil_rresp(s0_axil_rresp), .s_axil_rvalid(s0_axil_rvalid),
		.s_axil_rready(s0_axil_rready), .irq(irq0));

	twolink_link #(.DATA_WIDTH(64), .ID_WIDTH(2), .READS_BITS(2),
		.SEED_M(SEED ^ 64'h3333), .SEED_S(SEED ^ 64'h4444)) link1 (
		.aclk(aclk), .aresetn(aresetn), .rst(rst), .go(go), .seed(seed),
		.s_axil_awaddr(s1_axil_awaddr), .s_axil_awvalid(s1_axil_awvalid),
		.s_axil_awready(s1_axil_awready), .s_axil_wdata(s1_axil_wdata),
		.s_axil_wstrb(s1_axil_wstrb), .s_axil_wvalid(s1_axil_wvalid),
		.s_axil_wready(s1_axil_wready), .s_axil_bresp(s1_axil_bresp),
		.s_axil_bvalid(s1_axil_bvalid), .s_axil_bready(s1_axil_bready),
		.s_axil_araddr(s1_axil_araddr), .s_axil_arvalid(s1_axil_arvalid),
		.s_axil_arready(s1_axil_arready), .s_axil_rdata(s1_axil_rdata),
		.s_axil_rresp(s1_axil_rresp), .s_axil_rvalid(s1_axil_rvalid),
		.s_axil_rready(s1_axil_rready), .irq(irq1));
endmodule

`default_nettype wire
