#!/usr/bin/env python3
# The replay suite's own account of every burst, written apart from the
# tool and from the C model, to check axiperf-replay's transactions:
#
#   bursts.py gen SEED CLOCKS OUT.vcd OUT.json [lite]
#       random AXI4 traffic (IDs, reads interleaved across IDs, writes with
#       data before or after the address, responses out of order across
#       IDs, stalls, SLVERR and DECERR) written as a VCD; OUT.json holds
#       each burst's clocks and times as the generator scheduled them;
#       lite: an AXI4-Lite link (one beat a burst, no IDs, lengths, WLAST,
#       RLAST)
#   bursts.py vcd DUMP SCOPE PREFIX OUT.json
#       the same account read back from any VCD (a Verilator dump): each
#       burst rebuilt from the handshakes sampled at the clock's rising
#       edges, matched by RID and BID
#   bursts.py check TRUTH.json REPLAY.json INDEX [--worst=N] [--window=START,END]
#                   [--no-first-mean]
#       every distribution of link INDEX of axiperf-replay --json
#       --latency --worst N --errors against TRUTH: count, sum, min, max,
#       p50, p90, p99, the log2 bins, the N slowest (latency, ID, start,
#       end), the error counts; and each mean against the model's
#       in-flight sums (rd_inflight, rd_waiting, wr_inflight: the sum of
#       the bursts that ended plus the clocks of those still open; the
#       counts rd_bursts, and wr_bursts less the writes still unanswered,
#       as the model counts a write at its AW handshake). --window: of
#       the bursts that end from START to END (--start, --end), no means.
#       Prints what differs; exit status 1 when anything does.
#   bursts.py means REPLAY.json
#       each link of axiperf-replay --json --latency: the sum of each
#       distribution plus the clocks of its open bursts is the model's
#       in-flight sum (rd_inflight, wr_inflight; rd_waiting unless
#       resp_approx), the reads ended (and unmatched) are rd_bursts
#   bursts.py sums REPLAY.json [--windows]
#       the windows of axiperf-replay --json --interval T against its whole
#       run, link by link: clocks and every count add up to the run's,
#       every maximum is the largest window's, each distribution's count,
#       sum and bins add up and its min and max are the windows' extremes,
#       the error counts add up
#
# A burst's clocks are the rising edges' numbers from 1; its times the
# edges' times in the dump's units. Latencies are in clocks:
#   read_first_data    AR handshake -> first clock its data is valid
#   read_transaction   AR handshake -> RLAST handshake
#   write_transaction  first of AW handshake and first WVALID -> B handshake
#   write_response     WLAST handshake -> B handshake
import json
import random
import sys

KINDS = ("read_first_data", "read_transaction", "write_transaction", "write_response")
SIGS = ("awvalid", "awready", "awid", "awlen", "wvalid", "wready", "wlast", "bvalid",
        "bready", "bid", "bresp", "arvalid", "arready", "arid", "arlen", "rvalid", "rready",
        "rid", "rlast", "rresp")
WIDTH = {"awid": 4, "bid": 4, "arid": 4, "rid": 4, "awlen": 8, "arlen": 8, "bresp": 2,
         "rresp": 2}


def resp(rng):
    r = rng.random()
    return 2 if r < 0.05 else 3 if r < 0.08 else 0


LITE_NONE = ("awid", "bid", "arid", "rid", "awlen", "arlen", "wlast", "rlast")


def generate(seed, clocks, lite=False):
    """Clock by clock: the wires of each clock and every burst's clocks."""
    rng = random.Random(seed)
    rows = []                      # the wires of clock 1, 2, ...
    reads, writes = [], []          # the account
    ar = None                       # the AR being offered: (id, len)
    rd_wait = []                    # accepted reads: [burst, ready_at, beats_left]
    cur_r = None                    # the read burst whose beats are offered
    r_pend = None                   # its beat offered and not yet taken
    aw_q, w_q = [], []              # writes whose address / data is still to send
    aw_cur = w_cur = None
    w_beats = 0
    b_wait = []                     # writes waiting for their response
    cur_b = None
    errs = {"rd_slverr": 0, "rd_decerr": 0, "wr_slverr": 0, "wr_decerr": 0}
    for clk in range(1, clocks + 1):
        w = dict.fromkeys(SIGS, 0)
        busy = clk < clocks - 200   # the last clocks drain what is in flight
        # a new write: its address and its data to send, in the same order
        if busy and rng.random() < 0.08 and len(aw_q) + len(b_wait) < 12:
            b = {"id": 0 if lite else rng.randrange(16),
                 "len": 0 if lite else rng.choice((0, 0, 1, 3, 7)), "aw": None,
                 "wfirst": None, "wlast": None, "b": None}
            writes.append(b)
            aw_q.append(b)
            w_q.append(b)
        # a new read
        if busy and ar is None and rng.random() < 0.1 and len(rd_wait) < 10:
            ar = {"id": 0 if lite else rng.randrange(16),
                  "len": 0 if lite else rng.choice((0, 0, 1, 3, 7)), "a": None,
                  "f": None, "last": None}
        if ar is not None:
            w.update(arvalid=1, arid=ar["id"], arlen=ar["len"], arready=rng.random() < 0.6)
            if w["arready"]:
                ar["a"] = clk
                reads.append(ar)
                rd_wait.append([ar, clk + rng.randrange(1, 12), ar["len"] + 1])
                ar = None
        # read data: the oldest read of each ID may answer; another ID may cut in
        if r_pend is None and (cur_r is None or rng.random() < 0.15):
            seen, ready = set(), []
            for e in rd_wait:
                if e[0]["id"] not in seen:
                    seen.add(e[0]["id"])
                    if e[1] <= clk and e[0]["a"] < clk:
                        ready.append(e)
            if ready and (cur_r is None or rng.random() < 0.5):
                cur_r = rng.choice(ready)
        if r_pend is not None or (cur_r is not None and rng.random() < 0.85):
            # a beat once offered stays offered, unchanged, until it is taken
            b = cur_r[0]
            last = cur_r[2] == 1
            if r_pend is None:
                r_pend = dict(rvalid=1, rid=b["id"], rlast=int(last), rresp=resp(rng))
            w.update(r_pend, rready=rng.random() < 0.7)
            if b["f"] is None:
                b["f"] = clk
            if w["rready"]:
                r_pend = None
                if w["rresp"] >= 2:
                    errs["rd_slverr" if w["rresp"] == 2 else "rd_decerr"] += 1
                cur_r[2] -= 1
                if last:
                    b["last"] = clk
                    rd_wait.remove(cur_r)
                    cur_r = None
        # write address
        if aw_cur is None and aw_q and rng.random() < 0.5:
            aw_cur = aw_q.pop(0)
        if aw_cur is not None:
            w.update(awvalid=1, awid=aw_cur["id"], awlen=aw_cur["len"],
                     awready=rng.random() < 0.6)
            if w["awready"]:
                aw_cur["aw"] = clk
                aw_cur = None
        # write data, in the writes' order, before or after their address
        if w_cur is None and w_q and rng.random() < 0.5:
            w_cur = w_q.pop(0)
            w_beats = w_cur["len"] + 1
        if w_cur is not None and (w_cur["wfirst"] is not None or rng.random() < 0.7):
            w.update(wvalid=1, wlast=int(w_beats == 1), wready=rng.random() < 0.7)
            if w_cur["wfirst"] is None:
                w_cur["wfirst"] = clk
            if w["wready"]:
                w_beats -= 1
                if w_beats == 0:
                    w_cur["wlast"] = clk
                    b_wait.append([w_cur, None])
                    w_cur = None
        # write responses: after address and data, the oldest of each ID, any order of IDs
        for e in b_wait:
            if e[1] is None and e[0]["aw"] is not None and e[0]["aw"] < clk and e[0]["wlast"] < clk:
                e[1] = clk + rng.randrange(1, 10)
        if cur_b is None:
            seen, ready = set(), []
            for e in b_wait:
                if e[0]["id"] not in seen:
                    seen.add(e[0]["id"])
                    if e[1] is not None and e[1] <= clk:
                        ready.append(e)
            if ready:
                cur_b = (rng.choice(ready), resp(rng))
        if cur_b is not None:
            e, r = cur_b
            w.update(bvalid=1, bid=e[0]["id"], bresp=r, bready=rng.random() < 0.7)
            if w["bready"]:
                if r >= 2:
                    errs["wr_slverr" if r == 2 else "wr_decerr"] += 1
                e[0]["b"] = clk
                b_wait.remove(e)
                cur_b = None
        rows.append(w)
    return rows, reads, writes, errs


def write_vcd(path, rows, lite=False):
    sigs = [s for s in SIGS if not (lite and s in LITE_NONE)]
    codes = {s: chr(34 + i) for i, s in enumerate(sigs)}
    with open(path, "w") as f:
        f.write("$timescale 1ns $end\n$scope module tb $end\n$var wire 1 ! aclk $end\n")
        f.write("$scope module dut $end\n")
        for s in sigs:
            f.write("$var wire %d %s m_axi_%s $end\n" % (WIDTH.get(s, 1), codes[s], s))
        f.write("$upscope $end\n$upscope $end\n$enddefinitions $end\n#0\n0!\n")
        prev = {}
        for k, w in enumerate(rows, 1):
            # the wires of clock k change after the falling edge before it
            f.write("#%d\n0!\n" % (10 * k - 5))
            for s in sigs:
                if prev.get(s) != w[s]:
                    if s in WIDTH:
                        f.write("b%s %s\n" % (bin(int(w[s]))[2:], codes[s]))
                    else:
                        f.write("%d%s\n" % (int(w[s]), codes[s]))
            prev = dict(w)
            f.write("#%d\n1!\n" % (10 * k))


def account(reads, writes, errs, times):
    """The bursts that ended, by kind: (latency, id, start time, end time)."""
    out = {k: [] for k in KINDS}
    for b in reads:
        if b["last"] is None:
            continue
        out["read_first_data"].append((b["f"] - b["a"], b["id"], times[b["a"]], times[b["f"]],
                                       b["last"]))
        out["read_transaction"].append((b["last"] - b["a"], b["id"], times[b["a"]],
                                        times[b["last"]], b["last"]))
    for b in writes:
        if b["b"] is None:
            continue
        s = min(x for x in (b["aw"], b["wfirst"]) if x is not None)
        out["write_transaction"].append((b["b"] - s, b["id"], times[s], times[b["b"]], b["b"]))
        out["write_response"].append((b["b"] - b["wlast"], b["id"], times[b["wlast"]],
                                      times[b["b"]], b["b"]))
    # the model counts wr_bursts at the AW handshake: those still unanswered too
    open_aw = sum(1 for b in writes if b["aw"] is not None and b["b"] is None)
    return {"bursts": out, "errors": errs, "writes_open_with_address": open_aw}


# ------------------------------------------------------------ a VCD read back

def read_vcd(path, scope, prefix):
    """The wires sampled at each rising edge of the link's clock, and the edges' times."""
    want = {prefix + s: s for s in SIGS}
    want_clk = ("aclk", "clk", prefix + "aclk", prefix + "clk")
    code_of, clk_code, clk_depth, stack = {}, None, -1, []
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t:
                continue
            if t[0] == "$scope":
                stack.append(t[2])
            elif t[0] == "$upscope":
                stack.pop()
            elif t[0] == "$var":
                where, name = ".".join(stack), t[4]
                if where == scope and name in want:
                    code_of.setdefault(t[3], []).append(want[name])
                # the link's clock: in its scope or the nearest above
                if name in want_clk and (scope + ".").startswith(where + ".") and \
                        len(where) >= clk_depth:
                    clk_code, clk_depth = t[3], len(where)
            elif t[0] == "$enddefinitions":
                break
        vals = dict.fromkeys(SIGS, 0)
        clk = None
        rows, times, now = [], [], 0
        before = dict(vals)
        for line in f:
            c = line[0]
            if c == "#":
                now = int(line[1:])
                before = dict(vals)
                continue
            if c in "01xzXZ":
                v, code = c, line[1:].strip()
            elif c in "bB":
                v, code = line[1:].split()
            else:
                continue
            if code == clk_code:
                nv = 1 if v == "1" else 0
                if clk == 0 and nv == 1:
                    rows.append(before)
                    times.append(now)
                clk = nv
            for s in code_of.get(code, ()):
                try:
                    vals[s] = int(v, 2)
                except ValueError:
                    vals[s] = 0
    return rows, times


def rebuild(rows):
    """Each burst from the sampled wires: reads by RID, writes in order and by BID."""
    reads, writes, by_id = [], [], {}
    errs = {"rd_slverr": 0, "rd_decerr": 0, "wr_slverr": 0, "wr_decerr": 0}
    aw_n = w_n = 0
    w_open = False
    for clk, w in enumerate(rows, 1):
        if w["arvalid"] and w["arready"]:
            b = {"id": w["arid"], "a": clk, "f": None, "last": None}
            reads.append(b)
            by_id.setdefault(w["arid"], []).append(b)
        if w["rvalid"]:
            q = by_id.get(w["rid"])
            if w["rready"] and w["rresp"] >= 2:
                errs["rd_slverr" if w["rresp"] == 2 else "rd_decerr"] += 1
            if q:
                if q[0]["f"] is None:
                    q[0]["f"] = clk
                if w["rready"] and w["rlast"]:
                    q.pop(0)["last"] = clk
        if w["awvalid"] and w["awready"]:
            if aw_n == len(writes):
                writes.append({"id": None, "aw": None, "wfirst": None, "wlast": None, "b": None})
            writes[aw_n].update(id=w["awid"], aw=clk)
            aw_n += 1
        if w["wvalid"]:
            if not w_open:
                if w_n == len(writes):
                    writes.append({"id": None, "aw": None, "wfirst": None, "wlast": None,
                                   "b": None})
                writes[w_n]["wfirst"] = clk
                w_n += 1
                w_open = True
            if w["wready"] and w["wlast"]:
                writes[w_n - 1]["wlast"] = clk
                w_open = False
        if w["bvalid"] and w["bready"]:
            if w["bresp"] >= 2:
                errs["wr_slverr" if w["bresp"] == 2 else "wr_decerr"] += 1
            for b in writes[:aw_n]:
                if b["b"] is None and b["id"] == w["bid"]:
                    b["b"] = clk
                    break
    return reads, writes, errs


# ------------------------------------------------------------ the check

def nearest_rank(lat, p):
    s = sorted(lat)
    r = max(1, -(-len(s) * p // 100))
    return s[r - 1]


def check_dist(bad, what, got, ls):
    """One distribution against the latencies ls."""
    want = {"count": len(ls), "sum": sum(ls)}
    if ls:
        want.update(min=min(ls), max=max(ls), p50=nearest_rank(ls, 50),
                    p90=nearest_rank(ls, 90), p99=nearest_rank(ls, 99))
    for name, v in want.items():
        if got.get(name) != v:
            bad.append("%s %s: replay %s, bursts %s" % (what, name, got.get(name), v))
    bins = {}
    for x in ls:
        lo = 0 if x == 0 else 1 << (x.bit_length() - 1)
        bins[lo] = bins.get(lo, 0) + 1
    gb = {lo: n for lo, hi, n in got["log2"]}
    if gb != bins:
        bad.append("%s log2 bins: replay %s, bursts %s" % (what, gb, bins))
    if got.get("linear"):
        w = got["linear"][0][1] - got["linear"][0][0] + 1
        lin = {}
        for x in ls:
            lin[x // w * w] = lin.get(x // w * w, 0) + 1
        gl = {lo: n for lo, hi, n in got["linear"] if hi - lo + 1 == w}
        if gl != lin or len(gl) != len(got["linear"]):
            bad.append("%s bins of %d: replay %s, bursts %s" % (what, w, gl, lin))


def check(truth, rep, idx, first_mean=True, worst_n=None, window=None):
    bad = []
    inst = rep["frames"][0]["instances"][idx]
    lat, ev = inst["latency"], inst["events"]
    upto = inst["clocks"] if rep["partial"] else None
    for k in KINDS:
        got, b = lat[k], truth["bursts"][k]
        if upto is not None:
            b = [x for x in b if x[4] <= upto]
        if window is not None:
            b = [x for x in b if window[0] <= x[3] <= window[1]]
        ls = [x[0] for x in b]
        check_dist(bad, k, got, ls)
        if k + "_by_id" in lat:
            ids = sorted(set(x[1] for x in b))
            if sorted(int(i) for i in lat[k + "_by_id"]) != ids:
                bad.append("%s: IDs %s, bursts of IDs %s" % (k, sorted(lat[k + "_by_id"]), ids))
            for i in ids:
                check_dist(bad, "%s id %d" % (k, i), lat[k + "_by_id"].get(str(i), {}),
                           [x[0] for x in b if x[1] == i])
        if "worst" in inst:
            n = len(inst["worst"][k])
            want_w = sorted(b, key=lambda x: (-x[0], x[2]))[:n]
            got_w = [(x["latency"], x["id"], x["start"], x["end"]) for x in inst["worst"][k]]
            if worst_n is not None and n != min(worst_n, len(b)):
                bad.append("%s: %d slowest given, want %d" % (k, n, min(worst_n, len(b))))
            if [(x[0], x[2]) for x in got_w] != [(x[0], x[2]) for x in want_w]:
                bad.append("%s slowest: replay %s, bursts %s" % (k, got_w, want_w))
    # the means against the model's sums: what ended plus what is still open
    for k, e, cnt in () if window else (("read_transaction", "rd_inflight", "rd_bursts"),
                      ("read_first_data", "rd_waiting", "rd_bursts"),
                      ("write_transaction", "wr_inflight", "wr_bursts")):
        if k == "read_first_data" and not first_mean:
            continue
        if lat[k]["sum"] + lat[k]["open_clocks"] != ev[e]:
            bad.append("%s: sum %d + open clocks %d != the model's %s %d" %
                       (k, lat[k]["sum"], lat[k]["open_clocks"], e, ev[e]))
        more = truth["writes_open_with_address"] if k == "write_transaction" else 0
        if upto is None and lat[k]["count"] + more != ev[cnt]:
            bad.append("%s: count %d (+ %d open) != the model's %s %d" %
                       (k, lat[k]["count"], more, cnt, ev[cnt]))
    if "errors" in inst and upto is None and window is None:
        for name, v in truth["errors"].items():
            if inst["errors"][name] != v:
                bad.append("%s: replay %s, responses %s" % (name, inst["errors"][name], v))
    return bad


def sums(rep, windows=False):
    """windows: --start/--end windows, whose clocks are theirs only (not the run's)"""
    bad = []
    rows = rep["intervals"]
    for whole in rep["frames"][0]["instances"]:
        mine = [r for r in rows if r["name"] == whole["name"]]
        if not mine:
            bad.append("%s: no window" % whole["name"])
            continue
        if not windows and sum(r["clocks"] for r in mine) != whole["clocks"]:
            bad.append("%s clocks: windows %d, run %d" %
                       (whole["name"], sum(r["clocks"] for r in mine), whole["clocks"]))
        for e, v in whole["events"].items():
            if v is None:   # n/a: does not apply to the link (AXI4-Lite)
                if any(r["events"][e] is not None for r in mine):
                    bad.append("%s %s: n/a for the run, not for every window" % (whole["name"], e))
                continue
            got = (max if "_max_" in e else sum)(r["events"][e] for r in mine)
            if got != v:
                bad.append("%s %s: windows %d, run %d" % (whole["name"], e, got, v))
        for k in KINDS if "latency" in whole else ():
            d, parts = whole["latency"][k], [r["latency"][k] for r in mine]
            for f in ("count", "sum"):
                if sum(p[f] for p in parts) != d[f]:
                    bad.append("%s %s %s: windows %d, run %d" %
                               (whole["name"], k, f, sum(p[f] for p in parts), d[f]))
            ends = [p for p in parts if p["count"]]
            if d["count"] and (min(p["min"] for p in ends) != d["min"] or
                               max(p["max"] for p in ends) != d["max"]):
                bad.append("%s %s: the windows' min and max are not the run's" % (whole["name"], k))
            bins = {}
            for p in parts:
                for lo, hi, n in p["log2"]:
                    bins[lo] = bins.get(lo, 0) + n
            if bins != {lo: n for lo, hi, n in d["log2"]}:
                bad.append("%s %s: the windows' bins do not add up to the run's" % (whole["name"], k))
        for e, v in whole.get("errors", {}).items():
            got = None if v is None else sum(r["errors"][e] for r in mine)
            if got != v:
                bad.append("%s %s: windows %s, run %s" % (whole["name"], e, got, v))
    return bad


def means(rep):
    """Each link's distributions against its own model's in-flight sums."""
    bad = []
    for x in rep["frames"][0]["instances"]:
        lat, ev = x["latency"], x["events"]
        pairs = [("read_transaction", "rd_inflight"), ("write_transaction", "wr_inflight")]
        if not x["resp_approx"]:
            pairs.append(("read_first_data", "rd_waiting"))
        for k, e in pairs:
            if lat[k]["sum"] + lat[k]["open_clocks"] != ev[e]:
                bad.append("%s %s: sum %d + open clocks %d != %s %d" %
                           (x["name"], k, lat[k]["sum"], lat[k]["open_clocks"], e, ev[e]))
        if lat["read_transaction"]["count"] + lat["unmatched_rlast"] != ev["rd_bursts"]:
            bad.append("%s: %d reads ended (+ %d unmatched) != rd_bursts %d" %
                       (x["name"], lat["read_transaction"]["count"], lat["unmatched_rlast"],
                        ev["rd_bursts"]))
    return bad


def main(argv):
    if argv[1] == "gen":
        seed, clocks, vcd, out = int(argv[2], 0), int(argv[3]), argv[4], argv[5]
        lite = argv[6:7] == ["lite"]
        rows, reads, writes, errs = generate(seed, clocks, lite)
        write_vcd(vcd, rows, lite)
        times = {k: 10 * k for k in range(1, clocks + 1)}
        acc = account(reads, writes, errs, times)
    elif argv[1] == "vcd":
        rows, times = read_vcd(argv[2], argv[3], argv[4])
        out = argv[5]
        reads, writes, errs = rebuild(rows)
        acc = account(reads, writes, errs, dict(enumerate(times, 1)))
    elif argv[1] == "means":
        bad = means(json.load(open(argv[2])))
        for b in bad:
            print(b)
        return 1 if bad else 0
    elif argv[1] == "sums":
        bad = sums(json.load(open(argv[2])), "--windows" in argv)
        for b in bad:
            print(b)
        return 1 if bad else 0
    elif argv[1] == "check":
        truth = json.load(open(argv[2]))
        rep = json.load(open(argv[3]))
        worst = window = None
        for a in argv[5:]:
            if a.startswith("--worst="):
                worst = int(a[8:])
            if a.startswith("--window="):
                window = [int(t) for t in a[9:].split(",")]
        bad = check(truth, rep, int(argv[4]), "--no-first-mean" not in argv, worst, window)
        for b in bad:
            print(b)
        return 1 if bad else 0
    else:
        print("usage: bursts.py gen|vcd|check ...", file=sys.stderr)
        return 2
    acc["clocks"] = len(rows)
    with open(out, "w") as f:
        json.dump(acc, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
