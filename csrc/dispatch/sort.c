/*
 * sort.c - sorting and selection: pc_sort, pc_topk, pc_kthvalue, pc_median. Axis checks and
 * result allocation here; the lanes are sorted by the SORT/ARGSORT kernels and medians picked
 * by the MEDIAN kernel (reduce_kernels.h).
 */
#include "dispatch.h"
#include "paddle_c/axis.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"
#include "paddle_c/kernels/reduce_kernels.h"

/* The axis of x (axis.h); a 0-D tensor is sorted as a 1-element 1-D one (at_least_1d). */
static pc_status check_axis(const char *name, int ndim, int *axis)
{
    return pc_axis_normalize(name, *axis, ndim == 0 ? 1 : ndim, axis);
}

/* x as a 1-element 1-D view when it is 0-D (else an alias). */
static pc_status at_least_1d(const pc_tensor *x, pc_tensor **out)
{
    if (x->ndim > 0) {
        return pc_tensor_alias(x, out);
    }
    const int64_t one = 1;
    const int64_t stride = pc_dtype_itemsize(x->dtype);
    return pc_tensor_restride(x, 1, &one, &stride, x->offset, out);
}

/* Back to x's 0-D shape when x was 0-D. Takes `t`. */
static pc_status like_input(const pc_tensor *x, pc_tensor *t, pc_tensor **out)
{
    if (x->ndim > 0 || t == NULL) {
        *out = t;
        return PC_OK;
    }
    pc_status st = pc_tensor_restride(t, 0, NULL, NULL, t->offset, out);
    pc_tensor_free(t);
    return st;
}

pc_status pc_sort(const pc_tensor *x, int axis, bool descending, pc_tensor **values,
                  pc_tensor **indices)
{
    pc_status st = check_axis(values != NULL ? "sort" : "argsort", x->ndim, &axis);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *x1 = NULL;
    pc_tensor *v = NULL;
    pc_tensor *ix = NULL;
    st = at_least_1d(x, &x1);
    if (st == PC_OK && values != NULL) {
        st = pc_tensor_empty(x1->ndim, x1->shape, x1->dtype, pc_tensor_device(x1), &v);
    }
    if (st == PC_OK && indices != NULL) {
        st = pc_tensor_empty(x1->ndim, x1->shape, PC_DEFAULT_INDEX, pc_tensor_device(x1), &ix);
    }
    if (st == PC_OK) {
        const pc_sort_params params = {axis, descending};
        const pc_tensor *in[1] = {x1};
        pc_tensor *outs[2] = {v != NULL ? v : ix, ix};
        const pc_kernel_args args = {1, v != NULL && ix != NULL ? 2 : 1, in, outs, &params};
        st = pc_dispatch_whole(v != NULL ? PC_OP_SORT : PC_OP_ARGSORT, x1->dtype, &args);
    }
    pc_tensor_free(x1);
    if (st == PC_OK && values != NULL) {
        st = like_input(x, v, values);
        v = NULL;
    }
    if (st == PC_OK && indices != NULL) {
        st = like_input(x, ix, indices);
        ix = NULL;
    }
    pc_tensor_free(v);
    pc_tensor_free(ix);
    return st;
}

/* A view of t with `axis` restricted to [start, start + len), or removed (len < 0: the
 * single element at start). */
static pc_status axis_view(const pc_tensor *t, int axis, int64_t start, int64_t len,
                           pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < t->ndim; i++) {
        if (i == axis && len < 0) {
            continue;
        }
        shape[nd] = i == axis ? len : t->shape[i];
        strides[nd] = t->strides[i];
        nd++;
    }
    const bool empty = len == 0 || t->size == 0;
    return pc_tensor_restride(t, nd, shape, strides,
                              t->offset + (empty ? 0 : start * t->strides[axis]), out);
}

pc_status pc_topk(const pc_tensor *x, int64_t k, int axis, bool largest, pc_tensor **values,
                  pc_tensor **indices)
{
    pc_status st = check_axis("topk", x->ndim, &axis);
    if (st != PC_OK) {
        return st;
    }
    const int64_t extent = x->ndim == 0 ? 1 : x->shape[axis];
    if (k < 0 || k > extent) {
        return pc_error_set(PC_ERR_VALUE, "topk: k = %lld is out of range for an axis of "
                            "extent %lld", (long long)k, (long long)extent);
    }
    pc_tensor *v = NULL;
    pc_tensor *ix = NULL;
    st = pc_sort(x, axis, largest, &v, &ix);
    if (st == PC_OK && x->ndim > 0) {
        st = axis_view(v, axis, 0, k, values);
        if (st == PC_OK) {
            st = axis_view(ix, axis, 0, k, indices);
            if (st != PC_OK) {
                pc_tensor_free(*values);
            }
        }
    } else if (st == PC_OK) {
        *values = v;
        *indices = ix;
        return PC_OK;
    }
    pc_tensor_free(v);
    pc_tensor_free(ix);
    return st;
}

pc_status pc_kthvalue(const pc_tensor *x, int64_t k, int axis, bool keepdims,
                      pc_tensor **values, pc_tensor **indices)
{
    pc_status st = check_axis("kthvalue", x->ndim, &axis);
    if (st != PC_OK) {
        return st;
    }
    const int64_t extent = x->ndim == 0 ? 1 : x->shape[axis];
    if (k < 1 || k > extent) {
        return pc_error_set(PC_ERR_VALUE, "kthvalue: k = %lld is out of range [1, %lld]",
                            (long long)k, (long long)extent);
    }
    pc_tensor *v = NULL;
    pc_tensor *ix = NULL;
    st = pc_sort(x, axis, false, &v, &ix);
    if (st == PC_OK && x->ndim > 0) {
        const int64_t len = keepdims ? 1 : -1;
        st = axis_view(v, axis, k - 1, len, values);
        if (st == PC_OK) {
            st = axis_view(ix, axis, k - 1, len, indices);
            if (st != PC_OK) {
                pc_tensor_free(*values);
            }
        }
    } else if (st == PC_OK) {
        *values = v;
        *indices = ix;
        return PC_OK;
    }
    pc_tensor_free(v);
    pc_tensor_free(ix);
    return st;
}

pc_status pc_median(const pc_tensor *x, bool has_axis, int axis, bool keepdims, bool lower,
                    bool skip_nan, pc_tensor **out)
{
    const char *name = skip_nan ? "nanmedian" : "median";
    if (pc_dtype_kind(x->dtype) == PC_KIND_COMPLEX) {
        return pc_error_set(PC_ERR_TYPE, "%s is not defined for complex tensors (%s)", name,
                            pc_dtype_name(x->dtype));
    }
    const pc_dtype cast_to = lower ? PC_DTYPE_INVALID : pc_reduction_integer_cast(x->dtype);
    if (cast_to != PC_DTYPE_INVALID) {
        pc_tensor *xf = NULL;
        pc_status st = pc_astype(x, cast_to, true, &xf);
        if (st == PC_OK) {
            st = pc_median(xf, has_axis, axis, keepdims, lower, skip_nan, out);
        }
        pc_tensor_free(xf);
        return st;
    }
    pc_tensor *src = NULL;
    pc_status st;
    if (has_axis) {
        st = check_axis(name, x->ndim, &axis);
        if (st == PC_OK) {
            st = at_least_1d(x, &src);
        }
    } else {
        st = pc_flatten(x, &src);
        axis = 0;
    }
    pc_tensor *sorted = NULL;
    if (st == PC_OK) {
        st = pc_sort(src, axis, false, &sorted, NULL);
    }
    pc_tensor *res = NULL;
    int64_t shape[PC_MAX_NDIM];
    if (st == PC_OK) {
        for (int i = 0; i < sorted->ndim; i++) {
            shape[i] = i == axis ? 1 : sorted->shape[i];
        }
        const pc_dtype rdt = lower ? x->dtype : pc_reduction_result_dtype(PC_REDUCE_MEAN,
                                                                          x->dtype);
        st = pc_tensor_empty(sorted->ndim, shape, rdt, pc_tensor_device(x), &res);
    }
    if (st == PC_OK && res->size > 0) {
        const pc_median_params params = {axis, lower, skip_nan};
        const pc_tensor *in[1] = {sorted};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {1, 1, in, outs, &params};
        st = pc_dispatch_whole(PC_OP_MEDIAN, sorted->dtype, &args);
    }
    pc_tensor_free(sorted);
    pc_tensor_free(src);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    /* the result's shape: keepdims over x's axes, or without the reduced axis/axes */
    int64_t rshape[PC_MAX_NDIM];
    int64_t rstrides[PC_MAX_NDIM];
    int nd = 0;
    if (keepdims) {
        for (int i = 0; i < x->ndim; i++) {
            rshape[i] = (!has_axis || i == axis) ? 1 : x->shape[i];
            rstrides[i] = has_axis ? res->strides[i] : 0;
        }
        nd = x->ndim;
    } else if (has_axis) {
        for (int i = 0; i < x->ndim; i++) {
            if (i != axis) {
                rshape[nd] = x->shape[i];
                rstrides[nd] = res->strides[i];
                nd++;
            }
        }
    }
    st = pc_tensor_restride(res, nd, rshape, rstrides, res->offset, out);
    pc_tensor_free(res);
    return st;
}
