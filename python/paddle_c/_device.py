"""Device memory statistics (Paddle's paddle.device.cuda.* and PyTorch's torch.cuda.* names)."""

from __future__ import annotations

from . import _C

__all__ = ["memory_stats", "memory_allocated", "max_memory_allocated", "memory_reserved",
           "max_memory_reserved"]


def memory_stats(device=None):
    """The memory statistics of `device` (default: the default device) as a dict of
    allocated_bytes, peak_allocated_bytes, reserved_bytes, peak_reserved_bytes, num_allocs."""
    return _C._memory_stats(device)


def memory_allocated(device=None):
    """Bytes in live tensors' allocations on `device`."""
    return _C._memory_stats(device)["allocated_bytes"]


def max_memory_allocated(device=None):
    """The most bytes allocated on `device` at once since the start."""
    return _C._memory_stats(device)["peak_allocated_bytes"]


def memory_reserved(device=None):
    """Bytes held from `device`: live allocations plus the memory pool's cache."""
    return _C._memory_stats(device)["reserved_bytes"]


def max_memory_reserved(device=None):
    """The most bytes held from `device` at once since the start."""
    return _C._memory_stats(device)["peak_reserved_bytes"]
