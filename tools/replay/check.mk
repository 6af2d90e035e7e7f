# tools/replay: axiperf-replay, the C model driven by a simulation dump.
# Suite `replay`: hand-written traces with hand-computed counts, every link
# of a dump in one pass, VCD against FST, bad input.
REPLAY_TOOL_DIR := $(BUILD)/replay
REPLAY_TOOL := $(REPLAY_TOOL_DIR)/axiperf-replay
REPLAY_TOOL_SRCS := $(TOP)/tools/replay/replay.c $(TOP)/tools/replay/find.c \
	$(TOP)/tools/replay/vcd.c $(TOP)/tools/replay/dump_fst.c $(TOP)/tools/replay/txn.c \
	$(TOP)/tools/replay/txn_out.c
# FST through GTKWave's reader as Verilator ships it (compiled from there, not copied)
FSTAPI_DIR := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)/include/gtkwave
FSTAPI_OBJS := $(REPLAY_TOOL_DIR)/fstapi/fstapi.o $(REPLAY_TOOL_DIR)/fstapi/lz4.o \
	$(REPLAY_TOOL_DIR)/fstapi/fastlz.o
REPLAY_TOOL_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/model \
	-I$(TOP)/tools/replay -isystem $(FSTAPI_DIR)

$(REPLAY_TOOL_DIR)/fstapi/%.o: $(FSTAPI_DIR)/%.c
	@mkdir -p $(@D)
	@test -f $< || { echo "$<: not found: fstapi comes with verilator ('make deps' installs it)"; exit 1; }
	$(CC) -O2 -w -DFST_CONFIG_INCLUDE=\"fst_config.h\" -I$(FSTAPI_DIR) -c $< -o $@

$(REPLAY_TOOL): $(REPLAY_TOOL_SRCS) $(wildcard $(TOP)/tools/replay/*.h) $(MODEL_LIB) $(MODEL_HDRS) \
		$(FSTAPI_OBJS)
	@mkdir -p $(@D)
	$(CC) $(REPLAY_TOOL_CFLAGS) $(REPLAY_TOOL_SRCS) $(FSTAPI_OBJS) $(MODEL_LIB) -lz -lpthread -o $@

# the same sources under AddressSanitizer and UBSan, for the suite's memory checks
REPLAY_TOOL_ASAN := $(REPLAY_TOOL_DIR)/axiperf-replay-asan
$(REPLAY_TOOL_ASAN): $(REPLAY_TOOL_SRCS) $(wildcard $(TOP)/tools/replay/*.h) $(MODEL_LIB) \
		$(MODEL_HDRS) $(FSTAPI_OBJS)
	@mkdir -p $(@D)
	$(CC) $(subst -O2,-O1 -g,$(REPLAY_TOOL_CFLAGS)) -fsanitize=address,undefined \
		-fno-sanitize-recover=all $(REPLAY_TOOL_SRCS) $(MODEL_SRCS) $(FSTAPI_OBJS) -lz -lpthread -o $@

.PHONY: replay-tool
replay-tool: $(REPLAY_TOOL)

SUITES += replay
.PHONY: check-replay
check-replay: $(REPLAY_TOOL) $(REPLAY_TOOL_ASAN)
	sh $(TOP)/tools/replay/tests/run.sh $(REPLAY_TOOL) $(REPLAY_TOOL_DIR)/test $(REPLAY_TOOL_ASAN)
	sh $(TOP)/tools/replay/tests/standalone.sh $(REPLAY_TOOL_DIR)/standalone $(REPLAY_TOOL_DIR)/test/basic.fst | \
		sed -E 's/^(not )?ok [0-9]+ - /&standalone: /'; exit $${PIPESTATUS[0]}
