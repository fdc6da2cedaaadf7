/*
 * dlpack.c - DLPack for Python: Tensor.__dlpack__ / __dlpack_device__, from_dlpack's engine
 * (also asarray's route for objects that only speak DLPack) and the DLPack 1.3 C exchange API.
 *
 * Here: capsules, argument checking (max_version, dl_device, copy, stream), the choice between
 * sharing and copying, the producer-calling protocol of a consumer. Not here: the conversion
 * between managed tensors and pc_tensor (csrc/interop/dlpack.c, no Python).
 *
 * [Why a consumer passes its stream] paddle_c's GPU work runs on a non-blocking stream of its
 * own, which is not ordered with the legacy default stream. A producer asked without `stream`
 * (None: the legacy default stream) makes only that stream wait for its kernels, and ours could
 * read the data before they finish. So from_dlpack of a CUDA or ROCm producer passes our stream
 * of the producer's device (pc_dlpack_work_stream), the one the exchange API's
 * current_work_stream returns too.
 *
 * Ownership rules: a capsule we create owns its managed tensor until a consumer renames it to
 * "used_dltensor[_versioned]"; its destructor calls the deleter only while the name is unchanged,
 * so the deleter runs exactly once. A capsule we consume is renamed only after the managed
 * tensor has been taken over by a storage (on any failure before that the producer's capsule
 * keeps it and deletes it).
 */
#include "interop/dlpack.h"
#include "pcpy.h"

static const char VERSIONED_NAME[] = "dltensor_versioned";
static const char VERSIONED_USED[] = "used_dltensor_versioned";
static const char LEGACY_NAME[] = "dltensor";
static const char LEGACY_USED[] = "used_dltensor";

/* ---- producing ----------------------------------------------------------------------------- */

/* [Why the destructors keep the pending exception] A capsule is often dropped while an
 * exception propagates (a consumer that refused it); releasing memory may reach Python (a
 * buffer-protocol owner), which must not see or clear that exception. */
static void versioned_capsule_destructor(PyObject *capsule)
{
    if (PyCapsule_IsValid(capsule, VERSIONED_NAME)) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        DLManagedTensorVersioned *m = PyCapsule_GetPointer(capsule, VERSIONED_NAME);
        m->deleter(m);
        PyErr_Restore(type, value, tb);
    }
}

static void legacy_capsule_destructor(PyObject *capsule)
{
    if (PyCapsule_IsValid(capsule, LEGACY_NAME)) {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        DLManagedTensor *m = PyCapsule_GetPointer(capsule, LEGACY_NAME);
        m->deleter(m);
        PyErr_Restore(type, value, tb);
    }
}

/* An integer from `obj`, also accepting an Enum member through its `value`. */
static int int_or_enum(PyObject *obj, const char *what, long long *out)
{
    PyObject *v = NULL;
    if (PyIndex_Check(obj) && !PyBool_Check(obj)) {
        v = PyNumber_Index(obj);
    } else if (PyObject_HasAttrString(obj, "value")) {
        PyObject *value = PyObject_GetAttrString(obj, "value");
        v = value != NULL && PyIndex_Check(value) ? PyNumber_Index(value) : NULL;
        Py_XDECREF(value);
    }
    if (v == NULL) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "%s must be an integer, not %s", what,
                         Py_TYPE(obj)->tp_name);
        }
        return -1;
    }
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* A (device_type, device_id) pair such as __dlpack_device__ returns. */
static int dl_device_from_py(PyObject *obj, const char *what, DLDevice *out)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2) {
        PyErr_Format(PyExc_TypeError, "%s must be a (device_type, device_id) tuple, not %R",
                     what, obj);
        return -1;
    }
    long long type;
    long long id;
    if (int_or_enum(PyTuple_GET_ITEM(obj, 0), what, &type) < 0 ||
        int_or_enum(PyTuple_GET_ITEM(obj, 1), what, &id) < 0) {
        return -1;
    }
    if (type < INT32_MIN || type > INT32_MAX || id < INT32_MIN || id > INT32_MAX) {
        PyErr_Format(PyExc_ValueError, "%s %R is out of range", what, obj);
        return -1;
    }
    out->device_type = (DLDeviceType)type;
    out->device_id = (int32_t)id;
    return 0;
}

/* 1 for a versioned capsule, 0 for the legacy one, -1 on a malformed max_version. */
static int wants_versioned(PyObject *max_version)
{
    if (max_version == NULL || max_version == Py_None) {
        return 0;
    }
    if (!PyTuple_Check(max_version) || PyTuple_GET_SIZE(max_version) != 2) {
        PyErr_Format(PyExc_TypeError, "max_version must be a (major, minor) tuple or None, "
                     "not %R", max_version);
        return -1;
    }
    int64_t major;
    int64_t minor;
    if (pcpy_int64_arg(PyTuple_GET_ITEM(max_version, 0), "max_version[0]", 0, &major) < 0 ||
        pcpy_int64_arg(PyTuple_GET_ITEM(max_version, 1), "max_version[1]", 0, &minor) < 0) {
        return -1;
    }
    return major >= DLPACK_MAJOR_VERSION ? 1 : 0;
}

/* Check `stream` for a tensor exported on `dev` (the standard's per-device rules). Sets
 * *sync when the producer must wait for queued work first, and *consumer to the consumer's CUDA
 * stream (DLPack's encoding; None is the legacy default stream, 1) that the release of the
 * exported memory is ordered after (NULL: none, -1 or not CUDA). */
static int check_stream(PyObject *stream, pc_device dev, bool *sync, void **consumer)
{
    *sync = false;
    *consumer = NULL;
    if (stream == NULL || stream == Py_None) {
        *sync = dev.type != PC_DEVICE_CPU;
        *consumer = dev.type == PC_DEVICE_CUDA ? (void *)(uintptr_t)1 : NULL;
        return 0;
    }
    if (dev.type != PC_DEVICE_CUDA && dev.type != PC_DEVICE_ROCM) {
        PyErr_Format(PyExc_ValueError, "__dlpack__: stream must be None for a tensor on a device "
                     "without streams (the CPU), got %R", stream);
        return -1;
    }
    long long s;
    if (PyBool_Check(stream) || !PyLong_Check(stream)) {
        PyErr_Format(PyExc_TypeError, "__dlpack__: stream must be an integer or None, not %s",
                     Py_TYPE(stream)->tp_name);
        return -1;
    }
    s = PyLong_AsLongLong(stream);
    if (s == -1 && PyErr_Occurred()) {
        return -1;
    }
    const bool bad = dev.type == PC_DEVICE_CUDA ? (s == 0 || s < -1) : (s == 1 || s == 2 || s < -1);
    if (bad) {
        PyErr_Format(PyExc_ValueError, "__dlpack__: stream %lld is not valid for %s (CUDA takes "
                     "-1, 1, 2 or a stream pointer; ROCm takes -1, 0 or a stream pointer)", s,
                     dev.type == PC_DEVICE_CUDA ? "CUDA" : "ROCm");
        return -1;
    }
    *sync = s != -1;
    *consumer = dev.type == PC_DEVICE_CUDA && s != -1 ? (void *)(uintptr_t)s : NULL;
    return 0;
}

static PyObject *tensor_dlpack(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                               PyObject *kwnames)
{
    static const char *const names[] = {"stream", "max_version", "dl_device", "copy", NULL};
    static const pcpy_argspec spec = {"__dlpack__", names, 0, 0, 0};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    const pc_tensor *t = pcpy_tensor_get(self);
    int copy;
    const int versioned = wants_versioned(a[1]);
    if (versioned < 0 || pcpy_copy_arg(a[3], &copy) < 0) {
        return NULL;
    }
    pc_device target = pc_tensor_device(t);
    if (a[2] != NULL && a[2] != Py_None) {
        DLDevice want;
        if (dl_device_from_py(a[2], "dl_device", &want) < 0) {
            return NULL;
        }
        pc_status s = pc_dlpack_device_from(want, &target);
        if (s != PC_OK) {
            return pcpy_raise(s);
        }
    }
    bool sync;
    void *consumer;
    if (check_stream(a[0], target, &sync, &consumer) < 0) {
        return NULL;
    }
    const bool move = !pc_device_equal(target, pc_tensor_device(t));
    const bool readonly = (t->flags & PC_FLAG_READONLY) != 0;
    if (move && copy == 0) {
        PyErr_SetString(PyExc_BufferError, "__dlpack__(copy=False): exporting to another device "
                        "needs a copy");
        return NULL;
    }
    /* [Why read-only legacy exports copy] The legacy struct cannot say "read-only"; a consumer
     * would write into memory that must not change. copy=None allows a copy, so we make one. */
    if (!versioned && readonly && copy == 0) {
        PyErr_SetString(PyExc_BufferError, "__dlpack__(copy=False): a read-only tensor cannot be "
                        "exported without a copy to a consumer of the legacy DLPack capsule "
                        "(pass max_version=(1, 0) or later)");
        return NULL;
    }
    const bool copied = move || copy == 1 || (!versioned && readonly);

    pc_status s = PC_OK;
    pc_tensor *fresh = NULL;
    if (copied) {
        PyThreadState *ts = pcpy_release_gil(t->size);
        s = move ? pc_to_device(t, target, &fresh) : pc_contiguous_copy(t, &fresh);
        pcpy_restore_gil(ts);
    }
    const pc_tensor *src = fresh != NULL ? fresh : t;
    if (s == PC_OK && sync) {
        s = pc_dlpack_synchronize(pc_tensor_device(src));
    }
    PyObject *capsule = NULL;
    if (s == PC_OK && versioned) {
        uint64_t flags = copied ? DLPACK_FLAG_BITMASK_IS_COPIED
                                : (readonly ? DLPACK_FLAG_BITMASK_READ_ONLY : 0);
        DLManagedTensorVersioned *m;
        s = pc_dlpack_export_versioned(src, flags, consumer, &m);
        if (s == PC_OK) {
            capsule = PyCapsule_New(m, VERSIONED_NAME, versioned_capsule_destructor);
            if (capsule == NULL) {
                m->deleter(m);
            }
        }
    } else if (s == PC_OK) {
        DLManagedTensor *m;
        s = pc_dlpack_export_legacy(src, consumer, &m);
        if (s == PC_OK) {
            capsule = PyCapsule_New(m, LEGACY_NAME, legacy_capsule_destructor);
            if (capsule == NULL) {
                m->deleter(m);
            }
        }
    }
    pc_tensor_free(fresh); /* the managed tensor holds its own storage reference */
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    return capsule;
}

static PyObject *tensor_dlpack_device(PyObject *self, PyObject *unused)
{
    (void)unused;
    DLDevice d = pc_dlpack_device_of(pc_tensor_device(pcpy_tensor_get(self)));
    return Py_BuildValue("(ii)", (int)d.device_type, (int)d.device_id);
}

/* ---- consuming ----------------------------------------------------------------------------- */

/* The tensor held by a DLPack capsule. On success the capsule is renamed "used_..." and the
 * tensor's storage owns the managed tensor. *is_copy tells whether the result is a copy already
 * (the producer said so, or the data had to be copied). New reference. */
static PyObject *tensor_from_capsule(pcpy_state *st, PyObject *capsule, bool allow_copy,
                                     bool *is_copy)
{
    pc_tensor *t = NULL;
    pc_status s;
    bool copied = false;
    if (PyCapsule_IsValid(capsule, VERSIONED_NAME)) {
        DLManagedTensorVersioned *m = PyCapsule_GetPointer(capsule, VERSIONED_NAME);
        const bool producer_copied = m->version.major == DLPACK_MAJOR_VERSION &&
                                     (m->flags & DLPACK_FLAG_BITMASK_IS_COPIED) != 0;
        s = pc_dlpack_import_versioned(m, allow_copy, &t, &copied);
        if (s != PC_OK) {
            return pcpy_raise(s);
        }
        (void)PyCapsule_SetName(capsule, VERSIONED_USED);
        copied = copied || producer_copied;
    } else if (PyCapsule_IsValid(capsule, LEGACY_NAME)) {
        DLManagedTensor *m = PyCapsule_GetPointer(capsule, LEGACY_NAME);
        s = pc_dlpack_import_legacy(m, allow_copy, &t, &copied);
        if (s != PC_OK) {
            return pcpy_raise(s);
        }
        (void)PyCapsule_SetName(capsule, LEGACY_USED);
    } else if (PyCapsule_CheckExact(capsule)) {
        PyErr_Format(PyExc_BufferError, "from_dlpack: the capsule named '%s' is not an unused "
                     "DLPack capsule", PyCapsule_GetName(capsule));
        return NULL;
    } else {
        PyErr_Format(PyExc_TypeError, "from_dlpack: __dlpack__ returned %s, not a PyCapsule",
                     Py_TYPE(capsule)->tp_name);
        return NULL;
    }
    *is_copy = copied;
    return pcpy_tensor_wrap(st, t);
}

/* Call producer.__dlpack__(max_version=(1, 3), copy=..., dl_device=..., stream=...), leaving
 * out copy when it is None (-1), dl_device when NULL and stream when NULL (`stream`: our stream
 * on the device the data is on, see [Why a consumer passes its stream]). Producers that predate
 * the keywords raise TypeError and are asked again with none (the standard's recommendation).
 * New reference. */
static PyObject *call_dlpack(PyObject *obj, int copy, const pc_device *dl_device, void *stream)
{
    /* [Why vectorcall with interned names] A consumer call builds no dict, no bound method and
     * no fresh strings: importing a small array costs about as much as NumPy's own. */
    PyObject *name = PyUnicode_InternFromString("__dlpack__");
    PyObject *version = Py_BuildValue("(ii)", DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION);
    PyObject *device = NULL;
    PyObject *stream_obj = stream != NULL ? PyLong_FromVoidPtr(stream) : NULL;
    PyObject *kwnames = NULL;
    PyObject *capsule = NULL;
    if (dl_device != NULL) {
        DLDevice d = pc_dlpack_device_of(*dl_device);
        device = Py_BuildValue("(ii)", (int)d.device_type, (int)d.device_id);
    }
    if (name == NULL || version == NULL || (dl_device != NULL && device == NULL) ||
        (stream != NULL && stream_obj == NULL)) {
        goto done;
    }
    PyObject *args[5] = {obj, version};
    const char *keys[4] = {"max_version"};
    int nkw = 1;
    if (copy != -1) {
        args[1 + nkw] = copy ? Py_True : Py_False;
        keys[nkw++] = "copy";
    }
    if (device != NULL) {
        args[1 + nkw] = device;
        keys[nkw++] = "dl_device";
    }
    if (stream_obj != NULL) {
        args[1 + nkw] = stream_obj;
        keys[nkw++] = "stream";
    }
    kwnames = PyTuple_New(nkw);
    for (int i = 0; kwnames != NULL && i < nkw; i++) {
        PyObject *key = PyUnicode_InternFromString(keys[i]);
        if (key == NULL) {
            Py_CLEAR(kwnames);
            break;
        }
        PyTuple_SET_ITEM(kwnames, i, key);
    }
    if (kwnames == NULL) {
        goto done;
    }
    const size_t nargsf = 1 | PY_VECTORCALL_ARGUMENTS_OFFSET;
    capsule = PyObject_VectorcallMethod(name, args, nargsf, kwnames);
    if (capsule == NULL && PyErr_ExceptionMatches(PyExc_TypeError)) {
        PyErr_Clear();
        capsule = PyObject_VectorcallMethod(name, args, nargsf, NULL);
    }
done:
    Py_XDECREF(name);
    Py_XDECREF(version);
    Py_XDECREF(device);
    Py_XDECREF(stream_obj);
    Py_XDECREF(kwnames);
    return capsule;
}

/* Our stream on `dev` when it is a device with streams (CUDA, ROCm), else NULL. */
static void *consumer_stream(pc_device dev)
{
    if (dev.type != PC_DEVICE_CUDA && dev.type != PC_DEVICE_ROCM) {
        return NULL;
    }
    return pc_dlpack_work_stream(dev);
}

/* The producer's device (its __dlpack_device__). */
static int producer_device(PyObject *obj, DLDevice *out)
{
    PyObject *name = PyUnicode_InternFromString("__dlpack_device__");
    PyObject *dev = name != NULL ? PyObject_CallMethodNoArgs(obj, name) : NULL;
    Py_XDECREF(name);
    if (dev == NULL) {
        return -1;
    }
    int r = dl_device_from_py(dev, "__dlpack_device__()", out);
    Py_DECREF(dev);
    return r;
}

static PyObject *from_producer(pcpy_state *st, PyObject *obj, const pc_device *device, int copy)
{
    DLDevice src_dl;
    if (producer_device(obj, &src_dl) < 0) {
        return NULL;
    }
    pc_device src;
    const pc_status known_status = pc_dlpack_device_from(src_dl, &src);
    const bool known = known_status == PC_OK;
    if (!known && device == NULL) {
        return pcpy_raise(known_status);
    }
    const pc_device target = device != NULL ? *device : src;
    const bool cross = !known || !pc_device_equal(src, target);
    if (cross && copy == 0) {
        PyErr_SetString(PyExc_ValueError, "from_dlpack(copy=False): the data is on another "
                        "device; moving it needs a copy");
        return NULL;
    }
    /* a stream only where the data stays on the producer's device: a copy to another device
     * is the producer's to complete */
    void *stream = known ? consumer_stream(src) : NULL;
    if (known && stream == NULL && (src.type == PC_DEVICE_CUDA || src.type == PC_DEVICE_ROCM)) {
        return pcpy_raise(PC_ERR_RUNTIME); /* the device's runtime could not start */
    }
    PyObject *capsule = call_dlpack(obj, copy, cross ? &target : NULL, cross ? NULL : stream);
    if (capsule == NULL && cross && known && PyErr_ExceptionMatches(PyExc_BufferError)) {
        /* the producer cannot reach our device itself: take its own and move it here */
        PyErr_Clear();
        capsule = call_dlpack(obj, -1, NULL, stream);
    }
    if (capsule == NULL) {
        return NULL;
    }
    bool is_copy = false;
    PyObject *res = tensor_from_capsule(st, capsule, copy != 0, &is_copy);
    if (res == NULL) {
        /* the producer's capsule destructor deletes the tensor we refused; it runs Python-free
         * of our exception, which is put back afterwards */
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        Py_DECREF(capsule);
        PyErr_Restore(type, value, tb);
        return NULL;
    }
    Py_DECREF(capsule);
    const pc_tensor *t = pcpy_tensor_get(res);
    pc_tensor *out = NULL;
    pc_status s;
    if (!pc_device_equal(pc_tensor_device(t), target)) {
        s = pc_to_device(t, target, &out); /* copy == 0 was refused above */
    } else if (copy == 1 && !is_copy) {
        PyThreadState *ts = pcpy_release_gil(t->size);
        s = pc_contiguous_copy(t, &out);
        pcpy_restore_gil(ts);
    } else {
        return res;
    }
    Py_DECREF(res);
    return pcpy_tensor_result(st, s, out);
}

/* from_dlpack of one of our own tensors: a view sharing its storage, or a copy. */
static PyObject *from_own_tensor(pcpy_state *st, PyObject *obj, const pc_device *device, int copy)
{
    const pc_tensor *t = pcpy_tensor_get(obj);
    const bool move = device != NULL && !pc_device_equal(*device, pc_tensor_device(t));
    if (move && copy == 0) {
        PyErr_SetString(PyExc_ValueError, "from_dlpack(copy=False): moving the tensor to another "
                        "device needs a copy");
        return NULL;
    }
    pc_tensor *out;
    pc_status s;
    if (move) {
        s = pc_to_device(t, *device, &out);
    } else if (copy == 1) {
        PyThreadState *ts = pcpy_release_gil(t->size);
        s = pc_contiguous_copy(t, &out);
        pcpy_restore_gil(ts);
    } else {
        s = pc_tensor_alias(t, &out);
    }
    return pcpy_tensor_result(st, s, out);
}

PyObject *pcpy_from_dlpack(pcpy_state *st, PyObject *obj, pc_dtype dtype, const pc_device *device,
                           int copy)
{
    PyObject *res = pcpy_tensor_check(st, obj) ? from_own_tensor(st, obj, device, copy)
                                               : from_producer(st, obj, device, copy);
    if (res == NULL || dtype == PC_DTYPE_INVALID || dtype == pcpy_tensor_get(res)->dtype) {
        return res;
    }
    /* asarray(producer, dtype=...) */
    if (copy == 0) {
        Py_DECREF(res);
        PyErr_SetString(PyExc_ValueError, "asarray(copy=False): a dtype conversion needs a copy");
        return NULL;
    }
    pc_tensor *out;
    PyThreadState *ts = pcpy_release_gil(pcpy_tensor_get(res)->size);
    pc_status s = pc_astype(pcpy_tensor_get(res), dtype, true, &out);
    pcpy_restore_gil(ts);
    Py_DECREF(res);
    return pcpy_tensor_result(st, s, out);
}

/* ---- the C exchange API (DLPack 1.3) ------------------------------------------------------- */

/* [Why no dltensor_from_py_object_no_sync] That function must fill a borrowed DLTensor without
 * allocating, but DLPack counts strides in elements while paddle_c stores bytes; there is no
 * place to keep converted strides for as long as the DLTensor is used. The specification lets
 * the slot be NULL; consumers then use managed_tensor_from_py_object_no_sync. */

static int exchange_allocate(DLTensor *prototype, DLManagedTensorVersioned **out,
                             void *error_ctx,
                             void (*set_error)(void *error_ctx, const char *kind,
                                               const char *message))
{
    pc_status s = pc_dlpack_allocate(prototype, out);
    if (s == PC_OK) {
        return 0;
    }
    if (set_error != NULL) {
        set_error(error_ctx, pcpy_status_kind(s), pc_error_message());
    }
    *out = NULL;
    return -1;
}

static int exchange_from_py(void *py_object, DLManagedTensorVersioned **out)
{
    PyObject *obj = (PyObject *)py_object;
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(obj));
    if (st == NULL || !pcpy_tensor_check(st, obj)) {
        PyErr_Format(PyExc_TypeError, "the paddle_c DLPack exchange API takes paddle_c tensors, "
                     "not %s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    const pc_tensor *t = pcpy_tensor_get(obj);
    uint64_t flags = (t->flags & PC_FLAG_READONLY) ? DLPACK_FLAG_BITMASK_READ_ONLY : 0;
    /* no stream to wait for: the consumer works on ours (current_work_stream) */
    pc_status s = pc_dlpack_export_versioned(t, flags, NULL, out);
    return s == PC_OK ? 0 : pcpy_raise_int(s);
}

static int exchange_to_py(DLManagedTensorVersioned *tensor, void **out_py_object)
{
    PyObject *mod = PyImport_ImportModule("paddle_c._C");
    pcpy_state *st = mod != NULL ? pcpy_state_from_module(mod) : NULL;
    Py_XDECREF(mod); /* sys.modules keeps it */
    pc_tensor *t = NULL;
    pc_status s = st != NULL ? pc_dlpack_import_versioned(tensor, true, &t, NULL) : PC_OK;
    if (st == NULL || s != PC_OK) {
        tensor->deleter(tensor); /* the ownership was handed to us either way */
        return st == NULL ? -1 : pcpy_raise_int(s);
    }
    PyObject *obj = pcpy_tensor_wrap(st, t);
    if (obj == NULL) {
        return -1;
    }
    *out_py_object = obj;
    return 0;
}

/* The stream our work on the device runs on (NULL for the CPU and devices without streams), on
 * which a consumer of managed_tensor_from_py_object_no_sync queues its own work. */
static int exchange_current_stream(DLDeviceType device_type, int32_t device_id, void **out)
{
    *out = NULL;
    if (device_type == kDLCPU) {
        return 0;
    }
    DLDevice d = {device_type, device_id};
    pc_device dev;
    pc_status s = pc_dlpack_device_from(d, &dev);
    if (s == PC_OK && (dev.type == PC_DEVICE_CUDA || dev.type == PC_DEVICE_ROCM)) {
        *out = pc_dlpack_work_stream(dev);
        s = *out != NULL ? PC_OK : PC_ERR_RUNTIME;
    }
    return s == PC_OK ? 0 : pcpy_raise_int(s);
}

static const DLPackExchangeAPI exchange_api = {
    .header = {{DLPACK_MAJOR_VERSION, DLPACK_MINOR_VERSION}, NULL},
    .managed_tensor_allocator = exchange_allocate,
    .managed_tensor_from_py_object_no_sync = exchange_from_py,
    .managed_tensor_to_py_object_no_sync = exchange_to_py,
    .dltensor_from_py_object_no_sync = NULL,
    .current_work_stream = exchange_current_stream,
};

static PyObject *fn_dlpack_exchange_api(PyObject *mod, PyObject *unused)
{
    (void)mod;
    (void)unused;
    /* consumers only read the table; it lives as long as the process */
    return PyCapsule_New((void *)&exchange_api, "dlpack_exchange_api", NULL);
}

/* ---- tables ---------------------------------------------------------------------------------- */

PyMethodDef pcpy_dlpack_methods[] = {
    {"_dlpack_exchange_api", fn_dlpack_exchange_api, METH_NOARGS,
     "_dlpack_exchange_api()\n--\n\nA 'dlpack_exchange_api' capsule holding paddle_c's DLPack "
     "C exchange table (installed as Tensor.__dlpack_c_exchange_api__)."},
    {NULL, NULL, 0, NULL},
};

PyMethodDef pcpy_tensor_dlpack_methods[] = {
    {"__dlpack__", FASTCALL_KW(tensor_dlpack),
     "__dlpack__($self, /, *, stream=None, max_version=None, dl_device=None, copy=None)\n--\n\n"
     "Export the tensor as a DLPack capsule: 'dltensor_versioned' (DLPack 1.x) when max_version "
     "is (1, 0) or later, the legacy 'dltensor' otherwise."},
    {"__dlpack_device__", tensor_dlpack_device, METH_NOARGS,
     "__dlpack_device__($self, /)\n--\n\nThe (DLPack device type, device id) of the tensor's "
     "memory, e.g. (1, 0) for the CPU."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_dlpack_slots[] = {
    {0, NULL},
};
