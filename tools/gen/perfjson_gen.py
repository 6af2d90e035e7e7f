#!/usr/bin/env python3
"""perf's own names for the monitor: pmu-events JSON from spec/axiperf.toml.

Every event with its description (a system PMU's JSON: Unit "axiperf",
matched to the axiperfN PMUs by their sysfs identifier through Compat),
and every figure perf's metric expressions can compute, as a metric of the
same name and formula. The JSON, and the perf patch that carries it into
the arches the test beds run, are generated here; `make check-gen` fails
when a committed copy drifts.

    perfjson_gen.py [--root DIR] write    regenerate the committed files
    perfjson_gen.py [--root DIR] check    TAP: one test per file + table checks
"""
import json
import re
import sys

import microblaze_gen
from genlib import format_patch, load as load_toml, new_file_diff, run, terms

HDR = "generated from spec/axiperf.toml by tools/gen/perfjson_gen.py; do not edit"
JSON_DIR = "tools/perf-json"
# where perf's jevents.py finds a system PMU's tables, per arch: a model
# directory whose "sys" directory holds them
PERF_SUBDIR = "axiperf/monitor/sys"
MB_SUBDIR = "axiperf/microblaze-mdm/sys"
ARCHES = ("arm", "microblaze", "riscv")
# arches whose perf (6.12) has no pmu-events directory: jevents needs a
# mapfile.csv to build tables at all; the header alone is enough for
# system PMU tables
NEW_MAPFILE = ("arm", "microblaze")
MAPFILE_HEADER = "Family-model,Version,Filename,EventType\n"
PATCH = ("patches/6.12/axiperf-perf/"
         "0001-perf-vendor-events-Add-the-axiperf-AXI-monitor-and-MicroBlaze-MDM.patch")
# perf 6.12's jevents.py maps a JSON Unit to a PMU name by a table, and any
# other Unit to "uncore_<unit>"; the hunk adds ours after its last row
JEVENTS = "tools/perf/pmu-events/jevents.py"
JEVENTS_AT = 292
JEVENTS_BEFORE = ["          'cpu_atom': 'cpu_atom',", "          'ali_drw': 'ali_drw',",
                  "          'arm_cmn': 'arm_cmn',"]
JEVENTS_AFTER = ["      }",
                 "      return table[unit] if unit in table else f'uncore_{unit.lower()}'", ""]
# the sysfs identifier (driver/axiperf_pmu.c): "axiperf-<major>.<minor>-<CONFIG>"
# of every map 1.x monitor; the article's core is "zipcpu-axiperf"
COMPAT_ANY = "axiperf-1[.][0-9]+-[0-9a-f]{8}"
COMPAT_LEGACY = "zipcpu-axiperf"
# the MDM's MicroBlaze PMUs (driver/microblaze): "microblaze-mdm-w<counter
# width>-e<event counters>-l<latency counters>"
COMPAT_MB = "microblaze-mdm-w(32|48|64)-e[0-9]+-l[0-9]+"


def load(root):
    """spec/axiperf.toml, with spec/microblaze.toml under "_mb"."""
    d = load_toml(root, "spec/axiperf.toml")
    d["_mb"] = microblaze_gen.load(root)
    return d



def config_field(d, name):
    for r in d["register"]:
        for f in r.get("fields", []):
            if r["name"] == "CONFIG" and f["name"] == name:
                return f
    raise SystemExit(f"CONFIG has no field {name}")


def compat_needing(d, field):
    """Compat of the monitors whose CONFIG has a one-bit field set: the hex
    digit that holds it takes only the values with that bit."""
    bit = config_field(d, field)["lsb"]
    digit, within = 7 - bit // 4, bit % 4
    vals = "".join(f"{v:x}" for v in range(16) if v >> within & 1)
    return f"axiperf-1[.][0-9]+-[0-9a-f]{{{digit}}}[{vals}][0-9a-f]{{{7 - digit}}}"


def compat(d, names):
    """The Compat for an entry that reads these events."""
    ev = {e["name"]: e for e in d["event"]}
    need = {ev[n]["needs"] for n in names if "needs" in ev[n]}
    if len(need) > 1:
        raise SystemExit(f"{names}: events of two build options")
    if need:
        return compat_needing(d, need.pop())
    legacy = all(ev[n].get("legacy", ev[n]["offset"]) < d["monitor"]["legacy_window"]
                 for n in names)
    return f"({COMPAT_ANY}|{COMPAT_LEGACY})" if legacy else COMPAT_ANY


def events_json(d):
    rows = []
    for e in d["event"]:
        r = {"EventName": e["name"], "EventCode": f"0x{e['id']:02x}",
             "BriefDescription": e["doc"] + (" (maximum)" if e["kind"] == "gauge" else ""),
             "Unit": "axiperf", "Compat": compat(d, [e["name"]])}
        if e.get("unit") == "bytes":
            r["ScaleUnit"] = "1bytes"
        rows.append(r)
    return json.dumps(rows, indent=2) + "\n"


def can_be_metric(f):
    """None, or why perf's expressions cannot give the figure."""
    if f.get("ns"):
        return "needs the monitor's clock rate, which no metric expression can read"
    return None


def expr(s):
    return " + ".join(n if sg > 0 else f"- {n}" for sg, n in terms(s)).replace("+ -", "-")


def metrics_json(d):
    rows = []
    for f in d["figure"]:
        if can_be_metric(f):
            continue
        num = expr(f["num"]).replace("seconds", "duration_time")
        den = expr(f["den"]).replace("seconds", "duration_time")
        names = [n for _, n in terms(f["num"]) + terms(f["den"]) if n != "seconds"]
        scale = f.get("scale", 1)
        rows.append({
            "MetricName": f["name"],
            "MetricExpr": f"({num}) / ({den})",
            "BriefDescription": f["doc"],
            "MetricGroup": "axiperf",
            "ScaleUnit": f"{scale:g}{f['unit']}",
            "Unit": "axiperf",
            "Compat": compat(d, names)})
    return json.dumps(rows, indent=2) + "\n"


def mb_events_json(d):
    rows = [{"EventName": name, "ConfigCode": f"0x{config:x}", "BriefDescription": doc,
             "Unit": "microblaze", "Compat": COMPAT_MB}
            for name, config, _, _, doc in microblaze_gen.perf_events(d["_mb"])]
    return json.dumps(rows, indent=2) + "\n"


def mb_can_be_metric(f):
    if f["kind"] == "stddev":
        return "a standard deviation needs sqrt, which perf's expressions lack"
    return None


def mb_expr(s):
    # qualified by the PMU: "cycles" or "instructions" alone are perf's
    # generic events of the CPU
    return " ".join(f"microblaze@{t}@" if re.fullmatch(r"[a-z_0-9]+", t) and not t.isdigit()
                    else t for t in s.replace("+", " + ").replace(" - ", " - ").split())


def mb_metrics_json(d):
    rows = []
    for f in microblaze_gen.figures(d["_mb"]):
        if mb_can_be_metric(f):
            continue
        rows.append({
            "MetricName": f["name"],
            "MetricExpr": f"({mb_expr(f['num'])}) / ({mb_expr(f['den'])})",
            "BriefDescription": f["doc"],
            "MetricGroup": "microblaze",
            "ScaleUnit": f"{f.get('scale', 1):g}{f['unit']}",
            "Unit": "microblaze",
            "Compat": COMPAT_MB})
    return json.dumps(rows, indent=2) + "\n"



def gen_patch(d):
    files = {}
    for a in ARCHES:
        base = f"tools/perf/pmu-events/arch/{a}/{PERF_SUBDIR}"
        files[f"{base}/axiperf.json"] = events_json(d)
        files[f"{base}/metrics.json"] = metrics_json(d)
        mb = f"tools/perf/pmu-events/arch/{a}/{MB_SUBDIR}"
        files[f"{mb}/microblaze.json"] = mb_events_json(d)
        files[f"{mb}/metrics.json"] = mb_metrics_json(d)
        if a in NEW_MAPFILE:
            files[f"tools/perf/pmu-events/arch/{a}/mapfile.csv"] = MAPFILE_HEADER
    body = []
    for path in sorted(files):
        body += new_file_diff(path, files[path])
    n = len(JEVENTS_BEFORE) + len(JEVENTS_AFTER)
    body += [f"diff --git a/{JEVENTS} b/{JEVENTS}", f"--- a/{JEVENTS}", f"+++ b/{JEVENTS}",
             f"@@ -{JEVENTS_AT},{n} +{JEVENTS_AT},{n + 2} @@ class JsonEvent:"]
    body += [" " + line for line in JEVENTS_BEFORE] + ["+          'axiperf': 'axiperf',", "+          'microblaze': 'microblaze',"]
    body += [" " + line for line in JEVENTS_AFTER]
    message = ["axiperf monitors one AXI4 link of an FPGA design each and registers",
               "as the system PMU axiperfN; its MicroBlaze driver registers each",
               "MicroBlaze core's debug counters, behind the MDM, as microblazeN.",
               "Name their events, with a description of each, and give their",
               "figures (read and write latency, efficiency, throughput, bandwidth;",
               "CPI, cache hit rates, latency means) as metrics, for the arches the",
               "test beds run: arm (Zynq), microblaze and riscv (MicroBlaze V). arm",
               "and microblaze get a mapfile of the header alone, which is what",
               "jevents needs to build their system PMU tables; each Unit becomes a",
               "PMU name of its own.",
               "",
               "Every entry matches its PMU by the sysfs identifier:",
               "axiperf-<map major>.<minor>-<CONFIG> (the latency sums, and the",
               "metrics that read them, only where CONFIG says the monitor has them)",
               "and microblaze-mdm-w<width>-e<counters>-l<latency counters>."]
    return format_patch("Sun, 29 Nov 2026",
                        "[PATCH 1/2] perf vendor events: Add the axiperf AXI monitor and MicroBlaze MDM",
                        message, HDR, sorted(files) + [JEVENTS], body)


def self_check(tap, root, d):
    figs = [f for f in d["figure"] if not can_be_metric(f)]
    rows = json.loads(metrics_json(d))
    tap(len(rows) == len(figs), "a metric for every figure perf's expressions can compute",
        f"{len(rows)} metrics, {len(figs)} figures")
    skipped = [f"{f['name']} ({can_be_metric(f)})" for f in d["figure"] if can_be_metric(f)]
    tap(True, f"figures that cannot be metrics, and why: {'; '.join(skipped) or 'none'}")
    evs = json.loads(events_json(d))
    tap(len(evs) == len(d["event"]) and all(e["BriefDescription"] for e in evs),
        "every event named, with its description")
    # the Compat of the latency sums against identifiers of real builds
    lat = compat_needing(d, "has_latency")
    ok = [f"axiperf-1.1-{c:08x}" for c in (0x20024e43, 0x20024c42, 0x28030307)]
    no = [f"axiperf-1.0-{c:08x}" for c in (0x20004e43, 0x20004c42)] + ["axiperf-1.1-20004c42"]
    tap(all(re.fullmatch(lat, i) for i in ok) and not any(re.fullmatch(lat, i) for i in no),
        f"the latency sums' Compat {lat} matches map 1.1 monitors with has_latency only")
    tap(all(re.fullmatch(COMPAT_ANY, i) for i in ok + no),
        f"the others' Compat {COMPAT_ANY} matches every map 1.x monitor")
    mbf = microblaze_gen.figures(d["_mb"])
    mbm = json.loads(mb_metrics_json(d))
    tap(len(mbm) == len([f for f in mbf if not mb_can_be_metric(f)]),
        f"a MicroBlaze metric for every ratio figure ({len(mbm)}); the standard deviations "
        f"({sum(1 for f in mbf if mb_can_be_metric(f))}) cannot be: no sqrt")
    tap(all(re.fullmatch(COMPAT_MB, i) for i in ("microblaze-mdm-w32-e5-l1",
                                                  "microblaze-mdm-w64-e8-l2")),
        f"the MicroBlaze Compat {COMPAT_MB} matches the MDM PMUs' identifiers")


OUTPUTS = {
    f"{JSON_DIR}/axiperf.json": events_json,
    f"{JSON_DIR}/metrics.json": metrics_json,
    f"{JSON_DIR}/microblaze.json": mb_events_json,
    f"{JSON_DIR}/microblaze-metrics.json": mb_metrics_json,
    PATCH: gen_patch,
}


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/axiperf.toml and spec/microblaze.toml", self_check,
                 OUTPUTS, "regenerate with: python3 tools/gen/perfjson_gen.py write",
                 loader=load))
