# CPU hotplug moving the axiperf perf context, on the QEMU ZynqMP test bed
# (xlnx-zcu102, two Cortex-A53s, arm64 guest): tools/guest/run-guest.sh
# --arch arm64 with axiperf.ko built against that guest's kernel.
SMP_BUILD := $(BUILD)/smp
SMP_CC := aarch64-linux-gnu-gcc
SMP_CFLAGS := -static -O2 -Wall -Wextra -Werror \
	-I$(TOP)/include -I$(TOP)/tools/qemu/pl -I$(TOP)/tests/guest
SMP_TIMEOUT ?= 300

$(SMP_BUILD)/smp_test: tests/smp/smp_test.c tests/guest/tg_pattern.c \
		tests/guest/tg_pattern.h tests/guest/tap.c tests/guest/tap.h tools/qemu/pl/axiperf-tg-regs.h \
		$(wildcard include/axiperf/*.h)
	@mkdir -p $(@D)
	$(SMP_CC) $(SMP_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

# the generator driver for the ZynqMP's guest suites (its generator's
# address, tgrun route for the PS monitors)
$(SMP_BUILD)/tgrun: tests/guest/tgrun.c $(GUEST_TG_DEPS)
	@mkdir -p $(@D)
	$(SMP_CC) $(SMP_CFLAGS) -DTGRUN_ZYNQMP -o $@ $< tests/guest/tg_pattern.c

# $(call SMP_RUN,KERNEL_FLAVOUR,RUN_GUEST_OPTIONS,SMP_TEST_ARGS,LOG_NAME)
# KERNEL_FLAVOUR --debug: the lockdep/DEBUG_ATOMIC_SLEEP arm64 kernel, and
# the module built against that tree
SMP_RUN = set -o pipefail; \
	kdir=$$(tools/guest/kernel-tree.sh --arch arm64 $(1)) && \
	ko=$$(KDIR=$$kdir driver/build.sh arm64-guest $(SMP_BUILD)/driver$(1) | tail -1) && \
	tools/guest/run-guest.sh --arch arm64 $(if $(1),--debug-kernel) $(2) \
		--timeout $(SMP_TIMEOUT) --log $(SMP_BUILD)/$(4).console \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $(SMP_BUILD)/smp_test:/bin/smp_test \
		-- 'insmod /lib/modules/axiperf.ko && /bin/smp_test $(3)'

SUITES += guest-smp guest-smp-poll guest-smp-debug
.PHONY: check-guest-smp check-guest-smp-poll check-guest-smp-debug
check-guest-smp: $(SMP_BUILD)/smp_test
	@$(call SMP_RUN,,,,guest-smp)

# the same with no interrupt wired: the driver's hrtimer poll must follow
check-guest-smp-poll: $(SMP_BUILD)/smp_test
	@$(call SMP_RUN,,--no-irq,--poll,guest-smp-poll)

# the same on the debug kernel, then: lockdep still on at the end
# (debug_locks 1), KASAN built in, and no lockdep, KASAN, BUG or WARNING
# report on the console
check-guest-smp-debug: $(SMP_BUILD)/smp_test
	@$(call SMP_RUN,--debug,,&& grep debug_locks: /proc/lockdep_stats && grep -c " kasan_report$$" /proc/kallsyms | sed "s/^/kasan_report: /",guest-smp-debug) \
		> $(SMP_BUILD)/guest-smp-debug.tap; st=$$?; \
	n=$$(grep -c '^\(not \)\?ok ' $(SMP_BUILD)/guest-smp-debug.tap); \
	grep -v '^1\.\.' $(SMP_BUILD)/guest-smp-debug.tap; \
	if ! grep -q 'debug_locks: *1$$' $(SMP_BUILD)/guest-smp-debug.tap; then \
		echo "not ok $$((n + 1)) - debug kernel: lockdep was off at the end (no debug_locks: 1)"; st=1; \
	elif ! grep -q 'kasan_report: 1$$' $(SMP_BUILD)/guest-smp-debug.tap; then \
		echo "not ok $$((n + 1)) - debug kernel: no KASAN (kasan_report is not in /proc/kallsyms)"; st=1; \
	elif grep -E 'BUG:|WARNING:|KASAN|possible circular|possible recursive|inconsistent lock state' \
		$(SMP_BUILD)/guest-smp-debug.console; then \
		echo "not ok $$((n + 1)) - debug kernel: lockdep, KASAN or might_sleep reported the hotplug path (console above)"; st=1; \
	else echo "ok $$((n + 1)) - debug kernel (lockdep, KASAN): no lockdep, KASAN or might_sleep report on the hotplug path"; fi; \
	echo "1..$$((n + 1))"; exit $$st
