# `make demo`: boot the modelled Zynq, count generator patterns with
# perf stat, print the counts next to their closed-form values.
# (GUEST_* come from tests/guest/check.mk.)
demo: $(GUEST_BUILD)/tgrun
	tools/guest/demo.sh $(GUEST_BUILD)/tgrun

# A PL design described by device-tree overlays (dts/overlays/*.dtso; the
# ZynqMP PS's, in dts/overlays/zynqmp/, apply to ZynqMP trees), applied
# with fdtoverlay to the Zynq's PS-only base tree as a board's boot flow
# does: both drivers probe through the merged tree and count exactly.
SUITES += guest-overlay
.PHONY: check-guest-overlay
check-guest-overlay: $(GUEST_BUILD)/perf_test
	ko=$$(driver/build.sh arm | tail -1) && \
	tools/guest/run-guest.sh --perf --timeout $(GUEST_TIMEOUT) \
		--log $(GUEST_BUILD)/guest-overlay.console \
		$(foreach o,$(sort $(wildcard dts/overlays/*.dtso)),--overlay $(o)) \
		--add $$ko:/lib/modules/axiperf.ko \
		--add $$(dirname $$ko)/driver/microblaze/axiperf_mb.ko:/lib/modules/axiperf_mb.ko \
		--add $(GUEST_BUILD)/perf_test:/bin/perf_test \
		--add tests/microblaze/guest/mb_counts.sh:/bin/mb_counts.sh \
		--add tests/guest/overlay.sh:/bin/overlay.sh -- 'sh /bin/overlay.sh'

# make bench-testbed: the test bed's own cost and the driver's, in the
# guest (tools/guest/cost-guest.sh): host CPU per guest second, idle and
# streaming; MMIO per group read; interrupts per second.
BENCHES += testbed
.PHONY: bench-testbed
bench-testbed: $(GUEST_BUILD)/tgrun
	@mkdir -p $(BUILD)/results
	@set -o pipefail; tests/userspace/guest/run.sh $(GUEST_BUILD)/tgrun tools/guest/cost-guest.sh \
		--timeout 600 --perf --log $(GUEST_BUILD)/bench-testbed.console | \
		grep -E '^(testbed|driver|bench)' | tee $(BUILD)/results/bench-testbed.txt
