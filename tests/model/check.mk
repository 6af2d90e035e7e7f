# Suite `model`: unit tests of the C reference model (cmocka, TAP), and of
# its fast paths against it, built twice: plain and with AddressSanitizer +
# UBSan (and without SSE2's macro, so that the fast paths read the wires
# without their SSE2 path). The plain one runs the hand-computed tests again
# on the per-clock fast path (axiperf_model_clock without a write), with
# every run of equal wires held at once (axiperf_model_hold), and with every
# run replayed (axiperf_model_replay).
SUITES += model

MODEL_TEST_DIR := $(BUILD)/model
MODEL_TEST_CFLAGS := -std=c99 -O1 -g -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/model
MODEL_TEST_SRCS := $(MODEL_SRCS) $(TOP)/tests/model/test_model.c
MODEL_TEST_DEPS := $(MODEL_TEST_SRCS) $(MODEL_HDRS)

$(MODEL_TEST_DIR)/test_model: $(MODEL_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(MODEL_TEST_CFLAGS) $(MODEL_TEST_SRCS) -o $@ -lcmocka

$(MODEL_TEST_DIR)/test_model_san: $(MODEL_TEST_DEPS)
	@mkdir -p $(@D)
	$(CC) $(MODEL_TEST_CFLAGS) -fsanitize=address,undefined -fno-sanitize-recover=all -U__SSE2__ \
		$(MODEL_TEST_SRCS) -o $@ -lcmocka

.PHONY: check-model
check-model: $(MODEL_TEST_DIR)/test_model $(MODEL_TEST_DIR)/test_model_san
	$(MODEL_TEST_DIR)/test_model
	set -o pipefail; $(MODEL_TEST_DIR)/test_model --quick | sed -E 's/^(not )?ok [0-9]+ - /&per-clock fast path: /'
	set -o pipefail; $(MODEL_TEST_DIR)/test_model --hold | sed -E 's/^(not )?ok [0-9]+ - /&runs held: /'
	set -o pipefail; $(MODEL_TEST_DIR)/test_model --replay | sed -E 's/^(not )?ok [0-9]+ - /&runs replayed: /'
	set -o pipefail; $(MODEL_TEST_DIR)/test_model_san | sed -E 's/^(not )?ok [0-9]+ - /&sanitized: /'
