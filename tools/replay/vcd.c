// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * A streaming VCD reader; see vcd.h.
 *
 * A file is mapped a window at a time (a pipe is read in large blocks);
 * the body's tokens are taken straight from the block (no line splitting,
 * no copies), identifier codes are looked up in a table indexed by the
 * code itself (the hash for codes of more than 3 characters), a vector's
 * digits are checked and converted 8 at a time, and the bits of a vector
 * nobody watches are only checked, never converted. A change is stored in
 * its code's slot, with no call: the sink is called once a time step.
 * Line numbers cost nothing on the way: each block's newlines are counted
 * when it is let go, and an error's line is counted from there.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE		/* MAP_POPULATE, where there is one */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vcd.h"

/* what the body's loop calls on every token is inlined where the compiler can be told */
#if defined(__GNUC__) || defined(__clang__)
#define HOT	static inline __attribute__((always_inline))
#else
#define HOT	static inline
#endif

#define BLOCK		(1u << 20)	/* bytes read at once */
#define PAD		16		/* readable bytes past the data */
#define WINDOW		BLOCK		/* bytes of a file mapped at once */

#ifndef MAP_POPULATE
#define MAP_POPULATE	0
#endif

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

/* ' ', '\t', '\n', '\v', '\f', '\r' */
static inline int is_ws(unsigned char c)
{
	return c <= ' ' && ((0x100003e00ull >> c) & 1);
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

/* lim after the last whitespace of the block: every token before it ends before it. */
static void set_lim(struct vcd *v)
{
	v->lim = v->len;
	while (v->lim > 0 && !is_ws((unsigned char)v->buf[v->lim - 1]))
		v->lim--;
}

static void unmap(struct vcd *v)
{
	if (v->map)
		munmap(v->map, v->map_len);
	v->map = NULL;
}

/* The last bytes of a file, from start: into the heap, padded as a read leaves them. */
static int read_tail(struct vcd *v, uint64_t start)
{
	size_t rest = (size_t)(v->size - start), got = 0;

	if (rest > v->cap) {
		v->cap = rest;
		v->heap = dump_xrealloc(v->heap, v->cap + PAD);
	}
	while (got < rest) {
		ssize_t n = pread(v->fd, v->heap + got, rest - got, (off_t)(start + got));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(v->err, sizeof(v->err), "line %ld: read failed: %s",
				 line_at(v, v->pos), strerror(errno));
			return -1;
		}
		if (n == 0)
			break;	/* it shrank */
		got += (size_t)n;
	}
	unmap(v);
	v->no_map = 1;
	v->eof = 1;
	v->buf = v->heap;
	v->buf_off = start;
	v->pos = 0;
	if (!v->lines_lazy)
		v->pos_counted = 0;
	v->len = got;
	memset(v->buf + v->len, ' ', PAD);
	set_lim(v);
	return 0;
}

/*
 * A file larger than a window is mapped, a window at a time from the
 * first byte not taken (so no copy of it is made, and only a window of it
 * is held), the PAD bytes past a window's block readable in the window;
 * its last bytes are read into the heap (read_tail()). 0, or -1 on an
 * error, or 1 when it cannot be mapped: then it is read on from where the
 * block ends.
 */
static int fill_map(struct vcd *v)
{
	uint64_t start = v->buf_off + v->pos, rest;
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), off = start & ~(page - 1);
	size_t want = v->map_want ? v->map_want : WINDOW;
	struct stat st;

	for (;;) {
		size_t data, len;
		char *m;

		/* a file still being written: on to where it is now */
		if (v->size - start <= (uint64_t)want + PAD && !fstat(v->fd, &st) &&
		    (uint64_t)st.st_size > v->size)
			v->size = (uint64_t)st.st_size;
		rest = v->size - start;
		if (rest <= BLOCK)
			return read_tail(v, start);
		data = rest - PAD < want ? (size_t)(rest - PAD) : want;
		len = (size_t)(start - off) + data + PAD;
		m = mmap(NULL, len, PROT_READ, MAP_PRIVATE | MAP_POPULATE, v->fd, (off_t)off);
		if (m == MAP_FAILED) {
			v->no_map = 1;
			if (lseek(v->fd, (off_t)(v->buf_off + v->len), SEEK_SET) < 0) {
				snprintf(v->err, sizeof(v->err), "line %ld: cannot map nor seek: %s",
					 line_at(v, v->pos), strerror(errno));
				return -1;
			}
			return 1;
		}
		posix_madvise(m, len, POSIX_MADV_SEQUENTIAL);
		unmap(v);
		v->map = m;
		v->map_len = len;
		v->buf = m + (start - off);
		v->buf_off = start;
		v->pos = 0;
		if (!v->lines_lazy)
			v->pos_counted = 0;
		v->len = data;
		set_lim(v);
		if (v->lim > 0)
			return 0;
		/* a token longer than the window: a larger one, or the rest */
		if (data < want)
			return read_tail(v, start);
		want *= 2;
		v->map_want = want;
	}
}

/*
 * Keep [pos, len), read more behind it, and set lim after the last
 * whitespace so that every token before lim ends before it. At the end
 * of the file lim is len; a last line without its newline is left out
 * (the file was cut). A token longer than the buffer grows it. A file of
 * more than two windows is mapped instead (fill_map()).
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
	if (!v->no_map && !v->eof && v->size > 2 * (uint64_t)WINDOW) {
		int r = fill_map(v);

		if (r <= 0)
			return r;
	}
	keep = v->len - v->pos;
	if (keep > v->cap) {
		/* a window larger than the heap, and mapping failed after it */
		v->cap = keep;
		v->heap = dump_xrealloc(v->heap, v->cap + PAD);
	}
	memmove(v->heap, v->buf + v->pos, keep);
	v->buf = v->heap;
	unmap(v);
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
		set_lim(v);
		if (v->lim > 0 || v->eof)
			break;
		if (v->len < v->cap)
			continue;	/* read more: no whitespace yet */
		v->cap *= 2;
		v->heap = v->buf = dump_xrealloc(v->heap, v->cap + PAD);
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
	v->heap = v->buf = dump_xrealloc(NULL, v->cap + PAD);
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

/* Room for slot n in the slot arrays. */
static void slots_reserve(struct vcd *v, unsigned int n)
{
	if (n < v->cap_slots)
		return;
	v->cap_slots = v->cap_slots ? v->cap_slots * 2 : 64;
	if (v->cap_slots <= n)
		v->cap_slots = n + 1;
	v->slots = dump_xrealloc(v->slots, v->cap_slots * sizeof(*v->slots));
	v->groups = dump_xrealloc(v->groups, v->cap_slots * sizeof(*v->groups));
}

/* The slots of the codes, and slot 0 (the changes of the codes nobody watches, in no group). */
static void slots_init(struct vcd *v)
{
	if (!v->slot_of) {
		v->slot_of = calloc(v->ncodes ? v->ncodes : 1, sizeof(*v->slot_of));
		if (!v->slot_of)
			oom();
	}
	if (!v->nslots) {
		slots_reserve(v, 0);
		memset(&v->slots[0], 0, sizeof(v->slots[0]));
		v->groups[0] = 0;
		v->nslots = 1;
	}
}

unsigned int dump_slots(struct vcd *v, unsigned int n)
{
	unsigned int first;

	slots_init(v);
	first = v->nslots;
	slots_reserve(v, first + n);
	/* a slot is not known until dumped */
	memset(&v->slots[first], 0, n * sizeof(v->slots[0]));
	memset(&v->groups[first], 0, n * sizeof(v->groups[0]));
	v->nslots += n;
	return first;
}

unsigned int dump_watch_in(struct vcd *v, unsigned int code, unsigned int i, uint64_t group)
{
	slots_init(v);
	if (code >= v->ncodes)
		return 0;
	if (!v->slot_of[code])
		v->slot_of[code] = i;
	i = v->slot_of[code];
	v->groups[i] |= group;
	return i;
}

unsigned int dump_watch(struct vcd *v, unsigned int code, uint64_t group)
{
	slots_init(v);
	if (code >= v->ncodes)
		return 0;
	return dump_watch_in(v, code, v->slot_of[code] ? v->slot_of[code] : dump_slots(v, 1),
			     group);
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

#define ALL(b)	(0x0101010101010101ull * (b))

/*
 * The body's identifier codes. Those of 1 to 3 printable characters (every
 * code of a dump of fewer than 839,514 variables, as Verilator and most
 * writers number them) are found in a dense table indexed by the code
 * read as a number in base 94, each length in its own range; longer ones
 * by the hash. An entry is the code's slot (0 when nobody watches it),
 * or CODE_UNDECLARED.
 */
#define CODE_UNDECLARED	(-1)
#define DENSE_2		94u			/* where the 2-character codes start */
#define DENSE_3		(94u + 94u * 94u)	/* ... and the 3-character ones */

/* A code's place in the dense table, or -1 when it has none. */
static long dense_key(const char *p, size_t n)
{
	unsigned int d[3];

	if (n < 1 || n > 3)
		return -1;
	for (size_t i = 0; i < n; i++) {
		d[i] = (unsigned char)p[i] - 33u;
		if (d[i] >= 94)
			return -1;
	}
	if (n == 1)
		return (long)d[0];
	if (n == 2)
		return (long)(DENSE_2 + d[0] + 94 * d[1]);
	return (long)(DENSE_3 + d[0] + 94 * d[1] + 94 * 94 * d[2]);
}

static int32_t code_entry(const struct vcd *v, unsigned int idx)
{
	return (int32_t)v->slot_of[idx];
}

/* The dense table of the codes declared, sized to the largest. */
static void dense_build(struct vcd *v)
{
	size_t n = 0;

	for (unsigned int i = 0; i < v->ncodes; i++) {
		long k = dense_key(v->code_text[i], strlen(v->code_text[i]));

		if (k >= 0 && (size_t)k + 1 > n)
			n = (size_t)k + 1;
	}
	free(v->dense);
	v->dense = dump_xrealloc(NULL, (n ? n : 1) * sizeof(*v->dense));
	v->ndense = n;
	for (size_t k = 0; k < n; k++)
		v->dense[k] = CODE_UNDECLARED;
	for (unsigned int i = 0; i < v->ncodes; i++) {
		long k = dense_key(v->code_text[i], strlen(v->code_text[i]));

		if (k >= 0)
			v->dense[k] = code_entry(v, i);
	}
}

/* code_lookup() of a code not in the dense table's range: by the hash. */
static int32_t code_lookup_long(const struct vcd *v, const char *q, const char **end)
{
	const char *e;
	int idx;

	for (e = q; !is_ws((unsigned char)*e); e++)
		;
	*end = e;
	if (e == q)
		return CODE_UNDECLARED;
	idx = code_find(v, q, (size_t)(e - q));
	return idx < 0 ? CODE_UNDECLARED : code_entry(v, (unsigned int)idx);
}

/*
 * The entry of the code at q (it ends at whitespace, which is in the
 * buffer), and in *end where it ends. An empty code is CODE_UNDECLARED
 * with *end == q.
 */
HOT int32_t code_lookup(const struct vcd *v, const int32_t *dense, size_t ndense, const char *q,
			const char **end)
{
	const unsigned char *u = (const unsigned char *)q;
	unsigned int a = u[0] - 33u, b, c;
	size_t k;

	if (a < 94) {
		b = u[1] - 33u;
		if (b >= 94) {
			if (is_ws(u[1])) {
				k = a;
				*end = q + 1;
				goto dense;
			}
		} else {
			c = u[2] - 33u;
			if (c >= 94) {
				if (is_ws(u[2])) {
					k = DENSE_2 + a + 94 * b;
					*end = q + 2;
					goto dense;
				}
			} else if (is_ws(u[3])) {
				k = DENSE_3 + a + 94 * b + 94 * 94 * c;
				*end = q + 3;
				goto dense;
			}
		}
	}
	return code_lookup_long(v, q, end);
dense:
	return k < ndense ? dense[k] : CODE_UNDECLARED;
}

/* The 8 bytes at p, p[0] the lowest (one load where the machine allows it). */
HOT uint64_t load8(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	return (uint64_t)u[0] | (uint64_t)u[1] << 8 | (uint64_t)u[2] << 16 |
	       (uint64_t)u[3] << 24 | (uint64_t)u[4] << 32 | (uint64_t)u[5] << 40 |
	       (uint64_t)u[6] << 48 | (uint64_t)u[7] << 56;
}

/* How many of the 8 bytes x (load8()) lead with binary digits; no branch. */
HOT unsigned int binary8(uint64_t x)
{
	uint64_t m = (x & ALL(0xfe)) ^ ALL('0');	/* 0 in a byte '0' or '1' */

#if defined(__GNUC__) || defined(__clang__)
	/* the lowest set bit by the instruction for it; 8 when m is 0 */
	return ((unsigned int)__builtin_ctzll(m | (uint64_t)1 << 63) >> 3) + (m == 0);
#else
	/* the bits below m's lowest set bit (all of them when m is 0): the
	 * bytes wholly below it have their top bit set, and are counted */
	return (unsigned int)(((((m & (0 - m)) - 1) & ALL(0x80)) >> 7) * ALL(1) >> 56);
#endif
}

/* Bit 0 of each of the 8 bytes x (load8()) as 8 bits, the first the highest. */
HOT uint64_t bits8(uint64_t x)
{
	return ((x & ALL(1)) * 0x8040201008040201ull) >> 56;
}

/* The binary digits [p, e), every one '0' or '1', into val (its low 128 bits). */
static void bin_value(const char *p, const char *e, uint64_t *val)
{
	uint64_t lo = 0, hi = 0;
	size_t r = (size_t)(e - p) & 7;

	if (r) {
		lo = bits8(load8(p)) >> (8 - r);
		p += r;
	}
	for (; p < e; p += 8) {
		hi = hi << 8 | lo >> 56;
		lo = lo << 8 | bits8(load8(p));
	}
	val[0] = lo;
	val[1] = hi;
}

/* What a token is, by its first character. */
enum { K_BAD, K_WS, K_TIME, K_SCALAR, K_VECTOR, K_OTHER_VALUE, K_KEYWORD };

static const unsigned char token_kind[256] = {
	[' '] = K_WS, ['\t'] = K_WS, ['\n'] = K_WS, ['\v'] = K_WS, ['\f'] = K_WS,
	['\r'] = K_WS,
	['#'] = K_TIME,
	['0'] = K_SCALAR, ['1'] = K_SCALAR, ['x'] = K_SCALAR, ['X'] = K_SCALAR,
	['z'] = K_SCALAR, ['Z'] = K_SCALAR,
	['b'] = K_VECTOR, ['B'] = K_VECTOR,
	['r'] = K_OTHER_VALUE, ['R'] = K_OTHER_VALUE, ['s'] = K_OTHER_VALUE,
	['S'] = K_OTHER_VALUE,
	['$'] = K_KEYWORD,
};

/*
 * The body, token by token from the block. Each kind of token is taken
 * with few branches: a vector's first 16 digits checked and converted at
 * once, a code looked up in the dense table; a token's whitespace after
 * it is passed over with it. A change goes to its code's slot (slot 0
 * when nobody watches the code) and its group to the step's touched set:
 * no call a change.
 */
int dump_run(struct vcd *v, const struct dump_sink *s)
{
	uint64_t cur = 0, touched = 0;
	char show[64];
	void *const ctx = s->ctx;
	const int32_t *dense;
	size_t ndense;
	struct dump_slot *slots;
	const uint64_t *groups;

	if (v->fst)
		return fst_run(v, s);
	dump_watch(v, (unsigned int)-1, 0);	/* slot 0, if nothing else is */
	dense_build(v);
	dense = v->dense;
	ndense = v->ndense;
	slots = v->slots;
	groups = v->groups;
	v->in_body = 1;
	for (;;) {
		const char *b = v->buf, *p = b + v->pos, *lim = b + v->lim;

		/*
		 * Every token that starts before lim ends before it, with its
		 * whitespace; the buffer is readable PAD bytes past its data.
		 */
		while (p < lim) {
			const char *t = p, *c, *ce, *e;
			unsigned char k0 = (unsigned char)*p;
			int32_t code;

			/*
			 * The common kinds by branches of their own, which the
			 * processor foresees better than one jump by a table.
			 */
			if ((k0 & 0xfe) == '0')
				goto scalar;
			if (k0 == '#')
				goto time;
			if (k0 == 'b')
				goto vector;
			switch (token_kind[k0]) {
			case K_WS:
				p++;
				continue;
			case K_TIME:
			time: {
				uint64_t tm = 0;
				unsigned int d;

				for (p++; (d = (unsigned char)*p - '0') < 10; p++)
					tm = tm * 10 + d;
				if (p - t > 20) {
					/* more than 19 digits: again, watching for overflow */
					tm = 0;
					for (p = t + 1; (d = (unsigned char)*p - '0') < 10; p++) {
						if (tm > (UINT64_MAX - 9) / 10) {
							v->pos = (size_t)(t - b);
							fail_at(v, v->pos, "time '%s' is too large",
								shown(t, show, sizeof(show)));
							goto error;
						}
						tm = tm * 10 + d;
					}
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
				if (touched) {
					s->step(ctx, cur, touched);
					touched = 0;
				}
				cur = tm;
				v->last_time = tm;
				p++;
				continue;
			}
			case K_SCALAR:
			scalar:
				c = p + 1;
				code = code_lookup(v, dense, ndense, c, &ce);
				p = ce + 1;
				if (code >= 0) {
					/* no branch for a code nobody watches: slot 0 */
					slots[code].value[0] = *t == '1';
					slots[code].value[1] = 0;
					slots[code].known = (*t & 0xfe) == '0';
					touched |= groups[code];
					continue;
				}
				if (ce == c) {
					v->pos = (size_t)(t - b);
					fail_at(v, v->pos, "value change '%c' has no identifier code", *t);
					goto error;
				}
				goto undeclared;
			case K_VECTOR:
			vector: {
				/* the first 16 digits at once, then 8 at a time */
				uint64_t x0 = load8(p + 1), x1 = load8(p + 9);
				unsigned int n0 = binary8(x0), n1 = binary8(x1);
				size_t n = n0 + (n1 & (0u - (n0 >> 3)));	/* n1 counts if n0 is 8 */
				int bin = 1;

				e = p + 1 + n;
				if (n == 16) {
					while ((n0 = binary8(load8(e))) == 8)
						e += 8;
					e += n0;
				}
				if (!is_ws((unsigned char)*e)) {
					/* an x or a z, or a bad digit */
					int bad = 0;

					for (;; e++) {
						unsigned char d = (unsigned char)*e;

						if (d == '0' || d == '1')
							continue;
						if (d == 'x' || d == 'X' || d == 'z' || d == 'Z') {
							bin = 0;
							continue;
						}
						if (is_ws(d))
							break;
						bad = d;
					}
					if (bad) {
						v->pos = (size_t)(t - b);
						fail_at(v, v->pos, "vector value '%s' has a '%c': want "
							"0, 1, x or z", shown(t, show, sizeof(show)),
							bad);
						goto error;
					}
				}
				if (e == p + 1) {
					v->pos = (size_t)(t - b);
					fail_at(v, v->pos, "empty vector value");
					goto error;
				}
				/* the code: the next token (after one space, as a rule) */
				c = e + 1;
				if (c >= lim || is_ws((unsigned char)*c)) {
					while (c < lim && is_ws((unsigned char)*c))
						c++;
					if (c >= lim)
						goto no_code;
				}
				code = code_lookup(v, dense, ndense, c, &ce);
				p = ce + 1;
				if (code < 0)
					goto undeclared;
				if (bin && n < 16) {
					/* the first n of the 16 digits read; no branch for
					 * a code nobody watches: slot 0 */
					slots[code].value[0] = (bits8(x0) << 8 | bits8(x1)) >> (16 - n);
					slots[code].value[1] = 0;
					slots[code].known = 1;
				} else if (code) {
					if (bin) {
						bin_value(t + 1, e, slots[code].value);
						slots[code].known = 1;
					} else {
						dump_bits(t + 1, e, slots[code].value,
							  &slots[code].known);
					}
				}
				touched |= groups[code];
				continue;
			}
			case K_OTHER_VALUE:
				/* real and string variables: nothing the monitor watches */
				for (e = p; !is_ws((unsigned char)*e); e++)
					;
				c = e;
				while (c < lim && is_ws((unsigned char)*c))
					c++;
				if (c >= lim)
					goto no_code;
				if (code_lookup(v, dense, ndense, c, &ce) == CODE_UNDECLARED)
					goto undeclared;
				p = ce + 1;
				continue;
			case K_KEYWORD:
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
				break;
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
			s->progress(ctx, v->buf_off + v->pos);
		if (fill(v))
			goto error;
	}
	if (touched)
		s->step(ctx, cur, touched);
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
	free(v->slot_of);
	free(v->slots);
	free(v->groups);
	free(v->dense);
	unmap(v);
	free(v->heap);
	free(v->tok);
	if (v->fd > 0)
		close(v->fd);
	memset(v, 0, sizeof(*v));
}
