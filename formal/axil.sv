// property: (c) the AXI4-lite slave keeps the protocol under a well-behaved master
// (c) The AXI4-lite slave keeps the protocol: responses held until taken,
// read data stable while it waits, no response without a request, one
// request outstanding per direction, always OKAY.
`define AXIPERF_PROP_AXIL
`define AXIPERF_FORMAL_AXIL_MASTER
`define AXIPERF_FORMAL_SNAPSHOT 1
`include "harness.vh"
