/*
 * manipulation.c - the manipulation functions of the standard (reshape, broadcast_*,
 * permute_dims, matrix_transpose, moveaxis, expand_dims, squeeze, flip, concat, stack, unstack,
 * tile, repeat, roll), Paddle's names for them (transpose, unsqueeze, split, chunk, flatten,
 * expand, contiguous, is_contiguous) and the Tensor methods Paddle has.
 *
 * Argument handling lives here; the work is done by the core (manipulation.h). Module functions
 * follow the standard's signatures; Tensor methods follow Paddle's where the two differ
 * (x.squeeze() squeezes every axis of extent 1 and leaves others, x.reshape(...) takes a shape
 * in which 0 keeps an extent). The indexing
 * functions (take, nonzero, masked_*) live in index_functions.c.
 */
#include "manip_args.h"
#include "paddle_c/indexing.h"
#include "paddle_c/manipulation.h"

/* ---- reshape and friends ------------------------------------------------------------------- */

/* `paddle_zero`: Paddle's rule for Tensor.reshape, where a 0 at position i keeps x's extent i
 * (x.reshape([0, -1]) keeps the first axis); the standard's reshape takes 0 as an extent. */
static PyObject *do_reshape(pcpy_state *st, PyObject *x, PyObject *shape_obj, int copy,
                            bool paddle_zero)
{
    int64_t shape[PC_MAX_NDIM];
    const int nd = pcpy_manip_shape_arg(st, shape_obj, shape);
    if (nd < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    for (int i = 0; paddle_zero && i < nd; i++) {
        if (shape[i] == 0 && i >= t->ndim) {
            PyErr_Format(PyExc_ValueError, "reshape: a 0 at position %d keeps the input's "
                         "extent there, but the input has %d dimensions", i, t->ndim);
            Py_DECREF(x);
            return NULL;
        }
        shape[i] = shape[i] == 0 ? t->shape[i] : shape[i];
    }
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_reshape(t, nd, shape, copy, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

static PyObject *fn_reshape(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"x", "shape", "copy", NULL};
    static const pcpy_argspec spec = {"reshape", names, 1, 2, 2};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[3];
    PyObject *x;
    int copy;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0 ||
        pcpy_copy_arg(a[2], &copy) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    return do_reshape(st, x, a[1], copy, false);
}

static PyObject *do_broadcast_to(pcpy_state *st, PyObject *x, PyObject *shape_obj)
{
    int64_t shape[PC_MAX_NDIM];
    const int nd = pcpy_manip_shape_arg(st, shape_obj, shape);
    if (nd < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_broadcast_to(pcpy_tensor_get(x), nd, shape, &out);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_broadcast_to, "broadcast_to", 1, 2, 2, do_broadcast_to(st, x, a[1]), "x", "shape")

PCPY_MANIP_FN(fn_expand, "expand", 0, 3, 2, do_broadcast_to(st, x, a[1]), "x", "shape", "name")

/* broadcast_arrays(*arrays): arrays as positional arguments */
static PyObject *fn_broadcast_arrays(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) {
        PyErr_SetString(PyExc_TypeError, "broadcast_arrays() takes no keyword arguments");
        return NULL;
    }
    PyObject *seq = PyTuple_New(nargs);
    if (seq == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyTuple_SET_ITEM(seq, i, Py_NewRef(args[i]));
    }
    PyObject **objs = NULL;
    const pc_tensor **ts = NULL;
    const Py_ssize_t n = pcpy_manip_seq(st, seq, "broadcast_arrays", &objs, &ts);
    Py_DECREF(seq);
    PyObject *res = NULL;
    pc_tensor **outs = NULL;
    if (n >= 0) {
        int ndim = 0;
        int64_t shape[PC_MAX_NDIM];
        pc_device dev;
        pc_status s = n > 0 ? pc_common_device((int)n, ts, &dev) : PC_OK;
        for (Py_ssize_t i = 0; i < n && s == PC_OK; i++) {
            s = pc_shape_broadcast(ndim, shape, ts[i]->ndim, ts[i]->shape, &ndim, shape);
        }
        outs = PyMem_Calloc((size_t)n + 1, sizeof *outs);
        if (outs == NULL) {
            PyErr_NoMemory();
        } else if (s != PC_OK) {
            pcpy_raise(s);
        } else {
            Py_ssize_t made = 0;
            while (made < n && s == PC_OK) {
                s = pc_broadcast_to(ts[made], ndim, shape, &outs[made]);
                made += s == PC_OK;
            }
            if (s != PC_OK) {
                for (Py_ssize_t i = 0; i < made; i++) {
                    pc_tensor_free(outs[i]);
                }
                pcpy_raise(s);
            } else {
                res = pcpy_manip_tuple(st, n, outs, false);
            }
        }
    }
    PyMem_Free(outs);
    pcpy_manip_seq_free(n < 0 ? 0 : n, objs, ts);
    return res;
}

/* broadcast_shapes(*shapes) */
static PyObject *fn_broadcast_shapes(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                     PyObject *kwnames)
{
    (void)mod;
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) {
        PyErr_SetString(PyExc_TypeError, "broadcast_shapes() takes no keyword arguments");
        return NULL;
    }
    int ndim = 0;
    int64_t out[PC_MAX_NDIM];
    for (Py_ssize_t i = 0; i < nargs; i++) {
        int64_t shape[PC_MAX_NDIM];
        const int nd = pcpy_manip_ints_arg(args[i], "shape", shape, PC_MAX_NDIM);
        if (nd < 0) {
            return NULL;
        }
        const int64_t *shapes[2] = {out, shape};
        const int ndims[2] = {ndim, nd};
        pc_status s = pc_broadcast_shapes(2, ndims, shapes, &ndim, out);
        if (s != PC_OK) {
            return pcpy_raise(s);
        }
    }
    return pcpy_tuple_from_int64(ndim, out);
}

/* x with its axes permuted by the ints in `axes_obj` (the argument `argname`). */
static PyObject *do_permute(pcpy_state *st, PyObject *x, PyObject *axes_obj, const char *argname)
{
    int64_t axes[PC_MAX_NDIM];
    const int n = pcpy_manip_ints_arg(axes_obj, argname, axes, PC_MAX_NDIM);
    if (n < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_permute_dims(pcpy_tensor_get(x), n, axes, &out);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_permute_dims, "permute_dims", 1, 2, 2, do_permute(st, x, a[1], "axes"), "x",
              "axes")

/* transpose(x, perm, name=None) (Paddle) */
PCPY_MANIP_FN(fn_transpose, "transpose", 0, 3, 2, do_permute(st, x, a[1], "perm"), "x", "perm",
              "name")

static PyObject *do_matrix_transpose(pcpy_state *st, PyObject *x)
{
    pc_tensor *out = NULL;
    pc_status s = pc_matrix_transpose(pcpy_tensor_get(x), &out);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_matrix_transpose, "matrix_transpose", 1, 1, 1, do_matrix_transpose(st, x), "x")

static PyObject *fn_moveaxis(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"x", "source", "destination", NULL};
    static const pcpy_argspec spec = {"moveaxis", names, 3, 3, 3};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[3];
    PyObject *x;
    int64_t src[PC_MAX_NDIM];
    int64_t dst[PC_MAX_NDIM];
    int ns = -1;
    int nd = -1;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) == 0) {
        ns = pcpy_manip_ints_arg(a[1], "source", src, PC_MAX_NDIM);
        nd = ns < 0 ? -1 : pcpy_manip_ints_arg(a[2], "destination", dst, PC_MAX_NDIM);
    }
    if (ns < 0 || nd < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    if (ns != nd) {
        Py_DECREF(x);
        PyErr_Format(PyExc_ValueError, "moveaxis: source and destination must have the same "
                     "number of entries (%d and %d)", ns, nd);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_moveaxis(pcpy_tensor_get(x), ns, src, dst, &out);
    return pcpy_manip_finish(st, x, s, out);
}

static PyObject *do_expand_dims(pcpy_state *st, PyObject *x, PyObject *axis_obj)
{
    int64_t axes[PC_MAX_NDIM];
    const int n = pcpy_manip_ints_arg(axis_obj, "axis", axes, PC_MAX_NDIM);
    if (n < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_expand_dims(pcpy_tensor_get(x), n, axes, &out);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_expand_dims, "expand_dims", 1, 2, 2, do_expand_dims(st, x, a[1]), "x", "axis")

/* Paddle's unsqueeze: the axes are inserted one after another (each counted in the shape
 * reached so far). */
static PyObject *do_unsqueeze(pcpy_state *st, PyObject *x, PyObject *axis_obj)
{
    int64_t axes[PC_MAX_NDIM];
    const int n = pcpy_manip_ints_arg(axis_obj, "axis", axes, PC_MAX_NDIM);
    if (n < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *cur = NULL;
    pc_status s = pc_tensor_alias(pcpy_tensor_get(x), &cur);
    for (int i = 0; i < n && s == PC_OK; i++) {
        int64_t a = axes[i] < 0 ? axes[i] + cur->ndim + 1 : axes[i];
        pc_tensor *next = NULL;
        s = pc_expand_dims(cur, 1, &a, &next);
        pc_tensor_free(cur);
        cur = next;
    }
    if (s != PC_OK) {
        pc_tensor_free(cur);
        cur = NULL;
    }
    return pcpy_manip_finish(st, x, s, cur);
}

PCPY_MANIP_FN(fn_unsqueeze, "unsqueeze", 0, 3, 2, do_unsqueeze(st, x, a[1]), "x", "axis", "name")

/* An optional `axis` argument (an int or a sequence of ints) into axes[]: the count, -1 for
 * None or absent (every axis), -2 with an exception set. */
static int optional_axes(PyObject *axis_obj, int64_t *axes)
{
    if (axis_obj == NULL || axis_obj == Py_None) {
        return -1;
    }
    const int n = pcpy_manip_ints_arg(axis_obj, "axis", axes, PC_MAX_NDIM);
    return n < 0 ? -2 : n;
}

static PyObject *do_squeeze(pcpy_state *st, PyObject *x, PyObject *axis_obj, bool strict)
{
    int64_t axes[PC_MAX_NDIM];
    const int n = optional_axes(axis_obj, axes);
    if (n == -2) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_squeeze(pcpy_tensor_get(x), n, axes, strict, &out);
    return pcpy_manip_finish(st, x, s, out);
}

/* the standard's squeeze: the axis is required and not None */
static PyObject *do_squeeze_axes(pcpy_state *st, PyObject *x, PyObject *axis_obj)
{
    if (axis_obj == Py_None) {
        Py_DECREF(x);
        PyErr_SetString(PyExc_TypeError, "squeeze: axis must be an int or a tuple of ints");
        return NULL;
    }
    return do_squeeze(st, x, axis_obj, true);
}

PCPY_MANIP_FN(fn_squeeze, "squeeze", 1, 2, 2, do_squeeze_axes(st, x, a[1]), "x", "axis")

static PyObject *do_flip(pcpy_state *st, PyObject *x, PyObject *axis_obj)
{
    int64_t axes[PC_MAX_NDIM];
    const int n = optional_axes(axis_obj, axes);
    if (n == -2) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    pc_status s = pc_flip(pcpy_tensor_get(x), n, axes, &out);
    return pcpy_manip_finish(st, x, s, out);
}

/* Paddle's flip(x, axis): the axis may be positional */
PCPY_MANIP_FN(fn_flip, "flip", 1, 2, 1, do_flip(st, x, a[1]), "x", "axis")

/* flatten(x, start_axis=0, stop_axis=-1): axes [start, stop] merged into one (a view when
 * the strides allow). */
static PyObject *do_flatten(pcpy_state *st, PyObject *x, PyObject *start_obj,
                            PyObject *stop_obj)
{
    int64_t start;
    int64_t stop;
    const pc_tensor *t = pcpy_tensor_get(x);
    if (pcpy_int64_arg(start_obj, "start_axis", 0, &start) < 0 ||
        pcpy_int64_arg(stop_obj, "stop_axis", -1, &stop) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    const int nd = t->ndim == 0 ? 1 : t->ndim;
    start = start < 0 ? start + nd : start;
    stop = stop < 0 ? stop + nd : stop;
    if (start < 0 || start >= nd || stop < 0 || stop >= nd || start > stop) {
        Py_DECREF(x);
        return pcpy_raise(pc_error_set(PC_ERR_AXIS, "flatten: invalid start_axis/stop_axis "
                                       "for a tensor of dimension %d", t->ndim));
    }
    int64_t shape[PC_MAX_NDIM];
    int n = 0;
    if (t->ndim == 0) {
        shape[n++] = 1;
    } else {
        for (int i = 0; i < t->ndim; i++) {
            if (i <= start || i > stop) {
                shape[n++] = t->shape[i];
            } else {
                shape[n - 1] *= t->shape[i];
            }
        }
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_reshape(t, n, shape, -1, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_flatten, "flatten", 0, 4, 1, do_flatten(st, x, a[1], a[2]), "x", "start_axis",
              "stop_axis", "name")

static PyObject *do_contiguous(pcpy_state *st, PyObject *x)
{
    const pc_tensor *t = pcpy_tensor_get(x);
    if (pc_tensor_is_c_contiguous(t)) {
        return x;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_contiguous_copy(t, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_contiguous, "contiguous", 1, 1, 1, do_contiguous(st, x), "x")

/* x is a new reference, released here */
static PyObject *do_is_contiguous(PyObject *x)
{
    const bool c = pc_tensor_is_c_contiguous(pcpy_tensor_get(x));
    Py_DECREF(x);
    return PyBool_FromLong(c);
}

PCPY_MANIP_FN(fn_is_contiguous, "is_contiguous", 1, 1, 1, ((void)st, do_is_contiguous(x)), "x")

/* ---- joining and splitting ---------------------------------------------------------------- */

/* The elements of n operands together, saturating at INT64_MAX: the work of concat and stack. */
static int64_t total_size(Py_ssize_t n, const pc_tensor **ts)
{
    int64_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (__builtin_add_overflow(total, ts[i]->size, &total)) {
            return INT64_MAX;
        }
    }
    return total;
}

/* concat(arrays, axis=0) and stack(arrays, axis=0) (Paddle's: the axis may be positional, x= a
 * keyword alias): one argument handling; concat's axis=None flattens the operands first. */
static PyObject *join(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      const pcpy_argspec *spec, bool stack)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[2];
    if (pcpy_parse_args(spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    int64_t axis = 0;
    const bool flatten = !stack && a[1] == Py_None;
    if (!flatten && pcpy_int64_arg(a[1], "axis", 0, &axis) < 0) {
        return NULL;
    }
    PyObject **objs = NULL;
    const pc_tensor **ts = NULL;
    const Py_ssize_t n = pcpy_manip_seq(st, a[0], spec->fname, &objs, &ts);
    PyObject *res = NULL;
    if (n > INT32_MAX) {
        PyErr_Format(PyExc_ValueError, "%s: too many tensors", spec->fname);
    } else if (n >= 0) {
        pc_tensor *out = NULL;
        PyThreadState *tstate = pcpy_release_gil(total_size(n, ts));
        pc_status s = stack ? pc_stack((int)n, ts, axis, &out)
                            : pc_concat((int)n, ts, axis, flatten, &out);
        pcpy_restore_gil(tstate);
        res = pcpy_tensor_result(st, s, out);
    }
    pcpy_manip_seq_free(n < 0 ? 0 : n, objs, ts);
    return res;
}

static PyObject *fn_concat(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    static const char *const names[] = {"arrays", "axis", NULL};
    static const pcpy_argspec spec = {"concat", names, 0, 2, 1};
    return join(mod, args, nargs, kwnames, &spec, false);
}

static PyObject *fn_stack(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    static const char *const names[] = {"arrays", "axis", NULL};
    static const pcpy_argspec spec = {"stack", names, 0, 2, 1};
    return join(mod, args, nargs, kwnames, &spec, true);
}

static PyObject *fn_unstack(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"x", "axis", NULL};
    static const pcpy_argspec spec = {"unstack", names, 1, 1, 1};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[2];
    PyObject *x;
    int64_t axis = 0;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0 ||
        pcpy_int64_arg(a[1], "axis", 0, &axis) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    int ax;
    const pc_status ast = pc_axis_normalize("unstack", axis, t->ndim, &ax);
    if (ast != PC_OK) {
        Py_DECREF(x);
        return pcpy_raise(ast);
    }
    const int64_t n = t->shape[ax];
    pc_tensor **outs = PyMem_Calloc((size_t)n + 1, sizeof *outs);
    PyObject *res = NULL;
    if (outs == NULL) {
        PyErr_NoMemory();
    } else {
        pc_status s = pc_unstack(t, axis, outs);
        res = s == PC_OK ? pcpy_manip_tuple(st, (Py_ssize_t)n, outs, false) : pcpy_raise(s);
    }
    PyMem_Free(outs);
    Py_DECREF(x);
    return res;
}

/* Split x along `axis` into pieces of the given extents (views). List of Tensors. */
static PyObject *split_views(pcpy_state *st, const pc_tensor *t, int axis, int n,
                             const int64_t *sizes)
{
    pc_tensor **outs = PyMem_Calloc((size_t)n + 1, sizeof *outs);
    if (outs == NULL) {
        return PyErr_NoMemory();
    }
    pc_status s = PC_OK;
    int64_t start = 0;
    int made = 0;
    while (made < n && s == PC_OK) {
        pc_index items[PC_MAX_NDIM + 1];
        for (int i = 0; i < axis; i++) {
            items[i] = (pc_index){PC_INDEX_SLICE, 0, 0, INT64_MAX, 1, NULL};
        }
        items[axis] = (pc_index){PC_INDEX_SLICE, 0, start, start + sizes[made], 1, NULL};
        start += sizes[made];
        s = pc_index_get(t, axis + 1, items, &outs[made]);
        made += s == PC_OK;
    }
    PyObject *res;
    if (s != PC_OK) {
        for (int i = 0; i < made; i++) {
            pc_tensor_free(outs[i]);
        }
        res = pcpy_raise(s);
    } else {
        res = pcpy_manip_tuple(st, n, outs, true);
    }
    PyMem_Free(outs);
    return res;
}

static int norm_axis_arg(PyObject *obj, int ndim, int64_t dflt, int *out)
{
    int64_t axis;
    if (pcpy_int64_arg(obj, "axis", dflt, &axis) < 0) {
        return -1;
    }
    const pc_status s = pc_axis_normalize(NULL, axis, ndim, out);
    return s == PC_OK ? 0 : pcpy_raise_int(s);
}

/* split(x, num_or_sections, axis=0): an int (equal pieces) or a list of extents, one of which
 * may be -1. */
static PyObject *do_split(pcpy_state *st, PyObject *x, PyObject *sections, PyObject *axis_obj)
{
    const pc_tensor *t = pcpy_tensor_get(x);
    int axis = 0;
    PyObject *res = NULL;
    if (norm_axis_arg(axis_obj, t->ndim, 0, &axis) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    const int64_t len = t->shape[axis];
    if (PyTuple_Check(sections) || PyList_Check(sections)) {
        PyObject *snap = pcpy_seq_snapshot(sections);
        if (snap == NULL) {
            Py_DECREF(x);
            return NULL;
        }
        const Py_ssize_t n = PyTuple_GET_SIZE(snap);
        int64_t *sizes = PyMem_Calloc((size_t)n + 1, sizeof *sizes);
        if (sizes == NULL) {
            Py_DECREF(snap);
            Py_DECREF(x);
            return PyErr_NoMemory();
        }
        int64_t total = 0;
        Py_ssize_t unknown = -1;
        int ok = n <= INT32_MAX;
        for (Py_ssize_t i = 0; ok && i < n; i++) {
            ok = pcpy_manip_int_arg(PyTuple_GET_ITEM(snap, i), "num_or_sections",
                                    &sizes[i]) == 0;
            if (ok && sizes[i] == -1 && unknown < 0) {
                unknown = i;
            } else if (ok && (sizes[i] < 0 || __builtin_add_overflow(total, sizes[i], &total))) {
                PyErr_SetString(PyExc_ValueError, "split: invalid section size");
                ok = 0;
            }
        }
        if (ok && unknown >= 0) {
            sizes[unknown] = len - total;
            total = len;
        }
        if (ok && (total != len || (unknown >= 0 && sizes[unknown] < 0))) {
            PyErr_Format(PyExc_ValueError, "split: the sections sum to %lld but axis %d has "
                         "extent %lld", (long long)total, axis, (long long)len);
            ok = 0;
        }
        if (ok) {
            res = split_views(st, t, axis, (int)n, sizes);
        }
        PyMem_Free(sizes);
        Py_DECREF(snap);
        Py_DECREF(x);
        return res;
    }
    int64_t num;
    if (pcpy_manip_int_arg(sections, "num_or_sections", &num) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    if (num <= 0 || num > INT32_MAX || len % num != 0) {
        Py_DECREF(x);
        PyErr_Format(PyExc_ValueError, "split: axis %d of extent %lld cannot be split into %lld "
                     "equal sections", axis, (long long)len, (long long)num);
        return NULL;
    }
    int64_t *sizes = PyMem_Calloc((size_t)num, sizeof *sizes);
    if (sizes == NULL) {
        Py_DECREF(x);
        return PyErr_NoMemory();
    }
    for (int64_t i = 0; i < num; i++) {
        sizes[i] = len / num;
    }
    res = split_views(st, t, axis, (int)num, sizes);
    PyMem_Free(sizes);
    Py_DECREF(x);
    return res;
}

PCPY_MANIP_FN(fn_split, "split", 0, 4, 2, do_split(st, x, a[1], a[2]), "x", "num_or_sections",
              "axis", "name")

/* chunk(x, chunks, axis=0): split into `chunks` equal pieces (an int only) */
static PyObject *do_chunk(pcpy_state *st, PyObject *x, PyObject *chunks, PyObject *axis_obj)
{
    if (PyTuple_Check(chunks) || PyList_Check(chunks)) {
        Py_DECREF(x);
        PyErr_SetString(PyExc_TypeError, "chunk: chunks must be an int");
        return NULL;
    }
    return do_split(st, x, chunks, axis_obj);
}

PCPY_MANIP_FN(fn_chunk, "chunk", 0, 4, 2, do_chunk(st, x, a[1], a[2]), "x", "chunks", "axis",
              "name")

static PyObject *do_tile(pcpy_state *st, PyObject *x, PyObject *reps_obj)
{
    int64_t reps[PC_MAX_NDIM];
    /* Paddle's repeat_times may be a 1-D integer tensor */
    const int n = pcpy_tensor_check(st, reps_obj)
                      ? pcpy_manip_shape_arg(st, reps_obj, reps)
                      : pcpy_manip_ints_arg(reps_obj, "repetitions", reps, PC_MAX_NDIM);
    if (n < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    /* the work is the result's size: the input's times every repetition */
    int64_t work = t->size;
    for (int i = 0; i < n; i++) {
        if (reps[i] <= 0 || __builtin_mul_overflow(work, reps[i], &work)) {
            work = reps[i] <= 0 ? 0 : INT64_MAX;
            break;
        }
    }
    PyThreadState *ts = pcpy_release_gil(work);
    pc_status s = pc_tile(t, n, reps, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

/* repetitions is a keyword too: Paddle's tile(x, repeat_times=...) (an alias) */
PCPY_MANIP_FN(fn_tile, "tile", 1, 2, 2, do_tile(st, x, a[1]), "x", "repetitions")

static PyObject *fn_repeat(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    static const char *const names[] = {"x", "repeats", "axis", NULL};
    static const pcpy_argspec spec = {"repeat", names, 2, 2, 2};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[3];
    PyObject *x;
    int64_t axis = 0;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0 ||
        pcpy_int64_arg(a[2], "axis", 0, &axis) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    const bool flatten = a[2] == NULL || a[2] == Py_None;
    int64_t count = 0;
    PyObject *r = NULL;
    if (pcpy_tensor_check(st, a[1]) || PyList_Check(a[1]) || PyTuple_Check(a[1]) ||
        PyObject_CheckBuffer(a[1])) {
        r = pcpy_as_tensor(st, a[1]);
        if (r == NULL) {
            Py_DECREF(x);
            return NULL;
        }
    } else if (pcpy_manip_int_arg(a[1], "repeats", &count) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    /* the work is the result's size: known for a count; for a tensor of counts, their sum */
    int64_t work = INT64_MAX;
    if (r == NULL && (count <= 0 || !__builtin_mul_overflow(t->size, count, &work))) {
        work = count <= 0 ? 0 : work;
    }
    PyThreadState *ts = pcpy_release_gil(work > t->size ? work : t->size);
    pc_status s = pc_repeat(t, r != NULL ? pcpy_tensor_get(r) : NULL, count, axis, flatten,
                            &out);
    pcpy_restore_gil(ts);
    Py_XDECREF(r);
    return pcpy_manip_finish(st, x, s, out);
}

static PyObject *do_roll(pcpy_state *st, PyObject *x, PyObject *shift_obj, PyObject *axis_obj)
{
    int64_t shifts[PC_MAX_NDIM];
    int64_t axes[PC_MAX_NDIM];
    const int ns = pcpy_manip_ints_arg(shift_obj, "shift", shifts, PC_MAX_NDIM);
    int na = -1;
    if (ns >= 0 && axis_obj != NULL && axis_obj != Py_None) {
        na = pcpy_manip_ints_arg(axis_obj, "axis", axes, PC_MAX_NDIM);
        if (na < 0) {
            Py_DECREF(x);
            return NULL;
        }
    }
    if (ns < 0) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_roll(t, ns, shifts, na < 0 ? 0 : na, na < 0 ? NULL : axes, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

/* Paddle's roll(x, shifts, axis=None): the axis may be positional (shifts= is an alias) */
PCPY_MANIP_FN(fn_roll, "roll", 1, 3, 2, do_roll(st, x, a[1], a[2]), "x", "shift", "axis")

PyMethodDef pcpy_manipulation_methods[] = {
    {"reshape", FASTCALL_KW(fn_reshape),
     "reshape(x, /, shape, *, copy=None)\n--\n\n"
     "x with a new shape (one entry may be -1): a view whenever the strides allow."},
    {"broadcast_to", FASTCALL_KW(fn_broadcast_to),
     "broadcast_to(x, /, shape)\n--\n\nA read-only view of x broadcast to `shape`."},
    {"expand", FASTCALL_KW(fn_expand),
     "expand(x, shape, name=None)\n--\n\nPaddle's name for broadcast_to (-1 keeps an extent)."},
    {"broadcast_arrays", FASTCALL_KW(fn_broadcast_arrays),
     "broadcast_arrays(*arrays)\n--\n\nThe arrays broadcast against each other (read-only "
     "views), as a tuple."},
    {"broadcast_shapes", FASTCALL_KW(fn_broadcast_shapes),
     "broadcast_shapes(*shapes)\n--\n\nThe shape the given shapes broadcast to."},
    {"permute_dims", FASTCALL_KW(fn_permute_dims),
     "permute_dims(x, /, axes)\n--\n\nA view with the axes permuted."},
    {"transpose", FASTCALL_KW(fn_transpose),
     "transpose(x, perm, name=None)\n--\n\nPaddle's name for permute_dims."},
    {"matrix_transpose", FASTCALL_KW(fn_matrix_transpose),
     "matrix_transpose(x, /)\n--\n\nA view with the last two axes swapped."},
    {"moveaxis", FASTCALL_KW(fn_moveaxis),
     "moveaxis(x, source, destination, /)\n--\n\nA view with axes moved to new positions."},
    {"expand_dims", FASTCALL_KW(fn_expand_dims),
     "expand_dims(x, /, axis)\n--\n\nA view with new axes of extent 1 at `axis` (an int or a "
     "tuple)."},
    {"unsqueeze", FASTCALL_KW(fn_unsqueeze),
     "unsqueeze(x, axis, name=None)\n--\n\nPaddle's expand_dims: axes inserted one after "
     "another."},
    {"squeeze", FASTCALL_KW(fn_squeeze),
     "squeeze(x, /, axis)\n--\n\nA view without the given axes of extent 1."},
    {"flip", FASTCALL_KW(fn_flip),
     "flip(x, /, axis=None)\n--\n\nA view with the elements reversed along `axis` (all "
     "axes by default)."},
    {"flatten", FASTCALL_KW(fn_flatten),
     "flatten(x, start_axis=0, stop_axis=-1, name=None)\n--\n\n"
     "x with axes start_axis..stop_axis merged (a view when the strides allow)."},
    {"contiguous", FASTCALL_KW(fn_contiguous),
     "contiguous(x)\n--\n\nx itself when it is C-contiguous, else a C-contiguous copy."},
    {"is_contiguous", FASTCALL_KW(fn_is_contiguous),
     "is_contiguous(x)\n--\n\nWhether x is C-contiguous."},
    {"concat", FASTCALL_KW(fn_concat),
     "concat(arrays, axis=0)\n--\n\nJoin tensors along an existing axis (None: flatten "
     "them first)."},
    {"stack", FASTCALL_KW(fn_stack),
     "stack(arrays, axis=0)\n--\n\nJoin tensors of one shape along a new axis."},
    {"unstack", FASTCALL_KW(fn_unstack),
     "unstack(x, /, *, axis=0)\n--\n\nThe slices of x along `axis` (views), as a tuple."},
    {"split", FASTCALL_KW(fn_split),
     "split(x, num_or_sections, axis=0, name=None)\n--\n\n"
     "Split x into equal pieces or pieces of the given extents (views), as a list."},
    {"chunk", FASTCALL_KW(fn_chunk),
     "chunk(x, chunks, axis=0, name=None)\n--\n\nSplit x into `chunks` equal pieces (views)."},
    {"tile", FASTCALL_KW(fn_tile),
     "tile(x, /, repetitions)\n--\n\nx repeated along each axis."},
    {"repeat", FASTCALL_KW(fn_repeat),
     "repeat(x, repeats, /, *, axis=None)\n--\n\nEach element repeated `repeats` times "
     "along `axis` (of the flattened x when None)."},
    {"roll", FASTCALL_KW(fn_roll),
     "roll(x, /, shift, axis=None)\n--\n\nElements shifted along axes, wrapping around."},
    {NULL, NULL, 0, NULL},
};

/* ---- Tensor methods (Paddle's) ------------------------------------------------------------- */

PCPY_MANIP_METHOD(m_reshape_seq, "reshape", 1, do_reshape(st, x, a[0], -1, true), "shape", "name")

PCPY_MANIP_METHOD(m_transpose_seq, "transpose", 1, do_permute(st, x, a[0], "perm"), "perm",
                  "name")

/* [Why reshape and transpose take their integers as separate arguments] x.reshape(-1, 1),
 * x.reshape(3, 2) and x.transpose(1, 0) are NumPy's, PyTorch's and Paddle's spellings too;
 * read as (shape, name) they silently gave the wrong shape. Two or more positional arguments
 * the first of which is an integer are taken as one shape (or permutation); `name` is then
 * only a keyword. */
typedef PyObject *(*method_fastcall_kw)(PyObject *, PyObject *const *, Py_ssize_t, PyObject *);

static PyObject *call_packed(method_fastcall_kw fn, PyObject *self,
                             PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    const Py_ssize_t nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs < 2 || PyBool_Check(args[0]) || !PyIndex_Check(args[0]) || nkw > 4) {
        return fn(self, args, nargs, kwnames);
    }
    PyObject *packed = PyTuple_New(nargs);
    if (packed == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyTuple_SET_ITEM(packed, i, Py_NewRef(args[i]));
    }
    PyObject *v[5] = {packed};
    for (Py_ssize_t i = 0; i < nkw; i++) {
        v[1 + i] = args[nargs + i];
    }
    PyObject *r = fn(self, v, 1, kwnames);
    Py_DECREF(packed);
    return r;
}

static PyObject *m_reshape(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    return call_packed(m_reshape_seq, self, args, nargs, kwnames);
}

static PyObject *m_transpose(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    return call_packed(m_transpose_seq, self, args, nargs, kwnames);
}

PCPY_MANIP_METHOD(m_flatten, "flatten", 0, do_flatten(st, x, a[0], a[1]), "start_axis", "stop_axis",
                  "name")

PCPY_MANIP_METHOD(m_unsqueeze, "unsqueeze", 1, do_unsqueeze(st, x, a[0]), "axis", "name")

PCPY_MANIP_METHOD(m_squeeze, "squeeze", 0, do_squeeze(st, x, a[0], false), "axis", "name")

static PyObject *m_contiguous(PyObject *self, PyObject *unused)
{
    (void)unused;
    Py_INCREF(self);
    return do_contiguous(pcpy_state_from_type(Py_TYPE(self)), self);
}

static PyObject *m_is_contiguous(PyObject *self, PyObject *unused)
{
    (void)unused;
    return do_is_contiguous(Py_NewRef(self));
}

PCPY_MANIP_METHOD(m_expand, "expand", 1, do_broadcast_to(st, x, a[0]), "shape", "name")

PCPY_MANIP_METHOD(m_broadcast_to, "broadcast_to", 1, do_broadcast_to(st, x, a[0]), "shape", "name")

PCPY_MANIP_METHOD(m_flip, "flip", 0, do_flip(st, x, a[0]), "axis", "name")

PCPY_MANIP_METHOD(m_split, "split", 1, do_split(st, x, a[0], a[1]), "num_or_sections", "axis",
                  "name")

PCPY_MANIP_METHOD(m_chunk, "chunk", 1, do_split(st, x, a[0], a[1]), "chunks", "axis", "name")

PCPY_MANIP_METHOD(m_tile, "tile", 1, do_tile(st, x, a[0]), "repeat_times", "name")

PCPY_MANIP_METHOD(m_roll, "roll", 1, do_roll(st, x, a[0], a[1]), "shifts", "axis", "name")

PyMethodDef pcpy_tensor_manipulation_methods[] = {
    {"reshape", FASTCALL_KW(m_reshape),
     "reshape($self, shape, name=None)\n--\n\nThe tensor with a new shape (a view when the "
     "strides allow); as in Paddle, a 0 keeps the extent at its position and one -1 is "
     "inferred. The extents may also be given as separate arguments: x.reshape(-1, 1)."},
    {"transpose", FASTCALL_KW(m_transpose),
     "transpose($self, perm, name=None)\n--\n\nA view with the axes permuted; the "
     "permutation may also be given as separate arguments: x.transpose(1, 0)."},
    {"flatten", FASTCALL_KW(m_flatten),
     "flatten($self, start_axis=0, stop_axis=-1, name=None)\n--\n\n"
     "The tensor with axes start_axis..stop_axis merged."},
    {"unsqueeze", FASTCALL_KW(m_unsqueeze),
     "unsqueeze($self, axis, name=None)\n--\n\nA view with new axes of extent 1."},
    {"squeeze", FASTCALL_KW(m_squeeze),
     "squeeze($self, axis=None, name=None)\n--\n\nA view without axes of extent 1 (the given "
     "ones, or all)."},
    {"contiguous", m_contiguous, METH_NOARGS,
     "contiguous($self, /)\n--\n\nThe tensor itself when it is C-contiguous, else a "
     "C-contiguous copy."},
    {"is_contiguous", m_is_contiguous, METH_NOARGS,
     "is_contiguous($self, /)\n--\n\nWhether the tensor is C-contiguous."},
    {"expand", FASTCALL_KW(m_expand),
     "expand($self, shape, name=None)\n--\n\nA read-only view broadcast to `shape`."},
    {"broadcast_to", FASTCALL_KW(m_broadcast_to),
     "broadcast_to($self, shape, name=None)\n--\n\nA read-only view broadcast to `shape`."},
    {"flip", FASTCALL_KW(m_flip),
     "flip($self, axis=None, name=None)\n--\n\nA view reversed along `axis`."},
    {"split", FASTCALL_KW(m_split),
     "split($self, num_or_sections, axis=0, name=None)\n--\n\nPieces along `axis` (views)."},
    {"chunk", FASTCALL_KW(m_chunk),
     "chunk($self, chunks, axis=0, name=None)\n--\n\nEqual pieces along `axis` (views)."},
    {"tile", FASTCALL_KW(m_tile),
     "tile($self, repeat_times, name=None)\n--\n\nThe tensor repeated along each axis."},
    {"roll", FASTCALL_KW(m_roll),
     "roll($self, shifts, axis=None, name=None)\n--\n\nElements shifted along axes."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_manipulation_slots[] = {
    {0, NULL},
};
