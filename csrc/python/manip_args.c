/*
 * manip_args.c - the argument helpers of manip_args.h.
 *
 * Ownership rules: as stated per function in manip_args.h.
 */
#include "manip_args.h"

/* An integer argument (not a bool) as int64. 0 or -1. */
int pcpy_manip_int_arg(PyObject *obj, const char *name, int64_t *out)
{
    return pcpy_int64_arg(obj, name, 0, out);
}

/* An int or a tuple/list of ints. Returns the count (at most `max`) or -1. */
int pcpy_manip_ints_arg(PyObject *obj, const char *name, int64_t *out, int max)
{
    if (!PyTuple_Check(obj) && !PyList_Check(obj)) {
        if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
            PyErr_Format(PyExc_TypeError, "%s must be an int or a tuple of ints, not %s", name,
                         Py_TYPE(obj)->tp_name);
            return -1;
        }
        return pcpy_manip_int_arg(obj, name, &out[0]) < 0 ? -1 : 1;
    }
    PyObject *snap = pcpy_seq_snapshot(obj);
    if (snap == NULL) {
        return -1;
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(snap);
    int r = (int)n;
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries (at most %d)", name, n, max);
        r = -1;
    }
    for (Py_ssize_t i = 0; r >= 0 && i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(snap, i);
        if (PyBool_Check(item) || !PyIndex_Check(item)) {
            PyErr_Format(PyExc_TypeError, "%s must contain ints, not %s", name,
                         Py_TYPE(item)->tp_name);
            r = -1;
        } else if (pcpy_manip_int_arg(item, name, &out[i]) < 0) {
            r = -1;
        }
    }
    Py_DECREF(snap);
    return r;
}

void pcpy_manip_seq_free(Py_ssize_t n, PyObject **objs, const pc_tensor **ts)
{
    if (objs != NULL) {
        for (Py_ssize_t i = 0; i < n; i++) {
            Py_XDECREF(objs[i]);
        }
    }
    PyMem_Free(objs);
    PyMem_Free((void *)ts);
}

/* A sequence of tensors. Fills objs (new references) and ts; returns the count or -1. */
Py_ssize_t pcpy_manip_seq(pcpy_state *st, PyObject *seq, const char *fname,
                          PyObject ***objs, const pc_tensor ***ts)
{
    if (!PyTuple_Check(seq) && !PyList_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s() expects a tuple or list of tensors, not %s", fname,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    PyObject *snap = pcpy_seq_snapshot(seq);
    if (snap == NULL) {
        return -1;
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(snap);
    *objs = PyMem_Calloc((size_t)n + 1, sizeof(PyObject *));
    *ts = PyMem_Calloc((size_t)n + 1, sizeof(pc_tensor *));
    if (*objs == NULL || *ts == NULL) {
        PyMem_Free(*objs);
        PyMem_Free((void *)*ts);
        *objs = NULL;
        *ts = NULL;
        Py_DECREF(snap);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = pcpy_as_tensor(st, PyTuple_GET_ITEM(snap, i));
        if (t == NULL) {
            pcpy_manip_seq_free(n, *objs, *ts);
            *objs = NULL;
            *ts = NULL;
            Py_DECREF(snap);
            return -1;
        }
        (*objs)[i] = t;
        (*ts)[i] = pcpy_tensor_get(t);
    }
    Py_DECREF(snap);
    return n;
}

/* A tuple (or list) of Tensors wrapping ts[0 .. n) (stolen; freed on failure). New
 * reference. */
PyObject *pcpy_manip_tuple(pcpy_state *st, Py_ssize_t n, pc_tensor **ts, bool as_list)
{
    PyObject *r = as_list ? PyList_New(n) : PyTuple_New(n);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (r == NULL) {
            pc_tensor_free(ts[i]);
            continue;
        }
        PyObject *o = pcpy_tensor_wrap(st, ts[i]);
        if (o == NULL) {
            Py_CLEAR(r);
        } else if (as_list) {
            PyList_SET_ITEM(r, i, o);
        } else {
            PyTuple_SET_ITEM(r, i, o);
        }
    }
    return r;
}

/* A reshape target: an int, or a tuple/list of ints (-1 allowed, checked by the core). */
int pcpy_manip_shape_arg(pcpy_state *st, PyObject *obj, int64_t *shape)
{
    if (pcpy_tensor_check(st, obj) &&
        pcpy_tensor_get(obj)->ndim == 1) {
        PyObject *list = PyObject_CallMethod(obj, "tolist", NULL);
        if (list == NULL) {
            return -1;
        }
        int r = pcpy_manip_ints_arg(list, "shape", shape, PC_MAX_NDIM);
        Py_DECREF(list);
        return r;
    }
    return pcpy_manip_ints_arg(obj, "shape", shape, PC_MAX_NDIM);
}

/* Parse `spec` and convert the first argument to a tensor (a[0] becomes a new reference in
 * *x). 0 or -1. */
int pcpy_manip_parse_x(pcpy_state *st, const pcpy_argspec *spec, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames, PyObject **a, PyObject **x)
{
    *x = NULL;
    if (pcpy_parse_args(spec, args, nargs, kwnames, a) < 0) {
        return -1;
    }
    *x = pcpy_as_tensor(st, a[0]);
    return *x == NULL ? -1 : 0;
}

/* Wrap a core result, dropping the input reference. */
PyObject *pcpy_manip_finish(pcpy_state *st, PyObject *x, pc_status s, pc_tensor *out)
{
    Py_XDECREF(x);
    return pcpy_tensor_result(st, s, out);
}
