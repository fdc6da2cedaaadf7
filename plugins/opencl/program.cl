/*
 * program.cl - the text of one OpenCL program of the plug-in, for the dtype PCK_N (its storage
 * type PCL_T), which the header program.c writes before this text sets. program.c expands the
 * #include lines from the texts embedded at build time (CMakeLists.txt), so the element layer
 * of csrc/kernels/common reaches the OpenCL compiler as it reaches the C and CUDA compilers;
 * the casts into this dtype follow this text (program.c: one cast_elem.h per source dtype).
 */
#include "prelude.cl"
#include "dtype_params.h"
#include "elem_math.h"
#include "reduce_elem.h"
#include "arith_elem.h"
#include "arith_ops.h"
#include "compare_elem.h"
#include "compare_ops.h"
#include "bitwise_elem.h"
#include "transcendental_elem.h"
#include "transcendental_ops.h"
#include "complex_elem.h"
#include "sort_key.h"
#include "kernels.cl"
#include "prims.cl"
#include "random.cl"
