/*
 * complex_shim.h - the complex compute types pc_cfloat / pc_cdouble and the C99 names the
 * element functions use on them (crealf, CMPLX, cabs, cpow, csqrt, ...), on every target:
 *   - C (CPU): C99 `_Complex` and <complex.h> themselves;
 *   - nvcc: cuda::std::complex (libcu++), the C99 names as thin host + device wrappers;
 *   - hipcc (no libcu++): a small own complex type with the arithmetic the element functions
 *     use (+, -, *, parts, abs, pow); the complex transcendental family is not built for HIP
 *     yet (its slots stay empty and raise NotImplementedError).
 * Complex division and the textbook product of the kernels are written out in arith_elem.h, so
 * no target relies on its library's operator / for results.
 */
#ifndef PADDLE_C_KERNELS_COMMON_COMPLEX_SHIM_H
#define PADDLE_C_KERNELS_COMMON_COMPLEX_SHIM_H

#include "elem.h"

#if defined(__CUDACC__) && !defined(__HIPCC__)
#include <cuda/std/complex>
typedef cuda::std::complex<float> pc_cfloat;
typedef cuda::std::complex<double> pc_cdouble;
#define PC_CX_NS cuda::std
#define PC_CX_FULL 1 /* the transcendental family is available */

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
PC_ELEM float cabsf(pc_cfloat z) { return hypotf(z.re_, z.im_); }
PC_ELEM double cabs(pc_cdouble z) { return hypot(z.re_, z.im_); }
/* z**w = exp(w log z) */
PC_ELEM pc_cfloat cpowf(pc_cfloat z, pc_cfloat w)
{
    const float lr = logf(hypotf(z.re_, z.im_)), li = atan2f(z.im_, z.re_);
    const float er = w.re_ * lr - w.im_ * li, ei = w.re_ * li + w.im_ * lr;
    const float m = expf(er);
    return pc_cfloat(m * cosf(ei), m * sinf(ei));
}
PC_ELEM pc_cdouble cpow(pc_cdouble z, pc_cdouble w)
{
    const double lr = log(hypot(z.re_, z.im_)), li = atan2(z.im_, z.re_);
    const double er = w.re_ * lr - w.im_ * li, ei = w.re_ * li + w.im_ * lr;
    const double m = exp(er);
    return pc_cdouble(m * cos(ei), m * sin(ei));
}

#else
#include <complex.h>
typedef float _Complex pc_cfloat;
typedef double _Complex pc_cdouble;
#define PC_CX_FULL 1
#endif

#if defined(PC_ELEM_GPU)
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

#if defined(PC_CX_NS)
PC_ELEM float cabsf(pc_cfloat z) { return PC_CX_NS::abs(z); }
PC_ELEM double cabs(pc_cdouble z) { return PC_CX_NS::abs(z); }
PC_ELEM pc_cfloat cpowf(pc_cfloat z, pc_cfloat w) { return PC_CX_NS::pow(z, w); }
PC_ELEM pc_cdouble cpow(pc_cdouble z, pc_cdouble w) { return PC_CX_NS::pow(z, w); }
#define PC_CX_UNARY(cname, stdname)                                                             \
    PC_ELEM pc_cfloat cname##f(pc_cfloat z) { return PC_CX_NS::stdname(z); }                    \
    PC_ELEM pc_cdouble cname(pc_cdouble z) { return PC_CX_NS::stdname(z); }
PC_CX_UNARY(csqrt, sqrt)
PC_CX_UNARY(cexp, exp)
PC_CX_UNARY(clog, log)
PC_CX_UNARY(csin, sin)
PC_CX_UNARY(ccos, cos)
PC_CX_UNARY(ctan, tan)
PC_CX_UNARY(casin, asin)
PC_CX_UNARY(cacos, acos)
PC_CX_UNARY(catan, atan)
PC_CX_UNARY(csinh, sinh)
PC_CX_UNARY(ccosh, cosh)
PC_CX_UNARY(ctanh, tanh)
PC_CX_UNARY(casinh, asinh)
PC_CX_UNARY(cacosh, acosh)
PC_CX_UNARY(catanh, atanh)
#undef PC_CX_UNARY
#endif

#endif
