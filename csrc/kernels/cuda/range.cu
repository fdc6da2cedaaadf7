/*
 * range.cu - CUDA arange, linspace (1-D contiguous outputs) and the band zeroing of tril/triu
 * (C-contiguous, in place), with the CPU kernels' semantics (range_impl.h, copy.c).
 *
 * [Why the range values avoid fused multiply-adds] arange and linspace give the CPU's values
 * bit for bit: start + i * step in double, rounded twice (the product, then the sum; in
 * range_impl.h) and once more into the dtype. nvcc contracts a * b + c into one fma by
 * default, which rounds once and can differ in the last bit, so the product and the sum are
 * written with the rounding intrinsics __dmul_rn and __dadd_rn, which it never fuses.
 */
#include "convert.cuh"
#include "launch.cuh"

namespace pcu {

/* start + i * step, rounded as the CPU rounds it (see the file's comment) */
__device__ inline double range_value(double start, int64_t i, double step)
{
    return __dadd_rn(start, __dmul_rn((double)i, step));
}

template <typename T>
__global__ void range_kernel(T *out, int64_t n, pc_range_params p, bool lin, bool integer)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += step) {
        if (!lin && integer) {
            out[i] = convert<T>((int64_t)((uint64_t)p.istart + (uint64_t)i * (uint64_t)p.istep));
        } else if (lin && p.endpoint && n > 1 && i == n - 1) {
            out[i] = convert<T>(pc_cdouble(p.stop[0], p.stop[1]));
        } else {
            const pc_cdouble v(range_value(p.start[0], i, p.step[0]),
                               range_value(p.start[1], i, p.step[1]));
            out[i] = convert<T>(v);
        }
    }
}

template <typename T> pc_status range_whole(const pc_kernel_args *args, bool lin)
{
    pc_tensor *out = args->out[0];
    if (out->size == 0) {
        return PC_OK;
    }
    pc_status st = select_device(pc_tensor_device(out));
    if (st != PC_OK) {
        return st;
    }
    const int threads = 256;
    const int64_t blocks = (out->size + threads - 1) / threads < 65535 ? (out->size + threads - 1) / threads : 65535;
    const pc_dtype dt = out->dtype;
    const bool integer = pc_dtype_is_integral(dt) && dt != PC_BOOL;
    range_kernel<T><<<(unsigned)blocks, threads, 0, launch_stream(pc_tensor_device(out))>>>(
        (T *)out->data, out->size, *(const pc_range_params *)args->params, lin, integer);
    return check_launch(pc_tensor_device(out), "range kernel");
}

template <typename T> pc_status arange_whole(const pc_kernel_args *a) { return range_whole<T>(a, false); }
template <typename T> pc_status linspace_whole(const pc_kernel_args *a) { return range_whole<T>(a, true); }

template <typename T>
__global__ void tri_kernel(T *data, int64_t size, int64_t rows, int64_t cols, int64_t k, bool upper)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < size; i += step) {
        const int64_t c = i % cols;
        const int64_t r = (i / cols) % rows;
        const bool keep = upper ? (c - r >= k) : (c - r <= k);
        if (!keep) {
            data[i] = T{};
        }
    }
}

template <typename T> pc_status tri_whole(const pc_kernel_args *args)
{
    pc_tensor *out = args->out[0];
    const pc_tri_params *p = (const pc_tri_params *)args->params;
    if (out->size == 0) {
        return PC_OK;
    }
    pc_status st = select_device(pc_tensor_device(out));
    if (st != PC_OK) {
        return st;
    }
    const int threads = 256;
    const int64_t blocks = (out->size + threads - 1) / threads < 65535 ? (out->size + threads - 1) / threads : 65535;
    tri_kernel<T><<<(unsigned)blocks, threads, 0, launch_stream(pc_tensor_device(out))>>>((T *)out->data, out->size,
                                                 out->shape[out->ndim - 2], out->shape[out->ndim - 1],
                                                 p->k, p->upper);
    return check_launch(pc_tensor_device(out), "tri kernel");
}

template <typename T> void register_range(pc_dtype dt)
{
    pc_kernel a = {};
    a.whole = arange_whole<T>;
    pc_kernel_register(PC_OP_ARANGE, PC_DEVICE_GPU_BACKEND, dt, a);
    pc_kernel l = {};
    l.whole = linspace_whole<T>;
    pc_kernel_register(PC_OP_LINSPACE, PC_DEVICE_GPU_BACKEND, dt, l);
    pc_kernel t = {};
    t.whole = tri_whole<T>;
    pc_kernel_register(PC_OP_TRI, PC_DEVICE_GPU_BACKEND, dt, t);
}

void register_range_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_range<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
