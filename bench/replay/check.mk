# bench replay: the C model replaying a recorded link trace against
# Verilator simulating the RTL on the same trace (clocks per second, ratio).
# Uses the test bench builds of tests/rtl/check.mk.
REPLAY_SETS ?= id4_d32_c32 id4_d1024_c64
REPLAY_CLOCKS ?= 2000000

BENCHES += replay
.PHONY: bench-replay
bench-replay: $(foreach s,$(REPLAY_SETS),$(BUILD)/rtl/$(s)/tb)
	@mkdir -p $(BUILD)/results
	@for s in $(REPLAY_SETS); do \
		$(BUILD)/rtl/$$s/tb bench 0x5eedbe4c $(REPLAY_CLOCKS) || exit 1; \
	done | tee $(BUILD)/results/bench-replay.txt
