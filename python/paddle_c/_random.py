"""Paddle's random functions: seed, get_rng_state / set_rng_state, rand, randn, standard_normal,
uniform, normal, randint, randint_like, randperm, bernoulli, multinomial, poisson, and the
in-place Tensor.uniform_, normal_, exponential_, bernoulli_.

Every draw comes from one counter-based generator (Philox4x32-10, csrc/kernels/common/
random_elem.h) through one kernel, RANDOM, that every device runs: a seed gives the same values
bit for bit on the CPU, a GPU, the OpenCL plug-in and hostdev. Only the draws are kernels;
bernoulli (a comparison), randperm (a sort of random keys), multinomial (a search of the
cumulative probabilities, or the largest perturbed log-probabilities) and the tensor forms of
normal are compositions of ordinary operations, so they run on every device too. Paddle's own
streams are not reproduced (its CPU and GPU streams differ from each other as well).
docs/random.md describes the streams and the differences from Paddle.
"""

from __future__ import annotations

from . import _C
from ._dtypes import _dtype_of, iinfo as _iinfo

__all__ = ["seed", "get_rng_state", "set_rng_state", "rand", "randn", "standard_normal",
           "uniform", "normal", "randint", "randint_like", "randperm", "bernoulli",
           "multinomial", "poisson"]

# pc_random_kind (csrc/include/paddle_c/kernels/random_kernels.h)
_UNIFORM, _NORMAL, _INTEGERS, _EXPONENTIAL, _POISSON = range(5)


class GeneratorState:
    """The generator's state: its seed and the offset of the next element drawn."""

    __slots__ = ("seed", "offset")

    def __init__(self, seed: int, offset: int):
        self.seed = seed
        self.offset = offset

    def __repr__(self):
        return f"GeneratorState(seed={self.seed}, offset={self.offset})"

    def __eq__(self, other):
        return (isinstance(other, GeneratorState) and
                (self.seed, self.offset) == (other.seed, other.offset))


class Generator:
    """What paddle.seed returns: the process's generator (one for every device)."""

    def initial_seed(self) -> int:
        return _C._rng_state()[0]

    def manual_seed(self, seed: int) -> "Generator":
        return globals()["seed"](seed)

    def get_state(self) -> GeneratorState:
        return GeneratorState(*_C._rng_state())

    def set_state(self, state: GeneratorState) -> None:
        _C._rng_set_state(state.seed, state.offset)


_GENERATOR = Generator()


def seed(seed: int) -> Generator:
    """seed(seed) -> Generator

    Restart the generator from `seed` (any int; negative ones are taken modulo 2**64): the
    draws that follow are then the same on every device and in every process."""
    _C._rng_set_state(int(seed), 0)
    return _GENERATOR


def get_rng_state(device=None) -> list:
    """get_rng_state(device=None) -> list[GeneratorState]

    The generator's state, as a list of one state (one generator serves every device)."""
    return [_GENERATOR.get_state()]


def set_rng_state(state_list, device=None) -> None:
    """set_rng_state(state_list, device=None)

    Restore a state from get_rng_state (a list of one GeneratorState, or the state itself)."""
    states = [state_list] if isinstance(state_list, GeneratorState) else list(state_list)
    if len(states) != 1 or not isinstance(states[0], GeneratorState):
        raise ValueError("set_rng_state: give the list get_rng_state() returned")
    _GENERATOR.set_state(states[0])


def _float_dtype(dtype):
    # without dtype=: the default floating dtype (float32 unless set_default_dtype changed it)
    dt = _C._default_dtypes()[0] if dtype is None else _dtype_of(dtype)
    if not _C.isdtype(dt, "real floating"):
        raise TypeError(f"random values of dtype {dt} are not supported: give a floating dtype")
    return dt


def _shape(shape):
    if isinstance(shape, _C.Tensor):
        shape = shape.tolist()
    return (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)


def _draw(kind, shape, dtype, device=None, a=0.0, b=0.0, lo=0, count=0, rates=None):
    return _C._random(kind, _shape(shape) if rates is None else (), dtype, device, float(a),
                      float(b), int(lo), int(count), rates)


def uniform(shape, dtype=None, min=0.0, max=1.0, seed=0, name=None, *, out=None, device=None):
    """uniform(shape, dtype=None, min=0.0, max=1.0, seed=0, name=None) -> Tensor

    Values uniform on [min, max) (up to the rounding of min + (max - min) u to the dtype, as in
    NumPy). A non-zero `seed` reseeds the generator first (Paddle draws that one call from its
    own generator instead)."""
    if seed:
        globals()["seed"](seed)
    r = _draw(_UNIFORM, shape, _float_dtype(dtype), device, min, max)
    return _into(out, r)


def rand(shape, dtype=None, name=None, *, out=None, device=None):
    """rand(shape, dtype=None, name=None) -> Tensor: uniform on [0, 1)."""
    return _into(out, _draw(_UNIFORM, shape, _float_dtype(dtype), device, 0.0, 1.0))


def standard_normal(shape, dtype=None, name=None, *, out=None, device=None):
    """standard_normal(shape, dtype=None, name=None) -> Tensor: mean 0, standard deviation 1."""
    return _into(out, _draw(_NORMAL, shape, _float_dtype(dtype), device, 0.0, 1.0))


def randn(shape, dtype=None, name=None, *, out=None, device=None):
    """randn(shape, dtype=None, name=None) -> Tensor: standard normal values."""
    return standard_normal(shape, dtype, out=out, device=device)


def normal(mean=0.0, std=1.0, shape=None, name=None, *, out=None):
    """normal(mean=0.0, std=1.0, shape=None, name=None) -> Tensor

    Normal values of mean `mean` and standard deviation `std`, each a number or a tensor (the
    result then has the tensors' broadcast shape, dtype and device); with numbers alone,
    `shape` (default [1])."""
    tensors = [t for t in (mean, std) if isinstance(t, _C.Tensor)]
    if not tensors:
        r = _draw(_NORMAL, [1] if shape is None else shape, _float_dtype(None), None, mean, std)
        return _into(out, r)
    _C._same_device(*tensors)
    ref = tensors[0]
    dt = ref.dtype if _C.isdtype(ref.dtype, "real floating") else _float_dtype(None)
    shp = _C.broadcast_shapes(*(t.shape for t in tensors))
    z = _draw(_NORMAL, shp, dt, ref.device, 0.0, 1.0)
    return _into(out, _C.astype(z * std + mean, dt))


def randint(low=0, high=None, shape=(1,), dtype=None, name=None, *, device=None):
    """randint(low=0, high=None, shape=[1], dtype=None, name=None) -> Tensor

    Integers uniform on [low, high) (on [0, low) when high is None), int64 by default."""
    if high is None:
        low, high = 0, low
    low, high = int(low), int(high)
    if low >= high:
        raise ValueError(f"randint: low must be less than high, but low = {low}, "
                         f"high = {high}")
    dt = _C.int64 if dtype is None else _dtype_of(dtype)
    if not _C.isdtype(dt, "integral"):
        raise TypeError(f"randint: dtype must be an integer dtype, not {dt}")
    info = _iinfo(dt)
    if low < info.min or high - 1 > info.max:
        raise ValueError(f"randint: [{low}, {high}) does not fit {dt}")
    count = high - low
    return _draw(_INTEGERS, shape, dt, device, lo=low, count=count % (1 << 64))


def randint_like(x, low=0, high=None, dtype=None, name=None):
    """randint_like(x, low=0, high=None, dtype=None, name=None) -> Tensor

    Integers uniform on [low, high) in x's shape, on x's device, of `dtype` (x's by default;
    a floating dtype holds the integers drawn as int64)."""
    dt = x.dtype if dtype is None else _dtype_of(dtype)
    draw_dt = dt if _C.isdtype(dt, "integral") else _C.int64
    r = randint(low, high, tuple(x.shape), draw_dt, device=x.device)
    return r if draw_dt == dt else _C.astype(r, dt)


def randperm(n, dtype="int64", name=None, *, out=None, device=None):
    """randperm(n, dtype='int64', name=None) -> Tensor

    A random permutation of 0 .. n-1: the order of n random 64-bit keys (a stable sort, so a
    rare tie keeps the smaller index first)."""
    n = int(n)
    if n < 0:
        raise ValueError(f"randperm: n must be non-negative, not {n}")
    keys = _draw(_INTEGERS, (n,), _C.int64, device, lo=-(1 << 63), count=0)
    return _into(out, _C.astype(_C.argsort(keys, stable=True), _dtype_of(dtype)))


def bernoulli(x, p=None, name=None):
    """bernoulli(x, p=None, name=None) -> Tensor

    1 with probability x (each element's; or `p` for all), else 0, in x's dtype and shape."""
    u = _draw(_UNIFORM, tuple(x.shape), _float_dtype(x.dtype), x.device, 0.0, 1.0)
    prob = x if p is None else p
    return _C.astype(u < prob, x.dtype)


def poisson(x, name=None):
    """poisson(x, name=None) -> Tensor

    A Poisson value of rate x[i] for each element (x's dtype, floating). A rate that is NaN,
    negative or above 2**62 gives NaN."""
    dt = _float_dtype(x.dtype)
    return _C._random(_POISSON, (), dt, None, 0.0, 0.0, 0, 0, x)


def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """multinomial(x, num_samples=1, replacement=False, name=None) -> Tensor

    Indices drawn from the categories of each row of x (unnormalised, non-negative weights),
    int64. With replacement: a search of uniform values in the cumulative weights; without:
    the num_samples largest of log(w) + Gumbel noise (each draw then excludes its category)."""
    if x.ndim not in (1, 2):
        raise ValueError(f"multinomial: x must be 1-D or 2-D, not {x.ndim}-D")
    num_samples = int(num_samples)
    rows = x if x.ndim == 2 else _C.expand_dims(x, axis=0)
    n = rows.shape[-1]
    if not replacement and num_samples > n:
        raise ValueError(f"multinomial: {num_samples} samples without replacement from "
                         f"{n} categories")
    w = _C.astype(rows, _C.float64)
    if bool(_C.any(w < 0)) or bool(_C.any(_C.logical_not(_C.isfinite(w)))):
        raise ValueError("multinomial: the weights must be finite and non-negative")
    total = _C.sum(w, axis=-1, keepdims=True)
    if bool(_C.any(total <= 0)):
        raise ValueError("multinomial: each row needs a positive weight")
    if replacement:
        # one search for every row: row i's cumulative weights lie in [i, i + 1], so the
        # rows laid end to end are sorted, and row i's uniform values are searched as i + u
        m = rows.shape[0]
        shift = _C.expand_dims(_C.arange(m, dtype=_C.float64, device=x.device), axis=1)
        cdf = _C.cumulative_sum(w / total, axis=-1) + shift
        u = _draw(_UNIFORM, (m, num_samples), _C.float64, x.device, 0.0, 1.0) + shift
        idx = _C.searchsorted(_C.reshape(cdf, (-1,)), _C.reshape(u, (-1,)), side="right")
        first = _C.astype(shift, _C.int64) * n
        r = _C.minimum(_C.reshape(idx, (m, num_samples)) - first, n - 1)
    else:
        e = _draw(_EXPONENTIAL, tuple(w.shape), _C.float64, x.device, 1.0, 0.0)
        keys = _C.where(w > 0, _C.log(w) - _C.log(e), -float("inf"))
        r = _C.topk(keys, num_samples, axis=-1)[1]
    r = _C.astype(r, _C.int64)
    return _into(out, r if x.ndim == 2 else r[0])


def _into(out, r):
    if out is None:
        return r
    out[...] = r
    return out


# ---- in-place forms (Tensor methods) ---------------------------------------------------------

def _fill(x, values):
    x[...] = _C.astype(values, x.dtype)
    return x


def _same_device(x, *scalars):
    """A scalar parameter given as a (0-D) tensor must be on x's device: refused before x is
    written, with the dispatcher's message naming both devices."""
    tensors = [v for v in scalars if isinstance(v, _C.Tensor)]
    if tensors:
        _C._same_device(x, *tensors)


def uniform_(x, min=0.0, max=1.0, seed=0, name=None):
    """x.uniform_(min=0.0, max=1.0, seed=0, name=None) -> x, filled with uniform values."""
    _same_device(x, min, max)
    return _fill(x, uniform(tuple(x.shape), _float_dtype(x.dtype), min, max, seed,
                            device=x.device))


def normal_(x, mean=0.0, std=1.0, name=None):
    """x.normal_(mean=0.0, std=1.0, name=None) -> x, filled with normal values."""
    _same_device(x, mean, std)
    z = _draw(_NORMAL, tuple(x.shape), _float_dtype(x.dtype), x.device, mean, std)
    return _fill(x, z)


def exponential_(x, lam=1.0, name=None):
    """x.exponential_(lam=1.0, name=None) -> x, filled with exponential values of rate lam."""
    _same_device(x, lam)
    lam = float(lam)
    if not lam > 0:
        raise ValueError(f"exponential_: lam must be positive, not {lam}")
    return _fill(x, _draw(_EXPONENTIAL, tuple(x.shape), _float_dtype(x.dtype), x.device, lam))


def bernoulli_(x, p=0.5, name=None):
    """x.bernoulli_(p=0.5, name=None) -> x, filled with 1 (probability p) or 0."""
    _same_device(x, p)
    u = _draw(_UNIFORM, tuple(x.shape), _float_dtype(None), x.device, 0.0, 1.0)
    return _fill(x, u < p)
