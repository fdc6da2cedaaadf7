/*
 * each_src.h - include PCK_ROW once per dtype with PCK_SRC set to the dtype's ID token: the
 * outer loop of a (source, destination) iteration whose inner loop is cpu/each_dtype.h (the
 * casts). No include guard: including it is the loop; the order is dtypes.def's (checked by
 * the static assertion each row's includer makes, for example cuda/cast.cu).
 */
#define PCK_SRC BOOL
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC INT8
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC INT16
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC INT32
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC INT64
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC UINT8
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC UINT16
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC UINT32
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC UINT64
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC FLOAT16
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC BFLOAT16
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC FLOAT32
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC FLOAT64
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC COMPLEX64
#include PCK_ROW
#undef PCK_SRC
#define PCK_SRC COMPLEX128
#include PCK_ROW
#undef PCK_SRC
