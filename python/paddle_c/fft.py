"""paddle_c.fft: discrete Fourier transforms (the array API standard's fft extension).

The functions are implemented in C (the transform engine of csrc/kernels/cpu/fft*.c).
Transforms of float32 (and integer) input give complex64, of float64 input complex128;
``norm`` is "backward" (default), "ortho" or "forward", as in NumPy.
"""

from ._C import _fft_namespace

_functions = _fft_namespace()

fft = _functions["fft"]
ifft = _functions["ifft"]
fftn = _functions["fftn"]
ifftn = _functions["ifftn"]
rfft = _functions["rfft"]
irfft = _functions["irfft"]
rfftn = _functions["rfftn"]
irfftn = _functions["irfftn"]
hfft = _functions["hfft"]
ihfft = _functions["ihfft"]
fftfreq = _functions["fftfreq"]
rfftfreq = _functions["rfftfreq"]
fftshift = _functions["fftshift"]
ifftshift = _functions["ifftshift"]

del _functions, _fft_namespace

__all__ = [
    "fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft",
    "fftfreq", "rfftfreq", "fftshift", "ifftshift",
]
