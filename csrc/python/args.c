/*
 * args.c - a small argument parser for METH_FASTCALL | METH_KEYWORDS functions.
 *
 * [Why not PyArg_ParseTupleAndKeywords] It needs a tuple and a dict, which vectorcall would have
 * to build on every call; for small tensors that costs more than the kernel. This parser reads
 * the fastcall arrays in place and hands back borrowed references.
 *
 * Also here: pcpy_seq_snapshot, the one way the CPython layer reads a caller's sequence.
 */
#include "pcpy.h"

int pcpy_parse_args(const pcpy_argspec *spec, PyObject *const *args, Py_ssize_t nargs,
                    PyObject *kwnames, PyObject **out)
{
    int nparams = 0;
    while (spec->names[nparams] != NULL) {
        nparams++;
    }
    for (int i = 0; i < nparams; i++) {
        out[i] = NULL;
    }
    if (nargs > spec->npos) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional argument%s (%zd given)",
                     spec->fname, spec->npos, spec->npos == 1 ? "" : "s", nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        out[i] = args[i];
    }
    const Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; k++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, k);
        int found = -1;
        for (int i = spec->nposonly; i < nparams; i++) {
            if (PyUnicode_CompareWithASCIIString(key, spec->names[i]) == 0) {
                found = i;
                break;
            }
        }
        if (found < 0) {
            found = pcpy_kwalias_find(spec, key);
        }
        if (found == PCPY_KWALIAS_IGNORED) {
            PyObject *value = args[nargs + k];
            if (value != Py_None && !PyUnicode_Check(value)) {
                PyErr_Format(PyExc_TypeError, "%s(): %U must be a str or None, not %s",
                             spec->fname, key, Py_TYPE(value)->tp_name);
                return -1;
            }
            continue;
        }
        if (found < 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'",
                         spec->fname, key);
            return -1;
        }
        if (out[found] != NULL) {
            PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'",
                         spec->fname, spec->names[found]);
            return -1;
        }
        out[found] = args[nargs + k];
    }
    for (int i = 0; i < spec->nrequired; i++) {
        if (out[i] == NULL) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", spec->fname,
                         spec->names[i]);
            return -1;
        }
    }
    return 0;
}

int pcpy_bool_arg(PyObject *obj, const char *name, int dflt, int *out)
{
    if (obj == NULL || obj == Py_None) {
        *out = dflt;
        return 0;
    }
    if (!PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a bool, not %s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    *out = obj == Py_True;
    return 0;
}

int pcpy_copy_arg(PyObject *obj, int *out)
{
    if (obj == NULL || obj == Py_None) {
        *out = -1;
        return 0;
    }
    if (!PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "copy must be True, False or None, not %s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    *out = obj == Py_True;
    return 0;
}

int pcpy_index_value(PyObject *obj, const char *name, long long *value, int *overflow)
{
    if (PyBool_Check(obj) || !PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an integer, not %s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    PyObject *idx = PyNumber_Index(obj);
    if (idx == NULL) {
        return -1;
    }
    *overflow = 0;
    *value = PyLong_AsLongLongAndOverflow(idx, overflow);
    Py_DECREF(idx);
    return (*value == -1 && PyErr_Occurred()) ? -1 : 0;
}

int pcpy_int64_arg(PyObject *obj, const char *name, int64_t dflt, int64_t *out)
{
    if (obj == NULL || obj == Py_None) {
        *out = dflt;
        return 0;
    }
    long long v;
    int overflow;
    if (pcpy_index_value(obj, name, &v, &overflow) < 0) {
        return -1;
    }
    if (overflow) {
        PyErr_Format(PyExc_OverflowError, "%s is too large for a 64-bit integer", name);
        return -1;
    }
    *out = v;
    return 0;
}

/* [Why sequences are read through a snapshot] Reading a list runs its items' Python code: an
 * item's __index__, __array__ or __dlpack__ may clear, extend or rebind the very list being
 * read. A loop that keeps the length it read first, or an item pointer it borrowed, then reads
 * freed memory (or writes past a buffer sized from the first length). So every reader of a
 * caller's sequence (shapes, axes, index lists, operand lists, nested data) first takes this
 * snapshot and reads only the snapshot: a tuple holding a reference to every item, taken before
 * any item's code can run. A list's items are copied in one step that runs no Python code; a
 * tuple cannot change, so it is its own snapshot; any other sequence is read item by item, at
 * most len() items (an object with __getitem__ but no __len__ is refused rather than indexed
 * forever); an iterable that is no sequence (a set, a generator) is collected like tuple().
 * len() bounds the reading but sizes nothing: the items are collected as they come, so a
 * sequence whose len() says 10**9 but which holds 3 items costs 3 items, not 8 GB. */
PyObject *pcpy_seq_snapshot(PyObject *obj)
{
    if (PyTuple_Check(obj)) {
        return Py_NewRef(obj);
    }
    if (PyList_Check(obj)) {
        return PyList_AsTuple(obj);
    }
    if (!PySequence_Check(obj)) {
        PyObject *t = PySequence_Tuple(obj);
        if (t == NULL && PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Format(PyExc_TypeError, "expected a sequence (a list or a tuple), not %s",
                         Py_TYPE(obj)->tp_name);
        }
        return t;
    }
    const Py_ssize_t n = PySequence_Size(obj);
    if (n < 0) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Format(PyExc_TypeError, "expected a sequence with a length (a list or a "
                         "tuple), not %s, which has __getitem__ but no __len__",
                         Py_TYPE(obj)->tp_name);
        }
        return NULL;
    }
    PyObject *items = PyList_New(0);
    for (Py_ssize_t i = 0; items != NULL && i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        if (item == NULL) {
            if (PyErr_ExceptionMatches(PyExc_IndexError)) {
                PyErr_Format(PyExc_ValueError, "the %s changed its length while being read "
                             "(len() said %zd, item %zd is missing)", Py_TYPE(obj)->tp_name, n,
                             i);
            }
            Py_CLEAR(items);
            break;
        }
        const int r = PyList_Append(items, item);
        Py_DECREF(item);
        if (r < 0) {
            Py_CLEAR(items);
        }
    }
    PyObject *snap = items != NULL ? PyList_AsTuple(items) : NULL;
    Py_XDECREF(items);
    return snap;
}
