/*
 * linalg.c - the Python side of linear algebra: matmul, tensordot and vecdot of the main
 * namespace, the `@` operators of Tensor, and the private `_linalg_*` functions that
 * python/paddle_c/linalg.py wraps into the standard's `linalg` extension (named-tuple results
 * are built there). Argument parsing and GIL handling live here; the work is the core's
 * (paddle_c/linalg.h).
 *
 * Ownership: operands converted with pcpy_as_tensor are new references released on every path.
 */
#include "paddle_c/linalg.h"
#include "pcpy.h"
#include "ew_call.h"

/* [Why release the GIL by work] A product or decomposition costs about size * n operations;
 * the GIL is released when that passes the threshold of pcpy.h, so a 64 x 64 matmul already
 * lets other threads run. */
static int64_t work_of(const pc_tensor *x)
{
    return x->ndim == 0 ? x->size : x->size * x->shape[x->ndim - 1];
}

/* Operands as tensors (new references in t[]); -1 with an exception. */
static int tensors(pcpy_state *st, int n, PyObject *const *objs, PyObject **t)
{
    for (int i = 0; i < n; i++) {
        t[i] = pcpy_as_tensor(st, objs[i]);
        if (t[i] == NULL) {
            for (int j = 0; j < i; j++) {
                Py_DECREF(t[j]);
            }
            return -1;
        }
    }
    return 0;
}

static void release(int n, PyObject **t)
{
    for (int i = 0; i < n; i++) {
        Py_XDECREF(t[i]);
    }
}

/* A tuple of the core's results (stolen; all non-NULL when st == PC_OK). New reference. */
static PyObject *result_tuple(pcpy_state *st, pc_status s, int n, pc_tensor **r)
{
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    PyObject *tup = PyTuple_New(n);
    for (int i = 0; i < n; i++) {
        PyObject *o = tup != NULL ? pcpy_tensor_wrap(st, r[i]) : NULL;
        if (tup == NULL) {
            pc_tensor_free(r[i]);
        } else if (o == NULL) {
            Py_CLEAR(tup);
        } else {
            PyTuple_SET_ITEM(tup, i, o);
        }
    }
    return tup;
}

/* ---- products ------------------------------------------------------------------------ */

/* x1 @ x2, with the last two axes of x1 (x2) swapped first when `tx` (`ty`): Paddle's
 * transpose_x / transpose_y, which leave 1-D operands as they are. The swap is a view. */
static PyObject *matmul_objects_t(pcpy_state *st, PyObject *x1, PyObject *x2, bool tx, bool ty)
{
    PyObject *objs[2] = {x1, x2};
    PyObject *t[2];
    if (tensors(st, 2, objs, t) < 0) {
        return NULL;
    }
    const pc_tensor *op[2] = {pcpy_tensor_get(t[0]), pcpy_tensor_get(t[1])};
    pc_tensor *swapped[2] = {NULL, NULL};
    pc_status s = PC_OK;
    const bool flags[2] = {tx, ty};
    for (int i = 0; i < 2 && s == PC_OK; i++) {
        if (flags[i] && op[i]->ndim >= 2) {
            s = pc_matrix_transpose(op[i], &swapped[i]);
            op[i] = swapped[i];
        }
    }
    pc_tensor *r = NULL;
    if (s == PC_OK) {
        const pc_tensor *a = op[0];
        const pc_tensor *b = op[1];
        PyThreadState *ts =
            pcpy_release_gil(work_of(a) * (b->ndim > 0 ? b->shape[b->ndim - 1] : 1));
        s = pc_matmul(a, b, &r);
        pcpy_restore_gil(ts);
    }
    pc_tensor_free(swapped[0]);
    pc_tensor_free(swapped[1]);
    release(2, t);
    return pcpy_tensor_result(st, s, r);
}

static PyObject *matmul_objects(pcpy_state *st, PyObject *x1, PyObject *x2)
{
    return matmul_objects_t(st, x1, x2, false, false);
}

/* Parse the flags of matmul (a[2], a[3]) and multiply a[0] by a[1]. */
static PyObject *matmul_args(pcpy_state *st, PyObject *const *a)
{
    int tx;
    int ty;
    if (pcpy_bool_arg(a[2], "transpose_x", 0, &tx) < 0 ||
        pcpy_bool_arg(a[3], "transpose_y", 0, &ty) < 0) {
        return NULL;
    }
    return matmul_objects_t(st, a[0], a[1], tx != 0, ty != 0);
}

static PyObject *fn_matmul(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    static const char *const names[] = {"x1", "x2", "transpose_x", "transpose_y", NULL};
    static const pcpy_argspec spec = {"matmul", names, 2, 2, 2};
    PyObject *a[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    return matmul_args(pcpy_state_from_module(mod), a);
}

/* x.matmul(y, transpose_x=False, transpose_y=False, name=None) (Paddle's method) */
static PyObject *m_matmul(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    static const char *const names[] = {"y", "transpose_x", "transpose_y", "name", NULL};
    static const pcpy_argspec spec = {"matmul", names, 0, 4, 1};
    PyObject *p[4];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, p) < 0) {
        return NULL;
    }
    PyObject *const a[4] = {self, p[0], p[1], p[2]};
    return matmul_args(pcpy_state_from_type(Py_TYPE(self)), a);
}

/* axes of tensordot: an int N >= 0 or a pair of equally long sequences of ints. Returns the
 * number of contracted axes or -1. */
static int tensordot_axes(PyObject *obj, int nda, int ndb, int64_t *xa, int64_t *xb)
{
    if (PyLong_Check(obj) && !PyBool_Check(obj)) {
        int64_t n;
        if (pcpy_int64_arg(obj, "axes", 2, &n) < 0) {
            return -1;
        }
        if (n < 0 || n > nda || n > ndb) {
            PyErr_Format(PyExc_ValueError,
                         "tensordot: axes=%lld must lie in [0, %d] for %d-d and %d-d tensors",
                         (long long)n, nda < ndb ? nda : ndb, nda, ndb);
            return -1;
        }
        for (int64_t i = 0; i < n; i++) {
            xa[i] = nda - n + i;
            xb[i] = i;
        }
        return (int)n;
    }
    PyObject *pair = PyTuple_Check(obj) || PyList_Check(obj) ? pcpy_seq_snapshot(obj) : NULL;
    if (pair == NULL || PyTuple_GET_SIZE(pair) != 2) {
        Py_XDECREF(pair);
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "tensordot: axes must be an int or a pair of "
                         "sequences of ints, not %s", Py_TYPE(obj)->tp_name);
        }
        return -1;
    }
    int n = -1;
    for (int s = 0; s < 2 && n >= -1; s++) {
        PyObject *seq = pcpy_seq_snapshot(PyTuple_GET_ITEM(pair, s));
        if (seq == NULL) {
            n = -2;
            break;
        }
        const Py_ssize_t len = PyTuple_GET_SIZE(seq);
        if ((n >= 0 && len != n) || len > PC_MAX_NDIM) {
            PyErr_SetString(PyExc_ValueError,
                            "tensordot: the two sequences of axes must have the same length");
            n = -2;
        } else {
            n = (int)len;
        }
        for (Py_ssize_t i = 0; n >= 0 && i < len; i++) {
            if (pcpy_int64_arg(PyTuple_GET_ITEM(seq, i), "axes", 0,
                               s == 0 ? &xa[i] : &xb[i]) < 0) {
                n = -2;
            }
        }
        Py_DECREF(seq);
    }
    Py_DECREF(pair);
    return n < 0 ? -1 : n;
}

static PyObject *fn_tensordot(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
    static const char *const names[] = {"x1", "x2", "axes", NULL};
    static const pcpy_argspec spec = {"tensordot", names, 2, 2, 2};
    PyObject *a[3];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t[2];
    if (tensors(st, 2, a, t) < 0) {
        return NULL;
    }
    const pc_tensor *x1 = pcpy_tensor_get(t[0]);
    const pc_tensor *x2 = pcpy_tensor_get(t[1]);
    int64_t xa[PC_MAX_NDIM];
    int64_t xb[PC_MAX_NDIM];
    PyObject *axes = a[2] != NULL ? a[2] : NULL;
    int n = 2;
    if (axes != NULL) {
        n = tensordot_axes(axes, x1->ndim, x2->ndim, xa, xb);
    } else if (x1->ndim < 2 || x2->ndim < 2) {
        PyErr_Format(PyExc_ValueError,
                     "tensordot: the default axes=2 needs tensors of at least 2 dimensions, "
                     "got %d-d and %d-d",
                     x1->ndim, x2->ndim);
        n = -1;
    } else {
        xa[0] = x1->ndim - 2;
        xa[1] = x1->ndim - 1;
        xb[0] = 0;
        xb[1] = 1;
    }
    if (n < 0) {
        release(2, t);
        return NULL;
    }
    pc_tensor *r = NULL;
    PyThreadState *ts = pcpy_release_gil(x1->size + x2->size);
    pc_status s = pc_tensordot(x1, x2, n, xa, xb, &r);
    pcpy_restore_gil(ts);
    release(2, t);
    return pcpy_tensor_result(st, s, r);
}

/* f(x1, x2, axis) for vecdot and cross. */
static PyObject *axis_product(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames, const char *fname,
                              pc_status (*fn)(const pc_tensor *, const pc_tensor *, int64_t,
                                              pc_tensor **))
{
    static const char *const names[] = {"x1", "x2", "axis", NULL};
    const pcpy_argspec spec = {fname, names, 2, 2, 2};
    PyObject *a[3];
    int64_t axis;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_int64_arg(a[2], "axis", -1, &axis) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t[2];
    if (tensors(st, 2, a, t) < 0) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_tensor *x1 = pcpy_tensor_get(t[0]);
    const pc_tensor *x2 = pcpy_tensor_get(t[1]);
    PyThreadState *ts = pcpy_release_gil(x1->size + x2->size);
    pc_status s = fn(x1, x2, axis, &r);
    pcpy_restore_gil(ts);
    release(2, t);
    return pcpy_tensor_result(st, s, r);
}

static PyObject *fn_vecdot(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames)
{
    return axis_product(mod, args, nargs, kwnames, "vecdot", pc_vecdot);
}

static PyObject *fn_cross(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return axis_product(mod, args, nargs, kwnames, "_linalg_cross", pc_cross);
}

/* ---- one-tensor functions -------------------------------------------------------------- */

typedef pc_status (*unary_fn)(const pc_tensor *, pc_tensor **);

/* f(x) -> tensor, for functions whose only argument is the tensor. */
static PyObject *unary(PyObject *mod, PyObject *x, unary_fn fn)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, &x, &t) < 0) {
        return NULL;
    }
    const pc_tensor *a = pcpy_tensor_get(t);
    pc_tensor *r = NULL;
    PyThreadState *ts = pcpy_release_gil(work_of(a));
    pc_status s = fn(a, &r);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return pcpy_tensor_result(st, s, r);
}

static PyObject *fn_inv(PyObject *mod, PyObject *x) { return unary(mod, x, pc_inv); }

static PyObject *fn_det(PyObject *mod, PyObject *x) { return unary(mod, x, pc_det); }

static pc_status eigvalsh(const pc_tensor *x, pc_tensor **w) { return pc_eigh(x, w, NULL); }

static PyObject *fn_eigvalsh(PyObject *mod, PyObject *x) { return unary(mod, x, eigvalsh); }

static pc_status eigvals(const pc_tensor *x, pc_tensor **w) { return pc_eig(x, w, NULL); }

static PyObject *fn_eigvals(PyObject *mod, PyObject *x) { return unary(mod, x, eigvals); }

static pc_status svdvals(const pc_tensor *x, pc_tensor **s)
{
    return pc_svd(x, false, s, NULL, NULL);
}

static PyObject *fn_svdvals(PyObject *mod, PyObject *x) { return unary(mod, x, svdvals); }

/* f(x) -> a pair of tensors, for eigh, eig and slogdet. */
typedef pc_status (*pair_fn)(const pc_tensor *, pc_tensor **, pc_tensor **);

static PyObject *pair(PyObject *mod, PyObject *x, pair_fn fn)
{
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, &x, &t) < 0) {
        return NULL;
    }
    pc_tensor *r[2] = {NULL, NULL};
    PyThreadState *ts = pcpy_release_gil(work_of(pcpy_tensor_get(t)));
    pc_status s = fn(pcpy_tensor_get(t), &r[0], &r[1]);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return result_tuple(st, s, 2, r);
}

static PyObject *fn_eigh(PyObject *mod, PyObject *x) { return pair(mod, x, pc_eigh); }

static PyObject *fn_eig(PyObject *mod, PyObject *x) { return pair(mod, x, pc_eig); }

static PyObject *fn_slogdet(PyObject *mod, PyObject *x) { return pair(mod, x, pc_slogdet); }

/* ---- functions with options ------------------------------------------------------------ */

static PyObject *fn_cholesky(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    static const char *const names[] = {"x", "upper", NULL};
    static const pcpy_argspec spec = {"_linalg_cholesky", names, 2, 2, 2};
    PyObject *a[2];
    int upper;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_bool_arg(a[1], "upper", 0, &upper) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, a, &t) < 0) {
        return NULL;
    }
    pc_tensor *r = NULL;
    PyThreadState *ts = pcpy_release_gil(work_of(pcpy_tensor_get(t)));
    pc_status s = pc_cholesky(pcpy_tensor_get(t), upper != 0, &r);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return pcpy_tensor_result(st, s, r);
}

/* f(x, int) for diagonal(offset) and matrix_power(n). */
static PyObject *tensor_int(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                            PyObject *kwnames, const char *fname, const char *argname,
                            pc_status (*fn)(const pc_tensor *, int64_t, pc_tensor **))
{
    const char *const names[] = {"x", argname, NULL};
    const pcpy_argspec spec = {fname, names, 2, 2, 2};
    PyObject *a[2];
    int64_t v;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_int64_arg(a[1], argname, 0, &v) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, a, &t) < 0) {
        return NULL;
    }
    pc_tensor *r = NULL;
    PyThreadState *ts = pcpy_release_gil(work_of(pcpy_tensor_get(t)));
    pc_status s = fn(pcpy_tensor_get(t), v, &r);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return pcpy_tensor_result(st, s, r);
}

static PyObject *fn_diagonal(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                             PyObject *kwnames)
{
    return tensor_int(mod, args, nargs, kwnames, "_linalg_diagonal", "offset", pc_diagonal);
}

static PyObject *fn_matrix_power(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames)
{
    return tensor_int(mod, args, nargs, kwnames, "_linalg_matrix_power", "n", pc_matrix_power);
}

/* f(x1, x2) for solve and outer. */
static PyObject *binary(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames, const char *fname,
                        pc_status (*fn)(const pc_tensor *, const pc_tensor *, pc_tensor **))
{
    static const char *const names[] = {"x1", "x2", NULL};
    const pcpy_argspec spec = {fname, names, 2, 2, 2};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t[2];
    if (tensors(st, 2, a, t) < 0) {
        return NULL;
    }
    pc_tensor *r = NULL;
    const pc_tensor *x1 = pcpy_tensor_get(t[0]);
    const pc_tensor *x2 = pcpy_tensor_get(t[1]);
    PyThreadState *ts = pcpy_release_gil(work_of(x1) + x2->size);
    pc_status s = fn(x1, x2, &r);
    pcpy_restore_gil(ts);
    release(2, t);
    return pcpy_tensor_result(st, s, r);
}

static PyObject *fn_solve(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return binary(mod, args, nargs, kwnames, "_linalg_solve", pc_solve);
}

static PyObject *fn_outer(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames)
{
    return binary(mod, args, nargs, kwnames, "_linalg_outer", pc_outer);
}

static PyObject *fn_qr(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames)
{
    static const char *const names[] = {"x", "mode", NULL};
    static const pcpy_argspec spec = {"_linalg_qr", names, 2, 2, 2};
    PyObject *a[2];
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0) {
        return NULL;
    }
    int complete;
    if (PyUnicode_Check(a[1]) && PyUnicode_CompareWithASCIIString(a[1], "reduced") == 0) {
        complete = 0;
    } else if (PyUnicode_Check(a[1]) &&
               PyUnicode_CompareWithASCIIString(a[1], "complete") == 0) {
        complete = 1;
    } else {
        PyErr_Format(PyExc_ValueError, "qr: mode must be 'reduced' or 'complete', not %R", a[1]);
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, a, &t) < 0) {
        return NULL;
    }
    pc_tensor *r[2] = {NULL, NULL};
    PyThreadState *ts = pcpy_release_gil(work_of(pcpy_tensor_get(t)));
    pc_status s = pc_qr(pcpy_tensor_get(t), complete != 0, &r[0], &r[1]);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return result_tuple(st, s, 2, r);
}

static PyObject *fn_svd(PyObject *mod, PyObject *const *args, Py_ssize_t nargs,
                        PyObject *kwnames)
{
    static const char *const names[] = {"x", "full_matrices", NULL};
    static const pcpy_argspec spec = {"_linalg_svd", names, 2, 2, 2};
    PyObject *a[2];
    int full;
    if (pcpy_parse_args(&spec, args, nargs, kwnames, a) < 0 ||
        pcpy_bool_arg(a[1], "full_matrices", 1, &full) < 0) {
        return NULL;
    }
    pcpy_state *st = pcpy_state_from_module(mod);
    PyObject *t;
    if (tensors(st, 1, a, &t) < 0) {
        return NULL;
    }
    pc_tensor *r[3] = {NULL, NULL, NULL};
    PyThreadState *ts = pcpy_release_gil(work_of(pcpy_tensor_get(t)));
    pc_status s = pc_svd(pcpy_tensor_get(t), full != 0, &r[1], &r[0], &r[2]);
    pcpy_restore_gil(ts);
    Py_DECREF(t);
    return result_tuple(st, s, 3, r);
}

PyMethodDef pcpy_linalg_methods[] = {
    {"matmul", FASTCALL_KW(fn_matmul),
     "matmul(x1, x2, /, *, transpose_x=False, transpose_y=False)\n--\n\n"
     "Matrix product with the standard's rules: 1-d operands are promoted to a row (x1) or a "
     "column (x2) and the added dimension removed again; leading dimensions broadcast. "
     "transpose_x / transpose_y (Paddle's) swap the last two axes of an operand of 2 or more "
     "dimensions first."},
    {"tensordot", FASTCALL_KW(fn_tensordot),
     "tensordot(x1, x2, /, *, axes=2)\n--\n\n"
     "Tensor contraction over the last `axes` axes of x1 and the first of x2, or over the "
     "axis pairs given as two sequences."},
    {"vecdot", FASTCALL_KW(fn_vecdot),
     "vecdot(x1, x2, /, *, axis=-1)\n--\n\n"
     "Dot product of vectors along `axis` (conjugating x1 for complex), after broadcasting."},
    {"_linalg_cross", FASTCALL_KW(fn_cross),
     "_linalg_cross(x1, x2, /, *, axis=-1)\n--\n\nCross product along `axis` (see linalg.cross)."},
    {"_linalg_cholesky", FASTCALL_KW(fn_cholesky),
     "_linalg_cholesky(x, upper, /)\n--\n\nCholesky factor (see linalg.cholesky)."},
    {"_linalg_det", fn_det, METH_O, "_linalg_det(x, /)\n--\n\nDeterminant (see linalg.det)."},
    {"_linalg_diagonal", FASTCALL_KW(fn_diagonal),
     "_linalg_diagonal(x, offset, /)\n--\n\nDiagonal view (see linalg.diagonal)."},
    {"_linalg_eig", fn_eig, METH_O,
     "_linalg_eig(x, /)\n--\n\n(eigenvalues, eigenvectors) of general matrices."},
    {"_linalg_eigh", fn_eigh, METH_O,
     "_linalg_eigh(x, /)\n--\n\n(eigenvalues, eigenvectors) of Hermitian matrices."},
    {"_linalg_eigvals", fn_eigvals, METH_O,
     "_linalg_eigvals(x, /)\n--\n\nEigenvalues of general matrices."},
    {"_linalg_eigvalsh", fn_eigvalsh, METH_O,
     "_linalg_eigvalsh(x, /)\n--\n\nEigenvalues of Hermitian matrices."},
    {"_linalg_inv", fn_inv, METH_O, "_linalg_inv(x, /)\n--\n\nInverse (see linalg.inv)."},
    {"_linalg_matrix_power", FASTCALL_KW(fn_matrix_power),
     "_linalg_matrix_power(x, n, /)\n--\n\nMatrix power (see linalg.matrix_power)."},
    {"_linalg_outer", FASTCALL_KW(fn_outer),
     "_linalg_outer(x1, x2, /)\n--\n\nOuter product (see linalg.outer)."},
    {"_linalg_qr", FASTCALL_KW(fn_qr),
     "_linalg_qr(x, mode, /)\n--\n\n(Q, R) (see linalg.qr)."},
    {"_linalg_slogdet", fn_slogdet, METH_O,
     "_linalg_slogdet(x, /)\n--\n\n(sign, logabsdet) (see linalg.slogdet)."},
    {"_linalg_solve", FASTCALL_KW(fn_solve),
     "_linalg_solve(x1, x2, /)\n--\n\nSolution of x1 @ x = x2 (see linalg.solve)."},
    {"_linalg_svd", FASTCALL_KW(fn_svd),
     "_linalg_svd(x, full_matrices, /)\n--\n\n(U, S, Vh) (see linalg.svd)."},
    {"_linalg_svdvals", fn_svdvals, METH_O,
     "_linalg_svdvals(x, /)\n--\n\nSingular values (see linalg.svdvals)."},
    {NULL, NULL, 0, NULL},
};

/* ---- the @ operators ----------------------------------------------------------------- */

/* [Why NotImplemented for scalars] `t @ 2` has no meaning (matmul needs at least 1-d
 * operands); returning NotImplemented lets Python raise its usual TypeError. Nested lists
 * are converted (as NumPy's @ does); array types other than plain NumPy ones are deferred to,
 * as by the other operators (ew_call.h). */
static bool matmul_accepts(pcpy_state *st, PyObject *o)
{
    return PyList_Check(o) || PyTuple_Check(o) || pcpy_operator_accepts(st, o);
}

static PyObject *nb_matmul(PyObject *x1, PyObject *x2)
{
    pc_scalar dummy;
    PyTypeObject *tp = NULL;
    for (int i = 0; i < 2 && tp == NULL; i++) {
        PyObject *o = i == 0 ? x1 : x2;
        if (PyType_GetModuleByDef(Py_TYPE(o), &pcpy_module_def) != NULL) {
            tp = Py_TYPE(o);
        } else {
            PyErr_Clear();
        }
    }
    pcpy_state *st = pcpy_state_from_type(tp);
    for (int i = 0; i < 2; i++) {
        PyObject *o = i == 0 ? x1 : x2;
        const int r = pcpy_scalar_from_py(o, &dummy);
        if (r != 0) {
            PyErr_Clear();
            Py_RETURN_NOTIMPLEMENTED;
        }
        if (!matmul_accepts(st, o)) {
            Py_RETURN_NOTIMPLEMENTED;
        }
    }
    return matmul_objects(st, x1, x2);
}

static PyObject *nb_imatmul(PyObject *self, PyObject *other)
{
    pc_scalar dummy;
    const int isscalar = pcpy_scalar_from_py(other, &dummy);
    if (isscalar != 0) {
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    pcpy_state *st = pcpy_state_from_type(Py_TYPE(self));
    if (!matmul_accepts(st, other)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    PyObject *r = matmul_objects(st, self, other);
    if (r == NULL) {
        return NULL;
    }
    pc_tensor *t = pcpy_tensor_get(self);
    const pc_tensor *v = pcpy_tensor_get(r);
    if (v->dtype != t->dtype) {
        PyErr_Format(PyExc_TypeError,
                     "@=: the product has dtype %s; the in-place form never changes the "
                     "tensor's dtype %s",
                     pc_dtype_name(v->dtype), pc_dtype_name(t->dtype));
        Py_DECREF(r);
        return NULL;
    }
    bool same = v->ndim == t->ndim;
    for (int d = 0; same && d < t->ndim; d++) {
        same = v->shape[d] == t->shape[d];
    }
    if (!same) {
        char sv[256];
        char stt[256];
        pc_shape_format(v->ndim, v->shape, sv, sizeof sv);
        pc_shape_format(t->ndim, t->shape, stt, sizeof stt);
        PyErr_Format(PyExc_ValueError, "@=: the product's shape %s differs from the tensor's %s",
                     sv, stt);
        Py_DECREF(r);
        return NULL;
    }
    pc_status s = pc_copy_into(t, v);
    Py_DECREF(r);
    if (s != PC_OK) {
        return pcpy_raise(s);
    }
    return Py_NewRef(self);
}

PyMethodDef pcpy_tensor_linalg_methods[] = {
    {"matmul", FASTCALL_KW(m_matmul),
     "matmul($self, y, transpose_x=False, transpose_y=False, name=None)\n--\n\n"
     "The matrix product (Paddle's method; see paddle_c.matmul)."},
    {NULL, NULL, 0, NULL},
};

PyType_Slot pcpy_tensor_linalg_slots[] = {
    {Py_nb_matrix_multiply, nb_matmul},
    {Py_nb_inplace_matrix_multiply, nb_imatmul},
    {0, NULL},
};
