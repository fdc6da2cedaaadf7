"""unique_all, unique_counts, unique_inverse, unique_values and isin against NumPy: every
dtype, layouts, NaN (each distinct) and signed zeros (one value), 0-size inputs, scalars."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from red_helpers import np_and_pc_any as np_and_pc
from strategies import NUMPY_DTYPES, assert_equal

SMALL = {"min_value": -3, "max_value": 3}


def elements_for(dtype):
    return SMALL if np.dtype(dtype).kind in "iufc" else None


@given(data=st.data())
def test_unique_all_matches_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    a, t = data.draw(np_and_pc(dtype, elements=elements_for(dtype)))
    r = pc.unique_all(t)
    flat = a.ravel()
    # NumPy with equal_nan=False: each NaN its own value, like the standard
    vals, idx, inv, cnt = np.unique(flat, return_index=True, return_inverse=True,
                                    return_counts=True, equal_nan=False)
    np.testing.assert_array_equal(np.asarray(r.values), vals)
    assert r.values.dtype == t.dtype
    assert_equal(r.counts, cnt.astype(np.int64))
    assert r.inverse_indices.shape == a.shape
    # indices: first occurrence of each value (NaN: its own position)
    got_idx = np.asarray(r.indices)
    for v, i in zip(np.asarray(r.values), got_idx):
        if v != v:
            assert flat[i] != flat[i]
        else:
            assert i == np.flatnonzero(flat == v)[0]
    rebuilt = np.asarray(r.values)[np.asarray(r.inverse_indices)]
    np.testing.assert_array_equal(rebuilt, a)


@given(data=st.data())
def test_unique_counts_inverse_values(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    a, t = data.draw(np_and_pc(dtype, elements=elements_for(dtype)))
    v = pc.unique_values(t)
    want = np.unique(a.ravel(), equal_nan=False)
    np.testing.assert_array_equal(np.asarray(v), want)
    c = pc.unique_counts(t)
    assert c.values.shape == c.counts.shape
    assert int(pc.sum(c.counts)) == a.size
    i = pc.unique_inverse(t)
    np.testing.assert_array_equal(np.asarray(i.values)[np.asarray(i.inverse_indices)], a)


def test_nan_and_signed_zero_rules():
    a = np.array([np.nan, 0.0, -0.0, np.nan, 1.0, 0.0])
    r = pc.unique_all(pc.asarray(a))
    vals = np.asarray(r.values)
    assert np.isnan(vals).sum() == 2
    assert (vals == 0).sum() == 1
    counts = dict(zip([str(v) for v in vals], np.asarray(r.counts)))
    assert counts["0.0"] == 3 or counts["-0.0"] == 3
    assert list(np.asarray(r.counts)[np.isnan(vals)]) == [1, 1]
    c = np.array([complex(0, np.nan), 1 + 1j, 1 + 1j, complex(np.nan, 0)])
    rc = pc.unique_counts(pc.asarray(c))
    assert rc.values.shape == (3,)
    assert list(np.asarray(rc.counts)) == [2, 1, 1]


def test_unique_named_tuples_and_empty():
    r = pc.unique_all(pc.zeros((0, 3), dtype=pc.int32))
    assert r._fields == ("values", "indices", "inverse_indices", "counts")
    assert r.values.shape == (0,) and r.inverse_indices.shape == (0, 3)
    assert pc.unique_inverse(pc.asarray([1]))._fields == ("values", "inverse_indices")
    assert pc.unique_counts(pc.asarray(5)).values.shape == (1,)
    values, counts = pc.unique_counts(pc.asarray([2, 2, 1]))
    assert_equal(values, np.array([1, 2]))
    assert_equal(counts, np.array([1, 2]))


def test_unique_bfloat16():
    t = pc.asarray([1.5, -2.0, 1.5, 3.0]).astype(pc.bfloat16)
    v = pc.unique_values(t)
    assert v.dtype == pc.bfloat16
    np.testing.assert_array_equal(np.asarray(v.astype(pc.float32)), [-2.0, 1.5, 3.0])


@given(data=st.data())
def test_isin_matches_numpy(data):
    d1 = data.draw(st.sampled_from(NUMPY_DTYPES))
    d2 = data.draw(st.sampled_from([d for d in NUMPY_DTYPES if
                                    (np.dtype(d).kind in "iub") == (np.dtype(d1).kind in "iub")
                                    and not ({np.dtype(d).kind, np.dtype(d1).kind} ==
                                             {"u", "i"} and "uint64" in (d, d1))]))
    a, t1 = data.draw(np_and_pc(d1, elements=elements_for(d1)))
    b, t2 = data.draw(np_and_pc(d2, elements=elements_for(d2)))
    invert = data.draw(st.booleans())
    out = pc.isin(t1, t2, invert=invert)
    common = np.result_type(a.dtype, b.dtype)
    want = np.isin(a.astype(common), b.astype(common).ravel(), invert=invert)
    assert_equal(out, want)


def test_isin_scalars_and_nan():
    assert bool(pc.isin(3, pc.asarray([1, 2, 3])))
    out = pc.isin(pc.asarray([1, 5]), 5)
    assert_equal(out, np.array([False, True]))
    assert pc.isin(3, pc.asarray([1])).shape == ()
    assert not bool(pc.isin(pc.asarray(np.nan), pc.asarray([np.nan])))
    assert bool(pc.isin(pc.asarray(-0.0), pc.asarray([0.0])))
    with pytest.raises(TypeError):
        pc.isin(pc.asarray([1], dtype=pc.uint64), pc.asarray([1], dtype=pc.int8))
