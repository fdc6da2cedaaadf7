/*
 * reduction.c - the reductions as module functions and Tensor methods: the standard's sum,
 * prod, max, min, mean, var, std, all, any, count_nonzero, argmax, argmin; the nan-aware forms
 * (nansum, nanprod, nanmax, nanmin, nanmean, nanvar, nanstd, nanargmax, nanargmin); Paddle's
 * amax, amin, logsumexp.
 *
 * Module functions have the standard's signatures (x positional-only, the rest keyword-only)
 * where the standard has the function, Paddle's signatures for Paddle's names (nansum,
 * nanmean, amax, amin, logsumexp) and the standard's style for NumPy's names. Tensor methods
 * have Paddle's signatures (axis positional, keepdim) and NumPy's keyword-only out=None, dtype=
 * and ddof=, so that np.sum(t), np.mean(t), np.var(t, ddof=1) call them. The work is done by
 * pc_reduce and pc_argreduce; this file parses arguments and releases the GIL for large
 * inputs.
 */
#include "pcpy.h"
#include "reduction_args.h"

/* What a parsed argument list holds, by position in the parsed array (-1: absent). */
typedef struct red_layout {
    int axis;
    int dtype;
    int keepdims;
    int correction;     /* float correction (the standard's var/std) */
    int unbiased;       /* Paddle's var/std: correction 1 when true (the default) */
    int ddof;           /* NumPy's var/std (np.var(t) calls t.var(ddof=...)): the correction */
    int out;            /* NumPy's out=: only None is taken (np.sum(t) passes out=None) */
} red_layout;

/* Whether pc_reduce honours a requested dtype itself; the others reduce x cast to it. */
static bool core_takes_dtype(pc_reduction r)
{
    return r == PC_REDUCE_SUM || r == PC_REDUCE_PROD || r == PC_REDUCE_NANSUM ||
           r == PC_REDUCE_NANPROD;
}

/* The correction given as Paddle's unbiased= or NumPy's ddof= (not both). 0 or -1. */
static int var_correction(PyObject *const *a, const red_layout *l, double *correction)
{
    PyObject *unbiased_obj = l->unbiased >= 0 ? a[l->unbiased] : NULL;
    PyObject *ddof_obj = l->ddof >= 0 ? a[l->ddof] : NULL;
    if (unbiased_obj != NULL && ddof_obj != NULL) {
        PyErr_SetString(PyExc_TypeError, "give unbiased= or ddof=, not both");
        return -1;
    }
    if (ddof_obj != NULL) {
        return pcpy_correction_arg(ddof_obj, correction);
    }
    int unbiased;
    if (pcpy_bool_arg(unbiased_obj, "unbiased", 1, &unbiased) < 0) {
        return -1;
    }
    *correction = unbiased ? 1.0 : 0.0;
    return 0;
}

static PyObject *do_reduce(pcpy_state *st, PyObject *xobj, PyObject *const *a,
                           const red_layout *l, pc_reduction r, const char *name)
{
    int axes[PC_MAX_NDIM];
    int naxes;
    int keepdims = 0;
    pc_dtype dt = PC_DTYPE_INVALID;
    double correction = 0.0;
    if (pcpy_axes_arg(l->axis >= 0 ? a[l->axis] : NULL, name, axes, &naxes) < 0 ||
        (l->keepdims >= 0 && pcpy_bool_arg(a[l->keepdims], "keepdims", 0, &keepdims) < 0) ||
        (l->dtype >= 0 && pcpy_dtype_from_py(st, a[l->dtype], true, &dt) < 0) ||
        (l->correction >= 0 && pcpy_correction_arg(a[l->correction], &correction) < 0) ||
        (l->unbiased >= 0 && var_correction(a, l, &correction) < 0)) {
        return NULL;
    }
    if (l->out >= 0 && a[l->out] != NULL && a[l->out] != Py_None) {
        PyErr_Format(PyExc_TypeError, "%s: out= is not supported (only out=None); the result "
                     "is a new tensor", name);
        return NULL;
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *cast = NULL;
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    pc_status s = PC_OK;
    if (dt != PC_DTYPE_INVALID && !core_takes_dtype(r)) {
        s = pc_astype(x, dt, false, &cast);
        x = cast;
        dt = PC_DTYPE_INVALID;
    }
    if (s == PC_OK) {
        s = pc_reduce(r, x, naxes, axes, keepdims != 0, dt, correction, &out);
    }
    pcpy_restore_gil(ts);
    pc_tensor_free(cast);
    Py_DECREF(xt);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *do_argreduce(pcpy_state *st, PyObject *xobj, PyObject *axis_obj,
                              PyObject *keep_obj, PyObject *dtype_obj, pc_argreduction r,
                              const char *name)
{
    int keepdims = 0;
    int64_t axis = 0;
    const bool has_axis = axis_obj != NULL && axis_obj != Py_None;
    if ((has_axis && pcpy_int64_arg(axis_obj, "axis", 0, &axis) < 0) ||
        pcpy_bool_arg(keep_obj, "keepdims", 0, &keepdims) < 0) {
        return NULL;
    }
    pc_dtype dt = PC_DEFAULT_INDEX;
    if (dtype_obj != NULL && pcpy_dtype_from_py(st, dtype_obj, true, &dt) < 0) {
        return NULL;
    }
    if (dt == PC_DTYPE_INVALID) {
        dt = PC_DEFAULT_INDEX;
    }
    if (dt != PC_INT64 && dt != PC_INT32) {
        PyErr_Format(PyExc_ValueError, "%s: dtype must be int32 or int64, not %s", name,
                     pc_dtype_name(dt));
        return NULL;
    }
    if (axis < INT32_MIN || axis > INT32_MAX) {
        return pcpy_raise(pc_error_set(PC_ERR_AXIS, "%s: axis %lld is out of bounds", name,
                                       (long long)axis));
    }
    PyObject *xt = pcpy_as_tensor(st, xobj);
    if (xt == NULL) {
        return NULL;
    }
    const pc_tensor *x = pcpy_tensor_get(xt);
    pc_tensor *out = NULL;
    PyThreadState *ts = pcpy_release_gil(x->size);
    pc_status s = pc_argreduce(r, x, has_axis, (int)axis, keepdims != 0, &out);
    if (s == PC_OK && dt != PC_INT64) {
        pc_tensor *c;
        s = pc_astype(out, dt, true, &c);
        pc_tensor_free(out);
        out = s == PC_OK ? c : NULL;
    }
    pcpy_restore_gil(ts);
    Py_DECREF(xt);
    return pcpy_tensor_result(st, s, out);
}

/* ---- argument forms -------------------------------------------------------------------- */

/* One parameter list: its names (x included for module functions, self not for methods), how
 * many are positional-only / positional, and where the parsed values land. */
typedef struct red_form {
    const char *const *names;
    int nposonly;
    int npos;
    int nrequired;
    red_layout layout;
} red_form;

/* the standard's form: (x, /, *, axis=None, [dtype=None,] keepdims=False); mean takes NumPy's
 * dtype= too; var, std, nanvar, nanstd: NumPy's dtype= after keepdims */
static const char *const names_axk[] = {"x", "axis", "keepdims", NULL};
static const char *const names_adk[] = {"x", "axis", "dtype", "keepdims", NULL};
static const char *const names_ackd[] = {"x", "axis", "correction", "keepdims", "dtype", NULL};
static const red_form form_std_axk = {names_axk, 1, 1, 1, {1, -1, 2, -1, -1, -1, -1}};
static const red_form form_std_adk = {names_adk, 1, 1, 1, {1, 2, 3, -1, -1, -1, -1}};
static const red_form form_std_ackd = {names_ackd, 1, 1, 1, {1, 4, 3, 2, -1, -1, -1}};
#define SIG_std_axk "(x, /, *, axis=None, keepdims=False)\n--\n\n"
#define SIG_std_adk "(x, /, *, axis=None, dtype=None, keepdims=False)\n--\n\n"
#define SIG_std_ackd "(x, /, *, axis=None, correction=0.0, keepdims=False, dtype=None)\n--\n\n"

/* Paddle's form: (x, axis=None, [dtype=None,] keepdim=False, name=None); nanmean adds a
 * keyword-only dtype= (NumPy's) */
static const char *const names_p_akn[] = {"x", "axis", "keepdim", "name", NULL};
static const char *const names_p_adkn[] = {"x", "axis", "dtype", "keepdim", "name", NULL};
static const char *const names_p_akn_d[] = {"x", "axis", "keepdim", "name", "dtype", NULL};
static const red_form form_pd_akn = {names_p_akn, 0, 4, 1, {1, -1, 2, -1, -1, -1, -1}};
static const red_form form_pd_adkn = {names_p_adkn, 0, 5, 1, {1, 2, 3, -1, -1, -1, -1}};
static const red_form form_pd_akn_d = {names_p_akn_d, 0, 4, 1, {1, 4, 2, -1, -1, -1, -1}};
#define SIG_pd_akn "(x, axis=None, keepdim=False, name=None)\n--\n\n"
#define SIG_pd_adkn "(x, axis=None, dtype=None, keepdim=False, name=None)\n--\n\n"
#define SIG_pd_akn_d "(x, axis=None, keepdim=False, name=None, *, dtype=None)\n--\n\n"

/* Methods: Paddle's parameters, positional, then NumPy's keyword-only ones (out=None, dtype=,
 * ddof=) so that np.sum(t), np.mean(t), np.var(t), np.max(t) call them as they call ndarray's. */
static const char *const m_akn[] = {"axis", "keepdim", "name", NULL};
static const char *const m_akno[] = {"axis", "keepdim", "name", "out", NULL};
static const char *const m_adkno[] = {"axis", "dtype", "keepdim", "name", "out", NULL};
static const char *const m_akdno[] = {"axis", "keepdim", "dtype", "name", "out", NULL};
static const char *const m_akndo[] = {"axis", "keepdim", "name", "dtype", "out", NULL};
static const char *const m_auknddo[] = {"axis", "unbiased", "keepdim", "name", "dtype", "ddof",
                                        "out", NULL};
static const red_form form_m_akn = {m_akn, 0, 3, 0, {0, -1, 1, -1, -1, -1, -1}};
static const red_form form_m_akno = {m_akno, 0, 3, 0, {0, -1, 1, -1, -1, -1, 3}};
static const red_form form_m_adkno = {m_adkno, 0, 4, 0, {0, 1, 2, -1, -1, -1, 4}};
static const red_form form_m_akdno = {m_akdno, 0, 4, 0, {0, 2, 1, -1, -1, -1, 4}};
static const red_form form_m_akndo = {m_akndo, 0, 3, 0, {0, 3, 1, -1, -1, -1, 4}};
static const red_form form_m_auknddo = {m_auknddo, 0, 4, 0, {0, 4, 2, -1, 1, 5, 6}};
#define SIG_m_akn "($self, /, axis=None, keepdim=False, name=None)\n--\n\n"
#define SIG_m_akno "($self, /, axis=None, keepdim=False, name=None, *, out=None)\n--\n\n"
#define SIG_m_adkno "($self, /, axis=None, dtype=None, keepdim=False, name=None, *, out=None)\n--\n\n"
#define SIG_m_akdno "($self, /, axis=None, keepdim=False, dtype=None, name=None, *, out=None)\n--\n\n"
#define SIG_m_akndo "($self, /, axis=None, keepdim=False, name=None, *, dtype=None, out=None)\n--\n\n"
#define SIG_m_auknddo "($self, /, axis=None, unbiased=True, keepdim=False, name=None, *, "        \
    "dtype=None, ddof=None, out=None)\n--\n\n"

#define SIG_ARGREDUCE "(x, /, *, axis=None, keepdims=False)\n--\n\n"
#define SIG_M_ARGREDUCE                                                                         \
    "($self, /, axis=None, keepdim=False, dtype='int64', name=None, out=None)\n--\n\n"

/* ---- the calls ------------------------------------------------------------------------------ */

/* Parse the arguments of form `f` and reduce: x is `self` for a method, else the first
 * argument. */
static PyObject *parse_and_reduce(pcpy_state *st, PyObject *self, PyObject *const *args,
                                  Py_ssize_t nargs, PyObject *kwnames, const char *name,
                                  const red_form *f, pc_reduction r)
{
    const pcpy_argspec spec = {name, f->names, f->nposonly, f->npos, f->nrequired};
    PyObject *a[8];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_reduce(st, self != NULL ? self : a[0], a, &f->layout, r, name);
}

static PyObject *module_reduce(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, const char *name, const red_form *f,
                               pc_reduction r)
{
    return parse_and_reduce(pcpy_state_from_module(mod), NULL, args, nargs, kwnames, name, f, r);
}

static PyObject *method_reduce(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, const char *name, const red_form *f,
                               pc_reduction r)
{
    return parse_and_reduce(pcpy_state_from_type(Py_TYPE(self)), self, args, nargs, kwnames, name,
                            f, r);
}

static PyObject *module_argreduce(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames, const char *name, pc_argreduction r)
{
    static const char *const names[] = {"x", "axis", "keepdims", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_argreduce(pcpy_state_from_module(mod), a[0], a[1], a[2], NULL, r, name);
}

static PyObject *method_argreduce(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames, const char *name, pc_argreduction r)
{
    static const char *const names[] = {"axis", "keepdim", "dtype", "name", "out", NULL};
    const pcpy_argspec spec = {name, names, 0, 4, 0};
    PyObject *a[5];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    if (a[4] != NULL && a[4] != Py_None) {
        PyErr_Format(PyExc_TypeError, "%s: out= is not supported (only out=None)", name);
        return NULL;
    }
    return do_argreduce(pcpy_state_from_type(Py_TYPE(self)), self, a[0], a[1], a[2], r, name);
}

/* ---- one forwarder and one table row per row of reductions.def ---------------------------- */

#define FORWARDER(prefix, name, call, ...)                                                     \
    static PyObject *prefix##name(PyObject *o, PyObject *const *a, Py_ssize_t n, PyObject *k) \
    {                                                                                          \
        return call(o, a, n, k, #name, __VA_ARGS__);                                           \
    }
#define PCPY_REDUCE(name, form, core, doc)                                                     \
    FORWARDER(fn_, name, module_reduce, &form_##form, PC_REDUCE_##core)
#define PCPY_ARGREDUCE(name, core, doc) FORWARDER(fn_, name, module_argreduce, PC_##core)
#define PCPY_REDUCE_METHOD(name, form, core, doc)                                              \
    FORWARDER(m_, name, method_reduce, &form_##form, PC_REDUCE_##core)
#define PCPY_ARGREDUCE_METHOD(name, core, doc) FORWARDER(m_, name, method_argreduce, PC_##core)
#include "reductions.def"
#undef FORWARDER

#define ROW(prefix, name, sig, doc) {#name, FASTCALL_KW(prefix##name), #name sig doc},

PyMethodDef pcpy_reduction_methods[] = {
#define PCPY_REDUCE(name, form, core, doc) ROW(fn_, name, SIG_##form, doc)
#define PCPY_ARGREDUCE(name, core, doc) ROW(fn_, name, SIG_ARGREDUCE, doc)
#include "reductions.def"
    {NULL, NULL, 0, NULL},
};

PyMethodDef pcpy_tensor_reduction_methods[] = {
#define PCPY_REDUCE_METHOD(name, form, core, doc) ROW(m_, name, SIG_##form, doc)
#define PCPY_ARGREDUCE_METHOD(name, core, doc) ROW(m_, name, SIG_M_ARGREDUCE, doc)
#include "reductions.def"
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_reduction_slots[] = {
    {0, NULL},
};
