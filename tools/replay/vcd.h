/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * A small streaming reader of Value Change Dump files (IEEE 1364 §18):
 * the header's scopes and variables, then the value changes one by one.
 * x and z bits read as 0; a scalar's x/z is reported so a clock edge from
 * an unknown level is not taken for a rising edge.
 */
#ifndef AXIPERF_VCD_H
#define AXIPERF_VCD_H

#include <stdint.h>
#include <stdio.h>

#define VCD_MAX_BITS	128	/* wider values keep their low 128 bits */

struct vcd_var {
	char *scope;		/* dotted path of the enclosing scopes */
	char *name;		/* reference, without a bit select */
	int msb, lsb;		/* the bit select or range; -1 when none */
	unsigned int width;	/* the declared size */
	unsigned int code;	/* index of its identifier code */
	long line;
};

enum vcd_event {
	VCD_END,		/* end of file */
	VCD_TIME,		/* a #time line: ev_time */
	VCD_CHANGE,		/* a value change: ev_code, ev_value, ev_known */
	VCD_ERROR		/* err holds "line N: what" */
};

struct vcd {
	FILE *f;
	char *buf;		/* current line */
	size_t cap;
	char *pos;		/* next token in buf */
	long line;		/* line number of buf */

	struct vcd_var *vars;
	unsigned int nvars, cap_vars;
	char **codes;		/* identifier codes, by index */
	unsigned int ncodes, cap_codes;
	unsigned int *hash;	/* open addressing: code index + 1, 0 empty */
	unsigned int hash_size;

	double timescale;	/* seconds per time unit; 0 if not given */

	/* the current event */
	uint64_t ev_time;
	unsigned int ev_code;
	uint64_t ev_value[VCD_MAX_BITS / 64];
	int ev_known;		/* scalar: 0 for x or z */
	long ev_line;

	char err[512];
};

/* 0 on success; else -1 with err set (the header is read by vcd_open). */
int vcd_open(struct vcd *v, FILE *f);
enum vcd_event vcd_next(struct vcd *v);
void vcd_close(struct vcd *v);

#endif /* AXIPERF_VCD_H */
