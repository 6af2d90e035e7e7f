# The C reference model: a static library for the tools that link it
# (tools/replay, benches) and `make bench-model`, its speed in clocks/s.
MODEL_DIR := $(BUILD)/model
MODEL_CFLAGS := -std=c99 -O2 -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/model
MODEL_LIB := $(MODEL_DIR)/libaxiperf_model.a
MODEL_HDRS := $(TOP)/model/axiperf_model.h $(wildcard $(TOP)/include/axiperf/*.h)

$(MODEL_DIR)/axiperf_model.o: $(TOP)/model/axiperf_model.c $(MODEL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MODEL_CFLAGS) -c $< -o $@

$(MODEL_LIB): $(MODEL_DIR)/axiperf_model.o
	$(AR) rcs $@ $^

$(MODEL_DIR)/bench_model: $(TOP)/tests/model/bench_model.c $(MODEL_LIB)
	$(CC) $(MODEL_CFLAGS) $< $(MODEL_LIB) -o $@

BENCHES += model
.PHONY: bench-model
bench-model: $(MODEL_DIR)/bench_model
	$(MODEL_DIR)/bench_model $${MODEL_BENCH_CLOCKS:-100000000}
