/*
 * decomp_order.c - the ops that select by order, from the primitives: the arg-reductions
 * (argmax, argmin and their nan forms) from max/min, a compare and a min of positions; argsort
 * from the sort primitive's positions; the median of sorted lanes from gathers of their middle
 * elements. decompose.c's rows name the entry points.
 *
 * The CPU's rules are kept exactly (tests/test_consistency_reductions.py and _sorting.py
 * compare them exactly): the first index of the extreme value wins, a NaN counts as the
 * extreme (its first index), -0 equals +0; the nan forms skip NaN and report a slice of NaN
 * only (All-NaN) through the operation's result word; the median is NaN when a lane holds NaN
 * (unless skipped), the lower middle element for `lower`, else (a + b) / 2 computed in float64
 * (0.5 a + 0.5 b where the sum overflows), as median_elem.h does.
 */
#include <math.h>
#include <string.h>

#include "decomp.h"
#include "paddle_c/kernels/reduce_kernels.h"

static bool has_nan(pc_dtype dt) { return pc_dtype_kind(dt) == PC_KIND_FLOAT; }

/* 0-D int64 zero (a failure's value when it has none) */
static const pc_tensor *zero(dc *s) { return dc_full(s, 0, NULL, PC_INT64, dc_i(0)); }

/* The position along `axis` of every element of x: an int64 view of 0 .. n-1 with x's shape. */
static const pc_tensor *axis_positions(dc *s, const pc_tensor *x, int axis)
{
    const pc_tensor *i = dc_arange(s, x->shape[axis], PC_INT64);
    if (i == NULL) {
        return NULL;
    }
    int64_t strides[PC_MAX_NDIM] = {0};
    strides[axis] = i->strides[0];
    return dc_view(s, i, x->ndim, x->shape, strides, i->offset);
}

pc_status dc_arg_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    const pc_argreduce_params *p = (const pc_argreduce_params *)args->params;
    const pc_tensor *x = args->in[0];
    const int axis = p->axis;
    const int64_t n = x->shape[axis];
    const bool max = op == PC_OP_ARGMAX || op == PC_OP_NANARGMAX;
    const bool skip = op == PC_OP_NANARGMAX || op == PC_OP_NANARGMIN;
    const pc_tensor *nan = has_nan(key) ? dc_ew1(s, PC_EW_ISNAN, x) : NULL;
    const pc_tensor *xs = skip && nan != NULL
                              ? dc_where(s, nan, dc_f(max ? -INFINITY : INFINITY), dc_t(x))
                              : x;
    const pc_tensor *m = dc_reduce(s, max ? PC_REDUCE_MAX : PC_REDUCE_MIN, xs, 1, &axis, true,
                                   PC_DTYPE_INVALID);
    const pc_tensor *hit = dc_ew2(s, PC_EW_EQUAL, dc_t(xs), dc_t(m));
    if (nan != NULL) {
        /* max/min propagate NaN: the first NaN is the answer, unless NaN is skipped */
        hit = skip ? dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(hit), dc_t(dc_ew1(s, PC_EW_LOGICAL_NOT, nan)))
                   : dc_ew2(s, PC_EW_LOGICAL_OR, dc_t(hit), dc_t(nan));
    }
    const pc_tensor *idx = dc_reduce(s, PC_REDUCE_MIN,
                                     dc_where(s, hit, dc_t(axis_positions(s, x, axis)), dc_i(n)),
                                     1, &axis, true, PC_DTYPE_INVALID);
    if (skip && nan != NULL) {
        /* a slice of NaN only has no hit: All-NaN */
        const pc_tensor *none = dc_ew2(s, PC_EW_EQUAL, dc_t(idx), dc_i(n));
        const pc_tensor *failed = dc_reduce(s, PC_REDUCE_MAX, none, -1, NULL, false,
                                            PC_DTYPE_INVALID);
        if (p->result != NULL) {
            dc_report(s, p->result, failed, PC_ERR_VALUE, 0, zero(s));
        } else if (failed != NULL && dc_read_i64(s, failed) != 0) {
            return pc_error_set(PC_ERR_VALUE, PC_MSG_ALL_NAN);
        }
        idx = dc_where(s, none, dc_i(0), dc_t(idx));
    }
    dc_copy(s, args->out[0], idx);
    return s->st;
}

pc_status dc_argsort_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    const pc_tensor *x = args->in[0];
    pc_tensor *values = (pc_tensor *)dc_empty(s, x->ndim, x->shape, key);
    if (values == NULL) {
        return s->st;
    }
    pc_tensor *outs[2] = {values, args->out[0]};
    const pc_kernel_args sort = {1, 2, args->in, outs, args->params};
    return pc_dispatch_whole(PC_OP_SORT, key, &sort);
}

/* The element at position `pos` (int64, out's shape) of each lane of x along `axis`. */
static const pc_tensor *lane_element(dc *s, const pc_tensor *x, int axis, const pc_tensor *out,
                                     const pc_tensor *pos)
{
    int64_t strides[PC_MAX_NDIM];
    memcpy(strides, x->strides, (size_t)x->ndim * sizeof(int64_t));
    strides[axis] = 0;
    const pc_tensor *base = dc_positions(s, out->ndim, out->shape, strides);
    const pc_tensor *off = dc_ew2(s, PC_EW_ADD, dc_t(base),
                                  dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(pos),
                                              dc_i(x->strides[axis]))));
    return dc_gather(s, x, off);
}

pc_status dc_median_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args)
{
    (void)op;
    const pc_median_params *p = (const pc_median_params *)args->params;
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const int axis = p->axis;
    const int64_t n = x->shape[axis];
    if (n == 0) {
        /* an empty lane: NaN, or 0 (the lower middle of a dtype without NaN) */
        const bool zero_fill = p->lower && !has_nan(key);
        dc_copy(s, out, dc_full(s, 0, NULL, zero_fill ? key : PC_FLOAT64,
                                zero_fill ? dc_i(0) : dc_f(NAN)));
        return s->st;
    }
    /* k: the elements that count (NaN sorts last); `nan`: the lanes whose median is NaN */
    const pc_tensor *k = NULL;
    const pc_tensor *nan = NULL;
    if (has_nan(key) && p->skip_nan) {
        k = dc_reduce(s, PC_REDUCE_SUM, dc_ew1(s, PC_EW_LOGICAL_NOT, dc_ew1(s, PC_EW_ISNAN, x)), 1,
                      &axis, true, PC_DTYPE_INVALID);
        nan = dc_ew2(s, PC_EW_EQUAL, dc_t(k), dc_i(0));
    } else {
        k = dc_full(s, out->ndim, out->shape, PC_INT64, dc_i(n));
        nan = has_nan(key) ? dc_ew1(s, PC_EW_ISNAN, dc_slice(s, x, axis, n - 1, 1)) : NULL;
    }
    const pc_tensor *lo = dc_ew2(s, PC_EW_MAXIMUM,
                                 dc_t(dc_ew2(s, PC_EW_FLOOR_DIVIDE,
                                             dc_t(dc_ew2(s, PC_EW_SUBTRACT, dc_t(k), dc_i(1))),
                                             dc_i(2))),
                                 dc_i(0));
    const pc_tensor *a = lane_element(s, x, axis, out, lo);
    const pc_tensor *r = NULL;
    if (p->lower) {
        r = nan != NULL ? dc_where(s, nan, dc_f(NAN), dc_t(a)) : a;
    } else {
        const pc_tensor *hi = dc_ew2(s, PC_EW_FLOOR_DIVIDE, dc_t(k), dc_i(2));
        const pc_tensor *a64 = dc_cast(s, a, PC_FLOAT64);
        const pc_tensor *b64 = dc_cast(s, lane_element(s, x, axis, out, hi), PC_FLOAT64);
        const pc_tensor *half = dc_ew2(s, PC_EW_MULTIPLY,
                                       dc_t(dc_ew2(s, PC_EW_ADD, dc_t(a64), dc_t(b64))), dc_f(0.5));
        /* the sum overflowed though neither half is infinite: halve first */
        const pc_tensor *alt = dc_ew2(s, PC_EW_ADD,
                                      dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(a64), dc_f(0.5))),
                                      dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(b64), dc_f(0.5))));
        const pc_tensor *finite_parts = dc_ew2(s, PC_EW_LOGICAL_AND,
                                               dc_t(dc_ew1(s, PC_EW_ISFINITE, a64)),
                                               dc_t(dc_ew1(s, PC_EW_ISFINITE, b64)));
        const pc_tensor *use_alt = dc_ew2(s, PC_EW_LOGICAL_AND, dc_t(dc_ew1(s, PC_EW_ISINF, half)),
                                          dc_t(finite_parts));
        const pc_tensor *m = dc_where(s, use_alt, dc_t(alt), dc_t(half));
        const pc_tensor *odd = dc_ew2(s, PC_EW_EQUAL,
                                      dc_t(dc_ew2(s, PC_EW_REMAINDER, dc_t(k), dc_i(2))), dc_i(1));
        r = dc_where(s, odd, dc_t(a64), dc_t(m));
        if (nan != NULL) {
            r = dc_where(s, nan, dc_f(NAN), dc_t(r));
        }
    }
    dc_copy(s, out, r);
    return s->st;
}
