# axiperf top-level Makefile.
#
#   make demo      boot the modelled Zynq in QEMU, run perf stat, print figures
#   make check     every test suite; ends with one line "N passed, M failed"
#   make bench     benchmarks (synthesis area, model replay speed)
#   make generate  regenerate the files derived from spec/axiperf.toml
#
# Each part of the tree adds its suites in its own check.mk:
#   SUITES += name      and a target  check-name  that prints TAP lines.

SHELL := /bin/bash
PYTHON ?= python3
TOP := $(CURDIR)
BUILD := $(TOP)/build
CACHE ?= $(HOME)/.cache/axiperf
# the cached build steps that run (scripts/record-step.sh), listed with
# their times by scripts/summarize.sh
AXIPERF_STEPS ?= $(BUILD)/results/cold-steps.txt
# the waits for a cache entry another job was building (scripts/shims/flock)
AXIPERF_WAITS ?= $(BUILD)/results/cold-waits.txt
export TOP BUILD CACHE PYTHON AXIPERF_STEPS AXIPERF_WAITS
# the builders' cache locks, timed (scripts/shims/flock)
export PATH := $(TOP)/scripts/shims:$(PATH)

SUITES :=
BENCHES :=

.PHONY: all check bench generate deps demo

deps:
	@scripts/install-deps.sh

# Every goal named on the command line first installs the Debian packages
# (scripts/install-deps.sh, a no-op when all are present), then runs in a
# sub-make with AXIPERF_DEPS=done: nothing, not even a prerequisite such
# as the ARM test programs, is built before the compilers are there.
# tests/deps checks this order for every documented goal.
ifneq ($(AXIPERF_DEPS),done)
OUTER_GOALS := $(filter-out deps,$(or $(MAKECMDGOALS),all))
.DEFAULT_GOAL := all
.PHONY: $(OUTER_GOALS)
$(OUTER_GOALS):
	@scripts/install-deps.sh
	@$(MAKE) --no-print-directory AXIPERF_DEPS=done $@
else
all: generate

generate:
	$(PYTHON) tools/gen/axiperf_gen.py write
	$(PYTHON) tools/gen/microblaze_gen.py write
	$(PYTHON) tools/gen/mbv_gen.py write
	$(PYTHON) tools/gen/cpu_gen.py write
	$(PYTHON) tools/gen/perfjson_gen.py write
	$(PYTHON) tools/gen/apm_gen.py write

SUITES += gen
.PHONY: check-gen
check-gen:
	$(PYTHON) tools/gen/axiperf_gen.py check
	set -o pipefail; $(PYTHON) tools/gen/perfjson_gen.py check | sed -E 's/^(not )?ok [0-9]+ - /&perf JSON: /'
	set -o pipefail; $(PYTHON) tools/gen/apm_gen.py check | sed -E 's/^(not )?ok [0-9]+ - /&APM: /'

include $(sort $(wildcard */check.mk */*/check.mk))

# The suites that need no slow build product (no QEMU, guest kernel or
# cross toolchain) run first, in this order, so that a first `make check`
# shows results within minutes; the others follow in their files' order,
# the ones on the lockdep kernels (*-debug) last.
HOST_SUITES := gen model replay replay-rtl microblaze mbv apm-model frontend dts deps patches formal \
	rtl-lint rtl-vivado rtl-directed rtl-random
DEBUG_SUITES := $(filter %-debug,$(SUITES))
CHECK_ORDER := $(foreach s,$(HOST_SUITES),$(filter $(s),$(SUITES))) \
	$(filter-out $(HOST_SUITES) $(DEBUG_SUITES),$(SUITES)) $(DEBUG_SUITES)

# Beside the suites, scripts/prebuild.sh builds the slow cached products
# at the lowest priority on the core the suites leave idle (PREBUILD=0:
# not). Its log: build/results/prebuild.log.
PREBUILD ?= 1
check:
	@rm -rf $(BUILD)/results && mkdir -p $(BUILD)/results
	@pb=; \
	if [ "$(PREBUILD)" = 1 ]; then \
		setsid scripts/prebuild.sh >$(BUILD)/results/prebuild.log 2>&1 & pb=$$!; \
		trap 'kill -TERM -- -$$pb 2>/dev/null; exit 130' INT TERM; \
	fi; \
	for s in $(CHECK_ORDER); do \
		scripts/run-suite.sh $$s $(MAKE) --no-print-directory check-$$s; \
	done; \
	if [ -n "$$pb" ]; then kill -TERM -- -$$pb 2>/dev/null; wait $$pb; fi; \
	scripts/summarize.sh $(CHECK_ORDER)

bench:
	@for b in $(BENCHES); do $(MAKE) --no-print-directory bench-$$b || exit 1; done
endif
