/*
 * decompose.c - composite operations written as primitive ones, for backends that lack the
 * composite's kernel but have every primitive (an accelerator plug-in registers the element
 * layer, sum/max/min and matmul; logsumexp, mean, var, std ... then run from those).
 *
 * Learned from Paddle's "prim" mode (composite operators lowered to a small primitive set so
 * that a new chip runs every operator once it has the primitives).
 *
 * The rules:
 *   - a decomposition runs only where the composite's slot is empty on the device and every
 *     primitive of its row is filled for the dtype (pc_decompose_how): never a silent copy to
 *     the CPU; otherwise the NotImplementedError of the empty slot stands;
 *   - the primitives run through the public op layer on the composite's device, so each is an
 *     ordinary device launch (the coverage gate and the kernel hits see them);
 *   - each row states its formula; special values follow the CPU's kernels (the tests of
 *     tests/test_plugin_opencl.py compare them).
 *
 * Called from dispatch.c where a slot lookup fails (pc_decompose_elementwise,
 * pc_decompose_whole). Temporaries are owned by a scratch list and freed on the one exit path.
 */
#include <math.h>
#include <string.h>

#include "dispatch.h"
#include "paddle_c/decompose.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/ops.h"
#include "paddle_c/reduce.h"
#include "paddle_c/kernels/reduce_kernels.h"

/* ---- a scratch list: the temporaries of one decomposition ---------------------------------- */

#define SCRATCH_MAX 16

typedef struct scratch {
    pc_tensor *t[SCRATCH_MAX];
    int n;
    pc_status st;           /* the first failure; every later step is skipped */
} scratch;

/* Record `t` (the result of a call that returned `st`; the call must be made first). */
static const pc_tensor *keep(scratch *s, pc_status st, pc_tensor *t)
{
    if (st != PC_OK) {
        s->st = st;
        pc_tensor_free(t);
        return NULL;
    }
    if (s->n == SCRATCH_MAX) {
        pc_tensor_free(t);
        s->st = pc_error_set(PC_ERR_RUNTIME, "decomposition with too many temporaries");
        return NULL;
    }
    s->t[s->n++] = t;
    return t;
}

static void scratch_free(scratch *s)
{
    for (int i = 0; i < s->n; i++) {
        pc_tensor_free(s->t[i]);
    }
}

static pc_operand scalar(double v)
{
    pc_scalar s;
    s.dtype = PC_FLOAT64;
    s.v.f = v;
    return pc_operand_scalar(s);
}

static const pc_tensor *ew1(scratch *s, pc_ew_fn fn, const pc_tensor *a)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_operand args[1] = {pc_operand_tensor(a)};
    pc_tensor *r = NULL;
    const pc_status st = pc_ew(fn, args, &r);
    return keep(s, st, r);
}

static const pc_tensor *ew2(scratch *s, pc_ew_fn fn, pc_operand a, pc_operand b)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_operand args[2] = {a, b};
    pc_tensor *r = NULL;
    const pc_status st = pc_ew(fn, args, &r);
    return keep(s, st, r);
}

#define T(x) pc_operand_tensor(x)

static const pc_tensor *where3(scratch *s, const pc_tensor *c, pc_operand a, pc_operand b)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    const pc_operand oc = T(c);
    pc_tensor *r = NULL;
    const pc_status st = pc_where(&oc, &a, &b, &r);
    return keep(s, st, r);
}

/* The reduction `r` of x over the axes of a whole-tensor launch (keepdims). */
typedef struct axes {
    int n;
    int axis[PC_MAX_NDIM];
    double count;           /* elements reduced into one output */
} axes;

static axes reduced_axes(const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0], *o = args->out[0];
    axes ax = {0};
    for (int a = 0; a < x->ndim; a++) {
        if (o->shape[a] == 1 && x->shape[a] != 1) {
            ax.axis[ax.n++] = a;
        }
    }
    ax.count = o->size > 0 ? (double)x->size / (double)o->size : 0.0;
    return ax;
}

static const pc_tensor *reduce(scratch *s, pc_reduction r, const pc_tensor *x, const axes *ax)
{
    if (s->st != PC_OK) {
        return NULL;
    }
    pc_tensor *out = NULL;
    const pc_status st = pc_reduce(r, x, ax->n, ax->axis, true, PC_DTYPE_INVALID, 0.0, &out);
    return keep(s, st, out);
}

/* ---- the decompositions ---------------------------------------------------------------------- */

/* logsumexp(x) = m + log(sum(exp(x - m))), m = max(x) where finite, else 0 */
static const pc_tensor *do_logsumexp(scratch *s, const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    const axes ax = reduced_axes(args);
    const pc_tensor *m = reduce(s, PC_REDUCE_MAX, x, &ax);
    m = where3(s, ew1(s, PC_EW_ISFINITE, m), T(m), scalar(0.0));
    const pc_tensor *e = ew1(s, PC_EW_EXP, ew2(s, PC_EW_SUBTRACT, T(x), T(m)));
    return ew2(s, PC_EW_ADD, T(ew1(s, PC_EW_LOG, reduce(s, PC_REDUCE_SUM, e, &ax))), T(m));
}

/* mean(x) = sum(x) / n */
static const pc_tensor *do_mean(scratch *s, const pc_kernel_args *args)
{
    const axes ax = reduced_axes(args);
    return ew2(s, PC_EW_DIVIDE, T(reduce(s, PC_REDUCE_SUM, args->in[0], &ax)), scalar(ax.count));
}

/* var(x) = sum((x - mean(x))^2) / (n - correction) */
static const pc_tensor *do_var(scratch *s, const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    const axes ax = reduced_axes(args);
    const double correction = ((const pc_reduce_params *)args->params)->correction;
    const pc_tensor *mu = ew2(s, PC_EW_DIVIDE, T(reduce(s, PC_REDUCE_SUM, x, &ax)),
                              scalar(ax.count));
    const pc_tensor *d = ew2(s, PC_EW_SUBTRACT, T(x), T(mu));
    const pc_tensor *ss = reduce(s, PC_REDUCE_SUM, ew2(s, PC_EW_MULTIPLY, T(d), T(d)), &ax);
    const double div = ax.count - correction;
    return ew2(s, PC_EW_DIVIDE, T(ss), scalar(div > 0 ? div : 0.0));
}

/* std(x) = sqrt(var(x)) */
static const pc_tensor *do_std(scratch *s, const pc_kernel_args *args)
{
    return ew1(s, PC_EW_SQRT, do_var(s, args));
}

/* nansum(x) = sum(where(isnan(x), 0, x)) */
static const pc_tensor *do_nansum(scratch *s, const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    const axes ax = reduced_axes(args);
    return reduce(s, PC_REDUCE_SUM, where3(s, ew1(s, PC_EW_ISNAN, x), scalar(0.0), T(x)), &ax);
}

/* count_nonzero(x) = sum(x != 0); all(x) = min(x != 0); any(x) = max(x != 0) */
static const pc_tensor *nonzero_then(scratch *s, const pc_kernel_args *args, pc_reduction r)
{
    const pc_tensor *x = args->in[0];
    const axes ax = reduced_axes(args);
    pc_scalar zero;
    zero.dtype = PC_INT64; /* a Python int keeps x's dtype */
    zero.v.i = 0;
    return reduce(s, r, x->dtype == PC_BOOL ? x
                        : ew2(s, PC_EW_NOT_EQUAL, T(x), pc_operand_scalar(zero)), &ax);
}

static const pc_tensor *do_count_nonzero(scratch *s, const pc_kernel_args *args)
{
    return nonzero_then(s, args, PC_REDUCE_SUM);
}

static const pc_tensor *do_all(scratch *s, const pc_kernel_args *args)
{
    return nonzero_then(s, args, PC_REDUCE_MIN);
}

static const pc_tensor *do_any(scratch *s, const pc_kernel_args *args)
{
    return nonzero_then(s, args, PC_REDUCE_MAX);
}

/* logaddexp(a, b) = a + log(2) where a == b, else maximum(a, b) + log1p(exp(-|a - b|)) */
static const pc_tensor *do_logaddexp(scratch *s, const pc_tensor *const *in)
{
    const pc_tensor *a = in[0], *b = in[1];
    const pc_tensor *tail = ew1(s, PC_EW_LOG1P, ew1(s, PC_EW_EXP, ew1(s, PC_EW_NEGATIVE,
                                ew1(s, PC_EW_ABS, ew2(s, PC_EW_SUBTRACT, T(a), T(b))))));
    const pc_tensor *general = ew2(s, PC_EW_ADD, T(ew2(s, PC_EW_MAXIMUM, T(a), T(b))), T(tail));
    const pc_tensor *tie = ew2(s, PC_EW_ADD, T(a), scalar(0.69314718055994530942));
    return where3(s, ew2(s, PC_EW_EQUAL, T(a), T(b)), T(tie), T(general));
}

/* diff's step: in[0] (x[1:]) - in[1] (x[:-1]); bool: in[0] != in[1] */
static const pc_tensor *do_diff(scratch *s, const pc_tensor *const *in)
{
    return ew2(s, in[0]->dtype == PC_BOOL ? PC_EW_NOT_EQUAL : PC_EW_SUBTRACT, T(in[0]), T(in[1]));
}

/* ---- the table --------------------------------------------------------------------------------- */

/* The dtypes a row applies to (the composite's key dtype). */
enum { ON_FLOAT = 1, ON_REAL_B = 2 };

/* A primitive: an op whose slot must be filled, for the key dtype or for bool. */
typedef struct prim {
    pc_op op;
    int on_bool;
} prim;

#define MAX_PRIMS 10

typedef struct row {
    pc_op op;
    const char *formula;
    int dtypes;                 /* ON_* */
    prim prims[MAX_PRIMS];      /* up to the first unused entry ({0}: PC_OP_COPY, which every
                                   row needs and row_applies checks itself) */
    const pc_tensor *(*whole)(scratch *s, const pc_kernel_args *args);
    const pc_tensor *(*elementwise)(scratch *s, const pc_tensor *const *in);
} row;

/* [Why FILL and COPY] a Python scalar operand becomes a 0-D tensor on the device (FILL), and
 * results are copied into the kernel's output (COPY). */
static const row table[] = {
    {PC_OP_LOGSUMEXP, "m + log(sum(exp(x - m))), m = max(x) where finite, else 0", ON_FLOAT,
     {{PC_OP_MAX}, {PC_OP_ISFINITE}, {PC_OP_WHERE}, {PC_OP_SUBTRACT}, {PC_OP_EXP}, {PC_OP_SUM},
      {PC_OP_LOG}, {PC_OP_ADD}, {PC_OP_FILL}},
     do_logsumexp, NULL},
    {PC_OP_MEAN, "sum(x) / n", ON_FLOAT, {{PC_OP_SUM}, {PC_OP_DIVIDE}, {PC_OP_FILL}}, do_mean,
     NULL},
    {PC_OP_VAR, "sum((x - sum(x) / n)^2) / (n - correction)", ON_FLOAT,
     {{PC_OP_SUM}, {PC_OP_DIVIDE}, {PC_OP_SUBTRACT}, {PC_OP_MULTIPLY}, {PC_OP_FILL}}, do_var,
     NULL},
    {PC_OP_STD, "sqrt(var(x))", ON_FLOAT,
     {{PC_OP_SUM}, {PC_OP_DIVIDE}, {PC_OP_SUBTRACT}, {PC_OP_MULTIPLY}, {PC_OP_SQRT},
      {PC_OP_FILL}},
     do_std, NULL},
    {PC_OP_NANSUM, "sum(where(isnan(x), 0, x))", ON_FLOAT,
     {{PC_OP_ISNAN}, {PC_OP_WHERE}, {PC_OP_SUM}, {PC_OP_FILL}}, do_nansum, NULL},
    {PC_OP_COUNT_NONZERO, "sum(x != 0)", ON_REAL_B,
     {{PC_OP_NOT_EQUAL}, {PC_OP_SUM, 1}, {PC_OP_FILL}}, do_count_nonzero, NULL},
    {PC_OP_ALL, "min(x != 0)", ON_REAL_B, {{PC_OP_NOT_EQUAL}, {PC_OP_MIN, 1}, {PC_OP_FILL}},
     do_all, NULL},
    {PC_OP_ANY, "max(x != 0)", ON_REAL_B, {{PC_OP_NOT_EQUAL}, {PC_OP_MAX, 1}, {PC_OP_FILL}},
     do_any, NULL},
    {PC_OP_LOGADDEXP, "a + log(2) where a == b, else maximum(a, b) + log1p(exp(-|a - b|))",
     ON_FLOAT,
     {{PC_OP_SUBTRACT}, {PC_OP_ABS}, {PC_OP_NEGATIVE}, {PC_OP_EXP}, {PC_OP_LOG1P}, {PC_OP_ADD},
      {PC_OP_MAXIMUM}, {PC_OP_EQUAL}, {PC_OP_WHERE}, {PC_OP_FILL}},
     NULL, do_logaddexp},
    {PC_OP_DIFF, "x[1:] - x[:-1] (bool: x[1:] != x[:-1])", ON_REAL_B,
     {{PC_OP_SUBTRACT}, {PC_OP_NOT_EQUAL}}, NULL, do_diff},
};

static const row *find_row(pc_op op)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].op == op) {
            return &table[i];
        }
    }
    return NULL;
}

static bool row_applies(const row *r, pc_device_type backend, pc_dtype dtype)
{
    const pc_kind k = pc_dtype_kind(dtype);
    const bool kind_ok = r->dtypes == ON_FLOAT ? (dtype == PC_FLOAT32 || dtype == PC_FLOAT64)
                                               : k != PC_KIND_COMPLEX;
    if (!kind_ok || !pc_kernel_has(PC_OP_COPY, backend, dtype)) {
        return false;
    }
    for (int i = 0; i < MAX_PRIMS && r->prims[i].op != PC_OP_COPY; i++) {
        const prim *p = &r->prims[i];
        /* diff of bool uses not_equal, of the others subtract */
        if (r->op == PC_OP_DIFF && (p->op == PC_OP_SUBTRACT) == (dtype == PC_BOOL)) {
            continue;
        }
        /* x != 0 of bool is x itself */
        if (p->op == PC_OP_NOT_EQUAL && dtype == PC_BOOL && r->op != PC_OP_DIFF) {
            continue;
        }
        if (!pc_kernel_has(p->op, backend, p->on_bool ? PC_BOOL : dtype)) {
            return false;
        }
    }
    return true;
}

pc_decompose_how pc_decompose_how_runs(pc_op op, pc_device_type backend, pc_dtype dtype)
{
    if (pc_kernel_has(op, backend, dtype)) {
        return PC_RUNS_NATIVE;
    }
    const row *r = backend != PC_DEVICE_CPU ? find_row(op) : NULL;
    return r != NULL && row_applies(r, backend, dtype) ? PC_RUNS_DECOMPOSED : PC_RUNS_NOT;
}

const char *pc_decompose_formula(pc_op op)
{
    const row *r = find_row(op);
    return r != NULL ? r->formula : NULL;
}

/* decompositions run since the start (tests and the coverage tool tell native from decomposed
 * runs by it) */
static int64_t runs;

int64_t pc_decompose_runs(void) { return __atomic_load_n(&runs, __ATOMIC_RELAXED); }

pc_status pc_decompose_whole(pc_op op, pc_dtype dtype, const pc_kernel_args *args)
{
    const pc_tensor *first = args->nout > 0 ? args->out[0] : args->in[0];
    const pc_device dev = pc_tensor_device(first);
    const row *r = find_row(op);
    if (r == NULL || r->whole == NULL ||
        pc_decompose_how_runs(op, (pc_device_type)dev.type, dtype) != PC_RUNS_DECOMPOSED) {
        return PC_ERR_NOTIMPL; /* the message of the empty slot stands */
    }
    pc_error_clear();
    __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    scratch s = {.st = PC_OK};
    const pc_tensor *res = r->whole(&s, args);
    if (s.st == PC_OK) {
        s.st = pc_copy_into(args->out[0], res);
    }
    scratch_free(&s);
    return s.st;
}

pc_status pc_decompose_elementwise(pc_op op, pc_dtype key, int nin, int nop,
                                   const pc_tensor *const *ops)
{
    pc_device dev;
    const row *r = find_row(op);
    if (r == NULL || r->elementwise == NULL || nop != nin + 1 ||
        pc_common_device(nop, ops, &dev) != PC_OK ||
        pc_decompose_how_runs(op, (pc_device_type)dev.type, key) != PC_RUNS_DECOMPOSED) {
        return PC_ERR_NOTIMPL;
    }
    pc_error_clear();
    __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    scratch s = {.st = PC_OK};
    /* inputs in the key dtype */
    const pc_tensor *in[PC_ITER_MAX_OPERANDS];
    for (int i = 0; i < nin && s.st == PC_OK; i++) {
        pc_tensor *c = NULL;
        if (ops[i]->dtype == key) {
            in[i] = ops[i];
            continue;
        }
        const pc_status st = pc_astype(ops[i], key, true, &c);
        in[i] = keep(&s, st, c);
    }
    const pc_tensor *res = s.st == PC_OK ? r->elementwise(&s, in) : NULL;
    if (s.st == PC_OK) {
        s.st = pc_copy_into((pc_tensor *)ops[nin], res);
    }
    scratch_free(&s);
    return s.st;
}
