// property: (c) the AXI4-lite slave keeps the protocol under a well-behaved master
// (c) The AXI4-lite slave keeps the protocol: responses held until taken,
// read data stable while it waits, no response without a request, one
// request outstanding per direction, always OKAY.
`define AXIPERF_PROP_AXIL
`define AXIPERF_FORMAL_AXIL_MASTER
`define AXIPERF_FORMAL_SNAPSHOT 1
// Without the in-flight sums: the slave's handshakes do not depend on
// which counters exist, and their wide-step adders take z3's induction
// step from 1 s to over 9 minutes.
`define AXIPERF_FORMAL_NO_LATENCY
`include "harness.vh"
