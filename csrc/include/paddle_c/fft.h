/*
 * fft.h - discrete Fourier transforms of tensors (the C side of paddle_c.fft).
 *
 * One entry point, pc_fft(), computes complex-to-complex, real-to-complex (the half spectrum)
 * and complex-to-real transforms over one or more axes, with zero-padding or truncation of the
 * input along each transformed axis and the array API's normalisation modes. The transforms
 * themselves run in the backend's kernels (kernels/cpu/fft*.c on the CPU).
 *
 * Sign convention: a forward transform computes X_k = sum_j x_j exp(-2 pi i jk / n), a
 * backward one uses exp(+2 pi i jk / n). So fft and rfft are forward, ifft and irfft
 * backward; hfft is a forward complex-to-real transform and ihfft a backward real-to-complex
 * one (NumPy's definitions).
 *
 * Dtypes: complex64 / complex128 results for float32 / float64 (and complex) input; integer,
 * bool, float16 and bfloat16 input is computed in float32 (Paddle's rule). Real-to-complex
 * transforms take real input only; complex-to-real transforms return float32 / float64.
 */
#ifndef PADDLE_C_FFT_H
#define PADDLE_C_FFT_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_fft_kind {
    PC_FFT_C2C = 0,     /* complex (or real) input, complex output of length n */
    PC_FFT_R2C,         /* real input, output of length n/2+1 along the last axis given */
    PC_FFT_C2R          /* Hermitian input of n/2+1 entries along the last axis, real output */
} pc_fft_kind;

/* The array API's `norm`: which direction is scaled by 1/n ("ortho" scales both by
 * 1/sqrt(n)); n is the product of the transformed lengths. */
typedef enum pc_fft_norm {
    PC_FFT_NORM_BACKWARD = 0,   /* forward transforms unscaled, backward ones by 1/n */
    PC_FFT_NORM_ORTHO,
    PC_FFT_NORM_FORWARD         /* forward transforms by 1/n, backward ones unscaled */
} pc_fft_norm;

/* Transform `x` over `naxes` distinct axes (negative values count from the end; at least one
 * axis). lens[i] is the logical transform length along axes[i] (>= 1): the output's length
 * there, except for the last axis of an R2C transform, whose output has lens/2+1 entries. The
 * input is zero-padded or truncated to lens[i] entries (lens/2+1 for the last axis of C2R).
 * The result is a new C-contiguous tensor.
 *
 * Errors: PC_ERR_AXIS for an axis out of range or repeated, PC_ERR_VALUE for lengths below
 * 1 or a 0-D input, PC_ERR_TYPE for complex input to R2C. */
pc_status pc_fft(const pc_tensor *x, pc_fft_kind kind, bool forward, int naxes, const int *axes,
                 const int64_t *lens, pc_fft_norm norm, pc_tensor **out);

/* The sample frequencies of a transform of length n (>= 1) with spacing d: fftfreq (`half`
 * false: n values) or rfftfreq (`half` true: n/2+1 values) in a real floating `dtype`. */
pc_status pc_fft_freq(int64_t n, double d, bool half, pc_dtype dtype, pc_device device,
                      pc_tensor **out);

/* fftshift (`inverse` false) and ifftshift: x rolled by n/2 (by -(n/2)) along each of the
 * `naxes` axes; a new tensor of x's dtype and shape. Repeated axes are rolled repeatedly. */
pc_status pc_fft_shift(const pc_tensor *x, int naxes, const int *axes, bool inverse,
                       pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
