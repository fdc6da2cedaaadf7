/*
 * decomp_sets.c - searching and sets from the primitives: searchsorted and isin as binary
 * searches (log2(n) rounds of gather and compare), unique as runs of the sorted values
 * (a compare with the neighbour, a scan, scatters by run number), nonzero as a scan of the
 * mask and scatters of the coordinates. decompose.c's rows name the entry points.
 *
 * Order and equality are the sort's (sort_key.h): NaN after everything, -0 equal to +0, each
 * NaN a value of its own; complex numbers in NumPy's order (lexicographic within the classes
 * no NaN, imaginary NaN, real NaN, both). Data-dependent outcomes (unique's count, a bad
 * sorter index) go through the operation's result word, or, on a device without result words,
 * come back with one read, as the kernels' contracts (reduce_kernels.h) say.
 *
 * [Why scatters have a spare slot] A scatter writes every position it is given; the elements
 * that write nothing (not the first of a run, a false mask element) are sent to one spare
 * element past the results, where the last write wins and nothing is read.
 */
#include <string.h>

#include "decomp.h"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/kernels/reduce_kernels.h"

/* a before b in the sort order (ascending), elementwise */
static const pc_tensor *before(dc *s, const pc_tensor *a, const pc_tensor *b)
{
    const pc_kind k = pc_dtype_kind(a->dtype);
    if (k != PC_KIND_FLOAT && k != PC_KIND_COMPLEX) {
        return dc_ew2(s, PC_EW_LESS, dc_t(a), dc_t(b));
    }
    if (k == PC_KIND_FLOAT) {
        /* a < b, or a is a number and b NaN */
        const pc_tensor *nan_b = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(dc_ew1(s, PC_EW_ISNAN, b)),
                                        dc_t(dc_ew1(s, PC_EW_LOGICAL_NOT,
                                                    dc_ew1(s, PC_EW_ISNAN, a))));
        return dc_ew2(s, PC_EW_LOGICAL_OR, dc_t(dc_ew2(s, PC_EW_LESS, dc_t(a), dc_t(b))),
                      dc_t(nan_b));
    }
    /* complex: the class (2 * isnan(re) + isnan(im)) first, then (re, im) where not NaN */
    const pc_tensor *ar = dc_ew1(s, PC_EW_REAL, a), *ai = dc_ew1(s, PC_EW_IMAG, a);
    const pc_tensor *br = dc_ew1(s, PC_EW_REAL, b), *bi = dc_ew1(s, PC_EW_IMAG, b);
    const pc_tensor *nar = dc_ew1(s, PC_EW_ISNAN, ar), *nai = dc_ew1(s, PC_EW_ISNAN, ai);
    const pc_tensor *nbr = dc_ew1(s, PC_EW_ISNAN, br), *nbi = dc_ew1(s, PC_EW_ISNAN, bi);
    const pc_tensor *ca = dc_ew2(s, PC_EW_ADD,
                                 dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_cast(s, nar, PC_INT64)),
                                             dc_i(2))),
                                 dc_t(dc_cast(s, nai, PC_INT64)));
    const pc_tensor *cb = dc_ew2(s, PC_EW_ADD,
                                 dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(dc_cast(s, nbr, PC_INT64)),
                                             dc_i(2))),
                                 dc_t(dc_cast(s, nbi, PC_INT64)));
    /* the real parts are equal, or both NaN (class 2 and 3 compare the imaginary parts) */
    const pc_tensor *req = dc_ew2(s, PC_EW_LOGICAL_OR, dc_t(dc_ew2(s, PC_EW_EQUAL, dc_t(ar), dc_t(br))),
                                  dc_t(dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(nar), dc_t(nbr))));
    const pc_tensor *in_class = dc_ew2(
        s, PC_EW_LOGICAL_OR, dc_t(dc_ew2(s, PC_EW_LESS, dc_t(ar), dc_t(br))),
        dc_t(dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(req), dc_t(dc_ew2(s, PC_EW_LESS, dc_t(ai), dc_t(bi))))));
    const pc_tensor *same_class = dc_ew2(s, PC_EW_EQUAL, dc_t(ca), dc_t(cb));
    return dc_ew2(s, PC_EW_LOGICAL_OR, dc_t(dc_ew2(s, PC_EW_LESS, dc_t(ca), dc_t(cb))),
                  dc_t(dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(same_class), dc_t(in_class))));
}

/* For every element of x, the first position of the 1-D ascending `table` (n elements) whose
 * element is not before it (left), or is after it (right): int64, x's shape. */
static const pc_tensor *binary_search(dc *s, const pc_tensor *table, const pc_tensor *x,
                                      bool right)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const int64_t n = table->size;
    /* each round keeps only its bounds: the earlier rounds' temporaries are freed */
    const int mark = dc_mark(s);
    const pc_tensor *lo = dc_full(s, x->ndim, x->shape, PC_INT64, dc_i(0));
    const pc_tensor *hi = dc_full(s, x->ndim, x->shape, PC_INT64, dc_i(n));
    for (int64_t span = n; span > 0 && s->st == PC_OK; span /= 2) {
        const pc_tensor *mid = dc_ew2(s, PC_EW_FLOOR_DIVIDE,
                                      dc_t(dc_ew2(s, PC_EW_ADD, dc_t(lo), dc_t(hi))), dc_i(2));
        const pc_tensor *at = dc_ew2(s, PC_EW_MULTIPLY,
                                     dc_t(dc_ew2(s, PC_EW_MINIMUM, dc_t(mid), dc_i(n - 1))),
                                     dc_i(table->strides[0]));
        const pc_tensor *v = dc_gather(s, table, at);
        /* left: go right while table[mid] is before x; right: while x is not before it */
        const pc_tensor *go = right ? dc_ew1(s, PC_EW_LOGICAL_NOT, before(s, x, v))
                                    : before(s, v, x);
        const pc_tensor *active = dc_ew2(s, PC_EW_LESS, dc_t(lo), dc_t(hi));
        const pc_tensor *up = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(active), dc_t(go));
        const pc_tensor *down = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(active),
                                       dc_t(dc_ew1(s, PC_EW_LOGICAL_NOT, go)));
        lo = dc_where(s, up, dc_t(dc_ew2(s, PC_EW_ADD, dc_t(mid), dc_i(1))), dc_t(lo));
        hi = dc_where(s, down, dc_t(mid), dc_t(hi));
        const pc_tensor *keep[2] = {lo, hi};
        dc_drop(s, mark, keep, 2);
    }
    return lo;
}

pc_status dc_search_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    (void)key;
    const pc_searchsorted_params *p = (const pc_searchsorted_params *)args->params;
    const pc_tensor *x1 = args->in[0];
    const pc_tensor *x2 = args->in[1];
    const int64_t n = x1->size;
    const pc_tensor *table = x1;
    if (args->nin == 3 && n > 0) {
        /* the sorter: its first index out of [0, n) is the failure reported */
        const pc_tensor *sorter = args->in[2];
        const pc_tensor *bad = dc_ew2(s, PC_EW_LOGICAL_OR,
                                      dc_t(dc_ew2(s, PC_EW_LESS, dc_t(sorter), dc_i(0))),
                                      dc_t(dc_ew2(s, PC_EW_GREATER_EQUAL, dc_t(sorter), dc_i(n))));
        const pc_tensor *first = dc_reduce(s, PC_REDUCE_MIN,
                                           dc_where(s, bad, dc_t(dc_arange(s, n, PC_INT64)),
                                                    dc_i(n)),
                                           -1, NULL, false, PC_DTYPE_INVALID);
        const pc_tensor *failed = dc_ew2(s, PC_EW_LESS, dc_t(first), dc_i(n));
        const pc_tensor *value = dc_gather(s, sorter,
                                           dc_ew2(s, PC_EW_MULTIPLY,
                                                  dc_t(dc_ew2(s, PC_EW_MINIMUM, dc_t(first),
                                                              dc_i(n - 1))),
                                                  dc_i(sorter->strides[0])));
        if (p->result != NULL) {
            dc_report(s, p->result, failed, PC_ERR_INDEX, 0, value);
        } else if (failed != NULL && dc_read_i64(s, failed) != 0) {
            return pc_error_set(PC_ERR_INDEX, PC_MSG_SORTER_RANGE,
                                (long long)dc_read_i64(s, value), (long long)n);
        }
        const pc_tensor *safe = dc_where(s, bad, dc_i(0), dc_t(sorter));
        table = dc_gather(s, x1, dc_ew2(s, PC_EW_MULTIPLY, dc_t(safe), dc_i(x1->strides[0])));
    }
    const pc_tensor *r = n == 0 ? dc_full(s, x2->ndim, x2->shape, PC_INT64, dc_i(0))
                                : binary_search(s, table, x2, p->right);
    dc_copy(s, args->out[0], r);
    return s->st;
}

pc_status dc_isin_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    (void)key;
    const pc_isin_params *p = (const pc_isin_params *)args->params;
    const pc_tensor *x1 = args->in[0];
    const pc_tensor *x2 = args->in[1];
    const int64_t m = x2->size;
    const pc_tensor *found;
    if (m == 0) {
        found = dc_full(s, x1->ndim, x1->shape, PC_BOOL, dc_i(0));
    } else {
        const pc_tensor *table = dc_sort(s, x2, 0, false, NULL);
        const pc_tensor *pos = binary_search(s, table, x1, false);
        const pc_tensor *v = table == NULL ? NULL
                             : dc_gather(s, table,
                                         dc_ew2(s, PC_EW_MULTIPLY,
                                                dc_t(dc_ew2(s, PC_EW_MINIMUM, dc_t(pos),
                                                            dc_i(m - 1))),
                                                dc_i(table->strides[0])));
        /* equal values only (NaN equals nothing; -0 equals +0) */
        found = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(dc_ew2(s, PC_EW_LESS, dc_t(pos), dc_i(m))),
                       dc_t(dc_ew2(s, PC_EW_EQUAL, dc_t(v), dc_t(x1))));
    }
    dc_copy(s, args->out[0], p->invert ? dc_ew1(s, PC_EW_LOGICAL_NOT, found) : found);
    return s->st;
}

/* 1-D view of the n elements of a contiguous tensor t (out[2] of unique has x's shape) */
static const pc_tensor *flat_view(dc *s, const pc_tensor *t)
{
    const int64_t n = t->size;
    const int64_t item = pc_dtype_itemsize(t->dtype);
    return pc_tensor_is_c_contiguous(t) ? dc_view(s, t, 1, &n, &item, t->offset)
                                        : dc_fail(s, PC_ERR_RUNTIME, "unique: the inverse "
                                                  "output must be C-contiguous");
}

pc_status dc_unique_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    const pc_unique_params *p = (const pc_unique_params *)args->params;
    const pc_tensor *v = args->in[0];
    const pc_tensor *perm = args->nin == 2 ? args->in[1] : NULL;
    const int64_t n = v->size;
    const int64_t item = pc_dtype_itemsize(key);
    /* first[i]: v[i] starts a run (NaN != NaN: each NaN is a run of its own) */
    pc_tensor *first = (pc_tensor *)dc_full(s, 1, &n, PC_BOOL, dc_i(1));
    if (n > 1) {
        dc_copy(s, (pc_tensor *)dc_slice(s, first, 0, 1, n - 1),
                dc_ew2(s, PC_EW_NOT_EQUAL, dc_t(dc_slice(s, v, 0, 1, n - 1)),
                       dc_t(dc_slice(s, v, 0, 0, n - 1))));
    }
    const pc_tensor *run = dc_ew2(s, PC_EW_SUBTRACT, dc_t(dc_scan(s, false, first, 0, PC_INT64)),
                                  dc_i(1));
    const pc_tensor *last = dc_slice(s, run, 0, n - 1, 1);
    const pc_tensor *count = dc_ew2(s, PC_EW_ADD, dc_t(last), dc_i(1));
    dc_count(s, p->result, p->count,
             count != NULL ? dc_view(s, count, 0, NULL, NULL, count->offset) : NULL);
    /* values and first indices: at their run, the others at the spare last element (a run
     * fewer than n exists whenever an element is not first) */
    const pc_tensor *at = dc_where(s, first, dc_t(run), dc_i(n - 1));
    if (args->out[0] != NULL) {
        dc_scatter(s, args->out[0], dc_ew2(s, PC_EW_MULTIPLY, dc_t(at), dc_i(item)), v, false);
    }
    if (args->out[1] != NULL && perm != NULL) {
        dc_scatter(s, args->out[1], dc_ew2(s, PC_EW_MULTIPLY, dc_t(at), dc_i(8)), perm, false);
    }
    if (args->out[2] != NULL && perm != NULL) {
        dc_scatter(s, (pc_tensor *)flat_view(s, args->out[2]),
                   dc_ew2(s, PC_EW_MULTIPLY, dc_t(perm), dc_i(8)), run, false);
    }
    if (args->out[3] != NULL) {
        /* counts: the next run's start minus this one's, starts[count..n] = n; the spare is
         * element n + 1 */
        const int64_t nb = n + 2;
        pc_tensor *starts = (pc_tensor *)dc_full(s, 1, &nb, PC_INT64, dc_i(n));
        const pc_tensor *sat = dc_where(s, first, dc_t(run), dc_i(n + 1));
        dc_scatter(s, starts, dc_ew2(s, PC_EW_MULTIPLY, dc_t(sat), dc_i(8)),
                   dc_arange(s, n, PC_INT64), false);
        dc_copy(s, args->out[3], dc_ew2(s, PC_EW_SUBTRACT, dc_t(dc_slice(s, starts, 0, 1, n)),
                                        dc_t(dc_slice(s, starts, 0, 0, n))));
    }
    return s->st;
}

pc_status dc_nonzero_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    (void)key;
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const int nd = x->ndim;
    const int64_t count = out->shape[1];
    if (count == 0) {
        return PC_OK;
    }
    const pc_tensor *flat = dc_flatten(s, x);
    if (flat == NULL) {
        return s->st;
    }
    const int64_t size = flat->size;
    const pc_tensor *pos = dc_ew2(s, PC_EW_SUBTRACT, dc_t(dc_scan(s, false, flat, 0, PC_INT64)),
                                  dc_i(1));
    const pc_tensor *i = dc_arange(s, size, PC_INT64);
    const int64_t nbuf = nd * count + 1;
    pc_tensor *buf = (pc_tensor *)dc_empty(s, 1, &nbuf, PC_INT64);
    int64_t inner = size;
    for (int d = 0; d < nd && s->st == PC_OK; d++) {
        inner /= x->shape[d] > 0 ? x->shape[d] : 1;
        /* coordinate d of element i in C order, written to row d at the element's position */
        const pc_tensor *coord = dc_ew2(s, PC_EW_REMAINDER,
                                        dc_t(dc_ew2(s, PC_EW_FLOOR_DIVIDE, dc_t(i), dc_i(inner))),
                                        dc_i(x->shape[d]));
        const pc_tensor *at = dc_where(s, flat, dc_t(dc_ew2(s, PC_EW_ADD, dc_t(pos),
                                                            dc_i(d * count))),
                                       dc_i(nd * count));
        dc_scatter(s, buf, dc_ew2(s, PC_EW_MULTIPLY, dc_t(at), dc_i(8)), coord, false);
    }
    const int64_t shape[2] = {nd, count};
    const int64_t strides[2] = {count * 8, 8};
    dc_copy(s, out, dc_view(s, buf, 2, shape, strides, buf != NULL ? buf->offset : 0));
    return s->st;
}
