#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Checks compiled device trees against dt-schema style YAML bindings.

The small part of dt-schema axiperf needs to validate its own trees and
overlays node by node with messages it can test (the dts suite also runs
Debian's dt-schema, dt-doc-validate, on the bindings themselves):
read a .dtb, turn each node whose compatible a binding names into the
JSON dt-schema sees (string lists, cell matrices split by #address-cells,
#interrupt-cells and #clock-cells, uint32 scalars where the binding says
so), apply dt-schema's usual fix-ups, and validate with python3-jsonschema.

  validate.py check-schema BINDING.yaml...   is each file a binding?
  validate.py example BINDING.yaml N         print example N as a .dts
  validate.py dtb BINDINGS_DIR FILE.dtb...   validate every matching node
  validate.py apm SPEC.toml CLK.h N FILE.dtb...
                                             the PS APM nodes (xlnx,axi-perf-monitor
                                             at an instance's base in spec/apm.toml)
                                             agree with the description: N of them,
                                             window, SPI, slots, counters, and the
                                             clock by its name in CLK.h (the kernel's
                                             dt-bindings/clock/xlnx-zynqmp-clk.h)

Exit status 1 when anything is wrong; each problem is one line saying
which file, which node, what is wrong.
"""
import copy
import os
import re
import struct
import sys

import jsonschema
from ruamel.yaml import YAML

FDT_MAGIC = 0xD00DFEED
FDT_BEGIN_NODE, FDT_END_NODE, FDT_PROP, FDT_NOP, FDT_END = 1, 2, 3, 4, 9

# The few /schemas/types.yaml definitions our bindings use.
U32 = {"type": "integer", "minimum": 0, "maximum": 0xFFFFFFFF}
TYPES = {
    "uint32": U32,
    "uint32-array": {"type": "array", "items": U32},
    "uint32-matrix": {"type": "array", "items": {"type": "array", "items": U32}},
    "phandle": U32,
    "phandle-array": {"type": "array", "items": {"type": "array", "items": U32}},
    "string": {"type": "string"},
    "string-array": {"type": "array", "items": {"type": "string"}},
    "flag": {"const": True},
}
TYPES_REF = "/schemas/types.yaml#/definitions/"

# Properties every node may carry whatever its binding says (dt-schema).
IMPLICIT = ["$nodename", "phandle", "status"]


class Node:
    def __init__(self, name, parent):
        self.name = name
        self.parent = parent
        self.props = {}
        self.children = []

    @property
    def path(self):
        if self.parent is None:
            return "/"
        up = self.parent.path
        return (up if up != "/" else "") + "/" + self.name

    def u32(self, prop, default=None):
        raw = self.props.get(prop)
        if raw is None or len(raw) != 4:
            return default
        return struct.unpack(">I", raw)[0]


def read_dtb(path):
    with open(path, "rb") as f:
        blob = f.read()
    if len(blob) < 40:
        raise ValueError("%s: too short to be a device tree blob" % path)
    (magic, _total, off_struct, off_strings, _rsv, _ver, _last, _cpu,
     _size_strings, size_struct) = struct.unpack(">10I", blob[:40])
    if magic != FDT_MAGIC:
        raise ValueError("%s: not a device tree blob (magic %#x)" % (path, magic))

    def string_at(off):
        end = blob.index(b"\0", off_strings + off)
        return blob[off_strings + off:end].decode()

    pos, end = off_struct, off_struct + size_struct
    root, node = None, None
    while pos < end:
        (tok,) = struct.unpack(">I", blob[pos:pos + 4])
        pos += 4
        if tok == FDT_BEGIN_NODE:
            stop = blob.index(b"\0", pos)
            name = blob[pos:stop].decode()
            pos = (stop + 4) & ~3
            child = Node(name, node)
            if node is None:
                root = child
            else:
                node.children.append(child)
            node = child
        elif tok == FDT_END_NODE:
            node = node.parent
        elif tok == FDT_PROP:
            length, nameoff = struct.unpack(">II", blob[pos:pos + 8])
            pos += 8
            node.props[string_at(nameoff)] = blob[pos:pos + length]
            pos = (pos + length + 3) & ~3
        elif tok == FDT_NOP:
            continue
        elif tok == FDT_END:
            break
        else:
            raise ValueError("%s: bad structure token %d" % (path, tok))
    return root


def walk(node):
    yield node
    for child in node.children:
        yield from walk(child)


def cells(raw):
    return list(struct.unpack(">%dI" % (len(raw) // 4), raw))


def strings(raw):
    if not raw or raw[-1] != 0:
        return None
    parts = raw[:-1].split(b"\0")
    try:
        texts = [p.decode("ascii") for p in parts]
    except UnicodeDecodeError:
        return None
    if any(not t or not t.isprintable() for t in texts):
        return None
    return texts


def group(values, size, what):
    if size <= 0 or len(values) % size:
        raise ValueError("%s: %d cells do not split into entries of %d"
                         % (what, len(values), size))
    return [values[i:i + size] for i in range(0, len(values), size)]


def interrupt_parent(node, phandles):
    n = node
    while n is not None:
        ph = n.u32("interrupt-parent")
        if ph is not None:
            return phandles.get(ph)
        n = n.parent
    return None


def phandle_array(node, prop, cells_prop, phandles):
    values, out, i = cells(node.props[prop]), [], 0
    while i < len(values):
        provider = phandles.get(values[i])
        if provider is None:
            raise ValueError("%s: %s names phandle %#x, which no node has"
                             % (node.path, prop, values[i]))
        n = provider.u32(cells_prop, 0)
        out.append(values[i:i + 1 + n])
        i += 1 + n
    return out


def prop_type(schema, prop):
    sub = schema.get("properties", {}).get(prop, {})
    ref = sub.get("$ref", "") if isinstance(sub, dict) else ""
    return ref[len(TYPES_REF):] if ref.startswith(TYPES_REF) else None


def child_schema(schema, name):
    """The sub-schema a child node named `name` is checked against, if any."""
    sub = schema.get("properties", {}).get(name)
    if isinstance(sub, dict):
        return sub
    for pattern, sub in schema.get("patternProperties", {}).items():
        if isinstance(sub, dict) and re.search(pattern, name):
            return sub
    return None


def node_instance(node, schema, phandles):
    """The node as dt-schema's JSON: what the binding is checked against.
    Child nodes become nested objects, built with the sub-schema that
    names them (so that additionalProperties: false rejects unknown ones)."""
    inst = {"$nodename": node.name}
    for child in node.children:
        inst[child.name] = node_instance(child, child_schema(schema, child.name) or {},
                                         phandles)
    for prop, raw in node.props.items():
        kind = prop_type(schema, prop)
        where = "%s: %s" % (node.path, prop)
        if prop == "reg":
            ac = node.parent.u32("#address-cells", 2)
            sc = node.parent.u32("#size-cells", 1)
            inst[prop] = group(cells(raw), ac + sc, where)
        elif prop == "interrupts":
            ip = interrupt_parent(node, phandles)
            if ip is None:
                raise ValueError("%s has no interrupt-parent" % where)
            inst[prop] = group(cells(raw), ip.u32("#interrupt-cells", 1), where)
        elif prop == "clocks":
            inst[prop] = phandle_array(node, prop, "#clock-cells", phandles)
        elif kind in ("uint32", "phandle") or (prop.startswith("#") and
                                                prop.endswith("-cells")):
            if len(raw) != 4:
                raise ValueError("%s must be one 32-bit cell, has %d bytes"
                                 % (where, len(raw)))
            inst[prop] = cells(raw)[0]
        elif kind == "uint32-array":
            inst[prop] = cells(raw)
        elif kind == "string":
            texts = strings(raw) or []
            if len(texts) != 1:
                raise ValueError("%s must be one string" % where)
            inst[prop] = texts[0]
        elif kind == "string-array":
            inst[prop] = strings(raw) or []
        elif not raw:
            inst[prop] = True
        elif strings(raw) is not None:
            inst[prop] = strings(raw)
        elif len(raw) % 4 == 0:
            inst[prop] = [cells(raw)]
        else:
            inst[prop] = list(raw)
    return inst


def fixup(schema):
    """dt-schema's fix-ups, as far as our bindings need them."""
    s = copy.deepcopy(schema)
    for key in ("$id", "$schema", "examples", "maintainers", "title",
                "description", "select"):
        s.pop(key, None)
    return fixup_node(s)


def fixup_node(s):
    """Fix-ups of one node's schema, and of the child node schemas in it."""
    for pattern, sub in list(s.get("patternProperties", {}).items()):
        if isinstance(sub, dict) and sub.get("type") == "object":
            sub.pop("description", None)
            s["patternProperties"][pattern] = fixup_node(sub)
    props = s.setdefault("properties", {})
    for name, sub in list(props.items()):
        if not isinstance(sub, dict):
            continue
        if sub.get("type") == "object":     # a child node named exactly
            sub.pop("description", None)
            props[name] = fixup_node(sub)
            continue
        ref = sub.pop("$ref", None)
        if ref:
            if not ref.startswith(TYPES_REF) or ref[len(TYPES_REF):] not in TYPES:
                raise ValueError("unsupported $ref %s in property %s" % (ref, name))
            sub = dict(TYPES[ref[len(TYPES_REF):]], **sub)
        # a cell matrix (reg) checked with bare scalar constraints: each
        # cell of each entry, as dt-schema's fix-ups apply them
        scalar = {k: sub.pop(k) for k in ("minimum", "maximum", "const", "enum") if k in sub}
        if scalar and name == "reg" and "items" not in sub:
            sub.update({"type": "array", "items": {"type": "array", "items": scalar}})
        else:
            sub.update(scalar)
        # a string-list property checked with a bare const/enum: one item
        if name == "compatible" and ("const" in sub or "enum" in sub):
            sub = {"type": "array", "items": [sub], "minItems": 1,
                   "maxItems": 1}
        sub.pop("description", None)
        props[name] = sub
    for name in IMPLICIT:
        props.setdefault(name, True)
    if "interrupts" in props:
        props.setdefault("interrupt-parent", True)
    if "clocks" in props:
        for name in ("assigned-clocks", "assigned-clock-rates",
                     "assigned-clock-parents"):
            props.setdefault(name, True)
    return s


def compatibles(schema):
    sub = schema.get("properties", {}).get("compatible", {})
    if "const" in sub:
        return [sub["const"]]
    return list(sub.get("enum", []))


def load(path):
    with open(path) as f:
        return YAML(typ="safe").load(f)


def check_schema(path):
    """Problems that keep a file from being a dt-schema style binding."""
    problems = []
    try:
        s = load(path)
    except Exception as e:  # noqa: BLE001 - any parse error is the answer
        return ["%s: not valid YAML: %s" % (path, e)]
    if not isinstance(s, dict):
        return ["%s: not a mapping" % path]
    base = os.path.basename(path)
    if not str(s.get("$id", "")).endswith("/" + base + "#"):
        problems.append("%s: $id must end with /%s#" % (path, base))
    if s.get("$schema") != "http://devicetree.org/meta-schemas/core.yaml#":
        problems.append("%s: $schema must be the dt-schema core meta-schema" % path)
    for key in ("title", "maintainers", "properties", "required", "examples"):
        if not s.get(key):
            problems.append("%s: '%s' is missing" % (path, key))
    if s.get("additionalProperties") is not False and \
            s.get("unevaluatedProperties") is not False:
        problems.append("%s: additionalProperties must be false" % path)
    if not compatibles(s):
        problems.append("%s: properties.compatible names no compatible" % path)
    for req in ("compatible", "reg"):
        if req not in (s.get("required") or []):
            problems.append("%s: '%s' must be required" % (path, req))
    try:
        jsonschema.Draft201909Validator.check_schema(fixup(s))
    except (jsonschema.SchemaError, ValueError) as e:
        problems.append("%s: not a valid JSON schema: %s" % (path, e))
    return problems


# What an example may point at: the providers dt_binding_check would fake.
EXAMPLE_WRAPPER = """/dts-v1/;
/ {
	#address-cells = <1>;
	#size-cells = <1>;
	interrupt-parent = <&intc>;

	intc: interrupt-controller {
		interrupt-controller;
		#interrupt-cells = <3>;
		#address-cells = <0>;
	};
	clkc: clock-controller {
		#clock-cells = <1>;
	};
	fclk: clock {
		#clock-cells = <0>;
	};

%s
};
"""


def example(path, index):
    ex = load(path)["examples"][index]
    body = "\n".join("\t" + line if line else line for line in ex.splitlines())
    return EXAMPLE_WRAPPER % body


def validate_dtb(bindings, dtb):
    schemas, errors = [], []
    for name in sorted(os.listdir(bindings)):
        if name.endswith(".yaml"):
            s = load(os.path.join(bindings, name))
            try:
                schemas.append((name, s, fixup(s)))
            except ValueError as e:
                errors.append("%s: cannot use binding %s: %s" % (dtb, name, e))
    root = read_dtb(dtb)
    phandles = {n.u32("phandle"): n for n in walk(root) if "phandle" in n.props}
    matched = 0
    for node in walk(root):
        compat = strings(node.props.get("compatible", b"")) or []
        for name, raw, fixed in schemas:
            if not set(compat) & set(compatibles(raw)):
                continue
            matched += 1
            try:
                inst = node_instance(node, raw, phandles)
            except ValueError as e:
                errors.append("%s: %s [%s]" % (dtb, e, name))
                continue
            v = jsonschema.Draft201909Validator(fixed)
            for err in sorted(v.iter_errors(inst), key=lambda e: list(e.path)):
                where = "/".join(str(p) for p in err.path)
                errors.append("%s: %s%s: %s [%s]" % (
                    dtb, node.path, (" " + where) if where else "",
                    err.message, name))
    return matched, errors


def check_apm(spec, clk_header, want, dtb):
    """Problems of the PS APM nodes of DTB against spec/apm.toml."""
    import tomllib
    with open(spec, "rb") as f:
        d = tomllib.load(f)
    with open(clk_header) as f:
        clk_ids = {m.group(1): int(m.group(2)) for m in
                   re.finditer(r"^#define\s+(\w+)\s+(\d+)", f.read(), re.M)}
    inst = {i["base"]: i for i in d["instance"]}
    window = d["apm"]["window"]
    root = read_dtb(dtb)
    phandles = {n.u32("phandle"): n for n in walk(root) if "phandle" in n.props}
    problems, seen = [], 0
    for node in walk(root):
        if "xlnx,axi-perf-monitor" not in (strings(node.props.get("compatible", b"")) or []):
            continue
        reg = cells(node.props.get("reg", b""))
        base = (reg[0] << 32 | reg[1]) if len(reg) == 4 else None
        i = inst.get(base)
        if i is None:
            continue
        seen += 1
        where = "%s: %s (apm_%s)" % (dtb, node.path, i["label"])

        def agree(what, got, exp):
            if got != exp:
                problems.append("%s: %s is %s, spec/apm.toml says %s" % (where, what, got, exp))
        agree("the reg size", reg[3], window)
        if "interrupts" in node.props:  # none: the driver's timer path
            agree("the interrupt", cells(node.props["interrupts"]), [0, i["spi"], 4])
        agree("xlnx,num-monitor-slots", node.u32("xlnx,num-monitor-slots"), i["slots"])
        agree("xlnx,num-of-counters", node.u32("xlnx,num-of-counters"), i["counters"])
        clk = cells(node.props.get("clocks", b""))
        provider = phandles.get(clk[0]) if clk else None
        compat = strings(provider.props.get("compatible", b"")) if provider else None
        if compat and "xlnx,zynqmp-clk" in compat:
            agree("the clock", clk[1:], [clk_ids.get(i["clock"])])
    if seen != want:
        problems.append("%s: %d PS APM node(s) at spec/apm.toml's bases, want %d"
                        % (dtb, seen, want))
    return seen, problems


def main(argv):
    if len(argv) >= 5 and argv[0] == "apm":
        status = 0
        for dtb in argv[4:]:
            try:
                seen, problems = check_apm(argv[1], argv[2], int(argv[3]), dtb)
            except (OSError, ValueError, KeyError) as e:
                print(e)
                status = 1
                continue
            for p in problems:
                print(p)
            if problems:
                status = 1
            else:
                print("%s: %d PS APM node(s) agree with %s" % (dtb, seen, argv[1]))
        return status
    if len(argv) >= 2 and argv[0] == "check-schema":
        problems = [p for path in argv[1:] for p in check_schema(path)]
        for p in problems:
            print(p)
        return 1 if problems else 0
    if len(argv) == 3 and argv[0] == "example":
        sys.stdout.write(example(argv[1], int(argv[2])))
        return 0
    if len(argv) >= 3 and argv[0] == "dtb":
        status = 0
        for dtb in argv[2:]:
            try:
                matched, errors = validate_dtb(argv[1], dtb)
            except (OSError, ValueError) as e:
                print(e)
                status = 1
                continue
            for e in errors:
                print(e)
            if errors:
                status = 1
            elif not matched:
                print("%s: no node matches any binding in %s" % (dtb, argv[1]))
                status = 1
            else:
                print("%s: %d node(s) valid" % (dtb, matched))
        return status
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
