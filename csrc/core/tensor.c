/*
 * tensor.c - creating, viewing and freeing pc_tensor structs.
 *
 * A tensor is one allocation: the struct followed by its shape and strides. Views take a new
 * reference to the same storage; nothing here copies element data.
 */
#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "paddle_c/tensor.h"

void pc_tensor_update_flags(pc_tensor *t)
{
    uint32_t flags = 0;
    const int64_t item = pc_dtype_itemsize(t->dtype);
    bool c = true;
    bool f = true;
    if (t->size > 1) {
        int64_t expect = item;
        for (int i = t->ndim - 1; i >= 0; i--) {
            if (t->shape[i] != 1) {
                if (t->strides[i] != expect) {
                    c = false;
                    break;
                }
                expect *= t->shape[i];
            }
        }
        expect = item;
        for (int i = 0; i < t->ndim; i++) {
            if (t->shape[i] != 1) {
                if (t->strides[i] != expect) {
                    f = false;
                    break;
                }
                expect *= t->shape[i];
            }
        }
    }
    if (c) {
        flags |= PC_FLAG_C_CONTIGUOUS;
    }
    if (f) {
        flags |= PC_FLAG_F_CONTIGUOUS;
    }
    if (t->storage->readonly) {
        flags |= PC_FLAG_READONLY;
    }
    t->flags = flags;
}

/* Check that every element of the view lies inside the storage. */
static pc_status check_extent(const pc_storage *s, int itemsize, int64_t offset, int ndim,
                              const int64_t *shape, const int64_t *strides, int64_t size)
{
    if (size == 0) {
        return offset >= 0 && offset <= s->nbytes
                   ? PC_OK
                   : pc_error_set(PC_ERR_VALUE, "view offset %lld outside its storage",
                                  (long long)offset);
    }
    int64_t lo = offset;
    int64_t hi = offset;
    for (int i = 0; i < ndim; i++) {
        int64_t span;
        if (__builtin_mul_overflow(shape[i] - 1, strides[i], &span)) {
            return pc_error_set(PC_ERR_VALUE, "view strides overflow");
        }
        if (span < 0) {
            lo += span;
        } else {
            hi += span;
        }
    }
    if (lo < 0 || hi > s->nbytes - itemsize) {
        return pc_error_set(PC_ERR_VALUE,
                            "view [%lld, %lld] exceeds its storage of %lld bytes",
                            (long long)lo, (long long)(hi + itemsize), (long long)s->nbytes);
    }
    return PC_OK;
}

pc_status pc_tensor_view_new(pc_storage *storage, pc_dtype dtype, int64_t offset, int ndim,
                             const int64_t *shape, const int64_t *strides, pc_tensor **out)
{
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    if (!pc_dtype_is_valid((int)dtype)) {
        return pc_error_set(PC_ERR_TYPE, "invalid dtype code %d", (int)dtype);
    }
    const int itemsize = pc_dtype_itemsize(dtype);
    int64_t size;
    pc_status st = pc_shape_size(ndim, shape, itemsize, &size);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *t = malloc(sizeof *t + 2 * (size_t)ndim * sizeof(int64_t));
    if (t == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate a tensor header");
    }
    t->shape = t->dims;
    t->strides = t->dims + ndim;
    if (ndim > 0) {
        memcpy(t->shape, shape, (size_t)ndim * sizeof(int64_t));
        if (strides != NULL) {
            memcpy(t->strides, strides, (size_t)ndim * sizeof(int64_t));
        } else {
            pc_shape_c_strides(ndim, shape, itemsize, t->strides);
        }
    }
    st = check_extent(storage, itemsize, offset, ndim, t->shape, t->strides, size);
    if (st != PC_OK) {
        free(t);
        return st;
    }
    pc_storage_incref(storage);
    t->storage = storage;
    t->offset = offset;
    t->data = (char *)storage->data + offset;
    t->size = size;
    t->dtype = dtype;
    t->ndim = ndim;
    pc_tensor_update_flags(t);
    *out = t;
    return PC_OK;
}

static pc_status new_with_strides(int ndim, const int64_t *shape, const int64_t *strides,
                                  pc_dtype dtype, pc_device device, bool zeroed, pc_tensor **out)
{
    if (!pc_dtype_is_valid((int)dtype)) {
        return pc_error_set(PC_ERR_TYPE, "invalid dtype code %d", (int)dtype);
    }
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    const int itemsize = pc_dtype_itemsize(dtype);
    int64_t size;
    pc_status st = pc_shape_size(ndim, shape, itemsize, &size);
    if (st != PC_OK) {
        return st;
    }
    pc_storage *s;
    st = pc_storage_new(device, size * itemsize, zeroed, &s);
    if (st != PC_OK) {
        return st;
    }
    st = pc_tensor_view_new(s, dtype, 0, ndim, shape, strides, out);
    pc_storage_decref(s); /* the tensor holds its own reference (or the storage goes) */
    return st;
}

pc_status pc_tensor_empty(int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                          pc_tensor **out)
{
    return new_with_strides(ndim, shape, NULL, dtype, device, false, out);
}

pc_status pc_tensor_zeros(int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                          pc_tensor **out)
{
    return new_with_strides(ndim, shape, NULL, dtype, device, true, out);
}

pc_status pc_tensor_empty_like_layout(int ndim, const int64_t *shape, pc_dtype dtype,
                                      pc_device device, int nlike, const pc_tensor *const *like,
                                      pc_tensor **out)
{
    if (ndim < 0 || ndim > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", ndim,
                            PC_MAX_NDIM);
    }
    if (ndim < 2 || nlike == 0) {
        return pc_tensor_empty(ndim, shape, dtype, device, out);
    }
    int perm[PC_MAX_NDIM];
    pc_memory_order(nlike, like, ndim, shape, perm);
    bool identity = true;
    for (int i = 0; i < ndim; i++) {
        identity = identity && perm[i] == i;
    }
    if (identity) {
        return pc_tensor_empty(ndim, shape, dtype, device, out);
    }
    int64_t strides[PC_MAX_NDIM];
    int64_t s = pc_dtype_itemsize(dtype);
    for (int i = ndim - 1; i >= 0; i--) {
        strides[perm[i]] = s;
        s *= shape[perm[i]] > 0 ? shape[perm[i]] : 1;
    }
    return new_with_strides(ndim, shape, strides, dtype, device, false, out);
}

/* [Why views inherit READONLY] A view may be read-only although its storage is not (a
 * broadcast view, whose zero strides would turn one write into many); views of it stay
 * read-only. */
pc_status pc_tensor_restride(const pc_tensor *t, int ndim, const int64_t *shape,
                             const int64_t *strides, int64_t offset, pc_tensor **out)
{
    pc_status st = pc_tensor_view_new(t->storage, t->dtype, offset, ndim, shape, strides, out);
    if (st == PC_OK) {
        (*out)->flags |= t->flags & PC_FLAG_READONLY;
    }
    return st;
}

pc_status pc_tensor_alias(const pc_tensor *t, pc_tensor **out)
{
    return pc_tensor_restride(t, t->ndim, t->shape, t->strides, t->offset, out);
}

void pc_tensor_free(pc_tensor *t)
{
    if (t == NULL) {
        return;
    }
    pc_storage_decref(t->storage);
    free(t);
}

void pc_tensor_byte_extent(const pc_tensor *t, uintptr_t *lo, uintptr_t *hi)
{
    uintptr_t a = (uintptr_t)t->data;
    uintptr_t b = (uintptr_t)t->data;
    for (int i = 0; i < t->ndim; i++) {
        const int64_t step = (t->shape[i] - 1) * t->strides[i];
        if (step < 0) {
            a -= (uintptr_t)(-step);
        } else {
            b += (uintptr_t)step;
        }
    }
    *lo = a;
    *hi = b + (uintptr_t)pc_dtype_itemsize(t->dtype);
}

bool pc_tensor_extents_meet(const pc_tensor *a, const pc_tensor *b)
{
    if (a->size == 0 || b->size == 0 ||
        !pc_device_equal(pc_tensor_device(a), pc_tensor_device(b))) {
        return false;
    }
    uintptr_t alo;
    uintptr_t ahi;
    uintptr_t blo;
    uintptr_t bhi;
    pc_tensor_byte_extent(a, &alo, &ahi);
    pc_tensor_byte_extent(b, &blo, &bhi);
    return alo < bhi && blo < ahi;
}
