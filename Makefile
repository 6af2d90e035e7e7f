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
all: generate

deps:
	@scripts/install-deps.sh

generate:
	$(PYTHON) tools/gen/axiperf_gen.py write
	$(PYTHON) tools/gen/microblaze_gen.py write

SUITES += gen
.PHONY: check-gen
check-gen:
	$(PYTHON) tools/gen/axiperf_gen.py check

include $(sort $(wildcard */check.mk */*/check.mk))

check: deps
	@rm -rf $(BUILD)/results
	@for s in $(SUITES); do \
		scripts/run-suite.sh $$s $(MAKE) --no-print-directory check-$$s; \
	done
	@scripts/summarize.sh $(SUITES)

bench: deps
	@for b in $(BENCHES); do $(MAKE) --no-print-directory bench-$$b || exit 1; done
