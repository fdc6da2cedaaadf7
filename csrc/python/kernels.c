/*
 * kernels.c - introspection of the kernel table for tests and tools: which (op, backend, dtype)
 * slots are filled. The table itself is the only record of what a backend supports.
 */
#include "paddle_c/cpu_isa.h"
#include "paddle_c/decompose.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/parallel.h"
#include "paddle_c/plugin_loader.h"
#include "pcpy.h"

static const char *const backend_names[PC_NUM_DEVICE_TYPES] = {"cpu",    "cuda",   "rocm",
                                                               "opencl", "custom", "hostdev"};

/* Append `row` (a new reference, or NULL after a failed build) to `list`, stealing it. On
 * failure -1 with the exception set and `list` released too. */
static int append_row(PyObject *list, PyObject *row)
{
    if (row == NULL || PyList_Append(list, row) < 0) {
        Py_XDECREF(row);
        Py_DECREF(list);
        return -1;
    }
    Py_DECREF(row);
    return 0;
}

/* The rows of elementwise.def that the introspection functions report */
static const struct {
    const char *name;
    int nin;
    unsigned kinds;
    pc_ew_compute compute;
} ew_rows[] = {
#define PC_EW(ID, name, nin, kinds, compute, ...) {#name, nin, kinds, compute},
#include "paddle_c/elementwise.def"
#undef PC_EW
};
#define EW_ROWS ((Py_ssize_t)(sizeof ew_rows / sizeof ew_rows[0]))

/* _kernels() -> list of (op, backend, dtype) name triples for every filled slot. */
static PyObject *fn_kernels(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    for (int op = 0; op < PC_NUM_OPS; op++) {
        for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
            for (int dt = 0; dt < PC_NUM_DTYPES; dt++) {
                if (!pc_kernel_has((pc_op)op, (pc_device_type)b, (pc_dtype)dt)) {
                    continue;
                }
                PyObject *row = Py_BuildValue("(sss)", pc_op_name((pc_op)op), backend_names[b],
                                              pc_dtype_name((pc_dtype)dt));
                if (append_row(list, row) < 0) {
                    return NULL;
                }
            }
        }
    }
    return list;
}

/* _kernel_hits(reset=False) -> (op, backend, dtype, count) of every device slot looked up since
 * the last reset; reset=True clears the counts after reading them. */
static PyObject *fn_kernel_hits(PyObject *mod, PyObject *args, PyObject *kwargs)
{
    (void)mod;
    static char *kwlist[] = {"reset", NULL};
    int reset = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|p", kwlist, &reset)) {
        return NULL;
    }
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    for (int op = 0; op < PC_NUM_OPS; op++) {
        for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
            for (int dt = 0; dt < PC_NUM_DTYPES; dt++) {
                const uint32_t n = pc_kernel_hits((pc_op)op, (pc_device_type)b, (pc_dtype)dt);
                if (n == 0) {
                    continue;
                }
                PyObject *row = Py_BuildValue("(sssI)", pc_op_name((pc_op)op), backend_names[b],
                                              pc_dtype_name((pc_dtype)dt), (unsigned int)n);
                if (append_row(list, row) < 0) {
                    return NULL;
                }
            }
        }
    }
    if (reset) {
        pc_kernel_hits_reset();
    }
    return list;
}

/* _ops() -> the names of every op of ops.def, in order. */
static PyObject *fn_ops(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int op = 0; list != NULL && op < PC_NUM_OPS; op++) {
        if (append_row(list, PyUnicode_FromString(pc_op_name((pc_op)op))) < 0) {
            return NULL;
        }
    }
    return list;
}

/* _elementwise() -> (name, nin) of every function of elementwise.def, in order: the elementwise
 * functions whose kernels every backend is checked for (tests/test_kernel_table.py). */
static PyObject *fn_elementwise(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list != NULL && i < EW_ROWS; i++) {
        if (append_row(list, Py_BuildValue("(si)", ew_rows[i].name, ew_rows[i].nin)) < 0) {
            return NULL;
        }
    }
    return list;
}

/* _elementwise_kinds() -> (name, kinds, compute) of every function of elementwise.def, in
 * order: kinds the accepted kinds of the promoted input dtype as kind characters ("biufc"),
 * compute "same", "float" or "logical" (the kernels' dtype rule, elementwise.def). */
static PyObject *fn_elementwise_kinds(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    static const char kind_chars[] = "biufc";
    static const char *const computes[] = {"same", "float", "logical"};
    PyObject *list = PyList_New(0);
    for (Py_ssize_t i = 0; list != NULL && i < EW_ROWS; i++) {
        char kinds[sizeof kind_chars] = {0};
        int k = 0;
        for (int b = 0; b < (int)sizeof kind_chars - 1; b++) {
            if (ew_rows[i].kinds & (1u << b)) {
                kinds[k++] = kind_chars[b];
            }
        }
        if (append_row(list, Py_BuildValue("(sss)", ew_rows[i].name, kinds,
                                           computes[ew_rows[i].compute])) < 0) {
            return NULL;
        }
    }
    return list;
}

/* _cpu_config() -> dict: the CPU kernels' variant in use, the best one the CPU supports, the
 * variants compiled in, the thread count. */
static PyObject *fn_cpu_config(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *variants = pc_cpu_isa_dispatched()
                             ? Py_BuildValue("(sss)", pc_cpu_isa_name(PC_ISA_BASELINE),
                                             pc_cpu_isa_name(PC_ISA_AVX2),
                                             pc_cpu_isa_name(PC_ISA_AVX512))
                             : Py_BuildValue("(s)", pc_cpu_isa_name(pc_cpu_isa_best()));
    if (variants == NULL) {
        return NULL;
    }
    PyObject *d = Py_BuildValue("{s:s,s:s,s:N,s:i}", "isa", pc_cpu_isa_name(pc_cpu_isa_active()),
                                "isa_best", pc_cpu_isa_name(pc_cpu_isa_best()), "isa_compiled",
                                variants, "num_threads", pc_get_num_threads());
    return d;
}

/* _plugins() -> (path, name, loaded, message) of every file tried from PADDLE_C_PLUGIN_PATH.
 * The strings are decoded as file names are (os.fsdecode: bytes that are no UTF-8 become
 * surrogates), since paths and what quotes them may hold any bytes. */
static PyObject *fn_plugins(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int i = 0; list != NULL && i < pc_plugins_count(); i++) {
        const pc_plugin_record r = pc_plugins_record(i);
        if (append_row(list, Py_BuildValue("(O&O&OO&)", PyUnicode_DecodeFSDefault, r.path,
                                           PyUnicode_DecodeFSDefault, r.name,
                                           r.loaded ? Py_True : Py_False,
                                           PyUnicode_DecodeFSDefault, r.message)) < 0) {
            return NULL;
        }
    }
    return list;
}

/* _coverage() -> (op, backend, dtype, how) for every op and dtype of every registered backend:
 * how is "native" (the backend's kernel), "decomposed" (decompose.c's formula over the
 * backend's primitives) or "none" (NotImplementedError). */
static PyObject *fn_coverage(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    static const char *const how_names[] = {"none", "native", "decomposed"};
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
        if (pc_backend_get((pc_device_type)b) == NULL) {
            continue;
        }
        for (int op = 0; op < PC_NUM_OPS; op++) {
            for (int dt = 0; dt < PC_NUM_DTYPES; dt++) {
                const pc_decompose_how how =
                    pc_decompose_how_runs((pc_op)op, (pc_device_type)b, (pc_dtype)dt);
                PyObject *row = Py_BuildValue("(ssss)", pc_op_name((pc_op)op), backend_names[b],
                                              pc_dtype_name((pc_dtype)dt), how_names[how]);
                if (append_row(list, row) < 0) {
                    return NULL;
                }
            }
        }
    }
    return list;
}

/* _decomposition_runs() -> how many decompositions have run since the start. */
static PyObject *fn_decomposition_runs(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    return PyLong_FromLongLong((long long)pc_decompose_runs());
}

/* _decompositions() -> (op, formula) of every row of the decomposition table. */
static PyObject *fn_decompositions(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    PyObject *list = PyList_New(0);
    for (int op = 0; list != NULL && op < PC_NUM_OPS; op++) {
        const char *f = pc_decompose_formula((pc_op)op);
        if (f == NULL) {
            continue;
        }
        if (append_row(list, Py_BuildValue("(ss)", pc_op_name((pc_op)op), f)) < 0) {
            return NULL;
        }
    }
    return list;
}

PyMethodDef pcpy_kernels_methods[] = {
    {"_coverage", fn_coverage, METH_NOARGS,
     "_coverage()\n--\n\nFor every op and dtype of every registered backend: (op, backend, "
     "dtype, how), how being 'native', 'decomposed' or 'none'."},
    {"_decomposition_runs", fn_decomposition_runs, METH_NOARGS,
     "_decomposition_runs()\n--\n\nHow many decompositions have run since the start."},
    {"_decompositions", fn_decompositions, METH_NOARGS,
     "_decompositions()\n--\n\nThe decomposition table as (op, formula)."},
    {"_plugins", fn_plugins, METH_NOARGS,
     "_plugins()\n--\n\nEvery device plug-in tried (PADDLE_C_PLUGIN_PATH) as (path, name, "
     "loaded, message)."},
    {"_cpu_config", fn_cpu_config, METH_NOARGS,
     "_cpu_config()\n--\n\nThe CPU kernels' ISA variant in use, the best supported, the variants "
     "compiled in, and the thread count."},
    {"_kernels", fn_kernels, METH_NOARGS,
     "_kernels()\n--\n\nEvery filled slot of the kernel table as (op, backend, dtype) names."},
    {"_ops", fn_ops, METH_NOARGS, "_ops()\n--\n\nThe names of the ops of the kernel table."},
    {"_elementwise_kinds", fn_elementwise_kinds, METH_NOARGS,
     "_elementwise_kinds()\n--\n\n(name, kinds, compute) of each elementwise.def row: the accepted "
     "kinds as kind characters and the compute rule ('same', 'float', 'logical')."},
    {"_kernel_hits", (PyCFunction)(void (*)(void))fn_kernel_hits, METH_VARARGS | METH_KEYWORDS,
     "_kernel_hits(reset=False)\n--\n\nDevice slots looked up since the last reset as (op, "
     "backend, dtype, count)."},
    {"_elementwise", fn_elementwise, METH_NOARGS,
     "_elementwise()\n--\n\nThe elementwise functions of elementwise.def as (name, nin)."},
    {NULL, NULL, 0, NULL},
};
