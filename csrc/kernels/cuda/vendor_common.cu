/*
 * vendor_common.cu - scratch memory, launch checks and gather/scatter of the vendor-library
 * kernels (vendor_common.cuh).
 */

#include <stdint.h>

#include "vendor_common.cuh"

namespace pcu {

scratch::~scratch()
{
    if (ptr_ != nullptr) {
        (void)cudaFreeAsync(ptr_, stream_);
    }
}

pc_status scratch::alloc(size_t bytes)
{
    if (bytes == 0) {
        return PC_OK;
    }
    int index = 0;
    cudaError_t e = cudaGetDevice(&index);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return pc_error_set(PC_ERR_RUNTIME, "GPU scratch allocation: no current device: %s",
                            cudaGetErrorString(e));
    }
    cudaMemPool_t pool = (cudaMemPool_t)runtime().mem_pool(index);
    if (pool == nullptr) {
        return PC_ERR_RUNTIME; /* the runtime set the message */
    }
    e = cudaMallocFromPoolAsync(&ptr_, bytes, pool, stream_);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        ptr_ = nullptr;
        return pc_error_set(PC_ERR_MEMORY, "GPU scratch allocation of %zu bytes failed: %s",
                            bytes, cudaGetErrorString(e));
    }
    return PC_OK;
}

pc_status make_view(const pc_tensor *t, const int *perm, view *v)
{
    if (t->ndim > view_max_dims) {
        return pc_error_set(PC_ERR_NOTIMPL,
                            "GPU linear algebra and FFT take at most %d dimensions (got %d)",
                            view_max_dims, (int)t->ndim);
    }
    v->ndim = t->ndim;
    v->pad_axis = -1;
    v->have = 0;
    for (int i = 0; i < t->ndim; i++) {
        const int a = perm != nullptr ? perm[i] : i;
        v->shape[i] = t->shape[a];
        v->stride[i] = t->strides[a];
    }
    return PC_OK;
}

pc_status make_view(const pc_tensor *t, view *v) { return make_view(t, nullptr, v); }

pc_status make_view_fortran(const pc_tensor *t, view *v)
{
    pc_status st = make_view(t, nullptr, v);
    if (st == PC_OK && t->ndim >= 2) {
        const int m = t->ndim - 2;
        const int64_t shape = v->shape[m];
        const int64_t stride = v->stride[m];
        v->shape[m] = v->shape[m + 1];
        v->stride[m] = v->stride[m + 1];
        v->shape[m + 1] = shape;
        v->stride[m + 1] = stride;
    }
    return st;
}

/* the byte offset of the dense index i through the view; false for a padded (zero) entry */
__device__ bool view_offset(const view &v, int64_t i, int64_t *off)
{
    int64_t o = 0;
    bool inside = true;
    for (int d = v.ndim - 1; d >= 0; d--) {
        const int64_t q = i / v.shape[d];
        const int64_t r = i - q * v.shape[d];
        i = q;
        inside = inside && !(d == v.pad_axis && r >= v.have);
        o += r * v.stride[d];
    }
    *off = o;
    return inside;
}

template <typename R>
__global__ void gather_kernel(const char *src, view v, R *dst, int64_t total, int cin, int cout)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        int64_t off;
        const bool inside = view_offset(v, i, &off);
        const R *s = (const R *)(src + off);
        for (int c = 0; c < cout; c++) {
            dst[i * cout + c] = inside && c < cin ? s[c] : R(0);
        }
    }
}

/* in place on dense complex values: negate the imaginary parts */
template <typename R> __global__ void conj_kernel(R *p, int64_t total)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        p[2 * i + 1] = -p[2 * i + 1];
    }
}

template <typename R>
__global__ void scatter_kernel(const R *src, char *dst, view v, int64_t total, int comp,
                               R scale, bool scaled, bool conj)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < total; i += step) {
        int64_t off;
        (void)view_offset(v, i, &off);
        R *d = (R *)(dst + off);
        for (int c = 0; c < comp; c++) {
            const R x = scaled ? (R)(src[i * comp + c] * scale) : src[i * comp + c];
            d[c] = conj && c == 1 ? (R)-x : x;
        }
    }
}

static int64_t view_size(const view &v)
{
    int64_t n = 1;
    for (int d = 0; d < v.ndim; d++) {
        n *= v.shape[d];
    }
    return n;
}

unsigned blocks_for(int64_t n)
{
    const int64_t b = (n + 255) / 256;
    return (unsigned)(b < 65536 ? (b > 0 ? b : 1) : 65536);
}

pc_status launched(const char *what)
{
    int index = 0;
    cudaError_t e = cudaGetDevice(&index);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        return pc_error_set(PC_ERR_RUNTIME, "CUDA %s failed: %s", what, cudaGetErrorString(e));
    }
    return runtime().launch_check(index, what);
}

pc_status gather(cudaStream_t s, const char *src, const view &v, void *dst, int real_size,
                 int comp_in, int comp_out, bool conj)
{
    const int64_t n = view_size(v);
    if (n == 0) {
        return PC_OK;
    }
    const unsigned g = blocks_for(n);
    if (real_size == 2) {
        gather_kernel<uint16_t><<<g, 256, 0, s>>>(src, v, (uint16_t *)dst, n, comp_in, comp_out);
    } else if (real_size == 4) {
        gather_kernel<uint32_t><<<g, 256, 0, s>>>(src, v, (uint32_t *)dst, n, comp_in, comp_out);
    } else {
        gather_kernel<uint64_t><<<g, 256, 0, s>>>(src, v, (uint64_t *)dst, n, comp_in, comp_out);
    }
    if (conj && comp_out == 2 && real_size == 4) {
        conj_kernel<float><<<g, 256, 0, s>>>((float *)dst, n);
    } else if (conj && comp_out == 2) {
        conj_kernel<double><<<g, 256, 0, s>>>((double *)dst, n);
    }
    return launched("gather");
}

pc_status scatter(cudaStream_t s, const void *src, char *dst, const view &v, int real_size,
                  int comp, double scale, bool conj)
{
    const int64_t n = view_size(v);
    if (n == 0) {
        return PC_OK;
    }
    const unsigned g = blocks_for(n);
    const bool scaled = scale != 1.0;
    conj = conj && comp == 2;
    if ((scaled || conj) && real_size == 4) {
        scatter_kernel<float><<<g, 256, 0, s>>>((const float *)src, dst, v, n, comp,
                                                (float)scale, scaled, conj);
    } else if (scaled || conj) {
        scatter_kernel<double><<<g, 256, 0, s>>>((const double *)src, dst, v, n, comp, scale,
                                                 scaled, conj);
    } else if (real_size == 2) {
        scatter_kernel<uint16_t><<<g, 256, 0, s>>>((const uint16_t *)src, dst, v, n, comp, 1,
                                                   false, false);
    } else if (real_size == 4) {
        scatter_kernel<uint32_t><<<g, 256, 0, s>>>((const uint32_t *)src, dst, v, n, comp, 1,
                                                   false, false);
    } else {
        scatter_kernel<uint64_t><<<g, 256, 0, s>>>((const uint64_t *)src, dst, v, n, comp, 1,
                                                   false, false);
    }
    return launched("scatter");
}

} // namespace pcu
