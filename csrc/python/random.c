/*
 * random.c - the generator seen from Python: _random (one draw of pc_random) and the state.
 * The Paddle functions (rand, randn, randint, normal, ..., randperm, multinomial) are written
 * in python/paddle_c/_random.py over these.
 */
#include "pcpy.h"

/* _random(kind, shape, dtype, device, a, b, lo, range, rates) -> Tensor. `kind` is a
 * pc_random_kind; `rates` a Tensor for POISSON (its shape and device), else None. */
static PyObject *fn_random(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    if (nargs != 9) {
        PyErr_SetString(PyExc_TypeError, "_random() takes 9 arguments");
        return NULL;
    }
    const long kind = PyLong_AsLong(args[0]);
    if (kind == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (kind < PC_RANDOM_UNIFORM || kind > PC_RANDOM_POISSON) {
        PyErr_Format(PyExc_ValueError, "_random: no distribution %ld", kind);
        return NULL;
    }
    int64_t shape[PC_MAX_NDIM];
    int ndim = 0;
    const pc_tensor *rates = NULL;
    if (kind == PC_RANDOM_POISSON) {
        if (!pcpy_tensor_check(st, args[8])) {
            PyErr_SetString(PyExc_TypeError, "_random: POISSON needs a tensor of rates");
            return NULL;
        }
        rates = pcpy_tensor_get(args[8]);
    } else if ((ndim = pcpy_shape_from_py(args[1], shape)) < 0) {
        return NULL;
    }
    pc_dtype dtype;
    pc_device dev;
    if (pcpy_dtype_from_py(st, args[2], false, &dtype) < 0 ||
        pcpy_device_from_py(st, args[3], pcpy_default_device(st), &dev) < 0) {
        return NULL;
    }
    const double a = PyFloat_AsDouble(args[4]);
    const double b = PyFloat_AsDouble(args[5]);
    const long long lo = PyLong_AsLongLong(args[6]);
    const unsigned long long range = PyLong_AsUnsignedLongLong(args[7]);
    if (PyErr_Occurred()) {
        return NULL;
    }
    pc_tensor *out = NULL;
    int64_t work = 1;
    for (int i = 0; i < ndim; i++) {
        work = shape[i] > 0 && work < INT64_MAX / shape[i] ? work * shape[i] : work;
    }
    PyThreadState *ts = pcpy_release_gil(rates != NULL ? rates->size : work);
    const pc_status s = pc_random((pc_random_kind)kind, a, b, (int64_t)lo, (uint64_t)range, ndim,
                                  shape, dtype, dev, rates, &out);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, out);
}

/* _rng_state() -> (seed, offset) */
static PyObject *fn_rng_state(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    const pc_rng_state s = pc_random_get_state();
    return Py_BuildValue("(KK)", (unsigned long long)s.seed, (unsigned long long)s.offset);
}

/* _rng_set_state(seed, offset) -> None */
static PyObject *fn_rng_set_state(PyObject *mod, PyObject *args)
{
    (void)mod;
    PyObject *seed_obj;
    PyObject *offset_obj;
    if (!PyArg_ParseTuple(args, "OO:_rng_set_state", &seed_obj, &offset_obj)) {
        return NULL;
    }
    /* any Python int: its low 64 bits (Paddle's seeds may be negative) */
    const unsigned long long seed = PyLong_AsUnsignedLongLongMask(seed_obj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) {
        return NULL;
    }
    const unsigned long long offset = PyLong_AsUnsignedLongLong(offset_obj);
    if (offset == (unsigned long long)-1 && PyErr_Occurred()) {
        return NULL;
    }
    pc_random_set_state((pc_rng_state){seed, offset});
    Py_RETURN_NONE;
}

PyMethodDef pcpy_random_methods[] = {
    {"_random", (PyCFunction)(void (*)(void))fn_random, METH_FASTCALL,
     "_random(kind, shape, dtype, device, a, b, lo, range, rates, /)\n--\n\nOne draw of the "
     "generator (paddle_c.paddle's random functions are written over it)."},
    {"_rng_state", fn_rng_state, METH_NOARGS,
     "_rng_state()\n--\n\nThe generator's state: (seed, offset)."},
    {"_rng_set_state", fn_rng_set_state, METH_VARARGS,
     "_rng_set_state(seed, offset, /)\n--\n\nSet the generator's state."},
    {NULL, NULL, 0, NULL},
};
