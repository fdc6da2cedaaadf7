/*
 * dtype.h - the data types, their properties and the promotion rules.
 *
 * The enum and every table come from dtypes.def. Promotion follows Paddle's lattice within the
 * array API standard (docs/promotion.md): pc_promote() for
 * tensor (+) tensor, pc_promote_scalar() for tensor (+) Python scalar.
 */
#ifndef PADDLE_C_DTYPE_H
#define PADDLE_C_DTYPE_H

#include <stdbool.h>
#include <stdint.h>

#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_kind {
    PC_KIND_BOOL = 0,
    PC_KIND_INT,        /* signed integers */
    PC_KIND_UINT,       /* unsigned integers */
    PC_KIND_FLOAT,      /* real floating point */
    PC_KIND_COMPLEX     /* complex floating point */
} pc_kind;

typedef enum pc_dtype {
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) PC_##ID,
#include "dtypes.def"
#undef PC_DTYPE
    PC_NUM_DTYPES,
    PC_DTYPE_INVALID = -1
} pc_dtype;

/* The kinds of a scalar operand in tensor (+) scalar promotion. */
typedef enum pc_scalar_kind {
    PC_SCALAR_BOOL = 0,
    PC_SCALAR_INT,
    PC_SCALAR_FLOAT,
    PC_SCALAR_COMPLEX
} pc_scalar_kind;

typedef struct pc_dtype_info {
    const char *name;           /* "float32" */
    pc_kind kind;
    int itemsize;               /* bytes */
    int dlpack_code;            /* DLDataTypeCode */
    const char *buffer_format;  /* PEP 3118 format or NULL */
} pc_dtype_info;

/* Per-dtype properties; `dt` must be a valid dtype. */
const pc_dtype_info *pc_dtype_get_info(pc_dtype dt);

static inline bool pc_dtype_is_valid(int dt) { return dt >= 0 && dt < (int)PC_NUM_DTYPES; }
pc_kind pc_dtype_kind(pc_dtype dt);
int pc_dtype_itemsize(pc_dtype dt);
const char *pc_dtype_name(pc_dtype dt);
/* The dtype named `name` ("float32"), or PC_DTYPE_INVALID. */
pc_dtype pc_dtype_from_name(const char *name);

static inline bool pc_dtype_is_integral(pc_dtype dt)
{
    pc_kind k = pc_dtype_kind(dt);
    return k == PC_KIND_INT || k == PC_KIND_UINT;
}

/* Bool or an integer dtype: exact values (the array API's "integral" kind plus bool). */
static inline bool pc_dtype_is_exact(pc_dtype dt)
{
    return dt == PC_BOOL || pc_dtype_is_integral(dt);
}
static inline bool pc_dtype_is_floating(pc_dtype dt)
{
    pc_kind k = pc_dtype_kind(dt);
    return k == PC_KIND_FLOAT || k == PC_KIND_COMPLEX;
}

/* Real counterpart of a complex dtype (complex64 -> float32); other dtypes map to themselves. */
pc_dtype pc_dtype_real_of(pc_dtype dt);
/* Complex counterpart of a real floating dtype (float64 -> complex128, float16/bfloat16/float32
 * -> complex64); complex dtypes map to themselves; PC_DTYPE_INVALID otherwise. */
pc_dtype pc_dtype_complex_of(pc_dtype dt);

/* Defaults (Paddle's): float32, int64 (also the index dtype), complex64. */
#define PC_DEFAULT_FLOAT   PC_FLOAT32
#define PC_DEFAULT_INT     PC_INT64
#define PC_DEFAULT_COMPLEX PC_COMPLEX64
#define PC_DEFAULT_INDEX   PC_INT64

/* Tensor (+) tensor. Returns PC_DTYPE_INVALID (uint64 with a signed integer) without setting
 * an error; pc_promote_checked() sets a TypeError naming both dtypes. */
pc_dtype pc_promote(pc_dtype a, pc_dtype b);
pc_status pc_promote_checked(pc_dtype a, pc_dtype b, pc_dtype *out);

/* Tensor of dtype `t` (+) a Python scalar of kind `k` (either side). */
pc_dtype pc_promote_scalar(pc_dtype t, pc_scalar_kind k);

/* True when the cast from -> to is allowed by the promotion rules (to == promote(from, x) for
 * some x), the meaning of the standard's can_cast. */
bool pc_can_cast(pc_dtype from, pc_dtype to);

#ifdef __cplusplus
}
#endif
#endif
