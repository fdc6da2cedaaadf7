"""The DLPack ABI written independently with ctypes, for tests.

It lets the tests look inside the capsules paddle_c produces (version, flags, dtype, shape,
strides, device) and build producers with any layout the specification allows: NULL strides,
byte offsets, read-only flags, unknown dtypes, other major versions. Deleter calls are counted.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    CFUNCTYPE, POINTER, PYFUNCTYPE, Structure, c_char_p, c_int, c_int32, c_int64, c_uint8,
    c_uint16, c_uint32, c_uint64, c_void_p, py_object,
)

import numpy as np

READ_ONLY = 1
IS_COPIED = 2


class DLPackVersion(Structure):
    _fields_ = [("major", c_uint32), ("minor", c_uint32)]


class DLDevice(Structure):
    _fields_ = [("device_type", c_int32), ("device_id", c_int32)]


class DLDataType(Structure):
    _fields_ = [("code", c_uint8), ("bits", c_uint8), ("lanes", c_uint16)]


class DLTensor(Structure):
    _fields_ = [
        ("data", c_void_p), ("device", DLDevice), ("ndim", c_int32), ("dtype", DLDataType),
        ("shape", POINTER(c_int64)), ("strides", POINTER(c_int64)), ("byte_offset", c_uint64),
    ]


class DLManagedTensor(Structure):
    pass


LEGACY_DELETER = CFUNCTYPE(None, POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [
    ("dl_tensor", DLTensor), ("manager_ctx", c_void_p), ("deleter", LEGACY_DELETER),
]


class DLManagedTensorVersioned(Structure):
    pass


VERSIONED_DELETER = CFUNCTYPE(None, POINTER(DLManagedTensorVersioned))
DLManagedTensorVersioned._fields_ = [
    ("version", DLPackVersion), ("manager_ctx", c_void_p), ("deleter", VERSIONED_DELETER),
    ("flags", c_uint64), ("dl_tensor", DLTensor),
]

SET_ERROR = CFUNCTYPE(None, c_void_p, c_char_p, c_char_p)


class DLPackExchangeAPI(Structure):
    _fields_ = [
        ("version", DLPackVersion), ("prev_api", c_void_p),
        ("managed_tensor_allocator",
         CFUNCTYPE(c_int, POINTER(DLTensor), POINTER(POINTER(DLManagedTensorVersioned)),
                   c_void_p, SET_ERROR)),
        # the Python-object functions need the GIL: PYFUNCTYPE keeps it while they run
        ("managed_tensor_from_py_object_no_sync",
         PYFUNCTYPE(c_int, py_object, POINTER(POINTER(DLManagedTensorVersioned)))),
        ("managed_tensor_to_py_object_no_sync",
         PYFUNCTYPE(c_int, POINTER(DLManagedTensorVersioned), POINTER(py_object))),
        ("dltensor_from_py_object_no_sync", c_void_p),
        ("current_work_stream", CFUNCTYPE(c_int, c_int32, c_int32, POINTER(c_void_p))),
    ]


_api = ctypes.pythonapi
_get_pointer = PYFUNCTYPE(c_void_p, py_object, c_char_p)(("PyCapsule_GetPointer", _api))
_get_name = PYFUNCTYPE(c_char_p, py_object)(("PyCapsule_GetName", _api))
_set_name = PYFUNCTYPE(c_int, py_object, c_char_p)(("PyCapsule_SetName", _api))
_is_valid_raw = PYFUNCTYPE(c_int, c_void_p, c_char_p)(("PyCapsule_IsValid", _api))
_get_pointer_raw = PYFUNCTYPE(c_void_p, c_void_p, c_char_p)(("PyCapsule_GetPointer", _api))
CAPSULE_DESTRUCTOR = PYFUNCTYPE(None, c_void_p)
_capsule_new = PYFUNCTYPE(py_object, c_void_p, c_char_p, CAPSULE_DESTRUCTOR)(
    ("PyCapsule_New", _api))

VERSIONED = b"dltensor_versioned"
LEGACY = b"dltensor"
USED_VERSIONED = b"used_dltensor_versioned"
USED_LEGACY = b"used_dltensor"


def capsule_name(capsule) -> str:
    return _get_name(capsule).decode()


def versioned_struct(capsule) -> DLManagedTensorVersioned:
    """The managed tensor inside an unused versioned capsule (borrowed)."""
    return ctypes.cast(_get_pointer(capsule, VERSIONED),
                       POINTER(DLManagedTensorVersioned)).contents


def legacy_struct(capsule) -> DLManagedTensor:
    return ctypes.cast(_get_pointer(capsule, LEGACY), POINTER(DLManagedTensor)).contents


def mark_used(capsule) -> None:
    """Rename a capsule as a consumer does once it owns the managed tensor."""
    name = _get_name(capsule)
    _set_name(capsule, USED_VERSIONED if name == VERSIONED else USED_LEGACY)


def dims(t: DLTensor) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    shape = tuple(t.shape[i] for i in range(t.ndim))
    strides = None if not t.strides else tuple(t.strides[i] for i in range(t.ndim))
    return shape, strides


@CAPSULE_DESTRUCTOR
def _destroy_capsule(ptr):
    # the producer's rule: delete the managed tensor only while no consumer took it
    if _is_valid_raw(ptr, VERSIONED):
        m = ctypes.cast(_get_pointer_raw(ptr, VERSIONED), POINTER(DLManagedTensorVersioned))
        m.contents.deleter(m)
    elif _is_valid_raw(ptr, LEGACY):
        m = ctypes.cast(_get_pointer_raw(ptr, LEGACY), POINTER(DLManagedTensor))
        m.contents.deleter(m)


class Producer:
    """A DLPack producer over a NumPy array's memory with a hand-made managed tensor.

    `element_offset` moves `data` back by that many elements and puts the difference into
    `byte_offset`; `strides=False` leaves strides NULL (pre-1.2 producers); `code`/`bits`/
    `lanes`/`major` override the header; `legacy=True` makes a "dltensor" capsule and a
    `__dlpack__` that takes no keywords.
    """

    def __init__(self, base: np.ndarray, *, legacy=False, strides=True, element_offset=0,
                 flags=0, code=None, bits=None, lanes=1, major=1, device=(1, 0)):
        self.base = base
        self.legacy = legacy
        self.deleted = 0
        self.exported = 0
        self.last_kwargs = None
        self._opts = dict(strides=strides, element_offset=element_offset, flags=flags,
                          code=code, bits=bits, lanes=lanes, major=major, device=device)
        self._device = device
        self._keep = {}  # address of each live managed tensor -> the ctypes objects it uses

        def release(m):
            self.deleted += 1
            self._keep.pop(ctypes.addressof(m.contents), None)

        # kept for the producer's lifetime: a callback must outlive every call of it
        self._versioned_deleter = VERSIONED_DELETER(release)
        self._legacy_deleter = LEGACY_DELETER(release)

    def __dlpack_device__(self):
        return self._device

    def __dlpack__(self, **kwargs):
        if self.legacy and kwargs:
            raise TypeError("__dlpack__() takes no keyword arguments")
        self.last_kwargs = kwargs
        return self.capsule()

    def capsule(self):
        a = self.base
        o = self._opts
        item = a.dtype.itemsize
        ndim = a.ndim
        shape = (c_int64 * max(ndim, 1))(*a.shape)
        strides = (c_int64 * max(ndim, 1))(*(s // item for s in a.strides))
        kind = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}[a.dtype.kind]
        dt = DLDataType(o["code"] if o["code"] is not None else kind,
                        o["bits"] if o["bits"] is not None else 8 * item, o["lanes"])
        data = a.__array_interface__["data"][0] - o["element_offset"] * item
        tensor = DLTensor(data, DLDevice(*o["device"]), ndim, dt, shape,
                          strides if o["strides"] else None, o["element_offset"] * item)
        if self.legacy:
            m = DLManagedTensor(tensor, None, self._legacy_deleter)
            name = LEGACY
        else:
            m = DLManagedTensorVersioned(DLPackVersion(o["major"], 0), None,
                                         self._versioned_deleter, o["flags"], tensor)
            name = VERSIONED
        self._keep[ctypes.addressof(m)] = (m, shape, strides)
        self.exported += 1
        return _capsule_new(ctypes.addressof(m), name, _destroy_capsule)


def exchange_api(tensor_type) -> DLPackExchangeAPI:
    capsule = tensor_type.__dlpack_c_exchange_api__
    return ctypes.cast(_get_pointer(capsule, b"dlpack_exchange_api"),
                       POINTER(DLPackExchangeAPI)).contents


class RawCapsules:
    """Capsules with every DLTensor field chosen by hand, valid or not: NULL data, any
    byte_offset, shapes and strides of any length and value, any ndim. For the importer's
    hostile-input tests and the fuzzer. Deleter calls are counted in `deleted`; the ctypes
    objects a capsule points into live as long as this object."""

    def __init__(self):
        self.deleted = 0
        self._keep = {}

        def release(m):
            self.deleted += 1

        self._versioned_deleter = VERSIONED_DELETER(release)
        self._legacy_deleter = LEGACY_DELETER(release)

    def make(self, *, data=None, shape=(), strides=None, byte_offset=0, ndim=None,
             dtype=(2, 64, 1), device=(1, 0), flags=0, major=1, legacy=False,
             null_shape=False):
        """A capsule; `ndim` defaults to len(shape) (the arrays then hold that many entries,
        or one when empty); `null_shape` leaves the shape pointer NULL."""
        n = len(shape) if ndim is None else ndim
        shape_arr = (c_int64 * max(len(shape), 1))(*shape)
        strides_arr = None if strides is None else (c_int64 * max(len(strides), 1))(*strides)
        tensor = DLTensor(data, DLDevice(*device), n, DLDataType(*dtype),
                          None if null_shape else shape_arr, strides_arr, byte_offset)
        if legacy:
            m = DLManagedTensor(tensor, None, self._legacy_deleter)
            name = LEGACY
        else:
            m = DLManagedTensorVersioned(DLPackVersion(major, 0), None, self._versioned_deleter,
                                         flags, tensor)
            name = VERSIONED
        self._keep[len(self._keep)] = (m, shape_arr, strides_arr)
        return _capsule_new(ctypes.addressof(m), name, _destroy_capsule)


class CapsuleProducer:
    """An object whose __dlpack__ returns a given capsule (for from_dlpack)."""

    def __init__(self, capsule, device=(1, 0)):
        self.capsule = capsule
        self.device = device

    def __dlpack_device__(self):
        return self.device

    def __dlpack__(self, **kwargs):
        return self.capsule
