// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * gendoc TEMPLATE: writes the man page, replacing the lines @FIGURES@,
 * @EVENTS@, @MB_FIGURES@, @MB_EVENTS@, ... @APM_EVENTS@ with the figure and
 * event tables of <axiperf/figures.h>, <axiperf/microblaze_figures.h>,
 * <axiperf/cpu_figures.h> and <axiperf/apm_figures.h>.
 */
#include <stdio.h>
#include <string.h>

#include "axiperf.h"

/* roff: a backslash or a leading dot would be read as markup */
static void roff(const char *s)
{
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", stdout);
		else if (*s == '-')
			fputs("\\-", stdout);
		else
			putchar(*s);
	}
}

static void figures(enum ap_kind kind)
{
	char formula[512];

	for (int k = 0; k < AP_NFIG; k++) {
		if (ap_fig_kind(k) != kind)
			continue;
		ap_fig_formula(k, formula, sizeof(formula));
		printf(".TP\n.B ");
		roff(ap_fig_name(k));
		printf("\n");
		roff(ap_fig_title(k));
		printf(" (");
		roff(ap_fig_unit(k));
		printf(") = ");
		roff(formula);
		printf("\n.br\n");
		roff(ap_fig_doc(k));
		printf("\n");
	}
}

static void events(enum ap_kind kind)
{
	for (int i = 0; i < AP_NEV; i++) {
		if (!ap_event_name(i) || ap_event_kind(i) != kind)
			continue;
		printf(".TP\n.B ");
		roff(ap_event_name(i));
		if (kind == AP_KIND_AXI) {
			printf("\nconfig=0x%02x\n", i);
			continue;
		}
		if (kind == AP_KIND_APM) {
			printf("\nmetric=%d (%s)\n", i - AP_APM_EV0, ap_event_unit(i));
			continue;
		}
		if (ap_cpu_event(i)) {
			printf("\n%s=0x%llx\n.br\n", ap_cpu_event(i)->generic ?
			       "generic" : kind == AP_KIND_ARM ? "event" : "config",
			       ap_cpu_event(i)->config);
			roff(ap_cpu_event(i)->doc);
			printf("\n");
			continue;
		}
		printf("\nconfig=0x%03llx\n.br\n",
		       (unsigned long long)ap_mb_event_config(i));
		roff(axiperf_mb_perf_events[i - AP_MB_EV0].doc);
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	char line[1024];
	FILE *t;

	if (argc != 2 || !(t = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: gendoc TEMPLATE > axiperf.1\n");
		return 2;
	}
	while (fgets(line, sizeof(line), t)) {
		/* @FIGURES@, @EVENTS@ (AXI), @MB_FIGURES@, ... per kind */
		static const char *const prefix[AP_NKIND] = { "@", "@MB_", "@MBV_", "@ARM_", "@APM_" };
		int done = 0;

		for (int k = 0; k < AP_NKIND && !done; k++) {
			size_t n = strlen(prefix[k]);

			if (strncmp(line, prefix[k], n))
				continue;
			if (!strcmp(line + n, "FIGURES@\n"))
				figures((enum ap_kind)k);
			else if (!strcmp(line + n, "EVENTS@\n"))
				events((enum ap_kind)k);
			else
				continue;
			done = 1;
		}
		if (!done)
			fputs(line, stdout);
	}
	fclose(t);
	return 0;
}
