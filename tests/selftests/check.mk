# perf selftests in the QEMU Zynq guest, with axiperf.ko loaded
# (GUEST_* come from tests/guest/check.mk).
$(GUEST_BUILD)/perf_test: tests/selftests/axiperf/perf_test.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

GUEST_PERF_RUN = ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $(GUEST_BUILD)/perf_test:/bin/perf_test

# both monitors: sysfs, every event of every pattern (free-running and
# framed: idle counts exact), both at once, a group started mid-traffic,
# refusals, a bus that never goes idle
SUITES += guest-perf guest-perf-poll guest-perf-irq
.PHONY: check-guest-perf
check-guest-perf: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --log $(GUEST_BUILD)/guest-perf.console \
		-- '$(call PERF_TEST_RUN,,--patterns)'

# the same wraps with no interrupt wired: the hrtimer poll extends them
.PHONY: check-guest-perf-poll
check-guest-perf-poll: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --no-irq --log $(GUEST_BUILD)/guest-perf-poll.console \
		-- '$(call PERF_TEST_RUN,,--poll)'

# wraps extended by the overflow interrupt
.PHONY: check-guest-perf-irq
check-guest-perf-irq: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --log $(GUEST_BUILD)/guest-perf-irq.console \
		-- '$(call PERF_TEST_RUN,,--irq-wraps)'

# rmmod with events open (refused: perf pins the module), unload, reload
SUITES += guest-perf-unload
.PHONY: check-guest-perf-unload
check-guest-perf-unload: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --log $(GUEST_BUILD)/guest-perf-unload.console \
		-- '$(call PERF_TEST_RUN,,--unload)'

# everything above on the lockdep/DEBUG_ATOMIC_SLEEP kernel, with a module
# built against it; fails on any lockdep report, BUG or WARNING
SUITES += guest-perf-debug
.PHONY: check-guest-perf-debug
check-guest-perf-debug: $(GUEST_BUILD)/perf_test
	$(GUEST_DEBUG_KO) && \
	tools/guest/run-guest.sh --debug-kernel --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $(GUEST_BUILD)/perf_test:/bin/perf_test \
		--log $(GUEST_BUILD)/guest-perf-debug.console \
		-- '$(call PERF_TEST_RUN,,--patterns --irq-wraps --unload --log-clean)'
