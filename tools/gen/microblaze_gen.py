#!/usr/bin/env python3
"""Generate every consumer of spec/microblaze.toml, or check they have not drifted.

    microblaze_gen.py [--root DIR] write    regenerate the committed files
    microblaze_gen.py [--root DIR] check    TAP: the description's own checks
                                            (DBG_CTRL values, item layouts,
                                            events, figures) + one test per file
"""
import re
import sys

from genlib import cname, load as load_toml, rst_table, run

HDR = "generated from spec/microblaze.toml by tools/gen/microblaze_gen.py; do not edit"
P = "AXIPERF_MB"
FIELDS = ["count", "sum", "sum_sq", "min", "max"]
KINDS = ["event", "latency"]
MAX_TERMS = 8


def load(root):
    return load_toml(root, "spec/microblaze.toml")


def command_value(text):
    bits = text.replace(" ", "")
    if not re.fullmatch(r"[01]{8}", bits):
        raise ValueError(f"command {text!r} is not 8 binary digits")
    return int(bits, 2)


def dbg_ctrl_fields(d):
    reg = next(r for r in d["mdm_register"] if r["name"] == "DBG_CTRL")
    return {f["name"]: f for f in reg["fields"]}


def dbg_ctrl_value(d, target, command, bits):
    """DBG_CTRL value from its fields: [18:17] target, [16:9] command, [8:0] bits - 1."""
    f = dbg_ctrl_fields(d)
    v = 0
    for name, val in (("target", target), ("command", command), ("length", bits - 1)):
        fl = f[name]
        if not 0 <= val < (1 << fl["bits"]):
            raise ValueError(f"{name} {val} does not fit {fl['bits']} bits")
        v |= val << fl["lsb"]
    return v


def perf_events(d):
    """(name, config, event, item, doc) of every perf event, in config order."""
    items = {i["name"]: i for i in d["latency_item"]}
    out = []
    for e in sorted(d["event"], key=lambda e: e["id"]):
        if e.get("latency"):
            for it in d["latency_item"]:
                out.append((f"{e['name']}_{it['name']}", e["id"] | (it["item"] << 8),
                            e["id"], it["item"], f"{e['doc']}: {it['doc']}"))
        else:
            out.append((e["name"], e["id"], e["id"], 0, e["doc"]))
    assert items
    return out


def terms(s):
    """'a + b - c' -> [(1, 'a'), (1, 'b'), (-1, 'c')]"""
    out, sign = [], 1
    for tok in s.replace("+", " + ").replace(" - ", " ~ ").split():
        if tok == "+":
            sign = 1
        elif tok == "~":
            sign = -1
        else:
            out.append((sign, tok))
            sign = 1
    return out


def figures(d):
    """The figure list: the description's own plus mean and stddev per latency event."""
    out = [dict(f) for f in d["figure"]]
    for e in sorted(d["event"], key=lambda e: e["id"]):
        if not e.get("latency"):
            continue
        n = e["name"]
        words = e["doc"][0].lower() + e["doc"][1:]
        out.append({"name": f"{n}_mean", "title": f"Mean {words}", "unit": "cycles",
                    "kind": "ratio", "num": f"{n}_sum", "den": f"{n}_count",
                    "doc": f"Mean of E{e['id']}: sum / N."})
        out.append({"name": f"{n}_stddev", "title": f"Standard deviation of {words}",
                    "unit": "cycles", "kind": "stddev", "latency": n,
                    "num": f"{n}_count * {n}_sum_sq - {n}_sum^2", "den": f"{n}_count",
                    "doc": f"Standard deviation of E{e['id']}: sqrt(N * sum_sq - sum^2) / N."})
    return out


# ---------------------------------------------------------------- checks
def layout_problems(d):
    """Every item layout covers each of its fields' bits exactly once, with
    no two segments sharing an item bit, and the right field set per kind."""
    probs = []
    seen = set()
    c = d["counters"]
    for lay in d["item_layout"]:
        key = (lay["width"], lay["kind"])
        tag = f"width {key[0]} {key[1]}"
        if key in seen:
            probs.append(f"{tag}: described twice")
        seen.add(key)
        if lay["width"] not in c["widths"] or lay["kind"] not in KINDS:
            probs.append(f"{tag}: unknown width or kind")
            continue
        cover = {}
        for i, item in enumerate(lay["items"]):
            used = 0
            for seg in item:
                fld, ilsb, flsb, bits = seg
                if fld not in FIELDS:
                    probs.append(f"{tag} item {i + 1}: unknown field {fld}")
                    continue
                m = ((1 << bits) - 1) << ilsb
                if ilsb + bits > 32:
                    probs.append(f"{tag} item {i + 1}: segment {seg} leaves the 32-bit item")
                if used & m:
                    probs.append(f"{tag} item {i + 1}: segments overlap")
                used |= m
                fm = ((1 << bits) - 1) << flsb
                if cover.get(fld, 0) & fm:
                    probs.append(f"{tag}: {fld} bits {flsb}+{bits} delivered twice")
                cover[fld] = cover.get(fld, 0) | fm
        want = {"event": ["count"], "latency": FIELDS}[lay["kind"]]
        if sorted(cover) != sorted(want):
            probs.append(f"{tag}: fields {sorted(cover)}, want {sorted(want)}")
        for fld, m in cover.items():
            if m & (m + 1):
                probs.append(f"{tag}: {fld} bits are not contiguous from bit 0")
        if lay["kind"] == "event" and cover.get("count", 0) != (1 << lay["width"]) - 1:
            probs.append(f"{tag}: the event count must be {lay['width']} bits wide")
    for w in c["widths"]:
        for k in KINDS:
            if (w, k) not in seen:
                probs.append(f"width {w} {k}: no item layout")
    return probs


def field_bits(lay):
    out = {}
    for item in lay["items"]:
        for fld, _, flsb, bits in item:
            out[fld] = max(out.get(fld, 0), flsb + bits)
    return out


def event_problems(d):
    probs = []
    ids = sorted(e["id"] for e in d["event"])
    if ids != list(range(64)):
        probs.append("events must be exactly 0..63 once each")
    names = [p[0] for p in perf_events(d)]
    if len(set(names)) != len(names):
        probs.append("duplicate perf event names")
    for n in names:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", n):
            probs.append(f"event name {n!r}: use lower case, digits and underscores")
    evnames = {e["name"] for e in d["event"]}
    for g in d.get("generic_hw", []) + d.get("generic_cache", []):
        if g["event"] not in evnames:
            probs.append(f"generic event {g}: {g['event']} is not an event")
    for g in d.get("generic_cache", []):
        if g["cache"] not in ("L1D", "L1I", "LL", "DTLB", "ITLB", "BPU", "NODE") or \
           g["op"] not in ("READ", "WRITE", "PREFETCH") or g["result"] not in ("ACCESS", "MISS"):
            probs.append(f"generic cache event {g}: not a perf cache/op/result")
    first = d["counters"]["first_latency_event"]
    for e in d["event"]:
        if bool(e.get("latency")) != (e["id"] >= first):
            probs.append(f"event {e['id']}: latency flag disagrees with first_latency_event {first}")
    items = sorted(i["item"] for i in d["latency_item"])
    if items != list(range(len(FIELDS))) or [i["name"] for i in
                                            sorted(d["latency_item"], key=lambda i: i["item"])] != FIELDS:
        probs.append(f"latency items must be {FIELDS} numbered 0..4")
    return probs


def figure_problems(d):
    probs = []
    names = {p[0] for p in perf_events(d)}
    for f in figures(d):
        if f["kind"] == "stddev":
            if f"{f['latency']}_count" not in names:
                probs.append(f"figure {f['name']}: {f['latency']} is not a latency event")
            continue
        if f["kind"] != "ratio":
            probs.append(f"figure {f['name']}: unknown kind {f['kind']}")
        for part in ("num", "den"):
            ts = terms(f[part])
            if not ts or len(ts) > MAX_TERMS:
                probs.append(f"figure {f['name']}: {part} needs 1..{MAX_TERMS} terms")
            for _, t in ts:
                if t not in names:
                    probs.append(f"figure {f['name']}: unknown event {t}")
    return probs


def register_problems(d):
    probs = []
    for r in d["debug_register"]:
        if r["target"] not in d["target"]:
            probs.append(f"{r['name']}: unknown target {r['target']}")
        for fl in r.get("fields", []):
            if fl["lsb"] + fl["bits"] > r["bits"] and r["name"] != "WHICH_MB":
                probs.append(f"{r['name']}.{fl['name']}: outside the {r['bits']}-bit register")
    return probs


# ---------------------------------------------------------------- C header
def mask(lsb, bits):
    return ((1 << bits) - 1) << lsb


def gen_c(d):
    m = d["mdm"]
    c = d["counters"]
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */",
         f"/* {HDR} */",
         "#ifndef AXIPERF_MICROBLAZE_H",
         "#define AXIPERF_MICROBLAZE_H",
         "",
         "/* MDM AXI4-lite slave: debug register access port */",
         f"#define {P}_UNLOCK_KEY\t0x{m['unlock_key']:04x}U",
         f"#define {P}_CONFIG_MAGIC\t0x{m['config_magic']:02x}U",
         f"#define {P}_MDM_WINDOW\t0x{m['window']:x}"]
    for r in d["mdm_register"]:
        o.append(f"#define {P}_{r['name']}\t0x{r['offset']:02x}")
        for fl in r.get("fields", []):
            o.append(f"#define {P}_{r['name']}_{cname(fl['name'])}_SHIFT\t{fl['lsb']}")
            o.append(f"#define {P}_{r['name']}_{cname(fl['name'])}\t0x{mask(fl['lsb'], fl['bits']):08x}U")
    for t, v in d["target"].items():
        o.append(f"#define {P}_TARGET_{cname(t)}\t{v}U")
    f = dbg_ctrl_fields(d)
    o += ["",
          "/* DBG_CTRL value reaching a debug register of `bits` bits (1..512). */",
          f"#define {P}_DBG_CTRL_VALUE(target, command, bits) \\",
          f"\t((((target) & 0x{(1 << f['target']['bits']) - 1:x}U) << {f['target']['lsb']}) | \\",
          f"\t (((command) & 0x{(1 << f['command']['bits']) - 1:x}U) << {f['command']['lsb']}) | \\",
          f"\t (((bits) - 1U) & 0x{(1 << f['length']['bits']) - 1:x}U))",
          "",
          "/* Debug registers reached through DBG_CTRL / DBG_DATA */"]
    for r in d["debug_register"]:
        n = f"{P}_{r['name']}"
        o.append(f"#define {n}_TARGET\t{P}_TARGET_{cname(r['target'])}")
        o.append(f"#define {n}_CMD\t0x{command_value(r['command']):02x}U")
        o.append(f"#define {n}_BITS\t{r['bits']}")
        o.append(f"#define {n}_DBG_CTRL\t0x{r['dbg_ctrl']:05x}U")
        for fl in r.get("fields", []):
            o.append(f"#define {n}_{cname(fl['name'])}_SHIFT\t{fl['lsb']}")
            o.append(f"#define {n}_{cname(fl['name'])}\t0x{mask(fl['lsb'], fl['bits']):08x}U")
    o += ["", "/* X(name, target, command, bits, dbg_ctrl) */",
          f"#define {P}_DEBUG_REGISTERS(X) \\"]
    for r in d["debug_register"]:
        o.append(f"\tX({r['name']}, {P}_TARGET_{cname(r['target'])}, "
                 f"0x{command_value(r['command']):02x}U, {r['bits']}, 0x{r['dbg_ctrl']:05x}U) \\")
    o += ["",
          "/* Counters */",
          f"#define {P}_DEFAULT_WIDTH\t{c['default_width']}",
          "/* the shortest sample period a CPU PMU takes (events per overflow interrupt) */",
          f"#define {P}_MIN_SAMPLE_PERIOD\t{c['min_sample_period']}",
          f"#define {P}_DEFAULT_EVENT_COUNTERS\t{c['default_event_counters']}",
          f"#define {P}_DEFAULT_LATENCY_COUNTERS\t{c['default_latency_counters']}",
          f"#define {P}_MAX_EVENT_COUNTERS\t{c['max_event_counters']}",
          f"#define {P}_MAX_LATENCY_COUNTERS\t{c['max_latency_counters']}",
          f"#define {P}_MAX_COUNTERS\t{c['max_event_counters'] + c['max_latency_counters']}",
          f"#define {P}_FIRST_LATENCY_EVENT\t{c['first_latency_event']}",
          f"#define {P}_NUM_EVENTS\t{len(d['event'])}",
          f"#define {P}_MAX_ITEMS\t{max(len(l['items']) for l in d['item_layout'])}",
          "",
          "/* X(width) */",
          f"#define {P}_WIDTHS(X) " + " ".join(f"X({w})" for w in c["widths"]),
          "",
          "/* Counter kinds and the fields of a counter's data */",
          f"#define {P}_KIND_EVENT\t0",
          f"#define {P}_KIND_LATENCY\t1"]
    for i, fl in enumerate(FIELDS):
        o.append(f"#define {P}_FIELD_{cname(fl)}\t{i}")
    o.append(f"#define {P}_NUM_FIELDS\t{len(FIELDS)}")
    o += ["", "/* Data items per counter and field widths, per counter width */"]
    for lay in d["item_layout"]:
        o.append(f"#define {P}_ITEMS_{lay['width']}_{cname(lay['kind'])}\t{len(lay['items'])}")
    for lay in d["item_layout"]:
        for fl, b in field_bits(lay).items():
            o.append(f"#define {P}_FIELD_BITS_{lay['width']}_{cname(lay['kind'])}_{cname(fl)}\t{b}")
    o += ["",
          "/*",
          " * X(width, kind, item, field, item_lsb, field_lsb, bits): data item",
          " * `item` (0 = first read) of a counter carries field bits",
          " * [field_lsb + bits - 1 : field_lsb] in item bits [item_lsb + bits - 1 : item_lsb].",
          " */",
          f"#define {P}_ITEM_SEGMENTS(X) \\"]
    for lay in d["item_layout"]:
        for i, item in enumerate(lay["items"]):
            for fl, ilsb, flsb, bits in item:
                o.append(f"\tX({lay['width']}, {P}_KIND_{cname(lay['kind'])}, {i}, "
                         f"{P}_FIELD_{cname(fl)}, {ilsb}, {flsb}, {bits}) \\")
    o += ["",
          "/* perf config: [7:0] MicroBlaze event number, [10:8] latency item */",
          f"#define {P}_CONFIG_EVENT_SHIFT\t0",
          f"#define {P}_CONFIG_EVENT\t0xffULL",
          f"#define {P}_CONFIG_ITEM_SHIFT\t8",
          f"#define {P}_CONFIG_ITEM\t0x700ULL",
          f"#define {P}_CONFIG(event, item)\t((event) | ((item) << 8))",
          "",
          "/* X(name, id, is_latency, doc): the MicroBlaze events */",
          f"#define {P}_EVENTS(X) \\"]
    for e in sorted(d["event"], key=lambda e: e["id"]):
        o.append(f"\tX({e['name']}, {e['id']}, {1 if e.get('latency') else 0}, \"{e['doc']}\") \\")
    o += ["", "/* X(name, item, doc): what a latency counter measures */",
          f"#define {P}_LATENCY_ITEMS(X) \\"]
    for it in sorted(d["latency_item"], key=lambda i: i["item"]):
        o.append(f"\tX({it['name']}, {it['item']}, \"{it['doc']}\") \\")
    byname = {e["name"]: e["id"] for e in d["event"]}
    o += ["", "/* X(perf generic hardware event, MicroBlaze event): local-CPU mode */",
          f"#define {P}_GENERIC_HW(X) \\"]
    for g in d["generic_hw"]:
        o.append(f"\tX({g['perf']}, {byname[g['event']]}) \\")
    o += ["", "/* X(cache, op, result, MicroBlaze event): PERF_COUNT_HW_CACHE_<cache>, ... */",
          f"#define {P}_GENERIC_CACHE(X) \\"]
    for g in d["generic_cache"]:
        o.append(f"\tX({g['cache']}, {g['op']}, {g['result']}, {byname[g['event']]}) \\")
    pe = perf_events(d)
    o += ["", "/* X(name, config, event, item): every perf event, as sysfs lists them */",
          f"#define {P}_PERF_EVENTS(X) \\"]
    for name, cfg, ev, item, _ in pe:
        o.append(f"\tX({name}, 0x{cfg:03x}, {ev}, {item}) \\")
    o += ["", "/* perf config of each event */"]
    for name, cfg, _, _, _ in pe:
        o.append(f"#define {P}_EV_{cname(name)}\t0x{cfg:03x}")
    o.append(f"#define {P}_NUM_PERF_EVENTS\t{len(pe)}")
    o += ["", "#endif /* AXIPERF_MICROBLAZE_H */", ""]
    return "\n".join(o)


def gen_c_figures(d):
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */",
         f"/* {HDR} */",
         "/* Userspace only: the MicroBlaze figures, computed in floating point. */",
         "#ifndef AXIPERF_MICROBLAZE_FIGURES_H",
         "#define AXIPERF_MICROBLAZE_FIGURES_H",
         "",
         "#include <math.h>",
         "#include <stdint.h>",
         "#include \"microblaze.h\"",
         "",
         "struct axiperf_mb_term {",
         "\tint sign;",
         "\tint config;\t/* perf config of the event */",
         "};",
         "",
         f"#define {P}_FIGURE_MAX_TERMS\t{MAX_TERMS}",
         "",
         "enum axiperf_mb_figure_kind {",
         f"\t{P}_FIGURE_RATIO,\t/* (sum of num terms) / (sum of den terms) * scale */",
         f"\t{P}_FIGURE_STDDEV,\t/* sqrt(N * sum_sq - sum^2) / N of one latency event */",
         "};",
         "",
         "struct axiperf_mb_figure {",
         "\tconst char *name;",
         "\tconst char *title;",
         "\tconst char *unit;",
         "\tenum axiperf_mb_figure_kind kind;",
         "\tdouble scale;",
         "\tconst char *num_text;",
         "\tconst char *den_text;",
         "\tconst char *doc;",
         "\tint nnum, nden;",
         f"\tstruct axiperf_mb_term num[{P}_FIGURE_MAX_TERMS];",
         f"\tstruct axiperf_mb_term den[{P}_FIGURE_MAX_TERMS];",
         "\tint lat_count, lat_sum, lat_sum_sq;\t/* STDDEV: perf configs */",
         "};",
         "",
         "static const struct axiperf_mb_figure axiperf_mb_figures[] = {"]

    def tl(s):
        ts = terms(s)
        return ", ".join("{ %d, %s_EV_%s }" % (sg, P, cname(t)) for sg, t in ts), len(ts)
    for f in figures(d):
        o += ["\t{",
              f"\t\t.name = \"{f['name']}\",",
              f"\t\t.title = \"{f['title']}\",",
              f"\t\t.unit = \"{f['unit']}\",",
              f"\t\t.kind = {P}_FIGURE_{cname(f['kind'])},",
              f"\t\t.scale = {float(f.get('scale', 1))},",
              f"\t\t.num_text = \"{f['num']}\",",
              f"\t\t.den_text = \"{f['den']}\",",
              f"\t\t.doc = \"{f['doc']}\","]
        if f["kind"] == "stddev":
            n = cname(f["latency"])
            o += [f"\t\t.lat_count = {P}_EV_{n}_COUNT,",
                  f"\t\t.lat_sum = {P}_EV_{n}_SUM,",
                  f"\t\t.lat_sum_sq = {P}_EV_{n}_SUM_SQ,"]
        else:
            num, nn = tl(f["num"])
            den, nd = tl(f["den"])
            o += [f"\t\t.nnum = {nn}, .nden = {nd},",
                  f"\t\t.num = {{ {num} }},",
                  f"\t\t.den = {{ {den} }},"]
        o.append("\t},")
    o += ["};", "",
          f"#define {P}_NUM_FIGURES\t(sizeof(axiperf_mb_figures) / sizeof(axiperf_mb_figures[0]))",
          "",
          "/* struct axiperf_mb_event: one perf event as sysfs lists it */",
          "struct axiperf_mb_event {",
          "\tconst char *name;",
          "\tint config;",
          "\tconst char *doc;",
          "};",
          "",
          "static const struct axiperf_mb_event axiperf_mb_perf_events[] = {"]
    for name, cfg, _, _, doc in perf_events(d):
        o.append(f"\t{{ \"{name}\", 0x{cfg:03x}, \"{doc}\" }},")
    o += ["};",
          "",
          "/*",
          " * Value of figure f given a lookup of counts by perf config (lookup",
          " * returns 0 and sets *v, or non-zero when the event was not counted).",
          " * Returns 0 and sets *out, or -1 when the figure is n/a: an event is",
          " * missing or the denominator is zero.",
          " */",
          "static inline int axiperf_mb_figure_value(const struct axiperf_mb_figure *f,",
          "\t\t\t\t\t  int (*lookup)(void *ctx, int config, uint64_t *v),",
          "\t\t\t\t\t  void *ctx, double *out)",
          "{",
          "\tdouble num = 0, den = 0;",
          "\tuint64_t v, n, s, q;",
          "\tint i;",
          "",
          f"\tif (f->kind == {P}_FIGURE_STDDEV) {{",
          "\t\tdouble var;",
          "",
          "\t\tif (lookup(ctx, f->lat_count, &n) || lookup(ctx, f->lat_sum, &s) ||",
          "\t\t    lookup(ctx, f->lat_sum_sq, &q) || n == 0)",
          "\t\t\treturn -1;",
          "\t\t/* exact while N * sum_sq fits 64 bits, else in floating point */",
          "\t\tif (q <= UINT64_MAX / n && s <= UINT32_MAX) {",
          "\t\t\tuint64_t nq = n * q, ss = s * s;",
          "",
          "\t\t\tvar = nq > ss ? (double)(nq - ss) : 0.0;",
          "\t\t} else {",
          "\t\t\tvar = (double)n * (double)q - (double)s * (double)s;",
          "\t\t\tif (var < 0)",
          "\t\t\t\tvar = 0;",
          "\t\t}",
          "\t\t*out = sqrt(var) / (double)n;",
          "\t\treturn 0;",
          "\t}",
          "\tfor (i = 0; i < f->nnum; i++) {",
          "\t\tif (lookup(ctx, f->num[i].config, &v))",
          "\t\t\treturn -1;",
          "\t\tnum += f->num[i].sign * (double)v;",
          "\t}",
          "\tfor (i = 0; i < f->nden; i++) {",
          "\t\tif (lookup(ctx, f->den[i].config, &v))",
          "\t\t\treturn -1;",
          "\t\tden += f->den[i].sign * (double)v;",
          "\t}",
          "\tif (den == 0)",
          "\t\treturn -1;",
          "\t*out = num / den * f->scale;",
          "\treturn 0;",
          "}",
          "",
          "#endif /* AXIPERF_MICROBLAZE_FIGURES_H */", ""]
    return "\n".join(o)


# ---------------------------------------------------------------- docs
def bitrange(lsb, bits):
    return f"[{lsb + bits - 1}:{lsb}]" if bits > 1 else f"[{lsb}]"


def gen_doc(d):
    m = d["mdm"]
    byname = {e["name"]: e["id"] for e in d["event"]}
    o = [f".. {HDR}", "",
         "MicroBlaze events", "-----------------", "",
         "Counted by ``microblaze<N>/<event>/``. Events 0-56 go in an event counter;",
         f"events {d['counters']['first_latency_event']}-63 are latency events, whose five "
         "items each have a perf event of their own (``<name>_count``, ``_sum``, "
         "``_sum_sq``, ``_min``, ``_max``); all items of one latency event share one "
         "latency counter, and ``<name>_count`` alone may also use an event counter.", "",
         rst_table(("Event", "E", "config", "Meaning"),
                   [(n, ev, f"0x{cfg:03x}", doc) for n, cfg, ev, _, doc in perf_events(d)]),
         "Generic events", "--------------", "",
         "On the CPU Linux runs on (an MDM core whose device-tree node has "
         "``cpu = <&...>``) the PMU also answers these generic perf events; "
         "the others (cache and branch misses among them: the manual counts "
         "requests and hits, not misses) are not supported.", "",
         rst_table(("perf event", "MicroBlaze event", "E"),
                   [(f"``{g['perf']}``", g["event"], byname[g["event"]]) for g in d["generic_hw"]] +
                   [(f"``PERF_COUNT_HW_CACHE_{g['cache']}`` {g['op'].lower()} {g['result'].lower()}",
                     g["event"], byname[g["event"]]) for g in d["generic_cache"]]),
         "MDM registers", "-------------", "",
         f"Unlock key ``0x{m['unlock_key']:04X}``; MDM configuration magic ``0x{m['config_magic']:02X}``.",
         "",
         rst_table(("Offset", "Name", "Access", "Fields", "Meaning"),
                   [(f"0x{r['offset']:02x}", r["name"], r["access"],
                     ", ".join(f"{fl['name']} {bitrange(fl['lsb'], fl['bits'])}"
                               for fl in r.get("fields", [])) or "-", r["doc"])
                    for r in d["mdm_register"]]),
         "Debug registers", "---------------", "",
         "DBG_CTRL = target << 17 | command << 9 | (bits - 1); the generator checks "
         "each value against the manual's.", "",
         rst_table(("Register", "Title", "Target", "Command", "Bits", "DBG_CTRL", "Access", "Fields"),
                   [(r["name"], r["title"], r["target"], r["command"], r["bits"],
                     f"0x{r['dbg_ctrl']:05X}", r["access"],
                     ", ".join(f"{fl['name']} {bitrange(fl['lsb'], fl['bits'])}"
                               for fl in r.get("fields", [])) or "-")
                    for r in d["debug_register"]]),
         "Data items", "----------", "",
         "Items are read (and written) first for all event counters, then for all "
         "latency counters, one 32-bit item per DBG_DATA access.", ""]
    rows = []
    for lay in d["item_layout"]:
        for i, item in enumerate(lay["items"]):
            segs = ", ".join(f"{bitrange(il, b)} = {fl}{bitrange(fls, b)}"
                             for fl, il, fls, b in item)
            rows.append((lay["width"], lay["kind"], i + 1, segs))
    o.append(rst_table(("Width", "Counter", "Item", "Contents (other bits zero)"), rows))
    o += ["Figures", "-------", "", "A figure whose denominator is zero prints as ``n/a``.", "",
          rst_table(("Figure", "Unit", "Formula", "Meaning"),
                    [(f["name"], f["unit"],
                      (f"``({f['num']}) / ({f['den']})``" + (f" x {f['scale']}" if "scale" in f else ""))
                      if f["kind"] == "ratio" else f"``sqrt({f['num']}) / {f['den']}``",
                      f["doc"]) for f in figures(d)])]
    return "\n".join(o)


OUTPUTS = {
    "include/axiperf/microblaze.h": gen_c,
    "include/axiperf/microblaze_figures.h": gen_c_figures,
    "Documentation/generated/microblaze_events.rst": gen_doc,
}


def self_check(tap, root, d):
    for r in d["debug_register"]:
        try:
            v = dbg_ctrl_value(d, d["target"][r["target"]], command_value(r["command"]), r["bits"])
            why = f"fields give 0x{v:05X}, the manual says 0x{r['dbg_ctrl']:05X}"
            tap(v == r["dbg_ctrl"], f"{r['name']} DBG_CTRL from target/command/bits equals the manual's", why)
        except (KeyError, ValueError) as e:
            tap(False, f"{r['name']} DBG_CTRL from target/command/bits equals the manual's", str(e))
    for what, fn in (("item layouts cover every field bit once, per width", layout_problems),
                     ("events are 0..63 with unique lower-case names", event_problems),
                     ("figures name known events", figure_problems),
                     ("debug register fields fit their registers", register_problems)):
        p = fn(d)
        tap(not p, what, "; ".join(p[:5]))


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/microblaze.toml", self_check, OUTPUTS,
                 "regenerate with: python3 tools/gen/microblaze_gen.py write"))
