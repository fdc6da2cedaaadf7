/*
 * matmul.c - the CPU MATMUL kernel (contract in dispatch/linalg_kernels.h): BLAS gemm for
 * float32, float64, complex64 and complex128, a blocked C kernel for the integer dtypes. The
 * core converts float16/bfloat16 operands to float32 (so they accumulate in float32) and never
 * sends bool. The body is matmul_impl.h, instantiated per dtype.
 *
 * [Why strides instead of copies] gemm reads a matrix with any leading dimension, transposed or
 * not, so row-major and column-major operands (x.mT, slices of a bigger matrix) go to BLAS as
 * they are. Only an operand with neither unit row nor unit column stride (a stepped slice,
 * negative strides) is packed into a contiguous scratch matrix first.
 */
#include <stdlib.h>

#include "batch.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "dtype_params.h"
#include "openblas.h"
#include "paddle_c/parallel.h"
#include "register.h"

/* How gemm reads a (rows x cols) operand with element strides (srow, scol): *trans is
 * PCL_NO_TRANS (row-major, leading dimension *ld) or PCL_TRANS (column-major); false when the
 * operand must be packed first. */
static bool gemm_layout(int64_t rows, int64_t cols, int64_t srow, int64_t scol, int *trans,
                        int64_t *ld)
{
    const int64_t maxld = INT32_MAX;
    if ((cols == 1 || scol == 1) && (rows == 1 || (srow >= cols && srow >= 1))) {
        *trans = PCL_NO_TRANS;
        *ld = rows == 1 ? (cols > 1 ? cols : 1) : srow;
        return *ld <= maxld;
    }
    if ((rows == 1 || srow == 1) && (cols == 1 || (scol >= rows && scol >= 1))) {
        *trans = PCL_TRANS;
        *ld = cols == 1 ? (rows > 1 ? rows : 1) : scol;
        return *ld <= maxld;
    }
    return false;
}

/* integer dtypes that accumulate in uint64_t (the others in uint32_t), and the block width of
 * the integer kernel's inner loop */
#define PC_MM_BLOCK 16
#define PCK_MM_WIDE_INT64 1
#define PCK_MM_WIDE_UINT64 1

#define PCK_BODY "matmul_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_matmul(void)
{
    static const pc_dtype dtypes[] = {PC_INT8,   PC_INT16,   PC_INT32,   PC_INT64,
                                      PC_UINT8,  PC_UINT16,  PC_UINT32,  PC_UINT64,
                                      PC_FLOAT32, PC_FLOAT64, PC_COMPLEX64, PC_COMPLEX128};
    static const pc_whole_fn fns[] = {matmul_INT8,    matmul_INT16,     matmul_INT32,
                                      matmul_INT64,   matmul_UINT8,     matmul_UINT16,
                                      matmul_UINT32,  matmul_UINT64,    matmul_FLOAT32,
                                      matmul_FLOAT64, matmul_COMPLEX64, matmul_COMPLEX128};
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++) {
        pc_kernel_register(PC_OP_MATMUL, PC_DEVICE_CPU, dtypes[i], (pc_kernel){.whole = fns[i]});
    }
}
