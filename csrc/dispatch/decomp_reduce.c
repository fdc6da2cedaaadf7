/*
 * decomp_reduce.c - the reductions that are not primitives (mean, var, std, the nan forms,
 * logsumexp, all, any, count_nonzero) as sums, products, maxima and minima of elementwise
 * results: decompose.c's rows name dc_reduce_whole.
 *
 * The kernel contract is reduce_kernels.h's: in[0] x, out[0] the keepdims-shaped result in
 * pc_reduction_result_dtype; the reduced axes are those where out's extent is 1 and x's not.
 * The CPU's rules are kept: floating sums of bool, integers, float16 and bfloat16 are computed
 * in float32 and rounded once into the result; var divides by n - correction and is NaN when
 * that is not positive; nanmax of a slice of NaN only is NaN; logsumexp is m + log(sum(exp(x -
 * m))) where the maximum m is finite, else m, and -inf for an empty slice.
 */
#include <math.h>

#include "decomp.h"
#include "paddle_c/kernels/reduce_kernels.h"

static bool has_nan(pc_dtype dt)
{
    const pc_kind k = pc_dtype_kind(dt);
    return k == PC_KIND_FLOAT || k == PC_KIND_COMPLEX;
}

/* |d|^2 in the real dtype: d * d, or re^2 + im^2 for complex */
static const pc_tensor *abs2(dc *s, const pc_tensor *d)
{
    if (d == NULL || pc_dtype_kind(d->dtype) != PC_KIND_COMPLEX) {
        return dc_ew2(s, PC_EW_MULTIPLY, dc_t(d), dc_t(d));
    }
    const pc_tensor *re = dc_ew1(s, PC_EW_REAL, d);
    const pc_tensor *im = dc_ew1(s, PC_EW_IMAG, d);
    return dc_ew2(s, PC_EW_ADD, dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(re), dc_t(re))),
                  dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(im), dc_t(im))));
}

/* the number of elements of each slice that are not NaN (`nan` marks NaN), in `dtype` */
static const pc_tensor *count_of(dc *s, const pc_tensor *nan, const dc_axes *ax, pc_dtype dtype)
{
    const pc_tensor *ok = dc_ew1(s, PC_EW_LOGICAL_NOT, nan);
    return dc_cast(s, dc_reduce(s, PC_REDUCE_SUM, ok, ax->n, ax->axis, true, PC_DTYPE_INVALID),
                   dtype);
}

/* the variance of x (in the compute dtype) over ax: counted per slice (skip_nan, `count` the
 * int64 counts) or by ax->count */
static const pc_tensor *variance(dc *s, const pc_tensor *x, const dc_axes *ax, bool skip_nan,
                                 double correction)
{
    const pc_tensor *nan = skip_nan ? dc_ew1(s, PC_EW_ISNAN, x) : NULL;
    const pc_tensor *xs = skip_nan ? dc_where(s, nan, dc_i(0), dc_t(x)) : x;
    const pc_tensor *total = dc_reduce(s, PC_REDUCE_SUM, xs, ax->n, ax->axis, true,
                                       PC_DTYPE_INVALID);
    const pc_tensor *n = skip_nan ? count_of(s, nan, ax, pc_dtype_real_of(x->dtype)) : NULL;
    const pc_tensor *mean = dc_ew2(s, PC_EW_DIVIDE, dc_t(total),
                                   skip_nan ? dc_t(n) : dc_f((double)ax->count));
    const pc_tensor *d = dc_ew2(s, PC_EW_SUBTRACT, dc_t(xs), dc_t(mean));
    if (skip_nan) {
        d = dc_where(s, nan, dc_i(0), dc_t(d));
    }
    const pc_tensor *m2 = dc_reduce(s, PC_REDUCE_SUM, abs2(s, d), ax->n, ax->axis, true,
                                    PC_DTYPE_INVALID);
    /* m2 / (n - correction), NaN where the divisor is not positive */
    if (!skip_nan) {
        const double div = (double)ax->count - correction;
        return dc_ew2(s, div > 0 ? PC_EW_DIVIDE : PC_EW_MULTIPLY, dc_t(m2),
                      dc_f(div > 0 ? div : NAN));
    }
    const pc_tensor *div = dc_ew2(s, PC_EW_SUBTRACT, dc_t(n), dc_f(correction));
    const pc_tensor *pos = dc_ew2(s, PC_EW_GREATER, dc_t(div), dc_i(0));
    return dc_where(s, pos, dc_t(dc_ew2(s, PC_EW_DIVIDE, dc_t(m2), dc_t(div))), dc_f(NAN));
}

/* nanmax / nanmin: NaN replaced by the other end, a slice of NaN only gives NaN */
static const pc_tensor *nan_select(dc *s, bool max, const pc_tensor *x, const dc_axes *ax)
{
    const pc_reduction r = max ? PC_REDUCE_MAX : PC_REDUCE_MIN;
    if (!has_nan(x->dtype)) {
        return dc_reduce(s, r, x, ax->n, ax->axis, true, PC_DTYPE_INVALID);
    }
    const pc_tensor *nan = dc_ew1(s, PC_EW_ISNAN, x);
    const pc_tensor *v = dc_reduce(s, r, dc_where(s, nan, dc_f(max ? -INFINITY : INFINITY), dc_t(x)),
                                   ax->n, ax->axis, true, PC_DTYPE_INVALID);
    const pc_tensor *ok = dc_reduce(s, PC_REDUCE_SUM, dc_ew1(s, PC_EW_LOGICAL_NOT, nan), ax->n,
                                    ax->axis, true, PC_DTYPE_INVALID);
    return dc_where(s, dc_ew2(s, PC_EW_EQUAL, dc_t(ok), dc_i(0)), dc_f(NAN), dc_t(v));
}

static const pc_tensor *logsumexp(dc *s, const pc_tensor *x, const dc_axes *ax)
{
    const pc_tensor *m = dc_reduce(s, PC_REDUCE_MAX, x, ax->n, ax->axis, true, PC_DTYPE_INVALID);
    const pc_tensor *fin = dc_ew1(s, PC_EW_ISFINITE, m);
    const pc_tensor *mf = dc_where(s, fin, dc_t(m), dc_i(0));
    const pc_tensor *e = dc_ew1(s, PC_EW_EXP, dc_ew2(s, PC_EW_SUBTRACT, dc_t(x), dc_t(mf)));
    const pc_tensor *l = dc_ew1(s, PC_EW_LOG, dc_reduce(s, PC_REDUCE_SUM, e, ax->n, ax->axis,
                                                        true, PC_DTYPE_INVALID));
    return dc_where(s, fin, dc_t(dc_ew2(s, PC_EW_ADD, dc_t(mf), dc_t(l))), dc_t(m));
}

/* x with the axes of ax last, flattened into one (outer..., m), C-contiguous; the reduced
 * axes in memory order (outermost stride first, backward ones flipped): the order the CPU's
 * reductions walk a slice in. */
static const pc_tensor *slices_last(dc *s, const pc_tensor *x, const dc_axes *ax)
{
    int64_t shape[PC_MAX_NDIM], strides[PC_MAX_NDIM], outer[PC_MAX_NDIM];
    bool reduced[PC_MAX_NDIM] = {false};
    int64_t offset = x->offset;
    int nd = 0;
    for (int i = 0; i < ax->n; i++) {
        reduced[ax->axis[i]] = true;
    }
    for (int a = 0; a < x->ndim; a++) {
        if (!reduced[a]) {
            outer[nd] = x->shape[a];
            shape[nd] = x->shape[a];
            strides[nd++] = x->strides[a];
        }
    }
    const int first = nd;
    for (int a = 0; a < x->ndim; a++) {
        if (!reduced[a]) {
            continue;
        }
        int64_t st = x->strides[a];
        if (st < 0) {
            offset += (x->shape[a] - 1) * st;
            st = -st;
        }
        int j = nd++;
        for (; j > first && strides[j - 1] < st; j--) {
            shape[j] = shape[j - 1];
            strides[j] = strides[j - 1];
        }
        shape[j] = x->shape[a];
        strides[j] = st;
    }
    const pc_tensor *v = dc_contiguous(s, dc_view(s, x, nd, shape, strides, offset));
    outer[first] = ax->count;
    return dc_reshape(s, v, first + 1, outer);
}

/* nanprod of complex values: the NaN elements are skipped, not multiplied by 1 + 0i (whose
 * textbook product turns an infinite part into NaN): each slice's other elements are moved to
 * its front in order (a stable sort of the NaN flags), multiplied by a running product, and
 * the product of the first `count` taken. */
static const pc_tensor *complex_nanprod(dc *s, const pc_tensor *x, const dc_axes *ax,
                                        const pc_tensor *out)
{
    const pc_tensor *lanes = slices_last(s, x, ax);
    if (lanes == NULL) {
        return NULL;
    }
    const int last = lanes->ndim - 1;
    const int64_t item = pc_dtype_itemsize(x->dtype);
    int64_t starts[PC_MAX_NDIM];
    for (int a = 0; a < lanes->ndim; a++) {
        starts[a] = a == last ? 0 : lanes->strides[a];
    }
    const pc_tensor *nan = dc_ew1(s, PC_EW_ISNAN, lanes);
    const pc_tensor *perm = NULL;
    dc_sort(s, nan, last, false, &perm);
    const pc_tensor *base = dc_positions(s, lanes->ndim, lanes->shape, starts);
    const pc_tensor *front = dc_gather(s, lanes,
                                       dc_ew2(s, PC_EW_ADD, dc_t(base),
                                              dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(perm),
                                                          dc_i(item)))));
    const pc_tensor *running = dc_scan(s, true, front, last, PC_DTYPE_INVALID);
    const pc_tensor *count = dc_reduce(s, PC_REDUCE_SUM, dc_ew1(s, PC_EW_LOGICAL_NOT, nan), 1,
                                       &last, true, PC_DTYPE_INVALID);
    const pc_tensor *at = dc_ew2(s, PC_EW_MAXIMUM,
                                 dc_t(dc_ew2(s, PC_EW_SUBTRACT, dc_t(count), dc_i(1))), dc_i(0));
    const pc_tensor *pick = dc_gather(s, running,
                                      dc_ew2(s, PC_EW_ADD,
                                             dc_t(dc_slice(s, base, last, 0, 1)),
                                             dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(at),
                                                         dc_i(item)))));
    const pc_tensor *r = dc_where(s, dc_ew2(s, PC_EW_EQUAL, dc_t(count), dc_i(0)), dc_i(1),
                                  dc_t(pick));
    return dc_reshape(s, r, out->ndim, out->shape);
}

/* x != 0 (bool x is its own truth) */
static const pc_tensor *truth(dc *s, const pc_tensor *x)
{
    return x->dtype == PC_BOOL ? x : dc_ew2(s, PC_EW_NOT_EQUAL, dc_t(x), dc_i(0));
}

pc_status dc_reduce_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const dc_axes ax = dc_reduced_axes(x, out);
    const double correction = args->params != NULL
                                  ? ((const pc_reduce_params *)args->params)->correction
                                  : 0.0;
    const pc_dtype cdt = dc_compute_dtype(key);
    const pc_tensor *r = NULL;
    switch (op) {
    case PC_OP_MEAN:
    case PC_OP_NANMEAN: {
        const pc_tensor *xc = dc_cast(s, x, cdt);
        const bool skip = op == PC_OP_NANMEAN && has_nan(key);
        const pc_tensor *nan = skip ? dc_ew1(s, PC_EW_ISNAN, xc) : NULL;
        const pc_tensor *xs = skip ? dc_where(s, nan, dc_i(0), dc_t(xc)) : xc;
        const pc_operand n = skip ? dc_t(count_of(s, nan, &ax, pc_dtype_real_of(cdt)))
                                  : dc_f((double)ax.count);
        const pc_tensor *total = dc_reduce(s, PC_REDUCE_SUM, xs, ax.n, ax.axis, true,
                                           PC_DTYPE_INVALID);
        if (pc_dtype_kind(cdt) == PC_KIND_COMPLEX && out->dtype == cdt) {
            /* each part divided by the count, as the CPU does: a complex division by n + 0i
             * would make inf * 0 of an infinite part */
            for (int k = 0; k < 2; k++) {
                dc_copy(s, (pc_tensor *)dc_part(s, out, k),
                        dc_ew2(s, PC_EW_DIVIDE, dc_t(dc_part(s, total, k)), n));
            }
            return s->st;
        }
        r = dc_ew2(s, PC_EW_DIVIDE, dc_t(total), n);
        break;
    }
    case PC_OP_VAR:
    case PC_OP_STD:
    case PC_OP_NANVAR:
    case PC_OP_NANSTD: {
        const bool skip = (op == PC_OP_NANVAR || op == PC_OP_NANSTD) && has_nan(key);
        r = variance(s, dc_cast(s, x, cdt), &ax, skip, correction);
        if (op == PC_OP_STD || op == PC_OP_NANSTD) {
            r = dc_ew1(s, PC_EW_SQRT, r);
        }
        break;
    }
    case PC_OP_NANSUM:
    case PC_OP_NANPROD: {
        const bool sum = op == PC_OP_NANSUM;
        if (!sum && pc_dtype_kind(key) == PC_KIND_COMPLEX) {
            r = ax.count == 0 ? dc_full(s, out->ndim, out->shape, key, dc_i(1))
                              : complex_nanprod(s, x, &ax, out);
            break;
        }
        /* a real product times 1 is itself, infinities and NaN included */
        const pc_tensor *xs = has_nan(key) ? dc_where(s, dc_ew1(s, PC_EW_ISNAN, x), dc_i(sum ? 0 : 1),
                                                      dc_t(x))
                                           : x;
        r = dc_reduce(s, sum ? PC_REDUCE_SUM : PC_REDUCE_PROD, xs, ax.n, ax.axis, true,
                      PC_DTYPE_INVALID);
        break;
    }
    case PC_OP_NANMAX:
    case PC_OP_NANMIN:
        r = nan_select(s, op == PC_OP_NANMAX, x, &ax);
        break;
    case PC_OP_PTP: {
        /* the subtraction of the dtype: pc_rd_ptp_finish's rule (integers wrap, narrow floats
         * rounded once from float) */
        const pc_tensor *hi = dc_reduce(s, PC_REDUCE_MAX, x, ax.n, ax.axis, true,
                                        PC_DTYPE_INVALID);
        const pc_tensor *lo = dc_reduce(s, PC_REDUCE_MIN, x, ax.n, ax.axis, true,
                                        PC_DTYPE_INVALID);
        r = dc_ew2(s, x->dtype == PC_BOOL ? PC_EW_NOT_EQUAL : PC_EW_SUBTRACT, dc_t(hi), dc_t(lo));
        break;
    }
    case PC_OP_MAXABS:
        r = dc_reduce(s, PC_REDUCE_MAX, dc_ew1(s, PC_EW_ABS, x), ax.n, ax.axis, true,
                      PC_DTYPE_INVALID);
        break;
    case PC_OP_LOGSUMEXP:
        r = ax.count == 0 ? dc_full(s, out->ndim, out->shape, out->dtype, dc_f(-INFINITY))
                          : logsumexp(s, dc_cast(s, x, cdt), &ax);
        break;
    case PC_OP_COUNT_NONZERO:
        r = dc_reduce(s, PC_REDUCE_SUM, truth(s, x), ax.n, ax.axis, true, PC_INT64);
        break;
    case PC_OP_ANY:
        r = dc_ew2(s, PC_EW_GREATER,
                   dc_t(dc_reduce(s, PC_REDUCE_SUM, truth(s, x), ax.n, ax.axis, true, PC_INT64)),
                   dc_i(0));
        break;
    case PC_OP_ALL: {
        const pc_tensor *zero = x->dtype == PC_BOOL ? dc_ew1(s, PC_EW_LOGICAL_NOT, x)
                                                    : dc_ew2(s, PC_EW_EQUAL, dc_t(x), dc_i(0));
        r = dc_ew2(s, PC_EW_EQUAL,
                   dc_t(dc_reduce(s, PC_REDUCE_SUM, zero, ax.n, ax.axis, true, PC_INT64)),
                   dc_i(0));
        break;
    }
    default:
        return pc_error_set(PC_ERR_RUNTIME, "no reduction decomposition for '%s'",
                            pc_op_name(op));
    }
    dc_copy(s, out, r);
    return s->st;
}

/* [Why a scan has a decomposition] The scan is a primitive (a running combination in one pass
 * and the CPU's rounding order); a device that leaves it out still gets it in log2(n) rounds of
 * x[i] = x[i] op x[i - d] for d = 1, 2, 4, ... (Hillis and Steele): exact for integers
 * (wrapping), another rounding order for floating values, O(n log n) work. */
pc_status dc_scan_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)key;
    const pc_scan_params *p = (const pc_scan_params *)args->params;
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const int axis = p->axis;
    const int64_t n = x->shape[axis];
    const pc_ew_fn fn = op == PC_OP_CUMPROD ? PC_EW_MULTIPLY : PC_EW_ADD;
    pc_tensor *dst = out;
    if (p->include_initial) {
        dc_copy(s, (pc_tensor *)dc_slice(s, out, axis, 0, 1),
                dc_full(s, 0, NULL, out->dtype, dc_i(op == PC_OP_CUMPROD)));
        dst = (pc_tensor *)dc_slice(s, out, axis, 1, n);
    }
    if (n == 0 || s->st != PC_OK) {
        return s->st;
    }
    const int mark = dc_mark(s);
    const pc_tensor *a = dc_contiguous(s, dc_cast(s, x, out->dtype));
    for (int64_t d = 1; d < n && s->st == PC_OK; d *= 2) {
        pc_tensor *b = (pc_tensor *)dc_contiguous(s, a);
        dc_copy(s, (pc_tensor *)dc_slice(s, b, axis, d, n - d),
                dc_ew2(s, fn, dc_t(dc_slice(s, a, axis, d, n - d)),
                       dc_t(dc_slice(s, a, axis, 0, n - d))));
        const pc_tensor *keep[1] = {b};
        dc_drop(s, mark, keep, 1);
        a = b;
    }
    dc_copy(s, dst, a);
    return s->st;
}
