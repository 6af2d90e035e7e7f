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
export TOP BUILD CACHE PYTHON

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

SUITES += gen
.PHONY: check-gen
check-gen:
	$(PYTHON) tools/gen/axiperf_gen.py check

include $(sort $(wildcard */check.mk */*/check.mk))

check:
	@rm -rf $(BUILD)/results
	@for s in $(SUITES); do \
		scripts/run-suite.sh $$s $(MAKE) --no-print-directory check-$$s; \
	done
	@scripts/summarize.sh $(SUITES)

bench:
	@for b in $(BENCHES); do $(MAKE) --no-print-directory bench-$$b || exit 1; done
endif
