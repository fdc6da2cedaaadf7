/*
 * common.cuh - what every CUDA kernel file shares: the runtime headers (CUDA, or HIP through
 * vendors/hip.h), the element layer (kernels/common) as host + device code, the device storage
 * type of each dtype (the CPU's own types: dtype_params.h) and the backend these kernels
 * register for.
 *
 * Compiled by nvcc (or hipcc with PC_USE_HIP).
 */
#ifndef PADDLE_C_CUDA_COMMON_CUH
#define PADDLE_C_CUDA_COMMON_CUH

#include <stdint.h>

#ifdef PC_USE_HIP
#include "vendors/hip.h"
#else
#include <cuda_runtime.h>
#endif

#include "paddle_c/kernels/result_word.h"
#include "paddle_c/kernels/table.h"
#include "kernels/common/dtype_params.h"
#include "kernels/common/elem_math.h"

/* A grid-stride loop: i over [0, n), each thread from its global index in steps of the grid */
#define PCU_GRID_STRIDE(i, n)                                                                     \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);                    \
         i += (int64_t)blockDim.x * gridDim.x)

#ifdef PC_USE_HIP
#define PC_DEVICE_GPU_BACKEND PC_DEVICE_ROCM
#else
#define PC_DEVICE_GPU_BACKEND PC_DEVICE_CUDA
#endif

namespace pcu {

/* dtype_of<PC_FLOAT32>::type is float: the storage type of dtype_params.h */
template <pc_dtype D> struct dtype_of;
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    template <> struct dtype_of<PC_##ID> {                                                     \
        using type = PCK_T_##ID;                                                               \
    };                                                                                         \
    static_assert(sizeof(PCK_T_##ID) == (size), "dtype_params.h disagrees with dtypes.def");
#include "paddle_c/dtypes.def"
#undef PC_DTYPE

/* the launch error, if any, of the last launch on `dev` (checked by the runtime; with
 * PADDLE_C_LAUNCH_BLOCKING=1 the kernel's own error), naming `what` and, when given, the
 * functor it ran (`pretty`: a functor_name<G>()) */
pc_status check_launch(pc_device dev, const char *what, const char *pretty = nullptr);

/* The backend's runtime hooks (kernels/table.h): kept by pc_cuda_register_kernels before any
 * kernel is registered, read by the launch checks and the scratch memory. */
void set_runtime(const pc_gpu_runtime *runtime);
const pc_gpu_runtime &runtime();

/* The compiler's spelling of this function for G ("... [with G = pcu::map1<...>]"): names the
 * functor of a launch in error messages (check_launch cuts out the part after "G = "). */
template <typename G> const char *functor_name() { return __PRETTY_FUNCTION__; }
pc_status select_device(pc_device dev);

} // namespace pcu

#endif
