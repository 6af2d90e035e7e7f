# `make demo`: boot the modelled Zynq, count generator patterns with
# perf stat, print the counts next to their closed-form values.
# (GUEST_* come from tests/guest/check.mk.)
demo: $(GUEST_BUILD)/tgrun
	tools/guest/demo.sh $(GUEST_BUILD)/tgrun
