/*
 * index_plan.h - what the indexing files of the dispatch layer share (private to csrc/dispatch):
 * an index turned into a plan (a basic view plus the advanced items) and the helpers the
 * indexing files share. The files, each using only those listed before it (no circles):
 *   index_plan.c     the plan and an assignment's value
 *   index_nonzero.c  nonzero and the count of a mask
 *   index_mask.c     x[mask] and x[mask] = v for a mask over every axis of the view
 *   index.c          the subscripts (getitem, setitem, index_add) and take
 *   index_take.c     take_along_axis
 * Public entry points: paddle_c/indexing.h.
 */
#ifndef PC_DISPATCH_INDEX_PLAN_H
#define PC_DISPATCH_INDEX_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "paddle_c/indexing.h"
#include "paddle_c/kernels/table.h"
#include "paddle_c/tensor.h"

typedef enum adv_kind {
    ADV_ARRAY,  /* integer tensor of ndim >= 1 on one axis */
    ADV_MASK,   /* bool tensor of ndim >= 1 on `naxes` axes */
    ADV_INT,    /* an integer, treated as a 0-D integer array */
    ADV_BOOL    /* a Python bool or 0-D bool tensor on an inserted axis of extent 1 */
} adv_kind;

typedef struct adv_item {
    adv_kind kind;
    int axis;               /* first axis of the plan's view it indexes */
    int xaxis;              /* the same axis of x, for messages (-1 for inserted axes) */
    int naxes;
    const pc_tensor *tensor;
    int64_t value;          /* ADV_INT: the index; ADV_BOOL: 0 or 1; ADV_MASK: the count */
} adv_item;

typedef struct index_plan {
    int ndim;               /* the view after basic indexing, advanced axes kept */
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
    int xaxis[PC_MAX_NDIM]; /* axis of x behind each view axis (-1 for inserted axes) */
    int64_t offset;
    int nadv;
    adv_item adv[PC_MAX_NDIM];
    bool adjacent;          /* the advanced items are next to each other in the index */
} index_plan;

/* index_plan.c: the plan of `index` applied to x (validates every scalar index and slice). */
pc_status index_build_plan(const pc_tensor *x, int n, const pc_index *index, index_plan *p);

/* index_plan.c: an index on an axis of extent `len` made non-negative (x's `axis` for the
 * IndexError when out of range). */
pc_status index_normalize(int64_t v, int axis, int64_t len, int64_t *out);

/* index_plan.c: `value` without leading extents of 1 beyond `ndim` (a view, or NULL when none
 * is needed); the "could not broadcast" error, and the check that raises it unless `value`
 * broadcasts to (ndim, shape); the value in x's dtype on x's device, never sharing memory with
 * x (`value` itself or a copy in *owned). */
pc_status index_strip_leading_ones(const pc_tensor *value, int ndim, pc_tensor **out);
pc_status index_value_mismatch(const pc_tensor *value, int ndim, const int64_t *shape);
pc_status index_check_value(const pc_tensor *value, int ndim, const int64_t *shape);
pc_status index_value_for(const pc_tensor *x, const pc_tensor *value, const pc_tensor **out,
                          pc_tensor **owned);

/* index_nonzero.c: the number of true elements of a bool tensor on the CPU. */
int64_t index_mask_count(const pc_tensor *mask);

/* index_mask.c: whether the plan is one mask over every axis of its view that the mask paths
 * take for `op` (MASK_SELECT for a read, MASK_SCATTER or MASK_FILL for a write) on x's device;
 * then x[mask] and x[mask] = value (one element, or one per true element). */
bool index_whole_mask(const pc_tensor *x, const index_plan *p, pc_op op);
pc_status index_mask_get(const pc_tensor *x, const index_plan *p, pc_tensor **out);
pc_status index_mask_set(pc_tensor *x, const index_plan *p, const pc_tensor *value);

#endif
