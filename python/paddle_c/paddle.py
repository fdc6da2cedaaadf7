"""paddle_c.paddle: PaddlePaddle's namespace on paddle_c, for code written against Paddle.

    import paddle_c.paddle as paddle

It holds everything `paddle_c` has (the array API standard's namespace with Paddle's keyword
spellings and Paddle's own names), and, where Paddle's function behaves differently from the
standard's function of the same name, Paddle's function:

- `reshape(x, shape)`: a 0 keeps the input's extent at its position (`[0, -1]`);
- `squeeze(x, axis=None)`: every axis of extent 1 without an axis; axes of other extents stay;
- `where(condition)` with one argument: the indices of the true elements (a tuple);
- `nonzero(x, as_tuple=False)`: a 2-D [N, ndim] tensor by default;
- `shape(x)`: the shape as a 1-D int64 tensor;
- `sum`, `prod`, `max`, `min`, `mean`, `var`, `std`, `all`, `any`, `argmax`, `argmin`,
  `count_nonzero`, `sort`, `argsort`, `diff`: Paddle's signatures, with the axis (and dtype,
  keepdim, ...) positional in Paddle's order; `var`/`std` divide by N - 1 by default
  (`unbiased=True`), `sort`/`argsort` take Paddle's `stable=False` default.

Those are the Tensor methods' forms (Tensor methods follow Paddle), so each fact is stated once.
Paddle's forms of `meshgrid` (indexing 'ij'), `zeros`/`ones`/`full`/`empty` (a tensor shape),
the bitwise shifts (`is_arithmetic`), `searchsorted`, `take`, `take_along_axis`, `isin`,
`tensordot` and `cross` are in _paddle_forms.py; Paddle's `linalg` (`svd` reduced by default,
...) in _paddle_linalg.py; the places and `paddle.device` in _paddle_device.py.
The deliberate differences from Paddle 3.3.1 that remain are listed, measured, in
docs/paddle.md.
"""

from __future__ import annotations

import inspect as _inspect
import sys as _sys
import types as _types

import paddle_c as _pc
from paddle_c import *  # noqa: F401,F403  (the standard's namespace with Paddle's names)
from paddle_c import Tensor as _Tensor, _C
from paddle_c import _random
from paddle_c._random import (  # noqa: F401  (Paddle's random functions: docs/random.md)
    bernoulli, get_rng_state, multinomial, normal, poisson, rand, randint, randint_like, randn,
    randperm, seed, set_rng_state, standard_normal, uniform)

from paddle_c._autograd import (  # noqa: F401  (Paddle's autograd: docs/autograd.md)
    enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled)
from paddle_c import _autograd

# the functions whose Paddle form is the Tensor method of the same name
_METHOD_FORMS = (
    "all", "any", "argmax", "argmin", "argsort", "count_nonzero", "diff", "max", "mean", "min",
    "prod", "reshape", "sort", "squeeze", "std", "sum", "var",
)


def _as_tensor(x):
    return x if isinstance(x, _Tensor) else _C.asarray(x)


def _method_form(name: str):
    """The module function f(x, ...) = x.<name>(...), with the method's signature."""
    method = getattr(_Tensor, name)

    def function(x, *args, **kwargs):
        return getattr(_as_tensor(x), name)(*args, **kwargs)

    sig = _inspect.signature(method)
    params = list(sig.parameters.values())
    x = _inspect.Parameter("x", _inspect.Parameter.POSITIONAL_OR_KEYWORD)
    function.__signature__ = sig.replace(parameters=[x] + params[1:])
    function.__name__ = function.__qualname__ = name
    function.__module__ = __name__
    function.__doc__ = (f"{name}{function.__signature__}\n\nPaddle's {name}: x.{name}(...) "
                        f"(see paddle_c.Tensor.{name}).")
    return function


for _name in _METHOD_FORMS:
    globals()[_name] = _method_form(_name)
del _name


def nonzero(x, as_tuple=False):
    """nonzero(x, as_tuple=False) -> Tensor or tuple

    The indices of the non-zero elements of x: an int64 tensor of shape [N, x.ndim] (Paddle's
    default), or with as_tuple=True one 1-D tensor per dimension.
    """
    return _C.nonzero(_as_tensor(x), as_tuple=as_tuple)


def where(condition, x=None, y=None, name=None):
    """where(condition, x=None, y=None, name=None) -> Tensor or tuple

    Elements of x where condition is true, of y elsewhere (see paddle_c.where); with the
    condition alone, the indices of its true elements, one 1-D tensor per dimension.
    """
    if x is None and y is None:
        return _C.nonzero(_as_tensor(condition))
    if x is None or y is None:
        raise ValueError("where: give both x and y, or neither")
    return _C.where(condition, x, y)


def shape(input):
    """shape(input) -> Tensor

    The shape of `input` as a 1-D int64 tensor (Paddle's paddle.shape; `x.shape` is a tuple).
    """
    return _C.asarray(list(_as_tensor(input).shape), dtype=_C.int64)


# Paddle's forms that conflict with the standard's, its linalg namespace, places and devices
from paddle_c import _paddle_forms, _paddle_device
from paddle_c._paddle_forms import *  # noqa: F401,F403,E402
from paddle_c._paddle_device import (CPUPlace, CUDAPinnedPlace, CUDAPlace, device,  # noqa: F401
                                     get_device)
from paddle_c import _paddle_linalg as linalg  # noqa: E402

# the in-place random methods of Paddle's Tensor
_Tensor.uniform_ = _random.uniform_
_Tensor.normal_ = _random.normal_
_Tensor.exponential_ = _random.exponential_
_Tensor.bernoulli_ = _random.bernoulli_

def _autograd_backward(tensors, grad_tensors=None, retain_graph=False):
    """paddle.autograd.backward(tensors, grad_tensors=None, retain_graph=False): backward() of
    each tensor, with its grad_tensor (ones when None), accumulated into the leaves' .grad."""
    ts = [tensors] if isinstance(tensors, _Tensor) else list(tensors)
    gs = [None] * len(ts) if grad_tensors is None else (
        [grad_tensors] if isinstance(grad_tensors, _Tensor) else list(grad_tensors))
    if len(gs) != len(ts):
        raise ValueError("The length of grad_tensors must be equal to tensors.")
    for i, (t, g) in enumerate(zip(ts, gs)):
        _autograd.backward(t, g, retain_graph=retain_graph or i + 1 < len(ts))


# paddle.autograd: the module Paddle keeps these in (import paddle_c.paddle.autograd works too)
autograd = _types.ModuleType(__name__ + ".autograd", "Paddle's paddle.autograd on paddle_c.")
for _name, _obj in (("backward", _autograd_backward), ("grad", grad),
                    ("jacobian", _autograd.jacobian), ("hessian", _autograd.hessian),
                    ("no_grad", no_grad), ("enable_grad", enable_grad),
                    ("is_grad_enabled", is_grad_enabled), ("set_grad_enabled", set_grad_enabled)):
    setattr(autograd, _name, _obj)
del _name, _obj
_sys.modules[autograd.__name__] = autograd

__all__ = sorted(set(_pc.__all__) | set(_METHOD_FORMS) | {"nonzero", "where", "shape"} |
                 set(_random.__all__) | set(_paddle_forms.__all__) |
                 set(_paddle_device.__all__) | {"device"} |
                 {"autograd", "enable_grad", "grad", "is_grad_enabled", "no_grad",
                  "set_grad_enabled"})
