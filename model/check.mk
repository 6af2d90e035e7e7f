# The C reference model: a static library for the tools that link it
# (tools/replay, tests/rtl, benches) and `make bench-model`, its speed in
# clocks/s. axiperf_model.c is the reference; the other three are its fast
# paths, each proven equal to it by tests/model.
MODEL_DIR := $(BUILD)/model
MODEL_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/model
MODEL_LIB := $(MODEL_DIR)/libaxiperf_model.a
MODEL_SRCS := $(TOP)/model/axiperf_model.c $(TOP)/model/axiperf_model_quick.c \
	$(TOP)/model/axiperf_model_hold.c $(TOP)/model/axiperf_model_batch.c
MODEL_HDRS := $(TOP)/model/axiperf_model.h $(TOP)/model/axiperf_model_impl.h \
	$(wildcard $(TOP)/include/axiperf/*.h)
MODEL_OBJS := $(patsubst $(TOP)/model/%.c,$(MODEL_DIR)/%.o,$(MODEL_SRCS))

$(MODEL_DIR)/%.o: $(TOP)/model/%.c $(MODEL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MODEL_CFLAGS) -c $< -o $@

$(MODEL_LIB): $(MODEL_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(MODEL_DIR)/bench_model: $(TOP)/tests/model/bench_model.c $(MODEL_LIB)
	$(CC) $(MODEL_CFLAGS) $< $(MODEL_LIB) -o $@

BENCHES += model
.PHONY: bench-model
bench-model: $(MODEL_DIR)/bench_model
	$(MODEL_DIR)/bench_model $${MODEL_BENCH_CLOCKS:-100000000}
