# MicroBlaze counters: the description's generator checks, the pure logic
# shared by driver and tests (driver/microblaze/mb_items.c), the MDM model's
# state machine (tools/qemu/mdm/mdm_core.c), and an ARM compile of the
# arch-neutral logic.
SUITES += microblaze

MB_BUILD := $(BUILD)/microblaze
MB_CFLAGS := -std=gnu11 -O1 -g -Wall -Wextra -Werror \
	-I$(TOP)/include -I$(TOP)/driver/microblaze -I$(TOP)/tools/qemu/mdm
MB_HDRS := include/axiperf/microblaze.h include/axiperf/microblaze_figures.h \
	driver/microblaze/mb_items.h driver/microblaze/mb_seq.h tools/qemu/mdm/mdm_core.h
MB_SEQ_SRCS := tests/microblaze/test_mb_seq.c driver/microblaze/mb_seq.c \
	driver/microblaze/mb_items.c tools/qemu/mdm/mdm_core.c

$(MB_BUILD)/test_mb_items: tests/microblaze/test_mb_items.c driver/microblaze/mb_items.c $(MB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) -o $@ tests/microblaze/test_mb_items.c driver/microblaze/mb_items.c -lcmocka -lm

$(MB_BUILD)/test_mdm_core: tests/microblaze/test_mdm_core.c tools/qemu/mdm/mdm_core.c driver/microblaze/mb_items.c $(MB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) -o $@ tests/microblaze/test_mdm_core.c tools/qemu/mdm/mdm_core.c driver/microblaze/mb_items.c -lcmocka

$(MB_BUILD)/test_mb_seq: $(MB_SEQ_SRCS) $(MB_HDRS)
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) -o $@ $(MB_SEQ_SRCS) -lcmocka

.PHONY: check-microblaze
check-microblaze: $(MB_BUILD)/test_mb_items $(MB_BUILD)/test_mdm_core $(MB_BUILD)/test_mb_seq
	@r=0; \
	$(PYTHON) tools/gen/microblaze_gen.py check || r=1; \
	$(PYTHON) tools/gen/mbv_gen.py check || r=1; \
	$(PYTHON) tools/gen/cpu_gen.py check || r=1; \
	$(PYTHON) tests/microblaze/gen_mutations.py || r=1; \
	$(MB_BUILD)/test_mb_items || r=1; \
	$(MB_BUILD)/test_mdm_core || r=1; \
	$(MB_BUILD)/test_mb_seq || r=1; \
	for f in mb_items mb_seq; do \
		if arm-linux-gnueabihf-gcc $(MB_CFLAGS) -c driver/microblaze/$$f.c -o $(MB_BUILD)/$$f.arm.o; then \
			echo "ok - $$f.c compiles for 32-bit ARM with -Wall -Wextra -Werror"; \
		else echo "not ok - $$f.c compiles for 32-bit ARM with -Wall -Wextra -Werror"; r=1; fi; \
	done; \
	exit $$r

# The ml605 test bed's own MicroBlaze events (tools/qemu/microblaze-cpu/mb_insn.c, what
# QEMU's translator hands to the MDM's local core) against the encodings
# the MicroBlaze GNU as makes of tests/microblaze/insns.txt (the toolchain
# of tools/guest/mb-cross.sh: built the first time, cached after)
SUITES += mb-classify
$(MB_BUILD)/test_mb_classify: tests/microblaze/test_mb_classify.c tools/qemu/microblaze-cpu/mb_insn.c \
		tools/qemu/microblaze-cpu/mb_insn.h include/axiperf/microblaze.h
	@mkdir -p $(@D)
	$(CC) $(MB_CFLAGS) -I$(TOP)/tools/qemu/microblaze-cpu -o $@ tests/microblaze/test_mb_classify.c \
		tools/qemu/microblaze-cpu/mb_insn.c

.PHONY: check-mb-classify
check-mb-classify: $(MB_BUILD)/test_mb_classify
	tests/microblaze/classify.sh $(MB_BUILD)/test_mb_classify

# The kernel module on its own (its Kbuild, out of a copy of the
# directory): a W=1 + sparse build against the host's headers
# (tests/microblaze/kbuild.sh); the arch and kernel matrix is driver-build's.
SUITES += microblaze-build
.PHONY: check-microblaze-build
check-microblaze-build:
	@tests/microblaze/kbuild.sh

# The microblazeN PMUs in the QEMU Zynq guest (GUEST_* from
# tests/guest/check.mk): axiperf_mb.ko from driver/build.sh arm, every count
# against the MDM model's programmed workload for the 32-, 48- and 64-bit
# cores, across Dbg_Intr overflows, refusals with their errno, and the JTAG
# side holding DBG_LOCK (mb_test.c, perf_event_open); then the perf tool by
# event name (mb_counts.sh).
$(GUEST_BUILD)/mb_test: tests/microblaze/guest/mb_test.c $(GUEST_TAP) $(MB_HDRS)
	@mkdir -p $(@D)
	$(GUEST_CC) $(GUEST_CFLAGS) -I$(TOP)/tools/qemu/mdm -o $@ $< tests/guest/tap.c

MB_GUEST_PAYLOAD = dmesg -c >/dev/null; insmod /lib/modules/axiperf_mb.ko || exit 1; \
	/bin/mb_test --no-plan; a=$$?; \
	TAP_BASE=$$(cat /tmp/mb_test.count) LOG_CLEAN=$(1) sh /bin/mb_counts.sh; b=$$?; \
	[ $$a -eq 0 ] && [ $$b -eq 0 ]
MB_GUEST_ADD = --add $(GUEST_BUILD)/mb_test:/bin/mb_test \
	--add tests/microblaze/guest/mb_counts.sh:/bin/mb_counts.sh

SUITES += guest-mb
.PHONY: check-guest-mb
check-guest-mb: $(GUEST_BUILD)/mb_test
	ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --perf --timeout $(GUEST_TIMEOUT) \
		--log $(GUEST_BUILD)/guest-mb.console $(MB_GUEST_ADD) \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		-- '$(call MB_GUEST_PAYLOAD,0)'

# the same on the lockdep/DEBUG_ATOMIC_SLEEP kernel, with the modules built
# against it (GUEST_DEBUG_KO); fails on any lockdep report, BUG
# or WARNING in the kernel log from the module's loading on (the payload
# empties the log first: the boot's own warnings are the test bed's)
SUITES += guest-mb-debug
.PHONY: check-guest-mb-debug
check-guest-mb-debug: $(GUEST_BUILD)/mb_test
	$(GUEST_DEBUG_KO) && \
	tools/guest/run-guest.sh --perf --debug-kernel --timeout $(GUEST_TIMEOUT) \
		--log $(GUEST_BUILD)/guest-mb-debug.console $(MB_GUEST_ADD) \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		-- '$(call MB_GUEST_PAYLOAD,1)'
