/*
 * fft.c - the functions of paddle_c.fft (the array API's fft extension): argument parsing,
 * the defaults of n / s / axes, and the normalisation names. The transforms are the core's
 * (paddle_c/fft.h).
 *
 * [Why a namespace function] The functions are named as the standard names them (fft,
 * ifft, ...), so their signatures read right through inspect.signature; added to paddle_c._C
 * like other families they would also land in the main namespace, where `fft` must be the
 * submodule. So this family exports one function, _fft_namespace(), which builds them bound
 * to the extension module and returns them as a dict; python/paddle_c/fft.py publishes them.
 */
#include "paddle_c/fft.h"
#include "pcpy.h"

#define FASTCALL_KW(fn) (PyCFunction)(void (*)(void))(fn), METH_FASTCALL | METH_KEYWORDS

/* norm=: None or absent is "backward". 0 or -1 (ValueError). */
static int norm_arg(PyObject *obj, pc_fft_norm *out)
{
    if (obj == NULL || obj == Py_None) {
        *out = PC_FFT_NORM_BACKWARD;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        if (PyUnicode_CompareWithASCIIString(obj, "backward") == 0) {
            *out = PC_FFT_NORM_BACKWARD;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "ortho") == 0) {
            *out = PC_FFT_NORM_ORTHO;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "forward") == 0) {
            *out = PC_FFT_NORM_FORWARD;
            return 0;
        }
    }
    PyErr_Format(PyExc_ValueError, "norm must be \"backward\", \"ortho\" or \"forward\", not %R",
                 obj);
    return -1;
}

/* An axis into [0, ndim) (axis.h). 0 or -1 (AxisError). */
static int axis_index(int64_t a, int ndim, int *out)
{
    const pc_status s = pc_axis_normalize(NULL, a, ndim, out);
    return s == PC_OK ? 0 : pcpy_raise_int(s);
}

/* A sequence of integers (not bools) into out[0 .. max). Returns the count or -1. */
static int int_sequence(PyObject *obj, const char *name, int max, int64_t *out)
{
    PyObject *seq = PyUnicode_Check(obj) ? NULL : pcpy_seq_snapshot(obj);
    if (seq == NULL) {
        if (PyErr_Occurred() && !PyErr_ExceptionMatches(PyExc_TypeError)) {
            return -1;
        }
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of integers, not %s", name,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(seq);
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s has %zd entries, more than the %d allowed", name, n,
                     max);
        Py_DECREF(seq);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (pcpy_int64_arg(PyTuple_GET_ITEM(seq, i), name, 0, &out[i]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

/* Run the transform without the GIL for large inputs. New reference or NULL. */
static PyObject *run(pcpy_state *st, const pc_tensor *t, pc_fft_kind kind, bool forward,
                     int naxes, const int *axes, const int64_t *lens, pc_fft_norm norm)
{
    pc_tensor *res = NULL;
    PyThreadState *ts = pcpy_release_gil(t->size);
    const pc_status s = pc_fft(t, kind, forward, naxes, axes, lens, norm, &res);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, res);
}

/* fft, ifft, rfft, irfft, hfft, ihfft */
static PyObject *one_axis(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames, const char *name, pc_fft_kind kind, bool forward)
{
    static const char *const names[] = {"x", "n", "axis", "norm", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t axis;
    pc_fft_norm norm;
    if (pcpy_int64_arg(a[2], "axis", -1, &axis) < 0 || norm_arg(a[3], &norm) < 0) {
        return NULL;
    }
    PyObject *x = pcpy_as_tensor(st, a[0]);
    if (x == NULL) {
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    PyObject *res = NULL;
    int ax;
    int64_t n;
    if (t->ndim == 0) {
        PyErr_Format(PyExc_ValueError, "%s() needs a tensor with at least one dimension, not a "
                                       "0-D tensor", name);
    } else if (axis_index(axis, t->ndim, &ax) == 0) {
        const int64_t m = t->shape[ax];
        if (pcpy_int64_arg(a[1], "n", kind == PC_FFT_C2R ? 2 * (m - 1) : m, &n) == 0) {
            res = run(st, t, kind, forward, 1, &ax, &n, norm);
        }
    }
    Py_DECREF(x);
    return res;
}

/* fftn, ifftn, rfftn, irfftn */
static PyObject *many_axes(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames, const char *name, pc_fft_kind kind, bool forward)
{
    static const char *const names[] = {"x", "s", "axes", "norm", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_fft_norm norm;
    if (norm_arg(a[3], &norm) < 0) {
        return NULL;
    }
    const bool has_s = a[1] != NULL && a[1] != Py_None;
    const bool has_axes = a[2] != NULL && a[2] != Py_None;
    if (has_s && !has_axes) {
        PyErr_Format(PyExc_ValueError, "%s(): s needs axes (the axes its lengths are for)",
                     name);
        return NULL;
    }
    PyObject *x = pcpy_as_tensor(st, a[0]);
    if (x == NULL) {
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    PyObject *res = NULL;
    int64_t raw[PC_MAX_NDIM];
    int64_t lens[PC_MAX_NDIM];
    int axes[PC_MAX_NDIM];
    int naxes = t->ndim;
    if (has_axes) {
        naxes = int_sequence(a[2], "axes", PC_MAX_NDIM, raw);
    } else {
        for (int i = 0; i < naxes; i++) {
            raw[i] = i;
        }
    }
    if (naxes < 0) {
        goto done;
    }
    if (t->ndim == 0) {
        PyErr_Format(PyExc_ValueError, "%s() needs a tensor with at least one dimension, not a "
                                       "0-D tensor", name);
        goto done;
    }
    for (int i = 0; i < naxes; i++) {
        if (axis_index(raw[i], t->ndim, &axes[i]) < 0) {
            goto done;
        }
        lens[i] = t->shape[axes[i]];
    }
    if (naxes == 0) {
        PyErr_Format(PyExc_ValueError, "%s() needs at least one axis to transform", name);
        goto done;
    }
    if (has_s) {
        int64_t s[PC_MAX_NDIM];
        const int ns = int_sequence(a[1], "s", PC_MAX_NDIM, s);
        if (ns < 0) {
            goto done;
        }
        if (ns != naxes) {
            PyErr_Format(PyExc_ValueError, "%s(): s has %d entries but axes has %d", name, ns,
                         naxes);
            goto done;
        }
        for (int i = 0; i < naxes; i++) {
            if (s[i] != -1) {
                lens[i] = s[i];
            }
        }
    } else if (kind == PC_FFT_C2R) {
        lens[naxes - 1] = 2 * (lens[naxes - 1] - 1);
    }
    res = run(st, t, kind, forward, naxes, axes, lens, norm);
done:
    Py_DECREF(x);
    return res;
}

/* fftfreq, rfftfreq */
static PyObject *freq(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      const char *name, bool half)
{
    static const char *const names[] = {"n", "d", "dtype", "device", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    int64_t n;
    pc_dtype dt;
    pc_device dev;
    double d = 1.0;
    if (pcpy_int64_arg(a[0], "n", 0, &n) < 0 || pcpy_dtype_from_py(st, a[2], true, &dt) < 0 ||
        pcpy_device_from_py(st, a[3], pcpy_default_device(st), &dev) < 0) {
        return NULL;
    }
    if (a[1] != NULL && a[1] != Py_None) {
        d = PyFloat_AsDouble(a[1]);
        if (d == -1.0 && PyErr_Occurred()) {
            return NULL;
        }
    }
    pc_tensor *res = NULL;
    const pc_status s =
        pc_fft_freq(n, d, half, dt == PC_DTYPE_INVALID ? PC_DEFAULT_FLOAT : dt, dev, &res);
    return pcpy_tensor_result(st, s, res);
}

/* fftshift, ifftshift */
static PyObject *shift(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames, const char *name, bool inverse)
{
    static const char *const names[] = {"x", "axes", NULL};
    const pcpy_argspec spec = {name, names, 1, 1, 1};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *x = pcpy_as_tensor(st, a[0]);
    if (x == NULL) {
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(x);
    int64_t raw[PC_MAX_NDIM];
    int axes[PC_MAX_NDIM];
    int naxes = t->ndim;
    PyObject *res = NULL;
    if (a[1] == NULL || a[1] == Py_None) {
        for (int i = 0; i < naxes; i++) {
            raw[i] = i;
        }
    } else if (PyIndex_Check(a[1]) && !PyBool_Check(a[1])) {
        naxes = pcpy_int64_arg(a[1], "axes", 0, &raw[0]) < 0 ? -1 : 1;
    } else {
        naxes = int_sequence(a[1], "axes", PC_MAX_NDIM, raw);
    }
    if (naxes >= 0) {
        int i = 0;
        while (i < naxes && axis_index(raw[i], t->ndim, &axes[i]) == 0) {
            i++;
        }
        if (i == naxes) {
            pc_tensor *out = NULL;
            PyThreadState *ts = pcpy_release_gil(t->size);
            const pc_status s = pc_fft_shift(t, naxes, axes, inverse, &out);
            pcpy_restore_gil(ts);
            res = pcpy_tensor_result(st, s, out);
        }
    }
    Py_DECREF(x);
    return res;
}

#define SIG1(name) name "(x, /, *, n=None, axis=-1, norm='backward')\n--\n\n"
#define SIGN(name) name "(x, /, *, s=None, axes=None, norm='backward')\n--\n\n"
#define SIGF(name) name "(n, /, *, d=1.0, dtype=None, device=None)\n--\n\n"
#define SIGS(name) name "(x, /, *, axes=None)\n--\n\n"

/* The functions: each a call of one of the four drivers above with its name and flags, and its
 * docstring (the signature is the driver's). */
#define PC_FFT_FUNCTIONS(X)                                                                     \
    X(fft, one_axis, (PC_FFT_C2C, true),                                                        \
      "The one-dimensional discrete Fourier transform along `axis`, over `n` points "           \
      "(zero-padded or truncated).")                                                            \
    X(ifft, one_axis, (PC_FFT_C2C, false),                                                      \
      "The one-dimensional inverse discrete Fourier transform along `axis`.")                   \
    X(fftn, many_axes, (PC_FFT_C2C, true),                                                      \
      "The n-dimensional discrete Fourier transform over `axes` (all by default), with "        \
      "lengths `s`.")                                                                           \
    X(ifftn, many_axes, (PC_FFT_C2C, false),                                                    \
      "The n-dimensional inverse discrete Fourier transform over `axes`.")                      \
    X(rfft, one_axis, (PC_FFT_R2C, true),                                                       \
      "The one-dimensional discrete Fourier transform of real input: the n//2+1 non-"           \
      "negative frequencies.")                                                                  \
    X(irfft, one_axis, (PC_FFT_C2R, false),                                                     \
      "The inverse of rfft: n real values (n defaults to 2*(m-1)) from a Hermitian half"        \
      " spectrum.")                                                                             \
    X(rfftn, many_axes, (PC_FFT_R2C, true),                                                     \
      "The n-dimensional discrete Fourier transform of real input (the last axis "              \
      "halved).")                                                                               \
    X(irfftn, many_axes, (PC_FFT_C2R, false),                                                   \
      "The inverse of rfftn: a real result from a Hermitian half spectrum.")                    \
    X(hfft, one_axis, (PC_FFT_C2R, true),                                                       \
      "The discrete Fourier transform of a Hermitian-symmetric signal given by its "            \
      "first half: n real values.")                                                             \
    X(ihfft, one_axis, (PC_FFT_R2C, false),                                                     \
      "The inverse of hfft: the first n//2+1 values of the inverse transform of real "          \
      "input.")                                                                                 \
    X(fftfreq, freq, (false),                                                                   \
      "The sample frequencies of a transform of length n with sample spacing d.")               \
    X(rfftfreq, freq, (true),                                                                   \
      "The n//2+1 non-negative sample frequencies (of rfft) for length n and spacing d.")       \
    X(fftshift, shift, (false),                                                                 \
      "x with the zero-frequency component moved to the centre of `axes` (all by "              \
      "default).")                                                                              \
    X(ifftshift, shift, (true),                                                                 \
      "The inverse of fftshift.")

#define PC_FFT_ARGS(...) __VA_ARGS__
#define PC_FFT_WRAPPER(name, driver, args, doc)                                                 \
    static PyObject *fn_##name(PyObject *m, PyObject *const *a, Py_ssize_t n, PyObject *k)     \
    {                                                                                           \
        return driver(m, a, n, k, #name, PC_FFT_ARGS args);                                     \
    }
PC_FFT_FUNCTIONS(PC_FFT_WRAPPER)
#undef PC_FFT_WRAPPER

#define SIG_one_axis SIG1
#define SIG_many_axes SIGN
#define SIG_freq SIGF
#define SIG_shift SIGS
#define PC_FFT_ROW(name, driver, args, doc)                                                     \
    {#name, FASTCALL_KW(fn_##name), SIG_##driver(#name) doc},
static PyMethodDef fft_functions[] = {
    PC_FFT_FUNCTIONS(PC_FFT_ROW)
    {NULL, NULL, 0, NULL},
};
#undef PC_FFT_ROW

/* New reference: a dict of the functions above, bound to the extension module `mod`. */
static PyObject *fn_fft_namespace(PyObject *mod, PyObject *unused)
{
    (void)unused;
    PyObject *d = PyDict_New();
    PyObject *modname = PyUnicode_FromString("paddle_c.fft");
    if (d == NULL || modname == NULL) {
        goto fail;
    }
    for (PyMethodDef *def = fft_functions; def->ml_name != NULL; def++) {
        PyObject *f = PyCFunction_NewEx(def, mod, modname);
        if (f == NULL || PyDict_SetItemString(d, def->ml_name, f) < 0) {
            Py_XDECREF(f);
            goto fail;
        }
        Py_DECREF(f);
    }
    Py_DECREF(modname);
    return d;
fail:
    Py_XDECREF(d);
    Py_XDECREF(modname);
    return NULL;
}

PyMethodDef pcpy_fft_methods[] = {
    {"_fft_namespace", fn_fft_namespace, METH_NOARGS,
     "_fft_namespace($module, /)\n--\n\nThe functions of paddle_c.fft, as a dict."},
    {NULL, NULL, 0, NULL},
};
