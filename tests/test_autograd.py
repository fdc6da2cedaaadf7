"""Autograd (docs/autograd.md): gradients of every differentiable function against central
finite differences in float64 and against torch.autograd, second derivatives (Hessian-vector
products against finite differences of the gradient), third order on a few functions, complex
gradients (Paddle's conjugate Wirtinger convention), the coverage gate, the surface and its
error paths, on every device of the run (the `device` fixture: hostdev too under make
test-hostdev).

The elementwise cases are generated from the kernel table (_C._elementwise_kinds(): every
function with a floating kind and a non-logical result); the other functions' cases are a table
of calls, and the gate checks that every function behind the recording gate has a rule and a
case here, or is listed, with the reason, in NO_RULE_YET.
"""

import math

import numpy as np
import pytest
import torch

import paddle_c as pc
import paddle_c.paddle as paddle
from paddle_c import _autograd

RNG = np.random.default_rng(1234)
EPS = 1e-6

# the functions behind the gate that have no rule yet, with the reason: asking for their
# gradient raises NotImplementedError naming the function (test_missing_rule_raises)
NO_RULE_YET: dict = {}

# ---- helpers ---------------------------------------------------------------------------------


def _floats(outs):
    outs = outs if isinstance(outs, (tuple, list)) else [outs]
    return [o for o in outs if isinstance(o, pc.Tensor)
            and pc.isdtype(o.dtype, ("real floating", "complex floating"))]


def _weights(outs):
    ws = []
    for o in _floats(outs):
        w = RNG.standard_normal(o.shape)
        if pc.isdtype(o.dtype, "complex floating"):
            w = w + 1j * RNG.standard_normal(o.shape)
        ws.append(w)
    return ws


def _loss(f, arrays, ws, device):
    """sum over f's float outputs of real(out * w), as a paddle_c scalar."""
    outs = _floats(f(*arrays))
    total = None
    for o, w in zip(outs, ws):
        term = pc.sum(pc.real(o * pc.asarray(w, dtype=o.dtype, device=o.device)))
        total = term if total is None else total + term
    return total


def _numpy_loss(f, values, ws, device, dtype):
    with paddle.no_grad():
        arrays = [pc.asarray(v, dtype=dtype, device=device) for v in values]
        return float(_loss(f, arrays, ws, device))


def _fd_grad(f, values, ws, device, dtype, i):
    """Central differences of the loss with respect to input i (complex: real and imaginary
    parts, giving dL/dRe + 1j dL/dIm, Paddle's and PyTorch's convention)."""
    base = [np.array(v, copy=True) for v in values]
    g = np.zeros(base[i].shape, dtype=base[i].dtype)
    flat = base[i].reshape(-1)
    gflat = g.reshape(-1)
    steps = [1.0, 1j] if np.iscomplexobj(flat) else [1.0]
    for k in range(flat.size):
        for s in steps:
            old = flat[k]
            flat[k] = old + EPS * s
            hi = _numpy_loss(f, base, ws, device, dtype)
            flat[k] = old - EPS * s
            lo = _numpy_loss(f, base, ws, device, dtype)
            flat[k] = old
            gflat[k] += (hi - lo) / (2 * EPS) * (1 if s == 1.0 else 1j)
    return g


def _grads(f, values, ws, device, dtype, create_graph=False):
    arrays = [pc.asarray(v, dtype=dtype, device=device) for v in values]
    for a in arrays:
        a.stop_gradient = False
    loss = _loss(f, arrays, ws, device)
    return arrays, paddle.grad(loss, arrays, create_graph=create_graph, allow_unused=True)


def check_first(f, values, device, dtype=pc.float64, tol=1e-5):
    ws = _weights(f(*[pc.asarray(v, dtype=dtype, device=device) for v in values]))
    _, gs = _grads(f, values, ws, device, dtype)
    for i, g in enumerate(gs):
        fd = _fd_grad(f, values, ws, device, dtype, i)
        got = np.zeros_like(fd) if g is None else np.asarray(g.to_device("cpu"))
        np.testing.assert_allclose(got, fd, rtol=tol, atol=tol)
    return ws


def _directions(values, dtype):
    vs = [RNG.standard_normal(np.shape(v)) for v in values]
    if pc.isdtype(dtype, "complex floating"):
        vs = [v + 1j * RNG.standard_normal(np.shape(v)) for v in vs]
    return vs


def _directional(gs, vs, dtype, device):
    """sum Re(g conj(v)) over the gradients that carry a graph: the derivative of the loss along
    v (g = dL/dRe + 1j dL/dIm), whose gradient is the Hessian-vector product; None if none."""
    dot = None
    for g, v in zip(gs, vs):
        if g is None or g.stop_gradient:
            continue
        term = pc.sum(pc.real(g * pc.conj(pc.asarray(v, dtype=dtype, device=device))))
        dot = term if dot is None else dot + term
    return dot


def check_second(f, values, device, dtype=pc.float64, tol=1e-4):
    """The Hessian-vector product (grad of <grad, v>) against central differences of the
    gradient along v."""
    ws = _weights(f(*[pc.asarray(v, dtype=dtype, device=device) for v in values]))
    vs = _directions(values, dtype)
    arrays, gs = _grads(f, values, ws, device, dtype, create_graph=True)
    dot = _directional(gs, vs, dtype, device)
    if dot is None:
        hv = [np.zeros(np.shape(v), dtype=np.asarray(v).dtype) for v in values]
    else:
        hs = paddle.grad(dot, arrays, allow_unused=True)
        hv = [np.zeros(np.shape(v), dtype=np.asarray(v).dtype) if h is None
              else np.asarray(h.to_device("cpu")) for h, v in zip(hs, values)]
    plus = [np.asarray(v) + EPS * d for v, d in zip(values, vs)]
    minus = [np.asarray(v) - EPS * d for v, d in zip(values, vs)]
    _, gp = _grads(f, plus, ws, device, dtype)
    _, gm = _grads(f, minus, ws, device, dtype)
    for h, a, b in zip(hv, gp, gm):
        if a is None:
            continue
        fd = (np.asarray(a.to_device("cpu")) - np.asarray(b.to_device("cpu"))) / (2 * EPS)
        np.testing.assert_allclose(h, fd, rtol=tol, atol=tol)


def check_torch(f, tf, values, device, dtype=pc.float64, tol=1e-9):
    """The gradient of sum(Re(f(x) * w)) against torch.autograd's of tf on the same inputs.

    For complex inputs both libraries return the conjugate Wirtinger gradient of the real loss
    L, dL/dRe(z) + 1j dL/dIm(z) (= 2 dL/dconj(z)): Paddle's convention and PyTorch's are the
    same, so the gradients are compared as they are, with no conjugation or factor (and both
    against central differences of the real and imaginary parts, _fd_grad)."""
    arrays = [pc.asarray(v, dtype=dtype, device=device) for v in values]
    ws = _weights(f(*arrays))
    _, gs = _grads(f, values, ws, device, dtype)
    ts = [torch.tensor(np.asarray(v), requires_grad=True) for v in values]
    outs = tf(*ts)
    outs = outs if isinstance(outs, (tuple, list)) else [outs]
    outs = [o for o in outs if o.is_floating_point() or o.is_complex()]
    loss = sum(torch.sum(torch.real(o * torch.tensor(w))) for o, w in zip(outs, ws))
    tg = torch.autograd.grad(loss, ts, allow_unused=True)
    for g, t in zip(gs, tg):
        if t is None:
            continue
        got = np.zeros(t.shape) if g is None else np.asarray(g.to_device("cpu"))
        np.testing.assert_allclose(got, t.resolve_conj().numpy(), rtol=tol, atol=tol)


def check_torch_second(f, tf, values, device, dtype=pc.float64, tol=1e-8):
    """The Hessian-vector product (the gradient of sum Re(grad conj(v)), v complex for complex
    inputs) against torch.autograd's with create_graph=True on the same inputs."""
    ws = _weights(f(*[pc.asarray(v, dtype=dtype, device=device) for v in values]))
    vs = _directions(values, dtype)
    arrays, gs = _grads(f, values, ws, device, dtype, create_graph=True)
    dot = _directional(gs, vs, dtype, device)
    ts = [torch.tensor(np.asarray(v), requires_grad=True) for v in values]
    outs = tf(*ts)
    outs = outs if isinstance(outs, (tuple, list)) else [outs]
    outs = [o for o in outs if o.is_floating_point() or o.is_complex()]
    loss = sum(torch.sum(torch.real(o * torch.tensor(w))) for o, w in zip(outs, ws))
    tg = torch.autograd.grad(loss, ts, create_graph=True, allow_unused=True)
    tdot = sum(torch.sum(torch.real(g * torch.conj(torch.tensor(v))))
               for g, v in zip(tg, vs) if g is not None and g.requires_grad)
    # no graph on either side (a piecewise constant derivative): a zero second derivative
    hs = [None] * len(arrays) if dot is None else paddle.grad(dot, arrays, allow_unused=True)
    th = [None] * len(ts) if not torch.is_tensor(tdot) else torch.autograd.grad(
        tdot, ts, allow_unused=True)
    for h, t, v in zip(hs, th, values):
        got = np.zeros(np.shape(v)) if h is None else np.asarray(h.to_device("cpu"))
        want = np.zeros(np.shape(v)) if t is None else t.detach().numpy(force=True)
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


# ---- the elementwise functions, from the kernel table --------------------------------------

DOMAIN = {  # (low, high) of the inputs where the function is smooth; default (-2, 2)
    "log": (0.5, 2), "log2": (0.5, 2), "log10": (0.5, 2), "sqrt": (0.5, 2),
    "reciprocal": (0.5, 2), "log1p": (-0.5, 2), "asin": (-0.8, 0.8), "acos": (-0.8, 0.8),
    "atanh": (-0.8, 0.8), "acosh": (1.2, 3), "pow": (0.5, 2), "divide": (0.5, 2),
    "remainder": (0.5, 2), "floor_divide": (0.5, 2), "tan": (-1.2, 1.2),
}
JUMPS = {"remainder", "floor_divide", "mod", "floor_mod"}
ELEMENTWISE = [(name, kinds, res) for name, kinds, res in pc._C._elementwise_kinds()
               if "f" in kinds and res != "logical" and name not in _autograd._NONDIFF]
# the Paddle spellings of elementwise functions (ew_aliases.def) and what they stand for
ALIASES = {"neg": "negative", "mod": "remainder", "floor_mod": "remainder",
           "elementwise_pow": "pow"}
ELEMENTWISE += [(a, k, r) for a, t in ALIASES.items() for n, k, r in list(ELEMENTWISE)
                if n == t]
REAL_ONLY_SKIP = {"imag"}  # imag of a real tensor is an error (as in NumPy's array API)
HOLOMORPHIC = {"exp", "expm1", "log", "log1p", "log2", "log10", "sin", "cos", "tan", "sinh",
               "cosh", "tanh", "sqrt", "square", "reciprocal", "asin", "acos", "atan", "asinh",
               "atanh", "add", "subtract", "multiply", "divide", "negative", "positive",
               "conj", "real", "imag", "abs"}
NARGS = {name: len(getattr(pc._C, name).__text_signature__.split(",")) - 1
         for name, _, _ in ELEMENTWISE}
REAL = [e[0] for e in ELEMENTWISE if e[0] not in REAL_ONLY_SKIP]


def _inputs(name, shape=(3, 4), complex_=False):
    lo, hi = DOMAIN.get(ALIASES.get(name, name), (-2, 2))
    vals = []
    for i in range(NARGS[name]):
        s = shape if i == 0 else shape[1:]  # the second operand broadcasts
        v = RNG.uniform(lo, hi, s)
        if name in ("floor", "ceil", "round", "trunc", "frac"):
            v = np.round(v * 4) / 4 + 0.1  # away from the jumps
        if i == 1 and name in JUMPS:
            # x / y halfway between integers: away from the jumps of floor(x / y)
            vals[0] = v * (np.round(vals[0] / v) + 0.5)
        if complex_:
            v = v + 1j * RNG.uniform(0.2, 0.6, s)
        vals.append(v)
    return vals


def _torch_twin(name):
    """torch's function of the same meaning, or None (torch spells two names differently)."""
    return getattr(torch, {"divide": "div", "negative": "neg"}.get(name, name), None)


@pytest.mark.parametrize("name", REAL)
def test_elementwise_first(name, device):
    f = getattr(pc, name)
    vals = _inputs(name)
    check_first(f, vals, device)
    base = ALIASES.get(name, name)
    tf = _torch_twin(base)
    if tf is not None and base not in ("round", "floor_divide"):  # PyTorch has no gradient
        check_torch(f, tf, vals, device)


@pytest.mark.parametrize("name", REAL)
def test_elementwise_second(name, device):
    f = getattr(pc, name)
    vals = _inputs(name)
    check_second(f, vals, device)
    base = ALIASES.get(name, name)
    tf = _torch_twin(base)
    if tf is not None and base not in ("round", "floor_divide"):
        check_torch_second(f, tf, vals, device)


@pytest.mark.parametrize("name", sorted(n for n, k, _ in ELEMENTWISE
                                        if "c" in k and n in HOLOMORPHIC))
def test_elementwise_complex(name, device):
    f = getattr(pc, name)
    vals = _inputs(name, (5,), complex_=True)
    check_first(f, vals, device, dtype=pc.complex128)
    tf = _torch_twin(name)
    if tf is not None and name not in ("real", "imag"):
        check_torch(f, tf, vals, device, dtype=pc.complex128)


@pytest.mark.parametrize("name", sorted(n for n, k, _ in ELEMENTWISE
                                        if "c" in k and n in HOLOMORPHIC))
def test_elementwise_complex_second(name, device):
    f = getattr(pc, name)
    vals = _inputs(name, (5,), complex_=True)
    check_second(f, vals, device, dtype=pc.complex128)
    tf = _torch_twin(name)
    if tf is not None and name not in ("real", "imag"):
        check_torch_second(f, tf, vals, device, dtype=pc.complex128)


def test_elementwise_complex64(device):
    """complex64: first and second derivatives of the holomorphic functions against PyTorch's
    in complex64 (differences are too coarse in single precision)."""
    names = sorted(n for n, k, _ in ELEMENTWISE if "c" in k and n in HOLOMORPHIC
                   and n not in ("real", "imag"))
    for name in names:
        tf = _torch_twin(name)
        if tf is None:
            continue
        vals = [v.astype(np.complex64) for v in _inputs(name, (5,), complex_=True)]
        check_torch(getattr(pc, name), tf, vals, device, dtype=pc.complex64, tol=2e-4)
        check_torch_second(getattr(pc, name), tf, vals, device, dtype=pc.complex64, tol=2e-3)


def test_elementwise_float32(device):
    x = pc.asarray([0.5, 1.0, 2.0], device=device)
    x.stop_gradient = False
    g, = paddle.grad(pc.sum(pc.tanh(x) * pc.exp(x)), x)
    t = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
    tg, = torch.autograd.grad(torch.sum(torch.tanh(t) * torch.exp(t)), t)
    assert g.dtype == pc.float32
    np.testing.assert_allclose(np.asarray(g.to_device("cpu")), tg.numpy(), rtol=1e-6)


# ---- the other functions: a table of calls ---------------------------------------------------

def _spd(n):
    a = RNG.standard_normal((n, n))
    return a @ a.T + n * np.eye(n)


def _sym(n):
    a = RNG.standard_normal((n, n))
    return a + a.T


IDX = np.array([2, 0, 2])
MASK = np.array([[True, False, True, False], [False, True, True, True], [True] * 4])


def _d(a, like):
    """a (NumPy) as a tensor on the device of `like`."""
    return pc.asarray(a, device=like.device)


A34 = lambda: RNG.standard_normal((3, 4))  # noqa: E731

def _svd_parts(r, lib):
    return r[1], r[0] * lib.conj(r[0]), r[2] * lib.conj(r[2])


def _eig_parts(r, lib):
    return r[0], r[1] * lib.conj(r[1])


# a non-symmetric matrix with one real eigenvalue and a complex pair, well separated
_NONSYM = np.array([[1.0, 2.0, 0.5], [-1.5, 0.3, 1.0], [0.2, -0.4, 2.5]])
NAN_MASK = np.array([[False, True, False, False], [True, False, False, False],
                     [False, False, False, True]])


# name -> (function of the inputs, input values, torch twin or None); the name is the rule's
CASES = {
    "sum": (lambda x: pc.sum(x, axis=1), [A34()], lambda x: torch.sum(x, 1)),
    "Tensor.sum": (lambda x: x.sum(0, keepdim=True), [A34()], lambda x: x.sum(0, keepdim=True)),
    "nansum": (lambda x: pc.nansum(x), [A34()], torch.nansum),
    "Tensor.nansum": (lambda x: x.nansum(1), [A34()], lambda x: x.nansum(1)),
    "mean": (lambda x: pc.mean(x, axis=(0, 1)), [A34()], torch.mean),
    "nanmean": (lambda x: pc.nanmean(pc.where(x > -1.5, x, math.nan), axis=1), [A34()],
                None),
    "Tensor.nanmean": (lambda x: x.nanmean(), [A34()], torch.mean),
    "nanmax": (lambda x: pc.nanmax(pc.where(x > -1.0, x, math.nan), axis=0), [A34()], None),
    "nanmin": (lambda x: pc.nanmin(x, axis=1, keepdims=True), [A34()],
               lambda x: torch.amin(x, 1, keepdim=True)),
    "nanprod": (lambda x: pc.nanprod(x, axis=1), [A34()], lambda x: torch.prod(x, 1)),
    "ptp": (lambda x: pc.ptp(x, axis=0), [A34()], lambda x: torch.amax(x, 0) - torch.amin(x, 0)),
    "maxabs": (lambda x: pc.maxabs(x, axis=1), [A34()], lambda x: torch.amax(torch.abs(x), 1)),
    "nanvar": (lambda x: pc.nanvar(pc.where(x > -1.5, x, math.nan), axis=1, correction=1),
               [A34()], None),
    "nanstd": (lambda x: pc.nanstd(x), [A34()], lambda x: torch.std(x, correction=0)),
    "median": (lambda x: pc.median(x, 1), [A34()], None),
    "Tensor.median": (lambda x: x.median(), [RNG.standard_normal(5)], torch.median),
    "Tensor.mean": (lambda x: x.mean(1, keepdim=True), [A34()], lambda x: x.mean(1, True)),
    "max": (lambda x: pc.max(x, axis=0), [A34()], lambda x: torch.amax(x, 0)),
    "min": (lambda x: pc.min(x), [A34()], torch.amin),
    "amax": (lambda x: pc.amax(x, 1), [A34()], lambda x: torch.amax(x, 1)),
    "amin": (lambda x: pc.amin(x, 1, True), [A34()], lambda x: torch.amin(x, 1, True)),
    "Tensor.max": (lambda x: x.max(1), [A34()], lambda x: torch.amax(x, 1)),
    "Tensor.min": (lambda x: x.min(), [A34()], torch.amin),
    "Tensor.amax": (lambda x: x.amax(0), [A34()], lambda x: torch.amax(x, 0)),
    "Tensor.amin": (lambda x: x.amin(0), [A34()], lambda x: torch.amin(x, 0)),
    "prod": (lambda x: pc.prod(x, axis=1), [A34()], lambda x: torch.prod(x, 1)),
    "Tensor.prod": (lambda x: x.prod(0), [A34()], lambda x: torch.prod(x, 0)),
    "var": (lambda x: pc.var(x, axis=1, correction=1), [A34()], lambda x: torch.var(x, 1)),
    "std": (lambda x: pc.std(x), [A34()], lambda x: torch.std(x, correction=0)),
    "Tensor.var": (lambda x: x.var(0), [A34()], lambda x: torch.var(x, 0)),
    "Tensor.std": (lambda x: x.std(1, keepdim=True), [A34()],
                   lambda x: torch.std(x, 1, keepdim=True)),
    "logsumexp": (lambda x: pc.logsumexp(x, 1), [A34()], lambda x: torch.logsumexp(x, 1)),
    "Tensor.logsumexp": (lambda x: x.logsumexp(), [A34()],
                         lambda x: torch.logsumexp(x, (0, 1))),
    "cumsum": (lambda x: pc.cumsum(x, 1), [A34()], lambda x: torch.cumsum(x, 1)),
    "Tensor.cumsum": (lambda x: x.cumsum(), [A34()], lambda x: torch.cumsum(x.reshape(-1), 0)),
    "cumulative_sum": (lambda x: pc.cumulative_sum(x, axis=0, include_initial=True), [A34()],
                       None),
    "cumprod": (lambda x: pc.cumprod(x, 1), [A34()], lambda x: torch.cumprod(x, 1)),
    "Tensor.cumprod": (lambda x: x.cumprod(0), [A34()], lambda x: torch.cumprod(x, 0)),
    "cumulative_prod": (lambda x: pc.cumulative_prod(x, axis=1), [A34()],
                        lambda x: torch.cumprod(x, 1)),
    "matmul": (pc.matmul, [RNG.standard_normal((2, 3, 4)), RNG.standard_normal((4, 2))],
               torch.matmul),
    "Tensor.matmul": (lambda x, y: x.matmul(y, transpose_y=True),
                      [RNG.standard_normal((3,)), RNG.standard_normal((2, 3))],
                      lambda x, y: torch.matmul(x, y.T)),
    "tensordot": (lambda x, y: pc.tensordot(x, y, axes=([1, 0], [0, 2])),
                  [RNG.standard_normal((3, 2, 4)), RNG.standard_normal((2, 5, 3))],
                  lambda x, y: torch.tensordot(x, y, dims=([1, 0], [0, 2]))),
    "vecdot": (pc.vecdot, [A34(), A34()], lambda x, y: torch.linalg.vecdot(x, y)),
    "_linalg_outer": (lambda x, y: paddle.outer(x, y), [RNG.standard_normal(3),
                                                         RNG.standard_normal(4)], torch.outer),
    "_linalg_inv": (pc.linalg.inv, [_spd(3)], torch.linalg.inv),
    "_linalg_det": (pc.linalg.det, [RNG.standard_normal((3, 3))], torch.linalg.det),
    "_linalg_slogdet": (pc.linalg.slogdet, [RNG.standard_normal((3, 3))],
                        torch.linalg.slogdet),
    "_linalg_solve": (pc.linalg.solve, [_spd(3), RNG.standard_normal((3, 2))],
                      torch.linalg.solve),
    # cholesky reads one triangle: the input is made symmetric so that differences agree
    "_linalg_cholesky": (lambda a: pc.linalg.cholesky(pc.matmul(a, pc.matrix_transpose(a))),
                         [_spd(3)], lambda a: torch.linalg.cholesky(a @ a.T)),
    # eigenvectors squared: the loss does not depend on their signs (a choice of the solver)
    "_linalg_eigh": (lambda a: (lambda r: (r[0], r[1] * r[1]))(
                         pc.linalg.eigh(a + pc.matrix_transpose(a))), [_sym(3)],
                     lambda a: (lambda r: (r[0], r[1] * r[1]))(torch.linalg.eigh(a + a.T))),
    "_linalg_eigvalsh": (lambda a: pc.linalg.eigvalsh(a + pc.matrix_transpose(a)), [_sym(3)],
                         lambda a: torch.linalg.eigvalsh(a + a.T)),
    "_linalg_svdvals": (pc.linalg.svdvals, [A34()], torch.linalg.svdvals),
    "_linalg_cross": (pc.linalg.cross, [RNG.standard_normal((2, 3)),
                                        RNG.standard_normal((2, 3))], torch.linalg.cross),
    "_linalg_matrix_power": (lambda a: pc.linalg.matrix_power(a, 3),
                             [RNG.standard_normal((3, 3))],
                             lambda a: torch.linalg.matrix_power(a, 3)),
    "_linalg_diagonal": (lambda a: pc.linalg.diagonal(a, offset=1), [A34()],
                         lambda a: torch.diagonal(a, 1)),
    "take": (lambda x: pc.take(x, _d(IDX, x), axis=1), [A34()],
             lambda x: torch.index_select(x, 1, torch.tensor([2, 0, 2]))),
    "gather": (lambda x: pc.gather(x, _d(IDX, x), 1), [A34()], None),
    "Tensor.gather": (lambda x: x.gather(_d(IDX, x)), [A34()], None),
    "index_select": (lambda x: pc.index_select(x, _d(IDX, x), 1), [A34()], None),
    "Tensor.index_select": (lambda x: x.index_select(_d(IDX, x)), [A34()], None),
    "take_along_axis": (lambda x: pc.take_along_axis(x, _d([[0, 0], [3, 1], [2, 2]], x),
                                                     axis=1), [A34()],
                        lambda x: torch.take_along_dim(x, torch.tensor([[0, 0], [3, 1], [2, 2]]),
                                                       1)),
    "gather_nd": (lambda x: pc.gather_nd(x, _d([[0, 1], [2, 3], [0, 1]], x)), [A34()],
                  None),
    "Tensor.gather_nd": (lambda x: x.gather_nd(_d([[1], [1]], x)), [A34()], None),
    "masked_select": (lambda x: pc.masked_select(x, _d(MASK, x)), [A34()],
                      lambda x: torch.masked_select(x, torch.tensor(np.asarray(MASK)))),
    "Tensor.masked_select": (lambda x: x.masked_select(_d(MASK, x)), [A34()], None),
    "getitem": (lambda x: x[1:, _d([0, 2, 2], x)], [A34()],
                lambda x: x[1:, torch.tensor([0, 2, 2])]),
    "scatter": (lambda x, u: pc.scatter(x, _d([2, 0], x), u), [A34(),
                                                                     RNG.standard_normal((2, 4))],
                None),
    "Tensor.scatter": (lambda x, u: x.scatter(_d([1], x), u), [A34(),
                                                                    RNG.standard_normal((1, 4))],
                       None),
    "masked_fill": (lambda x, v: pc.masked_fill(x, _d(MASK, x), v), [A34(), np.array(0.5)],
                    None),
    "Tensor.masked_fill": (lambda x: x.masked_fill(_d(MASK, x), 2.0), [A34()], None),
    "where": (lambda x, y: pc.where(_d(MASK, x), x, y), [A34(), RNG.standard_normal(4)],
              lambda x, y: torch.where(torch.tensor(np.asarray(MASK)), x, y)),
    "sort": (lambda x: pc.sort(x, axis=1), [A34()], lambda x: torch.sort(x, 1)[0]),
    "Tensor.sort": (lambda x: x.sort(0, descending=True), [A34()],
                    lambda x: torch.sort(x, 0, descending=True)[0]),
    "topk": (lambda x: pc.topk(x, 2), [A34()], lambda x: torch.topk(x, 2)),
    "Tensor.topk": (lambda x: x.topk(2, axis=0), [A34()], lambda x: torch.topk(x, 2, 0)),
    "kthvalue": (lambda x: pc.kthvalue(x, 2, 1), [A34()], lambda x: torch.kthvalue(x, 2, 1)),
    "Tensor.kthvalue": (lambda x: x.kthvalue(1, 0, keepdim=True), [A34()],
                        lambda x: torch.kthvalue(x, 1, 0, keepdim=True)),
    "reshape": (lambda x: pc.reshape(x, (4, 3)), [A34()], lambda x: x.reshape(4, 3)),
    "Tensor.reshape": (lambda x: x.reshape([2, -1]), [A34()], lambda x: x.reshape(2, -1)),
    "flatten": (lambda x: pc.flatten(x), [A34()], torch.flatten),
    "Tensor.flatten": (lambda x: x.flatten(), [A34()], torch.flatten),
    "squeeze": (lambda x: pc.squeeze(x, axis=0), [RNG.standard_normal((1, 3))],
                lambda x: x.squeeze(0)),
    "Tensor.squeeze": (lambda x: x.squeeze(), [RNG.standard_normal((1, 3))], torch.squeeze),
    "expand_dims": (lambda x: pc.expand_dims(x, axis=1), [A34()], lambda x: x.unsqueeze(1)),
    "unsqueeze": (lambda x: pc.unsqueeze(x, 0), [A34()], lambda x: x.unsqueeze(0)),
    "Tensor.unsqueeze": (lambda x: x.unsqueeze(-1), [A34()], lambda x: x.unsqueeze(-1)),
    "broadcast_to": (lambda x: pc.broadcast_to(x, (2, 3, 4)), [RNG.standard_normal((3, 1))],
                     lambda x: x.expand(2, 3, 4)),
    "Tensor.broadcast_to": (lambda x: x.broadcast_to([2, 4]), [RNG.standard_normal(4)], None),
    "expand": (lambda x: pc.expand(x, [3, 4]), [RNG.standard_normal((1, 4))], None),
    "Tensor.expand": (lambda x: x.expand([2, 4]), [RNG.standard_normal(4)], None),
    "expand_as": (lambda x: pc.expand_as(x, pc.zeros((3, 4), device=x.device)),
                  [RNG.standard_normal(4)], None),
    "Tensor.expand_as": (lambda x: x.expand_as(pc.zeros((2, 4), device=x.device)),
                         [RNG.standard_normal(4)], None),
    "permute_dims": (lambda x: pc.permute_dims(x, (1, 2, 0)), [RNG.standard_normal((2, 3, 4))],
                     lambda x: x.permute(1, 2, 0)),
    "transpose": (lambda x: pc.transpose(x, [1, 0]), [A34()], lambda x: x.T),
    "Tensor.transpose": (lambda x: x.transpose([2, 0, 1]), [RNG.standard_normal((2, 3, 4))],
                         lambda x: x.permute(2, 0, 1)),
    "matrix_transpose": (pc.matrix_transpose, [RNG.standard_normal((2, 3, 4))], lambda x: x.mT),
    "moveaxis": (lambda x: pc.moveaxis(x, 0, -1), [RNG.standard_normal((2, 3, 4))],
                 lambda x: torch.moveaxis(x, 0, -1)),
    "flip": (lambda x: pc.flip(x, axis=1), [A34()], lambda x: torch.flip(x, (1,))),
    "Tensor.flip": (lambda x: x.flip([0, 1]), [A34()], lambda x: torch.flip(x, (0, 1))),
    "roll": (lambda x: pc.roll(x, 2, axis=1), [A34()], lambda x: torch.roll(x, 2, 1)),
    "Tensor.roll": (lambda x: x.roll(1), [A34()], lambda x: torch.roll(x, 1)),
    "tril": (lambda x: pc.tril(x, k=1), [A34()], lambda x: torch.tril(x, 1)),
    "triu": (lambda x: pc.triu(x), [A34()], torch.triu),
    "concat": (lambda x, y: pc.concat([x, y], axis=1), [A34(), RNG.standard_normal((3, 2))],
               lambda x, y: torch.cat([x, y], 1)),
    "stack": (lambda x, y: pc.stack([x, y], axis=1), [A34(), A34()],
              lambda x, y: torch.stack([x, y], 1)),
    "unstack": (lambda x: pc.unstack(x, axis=1), [A34()], lambda x: torch.unbind(x, 1)),
    "split": (lambda x: pc.split(x, [1, 3], axis=1), [A34()],
              lambda x: torch.split(x, [1, 3], 1)),
    "Tensor.split": (lambda x: x.split(3), [A34()], lambda x: torch.split(x, 1)),
    "chunk": (lambda x: pc.chunk(x, 2, axis=1), [A34()], lambda x: torch.chunk(x, 2, 1)),
    "Tensor.chunk": (lambda x: x.chunk(3), [A34()], lambda x: torch.chunk(x, 3)),
    "tile": (lambda x: pc.tile(x, (2, 1, 3)), [A34()], lambda x: torch.tile(x, (2, 1, 3))),
    "Tensor.tile": (lambda x: x.tile([2]), [A34()], lambda x: torch.tile(x, (2,))),
    "repeat": (lambda x: pc.repeat(x, 2, axis=0), [A34()],
               lambda x: torch.repeat_interleave(x, 2, 0)),
    "broadcast_arrays": (lambda x, y: pc.broadcast_arrays(x, y), [A34(), RNG.standard_normal(4)],
                         lambda x, y: torch.broadcast_tensors(x, y)),
    "meshgrid": (lambda x, y: pc.meshgrid(x, y), [RNG.standard_normal(3),
                                                  RNG.standard_normal(2)],
                 lambda x, y: torch.meshgrid(x, y, indexing="xy")),
    "diff": (lambda x: pc.diff(x, n=2, axis=1), [A34()], lambda x: torch.diff(x, 2, 1)),
    "Tensor.diff": (lambda x: x.diff(axis=0), [A34()], lambda x: torch.diff(x, 1, 0)),
    "astype": (lambda x: pc.astype(x, pc.complex128), [A34()], None),
    "Tensor.astype": (lambda x: x.astype("complex128"), [A34()], None),
    "cast": (lambda x: pc.cast(x, "complex128"), [A34()], None),
    "Tensor.cast": (lambda x: x.cast(pc.complex128), [A34()], None),
    "clip": (lambda x: pc.clip(x, -0.5, 0.5), [A34()], lambda x: torch.clip(x, -0.5, 0.5)),
    "Tensor.clip": (lambda x: x.clip(max=0.2), [A34()], lambda x: torch.clip(x, max=0.2)),
    "clone": (pc.clone, [A34()], torch.clone),
    "Tensor.clone": (lambda x: x.clone(), [A34()], torch.clone),
    "contiguous": (lambda x: pc.contiguous(pc.matrix_transpose(x)), [A34()], lambda x: x.T),
    "Tensor.contiguous": (lambda x: x.contiguous(), [A34()], None),
    "Tensor.imag": (lambda x: (x * (1 + 2j)).imag(), [A34()], lambda x: 2 * x),
    "Tensor.to_device": (lambda x: x.to_device("cpu"), [A34()], None),
    "Tensor.cpu": (lambda x: x.cpu(), [A34()], None),
    "fft.fft": (lambda x: pc.fft.fft(x, n=6, axis=1), [A34()],
                lambda x: torch.fft.fft(x, n=6, dim=1)),
    "fft.ifft": (lambda x: pc.fft.ifft(x, norm="ortho"), [A34()],
                 lambda x: torch.fft.ifft(x, norm="ortho")),
    "fft.fftn": (lambda x: pc.fft.fftn(x), [A34()], torch.fft.fftn),
    "fft.ifftn": (lambda x: pc.fft.ifftn(x, norm="forward"), [A34()],
                  lambda x: torch.fft.ifftn(x, norm="forward")),
    "fft.fftshift": (lambda x: pc.fft.fftshift(x), [RNG.standard_normal((3, 5))],
                     torch.fft.fftshift),
    "fft.ifftshift": (lambda x: pc.fft.ifftshift(x, axes=1), [RNG.standard_normal((3, 5))],
                      lambda x: torch.fft.ifftshift(x, dim=1)),
    "fft.rfft": (lambda x: pc.fft.rfft(x, n=6, axis=1), [A34()],
                 lambda x: torch.fft.rfft(x, n=6, dim=1)),
    "fft.irfft": (lambda x: pc.fft.irfft(x, n=5, axis=1), [A34()],
                  lambda x: torch.fft.irfft(x, n=5, dim=1)),
    "fft.rfftn": (lambda x: pc.fft.rfftn(x, s=(3, 6), axes=(0, 1)), [A34()],
                  lambda x: torch.fft.rfftn(x, s=(3, 6), dim=(0, 1))),
    "fft.irfftn": (lambda x: pc.fft.irfftn(x, norm="ortho"), [A34()],
                   lambda x: torch.fft.irfftn(x, norm="ortho")),
    "fft.hfft": (lambda x: pc.fft.hfft(x, n=7, axis=0), [A34()],
                 lambda x: torch.fft.hfft(x, n=7, dim=0)),
    "fft.ihfft": (lambda x: pc.fft.ihfft(x, norm="forward"), [A34()],
                  lambda x: torch.fft.ihfft(x, norm="forward")),
    # an odd count of values that are not NaN in each row: the middle one (PyTorch's lower
    # median is the same)
    "nanmedian": (lambda x: pc.nanmedian(pc.where(_d(NAN_MASK, x), math.nan, x), axis=1),
                  [A34()], lambda x: torch.nanmedian(
                      torch.where(torch.tensor(NAN_MASK), math.nan, x), 1)[0]),
    # singular vectors squared: the loss does not depend on their signs (or phases)
    "_linalg_svd": (lambda a: _svd_parts(pc.linalg.svd(a, full_matrices=False), pc),
                    [A34()], lambda a: _svd_parts(torch.linalg.svd(a, full_matrices=False),
                                                  torch)),
    "_linalg_qr": (lambda a: tuple(pc.linalg.qr(a)), [RNG.standard_normal((4, 3))],
                   lambda a: tuple(torch.linalg.qr(a))),
    # eigenvectors as |v|^2: the loss does not depend on their phases
    "_linalg_eig": (lambda a: _eig_parts(pc.linalg.eig(a), pc), [_NONSYM],
                    lambda a: _eig_parts(torch.linalg.eig(a), torch)),
    "_linalg_eigvals": (pc.linalg.eigvals, [_NONSYM], torch.linalg.eigvals),
}
# Tensor methods of the elementwise functions share the functions' rules: one case each
for _n, _k, _r in [e for e in ELEMENTWISE if e[0] not in REAL_ONLY_SKIP]:
    if "Tensor." + _n in _autograd._RULES and hasattr(pc.Tensor, _n):
        CASES.setdefault("Tensor." + _n, (
            (lambda n: (lambda *a: getattr(a[0], n)(*a[1:])))(_n), None, None))
CASES["ravel"] = CASES["Tensor.ravel"] = (lambda x: x.ravel(), [A34()], None)
# no second-order check: the function is piecewise linear
FIRST_ONLY = {"sort", "Tensor.sort", "topk", "Tensor.topk", "kthvalue", "Tensor.kthvalue"}


def _case(name):
    f, vals, tf = CASES[name]
    if vals is None:
        base = name.split(".", 1)[1]
        vals = _inputs(base, (2, 3))
    return f, vals, tf


@pytest.mark.parametrize("name", sorted(CASES))
def test_function_first(name, device):
    f, vals, tf = _case(name)
    check_first(f, [np.asarray(v) for v in vals], device)
    if tf is not None:
        check_torch(f, tf, [np.asarray(v) for v in vals], device)


@pytest.mark.parametrize("name", sorted(set(CASES) - FIRST_ONLY))
def test_function_second(name, device):
    f, vals, tf = _case(name)
    check_second(f, [np.asarray(v) for v in vals], device)
    if tf is not None:
        check_torch_second(f, tf, [np.asarray(v) for v in vals], device)


@pytest.mark.parametrize("name", ["matmul", "cumprod", "_linalg_inv", "_linalg_svd",
                                  "_linalg_qr", "_linalg_eig", "fft.fft", "fft.irfftn",
                                  "fft.hfft"])
def test_function_complex64(name, device):
    """complex64: first and second derivatives against PyTorch's in complex64."""
    f, vals, tf = _case(name)
    vals = [v.astype(np.complex64) for v in _complex_values(vals)]
    check_torch(f, tf, vals, device, dtype=pc.complex64, tol=2e-3)
    check_torch_second(f, tf, vals, device, dtype=pc.complex64, tol=2e-2)


# ---- the spectral decompositions and nanmedian beyond the table's cases ---------------------

SPECTRAL = {
    # tall, square, batched and full decompositions (full: the first min(m, n) vectors carry
    # the gradient, as in PyTorch)
    "svd tall": (lambda a: _svd_parts(pc.linalg.svd(a, full_matrices=False), pc), (4, 3),
                 lambda a: _svd_parts(torch.linalg.svd(a, full_matrices=False), torch)),
    "svd full tall": (lambda a: (lambda r: (r[1], _cols_sq(r[0], 2)))(pc.linalg.svd(a)),
                      (4, 2), lambda a: (lambda r: (r[1], _cols_sq(r[0], 2)))(
                          torch.linalg.svd(a))),
    "svd full wide": (lambda a: (lambda r: (r[1], _rows_sq(r[2], 2)))(pc.linalg.svd(a)),
                      (2, 4), lambda a: (lambda r: (r[1], _rows_sq(r[2], 2)))(
                          torch.linalg.svd(a))),
    "svd batched": (lambda a: _svd_parts(pc.linalg.svd(a, full_matrices=False), pc), (2, 3, 3),
                    lambda a: _svd_parts(torch.linalg.svd(a, full_matrices=False), torch)),
    "qr wide": (lambda a: tuple(pc.linalg.qr(a)), (3, 5), lambda a: tuple(torch.linalg.qr(a))),
    "qr complete square": (lambda a: tuple(pc.linalg.qr(a, mode="complete")), (2, 3, 3),
                           lambda a: tuple(torch.linalg.qr(a, mode="complete"))),
    "eigvals batched": (pc.linalg.eigvals, (2, 3, 3), torch.linalg.eigvals),
    # a loss of the eigenvalues alone: the eigenvectors' Tensor object is gone by the backward
    # pass, and the second derivative needs their graph (_outputs in the rules)
    "eigh values only": (lambda a: pc.linalg.eigh(a + pc.conj(pc.matrix_transpose(a)))[0],
                         (3, 3), lambda a: torch.linalg.eigh(a + a.mH)[0]),
}


def _cols_sq(u, k):
    return u[..., :k] * u[..., :k]


def _rows_sq(vh, k):
    return vh[..., :k, :] * vh[..., :k, :]


# complex too, but for the full decompositions (their cases' losses square the vectors, which
# depends on the phases of complex ones)
@pytest.mark.parametrize("name, dtype", [(n, pc.float64) for n in sorted(SPECTRAL)] + [
    (n, pc.complex128) for n in sorted(SPECTRAL) if not n.startswith("svd full")])
def test_spectral_shapes(name, dtype, device):
    f, shape, tf = SPECTRAL[name]
    vals = [RNG.standard_normal(shape)]
    if dtype == pc.complex128:
        vals = _complex_values(vals)
    check_first(f, vals, device, dtype=dtype)
    check_torch(f, tf, vals, device, dtype=dtype)
    check_torch_second(f, tf, vals, device, dtype=dtype)


def test_qr_complete_tall_has_no_gradient():
    x = pc.asarray(RNG.standard_normal((4, 2)))
    x.stop_gradient = False
    q, r = pc.linalg.qr(x, mode="complete")
    with pytest.raises(NotImplementedError, match="mode='complete'"):
        paddle.grad(pc.sum(q) + pc.sum(r), x)
    with pytest.raises(RuntimeError):
        torch.linalg.qr(torch.tensor(np.asarray(x), requires_grad=True),
                        mode="complete")[0].sum().backward()


def test_repeated_eigenvalues_as_pytorch():
    """At a repeated eigenvalue the gradient through the eigenvectors is infinite, or of the
    order of 1 / rounding error where the computed eigenvalues differ by rounding (in PyTorch
    too); through the eigenvalues alone (eigvals, or eig's eigenvalues) it is finite and equal
    to PyTorch's. The same for the singular values of svd."""
    p = np.array([[1.0, 0.5, 0.2], [0.3, 1.0, -0.4], [0.1, 0.2, 1.0]])
    a = p @ np.diag([2.0, 2.0, 5.0]) @ np.linalg.inv(p)
    x = pc.asarray(a)
    x.stop_gradient = False
    g, = paddle.grad(pc.sum(pc.real(pc.linalg.eigvals(x))), x)
    t = torch.tensor(a, requires_grad=True)
    tg, = torch.autograd.grad(torch.sum(torch.real(torch.linalg.eigvals(t))), t)
    np.testing.assert_allclose(np.asarray(g), tg.numpy(), atol=1e-9)
    w, v = pc.linalg.eig(x)  # through the eigenvalues of eig: the same, finite
    g, = paddle.grad(pc.sum(pc.real(w)), x, retain_graph=True)
    np.testing.assert_allclose(np.asarray(g), tg.numpy(), atol=1e-9)
    weight = RNG.standard_normal((3, 3))
    g, = paddle.grad(pc.sum(pc.real(v * pc.conj(v)) * pc.asarray(weight)), x)
    tw, tv = torch.linalg.eig(t)
    tg, = torch.autograd.grad(torch.sum(torch.real(tv * tv.conj()) * torch.tensor(weight)), t)
    def blown_up(a):  # infinite, or of the order of 1 / rounding error
        return not np.all(np.isfinite(a)) or np.abs(a).max() > 1e8

    assert blown_up(np.asarray(g)) and blown_up(tg.numpy())
    s = pc.asarray(np.diag([3.0, 3.0, 1.0]))
    s.stop_gradient = False
    u, sv, vh = pc.linalg.svd(s)
    gs, = paddle.grad(pc.sum(sv * pc.asarray([1.0, 2.0, 3.0])), s)
    ts = torch.tensor(np.asarray(s), requires_grad=True)
    tgs, = torch.autograd.grad(torch.sum(torch.linalg.svd(ts)[1] * torch.tensor(
        [1.0, 2.0, 3.0], dtype=torch.float64)), ts)
    np.testing.assert_allclose(np.asarray(gs), tgs.numpy(), atol=1e-12)


@pytest.mark.parametrize("call, twin", [
    # all elements, an even count of values: the mean of the middle pair
    (lambda x: pc.nanmedian(x), lambda x: None),
    # the lower median, as PyTorch's
    (lambda x: pc.nanmedian(x, axis=0, mode="min"),
     lambda x: torch.nanmedian(x, 0)[0]),
    (lambda x: pc.nanmedian(x, axis=1, keepdim=True), None),
    (lambda x: pc.nanmedian(x, mode="min"), torch.nanmedian),
])
def test_nanmedian_forms(call, twin, device):
    mask = pc.asarray(NAN_MASK, device=device)

    def f(x):
        r = call(pc.where(mask, math.nan, x))
        return r[0] if isinstance(r, tuple) else r

    vals = [RNG.standard_normal((3, 4))]
    check_first(f, vals, device)
    check_second(f, vals, device)
    if twin is not None and twin(torch.zeros(1)) is not None:
        tf = (lambda x: twin(torch.where(torch.tensor(NAN_MASK), math.nan, x)))
        check_torch(f, tf, vals, device)


def test_median_forms(device):
    """median: the lower median (mode='min') against PyTorch's, and NaN for a lane holding
    NaN under recording as without."""
    vals = [RNG.standard_normal((3, 4))]
    check_first(lambda x: pc.median(x, mode="min"), vals, device)
    check_torch(lambda x: pc.median(x, mode="min"), torch.median, vals, device)
    x = pc.asarray([[1.0, math.nan, 3.0], [2.0, 0.5, 4.0]], device=device)
    x.stop_gradient = False
    y = pc.median(x, axis=1)
    assert np.isnan(float(y[0])) and float(y[1]) == 2.0
    g, = paddle.grad(y[1], x)
    np.testing.assert_allclose(np.asarray(g.to_device("cpu")), [[0, 0, 0], [1, 0, 0]])


def test_nanmedian_all_nan_lane():
    x = pc.asarray([[math.nan, math.nan], [1.0, 3.0]])
    x.stop_gradient = False
    y = pc.nanmedian(x, axis=1)
    assert np.isnan(float(y[0])) and float(y[1]) == 2.0
    g, = paddle.grad(y[1], x)
    np.testing.assert_allclose(np.asarray(g), [[0.0, 0.0], [0.5, 0.5]])


@pytest.mark.parametrize("call", [
    lambda x: pc.fft.rfft(x * 1j), lambda x: pc.fft.ihfft(x * 1j),
    lambda x: pc.fft.irfft(x[:1]), lambda x: pc.fft.irfft(x, n=0),
    lambda x: pc.fft.hfft(x, n=-1), lambda x: pc.fft.rfft(x, axis=3),
    lambda x: pc.fft.irfftn(x, axes=(0, 0)), lambda x: pc.fft.rfftn(x, s=(0,), axes=(0,)),
    lambda x: pc.nanmedian(x, axis=2), lambda x: pc.nanmedian(x, mode="max"),
])
def test_compositions_refuse_as_the_functions(call):
    """The functions differentiated through a composition refuse bad arguments with their own
    exception and message under recording too."""
    errors = []
    for requires in (False, True):
        x = pc.asarray([1.0, 2.0, 3.0, 4.0])
        x.stop_gradient = not requires
        with pytest.raises(Exception) as info:
            call(x)
        errors.append((type(info.value), str(info.value)))
    assert errors[0] == errors[1]


# ---- complex inputs ----------------------------------------------------------------------------

# the table's functions defined on complex inputs (the cases' inputs plus an imaginary part):
# first and second derivatives against differences and against PyTorch, in complex128.
# Not here: the real-only functions (comparisons, sorting, clip, the real transforms' inputs
# rfft/rfftn/ihfft), cholesky and eigh (their cases build a symmetric, not Hermitian, input;
# SPECTRAL has a Hermitian eigh case).
COMPLEX_CASES = [
    "sum", "mean", "prod", "cumsum", "cumprod", "matmul", "tensordot", "vecdot",
    "_linalg_outer", "_linalg_inv", "_linalg_det", "_linalg_slogdet", "_linalg_solve",
    "_linalg_svd",
    "_linalg_svdvals", "_linalg_qr", "_linalg_eig", "_linalg_eigvals", "_linalg_matrix_power",
    "fft.fft", "fft.ifft", "fft.fftn", "fft.ifftn", "fft.irfft", "fft.irfftn", "fft.hfft",
    "reshape", "permute_dims", "flip", "roll", "concat", "stack", "take", "getitem", "where",
    "tril", "diff", "tile",
]


def _complex_values(vals):
    return [np.asarray(v) + 0.5j * RNG.standard_normal(np.shape(v)) for v in vals]


@pytest.mark.parametrize("name", COMPLEX_CASES)
def test_function_complex(name, device):
    f, vals, tf = _case(name)
    vals = _complex_values(vals)
    check_first(f, vals, device, dtype=pc.complex128)
    check_torch(f, tf, vals, device, dtype=pc.complex128)
    check_second(f, vals, device, dtype=pc.complex128)
    check_torch_second(f, tf, vals, device, dtype=pc.complex128)


# ---- the coverage gate -----------------------------------------------------------------------

def _gated():
    wrapper = type(pc._C._ag_function(len, "len"))
    names = {n for n in dir(pc._C) if isinstance(getattr(pc._C, n), wrapper)}
    names |= {"Tensor." + n for n, v in vars(pc.Tensor).items() if isinstance(v, wrapper)}
    names |= {"fft." + n for n in pc.fft.__all__ if isinstance(getattr(pc.fft, n), wrapper)}
    return names


def test_coverage_gate():
    gated = _gated()
    missing = {n for n in gated if n not in _autograd._RULES}
    assert missing == set(NO_RULE_YET), (
        f"functions behind the gate without a rule: {sorted(missing - set(NO_RULE_YET))}; "
        f"listed but covered now: {sorted(set(NO_RULE_YET) - missing)}")
    elementwise = {n for n, _, _ in ELEMENTWISE}
    untested = {n for n in gated if n in _autograd._RULES and n not in CASES
                and n not in elementwise}
    assert not untested, f"rules without a test case: {sorted(untested)}"


def test_nondiff_functions_stop_gradients():
    x = pc.asarray([1.5, -2.0, 3.0])
    x.stop_gradient = False
    for out in (pc.argmax(x), pc.greater(x, 0), pc.isnan(x), pc.argsort(x), x > 1,
                pc.floor_divide(pc.astype(x, pc.int64), 2)):
        assert out.stop_gradient


def test_missing_rule_raises():
    """A function behind the gate with no rule (none is left in the namespace: a wrapper made
    for the test) raises NotImplementedError naming it, and runs under no_grad."""
    fn = pc._C._ag_function(lambda t: t * 2, "_test_no_rule")
    x = pc.asarray([1.0, 2.0])
    x.stop_gradient = False
    with pytest.raises(NotImplementedError, match="_test_no_rule"):
        fn(x)
    with paddle.no_grad():
        assert fn(x).tolist() == [2.0, 4.0]  # runs without recording


# ---- higher order --------------------------------------------------------------------------

@pytest.mark.parametrize("f, d3", [
    (lambda x: x ** 4, lambda x: 24 * x),
    (pc.tanh, lambda x: -2 * (1 - np.tanh(x) ** 2) * (1 - 3 * np.tanh(x) ** 2)),
    (pc.exp, np.exp),
    (pc.sin, lambda x: -np.cos(x)),
    (lambda x: pc.log(x) * x, lambda x: -1 / x ** 2),
])
def test_third_order(f, d3, device):
    v = np.array([0.3, 0.7, 1.2])
    x = pc.asarray(v, dtype=pc.float64, device=device)
    x.stop_gradient = False
    g = x
    y = pc.sum(f(x))
    for k in range(3):
        g, = paddle.grad(y, x, create_graph=k < 2)
        y = pc.sum(g)
    np.testing.assert_allclose(np.asarray(g.to_device("cpu")), d3(v), rtol=1e-9)


def test_mlp_second_derivative_matches_torch():
    rng = np.random.default_rng(0)
    w1, w2 = rng.standard_normal((1, 8)), rng.standard_normal((8, 1))
    xs = np.linspace(-1, 1, 5)[:, None]

    def ours():
        p = [pc.asarray(w1), pc.asarray(w2)]
        for t in p:
            t.stop_gradient = False
        x = pc.asarray(xs)
        x.stop_gradient = False
        u = pc.matmul(pc.tanh(pc.matmul(x, p[0])), p[1])
        du, = paddle.grad(u, x, create_graph=True)
        d2u, = paddle.grad(du, x, create_graph=True)
        loss = pc.sum(d2u * d2u)
        loss.backward()
        return [np.asarray(t.grad) for t in p] + [np.asarray(d2u)]

    def theirs():
        p = [torch.tensor(w1, requires_grad=True), torch.tensor(w2, requires_grad=True)]
        x = torch.tensor(xs, requires_grad=True)
        u = torch.tanh(x @ p[0]) @ p[1]
        du, = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)
        d2u, = torch.autograd.grad(du, x, torch.ones_like(du), create_graph=True)
        torch.sum(d2u * d2u).backward()
        return [t.grad.numpy() for t in p] + [d2u.detach().numpy()]

    for a, b in zip(ours(), theirs()):
        np.testing.assert_allclose(a, b, rtol=1e-10, atol=1e-12)


def test_jacobian_and_hessian():
    x = paddle.to_tensor([1.0, 2.0], dtype="float64")
    x.stop_gradient = False
    J = paddle.autograd.jacobian(x * x, x)
    np.testing.assert_allclose(np.asarray(J), [[2.0, 0.0], [0.0, 4.0]])
    H = paddle.autograd.hessian(pc.sum(x ** 3), x)
    np.testing.assert_allclose(np.asarray(H), [[6.0, 0.0], [0.0, 12.0]])
    xb = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], dtype="float64")
    xb.stop_gradient = False
    Jb = paddle.autograd.jacobian(xb * xb, xb, batch_axis=0)
    assert Jb.shape == (2, 2, 2)
    np.testing.assert_allclose(np.asarray(Jb)[1], [[6.0, 0.0], [0.0, 8.0]])


# ---- the surface -------------------------------------------------------------------------------

def test_stop_gradient_defaults_and_counts():
    live = pc._C._ag_live()
    x = paddle.to_tensor([1.0, 2.0])
    assert x.stop_gradient and x.grad is None and x.is_leaf and x.grad_fn is None
    x.stop_gradient = False
    assert pc._C._ag_live() == live + 1
    y = x * 2
    assert not y.stop_gradient and not y.is_leaf and y.grad_fn is not None
    assert (x.detach()).stop_gradient and not x.stop_gradient
    del x, y
    assert pc._C._ag_live() == live


def test_backward_accumulates_and_clear_grad():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    x.stop_gradient = False
    (x * x).sum().backward()
    (x * x).sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [4.0, 8.0, 12.0])
    x.clear_grad()
    np.testing.assert_allclose(np.asarray(x.grad), [0.0, 0.0, 0.0])
    x.clear_gradient(set_to_zero=False)
    assert x.grad is None


def test_backward_non_scalar_uses_ones_and_grad_tensor():
    x = paddle.to_tensor([1.0, 2.0])
    x.stop_gradient = False
    (x * x).backward()  # Paddle: a tensor of ones
    np.testing.assert_allclose(np.asarray(x.grad), [2.0, 4.0])
    x.clear_grad()
    (x * 3).backward(paddle.to_tensor([1.0, 2.0]))
    np.testing.assert_allclose(np.asarray(x.grad), [3.0, 6.0])
    with pytest.raises(ValueError, match="shape"):
        (x * 3).backward(paddle.to_tensor([1.0, 2.0, 3.0]))


def test_backward_twice_needs_retain_graph():
    x = paddle.to_tensor([1.0, 2.0])
    x.stop_gradient = False
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward()
    np.testing.assert_allclose(np.asarray(x.grad), [4.0, 8.0])
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        y.backward()


def test_inplace_change_of_saved_tensor_raises():
    x = paddle.to_tensor([1.0, 2.0])
    x.stop_gradient = False
    w = x * 1
    y = (w * w).sum()
    w[0] = 5.0  # a non-leaf: recorded, and it changes what multiply saved
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_setitem_records_and_leaf_setitem_raises():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    x.stop_gradient = False
    with pytest.raises(ValueError, match="Leaf Tensor"):
        x[0] = 1.0
    v = paddle.to_tensor(4.0)
    v.stop_gradient = False
    y = x * 2
    y[1] = v * 3
    y.sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [2.0, 0.0, 2.0])
    np.testing.assert_allclose(float(v.grad), 3.0)


def test_iadd_is_out_of_place_under_recording():
    x = paddle.to_tensor([1.0, 2.0])
    x.stop_gradient = False
    y = x
    y += 1  # Paddle: a new tensor, x unchanged
    assert y is not x and x.tolist() == [1.0, 2.0]
    y.sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [1.0, 1.0])


def test_grad_function():
    a = paddle.to_tensor([1.0])
    a.stop_gradient = False
    b = paddle.to_tensor([1.0])
    b.stop_gradient = False
    with pytest.raises(ValueError, match="1-th input does not appear"):
        paddle.grad((a * 2).sum(), [a, b])
    ga, gb = paddle.grad((a * 2).sum(), [a, b], allow_unused=True)
    assert gb is None and float(ga) == 2.0 and ga.stop_gradient
    g, = paddle.grad((a ** 3).sum(), a, create_graph=True)
    assert not g.stop_gradient and a.grad is None
    c = paddle.to_tensor([1.0])
    with pytest.raises(ValueError, match="0-th input"):
        paddle.grad(c * 2, c)
    h = a * 3  # a non-leaf input
    gh, = paddle.grad((h * h).sum(), h)
    assert float(gh) == 6.0


def test_hooks():
    x = paddle.to_tensor([1.0, 2.0])
    x.stop_gradient = False
    handle = x.register_hook(lambda g: g * 2)
    (x * x).sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [4.0, 8.0])
    assert handle.remove()
    seen = []
    y = x * 3
    y.register_hook(lambda g: seen.append(g.tolist()))
    y.sum().backward()
    assert seen == [[1.0, 1.0]]
    with pytest.raises(RuntimeError, match="stop gradient"):
        paddle.to_tensor([1.0]).register_hook(lambda g: g)


def test_grad_modes():
    x = paddle.to_tensor([1.0])
    x.stop_gradient = False
    assert paddle.is_grad_enabled()
    with paddle.no_grad():
        assert not paddle.is_grad_enabled()
        assert (x * 2).stop_gradient
        with paddle.enable_grad():
            assert not (x * 2).stop_gradient
    assert paddle.is_grad_enabled()

    @paddle.no_grad()
    def f(t):
        return t * 2

    assert f(x).stop_gradient
    with paddle.set_grad_enabled(False):
        assert (x * 2).stop_gradient
    assert paddle.is_grad_enabled()
    paddle.set_grad_enabled(False)
    assert not paddle.is_grad_enabled()
    paddle.set_grad_enabled(True)


def test_integer_outputs_stop_gradient():
    x = paddle.to_tensor([1.5, 2.5])
    x.stop_gradient = False
    assert pc.astype(x, pc.int32).stop_gradient
    assert pc.argmax(x).stop_gradient


def test_no_recording_without_grad_leaves_nothing():
    x = paddle.to_tensor([1.0, 2.0])
    y = pc.exp(x) + x
    assert y.stop_gradient and y.grad_fn is None


def test_wrapped_functions_pickle_by_reference():
    """The gate's wrappers pickle as the builtins they wrap (Cubed and Dask send functions to
    worker processes)."""
    import pickle

    import paddle_c as pc

    for f in (pc.sum, pc.exp, pc.matmul, pc.fft.fft, pc.linalg.matmul):
        assert pickle.loads(pickle.dumps(f)) is f


# ---- the C engine (csrc/python/autograd_node.c, autograd_engine.c) ----------------------------


def _leaf(values):
    """A float64 leaf that requires a gradient, on the default device (hostdev:0 under make
    test-hostdev)."""
    x = paddle.to_tensor(values, dtype="float64")
    x.stop_gradient = False
    return x


def test_graph_is_freed_by_backward():
    """backward() without retain_graph frees each node's saved tensors: a saved intermediate
    that nothing else holds dies; with retain_graph it lives on."""
    import weakref

    for retain in (False, True):
        x = _leaf([0.5, 1.0])
        h = x * 2
        saved = weakref.ref(h)
        y = pc.exp(h)          # exp saves h
        del h
        assert saved() is not None
        y.sum().backward(retain_graph=retain)
        assert (saved() is None) == (not retain)
        assert y.grad_fn.freed == (not retain)
        np.testing.assert_allclose(np.asarray(x.grad), 2 * np.exp([1.0, 2.0]))


def test_retain_graph_and_reuse_of_a_freed_graph():
    x = _leaf([1.0, 3.0])
    y = (x * x).sum()
    y.backward(retain_graph=True)
    y.backward(retain_graph=True)
    np.testing.assert_allclose(np.asarray(x.grad), [4.0, 12.0])
    y.backward()
    np.testing.assert_allclose(np.asarray(x.grad), [6.0, 18.0])
    with pytest.raises(RuntimeError, match=r"TensorWrappers of \S*sum do not exist.*"
                                           r"backward twice for the same subgraph"):
        y.backward()
    with pytest.raises(RuntimeError, match="retain_graph=True"):
        paddle.grad(y, x)
    np.testing.assert_allclose(np.asarray(x.grad), [6.0, 18.0])  # the failed call left it


def test_node_hooks_replace_and_remove():
    x = _leaf([1.0, 2.0])
    y = x * 3
    handle = y.register_hook(lambda g: g * 10)
    (y * y).sum().backward(retain_graph=True)  # dL/dy = 2y = [6, 12]; x: 3 * 10 * that
    np.testing.assert_allclose(np.asarray(x.grad), [180.0, 360.0])
    assert handle.remove() and not handle.remove()
    x.clear_grad()
    (y * y).sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [18.0, 36.0])
    seen = []
    z = x * 1
    z.register_hook(lambda g: seen.append(g.tolist()))
    gz, = paddle.grad((z * 2).sum(), z)
    assert seen == [[2.0, 2.0]] and gz.tolist() == [2.0, 2.0]


def test_hooks_that_change_the_hook_lists():
    """A hook that removes hooks or drops its tensor's hook list while the walk reads it."""
    x = _leaf([1.0, 2.0])
    calls = []

    def drop(g):
        calls.append("drop")
        x._hooks = None
        return g * 2

    x.register_hook(drop)
    x.register_hook(lambda g: calls.append("second"))
    (x * x).sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [4.0, 8.0])
    assert calls == ["drop", "second"]  # the walk keeps the list it began with
    assert x._hooks is None
    y = x * 1  # a hook that removes the hooks after it: they do not run
    handles = []
    handles.append(y.register_hook(lambda g: [h.remove() for h in handles] and None))
    handles.append(y.register_hook(lambda g: g * 100))
    (y * 3).sum().backward()
    np.testing.assert_allclose(np.asarray(x.grad), [7.0, 11.0])


def test_hook_errors_propagate_and_leave_grad():
    x = _leaf([1.0])
    y = x * 2

    def bad(g):
        raise KeyError("from the hook")

    y.register_hook(bad)
    with pytest.raises(KeyError, match="from the hook"):
        y.sum().backward()
    assert x.grad is None


def test_reference_cycles_are_collected():
    """Cycles through hooks and closures (tensor -> node -> hooks -> closure -> tensor, and
    node -> hooks -> closure -> node) are freed by the cycle collector, and the count of live
    tensors that require gradients falls back."""
    import gc
    import weakref

    x = _leaf([1.0, 2.0])
    gc.collect()
    live = pc._C._ag_live()
    y = x * 2
    y.register_hook(lambda g: g * y)
    node = y.grad_fn
    node._hooks(0).append(lambda g, n=node: g if n is not None else None)
    z = pc.exp(y)
    z.register_hook(lambda g: g + z.detach())
    refs = [weakref.ref(o) for o in (y, node, z, z.grad_fn)]
    (z.sum() + y.sum()).backward()
    e = np.exp([2.0, 4.0])
    np.testing.assert_allclose(np.asarray(x.grad), 2 * ((1 + e) * e + 1) * [2.0, 4.0])
    del node, y, z
    gc.collect()
    assert [r() for r in refs] == [None] * 4
    assert pc._C._ag_live() == live


def test_inplace_change_of_saved_tensor_raises_in_c():
    x = _leaf([1.0, 2.0])
    h = x * 1
    y = pc.sin(h)
    with paddle.no_grad():
        h[0] = 5.0
    with pytest.raises(RuntimeError, match=r"gradient of sin has been modified by an inplace "
                                           r"operation: its version is 1, it was 0"):
        y.sum().backward()


def test_no_leak_over_many_backward_passes():
    """forward + backward in a loop: Python memory stops growing once the free lists and caches
    have filled (a leak of one 32-byte block per pass would add 19 KB over the last 600 passes)
    and no Tensor that requires a gradient is left alive."""
    import gc
    import tracemalloc

    x = _leaf(np.linspace(0, 1, 8).tolist())
    w = _leaf(np.ones(8).tolist())

    def step():
        y = pc.tanh(x * w) + x
        paddle.grad(pc.sum(y * y), [x, w], create_graph=False)
        (pc.sum(pc.exp(x) * w)).backward()

    for _ in range(20):
        step()
    gc.collect()
    live = _C_live()
    tracemalloc.start()
    try:
        for _ in range(300):
            step()
        gc.collect()
        settled = tracemalloc.get_traced_memory()[0]
        for _ in range(600):
            step()
        gc.collect()
        growth = tracemalloc.get_traced_memory()[0] - settled
    finally:
        tracemalloc.stop()
    assert growth < 8000, growth
    assert _C_live() == live


def _C_live():
    return pc._C._ag_live()


def test_threads_each_run_backward_on_their_own_graph():
    import threading

    errors = []
    results = {}

    def work(k):
        try:
            for i in range(30):
                x = _leaf([float(k), float(i)])
                y = pc.sum(pc.sin(x) * x)
                y.backward()
                want = np.sin([k, i]) + np.array([k, i]) * np.cos([k, i])
                np.testing.assert_allclose(np.asarray(x.grad), want, rtol=1e-12)
                g, = paddle.grad(pc.sum(x * x * x), x, create_graph=True)
                h, = paddle.grad(pc.sum(g), x)
                np.testing.assert_allclose(np.asarray(h), 6 * np.array([k, i]), rtol=1e-12)
            results[k] = True
        except BaseException as e:  # reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == {1: True, 2: True}

    # one thread records and differentiates while the other is inside its backward pass
    inside, done = threading.Event(), threading.Event()
    seen = {}

    def waiting_hook(g):
        inside.set()
        done.wait(10)
        return g

    def first():
        x = _leaf([2.0])
        y = x * 3
        y.register_hook(waiting_hook)
        y.sum().backward()
        seen["first"] = x.grad.tolist()

    def second():
        inside.wait(10)
        try:
            x = _leaf([5.0])
            y = x * x
            seen["recorded"] = not y.stop_gradient
            y.sum().backward()
            seen["second"] = x.grad.tolist()
        finally:
            done.set()

    threads = [threading.Thread(target=f) for f in (first, second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"first": [3.0], "recorded": True, "second": [10.0]}


def test_engine_entry_points_refuse_bad_arguments():
    with pytest.raises(TypeError, match="_ag_run"):
        pc._C._ag_run([1], [], False, False, None)
    with pytest.raises(TypeError, match="_ag_attach"):
        pc._C._ag_attach("x", None, (), None, False)
    x = _leaf([1.0])
    with pytest.raises(TypeError, match="GradNode or None"):
        x._grad_fn = object()
    with pytest.raises(TypeError):
        pc._C.GradNode()
    y = x * 2
    assert repr(y.grad_fn) == "<paddle_c grad node multiply>"
    assert y.grad_fn.next_functions == ((x, -1), None)


def test_to_tensor_stop_gradient_false_makes_a_leaf():
    x = paddle.to_tensor(np.array([0.5, -1.5]), stop_gradient=False)
    assert not x.stop_gradient and x.is_leaf
    (x * x).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, -3.0])
    assert paddle.to_tensor([1.0]).stop_gradient
    assert paddle.to_tensor([1.0], stop_gradient=True).stop_gradient


@pytest.mark.parametrize("name", ["inv", "det", "exp", "tanh"])
def test_second_derivative_through_a_dropped_output(name):
    """inv and det read their output (saved as 'out'); the caller keeps no reference to it (a
    weak reference shows it is gone), so the engine must hand the rule an output that is still
    part of the graph, or the second derivative loses its terms. Against torch.autograd."""
    import gc
    import weakref
    v = np.array([[2.0, 0.3, -0.4], [0.1, 1.5, 0.2], [0.3, -0.2, 1.8]])
    f = {"inv": (paddle.linalg.inv, torch.linalg.inv), "det": (paddle.linalg.det, torch.linalg.det),
         "exp": (paddle.exp, torch.exp), "tanh": (paddle.tanh, torch.tanh)}[name]
    x = paddle.to_tensor(v, stop_gradient=False)
    y = f[0](x)
    ref = weakref.ref(y)
    loss = (-y).sum()
    del y
    gc.collect()
    assert ref() is None
    g, = paddle.grad(loss, x, create_graph=True)
    gg, = paddle.grad((g * g).sum(), x)
    t = torch.tensor(v, requires_grad=True)
    tg, = torch.autograd.grad((-f[1](t)).sum(), t, create_graph=True)
    tgg, = torch.autograd.grad((tg * tg).sum(), t)
    np.testing.assert_allclose(gg.numpy(), tgg.numpy(), rtol=1e-10, atol=1e-12)
