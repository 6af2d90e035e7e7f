/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Reading simulation dumps: Value Change Dump files (IEEE 1364 §18) by our
 * own streaming reader, FST through GTKWave's fstapi (dump_fst.c). Both
 * give the header's scopes and variables, then push the value changes of
 * the variables being watched to a sink, step by step.
 *
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
	unsigned int code;	/* index of its identifier code (FST: handle - 1) */
	long line;		/* VCD: line of its $var */
};

/* A watched code's value, as its last change left it. */
struct dump_slot {
	uint64_t value[VCD_MAX_BITS / 64];
	int known;			/* 0 if a bit is x or z (read as 0) */
};

/*
 * Where the changes go. The reader keeps each watched code's value in its
 * slot (dump_watch()), and calls step() once a time step that changed a
 * watched code is over: t is that step's time, touched the union of the
 * groups of the codes it changed. No call is made a change: the sink reads
 * the slots it needs. progress() now and then with the bytes read (VCD) or
 * the time reached (FST).
 */
struct dump_sink {
	void *ctx;
	void (*step)(void *ctx, uint64_t t, uint64_t touched);
	void (*progress)(void *ctx, uint64_t done);
};

struct vcd_code;

struct vcd {
	int fd;
	const char *path;
	int fst;		/* read through fstapi */
	void *fst_ctx;

	/*
	 * VCD: the block; tokens are taken from [pos, lim). It is the read
	 * buffer (heap), or a window of the file mapped (map, of map_len
	 * bytes), the file's last block read into the heap.
	 */
	char *buf;
	char *heap;
	size_t cap, len;	/* heap allocated (without padding), block filled */
	char *map;
	size_t map_len, map_want;	/* mapped; the window's size */
	int no_map;		/* the file is read, not mapped */
	size_t pos, lim;
	uint64_t buf_off;	/* file offset of buf[0] */
	size_t pos_counted;	/* newlines are counted up to here, */
	long lines_before;	/* ... and this many were there */
	int lines_lazy;		/* lines_before to be counted from the file */
	int in_body;
	char *tok;		/* the header's token being read */
	size_t tok_cap;
	int eof;
	uint64_t size;		/* file size, 0 when not known (a pipe) */

	struct vcd_var *vars;
	unsigned int nvars, cap_vars;

	/* identifier codes: interned at the header, looked up in the body */
	struct vcd_code *codes;		/* open addressing, power of two */
	unsigned int code_slots, ncodes;
	char **code_text;		/* by index, for messages */
	unsigned int cap_code_text;
	int32_t *dense;			/* the body's short codes (vcd.c) */
	size_t ndense;

	/* the watched codes' values: slot_of[code] (0: not watched) in slots */
	unsigned int *slot_of;
	struct dump_slot *slots;	/* slot 0 takes the changes nobody watches */
	uint64_t *groups;		/* by slot: what a change adds to touched */
	unsigned int nslots, cap_slots;

	double timescale;	/* seconds per time unit; 0 if not given */
	uint64_t t_end;		/* FST: the last time in the file */

	/* where the body stopped */
	uint64_t last_time;	/* the last #time read */
	int partial;		/* the body ended early: err says why */
	int truncated;		/* ... at a cut (end of file mid-token or mid-line) */

	char err[512];		/* "line N: what" (header errors and body errors) */
};

/*
 * Open path ("-" for standard input): a VCD, or an FST recognised by its
 * first block. Reads the header; 0 on success, else -1 with err set.
 */
int dump_open(struct vcd *v, const char *path);
/*
 * Watch the code: each change of it sets v->slots[the index returned] and
 * adds group (not 0) to the touched set of its step. Watched again, the
 * same slot, the groups joined. v->slots moves while slots are added to
 * it, and not from dump_run() on.
 */
unsigned int dump_watch(struct vcd *v, unsigned int code, uint64_t group);
/* n new slots in a row, of no code yet (all 0): the index of the first. */
unsigned int dump_slots(struct vcd *v, unsigned int n);
/* dump_watch() into slot i of dump_slots(), unless the code has a slot already. */
unsigned int dump_watch_in(struct vcd *v, unsigned int code, unsigned int i, uint64_t group);
/* Read the body to its end: 0, or -1 with err set and partial 1. */
int dump_run(struct vcd *v, const struct dump_sink *s);
void dump_close(struct vcd *v);

/* The FST half (dump_fst.c). */
int dump_is_fst(const unsigned char *head, size_t n);
int fst_open(struct vcd *v);
int fst_run(struct vcd *v, const struct dump_sink *s);
void fst_close(struct vcd *v);

/* Shared by both readers: a variable from the header. */
struct vcd_var *dump_add_var(struct vcd *v, const char *scope, const char *name,
			     unsigned int width, unsigned int code);
/* The digits [p, e) of a value, last one bit 0, into val (the low
 * VCD_MAX_BITS bits); *known 0 if any is x or z (read as 0). */
void dump_bits(const char *p, const char *e, uint64_t *val, int *known);
/* "[7:0]" or "[3]" -> msb, lsb; 0 if it is neither. */
int dump_parse_select(const char *s, int *msb, int *lsb);
void *dump_xrealloc(void *p, size_t n);

#endif /* AXIPERF_VCD_H */
