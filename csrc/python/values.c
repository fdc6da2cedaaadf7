/*
 * values.c - plain values <-> Python objects: a Python scalar <-> pc_scalar and an element,
 * a shape <-> a tuple of ints. No tensors: the Tensor type (tensor_type.c) and asarray
 * (convert.c) both use these.
 */
#include "pcpy.h"

/* ---- scalars ------------------------------------------------------------------------------ */

int pcpy_scalar_from_py(PyObject *obj, pc_scalar *out)
{
    /* [Why subclasses with a buffer are not scalars] NumPy scalars such as np.float64 subclass
     * Python's float but carry a dtype; like NumPy 2 (NEP 50) we treat them as 0-D arrays of
     * that dtype, through the buffer protocol. */
    if (!PyBool_Check(obj) && !PyLong_CheckExact(obj) && !PyFloat_CheckExact(obj) &&
        !PyComplex_CheckExact(obj) && PyObject_CheckBuffer(obj)) {
        return 0;
    }
    if (PyBool_Check(obj)) {
        out->dtype = PC_BOOL;
        out->v.b = obj == Py_True;
        return 1;
    }
    if (PyLong_Check(obj)) {
        int overflow = 0;
        const long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
        if (v == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (overflow == 0) {
            out->dtype = PC_INT64;
            out->v.i = v;
            return 1;
        }
        if (overflow > 0) {
            const unsigned long long u = PyLong_AsUnsignedLongLong(obj);
            if (!(u == (unsigned long long)-1 && PyErr_Occurred())) {
                out->dtype = PC_UINT64;
                out->v.u = u;
                return 1;
            }
            PyErr_Clear();
        }
        PyErr_Format(PyExc_OverflowError, "Python integer %R is out of bounds for every "
                     "integer dtype (int64 and uint64)", obj);
        return -1;
    }
    if (PyFloat_Check(obj)) {
        out->dtype = PC_FLOAT64;
        out->v.f = PyFloat_AS_DOUBLE(obj);
        return 1;
    }
    if (PyComplex_Check(obj)) {
        out->dtype = PC_COMPLEX128;
        out->v.c.re = PyComplex_RealAsDouble(obj);
        out->v.c.im = PyComplex_ImagAsDouble(obj);
        return 1;
    }
    return 0;
}

PyObject *pcpy_scalar_to_py(pc_dtype dtype, const void *src)
{
    pc_scalar s;
    pc_scalar_load(dtype, src, &s);
    switch (s.dtype) {
    case PC_BOOL:
        return PyBool_FromLong(s.v.b);
    case PC_INT64:
        return PyLong_FromLongLong(s.v.i);
    case PC_UINT64:
        return PyLong_FromUnsignedLongLong(s.v.u);
    case PC_FLOAT64:
        return PyFloat_FromDouble(s.v.f);
    default:
        return PyComplex_FromDoubles(s.v.c.re, s.v.c.im);
    }
}

/* ---- shapes ------------------------------------------------------------------------------- */

PyObject *pcpy_tuple_from_int64(int n, const int64_t *v)
{
    PyObject *t = PyTuple_New(n);
    if (t == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromLongLong(v[i]);
        if (x == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, x);
    }
    return t;
}

static int shape_entry(PyObject *obj, int64_t *out)
{
    long long v;
    int overflow;
    if (pcpy_index_value(obj, "shape entries", &v, &overflow) < 0) {
        return -1;
    }
    if (overflow || v < 0) {
        PyErr_Format(PyExc_ValueError, "invalid dimension %R: dimensions must be non-negative "
                     "and fit in 64 bits", obj);
        return -1;
    }
    *out = v;
    return 0;
}

int pcpy_shape_from_py(PyObject *obj, int64_t *shape)
{
    if (PyIndex_Check(obj) && !PyBool_Check(obj) && !PySequence_Check(obj)) {
        return shape_entry(obj, &shape[0]) < 0 ? -1 : 1;
    }
    if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "shape must be an integer or a tuple of integers, not %s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *snap = pcpy_seq_snapshot(obj);
    if (snap == NULL) {
        return -1;
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(snap);
    int r = (int)n;
    if (n > PC_MAX_NDIM) {
        PyErr_Format(PyExc_ValueError, "too many dimensions: %zd (at most %d)", n, PC_MAX_NDIM);
        r = -1;
    }
    for (Py_ssize_t i = 0; r >= 0 && i < n; i++) {
        if (shape_entry(PyTuple_GET_ITEM(snap, i), &shape[i]) < 0) {
            r = -1;
        }
    }
    Py_DECREF(snap);
    return r;
}
