/*
 * convert.cuh - convert<D>(s): the value s (storage type S) in the dtype of storage type D, on
 * the host and the device, through the element layer's one scalar conversion
 * (kernels/common/cast_elem.h, whose rules the CPU casts use too). All 225 pairs.
 */
#ifndef PADDLE_C_CUDA_CONVERT_CUH
#define PADDLE_C_CUDA_CONVERT_CUH

#include "common.cuh"

template <typename D, typename S> struct pc_conv;

#define PCK_ROW "kernels/cuda/convert_row.cuh"
#include "kernels/common/each_src.h"
#undef PCK_ROW

namespace pcu {
template <typename D, typename S> __host__ __device__ inline D convert(S s)
{
    return pc_conv<D, S>::run(s);
}
} // namespace pcu

#endif
