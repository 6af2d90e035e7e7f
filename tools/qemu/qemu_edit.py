#!/usr/bin/env python3
"""The one way the test bed edits QEMU's source.

  qemu_edit.py apply SRC TOP   makes every edit of PARTS in the QEMU 7.2
                               tree SRC (SRC/axiperf-tree: a symlink to the
                               axiperf tree TOP); an edit already there is
                               left as it is, so it can run twice
  qemu_edit.py check SRC TOP   changes nothing: every edit must be there
                               exactly once (exit 1 naming those that are
                               not)

Each part is a file edits.py (in its room of tools/qemu/, or beds/*.py)
whose apply(q) calls:
  q.replace(REL, [(OLD, NEW[, COUNT]), ...])  OLD becomes NEW (COUNT times,
        default 1); stops naming OLD's first line when neither OLD nor NEW
        is there COUNT times
  q.append(REL, TEXT)         TEXT at the end of REL (its first line marks it)
  q.select(KCONFIG, NAME)     "config NAME" selects AXIPERF
  q.place(REL, ANCHOR, CALL)  pl/axiperf-machine.h included and CALL put
                              before the line ANCHOR
  q.include(ROOM, NAME)       the #include line of tools/qemu/ROOM/NAME as
                              seen from a file two levels down in SRC
Every edit is checked to be there exactly once after it is made.
"""
import importlib.util
import os
import sys

# in the order they build on each other: the PL devices (CONFIG_AXIPERF,
# their build rules), the MDM, the PS's APMs, then each test bed and its
# CPU's events
PARTS = ["pl/edits.py", "mdm/edits.py", "ps/edits.py", "beds/zynq.py", "beds/zynqmp.py",
         "beds/ml605.py", "microblaze-cpu/edits.py", "beds/riscv-virt.py",
         "microblaze-v-cpu/edits.py"]


class Edits:
    def __init__(self, src, write, part):
        self.src = src
        self.write = write
        self.part = part
        self.made = 0
        self.there = 0
        self.bad = []

    def _read(self, rel):
        return open(os.path.join(self.src, rel)).read()

    def _write(self, rel, text):
        if self.write:
            open(os.path.join(self.src, rel), "w").write(text)

    def _fail(self, rel, what):
        self.bad.append("%s: %s: %s" % (self.part, rel, what))

    def include(self, room, name):
        return '#include "../../axiperf-tree/tools/qemu/%s/%s"\n' % (room, name)

    def replace(self, rel, edits):
        text = self._read(rel)
        for e in edits:
            old, new = e[0], e[1]
            count = e[2] if len(e) > 2 else 1
            # done: NEW there COUNT times and OLD gone (or inside NEW)
            done = text.count(new) == count and (old in new or old not in text)
            # to do: OLD there COUNT times and NEW not yet (or inside OLD)
            todo = text.count(old) == count and (new in old or new not in text)
            if done:
                self.there += 1
            elif todo and self.write:
                text = text.replace(old, new)
                if text.count(new) != count:
                    self._fail(rel, "%r is there %d times after the edit, not %d"
                               % (new.strip().splitlines()[0], text.count(new), count))
                self.made += 1
            else:
                self._fail(rel, "%r is there %d times, not %d%s"
                           % (old.strip().splitlines()[0], text.count(old), count,
                              "" if self.write else " (edit not made)"))
        self._write(rel, text)

    def append(self, rel, block):
        text = self._read(rel)
        mark = block.strip().splitlines()[0]
        n = text.count(mark)
        if n == 1:
            self.there += 1
        elif n == 0 and self.write:
            self._write(rel, text.rstrip("\n") + "\n\n" + block.strip("\n") + "\n")
            self.made += 1
        else:
            self._fail(rel, "%r is there %d times, not once" % (mark, n))

    def select(self, rel, name):
        text = "\n" + self._read(rel)
        head = "\nconfig %s\n" % name
        if text.count(head) != 1:
            self._fail(rel, "'config %s' is there %d times, not once" % (name, text.count(head)))
            return
        at = text.index(head) + len(head)
        if "\n    select AXIPERF\n" in "\n" + text[at:].split("\n\n", 1)[0] + "\n":
            self.there += 1
        elif self.write:
            self._write(rel, text[1:at] + "    select AXIPERF\n" + text[at:])
            self.made += 1
        else:
            self._fail(rel, "config %s does not select AXIPERF" % name)

    def place(self, rel, anchor, call):
        inc = self.include("pl", "axiperf-machine.h")
        text = self._read(rel)
        last = call.strip().splitlines()[-1]
        if text.count(last) == 1 and text.count(inc) == 1:
            self.there += 1
            return
        if text.count(last) or text.count(inc) or text.count(anchor + "\n") != 1 or not self.write:
            self._fail(rel, "the line %r is there %d times, and the test bed's call %d times"
                       % (anchor, text.count(anchor + "\n"), text.count(last)))
            return
        lines = text.splitlines(keepends=True)
        at = max(i for i, line in enumerate(lines) if line.startswith("#include"))
        lines.insert(at + 1, inc)
        text = "".join(lines).replace(anchor + "\n", call.rstrip("\n") + "\n\n" + anchor + "\n", 1)
        self._write(rel, text)
        self.made += 1


def load(here, part):
    spec = importlib.util.spec_from_file_location(
        "axiperf_qemu_" + part.replace("/", "_").replace("-", "_")[:-3],
        os.path.join(here, part))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("apply", "check"):
        sys.exit(__doc__)
    mode, src, top = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    write = mode == "apply"
    if write:
        link = os.path.join(src, "axiperf-tree")
        if os.path.islink(link):
            os.remove(link)
        os.symlink(os.path.abspath(top), link)
    made = there = 0
    bad = []
    for part in PARTS:
        q = Edits(src, write, part)
        load(here, part).apply(q)
        made += q.made
        there += q.there
        bad += q.bad
    for b in bad:
        print("qemu_edit.py: " + b, file=sys.stderr)
    print("qemu_edit.py: %s: %d edits made, %d already there%s"
          % (src, made, there, ", %d failed" % len(bad) if bad else ""), file=sys.stderr)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
