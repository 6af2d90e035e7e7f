# The MicroBlaze test bed (QEMU petalogix-ml605: tools/qemu/beds/ml605.py,
# tools/guest/run-guest.sh --arch microblaze): the Zynq guest suites' own
# programs, scripts and expectations, built for MicroBlaze with the
# toolchain of tools/guest/mb-toolchain.sh and run on a kernel with
# its MicroBlaze series applied (lib.sh mb_linux_src). GUEST_* come from tests/guest/check.mk,
# MB_* from tests/microblaze/check.mk.
ML605_BUILD := $(BUILD)/ml605
ML605_TIMEOUT ?= 600
# Shell (in a recipe): the MicroBlaze compiler, built the first time
ML605_CC = cc=$$(tools/guest/mb-cross.sh)gcc
# the Zynq programs, built from the same sources for MicroBlaze
$(ML605_BUILD)/perf_test: tests/selftests/axiperf/perf_test.c $(GUEST_TG_DEPS)
$(ML605_BUILD)/regs_test: tests/guest/regs_test.c $(GUEST_TG_DEPS)
$(ML605_BUILD)/tgrun: tests/guest/tgrun.c $(GUEST_TG_DEPS)
$(ML605_BUILD)/perf_test $(ML605_BUILD)/regs_test $(ML605_BUILD)/tgrun:
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c
$(ML605_BUILD)/atomics_test: tests/ml605/atomics_test.c $(GUEST_TAP)
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -o $@ $< tests/guest/tap.c
$(ML605_BUILD)/record_test: tests/ml605/record_test.c $(GUEST_TAP) $(MB_HDRS)
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -I$(TOP)/tools/qemu/mdm -o $@ $< tests/guest/tap.c
$(ML605_BUILD)/cpu_events_test: tests/ml605/cpu_events_test.c $(GUEST_TAP)
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -o $@ $< tests/guest/tap.c
$(ML605_BUILD)/mb_test: tests/microblaze/guest/mb_test.c $(GUEST_TAP) $(MB_HDRS)
	@mkdir -p $(@D)
	$(ML605_CC) && $$cc $(GUEST_CFLAGS) -I$(TOP)/tools/qemu/mdm -o $@ $< tests/guest/tap.c

# Shell (in a recipe): ko= axiperf.ko (axiperf_mb.ko beside it) built
# against the ml605 guest's kernel, or its lockdep/DEBUG_ATOMIC_SLEEP one
ML605_KO = ko=$$(driver/build.sh microblaze | tail -1)
ML605_DEBUG_KO = kdir=$$(tools/guest/kernel-tree.sh --arch microblaze --debug) && \
	ko=$$(KDIR=$$kdir driver/build.sh microblaze $(BUILD)/driver/microblaze-debug | tail -1)

# $(call ML605_RUN,RUN_GUEST_OPTIONS,LOG_NAME,PROGRAM,PAYLOAD[,KO]): boots
# the ml605 test bed with the modules KO builds (default ML605_KO)
ML605_RUN = $(or $(5),$(ML605_KO)) && \
	tools/guest/run-guest.sh --arch microblaze $(1) --timeout $(ML605_TIMEOUT) \
		--log $(ML605_BUILD)/$(2).console \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(ML605_BUILD)/$(3):/bin/$(3) -- '$(4)'

ML605_SUITES := guest-ml605-toolchain guest-ml605-regs guest-ml605-perf guest-ml605-perf-poll \
	guest-ml605-perf-irq guest-ml605-perf-unload guest-ml605-stat \
	guest-ml605-frontend guest-ml605-mb guest-ml605-record guest-ml605-perf-debug \
	guest-ml605-mb-debug guest-ml605-record-debug guest-ml605-cpu-events
SUITES += $(ML605_SUITES)
.PHONY: $(ML605_SUITES:%=check-%)

# the cross compiler's atomics (libperf's refcounts) on the MicroBlaze
check-guest-ml605-toolchain: $(ML605_BUILD)/atomics_test
	$(call ML605_RUN,,guest-ml605-toolchain,atomics_test,/bin/atomics_test)

# every monitor register after each generator pattern, through /dev/mem
check-guest-ml605-regs: $(ML605_BUILD)/regs_test
	$(call ML605_RUN,,guest-ml605-regs,regs_test,/bin/regs_test)

# every event of every pattern through perf_event_open on the three
# monitors, groups, refusals with their errno, a bus that never goes idle;
# axiperf_mb.ko gives the CPU PMU (microblaze3) whose cycles may not lead
# a group of axiperf0's
check-guest-ml605-perf: $(ML605_BUILD)/perf_test
	$(call ML605_RUN,,guest-ml605-perf,perf_test,$(call PERF_TEST_RUN,axiperf_mb,--patterns))

# counter wraps with no interrupt wired: the hrtimer poll extends them
check-guest-ml605-perf-poll: $(ML605_BUILD)/perf_test
	$(call ML605_RUN,--no-irq,guest-ml605-perf-poll,perf_test,$(call PERF_TEST_RUN,,--poll))

# counter wraps extended by the overflow interrupt (the xps-intc's input)
check-guest-ml605-perf-irq: $(ML605_BUILD)/perf_test
	$(call ML605_RUN,,guest-ml605-perf-irq,perf_test,$(call PERF_TEST_RUN,,--irq-wraps))

# rmmod with events open (refused: perf pins the module), unload, reload
check-guest-ml605-perf-unload: $(ML605_BUILD)/perf_test
	$(call ML605_RUN,,guest-ml605-perf-unload,perf_test,$(call PERF_TEST_RUN,,--unload))

# the perf tool itself (cross-built for MicroBlaze): perf stat -a -e
# axiperf0/.../ per pattern, every count and axiperf report's figures
# against their closed form, then axiperf stat (make demo's checks)
check-guest-ml605-stat: $(ML605_BUILD)/tgrun
	@GUEST_ARCH=microblaze tests/userspace/guest/run.sh $(ML605_BUILD)/tgrun \
		tools/guest/demo-guest.sh --perf --timeout $(ML605_TIMEOUT) \
		--log $(ML605_BUILD)/guest-ml605-stat.console | \
		awk '{ print } / ok$$/ { n++; print "ok " n " - " $$0 } \
			/MISMATCH|OUT OF BOUNDS/ { n++; print "not ok " n " - " $$0 }'; \
		exit $${PIPESTATUS[0]}

# axiperf stat's figures on the three monitors and the MicroBlaze cores
check-guest-ml605-frontend: $(ML605_BUILD)/tgrun
	@GUEST_ARCH=microblaze tests/userspace/guest/run.sh $(ML605_BUILD)/tgrun \
		tests/userspace/guest/frontend.sh --timeout $(ML605_TIMEOUT) \
		--log $(ML605_BUILD)/guest-ml605-frontend.console

# the microblazeN PMUs through the MDM: every event and latency item at
# 32/48/64 bits, Dbg_Intr overflows, refusals, the JTAG lock; perf by name
check-guest-ml605-mb: $(ML605_BUILD)/mb_test
	$(call ML605_RUN,--perf --add tests/microblaze/guest/mb_counts.sh:/bin/mb_counts.sh,guest-ml605-mb,mb_test,$(call MB_GUEST_PAYLOAD,0))

# the perf and microblazeN tests again on the lockdep/DEBUG_ATOMIC_SLEEP
# MicroBlaze kernel, with the modules built against it; fail on any
# lockdep report, BUG or WARNING (perf_test --log-clean, LOG_CLEAN=1)
check-guest-ml605-perf-debug: $(ML605_BUILD)/perf_test
	$(call ML605_RUN,--debug-kernel,guest-ml605-perf-debug,perf_test,$(call PERF_TEST_RUN,axiperf_mb,--patterns --irq-wraps --unload --log-clean),$(ML605_DEBUG_KO))

check-guest-ml605-mb-debug: $(ML605_BUILD)/mb_test
	$(call ML605_RUN,--debug-kernel --perf --add tests/microblaze/guest/mb_counts.sh:/bin/mb_counts.sh,guest-ml605-mb-debug,mb_test,$(call MB_GUEST_PAYLOAD,1),$(ML605_DEBUG_KO))

# The ml605's own MicroBlaze as its CPU PMU (microblaze3, MDM port 3, QEMU
# -icount 4: cycles follow the virtual clock, instructions the executed
# ones): exact per-task counts, the generic events, perf_event_open
# sampling (one sample per period, in the hot function), overflow and
# re-arm exact across interrupts, frequency mode, refusals with their
# errno, the JTAG lock while sampling (record_test.c); then the perf tool:
# perf record / report / stat with and without -e (record.sh); then its
# instruction, branch and trap events, which QEMU's translator hands to the
# MDM (tools/qemu/microblaze-cpu/), each exact on a loop whose events are known
# instruction by instruction (cpu_events_test.c). The counter width
# matters to the re-arm: record_test again at 48 and 64 bits.
ML605_RECORD = dmesg -c >/dev/null; insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko || exit 1; \
	/bin/record_test microblaze3 microblaze0 4
check-guest-ml605-record: $(ML605_BUILD)/record_test $(ML605_BUILD)/cpu_events_test
	@$(MAKE) --no-print-directory -C userspace TOP=$(TOP) BUILD=$(BUILD) ARCH=microblaze all >&2
	$(call ML605_RUN,--icount 4 --perf --add tests/ml605/record.sh:/bin/record.sh --add $(BUILD)/userspace/microblaze/axiperf:/bin/axiperf --add $(ML605_BUILD)/cpu_events_test:/bin/cpu_events_test,guest-ml605-record,record_test,$(ML605_RECORD); a=$$?; sh /bin/record.sh microblaze3 200000; b=$$?; /bin/cpu_events_test microblaze3 --icount; c=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ] && [ $$c -eq 0 ])
	@for w in 48 64; do \
		$(call ML605_RUN,--icount 4 --local-width $$w,guest-ml605-record-w$$w,record_test,$(ML605_RECORD)) || exit 1; \
	done

# record_test on the lockdep/DEBUG_ATOMIC_SLEEP kernel, then its log: no
# lockdep report, BUG or WARNING. Interrupts stay masked longer there, so
# the sampling periods are 10 times longer (record_test.c SCALE).
check-guest-ml605-record-debug: $(ML605_BUILD)/record_test $(ML605_BUILD)/perf_test
	$(call ML605_RUN,--debug-kernel --icount 4 --add $(ML605_BUILD)/perf_test:/bin/perf_test,guest-ml605-record-debug,record_test,$(ML605_RECORD) 10; a=$$?; /bin/perf_test --log-clean; b=$$?; [ $$a -eq 0 ] && [ $$b -eq 0 ],$(ML605_DEBUG_KO))

# The same instruction, branch and trap events without -icount, as a user
# who boots the bed by hand has it: the translator then counts the CPU's
# instructions too (tools/qemu/microblaze-cpu/mb-qemu.h), exact per iteration
check-guest-ml605-cpu-events: $(ML605_BUILD)/cpu_events_test
	$(call ML605_RUN,,guest-ml605-cpu-events,cpu_events_test,dmesg -c >/dev/null; insmod /lib/modules/axiperf.ko && insmod /lib/modules/axiperf_mb.ko || exit 1; /bin/cpu_events_test microblaze3)
