/*
 * linalg_util.c - helpers of the core's linear-algebra functions (see linalg_util.h).
 */
#include <limits.h>

#include "linalg_util.h"
#include "paddle_c/ops.h"

pc_status pc_la_floating(const char *fname, pc_dtype in, pc_dtype *compute, pc_dtype *result)
{
    switch (pc_dtype_kind(in)) {
    case PC_KIND_BOOL:
        return pc_error_set(PC_ERR_TYPE, "%s: expected a floating-point tensor, got bool",
                            fname);
    case PC_KIND_INT:
    case PC_KIND_UINT:
        *compute = PC_FLOAT32;
        *result = PC_FLOAT32;
        return PC_OK;
    default:
        *compute = (in == PC_FLOAT16 || in == PC_BFLOAT16) ? PC_FLOAT32 : in;
        *result = in;
        return PC_OK;
    }
}

pc_status pc_la_check_matrix(const char *fname, const pc_tensor *x, bool square)
{
    if (x->ndim < 2) {
        return pc_error_set(PC_ERR_VALUE,
                            "%s: expected a tensor of at least 2 dimensions (a stack of "
                            "matrices), got %d",
                            fname, x->ndim);
    }
    const int64_t m = x->shape[x->ndim - 2];
    const int64_t n = x->shape[x->ndim - 1];
    if (square && m != n) {
        return pc_error_set(PC_ERR_VALUE,
                            "%s: expected square matrices, got shape (..., %lld, %lld)", fname,
                            (long long)m, (long long)n);
    }
    if (m > INT_MAX || n > INT_MAX || m * n > INT_MAX) {
        return pc_error_set(PC_ERR_VALUE, "%s: matrices of %lld x %lld are too large for LAPACK",
                            fname, (long long)m, (long long)n);
    }
    return PC_OK;
}

pc_status pc_la_batch_view(const pc_tensor *t, int ncore, int nb, const int64_t *batch,
                           pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    const int tb = t->ndim - ncore;
    if (nb + ncore > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", nb + ncore,
                            PC_MAX_NDIM);
    }
    for (int d = 0; d < nb; d++) {
        const int src = d - (nb - tb);
        shape[d] = batch[d];
        strides[d] = (src >= 0 && t->shape[src] == batch[d]) ? t->strides[src] : 0;
    }
    for (int c = 0; c < ncore; c++) {
        shape[nb + c] = t->shape[tb + c];
        strides[nb + c] = t->strides[tb + c];
    }
    return pc_tensor_restride(t, nb + ncore, shape, strides, t->offset, out);
}

pc_status pc_la_empty(int nb, const int64_t *batch, int64_t rows, int64_t cols, pc_dtype dtype,
                      pc_device device, bool fortran, pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    if (nb + 2 > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "too many dimensions: %d (at most %d)", nb + 2,
                            PC_MAX_NDIM);
    }
    for (int d = 0; d < nb; d++) {
        shape[d] = batch[d];
    }
    shape[nb] = fortran ? cols : rows;
    shape[nb + 1] = fortran ? rows : cols;
    pc_tensor *t;
    pc_status st = pc_tensor_empty(nb + 2, shape, dtype, device, &t);
    if (st != PC_OK) {
        return st;
    }
    if (!fortran) {
        *out = t;
        return PC_OK;
    }
    int64_t strides[PC_MAX_NDIM];
    for (int d = 0; d < nb; d++) {
        strides[d] = t->strides[d];
    }
    shape[nb] = rows;
    shape[nb + 1] = cols;
    strides[nb] = t->strides[nb + 1];
    strides[nb + 1] = t->strides[nb];
    st = pc_tensor_restride(t, nb + 2, shape, strides, t->offset, out);
    pc_tensor_free(t);
    return st;
}

pc_status pc_la_cast_result(pc_tensor **t, pc_dtype dtype)
{
    if ((*t)->dtype == dtype) {
        return PC_OK;
    }
    pc_tensor *c;
    pc_status st = pc_astype(*t, dtype, true, &c);
    pc_tensor_free(*t);
    *t = st == PC_OK ? c : NULL;
    return st;
}

pc_status pc_la_reshape(const pc_tensor *t, int ndim, const int64_t *shape, pc_tensor **out)
{
    return pc_tensor_restride(t, ndim, shape, NULL, t->offset, out);
}
