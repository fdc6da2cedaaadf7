/*
 * dtype.h - the data types, their properties and the promotion rules.
 *
 * The enum and every table come from dtypes.def. Promotion follows Paddle's lattice within the
 * array API standard (docs/promotion.md): pc_promote() for
 * tensor (+) tensor, pc_promote_scalar() for tensor (+) Python scalar.
 */
#ifndef PADDLE_C_DTYPE_H
#define PADDLE_C_DTYPE_H

#include <limits.h>
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

/* [Why the 8-byte integers' buffer format depends on the platform] A PEP 3118 code names a C
 * type, not a size: 'l' is long, 'q' long long. NumPy exports each integer size with the code
 * of its own type for that size - int64 is 'l' where long has 64 bits (Linux, macOS), 'q'
 * where it has 32 (Windows) - and compiled consumers such as SciPy's extensions switch on the
 * NumPy type that code gives: an int64 buffer exported as 'q' arrives as longlong, which they
 * refuse or mishandle. So dtypes.def's format column names the platform's code for these two
 * rows, as NumPy's does; the 1-, 2- and 4-byte codes (b, h, i) are the same everywhere. */
#if LONG_MAX == INT64_MAX
#define PC_BUFFER_FORMAT_INT64 "l"
#define PC_BUFFER_FORMAT_UINT64 "L"
#else
#define PC_BUFFER_FORMAT_INT64 "q"
#define PC_BUFFER_FORMAT_UINT64 "Q"
#endif

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

/* Defaults: int64 (also the index dtype), and the default floating dtype with its complex
 * counterpart - Paddle's float32 and complex64 unless pc_set_default_float changed them
 * (core/default_dtype.c). [Why the floating defaults read like constants] Every place that
 * picks a floating dtype where none is named says PC_DEFAULT_FLOAT, before and after the
 * setting existed; the macros now read the setting, so no such place can keep float32 by
 * mistake. Each use is one call: read it once per decision. */
pc_dtype pc_default_float(void);
pc_dtype pc_default_complex(void);
/* Make `dt` (a real floating dtype) the default floating dtype; TypeError for any other. */
pc_status pc_set_default_float(pc_dtype dt);
#define PC_DEFAULT_FLOAT   pc_default_float()
#define PC_DEFAULT_COMPLEX pc_default_complex()
#define PC_DEFAULT_INT     PC_INT64
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
