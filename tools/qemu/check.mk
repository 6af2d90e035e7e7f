# Suite `qemu-edits`: the edits of tools/qemu/ in the test bed's QEMU tree
# (built by build-qemu.sh) are each there exactly once; made again on a
# copy of the edited files they change nothing; one edit undone is made
# again alone; an anchor that is gone stops them, named (tools/qemu/
# check_edits.sh).
SUITES += qemu-edits
.PHONY: check-qemu-edits
check-qemu-edits:
	@tools/qemu/check_edits.sh "$$(tools/qemu/build-qemu.sh arm)"
