/*
 * linalg.c - the core's LAPACK-backed functions (cholesky, inv, solve, det, slogdet, qr, eigh,
 * eig, svd) and the diagonal view. Here: dtype rules, shape checks, allocation of results in
 * the layout each kernel wants (dispatch/linalg_kernels.h), copying inputs into the buffers
 * that LAPACK overwrites, and casting results back for float16/bfloat16. The numerical work is
 * in the kernels.
 *
 * Ownership: temporaries are freed on each function's single exit path; on success the
 * results belong to the caller, on failure nothing is returned.
 */
#include <string.h>

#include "dispatch.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "linalg_util.h"
#include "paddle_c/linalg.h"
#include "paddle_c/ops.h"

pc_status pc_diagonal(const pc_tensor *x, int64_t offset, pc_tensor **out)
{
    if (x->ndim < 2) {
        return pc_error_set(PC_ERR_VALUE,
                            "diagonal: expected a tensor of at least 2 dimensions, got %d",
                            x->ndim);
    }
    const int nd = x->ndim;
    const int64_t rows = x->shape[nd - 2];
    const int64_t cols = x->shape[nd - 1];
    int64_t len;
    int64_t start;
    if (offset >= 0) {
        len = offset >= cols ? 0 : (rows < cols - offset ? rows : cols - offset);
        start = offset * x->strides[nd - 1];
    } else {
        len = -offset >= rows ? 0 : (rows + offset < cols ? rows + offset : cols);
        start = -offset * x->strides[nd - 2];
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    memcpy(shape, x->shape, (size_t)(nd - 2) * sizeof(int64_t));
    memcpy(strides, x->strides, (size_t)(nd - 2) * sizeof(int64_t));
    shape[nd - 2] = len;
    strides[nd - 2] = x->strides[nd - 2] + x->strides[nd - 1];
    return pc_tensor_restride(x, nd - 1, shape, strides, x->offset + (x->size > 0 && len > 0 ? start : 0), out);
}

/* The input converted to the compute dtype (an alias when it already is). */
static pc_status prepare(const char *fname, const pc_tensor *x, bool square, pc_dtype *compute,
                         pc_dtype *result, pc_tensor **cx)
{
    pc_status st = pc_la_floating(fname, x->dtype, compute, result);
    if (st == PC_OK) {
        st = pc_la_check_matrix(fname, x, square);
    }
    if (st == PC_OK) {
        st = pc_astype(x, *compute, false, cx);
    }
    return st;
}

/* Kernels that overwrite a C-layout copy of x in place (CHOLESKY, INV). `word` is the result
 * word field of `params` (pc_dispatch_whole_result); a failure reported through it is left in
 * *outcome (code != PC_OK, nothing in *out) for the caller to raise. */
static pc_status in_place(const char *fname, pc_op op, const pc_tensor *x, const void *params,
                          pc_result_word **word, pc_result_word *outcome, pc_tensor **out)
{
    memset(outcome, 0, sizeof *outcome);
    pc_dtype compute;
    pc_dtype result;
    pc_status st = pc_la_floating(fname, x->dtype, &compute, &result);
    if (st == PC_OK) {
        st = pc_la_check_matrix(fname, x, true);
    }
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *a;
    st = pc_tensor_empty(x->ndim, x->shape, compute, pc_tensor_device(x), &a);
    if (st != PC_OK) {
        return st;
    }
    st = pc_copy_into(a, x);
    if (st == PC_OK) {
        pc_tensor *outs[1] = {a};
        const pc_kernel_args args = {0, 1, NULL, outs, params};
        st = pc_dispatch_whole_result(op, compute, &args, word, outcome);
        st = st != PC_OK ? st : (pc_status)outcome->code;
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&a, result);
    } else {
        pc_tensor_free(a);
    }
    if (st == PC_OK) {
        *out = a;
    }
    return st;
}

pc_status pc_cholesky(const pc_tensor *x, bool upper, pc_tensor **out)
{
    pc_cholesky_params p = {upper, NULL};
    pc_result_word w;
    pc_status st = in_place("cholesky", PC_OP_CHOLESKY, x, &p, &p.result, &w, out);
    return w.code != PC_OK ? pc_error_set(PC_ERR_VALUE, PC_MSG_CHOLESKY_NOT_PD, (int)w.value)
                           : st;
}

pc_status pc_inv(const pc_tensor *x, pc_tensor **out)
{
    pc_singular_params p = {NULL};
    pc_result_word w;
    pc_status st = in_place("inv", PC_OP_INV, x, &p, &p.result, &w, out);
    return w.code != PC_OK ? pc_error_set(PC_ERR_VALUE, PC_MSG_INV_SINGULAR) : st;
}

pc_status pc_solve(const pc_tensor *a, const pc_tensor *b, pc_tensor **out)
{
    pc_dtype dt;
    pc_status st = pc_promote_checked(a->dtype, b->dtype, &dt);
    pc_dtype compute;
    pc_dtype result;
    if (st == PC_OK) {
        st = pc_la_floating("solve", dt, &compute, &result);
    }
    if (st == PC_OK) {
        st = pc_la_check_matrix("solve", a, true);
    }
    if (st != PC_OK) {
        return st;
    }
    const int64_t n = a->shape[a->ndim - 1];
    const bool vec = b->ndim == 1;
    if (b->ndim == 0 || (vec ? b->shape[0] : b->shape[b->ndim - 2]) != n) {
        char sa[256];
        char sb[256];
        pc_shape_format(a->ndim, a->shape, sa, sizeof sa);
        pc_shape_format(b->ndim, b->shape, sb, sizeof sb);
        return pc_error_set(PC_ERR_VALUE,
                            "solve: x2 of shape %s does not match x1 of shape %s (expected "
                            "(%lld,) or (..., %lld, K))",
                            sb, sa, (long long)n, (long long)n);
    }
    int nb;
    int64_t batch[PC_MAX_NDIM];
    if (vec) {
        nb = a->ndim - 2;
        memcpy(batch, a->shape, (size_t)nb * sizeof(int64_t));
    } else {
        st = pc_shape_broadcast(a->ndim - 2, a->shape, b->ndim - 2, b->shape, &nb, batch);
        if (st != PC_OK) {
            return st;
        }
    }
    const int64_t k = vec ? 1 : b->shape[b->ndim - 1];
    pc_tensor *ca = NULL;
    pc_tensor *va = NULL;
    pc_tensor *vb = NULL;
    pc_tensor *bcol = NULL;
    pc_tensor *x = NULL;
    pc_tensor *r = NULL;
    st = pc_astype(a, compute, false, &ca);
    if (st == PC_OK) {
        st = pc_la_batch_view(ca, 2, nb, batch, &va);
    }
    if (st == PC_OK && vec) {
        const int64_t shape[2] = {n, 1};
        const int64_t strides[2] = {b->strides[0], 0};
        st = pc_tensor_restride(b, 2, shape, strides, b->offset, &bcol);
    }
    if (st == PC_OK) {
        st = pc_la_batch_view(vec ? bcol : b, 2, nb, batch, &vb);
    }
    if (st == PC_OK) {
        st = pc_la_empty(nb, batch, n, k, compute, pc_tensor_device(a), true, &x);
    }
    if (st == PC_OK) {
        st = pc_copy_into(x, vb);
    }
    if (st == PC_OK) {
        const pc_tensor *ins[1] = {va};
        pc_tensor *outs[1] = {x};
        pc_singular_params p = {NULL};
        const pc_kernel_args args = {1, 1, ins, outs, &p};
        pc_result_word w;
        st = pc_dispatch_whole_result(PC_OP_SOLVE, compute, &args, &p.result, &w);
        if (st == PC_OK && w.code != PC_OK) {
            st = pc_error_set(PC_ERR_VALUE, PC_MSG_SOLVE_SINGULAR);
        }
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&x, result);
    }
    if (st == PC_OK && vec) {
        st = pc_tensor_restride(x, nb + 1, x->shape, x->strides, x->offset, &r);
    } else if (st == PC_OK) {
        r = x;
        x = NULL;
    }
    pc_tensor_free(ca);
    pc_tensor_free(va);
    pc_tensor_free(vb);
    pc_tensor_free(bcol);
    pc_tensor_free(x);
    if (st == PC_OK) {
        *out = r;
    }
    return st;
}

/* det (logabsdet == NULL) or slogdet. */
static pc_status determinant(const char *fname, const pc_tensor *x, pc_tensor **first,
                             pc_tensor **logabsdet)
{
    pc_dtype compute;
    pc_dtype result;
    pc_tensor *cx = NULL;
    pc_tensor *o0 = NULL;
    pc_tensor *o1 = NULL;
    pc_status st = prepare(fname, x, true, &compute, &result, &cx);
    if (st == PC_OK) {
        st = pc_tensor_empty(x->ndim - 2, x->shape, compute, pc_tensor_device(x), &o0);
    }
    if (st == PC_OK && logabsdet != NULL) {
        st = pc_tensor_empty(x->ndim - 2, x->shape, pc_dtype_real_of(compute),
                             pc_tensor_device(x), &o1);
    }
    if (st == PC_OK) {
        const pc_tensor *ins[1] = {cx};
        pc_tensor *outs[2] = {o0, o1};
        const pc_kernel_args args = {1, logabsdet != NULL ? 2 : 1, ins, outs, NULL};
        st = pc_dispatch_whole(PC_OP_SLOGDET, compute, &args);
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&o0, result);
    }
    if (st == PC_OK && o1 != NULL) {
        st = pc_la_cast_result(&o1, pc_dtype_real_of(result));
    }
    pc_tensor_free(cx);
    if (st == PC_OK) {
        *first = o0;
        if (logabsdet != NULL) {
            *logabsdet = o1;
        }
    } else {
        pc_tensor_free(o0);
        pc_tensor_free(o1);
    }
    return st;
}

pc_status pc_det(const pc_tensor *x, pc_tensor **out)
{
    return determinant("det", x, out, NULL);
}

pc_status pc_slogdet(const pc_tensor *x, pc_tensor **sign, pc_tensor **logabsdet)
{
    return determinant("slogdet", x, sign, logabsdet);
}

pc_status pc_qr(const pc_tensor *x, bool complete, pc_tensor **q, pc_tensor **r)
{
    pc_dtype compute;
    pc_dtype result;
    pc_tensor *cx = NULL;
    pc_tensor *tq = NULL;
    pc_tensor *tr = NULL;
    pc_status st = prepare("qr", x, false, &compute, &result, &cx);
    if (st != PC_OK) {
        return st;
    }
    const int nb = x->ndim - 2;
    const int64_t m = x->shape[nb];
    const int64_t n = x->shape[nb + 1];
    const int64_t mq = complete ? m : (m < n ? m : n);
    st = pc_la_empty(nb, x->shape, m, mq, compute, pc_tensor_device(x), true, &tq);
    if (st == PC_OK) {
        st = pc_la_empty(nb, x->shape, mq, n, compute, pc_tensor_device(x), false, &tr);
    }
    if (st == PC_OK) {
        const pc_tensor *ins[1] = {cx};
        pc_tensor *outs[2] = {tq, tr};
        const pc_kernel_args args = {1, 2, ins, outs, NULL};
        st = pc_dispatch_whole(PC_OP_QR, compute, &args);
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&tq, result);
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&tr, result);
    }
    pc_tensor_free(cx);
    if (st == PC_OK) {
        *q = tq;
        *r = tr;
    } else {
        pc_tensor_free(tq);
        pc_tensor_free(tr);
    }
    return st;
}

/* The error of a failure EIGH, EIG or SVD reported through the result word (else `st`). */
static pc_status converge_outcome(pc_status st, const pc_result_word *w, const char *not_finite,
                                  const char *no_convergence)
{
    if (st != PC_OK || w->code == PC_OK) {
        return st;
    }
    return pc_error_set(PC_ERR_VALUE, "%s",
                        w->detail == PC_LA_NOT_FINITE ? not_finite : no_convergence);
}

pc_status pc_eigh(const pc_tensor *x, pc_tensor **w, pc_tensor **v)
{
    pc_dtype compute;
    pc_dtype result;
    pc_status st = pc_la_floating("eigh", x->dtype, &compute, &result);
    if (st == PC_OK) {
        st = pc_la_check_matrix("eigh", x, true);
    }
    if (st != PC_OK) {
        return st;
    }
    const int nb = x->ndim - 2;
    const int64_t n = x->shape[nb + 1];
    pc_tensor *tv = NULL;
    pc_tensor *tw = NULL;
    st = pc_la_empty(nb, x->shape, n, n, compute, pc_tensor_device(x), true, &tv);
    if (st == PC_OK) {
        st = pc_copy_into(tv, x);
    }
    if (st == PC_OK) {
        int64_t shape[PC_MAX_NDIM];
        memcpy(shape, x->shape, (size_t)(nb + 1) * sizeof(int64_t));
        st = pc_tensor_empty(nb + 1, shape, pc_dtype_real_of(compute), pc_tensor_device(x), &tw);
    }
    if (st == PC_OK) {
        pc_eigh_params p = {v != NULL, NULL};
        pc_tensor *outs[2] = {tw, tv};
        const pc_kernel_args args = {0, 2, NULL, outs, &p};
        pc_result_word outcome;
        st = pc_dispatch_whole_result(PC_OP_EIGH, compute, &args, &p.result, &outcome);
        st = converge_outcome(st, &outcome, PC_MSG_EIGH_NOT_FINITE, PC_MSG_EIGH_NO_CONVERGENCE);
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&tw, pc_dtype_real_of(result));
    }
    if (st == PC_OK && v != NULL) {
        st = pc_la_cast_result(&tv, result);
    }
    if (st == PC_OK) {
        *w = tw;
        tw = NULL;
        if (v != NULL) {
            *v = tv;
            tv = NULL;
        }
    }
    pc_tensor_free(tw);
    pc_tensor_free(tv);
    return st;
}

pc_status pc_eig(const pc_tensor *x, pc_tensor **w, pc_tensor **v)
{
    pc_dtype compute;
    pc_dtype result;
    pc_tensor *cx = NULL;
    pc_tensor *tw = NULL;
    pc_tensor *tv = NULL;
    pc_status st = prepare("eig", x, true, &compute, &result, &cx);
    if (st != PC_OK) {
        return st;
    }
    const int nb = x->ndim - 2;
    const int64_t n = x->shape[nb + 1];
    const pc_dtype cdt = pc_dtype_complex_of(compute);
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, x->shape, (size_t)(nb + 1) * sizeof(int64_t));
    st = pc_tensor_empty(nb + 1, shape, cdt, pc_tensor_device(x), &tw);
    if (st == PC_OK && v != NULL) {
        st = pc_la_empty(nb, x->shape, n, n, cdt, pc_tensor_device(x), true, &tv);
    }
    if (st == PC_OK) {
        const pc_tensor *ins[1] = {cx};
        pc_tensor *outs[2] = {tw, tv};
        pc_converge_params p = {NULL};
        const pc_kernel_args args = {1, v != NULL ? 2 : 1, ins, outs, &p};
        pc_result_word outcome;
        st = pc_dispatch_whole_result(PC_OP_EIG, compute, &args, &p.result, &outcome);
        st = converge_outcome(st, &outcome, PC_MSG_EIG_NOT_FINITE, PC_MSG_EIG_NO_CONVERGENCE);
    }
    pc_tensor_free(cx);
    if (st == PC_OK) {
        *w = tw;
        if (v != NULL) {
            *v = tv;
        }
    } else {
        pc_tensor_free(tw);
        pc_tensor_free(tv);
    }
    return st;
}

pc_status pc_svd(const pc_tensor *x, bool full_matrices, pc_tensor **s, pc_tensor **u,
                 pc_tensor **vh)
{
    pc_dtype compute;
    pc_dtype result;
    pc_tensor *cx = NULL;
    pc_tensor *ts = NULL;
    pc_tensor *tu = NULL;
    pc_tensor *tvh = NULL;
    const bool vectors = u != NULL && vh != NULL;
    pc_status st = prepare("svd", x, false, &compute, &result, &cx);
    if (st != PC_OK) {
        return st;
    }
    const int nb = x->ndim - 2;
    const int64_t m = x->shape[nb];
    const int64_t n = x->shape[nb + 1];
    const int64_t k = m < n ? m : n;
    int64_t shape[PC_MAX_NDIM];
    memcpy(shape, x->shape, (size_t)nb * sizeof(int64_t));
    shape[nb] = k;
    st = pc_tensor_empty(nb + 1, shape, pc_dtype_real_of(compute), pc_tensor_device(x), &ts);
    if (st == PC_OK && vectors) {
        st = pc_la_empty(nb, x->shape, m, full_matrices ? m : k, compute, pc_tensor_device(x),
                         false, &tu);
    }
    if (st == PC_OK && vectors) {
        st = pc_la_empty(nb, x->shape, full_matrices ? n : k, n, compute, pc_tensor_device(x),
                         false, &tvh);
    }
    if (st == PC_OK) {
        const pc_tensor *ins[1] = {cx};
        pc_tensor *outs[3] = {ts, tu, tvh};
        pc_converge_params p = {NULL};
        const pc_kernel_args args = {1, vectors ? 3 : 1, ins, outs, &p};
        pc_result_word outcome;
        st = pc_dispatch_whole_result(PC_OP_SVD, compute, &args, &p.result, &outcome);
        st = converge_outcome(st, &outcome, PC_MSG_SVD_NOT_FINITE, PC_MSG_SVD_NO_CONVERGENCE);
    }
    if (st == PC_OK) {
        st = pc_la_cast_result(&ts, pc_dtype_real_of(result));
    }
    if (st == PC_OK && vectors) {
        st = pc_la_cast_result(&tu, result);
    }
    if (st == PC_OK && vectors) {
        st = pc_la_cast_result(&tvh, result);
    }
    pc_tensor_free(cx);
    if (st == PC_OK) {
        *s = ts;
        if (vectors) {
            *u = tu;
            *vh = tvh;
        }
    } else {
        pc_tensor_free(ts);
        pc_tensor_free(tu);
        pc_tensor_free(tvh);
    }
    return st;
}
