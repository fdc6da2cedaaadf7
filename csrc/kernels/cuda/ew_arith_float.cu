/*
 * ew_arith_float.cu - the arithmetic family on the GPU for the float dtypes (the family is
 * split by kind so that the files compile in parallel): ew_arith_body.cuh per dtype.
 */
#include "ew_map.cuh"

#define PCU_IN_PART (PCK_K == PCK_KF || PCK_K == PCK_KC)
#define PCK_BODY "kernels/cuda/ew_arith_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {
void register_arith_float()
{
    register_arith_FLOAT16();
    register_arith_BFLOAT16();
    register_arith_FLOAT32();
    register_arith_FLOAT64();
    register_arith_COMPLEX64();
    register_arith_COMPLEX128();
}
} // namespace pcu
