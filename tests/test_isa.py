"""Runtime ISA dispatch: the variant in use, PADDLE_C_ISA, and the machine code of the wheel.

The portable build compiles everything for x86-64-v2 and the hot kernel families a second and
third time for AVX2 (x86-64-v3) and AVX-512 (x86-64-v4); one variant is chosen at import. The
tests below run each variant this CPU supports in a child process, and disassemble the
installed extension to check that no AVX/AVX-512 register is used outside the AVX2 and
AVX-512 variants (so the wheel imports and runs on any x86-64-v2 CPU).
"""

import bisect
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import paddle_c as pc

CONFIG = pc.show_config(mode="dicts")["cpu"]
ORDER = ["baseline", "avx2", "avx512"]
DISPATCHED = CONFIG["isa_compiled"] == ORDER
# the variants this CPU can run
RUNNABLE = ORDER[: ORDER.index(CONFIG["isa_best"]) + 1] if DISPATCHED else [CONFIG["isa_best"]]


def run_child(code, isa):
    env = dict(os.environ, PADDLE_C_ISA=isa)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=300)


def test_show_config_reports_the_variant(capsys):
    assert CONFIG["isa"] in CONFIG["isa_compiled"]
    assert CONFIG["num_threads"] >= 1
    if "PADDLE_C_ISA" not in os.environ or os.environ["PADDLE_C_ISA"] == "native":
        assert CONFIG["isa"] == CONFIG["isa_best"]
    assert pc.show_config() is None
    out = capsys.readouterr().out
    assert f"isa: {CONFIG['isa']}" in out and "num_threads:" in out
    with pytest.raises(ValueError):
        pc.show_config(mode="yaml")


def test_a_bad_variant_name_fails_the_import():
    r = run_child("import paddle_c", "sse9")
    assert r.returncode != 0
    assert "ValueError" in r.stderr and "PADDLE_C_ISA=sse9" in r.stderr


@pytest.mark.skipif(not DISPATCHED or CONFIG["isa_best"] == "avx512",
                    reason="needs the dispatched build on a CPU without AVX-512")
def test_a_variant_above_the_cpu_fails_the_import():
    r = run_child("import paddle_c", "avx512")
    assert r.returncode != 0 and "supports at most" in r.stderr


# the same computations under each variant give the same results (bit for bit: the kernels'
# orders of summation do not depend on the vector width except through the rounding they
# document, so the comparison is to NumPy with tolerances, and exact for the exact ones)
CHILD = r"""
import json, numpy as np, paddle_c as pc
rng = np.random.default_rng(5)
f = rng.standard_normal((67, 129)).astype(np.float32)
f[3, 7] = np.nan
g = rng.standard_normal(1001).astype(np.float32) * 3e9
i = rng.integers(-10**12, 10**12, 5003)
t, u = pc.asarray(f), pc.asarray(g)
out = {
    "isa": pc.show_config(mode="dicts")["cpu"]["isa"],
    "kernels": sorted(map(list, pc._C._kernels())),
    "max0": np.asarray(pc.max(t, axis=0)).tolist(),
    "argmax1": np.asarray(pc.argmax(t, axis=1)).tolist(),
    "argmin": int(pc.argmin(pc.asarray(i))),
    "min": float(pc.min(pc.asarray(f[4:]))),
    "sum1": np.asarray(pc.sum(pc.asarray(f[4:]), axis=1)).tolist(),
    "sum64": float(pc.sum(pc.asarray(f[4:], dtype=pc.float64))),
    "var": float(pc.var(pc.asarray(f[4:]))),
    "sort": np.asarray(pc.sort(pc.asarray(i))).tolist() == np.sort(i).tolist(),
    "argsort": np.asarray(pc.argsort(u, stable=True)).tolist()
               == np.argsort(g, kind="stable").tolist(),
    "cast": np.asarray(pc.astype(u, pc.int32)).tolist(),
    "cast64": np.asarray(pc.astype(pc.asarray(i), pc.float64)).tolist(),
    "sin": np.asarray(pc.sin(pc.asarray(f[4:]))).tolist(),
    "add": np.asarray(pc.asarray(f) * 2.5 + 1).tolist(),
}
print(json.dumps(out, allow_nan=True))
"""


@pytest.fixture(scope="module")
def results():
    out = {}
    for isa in RUNNABLE:
        r = run_child(CHILD, "native" if not DISPATCHED else isa)
        assert r.returncode == 0, r.stderr
        out[isa] = json.loads(r.stdout)
    return out


@pytest.mark.parametrize("isa", ORDER)
def test_each_variant_computes_the_same(results, isa):
    if isa not in results:
        pytest.skip(f"this CPU or build cannot run the {isa} variant")
    np = pytest.importorskip("numpy")
    got = results[isa]
    if DISPATCHED:
        assert got["isa"] == isa
    ref = results[RUNNABLE[0]]
    assert got["kernels"] == ref["kernels"]
    for key in ("max0", "argmax1", "argmin", "min", "sort", "argsort", "cast", "cast64", "add"):
        assert got[key] == ref[key], key
    assert got["sort"] and got["argsort"]
    for key in ("sum1", "sum64", "var", "sin"):
        np.testing.assert_allclose(got[key], ref[key], rtol=2e-6, err_msg=key)


def _ranges(so):
    """(start, end, variant) of every function symbol of the extension, sorted."""
    out = subprocess.run(["readelf", "-sW", so], capture_output=True, text=True,
                         check=True).stdout
    ranges = []
    current = ""
    for line in out.splitlines():
        cols = line.split()
        if len(cols) < 8 or not cols[0].endswith(":") or cols[0] == "Num:":
            continue
        value, size, kind, bind, name = cols[1], int(cols[2], 0), cols[3], cols[4], cols[7]
        if kind == "FILE":
            current = name
            continue
        if kind != "FUNC" or size == 0 or int(value, 16) == 0:
            continue
        m = re.search(r"_(avx2|avx512)\.c$", current) if bind == "LOCAL" else None
        g = re.search(r"_(avx2|avx512)$", name) if bind != "LOCAL" else None
        variant = (m or g).group(1) if (m or g) else "baseline"
        start = int(value, 16)
        ranges.append((start, start + size, variant, name))
    ranges.sort()
    return ranges


@pytest.mark.skipif(shutil.which("objdump") is None or shutil.which("readelf") is None,
                    reason="binutils (objdump, readelf) are not installed")
@pytest.mark.skipif(not DISPATCHED, reason="a PC_NATIVE=ON or non-x86-64 build has one variant")
def test_baseline_code_uses_no_avx_registers():
    so = pc._C.__file__
    ranges = _ranges(so)
    variants = {r[2] for r in ranges}
    assert variants == {"baseline", "avx2", "avx512"}, "the symbol table names no variants"
    starts = [r[0] for r in ranges]
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-j", ".text", so],
                         capture_output=True, text=True, check=True).stdout
    wide = {"baseline": 0, "avx2": 0, "avx512": 0}
    offenders = set()
    pattern = re.compile(r"^\s*([0-9a-f]+):\s+(.*)$")
    for line in dis.splitlines():
        m = pattern.match(line)
        if m is None or ("ymm" not in m.group(2) and "zmm" not in m.group(2)):
            continue
        addr = int(m.group(1), 16)
        k = bisect.bisect_right(starts, addr) - 1
        if k < 0 or addr >= ranges[k][1]:
            offenders.add(f"{addr:#x} (outside any function symbol)")
            continue
        wide[ranges[k][2]] += 1
        if ranges[k][2] == "baseline":
            offenders.add(ranges[k][3])
    assert not offenders, f"AVX registers in the baseline code: {sorted(offenders)[:20]}"
    # the variants are really compiled for their ISA
    assert wide["avx2"] > 0 and wide["avx512"] > 0, wide


@pytest.mark.skipif(not DISPATCHED, reason="the build has one variant (PC_NATIVE)")
def test_benchmark_restricts_numpy_to_the_same_isa():
    """benchmarks/run.py --isa baseline runs NumPy with its dispatch targets above x86-64-v2
    disabled (NPY_DISABLE_CPU_FEATURES), and says so."""
    script = os.path.join(os.path.dirname(__file__), os.pardir, "benchmarks", "run.py")
    r = subprocess.run([sys.executable, script, "--isa", "baseline", "--filter", "no such case"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "dispatch targets enabled: none" in r.stderr, r.stderr
