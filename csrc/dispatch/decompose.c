/*
 * decompose.c - composite operations written once as primitive ones (kernels/primitives.def),
 * and the table that puts them into the empty slots of every device's column at init.
 *
 * Learned from Paddle's "prim" mode (composite operators lowered to a small primitive set so
 * that a new chip runs every operator once it has the primitives) and from PyTorch's composite
 * kernels, which sit in its dispatcher's table like any other kernel.
 *
 * The rules:
 *   - pc_decompose_register() (run once by pc_init, dispatch/init.c, after every backend
 *     registered its own kernels) walks the table for every device backend present: a row
 *     fills the slot (op, device, dtype) when that slot is empty, the CPU has the op for the
 *     dtype (the CPU defines what the op means) and the device has every op the row's formula
 *     runs for that dtype (its `needs`). Rows may need other composites, so the walk repeats until nothing
 *     more is filled; then the host fallback (host_fallback.c) fills what it may;
 *   - a filled slot is an ordinary slot (`source` PC_SLOT_DECOMPOSED): a whole-tensor slot's
 *     `whole`, an elementwise slot's `composite`, receiving the dispatcher's arguments;
 *   - the formula runs through the public op layer on the slot's device (decomp_util.c), so
 *     each step is an ordinary launch, checked and counted like any other; nothing is copied to
 *     the CPU except the counts and failures the op itself reads (result words);
 *   - the CPU column is never decomposed: it is the reference every decomposition is tested
 *     against (tests/test_decompositions.py, and the consistency tests run with
 *     PADDLE_C_HOSTDEV_PRIMITIVES=1, where hostdev keeps only its primitives).
 * Where no row applies, the empty slot's NotImplementedError (op, device, dtype) stands.
 */
#include <stdio.h>

#include "decomp.h"
#include "paddle_c/decompose.h"
#include "paddle_c/host_fallback.h"

/* ---- what a row needs ------------------------------------------------------------------------- */

static bool has(pc_device_type b, pc_op op, pc_dtype dt) { return pc_kernel_has(op, b, dt); }

static bool is_float(pc_dtype dt) { return pc_dtype_kind(dt) == PC_KIND_FLOAT; }

static bool is_complex(pc_dtype dt) { return pc_dtype_kind(dt) == PC_KIND_COMPLEX; }

/* Every decomposition: copies, constants and selection in the key dtype and in bool (the
 * masks every formula works with), and the cast of bool to the key dtype. */
static bool base(pc_device_type b, pc_dtype dt)
{
    for (int i = 0; i < 2; i++) {
        const pc_dtype d = i == 0 ? PC_BOOL : dt;
        if (!has(b, PC_OP_COPY, d) || !has(b, PC_OP_FILL, d) || !has(b, PC_OP_WHERE, d)) {
            return false;
        }
    }
    return pc_cast_has(b, PC_BOOL, dt);
}

/* Counting: sums of masks (int64), compared, converted to the dtype `to`. */
static bool counts(pc_device_type b, pc_dtype to)
{
    return has(b, PC_OP_SUM, PC_BOOL) && has(b, PC_OP_LOGICAL_NOT, PC_BOOL) &&
           has(b, PC_OP_EQUAL, PC_INT64) && has(b, PC_OP_GREATER, PC_INT64) &&
           has(b, PC_OP_FILL, PC_INT64) && has(b, PC_OP_COPY, PC_INT64) &&
           pc_cast_has(b, PC_INT64, to);
}

/* Positions: int64 arithmetic, comparisons, reductions and scans, the logical ops of bool,
 * index generation, and gathers and scatters of int64. */
static bool positions(pc_device_type b)
{
    static const pc_op i64[] = {PC_OP_ADD,       PC_OP_SUBTRACT,      PC_OP_MULTIPLY,
                                PC_OP_FLOOR_DIVIDE, PC_OP_REMAINDER,  PC_OP_LESS,
                                PC_OP_LESS_EQUAL, PC_OP_GREATER_EQUAL, PC_OP_EQUAL,
                                PC_OP_NOT_EQUAL, PC_OP_MINIMUM,       PC_OP_MAXIMUM,
                                PC_OP_SUM,       PC_OP_MIN,           PC_OP_MAX,
                                PC_OP_CUMSUM,    PC_OP_ARANGE,        PC_OP_GATHER,
                                PC_OP_SCATTER,   PC_OP_WHERE,         PC_OP_COPY,
                                PC_OP_FILL};
    static const pc_op bools[] = {PC_OP_LOGICAL_AND, PC_OP_LOGICAL_OR, PC_OP_LOGICAL_NOT,
                                  PC_OP_SUM,         PC_OP_MAX,        PC_OP_CUMSUM};
    for (size_t i = 0; i < sizeof i64 / sizeof i64[0]; i++) {
        if (!has(b, i64[i], PC_INT64)) {
            return false;
        }
    }
    for (size_t i = 0; i < sizeof bools / sizeof bools[0]; i++) {
        if (!has(b, bools[i], PC_BOOL)) {
            return false;
        }
    }
    return pc_cast_has(b, PC_BOOL, PC_INT64);
}

static bool arith(pc_device_type b, pc_dtype dt)
{
    return has(b, PC_OP_ADD, dt) && has(b, PC_OP_SUBTRACT, dt) && has(b, PC_OP_MULTIPLY, dt) &&
           has(b, PC_OP_DIVIDE, dt) && has(b, PC_OP_SUM, dt);
}

/* NaN tests where the dtype has NaN */
static bool nan_tests(pc_device_type b, pc_dtype dt)
{
    return !(is_float(dt) || is_complex(dt)) ||
           (has(b, PC_OP_ISNAN, dt) && has(b, PC_OP_ISFINITE, dt));
}

/* sums in the compute dtype (dc_compute_dtype), counted where NaN is skipped */
static bool need_mean(pc_device_type b, pc_dtype dt)
{
    const pc_dtype c = dc_compute_dtype(dt);
    return base(b, dt) && base(b, c) && pc_cast_has(b, dt, c) && arith(b, c) &&
           nan_tests(b, c) && counts(b, pc_dtype_real_of(c));
}

static bool need_var(pc_device_type b, pc_dtype dt)
{
    const pc_dtype c = dc_compute_dtype(dt);
    const pc_dtype r = pc_dtype_real_of(c);
    return need_mean(b, dt) && base(b, r) && arith(b, r) && has(b, PC_OP_SQRT, r) &&
           has(b, PC_OP_GREATER, r) &&
           (!is_complex(c) || (has(b, PC_OP_REAL, c) && has(b, PC_OP_IMAG, c)));
}

static bool need_nan_sum(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && nan_tests(b, dt) && has(b, PC_OP_SUM, dt) && has(b, PC_OP_PROD, dt);
}

static bool need_nan_select(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && nan_tests(b, dt) && has(b, PC_OP_MAX, dt) && has(b, PC_OP_MIN, dt) &&
           counts(b, PC_INT64);
}

static bool need_ptp(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && has(b, PC_OP_MAX, dt) && has(b, PC_OP_MIN, dt) &&
           has(b, dt == PC_BOOL ? PC_OP_NOT_EQUAL : PC_OP_SUBTRACT, dt);
}

static bool need_maxabs(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && has(b, PC_OP_ABS, dt) && has(b, PC_OP_MAX, dt);
}

static bool need_logsumexp(pc_device_type b, pc_dtype dt)
{
    const pc_dtype c = dc_compute_dtype(dt);
    return need_mean(b, dt) && has(b, PC_OP_MAX, c) && has(b, PC_OP_EXP, c) &&
           has(b, PC_OP_LOG, c) && has(b, PC_OP_ISFINITE, c);
}

/* the scan's dtype: the sum's accumulation dtype (int64, uint64, or the key) */
static bool need_scan(pc_device_type b, pc_dtype dt)
{
    const pc_kind k = pc_dtype_kind(dt);
    const pc_dtype r = k == PC_KIND_UINT ? PC_UINT64
                       : k == PC_KIND_BOOL || k == PC_KIND_INT ? PC_INT64
                                                               : dt;
    return base(b, dt) && base(b, r) && pc_cast_has(b, dt, r) && has(b, PC_OP_ADD, r) &&
           has(b, PC_OP_MULTIPLY, r);
}

static bool need_logic(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && has(b, PC_OP_NOT_EQUAL, dt) && has(b, PC_OP_EQUAL, dt) &&
           counts(b, PC_INT64);
}

static bool need_arg(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && positions(b) && has(b, PC_OP_MAX, dt) && has(b, PC_OP_MIN, dt) &&
           has(b, PC_OP_EQUAL, dt) && nan_tests(b, dt);
}

static bool need_sort_family(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && positions(b) && has(b, PC_OP_SORT, dt) && has(b, PC_OP_GATHER, dt) &&
           has(b, PC_OP_SCATTER, dt);
}

static bool need_median(pc_device_type b, pc_dtype dt)
{
    return need_sort_family(b, dt) && nan_tests(b, dt) && base(b, PC_FLOAT64) &&
           pc_cast_has(b, dt, PC_FLOAT64) && pc_cast_has(b, PC_FLOAT64, PC_FLOAT32) &&
           arith(b, PC_FLOAT64) && has(b, PC_OP_ISINF, PC_FLOAT64) &&
           has(b, PC_OP_ISFINITE, PC_FLOAT64);
}

/* the order of the sort (NaN last, -0 == +0; complex: NumPy's classes) from comparisons */
static bool need_order(pc_device_type b, pc_dtype dt)
{
    const pc_dtype r = pc_dtype_real_of(dt);
    const bool cx = is_complex(dt);
    return need_sort_family(b, dt) && has(b, PC_OP_LESS, cx ? r : dt) &&
           has(b, PC_OP_EQUAL, dt) && has(b, PC_OP_NOT_EQUAL, dt) && nan_tests(b, dt) &&
           (!cx || (has(b, PC_OP_REAL, dt) && has(b, PC_OP_IMAG, dt) &&
                    has(b, PC_OP_ISNAN, r) && has(b, PC_OP_EQUAL, r)));
}

static bool need_nonzero(pc_device_type b, pc_dtype dt) { return base(b, dt) && positions(b); }

static bool need_linspace(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && (is_float(dt) || is_complex(dt)
                               ? has(b, PC_OP_ARANGE, dt)
                               : has(b, PC_OP_ARANGE, PC_FLOAT64) &&
                                     pc_cast_has(b, PC_FLOAT64, dt) && base(b, PC_FLOAT64));
}

static bool need_tri(pc_device_type b, pc_dtype dt) { return base(b, dt) && positions(b); }

static bool need_logaddexp(pc_device_type b, pc_dtype dt)
{
    static const pc_op ops[] = {PC_OP_SUBTRACT, PC_OP_ABS, PC_OP_NEGATIVE, PC_OP_EXP,
                                PC_OP_LOG1P,    PC_OP_ADD, PC_OP_MAXIMUM,  PC_OP_EQUAL};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!has(b, ops[i], dt)) {
            return false;
        }
    }
    return base(b, dt);
}

static bool need_diff(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && has(b, dt == PC_BOOL ? PC_OP_NOT_EQUAL : PC_OP_SUBTRACT, dt);
}

static bool need_clip(pc_device_type b, pc_dtype dt)
{
    return base(b, dt) && has(b, PC_OP_LESS, dt) && has(b, PC_OP_GREATER, dt) &&
           nan_tests(b, dt);
}

/* vecdot and cross compute narrow floats in float32 (as the CPU's loops do) */
static bool need_vecops(pc_device_type b, pc_dtype dt)
{
    const pc_dtype c = dc_product_dtype(dt);
    return base(b, dt) && base(b, c) && pc_cast_has(b, dt, c) && has(b, PC_OP_MULTIPLY, c) &&
           has(b, PC_OP_SUBTRACT, c) && has(b, PC_OP_SUM, c) &&
           (!is_complex(c) || has(b, PC_OP_CONJ, c));
}

/* the DFT matrix (float64 angles, complex128 assembled through its parts) and a matmul */
static bool need_fft(pc_device_type b, pc_dtype dt)
{
    const pc_dtype r = pc_dtype_real_of(dt);
    return base(b, dt) && base(b, PC_FLOAT64) && base(b, PC_COMPLEX128) && positions(b) &&
           has(b, PC_OP_MATMUL, dt) && has(b, PC_OP_CONJ, dt) && has(b, PC_OP_COS, PC_FLOAT64) &&
           has(b, PC_OP_SIN, PC_FLOAT64) && has(b, PC_OP_MULTIPLY, PC_FLOAT64) &&
           pc_cast_has(b, PC_INT64, PC_FLOAT64) && pc_cast_has(b, PC_COMPLEX128, dt) &&
           pc_cast_has(b, r, dt);
}

/* the small-matrix routines: elimination steps over the batch (decomp_linalg.c) */
static bool need_linalg(pc_device_type b, pc_dtype dt)
{
    static const pc_op ops[] = {PC_OP_ADD,  PC_OP_SUBTRACT, PC_OP_MULTIPLY, PC_OP_DIVIDE,
                                PC_OP_EQUAL, PC_OP_NOT_EQUAL, PC_OP_CONJ,   PC_OP_REAL,
                                PC_OP_ABS,  PC_OP_SUM,      PC_OP_PROD,     PC_OP_MATMUL,
                                PC_OP_GATHER, PC_OP_SCATTER};
    const pc_dtype r = pc_dtype_real_of(dt);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!has(b, ops[i], dt)) {
            return false;
        }
    }
    return base(b, dt) && base(b, r) && positions(b) && has(b, PC_OP_ARGMAX, r) &&
           has(b, PC_OP_SQRT, r) && has(b, PC_OP_LOG, r) && has(b, PC_OP_GREATER, r) &&
           has(b, PC_OP_ABS, r) && has(b, PC_OP_ADD, r) && has(b, PC_OP_SUBTRACT, r) &&
           has(b, PC_OP_SUM, r) && has(b, PC_OP_EQUAL, r) &&
           (!is_complex(dt) || has(b, PC_OP_IMAG, dt)) && pc_cast_has(b, r, dt) &&
           pc_cast_has(b, PC_INT64, dt);
}

/* ---- the table --------------------------------------------------------------------------------- */

typedef struct row {
    pc_op op;
    const char *formula;
    bool (*needs)(pc_device_type backend, pc_dtype key);
    dc_whole_fn whole;
    dc_ew_fn ew;
} row;

static const row table[] = {
    {PC_OP_MEAN, "sum(x) / n (bool, integers, float16, bfloat16: in float32)", need_mean,
     dc_reduce_whole, NULL},
    {PC_OP_VAR, "sum(|x - mean(x)|^2) / (n - correction), NaN when n <= correction", need_var,
     dc_reduce_whole, NULL},
    {PC_OP_STD, "sqrt(var(x))", need_var, dc_reduce_whole, NULL},
    {PC_OP_NANSUM, "sum(where(isnan(x), 0, x))", need_nan_sum, dc_reduce_whole, NULL},
    {PC_OP_NANPROD, "prod(where(isnan(x), 1, x))", need_nan_sum, dc_reduce_whole, NULL},
    {PC_OP_NANMAX, "where(all(isnan(x)), NaN, max(where(isnan(x), -inf, x)))", need_nan_select,
     dc_reduce_whole, NULL},
    {PC_OP_NANMIN, "where(all(isnan(x)), NaN, min(where(isnan(x), +inf, x)))", need_nan_select,
     dc_reduce_whole, NULL},
    {PC_OP_NANMEAN, "nansum(x) / sum(!isnan(x))", need_mean, dc_reduce_whole, NULL},
    {PC_OP_NANVAR, "var over the elements that are not NaN (count per slice)", need_var,
     dc_reduce_whole, NULL},
    {PC_OP_NANSTD, "sqrt(nanvar(x))", need_var, dc_reduce_whole, NULL},
    {PC_OP_PTP, "max(x) - min(x) (bool: max(x) != min(x))", need_ptp, dc_reduce_whole, NULL},
    {PC_OP_MAXABS, "max(abs(x))", need_maxabs, dc_reduce_whole, NULL},
    {PC_OP_LOGSUMEXP, "m + log(sum(exp(x - m))) where m = max(x) is finite, else m (-inf when "
     "empty)", need_logsumexp, dc_reduce_whole, NULL},
    {PC_OP_CUMSUM, "log2(n) rounds of x[i] += x[i - d], d = 1, 2, 4, ... (Hillis-Steele; "
     "another rounding order than the primitive's)", need_scan, dc_scan_whole, NULL},
    {PC_OP_CUMPROD, "log2(n) rounds of x[i] *= x[i - d], d = 1, 2, 4, ... (Hillis-Steele; "
     "another rounding order than the primitive's)", need_scan, dc_scan_whole, NULL},
    {PC_OP_ALL, "sum(x == 0) == 0", need_logic, dc_reduce_whole, NULL},
    {PC_OP_ANY, "sum(x != 0) > 0", need_logic, dc_reduce_whole, NULL},
    {PC_OP_COUNT_NONZERO, "sum(x != 0)", need_logic, dc_reduce_whole, NULL},
    {PC_OP_ARGMAX, "min(where(x == max(x) | isnan(x), i, n)) along the axis", need_arg,
     dc_arg_whole, NULL},
    {PC_OP_ARGMIN, "min(where(x == min(x) | isnan(x), i, n)) along the axis", need_arg,
     dc_arg_whole, NULL},
    {PC_OP_NANARGMAX, "argmax(where(isnan(x), -inf, x)) over the elements that are not NaN; "
     "All-NaN through the result word", need_arg, dc_arg_whole, NULL},
    {PC_OP_NANARGMIN, "argmin(where(isnan(x), +inf, x)) over the elements that are not NaN; "
     "All-NaN through the result word", need_arg, dc_arg_whole, NULL},
    {PC_OP_ARGSORT, "the positions output of sort", need_sort_family, dc_argsort_whole, NULL},
    {PC_OP_MEDIAN, "gather of the middle of each sorted lane (k = count of non-NaN), (a + b) / 2 "
     "in float64", need_median, dc_median_whole, NULL},
    {PC_OP_SEARCHSORTED, "binary search: log2(n) rounds of gather and compare in the sort order",
     need_order, dc_search_whole, NULL},
    {PC_OP_ISIN, "sort(x2), then a binary search of x1 and one compare", need_order,
     dc_isin_whole, NULL},
    {PC_OP_UNIQUE, "first = x[i] != x[i-1]; run = cumsum(first) - 1; scatter by run; the count "
     "through the result word", need_sort_family, dc_unique_whole, NULL},
    {PC_OP_NONZERO, "pos = cumsum(x) - 1; coordinates (i // stride) % extent scattered to pos",
     need_nonzero, dc_nonzero_whole, NULL},
    {PC_OP_LINSPACE, "arange's start + i * step (integers: in float64, then cast), the last "
     "element set to stop", need_linspace, dc_range_whole, NULL},
    {PC_OP_TRI, "where(j - i <= k (lower) or >= k (upper), x, 0)", need_tri, dc_tri_whole, NULL},
    {PC_OP_CHOLESKY, "the column algorithm: l[j][j] = sqrt(a[j][j] - |l[j][:j]|^2), "
     "l[j+1:][j] = (a[j+1:][j] - l[j+1:][:j] @ conj(l[j][:j])) / l[j][j]", need_linalg,
     dc_linalg_whole, NULL},
    {PC_OP_INV, "Gauss-Jordan elimination with partial pivoting on [A | I]", need_linalg,
     dc_linalg_whole, NULL},
    {PC_OP_SOLVE, "Gauss-Jordan elimination with partial pivoting on [A | B]", need_linalg,
     dc_linalg_whole, NULL},
    {PC_OP_SLOGDET, "Gaussian elimination with partial pivoting: det = (-1)^swaps prod(u_jj), "
     "log|det| = sum(log|u_jj|)", need_linalg, dc_linalg_whole, NULL},
    {PC_OP_FFT_C2C, "x @ W, W[j][k] = scale exp(-+2 pi i (jk mod n) / n) (n <= 4096)",
     need_fft, dc_fft_whole, NULL},
    {PC_OP_FFT_R2C, "the first n/2 + 1 of x @ W (n <= 4096)", need_fft, dc_fft_whole, NULL},
    {PC_OP_FFT_C2R, "real(X_full @ W), X_full[n - k] = conj(X[k]) (n <= 4096)", need_fft,
     dc_fft_whole, NULL},
    {PC_OP_LOGADDEXP, "a + log(2) where a == b, else maximum(a, b) + log1p(exp(-|a - b|))",
     need_logaddexp, NULL, dc_ew_composite},
    {PC_OP_DIFF, "x[1:] - x[:-1] (bool: x[1:] != x[:-1])", need_diff, NULL, dc_ew_composite},
    {PC_OP_CLIP, "where(x < lo, lo, x), then where(> hi, hi, .), NaN of x, lo, hi put back",
     need_clip, NULL, dc_ew_composite},
    {PC_OP_VECDOT, "sum(conj(a) * b) along the axis (float16, bfloat16: in float32)",
     need_vecops, NULL, dc_ew_composite},
    {PC_OP_CROSS, "a[1] * b[2] - a[2] * b[1], ... (float16, bfloat16: in float32)", need_vecops,
     NULL, dc_ew_composite},
};

#define NROWS ((int)(sizeof table / sizeof table[0]))

static const row *find_row(pc_op op)
{
    for (int i = 0; i < NROWS; i++) {
        if (table[i].op == op) {
            return &table[i];
        }
    }
    return NULL;
}

const char *pc_decompose_formula(pc_op op)
{
    const row *r = find_row(op);
    return r != NULL ? r->formula : NULL;
}

/* ---- the slots ----------------------------------------------------------------------------------- */

/* decompositions run since the start (tests and the coverage tool tell native from decomposed
 * runs by it) */
static int64_t runs;

int64_t pc_decompose_runs(void) { return __atomic_load_n(&runs, __ATOMIC_RELAXED); }

/* [Why a depth limit] Rows need only slots filled before them, so a decomposition never
 * reaches itself; the limit turns a table mistake into an error instead of a stack overflow. */
static _Thread_local int depth;
#define MAX_DEPTH 16

static pc_status enter(void)
{
    if (depth >= MAX_DEPTH) {
        return pc_error_set(PC_ERR_RUNTIME, "decompositions nested more than %d deep",
                            MAX_DEPTH);
    }
    depth++;
    __atomic_fetch_add(&runs, 1, __ATOMIC_RELAXED);
    return PC_OK;
}

static pc_status run_whole(const pc_kernel_args *args)
{
    const row *r = (const row *)args->kernel->impl;
    const pc_tensor *first = args->nout > 0 ? args->out[0] : args->in[0];
    const pc_dtype key = args->nin > 0 ? args->in[0]->dtype : args->out[0]->dtype;
    pc_status st = enter();
    if (st != PC_OK) {
        return st;
    }
    dc s;
    dc_init(&s, pc_tensor_device(first));
    st = r->whole(&s, r->op, key, args);
    const pc_status end = dc_end(&s);
    depth--;
    return st != PC_OK ? st : end;
}

static pc_status run_ew(const pc_ew_call *call)
{
    const row *r = (const row *)call->kernel->impl;
    pc_status st = enter();
    if (st != PC_OK) {
        return st;
    }
    dc s;
    dc_init(&s, pc_tensor_device(call->ops[0]));
    st = r->ew(&s, call);
    const pc_status end = dc_end(&s);
    depth--;
    return st != PC_OK ? st : end;
}

/* Fill the empty slots of backend `b` that a row serves now; how many were filled. */
static int fill_backend(pc_device_type b)
{
    int filled = 0;
    for (int i = 0; i < NROWS; i++) {
        const row *r = &table[i];
        for (int d = 0; d < PC_NUM_DTYPES; d++) {
            const pc_dtype dt = (pc_dtype)d;
            if (has(b, r->op, dt) || !pc_kernel_has(r->op, PC_DEVICE_CPU, dt) || !r->needs(b, dt)) {
                continue;
            }
            pc_kernel k = {0};
            k.whole = r->whole != NULL ? run_whole : NULL;
            k.composite = r->ew != NULL ? run_ew : NULL;
            k.impl = r;
            k.source = PC_SLOT_DECOMPOSED;
            pc_kernel_register(r->op, b, dt, k);
            filled++;
        }
    }
    return filled;
}

void pc_decompose_register(void)
{
    for (int b = 0; b < PC_NUM_DEVICE_TYPES; b++) {
        if (b == PC_DEVICE_CPU || pc_backend_get((pc_device_type)b) == NULL) {
            continue;
        }
        while (fill_backend((pc_device_type)b) > 0) {
        }
        pc_host_fallback_register((pc_device_type)b);
    }
    pc_error_clear();
}
