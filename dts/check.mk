# Device-tree bindings and examples (dts/): dtc + our dt-schema validator.
SUITES += dts
.PHONY: check-dts
check-dts:
	@dts/check.sh
