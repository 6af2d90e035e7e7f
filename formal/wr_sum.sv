// property: (b) the write category counters add up to active_cycles (mod 2^32)
// (b) Likewise the write category counters add up to active_cycles; an
// early beat is in wr_beats already and wr_early_beat is not added again.
// proof: lemmas then sum
`define AXIPERF_PROP_WR_SUM
`define AXIPERF_FORMAL_SNAPSHOT 0
`include "harness.vh"
