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

#define FASTCALL_KW(fn) (PyCFunction)(void (*)(void))(fn), METH_FASTCALL | METH_KEYWORDS

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

/* ---- module functions --------------------------------------------------------------------- */

/* the standard's form: (x, /, *, axis=None, [dtype=None,] keepdims=False); mean takes NumPy's
 * dtype= too */
static const char *const names_axk[] = {"x", "axis", "keepdims", NULL};
static const char *const names_adk[] = {"x", "axis", "dtype", "keepdims", NULL};
static const red_layout layout_axk = {1, -1, 2, -1, -1, -1, -1};
static const red_layout layout_adk = {1, 2, 3, -1, -1, -1, -1};
/* var, std, nanvar, nanstd: the standard's form and NumPy's dtype= after keepdims */
static const char *const names_ackd[] = {"x", "axis", "correction", "keepdims", "dtype", NULL};
static const red_layout layout_ackd = {1, 4, 3, 2, -1, -1, -1};

/* Paddle's form: (x, axis=None, [dtype=None,] keepdim=False, name=None) */
static const char *const names_p_akn[] = {"x", "axis", "keepdim", "name", NULL};
static const char *const names_p_adkn[] = {"x", "axis", "dtype", "keepdim", "name", NULL};
static const red_layout layout_p_akn = {1, -1, 2, -1, -1, -1, -1};
static const red_layout layout_p_adkn = {1, 2, 3, -1, -1, -1, -1};
/* nanmean: Paddle's form and a keyword-only dtype= (NumPy's) */
static const char *const names_p_akn_d[] = {"x", "axis", "keepdim", "name", "dtype", NULL};
static const red_layout layout_p_akn_d = {1, 4, 2, -1, -1, -1, -1};

/* One reduction's Python face: its name, parameters and where they land. */
typedef struct red_desc {
    const char *name;
    const char *const *names;
    int npos;               /* 1: the standard's keyword-only form; 0: all positional */
    const red_layout *layout;
    pc_reduction r;
    int nkwonly;            /* form 0: how many trailing parameters are keyword-only */
} red_desc;

static PyObject *module_reduce(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, const red_desc *d)
{
    int nparams = 0;
    while (d->names[nparams] != NULL) {
        nparams++;
    }
    const pcpy_argspec spec = {d->name, d->names, d->npos == 1 ? 1 : 0,
                               d->npos == 1 ? 1 : nparams - d->nkwonly, 1};
    PyObject *a[8];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_reduce(pcpy_state_from_module(mod), a[0], a, d->layout, d->r, d->name);
}

static PyObject *fn_sum(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"sum", names_adk, 1, &layout_adk, PC_REDUCE_SUM};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_prod(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"prod", names_adk, 1, &layout_adk, PC_REDUCE_PROD};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_max(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"max", names_axk, 1, &layout_axk, PC_REDUCE_MAX};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_min(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"min", names_axk, 1, &layout_axk, PC_REDUCE_MIN};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_mean(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"mean", names_adk, 1, &layout_adk, PC_REDUCE_MEAN};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_var(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"var", names_ackd, 1, &layout_ackd, PC_REDUCE_VAR};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_std(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"std", names_ackd, 1, &layout_ackd, PC_REDUCE_STD};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_all(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"all", names_axk, 1, &layout_axk, PC_REDUCE_ALL};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_any(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"any", names_axk, 1, &layout_axk, PC_REDUCE_ANY};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_count_nonzero(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"count_nonzero", names_axk, 1, &layout_axk, PC_REDUCE_COUNT_NONZERO};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanprod(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanprod", names_adk, 1, &layout_adk, PC_REDUCE_NANPROD};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanmax(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanmax", names_axk, 1, &layout_axk, PC_REDUCE_NANMAX};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanmin(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanmin", names_axk, 1, &layout_axk, PC_REDUCE_NANMIN};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanvar(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanvar", names_ackd, 1, &layout_ackd, PC_REDUCE_NANVAR};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanstd(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanstd", names_ackd, 1, &layout_ackd, PC_REDUCE_NANSTD};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nansum(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nansum", names_p_adkn, 0, &layout_p_adkn, PC_REDUCE_NANSUM};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_nanmean(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanmean", names_p_akn_d, 0, &layout_p_akn_d, PC_REDUCE_NANMEAN, 1};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_amax(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"amax", names_p_akn, 0, &layout_p_akn, PC_REDUCE_MAX};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_amin(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"amin", names_p_akn, 0, &layout_p_akn, PC_REDUCE_MIN};
    return module_reduce(m, a, n, k, &d);
}

static PyObject *fn_logsumexp(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"logsumexp", names_p_akn, 0, &layout_p_akn, PC_REDUCE_LOGSUMEXP};
    return module_reduce(m, a, n, k, &d);
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

static PyObject *fn_argmax(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_argreduce(m, a, n, k, "argmax", PC_ARGMAX);
}
static PyObject *fn_argmin(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_argreduce(m, a, n, k, "argmin", PC_ARGMIN);
}
static PyObject *fn_nanargmax(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_argreduce(m, a, n, k, "nanargmax", PC_NANARGMAX);
}
static PyObject *fn_nanargmin(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return module_argreduce(m, a, n, k, "nanargmin", PC_NANARGMIN);
}

#define STD_AXK "(x, /, *, axis=None, keepdims=False)\n--\n\n"
#define STD_ADK "(x, /, *, axis=None, dtype=None, keepdims=False)\n--\n\n"
#define STD_ACKD "(x, /, *, axis=None, correction=0.0, keepdims=False, dtype=None)\n--\n\n"
#define PD_AKN "(x, axis=None, keepdim=False, name=None)\n--\n\n"
#define PD_ADKN "(x, axis=None, dtype=None, keepdim=False, name=None)\n--\n\n"

PyMethodDef pcpy_reduction_methods[] = {
    {"sum", FASTCALL_KW(fn_sum), "sum" STD_ADK
     "Sum over the given axes. Integers accumulate in int64 (uint64 for unsigned); floating "
     "sums are accumulated in double precision (with compensation for float64)."},
    {"prod", FASTCALL_KW(fn_prod), "prod" STD_ADK
     "Product over the given axes; integers accumulate in int64 (uint64 for unsigned)."},
    {"max", FASTCALL_KW(fn_max), "max" STD_AXK
     "Maximum over the given axes; NaN propagates. An empty reduction raises ValueError."},
    {"min", FASTCALL_KW(fn_min), "min" STD_AXK
     "Minimum over the given axes; NaN propagates. An empty reduction raises ValueError."},
    {"mean", FASTCALL_KW(fn_mean), "mean" STD_ADK
     "Arithmetic mean over the given axes (NaN for an empty reduction); integer input gives "
     "the default float dtype."},
    {"var", FASTCALL_KW(fn_var), "var" STD_ACKD
     "Variance over the given axes, divided by N - correction (two passes: mean, then squared "
     "deviations)."},
    {"std", FASTCALL_KW(fn_std), "std" STD_ACKD
     "Standard deviation over the given axes, with divisor N - correction."},
    {"all", FASTCALL_KW(fn_all), "all" STD_AXK
     "Whether every element over the given axes is true (non-zero)."},
    {"any", FASTCALL_KW(fn_any), "any" STD_AXK
     "Whether any element over the given axes is true (non-zero)."},
    {"count_nonzero", FASTCALL_KW(fn_count_nonzero), "count_nonzero" STD_AXK
     "Number of non-zero elements over the given axes (int64)."},
    {"argmax", FASTCALL_KW(fn_argmax), "argmax(x, /, *, axis=None, keepdims=False)\n--\n\n"
     "Index of the first maximum along axis (of the flattened tensor when axis is None)."},
    {"argmin", FASTCALL_KW(fn_argmin), "argmin(x, /, *, axis=None, keepdims=False)\n--\n\n"
     "Index of the first minimum along axis (of the flattened tensor when axis is None)."},
    {"nansum", FASTCALL_KW(fn_nansum), "nansum" PD_ADKN
     "Sum over the given axes treating NaN as zero."},
    {"nanprod", FASTCALL_KW(fn_nanprod), "nanprod" STD_ADK
     "Product over the given axes treating NaN as one."},
    {"nanmax", FASTCALL_KW(fn_nanmax), "nanmax" STD_AXK
     "Maximum over the given axes ignoring NaN (NaN where every element is NaN)."},
    {"nanmin", FASTCALL_KW(fn_nanmin), "nanmin" STD_AXK
     "Minimum over the given axes ignoring NaN (NaN where every element is NaN)."},
    {"nanmean", FASTCALL_KW(fn_nanmean), "nanmean" "(x, axis=None, keepdim=False, name=None, *, dtype=None)\n--\n\n"
     "Mean over the given axes ignoring NaN."},
    {"nanvar", FASTCALL_KW(fn_nanvar), "nanvar" STD_ACKD
     "Variance over the given axes ignoring NaN."},
    {"nanstd", FASTCALL_KW(fn_nanstd), "nanstd" STD_ACKD
     "Standard deviation over the given axes ignoring NaN."},
    {"nanargmax", FASTCALL_KW(fn_nanargmax), "nanargmax(x, /, *, axis=None, keepdims=False)\n"
     "--\n\nIndex of the first maximum ignoring NaN (ValueError for a slice of only NaN)."},
    {"nanargmin", FASTCALL_KW(fn_nanargmin), "nanargmin(x, /, *, axis=None, keepdims=False)\n"
     "--\n\nIndex of the first minimum ignoring NaN (ValueError for a slice of only NaN)."},
    {"amax", FASTCALL_KW(fn_amax), "amax" PD_AKN "Paddle's amax: the maximum (see max)."},
    {"amin", FASTCALL_KW(fn_amin), "amin" PD_AKN "Paddle's amin: the minimum (see min)."},
    {"logsumexp", FASTCALL_KW(fn_logsumexp), "logsumexp" PD_AKN
     "log(sum(exp(x))) over the given axes, computed stably (the maximum is factored out)."},
    {NULL, NULL, 0, NULL},
};

/* ---- Tensor methods (Paddle's signatures) ---------------------------------------------- */

static PyObject *method_reduce(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames, const red_desc *d)
{
    int nparams = 0;
    while (d->names[nparams] != NULL) {
        nparams++;
    }
    const pcpy_argspec spec = {d->name, d->names, 0, nparams - d->nkwonly, 0};
    PyObject *a[8];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return do_reduce(pcpy_state_from_type(Py_TYPE(self)), self, a, d->layout, d->r, d->name);
}

/* Paddle's parameters, positional, then NumPy's keyword-only ones (out=None, dtype=, ddof=) so
 * that np.sum(t), np.mean(t), np.var(t), np.max(t) call these methods as they call ndarray's. */
static const char *const m_akn[] = {"axis", "keepdim", "name", NULL};
static const char *const m_akno[] = {"axis", "keepdim", "name", "out", NULL};
static const char *const m_adkno[] = {"axis", "dtype", "keepdim", "name", "out", NULL};
static const char *const m_akdno[] = {"axis", "keepdim", "dtype", "name", "out", NULL};
static const char *const m_akndo[] = {"axis", "keepdim", "name", "dtype", "out", NULL};
static const char *const m_auknddo[] = {"axis", "unbiased", "keepdim", "name", "dtype", "ddof",
                                        "out", NULL};
static const red_layout ml_akn = {0, -1, 1, -1, -1, -1, -1};
static const red_layout ml_akno = {0, -1, 1, -1, -1, -1, 3};
static const red_layout ml_adkno = {0, 1, 2, -1, -1, -1, 4};
static const red_layout ml_akdno = {0, 2, 1, -1, -1, -1, 4};
static const red_layout ml_akndo = {0, 3, 1, -1, -1, -1, 4};
static const red_layout ml_auknddo = {0, 4, 2, -1, 1, 5, 6};

static PyObject *m_sum(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"sum", m_adkno, 0, &ml_adkno, PC_REDUCE_SUM, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_prod(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"prod", m_akdno, 0, &ml_akdno, PC_REDUCE_PROD, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_max(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"max", m_akno, 0, &ml_akno, PC_REDUCE_MAX, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_min(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"min", m_akno, 0, &ml_akno, PC_REDUCE_MIN, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_amax(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"amax", m_akno, 0, &ml_akno, PC_REDUCE_MAX, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_amin(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"amin", m_akno, 0, &ml_akno, PC_REDUCE_MIN, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_mean(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"mean", m_akndo, 0, &ml_akndo, PC_REDUCE_MEAN, 2};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_var(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"var", m_auknddo, 0, &ml_auknddo, PC_REDUCE_VAR, 3};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_std(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"std", m_auknddo, 0, &ml_auknddo, PC_REDUCE_STD, 3};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_all(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"all", m_akno, 0, &ml_akno, PC_REDUCE_ALL, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_any(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"any", m_akno, 0, &ml_akno, PC_REDUCE_ANY, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_count_nonzero(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"count_nonzero", m_akn, 0, &ml_akn, PC_REDUCE_COUNT_NONZERO};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_nansum(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nansum", m_adkno, 0, &ml_adkno, PC_REDUCE_NANSUM, 1};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_nanmean(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"nanmean", m_akndo, 0, &ml_akndo, PC_REDUCE_NANMEAN, 2};
    return method_reduce(s, a, n, k, &d);
}

static PyObject *m_logsumexp(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    static const red_desc d = {"logsumexp", m_akn, 0, &ml_akn, PC_REDUCE_LOGSUMEXP};
    return method_reduce(s, a, n, k, &d);
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

static PyObject *m_argmax(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return method_argreduce(s, a, n, k, "argmax", PC_ARGMAX);
}
static PyObject *m_argmin(PyObject *s, PyObject *const *a, Py_ssize_t n, PyObject *k)
{
    return method_argreduce(s, a, n, k, "argmin", PC_ARGMIN);
}

#define M_AKN "($self, /, axis=None, keepdim=False, name=None)\n--\n\n"
#define M_AKNO "($self, /, axis=None, keepdim=False, name=None, *, out=None)\n--\n\n"
#define M_ADKNO "($self, /, axis=None, dtype=None, keepdim=False, name=None, *, out=None)\n--\n\n"
#define M_AKNDO "($self, /, axis=None, keepdim=False, name=None, *, dtype=None, out=None)\n--\n\n"
#define M_AUKNDDO "($self, /, axis=None, unbiased=True, keepdim=False, name=None, *, dtype=None, " \
    "ddof=None, out=None)\n--\n\n"

PyMethodDef pcpy_tensor_reduction_methods[] = {
    {"sum", FASTCALL_KW(m_sum), "sum" M_ADKNO "Sum over axis (see paddle_c.sum)."},
    {"prod", FASTCALL_KW(m_prod),
     "prod($self, /, axis=None, keepdim=False, dtype=None, name=None, *, out=None)\n--\n\n"
     "Product over axis (see paddle_c.prod)."},
    {"max", FASTCALL_KW(m_max), "max" M_AKNO "Maximum over axis (see paddle_c.max)."},
    {"min", FASTCALL_KW(m_min), "min" M_AKNO "Minimum over axis (see paddle_c.min)."},
    {"amax", FASTCALL_KW(m_amax), "amax" M_AKNO "Maximum over axis (see paddle_c.max)."},
    {"amin", FASTCALL_KW(m_amin), "amin" M_AKNO "Minimum over axis (see paddle_c.min)."},
    {"mean", FASTCALL_KW(m_mean), "mean" M_AKNDO "Mean over axis (see paddle_c.mean)."},
    {"var", FASTCALL_KW(m_var), "var" M_AUKNDDO
     "Variance over axis; unbiased=True divides by N - 1 (Paddle's default)."},
    {"std", FASTCALL_KW(m_std), "std" M_AUKNDDO
     "Standard deviation over axis; unbiased=True divides by N - 1 (Paddle's default)."},
    {"all", FASTCALL_KW(m_all), "all" M_AKNO "Whether all elements over axis are true."},
    {"any", FASTCALL_KW(m_any), "any" M_AKNO "Whether any element over axis is true."},
    {"count_nonzero", FASTCALL_KW(m_count_nonzero), "count_nonzero" M_AKN
     "Number of non-zero elements over axis."},
    {"nansum", FASTCALL_KW(m_nansum), "nansum" M_ADKNO "Sum over axis treating NaN as zero."},
    {"nanmean", FASTCALL_KW(m_nanmean), "nanmean" M_AKNDO "Mean over axis ignoring NaN."},
    {"logsumexp", FASTCALL_KW(m_logsumexp), "logsumexp" M_AKN
     "log(sum(exp(x))) over axis, computed stably."},
    {"argmax", FASTCALL_KW(m_argmax),
     "argmax($self, /, axis=None, keepdim=False, dtype='int64', name=None, out=None)\n--\n\n"
     "Index of the first maximum along axis (flattened when axis is None)."},
    {"argmin", FASTCALL_KW(m_argmin),
     "argmin($self, /, axis=None, keepdim=False, dtype='int64', name=None, out=None)\n--\n\n"
     "Index of the first minimum along axis (flattened when axis is None)."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_reduction_slots[] = {
    {0, NULL},
};
