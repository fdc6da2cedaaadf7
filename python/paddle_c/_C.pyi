"""Type stubs of the C extension paddle_c._C.

Each family of functions has its own stub file (_stubs_<family>.pyi) holding its module functions
and a mixin with its Tensor methods; this file gathers them.
"""

from ._stubs_core import *  # noqa: F401,F403
from ._stubs_core import _TensorCore
from ._stubs_dlpack import *  # noqa: F401,F403
from ._stubs_dlpack import _TensorDLPack
from ._stubs_elementwise import *  # noqa: F401,F403
from ._stubs_elementwise import _TensorOperators
from ._stubs_index import *  # noqa: F401,F403
from ._stubs_index import _TensorIndex
from ._stubs_linalg import *  # noqa: F401,F403
from ._stubs_linalg import _TensorLinalg
from ._stubs_fft import _fft_namespace as _fft_namespace
from ._stubs_reduction import *  # noqa: F401,F403
from ._stubs_reduction import _TensorReduction, _TensorSorting

class Tensor(_TensorCore, _TensorDLPack, _TensorIndex, _TensorLinalg, _TensorOperators,
             _TensorReduction, _TensorSorting): ...
