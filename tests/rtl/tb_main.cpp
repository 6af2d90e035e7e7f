// SPDX-License-Identifier: GPL-2.0 OR MIT
// The monitor's test bench: one binary per parameter set.
//   tb random SEED CLOCKS     random traffic, RTL against the model
//   tb directed [NAME]        hand-computed scripts, on the RTL and the model
//   tb bench SEED CLOCKS      model replay speed against Verilator
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "harness.h"
#include "tests.h"

static int usage(const char *argv0)
{
	fprintf(stderr,
		"usage: %s random SEED CLOCKS | directed [NAME] | bench SEED CLOCKS\n"
		"  SEED and CLOCKS are numbers (0x.. allowed), e.g. %s random 0x1234 1000000\n",
		argv0, argv0);
	return 2;
}

static bool number(const char *s, uint64_t *v)
{
	char *end;

	if (!s || !*s)
		return false;
	*v = strtoull(s, &end, 0);
	return *end == 0;
}

int main(int argc, char **argv)
{
	Tap tap;
	uint64_t seed, clocks;
	const axiperf_params p = build_params();
	const char *err = axiperf_model_params_error(&p);

	if (err) {
		fprintf(stderr, "%s: this build's parameters are not buildable: %s\n", argv[0], err);
		return 2;
	}
	if (argc >= 2 && !strcmp(argv[1], "random") && argc == 4 &&
	    number(argv[2], &seed) && number(argv[3], &clocks))
		run_random(tap, seed, clocks);
	else if (argc >= 2 && !strcmp(argv[1], "bench") && argc == 4 &&
		 number(argv[2], &seed) && number(argv[3], &clocks))
		run_bench(tap, seed, clocks);
	else if (argc >= 2 && !strcmp(argv[1], "directed") && argc <= 3)
		run_directed(tap, argc == 3 ? argv[2] : nullptr);
	else
		return usage(argv[0]);
	return tap.failed ? 1 : 0;
}
