#!/usr/bin/env python3
"""Generate every consumer of spec/apm.toml, or check they have not drifted.

    apm_gen.py [--root DIR] write    regenerate the committed files
    apm_gen.py [--root DIR] check    TAP: the description's own checks + one test per file
"""
import sys

from genlib import cname, figure_rows, rst_table, run, terms

HDR = "generated from spec/apm.toml by tools/gen/apm_gen.py; do not edit"
P = "AXIPERF_APM"
KINDS = {"count": 0, "total": 1, "min": 2, "max": 3}


def self_check(tap, root, d):
    a, s = d["apm"], d["selector"]
    ids = [m["id"] for m in d["metric"]]
    tap(ids == list(range(16)),
        "metrics 0-15, the advanced mode's AXI4 metrics of the vendor's header, in order",
        f"ids {ids}")
    tap(all(m["kind"] in KINDS and m["dir"] in ("rd", "wr") for m in d["metric"]),
        "every metric has a kind (count, total, min, max) and a direction", "")
    names = [m["name"] for m in d["metric"]]
    tap(len(set(names)) == len(names), "no metric name given twice", f"{names}")
    tap(s["metric_bits"] + s["slot_bits"] == 8 and s["slot_lsb"] == s["metric_bits"],
        "the selector byte: metric then slot, 8 bits", "")
    tap(max(ids) < 1 << s["metric_bits"] and a["max_slots"] == 1 << s["slot_bits"],
        "every metric id and slot fits its selector field", "")
    regs = [r["offset"] for r in d["reg"]]
    tap(len(set(regs)) == len(regs) and all(o % 4 == 0 and o < a["window"] for o in regs),
        "registers word-aligned, inside the window, none twice", f"{regs}")
    used = {}
    clash = []
    for f in d["field"]:
        for b in range(f["lsb"], f["lsb"] + f["bits"]):
            k = (f["config"], b)
            if k in used:
                clash.append(f"{used[k]}/{f['name']}")
            used[k] = f["name"]
    tap(not clash, "no two perf config fields share a bit", f"{clash}")
    bad = [i["label"] for i in d["instance"]
           if not (1 <= i["slots"] <= a["max_slots"] and 1 <= i["counters"] <= a["max_counters"]
                   and len(i["slot"]) == i["slots"])]
    tap(not bad, "every instance: slots and counters within the APM's, one name per slot",
        f"{bad}")
    slots = [n for i in d["instance"] for n in i["slot"]]
    tap(len(set(slots)) == len(slots), "slot names unique across the instances (alias names)",
        f"{slots}")
    figs = d.get("figure", [])
    fnames = [f["name"] for f in figs]
    bad = [f"{f['name']}: {t}" for f in figs for _, t in terms(f["num"]) + terms(f["den"])
           if t != "seconds" and t not in names]
    bad += [f"{f['name']}: more than 8 terms" for f in figs
            if max(len(terms(f["num"])), len(terms(f["den"]))) > 8]
    tap(figs and not bad and len(set(fnames)) == len(fnames),
        "figures: names unique, every term a metric or seconds, 8 terms at most", f"{bad}")
    counts = {m["name"] for m in d["metric"] if m["kind"] in ("count", "total")}
    gauge = [f["name"] for f in figs for _, t in terms(f["num"]) + terms(f["den"])
             if t != "seconds" and t not in counts]
    tap(not gauge, "figures read counts and totals, not the min/max gauges", f"{gauge}")
    tap(any(f.get("default") for f in figs) and
        all(isinstance(f.get("default", False), bool) for f in figs),
        "some figures are the default (true or false only)", "")
    widths = [len(f"apm_{i['label']}.{n}") for i in d["instance"] for n in i["slot"]]
    tap(max(widths) < 64, "every port name apm_<label>.<slot> fits the front end's 64-byte names",
        f"{max(widths)}")


def field_mask(f):
    return ((1 << f["bits"]) - 1) << f["lsb"]


def gen_c(d):
    a, s = d["apm"], d["selector"]
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */", f"/* {HDR} */",
         "#ifndef AXIPERF_APM_H", "#define AXIPERF_APM_H", "",
         "/* The AXI Performance Monitor (PG037), advanced mode */",
         f"#define {P}_WINDOW\t0x{a['window']:x}",
         f"#define {P}_MAX_COUNTERS\t{a['max_counters']}",
         f"#define {P}_MAX_SLOTS\t{a['max_slots']}",
         f"#define {P}_COUNTER_STRIDE\t0x{a['counter_stride']:x}",
         f"#define {P}_ZYNQMP_ID_FILTER_BITS\t{a['zynqmp_id_filter_bits']}", "",
         "/* Registers */"]
    for r in d["reg"]:
        o += [f"/* {r['doc']} */", f"#define {P}_REG_{r['name'].upper()}\t0x{r['offset']:03x}"]
        if "reset" in r:
            o.append(f"#define {P}_{r['name'].upper()}_RESET\t0x{r['reset']:x}")
        for b, n in sorted(r.get("bits", {}).items(), key=lambda kv: kv[1]):
            o.append(f"#define {P}_{r['name'].upper()}_{b.upper()}\t(1U << {n})")
    o += [f"#define {P}_REG_MC(n)\t({P}_REG_MC0 + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_SMC(n)\t({P}_REG_SMC0 + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_INC(n)\t({P}_REG_INC0 + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_RANGE(n)\t({P}_REG_RANGE0 + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_MCLOGEN(n)\t({P}_REG_MC0LOGEN + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_SINC(n)\t({P}_REG_SINC0 + {P}_COUNTER_STRIDE * (n))",
          f"#define {P}_REG_MSR(n)\t({P}_REG_MSR0 + 4 * ((n) / 4))",
          f"#define {P}_MSR_SHIFT(n)\t(8 * ((n) % 4))",
          f"#define {P}_ISR_COUNTER(n)\t({P}_ISR_COUNTER_OVERFLOW << (n))", "",
          "/* The metric selector byte */",
          f"#define {P}_SEL_METRIC_SHIFT\t{s['metric_lsb']}",
          f"#define {P}_SEL_METRIC\t0x{((1 << s['metric_bits']) - 1) << s['metric_lsb']:02x}U",
          f"#define {P}_SEL_SLOT_SHIFT\t{s['slot_lsb']}",
          f"#define {P}_SEL_SLOT\t0x{((1 << s['slot_bits']) - 1) << s['slot_lsb']:02x}U",
          f"#define {P}_SEL(metric, slot)\t((metric) << {P}_SEL_METRIC_SHIFT | (slot) << {P}_SEL_SLOT_SHIFT)",
          "", "/* Metric kinds */"]
    for k, v in KINDS.items():
        o.append(f"#define {P}_KIND_{k.upper()}\t{v}")
    o += ["", "/* Metrics */"]
    for m in d["metric"]:
        o.append(f"#define {P}_M_{m['name'].upper()}\t{m['id']}")
    rd_mask = sum(1 << m["id"] for m in d["metric"] if m["dir"] == "rd")
    o += [f"#define {P}_NUM_METRICS\t{len(d['metric'])}",
          "/* the read metrics (bit: metric id); the others are write metrics */",
          f"#define {P}_READ_METRICS\t0x{rd_mask:x}U", "",
          "/* X(name, id, unit, kind, is a read metric, meaning) */", f"#define {P}_METRICS(X) \\"]
    for m in d["metric"]:
        o.append(f'\tX({m["name"]}, {m["id"]}, "{m["unit"]}", {P}_KIND_{m["kind"].upper()}, '
                 f'{1 if m["dir"] == "rd" else 0}, "{m["doc"]}") \\')
    o[-1] = o[-1][:-2]
    o += ["", "/* perf config fields: X(name, sysfs format, config word, lsb, bits) */",
          f"#define {P}_FIELDS(X) \\"]
    for f in d["field"]:
        hi = f["lsb"] + f["bits"] - 1
        fmt = f'{f["config"]}:{f["lsb"]}' + (f"-{hi}" if hi > f["lsb"] else "")
        o.append(f'\tX({f["name"]}, "{fmt}", {f["config"]}, {f["lsb"]}, {f["bits"]}) \\')
    o[-1] = o[-1][:-2]
    for f in d["field"]:
        n = f["name"].upper()
        o += [f"#define {P}_CFG_{n}_SHIFT\t{f['lsb']}",
              f"#define {P}_CFG_{n}\t0x{field_mask(f):x}ULL"]
    o += ["", "/* The ZynqMP's four: X(label, base, slots, counters, SPI) */",
          f"#define {P}_ZYNQMP(X) \\"]
    for i in d["instance"]:
        o.append(f'\tX({i["label"]}, 0x{i["base"]:x}, {i["slots"]}, {i["counters"]}, {i["spi"]}) \\')
    o[-1] = o[-1][:-2]
    o += ["", "/* what each of their slots watches, for the event aliases */"]
    for i in d["instance"]:
        names = ", ".join(f'"{n}"' for n in i["slot"])
        o.append(f"#define {P}_SLOTS_{i['label'].upper()}\t{{ {names} }}")
    o += ["", "#endif", ""]
    return "\n".join(o)


def gen_doc(d):
    o = [f".. {HDR}", "", ".. rubric:: The APM's metrics", "",
         rst_table(["id", "perf name", "kind", "unit", "meaning"],
                   [[str(m["id"]), m["name"], m["kind"], m["unit"], m["doc"]]
                    for m in d["metric"]]),
         ".. rubric:: The ZynqMP's four", "",
         rst_table(["label", "base", "watches", "slots", "counters", "SPI", "clock"],
                   [[i["label"], f"0x{i['base']:08x}", i["watches"],
                     ", ".join(f"{k}: {n}" for k, n in enumerate(i["slot"])),
                     str(i["counters"]), str(i["spi"]), i["clock"]] for i in d["instance"]]),
         ".. rubric:: Figures of the front end (per slot)", "",
         rst_table(["figure", "unit", "formula", "default", "meaning"],
                   [[f["name"], f["unit"], f"``({f['num']}) / ({f['den']})``",
                     "yes" if f.get("default") else "", f["doc"]] for f in d["figure"]])]
    return "\n".join(o)


def gen_c_figures(d):
    """Userspace only: the front end's figures, terms in its event numbering."""
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */", f"/* {HDR} */",
         "/* Userspace only: the APM figures of the front end, each per slot. */",
         "#ifndef AXIPERF_APM_FIGURES_H", "#define AXIPERF_APM_FIGURES_H", "",
         '#include "apm.h"', '#include "figures.h"', "",
         "/*",
         " * A figure's terms are event ids: AXIPERF_APM_EV_BASE plus the metric id",
         " * (AXIPERF_APM_M_*); the includer sets the base to place the metrics in",
         " * its own numbering. Every term is a metric of the same slot.",
         " */",
         "#ifndef AXIPERF_APM_EV_BASE", "#define AXIPERF_APM_EV_BASE	0", "#endif", "",
         "static const struct axiperf_figure axiperf_apm_figures[] = {"]

    o += figure_rows(d["figure"], lambda t: f"AXIPERF_APM_EV_BASE + {P}_M_{cname(t)}")
    dflt = "".join(f" | 1U << {k}" for k, f in enumerate(d["figure"]) if f.get("default"))[3:]
    o += ["};", "",
          "#define AXIPERF_APM_NUM_FIGURES\t(sizeof(axiperf_apm_figures) / sizeof(axiperf_apm_figures[0]))",
          "/* what `axiperf stat` counts on every slot when no -M names figures: bit k, figure k */",
          f"#define AXIPERF_APM_DEFAULT_FIGURES\t({dflt})", "",
          "/* the slot names of the ZynqMP's four: X(label, slots) */",
          f"#define {P}_SLOT_NAMES(X) \\"]
    for i in d["instance"]:
        o.append(f"\tX({i['label']}, {P}_SLOTS_{i['label'].upper()}) \\")
    o[-1] = o[-1][:-2]
    o += ["", "#endif /* AXIPERF_APM_FIGURES_H */", ""]
    return "\n".join(o)


OUTPUTS = {
    "include/axiperf/apm.h": gen_c,
    "include/axiperf/apm_figures.h": gen_c_figures,
    "Documentation/generated/apm_events.rst": gen_doc,
}


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/apm.toml", self_check, OUTPUTS,
                 "regenerate with: python3 tools/gen/apm_gen.py write"))
