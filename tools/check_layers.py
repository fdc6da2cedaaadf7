#!/usr/bin/env python3
"""Check that the C files depend one way (docs/architecture.md, "Files depend one way").

Reads the object files of a build (`nm`: the symbols each object defines and the ones it uses),
draws an edge A -> B when A uses a symbol B defines, and checks two rules:

1. Between layers, edges only go the allowed way (ALLOWED below, from the architecture page).
2. Inside a layer there are no circles: no two files of one layer use each other, directly or
   through other files of that layer, except through the edges of RECURSION below (each with
   its reason): an operation built from lower ones that those lower ones use in turn.

An edge against rule 1 is allowed only when CROSSING below names it with its reason (empty
today).

An entry of RECURSION the graph no longer has is reported too, so the list only shrinks.
Objects whose source file is gone (a file moved since the build) are left out.

Usage: python tools/check_layers.py [BUILD_DIR]   (default: the build of the paddle_c imported)
Prints every violation and exits 1 when there is one; prints the graph's size otherwise.
tests/test_layers.py runs it on the built tree.
"""
import argparse
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
    "dispatch": {"core"},  # the kernel contracts are headers; each backend fills its column
    "backends": {"core", "kernels"},
    "kernels": {"core"},
    "core": {"backends"},  # core/backends.c registers the built-in backends (X-macro list)
}


# (file, file it uses) -> why this edge inside a layer closes a circle by design. Circles are
# looked for in the graph without these edges. Empty today: no file of a layer is built from
# files that use it in turn.
RECURSION = {}


# (file, file of another layer it uses) -> why this one edge is allowed against ALLOWED, each
# entry a debt to pay with a vtable slot or a hook handed over at registration. Empty today:
# the three edges a GPU build had into backends/cuda.c became the vtable's wait_external_stream
# slot (DLPack's release) and the kernels' pc_gpu_runtime hooks (their launch check and scratch
# pool). An entry the graph lacks is not reported (a CPU build has no GPU-only edge); one
# without two files of different layers and its reason is.
CROSSING = {}


def hip_object(path):
    """hipcc's object of a csrc/kernels/cuda source: <build>/hip/<name>.o (see objects())."""
    return path.rsplit("/", 2)[-2:-1] == ["hip"]


def layer_of(obj):
    """The layer of an object file, from its source path."""
    path = obj.replace(os.sep, "/")
    if "/isa/" in path or hip_object(path):
        return "kernels"  # the per-ISA copies of csrc/kernels/cpu families, hipcc's GPU kernels
    for name in ("python", "interop", "dispatch", "backends", "kernels", "core"):
        if f"/csrc/{name}/" in path:
            return name
    return None


def name_of(obj):
    path = obj.replace(os.sep, "/")
    if "/isa/" in path:
        return "kernels/cpu/" + os.path.basename(path).rsplit("_", 1)[0] + ".c"
    if hip_object(path):
        return "kernels/cuda/" + os.path.basename(path).removesuffix(".o") + ".cu"
    return path.split("/csrc/", 1)[1].removesuffix(".o")


def symbols(objs):
    """object -> (the global symbols it defines, the symbols it uses), from one nm call."""
    out = subprocess.run(["nm", "-P", "-A", *objs], capture_output=True, text=True,
                         check=True).stdout
    table = {o: (set(), set()) for o in objs}
    for line in out.splitlines():
        obj, _, rest = line.partition(": ")
        parts = rest.split()
        if obj not in table or len(parts) < 2:
            continue
        sym, kind = parts[0], parts[1]
        if kind == "U":
            table[obj][1].add(sym)
        elif kind in "TDBRVWG":
            table[obj][0].add(sym)
    return table


def objects(build):
    """The object files of `build` that belong to a layer and whose source still exists."""
    objs = sorted(glob.glob(os.path.join(build, "CMakeFiles", "*.dir", "**", "*.o"),
                            recursive=True))
    # a ROCm build compiles csrc/kernels/cuda/*.cu with hipcc outside CMake's object folders
    # (CMakeLists.txt: PC_HIP_OBJECTS in <build>/hip)
    objs += sorted(glob.glob(os.path.join(build, "hip", "*.o")))
    return [o for o in objs
            if layer_of(o) and os.path.exists(os.path.join(ROOT, "csrc", name_of(o)))]


def find_build():
    """The build that made the paddle_c this interpreter imports, or None: the sanitizer build
    under PC_SANITIZER_RUN, build/X when paddle_c is loaded from under build/X (cuda-check,
    hip-check), else scikit-build's build of this Python (build/cpXY-cpXY-<platform>). Not
    simply the newest build: another configuration's half-built or stale objects are not the
    tree under test."""
    import importlib.util
    import sysconfig

    builds = os.path.join(ROOT, "build")
    spec = importlib.util.find_spec("paddle_c")
    here = os.path.realpath(spec.origin) if spec is not None and spec.origin else ""
    if os.environ.get("PC_SANITIZER_RUN"):
        candidate = os.path.join(builds, "asan")
    elif here.startswith(builds + os.sep):
        candidate = os.path.join(builds, os.path.relpath(here, builds).split(os.sep)[0])
    else:
        tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        candidate = os.path.join(builds, f"{tag}-{tag}-{plat}")
    return candidate if os.path.isdir(os.path.join(candidate, "CMakeFiles", "pc_core.dir")) \
        else None


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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("build", nargs="?", help="a CMake build folder (default: the build "
                        "of the paddle_c this Python imports)")
    build = parser.parse_args(argv[1:]).build or find_build()
    if build is None:
        sys.exit("no build with object files under build/: build first (pip install .)")
    objs = objects(build)
    files = {}
    definer = {}
    table = symbols(objs)
    for o in objs:
        name = name_of(o)
        defined, used = table[o]
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
            if la != lb and lb not in ALLOWED[la] and (a, b) not in CROSSING:
                problems.append(f"{a} ({la}) uses {b} ({lb}): {why[a, b]}")
    for (a, b), reason in sorted(RECURSION.items()):
        if b not in edges.get(a, ()):
            problems.append(f"an allowed recursion the graph no longer has: {a} -> {b}")
        elif layer[a] != layer[b] or len(reason.split()) < 5:
            problems.append(f"an allowed recursion needs two files of one layer and its reason: "
                            f"{a} -> {b}")
    for (a, b), reason in sorted(CROSSING.items()):
        if a.split("/")[0] == b.split("/")[0] or len(reason.split()) < 5:
            problems.append(f"an allowed crossing needs two files of different layers and its "
                            f"reason: {a} -> {b}")
    for lay in sorted(set(layer.values())):
        nodes = [n for n in files if layer[n] == lay]
        inner = {n: {m for m in edges[n] if layer[m] == lay and (n, m) not in RECURSION}
                 for n in nodes}
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
