/*
 * decomp_make.c - the ops that make values from positions, from the primitives: linspace from
 * arange's formula (start + i * step in double, rounded once: the range kernels compute both
 * the same way), tri (tril/triu) as a selection by the band j - i. decompose.c's rows name the
 * entry points.
 */
#include "decomp.h"
#include "paddle_c/ops.h"

pc_status dc_range_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    const pc_range_params *p = (const pc_range_params *)args->params;
    pc_tensor *out = args->out[0];
    const int64_t n = out->size;
    const pc_kind k = pc_dtype_kind(key);
    const bool exact = k == PC_KIND_FLOAT || k == PC_KIND_COMPLEX;
    /* integers and bool: the double values, saturated by the cast as the CPU's kernel does */
    pc_tensor *dst = exact ? out : (pc_tensor *)dc_empty(s, 1, &n, PC_FLOAT64);
    if (dst == NULL) {
        return s->st;
    }
    pc_tensor *outs[1] = {dst};
    const pc_kernel_args range = {0, 1, NULL, outs, p};
    pc_status st = pc_dispatch_whole(PC_OP_ARANGE, dst->dtype, &range);
    if (st == PC_OK && p->endpoint && n > 1) {
        pc_scalar stop;
        if (k == PC_KIND_COMPLEX) {
            stop.dtype = PC_COMPLEX128;
            stop.v.c.re = p->stop[0];
            stop.v.c.im = p->stop[1];
        } else {
            stop.dtype = PC_FLOAT64;
            stop.v.f = p->stop[0];
        }
        const pc_tensor *last = dc_slice(s, dst, 0, n - 1, 1);
        st = last != NULL ? pc_fill((pc_tensor *)last, &stop) : PC_OK;
    }
    if (st == PC_OK && dst != out) {
        dc_copy(s, out, dst);
    }
    return st != PC_OK ? st : s->st;
}

pc_status dc_tri_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    (void)key;
    const pc_tri_params *p = (const pc_tri_params *)args->params;
    pc_tensor *out = args->out[0];
    const int nd = out->ndim;
    const int64_t rows = out->shape[nd - 2];
    const int64_t cols = out->shape[nd - 1];
    if (out->size == 0) {
        return PC_OK;
    }
    const int64_t shape[2] = {rows, cols};
    const pc_tensor *i = dc_arange(s, rows, PC_INT64);
    const pc_tensor *j = dc_arange(s, cols, PC_INT64);
    if (i == NULL || j == NULL) {
        return s->st;
    }
    const int64_t is[2] = {i->strides[0], 0};
    const int64_t js[2] = {0, j->strides[0]};
    const pc_tensor *band = dc_ew2(s, PC_EW_SUBTRACT, dc_t(dc_view(s, j, 2, shape, js, j->offset)),
                                   dc_t(dc_view(s, i, 2, shape, is, i->offset)));
    const pc_tensor *keep = dc_ew2(s, p->upper ? PC_EW_GREATER_EQUAL : PC_EW_LESS_EQUAL,
                                   dc_t(band), dc_i(p->k));
    dc_copy(s, out, dc_where(s, keep, dc_t(out), dc_i(0)));
    return s->st;
}
