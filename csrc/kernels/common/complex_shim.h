/*
 * complex_shim.h - the complex compute types pc_cfloat / pc_cdouble, the C99 names of their
 * parts (crealf, cimag, CMPLXF, CMPLX) on every target, and the complex functions the element
 * functions call, under paddle_c's own names: pc_cabs[f], pc_cpow[f], pc_csqrt[f], pc_cexp[f],
 * pc_clog[f], pc_csin[f] ... pc_catanh[f].
 *   - C (CPU): C99 `_Complex`;
 *   - nvcc: cuda::std::complex (libcu++);
 *   - hipcc (no libcu++): a small own complex type with the arithmetic the element functions
 *     use (+, -, *, ==);
 *   - OpenCL C (the OpenCL plug-in): float2 / double2.
 * The functions are the portable ones of complex_math.h on all three, not the C library's or
 * libcu++'s: one set of special values everywhere (C99 Annex G, glibc's choices where the
 * standard leaves a sign open) and accuracy within a few ulp (libcu++'s lose all digits near the
 * unit circle and the branch points; tests/test_element_layer.py holds the portable ones to
 * glibc). Complex division and the textbook product of the kernels are written out in
 * arith_elem.h, so no target relies on its library's operator / for results.
 */
#ifndef PADDLE_C_KERNELS_COMMON_COMPLEX_SHIM_H
#define PADDLE_C_KERNELS_COMMON_COMPLEX_SHIM_H

#include "elem.h"

#if defined(__CUDACC__) && !defined(__HIPCC__)
#include <cuda/std/complex>
typedef cuda::std::complex<float> pc_cfloat;
typedef cuda::std::complex<double> pc_cdouble;

#elif defined(__HIPCC__)
template <typename R> struct pc_hcomplex {
    R re_, im_;
    __host__ __device__ pc_hcomplex(R re = 0, R im = 0) : re_(re), im_(im) {}
    template <typename S>
    __host__ __device__ explicit pc_hcomplex(const pc_hcomplex<S> &z) : re_((R)z.re_), im_((R)z.im_)
    {
    }
    __host__ __device__ R real() const { return re_; }
    __host__ __device__ R imag() const { return im_; }
};
template <typename R>
__host__ __device__ inline pc_hcomplex<R> operator+(pc_hcomplex<R> a, pc_hcomplex<R> b)
{
    return pc_hcomplex<R>(a.re_ + b.re_, a.im_ + b.im_);
}
template <typename R>
__host__ __device__ inline pc_hcomplex<R> operator-(pc_hcomplex<R> a, pc_hcomplex<R> b)
{
    return pc_hcomplex<R>(a.re_ - b.re_, a.im_ - b.im_);
}
template <typename R> __host__ __device__ inline pc_hcomplex<R> operator-(pc_hcomplex<R> a)
{
    return pc_hcomplex<R>(-a.re_, -a.im_);
}
template <typename R>
__host__ __device__ inline pc_hcomplex<R> operator*(pc_hcomplex<R> a, pc_hcomplex<R> b)
{
    return pc_hcomplex<R>(a.re_ * b.re_ - a.im_ * b.im_, a.im_ * b.re_ + a.re_ * b.im_);
}
template <typename R> __host__ __device__ inline bool operator!=(pc_hcomplex<R> a, int b)
{
    return a.re_ != (R)b || a.im_ != 0;
}
template <typename R> __host__ __device__ inline bool operator==(pc_hcomplex<R> a, int b)
{
    return a.re_ == (R)b && a.im_ == 0;
}
typedef pc_hcomplex<float> pc_cfloat;
typedef pc_hcomplex<double> pc_cdouble;

#elif defined(__OPENCL_C_VERSION__)
/* OpenCL C (the OpenCL plug-in): two-element vectors, whose +, - and unary - are the complex
 * ones; products and quotients are written out (arith_elem.h), never the vectors' * and /. */
typedef float2 pc_cfloat;
typedef double2 pc_cdouble;
#define crealf(z) ((z).x)
#define cimagf(z) ((z).y)
#define creal(z) ((z).x)
#define cimag(z) ((z).y)
#define CMPLXF(re, im) ((float2)((float)(re), (float)(im)))
#define CMPLX(re, im) ((double2)((double)(re), (double)(im)))

#else
#include <complex.h>
typedef float _Complex pc_cfloat;
typedef double _Complex pc_cdouble;
#endif

#if defined(PC_ELEM_GPU) && !defined(__OPENCL_C_VERSION__)
/* the C99 names over the C++ type */
PC_ELEM float crealf(pc_cfloat z) { return z.real(); }
PC_ELEM float cimagf(pc_cfloat z) { return z.imag(); }
PC_ELEM double creal(pc_cdouble z) { return z.real(); }
PC_ELEM double cimag(pc_cdouble z) { return z.imag(); }
PC_ELEM double creal(pc_cfloat z) { return z.real(); } /* C promotes to double */
PC_ELEM double cimag(pc_cfloat z) { return z.imag(); }
#define CMPLXF(re, im) pc_cfloat((float)(re), (float)(im))
#define CMPLX(re, im) pc_cdouble((double)(re), (double)(im))
#endif

/* The complex functions: the portable ones of complex_math.h on every target, so that the CPU,
 * CUDA, ROCm and OpenCL give the same special values and differ only by their libm's rounding.
 * An OpenCL program of a real dtype defines PC_ELEM_NO_COMPLEX_MATH: it needs the types and
 * their parts (casts from complex) but not the functions. */
#if !defined(PC_ELEM_NO_COMPLEX_MATH)
#include "complex_math.h"

/* [Why overloadable in OpenCL C] elem_math.h's EW_M(fn) is the unsuffixed name there for both
 * precisions (OpenCL's math built-ins are overloaded), so EW_M(pc_cabs) of a complex64 value
 * calls pc_cabs(float2): each function below exists under both names in OpenCL C. */
#ifdef __OPENCL_C_VERSION__
#define PC_CX_FN PC_ELEM __attribute__((overloadable))
#else
#define PC_CX_FN PC_ELEM
#endif

PC_ELEM pc_cmf pc_cx_partsf(pc_cfloat z) { return pc_cm_mkf(crealf(z), cimagf(z)); }
PC_ELEM pc_cmd pc_cx_parts(pc_cdouble z) { return pc_cm_mk(creal(z), cimag(z)); }
PC_CX_FN float pc_cabsf(pc_cfloat z) { return pc_cm_absf(pc_cx_partsf(z)); }
PC_CX_FN double pc_cabs(pc_cdouble z) { return pc_cm_abs(pc_cx_parts(z)); }
PC_CX_FN pc_cfloat pc_cpowf(pc_cfloat z, pc_cfloat w)
{
    const pc_cmf r = pc_cm_powf(pc_cx_partsf(z), pc_cx_partsf(w));
    return CMPLXF(r.re, r.im);
}
PC_CX_FN pc_cdouble pc_cpow(pc_cdouble z, pc_cdouble w)
{
    const pc_cmd r = pc_cm_pow(pc_cx_parts(z), pc_cx_parts(w));
    return CMPLX(r.re, r.im);
}
/* the unary functions of the transcendental family, as pc_<c99 name>[f](z) */
#define PC_CX_UNARY(cname, name)                                                                \
    PC_CX_FN pc_cfloat pc_##cname##f(pc_cfloat z)                                               \
    {                                                                                           \
        const pc_cmf r = pc_cm_##name##f(pc_cx_partsf(z));                                      \
        return CMPLXF(r.re, r.im);                                                              \
    }                                                                                           \
    PC_CX_FN pc_cdouble pc_##cname(pc_cdouble z)                                                \
    {                                                                                           \
        const pc_cmd r = pc_cm_##name(pc_cx_parts(z));                                          \
        return CMPLX(r.re, r.im);                                                               \
    }
#define PC_CX_FUNCTIONS(X)                                                                      \
    X(csqrt, sqrt) X(cexp, exp) X(clog, log) X(csin, sin) X(ccos, cos) X(ctan, tan)             \
    X(casin, asin) X(cacos, acos) X(catan, atan) X(csinh, sinh) X(ccosh, cosh) X(ctanh, tanh)   \
    X(casinh, asinh) X(cacosh, acosh) X(catanh, atanh)
PC_CX_FUNCTIONS(PC_CX_UNARY)
#undef PC_CX_UNARY

#ifdef __OPENCL_C_VERSION__
/* [Why complex64 in double on OpenCL] OpenCL allows its float built-ins (exp, sin, sinh ...)
 * a few ulp; a complex function combines several of them and lands beyond the 2 ulp the
 * consistency tests allow against the CPU. The float2 functions under the unsuffixed names
 * (the ones EW_M reaches) therefore compute in double and round once; the devices the plug-in
 * serves have cl_khr_fp64. */
#define PC_CX_WIDE(z) CMPLX(crealf(z), cimagf(z))
#define PC_CX_NARROW(z) CMPLXF(creal(z), cimag(z))
PC_CX_FN float pc_cabs(pc_cfloat z) { return (float)pc_cabs(PC_CX_WIDE(z)); }
/* pow keeps its float intermediates: where w log(z) overflows float the CPU's result is NaN,
 * and computed in double it would be a number */
PC_CX_FN pc_cfloat pc_cpow(pc_cfloat z, pc_cfloat w) { return pc_cpowf(z, w); }
#define PC_CX_ALIAS(cname, name)                                                                \
    PC_CX_FN pc_cfloat pc_##cname(pc_cfloat z) { return PC_CX_NARROW(pc_##cname(PC_CX_WIDE(z))); }
PC_CX_FUNCTIONS(PC_CX_ALIAS)
#undef PC_CX_ALIAS
#undef PC_CX_WIDE
#undef PC_CX_NARROW
#endif
#endif

#endif
