/*
 * sort_order.cuh - order_of<D>: every dtype's element order and median on the device, from the
 * one element order of kernels/common/sort_key.h (the CPU's) and the median of
 * kernels/common/median_elem.h. Used by sort.cu and search.cu.
 */
#ifndef PADDLE_C_CUDA_SORT_ORDER_CUH
#define PADDLE_C_CUDA_SORT_ORDER_CUH

#include "common.cuh"

namespace pcu {
template <pc_dtype D> struct order_of;
}

#define PCK_BODY "kernels/common/sort_key.h"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY
#define PCK_BODY "kernels/common/median_elem.h"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY
#define PCK_BODY "kernels/cuda/order_row.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

#endif
