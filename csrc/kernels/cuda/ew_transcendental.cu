/*
 * ew_transcendental.cu - exp, log, the trigonometric and hyperbolic functions and their
 * inverses, atan2, hypot, copysign, nextafter and logaddexp on the GPU:
 * ew_transcendental_body.cuh per dtype. libm's device functions, never --use_fast_math.
 */
#include "ew_map.cuh"
#include "kernels/common/transcendental_ops.h"

#define PCK_BODY "kernels/cuda/ew_transcendental_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {
void register_transcendental()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_transcendental_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
} // namespace pcu
