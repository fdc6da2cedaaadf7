/*
 * random_elem.h - the random number streams: Philox4x32-10 and the transforms from its bits to
 * each distribution, written once for every target (the CPU's RANDOM loop, the GPU kernel, the
 * OpenCL plug-in). Element functions (elem.h): no loops beyond a distribution's own rejection
 * loop, no tables, and of libm only what every target computes exactly (frexp, floor, sqrt).
 *
 * [Why the same stream on every device] Element i of a generation call with seed s and offset o
 * is a pure function of (s, e = o + i): its bits are word e % per of Philox4x32-10 of the
 * counter (lo(e / per), hi(e / per), j, per) under the key (lo(s), hi(s)), `per` the number of
 * elements of its kind that share a block (pc_random_per_block) and j numbering the draws of a
 * rejection loop. No state is shared between blocks, so any thread may compute any block and
 * every device gives the same bits. The transforms then use only operations IEEE 754
 * rounds exactly (+, -, *, /, sqrt, floor, comparisons) - the logarithm is our own
 * (pc_rng_log), not the target's libm, whose last bit differs between the CPU, CUDA and OpenCL
 * - and the files that compile them turn contraction into fused multiply-adds off
 * (-ffp-contract=off, nvcc -fmad=false, OpenCL's FP_CONTRACT OFF), so the values are bit for bit
 * the same everywhere, normal and Poisson samples included.
 *
 * Random123's known-answer vectors check pc_philox (tests/test_random.py).
 */
#ifndef PADDLE_C_KERNELS_COMMON_RANDOM_ELEM_H
#define PADDLE_C_KERNELS_COMMON_RANDOM_ELEM_H

#include "elem.h"
#include "paddle_c/kernels/random_kernels.h"

typedef struct pc_philox4 {
    uint32_t v[4];
} pc_philox4;

/* Philox4x32 with 10 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3",
 * SC 2011), the key bumped by the Weyl constants between rounds. */
PC_ELEM pc_philox4 pc_philox(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0,
                             uint32_t k1)
{
    for (int r = 0; r < 10; r++) {
        if (r > 0) {
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        const uint64_t p0 = (uint64_t)0xD2511F53u * c0;
        const uint64_t p1 = (uint64_t)0xCD9E8D57u * c2;
        const uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0;
        const uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
        c1 = (uint32_t)p1;
        c3 = (uint32_t)p0;
        c0 = n0;
        c2 = n2;
    }
    pc_philox4 out;
    out.v[0] = c0;
    out.v[1] = c1;
    out.v[2] = c2;
    out.v[3] = c3;
    return out;
}

/* The bits of draw j of block `block` of the stream `seed`, for elements that share a block
 * `per` at a time (the counter carries `per`, so blocks of different sharing never meet). */
PC_ELEM pc_philox4 pc_rng_bits(uint64_t seed, uint64_t block, uint32_t j, uint32_t per)
{
    return pc_philox((uint32_t)block, (uint32_t)(block >> 32), j, per, (uint32_t)seed,
                     (uint32_t)(seed >> 32));
}

/* A double in [0, 1) from 53 of the bits of (hi, lo): k * 2^-53 for a uniform k. */
PC_ELEM double pc_rng_unit(uint32_t hi, uint32_t lo)
{
    const uint64_t k = ((uint64_t)hi << 21) | (uint64_t)(lo >> 11);
    return (double)k * (1.0 / 9007199254740992.0);
}

/* floor(a * b / 2^64): a uniform 64-bit a mapped onto [0, b). */
PC_ELEM uint64_t pc_rng_mulhi64(uint64_t a, uint64_t b)
{
    const uint64_t a0 = a & 0xFFFFFFFFu;
    const uint64_t a1 = a >> 32;
    const uint64_t b0 = b & 0xFFFFFFFFu;
    const uint64_t b1 = b >> 32;
    const uint64_t p00 = a0 * b0;
    const uint64_t p01 = a0 * b1;
    const uint64_t p10 = a1 * b0;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/* The natural logarithm of a finite x > 0, from +, -, *, / alone (so every target rounds it
 * alike; within 1 ulp). x = 2^k m with m in [sqrt(2)/2, sqrt(2)); with f = m - 1 and
 * s = f / (2 + f), log(m) = 2 atanh(s) = f - s (f - R(s^2)), R the minimax polynomial of
 * Sun's fdlibm (e_log.c, Lg1..Lg7); k log 2 added in two parts. frexp is exact everywhere. */
PC_ELEM double pc_rng_log(double x)
{
    int k = 0;
    x = frexp(x, &k); /* exact: x = m 2^k, m in [1/2, 1) */
    if (x < 0.70710678118654752440) {
        x *= 2.0;
        k -= 1;
    }
    const double f = x - 1.0;
    const double s = f / (2.0 + f);
    const double z = s * s;
    const double w = z * z;
    const double t1 = w * (0.3999999999940941908 + w * (0.22222198432149784 +
                                                      w * 0.15313837699209373));
    const double t2 = z * (0.6666666666666735130 + w * (0.2857142874366239149 +
                                                       w * (0.1818357216161805012 +
                                                            w * 0.14798198605116585915)));
    const double r = t1 + t2;
    const double hfsq = 0.5 * f * f;
    const double dk = (double)k;
    return dk * 6.93147180369123816490e-01 -
           ((hfsq - (s * (hfsq + r) + dk * 1.90821492927058770002e-10)) - f);
}

/* A standard normal value for element `index` (one block per element), its first draw's bits
 * `b`: Marsaglia's polar method, draw j giving the point (u, v) of the square (-1, 1)^2,
 * accepted inside the unit circle. */
PC_ELEM double pc_rng_normal(uint64_t seed, uint64_t index, pc_philox4 b)
{
    for (uint32_t j = 1;; j++) {
        const double u = 2.0 * pc_rng_unit(b.v[0], b.v[1]) - 1.0;
        const double v = 2.0 * pc_rng_unit(b.v[2], b.v[3]) - 1.0;
        const double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) {
            return u * sqrt(-2.0 * pc_rng_log(s) / s);
        }
        b = pc_rng_bits(seed, index, j, 1u);
    }
}

/* A standard exponential value from a block's first two words: -log(1 - U). */
PC_ELEM double pc_rng_exponential(pc_philox4 b)
{
    return -pc_rng_log(1.0 - pc_rng_unit(b.v[0], b.v[1]));
}

/* log(k!) (k >= 0): exact sums below 16, Stirling's series with three terms above. */
PC_ELEM double pc_rng_log_factorial(double k)
{
    if (k < 16.0) {
        double s = 0.0;
        for (double i = 2.0; i <= k; i += 1.0) {
            s += pc_rng_log(i);
        }
        return s;
    }
    const double n = k + 1.0;
    const double r = 1.0 / n;
    const double r2 = r * r;
    return (n - 0.5) * pc_rng_log(n) - n + 0.91893853320467274178 +
           r * (1.0 / 12.0 - r2 * (1.0 / 360.0 - r2 * (1.0 / 1260.0)));
}

/* A Poisson value of rate lam: below 10 by counting unit exponentials until their sum passes
 * lam; from 10 by Hörmann's transformed rejection with squeeze (PTRS, 1993), as NumPy does.
 * lam NaN, negative or above 2^62 (beyond which the count is not exact) gives NaN. */
PC_ELEM double pc_rng_poisson(uint64_t seed, uint64_t index, pc_philox4 first, double lam)
{
    if (!(lam >= 0.0) || lam > 0x1p62) {
        return NAN;
    }
    if (lam < 10.0) {
        double t = 0.0;
        double k = 0.0;
        pc_philox4 b = first;
        for (uint32_t j = 1;; j++) {
            t -= pc_rng_log(1.0 - pc_rng_unit(b.v[0], b.v[1]));
            if (t > lam) {
                return k;
            }
            k += 1.0;
            t -= pc_rng_log(1.0 - pc_rng_unit(b.v[2], b.v[3]));
            if (t > lam) {
                return k;
            }
            k += 1.0;
            b = pc_rng_bits(seed, index, j, 1u);
        }
    }
    const double slam = sqrt(lam);
    const double loglam = pc_rng_log(lam);
    const double b = 0.931 + 2.53 * slam;
    const double a = -0.059 + 0.02483 * b;
    const double invalpha = 1.1239 + 1.1328 / (b - 3.4);
    const double vr = 0.9277 - 3.6224 / (b - 2.0);
    pc_philox4 bits = first;
    for (uint32_t j = 1;; j++) {
        const double u = pc_rng_unit(bits.v[0], bits.v[1]) - 0.5;
        const double v = pc_rng_unit(bits.v[2], bits.v[3]);
        const double us = 0.5 - (u < 0.0 ? -u : u);
        const double k = floor((2.0 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr) {
            return k;
        }
        if (k >= 0.0 && !(us < 0.013 && v > us) && v > 0.0 &&
            pc_rng_log(v) + pc_rng_log(invalpha) - pc_rng_log(a / (us * us) + b) <=
                -lam + k * loglam - pc_rng_log_factorial(k)) {
            return k;
        }
        bits = pc_rng_bits(seed, index, j, 1u);
    }
}

/* How many elements of a RANDOM call share one Philox block, taking its words in turn: four
 * uniform values of up to 32 bits, two of 53 bits or two 64-bit integers; one element per block
 * (and more blocks as its rejection loop needs) for the other kinds. Element e is word
 * e % per of block e / per, the block's counter carrying `per`. */
PC_ELEM uint32_t pc_random_per_block(const pc_random_params *p)
{
    if (p->kind == PC_RANDOM_UNIFORM) {
        return p->bits <= 32 ? 4u : 2u;
    }
    return p->kind == PC_RANDOM_INTEGERS ? 2u : 1u;
}

/* The bits of block `block` of a RANDOM call. */
PC_ELEM pc_philox4 pc_random_block(const pc_random_params *p, uint64_t block)
{
    return pc_rng_bits(p->seed, block, 0u, pc_random_per_block(p));
}

/* Element e (its stream index: the call's offset plus its position) of a RANDOM call of a
 * floating kind as a double, from its block's bits `b`; `rate` is POISSON's. */
PC_ELEM double pc_random_real(const pc_random_params *p, pc_philox4 b, uint64_t e, double rate)
{
    switch (p->kind) {
    case PC_RANDOM_UNIFORM: {
        double u;
        if (p->bits <= 32) {
            const uint32_t w = b.v[e % 4u];
            u = (double)(w >> (32 - p->bits)) / (double)((uint64_t)1 << p->bits);
        } else {
            const uint32_t k = (uint32_t)(e % 2u) * 2u;
            u = pc_rng_unit(b.v[k], b.v[k + 1]);
        }
        return p->a + (p->b - p->a) * u;
    }
    case PC_RANDOM_NORMAL:
        return p->a + p->b * pc_rng_normal(p->seed, e, b);
    case PC_RANDOM_EXPONENTIAL:
        return pc_rng_exponential(b) / p->a;
    default:
        return pc_rng_poisson(p->seed, e, b, rate);
    }
}

/* Element e of a RANDOM call of kind INTEGERS, from its block's bits `b`. */
PC_ELEM int64_t pc_random_integer(const pc_random_params *p, pc_philox4 b, uint64_t e)
{
    const uint32_t k = (uint32_t)(e % 2u) * 2u;
    const uint64_t x = ((uint64_t)b.v[k] << 32) | b.v[k + 1];
    const uint64_t m = p->range == 0 ? x : pc_rng_mulhi64(x, p->range);
    return (int64_t)((uint64_t)p->lo + m);
}

#endif
