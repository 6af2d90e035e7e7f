# RTL tests: the Verilated monitor (hdl/axiperf.v) against the C reference
# model (model/axiperf_model.c) on every clock, and against hand-computed
# directed scripts.
#
#   make check-rtl-random     10^6 random clocks on each parameter set
#   make check-rtl-directed   hand-computed scripts on each parameter set
#
# One Verilator build per parameter set, in $(BUILD)/rtl/<set>/tb, reused
# by both suites and by bench/replay. To reproduce or dig into a failure:
#   build/rtl/<set>/tb random <seed printed in the TAP line> <clocks>
#   build/rtl/<set>/tb directed <test name>
# tests/rtl/DISAGREEMENTS.md lists what the RTL and the model disagreed on.

RTL_DIR := tests/rtl
RTL_TB_SRCS := $(RTL_DIR)/tb_main.cpp $(RTL_DIR)/harness.cpp $(RTL_DIR)/rtl.cpp \
	$(RTL_DIR)/traffic.cpp $(RTL_DIR)/random_test.cpp $(RTL_DIR)/script.cpp \
	$(RTL_DIR)/directed.cpp bench/replay/replay_bench.cpp
RTL_TB_HDRS := $(wildcard $(RTL_DIR)/*.h) include/axiperf/regs.h \
	include/axiperf/categories.h model/axiperf_model.h
RTL_HDL := hdl/axiperf.v hdl/generated/axiperf_regs.vh
RTL_CLOCKS ?= 3000000

# Parameter sets: ADDR_WIDTH DATA_WIDTH ID_WIDTH COUNTER_WIDTH HAS_IRQ
# HAS_SNAPSHOT ID_SLOTS HAS_LATENCY, then the random seed (fixed, printed).
# The smallest build leaves the in-flight sums out (HAS_LATENCY 0).
RTL_SETS := id0_d32_c32 id4_d32_c32 id4_d128_c64 id16_d512_c32 \
	id16_d128_c64_s4 id4_d1024_c64 id1_d256_c32_s1
RTL_SET_id0_d32_c32      := 32 32   0  32 0 0 4  0 0x5eed0001
RTL_SET_id4_d32_c32      := 32 32   4  32 1 1 4  1 0x5eed0002
RTL_SET_id4_d128_c64     := 40 128  4  64 1 1 8  1 0x5eed0003
RTL_SET_id16_d512_c32    := 32 512  16 32 1 1 16 1 0x5eed0004
RTL_SET_id16_d128_c64_s4 := 48 128  16 64 1 1 4  1 0x5eed0005
RTL_SET_id4_d1024_c64    := 64 1024 4  64 1 1 4  1 0x5eed0006
RTL_SET_id1_d256_c32_s1  := 32 256  1  32 1 0 1  1 0x5eed0007

rtl_p = $(word $(2),$(RTL_SET_$(1)))
RTL_TBS := $(foreach s,$(RTL_SETS),$(BUILD)/rtl/$(s)/tb)
RTL_CXX := nice -n 10 g++ -std=c++17 -O2 -Wall -Wextra -Werror
VLT_INC := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)/include
VLT_RT := $(BUILD)/rtl/vlt/verilated.o $(BUILD)/rtl/vlt/verilated_threads.o

$(BUILD)/rtl/vlt/%.o: $(VLT_INC)/%.cpp
	@mkdir -p $(@D)
	@echo "  CXX     $@"
	@$(RTL_CXX) -Wno-unused-parameter -I$(VLT_INC) -I$(VLT_INC)/vltstd -c $< -o $@

# One set: the Verilated RTL (a library, rebuilt only when the RTL or the
# set changes), the bench objects (rebuilt when bench sources change), one
# link with the model's library (redone when the model changes).
define RTL_SET_RULES
$(BUILD)/rtl/$(1)/vlt/Vaxiperf__ALL.a: $(RTL_HDL) $(RTL_DIR)/backdoor.vlt $(RTL_DIR)/check.mk
	@mkdir -p $$(@D)
	@test -n "$$(RTL_SET_$(1))" || { echo "unknown RTL parameter set '$(1)' (see RTL_SETS in $(RTL_DIR)/check.mk)"; exit 1; }
	@command -v verilator >/dev/null || { echo "verilator not found: 'make deps' (scripts/install-deps.sh) installs it"; exit 1; }
	@echo "  VERILATE $(1)"
	@nice -n 10 verilator --cc --build -j 1 -O3 --x-assign fast --x-initial unique \
		-Wno-fatal --top-module axiperf -Mdir $$(@D) \
		-MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O1 OPT_GLOBAL=-O2" \
		-GADDR_WIDTH=$(call rtl_p,$(1),1) -GDATA_WIDTH=$(call rtl_p,$(1),2) \
		-GID_WIDTH=$(call rtl_p,$(1),3) -GCOUNTER_WIDTH=$(call rtl_p,$(1),4) \
		-GHAS_IRQ=$(call rtl_p,$(1),5) -GHAS_SNAPSHOT=$(call rtl_p,$(1),6) \
		-GID_SLOTS=$(call rtl_p,$(1),7) -GHAS_LATENCY=$(call rtl_p,$(1),8) \
		-I$(TOP)/hdl $(TOP)/hdl/axiperf.v $(TOP)/$(RTL_DIR)/backdoor.vlt \
		>$$(@D)/../verilate.log 2>&1 || { tail -30 $$(@D)/../verilate.log; exit 1; }

$(BUILD)/rtl/$(1)/obj/%.o: $(RTL_DIR)/%.cpp $(RTL_TB_HDRS) $(BUILD)/rtl/$(1)/vlt/Vaxiperf__ALL.a
	@mkdir -p $$(@D)
	@echo "  CXX     $$@"
	@$(RTL_CXX) -Iinclude -Imodel -I$(RTL_DIR) -isystem $(BUILD)/rtl/$(1)/vlt -isystem $(VLT_INC) -isystem $(VLT_INC)/vltstd \
		-DHAVE_RTL -DAXP_SET=\"$(1)\" \
		-DAXP_ADDR_WIDTH=$(call rtl_p,$(1),1) -DAXP_DATA_WIDTH=$(call rtl_p,$(1),2) \
		-DAXP_ID_WIDTH=$(call rtl_p,$(1),3) -DAXP_COUNTER_WIDTH=$(call rtl_p,$(1),4) \
		-DAXP_HAS_IRQ=$(call rtl_p,$(1),5) -DAXP_HAS_SNAPSHOT=$(call rtl_p,$(1),6) \
		-DAXP_ID_SLOTS=$(call rtl_p,$(1),7) -DAXP_HAS_LATENCY=$(call rtl_p,$(1),8) \
		'-DAXP_BACKDOOR(root,idx,v)=((root)->axiperf__DOT__g_cnt__BRA__0__KET____DOT__value=(v))' \
		-c $$< -o $$@

$(BUILD)/rtl/$(1)/obj/replay_bench.o: bench/replay/replay_bench.cpp $(RTL_TB_HDRS) $(BUILD)/rtl/$(1)/vlt/Vaxiperf__ALL.a
	@mkdir -p $$(@D)
	@echo "  CXX     $$@"
	@$(RTL_CXX) -Iinclude -Imodel -I$(RTL_DIR) -DHAVE_RTL -c $$< -o $$@

$(BUILD)/rtl/$(1)/tb: $(patsubst %.cpp,$(BUILD)/rtl/$(1)/obj/%.o,$(notdir $(RTL_TB_SRCS))) \
		$(BUILD)/rtl/$(1)/vlt/Vaxiperf__ALL.a $(MODEL_LIB) $(VLT_RT)
	@echo "  LINK    $$@"
	@nice -n 10 g++ -o $$@ $$^ -pthread -latomic
endef
$(foreach s,$(RTL_SETS),$(eval $(call RTL_SET_RULES,$(s))))

.PHONY: rtl-builds
rtl-builds: $(RTL_TBS)

SUITES += rtl-random
.PHONY: check-rtl-random
check-rtl-random:
	@$(MAKE) --no-print-directory -j2 rtl-builds
	@set -o pipefail; { $(foreach s,$(RTL_SETS),$(BUILD)/rtl/$(s)/tb random $(call rtl_p,$(s),9) $(RTL_CLOCKS) || echo "not ok - $(s): test bench exited with status $$?";) } | \
		$(RTL_DIR)/tap-number.sh | tee $(BUILD)/rtl/random.tap; \
	! grep -q '^not ok' $(BUILD)/rtl/random.tap

SUITES += rtl-directed
.PHONY: check-rtl-directed
check-rtl-directed:
	@$(MAKE) --no-print-directory -j2 rtl-builds
	@set -o pipefail; { $(foreach s,$(RTL_SETS),$(BUILD)/rtl/$(s)/tb directed || echo "not ok - $(s): test bench exited with status $$?";) } | \
		$(RTL_DIR)/tap-number.sh | tee $(BUILD)/rtl/directed.tap; \
	! grep -q '^not ok' $(BUILD)/rtl/directed.tap
