/*
 * dtype_params.h - what type-generic kernels (the element layer and every target's loops) need
 * to know about each dtype, keyed by the dtype's ID token (the `ID` column of dtypes.def:
 * FLOAT32, BOOL, ...).
 *

 * [Why the ID and not the name] `bool` is a macro (stdbool.h) and would expand before token
 * pasting; the upper-case IDs are never macros.
 *
 * For a dtype ID N:
 *   PCK_T_N         storage C type
 *   PCK_CT_N        compute type (float for float16/bfloat16, else the storage type)
 *   PCK_RT_N        real compute type (float/double for complex, else PCK_CT_N)
 *   PCK_K_N         kind as a preprocessor number (PCK_KB, PCK_KI, PCK_KU, PCK_KF, PCK_KC)
 *   PCK_ID_N        the pc_dtype enum value
 *   PCK_LOAD_N(x)   storage value -> compute value
 *   PCK_STORE_N(v)  compute value -> storage value (rounded once)
 *   PCK_FROMD_N(v)  double -> storage value (rounded once; for float16/bfloat16 this avoids
 *                   rounding twice through float)
 *   PCK_LO_N/HI_N   range of integer dtypes
 *   PCK_NARROW_N    1 for float16 and bfloat16 (undefined, hence 0 in #if, for the others)
 *   PCK_WIDE_N      1 for int64 and uint64 (wider than a double's mantissa; undefined else)
 *
 * They are generated (dtype_rows.h, by tools/gen_defs.py from dtypes.def and the rules that
 * file states); a new dtype needs a dtypes.def row and, for a new storage type, its
 * conversions (paddle_c/half.h for the narrow floats).
 *
 * Element functions (the *_elem.h files of kernels/common) and loop bodies (*_impl.h) are
 * written once and included per dtype by cpu/each_dtype.h (CPython's stringlib approach);
 * they use these through PCK_CAT(PCK_T_, PCK_N) and friends.
 */
#ifndef PADDLE_C_KERNELS_COMMON_DTYPE_PARAMS_H
#define PADDLE_C_KERNELS_COMMON_DTYPE_PARAMS_H

#include "complex_shim.h"
#include "elem.h"
#include "paddle_c/half.h"

#define PCK_CAT_(a, b) a##b
#define PCK_CAT(a, b) PCK_CAT_(a, b)
#define PCK_CAT3(a, b, c) PCK_CAT(PCK_CAT(a, b), c)
#define PCK_CAT4(a, b, c, d) PCK_CAT(PCK_CAT3(a, b, c), d)

#define PCK_KB 0
#define PCK_KI 1
#define PCK_KU 2
#define PCK_KF 3
#define PCK_KC 4

/* the macros above for every dtype, written from dtypes.def by tools/gen_defs.py */
#include "dtype_rows.h"

/* Accessors for the dtype currently being instantiated (PCK_N, set by each_dtype.h). */
#define PCK_T PCK_CAT(PCK_T_, PCK_N)
#define PCK_CT PCK_CAT(PCK_CT_, PCK_N)
#define PCK_RT PCK_CAT(PCK_RT_, PCK_N)
#define PCK_K PCK_CAT(PCK_K_, PCK_N)
#define PCK_ID PCK_CAT(PCK_ID_, PCK_N)
#define PCK_LOAD(x) PCK_CAT(PCK_LOAD_, PCK_N)(x)
#define PCK_STORE(v) PCK_CAT(PCK_STORE_, PCK_N)(v)
#define PCK_FROMD(v) PCK_CAT(PCK_FROMD_, PCK_N)(v)
#define PCK_LO PCK_CAT(PCK_LO_, PCK_N)
#define PCK_HI PCK_CAT(PCK_HI_, PCK_N)
/* A kernel function name for the current dtype: PCK_FN(fill) -> fill_FLOAT32 */
#define PCK_FN(base) PCK_CAT3(base, _, PCK_N)

/* Float -> integer conversion used by casts: truncation, NaN -> 0, saturation at the ends. */
#define PCK_SATURATE(T, LO, HI, v)                                                              \
    (isnan(v) ? (T)0 : (v) <= (double)(LO) ? (T)(LO) : (v) >= (double)(HI) ? (T)(HI) : (T)(v))

/* Strided element access; tensors keep data and strides aligned to their element type
 * (tensor.h), so typed access is valid. */
#define PCK_AT(T, base, i, stride) (*(T *)((base) + (i) * (stride)))

#endif
