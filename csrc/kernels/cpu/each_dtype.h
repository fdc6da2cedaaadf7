/*
 * each_dtype.h - include PCK_BODY once per dtype, with PCK_N set to the dtype's ID token.
 *
 * No include guard: including it is the loop. The including file defines PCK_BODY (a quoted
 * file name); a body that does not apply to some kinds tests PCK_K with #if. The order is
 * dtypes.def's.
 */
#define PCK_N BOOL
#include PCK_BODY
#undef PCK_N
#define PCK_N INT8
#include PCK_BODY
#undef PCK_N
#define PCK_N INT16
#include PCK_BODY
#undef PCK_N
#define PCK_N INT32
#include PCK_BODY
#undef PCK_N
#define PCK_N INT64
#include PCK_BODY
#undef PCK_N
#define PCK_N UINT8
#include PCK_BODY
#undef PCK_N
#define PCK_N UINT16
#include PCK_BODY
#undef PCK_N
#define PCK_N UINT32
#include PCK_BODY
#undef PCK_N
#define PCK_N UINT64
#include PCK_BODY
#undef PCK_N
#define PCK_N FLOAT16
#include PCK_BODY
#undef PCK_N
#define PCK_N BFLOAT16
#include PCK_BODY
#undef PCK_N
#define PCK_N FLOAT32
#include PCK_BODY
#undef PCK_N
#define PCK_N FLOAT64
#include PCK_BODY
#undef PCK_N
#define PCK_N COMPLEX64
#include PCK_BODY
#undef PCK_N
#define PCK_N COMPLEX128
#include PCK_BODY
#undef PCK_N
