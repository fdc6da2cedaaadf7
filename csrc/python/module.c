/*
 * module.c - the paddle_c._C extension module: multi-phase initialisation and the assembly of
 * the families' function tables (families.def). The module's definition and state:
 * module_state.c.
 */
#include "autograd_node.h"

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

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, module_exec},
    {0, NULL},
};

/* [Why the exec slot is set here] The module's definition (module_state.c) is what every family
 * looks its state up by; its exec slot assembles those families. Setting the slot here, before
 * the definition is used, keeps the files one way: module.c -> the families -> module_state.c. */
PyMODINIT_FUNC PyInit__C(void)
{
    pcpy_module_def.m_slots = module_slots;
    return PyModuleDef_Init(&pcpy_module_def);
}
