/*
 * index_impl.h - gather and scatter loops and the boolean-mask loops for dtype PCK_N (index.c
 * includes it through each_dtype.h). Offsets and counts were validated by the planner. No
 * include guard.
 */
#include "kernels/common/arith_elem.h"

/* index_add's SCATTER: every position in turn, repeats accumulating in order, with `+` of the
 * ADD op (arith_elem.h) rounded to the dtype at each step */
static pc_status PCK_FN(scatter_add)(const pc_gather_params *p)
{
    const char *s = p->other;
    for (int64_t i = 0; i < p->n; i++) {
        int64_t at;
        if (p->offsets != NULL) {
            at = p->offsets[i];
        } else {
            const int64_t v = p->index[i];
            at = (v < 0 ? v + p->len : v) * p->stride;
        }
        PCK_T *d = (PCK_T *)(p->base + at);
        *d = PCK_STORE(PCK_FN(ew_add)(PCK_LOAD(*d), PCK_LOAD(PCK_AT(const PCK_T, s, i, p->step))));
    }
    return PC_OK;
}
static pc_status PCK_FN(gather)(const pc_kernel_args *args)
{
    const pc_gather_params *p = (const pc_gather_params *)args->params;
    const char *base = p->base;
    const int64_t n = p->n;
    const int64_t step = p->step;
    if (p->offsets == NULL) {
        /* unvalidated indices: out-of-range ones read element 0 and fail the call at the end
         * (the result is discarded) */
        const int64_t *restrict idx = p->index;
        const uint64_t len = (uint64_t)p->len;
        const int64_t stride = p->stride;
        uint64_t bad = 0;
        if (step == (int64_t)sizeof(PCK_T) && stride == (int64_t)sizeof(PCK_T)) {
            const PCK_T *restrict src = (const PCK_T *)base;
            PCK_T *restrict d = (PCK_T *)p->other;
            for (int64_t i = 0; i < n; i++) {
                const int64_t v = idx[i];
                const uint64_t w = (uint64_t)(v < 0 ? v + (int64_t)len : v);
                bad |= w >= len;
                d[i] = src[w < len ? w : 0];
            }
        } else {
            char *d = p->other;
            for (int64_t i = 0; i < n; i++) {
                const int64_t v = idx[i];
                const uint64_t w = (uint64_t)(v < 0 ? v + (int64_t)len : v);
                bad |= w >= len;
                const int64_t at = (int64_t)(w < len ? w : 0) * stride;
                PCK_AT(PCK_T, d, i, step) = *(const PCK_T *)(base + at);
            }
        }
        if (bad && p->result != NULL) {
            pc_result_fail(p->result, PC_ERR_INDEX, 0, 0);
            return PC_OK;
        }
        return bad ? pc_error_set(PC_ERR_INDEX, "index out of bounds") : PC_OK;
    }
    if (step == (int64_t)sizeof(PCK_T)) {
        const int64_t *restrict off = p->offsets;
        PCK_T *restrict d = (PCK_T *)p->other;
        for (int64_t i = 0; i < n; i++) {
            d[i] = *(const PCK_T *)(base + off[i]);
        }
    } else {
        const int64_t *restrict off = p->offsets;
        char *d = p->other;
        for (int64_t i = 0; i < n; i++) {
            PCK_AT(PCK_T, d, i, step) = *(const PCK_T *)(base + off[i]);
        }
    }
    return PC_OK;
}

static pc_status PCK_FN(scatter)(const pc_kernel_args *args)
{
    const pc_gather_params *p = (const pc_gather_params *)args->params;
    char *base = p->base;
    const int64_t n = p->n;
    const int64_t step = p->step;
    const char *s = p->other;
    if (p->accumulate) {
        return PCK_FN(scatter_add)(p);
    }
    if (p->offsets == NULL) {
        const int64_t *restrict idx = p->index;
        const int64_t len = p->len;
        const int64_t stride = p->stride;
        for (int64_t i = 0; i < n; i++) {
            const int64_t v = idx[i];
            *(PCK_T *)(base + (v < 0 ? v + len : v) * stride) = PCK_AT(const PCK_T, s, i, step);
        }
    } else if (step == 0) {
        const int64_t *restrict off = p->offsets;
        const PCK_T v = *(const PCK_T *)s;
        for (int64_t i = 0; i < n; i++) {
            *(PCK_T *)(base + off[i]) = v;
        }
    } else {
        const int64_t *restrict off = p->offsets;
        for (int64_t i = 0; i < n; i++) {
            *(PCK_T *)(base + off[i]) = PCK_AT(const PCK_T, s, i, step);
        }
    }
    return PC_OK;
}

/* [Why branch-free mask loops] A random mask defeats branch prediction; storing
 * unconditionally and advancing by the mask bit (select, scatter) or blending (fill) costs the
 * same for every mask. */
static int PCK_FN(mask_select)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                               const int64_t *strides)
{
    pc_mask_params *p = (pc_mask_params *)ctx->params;
    PCK_T *restrict out = (PCK_T *)p->out;
    const int64_t xs = strides[0];
    const int64_t ms = strides[1];
    int64_t k = 0;
    if (xs == (int64_t)sizeof(PCK_T) && ms == 1) {
        const PCK_T *restrict x = (const PCK_T *)data[0];
        const uint8_t *restrict m = (const uint8_t *)data[1];
        for (int64_t i = 0; i < n; i++) {
            out[k] = x[i];
            k += m[i] != 0;
        }
    } else {
        const char *x = data[0];
        const uint8_t *m = (const uint8_t *)data[1];
        for (int64_t i = 0; i < n; i++) {
            out[k] = PCK_AT(const PCK_T, x, i, xs);
            k += m[i * ms] != 0;
        }
    }
    p->out = (char *)(out + k);
    return 0;
}

static int PCK_FN(mask_fill)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                             const int64_t *strides)
{
    const pc_mask_params *p = (const pc_mask_params *)ctx->params;
    PCK_T v;
    memcpy(&v, p->fill, sizeof v);
    const int64_t xs = strides[0];
    const int64_t ms = strides[1];
    if (xs == (int64_t)sizeof(PCK_T) && ms == 1) {
        PCK_T *restrict x = (PCK_T *)data[0];
        const uint8_t *restrict m = (const uint8_t *)data[1];
        for (int64_t i = 0; i < n; i++) {
            x[i] = m[i] ? v : x[i];
        }
    } else {
        char *x = data[0];
        const uint8_t *m = (const uint8_t *)data[1];
        for (int64_t i = 0; i < n; i++) {
            if (m[i * ms]) {
                PCK_AT(PCK_T, x, i, xs) = v;
            }
        }
    }
    return 0;
}

/* Scatter in blocks: the positions of a block's true elements are gathered branch-free (as in
 * select), then the values are stored at them; no step depends on a prediction. */
static int PCK_FN(mask_scatter)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                const int64_t *strides)
{
    pc_mask_params *p = (pc_mask_params *)ctx->params;
    const int64_t step = p->step;
    const int64_t xs = strides[0];
    const int64_t ms = strides[1];
    const uint8_t *m = (const uint8_t *)data[1];
    char *x = data[0];
    const char *v = p->values + p->k * step;
    int32_t pos[1024];
    for (int64_t b = 0; b < n; b += 1024) {
        const int32_t len = (int32_t)(n - b < 1024 ? n - b : 1024);
        const uint8_t *mb = m + b * ms;
        int32_t c = 0;
        if (ms == 1) {
            for (int32_t i = 0; i < len; i++) {
                pos[c] = i;
                c += mb[i] != 0;
            }
        } else {
            for (int32_t i = 0; i < len; i++) {
                pos[c] = i;
                c += mb[i * ms] != 0;
            }
        }
        char *xb = x + b * xs;
        if (xs == (int64_t)sizeof(PCK_T) && step == (int64_t)sizeof(PCK_T)) {
            PCK_T *restrict xt = (PCK_T *)xb;
            const PCK_T *restrict vt = (const PCK_T *)v;
            for (int32_t j = 0; j < c; j++) {
                xt[pos[j]] = vt[j];
            }
        } else {
            for (int32_t j = 0; j < c; j++) {
                PCK_AT(PCK_T, xb, pos[j], xs) = PCK_AT(const PCK_T, v, j, step);
            }
        }
        v += c * step;
        p->k += c;
    }
    return 0;
}
