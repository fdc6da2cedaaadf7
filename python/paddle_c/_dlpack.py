"""DLPack's C exchange API (DLPack 1.3) on the Tensor type.

The specification asks for ``type(tensor).__dlpack_c_exchange_api__``: a class attribute holding
a ``dlpack_exchange_api`` capsule, so C extensions find the table once per type and exchange
tensors without Python calls. The table itself is static C data in the extension.
"""

from . import _C

_C.Tensor.__dlpack_c_exchange_api__ = _C._dlpack_exchange_api()
