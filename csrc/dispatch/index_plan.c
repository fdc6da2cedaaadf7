/*
 * index_plan.c - an index turned into a plan (index_plan.h): the basic view (slices, integers,
 * None, Ellipsis) and the advanced items (index tensors, masks, bools), every scalar index and
 * slice validated against its axis; and what an assignment does with its value before any
 * path runs (leading ones stripped, broadcast checked, converted to x's dtype on x's device).
 * Nothing here reads index values or runs a kernel but the value's conversion.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "index_offsets.h"
#include "index_plan.h"
#include "paddle_c/axis.h"
#include "paddle_c/ops.h"

/* Python's PySlice_AdjustIndices: clamp start/stop to the axis, return the length. */
static int64_t slice_adjust(int64_t len, int64_t *start, int64_t *stop, int64_t step)
{
    if (*start < 0) {
        *start += len;
        if (*start < 0) {
            *start = step < 0 ? -1 : 0;
        }
    } else if (*start >= len) {
        *start = step < 0 ? len - 1 : len;
    }
    if (*stop < 0) {
        *stop += len;
        if (*stop < 0) {
            *stop = step < 0 ? -1 : 0;
        }
    } else if (*stop >= len) {
        *stop = step < 0 ? len - 1 : len;
    }
    if (step < 0) {
        return *stop < *start ? (*start - *stop - 1) / (-step) + 1 : 0;
    }
    return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
}

static pc_status out_of_bounds(int64_t index, int axis, int64_t len)
{
    return pc_index_out_of_bounds(false, (uint64_t)index, axis, len);
}

/* Normalise an integer index against an axis; PC_ERR_INDEX when out of range. */
pc_status index_normalize(int64_t v, int axis, int64_t len, int64_t *out)
{
    const int64_t w = v < 0 ? v + len : v;
    if (w < 0 || w >= len) {
        return out_of_bounds(v, axis, len);
    }
    *out = w;
    return PC_OK;
}

static pc_status push_axis(index_plan *p, int64_t extent, int64_t stride, int xaxis)
{
    if (p->ndim >= PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_INDEX, "the index gives more than %d dimensions",
                            PC_MAX_NDIM);
    }
    p->shape[p->ndim] = extent;
    p->strides[p->ndim] = stride;
    p->xaxis[p->ndim] = xaxis;
    p->ndim++;
    return PC_OK;
}

/* The effective kind of an item: 0-D tensors act as integers or Python bools. */
static pc_status item_kind(const pc_index *it, pc_index_kind *kind, int64_t *value)
{
    *kind = it->kind;
    *value = it->value;
    if (it->kind != PC_INDEX_TENSOR) {
        return PC_OK;
    }
    const pc_tensor *t = it->tensor;
    const pc_dtype dt = t->dtype;
    if (dt != PC_BOOL && !pc_dtype_is_integral(dt)) {
        return pc_error_set(PC_ERR_INDEX, "tensors used as indices must be of integer or "
                            "boolean type, not %s", pc_dtype_name(dt));
    }
    if (t->ndim > 0) {
        return PC_OK;
    }
    /* a 0-D index acts as a Python scalar (its value decides a basic index or, for bool, an
     * extent): on a device its one element is copied to the host */
    pc_tensor *host = NULL;
    if (pc_tensor_device(t).type != PC_DEVICE_CPU) {
        pc_status st = pc_to_device(t, pc_device_cpu(), &host);
        if (st != PC_OK) {
            return st;
        }
        t = host;
    }
    pc_scalar s;
    pc_scalar_load(dt, t->data, &s);
    pc_tensor_free(host);
    if (dt == PC_BOOL) {
        *kind = PC_INDEX_BOOL;
        *value = s.v.b;
    } else {
        *kind = PC_INDEX_INT;
        *value = s.dtype == PC_UINT64 ? INT64_MAX : s.v.i;
    }
    return PC_OK;
}

pc_status index_build_plan(const pc_tensor *x, int n, const pc_index *index, index_plan *p)
{
    if (n < 0 || n > PC_INDEX_MAX_ITEMS) {
        return pc_error_set(PC_ERR_INDEX, "too many indices: %d (at most %d)", n,
                            PC_INDEX_MAX_ITEMS);
    }
    /* index tensors are on x's device (the subscript parser moved them there; functions such
     * as take pass them as given): another device is refused before anything else */
    for (int i = 0; i < n; i++) {
        if (index[i].kind == PC_INDEX_TENSOR) {
            const pc_tensor *both[2] = {x, index[i].tensor};
            pc_device dev;
            pc_status st = pc_common_device(2, both, &dev);
            if (st != PC_OK) {
                return st;
            }
        }
    }
    pc_index_kind kinds[PC_INDEX_MAX_ITEMS];
    int64_t values[PC_INDEX_MAX_ITEMS];
    int consumed = 0;
    int nell = 0;
    bool has_adv = false;
    for (int i = 0; i < n; i++) {
        pc_status st = item_kind(&index[i], &kinds[i], &values[i]);
        if (st != PC_OK) {
            return st;
        }
        switch (kinds[i]) {
        case PC_INDEX_INT:
        case PC_INDEX_SLICE:
            consumed++;
            break;
        case PC_INDEX_ELLIPSIS:
            nell++;
            break;
        case PC_INDEX_NEWAXIS:
            break;
        case PC_INDEX_BOOL:
            has_adv = true;
            break;
        case PC_INDEX_TENSOR:
            has_adv = true;
            consumed += index[i].tensor->dtype == PC_BOOL ? index[i].tensor->ndim : 1;
            break;
        default:
            return pc_error_set(PC_ERR_INDEX, "invalid index kind %d", (int)kinds[i]);
        }
    }
    if (nell > 1) {
        return pc_error_set(PC_ERR_INDEX, "an index can only have a single ellipsis ('...')");
    }
    if (consumed > x->ndim) {
        return pc_error_set(PC_ERR_INDEX, "too many indices for tensor: tensor is "
                            "%d-dimensional, but %d were indexed", x->ndim, consumed);
    }
    p->ndim = 0;
    p->offset = x->offset;
    p->nadv = 0;
    p->adjacent = true;
    int ax = 0;
    int run = 0; /* 0: no advanced item yet, 1: inside the first run, 2: after it */
    pc_status st = PC_OK;
    for (int i = 0; i < n && st == PC_OK; i++) {
        const pc_index *it = &index[i];
        bool adv = false;
        adv_item *a = &p->adv[p->nadv];
        switch (kinds[i]) {
        case PC_INDEX_INT:
            if (has_adv) {
                adv = true;
                *a = (adv_item){ADV_INT, p->ndim, ax, 1, NULL, values[i]};
                st = push_axis(p, x->shape[ax], x->strides[ax], ax);
            } else {
                int64_t v = 0;
                st = index_normalize(values[i], ax, x->shape[ax], &v);
                p->offset += st == PC_OK ? v * x->strides[ax] : 0;
            }
            ax++;
            break;
        case PC_INDEX_SLICE: {
            int64_t start = it->start;
            int64_t stop = it->stop;
            int64_t step = it->step;
            if (step == 0) {
                st = pc_error_set(PC_ERR_VALUE, "slice step cannot be zero");
                break;
            }
            step = step == INT64_MIN ? -INT64_MAX : step;
            const int64_t len = slice_adjust(x->shape[ax], &start, &stop, step);
            if (len > 0) {
                p->offset += start * x->strides[ax];
            }
            st = push_axis(p, len, len > 1 ? step * x->strides[ax] : x->strides[ax], ax);
            ax++;
            break;
        }
        case PC_INDEX_ELLIPSIS:
            for (int k = 0; k < x->ndim - consumed && st == PC_OK; k++) {
                st = push_axis(p, x->shape[ax], x->strides[ax], ax);
                ax++;
            }
            break;
        case PC_INDEX_NEWAXIS:
            st = push_axis(p, 1, 0, -1);
            break;
        case PC_INDEX_BOOL:
            adv = true;
            *a = (adv_item){ADV_BOOL, p->ndim, -1, 1, NULL, values[i] != 0};
            st = push_axis(p, 1, 0, -1);
            break;
        case PC_INDEX_TENSOR: {
            const pc_tensor *t = it->tensor;
            adv = true;
            if (t->dtype != PC_BOOL) {
                *a = (adv_item){ADV_ARRAY, p->ndim, ax, 1, t, 0};
                st = push_axis(p, x->shape[ax], x->strides[ax], ax);
                ax++;
                break;
            }
            *a = (adv_item){ADV_MASK, p->ndim, ax, t->ndim, t, 0};
            for (int k = 0; k < t->ndim && st == PC_OK; k++, ax++) {
                /* a mask axis of extent 0 selects nothing from any extent (the standard's
                 * rule; NumPy raises) */
                if (t->shape[k] != x->shape[ax] && t->shape[k] != 0) {
                    st = pc_error_set(PC_ERR_INDEX, "boolean index did not match indexed "
                                      "tensor along axis %d; size of axis is %lld but size "
                                      "of corresponding boolean axis is %lld", ax,
                                      (long long)x->shape[ax], (long long)t->shape[k]);
                } else {
                    st = push_axis(p, x->shape[ax], x->strides[ax], ax);
                }
            }
            break;
        }
        default:
            break;
        }
        if (adv) {
            p->nadv++;
            p->adjacent = p->adjacent && run != 2;
            run = 1;
        } else if (run == 1) {
            run = 2;
        }
    }
    while (st == PC_OK && ax < x->ndim) {
        st = push_axis(p, x->shape[ax], x->strides[ax], ax);
        ax++;
    }
    if (x->size == 0) {
        /* every view of an empty tensor is empty: keep it at x's offset, inside the storage */
        p->offset = x->offset;
    }
    return st;
}

/* ---- the value of an assignment ----------------------------------------------------------- */

/* `value` without leading extents of 1 beyond `ndim` (a view, or NULL when none is needed). */
pc_status index_strip_leading_ones(const pc_tensor *value, int ndim, pc_tensor **out)
{
    *out = NULL;
    int drop = 0;
    while (value->ndim - drop > ndim && value->shape[drop] == 1) {
        drop++;
    }
    if (drop == 0) {
        return PC_OK;
    }
    return pc_tensor_restride(value, value->ndim - drop, value->shape + drop,
                              value->strides + drop, value->offset, out);
}

pc_status index_value_mismatch(const pc_tensor *value, int ndim, const int64_t *shape)
{
    char a[256];
    char b[256];
    pc_shape_format(value->ndim, value->shape, a, sizeof a);
    pc_shape_format(ndim, shape, b, sizeof b);
    return pc_error_set(PC_ERR_VALUE, "could not broadcast a value of shape %s to the indexed "
                        "shape %s", a, b);
}

/* Check that `value` broadcasts to (ndim, shape). */
pc_status index_check_value(const pc_tensor *value, int ndim, const int64_t *shape)
{
    if (value->ndim > ndim) {
        return index_value_mismatch(value, ndim, shape);
    }
    for (int i = 0; i < value->ndim; i++) {
        const int64_t e = value->shape[i];
        if (e != 1 && e != shape[ndim - value->ndim + i]) {
            return index_value_mismatch(value, ndim, shape);
        }
    }
    return PC_OK;
}

/* The value in x's dtype, never sharing memory with x: `value` itself or a copy (*owned). A
 * value on another device than x's is refused (PC_ERR_VALUE naming both), before anything is
 * written. */
pc_status index_value_for(const pc_tensor *x, const pc_tensor *value, const pc_tensor **out,
                           pc_tensor **owned)
{
    *owned = NULL;
    *out = value;
    const pc_tensor *both[2] = {x, value};
    pc_device dev;
    pc_status cst = pc_common_device(2, both, &dev);
    if (cst != PC_OK) {
        return cst;
    }
    if (value->dtype != x->dtype) {
        pc_status st = pc_astype(value, x->dtype, true, owned);
        *out = *owned;
        return st;
    }
    if (value->storage == x->storage) {
        pc_status st = pc_contiguous_copy(value, owned);
        *out = *owned;
        return st;
    }
    return PC_OK;
}
