# Suite guest-unpriv: who may count. On the Zynq test bed (axiperf.ko,
# axiperf_mb.ko, perf, the static ARM axiperf): tests/unpriv/unpriv_test.c
# opens axiperf0 and microblaze0 events CPU-wide as uid 1000 at each
# perf_event_paranoid level, with and without CAP_PERFMON, against perf's
# rules; counts root's traffic exactly where allowed; every file of our
# PMUs and modules is read-only for uid 1000. tests/unpriv/unpriv.sh: what
# perf and axiperf say to a user who may not count. GUEST_* come from
# tests/guest/check.mk.
$(GUEST_BUILD)/runas: tests/unpriv/runas.c tests/unpriv/become_user.h
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<

$(GUEST_BUILD)/unpriv_test: tests/unpriv/unpriv_test.c tests/unpriv/become_user.h $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

SUITES += guest-unpriv
.PHONY: check-guest-unpriv
check-guest-unpriv: $(GUEST_BUILD)/tgrun $(GUEST_BUILD)/runas $(GUEST_BUILD)/unpriv_test
	@tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tests/unpriv/unpriv.sh --perf \
		--add $(GUEST_BUILD)/runas:/bin/runas --add $(GUEST_BUILD)/unpriv_test:/bin/unpriv_test \
		--timeout $(GUEST_TIMEOUT) --log $(GUEST_BUILD)/guest-unpriv.console
