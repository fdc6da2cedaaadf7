/*
 * index_take.c - nonzero, take and take_along_axis (indexing.h): the indexing functions that
 * are not subscripts. take is a subscript on one axis (index.c); take_along_axis builds its
 * offsets on x's device (index_offsets.h) and gathers them in one GATHER launch; nonzero
 * counts first (the one read on a device), then writes the coordinates.
 */
#include "dispatch.h"
#include "index_offsets.h"
#include "index_plan.h"
#include "paddle_c/axis.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/nonzero_walk.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"

/* [Why nonzero may copy a device tensor to the host] The count decides the result's shape; a
 * device without a NONZERO kernel (the GPUs so far) gets the tensor (as bool) copied to the
 * host once, explicitly, scanned there, and the coordinates copied back to x's device. */
static pc_status host_nonzero(const pc_tensor *x, pc_tensor **out)
{
    pc_tensor *mask = NULL;
    pc_tensor *host = NULL;
    pc_tensor *coords[PC_MAX_NDIM] = {NULL};
    pc_status st = x->dtype == PC_BOOL ? PC_OK : pc_astype(x, PC_BOOL, true, &mask);
    if (st == PC_OK) {
        st = pc_to_device(mask != NULL ? mask : x, pc_device_cpu(), &host);
    }
    if (st == PC_OK) {
        st = pc_nonzero(host, coords);
    }
    int made = 0;
    while (st == PC_OK && made < x->ndim) {
        st = pc_to_device(coords[made], pc_tensor_device(x), &out[made]);
        made += st == PC_OK;
    }
    if (st != PC_OK) {
        for (int d = 0; d < made; d++) {
            pc_tensor_free(out[d]);
        }
    }
    for (int d = 0; d < x->ndim && host != NULL; d++) {
        pc_tensor_free(coords[d]);
    }
    pc_tensor_free(host);
    pc_tensor_free(mask);
    return st;
}

/* On a device: the true elements are counted by a sum on the device, and the count copied to
 * the host (the one synchronisation) sizes the coordinates exactly; the NONZERO kernel then
 * writes them, row d of an (ndim, count) buffer that the results are views of. */
static pc_status device_nonzero(const pc_tensor *x, pc_tensor **out)
{
    const pc_device dev = pc_tensor_device(x);
    pc_tensor *mask = NULL;
    pc_tensor *total = NULL;
    pc_tensor *coords = NULL;
    int64_t count = 0;
    pc_status st = x->dtype == PC_BOOL ? PC_OK : pc_astype(x, PC_BOOL, true, &mask);
    const pc_tensor *m = mask != NULL ? mask : x;
    if (st == PC_OK && x->size > 0) {
        st = pc_reduce(PC_REDUCE_SUM, m, -1, NULL, false, PC_INT64, 0.0, &total);
    }
    if (st == PC_OK && total != NULL) {
        st = pc_device_copy(pc_device_cpu(), &count, dev, total->data, sizeof count);
    }
    if (st == PC_OK) {
        const int64_t shape[2] = {x->ndim, count};
        st = pc_tensor_empty(2, shape, PC_INT64, dev, &coords);
    }
    if (st == PC_OK && count > 0) {
        const pc_tensor *in[1] = {m};
        pc_tensor *outs[1] = {coords};
        const pc_kernel_args args = {1, 1, in, outs, NULL};
        st = pc_dispatch_whole(PC_OP_NONZERO, PC_BOOL, &args);
    }
    int made = 0;
    while (st == PC_OK && made < x->ndim) {
        st = count == 0 ? pc_tensor_empty(1, &count, PC_INT64, dev, &out[made])
                        : pc_tensor_restride(coords, 1, &count, &coords->strides[1],
                                             coords->offset + made * coords->strides[0],
                                             &out[made]);
        made += st == PC_OK;
    }
    if (st != PC_OK) {
        for (int d = 0; d < made; d++) {
            pc_tensor_free(out[d]);
        }
    }
    pc_tensor_free(coords);
    pc_tensor_free(total);
    pc_tensor_free(mask);
    return st;
}

pc_status pc_nonzero(const pc_tensor *x, pc_tensor **out)
{
    if (x->ndim == 0) {
        return pc_error_set(PC_ERR_VALUE, "nonzero() needs a tensor of at least one dimension; "
                            "use nonzero(expand_dims(x, axis=0)) for a 0-D tensor");
    }
    const pc_device dev = pc_tensor_device(x);
    if (dev.type != PC_DEVICE_CPU) {
        return pc_kernel_has(PC_OP_NONZERO, (pc_device_type)dev.type, PC_BOOL)
                   ? device_nonzero(x, out)
                   : host_nonzero(x, out);
    }
    pc_tensor *owned = NULL;
    const pc_tensor *m = x;
    if (x->dtype != PC_BOOL) {
        pc_status st = pc_astype(x, PC_BOOL, true, &owned);
        if (st != PC_OK) {
            return st;
        }
        m = owned;
    }
    int64_t count = index_mask_count(m);
    pc_status st = PC_OK;
    int made = 0;
    int64_t *coords[PC_MAX_NDIM];
    while (made < x->ndim && st == PC_OK) {
        st = pc_tensor_empty(1, &count, PC_INT64, pc_device_cpu(), &out[made]);
        if (st == PC_OK) {
            coords[made] = (int64_t *)out[made]->data;
            made++;
        }
    }
    if (st == PC_OK && count > 0) {
        pc_nonzero_walk(m, coords);
    }
    if (st != PC_OK) {
        for (int d = 0; d < made; d++) {
            pc_tensor_free(out[d]);
        }
    }
    pc_tensor_free(owned);
    return st;
}

pc_status pc_take(const pc_tensor *x, const pc_tensor *indices, int axis, pc_tensor **out)
{
    if (!pc_dtype_is_integral(indices->dtype)) {
        return pc_error_set(PC_ERR_TYPE, "take() needs integer indices, not %s",
                            pc_dtype_name(indices->dtype));
    }
    int ax = 0;
    pc_status st = pc_axis_normalize("take", axis, x->ndim, &ax);
    if (st != PC_OK) {
        return st;
    }
    pc_index items[PC_MAX_NDIM + 1];
    for (int i = 0; i < ax; i++) {
        items[i] = (pc_index){PC_INDEX_SLICE, 0, 0, INT64_MAX, 1, NULL};
    }
    items[ax] = (pc_index){PC_INDEX_TENSOR, 0, 0, 0, 0, indices};
    return pc_index_get(x, ax + 1, items, out);
}

pc_status pc_take_along_axis(const pc_tensor *x, const pc_tensor *indices, int axis,
                             pc_tensor **out)
{
    if (!pc_dtype_is_integral(indices->dtype)) {
        return pc_error_set(PC_ERR_TYPE, "take_along_axis() needs integer indices, not %s",
                            pc_dtype_name(indices->dtype));
    }
    const pc_tensor *both[2] = {x, indices};
    pc_device dev;
    pc_status dst = pc_common_device(2, both, &dev);
    if (dst != PC_OK) {
        return dst;
    }
    if (x->ndim != indices->ndim) {
        return pc_error_set(PC_ERR_VALUE, "take_along_axis(): x and indices must have the same "
                            "number of dimensions (%d and %d)", x->ndim, indices->ndim);
    }
    int ax = 0;
    pc_status st = pc_axis_normalize("take_along_axis", axis, x->ndim, &ax);
    if (st != PC_OK) {
        return st;
    }
    /* the result's shape: x and indices broadcast, indices' extent along the axis */
    int64_t shape[PC_MAX_NDIM];
    int64_t xstrides[PC_MAX_NDIM];
    for (int d = 0; d < x->ndim; d++) {
        const int64_t a = x->shape[d];
        const int64_t b = indices->shape[d];
        if (d == ax) {
            shape[d] = b;
            xstrides[d] = 0;
        } else if (a == b || b == 1) {
            shape[d] = a;
            xstrides[d] = x->strides[d];
        } else if (a == 1) {
            shape[d] = b;
            xstrides[d] = 0;
        } else {
            char sa[256];
            char sb[256];
            pc_shape_format(x->ndim, x->shape, sa, sizeof sa);
            pc_shape_format(indices->ndim, indices->shape, sb, sizeof sb);
            return pc_error_set(PC_ERR_VALUE, "take_along_axis(): x of shape %s and indices of "
                                "shape %s do not broadcast outside axis %d", sa, sb, ax);
        }
    }
    if (x->shape[ax] == 0 && indices->shape[ax] > 0) {
        int64_t size;
        st = pc_shape_size(x->ndim, shape, 0, &size);
        if (st == PC_OK && size > 0) {
            return pc_error_set(PC_ERR_INDEX, "take_along_axis(): cannot take from an empty "
                                "axis %d", ax);
        }
    }
    pc_tensor *r;
    st = pc_tensor_empty(x->ndim, shape, x->dtype, pc_tensor_device(x), &r);
    if (st != PC_OK || r->size == 0) {
        if (st == PC_OK) {
            *out = r;
        }
        return st;
    }
    /* offsets on x's device: x's element at each result position's coordinates (broadcast
     * axes at 0), the axis's coordinate from the validated indices */
    offsets_build b;
    st = offsets_begin(&b, pc_tensor_device(x), x->ndim, shape, x->offset);
    for (int d = 0; d < x->ndim && st == PC_OK; d++) {
        st = d == ax ? offsets_add_index(&b, indices, x->ndim, x->shape[ax], x->strides[ax], ax)
                     : offsets_add_axis(&b, d, xstrides[d]);
    }
    st = st == PC_OK ? offsets_finish(&b) : st;
    if (st == PC_OK) {
        pc_gather_params prm = {r->size, (const int64_t *)b.offsets->data,
                                (char *)x->storage->data, r->data, pc_dtype_itemsize(x->dtype),
                                NULL, 0, 0, NULL};
        const pc_tensor *in[1] = {x};
        const pc_tensor *uses[2] = {r, b.offsets};
        pc_kernel_args args = {1, 0, in, NULL, &prm, NULL, 2, uses};
        st = pc_dispatch_whole(PC_OP_GATHER, x->dtype, &args);
    }
    offsets_free(&b);
    if (st != PC_OK) {
        pc_tensor_free(r);
        return st;
    }
    *out = r;
    return PC_OK;
}
