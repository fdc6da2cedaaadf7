/*
 * ops_list.h - the names of the elementwise ops of dtype PCK_N's program, NULL-terminated:
 * the element layer's X-macro lists (the _ops.h files of kernels/common) expanded as kernels.cl
 * expands them. Included once per dtype by kernels.c (through each_dtype.h); no include guard.
 */
#include "kernels/common/arith_ops.h"
#include "kernels/common/compare_ops.h"

#define PCL_NAME(ID, name) #name,
static const char *const PCK_CAT(pcl_ops_, PCK_N)[] = {
    PC_ARITH_OPS(PCL_NAME, PCL_NAME, PCL_NAME)
    PC_COMPARE_OPS(PCL_NAME, PCL_NAME)
    PC_BITWISE_OPS(PCL_NAME, PCL_NAME)
#if PCK_K == PCK_KF || PCK_K == PCK_KC
    PC_TRANSCENDENTAL_UNARY(PCL_NAME)
#endif
#if PCK_K == PCK_KF
    PC_TRANSCENDENTAL_BINARY(PCL_NAME)
#endif
#if PCK_K != PCK_KC
    "clip",
#endif
    "copy", "fill", "where", NULL};
#undef PCL_NAME
