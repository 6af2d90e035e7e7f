#!/usr/bin/env python3
"""Generate every consumer of spec/microblaze_v.toml, or check they have not drifted.

    mbv_gen.py [--root DIR] write    regenerate the committed files
    mbv_gen.py [--root DIR] check    TAP: the description's own checks
                                     (classes, bits, codes, names) + one test per file
"""
import json
import sys

from genlib import format_patch, load as load_toml, new_file_diff, rst_table, run

HDR = "generated from spec/microblaze_v.toml by tools/gen/mbv_gen.py; do not edit"
P = "AXIPERF_MBV"
PATCH_NAME = "perf-vendor-events-riscv-Add-AMD-MicroBlaze-V-events.patch"
# perf 6.1 has no riscv mapfile (the series' 0001 gives perf the cpuid it
# matches); from 6.3 perf has both, and the patch appends one row to the
# kernel's mapfile: its line count and last three lines, the hunk's context
MAPFILE_TAIL = {
    "6.12": (20, ["0x5b7-0x0-0x0,v1,thead/c900-legacy,core",
                  "0x67e-0x80000000db0000[89]0-0x[[:xdigit:]]+,v1,starfive/dubhe-80,core",
                  "0x31e-0x8000000000008a45-0x[[:xdigit:]]+,v1,andes/ax45,core"]),
    "7.3": (26, ["0x602-0x3-0x0,v1,openhwgroup/cva6,core",
                 "0x67e-0x80000000db0000[89]0-0x[[:xdigit:]]+,v1,starfive/dubhe-80,core",
                 "0x31e-0x8000000000008a45-0x[[:xdigit:]]+,v1,andes/ax45,core"]),
}
PATCHES = {"6.1": f"patches/6.1/microblaze-v-perf/0002-{PATCH_NAME}"} | {
    k: f"patches/{k}/microblaze-v-perf/0001-{PATCH_NAME}" for k in MAPFILE_TAIL}
JSON_DIR = "tools/perf/pmu-events/arch/riscv/amd/microblaze-v"
MAPFILE = "tools/perf/pmu-events/arch/riscv/mapfile.csv"


def load(root):
    return load_toml(root, "spec/microblaze_v.toml")


def code(d, e):
    """The mhpmevent value selecting event e: its bit and its class."""
    s = d["selector"]
    return (1 << e["bit"]) | (e["class"] << s["class_lsb"])


def classes(d):
    return {c["number"]: c for c in d["class"]}


def cpuid(d):
    i = d["id"]
    return f"0x{i['mvendorid']:x}-0x{i['marchid']:x}-0x{i['mimpid']:x}"


# ------------------------------------------------------------------ checks

def self_check(tap, root, d):
    s = d["selector"]
    cls = classes(d)
    tap(sorted(cls) == list(range(6)), "the six classes of UG1629 Table 1, numbered 0-5",
        f"classes {sorted(cls)}")
    bad = [e["name"] for e in d["event"]
           if e["class"] not in cls
           or not s["event_lsb"] <= e["bit"] < s["event_lsb"] + s["event_bits"]]
    tap(not bad, "every event is in a defined class, its bit in the Event field (24:5)",
        f"not: {bad}")
    seen, dup = {}, []
    for e in d["event"]:
        k = (e["class"], e["bit"])
        if k in seen:
            dup.append(f"{seen[k]}/{e['name']}")
        seen[k] = e["name"]
    names = [e["name"] for e in d["event"]]
    dup += sorted({n for n in names if names.count(n) > 1})
    tap(not dup, "no class and bit, and no name, given twice", f"{dup}")
    per = {c: sum(e["class"] == c for e in d["event"]) for c in cls}
    want = {0: 20, 1: 6, 2: 6, 3: 3, 4: 2, 5: 6}
    tap(per == want, "events per class as UG1629 Tables 2-7 list them (20, 6, 6, 3, 2, 6)",
        f"{per}")
    lat = [e["name"] for e in d["event"] if bool(e.get("latency")) != (e["class"] == s["latency_class"])]
    tap(not lat, "latency events are exactly those of class 5", f"{lat}")
    top = (1 << s["raw_bits"]) - 1
    mask_cls = ((1 << s["class_bits"]) - 1) << s["class_lsb"]
    bad = [e["name"] for e in d["event"]
           if code(d, e) & ~top or (code(d, e) & mask_cls) >> s["class_lsb"] != e["class"]
           or bin(code(d, e) >> s["event_lsb"]).count("1") != 1 or code(d, e) & 1]
    tap(not bad, "each code is one Event bit with its class in bits 4:1, bit 0 clear, "
        "within perf's config:0-47", f"{bad}")
    tap(code(d, {"bit": 5, "class": 0}) == 0x20 and
        code(d, {"bit": 10, "class": 1}) == 0x402 and
        code(d, {"bit": 15, "class": 5}) == 0x800a,
        "codes as (mask << 5) | (class << 1): loads 0x20, branch_mispredicts 0x402, "
        "peripheral_write_latency 0x800a")
    # the classic MicroBlaze event of the same meaning shares its name
    mb = load_toml(root, "spec/microblaze.toml")
    mbnames = {e["name"] for e in mb["event"]}
    bad = [f"{e['name']} ({e['microblaze']})" for e in d["event"]
           if "microblaze" in e and (e["microblaze"] not in mbnames or e["microblaze"] != e["name"])]
    tap(not bad, "an event the classic MicroBlaze also counts has its name there "
        "(spec/microblaze.toml)", f"{bad}")


# ------------------------------------------------------------------ C header

def gen_c(d):
    s = d["selector"]
    i = d["id"]
    o = ["/* SPDX-License-Identifier: GPL-2.0 OR MIT */", f"/* {HDR} */",
         "#ifndef AXIPERF_MICROBLAZE_V_H", "#define AXIPERF_MICROBLAZE_V_H", "",
         "/* mhpmevent: the class in bits 4:1, one bit per event in bits 24:5 */",
         f"#define {P}_CLASS_SHIFT\t{s['class_lsb']}",
         f"#define {P}_CLASS\t0x{((1 << s['class_bits']) - 1) << s['class_lsb']:08x}U",
         f"#define {P}_EVENT_SHIFT\t{s['event_lsb']}",
         f"#define {P}_EVENT\t0x{((1 << s['event_bits']) - 1) << s['event_lsb']:08x}U",
         f"#define {P}_RAW_BITS\t{s['raw_bits']}",
         f"#define {P}_COUNTERS\t{s['counters']}",
         f"#define {P}_LATENCY_CLASS\t{s['latency_class']}", "",
         "/* the test bed's mvendorid-marchid-mimpid (perf's mapfile row) */",
         f"#define {P}_MVENDORID\t0x{i['mvendorid']:x}",
         f"#define {P}_MARCHID\t0x{i['marchid']:x}",
         f"#define {P}_MIMPID\t0x{i['mimpid']:x}",
         f'#define {P}_CPUID\t"{cpuid(d)}"', "",
         "/* X(name, class, bit, mhpmevent value, is a latency event, meaning) */",
         f"#define {P}_EVENTS(X) \\"]
    for e in sorted(d["event"], key=lambda e: (e["class"], e["bit"])):
        o.append(f'\tX({e["name"]}, {e["class"]}, {e["bit"]}, 0x{code(d, e):x}, '
                 f'{1 if e.get("latency") else 0}, "{e["doc"]}") \\')
    o[-1] = o[-1][:-2]
    o += ["", "/* each event's mhpmevent value, by name */"]
    for e in sorted(d["event"], key=lambda e: (e["class"], e["bit"])):
        o.append(f'#define {P}_EV_{e["name"].upper()}\t0x{code(d, e):x}')
    o += ["", "/* X(number, name, meaning) */", f"#define {P}_CLASSES(X) \\"]
    for c in sorted(d["class"], key=lambda c: c["number"]):
        o.append(f'\tX({c["number"]}, {c["name"]}, "{c["doc"]}") \\')
    o[-1] = o[-1][:-2]
    o += ["", "#endif", ""]
    return "\n".join(o)


# ------------------------------------------------------------------ docs

def gen_doc(d):
    cls = classes(d)
    o = [f".. {HDR}", "",
         "MicroBlaze V events", "-------------------", "",
         "Counted by ``cpu/<event>/`` (perf's name, from the JSON of "
         "``patches/<kernel>/microblaze-v-perf/``) or ``cpu/event=<code>/`` on any "
         "MicroBlaze V Linux system; the code is the ``mhpmevent`` value, "
         "``(1 << bit) | (class << 1)``. A class 5 event counts its "
         "occurrences on an event counter; on a latency counter pair it "
         "sums the latencies and keeps their maximum and minimum.", "",
         rst_table(("Event", "Class", "Bit", "Code", "Meaning"),
                   [(e["name"], f"{e['class']} ({cls[e['class']]['name']})", e["bit"],
                     f"0x{code(d, e):x}", e["doc"])
                    for e in sorted(d["event"], key=lambda e: (e["class"], e["bit"]))]),
         f"The test bed's identification (perf's mapfile row): ``{cpuid(d)}``.", ""]
    return "\n".join(o)


# ------------------------------------------------------------------ perf JSON

def json_files(d):
    """{file name: JSON text} of perf's vendor events, one file per class."""
    out = {}
    for c in sorted(d["class"], key=lambda c: c["number"]):
        evs = [e for e in sorted(d["event"], key=lambda e: e["bit"]) if e["class"] == c["number"]]
        rows = [{"EventName": e["name"].upper(), "EventCode": f"0x{code(d, e):x}",
                 "BriefDescription": e["doc"] + (" (occurrences on an event counter; "
                                                 "latency sum on a latency counter)"
                                                 if e.get("latency") else "")}
                for e in evs]
        out[f"{c['name']}.json"] = json.dumps(rows, indent=2) + "\n"
    return out



def gen_patch(d, kver):
    files = json_files(d)
    row = f"{cpuid(d)},v1,amd/microblaze-v,core"
    body = []
    for name in sorted(files):
        body += new_file_diff(f"{JSON_DIR}/{name}", files[name])
    if kver in MAPFILE_TAIL:
        n, tail = MAPFILE_TAIL[kver]
        first = n - len(tail) + 1
        body += [f"diff --git a/{MAPFILE} b/{MAPFILE}",
                 f"--- a/{MAPFILE}", f"+++ b/{MAPFILE}",
                 f"@@ -{first},{len(tail)} +{first},{len(tail) + 1} @@"] + \
            [" " + line for line in tail] + ["+" + row]
        subject = "[PATCH] perf vendor events riscv: Add AMD MicroBlaze V events"
        match = ["The mapfile row matches the identification the axiperf test bed gives",
                 "its MicroBlaze V exactly; a system that reports other mvendorid,",
                 "marchid or mimpid values needs a row of its own (a regular expression",
                 "as the other rows have, once AMD publishes the values)."]
    else:
        body += new_file_diff(MAPFILE, "Family-model,Version,Filename,EventType\n" + row + "\n")
        subject = "[PATCH 2/2] perf vendor events riscv: Add AMD MicroBlaze V events"
        match = ["The mapfile row matches the identification the axiperf test bed gives",
                 "its MicroBlaze V; a system that reports other mvendorid, marchid or",
                 "mimpid values needs a row of its own."]
    message = ["MicroBlaze V selects an event of its hardware performance monitor by",
               "one bit of the mhpmevent Event field (bits 24:5) and a class in bits",
               "4:1 (UG1629, Machine HPM Event Register). Name all of them, classes 0",
               "to 5, for the raw events the SBI PMU driver passes to mhpmevent as",
               "they are.",
               ""] + match
    return format_patch("Thu, 26 Nov 2026", subject, message, HDR,
                        [f"{JSON_DIR}/{n}" for n in sorted(files)] + [MAPFILE], body)


OUTPUTS = {
    "include/axiperf/microblaze_v.h": gen_c,
    "Documentation/generated/microblaze_v_events.rst": gen_doc,
} | {path: (lambda d, k=k: gen_patch(d, k)) for k, path in PATCHES.items()}


if __name__ == "__main__":
    sys.exit(run(sys.argv, __doc__, "spec/microblaze_v.toml", self_check, OUTPUTS,
                 "regenerate with: python3 tools/gen/mbv_gen.py write"))
