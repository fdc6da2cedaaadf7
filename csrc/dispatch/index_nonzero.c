/*
 * index_nonzero.c - nonzero (indexing.h) and the count of a mask on the CPU (index_plan.h). The
 * count decides the result's shape: on a device it is the one read.
 */
#include "dispatch.h"
#include "index_plan.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/nonzero_walk.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"

/* The number of true elements of a bool tensor on the CPU: an odometer in C order. */
int64_t index_mask_count(const pc_tensor *mask)
{
    const int nd = mask->ndim;
    if (mask->size == 0) {
        return 0;
    }
    if (nd == 0) {
        return *(const uint8_t *)mask->data != 0;
    }
    int64_t idx[PC_MAX_NDIM] = {0};
    const char *m = mask->data;
    int64_t count = 0;
    const int64_t inner = mask->shape[nd - 1];
    const int64_t ms = mask->strides[nd - 1];
    for (;;) {
        if (ms == 1) {
            const uint8_t *restrict mm = (const uint8_t *)m;
            int64_t c = 0;
            for (int64_t j = 0; j < inner; j++) {
                c += mm[j] != 0;
            }
            count += c;
        } else {
            for (int64_t j = 0; j < inner; j++) {
                count += m[j * ms] != 0;
            }
        }
        if (!pc_mask_next_row(mask, idx, &m)) {
            return count;
        }
    }
}

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
