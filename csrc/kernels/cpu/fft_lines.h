/*
 * fft_lines.h - what the FFT executors (fft_*_impl.h) share across precisions: the description
 * of a set of lines to transform, and the SIMD lane types.
 *
 * A line is one 1-D sequence along the transformed axis. A set of `count` lines is given by a
 * base pointer and, per line, a byte offset (an explicit array, or `ls` times the line's index)
 * plus the byte step between a line's elements. Values are complex (real part at the element,
 * imaginary part `im` bytes after it, possibly a negative offset) or real (`im` is FFT_NO_IM). As input, elements from `nre` on have
 * no real part and from `nim` on no imaginary part: they read as zeros (zero-padding; real
 * input has nim == 0, pairs of reals read as complex values have nim == nre or nre - 1). As
 * output, `nre` elements are written (the real parts only for real lines).
 */
#ifndef PADDLE_C_KERNELS_CPU_FFT_LINES_H
#define PADDLE_C_KERNELS_CPU_FFT_LINES_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fft_plan.h"

typedef struct fft_lines {
    char *ptr;
    int64_t ls;             /* byte offset between consecutive lines when offs == NULL */
    const int64_t *offs;    /* byte offset of each line from ptr, or NULL */
    int64_t es;             /* byte step between elements of a line */
    int64_t im;             /* byte offset of the imaginary part; FFT_NO_IM for real values */
    int64_t nre;
    int64_t nim;
} fft_lines;

#define FFT_NO_IM INT64_MIN
#define FFT_HAS_IM(d) ((d)->im != FFT_NO_IM)

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

/* The six-step twiddles w^(k1 * j2) that a first-step batch applies to element k1 as it
 * stores it. The first step's lines are listed column by column: with `batched` false, lane l
 * of the batch starting at line g is column g + l (one long line split); with `batched` true,
 * every lane of that batch is column g / lanes (a batch of lines split together). */
typedef struct fft_six_hook {
    const fft_plan *p;
    bool batched;
} fft_six_hook;

/* [Why GCC vector types] The butterflies are written once on whole lane vectors with plain
 * arithmetic operators; GCC and Clang lower them to the widest SIMD the target has (or to
 * several narrower registers), with no intrinsics and no per-ISA code. */
typedef float fft_vf __attribute__((vector_size(FFT_VBYTES)));
typedef double fft_vd __attribute__((vector_size(FFT_VBYTES)));
typedef int32_t fft_vi32 __attribute__((vector_size(FFT_VBYTES)));
typedef int64_t fft_vi64 __attribute__((vector_size(FFT_VBYTES)));

#define FFT_V_COMPLEX64 fft_vf
#define FFT_V_COMPLEX128 fft_vd
#define FFT_VI_COMPLEX64 fft_vi32
#define FFT_VI_COMPLEX128 fft_vi64
#define FFT_PREC_COMPLEX64 FFT_F32
#define FFT_PREC_COMPLEX128 FFT_F64

/* Tuning (see the [Why ...] comments at their uses): the bytes of batch buffers a panel may
 * fill (fft_lanes_impl.h), the most batches in a panel, and the work array of the batched
 * six-step split (fft_lines_impl.h). */
#define FFT_PANEL_BYTES (INT64_C(1) << 19)
#define FFT_PANEL_MAX 8
#define FFT_SIX_BATCH_BYTES (INT64_C(1) << 25)

#if defined(__GNUC__)
#define FFT_INLINE static inline __attribute__((always_inline))
#else
#define FFT_INLINE static inline
#endif

#endif
