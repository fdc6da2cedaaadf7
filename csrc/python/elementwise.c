/*
 * elementwise.c - the elementwise functions of the module: one forwarder and one table row per
 * row of elementwise.def and of Paddle's aliases (ew_aliases.def: mod, floor_mod, neg, ...),
 * written by X-macros; where and clip, which have argument logic of their own; and the shared
 * operand conversion and core call of ew_call.h.
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

/* ---- where and clip ------------------------------------------------------------------------ */

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
    {"clip", FASTCALL_KW(fn_clip),                                                              \
     "clip(x, /, min=None, max=None)\n--\n\n"                                                   \
     "x clamped to [min, max] (either bound may be None, a Python scalar or a tensor); the "   \
     "result has x's dtype."},

/* ---- one C entry per function of elementwise.def and of ew_aliases.def --------------------- */

/* [Why the operands may be keywords] Paddle code names them (sign(x=t), add(x=a, y=b)) and
 * passes name=; the aliases of kwaliases.def map those spellings onto the standard's
 * positional-only operands. A call with positional operands alone, the common case, skips the
 * parser. */
static PyObject *ew_function(PyObject *mod, pc_ew_fn fn, PyObject *const *args,
                             Py_ssize_t nargs, PyObject *kwnames)
{
    static const char *const names1[] = {"x", NULL};
    static const char *const names2[] = {"x1", "x2", NULL};
    const int nin = pc_ew_arity(fn);
    PyObject *a[2];
    if (kwnames != NULL || nargs != nin) {
        const pcpy_argspec spec = {pc_ew_name(fn), nin == 1 ? names1 : names2, nin, nin, nin};
        if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
            return NULL;
        }
        args = a;
    }
    return pcpy_ew_call(pcpy_state_from_module(mod), fn, args, PCPY_EW_FUNCTION);
}

/* fn_<name>: one fastcall entry per function, passing the operands on without a tuple. */
#define PC_EW(ID, name, nin, ...)                                                              \
    static PyObject *fn_##name(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)     \
    {                                                                                          \
        return ew_function(m, PC_EW_##ID, a, n, k);                                            \
    }
#include "paddle_c/elementwise.def"
#undef PC_EW

/* The module's rows: the signature from the arity, the docstring from the .def. */
#define SIG_1 "(x, /)\n--\n\n"
#define SIG_2 "(x1, x2, /)\n--\n\n"

PyMethodDef pcpy_elementwise_methods[] = {
#define PC_EW(ID, name, nin, kinds, compute, out, method, doc)                                 \
    {#name, FASTCALL_KW(fn_##name), #name SIG_##nin doc},
#include "paddle_c/elementwise.def"
#undef PC_EW
#define PCPY_EW_ALIAS(alias, target, nin)                                                      \
    {#alias, FASTCALL_KW(fn_##target), #alias SIG_##nin "Paddle's name for " #target "."},
#include "ew_aliases.def"
#undef PCPY_EW_ALIAS
    WHERE_CLIP_METHODS
    {NULL, NULL, 0, NULL},
};
