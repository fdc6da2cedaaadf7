/*
 * dtype_functions.c - the data type functions: astype, can_cast, isdtype, result_type, and
 * Paddle's set_default_dtype / get_default_dtype (the setting itself is core/default_dtype.c).
 * (finfo and iinfo are tables of constants and live in python/paddle_c/_dtypes.py.)
 */
#include "pcpy.h"

#include <string.h>

static PyObject *fn_astype(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    static const char *const names[] = {"x", "dtype", "copy", "device", NULL};
    static const pcpy_argspec spec = {"astype", names, 2, 2, 2};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    if (!pcpy_tensor_check(st, a[0])) {
        PyErr_Format(PyExc_TypeError, "astype() expects a Tensor, not %s",
                     Py_TYPE(a[0])->tp_name);
        return NULL;
    }
    return pcpy_astype_impl(st, a[0], a[1], a[2], a[3]);
}

/* A dtype from a dtype object or a tensor. */
static int dtype_or_tensor(pcpy_state *st, PyObject *o, pc_dtype *out)
{
    if (pcpy_tensor_check(st, o)) {
        *out = pcpy_tensor_get(o)->dtype;
        return 0;
    }
    return pcpy_dtype_from_py(st, o, false, out);
}

static PyObject *fn_can_cast(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"from_", "to", NULL};
    static const pcpy_argspec spec = {"can_cast", names, 2, 2, 2};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_dtype from;
    pc_dtype to;
    if (dtype_or_tensor(st, a[0], &from) < 0 || pcpy_dtype_from_py(st, a[1], false, &to) < 0) {
        return NULL;
    }
    return PyBool_FromLong(pc_can_cast(from, to));
}

/* Whether `obj` is a NumPy dtype instance (np.dtype("float64")); compared by name so that
 * NumPy need not be imported. */
static bool is_numpy_dtype(PyObject *obj)
{
    PyObject *mro = Py_TYPE(obj)->tp_mro;
    for (Py_ssize_t i = 0; mro != NULL && i < PyTuple_GET_SIZE(mro); i++) {
        if (strcmp(((PyTypeObject *)PyTuple_GET_ITEM(mro, i))->tp_name, "numpy.dtype") == 0) {
            return true;
        }
    }
    return false;
}

/* isdtype's dtype: a paddle_c dtype or a NumPy dtype of one of paddle_c's dtypes (as asarray,
 * astype, result_type and finfo take them). 1 with *out set, 0 for another object, -1. */
static int isdtype_dtype(pcpy_state *st, PyObject *obj, pc_dtype *out)
{
    if (Py_TYPE(obj) == st->dtype_type) {
        *out = ((PcDTypeObject *)obj)->dtype;
        return 1;
    }
    if (!is_numpy_dtype(obj)) {
        return 0;
    }
    return pcpy_dtype_from_py(st, obj, false, out) < 0 ? -1 : 1;
}

/* Whether dtype `dt` belongs to the kind named `kind` (or equals a dtype object). -1 on error. */
static int dtype_in_kind(pcpy_state *st, pc_dtype dt, PyObject *kind)
{
    if (PyUnicode_Check(kind)) {
        const pc_kind k = pc_dtype_kind(dt);
        static const struct {
            const char *name;
            unsigned mask; /* bit per pc_kind */
        } kinds[] = {
            {"bool", 1u << PC_KIND_BOOL},
            {"signed integer", 1u << PC_KIND_INT},
            {"unsigned integer", 1u << PC_KIND_UINT},
            {"integral", (1u << PC_KIND_INT) | (1u << PC_KIND_UINT)},
            {"real floating", 1u << PC_KIND_FLOAT},
            {"complex floating", 1u << PC_KIND_COMPLEX},
            {"numeric", (1u << PC_KIND_INT) | (1u << PC_KIND_UINT) | (1u << PC_KIND_FLOAT) |
                            (1u << PC_KIND_COMPLEX)},
        };
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
            if (PyUnicode_CompareWithASCIIString(kind, kinds[i].name) == 0) {
                return (kinds[i].mask >> k) & 1u;
            }
        }
        PyErr_Format(PyExc_ValueError, "isdtype: unknown kind %R (expected 'bool', 'signed "
                     "integer', 'unsigned integer', 'integral', 'real floating', 'complex "
                     "floating' or 'numeric')", kind);
        return -1;
    }
    pc_dtype kdt;
    const int r = isdtype_dtype(st, kind, &kdt);
    if (r != 0) {
        return r < 0 ? -1 : kdt == dt;
    }
    PyErr_Format(PyExc_TypeError, "isdtype: kind must be a dtype, a kind name or a tuple of "
                 "them, not %s", Py_TYPE(kind)->tp_name);
    return -1;
}

static PyObject *fn_isdtype(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames)
{
    static const char *const names[] = {"dtype", "kind", NULL};
    static const pcpy_argspec spec = {"isdtype", names, 0, 2, 2};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_dtype dt;
    const int isdt = isdtype_dtype(st, a[0], &dt);
    if (isdt <= 0) {
        if (isdt == 0) {
            PyErr_Format(PyExc_TypeError, "isdtype: expected a paddle_c or NumPy dtype, not %R",
                         a[0]);
        }
        return NULL;
    }
    if (PyTuple_Check(a[1])) {
        const Py_ssize_t n = PyTuple_GET_SIZE(a[1]);
        for (Py_ssize_t i = 0; i < n; i++) {
            const int r = dtype_in_kind(st, dt, PyTuple_GET_ITEM(a[1], i));
            if (r < 0) {
                return NULL;
            }
            if (r) {
                Py_RETURN_TRUE;
            }
        }
        Py_RETURN_FALSE;
    }
    const int r = dtype_in_kind(st, dt, a[1]);
    return r < 0 ? NULL : PyBool_FromLong(r);
}

static PyObject *fn_result_type(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames)
{
    if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0) {
        PyErr_SetString(PyExc_TypeError, "result_type() takes no keyword arguments");
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_dtype acc = PC_DTYPE_INVALID;
    unsigned scalar_kinds = 0;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        pc_scalar s;
        const int r = pcpy_scalar_from_py(args[i], &s);
        if (r < 0) {
            return NULL;
        }
        if (r == 1) {
            scalar_kinds |= 1u << pc_scalar_kind_of(&s);
            continue;
        }
        pc_dtype d;
        if (dtype_or_tensor(st, args[i], &d) < 0) {
            return NULL;
        }
        if (acc == PC_DTYPE_INVALID) {
            acc = d;
        } else if (pc_promote_checked(acc, d, &acc) != PC_OK) {
            return pcpy_raise(PC_ERR_TYPE);
        }
    }
    if (acc == PC_DTYPE_INVALID) {
        /* ValueError, as NumPy and array-api-strict raise (SciPy catches that one, and uses
         * the message as a regular expression: it holds no metacharacter) */
        PyErr_SetString(PyExc_ValueError, "result_type needs at least one tensor or dtype: "
                        "Python scalars alone have no dtype");
        return NULL;
    }
    for (int k = PC_SCALAR_BOOL; k <= PC_SCALAR_COMPLEX; k++) {
        if (scalar_kinds & (1u << k)) {
            acc = pc_promote_scalar(acc, (pc_scalar_kind)k);
        }
    }
    return Py_NewRef(pcpy_dtype_object(st, acc));
}

static PyObject *fn_set_default_dtype(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                      PyObject *kwnames)
{
    static const char *const names[] = {"d", NULL};
    static const pcpy_argspec spec = {"set_default_dtype", names, 0, 1, 1};
    PyObject *a[1];
    pc_dtype dt;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_dtype_from_py(pcpy_state_from_module(mod), a[0], false, &dt) < 0) {
        return NULL;
    }
    const pc_status s = pc_set_default_float(dt);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    Py_RETURN_NONE;
}

static PyObject *fn_get_default_dtype(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    return PyUnicode_FromString(pc_dtype_name(PC_DEFAULT_FLOAT));
}

/* _default_dtypes() -> (the default floating dtype, the default complex dtype), read together
 * for __array_namespace_info__().default_dtypes(). */
static PyObject *fn_default_dtypes(PyObject *mod, PyObject *unused)
{
    (void)unused;
    pcpy_state *st = pcpy_state_from_module(mod);
    const pc_dtype f = PC_DEFAULT_FLOAT;
    return PyTuple_Pack(2, pcpy_dtype_object(st, f),
                        pcpy_dtype_object(st, pc_dtype_complex_of(f)));
}

/* _dtype_table() -> (name, kind, itemsize, real) of every dtype, in dtypes.def's (the enum's)
 * order: kind a kind character (b, i, u, f, c), real the name of the real dtype of a complex
 * one (the dtype itself otherwise). The Python layer reads the dtype list from here. */
static PyObject *fn_dtype_table(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    static const char kind_chars[] = "biufc";
    PyObject *rows = PyTuple_New(PC_NUM_DTYPES);
    if (rows == NULL) {
        return NULL;
    }
    for (int i = 0; i < PC_NUM_DTYPES; i++) {
        const pc_dtype dt = (pc_dtype)i;
        PyObject *row = Py_BuildValue("(sCis)", pc_dtype_name(dt), kind_chars[pc_dtype_kind(dt)],
                                      pc_dtype_itemsize(dt), pc_dtype_name(pc_dtype_real_of(dt)));
        if (row == NULL) {
            Py_DECREF(rows);
            return NULL;
        }
        PyTuple_SET_ITEM(rows, i, row);
    }
    return rows;
}

PyMethodDef pcpy_dtypes_methods[] = {
    {"astype", FASTCALL_KW(fn_astype),
     "astype(x, dtype, /, *, copy=True, device=None)\n--\n\nx cast to dtype (see the dtype "
     "guide for the conversion rules)."},
    {"can_cast", FASTCALL_KW(fn_can_cast),
     "can_cast(from_, to, /)\n--\n\nWhether the promotion rules allow casting from_ to to."},
    {"isdtype", FASTCALL_KW(fn_isdtype),
     "isdtype(dtype, kind)\n--\n\nWhether dtype is of the given kind(s)."},
    {"result_type", FASTCALL_KW(fn_result_type),
     "result_type(*arrays_and_dtypes)\n--\n\nThe dtype that promotion gives for tensors, dtypes "
     "and Python scalars."},
    {"set_default_dtype", FASTCALL_KW(fn_set_default_dtype),
     "set_default_dtype(d)\n--\n\nMake d (float16, bfloat16, float32 or float64; a dtype, its "
     "name or a NumPy dtype) the default floating dtype, and its complex counterpart the default "
     "complex dtype, for every thread (Paddle's; the initial default is float32)."},
    {"get_default_dtype", fn_get_default_dtype, METH_NOARGS,
     "get_default_dtype()\n--\n\nThe name of the default floating dtype ('float32' unless "
     "set_default_dtype changed it), as Paddle returns it."},
    {"_default_dtypes", fn_default_dtypes, METH_NOARGS,
     "_default_dtypes()\n--\n\n(default floating dtype, default complex dtype)."},
    {"_dtype_table", fn_dtype_table, METH_NOARGS,
     "_dtype_table()\n--\n\n(name, kind, itemsize, real) of every dtype in dtypes.def's order."},
    {NULL, NULL, 0, NULL},
};
