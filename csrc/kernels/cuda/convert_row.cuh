/* convert_row.cuh - the conversions from dtype PCK_SRC (convert.cuh). No include guard. */
#define PCK_BODY "kernels/cuda/convert_body.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY
