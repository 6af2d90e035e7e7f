# The axiperf kselftest (tests/kselftest/drivers/perf/axiperf/, the series'
# tools/testing/selftests/drivers/perf/axiperf/) as upstream runs it:
# installed by the kernel's selftests make, run by run_kselftest.sh in the
# guest in one boot, first without the driver (a skip with its reason),
# then with it while the generators keep the links busy; its cases counted
# (tests/kselftest/run.sh).
SUITES += guest-kselftest
.PHONY: check-guest-kselftest
check-guest-kselftest: $(GUEST_BUILD)/tgrun
	@ko=$$(driver/build.sh arm | tail -1) && tests/kselftest/run.sh arm $$ko --traffic $(GUEST_BUILD)/tgrun

# the same on the MicroBlaze V bed (riscv64, the Zynq bed's monitors)
SUITES += guest-mbv-kselftest
.PHONY: check-guest-mbv-kselftest
# (tests/mbv/check.mk, read after this file, has the rule for $(BUILD)/mbv/tgrun)
check-guest-mbv-kselftest: $(BUILD)/mbv/tgrun
	@ko=$$(driver/build.sh riscv | tail -1) && \
	tests/kselftest/run.sh riscv $$ko --traffic $(BUILD)/mbv/tgrun --arch riscv
