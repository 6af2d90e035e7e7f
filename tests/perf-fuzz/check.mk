# Suite guest-fuzz-debug: tests/perf-fuzz/perf_fuzz.c on the Zynq test bed's
# debug kernel (lockdep, DEBUG_ATOMIC_SLEEP, KASAN), with axiperf.ko and
# axiperf_mb.ko built against it: FUZZ_OPS random perf_event_open(),
# ioctl, read, mmap and close operations and generator patterns from seed
# FUZZ_SEED, the modules unloaded and loaded again part-way; every refusal
# with an errno a user can act on, the events left untouched count the
# closed form, and no lockdep or KASAN report, BUG or WARNING.
# By hand, for as long as you like (any seed; 0 operations: until ^C):
#   tools/guest/run-guest.sh --debug-kernel ... -- 'perf_fuzz --seed S --ops 0'
# GUEST_* come from tests/guest/check.mk.
FUZZ_SEED ?= 0x5eed29
FUZZ_OPS ?= 4000

$(GUEST_BUILD)/perf_fuzz: tests/perf-fuzz/perf_fuzz.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

FUZZ_PAYLOAD = insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko && \
	/bin/perf_fuzz --seed $(FUZZ_SEED) --ops $(FUZZ_OPS)

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
