/*
 * mask.cu - the GPU's boolean-mask kernels (paddle_c/kernels/index_kernels.h), one thread per
 * element, every dtype by its item size:
 *   MASK_FILL     (x, mask):      x = *fill where mask (fill on the device)
 *   MASK_COMPACT  (x, mask, pos): out[pos - 1] = x where mask
 *   MASK_EXPAND   (mask, pos, x): x = values[(pos - 1) * step] where mask
 * pos is the mask's inclusive scan (the op layer runs it): every true element knows its place,
 * so the elements are independent and no write collides (CuPy's _scatter_update_mask_kernel
 * has this shape).
 */
#include <cstdint>

#include "launch.cuh"
#include "paddle_c/kernels/index_kernels.h"

namespace pcu {

struct item16 {
    uint64_t lo;
    uint64_t hi;
};

template <typename T> struct fill_op {
    const T *fill;
    __device__ void operator()(char **ptr) const
    {
        if (*(const bool *)ptr[1]) {
            *(T *)ptr[0] = *fill;
        }
    }
};

template <typename T> struct compact_op {
    T *out;
    __device__ void operator()(char **ptr) const
    {
        if (*(const bool *)ptr[1]) {
            out[*(const int64_t *)ptr[2] - 1] = *(const T *)ptr[0];
        }
    }
};

template <typename T> struct expand_op {
    const char *values;
    int64_t step;
    __device__ void operator()(char **ptr) const
    {
        if (*(const bool *)ptr[0]) {
            *(T *)ptr[2] = *(const T *)(values + (*(const int64_t *)ptr[1] - 1) * step);
        }
    }
};

template <typename T> pc_status fill_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const pc_mask_params *p = (const pc_mask_params *)ctx->params;
    const int sizes[2] = {(int)sizeof(T), 1};
    return launch<2>(it, sizes, fill_op<T>{(const T *)p->fill});
}

template <typename T> pc_status compact_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const pc_mask_params *p = (const pc_mask_params *)ctx->params;
    const int sizes[3] = {(int)sizeof(T), 1, (int)sizeof(int64_t)};
    return launch<3>(it, sizes, compact_op<T>{(T *)p->out});
}

template <typename T> pc_status expand_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const pc_mask_params *p = (const pc_mask_params *)ctx->params;
    const int sizes[3] = {1, (int)sizeof(int64_t), (int)sizeof(T)};
    return launch<3>(it, sizes, expand_op<T>{p->values, p->step});
}

template <typename T> void register_mask(pc_dtype dt)
{
    pc_kernel f = {};
    f.iter = fill_iter<T>;
    pc_kernel_register(PC_OP_MASK_FILL, PC_DEVICE_GPU_BACKEND, dt, f);
    pc_kernel c = {};
    c.iter = compact_iter<T>;
    pc_kernel_register(PC_OP_MASK_COMPACT, PC_DEVICE_GPU_BACKEND, dt, c);
    pc_kernel e = {};
    e.iter = expand_iter<T>;
    pc_kernel_register(PC_OP_MASK_EXPAND, PC_DEVICE_GPU_BACKEND, dt, e);
}

void register_mask_kernels()
{
    for (int d = 0; d < PC_NUM_DTYPES; d++) {
        const pc_dtype dt = (pc_dtype)d;
        switch (pc_dtype_itemsize(dt)) {
        case 1: register_mask<uint8_t>(dt); break;
        case 2: register_mask<uint16_t>(dt); break;
        case 4: register_mask<uint32_t>(dt); break;
        case 8: register_mask<uint64_t>(dt); break;
        case 16: register_mask<item16>(dt); break;
        default: break;
        }
    }
}

} // namespace pcu
