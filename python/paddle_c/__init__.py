"""paddle_c: a tensor library with a C core.

Tensors behave like PaddlePaddle's (type promotion, ``__setitem__``, boolean masks, devices)
and the namespace conforms to the Python array API standard (2025.12).
"""

from . import _C
from . import _autograd, _autograd_rules

_autograd.install(_C.Tensor)  # the autograd gate in front of the functions (docs/autograd.md)

from ._C import *  # noqa: F401,F403,E402  (the C functions, dtypes, Tensor, Device)
from ._C import Tensor, Device, dtype  # noqa: F401
from ._dtypes import finfo, iinfo, finfo_object, iinfo_object  # noqa: F401
from ._info import __array_namespace_info__  # noqa: F401
from ._device import (memory_stats, memory_allocated, max_memory_allocated,  # noqa: F401
                      memory_reserved, max_memory_reserved)
from ._config import show_config  # noqa: F401  (the ISA variant, threads, BLAS)
from . import _paddle
from . import _repr
from . import _vendor_libs
from . import _protocols
from . import linalg  # noqa: F401  (the linear algebra extension)
from . import _dlpack  # noqa: F401  (installs Tensor.__dlpack_c_exchange_api__)
from . import fft  # noqa: F401  (the fft extension)
from ._einsum import einsum  # noqa: F401  (Paddle's and NumPy's einsum)
from ._paddle import (assign, dot, inverse, is_tensor, logspace, median,  # noqa: F401
                      nanmedian, no_grad, outer, ravel, to_dlpack, tolist, unique)  # (Paddle's)

__array_api_version__ = "2025.12"
__version__ = "0.1.0"

# constants of the standard
e = 2.718281828459045
inf = float("inf")
nan = float("nan")
newaxis = None
pi = 3.141592653589793

_repr.install(Tensor)
_vendor_libs.install()  # the nvidia-* wheels' folders for cuBLAS, cuSOLVER, cuFFT
_protocols.install(Tensor)  # format(t, spec), round(t), t.ravel()
_paddle.install(Tensor)  # Paddle's Tensor.unique, median, take, to, item(*index)

__all__ = sorted(
    name for name in dir() if not name.startswith("_") and name not in {"annotations"}
)
