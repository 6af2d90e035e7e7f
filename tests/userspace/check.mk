# Front end (userspace/): cmocka unit tests, plain and ASan+UBSan, the
# command-line tests and a bounded libFuzzer run. See tests/userspace/Makefile.
SUITES += frontend
.PHONY: check-frontend
check-frontend:
	@nice -n 10 $(MAKE) --no-print-directory -C $(TOP)/tests/userspace TOP=$(TOP) BUILD=$(BUILD) run

# The front end in the test bed's guest (tests/userspace/guest/): axiperf
# stat over generator patterns on both monitors at once, every count and
# figure against its closed form; the tracepoint timeline; MicroBlaze
# figures when the MDM driver is there. GUEST_* come from tests/guest/check.mk.
SUITES += guest-frontend
.PHONY: check-guest-frontend
check-guest-frontend: $(GUEST_BUILD)/tgrun
	@tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tests/userspace/guest/frontend.sh \
		--timeout $(GUEST_TIMEOUT) --log $(GUEST_BUILD)/guest-frontend.console

# perf's own names and metrics for the monitors (tests/userspace/guest/
# perf_json.sh), with the perf built from patches/KVER/axiperf-perf: perf
# list shows every event with its description (events.txt: each name and
# its description's first words, from tools/perf-json/axiperf.json), perf
# stat -M gives the figures, merged and per monitor, equal to their closed
# form and to axiperf stat's
SUITES += guest-perf-json
.PHONY: check-guest-perf-json
check-guest-perf-json: $(GUEST_BUILD)/tgrun
	@mkdir -p $(GUEST_BUILD)
	@$(PYTHON) -c 'import json; [print(e["EventName"] + "\t" + " ".join(e["BriefDescription"].rstrip(".").split()[:3])) for e in json.load(open("tools/perf-json/axiperf.json"))]' \
		>$(GUEST_BUILD)/perf-json-events.txt
	@tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tests/userspace/guest/perf_json.sh \
		--perf --add $(GUEST_BUILD)/perf-json-events.txt:/bin/events.txt \
		--timeout $(GUEST_TIMEOUT) --log $(GUEST_BUILD)/guest-perf-json.console

# The ARM CPU PMU through axiperf stat (tests/userspace/guest/cpu_arm.sh),
# under -icount 0: the Zynq's Cortex-A9 (cycles equal instructions, the
# events QEMU does not model 0, the figures that fit six counters, -M) and
# the ZynqMP's Cortex-A53s (the events its PMCEID0 lists, cpi)
SUITES += guest-cpu guest-cpu-zynqmp
.PHONY: check-guest-cpu check-guest-cpu-zynqmp
check-guest-cpu: $(GUEST_BUILD)/tgrun
	@tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tests/userspace/guest/cpu_arm.sh \
		--icount 0 --timeout $(GUEST_TIMEOUT) --log $(GUEST_BUILD)/guest-cpu.console
check-guest-cpu-zynqmp: $(SMP_BUILD)/tgrun
	@GUEST_ARCH=arm64 tests/userspace/guest/run.sh $(SMP_BUILD)/tgrun tests/userspace/guest/cpu_arm.sh \
		--icount 0 --timeout $(GUEST_TIMEOUT) --log $(SMP_BUILD)/guest-cpu-zynqmp.console
