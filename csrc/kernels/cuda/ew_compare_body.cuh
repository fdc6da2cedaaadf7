/*
 * ew_compare_body.cuh - GPU kernels of classification, comparison, logical and bitwise
 * functions, clip and where for dtype PCK_N: the element functions of
 * kernels/common/compare_elem.h and bitwise_elem.h, the lists of compare_ops.h. Included per
 * dtype by ew_compare.cu; no include guard.
 */
#include "kernels/common/bitwise_elem.h"
#include "kernels/common/compare_elem.h"
#include "kernels/common/compare_ops.h"

PC_COMPARE_OPS(PCU_UNARY_B, PCU_BINARY_B)
PC_BITWISE_OPS(PCU_UNARY, PCU_BINARY)

#if PCK_K != PCK_KC
struct PCU_F(clip) {
    __device__ PCK_T operator()(PCK_T x, PCK_T lo, PCK_T hi) const
    {
        return PCK_STORE(PCU_E(clip)(PCK_LOAD(x), PCK_LOAD(lo), PCK_LOAD(hi)));
    }
};
#endif

static void PCK_FN(register_compare)(void)
{
    PC_COMPARE_OPS(PCU_REG_UB, PCU_REG_BB)
    PC_BITWISE_OPS(PCU_REG_U, PCU_REG_B)
#if PCK_K != PCK_KC
    pcu::register_map<PCK_T, PCK_T, 3, PCU_F(clip)>(PC_OP_CLIP, PCK_ID);
#endif
    pcu::register_iter(PC_OP_WHERE, PCK_ID, pcu::where_iter<PCK_T>);
}
