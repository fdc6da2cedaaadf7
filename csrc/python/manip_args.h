/*
 * manip_args.h - argument helpers shared by the manipulation and indexing function families
 * (manipulation.c, index_functions.c): axes, shapes, sequences of tensors, tuples of results.
 *
 * Conventions as in pcpy.h: int functions return 0 (or a count) on success and -1 with a
 * Python exception set; PyObject * results are new references.
 */
#ifndef PADDLE_C_MANIP_ARGS_H
#define PADDLE_C_MANIP_ARGS_H

#include "pcpy.h"

/* An integer argument (an object with __index__, not a bool) as int64. */
int pcpy_manip_int_arg(PyObject *obj, const char *name, int64_t *out);

/* An int or a tuple/list of ints: the count (at most `max`) or -1. */
int pcpy_manip_ints_arg(PyObject *obj, const char *name, int64_t *out, int max);

/* A reshape-style shape: an int, a tuple/list of ints (negative entries are left to the core)
 * or a 1-D integer Tensor. Returns ndim or -1. */
int pcpy_manip_shape_arg(pcpy_state *st, PyObject *obj, int64_t *shape);

/* A tuple or list of tensor-likes as tensors: objs[i] are new references (PyMem arrays, freed
 * with pcpy_manip_seq_free), ts[i] their tensors. Returns the count, or -1 having freed
 * everything. */
Py_ssize_t pcpy_manip_seq(pcpy_state *st, PyObject *seq, const char *fname,
                          PyObject ***objs, const pc_tensor ***ts);
void pcpy_manip_seq_free(Py_ssize_t n, PyObject **objs, const pc_tensor **ts);

/* A tuple (or list) of Tensors wrapping ts[0 .. n): steals them (frees them on failure). */
PyObject *pcpy_manip_tuple(pcpy_state *st, Py_ssize_t n, pc_tensor **ts, bool as_list);

/* Parse `spec` and convert the first argument to a tensor: *x is a new reference (NULL on
 * failure). */
int pcpy_manip_parse_x(pcpy_state *st, const pcpy_argspec *spec, PyObject *const *args,
                       Py_ssize_t nargs, PyObject *kwnames, PyObject **a, PyObject **x);

/* Wrap a core result (`s`, `out`), dropping the reference `x` (may be NULL). */
PyObject *pcpy_manip_finish(pcpy_state *st, PyObject *x, pc_status s, pc_tensor *out);

/* The number of the argument names given to the wrapper macros below. */
#define PCPY_MANIP_NARGS(...) (sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *))

/* A module function `cname` named `pyname` whose first argument is a tensor-like: parses the
 * arguments named in `...` by (nposonly, npos, nrequired), converts the first to a tensor `x`
 * (a new reference that CALL takes over) and returns CALL, an expression in st, x and a[]. */
#define PCPY_MANIP_FN(cname, pyname, nposonly, npos, nrequired, CALL, ...)                      \
    static PyObject *cname(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,             \
                           PyObject *kwnames)                                                   \
    {                                                                                           \
        static const char *const names[] = {__VA_ARGS__, NULL};                                \
        static const pcpy_argspec spec = {pyname, names, nposonly, npos, nrequired};           \
        pcpy_state *st = pcpy_state_from_module(mod);                                          \
        PyObject *a[PCPY_MANIP_NARGS(__VA_ARGS__)];                                            \
        PyObject *x;                                                                            \
        if (pcpy_manip_parse_x(st, &spec, args, nargs, kwnames, a, &x) < 0) {                  \
            Py_XDECREF(x);                                                                      \
            return NULL;                                                                        \
        }                                                                                       \
        return CALL;                                                                            \
    }

/* The Tensor method `cname` (Paddle's): its arguments, all positional or keyword, named in
 * `...`; CALL as above, with x a new reference to self. */
#define PCPY_MANIP_METHOD(cname, pyname, nrequired, CALL, ...)                                  \
    static PyObject *cname(PyObject *self, PyObject *const *args, Py_ssize_t nargs,            \
                           PyObject *kwnames)                                                   \
    {                                                                                           \
        static const char *const names[] = {__VA_ARGS__, NULL};                                \
        static const pcpy_argspec spec = {pyname, names, 0,                                    \
                                          (int)PCPY_MANIP_NARGS(__VA_ARGS__), nrequired};      \
        PyObject *a[PCPY_MANIP_NARGS(__VA_ARGS__)];                                            \
        if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {                             \
            return NULL;                                                                        \
        }                                                                                       \
        pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));                                  \
        PyObject *x = Py_NewRef(self);                                                          \
        return CALL;                                                                            \
    }

#endif
