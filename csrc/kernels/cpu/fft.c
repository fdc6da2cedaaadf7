/*
 * fft.c - the CPU FFT kernels: the engine of fft_body_impl.h instantiated for complex64 and
 * complex128, and their registration for ops FFT_C2C, FFT_R2C and FFT_C2R.
 *
 * Plans and their tables live in fft_plan.c; the parts of the engine are listed in
 * fft_body_impl.h.
 */
#include "dtype_params.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/fft_params.h"
#include "fft_lines.h"
#include "paddle_c/fft.h"
#include "register.h"

#define PCK_BODY "fft_body_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

static pc_status exec_line_f64(const fft_plan *p, double *data)
{
    const fft_lines d = {(char *)data, 0, NULL, 16, 8, p->n, p->n};
    return c2c_lines_COMPLEX128(p, 1, &d, &d, false, false, 1.0);
}

void pc_cpu_register_fft(void)
{
    fft_plan_set_line_exec(exec_line_f64);
    pc_kernel_register(PC_OP_FFT_C2C, PC_DEVICE_CPU, PC_COMPLEX64,
                       (pc_kernel){.whole = fft_c2c_COMPLEX64});
    pc_kernel_register(PC_OP_FFT_C2C, PC_DEVICE_CPU, PC_COMPLEX128,
                       (pc_kernel){.whole = fft_c2c_COMPLEX128});
    pc_kernel_register(PC_OP_FFT_R2C, PC_DEVICE_CPU, PC_COMPLEX64,
                       (pc_kernel){.whole = fft_r2c_COMPLEX64});
    pc_kernel_register(PC_OP_FFT_R2C, PC_DEVICE_CPU, PC_COMPLEX128,
                       (pc_kernel){.whole = fft_r2c_COMPLEX128});
    pc_kernel_register(PC_OP_FFT_C2R, PC_DEVICE_CPU, PC_COMPLEX64,
                       (pc_kernel){.whole = fft_c2r_COMPLEX64});
    pc_kernel_register(PC_OP_FFT_C2R, PC_DEVICE_CPU, PC_COMPLEX128,
                       (pc_kernel){.whole = fft_c2r_COMPLEX128});
}
