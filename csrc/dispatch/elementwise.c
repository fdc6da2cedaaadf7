/*
 * elementwise.c - the elementwise driver: from operands (tensors and scalars) to a kernel call.
 *
 * Here: the per-function rules of elementwise.def, promotion of tensor and scalar operands, the
 * kind checks, scalar operands as 0-D tensors of the compute dtype, broadcasting, allocation of
 * results in the inputs' memory order, in-place destinations (dtype and shape checks, inputs
 * that overlap the destination), where and clip. Not here: the loops (the *_impl.h files of kernels/cpu),
 * iteration, buffered casting and threads (dispatch.c, core/iter.c), Python (csrc/python).
 *
 * Invariants: inputs are never written; a destination is written only after every check has
 * passed; everything allocated here is freed on every path (ew_args_release).
 */
#include <math.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/ops.h"

typedef struct ew_desc {
    const char *name;
    int nin;
    unsigned kinds;
    pc_ew_compute compute;
    pc_ew_out out;
    pc_op op;
} ew_desc;

static const ew_desc descs[PC_EW_NUM] = {
#define PC_EW(ID, name, nin, kinds, compute, out, ...) {#name, nin, kinds, compute, out, PC_OP_##ID},
#include "paddle_c/elementwise.def"
#undef PC_EW
};

const char *pc_ew_name(pc_ew_fn fn) { return descs[fn].name; }

int pc_ew_arity(pc_ew_fn fn) { return descs[fn].nin; }

/* ---- dtype rules ---------------------------------------------------------------------------- */

static const char *kinds_text(unsigned kinds)
{
    switch (kinds) {
    case PC_EWK_NUMERIC:
        return "a numeric dtype";
    case PC_EWK_REAL:
        return "a real-valued (integer or real floating) dtype";
    case PC_EWK_REAL_B:
        return "a real-valued or bool dtype";
    case PC_EWK_INT_B:
        return "an integer or bool dtype";
    case PC_EWK_INTEGER:
        return "an integer dtype";
    default:
        return "another dtype";
    }
}

static pc_status check_kind(const char *fname, unsigned kinds, pc_dtype dt)
{
    if (kinds & (1u << pc_dtype_kind(dt))) {
        return PC_OK;
    }
    return pc_error_set(PC_ERR_TYPE, "%s() is not defined for dtype %s (it needs %s)", fname,
                        pc_dtype_name(dt), kinds_text(kinds));
}

/* Tensors promote by the lattice, then each scalar by the scalar rules. `*out` is
 * PC_DTYPE_INVALID when no operand is a tensor (not an error here). */
static pc_status promote_operands(int n, const pc_operand *const *args, pc_dtype *out)
{
    pc_dtype acc = PC_DTYPE_INVALID;
    for (int i = 0; i < n; i++) {
        if (args[i] == NULL || args[i]->tensor == NULL) {
            continue;
        }
        const pc_dtype d = args[i]->tensor->dtype;
        if (acc == PC_DTYPE_INVALID) {
            acc = d;
        } else {
            pc_status st = pc_promote_checked(acc, d, &acc);
            if (st != PC_OK) {
                return st;
            }
        }
    }
    if (acc != PC_DTYPE_INVALID) {
        for (int i = 0; i < n; i++) {
            if (args[i] != NULL && args[i]->tensor == NULL) {
                acc = pc_promote_scalar(acc, pc_scalar_kind_of(&args[i]->scalar));
            }
        }
    }
    *out = acc;
    return PC_OK;
}

/* The promoted dtype (scalars are range-checked against it), the kernel's compute dtype and
 * the result dtype of `fn`. */
static pc_status function_dtypes(pc_ew_fn fn, const pc_operand *args, pc_dtype *promoted,
                                 pc_dtype *compute, pc_dtype *result)
{
    const ew_desc *d = &descs[fn];
    const pc_operand *ptrs[2] = {&args[0], d->nin > 1 ? &args[1] : NULL};
    bool any_tensor = false;
    for (int i = 0; i < d->nin; i++) {
        any_tensor = any_tensor || args[i].tensor != NULL;
    }
    if (!any_tensor) {
        return pc_error_set(PC_ERR_TYPE, "%s() needs at least one tensor operand (Python "
                            "scalars alone have no dtype)", d->name);
    }
    if (d->compute == PC_EW_LOGICAL) {
        /* every dtype converts to bool: no promotion needed (or possible, for uint64 with
         * int64) */
        *promoted = PC_BOOL;
        *compute = PC_BOOL;
        *result = PC_BOOL;
        return PC_OK;
    }
    pc_status st = promote_operands(d->nin, ptrs, promoted);
    if (st != PC_OK) {
        return st;
    }
    st = check_kind(d->name, d->kinds, *promoted);
    if (st != PC_OK) {
        return st;
    }
    *compute = *promoted;
    if (d->compute == PC_EW_FLOAT && !pc_dtype_is_floating(*promoted)) {
        *compute = PC_DEFAULT_FLOAT;
    }
    switch (d->out) {
    case PC_EW_OUT_BOOL:
        *result = PC_BOOL;
        break;
    case PC_EW_OUT_REAL:
        *result = pc_dtype_real_of(*compute);
        break;
    default:
        *result = *compute;
        break;
    }
    return PC_OK;
}

pc_status pc_ew_result_dtype(pc_ew_fn fn, const pc_operand *args, pc_dtype *out)
{
    pc_dtype promoted;
    pc_dtype compute;
    return function_dtypes(fn, args, &promoted, &compute, out);
}

/* ---- operands ------------------------------------------------------------------------------- */

/* The tensors a call works on: inputs (scalars made 0-D tensors, overlapping inputs copied) and
 * the device they share. `owned` holds what this file allocated. */
typedef struct ew_args {
    int nin;
    const pc_tensor *in[3];
    pc_tensor *owned[3];
    pc_device device;
    _Alignas(16) unsigned char value[3][16];  /* scalars passed by value to a device */
} ew_args;

static void ew_args_release(ew_args *a)
{
    for (int i = 0; i < a->nin; i++) {
        pc_tensor_free(a->owned[i]);
        a->owned[i] = NULL;
    }
}

/* [Why scalars become 0-D tensors of the compute dtype] The kernels then see a broadcast
 * operand of stride 0 (their scalar fast path) and no buffered cast runs for it. The value is
 * checked first against the promoted dtype, so `int8 tensor + 1000` is an OverflowError even
 * where the kernel computes in float32 (true division).
 * [Why by value on devices] On a device whose launches take host values by value
 * (PC_BACKEND_CAP_SCALARS_BY_VALUE) the 0-D tensor views `value` (host memory, flagged
 * PC_FLAG_BY_VALUE): `x + 1` allocates, fills and frees no device memory. Elsewhere the value
 * is written into a 0-D device tensor. */
static pc_status scalar_tensor(const pc_scalar *s, pc_dtype check, pc_dtype dtype,
                               pc_device device, unsigned char *value, pc_tensor **out)
{
    unsigned char probe[16];
    pc_status st = pc_scalar_store(s, check, probe);
    if (st != PC_OK) {
        return st;
    }
    const pc_backend *b = pc_backend_get((pc_device_type)device.type);
    if (device.type == PC_DEVICE_CPU) {
        st = pc_tensor_empty(0, NULL, dtype, device, out);
        if (st == PC_OK) {
            st = pc_scalar_store(s, dtype, (*out)->data);
            if (st != PC_OK) {
                pc_tensor_free(*out);
                *out = NULL;
            }
        }
        return st;
    }
    if (b == NULL || !(b->caps & PC_BACKEND_CAP_SCALARS_BY_VALUE)) {
        return pc_full(0, NULL, s, dtype, device, out);
    }
    st = pc_scalar_store(s, dtype, value);
    pc_storage *storage = NULL;
    if (st == PC_OK) {
        st = pc_storage_wrap(device, value, pc_dtype_itemsize(dtype), true, NULL, NULL,
                             &storage);
    }
    if (st == PC_OK) {
        st = pc_tensor_view_new(storage, dtype, 0, 0, NULL, NULL, out);
        pc_storage_decref(storage);
    }
    if (st == PC_OK) {
        (*out)->flags |= PC_FLAG_BY_VALUE;
    }
    return st;
}

/* Fill `a` from the operands: tensors as they are, scalar k range-checked against check[k] and
 * made a 0-D tensor of dtype[k] on the tensors' common device. */
static pc_status ew_args_init(ew_args *a, int n, const pc_operand *const *ops,
                              const pc_dtype *check, const pc_dtype *dtype)
{
    a->nin = n;
    const pc_tensor *tensors[3];
    int nt = 0;
    for (int i = 0; i < n; i++) {
        a->in[i] = NULL;
        a->owned[i] = NULL;
        if (ops[i]->tensor != NULL) {
            tensors[nt++] = ops[i]->tensor;
        }
    }
    pc_status st = pc_common_device(nt, tensors, &a->device);
    if (st != PC_OK) {
        return st;
    }
    for (int i = 0; i < n; i++) {
        if (ops[i]->tensor != NULL) {
            a->in[i] = ops[i]->tensor;
            continue;
        }
        st = scalar_tensor(&ops[i]->scalar, check[i], dtype[i], a->device, a->value[i],
                           &a->owned[i]);
        if (st != PC_OK) {
            ew_args_release(a);
            return st;
        }
        a->in[i] = a->owned[i];
    }
    return PC_OK;
}

static pc_status broadcast_inputs(const ew_args *a, int *ndim, int64_t *shape)
{
    *ndim = 0;
    for (int i = 0; i < a->nin; i++) {
        const pc_tensor *t = a->in[i];
        pc_status st = pc_shape_broadcast(*ndim, shape, t->ndim, t->shape, ndim, shape);
        if (st != PC_OK) {
            return st;
        }
    }
    return PC_OK;
}

/* A new result tensor laid out like the (non-scalar) inputs. */
static pc_status new_result(const ew_args *a, int ndim, const int64_t *shape, pc_dtype dtype,
                            pc_tensor **out)
{
    const pc_tensor *like[3];
    int nlike = 0;
    for (int i = 0; i < a->nin; i++) {
        if (a->in[i]->ndim > 0) {
            like[nlike++] = a->in[i];
        }
    }
    return pc_tensor_empty_like_layout(ndim, shape, dtype, a->device, nlike, like, out);
}

/* ---- destinations (in-place forms) --------------------------------------------------------- */

/* True when input `in` broadcast to dst's shape addresses exactly dst's elements, one for one
 * (then reading and writing element by element is safe). */
static bool same_elements(const pc_tensor *in, const pc_tensor *dst)
{
    if (in->data != dst->data || pc_dtype_itemsize(in->dtype) != pc_dtype_itemsize(dst->dtype) ||
        in->ndim > dst->ndim) {
        return false;
    }
    const int lead = dst->ndim - in->ndim;
    for (int i = 0; i < dst->ndim; i++) {
        if (dst->shape[i] <= 1) {
            continue;
        }
        const int j = i - lead;
        const int64_t s = (j < 0 || in->shape[j] == 1) ? 0 : in->strides[j];
        if (s != dst->strides[i]) {
            return false;
        }
    }
    return true;
}

/* Check a destination and replace inputs that overlap it in another layout by copies. */
static pc_status prepare_destination(ew_args *a, int ndim, const int64_t *shape, pc_dtype result,
                                     const char *fname, pc_tensor *dst)
{
    if (dst->dtype != result) {
        return pc_error_set(PC_ERR_TYPE,
                            "%s() in place: the result dtype %s differs from the destination's "
                            "dtype %s (an in-place operation never changes a dtype)",
                            fname, pc_dtype_name(result), pc_dtype_name(dst->dtype));
    }
    int nd;
    int64_t full[PC_MAX_NDIM];
    pc_status st = pc_shape_broadcast(ndim, shape, dst->ndim, dst->shape, &nd, full);
    bool ok = st == PC_OK && nd == dst->ndim;
    for (int i = 0; ok && i < nd; i++) {
        ok = full[i] == dst->shape[i];
    }
    if (!ok) {
        char rs[256];
        char ds[256];
        pc_shape_format(ndim, shape, rs, sizeof rs);
        pc_shape_format(dst->ndim, dst->shape, ds, sizeof ds);
        return pc_error_set(PC_ERR_VALUE,
                            "%s() in place: the result of shape %s does not fit the "
                            "destination of shape %s",
                            fname, rs, ds);
    }
    if (!pc_device_equal(pc_tensor_device(dst), a->device)) {
        return pc_error_set(PC_ERR_VALUE, "%s() in place: the destination is on another device "
                            "than the operands", fname);
    }
    for (int i = 0; i < dst->ndim; i++) {
        if (dst->strides[i] == 0 && dst->shape[i] > 1) {
            return pc_error_set(PC_ERR_VALUE, "%s() in place: the destination has overlapping "
                                "elements (a broadcast view); copy it first", fname);
        }
    }
    if (dst->flags & PC_FLAG_READONLY) {
        return pc_error_set(PC_ERR_VALUE, "%s() in place: the destination is read-only", fname);
    }
    for (int i = 0; i < a->nin; i++) {
        const pc_tensor *t = a->in[i];
        if (!pc_tensor_extents_meet(t, dst) || same_elements(t, dst)) {
            continue;
        }
        pc_tensor *copy;
        st = pc_contiguous_copy(t, &copy);
        if (st != PC_OK) {
            return st;
        }
        pc_tensor_free(a->owned[i]);
        a->owned[i] = copy;
        a->in[i] = copy;
    }
    return PC_OK;
}

/* ---- unary and binary functions ----------------------------------------------------------- */

static pc_status run(const ew_desc *d, pc_dtype compute, pc_dtype result, const ew_args *a,
                     int ndim, const int64_t *shape, pc_tensor *dst)
{
    const pc_tensor *ops[4];
    for (int i = 0; i < a->nin; i++) {
        ops[i] = a->in[i];
    }
    ops[a->nin] = dst;
    return pc_dispatch_elementwise(d->op, compute, result, a->nin, a->nin + 1, ops, ndim, shape,
                                   NULL);
}

static pc_status apply(pc_ew_fn fn, const pc_operand *args, pc_tensor *dst, pc_tensor **out)
{
    const ew_desc *d = &descs[fn];
    pc_dtype promoted;
    pc_dtype compute;
    pc_dtype result;
    pc_status st = function_dtypes(fn, args, &promoted, &compute, &result);
    if (st != PC_OK) {
        return st;
    }
    const pc_operand *ptrs[2] = {&args[0], d->nin > 1 ? &args[1] : NULL};
    const pc_dtype check[2] = {promoted, promoted};
    const pc_dtype dtypes[2] = {compute, compute};
    ew_args a;
    st = ew_args_init(&a, d->nin, ptrs, check, dtypes);
    if (st != PC_OK) {
        return st;
    }
    int ndim;
    int64_t shape[PC_MAX_NDIM];
    pc_tensor *res = NULL;
    st = broadcast_inputs(&a, &ndim, shape);
    if (st == PC_OK && dst != NULL) {
        st = prepare_destination(&a, ndim, shape, result, d->name, dst);
        if (st == PC_OK) {
            st = run(d, compute, result, &a, dst->ndim, dst->shape, dst);
        }
    } else if (st == PC_OK) {
        st = new_result(&a, ndim, shape, result, &res);
        if (st == PC_OK) {
            st = run(d, compute, result, &a, ndim, shape, res);
        }
    }
    ew_args_release(&a);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    if (out != NULL) {
        *out = res;
    }
    return PC_OK;
}

pc_status pc_ew(pc_ew_fn fn, const pc_operand *args, pc_tensor **out)
{
    return apply(fn, args, NULL, out);
}

pc_status pc_ew_into(pc_ew_fn fn, const pc_operand *args, pc_tensor *dst)
{
    return apply(fn, args, dst, NULL);
}

/* ---- where ---------------------------------------------------------------------------------- */

pc_status pc_where(const pc_operand *cond, const pc_operand *x1, const pc_operand *x2,
                   pc_tensor **out)
{
    const pc_operand *values[2] = {x1, x2};
    pc_dtype dt;
    pc_status st = promote_operands(2, values, &dt);
    if (st != PC_OK) {
        return st;
    }
    if (dt == PC_DTYPE_INVALID) {
        /* two scalars: their default dtypes, promoted (where(c, 1, 2.5) is float32) */
        dt = pc_promote(pc_scalar_default_dtype(&x1->scalar), pc_scalar_default_dtype(&x2->scalar));
    }
    if (cond->tensor == NULL && x1->tensor == NULL && x2->tensor == NULL) {
        return pc_error_set(PC_ERR_TYPE, "where() needs at least one tensor operand");
    }
    const pc_operand *ptrs[3] = {cond, x1, x2};
    /* a scalar condition becomes a bool 0-D tensor; value scalars take the value dtype */
    const pc_dtype dtypes[3] = {PC_BOOL, dt, dt};
    ew_args a;
    st = ew_args_init(&a, 3, ptrs, dtypes, dtypes);
    if (st != PC_OK) {
        return st;
    }
    int ndim;
    int64_t shape[PC_MAX_NDIM];
    pc_tensor *res = NULL;
    st = broadcast_inputs(&a, &ndim, shape);
    if (st == PC_OK) {
        st = new_result(&a, ndim, shape, dt, &res);
    }
    if (st == PC_OK) {
        const pc_tensor *ops[4] = {a.in[0], a.in[1], a.in[2], res};
        const pc_dtype op_dtypes[4] = {PC_BOOL, dt, dt, dt};
        st = pc_dispatch_elementwise_typed(PC_OP_WHERE, dt, 3, 4, op_dtypes, ops, ndim, shape,
                                           NULL);
    }
    ew_args_release(&a);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}

/* ---- clip ----------------------------------------------------------------------------------- */

/* The smallest (or largest) value of dtype dt as a scalar: -inf/+inf for floating dtypes. */
static pc_scalar dtype_limit(pc_dtype dt, bool upper)
{
    pc_scalar s;
    const int bits = 8 * pc_dtype_itemsize(dt);
    switch (pc_dtype_kind(dt)) {
    case PC_KIND_BOOL:
        s.dtype = PC_BOOL;
        s.v.b = upper;
        break;
    case PC_KIND_INT:
        s.dtype = PC_INT64;
        s.v.i = upper ? (bits == 64 ? INT64_MAX : (INT64_C(1) << (bits - 1)) - 1)
                      : (bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1)));
        break;
    case PC_KIND_UINT:
        s.dtype = PC_UINT64;
        s.v.u = upper ? (bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1) : 0;
        break;
    default:
        s.dtype = PC_FLOAT64;
        s.v.f = upper ? INFINITY : -INFINITY;
        break;
    }
    return s;
}

/* Bring a scalar bound into the range of dtype dt: integers saturate at the dtype's limits
 * (a bound beyond the range clips nothing, or everything to the limit); float bounds of an
 * integer tensor are rounded inwards (min up, max down) and then saturate. */
static pc_status clip_scalar_bound(pc_scalar *s, pc_dtype dt, bool upper)
{
    const pc_kind k = pc_dtype_kind(dt);
    if (k != PC_KIND_INT && k != PC_KIND_UINT) {
        return PC_OK;
    }
    if (s->dtype == PC_FLOAT64) {
        if (isnan(s->v.f)) {
            return pc_error_set(PC_ERR_VALUE, "clip(): a NaN bound for an integer tensor of "
                                "dtype %s", pc_dtype_name(dt));
        }
        s->v.f = upper ? floor(s->v.f) : ceil(s->v.f);
        return PC_OK; /* pc_scalar_store saturates floats into integers */
    }
    const pc_scalar lo = dtype_limit(dt, false);
    const pc_scalar hi = dtype_limit(dt, true);
    if (s->dtype == PC_BOOL) {
        return PC_OK;
    }
    const bool neg = s->dtype == PC_INT64 && s->v.i < 0;
    const uint64_t mag = s->dtype == PC_INT64 ? (uint64_t)s->v.i : s->v.u;
    if (neg) {
        const int64_t lo_i = lo.dtype == PC_INT64 ? lo.v.i : 0;
        if (s->v.i < lo_i) {
            *s = lo;
        }
        return PC_OK;
    }
    const uint64_t hi_u = hi.dtype == PC_INT64 ? (uint64_t)hi.v.i : hi.v.u;
    if (mag > hi_u) {
        *s = hi;
    }
    return PC_OK;
}

pc_status pc_clip(const pc_tensor *x, const pc_operand *min, const pc_operand *max,
                  pc_tensor **out)
{
    const pc_dtype dt = x->dtype;
    pc_status st = check_kind("clip", PC_EWK_REAL_B, dt);
    if (st != PC_OK) {
        return st;
    }
    pc_operand bounds[2];
    const pc_operand *given[2] = {min, max};
    for (int i = 0; i < 2; i++) {
        const bool upper = i == 1;
        if (given[i] == NULL) {
            bounds[i] = pc_operand_scalar(dtype_limit(dt, upper));
            continue;
        }
        bounds[i] = *given[i];
        if (given[i]->tensor != NULL) {
            if (pc_promote(dt, given[i]->tensor->dtype) != dt) {
                return pc_error_set(PC_ERR_TYPE,
                                    "clip(): %s has dtype %s, which does not promote to x's "
                                    "dtype %s (cast it first)",
                                    upper ? "max" : "min",
                                    pc_dtype_name(given[i]->tensor->dtype), pc_dtype_name(dt));
            }
            continue;
        }
        const pc_scalar_kind kind = pc_scalar_kind_of(&bounds[i].scalar);
        const bool float_into_int = kind == PC_SCALAR_FLOAT && !pc_dtype_is_floating(dt);
        if (!float_into_int && pc_promote_scalar(dt, kind) != dt) {
            return pc_error_set(PC_ERR_TYPE, "clip(): a %s %s bound does not fit x's dtype %s",
                                kind == PC_SCALAR_COMPLEX ? "complex" : "Python",
                                upper ? "max" : "min", pc_dtype_name(dt));
        }
        st = clip_scalar_bound(&bounds[i].scalar, dt, upper);
        if (st != PC_OK) {
            return st;
        }
    }
    const pc_operand xo = pc_operand_tensor(x);
    const pc_operand *ptrs[3] = {&xo, &bounds[0], &bounds[1]};
    /* bounds were brought into range above: checked against the dtype itself */
    const pc_dtype dtypes[3] = {dt, dt, dt};
    ew_args a;
    st = ew_args_init(&a, 3, ptrs, dtypes, dtypes);
    if (st != PC_OK) {
        return st;
    }
    int ndim;
    int64_t shape[PC_MAX_NDIM];
    pc_tensor *res = NULL;
    st = broadcast_inputs(&a, &ndim, shape);
    if (st == PC_OK) {
        st = new_result(&a, ndim, shape, dt, &res);
    }
    if (st == PC_OK) {
        const pc_tensor *ops[4] = {a.in[0], a.in[1], a.in[2], res};
        st = pc_dispatch_elementwise(PC_OP_CLIP, dt, dt, 3, 4, ops, ndim, shape, NULL);
    }
    ew_args_release(&a);
    if (st != PC_OK) {
        pc_tensor_free(res);
        return st;
    }
    *out = res;
    return PC_OK;
}
