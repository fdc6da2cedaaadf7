/*
 * ew_call.h - the calls shared by the elementwise module functions (elementwise.c) and the
 * Tensor operators (tensor_ops.c): Python operands to pc_operand, the GIL, the core call; and
 * clip, shared with Paddle's Tensor.clip (paddle_tensor.c).
 */
#ifndef PADDLE_C_PY_EW_CALL_H
#define PADDLE_C_PY_EW_CALL_H

#include "paddle_c/elementwise.h"
#include "pcpy.h"

/* How far operand conversion goes. Functions convert what asarray accepts (sequences too);
 * operators take only tensors, Python scalars and plain NumPy arrays and scalars, and answer
 * NotImplemented for anything else (other array types included), so that Python can try the
 * other operand's reflected method or raise its own TypeError. */
typedef enum pcpy_ew_mode {
    PCPY_EW_FUNCTION = 0,
    PCPY_EW_OPERATOR
} pcpy_ew_mode;

/* Whether an operator converts `obj` (see pcpy_ew_mode); never raises. */
bool pcpy_operator_accepts(pcpy_state *st, PyObject *obj);

/* fn(args[0], ...) for pc_ew_arity(fn) Python objects. New reference, NULL with an exception,
 * or (operators only) a new reference to Py_NotImplemented. */
PyObject *pcpy_ew_call(pcpy_state *st, pc_ew_fn fn, PyObject *const *args, pcpy_ew_mode mode);

/* self = fn(self, other) in place (the augmented assignment operators). Returns a new
 * reference to self, NULL with an exception, or NotImplemented for unsupported operands. */
PyObject *pcpy_ew_inplace(pcpy_state *st, pc_ew_fn fn, PyObject *self, PyObject *other);

/* clip(x, min, max) (min / max may be NULL or None: no bound). New reference or NULL. */
PyObject *pcpy_clip_call(pcpy_state *st, PyObject *x, PyObject *min, PyObject *max);

#endif
