/*
 * median.c - the CPU MEDIAN kernel (median_impl.h per real dtype): picks the middle of each
 * lane of an already sorted tensor, walking the lanes with the strided iterator.
 */
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "descriptor.h"
#include "dtype_params.h"

typedef struct md_lanes {
    int64_t len;    /* lane length */
    int64_t sx;     /* its stride */
    bool lower;
    bool skip_nan;
} md_lanes;

static pc_status md_run(const pc_kernel_args *args, pc_loop_fn loop)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_median_params *p = (const pc_median_params *)args->params;
    int64_t shape[PC_MAX_NDIM];
    int64_t xs[PC_MAX_NDIM];
    int64_t os[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (i != p->axis) {
            shape[nd] = x->shape[i];
            xs[nd] = x->strides[i];
            os[nd] = out->strides[i];
            nd++;
        }
    }
    const md_lanes l = {x->shape[p->axis], x->strides[p->axis], p->lower, p->skip_nan};
    pc_tensor xd;
    pc_tensor od;
    pc_cpu_descriptor(&xd, x, nd, shape, xs, x->data);
    pc_cpu_descriptor(&od, out, nd, shape, os, out->data);
    const pc_tensor *ops[2] = {&xd, &od};
    const pc_loop_ctx ctx = {&l};
    pc_iter it;
    pc_status st = pc_iter_init(&it, 2, ops, nd, shape, false);
    if (st != PC_OK) {
        return st;
    }
    return pc_iter_run(&it, loop, &ctx);
}

#define PCK_BODY "median_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_median(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    if (mdk_median_##ID != NULL) {                                                             \
        pc_kernel_register(PC_OP_MEDIAN, PC_DEVICE_CPU, PC_##ID,                               \
                           (pc_kernel){.whole = mdk_median_##ID});                           \
    }
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
