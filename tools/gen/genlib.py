"""What both generators share: loading a description, TAP lines, writing
the generated files and checking the committed copies against them."""
import os
import sys
import tomllib


def load(root, rel):
    with open(os.path.join(root, rel), "rb") as f:
        return tomllib.load(f)


def cname(s):
    return s.upper()


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
