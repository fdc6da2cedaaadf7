"""The elementwise rows of the stubs are generated (tools/gen_stubs.py) from elementwise.def and
the module's tables: they must be in step with them and with the built module."""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest

import paddle_c as pc

import repo_tools

ROOT = repo_tools.ROOT
TOOL = repo_tools.tool_path("gen_stubs")


def _tool():
    return repo_tools.load_tool("gen_stubs")


def test_stubs_in_step_with_the_op_lists():
    r = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, "run tools/gen_stubs.py:\n" + r.stdout + r.stderr


@pytest.mark.parametrize("row", _tool().function_rows(_tool().arities()))
def test_generated_function_exists_with_its_arity(row):
    name = row.split("(")[0].removeprefix("def ")
    nin = row.count("_Operand") or 1
    params = inspect.signature(getattr(pc, name)).parameters
    assert len(params) == nin, (name, params)


@pytest.mark.parametrize("row", _tool().method_rows())
def test_generated_method_exists(row):
    name = row.split("(")[0].strip().removeprefix("def ")
    nargs = 1 if "y:" in row else 0
    x = pc.asarray([1.0, 2.0])
    method = getattr(x, name)
    assert len(inspect.signature(method).parameters) == nargs, name


def _stub_params(row):
    """The parameter names and kinds of a stub row, via inspect on a function built from it."""
    src = row.strip().replace("-> _Tensor: ...", ": pass")
    ns = {}
    exec(src, {"_Tensor": object, "_Axes": object, "_dtype": object}, ns)
    f = next(iter(ns.values()))
    return [(p.name, p.kind) for p in inspect.signature(f).parameters.values()]


@pytest.mark.parametrize("row", _tool().reduction_rows())
def test_generated_reduction_matches_the_module(row):
    name = row.split("(")[0].removeprefix("def ")
    got = [(p.name, p.kind) for p in inspect.signature(getattr(pc, name)).parameters.values()]
    assert got == _stub_params(row), name


@pytest.mark.parametrize("row", _tool().reduction_method_rows())
def test_generated_reduction_method_matches_the_tensor(row):
    name = row.split("(")[0].strip().removeprefix("def ")
    method = getattr(pc.asarray([1.0, 2.0]), name)
    got = [(p.name, p.kind) for p in inspect.signature(method).parameters.values()]
    assert got == _stub_params(row)[1:], name


@pytest.mark.parametrize("stub", sorted((ROOT / "python" / "paddle_c").rglob("*.pyi")),
                         ids=lambda p: p.name)
def test_stub_file_parses(stub):
    import ast
    ast.parse(stub.read_text(), filename=str(stub))


def test_no_merge_conflict_markers_in_tracked_text():
    """A merge's conflict block left in a committed file (docs, stubs, docstrings) is caught
    here, not by a reader."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if files.returncode != 0:
        pytest.skip("not a git checkout")
    bad = []
    for name in files.stdout.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file() or path.suffix in {".png", ".gz", ".whl"}:
            continue
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (UnicodeDecodeError, OSError):
            continue
        for i, line in enumerate(lines, 1):
            if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "=======":
                bad.append(f"{name}:{i}")
    assert not bad, "conflict markers: " + ", ".join(bad[:20])
