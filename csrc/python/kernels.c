/*
 * kernels.c - introspection of the kernel table for tests and tools: which (op, backend, dtype)
 * slots are filled. The table itself is the only record of what a backend supports.
 */
#include "paddle_c/cpu_isa.h"
#include "paddle_c/decompose.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/host_fallback.h"
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

/* _kernels() -> list of (op, backend, dtype) name triples for every slot holding the backend's
 * own kernel (decomposed and host-fallback slots: _coverage()). */
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
                if (!pc_kernel_native((pc_op)op, (pc_device_type)b, (pc_dtype)dt)) {
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
 * variants compiled in, the thread count, and the threads a large call would get now (the
 * count fitted to the idle CPUs, free_threads.c). */
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
    PyObject *d = Py_BuildValue("{s:s,s:s,s:N,s:i,s:i}", "isa",
                                pc_cpu_isa_name(pc_cpu_isa_active()), "isa_best",
                                pc_cpu_isa_name(pc_cpu_isa_best()), "isa_compiled", variants,
                                "num_threads", pc_get_num_threads(), "free_threads",
                                pc_parallel_free_threads());
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

/* _coverage() -> (op, backend, dtype, how) for every registered backend and every (op, dtype)
 * the CPU fills (the CPU defines what an op is), the CPU's host loops left out of the device
 * backends (no device is asked for them) and their optional fast paths kept only where they
 * have them (a device without one composes the operation otherwise): how is "native" (the backend's kernel),
 * "decomposed" (decompose.c's formula over the backend's primitives), "host" (the linalg/fft
 * host fallback, PADDLE_C_HOST_FALLBACK) or "none" (NotImplementedError). */
static PyObject *fn_coverage(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    static const char *const how_names[] = {"native", "decomposed", "host"};
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
        if (pc_backend_get((pc_device_type)b) == NULL) {
            continue;
        }
        for (int op = 0; op < PC_NUM_OPS; op++) {
            const pc_op_role role = pc_op_role_of((pc_op)op);
            if (b != PC_DEVICE_CPU && role == PC_ROLE_HOST_LOOP) {
                continue;
            }
            for (int dt = 0; dt < PC_NUM_DTYPES; dt++) {
                if (!pc_kernel_has((pc_op)op, PC_DEVICE_CPU, (pc_dtype)dt)) {
                    continue;
                }
                const int src = pc_kernel_source((pc_op)op, (pc_device_type)b, (pc_dtype)dt);
                if (b != PC_DEVICE_CPU && role == PC_ROLE_OPTIONAL && src < 0) {
                    continue;
                }
                PyObject *row = Py_BuildValue("(ssss)", pc_op_name((pc_op)op), backend_names[b],
                                              pc_dtype_name((pc_dtype)dt),
                                              src < 0 ? "none" : how_names[src]);
                if (append_row(list, row) < 0) {
                    return NULL;
                }
            }
        }
    }
    return list;
}

/* _primitives() -> (op, role, why) for every op: role "primitive", "composite", "host loop"
 * or "optional" (kernels/primitives.def); why the reason it is a primitive, a host loop or
 * optional, or None. */
static PyObject *fn_primitives(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    static const char *const roles[] = {"composite", "primitive", "host loop", "optional"};
    PyObject *list = PyList_New(0);
    for (int op = 0; list != NULL && op < PC_NUM_OPS; op++) {
        const char *why = pc_op_role_reason((pc_op)op);
        PyObject *row = Py_BuildValue("(ssz)", pc_op_name((pc_op)op),
                                      roles[pc_op_role_of((pc_op)op)], why);
        if (append_row(list, row) < 0) {
            return NULL;
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

/* _host_fallback_runs() -> how many kernels the host fallback has run since the start. */
static PyObject *fn_host_fallback_runs(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    return PyLong_FromLongLong((long long)pc_host_fallback_runs());
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

/* [Why the warning may be lost] The core calls the hook from inside an operation, possibly
 * with the interpreter's lock released (large copies run without it): the hook takes the lock
 * and keeps any exception already pending. A warnings filter that turns the warning into an
 * error cannot fail the operation from here, so that error is dropped (the operation has run
 * correctly on the host). */
static void warn_host_fallback(const char *message)
{
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (PyErr_WarnEx(PyExc_RuntimeWarning, message, 1) < 0) {
        PyErr_Clear();
    }
    PyErr_Restore(type, value, tb);
    PyGILState_Release(g);
}

void pcpy_host_fallback_warnings(void) { pc_host_fallback_set_warn(warn_host_fallback); }

PyMethodDef pcpy_kernels_methods[] = {
    {"_coverage", fn_coverage, METH_NOARGS,
     "_coverage()\n--\n\nFor every registered backend and every (op, dtype) the CPU fills: (op, "
     "backend, dtype, how), how being 'native', 'decomposed', 'host' or 'none'."},
    {"_primitives", fn_primitives, METH_NOARGS,
     "_primitives()\n--\n\nEvery op as (op, role, why): role 'primitive', 'composite', "
     "'host loop' or 'optional' (kernels/primitives.def)."},
    {"_decomposition_runs", fn_decomposition_runs, METH_NOARGS,
     "_decomposition_runs()\n--\n\nHow many decompositions have run since the start."},
    {"_host_fallback_runs", fn_host_fallback_runs, METH_NOARGS,
     "_host_fallback_runs()\n--\n\nHow many kernels the linalg/fft host fallback has run since "
     "the start."},
    {"_decompositions", fn_decompositions, METH_NOARGS,
     "_decompositions()\n--\n\nThe decomposition table as (op, formula)."},
    {"_plugins", fn_plugins, METH_NOARGS,
     "_plugins()\n--\n\nEvery device plug-in tried (PADDLE_C_PLUGIN_PATH) as (path, name, "
     "loaded, message)."},
    {"_cpu_config", fn_cpu_config, METH_NOARGS,
     "_cpu_config()\n--\n\nThe CPU kernels' ISA variant in use, the best supported, the variants "
     "compiled in, and the thread count."},
    {"_kernels", fn_kernels, METH_NOARGS,
     "_kernels()\n--\n\nEvery slot of the kernel table holding a backend's own kernel, as (op, "
     "backend, dtype) names."},
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
