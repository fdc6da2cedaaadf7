/*
 * elementwise.h - elementwise functions on tensors and Python-style scalars, with Paddle's
 * promotion rules (docs/promotion.md).
 *
 * An operand is a tensor or a scalar (pc_operand). Tensors promote by pc_promote(); scalars
 * take part by pc_promote_scalar() and never widen a tensor's precision. At least one operand
 * of every call is a tensor. Results are new tensors laid out in the inputs' memory order
 * (NumPy's order 'K'), or are written into a destination (the in-place forms).
 *
 * What happens per function (accepted kinds, compute and result dtypes) is one row of
 * elementwise.def. Nothing here includes Python.h.
 *
 * Ownership rules: operands are borrowed for the duration of the call; `*out` receives a new
 * tensor owned by the caller. On failure nothing is allocated and `dst` may have been written
 * only when the failure happened inside a kernel (kernels of this family do not fail).
 */
#ifndef PADDLE_C_ELEMENTWISE_H
#define PADDLE_C_ELEMENTWISE_H

#include <stdbool.h>

#include "dtype.h"
#include "status.h"
#include "tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Masks of accepted input kinds (bit per pc_kind). */
#define PC_EWK_BOOL (1u << PC_KIND_BOOL)
#define PC_EWK_INTEGER ((1u << PC_KIND_INT) | (1u << PC_KIND_UINT))
#define PC_EWK_FLOAT (1u << PC_KIND_FLOAT)
#define PC_EWK_COMPLEX (1u << PC_KIND_COMPLEX)
#define PC_EWK_REAL (PC_EWK_INTEGER | PC_EWK_FLOAT)
#define PC_EWK_NUMERIC (PC_EWK_REAL | PC_EWK_COMPLEX)
#define PC_EWK_INT_B (PC_EWK_INTEGER | PC_EWK_BOOL)
#define PC_EWK_REAL_B (PC_EWK_REAL | PC_EWK_BOOL)
#define PC_EWK_ALL (PC_EWK_NUMERIC | PC_EWK_BOOL)

typedef enum pc_ew_compute {
    PC_EW_SAME = 0,
    PC_EW_FLOAT,
    PC_EW_LOGICAL
} pc_ew_compute;

typedef enum pc_ew_out {
    PC_EW_OUT_SAME = 0,
    PC_EW_OUT_BOOL,
    PC_EW_OUT_REAL
} pc_ew_out;

typedef enum pc_ew_fn {
#define PC_EW(ID, ...) PC_EW_##ID,
#include "elementwise.def"
#undef PC_EW
    PC_EW_NUM
} pc_ew_fn;

/* An operand: a tensor, or (tensor == NULL) a Python-style scalar. */
typedef struct pc_operand {
    const pc_tensor *tensor;
    pc_scalar scalar;
} pc_operand;

static inline pc_operand pc_operand_tensor(const pc_tensor *t)
{
    pc_operand o;
    o.tensor = t;
    o.scalar.dtype = PC_BOOL;
    o.scalar.v.b = false;
    return o;
}

static inline pc_operand pc_operand_scalar(pc_scalar s)
{
    pc_operand o;
    o.tensor = NULL;
    o.scalar = s;
    return o;
}

const char *pc_ew_name(pc_ew_fn fn);
int pc_ew_arity(pc_ew_fn fn);

/* The result dtype of `fn` on `args` (pc_ew_arity(fn) operands): promotion, then the
 * function's kind check and output rule. TypeError when the dtypes do not promote or the
 * function does not accept the promoted dtype. */
pc_status pc_ew_result_dtype(pc_ew_fn fn, const pc_operand *args, pc_dtype *out);

/* out = fn(args...), a new tensor of the broadcast shape. */
pc_status pc_ew(pc_ew_fn fn, const pc_operand *args, pc_tensor **out);

/* dst = fn(args...) written into `dst` (the in-place forms: `x += y` is fn ADD with args
 * {x, y} and dst x). The result dtype must be dst's dtype (TypeError otherwise: the in-place
 * form never changes a dtype) and the broadcast shape dst's shape (ValueError). Inputs that
 * overlap dst in another layout are read from a copy, so `x[1:] += x[:-1]` is correct. */
pc_status pc_ew_into(pc_ew_fn fn, const pc_operand *args, pc_tensor *dst);

/* where(cond, x1, x2): x1 where cond is true, else x2. cond of any dtype (non-zero is true;
 * the standard asks for bool). x1 and x2 promote like the operands of a binary function; when
 * both are scalars their default dtypes (bool, int64, float32, complex64) promote. At least
 * one of the three operands is a tensor. */
pc_status pc_where(const pc_operand *cond, const pc_operand *x1, const pc_operand *x2,
                   pc_tensor **out);

/* clip(x, min, max): the result has x's dtype; `min`/`max` may be NULL (no bound). Scalar
 * bounds follow the scalar promotion rules (a float bound of an integer tensor is rounded
 * inwards: min up, max down); tensor bounds must promote with x to x's dtype (TypeError
 * otherwise). NaN in x or in a bound gives NaN. */
pc_status pc_clip(const pc_tensor *x, const pc_operand *min, const pc_operand *max,
                  pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
