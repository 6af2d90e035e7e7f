// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * gendoc TEMPLATE: writes the man page, replacing the lines @FIGURES@ and
 * @EVENTS@ with the figure and event tables of <axiperf/figures.h>.
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

static void figures(void)
{
	char formula[512];

	for (size_t i = 0; i < AXIPERF_NUM_FIGURES; i++) {
		const struct axiperf_figure *f = &axiperf_figures[i];

		ap_figure_formula(f, formula, sizeof(formula));
		printf(".TP\n.B ");
		roff(f->name);
		printf("\n");
		roff(f->title);
		printf(" (");
		roff(f->unit);
		printf(") = ");
		roff(formula);
		printf("\n.br\n");
		roff(f->doc);
		printf("\n");
	}
}

static void events(void)
{
	for (int i = 0; i < AP_NEV; i++) {
		if (!ap_event_name(i))
			continue;
		printf(".TP\n.B ");
		roff(ap_event_name(i));
		printf("\nconfig=0x%02x\n", i);
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
		if (!strcmp(line, "@FIGURES@\n"))
			figures();
		else if (!strcmp(line, "@EVENTS@\n"))
			events();
		else
			fputs(line, stdout);
	}
	fclose(t);
	return 0;
}
