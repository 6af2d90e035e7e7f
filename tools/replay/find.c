// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * axiperf-replay: finding a link's signals in a dump, by the names the
 * user gave (map_signals) or, with none given, every AXI4 interface there
 * is (discover).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "replay.h"

static int scope_matches(const char *scope, const char *want)
{
	size_t a = strlen(scope), b = strlen(want);

	if (a == b)
		return !strcasecmp(scope, want);
	return a > b && scope[a - b - 1] == '.' && !strcasecmp(scope + a - b, want);
}

static int var_matches(const struct vcd_var *v, const char *name, const char *scope,
		       const char *only_scope)
{
	if (strcasecmp(v->name, name))
		return 0;
	if (scope && !scope_matches(v->scope, scope))
		return 0;
	if (only_scope && !scope_matches(v->scope, only_scope))
		return 0;
	return 1;
}

/* The vars of one signal: all in one scope (several when bit by bit). */
static int find_signal(const struct vcd *v, const struct opts *o, const char *full,
		       int *idx, int max, char *ambiguous, size_t amb_len)
{
	char name[1024];
	const char *scope = NULL, *dot = strrchr(full, '.');
	int n = 0;
	const struct vcd_var *first = NULL;

	snprintf(name, sizeof(name), "%s", dot ? dot + 1 : full);
	if (dot) {
		static char sc[1200];

		snprintf(sc, sizeof(sc), "%.*s", (int)(dot - full), full);
		scope = sc;
	}
	*ambiguous = 0;
	for (unsigned int i = 0; i < v->nvars; i++) {
		const struct vcd_var *var = &v->vars[i];

		if (!var_matches(var, name, scope, o->scope))
			continue;
		if (first && strcmp(first->scope, var->scope)) {
			/* the same net dumped in two scopes is one signal */
			if (var->code == first->code)
				continue;
			snprintf(ambiguous, amb_len, "%s.%s and %s.%s", first->scope, first->name,
				 var->scope, var->name);
			return -1;
		}
		if (!first)
			first = var;
		if (n < max)
			idx[n++] = (int)i;
	}
	return n;
}

static void add_part(struct link_map *lm, const struct vcd_var *var, int role)
{
	struct part *p;
	unsigned int lsb = 0;

	if (var->msb >= 0)
		lsb = (unsigned int)(var->msb < var->lsb ? var->msb : var->lsb);
	if (lm->nparts == lm->cap_parts) {
		lm->cap_parts = lm->cap_parts ? lm->cap_parts * 2 : 64;
		lm->parts = dump_xrealloc(lm->parts, lm->cap_parts * sizeof(*lm->parts));
	}
	p = &lm->parts[lm->nparts++];
	p->role = role;
	p->code = var->code;
	p->lsb = lsb;
	p->width = var->width;
	if (lsb + var->width > lm->width[role])
		lm->width[role] = lsb + var->width;
}

/* Names ending in the role's name, to suggest a --prefix. */
static void suggest(const struct vcd *v, const char *role, char *out, size_t len)
{
	size_t rl = strlen(role), used = 0;
	int n = 0;

	*out = 0;
	for (unsigned int i = 0; i < v->nvars && n < 4; i++) {
		const char *nm = v->vars[i].name;
		size_t l = strlen(nm);

		/* at a word boundary: m_axi_rready, not m_axi_arready */
		if (l > rl && !strcasecmp(nm + l - rl, role) &&
		    (nm[l - rl - 1] == '_' || nm[l - rl - 1] == '.')) {
			int w = snprintf(out + used, len - used, "%s%s.%s", n ? ", " : "",
					 v->vars[i].scope, nm);

			if (w < 0 || (size_t)w >= len - used)
				break;
			used += (size_t)w;
			n++;
		}
	}
}

static int is_id_role(int r)
{
	return r == R_AWID || r == R_ARID || r == R_RID;
}

/* Whether the trace has any of the ID signals under their default names. */
static int any_id_signal(const struct vcd *v, const struct opts *o)
{
	static const int ids[] = { R_AWID, R_ARID, R_RID };
	char name[300], amb[600];
	int idx[256];

	for (size_t i = 0; i < 3; i++) {
		if (o->map[ids[i]]) {
			if (*o->map[ids[i]])
				return 1;	/* named by the user */
			continue;		/* marked absent */
		}
		snprintf(name, sizeof(name), "%s%s", o->prefix, roles[ids[i]].name);
		if (find_signal(v, o, name, idx, 256, amb, sizeof(amb)))
			return 1;
	}
	return 0;
}

/* Reset names looked for when none is given, each with its polarity. */
static const struct {
	const char *name;
	int low;
} reset_names[] = {
	{ "aresetn", 1 }, { "rst_n", 1 }, { "resetn", 1 },
	{ "areset", 0 }, { "rst", 0 }, { "reset", 0 },
};
#define N_RESETS	(int)(sizeof(reset_names) / sizeof(reset_names[0]))

/*
 * The reset by name: the prefixed names first, then the bare ones. Two
 * different resets at the same step are ambiguous; none at all is fine
 * (the link is counted from its first clock).
 */
static void find_reset(const struct vcd *v, const struct opts *o, struct link_map *lm)
{
	char amb[600], name[300];
	int idx[256];
	int low = 0;

	for (int bare = *o->prefix ? 0 : 1; bare < 2; bare++) {
		int nfound = 0;

		for (size_t i = 0; i < sizeof(reset_names) / sizeof(reset_names[0]); i++) {
			int n;

			snprintf(name, sizeof(name), "%s%s", bare ? "" : o->prefix,
				 reset_names[i].name);
			n = find_signal(v, o, name, idx, 256, amb, sizeof(amb));
			if (n < 0)
				die("%s: reset is ambiguous: %s; choose with --scope, --reset NAME "
				    "or --resetn NAME", o->path, amb);
			if (!n)
				continue;
			if (nfound == 1)
				die("%s: two resets found: %s and %s.%s; choose one with --reset "
				    "NAME (active high) or --resetn NAME (active low), or "
				    "'--map reset=' for none", o->path, lm->found[R_RESET],
				    v->vars[idx[0]].scope, v->vars[idx[0]].name);
			snprintf(lm->found[R_RESET], sizeof(lm->found[R_RESET]), "%s.%s",
				 v->vars[idx[0]].scope, v->vars[idx[0]].name);
			low = reset_names[i].low;
			for (int k = 0; k < n; k++)
				add_part(lm, &v->vars[idx[k]], R_RESET);
			nfound++;
		}
		if (nfound) {
			lm->reset_low = low;
			lm->reset_how = "found by name";
			return;
		}
	}
	lm->reset_how = "none found by name";
}

void map_signals(const struct vcd *v, const struct opts *o, struct link_map *lm)
{
	int idx[256];

	memset(lm, 0, sizeof(*lm));
	for (int r = 0; r < R_NUM; r++) {
		char want[300], amb[600];
		const char *tries[5];
		int ntries = 0, n = -1;

		if ((o->map[r] && !*o->map[r]) || (roles[r].extra && !o->txn)) {
			if (r == R_RESET)
				lm->reset_how = "--map reset=";
			continue;	/* absent */
		}
		if (r == R_RESET && !o->map[r]) {
			find_reset(v, o, lm);
			continue;
		}
		if (r == R_RESET) {
			lm->reset_low = o->reset_low;
			lm->reset_how = o->reset_low ? "--resetn" : "--reset";
		}
		if (o->map[r]) {
			tries[ntries++] = o->map[r];
		} else if (r == R_CLK) {
			static char a[300], b[300];

			snprintf(a, sizeof(a), "%saclk", o->prefix);
			snprintf(b, sizeof(b), "%sclk", o->prefix);
			tries[ntries++] = a;
			tries[ntries++] = b;
			tries[ntries++] = "aclk";
			tries[ntries++] = "clk";
			tries[ntries++] = "clock";
		} else {
			snprintf(want, sizeof(want), "%s%s", o->prefix, roles[r].name);
			tries[ntries++] = want;
		}
		for (int t = 0; t < ntries && n <= 0; t++) {
			n = find_signal(v, o, tries[t], idx, 256, amb, sizeof(amb));
			if (n < 0)
				die("%s: %s is ambiguous: %s; choose with --scope or --map %s=SCOPE.NAME",
				    o->path, roles[r].name, amb, roles[r].name);
			if (n > 0)
				snprintf(lm->found[r], sizeof(lm->found[r]), "%s.%s",
					 v->vars[idx[0]].scope, v->vars[idx[0]].name);
		}
		if (n == 0 && roles[r].extra && !o->map[r])
			continue;	/* no BID, BRESP or RRESP: the transactions go without */
		if (n == 0 && is_id_role(r) && !o->map[r] && !any_id_signal(v, o)) {
			lm->no_ids = 1;
			continue;	/* a link without IDs: width 0 */
		}
		if (n == 0) {
			char sug[512];

			if (r == R_CLK && !o->map[r])
				die("%s: no clock found (tried %saclk, %sclk, aclk, clk, clock); "
				    "name it with --clock NAME", o->path, o->prefix, o->prefix);
			suggest(v, roles[r].name, sug, sizeof(sug));
			die("%s: no signal for %s: looked for '%s'%s%s%s%s%s; name it with "
			    "--map %s=NAME%s%s%s, or set the name prefix with --prefix",
			    o->path, roles[r].name, tries[0], o->scope ? " in scope " : "",
			    o->scope ? o->scope : "", *sug ? " (signals ending in it: " : "", sug,
			    *sug ? ")" : "", roles[r].name,
			    roles[r].optional ? " (or --map " : "",
			    roles[r].optional ? roles[r].name : "",
			    roles[r].optional ? "= if the link has none)" : "");
		}
		for (int i = 0; i < n; i++)
			add_part(lm, &v->vars[idx[i]], r);
		if (lm->width[r] > roles[r].max_bits)
			die("%s: %s (%s) is %u bits wide; at most %u for %s", o->path, roles[r].name,
			    lm->found[r], lm->width[r], roles[r].max_bits, roles[r].name);
	}
}

/* ------------------------------------------------------------ discovery */

/* The handshake set: a scope holding all of these under one prefix is a link. */
static const int hs_roles[] = {
	R_AWVALID, R_AWREADY, R_WVALID, R_WREADY, R_WLAST, R_BVALID, R_BREADY,
	R_ARVALID, R_ARREADY, R_RVALID, R_RREADY, R_RLAST,
};
#define N_HS	(int)(sizeof(hs_roles) / sizeof(hs_roles[0]))

struct cand {
	const char *scope;
	char prefix[128];
	int var[R_NUM];		/* first variable of each role, or -1 */
	int nhs;		/* handshake roles present */
	int lite;		/* all but wlast and rlast, taken as AXI4-Lite (--lite) */
};

/* A candidate with every handshake role it needs. */
static int whole(const struct cand *c)
{
	return c->nhs == N_HS || c->lite;
}

/* Variables named exactly scope.name (without case); several when bit by bit. */
static int in_scope(const struct vcd *v, const char *scope, const char *name, int *idx, int max,
		    int *other)
{
	int n = 0;

	*other = -1;
	for (unsigned int i = 0; i < v->nvars; i++) {
		const struct vcd_var *var = &v->vars[i];

		if (strcmp(var->scope, scope) || strcasecmp(var->name, name))
			continue;
		if (n && v->vars[idx[0]].code != var->code && v->vars[idx[0]].msb < 0) {
			*other = (int)i;	/* the same name twice, not bit by bit */
			continue;
		}
		if (n < max)
			idx[n++] = (int)i;
	}
	return n;
}

static void add_miss(struct discovery *d, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void add_miss(struct discovery *d, const char *label, const char *fmt, ...)
{
	struct near_miss *m;
	va_list ap;

	d->misses = dump_xrealloc(d->misses, (d->nmisses + 1) * sizeof(*d->misses));
	m = &d->misses[d->nmisses++];
	snprintf(m->label, sizeof(m->label), "%s", label);
	va_start(ap, fmt);
	vsnprintf(m->why, sizeof(m->why), fmt, ap);
	va_end(ap);
}

/* The parent scope of s in out ("" at the top); 0 when s is the top. */
static int parent_scope(const char *s, char *out, size_t len)
{
	const char *dot = strrchr(s, '.');

	if (!*s)
		return 0;
	snprintf(out, len, "%.*s", dot ? (int)(dot - s) : 0, s);
	return 1;
}

/*
 * A signal by one of names, in exactly this scope: its variable (*which:
 * the name's index), -1 if none, -2 if two different signals are found
 * (named in amb).
 */
static int find_here(const struct vcd *v, const char *scope, const char *const *names,
		     int nnames, int *which, char *amb, size_t amb_len)
{
	int found = -1, idx[4], other;

	for (int i = 0; i < nnames; i++) {
		if (!in_scope(v, scope, names[i], idx, 4, &other))
			continue;
		if (found >= 0 && v->vars[found].code != v->vars[idx[0]].code) {
			snprintf(amb, amb_len, "%.400s.%.100s and %.400s.%.100s", scope,
				 v->vars[found].name, scope, v->vars[idx[0]].name);
			return -2;
		}
		if (found < 0) {
			found = idx[0];
			*which = i;
		}
	}
	return found;
}

/* The same, in scope or else the nearest enclosing scope that has any. */
static int find_up(const struct vcd *v, const char *scope, const char *const *names, int nnames,
		   int *which, char *amb, size_t amb_len)
{
	char cur[1024], up[1024];
	int k;

	snprintf(cur, sizeof(cur), "%s", scope);
	while ((k = find_here(v, cur, names, nnames, which, amb, amb_len)) == -1) {
		if (!parent_scope(cur, up, sizeof(up)))
			return -1;
		snprintf(cur, sizeof(cur), "%s", up);
	}
	return k;
}

/* Whether a has more of the optional signals than b. */
static int richer(const struct found_link *a, const struct found_link *b)
{
	int na = 0, nb = 0;

	for (int r = 0; r < R_NUM; r++)
		if (roles[r].optional && !roles[r].extra && r != R_RESET) {
			na += !!*a->names[r];
			nb += !!*b->names[r];
		}
	return na > nb;
}

static void reason(char *why, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Why a candidate is not taken (vsnprintf: the message may be cut, never overrun). */
static void reason(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
}

/*
 * Whether the full candidate c is a link that can be replayed: 0 with fl
 * filled in, else -1 with the reason in why.
 */
static int check_link(const struct vcd *v, const struct cand *c, struct found_link *out,
		      char *why, size_t why_len)
{
	struct found_link fl;
	char amb[1024], name[300];
	int idx[256], other, nid = 0, r, k;
	static const char *const clock_names[] = { "aclk", "clk", "clock" };
	const char *names[N_RESETS];
	char pn[N_RESETS][300];
	int which = 0;

	memset(&fl, 0, sizeof(fl));
	snprintf(fl.scope, sizeof(fl.scope), "%s", c->scope);
	snprintf(fl.prefix, sizeof(fl.prefix), "%s", c->prefix);
	snprintf(fl.label, sizeof(fl.label), "%s%s%s%s", c->scope, *c->prefix ? "." : "",
		 c->prefix, *c->prefix ? "*" : "");
	fl.lite = c->lite;
	for (int i = 0; i < N_HS; i++) {
		r = hs_roles[i];
		if (c->var[r] < 0)
			continue;	/* AXI4-Lite's wlast and rlast: absent */
		snprintf(name, sizeof(name), "%s%s", c->prefix, roles[r].name);
		if (in_scope(v, c->scope, name, idx, 256, &other) && other >= 0) {
			reason(why, why_len, "%s is dumped twice under one name", name);
			return -1;
		}
		if (v->vars[c->var[r]].width != 1) {
			reason(why, why_len, "%s is %u bits wide, not 1", v->vars[c->var[r]].name,
				 v->vars[c->var[r]].width);
			return -1;
		}
		snprintf(fl.names[r], sizeof(fl.names[r]), "%s.%s", c->scope,
			 v->vars[c->var[r]].name);
	}
	for (r = 0; r < R_NUM; r++) {
		int n;

		if (!roles[r].optional || r == R_RESET)
			continue;
		snprintf(name, sizeof(name), "%s%s", c->prefix, roles[r].name);
		n = in_scope(v, c->scope, name, idx, 256, &other);
		if (n && other >= 0) {
			reason(why, why_len, "%s is dumped twice under one name", name);
			return -1;
		}
		if (n) {
			unsigned int w = 0;

			for (k = 0; k < n; k++) {
				const struct vcd_var *var = &v->vars[idx[k]];
				unsigned int lsb = var->msb < 0 ? 0 :
						   (unsigned int)(var->msb < var->lsb ? var->msb : var->lsb);

				if (lsb + var->width > w)
					w = lsb + var->width;
			}
			if (w > roles[r].max_bits) {
				reason(why, why_len, "%s is %u bits wide; at most %u for %s", name, w,
					 roles[r].max_bits, roles[r].name);
				return -1;
			}
			snprintf(fl.names[r], sizeof(fl.names[r]), "%s.%s", c->scope,
				 v->vars[idx[0]].name);
			nid += r == R_AWID || r == R_ARID || r == R_RID;
		}
	}
	if (nid == 0)
		fl.no_ids = 1;
	else if (nid < 3 || !*fl.names[R_RID]) {
		reason(why, why_len, "it has %s%s%s but not all three of awid, arid, rid: replay it "
			 "with --scope %s --prefix %s and --map for the missing ones",
			 *fl.names[R_AWID] ? "awid " : "", *fl.names[R_ARID] ? "arid " : "",
			 *fl.names[R_RID] ? "rid " : "", c->scope, *c->prefix ? c->prefix : "''");
		return -1;
	}

	/* the clock: P+aclk or P+clk here; else aclk, clk or clock here or above */
	snprintf(pn[0], sizeof(pn[0]), "%saclk", c->prefix);
	snprintf(pn[1], sizeof(pn[1]), "%sclk", c->prefix);
	for (int i = 0; i < 2; i++)
		names[i] = pn[i];
	k = *c->prefix ? find_here(v, c->scope, names, 2, &which, amb, sizeof(amb)) : -1;
	if (k == -1)
		k = find_up(v, c->scope, clock_names, 3, &which, amb, sizeof(amb));
	if (k == -2) {
		reason(why, why_len, "two clocks (%s): replay it with --scope %s --prefix %s "
		       "--clock NAME", amb, c->scope, *c->prefix ? c->prefix : "''");
		return -1;
	}
	if (k < 0) {
		reason(why, why_len, "no clock (aclk, clk or clock here or in a scope above): "
		       "replay it with --scope %s --prefix %s --clock NAME", c->scope,
		       *c->prefix ? c->prefix : "''");
		return -1;
	}
	if (v->vars[k].width != 1) {
		reason(why, why_len, "its clock %s.%s is %u bits wide", v->vars[k].scope,
			 v->vars[k].name, v->vars[k].width);
		return -1;
	}
	snprintf(fl.names[R_CLK], sizeof(fl.names[R_CLK]), "%s.%s", v->vars[k].scope,
		 v->vars[k].name);

	/* the reset: P+ each reset name here, else each bare name here or above */
	for (int i = 0; i < N_RESETS; i++) {
		snprintf(pn[i], sizeof(pn[i]), "%s%s", c->prefix, reset_names[i].name);
		names[i] = pn[i];
	}
	k = *c->prefix ? find_here(v, c->scope, names, N_RESETS, &which, amb, sizeof(amb)) : -1;
	if (k == -1) {
		for (int i = 0; i < N_RESETS; i++)
			names[i] = reset_names[i].name;
		k = find_up(v, c->scope, names, N_RESETS, &which, amb, sizeof(amb));
	}
	if (k == -2) {
		reason(why, why_len, "two resets (%s): replay it with --scope %s --prefix %s "
		       "and --reset NAME, --resetn NAME or '--map reset='", amb, c->scope,
		       *c->prefix ? c->prefix : "''");
		return -1;
	}
	if (k >= 0)
		fl.reset_low = reset_names[which].low;
	if (k >= 0) {
		if (v->vars[k].width != 1) {
			reason(why, why_len, "its reset %s.%s is %u bits wide", v->vars[k].scope,
				 v->vars[k].name, v->vars[k].width);
			return -1;
		}
		snprintf(fl.names[R_RESET], sizeof(fl.names[R_RESET]), "%s.%s", v->vars[k].scope,
			 v->vars[k].name);
	}

	for (int i = 0; i < N_HS; i++)
		if (c->var[hs_roles[i]] >= 0)
			fl.codes[hs_roles[i]] = v->vars[c->var[hs_roles[i]]].code;
	*out = fl;
	return 0;
}

/* The same nets dumped in two scopes (a port, the wire it is on, ...): one link. */
static int same_link(const struct vcd *v, const struct cand *a, const struct cand *b)
{
	for (int i = 0; i < N_HS; i++) {
		int x = a->var[hs_roles[i]], y = b->var[hs_roles[i]];

		if ((x < 0) != (y < 0) || (x >= 0 && v->vars[x].code != v->vars[y].code))
			return 0;
	}
	return 1;
}

static void label_of(const struct cand *c, char *out, size_t len)
{
	snprintf(out, len, "%.900s%s%.120s%s", c->scope, *c->prefix ? "." : "", c->prefix,
		 *c->prefix ? "*" : "");
}

/*
 * A group of candidates that are one link: the one that replays with the
 * most optional signals is the link (the first such one), the others its
 * aliases; none that replays is a near miss with the first one's reason.
 */
static void take_group(const struct vcd *v, struct cand *c, unsigned int nc, unsigned int first,
		       unsigned char *done, struct discovery *d)
{
	static struct found_link best, fl;
	char why[512], first_why[512] = "", label[1200];
	int have = 0;
	unsigned int j;

	for (j = first; j < nc; j++) {
		if (done[j] || !whole(&c[j]) || !same_link(v, &c[first], &c[j]))
			continue;
		done[j] = 1;
		if (check_link(v, &c[j], &fl, why, sizeof(why))) {
			if (!*first_why)
				snprintf(first_why, sizeof(first_why), "%s", why);
			continue;
		}
		if (!have || richer(&fl, &best)) {
			best = fl;
			have = 1;
		}
	}
	if (!have) {
		label_of(&c[first], label, sizeof(label));
		add_miss(d, label, "%s", first_why);
		return;
	}
	for (j = first; j < nc; j++) {
		size_t l = strlen(best.aliases);

		if (!whole(&c[j]) || !same_link(v, &c[first], &c[j]))
			continue;
		label_of(&c[j], label, sizeof(label));
		if (!strcmp(label, best.label))
			continue;
		snprintf(best.aliases + l, sizeof(best.aliases) - l, "%s%.300s", l ? ", " : "",
			 label);
	}
	d->links = dump_xrealloc(d->links, (d->nlinks + 1) * sizeof(*d->links));
	d->links[d->nlinks++] = best;
}

void discover(const struct vcd *v, struct discovery *d, int lite)
{
	struct cand *c = NULL;
	unsigned int nc = 0;
	unsigned char *done;

	memset(d, 0, sizeof(*d));
	for (unsigned int i = 0; i < v->nvars; i++) {
		const struct vcd_var *var = &v->vars[i];
		size_t l = strlen(var->name);

		for (int h = 0; h < N_HS; h++) {
			int r = hs_roles[h];
			size_t rl = strlen(roles[r].name);
			size_t pl = l - rl;
			unsigned int j;

			if (l < rl || strcasecmp(var->name + pl, roles[r].name))
				continue;
			if (pl && var->name[pl - 1] != '_')
				continue;	/* m_axi_arvalid is not a prefix m_axi_a + rvalid */
			if (pl >= sizeof(c->prefix))
				continue;
			for (j = 0; j < nc; j++)
				if (c[j].scope == var->scope || !strcmp(c[j].scope, var->scope))
					if (strlen(c[j].prefix) == pl &&
					    !strncasecmp(c[j].prefix, var->name, pl))
						break;
			if (j == nc) {
				c = dump_xrealloc(c, (nc + 1) * sizeof(*c));
				memset(&c[nc], 0, sizeof(c[nc]));
				c[nc].scope = var->scope;
				memcpy(c[nc].prefix, var->name, pl);
				c[nc].prefix[pl] = 0;
				for (int k = 0; k < R_NUM; k++)
					c[nc].var[k] = -1;
				nc++;
			}
			if (c[j].var[r] < 0) {
				c[j].var[r] = (int)i;
				c[j].nhs++;
			}
		}
	}
	/* AXI4-Lite: all but wlast and rlast, a link when asked for */
	for (unsigned int j = 0; lite && j < nc; j++)
		c[j].lite = c[j].nhs == N_HS - 2 && c[j].var[R_WLAST] < 0 && c[j].var[R_RLAST] < 0;
	done = calloc(nc ? nc : 1, 1);
	if (!done)
		die("out of memory");
	for (unsigned int j = 0; j < nc; j++) {
		char label[1200], missing[300] = "";

		if (done[j])
			continue;
		if (whole(&c[j])) {
			take_group(v, c, nc, j, done, d);
			continue;
		}
		if (c[j].nhs < N_HS / 2)
			continue;	/* a few names that happen to end so */
		for (int h = 0; h < N_HS; h++)
			if (c[j].var[hs_roles[h]] < 0) {
				size_t l = strlen(missing);

				snprintf(missing + l, sizeof(missing) - l, "%s%s", l ? ", " : "",
					 roles[hs_roles[h]].name);
			}
		snprintf(label, sizeof(label), "%s%s%s%s", c[j].scope, *c[j].prefix ? "." : "",
			 c[j].prefix, *c[j].prefix ? "*" : "");
		add_miss(d, label, "no %s%s", missing,
			 !strcmp(missing, "wlast, rlast") ? " (an AXI4-lite interface: replay it "
			 "with --lite, as one-beat bursts)" : "");
	}
	free(done);
	free(c);
}

void discovery_free(struct discovery *d)
{
	free(d->links);
	free(d->misses);
	memset(d, 0, sizeof(*d));
}
