/*
 * sorting.c - the standard's sort and argsort; Paddle's topk, kthvalue, median and nanmedian
 * (module functions and Tensor methods). Sorting is always stable (stable=False is accepted
 * and gives the same order); NaN sorts last in both orders.
 */
#include "pcpy.h"
#include "reduction_args.h"

static PyObject *do_sort(pcpy_state *st, PyObject *xobj, PyObject *axis_obj, PyObject *desc_obj,
                         PyObject *stable_obj, bool values, const char *name)
{
    int axis;
    int desc = 0;
    int stable = 1;
    if (pcpy_axis_arg(axis_obj, name, -1, &axis) < 0 ||
        pcpy_bool_arg(desc_obj, "descending", 0, &desc) < 0 ||
        pcpy_bool_arg(stable_obj, "stable", 1, &stable) < 0) {
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_sort(x, axis, desc != 0, values ? &out : NULL, values ? NULL : &out);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *std_sort(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames, bool values, const char *name)
{
    static const char *const names[] = {"x", "axis", "descending", "stable", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_sort(pcpy_state_from_module(mod), a[0], a[1], a[2], a[3], values, name);
}

static PyObject *fn_sort(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return std_sort(m, a, n, k, true, "sort");
}

static PyObject *fn_argsort(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return std_sort(m, a, n, k, false, "argsort");
}

/* (values, indices) as a tuple of new Tensors; takes both. */
static PyObject *pair(pcpy_state *st, pc_status s, pc_tensor *v, pc_tensor *i)
{
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    PyObject *vo = pcpy_tensor_wrap(st, v);
    PyObject *io = pcpy_tensor_wrap(st, i);
    if (vo == NULL || io == NULL) {
        Py_XDECREF(vo);
        Py_XDECREF(io);
        return NULL;
    }
    return Py_BuildValue("(NN)", vo, io);
}

/* topk(x, k, axis=None, largest=True, sorted=True, name=None); x is self for the method */
static PyObject *do_topk(pcpy_state *st, PyObject *xobj, PyObject *const *a)
{
    int64_t k;
    int axis;
    int largest = 1;
    int sorted = 1;
    if (pcpy_int64_arg(a[0], "k", 0, &k) < 0 ||
        pcpy_axis_arg(a[1] == Py_None ? NULL : a[1], "topk", -1, &axis) < 0 ||
        pcpy_bool_arg(a[2], "largest", 1, &largest) < 0 ||
        pcpy_bool_arg(a[3], "sorted", 1, &sorted) < 0) {
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *v = NULL;
    pc_tensor *i = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_topk(x, k, axis, largest != 0, &v, &i);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pair(st, s, v, i);
}

static PyObject *fn_topk(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    static const char *const names[] = {"x", "k", "axis", "largest", "sorted", "name", NULL};
    static const pcpy_argspec spec = {"topk", names, 0, 6, 2};
    PyObject *a[6];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_topk(pcpy_state_from_module(mod), a[0], a + 1);
}

/* kthvalue(x, k, axis=None, keepdim=False, name=None) */
static PyObject *do_kthvalue(pcpy_state *st, PyObject *xobj, PyObject *const *a)
{
    int64_t k;
    int axis;
    int keep = 0;
    if (pcpy_int64_arg(a[0], "k", 0, &k) < 0 ||
        pcpy_axis_arg(a[1] == Py_None ? NULL : a[1], "kthvalue", -1, &axis) < 0 ||
        pcpy_bool_arg(a[2], "keepdim", 0, &keep) < 0) {
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *v = NULL;
    pc_tensor *i = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_kthvalue(x, k, axis, keep != 0, &v, &i);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pair(st, s, v, i);
}

static PyObject *fn_kthvalue(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"x", "k", "axis", "keepdim", "name", NULL};
    static const pcpy_argspec spec = {"kthvalue", names, 0, 5, 2};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_kthvalue(pcpy_state_from_module(mod), a[0], a + 1);
}

/* median/nanmedian(x, axis=None, keepdim=False, mode='avg', name=None) */
static PyObject *do_median(pcpy_state *st, PyObject *xobj, PyObject *const *a, bool skip_nan)
{
    const char *name = skip_nan ? "nanmedian" : "median";
    int axis = 0;
    int keep = 0;
    const bool has_axis = a[0] != NULL && a[0] != Py_None;
    if ((has_axis && pcpy_axis_arg(a[0], name, 0, &axis) < 0) ||
        pcpy_bool_arg(a[1], "keepdim", 0, &keep) < 0) {
        return NULL;
    }
    bool lower = false;
    if (a[2] != NULL) {
        if (!PyUnicode_Check(a[2]) || (PyUnicode_CompareWithASCIIString(a[2], "avg") != 0 &&
                                       PyUnicode_CompareWithASCIIString(a[2], "min") != 0)) {
            PyErr_Format(PyExc_ValueError, "%s: mode must be 'avg' or 'min', not %R", name,
                         a[2]);
            return NULL;
        }
        lower = PyUnicode_CompareWithASCIIString(a[2], "min") == 0;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_median(x, has_axis, axis, keep != 0, lower, skip_nan, &out);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *module_median(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, bool skip_nan)
{
    static const char *const names[] = {"x", "axis", "keepdim", "mode", "name", NULL};
    const pcpy_argspec spec = {skip_nan ? "nanmedian" : "median", names, 0, 5, 1};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_median(pcpy_state_from_module(mod), a[0], a + 1, skip_nan);
}

static PyObject *fn_median(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_median(m, a, n, k, false);
}

static PyObject *fn_nanmedian(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_median(m, a, n, k, true);
}

PyMethodDef pcpy_sorting_methods[] = {
    {"sort", FASTCALL_KW(fn_sort),
     "sort(x, /, *, axis=-1, descending=False, stable=True)\n--\n\n"
     "A sorted copy along axis (always stable; NaN last; complex numbers lexicographically)."},
    {"argsort", FASTCALL_KW(fn_argsort),
     "argsort(x, /, *, axis=-1, descending=False, stable=True)\n--\n\n"
     "The int64 indices that sort x along axis (always stable; NaN last)."},
    {"topk", FASTCALL_KW(fn_topk),
     "topk(x, k, axis=None, largest=True, sorted=True, name=None)\n--\n\n"
     "Paddle's topk: (values, indices) of the k largest (smallest) elements along axis (the "
     "last axis when None), in sorted order."},
    {"kthvalue", FASTCALL_KW(fn_kthvalue),
     "kthvalue(x, k, axis=None, keepdim=False, name=None)\n--\n\n"
     "Paddle's kthvalue: (values, indices) of the k-th smallest element (1-based) along axis "
     "(the last axis when None)."},
    {"median", FASTCALL_KW(fn_median),
     "median(x, axis=None, keepdim=False, mode='avg', name=None)\n--\n\n"
     "Median along axis (of all elements when None): the mean of the two middle elements "
     "('avg') or the lower one ('min'); NaN when the slice holds NaN."},
    {"nanmedian", FASTCALL_KW(fn_nanmedian),
     "nanmedian(x, axis=None, keepdim=False, mode='avg', name=None)\n--\n\n"
     "Median along axis ignoring NaN (NaN for a slice of only NaN)."},
    {NULL, NULL, 0, NULL},
};

/* ---- Tensor methods (Paddle's signatures) ---------------------------------------------- */

static PyObject *m_sort_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames, bool values, const char *name)
{
    static const char *const names[] = {"axis", "descending", "stable", "name", NULL};
    const pcpy_argspec spec = {name, names, 0, 4, 0};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_sort(pcpy_state_from_type(Py_TYPE(self)), self, a[0], a[1], a[2], values, name);
}

static PyObject *m_sort(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return m_sort_impl(s, a, n, k, true, "sort");
}

static PyObject *m_argsort(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return m_sort_impl(s, a, n, k, false, "argsort");
}

static PyObject *m_topk(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    static const char *const names[] = {"k", "axis", "largest", "sorted", "name", NULL};
    static const pcpy_argspec spec = {"topk", names, 0, 5, 1};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_topk(pcpy_state_from_type(Py_TYPE(self)), self, a);
}

static PyObject *m_kthvalue(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"k", "axis", "keepdim", "name", NULL};
    static const pcpy_argspec spec = {"kthvalue", names, 0, 4, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_kthvalue(pcpy_state_from_type(Py_TYPE(self)), self, a);
}

static PyObject *m_median_impl(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, bool skip_nan)
{
    static const char *const names[] = {"axis", "keepdim", "mode", "name", NULL};
    const pcpy_argspec spec = {skip_nan ? "nanmedian" : "median", names, 0, 4, 0};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_median(pcpy_state_from_type(Py_TYPE(self)), self, a, skip_nan);
}

static PyObject *m_median(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return m_median_impl(s, a, n, k, false);
}

static PyObject *m_nanmedian(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return m_median_impl(s, a, n, k, true);
}

PyMethodDef pcpy_tensor_sorting_methods[] = {
    {"sort", FASTCALL_KW(m_sort),
     "sort($self, /, axis=-1, descending=False, stable=False, name=None)\n--\n\n"
     "A sorted copy along axis (always stable)."},
    {"argsort", FASTCALL_KW(m_argsort),
     "argsort($self, /, axis=-1, descending=False, stable=False, name=None)\n--\n\n"
     "The indices that sort the tensor along axis (always stable)."},
    {"topk", FASTCALL_KW(m_topk),
     "topk($self, /, k, axis=None, largest=True, sorted=True, name=None)\n--\n\n"
     "(values, indices) of the k largest (smallest) elements along axis."},
    {"kthvalue", FASTCALL_KW(m_kthvalue),
     "kthvalue($self, /, k, axis=None, keepdim=False, name=None)\n--\n\n"
     "(values, indices) of the k-th smallest element along axis."},
    {"median", FASTCALL_KW(m_median),
     "median($self, /, axis=None, keepdim=False, mode='avg', name=None)\n--\n\n"
     "Median along axis (see paddle_c.median)."},
    {"nanmedian", FASTCALL_KW(m_nanmedian),
     "nanmedian($self, /, axis=None, keepdim=False, mode='avg', name=None)\n--\n\n"
     "Median along axis ignoring NaN."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_sorting_slots[] = {
    {0, NULL},
};
