"""DLPack and NumPy exchange: export, import and round trips (no copies), against NumPy doing
the same with its own arrays."""

import numpy as np

import paddle_c as pc
from run import Case

CASES = []


def _add(name, setup):
    CASES.append(Case(name, setup, group="interop"))


def _np_asarray():
    a = np.ones((64, 64))
    t = pc.asarray(a)
    return (lambda: np.asarray(t)), (lambda: np.asarray(a))


def _from_dlpack_ndarray():
    a = np.ones((64, 64))
    return (lambda: pc.from_dlpack(a)), (lambda: np.from_dlpack(a))


def _np_from_dlpack_tensor():
    a = np.ones((64, 64))
    t = pc.asarray(a)
    return (lambda: np.from_dlpack(t)), (lambda: np.from_dlpack(a))


def _capsule():
    a = np.ones((64, 64))
    t = pc.asarray(a)
    return (lambda: t.__dlpack__(max_version=(1, 0))), (lambda: a.__dlpack__(max_version=(1, 0)))


def _own_round_trip():
    a = np.ones((64, 64))
    t = pc.asarray(a)
    return (lambda: pc.from_dlpack(t)), (lambda: np.from_dlpack(a))


_add("np.asarray(tensor) vs np.asarray(ndarray) [64x64]", _np_asarray)
_add("pc.from_dlpack(ndarray) vs np.from_dlpack(ndarray) [64x64]", _from_dlpack_ndarray)
_add("np.from_dlpack(tensor) vs np.from_dlpack(ndarray) [64x64]", _np_from_dlpack_tensor)
_add("__dlpack__ capsule [64x64]", _capsule)
_add("pc.from_dlpack(tensor) vs np.from_dlpack(ndarray) [64x64]", _own_round_trip)
