# The packages come first: every entry point installs them before it
# compiles anything, and scripts/install-deps.sh survives a package index
# that fails to download (tests/deps/run.sh).
SUITES += deps
.PHONY: check-deps
check-deps:
	@tests/deps/run.sh $(BUILD)/deps
