/*
 * dtype_type.c - paddle_c.dtype: one immutable object per dtype row of dtypes.def.
 *
 * Objects compare by identity (there is exactly one per dtype), hash by their enum value and
 * print as "paddle_c.float32". `np.dtype(paddle_c.float32)` works through the `dtype`
 * attribute, which NumPy consults (bfloat16, which NumPy lacks, raises TypeError there).
 */
#include <string.h>

#include "pcpy.h"

static PyObject *dtype_repr(PyObject *self)
{
    return PyUnicode_FromFormat("paddle_c.%s", pc_dtype_name(((PcDTypeObject *)self)->dtype));
}

static PyObject *dtype_str(PyObject *self)
{
    return PyUnicode_FromString(pc_dtype_name(((PcDTypeObject *)self)->dtype));
}

static Py_hash_t dtype_hash(PyObject *self)
{
    return (Py_hash_t)((PcDTypeObject *)self)->dtype + 0x5ca1ab1e;
}

static PyObject *dtype_richcompare(PyObject *a, PyObject *b, int op)
{
    if (op != Py_EQ && op != Py_NE) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    if (Py_TYPE(a) != Py_TYPE(b)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    const int eq = ((PcDTypeObject *)a)->dtype == ((PcDTypeObject *)b)->dtype;
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *dtype_get_name(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(pc_dtype_name(((PcDTypeObject *)self)->dtype));
}

static PyObject *dtype_get_itemsize(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(pc_dtype_itemsize(((PcDTypeObject *)self)->dtype));
}

static PyObject *dtype_get_kind(PyObject *self, void *closure)
{
    (void)closure;
    static const char *const kinds[] = {"b", "i", "u", "f", "c"};
    return PyUnicode_FromString(kinds[pc_dtype_kind(((PcDTypeObject *)self)->dtype)]);
}

/* NumPy's equivalent dtype (new reference). */
static PyObject *dtype_get_numpy(PyObject *self, void *closure)
{
    (void)closure;
    const pc_dtype dt = ((PcDTypeObject *)self)->dtype;
    if (dt == PC_BFLOAT16) {
        PyErr_SetString(PyExc_TypeError, "NumPy has no bfloat16 dtype; cast to float32 first");
        return NULL;
    }
    PyObject *np = PyImport_ImportModule("numpy");
    if (np == NULL) {
        return NULL;
    }
    PyObject *res = PyObject_CallMethod(np, "dtype", "s", pc_dtype_name(dt));
    Py_DECREF(np);
    return res;
}

static PyObject *dtype_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    /* pickled by name: unpickling returns the module's singleton */
    return PyUnicode_FromString(pc_dtype_name(((PcDTypeObject *)self)->dtype));
}

static PyGetSetDef dtype_getset[] = {
    {"name", dtype_get_name, NULL, "The dtype's name, e.g. 'float32'.", NULL},
    {"itemsize", dtype_get_itemsize, NULL, "Bytes per element.", NULL},
    {"kind", dtype_get_kind, NULL, "NumPy-style kind character: b, i, u, f or c.", NULL},
    {"dtype", dtype_get_numpy, NULL, "The equivalent NumPy dtype (for np.dtype()).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef dtype_methods[] = {
    {"__reduce__", dtype_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot dtype_slots[] = {
    {Py_tp_repr, dtype_repr},
    {Py_tp_str, dtype_str},
    {Py_tp_hash, dtype_hash},
    {Py_tp_richcompare, dtype_richcompare},
    {Py_tp_getset, dtype_getset},
    {Py_tp_methods, dtype_methods},
    {Py_tp_doc, "A paddle_c data type. The instances are paddle_c.bool, paddle_c.int8, ..., "
                "paddle_c.complex128; they compare equal only to themselves."},
    {0, NULL},
};

static PyType_Spec dtype_spec = {
    .name = "paddle_c.dtype",
    .basicsize = sizeof(PcDTypeObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = dtype_slots,
};

int pcpy_dtype_type_init(PyObject *module, pcpy_state *st)
{
    st->dtype_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &dtype_spec, NULL);
    if (st->dtype_type == NULL) {
        return -1;
    }
    if (PyModule_AddObjectRef(module, "dtype", (PyObject *)st->dtype_type) < 0) {
        return -1;
    }
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        PcDTypeObject *o = PyObject_New(PcDTypeObject, st->dtype_type);
        if (o == NULL) {
            return -1;
        }
        o->dtype = (pc_dtype)i;
        st->dtypes[i] = (PyObject *)o;
        if (PyModule_AddObjectRef(module, pc_dtype_name((pc_dtype)i), (PyObject *)o) < 0) {
            return -1;
        }
    }
    return 0;
}

/* Name of a foreign dtype-like object (NumPy dtype or scalar type), or NULL without error when
 * it is not one. New reference. */
static PyObject *foreign_dtype_name(PyObject *obj)
{
    PyObject *mod = PyObject_GetAttrString(PyType_Check(obj) ? obj : (PyObject *)Py_TYPE(obj),
                                           "__module__");
    if (mod == NULL) {
        PyErr_Clear();
        return NULL;
    }
    const char *m = PyUnicode_Check(mod) ? PyUnicode_AsUTF8(mod) : NULL;
    const int is_numpy = m != NULL && strncmp(m, "numpy", 5) == 0 && (m[5] == '\0' || m[5] == '.');
    Py_DECREF(mod);
    if (!is_numpy) {
        return NULL;
    }
    PyObject *np = PyImport_ImportModule("numpy");
    if (np == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *d = PyObject_CallMethod(np, "dtype", "O", obj);
    Py_DECREF(np);
    if (d == NULL) {
        PyErr_Clear();
        return NULL;
    }
    PyObject *name = PyObject_GetAttrString(d, "name");
    Py_DECREF(d);
    if (name == NULL) {
        PyErr_Clear();
    }
    return name;
}

int pcpy_dtype_from_py(pcpy_state *st, PyObject *obj, bool allow_none, pc_dtype *out)
{
    if (obj == NULL || obj == Py_None) {
        if (allow_none) {
            *out = PC_DTYPE_INVALID;
            return 0;
        }
        PyErr_SetString(PyExc_TypeError, "a dtype is required, got None");
        return -1;
    }
    if (Py_TYPE(obj) == st->dtype_type) {
        *out = ((PcDTypeObject *)obj)->dtype;
        return 0;
    }
    if (obj == (PyObject *)&PyBool_Type) {
        *out = PC_BOOL;
        return 0;
    }
    if (obj == (PyObject *)&PyLong_Type) {
        *out = PC_DEFAULT_INT;
        return 0;
    }
    if (obj == (PyObject *)&PyFloat_Type) {
        *out = PC_DEFAULT_FLOAT;
        return 0;
    }
    if (obj == (PyObject *)&PyComplex_Type) {
        *out = PC_DEFAULT_COMPLEX;
        return 0;
    }
    PyObject *name = NULL;
    if (PyUnicode_Check(obj)) {
        name = Py_NewRef(obj);
    } else {
        name = foreign_dtype_name(obj);
    }
    if (name != NULL) {
        const char *s = PyUnicode_AsUTF8(name);
        pc_dtype dt = s != NULL ? pc_dtype_from_name(s) : PC_DTYPE_INVALID;
        if (s != NULL && dt == PC_DTYPE_INVALID && strcmp(s, "bool_") == 0) {
            dt = PC_BOOL;
        }
        Py_DECREF(name);
        if (dt != PC_DTYPE_INVALID) {
            *out = dt;
            return 0;
        }
        if (s == NULL) {
            return -1;
        }
    }
    PyErr_Format(PyExc_TypeError, "%R is not a paddle_c dtype (expected e.g. paddle_c.float32 "
                 "or 'float32')", obj);
    return -1;
}
