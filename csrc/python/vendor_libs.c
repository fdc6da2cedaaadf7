/*
 * vendor_libs.c - the GPU vendor libraries' loader (core/vendor_load.h) seen from
 * Python: the search path the package sets at import (the nvidia-* wheels' lib folders) and
 * a test hook that tries one library from given folders only.
 */
#include "core/vendor_load.h"
#include "pcpy.h"

/* _vendor_search_path(dirs) -> None: the folders searched before the system, in order. */
static PyObject *fn_vendor_search_path(PyObject *mod, PyObject *arg)
{
    (void)mod;
    PyObject *joined = NULL;
    PyObject *sep = PyUnicode_FromString(":");
    if (sep != NULL) {
        joined = PyUnicode_Join(sep, arg);
        Py_DECREF(sep);
    }
    if (joined == NULL) {
        return NULL;
    }
    const char *dirs = PyUnicode_AsUTF8(joined);
    const pc_status st = dirs != NULL ? pc_vendor_set_search_path(dirs) : PC_OK;
    Py_DECREF(joined);
    if (dirs == NULL) {
        return NULL;
    }
    return st == PC_OK ? Py_NewRef(Py_None) : pcpy_raise(st);
}

/* _vendor_try_load(name, dirs) -> str: the file that opened, trying only `dirs` (a list of
 * folders, the system not asked); RuntimeError naming the library otherwise. */
static PyObject *fn_vendor_try_load(PyObject *mod, PyObject *args)
{
    (void)mod;
    const char *name;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "sO:_vendor_try_load", &name, &list)) {
        return NULL;
    }
    const int lib = pc_vendor_lib_from_name(name);
    if (lib < 0) {
        return PyErr_Format(PyExc_ValueError,
                            "_vendor_try_load: unknown library %R (cublas, cusolver, cufft, "
                            "hipfft or rocblas)",
                            PyTuple_GET_ITEM(args, 0));
    }
    PyObject *sep = PyUnicode_FromString(":");
    PyObject *joined = sep != NULL ? PyUnicode_Join(sep, list) : NULL;
    Py_XDECREF(sep);
    if (joined == NULL) {
        return NULL;
    }
    const char *dirs = PyUnicode_AsUTF8(joined);
    if (dirs == NULL) {
        Py_DECREF(joined);
        return NULL;
    }
    char path[4096] = "";
    const pc_status st = pc_vendor_try_load((pc_vendor_lib)lib, dirs, path, (int)sizeof path);
    Py_DECREF(joined);
    return st == PC_OK ? PyUnicode_FromString(path) : pcpy_raise(st);
}

PyMethodDef pcpy_vendor_libs_methods[] = {
    {"_vendor_search_path", fn_vendor_search_path, METH_O,
     "_vendor_search_path(dirs)\n--\n\nThe folders searched for cuBLAS, cuSOLVER and cuFFT "
     "before the system's loader path."},
    {"_vendor_try_load", fn_vendor_try_load, METH_VARARGS,
     "_vendor_try_load(name, dirs)\n--\n\nOpen the vendor library `name` from `dirs` only and "
     "close it again; the file opened, or RuntimeError naming the library."},
    {NULL, NULL, 0, NULL},
};
