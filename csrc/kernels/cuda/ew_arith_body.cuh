/*
 * ew_arith_body.cuh - the arithmetic family's GPU kernels for dtype PCK_N: the element
 * functions of kernels/common/arith_elem.h, the list of kernels/common/arith_ops.h. Included
 * per dtype by ew_arith_*.cu (only the kinds of that file: PCU_PART). No include guard.
 */
#if PCU_IN_PART
#include "kernels/common/arith_elem.h"
#include "kernels/common/arith_ops.h"

/* unary functions whose result is the real dtype for complex inputs */
#if PCK_K == PCK_KC
#define PCU_UNARY_R(ID, name)                                                                   \
    struct PCU_F(name) {                                                                        \
        __device__ PCK_RT operator()(PCK_T a) const { return PCU_E(name)(PCK_LOAD(a)); }        \
    };
#define PCU_REG_R(ID, name) pcu::register_map<PCK_RT, PCK_T, 1, PCU_F(name)>(PC_OP_##ID, PCK_ID);
#else
#define PCU_UNARY_R PCU_UNARY
#define PCU_REG_R PCU_REG_U
#endif

PC_ARITH_OPS(PCU_UNARY, PCU_UNARY_R, PCU_BINARY)

static void PCK_FN(register_arith)(void) { PC_ARITH_OPS(PCU_REG_U, PCU_REG_R, PCU_REG_B) }

#undef PCU_UNARY_R
#undef PCU_REG_R
#endif
