/*
 * reduction_args.c - parsing axis and correction arguments (see reduction_args.h).
 */
#include "reduction_args.h"

static int one_axis(PyObject *obj, const char *fname, int *out)
{
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: axis must be an integer or a tuple of integers, "
                     "not %s", fname, Py_TYPE(obj)->tp_name);
        return -1;
    }
    const Py_ssize_t v = PyNumber_AsSsize_t(obj, NULL);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (v < -PC_MAX_NDIM - 1 || v > PC_MAX_NDIM) {
        /* out of range for any tensor: clamp so that the core reports it with the ndim */
        *out = v < 0 ? -PC_MAX_NDIM - 1 : PC_MAX_NDIM;
        return 0;
    }
    *out = (int)v;
    return 0;
}

int pcpy_axes_arg(PyObject *obj, const char *fname, int *axes, int *naxes)
{
    if (obj == NULL || obj == Py_None) {
        *naxes = -1;
        return 0;
    }
    if (PyTuple_Check(obj) || PyList_Check(obj)) {
        PyObject *snap = pcpy_seq_snapshot(obj);
        if (snap == NULL) {
            return -1;
        }
        const Py_ssize_t n = PyTuple_GET_SIZE(snap);
        int r = 0;
        if (n > PC_MAX_NDIM) {
            PyErr_Format(PyExc_ValueError, "%s: %zd axes given; a tensor has at most %d",
                         fname, n, PC_MAX_NDIM);
            r = -1;
        }
        for (Py_ssize_t i = 0; r == 0 && i < n; i++) {
            r = one_axis(PyTuple_GET_ITEM(snap, i), fname, &axes[i]);
        }
        Py_DECREF(snap);
        *naxes = (int)n;
        return r;
    }
    *naxes = 1;
    return one_axis(obj, fname, &axes[0]);
}

int pcpy_axis_arg(PyObject *obj, const char *fname, int dflt, int *out)
{
    if (obj == NULL) {
        *out = dflt;
        return 0;
    }
    return one_axis(obj, fname, out);
}

int pcpy_correction_arg(PyObject *obj, double *out)
{
    if (obj == NULL) {
        *out = 0.0;
        return 0;
    }
    if (PyBool_Check(obj) || !(PyLong_Check(obj) || PyFloat_Check(obj) || PyIndex_Check(obj))) {
        PyErr_Format(PyExc_TypeError, "correction must be an int or a float, not %s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    const double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    *out = v;
    return 0;
}
