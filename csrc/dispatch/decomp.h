/*
 * decomp.h - what the decompositions share (internal to the op layer): the scratch list of
 * one decomposition's temporaries and small helpers that run one public op each on the
 * decomposition's device (decomp_util.c).
 *
 * The pattern: every helper takes the scratch list first, does nothing and returns NULL once
 * an earlier step failed (s->st), and otherwise records its result in the list, so that a
 * formula reads as nested calls and errors are handled on one exit path (dc_end frees every
 * temporary and returns the first failure).
 *
 *     dc s;
 *     dc_init(&s, dev);
 *     const pc_tensor *m = dc_reduce(&s, PC_REDUCE_MAX, x, ax.n, ax.axis, true);
 *     dc_copy(&s, out, dc_ew2(&s, PC_EW_SUBTRACT, dc_t(x), dc_t(m)));
 *     return dc_end(&s);
 *
 * Ownership: tensors returned by the helpers belong to the list (const: never freed by the
 * caller); tensors the caller passes stay the caller's.
 */
#ifndef PADDLE_C_DISPATCH_DECOMP_H
#define PADDLE_C_DISPATCH_DECOMP_H

#include "dispatch.h"
#include "paddle_c/elementwise.h"
#include "paddle_c/reduce.h"

#define DC_INLINE 32

typedef struct dc {
    pc_tensor **t;          /* the temporaries: `inline_t` or a heap array of `cap` */
    int n;
    int cap;
    pc_status st;           /* the first failure; every later step is skipped */
    pc_device dev;          /* where every temporary is made */
    pc_tensor *inline_t[DC_INLINE];
} dc;

/* The rows of the decomposition table (decompose.c) and their entry points, one per family
 * file (decomp_*.c). Each returns the status of the whole decomposition. */
typedef pc_status (*dc_whole_fn)(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
typedef pc_status (*dc_ew_fn)(dc *s, const pc_ew_call *call);

void dc_init(dc *s, pc_device dev);
/* Free every temporary; the first failure (PC_OK when none). */
pc_status dc_end(dc *s);
/* Record `t`, the result of a call that returned `st` (NULL on failure). */
const pc_tensor *dc_keep(dc *s, pc_status st, pc_tensor *t);
/* Loops: dc_mark() before a round, dc_drop(s, mark, keep, n) after it frees the round's
 * temporaries except the n tensors of `keep` (the round's results, which stay valid). */
int dc_mark(const dc *s);
void dc_drop(dc *s, int mark, const pc_tensor *const *keep, int n);
/* Fail the list with a message (returns NULL). */
const pc_tensor *dc_fail(dc *s, pc_status code, const char *message);

/* Operands: a tensor (NULL when a step failed: the op then is skipped), Python scalars. */
pc_operand dc_t(const pc_tensor *t);
pc_operand dc_i(int64_t v);
pc_operand dc_f(double v);

const pc_tensor *dc_ew1(dc *s, pc_ew_fn fn, const pc_tensor *a);
const pc_tensor *dc_ew2(dc *s, pc_ew_fn fn, pc_operand a, pc_operand b);
const pc_tensor *dc_where(dc *s, const pc_tensor *c, pc_operand a, pc_operand b);
/* x converted (an alias when it has the dtype already) */
const pc_tensor *dc_cast(dc *s, const pc_tensor *x, pc_dtype dtype);
/* the reduction over `axes` (naxes < 0: all), keepdims; dtype PC_DTYPE_INVALID: the default */
const pc_tensor *dc_reduce(dc *s, pc_reduction r, const pc_tensor *x, int naxes, const int *axes,
                           bool keepdims, pc_dtype dtype);
/* the scan along `axis` in the sum's accumulation dtype (or `dtype`) */
const pc_tensor *dc_scan(dc *s, bool prod, const pc_tensor *x, int axis, pc_dtype dtype);
/* the stable sort along `axis` (NaN last); *indices the positions when not NULL */
const pc_tensor *dc_sort(dc *s, const pc_tensor *x, int axis, bool descending,
                         const pc_tensor **indices);
/* a @ b (matmul's broadcasting) */
const pc_tensor *dc_matmul(dc *s, const pc_tensor *a, const pc_tensor *b);
/* 0, 1, ..., n - 1 */
const pc_tensor *dc_arange(dc *s, int64_t n, pc_dtype dtype);
const pc_tensor *dc_empty(dc *s, int ndim, const int64_t *shape, pc_dtype dtype);
const pc_tensor *dc_full(dc *s, int ndim, const int64_t *shape, pc_dtype dtype, pc_operand v);
/* a view of t's storage (byte strides, offset from the storage's start) */
const pc_tensor *dc_view(dc *s, const pc_tensor *t, int ndim, const int64_t *shape,
                         const int64_t *strides, int64_t offset);
/* t with `axis` restricted to [start, start + len) */
const pc_tensor *dc_slice(dc *s, const pc_tensor *t, int axis, int64_t start, int64_t len);
/* t broadcast to a shape */
const pc_tensor *dc_broadcast(dc *s, const pc_tensor *t, int ndim, const int64_t *shape);
/* t in C order, 1-D (a view when possible) */
const pc_tensor *dc_flatten(dc *s, const pc_tensor *t);
/* t reshaped (a view where the strides allow, else a C-contiguous copy) */
const pc_tensor *dc_reshape(dc *s, const pc_tensor *t, int ndim, const int64_t *shape);
/* the real (k 0) or imaginary (k 1) part of the complex t: a view of its storage in the real
 * dtype, written through like t */
const pc_tensor *dc_part(dc *s, const pc_tensor *t, int k);
/* t made C-contiguous (a copy) */
const pc_tensor *dc_contiguous(dc *s, const pc_tensor *t);

/* The element of `src` at each byte offset of `offsets` (int64, offsets from src's first
 * element), shaped like `offsets` (GATHER). */
const pc_tensor *dc_gather(dc *s, const pc_tensor *src, const pc_tensor *offsets);
/* dst's element at each byte offset of `offsets` (from dst's first element) = values (a
 * tensor of the offsets' shape, converted to dst's dtype), the last write winning; or added
 * in order when `accumulate` (SCATTER). */
void dc_scatter(dc *s, pc_tensor *dst, const pc_tensor *offsets, const pc_tensor *values,
                bool accumulate);

/* dst = src (any dtypes; src broadcast to dst) */
void dc_copy(dc *s, pc_tensor *dst, const pc_tensor *src);

/* Report through the result word `word` (a DEVICE address, pc_dispatch_whole_result's) the
 * failure `code` with `detail` and the 0-D int64 `value` where the 0-D bool `failed` holds,
 * unless an earlier failure is in the word already (the first one wins). */
void dc_report(dc *s, pc_result_word *word, const pc_tensor *failed, int32_t code,
               int32_t detail, const pc_tensor *value);
/* Report a count (the 0-D int64 `count`) through `word` (its value), or, on a device without
 * result words (`word` NULL), copy it to *host (one synchronisation). */
void dc_count(dc *s, pc_result_word *word, int64_t *host, const pc_tensor *count);
/* The 0-D int64 `value` copied to the host (one synchronisation). */
int64_t dc_read_i64(dc *s, const pc_tensor *value);

/* The dtype floating reductions of `key` compute in: float32 for bool, integers, float16 and
 * bfloat16 (whose results are float32 or narrower, rounded once at the end), else key. */
pc_dtype dc_compute_dtype(pc_dtype key);
/* The dtype products of vecdot and cross compute in: float32 for float16 and bfloat16 (as the
 * CPU's loops), else key. */
pc_dtype dc_product_dtype(pc_dtype key);

/* The byte offsets of every element of a tensor of (ndim, shape, strides): an int64 tensor of
 * that shape, sum_d i_d * strides[d] (broadcast axes: stride 0). */
const pc_tensor *dc_positions(dc *s, int ndim, const int64_t *shape, const int64_t *strides);

/* The axes a keepdims-shaped reduction result `o` reduces of x (o's extent 1, x's not), and
 * how many elements go into each output. */
typedef struct dc_axes {
    int n;
    int axis[PC_MAX_NDIM];
    int64_t count;
} dc_axes;
dc_axes dc_reduced_axes(const pc_tensor *x, const pc_tensor *o);

/* The family files' entry points (decompose.c's table names them). */
pc_status dc_reduce_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_scan_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_arg_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_median_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_argsort_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_search_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_isin_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_unique_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_nonzero_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_range_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_tri_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_ew_composite(dc *s, const pc_ew_call *call);
pc_status dc_fft_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);
pc_status dc_linalg_whole(dc *s, pc_op op, pc_dtype key, const pc_kernel_args *args);

#endif
