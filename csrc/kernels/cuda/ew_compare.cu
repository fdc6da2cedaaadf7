/*
 * ew_compare.cu - classification, comparison, logical and bitwise functions, clip and where
 * on the GPU, every dtype: ew_compare_body.cuh per dtype.
 */
#include "ew_map.cuh"

namespace pcu {

/* where(cond, x1, x2): operands bool condition, x1, x2, out */
template <typename T> struct where_fn {
    __device__ void operator()(char **p) const
    {
        *(T *)p[3] = *(const bool *)p[0] ? *(const T *)p[1] : *(const T *)p[2];
    }
};

template <typename T> pc_status where_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    const int sizes[4] = {(int)sizeof(bool), (int)sizeof(T), (int)sizeof(T), (int)sizeof(T)};
    return launch<4>(it, sizes, where_fn<T>{});
}

} // namespace pcu

#define PCK_BODY "kernels/cuda/ew_compare_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {
void register_compare()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_compare_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
} // namespace pcu
