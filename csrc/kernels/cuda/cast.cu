/*
 * cast.cu - the GPU casts, all 15 x 15, through the element layer's conversion
 * (kernels/common/cast_elem.h): the CPU cast loops use the same function, so both round alike
 * (int64 -> float32 converts directly, never through double).
 */
#include "convert.cuh"
#include "launch.cuh"

namespace pcu {

template <typename D, typename S> struct cast_fn {
    __device__ D operator()(S s) const { return convert<D>(s); }
};

template <typename D, typename S> pc_status cast_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    return map<D, S, 1>(it, cast_fn<D, S>{});
}

template <typename S> void register_casts_from(pc_dtype from)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    {                                                                                          \
        pc_kernel k = {};                                                                      \
        k.iter = cast_iter<dtype_of<PC_##ID>::type, S>;                                        \
        pc_cast_register(PC_DEVICE_GPU_BACKEND, from, PC_##ID, k);                             \
    }
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

void register_cast_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_casts_from<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
