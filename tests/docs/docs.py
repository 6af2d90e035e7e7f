#!/usr/bin/env python3
"""The guides' check (make check-docs), and their captured outputs.

  docs.py check OUT   TAP: every captured output in OUT (tests/docs/
                      capture.sh) equals Documentation/output/NAME.txt,
                      numbers masked only on the lines its mask names;
                      every output file is shown by a guide; and every
                      file path, make goal and option of our tools that a
                      guide names exists
  docs.py write OUT   copies OUT's captures to Documentation/output/
                      (make docs-output), removing those no longer made,
                      and draws the pictures from them (PICTURES)

A picture is drawn by the front end (`axiperf report --plot`, on the host)
from a captured output, the data behind it: the check draws it again from
Documentation/output/NAME.txt and compares. README.md shows captured
outputs in fenced blocks after a line `<!-- output: NAME -->`; the check
compares each block with Documentation/output/NAME.txt.
"""
import glob
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUTDIR = os.path.join(TOP, "Documentation", "output")
TOPDIRS = ("Kbuild", "Makefile", "driver", "dts", "tools", "userspace", "hdl", "tests",
           "Documentation", "spec", "model", "formal", "patches", "scripts", "bench",
           "include", ".ci")
NUM = re.compile(r"[0-9]+(\.[0-9]+)?")
AXIPERF = os.path.join(os.environ.get("BUILD", os.path.join(TOP, "build")),
                       "userspace", "x86_64", "axiperf")
# picture: (the capture it is drawn from, the figures, where it goes)
PICTURES = [
    ("zynq-perf-stat-interval", "read_bandwidth,read_transaction_latency",
     "Documentation/images/zynq-read-timeline.svg"),
]
MD_OUTPUT = re.compile(r"^<!-- output: (\S+) -->\n```[a-z]*\n(.*?)^```$", re.M | re.S)

n = 0
failed = 0


def tap(ok, name, why=""):
    global n, failed
    n += 1
    if not ok:
        failed += 1
    print(("ok" if ok else "not ok") + " %d - %s" % (n, name))
    if not ok and why:
        for line in why.rstrip("\n").split("\n")[:12]:
            print("#   " + line)


def captures(out):
    masks = {}
    with open(os.path.join(out, "masks")) as f:
        for line in f:
            name, _, mask = line.rstrip("\n").partition("\t")
            masks[name] = re.compile(mask)
    return masks


def masked(line):
    """line with every number N and every run of spaces one space"""
    return re.sub(r" +", " ", NUM.sub("N", line))


def same(want, got, mask):
    """None if got equals want (numbers masked on mask's lines), else why."""
    w, g = want.split("\n"), got.split("\n")
    if len(w) != len(g):
        return "%d lines, %d expected" % (len(g), len(w))
    for i, (a, b) in enumerate(zip(w, g)):
        if a == b:
            continue
        # a varying number may be wider or narrower: the columns around it
        # shift by as many spaces
        if mask.search(a) and masked(a) == masked(b):
            continue
        return "line %d:\n  expected: %s\n  got:      %s" % (i + 1, a, b)
    return None


def docs():
    """Every guide: README.md, Documentation/*.rst, the READMEs beside code."""
    files = ["README.md"] + sorted(glob.glob(os.path.join(TOP, "Documentation", "*.rst")))
    files += sorted(glob.glob(os.path.join(TOP, "*", "README*")))
    files += sorted(glob.glob(os.path.join(TOP, "*", "*", "README*")))
    seen = []
    for f in files:
        f = os.path.relpath(os.path.join(TOP, f), TOP)
        if f not in seen and not f.startswith("build/"):
            seen.append(f)
    return seen


def check_outputs(out):
    masks = captures(out)
    for name, mask in sorted(masks.items()):
        path = os.path.join(OUTDIR, name + ".txt")
        got = open(os.path.join(out, name + ".txt")).read()
        if not os.path.exists(path):
            tap(False, "output %s is in Documentation/output/" % name,
                "run make docs-output to write it")
            continue
        why = same(open(path).read(), got, mask)
        tap(why is None, "output %s is what the command prints today" % name,
            (why or "") + "\n(make docs-output rewrites Documentation/output/)")
    shown = set()
    for d in docs():
        for m in re.finditer(r"^ *\.\. include:: *(\S+)", open(os.path.join(TOP, d)).read(), re.M):
            shown.add(os.path.normpath(os.path.join(os.path.dirname(d), m.group(1))))
    # README.md's output blocks, and the data the pictures are drawn from
    for m in MD_OUTPUT.finditer(open(os.path.join(TOP, "README.md")).read()):
        shown.add(os.path.join("Documentation", "output", m.group(1) + ".txt"))
    for capture, _, _ in PICTURES:
        shown.add(os.path.join("Documentation", "output", capture + ".txt"))
    for path in sorted(glob.glob(os.path.join(OUTDIR, "*.txt"))):
        name = os.path.basename(path)[:-4]
        rel = os.path.relpath(path, TOP)
        tap(name in masks, "%s is still captured" % rel, "no capture makes it: remove it")
        tap(rel in shown, "%s is shown by a guide" % rel, "no guide includes it (.. include:: ... :literal:)")
    for rel in sorted(shown):
        tap(os.path.exists(os.path.join(TOP, rel)), "%s (included by a guide) exists" % rel)


def tracked():
    files = subprocess.run(["git", "ls-files"], cwd=TOP, capture_output=True,
                           text=True).stdout.split("\n")
    paths = set(f for f in files if f)
    for f in list(paths):
        d = os.path.dirname(f)
        while d and d not in paths:
            paths.add(d)
            d = os.path.dirname(d)
    return paths


def path_exists(tok, doc, paths):
    tok = tok.rstrip(".,:;)/")
    pat = re.sub(r"<[^>]*>", "*", tok)
    for base in ("", os.path.dirname(doc)):
        cand = os.path.normpath(os.path.join(base, pat)) if base else pat
        if "*" in cand or "?" in cand or "[" in cand:
            rx = re.compile("^" + re.escape(cand).replace(r"\*", "[^/]*").replace(r"\?", ".")
                            .replace(r"\[", "[").replace(r"\]", "]") + "$")
            if any(rx.match(p) for p in paths):
                return True
        elif cand in paths or os.path.exists(os.path.join(TOP, cand)):
            return True
    return False


def make_targets(directory):
    r = subprocess.run(["make", "-pRrq", "-C", directory, "AXIPERF_DEPS=done"],
                       capture_output=True, text=True)
    targets = set()
    for line in r.stdout.split("\n"):
        m = re.match(r"^([A-Za-z0-9_./$()-]+):(?!=)", line)
        if m:
            targets.add(m.group(1))
    return targets


def tool_help():
    """Each of our programs' options: its usage text (or, for a script, its source)."""
    helps = {}
    for tool, cmd in (("axiperf", [os.path.join(TOP, "build/userspace/x86_64/axiperf"), "--help"]),
                      ("axiperf-replay", [os.path.join(TOP, "build/replay/axiperf-replay"), "--help"])):
        try:
            r = subprocess.run(cmd, capture_output=True, text=True)
            helps[tool] = r.stdout + r.stderr
        except OSError as e:
            helps[tool] = None
            tap(False, "%s --help runs" % tool, str(e))
    for script in ("tools/guest/run-guest.sh",):
        helps[os.path.basename(script)] = open(os.path.join(TOP, script)).read()
    return helps


# paths of a kernel tree that share our top-level names
FOREIGN_PATHS = ("tools/perf/", "tools/lib/", "tools/include/", "tools/testing/",
                 "include/config/", "include/linux/", "include/uapi/", "include/generated/",
                 "scripts/checkpatch.pl", "scripts/kconfig/", "scripts/dtc/")

# goals of the kernel's and Buildroot's makefiles that the guides show
FOREIGN_GOALS = {"all", "menuconfig", "modules", "modules_install", "olddefconfig",
                 "savedefconfig", "defconfig", "clean"}

CODE_RST = re.compile(r"``([^`]+)``")
CODE_MD = re.compile(r"`([^`]+)`")


def code_spans(doc, text):
    """The inline code of doc and the lines of its literal blocks."""
    spans = (CODE_MD if doc.endswith(".md") else CODE_RST).findall(text)
    lines = text.split("\n")
    block = False
    for i, line in enumerate(lines):
        if doc.endswith(".md"):
            if line.startswith("```"):
                block = not block
                continue
            if block:
                spans.append(line)
        else:
            if block and line and not line[0].isspace():
                block = False
            if block and line.strip():
                spans.append(line.strip())
            if line.rstrip().endswith("::") and not line.lstrip().startswith(".. "):
                block = True
    return spans


def check_names():
    paths = tracked()
    goals = {}
    helps = tool_help()
    for doc in docs():
        text = open(os.path.join(TOP, doc)).read()
        bad_paths, bad_goals, bad_opts = [], [], []
        for span in code_spans(doc, text):
            for tok in re.findall(r"[\w.<>*?-]+(?:/[\w.,<>*?+-]*)+|Kbuild", span):
                parts = tok.rstrip(".,:;)/").split("/")
                first = parts[0]
                foreign = tok.startswith(FOREIGN_PATHS)
                if first in TOPDIRS and not foreign and not path_exists(tok, doc, paths):
                    bad_paths.append(tok)
                elif doc.startswith("tools/") and first not in TOPDIRS and "/" in tok \
                        and os.path.exists(os.path.join(TOP, os.path.dirname(doc), first)) \
                        and not path_exists(tok, doc, paths):
                    bad_paths.append(tok)
            for m in re.finditer(r"(?:^|[;&|(] *)make +([^;&|#]*)", span):
                words = m.group(1).split()
                directory = "."
                goal_words = []
                i = 0
                while i < len(words):
                    w = words[i]
                    if w == "-C" and i + 1 < len(words):
                        directory = words[i + 1]
                        i += 2
                        continue
                    if not w.startswith("-") and "=" not in w and re.match(r"^[a-z][a-z0-9_.-]*$", w):
                        goal_words.append(w)
                    i += 1
                if not os.path.isfile(os.path.join(TOP, directory, "Makefile")):
                    continue
                if directory not in goals:
                    goals[directory] = make_targets(os.path.join(TOP, directory))
                for g in goal_words:
                    if g not in goals[directory] and g not in FOREIGN_GOALS:
                        bad_goals.append("make %s%s" % ("-C %s " % directory if directory != "." else "", g))
            for m in re.finditer(r"(?:^|[\s$(])(axiperf-replay|axiperf|run-guest\.sh)((?: +[^ |;]+)*)", span):
                tool, args = m.group(1), m.group(2)
                if helps.get(tool) is None:
                    continue
                for opt in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", args):
                    if opt != "--help" and opt not in helps[tool]:
                        bad_opts.append("%s %s" % (tool, opt))
        tap(not bad_paths, "%s: every file path it names exists" % doc, "\n".join(sorted(set(bad_paths))))
        tap(not bad_goals, "%s: every make goal it names exists" % doc, "\n".join(sorted(set(bad_goals))))
        tap(not bad_opts, "%s: every option of our tools it names exists" % doc,
            "\n".join(sorted(set(bad_opts))))


def check_rst():
    """Each .rst guide parses as reStructuredText with no warning."""
    try:
        import docutils.core
        import io
    except ImportError:
        tap(False, "docutils imports (python3-docutils)", "install python3-docutils")
        return
    for doc in docs():
        if not doc.endswith(".rst"):
            continue
        path = os.path.join(TOP, doc)
        warnings = io.StringIO()
        docutils.core.publish_doctree(
            open(path).read(), source_path=path,
            settings_overrides={"report_level": 2, "halt_level": 5,
                                "warning_stream": warnings})
        tap(not warnings.getvalue(), "%s parses as reStructuredText with no warning" % doc,
            warnings.getvalue().replace(TOP + "/", ""))


def draw(capture, figures, svg):
    """Draws svg from Documentation/output/CAPTURE.txt (its command line
    left out); None, or why not."""
    src = os.path.join(OUTDIR, capture + ".txt")
    if not os.path.exists(src):
        return "no %s" % os.path.relpath(src, TOP)
    data = os.path.join(os.path.dirname(svg), "." + os.path.basename(svg) + ".csv")
    os.makedirs(os.path.dirname(svg), exist_ok=True)
    with open(src) as f, open(data, "w") as d:
        d.writelines(line for line in f if not line.startswith("$ "))
    r = subprocess.run([AXIPERF, "report", "-M", figures, "--plot", svg, data],
                       capture_output=True, text=True)
    os.remove(data)
    if r.returncode:
        return "axiperf report --plot: " + r.stderr.strip()
    return None


def check_pictures():
    """Each picture is what the front end draws from its data today."""
    for capture, figures, svg in PICTURES:
        tmp = os.path.join(os.environ.get("BUILD", os.path.join(TOP, "build")), "docs",
                           "pictures", os.path.basename(svg))
        why = draw(capture, figures, tmp)
        if why is None:
            committed = os.path.join(TOP, svg)
            if not os.path.exists(committed):
                why = "no %s" % svg
            elif open(committed, "rb").read() != open(tmp, "rb").read():
                why = "%s differs from what axiperf draws from %s" % (svg, capture)
        tap(why is None, "%s is axiperf's plot of Documentation/output/%s.txt" % (svg, capture),
            (why or "") + "\n(make docs-output redraws it)")


def check_readme_outputs():
    """README.md's blocks marked as outputs are those outputs."""
    text = open(os.path.join(TOP, "README.md")).read()
    blocks = MD_OUTPUT.findall(text)
    tap(len(blocks) == text.count("<!-- output: "),
        "README.md: every <!-- output: NAME --> line is followed by a fenced block")
    for name, block in blocks:
        path = os.path.join(OUTDIR, name + ".txt")
        ok = os.path.exists(path) and open(path).read().rstrip("\n") == block.rstrip("\n")
        tap(ok, "README.md shows Documentation/output/%s.txt as it is" % name,
            "copy it from Documentation/output/%s.txt" % name)


def write(out):
    masks = captures(out)
    os.makedirs(OUTDIR, exist_ok=True)
    for path in glob.glob(os.path.join(OUTDIR, "*.txt")):
        if os.path.basename(path)[:-4] not in masks:
            os.remove(path)
    for name in masks:
        with open(os.path.join(out, name + ".txt")) as src, \
                open(os.path.join(OUTDIR, name + ".txt"), "w") as dst:
            dst.write(src.read())
    print("docs.py: %d outputs written to Documentation/output/" % len(masks))
    for capture, figures, svg in PICTURES:
        why = draw(capture, figures, os.path.join(TOP, svg))
        if why:
            sys.exit("docs.py: %s: %s" % (svg, why))
        print("docs.py: %s drawn" % svg)
    # README.md's output blocks follow the outputs
    path = os.path.join(TOP, "README.md")
    text = open(path).read()

    def fresh(m):
        body = open(os.path.join(OUTDIR, m.group(1) + ".txt")).read()
        return "<!-- output: %s -->\n```\n%s```" % (m.group(1), body if body.endswith("\n") else body + "\n")
    open(path, "w").write(MD_OUTPUT.sub(fresh, text))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "write", "names"):
        sys.exit(__doc__)
    if sys.argv[1] == "write":
        write(sys.argv[2])
        return
    if sys.argv[1] == "check":
        check_outputs(sys.argv[2])
        check_pictures()
        check_readme_outputs()
    check_names()
    check_rst()
    print("1..%d" % n)
    sys.exit(1 if failed else 0)


main()
