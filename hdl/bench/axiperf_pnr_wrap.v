// SPDX-License-Identifier: GPL-2.0 OR MIT
//
// axiperf_pnr_wrap: the monitor core for place and route on a part with
// fewer pins than the core has ports (bench-pnr, iCE40 HX8K CT256). Every
// input of the core comes from one shift register fed by a single pin;
// every output folds (XOR) into one registered pin. Inputs and outputs are
// registered, so the timed paths are the core's own register-to-register
// paths, and every core output reaches the pin, so nothing is removed.

`default_nettype none

module axiperf_pnr_wrap #(
	parameter integer ADDR_WIDTH = 32,
	parameter integer DATA_WIDTH = 32,
	parameter integer ID_WIDTH = 4,
	parameter integer COUNTER_WIDTH = 32,
	parameter integer HAS_IRQ = 1,
	parameter integer HAS_SNAPSHOT = 0,
	parameter integer ID_SLOTS = 4,
	parameter integer HAS_LATENCY = 1
) (
	input  wire clk,
	input  wire rst,
	input  wire din,
	output reg  dout
);
	localparam integer IDW = (ID_WIDTH > 0) ? ID_WIDTH : 1;
	localparam integer SW = DATA_WIDTH / 8;
	// s_axil inputs: awaddr 10, awprot 3, awvalid, wdata 32, wstrb 4,
	// wvalid, bready, araddr 10, arprot 3, arvalid, rready
	localparam integer N_AXIL = 10 + 3 + 1 + 32 + 4 + 1 + 1 + 10 + 3 + 1 + 1;
	// mon inputs: awid, awaddr, awlen 8, awsize 3, awvalid, awready, wstrb,
	// wlast, wvalid, wready, bvalid, bready, arid, araddr, arlen 8,
	// arsize 3, arvalid, arready, rid, rlast, rvalid, rready, aresetn
	localparam integer N_MON = 3 * IDW + 2 * ADDR_WIDTH + SW + 35;
	localparam integer N = N_AXIL + N_MON;

	reg [N-1:0] sr;
	always @(posedge clk)
		sr <= {sr[N-2:0], din};

	wire s_awready, s_wready, s_bvalid, s_arready, s_rvalid, irq;
	wire [1:0] s_bresp, s_rresp;
	wire [31:0] s_rdata;

	axiperf #(
		.ADDR_WIDTH(ADDR_WIDTH), .DATA_WIDTH(DATA_WIDTH), .ID_WIDTH(ID_WIDTH),
		.COUNTER_WIDTH(COUNTER_WIDTH), .HAS_IRQ(HAS_IRQ),
		.HAS_SNAPSHOT(HAS_SNAPSHOT), .ID_SLOTS(ID_SLOTS),
		.HAS_LATENCY(HAS_LATENCY)
	) core (
		.clk(clk), .rst(rst),
		.s_axil_awaddr(sr[9:0]),
		.s_axil_awprot(sr[12:10]),
		.s_axil_awvalid(sr[13]),
		.s_axil_awready(s_awready),
		.s_axil_wdata(sr[45:14]),
		.s_axil_wstrb(sr[49:46]),
		.s_axil_wvalid(sr[50]),
		.s_axil_wready(s_wready),
		.s_axil_bresp(s_bresp),
		.s_axil_bvalid(s_bvalid),
		.s_axil_bready(sr[51]),
		.s_axil_araddr(sr[61:52]),
		.s_axil_arprot(sr[64:62]),
		.s_axil_arvalid(sr[65]),
		.s_axil_arready(s_arready),
		.s_axil_rdata(s_rdata),
		.s_axil_rresp(s_rresp),
		.s_axil_rvalid(s_rvalid),
		.s_axil_rready(sr[66]),

		.mon_axi_awid(sr[N_AXIL +: IDW]),
		.mon_axi_awaddr(sr[N_AXIL + IDW +: ADDR_WIDTH]),
		.mon_axi_awlen(sr[N_AXIL + IDW + ADDR_WIDTH +: 8]),
		.mon_axi_awsize(sr[N_AXIL + IDW + ADDR_WIDTH + 8 +: 3]),
		.mon_axi_awvalid(sr[N_AXIL + IDW + ADDR_WIDTH + 11]),
		.mon_axi_awready(sr[N_AXIL + IDW + ADDR_WIDTH + 12]),
		.mon_axi_wstrb(sr[N_AXIL + IDW + ADDR_WIDTH + 13 +: SW]),
		.mon_axi_wlast(sr[N_AXIL + IDW + ADDR_WIDTH + 13 + SW]),
		.mon_axi_wvalid(sr[N_AXIL + IDW + ADDR_WIDTH + 14 + SW]),
		.mon_axi_wready(sr[N_AXIL + IDW + ADDR_WIDTH + 15 + SW]),
		.mon_axi_bvalid(sr[N_AXIL + IDW + ADDR_WIDTH + 16 + SW]),
		.mon_axi_bready(sr[N_AXIL + IDW + ADDR_WIDTH + 17 + SW]),
		.mon_axi_arid(sr[N_AXIL + IDW + ADDR_WIDTH + 18 + SW +: IDW]),
		.mon_axi_araddr(sr[N_AXIL + 2 * IDW + ADDR_WIDTH + 18 + SW +: ADDR_WIDTH]),
		.mon_axi_arlen(sr[N_AXIL + 2 * IDW + 2 * ADDR_WIDTH + 18 + SW +: 8]),
		.mon_axi_arsize(sr[N_AXIL + 2 * IDW + 2 * ADDR_WIDTH + 26 + SW +: 3]),
		.mon_axi_arvalid(sr[N_AXIL + 2 * IDW + 2 * ADDR_WIDTH + 29 + SW]),
		.mon_axi_arready(sr[N_AXIL + 2 * IDW + 2 * ADDR_WIDTH + 30 + SW]),
		.mon_axi_rid(sr[N_AXIL + 2 * IDW + 2 * ADDR_WIDTH + 31 + SW +: IDW]),
		.mon_axi_rlast(sr[N_AXIL + 3 * IDW + 2 * ADDR_WIDTH + 31 + SW]),
		.mon_axi_rvalid(sr[N_AXIL + 3 * IDW + 2 * ADDR_WIDTH + 32 + SW]),
		.mon_axi_rready(sr[N_AXIL + 3 * IDW + 2 * ADDR_WIDTH + 33 + SW]),
		.mon_axi_aresetn(sr[N_AXIL + 3 * IDW + 2 * ADDR_WIDTH + 34 + SW]),
		.irq(irq)
	);

	always @(posedge clk)
		dout <= ^{s_awready, s_wready, s_bvalid, s_arready, s_rvalid, irq,
			  s_bresp, s_rresp, s_rdata};
endmodule

`default_nettype wire
