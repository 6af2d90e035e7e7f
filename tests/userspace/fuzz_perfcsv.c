// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * libFuzzer target: any bytes into the perf CSV reader; what it accepts
 * goes on through every figure and every output format.
 */
#include <stdint.h>
#include <stdio.h>

#include "axiperf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	char err[AP_ERR_MAX];
	struct ap_select s;
	struct ap_data d;

	if (!null)
		null = fopen("/dev/null", "w");
	ap_data_init(&d);
	if (!ap_perfcsv_parse_buf((const char *)data, size, &d, err, sizeof(err))) {
		ap_select_all(&s);
		for (int f = AP_FMT_TABLE; f <= AP_FMT_JSON; f++)
			ap_print(null, &d, &s, (enum ap_format)f);
	}
	ap_data_free(&d);
	return 0;
}
