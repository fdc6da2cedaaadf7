/*
 * toy.c - a toy device plug-in that follows the recipe of docs/devices.md ("Adding a device
 * that provides only the primitives"): its memory is host memory and its kernels are plain C
 * loops, and it registers only primitives (kernels/primitives.def) for bool, int64, float32
 * and float64. Everything else paddle_c composes on it from these (tests/test_toy_device.py
 * builds it and checks that the composites run there and agree with the CPU).
 *
 * Its random numbers are paddle_c's streams: random_elem.h, the one definition every device
 * compiles (built with -ffp-contract=off, as plugin.h asks), so a seed gives the CPU's values.
 *
 * Not a device anyone should use: no stream (every call completes before it returns), no
 * events, no checks beyond what plugin.h promises the kernels.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/common/random_elem.h"
#include "paddle_c/plugin.h"

/* ---- the runtime: host memory as device memory ------------------------------------------------ */

static int toy_count(void) { return 1; }

static pcp_status toy_alloc(int device, size_t nbytes, void **out)
{
    (void)device;
    *out = aligned_alloc(64, (nbytes + 63) / 64 * 64);
    return *out != NULL ? PCP_OK : PCP_NO_MEMORY;
}

static void toy_free(int device, void *ptr, size_t nbytes)
{
    (void)device;
    (void)nbytes;
    free(ptr);
}

static pcp_status toy_copy(int device, void *dst, const void *src, size_t nbytes)
{
    (void)device;
    memmove(dst, src, nbytes);
    return PCP_OK;
}

/* ---- the dtypes -------------------------------------------------------------------------------- */

enum { T_BOOL, T_I64, T_F32, T_F64, T_N };
static const char *const names[T_N] = {"bool", "int64", "float32", "float64"};
static const size_t sizes[T_N] = {1, 8, 4, 8};

/* element i of a buffer of dtype t as a double / an int64, and stores */
static double ld(int t, const char *p)
{
    switch (t) {
    case T_BOOL:
        return *(const unsigned char *)p;
    case T_I64:
        return (double)*(const int64_t *)p;
    case T_F32:
        return *(const float *)p;
    default:
        return *(const double *)p;
    }
}

static int64_t ldi(int t, const char *p)
{
    return t == T_I64 ? *(const int64_t *)p : t == T_BOOL ? *(const unsigned char *)p
                                                          : (int64_t)ld(t, p);
}

static void st(int t, char *p, double v)
{
    switch (t) {
    case T_BOOL:
        *(unsigned char *)p = v != 0;
        break;
    case T_I64:
        /* float to integer: truncation, NaN 0, saturation (cast_elem.h) */
        *(int64_t *)p = v != v ? 0 : v <= -0x1p63 ? INT64_MIN : v >= 0x1p63 ? INT64_MAX
                                                                             : (int64_t)v;
        break;
    case T_F32:
        *(float *)p = (float)v;
        break;
    default:
        *(double *)p = v;
    }
}

static void sti(int t, char *p, int64_t v)
{
    if (t == T_I64) {
        *(int64_t *)p = v;
    } else if (t == T_BOOL) {
        *(unsigned char *)p = v != 0;
    } else {
        st(t, p, (double)v);
    }
}

/* ---- elementwise: one strided walk, one function per op ------------------------------------ */

typedef enum {
    E_COPY, E_FILL, E_WHERE, E_ADD, E_SUB, E_MUL, E_DIV, E_FLOORDIV, E_REM, E_MAX, E_MIN,
    E_EQ, E_NE, E_LT, E_LE, E_GT, E_GE, E_ISNAN, E_ISFINITE, E_ISINF, E_AND, E_OR, E_XOR, E_NOT,
    E_CAST, E_OFFSETS
} ew_op;

typedef struct ew_kernel {
    ew_op op;
    int t;          /* the kernel's dtype (a cast's target) */
    int from;       /* a cast's source */
} ew_kernel;

static double fn2(ew_op op, int t, double a, double b)
{
    switch (op) {
    case E_ADD:
        return t == T_BOOL ? (a != 0 || b != 0) : a + b;
    case E_SUB:
        return a - b;
    case E_MUL:
        return t == T_BOOL ? (a != 0 && b != 0) : a * b;
    case E_DIV:
        return a / b;
    case E_MAX:
        return a != a ? a : b != b ? b : a > b ? a : b;
    case E_MIN:
        return a != a ? a : b != b ? b : a < b ? a : b;
    case E_EQ:
        return a == b;
    case E_NE:
        return a != b;
    case E_LT:
        return a < b;
    case E_LE:
        return a <= b;
    case E_GT:
        return a > b;
    case E_GE:
        return a >= b;
    case E_AND:
        return a != 0 && b != 0;
    case E_OR:
        return a != 0 || b != 0;
    default:
        return (a != 0) != (b != 0);
    }
}

/* integer arithmetic of int64 (wrapping; floor division and Python's remainder, 0 for / 0) */
static int64_t fn2i(ew_op op, int64_t a, int64_t b)
{
    switch (op) {
    case E_ADD:
        return (int64_t)((uint64_t)a + (uint64_t)b);
    case E_SUB:
        return (int64_t)((uint64_t)a - (uint64_t)b);
    case E_MUL:
        return (int64_t)((uint64_t)a * (uint64_t)b);
    case E_FLOORDIV:
        if (b == 0) {
            return 0;
        }
        return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
    case E_REM: {
        if (b == 0) {
            return 0;
        }
        const int64_t r = a % b;
        return r != 0 && ((r < 0) != (b < 0)) ? r + b : r;
    }
    case E_MAX:
        return a > b ? a : b;
    default:
        return a < b ? a : b;
    }
}

static int output_is_bool(ew_op op) { return op >= E_EQ && op <= E_NOT; }

static pcp_status toy_ew(const pcp_elementwise *l)
{
    const ew_kernel *k = l->kernel_data;
    const int nop = l->nop;
    int64_t idx[16] = {0};
    char *p[4];
    for (int o = 0; o < nop; o++) {
        p[o] = l->data[o];
    }
    const int out = nop - 1;
    const int ot = k->op == E_OFFSETS ? T_I64 : output_is_bool(k->op) ? T_BOOL : k->t;
    const int it = k->op == E_CAST ? k->from : k->t;
    for (int64_t n = 0; n < l->numel; n++) {
        /* the element at the counters' position */
        char *q[4];
        for (int o = 0; o < nop; o++) {
            q[o] = p[o];
            for (int a = 0; a < l->ndim; a++) {
                q[o] += idx[a] * l->strides[a * nop + o];
            }
        }
        switch (k->op) {
        case E_FILL:
            memcpy(q[0], l->params, sizes[k->t]);
            break;
        case E_COPY:
            memcpy(q[1], q[0], sizes[k->t]);
            break;
        case E_CAST:
            if (k->t == T_I64 && it != T_I64) {
                st(T_I64, q[1], ld(it, q[0]));
            } else if (it == T_I64) {
                sti(k->t, q[1], *(int64_t *)q[0]);
            } else {
                st(k->t, q[1], ld(it, q[0]));
            }
            break;
        case E_WHERE:
            memcpy(q[3], *(unsigned char *)q[0] ? q[1] : q[2], sizes[k->t]);
            break;
        case E_ISNAN:
        case E_ISFINITE:
        case E_ISINF: {
            const double v = ld(it, q[0]);
            st(T_BOOL, q[1], k->op == E_ISNAN ? isnan(v) : k->op == E_ISINF ? isinf(v)
                                                                              : isfinite(v));
            break;
        }
        case E_NOT:
            st(T_BOOL, q[1], ld(it, q[0]) == 0);
            break;
        case E_OFFSETS: {
            const pcp_offsets_params *pp = l->params;
            int64_t w = *(int64_t *)q[0];
            w = w < 0 ? w + pp->len : w;
            if (w < 0 || w >= pp->len) {
                pcp_result_word *r = pp->result;
                if (r->code == 0) {
                    r->code = PCP_RESULT_INDEX_ERROR;
                    r->detail = pp->item;
                    r->value = *(int64_t *)q[0];
                }
                w = 0;
            }
            *(int64_t *)q[1] += w * pp->stride;
            break;
        }
        default:
            if (it == T_I64 && !output_is_bool(k->op)) {
                sti(ot, q[out], fn2i(k->op, *(int64_t *)q[0], *(int64_t *)q[1]));
            } else if (it == T_I64) {
                const int64_t a = *(int64_t *)q[0], b = *(int64_t *)q[1];
                st(T_BOOL, q[out], k->op == E_EQ ? a == b : k->op == E_NE ? a != b
                                   : k->op == E_LT ? a < b : k->op == E_LE ? a <= b
                                   : k->op == E_GT ? a > b : a >= b);
            } else {
                st(ot, q[out], fn2(k->op, it, ld(it, q[0]), ld(it, q[1])));
            }
        }
        for (int a = 0; a < l->ndim && ++idx[a] == l->shape[a]; a++) {
            idx[a] = 0;
        }
    }
    return PCP_OK;
}

/* ---- whole-tensor primitives ------------------------------------------------------------------ */

typedef enum { W_SUM, W_PROD, W_MAX, W_MIN, W_CUMSUM, W_CUMPROD, W_SORT, W_GATHER, W_SCATTER,
               W_ARANGE, W_RANDOM } whole_op;

typedef struct whole_kernel {
    whole_op op;
    int t;
} whole_kernel;

static int64_t numel(const pcp_tensor *x)
{
    int64_t n = 1;
    for (int a = 0; a < x->ndim; a++) {
        n *= x->shape[a];
    }
    return n;
}

/* the byte offset of element `i` (C order) of a tensor */
static int64_t offset_of(const pcp_tensor *x, int64_t i)
{
    int64_t off = 0;
    for (int a = x->ndim - 1; a >= 0; a--) {
        off += (i % x->shape[a]) * x->strides[a];
        i /= x->shape[a];
    }
    return off;
}

/* out's offset for x's element i (out's extent 1 on the reduced axes) */
static int64_t out_offset(const pcp_tensor *x, const pcp_tensor *o, int64_t i)
{
    int64_t off = 0;
    for (int a = x->ndim - 1; a >= 0; a--) {
        const int64_t c = i % x->shape[a];
        i /= x->shape[a];
        off += o->shape[a] == 1 ? 0 : c * o->strides[a];
    }
    return off;
}

static void reduce(const pcp_whole *l, whole_op op, int t)
{
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    const int ot = (op == W_SUM || op == W_PROD) && t == T_BOOL ? T_I64 : t;
    const int64_t no = numel(o), nx = numel(x);
    char *seen = calloc((size_t)no, 1);
    int64_t *acci = calloc((size_t)no, sizeof(int64_t));
    double *accf = calloc((size_t)no, sizeof(double));
    for (int64_t j = 0; j < no; j++) {
        acci[j] = op == W_PROD;
        accf[j] = op == W_PROD;
    }
    for (int64_t i = 0; i < nx; i++) {
        /* the output element of x's element i, counted in o's C order */
        const int64_t ob = out_offset(x, o, i);
        int64_t j = 0;
        while (j < no && offset_of(o, j) != ob) {
            j++;
        }
        const char *p = (const char *)x->data + offset_of(x, i);
        if (ot == T_I64) {
            const int64_t v = ldi(t, p);
            acci[j] = op == W_SUM ? fn2i(E_ADD, acci[j], v) : op == W_PROD ? fn2i(E_MUL, acci[j], v)
                      : !seen[j] ? v : op == W_MAX ? (v > acci[j] ? v : acci[j])
                                                    : (v < acci[j] ? v : acci[j]);
        } else {
            const double v = ld(t, p);
            const double a = accf[j];
            accf[j] = op == W_SUM ? a + v : op == W_PROD ? a * v
                      : !seen[j] || v != v ? v : a != a ? a
                      : op == W_MAX ? (v > a ? v : a) : (v < a ? v : a);
        }
        seen[j] = 1;
    }
    for (int64_t j = 0; j < no; j++) {
        char *q = (char *)o->data + offset_of(o, j);
        if (ot == T_I64) {
            sti(ot, q, acci[j]);
        } else {
            st(ot, q, accf[j]);
        }
    }
    free(seen);
    free(acci);
    free(accf);
}

/* the lanes of x along `axis`: lane l's first element and the stride along the lane */
static int64_t lane_offset(const pcp_tensor *x, int axis, int64_t l)
{
    int64_t off = 0;
    for (int a = x->ndim - 1; a >= 0; a--) {
        if (a == axis) {
            continue;
        }
        off += (l % x->shape[a]) * x->strides[a];
        l /= x->shape[a];
    }
    return off;
}

static void scan(const pcp_whole *l, int prod, int t)
{
    const pcp_scan_params *sp = l->params;
    const pcp_tensor *x = &l->in[0], *o = &l->out[0];
    const int ot = t == T_BOOL ? T_I64 : t;
    const int64_t n = x->shape[sp->axis], lanes = n ? numel(x) / n : numel(o);
    for (int64_t ln = 0; ln < lanes; ln++) {
        const char *xp = (const char *)x->data + (n ? lane_offset(x, sp->axis, ln) : 0);
        char *op = (char *)o->data + lane_offset(o, sp->axis, ln);
        const int64_t os = o->strides[sp->axis];
        int64_t ai = prod;
        double af = prod;
        if (sp->include_initial) {
            ot == T_I64 ? sti(ot, op, ai) : st(ot, op, af);
            op += os;
        }
        for (int64_t i = 0; i < n; i++) {
            const char *p = xp + i * x->strides[sp->axis];
            if (ot == T_I64) {
                ai = fn2i(prod ? E_MUL : E_ADD, ai, ldi(t, p));
                sti(ot, op + i * os, ai);
            } else {
                af = prod ? af * ld(t, p) : af + ld(t, p);
                st(ot, op + i * os, af);
            }
        }
    }
}

/* the sort order: NaN last in both orders, -0 equal to +0, stable */
static int before(int t, const char *a, const char *b, int desc)
{
    if (t == T_I64) {
        const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
        return desc ? x > y : x < y;
    }
    const double x = ld(t, a), y = ld(t, b);
    if (x != x) {
        return 0;
    }
    if (y != y) {
        return 1;
    }
    return desc ? x > y : x < y;
}

static void sort(const pcp_whole *l, int t)
{
    const pcp_sort_params *sp = l->params;
    const pcp_tensor *x = &l->in[0], *v = &l->out[0];
    const pcp_tensor *ix = l->nout == 2 ? &l->out[1] : NULL;
    const int64_t n = x->shape[sp->axis];
    if (n == 0) {
        return;
    }
    const int64_t lanes = numel(x) / n;
    int64_t *perm = malloc((size_t)n * sizeof(int64_t));
    for (int64_t ln = 0; ln < lanes; ln++) {
        const char *xp = (const char *)x->data + lane_offset(x, sp->axis, ln);
        const int64_t xs = x->strides[sp->axis];
        /* insertion sort of the positions: stable */
        for (int64_t i = 0; i < n; i++) {
            int64_t j = i;
            for (; j > 0 && before(t, xp + i * xs, xp + perm[j - 1] * xs, sp->descending); j--) {
                perm[j] = perm[j - 1];
            }
            perm[j] = i;
        }
        char *vp = (char *)v->data + lane_offset(v, sp->axis, ln);
        for (int64_t i = 0; i < n; i++) {
            memcpy(vp + i * v->strides[sp->axis], xp + perm[i] * xs, sizes[t]);
            if (ix != NULL) {
                char *ip = (char *)ix->data + lane_offset(ix, sp->axis, ln);
                *(int64_t *)(ip + i * ix->strides[sp->axis]) = perm[i];
            }
        }
    }
    free(perm);
}

/* "random": out (C-contiguous) element by element from its Philox block; the rates of POISSON
 * in in[0] (out's dtype and layout) */
static void draw(const pcp_whole *l, int t)
{
    const pcp_random_params *rp = l->params;
    const pc_random_params p = {rp->seed, rp->offset, rp->kind, rp->bits,
                                rp->a,    rp->b,      rp->lo,   rp->range};
    const uint64_t per = pc_random_per_block(&p);
    const pcp_tensor *o = &l->out[0];
    for (int64_t i = 0; i < numel(o); i++) {
        const uint64_t e = p.offset + (uint64_t)i;
        const pc_philox4 b = pc_random_block(&p, e / per);
        char *q = (char *)o->data + i * (int64_t)sizes[t];
        if (t == T_I64) {
            *(int64_t *)q = pc_random_integer(&p, b, e);
        } else {
            const double rate = p.kind == PCP_RANDOM_POISSON
                                    ? ld(t, (const char *)l->in[0].data + i * (int64_t)sizes[t])
                                    : 0.0;
            st(t, q, pc_random_real(&p, b, e, rate));
        }
    }
}

static pcp_status toy_whole(const pcp_whole *l)
{
    const whole_kernel *k = l->kernel_data;
    switch (k->op) {
    case W_SUM:
    case W_PROD:
    case W_MAX:
    case W_MIN:
        reduce(l, k->op, k->t);
        break;
    case W_CUMSUM:
    case W_CUMPROD:
        scan(l, k->op == W_CUMPROD, k->t);
        break;
    case W_SORT:
        sort(l, k->t);
        break;
    case W_GATHER:
    case W_SCATTER: {
        const pcp_gather_params *g = l->params;
        for (int64_t i = 0; i < g->n; i++) {
            int64_t off;
            if (g->offsets != NULL) {
                off = ((const int64_t *)g->offsets)[i];
            } else {
                int64_t w = ((const int64_t *)g->index)[i];
                w = w < 0 ? w + g->len : w;
                if (w < 0 || w >= g->len) {
                    pcp_result_word *r = g->result;
                    if (r->code == 0) {
                        r->code = PCP_RESULT_INDEX_ERROR;
                        r->value = ((const int64_t *)g->index)[i];
                    }
                    continue;
                }
                off = w * g->stride;
            }
            char *at = (char *)g->base + off;
            char *other = (char *)g->other + i * g->step;
            if (k->op == W_GATHER) {
                memcpy(other, at, sizes[k->t]);
            } else if (g->accumulate) {
                if (k->t == T_I64) {
                    *(int64_t *)at = fn2i(E_ADD, *(int64_t *)at, *(int64_t *)other);
                } else {
                    st(k->t, at, fn2(E_ADD, k->t, ld(k->t, at), ld(k->t, other)));
                }
            } else {
                memcpy(at, other, sizes[k->t]);
            }
        }
        break;
    }
    case W_ARANGE: {
        const pcp_range_params *r = l->params;
        const pcp_tensor *o = &l->out[0];
        for (int64_t i = 0; i < numel(o); i++) {
            char *q = (char *)o->data + i * o->strides[0];
            if (k->t == T_I64) {
                *(int64_t *)q = (int64_t)((uint64_t)r->istart + (uint64_t)i * (uint64_t)r->istep);
            } else {
                st(k->t, q, r->start[0] + (double)i * r->step[0]);
            }
        }
        break;
    }
    case W_RANDOM:
        draw(l, k->t);
        break;
    }
    return PCP_OK;
}

/* ---- registration: the primitives, for the dtypes above --------------------------------------- */

static ew_kernel ew_kernels[T_N][T_N + 32];
static whole_kernel whole_kernels[T_N][16];

static pcp_status toy_init(const pcp_host *h)
{
    static const struct {
        const char *name;
        ew_op op;
        unsigned dtypes;    /* bit t: registered for dtype t */
    } ew[] = {
        {"copy", E_COPY, 15},          {"fill", E_FILL, 15},          {"where", E_WHERE, 15},
        {"add", E_ADD, 15},            {"subtract", E_SUB, 14},       {"multiply", E_MUL, 15},
        {"divide", E_DIV, 12},         {"floor_divide", E_FLOORDIV, 2},
        {"remainder", E_REM, 2},       {"maximum", E_MAX, 14},        {"minimum", E_MIN, 14},
        {"equal", E_EQ, 15},           {"not_equal", E_NE, 15},       {"less", E_LT, 15},
        {"less_equal", E_LE, 15},      {"greater", E_GT, 15},         {"greater_equal", E_GE, 15},
        {"isnan", E_ISNAN, 12},        {"isfinite", E_ISFINITE, 12},  {"isinf", E_ISINF, 12},
        {"logical_and", E_AND, 1},     {"logical_or", E_OR, 1},       {"logical_xor", E_XOR, 1},
        {"logical_not", E_NOT, 1},     {"index_offsets", E_OFFSETS, 2},
    };
    static const char *const whole[] = {"sum",     "prod", "max",    "min",     "cumsum",
                                        "cumprod", "sort", "gather", "scatter", "arange",
                                        "random"};
    pcp_status s = PCP_OK;
    for (int t = 0; t < T_N && s == PCP_OK; t++) {
        int n = 0;
        for (size_t i = 0; i < sizeof ew / sizeof ew[0] && s == PCP_OK; i++) {
            if (ew[i].dtypes >> t & 1) {
                ew_kernels[t][n] = (ew_kernel){ew[i].op, t, t};
                s = h->register_elementwise(ew[i].name, names[t], toy_ew, &ew_kernels[t][n++]);
            }
        }
        for (int from = 0; from < T_N && s == PCP_OK; from++) {
            ew_kernels[t][n] = (ew_kernel){E_CAST, t, from};
            s = h->register_cast(names[from], names[t], toy_ew, &ew_kernels[t][n++]);
        }
        for (int w = 0; w <= W_RANDOM && s == PCP_OK; w++) {
            if (w == W_RANDOM && t == T_BOOL) {
                continue; /* random values are floating or integer */
            }
            whole_kernels[t][w] = (whole_kernel){(whole_op)w, t};
            s = h->register_whole(whole[w], names[t], toy_whole, &whole_kernels[t][w]);
        }
    }
    return s;
}

static const pcp_plugin toy = {
    .size = sizeof(pcp_plugin),
    .abi_version = PC_PLUGIN_ABI_VERSION,
    .name = "toy",
    .dlpack_device_type = 12, /* kDLExtDev */
    .init = toy_init,
    .device_count = toy_count,
    .alloc = toy_alloc,
    .free = toy_free,
    .copy_h2d = toy_copy,
    .copy_d2h = toy_copy,
    .copy_d2d = toy_copy,
};

__attribute__((visibility("default"))) const pcp_plugin *paddle_c_plugin(void) { return &toy; }
