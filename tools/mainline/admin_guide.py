#!/usr/bin/env python3
"""admin_guide.py TOP: the mainline series' Documentation/admin-guide/perf/axiperf.rst,
taken from the sections of Documentation/perf.rst and Documentation/microblaze.rst
a kernel user reads (tools/mainline/mkseries.sh). Paths of this repository
that mean nothing in the kernel's tree are named by what they are."""
import re
import sys

# (file, section titles in the order the page gives them, heading character)
SECTIONS = [
    ("Documentation/perf.rst", ["Hardware model", "Naming and sysfs", "Examples",
                                "Counters, widths and overflow", "Limitations"], "="),
    ("Documentation/microblaze.rst", ["Hardware model", "What sysfs shows", "Limitations"], "-"),
]
# repository paths, and what the kernel reader gets instead
REPLACE = [
    (r"\(``Documentation/generated/categories\.rst``\)", "(the monitor's documentation)"),
    (r"``Documentation/generated/events\.rst``", "the monitor's documentation"),
    (r"``include/axiperf/regs\.h``", "``axiperf_regs.h``"),
    (r"``Documentation/[a-z_-]+\.rst``", "the axiperf documentation"),
    (r"``patches/[^`]*``", "the perf tool's patch"),
    (r"\(Zynq HP,(\s+[^\n]*)\n\s+and the QEMU bed\)", r"(Zynq HP)\1"),
    (r"are\s+in the generated tables below; ``tools/gen/microblaze_gen.py check`` proves\s+that target, command and length give the manual's DBG_CTRL values\.",
     "are\nin the MicroBlaze reference manual's debug chapter."),
    (r"as the\s+test bed models them\.", "an order the\n  manual does not state."),
    # the core the monitor extends: the ZipCPU blog's AXI performance monitor
    (r"the article's core", "the ZipCPU core"),
    (r"The article's core", "The ZipCPU core"),
    (r"the article's", "the ZipCPU core's"),
    (r"the article", "the ZipCPU core's description"),
]


def sections(text, underline):
    """{title: body lines} of the sections whose titles are underlined with underline."""
    lines = text.split("\n")
    out, cur = {}, None
    for i, line in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if nxt and set(nxt) == {underline} and len(nxt) >= len(line) > 0 and line.strip():
            cur = line
            out[cur] = []
            continue
        if cur is not None and not (set(line) == {underline} and out[cur] == []):
            out[cur].append(line)
    return out


def main():
    top = sys.argv[1]
    o = [".. SPDX-License-Identifier: GPL-2.0", "",
         "==========================================================",
         "axiperf AXI4 performance monitor and MicroBlaze MDM PMUs",
         "==========================================================", "",
         "Two drivers: ``axiperf`` makes each axiperf AXI4 performance monitor (FPGA",
         "IP watching one AXI4 link) a perf PMU, ``axiperfN``; ``axiperf_mb`` makes",
         "each MicroBlaze core whose performance counters the MicroBlaze debug",
         "module (MDM) reaches a perf PMU, ``microblazeN``.", ""]
    for path, titles, ch in SECTIONS:
        secs = sections(open(f"{top}/{path}").read(), ch)
        part = "AXI4 monitor" if "perf.rst" in path else "MicroBlaze counters"
        for t in titles:
            if t not in secs:
                sys.exit(f"admin_guide.py: {path} has no section '{t}'")
            title = f"{part}: {t[0].lower() + t[1:]}"
            body = "\n".join(secs[t]).strip("\n")
            for a, b in REPLACE:
                body = re.sub(a, b, body)
            o += [title, "=" * len(title), "", body, "", ""]
    sys.stdout.write("\n".join(o).rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
