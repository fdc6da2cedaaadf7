/*
 * common.cuh - what every CUDA kernel file shares: device-side storage types matching
 * dtypes.def, value conversions with the CPU casts' rules, and the elementwise launcher that
 * runs a prepared pc_iter in one grid-stride kernel.
 *
 * Compiled by nvcc (or hipcc with PC_USE_HIP, through vendors/hip.h).
 */
#ifndef PADDLE_C_CUDA_COMMON_CUH
#define PADDLE_C_CUDA_COMMON_CUH

#include <stdint.h>

#ifdef PC_USE_HIP
#include "vendors/hip.h"
#else
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#endif

#include "paddle_c/kernels/table.h"

namespace pcu {

/* ---- storage types (same sizes and layouts as the CPU's) -------------------------------- */

struct half_t {
    uint16_t bits;
};
struct bhalf_t {
    uint16_t bits;
};
struct __align__(8) c64_t {
    float re, im;
};
struct __align__(16) c128_t {
    double re, im;
};

/* ---- conversions: every value goes through (re, im) in double; see cast_impl.h for the rules */

struct wide {
    double re, im;
};

__device__ inline wide widen(bool v) { return {v ? 1.0 : 0.0, 0.0}; }
__device__ inline wide widen(int8_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(int16_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(int32_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(int64_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(uint8_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(uint16_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(uint32_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(uint64_t v) { return {(double)v, 0.0}; }
__device__ inline wide widen(float v) { return {(double)v, 0.0}; }
__device__ inline wide widen(double v) { return {v, 0.0}; }
__device__ inline wide widen(c64_t v) { return {(double)v.re, (double)v.im}; }
__device__ inline wide widen(c128_t v) { return {v.re, v.im}; }
__device__ inline wide widen(half_t v)
{
    __half h;
    memcpy(&h, &v, 2);
    return {(double)__half2float(h), 0.0};
}
__device__ inline wide widen(bhalf_t v)
{
    __nv_bfloat16 h;
    memcpy(&h, &v, 2);
    return {(double)__bfloat162float(h), 0.0};
}

template <typename T> struct is_int {
    static constexpr bool value = false;
};
#define PCU_INT(T)                                                                             \
    template <> struct is_int<T> {                                                             \
        static constexpr bool value = true;                                                    \
    };
PCU_INT(int8_t)
PCU_INT(int16_t)
PCU_INT(int32_t)
PCU_INT(int64_t)
PCU_INT(uint8_t)
PCU_INT(uint16_t)
PCU_INT(uint32_t)
PCU_INT(uint64_t)
#undef PCU_INT

template <typename T> struct limits;
#define PCU_LIMITS(T, LO, HI)                                                                  \
    template <> struct limits<T> {                                                             \
        static constexpr double lo = (double)(LO);                                             \
        static constexpr double hi = (double)(HI);                                             \
        static constexpr T tlo = (T)(LO);                                                      \
        static constexpr T thi = (T)(HI);                                                      \
    };
PCU_LIMITS(int8_t, INT8_MIN, INT8_MAX)
PCU_LIMITS(int16_t, INT16_MIN, INT16_MAX)
PCU_LIMITS(int32_t, INT32_MIN, INT32_MAX)
PCU_LIMITS(int64_t, INT64_MIN, INT64_MAX)
PCU_LIMITS(uint8_t, 0, UINT8_MAX)
PCU_LIMITS(uint16_t, 0, UINT16_MAX)
PCU_LIMITS(uint32_t, 0, UINT32_MAX)
PCU_LIMITS(uint64_t, 0, UINT64_MAX)
#undef PCU_LIMITS

/* float -> integer: truncation, NaN -> 0, saturation */
template <typename D> __device__ inline D saturate(double v)
{
    if (v != v) {
        return (D)0;
    }
    if (v <= limits<D>::lo) {
        return limits<D>::tlo;
    }
    if (v >= limits<D>::hi) {
        return limits<D>::thi;
    }
    return (D)v;
}

/* convert<D>(s): the value s in dtype D (see cast_impl.h for the rules) */
template <typename D, typename S> __device__ inline D convert(S s);

template <typename D, typename S> struct converter {
    __device__ static D run(S s)
    {
        const wide w = widen(s);
        if constexpr (is_int<D>::value && is_int<S>::value) {
            return (D)s; /* wraps, like the CPU casts */
        } else if constexpr (is_int<D>::value) {
            return saturate<D>(w.re);
        } else {
            return (D)w.re;
        }
    }
};
template <typename S> struct converter<bool, S> {
    __device__ static bool run(S s)
    {
        const wide w = widen(s);
        return w.re != 0.0 || w.im != 0.0 || w.re != w.re;
    }
};
template <typename S> struct converter<half_t, S> {
    __device__ static half_t run(S s)
    {
        __half h = __double2half(widen(s).re);
        half_t out;
        memcpy(&out, &h, 2);
        return out;
    }
};
template <typename S> struct converter<bhalf_t, S> {
    __device__ static bhalf_t run(S s)
    {
        __nv_bfloat16 h = __double2bfloat16(widen(s).re);
        bhalf_t out;
        memcpy(&out, &h, 2);
        return out;
    }
};
template <typename S> struct converter<c64_t, S> {
    __device__ static c64_t run(S s)
    {
        const wide w = widen(s);
        return {(float)w.re, (float)w.im};
    }
};
template <typename S> struct converter<c128_t, S> {
    __device__ static c128_t run(S s)
    {
        const wide w = widen(s);
        return {w.re, w.im};
    }
};

template <typename D, typename S> __device__ inline D convert(S s) { return converter<D, S>::run(s); }

/* ---- the elementwise launcher ------------------------------------------------------------ */

constexpr int max_dims = 12;
constexpr int max_ops = 4;

/* A pc_iter in a form small enough to pass as a kernel argument. */
struct dev_iter {
    int ndim;
    int64_t size;
    char *data[max_ops];
    int64_t shape[max_dims];
    int64_t strides[max_dims][max_ops];
};

pc_status to_dev_iter(const pc_iter *it, dev_iter *d);
pc_status check_launch(const char *what);

template <int NOP, typename F> __global__ void elementwise_kernel(dev_iter it, F f)
{
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < it.size; i += step) {
        char *p[NOP];
        for (int k = 0; k < NOP; k++) {
            p[k] = it.data[k];
        }
        int64_t rest = i;
        for (int d = 0; d < it.ndim; d++) { /* axis 0 is the innermost */
            const int64_t idx = rest % it.shape[d];
            rest /= it.shape[d];
            for (int k = 0; k < NOP; k++) {
                p[k] += idx * it.strides[d][k];
            }
        }
        f(p);
    }
}

/* Launch f over the whole iteration (f receives one pointer per operand). */
template <int NOP, typename F> pc_status launch(const pc_iter *it, F f)
{
    if (it->size == 0) {
        return PC_OK;
    }
    dev_iter d;
    pc_status st = to_dev_iter(it, &d); /* also selects the operands' device */
    if (st != PC_OK) {
        return st;
    }
    const int threads = 256;
    int64_t blocks = (d.size + threads - 1) / threads;
    if (blocks > 65535) {
        blocks = 65535;
    }
    elementwise_kernel<NOP, F><<<(unsigned)blocks, threads>>>(d, f);
    return check_launch("elementwise kernel");
}

} // namespace pcu

#endif
