/*
 * vecops_impl.h - VECDOT and CROSS loops for dtype PCK_N around the element steps of
 * kernels/common/vecops_elem.h (integers wrap, narrow floats sum in float32). Included by
 * vecops.c through each_dtype.h. No include guard.
 */
#if PCK_K != PCK_KB
#include "kernels/common/vecops_elem.h"

#define PCV_AT(p) (*(const PCK_T *)(p))

static int PCK_FN(vecdot)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                          const int64_t *strides)
{
    const pc_vecdot_params *p = (const pc_vecdot_params *)ctx->params;
    const int64_t len = p->n;
    const int64_t sa = p->stride_a;
    const int64_t sb = p->stride_b;
#if PCL_IS_BLAS
    const int64_t item = (int64_t)sizeof(PCK_T);
    if (len >= PCV_BLAS_MIN_LEN && len <= INT32_MAX && sa > 0 && sb > 0 && sa % item == 0 &&
        sb % item == 0 && sa / item <= INT32_MAX && sb / item <= INT32_MAX) {
        const pcl_int nn = (pcl_int)len;
        const pcl_int ia = (pcl_int)(sa / item);
        const pcl_int ib = (pcl_int)(sb / item);
        for (int64_t e = 0; e < n; e++) {
            const PCK_T *a = (const PCK_T *)(data[0] + e * strides[0]);
            const PCK_T *b = (const PCK_T *)(data[1] + e * strides[1]);
            PCK_T *o = (PCK_T *)(data[2] + e * strides[2]);
#if PCK_K == PCK_KC
            PCL_CBLAS(dotc_sub)(nn, a, ia, b, ib, o);
#else
            *o = PCL_CBLAS(dot)(nn, a, ia, b, ib);
#endif
        }
        return 0;
    }
#endif
    for (int64_t e = 0; e < n; e++) {
        const char *a = data[0] + e * strides[0];
        const char *b = data[1] + e * strides[1];
        PCK_FN(ew_vecacc) acc = 0;
        for (int64_t i = 0; i < len; i++) {
            acc = PCK_FN(ew_vecdot_step)(acc, PCV_AT(a + i * sa), PCV_AT(b + i * sb));
        }
        *(PCK_T *)(data[2] + e * strides[2]) = PCK_FN(ew_vecdot_end)(acc);
    }
    return 0;
}

static int PCK_FN(cross)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                         const int64_t *strides)
{
    const pc_cross_params *p = (const pc_cross_params *)ctx->params;
    for (int64_t e = 0; e < n; e++) {
        const char *a = data[0] + e * strides[0];
        const char *b = data[1] + e * strides[1];
        char *o = data[2] + e * strides[2];
        const PCK_T a0 = PCV_AT(a), a1 = PCV_AT(a + p->stride_a), a2 = PCV_AT(a + 2 * p->stride_a);
        const PCK_T b0 = PCV_AT(b), b1 = PCV_AT(b + p->stride_b), b2 = PCV_AT(b + 2 * p->stride_b);
        *(PCK_T *)o = PCK_FN(ew_cross)(a1, b2, a2, b1);
        *(PCK_T *)(o + p->stride_out) = PCK_FN(ew_cross)(a2, b0, a0, b2);
        *(PCK_T *)(o + 2 * p->stride_out) = PCK_FN(ew_cross)(a0, b1, a1, b0);
    }
    return 0;
}

#undef PCV_AT

/* this dtype's kernels, registered for the kinds above */
static void PCK_FN(register_vecops)(void)
{
    pc_kernel_register(PC_OP_VECDOT, PC_DEVICE_CPU, PCK_ID, (pc_kernel){.loop = PCK_FN(vecdot)});
    pc_kernel_register(PC_OP_CROSS, PC_DEVICE_CPU, PCK_ID, (pc_kernel){.loop = PCK_FN(cross)});
}
#else
static void PCK_FN(register_vecops)(void) {}
#endif
