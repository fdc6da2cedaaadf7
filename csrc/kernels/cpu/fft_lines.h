/*
 * fft_lines.h - what the FFT executors (fft_*_impl.h) share across precisions: the description
 * of a set of lines to transform, and the SIMD lane types.
 *
 * A line is one 1-D sequence along the transformed axis. A set of `count` lines is given by a
 * base pointer and, per line, a byte offset (an explicit array, or `ls` times the line's index)
 * plus the byte step between a line's elements. Values are complex (real part at the element,
 * imaginary part `im` bytes after it) or real (`im` < 0). As input, elements from `nre` on have
 * no real part and from `nim` on no imaginary part: they read as zeros (zero-padding; real
 * input has nim == 0, pairs of reals read as complex values have nim == nre or nre - 1). As
 * output, `nre` elements are written (the real parts only when `im` < 0).
 */
#ifndef PADDLE_C_KERNELS_CPU_FFT_LINES_H
#define PADDLE_C_KERNELS_CPU_FFT_LINES_H

#include <stdint.h>

#include "fft_plan.h"

typedef struct fft_lines {
    char *ptr;
    int64_t ls;             /* byte offset between consecutive lines when offs == NULL */
    const int64_t *offs;    /* byte offset of each line from ptr, or NULL */
    int64_t es;             /* byte step between elements of a line */
    int64_t im;             /* byte offset of the imaginary part; < 0 for real values */
    int64_t nre;
    int64_t nim;
} fft_lines;

static inline char *fft_line(const fft_lines *d, int64_t i)
{
    return d->ptr + (d->offs != NULL ? d->offs[i] : i * d->ls);
}

/* The lines from index `first` on. */
static inline fft_lines fft_lines_from(const fft_lines *d, int64_t first)
{
    fft_lines r = *d;
    if (d->offs != NULL) {
        r.offs = d->offs + first;
    } else {
        r.ptr = d->ptr + first * d->ls;
    }
    return r;
}

/* [Why GCC vector types] The butterflies are written once on whole lane vectors with plain
 * arithmetic operators; GCC and Clang lower them to the widest SIMD the target has (or to
 * several narrower registers), with no intrinsics and no per-ISA code. */
typedef float fft_vf __attribute__((vector_size(FFT_VBYTES)));
typedef double fft_vd __attribute__((vector_size(FFT_VBYTES)));

#define FFT_V_COMPLEX64 fft_vf
#define FFT_V_COMPLEX128 fft_vd
#define FFT_PREC_COMPLEX64 FFT_F32
#define FFT_PREC_COMPLEX128 FFT_F64

#if defined(__GNUC__)
#define FFT_INLINE static inline __attribute__((always_inline))
#else
#define FFT_INLINE static inline
#endif

#endif
