"""What the generators share: loading a description, a figure's terms, a
new file as a patch hunk, TAP lines, writing the generated files and
checking the committed copies against them."""
import hashlib
import os
import re
import sys
import tomllib


def load(root, rel):
    with open(os.path.join(root, rel), "rb") as f:
        return tomllib.load(f)


def cname(s):
    return s.upper()


def terms(text):
    """'a + b - c' -> [(1, 'a'), (1, 'b'), (-1, 'c')]"""
    out, sign = [], 1
    for tok in re.findall(r"[+-]|[A-Za-z0-9_]+", text):
        if tok in "+-":
            sign = 1 if tok == "+" else -1
        else:
            out.append((sign, tok))
            sign = 1
    return out


def figure_rows(figures, term):
    """The C initializers of a struct axiperf_figure table: one per figure
    (name, title, unit, scale, the formula's text and terms, ns); term(t)
    names event t in C ("seconds" is AXIPERF_TERM_SECONDS)."""
    def terms_c(text):
        ts = terms(text)
        assert len(ts) <= 8
        return ", ".join("{ %d, %s }" % (sg, "AXIPERF_TERM_SECONDS" if t == "seconds" else term(t))
                         for sg, t in ts), len(ts)
    o = []
    for f in figures:
        num, nn = terms_c(f["num"])
        den, nd = terms_c(f["den"])
        o += ["\t{",
              f"\t\t.name = \"{f['name']}\",",
              f"\t\t.title = \"{f['title']}\",",
              f"\t\t.unit = \"{f['unit']}\",",
              f"\t\t.scale = {float(f.get('scale', 1))},",
              f"\t\t.num_text = \"{f['num']}\",",
              f"\t\t.den_text = \"{f['den']}\",",
              f"\t\t.doc = \"{f['doc']}\",",
              f"\t\t.nnum = {nn}, .nden = {nd},",
              f"\t\t.num = {{ {num} }},",
              f"\t\t.den = {{ {den} }},",
              f"\t\t.ns = {1 if f.get('ns') else 0},",
              "\t},"]
    return o


def format_patch(date, subject, message, hdr, files, body):
    """A patch in git format-patch form: message lines, then the generated
    files' note (hdr), the placeholder sign-off, the files, the diff."""
    stat = [f" {p}" for p in files]
    return "\n".join(["From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001",
                      "From: Your Name <you@example.com>",
                      f"Date: {date} 00:00:00 +0000",
                      f"Subject: {subject}",
                      ""] + message + [
                      "",
                      f"{hdr.replace('generated', 'Generated', 1)}.",
                      "",
                      "Signed-off-by: Your Name <you@example.com>",
                      "---"] + stat + [
                      f" {len(stat)} files changed",
                      ""] + body + ["--", "2.39.2", ""])


def new_file_diff(path, text):
    """The lines of a git diff that adds the file path holding text."""
    lines = text.splitlines()
    blob = text.encode()
    sha = hashlib.sha1(b"blob %d\0" % len(blob) + blob).hexdigest()[:12]
    return ([f"diff --git a/{path} b/{path}", "new file mode 100644", f"index 000000000000..{sha}",
             "--- /dev/null", f"+++ b/{path}", f"@@ -0,0 +1,{len(lines)} @@"]
            + ["+" + line for line in lines])


def rst_table(header, rows):
    cols = list(zip(*([header] + rows)))
    w = [max(len(str(x)) for x in col) for col in cols]
    sep = "  ".join("=" * n for n in w)
    fmt = lambda r: "  ".join(str(x).ljust(n) for x, n in zip(r, w)).rstrip()
    return "\n".join([sep, fmt(header), sep] + [fmt(r) for r in rows] + [sep]) + "\n"


class Tap:
    """Numbered TAP lines on stdout (echo), or only failures on stderr."""

    def __init__(self, echo=True):
        self.n, self.bad, self.echo = 0, 0, echo

    def __call__(self, ok, name, why=""):
        self.n += 1
        self.bad += not ok
        if self.echo:
            print(f"{'ok' if ok else 'not ok'} {self.n} - {name}"
                  + (f"\n# {why}" if why and not ok else ""))
        elif not ok:
            print(f"{name}: {why}", file=sys.stderr)

    def finish(self):
        print(f"1..{self.n}")
        return 1 if self.bad else 0


def write_outputs(root, outputs, d):
    for path, fn in outputs.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(fn(d))


def check_outputs(tap, root, outputs, d, hint):
    for path, fn in outputs.items():
        try:
            with open(os.path.join(root, path)) as f:
                cur = f.read()
        except OSError as e:
            tap(False, f"{path} matches the description", str(e))
            continue
        tap(cur == fn(d), f"{path} matches the description", hint)


def run(argv, doc, spec, self_check, outputs, hint, loader=None):
    """The command line every generator has:

        GEN [--root DIR] write    the description's own checks, then the files
        GEN [--root DIR] check    TAP: the same checks + one test per file

    spec is the description's path under root (or, with loader, what its
    messages call the descriptions loader(root) reads); self_check(tap,
    root, d) adds the description's own tests; outputs maps each generated
    path to the function that renders it; hint says how to regenerate."""
    root = "."
    if len(argv) > 2 and argv[1] == "--root":
        root, argv = argv[2], [argv[0]] + argv[3:]
    mode = argv[1] if len(argv) > 1 else "check"
    if mode not in ("write", "check"):
        print(doc, file=sys.stderr)
        return 2
    try:
        d = loader(root) if loader else load(root, spec)
    except (OSError, tomllib.TOMLDecodeError) as e:
        print(f"{spec}: {e}", file=sys.stderr)
        return 1
    tap = Tap(echo=mode == "check")
    self_check(tap, root, d)
    if mode == "write":
        if tap.bad:
            print(f"{spec} fails its own checks: nothing written", file=sys.stderr)
            return 1
        write_outputs(root, outputs, d)
        return 0
    if not tap.bad:
        check_outputs(tap, root, outputs, d, hint)
    return tap.finish()
