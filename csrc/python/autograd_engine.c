/*
 * autograd_engine.c - the reverse-mode walk of Paddle's autograd (docs/autograd.md):
 * _ag_run(roots, grads, retain_graph, create_graph, targets) propagates the roots' gradients
 * through the GradNodes that made them (autograd_node.h) and accumulates them into the leaves'
 * .grad in place, or, given targets (paddle.grad's inputs), returns the targets' gradients and
 * leaves .grad alone.
 *
 * The walk: the nodes reachable from the roots and how many edges enter each (a depth-first
 * search), then a ready stack of nodes whose every consumer has run. For each node: the
 * gradients summed per output, its hooks, the capture of targets' gradients, the check of its
 * saved tensors' versions, the rule's vjp (Python) on them, each input's gradient summed back
 * to the input's shape and dtype (sum_to), and the node's saved state freed unless
 * retain_graph. The walk runs with grad mode set to create_graph, so the operations of the
 * backward pass (the rules' and the sums here) are recorded exactly when a graph of it is asked
 * for.
 *
 * [Why the walk keeps its state to itself] The dependency counts and gradient sums live in the
 * walk (a dict from node to entry), not in the nodes: the vjp and hooks run Python, which may
 * let another thread walk the same retained graph meanwhile.
 *
 * Ownership: a walk owns its dict (which owns the nodes as keys), its entries' gradient sums,
 * its leaf list and results; everything is released on the one exit path of _ag_run.
 */
#include "autograd_node.h"

static const char FREED[] =
    "(Fatal) The TensorWrappers of %U do not exist. This may be because: You calculate backward "
    "twice for the same subgraph without setting retain_graph=True. Please set "
    "retain_graph=True in the first backward/grad call.";

typedef struct {
    PcGradNode *node;       /* borrowed: the walk's index holds it */
    Py_ssize_t deps;        /* edges from nodes not yet run */
    PyObject **bufs;        /* owned (PyMem): node->nout gradient sums, NULL where none */
} walk_entry;

typedef struct {
    PyObject *module;       /* borrowed: paddle_c._C, whose functions the walk calls */
    PyObject *index;        /* owned: dict node -> entry number */
    walk_entry *entries;    /* owned (PyMem) */
    Py_ssize_t n, cap;
    PyObject *leaf_index;   /* owned: dict id(leaf) -> position in leaves */
    PyObject *leaves;       /* owned: list of [leaf, gradient] */
} walk;

/* A function of _C by name (the gated one, so that its use is recorded). New reference. */
static PyObject *call_c(walk *w, const char *name, PyObject *args, PyObject *kwargs)
{
    PyObject *f = PyObject_GetAttrString(w->module, name);
    PyObject *r = f != NULL ? PyObject_Call(f, args, kwargs) : NULL;
    Py_XDECREF(f);
    return r;
}

/* *sum += g (a new tensor: under create_graph the sum is recorded). Steals g. */
static int accumulate(PyObject **sum, PyObject *g)
{
    if (*sum == NULL) {
        *sum = g;
        return 0;
    }
    PyObject *s = PyNumber_Add(*sum, g);
    Py_DECREF(g);
    if (s == NULL) {
        return -1;
    }
    Py_SETREF(*sum, s);
    return 0;
}

/* The entry of node (made, with deps 0, when new; *fresh says so). -1 on error. */
static Py_ssize_t entry_of(walk *w, PyObject *node, int *fresh)
{
    PyObject *k = PyDict_GetItemWithError(w->index, node);
    *fresh = 0;
    if (k != NULL) {
        return PyLong_AsSsize_t(k);
    }
    if (PyErr_Occurred()) {
        return -1;
    }
    if (w->n == w->cap) {
        const Py_ssize_t cap = w->cap ? 2 * w->cap : 16;
        walk_entry *e = PyMem_Realloc(w->entries, (size_t)cap * sizeof *e);
        if (e == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        w->entries = e;
        w->cap = cap;
    }
    PcGradNode *n = (PcGradNode *)node;
    PyObject **bufs = PyMem_Calloc((size_t)n->nout + 1, sizeof *bufs);
    PyObject *num = bufs != NULL ? PyLong_FromSsize_t(w->n) : NULL;
    if (bufs == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (num == NULL || PyDict_SetItem(w->index, node, num) < 0) {
        Py_XDECREF(num);
        PyMem_Free(bufs);
        return -1;
    }
    Py_DECREF(num);
    w->entries[w->n] = (walk_entry){n, 0, bufs};
    *fresh = 1;
    return w->n++;
}

/* The gradient g (stolen) arrives at leaf t. */
static int leaf_add(walk *w, PyObject *t, PyObject *g)
{
    PyObject *key = PyLong_FromVoidPtr(t);
    PyObject *pos = key != NULL ? PyDict_GetItemWithError(w->leaf_index, key) : NULL;
    int r = -1;
    if (pos != NULL) {
        PyObject *pair = PyList_GET_ITEM(w->leaves, PyLong_AsSsize_t(pos));
        PyObject *sum = Py_NewRef(PyList_GET_ITEM(pair, 1));
        if (accumulate(&sum, g) == 0) {
            PyList_SetItem(pair, 1, sum);  /* steals sum */
            r = 0;
        } else {
            Py_DECREF(sum);
        }
        g = NULL;  /* accumulate took it */
    } else if (key != NULL && !PyErr_Occurred()) {
        PyObject *pair = PyList_New(2);
        PyObject *num = pair != NULL ? PyLong_FromSsize_t(PyList_GET_SIZE(w->leaves)) : NULL;
        if (num != NULL && PyDict_SetItem(w->leaf_index, key, num) == 0) {
            PyList_SET_ITEM(pair, 0, Py_NewRef(t));
            PyList_SET_ITEM(pair, 1, g);
            g = NULL;
            r = PyList_Append(w->leaves, pair);
        }
        Py_XDECREF(num);
        Py_XDECREF(pair);
    }
    Py_XDECREF(g);
    Py_XDECREF(key);
    return r;
}

/* Whether shape (a tuple of ints) equals the tensor's. -1 on error. */
static int same_shape(const pc_tensor *t, PyObject *shape)
{
    if (PyTuple_GET_SIZE(shape) != t->ndim) {
        return 0;
    }
    for (int i = 0; i < t->ndim; i++) {
        const long long n = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, i));
        if (n == -1 && PyErr_Occurred()) {
            return -1;
        }
        if (n != t->shape[i]) {
            return 0;
        }
    }
    return 1;
}

/* g (stolen) applied by f(g, axis=..., keepdims=...) or f(g, arg). New reference. */
static PyObject *apply(walk *w, const char *f, PyObject *g, PyObject *arg, PyObject *kwargs)
{
    PyObject *args = arg != NULL ? PyTuple_Pack(2, g, arg) : PyTuple_Pack(1, g);
    PyObject *r = args != NULL ? call_c(w, f, args, kwargs) : NULL;
    Py_XDECREF(args);
    Py_DECREF(g);
    return r;
}

static PyObject *sum_axes(walk *w, PyObject *g, PyObject *axes, int keepdims)
{
    PyObject *kw = Py_BuildValue("{sOsO}", "axis", axes, "keepdims", keepdims ? Py_True : Py_False);
    PyObject *r = kw != NULL ? apply(w, "sum", g, NULL, kw) : (Py_DECREF(g), NULL);
    Py_XDECREF(kw);
    return r;
}

/* The axes of g (a tensor of at least len(shape) dimensions, aligned at the end with shape)
 * along which it was broadcast from shape: its leading ones when lead, else those where shape
 * has 1 and g does not. A new tuple, maybe empty; NULL on error. */
static PyObject *broadcast_axes(const pc_tensor *g, PyObject *shape, int lead)
{
    const Py_ssize_t nd = PyTuple_GET_SIZE(shape);
    PyObject *axes = PyList_New(0);
    for (Py_ssize_t i = 0; axes != NULL && i < (lead ? g->ndim - nd : nd); i++) {
        long long n = 0;
        if (!lead && (i >= g->ndim || (n = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, i))) != 1 ||
                      g->shape[i] == 1)) {
            if (n == -1 && PyErr_Occurred()) {
                Py_CLEAR(axes);
            }
            continue;
        }
        PyObject *num = PyLong_FromSsize_t(i);
        if (num == NULL || PyList_Append(axes, num) < 0) {
            Py_CLEAR(axes);
        }
        Py_XDECREF(num);
    }
    PyObject *r = axes != NULL ? PyList_AsTuple(axes) : NULL;
    Py_XDECREF(axes);
    return r;
}

/* g (stolen) summed over the axes along which it was broadcast from `shape`, in `dtype` (the
 * real part when g is complex and dtype is not). New reference. */
static PyObject *sum_to(walk *w, PyObject *g, PyObject *shape, PyObject *dtype)
{
    pcpy_state *st = pcpy_state_from_module(w->module);
    PyObject *axes = NULL;
    pc_dtype want;
    int same = same_shape(pcpy_tensor_get(g), shape);
    if (same < 0 || pcpy_dtype_from_py(st, dtype, false, &want) < 0) {
        goto fail;
    }
    for (int lead = 1; !same && lead >= 0; lead--) {
        axes = broadcast_axes(pcpy_tensor_get(g), shape, lead);
        if (axes == NULL || (PyTuple_GET_SIZE(axes) > 0 &&
                             (g = sum_axes(w, g, axes, !lead)) == NULL)) {
            goto fail;
        }
        Py_CLEAR(axes);
    }
    if (!same && ((same = same_shape(pcpy_tensor_get(g), shape)) < 0 ||
                  (!same && (g = apply(w, "broadcast_to", g, shape, NULL)) == NULL))) {
        goto fail;
    }
    const pc_dtype have = pcpy_tensor_get(g)->dtype;
    if (have != want && pc_dtype_kind(have) == PC_KIND_COMPLEX &&
        pc_dtype_kind(want) != PC_KIND_COMPLEX && (g = apply(w, "real", g, NULL, NULL)) == NULL) {
        goto fail;
    }
    if (pcpy_tensor_get(g)->dtype != want && (g = apply(w, "astype", g, dtype, NULL)) == NULL) {
        goto fail;
    }
    return g;
fail:
    /* g is NULL when a call that took it failed */
    Py_XDECREF(axes);
    Py_XDECREF(g);
    return NULL;
}

/* hooks (a list or NULL) applied in turn to *g: a non-None result replaces it. The list is
 * held for the loop (a hook may drop it from its tensor or node) and its length read anew
 * each turn (a hook may remove hooks). */
static int run_hooks(PyObject *hooks, PyObject **g)
{
    int rc = 0;
    Py_XINCREF(hooks);
    for (Py_ssize_t i = 0; rc == 0 && hooks != NULL && i < PyList_GET_SIZE(hooks); i++) {
        PyObject *h = Py_NewRef(PyList_GET_ITEM(hooks, i));
        PyObject *r = PyObject_CallOneArg(h, *g);
        Py_DECREF(h);
        if (r == NULL) {
            rc = -1;
        } else if (r == Py_None) {
            Py_DECREF(r);
        } else {
            Py_SETREF(*g, r);
        }
    }
    Py_XDECREF(hooks);
    return rc;
}

/* Zeros shaped as output meta (shape, dtype, device). New reference. */
static PyObject *zeros_for(walk *w, PyObject *meta)
{
    PyObject *args = PyTuple_Pack(1, PyTuple_GET_ITEM(meta, 0));
    PyObject *kw = Py_BuildValue("{sOsO}", "dtype", PyTuple_GET_ITEM(meta, 1), "device",
                                 PyTuple_GET_ITEM(meta, 2));
    PyObject *r = args != NULL && kw != NULL ? call_c(w, "zeros", args, kw) : NULL;
    Py_XDECREF(args);
    Py_XDECREF(kw);
    return r;
}

/* vjp (node's) on gs (nout gradients, owned by the caller). New reference. */
static PyObject *call_vjp(PcGradNode *n, PyObject *vjp, PyObject **gs, int create_graph)
{
    PyObject *outs = PyTuple_New(n->nout);
    PyObject *grads = PyTuple_New(n->nout);
    PyObject *r = NULL;
    if (outs == NULL || grads == NULL) {
        goto done;
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        /* the output with its graph when the backward pass is recorded (so higher derivatives
         * see it), its detached alias otherwise */
        PyObject *o = create_graph ? pcpy_ag_live_output(n, i)
                                   : Py_NewRef(n->outs[i].alias != NULL ? n->outs[i].alias
                                                                        : Py_None);
        if (o == NULL) {
            goto done;
        }
        PyTuple_SET_ITEM(outs, i, o);
        PyTuple_SET_ITEM(grads, i, Py_NewRef(gs[i] != NULL ? gs[i] : Py_None));
    }
    if (n->nout == 1) {
        r = PyObject_CallFunctionObjArgs(vjp, PyTuple_GET_ITEM(grads, 0),
                                         PyTuple_GET_ITEM(outs, 0), NULL);
    } else {
        r = PyObject_CallFunctionObjArgs(vjp, grads, outs, NULL);
    }
done:
    Py_XDECREF(outs);
    Py_XDECREF(grads);
    return r;
}

/* Add g (a reference the call takes) to the gradient of output `out` of `node`, or to the
 * leaf `node`'s when out < 0. */
static int send(walk *w, PyObject *node, Py_ssize_t out, PyObject *g)
{
    if (out < 0) {
        return leaf_add(w, node, g);
    }
    int fresh;
    const Py_ssize_t k = entry_of(w, node, &fresh);
    return k < 0 ? (Py_DECREF(g), -1) : accumulate(&w->entries[k].bufs[out], g);
}

/* The walk entry of the node edge e leads to: -2 when it leads to no node (none, or a leaf),
 * -1 with an exception. */
static Py_ssize_t edge_entry(walk *w, const pcpy_ag_edge *e, int *fresh)
{
    *fresh = 0;
    return e->node == NULL || e->out < 0 ? -2 : entry_of(w, e->node, fresh);
}

/* Send the vjp's results (a sequence, one per input) along the node's edges. */
static int propagate(walk *w, PcGradNode *n, PyObject *grads)
{
    PyObject *seq = pcpy_seq_snapshot(grads);
    if (seq == NULL) {
        return -1;
    }
    const Py_ssize_t m = PyTuple_GET_SIZE(seq);
    pcpy_state *st = pcpy_state_from_module(w->module);
    int rc = 0;
    for (Py_ssize_t i = 0; rc == 0 && i < n->nin && i < m; i++) {
        const pcpy_ag_edge *e = &n->edges[i];
        PyObject *g = PyTuple_GET_ITEM(seq, i);
        if (e->node == NULL || g == Py_None) {
            continue;
        }
        if (pcpy_tensor_check(st, g)) {
            Py_INCREF(g);
        } else {
            PyObject *args = PyTuple_Pack(1, g);
            g = args != NULL ? call_c(w, "asarray", args, NULL) : NULL;
            Py_XDECREF(args);
        }
        if (g == NULL || (g = sum_to(w, g, e->shape, e->dtype)) == NULL) {
            rc = -1;
        } else {
            rc = send(w, e->node, e->out, g);
        }
    }
    Py_DECREF(seq);
    return rc;
}

/* The targets' gradient slots: target j is output cap_out[j] of node cap_node[j] (NULL for a
 * leaf or a tensor without gradient). */
typedef struct {
    Py_ssize_t n;
    PyObject **node;        /* owned (PyMem), entries owned */
    Py_ssize_t *out;        /* owned (PyMem) */
    PyObject *results;      /* owned: list of gradients or None */
} capture;

static int run_node(walk *w, walk_entry *e, capture *cap, int retain, int create_graph)
{
    PcGradNode *n = e->node;
    PyObject **gs = e->bufs;   /* taken over by this function */
    int rc = -1, any = 0;
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        if (gs[i] != NULL && run_hooks(n->outs[i].hooks, &gs[i]) < 0) {
            goto done;
        }
        for (Py_ssize_t j = 0; j < cap->n; j++) {
            if (cap->node[j] == (PyObject *)n && cap->out[j] == i &&
                PyList_SetItem(cap->results, j, Py_NewRef(gs[i] != NULL ? gs[i] : Py_None)) < 0) {
                goto done;
            }
        }
        any |= gs[i] != NULL;
    }
    if (!any) {
        rc = 0;
        goto done;
    }
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        if (gs[i] == NULL && n->outs[i].meta != NULL &&
            (gs[i] = zeros_for(w, n->outs[i].meta)) == NULL) {
            goto done;
        }
    }
    /* the check and the reference taken with no Python code between them: another thread's
     * walk of a shared graph cannot free the vjp in between */
    if (n->vjp == NULL) {
        PyErr_Format(PyExc_RuntimeError, FREED, n->name);
        goto done;
    }
    if (pcpy_ag_check_saved(n) < 0) {
        goto done;
    }
    PyObject *vjp = Py_NewRef(n->vjp);
    PyObject *grads = call_vjp(n, vjp, gs, create_graph);
    Py_DECREF(vjp);
    if (grads == NULL) {
        goto done;
    }
    if (!retain) {
        pcpy_ag_node_free_saved(n);
    }
    rc = propagate(w, n, grads);
    Py_DECREF(grads);
done:
    for (Py_ssize_t i = 0; i < n->nout; i++) {
        Py_CLEAR(gs[i]);
    }
    return rc;
}

/* The leaves' gradients: hooks, then the targets' results or .grad accumulated in place. */
static int finish_leaves(walk *w, PyObject *targets, capture *cap, int create_graph)
{
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(w->leaves); k++) {
        PyObject *pair = PyList_GET_ITEM(w->leaves, k);
        PcTensorObject *t = (PcTensorObject *)PyList_GET_ITEM(pair, 0);
        PyObject *g = Py_NewRef(PyList_GET_ITEM(pair, 1));
        int rc = run_hooks(t->hooks, &g);
        if (targets != NULL) {
            for (Py_ssize_t j = 0; rc == 0 && j < cap->n; j++) {
                if (PyTuple_GET_ITEM(targets, j) != (PyObject *)t) {
                    continue;
                }
                PyObject *cur = PyList_GET_ITEM(cap->results, j);
                PyObject *s = cur == Py_None ? Py_NewRef(g) : PyNumber_Add(cur, g);
                rc = s != NULL ? PyList_SetItem(cap->results, j, s) : -1;
            }
        } else if (rc == 0 && t->grad == NULL) {
            if (g == (PyObject *)t) {
                PyObject *args = PyTuple_Pack(1, g);
                PyObject *kw = Py_BuildValue("{sO}", "copy", Py_True);
                PyObject *c = args != NULL && kw != NULL ? call_c(w, "asarray", args, kw) : NULL;
                Py_XDECREF(args);
                Py_XDECREF(kw);
                Py_SETREF(g, c);
            }
            rc = g != NULL ? pcpy_ag_set_grad((PyObject *)t, g, NULL) : -1;
        } else if (rc == 0) {
            /* accumulated in place, unrecorded: .grad is not part of any graph */
            PyObject *cur = Py_NewRef(t->grad);
            pcpy_ag_set_mode(0);
            PyObject *s = PyNumber_InPlaceAdd(cur, g);
            pcpy_ag_set_mode(create_graph);
            rc = s != NULL && s != cur ? pcpy_ag_set_grad((PyObject *)t, s, NULL)
                                       : (s != NULL ? 0 : -1);
            Py_XDECREF(s);
            Py_DECREF(cur);
        }
        Py_XDECREF(g);
        if (rc < 0) {
            return -1;
        }
    }
    return 0;
}

/* _ag_run(roots, grads, retain_graph, create_graph, targets) -> list of the targets'
 * gradients (None where none arrives), or None without targets (then .grad accumulates). */
static PyObject *fn_ag_run(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    static const char usage[] = "_ag_run(roots, grads, retain_graph, create_graph, targets): "
                                "two sequences of one length, two flags and a sequence or None";
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, usage);
        return NULL;
    }
    const int retain = PyObject_IsTrue(args[2]);
    const int create_graph = PyObject_IsTrue(args[3]);
    if (retain < 0 || create_graph < 0) {
        return NULL;
    }
    walk w = {.module = module};
    capture cap = {0};
    Py_ssize_t *stack = NULL;
    PyObject *result = NULL;
    int prev_mode = -1;
    /* tuples that hold the roots, their gradients and the targets while hooks and vjps run */
    PyObject *roots = pcpy_seq_snapshot(args[0]);
    PyObject *grads = roots != NULL ? pcpy_seq_snapshot(args[1]) : NULL;
    PyObject *targets = grads != NULL && args[4] != Py_None ? pcpy_seq_snapshot(args[4]) : NULL;
    if (grads == NULL || (args[4] != Py_None && targets == NULL)) {
        goto done;
    }
    if (PyTuple_GET_SIZE(roots) != PyTuple_GET_SIZE(grads)) {
        PyErr_SetString(PyExc_TypeError, usage);
        goto done;
    }
    w.index = PyDict_New();
    w.leaf_index = PyDict_New();
    w.leaves = PyList_New(0);
    if (w.index == NULL || w.leaf_index == NULL || w.leaves == NULL) {
        goto done;
    }
    /* the roots' gradients */
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(roots); i++) {
        PyObject *node;
        Py_ssize_t out;
        if (pcpy_ag_edge_of(PyTuple_GET_ITEM(roots, i), &node, &out) < 0) {
            goto done;
        }
        if (node == NULL) {
            continue;
        }
        const int rc = send(&w, node, out, Py_NewRef(PyTuple_GET_ITEM(grads, i)));
        Py_DECREF(node);
        if (rc < 0) {
            goto done;
        }
    }
    /* the reachable nodes and their dependency counts (depth first) */
    stack = PyMem_Malloc(sizeof *stack * (size_t)(w.n + 1));
    Py_ssize_t top = 0, cap_stack = w.n + 1;
    if (stack == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t k = 0; k < w.n; k++) {
        stack[top++] = k;
    }
    while (top > 0) {
        PcGradNode *n = w.entries[stack[--top]].node;
        for (Py_ssize_t i = 0; i < n->nin; i++) {
            int fresh;
            const Py_ssize_t k = edge_entry(&w, &n->edges[i], &fresh);
            if (k == -2) {
                continue;
            }
            if (k < 0) {
                goto done;
            }
            w.entries[k].deps++;
            if (fresh) {
                if (top == cap_stack) {
                    Py_ssize_t *s = PyMem_Realloc(stack, sizeof *s * (size_t)(2 * cap_stack));
                    if (s == NULL) {
                        PyErr_NoMemory();
                        goto done;
                    }
                    stack = s;
                    cap_stack *= 2;
                }
                stack[top++] = k;
            }
        }
    }
    /* the targets' slots */
    if (targets != NULL) {
        cap.n = PyTuple_GET_SIZE(targets);
        cap.node = PyMem_Calloc((size_t)cap.n + 1, sizeof *cap.node);
        cap.out = PyMem_Calloc((size_t)cap.n + 1, sizeof *cap.out);
        cap.results = PyList_New(cap.n);
        if (cap.node == NULL || cap.out == NULL || cap.results == NULL) {
            cap.n = 0;
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t j = 0; j < cap.n; j++) {
            PyList_SET_ITEM(cap.results, j, Py_NewRef(Py_None));
            if (pcpy_ag_edge_of(PyTuple_GET_ITEM(targets, j), &cap.node[j], &cap.out[j]) < 0) {
                goto done;
            }
            if (cap.out[j] < 0) {
                Py_CLEAR(cap.node[j]);
            }
        }
    }
    /* the ready stack: nodes whose consumers have all run; each enters it once */
    if (cap_stack < w.n + 1) {
        Py_ssize_t *s = PyMem_Realloc(stack, sizeof *s * (size_t)(w.n + 1));
        if (s == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        stack = s;
    }
    top = 0;
    for (Py_ssize_t k = 0; k < w.n; k++) {
        if (w.entries[k].deps == 0) {
            stack[top++] = k;
        }
    }
    prev_mode = pcpy_ag_set_mode(create_graph);
    while (top > 0) {
        walk_entry *e = &w.entries[stack[--top]];
        if (run_node(&w, e, &cap, retain, create_graph) < 0) {
            goto done;
        }
        PcGradNode *n = e->node;
        for (Py_ssize_t i = 0; i < n->nin; i++) {
            int fresh;
            const Py_ssize_t k = edge_entry(&w, &n->edges[i], &fresh);
            if (k == -2) {
                continue;
            }
            if (k < 0) {
                goto done;
            }
            if (--w.entries[k].deps == 0) {
                stack[top++] = k;
            }
        }
    }
    if (finish_leaves(&w, targets, &cap, create_graph) < 0) {
        goto done;
    }
    result = targets != NULL ? Py_NewRef(cap.results) : Py_NewRef(Py_None);
done:
    if (prev_mode >= 0) {
        pcpy_ag_set_mode(prev_mode);
    }
    for (Py_ssize_t k = 0; k < w.n; k++) {
        for (Py_ssize_t i = 0; i < w.entries[k].node->nout; i++) {
            Py_XDECREF(w.entries[k].bufs[i]);
        }
        PyMem_Free(w.entries[k].bufs);
    }
    PyMem_Free(w.entries);
    for (Py_ssize_t j = 0; j < cap.n; j++) {
        Py_XDECREF(cap.node[j]);
    }
    PyMem_Free(cap.node);
    PyMem_Free(cap.out);
    Py_XDECREF(cap.results);
    PyMem_Free(stack);
    Py_XDECREF(w.index);
    Py_XDECREF(w.leaf_index);
    Py_XDECREF(w.leaves);
    Py_XDECREF(roots);
    Py_XDECREF(grads);
    Py_XDECREF(targets);
    return result;
}

PyMethodDef pcpy_autograd_engine_methods[] = {
    {"_ag_run", (PyCFunction)(void (*)(void))fn_ag_run, METH_FASTCALL,
     "_ag_run(roots, grads, retain_graph, create_graph, targets, /)\n--\n\nPropagate grads "
     "from roots through their graph: the targets' gradients (a list), or None after "
     "accumulating into the leaves' .grad when targets is None."},
    {NULL, NULL, 0, NULL},
};
