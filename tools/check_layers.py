#!/usr/bin/env python3
"""Check that the C files depend one way (docs/architecture.md, "Files depend one way").

Reads the object files of a build (`nm`: the symbols each object defines and the ones it uses),
draws an edge A -> B when A uses a symbol B defines, and checks two rules:

1. Between layers, edges only go the allowed way (LAYERS below, from the architecture page).
2. Inside a layer there are no circles: no two files of one layer use each other, directly or
   through other files of that layer.

Usage: python tools/check_layers.py [BUILD_DIR]   (default: the newest build/*/ with objects)
Prints every violation and exits 1 when there is one; prints the graph's size otherwise.
"""
import collections
import glob
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# layer -> the layers it may use (itself implied). The kernel contracts and the element layer
# are headers: they have no objects and so no edges.
ALLOWED = {
    "python": {"dispatch", "core", "interop", "backends"},
    "interop": {"dispatch", "core"},
    "dispatch": {"core", "kernels"},  # dispatch.c fills the table: pc_<backend>_register_kernels
    "backends": {"core", "kernels"},
    "kernels": {"core"},
    "core": {"backends"},  # core/backends.c registers the built-in backends (X-macro list)
}


def layer_of(obj):
    """The layer of an object file, from its source path."""
    path = obj.replace(os.sep, "/")
    if "/isa/" in path:
        return "kernels"  # the per-ISA copies of csrc/kernels/cpu families
    for name in ("python", "interop", "dispatch", "backends", "kernels", "core"):
        if f"/csrc/{name}/" in path:
            return name
    return None


def name_of(obj):
    path = obj.replace(os.sep, "/")
    if "/isa/" in path:
        return "kernels/cpu/" + os.path.basename(path).rsplit("_", 1)[0] + ".c"
    return path.split("/csrc/", 1)[1].removesuffix(".o")


def symbols(obj):
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        sym, kind = parts[0], parts[1]
        if kind == "U":
            used.add(sym)
        elif kind in "TDBRVWG" or kind in "tdbr" and False:
            defined.add(sym)
    return defined, used


def find_build():
    dirs = [d for d in glob.glob(os.path.join(ROOT, "build", "*"))
            if glob.glob(os.path.join(d, "CMakeFiles", "pc_core.dir", "**", "*.o"), recursive=True)]
    if not dirs:
        sys.exit("no build with object files under build/: build first (pip install .)")
    return max(dirs, key=os.path.getmtime)


def strongly_connected(nodes, edges):
    """Tarjan's algorithm: the components of more than one node."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main(argv):
    build = argv[1] if len(argv) > 1 else find_build()
    objs = sorted(glob.glob(os.path.join(build, "CMakeFiles", "*.dir", "**", "*.o"),
                            recursive=True))
    objs = [o for o in objs if layer_of(o)]
    files = {}
    definer = {}
    for o in objs:
        name = name_of(o)
        defined, used = symbols(o)
        d, u = files.setdefault(name, (set(), set()))
        d |= defined
        u |= used
        for s in defined:
            definer.setdefault(s, name)
    layer = {name: layer_of(o) for o in objs for name in [name_of(o)]}
    edges = collections.defaultdict(set)
    why = {}
    for name, (_, used) in files.items():
        for s in used:
            target = definer.get(s)
            if target is not None and target != name:
                edges[name].add(target)
                why.setdefault((name, target), s)
    problems = []
    for a in sorted(edges):
        for b in sorted(edges[a]):
            la, lb = layer[a], layer[b]
            if la != lb and lb not in ALLOWED[la]:
                problems.append(f"{a} ({la}) uses {b} ({lb}): {why[a, b]}")
    for lay in sorted(set(layer.values())):
        nodes = [n for n in files if layer[n] == lay]
        inner = {n: {m for m in edges[n] if layer[m] == lay} for n in nodes}
        for comp in strongly_connected(nodes, inner):
            pairs = [f"{a} -> {b} ({why[a, b]})" for a in comp for b in sorted(inner[a])
                     if b in comp]
            problems.append(f"a circle in {lay}: " + "; ".join(pairs))
    for p in problems:
        print(p)
    nedges = sum(len(v) for v in edges.values())
    print(f"{len(files)} files, {nedges} edges, {len(problems)} violations ({build})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
