/*
 * index_mask.c - x[mask] and x[mask] = value for a boolean mask over every axis of the (basic)
 * view: the common case, which needs no offsets (index_plan.h; the general path is index.c).
 *
 * [Why a mask fast path] One pass over (view, mask) selects, fills or scatters. On the CPU the
 * pass is sequential: MASK_SELECT and MASK_SCATTER keep a cursor in C order. A device runs the
 * order-free forms, CuPy's shape: one scan of the mask gives each true element its place
 * (pos - 1), one read of the scan's last element gives the count (the result's shape, and the
 * check of a value's length), and one MASK_COMPACT or MASK_EXPAND launch moves the elements; a
 * fill needs neither scan nor read (MASK_FILL). No offsets, no sort: every true element's
 * place is known, so no write can collide. A device lacking these kernels takes the general
 * path (nonzero, offsets, GATHER / SCATTER).
 */
#include <string.h>

#include "dispatch.h"
#include "index_plan.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"

/* The device form of a mask op: the order-free kernel a device runs for `op`. */
static pc_op device_form(pc_op op)
{
    return op == PC_OP_MASK_SELECT ? PC_OP_MASK_COMPACT
           : op == PC_OP_MASK_SCATTER ? PC_OP_MASK_EXPAND
                                      : op;
}

bool index_whole_mask(const pc_tensor *x, const index_plan *p, pc_op op)
{
    if (p->nadv != 1 || p->adv[0].kind != ADV_MASK || p->adv[0].naxes != p->ndim) {
        return false;
    }
    const pc_tensor *m = p->adv[0].tensor;
    for (int i = 0; i < p->ndim; i++) {
        if (m->shape[i] != p->shape[i]) {
            return false;
        }
    }
    const pc_device dev = pc_tensor_device(x);
    if (pc_tensor_device(m).type != dev.type || pc_tensor_device(m).index != dev.index) {
        return false; /* the general path raises the device error */
    }
    return dev.type == PC_DEVICE_CPU
               ? pc_kernel_has(op, PC_DEVICE_CPU, x->dtype)
               : pc_kernel_has(device_form(op), (pc_device_type)dev.type, x->dtype);
}

/* ---- on the CPU ------------------------------------------------------------------------------- */

/* Run the mask loop of `op` over (view, mask) in C order (`ordered`) or any order. */
static pc_status run_mask_loop(const pc_tensor *x, const index_plan *p, pc_op op,
                               const pc_tensor *mask, pc_mask_params *prm, bool ordered)
{
    pc_tensor *view;
    pc_status st = pc_tensor_restride(x, p->ndim, p->shape, p->strides, p->offset, &view);
    if (st != PC_OK) {
        return st;
    }
    const pc_tensor *ops[2] = {view, mask};
    const pc_kernel *k = NULL;
    st = pc_dispatch_kernel(op, x->dtype, 2, ops, &k);
    if (st == PC_OK && k->loop == NULL) {
        st = pc_error_set(PC_ERR_NOTIMPL, "'%s' has no host loop for this device",
                          pc_op_name(op));
    }
    pc_iter it;
    if (st == PC_OK) {
        st = pc_iter_init(&it, 2, ops, p->ndim, p->shape, ordered);
    }
    if (st == PC_OK) {
        const pc_loop_ctx ctx = {prm};
        st = ordered ? pc_iter_run(&it, k->loop, &ctx)
                     : pc_iter_run_parallel(&it, k->loop, &ctx, NULL);
    }
    pc_tensor_free(view);
    return st;
}

static pc_status host_mask_get(const pc_tensor *x, const index_plan *p, pc_tensor **out)
{
    const pc_tensor *mask = p->adv[0].tensor;
    int64_t count = index_mask_count(mask);
    const int item = pc_dtype_itemsize(x->dtype);
    /* one element of slack for the branch-free select loop */
    pc_storage *s;
    pc_status st = pc_storage_new(pc_tensor_device(x), (count + 1) * item, false, &s);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *r;
    st = pc_tensor_view_new(s, x->dtype, 0, 1, &count, NULL, &r);
    pc_storage_decref(s);
    if (st != PC_OK) {
        return st;
    }
    if (count > 0) {
        pc_mask_params prm = {r->data, NULL, NULL, 0, count, 0};
        st = run_mask_loop(x, p, PC_OP_MASK_SELECT, mask, &prm, true);
    }
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

/* x[mask] = value on the CPU: one element (fill) or one per selected element (scatter). */
static pc_status host_mask_set(pc_tensor *x, const index_plan *p, const pc_tensor *value)
{
    const pc_tensor *mask = p->adv[0].tensor;
    int64_t count = index_mask_count(mask);
    pc_tensor *stripped = NULL;
    pc_status st = index_strip_leading_ones(value, 1, &stripped);
    const pc_tensor *v = stripped != NULL ? stripped : value;
    const bool one = v->size == 1 && v->ndim <= 1;
    if (st == PC_OK && !one && !(v->ndim == 1 && v->shape[0] == count)) {
        st = index_value_mismatch(v, 1, &count); /* before `stripped`, which v may be, is freed */
        pc_tensor_free(stripped);
        return st;
    }
    pc_tensor *owned_mask = NULL;
    pc_tensor *owned_value = NULL;
    if (st == PC_OK && count > 0 && mask->storage == x->storage) {
        st = pc_contiguous_copy(mask, &owned_mask);
        mask = owned_mask;
    }
    if (st == PC_OK && count > 0) {
        st = index_value_for(x, v, &v, &owned_value);
    }
    if (st == PC_OK && count > 0) {
        pc_mask_params prm = {NULL, v->data, v->data, v->ndim == 1 ? v->strides[0] : 0, count,
                              0};
        st = one ? run_mask_loop(x, p, PC_OP_MASK_FILL, mask, &prm, false)
                 : run_mask_loop(x, p, PC_OP_MASK_SCATTER, mask, &prm, true);
    }
    pc_tensor_free(owned_value);
    pc_tensor_free(owned_mask);
    pc_tensor_free(stripped);
    return st;
}
/* ---- on a device ---------------------------------------------------------------------------- */

/* The mask's inclusive scan in C order as int64 of the view's shape (*pos, owned) and the
 * number of true elements, read from its last element (the one synchronisation). */
static pc_status positions(const pc_tensor *mask, const index_plan *p, pc_tensor **pos,
                           int64_t *count)
{
    *pos = NULL;
    *count = 0;
    pc_tensor *flat;
    pc_status st = pc_cumulative(false, mask, false, 0, PC_INT64, false, &flat);
    if (st != PC_OK) {
        return st;
    }
    st = pc_reshape(flat, p->ndim, p->shape, 0, pos); /* a view: the scan is C-contiguous */
    if (st == PC_OK && flat->size > 0) {
        st = pc_device_copy(pc_device_cpu(), count, pc_tensor_device(flat),
                            flat->data + (flat->size - 1) * (int64_t)sizeof(int64_t),
                            sizeof *count);
    }
    pc_tensor_free(flat);
    if (st != PC_OK) {
        pc_tensor_free(*pos);
        *pos = NULL;
    }
    return st;
}

static pc_status device_mask_get(const pc_tensor *x, const index_plan *p, pc_tensor **out)
{
    const pc_tensor *mask = p->adv[0].tensor;
    pc_tensor *pos = NULL;
    pc_tensor *view = NULL;
    pc_tensor *r = NULL;
    int64_t count = 0;
    pc_status st = positions(mask, p, &pos, &count);
    if (st == PC_OK) {
        st = pc_tensor_empty(1, &count, x->dtype, pc_tensor_device(x), &r);
    }
    if (st == PC_OK && count > 0) {
        st = pc_tensor_restride(x, p->ndim, p->shape, p->strides, p->offset, &view);
    }
    if (st == PC_OK && count > 0) {
        const pc_mask_params prm = {r->data, NULL, NULL, 0, 0, 0};
        const pc_tensor *ops[3] = {view, mask, pos};
        const pc_dtype dtypes[3] = {x->dtype, PC_BOOL, PC_INT64};
        st = pc_dispatch_elementwise_typed(PC_OP_MASK_COMPACT, x->dtype, 3, 3, dtypes, ops,
                                           p->ndim, p->shape, &prm);
    }
    pc_tensor_free(view);
    pc_tensor_free(pos);
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}

/* x[mask] = value on a device: a value of one element is filled (MASK_FILL: no scan, no read);
 * one per true element is expanded from the scan (MASK_EXPAND), its length checked against the
 * count first. */
static pc_status device_mask_set(pc_tensor *x, const index_plan *p, const pc_tensor *value)
{
    const pc_tensor *mask = p->adv[0].tensor;
    pc_tensor *stripped = NULL;
    pc_tensor *owned_mask = NULL;
    pc_tensor *owned_value = NULL;
    pc_tensor *pos = NULL;
    pc_tensor *view = NULL;
    int64_t count = 0;
    pc_status st = index_strip_leading_ones(value, 1, &stripped);
    const pc_tensor *v = stripped != NULL ? stripped : value;
    const bool one = v->size == 1 && v->ndim <= 1;
    if (st == PC_OK && !one) {
        st = positions(mask, p, &pos, &count);
        if (st == PC_OK && !(v->ndim == 1 && v->shape[0] == count)) {
            st = index_value_mismatch(v, 1, &count);
        }
    }
    if (st == PC_OK && mask->storage == x->storage) {
        st = pc_contiguous_copy(mask, &owned_mask); /* x's writes must not change the mask */
        mask = owned_mask;
    }
    if (st == PC_OK) {
        st = index_value_for(x, v, &v, &owned_value);
    }
    if (st == PC_OK) {
        st = pc_tensor_restride(x, p->ndim, p->shape, p->strides, p->offset, &view);
    }
    if (st == PC_OK && one) {
        /* MASK_FILL's operands are (x, mask) and it writes x (checked writable by the caller) */
        const pc_mask_params prm = {NULL, v->data, NULL, 0, 0, 0};
        const pc_tensor *ops[2] = {view, mask};
        const pc_dtype dtypes[2] = {x->dtype, PC_BOOL};
        st = pc_dispatch_elementwise_typed(PC_OP_MASK_FILL, x->dtype, 2, 2, dtypes, ops,
                                           p->ndim, p->shape, &prm);
    } else if (st == PC_OK && count > 0) {
        const pc_mask_params prm = {NULL, NULL, v->data, v->strides[0], 0, 0};
        const pc_tensor *ops[3] = {mask, pos, view};
        const pc_dtype dtypes[3] = {PC_BOOL, PC_INT64, x->dtype};
        st = pc_dispatch_elementwise_typed(PC_OP_MASK_EXPAND, x->dtype, 2, 3, dtypes, ops,
                                           p->ndim, p->shape, &prm);
    }
    pc_tensor_free(view);
    pc_tensor_free(pos);
    pc_tensor_free(owned_value);
    pc_tensor_free(owned_mask);
    pc_tensor_free(stripped);
    return st;
}

/* ---- the entry points ----------------------------------------------------------------------- */

pc_status index_mask_get(const pc_tensor *x, const index_plan *p, pc_tensor **out)
{
    return pc_tensor_device(x).type == PC_DEVICE_CPU ? host_mask_get(x, p, out)
                                                      : device_mask_get(x, p, out);
}

pc_status index_mask_set(pc_tensor *x, const index_plan *p, const pc_tensor *value)
{
    return pc_tensor_device(x).type == PC_DEVICE_CPU ? host_mask_set(x, p, value)
                                                      : device_mask_set(x, p, value);
}
