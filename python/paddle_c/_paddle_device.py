"""Paddle's places and device functions on paddle_c's devices: `paddle.CPUPlace()`,
`paddle.CUDAPlace(i)`, `paddle.CUDAPinnedPlace()`, `paddle.get_device(x)`, and the `paddle.device` namespace
(`get_device`, `set_device`, `synchronize`, `cuda.device_count`, `cuda.synchronize`, the
`cuda` memory statistics). Exported by `paddle_c.paddle` only.

A place is a `paddle_c.Device` (the type of `Tensor.place`), so `x.place == paddle.CPUPlace()`
compares devices. Paddle's GPUs are paddle_c's CUDA and ROCm devices (those whose
`is_gpu_place()` is true), numbered in the order `__array_namespace_info__().devices()` lists
them. What differs from Paddle is in docs/paddle.md: a place is a Device (`str` gives "cpu",
not "Place(cpu)"; `CPUPlace` is a function, not a class), and paddle_c has no pinned host
memory, so `CUDAPinnedPlace()` is the CPU.
"""

from __future__ import annotations

import types as _types

from . import _C
from . import _device

__all__ = ["CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "get_device"]


def _gpus() -> list:
    """paddle_c's devices that Paddle calls GPUs, in order."""
    return [d for d in _C._devices() if d.is_gpu_place()]


def _gpu(index: int, what: str):
    gpus = _gpus()
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"{what}: the device id must be an int, not {type(index).__name__}")
    if not 0 <= index < len(gpus):
        raise ValueError(f"{what}: no GPU {index}; this machine has {len(gpus)} "
                         f"(paddle.device.cuda.device_count())")
    return gpus[index]


def CPUPlace():
    """CPUPlace() -> Device('cpu'): Paddle's CPU place."""
    return _C.Device("cpu")


def CUDAPlace(id: int):
    """CUDAPlace(id) -> Device: the GPU numbered `id` (ValueError when there is none, as
    Paddle's CPU build raises)."""
    return _gpu(id, "CUDAPlace")


def CUDAPinnedPlace():
    """CUDAPinnedPlace() -> Device('cpu'): paddle_c has no pinned host memory, so Paddle's
    pinned place is the CPU; as in Paddle, it needs a GPU (RuntimeError without one)."""
    if not _gpus():
        raise RuntimeError("CUDAPinnedPlace: there is no GPU (pinned memory serves copies to "
                           "a GPU)")
    return _C.Device("cpu")


def _resolve(device, what: str):
    """A GPU given as None (the default device if it is a GPU, else GPU 0), an int, a
    Device or a device string."""
    if device is None:
        current = _C.Device(_C.get_device())
        return current if current.is_gpu_place() else _gpu(0, what)
    if isinstance(device, int) and not isinstance(device, bool):
        return _gpu(device, what)
    return device if isinstance(device, _C.Device) else _C.Device(device)


def get_device(input=None):
    """get_device(input=None) -> str or int: the default device, in Paddle's spelling ('cpu',
    'gpu:0'); given a tensor, the id of the GPU it is on, or -1 off the GPUs (Paddle's
    paddle.get_device(x))."""
    if input is None:
        return _C.get_device()
    device = input.device
    return device.index if device.is_gpu_place() else -1


def set_device(device):
    """set_device(device) -> Device: make `device` ('cpu', 'gpu', 'gpu:1', a place) the
    default device of new tensors; returns it."""
    return _C.set_device(device)


def _device_count() -> int:
    """device_count() -> int: how many GPUs paddle_c can use (0 without one)."""
    return len(_gpus())


def _cuda_synchronize(device=None) -> None:
    """synchronize(device=None): wait until the work queued on the GPU `device` (an id, a
    place or a string; default: the current GPU) is done. RuntimeError without a GPU."""
    if not _gpus():
        raise RuntimeError("synchronize: there is no GPU")
    _C.synchronize(_resolve(device, "synchronize"))


def _memory(stat):
    def query(device=None):
        return stat(_resolve(device, stat.__name__))
    query.__name__ = query.__qualname__ = stat.__name__
    query.__doc__ = stat.__doc__
    return query


_device_count.__name__ = "device_count"
_cuda_synchronize.__name__ = "synchronize"

#: paddle.device.cuda
cuda = _types.SimpleNamespace(
    device_count=_device_count,
    synchronize=_cuda_synchronize,
    **{name: _memory(getattr(_device, name)) for name in _device.__all__},
)

#: paddle.device
device = _types.SimpleNamespace(
    get_device=get_device,
    set_device=set_device,
    synchronize=_C.synchronize,
    cuda=cuda,
)
