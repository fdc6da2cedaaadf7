/*
 * products.c - the core's products: matmul (the standard's 1-D rules and batch broadcasting),
 * tensordot, vecdot, outer, cross and matrix_power. Shapes, promotion and operand views are
 * prepared here; the arithmetic is the MATMUL, VECDOT and CROSS kernels
 * (dispatch/linalg_kernels.h) and, for outer, the elementwise multiply.
 *
 * Ownership: every temporary view or converted operand is freed on the single exit path of the
 * function that made it; results go to the caller.
 */
#include <limits.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/kernels/linalg_kernels.h"
#include "linalg_util.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/linalg.h"
#include "paddle_c/ops.h"

/* The promoted dtype of a product; bool operands are a TypeError. */
static pc_status product_dtype(const char *fname, const pc_tensor *a, const pc_tensor *b,
                               pc_dtype *out)
{
    if (a->dtype == PC_BOOL || b->dtype == PC_BOOL) {
        return pc_error_set(PC_ERR_TYPE, "%s: expected numeric tensors, got %s and %s", fname,
                            pc_dtype_name(a->dtype), pc_dtype_name(b->dtype));
    }
    return pc_promote_checked(a->dtype, b->dtype, out);
}

pc_status pc_matmul(const pc_tensor *a, const pc_tensor *b, pc_tensor **out)
{
    char sa[256];
    char sb[256];
    if (a->ndim == 0 || b->ndim == 0) {
        return pc_error_set(PC_ERR_VALUE,
                            "matmul: operands must have at least one dimension, got %d-d and "
                            "%d-d tensors",
                            a->ndim, b->ndim);
    }
    pc_dtype dt;
    pc_status st = product_dtype("matmul", a, b, &dt);
    if (st != PC_OK) {
        return st;
    }
    const bool a1 = a->ndim == 1;
    const bool b1 = b->ndim == 1;
    const int64_t m = a1 ? 1 : a->shape[a->ndim - 2];
    const int64_t k = a->shape[a->ndim - 1];
    const int64_t kb = b1 ? b->shape[0] : b->shape[b->ndim - 2];
    const int64_t n = b1 ? 1 : b->shape[b->ndim - 1];
    if (k != kb) {
        pc_shape_format(a->ndim, a->shape, sa, sizeof sa);
        pc_shape_format(b->ndim, b->shape, sb, sizeof sb);
        return pc_error_set(PC_ERR_VALUE,
                            "matmul: shapes %s and %s are not aligned (%lld != %lld in the "
                            "contracted dimension)",
                            sa, sb, (long long)k, (long long)kb);
    }
    if (m > INT_MAX || n > INT_MAX || k > INT_MAX) {
        return pc_error_set(PC_ERR_VALUE, "matmul: matrix dimensions beyond 2^31 - 1");
    }
    int nb;
    int64_t batch[PC_MAX_NDIM];
    st = pc_shape_broadcast(a1 ? 0 : a->ndim - 2, a->shape, b1 ? 0 : b->ndim - 2, b->shape, &nb,
                            batch);
    if (st != PC_OK) {
        return st;
    }
    /* float16/bfloat16 accumulate in float32: converted first, unless the device multiplies
     * them itself (cuBLAS, float32 accumulation) */
    const bool half = dt == PC_FLOAT16 || dt == PC_BFLOAT16;
    const pc_dtype compute =
        half && !pc_kernel_has(PC_OP_MATMUL, pc_tensor_device(a).type, dt) ? PC_FLOAT32 : dt;
    pc_tensor *ca = NULL;
    pc_tensor *cb = NULL;
    pc_tensor *va = NULL;
    pc_tensor *vb = NULL;
    pc_tensor *c = NULL;
    pc_tensor *r = NULL;
    st = pc_astype(a, compute, false, &ca);
    if (st == PC_OK) {
        st = pc_astype(b, compute, false, &cb);
    }
    if (st != PC_OK) {
        goto done;
    }
    /* 1-D operands become a (1, k) row or a (k, 1) column */
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    if (a1) {
        shape[0] = 1;
        shape[1] = k;
        strides[0] = 0;
        strides[1] = ca->strides[0];
        st = pc_tensor_restride(ca, 2, shape, strides, ca->offset, &va);
        if (st == PC_OK) {
            pc_tensor_free(ca);
            ca = va;
            va = NULL;
        }
    }
    if (st == PC_OK && b1) {
        shape[0] = k;
        shape[1] = 1;
        strides[0] = cb->strides[0];
        strides[1] = 0;
        st = pc_tensor_restride(cb, 2, shape, strides, cb->offset, &vb);
        if (st == PC_OK) {
            pc_tensor_free(cb);
            cb = vb;
            vb = NULL;
        }
    }
    if (st == PC_OK) {
        st = pc_la_batch_view(ca, 2, nb, batch, &va);
    }
    if (st == PC_OK) {
        st = pc_la_batch_view(cb, 2, nb, batch, &vb);
    }
    if (st == PC_OK) {
        st = pc_la_empty(nb, batch, m, n, compute, pc_tensor_device(a), false, &c);
    }
    if (st != PC_OK) {
        goto done;
    }
    const pc_tensor *ins[2] = {va, vb};
    pc_tensor *outs[1] = {c};
    const pc_kernel_args args = {2, 1, ins, outs, NULL};
    st = pc_dispatch_whole(PC_OP_MATMUL, compute, &args);
    if (st == PC_OK) {
        st = pc_la_cast_result(&c, dt);
    }
    if (st != PC_OK) {
        goto done;
    }
    /* drop the dimensions the 1-D operands did not have */
    int nd = nb;
    memcpy(shape, batch, (size_t)nb * sizeof(int64_t));
    if (!a1) {
        shape[nd++] = m;
    }
    if (!b1) {
        shape[nd++] = n;
    }
    if (nd == nb + 2) {
        r = c;
        c = NULL;
    } else {
        st = pc_la_reshape(c, nd, shape, &r);
    }
done:
    pc_tensor_free(ca);
    pc_tensor_free(cb);
    pc_tensor_free(va);
    pc_tensor_free(vb);
    pc_tensor_free(c);
    if (st == PC_OK) {
        *out = r;
    }
    return st;
}

/* A 2-D view of t that groups axes [0, split) into rows and [split, ndim) into columns, or
 * false when the strides do not allow it (then a copy is needed). */
static bool group_strides(const pc_tensor *t, int split, int64_t *shape, int64_t *strides)
{
    const int64_t item = pc_dtype_itemsize(t->dtype);
    for (int g = 0; g < 2; g++) {
        const int lo = g == 0 ? 0 : split;
        const int hi = g == 0 ? split : t->ndim;
        int64_t size = 1;
        int64_t stride = item;
        int64_t expect = -1; /* the stride the next-outer non-trivial axis must have */
        bool first = true;
        for (int d = hi - 1; d >= lo; d--) {
            size *= t->shape[d];
            if (t->shape[d] == 1) {
                continue;
            }
            if (first) {
                stride = t->strides[d];
                first = false;
            } else if (t->strides[d] != expect) {
                if (t->size != 0) {
                    return false;
                }
            }
            expect = t->strides[d] * t->shape[d];
        }
        shape[g] = size;
        strides[g] = stride;
    }
    return true;
}

/* A 2-D (rows x cols) version of the permuted tensor t: a view when the strides allow it, a
 * contiguous copy otherwise. */
static pc_status as_matrix(const pc_tensor *t, int split, pc_tensor **out)
{
    int64_t shape[2];
    int64_t strides[2];
    if (group_strides(t, split, shape, strides)) {
        return pc_tensor_restride(t, 2, shape, strides, t->offset, out);
    }
    pc_tensor *c;
    pc_status st = pc_contiguous_copy(t, &c);
    if (st != PC_OK) {
        return st;
    }
    group_strides(c, split, shape, strides);
    st = pc_tensor_restride(c, 2, shape, strides, c->offset, out);
    pc_tensor_free(c);
    return st;
}

pc_status pc_tensordot(const pc_tensor *a, const pc_tensor *b, int naxes, const int64_t *axes_a,
                       const int64_t *axes_b, pc_tensor **out)
{
    pc_dtype dt;
    pc_status st = product_dtype("tensordot", a, b, &dt);
    if (st != PC_OK) {
        return st;
    }
    if (naxes < 0 || naxes > a->ndim || naxes > b->ndim) {
        return pc_error_set(PC_ERR_VALUE,
                            "tensordot: cannot contract %d axes of %d-d and %d-d tensors", naxes,
                            a->ndim, b->ndim);
    }
    bool used_a[PC_MAX_NDIM] = {false};
    bool used_b[PC_MAX_NDIM] = {false};
    int pa[PC_MAX_NDIM];
    int pb[PC_MAX_NDIM];
    for (int i = 0; i < naxes; i++) {
        const int64_t xa = axes_a[i] < 0 ? axes_a[i] + a->ndim : axes_a[i];
        const int64_t xb = axes_b[i] < 0 ? axes_b[i] + b->ndim : axes_b[i];
        if (xa < 0 || xa >= a->ndim || xb < 0 || xb >= b->ndim) {
            return pc_error_set(PC_ERR_VALUE,
                                "tensordot: axis pair (%lld, %lld) is out of range for %d-d and "
                                "%d-d tensors",
                                (long long)axes_a[i], (long long)axes_b[i], a->ndim, b->ndim);
        }
        if (used_a[xa] || used_b[xb]) {
            return pc_error_set(PC_ERR_VALUE, "tensordot: an axis is contracted twice");
        }
        if (a->shape[xa] != b->shape[xb]) {
            return pc_error_set(PC_ERR_VALUE,
                                "tensordot: contracted axes %lld and %lld have different sizes "
                                "(%lld and %lld)",
                                (long long)axes_a[i], (long long)axes_b[i],
                                (long long)a->shape[xa], (long long)b->shape[xb]);
        }
        used_a[xa] = used_b[xb] = true;
        pa[a->ndim - naxes + i] = (int)xa;
        pb[i] = (int)xb;
    }
    const int nfree = (a->ndim - naxes) + (b->ndim - naxes);
    if (nfree > PC_MAX_NDIM) {
        return pc_error_set(PC_ERR_VALUE, "tensordot: the result would have %d dimensions (at "
                            "most %d)", nfree, PC_MAX_NDIM);
    }
    /* a: free axes then contracted; b: contracted then free */
    int64_t rshape[PC_MAX_NDIM];
    int nr = 0;
    for (int d = 0, j = 0; d < a->ndim; d++) {
        if (!used_a[d]) {
            pa[j++] = d;
            rshape[nr++] = a->shape[d];
        }
    }
    for (int d = 0, j = naxes; d < b->ndim; d++) {
        if (!used_b[d]) {
            pb[j++] = d;
            rshape[nr++] = b->shape[d];
        }
    }
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    pc_tensor *ta = NULL;
    pc_tensor *tb = NULL;
    pc_tensor *ma = NULL;
    pc_tensor *mb = NULL;
    pc_tensor *c = NULL;
    pc_tensor *r = NULL;
    for (int d = 0; d < a->ndim; d++) {
        shape[d] = a->shape[pa[d]];
        strides[d] = a->strides[pa[d]];
    }
    st = pc_tensor_restride(a, a->ndim, shape, strides, a->offset, &ta);
    if (st == PC_OK) {
        for (int d = 0; d < b->ndim; d++) {
            shape[d] = b->shape[pb[d]];
            strides[d] = b->strides[pb[d]];
        }
        st = pc_tensor_restride(b, b->ndim, shape, strides, b->offset, &tb);
    }
    if (st == PC_OK) {
        st = as_matrix(ta, a->ndim - naxes, &ma);
    }
    if (st == PC_OK) {
        st = as_matrix(tb, naxes, &mb);
    }
    if (st == PC_OK) {
        st = pc_matmul(ma, mb, &c);
    }
    if (st == PC_OK) {
        st = pc_la_reshape(c, nr, rshape, &r);
    }
    pc_tensor_free(ta);
    pc_tensor_free(tb);
    pc_tensor_free(ma);
    pc_tensor_free(mb);
    pc_tensor_free(c);
    if (st == PC_OK) {
        *out = r;
    }
    return st;
}

/* Views of a and b without `axis` (counted from the end), the broadcast shape of those, and the
 * operands converted to `dt`. Shared by vecdot and cross. */
typedef struct axis_operands {
    pc_tensor *a;       /* converted operands (owned) */
    pc_tensor *b;
    pc_tensor *va;      /* views without the axis (owned) */
    pc_tensor *vb;
    int ndim;           /* broadcast shape without the axis */
    int64_t shape[PC_MAX_NDIM];
    int64_t stride_a;   /* byte strides of the axis */
    int64_t stride_b;
    int64_t len;
} axis_operands;

static void axis_operands_free(axis_operands *o)
{
    pc_tensor_free(o->a);
    pc_tensor_free(o->b);
    pc_tensor_free(o->va);
    pc_tensor_free(o->vb);
}

static pc_status without_axis(const pc_tensor *t, int axis, pc_tensor **out)
{
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    for (int d = 0, j = 0; d < t->ndim; d++) {
        if (d != axis) {
            shape[j] = t->shape[d];
            strides[j++] = t->strides[d];
        }
    }
    return pc_tensor_restride(t, t->ndim - 1, shape, strides, t->offset, out);
}

static pc_status axis_operands_init(const char *fname, const pc_tensor *a, const pc_tensor *b,
                                    int64_t axis, pc_dtype *dt, axis_operands *o)
{
    memset(o, 0, sizeof *o);
    pc_status st = product_dtype(fname, a, b, dt);
    if (st != PC_OK) {
        return st;
    }
    const int nmin = a->ndim < b->ndim ? a->ndim : b->ndim;
    if (axis >= 0 && a->ndim == b->ndim && axis < a->ndim) {
        axis -= a->ndim;
    }
    if (nmin == 0 || axis < -nmin || axis >= 0) {
        return pc_error_set(PC_ERR_VALUE,
                            "%s: axis %lld is out of range for %d-d and %d-d tensors (it must "
                            "lie in [-%d, -1])",
                            fname, (long long)axis, a->ndim, b->ndim, nmin);
    }
    const int xa = (int)(a->ndim + axis);
    const int xb = (int)(b->ndim + axis);
    if (a->shape[xa] != b->shape[xb]) {
        return pc_error_set(PC_ERR_VALUE,
                            "%s: the tensors have different sizes (%lld and %lld) along axis "
                            "%lld",
                            fname, (long long)a->shape[xa], (long long)b->shape[xb],
                            (long long)axis);
    }
    o->len = a->shape[xa];
    int64_t sa[PC_MAX_NDIM];
    int64_t sb[PC_MAX_NDIM];
    for (int d = 0, j = 0; d < a->ndim; d++) {
        if (d != xa) {
            sa[j++] = a->shape[d];
        }
    }
    for (int d = 0, j = 0; d < b->ndim; d++) {
        if (d != xb) {
            sb[j++] = b->shape[d];
        }
    }
    st = pc_shape_broadcast(a->ndim - 1, sa, b->ndim - 1, sb, &o->ndim, o->shape);
    if (st == PC_OK) {
        st = pc_astype(a, *dt, false, &o->a);
    }
    if (st == PC_OK) {
        st = pc_astype(b, *dt, false, &o->b);
    }
    /* an empty axis leaves nothing to read: the views are not made then */
    if (st == PC_OK && o->len > 0) {
        st = without_axis(o->a, xa, &o->va);
    }
    if (st == PC_OK && o->len > 0) {
        st = without_axis(o->b, xb, &o->vb);
    }
    if (st != PC_OK) {
        axis_operands_free(o);
        return st;
    }
    o->stride_a = o->a->strides[xa];
    o->stride_b = o->b->strides[xb];
    return PC_OK;
}

pc_status pc_vecdot(const pc_tensor *a, const pc_tensor *b, int64_t axis, pc_tensor **out)
{
    pc_dtype dt;
    axis_operands o;
    pc_status st = axis_operands_init("vecdot", a, b, axis, &dt, &o);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *r;
    st = o.len == 0 ? pc_tensor_zeros(o.ndim, o.shape, dt, pc_tensor_device(a), &r)
                    : pc_tensor_empty(o.ndim, o.shape, dt, pc_tensor_device(a), &r);
    if (st == PC_OK && o.len > 0) {
        const pc_vecdot_params p = {o.len, o.stride_a, o.stride_b};
        const pc_tensor *ops[3] = {o.va, o.vb, r};
        st = pc_dispatch_elementwise(PC_OP_VECDOT, dt, dt, 2, 3, ops, o.ndim, o.shape, &p);
        if (st != PC_OK) {
            pc_tensor_free(r);
        }
    }
    axis_operands_free(&o);
    if (st == PC_OK) {
        *out = r;
    }
    return st;
}

pc_status pc_cross(const pc_tensor *a, const pc_tensor *b, int64_t axis, pc_tensor **out)
{
    pc_dtype dt;
    axis_operands o;
    pc_status st = axis_operands_init("cross", a, b, axis, &dt, &o);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *r = NULL;
    pc_tensor *vr = NULL;
    if (o.len != 3) {
        st = pc_error_set(PC_ERR_VALUE, "cross: the vectors must have 3 elements, got %lld",
                          (long long)o.len);
        goto done;
    }
    /* the result: the broadcast shape with the axis (length 3) put back */
    int64_t shape[PC_MAX_NDIM];
    const int nd = o.ndim + 1;
    const int xr = (int)(nd + axis);
    for (int d = 0, j = 0; d < nd; d++) {
        shape[d] = d == xr ? 3 : o.shape[j++];
    }
    st = pc_tensor_empty(nd, shape, dt, pc_tensor_device(a), &r);
    if (st == PC_OK) {
        st = without_axis(r, xr, &vr);
    }
    if (st == PC_OK) {
        const pc_cross_params p = {o.stride_a, o.stride_b, r->strides[xr]};
        const pc_tensor *ops[3] = {o.va, o.vb, vr};
        st = pc_dispatch_elementwise(PC_OP_CROSS, dt, dt, 2, 3, ops, o.ndim, o.shape, &p);
    }
done:
    pc_tensor_free(vr);
    axis_operands_free(&o);
    if (st == PC_OK) {
        *out = r;
    } else {
        pc_tensor_free(r);
    }
    return st;
}

/* [Why outer multiplies] Each element is one product, exactly as the elementwise multiply
 * rounds it (signed zeros included); a k = 1 gemm would add a zero and lose -0.0. */
pc_status pc_outer(const pc_tensor *a, const pc_tensor *b, pc_tensor **out)
{
    pc_dtype dt;
    pc_status st = product_dtype("outer", a, b, &dt);
    if (st != PC_OK) {
        return st;
    }
    if (a->ndim != 1 || b->ndim != 1) {
        return pc_error_set(PC_ERR_VALUE, "outer: expected two 1-d tensors, got %d-d and %d-d",
                            a->ndim, b->ndim);
    }
    int64_t shape[2] = {a->shape[0], 1};
    int64_t strides[2] = {a->strides[0], 0};
    pc_tensor *col;
    pc_tensor *row = NULL;
    st = pc_tensor_restride(a, 2, shape, strides, a->offset, &col);
    if (st != PC_OK) {
        return st;
    }
    shape[0] = 1;
    shape[1] = b->shape[0];
    strides[0] = 0;
    strides[1] = b->strides[0];
    st = pc_tensor_restride(b, 2, shape, strides, b->offset, &row);
    if (st == PC_OK) {
        const pc_operand args[2] = {pc_operand_tensor(col), pc_operand_tensor(row)};
        st = pc_ew(PC_EW_MULTIPLY, args, out);
    }
    pc_tensor_free(col);
    pc_tensor_free(row);
    return st;
}

pc_status pc_matrix_power(const pc_tensor *x, int64_t n, pc_tensor **out)
{
    pc_status st = pc_la_check_matrix("matrix_power", x, true);
    if (st != PC_OK) {
        return st;
    }
    if (x->dtype == PC_BOOL) {
        return pc_error_set(PC_ERR_TYPE, "matrix_power: expected a numeric tensor, got bool");
    }
    const int64_t size = x->shape[x->ndim - 1];
    pc_tensor *base = NULL;
    pc_tensor *acc = NULL;
    if (n == 0) {
        pc_tensor *eye;
        st = pc_eye(size, size, 0, x->dtype, pc_tensor_device(x), &eye);
        if (st == PC_OK) {
            st = pc_tensor_empty(x->ndim, x->shape, x->dtype, pc_tensor_device(x), &acc);
            if (st == PC_OK) {
                st = pc_copy_into(acc, eye);
            }
            pc_tensor_free(eye);
        }
        goto done;
    }
    st = n < 0 ? pc_inv(x, &base) : pc_tensor_alias(x, &base);
    uint64_t e = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
    /* binary powering: acc = base^(bits seen so far) */
    while (st == PC_OK) {
        if (e & 1) {
            if (acc == NULL) {
                st = pc_contiguous_copy(base, &acc);
            } else {
                pc_tensor *t;
                st = pc_matmul(acc, base, &t);
                pc_tensor_free(acc);
                acc = st == PC_OK ? t : NULL;
            }
        }
        e >>= 1;
        if (e == 0 || st != PC_OK) {
            break;
        }
        pc_tensor *sq;
        st = pc_matmul(base, base, &sq);
        pc_tensor_free(base);
        base = st == PC_OK ? sq : NULL;
    }
done:
    pc_tensor_free(base);
    if (st == PC_OK) {
        *out = acc;
    } else {
        pc_tensor_free(acc);
    }
    return st;
}
