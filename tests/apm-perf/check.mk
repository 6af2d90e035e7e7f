# axiperf_apm.ko, the AXI Performance Monitor (PG037) PMUs, on the QEMU
# ZynqMP test bed's four PS monitors (tools/qemu/ps/), through
# perf_event_open as perf stat uses it: every slot of every monitor counts
# the generator's patterns exactly (closed forms), counter allocation and
# sharing, ENOSPC, every refusal, the latency points and ID filter held by
# the monitor, two 32-bit turns with no read between (interrupt; timer in
# -poll), the DDR and CCI monitors on one line, the PMU's CPU going
# offline, unload with an event open, monitors another driver holds (a
# test module standing in for the vendor's UIO); -debug on the lockdep/KASAN
# kernel, with its log checked. SMP_* come from tests/smp/check.mk (read
# when the recipes run: this file is included first).
$(BUILD)/smp/apm_perf: tests/apm-perf/apm_perf.c tests/guest/tg_pattern.c \
		tests/guest/tg_pattern.h tests/guest/tap.c tests/guest/tap.h \
		tools/qemu/pl/axiperf-tg-regs.h $(wildcard include/axiperf/*.h)
	@mkdir -p $(@D)
	$(SMP_CC) $(SMP_CFLAGS) -o $@ $< tests/guest/tg_pattern.c tests/guest/tap.c

# $(call APM_RUN,KERNEL_FLAVOUR,RUN_GUEST_OPTIONS,APM_PERF_ARGS,LOG_NAME)
# (apm_perf loads the modules itself: the squatter, a stand-in for the
# vendor's UIO driver, first)
APM_RUN = set -o pipefail; \
	kdir=$$(tools/guest/kernel-tree.sh --arch arm64 $(1)) && \
	ko=$$(KDIR=$$kdir driver/build.sh arm64-guest $(SMP_BUILD)/driver$(1) | tail -1) && \
	sq=$(SMP_BUILD)/squatter$(1) && rm -rf $$sq && mkdir -p $$sq && \
	cp tests/apm-perf/squatter/Kbuild tests/apm-perf/squatter/apm_squatter.c \
		tests/apm-perf/squatter/apm_standin.c tests/apm-perf/squatter/apm_pmtest.c $$sq/ && \
	mkdir -p $$sq/include/axiperf && cp tools/qemu/pl/axiperf-tg-regs.h $$sq/include/ && \
	cp include/axiperf/apm.h $$sq/include/axiperf/ && \
	make -s -C $$kdir M=$$sq ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- W=1 modules >&2 && \
	tools/guest/run-guest.sh --arch arm64 $(if $(1),--debug-kernel) $(2) \
		--timeout $(SMP_TIMEOUT) --log $(SMP_BUILD)/$(4).console \
		--add $$(dirname $$ko)/driver/apm/axiperf_apm.ko:/lib/modules/axiperf_apm.ko \
		--add $$sq/apm_squatter.ko:/lib/modules/apm_squatter.ko \
		--add $$sq/apm_standin.ko:/lib/modules/apm_standin.ko \
		--add $$sq/apm_pmtest.ko:/lib/modules/apm_pmtest.ko \
		--add $(SMP_BUILD)/apm_perf:/bin/apm_perf \
		-- '/bin/apm_perf $(3)'

SUITES += guest-apm guest-apm-poll guest-apm-debug
.PHONY: check-guest-apm check-guest-apm-poll check-guest-apm-debug
check-guest-apm: $(BUILD)/smp/apm_perf
	@$(call APM_RUN,,,,guest-apm)
check-guest-apm-poll: $(BUILD)/smp/apm_perf
	@$(call APM_RUN,,--no-irq,--poll,guest-apm-poll)
check-guest-apm-debug: $(BUILD)/smp/apm_perf
	@$(call APM_RUN,--debug,,--debug,guest-apm-debug)

# the tree of dtb.sh --bad-apm: the malformed monitors refused with a
# message naming node and property, the others registered and counting
SUITES += guest-apm-dt
.PHONY: check-guest-apm-dt
check-guest-apm-dt: $(BUILD)/smp/apm_perf
	@$(call APM_RUN,,--bad-apm,--bad-dt,guest-apm-dt)
