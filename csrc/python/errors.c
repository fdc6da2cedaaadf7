/*
 * errors.c - the one place where a pc_status becomes a Python exception.
 */
#include "pcpy.h"

static PyObject *exception_for(pc_status st)
{
    switch (st) {
    case PC_ERR_TYPE:
        return PyExc_TypeError;
    case PC_ERR_VALUE:
        return PyExc_ValueError;
    case PC_ERR_INDEX:
        return PyExc_IndexError;
    case PC_ERR_MEMORY:
        return PyExc_MemoryError;
    case PC_ERR_NOTIMPL:
        return PyExc_NotImplementedError;
    case PC_ERR_BUFFER:
        return PyExc_BufferError;
    case PC_ERR_OVERFLOW:
        return PyExc_OverflowError;
    default:
        return PyExc_RuntimeError;
    }
}

PyObject *pcpy_raise(pc_status st)
{
    if (st == PC_OK) {
        PyErr_SetString(PyExc_SystemError, "paddle_c: error raised without a status");
        return NULL;
    }
    const char *msg = pc_error_message();
    PyErr_SetString(exception_for(st), msg[0] ? msg : "paddle_c: operation failed");
    return NULL;
}

const char *pcpy_status_kind(pc_status st)
{
    return ((PyTypeObject *)exception_for(st))->tp_name;
}

int pcpy_raise_int(pc_status st)
{
    pcpy_raise(st);
    return -1;
}
