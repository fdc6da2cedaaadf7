/*
 * errors.c - the one place where a pc_status becomes a Python exception.
 */
#include <string.h>

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

/* paddle_c.AxisError (module.c creates it), or IndexError before the module exists. New
 * reference. */
static PyObject *axis_error(void)
{
    PyObject *name = PyUnicode_FromString("paddle_c._C");
    PyObject *mod = name != NULL ? PyImport_GetModule(name) : NULL;
    Py_XDECREF(name);
    PyObject *cls = mod != NULL ? PyObject_GetAttrString(mod, "AxisError") : NULL;
    Py_XDECREF(mod);
    if (cls == NULL) {
        PyErr_Clear();
        return Py_NewRef(PyExc_IndexError);
    }
    return cls;
}

PyObject *pcpy_raise(pc_status st)
{
    if (st == PC_OK) {
        PyErr_SetString(PyExc_SystemError, "paddle_c: error raised without a status");
        return NULL;
    }
    const char *msg = pc_error_message();
    if (msg[0] == '\0') {
        msg = "paddle_c: operation failed";
    }
    /* [Why the message is decoded leniently] It may quote bytes from outside (an environment
     * variable, a file name) that are no UTF-8, or end in a character cut short by the
     * message's buffer: the exception must still be the status's, not a UnicodeDecodeError. */
    PyObject *text = PyUnicode_DecodeUTF8(msg, (Py_ssize_t)strlen(msg), "backslashreplace");
    if (text == NULL) {
        return NULL;
    }
    PyObject *cls = st == PC_ERR_AXIS ? axis_error() : Py_NewRef(exception_for(st));
    PyErr_SetObject(cls, text);
    Py_DECREF(cls);
    Py_DECREF(text);
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
