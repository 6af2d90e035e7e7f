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

# The kernel module: W=1 + sparse builds for x86_64, ARM and arm64, and
# checkpatch --strict (tests/microblaze/kbuild.sh). Slow the first time: it
# prepares the kernel trees through driver/scripts/ktree.sh.
SUITES += microblaze-build
.PHONY: check-microblaze-build
check-microblaze-build:
	@tests/microblaze/kbuild.sh
