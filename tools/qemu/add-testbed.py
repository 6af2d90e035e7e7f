#!/usr/bin/env python3
"""Puts the axiperf test bed into a QEMU machine's source.

add-testbed.py FILE ANCHOR CALL: includes tools/qemu/axiperf-machine.h
after the file's last #include and inserts CALL (one statement, the
machine's own comment above it) just before the line ANCHOR, which must
occur exactly once.
add-testbed.py --select KCONFIG NAME: makes "config NAME" in the Kconfig
file KCONFIG select AXIPERF.
Either does nothing when its change is there already."""
import sys

INCLUDE = '#include "../../axiperf-tree/tools/qemu/axiperf-machine.h"\n'


def select(path, name):
    text = "\n" + open(path).read()
    head = "\nconfig %s\n" % name
    if text.count(head) != 1:
        sys.exit("add-testbed.py: %s: 'config %s' is not there exactly once"
                 % (path, name))
    at = text.index(head) + len(head)
    if "\n    select AXIPERF\n" in "\n" + text[at:].split("\n\n", 1)[0] + "\n":
        return
    open(path, "w").write(text[1:at] + "    select AXIPERF\n" + text[at:])


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--select":
        select(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    path, anchor, call = sys.argv[1], sys.argv[2] + "\n", sys.argv[3]
    text = open(path).read()
    if call.strip().splitlines()[-1] in text:
        return
    if text.count(anchor) != 1:
        sys.exit("add-testbed.py: %s: the line %r is not there exactly once"
                 % (path, anchor.rstrip()))
    lines = text.splitlines(keepends=True)
    last = max(i for i, l in enumerate(lines) if l.startswith("#include"))
    lines.insert(last + 1, INCLUDE)
    text = "".join(lines)
    text = text.replace(anchor, call.rstrip("\n") + "\n\n" + anchor, 1)
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
