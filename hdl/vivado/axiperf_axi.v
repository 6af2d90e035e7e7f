// SPDX-License-Identifier: GPL-2.0 OR MIT
//
// axiperf_axi: the monitor (hdl/axiperf.v) with Vivado's port names and
// interface attributes, for IP Integrator: "Add Module" on this file (with
// hdl/axiperf.v and hdl/generated/axiperf_regs.vh in the project) infers
//   S_AXI    the AXI4-lite register window (slave, 1 KiB)
//   MON_AXI  the watched AXI4 link, in monitor mode (every port an input)
//   aclk     the link's clock, associated with both interfaces and resets
//   aresetn  the monitor's reset, active low (the AXI convention): clears
//            the counters
//   mon_aresetn  the watched link's own reset, active low (connect the
//            reset of the master and slave on MON_AXI, like the slot
//            resets of Xilinx's AXI Performance Monitor): while it is
//            low the link counts as idle and what was in flight ends;
//            the counters keep counting. Tie it high if the link is
//            never reset on its own (the IP that package_ip.tcl makes drives
//            it 1 when left unconnected): held low, every count is idle.
//   irq      the level-high interrupt
// The attribute forms are those of UG994 ("Inferring AXI interfaces" /
// X_INTERFACE_INFO, X_INTERFACE_PARAMETER, X_INTERFACE_MODE); make check
// (suite rtl-vivado, hdl/scripts/vivado_check.py) checks every port's
// logical name and direction against the AXI4 port list. Vivado itself
// was not run here.

`default_nettype none

module axiperf_axi #(
	parameter integer ADDR_WIDTH = 32,	// watched link, reported in CONFIG
	parameter integer DATA_WIDTH = 32,	// 32..1024
	parameter integer ID_WIDTH = 4,		// 0..16 (ID ports stay 1 bit at 0)
	parameter integer COUNTER_WIDTH = 32,	// 32 or 64
	parameter integer HAS_IRQ = 1,
	parameter integer HAS_SNAPSHOT = 1,
	parameter integer ID_SLOTS = 4,
	parameter integer HAS_LATENCY = 1	// rd_inflight, rd_waiting, wr_inflight
) (
	(* X_INTERFACE_INFO = "xilinx.com:signal:clock:1.0 aclk CLK" *)
	(* X_INTERFACE_PARAMETER = "ASSOCIATED_BUSIF S_AXI:MON_AXI, ASSOCIATED_RESET aresetn:mon_aresetn" *)
	input  wire aclk,
	(* X_INTERFACE_INFO = "xilinx.com:signal:reset:1.0 aresetn RST" *)
	(* X_INTERFACE_PARAMETER = "POLARITY ACTIVE_LOW" *)
	input  wire aresetn,
	(* X_INTERFACE_INFO = "xilinx.com:signal:reset:1.0 mon_aresetn RST" *)
	(* X_INTERFACE_PARAMETER = "POLARITY ACTIVE_LOW" *)
	input  wire mon_aresetn,

	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI AWADDR" *)
	(* X_INTERFACE_PARAMETER = "PROTOCOL AXI4LITE, DATA_WIDTH 32, ADDR_WIDTH 10" *)
	input  wire [9:0]  s_axi_awaddr,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI AWPROT" *)
	input  wire [2:0]  s_axi_awprot,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI AWVALID" *)
	input  wire        s_axi_awvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI AWREADY" *)
	output wire        s_axi_awready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI WDATA" *)
	input  wire [31:0] s_axi_wdata,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI WSTRB" *)
	input  wire [3:0]  s_axi_wstrb,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI WVALID" *)
	input  wire        s_axi_wvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI WREADY" *)
	output wire        s_axi_wready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI BRESP" *)
	output wire [1:0]  s_axi_bresp,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI BVALID" *)
	output wire        s_axi_bvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI BREADY" *)
	input  wire        s_axi_bready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI ARADDR" *)
	input  wire [9:0]  s_axi_araddr,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI ARPROT" *)
	input  wire [2:0]  s_axi_arprot,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI ARVALID" *)
	input  wire        s_axi_arvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI ARREADY" *)
	output wire        s_axi_arready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI RDATA" *)
	output wire [31:0] s_axi_rdata,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI RRESP" *)
	output wire [1:0]  s_axi_rresp,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI RVALID" *)
	output wire        s_axi_rvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 S_AXI RREADY" *)
	input  wire        s_axi_rready,

	(* X_INTERFACE_MODE = "monitor" *)
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWID" *)
	(* X_INTERFACE_PARAMETER = "PROTOCOL AXI4" *)
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_awid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWADDR" *)
	input  wire [ADDR_WIDTH-1:0]  mon_axi_awaddr,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWLEN" *)
	input  wire [7:0]             mon_axi_awlen,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWSIZE" *)
	input  wire [2:0]             mon_axi_awsize,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWVALID" *)
	input  wire                   mon_axi_awvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI AWREADY" *)
	input  wire                   mon_axi_awready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI WSTRB" *)
	input  wire [DATA_WIDTH/8-1:0] mon_axi_wstrb,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI WLAST" *)
	input  wire                   mon_axi_wlast,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI WVALID" *)
	input  wire                   mon_axi_wvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI WREADY" *)
	input  wire                   mon_axi_wready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI BVALID" *)
	input  wire                   mon_axi_bvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI BREADY" *)
	input  wire                   mon_axi_bready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARID" *)
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_arid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARADDR" *)
	input  wire [ADDR_WIDTH-1:0]  mon_axi_araddr,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARLEN" *)
	input  wire [7:0]             mon_axi_arlen,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARSIZE" *)
	input  wire [2:0]             mon_axi_arsize,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARVALID" *)
	input  wire                   mon_axi_arvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI ARREADY" *)
	input  wire                   mon_axi_arready,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI RID" *)
	input  wire [((ID_WIDTH > 0) ? ID_WIDTH : 1)-1:0] mon_axi_rid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI RLAST" *)
	input  wire                   mon_axi_rlast,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI RVALID" *)
	input  wire                   mon_axi_rvalid,
	(* X_INTERFACE_INFO = "xilinx.com:interface:aximm:1.0 MON_AXI RREADY" *)
	input  wire                   mon_axi_rready,

	(* X_INTERFACE_INFO = "xilinx.com:signal:interrupt:1.0 irq INTERRUPT" *)
	(* X_INTERFACE_PARAMETER = "SENSITIVITY LEVEL_HIGH" *)
	output wire irq
);

	// The core's reset is synchronous and active high: aresetn, held low
	// for at least one aclk edge (as AXI requires), is inverted.
	axiperf #(
		.ADDR_WIDTH(ADDR_WIDTH),
		.DATA_WIDTH(DATA_WIDTH),
		.ID_WIDTH(ID_WIDTH),
		.COUNTER_WIDTH(COUNTER_WIDTH),
		.HAS_IRQ(HAS_IRQ),
		.HAS_SNAPSHOT(HAS_SNAPSHOT),
		.ID_SLOTS(ID_SLOTS),
		.HAS_LATENCY(HAS_LATENCY)
	) core (
		.clk(aclk),
		.rst(!aresetn),

		.s_axil_awaddr(s_axi_awaddr),
		.s_axil_awprot(s_axi_awprot),
		.s_axil_awvalid(s_axi_awvalid),
		.s_axil_awready(s_axi_awready),
		.s_axil_wdata(s_axi_wdata),
		.s_axil_wstrb(s_axi_wstrb),
		.s_axil_wvalid(s_axi_wvalid),
		.s_axil_wready(s_axi_wready),
		.s_axil_bresp(s_axi_bresp),
		.s_axil_bvalid(s_axi_bvalid),
		.s_axil_bready(s_axi_bready),
		.s_axil_araddr(s_axi_araddr),
		.s_axil_arprot(s_axi_arprot),
		.s_axil_arvalid(s_axi_arvalid),
		.s_axil_arready(s_axi_arready),
		.s_axil_rdata(s_axi_rdata),
		.s_axil_rresp(s_axi_rresp),
		.s_axil_rvalid(s_axi_rvalid),
		.s_axil_rready(s_axi_rready),

		.mon_axi_awid(mon_axi_awid),
		.mon_axi_awaddr(mon_axi_awaddr),
		.mon_axi_awlen(mon_axi_awlen),
		.mon_axi_awsize(mon_axi_awsize),
		.mon_axi_awvalid(mon_axi_awvalid),
		.mon_axi_awready(mon_axi_awready),
		.mon_axi_wstrb(mon_axi_wstrb),
		.mon_axi_wlast(mon_axi_wlast),
		.mon_axi_wvalid(mon_axi_wvalid),
		.mon_axi_wready(mon_axi_wready),
		.mon_axi_bvalid(mon_axi_bvalid),
		.mon_axi_bready(mon_axi_bready),
		.mon_axi_arid(mon_axi_arid),
		.mon_axi_araddr(mon_axi_araddr),
		.mon_axi_arlen(mon_axi_arlen),
		.mon_axi_arsize(mon_axi_arsize),
		.mon_axi_arvalid(mon_axi_arvalid),
		.mon_axi_arready(mon_axi_arready),
		.mon_axi_rid(mon_axi_rid),
		.mon_axi_rlast(mon_axi_rlast),
		.mon_axi_rvalid(mon_axi_rvalid),
		.mon_axi_rready(mon_axi_rready),
		.mon_axi_aresetn(mon_aresetn),

		.irq(irq)
	);

endmodule

`default_nettype wire
