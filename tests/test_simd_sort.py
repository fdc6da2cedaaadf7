"""The values of sort for 32-bit and 64-bit real dtypes, which the AVX2 and AVX-512 variants
take from a vectorised quicksort (csrc/kernels/cpu/simd_sort.c) and the baseline from the
radix sort: bit for bit equal to NumPy's stable sort with NaN last, in both orders, on long
lanes (the partition, its unrolled groups and the scalar remainder), with duplicates, NaN
payloads, signed zeros, infinities and the integer limits. Run under each variant with
PADDLE_C_ISA=baseline|avx2|avx512 (make test-isa-baseline runs this module on the baseline;
tests/test_isa.py compares the variants)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paddle_c as pc

DTYPES = ["int32", "uint32", "float32", "int64", "uint64", "float64"]
UINT = {4: np.uint32, 8: np.uint64}


def expected(a, descending):
    """NumPy's stable sort, NaN last in both orders, element bit patterns kept."""
    if a.dtype.kind == "f":
        nan = np.isnan(a)
        rest = a[~nan]
        # stable: -0.0 and 0.0 keep their input order in both orders
        order = np.argsort(-rest if descending else rest, kind="stable")
        return np.concatenate([rest[order], a[nan]])
    if descending:
        key = (~a.view(UINT[a.itemsize])) if a.dtype.kind == "u" else ~a
        return a[np.argsort(key, kind="stable")]
    return np.sort(a, kind="stable")


def check(a, descending=False):
    got = np.asarray(pc.sort(pc.asarray(a), descending=descending))
    want = expected(a, descending)
    assert got.dtype == a.dtype and got.shape == a.shape
    u = UINT[a.itemsize]
    np.testing.assert_array_equal(got.view(u), want.view(u))


def specials(dtype):
    d = np.dtype(dtype)
    if d.kind == "f":
        u = UINT[d.itemsize]
        quiet = np.array([np.nan], dtype=d).view(u)[0]
        payload_nans = np.array([quiet | u(1), quiet | u(7), quiet | (u(1) << u(8 * d.itemsize - 1))],
                                dtype=u).view(d)
        return np.concatenate([np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0,
                                         np.finfo(d).max, -np.finfo(d).max, np.finfo(d).tiny,
                                         np.finfo(d).smallest_subnormal], dtype=d), payload_nans])
    info = np.iinfo(d)
    return np.array([info.min, info.max, 0, 1, info.max - 1, info.min + 1], dtype=d)


@st.composite
def lanes(draw):
    dtype = draw(st.sampled_from(DTYPES))
    n = draw(st.integers(0, 3000))
    seed = draw(st.integers(0, 2**32 - 1))
    pool = draw(st.sampled_from(["full", "few", "specials", "sorted", "reversed"]))
    rng = np.random.default_rng(seed)
    d = np.dtype(dtype)
    u = UINT[d.itemsize]
    a = rng.integers(0, np.iinfo(u).max, n, dtype=u, endpoint=True).view(d)
    if d.kind == "f" and pool == "full":
        a = np.where(np.isnan(a), d.type(1.5), a)
    if pool == "few":
        a = rng.choice(a[:3] if n >= 3 else np.zeros(1, d), n)
    elif pool == "specials":
        a = rng.choice(specials(dtype), n)
    elif pool == "sorted":
        a = np.sort(a)
    elif pool == "reversed":
        a = np.sort(a)[::-1].copy()
    # sprinkle special values into the others
    if n and pool in ("full", "few") and draw(st.booleans()):
        at = rng.integers(0, n, max(1, n // 50))
        a[at] = rng.choice(specials(dtype), at.size)
    return a


@settings(max_examples=150, deadline=None)
@given(a=lanes(), descending=st.booleans())
def test_sort_values_match_numpy_bit_for_bit(a, descending):
    check(a, descending)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("case", ["random", "equal", "two", "sorted", "reversed", "organ",
                                  "nans", "negzeros", "bothzeros", "limits", "few_specials"])
def test_long_lanes(dtype, case):
    rng = np.random.default_rng(11)
    d = np.dtype(dtype)
    n = 100_003
    u = UINT[d.itemsize]
    a = rng.integers(0, np.iinfo(u).max, n, dtype=u, endpoint=True).view(d)
    if d.kind == "f":
        a = rng.standard_normal(n).astype(d)
    if case == "equal":
        a = np.full(n, a[0])
    elif case == "two":
        a = rng.choice(a[:2], n)
    elif case == "sorted":
        a = np.sort(a)
    elif case == "reversed":
        a = np.sort(a)[::-1].copy()
    elif case == "organ":
        s = np.sort(a)
        a = np.concatenate([s[::2], s[1::2][::-1]])
    elif case == "nans" and d.kind == "f":
        a[::7] = np.nan
        a[::11] = -np.nan
    elif case == "negzeros" and d.kind == "f":
        a[::5] = -0.0  # one sign of zero only: the vectorised path
    elif case == "bothzeros" and d.kind == "f":
        a[::5] = -0.0
        a[1::5] = 0.0  # both signs: the stable radix sort keeps their order
    elif case == "limits":
        sp = specials(dtype)
        a = rng.choice(sp[~np.isnan(sp)] if d.kind == "f" else sp, n)
    elif case == "few_specials":
        # a few distinct keys, the extremes among them: the pivot is often the smallest key
        # (the split at the next key: nextafter for float64 sorted as doubles) or the largest
        # (inf); one sign of zero, so floats stay on the vectorised path
        sp = specials(dtype)
        if d.kind == "f":
            sp = sp[~np.isnan(sp) & (sp.view(u) != 0)]
        a = rng.choice(sp, n)
    for descending in (False, True):
        check(a, descending)


@pytest.mark.parametrize("dtype", DTYPES)
def test_strided_lanes_and_rows(dtype):
    rng = np.random.default_rng(2)
    d = np.dtype(dtype)
    a = rng.integers(-1000, 1000, (300, 7)).astype(d)
    got = np.asarray(pc.sort(pc.asarray(a), axis=0))
    np.testing.assert_array_equal(got, np.sort(a, axis=0, kind="stable"))
    t = pc.asarray(a.T.copy())
    out = np.asarray(pc.sort(t, axis=1, descending=True))
    np.testing.assert_array_equal(out, -np.sort(-a.T.astype(np.float64), axis=1).astype(d)
                                  if d.kind != "u" else np.sort(a.T, axis=1)[:, ::-1])


def stable_argsort(a, descending):
    """NumPy's stable argsort, NaN last in both orders, ties (and -0.0 / 0.0) in input order."""
    if a.dtype.kind == "f":
        nan = np.isnan(a)
        key = np.where(nan, 0, -a if descending else a)
        return np.lexsort((np.arange(a.size), key, nan))
    if descending:
        key = ~a.view(UINT[a.itemsize]) if a.dtype.kind == "u" else ~a
        return np.argsort(key, kind="stable")
    return np.argsort(a, kind="stable")


@pytest.mark.parametrize("dtype", ["int64", "uint64", "float64"])
@pytest.mark.parametrize("case", ["random", "ties", "cluster", "nans", "zeros", "near"])
def test_argsort_64bit_keys(dtype, case):
    """The indices of 64-bit keys come from the vectorised quicksort on packed (key, index)
    words: stable ties, keys that differ below the packed resolution (runs put in order, or
    the radix sort taking over when a dense cluster sits far from an outlier), NaN, -0.0."""
    rng = np.random.default_rng(5)
    d = np.dtype(dtype)
    n = 50_001
    u = UINT[8]
    a = rng.integers(0, np.iinfo(u).max, n, dtype=u, endpoint=True).view(d)
    if d.kind == "f":
        a = rng.standard_normal(n)
    if case == "ties":
        a = a[rng.integers(0, 40, n)]
    elif case == "cluster":
        a = (rng.integers(0, 1000, n) if d.kind != "f" else rng.integers(0, 50, n) * 1e-300)
        a = a.astype(d)
        a[:2] = (np.iinfo(d).min, np.iinfo(d).max) if d.kind != "f" else (-1e300, 1e300)
    elif case == "nans" and d.kind == "f":
        a[::5] = np.nan
        a[3::11] = np.inf
    elif case == "zeros" and d.kind == "f":
        a[::7] = -0.0
        a[2::7] = 0.0
    elif case == "near":
        a = (np.repeat(rng.integers(0, 1 << 40, n // 4 + 1), 4)[:n] << 20 if d.kind != "f"
             else 1.0 + rng.standard_normal(n) * 1e-12).astype(d)
        a[:4] = a[:4] | 1 if d.kind != "f" else a[:4]
    for descending in (False, True):
        got = np.asarray(pc.argsort(pc.asarray(a), descending=descending))
        np.testing.assert_array_equal(got, stable_argsort(a, descending))
