"""Paddle's names and spellings on paddle_c (docs/paddle.md), with NumPy as the oracle.

The keyword aliases of csrc/python/kwaliases.def, einsum, gather_nd, scatter (and the core's
index_add behind it), unique, nonzero(as_tuple=False), Paddle's Tensor methods and Place
queries, and the namespace paddle_c.paddle. These tests need no Paddle installed;
tests/test_paddle_parity.py compares with the real wheel.
"""

from __future__ import annotations

import inspect
import pathlib
import string

import numpy as np
import pytest
from hypothesis import given, strategies as st

import paddle_c as pc
import paddle_c.paddle as paddle
from strategies import ALL_DTYPES, NUMPY_DTYPES, assert_equal, layouts, np_arrays, shapes

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"

# ---- keyword aliases ----------------------------------------------------------------------

X = np.arange(1.0, 13.0, dtype=np.float32).reshape(3, 4)

# (function name, alias): (call with the alias, the same call with the standard's name)
ALIAS_CALLS = {
    ("concat", "x"): (lambda: pc.concat(x=[pc.asarray(X)] * 2, axis=1),
                      lambda: pc.concat(arrays=[pc.asarray(X)] * 2, axis=1)),
    ("stack", "x"): (lambda: pc.stack(x=[pc.asarray(X)] * 2),
                     lambda: pc.stack(arrays=[pc.asarray(X)] * 2)),
    ("tile", "repeat_times"): (lambda: pc.tile(pc.asarray(X), repeat_times=[2, 1]),
                               lambda: pc.tile(pc.asarray(X), repetitions=(2, 1))),
    ("roll", "shifts"): (lambda: pc.roll(pc.asarray(X), shifts=1, axis=0),
                         lambda: pc.roll(pc.asarray(X), shift=1, axis=0)),
    ("arange", "end"): (lambda: pc.arange(start=1, end=5), lambda: pc.arange(1, stop=5)),
    ("eye", "num_rows"): (lambda: pc.eye(num_rows=2), lambda: pc.eye(n_rows=2)),
    ("eye", "num_columns"): (lambda: pc.eye(2, num_columns=3), lambda: pc.eye(2, n_cols=3)),
    ("tril", "diagonal"): (lambda: pc.tril(pc.asarray(X), diagonal=1),
                           lambda: pc.tril(pc.asarray(X), k=1)),
    ("triu", "diagonal"): (lambda: pc.triu(pc.asarray(X), diagonal=-1),
                           lambda: pc.triu(pc.asarray(X), k=-1)),
    (None, "keepdim"): (lambda: pc.sum(pc.asarray(X), axis=1, keepdim=True),
                        lambda: pc.sum(pc.asarray(X), axis=1, keepdims=True)),
    (None, "keepdims"): (lambda: pc.asarray(X).sum(1, keepdims=True),
                         lambda: pc.asarray(X).sum(1, keepdim=True)),
    # NumPy's spelling of correction= (xarray calls nanvar(x, ddof=1))
    ("var", "ddof"): (lambda: pc.var(pc.asarray(X), ddof=1),
                      lambda: pc.var(pc.asarray(X), correction=1)),
    ("std", "ddof"): (lambda: pc.std(pc.asarray(X), ddof=1),
                      lambda: pc.std(pc.asarray(X), correction=1)),
    ("nanvar", "ddof"): (lambda: pc.nanvar(pc.asarray(X), ddof=1),
                         lambda: pc.nanvar(pc.asarray(X), correction=1)),
    ("nanstd", "ddof"): (lambda: pc.nanstd(pc.asarray(X), ddof=1),
                         lambda: pc.nanstd(pc.asarray(X), correction=1)),
    # Paddle 3's correction= on its var (the Tensor method's form)
    ("var", "correction"): (lambda: pc.asarray(X).var(1, correction=0),
                            lambda: pc.asarray(X).var(1, ddof=0)),
    # Paddle's names of the standard's positional-only operands, and name= (ignored)
    (None, "x"): (lambda: pc.sign(x=pc.asarray(X) - 5), lambda: pc.sign(pc.asarray(X) - 5)),
    (None, "y"): (lambda: pc.subtract(x=pc.asarray(X), y=pc.asarray(X[0])),
                  lambda: pc.subtract(pc.asarray(X), pc.asarray(X[0]))),
    (None, "name"): (lambda: pc.sum(pc.asarray(X), axis=1, name="row_sums"),
                     lambda: pc.sum(pc.asarray(X), axis=1)),
}


def test_every_alias_has_a_test_and_a_line_in_the_docs():
    table = pc._C._keyword_aliases()
    assert {(f, a) for f, a, _ in table} == set(ALIAS_CALLS)
    doc = (DOCS / "paddle.md").read_text()
    for _, alias, _ in table:
        assert f"{alias}=" in doc, alias


@pytest.mark.parametrize("key", sorted(ALIAS_CALLS, key=str))
def test_alias_equals_the_standard_spelling(key):
    with_alias, standard = ALIAS_CALLS[key]
    a, b = with_alias(), standard()
    assert a.dtype == b.dtype and a.shape == b.shape
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "max", "min", "all", "any", "argmax",
                                  "argmin", "var", "std", "count_nonzero", "nanmax"])
def test_keepdim_on_every_standard_reduction(name):
    t = pc.asarray(X)
    f = getattr(pc, name)
    assert_equal(f(t, axis=1, keepdim=True), np.asarray(f(t, axis=1, keepdims=True)))


def test_alias_errors():
    t = pc.asarray(X)
    with pytest.raises(TypeError, match="multiple values"):
        pc.sum(t, keepdim=True, keepdims=True)
    with pytest.raises(TypeError, match="multiple values"):
        pc.tile(t, (1, 1), repeat_times=[1, 1])
    with pytest.raises(TypeError, match="unexpected keyword argument 'keepdimz'"):
        pc.sum(t, keepdimz=True)
    # an alias of one function is not accepted by another
    with pytest.raises(TypeError, match="unexpected keyword argument 'shifts'"):
        pc.flip(t, shifts=1)
    # an operand given twice, once by Paddle's name; name= must be a str or None
    with pytest.raises(TypeError, match="multiple values"):
        pc.sign(t, x=t)
    with pytest.raises(TypeError, match="multiple values"):
        pc.add(t, t, y=t)
    with pytest.raises(TypeError, match="missing required argument 'x2'"):
        pc.add(x=t)
    with pytest.raises(TypeError, match="name must be a str or None, not int"):
        pc.sum(t, name=3)
    with pytest.raises(TypeError, match="at most 2 positional"):
        pc.add(t, t, t)


def test_operands_and_name_as_keywords_on_every_elementwise_function():
    t = pc.asarray([0.5, 1.0, 2.0], dtype=pc.float32)
    i = pc.asarray([1, 2, 3], dtype=pc.int32)
    for name in ("abs", "exp", "sqrt", "sign", "floor", "isnan", "logical_not", "neg"):
        f = getattr(pc, name)
        assert_equal(f(x=t, name=None), np.asarray(f(t)))
    for name in ("add", "multiply", "maximum", "atan2", "greater", "gt", "le", "remainder",
                 "floor_mod", "bitwise_and", "bitwise_left_shift"):
        f = getattr(pc, name)
        a = i if name.startswith("bitwise") else t
        assert_equal(f(x=a, y=a, name="n"), np.asarray(f(a, a)))
        assert_equal(f(a, y=a), np.asarray(f(a, a)))


def test_signatures_keep_the_standards_names():
    sig = {n: str(inspect.signature(getattr(pc, n))) for n in
           ["sum", "concat", "stack", "tile", "roll", "flip", "arange", "linspace", "eye",
            "tril", "matmul", "nonzero", "zeros", "full"]}
    assert sig["sum"] == "(x, /, *, axis=None, dtype=None, keepdims=False)"
    assert sig["concat"] == "(arrays, axis=0)"
    assert sig["stack"] == "(arrays, axis=0)"
    assert sig["tile"] == "(x, /, repetitions)"
    assert sig["roll"] == "(x, /, shift, axis=None)"
    assert sig["flip"] == "(x, /, axis=None)"
    assert sig["arange"] == "(start=0, stop=None, step=1, dtype=None, *, device=None)"
    assert sig["linspace"] == "(start, stop, num, dtype=None, *, device=None, endpoint=True)"
    assert sig["eye"] == "(n_rows, n_cols=None, dtype=None, *, k=0, device=None)"
    assert sig["tril"] == "(x, /, k=0)"
    assert sig["matmul"] == "(x1, x2, /, *, transpose_x=False, transpose_y=False)"
    assert sig["nonzero"] == "(x, /, *, as_tuple=True)"
    assert sig["zeros"] == "(shape, dtype=None, *, device=None)"
    assert sig["full"] == "(shape, fill_value, dtype=None, *, device=None)"


def test_positional_forms():
    t = pc.asarray(X)
    assert_equal(pc.concat([t, t], 1), np.concatenate([X, X], 1))
    assert_equal(pc.stack([t, t], 1), np.stack([X, X], 1))
    assert_equal(pc.flip(t, 0), X[::-1])
    assert_equal(pc.roll(t, 1, 0), np.roll(X, 1, 0))
    assert_equal(pc.triu(t, 1), np.triu(X, 1))
    assert_equal(pc.arange(0, 10, 3, "int32"), np.arange(0, 10, 3, dtype=np.int32))
    assert_equal(pc.arange(end=4), np.arange(4))
    assert_equal(pc.linspace(0, 1, 3, "float64"), np.linspace(0, 1, 3))
    assert_equal(pc.eye(2, 3, "int32"), np.eye(2, 3, dtype=np.int32))
    assert_equal(pc.zeros([2, 3], "float64"), np.zeros((2, 3)))
    assert_equal(pc.full([1], 4, "int32"), np.full(1, 4, np.int32))
    assert_equal(pc.zeros_like(t, "int32"), np.zeros((3, 4), np.int32))
    assert_equal(pc.full_like(t, 2, "int8"), np.full((3, 4), 2, np.int8))
    assert_equal(pc.tile(pc.asarray([1, 2]), repeat_times=pc.asarray([2, 2])),
                 np.tile([1, 2], (2, 2)))
    with pytest.raises(TypeError, match="missing required argument 'start'"):
        pc.arange()


# ---- matmul(transpose_x, transpose_y) and Paddle's Tensor methods -------------------------


@given(data=st.data())
def test_matmul_transposes(data):
    dt = data.draw(st.sampled_from(["float32", "float64", "int32", "complex64"]))
    m, k, n = (data.draw(st.integers(1, 4)) for _ in range(3))
    batch = data.draw(shapes(max_dims=2, min_side=1, max_side=3))
    tx, ty = data.draw(st.booleans()), data.draw(st.booleans())
    small = {"min_value": -9, "max_value": 9}
    a = data.draw(np_arrays("int8", shape=batch + ((k, m) if tx else (m, k)), elements=small))
    b = data.draw(np_arrays("int8", shape=(n, k) if ty else (k, n), elements=small))
    a, b = data.draw(layouts(a.astype(dt))), data.draw(layouts(b.astype(dt)))
    ref = np.matmul(np.swapaxes(a, -1, -2) if tx else a, b.T if ty else b)
    got = pc.matmul(pc.asarray(a), pc.asarray(b), transpose_x=tx, transpose_y=ty)
    assert_equal(got, ref, rtol=1e-4, atol=1e-4)
    assert_equal(pc.asarray(a).matmul(pc.asarray(b), tx, ty), ref, rtol=1e-4, atol=1e-4)


def test_matmul_transpose_leaves_vectors():
    v = pc.asarray([1.0, 2.0])
    assert_equal(pc.matmul(v, v, transpose_x=True, transpose_y=True), np.float32(5.0))
    with pytest.raises(TypeError, match="transpose_y must be a bool"):
        pc.matmul(v, v, transpose_y=1)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_paddle_methods(dtype):
    a = np.arange(6).reshape(2, 3) % 3
    t = pc.asarray(a).astype(getattr(pc, dtype))
    assert t.dim() == t.ndimension() == 2
    n = t.numel()
    assert n.dtype == pc.int64 and n.shape == () and int(n) == 6
    assert int(pc.numel(t)) == 6
    c = t.clone()
    assert c.dtype == t.dtype and pc.all(c == t) and c.is_contiguous()
    c[0, 0] = 1
    assert int(t[0, 0].astype(pc.int64)) == 0
    d = t.detach()
    d[0, 1] = 0
    assert int(t[0, 1].astype(pc.int64)) == 0
    assert t.cpu() is t
    assert pc.cast(t, "int64").dtype == pc.int64 and t.cast(pc.float32).dtype == pc.float32
    e = pc.asarray([1, 2, 3]).astype(getattr(pc, dtype)).expand_as(t)
    assert e.shape == (2, 3)
    assert pc.expand_as(pc.asarray([[1.0], [2.0]]), t).shape == (2, 3)


def test_clip_method_and_cast_values():
    t = pc.asarray([[1.2, 3.5], [4.5, 6.4]])
    assert_equal(t.clip(3.5, 5.0), np.clip(np.float32([[1.2, 3.5], [4.5, 6.4]]), 3.5, 5.0))
    assert_equal(t.clip(min=2.5), np.maximum(np.float32([[1.2, 3.5], [4.5, 6.4]]), 2.5))
    assert_equal(t.clip(max=2.0), np.minimum(np.float32([[1.2, 3.5], [4.5, 6.4]]), 2.0))
    assert_equal(pc.cast(pc.asarray([2.0, 3.7, -1.5]), "int32"), np.int32([2, 3, -1]))
    with pytest.raises(TypeError):
        t.cast("not-a-dtype")
    with pytest.raises(ValueError):
        pc.expand_as(pc.asarray([1.0, 2.0]), pc.zeros((2, 3)))


def test_place_queries():
    place = pc.zeros(2).place
    assert place.is_cpu_place() and not place.is_gpu_place()
    assert not place.is_xpu_place() and not place.is_custom_place()
    assert not place.is_cuda_pinned_place() and place.gpu_device_id() == 0


def test_no_grad():
    with pc.no_grad() as r:
        assert r is None
        y = pc.asarray([1.0]) * 2

    @paddle.no_grad()
    def f(t):
        """doc"""
        return t + 1

    assert f.__doc__ == "doc" and float(f(y)[0]) == 3.0
    with pytest.raises(TypeError):
        pc.no_grad(f)


# ---- einsum -------------------------------------------------------------------------------

EINSUM_CASES = [
    ('i->', [(4,)]), ('i', [(4,)]), ('i,i->', [(4,), (4,)]), ('i,i', [(3,), (3,)]),
    ('i,j->ij', [(3,), (4,)]), ('i,j', [(3,), (4,)]), ('ij->ji', [(2, 3)]), ('ji', [(2, 3)]),
    ('ij->', [(2, 3)]), ('ij->j', [(2, 3)]), ('ij,jk->ik', [(2, 3), (3, 4)]),
    ('ij,jk', [(2, 3), (3, 4)]), ('ij,kj->ik', [(2, 3), (4, 3)]),
    ('ijk,ikl->ijl', [(2, 3, 2), (2, 2, 3)]), ('ijk->kji', [(2, 3, 4)]), ('ii->i', [(3, 3)]),
    ('ii', [(3, 3)]), ('iij->j', [(3, 3, 2)]), ('iji->ij', [(3, 2, 3)]), ('iii->i', [(2, 2, 2)]),
    ('ii,i->i', [(3, 3), (3,)]), ('ij,ij->ij', [(2, 3), (2, 3)]), ('ij,ij->', [(2, 3), (2, 3)]),
    ('ij,j->i', [(2, 3), (3,)]), ('ij,j->i', [(2, 1), (3,)]),
    ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 2)]),
    ('ab,bc,cd,de->ae', [(2, 2), (2, 3), (3, 2), (2, 2)]), ('...ij->...ji', [(2, 3, 4)]),
    ('...jk->...kj', [(3, 2)]), ('...ij,...jk->...ik', [(2, 2, 3), (2, 3, 4)]),
    ('...ij,...jk->...ik', [(5, 1, 2, 3), (4, 3, 2)]), ('...ij,...jk', [(1, 2, 3), (3, 3, 2)]),
    ('i...->...', [(3, 2, 2)]), ('...i,...i->...', [(2, 3), (3,)]),
    ('...,...->...', [(2, 3), (3,)]), ('i...i->...', [(3, 2, 3)]), ('...ii->...i', [(2, 3, 3)]),
    ('b...,b...->...b', [(2, 3), (2, 3)]), (',->', [(), ()]), (',i->i', [(), (3,)]), ('->', [()]),
    ('i,->i', [(3,), ()]), ('Ab,bC->AC', [(2, 3), (3, 2)]), ('bA,Cb', [(3, 2), (2, 3)]),
    (' i j , j k -> i k ', [(2, 3), (3, 2)]), ('ij,jk->ik', [(0, 3), (3, 2)]),
    ('ij,jk->ik', [(2, 0), (0, 2)]), ('i,i->i', [(0,), (0,)]),
    ('ijk,jil->kl', [(3, 2, 4), (2, 3, 5)]),
    ('bij,bjk,bkl->bil', [(2, 2, 3), (2, 3, 2), (2, 2, 2)]),
]


@pytest.mark.parametrize("equation, shapes_", EINSUM_CASES, ids=[c[0] for c in EINSUM_CASES])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "complex64"])
def test_einsum_against_numpy(equation, shapes_, dtype):
    rng = np.random.default_rng(len(equation))
    ops = [(rng.standard_normal(s) * 4).astype(dtype) for s in shapes_]
    ref = np.einsum(equation, *ops)
    got = pc.einsum(equation, *[pc.asarray(o) for o in ops])
    tol = 1e-4 if dtype in ("float32", "complex64") else 1e-10
    assert_equal(got, np.asarray(ref), rtol=tol, atol=tol)
    assert got.is_contiguous() or got.shape == ()


def test_einsum_returns_new_memory_and_promotes():
    a = pc.asarray(np.arange(6.0).reshape(2, 3))
    r = pc.einsum("ij->ji", a)
    r[0, 0] = 100.0
    assert float(a[0, 0]) == 0.0
    got = pc.einsum("i,i->", pc.asarray([1, 2], dtype=pc.int32), pc.asarray([0.5, 1.5]))
    assert_equal(got, np.float32(3.5))
    assert pc.einsum("i->", pc.asarray([100, 100], dtype=pc.int8)).dtype == pc.int8


@st.composite
def einsum_problems(draw):
    """A random equation (repeated labels, ellipsis, implicit or explicit output) with
    operands of matching, sometimes broadcasting, shapes."""
    letters = string.ascii_letters[:6]
    sizes = {c: draw(st.integers(1, 3)) for c in letters}
    nops = draw(st.integers(1, 3))
    ell = draw(st.booleans())
    ell_shape = draw(shapes(max_dims=2, min_side=1, max_side=3)) if ell else ()
    terms, ops_shapes = [], []
    for _ in range(nops):
        labels = draw(st.lists(st.sampled_from(letters), max_size=3))
        shape = [sizes[c] for c in labels]
        term = "".join(labels)
        if ell and draw(st.booleans()):
            k = draw(st.integers(0, len(ell_shape)))
            sub = list(ell_shape[len(ell_shape) - k:])
            sub = [1 if draw(st.booleans()) else n for n in sub]  # broadcasting extents
            term = "..." + term
            shape = sub + shape
        terms.append(term)
        ops_shapes.append(tuple(shape))
    used = sorted({c for t in terms for c in t if c != "."})
    has_ell = any("..." in t for t in terms)
    if draw(st.booleans()):
        out = draw(st.permutations(used))
        out = "".join(out[:draw(st.integers(0, len(out)))])
        eq = ",".join(terms) + "->" + ("..." if has_ell else "") + out
    else:
        eq = ",".join(terms)
    arrays = [draw(np_arrays("float64", shape=s,
                             elements={"min_value": -4, "max_value": 4, "allow_nan": False}))
              for s in ops_shapes]
    return eq, arrays


@given(problem=einsum_problems())
def test_einsum_random_equations(problem):
    equation, arrays = problem
    try:
        ref = np.einsum(equation, *arrays)
    except ValueError:
        with pytest.raises(ValueError):
            pc.einsum(equation, *[pc.asarray(a) for a in arrays])
        return
    got = pc.einsum(equation, *[pc.asarray(a) for a in arrays])
    assert_equal(got, np.asarray(ref), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("equation, shapes_, error", [
    ("ij,jk->ik", [(2, 3)], ValueError),                     # operand count
    ("i", [(2, 3)], ValueError),                             # too few labels
    ("ij", [(2,)], ValueError),                              # too many labels
    ("i1->i", [(2, 2)], ValueError),                         # not a letter
    ("i->j", [(2,)], ValueError),                            # output label not in the inputs
    ("ij->ii", [(2, 2)], ValueError),                        # repeated output label
    ("ii->i", [(2, 3)], ValueError),                         # diagonal of unequal extents
    ("i,i->", [(2,), (3,)], ValueError),                     # extents disagree
    ("...i->i", [(2, 3)], ValueError),                       # ellipsis missing in the output
    ("i->->i", [(2,)], ValueError),
    ("i..i", [(2,)], ValueError),
    ("i", [], ValueError),
])
def test_einsum_errors(equation, shapes_, error):
    with pytest.raises(error):
        pc.einsum(equation, *[pc.ones(s) for s in shapes_])
    with pytest.raises(TypeError):
        pc.einsum(3, pc.ones(2))


def test_einsum_plans_follow_shapes_and_dtypes():
    """One equation over operands of other shapes (extents of 1 broadcasting, or not), other
    dtypes, and an invalid call between valid ones: each call gets its own plan."""
    rng = np.random.default_rng(5)
    for shapes_, dtype in [([(3, 4), (4, 5)], "float64"), ([(1, 4), (4, 5)], "float64"),
                           ([(3, 4), (4, 1)], "float32"), ([(3, 4), (4, 5)], "int32"),
                           ([(3, 4), (4, 5)], "float64")]:
        ops = [(rng.standard_normal(s) * 3).astype(dtype) for s in shapes_]
        got = pc.einsum("ij,jk->ik", *[pc.asarray(o) for o in ops])
        ref = np.einsum("ij,jk->ik", *ops)
        assert str(got.dtype) == dtype and got.shape == ref.shape
        np.testing.assert_allclose(got.numpy(), ref, rtol=1e-5)
        with pytest.raises(ValueError):
            pc.einsum("ij,jk->ik", pc.ones((3, 4)), pc.ones((5, 5)))


# ---- gather_nd, scatter, nonzero(as_tuple=False), unique ----------------------------------


@given(data=st.data())
def test_gather_nd_against_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    x = data.draw(np_arrays(dtype, shape=shapes(min_dims=1, max_dims=4, min_side=1)))
    x = data.draw(layouts(x))
    k = data.draw(st.integers(0, x.ndim))
    batch = data.draw(shapes(max_dims=2, max_side=3))
    cols = [data.draw(np_arrays("int64", shape=batch, elements={"min_value": -n,
                                                                 "max_value": n - 1}))
            for n in x.shape[:k]]
    idx = np.stack(cols, axis=-1) if k else np.zeros(batch + (0,), np.int64)
    idt = data.draw(st.sampled_from(["int64", "int32", "uint8"])) if k == 0 or \
        all(c.min(initial=0) >= 0 for c in cols) else "int64"
    idx = idx.astype(idt)
    ref = x[tuple(np.moveaxis(idx, -1, 0))] if k else np.broadcast_to(x, batch + x.shape)
    got = pc.gather_nd(pc.asarray(x), pc.asarray(idx))
    assert_equal(got, np.array(ref))
    got[...] = got  # new memory: writable, never a view of x
    assert_equal(pc.asarray(x).gather_nd(pc.asarray(idx)), np.array(ref))


def test_gather_nd_errors_and_copies():
    x = pc.asarray(np.arange(6.0).reshape(2, 3))
    r = pc.gather_nd(x, pc.asarray([1]))
    r[0] = 100.0
    assert float(x[1, 0]) == 3.0
    with pytest.raises(TypeError, match="integer tensor"):
        pc.gather_nd(x, pc.asarray([[0.0, 1.0]]))
    with pytest.raises(TypeError, match="integer tensor"):
        pc.gather_nd(x, pc.asarray([[True, False]]))
    with pytest.raises(ValueError, match="more than the 2 dimensions"):
        pc.gather_nd(x, pc.asarray([[0, 1, 0]]))
    with pytest.raises(ValueError, match="at least one dimension"):
        pc.gather_nd(x, pc.asarray(0))
    with pytest.raises(IndexError):
        pc.gather_nd(x, pc.asarray([[5, 0]]))


def _scatter_reference(x, idx, upd, overwrite):
    out = x.copy()
    idx = idx.reshape(-1) if idx.ndim else idx
    if overwrite:
        for i, j in enumerate(np.atleast_1d(idx)):
            out[j] = upd[i] if idx.ndim else upd
        return out
    out[idx] = 0
    if out.dtype == np.bool_:
        np.logical_or.at(out, idx, upd)
    else:
        np.add.at(out, idx, upd)
    return out


@given(data=st.data())
def test_scatter_against_numpy(data):
    dtype = data.draw(st.sampled_from(NUMPY_DTYPES))
    small = {"min_value": -8, "max_value": 8} if dtype[0] in "iuf" or dtype == "float16" \
        else None
    small = {"min_value": 0, "max_value": 8} if dtype.startswith("uint") else small
    x = data.draw(np_arrays(dtype, shape=shapes(min_dims=1, max_dims=3, min_side=1),
                            elements=small))
    x = data.draw(layouts(x))
    n = x.shape[0]
    form = data.draw(st.sampled_from(["1-D", "Nx1", "0-D"]))
    if form == "0-D":
        idx = np.int64(data.draw(st.integers(-n, n - 1)))
        upd_shape = x.shape[1:]
    else:
        m = data.draw(st.integers(0, 6))
        idx = np.array(data.draw(st.lists(st.integers(-n, n - 1), min_size=m, max_size=m)),
                       np.int64)
        upd_shape = (m,) + x.shape[1:]
    upd = data.draw(layouts(data.draw(np_arrays(dtype, shape=upd_shape, elements=small))))
    overwrite = data.draw(st.booleans())
    ref = _scatter_reference(x, np.asarray(idx), upd, overwrite)
    pidx = pc.asarray(idx.reshape(-1, 1) if form == "Nx1" else idx)
    before = x.copy()
    t = pc.asarray(x)
    got = pc.scatter(t, pidx, pc.asarray(upd), overwrite=overwrite)
    tol = 1e-2 if dtype == "float16" else 1e-5
    assert_equal(got, ref, rtol=tol, atol=tol)
    assert_equal(t, before)  # x itself is never written
    assert_equal(t.scatter(pidx, pc.asarray(upd), overwrite), ref, rtol=tol, atol=tol)


def test_scatter_add_accumulates_in_index_order():
    # repeated rows add up one after another (float32 rounding as np.add.at)
    x = pc.zeros((2,), dtype=pc.float32)
    idx = pc.asarray([0] * 5 + [1])
    upd = pc.asarray([1e8, 1.0, 1.0, -1e8, 1.0, 7.0], dtype=pc.float32)
    ref = np.zeros(2, np.float32)
    np.add.at(ref, np.array([0] * 5 + [1]), np.float32([1e8, 1.0, 1.0, -1e8, 1.0, 7.0]))
    assert_equal(pc.scatter(x, idx, upd, overwrite=False), ref)
    big = pc.scatter(pc.zeros((3, 40000)), pc.asarray([2, 0, 2]), pc.ones((3, 40000)),
                     overwrite=False)
    assert float(pc.sum(big[2])) == 80000.0 and float(pc.sum(big[1])) == 0.0


def test_scatter_errors():
    x = pc.asarray([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])
    with pytest.raises(ValueError, match="do not match"):
        pc.scatter(x, pc.asarray([1]), pc.ones((2, 2)))
    with pytest.raises(ValueError, match="do not match"):
        pc.scatter(x, pc.asarray([1]), pc.ones((1, 3)))
    with pytest.raises(ValueError, match="0-D, 1-D"):
        pc.scatter(x, pc.asarray([[1, 2]]), pc.ones((1, 2, 2)))
    with pytest.raises(ValueError, match="at least one dimension"):
        pc.scatter(pc.asarray(1.0), pc.asarray([0]), pc.ones(1))
    with pytest.raises(IndexError):
        pc.scatter(x, pc.asarray([3]), pc.ones((1, 2)), overwrite=False)
    with pytest.raises(TypeError, match="integer tensor"):
        pc.scatter(x, pc.asarray([1.0]), pc.ones((1, 2)))
    with pytest.raises(TypeError, match="overwrite must be a bool"):
        pc.scatter(x, pc.asarray([1]), pc.ones((1, 2)), overwrite=0)
    np.testing.assert_array_equal(np.asarray(x), [[1, 1], [2, 2], [3, 3]])


@given(data=st.data())
def test_nonzero_as_tuple_false_against_argwhere(data):
    x = data.draw(np_arrays(st.sampled_from(["bool", "int8", "float32", "complex64"]),
                            shape=shapes(min_dims=1)))
    x = data.draw(layouts(x))
    got = pc.nonzero(pc.asarray(x), as_tuple=False)
    assert_equal(got, np.argwhere(x).astype(np.int64))
    assert_equal(paddle.nonzero(pc.asarray(x)), np.argwhere(x).astype(np.int64))
    for g, r in zip(pc.nonzero(pc.asarray(x), as_tuple=True), np.nonzero(x)):
        assert_equal(g, r.astype(np.int64))


@given(data=st.data())
def test_unique_against_numpy(data):
    dtype = data.draw(st.sampled_from(["int64", "int8", "uint8", "float32", "bool"]))
    elements = None if dtype == "bool" else {"min_value": 0, "max_value": 3}
    x = data.draw(np_arrays(dtype, shape=shapes(min_dims=1, max_dims=3), elements=elements))
    axis = data.draw(st.sampled_from([None] + list(range(-x.ndim, x.ndim))))
    if axis is not None and x.shape[axis] == 0:
        return
    ref = np.unique(x, return_index=True, return_inverse=True, return_counts=True, axis=axis)
    got = pc.unique(pc.asarray(x), return_index=True, return_inverse=True, return_counts=True,
                    axis=axis)
    assert_equal(got[0], ref[0])
    for g, r in zip(got[1:], ref[1:]):
        assert_equal(g, r.reshape(-1).astype(np.int64))
    assert_equal(pc.unique(pc.asarray(x), axis=axis), ref[0])


def test_unique_options():
    x = pc.asarray([2, 3, 3, 1, 5, 3])
    vals, counts = pc.unique(x, return_counts=True, dtype="int32")
    assert counts.dtype == pc.int32 and counts.tolist() == [1, 1, 3, 1]
    assert x.unique().tolist() == [1, 2, 3, 5]
    assert pc.unique(pc.asarray([1.0, np.nan, np.nan, 0.0])).shape == (4,)  # NaNs distinct
    with pytest.raises(TypeError, match="int32 or int64"):
        pc.unique(x, return_index=True, dtype="float32")
    with pytest.raises(pc.AxisError):
        pc.unique(x, axis=1)


# ---- paddle_c.paddle ------------------------------------------------------------------------


def test_paddle_namespace_has_everything():
    missing = [n for n in pc.__all__ if not hasattr(paddle, n)]
    assert not missing
    assert set(pc.__all__) <= set(paddle.__all__)
    for name in ("einsum", "unique", "no_grad", "gather_nd", "scatter", "cast", "numel",
                 "clone", "expand_as", "outer", "is_tensor"):
        assert getattr(paddle, name) is getattr(pc, name)


def test_paddle_forms():
    x = pc.asarray(np.arange(24.0, dtype=np.float32).reshape(2, 3, 4))
    assert paddle.reshape(x, [0, -1]).shape == (2, 12)
    assert paddle.reshape(x, [-1, 0, 2, 2]).shape == (2, 3, 2, 2)
    assert x.reshape([0, 3, 0]).shape == (2, 3, 4)
    with pytest.raises(ValueError, match="position 3"):
        x.reshape([2, 3, 4, 0])
    assert pc.reshape(pc.zeros((0, 3)), (3, 0)).shape == (3, 0)  # the standard's 0
    z = pc.zeros((1, 3, 1))
    assert paddle.squeeze(z).shape == (3,)
    assert paddle.squeeze(z, axis=1).shape == (1, 3, 1)
    assert paddle.squeeze(z, axis=[0, 1]).shape == (3, 1)
    cond = pc.asarray([[True, False], [False, True]])
    assert [t.tolist() for t in paddle.where(cond)] == [[0, 1], [0, 1]]
    assert_equal(paddle.where(cond, 1.0, 0.0), np.float32([[1, 0], [0, 1]]))
    with pytest.raises(ValueError, match="both x and y"):
        paddle.where(cond, 1.0)
    assert_equal(paddle.shape(x), np.int64([2, 3, 4]))
    assert_equal(paddle.shape(pc.asarray(1.0)), np.zeros(0, np.int64))
    assert_equal(paddle.sum(x, 1), np.sum(np.asarray(x), 1))
    assert_equal(paddle.sum([[1, 2], [3, 4]], 0, "float64", True), np.float64([[4, 6]]))
    assert_equal(paddle.var(pc.asarray([1.0, 2.0, 3.0, 4.0])), np.float32(np.var([1, 2, 3, 4],
                                                                                 ddof=1)))
    assert_equal(paddle.argmax(x, 1, True, "int32"), np.argmax(np.asarray(x), 1)[:, None]
                 .astype(np.int32))


@pytest.mark.parametrize("name", paddle._METHOD_FORMS)
def test_method_forms_have_the_methods_signature(name):
    f = getattr(paddle, name)
    method_params = list(inspect.signature(getattr(pc.Tensor, name)).parameters)[1:]
    assert list(inspect.signature(f).parameters) == ["x"] + method_params
    assert f.__name__ == name and f.__doc__


def test_coming_from_paddle_snippet_runs():
    # tests/test_paddle_parity.py compares it with Paddle; here it runs without Paddle
    from test_paddle_parity import run_snippet

    out = run_snippet(paddle)
    assert out["z"][2] == (2, 3) and out["printed"][2].strip()


def test_paddle_stubs_match_the_namespace():
    import ast

    stub = ast.parse((pathlib.Path(paddle.__file__).with_suffix(".pyi")).read_text())
    defs = {n.name: n for n in stub.body if isinstance(n, ast.FunctionDef)}
    from paddle_c import _paddle_device, _paddle_forms, _random

    assert set(defs) == (set(paddle._METHOD_FORMS) | {"nonzero", "where", "shape"}
                         | set(_random.__all__) | set(_paddle_forms.__all__)
                         | set(_paddle_device.__all__))
    for name, node in defs.items():
        params = [a.arg for a in node.args.args + node.args.kwonlyargs]
        if node.args.vararg is not None:
            assert inspect.signature(getattr(paddle, name)).parameters, name
            continue
        assert params == list(inspect.signature(getattr(paddle, name)).parameters), name


def test_paddle_linalg_stubs_match():
    import ast

    from paddle_c import _paddle_linalg

    path = pathlib.Path(_paddle_linalg.__file__).with_suffix(".pyi")
    defs = {n.name: n for n in ast.parse(path.read_text()).body
            if isinstance(n, ast.FunctionDef)}
    own = {n for n in _paddle_linalg.__all__
           if getattr(_paddle_linalg, n).__module__ == _paddle_linalg.__name__}
    assert set(defs) == own
    for name, node in defs.items():
        params = [a.arg for a in node.args.args + node.args.kwonlyargs]
        assert params == list(inspect.signature(getattr(paddle.linalg, name)).parameters), name


# ---- Paddle's forms of the standard's functions, names, places (docs/paddle.md) -------------


def test_meshgrid_defaults_to_ij_in_paddles_namespace():
    a, b = pc.asarray([1.0, 2.0, 3.0]), pc.asarray([4.0, 5.0])
    gx, gy = paddle.meshgrid(a, b)
    want = np.meshgrid(np.asarray(a), np.asarray(b), indexing="ij")
    assert_equal(gx, want[0])
    assert_equal(gy, want[1])
    assert [g.shape for g in paddle.meshgrid([a, b])] == [(3, 2), (3, 2)]
    assert [g.shape for g in paddle.meshgrid(a, b, indexing="xy")] == [(2, 3), (2, 3)]
    assert [g.shape for g in pc.meshgrid(a, b)] == [(2, 3), (2, 3)]  # the standard's 'xy'
    with pytest.raises(TypeError, match="unexpected keyword"):
        paddle.meshgrid(a, b, sparse=True)


def test_svd_is_reduced_by_default_in_paddles_namespace():
    a = np.arange(1.0, 7.0).reshape(3, 2)
    u, s, vh = paddle.linalg.svd(pc.asarray(a))
    assert (u.shape, s.shape, vh.shape) == ((3, 2), (2,), (2, 2))
    np.testing.assert_allclose(np.asarray(u) * np.asarray(s) @ np.asarray(vh), a, rtol=1e-10)
    assert paddle.linalg.svd(pc.asarray(a), full_matrices=True)[0].shape == (3, 3)
    assert pc.linalg.svd(pc.asarray(a))[0].shape == (3, 3)  # the standard's default


def test_paddle_linalg_forms():
    a = np.array([[4.0, 1.0, 2.0], [1.0, 3.0, 0.0], [2.0, 0.0, 5.0]])
    t = pc.asarray(a)
    upper_only = pc.asarray(np.triu(a) + np.tril(np.full((3, 3), 99.0), -1))
    np.testing.assert_allclose(np.asarray(paddle.linalg.eigvalsh(upper_only, UPLO="U")),
                               np.linalg.eigvalsh(a), rtol=1e-12)
    np.testing.assert_allclose(np.asarray(paddle.linalg.eigh(upper_only, "U")[0]),
                               np.linalg.eigvalsh(a), rtol=1e-12)
    with pytest.raises(ValueError, match="UPLO"):
        paddle.linalg.eigh(t, UPLO="X")
    assert int(paddle.linalg.matrix_rank(t, tol=10.0)) == int(np.sum(np.linalg.svd(a)[1] > 10))
    assert int(paddle.linalg.matrix_rank(t, atol=0.5, rtol=0.0)) == 3
    assert int(paddle.linalg.matrix_rank(t, hermitian=True)) == 3
    np.testing.assert_allclose(np.asarray(paddle.linalg.pinv(t)), np.linalg.pinv(a),
                               rtol=1e-10)
    sl = paddle.linalg.slogdet(pc.stack([t, -t]))
    assert sl.shape == (2, 2)
    np.testing.assert_allclose(np.asarray(sl), np.stack(np.linalg.slogdet(np.stack([a, -a]))))
    b = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    np.testing.assert_allclose(np.asarray(paddle.linalg.solve(t, pc.asarray(b), left=False)),
                               np.linalg.solve(a.T, b.T).T, rtol=1e-10)
    np.testing.assert_allclose(np.asarray(paddle.linalg.norm(t)), np.linalg.norm(a))
    np.testing.assert_allclose(np.asarray(paddle.linalg.norm(t, p="nuc")),
                               np.linalg.norm(a, "nuc"))
    np.testing.assert_allclose(np.asarray(paddle.linalg.norm(t, p=1, axis=0)),
                               np.linalg.norm(a, 1, axis=0))
    np.testing.assert_allclose(np.asarray(paddle.linalg.matrix_norm(x=t, p=2)),
                               np.linalg.norm(a, 2))
    np.testing.assert_allclose(np.asarray(paddle.linalg.vector_norm(x=t, p=3.0, axis=[0, 1])),
                               np.sum(np.abs(a) ** 3) ** (1 / 3))
    r = np.arange(24.0).reshape(2, 3, 4)
    got = paddle.linalg.matrix_norm(pc.asarray(r), axis=[0, 2], keepdim=True)
    assert got.shape == (1, 3, 1)
    np.testing.assert_allclose(np.asarray(got)[0, :, 0],
                               np.linalg.norm(np.moveaxis(r, 1, 0), "fro", axis=(1, 2)))
    with pytest.raises(ValueError, match="two distinct axes"):
        paddle.linalg.matrix_norm(t, axis=[0, 0])
    # cross: without an axis, the first axis of extent 3 (Paddle's); the standard's is -1
    c1, c2 = np.arange(9.0).reshape(3, 3), np.arange(9.0).reshape(3, 3)[::-1] ** 2
    assert_equal(paddle.linalg.cross(pc.asarray(c1), pc.asarray(c2)), np.cross(c1, c2, axis=0))
    assert_equal(paddle.cross(pc.asarray(c1), pc.asarray(c2), axis=1), np.cross(c1, c2))
    with pytest.raises(ValueError, match="extent 3"):
        paddle.cross(pc.ones((2, 2)), pc.ones((2, 2)))


def test_paddle_keyword_forms():
    x = pc.asarray(np.arange(1.0, 7.0, dtype=np.float32).reshape(2, 3))
    i = pc.asarray(np.int32([-8, 8, 1]))
    sh = pc.asarray(np.int32([1, 2, 31]))
    assert_equal(paddle.bitwise_right_shift(i, sh), np.int32([-4, 2, 0]))
    assert_equal(paddle.bitwise_right_shift(i, sh, is_arithmetic=False),
                 (np.uint32([-8 & 0xFFFFFFFF, 8, 1]) >> np.uint32([1, 2, 31])).astype(np.int32))
    assert_equal(paddle.bitwise_left_shift(i, sh, is_arithmetic=False),
                 np.left_shift(np.int32([-8, 8, 1]), np.int32([1, 2, 31])))
    out = pc.zeros(3, dtype=pc.int32)
    assert paddle.bitwise_right_shift(i, sh, False, out) is out
    # a tensor as the shape (0-D: one extent); name=
    assert paddle.zeros(pc.asarray([2, 3])).shape == (2, 3)
    assert paddle.ones(pc.asarray(4, dtype=pc.int32), "int32", name="o").shape == (4,)
    assert paddle.full(pc.asarray([2]), 7, name=None).tolist() == [7, 7]
    assert paddle.empty(shape=pc.asarray([1, 2])).shape == (1, 2)
    # take: Paddle's modes on the flattened x
    idx = pc.asarray([[-8, 9], [1, -1]])
    flat = np.arange(1.0, 7.0, dtype=np.float32)
    assert_equal(paddle.take(x, idx, mode="wrap"), np.take(flat, np.asarray(idx), mode="wrap"))
    assert_equal(paddle.take(x, idx, mode="clip"), flat[np.clip(np.asarray(idx), 0, 5)])
    assert_equal(x.take(pc.asarray([-1, 0])), np.float32([6, 1]))
    with pytest.raises(IndexError):
        paddle.take(x, pc.asarray([6]))
    with pytest.raises(ValueError, match="mode"):
        paddle.take(x, idx, mode="fill")
    # take_along_axis: the axis positional; broadcast=False cuts the other axes
    ind = pc.asarray([[0], [2]])
    assert_equal(paddle.take_along_axis(x, ind, 1), np.float32([[1], [6]]))
    assert_equal(paddle.take_along_axis(x, pc.asarray([[2]]), 1), np.float32([[3], [6]]))
    assert_equal(paddle.take_along_axis(x, pc.asarray([[2]]), 1, broadcast=False),
                 np.float32([[3]]))
    assert_equal(paddle.isin(x=x, test_x=pc.asarray([2.0, 5.0]), assume_unique=True),
                 np.isin(np.asarray(x), [2.0, 5.0]))
    assert_equal(paddle.sign(x=x - 3), np.sign(np.asarray(x) - 3))


@pytest.mark.parametrize("side", ["left", "right"])
def test_batched_searchsorted_against_numpy(side):
    rng = np.random.default_rng(5)
    seq = np.sort(rng.integers(0, 10, (2, 3, 7)), axis=-1).astype(np.float64)
    seq[0, 0, -2:] = np.nan
    vals = rng.integers(-1, 12, (2, 3, 4)).astype(np.float64)
    vals[1, 2, 0] = np.nan
    want = np.stack([np.searchsorted(s, v, side=side)
                     for s, v in zip(seq.reshape(-1, 7), vals.reshape(-1, 4))]).reshape(2, 3, 4)
    got = paddle.searchsorted(pc.asarray(seq), pc.asarray(vals), right=side == "right")
    assert_equal(got, want)
    got32 = paddle.searchsorted(pc.asarray(seq), pc.asarray(vals), out_int32=True, side=side)
    assert got32.dtype == pc.int32 and np.array_equal(np.asarray(got32), want)
    with pytest.raises(ValueError, match="every axis but the last"):
        paddle.searchsorted(pc.asarray(seq), pc.asarray(vals[0]))


def test_tensordot_list_forms():
    a = np.arange(720.0).reshape(2, 3, 4, 5, 6)
    b = np.arange(720.0).reshape(3, 2, 4, 5, 6)
    assert_equal(paddle.tensordot(pc.asarray(a), pc.asarray(b), axes=[[0, 1, 3, 4], [1, 0]]),
                 np.tensordot(a, b, axes=([0, 1, 3, 4], [1, 0, 3, 4])))
    c = np.arange(24.0).reshape(2, 3, 4)
    d = np.arange(36.0).reshape(3, 3, 4)
    for axes in ([1, 2], [[1, 2]], [[1, 2], []], [[1, 2], [1]], ([1, 2], [1, 2])):
        assert_equal(paddle.tensordot(pc.asarray(c), pc.asarray(d), axes),
                     np.tensordot(c, d, axes=([1, 2], [1, 2])))
    assert_equal(paddle.tensordot(pc.asarray(c), pc.asarray(c), axes=[[]]),
                 np.tensordot(c, c, axes=0))
    assert_equal(paddle.tensordot(x=pc.asarray(c), y=pc.asarray(d), axes=pc.asarray([1, 2])),
                 np.tensordot(c, d, axes=([1, 2], [1, 2])))


def test_median_min_with_an_axis_gives_values_and_indices():
    a = np.array([[3.0, 1.0, 2.0, 5.0], [np.nan, 4.0, 0.0, 1.0], [7.0, 7.0, 6.0, 8.0]],
                 np.float32)
    t = pc.asarray(a)
    values, index = paddle.median(t, axis=1, mode="min")
    assert_equal(values, np.float32([2, np.nan, 7]))
    assert_equal(index, np.int64([2, 0, 0]))
    assert_equal(pc.take_along_axis(t, pc.expand_dims(index, axis=1), axis=1)[[0, 2], 0],
                 np.float32([2, 7]))
    values, index = t.nanmedian(axis=1, mode="min", keepdim=True)
    assert values.shape == index.shape == (3, 1)
    assert_equal(values[:, 0], np.float32([2, 1, 7]))
    assert_equal(t[pc.arange(3), index[:, 0]], np.float32([2, 1, 7]))
    allnan = pc.asarray([[np.nan, np.nan], [1.0, 2.0]])
    assert_equal(pc.nanmedian(allnan, axis=1, mode="min")[1], np.int64([-1, 0]))
    assert_equal(pc.median(pc.asarray([5, 1, 4, 2]), axis=0, mode="min")[0], np.int64(2))
    # without an axis (or mode='avg') the value alone, as in Paddle
    assert_equal(pc.median(t[:, 1:], mode="min"), np.float32(np.sort(a[:, 1:], None)[4]))
    assert_equal(pc.median(t[2], axis=0), np.float32(7.0))
    # several axes: nanmedian only (Paddle's median takes one)
    m = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    assert_equal(pc.nanmedian(pc.asarray(m), axis=[0, 2]), np.median(m, axis=(0, 2)))
    assert pc.nanmedian(pc.asarray(m), axis=(0, 2), keepdim=True).shape == (1, 3, 1)
    with pytest.raises(ValueError, match="nanmedian takes a list"):
        pc.median(t, axis=[0, 1])
    with pytest.raises(ValueError, match="repeated axis"):
        pc.nanmedian(t, axis=[1, 1])
    with pytest.raises(pc.AxisError):
        pc.median(t, axis=2, mode="min")


def test_paddles_other_names():
    a = np.array([[1.0, 2.0], [3.0, 5.0]], np.float32)
    t = pc.asarray(a)
    assert_equal(pc.inverse(t), np.linalg.inv(a))
    assert_equal(pc.gt(t, 2.0), a > 2)
    assert_equal(pc.ge(t, 2.0), a >= 2)
    assert_equal(pc.lt(t, 2.0), a < 2)
    assert_equal(pc.le(t, 2.0), a <= 2)
    assert_equal(pc.dot(t[0], t[1]), np.float32(13))
    assert_equal(pc.dot(t, t), np.sum(a * a, axis=1))
    assert pc.dot(pc.asarray([1, 2], dtype=pc.int8), pc.asarray([3, 4], dtype=pc.int8)).dtype \
        == pc.int8
    with pytest.raises(ValueError, match="one shape"):
        pc.dot(t, t[0])
    assert_equal(pc.ravel(t), a.ravel())
    assert pc.tolist(t) == a.tolist()
    c = pc.assign(t)
    c[0, 0] = 9.0
    assert float(t[0, 0]) == 1.0
    assert_equal(pc.assign(2.5), np.float64([2.5]))
    assert_equal(pc.assign([1, 2]), np.int64([1, 2]))
    assert_equal(pc.assign([1.0, 2.0]), np.float64([1, 2]))
    out = pc.zeros((2, 2))
    assert pc.assign(t, output=out) is out and np.array_equal(np.asarray(out), a)
    assert_equal(pc.from_dlpack(_Capsule(pc.to_dlpack(t))), a)
    assert_equal(paddle.eigvalsh(pc.asarray([[2.0, 1.0], [1.0, 2.0]])), np.float32([1, 3]))


class _Capsule:
    """A DLPack producer handing out a capsule made beforehand (Paddle's to_dlpack)."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)


def test_tensor_to_item_take():
    a = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    t = pc.asarray(a, device="cpu")
    assert t.to("cpu") is t
    assert t.to("float64").dtype == pc.float64
    assert t.to(pc.float16).dtype == pc.float16
    r = t.to("cpu", "int32")
    assert r.dtype == pc.int32 and r.device == pc.Device("cpu")
    assert t.to(paddle.CPUPlace(), dtype="int64").dtype == pc.int64
    assert t.to(pc.asarray([1], dtype=pc.int8)).dtype == pc.int8
    assert t.to(device="cpu", dtype="float32", blocking=True) is t
    with pytest.raises(TypeError, match="unexpected keyword"):
        t.to(memory_format=None)
    with pytest.raises(TypeError, match="cannot move"):
        t.to(3.5)
    assert t.item(4) == 4.0 and t.item(1, 2) == 5.0 and t[1, 1].item() == 4.0
    with pytest.raises(ValueError, match="out of range"):
        t.item(6)
    with pytest.raises(ValueError, match="out of range"):
        t.item(-1)
    with pytest.raises((TypeError, ValueError)):
        t.item()
    a = np.arange(24, dtype=np.float64).reshape(4, 6)
    for arr in (a.T, a[::-2, 1::2], a[1:, ::-1]):
        v = pc.asarray(arr)
        assert [v.item(k) for k in range(arr.size)] == arr.ravel().tolist()  # C order
        assert v.item(np.int64(1)) == arr.ravel()[1] and v.item(1.7) == arr.ravel()[1]
        assert v.item(arr.shape[0] - 1, -1) == arr[-1, -1]
    with pytest.raises(ValueError, match="index 7 is out of range for a tensor of 6"):
        t.item(7.5)
    with pytest.raises(ValueError, match="out of range"):
        t.item(2**80)
    with pytest.raises(TypeError):
        t.item(None)
    with pytest.raises(ValueError, match="exactly one element"):
        t.item(0, slice(None))
    with pytest.raises(ValueError, match="out of range"):
        pc.zeros((0, 3)).item(0)
    assert pc.asarray(2.5).item() == 2.5 and pc.asarray([[7]]).item(0) == 7
    assert_equal(t.take(pc.asarray([5, 0], device="cpu")), np.float32([5, 0]))


def test_places_and_device_functions():
    cpu = paddle.CPUPlace()
    assert cpu == pc.Device("cpu") and pc.ones(2, device="cpu").place == cpu
    assert paddle.to_tensor([1.0], place=cpu).place == cpu
    assert paddle.to_tensor([1.0], place="cpu").place.is_cpu_place()
    gpus = [d for d in pc.__array_namespace_info__().devices() if d.is_gpu_place()]
    assert paddle.device.cuda.device_count() == len(gpus)
    assert paddle.device.get_device() == pc.get_device() == paddle.get_device()
    assert paddle.get_device(pc.ones(2, device="cpu")) == -1
    previous = paddle.device.get_device()
    try:
        assert paddle.device.set_device("cpu") == cpu
        assert paddle.device.get_device() == "cpu"
    finally:
        paddle.device.set_device(previous)
    paddle.device.synchronize()
    if gpus:
        assert paddle.CUDAPlace(0) == gpus[0]
        assert paddle.CUDAPinnedPlace() == cpu
        paddle.device.cuda.synchronize()
        paddle.device.cuda.synchronize(0)
        assert paddle.device.cuda.memory_allocated(0) >= 0
        t = paddle.to_tensor([1.0, 2.0], place=paddle.CUDAPlace(0))
        assert t.place == paddle.CUDAPlace(0) and t.to(cpu).place == cpu
    else:
        with pytest.raises(ValueError, match="no GPU 0"):
            paddle.CUDAPlace(0)
        with pytest.raises(RuntimeError, match="no GPU"):
            paddle.CUDAPinnedPlace()
        with pytest.raises(RuntimeError, match="no GPU"):
            paddle.device.cuda.synchronize()
        with pytest.raises(ValueError, match="no GPU 0"):
            paddle.device.cuda.memory_allocated()
    with pytest.raises(ValueError, match=f"no GPU {len(gpus)}"):
        paddle.CUDAPlace(len(gpus))
    with pytest.raises(TypeError, match="must be an int"):
        paddle.CUDAPlace("0")
