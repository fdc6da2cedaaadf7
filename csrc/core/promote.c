/*
 * promote.c - type promotion: Paddle's lattice within the array API standard.
 *
 * [Why rules, not a table] The 15x15 table of docs/promotion.md follows from a handful
 * of rules; writing the rules keeps the reasons visible and cannot drift cell by cell. The tests
 * check every one of the 225 cells against the documented table.
 *
 *   same dtype            -> itself
 *   bool (+) x            -> x
 *   int (+) int           -> the standard's rules; uint64 (+) signed int has no result
 *   int (+) float/complex -> the float/complex (Paddle: even int64 (+) float16 -> float16)
 *   float16 (+) bfloat16  -> float32
 *   float (+) float       -> the wider
 *   complex involved      -> complex of the wider precision (float64 (+) complex64 -> complex128)
 */
#include "paddle_c/dtype.h"

/* The signed integer dtype of `size` bytes (dtypes.def's), PC_DTYPE_INVALID where none is. */
static pc_dtype signed_int_of_size(int size)
{
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        if (pc_dtype_kind((pc_dtype)i) == PC_KIND_INT && pc_dtype_itemsize((pc_dtype)i) == size) {
            return (pc_dtype)i;
        }
    }
    return PC_DTYPE_INVALID;
}

/* Bytes of precision of a floating dtype: the real part's size. */
static int float_precision(pc_dtype dt)
{
    return pc_dtype_itemsize(pc_dtype_real_of(dt));
}

pc_dtype pc_promote(pc_dtype a, pc_dtype b)
{
    if (a == b) {
        return a;
    }
    const pc_kind ka = pc_dtype_kind(a);
    const pc_kind kb = pc_dtype_kind(b);
    if (ka == PC_KIND_BOOL) {
        return b;
    }
    if (kb == PC_KIND_BOOL) {
        return a;
    }
    const bool ia = ka == PC_KIND_INT || ka == PC_KIND_UINT;
    const bool ib = kb == PC_KIND_INT || kb == PC_KIND_UINT;
    if (ia && ib) {
        const int sa = pc_dtype_itemsize(a);
        const int sb = pc_dtype_itemsize(b);
        if (ka == kb) {
            return sa >= sb ? a : b;
        }
        const pc_dtype u = ka == PC_KIND_UINT ? a : b;
        const pc_dtype s = ka == PC_KIND_UINT ? b : a;
        if (u == PC_UINT64) {
            return PC_DTYPE_INVALID;
        }
        const int su = pc_dtype_itemsize(u);
        const int ss = pc_dtype_itemsize(s);
        return ss > su ? s : signed_int_of_size(2 * su);
    }
    if (ia) {
        return b;
    }
    if (ib) {
        return a;
    }
    /* both floating */
    if ((a == PC_FLOAT16 && b == PC_BFLOAT16) || (a == PC_BFLOAT16 && b == PC_FLOAT16)) {
        return PC_FLOAT32;
    }
    const int pa = float_precision(a);
    const int pb = float_precision(b);
    if (ka == PC_KIND_COMPLEX || kb == PC_KIND_COMPLEX) {
        return (pa > pb ? pa : pb) <= 4 ? PC_COMPLEX64 : PC_COMPLEX128;
    }
    return pa >= pb ? a : b;
}

pc_status pc_promote_checked(pc_dtype a, pc_dtype b, pc_dtype *out)
{
    *out = pc_promote(a, b);
    if (*out == PC_DTYPE_INVALID) {
        return pc_error_set(PC_ERR_TYPE,
                            "no common dtype for %s and %s: uint64 cannot be promoted with a "
                            "signed integer dtype (cast one operand explicitly)",
                            pc_dtype_name(a), pc_dtype_name(b));
    }
    return PC_OK;
}

pc_dtype pc_promote_scalar(pc_dtype t, pc_scalar_kind k)
{
    const pc_kind kt = pc_dtype_kind(t);
    switch (k) {
    case PC_SCALAR_BOOL:
        return t;
    case PC_SCALAR_INT:
        return kt == PC_KIND_BOOL ? PC_DEFAULT_INT : t;
    case PC_SCALAR_FLOAT:
        return (kt == PC_KIND_FLOAT || kt == PC_KIND_COMPLEX) ? t : PC_DEFAULT_FLOAT;
    case PC_SCALAR_COMPLEX:
        if (kt == PC_KIND_COMPLEX) {
            return t;
        }
        /* a real floating tensor keeps its precision; integers and bool take the default */
        return kt == PC_KIND_FLOAT ? pc_dtype_complex_of(t) : PC_DEFAULT_COMPLEX;
    }
    return PC_DTYPE_INVALID;
}

bool pc_can_cast(pc_dtype from, pc_dtype to)
{
    for (int x = 0; x < PC_NUM_DTYPES; x++) {
        if (pc_promote(from, (pc_dtype)x) == to) {
            return true;
        }
    }
    return false;
}
