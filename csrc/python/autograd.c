/*
 * autograd.c - the C side of Paddle's autograd (docs/autograd.md): each Tensor's record
 * (stop_gradient, .grad, the node that made it, its gradient hooks), the version of a storage
 * that every in-place write through the operators and __setitem__ bumps, grad mode, and the
 * recording gate: the wrapper around each differentiable function and the operator slots.
 *
 * The graph's nodes are autograd_node.c's, the backward walk autograd_engine.c's; the
 * differentiation rules are Python (python/paddle_c/_autograd_rules.py), called by the recorder
 * (_autograd._record) and the walk: rules are compositions of paddle_c operations, so they run
 * on every device and are themselves recorded when a graph of the backward pass is asked for.
 *
 * [Why a gate of two words] Recording costs nothing when no tensor requires a gradient: every
 * wrapped function and operator first tests `ag_live == 0 || !ag_enabled` (the number of live
 * Tensor objects with stop_gradient False, and grad mode) and, when it holds, calls the
 * operation at once. Only otherwise is the Python recorder called. ag_live, the recorder and the
 * saved slots are process-wide (as the core's tables are) and read and written under the GIL.
 *
 * [Why grad mode is per thread] The walk sets grad mode to create_graph while it runs, and
 * no_grad sets it inside a block: with one process-wide word, a backward pass in one thread
 * would stop the recording of another thread's forward pass. As in PyTorch, each thread has its
 * own mode, on when the thread starts.
 *
 * Ownership: a Tensor owns its grad, grad_fn and hooks references (released in dealloc, and by
 * tp_clear when the cycle collector frees a cycle through them); a wrapper owns its function
 * and name; ag_record and the wrapper type are held for the life of the process.
 */
#include "pcpy.h"
#include "structmember.h"

static int64_t ag_live;         /* Tensor objects with stop_gradient False */
static _Thread_local int ag_enabled = 1; /* this thread's grad mode: 0 inside no_grad */
static PyObject *ag_record;     /* _autograd._record(name, func, args, kwargs); owned */

#define AG_IDLE() (ag_live == 0 || !ag_enabled)

int pcpy_ag_set_mode(int on)
{
    const int prev = ag_enabled;
    ag_enabled = on;
    return prev;
}

/* ---- the Tensor's record ------------------------------------------------------------------ */

void pcpy_ag_tensor_clear(PcTensorObject *o)
{
    if (o->requires_grad) {
        o->requires_grad = 0;
        ag_live--;
    }
    pcpy_ag_tensor_clear_refs((PyObject *)o);
}

/* [Why a Tensor is tracked by the cycle collector only while it holds a record] Hooks and the
 * rules' closures can refer back to a tensor whose grad_fn leads to them (y.register_hook(
 * lambda g: g * y)), a cycle that only the collector can free, so the Tensor is a GC type.
 * pcpy_tensor_wrap untracks each new tensor and pcpy_ag_set_record tracks it when it gains a grad,
 * grad_fn or hooks reference: tensors that record nothing cost the collector nothing. */
int pcpy_ag_tensor_traverse(PyObject *self, visitproc visit, void *arg)
{
    PcTensorObject *o = (PcTensorObject *)self;
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(o->grad);
    Py_VISIT(o->grad_fn);
    Py_VISIT(o->hooks);
    return 0;
}

int pcpy_ag_tensor_clear_refs(PyObject *self)
{
    PcTensorObject *o = (PcTensorObject *)self;
    Py_CLEAR(o->grad);
    Py_CLEAR(o->grad_fn);
    Py_CLEAR(o->hooks);
    return 0;
}

static void bump_version(PyObject *t) { pcpy_tensor_get(t)->storage->version++; }

PyObject *pcpy_ag_get_stop_gradient(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(!((PcTensorObject *)self)->requires_grad);
}

int pcpy_ag_set_stop_gradient(PyObject *self, PyObject *value, void *c)
{
    (void)c;
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "cannot delete stop_gradient");
        return -1;
    }
    const int stop = PyObject_IsTrue(value);
    if (stop < 0) {
        return -1;
    }
    PcTensorObject *o = (PcTensorObject *)self;
    if (o->requires_grad == !stop) {
        return 0;
    }
    o->requires_grad = !stop;
    ag_live += stop ? -1 : 1;
    return 0;
}

/* An optional object attribute: None when absent. */
static PyObject *get_slot(PyObject *v) { return Py_NewRef(v != NULL ? v : Py_None); }

int pcpy_ag_set_record(PyObject *self, PyObject **slot, PyObject *value)
{
    const int set = value != NULL && value != Py_None;
    if (set && !PyObject_GC_IsTracked(self)) {
        PyObject_GC_Track(self);
    }
    Py_XSETREF(*slot, set ? Py_NewRef(value) : NULL);
    return 0;
}

PyObject *pcpy_ag_get_grad(PyObject *self, void *c)
{
    (void)c;
    return get_slot(((PcTensorObject *)self)->grad);
}

int pcpy_ag_set_grad(PyObject *self, PyObject *value, void *c)
{
    (void)c;
    PyTypeObject *tp = Py_TYPE(self);
    if (value != NULL && value != Py_None && !PyObject_TypeCheck(value, tp)) {
        PyErr_Format(PyExc_TypeError, "grad must be a Tensor or None, not %.100s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    return pcpy_ag_set_record(self, &((PcTensorObject *)self)->grad, value);
}

PyObject *pcpy_ag_get_grad_fn(PyObject *self, void *c)
{
    (void)c;
    return get_slot(((PcTensorObject *)self)->grad_fn);
}

PyObject *pcpy_ag_get_hooks(PyObject *self, void *c)
{
    (void)c;
    return get_slot(((PcTensorObject *)self)->hooks);
}

int pcpy_ag_set_hooks(PyObject *self, PyObject *value, void *c)
{
    (void)c;
    return pcpy_ag_set_record(self, &((PcTensorObject *)self)->hooks, value);
}

PyObject *pcpy_ag_get_is_leaf(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((PcTensorObject *)self)->grad_fn == NULL);
}

PyObject *pcpy_ag_get_version(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLongLong(pcpy_tensor_get(self)->storage->version);
}

/* ---- the recorder ------------------------------------------------------------------------- */

/* The Python recorder on (name, func or None, args, kwargs or None). New reference. */
static PyObject *record(const char *name, PyObject *func, PyObject *args, PyObject *kwargs)
{
    if (ag_record == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "paddle_c's autograd recorder is not installed");
        return NULL;
    }
    PyObject *key = PyUnicode_FromString(name);
    PyObject *r = key != NULL ? PyObject_CallFunctionObjArgs(
                                    ag_record, key, func != NULL ? func : Py_None, args,
                                    kwargs != NULL ? kwargs : Py_None, NULL)
                              : NULL;
    Py_XDECREF(key);
    return r;
}

static PyObject *record_pair(const char *name, PyObject *a, PyObject *b)
{
    PyObject *args = b != NULL ? PyTuple_Pack(2, a, b) : PyTuple_Pack(1, a);
    PyObject *r = args != NULL ? record(name, NULL, args, NULL) : NULL;
    Py_XDECREF(args);
    return r;
}

/* ---- the operator slots ------------------------------------------------------------------- */

/* [Why the slots are wrapped where the type is built] tensor_type.c passes every slot through
 * pcpy_ag_slot before PyType_FromSpec, so the operators (a + b) and their dunder methods
 * (a.__add__(b)) both go through the gate. The operator families' files stay as they are. */
#define AG_BINARY(X)                                                                           \
    X(add, "add")                                                                              \
    X(subtract, "subtract")                                                                    \
    X(multiply, "multiply")                                                                    \
    X(true_divide, "divide")                                                                   \
    X(floor_divide, "floor_divide")                                                            \
    X(remainder, "remainder")                                                                  \
    X(matrix_multiply, "matmul")
#define AG_UNARY(X)                                                                            \
    X(negative, "negative")                                                                    \
    X(positive, "positive")                                                                    \
    X(absolute, "abs")

#define BINARY_THUNKS(slot, key)                                                               \
    static binaryfunc orig_##slot;                                                             \
    static PyObject *ag_##slot(PyObject *a, PyObject *b)                                       \
    {                                                                                          \
        return AG_IDLE() ? orig_##slot(a, b) : record_pair(key, a, b);                         \
    }                                                                                          \
    static binaryfunc orig_inplace_##slot;                                                     \
    static PyObject *ag_inplace_##slot(PyObject *a, PyObject *b)                               \
    {                                                                                          \
        if (!AG_IDLE()) {                                                                      \
            return record_pair("inplace_" key, a, b);                                          \
        }                                                                                      \
        PyObject *r = orig_inplace_##slot(a, b);                                               \
        if (r == a) {                                                                          \
            bump_version(a);                                                                   \
        }                                                                                      \
        return r;                                                                              \
    }
AG_BINARY(BINARY_THUNKS)
#undef BINARY_THUNKS

#define UNARY_THUNK(slot, key)                                                                 \
    static unaryfunc orig_##slot;                                                              \
    static PyObject *ag_##slot(PyObject *a)                                                    \
    {                                                                                          \
        return AG_IDLE() ? orig_##slot(a) : record_pair(key, a, NULL);                         \
    }
AG_UNARY(UNARY_THUNK)
#undef UNARY_THUNK

static ternaryfunc orig_power;
static PyObject *ag_power(PyObject *a, PyObject *b, PyObject *m)
{
    return AG_IDLE() || m != Py_None ? orig_power(a, b, m) : record_pair("pow", a, b);
}

static ternaryfunc orig_inplace_power;
static PyObject *ag_inplace_power(PyObject *a, PyObject *b, PyObject *m)
{
    if (!AG_IDLE() && m == Py_None) {
        return record_pair("inplace_pow", a, b);
    }
    PyObject *r = orig_inplace_power(a, b, m);
    if (r == a) {
        bump_version(a);
    }
    return r;
}

static binaryfunc orig_getitem;
static PyObject *ag_getitem(PyObject *a, PyObject *key)
{
    return AG_IDLE() ? orig_getitem(a, key) : record_pair("getitem", a, key);
}

static ssizeargfunc orig_sq_item;
static PyObject *ag_sq_item(PyObject *a, Py_ssize_t i)
{
    if (AG_IDLE()) {
        return orig_sq_item(a, i);
    }
    PyObject *key = PyLong_FromSsize_t(i);
    PyObject *r = key != NULL ? record_pair("getitem", a, key) : NULL;
    Py_XDECREF(key);
    return r;
}

static objobjargproc orig_setitem;
static int ag_setitem(PyObject *a, PyObject *key, PyObject *value)
{
    if (AG_IDLE() || value == NULL) {
        const int r = orig_setitem(a, key, value);
        if (r == 0) {
            bump_version(a);
        }
        return r;
    }
    PyObject *args = PyTuple_Pack(3, a, key, value);
    PyObject *r = args != NULL ? record("setitem", NULL, args, NULL) : NULL;
    Py_XDECREF(args);
    if (r == NULL) {
        return -1;
    }
    Py_DECREF(r);
    return 0;
}

PyType_Slot pcpy_ag_slot(PyType_Slot s)
{
    switch (s.slot) {
#define BINARY_CASES(slot, key)                                                                \
    case Py_nb_##slot:                                                                         \
        orig_##slot = (binaryfunc)s.pfunc;                                                     \
        s.pfunc = (void *)ag_##slot;                                                           \
        break;                                                                                 \
    case Py_nb_inplace_##slot:                                                                 \
        orig_inplace_##slot = (binaryfunc)s.pfunc;                                             \
        s.pfunc = (void *)ag_inplace_##slot;                                                   \
        break;
        AG_BINARY(BINARY_CASES)
#undef BINARY_CASES
#define UNARY_CASE(slot, key)                                                                  \
    case Py_nb_##slot:                                                                         \
        orig_##slot = (unaryfunc)s.pfunc;                                                      \
        s.pfunc = (void *)ag_##slot;                                                           \
        break;
        AG_UNARY(UNARY_CASE)
#undef UNARY_CASE
    case Py_nb_power:
        orig_power = (ternaryfunc)s.pfunc;
        s.pfunc = (void *)ag_power;
        break;
    case Py_nb_inplace_power:
        orig_inplace_power = (ternaryfunc)s.pfunc;
        s.pfunc = (void *)ag_inplace_power;
        break;
    case Py_mp_subscript:
        orig_getitem = (binaryfunc)s.pfunc;
        s.pfunc = (void *)ag_getitem;
        break;
    case Py_sq_item:
        orig_sq_item = (ssizeargfunc)s.pfunc;
        s.pfunc = (void *)ag_sq_item;
        break;
    case Py_mp_ass_subscript:
        orig_setitem = (objobjargproc)s.pfunc;
        s.pfunc = (void *)ag_setitem;
        break;
    default:
        break;
    }
    return s;
}

/* ---- the function wrapper ----------------------------------------------------------------- */

/* A differentiable function or method: calls `func` at once when nothing is recorded, else the
 * recorder with the rule name. It binds as a method (a method descriptor), so x.exp() costs no
 * bound-method object. */
typedef struct {
    PyObject_HEAD
    PyObject *func;             /* owned: what is called */
    PyObject *name;             /* owned: the rule's key, a str */
    vectorcallfunc vectorcall;
} AgFunction;

static PyObject *agf_vectorcall(PyObject *self, PyObject *const *args, size_t nargsf,
                                PyObject *kwnames)
{
    AgFunction *f = (AgFunction *)self;
    if (AG_IDLE()) {
        return PyObject_Vectorcall(f->func, args, nargsf, kwnames);
    }
    const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *tuple = PyTuple_New(nargs);
    PyObject *kwargs = NULL;
    PyObject *r = NULL;
    if (tuple == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyTuple_SET_ITEM(tuple, i, Py_NewRef(args[i]));
    }
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) {
        kwargs = PyDict_New();
        for (Py_ssize_t i = 0; kwargs != NULL && i < PyTuple_GET_SIZE(kwnames); i++) {
            if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, i), args[nargs + i]) < 0) {
                Py_CLEAR(kwargs);
            }
        }
        if (kwargs == NULL) {
            goto done;
        }
    }
    r = PyObject_CallFunctionObjArgs(ag_record, f->name, f->func, tuple,
                                     kwargs != NULL ? kwargs : Py_None, NULL);
done:
    Py_DECREF(tuple);
    Py_XDECREF(kwargs);
    return r;
}

static void agf_dealloc(PyObject *self)
{
    AgFunction *f = (AgFunction *)self;
    PyTypeObject *tp = Py_TYPE(self);
    Py_CLEAR(f->func);
    Py_CLEAR(f->name);
    tp->tp_free(self);
    Py_DECREF(tp);
}

static PyObject *agf_descr_get(PyObject *self, PyObject *obj, PyObject *type)
{
    (void)type;
    return obj == NULL || obj == Py_None ? Py_NewRef(self) : PyMethod_New(self, obj);
}

/* Every other attribute (__name__, __doc__, __text_signature__, ...) is the function's. */
static PyObject *agf_getattro(PyObject *self, PyObject *name)
{
    PyObject *r = PyObject_GenericGetAttr(self, name);
    if (r == NULL && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        r = PyObject_GetAttr(((AgFunction *)self)->func, name);
    }
    return r;
}

static PyObject *agf_repr(PyObject *self) { return PyObject_Repr(((AgFunction *)self)->func); }

static PyObject *agf_get_doc(PyObject *self, void *c)
{
    (void)c;
    return PyObject_GetAttrString(((AgFunction *)self)->func, "__doc__");
}

/* __reduce__: by reference, as the wrapped builtin (paddle_c._autograd._reduce_function). */
static PyObject *agf_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *mod = PyImport_ImportModule("paddle_c._autograd");
    PyObject *r = mod != NULL ? PyObject_CallMethod(mod, "_reduce_function", "O", self) : NULL;
    Py_XDECREF(mod);
    return r;
}

static PyMethodDef agf_methods[] = {
    {"__reduce__", agf_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef agf_members[] = {
    {"__wrapped__", T_OBJECT, offsetof(AgFunction, func), READONLY, "The function called."},
    {"_rule", T_OBJECT, offsetof(AgFunction, name), READONLY, "The rule's name."},
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(AgFunction, vectorcall), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef agf_getset[] = {
    {"__doc__", agf_get_doc, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot agf_slots[] = {
    {Py_tp_dealloc, agf_dealloc},
    {Py_tp_call, PyVectorcall_Call},
    {Py_tp_descr_get, agf_descr_get},
    {Py_tp_getattro, agf_getattro},
    {Py_tp_repr, agf_repr},
    {Py_tp_members, agf_members},
    {Py_tp_methods, agf_methods},
    {Py_tp_getset, agf_getset},
    {0, NULL},
};

static PyType_Spec agf_spec = {
    .name = "paddle_c._C.differentiable",
    .basicsize = sizeof(AgFunction),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR |
             Py_TPFLAGS_IMMUTABLETYPE,
    .slots = agf_slots,
};

static PyTypeObject *agf_type;  /* owned; made by the first _ag_function call */

/* _ag_function(func, name): the wrapper of func under the rule `name`. */
static PyObject *fn_ag_function(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyCallable_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "_ag_function(func, name): a callable and a str");
        return NULL;
    }
    if (agf_type == NULL) {
        agf_type = (PyTypeObject *)PyType_FromSpec(&agf_spec);
        if (agf_type == NULL) {
            return NULL;
        }
    }
    AgFunction *f = PyObject_New(AgFunction, agf_type);
    if (f == NULL) {
        return NULL;
    }
    f->func = Py_NewRef(args[0]);
    f->name = Py_NewRef(args[1]);
    f->vectorcall = agf_vectorcall;
    return (PyObject *)f;
}

/* _ag_install(record): the Python recorder. */
static PyObject *fn_ag_install(PyObject *module, PyObject *func)
{
    (void)module;
    if (!PyCallable_Check(func)) {
        PyErr_SetString(PyExc_TypeError, "_ag_install needs a callable");
        return NULL;
    }
    Py_XSETREF(ag_record, Py_NewRef(func));
    Py_RETURN_NONE;
}

/* _ag_set_enabled(flag) -> the previous grad mode */
static PyObject *fn_ag_set_enabled(PyObject *module, PyObject *flag)
{
    (void)module;
    const int on = PyObject_IsTrue(flag);
    if (on < 0) {
        return NULL;
    }
    return PyBool_FromLong(pcpy_ag_set_mode(on));
}

static PyObject *fn_ag_enabled(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyBool_FromLong(ag_enabled);
}

static PyObject *fn_ag_live(PyObject *module, PyObject *unused)
{
    (void)module;
    (void)unused;
    return PyLong_FromLongLong(ag_live);
}

/* _ag_bump(t): count an in-place write to t's memory made outside the operators. */
static PyObject *fn_ag_bump(PyObject *module, PyObject *t)
{
    pcpy_state *st = pcpy_state_from_module(module);
    if (!pcpy_tensor_check(st, t)) {
        PyErr_SetString(PyExc_TypeError, "_ag_bump needs a Tensor");
        return NULL;
    }
    bump_version(t);
    Py_RETURN_NONE;
}

PyMethodDef pcpy_autograd_methods[] = {
    {"_ag_function", (PyCFunction)(void (*)(void))fn_ag_function, METH_FASTCALL,
     "_ag_function(func, name, /)\n--\n\nfunc behind the autograd gate, recorded by the rule "
     "`name`."},
    {"_ag_install", fn_ag_install, METH_O,
     "_ag_install(record, /)\n--\n\nSet the recorder the gate calls."},
    {"_ag_set_enabled", fn_ag_set_enabled, METH_O,
     "_ag_set_enabled(flag, /)\n--\n\nSet grad mode; returns the previous mode."},
    {"_ag_enabled", fn_ag_enabled, METH_NOARGS,
     "_ag_enabled()\n--\n\nWhether grad mode is on."},
    {"_ag_live", fn_ag_live, METH_NOARGS,
     "_ag_live()\n--\n\nThe number of live Tensors with stop_gradient False."},
    {"_ag_bump", fn_ag_bump, METH_O,
     "_ag_bump(t, /)\n--\n\nCount an in-place write to t's memory."},
    {NULL, NULL, 0, NULL},
};
