#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""vivado_check.py WRAPPER.v: checks the Vivado interface attributes of a
top-level wrapper (hdl/vivado/axiperf_axi.v) the way IP Integrator's "Add
Module" reads them, and that each port reaches the core port of the same
signal. Prints TAP lines; exits 1 on a failure, 2 on unreadable input.

Checked: every port has X_INTERFACE_INFO; each aximm port's logical name
is an AXI4 (or, for PROTOCOL AXI4LITE, an AXI4-lite) port name and matches
the port's own name; a slave's ports have a slave's directions; a monitor
(X_INTERFACE_MODE monitor) has inputs only; the PROTOCOL parameters; the
clock's ASSOCIATED_BUSIF names interfaces that exist and its
ASSOCIATED_RESET both reset ports (aresetn, mon_aresetn); both are ACTIVE_LOW; the interrupt is
LEVEL_HIGH; every wrapper port is connected to the core port named for the
same signal (s_axi_X to s_axil_X, mon_axi_X to mon_axi_X, aclk to clk,
aresetn inverted to rst, irq to irq)."""
import re
import sys

AXI4 = set("""AWID AWADDR AWLEN AWSIZE AWBURST AWLOCK AWCACHE AWPROT AWQOS AWREGION
AWUSER AWVALID AWREADY WID WDATA WSTRB WLAST WUSER WVALID WREADY BID BRESP BUSER
BVALID BREADY ARID ARADDR ARLEN ARSIZE ARBURST ARLOCK ARCACHE ARPROT ARQOS
ARREGION ARUSER ARVALID ARREADY RID RDATA RRESP RLAST RUSER RVALID
RREADY""".split())
AXI4LITE = set("""AWADDR AWPROT AWVALID AWREADY WDATA WSTRB WVALID WREADY BRESP
BVALID BREADY ARADDR ARPROT ARVALID ARREADY RDATA RRESP RVALID RREADY""".split())
# what a master drives; a slave drives the rest
MASTER_DRIVES = {n for n in AXI4 if not n.endswith("READY")} - \
    {"BID", "BRESP", "BUSER", "BVALID", "RID", "RDATA", "RRESP", "RLAST", "RUSER",
     "RVALID"} | {"BREADY", "RREADY"}
CORE_PREFIX = {"S_AXI": "s_axil_", "MON_AXI": "mon_axi_"}

n = 0
failed = 0


def tap(ok, text, why=()):
    global n, failed
    n += 1
    print(("ok" if ok else "not ok") + " %d - %s" % (n, text))
    if not ok:
        failed = 1
        for w in list(why)[:12]:
            print("#   " + w)


def parse(text):
    """The module's ports with their attributes, and the core's connections."""
    text = re.sub(r"//[^\n]*", "", text)
    m = re.search(r"module\s+(\w+)\s*#\s*\((.*?)\)\s*\((.*?)\);(.*)endmodule", text, re.S)
    if not m:
        raise ValueError("no 'module NAME #(...) (...);' ... endmodule found")
    ports = []
    attrs = {}
    for item in re.finditer(r"\(\*\s*(\w+)\s*=\s*\"([^\"]*)\"\s*\*\)|"
                            r"\b(input|output)\s+(?:wire|reg)?\s*(\[[^\]]*\])?\s*(\w+)",
                            m.group(3)):
        if item.group(1):
            attrs[item.group(1)] = item.group(2)
        else:
            ports.append({"name": item.group(5), "dir": item.group(3), "attrs": attrs})
            attrs = {}
    conns = dict(re.findall(r"\.(\w+)\s*\(\s*([^()]*?)\s*\)", m.group(4)))
    return ports, conns


def params(s):
    out = {}
    for part in s.split(","):
        part = part.strip()
        if part:
            k, _, v = part.partition(" ")
            out[k] = v.strip()
    return out


def main():
    if len(sys.argv) != 2:
        print("usage: vivado_check.py WRAPPER.v", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1]) as f:
            ports, conns = parse(f.read())
    except (OSError, ValueError) as e:
        print("not ok 1 - %s: %s" % (sys.argv[1], e))
        return 2

    missing = [p["name"] for p in ports if "X_INTERFACE_INFO" not in p["attrs"]]
    tap(not missing and len(ports) > 0,
        "every one of the %d ports has an X_INTERFACE_INFO" % len(ports),
        ["no X_INTERFACE_INFO on " + x for x in missing])

    intf = {}       # interface name -> {vlnv, ports: [(port, logical)], params, mode}
    bad_info = []
    for p in ports:
        info = p["attrs"].get("X_INTERFACE_INFO", "")
        f = info.split()
        if len(f) != 3:
            bad_info.append("%s: X_INTERFACE_INFO '%s' is not 'VLNV INTERFACE LOGICAL'" % (p["name"], info))
            continue
        vlnv, name, logical = f
        i = intf.setdefault(name, {"vlnv": vlnv, "ports": [], "params": {}, "mode": None})
        if i["vlnv"] != vlnv:
            bad_info.append("%s: interface %s is %s here, %s before" % (p["name"], name, vlnv, i["vlnv"]))
        i["ports"].append((p, logical))
        if "X_INTERFACE_PARAMETER" in p["attrs"]:
            i["params"].update(params(p["attrs"]["X_INTERFACE_PARAMETER"]))
        if "X_INTERFACE_MODE" in p["attrs"]:
            i["mode"] = p["attrs"]["X_INTERFACE_MODE"]
    tap(not bad_info, "each X_INTERFACE_INFO names one VLNV per interface", bad_info)

    axis = {k: v for k, v in intf.items() if v["vlnv"] == "xilinx.com:interface:aximm:1.0"}
    for name, i in sorted(axis.items()):
        proto = i["params"].get("PROTOCOL")
        valid = AXI4LITE if proto == "AXI4LITE" else AXI4
        why = []
        if proto not in ("AXI4", "AXI4LITE"):
            why.append("PROTOCOL is %r, want AXI4 or AXI4LITE" % proto)
        for p, logical in i["ports"]:
            if logical not in valid:
                why.append("%s: %s is no %s port name" % (p["name"], logical, proto))
            if not p["name"].upper().endswith("_" + logical):
                why.append("%s: named unlike its logical port %s" % (p["name"], logical))
        tap(not why, "%s: %d ports, every logical name an %s port name matching the port"
            % (name, len(i["ports"]), proto or "AXI"), why)
        why = []
        monitor = (i["mode"] or "").lower() == "monitor"
        for p, logical in i["ports"]:
            want = "input" if monitor or logical in MASTER_DRIVES else "output"
            if p["dir"] != want:
                why.append("%s (%s) is an %s, a %s has it as an %s" %
                           (p["name"], logical, p["dir"], "monitor" if monitor else "slave", want))
        tap(not why, "%s: directions of a%s" % (name, " monitor (inputs only)" if monitor else " slave"), why)
        logicals = {lg for _, lg in i["ports"]}
        need = {"AWVALID", "AWREADY", "WVALID", "WREADY", "BVALID", "BREADY", "ARVALID",
                "ARREADY", "RVALID", "RREADY"}
        tap(need <= logicals, "%s: has every VALID and READY of the five channels" % name,
            ["no " + x for x in sorted(need - logicals)])

    clocks = [i for i in intf.values() if i["vlnv"] == "xilinx.com:signal:clock:1.0"]
    resets = {k: i for k, i in intf.items() if i["vlnv"] == "xilinx.com:signal:reset:1.0"}
    irqs = [i for i in intf.values() if i["vlnv"] == "xilinx.com:signal:interrupt:1.0"]
    why = []
    if len(clocks) != 1:
        why.append("%d clock interfaces, want 1" % len(clocks))
    else:
        c = clocks[0]

        def associated(param, have, what):
            """The clock's colon-separated list param names exactly have."""
            named = [x for x in c["params"].get(param, "").split(":") if x]
            why.extend("%s names %s, no such %s" % (param, x, what) for x in named if x not in have)
            why.extend("%s is not in %s" % (x, param) for x in have if x not in named)

        associated("ASSOCIATED_BUSIF", list(axis), "AXI interface")
        associated("ASSOCIATED_RESET", [p["name"] for i in resets.values() for p, _ in i["ports"]],
                   "reset port")
    tap(not why, "the clock is associated with every AXI interface and with both resets", why)
    why = []
    names = sorted(p["name"] for i in resets.values() for p, _ in i["ports"])
    if names != ["aresetn", "mon_aresetn"]:
        why.append("reset interfaces %s, want aresetn (the monitor's) and mon_aresetn (the link's)"
                   % names)
    for k, i in resets.items():
        if i["params"].get("POLARITY") != "ACTIVE_LOW":
            why.append("%s: POLARITY %r, want ACTIVE_LOW (AXI's aresetn)" % (k, i["params"].get("POLARITY")))
    tap(not why, "both resets are active low", why)
    why = []
    if len(irqs) != 1:
        why.append("%d interrupt interfaces, want 1" % len(irqs))
    for i in irqs:
        if i["params"].get("SENSITIVITY") != "LEVEL_HIGH":
            why.append("SENSITIVITY %r, want LEVEL_HIGH" % i["params"].get("SENSITIVITY"))
        for p, _ in i["ports"]:
            if p["dir"] != "output":
                why.append("%s: an interrupt the module drives must be an output" % p["name"])
    tap(not why, "the interrupt is a level-high output", why)

    why = []
    for p in ports:
        nm = p["name"]
        info = p["attrs"].get("X_INTERFACE_INFO", "").split()
        if len(info) == 3 and info[1] in CORE_PREFIX:
            want_core = CORE_PREFIX[info[1]] + info[2].lower()
            want = nm
        elif nm == "aclk":
            want_core, want = "clk", "aclk"
        elif nm == "aresetn":
            want_core, want = "rst", "!aresetn"
        elif nm == "mon_aresetn":
            want_core, want = "mon_axi_aresetn", "mon_aresetn"
        else:
            want_core, want = nm, nm
        got = conns.get(want_core)
        if got is None:
            why.append("%s: the core's %s is not connected" % (nm, want_core))
        elif got.replace(" ", "") != want:
            why.append("the core's %s is connected to '%s', want '%s'" % (want_core, got, want))
    tap(not why, "every port reaches the core port of the same signal", why)
    print("1..%d" % n)
    return failed


if __name__ == "__main__":
    sys.exit(main())
