/*
 * cumulative.c - cumulative sums and products and discrete differences: the standard's
 * cumulative_sum, cumulative_prod and diff; Paddle's cumsum and cumprod (module functions and
 * Tensor methods). The work is done by pc_cumulative and pc_diff.
 */
#include "pcpy.h"
#include "reduction_args.h"

/* The result dtype of Paddle's cumsum / cumprod of a bool or integer x without dtype=, as
 * Paddle 3.3.1 gives it: cumsum int64 for every integer; cumprod keeps int32 and int64. Where
 * Paddle has no kernel (bool, 8- and 16-bit integers for cumprod, the unsigned types beyond
 * uint8) int64 as well, and uint64 stays uint64 (int64 cannot hold it). Measured in
 * tests/test_paddle_parity.py. */
static pc_dtype paddle_scan_dtype(pc_dtype x, bool prod)
{
    if (x == PC_UINT64) {
        return PC_UINT64;
    }
    return prod && x == PC_INT32 ? PC_INT32 : PC_INT64;
}

/* `standard`: the standard's cumulative_sum/prod (axis required beyond 1-D); otherwise Paddle's
 * cumsum/cumprod (flattened without an axis, paddle_scan_dtype for integers). */
static PyObject *do_cumulative(pcpy_state *st, PyObject *xobj, PyObject *axis_obj,
                               PyObject *dtype_obj, PyObject *init_obj, bool prod,
                               bool standard, const char *name)
{
    int init = 0;
    pc_dtype dt = PC_DTYPE_INVALID;
    int axis = 0;
    const bool has_axis = axis_obj != NULL && axis_obj != Py_None;
    if ((has_axis && pcpy_axis_arg(axis_obj, name, 0, &axis) < 0) ||
        pcpy_dtype_from_py(st, dtype_obj != NULL ? dtype_obj : Py_None, true, &dt) < 0 ||
        pcpy_bool_arg(init_obj, "include_initial", 0, &init) < 0) {
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    if (standard && !has_axis && x->ndim != 1) {
        PyErr_Format(PyExc_ValueError, "%s: axis must be given for a tensor of %d dimensions "
                     "(it is optional only for 1-D input)", name, x->ndim);
        Py_DECREF(xt);
        return NULL;
    }
    if (!standard && dt == PC_DTYPE_INVALID &&
        (x->dtype == PC_BOOL || pc_dtype_is_integral(x->dtype))) {
        dt = paddle_scan_dtype(x->dtype, prod);
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    const pc_status s = pc_cumulative(prod, x, has_axis, axis, dt, init != 0, &out);
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *std_cumulative(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames, bool prod, const char *name)
{
    static const char *const names[] = {"x", "axis", "dtype", "include_initial", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_cumulative(pcpy_state_from_module(mod), a[0], a[1], a[2], a[3], prod, true, name);
}

static PyObject *fn_cumulative_sum(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return std_cumulative(m, a, n, k, false, "cumulative_sum");
}

static PyObject *fn_cumulative_prod(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return std_cumulative(m, a, n, k, true, "cumulative_prod");
}

/* Paddle: cumsum(x, axis=None, dtype=None, name=None), cumprod(x, dim=None, dtype=None,
 * name=None); x is `self` for the methods */
static PyObject *paddle_cumulative(pcpy_state *st, PyObject *self, PyObject *const *args,
                                   Py_ssize_t nargs, PyObject *kwnames, bool prod)
{
    static const char *const sum_names[] = {"x", "axis", "dtype", "name", NULL};
    static const char *const prod_names[] = {"x", "dim", "dtype", "name", NULL};
    const char *const *names = (prod ? prod_names : sum_names) + (self != NULL ? 1 : 0);
    const int np = self != NULL ? 3 : 4;
    const pcpy_argspec spec = {prod ? "cumprod" : "cumsum", names, 0, np, self != NULL ? 0 : 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    PyObject *const *p = self != NULL ? a : a + 1;
    return do_cumulative(st, self != NULL ? self : a[0], p[0], p[1], NULL, prod, false,
                         prod ? "cumprod" : "cumsum");
}

static PyObject *fn_cumsum(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return paddle_cumulative(pcpy_state_from_module(m), NULL, a, n, k, false);
}

static PyObject *fn_cumprod(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return paddle_cumulative(pcpy_state_from_module(m), NULL, a, n, k, true);
}

/* prepend/append: a Tensor, or anything asarray takes (Python scalars in x's dtype) */
static int diff_operand(pcpy_state *st, PyObject *obj, const pc_tensor *x, PyObject **out)
{
    *out = NULL;
    if (obj == NULL || obj == Py_None) {
        return 0;
    }
    pc_scalar s;
    const int r = pcpy_scalar_from_py(obj, &s);
    if (r < 0) {
        return -1;
    }
    *out = r == 1 ? pcpy_asarray(st, obj, x->dtype, NULL, -1) : pcpy_as_tensor(st, obj);
    return *out == NULL ? -1 : 0;
}

static PyObject *do_diff(pcpy_state *st, PyObject *xobj, PyObject *axis_obj, PyObject *n_obj,
                         PyObject *pre_obj, PyObject *app_obj)
{
    int axis;
    int64_t n;
    if (pcpy_axis_arg(axis_obj != Py_None ? axis_obj : NULL, "diff", -1, &axis) < 0 ||
        pcpy_int64_arg(n_obj, "n", 1, &n) < 0) {
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    PyObject *pre = NULL;
    PyObject *app = NULL;
    PyObject *res = NULL;
    if (diff_operand(st, pre_obj, x, &pre) == 0 && diff_operand(st, app_obj, x, &app) == 0) {
        pc_tensor *out = NULL;
        PyThreadState *ts = pcpy_release_gil(x->size);
        const pc_status s = pc_diff(x, axis, n, pre ? pcpy_tensor_get(pre) : NULL,
                                    app ? pcpy_tensor_get(app) : NULL, &out);
        pcpy_restore_gil(ts);
        res = pcpy_tensor_result(st, s, out);
    }
    Py_XDECREF(pre);
    Py_XDECREF(app);
    Py_DECREF(xt);
    return res;
}

static PyObject *fn_diff(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    /* n and axis may also be positional, in NumPy's and Paddle's order (diff(x, 2)) */
    static const char *const names[] = {"x", "n", "axis", "prepend", "append", NULL};
    static const pcpy_argspec spec = {"diff", names, 1, 3, 1};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_diff(pcpy_state_from_module(mod), a[0], a[2], a[1], a[3], a[4]);
}

PyMethodDef pcpy_cumulative_methods[] = {
    {"cumulative_sum", FASTCALL_KW(fn_cumulative_sum),
     "cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False)\n--\n\n"
     "Running sums along axis (optional for 1-D x); integers accumulate in int64 (uint64), "
     "float64 with compensated summation. include_initial puts the 0 first."},
    {"cumulative_prod", FASTCALL_KW(fn_cumulative_prod),
     "cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False)\n--\n\n"
     "Running products along axis (optional for 1-D x); include_initial puts the 1 first."},
    {"cumsum", FASTCALL_KW(fn_cumsum), "cumsum(x, axis=None, dtype=None, name=None)\n--\n\n"
     "Paddle's cumsum: running sums along axis, of the flattened tensor when axis is None; "
     "the result keeps x's dtype unless dtype is given."},
    {"cumprod", FASTCALL_KW(fn_cumprod), "cumprod(x, dim=None, dtype=None, name=None)\n--\n\n"
     "Paddle's cumprod: running products along dim, of the flattened tensor when dim is None."},
    {"diff", FASTCALL_KW(fn_diff),
     "diff(x, /, n=1, axis=-1, *, prepend=None, append=None)\n--\n\n"
     "The n-th discrete difference along axis of (prepend, x, append)."},
    {NULL, NULL, 0, NULL},
};

static PyObject *m_cumsum(PyObject *self, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return paddle_cumulative(pcpy_state_from_type(Py_TYPE(self)), self, a, n, k, false);
}

static PyObject *m_cumprod(PyObject *self, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return paddle_cumulative(pcpy_state_from_type(Py_TYPE(self)), self, a, n, k, true);
}

static PyObject *m_diff(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    static const char *const names[] = {"n", "axis", "prepend", "append", "name", NULL};
    static const pcpy_argspec spec = {"diff", names, 0, 5, 0};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_diff(pcpy_state_from_type(Py_TYPE(self)), self, a[1] ? a[1] : Py_None, a[0],
                   a[2], a[3]);
}

PyMethodDef pcpy_tensor_cumulative_methods[] = {
    {"cumsum", FASTCALL_KW(m_cumsum), "cumsum($self, /, axis=None, dtype=None, name=None)\n"
     "--\n\nRunning sums along axis (see paddle_c.cumsum)."},
    {"cumprod", FASTCALL_KW(m_cumprod), "cumprod($self, /, dim=None, dtype=None, name=None)\n"
     "--\n\nRunning products along dim (see paddle_c.cumprod)."},
    {"diff", FASTCALL_KW(m_diff),
     "diff($self, /, n=1, axis=-1, prepend=None, append=None, name=None)\n--\n\n"
     "Paddle's diff: the n-th discrete difference along axis."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_cumulative_slots[] = {
    {0, NULL},
};
