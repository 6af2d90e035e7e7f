// property: (a) the read category counters add up to active_cycles (mod 2^32)
// (a) While counting, every clock lands in exactly one read category, so
// the seven read category counters add up to active_cycles (mod 2^32).
// proof: lemmas then sum
`define AXIPERF_PROP_RD_SUM
`define AXIPERF_FORMAL_SNAPSHOT 0
`include "harness.vh"
