/*
 * fft_params.h - the contract of the FFT whole-tensor kernels (ops FFT_C2C, FFT_R2C, FFT_C2R),
 * shared by the caller (dispatch/fft.c) and every backend's kernels.
 *
 * One kernel call transforms a tensor along one axis:
 *   in[0]   the input: for C2C and C2R real or complex of the kernel's precision, for R2C real
 *           of that precision; any strides. Its length along `axis` may differ from the
 *           transform's: missing entries are zeros, extra entries are ignored.
 *   out[0]  the output: the kernel's complex dtype (C2C, R2C) or its real counterpart (C2R),
 *           the input's shape except along `axis`, where it has `n` entries (n/2+1 for R2C).
 *           For C2C it may be the input itself (same shape, dtype and strides): the transform
 *           then runs in place.
 * The kernel table's dtype is the complex dtype of the precision (complex64 or complex128).
 */
#ifndef PADDLE_C_KERNELS_FFT_PARAMS_H
#define PADDLE_C_KERNELS_FFT_PARAMS_H

/* Memory on a device: the tensors are on the kernel's device, these parameters are host
 * memory passed by value; FFTs have no data-dependent result. */
#include <stdbool.h>
#include <stdint.h>

typedef struct pc_fft_params {
    int axis;           /* non-negative */
    int64_t n;          /* logical transform length, >= 1 */
    bool forward;       /* exp(-2 pi i jk/n) when true, exp(+...) when false */
    double scale;       /* every output value is multiplied by this */
} pc_fft_params;

#endif
