/*
 * tensor_spec.c - the paddle_c.Tensor type assembled from the per-family method and slot
 * tables of families.def (tensor_type.c's "core" family among them).
 *
 * [Why a file of its own] Every family's file uses the Tensor object's functions
 * (tensor_type.c: pcpy_tensor_wrap, pcpy_tensor_result); the assembly uses every family's
 * tables. Kept apart, the files depend one way: tensor_spec.c -> the families -> tensor_type.c.
 */
#include "pcpy.h"
#include "structmember.h"

/* Tensor(data, dtype=None, device=None): asarray with a copy. [Why here] The constructor is
 * built from asarray (convert.c), which builds Tensors through tensor_type.c. */
static PyObject *tensor_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"data", "dtype", "device", NULL};
    PyObject *data = NULL;
    PyObject *dtype_obj = Py_None;
    PyObject *device_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OO:Tensor", kwlist, &data, &dtype_obj,
                                     &device_obj)) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_type(type);
    pc_dtype dt;
    pc_device dev;
    if (pcpy_dtype_from_py(st, dtype_obj, true, &dt) < 0 ||
        pcpy_device_from_py(st, device_obj, pc_device_cpu(), &dev) < 0) {
        return NULL;
    }
    return pcpy_asarray(st, data, dt, device_obj == Py_None ? NULL : &dev, 1);
}

static PyMemberDef tensor_members[] = {
    {"__weaklistoffset__", T_PYSSIZET, offsetof(PcTensorObject, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

int pcpy_tensor_type_init(PyObject *module, pcpy_state *st)
{
    /* methods of every family, then slots of every family, then the assembled slots */
    size_t nmethods = 0;
    size_t nslots = 0;
    static PyMethodDef *const method_tables[] = {
#define PCPY_MODULE_FAMILY(name)
#define PCPY_TENSOR_FAMILY(name) pcpy_tensor_##name##_methods,
#include "families.def"
#undef PCPY_MODULE_FAMILY
#undef PCPY_TENSOR_FAMILY
    };
    static PyType_Slot *const slot_tables[] = {
#define PCPY_MODULE_FAMILY(name)
#define PCPY_TENSOR_FAMILY(name) pcpy_tensor_##name##_slots,
#include "families.def"
#undef PCPY_MODULE_FAMILY
#undef PCPY_TENSOR_FAMILY
    };
    const size_t nfam = sizeof method_tables / sizeof method_tables[0];
    for (size_t f = 0; f < nfam; f++) {
        for (const PyMethodDef *m = method_tables[f]; m->ml_name != NULL; m++) {
            nmethods++;
        }
        for (const PyType_Slot *s = slot_tables[f]; s->slot != 0; s++) {
            nslots++;
        }
    }
    /* [Why the tables live as long as the process] A heap type keeps pointing at its
     * PyMethodDef array; the type lives until interpreter shutdown, so the arrays are never
     * freed. They are built once per module object. */
    PyMethodDef *methods = PyMem_Calloc(nmethods + 1, sizeof *methods);
    PyType_Slot *slots = PyMem_Calloc(nslots + 7, sizeof *slots);
    if (methods == NULL || slots == NULL) {
        PyMem_Free(methods);
        PyMem_Free(slots);
        PyErr_NoMemory();
        return -1;
    }
    size_t im = 0;
    size_t is = 0;
    for (size_t f = 0; f < nfam; f++) {
        for (const PyMethodDef *m = method_tables[f]; m->ml_name != NULL; m++) {
            methods[im++] = *m;
        }
        for (const PyType_Slot *s = slot_tables[f]; s->slot != 0; s++) {
            slots[is++] = pcpy_ag_slot(*s);
        }
    }
    slots[is++] = (PyType_Slot){Py_tp_new, tensor_new};
    slots[is++] = (PyType_Slot){Py_tp_traverse, pcpy_ag_tensor_traverse};
    slots[is++] = (PyType_Slot){Py_tp_clear, pcpy_ag_tensor_clear_refs};
    slots[is++] = (PyType_Slot){Py_tp_methods, methods};
    slots[is++] = (PyType_Slot){Py_tp_members, tensor_members};
    slots[is++] = (PyType_Slot){Py_tp_doc, "Tensor(data, dtype=None, device=None)\n--\n\n"
                                           "An N-dimensional strided array (see asarray)."};
    slots[is] = (PyType_Slot){0, NULL};

    PyType_Spec spec = {
        .name = "paddle_c.Tensor",
        .basicsize = sizeof(PcTensorObject),
        .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
        .slots = slots,
    };
    st->tensor_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &spec, NULL);
    PyMem_Free(slots); /* copied into the type; the methods array stays referenced */
    if (st->tensor_type == NULL) {
        PyMem_Free(methods);
        return -1;
    }
    /* NumPy defers binary operators to us instead of converting the tensor */
    PyObject *prio = PyFloat_FromDouble(1000.0);
    if (prio == NULL || PyObject_SetAttrString((PyObject *)st->tensor_type, "__array_priority__",
                                               prio) < 0) {
        Py_XDECREF(prio);
        return -1;
    }
    Py_DECREF(prio);
    return PyModule_AddObjectRef(module, "Tensor", (PyObject *)st->tensor_type);
}
