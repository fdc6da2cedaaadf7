/*
 * convert.c - Python objects -> tensors: nested sequences, the buffer protocol, and asarray's
 * decision tree (scalars and shapes alone: values.c).
 *
 * Ownership rules: a tensor that borrows a buffer-protocol exporter's memory owns a Py_buffer
 * (PyMem_Raw block) through its storage's `owner`; release_buffer() releases it with the GIL
 * held, once, when the last view of the storage goes.
 */
#include <string.h>

#include "interop/bools.h"
#include "pcpy.h"

/* ---- the buffer protocol ------------------------------------------------------------------- */

/* Python 3.13 made the finalization test public (Py_IsFinalizing) and removed the private
 * _Py_IsFinalizing that older versions have. */
#if PY_VERSION_HEX >= 0x030D0000
#define PCPY_IS_FINALIZING() Py_IsFinalizing()
#else
#define PCPY_IS_FINALIZING() _Py_IsFinalizing()
#endif

static void release_buffer(pc_storage *s)
{
    Py_buffer *view = (Py_buffer *)s->owner;
    if (view == NULL) {
        return;
    }
    /* [Why check finalization] A tensor can outlive the interpreter's objects at shutdown;
     * then the exporter is gone already and only our own block is freed. */
    if (Py_IsInitialized() && !PCPY_IS_FINALIZING()) {
        PyGILState_STATE g = PyGILState_Ensure();
        PyBuffer_Release(view);
        PyGILState_Release(g);
    }
    PyMem_RawFree(view);
}

/* The dtype of a PEP 3118 format with the given item size, or PC_DTYPE_INVALID. */
static pc_dtype dtype_from_format(const char *fmt, Py_ssize_t itemsize)
{
    if (fmt == NULL) {
        return itemsize == 1 ? PC_UINT8 : PC_DTYPE_INVALID;
    }
    if (*fmt == '@' || *fmt == '=' || *fmt == '<') {
        fmt++;
    } else if ((*fmt == '>' || *fmt == '!') && itemsize != 1) {
        return PC_DTYPE_INVALID; /* big-endian data */
    } else if (*fmt == '>' || *fmt == '!') {
        fmt++;
    }
    pc_dtype dt = PC_DTYPE_INVALID;
    if (strcmp(fmt, "Zf") == 0) {
        dt = PC_COMPLEX64;
    } else if (strcmp(fmt, "Zd") == 0) {
        dt = PC_COMPLEX128;
    } else if (fmt[0] != '\0' && fmt[1] == '\0') {
        switch (fmt[0]) {
        case '?':
            dt = PC_BOOL;
            break;
        case 'b':
            dt = PC_INT8;
            break;
        case 'B':
        case 'c':
            dt = PC_UINT8;
            break;
        case 'e':
            dt = PC_FLOAT16;
            break;
        case 'f':
            dt = PC_FLOAT32;
            break;
        case 'd':
            dt = PC_FLOAT64;
            break;
        case 'h':
        case 'i':
        case 'l':
        case 'q':
        case 'n':
            dt = itemsize == 2 ? PC_INT16 : itemsize == 4 ? PC_INT32 : itemsize == 8 ? PC_INT64
                                                                                     : dt;
            break;
        case 'H':
        case 'I':
        case 'L':
        case 'Q':
        case 'N':
            dt = itemsize == 2 ? PC_UINT16 : itemsize == 4 ? PC_UINT32
                                         : itemsize == 8 ? PC_UINT64 : dt;
            break;
        default:
            break;
        }
    }
    if (dt != PC_DTYPE_INVALID && pc_dtype_itemsize(dt) != itemsize) {
        return PC_DTYPE_INVALID;
    }
    return dt;
}

/* Wrap the tensor of an import (`status`, `t`) with its bool bytes normalised to 0 and 1
 * (interop/bools.h); a normalised tensor is a copy. New reference, or NULL with an exception. */
static PyObject *imported_result(pcpy_state *st, pc_status status, pc_tensor *t)
{
    pc_tensor *fixed = NULL;
    if (status == PC_OK) {
        status = pc_bools_imported(t, true, &fixed);
        if (status != PC_OK || fixed != NULL) {
            pc_tensor_free(t);
            t = fixed;
        }
    }
    return pcpy_tensor_result(st, status, t);
}

/* A tensor viewing `obj`'s buffer (zero copy). Unaligned buffers, and bool buffers holding
 * bytes other than 0 and 1, are copied. New reference, or NULL with an exception. */
static PyObject *from_buffer(pcpy_state *st, PyObject *obj)
{
    Py_buffer *view = PyMem_RawMalloc(sizeof *view);
    if (view == NULL) {
        return PyErr_NoMemory();
    }
    if (PyObject_GetBuffer(obj, view, PyBUF_RECORDS_RO) < 0) {
        PyMem_RawFree(view);
        return NULL;
    }
    const pc_dtype dt = dtype_from_format(view->format, view->itemsize);
    if (dt == PC_DTYPE_INVALID || view->ndim < 0 || view->ndim > PC_MAX_NDIM ||
        view->suboffsets != NULL) {
        PyErr_Format(PyExc_TypeError, "cannot convert a buffer of format '%s' (item size %zd) "
                     "to a paddle_c dtype", view->format ? view->format : "B", view->itemsize);
        PyBuffer_Release(view);
        PyMem_RawFree(view);
        return NULL;
    }
    const int ndim = view->ndim;
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    for (int i = 0; i < ndim; i++) {
        shape[i] = view->shape != NULL ? view->shape[i] : (int64_t)(view->len / view->itemsize);
    }
    if (view->strides != NULL) {
        for (int i = 0; i < ndim; i++) {
            strides[i] = view->strides[i];
        }
    } else {
        pc_shape_c_strides(ndim, shape, (int)view->itemsize, strides);
    }
    /* lowest and highest byte the view touches, with the arithmetic checked: the numbers come
     * from the exporter */
    int64_t lo = 0;
    int64_t hi = 0;
    int64_t size = 0;
    pc_status status = pc_shape_size(ndim, shape, (int)view->itemsize, &size);
    for (int i = 0; status == PC_OK && i < ndim; i++) {
        int64_t span = 0;
        if (shape[i] > 0 && (__builtin_mul_overflow(shape[i] - 1, strides[i], &span) ||
                             __builtin_add_overflow(lo, span < 0 ? span : 0, &lo) ||
                             __builtin_add_overflow(hi, span > 0 ? span : 0, &hi))) {
            status = pc_error_set(PC_ERR_BUFFER, "the buffer's strides overflow");
        }
    }
    int64_t extent = 0;
    if (status == PC_OK && (__builtin_sub_overflow(hi, lo, &extent) ||
                            __builtin_add_overflow(extent, (int64_t)view->itemsize, &extent))) {
        status = pc_error_set(PC_ERR_BUFFER, "the buffer's strides overflow");
    }
    if (status != PC_OK) {
        PyBuffer_Release(view);
        PyMem_RawFree(view);
        return pcpy_raise(status);
    }
    const int align = pc_dtype_kind(dt) == PC_KIND_COMPLEX ? (int)view->itemsize / 2
                                                           : (int)view->itemsize;
    bool aligned = ((uintptr_t)view->buf % (uintptr_t)align) == 0;
    for (int i = 0; i < ndim; i++) {
        aligned = aligned && strides[i] % align == 0;
    }

    pc_storage *s = NULL;
    pc_tensor *t = NULL;
    if (size == 0) {
        status = pc_tensor_empty(ndim, shape, dt, pc_device_cpu(), &t);
        PyBuffer_Release(view);
        PyMem_RawFree(view);
        return pcpy_tensor_result(st, status, t);
    }
    if (!aligned) {
        /* copy element by element into fresh, aligned memory */
        status = pc_tensor_empty(ndim, shape, dt, pc_device_cpu(), &t);
        if (status == PC_OK) {
            int64_t idx[PC_MAX_NDIM] = {0};
            char *dst = t->data;
            for (int64_t k = 0; k < size; k++) {
                const char *src = (const char *)view->buf;
                for (int i = 0; i < ndim; i++) {
                    src += idx[i] * strides[i];
                }
                memcpy(dst + k * view->itemsize, src, (size_t)view->itemsize);
                for (int i = ndim - 1; i >= 0; i--) {
                    if (++idx[i] < shape[i]) {
                        break;
                    }
                    idx[i] = 0;
                }
            }
        }
        PyBuffer_Release(view);
        PyMem_RawFree(view);
        return imported_result(st, status, t);
    }
    status = pc_storage_wrap(pc_device_cpu(), (char *)view->buf + lo, extent,
                             view->readonly != 0, release_buffer, view, &s);
    if (status != PC_OK) {
        PyBuffer_Release(view);
        PyMem_RawFree(view);
        return pcpy_raise(status);
    }
    status = pc_tensor_view_new(s, dt, -lo, ndim, shape, strides, &t);
    pc_storage_decref(s); /* the tensor holds the storage now (or it is released here) */
    return imported_result(st, status, t);
}

/* ---- nested sequences ----------------------------------------------------------------------- */

/* [Why nested data is read in place or frozen first] Converting [[1, a], b] may run Python
 * code: a's __array__ or __dlpack__, a sequence's __len__ and __getitem__. That code may change
 * any list of the nesting, including one already measured, and the passes that measure it
 * (shape, kinds) and fill the result must see one and the same nesting. Plain nesting - lists
 * and tuples whose leaves are Python scalars and Tensors, the common case - runs no Python code
 * while it is read (nothing is allocated that could start the garbage collector either), so it
 * cannot change: it is measured and filled in place, in two passes. Anything else is frozen
 * first (freeze): every list and tuple level becomes a tuple snapshot (pcpy_seq_snapshot)
 * before any item's code runs, then each leaf that is not a Python scalar becomes a Tensor,
 * running its code once; the frozen copy is plain, and it is what the passes read. The nesting is at most PC_MAX_NDIM levels deep:
 * a sequence that contains itself is a ValueError (as in NumPy), not a stack overflow. Lists
 * and tuples are levels; so is any other object with __len__ and __getitem__ that offers no
 * array interface (buffer, __dlpack__, __array__). */

typedef struct seq_info {
    int ndim;                   /* dimensions contributed by the nesting */
    int64_t shape[PC_MAX_NDIM];  /* nesting dims, then the leaf tensors' dims */
    int full_ndim;
    bool has_bool, has_int, has_float, has_complex, has_tensor;
    bool has_big_int;           /* an int above INT64_MAX: inferred as uint64, like NumPy */
    pc_dtype tensor_dtype;      /* promotion of the tensor leaves */
} seq_info;

/* A level of plain nesting: a list or a tuple (read in place, through ob_item). */
static bool is_level(PyObject *o) { return PyList_Check(o) || PyTuple_Check(o); }

static PyObject *level_item(PyObject *o, Py_ssize_t i)
{
    return PyList_Check(o) ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i);
}

/* What measure() returns when the nesting is not plain and must be frozen first. */
enum { NOT_PLAIN = 1 };

static int too_deep(void)
{
    PyErr_Format(PyExc_ValueError, "the nested sequence is more than %d levels deep (a tensor "
                 "has at most %d dimensions; does a sequence contain itself?)", PC_MAX_NDIM,
                 PC_MAX_NDIM);
    return -1;
}

/* An object that converts as an array (tensor, buffer, DLPack or __array__ producer). */
static bool is_array_like(pcpy_state *st, PyObject *o)
{
    return pcpy_tensor_check(st, o) || PyObject_CheckBuffer(o) ||
           PyObject_HasAttrString(o, "__dlpack__") || PyObject_HasAttrString(o, "__array__");
}

/* A nesting level: a list, a tuple, or another sequence that is no array and no string. */
static bool is_sequence(pcpy_state *st, PyObject *o)
{
    return PyList_Check(o) || PyTuple_Check(o) ||
           (PySequence_Check(o) && !PyUnicode_Check(o) && !is_array_like(st, o));
}

/* `snap` (a tuple; reference stolen) with each item replaced by fn(st, item, depth): itself
 * when no item changes, else a private copy. New reference, or NULL with an exception. */
static PyObject *map_items(PyObject *snap, PyObject *(*fn)(pcpy_state *, PyObject *, int),
                           pcpy_state *st, int depth)
{
    PyObject *own = NULL; /* a private copy of snap, made at the first item that changes */
    const Py_ssize_t n = PyTuple_GET_SIZE(snap);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(snap, i);
        PyObject *mapped = fn(st, item, depth);
        if (mapped == NULL) {
            Py_XDECREF(own);
            Py_DECREF(snap);
            return NULL;
        }
        if (mapped == item) {
            Py_DECREF(mapped);
            continue;
        }
        if (own == NULL) {
            own = PyTuple_New(n);
            for (Py_ssize_t j = 0; own != NULL && j < n; j++) {
                PyTuple_SET_ITEM(own, j, Py_NewRef(PyTuple_GET_ITEM(snap, j)));
            }
            if (own == NULL) {
                Py_DECREF(mapped);
                Py_DECREF(snap);
                return NULL;
            }
        }
        PyObject *old = PyTuple_GET_ITEM(own, i);
        PyTuple_SET_ITEM(own, i, mapped); /* `own` is ours alone */
        Py_DECREF(old);
    }
    if (own != NULL) {
        Py_DECREF(snap);
        return own;
    }
    return snap;
}

static PyObject *snapshot_levels(pcpy_state *st, PyObject *seq, int depth);

/* An item of a level being snapshot: a list or tuple's own snapshot, anything else itself. */
static PyObject *level_snapshot(pcpy_state *st, PyObject *o, int depth)
{
    return is_level(o) ? snapshot_levels(st, o, depth) : Py_NewRef(o);
}

/* The first step of freezing the sequence `seq` found at nesting `depth`: a tuple snapshot of
 * it whose list and tuple items are their own snapshots, all the way down. New reference. */
static PyObject *snapshot_levels(pcpy_state *st, PyObject *seq, int depth)
{
    if (depth >= PC_MAX_NDIM) {
        too_deep();
        return NULL;
    }
    PyObject *snap = pcpy_seq_snapshot(seq);
    return snap != NULL ? map_items(snap, level_snapshot, st, depth + 1) : NULL;
}

static PyObject *freeze_levels(pcpy_state *st, PyObject *levels, int depth);
static PyObject *freeze(pcpy_state *st, PyObject *seq, int depth);

/* The frozen form of one item of a snapshot at nesting `depth`: a Python scalar itself, a
 * level's frozen tuple, a sequence's frozen tuple, or anything else as a Tensor. New
 * reference. */
static PyObject *freeze_item(pcpy_state *st, PyObject *o, int depth)
{
    pc_scalar s;
    const int r = pcpy_scalar_from_py(o, &s);
    if (r != 0) {
        return r < 0 ? NULL : Py_NewRef(o);
    }
    if (pcpy_tensor_check(st, o)) {
        return Py_NewRef(o);
    }
    if (PyTuple_Check(o)) {
        return freeze_levels(st, Py_NewRef(o), depth); /* snapshot already */
    }
    if (is_sequence(st, o)) {
        return freeze(st, o, depth);
    }
    return pcpy_asarray(st, o, PC_DTYPE_INVALID, NULL, -1);
}

/* The second step: `levels` (a snapshot of snapshot_levels, its depth checked there;
 * reference stolen) with each leaf frozen. New reference. */
static PyObject *freeze_levels(pcpy_state *st, PyObject *levels, int depth)
{
    return map_items(levels, freeze_item, st, depth + 1);
}

/* [Why every level is snapshot before any item runs code] Freezing level by level, item by
 * item, would snapshot a list only when the walk reaches it, after earlier items' __array__
 * (or a sequence's __getitem__) had run and could have grown or emptied it: [[a, ...], b]
 * would read b as a's code left it, and a b grown to the right length gave a shape that the
 * nesting never had. So the lists and tuples of the nesting are all snapshot first, in one
 * step that runs no Python code - the garbage collector, whose finalizers are Python code, is
 * paused meanwhile - and only then are the leaves converted. What asarray converts is the
 * nesting as it was when the call began. (A sequence that is no list or tuple is snapshot when
 * the walk reaches it: reading it runs its code anyway.) The frozen copy of the sequence `seq`
 * found at nesting `depth`. New reference. */
static PyObject *freeze(pcpy_state *st, PyObject *seq, int depth)
{
    const int collecting = PyGC_Disable();
    PyObject *levels = snapshot_levels(st, seq, depth);
    if (collecting) {
        PyGC_Enable();
    }
    return levels != NULL ? freeze_levels(st, levels, depth) : NULL;
}

/* The shape, following first elements: 0, -1 (exception), or NOT_PLAIN. */
static int discover_shape(pcpy_state *st, PyObject *obj, seq_info *info)
{
    info->ndim = 0;
    PyObject *o = obj;
    while (is_level(o)) {
        if (info->ndim >= PC_MAX_NDIM) {
            return too_deep();
        }
        const Py_ssize_t n = Py_SIZE(o);
        info->shape[info->ndim++] = n;
        if (n == 0) {
            info->full_ndim = info->ndim;
            return 0;
        }
        o = level_item(o, 0);
    }
    info->full_ndim = info->ndim;
    if (pcpy_tensor_check(st, o)) {
        const pc_tensor *lt = pcpy_tensor_get(o);
        if (info->ndim + lt->ndim > PC_MAX_NDIM) {
            PyErr_Format(PyExc_ValueError, "too many dimensions (at most %d)", PC_MAX_NDIM);
            return -1;
        }
        memcpy(info->shape + info->ndim, lt->shape, (size_t)lt->ndim * sizeof(int64_t));
        info->full_ndim = info->ndim + lt->ndim;
        return 0;
    }
    pc_scalar s;
    const int r = pcpy_scalar_from_py(o, &s);
    return r < 0 ? -1 : r == 0 ? NOT_PLAIN : 0;
}

static int ragged(void)
{
    PyErr_SetString(PyExc_ValueError, "the nested sequence is ragged: every element of a "
                    "dimension must have the same shape");
    return -1;
}

/* survey() of a Tensor leaf `o`. */
static int survey_tensor(PyObject *o, int depth, seq_info *info)
{
    const pc_tensor *lt = pcpy_tensor_get(o);
    int ok = depth == info->ndim && lt->ndim == info->full_ndim - info->ndim;
    for (int i = 0; ok && i < lt->ndim; i++) {
        ok = lt->shape[i] == info->shape[info->ndim + i];
    }
    if (!ok) {
        return ragged();
    }
    if (!info->has_tensor) {
        info->tensor_dtype = lt->dtype;
        info->has_tensor = true;
        return 0;
    }
    pc_dtype d;
    if (pc_promote_checked(info->tensor_dtype, lt->dtype, &d) != PC_OK) {
        return pcpy_raise_int(PC_ERR_TYPE);
    }
    info->tensor_dtype = d;
    return 0;
}

/* Check the shape everywhere and collect the kinds of the leaves: 0, -1 (exception), or
 * NOT_PLAIN at the first item that is neither a level, a Python scalar nor a Tensor. */
static int survey(pcpy_state *st, PyObject *o, int depth, seq_info *info)
{
    if (is_level(o)) {
        if (depth >= info->ndim || Py_SIZE(o) != info->shape[depth]) {
            return ragged();
        }
        const Py_ssize_t n = Py_SIZE(o);
        for (Py_ssize_t i = 0; i < n; i++) {
            const int r = survey(st, level_item(o, i), depth + 1, info);
            if (r != 0) {
                return r;
            }
        }
        return 0;
    }
    pc_scalar s;
    const int r = pcpy_scalar_from_py(o, &s); /* before the Tensor check: the common leaf */
    if (r < 0) {
        return -1;
    }
    if (r == 0) {
        return pcpy_tensor_check(st, o) ? survey_tensor(o, depth, info) : NOT_PLAIN;
    }
    if (depth != info->ndim || info->full_ndim != info->ndim) {
        return ragged();
    }
    switch (pc_scalar_kind_of(&s)) {
    case PC_SCALAR_BOOL:
        info->has_bool = true;
        break;
    case PC_SCALAR_INT:
        info->has_int = true;
        info->has_big_int = info->has_big_int || s.dtype == PC_UINT64;
        break;
    case PC_SCALAR_FLOAT:
        info->has_float = true;
        break;
    default:
        info->has_complex = true;
        break;
    }
    return 0;
}

/* Both measuring passes: 0, -1 (exception), or NOT_PLAIN. */
static int measure(pcpy_state *st, PyObject *obj, seq_info *info)
{
    memset(info, 0, sizeof *info);
    const int r = discover_shape(st, obj, info);
    return r != 0 ? r : survey(st, obj, 0, info);
}

static pc_dtype inferred_dtype(const seq_info *info)
{
    if (info->has_tensor) {
        pc_dtype d = info->tensor_dtype;
        if (info->has_bool) {
            d = pc_promote_scalar(d, PC_SCALAR_BOOL);
        }
        if (info->has_int) {
            d = pc_promote_scalar(d, PC_SCALAR_INT);
        }
        if (info->has_float) {
            d = pc_promote_scalar(d, PC_SCALAR_FLOAT);
        }
        if (info->has_complex) {
            d = pc_promote_scalar(d, PC_SCALAR_COMPLEX);
        }
        return d;
    }
    if (info->has_complex) {
        return PC_DEFAULT_COMPLEX;
    }
    if (info->has_float) {
        return PC_DEFAULT_FLOAT;
    }
    if (info->has_int) {
        return info->has_big_int ? PC_UINT64 : PC_DEFAULT_INT;
    }
    if (info->has_bool) {
        return PC_BOOL;
    }
    return PC_DEFAULT_FLOAT; /* an empty sequence */
}

/* Third pass: write the elements of `o` (at nesting depth `depth`) starting at `dst`. */
static int fill(PyObject *o, int depth, const seq_info *info, pc_tensor *out, char *dst)
{
    if (depth < info->ndim) {
        const Py_ssize_t n = Py_SIZE(o); /* survey checked it is shape[depth] */
        const int64_t stride = out->strides[depth];
        for (Py_ssize_t i = 0; i < n; i++) {
            if (fill(level_item(o, i), depth + 1, info, out, dst + i * stride) < 0) {
                return -1;
            }
        }
        return 0;
    }
    /* fast paths for the common element types */
    if (PyFloat_CheckExact(o)) {
        if (out->dtype == PC_FLOAT32) {
            *(float *)dst = (float)PyFloat_AS_DOUBLE(o);
            return 0;
        }
        if (out->dtype == PC_FLOAT64) {
            *(double *)dst = PyFloat_AS_DOUBLE(o);
            return 0;
        }
    }
    pc_scalar s;
    const int r = pcpy_scalar_from_py(o, &s);
    if (r < 0) {
        return -1;
    }
    if (r == 1) {
        pc_status status = pc_scalar_store(&s, out->dtype, dst);
        return status == PC_OK ? 0 : pcpy_raise_int(status);
    }
    pc_tensor *slot;
    pc_status status = pc_tensor_restride(out, out->ndim - info->ndim, out->shape + info->ndim,
                                          out->strides + info->ndim, dst - (char *)out->storage->data,
                                          &slot);
    if (status != PC_OK) {
        slot = NULL;
    }
    const pc_tensor *elem = pcpy_tensor_get(o);
    pc_tensor *host = NULL;
    if (status == PC_OK && pc_tensor_device(elem).type != PC_DEVICE_CPU) {
        /* a device tensor inside a sequence: copied to the host like any element */
        status = pc_to_device(elem, pc_device_cpu(), &host);
        elem = host;
    }
    if (status == PC_OK) {
        status = pc_copy_into(slot, elem);
    }
    pc_tensor_free(slot);
    pc_tensor_free(host);
    return status == PC_OK ? 0 : pcpy_raise_int(status);
}

static PyObject *from_sequence(pcpy_state *st, PyObject *obj, pc_dtype dtype, pc_device device)
{
    seq_info info;
    PyObject *frozen = NULL;
    PyObject *src = obj;
    pc_tensor *out = NULL;
    int r = is_level(obj) ? measure(st, obj, &info) : NOT_PLAIN;
    if (r == NOT_PLAIN) {
        frozen = freeze(st, obj, 0);
        if (frozen == NULL) {
            return NULL;
        }
        src = frozen;
        r = measure(st, frozen, &info); /* a frozen nesting is plain */
    }
    if (r != 0) {
        goto fail;
    }
    const pc_dtype dt = dtype != PC_DTYPE_INVALID ? dtype : inferred_dtype(&info);
    /* built on the CPU, then moved */
    pc_status status = pc_tensor_empty(info.full_ndim, info.shape, dt, pc_device_cpu(), &out);
    if (status != PC_OK) {
        pcpy_raise(status);
        goto fail;
    }
    if (out->size > 0 && fill(src, 0, &info, out, out->data) < 0) {
        goto fail;
    }
    Py_XDECREF(frozen);
    if (device.type != PC_DEVICE_CPU) {
        pc_tensor *moved;
        PyThreadState *ts = pcpy_release_gil(out->size);
        status = pc_to_device(out, device, &moved);
        pcpy_restore_gil(ts);
        pc_tensor_free(out);
        return pcpy_tensor_result(st, status, moved);
    }
    return pcpy_tensor_wrap(st, out);
fail:
    pc_tensor_free(out);
    Py_XDECREF(frozen);
    return NULL;
}

/* ---- asarray ----------------------------------------------------------------------------- */

static PyObject *copy_refused(const char *why)
{
    PyErr_Format(PyExc_ValueError, "asarray(copy=False): %s needs a copy", why);
    return NULL;
}

/* Apply dtype / device / copy to a tensor object. New reference. `fresh` says the tensor was
 * just created (a further copy is never needed for copy=True). */
static PyObject *finish(pcpy_state *st, PyObject *tobj, pc_dtype dtype, const pc_device *device,
                        int copy, bool fresh)
{
    const pc_tensor *t = pcpy_tensor_get(tobj);
    const bool cast = dtype != PC_DTYPE_INVALID && dtype != t->dtype;
    const bool move = device != NULL && !pc_device_equal(*device, pc_tensor_device(t));
    if (!cast && !move && (copy != 1 || fresh)) {
        return Py_NewRef(tobj);
    }
    if (copy == 0) {
        return copy_refused(cast ? "a dtype conversion" : "a device transfer");
    }
    pc_tensor *out;
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status status = pc_astype(t, cast ? dtype : t->dtype, true, &out);
    if (status == PC_OK && move) {
        pc_tensor *moved;
        status = pc_to_device(out, *device, &moved);
        pc_tensor_free(out);
        out = moved;
    }
    pcpy_restore_gil(ts);
    return pcpy_tensor_result(st, status, out);
}

/* [Why NumPy scalars are copied] A NumPy scalar (np.float64(1.5)) is a value: its buffer is
 * read-only memory inside an immutable object. NumPy's asarray makes a fresh writable 0-D array
 * of it, and code written for NumPy relies on that (it writes into the result in place), so
 * asarray with copy=None copies it too. 1 for a NumPy scalar, 0 otherwise, -1 on error. Only
 * read-only 0-D views are checked; NumPy not being imported means no NumPy scalar exists. */
static int is_numpy_scalar(PyObject *obj, const pc_tensor *view)
{
    if (view->ndim != 0 || !(view->flags & PC_FLAG_READONLY)) {
        return 0;
    }
    PyObject *name = PyUnicode_FromString("numpy");
    PyObject *np = name != NULL ? PyImport_GetModule(name) : NULL;
    Py_XDECREF(name);
    if (np == NULL) {
        return PyErr_Occurred() ? -1 : 0;
    }
    PyObject *generic = PyObject_GetAttrString(np, "generic");
    Py_DECREF(np);
    if (generic == NULL) {
        return -1;
    }
    const int r = PyObject_IsInstance(obj, generic);
    Py_DECREF(generic);
    return r;
}

PyObject *pcpy_asarray(pcpy_state *st, PyObject *obj, pc_dtype dtype, const pc_device *device,
                       int copy)
{
    if (pcpy_tensor_check(st, obj)) {
        return finish(st, obj, dtype, device, copy, false);
    }
    /* objects that are not our tensors go to the default device when none is given */
    const pc_device dflt = pcpy_default_device(st);
    if (device == NULL && dflt.type != PC_DEVICE_CPU) {
        device = &dflt;
    }
    const pc_device dev = device != NULL ? *device : dflt;
    pc_scalar s;
    const int r = pcpy_scalar_from_py(obj, &s);
    if (r < 0) {
        return NULL;
    }
    if (r == 1) {
        if (copy == 0) {
            return copy_refused("converting a Python scalar");
        }
        pc_dtype dt = dtype;
        if (dt == PC_DTYPE_INVALID) {
            const pc_scalar_kind k = pc_scalar_kind_of(&s);
            dt = k == PC_SCALAR_BOOL    ? PC_BOOL
                 : k == PC_SCALAR_INT   ? (s.dtype == PC_UINT64 ? PC_UINT64 : PC_DEFAULT_INT)
                 : k == PC_SCALAR_FLOAT ? PC_DEFAULT_FLOAT
                                        : PC_DEFAULT_COMPLEX;
        }
        pc_tensor *t;
        pc_status status = pc_full(0, NULL, &s, dt, dev, &t);
        return pcpy_tensor_result(st, status, t);
    }
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        if (copy == 0) {
            return copy_refused("converting a sequence");
        }
        return from_sequence(st, obj, dtype, dev);
    }
    PyObject *t = NULL;
    if (PyObject_CheckBuffer(obj)) {
        t = from_buffer(st, obj);
    } else if (PyObject_HasAttrString(obj, "__dlpack__")) {
        return pcpy_from_dlpack(st, obj, dtype, device, copy);
    } else if (PyObject_HasAttrString(obj, "__array__")) {
        PyObject *arr = PyObject_CallMethod(obj, "__array__", NULL);
        if (arr == NULL) {
            return NULL;
        }
        t = from_buffer(st, arr);
        Py_DECREF(arr);
    } else if (PySequence_Check(obj) && !PyUnicode_Check(obj)) {
        if (copy == 0) {
            return copy_refused("converting a sequence");
        }
        return from_sequence(st, obj, dtype, dev);
    } else {
        PyErr_Format(PyExc_TypeError, "cannot convert an object of type %s to a tensor",
                     Py_TYPE(obj)->tp_name);
        return NULL;
    }
    if (t == NULL) {
        return NULL;
    }
    /* a zero-copy view unless from_buffer had to copy (an unaligned buffer, or bool bytes
     * other than 0 and 1) */
    const bool fresh = pcpy_tensor_get(t)->storage->release == NULL;
    if (copy == 0 && fresh && pcpy_tensor_get(t)->size > 0) {
        Py_DECREF(t);
        return copy_refused("an unaligned buffer, or bool data holding bytes other than 0 and "
                            "1,");
    }
    if (copy == -1 && !fresh) {
        const int value = is_numpy_scalar(obj, pcpy_tensor_get(t));
        if (value < 0) {
            Py_DECREF(t);
            return NULL;
        }
        copy = value ? 1 : copy;
    }
    PyObject *res = finish(st, t, dtype, device, copy, fresh);
    Py_DECREF(t);
    return res;
}

PyObject *pcpy_as_tensor(pcpy_state *st, PyObject *obj)
{
    if (pcpy_tensor_check(st, obj)) {
        return Py_NewRef(obj);
    }
    return pcpy_asarray(st, obj, PC_DTYPE_INVALID, NULL, -1);
}
