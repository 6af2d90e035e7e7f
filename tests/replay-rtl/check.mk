# Suite `replay-rtl`: axiperf-replay on a dump no generator of ours wrote.
# tests/replay-rtl/twolink.v, two AXI4 links of random traffic each watched
# by its own RTL monitor (hdl/axiperf.v), is Verilated twice: dumped by
# Verilator's VCD tracer (--trace) and by its FST tracer (--trace-fst).
# Both run the same seed and window; run.sh replays each link of each dump
# and compares every event with the monitor's own registers.
#
#   make check-replay-rtl
#   build/replay-rtl/twolink-vcd OUT_BASE CLOCKS SEED   (one run by hand)

REPLAY_RTL_DIR := tests/replay-rtl
REPLAY_RTL_OUT := $(BUILD)/replay-rtl
REPLAY_RTL_CLOCKS ?= 20000
REPLAY_RTL_SEED ?= 0x5eed0027
REPLAY_RTL_SRCS := $(TOP)/$(REPLAY_RTL_DIR)/twolink.vlt $(TOP)/$(REPLAY_RTL_DIR)/twolink.v \
	$(TOP)/hdl/axiperf.v
REPLAY_RTL_DEPS := $(REPLAY_RTL_SRCS) $(TOP)/hdl/generated/axiperf_regs.vh \
	$(TOP)/$(REPLAY_RTL_DIR)/main.cpp $(TOP)/tests/rtl/axi4_check.h \
	$(TOP)/model/axiperf_model.h $(wildcard $(TOP)/include/axiperf/*.h) \
	$(TOP)/$(REPLAY_RTL_DIR)/check.mk

# twolink-vcd and twolink-fst: the same sources, one tracer each, built
# once per inputs in the cache by build.sh (names.c: the event names of
# figures.h, C only, for the C++ harness)
define REPLAY_RTL_BUILD
$(REPLAY_RTL_OUT)/twolink-$(1): $(REPLAY_RTL_DEPS) $(TOP)/$(REPLAY_RTL_DIR)/names.c \
		$(TOP)/$(REPLAY_RTL_DIR)/build.sh
	@$(TOP)/$(REPLAY_RTL_DIR)/build.sh $(1) $$@
endef
$(eval $(call REPLAY_RTL_BUILD,vcd))
$(eval $(call REPLAY_RTL_BUILD,fst))
# twolink-onelink: the VCD build tracing only what the replay watches of
# link 0 (onelink.vlt), for bench/vcd's all-watched dump
$(eval $(call REPLAY_RTL_BUILD,onelink))
$(REPLAY_RTL_OUT)/twolink-onelink: $(TOP)/$(REPLAY_RTL_DIR)/onelink.vlt

.PHONY: replay-rtl-builds
replay-rtl-builds: $(REPLAY_RTL_OUT)/twolink-vcd $(REPLAY_RTL_OUT)/twolink-fst

SUITES += replay-rtl
.PHONY: check-replay-rtl
# (replay-tool, not $(REPLAY_TOOL): tools/replay/check.mk is read after this file)
check-replay-rtl: $(REPLAY_RTL_OUT)/twolink-vcd $(REPLAY_RTL_OUT)/twolink-fst replay-tool
	@rm -rf $(REPLAY_RTL_OUT)/vcd $(REPLAY_RTL_OUT)/fst
	@mkdir -p $(REPLAY_RTL_OUT)/vcd $(REPLAY_RTL_OUT)/fst
	@$(REPLAY_RTL_OUT)/twolink-vcd $(REPLAY_RTL_OUT)/vcd/twolink $(REPLAY_RTL_CLOCKS) $(REPLAY_RTL_SEED) \
		|| echo "twolink-vcd exited with status $$?"
	@$(REPLAY_RTL_OUT)/twolink-fst $(REPLAY_RTL_OUT)/fst/twolink $(REPLAY_RTL_CLOCKS) $(REPLAY_RTL_SEED) \
		|| echo "twolink-fst exited with status $$?"
	@sh $(TOP)/$(REPLAY_RTL_DIR)/run.sh $(REPLAY_TOOL) $(REPLAY_RTL_OUT)
