/*
 * cast_elem.h - the one scalar conversion from dtype PCK_SRC to dtype PCK_N (both ID tokens),
 * used by the CPU cast loops (cpu/cast_impl.h) and the GPU cast kernels alike:
 *
 *   PC_ELEM PCK_T pc_cast_<SRC>_to_<N>(<SRC storage type> x)
 *
 * Included once per (source, destination) pair, after dtype_params.h. No include guard for the
 * pair part.
 *
 * Rules: to bool, x != 0 (NaN is true, a complex value is true when either part is non-zero);
 * integer to integer wraps (two's complement); float to integer truncates, NaN gives 0 and
 * out-of-range values saturate; complex to real keeps the real part; every conversion into a
 * floating dtype rounds once to nearest even: float32/float64 targets convert directly (never
 * through double: int64 -> float32 of 2**54 + 2**30 + 1 is 2**54 + 2**31, as in NumPy),
 * float16/bfloat16 from float precision sources round from float (exact), from double from
 * double, and from 64-bit integers from a round-to-odd double (exact enough that the final
 * rounding is the only one).
 */
#ifndef PADDLE_C_KERNELS_COMMON_CAST_ELEM_ONCE
#define PADDLE_C_KERNELS_COMMON_CAST_ELEM_ONCE
#include "dtype_params.h"

/* [Round to odd] A 64-bit integer beyond 2**53 is cut to 53 bits with the dropped bits
 * or-ed into the last one kept. The double is then within one unit of 2**-42 relative of the
 * integer and never sits on a tie of a format of 24 bits or fewer, so rounding it to
 * float16/bfloat16 rounds exactly as rounding the integer would. */
PC_ELEM double pc_u64_to_double_odd(uint64_t u)
{
    if (u < (UINT64_C(1) << 53)) {
        return (double)u;
    }
    return (double)((u >> 11) | (uint64_t)((u & 0x7ffu) != 0)) * 2048.0;
}

PC_ELEM double pc_i64_to_double_odd(int64_t v)
{
    return v < 0 ? -pc_u64_to_double_odd(0u - (uint64_t)v) : pc_u64_to_double_odd((uint64_t)v);
}
#endif

#define CS_T PCK_CAT(PCK_T_, PCK_SRC)
#define CS_K PCK_CAT(PCK_K_, PCK_SRC)
#define CS_LOAD(x) PCK_CAT(PCK_LOAD_, PCK_SRC)(x)

/* the source value in its compute type, its real part where the target is real */
#if CS_K == PCK_KC
#define CS_REAL(x) creal(CS_LOAD(x))
#else
#define CS_REAL(x) CS_LOAD(x)
#endif

#if PCK_K == PCK_KB
#if CS_K == PCK_KC
#define CS_CONVERT(x) ((bool)(creal(CS_LOAD(x)) != 0 || cimag(CS_LOAD(x)) != 0))
#else
#define CS_CONVERT(x) ((bool)(CS_LOAD(x) != 0))
#endif
#elif PCK_K == PCK_KI || PCK_K == PCK_KU
#if CS_K == PCK_KF || CS_K == PCK_KC
#define CS_CONVERT(x) PCK_SATURATE(PCK_T, PCK_LO, PCK_HI, CS_REAL(x))
#else
#define CS_CONVERT(x) ((PCK_T)CS_LOAD(x))
#endif
#elif PCK_K == PCK_KF && PCK_CAT(PCK_NARROW_, PCK_N)
/* [Which precision feeds float16/bfloat16] see the head of this file */
#if (CS_K == PCK_KI || CS_K == PCK_KU) && PCK_CAT(PCK_WIDE_, PCK_SRC)
#if CS_K == PCK_KI
#define CS_CONVERT(x) PCK_FROMD(pc_i64_to_double_odd(x))
#else
#define CS_CONVERT(x) PCK_FROMD(pc_u64_to_double_odd(x))
#endif
#else
#define CS_CONVERT(x)                                                                           \
    ((sizeof(CS_T) <= 4 && CS_K != PCK_KI && CS_K != PCK_KU) ? PCK_STORE((float)CS_REAL(x))   \
                                                             : PCK_FROMD((double)CS_REAL(x)))
#endif
#elif PCK_K == PCK_KF
#define CS_CONVERT(x) ((PCK_T)CS_REAL(x))
#elif PCK_K == PCK_KC
/* built from its parts (a real source's imaginary part +0): OpenCL's vector casts would
 * broadcast a real value into both parts */
#define CS_CX_COMPLEX64 CMPLXF
#define CS_CX_COMPLEX128 CMPLX
#if CS_K == PCK_KC
#define CS_CONVERT(x) PCK_CAT(CS_CX_, PCK_N)(creal(CS_LOAD(x)), cimag(CS_LOAD(x)))
#else
#define CS_CONVERT(x) PCK_CAT(CS_CX_, PCK_N)(CS_LOAD(x), 0)
#endif
#else
#define CS_CONVERT(x) ((PCK_T)CS_LOAD(x))
#endif

PC_ELEM PCK_T PCK_CAT4(pc_cast_, PCK_SRC, _to_, PCK_N)(CS_T x) { return CS_CONVERT(x); }

#undef CS_T
#undef CS_K
#undef CS_LOAD
#undef CS_REAL
#undef CS_CONVERT
#undef CS_CX_COMPLEX64
#undef CS_CX_COMPLEX128
