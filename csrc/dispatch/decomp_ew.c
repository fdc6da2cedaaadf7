/*
 * decomp_ew.c - the elementwise ops that are not primitives (logaddexp, diff's step, clip,
 * vecdot, cross) as other elementwise ops and sums: decompose.c's rows name dc_ew_composite.
 * The call is the dispatcher's (table.h: pc_ew_call): inputs are converted to the dtypes the
 * op computes in, the result is written into the output operand, converted to its dtype.
 *
 * The CPU's element functions are followed: clip keeps x's NaN, then hi's, then lo's (the
 * order of ew_clip); vecdot accumulates conj(a) * b and cross forms a1 * b2 - a2 * b1 with the
 * textbook complex product, float16 and bfloat16 in float32 (vecops_elem.h); diff of bool is
 * !=.
 */
#include <string.h>

#include "decomp.h"
#include "paddle_c/kernels/linalg_kernels.h"

#define LN2 0.69314718055994530942

static const pc_tensor *logaddexp(dc *s, const pc_tensor *a, const pc_tensor *b)
{
    const pc_tensor *tail = dc_ew1(s, PC_EW_LOG1P,
                                   dc_ew1(s, PC_EW_EXP,
                                          dc_ew1(s, PC_EW_NEGATIVE,
                                                 dc_ew1(s, PC_EW_ABS,
                                                        dc_ew2(s, PC_EW_SUBTRACT, dc_t(a), dc_t(b))))));
    const pc_tensor *general = dc_ew2(s, PC_EW_ADD, dc_t(dc_ew2(s, PC_EW_MAXIMUM, dc_t(a), dc_t(b))),
                                      dc_t(tail));
    const pc_tensor *tie = dc_ew2(s, PC_EW_ADD, dc_t(a), dc_f(LN2));
    return dc_where(s, dc_ew2(s, PC_EW_EQUAL, dc_t(a), dc_t(b)), dc_t(tie), dc_t(general));
}

static const pc_tensor *clip(dc *s, const pc_tensor *x, const pc_tensor *lo, const pc_tensor *hi)
{
    const pc_tensor *v = dc_where(s, dc_ew2(s, PC_EW_LESS, dc_t(x), dc_t(lo)), dc_t(lo), dc_t(x));
    v = dc_where(s, dc_ew2(s, PC_EW_GREATER, dc_t(v), dc_t(hi)), dc_t(hi), dc_t(v));
    if (pc_dtype_kind(x->dtype) == PC_KIND_FLOAT) {
        v = dc_where(s, dc_ew1(s, PC_EW_ISNAN, lo), dc_t(lo), dc_t(v));
        v = dc_where(s, dc_ew1(s, PC_EW_ISNAN, hi), dc_t(hi), dc_t(v));
        v = dc_where(s, dc_ew1(s, PC_EW_ISNAN, x), dc_t(x), dc_t(v));
    }
    return v;
}

/* t (an operand of the call) with one more, innermost axis of `n` elements `stride` bytes
 * apart, in dtype `dt` */
static const pc_tensor *with_axis(dc *s, const pc_tensor *t, int64_t n, int64_t stride,
                                  pc_dtype dt)
{
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    if (t->ndim + 1 > PC_MAX_NDIM) {
        return dc_fail(s, PC_ERR_VALUE, "vecdot: too many dimensions");
    }
    memcpy(shape, t->shape, (size_t)t->ndim * sizeof(int64_t));
    memcpy(strides, t->strides, (size_t)t->ndim * sizeof(int64_t));
    shape[t->ndim] = n;
    strides[t->ndim] = stride;
    return dc_cast(s, dc_view(s, t, t->ndim + 1, shape, strides, t->offset), dt);
}

static const pc_tensor *vecdot(dc *s, const pc_ew_call *call)
{
    const pc_vecdot_params *p = (const pc_vecdot_params *)call->params;
    const pc_dtype dt = dc_product_dtype(call->key);
    const pc_tensor *a = with_axis(s, call->ops[0], p->n, p->stride_a, dt);
    const pc_tensor *b = with_axis(s, call->ops[1], p->n, p->stride_b, dt);
    if (pc_dtype_kind(dt) == PC_KIND_COMPLEX) {
        a = dc_ew1(s, PC_EW_CONJ, a);
    }
    const pc_tensor *prod = dc_ew2(s, PC_EW_MULTIPLY, dc_t(a), dc_t(b));
    if (prod == NULL) {
        return NULL;
    }
    const int last = prod->ndim - 1;
    return dc_reduce(s, PC_REDUCE_SUM, prod, 1, &last, false, PC_DTYPE_INVALID);
}

/* component k of the vectors of operand t (the 3-element axis `stride` bytes apart) */
static const pc_tensor *component(dc *s, const pc_tensor *t, int k, int64_t stride, pc_dtype dt)
{
    return dc_cast(s, dc_view(s, t, t->ndim, t->shape, t->strides, t->offset + k * stride), dt);
}

static pc_status cross(dc *s, const pc_ew_call *call)
{
    const pc_cross_params *p = (const pc_cross_params *)call->params;
    const pc_dtype dt = dc_product_dtype(call->key);
    const pc_tensor *a[3], *b[3];
    for (int k = 0; k < 3; k++) {
        a[k] = component(s, call->ops[0], k, p->stride_a, dt);
        b[k] = component(s, call->ops[1], k, p->stride_b, dt);
    }
    const pc_tensor *out = call->ops[2];
    for (int k = 0; k < 3 && s->st == PC_OK; k++) {
        const int u = (k + 1) % 3, v = (k + 2) % 3;
        const pc_tensor *c = dc_ew2(s, PC_EW_SUBTRACT,
                                    dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(a[u]), dc_t(b[v]))),
                                    dc_t(dc_ew2(s, PC_EW_MULTIPLY, dc_t(a[v]), dc_t(b[u]))));
        dc_copy(s, (pc_tensor *)dc_view(s, out, out->ndim, out->shape, out->strides,
                                        out->offset + k * p->stride_out),
                c);
    }
    return s->st;
}

pc_status dc_ew_composite(dc *s, const pc_ew_call *call)
{
    if (call->ops[call->nin]->size == 0) {
        return PC_OK; /* nothing to write (and empty operands have no element to view) */
    }
    if (call->op == PC_OP_CROSS) {
        return cross(s, call);
    }
    if (call->op == PC_OP_VECDOT) {
        dc_copy(s, (pc_tensor *)call->ops[2], vecdot(s, call));
        return s->st;
    }
    /* the inputs in the dtypes the op computes in */
    const pc_tensor *in[3] = {NULL, NULL, NULL};
    for (int i = 0; i < call->nin && i < 3; i++) {
        in[i] = dc_cast(s, call->ops[i], call->dtypes[i]);
    }
    if (s->st != PC_OK) {
        return s->st;
    }
    const pc_tensor *r = NULL;
    switch (call->op) {
    case PC_OP_LOGADDEXP:
        r = logaddexp(s, in[0], in[1]);
        break;
    case PC_OP_DIFF:
        r = dc_ew2(s, call->key == PC_BOOL ? PC_EW_NOT_EQUAL : PC_EW_SUBTRACT, dc_t(in[0]),
                   dc_t(in[1]));
        break;
    case PC_OP_CLIP:
        r = clip(s, in[0], in[1], in[2]);
        break;
    default:
        return pc_error_set(PC_ERR_RUNTIME, "no elementwise decomposition for '%s'",
                            pc_op_name(call->op));
    }
    dc_copy(s, (pc_tensor *)call->ops[call->nin], r);
    return s->st;
}
