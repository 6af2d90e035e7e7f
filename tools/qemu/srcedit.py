"""Edits to a QEMU source tree for the axiperf test beds (the apply-*.sh
scripts): srcedit.edit(WHO, SRC, REL, EDITS) replaces, in the file REL of
the tree SRC, each (OLD, NEW) or (OLD, NEW, COUNT) of EDITS in turn, and
stops with WHO's name and the anchor's first line when OLD is not there
exactly COUNT (default 1) times."""
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
