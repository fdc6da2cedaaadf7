/*
 * copy.cu - CUDA copy, fill and the 15 x 15 casts, as device iterations (pc_iter_fn).
 * Conversions follow the CPU casts' rules (common.cuh).
 */
#include <string.h>

#include "common.cuh"
#include "types.cuh"

namespace pcu {

template <typename T> struct copy_op {
    __device__ void operator()(char **p) const { *(T *)p[1] = *(const T *)p[0]; }
};

template <typename T> struct fill_op {
    T value;
    __device__ void operator()(char **p) const { *(T *)p[0] = value; }
};

template <typename D, typename S> struct cast_op {
    __device__ void operator()(char **p) const { *(D *)p[1] = convert<D>(*(const S *)p[0]); }
};

template <typename T> pc_status copy_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    return launch<2>(it, copy_op<T>{});
}

/* params: the fill value in the dtype's storage format, in host memory */
template <typename T> pc_status fill_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    fill_op<T> op;
    memcpy(&op.value, ctx->params, sizeof(T));
    return launch<1>(it, op);
}

template <typename D, typename S> pc_status cast_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    return launch<2>(it, cast_op<D, S>{});
}

template <typename S> struct register_casts_from {
    template <typename D> static void to(pc_dtype from, pc_dtype dst)
    {
        pc_kernel k = {};
        k.iter = cast_iter<D, S>;
        pc_cast_register(PC_DEVICE_GPU_BACKEND, from, dst, k);
    }
};

template <typename T> void register_copy(pc_dtype dt)
{
    pc_kernel k = {};
    k.iter = copy_iter<T>;
    pc_kernel_register(PC_OP_COPY, PC_DEVICE_GPU_BACKEND, dt, k);
    pc_kernel f = {};
    f.iter = fill_iter<T>;
    pc_kernel_register(PC_OP_FILL, PC_DEVICE_GPU_BACKEND, dt, f);
}

template <typename S> void register_casts_row(pc_dtype from)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_casts_from<S>::template to<dtype_of<PC_##ID>::type>(from, PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

void register_copy_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_copy<dtype_of<PC_##ID>::type>(PC_##ID);                                           \
    register_casts_row<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
