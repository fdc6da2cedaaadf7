/*
 * paddle_tensor.c - Paddle's everyday functions and Tensor methods that have no counterpart in
 * the standard and are thin forms of existing operations: cast, numel, clone, expand_as (module
 * functions and methods), and the methods dim, ndimension, detach, cpu and clip.
 *
 * Not here: Paddle's spellings of the standard's functions (keyword aliases: kwaliases.def),
 * gather_nd and scatter (index_functions.c), Tensor.matmul (linalg.c), and the Paddle-flavoured
 * namespace paddle_c.paddle (python/paddle_c/paddle.py).
 *
 * [Why detach is a view] Paddle's detach() is the same memory with no gradient: an alias of the
 * tensor, a new Tensor object whose autograd record is empty (stop_gradient True, no grad_fn);
 * clone() is a copy (recorded, as Paddle's, through the autograd gate).
 *
 * Ownership: results are new references; converted operands are released on every path.
 */
#include "ew_call.h"
#include "manip_args.h"
#include "paddle_c/manipulation.h"

/* ---- shared bodies (x: a new reference that each body releases) --------------------------- */

static PyObject *do_cast(pcpy_state *st, PyObject *x, PyObject *dtype_obj)
{
    PyObject *r = pcpy_astype_impl(st, x, dtype_obj, NULL, NULL);
    Py_DECREF(x);
    return r;
}

static PyObject *do_numel(pcpy_state *st, PyObject *x)
{
    const pc_tensor *t = pcpy_tensor_get(x);
    const pc_scalar n = {.dtype = PC_INT64, .v.i = t->size};
    pc_tensor *out = NULL;
    pc_status s = pc_full(0, NULL, &n, PC_INT64, pc_tensor_device(t), &out);
    return pcpy_manip_finish(st, x, s, out);
}

static PyObject *do_clone(pcpy_state *st, PyObject *x)
{
    pc_tensor *out = NULL;
    const pc_tensor *t = pcpy_tensor_get(x);
    PyThreadState *ts = pcpy_release_gil(t->size);
    pc_status s = pc_contiguous_copy(t, &out);
    pcpy_restore_gil(ts);
    return pcpy_manip_finish(st, x, s, out);
}

/* x broadcast to y's shape: a read-only view, like expand and broadcast_to */
static PyObject *do_expand_as(pcpy_state *st, PyObject *x, PyObject *y_obj)
{
    PyObject *y = pcpy_as_tensor(st, y_obj);
    if (y == NULL) {
        Py_DECREF(x);
        return NULL;
    }
    const pc_tensor *yt = pcpy_tensor_get(y);
    const pc_tensor *both[2] = {pcpy_tensor_get(x), yt};
    pc_device dev;
    pc_tensor *out = NULL;
    pc_status s = pc_common_device(2, both, &dev);
    if (s == PC_OK) {
        s = pc_broadcast_to(both[0], yt->ndim, yt->shape, &out);
    }
    Py_DECREF(y);
    return pcpy_manip_finish(st, x, s, out);
}

static PyObject *do_clip(pcpy_state *st, PyObject *x, PyObject *min, PyObject *max)
{
    PyObject *r = pcpy_clip_call(st, x, min, max);
    Py_DECREF(x);
    return r;
}

/* ---- module functions ------------------------------------------------------------------- */

PCPY_MANIP_FN(fn_cast, "cast", 0, 2, 2, do_cast(st, x, a[1]), "x", "dtype")
PCPY_MANIP_FN(fn_numel, "numel", 0, 2, 1, do_numel(st, x), "x", "name")
PCPY_MANIP_FN(fn_clone, "clone", 0, 2, 1, do_clone(st, x), "x", "name")
PCPY_MANIP_FN(fn_expand_as, "expand_as", 0, 3, 2, do_expand_as(st, x, a[1]), "x", "y", "name")

PyMethodDef pcpy_paddle_tensor_methods[] = {
    {"cast", FASTCALL_KW(fn_cast),
     "cast(x, dtype)\n--\n\nPaddle's cast: x converted to `dtype` in new memory (astype)."},
    {"numel", FASTCALL_KW(fn_numel),
     "numel(x, name=None)\n--\n\nThe number of elements of x, as a 0-D int64 tensor."},
    {"clone", FASTCALL_KW(fn_clone),
     "clone(x, name=None)\n--\n\nA copy of x in new memory."},
    {"expand_as", FASTCALL_KW(fn_expand_as),
     "expand_as(x, y, name=None)\n--\n\nx broadcast to the shape of y (a read-only view)."},
    {NULL, NULL, 0, NULL},
};

/* ---- Tensor methods --------------------------------------------------------------------- */

PCPY_MANIP_METHOD(m_cast, "cast", 1, do_cast(st, x, a[0]), "dtype")
PCPY_MANIP_METHOD(m_numel, "numel", 0, do_numel(st, x), "name")
PCPY_MANIP_METHOD(m_expand_as, "expand_as", 1, do_expand_as(st, x, a[0]), "y", "name")
PCPY_MANIP_METHOD(m_clip, "clip", 0, do_clip(st, x, a[0], a[1]), "min", "max", "name")

static PyObject *m_clone(PyObject *self, PyObject *unused)
{
    (void)unused;
    return do_clone(pcpy_state_from_type(Py_TYPE(self)), Py_NewRef(self));
}

static PyObject *m_dim(PyObject *self, PyObject *unused)
{
    (void)unused;
    return PyLong_FromLong(pcpy_tensor_get(self)->ndim);
}

static PyObject *m_detach(PyObject *self, PyObject *unused)
{
    (void)unused;
    pc_tensor *out = NULL;
    pc_status s = pc_tensor_alias(pcpy_tensor_get(self), &out);
    return pcpy_tensor_result(pcpy_state_from_type(Py_TYPE(self)), s, out);
}

/* x.cpu(): the tensor itself on the CPU (as Paddle returns it), else a copy on the CPU. */
static PyObject *m_cpu(PyObject *self, PyObject *unused)
{
    (void)unused;
    const pc_tensor *t = pcpy_tensor_get(self);
    if (pc_device_equal(pc_tensor_device(t), pc_device_cpu())) {
        return Py_NewRef(self);
    }
    pc_tensor *out = NULL;
    pc_status s = pc_to_device(t, pc_device_cpu(), &out);
    return pcpy_tensor_result(pcpy_state_from_type(Py_TYPE(self)), s, out);
}

PyMethodDef pcpy_tensor_paddle_tensor_methods[] = {
    {"cast", FASTCALL_KW(m_cast),
     "cast($self, dtype)\n--\n\nThe tensor converted to `dtype` in new memory."},
    {"numel", FASTCALL_KW(m_numel),
     "numel($self, name=None)\n--\n\nThe number of elements, as a 0-D int64 tensor."},
    {"expand_as", FASTCALL_KW(m_expand_as),
     "expand_as($self, y, name=None)\n--\n\nThe tensor broadcast to the shape of y (a "
     "read-only view)."},
    {"clip", FASTCALL_KW(m_clip),
     "clip($self, min=None, max=None, name=None)\n--\n\nThe tensor clamped to [min, max] "
     "(see paddle_c.clip)."},
    {"clone", m_clone, METH_NOARGS, "clone($self, /)\n--\n\nA copy in new memory."},
    {"dim", m_dim, METH_NOARGS, "dim($self, /)\n--\n\nThe number of dimensions (ndim)."},
    {"ndimension", m_dim, METH_NOARGS,
     "ndimension($self, /)\n--\n\nThe number of dimensions (ndim)."},
    {"detach", m_detach, METH_NOARGS,
     "detach($self, /)\n--\n\nA tensor sharing this one's memory that takes no part in "
     "gradients (stop_gradient True)."},
    {"cpu", m_cpu, METH_NOARGS,
     "cpu($self, /)\n--\n\nThe tensor itself when it is on the CPU, else a copy on the CPU."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_paddle_tensor_slots[] = {
    {0, NULL},
};
