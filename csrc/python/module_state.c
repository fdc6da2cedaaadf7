/*
 * module_state.c - the definition of paddle_c._C (pcpy_module_def) and its per-module state
 * (pcpy_state, pcpy.h): how a function of any family finds the Tensor, dtype and device types
 * of its module, and how the state is traversed and cleared.
 *
 * The definition's exec slot (module.c's) is set by PyInit__C before the definition is used.
 */
#include "pcpy.h"

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

PyModuleDef pcpy_module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "paddle_c._C",
    .m_doc = "The C core of paddle_c.",
    .m_size = sizeof(pcpy_state),
    .m_slots = NULL, /* module.c's exec slot, set by PyInit__C */
    .m_traverse = module_traverse,
    .m_clear = module_clear,
    .m_free = module_free,
};
