# bench vcd: axiperf-replay end to end, file to figures, on a Verilator
# dump of two monitored links (tests/replay-rtl), against the floor of
# reading the file, vcd2fst, the FST's replay, and memory on a multi-GB
# dump streamed through a FIFO. Goal (issue 27): >= 500 MB/s on one core.
BENCH_VCD_CLOCKS ?= 200000
BENCH_VCD_BIG_CLOCKS ?= 2000000

BENCHES += vcd
.PHONY: bench-vcd
bench-vcd: $(BUILD)/replay-rtl/twolink-vcd replay-tool
	@mkdir -p $(BUILD)/results
	@sh $(TOP)/bench/vcd/run.sh $(REPLAY_TOOL) $(BUILD)/replay-rtl/twolink-vcd $(BUILD)/bench-vcd \
		$(BENCH_VCD_CLOCKS) $(BENCH_VCD_BIG_CLOCKS) | tee $(BUILD)/results/bench-vcd.txt
