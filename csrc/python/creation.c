/*
 * creation.c - the creation functions of the standard (asarray, empty, zeros, ones, full and
 * their *_like forms, arange, linspace, eye, meshgrid, tril, triu, from_dlpack) and Paddle's
 * to_tensor.
 *
 * Argument handling and dtype inference live here; the work is done by the core (ops.h).
 */
#include <string.h>

#include "interop/bools.h"
#include "pcpy.h"

/* asarray's argument conversion, shared with to_tensor. */
static PyObject *asarray_args(PyObject *mod, PyObject *obj, PyObject *dtype_obj,
                              PyObject *device_obj, int copy)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_dtype dt;
    pc_device dev;
    if (pcpy_dtype_from_py(st, dtype_obj, true, &dt) < 0 ||
        pcpy_device_from_py(st, device_obj, pc_device_cpu(), &dev) < 0) {
        return NULL;
    }
    const bool given = device_obj != NULL && device_obj != Py_None;
    return pcpy_asarray(st, obj, dt, given ? &dev : NULL, copy);
}

static PyObject *fn_asarray(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"obj", "dtype", "device", "copy", NULL};
    static const pcpy_argspec spec = {"asarray", names, 1, 1, 1};
    PyObject *a[4];
    int copy;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 || pcpy_copy_arg(a[3], &copy) < 0) {
        return NULL;
    }
    return asarray_args(mod, a[0], a[1], a[2], copy);
}

static PyObject *fn_to_tensor(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"data", "dtype", "place", "stop_gradient", NULL};
    static const pcpy_argspec spec = {"to_tensor", names, 0, 4, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    /* Paddle's to_tensor always copies; stop_gradient=False makes the result a leaf that
     * requires a gradient */
    PyObject *r = asarray_args(mod, a[0], a[1], a[2], 1);
    if (r != NULL && a[3] != NULL && a[3] != Py_None &&
        pcpy_ag_set_stop_gradient(r, a[3], NULL) < 0) {
        Py_CLEAR(r);
    }
    return r;
}

/* dtype and device keywords with defaults; 0 or -1 */
static int dtype_device(pcpy_state *st, PyObject *dtype_obj, PyObject *device_obj,
                        pc_dtype dflt_dtype, pc_device dflt_dev, pc_dtype *dt, pc_device *dev)
{
    if (pcpy_dtype_from_py(st, dtype_obj, true, dt) < 0 ||
        pcpy_device_from_py(st, device_obj, dflt_dev, dev) < 0) {
        return -1;
    }
    if (*dt == PC_DTYPE_INVALID) {
        *dt = dflt_dtype;
    }
    return 0;
}

/* The value of a NumPy scalar or 0-D array (any object with the buffer protocol or
 * __array__ that converts to a 0-D tensor) as a Python-style scalar: 1, 0 (not such an object;
 * nothing raised) or -1 (an exception other than the conversion's refusal). */
static int foreign_scalar(pcpy_state *st, PyObject *obj, pc_scalar *out)
{
    if (PyTuple_Check(obj) || PyList_Check(obj) ||
        (!PyObject_CheckBuffer(obj) && !PyObject_HasAttrString(obj, "__array__"))) {
        return 0;
    }
    PyObject *t = pcpy_asarray(st, obj, PC_DTYPE_INVALID, NULL, -1);
    if (t == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError) &&
            !PyErr_ExceptionMatches(PyExc_ValueError)) {
            return -1;
        }
        PyErr_Clear();
        return 0;
    }
    const pc_tensor *x = pcpy_tensor_get(t);
    const int r = x->ndim == 0 ? 1 : 0;
    if (r == 1) {
        pc_scalar_load(x->dtype, x->data, out);
    }
    Py_DECREF(t);
    return r;
}

/* A fill value: a Python scalar, a NumPy scalar or 0-D array, or a one-element tensor. The
 * kind of a Python or NumPy value decides the dtype as a Python scalar's does (np.float64(1.5)
 * fills the default floating dtype, as 1.5 does); a tensor gives its own dtype. 0 or -1. */
static int fill_value(pcpy_state *st, PyObject *obj, pc_scalar *out, pc_dtype *implied)
{
    int r = pcpy_scalar_from_py(obj, out);
    if (r == 0 && pcpy_tensor_check(st, obj)) {
        const pc_tensor *t = pcpy_tensor_get(obj);
        if (t->size == 1 && pc_tensor_device(t).type == PC_DEVICE_CPU) {
            pc_scalar_load(t->dtype, t->data, out);
            *implied = t->dtype;
            return 0;
        }
    } else if (r == 0) {
        r = foreign_scalar(st, obj, out);
    }
    if (r < 0) {
        return -1;
    }
    if (r == 1) {
        *implied = pc_scalar_default_dtype(out);
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "fill_value must be a bool, int, float or complex (a Python "
                 "or NumPy scalar), not %s", Py_TYPE(obj)->tp_name);
    return -1;
}

enum { FILL_EMPTY, FILL_ZEROS, FILL_ONES };

static PyObject *make_filled(pcpy_state *st, int ndim, const int64_t *shape, int kind,
                             pc_dtype dt, pc_device dev)
{
    pc_tensor *t;
    pc_status s;
    PyThreadState *ts = pcpy_release_gil(kind == FILL_EMPTY ? 0 : pcpy_shape_work(ndim, shape));
    if (kind == FILL_EMPTY) {
        s = pc_tensor_empty(ndim, shape, dt, dev, &t);
    } else if (kind == FILL_ZEROS) {
        s = pc_tensor_zeros(ndim, shape, dt, dev, &t);
    } else {
        const pc_scalar one = {.dtype = PC_INT64, .v.i = 1};
        s = pc_full(ndim, shape, &one, dt, dev, &t);
    }
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

static PyObject *shaped(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames, const char *name, int kind)
{
    /* [Why dtype may be positional] Paddle's zeros(shape, dtype=None), full(shape, fill_value,
     * dtype=None), zeros_like(x, dtype=None) take the dtype positionally; the standard's
     * signature tests allow a keyword-only parameter to be positional-or-keyword. */
    static const char *const names[] = {"shape", "dtype", "device", NULL};
    const pcpy_argspec spec = {name, names, 0, 2, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t shape[PC_MAX_NDIM];
    const int ndim = pcpy_shape_from_py(a[0], shape);
    pc_dtype dt;
    pc_device dev;
    if (ndim < 0 ||
        dtype_device(st, a[1], a[2], PC_DEFAULT_FLOAT, pcpy_default_device(st), &dt,
                     &dev) < 0) {
        return NULL;
    }
    return make_filled(st, ndim, shape, kind, dt, dev);
}

static PyObject *like(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      const char *name, int kind)
{
    static const char *const names[] = {"x", "dtype", "device", NULL};
    const pcpy_argspec spec = {name, names, 1, 2, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    if (!pcpy_tensor_check(st, a[0])) {
        PyErr_Format(PyExc_TypeError, "%s() expects a Tensor, not %s", name,
                     Py_TYPE(a[0])->tp_name);
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(a[0]);
    pc_dtype dt;
    pc_device dev;
    if (dtype_device(st, a[1], a[2], x->dtype, pc_tensor_device(x), &dt, &dev) < 0) {
        return NULL;
    }
    return make_filled(st, x->ndim, x->shape, kind, dt, dev);
}

static PyObject *fn_empty(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return shaped(m, a, n, k, "empty", FILL_EMPTY);
}
static PyObject *fn_zeros(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return shaped(m, a, n, k, "zeros", FILL_ZEROS);
}
static PyObject *fn_ones(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return shaped(m, a, n, k, "ones", FILL_ONES);
}
static PyObject *fn_empty_like(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return like(m, a, n, k, "empty_like", FILL_EMPTY);
}
static PyObject *fn_zeros_like(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return like(m, a, n, k, "zeros_like", FILL_ZEROS);
}
static PyObject *fn_ones_like(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return like(m, a, n, k, "ones_like", FILL_ONES);
}

static PyObject *fn_full(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    static const char *const names[] = {"shape", "fill_value", "dtype", "device", NULL};
    static const pcpy_argspec spec = {"full", names, 0, 3, 2};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t shape[PC_MAX_NDIM];
    const int ndim = pcpy_shape_from_py(a[0], shape);
    pc_scalar v;
    pc_dtype implied;
    pc_dtype dt;
    pc_device dev;
    if (ndim < 0 || fill_value(st, a[1], &v, &implied) < 0 ||
        dtype_device(st, a[2], a[3], implied, pcpy_default_device(st), &dt, &dev) < 0) {
        return NULL;
    }
    pc_tensor *t;
    PyThreadState *ts = pcpy_release_gil(pcpy_shape_work(ndim, shape));
    pc_status s = pc_full(ndim, shape, &v, dt, dev, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

static PyObject *fn_full_like(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"x", "fill_value", "dtype", "device", NULL};
    static const pcpy_argspec spec = {"full_like", names, 1, 3, 2};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    if (!pcpy_tensor_check(st, a[0])) {
        PyErr_Format(PyExc_TypeError, "full_like() expects a Tensor, not %s",
                     Py_TYPE(a[0])->tp_name);
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(a[0]);
    pc_scalar v;
    pc_dtype implied;
    pc_dtype dt;
    pc_device dev;
    if (fill_value(st, a[1], &v, &implied) < 0 ||
        dtype_device(st, a[2], a[3], x->dtype, pc_tensor_device(x), &dt, &dev) < 0) {
        return NULL;
    }
    pc_tensor *t;
    PyThreadState *ts = pcpy_release_gil(x->size);
    pc_status s = pc_full(x->ndim, x->shape, &v, dt, dev, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

/* A number argument of arange/linspace: a fill value (Python or NumPy scalar, 0-D NumPy array,
 * one-element tensor) or another object with __index__. */
static int number_arg(pcpy_state *st, PyObject *obj, const char *what, pc_scalar *out)
{
    pc_dtype implied;
    if (PyIndex_Check(obj) && !PyBool_Check(obj) && !PyLong_Check(obj) &&
        !pcpy_tensor_check(st, obj) && !PyObject_CheckBuffer(obj)) {
        PyObject *i = PyNumber_Index(obj);
        if (i == NULL) {
            return -1;
        }
        int r = pcpy_scalar_from_py(i, out);
        Py_DECREF(i);
        return r == 1 ? 0 : -1;
    }
    if (fill_value(st, obj, out, &implied) < 0) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            return -1; /* an int beyond every integer dtype */
        }
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a number, not %s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    return 0;
}

/* The element count of arange(start, stop, step) as a work hint (the core computes it exactly). */
static int64_t arange_work(const pc_scalar *start, const pc_scalar *stop, const pc_scalar *step)
{
    double a;
    double b;
    double s;
    if (pc_scalar_store(start, PC_FLOAT64, &a) != PC_OK ||
        pc_scalar_store(stop, PC_FLOAT64, &b) != PC_OK ||
        pc_scalar_store(step, PC_FLOAT64, &s) != PC_OK || s == 0.0) {
        return 0; /* the core reports the problem */
    }
    const double n = (b - a) / s;
    return n >= 0x1p62 ? INT64_MAX : n > 0.0 ? (int64_t)n : 0; /* NaN gives 0 */
}

static PyObject *fn_arange(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    /* [Why start is not positional-only] Paddle's arange(start=0, end=None, step=1, dtype=None)
     * is called with keywords (arange(start=1, end=5), arange(end=5)) and a positional dtype;
     * the standard's signature tests allow both (end= is an alias of stop, kwaliases.def). */
    static const char *const names[] = {"start", "stop", "step", "dtype", "device", NULL};
    static const pcpy_argspec spec = {"arange", names, 0, 4, 0};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    if (a[0] == NULL && (a[1] == NULL || a[1] == Py_None)) {
        PyErr_SetString(PyExc_TypeError, "arange() missing required argument 'start'");
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_scalar start = {.dtype = PC_INT64, .v.i = 0};
    pc_scalar stop;
    pc_scalar step = {.dtype = PC_INT64, .v.i = 1};
    if (a[0] != NULL && number_arg(st, a[0], "start", &start) < 0) {
        return NULL;
    }
    if (a[1] != NULL && a[1] != Py_None) {
        if (number_arg(st, a[1], "stop", &stop) < 0) {
            return NULL;
        }
    } else {
        stop = start;
        start = (pc_scalar){.dtype = PC_INT64, .v.i = 0};
    }
    if (a[2] != NULL && a[2] != Py_None && number_arg(st, a[2], "step", &step) < 0) {
        return NULL;
    }
    pc_dtype dt;
    pc_device dev;
    /* no dtype: the core's choice (int64, uint64 for values beyond it, or the default float) */
    if (dtype_device(st, a[3], a[4], PC_DTYPE_INVALID, pcpy_default_device(st), &dt,
                     &dev) < 0) {
        return NULL;
    }
    pc_tensor *t;
    PyThreadState *ts = pcpy_release_gil(arange_work(&start, &stop, &step));
    pc_status s = pc_arange(&start, &stop, &step, dt, dev, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

static PyObject *fn_linspace(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"start", "stop", "num", "dtype", "device", "endpoint",
                                        NULL};
    static const pcpy_argspec spec = {"linspace", names, 0, 4, 3};
    PyObject *a[6];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_scalar start;
    pc_scalar stop;
    int64_t num;
    int endpoint;
    if (number_arg(st, a[0], "start", &start) < 0 || number_arg(st, a[1], "stop", &stop) < 0 ||
        pcpy_int64_arg(a[2], "num", 0, &num) < 0 ||
        pcpy_bool_arg(a[5], "endpoint", 1, &endpoint) < 0) {
        return NULL;
    }
    const bool is_complex = start.dtype == PC_COMPLEX128 || stop.dtype == PC_COMPLEX128;
    pc_dtype dt;
    pc_device dev;
    if (dtype_device(st, a[3], a[4], is_complex ? PC_DEFAULT_COMPLEX : PC_DEFAULT_FLOAT,
                     pcpy_default_device(st), &dt, &dev) < 0) {
        return NULL;
    }
    if (is_complex && pc_dtype_kind(dt) != PC_KIND_COMPLEX) {
        PyErr_Format(PyExc_TypeError, "linspace: complex start/stop need a complex dtype, not %s",
                     pc_dtype_name(dt));
        return NULL;
    }
    pc_tensor *t;
    PyThreadState *ts = pcpy_release_gil(num);
    pc_status s = pc_linspace(&start, &stop, num, endpoint != 0, dt, dev, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

/* A diagonal offset: any integer, clamped to the int64 range (an offset beyond every matrix
 * selects nothing, however large it is). */
static int diagonal_offset(PyObject *obj, int64_t *out)
{
    *out = 0;
    if (obj == NULL || obj == Py_None) {
        return 0;
    }
    long long v;
    int overflow;
    if (pcpy_index_value(obj, "k", &v, &overflow) < 0) {
        return -1;
    }
    *out = overflow > 0 ? INT64_MAX : overflow < 0 ? -INT64_MAX : v;
    return 0;
}

static PyObject *fn_eye(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    /* Paddle's eye(num_rows, num_columns=None, dtype=None): dtype may come third */
    static const char *const names[] = {"n_rows", "n_cols", "dtype", "k", "device", NULL};
    static const pcpy_argspec spec = {"eye", names, 0, 3, 1};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t rows;
    int64_t cols;
    int64_t k;
    if (pcpy_int64_arg(a[0], "n_rows", 0, &rows) < 0 ||
        pcpy_int64_arg(a[1], "n_cols", rows, &cols) < 0 || diagonal_offset(a[3], &k) < 0) {
        return NULL;
    }
    if (rows < 0 || cols < 0) {
        PyErr_SetString(PyExc_ValueError, "eye: n_rows and n_cols must be non-negative");
        return NULL;
    }
    pc_dtype dt;
    pc_device dev;
    if (dtype_device(st, a[2], a[4], PC_DEFAULT_FLOAT, pcpy_default_device(st), &dt,
                     &dev) < 0) {
        return NULL;
    }
    pc_tensor *t;
    const int64_t shape[2] = {rows, cols};
    PyThreadState *ts = pcpy_release_gil(pcpy_shape_work(2, shape));
    pc_status s = pc_eye(rows, cols, k, dt, dev, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

static PyObject *tri(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                     const char *name, bool upper)
{
    static const char *const names[] = {"x", "k", NULL};
    const pcpy_argspec spec = {name, names, 1, 2, 1};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t k;
    if (diagonal_offset(a[1], &k) < 0) {
        return NULL;
    }
    if (!pcpy_tensor_check(st, a[0])) {
        PyErr_Format(PyExc_TypeError, "%s() expects a Tensor, not %s", name,
                     Py_TYPE(a[0])->tp_name);
        return NULL;
    }
    pc_tensor *t;
    PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(a[0])->size);
    pc_status s = pc_tri(pcpy_tensor_get(a[0]), k, upper, &t);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, t);
}

static PyObject *fn_tril(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return tri(m, a, n, k, "tril", false);
}
static PyObject *fn_triu(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return tri(m, a, n, k, "triu", true);
}

static PyObject *fn_meshgrid(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *indexing = NULL;
    const Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        if (PyUnicode_CompareWithASCIIString(key, "indexing") != 0) {
            PyErr_Format(PyExc_TypeError, "meshgrid() got an unexpected keyword argument '%U'",
                         key);
            return NULL;
        }
        indexing = args[nargs + i];
    }
    bool xy = true;
    if (indexing != NULL) {
        if (PyUnicode_Check(indexing) && PyUnicode_CompareWithASCIIString(indexing, "xy") == 0) {
            xy = true;
        } else if (PyUnicode_Check(indexing) &&
                   PyUnicode_CompareWithASCIIString(indexing, "ij") == 0) {
            xy = false;
        } else {
            PyErr_Format(PyExc_ValueError, "meshgrid: indexing must be 'xy' or 'ij', not %R",
                         indexing);
            return NULL;
        }
    }
    const int n = (int)nargs;
    if (n > PC_MAX_NDIM) {
        PyErr_Format(PyExc_ValueError, "meshgrid of %d arrays (at most %d)", n, PC_MAX_NDIM);
        return NULL;
    }
    int64_t shape[PC_MAX_NDIM];
    pc_dtype dt = PC_DTYPE_INVALID;
    for (int i = 0; i < n; i++) {
        if (!pcpy_tensor_check(st, args[i]) || pcpy_tensor_get(args[i])->ndim != 1) {
            PyErr_SetString(PyExc_ValueError, "meshgrid: every argument must be a 1-D tensor");
            return NULL;
        }
        const pc_tensor *t = pcpy_tensor_get(args[i]);
        const pc_tensor *pair[2] = {pcpy_tensor_get(args[0]), t};
        pc_device dev;
        if (i > 0 && pc_common_device(2, pair, &dev) != PC_OK) {
            return pcpy_raise(PC_ERR_VALUE);
        }
        if (i > 0 && t->dtype != dt) {
            PyErr_Format(PyExc_TypeError, "meshgrid: all arrays must have one dtype (%s vs %s)",
                         pc_dtype_name(dt), pc_dtype_name(t->dtype));
            return NULL;
        }
        dt = t->dtype;
        shape[i] = t->shape[0];
    }
    if (xy && n >= 2) {
        const int64_t tmp = shape[0];
        shape[0] = shape[1];
        shape[1] = tmp;
    }
    /* a tuple since the 2025.12 standard (a list before) */
    PyObject *result = PyTuple_New(n);
    if (result == NULL) {
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const pc_tensor *t = pcpy_tensor_get(args[i]);
        int axis = i;
        if (xy && n >= 2 && i < 2) {
            axis = 1 - i;
        }
        /* the 1-D input as a broadcast view along `axis`, then copied */
        int64_t strides[PC_MAX_NDIM] = {0};
        strides[axis] = t->strides[0];
        pc_tensor *view = NULL;
        pc_tensor *out = NULL;
        pc_status s = pc_tensor_restride(t, n, shape, strides, t->offset, &view);
        if (s == PC_OK) {
            PyThreadState *ts = pcpy_release_gil(view->size);
            s = pc_contiguous_copy(view, &out);
            pcpy_restore_gil(ts);
            pc_tensor_free(view);
        }
        PyObject *o = pcpy_tensor_result(st, s, out);
        if (o == NULL) {
            Py_DECREF(result);
            return NULL;
        }
        PyTuple_SET_ITEM(result, i, o);
    }
    return result;
}

static PyObject *fn_from_dlpack(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    static const char *const names[] = {"x", "device", "copy", NULL};
    static const pcpy_argspec spec = {"from_dlpack", names, 1, 1, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_device dev;
    int copy;
    if (pcpy_device_from_py(st, a[1], pc_device_cpu(), &dev) < 0 ||
        pcpy_copy_arg(a[2], &copy) < 0) {
        return NULL;
    }
    return pcpy_from_dlpack(st, a[0], PC_DTYPE_INVALID,
                            (a[1] != NULL && a[1] != Py_None) ? &dev : NULL, copy);
}

/* Unpickling: _from_bytes(data, dtype_name, shape) -> a new tensor holding a copy of data.
 * A pickle is untrusted input: the shape is checked against the data before anything is
 * allocated, and bool bytes are normalised (interop/bools.h). */
static PyObject *fn_from_bytes(PyObject *mod, PyObject *args)
{
    Py_buffer data;
    const char *name;
    PyObject *shape_obj;
    if (!PyArg_ParseTuple(args, "y*sO:_from_bytes", &data, &name, &shape_obj)) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    const pc_dtype dt = pc_dtype_from_name(name);
    int64_t shape[PC_MAX_NDIM];
    int64_t size = 0;
    pc_tensor *t = NULL;
    pc_tensor *fixed = NULL;
    PyObject *res = NULL;
    if (dt == PC_DTYPE_INVALID) {
        PyErr_Format(PyExc_ValueError, "_from_bytes: unknown dtype '%s'", name);
        goto done;
    }
    const int ndim = pcpy_shape_from_py(shape_obj, shape);
    if (ndim < 0) {
        goto done;
    }
    pc_status s = pc_shape_size(ndim, shape, pc_dtype_itemsize(dt), &size);
    if (s == PC_OK && (int64_t)data.len != size * pc_dtype_itemsize(dt)) {
        PyErr_Format(PyExc_ValueError, "_from_bytes: %zd bytes of data do not match the shape "
                     "(%lld elements of %s)", data.len, (long long)size, name);
        goto done;
    }
    if (s == PC_OK) {
        s = pc_tensor_empty(ndim, shape, dt, pc_device_cpu(), &t);
    }
    if (s == PC_OK && data.len > 0) {
        PyThreadState *ts = pcpy_release_gil(size);
        memcpy(t->data, data.buf, (size_t)data.len);
        pcpy_restore_gil(ts);
    }
    if (s == PC_OK) {
        s = pc_bools_imported(t, true, &fixed);
    }
    if (s == PC_OK && fixed != NULL) {
        pc_tensor_free(t);
        t = fixed;
    }
    if (s != PC_OK) {
        pcpy_raise(s);
        goto done;
    }
    res = pcpy_tensor_wrap(st, t); /* takes t, also on failure */
    t = NULL;
done:
    pc_tensor_free(t);
    PyBuffer_Release(&data);
    return res;
}

PyMethodDef pcpy_creation_methods[] = {
    {"asarray", FASTCALL_KW(fn_asarray),
     "asarray(obj, /, *, dtype=None, device=None, copy=None)\n--\n\n"
     "Convert a Python scalar, nested sequence, buffer-protocol object, NumPy array, DLPack "
     "producer or Tensor to a Tensor (without copying when dtype and device allow)."},
    {"to_tensor", FASTCALL_KW(fn_to_tensor),
     "to_tensor(data, dtype=None, place=None, stop_gradient=True)\n--\n\n"
     "Paddle's constructor: a new Tensor holding a copy of data."},
    {"empty", FASTCALL_KW(fn_empty),
     "empty(shape, dtype=None, *, device=None)\n--\n\nAn uninitialised tensor."},
    {"zeros", FASTCALL_KW(fn_zeros),
     "zeros(shape, dtype=None, *, device=None)\n--\n\nA tensor of zeros."},
    {"ones", FASTCALL_KW(fn_ones),
     "ones(shape, dtype=None, *, device=None)\n--\n\nA tensor of ones."},
    {"empty_like", FASTCALL_KW(fn_empty_like),
     "empty_like(x, /, dtype=None, *, device=None)\n--\n\nAn uninitialised tensor shaped like x."},
    {"zeros_like", FASTCALL_KW(fn_zeros_like),
     "zeros_like(x, /, dtype=None, *, device=None)\n--\n\nZeros shaped like x."},
    {"ones_like", FASTCALL_KW(fn_ones_like),
     "ones_like(x, /, dtype=None, *, device=None)\n--\n\nOnes shaped like x."},
    {"full", FASTCALL_KW(fn_full),
     "full(shape, fill_value, dtype=None, *, device=None)\n--\n\nA tensor filled with "
     "fill_value."},
    {"full_like", FASTCALL_KW(fn_full_like),
     "full_like(x, /, fill_value, dtype=None, *, device=None)\n--\n\nfill_value shaped like x."},
    {"arange", FASTCALL_KW(fn_arange),
     "arange(start=0, stop=None, step=1, dtype=None, *, device=None)\n--\n\n"
     "Evenly spaced values in [start, stop)."},
    {"linspace", FASTCALL_KW(fn_linspace),
     "linspace(start, stop, num, dtype=None, *, device=None, endpoint=True)\n--\n\n"
     "num evenly spaced values from start to stop."},
    {"eye", FASTCALL_KW(fn_eye),
     "eye(n_rows, n_cols=None, dtype=None, *, k=0, device=None)\n--\n\n"
     "A matrix with ones on diagonal k."},
    {"tril", FASTCALL_KW(fn_tril),
     "tril(x, /, k=0)\n--\n\nThe lower triangle (elements with j - i <= k) of the last two "
     "axes."},
    {"triu", FASTCALL_KW(fn_triu),
     "triu(x, /, k=0)\n--\n\nThe upper triangle (elements with j - i >= k) of the last two "
     "axes."},
    {"meshgrid", FASTCALL_KW(fn_meshgrid),
     "meshgrid(*arrays, indexing='xy')\n--\n\nCoordinate matrices from 1-D tensors (a tuple)."},
    {"from_dlpack", FASTCALL_KW(fn_from_dlpack),
     "from_dlpack(x, /, *, device=None, copy=None)\n--\n\nA Tensor sharing memory with a DLPack "
     "producer."},
    {"_from_bytes", fn_from_bytes, METH_VARARGS,
     "_from_bytes(data, dtype, shape, /)\n--\n\nRebuild a pickled tensor."},
    {NULL, NULL, 0, NULL},
};
