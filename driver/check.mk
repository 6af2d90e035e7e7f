# The perf PMU driver (driver/, top-level Kbuild): builds, style, KUnit.
# Kernel trees are prepared and cached by driver/scripts/ktree.sh.

SUITES += driver-build
.PHONY: check-driver-build
check-driver-build:
	@driver/scripts/check.sh driver-build

SUITES += driver-style
.PHONY: check-driver-style
check-driver-style:
	@driver/scripts/check.sh driver-style

SUITES += kunit
.PHONY: check-kunit
check-kunit:
	@driver/scripts/kunit.sh
