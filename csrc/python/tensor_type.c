/*
 * tensor_type.c - paddle_c.Tensor: the Python object around a pc_tensor.
 *
 * Here: the type's own methods and slots (its family "core"; the type is assembled from every
 * family's tables in tensor_spec.c), attributes (dtype, device, ndim, shape, size, T, mT), conversions to Python scalars and lists,
 * NumPy and the buffer protocol, copying and pickling. Not here: operators (tensor_ops.c),
 * indexing (tensor_index.c), DLPack (dlpack.c).
 *
 * Ownership rules: a PcTensorObject owns its pc_tensor (freed in dealloc). A buffer exported
 * through the buffer protocol holds a reference to the Tensor object, which keeps the pc_tensor
 * and its shape/strides arrays (which the Py_buffer points into) alive.
 */
#include <string.h>

#include "pcpy.h"

_Static_assert(sizeof(Py_ssize_t) == sizeof(int64_t),
               "the buffer protocol shares shape/strides arrays: Py_ssize_t must be 64-bit");

PyObject *pcpy_tensor_wrap(pcpy_state *st, pc_tensor *t)
{
    /* untracked by the cycle collector until it holds an autograd record (autograd.c) */
    PcTensorObject *o = PyObject_GC_New(PcTensorObject, st->tensor_type);
    if (o == NULL) {
        pc_tensor_free(t);
        return NULL;
    }
    o->t = t;
    o->weakreflist = NULL;
    o->grad = NULL;
    o->grad_fn = NULL;
    o->hooks = NULL;
    o->requires_grad = 0;
    return (PyObject *)o;
}

PyObject *pcpy_tensor_result(pcpy_state *st, pc_status status, pc_tensor *t)
{
    if (status != PC_OK) {
        return pcpy_raise(status);
    }
    return pcpy_tensor_wrap(st, t);
}

static void tensor_dealloc(PyObject *self)
{
    PcTensorObject *o = (PcTensorObject *)self;
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (o->weakreflist != NULL) {
        PyObject_ClearWeakRefs(self);
    }
    pcpy_ag_tensor_clear(o);
    pc_tensor_free(o->t);
    o->t = NULL;
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* ---- attributes ------------------------------------------------------------------------- */

static PyObject *get_dtype(PyObject *self, void *c)
{
    (void)c;
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    return Py_NewRef(pcpy_dtype_object(st, pcpy_tensor_get(self)->dtype));
}

static PyObject *get_device(PyObject *self, void *c)
{
    (void)c;
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    return pcpy_device_object(st, pc_tensor_device(pcpy_tensor_get(self)));
}

static PyObject *get_ndim(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLong(pcpy_tensor_get(self)->ndim);
}

static PyObject *get_shape(PyObject *self, void *c)
{
    (void)c;
    const pc_tensor *t = pcpy_tensor_get(self);
    return pcpy_tuple_from_int64(t->ndim, t->shape);
}

static PyObject *get_size(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLongLong(pcpy_tensor_get(self)->size);
}

static PyObject *get_itemsize(PyObject *self, void *c)
{
    (void)c;
    return PyLong_FromLong(pc_dtype_itemsize(pcpy_tensor_get(self)->dtype));
}

static PyObject *get_nbytes(PyObject *self, void *c)
{
    (void)c;
    const pc_tensor *t = pcpy_tensor_get(self);
    return PyLong_FromLongLong(t->size * pc_dtype_itemsize(t->dtype));
}

/* A view with axes permuted by `perm`. New reference. */
static PyObject *permuted_view(PyObject *self, const int *perm)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    for (int i = 0; i < t->ndim; i++) {
        shape[i] = t->shape[perm[i]];
        strides[i] = t->strides[perm[i]];
    }
    pc_tensor *v;
    pc_status s = pc_tensor_restride(t, t->ndim, shape, strides, t->offset, &v);
    return pcpy_tensor_result(pcpy_state_from_type(Py_TYPE(self)), s, v);
}

static PyObject *get_T(PyObject *self, void *c)
{
    (void)c;
    const pc_tensor *t = pcpy_tensor_get(self);
    int perm[PC_MAX_NDIM];
    for (int i = 0; i < t->ndim; i++) {
        perm[i] = t->ndim - 1 - i;
    }
    return permuted_view(self, perm);
}

static PyObject *get_mT(PyObject *self, void *c)
{
    (void)c;
    const pc_tensor *t = pcpy_tensor_get(self);
    if (t->ndim < 2) {
        PyErr_Format(PyExc_ValueError, "mT needs a tensor of at least 2 dimensions, got %d",
                     t->ndim);
        return NULL;
    }
    int perm[PC_MAX_NDIM];
    for (int i = 0; i < t->ndim; i++) {
        perm[i] = i;
    }
    perm[t->ndim - 2] = t->ndim - 1;
    perm[t->ndim - 1] = t->ndim - 2;
    return permuted_view(self, perm);
}

static PyObject *get_strides(PyObject *self, void *c)
{
    (void)c;
    const pc_tensor *t = pcpy_tensor_get(self);
    return pcpy_tuple_from_int64(t->ndim, t->strides);
}

/* ---- Python scalars and lists ----------------------------------------------------------- */

static pc_status host_copy(const pc_tensor *t, pc_tensor **out);

/* The element at `t`'s data pointer as a Python scalar: read in place on the CPU, else copied
 * to the host first (waiting for the device: Paddle's implicit transfer). */
static PyObject *first_element(const pc_tensor *t)
{
    if (pc_tensor_device(t).type == PC_DEVICE_CPU) {
        return pcpy_scalar_to_py(t->dtype, t->data);
    }
    pc_tensor *host;
    pc_status s = host_copy(t, &host);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    PyObject *r = pcpy_scalar_to_py(host->dtype, host->data);
    pc_tensor_free(host);
    return r;
}

/* The single element of a size-1 tensor as a Python scalar; `what` names the conversion.
 * [Why TypeError for the number protocols] As in NumPy: bytes(), operator.index() and friends
 * try __index__/__int__ and fall back to other protocols on TypeError only. */
static PyObject *single_element(PyObject *self, const char *what, PyObject *size_error)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    if (t->size != 1) {
        PyErr_Format(size_error,
                     "%s needs a tensor with exactly one element, got %lld elements", what,
                     (long long)t->size);
        return NULL;
    }
    return first_element(t);
}

/* The element at C-order flat position `pos` (any object int() accepts) of self. */
static PyObject *flat_element(PyObject *self, PyObject *pos)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    PyObject *as_int = PyNumber_Long(pos);
    if (as_int == NULL) {
        return NULL;
    }
    int overflow = 0;
    long long i = PyLong_AsLongLongAndOverflow(as_int, &overflow);
    if (i == -1 && PyErr_Occurred()) {
        Py_DECREF(as_int);
        return NULL;
    }
    if (overflow != 0 || i < 0 || i >= t->size) {
        PyErr_Format(PyExc_ValueError,
                     "item: index %S is out of range for a tensor of %lld elements", as_int,
                     (long long)t->size);
        Py_DECREF(as_int);
        return NULL;
    }
    Py_DECREF(as_int);
    int64_t offset = t->offset;
    for (int axis = t->ndim - 1; axis >= 0; axis--) {
        offset += (i % t->shape[axis]) * t->strides[axis];
        i /= t->shape[axis];
    }
    pc_tensor *elem;
    pc_status s = pc_tensor_restride(t, 0, NULL, NULL, offset, &elem);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    PyObject *r = first_element(elem);
    pc_tensor_free(elem);
    return r;
}

/* [Why item is C with its index forms] x.item() is the usual way out of a tensor in Python
 * loops; written in Python (for Paddle's x.item(*index)) its frame cost more than the C call
 * (68 against NumPy's 47 ns). x.item(): the one element; x.item(i): the element at flat
 * position i; x.item(i, j, ...): x[i, j, ...], which must be one element. */
static PyObject *tensor_item(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs == 0) {
        return single_element(self, "item()", PyExc_ValueError);
    }
    if (nargs == 1) {
        return flat_element(self, args[0]);
    }
    PyObject *key = PyTuple_New(nargs);
    if (key == NULL) {
        return NULL;
    }
    for (Py_ssize_t k = 0; k < nargs; k++) {
        PyTuple_SET_ITEM(key, k, Py_NewRef(args[k]));
    }
    PyObject *elem = PyObject_GetItem(self, key);
    Py_DECREF(key);
    if (elem == NULL) {
        return NULL;
    }
    if (!pcpy_tensor_check(pcpy_state_from_type(Py_TYPE(self)), elem)) {
        PyErr_Format(PyExc_TypeError, "item(): indexing gave %s, not a Tensor",
                     Py_TYPE(elem)->tp_name);
        Py_DECREF(elem);
        return NULL;
    }
    PyObject *r = single_element(elem, "item()", PyExc_ValueError);
    Py_DECREF(elem);
    return r;
}

static int tensor_bool(PyObject *self)
{
    PyObject *v = single_element(self, "the truth value of a tensor", PyExc_ValueError);
    if (v == NULL) {
        return -1;
    }
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

static PyObject *tensor_int(PyObject *self)
{
    if (pc_dtype_kind(pcpy_tensor_get(self)->dtype) == PC_KIND_COMPLEX) {
        PyErr_SetString(PyExc_TypeError, "int() of a complex tensor is undefined");
        return NULL;
    }
    PyObject *v = single_element(self, "int()", PyExc_TypeError);
    if (v == NULL) {
        return NULL;
    }
    PyObject *r = PyNumber_Long(v);
    Py_DECREF(v);
    return r;
}

static PyObject *tensor_float(PyObject *self)
{
    if (pc_dtype_kind(pcpy_tensor_get(self)->dtype) == PC_KIND_COMPLEX) {
        PyErr_SetString(PyExc_TypeError, "float() of a complex tensor is undefined; use "
                        "complex(), real() or abs()");
        return NULL;
    }
    PyObject *v = single_element(self, "float()", PyExc_TypeError);
    if (v == NULL) {
        return NULL;
    }
    PyObject *r = PyNumber_Float(v);
    Py_DECREF(v);
    return r;
}

static PyObject *tensor_complex(PyObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *v = single_element(self, "complex()", PyExc_TypeError);
    if (v == NULL) {
        return NULL;
    }
    PyObject *r = PyObject_CallOneArg((PyObject *)&PyComplex_Type, v);
    Py_DECREF(v);
    return r;
}

static PyObject *tensor_index(PyObject *self)
{
    if (!pc_dtype_is_integral(pcpy_tensor_get(self)->dtype)) {
        PyErr_Format(PyExc_TypeError, "only integer tensors can be used as an index, not %s",
                     pc_dtype_name(pcpy_tensor_get(self)->dtype));
        return NULL;
    }
    return single_element(self, "__index__()", PyExc_TypeError);
}

/* Nested lists of the elements below `data` on axes [axis, ndim). New reference. */
static PyObject *to_list(const pc_tensor *t, int axis, const char *data)
{
    if (axis == t->ndim) {
        return pcpy_scalar_to_py(t->dtype, data);
    }
    const int64_t n = t->shape[axis];
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (list == NULL) {
        return NULL;
    }
    for (int64_t i = 0; i < n; i++) {
        PyObject *item = to_list(t, axis + 1, data + i * t->strides[axis]);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

static PyObject *tensor_tolist(PyObject *self, PyObject *unused)
{
    (void)unused;
    const pc_tensor *t = pcpy_tensor_get(self);
    if (pc_tensor_device(t).type == PC_DEVICE_CPU) {
        return to_list(t, 0, t->data);
    }
    pc_tensor *host; /* a device tensor: copied to the host first */
    pc_status s = host_copy(t, &host);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    PyObject *r = to_list(host, 0, host->data);
    pc_tensor_free(host);
    return r;
}

/* ---- sequence behaviour: len() and iteration over axis 0 ---------------------------------- */

static Py_ssize_t tensor_len(PyObject *self)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    if (t->ndim == 0) {
        PyErr_SetString(PyExc_TypeError, "len() of a 0-d tensor");
        return -1;
    }
    return (Py_ssize_t)t->shape[0];
}

PyObject *pcpy_tensor_leading_view(pcpy_state *st, const pc_tensor *x, int k, const int64_t *pos)
{
    int64_t offset = x->offset;
    for (int j = 0; j < k; j++) {
        offset += pos[j] * x->strides[j]; /* within the storage: every pos[j] is in range */
    }
    pc_tensor *v;
    pc_status s = pc_tensor_restride(x, x->ndim - k, x->shape + k, x->strides + k, offset, &v);
    return pcpy_tensor_result(st, s, v);
}

/* self[i] along axis 0 as a view (iteration uses this). New reference. */
static PyObject *tensor_sq_item(PyObject *self, Py_ssize_t i)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    if (t->ndim == 0) {
        PyErr_SetString(PyExc_TypeError, "a 0-d tensor cannot be indexed by an integer");
        return NULL;
    }
    if (i < 0 || i >= t->shape[0]) {
        PyErr_Format(PyExc_IndexError, "index %zd is out of bounds for axis 0 with size %lld",
                     i, (long long)t->shape[0]);
        return NULL;
    }
    const int64_t pos = i;
    return pcpy_tensor_leading_view(pcpy_state_from_type(Py_TYPE(self)), t, 1, &pos);
}

/* iter(self): the views along axis 0. A 0-d tensor is not iterable (as in NumPy), so that
 * np.iterable(t) and other protocol checks see a scalar. New reference. */
static PyObject *tensor_iter(PyObject *self)
{
    if (pcpy_tensor_get(self)->ndim == 0) {
        PyErr_SetString(PyExc_TypeError, "iteration over a 0-d tensor");
        return NULL;
    }
    return PySeqIter_New(self);
}

/* ---- namespace, devices, dtypes ----------------------------------------------------------- */

static PyObject *tensor_array_namespace(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                        PyObject *kwnames)
{
    (void)self;
    static const char *const names[] = {"api_version", NULL};
    static const pcpy_argspec spec = {"__array_namespace__", names, 0, 0, 0};
    PyObject *a[1];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    PyObject *v = a[0];
    if (v != NULL && v != Py_None) {
        static const char *const versions[] = {"2021.12", "2022.12", "2023.12", "2024.12",
                                               "2025.12"};
        bool ok = false;
        if (PyUnicode_Check(v)) {
            for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
                ok = ok || PyUnicode_CompareWithASCIIString(v, versions[i]) == 0;
            }
        }
        if (!ok) {
            PyErr_Format(PyExc_ValueError, "unsupported array API version %R; paddle_c "
                         "implements 2021.12 to 2025.12", v);
            return NULL;
        }
    }
    return PyImport_ImportModule("paddle_c");
}

static PyObject *tensor_to_device(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
    static const char *const names[] = {"device", "stream", NULL};
    static const pcpy_argspec spec = {"to_device", names, 1, 1, 1};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    const pc_tensor *t = pcpy_tensor_get(self);
    pc_device dev;
    if (pcpy_device_from_py(st, a[0], pc_tensor_device(t), &dev) < 0) {
        return NULL;
    }
    if (a[1] != NULL && a[1] != Py_None && dev.type == PC_DEVICE_CPU &&
        pc_tensor_device(t).type == PC_DEVICE_CPU) {
        PyErr_SetString(PyExc_ValueError, "to_device(): stream must be None for the CPU");
        return NULL;
    }
    if (pc_device_equal(dev, pc_tensor_device(t))) {
        return Py_NewRef(self);
    }
    pc_tensor *out;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_to_device(t, dev, &out);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, out);
}

PyObject *pcpy_astype_impl(pcpy_state *st, PyObject *x, PyObject *dtype_obj, PyObject *copy_obj,
                           PyObject *device_obj)
{
    const pc_tensor *t = pcpy_tensor_get(x);
    pc_dtype dt;
    int copy;
    pc_device dev;
    if (pcpy_dtype_from_py(st, dtype_obj, false, &dt) < 0 ||
        pcpy_bool_arg(copy_obj, "copy", 1, &copy) < 0 ||
        pcpy_device_from_py(st, device_obj, pc_tensor_device(t), &dev) < 0) {
        return NULL;
    }
    if (!copy && dt == t->dtype && pc_device_equal(dev, pc_tensor_device(t))) {
        return Py_NewRef(x);
    }
    pc_tensor *out;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_astype(t, dt, true, &out);
    if (s == PC_OK && !pc_device_equal(dev, pc_tensor_device(t))) {
        pc_tensor *moved;
        s = pc_to_device(out, dev, &moved);
        pc_tensor_free(out);
        out = moved;
    }
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, s, out);
}

static PyObject *tensor_astype(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    static const char *const names[] = {"dtype", "copy", "device", NULL};
    static const pcpy_argspec spec = {"astype", names, 1, 1, 1};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return pcpy_astype_impl(pcpy_state_from_type(Py_TYPE(self)), self, a[0], a[1], a[2]);
}

/* ---- copies and pickling ---------------------------------------------------------------- */

/* A C-contiguous copy of `t` on the host (from any device), made without the GIL when large. */
static pc_status host_copy(const pc_tensor *t, pc_tensor **out)
{
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_device_equal(pc_tensor_device(t), pc_device_cpu())
                      ? pc_contiguous_copy(t, out)
                      : pc_to_device(t, pc_device_cpu(), out);
    pcpy_restore_gil(ts);
    return s;
}

static PyObject *tensor_copy(PyObject *self, PyObject *unused)
{
    (void)unused;
    const pc_tensor *t = pcpy_tensor_get(self);
    pc_tensor *out;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_contiguous_copy(t, &out);
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(pcpy_state_from_type(Py_TYPE(self)), s, out);
}

static PyObject *tensor_deepcopy(PyObject *self, PyObject *memo)
{
    (void)memo;
    return tensor_copy(self, NULL);
}

/* The elements of `t` in C order as a new bytes object, copied (from any device) straight into
 * the bytes' memory, without the GIL when large. New reference. */
static PyObject *tensor_bytes(const pc_tensor *t)
{
    const Py_ssize_t nbytes = (Py_ssize_t)(t->size * pc_dtype_itemsize(t->dtype));
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, nbytes);
    if (bytes == NULL || nbytes == 0) {
        return bytes;
    }
    pc_tensor *host = NULL;
    pc_tensor *dst = NULL;
    pc_storage *s = NULL;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status st = pc_device_equal(pc_tensor_device(t), pc_device_cpu())
                       ? PC_OK
                       : pc_to_device(t, pc_device_cpu(), &host);
    if (st == PC_OK) {
        /* the bytes' memory, ours alone until it is returned, seen as a C-contiguous tensor */
        st = pc_storage_wrap(pc_device_cpu(), PyBytes_AS_STRING(bytes), nbytes, false, NULL,
                             NULL, &s);
    }
    if (st == PC_OK) {
        st = pc_tensor_view_new(s, t->dtype, 0, t->ndim, t->shape, NULL, &dst);
        pc_storage_decref(s);
    }
    if (st == PC_OK) {
        st = pc_copy_into(dst, host != NULL ? host : t);
    }
    pc_tensor_free(dst);
    pc_tensor_free(host);
    pcpy_restore_gil(ts);
    if (st != PC_OK) {
        Py_DECREF(bytes);
        return pcpy_raise(st);
    }
    return bytes;
}

static PyObject *tensor_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    const pc_tensor *t = pcpy_tensor_get(self);
    PyObject *bytes = tensor_bytes(t);
    if (bytes == NULL) {
        return NULL;
    }
    PyObject *mod = PyImport_ImportModule("paddle_c._C");
    PyObject *fn = mod != NULL ? PyObject_GetAttrString(mod, "_from_bytes") : NULL;
    Py_XDECREF(mod);
    PyObject *shape = pcpy_tuple_from_int64(t->ndim, t->shape);
    PyObject *res = NULL;
    if (fn != NULL && shape != NULL) {
        res = Py_BuildValue("(O(NsN))", fn, bytes, pc_dtype_name(t->dtype), shape);
        bytes = NULL;
        shape = NULL;
    }
    Py_XDECREF(fn);
    Py_XDECREF(bytes);
    Py_XDECREF(shape);
    return res;
}

/* ---- NumPy and the buffer protocol ------------------------------------------------------- */

static int tensor_getbuffer(PyObject *self, Py_buffer *view, int flags)
{
    const pc_tensor *t = pcpy_tensor_get(self);
    const char *fmt = pc_dtype_get_info(t->dtype)->buffer_format;
    view->obj = NULL;
    if (fmt == NULL) {
        PyErr_Format(PyExc_BufferError, "%s has no buffer-protocol format (NumPy has no such "
                     "dtype); cast it first, e.g. x.astype(paddle_c.float32)",
                     pc_dtype_name(t->dtype));
        return -1;
    }
    if (pc_tensor_device(t).type != PC_DEVICE_CPU) {
        PyErr_SetString(PyExc_BufferError, "only CPU tensors export the buffer protocol");
        return -1;
    }
    if ((flags & PyBUF_WRITABLE) == PyBUF_WRITABLE && (t->flags & PC_FLAG_READONLY)) {
        PyErr_SetString(PyExc_BufferError, "the tensor is read-only");
        return -1;
    }
    if ((flags & PyBUF_STRIDES) != PyBUF_STRIDES && !pc_tensor_is_c_contiguous(t)) {
        PyErr_SetString(PyExc_BufferError, "the consumer needs a C-contiguous buffer; call "
                        "contiguous() first");
        return -1;
    }
    if ((flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS && !pc_tensor_is_c_contiguous(t)) {
        PyErr_SetString(PyExc_BufferError, "the tensor is not C-contiguous");
        return -1;
    }
    if ((flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS &&
        !(t->flags & PC_FLAG_F_CONTIGUOUS)) {
        PyErr_SetString(PyExc_BufferError, "the tensor is not Fortran-contiguous");
        return -1;
    }
    if ((flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS &&
        !pc_tensor_is_c_contiguous(t) && !(t->flags & PC_FLAG_F_CONTIGUOUS)) {
        PyErr_SetString(PyExc_BufferError, "the tensor is neither C- nor Fortran-contiguous; "
                        "call contiguous() first");
        return -1;
    }
    view->buf = t->data;
    view->obj = Py_NewRef(self);
    view->len = (Py_ssize_t)(t->size * pc_dtype_itemsize(t->dtype));
    view->readonly = (t->flags & PC_FLAG_READONLY) ? 1 : 0;
    view->itemsize = pc_dtype_itemsize(t->dtype);
    view->format = (flags & PyBUF_FORMAT) ? (char *)fmt : NULL;
    view->ndim = t->ndim;
    view->shape = (flags & PyBUF_ND) ? (Py_ssize_t *)t->shape : NULL;
    view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? (Py_ssize_t *)t->strides : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    return 0;
}

/* [Why __array__ casts bfloat16 itself] NumPy has no bfloat16, so such a tensor has no buffer;
 * when NumPy asks for a dtype it has (np.asarray(t, dtype=np.float32)), the cast is done here and
 * its result exported. The cast is a copy: copy=False refuses it. New reference. */
static PyObject *array_of_cast(PyObject *self, PyObject *dtype_obj, int copy)
{
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    pc_dtype want;
    if (pcpy_dtype_from_py(st, dtype_obj, false, &want) < 0) {
        return NULL;
    }
    if (copy == 0) {
        PyErr_SetString(PyExc_ValueError, "__array__(copy=False): a dtype conversion needs a copy");
        return NULL;
    }
    pc_tensor *c;
    PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(self)->size);
    pc_status s = pc_astype(pcpy_tensor_get(self), want, true, &c);
    pcpy_restore_gil(ts);
    PyObject *cast = pcpy_tensor_result(st, s, c);
    PyObject *np = cast != NULL ? PyImport_ImportModule("numpy") : NULL;
    PyObject *res = np != NULL ? PyObject_CallMethod(np, "asarray", "O", cast) : NULL;
    Py_XDECREF(np);
    Py_XDECREF(cast);
    return res;
}

static PyObject *tensor_array(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"dtype", "copy", NULL};
    static const pcpy_argspec spec = {"__array__", names, 0, 1, 0};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    int copy;
    if (pcpy_copy_arg(a[1], &copy) < 0) {
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(self);
    if (pc_tensor_device(t).type != PC_DEVICE_CPU) {
        /* a device tensor: NumPy gets a host copy (a transfer is a copy: copy=False refuses) */
        if (copy == 0) {
            PyErr_SetString(PyExc_ValueError, "__array__(copy=False): a device tensor needs a "
                            "copy to the host");
            return NULL;
        }
        pc_tensor *host;
        pc_status s = host_copy(t, &host);
        PyObject *h = pcpy_tensor_result(pcpy_state_from_type(Py_TYPE(self)), s, host);
        PyObject *res = h != NULL ? (a[0] != NULL && a[0] != Py_None
                                         ? PyObject_CallMethod(h, "__array__", "O", a[0])
                                         : PyObject_CallMethod(h, "__array__", NULL))
                                  : NULL;
        Py_XDECREF(h);
        return res;
    }
    if (pc_dtype_get_info(t->dtype)->buffer_format == NULL && a[0] != NULL && a[0] != Py_None) {
        return array_of_cast(self, a[0], copy);
    }
    PyObject *np = PyImport_ImportModule("numpy");
    if (np == NULL) {
        return NULL;
    }
    PyObject *mv = PyMemoryView_FromObject(self);
    PyObject *arr = mv != NULL ? PyObject_CallMethod(np, "asarray", "O", mv) : NULL;
    Py_XDECREF(mv);
    PyObject *res = NULL;
    if (arr != NULL) {
        /* same dtype as requested (or none requested)? */
        int same = 1;
        if (a[0] != NULL && a[0] != Py_None) {
            PyObject *wd = PyObject_CallMethod(np, "dtype", "O", a[0]);
            PyObject *have = wd != NULL ? PyObject_GetAttrString(arr, "dtype") : NULL;
            same = have != NULL ? PyObject_RichCompareBool(wd, have, Py_EQ) : -1;
            Py_XDECREF(wd);
            Py_XDECREF(have);
        }
        if (same < 0) {
            res = NULL;
        } else if (!same && copy == 0) {
            PyErr_SetString(PyExc_ValueError, "__array__(copy=False): a dtype conversion needs a "
                            "copy");
        } else if (!same) {
            res = PyObject_CallMethod(arr, "astype", "O", a[0]);
        } else if (copy == 1) {
            res = PyObject_CallMethod(arr, "copy", NULL);
        } else {
            res = Py_NewRef(arr);
        }
        Py_DECREF(arr);
    }
    Py_DECREF(np);
    return res;
}

/* Paddle's Tensor.numpy(): a NumPy copy; bfloat16 comes back as its uint16 bit patterns, as in
 * Paddle. */
static PyObject *tensor_numpy(PyObject *self, PyObject *unused)
{
    (void)unused;
    const pc_tensor *t = pcpy_tensor_get(self);
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    pc_tensor *c;
    pc_status s = host_copy(t, &c);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    if (c->dtype == PC_BFLOAT16) {
        c->dtype = PC_UINT16; /* same item size: a reinterpretation of the fresh copy */
    }
    PyObject *copy = pcpy_tensor_wrap(st, c);
    if (copy == NULL) {
        return NULL;
    }
    PyObject *np = PyImport_ImportModule("numpy");
    PyObject *res = np != NULL ? PyObject_CallMethod(np, "asarray", "O", copy) : NULL;
    Py_XDECREF(np);
    Py_DECREF(copy);
    return res;
}

/* ---- the type ------------------------------------------------------------------------------ */

static PyGetSetDef tensor_getset[] = {
    {"dtype", get_dtype, NULL, "Data type of the elements.", NULL},
    {"device", get_device, NULL, "Device where the tensor's memory lives.", NULL},
    {"place", get_device, NULL, "Paddle's name for device.", NULL},
    {"ndim", get_ndim, NULL, "Number of dimensions.", NULL},
    {"shape", get_shape, NULL, "Extent of each dimension (a tuple).", NULL},
    {"size", get_size, NULL, "Number of elements.", NULL},
    {"itemsize", get_itemsize, NULL, "Bytes per element.", NULL},
    {"nbytes", get_nbytes, NULL, "Bytes of all elements.", NULL},
    {"strides", get_strides, NULL, "Byte step of each dimension (a tuple), as in NumPy.", NULL},
    {"T", get_T, NULL, "View with the axes reversed.", NULL},
    {"mT", get_mT, NULL, "View with the last two axes swapped.", NULL},
    {"stop_gradient", pcpy_ag_get_stop_gradient, pcpy_ag_set_stop_gradient,
     "Whether no gradient is computed for this tensor (True for created tensors).", NULL},
    {"grad", pcpy_ag_get_grad, pcpy_ag_set_grad,
     "The gradient accumulated by backward() (None before any).", NULL},
    {"grad_fn", pcpy_ag_get_grad_fn, NULL, "The node of the graph that made this tensor.", NULL},
    {"_grad_fn", pcpy_ag_get_grad_fn, pcpy_ag_set_grad_fn, NULL, NULL},
    {"_hooks", pcpy_ag_get_hooks, pcpy_ag_set_hooks, NULL, NULL},
    {"is_leaf", pcpy_ag_get_is_leaf, NULL, "Whether no recorded operation made this tensor.",
     NULL},
    {"_version", pcpy_ag_get_version, NULL,
     "How many in-place writes the tensor's memory has had.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyMethodDef pcpy_tensor_core_methods[] = {
    {"__array_namespace__", (PyCFunction)(void (*)(void))tensor_array_namespace,
     METH_FASTCALL | METH_KEYWORDS,
     "__array_namespace__($self, /, *, api_version=None)\n--\n\n"
     "The paddle_c namespace (array API standard versions 2021.12 to 2025.12)."},
    {"to_device", (PyCFunction)(void (*)(void))tensor_to_device, METH_FASTCALL | METH_KEYWORDS,
     "to_device($self, device, /, *, stream=None)\n--\n\n"
     "The tensor on `device` (itself when it is already there)."},
    {"astype", (PyCFunction)(void (*)(void))tensor_astype, METH_FASTCALL | METH_KEYWORDS,
     "astype($self, dtype, /, *, copy=True, device=None)\n--\n\n"
     "A copy cast to `dtype` (the tensor itself when copy=False and nothing changes)."},
    {"tolist", tensor_tolist, METH_NOARGS,
     "tolist($self, /)\n--\n\nThe elements as nested Python lists of Python scalars."},
    {"item", (PyCFunction)(void (*)(void))tensor_item, METH_FASTCALL,
     "item($self, /, *index)\n--\n\nThe one element of a tensor of size 1 as a Python scalar; "
     "with one index the element at that flat (C-order) position, with one index per axis "
     "the element there."},
    {"numpy", tensor_numpy, METH_NOARGS,
     "numpy($self, /)\n--\n\nA NumPy copy (bfloat16 gives its uint16 bit patterns, as Paddle "
     "does)."},
    {"__complex__", tensor_complex, METH_NOARGS, "__complex__($self, /)\n--\n\n"},
    {"__copy__", tensor_copy, METH_NOARGS, "__copy__($self, /)\n--\n\n"},
    {"__deepcopy__", tensor_deepcopy, METH_O, "__deepcopy__($self, memo, /)\n--\n\n"},
    {"__reduce__", tensor_reduce, METH_NOARGS, "__reduce__($self, /)\n--\n\n"},
    {"__array__", (PyCFunction)(void (*)(void))tensor_array, METH_FASTCALL | METH_KEYWORDS,
     "__array__($self, /, dtype=None, copy=None)\n--\n\n"
     "A NumPy array sharing memory with the tensor (copy=None), or a copy."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_core_slots[] = {
    {Py_tp_dealloc, tensor_dealloc},
    {Py_tp_getset, tensor_getset},
    {Py_nb_bool, tensor_bool},
    {Py_nb_int, tensor_int},
    {Py_nb_float, tensor_float},
    {Py_nb_index, tensor_index},
    {Py_sq_length, tensor_len},
    {Py_mp_length, tensor_len},
    {Py_sq_item, tensor_sq_item},
    {Py_tp_iter, tensor_iter},
    {Py_bf_getbuffer, tensor_getbuffer},
    {0, NULL},
};
