/*
 * lapack.c - the CPU kernels of the LAPACK-backed linear-algebra ops (CHOLESKY, INV, SOLVE,
 * SLOGDET, QR, EIGH, EIG, SVD) for float32, float64, complex64 and complex128. The bodies are
 * lapack_impl.h; the contracts (layouts, which tensors are written) are in
 * dispatch/linalg_kernels.h. Other dtypes are converted by the core before a kernel runs.
 */
#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "paddle_c/kernels/result_word.h"
#include "dtype_params.h"
#include "openblas.h"
#include "paddle_c/parallel.h"
#include "register.h"

/* the complex dtype each BLAS dtype's eigenvalues live in */
#define PCL_CPLX_FLOAT32 pc_cfloat
#define PCL_CPLX_FLOAT64 pc_cdouble
#define PCL_CPLX_COMPLEX64 pc_cfloat
#define PCL_CPLX_COMPLEX128 pc_cdouble

/* A failure of EIGH, EIG or SVD that depends on the matrix: reported through the device's
 * result word when the kernel was given one (then the kernel stops, returning PC_OK), else
 * returned as the status with `message`. */
static pc_status la_fail(pc_result_word *word, pc_la_failure detail, const char *message)
{
    if (word != NULL) {
        pc_result_fail(word, PC_ERR_VALUE, (int32_t)detail, 0);
        return PC_OK;
    }
    return pc_error_set(PC_ERR_VALUE, "%s", message);
}

#define PCK_BODY "lapack_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_lapack(void)
{
#define PCL_REGISTER(ID)                                                                         \
    pc_kernel_register(PC_OP_CHOLESKY, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = cholesky_##ID}); \
    pc_kernel_register(PC_OP_INV, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = inv_##ID});      \
    pc_kernel_register(PC_OP_SOLVE, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = solve_##ID});  \
    pc_kernel_register(PC_OP_SLOGDET, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = slogdet_##ID}); \
    pc_kernel_register(PC_OP_QR, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = qr_##ID});        \
    pc_kernel_register(PC_OP_EIGH, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = eigh_##ID});    \
    pc_kernel_register(PC_OP_EIG, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = eig_##ID});      \
    pc_kernel_register(PC_OP_SVD, PC_DEVICE_CPU, PC_##ID, (pc_kernel){.whole = svd_##ID});
    PCL_REGISTER(FLOAT32)
    PCL_REGISTER(FLOAT64)
    PCL_REGISTER(COMPLEX64)
    PCL_REGISTER(COMPLEX128)
#undef PCL_REGISTER
}
