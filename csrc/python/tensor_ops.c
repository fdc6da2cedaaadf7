/*
 * tensor_ops.c - the Tensor operators: arithmetic, bitwise and shift operators with their
 * reflected and in-place forms, comparisons, and the unary operators -x, +x, abs(x), ~x.
 *
 * Each slot is the elementwise function of the same meaning (ew_call.h), so operators and
 * functions share one set of rules. Reflected forms need no code of their own: CPython calls
 * nb_add(a, b) with the operands in their written order whichever of them is the Tensor. The
 * in-place forms write into the left operand, keep its dtype (TypeError when promotion would
 * change it) and return it. Operands of unsupported types give NotImplemented. `@` belongs to
 * the linear algebra family.
 */
#include "ew_call.h"

/* The module state when `o` is one of our objects (a Tensor or a subclass), else NULL. Only
 * heap types can be ours; the check keeps ints and NumPy arrays off the slower lookup. */
static pcpy_state *state_of(PyObject *o)
{
    if (!PyType_HasFeature(Py_TYPE(o), Py_TPFLAGS_HEAPTYPE)) {
        return NULL;
    }
    return pcpy_state_from_type(Py_TYPE(o));
}

static PyObject *binary_op(PyObject *a, PyObject *b, pc_ew_fn fn)
{
    /* CPython calls this slot when either operand is a Tensor (or of a subclass) */
    pcpy_state *st = state_of(a);
    if (st == NULL || !pcpy_tensor_check(st, a)) {
        st = state_of(b);
    }
    if (st == NULL || (!pcpy_tensor_check(st, a) && !pcpy_tensor_check(st, b))) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *args[2] = {a, b};
    return pcpy_ew_call(st, fn, args, PCPY_EW_OPERATOR);
}

static PyObject *inplace_op(PyObject *self, PyObject *other, pc_ew_fn fn)
{
    pcpy_state *st = state_of(self);
    if (st == NULL) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    return pcpy_ew_inplace(st, fn, self, other);
}

static PyObject *unary_op(PyObject *x, pc_ew_fn fn)
{
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(x));
    return pcpy_ew_call(st, fn, &x, PCPY_EW_OPERATOR);
}

static PyObject *op_add(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_ADD);
}

static PyObject *op_subtract(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_SUBTRACT);
}

static PyObject *op_multiply(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_MULTIPLY);
}

static PyObject *op_true_divide(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_DIVIDE);
}

static PyObject *op_floor_divide(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_FLOOR_DIVIDE);
}

static PyObject *op_remainder(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_REMAINDER);
}

static PyObject *op_and(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_BITWISE_AND);
}

static PyObject *op_or(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_BITWISE_OR);
}

static PyObject *op_xor(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_BITWISE_XOR);
}

static PyObject *op_lshift(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_BITWISE_LEFT_SHIFT);
}

static PyObject *op_rshift(PyObject *a, PyObject *b)
{
    return binary_op(a, b, PC_EW_BITWISE_RIGHT_SHIFT);
}

static PyObject *op_inplace_add(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_ADD);
}

static PyObject *op_inplace_subtract(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_SUBTRACT);
}

static PyObject *op_inplace_multiply(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_MULTIPLY);
}

static PyObject *op_inplace_true_divide(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_DIVIDE);
}

static PyObject *op_inplace_floor_divide(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_FLOOR_DIVIDE);
}

static PyObject *op_inplace_remainder(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_REMAINDER);
}

static PyObject *op_inplace_and(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_BITWISE_AND);
}

static PyObject *op_inplace_or(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_BITWISE_OR);
}

static PyObject *op_inplace_xor(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_BITWISE_XOR);
}

static PyObject *op_inplace_lshift(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_BITWISE_LEFT_SHIFT);
}

static PyObject *op_inplace_rshift(PyObject *a, PyObject *b)
{
    return inplace_op(a, b, PC_EW_BITWISE_RIGHT_SHIFT);
}

static PyObject *op_negative(PyObject *x) { return unary_op(x, PC_EW_NEGATIVE); }
static PyObject *op_positive(PyObject *x) { return unary_op(x, PC_EW_POSITIVE); }
static PyObject *op_absolute(PyObject *x) { return unary_op(x, PC_EW_ABS); }
static PyObject *op_invert(PyObject *x) { return unary_op(x, PC_EW_BITWISE_INVERT); }

/* x ** y and pow(x, y); a third argument (modular power) is not supported. */
static PyObject *op_power(PyObject *a, PyObject *b, PyObject *mod)
{
    if (mod != Py_None) {
        PyErr_SetString(PyExc_TypeError, "pow() with a modulus is not supported for tensors");
        return NULL;
    }
    return binary_op(a, b, PC_EW_POW);
}

static PyObject *op_inplace_power(PyObject *a, PyObject *b, PyObject *mod)
{
    if (mod != Py_None) {
        PyErr_SetString(PyExc_TypeError, "pow() with a modulus is not supported for tensors");
        return NULL;
    }
    return inplace_op(a, b, PC_EW_POW);
}

static PyObject *op_richcompare(PyObject *a, PyObject *b, int op)
{
    static const pc_ew_fn fns[] = {
        [Py_LT] = PC_EW_LESS,  [Py_LE] = PC_EW_LESS_EQUAL,    [Py_EQ] = PC_EW_EQUAL,
        [Py_NE] = PC_EW_NOT_EQUAL, [Py_GT] = PC_EW_GREATER, [Py_GE] = PC_EW_GREATER_EQUAL,
    };
    pcpy_state *st = state_of(a);
    if (st == NULL || !pcpy_tensor_check(st, a)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *args[2] = {a, b};
    return pcpy_ew_call(st, fns[op], args, PCPY_EW_OPERATOR);
}

PyMethodDef pcpy_tensor_operators_methods[] = {
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_operators_slots[] = {
    {Py_nb_add, op_add},
    {Py_nb_inplace_add, op_inplace_add},
    {Py_nb_subtract, op_subtract},
    {Py_nb_inplace_subtract, op_inplace_subtract},
    {Py_nb_multiply, op_multiply},
    {Py_nb_inplace_multiply, op_inplace_multiply},
    {Py_nb_true_divide, op_true_divide},
    {Py_nb_inplace_true_divide, op_inplace_true_divide},
    {Py_nb_floor_divide, op_floor_divide},
    {Py_nb_inplace_floor_divide, op_inplace_floor_divide},
    {Py_nb_remainder, op_remainder},
    {Py_nb_inplace_remainder, op_inplace_remainder},
    {Py_nb_and, op_and},
    {Py_nb_inplace_and, op_inplace_and},
    {Py_nb_or, op_or},
    {Py_nb_inplace_or, op_inplace_or},
    {Py_nb_xor, op_xor},
    {Py_nb_inplace_xor, op_inplace_xor},
    {Py_nb_lshift, op_lshift},
    {Py_nb_inplace_lshift, op_inplace_lshift},
    {Py_nb_rshift, op_rshift},
    {Py_nb_inplace_rshift, op_inplace_rshift},
    {Py_nb_power, op_power},
    {Py_nb_inplace_power, op_inplace_power},
    {Py_nb_negative, op_negative},
    {Py_nb_positive, op_positive},
    {Py_nb_absolute, op_absolute},
    {Py_nb_invert, op_invert},
    {Py_tp_richcompare, op_richcompare},
    {0, NULL},
};
