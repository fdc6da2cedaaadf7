/*
 * device_type.c - paddle_c.Device: an immutable (type, index) pair naming where memory lives.
 *
 * Strings accepted wherever a device is: "cpu", "gpu" / "gpu:N" (also "cuda:N"), "rocm:N",
 * "opencl:N", "xpu:N". str() gives Paddle's spelling ("cpu", "gpu:0"); Paddle's Place queries
 * (is_cpu_place(), is_gpu_place(), ...) answer for it, since x.place is a Device.
 */
#include <stdlib.h>
#include <string.h>

#include "paddle_c/plugin_loader.h"
#include "pcpy.h"

typedef struct {
    const char *name;
    pc_device_type type;
} device_name;

static const device_name device_names[] = {
    {"cpu", PC_DEVICE_CPU},       {"gpu", PC_DEVICE_CUDA},  {"cuda", PC_DEVICE_CUDA},
    {"rocm", PC_DEVICE_ROCM},     {"hip", PC_DEVICE_ROCM},  {"opencl", PC_DEVICE_OPENCL},
    {"xpu", PC_DEVICE_CUSTOM},    {"hostdev", PC_DEVICE_HOSTDEV},
};

static const char *type_name(pc_device_type t)
{
    const pc_backend *b = pc_backend_get(t);
    if (b != NULL) {
        return b->name;
    }
    for (size_t i = 0; i < sizeof device_names / sizeof device_names[0]; i++) {
        if (device_names[i].type == t) {
            return device_names[i].name;
        }
    }
    return "unknown";
}

/* The index of "name:index": decimal digits only (no sign, no spaces), at most 2^20; 0 or -1. */
static int parse_index(const char *p, long *out)
{
    long v = 0;
    if (*p == '\0') {
        return -1;
    }
    for (; *p != '\0'; p++) {
        if (*p < '0' || *p > '9' || v > 1L << 20) {
            return -1;
        }
        v = v * 10 + (*p - '0');
    }
    if (v > 1L << 20) {
        return -1;
    }
    *out = v;
    return 0;
}

/* Parse "name" or "name:index"; 0 or -1 (ValueError / RuntimeError).
 * [Why the string's length is checked] C reads a string up to its first NUL, so
 * "cpu\0junk" would be read as "cpu": the whole Python string must be the device's name. */
static int parse_device_string(PyObject *str, pc_device *out)
{
    Py_ssize_t size;
    const char *s = PyUnicode_AsUTF8AndSize(str, &size);
    if (s == NULL && !PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) {
        return -1;
    }
    if (s == NULL || strlen(s) != (size_t)size) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "invalid device %R: a device string holds no NUL "
                     "character or lone surrogate", str);
        return -1;
    }
    const char *colon = strchr(s, ':');
    const size_t len = colon ? (size_t)(colon - s) : strlen(s);
    long index = 0;
    if (colon != NULL && parse_index(colon + 1, &index) < 0) {
        PyErr_Format(PyExc_ValueError, "invalid device %R: the index must be a non-negative "
                     "integer of at most %ld, written in decimal digits", str, 1L << 20);
        return -1;
    }
    for (size_t i = 0; i < sizeof device_names / sizeof device_names[0]; i++) {
        if (strlen(device_names[i].name) == len && strncmp(device_names[i].name, s, len) == 0) {
            pc_device_type t = device_names[i].type;
            if (t == PC_DEVICE_CUDA && pc_backend_get(t) == NULL &&
                pc_backend_get(PC_DEVICE_ROCM) != NULL) {
                t = PC_DEVICE_ROCM; /* "gpu" means the GPU backend that is built */
            }
            if (t == PC_DEVICE_CPU && index != 0) {
                PyErr_Format(PyExc_ValueError, "invalid device %R: there is only cpu:0", str);
                return -1;
            }
            if (pc_backend_get(t) == NULL && t == PC_DEVICE_CUSTOM && pc_plugins_refusal()) {
                PyErr_Format(PyExc_RuntimeError, "device %R is not available: %s", str,
                             pc_plugins_refusal());
                return -1;
            }
            if (pc_backend_get(t) == NULL) {
                PyErr_Format(PyExc_RuntimeError,
                             "device %R is not available: paddle_c was built without the %s "
                             "backend (devices here: cpu)", str, device_names[i].name);
                return -1;
            }
            out->type = (int32_t)t;
            out->index = (int32_t)index;
            pc_status st = pc_device_check(*out);
            return st == PC_OK ? 0 : pcpy_raise_int(st);
        }
    }
    PyErr_Format(PyExc_ValueError, "unknown device %R (expected 'cpu', 'gpu:N', 'cuda:N', "
                 "'rocm:N', 'opencl:N' or 'xpu:N')", str);
    return -1;
}

int pcpy_device_from_py(pcpy_state *st, PyObject *obj, pc_device dflt, pc_device *out)
{
    if (obj == NULL || obj == Py_None) {
        *out = dflt;
        return 0;
    }
    if (Py_TYPE(obj) == st->device_type) {
        *out = ((PcDeviceObject *)obj)->device;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        return parse_device_string(obj, out);
    }
    PyErr_Format(PyExc_TypeError, "expected a device (paddle_c.Device or a string such as "
                 "'cpu'), got %R", obj);
    return -1;
}

PyObject *pcpy_device_object(pcpy_state *st, pc_device dev)
{
    if (dev.type == PC_DEVICE_CPU) {
        return Py_NewRef(st->cpu);
    }
    PcDeviceObject *o = PyObject_New(PcDeviceObject, st->device_type);
    if (o != NULL) {
        o->device = dev;
    }
    return (PyObject *)o;
}

static PyObject *device_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"device", "index", NULL};
    PyObject *spec = NULL;
    PyObject *index = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:Device", kwlist, &spec, &index)) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_type(type);
    pc_device dev;
    if (index != Py_None) {
        if (!PyUnicode_Check(spec)) {
            PyErr_SetString(PyExc_TypeError, "Device(type, index): type must be a string");
            return NULL;
        }
        PyObject *s = PyUnicode_FromFormat("%U:%S", spec, index);
        if (s == NULL) {
            return NULL;
        }
        int r = pcpy_device_from_py(st, s, pc_device_cpu(), &dev);
        Py_DECREF(s);
        if (r < 0) {
            return NULL;
        }
    } else if (pcpy_device_from_py(st, spec, pc_device_cpu(), &dev) < 0) {
        return NULL;
    }
    return pcpy_device_object(st, dev);
}

static PyObject *device_str(PyObject *self)
{
    const pc_device d = ((PcDeviceObject *)self)->device;
    if (d.type == PC_DEVICE_CPU) {
        return PyUnicode_FromString("cpu");
    }
    return PyUnicode_FromFormat("%s:%d", type_name((pc_device_type)d.type), (int)d.index);
}

static PyObject *device_repr(PyObject *self)
{
    PyObject *s = device_str(self);
    if (s == NULL) {
        return NULL;
    }
    PyObject *r = PyUnicode_FromFormat("Device('%U')", s);
    Py_DECREF(s);
    return r;
}

static Py_hash_t device_hash(PyObject *self)
{
    const pc_device d = ((PcDeviceObject *)self)->device;
    Py_hash_t h = (Py_hash_t)d.type * 1000003 + d.index + 0x3d;
    return h == -1 ? -2 : h;
}

static PyObject *device_richcompare(PyObject *a, PyObject *b, int op)
{
    if ((op != Py_EQ && op != Py_NE) || Py_TYPE(a) != Py_TYPE(b)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    const int eq = pc_device_equal(((PcDeviceObject *)a)->device, ((PcDeviceObject *)b)->device);
    return PyBool_FromLong(op == Py_EQ ? eq : !eq);
}

static PyObject *device_get_type(PyObject *self, void *closure)
{
    (void)closure;
    return PyUnicode_FromString(type_name((pc_device_type)((PcDeviceObject *)self)->device.type));
}

static PyObject *device_get_index(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(((PcDeviceObject *)self)->device.index);
}

static PyObject *device_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *s = device_str(self);
    if (s == NULL) {
        return NULL;
    }
    PyObject *r = Py_BuildValue("(O(N))", (PyObject *)Py_TYPE(self), s);
    return r;
}

/* Paddle's Place queries (x.place.is_cpu_place(), ...): Device is paddle_c's Place. */
static bool device_is(PyObject *self, pc_device_type t)
{
    return (pc_device_type)((PcDeviceObject *)self)->device.type == t;
}

static PyObject *device_is_cpu_place(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(device_is(self, PC_DEVICE_CPU));
}

static PyObject *device_is_gpu_place(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(device_is(self, PC_DEVICE_CUDA) || device_is(self, PC_DEVICE_ROCM));
}

static PyObject *device_is_custom_place(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(device_is(self, PC_DEVICE_CUSTOM));
}

static PyObject *device_is_cuda_pinned_place(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    Py_RETURN_FALSE;
}

static PyObject *device_synchronize(PyObject *self, PyObject *unused)
{
    (void)unused;
    pc_status s;
    Py_BEGIN_ALLOW_THREADS
    s = pc_device_synchronize(((PcDeviceObject *)self)->device);
    Py_END_ALLOW_THREADS
    return s == PC_OK ? Py_NewRef(Py_None) : pcpy_raise(s);
}

static PyObject *device_gpu_device_id(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(((PcDeviceObject *)self)->device.index);
}

static PyGetSetDef device_getset[] = {
    {"type", device_get_type, NULL, "The device type: 'cpu', 'gpu', ...", NULL},
    {"index", device_get_index, NULL, "The device index (0 for the CPU).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef device_methods[] = {
    {"__reduce__", device_reduce, METH_NOARGS, NULL},
    {"is_cpu_place", device_is_cpu_place, METH_NOARGS,
     "is_cpu_place($self, /)\n--\n\nWhether this is the CPU (Paddle's Place query)."},
    {"is_gpu_place", device_is_gpu_place, METH_NOARGS,
     "is_gpu_place($self, /)\n--\n\nWhether this is a GPU (CUDA or ROCm)."},
    {"is_custom_place", device_is_custom_place, METH_NOARGS,
     "is_custom_place($self, /)\n--\n\nWhether this is a plug-in device (an XPU)."},
    {"is_xpu_place", device_is_custom_place, METH_NOARGS,
     "is_xpu_place($self, /)\n--\n\nWhether this is an XPU (a plug-in device)."},
    {"is_cuda_pinned_place", device_is_cuda_pinned_place, METH_NOARGS,
     "is_cuda_pinned_place($self, /)\n--\n\nFalse: paddle_c has no pinned host memory."},
    {"synchronize", device_synchronize, METH_NOARGS,
     "synchronize($self, /)\n--\n\nWait until the work queued on this device is done."},
    {"gpu_device_id", device_gpu_device_id, METH_NOARGS,
     "gpu_device_id($self, /)\n--\n\nThe device index."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot device_slots[] = {
    {Py_tp_new, device_new},
    {Py_tp_repr, device_repr},
    {Py_tp_str, device_str},
    {Py_tp_hash, device_hash},
    {Py_tp_richcompare, device_richcompare},
    {Py_tp_getset, device_getset},
    {Py_tp_methods, device_methods},
    {Py_tp_doc, "Device(device, index=None)\n--\n\nA place where tensor memory lives: "
                "Device('cpu'), Device('gpu:0')."},
    {0, NULL},
};

static PyType_Spec device_spec = {
    .name = "paddle_c.Device",
    .basicsize = sizeof(PcDeviceObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = device_slots,
};

/* _devices() -> list of every usable device: the CPU, then each GPU (or other backend's)
 * device present at run time. */
static PyObject *fn_devices(PyObject *mod, PyObject *unused)
{
    (void)unused;
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *list = PyList_New(0);
    if (list == NULL) {
        return NULL;
    }
    for (int t = 0; t < PC_NUM_DEVICE_TYPES; t++) {
        const pc_backend *b = pc_backend_get((pc_device_type)t);
        const int n = b == NULL ? 0 : b->device_count != NULL ? b->device_count(b) : 1;
        for (int i = 0; i < n; i++) {
            pc_device d = {t, i};
            PyObject *o = pcpy_device_object(st, d);
            if (o == NULL || PyList_Append(list, o) < 0) {
                Py_XDECREF(o);
                Py_DECREF(list);
                return NULL;
            }
            Py_DECREF(o);
        }
    }
    return list;
}

/* The device named by `obj`, or the default device for None. */
static int device_arg(PyObject *mod, PyObject *obj, pc_device *out)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    return pcpy_device_from_py(st, obj, pcpy_default_device(st), out);
}

static PyObject *fn_set_device(PyObject *mod, PyObject *device)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    pc_device dev;
    if (pcpy_device_from_py(st, device, pc_device_cpu(), &dev) < 0) {
        return NULL;
    }
    st->default_device = dev;
    return pcpy_device_object(st, dev);
}

static PyObject *fn_get_device(PyObject *mod, PyObject *unused)
{
    (void)unused;
    PyObject *d = pcpy_device_object(pcpy_state_from_module(mod),
                                     pcpy_default_device(pcpy_state_from_module(mod)));
    if (d == NULL) {
        return NULL;
    }
    PyObject *s = PyObject_Str(d);
    Py_DECREF(d);
    return s;
}

static PyObject *fn_synchronize(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    pc_device dev;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "synchronize() takes at most 1 argument");
        return NULL;
    }
    if (device_arg(mod, nargs == 1 ? args[0] : NULL, &dev) < 0) {
        return NULL;
    }
    pc_status s;
    Py_BEGIN_ALLOW_THREADS
    s = pc_device_synchronize(dev);
    Py_END_ALLOW_THREADS
    return s == PC_OK ? Py_NewRef(Py_None) : pcpy_raise(s);
}

static PyObject *fn_memory_stats(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    pc_device dev;
    pc_memory_stats m;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "_memory_stats() takes at most 1 argument");
        return NULL;
    }
    if (device_arg(mod, nargs == 1 ? args[0] : NULL, &dev) < 0) {
        return NULL;
    }
    pc_status s = pc_device_memory_stats(dev, &m);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    return Py_BuildValue("{sLsLsLsLsL}", "allocated_bytes", (long long)m.allocated,
                         "peak_allocated_bytes", (long long)m.peak_allocated, "reserved_bytes",
                         (long long)m.reserved, "peak_reserved_bytes",
                         (long long)m.peak_reserved, "num_allocs", (long long)m.num_allocs);
}

/* A per-device counter read with an optional device argument (the default device). */
static PyObject *device_counter(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                const char *name, int64_t (*counter)(pc_device))
{
    pc_device dev;
    if (nargs > 1) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most 1 argument", name);
        return NULL;
    }
    if (device_arg(mod, nargs == 1 ? args[0] : NULL, &dev) < 0) {
        return NULL;
    }
    return PyLong_FromLongLong((long long)counter(dev));
}

static PyObject *fn_result_word_reads(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    return device_counter(mod, args, nargs, "_result_word_reads", pc_device_result_reads);
}

static PyObject *fn_host_reads(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    return device_counter(mod, args, nargs, "_host_reads", pc_device_host_reads);
}

/* _same_device(*tensors): None, or the ValueError naming two devices (pc_common_device), for
 * composites written in Python that must refuse mixed devices before their first step. */
static PyObject *fn_same_device(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    const pc_tensor *first = NULL;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        if (!pcpy_tensor_check(st, args[i])) {
            continue; /* Python numbers and None have no device */
        }
        const pc_tensor *t = pcpy_tensor_get(args[i]);
        if (first == NULL) {
            first = t;
            continue;
        }
        const pc_tensor *pair[2] = {first, t};
        pc_device dev;
        if (pc_common_device(2, pair, &dev) != PC_OK) {
            return pcpy_raise(PC_ERR_VALUE);
        }
    }
    return Py_NewRef(Py_None);
}

static PyObject *fn_empty_cache(PyObject *mod, PyObject *const *args, Py_ssize_t nargs)
{
    pc_device dev;
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "empty_cache() takes at most 1 argument");
        return NULL;
    }
    if (device_arg(mod, nargs == 1 ? args[0] : NULL, &dev) < 0) {
        return NULL;
    }
    pc_status s = pc_device_empty_cache(dev);
    return s == PC_OK ? Py_NewRef(Py_None) : pcpy_raise(s);
}

PyMethodDef pcpy_devices_methods[] = {
    {"_devices", fn_devices, METH_NOARGS,
     "_devices()\n--\n\nEvery device this build can use at run time, the CPU first."},
    {"set_device", fn_set_device, METH_O,
     "set_device(device, /)\n--\n\nMake `device` ('cpu', 'gpu:0', ...) the default device of "
     "creation functions; returns it."},
    {"get_device", fn_get_device, METH_NOARGS,
     "get_device()\n--\n\nThe default device as a string ('cpu', 'gpu:0', ...)."},
    {"synchronize", (PyCFunction)(void (*)(void))fn_synchronize, METH_FASTCALL,
     "synchronize(device=None, /)\n--\n\nWait until the work queued on `device` (default: "
     "the default device) is done."},
    {"_memory_stats", (PyCFunction)(void (*)(void))fn_memory_stats, METH_FASTCALL,
     "_memory_stats(device=None, /)\n--\n\nThe device's memory statistics as a dict."},
    {"_same_device", (PyCFunction)(void (*)(void))fn_same_device, METH_FASTCALL,
     "_same_device(*tensors)\n--\n\nNone when every tensor given is on one device, else the "
     "ValueError naming two of their devices (Python numbers are skipped)."},
    {"_result_word_reads", (PyCFunction)(void (*)(void))fn_result_word_reads, METH_FASTCALL,
     "_result_word_reads(device=None, /)\n--\n\nHow many times result words of the device "
     "were read (once per operation with a data-dependent outcome) since the start."},
    {"_host_reads", (PyCFunction)(void (*)(void))fn_host_reads, METH_FASTCALL,
     "_host_reads(device=None, /)\n--\n\nHow many synchronous copies from the device to the "
     "host have been made since the start (each one waits for the device)."},
    {"empty_cache", (PyCFunction)(void (*)(void))fn_empty_cache, METH_FASTCALL,
     "empty_cache(device=None, /)\n--\n\nReturn the memory pool's cached blocks of `device` "
     "to the device."},
    {NULL, NULL, 0, NULL},
};

/* Re-raise the pending exception with the environment variable `name` in front of its
 * message (the import fails with it). -1. */
static int env_error(const char *name)
{
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyErr_Format(type, "the environment variable %s: %S", name, value);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return -1;
}

int pcpy_device_type_init(PyObject *module, pcpy_state *st)
{
    st->device_type = (PyTypeObject *)PyType_FromModuleAndSpec(module, &device_spec, NULL);
    if (st->device_type == NULL) {
        return -1;
    }
    if (PyModule_AddObjectRef(module, "Device", (PyObject *)st->device_type) < 0) {
        return -1;
    }
    PcDeviceObject *cpu = PyObject_New(PcDeviceObject, st->device_type);
    if (cpu == NULL) {
        return -1;
    }
    cpu->device = pc_device_cpu();
    st->cpu = (PyObject *)cpu;
    st->default_device = pc_device_cpu();
    const char *env = getenv("PADDLE_C_DEFAULT_DEVICE");
    if (env != NULL && env[0] != '\0') {
        /* the variable's bytes as the file system encoding reads them (undecodable bytes as
         * surrogates, which the parser refuses) */
        PyObject *spec = PyUnicode_DecodeFSDefault(env);
        const int r = spec != NULL ? parse_device_string(spec, &st->default_device) : -1;
        Py_XDECREF(spec);
        if (r < 0) {
            return env_error("PADDLE_C_DEFAULT_DEVICE");
        }
    }
    return 0;
}
