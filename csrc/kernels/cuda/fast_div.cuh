/*
 * fast_div.cuh - division of 32-bit unsigned values by a divisor fixed at launch, as a
 * multiply-high, an add and a shift (Granlund and Montgomery; the form PyTorch's IntDivider
 * uses): exact for dividends and divisors below 2**31, which the 32-bit launch path
 * guarantees.
 */
#ifndef PADDLE_C_CUDA_FAST_DIV_CUH
#define PADDLE_C_CUDA_FAST_DIV_CUH

#include <stdint.h>

namespace pcu {

struct fast_div {
    uint32_t divisor;
    uint32_t magic;
    uint32_t shift;

    fast_div() = default;
    /* divisor >= 1 */
    __host__ explicit fast_div(uint32_t d) : divisor(d)
    {
        shift = 0;
        while (shift < 32 && (UINT64_C(1) << shift) < d) {
            shift++;
        }
        magic = (uint32_t)(((UINT64_C(1) << 32) * ((UINT64_C(1) << shift) - d)) / d + 1);
    }

    __host__ __device__ uint32_t div(uint32_t n) const
    {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
        const uint32_t t = __umulhi(n, magic);
#else
        const uint32_t t = (uint32_t)(((uint64_t)n * magic) >> 32);
#endif
        return (uint32_t)(((uint64_t)t + n) >> shift);
    }
};

} // namespace pcu

#endif
