"""Stubs: DLPack export (Tensor.__dlpack__, __dlpack_device__) and the C exchange API capsule.

from_dlpack itself is a creation function (_stubs_core.pyi).
"""

import enum
from typing import Any, ClassVar

from typing_extensions import CapsuleType

def _dlpack_exchange_api() -> CapsuleType: ...

class _TensorDLPack:
    #: a "dlpack_exchange_api" capsule (DLPack 1.3), set on the type
    __dlpack_c_exchange_api__: ClassVar[CapsuleType]
    def __dlpack__(
        self,
        /,
        *,
        stream: int | Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[enum.Enum | int, int] | None = None,
        copy: bool | None = None,
    ) -> CapsuleType: ...
    def __dlpack_device__(self, /) -> tuple[int, int]: ...
