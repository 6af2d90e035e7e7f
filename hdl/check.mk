# RTL of the monitor (hdl/axiperf.v).
#   make check-rtl-lint   verilator -Wall and iverilog over a parameter matrix
#   make bench-synth      yosys synth_xilinx area and logic depth table

SUITES += rtl-lint
.PHONY: check-rtl-lint
check-rtl-lint:
	@hdl/scripts/lint.sh $(BUILD)/hdl/lint

BENCHES += synth
.PHONY: bench-synth
bench-synth:
	@hdl/bench/synth.sh $(BUILD)/hdl/synth

# The Vivado IP Integrator wrapper (hdl/vivado/axiperf_axi.v): interface
# attributes checked, lint, synthesis and a simulation at two configurations.
SUITES += rtl-vivado
.PHONY: check-rtl-vivado
check-rtl-vivado:
	@hdl/scripts/vivado.sh $(BUILD)/hdl/vivado

BENCHES += pnr
.PHONY: bench-pnr
bench-pnr:
	@hdl/bench/pnr.sh $(BUILD)/hdl/pnr
