// property: (e) each in-flight sum steps by the bursts in flight; none on an idle bus
// (e) rd_inflight, rd_waiting and wr_inflight grow on a counting clock by
// exactly the read bursts accepted, those of them with no ID table slot,
// and the write bursts begun, at its start; an idle bus has none.
`define AXIPERF_PROP_INFLIGHT
`define AXIPERF_FORMAL_SNAPSHOT 0
`include "harness.vh"
