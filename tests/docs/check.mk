# Suite `docs`: the guides cannot drift. tests/docs/capture.sh runs every
# command a guide shows (in the Zynq, ZynqMP, MicroBlaze and MicroBlaze V test beds, and
# axiperf-replay on the host) and docs.py compares what each printed with
# Documentation/output/NAME.txt, the file the guide includes; then checks
# that every file path, make goal and option of our tools a guide names
# exists. `make docs-output` rewrites Documentation/output/ after a change
# that alters what a command prints.
DOCS_BUILD := $(BUILD)/docs
# (tests/guest/, tests/smp/, tests/mbv/ and tests/ml605/ name these dirs, in files read after this one)
DOCS_DEPS := $(BUILD)/guest/tgrun $(BUILD)/smp/tgrun $(BUILD)/mbv/tgrun $(BUILD)/mbv/hpm_test $(BUILD)/ml605/tgrun replay-tool \
	$(BUILD)/replay-rtl/twolink-vcd

SUITES += docs
.PHONY: check-docs docs-output docs-host-tools
docs-host-tools:
	@$(MAKE) --no-print-directory -C $(TOP)/userspace TOP=$(TOP) BUILD=$(BUILD) ARCH=x86_64 all >/dev/null
check-docs: $(DOCS_DEPS) docs-host-tools
	@st=0; tests/docs/capture.sh $(DOCS_BUILD) || { echo "not ok - the guides' commands ran (tests/docs/capture.sh)"; st=1; }; \
	$(PYTHON) tests/docs/docs.py check $(DOCS_BUILD) || st=1; exit $$st
docs-output: $(DOCS_DEPS)
	tests/docs/capture.sh $(DOCS_BUILD)
	$(PYTHON) tests/docs/docs.py write $(DOCS_BUILD)
