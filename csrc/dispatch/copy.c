/*
 * copy.c - copying between tensors: pc_copy_into (broadcast + cast + overlap-safe), astype,
 * contiguous copies.
 */
#include "dispatch.h"
#include "paddle_c/ops.h"

/* Byte range [lo, hi) that the view touches. */
static void byte_extent(const pc_tensor *t, uintptr_t *lo, uintptr_t *hi)
{
    intptr_t a = 0;
    intptr_t b = 0;
    for (int i = 0; i < t->ndim; i++) {
        const intptr_t span = (intptr_t)((t->shape[i] - 1) * t->strides[i]);
        if (span < 0) {
            a += span;
        } else {
            b += span;
        }
    }
    *lo = (uintptr_t)(t->data + a);
    *hi = (uintptr_t)(t->data + b + pc_dtype_itemsize(t->dtype));
}

/* Whether writing `dst` could change elements of `src` before they are read. Identical views
 * are safe (each element is read before it is written). */
static bool may_overlap(const pc_tensor *dst, const pc_tensor *src)
{
    if (dst->size == 0 || src->size == 0) {
        return false;
    }
    uintptr_t dlo;
    uintptr_t dhi;
    uintptr_t slo;
    uintptr_t shi;
    byte_extent(dst, &dlo, &dhi);
    byte_extent(src, &slo, &shi);
    if (dhi <= slo || shi <= dlo) {
        return false;
    }
    if (dst->data == src->data && dst->ndim == src->ndim && dst->dtype == src->dtype) {
        for (int i = 0; i < dst->ndim; i++) {
            if (dst->shape[i] != src->shape[i] || dst->strides[i] != src->strides[i]) {
                return true;
            }
        }
        return false;
    }
    return true;
}

pc_status pc_copy_into(pc_tensor *dst, const pc_tensor *src)
{
    if (dst->flags & PC_FLAG_READONLY) {
        return pc_error_set(PC_ERR_VALUE, "cannot write to a read-only tensor");
    }
    if (may_overlap(dst, src)) {
        pc_tensor *tmp;
        pc_status st = pc_contiguous_copy(src, &tmp);
        if (st == PC_OK) {
            st = pc_copy_into(dst, tmp);
            pc_tensor_free(tmp);
        }
        return st;
    }
    const pc_tensor *ops[2] = {src, dst};
    if (src->dtype == dst->dtype) {
        return pc_dispatch_elementwise(PC_OP_COPY, dst->dtype, dst->dtype, 1, 2, ops, dst->ndim,
                                       dst->shape, NULL);
    }
    pc_device dev;
    pc_status st = pc_common_device(2, ops, &dev);
    if (st != PC_OK) {
        return st;
    }
    const pc_kernel *cast = pc_cast_get(dev, src->dtype, dst->dtype);
    if (cast == NULL) {
        return PC_ERR_NOTIMPL;
    }
    pc_iter it;
    st = pc_iter_init(&it, 2, ops, dst->ndim, dst->shape, false);
    if (st != PC_OK) {
        return st;
    }
    const pc_loop_ctx ctx = {NULL};
    if (cast->iter != NULL) {
        return cast->iter(&it, &ctx);
    }
    return pc_iter_run_parallel(&it, cast->loop, &ctx, NULL);
}

pc_status pc_astype(const pc_tensor *x, pc_dtype dtype, bool copy, pc_tensor **out)
{
    if (!pc_dtype_is_valid((int)dtype)) {
        return pc_error_set(PC_ERR_TYPE, "invalid dtype code %d", (int)dtype);
    }
    if (!copy && dtype == x->dtype) {
        return pc_tensor_alias(x, out);
    }
    pc_tensor *t;
    pc_status st = pc_tensor_empty_like_layout(x->ndim, x->shape, dtype, pc_tensor_device(x), 1,
                                               &x, &t);
    if (st != PC_OK) {
        return st;
    }
    st = pc_copy_into(t, x);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

pc_status pc_contiguous_copy(const pc_tensor *x, pc_tensor **out)
{
    pc_tensor *t;
    pc_status st = pc_tensor_empty(x->ndim, x->shape, x->dtype, pc_tensor_device(x), &t);
    if (st != PC_OK) {
        return st;
    }
    const pc_tensor *ops[2] = {x, t};
    st = pc_dispatch_elementwise(PC_OP_COPY, x->dtype, x->dtype, 1, 2, ops, x->ndim, x->shape,
                                 NULL);
    if (st != PC_OK) {
        pc_tensor_free(t);
        return st;
    }
    *out = t;
    return PC_OK;
}

pc_status pc_to_device(const pc_tensor *x, pc_device device, pc_tensor **out)
{
    const pc_device from = pc_tensor_device(x);
    if (pc_device_equal(from, device)) {
        return pc_contiguous_copy(x, out);
    }
    pc_status st = pc_device_check(device);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *src = NULL;
    if (!pc_tensor_is_c_contiguous(x)) {
        st = pc_contiguous_copy(x, &src);
        if (st != PC_OK) {
            return st;
        }
    }
    const pc_tensor *c = src != NULL ? src : x;
    pc_tensor *t;
    st = pc_tensor_empty(x->ndim, x->shape, x->dtype, device, &t);
    if (st == PC_OK) {
        /* the non-CPU side's backend moves the bytes */
        const pc_backend *b =
            pc_backend_get((pc_device_type)(device.type != PC_DEVICE_CPU ? device.type : from.type));
        const size_t nbytes = (size_t)(x->size * pc_dtype_itemsize(x->dtype));
        st = nbytes == 0 ? PC_OK : b->copy(b, device, t->data, from, c->data, nbytes);
        if (st != PC_OK) {
            pc_tensor_free(t);
        }
    }
    pc_tensor_free(src);
    if (st == PC_OK) {
        *out = t;
    }
    return st;
}
