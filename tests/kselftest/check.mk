# The axiperf kselftest (tests/kselftest/drivers/perf/axiperf/, the series'
# tools/testing/selftests/drivers/perf/axiperf/) as upstream runs it:
# installed by the kernel's selftests make, run by run_kselftest.sh in the
# guest, its cases counted; then the same bed without the driver, where it
# skips with its reason (tests/kselftest/run.sh).
SUITES += guest-kselftest
.PHONY: check-guest-kselftest
check-guest-kselftest:
	@ko=$$(driver/build.sh arm | tail -1) && tests/kselftest/run.sh arm $$ko

# the same on the MicroBlaze V bed (riscv64, the Zynq bed's monitors)
SUITES += guest-mbv-kselftest
.PHONY: check-guest-mbv-kselftest
check-guest-mbv-kselftest:
	@ko=$$(driver/build.sh riscv | tail -1) && tests/kselftest/run.sh riscv $$ko --arch riscv
