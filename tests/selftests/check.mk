# perf selftests in the QEMU Zynq guest, with axiperf.ko loaded
# (GUEST_* come from tests/guest/check.mk).
$(GUEST_BUILD)/perf_test: tests/selftests/axiperf/perf_test.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c

GUEST_PERF_RUN = ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $(GUEST_BUILD)/perf_test:/bin/perf_test

# sysfs, every event of every pattern, group coherency, refusals
SUITES += guest-perf guest-perf-poll guest-perf-irq
.PHONY: check-guest-perf
check-guest-perf: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --log $(GUEST_BUILD)/guest-perf.console \
		-- 'insmod /lib/modules/axiperf.ko && /bin/perf_test'

# the same wraps with no interrupt wired: the hrtimer poll extends them
.PHONY: check-guest-perf-poll
check-guest-perf-poll: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --no-irq --log $(GUEST_BUILD)/guest-perf-poll.console \
		-- 'insmod /lib/modules/axiperf.ko && /bin/perf_test --poll'

# wraps extended by the overflow interrupt
.PHONY: check-guest-perf-irq
check-guest-perf-irq: $(GUEST_BUILD)/perf_test
	$(GUEST_PERF_RUN) --log $(GUEST_BUILD)/guest-perf-irq.console \
		-- 'insmod /lib/modules/axiperf.ko && /bin/perf_test --irq-wraps'
