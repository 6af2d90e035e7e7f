#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""recipe_vars.py FILE NAME [KEY=VALUE...]: the value of variable NAME in a
BitBake recipe, as bitbake gives it: NAME = / ?= / ??= / += over
continuation lines, then NAME:<override> = for the overrides in OVERRIDES
(a KEY, colon-separated, the later the stronger), then NAME:append;
${KEY} references are replaced by the given values, or else by the
recipe's own variables. Fails when NAME is not set or a reference is left
over. Used by tools/recipes/check.sh to run exactly the recipes' commands
(the Buildroot .mk files it reads with GNU make itself)."""
import re
import sys


def value(text, name, overrides):
    text = re.sub(r"\\\n\s*", " ", text)
    base, appends, over = None, [], {}
    for line in text.splitlines():
        m = re.match(r"\s*" + re.escape(name) + r"((?::[\w-]+)*)\s*(\?\?=|\?=|:=|\+=|=)\s*(.*)$", line)
        if not m:
            continue
        v = m.group(3).strip()
        if v.startswith('"') and v.endswith('"'):
            v = v[1:-1]
        parts = m.group(1).split(":")[1:]
        append = parts[-1:] == ["append"]
        if append:
            parts = parts[:-1]
        if any(p not in overrides for p in parts):
            continue  # an override that is not active
        if append:
            appends.append(v)
        elif parts:
            over[max(overrides.index(p) for p in parts)] = v
        elif m.group(2) == "+=" and base is not None:
            base = base + " " + v
        else:
            base = v
    if over:
        base = over[max(over)]
    if base is None and not appends:
        return None
    return " ".join(([base] if base is not None else []) + appends)


def main():
    path, name = sys.argv[1], sys.argv[2]
    subst = dict(a.split("=", 1) for a in sys.argv[3:])
    overrides = [o for o in subst.get("OVERRIDES", "").split(":") if o]
    text = open(path).read()
    v = value(text, name, overrides)
    if v is None:
        print("recipe_vars.py: %s sets no %s" % (path, name), file=sys.stderr)
        return 1

    def ref(m):
        k = m.group(1)
        if k in subst:
            return subst[k]
        own = value(text, k, overrides)
        return own if own is not None else m.group(0)

    for _ in range(5):
        v = re.sub(r"\$\{([^}]+)\}", ref, v)
    left = re.findall(r"\$\{[^}]+\}", v)
    if left:
        print("recipe_vars.py: %s: %s still has %s" % (path, name, " ".join(left)), file=sys.stderr)
        return 1
    print(v.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
