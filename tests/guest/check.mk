# Guest tests on the QEMU Zynq test bed (tools/qemu, tools/guest).
# These variables are shared with tests/selftests/check.mk and
# tools/guest/check.mk (included after this file).
GUEST_BUILD := $(BUILD)/guest
GUEST_CC := arm-linux-gnueabihf-gcc
GUEST_CFLAGS := -static -O2 -Wall -Wextra -Werror \
	-I$(TOP)/include -I$(TOP)/tools/qemu/pl -I$(TOP)/tests/guest
GUEST_TIMEOUT ?= 300
# The guest command of perf_test's suites, the same on every test bed
# (Zynq, ml605, MicroBlaze V): $(call PERF_TEST_RUN,MODULES,ARGS) loads
# axiperf.ko and MODULES (axiperf_mb where the bed has an MDM), then runs
# /bin/perf_test ARGS
PERF_TEST_RUN = insmod /lib/modules/axiperf.ko$(foreach m,$(1), && insmod /lib/modules/$(m).ko) && /bin/perf_test $(2)
# Shell (in a recipe): ko= the ARM modules built against the
# lockdep/DEBUG_ATOMIC_SLEEP guest kernel, axiperf.ko (axiperf_mb.ko beside
# it in driver/microblaze/), one build shared by the debug suites
GUEST_DEBUG_KO = kdir=$$(tools/guest/kernel-tree.sh --debug) && \
	ko=$$(KDIR=$$kdir driver/build.sh arm $(BUILD)/driver/arm-debug | tail -1)
# TAP output and file helpers every guest test program links
GUEST_TAP := tests/guest/tap.c tests/guest/tap.h
GUEST_TG_DEPS := $(GUEST_TAP) tests/guest/tg_pattern.c tests/guest/tg_pattern.h \
	tools/qemu/pl/axiperf-tg-regs.h $(wildcard include/axiperf/*.h)

$(GUEST_BUILD)/regs_test: tests/guest/regs_test.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

$(GUEST_BUILD)/tgrun: tests/guest/tgrun.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c

# Every monitor register after each generator pattern, through /dev/mem.
SUITES += guest-regs
.PHONY: check-guest-regs
check-guest-regs: $(GUEST_BUILD)/regs_test
	tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
		--log $(GUEST_BUILD)/guest-regs.console \
		--add $(GUEST_BUILD)/regs_test:/bin/regs_test -- /bin/regs_test

# Malformed MDM nodes (tests/guest/overlays/*.dtso, each applied after
# dts/overlays/axiperf-monitor.dtso and axiperf-mdm.dtso): a cpu phandle
# on an ARM kernel, a cpu property that is no phandle. Each boot:
# axiperf_mb.ko refuses the MDM with a message naming the node and what to
# do, registers nothing; the monitor still probes (tests/guest/dt_refusals.sh).
SUITES += guest-dt-refusals
.PHONY: check-guest-dt-refusals
check-guest-dt-refusals:
	@ko=$$(driver/build.sh arm | tail -1) && n=0 && \
	for c in $(basename $(notdir $(sort $(wildcard tests/guest/overlays/*.dtso)))); do \
		tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
			--log $(GUEST_BUILD)/guest-dt-refusals-$$c.console \
			--overlay dts/overlays/axiperf-monitor.dtso --overlay dts/overlays/axiperf-mdm.dtso \
			--overlay tests/guest/overlays/$$c.dtso \
			--add $$ko:/lib/modules/axiperf.ko \
			--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
			--add tests/guest/dt_refusals.sh:/bin/dt_refusals.sh -- "sh /bin/dt_refusals.sh $$c $$n" \
			>$(GUEST_BUILD)/guest-dt-refusals-$$c.out || { cat $(GUEST_BUILD)/guest-dt-refusals-$$c.out; exit 1; }; \
		cat $(GUEST_BUILD)/guest-dt-refusals-$$c.out; \
		n=$$(sed -n 's/^1\.\.//p' $(GUEST_BUILD)/guest-dt-refusals-$$c.out | tail -1); \
	done

# perf's own tools on our PMUs (tests/guest/perf_tools.sh), with the perf
# of patches/KVER/axiperf-perf linked with libtraceevent: perf record and
# perf script decode the driver's tracepoint, its totals exact against the
# categories' partition of every clock; perf test's event-parsing, sysfs
# PMU, JSON event and metric tests with both modules loaded
SUITES += guest-perf-tools
.PHONY: check-guest-perf-tools
check-guest-perf-tools: $(GUEST_BUILD)/tgrun
	@tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tests/guest/perf_tools.sh --perf \
		--timeout $(GUEST_TIMEOUT) --log $(GUEST_BUILD)/guest-perf-tools.console
