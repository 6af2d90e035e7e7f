#!/usr/bin/env python3
"""Generate the front end's CPU PMU tables, or check they have not drifted.

Reads spec/microblaze_v.toml (MicroBlaze V: its events, the generic and
combined events and the figures) and spec/arm_pmu.toml (the ARM cores of
Zynq-7000 and ZynqMP).

    cpu_gen.py [--root DIR] write    regenerate the committed files
    cpu_gen.py [--root DIR] check    TAP: the descriptions' own checks + one test per file
"""
import sys

from genlib import load as load_toml, rst_table, run, terms
import mbv_gen

HDR = ("generated from spec/microblaze_v.toml and spec/arm_pmu.toml by "
       "tools/gen/cpu_gen.py; do not edit")
MAX_TERMS = 8


def load(root):
    return {"mbv": mbv_gen.load(root), "arm": load_toml(root, "spec/arm_pmu.toml")}


def mbv_events(d):
    """The front end's MicroBlaze V events, in table order:
    dicts of name, generic, config, latency, doc."""
    m = d["mbv"]
    out = [{"name": g["name"], "generic": 1, "config": g["config"], "latency": 0,
            "doc": g["doc"]} for g in m["generic"]]
    single = sorted(m["event"], key=lambda e: (e["class"], e["bit"]))
    out += [{"name": e["name"], "generic": 0, "config": mbv_gen.code(m, e),
             "latency": 1 if e.get("latency") else 0, "doc": e["doc"]} for e in single]
    byname = {e["name"]: e for e in m["event"]}
    for c in m["combined"]:
        code = 0
        for n in c["events"]:
            code |= mbv_gen.code(m, byname[n]) if n in byname else 0
        out.append({"name": c["name"], "generic": 0, "config": code, "latency": 0,
                    "doc": f'{c["doc"]} ({" | ".join(c["events"])})'})
    return out


def arm_events(d):
    a = d["arm"]
    return ([{"name": g["name"], "generic": 1, "config": g["config"], "latency": 0,
              "doc": g["doc"]} for g in a["generic"]]
            + [{"name": e["name"], "generic": 0, "config": e["number"], "latency": 0,
                "doc": e["doc"]} for e in a["event"]])


FAMILIES = (("mbv", "MBV", mbv_events), ("arm", "ARM", arm_events))



# ------------------------------------------------------------------ checks

def self_check(tap, _root, d):
    m = d["mbv"]
    byname = {e["name"]: e for e in m["event"]}
    bad = []
    for c in m["combined"]:
        evs = [byname.get(n) for n in c["events"]]
        if None in evs:
            bad.append(f"{c['name']}: unknown {[n for n in c['events'] if n not in byname]}")
        elif len({e["class"] for e in evs}) != 1 or any(e.get("latency") for e in evs) \
                or len(evs) < 2 or len(set(c["events"])) != len(evs):
            bad.append(f"{c['name']}: members not two or more distinct events of one class, none latency")
    tap(not bad, "each combined MicroBlaze V event is two or more events of one class, "
        "none a latency event (one counter selects them all)", f"{bad}")
    for fam, _, evfn in FAMILIES:
        evs = evfn(d)
        names = [e["name"] for e in evs]
        dup = sorted({n for n in names if names.count(n) > 1})
        tap(not dup, f"{fam}: no event name given twice", f"{dup}")
        probs = []
        figs = d[fam]["figure"]
        fnames = [f["name"] for f in figs]
        probs += [f"figure {n} twice" for n in sorted({n for n in fnames if fnames.count(n) > 1})]
        for f in figs:
            for part in ("num", "den"):
                t = terms(f[part])
                if not 1 <= len(t) <= MAX_TERMS:
                    probs.append(f"figure {f['name']}: {part} needs 1..{MAX_TERMS} terms")
                probs += [f"figure {f['name']}: unknown event {n}" for _, n in t if n not in names]
            lat = [n for _, n in terms(f["num"]) + terms(f["den"])
                   if any(e["name"] == n and e["latency"] for e in evs)]
            probs += [f"figure {f['name']}: latency event {n} counts occurrences only" for n in lat]
        tap(not probs, f"{fam}: every figure names known events, no latency event, "
            f"{MAX_TERMS} terms at most", f"{probs}")
    a = d["arm"]
    nums = [e["number"] for e in a["event"]]
    tap(len(set(nums)) == len(nums) and all(0 <= n <= 0x3f for n in nums),
        "ARM: event numbers distinct common events (0x00-0x3f)", f"{nums}")
    num = dict((e["name"], e["number"]) for e in a["event"])
    tap(num.get("cpu_cycles") == 0x11 and num.get("inst_retired") == 0x08
        and [(g["name"], g["config"]) for g in a["generic"]] == [("cycles", 0)],
        "ARM: cpu_cycles 0x11, inst_retired 0x08, perf's generic cycles (0) for the cycle counter")


# ------------------------------------------------------------------ C header

def c_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def c_events(prefix, evs):
    o = [f"static const struct axiperf_cpu_event axiperf_{prefix.lower()}_perf_events[] = {{"]
    for e in evs:
        o.append(f'\t{{ {c_str(e["name"])}, {e["generic"]}, 0x{e["config"]:x}, '
                 f'{e["latency"]}, {c_str(e["doc"])} }},')
    o += ["};",
          f"#define AXIPERF_{prefix}_NUM_PERF_EVENTS\t"
          f"(sizeof(axiperf_{prefix.lower()}_perf_events) / sizeof(axiperf_{prefix.lower()}_perf_events[0]))"]
    return o


def c_figures(prefix, figs, evs):
    idx = {e["name"]: i for i, e in enumerate(evs)}
    base = f"AXIPERF_{prefix}_EV_BASE"
    o = [f"static const struct axiperf_figure axiperf_{prefix.lower()}_figures[] = {{"]
    for f in figs:
        num, den = terms(f["num"]), terms(f["den"])
        cterm = lambda t: ", ".join(f"{{ {s}, {base} + {idx[n]} }}" for s, n in t)
        o += ["\t{",
              f'\t\t.name = {c_str(f["name"])},',
              f'\t\t.title = {c_str(f["title"])},',
              f'\t\t.unit = {c_str(f["unit"])},',
              f'\t\t.scale = {float(f.get("scale", 1)):.1f},',
              f'\t\t.num_text = {c_str(f["num"])},',
              f'\t\t.den_text = {c_str(f["den"])},',
              f'\t\t.doc = {c_str(f["doc"])},',
              f"\t\t.nnum = {len(num)}, .nden = {len(den)},",
              f"\t\t.num = {{ {cterm(num)} }},",
              f"\t\t.den = {{ {cterm(den)} }},",
              "\t},"]
    o += ["};",
          f"#define AXIPERF_{prefix}_NUM_FIGURES\t"
          f"(sizeof(axiperf_{prefix.lower()}_figures) / sizeof(axiperf_{prefix.lower()}_figures[0]))"]
    return o


def gen_c(d):
    m, a = d["mbv"], d["arm"]
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */", f"/* {HDR} */",
         "/* Userspace only: the CPU PMU events and figures of the front end. */",
         "#ifndef AXIPERF_CPU_FIGURES_H", "#define AXIPERF_CPU_FIGURES_H", "",
         '#include "figures.h"', "",
         "/*",
         " * A figure's terms are event ids: AXIPERF_MBV_EV_BASE (ARM_EV_BASE) plus",
         " * the index in axiperf_mbv_perf_events[] (arm); the includer sets the",
         " * bases to place the tables in its own numbering.",
         " */",
         "#ifndef AXIPERF_MBV_EV_BASE", "#define AXIPERF_MBV_EV_BASE\t0", "#endif",
         "#ifndef AXIPERF_ARM_EV_BASE", "#define AXIPERF_ARM_EV_BASE\t0", "#endif", "",
         "struct axiperf_cpu_event {",
         "\tconst char *name;",
         "\tint generic;\t\t\t/* 1: PERF_TYPE_HARDWARE, config a generic event */",
         "\tunsigned long long config;\t/* MicroBlaze V: mhpmevent; ARM: event number */",
         "\tint latency;\t\t\t/* a MicroBlaze V latency-class event */",
         "\tconst char *doc;",
         "};", "",
         "/* MicroBlaze V (perf PMU cpu, riscv_pmu_sbi): generic, single, combined */",
         f'#define AXIPERF_MBV_PMU\t"cpu"',
         f"#define AXIPERF_MBV_PERF_COUNTERS\t{m['selector']['counters']}",
         "#define AXIPERF_MBV_COMPATIBLE(X) \\"]
    o += [f"\tX({c_str(c)}) \\" for c in m["id"]["compatible"]]
    o[-1] = o[-1][:-2]
    o += c_events("MBV", mbv_events(d)) + [""]
    o += c_figures("MBV", m["figure"], mbv_events(d)) + [""]
    o += ["/* ARM cores (perf PMU armv7_* or armv8_*): events by their sysfs name */",
          "#define AXIPERF_ARM_PMU_PREFIXES(X) \\"]
    o += [f"\tX({c_str(p)}) \\" for p in a["pmu"]["prefixes"]]
    o[-1] = o[-1][:-2]
    o += [f"#define AXIPERF_ARM_COUNTERS\t{a['pmu']['counters']}"]
    o += c_events("ARM", arm_events(d)) + [""]
    o += c_figures("ARM", a["figure"], arm_events(d)) + ["", "#endif", ""]
    return "\n".join(o)


# ------------------------------------------------------------------ docs

def fig_rows(figs):
    rows = []
    for f in figs:
        formula = f"({f['num']}) / ({f['den']})" + (f" x {f['scale']}" if f.get("scale", 1) != 1 else "")
        rows.append((f["name"], f["unit"], formula, f["doc"]))
    return rows


def gen_doc(d):
    m = d["mbv"]
    o = [f".. {HDR}", "",
         "CPU figures", "-----------", "",
         "``axiperf stat`` counts the command's own CPU events (as ``perf stat``",
         "does, its children included) beside the bus, and prints these figures.",
         "A figure whose denominator is zero prints ``n/a``.", "",
         "MicroBlaze V (perf PMU ``cpu``)", "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", "",
         "Beyond the events of the table above, ``axiperf`` counts the generic",
         "``cycles`` and ``instructions`` (mcycle and minstret) and these combined",
         "events, each one counter selecting several events of one class:", "",
         rst_table(("Event", "Code", "Counts"),
                   [(e["name"], f"0x{e['config']:x}", e["doc"])
                    for e in mbv_events(d) if e["name"] in {c["name"] for c in m["combined"]}]),
         rst_table(("Figure", "Unit", "Formula", "Meaning"), fig_rows(m["figure"])),
         "ARM cores (perf PMU ``armv7_*``, ``armv8_*``)",
         "~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~", "",
         f"Events by their sysfs names, and perf's generic ``cycles`` on the cycle "
         f"counter; {d['arm']['pmu']['counters']} event counters "
         "beside it, so ``axiperf stat`` takes the figures in this "
         "order while their events fit (``-M`` chooses).", "",
         rst_table(("Event", "Number", "Meaning"),
                   [(e["name"], "generic" if e["generic"] else f"0x{e['config']:02x}", e["doc"])
                    for e in arm_events(d)]),
         rst_table(("Figure", "Unit", "Formula", "Meaning"), fig_rows(d["arm"]["figure"]))]
    return "\n".join(o)


OUTPUTS = {
    "include/axiperf/cpu_figures.h": gen_c,
    "Documentation/generated/cpu_figures.rst": gen_doc,
}


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/microblaze_v.toml and spec/arm_pmu.toml", self_check,
                 OUTPUTS, "regenerate with: python3 tools/gen/cpu_gen.py write", loader=load))
