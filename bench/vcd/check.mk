# bench vcd: axiperf-replay end to end, file to figures, on a Verilator
# dump of two monitored links (tests/replay-rtl), against the floor of
# reading the file, vcd2fst, the FST's replay, and memory on a multi-GB
# dump streamed through a FIFO; and on an all-watched dump (the same
# simulation, only what the replay watches of one link traced: every value
# change is one the model needs; issue 39), also with every burst
# followed (--latency --per-id --worst --interval; issue 54: >= 400 MB/s). Goal (issues 27 and 39):
# >= 500 MB/s on one core, on both.
BENCH_VCD_CLOCKS ?= 200000
BENCH_VCD_BIG_CLOCKS ?= 2000000
# ~46 bytes a clock: 4 M clocks make ~186 MB, the size issue 39 measured
BENCH_VCD_ONELINK_CLOCKS ?= 4000000

BENCHES += vcd
.PHONY: bench-vcd
bench-vcd: $(BUILD)/replay-rtl/twolink-vcd $(BUILD)/replay-rtl/twolink-onelink replay-tool
	@mkdir -p $(BUILD)/results
	@sh $(TOP)/bench/vcd/run.sh $(REPLAY_TOOL) $(BUILD)/replay-rtl/twolink-vcd $(BUILD)/bench-vcd \
		$(BENCH_VCD_CLOCKS) $(BENCH_VCD_BIG_CLOCKS) $(BUILD)/replay-rtl/twolink-onelink \
		$(BENCH_VCD_ONELINK_CLOCKS) | tee $(BUILD)/results/bench-vcd.txt
