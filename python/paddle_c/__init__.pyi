"""Type stubs of the paddle_c package."""

from ._C import *  # noqa: F401,F403
from ._C import Tensor as Tensor
from ._dtypes import finfo as finfo, iinfo as iinfo, finfo_object as finfo_object, iinfo_object as iinfo_object
from ._info import __array_namespace_info__ as __array_namespace_info__
from ._device import memory_stats as memory_stats, memory_allocated as memory_allocated, max_memory_allocated as max_memory_allocated, memory_reserved as memory_reserved, max_memory_reserved as max_memory_reserved
from ._einsum import einsum as einsum
from ._config import show_config as show_config
from ._paddle import is_tensor as is_tensor, logspace as logspace, no_grad as no_grad, outer as outer, unique as unique
from ._paddle import assign as assign, dot as dot, inverse as inverse, median as median, nanmedian as nanmedian, ravel as ravel, to_dlpack as to_dlpack, tolist as tolist

__array_api_version__: str
__version__: str
e: float
inf: float
nan: float
newaxis: None
pi: float
from . import linalg as linalg
from . import fft as fft
