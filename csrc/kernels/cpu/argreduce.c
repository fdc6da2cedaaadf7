/*
 * argreduce.c - the CPU argmax/argmin kernels (argreduce_impl.h per real dtype) and their
 * driver: the outputs are walked with the strided iterator over x without the reduced axis,
 * and each 1-D loop either scans the reduced axis per output or, when the outputs' axis is the
 * faster one in memory, sweeps whole rows across a chunk of outputs (no transposed copy).
 */
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "paddle_c/kernels/result_word.h"
#include "descriptor.h"
#include "dtype_params.h"
#include "simd.h"


typedef struct ar_axis {
    int64_t n;          /* extent of the reduced axis */
    int64_t stride;     /* its byte stride in x */
    pc_result_word *result; /* where an All-NaN slice is reported on a device; NULL: fail */
} ar_axis;

static pc_status ar_run(const pc_kernel_args *args, pc_loop_fn loop)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_argreduce_params *p = (const pc_argreduce_params *)args->params;
    const int axis = p->axis;
    int64_t shape[PC_MAX_NDIM];
    int64_t xs[PC_MAX_NDIM];
    int64_t os[PC_MAX_NDIM];
    int nd = 0;
    for (int i = 0; i < x->ndim; i++) {
        if (i != axis) {
            shape[nd] = x->shape[i];
            xs[nd] = x->strides[i];
            os[nd] = out->strides[i];
            nd++;
        }
    }
    pc_tensor xd;
    pc_tensor od;
    pc_cpu_descriptor(&xd, x, nd, shape, xs, x->data);
    pc_cpu_descriptor(&od, out, nd, shape, os, out->data);
    const ar_axis ax = {x->shape[axis], x->strides[axis], p->result};
    const pc_loop_ctx ctx = {&ax};
    const pc_tensor *ops[2] = {&xd, &od};
    pc_iter it;
    pc_status st = pc_iter_init(&it, 2, ops, nd, shape, false);
    if (st != PC_OK) {
        return st;
    }
    return pc_iter_run(&it, loop, &ctx);
}

#define PCK_BODY "argreduce_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_argreduce(void)
{
#define AR_REG(OP, fn, ID)                                                                     \
    if (fn##_##ID != NULL) {                                                                   \
        pc_kernel_register(PC_OP_##OP, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = fn##_##ID}); \
    }
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    AR_REG(ARGMAX, ark_argmax, ID)                                                             \
    AR_REG(ARGMIN, ark_argmin, ID)                                                             \
    AR_REG(NANARGMAX, ark_nanargmax, ID)                                                       \
    AR_REG(NANARGMIN, ark_nanargmin, ID)
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
#undef AR_REG
}
