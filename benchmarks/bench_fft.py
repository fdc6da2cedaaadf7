"""paddle_c.fft against numpy.fft (pocketfft's C++ version in NumPy 2.x)."""

import numpy as np

import paddle_c as pc
from run import Case

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup))


def _signal(shape, dtype):
    rng = np.random.default_rng(0)
    a = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _case(fname, shape, dtype, **kw):
    def setup():
        a = _signal(shape, dtype)
        t = pc.asarray(a)
        f = getattr(pc.fft, fname)
        g = getattr(np.fft, fname)
        return (lambda: f(t, **kw)), (lambda: g(a, **kw))
    return setup


_add("fft complex128 [2^20]", _case("fft", 2**20, "complex128"))
_add("fft complex64 [2^20]", _case("fft", 2**20, "complex64"))
_add("ifft complex128 [2^20]", _case("ifft", 2**20, "complex128"))
_add("rfft float64 [2^20]", _case("rfft", 2**20, "float64"))
_add("rfft float32 [2^20]", _case("rfft", 2**20, "float32"))
_add("irfft complex128 [2^19+1] -> [2^20]", _case("irfft", 2**19 + 1, "complex128"))
_add("fft complex128 [65537] (prime)", _case("fft", 65537, "complex128"))
_add("fft complex64 [65537] (prime)", _case("fft", 65537, "complex64"))
_add("fftn complex128 [512, 512]", _case("fftn", (512, 512), "complex128"))
_add("fftn complex64 [512, 512]", _case("fftn", (512, 512), "complex64"))
_add("rfftn float64 [512, 512]", _case("rfftn", (512, 512), "float64"))
_add("fft complex128 [1000, 1000] axis=-1", _case("fft", (1000, 1000), "complex128"))
_add("fft complex128 [1000, 1000] axis=0", _case("fft", (1000, 1000), "complex128", axis=0))
_add("fft complex128 [1000]", _case("fft", 1000, "complex128"))
_add("fft complex128 [4096]", _case("fft", 4096, "complex128"))
_add("rfft float64 [64]", _case("rfft", 64, "float64"))
