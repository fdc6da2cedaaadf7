/*
 * vmath.h - exp, log, sin and cos of float32 and float64 written so that the compiler vectorises
 * them: straight-line code, no branches, no table lookups, special values handled by clamping
 * and selects. Each is accurate to about 1 ulp (measured in tests/test_elementwise_accuracy.py
 * against higher-precision references).
 *
 * What they do not handle themselves: sin/cos of arguments beyond PC_VTRIG_FAST_MAX (float64,
 * 2^20) and PC_VTRIG_FAST_MAXf (float32, 2^16), where the fast argument reductions lose
 * accuracy; callers send those lanes to the C library (the loop
 * templates' EW_FALLBACK). Infinities and NaN need no fallback: they propagate to NaN.
 *
 * [Why no float-to-integer conversions] Rounding to an integer uses the "shifter" trick
 * (x + 1.5 * 2^52 in double, 1.5 * 2^23 in float), whose low mantissa bits then hold the
 * integer: it vectorises as one add and stays defined for NaN and infinities, where a C
 * conversion to int would be undefined.
 *
 * Sources of the methods: Cephes (expf's polynomial), FDLIBM via musl (the sin/cos kernels,
 * their minimax coefficients and the three-part reduction by pi/2; log and logf).
 */
#ifndef PADDLE_C_KERNELS_CPU_VMATH_H
#define PADDLE_C_KERNELS_CPU_VMATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define PC_VTRIG_FAST_MAX 0x1p20
#define PC_VTRIG_FAST_MAXf 0x1p16f

static inline uint64_t pc_vm_bits64(double d)
{
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

static inline double pc_vm_double(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

static inline uint32_t pc_vm_bits32(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static inline float pc_vm_float(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* ---- exp ------------------------------------------------------------------------------------ */

/* exp(x) for float32: x = n ln2 + r with |r| <= ln2/2, e^r by Cephes' degree-7 polynomial,
 * 2^n applied as two halves so that subnormal results are rounded once. Clamping the input
 * turns +inf into overflow and -inf into 0; NaN passes the clamps and the arithmetic. */
static inline float pc_vexpf(float x)
{
    const float shifter = 0x1.8p23f;
    float xc = x > 88.8f ? 88.8f : x;
    xc = xc < -104.0f ? -104.0f : xc;
    const float t = xc * 0x1.715476p+0f + shifter;
    const float n = t - shifter;
    const int32_t k = (int32_t)(pc_vm_bits32(t) - pc_vm_bits32(shifter));
    float r = xc - n * 0x1.62e4p-1f;
    r = r - n * 0x1.7f7d1cp-20f;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * (r * r) + r + 1.0f;
    const int32_t k1 = k >> 1;
    const int32_t k2 = k - k1;
    const float s1 = pc_vm_float((uint32_t)(k1 + 127) << 23);
    const float s2 = pc_vm_float((uint32_t)(k2 + 127) << 23);
    return p * s1 * s2;
}

/* exp(x) for float64: the same reduction with FDLIBM's split of ln2 (n * ln2_hi is exact) and
 * the degree-13 Taylor polynomial (truncation below 5e-18 on |r| <= ln2/2). */
static inline double pc_vexp(double x)
{
    const double shifter = 0x1.8p52;
    double xc = x > 710.0 ? 710.0 : x;
    xc = xc < -746.0 ? -746.0 : xc;
    const double t = xc * 0x1.71547652b82fep+0 + shifter;
    const double n = t - shifter;
    const int64_t k = (int64_t)(pc_vm_bits64(t) - pc_vm_bits64(shifter));
    double r = xc - n * 6.93147180369123816490e-01;
    r = r - n * 1.90821492927058770002e-10;
    double p = 1.0 / 6227020800.0;
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * (r * r) + r + 1.0;
    const int64_t k1 = k >> 1;
    const int64_t k2 = k - k1;
    const double s1 = pc_vm_double((uint64_t)(k1 + 1023) << 52);
    const double s2 = pc_vm_double((uint64_t)(k2 + 1023) << 52);
    return p * s1 * s2;
}

/* ---- log ------------------------------------------------------------------------------------ */

/* log(x) for float32, musl's logf made branch-free: x = 2^k (1 + f) with 1 + f in
 * [sqrt(2)/2, sqrt(2)), log(1 + f) from s = f / (2 + f) and a degree-4 polynomial in s^2.
 * Subnormal inputs are scaled by 2^25 first; zero, negative, infinite and NaN inputs are
 * selected at the end. */
static inline float pc_vlogf(float x)
{
    const bool sub = x < 0x1p-126f;
    const float xs = sub ? x * 0x1p25f : x;
    uint32_t ix = pc_vm_bits32(xs);
    ix += 0x3f800000u - 0x3f3504f3u;
    const int32_t k = (int32_t)(ix >> 23) - 0x7f - (sub ? 25 : 0);
    ix = (ix & 0x007fffffu) + 0x3f3504f3u;
    const float f = pc_vm_float(ix) - 1.0f;
    const float s = f / (2.0f + f);
    const float z = s * s;
    const float w = z * z;
    const float t1 = w * (0xccce13.0p-25f + w * 0xf89e26.0p-26f);
    const float t2 = z * (0xaaaaaa.0p-24f + w * 0x91e9ee.0p-25f);
    const float hfsq = 0.5f * f * f;
    const float dk = (float)k;
    float r = s * (hfsq + t2 + t1) + dk * 9.0580006145e-06f - hfsq + f + dk * 6.9313812256e-01f;
    r = x == 0 ? -INFINITY : r;
    r = x < 0 ? NAN : r;
    r = x == INFINITY ? x : r;
    r = x != x ? x : r;
    return r;
}

/* log(x) for float64, musl's log made branch-free in the same way (degree-7 polynomial). */
static inline double pc_vlog(double x)
{
    const bool sub = x < 0x1p-1022;
    const double xs = sub ? x * 0x1p54 : x;
    uint64_t ix = pc_vm_bits64(xs);
    uint32_t hx = (uint32_t)(ix >> 32);
    hx += 0x3ff00000u - 0x3fe6a09eu;
    const int64_t k = (int64_t)(hx >> 20) - 0x3ff - (sub ? 54 : 0);
    hx = (hx & 0x000fffffu) + 0x3fe6a09eu;
    ix = ((uint64_t)hx << 32) | (ix & 0xffffffffu);
    const double f = pc_vm_double(ix) - 1.0;
    const double hfsq = 0.5 * f * f;
    const double s = f / (2.0 + f);
    const double z = s * s;
    const double w = z * z;
    const double t1 = w * (3.999999999940941908e-01 +
                           w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01));
    const double t2 = z * (6.666666666666735130e-01 +
                           w * (2.857142874366239149e-01 +
                                w * (1.818357216161805012e-01 + w * 1.479819860511658591e-01)));
    const double dk = (double)k;
    double r = s * (hfsq + t2 + t1) + dk * 1.90821492927058770002e-10 - hfsq + f +
               dk * 6.93147180369123816490e-01;
    r = x == 0 ? -INFINITY : r;
    r = x < 0 ? NAN : r;
    r = x == INFINITY ? x : r;
    r = x != x ? x : r;
    return r;
}

/* ---- sin and cos ---------------------------------------------------------------------------- */

/* float32 sin and cos in float arithmetic (16 lanes): x = q pi/2 + r with pi/2 split in three
 * (FDLIBM/NumPy's Cody-Waite constants; the first product is subtracted exactly by a fused
 * multiply-add, which does not depend on the compiler contracting it), the second
 * step done as an exact two-sum so that r = hi + lo carries the rounding errors, then musl's
 * minimax polynomials for sin and cos on [-pi/4, pi/4] with the tail added last. For
 * |x| < 2^16 (PC_VTRIG_FAST_MAXf); `cosine` selects the function, the quadrant the polynomial
 * and the sign. */
#if defined(__FMA__) || defined(__aarch64__)
#define PC_VM_FMAF_EXACT(a, b, c) fmaf(a, b, c)
#else
/* [Why double without FMA] On a target without a fused multiply-add instruction (the x86-64-v2
 * baseline) fmaf is a library call, which keeps the loop from vectorising. Both uses below
 * have a product exact in double (at most 40 bits) and a result that is a float, so the same
 * value comes from double arithmetic. Only for such exact uses. */
#define PC_VM_FMAF_EXACT(a, b, c) ((float)((double)(a) * (double)(b) + (double)(c)))
#endif

static inline float pc_vsincosf(float x, int cosine)
{
    const float shifter = 0x1.8p23f;
    const float t = x * 0x1.45f306p-1f + shifter;
    const float q = t - shifter;
    const uint32_t quadrant = (pc_vm_bits32(t) + (uint32_t)cosine) & 3u;
    const float r1 = PC_VM_FMAF_EXACT(-q, 0x1.921fb0p+0f, x); /* q * hi needs over 24 bits */
    const float p = q * 0x1.5110b4p-22f;
    const float pe = PC_VM_FMAF_EXACT(q, 0x1.5110b4p-22f, -p); /* q * med == p + pe exactly */
    const float hi = r1 - p;
    const float bb = hi - r1;
    const float err = (r1 - (hi - bb)) + (-p - bb); /* r1 - p == hi + err exactly */
    const float lo = err - pe - q * 0x1.846988p-48f;
    const float z = hi * hi;
    const float ps = -0x15555554cbac77.0p-55f +
                     z * (0x111110896efbb2.0p-59f +
                          z * (-0x1a00f9e2cae774.0p-65f + z * 0x16cd878c3b46a7.0p-71f));
    const float sn = hi + (lo + hi * z * ps);
    const float pc = 0x155553e1053a42.0p-57f +
                     z * (-0x16c087e80f1e27.0p-62f + z * 0x199342e0ee5069.0p-68f);
    const float hz = -0x1ffffffd0c5e81.0p-54f * z;
    const float w = 1.0f + hz;
    const float cs = w + (((1.0f - w) + hz) + (z * z * pc - hi * lo));
    float v = (quadrant & 1u) ? cs : sn;
    v = (quadrant & 2u) ? -v : v;
    v = (!cosine && x == 0) ? x : v; /* sin(-0) is -0, which the sum loses */
    return v;
}

/* FDLIBM's kernels on [-pi/4, pi/4] for x + y (y the tail of the reduced argument). */
static inline double pc_vm_ksin(double x, double y)
{
    const double z = x * x;
    const double w = z * z;
    const double r = 8.33333333332248946124e-03 +
                     z * (-1.98412698298579493134e-04 + z * 2.75573137070700676789e-06) +
                     z * w * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10);
    const double v = z * x;
    return x - ((z * (0.5 * y - v * r) - y) - v * -1.66666666666666324348e-01);
}

static inline double pc_vm_kcos(double x, double y)
{
    const double z = x * x;
    const double w = z * z;
    const double r =
        z * (4.16666666666666019037e-02 +
             z * (-1.38888888888741095749e-03 + z * 2.48015872894767294178e-05)) +
        w * w *
            (-2.75573143513906633035e-07 +
             z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11));
    const double hz = 0.5 * z;
    const double u = 1.0 - hz;
    return u + (((1.0 - u) - hz) + (z * r - x * y));
}

static inline int64_t pc_vm_exponent(double x)
{
    return (int64_t)((pc_vm_bits64(x) >> 52) & 0x7ffu);
}

/* float64 sin and cos for |x| < 2^20: FDLIBM's reduction by pi/2 in up to three rounds (a
 * further round only where the previous one cancelled more than 16 and then 49 bits, exactly
 * FDLIBM's tests, but all rounds computed and the result selected), then FDLIBM's kernels. */
static inline double pc_vsincos(double x, int cosine)
{
    const double shifter = 0x1.8p52;
    const double t = x * 6.36619772367581382433e-01 + shifter;
    const double n = t - shifter;
    const uint64_t q = (pc_vm_bits64(t) + (uint64_t)cosine) & 3u;
    const double r1 = x - n * 1.57079632673412561417e+00;
    const double w1 = n * 6.07710050650619224932e-11;
    const double y1 = r1 - w1;
    double w = n * 6.07710050630396597660e-11;
    const double r2 = r1 - w;
    const double w2 = n * 2.02226624879595063154e-21 - ((r1 - r2) - w);
    const double y2 = r2 - w2;
    w = n * 2.02226624871116645580e-21;
    const double r3 = r2 - w;
    const double w3 = n * 8.47842766036889956997e-32 - ((r2 - r3) - w);
    const double y3 = r3 - w3;
    const int64_t ex = pc_vm_exponent(x);
    const bool round2 = ex - pc_vm_exponent(y1) > 16;
    const bool round3 = round2 && ex - pc_vm_exponent(y2) > 49;
    const double r = round3 ? r3 : round2 ? r2 : r1;
    const double wt = round3 ? w3 : round2 ? w2 : w1;
    const double y0 = round3 ? y3 : round2 ? y2 : y1;
    const double tail = (r - y0) - wt;
    const double s = pc_vm_ksin(y0, tail);
    const double c = pc_vm_kcos(y0, tail);
    double v = (q & 1u) ? c : s;
    v = (q & 2u) ? -v : v;
    return v;
}

#endif
