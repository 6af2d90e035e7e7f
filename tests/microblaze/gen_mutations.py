#!/usr/bin/env python3
"""TAP: tools/gen/microblaze_gen.py check catches each kind of wrong description.

Each case copies spec/microblaze.toml and the generated files into a
scratch root, breaks one thing, and expects `check` to fail on exactly the
test that guards it.
"""
import os
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEN = os.path.join(TOP, "tools/gen/microblaze_gen.py")
FILES = ["spec/microblaze.toml", "include/axiperf/microblaze.h",
         "include/axiperf/microblaze_figures.h",
         "Documentation/generated/microblaze_events.rst"]


def spec_edit(old, new):
    def f(root):
        p = os.path.join(root, "spec/microblaze.toml")
        s = open(p).read()
        assert old in s, old
        open(p, "w").write(s.replace(old, new, 1))
    return f


def header_edit(root):
    with open(os.path.join(root, "include/axiperf/microblaze.h"), "a") as f:
        f.write("/* hand edit */\n")


CASES = [
    ("a DBG_CTRL value differing from its fields is refused",
     spec_edit("dbg_ctrl = 0x4A404", "dbg_ctrl = 0x4A405"), "PCCMDR DBG_CTRL"),
    ("a command that is not 8 binary digits is refused",
     spec_edit('command = "0101 0110"', 'command = "0101 011"'), "PCDRR DBG_CTRL"),
    ("overlapping segments in an item are refused",
     spec_edit('[["min", 16, 0, 16], ["max", 0, 0, 16]]', '[["min", 8, 0, 16], ["max", 0, 0, 16]]'),
     "item layouts"),
    ("a 48-bit event count missing its high item is refused",
     spec_edit('items = [[["count", 0, 32, 16]], [["count", 0, 0, 32]]]',
               'items = [[["count", 0, 0, 32]]]'), "item layouts"),
    ("a missing event number is refused",
     spec_edit('id = 30\nname = "cycles"', 'id = 64\nname = "cycles"'), "events are 0..63"),
    ("a latency flag on an event below 57 is refused",
     spec_edit('name = "utlb_hits"\n', 'name = "utlb_hits"\nlatency = true\n'), "events are 0..63"),
    ("a figure naming an unknown event is refused",
     spec_edit('num = "cycles"', 'num = "cycle"'), "figures name known events"),
    ("a hand-edited generated header is refused",
     header_edit, "include/axiperf/microblaze.h matches"),
]


def main():
    n = bad = 0
    for name, mutate, guard in CASES:
        with tempfile.TemporaryDirectory() as root:
            for f in FILES:
                os.makedirs(os.path.join(root, os.path.dirname(f)), exist_ok=True)
                shutil.copy(os.path.join(TOP, f), os.path.join(root, f))
            mutate(root)
            r = subprocess.run([sys.executable, GEN, "--root", root, "check"],
                               capture_output=True, text=True)
            failed = [l for l in r.stdout.splitlines() if l.startswith("not ok")]
            ok = r.returncode != 0 and any(guard in l for l in failed)
        n += 1
        bad += not ok
        print(f"{'ok' if ok else 'not ok'} {n} - {name}")
        if not ok:
            print("# exit %d, failures: %s" % (r.returncode, failed))
    print(f"1..{n}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
