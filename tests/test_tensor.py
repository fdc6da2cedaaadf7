"""The Tensor object: attributes, Python conversions, printing, copies, pickling, NumPy."""

import copy
import inspect
import pickle
import weakref

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import paddle_c as pc
from strategies import ALL_DTYPES, NUMPY_DTYPES, assert_equal, np_and_pc, shapes


@given(shape=shapes(max_dims=5), name=st.sampled_from(ALL_DTYPES))
def test_attributes(shape, name):
    t = pc.zeros(shape, dtype=getattr(pc, name))
    assert t.shape == shape and isinstance(t.shape, tuple)
    assert t.ndim == len(shape) and t.size == int(np.prod(shape, dtype=np.int64))
    assert t.dtype == getattr(pc, name) and t.device == pc.Device("cpu")
    assert t.itemsize == t.dtype.itemsize and t.nbytes == t.size * t.itemsize
    assert t.T.shape == shape[::-1]
    if len(shape) >= 2:
        assert t.mT.shape == shape[:-2] + (shape[-1], shape[-2])
    else:
        with pytest.raises(ValueError):
            t.mT


@given(np_and_pc("float64", shape=shapes(min_dims=2, max_dims=4)))
def test_transposes_are_views(pair):
    a, t = pair
    assert_equal(t.T, a.T)
    assert_equal(t.mT, np.swapaxes(a, -1, -2))
    if a.size:
        assert np.shares_memory(np.asarray(t.T), a)


def test_paddle_attributes():
    t = pc.ones((2, 3))
    assert t.place == t.device and t.stop_gradient is True
    assert t.strides == (12, 4)


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_item_and_tolist(name):
    a = np.arange(6).reshape(2, 3) % 2 if name == "bool" else np.arange(6).reshape(2, 3)
    t = pc.asarray(a.tolist(), dtype=getattr(pc, name))
    lst = t.tolist()
    assert lst == np.asarray(a).astype("float32" if name == "bfloat16" else name).tolist()
    kinds = {"b": bool, "i": int, "u": int, "f": float, "c": complex}
    assert type(lst[0][0]) is kinds[t.dtype.kind]
    assert type(t[1][2].item() if False else pc.asarray(lst[1][2], dtype=t.dtype).item()) is kinds[
        t.dtype.kind]
    with pytest.raises(ValueError):
        t.item()
    assert pc.ones((1, 1, 1), dtype=t.dtype).item() == 1


def test_python_number_conversions():
    assert bool(pc.asarray(0.0)) is False and bool(pc.asarray([3])) is True
    assert int(pc.asarray(3.9)) == 3 and int(pc.asarray(-3.9)) == -3
    assert float(pc.asarray(2, dtype=pc.int8)) == 2.0
    assert complex(pc.asarray(1.5)) == 1.5 + 0j
    assert complex(pc.asarray(1 + 2j)) == 1 + 2j
    assert [10, 20, 30][pc.asarray(1)] == 20
    assert bool(pc.asarray(1j)) is True and bool(pc.asarray(0j)) is False
    with pytest.raises(ValueError, match="NaN|nan"):
        int(pc.asarray(float("nan")))
    with pytest.raises(OverflowError):
        int(pc.asarray(float("inf")))
    with pytest.raises(TypeError):
        int(pc.asarray(1j))
    with pytest.raises(TypeError):
        float(pc.asarray(1j))
    with pytest.raises(TypeError):
        [1][pc.asarray(0.0)]
    with pytest.raises(TypeError):
        [1][pc.asarray(True)]
    with pytest.raises(ValueError, match="one element"):
        bool(pc.ones(2))
    with pytest.raises(TypeError):
        float(pc.ones(0))
    with pytest.raises(TypeError):
        int(pc.ones(3))


def test_len_and_iteration():
    t = pc.asarray([[1, 2], [3, 4], [5, 6]])
    assert len(t) == 3
    rows = list(t)
    assert [r.tolist() for r in rows] == [[1, 2], [3, 4], [5, 6]]
    assert all(r.shape == (2,) for r in rows)
    with pytest.raises(TypeError):
        len(pc.asarray(1))
    with pytest.raises(TypeError):
        iter(pc.asarray(1)).__next__()
    assert list(pc.ones((0, 3))) == []


def test_repr_paddle_style():
    t = pc.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    r = repr(t)
    assert r.startswith("Tensor(shape=[2, 3], dtype=float32, place=Place(cpu),")
    assert "[[1., 2., 3.]," in r and "[4., 5., 6.]])" in r
    assert str(t) == r
    assert repr(pc.asarray(5)).endswith("5)")
    assert "True" in repr(pc.asarray([True, False]))
    assert "..." in repr(pc.arange(5000))
    for name in ALL_DTYPES:
        repr(pc.ones((2, 2), dtype=getattr(pc, name)))
    assert "[]" in repr(pc.ones((0,)))


@given(np_and_pc(st.sampled_from(NUMPY_DTYPES), shape=shapes(max_dims=3)))
def test_copies(pair):
    a, t = pair
    for c in (copy.copy(t), copy.deepcopy(t), t.__copy__()):
        assert_equal(c, a)
        if a.size:
            assert not np.shares_memory(np.asarray(c), a)


@pytest.mark.parametrize("name", ALL_DTYPES)
def test_pickle(name):
    base = pc.asarray(np.arange(24).reshape(2, 3, 4) % 2).astype(getattr(pc, name))
    for t in (base, base.T, base.mT, pc.zeros((0, 3), dtype=getattr(pc, name)),
              pc.ones((), dtype=getattr(pc, name))):
        u = pickle.loads(pickle.dumps(t))
        assert u.dtype == t.dtype and u.shape == t.shape and u.tolist() == t.tolist()


def test_weakref():
    t = pc.ones(2)
    r = weakref.ref(t)
    assert r() is t
    del t
    assert r() is None


@pytest.mark.parametrize("name", NUMPY_DTYPES)
def test_buffer_protocol(name):
    t = pc.ones((2, 3), dtype=getattr(pc, name))
    m = memoryview(t)
    assert m.shape == (2, 3) and m.itemsize == t.itemsize and not m.readonly
    assert np.asarray(m).dtype == np.dtype(name)
    mt = memoryview(t.T)
    assert mt.strides == tuple(t.T.strides) and not mt.c_contiguous


def test_buffer_errors():
    with pytest.raises(BufferError, match="bfloat16"):
        memoryview(pc.ones(2, dtype=pc.bfloat16))
    with pytest.raises((BufferError, TypeError), match="bfloat16"):
        np.asarray(pc.ones(2, dtype=pc.bfloat16))
    assert bytes(pc.asarray([1, 2], dtype=pc.uint8)) == b"\x01\x02"


def test_dunder_array():
    t = pc.asarray([1.0, 2.0], dtype=pc.float64)
    a = t.__array__()
    assert np.shares_memory(a, np.asarray(t))
    assert t.__array__(dtype=np.float32).dtype == np.float32
    assert not np.shares_memory(t.__array__(copy=True), a)
    with pytest.raises(ValueError):
        t.__array__(dtype=np.float32, copy=False)
    assert np.array(t).tolist() == [1.0, 2.0]


def test_numpy_method_copies_and_handles_bfloat16():
    t = pc.asarray([1.0, 2.0])
    a = t.numpy()
    a[0] = 5
    assert t.tolist() == [1.0, 2.0]
    bits = pc.asarray([1.0, -2.0], dtype=pc.bfloat16).numpy()
    assert bits.dtype == np.uint16 and bits.tolist() == [0x3F80, 0xC000]


def test_numpy_defers_binary_operators():
    assert pc.Tensor.__array_priority__ >= 1000


@pytest.mark.parametrize("version", [None, "2021.12", "2022.12", "2023.12", "2024.12", "2025.12"])
def test_array_namespace(version):
    assert pc.ones(1).__array_namespace__(api_version=version) is pc


@pytest.mark.parametrize("bad", ["2020.10", "2026.12", "", 2023])
def test_array_namespace_rejects(bad):
    with pytest.raises(ValueError):
        pc.ones(1).__array_namespace__(api_version=bad)


def test_to_device():
    t = pc.ones(2)
    assert t.to_device("cpu") is t and t.to_device(pc.Device("cpu")) is t
    with pytest.raises(ValueError, match="stream"):
        t.to_device("cpu", stream=1)
    with pytest.raises(ValueError):
        t.to_device("nowhere")


def test_devices():
    d = pc.Device("cpu")
    assert d == pc.Device("cpu") and hash(d) == hash(pc.Device("cpu"))
    assert str(d) == "cpu" and repr(d) == "Device('cpu')" and d.type == "cpu" and d.index == 0
    assert pickle.loads(pickle.dumps(d)) == d
    assert d != "cpu"


def test_tensor_constructor():
    t = pc.Tensor([1, 2], dtype=pc.int8)
    assert t.dtype == pc.int8 and t.tolist() == [1, 2]
    a = np.ones(2)
    assert not np.shares_memory(np.asarray(pc.Tensor(a)), a)


def test_method_signatures():
    sig = inspect.signature(pc.Tensor.astype)
    assert str(sig) == "(self, dtype, /, *, copy=True, device=None)"
    assert str(inspect.signature(pc.Tensor.to_device)) == "(self, device, /, *, stream=None)"
    assert str(inspect.signature(pc.Tensor.__array_namespace__)) == "(self, /, *, api_version=None)"
