/*
 * ew_steps_body.cuh - the GPU step kernel of diff for dtype PCK_N (kernels/common/diff_elem.h).
 * Included per dtype by ew_steps.cu; no include guard.
 */
#include "kernels/common/diff_elem.h"

struct PCU_F(diff) {
    __device__ PCK_T operator()(PCK_T a, PCK_T b) const { return PCU_E(diff)(a, b); }
};

static void PCK_FN(register_steps)(void)
{
    pcu::register_iter(PC_OP_DIFF, PCK_ID, pcu::map_iter<PCK_T, PCK_T, 2, PCU_F(diff)>);
}
