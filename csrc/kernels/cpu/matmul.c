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

/* the block width of the integer kernel's inner loop */
#define PC_MM_BLOCK 16

#define PCK_BODY "matmul_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_matmul(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_matmul_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
