# tools/replay: axiperf-replay, the C model driven by a simulation trace.
# Suite `replay`: hand-written traces with hand-computed counts, bad input.
REPLAY_TOOL_DIR := $(BUILD)/replay
REPLAY_TOOL := $(REPLAY_TOOL_DIR)/axiperf-replay
REPLAY_TOOL_SRCS := $(TOP)/tools/replay/replay.c $(TOP)/tools/replay/vcd.c
REPLAY_TOOL_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/model \
	-I$(TOP)/tools/replay

$(REPLAY_TOOL): $(REPLAY_TOOL_SRCS) $(wildcard $(TOP)/tools/replay/*.h) $(MODEL_LIB) $(MODEL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(REPLAY_TOOL_CFLAGS) $(REPLAY_TOOL_SRCS) $(MODEL_LIB) -o $@

.PHONY: replay-tool
replay-tool: $(REPLAY_TOOL)

SUITES += replay
.PHONY: check-replay
check-replay: $(REPLAY_TOOL)
	sh $(TOP)/tools/replay/tests/run.sh $(REPLAY_TOOL) $(REPLAY_TOOL_DIR)/test
