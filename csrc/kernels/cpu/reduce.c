/*
 * reduce.c - the CPU reduction driver and the registration of the reduction kernels, whose
 * per-dtype bodies live in reduce_impl.h.
 *
 * A reduction here is: one accumulator per output element (op-specific: a double with a
 * compensation term, a running maximum, a count...), an `init` over all accumulators, one or
 * two accumulation passes over x, and a `finish` that writes each accumulator into the result.
 *
 * [Why x and the accumulators share one iterator] The accumulators are laid out like the
 * result and given stride 0 on the reduced axes, so the ordinary strided iterator walks x in
 * memory order and hands each 1-D loop either a run of x that lands in a single accumulator
 * (accumulator stride 0: the "inner" case, reduced with SIMD lanes) or a run of x that lands
 * in consecutive accumulators (the "columnar" case: acc[j] += x[j], vectorised across j). Any
 * layout of x - transposed, negative strides, stepped - is handled without copying, and NumPy's
 * two reduction patterns fall out of the same code.
 *
 * Not here: axis handling and result dtypes (dispatch/reduce.c), arg-reductions
 * (argreduce.c). Kernels never touch Python.
 */
#include <stdlib.h>

#include "core/layout.h"
#include "dispatch/dispatch.h"
#include "dispatch/reduce_kernels.h"
#include "descriptor.h"
#include "dtype_params.h"
#include "reduce_driver.h"

pc_status pc_cpu_reduce_run(const pc_kernel_args *args, const pc_rd_fns *f)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_reduce_params *p = (const pc_reduce_params *)args->params;
    const int nd = x->ndim;
    if (out->size == 0) {
        return PC_OK;
    }
    const pc_rd_ctx rc = {x->size / out->size, p != NULL ? p->correction : 0.0};
    const pc_loop_ctx ctx = {&rc};

    /* accumulators in x's memory order over the kept axes, stride 0 on the reduced ones */
    int perm[PC_MAX_NDIM];
    int64_t acc_strides[PC_MAX_NDIM];
    int64_t acc_shape[PC_MAX_NDIM];
    pc_memory_order(1, &x, nd, x->shape, perm);
    int64_t s = (int64_t)f->acc_size;
    for (int i = nd - 1; i >= 0; i--) {
        const int ax = perm[i];
        acc_shape[ax] = out->shape[ax];
        acc_strides[ax] = out->shape[ax] == 1 ? 0 : s;
        s *= out->shape[ax];
    }
    _Alignas(64) char small[512];
    const size_t bytes = (size_t)out->size * f->acc_size;
    char *acc = small;
    if (bytes > sizeof small) {
        acc = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
        if (acc == NULL) {
            return pc_error_set(PC_ERR_MEMORY, "cannot allocate %zu bytes of accumulators",
                                bytes);
        }
    }
    pc_tensor accd;
    pc_cpu_descriptor(&accd, x, nd, acc_shape, acc_strides, acc);
    f->init(acc, out->size);

    pc_status st = PC_OK;
    if (x->size > 0) {
        const pc_tensor *ops[2] = {x, &accd};
        pc_iter it;
        st = pc_iter_init(&it, 2, ops, nd, x->shape, false);
        if (st == PC_OK) {
            st = pc_iter_run(&it, f->pass1, &ctx);
        }
        if (st == PC_OK && f->pass2 != NULL) {
            if (f->mid != NULL) {
                f->mid(acc, out->size, &rc);
            }
            st = pc_iter_run(&it, f->pass2, &ctx);
        }
    }
    if (st == PC_OK) {
        const pc_tensor *ops[2] = {&accd, out};
        pc_iter it;
        st = pc_iter_init(&it, 2, ops, nd, out->shape, false);
        if (st == PC_OK) {
            st = pc_iter_run(&it, f->finish, &ctx);
        }
    }
    if (acc != small) {
        free(acc);
    }
    return st;
}

#define PCK_BODY "reduce_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_reduce(void)
{
    /* a NULL pointer marks an op that does not apply to the dtype (max of complex) */
#define RD_REG(OP, fn, ID)                                                                     \
    if (fn##_##ID != NULL) {                                                                   \
        pc_kernel_register(PC_OP_##OP, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = fn##_##ID}); \
    }
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    RD_REG(SUM, rdk_sum, ID)                                                                   \
    RD_REG(PROD, rdk_prod, ID)                                                                 \
    RD_REG(MAX, rdk_max, ID)                                                                   \
    RD_REG(MIN, rdk_min, ID)                                                                   \
    RD_REG(ALL, rdk_all, ID)                                                                   \
    RD_REG(ANY, rdk_any, ID)                                                                   \
    RD_REG(MEAN, rdk_mean, ID)                                                                 \
    RD_REG(VAR, rdk_var, ID)                                                                   \
    RD_REG(STD, rdk_std, ID)                                                                   \
    RD_REG(COUNT_NONZERO, rdk_count_nonzero, ID)                                               \
    RD_REG(NANSUM, rdk_nansum, ID)                                                             \
    RD_REG(NANPROD, rdk_nanprod, ID)                                                           \
    RD_REG(NANMAX, rdk_nanmax, ID)                                                             \
    RD_REG(NANMIN, rdk_nanmin, ID)                                                             \
    RD_REG(NANMEAN, rdk_nanmean, ID)                                                           \
    RD_REG(NANVAR, rdk_nanvar, ID)                                                             \
    RD_REG(NANSTD, rdk_nanstd, ID)                                                             \
    RD_REG(LOGSUMEXP, rdk_logsumexp, ID)
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
#undef RD_REG
}
