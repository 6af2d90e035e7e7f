#!/usr/bin/env python3
"""Edits to a QEMU source tree for the axiperf test beds (the apply-*.sh
scripts).

srcedit.py WHO SRC DIR < EDITS: runs the Python of EDITS, in which
edit(REL, [(OLD, NEW[, COUNT]), ...]) replaces, in the file REL of the
tree SRC, each OLD by NEW in turn, and stops with WHO's name and the
anchor's first line when OLD is not there exactly COUNT (default 1)
times; INC % NAME is the #include line of tools/qemu/DIR/NAME as seen
from a file two levels down in the tree."""
import sys


def edit(who, src, rel, edits):
    path = "%s/%s" % (src, rel)
    text = open(path).read()
    for e in edits:
        old, new = e[0], e[1]
        count = e[2] if len(e) > 2 else 1
        if text.count(old) != count:
            sys.exit("%s: %s: %r is there %d times, not %d"
                     % (who, path, old.strip().splitlines()[0], text.count(old), count))
        text = text.replace(old, new)
    open(path, "w").write(text)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    who, src, sub = sys.argv[1:]
    exec(sys.stdin.read(), {
        "edit": lambda rel, edits: edit(who, src, rel, edits),
        "INC": '#include "../../axiperf-tree/tools/qemu/%s/%%s"\n' % sub,
    })


if __name__ == "__main__":
    main()
