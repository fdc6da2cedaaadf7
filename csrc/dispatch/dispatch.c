/*
 * dispatch.c - from prepared operands to a kernel call: device check, kernel lookup, iterator
 * preparation, buffered casting, contiguous fast path.
 *
 * What happens before (argument parsing, promotion) belongs to the caller; what happens inside
 * the loops belongs to the kernels. Nothing here allocates for elementwise work on the CPU.
 */
#include <stdlib.h>

#include "dispatch.h"
#include "paddle_c/cpu_isa.h"
#include "paddle_c/ops.h"

const pc_backend *pc_cpu_backend(void);
#ifdef PC_WITH_CUDA
void pc_cuda_backend_init(void);
void pc_cuda_register_kernels(void);
#endif

void pc_backends_init(void)
{
    (void)pc_backend_register(pc_cpu_backend());
#ifdef PC_WITH_CUDA
    pc_cuda_backend_init();
#endif
}

void pc_dispatch_init(void)
{
    pc_cpu_register_kernels();
#ifdef PC_WITH_CUDA
    pc_cuda_register_kernels();
#endif
}

pc_status pc_init(void)
{
    static int done = 0;
    /* the CPU kernels' variant is chosen before the table is filled; a bad PADDLE_C_ISA fails
     * every import attempt with the same message */
    const pc_status st = pc_cpu_isa_select();
    if (st != PC_OK) {
        return st;
    }
    if (__atomic_exchange_n(&done, 1, __ATOMIC_ACQ_REL) == 0) {
        pc_backends_init();
        pc_dispatch_init();
    }
    return PC_OK;
}

pc_status pc_common_device(int n, const pc_tensor *const *ops, pc_device *out)
{
    pc_device dev = pc_device_cpu();
    for (int k = 0; k < n; k++) {
        const pc_device d = pc_tensor_device(ops[k]);
        if (k == 0) {
            dev = d;
        } else if (!pc_device_equal(d, dev)) {
            const pc_backend *a = pc_backend_get((pc_device_type)dev.type);
            const pc_backend *b = pc_backend_get((pc_device_type)d.type);
            return pc_error_set(PC_ERR_VALUE,
                                "operands are on different devices (%s:%d and %s:%d); move "
                                "them to one device first",
                                a ? a->name : "?", (int)dev.index, b ? b->name : "?",
                                (int)d.index);
        }
    }
    *out = dev;
    return PC_OK;
}

/* True when every operand is walked with its item size in a single 1-D loop. */
static bool all_contiguous(const pc_iter *it, const pc_tensor *const *ops)
{
    if (it->ndim > 1) {
        return false;
    }
    if (it->ndim == 0) {
        return true;
    }
    for (int k = 0; k < it->nop; k++) {
        if (it->strides[0][k] != pc_dtype_itemsize(ops[k]->dtype)) {
            return false;
        }
    }
    return true;
}

/* [Why temporaries on devices] Device kernels run a whole iteration in one launch, so they
 * cannot convert chunks on the fly as the host's buffered iterator does: operands of another
 * dtype are converted into temporaries first (and outputs converted back). */
static pc_status run_with_temporaries(pc_op op, pc_dtype key, int nin, int nop,
                                      const pc_dtype *dtypes, const pc_tensor *const *ops,
                                      int ndim, const int64_t *shape, const void *params)
{
    pc_tensor *tmp[PC_ITER_MAX_OPERANDS] = {NULL};
    const pc_tensor *use[PC_ITER_MAX_OPERANDS];
    pc_status st = PC_OK;
    for (int i = 0; i < nop && st == PC_OK; i++) {
        const pc_dtype want = dtypes[i];
        use[i] = ops[i];
        if (ops[i]->dtype == want) {
            continue;
        }
        st = i < nin ? pc_astype(ops[i], want, true, &tmp[i])
                     : pc_tensor_empty(ndim, shape, want, pc_tensor_device(ops[i]), &tmp[i]);
        use[i] = tmp[i];
    }
    if (st == PC_OK) {
        st = pc_dispatch_elementwise_typed(op, key, nin, nop, dtypes, use, ndim, shape, params);
    }
    for (int i = nin; i < nop && st == PC_OK; i++) {
        if (tmp[i] != NULL) {
            st = pc_copy_into((pc_tensor *)ops[i], tmp[i]);
        }
    }
    for (int i = 0; i < nop; i++) {
        pc_tensor_free(tmp[i]);
    }
    return st;
}

pc_status pc_dispatch_elementwise(pc_op op, pc_dtype compute, pc_dtype out_dtype, int nin,
                                  int nop, const pc_tensor *const *ops, int ndim,
                                  const int64_t *shape, const void *params)
{
    if (nop < 1 || nop > PC_ITER_MAX_OPERANDS) {
        return pc_error_set(PC_ERR_VALUE, "iteration over %d operands (at most %d)", nop,
                            PC_ITER_MAX_OPERANDS);
    }
    pc_dtype dtypes[PC_ITER_MAX_OPERANDS];
    for (int i = 0; i < nop; i++) {
        dtypes[i] = i < nin ? compute : out_dtype;
    }
    return pc_dispatch_elementwise_typed(op, compute, nin, nop, dtypes, ops, ndim, shape,
                                         params);
}

pc_status pc_dispatch_elementwise_typed(pc_op op, pc_dtype key, int nin, int nop,
                                        const pc_dtype *dtypes, const pc_tensor *const *ops,
                                        int ndim, const int64_t *shape, const void *params)
{
    pc_device dev;
    pc_status st = pc_common_device(nop, ops, &dev);
    if (st != PC_OK) {
        return st;
    }
    const pc_kernel *k = pc_kernel_get(op, dev, key);
    if (k == NULL) {
        return PC_ERR_NOTIMPL;
    }
    for (int i = nin; i < nop; i++) {
        if (ops[i]->flags & PC_FLAG_READONLY) {
            return pc_error_set(PC_ERR_VALUE, "cannot write to a read-only tensor");
        }
    }
    pc_iter it;
    st = pc_iter_init(&it, nop, ops, ndim, shape, false);
    if (st != PC_OK) {
        return st;
    }
    const pc_loop_ctx ctx = {params};

    pc_iter_casts casts = {.nin = nin};
    bool any_cast = false;
    for (int i = 0; i < nop; i++) {
        const pc_dtype want = dtypes[i];
        casts.cast[i] = NULL;
        casts.itemsize[i] = pc_dtype_itemsize(want);
        if (ops[i]->dtype != want) {
            const pc_kernel *c = i < nin ? pc_cast_get(dev, ops[i]->dtype, want)
                                         : pc_cast_get(dev, want, ops[i]->dtype);
            if (c == NULL) {
                return PC_ERR_NOTIMPL;
            }
            casts.cast[i] = c->loop;
            any_cast = true;
        }
    }

    if (k->iter != NULL) {
        return any_cast ? run_with_temporaries(op, key, nin, nop, dtypes, ops, ndim, shape,
                                               params)
                        : k->iter(&it, &ctx);
    }
    if (k->loop == NULL) {
        return pc_error_set(PC_ERR_NOTIMPL, "'%s' has no elementwise loop", pc_op_name(op));
    }
    if (any_cast) {
        return pc_iter_run_parallel(&it, k->loop, &ctx, &casts);
    }
    const bool contiguous = k->contiguous != NULL && all_contiguous(&it, ops);
    return pc_iter_run_parallel(&it, contiguous ? k->contiguous : k->loop, &ctx, NULL);
}

pc_status pc_dispatch_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args)
{
    const pc_tensor *first = args->nout > 0 ? args->out[0] : args->in[0];
    const pc_kernel *k = pc_kernel_get(op, pc_tensor_device(first), dtype);
    if (k == NULL) {
        return PC_ERR_NOTIMPL;
    }
    if (k->whole == NULL) {
        return pc_error_set(PC_ERR_NOTIMPL, "'%s' has no whole-tensor kernel", pc_op_name(op));
    }
    return k->whole(args);
}
