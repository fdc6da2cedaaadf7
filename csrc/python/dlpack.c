/*
 * dlpack.c - DLPack import and export.
 *
 * Until the DLPack exchange lands, CPU tensors and buffer-protocol producers are accepted and
 * everything else raises BufferError naming what is missing.
 */
#include "pcpy.h"

PyObject *pcpy_from_dlpack(pcpy_state *st, PyObject *obj, pc_dtype dtype, const pc_device *device,
                           int copy)
{
    if (pcpy_tensor_check(st, obj) || PyObject_CheckBuffer(obj)) {
        return pcpy_asarray(st, obj, dtype, device, copy);
    }
    PyErr_Format(PyExc_BufferError, "from_dlpack: importing %s through DLPack capsules is not "
                 "available in this build", Py_TYPE(obj)->tp_name);
    return NULL;
}
