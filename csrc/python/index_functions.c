/*
 * index_functions.c - the indexing functions of the standard (take, take_along_axis, nonzero)
 * and Paddle's (gather, index_select, gather_nd, scatter, masked_select, masked_fill, with their
 * Tensor methods).
 *
 * Argument handling lives here; the work is done by the core (indexing.h). x[...] itself is
 * tensor_index.c.
 */
#include <string.h>

#include "manip_args.h"
#include "paddle_c/indexing.h"
#include "paddle_c/manipulation.h"

/* take along `axis_obj`; without one, of the flattened x (the standard's take) or along axis 0
 * (Paddle's gather and index_select, `paddle_default`). */
static PyObject *do_take(pcpy_state *st, PyObject *x, PyObject *indices, PyObject *axis_obj,
                         bool paddle_default)
{
    PyObject *idx = pcpy_as_tensor(st, indices);
    if (idx == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    int64_t axis = 0;
    pc_tensor *flat = NULL;
    pc_status s = PC_OK;
    const pc_tensor *t = pcpy_tensor_get(x);
    if (axis_obj != NULL && axis_obj != Py_None) {
        if (pcpy_int64_arg(axis_obj, "axis", 0, &axis) < 0) {
            Py_DECREF(idx);
            Py_DECREF(x);
            return NULL;
        }
    } else if (!paddle_default && t->ndim != 1) {
        const int64_t minus_one = -1;
        s = pc_reshape(t, 1, &minus_one, -1, &flat);
        axis = 0;
    }
    pc_tensor *out = NULL;
    if (s == PC_OK) {
        if (axis < INT32_MIN || axis > INT32_MAX) {
            axis = INT32_MAX;
        }
        const pc_tensor *src = flat != NULL ? flat : t;
        PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(idx)->size);
        s = pc_take(src, pcpy_tensor_get(idx), (int)axis, &out);
        pcpy_restore_gil(ts);
    }
    pc_tensor_free(flat);
    Py_DECREF(idx);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_take, "take", 2, 2, 2, do_take(st, x, a[1], a[2], false), "x", "indices",
              "axis")

/* gather(x, index, axis=None) and index_select(x, index, axis=0) (Paddle): along axis 0 by
 * default. */
PCPY_MANIP_FN(fn_gather, "gather", 0, 4, 2, do_take(st, x, a[1], a[2], true), "x", "index",
              "axis", "name")
PCPY_MANIP_FN(fn_index_select, "index_select", 0, 4, 2, do_take(st, x, a[1], a[2], true), "x",
              "index", "axis", "name")

static PyObject *fn_take_along_axis(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames)
{
    static const char *const names[] = {"x", "indices", "axis", NULL};
    static const pcpy_argspec spec = {"take_along_axis", names, 2, 2, 2};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[3];
    PyObject *x;
    int64_t axis;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0 ||
        pcpy_int64_arg(a[2], "axis", -1, &axis) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    PyObject *idx = pcpy_as_tensor(st, a[1]);
    if (idx == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    if (axis < INT32_MIN || axis > INT32_MAX) {
        axis = INT32_MAX;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(idx)->size);
    pc_status s = pc_take_along_axis(pcpy_tensor_get(x), pcpy_tensor_get(idx), (int)axis, &out);
    pcpy_restore_gil(ts);
    Py_DECREF(idx);
    return pcpy_manip_finish(st, x, s, out);
}

/* nonzero(x, /, *, as_tuple=True): the standard's tuple of index tensors, or with
 * as_tuple=False (Paddle's default form) one int64 tensor of shape [N, ndim]. */
static PyObject *fn_nonzero(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"x", "as_tuple", NULL};
    static const pcpy_argspec spec = {"nonzero", names, 1, 1, 1};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[2];
    PyObject *x;
    int as_tuple;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0 ||
        pcpy_bool_arg(a[1], "as_tuple", 1, &as_tuple) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    pc_tensor *outs[PC_MAX_NDIM];
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_nonzero(t, outs);
    pcpy_restore_gil(ts);
    PyObject *res;
    if (s != PC_OK) {
        res = pcpy_raise(s);
    } else if (as_tuple) {
        res = pcpy_manip_tuple(st, t->ndim, outs, false);
    } else {
        pc_tensor *stacked = NULL;
        s = pc_stack(t->ndim, (const pc_tensor *const *)outs, 1, &stacked);
        for (int d = 0; d < t->ndim; d++) {
            pc_tensor_free(outs[d]);
        }
        res = pcpy_tensor_result(st, s, stacked);
    }
    Py_DECREF(x);
    return res;
}

/* ---- gather_nd and scatter (Paddle) ------------------------------------------------------- */

/* An integer index tensor (bool is refused: it would be a mask). New reference or NULL. */
static PyObject *integer_index(pcpy_state *st, PyObject *obj, const char *fname)
{
    PyObject *idx = pcpy_as_tensor(st, obj);
    if (idx != NULL && !pc_dtype_is_integral(pcpy_tensor_get(idx)->dtype)) {
        PyErr_Format(PyExc_TypeError, "%s: index must be an integer tensor, not %s", fname,
                     pc_dtype_name(pcpy_tensor_get(idx)->dtype));
        Py_CLEAR(idx);
    }
    return idx;
}

/* gather_nd(x, index): index[..., k] picks x[index[..., 0], ..., index[..., k - 1]] (a slice of
 * the remaining axes); the result has shape index.shape[:-1] + x.shape[k:], in new memory. */
static pc_status gather_nd(const pc_tensor *x, const pc_tensor *index, pc_tensor **out)
{
    *out = NULL;
    if (index->ndim == 0) {
        return pc_error_set(PC_ERR_VALUE, "gather_nd: index must have at least one dimension");
    }
    const int nb = index->ndim - 1;
    const int64_t k = index->shape[nb];
    if (k > x->ndim) {
        return pc_error_set(PC_ERR_VALUE, "gather_nd: index.shape[-1] is %lld, more than the "
                            "%d dimensions of x", (long long)k, x->ndim);
    }
    /* the result's shape: index.shape[:-1] + x.shape[k:] */
    int64_t shape[PC_MAX_NDIM];
    const int nd = nb + x->ndim - (int)k;
    if (nd > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "gather_nd: the result would have more than %d "
                            "dimensions", PC_MAX_NDIM);
    }
    memcpy(shape, index->shape, (size_t)nb * sizeof(int64_t));
    memcpy(shape + nb, x->shape + k, (size_t)(x->ndim - k) * sizeof(int64_t));
    if (k == 0) {
        /* every position picks the whole of x */
        pc_tensor *b;
        pc_status s = pc_broadcast_to(x, nd, shape, &b);
        if (s == PC_OK) {
            s = pc_contiguous_copy(b, out);
            pc_tensor_free(b);
        }
        return s;
    }
    if (index->size == 0) {
        return pc_tensor_empty(nd, shape, x->dtype, pc_tensor_device(x), out);
    }
    pc_tensor *cols[PC_MAX_NDIM] = {NULL};
    pc_index items[PC_MAX_NDIM];
    pc_status s = PC_OK;
    for (int64_t i = 0; i < k && s == PC_OK; i++) {
        s = pc_tensor_restride(index, nb, index->shape, index->strides,
                               index->offset + i * index->strides[nb], &cols[i]);
        items[i] = (pc_index){PC_INDEX_TENSOR, 0, 0, 0, 0, cols[i]};
    }
    pc_tensor *r = NULL;
    if (s == PC_OK) {
        s = pc_index_get(x, (int)k, items, &r);
    }
    if (s == PC_OK && nb == 0) {
        /* 0-D index columns are integers: the result is a view, and gather_nd copies */
        s = pc_contiguous_copy(r, out);
        pc_tensor_free(r);
    } else if (s == PC_OK) {
        *out = r;
    }
    for (int64_t i = 0; i < k; i++) {
        pc_tensor_free(cols[i]);
    }
    return s;
}

static PyObject *do_gather_nd(pcpy_state *st, PyObject *x, PyObject *index_obj)
{
    PyObject *idx = integer_index(st, index_obj, "gather_nd");
    if (idx == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(idx)->size);
    pc_status s = gather_nd(pcpy_tensor_get(x), pcpy_tensor_get(idx), &out);
    pcpy_restore_gil(ts);
    Py_DECREF(idx);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_gather_nd, "gather_nd", 0, 3, 2, do_gather_nd(st, x, a[1]), "x", "index",
              "name")

/* scatter(x, index, updates, overwrite): a copy of x whose rows index[i] (along axis 0) are
 * updates[i] (overwrite: the last of repeated rows wins) or the sum of the updates[i] aimed at
 * them (not overwrite: those rows start from zero). index is 0-D, 1-D or [N, 1]; updates has
 * shape index.shape + x.shape[1:] and is cast to x's dtype. */
static pc_status scatter(const pc_tensor *x, const pc_tensor *index, const pc_tensor *updates,
                         bool overwrite, pc_tensor **out)
{
    *out = NULL;
    pc_tensor *flat = NULL;
    pc_status s = PC_OK;
    if (x->ndim == 0) {
        return pc_error_set(PC_ERR_VALUE, "scatter: x must have at least one dimension");
    }
    const pc_tensor *operands[3] = {x, index, updates};
    pc_device dev;
    s = pc_common_device(3, operands, &dev); /* before the steps, which may be missing there */
    if (s != PC_OK) {
        return s;
    }
    if (index->ndim == 2 && index->shape[1] == 1) {
        s = pc_reshape(index, 1, index->shape, -1, &flat);
        index = flat;
    } else if (index->ndim > 1) {
        return pc_error_set(PC_ERR_VALUE, "scatter: index must be 0-D, 1-D or of shape [N, 1]");
    }
    bool fits = s == PC_OK && updates->ndim == index->ndim + x->ndim - 1;
    for (int d = 0; fits && d < updates->ndim; d++) {
        fits = updates->shape[d] == (d < index->ndim ? index->shape[d]
                                                      : x->shape[d - index->ndim + 1]);
    }
    if (s == PC_OK && !fits) {
        char us[256];
        char xs[256];
        pc_shape_format(updates->ndim, updates->shape, us, sizeof us);
        pc_shape_format(x->ndim, x->shape, xs, sizeof xs);
        s = pc_error_set(PC_ERR_VALUE, "scatter: updates of shape %s do not match %lld "
                         "indices into x of shape %s", us, (long long)index->size, xs);
    }
    pc_tensor *r = NULL;
    if (s == PC_OK) {
        s = pc_contiguous_copy(x, &r);
    }
    const pc_index item = {PC_INDEX_TENSOR, 0, 0, 0, 0, index};
    if (s == PC_OK && overwrite) {
        s = pc_index_set(r, 1, &item, updates);
    } else if (s == PC_OK) {
        const pc_scalar zero = {.dtype = PC_BOOL, .v.b = false};
        s = pc_index_fill(r, 1, &item, &zero);
        if (s == PC_OK) {
            s = pc_index_add(r, 1, &item, updates);
        }
    }
    pc_tensor_free(flat);
    if (s != PC_OK) {
        pc_tensor_free(r);
        return s;
    }
    *out = r;
    return PC_OK;
}

static PyObject *do_scatter(pcpy_state *st, PyObject *x, PyObject *index_obj,
                            PyObject *updates_obj, PyObject *overwrite_obj)
{
    int overwrite;
    if (pcpy_bool_arg(overwrite_obj, "overwrite", 1, &overwrite) < 0) {
        Py_DECREF(x);
        return NULL;
    }
    PyObject *idx = integer_index(st, index_obj, "scatter");
    PyObject *upd = idx != NULL ? pcpy_as_tensor(st, updates_obj) : NULL;
    if (upd == NULL) {
        Py_XDECREF(idx);
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = scatter(t, pcpy_tensor_get(idx), pcpy_tensor_get(upd), overwrite != 0, &out);
    pcpy_restore_gil(ts);
    Py_DECREF(upd);
    Py_DECREF(idx);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_scatter, "scatter", 0, 5, 3, do_scatter(st, x, a[1], a[2], a[3]), "x", "index",
              "updates", "overwrite", "name")

/* x and mask broadcast together (views), for masked_select / masked_fill. */
static pc_status broadcast_pair(const pc_tensor *x, const pc_tensor *mask, pc_tensor **xb,
                                pc_tensor **mb)
{
    *xb = NULL;
    *mb = NULL;
    if (mask->dtype != PC_BOOL) {
        return pc_error_set(PC_ERR_TYPE, "mask must be a bool tensor, not %s",
                            pc_dtype_name(mask->dtype));
    }
    int nd;
    int64_t shape[PC_MAX_NDIM];
    pc_status s = pc_shape_broadcast(x->ndim, x->shape, mask->ndim, mask->shape, &nd, shape);
    if (s == PC_OK) {
        s = pc_broadcast_to(x, nd, shape, xb);
    }
    if (s == PC_OK) {
        s = pc_broadcast_to(mask, nd, shape, mb);
    }
    if (s != PC_OK) {
        pc_tensor_free(*xb);
        *xb = NULL;
    }
    return s;
}

static PyObject *do_masked_select(pcpy_state *st, PyObject *x, PyObject *mask_obj)
{
    PyObject *m = pcpy_as_tensor(st, mask_obj);
    if (m == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    pc_tensor *xb;
    pc_tensor *mb;
    pc_tensor *out = NULL;
    pc_status s = broadcast_pair(pcpy_tensor_get(x), pcpy_tensor_get(m), &xb, &mb);
    if (s == PC_OK) {
        const pc_index item = {PC_INDEX_TENSOR, 0, 0, 0, 0, mb};
        pc_tensor *flat_x = NULL;
        if (xb->ndim == 0) {
            /* a 0-D mask selects from a 1-element 1-D tensor */
            const int64_t one = 1;
            pc_tensor *m1 = NULL;
            s = pc_reshape(xb, 1, &one, -1, &flat_x);
            if (s == PC_OK) {
                s = pc_reshape(mb, 1, &one, -1, &m1);
            }
            if (s == PC_OK) {
                const pc_index item1 = {PC_INDEX_TENSOR, 0, 0, 0, 0, m1};
                s = pc_index_get(flat_x, 1, &item1, &out);
            }
            pc_tensor_free(m1);
        } else {
            s = pc_index_get(xb, 1, &item, &out);
        }
        pc_tensor_free(flat_x);
        pc_tensor_free(xb);
        pc_tensor_free(mb);
    }
    Py_DECREF(m);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_masked_select, "masked_select", 0, 3, 2, do_masked_select(st, x, a[1]), "x",
              "mask", "name")

/* masked_fill: a copy of x (broadcast with mask) with `value` where mask is true. */
static PyObject *do_masked_fill(pcpy_state *st, PyObject *x, PyObject *mask_obj,
                                PyObject *value)
{
    PyObject *m = pcpy_as_tensor(st, mask_obj);
    if (m == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    pc_scalar scalar;
    const int is_scalar = pcpy_scalar_from_py(value, &scalar);
    PyObject *v = NULL;
    if (is_scalar == 0) {
        v = pcpy_as_tensor(st, value);
    }
    pc_tensor *xb = NULL;
    pc_tensor *mb = NULL;
    pc_tensor *out = NULL;
    pc_status s = PC_OK;
    if (is_scalar < 0 || (is_scalar == 0 && v == NULL)) {
        Py_DECREF(m);
        Py_DECREF(x);
        return NULL;
    }
    s = broadcast_pair(pcpy_tensor_get(x), pcpy_tensor_get(m), &xb, &mb);
    PyThreadState *ts = pcpy_release_gil(xb != NULL ? xb->size : 0);
    if (s == PC_OK) {
        s = pc_contiguous_copy(xb, &out);
    }
    if (s == PC_OK) {
        /* the mask is an index (a 0-D mask acts as a Python bool): the indexing layer reads it
         * on the host after copying it there, wherever it lives */
        const pc_index item = {PC_INDEX_TENSOR, 0, 0, 0, 0, mb};
        s = is_scalar ? pc_index_fill(out, 1, &item, &scalar)
                      : pc_index_set(out, 1, &item, pcpy_tensor_get(v));
    }
    pcpy_restore_gil(ts);
    if (s != PC_OK) {
        pc_tensor_free(out);
        out = NULL;
    }
    pc_tensor_free(xb);
    pc_tensor_free(mb);
    Py_XDECREF(v);
    Py_DECREF(m);
    return pcpy_manip_finish(st, x, s, out);
}

PCPY_MANIP_FN(fn_masked_fill, "masked_fill", 0, 4, 3, do_masked_fill(st, x, a[1], a[2]), "x",
              "mask", "value", "name")

PyMethodDef pcpy_index_functions_methods[] = {
    {"take", FASTCALL_KW(fn_take),
     "take(x, indices, /, *, axis=None)\n--\n\nElements of x at `indices` along `axis`."},
    {"take_along_axis", FASTCALL_KW(fn_take_along_axis),
     "take_along_axis(x, indices, /, *, axis=-1)\n--\n\n"
     "Elements of x at the positions `indices` gives along `axis`."},
    {"gather", FASTCALL_KW(fn_gather),
     "gather(x, index, axis=None, name=None)\n--\n\nPaddle's gather: take along axis (0 by "
     "default)."},
    {"index_select", FASTCALL_KW(fn_index_select),
     "index_select(x, index, axis=0, name=None)\n--\n\nElements of x at `index` along `axis`."},
    {"nonzero", FASTCALL_KW(fn_nonzero),
     "nonzero(x, /, *, as_tuple=True)\n--\n\nThe indices of the non-zero elements, one int64 "
     "tensor per axis; with as_tuple=False (Paddle's form) one int64 tensor of shape [N, ndim]."},
    {"gather_nd", FASTCALL_KW(fn_gather_nd),
     "gather_nd(x, index, name=None)\n--\n\nPaddle's gather_nd: the slices of x at the "
     "coordinates index[..., :k] (shape index.shape[:-1] + x.shape[k:])."},
    {"scatter", FASTCALL_KW(fn_scatter),
     "scatter(x, index, updates, overwrite=True, name=None)\n--\n\nPaddle's scatter: a copy "
     "of x with rows index[i] set to updates[i] (overwrite=True: the last repeat wins) or to "
     "the sum of their updates (overwrite=False)."},
    {"masked_select", FASTCALL_KW(fn_masked_select),
     "masked_select(x, mask, name=None)\n--\n\nThe elements of x where mask is true (1-D)."},
    {"masked_fill", FASTCALL_KW(fn_masked_fill),
     "masked_fill(x, mask, value, name=None)\n--\n\nA copy of x with `value` where mask is "
     "true."},
    {NULL, NULL, 0, NULL},
};

/* ---- Tensor methods (Paddle's) ------------------------------------------------------------- */

PCPY_MANIP_METHOD(m_gather, "gather", 1, do_take(st, x, a[0], a[1], true), "index", "axis",
                  "name")
PCPY_MANIP_METHOD(m_index_select, "index_select", 1, do_take(st, x, a[0], a[1], true),
                  "index", "axis", "name")

PCPY_MANIP_METHOD(m_masked_select, "masked_select", 1, do_masked_select(st, x, a[0]), "mask",
                  "name")

PCPY_MANIP_METHOD(m_gather_nd, "gather_nd", 1, do_gather_nd(st, x, a[0]), "index", "name")

PCPY_MANIP_METHOD(m_scatter, "scatter", 2, do_scatter(st, x, a[0], a[1], a[2]), "index",
                  "updates", "overwrite", "name")

PCPY_MANIP_METHOD(m_masked_fill, "masked_fill", 2, do_masked_fill(st, x, a[0], a[1]), "mask",
                  "value", "name")

PyMethodDef pcpy_tensor_index_functions_methods[] = {
    {"gather", FASTCALL_KW(m_gather),
     "gather($self, index, axis=None, name=None)\n--\n\nElements at `index` along `axis` (0 "
     "by default)."},
    {"index_select", FASTCALL_KW(m_index_select),
     "index_select($self, index, axis=0, name=None)\n--\n\nElements at `index` along `axis`."},
    {"masked_select", FASTCALL_KW(m_masked_select),
     "masked_select($self, mask, name=None)\n--\n\nThe elements where mask is true (1-D)."},
    {"gather_nd", FASTCALL_KW(m_gather_nd),
     "gather_nd($self, index, name=None)\n--\n\nThe slices at the coordinates index[..., :k] "
     "(see paddle_c.gather_nd)."},
    {"scatter", FASTCALL_KW(m_scatter),
     "scatter($self, index, updates, overwrite=True, name=None)\n--\n\nA copy with rows "
     "index[i] set to (or, overwrite=False, summed from) updates[i]."},
    {"masked_fill", FASTCALL_KW(m_masked_fill),
     "masked_fill($self, mask, value, name=None)\n--\n\nA copy with `value` where mask is "
     "true."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_index_functions_slots[] = {
    {0, NULL},
};
