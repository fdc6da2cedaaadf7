/*
 * reduce.c - the reduction engine: axes, result dtypes, empty inputs, the requested dtype and
 * keepdims, then one whole-tensor kernel call (reduce_kernels.h describes the contract).
 *
 * Not here: iteration and arithmetic (the backends' kernels, e.g. kernels/cpu/reduce.c).
 *
 * [Why kernels see a keepdims-shaped result] With x's number of dimensions and extent 1 on the
 * reduced axes, the result broadcasts against x, so a kernel can walk x and its accumulators
 * with one strided iterator. Dropping the axes afterwards (keepdims=False) is a free view.
 */
#include <string.h>

#include "dispatch.h"
#include "paddle_c/axis.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"
#include "paddle_c/kernels/reduce_kernels.h"

/* the kinds column of reductions.def: which dtypes a reduction is defined for */
enum { RD_KINDS_ALL, RD_KINDS_REAL, RD_KINDS_FLOAT };

typedef struct reduction_info {
    const char *name;
    int kinds;              /* RD_KINDS_*: another dtype is a TypeError */
    bool takes_dtype;       /* the dtype= argument is honoured */
    bool has_identity;      /* without one an empty reduction is an error (max, min) */
} reduction_info;

/* one row per row of reductions.def; its op is PC_OP_<ID>, at the same place in ops.def */
static const reduction_info reductions[PC_NUM_REDUCTIONS] = {
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, dtype, ident, ...)                    \
    [PC_REDUCE_##ID] = {#name, RD_KINDS_##kinds, dtype, ident},
#include "paddle_c/reductions.def"
#undef PC_RD
};

/* pc_reduction -> its op */
static const pc_op reduction_ops[PC_NUM_REDUCTIONS] = {
#define PC_RD(ID, ...) [PC_REDUCE_##ID] = PC_OP_##ID,
#include "paddle_c/reductions.def"
#undef PC_RD
};

const char *pc_reduction_name(pc_reduction r)
{
    return (int)r >= 0 && r < PC_NUM_REDUCTIONS ? reductions[r].name : "?";
}

pc_dtype pc_reduction_result_dtype(pc_reduction r, pc_dtype x)
{
    const pc_kind k = pc_dtype_kind(x);
    const bool integral = pc_dtype_is_exact(x);
    switch (r) {
    case PC_REDUCE_SUM:
    case PC_REDUCE_PROD:
    case PC_REDUCE_NANSUM:
    case PC_REDUCE_NANPROD:
        return k == PC_KIND_UINT ? PC_UINT64 : integral ? PC_INT64 : x;
    case PC_REDUCE_ALL:
    case PC_REDUCE_ANY:
        return PC_BOOL;
    case PC_REDUCE_COUNT_NONZERO:
        return PC_INT64;
    case PC_REDUCE_MEAN:
    case PC_REDUCE_NANMEAN:
    case PC_REDUCE_LOGSUMEXP:
        return integral ? PC_DEFAULT_FLOAT : x;
    case PC_REDUCE_VAR:
    case PC_REDUCE_STD:
    case PC_REDUCE_NANVAR:
    case PC_REDUCE_NANSTD:
        return integral ? PC_DEFAULT_FLOAT : pc_dtype_real_of(x);
    default:
        return x;
    }
}

/* Mark the axes to reduce (all of them when naxes < 0); PC_ERR_AXIS naming a bad or repeated
 * axis. */
static pc_status axes_mask(const char *name, int ndim, int naxes, const int *axes, bool *mask)
{
    for (int i = 0; i < ndim; i++) {
        mask[i] = naxes < 0;
    }
    for (int j = 0; j < naxes; j++) {
        const pc_status st = pc_axis_mark(name, axes[j], ndim, mask, NULL);
        if (st != PC_OK) {
            return st;
        }
    }
    return PC_OK;
}

/* A view of the keepdims-shaped `t` without the axes in `mask` (when !keepdims). Takes `t`. */
static pc_status squeeze_axes(pc_tensor *t, const bool *mask, bool keepdims, pc_tensor **out)
{
    if (keepdims) {
        *out = t;
        return PC_OK;
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < t->ndim; i++) {
        if (!mask[i]) {
            shape[nd] = t->shape[i];
            strides[nd] = t->strides[i];
            nd++;
        }
    }
    pc_status st = pc_tensor_restride(t, nd, shape, strides, t->offset, out);
    pc_tensor_free(t);
    return st;
}

pc_dtype pc_reduction_integer_cast(pc_dtype x)
{
    const pc_dtype f = PC_DEFAULT_FLOAT;
    return pc_dtype_is_exact(x) && f != PC_FLOAT32 ? f : PC_DTYPE_INVALID;
}

pc_status pc_reduce(pc_reduction r, const pc_tensor *x, int naxes, const int *axes,
                    bool keepdims, pc_dtype dtype, double correction, pc_tensor **out)
{
    if ((int)r < 0 || r >= PC_NUM_REDUCTIONS) {
        return pc_error_set(PC_ERR_VALUE, "unknown reduction %d", (int)r);
    }
    const reduction_info *info = &reductions[r];
    if (info->kinds != RD_KINDS_ALL && pc_dtype_kind(x->dtype) == PC_KIND_COMPLEX) {
        return pc_error_set(PC_ERR_TYPE, "%s is not defined for complex tensors (%s): complex "
                            "numbers have no order", info->name, pc_dtype_name(x->dtype));
    }
    if (info->kinds == RD_KINDS_FLOAT && !pc_dtype_is_floating(x->dtype)) {
        return pc_error_set(PC_ERR_TYPE, "%s is defined for floating tensors only, not %s",
                            info->name, pc_dtype_name(x->dtype));
    }
    if (dtype != PC_DTYPE_INVALID && !info->takes_dtype) {
        return pc_error_set(PC_ERR_VALUE, "%s does not take a dtype", info->name);
    }
    bool mask[PC_MAX_NDIM];
    pc_status st = axes_mask(info->name, x->ndim, naxes, axes, mask);
    if (st != PC_OK) {
        return st;
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t count = 1;
    int64_t osize = 1;
    for (int i = 0; i < x->ndim; i++) {
        shape[i] = mask[i] ? 1 : x->shape[i];
        count *= mask[i] ? x->shape[i] : 1;
        osize *= shape[i];
    }
    if (count == 0 && osize > 0 && !info->has_identity) {
        return pc_error_set(PC_ERR_VALUE, "%s of an empty tensor (or over an axis of extent 0) "
                            "has no value: the reduction has no identity", info->name);
    }

    /* [Why integer dtypes keep the kernel's accumulator] Sums and products of integers wrap
     * the same way in every width, so accumulating in (u)int64 and wrapping once at the end
     * equals casting first. Anything involving a float is cast first, as the standard says. */
    const pc_tensor *xin = x;
    pc_tensor *cast = NULL;
    pc_dtype final_dtype = PC_DTYPE_INVALID;
    if (dtype == PC_DTYPE_INVALID && pc_dtype_is_floating(pc_reduction_result_dtype(r, x->dtype))) {
        dtype = pc_reduction_integer_cast(x->dtype);
    }
    if (dtype != PC_DTYPE_INVALID) {
        if (dtype != x->dtype && !(pc_dtype_is_exact(dtype) && pc_dtype_is_exact(x->dtype))) {
            st = pc_astype(x, dtype, true, &cast);
            if (st != PC_OK) {
                return st;
            }
            xin = cast;
        }
        final_dtype = dtype;
    }
    const pc_dtype rdt = pc_reduction_result_dtype(r, xin->dtype);
    if (final_dtype == rdt) {
        final_dtype = PC_DTYPE_INVALID;
    }
    pc_tensor *res = NULL;
    st = pc_tensor_empty(x->ndim, shape, rdt, pc_tensor_device(x), &res);
    if (st == PC_OK && osize > 0) {
        const pc_reduce_params params = {correction, (int)r};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {1, 1, &xin, outs, &params};
        st = pc_dispatch_whole(reduction_ops[r], xin->dtype, &args);
    }
    pc_tensor_free(cast);
    if (st == PC_OK && final_dtype != PC_DTYPE_INVALID) {
        pc_tensor *conv;
        st = pc_astype(res, final_dtype, true, &conv);
        pc_tensor_free(res);
        res = st == PC_OK ? conv : NULL;
    }
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    return squeeze_axes(res, mask, keepdims, out);
}

static const pc_op arg_ops[] = {PC_OP_ARGMAX, PC_OP_ARGMIN, PC_OP_NANARGMAX, PC_OP_NANARGMIN};

pc_status pc_argreduce(pc_argreduction r, const pc_tensor *x, bool has_axis, int axis,
                       bool keepdims, pc_tensor **out)
{
    if ((int)r < 0 || (size_t)r >= sizeof arg_ops / sizeof arg_ops[0]) {
        return pc_error_set(PC_ERR_VALUE, "unknown arg-reduction %d", (int)r);
    }
    const pc_op op = arg_ops[r];
    const char *name = pc_op_name(op);
    if (pc_dtype_kind(x->dtype) == PC_KIND_COMPLEX) {
        return pc_error_set(PC_ERR_TYPE, "%s is not defined for complex tensors (%s): complex "
                            "numbers have no order", name, pc_dtype_name(x->dtype));
    }
    bool mask[PC_MAX_NDIM];
    int64_t shape[PC_MAX_NDIM];
    pc_tensor *flat = NULL;
    const pc_tensor *xin = x;
    pc_status st;
    if (has_axis) {
        st = axes_mask(name, x->ndim, 1, &axis, mask);
        if (st != PC_OK) {
            return st;
        }
        axis = axis < 0 ? axis + x->ndim : axis;
    }
    int64_t osize = 1;
    for (int i = 0; i < x->ndim; i++) {
        if (!has_axis) {
            mask[i] = true;
        }
        shape[i] = mask[i] ? 1 : x->shape[i];
        osize *= shape[i];
    }
    const int64_t extent = has_axis ? x->shape[axis] : x->size;
    if (extent == 0 && osize > 0) {
        return pc_error_set(PC_ERR_VALUE, "%s of an empty tensor (or over an axis of extent 0) "
                            "has no value", name);
    }
    if (!has_axis) {
        /* the flattened tensor in C order: a 1-D view, or a C-contiguous copy first */
        st = pc_flatten(x, &flat);
        if (st != PC_OK) {
            return st;
        }
        xin = flat;
        axis = 0;
    }
    pc_tensor *res = NULL;
    const int64_t one = 1;
    st = pc_tensor_empty(has_axis ? x->ndim : 1, has_axis ? shape : &one, PC_DEFAULT_INDEX,
                         pc_tensor_device(x), &res);
    if (st == PC_OK && osize > 0) {
        /* only the NaN forms have a data-dependent failure: the others need no word */
        const bool nan_form = op == PC_OP_NANARGMAX || op == PC_OP_NANARGMIN;
        pc_argreduce_params params = {axis, NULL};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {1, 1, &xin, outs, &params};
        pc_result_word w = {0};
        st = nan_form ? pc_dispatch_whole_result(op, xin->dtype, &args, &params.result, &w)
                      : pc_dispatch_whole(op, xin->dtype, &args);
        if (st == PC_OK && w.code != PC_OK) {
            st = pc_error_set(PC_ERR_VALUE, PC_MSG_ALL_NAN);
        }
    }
    pc_tensor_free(flat);
    if (st == PC_OK && !has_axis) {
        /* (1,) -> keepdims shape (1, ..., 1) of x; squeeze_axes drops them all otherwise */
        pc_tensor *v;
        int64_t strides[PC_MAX_NDIM];
        for (int i = 0; i < x->ndim; i++) {
            strides[i] = res->strides[0];
        }
        st = pc_tensor_restride(res, x->ndim, shape, strides, res->offset, &v);
        pc_tensor_free(res);
        res = st == PC_OK ? v : NULL;
    }
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    return squeeze_axes(res, mask, keepdims, out);
}
