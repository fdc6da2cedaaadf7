/*
 * tensor_index.c - Tensor.__getitem__ and Tensor.__setitem__: turning Python index objects
 * into pc_index items (indexing.h) and values into tensors or scalars.
 *
 * Here: recognising integers (and __index__ objects), slices, Ellipsis, None, Python bools,
 * tensors, lists and array-likes (converted with asarray). Not here: what an index means (the
 * core's dispatch/index.c plans and runs it) and iteration (tensor_type.c's sq_item, which
 * mp_subscript does not replace).
 *
 * [Why index arrays move to x's device, and nothing else does] Index objects belong to the
 * subscript, not to the data: a list becomes a tensor on x's device, and an index tensor on
 * another device is copied to x's device once (as PyTorch and CuPy accept host index arrays for
 * device data). That is the one implicit transfer of indexing, made here; the op layer moves
 * nothing, so `take(x, i)` with i on another device and a value on another device
 * (`x[i] = v`) raise the dispatcher's ValueError naming both devices.
 *
 * Ownership rules: an index_buf owns the tensors it converted (temps) until index_buf_clear;
 * its pc_index items borrow them, and borrow the Tensors of the caller's index, which the
 * caller keeps alive for the duration of the call.
 */
#include "pcpy.h"
#include "paddle_c/indexing.h"

typedef struct index_buf {
    pc_device device;           /* the indexed tensor's */
    int n;
    int ntemps;
    bool has_tensor;
    pc_index items[PC_INDEX_MAX_ITEMS];
    PyObject *temps[PC_INDEX_MAX_ITEMS];
} index_buf;

static void index_buf_clear(index_buf *b)
{
    for (int i = 0; i < b->ntemps; i++) {
        Py_DECREF(b->temps[i]);
    }
    b->ntemps = 0;
}

static int invalid_index(PyObject *obj)
{
    PyErr_Format(PyExc_IndexError, "only integers, slices (`:`), ellipsis (`...`), None and "
                 "integer or boolean tensors are valid indices, not %s", Py_TYPE(obj)->tp_name);
    return -1;
}

static void set_int(pc_index *it, int64_t v)
{
    *it = (pc_index){PC_INDEX_INT, v, 0, 0, 0, NULL};
}

/* An int object (exact or subclass, not bool) as an index; values beyond int64 saturate and
 * so fail the bounds check with their axis named. */
static int int_item(PyObject *obj, pc_index *it)
{
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        return -1;
    }
    set_int(it, overflow > 0 ? INT64_MAX : overflow < 0 ? INT64_MIN : v);
    return 0;
}

/* A converted tensor (new reference `t`, stolen) as an index item. */
static int tensor_item(index_buf *b, PyObject *t, pc_index *it)
{
    b->temps[b->ntemps++] = t;
    /* its dtype is checked by the core (index.c: integer or bool) */
    *it = (pc_index){PC_INDEX_TENSOR, 0, 0, 0, 0, pcpy_tensor_get(t)};
    b->has_tensor = true;
    return 0;
}

/* The caller's index tensor `obj` as an item, copied to the indexed tensor's device when it
 * lives on another. */
static int index_tensor_item(pcpy_state *st, index_buf *b, PyObject *obj, pc_index *it)
{
    const pc_tensor *t = pcpy_tensor_get(obj);
    if (pc_device_equal(pc_tensor_device(t), b->device)) {
        *it = (pc_index){PC_INDEX_TENSOR, 0, 0, 0, 0, t};
        b->has_tensor = true;
        return 0;
    }
    pc_tensor *moved = NULL;
    pc_status s = pc_to_device(t, b->device, &moved);
    PyObject *m = pcpy_tensor_result(st, s, moved);
    return m != NULL ? tensor_item(b, m, it) : -1;
}

static int parse_item(pcpy_state *st, PyObject *obj, index_buf *b, pc_index *it)
{
    if (PyLong_CheckExact(obj)) {
        return int_item(obj, it);
    }
    if (obj == Py_None) {
        *it = (pc_index){PC_INDEX_NEWAXIS, 0, 0, 0, 0, NULL};
        return 0;
    }
    if (obj == Py_Ellipsis) {
        *it = (pc_index){PC_INDEX_ELLIPSIS, 0, 0, 0, 0, NULL};
        return 0;
    }
    if (PySlice_Check(obj)) {
        Py_ssize_t start;
        Py_ssize_t stop;
        Py_ssize_t step;
        if (PySlice_Unpack(obj, &start, &stop, &step) < 0) {
            return -1;
        }
        *it = (pc_index){PC_INDEX_SLICE, 0, start, stop, step, NULL};
        return 0;
    }
    if (PyBool_Check(obj)) {
        *it = (pc_index){PC_INDEX_BOOL, obj == Py_True, 0, 0, 0, NULL};
        return 0;
    }
    if (pcpy_tensor_check(st, obj)) {
        return index_tensor_item(st, b, obj, it);
    }
    if (PyLong_Check(obj)) {
        return int_item(obj, it);
    }
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj) ||
        PyFloat_Check(obj) || PyComplex_Check(obj)) {
        return invalid_index(obj);
    }
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        /* an empty sequence is an empty integer index, not a float tensor */
        PyObject *t = Py_SIZE(obj) == 0
                          ? pcpy_asarray(st, obj, PC_INT64, &b->device, -1)
                          : pcpy_asarray(st, obj, PC_DTYPE_INVALID, &b->device, -1);
        if (t == NULL) {
            if (PyErr_ExceptionMatches(PyExc_ValueError) ||
                PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                return invalid_index(obj);
            }
            return -1;
        }
        return tensor_item(b, t, it);
    }
    if (PyObject_CheckBuffer(obj) || PyObject_HasAttrString(obj, "__array__") ||
        PyObject_HasAttrString(obj, "__dlpack__")) {
        PyObject *t = pcpy_asarray(st, obj, PC_DTYPE_INVALID, &b->device, -1);
        if (t == NULL) {
            return -1;
        }
        return tensor_item(b, t, it);
    }
    if (PyIndex_Check(obj)) {
        PyObject *v = PyNumber_Index(obj);
        if (v == NULL) {
            return -1;
        }
        int r = int_item(v, it);
        Py_DECREF(v);
        return r;
    }
    return invalid_index(obj);
}

/* Fill `b` from a Python index into x. 0 or -1 (exception set; b's temps still need
 * clearing). */
static int parse_index(pcpy_state *st, const pc_tensor *x, PyObject *key, index_buf *b)
{
    b->device = pc_tensor_device(x);
    b->n = 0;
    b->ntemps = 0;
    b->has_tensor = false;
    if (!PyTuple_Check(key)) {
        b->n = 1;
        return parse_item(st, key, b, &b->items[0]);
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(key);
    if (n > PC_INDEX_MAX_ITEMS) {
        PyErr_Format(PyExc_IndexError, "too many indices: %zd (at most %d)", n,
                     PC_INDEX_MAX_ITEMS);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (parse_item(st, PyTuple_GET_ITEM(key, i), b, &b->items[i]) < 0) {
            return -1;
        }
        b->n = (int)i + 1;
    }
    return 0;
}

/* The work is only worth releasing the GIL for when tensors index a large tensor. */
static int64_t work_hint(const pc_tensor *x, const index_buf *b)
{
    return b->has_tensor ? x->size : 0;
}

/* [Why integers take a short path] x[i] and x[i, j] are the commonest subscripts of Python
 * loops, and their views are known without a plan: exact ints within the leading axes
 * (negative counting from the end) give the view of the remaining axes directly, where the
 * general path (parse_index and the core's plan over up to PC_INDEX_MAX_ITEMS items) doubled
 * the call's cost against NumPy's (x[i, j] of a [4,4] tensor: 1.4-1.6x). Anything else - an
 * out-of-range integer included (the plan names the error), a bool (an index of its own), a
 * subclass of int or tuple, more integers than axes - takes the general path. */
#define LEADING_MAX 8

static bool int_position(PyObject *key, int64_t extent, int64_t *pos)
{
    int overflow = 0;
    long long i = PyLong_AsLongLongAndOverflow(key, &overflow);
    if (overflow != 0) {
        return false;
    }
    if (i < 0) {
        i += extent;
    }
    *pos = i;
    return i >= 0 && i < extent;
}

/* The number k of leading integer positions the key names (pos[0..k-1]), or 0. */
static int leading_positions(const pc_tensor *x, PyObject *key, int64_t *pos)
{
    if (PyLong_CheckExact(key)) {
        return x->ndim >= 1 && int_position(key, x->shape[0], pos) ? 1 : 0;
    }
    if (!PyTuple_CheckExact(key)) {
        return 0;
    }
    const Py_ssize_t n = PyTuple_GET_SIZE(key);
    if (n == 0 || n > x->ndim || n > LEADING_MAX) {
        return 0;
    }
    for (Py_ssize_t j = 0; j < n; j++) {
        PyObject *item = PyTuple_GET_ITEM(key, j);
        if (!PyLong_CheckExact(item) || !int_position(item, x->shape[j], &pos[j])) {
            return 0;
        }
    }
    return (int)n;
}

static PyObject *tensor_getitem(PyObject *self, PyObject *key)
{
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    const pc_tensor *x = pcpy_tensor_get(self);
    int64_t pos[LEADING_MAX];
    const int k = leading_positions(x, key, pos);
    if (k > 0) {
        return pcpy_tensor_leading_view(st, x, k, pos);
    }
    index_buf b;
    PyObject *res = NULL;
    if (parse_index(st, x, key, &b) == 0) {
        pc_tensor *out = NULL;
        PyThreadState *ts = pcpy_release_gil(work_hint(x, &b));
        pc_status s = pc_index_get(x, b.n, b.items, &out);
        pcpy_restore_gil(ts);
        res = pcpy_tensor_result(st, s, out);
    }
    index_buf_clear(&b);
    return res;
}

/* The value of an assignment as a tensor (new reference): sequences take x's dtype so that
 * Python numbers keep their precision; other objects keep theirs and are cast on writing.
 * What is not a Tensor yet is made on x's device; a Tensor stays where it is (one on another
 * device is the op layer's ValueError). */
static PyObject *value_tensor(pcpy_state *st, const pc_tensor *x, PyObject *value)
{
    if (pcpy_tensor_check(st, value)) {
        return Py_NewRef(value);
    }
    const pc_device dev = pc_tensor_device(x);
    if (PyList_Check(value) || PyTuple_Check(value)) {
        return pcpy_asarray(st, value, x->dtype, &dev, -1);
    }
    return pcpy_asarray(st, value, PC_DTYPE_INVALID, &dev, -1);
}

/* Write `scalar` (or the tensor `value`) at the parsed index of x. A basic index (integers,
 * slices, `...`, None) into a tensor large enough to matter names a view of x: it is taken
 * first, so that the size of what is written, not of x, decides whether the copy runs without
 * the GIL (x[:] = x[::-1] does; x[0] = 1 does not pay for it). */
static pc_status set_parsed(pc_tensor *x, const index_buf *b, const pc_scalar *scalar,
                            const pc_tensor *value)
{
    bool via_view = x->size >= PCPY_NOGIL_MIN_ELEMENTS;
    for (int i = 0; i < b->n; i++) {
        via_view = via_view && b->items[i].kind != PC_INDEX_BOOL && b->items[i].kind != PC_INDEX_TENSOR;
    }
    pc_tensor *view = NULL;
    if (via_view) {
        pc_status s = pc_index_get(x, b->n, b->items, &view);
        if (s != PC_OK) {
            return s;
        }
    }
    pc_tensor *dst = via_view ? view : x;
    const int n = via_view ? 0 : b->n;
    PyThreadState *ts = pcpy_release_gil(via_view ? view->size : work_hint(x, b));
    pc_status s = scalar != NULL ? pc_index_fill(dst, n, b->items, scalar)
                                 : pc_index_set(dst, n, b->items, value);
    pcpy_restore_gil(ts);
    pc_tensor_free(view);
    return s;
}

static int tensor_setitem(PyObject *self, PyObject *key, PyObject *value)
{
    if (value == NULL) {
        PyErr_SetString(PyExc_ValueError, "cannot delete tensor elements");
        return -1;
    }
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    pc_tensor *x = pcpy_tensor_get(self); /* the core refuses a read-only x (index.c) */
    pc_scalar scalar;
    const int is_scalar = pcpy_scalar_from_py(value, &scalar);
    if (is_scalar < 0) {
        return -1;
    }
    PyObject *v = NULL;
    if (!is_scalar) {
        v = value_tensor(st, x, value);
        if (v == NULL) {
            return -1;
        }
    }
    index_buf b;
    int r = -1;
    if (parse_index(st, x, key, &b) == 0) {
        pc_status s = set_parsed(x, &b, is_scalar ? &scalar : NULL,
                                 is_scalar ? NULL : pcpy_tensor_get(v));
        r = s == PC_OK ? 0 : pcpy_raise_int(s);
    }
    index_buf_clear(&b);
    Py_XDECREF(v);
    return r;
}

PyMethodDef pcpy_tensor_index_methods[] = {
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_index_slots[] = {
    {Py_mp_subscript, tensor_getitem},
    {Py_mp_ass_subscript, tensor_setitem},
    {0, NULL},
};
