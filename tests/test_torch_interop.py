"""DLPack round trips with PyTorch (CPU build): values, dtypes, strides and shared memory.

Skipped when PyTorch is not installed (`make test` installs the CPU wheel, see the Makefile).
"""

from __future__ import annotations

import gc

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc

torch = pytest.importorskip("torch")

DTYPES = {
    "bool": torch.bool, "int8": torch.int8, "int16": torch.int16, "int32": torch.int32,
    "int64": torch.int64, "uint8": torch.uint8, "uint16": torch.uint16,
    "uint32": torch.uint32, "uint64": torch.uint64, "float16": torch.float16,
    "bfloat16": torch.bfloat16, "float32": torch.float32, "float64": torch.float64,
    "complex64": torch.complex64, "complex128": torch.complex128,
}


@st.composite
def torch_tensors(draw):
    """A torch tensor of any dtype with a drawn layout (transposed, sliced, expanded)."""
    name = draw(st.sampled_from(sorted(DTYPES)))
    shape = draw(st.lists(st.integers(0, 4), min_size=0, max_size=3))
    n = int(np.prod(shape)) if shape else 1
    base = torch.arange(n, dtype=torch.int64).reshape(shape)
    base = (base % 2 if name == "bool" else base % 100).to(DTYPES[name])
    kind = draw(st.sampled_from(["c", "transposed", "stepped", "expanded", "offset"]))
    if kind == "transposed" and base.ndim >= 2:
        base = base.mT.contiguous().mT
    elif kind == "stepped" and base.ndim >= 1:
        base = torch.repeat_interleave(base, 2, dim=0)[::2]
    elif kind == "expanded":
        base = base.unsqueeze(0).expand(3, *base.shape)
    elif kind == "offset" and base.numel() > 0:
        # a view that does not start at its storage's first element
        flat = torch.cat([base.reshape(-1)[:1], base.reshape(-1)])
        base = flat[1:].reshape(base.shape)
    return name, base


def same_values(p, t) -> bool:
    back = torch.from_dlpack(p)
    return back.dtype == t.dtype and back.shape == t.shape and torch.equal(back, t)


@given(torch_tensors())
def test_torch_to_paddle_c_shares_memory(case):
    name, t = case
    p = pc.from_dlpack(t)
    assert p.dtype == getattr(pc, name)
    assert p.shape == tuple(t.shape)
    if t.numel() > 1:
        item = t.element_size()
        assert all(n <= 1 or s == ts * item
                   for n, s, ts in zip(t.shape, p.strides, t.stride()))
    assert same_values(p, t)
    if t.numel():
        assert torch.from_dlpack(p).data_ptr() == t.data_ptr()


@given(torch_tensors())
def test_asarray_of_torch_tensors(case):
    name, t = case
    p = pc.asarray(t)
    assert p.dtype == getattr(pc, name) and same_values(p, t)
    if t.numel():
        assert torch.from_dlpack(p).data_ptr() == t.data_ptr()


@pytest.mark.parametrize("name", sorted(DTYPES))
def test_paddle_c_to_torch_every_dtype(name):
    a = np.arange(12).reshape(3, 4)[:, ::2]
    a = a % 2 if name == "bool" else a
    p = pc.asarray(a.astype("float32" if name == "bfloat16" else name))
    if name == "bfloat16":
        p = p.astype(pc.bfloat16)
    t = torch.from_dlpack(p)
    assert t.dtype == DTYPES[name]
    assert tuple(t.shape) == p.shape
    expect = torch.from_numpy(np.ascontiguousarray(a)).to(DTYPES[name])
    assert torch.equal(t, expect)
    assert pc.from_dlpack(t).strides == p.strides


def test_writes_are_visible_both_ways():
    t = torch.zeros(2, 3)
    p = pc.from_dlpack(t)
    t.add_(2.0)
    assert p.tolist() == [[2.0] * 3] * 2
    a = np.arange(4.0)
    q = pc.asarray(a)
    u = torch.from_dlpack(q)
    u.mul_(10)
    assert q.tolist() == [0.0, 10.0, 20.0, 30.0]


def test_copy_keyword():
    t = torch.arange(5.0)
    c = pc.from_dlpack(t, copy=True)
    assert torch.from_dlpack(c).data_ptr() != t.data_ptr()
    t.add_(1)
    assert c.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    v = pc.from_dlpack(t, copy=False)
    assert torch.from_dlpack(v).data_ptr() == t.data_ptr()
    p = pc.arange(3.0)
    assert torch.from_dlpack(p, copy=True).data_ptr() != torch.from_dlpack(p).data_ptr()


def test_producer_lifetime():
    t = torch.arange(1000.0)
    ref = t.clone()
    p = pc.from_dlpack(t)
    del t
    gc.collect()
    assert torch.equal(torch.from_dlpack(p), ref)
    p2 = pc.arange(10.0)
    u = torch.from_dlpack(p2)
    del p2
    gc.collect()
    assert u.tolist() == [float(i) for i in range(10)]


def test_zero_size_and_zero_dim():
    assert pc.from_dlpack(torch.zeros(0, 3)).shape == (0, 3)
    assert float(pc.from_dlpack(torch.tensor(2.5))) == 2.5
    assert torch.from_dlpack(pc.zeros((2, 0))).shape == (2, 0)
    assert torch.from_dlpack(pc.asarray(3.0)).item() == 3.0


def test_torch_errors_propagate():
    with pytest.raises(BufferError, match="gradient"):
        pc.from_dlpack(torch.ones(2, requires_grad=True))


def test_numpy_torch_paddle_c_chain():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    p = pc.from_dlpack(torch.from_dlpack(pc.asarray(a)))
    assert np.shares_memory(np.from_dlpack(p), a)
