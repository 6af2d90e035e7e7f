# Suite guest-fuzz-debug: tests/perf-fuzz/perf_fuzz.c on the Zynq test bed's
# debug kernel (lockdep, DEBUG_ATOMIC_SLEEP, KASAN), with axiperf.ko and
# axiperf_mb.ko built against it: FUZZ_OPS random perf_event_open(),
# ioctl, read, mmap and close operations and generator patterns from seed
# FUZZ_SEED on the three monitors, the three MicroBlaze cores and the
# Cortex-A9's PMU, a second thread opening, reading, ioctl'ing and
# closing at the same time, the modules unloaded and loaded again
# part-way; every refusal with an errno a user can act on, every kind of
# operation done at least once on every PMU, the events left untouched
# count the closed form, and no lockdep or KASAN report, BUG or WARNING.
# The same, shorter, on the other beds' PMUs: guest-fuzz-zynqmp-debug (the
# ZynqMP's debug kernel, two CPUs, CPU 1 taken offline and back in the
# mix; the A53's PMU; the second thread's events installed while the
# first thread's generator runs on the other CPU, the case that lost whole
# patterns before the PMU held its values across perf's reschedules),
# guest-mbv-fuzz (the MicroBlaze V's cpu PMU), guest-ml605-fuzz (the
# ml605's own MicroBlaze, microblaze3).
# By hand, for as long as you like (any seed; 0 operations: until ^C):
#   tools/guest/run-guest.sh --debug-kernel ... -- 'perf_fuzz --seed S --ops 0'
# GUEST_* come from tests/guest/check.mk.
FUZZ_SEED ?= 0x5eed29
FUZZ_OPS ?= 2500
FUZZ_OTHER_OPS ?= 1500

$(GUEST_BUILD)/perf_fuzz: tests/perf-fuzz/perf_fuzz.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -pthread -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c
# the other beds' builds (SMP_*, MBV_*, ML605_* come from their check.mk)
$(BUILD)/smp/perf_fuzz: tests/perf-fuzz/perf_fuzz.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(SMP_CC) $(SMP_CFLAGS) -pthread -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c
$(BUILD)/mbv/perf_fuzz: tests/perf-fuzz/perf_fuzz.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(MBV_CC) $(GUEST_CFLAGS) -pthread -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c
$(BUILD)/ml605/perf_fuzz: tests/perf-fuzz/perf_fuzz.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -pthread -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

# $(call FUZZ_RUN,OPS): both modules loaded, OPS operations from FUZZ_SEED
FUZZ_RUN = insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko && \
	/bin/perf_fuzz --seed $(FUZZ_SEED) --ops $(1)
FUZZ_PAYLOAD = $(call FUZZ_RUN,$(FUZZ_OPS))

SUITES += guest-fuzz-debug
.PHONY: check-guest-fuzz-debug
check-guest-fuzz-debug: $(GUEST_BUILD)/perf_fuzz
	$(GUEST_DEBUG_KO) && \
	tools/guest/run-guest.sh --debug-kernel --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(GUEST_BUILD)/perf_fuzz:/bin/perf_fuzz \
		--log $(GUEST_BUILD)/guest-fuzz-debug.console -- '$(FUZZ_PAYLOAD) --expect-tracked'

# the same on the plain kernel, to try a seed quickly (not in make check)
.PHONY: fuzz-plain
fuzz-plain: $(GUEST_BUILD)/perf_fuzz
	ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(GUEST_BUILD)/perf_fuzz:/bin/perf_fuzz \
		--log $(GUEST_BUILD)/fuzz-plain.console -- '$(FUZZ_PAYLOAD)'

SUITES += guest-fuzz-zynqmp-debug guest-mbv-fuzz guest-ml605-fuzz
.PHONY: check-guest-fuzz-zynqmp-debug check-guest-mbv-fuzz check-guest-ml605-fuzz
check-guest-fuzz-zynqmp-debug: $(BUILD)/smp/perf_fuzz
	kdir=$$(tools/guest/kernel-tree.sh --arch arm64 --debug) && \
	ko=$$(KDIR=$$kdir driver/build.sh arm64-guest $(BUILD)/smp/driver--debug | tail -1) && \
	tools/guest/run-guest.sh --arch arm64 --debug-kernel --timeout $(SMP_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko --add $(BUILD)/smp/perf_fuzz:/bin/perf_fuzz \
		--log $(BUILD)/smp/guest-fuzz-zynqmp-debug.console -- \
		'insmod /lib/modules/axiperf.ko && /bin/perf_fuzz --seed $(FUZZ_SEED) --ops $(FUZZ_OTHER_OPS) --tg-base 0xa0010000 --hotplug --threads 2 --expect-tracked'
check-guest-mbv-fuzz: $(BUILD)/mbv/perf_fuzz
	$(call MBV_RUN,,guest-mbv-fuzz,perf_fuzz,$(call FUZZ_RUN,$(FUZZ_OTHER_OPS)) --expect-tracked)
check-guest-ml605-fuzz: $(BUILD)/ml605/perf_fuzz
	$(call ML605_RUN,,guest-ml605-fuzz,perf_fuzz,$(call FUZZ_RUN,$(FUZZ_OTHER_OPS)) --expect-tracked)
