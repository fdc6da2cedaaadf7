/*
 * ew_steps.cu - the elementwise steps of composite functions on the GPU: diff's a - b (every
 * dtype), vecdot's and cross's per-vector loops (every dtype but bool); ew_steps_body.cuh per
 * dtype.
 */
#include "ew_map.cuh"
#include "paddle_c/kernels/linalg_kernels.h"

#define PCK_BODY "kernels/cuda/ew_steps_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {
void register_steps()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_steps_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
} // namespace pcu
