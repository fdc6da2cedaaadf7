/*
 * dtype_params.h - what type-generic kernels (the element layer and every target's loops) need
 * to know about each dtype, keyed by the
 * dtype's ID token (the `ID` column of dtypes.def: FLOAT32, BOOL, ...).

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
 * Element functions (the *_elem.h files of kernels/common) and loop bodies (*_impl.h) are
 * written once and included per dtype by cpu/each_dtype.h (CPython's stringlib approach);
 * they use these through PCK_CAT(PCK_T_, PCK_N) and friends.
 * The static assertions in register.c check this file against dtypes.def.
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

/* bool */
#define PCK_T_BOOL bool
#define PCK_CT_BOOL bool
#define PCK_RT_BOOL bool
#define PCK_K_BOOL PCK_KB
#define PCK_ID_BOOL PC_BOOL
#define PCK_LOAD_BOOL(x) (x)
#define PCK_STORE_BOOL(v) ((bool)(v))
#define PCK_FROMD_BOOL(v) ((v) != 0.0)

/* signed integers */
#define PCK_T_INT8 int8_t
#define PCK_CT_INT8 int8_t
#define PCK_RT_INT8 int8_t
#define PCK_K_INT8 PCK_KI
#define PCK_ID_INT8 PC_INT8
#define PCK_LOAD_INT8(x) (x)
#define PCK_STORE_INT8(v) ((int8_t)(v))
#define PCK_FROMD_INT8(v) ((int8_t)(v))
#define PCK_LO_INT8 INT8_MIN
#define PCK_HI_INT8 INT8_MAX

#define PCK_T_INT16 int16_t
#define PCK_CT_INT16 int16_t
#define PCK_RT_INT16 int16_t
#define PCK_K_INT16 PCK_KI
#define PCK_ID_INT16 PC_INT16
#define PCK_LOAD_INT16(x) (x)
#define PCK_STORE_INT16(v) ((int16_t)(v))
#define PCK_FROMD_INT16(v) ((int16_t)(v))
#define PCK_LO_INT16 INT16_MIN
#define PCK_HI_INT16 INT16_MAX

#define PCK_T_INT32 int32_t
#define PCK_CT_INT32 int32_t
#define PCK_RT_INT32 int32_t
#define PCK_K_INT32 PCK_KI
#define PCK_ID_INT32 PC_INT32
#define PCK_LOAD_INT32(x) (x)
#define PCK_STORE_INT32(v) ((int32_t)(v))
#define PCK_FROMD_INT32(v) ((int32_t)(v))
#define PCK_LO_INT32 INT32_MIN
#define PCK_HI_INT32 INT32_MAX

#define PCK_T_INT64 int64_t
#define PCK_CT_INT64 int64_t
#define PCK_RT_INT64 int64_t
#define PCK_K_INT64 PCK_KI
#define PCK_ID_INT64 PC_INT64
#define PCK_LOAD_INT64(x) (x)
#define PCK_STORE_INT64(v) ((int64_t)(v))
#define PCK_FROMD_INT64(v) ((int64_t)(v))
#define PCK_LO_INT64 INT64_MIN
#define PCK_HI_INT64 INT64_MAX
#define PCK_WIDE_INT64 1

/* unsigned integers */
#define PCK_T_UINT8 uint8_t
#define PCK_CT_UINT8 uint8_t
#define PCK_RT_UINT8 uint8_t
#define PCK_K_UINT8 PCK_KU
#define PCK_ID_UINT8 PC_UINT8
#define PCK_LOAD_UINT8(x) (x)
#define PCK_STORE_UINT8(v) ((uint8_t)(v))
#define PCK_FROMD_UINT8(v) ((uint8_t)(v))
#define PCK_LO_UINT8 0
#define PCK_HI_UINT8 UINT8_MAX

#define PCK_T_UINT16 uint16_t
#define PCK_CT_UINT16 uint16_t
#define PCK_RT_UINT16 uint16_t
#define PCK_K_UINT16 PCK_KU
#define PCK_ID_UINT16 PC_UINT16
#define PCK_LOAD_UINT16(x) (x)
#define PCK_STORE_UINT16(v) ((uint16_t)(v))
#define PCK_FROMD_UINT16(v) ((uint16_t)(v))
#define PCK_LO_UINT16 0
#define PCK_HI_UINT16 UINT16_MAX

#define PCK_T_UINT32 uint32_t
#define PCK_CT_UINT32 uint32_t
#define PCK_RT_UINT32 uint32_t
#define PCK_K_UINT32 PCK_KU
#define PCK_ID_UINT32 PC_UINT32
#define PCK_LOAD_UINT32(x) (x)
#define PCK_STORE_UINT32(v) ((uint32_t)(v))
#define PCK_FROMD_UINT32(v) ((uint32_t)(v))
#define PCK_LO_UINT32 0
#define PCK_HI_UINT32 UINT32_MAX

#define PCK_T_UINT64 uint64_t
#define PCK_CT_UINT64 uint64_t
#define PCK_RT_UINT64 uint64_t
#define PCK_K_UINT64 PCK_KU
#define PCK_ID_UINT64 PC_UINT64
#define PCK_LOAD_UINT64(x) (x)
#define PCK_STORE_UINT64(v) ((uint64_t)(v))
#define PCK_FROMD_UINT64(v) ((uint64_t)(v))
#define PCK_LO_UINT64 0
#define PCK_HI_UINT64 UINT64_MAX
#define PCK_WIDE_UINT64 1

/* narrow floats: computed in float32 */
#define PCK_T_FLOAT16 pc_half
#define PCK_CT_FLOAT16 float
#define PCK_RT_FLOAT16 float
#define PCK_K_FLOAT16 PCK_KF
#define PCK_ID_FLOAT16 PC_FLOAT16
#define PCK_LOAD_FLOAT16(x) pc_half_to_float(x)
#define PCK_STORE_FLOAT16(v) pc_half_from_float(v)
#define PCK_FROMD_FLOAT16(v) pc_half_from_double(v)
#define PCK_NARROW_FLOAT16 1

#define PCK_T_BFLOAT16 pc_bhalf
#define PCK_CT_BFLOAT16 float
#define PCK_RT_BFLOAT16 float
#define PCK_K_BFLOAT16 PCK_KF
#define PCK_ID_BFLOAT16 PC_BFLOAT16
#define PCK_LOAD_BFLOAT16(x) pc_bhalf_to_float(x)
#define PCK_STORE_BFLOAT16(v) pc_bhalf_from_float(v)
#define PCK_FROMD_BFLOAT16(v) pc_bhalf_from_double(v)
#define PCK_NARROW_BFLOAT16 1

#define PCK_T_FLOAT32 float
#define PCK_CT_FLOAT32 float
#define PCK_RT_FLOAT32 float
#define PCK_K_FLOAT32 PCK_KF
#define PCK_ID_FLOAT32 PC_FLOAT32
#define PCK_LOAD_FLOAT32(x) (x)
#define PCK_STORE_FLOAT32(v) ((float)(v))
#define PCK_FROMD_FLOAT32(v) ((float)(v))

#define PCK_T_FLOAT64 double
#define PCK_CT_FLOAT64 double
#define PCK_RT_FLOAT64 double
#define PCK_K_FLOAT64 PCK_KF
#define PCK_ID_FLOAT64 PC_FLOAT64
#define PCK_LOAD_FLOAT64(x) (x)
#define PCK_STORE_FLOAT64(v) ((double)(v))
#define PCK_FROMD_FLOAT64(v) (v)

/* complex */
#define PCK_T_COMPLEX64 pc_cfloat
#define PCK_CT_COMPLEX64 pc_cfloat
#define PCK_RT_COMPLEX64 float
#define PCK_K_COMPLEX64 PCK_KC
#define PCK_ID_COMPLEX64 PC_COMPLEX64
#define PCK_LOAD_COMPLEX64(x) (x)
#define PCK_STORE_COMPLEX64(v) ((pc_cfloat)(v))
#define PCK_FROMD_COMPLEX64(v) ((pc_cfloat)(v))

#define PCK_T_COMPLEX128 pc_cdouble
#define PCK_CT_COMPLEX128 pc_cdouble
#define PCK_RT_COMPLEX128 double
#define PCK_K_COMPLEX128 PCK_KC
#define PCK_ID_COMPLEX128 PC_COMPLEX128
#define PCK_LOAD_COMPLEX128(x) (x)
#define PCK_STORE_COMPLEX128(v) ((pc_cdouble)(v))
#define PCK_FROMD_COMPLEX128(v) ((pc_cdouble)(v))

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
