// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * FST input: GTKWave's own reader (fstapi, shipped in Verilator's include
 * directory and compiled from there, not copied) turned into the same
 * variables and the same pushed changes as the VCD reader (vcd.h).
 * A variable's handle less one is its code; aliases share a handle as
 * VCD aliases share an identifier code.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vcd.h"

#ifdef AXIPERF_NO_FST
/* Built without fstapi (tools/replay/Makefile found none): VCD only. */
int fst_open(struct vcd *v)
{
	snprintf(v->err, sizeof(v->err), "an FST dump, and this axiperf-replay was built "
		 "without FST support: rebuild with make -C tools/replay FSTAPI=DIR (the "
		 "directory of fstapi.h: Verilator's include/gtkwave or GTKWave's source), "
		 "or convert the dump with fst2vcd");
	return -1;
}

int fst_run(struct vcd *v, const struct dump_sink *s)
{
	(void)s;
	snprintf(v->err, sizeof(v->err), "built without FST support");
	return -1;
}

void fst_close(struct vcd *v)
{
	(void)v;
}
#else
#include "fstapi.h"

int fst_open(struct vcd *v)
{
	char scope[4096] = "";
	struct fstHier *h;
	signed char ts;

	v->fst_ctx = fstReaderOpen(v->path);
	if (!v->fst_ctx) {
		snprintf(v->err, sizeof(v->err), "not a readable FST file (its header or "
			 "hierarchy block is damaged: was it cut short, or is it still being "
			 "written?)");
		return -1;
	}
	v->ncodes = (unsigned int)fstReaderGetMaxHandle(v->fst_ctx);
	ts = fstReaderGetTimescale(v->fst_ctx);
	v->timescale = 1;
	for (; ts < 0; ts++)
		v->timescale /= 10;
	for (; ts > 0; ts--)
		v->timescale *= 10;
	v->t_end = fstReaderGetEndTime(v->fst_ctx);
	while ((h = fstReaderIterateHier(v->fst_ctx))) {
		switch (h->htyp) {
		case FST_HT_SCOPE:
			if (strlen(scope) + h->u.scope.name_length + 2 > sizeof(scope)) {
				snprintf(v->err, sizeof(v->err), "scopes nested too deep");
				return -1;
			}
			if (*scope)
				strcat(scope, ".");
			strcat(scope, h->u.scope.name);
			break;
		case FST_HT_UPSCOPE: {
			char *dot = strrchr(scope, '.');

			if (dot)
				*dot = 0;
			else
				*scope = 0;
			break;
		}
		case FST_HT_VAR: {
			char name[1024];
			char *sel;
			int msb = -1, lsb = -1;
			struct vcd_var *var;

			if (h->u.var.typ == FST_VT_VCD_REAL ||
			    h->u.var.typ == FST_VT_VCD_REAL_PARAMETER ||
			    h->u.var.typ == FST_VT_VCD_REALTIME ||
			    h->u.var.typ == FST_VT_SV_SHORTREAL || h->u.var.typ == FST_VT_GEN_STRING ||
			    !h->u.var.length || !h->u.var.handle)
				break;	/* nothing the monitor watches */
			snprintf(name, sizeof(name), "%s", h->u.var.name);
			/* "wstrb [3:0]" or "wstrb[3:0]": the select apart */
			sel = strchr(name, '[');
			if (sel) {
				char *e = sel;

				if (!dump_parse_select(sel, &msb, &lsb))
					msb = lsb = -1;
				while (e > name && e[-1] == ' ')
					e--;
				*e = 0;
			}
			var = dump_add_var(v, scope, name, h->u.var.length,
					   (unsigned int)h->u.var.handle - 1);
			var->msb = msb;
			var->lsb = lsb;
			break;
		}
		default:
			break;
		}
	}
	fstReaderClrFacProcessMaskAll(v->fst_ctx);
	return 0;
}

struct fst_run {
	struct vcd *v;
	const struct dump_sink *s;
	uint64_t cur;
	uint64_t touched;	/* the groups the step being read changed */
	int started;
	unsigned long calls;
};

static void fst_change(void *ctx, uint64_t t, fstHandle h, const unsigned char *value,
		       uint32_t len)
{
	struct fst_run *r = ctx;
	struct vcd *v = r->v;
	unsigned int code = (unsigned int)h - 1, i;

	if (!r->started || t != r->cur) {
		if (r->touched)
			r->s->step(r->s->ctx, r->cur, r->touched);
		r->touched = 0;
		r->cur = t;
		r->started = 1;
		v->last_time = t;
		if (r->s->progress && !(++r->calls & 0xffff))
			r->s->progress(r->s->ctx, t);
	}
	i = code < v->ncodes ? v->slot_of[code] : 0;
	if (!i)
		return;
	dump_bits((const char *)value, (const char *)value + len, v->slots[i].value,
		  &v->slots[i].known);
	r->touched |= v->groups[i];
}

static void fst_change_fixed(void *ctx, uint64_t t, fstHandle h, const unsigned char *value)
{
	fst_change(ctx, t, h, value, (uint32_t)strlen((const char *)value));
}

int fst_run(struct vcd *v, const struct dump_sink *s)
{
	struct fst_run r;

	memset(&r, 0, sizeof(r));
	r.v = v;
	r.s = s;
	dump_watch(v, (unsigned int)-1, 0);	/* slot 0, if nothing else is */
	for (unsigned int i = 0; i < v->ncodes; i++)
		if (v->slot_of[i])
			fstReaderSetFacProcessMask(v->fst_ctx, (fstHandle)(i + 1));
	if (!fstReaderIterBlocks2(v->fst_ctx, fst_change_fixed, fst_change, &r, NULL)) {
		snprintf(v->err, sizeof(v->err), "time %llu: a value change block is damaged "
			 "(cut short?)", (unsigned long long)r.cur);
		v->partial = 1;
		return -1;
	}
	if (r.touched)
		s->step(s->ctx, r.cur, r.touched);
	return 0;
}

void fst_close(struct vcd *v)
{
	if (v->fst_ctx)
		fstReaderClose(v->fst_ctx);
	v->fst_ctx = NULL;
}
#endif /* AXIPERF_NO_FST */
