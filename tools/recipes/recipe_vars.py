#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""recipe_vars.py FILE NAME [KEY=VALUE...]: the value of variable NAME in a
BitBake recipe (NAME = / ??= / :append =) or a Buildroot .mk (NAME =),
joined over continuation lines, with ${KEY} and $(KEY) replaced by the
given values; fails when NAME is not set or a reference is left over.
Used by tools/recipes/check.sh to run exactly the recipes' commands."""
import re
import sys


def value(text, name):
    text = re.sub(r"\\\n\s*", " ", text)
    vals = []
    for line in text.splitlines():
        m = re.match(r"\s*" + re.escape(name) + r"(:append)?\s*(\?\?=|\?=|:=|\+=|=)\s*(.*)$", line)
        if m:
            v = m.group(3).strip()
            if v.startswith('"') and v.endswith('"'):
                v = v[1:-1]
            if m.group(1) or m.group(2) == "+=":
                vals.append(v)
            else:
                vals = [v]
    return " ".join(vals) if vals else None


def main():
    path, name = sys.argv[1], sys.argv[2]
    subst = dict(a.split("=", 1) for a in sys.argv[3:])
    v = value(open(path).read(), name)
    if v is None:
        print("recipe_vars.py: %s sets no %s" % (path, name), file=sys.stderr)
        return 1
    for _ in range(5):
        v = re.sub(r"\$\{([^}]+)\}|\$\(([^)]+)\)",
                   lambda m: subst.get(m.group(1) or m.group(2), m.group(0)), v)
    left = re.findall(r"\$\{[^}]+\}|\$\([^)]+\)", v)
    if left:
        print("recipe_vars.py: %s: %s still has %s" % (path, name, " ".join(left)), file=sys.stderr)
        return 1
    print(v.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
