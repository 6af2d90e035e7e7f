# Formal proofs of hdl/axiperf.v (yosys + yosys-smtbmc, k-induction).
SUITES += formal
.PHONY: check-formal
check-formal:
	@formal/run.sh $(BUILD)/formal
