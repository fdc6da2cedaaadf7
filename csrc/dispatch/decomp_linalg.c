/*
 * decomp_linalg.c - the small-matrix routines of linear algebra from the primitives, for
 * devices without a LAPACK: cholesky (the column algorithm), inv and solve (Gauss-Jordan
 * elimination with partial pivoting on [A | I] or [A | B]), slogdet/det (Gaussian elimination
 * with partial pivoting, the pivots' product). decompose.c's rows name dc_linalg_whole.
 *
 * [Why loops of whole-batch steps] Each of the n steps of a routine is a handful of ops over
 * every matrix of the batch at once (a column's pivot, a row swap by gather and scatter, a rank-1
 * update), so a device runs n launches of each, not n per matrix: reasonable for the small
 * matrices these routines are used on; a device with a LAPACK should hold the kernels natively.
 *
 * The contracts are linalg_kernels.h's, the failures the CPU's: a matrix that is not positive
 * definite (the order of the first leading minor that is not positive, as LAPACK's potrf, NaN
 * included) and an exactly zero pivot (singular, as getrf) are reported through the
 * operation's result word for the first matrix of the batch that fails, or returned with the
 * CPU's message on a device without result words. Pivots are chosen as LAPACK's i?amax does
 * (the largest |re| + |im|, the first of equal ones).
 */
#include <math.h>
#include <string.h>

#include "decomp.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "paddle_c/reduce.h"

/* ---- batches of matrices ----------------------------------------------------------------------- */

/* t (..., n, w) as a C-contiguous (B, n, w) copy in dtype `dt` */
static const pc_tensor *batch3(dc *s, const pc_tensor *t, pc_dtype dt)
{
    const int nd = t->ndim;
    int64_t b = 1;
    for (int a = 0; a < nd - 2; a++) {
        b *= t->shape[a];
    }
    const int64_t shape[3] = {b, t->shape[nd - 2], t->shape[nd - 1]};
    return dc_reshape(s, dc_contiguous(s, dc_cast(s, t, dt)), 3, shape);
}

/* the element (b, i, k) of the C-contiguous (B, n, w) m as byte offsets: rows[b] the row of each
 * matrix (int64 (B), or NULL: row `row`), every column k */
static const pc_tensor *row_offsets(dc *s, const pc_tensor *m, const pc_tensor *rows, int64_t row)
{
    const int64_t shape[2] = {m->shape[0], m->shape[2]};
    const int64_t strides[2] = {m->strides[0], m->strides[2]};
    const pc_tensor *base = dc_positions(s, 2, shape, strides);
    if (rows == NULL) {
        return dc_ew2(s, PC_EW_ADD, dc_t(base), dc_i(row * m->strides[1]));
    }
    const int64_t bshape[2] = {m->shape[0], 1};
    const pc_tensor *r = dc_reshape(s, rows, 2, bshape);
    return dc_ew2(s, PC_EW_ADD, dc_t(base),
                  dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(r), dc_i(m->strides[1]))));
}

/* |re| + |im| (LAPACK's cabs1), |x| for real values */
static const pc_tensor *magnitude(dc *s, const pc_tensor *x)
{
    if (x == NULL || pc_dtype_kind(x->dtype) != PC_KIND_COMPLEX) {
        return dc_ew1(s, PC_EW_ABS, x);
    }
    return dc_ew2(s, PC_EW_ADD, dc_t(dc_ew1(s, PC_EW_ABS, dc_ew1(s, PC_EW_REAL, x))),
                  dc_t(dc_ew1(s, PC_EW_ABS, dc_ew1(s, PC_EW_IMAG, x))));
}

/* Report the first matrix of the batch whose `at` (int64 (B), 0: none) is set: through the word
 * (value: its `at`), or on a device without words as `message` (with `%d`: the value). */
static pc_status report_first(dc *s, pc_result_word *word, const pc_tensor *at,
                              const char *message)
{
    if (s->st != PC_OK || at->shape[0] == 0) {
        return s->st;
    }
    const int64_t b = at->shape[0];
    const pc_tensor *set = dc_ew2(s, PC_EW_NOT_EQUAL, dc_t(at), dc_i(0));
    const pc_tensor *first = dc_reduce(s, PC_REDUCE_MIN,
                                       dc_where(s, set, dc_t(dc_arange(s, b, PC_INT64)), dc_i(b)),
                                       -1, NULL, false, PC_DTYPE_INVALID);
    const pc_tensor *failed = dc_ew2(s, PC_EW_LESS, dc_t(first), dc_i(b));
    const pc_tensor *value = dc_gather(s, at,
                                       dc_ew2(s, PC_EW_MULTIPLY,
                                              dc_t(dc_ew2(s, PC_EW_MINIMUM, dc_t(first),
                                                          dc_i(b - 1))),
                                              dc_i(at->strides[0])));
    if (word != NULL) {
        dc_report(s, word, failed, PC_ERR_VALUE, 0, value);
    } else if (failed != NULL && dc_read_i64(s, failed) != 0) {
        return pc_error_set(PC_ERR_VALUE, message, (int)dc_read_i64(s, value));
    }
    return s->st;
}

/* ---- cholesky -------------------------------------------------------------------------------------- */

static pc_status cholesky(dc *s, const pc_kernel_args *args)
{
    const pc_cholesky_params *p = (const pc_cholesky_params *)args->params;
    pc_tensor *out = args->out[0];
    const pc_dtype dt = out->dtype;
    const pc_tensor *a = batch3(s, out, dt);
    if (a == NULL) {
        return s->st;
    }
    const int64_t b = a->shape[0], n = a->shape[1];
    pc_tensor *l = (pc_tensor *)dc_full(s, 3, a->shape, dt, dc_i(0));
    const pc_tensor *failed_at = dc_full(s, 1, &b, PC_INT64, dc_i(0));
    const int mark = dc_mark(s);
    for (int64_t j = 0; j < n && s->st == PC_OK; j++) {
        /* d = a[j][j] - sum_k<j |l[j][k]|^2, the pivot's square */
        const pc_tensor *row = dc_slice(s, dc_slice(s, l, 1, j, 1), 2, 0, j);     /* (B, 1, j) */
        const int last = 2;
        const pc_tensor *sq = dc_ew2(s, PC_EW_MULTIPLY, dc_t(row), dc_t(dc_ew1(s, PC_EW_CONJ, row)));
        const pc_tensor *ajj = dc_slice(s, dc_slice(s, a, 1, j, 1), 2, j, 1);   /* (B, 1, 1) */
        const pc_tensor *d = dc_ew1(s, PC_EW_REAL,
                                    dc_ew2(s, PC_EW_SUBTRACT, dc_t(ajj),
                                           dc_t(dc_reduce(s, PC_REDUCE_SUM, sq, 1, &last, true,
                                                          PC_DTYPE_INVALID))));
        const pc_tensor *bad = dc_ew1(s, PC_EW_LOGICAL_NOT,
                                      dc_ew2(s, PC_EW_GREATER, dc_t(d), dc_i(0)));
        const pc_tensor *bad1 = dc_reshape(s, bad, 1, &b);
        const pc_tensor *fresh = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(bad1),
                                        dc_t(dc_ew2(s, PC_EW_EQUAL, dc_t(failed_at), dc_i(0))));
        failed_at = dc_where(s, fresh, dc_i(j + 1), dc_t(failed_at));
        const pc_tensor *ljj = dc_ew1(s, PC_EW_SQRT, dc_where(s, bad, dc_i(1), dc_t(d)));
        dc_copy(s, (pc_tensor *)dc_slice(s, dc_slice(s, l, 1, j, 1), 2, j, 1), ljj);
        if (j + 1 < n) {
            /* l[i][j] = (a[i][j] - sum_k<j l[i][k] conj(l[j][k])) / l[j][j] for i > j */
            const pc_tensor *lower = dc_slice(s, dc_slice(s, l, 1, j + 1, n - j - 1), 2, 0, j);
            const int64_t tshape[3] = {b, j, 1};
            const pc_tensor *rowt = dc_reshape(s, dc_contiguous(s, dc_ew1(s, PC_EW_CONJ, row)), 3,
                                               tshape);
            const pc_tensor *acol = dc_slice(s, dc_slice(s, a, 1, j + 1, n - j - 1), 2, j, 1);
            const pc_tensor *col = dc_ew2(s, PC_EW_DIVIDE,
                                          dc_t(dc_ew2(s, PC_EW_SUBTRACT, dc_t(acol),
                                                      dc_t(dc_matmul(s, lower, rowt)))),
                                          dc_t(ljj));
            dc_copy(s, (pc_tensor *)dc_slice(s, dc_slice(s, l, 1, j + 1, n - j - 1), 2, j, 1),
                    col);
        }
        const pc_tensor *keep[1] = {failed_at};
        dc_drop(s, mark, keep, 1);
    }
    pc_status st = report_first(s, p->result, failed_at, PC_MSG_CHOLESKY_NOT_PD);
    if (st != PC_OK) {
        return st;
    }
    /* the factor (the other triangle zero): L, or U = L^H */
    const pc_tensor *f = l;
    if (p->upper) {
        f = dc_ew1(s, PC_EW_CONJ, dc_view(s, l, 3, (int64_t[]){b, n, n},
                                          (int64_t[]){l->strides[0], l->strides[2],
                                                      l->strides[1]},
                                          l->offset));
    }
    dc_copy(s, out, dc_reshape(s, f, out->ndim, out->shape));
    return s->st;
}

/* ---- Gaussian elimination with partial pivoting ------------------------------------------------- */

/* Eliminate the first n columns of the (B, n, w) working copy m, step by step. Jordan: every
 * other row, the pivot row scaled to 1 (m[:, :, n:] becomes A^-1 [I | B]); else only the rows
 * below (m's upper triangle becomes U). `singular` (int64 (B): 1 where a pivot was exactly 0),
 * and for the determinant the pivots (B, n) and the number of row swaps (B). */
typedef struct elimination {
    const pc_tensor *m;
    const pc_tensor *singular;
    const pc_tensor *pivots;
    const pc_tensor *swaps;
} elimination;

static void eliminate(dc *s, elimination *e, bool jordan)
{
    const pc_tensor *m = e->m;
    if (m == NULL) {
        return;
    }
    const int64_t b = m->shape[0], n = m->shape[1], w = m->shape[2];
    const pc_dtype dt = m->dtype;
    e->singular = dc_full(s, 1, &b, PC_INT64, dc_i(0));
    e->swaps = dc_full(s, 1, &b, PC_INT64, dc_i(0));
    const int64_t pshape[2] = {b, n};
    pc_tensor *pivots = jordan ? NULL : (pc_tensor *)dc_empty(s, 2, pshape, dt);
    const pc_tensor *rows = dc_arange(s, n, PC_INT64);
    const int mark = dc_mark(s);
    for (int64_t j = 0; j < n && s->st == PC_OK; j++) {
        /* the pivot: the largest magnitude of column j from row j down (the first of equals) */
        const pc_tensor *col = dc_slice(s, dc_slice(s, m, 1, j, n - j), 2, j, 1);   /* (B, n-j, 1) */
        pc_tensor *at = NULL;
        pc_status st = col != NULL ? pc_argreduce(PC_ARGMAX, magnitude(s, col), true, 1, false, &at)
                                   : s->st;
        const pc_tensor *r = dc_ew2(s, PC_EW_ADD, dc_t(dc_reshape(s, dc_keep(s, st, at), 1, &b)),
                                    dc_i(j));
        /* swap rows j and r (r == j writes row j back onto itself) */
        const pc_tensor *off_r = row_offsets(s, m, r, 0);
        const pc_tensor *row_r = dc_gather(s, m, off_r);
        const pc_tensor *row_j = dc_contiguous(s, dc_slice(s, m, 1, j, 1));
        dc_copy(s, (pc_tensor *)dc_slice(s, m, 1, j, 1), dc_reshape(s, row_r, 3,
                                                                   (int64_t[]){b, 1, w}));
        dc_scatter(s, (pc_tensor *)m, off_r, dc_reshape(s, row_j, 2, (int64_t[]){b, w}), false);
        e->swaps = dc_ew2(s, PC_EW_ADD, dc_t(e->swaps),
                          dc_t(dc_cast(s, dc_ew2(s, PC_EW_NOT_EQUAL, dc_t(r), dc_i(j)), PC_INT64)));
        const pc_tensor *pivot = dc_contiguous(s, dc_slice(s, dc_slice(s, m, 1, j, 1), 2, j, 1));
        const pc_tensor *zero = dc_reshape(s, dc_ew2(s, PC_EW_EQUAL, dc_t(pivot), dc_i(0)), 1, &b);
        e->singular = dc_where(s, zero, dc_i(1), dc_t(e->singular));
        if (pivots != NULL) {
            dc_copy(s, (pc_tensor *)dc_slice(s, pivots, 1, j, 1),
                    dc_reshape(s, pivot, 2, (int64_t[]){b, 1}));
        }
        const pc_tensor *safe = dc_where(s, dc_ew2(s, PC_EW_EQUAL, dc_t(pivot), dc_i(0)), dc_i(1),
                                         dc_t(pivot));
        /* factors of every row to eliminate (0 for the others), then m -= f x pivot row */
        const pc_tensor *prow = dc_slice(s, m, 1, j, 1);                           /* (B, 1, w) */
        if (jordan) {
            prow = dc_ew2(s, PC_EW_DIVIDE, dc_t(prow), dc_t(safe));
            dc_copy(s, (pc_tensor *)dc_slice(s, m, 1, j, 1), prow);
        }
        const pc_tensor *mcol = dc_slice(s, m, 2, j, 1);                           /* (B, n, 1) */
        const pc_tensor *others = dc_ew2(s, jordan ? PC_EW_NOT_EQUAL : PC_EW_GREATER,
                                         dc_t(dc_reshape(s, rows, 3, (int64_t[]){1, n, 1})),
                                         dc_i(j));
        const pc_tensor *f = dc_where(s, others,
                                      dc_t(jordan ? mcol
                                                  : dc_ew2(s, PC_EW_DIVIDE, dc_t(mcol),
                                                           dc_t(safe))),
                                      dc_i(0));
        const pc_tensor *next = dc_ew2(s, PC_EW_SUBTRACT, dc_t(m),
                                       dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(f),
                                                   dc_t(dc_contiguous(s, prow)))));
        m = dc_contiguous(s, next);
        const pc_tensor *keep[5] = {m, e->singular, e->swaps, pivots, rows};
        dc_drop(s, mark, keep, 5);
    }
    e->m = m;
    e->pivots = pivots;
}

/* ---- inv, solve, slogdet ------------------------------------------------------------------------- */

static pc_status inverse_or_solve(dc *s, pc_op op, const pc_kernel_args *args)
{
    const pc_singular_params *p = (const pc_singular_params *)args->params;
    pc_tensor *out = args->out[0];
    const pc_dtype dt = out->dtype;
    const pc_tensor *a = batch3(s, op == PC_OP_INV ? out : args->in[0], dt);
    const pc_tensor *rhs = op == PC_OP_SOLVE ? batch3(s, out, dt) : NULL;
    if (a == NULL || (op == PC_OP_SOLVE && rhs == NULL)) {
        return s->st;
    }
    const int64_t b = a->shape[0], n = a->shape[1];
    const int64_t k = op == PC_OP_INV ? n : rhs->shape[2];
    const int64_t shape[3] = {b, n, n + k};
    pc_tensor *m = (pc_tensor *)dc_empty(s, 3, shape, dt);
    dc_copy(s, (pc_tensor *)dc_slice(s, m, 2, 0, n), a);
    if (op == PC_OP_INV) {
        /* the identity: 1 where the row equals the column */
        const pc_tensor *i = dc_arange(s, n, PC_INT64);
        const pc_tensor *eye = i == NULL ? NULL
            : dc_ew2(s, PC_EW_EQUAL, dc_t(dc_view(s, i, 2, (int64_t[]){n, n},
                                                  (int64_t[]){i->strides[0], 0}, i->offset)),
                     dc_t(dc_view(s, i, 2, (int64_t[]){n, n}, (int64_t[]){0, i->strides[0]},
                                  i->offset)));
        dc_copy(s, (pc_tensor *)dc_slice(s, m, 2, n, n), eye);
    } else {
        dc_copy(s, (pc_tensor *)dc_slice(s, m, 2, n, k), rhs);
    }
    elimination e = {m, NULL, NULL, NULL};
    eliminate(s, &e, true);
    const pc_status st = report_first(s, p->result, e.singular,
                                      op == PC_OP_INV ? PC_MSG_INV_SINGULAR : PC_MSG_SOLVE_SINGULAR);
    if (st != PC_OK) {
        return st;
    }
    dc_copy(s, out, dc_reshape(s, dc_slice(s, e.m, 2, n, k), out->ndim, out->shape));
    return s->st;
}

static pc_status determinant(dc *s, const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    const pc_dtype dt = x->dtype;
    elimination e = {batch3(s, x, dt), NULL, NULL, NULL};
    if (e.m == NULL) {
        return s->st;
    }
    const int64_t b = e.m->shape[0];
    eliminate(s, &e, false);
    const int last = 1;
    /* the row swaps' parity: (-1)^swaps */
    const pc_tensor *parity = dc_ew2(s, PC_EW_SUBTRACT, dc_i(1),
                                     dc_t(dc_ew2(s, PC_EW_MULTIPLY,
                                                 dc_t(dc_ew2(s, PC_EW_REMAINDER, dc_t(e.swaps),
                                                             dc_i(2))),
                                                 dc_i(2))));
    const pc_tensor *sgn = dc_cast(s, parity, dt);
    if (args->nout == 1) {
        /* det = parity * the pivots' product */
        const pc_tensor *det = dc_ew2(s, PC_EW_MULTIPLY, dc_t(sgn),
                                      dc_t(dc_reduce(s, PC_REDUCE_PROD, e.pivots, 1, &last, false,
                                                     PC_DTYPE_INVALID)));
        dc_copy(s, args->out[0], dc_reshape(s, det, args->out[0]->ndim, args->out[0]->shape));
        return s->st;
    }
    /* sign = parity * prod(u / |u|) (0 for a zero pivot), log|det| = sum(log|u|) */
    const pc_tensor *mag = dc_ew1(s, PC_EW_ABS, e.pivots);
    const pc_tensor *zero = dc_ew2(s, PC_EW_EQUAL, dc_t(mag), dc_i(0));
    const pc_tensor *unit = dc_where(s, zero, dc_i(0),
                                     dc_t(dc_ew2(s, PC_EW_DIVIDE, dc_t(e.pivots),
                                                 dc_t(dc_cast(s, mag, dt)))));
    const pc_tensor *sign = dc_ew2(s, PC_EW_MULTIPLY, dc_t(sgn),
                                   dc_t(dc_reduce(s, PC_REDUCE_PROD, unit, 1, &last, false,
                                                  PC_DTYPE_INVALID)));
    const pc_tensor *logabs = dc_reduce(s, PC_REDUCE_SUM, dc_ew1(s, PC_EW_LOG, mag), 1, &last,
                                        false, PC_DTYPE_INVALID);
    (void)b;
    dc_copy(s, args->out[0], dc_reshape(s, sign, args->out[0]->ndim, args->out[0]->shape));
    dc_copy(s, args->out[1], dc_reshape(s, logabs, args->out[1]->ndim, args->out[1]->shape));
    return s->st;
}

pc_status dc_linalg_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)key;
    switch (op) {
    case PC_OP_CHOLESKY:
        return cholesky(s, args);
    case PC_OP_INV:
    case PC_OP_SOLVE:
        return inverse_or_solve(s, op, args);
    case PC_OP_SLOGDET:
        return determinant(s, args);
    default:
        return pc_error_set(PC_ERR_RUNTIME, "no linear algebra decomposition for '%s'",
                            pc_op_name(op));
    }
}
