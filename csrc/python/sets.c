/*
 * sets.c - the standard's set functions (unique_all, unique_counts, unique_inverse,
 * unique_values, isin) and searchsorted. The unique_* functions return named tuples (the
 * standard's field names), whose types are created on first use and kept on the module.
 */
#include "pcpy.h"
#include "reduction_args.h"

/* The named tuple type `attr` of the module (created with `fields` on first use). New
 * reference. */
static PyObject *result_type(PyObject *mod, const char *attr, const char *name,
                             const char *fields)
{
    PyObject *t = PyObject_GetAttrString(mod, attr);
    if (t != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError)) {
        return t;
    }
    PyErr_Clear();
    PyObject *collections = PyImport_ImportModule("collections");
    if (collections == NULL) {
        return NULL;
    }
    t = PyObject_CallMethod(collections, "namedtuple", "ss", name, fields);
    Py_DECREF(collections);
    if (t == NULL) {
        return NULL;
    }
    if (PyObject_SetAttrString(mod, attr, t) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

enum { U_VALUES, U_ALL, U_COUNTS, U_INVERSE };

static PyObject *do_unique(PyObject *mod, PyObject *xobj, int which)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_unique_result r;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_unique(x, which == U_ALL, which == U_ALL || which == U_INVERSE,
                                  which == U_ALL || which == U_COUNTS, &r);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    pc_tensor *parts[4] = {r.values, r.indices, r.inverse, r.counts};
    PyObject *objs[4] = {NULL, NULL, NULL, NULL};
    bool ok = true;
    for (int k = 0; k < 4; k++) {
        if (parts[k] != NULL) {
            objs[k] = pcpy_tensor_wrap(st, parts[k]);   /* takes parts[k], even on failure */
            ok = ok && objs[k] != NULL;
        }
    }
    PyObject *res = NULL;
    if (ok && which == U_VALUES) {
        res = Py_NewRef(objs[0]);
    } else if (ok) {
        PyObject *type = NULL;
        if (which == U_ALL) {
            type = result_type(mod, "_UniqueAllResult", "UniqueAllResult",
                               "values indices inverse_indices counts");
        } else if (which == U_COUNTS) {
            type = result_type(mod, "_UniqueCountsResult", "UniqueCountsResult",
                               "values counts");
        } else {
            type = result_type(mod, "_UniqueInverseResult", "UniqueInverseResult",
                               "values inverse_indices");
        }
        if (type != NULL) {
            if (which == U_ALL) {
                res = PyObject_CallFunctionObjArgs(type, objs[0], objs[1], objs[2], objs[3],
                                                   NULL);
            } else if (which == U_COUNTS) {
                res = PyObject_CallFunctionObjArgs(type, objs[0], objs[3], NULL);
            } else {
                res = PyObject_CallFunctionObjArgs(type, objs[0], objs[2], NULL);
            }
            Py_DECREF(type);
        }
    }
    for (int k = 0; k < 4; k++) {
        Py_XDECREF(objs[k]);
    }
    return res;
}

static PyObject *fn_unique_values(PyObject *mod, PyObject *x)
{
    return do_unique(mod, x, U_VALUES);
}
static PyObject *fn_unique_all(PyObject *mod, PyObject *x) { return do_unique(mod, x, U_ALL); }
static PyObject *fn_unique_counts(PyObject *mod, PyObject *x)
{
    return do_unique(mod, x, U_COUNTS);
}
static PyObject *fn_unique_inverse(PyObject *mod, PyObject *x)
{
    return do_unique(mod, x, U_INVERSE);
}

/* A Tensor for `obj`: Tensors as they are; a Python scalar in the dtype it takes next to
 * the tensor `other` (the standard's scalar rule); anything else through asarray. */
static PyObject *operand(pcpy_state *st, PyObject *obj, PyObject *other)
{
    pc_scalar s;
    const int r = pcpy_scalar_from_py(obj, &s);
    if (r < 0) {
        return NULL;
    }
    if (r == 1 && other != NULL && pcpy_tensor_check(st, other)) {
        const pc_dtype dt = pc_promote_scalar(pcpy_tensor_get(other)->dtype,
                                              pc_scalar_kind_of(&s));
        return pcpy_asarray(st, obj, dt, NULL, -1);
    }
    return pcpy_as_tensor(st, obj);
}

static PyObject *fn_isin(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    static const char *const names[] = {"x1", "x2", "invert", NULL};
    static const pcpy_argspec spec = {"isin", names, 2, 2, 2};
    PyObject *a[3];
    int invert = 0;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_bool_arg(a[2], "invert", 0, &invert) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *x1 = operand(st, a[0], a[1]);
    PyObject *x2 = x1 != NULL ? operand(st, a[1], a[0]) : NULL;
    PyObject *res = NULL;
    if (x2 != NULL) {
        const pc_tensor *t1 = pcpy_tensor_get(x1);
        pc_tensor *out = NULL;
        PyThreadState *ts = pcpy_release_gil(t1->size + pcpy_tensor_get(x2)->size);
        const pc_status s = pc_isin(t1, pcpy_tensor_get(x2), invert != 0, &out);
        pcpy_restore_gil(ts);
        res = pcpy_tensor_result(st, s, out);
    }
    Py_XDECREF(x1);
    Py_XDECREF(x2);
    return res;
}

static PyObject *fn_searchsorted(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames)
{
    static const char *const names[] = {"x1", "x2", "side", "sorter", NULL};
    static const pcpy_argspec spec = {"searchsorted", names, 2, 2, 2};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    bool right = false;
    if (a[2] != NULL && a[2] != Py_None) {
        const bool l = PyUnicode_Check(a[2]) && PyUnicode_CompareWithASCIIString(a[2], "left") == 0;
        right = PyUnicode_Check(a[2]) && PyUnicode_CompareWithASCIIString(a[2], "right") == 0;
        if (!l && !right) {
            PyErr_Format(PyExc_ValueError, "searchsorted: side must be 'left' or 'right', not "
                         "%R", a[2]);
            return NULL;
        }
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *x1 = pcpy_as_tensor(st, a[0]);
    PyObject *x2 = x1 != NULL ? operand(st, a[1], x1) : NULL;
    PyObject *sorter = NULL;
    PyObject *res = NULL;
    if (x2 != NULL && a[3] != NULL && a[3] != Py_None) {
        sorter = pcpy_as_tensor(st, a[3]);
    }
    if (x2 != NULL && (sorter != NULL || a[3] == NULL || a[3] == Py_None)) {
        pc_tensor *out = NULL;
        const pc_tensor *t2 = pcpy_tensor_get(x2);
        PyThreadState *ts = pcpy_release_gil(t2->size);
        const pc_status s = pc_searchsorted(pcpy_tensor_get(x1), t2, right,
                                            sorter ? pcpy_tensor_get(sorter) : NULL, &out);
        pcpy_restore_gil(ts);
        res = pcpy_tensor_result(st, s, out);
    }
    Py_XDECREF(x1);
    Py_XDECREF(x2);
    Py_XDECREF(sorter);
    return res;
}

PyMethodDef pcpy_sets_methods[] = {
    {"unique_values", fn_unique_values, METH_O, "unique_values(x, /)\n--\n\n"
     "The unique elements of x, sorted (each NaN is distinct; -0 and +0 are one value)."},
    {"unique_counts", fn_unique_counts, METH_O, "unique_counts(x, /)\n--\n\n"
     "(values, counts) of the unique elements of x."},
    {"unique_inverse", fn_unique_inverse, METH_O, "unique_inverse(x, /)\n--\n\n"
     "(values, inverse_indices): the unique elements and, shaped like x, the index of each "
     "element's value among them."},
    {"unique_all", fn_unique_all, METH_O, "unique_all(x, /)\n--\n\n"
     "(values, indices, inverse_indices, counts): the unique elements, the index of each "
     "one's first occurrence in the flattened x, the inverse indices and the counts."},
    {"isin", FASTCALL_KW(fn_isin), "isin(x1, x2, /, *, invert=False)\n--\n\n"
     "Whether each element of x1 occurs in x2 (NaN occurs nowhere); negated with invert."},
    {"searchsorted", FASTCALL_KW(fn_searchsorted),
     "searchsorted(x1, x2, /, *, side='left', sorter=None)\n--\n\n"
     "Indices where the elements of x2 would be inserted into the sorted 1-D x1 (through "
     "sorter when given) to keep it sorted."},
    {NULL, NULL, 0, NULL},
};
