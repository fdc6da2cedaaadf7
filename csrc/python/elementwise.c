/*
 * elementwise.c - the elementwise functions of the module (abs ... trunc, where, clip and
 * Paddle's aliases mod, floor_mod, elementwise_pow, greater_than, less_than, bitwise_not, neg),
 * and the shared operand conversion and core call of ew_call.h.
 *
 * Argument handling only: the rules (promotion, dtypes, broadcasting) live in the C core
 * (dispatch/elementwise.c). The hot path allocates nothing but the result: no argument tuple,
 * no dict, scalars passed by value.
 *
 * Ownership rules: operands converted here (sequences, NumPy arrays) are held as new references
 * in `hold[]` for the duration of the call and released on every path.
 */
#include "ew_call.h"

#include <string.h>

/* ---- operands ------------------------------------------------------------------------------- */

/* Whether `tp` is NumPy's ndarray itself (not a subclass) or one of NumPy's scalar types. The
 * names are compared, so that NumPy need not be imported. */
static bool is_plain_numpy_type(PyTypeObject *tp)
{
    if (strcmp(tp->tp_name, "numpy.ndarray") == 0) {
        return true;
    }
    PyObject *mro = tp->tp_mro;
    for (Py_ssize_t i = 0; mro != NULL && i < PyTuple_GET_SIZE(mro); i++) {
        if (strcmp(((PyTypeObject *)PyTuple_GET_ITEM(mro, i))->tp_name, "numpy.generic") == 0) {
            return true;
        }
    }
    return false;
}

/* [Why operators defer to other array types] `t + other` converts only what paddle_c knows the
 * meaning of: tensors, Python scalars and plain NumPy arrays and scalars. Any other object,
 * even one with __array__ or __dlpack__ (a masked array, a lazy or distributed array), may
 * give `+` its own meaning, so the operator answers NotImplemented and Python tries the other
 * operand's reflected method, as NumPy (__array_ufunc__ = None, __array_priority__) and
 * PyTorch do. The functions (paddle_c.add(t, other)) still convert whatever asarray takes. */
bool pcpy_operator_accepts(pcpy_state *st, PyObject *obj)
{
    pc_scalar s;
    if (pcpy_tensor_check(st, obj)) {
        return true;
    }
    const int r = pcpy_scalar_from_py(obj, &s);
    if (r != 0) {
        PyErr_Clear();
        return true;
    }
    return is_plain_numpy_type(Py_TYPE(obj));
}

/* Convert one operand. Returns 1 on success, 0 when an operator should answer NotImplemented,
 * -1 with an exception set. `*hold` receives a new reference when a tensor was made here. */
static int to_operand(pcpy_state *st, PyObject *obj, pcpy_ew_mode mode, pc_operand *op,
                      PyObject **hold)
{
    *hold = NULL;
    if (pcpy_tensor_check(st, obj)) {
        *op = pc_operand_tensor(pcpy_tensor_get(obj));
        return 1;
    }
    pc_scalar s;
    const int r = pcpy_scalar_from_py(obj, &s);
    if (r < 0) {
        return -1;
    }
    if (r == 1) {
        *op = pc_operand_scalar(s);
        return 1;
    }
    if (mode == PCPY_EW_OPERATOR && !pcpy_operator_accepts(st, obj)) {
        return 0;
    }
    PyObject *t = pcpy_asarray(st, obj, PC_DTYPE_INVALID, NULL, -1);
    if (t == NULL) {
        return -1;
    }
    *hold = t;
    *op = pc_operand_tensor(pcpy_tensor_get(t));
    return 1;
}

/* Convert n operands; same returns as to_operand. On anything but 1, hold[] is released. */
static int to_operands(pcpy_state *st, int n, PyObject *const *objs, pcpy_ew_mode mode,
                       pc_operand *ops, PyObject **hold)
{
    for (int i = 0; i < n; i++) {
        hold[i] = NULL;
    }
    for (int i = 0; i < n; i++) {
        const int r = to_operand(st, objs[i], mode, &ops[i], &hold[i]);
        if (r != 1) {
            for (int j = 0; j < i; j++) {
                Py_CLEAR(hold[j]);
            }
            return r;
        }
    }
    return 1;
}

static void release_operands(int n, PyObject **hold)
{
    for (int i = 0; i < n; i++) {
        Py_CLEAR(hold[i]);
    }
}

/* The largest tensor operand: a lower bound of the work, to decide about the GIL. */
static int64_t work_size(int n, const pc_operand *ops)
{
    int64_t size = 0;
    for (int i = 0; i < n; i++) {
        if (ops[i].tensor != NULL && ops[i].tensor->size > size) {
            size = ops[i].tensor->size;
        }
    }
    return size;
}

/* ---- the core calls ------------------------------------------------------------------------- */

PyObject *pcpy_ew_call(pcpy_state *st, pc_ew_fn fn, PyObject *const *args, pcpy_ew_mode mode)
{
    const int n = pc_ew_arity(fn);
    pc_operand ops[2];
    PyObject *hold[2];
    const int r = to_operands(st, n, args, mode, ops, hold);
    if (r <= 0) {
        return r == 0 ? Py_NewRef(Py_NotImplemented) : NULL;
    }
    if (mode == PCPY_EW_FUNCTION && n == 2 && ops[0].tensor == NULL && ops[1].tensor == NULL) {
        PyErr_Format(PyExc_TypeError, "%s() needs at least one tensor operand (Python scalars "
                     "alone have no dtype)", pc_ew_name(fn));
        return NULL;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(work_size(n, ops));
    const pc_status s = pc_ew(fn, ops, &out);
    pcpy_restore_gil(ts);
    release_operands(n, hold);
    return pcpy_tensor_result(st, s, out);
}

/* [Why the in-place operators cast with NumPy's "same kind" rule] `acc += x` stores into acc,
 * whose dtype never changes. When the promoted result dtype differs, the result is cast into
 * acc if that cast stays within one kind (float64 into float32, complex128 into complex64,
 * int64 into int8) or is safe, as NumPy's casting="same_kind" and PyTorch do; a cast across
 * kinds (a float result into an integer tensor) is still a TypeError. The standard leaves the
 * case open; docs/promotion.md states the rule. */
static bool same_kind_cast(pc_dtype from, pc_dtype to)
{
    return pc_can_cast(from, to) || pc_dtype_kind(from) == pc_dtype_kind(to);
}

/* dst = result cast into dst's dtype, through a temporary of the promoted dtype. */
static pc_status ew_into_cast(pc_ew_fn fn, const pc_operand *ops, pc_tensor *dst)
{
    pc_tensor *tmp = NULL;
    pc_status s = pc_ew(fn, ops, &tmp);
    if (s == PC_OK) {
        s = pc_copy_into(dst, tmp);
    }
    pc_tensor_free(tmp);
    return s;
}

PyObject *pcpy_ew_inplace(pcpy_state *st, pc_ew_fn fn, PyObject *self, PyObject *other)
{
    if (!pcpy_tensor_check(st, self)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *objs[2] = {self, other};
    pc_operand ops[2];
    PyObject *hold[2];
    const int r = to_operands(st, 2, objs, PCPY_EW_OPERATOR, ops, hold);
    if (r <= 0) {
        return r == 0 ? Py_NewRef(Py_NotImplemented) : NULL;
    }
    pc_tensor *dst = pcpy_tensor_get(self);
    pc_dtype result;
    const bool cast = pc_ew_result_dtype(fn, ops, &result) == PC_OK && result != dst->dtype &&
                      same_kind_cast(result, dst->dtype);
    pc_error_clear();
    PyThreadState *ts = pcpy_release_gil(work_size(2, ops));
    const pc_status s = cast ? ew_into_cast(fn, ops, dst) : pc_ew_into(fn, ops, dst);
    pcpy_restore_gil(ts);
    release_operands(2, hold);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    return Py_NewRef(self);
}

/* ---- module functions ----------------------------------------------------------------------- */

static PyObject *unary_function(PyObject *mod, pc_ew_fn fn, PyObject *x)
{
    return pcpy_ew_call(pcpy_state_from_module(mod), fn, &x, PCPY_EW_FUNCTION);
}

static PyObject *binary_function(PyObject *mod, pc_ew_fn fn, PyObject *const *args,
                                 Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes exactly 2 positional arguments (%zd given)",
                     pc_ew_name(fn), nargs);
        return NULL;
    }
    return pcpy_ew_call(pcpy_state_from_module(mod), fn, args, PCPY_EW_FUNCTION);
}

/* where(condition) alone is nonzero(condition), as in Paddle and NumPy (scikit-learn's
 * roc_curve calls it so). */
static PyObject *fn_where(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs == 1) {
        PyObject *nonzero = PyObject_GetAttrString(mod, "nonzero");
        PyObject *r = nonzero != NULL ? PyObject_CallOneArg(nonzero, args[0]) : NULL;
        Py_XDECREF(nonzero);
        return r;
    }
    if (nargs != 3) {
        PyErr_Format(PyExc_TypeError, "where() takes 1 or 3 positional arguments (%zd given)",
                     nargs);
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_operand ops[3];
    PyObject *hold[3];
    if (to_operands(st, 3, args, PCPY_EW_FUNCTION, ops, hold) < 0) {
        return NULL;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(work_size(3, ops));
    const pc_status s = pc_where(&ops[0], &ops[1], &ops[2], &out);
    pcpy_restore_gil(ts);
    release_operands(3, hold);
    return pcpy_tensor_result(st, s, out);
}

PyObject *pcpy_clip_call(pcpy_state *st, PyObject *x, PyObject *min, PyObject *max)
{
    PyObject *objs[3] = {x, min != NULL ? min : Py_None, max != NULL ? max : Py_None};
    pc_operand ops[3];
    PyObject *hold[3] = {NULL, NULL, NULL};
    int r = 1;
    for (int i = 0; i < 3 && r == 1; i++) {
        if (i > 0 && objs[i] == Py_None) {
            continue;
        }
        r = to_operand(st, objs[i], PCPY_EW_FUNCTION, &ops[i], &hold[i]);
    }
    if (r != 1) {
        release_operands(3, hold);
        return NULL;
    }
    if (ops[0].tensor == NULL) {
        release_operands(3, hold);
        PyErr_SetString(PyExc_TypeError, "clip() needs a tensor x, not a Python scalar");
        return NULL;
    }
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(work_size(1, ops));
    const pc_status s = pc_clip(ops[0].tensor, objs[1] == Py_None ? NULL : &ops[1],
                                objs[2] == Py_None ? NULL : &ops[2], &out);
    pcpy_restore_gil(ts);
    release_operands(3, hold);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *fn_clip(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames)
{
    static const char *const names[] = {"x", "min", "max", NULL};
    static const pcpy_argspec spec = {"clip", names, 1, 3, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return pcpy_clip_call(pcpy_state_from_module(mod), a[0], a[1], a[2]);
}

#define WHERE_CLIP_METHODS                                                                      \
    {"where", (PyCFunction)(void (*)(void))(fn_where), METH_FASTCALL,                           \
     "where(condition, x1=None, x2=None, /)\n--\n\n"                                            \
     "Elements of x1 where condition is true, of x2 elsewhere (broadcast together; x1 or x2 "  \
     "may be a Python scalar). where(condition) alone is nonzero(condition)."},                                                               \
    {"clip", (PyCFunction)(void (*)(void))(fn_clip), METH_FASTCALL | METH_KEYWORDS,             \
     "clip(x, /, min=None, max=None)\n--\n\n"                                                   \
     "x clamped to [min, max] (either bound may be None, a Python scalar or a tensor); the "   \
     "result has x's dtype."},

/* ---- one C entry per function ------------------------------------------------------------- */

static PyObject *fn_abs(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ABS, x);
}

static PyObject *fn_acos(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ACOS, x);
}

static PyObject *fn_acosh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ACOSH, x);
}

static PyObject *fn_asin(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ASIN, x);
}

static PyObject *fn_asinh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ASINH, x);
}

static PyObject *fn_atan(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ATAN, x);
}

static PyObject *fn_atanh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ATANH, x);
}

static PyObject *fn_bitwise_invert(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_BITWISE_INVERT, x);
}

static PyObject *fn_ceil(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_CEIL, x);
}

static PyObject *fn_conj(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_CONJ, x);
}

static PyObject *fn_cos(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_COS, x);
}

static PyObject *fn_cosh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_COSH, x);
}

static PyObject *fn_exp(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_EXP, x);
}

static PyObject *fn_expm1(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_EXPM1, x);
}

static PyObject *fn_floor(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_FLOOR, x);
}

static PyObject *fn_imag(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_IMAG, x);
}

static PyObject *fn_isfinite(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ISFINITE, x);
}

static PyObject *fn_isinf(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ISINF, x);
}

static PyObject *fn_isnan(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ISNAN, x);
}

static PyObject *fn_log(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_LOG, x);
}

static PyObject *fn_log1p(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_LOG1P, x);
}

static PyObject *fn_log2(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_LOG2, x);
}

static PyObject *fn_log10(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_LOG10, x);
}

static PyObject *fn_logical_not(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_LOGICAL_NOT, x);
}

static PyObject *fn_negative(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_NEGATIVE, x);
}

static PyObject *fn_positive(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_POSITIVE, x);
}

static PyObject *fn_real(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_REAL, x);
}

static PyObject *fn_reciprocal(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_RECIPROCAL, x);
}

static PyObject *fn_round(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_ROUND, x);
}

static PyObject *fn_sign(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SIGN, x);
}

static PyObject *fn_signbit(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SIGNBIT, x);
}

static PyObject *fn_sin(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SIN, x);
}

static PyObject *fn_sinh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SINH, x);
}

static PyObject *fn_square(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SQUARE, x);
}

static PyObject *fn_sqrt(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_SQRT, x);
}

static PyObject *fn_tan(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_TAN, x);
}

static PyObject *fn_tanh(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_TANH, x);
}

static PyObject *fn_trunc(PyObject *m, PyObject *x)
{
    return unary_function(m, PC_EW_TRUNC, x);
}

static PyObject *fn_add(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_ADD, a, n);
}

static PyObject *fn_atan2(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_ATAN2, a, n);
}

static PyObject *fn_bitwise_and(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_BITWISE_AND, a, n);
}

static PyObject *fn_bitwise_left_shift(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_BITWISE_LEFT_SHIFT, a, n);
}

static PyObject *fn_bitwise_or(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_BITWISE_OR, a, n);
}

static PyObject *fn_bitwise_right_shift(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_BITWISE_RIGHT_SHIFT, a, n);
}

static PyObject *fn_bitwise_xor(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_BITWISE_XOR, a, n);
}

static PyObject *fn_copysign(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_COPYSIGN, a, n);
}

static PyObject *fn_divide(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_DIVIDE, a, n);
}

static PyObject *fn_equal(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_EQUAL, a, n);
}

static PyObject *fn_floor_divide(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_FLOOR_DIVIDE, a, n);
}

static PyObject *fn_greater(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_GREATER, a, n);
}

static PyObject *fn_greater_equal(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_GREATER_EQUAL, a, n);
}

static PyObject *fn_hypot(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_HYPOT, a, n);
}

static PyObject *fn_less(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LESS, a, n);
}

static PyObject *fn_less_equal(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LESS_EQUAL, a, n);
}

static PyObject *fn_logaddexp(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LOGADDEXP, a, n);
}

static PyObject *fn_logical_and(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LOGICAL_AND, a, n);
}

static PyObject *fn_logical_or(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LOGICAL_OR, a, n);
}

static PyObject *fn_logical_xor(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_LOGICAL_XOR, a, n);
}

static PyObject *fn_maximum(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_MAXIMUM, a, n);
}

static PyObject *fn_minimum(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_MINIMUM, a, n);
}

static PyObject *fn_multiply(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_MULTIPLY, a, n);
}

static PyObject *fn_nextafter(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_NEXTAFTER, a, n);
}

static PyObject *fn_not_equal(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_NOT_EQUAL, a, n);
}

static PyObject *fn_pow(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_POW, a, n);
}

static PyObject *fn_remainder(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_REMAINDER, a, n);
}

static PyObject *fn_subtract(PyObject *m, PyObject *const *a, Py_ssize_t n)
{
    return binary_function(m, PC_EW_SUBTRACT, a, n);
}


#define EW_UNARY(name, doc) {#name, (PyCFunction)(fn_##name), METH_O, #name "(x, /)\n--\n\n" doc}
#define EW_BINARY(name, doc)                                                                   \
    {#name, (PyCFunction)(void (*)(void))(fn_##name), METH_FASTCALL,                            \
     #name "(x1, x2, /)\n--\n\n" doc}
#define EW_ALIAS(alias, target, nargs, doc)                                                    \
    {#alias, (PyCFunction)(void (*)(void))(fn_##target), nargs, #alias doc}

PyMethodDef pcpy_elementwise_methods[] = {
    EW_UNARY(abs, "The absolute value (the modulus for complex input, a real result)."),
    EW_UNARY(acos, "The inverse cosine, in radians."),
    EW_UNARY(acosh, "The inverse hyperbolic cosine."),
    EW_UNARY(asin, "The inverse sine, in radians."),
    EW_UNARY(asinh, "The inverse hyperbolic sine."),
    EW_UNARY(atan, "The inverse tangent, in radians."),
    EW_UNARY(atanh, "The inverse hyperbolic tangent."),
    EW_UNARY(bitwise_invert, "The bitwise NOT of integer or bool input (logical NOT for bool)."),
    EW_UNARY(ceil, "The smallest integer-valued number >= x (integers unchanged)."),
    EW_UNARY(conj, "The complex conjugate (real input is returned unchanged)."),
    EW_UNARY(cos, "The cosine of x in radians."),
    EW_UNARY(cosh, "The hyperbolic cosine."),
    EW_UNARY(exp, "e raised to the power x."),
    EW_UNARY(expm1, "exp(x) - 1, accurate for small x."),
    EW_UNARY(floor, "The largest integer-valued number <= x (integers unchanged)."),
    EW_UNARY(imag, "The imaginary part (zeros of the same dtype for real input)."),
    EW_UNARY(isfinite, "Whether each element is finite (neither infinite nor NaN)."),
    EW_UNARY(isinf, "Whether each element is a positive or negative infinity."),
    EW_UNARY(isnan, "Whether each element is NaN."),
    EW_UNARY(log, "The natural logarithm."),
    EW_UNARY(log1p, "log(1 + x), accurate for small x."),
    EW_UNARY(log2, "The base-2 logarithm."),
    EW_UNARY(log10, "The base-10 logarithm."),
    EW_UNARY(logical_not, "The logical NOT (non-zero input counts as True)."),
    EW_UNARY(negative, "The numerical negative, -x."),
    EW_UNARY(positive, "+x (a copy)."),
    EW_UNARY(real, "The real part (a copy for real input)."),
    EW_UNARY(reciprocal, "1 / x."),
    EW_UNARY(round, "The nearest integer-valued number, halves to even (integers unchanged)."),
    EW_UNARY(sign, "-1, 0 or 1 by the sign of x (x / |x| for complex input, NaN for NaN)."),
    EW_UNARY(signbit, "Whether the sign bit is set (True for -0.0 and negative NaN)."),
    EW_UNARY(sin, "The sine of x in radians."),
    EW_UNARY(sinh, "The hyperbolic sine."),
    EW_UNARY(square, "x * x."),
    EW_UNARY(sqrt, "The principal square root."),
    EW_UNARY(tan, "The tangent of x in radians."),
    EW_UNARY(tanh, "The hyperbolic tangent."),
    EW_UNARY(trunc, "Rounded toward zero (integers unchanged)."),
    EW_BINARY(add, "x1 + x2."),
    EW_BINARY(atan2, "The angle of the point (x2, x1) in radians, in [-pi, pi]."),
    EW_BINARY(bitwise_and, "The bitwise AND of integer or bool input."),
    EW_BINARY(bitwise_left_shift, "x1 shifted left by x2 bits (0 once x2 reaches the bit width)."),
    EW_BINARY(bitwise_or, "The bitwise OR of integer or bool input."),
    EW_BINARY(bitwise_right_shift, "x1 shifted right by x2 bits (arithmetic for signed)."),
    EW_BINARY(bitwise_xor, "The bitwise XOR of integer or bool input."),
    EW_BINARY(copysign, "The magnitude of x1 with the sign of x2."),
    EW_BINARY(divide, "x1 / x2 (true division: integer and bool input gives float32)."),
    EW_BINARY(equal, "x1 == x2."),
    EW_BINARY(floor_divide, "x1 // x2, toward -infinity (integer x // 0 is 0)."),
    EW_BINARY(greater, "x1 > x2."),
    EW_BINARY(greater_equal, "x1 >= x2."),
    EW_BINARY(hypot, "sqrt(x1**2 + x2**2) without undue overflow or underflow."),
    EW_BINARY(less, "x1 < x2."),
    EW_BINARY(less_equal, "x1 <= x2."),
    EW_BINARY(logaddexp, "log(exp(x1) + exp(x2)) without overflow."),
    EW_BINARY(logical_and, "The logical AND (non-zero input counts as True)."),
    EW_BINARY(logical_or, "The logical OR (non-zero input counts as True)."),
    EW_BINARY(logical_xor, "The logical XOR (non-zero input counts as True)."),
    EW_BINARY(maximum, "The larger of x1 and x2 (NaN when either is NaN)."),
    EW_BINARY(minimum, "The smaller of x1 and x2 (NaN when either is NaN)."),
    EW_BINARY(multiply, "x1 * x2."),
    EW_BINARY(nextafter, "The next representable floating-point value after x1 toward x2."),
    EW_BINARY(not_equal, "x1 != x2."),
    EW_BINARY(pow, "x1 raised to the power x2."),
    EW_BINARY(remainder, "x1 % x2 with the sign of x2, as Python's % (integer x % 0 is 0)."),
    EW_BINARY(subtract, "x1 - x2."),
    EW_ALIAS(mod, remainder, METH_FASTCALL,
             "(x1, x2, /)\n--\n\nPaddle's name for remainder."),
    EW_ALIAS(floor_mod, remainder, METH_FASTCALL,
             "(x1, x2, /)\n--\n\nPaddle's name for remainder."),
    EW_ALIAS(elementwise_pow, pow, METH_FASTCALL,
             "(x1, x2, /)\n--\n\nPaddle's name for pow."),
    EW_ALIAS(greater_than, greater, METH_FASTCALL,
             "(x1, x2, /)\n--\n\nPaddle's name for greater."),
    EW_ALIAS(less_than, less, METH_FASTCALL,
             "(x1, x2, /)\n--\n\nPaddle's name for less."),
    EW_ALIAS(bitwise_not, bitwise_invert, METH_O,
             "(x, /)\n--\n\nPaddle's name for bitwise_invert."),
    EW_ALIAS(neg, negative, METH_O, "(x, /)\n--\n\nPaddle's name for negative."),
    WHERE_CLIP_METHODS
    {NULL, NULL, 0, NULL},
};
