// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A streaming VCD reader; see vcd.h.
 *
 * The file is read in large blocks; the body's tokens are taken straight
 * from the block (no line splitting, no copies), identifier codes are
 * looked up by their bytes packed into one 64-bit key, and the bits of a
 * vector nobody watches are only checked, 8 at a time, never converted.
 * Line numbers cost nothing on the way: each block's newlines are counted
 * when it is let go, and an error's line is counted from there.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vcd.h"

#define BLOCK		(1u << 20)	/* bytes read at once */
#define PAD		16		/* readable bytes past the data */

struct vcd_code {
	uint64_t key;		/* the code's bytes (up to 8) or their hash */
	uint32_t len;		/* 0: empty slot */
	uint32_t idx;
};

static void oom(void)
{
	fprintf(stderr, "axiperf-replay: out of memory\n");
	exit(1);
}

void *dump_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (!q)
		oom();
	return q;
}

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(dump_xrealloc(NULL, n), s, n);
}

static int is_ws(unsigned char c)
{
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* ------------------------------------------------------------ lines */

/* Newlines in [p, p + n), 8 bytes at a time. */
static long count_newlines(const char *p, size_t n)
{
	const uint64_t ones = 0x0101010101010101ull, lows = 0x7f7f7f7f7f7f7f7full;
	long c = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t x, t;

		memcpy(&x, p + i, 8);
		x ^= ones * '\n';
		/* a byte's high bit in t is clear only where x's byte is zero */
		t = ((x & lows) + lows) | x;
		/* one per newline in each byte's low bit, summed into the top byte */
		c += (long)((((~t & ~lows) >> 7) * ones) >> 56);
	}
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

/*
 * The 1-based line of buffer position pos (not before the last asked).
 * A file's lines are counted only when asked: from the start of the
 * file, read again, up to the buffer. A pipe's are counted block by
 * block as they are let go (fill()).
 */
static long line_at(struct vcd *v, size_t pos)
{
	if (pos > v->len)
		pos = v->len;
	if (v->lines_lazy) {
		char blk[65536];
		uint64_t off = 0;

		v->lines_lazy = 0;
		v->lines_before = 0;
		while (off < v->buf_off) {
			size_t want = v->buf_off - off < sizeof(blk) ? (size_t)(v->buf_off - off) :
				      sizeof(blk);
			ssize_t n = pread(v->fd, blk, want, (off_t)off);

			if (n <= 0)
				break;
			v->lines_before += count_newlines(blk, (size_t)n);
			off += (uint64_t)n;
		}
		v->pos_counted = 0;
	}
	if (pos > v->pos_counted) {
		v->lines_before += count_newlines(v->buf + v->pos_counted, pos - v->pos_counted);
		v->pos_counted = pos;
	}
	return v->lines_before + 1;
}

static int fail_at(struct vcd *v, size_t pos, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(v->err, sizeof(v->err), "line %ld: ", line_at(v, pos));

	va_start(ap, fmt);
	vsnprintf(v->err + n, sizeof(v->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

/* ------------------------------------------------------------ the buffer */

/*
 * Keep [pos, len), read more behind it, and set lim after the last
 * whitespace so that every token before lim ends before it. At the end
 * of the file lim is len; a last line without its newline is left out
 * (the file was cut). A token longer than the buffer grows it.
 */
static int fill(struct vcd *v)
{
	size_t keep;

	if (v->in_body && v->size) {
		/* a file: its lines are counted again if ever needed */
		v->lines_lazy = 1;
	} else {
		line_at(v, v->pos);
	}
	keep = v->len - v->pos;
	memmove(v->buf, v->buf + v->pos, keep);
	v->buf_off += v->pos;
	v->len = keep;
	v->pos = 0;
	if (!v->lines_lazy)
		v->pos_counted = 0;
	for (;;) {
		while (!v->eof && v->len < v->cap) {
			ssize_t n = read(v->fd, v->buf + v->len, v->cap - v->len);

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0) {
				snprintf(v->err, sizeof(v->err), "line %ld: read failed: %s",
					 line_at(v, v->len), strerror(errno));
				return -1;
			}
			if (n == 0)
				v->eof = 1;
			v->len += (size_t)n;
			if (v->len >= v->cap / 2 && n < 65536)
				break;	/* a pipe trickling in: take what is there */
		}
		memset(v->buf + v->len, ' ', PAD);
		v->lim = v->len;
		while (v->lim > 0 && !is_ws((unsigned char)v->buf[v->lim - 1]))
			v->lim--;
		if (v->lim > 0 || v->eof)
			break;
		if (v->len < v->cap)
			continue;	/* read more: no whitespace yet */
		v->cap *= 2;
		v->buf = dump_xrealloc(v->buf, v->cap + PAD);
	}
	return 0;
}

/* ------------------------------------------------------------ codes */

static uint64_t code_key(const char *p, size_t n)
{
	uint64_t k = 0;

	if (n <= 8) {
		memcpy(&k, p, n);
		return k;
	}
	k = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		k = (k ^ (unsigned char)p[i]) * 1099511628211ull;
	return k;
}

/* The key of a code in the buffer (8 bytes readable there). */
static inline uint64_t code_key_fast(const char *p, size_t n)
{
	uint64_t k;

	if (n > 8)
		return code_key(p, n);
	memcpy(&k, p, 8);
	return n == 8 ? k : k & (((uint64_t)1 << (8 * n)) - 1);
}

static inline uint32_t slot_of(uint64_t k, unsigned int slots)
{
	return (uint32_t)((k * 0x9e3779b97f4a7c15ull) >> 32) & (slots - 1);
}

static inline int code_find(const struct vcd *v, const char *p, size_t n)
{
	uint64_t k = code_key_fast(p, n);
	unsigned int mask = v->code_slots - 1;

	for (uint32_t i = slot_of(k, v->code_slots);; i = (i + 1) & mask) {
		const struct vcd_code *c = &v->codes[i];

		if (!c->len)
			return -1;
		if (c->key == k && c->len == n &&
		    (n <= 8 || !memcmp(v->code_text[c->idx], p, n)))
			return (int)c->idx;
	}
}

static void code_put(struct vcd *v, uint64_t k, uint32_t len, uint32_t idx)
{
	unsigned int mask = v->code_slots - 1;
	uint32_t i = slot_of(k, v->code_slots);

	while (v->codes[i].len)
		i = (i + 1) & mask;
	v->codes[i].key = k;
	v->codes[i].len = len;
	v->codes[i].idx = idx;
}

static unsigned int intern(struct vcd *v, const char *code)
{
	size_t n = strlen(code);
	int i = v->code_slots ? code_find(v, code, n) : -1;

	if (i >= 0)
		return (unsigned int)i;
	if (v->ncodes == v->cap_code_text) {
		v->cap_code_text = v->cap_code_text ? v->cap_code_text * 2 : 64;
		v->code_text = dump_xrealloc(v->code_text, v->cap_code_text * sizeof(*v->code_text));
	}
	v->code_text[v->ncodes++] = xstrdup(code);
	if (v->ncodes * 2 > v->code_slots) {
		unsigned int old = v->code_slots;

		v->code_slots = old ? old * 2 : 256;
		free(v->codes);
		v->codes = calloc(v->code_slots, sizeof(*v->codes));
		if (!v->codes)
			oom();
		for (unsigned int j = 0; j < v->ncodes; j++) {
			const char *t = v->code_text[j];

			code_put(v, code_key(t, strlen(t)), (uint32_t)strlen(t), j);
		}
	} else {
		code_put(v, code_key(code, n), (uint32_t)n, v->ncodes - 1);
	}
	return v->ncodes - 1;
}

/* ------------------------------------------------------------ header */

/*
 * The next token, copied to v->tok; NULL at the end of the file. *pos is
 * where it starts in the buffer (for its line).
 */
static char *stok(struct vcd *v, size_t *pos)
{
	size_t s, e;

	for (;;) {
		while (v->pos < v->lim && is_ws((unsigned char)v->buf[v->pos]))
			v->pos++;
		if (v->pos < v->lim)
			break;
		if (v->eof) {
			if (v->pos < v->len)
				break;	/* a last token without its newline */
			return NULL;
		}
		if (fill(v))
			return NULL;
	}
	s = v->pos;
	e = s;
	while (e < v->len && !is_ws((unsigned char)v->buf[e]))
		e++;
	if (e - s + 1 > v->tok_cap) {
		v->tok_cap = e - s + 1;
		v->tok = dump_xrealloc(v->tok, v->tok_cap);
	}
	memcpy(v->tok, v->buf + s, e - s);
	v->tok[e - s] = 0;
	v->pos = e;
	*pos = s;
	return v->tok;
}

/* Skip to the $end of a section; -1 at end of file. */
static int skip_section(struct vcd *v, const char *what, size_t start)
{
	size_t p;
	long line = line_at(v, start);
	char *t;

	while ((t = stok(v, &p)))
		if (!strcmp(t, "$end"))
			return 0;
	if (!*v->err)
		snprintf(v->err, sizeof(v->err), "line %ld: %s is never closed by $end", line, what);
	return -1;
}

int dump_parse_select(const char *s, int *msb, int *lsb)
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

struct vcd_var *dump_add_var(struct vcd *v, const char *scope, const char *name,
			     unsigned int width, unsigned int code)
{
	struct vcd_var *var;

	if (v->nvars == v->cap_vars) {
		v->cap_vars = v->cap_vars ? v->cap_vars * 2 : 64;
		v->vars = dump_xrealloc(v->vars, v->cap_vars * sizeof(*v->vars));
	}
	var = &v->vars[v->nvars++];
	memset(var, 0, sizeof(*var));
	var->msb = var->lsb = -1;
	var->width = width;
	var->code = code;
	var->name = xstrdup(name);
	var->scope = xstrdup(scope);
	return var;
}

static int parse_var(struct vcd *v, const char *scope, size_t start)
{
	char t[6][1024];
	int n = 0;
	size_t p;
	long line = line_at(v, start);
	char *tk, *e, *sel;
	struct vcd_var *var;
	unsigned long width;
	int msb = -1, lsb = -1;

	while (n < 6 && (tk = stok(v, &p)) && strcmp(tk, "$end")) {
		if (strlen(tk) >= sizeof(t[n])) {
			snprintf(v->err, sizeof(v->err), "line %ld: $var field '%.40s...' is longer "
				 "than %zu characters", line, tk, sizeof(t[n]) - 1);
			return -1;
		}
		strcpy(t[n++], tk);
	}
	if (n == 6)
		return snprintf(v->err, sizeof(v->err), "line %ld: $var has too many fields (want: "
				"type size code name [range] $end)", line), -1;
	if (!tk)
		return snprintf(v->err, sizeof(v->err), "line %ld: $var is never closed by $end",
				line), -1;
	if (n < 4)
		return snprintf(v->err, sizeof(v->err), "line %ld: $var has %d fields, want: type "
				"size code name [range] $end", line, n), -1;
	width = strtoul(t[1], &e, 10);
	if (*e || !width || width > 1u << 24)
		return snprintf(v->err, sizeof(v->err), "line %ld: $var size '%.60s' is not a positive "
				"number", line, t[1]), -1;
	/* the select may be its own token or stuck to the name */
	sel = n == 5 ? t[4] : strchr(t[3], '[');
	if (sel && !dump_parse_select(sel, &msb, &lsb))
		return snprintf(v->err, sizeof(v->err), "line %ld: $var bit range '%.60s' is not "
				"[msb:lsb] or [bit]", line, sel), -1;
	if (sel && n == 4)
		*sel = 0;
	var = dump_add_var(v, scope, t[3], (unsigned int)width, intern(v, t[2]));
	var->msb = msb;
	var->lsb = lsb;
	var->line = line;
	return 0;
}

static int parse_timescale(struct vcd *v, size_t start)
{
	char text[64] = "";
	size_t p;
	long line = line_at(v, start);
	char *t, *e;
	double num;
	static const struct {
		const char *unit;
		double s;
	} units[] = { { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 },
		      { "ps", 1e-12 }, { "fs", 1e-15 } };

	while ((t = stok(v, &p)) && strcmp(t, "$end"))
		if (strlen(text) + strlen(t) < sizeof(text))
			strcat(text, t);
	if (!t)
		return snprintf(v->err, sizeof(v->err), "line %ld: $timescale is never closed by "
				"$end", line), -1;
	num = strtod(text, &e);
	if (e == text)
		num = 1;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(e, units[i].unit)) {
			v->timescale = num * units[i].s;
			return 0;
		}
	return snprintf(v->err, sizeof(v->err), "line %ld: $timescale '%s' is not a number and "
			"a unit (s, ms, us, ns, ps, fs)", line, text), -1;
}

static int vcd_header(struct vcd *v)
{
	char scope[4096] = "";
	size_t p;
	char *t;

	while ((t = stok(v, &p))) {
		if (!strcmp(t, "$enddefinitions"))
			return skip_section(v, "$enddefinitions", p);
		if (!strcmp(t, "$scope")) {
			char type[64], name[1024];
			char *e;
			size_t p2;
			long line = line_at(v, p);

			if (!(t = stok(v, &p2)) || strlen(t) >= sizeof(type))
				goto bad_scope;
			strcpy(type, t);
			if (!(t = stok(v, &p2)) || strlen(t) >= sizeof(name))
				goto bad_scope;
			strcpy(name, t);
			e = stok(v, &p2);
			if (!e || strcmp(e, "$end"))
				goto bad_scope;
			if (strlen(scope) + strlen(name) + 2 > sizeof(scope))
				return snprintf(v->err, sizeof(v->err), "line %ld: scopes nested too "
						"deep", line), -1;
			if (*scope)
				strcat(scope, ".");
			strcat(scope, name);
			continue;
bad_scope:
			return snprintf(v->err, sizeof(v->err), "line %ld: $scope wants: type name "
					"$end", line), -1;
		} else if (!strcmp(t, "$upscope")) {
			char *dot = strrchr(scope, '.');

			if (!*scope)
				return fail_at(v, p, "$upscope without an open $scope");
			if (dot)
				*dot = 0;
			else
				*scope = 0;
			if (skip_section(v, "$upscope", p))
				return -1;
		} else if (!strcmp(t, "$var")) {
			if (parse_var(v, scope, p))
				return -1;
		} else if (!strcmp(t, "$timescale")) {
			if (parse_timescale(v, p))
				return -1;
		} else if (t[0] == '$') {
			char what[64];

			/* $date, $version, $comment and tool-specific sections */
			snprintf(what, sizeof(what), "%s", t);
			if (skip_section(v, what, p))
				return -1;
		} else {
			return fail_at(v, p, "'%.60s' in the header: want a $keyword section", t);
		}
	}
	if (!*v->err)
		snprintf(v->err, sizeof(v->err), "line %ld: end of file in the header: no "
			 "$enddefinitions (is this a VCD file?)", line_at(v, v->len));
	return -1;
}

/* ------------------------------------------------------------ open */

int dump_is_fst(const unsigned char *h, size_t n)
{
	/* an FST starts with its header block: type 0, length 329 */
	static const unsigned char magic[9] = { 0, 0, 0, 0, 0, 0, 0, 0x01, 0x49 };

	return n >= sizeof(magic) && !memcmp(h, magic, sizeof(magic));
}

int dump_open(struct vcd *v, const char *path)
{
	struct stat st;

	memset(v, 0, sizeof(*v));
	v->path = path;
	v->fd = strcmp(path, "-") ? open(path, O_RDONLY) : 0;
	if (v->fd < 0) {
		snprintf(v->err, sizeof(v->err), "cannot open: %s", strerror(errno));
		return -1;
	}
	if (!fstat(v->fd, &st) && S_ISREG(st.st_mode))
		v->size = (uint64_t)st.st_size;
	v->cap = BLOCK;
	v->buf = dump_xrealloc(NULL, v->cap + PAD);
	if (fill(v))
		return -1;
	if (dump_is_fst((const unsigned char *)v->buf, v->len)) {
		if (!v->size) {
			snprintf(v->err, sizeof(v->err), "an FST file must be read from a file, not "
				 "a pipe or standard input");
			return -1;
		}
		v->fst = 1;
		return fst_open(v);
	}
	if (memchr(v->buf, 0, v->len < 4096 ? v->len : 4096)) {
		snprintf(v->err, sizeof(v->err), "line 1: not a VCD file (it holds NUL bytes) "
			 "and not an FST file (a raw trace or an FST must be given as a file, not "
			 "through a pipe)");
		return -1;
	}
	return vcd_header(v);
}

void dump_watch(struct vcd *v, unsigned int code)
{
	if (!v->watched)
		v->watched = calloc(v->ncodes ? v->ncodes : 1, 1);
	if (!v->watched)
		oom();
	if (code < v->ncodes)
		v->watched[code] = 1;
}

/* ------------------------------------------------------------ body */

/* The token at p (up to its whitespace) for a message. */
static const char *shown(const char *p, char *out, size_t len)
{
	size_t n = 0;

	while (n + 1 < len && !is_ws((unsigned char)p[n]))
		n++;
	memcpy(out, p, n);
	out[n] = 0;
	if (n + 1 == len && len > 4)
		strcpy(out + len - 4, "...");
	return out;
}

/* The digits of a value, for the VCD and FST readers alike (vcd.h). */
void dump_bits(const char *p, const char *e, uint64_t *val, int *known)
{
	size_t n = (size_t)(e - p);

	val[0] = val[1] = 0;
	*known = 1;
	for (size_t i = 0; i < n; i++) {
		char c = e[-1 - (long)i];

		if (c == '1') {
			if (i < VCD_MAX_BITS)
				val[i / 64] |= (uint64_t)1 << (i % 64);
		} else if (c != '0') {
			*known = 0;
		}
	}
}

/*
 * The identifier code after a value token that ends at e: [*c, *ce), or
 * 0 when no token starts before lim (its code is in the next block, or
 * the file ends first).
 */
static inline int code_after(const char *e, const char *lim, const char **c, const char **ce)
{
	const char *q = e;

	while (q < lim && is_ws((unsigned char)*q))
		q++;
	if (q >= lim)
		return 0;
	*c = q;
	while (!is_ws((unsigned char)*q))
		q++;
	*ce = q;
	return 1;
}

#define ALL(b)	(0x0101010101010101ull * (b))

int dump_run(struct vcd *v, const struct dump_sink *s)
{
	uint64_t cur = 0, val[VCD_MAX_BITS / 64];
	int dirty = 0, known;
	char show[64];

	if (v->fst)
		return fst_run(v, s);
	if (!v->watched)
		dump_watch(v, (unsigned int)-1);
	v->in_body = 1;
	for (;;) {
		const char *b = v->buf, *p = b + v->pos, *lim = b + v->lim;
		const unsigned char *w = v->watched;

		for (;;) {
			const char *t, *c, *ce;
			int idx;

			while (p < lim && is_ws((unsigned char)*p))
				p++;
			if (p >= lim)
				break;
			t = p;
			switch (*p) {
			case '#': {
				uint64_t tm = 0;

				for (p++; (unsigned char)(*p - '0') < 10; p++) {
					if (tm > (UINT64_MAX - 9) / 10) {
						v->pos = (size_t)(t - b);
						fail_at(v, v->pos, "time '%s' is too large",
							shown(t, show, sizeof(show)));
						goto error;
					}
					tm = tm * 10 + (uint64_t)(*p - '0');
				}
				if (p == t + 1 || !is_ws((unsigned char)*p)) {
					v->pos = (size_t)(t - b);
					fail_at(v, v->pos, "time '%s' is not # and a whole number",
						shown(t, show, sizeof(show)));
					goto error;
				}
				if (tm < cur) {
					v->pos = (size_t)(t - b);
					fail_at(v, v->pos, "time #%llu goes back from #%llu",
						(unsigned long long)tm, (unsigned long long)cur);
					goto error;
				}
				if (dirty) {
					s->step(s->ctx, cur);
					dirty = 0;
				}
				cur = tm;
				v->last_time = tm;
				continue;
			}
			case '0':
			case '1':
			case 'x':
			case 'X':
			case 'z':
			case 'Z':
				c = p + 1;
				for (ce = c; !is_ws((unsigned char)*ce); ce++)
					;
				p = ce;
				if (ce == c) {
					v->pos = (size_t)(t - b);
					fail_at(v, v->pos, "value change '%c' has no identifier code", *t);
					goto error;
				}
				idx = code_find(v, c, (size_t)(ce - c));
				if (idx < 0)
					goto undeclared;
				if (w[idx]) {
					val[0] = *t == '1';
					val[1] = 0;
					s->change(s->ctx, (unsigned int)idx, val, *t == '0' || *t == '1');
					dirty = 1;
				}
				continue;
			case 'b':
			case 'B': {
				const char *e = p + 1;
				int bad = 0;

				/* 8 digits at a time while they are all 0 or 1 */
				for (;;) {
					uint64_t x;

					memcpy(&x, e, 8);
					if ((x & ALL(0xfe)) != ALL('0'))
						break;
					e += 8;
				}
				for (;; e++) {
					unsigned char d = (unsigned char)*e;

					if (d == '0' || d == '1' || d == 'x' || d == 'X' || d == 'z' ||
					    d == 'Z')
						continue;
					if (is_ws(d))
						break;
					bad = d;
				}
				if (bad || e == p + 1) {
					v->pos = (size_t)(t - b);
					if (e == p + 1)
						fail_at(v, v->pos, "empty vector value");
					else
						fail_at(v, v->pos, "vector value '%s' has a '%c': want "
							"0, 1, x or z", shown(t, show, sizeof(show)),
							bad);
					goto error;
				}
				if (!code_after(e, lim, &c, &ce))
					goto no_code;
				p = ce;
				idx = code_find(v, c, (size_t)(ce - c));
				if (idx < 0)
					goto undeclared;
				if (w[idx]) {
					dump_bits(t + 1, e, val, &known);
					s->change(s->ctx, (unsigned int)idx, val, known);
					dirty = 1;
				}
				continue;
			}
			case 'r':
			case 'R':
			case 's':
			case 'S':
				/* real and string variables: nothing the monitor watches */
				for (ce = p; !is_ws((unsigned char)*ce); ce++)
					;
				if (!code_after(ce, lim, &c, &ce))
					goto no_code;
				p = ce;
				if (code_find(v, c, (size_t)(ce - c)) < 0)
					goto undeclared;
				continue;
			case '$':
				for (ce = p; !is_ws((unsigned char)*ce); ce++)
					;
				p = ce;
				if (ce - t == 8 && !memcmp(t, "$comment", 8)) {
					v->pos = (size_t)(p - b);
					if (skip_section(v, "$comment", (size_t)(t - b)))
						goto error;
					b = v->buf;
					p = b + v->pos;
					lim = b + v->lim;
				}
				/* $dumpvars, $dumpall, $dumpon, $dumpoff, $end: values follow */
				continue;
			default:
				v->pos = (size_t)(t - b);
				fail_at(v, v->pos, "malformed value change '%s': want #time, 0/1/x/z "
					"+ code, b<bits> code, r<real> code or s<string> code",
					shown(t, show, sizeof(show)));
				goto error;
			}
no_code:
			/* a value's code is the next token: in the next block, or missing */
			if (!v->eof) {
				p = t;
				goto refill;
			}
			v->pos = (size_t)(t - b);
			fail_at(v, v->pos, "%s '%s' has no identifier code",
				*t == 'b' || *t == 'B' ? "vector value" : "value",
				shown(t, show, sizeof(show)));
			goto error;
undeclared:
			v->pos = (size_t)(c - b);
			fail_at(v, v->pos, "value change for '%s', an identifier code no $var "
				"declared", shown(c, show, sizeof(show)));
			goto error;
		}
refill:
		v->pos = (size_t)(p - b);
		if (v->eof) {
			if (v->lim < v->len) {
				v->pos = v->lim;
				fail_at(v, v->pos, "the file ends inside a line ('%s'): it was cut "
					"short", shown(v->buf + v->lim, show, sizeof(show)));
				v->truncated = 1;
				goto error;
			}
			break;
		}
		if (s->progress)
			s->progress(s->ctx, v->buf_off + v->pos);
		if (fill(v))
			goto error;
	}
	if (dirty)
		s->step(s->ctx, cur);
	return 0;
error:
	v->partial = 1;
	return -1;
}

void dump_close(struct vcd *v)
{
	unsigned int i;

	if (v->fst)
		fst_close(v);
	for (i = 0; i < v->nvars; i++) {
		free(v->vars[i].scope);
		free(v->vars[i].name);
	}
	for (i = 0; v->code_text && i < v->ncodes; i++)
		free(v->code_text[i]);
	free(v->vars);
	free(v->code_text);
	free(v->codes);
	free(v->watched);
	free(v->buf);
	free(v->tok);
	if (v->fd > 0)
		close(v->fd);
	memset(v, 0, sizeof(*v));
}
