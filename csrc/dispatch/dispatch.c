/*
 * dispatch.c - from prepared operands to a kernel call: device check, kernel lookup, iterator
 * preparation, buffered casting, result words. The only file of the op layer that looks
 * kernels up.
 *
 * What happens before (argument parsing, promotion) belongs to the caller; what happens inside
 * the loops belongs to the kernels. Nothing here allocates for elementwise work on the CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/ops.h"

/* "cpu" or "name:index", as devices print in Python. */
static void device_text(pc_device dev, char *buf, size_t n)
{
    const pc_backend *b = pc_backend_get((pc_device_type)dev.type);
    if (dev.type == PC_DEVICE_CPU) {
        snprintf(buf, n, "cpu");
    } else {
        snprintf(buf, n, "%s:%d", b != NULL ? b->name : "?", (int)dev.index);
    }
}

static pc_status device_mismatch(pc_device a, pc_device b)
{
    char ta[64];
    char tb[64];
    device_text(a, ta, sizeof ta);
    device_text(b, tb, sizeof tb);
    return pc_error_set(PC_ERR_VALUE,
                        "operands are on different devices (%s and %s); move them to one "
                        "device first",
                        ta, tb);
}

/* Every non-NULL tensor of ops[0..n) on `dev` (the first one decides when *have is false). */
static pc_status join_devices(int n, const pc_tensor *const *ops, pc_device *dev, bool *have)
{
    for (int k = 0; k < n; k++) {
        if (ops[k] == NULL) {
            continue;
        }
        const pc_device d = pc_tensor_device(ops[k]);
        if (!*have) {
            *dev = d;
            *have = true;
        } else if (!pc_device_equal(d, *dev)) {
            return device_mismatch(*dev, d);
        }
    }
    return PC_OK;
}

pc_status pc_common_device(int n, const pc_tensor *const *ops, pc_device *out)
{
    pc_device dev = pc_device_cpu();
    bool have = false;
    pc_status st = join_devices(n, ops, &dev, &have);
    if (st == PC_OK) {
        *out = dev;
    }
    return st;
}

/* [Why the device check is here] Every kernel is reached through this file, so this is the
 * one place where operands meet a kernel: each tensor a kernel receives (operands, outputs and
 * the tensors its parameters point into, pc_kernel_args.uses) must be on the kernel's device,
 * or a host kernel would read device memory and a device kernel host memory. No operation can
 * skip the check, because none reaches a kernel any other way (tests/test_mixed_devices.py
 * checks that no other file looks a kernel up). */
static pc_status args_device(const pc_kernel_args *args, pc_device *dev)
{
    bool have = false;
    *dev = pc_device_cpu();
    pc_status st = join_devices(args->nout, (const pc_tensor *const *)args->out, dev, &have);
    if (st == PC_OK) {
        st = join_devices(args->nin, args->in, dev, &have);
    }
    if (st == PC_OK) {
        st = join_devices(args->nuses, args->uses, dev, &have);
    }
    if (st == PC_OK && !have) {
        st = pc_error_set(PC_ERR_RUNTIME, "a whole-tensor kernel call without tensors");
    }
    return st;
}

pc_status pc_dispatch_kernel(pc_op op, pc_dtype dtype, int n, const pc_tensor *const *ops,
                             const pc_kernel **out)
{
    pc_device dev;
    pc_status st = pc_common_device(n, ops, &dev);
    if (st != PC_OK) {
        return st;
    }
    *out = pc_kernel_get(op, dev, dtype);
    return *out != NULL ? PC_OK : PC_ERR_NOTIMPL;
}

/* [Why converting loads on devices] Device kernels run a whole iteration in one launch, so
 * they cannot convert chunks through a buffer as the host's buffered iterator does. A device
 * slot that converts on load and store (pc_kernel.converts: the launcher reads each marked
 * operand in its own dtype and converts element by element) gets the operands as they are,
 * marked in pc_iter.convert: no whole-tensor temporary. Only slots without it (raw launches
 * such as where, vecdot, cross on GPUs) still have operands of another dtype converted into
 * temporaries first (and outputs converted back). */
static void mark_conversions(pc_iter *it, int nin, const pc_dtype *dtypes,
                             const pc_tensor *const *ops)
{
    it->nin = nin;
    it->convert = 0;
    for (int i = 0; i < it->nop; i++) {
        it->dtype[i] = (unsigned char)ops[i]->dtype;
        it->compute[i] = (unsigned char)dtypes[i];
        it->convert |= ops[i]->dtype != dtypes[i] ? 1u << i : 0u;
    }
}

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
        st = i < nin ? pc_tensor_empty_like_layout(ops[i]->ndim, ops[i]->shape, want,
                                                   pc_tensor_device(ops[i]), 1, &ops[i], &tmp[i])
                     : pc_tensor_empty(ndim, shape, want, pc_tensor_device(ops[i]), &tmp[i]);
        if (st == PC_OK && i < nin) {
            st = pc_dispatch_cast(tmp[i], ops[i]);
        }
        use[i] = tmp[i];
    }
    if (st == PC_OK) {
        st = pc_dispatch_elementwise_typed(op, key, nin, nop, dtypes, use, ndim, shape, params);
    }
    for (int i = nin; i < nop && st == PC_OK; i++) {
        if (tmp[i] != NULL) {
            st = pc_dispatch_cast((pc_tensor *)ops[i], tmp[i]);
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
    if (k->composite != NULL) {
        const pc_ew_call call = {op, key, nin, nop, dtypes, ops, ndim, shape, params, k};
        return k->composite(&call);
    }
    pc_iter it;
    st = pc_iter_init(&it, nop, ops, ndim, shape, false);
    if (st != PC_OK) {
        return st;
    }
    const pc_loop_ctx ctx = {params, k};

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
        if (any_cast && !k->converts) {
            return run_with_temporaries(op, key, nin, nop, dtypes, ops, ndim, shape, params);
        }
        if (any_cast) {
            mark_conversions(&it, nin, dtypes, ops);
        }
        return k->iter(&it, &ctx);
    }
    if (k->loop == NULL) {
        return pc_error_set(PC_ERR_NOTIMPL, "'%s' has no elementwise loop", pc_op_name(op));
    }
    if (any_cast) {
        return pc_iter_run_parallel(&it, k->loop, &ctx, &casts);
    }
    return pc_iter_run_parallel(&it, k->loop, &ctx, NULL);
}

pc_status pc_dispatch_cast(pc_tensor *dst, const pc_tensor *src)
{
    const pc_tensor *ops[2] = {src, dst};
    pc_device dev;
    pc_status st = pc_common_device(2, ops, &dev);
    if (st != PC_OK) {
        return st;
    }
    const pc_kernel *cast = pc_cast_get(dev, src->dtype, dst->dtype);
    if (cast == NULL) {
        return PC_ERR_NOTIMPL;
    }
    pc_iter it;
    st = pc_iter_init(&it, 2, ops, dst->ndim, dst->shape, false);
    if (st != PC_OK) {
        return st;
    }
    const pc_loop_ctx ctx = {NULL, cast};
    if (cast->iter != NULL) {
        return cast->iter(&it, &ctx);
    }
    return pc_iter_run_parallel(&it, cast->loop, &ctx, NULL);
}

pc_status pc_dispatch_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args)
{
    pc_device dev;
    pc_status st = args_device(args, &dev);
    if (st != PC_OK) {
        return st;
    }
    const pc_kernel *k = pc_kernel_get(op, dev, dtype);
    if (k == NULL) {
        return PC_ERR_NOTIMPL;
    }
    if (k->whole == NULL) {
        return pc_error_set(PC_ERR_NOTIMPL, "'%s' has no whole-tensor kernel", pc_op_name(op));
    }
    pc_kernel_args run = *args;
    run.kernel = k;
    return k->whole(&run);
}

pc_status pc_dispatch_whole_result(pc_op op, pc_dtype dtype, const pc_kernel_args *args,
                                   pc_result_word **word, pc_result_word *result)
{
    memset(result, 0, sizeof *result);
    *word = NULL;
    pc_device dev;
    pc_status st = args_device(args, &dev);
    if (st == PC_OK) {
        st = pc_device_result_take(dev, word);
    }
    if (st == PC_OK) {
        st = pc_dispatch_whole(op, dtype, args);
    }
    if (st == PC_OK && *word != NULL) {
        st = pc_device_result_read(dev, *word, result);
    }
    pc_device_result_give(dev, *word);
    *word = NULL;
    return st;
}
