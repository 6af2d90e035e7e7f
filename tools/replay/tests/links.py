#!/usr/bin/env python3
# The replay suite's checks of the link key of --csv and --json:
#
#   links.py add IN.vcd OUT.vcd SRC PARENT NAME [OLD=NEW]
#       IN with one more AXI4 link: a copy of the signals of scope SRC
#       (dotted path) declared as scope NAME, the first child of scope
#       PARENT, so that it is found before the links declared after it.
#       Its clock and reset (aclk, clk, clock, aresetn, ...) are SRC's own
#       nets (the same codes); every other signal is a net of its own, 0
#       from the first time step on: an idle link. OLD=NEW renames the
#       copies' prefix (m_axi_= drops it). NAME may hold any character but
#       white space (a comma, a quote, a dot, a '*').
#   links.py rows csv|json OUT LINK
#       every row of --csv OUT (read as RFC 4180 CSV) has the 8 columns
#       instance,kind,name,value,unit,num,den,link and link LINK; every
#       instance of --json OUT ("frames" and "intervals") has "link" LINK.
#       Prints the row kinds (CSV) or instances (JSON) seen.
#   links.py same csv|json ONE TWO LINK
#       link LINK's rows in TWO (a run with another link beside it) are
#       ONE's (a run with it alone), in the same order, every column but
#       the instance the same, and the instance's axiperfN alone differing
#       (the window after '@' the same); TWO's other link is named
#       otherwise. Prints the instances, ONE's then TWO's.
# Each check prints what differs, and exits 1, when anything does.
import csv
import json
import sys

SHARED = {"aclk", "clk", "clock", "aresetn", "rst_n", "resetn", "areset", "rst", "reset"}
COLUMNS = 8


def add(src_path, out_path, src, parent, name, rename=None):
    old, new = rename.split("=", 1) if rename else ("", "")
    lines = open(src_path).read().split("\n")
    end = next(i for i, l in enumerate(lines) if l.startswith("$enddefinitions"))
    scope, copies, at = [], [], None
    for i, l in enumerate(lines[:end]):
        t = l.split()
        if t[:1] == ["$scope"]:
            scope.append(t[2])
            if ".".join(scope) == parent:
                at = i + 1
        elif t[:1] == ["$upscope"]:
            scope.pop()
        elif t[:1] == ["$var"] and ".".join(scope) == src:
            width, code, var = int(t[2]), t[3], t[4]
            if var.lower() not in SHARED:
                code = "~~" + code
                if var.startswith(old):
                    var = new + var[len(old):]
            copies.append((width, code, var, t[5:]))
    if at is None or not copies:
        sys.exit("links.py: no scope %s, or no signal in scope %s" % (parent, src))
    decl = ["$scope module %s $end" % name]
    decl += ["$var wire %d %s %s %s" % (w, c, v, " ".join(rest)) for w, c, v, rest in copies]
    decl += ["$upscope $end"]
    first = next(i for i in range(end, len(lines)) if lines[i].startswith("#"))
    zeros = [("0%s" if w == 1 else "b0 %s") % c for w, c, _, _ in copies if c.startswith("~~")]
    out = lines[:at] + decl + lines[at:first + 1] + zeros + lines[first + 1:]
    open(out_path, "w").write("\n".join(out))


def csv_rows(path):
    """(instance, [kind..den], link) of each row; a row of another width is an error."""
    rows, bad = [], []
    text = open(path).read().split("\n")
    for n, r in enumerate(csv.reader(l for l in text if l and not l.startswith("#"))):
        if len(r) != COLUMNS:
            bad.append("%s: row %d has %d columns, not %d: %s" % (path, n + 1, len(r), COLUMNS, r))
            continue
        rows.append((r[0], r[1:7], r[7]))
    heads = [l for l in text if l.startswith("# instance")]
    if not heads or any(not h.startswith("# instance,kind,name,value,unit,num,den,link")
                        for h in heads):
        bad.append("%s: the column names are not # instance,kind,name,value,unit,num,den,link: %s"
                   % (path, heads))
    return rows, bad


def json_rows(path):
    """(name, the instance without its name, link) of each instance, windows first."""
    d = json.load(open(path))
    insts = list(d.get("intervals", []))
    for f in d["frames"]:
        insts += f["instances"]
    rows = []
    for i in insts:
        rest = dict(i)
        name = rest.pop("name")
        rows.append((name, rest, i.get("link")))
    return rows, []


def load(fmt, path):
    return csv_rows(path) if fmt == "csv" else json_rows(path)


def index_of(inst):
    """axiperfN@WINDOW -> (N, WINDOW)"""
    head, _, win = inst.partition("@")
    return head[len("axiperf"):] if head.startswith("axiperf") else None, win


def rows(fmt, path, link):
    got, bad = load(fmt, path)
    bad += ["%s: %s has link %r, not %r" % (path, r[0], r[2], link) for r in got if r[2] != link]
    if not got:
        bad.append("%s: no row" % path)
    if fmt == "csv":
        print("kinds:", " ".join(sorted(set(r[1][0] for r in got))))
    else:
        print("instances:", " ".join(r[0] for r in got))
    return bad


def same(fmt, one_path, two_path, link):
    one, bad = load(fmt, one_path)
    two, bad2 = load(fmt, two_path)
    bad += bad2
    bad += ["%s: %s has link %r, not %r" % (one_path, r[0], r[2], link)
            for r in one if r[2] != link]
    mine = [r for r in two if r[2] == link]
    others = set(r[2] for r in two if r[2] != link)
    if not one or len(mine) != len(one):
        bad.append("%d rows of %s in %s, %d in %s" % (len(mine), link, two_path, len(one),
                                                      one_path))
    if len(others) != 1:
        bad.append("%s: the other links: %s (one wanted)" % (two_path, sorted(others)))
    for a, b in zip(one, mine):
        (na, wa), (nb, wb) = index_of(a[0]), index_of(b[0])
        if a[1] != b[1] or wa != wb or na is None or nb is None:
            bad.append("%s in %s: %.300s\n  and %s in %s: %.300s" % (a[0], one_path, a[1], b[0],
                                                                   two_path, b[1]))
            break
    print("instances: %s in %s, %s in %s" % (" ".join(sorted(set(r[0] for r in one))), one_path,
                                             " ".join(sorted(set(r[0] for r in mine))), two_path))
    return bad


def main():
    a = sys.argv[1:]
    if a[:1] == ["add"] and len(a) in (6, 7):
        add(*a[1:])
        return
    if a[:1] == ["rows"] and len(a) == 4 and a[1] in ("csv", "json"):
        bad = rows(*a[1:])
    elif a[:1] == ["same"] and len(a) == 5 and a[1] in ("csv", "json"):
        bad = same(*a[1:])
    else:
        sys.exit(open(__file__).read().split("\nimport")[0])
    for b in bad[:10]:
        print(b)
    sys.exit(1 if bad else 0)


main()
