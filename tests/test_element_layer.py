"""The element layer (csrc/kernels/common) compiled alone, outside the library.

The portable complex functions (complex_math.h: exp ... atanh, pow; the ROCm build's, and the
CPU's with PC_PORTABLE_COMPLEX) run from tests/c/element_complex.c on every C99 Annex G case
(+-0, +-inf, NaN and finite values in each part) and on random values over 24 decades, near
the unit circle and near the branch points +-1, +-i; they must give NumPy's (the C library's)
special values exactly (class and sign of each part) and agree with it within a few ulp.

Its conversions are the one scalar conversion every backend uses (the CPU cast loops and the
GPU cast kernels include the same cast_elem.h). tests/c/element_casts.c instantiates all
15 x 15 of them with the C compiler, runs them on special values (NaN, infinities, signed
zeros, subnormals, integer extremes, values on rounding ties) and this test compares every
result bit for bit with NumPy, where NumPy defines the result, and with the documented rules
where it does not (float -> integer saturation, NaN -> 0; bfloat16, which NumPy lacks, against
exact rational rounding).
"""

import fractions
import os
import shutil
import subprocess
import sys
import warnings

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDS = ["BOOL", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64",
       "FLOAT16", "BFLOAT16", "FLOAT32", "FLOAT64", "COMPLEX64", "COMPLEX128"]
NP = {"BOOL": np.bool_, "INT8": np.int8, "INT16": np.int16, "INT32": np.int32,
      "INT64": np.int64, "UINT8": np.uint8, "UINT16": np.uint16, "UINT32": np.uint32,
      "UINT64": np.uint64, "FLOAT16": np.float16, "BFLOAT16": np.uint16,
      "FLOAT32": np.float32, "FLOAT64": np.float64, "COMPLEX64": np.complex64,
      "COMPLEX128": np.complex128}
INTS = {k for k in IDS if "INT" in k}
CC = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")

pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")


def float_values():
    v = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 0.49999997, 3.75, 100.0, 255.5, 256.0,
         -129.0, 65504.0, 65519.99, 65520.0, 1e30, -1e30, 1e300, 2.0 ** 31 - 128, 2.0 ** 31,
         -2.0 ** 31, 2.0 ** 32, 2.0 ** 63, -2.0 ** 63, 2.0 ** 64, 2.0 ** 53 + 2, 5e-324,
         1e-310, 1e-40, 6e-8, 3e-8, 1.0 + 2.0 ** -8, 1.0 + 2.0 ** -9, 1.0 + 3 * 2.0 ** -9,
         1.0 + 2.0 ** -11, 1.0 + 2.0 ** -11 + 2.0 ** -40, float("inf"), float("-inf"),
         float("nan"), -float("nan"), 3.4028235e38, 3.4e38 * 1.0000001]
    rng = np.random.default_rng(7)
    v += list(rng.standard_normal(40) * 10.0 ** rng.integers(-8, 12, 40))
    return v


def int_values(name):
    info = np.iinfo(NP[name])
    v = {0, 1, 2, 3, 127, 128, 255, 256, 1000, 65504, 65519, 65520, 65535, 65536,
         2 ** 24 + 1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 1, 2 ** 54 + 2 ** 30 + 1,
         2 ** 54 + 2 ** 46 + 1, 2 ** 54 + 2 ** 46, 2 ** 63 - 1, 2 ** 64 - 1, -1, -2, -128, -129,
         -(2 ** 31), -(2 ** 54 + 2 ** 46 + 1), -(2 ** 63), int(info.min), int(info.max),
         int(info.max) - 1, int(info.min) + 1}
    rng = np.random.default_rng(11)
    v |= {int(x) for x in rng.integers(info.min, info.max, 40, dtype=NP[name], endpoint=True)}
    return sorted(x for x in v if info.min <= x <= info.max)


def source_array(name):
    if name == "BOOL":
        return np.array([False, True, True, False])
    if name in INTS:
        return np.array(int_values(name), dtype=NP[name])
    f = np.array(float_values(), dtype=np.float64)
    if name == "BFLOAT16":
        bits = np.array(f, dtype=np.float32).view(np.uint32) >> 16
        return np.concatenate([bits.astype(np.uint16), np.array([1, 0x8001, 0x7f80, 0x7fc0],
                                                                 dtype=np.uint16)])
    if name in ("COMPLEX64", "COMPLEX128"):
        re = np.concatenate([f, f[::-1][:20], np.zeros(5)])
        im = np.concatenate([np.zeros(len(f)), f[:20], [1.0, -0.0, np.nan, np.inf, 5e-324]])
        return (re + 1j * im).astype(NP[name]) if name == "COMPLEX128" else \
            (re.astype(np.float32) + 1j * im.astype(np.float32)).astype(np.complex64)
    with np.errstate(all="ignore"):
        return f.astype(NP[name])


def bf16_to_f32(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def exact_round(x, mbits, emin):
    """x (a Fraction, non-zero) rounded to nearest even with mbits stored mantissa bits."""
    sign = -1 if x < 0 else 1
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if fractions.Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    scale = fractions.Fraction(2) ** (e - mbits)
    q = a / scale
    n = q.numerator // q.denominator
    r = q - n
    if r > fractions.Fraction(1, 2) or (r == fractions.Fraction(1, 2) and n % 2 == 1):
        n += 1
    return sign * n * scale


def to_bf16_bits(values):
    """Exact round-to-nearest-even of each value (a Python int or a float) to bfloat16."""
    out = []
    for v in values:
        if isinstance(v, float) and np.isnan(v):
            out.append(0x7fc0)
            continue
        if isinstance(v, float) and np.isinf(v):
            out.append(0x7f80 if v > 0 else 0xff80)
            continue
        if v == 0:
            neg = isinstance(v, float) and np.signbit(v)
            out.append(0x8000 if neg else 0)
            continue
        r = exact_round(fractions.Fraction(v), 7, -126)
        if abs(r) >= 2 ** 128:
            out.append(0x7f80 if r > 0 else 0xff80)
            continue
        f32 = np.array([float(r)], dtype=np.float32)
        out.append(int(f32.view(np.uint32)[0] >> 16))
    return np.array(out, dtype=np.uint16)


def python_values(name, src):
    """The source elements as exact Python values (real parts of complex)."""
    if name == "BFLOAT16":
        return [float(x) for x in bf16_to_f32(src)]
    if name in INTS or name == "BOOL":
        return [int(x) for x in src]
    return [float(x) for x in np.real(src)]


def expected(sname, dname, src):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        values = bf16_to_f32(src) if sname == "BFLOAT16" else src
        if dname == "BFLOAT16":
            return to_bf16_bits(python_values(sname, src))
        if dname == "BOOL":
            return values != 0
        if dname in INTS and sname not in INTS and sname != "BOOL":
            info = np.iinfo(NP[dname])
            re = np.real(values).astype(np.float64)
            out = []
            for x, v in zip(re, python_values(sname, src)):
                if np.isnan(x):
                    out.append(0)
                elif v <= info.min:
                    out.append(int(info.min))
                elif v >= info.max:
                    out.append(int(info.max))
                else:
                    out.append(int(v))  # truncation toward zero, exact
            return np.array(out, dtype=NP[dname])
        return values.astype(NP[dname])


def same(got, want, dname):
    if dname in ("BFLOAT16",):
        g, w = bf16_to_f32(got), bf16_to_f32(want)
        return (g.view(np.uint32) == w.view(np.uint32)) | (np.isnan(g) & np.isnan(w))
    if dname in ("FLOAT16", "FLOAT32", "FLOAT64"):
        return (got == want) & (np.signbit(got) == np.signbit(want)) | (np.isnan(got) & np.isnan(want))
    if dname in ("COMPLEX64", "COMPLEX128"):
        return same(got.real.copy(), want.real.copy(), "FLOAT64") & \
            same(got.imag.copy(), want.imag.copy(), "FLOAT64")
    return got == want


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    d = tmp_path_factory.mktemp("element_layer")
    exe = d / "element_casts"
    cmd = [CC, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function",
           "-I", os.path.join(ROOT, "csrc", "include"), "-I", os.path.join(ROOT, "csrc"),
           "-I", os.path.join(ROOT, "tests", "c"),
           os.path.join(ROOT, "tests", "c", "element_casts.c"), "-o", str(exe), "-lm"]
    subprocess.run(cmd, check=True)
    sources = {name: source_array(name) for name in IDS}
    for name, a in sources.items():
        a.tofile(d / f"in_{name}.bin")
    subprocess.run([str(exe), str(d)], check=True)
    out = {}
    for s in IDS:
        for t in IDS:
            out[s, t] = np.fromfile(d / f"out_{s}_{t}.bin", dtype=NP[t])
    return sources, out


@pytest.mark.parametrize("src", IDS)
def test_casts_match_numpy(results, src):
    sources, out = results
    bad = []
    for dst in IDS:
        got = out[src, dst]
        want = expected(src, dst, sources[src])
        ok = same(got, want, dst)
        for i in np.flatnonzero(~ok)[:3]:
            bad.append(f"{src}->{dst}: {sources[src][i]!r} gave {got[i]!r}, expected {want[i]!r}")
    assert not bad, "\n".join(bad)


def test_int64_to_float32_rounds_once(results):
    sources, out = results
    i = list(sources["INT64"]).index(2 ** 54 + 2 ** 30 + 1)
    assert int(out["INT64", "FLOAT32"][i]) == 2 ** 54 + 2 ** 31
    # and to bfloat16 above a tie: a conversion through double would round down to 2**54
    j = list(sources["INT64"]).index(2 ** 54 + 2 ** 46 + 1)
    assert float(bf16_to_f32(out["INT64", "BFLOAT16"][j:j + 1])[0]) == 2.0 ** 54 + 2.0 ** 47


# ---- the portable complex functions (complex_math.h) ----

CX_FUNCS = {"exp": np.exp, "log": np.log, "sqrt": np.sqrt, "sin": np.sin, "cos": np.cos,
            "tan": np.tan, "sinh": np.sinh, "cosh": np.cosh, "tanh": np.tanh, "asin": np.arcsin,
            "acos": np.arccos, "atan": np.arctan, "asinh": np.arcsinh, "acosh": np.arccosh,
            "atanh": np.arctanh}
CX_TYPES = {"d": (np.complex128, np.float64), "f": (np.complex64, np.float32)}
# componentwise ulp distance to the C library allowed on finite results (each side is within
# about 4 ulp of the exact value; measured maximum of the difference: 6)
CX_ULP = 8


def cx_special_inputs():
    parts = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, -2.5, 2.0, 1.5707963267948966,
             1e-20, 3e-310, 1e300, -1e300, 20.0, 100.0, 710.0, -800.0, 1500.0]
    return np.array([complex(a, b) for a in parts for b in parts])


def cx_random_inputs():
    rng = np.random.default_rng(2026)
    n = 6000
    parts = 10.0 ** rng.uniform(-12, 12, (n, 2)) * rng.choice([-1, 1], (n, 2))
    t = rng.uniform(-np.pi, np.pi, 1500)
    def g(k):
        return rng.standard_normal(k) + 1j * rng.standard_normal(k)
    return np.concatenate([parts[:, 0] + 1j * parts[:, 1],
                           np.exp(1j * t) * (1 + rng.standard_normal(1500) * 1e-9),
                           1 + g(500) * 1e-8, -1 + g(500) * 1e-8, 1j + g(500) * 1e-8,
                           -1j + g(500) * 1e-8])


@pytest.fixture(scope="module")
def cx_results(tmp_path_factory):
    d = tmp_path_factory.mktemp("element_complex")
    exe = d / "element_complex"
    cmd = [CC, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function",
           "-I", os.path.join(ROOT, "csrc", "include"), "-I", os.path.join(ROOT, "csrc"),
           os.path.join(ROOT, "tests", "c", "element_complex.c"), "-o", str(exe), "-lm"]
    subprocess.run(cmd, check=True)
    spec, rnd = cx_special_inputs(), cx_random_inputs()
    z = np.concatenate([spec, rnd])
    rng = np.random.default_rng(5)
    pz = rnd[:2000]
    pw = (rng.standard_normal(2000) + 1j * rng.standard_normal(2000)) * 3
    for suf, (ct, _) in CX_TYPES.items():
        z.astype(ct).tofile(d / f"in_{suf}.bin")
        np.stack([pz, pw], 1).astype(ct).tofile(d / f"pow_{suf}.bin")
    subprocess.run([str(exe), str(d)], check=True)
    out = {}
    for suf, (ct, _) in CX_TYPES.items():
        for name in list(CX_FUNCS) + ["pow"]:
            out[name, suf] = np.fromfile(d / f"out_{name}_{suf}.bin", dtype=ct)
    return len(spec), z, pz, pw, out


def cx_class(v):
    """NaN, +-inf, +-0 or the sign of a finite value, per part."""
    return np.where(np.isnan(v), 0, np.where(np.isinf(v), 2, np.where(v == 0, 4, 6))) + \
        np.signbit(v) * ~np.isnan(v)


def cx_ulps(got, want, rt):
    """Componentwise distance in ulps of the wanted part; inf where the classes differ."""
    with np.errstate(all="ignore"):
        e = np.zeros(len(got))
        for g, w in ((got.real, want.real), (got.imag, want.imag)):
            finite = np.isfinite(w) & np.isfinite(g)
            unit = np.spacing(np.maximum(np.abs(w), np.finfo(rt).smallest_subnormal))
            d = np.abs(g.astype(np.float64) - w.astype(np.float64)) / unit.astype(np.float64)
            d = np.where(finite & (cx_class(g) == cx_class(w)), d, 0.0)
            d = np.where(cx_class(g) != cx_class(w), np.inf, d)
            e = np.maximum(e, d)
    return e


@pytest.mark.parametrize("suf", list(CX_TYPES))
@pytest.mark.parametrize("name", list(CX_FUNCS))
def test_portable_complex_special_values(cx_results, name, suf):
    n_spec, z, _, _, out = cx_results
    ct, rt = CX_TYPES[suf]
    zz = z[:n_spec].astype(ct)
    with np.errstate(all="ignore"):
        want = CX_FUNCS[name](zz)
    got = out[name, suf][:n_spec]
    err = cx_ulps(got, want, rt)
    bad = [f"{name}({zz[i]!r}) = {got[i]!r}, the C library gives {want[i]!r}"
           for i in np.flatnonzero(err > CX_ULP)[:8]]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("suf", list(CX_TYPES))
@pytest.mark.parametrize("name", list(CX_FUNCS))
def test_portable_complex_accuracy(cx_results, name, suf, record_property):
    n_spec, z, _, _, out = cx_results
    ct, rt = CX_TYPES[suf]
    zz = z[n_spec:].astype(ct)
    with np.errstate(all="ignore"):
        want = CX_FUNCS[name](zz)
    got = out[name, suf][n_spec:]
    err = cx_ulps(got, want, rt)
    worst = int(np.argmax(err))
    record_property("max_ulp", float(err[worst]))
    assert err[worst] <= CX_ULP, \
        f"{name}({zz[worst]!r}) = {got[worst]!r}, the C library gives {want[worst]!r} " \
        f"({err[worst]:.1f} ulp)"


@pytest.mark.parametrize("suf", list(CX_TYPES))
def test_portable_complex_pow(cx_results, suf):
    _, _, pz, pw, out = cx_results
    ct, rt = CX_TYPES[suf]
    with np.errstate(all="ignore"):
        want = np.power(pz.astype(ct), pw.astype(ct))
    got = out["pow", suf]
    ok = np.isfinite(want) & (np.abs(want) > np.finfo(rt).tiny) & (np.abs(want) < np.finfo(rt).max)
    assert ok.sum() > 1000
    rel = np.abs(got[ok] - want[ok]) / np.abs(want[ok]) / np.finfo(rt).eps
    # exp(w log z) carries the rounding of w log z as a relative error of |w log z| eps
    with np.errstate(all="ignore"):
        cond = np.abs(pw[ok] * np.log(pz[ok]))
    assert (rel <= CX_ULP + 2 * cond).all(), f"relative error {rel.max():.1f} eps"
