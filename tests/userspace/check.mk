# Front end (userspace/): cmocka unit tests, plain and ASan+UBSan, the
# command-line tests and a bounded libFuzzer run. See tests/userspace/Makefile.
SUITES += frontend
.PHONY: check-frontend
check-frontend:
	@nice -n 10 $(MAKE) --no-print-directory -C $(TOP)/tests/userspace TOP=$(TOP) BUILD=$(BUILD) run
