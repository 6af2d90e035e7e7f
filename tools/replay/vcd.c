// SPDX-License-Identifier: GPL-2.0 OR MIT
/* A small streaming VCD reader; see vcd.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "vcd.h"

static int fail(struct vcd *v, long line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(v->err, sizeof(v->err), "line %ld: ", line);

	va_start(ap, fmt);
	vsnprintf(v->err + n, sizeof(v->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static void *grow(void *p, unsigned int *cap, size_t elem)
{
	unsigned int n = *cap ? *cap * 2 : 64;
	void *q = realloc(p, n * elem);

	if (!q) {
		fprintf(stderr, "axiperf-replay: out of memory\n");
		exit(1);
	}
	*cap = n;
	return q;
}

static char *dup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (!d) {
		fprintf(stderr, "axiperf-replay: out of memory\n");
		exit(1);
	}
	return memcpy(d, s, n);
}

/* The next whitespace-separated token, across lines; NULL at end of file. */
static char *token(struct vcd *v, long *line)
{
	for (;;) {
		char *p = v->pos, *t;

		while (p && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' ||
			     *p == '\f' || *p == '\v'))
			p++;
		if (p && *p) {
			t = p;
			while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' &&
			       *p != '\f' && *p != '\v')
				p++;
			if (*p)
				*p++ = 0;
			v->pos = p;
			*line = v->line;
			return t;
		}
		if (getline(&v->buf, &v->cap, v->f) < 0)
			return NULL;
		v->line++;
		v->pos = v->buf;
	}
}

/* Skip to the $end of a section; -1 at end of file. */
static int skip_section(struct vcd *v, const char *what, long start)
{
	long line;
	char *t;

	while ((t = token(v, &line)))
		if (!strcmp(t, "$end"))
			return 0;
	return fail(v, start, "%s is never closed by $end", what);
}

static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int lookup(const struct vcd *v, const char *code)
{
	uint32_t i;

	if (!v->hash_size)
		return -1;
	for (i = hash_str(code) & (v->hash_size - 1); v->hash[i];
	     i = (i + 1) & (v->hash_size - 1))
		if (!strcmp(v->codes[v->hash[i] - 1], code))
			return (int)v->hash[i] - 1;
	return -1;
}

static void rehash(struct vcd *v)
{
	unsigned int i, n = v->hash_size ? v->hash_size * 2 : 256;

	free(v->hash);
	v->hash = calloc(n, sizeof(*v->hash));
	if (!v->hash) {
		fprintf(stderr, "axiperf-replay: out of memory\n");
		exit(1);
	}
	v->hash_size = n;
	for (i = 0; i < v->ncodes; i++) {
		uint32_t h = hash_str(v->codes[i]) & (n - 1);

		while (v->hash[h])
			h = (h + 1) & (n - 1);
		v->hash[h] = i + 1;
	}
}

static unsigned int intern(struct vcd *v, const char *code)
{
	int i = lookup(v, code);

	if (i >= 0)
		return (unsigned int)i;
	if (v->ncodes == v->cap_codes)
		v->codes = grow(v->codes, &v->cap_codes, sizeof(*v->codes));
	v->codes[v->ncodes++] = dup(code);
	if (v->ncodes * 2 > v->hash_size)
		rehash(v);
	else {
		uint32_t h = hash_str(code) & (v->hash_size - 1);

		while (v->hash[h])
			h = (h + 1) & (v->hash_size - 1);
		v->hash[h] = v->ncodes;
	}
	return v->ncodes - 1;
}

/* "[7:0]" or "[3]" -> msb, lsb; 0 if it is neither. */
static int parse_select(const char *s, int *msb, int *lsb)
{
	char *e;
	long a, b;

	if (*s != '[')
		return 0;
	a = strtol(s + 1, &e, 10);
	if (e == s + 1)
		return 0;
	b = a;
	if (*e == ':') {
		const char *f = e + 1;

		b = strtol(f, &e, 10);
		if (e == f)
			return 0;
	}
	if (strcmp(e, "]") || a < 0 || b < 0 || a > 65535 || b > 65535)
		return 0;
	*msb = (int)a;
	*lsb = (int)b;
	return 1;
}

static int parse_var(struct vcd *v, const char *scope, long start)
{
	char *t[6];
	int n = 0;
	long line;
	char *e, *sel;
	struct vcd_var *var;
	unsigned long width;

	while (n < 6 && (t[n] = token(v, &line)) && strcmp(t[n], "$end"))
		n++;
	if (n == 6)
		return fail(v, start, "$var has too many fields (want: type size code name [range] $end)");
	if (!t[n] && n < 6)
		return fail(v, start, "$var is never closed by $end");
	if (n < 4)
		return fail(v, start, "$var has %d fields, want: type size code name [range] $end", n);
	width = strtoul(t[1], &e, 10);
	if (*e || !width)
		return fail(v, start, "$var size '%s' is not a positive number", t[1]);
	if (v->nvars == v->cap_vars)
		v->vars = grow(v->vars, &v->cap_vars, sizeof(*v->vars));
	var = &v->vars[v->nvars];
	var->msb = var->lsb = -1;
	var->width = (unsigned int)width;
	var->line = start;
	/* the select may be its own token or stuck to the name */
	sel = n == 5 ? t[4] : strchr(t[3], '[');
	if (sel && !parse_select(sel, &var->msb, &var->lsb))
		return fail(v, start, "$var bit range '%s' is not [msb:lsb] or [bit]", sel);
	if (sel && n == 4)
		*sel = 0;
	var->name = dup(t[3]);
	var->scope = dup(scope);
	var->code = intern(v, t[2]);
	v->nvars++;
	return 0;
}

static int parse_timescale(struct vcd *v, long start)
{
	char text[64] = "";
	long line;
	char *t, *e;
	double num;
	static const struct {
		const char *unit;
		double s;
	} units[] = { { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 },
		      { "ps", 1e-12 }, { "fs", 1e-15 } };

	while ((t = token(v, &line)) && strcmp(t, "$end"))
		if (strlen(text) + strlen(t) < sizeof(text))
			strcat(text, t);
	if (!t)
		return fail(v, start, "$timescale is never closed by $end");
	num = strtod(text, &e);
	if (e == text)
		num = 1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(e, units[i].unit)) {
			v->timescale = num * units[i].s;
			return 0;
		}
	return fail(v, start, "$timescale '%s' is not a number and a unit (s, ms, us, ns, ps, fs)",
		    text);
}

int vcd_open(struct vcd *v, FILE *f)
{
	char scope[4096] = "";
	long line;
	char *t;

	memset(v, 0, sizeof(*v));
	v->f = f;
	while ((t = token(v, &line))) {
		if (!strcmp(t, "$enddefinitions"))
			return skip_section(v, "$enddefinitions", line);
		if (!strcmp(t, "$scope")) {
			char *type = token(v, &line), *name = type ? token(v, &line) : NULL;
			char *end = name ? token(v, &line) : NULL;

			if (!end || strcmp(end, "$end"))
				return fail(v, line, "$scope wants: type name $end");
			if (strlen(scope) + strlen(name) + 2 > sizeof(scope))
				return fail(v, line, "scopes nested too deep");
			if (*scope)
				strcat(scope, ".");
			strcat(scope, name);
		} else if (!strcmp(t, "$upscope")) {
			char *dot = strrchr(scope, '.');

			if (!*scope)
				return fail(v, line, "$upscope without an open $scope");
			if (dot)
				*dot = 0;
			else
				*scope = 0;
			if (skip_section(v, "$upscope", line))
				return -1;
		} else if (!strcmp(t, "$var")) {
			if (parse_var(v, scope, line))
				return -1;
		} else if (!strcmp(t, "$timescale")) {
			if (parse_timescale(v, line))
				return -1;
		} else if (t[0] == '$') {
			/* $date, $version, $comment and tool-specific sections */
			if (skip_section(v, t, line))
				return -1;
		} else {
			return fail(v, line, "'%s' in the header: want a $keyword section", t);
		}
	}
	snprintf(v->err, sizeof(v->err),
		 "line %ld: end of file in the header: no $enddefinitions (is this a VCD file?)",
		 v->line);
	return -1;
}

static int parse_bits(struct vcd *v, const char *bits, long line)
{
	size_t n = strlen(bits), i;

	memset(v->ev_value, 0, sizeof(v->ev_value));
	v->ev_known = 1;
	if (!n)
		return fail(v, line, "empty vector value");
	for (i = 0; i < n; i++) {
		char c = bits[n - 1 - i];

		if (c == '1') {
			if (i < VCD_MAX_BITS)
				v->ev_value[i / 64] |= (uint64_t)1 << (i % 64);
		} else if (c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
			v->ev_known = 0;
		} else if (c != '0') {
			return fail(v, line, "vector value 'b%s' has a '%c': want 0, 1, x or z",
				    bits, c);
		}
	}
	return 0;
}

static int change_of(struct vcd *v, const char *code, const char *value, long line)
{
	int i;

	if (!*code)
		return fail(v, line, "value change '%s' has no identifier code", value);
	i = lookup(v, code);
	if (i < 0)
		return fail(v, line, "value change for '%s', an identifier code no $var declared",
			    code);
	v->ev_code = (unsigned int)i;
	v->ev_line = line;
	return 0;
}

enum vcd_event vcd_next(struct vcd *v)
{
	long line;
	char *t, *e, *code;

	for (;;) {
		t = token(v, &line);
		if (!t)
			return VCD_END;
		switch (t[0]) {
		case '#':
			v->ev_time = strtoull(t + 1, &e, 10);
			if (e == t + 1 || *e) {
				fail(v, line, "time '%s' is not # and a whole number", t);
				return VCD_ERROR;
			}
			v->ev_line = line;
			return VCD_TIME;
		case '0':
		case '1':
		case 'x':
		case 'X':
		case 'z':
		case 'Z':
			if (change_of(v, t + 1, t, line))
				return VCD_ERROR;
			memset(v->ev_value, 0, sizeof(v->ev_value));
			v->ev_value[0] = t[0] == '1';
			v->ev_known = t[0] == '0' || t[0] == '1';
			return VCD_CHANGE;
		case 'b':
		case 'B':
			code = token(v, &line);
			if (!code) {
				fail(v, line, "vector value '%s' has no identifier code", t);
				return VCD_ERROR;
			}
			if (parse_bits(v, t + 1, line) || change_of(v, code, t, line))
				return VCD_ERROR;
			return VCD_CHANGE;
		case 'r':
		case 'R':
			/* real variables: nothing the monitor watches */
			code = token(v, &line);
			if (!code) {
				fail(v, line, "real value '%s' has no identifier code", t);
				return VCD_ERROR;
			}
			if (change_of(v, code, t, line))
				return VCD_ERROR;
			continue;
		case '$':
			if (!strcmp(t, "$comment")) {
				if (skip_section(v, t, line))
					return VCD_ERROR;
			}
			/* $dumpvars, $dumpall, $dumpon, $dumpoff, $end: values follow */
			continue;
		default:
			fail(v, line, "malformed value change '%s': want #time, 0/1/x/z + code, "
				      "b<bits> code or r<real> code", t);
			return VCD_ERROR;
		}
	}
}

void vcd_close(struct vcd *v)
{
	unsigned int i;

	for (i = 0; i < v->nvars; i++) {
		free(v->vars[i].scope);
		free(v->vars[i].name);
	}
	for (i = 0; i < v->ncodes; i++)
		free(v->codes[i]);
	free(v->vars);
	free(v->codes);
	free(v->hash);
	free(v->buf);
	memset(v, 0, sizeof(*v));
}
