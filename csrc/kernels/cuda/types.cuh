/*
 * types.cuh - the device storage type of each dtype (dtype_of<PC_FLOAT32>::type is float), and
 * the backend these kernels register for (CUDA, or ROCm when built with hipcc).
 */
#ifndef PADDLE_C_CUDA_TYPES_CUH
#define PADDLE_C_CUDA_TYPES_CUH

#include "common.cuh"

#ifdef PC_USE_HIP
#define PC_DEVICE_GPU_BACKEND PC_DEVICE_ROCM
#else
#define PC_DEVICE_GPU_BACKEND PC_DEVICE_CUDA
#endif

namespace pcu {

template <pc_dtype D> struct dtype_of;
template <> struct dtype_of<PC_BOOL> { using type = bool; };
template <> struct dtype_of<PC_INT8> { using type = int8_t; };
template <> struct dtype_of<PC_INT16> { using type = int16_t; };
template <> struct dtype_of<PC_INT32> { using type = int32_t; };
template <> struct dtype_of<PC_INT64> { using type = int64_t; };
template <> struct dtype_of<PC_UINT8> { using type = uint8_t; };
template <> struct dtype_of<PC_UINT16> { using type = uint16_t; };
template <> struct dtype_of<PC_UINT32> { using type = uint32_t; };
template <> struct dtype_of<PC_UINT64> { using type = uint64_t; };
template <> struct dtype_of<PC_FLOAT16> { using type = half_t; };
template <> struct dtype_of<PC_BFLOAT16> { using type = bhalf_t; };
template <> struct dtype_of<PC_FLOAT32> { using type = float; };
template <> struct dtype_of<PC_FLOAT64> { using type = double; };
template <> struct dtype_of<PC_COMPLEX64> { using type = c64_t; };
template <> struct dtype_of<PC_COMPLEX128> { using type = c128_t; };

#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    static_assert(sizeof(dtype_of<PC_##ID>::type) == (size), "types.cuh disagrees with dtypes.def");
#include "paddle_c/dtypes.def"
#undef PC_DTYPE

} // namespace pcu

#endif
