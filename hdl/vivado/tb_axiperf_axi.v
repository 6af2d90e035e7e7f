// SPDX-License-Identifier: GPL-2.0 OR MIT
//
// tb_axiperf_axi: the Vivado wrapper's AXI4-lite path and reset polarity
// (suite rtl-vivado, iverilog). Reads ID and CONFIG through S_AXI, writes
// IRQ_ENABLE and reads it back, then holds aresetn low for one clock and
// reads IRQ_ENABLE again: the reset must have cleared it. Prints TAP lines.

`default_nettype none

module tb_axiperf_axi;
	parameter integer ID_WIDTH = 4;
	parameter integer COUNTER_WIDTH = 32;
	parameter integer HAS_SNAPSHOT = 0;
	parameter integer HAS_LATENCY = 1;

	/* verilator lint_off UNUSEDPARAM */
`include "generated/axiperf_regs.vh"
	/* verilator lint_on UNUSEDPARAM */

	reg aclk = 0, aresetn = 0;
	reg [9:0] awaddr = 0, araddr = 0;
	reg awvalid = 0, wvalid = 0, arvalid = 0;
	reg [31:0] wdata = 0;
	wire awready, wready, bvalid, arready, rvalid, irq;
	wire [1:0] bresp, rresp;
	wire [31:0] rdata;
	reg [31:0] got;
	integer n = 0, failed = 0;

	always #5 aclk = !aclk;

	axiperf_axi #(
		.ID_WIDTH(ID_WIDTH), .COUNTER_WIDTH(COUNTER_WIDTH), .HAS_SNAPSHOT(HAS_SNAPSHOT),
		.HAS_LATENCY(HAS_LATENCY)
	) dut (
		.aclk(aclk), .aresetn(aresetn), .mon_aresetn(1'b1),
		.s_axi_awaddr(awaddr), .s_axi_awprot(3'b0), .s_axi_awvalid(awvalid),
		.s_axi_awready(awready), .s_axi_wdata(wdata), .s_axi_wstrb(4'hf),
		.s_axi_wvalid(wvalid), .s_axi_wready(wready), .s_axi_bresp(bresp),
		.s_axi_bvalid(bvalid), .s_axi_bready(1'b1), .s_axi_araddr(araddr),
		.s_axi_arprot(3'b0), .s_axi_arvalid(arvalid), .s_axi_arready(arready),
		.s_axi_rdata(rdata), .s_axi_rresp(rresp), .s_axi_rvalid(rvalid),
		.s_axi_rready(1'b1),
		.mon_axi_awid({(ID_WIDTH > 0 ? ID_WIDTH : 1){1'b0}}), .mon_axi_awaddr(32'b0),
		.mon_axi_awlen(8'b0), .mon_axi_awsize(3'b0), .mon_axi_awvalid(1'b0),
		.mon_axi_awready(1'b0), .mon_axi_wstrb(4'b0), .mon_axi_wlast(1'b0),
		.mon_axi_wvalid(1'b0), .mon_axi_wready(1'b0), .mon_axi_bvalid(1'b0),
		.mon_axi_bready(1'b0), .mon_axi_arid({(ID_WIDTH > 0 ? ID_WIDTH : 1){1'b0}}),
		.mon_axi_araddr(32'b0), .mon_axi_arlen(8'b0), .mon_axi_arsize(3'b0),
		.mon_axi_arvalid(1'b0), .mon_axi_arready(1'b0),
		.mon_axi_rid({(ID_WIDTH > 0 ? ID_WIDTH : 1){1'b0}}), .mon_axi_rlast(1'b0),
		.mon_axi_rvalid(1'b0), .mon_axi_rready(1'b0),
		.irq(irq)
	);

	task check(input cond, input [8*80-1:0] what);
	begin
		n = n + 1;
		if (cond)
			$display("ok %0d - %0s", n, what);
		else begin
			$display("not ok %0d - %0s", n, what);
			failed = 1;
		end
	end
	endtask

	task axil_read(input [9:0] a, output [31:0] d);
	integer t;
	begin
		@(negedge aclk);
		araddr = a;
		arvalid = 1;
		t = 0;
		@(posedge aclk);
		while (!arready && t < 20) begin
			@(posedge aclk);
			t = t + 1;
		end
		@(negedge aclk);
		arvalid = 0;
		t = 0;
		while (!rvalid && t < 20) begin
			@(negedge aclk);
			t = t + 1;
		end
		d = rvalid && rresp == 2'b00 ? rdata : 32'hdeadbeef;
	end
	endtask

	task axil_write(input [9:0] a, input [31:0] d);
	integer t;
	begin
		@(negedge aclk);
		awaddr = a;
		wdata = d;
		awvalid = 1;
		wvalid = 1;
		t = 0;
		@(posedge aclk);
		while (!(awready && wready) && t < 20) begin
			@(posedge aclk);
			t = t + 1;
		end
		@(negedge aclk);
		awvalid = 0;
		wvalid = 0;
		t = 0;
		while (!bvalid && t < 20) begin
			@(negedge aclk);
			t = t + 1;
		end
	end
	endtask

	initial begin
		repeat (3) @(posedge aclk);
		@(negedge aclk);
		aresetn = 1;
		axil_read(REG_ID, got);
		check(got == AXIPERF_MAGIC, "S_AXI reads ID: the monitor's magic, after aresetn rises");
		axil_read(REG_CONFIG, got);
		check(((got >> CONFIG_ID_WIDTH) & 5'h1f) == ID_WIDTH &&
		      ((got >> CONFIG_COUNTER_64) & 1) == (COUNTER_WIDTH == 64) &&
		      ((got >> CONFIG_HAS_SNAPSHOT) & 1) == HAS_SNAPSHOT &&
		      ((got >> CONFIG_HAS_LATENCY) & 1) == HAS_LATENCY,
		      "S_AXI reads CONFIG: the wrapper's parameters reach the core");
		axil_write(REG_IRQ_ENABLE, 32'hf);
		axil_read(REG_IRQ_ENABLE, got);
		check(got == 32'hf, "S_AXI writes IRQ_ENABLE and reads it back");
		@(negedge aclk);
		aresetn = 0;
		@(negedge aclk);
		aresetn = 1;
		axil_read(REG_IRQ_ENABLE, got);
		check(got == 32'h0, "aresetn low for one clock resets the core (active low)");
		$display("1..%0d", n);
		$finish;
	end
endmodule

`default_nettype wire
