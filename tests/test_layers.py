"""The C files depend one way (docs/architecture.md, "Files depend one way"): tools/check_layers.py
on the built tree finds no edge against the layer order and no circle inside a layer beyond its
allow-list of intrinsic recursions (RECURSION, each with its reason)."""
import contextlib
import io
import shutil
import subprocess
import sys

import pytest

import repo_tools

TOOL = repo_tools.tool_path("check_layers")


def load_tool():
    return repo_tools.load_tool("check_layers")


def test_the_built_tree_depends_one_way():
    if shutil.which("nm") is None:
        pytest.skip("nm (binutils) is not installed")
    build = load_tool().find_build()
    if build is None:
        pytest.skip("no CMake build of this extension under build/ (an installed wheel)")
    run = subprocess.run([sys.executable, str(TOOL), build], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 violations " in run.stdout, run.stdout


def test_the_tool_finds_a_circle_and_a_wrong_way_edge(tmp_path):
    """The checker itself: a made-up build where core uses dispatch and two kernel files use
    each other fails with both named."""
    if shutil.which("cc") is None or shutil.which("nm") is None:
        pytest.skip("no C compiler or nm")
    sources = {
        "core/a.c": "int d1(void); int a1(void) { return d1(); }",
        "dispatch/d.c": "int d1(void) { return 1; }",
        "kernels/cpu/k1.c": "int k2(void); int k1(void) { return k2(); }",
        "kernels/cpu/k2.c": "int k1(void); int k2(void) { return k1(); }",
    }
    build = tmp_path / "build"
    tool = load_tool()
    for rel, text in sources.items():
        src = tmp_path / "csrc" / rel
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(text)
        obj = build / "CMakeFiles" / "pc_core.dir" / "csrc" / (rel + ".o")
        obj.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["cc", "-c", str(src), "-o", str(obj)], check=True)
    tool.ROOT = str(tmp_path)

    def check(recursion, crossing=None):
        tool.RECURSION = recursion
        tool.CROSSING = crossing or {}
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            rc = tool.main(["check_layers.py", str(build)])
        return rc, out.getvalue().splitlines()

    rc, lines = check({})
    assert rc == 1
    assert any(line.startswith("core/a.c (core) uses dispatch/d.c (dispatch)") for line in lines)
    assert any(line.startswith("a circle in kernels:") and "k1.c" in line and "k2.c" in line
               for line in lines), lines
    # an allowed recursion with its reason removes the circle; one the graph lacks is stale
    rc, lines = check({("kernels/cpu/k2.c", "kernels/cpu/k1.c"): "k2 is built from k1 here"})
    assert not any(line.startswith("a circle") for line in lines), lines
    rc, lines = check({("kernels/cpu/k1.c", "core/a.c"): "not an edge of this graph at all"})
    assert any("no longer has: kernels/cpu/k1.c -> core/a.c" in line for line in lines), lines
    # an allowed crossing with its reason removes the wrong-way edge; one without a reason fails
    rc, lines = check({}, {("core/a.c", "dispatch/d.c"): "core reaches the op layer here"})
    assert not any(line.startswith("core/a.c (core) uses") for line in lines), lines
    rc, lines = check({}, {("core/a.c", "dispatch/d.c"): "because"})
    assert any("allowed crossing needs" in line and "core/a.c -> dispatch/d.c" in line
               for line in lines), lines
    rc, lines = check({}, {("kernels/cpu/k1.c", "kernels/cpu/k2.c"): "one layer is no crossing"})
    assert any("allowed crossing needs" in line and "k1.c -> kernels/cpu/k2.c" in line
               for line in lines), lines
    # a ROCm build's kernels (hipcc's objects in <build>/hip) are kernel files too
    src = tmp_path / "csrc" / "kernels" / "cuda" / "g.cu"
    src.parent.mkdir(parents=True)
    src.write_text("int d1(void); int g1(void) { return d1(); }")
    (build / "hip").mkdir()
    subprocess.run(["cc", "-x", "c", "-c", str(src), "-o", str(build / "hip" / "g.o")],
                   check=True)
    rc, lines = check({})
    assert any(line.startswith("kernels/cuda/g.cu (kernels) uses dispatch/d.c (dispatch)")
               for line in lines), lines
