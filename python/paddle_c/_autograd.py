"""Paddle's reverse-mode autograd on paddle_c: the recorder and the surface (backward,
paddle.grad, no_grad and friends, jacobian, hessian). docs/autograd.md describes it.

The engine is C: csrc/python/autograd.c keeps each Tensor's record (stop_gradient, grad,
grad_fn, hooks), the storage versions that in-place writes bump, grad mode, and the gate: every
differentiable function of the namespace and every operator calls `_record` below only when some
live tensor requires a gradient and grad mode is on; otherwise the operation runs at once.
autograd_node.c makes a recorded operation a GradNode (`_C._ag_attach`: the rule's
vector-Jacobian product, the edges into its inputs, their shapes and dtypes, the saved tensors
and their versions, the outputs held weakly), and autograd_engine.c walks the graph
(`_C._ag_run`). Rules are compositions of paddle_c operations (_autograd_rules.py), so a
backward pass run with create_graph=True is recorded like any other computation and can be
differentiated again, to any order.
"""

from __future__ import annotations

import functools
import operator

from . import _C

__all__ = [
    "backward", "enable_grad", "grad", "hessian", "is_grad_enabled", "jacobian",
    "no_grad", "set_grad_enabled",
]

_Tensor = _C.Tensor
_set_enabled = _C._ag_set_enabled

# the operator slots' functions (autograd.c names them by rule)
_SLOT_FUNCS = {
    "add": operator.add, "subtract": operator.sub, "multiply": operator.mul,
    "divide": operator.truediv, "floor_divide": operator.floordiv, "remainder": operator.mod,
    "matmul": operator.matmul, "pow": operator.pow, "negative": operator.neg,
    "positive": operator.pos, "abs": operator.abs, "getitem": operator.getitem,
}

_RULES: dict = {}       # name -> rule(p) -> (inputs, vjp, saves): _autograd_rules.py fills it
_NONDIFF: set = set()   # names whose outputs never carry gradients (_autograd_rules.py)


def _needs_grad(args, kwargs) -> bool:
    for a in args:
        if type(a) is _Tensor or isinstance(a, _Tensor):
            if not a.stop_gradient:
                return True
        elif type(a) in (list, tuple):
            for b in a:
                if isinstance(b, _Tensor) and not b.stop_gradient:
                    return True
    if kwargs:
        return _needs_grad(tuple(kwargs.values()), None)
    return False


def _call_nograd(func, args, kwargs):
    prev = _set_enabled(False)
    try:
        return func(*args, **kwargs)
    finally:
        _set_enabled(prev)


def _record(name, func, args, kwargs):
    """The gate's slow path: run `func` (or the operator `name`) on args and record it."""
    kwargs = kwargs or {}
    if name.startswith("inplace_"):
        # Paddle's x += y is out of place (x is rebound), and so it is recorded
        name = name[len("inplace_"):]
        if not _needs_grad(args, kwargs):
            return _call_nograd(_SLOT_FUNCS["inplace_" + name], args, kwargs)
    if name == "setitem":
        return _setitem(*args)
    if func is None:
        func = _SLOT_FUNCS[name]
    if not _needs_grad(args, kwargs):
        return _call_nograd(func, args, kwargs)
    rule = _RULES.get(name)
    if rule is None:
        if name in _NONDIFF:
            return _call_nograd(func, args, kwargs)
        raise NotImplementedError(
            f"{name}: paddle_c has no gradient for this function; compute it under "
            f"paddle.no_grad() or on tensors with stop_gradient=True")
    kind = rule[0]
    if kind == "decompose":
        # differentiated through its definition: the composition is recorded op by op
        return rule[1](*args, **kwargs)
    out = _call_nograd(func, args, kwargs)
    if any(out is a for a in args):
        # an operation that returns its input (x.cpu() on the CPU, contiguous of a contiguous
        # tensor): the result becomes a new Tensor object on the same memory, with its own node
        out = out.detach()
    inputs, vjp, saves = rule[1](out, *args, **kwargs)
    return _C._ag_attach(name, out, inputs, vjp, saves)


_SLOT_FUNCS.update({
    "inplace_add": operator.iadd, "inplace_subtract": operator.isub,
    "inplace_multiply": operator.imul, "inplace_divide": operator.itruediv,
    "inplace_floor_divide": operator.ifloordiv, "inplace_remainder": operator.imod,
    "inplace_matmul": operator.imatmul, "inplace_pow": operator.ipow,
})


def _setitem(x, key, value):
    """x[key] = value with gradients: x (not a leaf that requires one) gets a new node whose
    gradient is the incoming one with the written elements zeroed, and value's is the
    incoming one at key."""
    if x.is_leaf and not x.stop_gradient:
        raise ValueError("(InvalidArgument) Leaf Tensor that doesn't stop gradient can't use "
                         "inplace strategy.")
    _call_nograd(operator.setitem, (x, key, value), {})
    val = value if isinstance(value, _Tensor) else None
    vgrad = val is not None and not val.stop_gradient

    def vjp(g, out):
        gx = _C.asarray(g, copy=True)
        gx[key] = 0
        gv = g[key] if vgrad else None
        return gx, gv

    # x's edge is still the one from before the write: its node changes only here
    _C._ag_attach("setitem", x, (x, val), vjp, False)
    return None


def _ones_like(t):
    return _C.ones(t.shape, dtype=t.dtype, device=t.device)


def backward(tensor, grad_tensor=None, retain_graph=False):
    """Tensor.backward(grad_tensor=None, retain_graph=False): accumulate the gradient of this
    tensor into the .grad of every leaf it depends on (a tensor of ones when grad_tensor is
    None, for any shape, as in Paddle)."""
    if tensor.stop_gradient:
        raise RuntimeError("backward: the tensor has stop_gradient=True, so there is no graph "
                           "to differentiate")
    g = _ones_like(tensor) if grad_tensor is None else _as_grad(grad_tensor, tensor)
    _C._ag_run([tensor], [g], bool(retain_graph), False, None)


def _as_grad(g, t):
    g = g if isinstance(g, _Tensor) else _C.asarray(g, dtype=t.dtype, device=t.device)
    if g.shape != t.shape:
        raise ValueError(f"The shape of grad_tensor {list(g.shape)} does not match the shape "
                         f"of the tensor {list(t.shape)}")
    return g


def _seq(x):
    if isinstance(x, _Tensor):
        return [x], True
    return list(x), False


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, no_grad_vars=None):
    """paddle.grad: the gradients of `outputs` (weighted by grad_outputs, ones by default) with
    respect to `inputs`, as a list; .grad is left alone. create_graph=True records the
    computation of the gradients, so they can be differentiated again. retain_graph defaults to
    create_graph."""
    outs, _ = _seq(outputs)
    ins, _ = _seq(inputs)
    if grad_outputs is None:
        gouts = [None] * len(outs)
    else:
        gouts, _ = _seq(grad_outputs)
        if len(gouts) != len(outs):
            raise ValueError("The length of grad_outputs must be equal to outputs.")
    if retain_graph is None:
        retain_graph = create_graph
    if no_grad_vars is not None:
        raise NotImplementedError("grad: no_grad_vars is not supported by paddle_c")
    for t in outs + ins:
        if not isinstance(t, _Tensor):
            raise TypeError(f"grad: outputs and inputs must be Tensors, not {type(t).__name__}")
    gs = [_ones_like(o) if g is None else _as_grad(g, o) for o, g in zip(outs, gouts)]
    res = _C._ag_run(outs, gs, bool(retain_graph), bool(create_graph), ins)
    for i, r in enumerate(res):
        if r is None:
            if not allow_unused:
                raise ValueError(
                    f"(InvalidArgument) The {i}-th input does not appear in the backward graph. "
                    f"Please check the input tensor or set allow_unused=True to get None result.")
        elif not create_graph and not r.stop_gradient:
            res[i] = r.detach()
    return res


# ---- grad mode -----------------------------------------------------------------------------

def is_grad_enabled() -> bool:
    """Whether operations are recorded for gradients (False inside no_grad)."""
    return _C._ag_enabled()


class _GradMode:
    """A context manager and decorator that sets grad mode to `self._mode` inside."""

    _mode = True

    def __enter__(self):
        self._prev = _set_enabled(self._mode)
        return None

    def __exit__(self, *exc):
        _set_enabled(self._prev)
        return False

    def __call__(self, func):
        if not callable(func):
            raise TypeError(f"{type(self).__name__}() decorates a function, not "
                            f"{type(func).__name__}")

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with type(self)():
                return func(*args, **kwargs)

        return wrapper


class no_grad(_GradMode):
    """no_grad() -> a context manager and function decorator (Paddle's): nothing computed
    inside records gradients (results have stop_gradient=True)."""

    _mode = False

    def __init__(self, func=None):
        if func is not None:
            raise TypeError("no_grad() takes no arguments; use @paddle.no_grad() (with the "
                            "parentheses) or `with paddle.no_grad():`")


class enable_grad(_GradMode):
    """enable_grad() -> a context manager and decorator: operations are recorded inside, even
    within no_grad."""

    _mode = True


class set_grad_enabled(_GradMode):
    """set_grad_enabled(mode) -> grad mode set to `mode` at once, and restored on leaving when
    used as a context manager."""

    def __init__(self, mode: bool):
        self._mode = bool(mode)
        self._prev = _set_enabled(self._mode)

    def __enter__(self):
        return None

    def __call__(self, func):
        mode = self._mode

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            prev = _set_enabled(mode)
            try:
                return func(*args, **kwargs)
            finally:
                _set_enabled(prev)

        return wrapper


# ---- jacobian and hessian ------------------------------------------------------------------

def jacobian(ys, xs, batch_axis=None):
    """paddle.autograd.jacobian(ys, xs, batch_axis=None): the Jacobian of ys with respect to xs
    as a tensor of shape ys.shape + xs.shape flattened to [ys.size, xs.size] (batch_axis=0:
    [B, ys.size / B, xs.size / B]); tuples of ys or xs give nested tuples. Computed row by row
    with create_graph=True, so it can be differentiated again."""
    ys_seq, ys_single = _seq(ys)
    xs_seq, xs_single = _seq(xs)
    rows = [[_jac(y, x, batch_axis) for x in xs_seq] for y in ys_seq]
    if xs_single:
        rows = [r[0] for r in rows]
    else:
        rows = [tuple(r) for r in rows]
    return rows[0] if ys_single else tuple(rows)


def _jac(y, x, batch_axis):
    if batch_axis not in (None, 0):
        raise ValueError(f"batch_axis should be None or 0, but got {batch_axis}")
    if batch_axis is None:
        yf = _C.reshape(y, (-1,))
        n = yf.shape[0]
        rows = []
        for i in range(n):
            g, = grad(yf[i], x, retain_graph=True, create_graph=True, allow_unused=True)
            g = _C.zeros(x.shape, dtype=x.dtype, device=x.device) if g is None else g
            rows.append(_C.reshape(g, (-1,)))
        if not rows:
            return _C.zeros((0, x.size), dtype=x.dtype, device=x.device)
        return _C.stack(rows, axis=0) if y.ndim > 0 else _C.reshape(rows[0], (-1,))
    b = y.shape[0]
    yf = _C.reshape(y, (b, -1))
    rows = []
    for i in range(yf.shape[1]):
        g, = grad(_C.sum(yf[:, i]), x, retain_graph=True, create_graph=True, allow_unused=True)
        g = _C.zeros(x.shape, dtype=x.dtype, device=x.device) if g is None else g
        rows.append(_C.reshape(g, (b, -1)))
    return _C.stack(rows, axis=1)


def hessian(ys, xs, batch_axis=None):
    """paddle.autograd.hessian(ys, xs, batch_axis=None): the Hessian of a scalar ys (one value
    per batch row with batch_axis=0) with respect to xs, the Jacobian of its gradient."""
    xs_seq, xs_single = _seq(xs)
    if batch_axis is None and ys.size != 1:
        raise ValueError(f"The Tensor to compute the Hessian must be a scalar (got shape "
                         f"{list(ys.shape)})")
    y = _C.sum(ys) if batch_axis is None else ys
    firsts = grad(_C.sum(y), xs_seq, create_graph=True, retain_graph=True, allow_unused=True)
    firsts = [_C.zeros(x.shape, dtype=x.dtype, device=x.device) if g is None else g
              for g, x in zip(firsts, xs_seq)]
    rows = [tuple(_jac(g, x, batch_axis) for x in xs_seq) for g in firsts]
    if xs_single:
        return rows[0][0]
    return tuple(rows)


# ---- the Tensor's surface ------------------------------------------------------------------

class _HookHandle:
    """What register_hook returns: remove() takes the hook off."""

    def __init__(self, hooks, hook):
        self._hooks = hooks
        self._hook = hook

    def remove(self) -> bool:
        try:
            self._hooks.remove(self._hook)
        except ValueError:
            return False
        return True


def _register_hook(self, hook):
    """register_hook(hook): call hook(grad) on the gradient of this tensor when it is computed;
    a non-None result replaces it. Returns a handle with remove()."""
    if self.stop_gradient:
        raise RuntimeError("Cannot register hook on a tensor that stop gradient.")
    if not callable(hook):
        raise TypeError(f"register_hook needs a callable, not {type(hook).__name__}")
    node = self._grad_fn
    if node is None:
        hooks = self._hooks
        if hooks is None:
            hooks = []
            self._hooks = hooks
    else:
        hooks = node._hooks(node._out_index(self))
    hooks.append(hook)
    return _HookHandle(hooks, hook)


def _clear_grad(self, set_to_zero=True):
    """clear_grad(set_to_zero=True): zero the accumulated gradient (None with
    set_to_zero=False)."""
    if self.grad is None:
        return
    if set_to_zero:
        self.grad = _C.zeros(self.grad.shape, dtype=self.grad.dtype, device=self.grad.device)
    else:
        self.grad = None


def _tensor_backward(self, grad_tensor=None, retain_graph=False):
    """backward(grad_tensor=None, retain_graph=False): accumulate the gradient of this tensor
    into the .grad of the leaves it depends on."""
    backward(self, grad_tensor, retain_graph)


def install_tensor(tensor_type):
    tensor_type.backward = _tensor_backward
    tensor_type.register_hook = _register_hook
    tensor_type.clear_grad = _clear_grad
    tensor_type.clear_gradient = _clear_grad


# ---- the gate -------------------------------------------------------------------------------

# Tensor methods that are never recorded: they leave the graph (detach) or return no tensor
_METHODS_OUTSIDE = {"detach", "item", "tolist", "numpy", "dim", "ndimension", "unique"}


def install(tensor_type):
    """Put the gate in front of every function of _C, Tensor method and fft function whose
    results may carry gradients (all but the rules' NONDIFF list, which run as they are)."""
    _C._ag_install(_record)
    wrap = _C._ag_function
    for name in dir(_C):
        if name.startswith("_") and not name.startswith("_linalg_"):
            continue
        f = getattr(_C, name)
        if type(f).__name__ == "builtin_function_or_method" and name not in _NONDIFF:
            setattr(_C, name, wrap(f, name))
    for name, f in list(vars(tensor_type).items()):
        if name.startswith("__") or name in _METHODS_OUTSIDE:
            continue
        if type(f).__name__ == "method_descriptor" and "Tensor." + name not in _NONDIFF:
            setattr(tensor_type, name, wrap(f, "Tensor." + name))
    from . import fft as fft_module

    for name in fft_module.__all__:
        f = getattr(fft_module, name)
        if "fft." + name not in _NONDIFF:
            setattr(fft_module, name, wrap(f, "fft." + name))
    install_tensor(tensor_type)


# ---- pickling the gate's wrappers ------------------------------------------------------------
# A wrapped function pickles by reference, as the builtin it wraps does: by the module and name
# under which it is found (clients such as Cubed and Dask send functions to other processes).

_HOMES = ("paddle_c", "paddle_c.fft", "paddle_c.linalg", "paddle_c.paddle", "paddle_c._C")


def _restore_function(module, name):
    import importlib

    return getattr(importlib.import_module(module), name)


def _reduce_function(f):
    import importlib

    name = getattr(f, "__name__", None)
    for module in (getattr(f, "__module__", None),) + _HOMES:
        if module and name and getattr(importlib.import_module(module), name, None) is f:
            return _restore_function, (module, name)
    raise TypeError(f"cannot pickle {f!r}: it is not a module-level function of paddle_c")
