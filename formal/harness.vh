// Formal harness: the monitor with small parameters, every input free,
// under the AXI4-lite master's side of the protocol. A property file
// defines the AXIPERF_PROP_* group to prove, then includes this.
// COUNTER_WIDTH stays 32: the sums are proven modulo 2^32.
`include "axiperf.v"

`default_nettype none

module axiperf_formal (
	input wire clk,
	input wire rst,
	input wire [9:0] s_axil_awaddr,
	input wire [2:0] s_axil_awprot,
	input wire s_axil_awvalid,
	input wire [31:0] s_axil_wdata,
	input wire [3:0] s_axil_wstrb,
	input wire s_axil_wvalid,
	input wire s_axil_bready,
	input wire [9:0] s_axil_araddr,
	input wire [2:0] s_axil_arprot,
	input wire s_axil_arvalid,
	input wire s_axil_rready,
	input wire [1:0] mon_axi_awid,
	input wire [11:0] mon_axi_awaddr,
	input wire [7:0] mon_axi_awlen,
	input wire [2:0] mon_axi_awsize,
	input wire mon_axi_awvalid,
	input wire mon_axi_awready,
	input wire [3:0] mon_axi_wstrb,
	input wire mon_axi_wlast,
	input wire mon_axi_wvalid,
	input wire mon_axi_wready,
	input wire mon_axi_bvalid,
	input wire mon_axi_bready,
	input wire [1:0] mon_axi_arid,
	input wire [11:0] mon_axi_araddr,
	input wire [7:0] mon_axi_arlen,
	input wire [2:0] mon_axi_arsize,
	input wire mon_axi_arvalid,
	input wire mon_axi_arready,
	input wire [1:0] mon_axi_rid,
	input wire mon_axi_rlast,
	input wire mon_axi_rvalid,
	input wire mon_axi_rready,
	input wire mon_axi_aresetn
);
	wire s_axil_awready, s_axil_wready, s_axil_bvalid, s_axil_arready, s_axil_rvalid;
	wire [1:0] s_axil_bresp, s_axil_rresp;
	wire [31:0] s_axil_rdata;
	wire irq;

	axiperf #(
		.ADDR_WIDTH(12),
		.DATA_WIDTH(32),
		.ID_WIDTH(2),
		.COUNTER_WIDTH(32),
		.HAS_IRQ(1),
		.HAS_SNAPSHOT(`AXIPERF_FORMAL_SNAPSHOT),
`ifdef AXIPERF_FORMAL_NO_LATENCY
		.HAS_LATENCY(0),
`endif
		.ID_SLOTS(2)
	) dut (
		.clk(clk), .rst(rst),
		.s_axil_awaddr(s_axil_awaddr), .s_axil_awprot(s_axil_awprot),
		.s_axil_awvalid(s_axil_awvalid), .s_axil_awready(s_axil_awready),
		.s_axil_wdata(s_axil_wdata), .s_axil_wstrb(s_axil_wstrb),
		.s_axil_wvalid(s_axil_wvalid), .s_axil_wready(s_axil_wready),
		.s_axil_bresp(s_axil_bresp), .s_axil_bvalid(s_axil_bvalid),
		.s_axil_bready(s_axil_bready),
		.s_axil_araddr(s_axil_araddr), .s_axil_arprot(s_axil_arprot),
		.s_axil_arvalid(s_axil_arvalid), .s_axil_arready(s_axil_arready),
		.s_axil_rdata(s_axil_rdata), .s_axil_rresp(s_axil_rresp),
		.s_axil_rvalid(s_axil_rvalid), .s_axil_rready(s_axil_rready),
		.mon_axi_awid(mon_axi_awid), .mon_axi_awaddr(mon_axi_awaddr),
		.mon_axi_awlen(mon_axi_awlen), .mon_axi_awsize(mon_axi_awsize),
		.mon_axi_awvalid(mon_axi_awvalid), .mon_axi_awready(mon_axi_awready),
		.mon_axi_wstrb(mon_axi_wstrb), .mon_axi_wlast(mon_axi_wlast),
		.mon_axi_wvalid(mon_axi_wvalid), .mon_axi_wready(mon_axi_wready),
		.mon_axi_bvalid(mon_axi_bvalid), .mon_axi_bready(mon_axi_bready),
		.mon_axi_arid(mon_axi_arid), .mon_axi_araddr(mon_axi_araddr),
		.mon_axi_arlen(mon_axi_arlen), .mon_axi_arsize(mon_axi_arsize),
		.mon_axi_arvalid(mon_axi_arvalid), .mon_axi_arready(mon_axi_arready),
		.mon_axi_rid(mon_axi_rid), .mon_axi_rlast(mon_axi_rlast),
		.mon_axi_rvalid(mon_axi_rvalid), .mon_axi_rready(mon_axi_rready),
		.mon_axi_aresetn(mon_axi_aresetn),
		.irq(irq)
	);

	reg f_past_valid;
	initial f_past_valid = 1'b0;
	always @(posedge clk)
		f_past_valid <= 1'b1;

`ifdef AXIPERF_FORMAL_AXIL_MASTER
	// The AXI4-lite master keeps its side: a request stays, unchanged,
	// until the slave takes it (nothing is assumed of the monitored link,
	// which the monitor only watches).
	always @(posedge clk)
		if (f_past_valid && !$past(rst)) begin
			if ($past(s_axil_awvalid && !s_axil_awready)) begin
				assume(s_axil_awvalid);
				assume(s_axil_awaddr == $past(s_axil_awaddr));
			end
			if ($past(s_axil_wvalid && !s_axil_wready)) begin
				assume(s_axil_wvalid);
				assume(s_axil_wdata == $past(s_axil_wdata));
				assume(s_axil_wstrb == $past(s_axil_wstrb));
			end
			if ($past(s_axil_arvalid && !s_axil_arready)) begin
				assume(s_axil_arvalid);
				assume(s_axil_araddr == $past(s_axil_araddr));
			end
		end
`endif
endmodule

`default_nettype wire
