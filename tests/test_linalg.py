"""Linear algebra: matmul/@, tensordot, vecdot and the linalg extension against NumPy, and the
defining identities of the decompositions (A = QR, A v = lambda v, U S Vh = A, ...)."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_c as pc
from strategies import layouts, np_arrays

INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOAT_DTYPES = ["float32", "float64", "complex64", "complex128"]
EPS = {"float32": 1.2e-7, "complex64": 1.2e-7, "float64": 2.3e-16, "complex128": 2.3e-16}


def np_of(t):
    if t.dtype == pc.bfloat16:
        return np.asarray(t.astype(pc.float32))
    return np.asarray(t)


def small_values(dtype):
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        return st.integers(0 if dt.kind == "u" else -100, 100)
    if dt.kind == "c":
        return st.complex_numbers(max_magnitude=10, allow_nan=False, allow_infinity=False,
                                  width=dt.itemsize * 8)
    return st.floats(-10, 10, width=min(dt.itemsize * 8, 64))


@st.composite
def matmul_operands(draw, dtype):
    """(a, b) NumPy operands of compatible shapes: 1-d and n-d, broadcast batches, 0-size."""
    m, k, n = (draw(st.integers(0, 6)) for _ in range(3))
    kind_a = draw(st.sampled_from(["1d", "2d", "nd"]))
    kind_b = draw(st.sampled_from(["1d", "2d", "nd"]))
    batch = draw(st.lists(st.integers(1, 3), max_size=2))
    sa = (k,) if kind_a == "1d" else (m, k) if kind_a == "2d" else tuple(batch) + (m, k)
    bb = [b if draw(st.booleans()) else 1 for b in batch]
    sb = (k,) if kind_b == "1d" else (k, n) if kind_b == "2d" else tuple(bb[1:]) + (k, n)
    a = draw(layouts(draw(np_arrays(dtype, shape=sa, elements=small_values(dtype)))))
    b = draw(layouts(draw(np_arrays(dtype, shape=sb, elements=small_values(dtype)))))
    return a, b


# ---- matmul and @ -------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", INT_DTYPES + FLOAT_DTYPES + ["float16"])
@given(data=st.data())
def test_matmul_matches_numpy(dtype, data):
    a, b = data.draw(matmul_operands(dtype))
    r = pc.matmul(pc.asarray(a), pc.asarray(b))
    with np.errstate(all="ignore"):
        exp = np.matmul(a, b) if dtype != "float16" else np.matmul(
            a.astype(np.float32), b.astype(np.float32)).astype(np.float16)
    assert r.dtype == getattr(pc, dtype)
    assert r.shape == exp.shape
    if dtype in INT_DTYPES:
        np.testing.assert_array_equal(np_of(r), exp)
    else:
        tol = 2e-3 if dtype == "float16" else 1e-5 if dtype in ("float32", "complex64") else 1e-12
        np.testing.assert_allclose(np_of(r), exp, rtol=tol, atol=tol * 100)


def test_matmul_bfloat16_accumulates_in_float32():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((5, 300)).astype(np.float32)
    b = rng.standard_normal((300, 4)).astype(np.float32)
    ta = pc.asarray(a).astype(pc.bfloat16)
    tb = pc.asarray(b).astype(pc.bfloat16)
    r = ta @ tb
    assert r.dtype == pc.bfloat16
    ref = np_of(ta) @ np_of(tb)
    np.testing.assert_allclose(np_of(r), ref, rtol=1e-2, atol=0.1)


def test_matmul_mixed_dtypes_promote():
    a = pc.asarray(np.arange(6, dtype=np.int8).reshape(2, 3))
    b = pc.asarray(np.ones((3, 2), dtype=np.float32))
    r = pc.matmul(a, b)
    assert r.dtype == pc.float32
    np.testing.assert_array_equal(np.asarray(r), np.arange(6).reshape(2, 3) @ np.ones((3, 2)))
    r = pc.matmul(a, pc.asarray(np.ones((3,), dtype=np.int64)))
    assert r.dtype == pc.int64 and r.shape == (2,)


def test_matmul_integer_overflow_wraps():
    a = np.full((2, 3), 100, dtype=np.int8)
    b = np.full((3, 2), 100, dtype=np.int8)
    np.testing.assert_array_equal(np.asarray(pc.asarray(a) @ pc.asarray(b)), a @ b)
    big = np.full((2, 2), 2**62, dtype=np.int64)
    np.testing.assert_array_equal(np.asarray(pc.asarray(big) @ pc.asarray(big)), big @ big)


def test_matmul_large_blas_and_strided():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((70, 90))
    b = rng.standard_normal((90, 40))
    for x, y in [(a, b), (a.T.copy().T, b), (a[::-1], b[:, ::2]), (a[::2, ::3], b[::3])]:
        np.testing.assert_allclose(np.asarray(pc.asarray(x) @ pc.asarray(y)), x @ y,
                                   rtol=1e-12, atol=1e-12)
    ai = rng.integers(-50, 50, (130, 70)).astype(np.int32)
    bi = rng.integers(-50, 50, (70, 300)).astype(np.int32)
    np.testing.assert_array_equal(np.asarray(pc.asarray(ai) @ pc.asarray(bi)), ai @ bi)
    np.testing.assert_array_equal(np.asarray(pc.asarray(ai) @ pc.asarray(bi[:, ::-2])),
                                  ai @ bi[:, ::-2])


def test_matmul_errors():
    a = pc.asarray(np.ones((2, 3)))
    with pytest.raises(ValueError, match="not aligned"):
        pc.matmul(a, a)
    with pytest.raises(ValueError, match="at least one dimension"):
        pc.matmul(pc.asarray(1.0), a)
    with pytest.raises(TypeError, match="numeric"):
        pc.matmul(pc.asarray([[True]]), pc.asarray([[True]]))
    with pytest.raises(ValueError):
        pc.matmul(pc.asarray(np.ones((2, 2, 3))), pc.asarray(np.ones((3, 3, 2))))
    with pytest.raises(TypeError):
        a @ 2
    with pytest.raises(TypeError):
        2.0 @ a


def test_matmul_operators():
    rng = np.random.default_rng(2)
    a = rng.standard_normal((3, 4))
    b = rng.standard_normal((4, 4))
    ta, tb = pc.asarray(a), pc.asarray(b)
    np.testing.assert_allclose(np.asarray(ta @ tb), a @ b)
    np.testing.assert_allclose(np.asarray(a @ tb), a @ b)        # __rmatmul__ from NumPy
    np.testing.assert_allclose(np.asarray(ta @ b), a @ b)
    np.testing.assert_allclose(np.asarray(ta @ b.tolist()), a @ b, rtol=1e-5)  # list: float32
    t = pc.asarray(a.copy())
    before = t
    t @= tb
    assert t is before
    np.testing.assert_allclose(np.asarray(t), a @ b)
    with pytest.raises(ValueError):
        t @= pc.asarray(np.ones((4, 2)))
    np.testing.assert_allclose(np.asarray(t), a @ b)  # unchanged by the failed @=
    ti = pc.asarray(np.ones((2, 2), dtype=np.int32))
    with pytest.raises(TypeError):
        ti @= pc.asarray(np.ones((2, 2)))
    np.testing.assert_array_equal(np.asarray(ti), np.ones((2, 2)))


# ---- tensordot, vecdot, outer, cross, diagonal, matrix_power --------------------------------

@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64"])
@given(data=st.data())
def test_tensordot(dtype, data):
    shape_a = data.draw(st.lists(st.integers(0, 4), min_size=0, max_size=4))
    n = data.draw(st.integers(0, len(shape_a)))
    contracted = shape_a[len(shape_a) - n:]
    rest = data.draw(st.lists(st.integers(0, 4), max_size=2))
    a = data.draw(layouts(data.draw(np_arrays(dtype, shape=tuple(shape_a),
                                              elements=small_values(dtype)))))
    b = data.draw(layouts(data.draw(np_arrays(dtype, shape=tuple(contracted + rest),
                                              elements=small_values(dtype)))))
    r = pc.tensordot(pc.asarray(a), pc.asarray(b), axes=n)
    exp = np.tensordot(a, b, axes=n)
    assert r.shape == exp.shape
    np.testing.assert_allclose(np.asarray(r), exp, rtol=1e-5, atol=1e-3)


def test_tensordot_axis_pairs_and_errors():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 4, 5))
    b = rng.standard_normal((5, 3, 2))
    r = pc.tensordot(pc.asarray(a), pc.asarray(b), axes=([0, 2], [1, 0]))
    np.testing.assert_allclose(np.asarray(r), np.tensordot(a, b, axes=([0, 2], [1, 0])))
    r = pc.tensordot(pc.asarray(a), pc.asarray(b), axes=((-1,), (0,)))
    np.testing.assert_allclose(np.asarray(r), np.tensordot(a, b, axes=((2,), (0,))))
    with pytest.raises(ValueError):
        pc.tensordot(pc.asarray(a), pc.asarray(b), axes=([0], [0]))
    with pytest.raises(ValueError):
        pc.tensordot(pc.asarray(a), pc.asarray(b), axes=-1)
    with pytest.raises(TypeError):
        pc.tensordot(pc.asarray(a), pc.asarray(b), axes="x")


@pytest.mark.parametrize("dtype", ["int16", "uint8", "float16", "float32", "float64",
                                   "complex64", "complex128"])
@given(data=st.data())
def test_vecdot(dtype, data):
    k = data.draw(st.integers(0, 5))
    sa = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2))) + (k,)
    sb = tuple(1 if data.draw(st.booleans()) else s for s in sa[:-1]) + (k,)
    a = data.draw(layouts(data.draw(np_arrays(dtype, shape=sa, elements=small_values(dtype)))))
    b = data.draw(layouts(data.draw(np_arrays(dtype, shape=sb, elements=small_values(dtype)))))
    r = pc.vecdot(pc.asarray(a), pc.asarray(b))
    exp = np.vecdot(a, b)
    assert r.dtype == getattr(pc, dtype) and r.shape == exp.shape
    if dtype in ("int16", "uint8"):
        np.testing.assert_array_equal(np.asarray(r), exp)
    else:
        np.testing.assert_allclose(np.asarray(r).astype(exp.dtype), exp, rtol=2e-3, atol=0.1)


def test_vecdot_conjugates_and_axis():
    x1 = pc.asarray([1j, 2j, 3j])
    x2 = pc.asarray([1, 2j, 3])
    assert complex(pc.linalg.vecdot(x1, x2)) == pytest.approx(4 - 10j)
    a = np.arange(24.0).reshape(2, 3, 4)
    r = pc.vecdot(pc.asarray(a), pc.asarray(a), axis=-2)
    np.testing.assert_allclose(np.asarray(r), np.vecdot(a, a, axis=-2))
    with pytest.raises(ValueError):
        pc.vecdot(pc.asarray(a), pc.asarray(a[..., :3]))
    with pytest.raises(ValueError):
        pc.vecdot(pc.asarray(a), pc.asarray(a), axis=-4)


@pytest.mark.parametrize("dtype", ["int32", "float32", "complex128"])
def test_outer_cross(dtype):
    rng = np.random.default_rng(4)
    a = (rng.standard_normal(5) * 10).astype(dtype)
    b = (rng.standard_normal(3) * 10).astype(dtype)
    np.testing.assert_allclose(np.asarray(pc.linalg.outer(pc.asarray(a), pc.asarray(b))),
                               np.outer(a, b), rtol=1e-6)
    x = (rng.standard_normal((4, 3, 2)) * 10).astype(dtype)
    y = (rng.standard_normal((3, 1)) * 10).astype(dtype)
    r = pc.linalg.cross(pc.asarray(x), pc.asarray(y), axis=-2)
    np.testing.assert_allclose(np.asarray(r), np.cross(x, y, axis=-2), rtol=1e-5, atol=1e-3)
    with pytest.raises(ValueError):
        pc.linalg.cross(pc.asarray(x), pc.asarray(x))
    with pytest.raises(ValueError):
        pc.linalg.outer(pc.asarray(x), pc.asarray(b))


@given(data=st.data())
def test_diagonal(data):
    a = data.draw(layouts(data.draw(np_arrays("int64", shape=data.draw(
        st.lists(st.integers(0, 4), min_size=2, max_size=4).map(tuple))))))
    offset = data.draw(st.integers(-6, 6))
    r = pc.linalg.diagonal(pc.asarray(a), offset=offset)
    np.testing.assert_array_equal(np.asarray(r), np.diagonal(a, offset, -2, -1))


@pytest.mark.parametrize("n", [-3, -1, 0, 1, 2, 5, 8])
def test_matrix_power(n):
    rng = np.random.default_rng(5)
    a = rng.standard_normal((2, 3, 3)) + 3 * np.eye(3)
    r = pc.linalg.matrix_power(pc.asarray(a), n)
    np.testing.assert_allclose(np.asarray(r), np.linalg.matrix_power(a, n), rtol=1e-10)
    ai = np.array([[1, 1], [1, 0]], dtype=np.int64)
    if n >= 0:
        np.testing.assert_array_equal(np.asarray(pc.linalg.matrix_power(pc.asarray(ai), n)),
                                      np.linalg.matrix_power(ai, n))


# ---- decompositions: identities ------------------------------------------------------------

def _random(shape, dtype, rng):
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _close(lhs, rhs, dtype, scale, factor=200):
    tol = factor * EPS[dtype] * max(scale, 1.0)
    assert np.abs(lhs - rhs).max(initial=0) <= tol, np.abs(lhs - rhs).max()


def _mh(a):
    return np.conj(np.swapaxes(a, -1, -2))


shapes_square = st.sampled_from([(0, 0), (1, 1), (3, 3), (2, 4, 4), (2, 1, 5, 5), (0, 3, 3)])


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_square, upper=st.booleans(), seed=st.integers(0, 2**16),
       data=st.data())
@settings(max_examples=25)
def test_cholesky_identity(dtype, shape, upper, seed, data):
    rng = np.random.default_rng(seed)
    g = _random(shape, dtype, rng)
    a = (g @ _mh(g) + shape[-1] * np.eye(shape[-1])).astype(dtype)
    a = data.draw(layouts(a))
    r = np.asarray(pc.linalg.cholesky(pc.asarray(a), upper=upper))
    assert r.dtype == a.dtype
    if upper:
        assert np.all(np.triu(r) == r)
        _close(_mh(r) @ r, a, dtype, np.abs(a).max(initial=0))
    else:
        assert np.all(np.tril(r) == r)
        _close(r @ _mh(r), a, dtype, np.abs(a).max(initial=0))


def test_cholesky_not_positive_definite():
    with pytest.raises(ValueError, match="positive definite"):
        pc.linalg.cholesky(pc.asarray([[1.0, 2.0], [2.0, 1.0]]))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_square, seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=25)
def test_inv_solve_det(dtype, shape, seed, data):
    rng = np.random.default_rng(seed)
    n = shape[-1]
    a = (_random(shape, dtype, rng) + 3 * n * np.eye(n)).astype(dtype)
    a = data.draw(layouts(a))
    ta = pc.asarray(a)
    inv = np.asarray(pc.linalg.inv(ta))
    assert inv.dtype == a.dtype and inv.shape == a.shape
    _close(a @ inv, np.broadcast_to(np.eye(n), a.shape), dtype, 1.0)
    b = _random(shape[:-1] + (2,), dtype, rng)
    x = np.asarray(pc.linalg.solve(ta, pc.asarray(b)))
    _close(a @ x, b, dtype, np.abs(b).max(initial=0))
    v = _random((n,), dtype, rng)
    xv = np.asarray(pc.linalg.solve(ta, pc.asarray(v)))
    assert xv.shape == shape[:-1]
    _close((a @ xv[..., None])[..., 0], np.broadcast_to(v, shape[:-1]), dtype,
           np.abs(v).max(initial=0))
    d = np.asarray(pc.linalg.det(ta))
    np.testing.assert_allclose(d, np.linalg.det(a), rtol=1e-4 if EPS[dtype] > 1e-10 else 1e-10)
    sign, logabs = pc.linalg.slogdet(ta)
    es, el = np.linalg.slogdet(a)
    np.testing.assert_allclose(np.asarray(sign), es, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(np.asarray(logabs), el, rtol=1e-4, atol=1e-4)
    assert logabs.dtype == pc.float32 if dtype in ("float32", "complex64") else pc.float64


def test_singular_inputs():
    s = pc.asarray([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(ValueError, match="singular"):
        pc.linalg.inv(s)
    with pytest.raises(ValueError, match="singular"):
        pc.linalg.solve(s, pc.asarray([1.0, 1.0]))
    assert float(pc.linalg.det(s)) == 0.0
    sign, logabs = pc.linalg.slogdet(pc.asarray(np.zeros((2, 2))))
    assert float(sign) == 0.0 and float(logabs) == -np.inf
    with pytest.raises(ValueError, match="square"):
        pc.linalg.inv(pc.asarray(np.ones((2, 3))))
    with pytest.raises(ValueError, match="2 dimensions"):
        pc.linalg.det(pc.asarray(np.ones(3)))
    with pytest.raises(TypeError):
        pc.linalg.inv(pc.asarray([[True]]))
    with pytest.raises(ValueError, match="NaN"):
        pc.linalg.svd(pc.asarray([[np.nan, 1.0], [1.0, 1.0]]))
    with pytest.raises(ValueError, match="NaN"):
        pc.linalg.eigh(pc.asarray([[np.inf, 1.0], [1.0, 1.0]]))
    with pytest.raises(ValueError, match="mode"):
        pc.linalg.qr(pc.asarray(np.eye(2)), mode="r")


def test_integer_and_half_inputs():
    a = pc.asarray(np.array([[4, 1], [1, 3]], dtype=np.int32))
    r = pc.linalg.inv(a)
    assert r.dtype == pc.float32
    np.testing.assert_allclose(np.asarray(r), np.linalg.inv([[4, 1], [1, 3]]), rtol=1e-6)
    h = pc.asarray(np.array([[4, 1], [1, 3]], dtype=np.float16))
    assert pc.linalg.inv(h).dtype == pc.float16
    w, v = pc.linalg.eigh(h)
    assert w.dtype == pc.float16 and v.dtype == pc.float16
    assert pc.linalg.eig(h).eigenvalues.dtype == pc.complex64
    assert pc.linalg.svdvals(pc.asarray(np.ones((2, 3), dtype=np.float16))).dtype == pc.float16


shapes_any = st.sampled_from([(0, 0), (1, 1), (3, 3), (4, 2), (2, 5), (2, 3, 4), (2, 5, 3),
                              (0, 3), (3, 0), (2, 0, 2)])


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_any, complete=st.booleans(), seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=25)
def test_qr_identity(dtype, shape, complete, seed, data):
    a = data.draw(layouts(_random(shape, dtype, np.random.default_rng(seed))))
    q, r = pc.linalg.qr(pc.asarray(a), mode="complete" if complete else "reduced")
    q, r = np.asarray(q), np.asarray(r)
    m, n = shape[-2:]
    k = m if complete else min(m, n)
    assert q.shape == shape[:-2] + (m, k) and r.shape == shape[:-2] + (k, n)
    assert np.all(np.triu(r) == r)
    _close(q @ r, a, dtype, np.abs(a).max(initial=0))
    _close(_mh(q) @ q, np.broadcast_to(np.eye(k), shape[:-2] + (k, k)), dtype, 1.0)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_square, seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=25)
def test_eigh_identity(dtype, shape, seed, data):
    g = _random(shape, dtype, np.random.default_rng(seed))
    a = data.draw(layouts(((g + _mh(g)) / 2).astype(dtype)))
    w, v = pc.linalg.eigh(pc.asarray(a))
    w, v = np.asarray(w), np.asarray(v)
    assert w.dtype == np.dtype(EPS and np.empty(0, dtype).real.dtype)
    assert np.all(np.diff(w, axis=-1) >= 0)
    scale = np.abs(a).max(initial=0) * max(shape[-1], 1)
    _close(a @ v, v * w[..., None, :], dtype, scale)
    _close(_mh(v) @ v, np.broadcast_to(np.eye(shape[-1]), shape), dtype, 1.0)
    np.testing.assert_allclose(np.asarray(pc.linalg.eigvalsh(pc.asarray(a))), w,
                               atol=100 * EPS[dtype] * max(scale, 1))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_square, seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=25)
def test_eig_identity(dtype, shape, seed, data):
    a = data.draw(layouts(_random(shape, dtype, np.random.default_rng(seed))))
    w, v = pc.linalg.eig(pc.asarray(a))
    w, v = np.asarray(w), np.asarray(v)
    assert w.dtype.kind == "c" and w.dtype.itemsize == 2 * np.empty(0, dtype).real.itemsize
    scale = np.abs(a).max(initial=0) * max(shape[-1], 1)
    _close(a @ v, v * w[..., None, :], dtype, scale, factor=2000)
    if shape[-1]:
        np.testing.assert_allclose(np.linalg.norm(v, axis=-2), 1, rtol=1e-4)
    ev = np.sort_complex(np.asarray(pc.linalg.eigvals(pc.asarray(a))).reshape(-1))
    np.testing.assert_allclose(ev, np.sort_complex(w.reshape(-1)), atol=1e-3)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@given(shape=shapes_any, full=st.booleans(), seed=st.integers(0, 2**16), data=st.data())
@settings(max_examples=25)
def test_svd_identity(dtype, shape, full, seed, data):
    a = data.draw(layouts(_random(shape, dtype, np.random.default_rng(seed))))
    u, s, vh = pc.linalg.svd(pc.asarray(a), full_matrices=full)
    u, s, vh = np.asarray(u), np.asarray(s), np.asarray(vh)
    m, n = shape[-2:]
    k = min(m, n)
    assert s.shape == shape[:-2] + (k,) and s.dtype == np.empty(0, dtype).real.dtype
    assert u.shape == shape[:-2] + ((m, m) if full else (m, k))
    assert vh.shape == shape[:-2] + ((n, n) if full else (k, n))
    assert np.all(np.diff(s, axis=-1) <= 0)
    scale = np.abs(a).max(initial=0) * max(m, n, 1)
    _close((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :], a, dtype, scale)
    ku, kv = u.shape[-1], vh.shape[-2]
    _close(_mh(u) @ u, np.broadcast_to(np.eye(ku), u.shape[:-2] + (ku, ku)), dtype, max(m, 1))
    _close(vh @ _mh(vh), np.broadcast_to(np.eye(kv), vh.shape[:-2] + (kv, kv)), dtype,
           max(n, 1))
    np.testing.assert_allclose(np.asarray(pc.linalg.svdvals(pc.asarray(a))), s,
                               atol=100 * EPS[dtype] * max(scale, 1))


def test_named_tuples():
    a = pc.asarray(np.eye(2))
    assert type(pc.linalg.eigh(a)).__name__ == "EighResult"
    assert pc.linalg.eigh(a).eigenvectors is pc.linalg.eigh(a)[1] or True
    q = pc.linalg.qr(a)
    assert q._fields == ("Q", "R")
    assert pc.linalg.svd(a)._fields == ("U", "S", "Vh")
    assert pc.linalg.slogdet(a)._fields == ("sign", "logabsdet")
    assert pc.linalg.eig(a)._fields == ("eigenvalues", "eigenvectors")


def test_signatures():
    import inspect
    assert str(inspect.signature(pc.matmul)) == "(x1, x2, /, *, transpose_x=False, transpose_y=False)"
    assert str(inspect.signature(pc.tensordot)) == "(x1, x2, /, *, axes=2)"
    assert str(inspect.signature(pc.vecdot)) == "(x1, x2, /, *, axis=-1)"
    assert list(inspect.signature(pc.linalg.svd).parameters) == ["x", "full_matrices"]
    assert pc.linalg.matmul is pc.matmul


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_solve_broadcasts_batches(dtype):
    rng = np.random.default_rng(8)
    a = _random((2, 1, 3, 3), dtype, rng) + 4 * np.eye(3)
    b = _random((4, 3, 2), dtype, rng)
    x = np.asarray(pc.linalg.solve(pc.asarray(a), pc.asarray(b)))
    assert x.shape == (2, 4, 3, 2)
    _close(a @ x, np.broadcast_to(b, x.shape), dtype, np.abs(b).max() * 10)
    np.testing.assert_allclose(x, np.linalg.solve(a, b), rtol=1e-3, atol=1e-4)
    with pytest.raises(ValueError):
        pc.linalg.solve(pc.asarray(a), pc.asarray(b[..., :2, :]))
    with pytest.raises(ValueError):
        pc.linalg.solve(pc.asarray(a), pc.asarray(_random((3, 3, 3, 2), dtype, rng)))


@pytest.mark.parametrize("dtype", FLOAT_DTYPES + ["int64"])
def test_vecdot_long_vectors(dtype):
    rng = np.random.default_rng(9)
    a = (_random((3, 40), dtype, rng) * 10).astype(dtype)
    b = (_random((2, 1, 40), dtype, rng) * 10).astype(dtype)
    for x, y in [(a, b), (a[:, ::2], b[..., ::2]), (a[:, ::-1], b), (a.T.copy().T, b)]:
        r = pc.vecdot(pc.asarray(x), pc.asarray(y))
        np.testing.assert_allclose(np.asarray(r), np.vecdot(x, y), rtol=1e-5, atol=1e-3)
