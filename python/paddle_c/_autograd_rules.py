"""The differentiation rules of paddle_c's autograd (docs/autograd.md), one per function name.

A rule is registered under the names of the functions (and Tensor methods, "Tensor.<name>")
it differentiates, in one of two kinds:

- ("rule", f): f(out, *args, **kwargs), called with the call's own arguments after the forward
  computation, returns (inputs, vjp, saves): the tensors gradients flow to, the
  vector-Jacobian product vjp(g, out) -> one gradient per input (None for none), and what it
  reads: False (nothing), True (its inputs' values) or "out" (its inputs' and outputs'
  values); an in-place change of what it reads raises on backward. Gradients may be broadcast
  or of a wider dtype: the engine sums them back to each input's shape and dtype.
- ("decompose", f): the function is differentiated through its definition: f computes it from
  recorded operations (so only when some input requires a gradient).

Every vjp is written with paddle_c operations, so it runs on every device and, under
create_graph=True, is recorded itself. Complex gradients follow Paddle's and PyTorch's
convention (the conjugate Wirtinger derivative): for a holomorphic f, vjp(g) = g * conj(f'(x)).

`NONDIFF` lists the functions whose outputs never carry gradients (integer and boolean results,
creation functions, queries); every other function of the namespace needs a rule, which
tests/test_autograd.py checks.
"""

from __future__ import annotations

import math

from . import _C
from ._autograd import _NONDIFF, _RULES

_T = _C.Tensor
_LN10 = math.log(10.0)
_LN2 = math.log(2.0)


def _rule(*names):
    def deco(f):
        for n in names:
            _RULES[n] = ("rule", f)
        return f
    return deco


def _decompose(*names):
    def deco(f):
        for n in names:
            _RULES[n] = ("decompose", f)
        return f
    return deco


def _validated(direct, impl):
    """A decomposition that first runs the function itself with recording off, for its
    argument checks only. [Why the function runs first] A composition accepts arguments the
    function refuses (rfft of a complex tensor, irfft with n=0, an out-of-range axis) or
    refuses them with another message; running the function first raises exactly its errors,
    with recording as without. It costs one more forward computation, under recording only.
    `direct` returns the gated function (looked up at the call)."""
    def f(*args, **kwargs):
        prev = _C._ag_set_enabled(False)
        try:
            direct()(*args, **kwargs)
        finally:
            _C._ag_set_enabled(prev)
        return impl(*args, **kwargs)
    return f


def _is_complex(t) -> bool:
    return isinstance(t, _T) and _C.isdtype(t.dtype, "complex floating")


def _cj(t):
    """conj(t) for complex tensors and Python complex numbers, t itself otherwise (no copy)."""
    if isinstance(t, complex):
        return t.conjugate()
    return _C.conj(t) if _is_complex(t) else t


def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, _T):
        axis = axis.tolist()
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(sorted(a % ndim if ndim else 0 for a in axis))


def _keep(keepdim, keepdims):
    return bool(keepdims if keepdims is not None else keepdim)


def _expand_back(g, x, axis, keepdim):
    """g of a reduction of x over `axis` broadcast back to x's shape."""
    if not keepdim and x.ndim:
        for a in _axes(axis, x.ndim):
            g = _C.expand_dims(g, axis=a)
    return _C.broadcast_to(g, x.shape)


# ---- elementwise: one input -------------------------------------------------------------------

def _unary(name, deriv):
    """A rule g * conj(deriv(x)) for x (first argument)."""
    def rule(out, x, *a, **k):
        return (x,), (lambda g, o: (g * _cj(deriv(x, o)),)), True
    for n in (name, "Tensor." + name):
        _RULES[n] = ("rule", rule)


_UNARY = {
    "exp": lambda x, o: _C.exp(x),
    "expm1": lambda x, o: _C.exp(x),
    "log": lambda x, o: _C.reciprocal(x),
    "log1p": lambda x, o: _C.reciprocal(x + 1),
    "log2": lambda x, o: _C.reciprocal(x * _LN2),
    "log10": lambda x, o: _C.reciprocal(x * _LN10),
    "sin": lambda x, o: _C.cos(x),
    "cos": lambda x, o: -_C.sin(x),
    "tan": lambda x, o: 1 + _C.square(_C.tan(x)),
    "sinh": lambda x, o: _C.cosh(x),
    "cosh": lambda x, o: _C.sinh(x),
    "tanh": lambda x, o: 1 - _C.square(_C.tanh(x)),
    "asin": lambda x, o: _C.reciprocal(_C.sqrt(1 - _C.square(x))),
    "acos": lambda x, o: -_C.reciprocal(_C.sqrt(1 - _C.square(x))),
    "atan": lambda x, o: _C.reciprocal(1 + _C.square(x)),
    "asinh": lambda x, o: _C.reciprocal(_C.sqrt(_C.square(x) + 1)),
    "acosh": lambda x, o: _C.reciprocal(_C.sqrt(_C.square(x) - 1)),
    "atanh": lambda x, o: _C.reciprocal(1 - _C.square(x)),
    "sqrt": lambda x, o: 0.5 * _C.reciprocal(_C.sqrt(x)),
    "square": lambda x, o: 2 * x,
    "reciprocal": lambda x, o: -_C.reciprocal(_C.square(x)),
}
for _n, _d in _UNARY.items():
    _unary(_n, _d)


@_rule("negative", "neg", "Tensor.negative", "Tensor.neg")
def _neg(out, x, *a, **k):
    return (x,), (lambda g, o: (-g,)), False


@_rule("positive", "Tensor.positive", "contiguous", "Tensor.contiguous", "clone",
       "Tensor.clone", "frac", "Tensor.frac")
def _identity(out, x, *a, **k):
    return (x,), (lambda g, o: (g,)), False


@_rule("conj", "Tensor.conj")
def _conj(out, x, *a, **k):
    return (x,), (lambda g, o: (_cj(g),)), False


@_rule("real", "Tensor.real")
def _real(out, x, *a, **k):
    return (x,), (lambda g, o: (g,)), False


@_rule("imag", "Tensor.imag")
def _imag(out, x, *a, **k):
    return (x,), (lambda g, o: (g * 1j,) if _is_complex(x) else (None,)), False


@_rule("abs", "Tensor.abs")
def _abs(out, x, *a, **k):
    def vjp(g, o):
        if _is_complex(x):
            ax = _C.abs(x)
            return (g * x / _C.where(ax == 0, 1, ax),)
        return (g * _C.sign(x),)
    return (x,), vjp, True


@_rule("ceil", "floor", "round", "trunc", "sign", "Tensor.ceil", "Tensor.floor", "Tensor.round",
       "Tensor.trunc", "Tensor.sign")
def _zero_grad(out, x, *a, **k):
    return (x,), (lambda g, o: (_C.zeros_like(x),)), False


@_rule("clip", "Tensor.clip")
def _clip(out, x, min=None, max=None, name=None):
    def vjp(g, o):
        keep = _C.ones(x.shape, dtype=_C.bool, device=x.device)
        gmin = gmax = None
        if min is not None:
            keep = _C.logical_and(keep, x >= min)
            if isinstance(min, _T):
                gmin = _C.where(x < min, g, 0)
        if max is not None:
            keep = _C.logical_and(keep, x <= max)
            if isinstance(max, _T):
                gmax = _C.where(x > max, g, 0)
        return _C.where(keep, g, 0), gmin, gmax
    return (x, min, max), vjp, True


# ---- elementwise: two inputs ---------------------------------------------------------------

def _binary(*names):
    full = []
    for n in names:
        full += [n, "Tensor." + n]
    return _rule(*full)


@_binary("add")
def _add(out, x, y, *a, **k):
    return (x, y), (lambda g, o: (g, g)), False


@_binary("subtract")
def _sub(out, x, y, *a, **k):
    return (x, y), (lambda g, o: (g, -g)), False


@_binary("multiply")
def _mul(out, x, y, *a, **k):
    return (x, y), (lambda g, o: (g * _cj(y), g * _cj(x))), True


@_binary("divide")
def _div(out, x, y, *a, **k):
    def vjp(g, o):
        gx = g / _cj(y)
        return gx, -gx * _cj(x / y)
    return (x, y), vjp, True


@_binary("pow", "elementwise_pow")
def _pow(out, x, y, *a, **k):
    def vjp(g, o):
        gx = g * _cj(y * _C.pow(x, y - 1)) if isinstance(x, _T) else None
        gy = None
        if isinstance(y, _T) and not y.stop_gradient:
            xs = x if isinstance(x, _T) else _C.asarray(x, dtype=y.dtype, device=y.device)
            safe = _C.where(xs == 0, 1, xs)
            gy = g * _cj(_C.where(xs == 0, 0, _C.pow(xs, y) * _C.log(safe)))
        return gx, gy
    return (x, y), vjp, True


@_binary("atan2")
def _atan2(out, x, y, *a, **k):
    def vjp(g, o):
        d = _C.square(x) + _C.square(y)
        return g * y / d, -g * x / d
    return (x, y), vjp, True


@_binary("hypot")
def _hypot(out, x, y, *a, **k):
    def vjp(g, o):
        h = _C.hypot(x, y)
        return g * x / h, g * y / h
    return (x, y), vjp, True


@_binary("logaddexp")
def _logaddexp(out, x, y, *a, **k):
    def vjp(g, o):
        w = _C.exp(x - _C.logaddexp(x, y))
        return g * w, g * (1 - w)
    return (x, y), vjp, True


def _minmax(pick):
    def rule(out, x, y, *a, **k):
        def vjp(g, o):
            xv = x if isinstance(x, _T) else _C.asarray(x, device=g.device)
            yv = y if isinstance(y, _T) else _C.asarray(y, device=g.device)
            wx = _C.where(pick(xv, yv), 1.0, _C.where(xv == yv, 0.5, 0.0))
            return g * wx, g * (1 - wx)
        return (x, y), vjp, True
    return rule


_binary("maximum")(_minmax(_C.greater))
_binary("minimum")(_minmax(_C.less))


@_binary("copysign")
def _copysign(out, x, y, *a, **k):
    def vjp(g, o):
        same = _C.equal(_C.signbit(x), _C.signbit(_C.asarray(y) if not isinstance(y, _T) else y))
        return g * _C.where(same, 1.0, -1.0), None
    return (x, y), vjp, True


@_binary("floor_divide")
def _floordiv(out, x, y, *a, **k):
    return (x, y), (lambda g, o: (_C.zeros_like(g), _C.zeros_like(g))), False


@_binary("remainder", "mod", "floor_mod")
def _remainder(out, x, y, *a, **k):
    return (x, y), (lambda g, o: (g, -g * _C.floor_divide(x, y))), True


# ---- reductions ----------------------------------------------------------------------------

@_rule("sum", "Tensor.sum")
def _sum(out, x, axis=None, dtype=None, keepdim=False, name=None, *, keepdims=None, **k):
    keep = _keep(keepdim, keepdims)
    return (x,), (lambda g, o: (_expand_back(g, x, axis, keep),)), False


@_rule("nansum", "Tensor.nansum")
def _nansum(out, x, axis=None, dtype=None, keepdim=False, name=None, *, keepdims=None, **k):
    keep = _keep(keepdim, keepdims)
    return (x,), (lambda g, o: (_C.where(_C.isnan(x), 0, _expand_back(g, x, axis, keep)),)), True


def _count(x, axis):
    n = 1
    for a in _axes(axis, x.ndim):
        n *= x.shape[a]
    return n


@_rule("mean")
def _mean_fn(out, x, axis=None, dtype=None, keepdims=False, *, keepdim=None, **k):
    keep = _keep(keepdims, keepdim)
    n = _count(x, axis)
    return (x,), (lambda g, o: (_expand_back(g, x, axis, keep) / n,)), False


@_rule("Tensor.mean")
def _mean_m(out, x, axis=None, keepdim=False, name=None, *, dtype=None, keepdims=None, **k):
    return _mean_fn(out, x, axis, dtype, _keep(keepdim, keepdims))


@_rule("max", "min", "amax", "amin", "Tensor.max", "Tensor.min", "Tensor.amax", "Tensor.amin")
def _max(out, x, axis=None, keepdim=False, name=None, *, keepdims=None, **k):
    keep = _keep(keepdim, keepdims)

    def vjp(g, o):
        ob = _expand_back(o, x, axis, keep)
        hit = _C.astype(x == ob, g.dtype)
        cnt = _expand_back(_C.sum(hit, axis=_axes(axis, x.ndim), keepdims=True), x, None, True)
        return (_expand_back(g, x, axis, keep) * hit / cnt,)
    return (x,), vjp, "out"


@_rule("prod", "Tensor.prod")
def _prod(out, x, axis=None, *a, keepdims=None, keepdim=None, **k):
    # the composite (exact without zeros): d prod / dx_i = prod / x_i
    keep = _keep(keepdim, keepdims)
    if a and isinstance(a[0], bool):
        keep = a[0]

    def vjp(g, o):
        full = _C.prod(x, axis=_axes(axis, x.ndim), keepdims=True)
        return (_expand_back(g, x, axis, keep) * _cj(_C.broadcast_to(full, x.shape) / x),)
    return (x,), vjp, True


def _var_parse(a, k, method):
    """(axis, correction, keepdim) of var/std in function or method form."""
    if method:
        names = ("axis", "unbiased", "keepdim", "name")
        p = dict(zip(names, a))
        p.update(k)
        corr = p.get("ddof")
        if corr is None:
            corr = 1 if p.get("unbiased", True) else 0
        return p.get("axis"), corr, _keep(p.get("keepdim", False), p.get("keepdims"))
    p = dict(k)
    corr = p.get("correction", p.get("ddof", 0.0))
    return p.get("axis"), corr, _keep(p.get("keepdims", False), p.get("keepdim"))


def _var_rule(is_std, method):
    # [Why var and std have rules] Through their definition the backward pass would recompute
    # the mean's cancellation; the rule uses the centred values directly: dvar/dx = 2 (x - mean)
    # / (N - correction), dstd = dvar / (2 std).
    def rule(out, x, *a, **k):
        axis, corr, keep = _var_parse(a, k, method)
        n = _count(x, axis)

        def vjp(g, o):
            ax = _axes(axis, x.ndim)
            c = x - _C.mean(x, axis=ax, keepdims=True)
            gx = _expand_back(g, x, axis, keep) * 2 * c / max(n - corr, 0)
            if is_std:
                s = _C.sqrt(_C.var(x, axis=ax, correction=corr, keepdims=True))
                gx = gx / (2 * s)
            return (gx,)
        return (x,), vjp, True
    return rule


_RULES["var"] = ("rule", _var_rule(False, False))
_RULES["std"] = ("rule", _var_rule(True, False))
_RULES["Tensor.var"] = ("rule", _var_rule(False, True))
_RULES["Tensor.std"] = ("rule", _var_rule(True, True))


@_rule("logsumexp", "Tensor.logsumexp")
def _logsumexp(out, x, axis=None, keepdim=False, name=None, *, keepdims=None, **k):
    # [Why logsumexp has a rule] softmax weights exp(x - lse): no overflow where the
    # definition's exp(x) would.
    keep = _keep(keepdim, keepdims)

    def vjp(g, o):
        lse = _C.logsumexp(x, axis=_axes(axis, x.ndim), keepdim=True)
        return (_expand_back(g, x, axis, keep) * _C.exp(x - lse),)
    return (x,), vjp, True


@_rule("cumsum", "Tensor.cumsum", "cumulative_sum")
def _cumsum(out, x, axis=None, dtype=None, name=None, *, include_initial=False, **k):
    def vjp(g, o):
        if axis is None and x.ndim != 1:
            gf = _C.flip(_C.cumulative_sum(_C.flip(_C.reshape(g, (-1,)))))
            return (_C.reshape(gf, x.shape),)
        ax = 0 if axis is None else axis
        if include_initial:
            n = g.shape[ax % g.ndim]
            g = _C.take(g, _C.arange(1, n, device=g.device), axis=ax)
        return (_C.flip(_C.cumulative_sum(_C.flip(g, axis=ax), axis=ax), axis=ax),)
    return (x,), vjp, False


@_decompose("cumprod", "Tensor.cumprod", "cumulative_prod")
def _cumprod(x, dim=None, dtype=None, name=None, *, axis=None, include_initial=False):
    # through its definition: exp(cumsum(log x)) would fail at zeros and negatives; the running
    # products of the prefixes as a product of shifted copies are exact but quadratic, so
    # this uses the ratio form out_i = prod_{j<=i} x_j via a masked triangular product
    ax = dim if dim is not None else axis
    if ax is None:
        x = _C.reshape(x, (-1,))
        ax = 0
    ax = ax % x.ndim
    n = x.shape[ax]
    xm = _C.moveaxis(x, ax, -1)
    tri = _C.tril(_C.ones((n, n), dtype=_C.bool, device=x.device))
    rows = _C.where(tri, _C.expand_dims(xm, axis=-2), 1)
    res = _C.prod(rows, axis=-1)
    if include_initial:
        res = _C.concat([_C.ones(res.shape[:-1] + (1,), dtype=res.dtype, device=x.device),
                         res], axis=-1)
    return _C.moveaxis(res, -1, ax)


def _red_axes(x, axis):
    return _axes(axis, x.ndim)


@_decompose("nanmean", "Tensor.nanmean")
def _nanmean(x, axis=None, keepdim=False, name=None, *, dtype=None, keepdims=None):
    keep = _keep(keepdim, keepdims)
    nan = _C.isnan(x)
    ax = _red_axes(x, axis)
    total = _C.sum(_C.where(nan, 0, x), axis=ax, keepdims=keep)
    count = _C.sum(_C.astype(_C.logical_not(nan), x.dtype), axis=ax, keepdims=keep)
    return total / count


def _nan_extreme(pick, fill):
    def f(x, axis=None, keepdims=False, *, keepdim=None):
        keep = _keep(keepdims, keepdim)
        nan = _C.isnan(x)
        ax = _red_axes(x, axis)
        # looked up at the call: _C's functions are behind the gate by then
        r = getattr(_C, pick)(_C.where(nan, fill, x), axis=ax, keepdims=keep)
        return _C.where(_C.all(nan, axis=ax, keepdims=keep), float("nan"), r)
    return f


_RULES["nanmax"] = ("decompose", _nan_extreme("max", float("-inf")))
_RULES["nanmin"] = ("decompose", _nan_extreme("min", float("inf")))


@_decompose("ptp")
def _ptp(x, axis=None, keepdims=False):
    ax = _red_axes(x, axis)
    return _C.subtract(_C.max(x, axis=ax, keepdims=keepdims), _C.min(x, axis=ax, keepdims=keepdims))


@_decompose("maxabs")
def _maxabs(x, axis=None, keepdims=False):
    return _C.max(_C.abs(x), axis=_red_axes(x, axis), keepdims=keepdims)


@_decompose("nanprod")
def _nanprod(x, axis=None, dtype=None, keepdims=False, *, keepdim=None):
    return _C.prod(_C.where(_C.isnan(x), 1, x), axis=_red_axes(x, axis), dtype=dtype,
                   keepdims=_keep(keepdims, keepdim))


def _nan_var(is_std):
    def f(x, axis=None, correction=0.0, keepdims=False, dtype=None, *, keepdim=None, ddof=None):
        corr = ddof if ddof is not None else correction
        keep = _keep(keepdims, keepdim)
        ax = _red_axes(x, axis)
        nan = _C.isnan(x)
        m = _nanmean(x, ax, True)
        d = _C.where(nan, 0, x - m)
        count = _C.sum(_C.astype(_C.logical_not(nan), x.dtype), axis=ax, keepdims=keep)
        v = _C.sum(d * d, axis=ax, keepdims=keep) / (count - corr)
        return _C.sqrt(v) if is_std else v
    return f


_RULES["nanvar"] = ("decompose", _nan_var(False))
_RULES["nanstd"] = ("decompose", _nan_var(True))


def _median_composition(skip_nan):
    """median (skip_nan False) and nanmedian through the sorted values (sort puts NaN last):
    the mean of the two middle ones (mode 'avg') or the lower one ('min'), among the values
    that are not NaN for nanmedian; NaN for a lane holding NaN (median) or NaN alone
    (nanmedian), and for an empty lane, as the C functions."""
    def f(x, axis=None, keepdim=False, mode="avg", name=None):
        ndim = x.ndim
        if axis is None:
            x = _C.reshape(x, (-1,))
            ax, keep = 0, False
        else:
            ax, keep = axis % max(x.ndim, 1), keepdim
        if x.ndim == 0:
            x = _C.reshape(x, (1,))
        n = x.shape[ax]
        if n == 0:
            r = _C.sum(x, axis=ax, keepdims=True) + float("nan")
        else:
            s = _C.sort(x, axis=ax)
            nan = _C.isnan(x)
            kept = _C.logical_not(nan) if skip_nan else _C.ones_like(nan)
            count = _C.sum(_C.astype(kept, _C.int64), axis=ax, keepdims=True)
            r = _C.take_along_axis(s, _C.clip((count - 1) // 2, 0, n - 1), axis=ax)
            if mode == "avg":
                r = (r + _C.take_along_axis(s, _C.clip(count // 2, 0, n - 1), axis=ax)) / 2
            bad = count == 0 if skip_nan else _C.any(nan, axis=ax, keepdims=True)
            r = _C.where(bad, float("nan"), r)
        if axis is None:
            return _C.reshape(r, (1,) * ndim if keepdim else ())
        return r if keep else _C.squeeze(r, axis=ax)
    return f


_RULES["median"] = _RULES["Tensor.median"] = (
    "decompose", _validated(lambda: _C.median, _median_composition(False)))
_RULES["nanmedian"] = ("decompose", _validated(lambda: _C.nanmedian, _median_composition(True)))


# ---- linear algebra ------------------------------------------------------------------------

def _mT(t):
    return _C.matrix_transpose(t)


def _mH(t):
    return _cj(_C.matrix_transpose(t))


@_rule("matmul", "Tensor.matmul")
def _matmul(out, x, y, transpose_x=False, transpose_y=False, name=None, **k):
    def vjp(g, o):
        a = _mT(x) if transpose_x and x.ndim > 1 else x
        b = _mT(y) if transpose_y and y.ndim > 1 else y
        a1 = _C.expand_dims(a, axis=0) if a.ndim == 1 else a
        b1 = _C.expand_dims(b, axis=-1) if b.ndim == 1 else b
        g1 = g
        if a.ndim == 1:
            g1 = _C.expand_dims(g1, axis=-2 if g1.ndim >= 1 else 0)
        if b.ndim == 1:
            g1 = _C.expand_dims(g1, axis=-1)
        ga = _C.matmul(g1, _mH(b1))
        gb = _C.matmul(_mH(a1), g1)
        ga = _sum_batch(ga, a1.shape)
        gb = _sum_batch(gb, b1.shape)
        ga = _C.reshape(ga, a.shape)
        gb = _C.reshape(gb, b.shape)
        if transpose_x and x.ndim > 1:
            ga = _mT(ga)
        if transpose_y and y.ndim > 1:
            gb = _mT(gb)
        return ga, gb
    return (x, y), vjp, True


def _sum_batch(g, shape):
    lead = g.ndim - len(shape)
    if lead > 0:
        g = _C.sum(g, axis=tuple(range(lead)))
    axes = tuple(i for i in range(len(shape) - 2) if shape[i] == 1 and g.shape[i] != 1)
    if axes:
        g = _C.sum(g, axis=axes, keepdims=True)
    return g


@_rule("tensordot")
def _tensordot(out, x, y, axes=2, **k):
    if isinstance(axes, int):
        ax = list(range(x.ndim - axes, x.ndim))
        ay = list(range(axes))
    else:
        ax, ay = ([axes[0]] if isinstance(axes[0], int) else list(axes[0]),
                  [axes[1]] if isinstance(axes[1], int) else list(axes[1]))
        ax = [a % x.ndim for a in ax]
        ay = [a % y.ndim for a in ay]
    fx = [i for i in range(x.ndim) if i not in ax]
    fy = [i for i in range(y.ndim) if i not in ay]

    def vjp(g, o):
        px = _C.permute_dims(x, tuple(fx + ax))
        py = _C.permute_dims(y, tuple(ay + fy))
        P = math.prod(px.shape[:len(fx)])
        K = math.prod(px.shape[len(fx):])
        Q = math.prod(py.shape[len(ay):])
        g2 = _C.reshape(g, (P, Q))
        gx2 = _C.matmul(g2, _mH(_C.reshape(py, (K, Q))))
        gy2 = _C.matmul(_mH(_C.reshape(px, (P, K))), g2)
        gx = _C.permute_dims(_C.reshape(gx2, px.shape), tuple(_inv_perm(fx + ax)))
        gy = _C.permute_dims(_C.reshape(gy2, py.shape), tuple(_inv_perm(ay + fy)))
        return gx, gy
    return (x, y), vjp, True


def _inv_perm(p):
    inv = [0] * len(p)
    for i, a in enumerate(p):
        inv[a] = i
    return inv


@_decompose("vecdot")
def _vecdot(x1, x2, axis=-1):
    return _C.sum(_cj(x1) * x2, axis=axis)


@_rule("_linalg_outer")
def _outer(out, x, y):
    return (x, y), (lambda g, o: (_C.matmul(g, _cj(y)), _C.matmul(_mT(g), _cj(x)))), True


@_rule("_linalg_inv")
def _inv(out, x):
    def vjp(g, o):
        ih = _mH(o)
        return (-_C.matmul(_C.matmul(ih, g), ih),)
    return (x,), vjp, "out"


@_rule("_linalg_det")
def _det(out, x):
    def vjp(g, o):
        s = _C.expand_dims(_C.expand_dims(g * _cj(o), axis=-1), axis=-1)
        return (s * _mH(_C._linalg_inv(x)),)
    return (x,), vjp, "out"


@_rule("_linalg_slogdet")
def _slogdet(out, x):
    # d log det = tr(A^{-1} dA) = d logabsdet + 1j d(angle of sign): the gradient is
    # (g_logabsdet - 1j Im(conj(g_sign) sign)) A^{-H}; the sign's term is zero for real inputs
    def vjp(g, o):
        gs, gl = g
        if _is_complex(x):
            sign = _outputs(o, x, lambda: _C._linalg_slogdet(x))[0]
            gl = gl - 1j * _C.imag(_cj(gs) * sign)
        s = _C.expand_dims(_C.expand_dims(gl, axis=-1), axis=-1)
        return (s * _mH(_C._linalg_inv(x)),)
    return (x,), vjp, "out"


@_rule("_linalg_solve")
def _solve(out, a, b):
    def vjp(g, o):
        vec = b.ndim == 1
        gb = _C._linalg_solve(_mH(a), g)
        if vec:
            ga = -_C._linalg_outer(gb, _cj(o))
        else:
            ga = -_C.matmul(gb, _mH(o))
        return ga, gb
    return (a, b), vjp, "out"


@_rule("_linalg_cholesky")
def _cholesky(out, x, upper=False):
    def vjp(g, o):
        L = _mH(o) if upper else o
        gL = _mH(g) if upper else g
        phi = _C.tril(_C.matmul(_mH(L), gL))
        n = L.shape[-1]
        half = 1 - 0.5 * _C.eye(n, dtype=phi.dtype, device=phi.device)
        phi = phi * half
        li = _C._linalg_inv(L)
        ga = _C.matmul(_C.matmul(_mH(li), phi), li)
        return (0.5 * (ga + _mH(ga)),)
    return (x,), vjp, "out"


def _off_diagonal_ratio(num, den, eye):
    """num / den off the diagonal, 0 on it. [Why zeros stay zeros] Where num is 0 (no gradient
    through the vectors, or a pair of them it does not reach) the result is 0 even where den
    is 0 (a repeated eigenvalue or singular value), as in PyTorch, whose formulas skip the
    vectors' terms when they have no gradient; a non-zero num over a zero den stays infinite
    (PyTorch's behaviour). den is replaced by 1 there so that no NaN reaches a derivative."""
    zero = _C.logical_or(eye, num == 0)
    return _C.where(zero, 0, num / _C.where(zero, 1, den))


@_rule("_linalg_eigh")
def _eigh(out, x):
    def vjp(g, o):
        gw, gv = g
        w, v = _outputs(o, x, lambda: _C._linalg_eigh(x))
        e = _C.expand_dims(w, axis=-2) - _C.expand_dims(w, axis=-1)   # e_ij = w_j - w_i
        n = w.shape[-1]
        eye = _C.eye(n, dtype=_C.bool, device=w.device)
        inner = _off_diagonal_ratio(_C.matmul(_mH(v), gv), e, eye) + _diag_embed(gw)
        ga = _C.matmul(_C.matmul(v, inner), _mH(v))
        return (0.5 * (ga + _mH(ga)),)
    return (x,), vjp, "out"


@_rule("_linalg_eigvalsh")
def _eigvalsh(out, x):
    def vjp(g, o):
        w, v = _C._linalg_eigh(x)
        return (_C.matmul(v * _C.expand_dims(g, axis=-2), _mH(v)),)
    return (x,), vjp, True


def _diag_embed(d):
    n = d.shape[-1]
    return _C.expand_dims(d, axis=-1) * _C.eye(n, dtype=d.dtype, device=d.device)


@_rule("_linalg_svdvals")
def _svdvals(out, x):
    def vjp(g, o):
        u, s, vh = _C._linalg_svd(x, False)
        return (_C.matmul(u * _C.expand_dims(g, axis=-2), vh),)
    return (x,), vjp, True


def _skew(t):
    return t - _mH(t)


def _diag(t):
    return _C._linalg_diagonal(t, 0)


def _part(t, axis, start, stop):
    """t[start:stop] along axis (a recorded take)."""
    return _C.take(t, _C.arange(start, stop, device=t.device), axis=axis)


def _outputs(o, x, recompute):
    """The outputs o of a decomposition of x for its vjp. [Why a decomposition's rule may
    recompute its outputs] The engine passes an output to the vjp with its graph only while the
    output's Tensor object is alive, a detached alias otherwise; a vjp recorded for a higher
    derivative (grad mode on) needs every output it reads with its graph, or the terms
    through it are lost (U of svd when only S and Vh reach the loss). Then the decomposition is
    recomputed from x, recorded: the solver is deterministic, so the values are the same."""
    outs = o if isinstance(o, tuple) else (o,)
    if _C._ag_enabled() and not x.stop_gradient and any(t.stop_gradient for t in outs):
        return recompute()
    return o


def _svd_vjp(u, s, vh, gu, gs, gvh):
    """The gradient of A = U diag(S) Vh (reduced: k = min(m, n) singular triples) from those of
    U, S and Vh (PyTorch's svd_backward, as a composition). E_jk = s_k^2 - s_j^2: repeated
    singular values make it zero and the gradient through the vectors infinite, as in
    PyTorch. Complex: the loss must not depend on the phases of the vectors; the diagonal
    term i Im(diag(U^H gU) - diag(V^H gV)) / (2 S) carries the phase-invariant part."""
    m, n = u.shape[-2], vh.shape[-1]
    k = s.shape[-1]
    eye = _C.eye(k, dtype=_C.bool, device=s.device)
    s2 = s * s
    e = _C.expand_dims(s2, axis=-2) - _C.expand_dims(s2, axis=-1)
    uhgu = _skew(_C.matmul(_mH(u), gu))
    vhgv = _skew(_C.matmul(vh, _mH(gvh)))
    num = uhgu * _C.expand_dims(s, axis=-2) + _C.expand_dims(s, axis=-1) * vhgv
    inner = _off_diagonal_ratio(num, e, eye) + _diag_embed(gs)
    if _is_complex(u):
        im = _C.imag(_diag(_C.matmul(_mH(u), gu))) - _C.imag(_diag(_C.matmul(vh, _mH(gvh))))
        inner = inner + _diag_embed(im / (2 * s)) * 1j
    if m > n:
        ga = _C.matmul(u, inner)
        gus = gu / _C.expand_dims(s, axis=-2)
        ga = ga + gus - _C.matmul(u, _C.matmul(_mH(u), gus))
        return _C.matmul(ga, vh)
    if m < n:
        ga = _C.matmul(inner, vh)
        sgvh = gvh / _C.expand_dims(s, axis=-1)
        ga = ga + sgvh - _C.matmul(_C.matmul(sgvh, _mH(vh)), vh)
        return _C.matmul(u, ga)
    return _C.matmul(_C.matmul(u, inner), vh)


@_rule("_linalg_svd")
def _svd(out, x, full_matrices=True):
    # [Why full_matrices uses k columns] The extra columns of U (or rows of Vh) of a full
    # decomposition of a non-square matrix are any orthonormal completion: no gradient flows
    # through them (PyTorch narrows them away the same way).
    def vjp(g, o):
        gu, gs, gvh = g
        u, s, vh = _outputs(o, x, lambda: _C._linalg_svd(x, full_matrices))
        k = s.shape[-1]
        if u.shape[-1] != k:
            u, gu = _part(u, -1, 0, k), _part(gu, -1, 0, k)
        if vh.shape[-2] != k:
            vh, gvh = _part(vh, -2, 0, k), _part(gvh, -2, 0, k)
        return (_svd_vjp(u, s, vh, gu, gs, gvh),)
    return (x,), vjp, "out"


def _qr_square_vjp(q, r, gq, gr):
    """The gradient of A = QR (m >= n, Q with n columns, R n x n upper with a real diagonal):
    (gQ + Q P) R^{-H}, P the Hermitian matrix with upper triangle that of
    N = gR R^H - Q^H gQ and the real part of N's diagonal."""
    nmat = _C.matmul(gr, _mH(r)) - _C.matmul(_mH(q), gq)
    up = _C.triu(nmat, k=1)
    p = up + _mH(up) + _diag_embed(_C.real(_diag(nmat)))
    b = gq + _C.matmul(q, p)
    return _mH(_C._linalg_solve(r, _mH(b)))


@_rule("_linalg_qr")
def _qr(out, x, mode="reduced"):
    def vjp(g, o):
        m, n = x.shape[-2], x.shape[-1]
        q, r = _outputs(o, x, lambda: _C._linalg_qr(x, mode))
        gq, gr = g
        if mode == "complete" and m > n:
            raise NotImplementedError(
                "qr: the gradient of mode='complete' with more rows than columns is not "
                "defined (the extra columns of Q are any orthonormal completion); use "
                "mode='reduced'")
        if m >= n:
            return (_qr_square_vjp(q, r, gq, gr),)
        # wide: A = [Y | Z], R = [U | V], Y = Q U, V = Q^H Z
        grv = _part(gr, -1, m, n)
        gy = _qr_square_vjp(q, _part(r, -1, 0, m), gq + _C.matmul(_part(x, -1, m, n), _mH(grv)),
                            _part(gr, -1, 0, m))
        return (_C.concat([gy, _C.matmul(q, grv)], axis=-1),)
    return (x,), vjp, "out"


def _eig_vjp(w, v, gw, gv):
    """The gradient of A = V diag(w) V^{-1} (eigenvectors of unit norm, PyTorch's
    linalg_eig_backward as a composition): V^{-H} (diag(gw) + (V^H gV - V^H V Re(diag(V^H
    gV))) / conj(E)) V^H off the diagonal, E_ij = w_j - w_i. A repeated eigenvalue makes the
    part through the vectors infinite, as in PyTorch; the loss must not depend on the vectors'
    phases."""
    vh = _mH(v)
    n = w.shape[-1]
    eye = _C.eye(n, dtype=_C.bool, device=w.device)
    inner = _diag_embed(gw)
    if gv is not None:
        vhgv = _C.matmul(vh, gv)
        re = _C.real(_diag(vhgv))
        off = vhgv - _C.matmul(vh, v * _C.expand_dims(re, axis=-2))
        wc = _cj(w)
        e = _C.expand_dims(wc, axis=-2) - _C.expand_dims(wc, axis=-1)
        inner = inner + _off_diagonal_ratio(off, e, eye)
    return _C._linalg_solve(vh, _C.matmul(inner, vh))


@_rule("_linalg_eig")
def _eig(out, x):
    def vjp(g, o):
        w, v = _outputs(o, x, lambda: _C._linalg_eig(x))
        return (_eig_vjp(w, v, g[0], g[1]),)
    return (x,), vjp, "out"


@_rule("_linalg_eigvals")
def _eigvals(out, x):
    def vjp(g, o):
        w, v = _C._linalg_eig(x)
        return (_eig_vjp(w, v, g, None),)
    return (x,), vjp, True


@_rule("_linalg_cross")
def _cross(out, x, y, axis=-1):
    return (x, y), (lambda g, o: (_C._linalg_cross(y, g, axis=axis),
                                  _C._linalg_cross(g, x, axis=axis))), True


@_decompose("_linalg_matrix_power")
def _matrix_power(x, n):
    if n == 0:
        return _C.broadcast_to(_C.eye(x.shape[-1], dtype=x.dtype, device=x.device), x.shape) + \
            0 * x
    base = x if n > 0 else _C._linalg_inv(x)
    r = base
    for _ in range(abs(n) - 1):
        r = _C.matmul(r, base)
    return r


# ---- selections: gradients scattered back by position ----------------------------------------

def _positions_rule(select):
    """The rule of a function that picks elements of its first argument (select(x, *a, **k)):
    the gradient is scattered (summed) back to the picked positions, found by applying the
    same selection to the positions of x."""
    def rule(out, x, *a, **k):
        def vjp(g, o):
            pos = _C.reshape(_C.arange(x.size, device=x.device), x.shape)
            picked = select(pos, *a, **k)
            return (_scatter_add(x, picked, g),) + (None,) * len(a)
        return (x,) + a, vjp, False
    return rule


def _scatter_add(x, positions, g):
    z = _C.zeros((x.size,), dtype=g.dtype, device=g.device)
    flat = _C.reshape(positions, (-1,))
    gf = _C.reshape(g, (-1,))
    if flat.shape[0] == 0:
        return _C.reshape(z, x.shape)
    return _C.reshape(_C.scatter(z, flat, gf, overwrite=False), x.shape)


for _n in ("take", "gather", "index_select", "take_along_axis", "gather_nd", "masked_select",
           "_linalg_diagonal"):
    _f = getattr(_C, _n)
    _RULES[_n] = ("rule", _positions_rule(_f))
for _n in ("gather", "index_select", "gather_nd", "masked_select"):
    _RULES["Tensor." + _n] = ("rule", _positions_rule(getattr(_C, _n)))


@_rule("getitem")
def _getitem(out, x, key):
    def vjp(g, o):
        pos = _C.reshape(_C.arange(x.size, device=x.device), x.shape)
        return _scatter_add(x, pos[key], g), None
    return (x, key), vjp, False


@_rule("scatter", "Tensor.scatter")
def _scatter(out, x, index, updates, overwrite=True, name=None):
    def vjp(g, o):
        gx = _C.scatter(g, index, _C.zeros_like(updates), overwrite=True)
        gu = _C.take(g, index, axis=0)
        return gx, None, gu
    return (x, index, updates), vjp, False


@_rule("masked_fill", "Tensor.masked_fill")
def _masked_fill(out, x, mask, value, name=None):
    def vjp(g, o):
        gv = _C.sum(_C.where(mask, g, 0)) if isinstance(value, _T) else None
        return _C.where(mask, 0, g), None, gv
    return (x, mask, value), vjp, False


@_rule("where")
def _where(out, cond, x1=None, x2=None):
    return (cond, x1, x2), (lambda g, o: (None, _C.where(cond, g, 0),
                                          _C.where(cond, 0, g))), False


@_rule("sort", "Tensor.sort")
def _sort(out, x, axis=-1, descending=False, stable=True, name=None, **k):
    def vjp(g, o):
        idx = _C.argsort(x, axis=axis, descending=descending, stable=True)
        pos = _C.reshape(_C.arange(x.size, device=x.device), x.shape)
        return (_scatter_add(x, _C.take_along_axis(pos, idx, axis=axis), g),)
    return (x,), vjp, True


@_rule("topk", "Tensor.topk", "kthvalue", "Tensor.kthvalue")
def _topk(out, x, k, axis=None, *a, **kw):
    def vjp(g, o):
        gv = g[0]
        idx = out[1]
        ax = -1 if axis is None else axis
        keep = idx.ndim == x.ndim
        if not keep:
            idx = _C.expand_dims(idx, axis=ax)
            gv = _C.expand_dims(gv, axis=ax)
        pos = _C.reshape(_C.arange(x.size, device=x.device), x.shape)
        return (_scatter_add(x, _C.take_along_axis(pos, idx, axis=ax), gv),)
    return (x,), vjp, True


# ---- manipulation: linear and shape-only ----------------------------------------------------

@_rule("reshape", "Tensor.reshape", "flatten", "Tensor.flatten", "squeeze", "Tensor.squeeze",
       "expand_dims", "unsqueeze", "Tensor.unsqueeze", "ravel", "Tensor.ravel")
def _reshape(out, x, *a, **k):
    return (x,), (lambda g, o: (_C.reshape(g, x.shape),)), False


@_rule("broadcast_to", "Tensor.broadcast_to", "expand", "Tensor.expand", "expand_as",
       "Tensor.expand_as")
def _broadcast(out, x, *a, **k):
    return (x,), (lambda g, o: (g,)), False


@_rule("permute_dims", "transpose", "Tensor.transpose")
def _permute(out, x, axes=None, name=None, *, perm=None, **k):
    p = axes if axes is not None else perm
    inv = tuple(_inv_perm([a % x.ndim for a in p]))
    return (x,), (lambda g, o: (_C.permute_dims(g, inv),)), False


@_rule("matrix_transpose")
def _matrix_transpose(out, x):
    return (x,), (lambda g, o: (_mT(g),)), False


@_rule("moveaxis")
def _moveaxis(out, x, source, destination):
    return (x,), (lambda g, o: (_C.moveaxis(g, destination, source),)), False


@_rule("flip", "Tensor.flip")
def _flip(out, x, axis=None, name=None):
    return (x,), (lambda g, o: (_C.flip(g, axis=axis),)), False


@_rule("roll", "Tensor.roll")
def _roll(out, x, shift=None, axis=None, name=None, *, shifts=None):
    s = shift if shift is not None else shifts
    neg = tuple(-v for v in s) if isinstance(s, (tuple, list)) else -s
    return (x,), (lambda g, o: (_C.roll(g, neg, axis=axis),)), False


def _tri_rule(fn):
    def rule(out, x, k=0, *, diagonal=None):
        kk = diagonal if diagonal is not None else k
        return (x,), (lambda g, o: (getattr(_C, fn)(g, k=kk),)), False
    return rule


_RULES["tril"] = ("rule", _tri_rule("tril"))
_RULES["triu"] = ("rule", _tri_rule("triu"))


@_rule("concat")
def _concat(out, arrays, axis=0, *, x=None):
    xs = list(arrays if arrays is not None else x)

    def vjp(g, o):
        ax = axis % g.ndim if axis is not None else 0
        if axis is None:
            g = _C.reshape(g, (-1,))
        res, start = [], 0
        for t in xs:
            n = t.shape[ax] if axis is not None else t.size
            key = (slice(None),) * ax + (slice(start, start + n),)
            res.append(_C.reshape(g[key], t.shape))
            start += n
        return tuple(res)
    return tuple(xs), vjp, False


@_rule("stack")
def _stack(out, arrays, axis=0, *, x=None):
    xs = list(arrays if arrays is not None else x)

    def vjp(g, o):
        return tuple(_C.unstack(g, axis=axis))
    return tuple(xs), vjp, False


@_rule("unstack")
def _unstack(out, x, axis=0):
    return (x,), (lambda g, o: (_C.stack(list(g), axis=axis),)), False


@_rule("split", "Tensor.split", "chunk", "Tensor.chunk")
def _split(out, x, sections, axis=0, name=None):
    return (x,), (lambda g, o: (_C.concat(list(g), axis=axis),)), False


@_decompose("tile", "Tensor.tile")
def _tile(x, repetitions=None, name=None, *, repeat_times=None):
    reps = tuple(repetitions if repetitions is not None else repeat_times)
    nd = max(len(reps), x.ndim)
    reps = (1,) * (nd - len(reps)) + reps
    shape = (1,) * (nd - x.ndim) + tuple(x.shape)
    xe = _C.reshape(x, tuple(v for s in shape for v in (1, s)))
    big = _C.broadcast_to(xe, tuple(v for r, s in zip(reps, shape) for v in (r, s)))
    return _C.reshape(big, tuple(r * s for r, s in zip(reps, shape)))


@_decompose("repeat")
def _repeat(x, repeats, axis=None):
    if axis is None:
        x = _C.reshape(x, (-1,))
        axis = 0
    n = x.shape[axis]
    idx = _C.repeat(_C.arange(n, device=x.device), repeats)
    return _C.take(x, idx, axis=axis)


@_decompose("broadcast_arrays")
def _broadcast_arrays(*arrays):
    shape = _C.broadcast_shapes(*[a.shape for a in arrays])
    return [_C.broadcast_to(a, shape) for a in arrays]


@_decompose("meshgrid")
def _meshgrid(*arrays, indexing="xy"):
    n = len(arrays)
    sizes = [a.size for a in arrays]
    if indexing == "xy" and n >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    out = []
    for i, a in enumerate(arrays):
        shape = [1] * n
        j = i
        if indexing == "xy" and n >= 2 and i < 2:
            j = 1 - i
        shape[j] = a.size
        out.append(_C.broadcast_to(_C.reshape(a, tuple(shape)), tuple(sizes)))
    return out


@_decompose("diff", "Tensor.diff")
def _diff(x, n=1, axis=-1, prepend=None, append=None, name=None):
    parts = [p for p in (prepend, x, append) if p is not None]
    if len(parts) > 1:
        parts = [p if isinstance(p, _T) and p.ndim == x.ndim else
                 _C.broadcast_to(_C.asarray(p, dtype=x.dtype, device=x.device),
                                 x.shape[:axis % x.ndim] + (1,) + x.shape[axis % x.ndim + 1:])
                 for p in parts]
        x = _C.concat(parts, axis=axis)
    ax = axis % x.ndim
    for _ in range(n):
        m = x.shape[ax]
        hi = (slice(None),) * ax + (slice(1, m),)
        lo = (slice(None),) * ax + (slice(0, m - 1),)
        x = x[hi] - x[lo]
    return x


@_rule("astype", "Tensor.astype", "cast", "Tensor.cast")
def _astype(out, x, *a, **k):
    return (x,), (lambda g, o: (g,)), False


@_rule("Tensor.to_device", "Tensor.cpu")
def _to_device(out, x, *a, **k):
    return (x,), (lambda g, o: (g.to_device(x.device),)), False


# ---- fft ------------------------------------------------------------------------------------

_DUAL = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def _fft_rule(adjoint_name):
    def rule(out, x, n=None, axis=-1, norm=None, **k):
        def vjp(g, o):
            from . import fft as _fft
            m = x.shape[axis]
            gx = getattr(_fft, adjoint_name)(g, axis=axis, norm=_DUAL[norm])
            return (_fit(gx, axis, m),)
        return (x,), vjp, False
    return rule


def _fit(t, axis, m):
    """t cut or zero-padded along axis to extent m."""
    n = t.shape[axis]
    if n > m:
        return _C.take(t, _C.arange(m, device=t.device), axis=axis)
    if n < m:
        shape = list(t.shape)
        shape[axis] = m - n
        return _C.concat([t, _C.zeros(tuple(shape), dtype=t.dtype, device=t.device)], axis=axis)
    return t


_RULES["fft.fft"] = ("rule", _fft_rule("ifft"))
_RULES["fft.ifft"] = ("rule", _fft_rule("fft"))


def _fftn_rule(adjoint_name):
    def rule(out, x, s=None, axes=None, norm=None, **k):
        def vjp(g, o):
            from . import fft as _fft
            ax = tuple(range(x.ndim)) if axes is None else tuple(axes)
            gx = getattr(_fft, adjoint_name)(g, axes=ax, norm=_DUAL[norm])
            for a in ax:
                gx = _fit(gx, a, x.shape[a])
            return (gx,)
        return (x,), vjp, False
    return rule


_RULES["fft.fftn"] = ("rule", _fftn_rule("ifftn"))
_RULES["fft.ifftn"] = ("rule", _fftn_rule("fftn"))


# the real transforms through the complex ones (so each shares their rules): rfft is the
# first n // 2 + 1 terms of fft; irfft is the real part of ifft of the Hermitian spectrum its
# input stands for (the imaginary parts of the terms 0 and n / 2 drop out of the real part, as
# the C transform ignores them); hfft and ihfft are irfft and rfft of the conjugate with the
# normalisation swapped (NumPy's definitions)


def _rfft(x, n=None, axis=-1, norm=None):
    from . import fft as _fft
    m = x.shape[axis] if n is None else n
    return _part(_fft.fft(x, n=m, axis=axis, norm=norm or "backward"), axis, 0, m // 2 + 1)


def _irfft(x, n=None, axis=-1, norm=None):
    from . import fft as _fft
    m = 2 * (x.shape[axis] - 1) if n is None else n
    half = _fit(x, axis, m // 2 + 1)
    tail = _part(half, axis, 1, m - m // 2)
    full = _C.concat([half, _C.flip(_cj(tail), axis=axis)], axis=axis)
    return _C.real(_fft.ifft(full, axis=axis, norm=norm or "backward"))


def _hfft(x, n=None, axis=-1, norm=None):
    return _irfft(_cj(x), n, axis, _DUAL[norm])


def _ihfft(x, n=None, axis=-1, norm=None):
    return _cj(_rfft(x, n, axis, _DUAL[norm]))


def _fftn_axes(x, s, axes):
    if axes is None:
        axes = range(x.ndim) if s is None else range(x.ndim - len(s), x.ndim)
    return [a % x.ndim for a in axes]


def _rfftn(x, s=None, axes=None, norm=None):
    from . import fft as _fft
    ax = _fftn_axes(x, s, axes)
    s = [x.shape[a] for a in ax] if s is None else list(s)
    full = _fft.fftn(x, s=s, axes=ax, norm=norm or "backward")
    return _part(full, ax[-1], 0, s[-1] // 2 + 1)


def _irfftn(x, s=None, axes=None, norm=None):
    from . import fft as _fft
    ax = _fftn_axes(x, s, axes)
    if s is None:
        s = [x.shape[a] for a in ax[:-1]] + [2 * (x.shape[ax[-1]] - 1)]
    s = list(s)
    if len(ax) > 1:
        x = _fft.ifftn(x, s=s[:-1], axes=ax[:-1], norm=norm or "backward")
    return _irfft(x, s[-1], ax[-1], norm)


def _fft_function(name):
    def get():
        from . import fft as _fft
        return getattr(_fft, name)
    return get


for _n, _impl in (("rfft", _rfft), ("irfft", _irfft), ("hfft", _hfft), ("ihfft", _ihfft),
                  ("rfftn", _rfftn), ("irfftn", _irfftn)):
    _RULES["fft." + _n] = ("decompose", _validated(_fft_function(_n), _impl))


def _shift_rule(adjoint_name):
    def rule(out, x, axes=None):
        def vjp(g, o):
            from . import fft as _fft
            return (getattr(_fft, adjoint_name)(g, axes=axes),)
        return (x,), vjp, False
    return rule


_RULES["fft.fftshift"] = ("rule", _shift_rule("ifftshift"))
_RULES["fft.ifftshift"] = ("rule", _shift_rule("fftshift"))


# ---- functions whose outputs carry no gradient -----------------------------------------------

_NONDIFF.update({
    # boolean results
    "all", "any", "equal", "not_equal", "greater", "greater_equal", "greater_than", "less",
    "less_equal", "less_than", "ge", "gt", "le", "lt", "isfinite", "isinf", "isnan", "isin", "signbit", "logical_and",
    "logical_not", "logical_or", "logical_xor", "is_contiguous", "isdtype", "can_cast",
    # integer results
    "argmax", "argmin", "argsort", "nanargmax", "nanargmin", "count_nonzero", "nonzero",
    "searchsorted", "numel", "bitwise_and", "bitwise_invert", "bitwise_left_shift",
    "bitwise_not", "bitwise_or", "bitwise_right_shift", "bitwise_xor", "unique_all",
    "unique_counts", "unique_inverse", "unique_values", "nextafter",
    # creation and queries: no tensor input that could carry a gradient
    "arange", "asarray", "empty", "empty_like", "eye", "full", "full_like", "linspace", "ones",
    "ones_like", "zeros", "zeros_like", "to_tensor", "from_dlpack", "broadcast_shapes",
    "result_type", "get_device", "set_device", "synchronize", "empty_cache",
    "get_default_dtype", "set_default_dtype",
    "fft.fftfreq", "fft.rfftfreq",
})
for _n in list(_NONDIFF):
    _NONDIFF.add("Tensor." + _n)
