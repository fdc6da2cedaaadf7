/*
 * pcpy.h - the CPython layer's internal interface: module state, the Tensor object and the
 * conversions every Python-facing file needs. Only csrc/python/ includes Python.h.
 *
 * Conventions: functions returning PyObject * say "new reference" or "borrowed"; functions
 * returning int return 0 on success and -1 with a Python exception set on failure.
 */
#ifndef PADDLE_C_PCPY_H
#define PADDLE_C_PCPY_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "paddle_c/pc.h"

/* ---- module state ------------------------------------------------------------------------ */

typedef struct pcpy_state {
    PyTypeObject *tensor_type;
    PyTypeObject *dtype_type;
    PyTypeObject *device_type;
    PyObject *dtypes[PC_NUM_DTYPES];    /* the dtype objects, by enum */
    PyObject *cpu;                      /* Device("cpu") */
    pc_device default_device;           /* where creation functions put tensors (set_device) */
} pcpy_state;

/* The module's definition and the state lookups (module_state.c). */
extern PyModuleDef pcpy_module_def;

/* State of the module that defined `type` (or a base of it). Borrowed; never NULL after
 * import for our own types. */
pcpy_state *pcpy_state_from_type(PyTypeObject *type);
/* State from a module object passed as `self` to module functions. */
static inline pcpy_state *pcpy_state_from_module(PyObject *module)
{
    return (pcpy_state *)PyModule_GetState(module);
}

/* ---- errors (errors.c) --------------------------------------------------------------------- */

/* Raise the Python exception for a failed core call; returns NULL for `return pcpy_raise(st);`. */
PyObject *pcpy_raise(pc_status st);
/* Same, for functions returning int: returns -1. */
int pcpy_raise_int(pc_status st);
/* The name of the exception a status raises ("ValueError"), for C interfaces that report errors
 * by name. Needs no GIL (it reads the built-in exception types' names). */
const char *pcpy_status_kind(pc_status st);

/* ---- dtypes (dtype_type.c) ---------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    pc_dtype dtype;
} PcDTypeObject;

int pcpy_dtype_type_init(PyObject *module, pcpy_state *st);
/* The dtype object of `dt`. Borrowed. */
static inline PyObject *pcpy_dtype_object(pcpy_state *st, pc_dtype dt) { return st->dtypes[dt]; }
/* Accept a paddle_c dtype, its name ("float32"), a NumPy dtype or scalar type, Python's bool /
 * int / float / complex types. None gives PC_DTYPE_INVALID with success when `allow_none`.
 * Returns 0 or -1 (TypeError naming the object). */
int pcpy_dtype_from_py(pcpy_state *st, PyObject *obj, bool allow_none, pc_dtype *out);

/* ---- devices (device_type.c) ------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    pc_device device;
} PcDeviceObject;

int pcpy_device_type_init(PyObject *module, pcpy_state *st);
/* New reference to a Device object for `dev`. */
PyObject *pcpy_device_object(pcpy_state *st, pc_device dev);
/* Accept a Device, "cpu", "gpu", "gpu:N", "cuda:N"; None gives `dflt`. Unknown names raise
 * ValueError; devices of a backend that is not built raise RuntimeError. */
int pcpy_device_from_py(pcpy_state *st, PyObject *obj, pc_device dflt, pc_device *out);
/* The device of creation functions without device=: PADDLE_C_DEFAULT_DEVICE at import, then
 * paddle_c.set_device(). */
static inline pc_device pcpy_default_device(const pcpy_state *st) { return st->default_device; }

/* ---- tensors (tensor_type.c) ------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    pc_tensor *t;           /* owned; never NULL for an initialised object */
    PyObject *weakreflist;
    /* Paddle's autograd record (autograd.c); all NULL / 0 for a tensor that records nothing */
    PyObject *grad;         /* owned or NULL: the accumulated gradient (.grad) */
    PyObject *grad_fn;      /* owned or NULL: the node that made this tensor */
    PyObject *hooks;        /* owned or NULL: the list of gradient hooks */
    int requires_grad;      /* not stop_gradient */
} PcTensorObject;

/* The Tensor type, assembled from the families' tables (tensor_spec.c). */
int pcpy_tensor_type_init(PyObject *module, pcpy_state *st);
/* The host fallback's once-per-op notices become RuntimeWarnings (kernels.c). */
void pcpy_host_fallback_warnings(void);

static inline int pcpy_tensor_check(pcpy_state *st, PyObject *o)
{
    return PyObject_TypeCheck(o, st->tensor_type);
}

static inline pc_tensor *pcpy_tensor_get(PyObject *o) { return ((PcTensorObject *)o)->t; }

/* Wrap a core tensor in a new Tensor object. Steals `t` (freed on failure). New reference. */
PyObject *pcpy_tensor_wrap(pcpy_state *st, pc_tensor *t);

/* Wrap the result of a core call: on error raise and return NULL. New reference. */
PyObject *pcpy_tensor_result(pcpy_state *st, pc_status status, pc_tensor *t);

/* x[pos[0], ..., pos[k-1]] for 1 <= k <= x->ndim and 0 <= pos[j] < x->shape[j]: the view of
 * the remaining axes (iteration's item, k = 1, and the short path of integer subscripts). New
 * reference. */
PyObject *pcpy_tensor_leading_view(pcpy_state *st, const pc_tensor *x, int k, const int64_t *pos);

/* ---- autograd (autograd.c) --------------------------------------------------------------- */

/* Grad mode of the calling thread: set it and return the previous mode. */
int pcpy_ag_set_mode(int on);
/* Release a Tensor's autograd record (its dealloc). */
void pcpy_ag_tensor_clear(PcTensorObject *o);
/* The Tensor's tp_traverse and tp_clear: the record's references (grad, grad_fn, hooks). */
int pcpy_ag_tensor_traverse(PyObject *self, visitproc visit, void *arg);
int pcpy_ag_tensor_clear_refs(PyObject *self);
/* The slot `s` behind the autograd gate (operators, indexing); other slots unchanged. */
PyType_Slot pcpy_ag_slot(PyType_Slot s);
/* The Tensor's autograd attributes (tensor_type.c's getset table) */
PyObject *pcpy_ag_get_stop_gradient(PyObject *self, void *c);
int pcpy_ag_set_stop_gradient(PyObject *self, PyObject *value, void *c);
PyObject *pcpy_ag_get_grad(PyObject *self, void *c);
int pcpy_ag_set_grad(PyObject *self, PyObject *value, void *c);
PyObject *pcpy_ag_get_grad_fn(PyObject *self, void *c);
int pcpy_ag_set_grad_fn(PyObject *self, PyObject *value, void *c);  /* autograd_node.c */
/* *slot (a reference of self's record: grad, grad_fn or hooks) set to value (None: NULL); self
 * joins the cycle collector's objects when it gains one. 0. */
int pcpy_ag_set_record(PyObject *self, PyObject **slot, PyObject *value);
PyObject *pcpy_ag_get_hooks(PyObject *self, void *c);
int pcpy_ag_set_hooks(PyObject *self, PyObject *value, void *c);
PyObject *pcpy_ag_get_is_leaf(PyObject *self, void *c);
PyObject *pcpy_ag_get_version(PyObject *self, void *c);

/* ---- the GIL ------------------------------------------------------------------------------- */

/* [Why a threshold] Releasing and re-taking the GIL costs ~100 ns; below this many elements the
 * kernel is cheaper than that. Core calls made between these two must not touch Python. */
#define PCPY_NOGIL_MIN_ELEMENTS 16384

static inline PyThreadState *pcpy_release_gil(int64_t nelements)
{
    return nelements >= PCPY_NOGIL_MIN_ELEMENTS ? PyEval_SaveThread() : NULL;
}

static inline void pcpy_restore_gil(PyThreadState *ts)
{
    if (ts != NULL) {
        PyEval_RestoreThread(ts);
    }
}

/* The elements of a shape, as the work hint of a creation or copy of that shape: the product,
 * saturating at INT64_MAX (a shape the core rejects may give any hint). */
static inline int64_t pcpy_shape_work(int ndim, const int64_t *shape)
{
    int64_t n = 1;
    for (int i = 0; i < ndim; i++) {
        if (shape[i] <= 0) {
            return 0;
        }
        if (__builtin_mul_overflow(n, shape[i], &n)) {
            return INT64_MAX;
        }
    }
    return n;
}

/* ---- plain values (values.c) ----------------------------------------------------------- */

/* 1 when `obj` is a Python bool/int/float/complex (stored into `out`), 0 when it is not a
 * Python scalar (NumPy scalars are not: they are 0-D arrays with a dtype), -1 on error (an int
 * beyond uint64: OverflowError). */
int pcpy_scalar_from_py(PyObject *obj, pc_scalar *out);

/* The element at `src` of `dtype` as a Python object (bool, int, float, complex). New ref. */
PyObject *pcpy_scalar_to_py(pc_dtype dtype, const void *src);

/* Parse a shape: an int or a sequence of ints (objects with __index__). Returns ndim or -1. */
int pcpy_shape_from_py(PyObject *obj, int64_t *shape);

/* Tuple of Python ints from an int64 array. New reference. */
PyObject *pcpy_tuple_from_int64(int n, const int64_t *v);

/* ---- conversions (convert.c) ------------------------------------------------------------ */

/* asarray's engine: any supported object to a tensor. `dtype` PC_DTYPE_INVALID means infer;
 * `copy` is -1 (None), 0 (False) or 1 (True). New reference. */
PyObject *pcpy_asarray(pcpy_state *st, PyObject *obj, pc_dtype dtype, const pc_device *device,
                       int copy);

/* A Tensor from `obj` for use as an operand: Tensors are returned as they are (new reference),
 * other objects go through asarray. */
PyObject *pcpy_as_tensor(pcpy_state *st, PyObject *obj);

/* from_dlpack's engine (dlpack.c): import any DLPack producer. New reference. */
PyObject *pcpy_from_dlpack(pcpy_state *st, PyObject *obj, pc_dtype dtype, const pc_device *device,
                           int copy);

/* astype's engine (tensor_type.c), shared by the method and the function. New reference. */
PyObject *pcpy_astype_impl(pcpy_state *st, PyObject *x, PyObject *dtype_obj, PyObject *copy_obj,
                           PyObject *device_obj);

/* ---- argument parsing (args.c) ---------------------------------------------------------- */

/* Parameters in order: names[0 .. nposonly) positional-only, [nposonly .. npos) positional or
 * keyword, [npos .. end) keyword-only; the first `nrequired` are required. NULL-terminated. */
/* A PyMethodDef's function and flags for a METH_FASTCALL | METH_KEYWORDS function */
#define FASTCALL_KW(fn) (PyCFunction)(void (*)(void))(fn), METH_FASTCALL | METH_KEYWORDS

typedef struct pcpy_argspec {
    const char *fname;
    const char *const *names;
    int nposonly;
    int npos;
    int nrequired;
} pcpy_argspec;

/* Fill out[i] with borrowed references (NULL when absent). Returns 0 or -1 (TypeError). */
int pcpy_parse_args(const pcpy_argspec *spec, PyObject *const *args, Py_ssize_t nargs,
                    PyObject *kwnames, PyObject **out);
/* The parameter a keyword that names none of spec's parameters stands for, by the alias table
 * kwaliases.def (kwalias.c): its index in spec->names, PCPY_KWALIAS_IGNORED for a keyword that
 * is accepted and ignored (Paddle's name=), or -1. */
#define PCPY_KWALIAS_IGNORED (-2)
int pcpy_kwalias_find(const pcpy_argspec *spec, PyObject *key);
/* None/absent -> dflt; otherwise must be a bool. */
int pcpy_bool_arg(PyObject *obj, const char *name, int dflt, int *out);
/* copy=: None -> -1, False -> 0, True -> 1. */
int pcpy_copy_arg(PyObject *obj, int *out);
/* An integer argument (not bool; objects with __index__ too): its value, or with `overflow`
 * set to +1/-1 when it does not fit 64 bits. Returns 0 or -1 (TypeError naming `name`). */
int pcpy_index_value(PyObject *obj, const char *name, long long *value, int *overflow);
/* None/absent -> dflt; otherwise an integer (not bool) that fits 64 bits (else OverflowError). */
int pcpy_int64_arg(PyObject *obj, const char *name, int64_t dflt, int64_t *out);

/* The items of a sequence as they are now, safe to read while their own Python code runs (see
 * [Why sequences are read through a snapshot] in args.c): a tuple is returned as it is, a list
 * is copied, another sequence is read through len() and indexing (TypeError when it has no
 * len()), another iterable is collected as by tuple(). Every reader of a caller's list or
 * tuple goes through this. New reference. */
PyObject *pcpy_seq_snapshot(PyObject *obj);

/* ---- per-family tables -------------------------------------------------------------------
 *
 * [Why tables per family] Each family of functions lives in its own file and exports a
 * NULL-terminated PyMethodDef table of module functions and, for Tensor, tables of methods and
 * type slots. module.c and tensor_spec.c concatenate them (families.h lists them), so adding a
 * family touches one list and never another family's file. */
#include "families.h"

#endif
