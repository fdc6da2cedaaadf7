/*
 * fft_plan.h - FFT plans: how a transform of one length and precision is computed, with its
 * precomputed tables, and the thread-safe cache that shares them.
 *
 * A complex plan of length n is one of
 *   - Bluestein (`sub_m` set): a chirp-z convolution through a plan of a smooth length m >= 2n-1,
 *     chosen for lengths with large prime factors;
 *   - Stockham (`nfct` >= 0) and/or six-step (`sub1`, `sub2` set): mixed-radix passes over
 *     batches of lines held in SIMD lanes (fft_radix_impl.h), and the n = n1 * n2 split of one
 *     long line into two batched steps (fft_lines_impl.h). Both exist for mid-sized lengths; the
 *     executor picks per call.
 * A real plan of length n (`real`) holds the complex plan of n/2 (even n) or n (odd n) and the
 * twiddles of the real pre/post-processing (fft_real_impl.h).
 *
 * Twiddles are computed in double precision from exactly reduced angles (fft_plan.c) and
 * rounded once to the plan's precision. The plan does not depend on the direction: backward
 * transforms conjugate on the way in and out.
 *
 * Ownership rules: fft_plan_get() returns a new reference; release it with fft_plan_release().
 * Plans are immutable once built, so any number of threads may execute one at the same time.
 * A plan holds references to its sub-plans. The cache holds one reference per cached plan.
 */
#ifndef PADDLE_C_KERNELS_CPU_FFT_PLAN_H
#define PADDLE_C_KERNELS_CPU_FFT_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/status.h"

typedef enum fft_prec {
    FFT_F32 = 0,
    FFT_F64 = 1
} fft_prec;

/* [Why the lane width follows the target] One SIMD register (AVX-512: 64 bytes, AVX: 32,
 * otherwise 16): a batch of lines as wide as a register advances through every butterfly with
 * whole-vector operations, and vector values never exceed what the target passes in one
 * register. */
#if defined(__AVX512F__)
#define FFT_VBYTES 64
#elif defined(__AVX__)
#define FFT_VBYTES 32
#else
#define FFT_VBYTES 16
#endif
#define FFT_LANES(prec) ((prec) == FFT_F64 ? FFT_VBYTES / 8 : FFT_VBYTES / 4)

/* Stockham transforms only up to this length: beyond it a batch of lanes leaves the L2 cache
 * and the six-step split is faster. */
#define FFT_DIRECT_MAX 16384
/* Single lines at least this long use the six-step split (filling the lanes) when they can. */
#define FFT_SIXSTEP_MIN 64

#define FFT_MAX_PASSES 64

typedef struct fft_plan fft_plan;

struct fft_plan {
    int64_t refcount;               /* atomic */
    int64_t n;
    fft_prec prec;
    bool real;

    /* Stockham passes (nfct < 0 when absent): radices in execution order, the offset of each
     * pass's twiddles in `tw` ((ip-1) * ido complex values, w^(j*l1*i)), and for generic
     * radices the offset of their ip roots of unity in `tw` (-1 for the hard-coded ones). */
    int nfct;
    int64_t fct[FFT_MAX_PASSES];
    int64_t twoff[FFT_MAX_PASSES];
    int64_t rootoff[FFT_MAX_PASSES];
    int64_t maxgen;                 /* the largest generic radix, 0 if none */
    void *tw;                       /* complex values of the plan's precision, interleaved */

    /* six-step split n = n1 * n2 (sub1 of length n1, sub2 of length n2) */
    int64_t n1, n2;
    fft_plan *sub1, *sub2;
    int lobits;                     /* w^m = thi[m >> lobits] * tlo[m & mask] */
    void *tlo, *thi;
    void *tlane;                    /* n1 lane vectors (split re/im): w^(k1 * l), l < lanes */

    /* Bluestein */
    int64_t m;
    fft_plan *sub_m;
    void *chirp;                    /* n complex: exp(-i pi k^2 / n) */
    void *bk;                       /* m complex: the kernel's spectrum divided by m */

    /* real plans */
    fft_plan *half;                 /* complex plan of n/2 (even n) or n (odd n) */
    void *rtw;                      /* even n: exp(-2 pi i k / n) for k <= n/4 */
};

/* The plan for (n >= 1, prec, real), from the cache or newly built. NULL with an error set
 * (PC_ERR_MEMORY) on failure. */
fft_plan *fft_plan_get(int64_t n, fft_prec prec, bool real);

/* Drop a reference (NULL is allowed). */
void fft_plan_release(fft_plan *p);

/* cos and sin of 2 pi m / n, accurate to an ulp or two (the angle is reduced exactly). */
void fft_unit_root(int64_t m, int64_t n, double *c, double *s);

/* A forward transform in place of one contiguous line of p->n complex doubles. */
typedef pc_status (*fft_line_exec)(const fft_plan *p, double *data);

/* [Why the plan builder takes the engine as a hook] A Bluestein plan needs the spectrum of its
 * chirp kernel, a transform of length m run by the engine (fft.c) that itself uses plans. The
 * engine hands its line executor to the plan builder once, at registration (before any plan
 * is built), so the files depend one way: fft.c -> fft_plan.c. */
void fft_plan_set_line_exec(fft_line_exec exec);

/* Whether a batch of `count` lines of plan `p` runs through the Stockham passes directly. */
bool fft_plan_use_direct(const fft_plan *p, int64_t count);

/* Aligned scratch memory (64 bytes); NULL with PC_ERR_MEMORY set on failure. */
void *fft_alloc(int64_t nbytes);
void fft_free(void *p);

#endif
