/*
 * ew_steps_body.cuh - the GPU step kernels of composite functions for dtype PCK_N: diff's
 * a - b (kernels/common/diff_elem.h), and for every dtype but bool vecdot's and cross's
 * per-vector loops around the element steps of kernels/common/vecops_elem.h (the reduced or
 * 3-element axis is read through the byte strides of pc_vecdot_params / pc_cross_params,
 * passed to the kernel by value). Included per dtype by ew_steps.cu; no include guard.
 */
#include "kernels/common/diff_elem.h"
#include "kernels/common/vecops_elem.h"

struct PCU_F(diff) {
    __device__ PCK_T operator()(PCK_T a, PCK_T b) const { return PCU_E(diff)(a, b); }
};

#if PCK_K != PCK_KB
#define PCU_AT(p) (*(const PCK_T *)(p))

struct PCU_F(vecdot) {
    pc_vecdot_params prm;
    __device__ void operator()(char **p) const
    {
        PCK_FN(ew_vecacc) acc = 0;
        for (int64_t i = 0; i < prm.n; i++) {
            acc = PCK_FN(ew_vecdot_step)(acc, PCU_AT(p[0] + i * prm.stride_a),
                                         PCU_AT(p[1] + i * prm.stride_b));
        }
        *(PCK_T *)p[2] = PCK_FN(ew_vecdot_end)(acc);
    }
};

struct PCU_F(cross) {
    pc_cross_params prm;
    __device__ void operator()(char **p) const
    {
        const char *a = p[0], *b = p[1];
        const PCK_T a0 = PCU_AT(a), a1 = PCU_AT(a + prm.stride_a), a2 = PCU_AT(a + 2 * prm.stride_a);
        const PCK_T b0 = PCU_AT(b), b1 = PCU_AT(b + prm.stride_b), b2 = PCU_AT(b + 2 * prm.stride_b);
        *(PCK_T *)p[2] = PCK_FN(ew_cross)(a1, b2, a2, b1);
        *(PCK_T *)(p[2] + prm.stride_out) = PCK_FN(ew_cross)(a2, b0, a0, b2);
        *(PCK_T *)(p[2] + 2 * prm.stride_out) = PCK_FN(ew_cross)(a0, b1, a1, b0);
    }
};
#undef PCU_AT

static pc_status PCK_FN(vecdot_iter)(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const int sizes[3] = {(int)sizeof(PCK_T), (int)sizeof(PCK_T), (int)sizeof(PCK_T)};
    const PCU_F(vecdot) f = {*(const pc_vecdot_params *)ctx->params};
    return pcu::launch<3>(it, sizes, f);
}

static pc_status PCK_FN(cross_iter)(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const int sizes[3] = {(int)sizeof(PCK_T), (int)sizeof(PCK_T), (int)sizeof(PCK_T)};
    const PCU_F(cross) f = {*(const pc_cross_params *)ctx->params};
    return pcu::launch<3>(it, sizes, f);
}
#endif

static void PCK_FN(register_steps)(void)
{
    pcu::register_map<PCK_T, PCK_T, 2, PCU_F(diff)>(PC_OP_DIFF, PCK_ID);
#if PCK_K != PCK_KB
    pcu::register_iter(PC_OP_VECDOT, PCK_ID, PCK_FN(vecdot_iter));
    pcu::register_iter(PC_OP_CROSS, PCK_ID, PCK_FN(cross_iter));
#endif
}
