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
 * which take what the module functions take: one per row of elementwise.def marked as a method
 * and per alias of ew_aliases.def, written by X-macros.
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

/* [The operator list] Each number-protocol slot and the elementwise function it is: the binary
 * slots come with their in-place form (Py_nb_<slot>, Py_nb_inplace_<slot>); `**` (a third
 * argument) and the comparisons (one slot for six) are written out below. */
#define PCPY_NB_BINARY(X)                                                                      \
    X(add, ADD)                                                                                \
    X(subtract, SUBTRACT)                                                                      \
    X(multiply, MULTIPLY)                                                                      \
    X(true_divide, DIVIDE)                                                                     \
    X(floor_divide, FLOOR_DIVIDE)                                                              \
    X(remainder, REMAINDER)                                                                    \
    X(and, BITWISE_AND)                                                                        \
    X(or, BITWISE_OR)                                                                          \
    X(xor, BITWISE_XOR)                                                                        \
    X(lshift, BITWISE_LEFT_SHIFT)                                                              \
    X(rshift, BITWISE_RIGHT_SHIFT)
#define PCPY_NB_UNARY(X)                                                                       \
    X(negative, NEGATIVE)                                                                      \
    X(positive, POSITIVE)                                                                      \
    X(absolute, ABS)                                                                           \
    X(invert, BITWISE_INVERT)

#define BINARY_SLOT(slot, ID)                                                                  \
    static PyObject *op_##slot(PyObject *a, PyObject *b) { return binary_op(a, b, PC_EW_##ID); } \
    static PyObject *op_inplace_##slot(PyObject *a, PyObject *b)                               \
    {                                                                                          \
        return inplace_op(a, b, PC_EW_##ID);                                                   \
    }
#define UNARY_SLOT(slot, ID)                                                                   \
    static PyObject *op_##slot(PyObject *x) { return unary_op(x, PC_EW_##ID); }
PCPY_NB_BINARY(BINARY_SLOT)
PCPY_NB_UNARY(UNARY_SLOT)
#undef BINARY_SLOT
#undef UNARY_SLOT

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

/* m_<name> for each row of elementwise.def marked as a method (METH_NOARGS for unary functions,
 * METH_O for binary ones); Paddle's aliases (ew_aliases.def) share their target's. */
#define METHOD_FN_1(ID, name)                                                                  \
    static PyObject *m_##name(PyObject *self, PyObject *unused)                                \
    {                                                                                          \
        (void)unused;                                                                          \
        return method_unary(self, PC_EW_##ID);                                                 \
    }
#define METHOD_FN_2(ID, name)                                                                  \
    static PyObject *m_##name(PyObject *self, PyObject *y)                                     \
    {                                                                                          \
        return method_binary(self, y, PC_EW_##ID);                                             \
    }
#define METHOD_FN(nin, ID, name) METHOD_FN_##nin(ID, name)
#define IF_METHOD_0(X, nin, ID, name)
#define IF_METHOD_1(X, nin, ID, name) X(nin, ID, name)
#define PC_EW(ID, name, nin, kinds, compute, out, method, ...)                                 \
    IF_METHOD_##method(METHOD_FN, nin, ID, name)
#include "paddle_c/elementwise.def"
#undef PC_EW

/* The method rows (round is not among them: python/paddle_c/_protocols.py, it takes decimals=). */
#define FLAGS_1 METH_NOARGS
#define FLAGS_2 METH_O
#define SIG_1 "($self, /)\n--\n\n"
#define SIG_2 "($self, y, /)\n--\n\n"
#define METHOD_ROW(nin, name, target) {#name, m_##target, FLAGS_##nin, #name SIG_##nin},
#define METHOD_ROW_OF_OP(nin, ID, name) METHOD_ROW(nin, name, name)

PyMethodDef pcpy_tensor_operators_methods[] = {
#define PC_EW(ID, name, nin, kinds, compute, out, method, ...)                                 \
    IF_METHOD_##method(METHOD_ROW_OF_OP, nin, ID, name)
#include "paddle_c/elementwise.def"
#undef PC_EW
#define PCPY_EW_ALIAS(alias, target, nin) METHOD_ROW(nin, alias, target)
#include "ew_aliases.def"
#undef PCPY_EW_ALIAS
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_operators_slots[] = {
#define BINARY_ROW(slot, ID) {Py_nb_##slot, op_##slot}, {Py_nb_inplace_##slot, op_inplace_##slot},
#define UNARY_ROW(slot, ID) {Py_nb_##slot, op_##slot},
    PCPY_NB_BINARY(BINARY_ROW)
    PCPY_NB_UNARY(UNARY_ROW)
#undef BINARY_ROW
#undef UNARY_ROW
    {Py_nb_power, op_power},
    {Py_nb_inplace_power, op_inplace_power},
    {Py_tp_richcompare, op_richcompare},
    {0, NULL},
};
