/*
 * reduce_types.cuh - what the GPU reductions, arg-reductions and scans need to know about a
 * storage type T. The numerics (accumulators, identities, steps, combinations, finishes) are
 * the element layer's (kernels/common/reduce_elem.h), as rd_elem<T> (reduce_elem_row.cuh);
 * here, how the GPU loops load and store elements:
 *   rd_kind<T>        bool / signed / unsigned / float / complex
 *   rd_nc<T>          real components (2 for complex)
 *   rd_parts<T>       an element as rd_nc doubles (RD_LD: the element layer's conversion)
 *   rd_ft<T>          mean/logsumexp result type (float for integers, else T)
 *   rd_rt<T>          var/std result type (float for integers, the real type for complex)
 *   rd_ct<T>          max/min compute type (float for float16/bfloat16, else T)
 *   rd_store<O>       doubles -> an O (rounded once: RD_FSTORE / RD_RSTORE)
 */
#ifndef PADDLE_C_CUDA_REDUCE_TYPES_CUH
#define PADDLE_C_CUDA_REDUCE_TYPES_CUH

#include <type_traits>

#include "convert.cuh"

namespace pcu {
template <typename T> struct rd_elem;
} // namespace pcu

#define PCK_BODY "kernels/cuda/reduce_elem_row.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {

enum class rkind { b, i, u, f, c };

template <typename T> constexpr rkind rd_kind()
{
    if constexpr (std::is_same<T, bool>::value) {
        return rkind::b;
    } else if constexpr (std::is_same<T, pc_cfloat>::value || std::is_same<T, pc_cdouble>::value) {
        return rkind::c;
    } else if constexpr (std::is_same<T, pc_half>::value || std::is_same<T, pc_bhalf>::value ||
                         std::is_floating_point<T>::value) {
        return rkind::f;
    } else if constexpr (std::is_signed<T>::value) {
        return rkind::i;
    } else {
        return rkind::u;
    }
}

template <typename T> constexpr bool rd_integral()
{
    return rd_kind<T>() == rkind::b || rd_kind<T>() == rkind::i || rd_kind<T>() == rkind::u;
}
template <typename T> constexpr int rd_nc() { return rd_kind<T>() == rkind::c ? 2 : 1; }
template <typename T> constexpr bool rd_narrow()
{
    return std::is_same<T, pc_half>::value || std::is_same<T, pc_bhalf>::value;
}

template <typename T>
using rd_ft = typename std::conditional<rd_integral<T>(), float, T>::type;
template <typename T>
using rd_rt = typename std::conditional<
    rd_integral<T>(), float,
    typename std::conditional<std::is_same<T, pc_cfloat>::value, float,
                              typename std::conditional<std::is_same<T, pc_cdouble>::value,
                                                        double, T>::type>::type>::type;
template <typename T>
using rd_ct = typename std::conditional<rd_narrow<T>(), float, T>::type;

/* the element at p as rd_nc<T>() doubles */
template <typename T> __device__ inline void rd_parts(const char *p, double *d)
{
    if constexpr (std::is_same<T, pc_cfloat>::value) {
        d[0] = (double)((const float *)p)[0];
        d[1] = (double)((const float *)p)[1];
    } else if constexpr (std::is_same<T, pc_cdouble>::value) {
        d[0] = ((const double *)p)[0];
        d[1] = ((const double *)p)[1];
    } else {
        d[0] = convert<double>(*(const T *)p);
    }
}

template <typename T> __device__ inline bool rd_parts_nan(const double *d)
{
    return pc_rd_parts_nan(d, rd_nc<T>());
}

/* the element at p in the max/min compute type */
template <typename T> __device__ inline rd_ct<T> rd_cload(const char *p)
{
    if constexpr (rd_narrow<T>()) {
        return convert<float>(*(const T *)p);
    } else {
        return *(const T *)p;
    }
}

/* the nonzero-ness of the element at p */
template <typename T> __device__ inline bool rd_truth(const char *p)
{
    if constexpr (rd_kind<T>() == rkind::c || rd_narrow<T>()) {
        double d[2];
        rd_parts<T>(p, d);
        return d[0] != 0 || (rd_nc<T>() == 2 && d[1] != 0);
    } else {
        return *(const T *)p != T(0);
    }
}

/* doubles (re, im for complex O) -> an O at o, rounded once */
template <typename O> __device__ inline void rd_store(char *o, const double *d)
{
    if constexpr (rd_kind<O>() == rkind::c) {
        *(O *)o = convert<O>(pc_cdouble(d[0], d[1]));
    } else {
        *(O *)o = convert<O>(d[0]);
    }
}

/* the integer accumulator's value of the element at p */
template <typename T> __device__ inline uint64_t rd_widen(const char *p)
{
    return rd_elem<T>::widen(*(const T *)p);
}

} // namespace pcu

#endif
