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

# the ZynqMP bed (arm64: its PL monitor; the PS's APMs are another driver's)
SUITES += guest-zynqmp-kselftest
.PHONY: check-guest-zynqmp-kselftest
# (tests/smp/check.mk, read after this file, has the rule for $(BUILD)/smp/tgrun)
check-guest-zynqmp-kselftest: $(BUILD)/smp/tgrun
	@kdir=$$(tools/guest/kernel-tree.sh --arch arm64) && \
	ko=$$(KDIR=$$kdir driver/build.sh arm64-guest $(BUILD)/smp/driver | tail -1) && \
	KSFT_TRAFFIC="run 6" tests/kselftest/run.sh arm64 $$ko --traffic $(BUILD)/smp/tgrun --arch arm64

# the ml605 bed (MicroBlaze: the Zynq bed's three monitors)
SUITES += guest-ml605-kselftest
.PHONY: check-guest-ml605-kselftest
# (tests/ml605/check.mk, read after this file, has the rule for $(BUILD)/ml605/tgrun)
check-guest-ml605-kselftest: $(BUILD)/ml605/tgrun
	@ko=$$(driver/build.sh microblaze | tail -1) && \
	tests/kselftest/run.sh microblaze $$ko --traffic $(BUILD)/ml605/tgrun --arch microblaze
