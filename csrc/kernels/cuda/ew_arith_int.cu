/*
 * ew_arith_int.cu - the arithmetic family on the GPU for the int dtypes (the family is
 * split by kind so that the files compile in parallel): ew_arith_body.cuh per dtype.
 */
#include "ew_map.cuh"

#define PCU_IN_PART (PCK_K == PCK_KB || PCK_K == PCK_KI || PCK_K == PCK_KU)
#define PCK_BODY "kernels/cuda/ew_arith_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {
void register_arith_int()
{
    register_arith_BOOL();
    register_arith_INT8();
    register_arith_INT16();
    register_arith_INT32();
    register_arith_INT64();
    register_arith_UINT8();
    register_arith_UINT16();
    register_arith_UINT32();
    register_arith_UINT64();
}
} // namespace pcu
