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
 *
 * Also Paddle's methods of the same functions (x.exp(), x.add(y), x.greater_than(y), ...),
 * which take what the module functions take.
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

/* ---- Paddle's Tensor methods: x.exp(), x.add(y), ... -------------------------------------- */

static PyObject *method_unary(PyObject *self, pc_ew_fn fn)
{
    pcpy_state *st = state_of(self);
    if (st == NULL) {
        PyErr_SetString(PyExc_TypeError, "expected a paddle_c Tensor");
        return NULL;
    }
    return pcpy_ew_call(st, fn, &self, PCPY_EW_FUNCTION);
}

static PyObject *method_binary(PyObject *self, PyObject *y, pc_ew_fn fn)
{
    pcpy_state *st = state_of(self);
    if (st == NULL) {
        PyErr_SetString(PyExc_TypeError, "expected a paddle_c Tensor");
        return NULL;
    }
    PyObject *args[2] = {self, y};
    return pcpy_ew_call(st, fn, args, PCPY_EW_FUNCTION);
}

static PyObject *m_abs(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ABS);
}

static PyObject *m_acos(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ACOS);
}

static PyObject *m_acosh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ACOSH);
}

static PyObject *m_asin(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ASIN);
}

static PyObject *m_asinh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ASINH);
}

static PyObject *m_atan(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ATAN);
}

static PyObject *m_atanh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ATANH);
}

static PyObject *m_ceil(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_CEIL);
}

static PyObject *m_conj(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_CONJ);
}

static PyObject *m_cos(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_COS);
}

static PyObject *m_cosh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_COSH);
}

static PyObject *m_exp(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_EXP);
}

static PyObject *m_expm1(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_EXPM1);
}

static PyObject *m_floor(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_FLOOR);
}

static PyObject *m_imag(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_IMAG);
}

static PyObject *m_isfinite(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ISFINITE);
}

static PyObject *m_isinf(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ISINF);
}

static PyObject *m_isnan(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_ISNAN);
}

static PyObject *m_log(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_LOG);
}

static PyObject *m_log1p(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_LOG1P);
}

static PyObject *m_log2(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_LOG2);
}

static PyObject *m_log10(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_LOG10);
}

static PyObject *m_logical_not(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_LOGICAL_NOT);
}

static PyObject *m_real(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_REAL);
}

static PyObject *m_reciprocal(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_RECIPROCAL);
}

static PyObject *m_sign(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SIGN);
}

static PyObject *m_signbit(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SIGNBIT);
}

static PyObject *m_sin(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SIN);
}

static PyObject *m_sinh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SINH);
}

static PyObject *m_square(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SQUARE);
}

static PyObject *m_sqrt(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_SQRT);
}

static PyObject *m_tan(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_TAN);
}

static PyObject *m_tanh(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_TANH);
}

static PyObject *m_trunc(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_TRUNC);
}

static PyObject *m_bitwise_not(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_BITWISE_INVERT);
}

static PyObject *m_bitwise_invert(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_BITWISE_INVERT);
}

static PyObject *m_neg(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_NEGATIVE);
}

static PyObject *m_negative(PyObject *self, PyObject *unused)
{
    (void)unused;
    return method_unary(self, PC_EW_NEGATIVE);
}

static PyObject *m_add(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_ADD);
}

static PyObject *m_atan2(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_ATAN2);
}

static PyObject *m_bitwise_and(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_BITWISE_AND);
}

static PyObject *m_bitwise_left_shift(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_BITWISE_LEFT_SHIFT);
}

static PyObject *m_bitwise_or(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_BITWISE_OR);
}

static PyObject *m_bitwise_right_shift(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_BITWISE_RIGHT_SHIFT);
}

static PyObject *m_bitwise_xor(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_BITWISE_XOR);
}

static PyObject *m_copysign(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_COPYSIGN);
}

static PyObject *m_divide(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_DIVIDE);
}

static PyObject *m_equal(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_EQUAL);
}

static PyObject *m_floor_divide(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_FLOOR_DIVIDE);
}

static PyObject *m_greater_equal(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_GREATER_EQUAL);
}

static PyObject *m_hypot(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_HYPOT);
}

static PyObject *m_less_equal(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LESS_EQUAL);
}

static PyObject *m_logaddexp(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LOGADDEXP);
}

static PyObject *m_logical_and(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LOGICAL_AND);
}

static PyObject *m_logical_or(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LOGICAL_OR);
}

static PyObject *m_logical_xor(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LOGICAL_XOR);
}

static PyObject *m_maximum(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_MAXIMUM);
}

static PyObject *m_minimum(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_MINIMUM);
}

static PyObject *m_multiply(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_MULTIPLY);
}

static PyObject *m_nextafter(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_NEXTAFTER);
}

static PyObject *m_not_equal(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_NOT_EQUAL);
}

static PyObject *m_pow(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_POW);
}

static PyObject *m_remainder(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_REMAINDER);
}

static PyObject *m_subtract(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_SUBTRACT);
}

static PyObject *m_greater_than(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_GREATER);
}

static PyObject *m_less_than(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LESS);
}

static PyObject *m_greater(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_GREATER);
}

static PyObject *m_less(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_LESS);
}

static PyObject *m_mod(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_REMAINDER);
}

static PyObject *m_floor_mod(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_REMAINDER);
}

static PyObject *m_elementwise_pow(PyObject *self, PyObject *y)
{
    return method_binary(self, y, PC_EW_POW);
}

#define EW_M_UNARY(name) {#name, m_##name, METH_NOARGS, #name "($self, /)\n--\n\n"}
#define EW_M_BINARY(name) {#name, m_##name, METH_O, #name "($self, y, /)\n--\n\n"}

PyMethodDef pcpy_tensor_operators_methods[] = {
    EW_M_UNARY(abs),
    EW_M_UNARY(acos),
    EW_M_UNARY(acosh),
    EW_M_UNARY(asin),
    EW_M_UNARY(asinh),
    EW_M_UNARY(atan),
    EW_M_UNARY(atanh),
    EW_M_UNARY(ceil),
    EW_M_UNARY(conj),
    EW_M_UNARY(cos),
    EW_M_UNARY(cosh),
    EW_M_UNARY(exp),
    EW_M_UNARY(expm1),
    EW_M_UNARY(floor),
    EW_M_UNARY(imag),
    EW_M_UNARY(isfinite),
    EW_M_UNARY(isinf),
    EW_M_UNARY(isnan),
    EW_M_UNARY(log),
    EW_M_UNARY(log1p),
    EW_M_UNARY(log2),
    EW_M_UNARY(log10),
    EW_M_UNARY(logical_not),
    EW_M_UNARY(real),
    EW_M_UNARY(reciprocal),
    /* round: python/paddle_c/_protocols.py (it takes decimals=) */
    EW_M_UNARY(sign),
    EW_M_UNARY(signbit),
    EW_M_UNARY(sin),
    EW_M_UNARY(sinh),
    EW_M_UNARY(square),
    EW_M_UNARY(sqrt),
    EW_M_UNARY(tan),
    EW_M_UNARY(tanh),
    EW_M_UNARY(trunc),
    EW_M_UNARY(bitwise_not),
    EW_M_UNARY(bitwise_invert),
    EW_M_UNARY(neg),
    EW_M_UNARY(negative),
    EW_M_BINARY(add),
    EW_M_BINARY(atan2),
    EW_M_BINARY(bitwise_and),
    EW_M_BINARY(bitwise_left_shift),
    EW_M_BINARY(bitwise_or),
    EW_M_BINARY(bitwise_right_shift),
    EW_M_BINARY(bitwise_xor),
    EW_M_BINARY(copysign),
    EW_M_BINARY(divide),
    EW_M_BINARY(equal),
    EW_M_BINARY(floor_divide),
    EW_M_BINARY(greater_equal),
    EW_M_BINARY(hypot),
    EW_M_BINARY(less_equal),
    EW_M_BINARY(logaddexp),
    EW_M_BINARY(logical_and),
    EW_M_BINARY(logical_or),
    EW_M_BINARY(logical_xor),
    EW_M_BINARY(maximum),
    EW_M_BINARY(minimum),
    EW_M_BINARY(multiply),
    EW_M_BINARY(nextafter),
    EW_M_BINARY(not_equal),
    EW_M_BINARY(pow),
    EW_M_BINARY(remainder),
    EW_M_BINARY(subtract),
    EW_M_BINARY(greater_than),
    EW_M_BINARY(less_than),
    EW_M_BINARY(greater),
    EW_M_BINARY(less),
    EW_M_BINARY(mod),
    EW_M_BINARY(floor_mod),
    EW_M_BINARY(elementwise_pow),
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
