/*
 * copy.cu - GPU copy and fill of every dtype, as device iterations (pc_iter_fn).
 *
 * A copy is the identity map through launch.cuh's typed launcher, so dense aligned operands
 * take its vectorised path (16 bytes per thread and access: four float32, eight float16) and
 * the rest its dense or strided element paths.
 */
#include <string.h>

#include "launch.cuh"

namespace pcu {

template <typename T> struct identity {
    __device__ T operator()(T v) const { return v; }
};

template <typename T> struct fill_op {
    T value;
    __device__ void operator()(char **p) const { *(T *)p[0] = value; }
};

template <typename T> pc_status copy_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    return map<T, T, 1>(it, identity<T>{});
}

/* params: the fill value in the dtype's storage format, in host memory */
template <typename T> pc_status fill_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    fill_op<T> op;
    memcpy((void *)&op.value, ctx->params, sizeof(T));
    const int sizes[1] = {(int)sizeof(T)};
    return launch<1>(it, sizes, op);
}

template <typename T> void register_copy(pc_dtype dt)
{
    pc_kernel k = {};
    k.iter = copy_iter<T>;
    pc_kernel_register(PC_OP_COPY, PC_DEVICE_GPU_BACKEND, dt, k);
    pc_kernel f = {};
    f.iter = fill_iter<T>;
    pc_kernel_register(PC_OP_FILL, PC_DEVICE_GPU_BACKEND, dt, f);
}

void register_copy_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_copy<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
