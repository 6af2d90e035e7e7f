// SPDX-License-Identifier: GPL-2.0 OR MIT
/* Measurements: monitor instances (columns) by frames (intervals). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axiperf.h"

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p) {
		fprintf(stderr, "axiperf: out of memory\n");
		exit(1);
	}
	return p;
}

void ap_data_init(struct ap_data *d)
{
	memset(d, 0, sizeof(*d));
}

void ap_data_free(struct ap_data *d)
{
	for (int i = 0; i < d->nframes; i++)
		free(d->frames[i].c);
	free(d->frames);
	free(d->inst);
	ap_data_init(d);
}

int ap_data_instance(struct ap_data *d, const char *name)
{
	for (int i = 0; i < d->ninst; i++)
		if (!strcmp(d->inst[i], name))
			return i;
	d->inst = xrealloc(d->inst, (d->ninst + 1) * sizeof(*d->inst));
	snprintf(d->inst[d->ninst], AP_NAME_MAX, "%s", name);
	for (int f = 0; f < d->nframes; f++) {
		struct ap_frame *fr = &d->frames[f];

		fr->c = xrealloc(fr->c, (d->ninst + 1) * sizeof(*fr->c));
		memset(&fr->c[d->ninst], 0, sizeof(*fr->c));
		fr->c[d->ninst].seconds = fr->seconds;
	}
	return d->ninst++;
}

struct ap_frame *ap_data_frame(struct ap_data *d, double time)
{
	if (d->nframes && d->frames[d->nframes - 1].time == time)
		return &d->frames[d->nframes - 1];
	return ap_data_append(d, time);
}

struct ap_frame *ap_data_append(struct ap_data *d, double time)
{
	struct ap_frame *fr;

	d->frames = xrealloc(d->frames, (d->nframes + 1) * sizeof(*d->frames));
	fr = &d->frames[d->nframes++];
	fr->time = time;
	fr->seconds = 0;
	fr->c = xrealloc(NULL, d->ninst * sizeof(*fr->c));
	memset(fr->c, 0, d->ninst * sizeof(*fr->c));
	return fr;
}
