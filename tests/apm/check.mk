# The ZynqMP PS's APMs (PG037) as the test bed models them
# (tools/qemu/ps/): suite apm-model, the model's counting on the host
# against hand-written wire sequences (cmocka, test_apm_core.c); suite
# guest-apm-regs, the four APMs of the QEMU ZynqMP bed through /dev/mem
# only, against the traffic generator's closed forms (apm_regs.c).
APM_BUILD := $(BUILD)/apm
APM_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror \
	-I$(TOP)/include -I$(TOP)/model -I$(TOP)/tools/qemu/ps
APM_CORE_DEPS := tools/qemu/ps/apm_core.c tools/qemu/ps/apm_core.h \
	include/axiperf/apm.h model/axiperf_model.h

SUITES += apm-model
$(APM_BUILD)/test_apm_core: tests/apm/test_apm_core.c $(APM_CORE_DEPS)
	@mkdir -p $(@D)
	$(CC) $(APM_CFLAGS) -o $@ tests/apm/test_apm_core.c tools/qemu/ps/apm_core.c -lcmocka

.PHONY: check-apm-model
check-apm-model: $(APM_BUILD)/test_apm_core
	@$(APM_BUILD)/test_apm_core

# SMP_CC, SMP_CFLAGS: tests/smp/check.mk
APM_TIMEOUT ?= 300
$(APM_BUILD)/apm_regs: tests/apm/apm_regs.c tests/guest/tg_pattern.c \
		tests/guest/tg_pattern.h tests/guest/tap.c tests/guest/tap.h \
		tools/qemu/pl/axiperf-tg-regs.h $(wildcard include/axiperf/*.h)
	@mkdir -p $(@D)
	$(SMP_CC) $(SMP_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

SUITES += guest-apm-regs
.PHONY: check-guest-apm-regs
check-guest-apm-regs: $(APM_BUILD)/apm_regs
	@tools/guest/run-guest.sh --arch arm64 --timeout $(APM_TIMEOUT) \
		--log $(APM_BUILD)/guest-apm-regs.console \
		--add $(APM_BUILD)/apm_regs:/bin/apm_regs -- /bin/apm_regs
