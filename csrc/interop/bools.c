/*
 * bools.c - bool data in memory paddle_c did not write, checked and normalised (bools.h).
 *
 * [Why bool bytes are normalised where memory comes in] A paddle_c bool is one byte holding 0
 * or 1, and the kernels rely on it: sums and counts add the bytes, logical_not and bitwise ops
 * flip bit 0, casts copy the byte, sorting and unique compare whole bytes, C reads them as
 * _Bool (a byte of 2 is undefined behaviour). Memory that paddle_c writes always holds 0 or 1.
 * Memory it imports may not: memoryview.cast('?') and np.frombuffer(dtype=bool) of arbitrary
 * bytes, a DLPack producer, a crafted pickle. There are two ways to give such data one meaning
 * (NumPy's: any non-zero byte is True): make every bool read on every backend compare with 0,
 * or normalise once where the memory comes in. We normalise at the boundary: the check is one
 * pass over the bytes of an imported bool tensor (no cost for any other dtype, and none in the
 * kernels), the kernels keep their 0/1 invariant, and the rule lives in this one file instead
 * of in every bool kernel of every backend. Data that holds only 0 and 1 - everything written
 * by NumPy, PyTorch or paddle_c itself - is still shared without a copy; other data is copied
 * as x != 0 (or refused where the caller asked for no copy). Bytes written later through
 * another library's alias of shared memory are that library's writes: docs/dtypes.md states
 * the contract; the mask kernels, where a byte decides a memory offset, read `!= 0` anyway.
 */
#include <string.h>

#include "interop/bools.h"
#include "paddle_c/ops.h"

/* 1 when a byte of the host tensor `t` (dtype bool, viewed bytewise) is neither 0 nor 1. */
static bool host_has_other_bytes(const pc_tensor *t)
{
    const int nd = t->ndim;
    const int64_t inner = nd > 0 ? t->shape[nd - 1] : 1;
    const int64_t step = nd > 0 ? t->strides[nd - 1] : 1;
    int64_t idx[PC_MAX_NDIM] = {0};
    const char *row = t->data;
    for (;;) {
        uint8_t acc = 0;
        if (step == 1) {
            const uint8_t *p = (const uint8_t *)row;
            for (int64_t j = 0; j < inner; j++) {
                acc |= p[j];
            }
        } else {
            for (int64_t j = 0; j < inner; j++) {
                acc |= (uint8_t)row[j * step];
            }
        }
        if (acc > 1) {
            return true;
        }
        int d = nd - 2;
        for (; d >= 0; d--) {
            row += t->strides[d];
            if (++idx[d] < t->shape[d]) {
                break;
            }
            row -= idx[d] * t->strides[d];
            idx[d] = 0;
        }
        if (d < 0) {
            return false;
        }
    }
}

pc_status pc_bools_imported(const pc_tensor *t, bool allow_copy, pc_tensor **out)
{
    *out = NULL;
    if (t->dtype != PC_BOOL || t->size == 0) {
        return PC_OK;
    }
    /* the same bytes as uint8, whose cast to bool is x != 0 on every backend */
    pc_tensor *bytes;
    pc_status st = pc_tensor_view_new(t->storage, PC_UINT8, t->offset, t->ndim, t->shape,
                                      t->strides, &bytes);
    if (st != PC_OK) {
        return st;
    }
    bool other = false;
    if (pc_tensor_device(t).type == PC_DEVICE_CPU) {
        other = host_has_other_bytes(bytes);
    } else {
        pc_tensor *host;
        st = pc_to_device(bytes, pc_device_cpu(), &host);
        if (st == PC_OK) {
            other = host_has_other_bytes(host);
            pc_tensor_free(host);
        }
    }
    if (st == PC_OK && other && !allow_copy) {
        st = pc_error_set(PC_ERR_BUFFER, "the bool data holds bytes other than 0 and 1; "
                          "normalising them (as x != 0) needs a copy");
    } else if (st == PC_OK && other) {
        st = pc_astype(bytes, PC_BOOL, true, out);
    }
    pc_tensor_free(bytes);
    return st;
}
