/*
 * module.c - the paddle_c._C extension module: multi-phase initialisation, module state, and
 * the assembly of the families' function tables (families.def).
 */
#include "autograd_node.h"

pcpy_state *pcpy_state_from_type(PyTypeObject *type)
{
    PyObject *mod = PyType_GetModuleByDef(type, &pcpy_module_def);
    if (mod == NULL) {
        /* only reachable for foreign types; callers pass our own */
        PyErr_Clear();
        return NULL;
    }
    return (pcpy_state *)PyModule_GetState(mod);
}

static int module_exec(PyObject *module)
{
    pcpy_state *st = pcpy_state_from_module(module);
    pc_status s = pc_init();
    if (s != PC_OK) {
        return pcpy_raise_int(s);
    }
    pcpy_host_fallback_warnings();
    if (pcpy_dtype_type_init(module, st) < 0 || pcpy_device_type_init(module, st) < 0 ||
        pcpy_tensor_type_init(module, st) < 0 || pcpy_ag_node_init(module) < 0) {
        return -1;
    }
    static PyMethodDef *const tables[] = {
#define PCPY_MODULE_FAMILY(name) pcpy_##name##_methods,
#define PCPY_TENSOR_FAMILY(name)
#include "families.def"
#undef PCPY_MODULE_FAMILY
#undef PCPY_TENSOR_FAMILY
    };
    for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
        if (PyModule_AddFunctions(module, tables[i]) < 0) {
            return -1;
        }
    }
    /* [Why AxisError] NumPy's AxisError is both a ValueError and an IndexError; code written
     * for NumPy, Paddle (ValueError) or the array API tests (IndexError) catches it. */
    PyObject *bases = PyTuple_Pack(2, PyExc_ValueError, PyExc_IndexError);
    PyObject *axis_error =
        bases != NULL ? PyErr_NewExceptionWithDoc("paddle_c.AxisError",
                                                  "An axis argument is out of range or repeated.",
                                                  bases, NULL)
                      : NULL;
    Py_XDECREF(bases);
    const int added = axis_error != NULL ? PyModule_AddObjectRef(module, "AxisError", axis_error)
                                         : -1;
    Py_XDECREF(axis_error);
    if (added < 0) {
        return -1;
    }
    if (PyModule_AddIntConstant(module, "MAX_NDIM", PC_MAX_NDIM) < 0 ||
        PyModule_AddStringConstant(module, "__array_api_version__", "2025.12") < 0) {
        return -1;
    }
    return 0;
}

static int module_traverse(PyObject *module, visitproc visit, void *arg)
{
    pcpy_state *st = pcpy_state_from_module(module);
    Py_VISIT(st->tensor_type);
    Py_VISIT(st->dtype_type);
    Py_VISIT(st->device_type);
    Py_VISIT(st->cpu);
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        Py_VISIT(st->dtypes[i]);
    }
    return 0;
}

static int module_clear(PyObject *module)
{
    pcpy_state *st = pcpy_state_from_module(module);
    Py_CLEAR(st->tensor_type);
    Py_CLEAR(st->dtype_type);
    Py_CLEAR(st->device_type);
    Py_CLEAR(st->cpu);
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        Py_CLEAR(st->dtypes[i]);
    }
    return 0;
}

static void module_free(void *module) { (void)module_clear((PyObject *)module); }

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, module_exec},
    {0, NULL},
};

PyModuleDef pcpy_module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "paddle_c._C",
    .m_doc = "The C core of paddle_c.",
    .m_size = sizeof(pcpy_state),
    .m_slots = module_slots,
    .m_traverse = module_traverse,
    .m_clear = module_clear,
    .m_free = module_free,
};

PyMODINIT_FUNC PyInit__C(void) { return PyModuleDef_Init(&pcpy_module_def); }
