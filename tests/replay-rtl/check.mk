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

# the event names of figures.h (C only), for the C++ harness
$(REPLAY_RTL_OUT)/names.o: $(TOP)/$(REPLAY_RTL_DIR)/names.c $(wildcard $(TOP)/include/axiperf/*.h)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@nice -n 10 $(CC) -std=c99 -O2 -Wall -Wextra -Werror -I$(TOP)/include -c $< -o $@

# twolink-vcd and twolink-fst: the same sources, one tracer each. The .vlt
# comes first: it turns the monitors' tracing off (the dump is the
# traffic's) and makes the links readable by the harness's protocol check.
# -O1 throughout: each build takes ~17 s of CPU, -O3 twice that.
define REPLAY_RTL_BUILD
$(REPLAY_RTL_OUT)/twolink-$(1): $(REPLAY_RTL_DEPS) $(REPLAY_RTL_OUT)/names.o
	@mkdir -p $(REPLAY_RTL_OUT)/obj-$(1)
	@command -v verilator >/dev/null || { echo "verilator not found: 'make deps' (scripts/install-deps.sh) installs it"; exit 1; }
	@echo "  VERILATE twolink ($(1))"
	@nice -n 10 verilator --cc --exe --build -j 1 -O1 $(2) --timescale 1ns/1ns \
		-Wno-fatal --top-module twolink -Mdir $(REPLAY_RTL_OUT)/obj-$(1) \
		-CFLAGS "-std=c++17 $(3) -I$(TOP)/include -I$(TOP)/model -I$(TOP)/tests/rtl" \
		-MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O1 OPT_GLOBAL=-O1" $(4) \
		-I$(TOP)/hdl $(REPLAY_RTL_SRCS) $(TOP)/$(REPLAY_RTL_DIR)/main.cpp \
		$(REPLAY_RTL_OUT)/names.o -o $$@ \
		>$(REPLAY_RTL_OUT)/verilate-$(1).log 2>&1 || { tail -30 $(REPLAY_RTL_OUT)/verilate-$(1).log; exit 1; }
endef
$(eval $(call REPLAY_RTL_BUILD,vcd,--trace,,))
$(eval $(call REPLAY_RTL_BUILD,fst,--trace-fst,-DTWOLINK_FST,-LDFLAGS -lz))

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
