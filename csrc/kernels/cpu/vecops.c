/*
 * vecops.c - the CPU loops of VECDOT and CROSS (contracts in dispatch/linalg_kernels.h): small
 * fixed-length vector operations driven by the strided iterator over the batch shape. The body
 * is vecops_impl.h (the element steps of kernels/common/vecops_elem.h), instantiated for every
 * numeric dtype (bool has neither operation).
 *
 * [Why BLAS dot for long vectors] A dot product of floating vectors is a reduction the compiler
 * must not reorder (no -ffast-math), so a plain loop runs one multiply-add at a time; BLAS's
 * sdot/ddot/cdotc/zdotc keep several vector accumulators. Short vectors (under
 * PCV_BLAS_MIN_LEN) and negative or unaligned strides use the loop.
 */
#include "paddle_c/kernels/table.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "dtype_params.h"
#include "openblas.h"
#include "register.h"

#define PCV_BLAS_MIN_LEN 16

#define PCK_BODY "vecops_impl.h"
#include "each_dtype.h"
#undef PCK_BODY

void pc_cpu_register_vecops(void)
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_vecops_##ID();
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}
