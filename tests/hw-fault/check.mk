# Suite guest-fault: a monitor that misbehaves (issue 29), injected by the
# generator's test-only FAULT register (tools/qemu/pl/axiperf-tg-regs.h):
# all-ones reads at probe and while counting, an interrupt line stuck
# high. tests/hw-fault/fault.sh and fault_test.c; GUEST_* come from
# tests/guest/check.mk.
$(GUEST_BUILD)/fault_test: tests/hw-fault/fault_test.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

SUITES += guest-fault
.PHONY: check-guest-fault
check-guest-fault: $(GUEST_BUILD)/fault_test
	ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --timeout $(GUEST_TIMEOUT) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $(GUEST_BUILD)/fault_test:/bin/fault_test \
		--add tests/hw-fault/fault.sh:/bin/fault.sh \
		--log $(GUEST_BUILD)/guest-fault.console -- 'sh /bin/fault.sh'
