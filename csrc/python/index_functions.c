/*
 * index_functions.c - the indexing functions of the standard (take, take_along_axis, nonzero)
 * and Paddle's (gather, index_select, masked_select, masked_fill, with their Tensor methods).
 *
 * Argument handling lives here; the work is done by the core (indexing.h). x[...] itself is
 * tensor_index.c.
 */
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

static PyObject *fn_nonzero(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"x", NULL};
    static const pcpy_argspec spec = {"nonzero", names, 1, 1, 1};
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *a[1];
    PyObject *x;
    if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0) {
        Py_XDECREF(x);
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    pc_tensor *outs[PC_MAX_NDIM];
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_nonzero(t, outs);
    pcpy_restore_gil(ts);
    PyObject *res = s == PC_OK ? pcpy_manip_tuple(st, t->ndim, outs, false) : pcpy_raise(s);
    Py_DECREF(x);
    return res;
}

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
    if (s == PC_OK && out->ndim > 0) {
        const pc_index item = {PC_INDEX_TENSOR, 0, 0, 0, 0, mb};
        s = is_scalar ? pc_index_fill(out, 1, &item, &scalar)
                      : pc_index_set(out, 1, &item, pcpy_tensor_get(v));
    } else if (s == PC_OK && *(const bool *)mb->data) {
        const pc_index item = {PC_INDEX_ELLIPSIS, 0, 0, 0, 0, NULL};
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
     "nonzero(x, /)\n--\n\nThe indices of the non-zero elements, one int64 tensor per axis."},
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
    {"masked_fill", FASTCALL_KW(m_masked_fill),
     "masked_fill($self, mask, value, name=None)\n--\n\nA copy with `value` where mask is "
     "true."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_index_functions_slots[] = {
    {0, NULL},
};
