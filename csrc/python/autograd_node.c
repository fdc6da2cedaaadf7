/*
 * autograd_node.c - paddle_c._C.GradNode, one recorded operation of Paddle's autograd graph
 * (a tensor's grad_fn), and _ag_attach, which makes one: the edges into the inputs, the inputs'
 * metas, the saved tensors with their storage versions and the outputs' weak references,
 * detached aliases and metas (autograd_node.h has the layout and the ownership rules).
 *
 * [Why edges point at nodes, not tensors] An in-place write to a non-leaf tensor gives it a new
 * node; operations recorded before the write must still reach the node that was current when
 * they ran, as in PyTorch. A leaf's edge holds the leaf tensor itself.
 *
 * [Why the node is a GC type] Hooks and the rules' closures can refer back to tensors whose
 * grad_fn is the node (y.register_hook(lambda g: g * y)); tp_traverse and tp_clear let the
 * cycle collector free such graphs. Outputs are held weakly, so a graph without such
 * references is freed by reference counting alone as soon as its last output dies.
 */
#include "autograd_node.h"

#include "structmember.h"

PyTypeObject *pcpy_ag_node_type;

static int is_node(PyObject *o) { return o != NULL && Py_IS_TYPE(o, pcpy_ag_node_type); }

/* Tensor objects are PcTensorObjects: paddle_c.Tensor or a subclass of it. */
static PyTypeObject *tensor_type;   /* borrowed from the module state (alive with it) */

static int is_tensor(PyObject *o) { return PyObject_TypeCheck(o, tensor_type); }

static int64_t version_of(PyObject *t) { return pcpy_tensor_get(t)->storage->version; }

/* ---- the type ----------------------------------------------------------------------------- */

static int node_traverse(PyObject *self, visitproc visit, void *arg)
{
    PcGradNode *n = (PcGradNode *)self;
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(n->vjp);
    for (Py_ssize_t i = 0; i < n->nin; i++) {
        Py_VISIT(n->edges[i].node);
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        Py_VISIT(n->outs[i].alias);
        Py_VISIT(n->outs[i].hooks);
    }
    for (Py_ssize_t i = 0; n->saved != NULL && i < n->nsaved; i++) {
        Py_VISIT(n->saved[i].tensor);
    }
    return 0;
}

void pcpy_ag_node_free_saved(PcGradNode *n)
{
    Py_CLEAR(n->vjp);
    if (n->saved != NULL) {
        pcpy_ag_saved *saved = n->saved;
        n->saved = NULL;
        for (Py_ssize_t i = 0; i < n->nsaved; i++) {
            Py_CLEAR(saved[i].tensor);
        }
        PyMem_Free(saved);
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        Py_CLEAR(n->outs[i].alias);
    }
}

/* What can form a cycle: the closure, the edges, the saved tensors, the aliases and hooks. */
static int node_clear(PyObject *self)
{
    PcGradNode *n = (PcGradNode *)self;
    pcpy_ag_node_free_saved(n);
    for (Py_ssize_t i = 0; i < n->nin; i++) {
        Py_CLEAR(n->edges[i].node);
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        Py_CLEAR(n->outs[i].hooks);
    }
    return 0;
}

static void node_dealloc(PyObject *self)
{
    PcGradNode *n = (PcGradNode *)self;
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    /* a long chain of nodes is freed iteratively, not by deep recursion */
    Py_TRASHCAN_BEGIN(self, node_dealloc)
    if (n->weakreflist != NULL) {
        PyObject_ClearWeakRefs(self);
    }
    node_clear(self);
    for (Py_ssize_t i = 0; i < n->nin; i++) {
        Py_CLEAR(n->edges[i].shape);
        Py_CLEAR(n->edges[i].dtype);
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        Py_CLEAR(n->outs[i].ref);
        Py_CLEAR(n->outs[i].meta);
    }
    PyMem_Free(n->edges);
    PyMem_Free(n->outs);
    Py_CLEAR(n->name);
    tp->tp_free(self);
    Py_DECREF(tp);
    Py_TRASHCAN_END
}

static PyObject *node_repr(PyObject *self)
{
    return PyUnicode_FromFormat("<paddle_c grad node %U>", ((PcGradNode *)self)->name);
}

Py_ssize_t pcpy_ag_out_index(PcGradNode *n, PyObject *t)
{
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        if (n->outs[i].ref != NULL && PyWeakref_GET_OBJECT(n->outs[i].ref) == t) {
            return i;
        }
    }
    PyErr_SetString(PyExc_RuntimeError,
                    "paddle_c autograd: a tensor is not an output of its own node");
    return -1;
}

int pcpy_ag_edge_of(PyObject *t, PyObject **node, Py_ssize_t *out)
{
    *node = NULL;
    *out = -1;
    if (!is_tensor(t) || !((PcTensorObject *)t)->requires_grad) {
        return 0;
    }
    PyObject *fn = ((PcTensorObject *)t)->grad_fn;
    if (fn == NULL) {
        *node = Py_NewRef(t);
        return 0;
    }
    const Py_ssize_t i = pcpy_ag_out_index((PcGradNode *)fn, t);
    if (i < 0) {
        return -1;
    }
    *node = Py_NewRef(fn);
    *out = i;
    return 0;
}

int pcpy_ag_check_saved(PcGradNode *n)
{
    for (Py_ssize_t i = 0; n->saved != NULL && i < n->nsaved; i++) {
        const int64_t now = version_of(n->saved[i].tensor);
        if (now != n->saved[i].version) {
            PyErr_Format(PyExc_RuntimeError,
                         "one of the tensors needed for the gradient of %U has been modified by "
                         "an inplace operation: its version is %lld, it was %lld when it was "
                         "saved",
                         n->name, (long long)now, (long long)n->saved[i].version);
            return -1;
        }
    }
    return 0;
}

/* [Why revive a dead output] A rule that reads its output (exp, tanh, sqrt, eigh...) gets the
 * output itself under create_graph, so the backward pass it records depends on the node again.
 * When the caller dropped the output's object, the detached alias alone would cut that path and
 * a second derivative would silently lose its terms: a new Tensor object on the same memory
 * takes the output's place (weakly referenced, as the first one was). */
PyObject *pcpy_ag_live_output(PcGradNode *n, Py_ssize_t i)
{
    pcpy_ag_output *o = &n->outs[i];
    PyObject *t = o->ref != NULL ? PyWeakref_GET_OBJECT(o->ref) : Py_None;
    if (t != Py_None) {
        return Py_NewRef(t);
    }
    if (o->alias == NULL) {
        return Py_NewRef(Py_None);
    }
    t = PyObject_CallMethod(o->alias, "detach", NULL);
    PyObject *ref = t != NULL ? PyWeakref_NewRef(t, NULL) : NULL;
    if (ref == NULL) {
        Py_XDECREF(t);
        return NULL;
    }
    Py_XSETREF(o->ref, ref);
    if (pcpy_ag_set_stop_gradient(t, Py_False, NULL) < 0 ||
        pcpy_ag_set_grad_fn(t, (PyObject *)n, NULL) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return t;
}

/* node._out_index(t): which output of this node t is. */
static PyObject *node_out_index(PyObject *self, PyObject *t)
{
    const Py_ssize_t i = pcpy_ag_out_index((PcGradNode *)self, t);
    return i < 0 ? NULL : PyLong_FromSsize_t(i);
}

/* node._hooks(i): the list of hooks on output i's gradient (made on first use). */
static PyObject *node_hooks(PyObject *self, PyObject *arg)
{
    PcGradNode *n = (PcGradNode *)self;
    const Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (i < 0 || i >= n->nout) {
        PyErr_Format(PyExc_IndexError, "output %zd of a node with %zd outputs", i, n->nout);
        return NULL;
    }
    if (n->outs[i].hooks == NULL) {
        n->outs[i].hooks = PyList_New(0);
        if (n->outs[i].hooks == NULL) {
            return NULL;
        }
    }
    return Py_NewRef(n->outs[i].hooks);
}

static PyObject *node_get_freed(PyObject *self, void *c)
{
    (void)c;
    return PyBool_FromLong(((PcGradNode *)self)->vjp == NULL);
}

static PyObject *node_get_next(PyObject *self, void *c)
{
    (void)c;
    PcGradNode *n = (PcGradNode *)self;
    PyObject *r = PyTuple_New(n->nin);
    for (Py_ssize_t i = 0; r != NULL && i < n->nin; i++) {
        PyObject *e = n->edges[i].node == NULL
                          ? Py_NewRef(Py_None)
                          : Py_BuildValue("(On)", n->edges[i].node, n->edges[i].out);
        if (e == NULL) {
            Py_CLEAR(r);
            break;
        }
        PyTuple_SET_ITEM(r, i, e);
    }
    return r;
}

static PyMethodDef node_methods[] = {
    {"_out_index", node_out_index, METH_O, "_out_index(t, /)\n--\n\nWhich output t is."},
    {"_hooks", node_hooks, METH_O,
     "_hooks(i, /)\n--\n\nThe list of hooks on output i's gradient."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef node_members[] = {
    {"name", T_OBJECT, offsetof(PcGradNode, name), READONLY, "The rule's name."},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(PcGradNode, weakreflist), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef node_getset[] = {
    {"freed", node_get_freed, NULL,
     "Whether a backward pass without retain_graph consumed this node.", NULL},
    {"next_functions", node_get_next, NULL,
     "One (node or leaf tensor, output index) per input; None where no gradient flows.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot node_slots[] = {
    {Py_tp_dealloc, node_dealloc},
    {Py_tp_traverse, node_traverse},
    {Py_tp_clear, node_clear},
    {Py_tp_repr, node_repr},
    {Py_tp_methods, node_methods},
    {Py_tp_members, node_members},
    {Py_tp_getset, node_getset},
    {0, NULL},
};

static PyType_Spec node_spec = {
    .name = "paddle_c._C.GradNode",
    .basicsize = sizeof(PcGradNode),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE |
             Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = node_slots,
};

int pcpy_ag_node_init(PyObject *module)
{
    tensor_type = pcpy_state_from_module(module)->tensor_type;
    PyObject *tp = PyType_FromModuleAndSpec(module, &node_spec, NULL);
    if (tp == NULL) {
        return -1;
    }
    pcpy_ag_node_type = (PyTypeObject *)tp;
    const int r = PyModule_AddObjectRef(module, "GradNode", tp);
    Py_DECREF(tp);  /* the module's reference keeps the type */
    return r;
}

/* Tensor._grad_fn's setter: a GradNode or None. */
int pcpy_ag_set_grad_fn(PyObject *self, PyObject *value, void *c)
{
    (void)c;
    if (value != NULL && value != Py_None && !is_node(value)) {
        PyErr_Format(PyExc_TypeError, "grad_fn must be a GradNode or None, not %.100s",
                     Py_TYPE(value)->tp_name);
        return -1;
    }
    return pcpy_ag_set_record(self, &((PcTensorObject *)self)->grad_fn, value);
}

/* ---- making a node ------------------------------------------------------------------------ */

/* A new node with nin edges and nout outputs, all empty, untracked. New reference. */
static PcGradNode *node_new(PyObject *name, PyObject *vjp, Py_ssize_t nin, Py_ssize_t nout)
{
    PcGradNode *n = PyObject_GC_New(PcGradNode, pcpy_ag_node_type);
    if (n == NULL) {
        return NULL;
    }
    Py_INCREF(pcpy_ag_node_type);
    n->name = Py_NewRef(name);
    n->vjp = Py_NewRef(vjp);
    n->nin = nin;
    n->nout = nout;
    n->nsaved = 0;
    n->saved = NULL;
    n->weakreflist = NULL;
    n->edges = PyMem_Calloc(nin > 0 ? nin : 1, sizeof *n->edges);
    n->outs = PyMem_Calloc(nout > 0 ? nout : 1, sizeof *n->outs);
    if (n->edges == NULL || n->outs == NULL) {
        n->nin = n->nout = 0;  /* dealloc then walks no entries */
        Py_DECREF(n);
        PyErr_NoMemory();
        return NULL;
    }
    PyObject_GC_Track(n);
    return n;
}

/* out[i] = (shape, dtype) attributes of t, new references. */
static int shape_dtype(PyObject *t, PyObject **shape, PyObject **dtype)
{
    *shape = PyObject_GetAttrString(t, "shape");
    *dtype = *shape != NULL ? PyObject_GetAttrString(t, "dtype") : NULL;
    return *dtype != NULL ? 0 : -1;
}

static int set_output(pcpy_ag_output *o, PyObject *t)
{
    PyObject *shape = NULL, *dtype = NULL, *device = NULL;
    o->ref = PyWeakref_NewRef(t, NULL);
    o->alias = o->ref != NULL ? PyObject_CallMethod(t, "detach", NULL) : NULL;
    if (o->alias == NULL || shape_dtype(t, &shape, &dtype) < 0 ||
        (device = PyObject_GetAttrString(t, "device")) == NULL) {
        goto done;
    }
    o->meta = PyTuple_Pack(3, shape, dtype, device);
done:
    Py_XDECREF(shape);
    Py_XDECREF(dtype);
    Py_XDECREF(device);
    return o->meta != NULL ? 0 : -1;
}

static int save(PcGradNode *n, PyObject *t)
{
    n->saved[n->nsaved].tensor = Py_NewRef(t);
    n->saved[n->nsaved].version = version_of(t);
    n->nsaved++;
    return 0;
}

/* _ag_attach(name, out, inputs, vjp, saves) -> out: the float Tensors of `out` (a Tensor or a
 * sequence) become the outputs of a new node over `inputs` when some input requires a gradient.
 * saves: false (nothing saved), true (the input tensors) or "out" (inputs and outputs). */
static PyObject *fn_ag_attach(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyCallable_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError,
                        "_ag_attach(name, out, inputs, vjp, saves): a str, outputs, a sequence "
                        "of inputs, a callable and what is saved");
        return NULL;
    }
    PyObject *out = args[1];
    /* tuples that hold every input and output while Python code (shape, detach) runs */
    PyObject *ins = pcpy_seq_snapshot(args[2]);
    PyObject *outs = NULL;
    PcGradNode *n = NULL;
    PyObject *result = NULL;
    if (ins == NULL) {
        return NULL;
    }
    const int multi = PyTuple_Check(out) || PyList_Check(out);
    outs = multi ? pcpy_seq_snapshot(out) : PyTuple_Pack(1, out);
    if (outs == NULL) {
        goto done;
    }
    const Py_ssize_t nin = PyTuple_GET_SIZE(ins);
    const Py_ssize_t nout = PyTuple_GET_SIZE(outs);
    PyObject *const *in_items = &PyTuple_GET_ITEM(ins, 0);
    PyObject *const *out_items = &PyTuple_GET_ITEM(outs, 0);
    int any_edge = 0, any_out = 0, ntensors = 0;
    for (Py_ssize_t i = 0; i < nin; i++) {
        if (is_tensor(in_items[i])) {
            ntensors++;
            any_edge |= ((PcTensorObject *)in_items[i])->requires_grad;
        }
    }
    for (Py_ssize_t i = 0; i < nout; i++) {
        any_out |= is_tensor(out_items[i]) &&
                   pc_dtype_is_floating(pcpy_tensor_get(out_items[i])->dtype);
    }
    if (!any_edge || !any_out) {
        result = Py_NewRef(out);
        goto done;
    }
    n = node_new(args[0], args[3], nin, nout);
    if (n == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < nin; i++) {
        PyObject *t = in_items[i];
        if (pcpy_ag_edge_of(t, &n->edges[i].node, &n->edges[i].out) < 0 ||
            (is_tensor(t) && shape_dtype(t, &n->edges[i].shape, &n->edges[i].dtype) < 0)) {
            goto done;
        }
    }
    for (Py_ssize_t i = 0; i < nout; i++) {
        PyObject *t = out_items[i];
        if (is_tensor(t) && pc_dtype_is_floating(pcpy_tensor_get(t)->dtype) &&
            set_output(&n->outs[i], t) < 0) {
            goto done;
        }
    }
    const int saves = PyObject_IsTrue(args[4]);
    if (saves < 0) {
        goto done;
    }
    if (saves) {
        const int with_out = PyUnicode_Check(args[4]) &&
                             PyUnicode_CompareWithASCIIString(args[4], "out") == 0;
        n->saved = PyMem_Calloc((size_t)(ntensors + (with_out ? nout : 0)) + 1,
                                sizeof *n->saved);
        if (n->saved == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < nin; i++) {
            if (is_tensor(in_items[i])) {
                save(n, in_items[i]);
            }
        }
        for (Py_ssize_t i = 0; with_out && i < nout; i++) {
            if (n->outs[i].alias != NULL) {
                save(n, n->outs[i].alias);
            }
        }
    }
    /* only now, when nothing can fail, do the outputs join the graph */
    for (Py_ssize_t i = 0; i < nout; i++) {
        if (n->outs[i].ref != NULL) {
            PcTensorObject *o = (PcTensorObject *)out_items[i];
            if (pcpy_ag_set_stop_gradient((PyObject *)o, Py_False, NULL) < 0) {
                goto done;
            }
            if (pcpy_ag_set_grad_fn((PyObject *)o, (PyObject *)n, NULL) < 0) {
                goto done;
            }
        }
    }
    result = Py_NewRef(out);
done:
    Py_XDECREF(n);
    Py_XDECREF(outs);
    Py_DECREF(ins);
    return result;
}

/* _ag_edge(t): (node, output index), (t, -1) for a leaf that requires a gradient, or None. */
static PyObject *fn_ag_edge(PyObject *module, PyObject *t)
{
    (void)module;
    PyObject *node;
    Py_ssize_t out;
    if (pcpy_ag_edge_of(t, &node, &out) < 0) {
        return NULL;
    }
    if (node == NULL) {
        Py_RETURN_NONE;
    }
    PyObject *r = Py_BuildValue("(Nn)", node, out);
    return r;
}

PyMethodDef pcpy_autograd_node_methods[] = {
    {"_ag_attach", (PyCFunction)(void (*)(void))fn_ag_attach, METH_FASTCALL,
     "_ag_attach(name, out, inputs, vjp, saves, /)\n--\n\nRecord `out` as computed from "
     "`inputs` by the rule `name` (a new GradNode); returns out."},
    {"_ag_edge", fn_ag_edge, METH_O,
     "_ag_edge(t, /)\n--\n\nThe edge into t: (node, output index), (t, -1) for a leaf, or "
     "None."},
    {NULL, NULL, 0, NULL},
};
