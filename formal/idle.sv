// property: (d) triggered and the counters' clearing change only on idle clocks
// (d) triggered, and the clearing of the counters, change only on idle
// clocks: on a busy clock every counter either holds or counts its step.
`define AXIPERF_PROP_IDLE
`define AXIPERF_FORMAL_SNAPSHOT 0
`include "harness.vh"
