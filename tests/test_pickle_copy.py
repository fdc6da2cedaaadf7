"""Pickling and copying tensors: every dtype, strided and negative-stride views, 0-size and 0-D,
all pickle protocols; the result is equal bit for bit, C-contiguous and independent."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES, layouts, np_arrays, shapes


def bits(t) -> bytes:
    """The elements' bytes in C order (bfloat16 through its bit patterns)."""
    return np.ascontiguousarray(t.numpy()).tobytes()


@st.composite
def tensors(draw):
    name = draw(st.sampled_from(ALL_DTYPES))
    a = draw(np_arrays("float32" if name == "bfloat16" else name,
                       shape=shapes(max_dims=4, max_side=4)))
    a = draw(layouts(a))
    t = pc.asarray(a)
    return t.astype(pc.bfloat16) if name == "bfloat16" else t


@given(tensors(), st.integers(0, pickle.HIGHEST_PROTOCOL))
def test_pickle_round_trip(t, protocol):
    u = pickle.loads(pickle.dumps(t, protocol=protocol))
    assert type(u) is pc.Tensor
    assert u.dtype == t.dtype and u.shape == t.shape and u.device == t.device
    assert bits(u) == bits(t)  # NaN payloads and signed zeros included
    if u.size > 1:
        assert np.asarray(u.astype(pc.float64) if u.dtype == pc.bfloat16 else u).flags.c_contiguous


@given(tensors())
def test_copies_are_equal_and_independent(t):
    for c in (copy.copy(t), copy.deepcopy(t), copy.deepcopy([t, t])[0]):
        assert c is not t and c.dtype == t.dtype and c.shape == t.shape
        assert bits(c) == bits(t)
        if t.size and t.dtype != pc.bfloat16:
            assert not np.shares_memory(np.asarray(c), np.asarray(t))


def test_unpickled_read_only_tensor_is_writable():
    a = np.arange(3.0)
    a.flags.writeable = False
    u = pickle.loads(pickle.dumps(pc.asarray(a)))
    assert np.asarray(u).flags.writeable


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_pickle_payload_is_compact(name):
    t = pc.zeros(1000, dtype=getattr(pc, name))
    itemsize = 2 if name == "bfloat16" else np.dtype(name).itemsize
    assert len(pickle.dumps(t, protocol=5)) < 1000 * itemsize + 200


def test_from_bytes_rejects_bad_input():
    fn = pc.Tensor.__reduce__(pc.zeros(2))[0]
    with pytest.raises((ValueError, TypeError)):
        fn(b"\x00" * 3, "float32", (2,))
    with pytest.raises((ValueError, TypeError)):
        fn(b"\x00" * 8, "float128", (2,))
