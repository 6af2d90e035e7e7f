#!/usr/bin/env python3
"""Generate every consumer of spec/axiperf.toml, or check they have not drifted.

    axiperf_gen.py [--root DIR] write    regenerate the committed files
    axiperf_gen.py [--root DIR] check    TAP: one test per file + table checks
"""
import itertools
import re
import sys

from genlib import cname, figure_rows, load as load_toml, rst_table, run, terms

HDR = "generated from spec/axiperf.toml by tools/gen/axiperf_gen.py; do not edit"
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
EXPR_OK = re.compile(r"^[A-Za-z_0-9 !&|()]+$")


def load(root):
    return load_toml(root, "spec/axiperf.toml")


def expr_names(expr):
    return set(IDENT.findall(expr))


def py_eval(expr, env):
    py = expr.replace("&&", " and ").replace("||", " or ")
    py = re.sub(r"!(?!=)", " not ", py)
    return eval(py, {"__builtins__": {}}, dict(env))



def validate(d):
    """Structural checks; returns a list of problems (empty when sound)."""
    errs = []
    sigs = set(d["signals"])
    events = {e["name"]: e for e in d["event"]}
    ids = [e["id"] for e in d["event"]]
    if len(set(ids)) != len(ids):
        errs.append("duplicate event ids")
    for cat in ("read_category", "write_category"):
        for c in d[cat]:
            if not EXPR_OK.match(c["when"]):
                errs.append(f"{cat} {c['name']}: bad characters in condition")
            if expr_names(c["when"]) - sigs:
                errs.append(f"{cat} {c['name']}: unknown signals {expr_names(c['when']) - sigs}")
            for k in ("counter", "also"):
                if k in c and c[k] not in events:
                    errs.append(f"{cat} {c['name']}: unknown counter {c[k]}")
    config = {f["name"] for r in d["register"] if r["name"] == "CONFIG" for f in r["fields"]}
    for e in d["event"]:
        if "needs" in e and e["needs"] not in config:
            errs.append(f"event {e['name']}: needs {e['needs']!r}, not a CONFIG field")
    for k, expr in d["bias"].items():
        if expr_names(expr) - sigs:
            errs.append(f"bias {k}: unknown signals")
    for f in d["figure"]:
        for _, t in terms(f["num"]) + terms(f["den"]):
            if t != "seconds" and t not in events:
                errs.append(f"figure {f['name']}: unknown event {t}")
    # offsets: no two registers/counters share a word unless both gauges
    used = {}
    for e in d["event"]:
        used.setdefault(e["offset"], []).append(e)
    for r in d["register"]:
        if r["offset"] in used:
            errs.append(f"register {r['name']} overlaps event {used[r['offset']][0]['name']}")
    for off, evs in used.items():
        if len(evs) > 1 and any(e["kind"] != "gauge" for e in evs):
            errs.append(f"offset {off:#x} shared by a counter")
        bits = 0
        for e in evs:
            if e["kind"] == "gauge":
                m = ((1 << e["bits"]) - 1) << e["lsb"]
                if bits & m:
                    errs.append(f"gauge {e['name']} overlaps another field")
                bits |= m
        if off >= d["monitor"]["upper_offset"]:
            errs.append(f"offset {off:#x} is outside the low window")
    return errs


def partition_problems(d, cat):
    """Every assignment of the signals a category table reads must satisfy
    exactly one of its conditions."""
    names = sorted(set().union(*(expr_names(c["when"]) for c in d[cat])))
    probs = []
    for vals in itertools.product((False, True), repeat=len(names)):
        env = dict(zip(names, vals))
        hit = [c["name"] for c in d[cat] if py_eval(c["when"], env)]
        if len(hit) != 1:
            probs.append(f"{cat}: {env} matches {hit}")
    return probs


# ---------------------------------------------------------------- C header
def gen_c_regs(d):
    m = d["monitor"]
    o = [f"/* SPDX-License-Identifier: GPL-2.0 OR MIT */",
         f"/* {HDR} */",
         "#ifndef AXIPERF_REGS_H",
         "#define AXIPERF_REGS_H",
         "",
         f"#define AXIPERF_MAGIC\t\t0x{m['magic']:08x}U",
         f"#define AXIPERF_MAP_MAJOR\t{m['version_major']}",
         f"#define AXIPERF_MAP_MINOR\t{m['version_minor']}",
         f"#define AXIPERF_WINDOW_SIZE\t0x{1 << m['axil_addr_bits']:x}",
         f"#define AXIPERF_UPPER_OFFSET\t0x{m['upper_offset']:x}",
         f"#define AXIPERF_SNAPSHOT_OFFSET\t0x{m['snapshot_offset']:x}",
         f"#define AXIPERF_OUTSTANDING_BITS\t{m['outstanding_bits']}",
         f"#define AXIPERF_LEGACY_WINDOW_SIZE\t0x{m['legacy_window']:x}",
         "",
         "/* Registers */"]
    for r in d["register"]:
        o.append(f"#define AXIPERF_REG_{r['name']}\t0x{r['offset']:03x}")
        for fl in r.get("fields", []):
            mask = ((1 << fl["bits"]) - 1) << fl["lsb"]
            o.append(f"#define AXIPERF_{r['name']}_{cname(fl['name'])}_SHIFT\t{fl['lsb']}")
            o.append(f"#define AXIPERF_{r['name']}_{cname(fl['name'])}\t0x{mask:08x}U")
        legacy = sum(((1 << fl["bits"]) - 1) << fl["lsb"]
                     for fl in r.get("fields", []) if fl.get("legacy"))
        if legacy:
            o.append(f"/* the bits the article's core has */")
            o.append(f"#define AXIPERF_{r['name']}_LEGACY_MASK\t0x{legacy:08x}U")
    o += ["", "/* Events (perf config values) and where they are */"]
    for e in d["event"]:
        o.append(f"#define AXIPERF_EV_{cname(e['name'])}\t{e['id']}")
    counters = [e for e in d["event"] if e["kind"] == "counter"]
    gauges = [e for e in d["event"] if e["kind"] == "gauge"]
    o.append(f"#define AXIPERF_NUM_COUNTERS\t{len(counters)}")
    o.append(f"#define AXIPERF_NUM_GAUGES\t{len(gauges)}")
    o.append(f"#define AXIPERF_EV_MAX\t\t{max(e['id'] for e in d['event'])}")
    o += ["",
          "/*",
          " * X(name, id, offset, legacy_offset, unit, max_step_per_data_byte,",
          " *   max_step_const): the monitor's counters. max_step is the largest",
          " * increment in one clock: const + per_data_byte * DATA_WIDTH / 8.",
          " */",
          "#define AXIPERF_COUNTERS(X) \\"]
    for e in counters:
        per, const = step_terms(e["max_step"])
        o.append(f"\tX({e['name']}, {e['id']}, 0x{e['offset']:03x}, "
                 f"0x{e.get('legacy', e['offset']):03x}, \"{e['unit']}\", {per}, {const}) \\")
    o += ["", "/* X(name, id, offset, lsb, bits): maxima, reset by clear, never wrap */",
          "#define AXIPERF_GAUGES(X) \\"]
    for e in gauges:
        o.append(f"\tX({e['name']}, {e['id']}, 0x{e['offset']:03x}, {e['lsb']}, {e['bits']}) \\")
    if any(e["id"] >= 64 for e in gauges):
        raise SystemExit("a gauge id is 64 or more: AXIPERF_GAUGE_IDS holds 0..63")
    mask = sum(1 << e["id"] for e in gauges)
    needs = sorted({e["needs"] for e in d["event"] if "needs" in e})
    for n in needs:
        ids = sum(1 << e["id"] for e in d["event"] if e.get("needs") == n)
        o += ["", f"/* the perf event ids a monitor has only with CONFIG.{n} set */",
              f"#define AXIPERF_NEEDS_{cname(n)}_IDS\t0x{ids:016x}ULL"]
    o += ["", "/* the perf event ids of the gauges, one bit each */",
          f"#define AXIPERF_GAUGE_IDS\t0x{mask:016x}ULL",
          "#define AXIPERF_EVENT_IS_GAUGE(id) \\",
          "\t((unsigned int)(id) < 64 && ((AXIPERF_GAUGE_IDS >> (unsigned int)(id)) & 1))",
          "", "#endif /* AXIPERF_REGS_H */", ""]
    return "\n".join(o)


def step_terms(s):
    s = s.replace(" ", "")
    if s.isdigit():
        return 0, int(s)
    mo = re.fullmatch(r"(\d+)\*DATA_BYTES", s) or re.fullmatch(r"DATA_BYTES()", s)
    if not mo:
        raise SystemExit(f"max_step {s!r}: use N, DATA_BYTES or N * DATA_BYTES")
    return int(mo.group(1) or 1), 0


def c_expr(expr, var):
    return IDENT.sub(lambda mo: f"{var}->{mo.group(0)}", expr)


def gen_c_categories(d):
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */",
         f"/* {HDR} */",
         "#ifndef AXIPERF_CATEGORIES_H",
         "#define AXIPERF_CATEGORIES_H",
         "",
         "#include <stdbool.h>",
         "",
         "/* The inputs of one clock's classification. */",
         "struct axiperf_cat_in {"]
    for s, doc in d["signals"].items():
        o.append(f"\tbool {s};\t/* {doc} */")
    o.append("};")
    for cat, short in (("read_category", "RD"), ("write_category", "WR")):
        o += ["", f"enum axiperf_{short.lower()}_cat {{"]
        for c in d[cat]:
            o.append(f"\tAXIPERF_{short}_CAT_{cname(c['name'])},")
        o += [f"\tAXIPERF_{short}_NUM_CATS", "};", "",
              f"/* Event id counting each category (a second id, or -1, for 'also'). */",
              f"static const int axiperf_{short.lower()}_cat_event[][2] = {{"]
        for c in d[cat]:
            also = f"AXIPERF_EV_{cname(c['also'])}" if "also" in c else "-1"
            o.append(f"\t[AXIPERF_{short}_CAT_{cname(c['name'])}] = "
                     f"{{ AXIPERF_EV_{cname(c['counter'])}, {also} }},")
        o += ["};", "",
              f"static const char *const axiperf_{short.lower()}_cat_name[] = {{"]
        for c in d[cat]:
            o.append(f"\t[AXIPERF_{short}_CAT_{cname(c['name'])}] = \"{c['name']}\",")
        o += ["};", "",
              f"static inline enum axiperf_{short.lower()}_cat",
              f"axiperf_{short.lower()}_category(const struct axiperf_cat_in *s)",
              "{"]
        for c in d[cat][:-1]:
            o.append(f"\tif ({c_expr(c['when'], 's')})")
            o.append(f"\t\treturn AXIPERF_{short}_CAT_{cname(c['name'])};")
        o.append(f"\treturn AXIPERF_{short}_CAT_{cname(d[cat][-1]['name'])};")
        o.append("}")
    o += ["",
          "/* +1 (address first), -1 (data first) or 0 this clock. */",
          "static inline int axiperf_wr_bias(const struct axiperf_cat_in *s)",
          "{",
          f"\tif ({c_expr(d['bias']['addr_first'], 's')})",
          "\t\treturn 1;",
          f"\tif ({c_expr(d['bias']['data_first'], 's')})",
          "\t\treturn -1;",
          "\treturn 0;",
          "}",
          "",
          "#endif /* AXIPERF_CATEGORIES_H */", ""]
    return "\n".join(o)


def gen_c_figures(d):
    ev = {e["name"]: e for e in d["event"]}
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */",
         f"/* {HDR} */",
         "#ifndef AXIPERF_FIGURES_H",
         "#define AXIPERF_FIGURES_H",
         "",
         '#include "regs.h"\t/* the table\'s terms are AXIPERF_EV_* */',
         "",
         "/* A term of a figure: sign * event (AXIPERF_TERM_SECONDS: elapsed time). */",
         "struct axiperf_term {",
         "\tint sign;",
         "\tint event;",
         "};",
         "",
         "#define AXIPERF_TERM_SECONDS\t(-1)",
         "/* what a figure in ns lacks when the monitor's clock rate is unknown */",
         "#define AXIPERF_TERM_CLOCK\t(-2)",
         "#define AXIPERF_FIGURE_MAX_TERMS\t8",
         "",
         "struct axiperf_figure {",
         "\tconst char *name;",
         "\tconst char *title;",
         "\tconst char *unit;",
         "\tdouble scale;",
         "\tconst char *num_text;",
         "\tconst char *den_text;",
         "\tconst char *doc;",
         "\tint nnum, nden;",
         "\tstruct axiperf_term num[AXIPERF_FIGURE_MAX_TERMS];",
         "\tstruct axiperf_term den[AXIPERF_FIGURE_MAX_TERMS];",
         "\tint ns;\t\t/* clocks shown in ns: x 1e9 / the clock rate */",
         "};",
         "",
         "static const struct axiperf_figure axiperf_figures[] = {"]

    o += figure_rows(d["figure"], lambda t: f"AXIPERF_EV_{cname(t)}")
    o += ["};", "",
          "#define AXIPERF_NUM_FIGURES\t(sizeof(axiperf_figures) / sizeof(axiperf_figures[0]))",
          "",
          "/* Event names by id (NULL where no event has that id). */",
          f"static const char *const axiperf_event_name[{max(ev[n]['id'] for n in ev) + 1}] = {{"]
    for e in d["event"]:
        o.append(f"\t[{e['id']}] = \"{e['name']}\",")
    o += ["};", "", "#endif /* AXIPERF_FIGURES_H */", ""]
    return "\n".join(o)


# ---------------------------------------------------------------- Verilog
def gen_vh(d):
    m = d["monitor"]
    ab = m["axil_addr_bits"]
    o = [f"// {HDR}",
         "// Included inside the axiperf module: localparams and the category",
         "// functions, so the RTL shares the one description.",
         f"localparam [31:0] AXIPERF_MAGIC = 32'h{m['magic']:08x};",
         f"localparam [15:0] AXIPERF_MAP_MAJOR = 16'd{m['version_major']};",
         f"localparam [15:0] AXIPERF_MAP_MINOR = 16'd{m['version_minor']};",
         f"localparam integer AXIPERF_AXIL_ADDR_BITS = {ab};",
         f"localparam [{ab - 1}:0] AXIPERF_UPPER_OFFSET = {ab}'h{m['upper_offset']:03x};",
         f"localparam [{ab - 1}:0] AXIPERF_SNAPSHOT_OFFSET = {ab}'h{m['snapshot_offset']:03x};",
         f"localparam integer AXIPERF_OUTSTANDING_BITS = {m['outstanding_bits']};"]
    for r in d["register"]:
        o.append(f"localparam [{ab - 1}:0] REG_{r['name']} = {ab}'h{r['offset']:03x};")
        for fl in r.get("fields", []):
            o.append(f"localparam integer {r['name']}_{cname(fl['name'])} = {fl['lsb']};")
    counters = [e for e in d["event"] if e["kind"] == "counter"]
    o.append(f"localparam integer NUM_COUNTERS = {len(counters)};")
    for i, e in enumerate(counters):
        o.append(f"localparam integer CNT_{cname(e['name'])} = {i};")
        o.append(f"localparam [{ab - 1}:0] OFF_{cname(e['name'])} = {ab}'h{e['offset']:03x};")
    def cmask(pred):
        bits = "".join("1" if pred(e) else "0" for e in reversed(counters))
        return f"{len(counters)}'b{bits}"
    o.append("// counters whose step is wider than 1 (max_step in the description)")
    o.append(f"localparam [NUM_COUNTERS-1:0] CNT_WIDE_STEP = "
             f"{cmask(lambda e: e['max_step'].replace(' ', '') != '1')};")
    o.append("// counters a monitor has only with CONFIG.has_latency (HAS_LATENCY)")
    o.append(f"localparam [NUM_COUNTERS-1:0] CNT_NEEDS_LATENCY = "
             f"{cmask(lambda e: e.get('needs') == 'has_latency')};")
    for e in d["event"]:
        if e["kind"] == "gauge":
            o.append(f"localparam [{ab - 1}:0] OFF_{cname(e['name'])} = {ab}'h{e['offset']:03x};")
            o.append(f"localparam integer LSB_{cname(e['name'])} = {e['lsb']};")
            o.append(f"localparam integer BITS_{cname(e['name'])} = {e['bits']};")
    def args(exprs):
        used = set().union(*(expr_names(x) for x in exprs))
        return ", ".join(f"input {s}" for s in d["signals"] if s in used)
    for cat, short in (("read_category", "rd"), ("write_category", "wr")):
        n = len(d[cat])
        for i, c in enumerate(d[cat]):
            o.append(f"localparam integer {short.upper()}_CAT_{cname(c['name'])} = {i};")
        o.append(f"localparam integer {short.upper()}_NUM_CATS = {n};")
        o.append(f"// One-hot: bit {short.upper()}_CAT_x set when the clock is in category x.")
        o.append(f"function automatic [{n - 1}:0] {short}_category("
                 f"{args(c['when'] for c in d[cat])});")
        o.append("begin")
        for i, c in enumerate(d[cat]):
            o.append(f"\t{short}_category[{i}] = {c['when']};")
        o.append("end")
        o.append("endfunction")
    bargs = args(d["bias"].values())
    o.append(f"function automatic bias_addr_first({bargs});")
    o.append(f"\tbias_addr_first = {d['bias']['addr_first']};")
    o.append("endfunction")
    o.append(f"function automatic bias_data_first({bargs});")
    o.append(f"\tbias_data_first = {d['bias']['data_first']};")
    o.append("endfunction")
    return "\n".join(o) + "\n"


# ---------------------------------------------------------------- docs
def gen_doc_registers(d):
    rows = []
    m = d["monitor"]
    allr = [(e["offset"], e["name"], "ro", e["doc"] if e["kind"] == "counter" else
             f"[{e['lsb'] + e['bits'] - 1}:{e['lsb']}] {e['doc']}") for e in d["event"]]
    allr += [(r["offset"], r["name"], r["access"], r["doc"]) for r in d["register"]]
    for off, name, acc, doc in sorted(allr):
        rows.append((f"0x{off:03x}", name, acc, doc))
    o = [f".. {HDR}", "", "Register map", "------------", "",
         f"Low 32 bits at the offset; upper 32 bits of 64-bit counters at offset + "
         f"0x{m['upper_offset']:x}; the snapshot copy at offset + 0x{m['snapshot_offset']:x}.", "",
         rst_table(("Offset", "Name", "Access", "Meaning"), rows)]
    for r in d["register"]:
        if "fields" in r:
            o += [f"{r['name']} fields", "~" * (len(r["name"]) + 7), "",
                  rst_table(("Bits", "Field", "Access", "Meaning"),
                            [(f"[{f['lsb'] + f['bits'] - 1}:{f['lsb']}]" if f["bits"] > 1
                              else f"[{f['lsb']}]", f["name"], f["access"], f["doc"])
                             for f in r["fields"]])]
    return "\n".join(o)


def gen_doc_categories(d):
    o = [f".. {HDR}", "", "Cycle categories", "----------------", ""]
    for cat, title in (("read_category", "Read"), ("write_category", "Write")):
        o += [f"{title} ({len(d[cat])} categories)", "~" * (len(title) + 16), "",
              rst_table(("Category", "Counted in", "Condition", "Meaning"),
                        [(c["name"], c["counter"] + (f" + {c['also']}" if "also" in c else ""),
                          f"``{c['when']}``", c["doc"]) for c in d[cat]])]
    o += ["Signals", "~~~~~~~", "",
          rst_table(("Signal", "Meaning"), [(k, v) for k, v in d["signals"].items()]),
          "Write bias: +1 when ``" + d["bias"]["addr_first"] + "``; otherwise -1 when ``"
          + d["bias"]["data_first"] + "``.", ""]
    return "\n".join(o)


def gen_doc_events(d):
    rows = [(e["name"], f"0x{e['id']:02x}", e["kind"], e.get("unit", "value"),
             e["doc"] + (f" Only with CONFIG.{e['needs']}." if "needs" in e else ""))
            for e in d["event"]]
    return "\n".join([f".. {HDR}", "", "Events", "------", "",
                      rst_table(("Event", "config", "Kind", "Unit", "Meaning"), rows)])


def gen_doc_figures(d):
    rows = [(f["name"], f["unit"], f"``({f['num']}) / ({f['den']})``"
             + (f" x {f['scale']}" if "scale" in f else "")
             + (" x 1e9 / clock_hz" if f.get("ns") else ""), f["doc"]) for f in d["figure"]]
    return "\n".join([f".. {HDR}", "", "Figures", "-------", "",
                      "A figure whose denominator is zero prints as ``n/a``; one in ns,"
                      " where the monitor's clock rate is not known.", "",
                      rst_table(("Figure", "Unit", "Formula", "Meaning"), rows)])


OUTPUTS = {
    "include/axiperf/regs.h": gen_c_regs,
    "include/axiperf/categories.h": gen_c_categories,
    "include/axiperf/figures.h": gen_c_figures,
    "hdl/generated/axiperf_regs.vh": gen_vh,
    "Documentation/generated/registers.rst": gen_doc_registers,
    "Documentation/generated/categories.rst": gen_doc_categories,
    "Documentation/generated/events.rst": gen_doc_events,
    "Documentation/generated/figures.rst": gen_doc_figures,
}


def self_check(tap, root, d):
    probs = validate(d)
    tap(not probs, "description is consistent", "; ".join(probs))
    for cat in ("read_category", "write_category"):
        p = partition_problems(d, cat)
        tap(not p, f"{cat} conditions partition every input combination", "; ".join(p[:3]))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/axiperf.toml", self_check, OUTPUTS,
                 "regenerate with: make generate"))
