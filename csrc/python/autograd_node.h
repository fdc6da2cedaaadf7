/*
 * autograd_node.h - the grad node of Paddle's autograd (autograd_node.c) and the walk that
 * consumes it (autograd_engine.c). docs/autograd.md describes both.
 *
 * A node is one recorded operation: the rule's vector-Jacobian product, one edge per input, the
 * inputs' shapes and dtypes, the tensors it saved with their storage versions, and per output a
 * weak reference, a detached alias, the output's (shape, dtype, device) and its hooks.
 *
 * Ownership: a node owns every non-NULL PyObject it points at (edges hold the input's node or
 * the leaf tensor; outputs are held only weakly, so a node never keeps its own outputs alive).
 * Invariants: nin, nout, nsaved are fixed at creation; vjp == NULL means the node's saved state
 * was freed by a backward pass without retain_graph (its saved and alias slots are NULL then).
 */
#ifndef PCPY_AUTOGRAD_NODE_H
#define PCPY_AUTOGRAD_NODE_H

#include "pcpy.h"

typedef struct {
    PyObject *node;         /* owned or NULL: a GradNode, or the leaf Tensor when out < 0 */
    Py_ssize_t out;         /* the input's output index in `node`; -1 for a leaf */
    PyObject *shape;        /* owned or NULL: the input's shape (a tuple) */
    PyObject *dtype;        /* owned or NULL: the input's dtype */
} pcpy_ag_edge;

typedef struct {
    PyObject *ref;          /* owned or NULL: a weak reference to the output */
    PyObject *alias;        /* owned or NULL: the output detached (for the rule, when the
                               output itself is gone or the backward pass is not recorded) */
    PyObject *meta;         /* owned or NULL: (shape, dtype, device) */
    PyObject *hooks;        /* owned or NULL: a list of hooks on this output's gradient */
} pcpy_ag_output;

typedef struct {
    PyObject *tensor;       /* owned: a tensor the rule reads */
    int64_t version;        /* its storage's version when it was saved */
} pcpy_ag_saved;

typedef struct {
    PyObject_HEAD
    PyObject *name;         /* owned: the rule's name, a str */
    PyObject *vjp;          /* owned, or NULL once freed */
    Py_ssize_t nin, nout, nsaved;
    pcpy_ag_edge *edges;    /* owned (PyMem): nin entries */
    pcpy_ag_output *outs;   /* owned (PyMem): nout entries */
    pcpy_ag_saved *saved;   /* owned (PyMem): nsaved entries; NULL when freed or none */
    PyObject *weakreflist;
} PcGradNode;

/* The GradNode type, made by pcpy_ag_node_init (module.c's init); borrowed. */
extern PyTypeObject *pcpy_ag_node_type;
int pcpy_ag_node_init(PyObject *module);

/* The output index of tensor t in node, or -1 with RuntimeError raised. */
Py_ssize_t pcpy_ag_out_index(PcGradNode *node, PyObject *t);
/* The edge into tensor t: *node set to a new reference (its GradNode, or t itself for a leaf,
 * *out = -1), or NULL when t is not a Tensor or stops gradients. 0, or -1 with an error. */
int pcpy_ag_edge_of(PyObject *t, PyObject **node, Py_ssize_t *out);
/* RuntimeError when a saved tensor was changed in place since it was saved; else 0. */
int pcpy_ag_check_saved(PcGradNode *node);
/* Output i as the rule should read it when the backward pass is recorded: the output itself
 * while it lives, else a new Tensor on its memory made output i of the node again (so higher
 * derivatives through it keep their terms); the detached alias when the node was freed. New
 * reference, or NULL with an exception. */
PyObject *pcpy_ag_live_output(PcGradNode *node, Py_ssize_t i);
/* Drop the node's saved state (vjp, saved tensors, aliases): after a backward pass. */
void pcpy_ag_node_free_saved(PcGradNode *node);

#endif
