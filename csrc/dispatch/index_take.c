/*
 * index_take.c - take_along_axis (indexing.h): x's offsets at each result position built on
 * x's device (index_offsets.h; the indices validated there), then one GATHER launch.
 */
#include "dispatch.h"
#include "index_offsets.h"
#include "paddle_c/axis.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/ops.h"

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
