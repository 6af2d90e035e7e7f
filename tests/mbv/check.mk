# MicroBlaze V: the QEMU test bed's HPM event classification
# (tools/qemu/microblaze-v-cpu/mbv_hpm.c) against GNU as's encodings of
# tests/mbv/insns.txt, and what mhpmevent values count.
SUITES += mbv
MBV_BUILD := $(BUILD)/mbv

$(MBV_BUILD)/test_mbv_classify: tests/mbv/test_mbv_classify.c tools/qemu/microblaze-v-cpu/mbv_hpm.c \
		tools/qemu/microblaze-v-cpu/mbv_hpm.h include/axiperf/microblaze_v.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/tools/qemu/microblaze-v-cpu \
		-o $@ tests/mbv/test_mbv_classify.c tools/qemu/microblaze-v-cpu/mbv_hpm.c

.PHONY: check-mbv
check-mbv: $(MBV_BUILD)/test_mbv_classify
	tests/mbv/classify.sh $(MBV_BUILD)/test_mbv_classify

# ---------------------------------------------------------------------------
# The MicroBlaze V test bed (QEMU virt as an RV64 MicroBlaze V:
# tools/qemu/microblaze-v-cpu/, tools/guest/run-guest.sh --arch riscv): the Zynq guest
# suites' own programs and expectations, built for RV64 with Debian's
# riscv64-linux-gnu-gcc and glibc, and the HPM events through perf.
# GUEST_* come from tests/guest/check.mk.
MBV_TIMEOUT ?= 600
MBV_CC := riscv64-linux-gnu-gcc
$(MBV_BUILD)/perf_test: tests/selftests/axiperf/perf_test.c $(GUEST_TG_DEPS)
$(MBV_BUILD)/regs_test: tests/guest/regs_test.c $(GUEST_TG_DEPS)
$(MBV_BUILD)/tgrun: tests/guest/tgrun.c $(GUEST_TG_DEPS)
$(MBV_BUILD)/perf_test $(MBV_BUILD)/regs_test $(MBV_BUILD)/tgrun:
	@mkdir -p $(@D)
	$(MBV_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c
$(MBV_BUILD)/hpm_test: tests/mbv/hpm_test.c $(GUEST_TAP) include/axiperf/microblaze_v.h include/axiperf/cpu_figures.h
	@mkdir -p $(@D)
	$(MBV_CC) $(GUEST_CFLAGS) -o $@ $< tests/guest/tap.c

# Shell (in a recipe): ko= axiperf.ko (axiperf_mb.ko beside it) built
# against the MicroBlaze V guest's kernel
MBV_KO = ko=$$(driver/build.sh riscv | tail -1)

# $(call MBV_RUN,RUN_GUEST_OPTIONS,LOG_NAME,PROGRAM,PAYLOAD): boots the
# MicroBlaze V test bed with the modules
MBV_RUN = $(MBV_KO) && \
	tools/guest/run-guest.sh --arch riscv $(1) --timeout $(MBV_TIMEOUT) \
		--log $(MBV_BUILD)/$(2).console \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(MBV_BUILD)/$(3):/bin/$(3) -- '$(4)'

MBV_SUITES := guest-mbv-regs guest-mbv-perf guest-mbv-perf-poll guest-mbv-perf-irq \
	guest-mbv-perf-unload guest-mbv-hpm
SUITES += $(MBV_SUITES)
.PHONY: $(MBV_SUITES:%=check-%)

# every monitor register after each generator pattern, through /dev/mem
check-guest-mbv-regs: $(MBV_BUILD)/regs_test
	$(call MBV_RUN,,guest-mbv-regs,regs_test,/bin/regs_test)

# every event of every pattern through perf_event_open on the three
# monitors, groups, refusals with their errno, a bus that never goes idle
check-guest-mbv-perf: $(MBV_BUILD)/perf_test
	$(call MBV_RUN,,guest-mbv-perf,perf_test,$(call PERF_TEST_RUN,axiperf_mb,--patterns))

# counter wraps with no interrupt wired: the hrtimer poll extends them
check-guest-mbv-perf-poll: $(MBV_BUILD)/perf_test
	$(call MBV_RUN,--no-irq,guest-mbv-perf-poll,perf_test,$(call PERF_TEST_RUN,,--poll))

# counter wraps extended by the overflow interrupt (a PLIC source)
check-guest-mbv-perf-irq: $(MBV_BUILD)/perf_test
	$(call MBV_RUN,,guest-mbv-perf-irq,perf_test,$(call PERF_TEST_RUN,,--irq-wraps))

# rmmod with events open (refused: perf pins the module), unload, reload;
# the type of an unloaded PMU is refused with ENOENT once
# riscv_pmu_sbi stops claiming it (EINVAL; 6.1 needs
# patches/6.1/riscv-pmu-fixes/0002, later kernels have the fix)
check-guest-mbv-perf-unload: $(MBV_BUILD)/perf_test
	$(call MBV_RUN,,guest-mbv-perf-unload,perf_test,$(call PERF_TEST_RUN,,--unload))

# every MicroBlaze V HPM event exact on a loop whose instructions are
# known, the generic events, the refusals (tests/mbv/hpm_test.c); QEMU
# -icount shift=0 so that cycles and instructions are exact too
check-guest-mbv-hpm: $(MBV_BUILD)/hpm_test
	$(call MBV_RUN,--icount 0,guest-mbv-hpm,hpm_test,/bin/hpm_test --icount)

# the same loop's instructions and cycles exact without -icount, as a user
# who boots the bed by hand runs it: the CPU counts the instructions its
# translator sees retire (tools/qemu/microblaze-v-cpu/), not the host's clock
SUITES += guest-mbv-retired
.PHONY: check-guest-mbv-retired
check-guest-mbv-retired: $(MBV_BUILD)/hpm_test
	$(call MBV_RUN,,guest-mbv-retired,hpm_test,/bin/hpm_test --retired)

# two harts counting at once (run-guest.sh --harts 2: QEMU -smp 2, one
# thread per hart): every HPM event exact on both, each hart with its own
# selection, both running the same translated code (hpm_test.c --harts)
SUITES += guest-mbv-harts
.PHONY: check-guest-mbv-harts
check-guest-mbv-harts: $(MBV_BUILD)/hpm_test
	$(call MBV_RUN,--harts 2,guest-mbv-harts,hpm_test,/bin/hpm_test --harts)

# the perf tool (RV64, with patches/KVER/microblaze-v-perf/): perf list names
# the MicroBlaze V events, and perf stat -e NAME counts each exactly what
# mix() executes at least (tests/mbv/perf_names.sh)
MBV_NAMED := loads stores divides_by_zero fp_fused \
	taken_conditional_branches compressed_instructions
SUITES += guest-mbv-perf-names
.PHONY: check-guest-mbv-perf-names
check-guest-mbv-perf-names: $(MBV_BUILD)/hpm_test
	$(call MBV_RUN,--perf --add tests/mbv/perf_names.sh:/bin/perf_names.sh,guest-mbv-perf-names,hpm_test,sh /bin/perf_names.sh 4000 $(MBV_NAMED))

# The RV32 MicroBlaze V (tools/guest/run-guest.sh --arch riscv32): no RV32
# C library is packaged, so its user space is one nolibc program,
# tests/mbv/rv32_init.c, as /init: HPM counts on RV32 exact across
# thousands of 2^32 wraps (QEMU's x-axiperf-hpm-shift=24; the 64-bit reads
# of patches/KVER/riscv-pmu-fixes/), axiperf.ko loaded and counting on RV32
MBV32_CFLAGS := -march=rv32imafdc -mabi=ilp32d -static -nostdlib -ffreestanding \
	-fno-stack-protector -O2 -Wall -Wextra -Werror -I$(TOP)/include -I$(TOP)/tools/qemu/pl \
	-include $(TOP)/tests/mbv/nolibc-rv32.h
$(MBV_BUILD)/rv32_init: tests/mbv/rv32_init.c tests/mbv/nolibc-rv32.h include/axiperf/microblaze_v.h \
		tools/qemu/pl/axiperf-tg-regs.h
	@mkdir -p $(@D)
	nolibc=$$(driver/scripts/ktree.sh src)/tools/include/nolibc && \
	$(MBV_CC) $(MBV32_CFLAGS) -include $$nolibc/nolibc.h -o $@ $<

SUITES += guest-mbv32
.PHONY: check-guest-mbv32
check-guest-mbv32: $(MBV_BUILD)/rv32_init
	ko=$$(driver/build.sh riscv32 | tail -1) && \
	tools/guest/run-guest.sh --arch riscv32 --timeout $(MBV_TIMEOUT) \
		--log $(MBV_BUILD)/guest-mbv32.console \
		--add $(MBV_BUILD)/rv32_init:/init --add $$ko:/lib/modules/axiperf.ko -- -

# the perf and HPM tests again on the lockdep/DEBUG_ATOMIC_SLEEP RV64
# kernel, with the modules built against it; fail on any lockdep report,
# BUG or WARNING (perf_test --log-clean)
MBV_DEBUG_KO = kdir=$$(tools/guest/kernel-tree.sh --arch riscv --debug) && \
	ko=$$(KDIR=$$kdir driver/build.sh riscv $(BUILD)/driver/riscv-debug | tail -1)
MBV_DEBUG_RUN = $(MBV_DEBUG_KO) && \
	tools/guest/run-guest.sh --arch riscv --debug-kernel $(1) --timeout $(MBV_TIMEOUT) \
		--log $(MBV_BUILD)/$(2).console \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(MBV_BUILD)/perf_test:/bin/perf_test --add $(MBV_BUILD)/hpm_test:/bin/hpm_test -- '$(3)'
SUITES += guest-mbv-perf-debug guest-mbv-hpm-debug
.PHONY: check-guest-mbv-perf-debug check-guest-mbv-hpm-debug
check-guest-mbv-perf-debug: $(MBV_BUILD)/perf_test $(MBV_BUILD)/hpm_test
	$(call MBV_DEBUG_RUN,,guest-mbv-perf-debug,$(call PERF_TEST_RUN,axiperf_mb,--patterns --irq-wraps --unload --log-clean))
check-guest-mbv-hpm-debug: $(MBV_BUILD)/perf_test $(MBV_BUILD)/hpm_test
	$(call MBV_DEBUG_RUN,--icount 0,guest-mbv-hpm-debug,insmod /lib/modules/axiperf.ko || exit 1; /bin/hpm_test --icount --debug-kernel; a=$$?; /bin/perf_test --log-clean; b=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ])

# The front end on the MicroBlaze V: axiperf stat's counts and figures on
# the three monitors and the MDM's cores, each against its closed form
# (the Zynq and ml605 suites' tests/userspace/guest/frontend.sh)
SUITES += guest-mbv-frontend
.PHONY: check-guest-mbv-frontend
check-guest-mbv-frontend: $(MBV_BUILD)/tgrun
	@GUEST_ARCH=riscv tests/userspace/guest/run.sh $(MBV_BUILD)/tgrun \
		tests/userspace/guest/frontend.sh --timeout $(MBV_TIMEOUT) \
		--log $(MBV_BUILD)/guest-mbv-frontend.console

# The front end's MicroBlaze V figures (tests/mbv/stat_cpu.sh) under
# -icount 0: each event the figures read exact per iteration of
# hpm_test's loop, each figure its formula, cpi 1, beside the bus
SUITES += guest-mbv-stat
.PHONY: check-guest-mbv-stat
check-guest-mbv-stat: $(MBV_BUILD)/tgrun $(MBV_BUILD)/hpm_test
	@GUEST_ARCH=riscv tests/userspace/guest/run.sh $(MBV_BUILD)/tgrun \
		tests/mbv/stat_cpu.sh --icount 0 --add $(MBV_BUILD)/hpm_test:/bin/hpm_test \
		--timeout $(MBV_TIMEOUT) --log $(MBV_BUILD)/guest-mbv-stat.console

# A board tree whose riscv,pmu node lacks the raw-event row
# (tests/mbv/no_raw_row.sh): raw events open but never count, and
# axiperf stat says to add the row
SUITES += guest-mbv-no-raw-row
.PHONY: check-guest-mbv-no-raw-row
check-guest-mbv-no-raw-row: $(MBV_BUILD)/tgrun $(MBV_BUILD)/hpm_test
	@GUEST_ARCH=riscv tests/userspace/guest/run.sh $(MBV_BUILD)/tgrun \
		tests/mbv/no_raw_row.sh --no-raw-row --add $(MBV_BUILD)/hpm_test:/bin/hpm_test \
		--timeout $(MBV_TIMEOUT) --log $(MBV_BUILD)/guest-mbv-no-raw-row.console
