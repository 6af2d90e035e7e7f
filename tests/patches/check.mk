# The kernel patch series (patches/): checkpatch --strict, MAINTAINERS,
# each patch on its own, and the message when a patch no longer applies.
SUITES += patches
.PHONY: check-patches
check-patches:
	@tests/patches/run.sh $(BUILD)/patches
