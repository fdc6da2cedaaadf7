/*
 * scan.c - cumulative sums and products: axis, dtype rules, include_initial, then one
 * whole-tensor kernel call (reduce_kernels.h).
 */
#include "dispatch.h"
#include "paddle_c/axis.h"
#include "paddle_c/manipulation.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"
#include "paddle_c/kernels/reduce_kernels.h"

pc_status pc_cumulative(bool prod, const pc_tensor *x, bool has_axis, int axis, pc_dtype dtype,
                        bool include_initial, pc_tensor **out)
{
    const char *name = prod ? "cumulative_prod" : "cumulative_sum";
    pc_tensor *flat = NULL;
    pc_tensor *cast = NULL;
    const pc_tensor *xin = x;
    pc_status st = PC_OK;
    if (!has_axis) {
        st = pc_flatten(x, &flat);
        if (st != PC_OK) {
            return st;
        }
        xin = flat;
        axis = 0;
    } else {
        st = pc_axis_normalize(name, axis, x->ndim, &axis);
        if (st != PC_OK) {
            return st;
        }
    }
    pc_dtype final_dtype = PC_DTYPE_INVALID;
    if (dtype != PC_DTYPE_INVALID) {
        if (dtype != xin->dtype && !(pc_dtype_is_exact(dtype) && pc_dtype_is_exact(xin->dtype))) {
            st = pc_astype(xin, dtype, true, &cast);
            if (st != PC_OK) {
                pc_tensor_free(flat);
                return st;
            }
            xin = cast;
        }
        final_dtype = dtype;
    }
    const pc_dtype rdt = pc_reduction_result_dtype(prod ? PC_REDUCE_PROD : PC_REDUCE_SUM,
                                                   xin->dtype);
    int64_t shape[PC_MAX_NDIM];
    for (int i = 0; i < xin->ndim; i++) {
        shape[i] = xin->shape[i] + (i == axis && include_initial ? 1 : 0);
    }
    pc_tensor *res = NULL;
    st = pc_tensor_empty(xin->ndim, shape, rdt, pc_tensor_device(xin), &res);
    if (st == PC_OK && res->size > 0) {
        const pc_scan_params params = {axis, include_initial};
        pc_tensor *outs[1] = {res};
        const pc_kernel_args args = {1, 1, &xin, outs, &params};
        st = pc_dispatch_whole(prod ? PC_OP_CUMPROD : PC_OP_CUMSUM, xin->dtype, &args);
    }
    pc_tensor_free(cast);
    pc_tensor_free(flat);
    if (st == PC_OK && final_dtype != PC_DTYPE_INVALID && final_dtype != rdt) {
        pc_tensor *conv;
        st = pc_astype(res, final_dtype, true, &conv);
        pc_tensor_free(res);
        res = st == PC_OK ? conv : NULL;
    }
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}
