/*
 * index_offsets.h - building the byte offsets of advanced indexing on the indexed tensor's
 * device (internal to the op layer; dispatch/index.c is the user).
 *
 * An offsets tensor (int64, C-contiguous, on the device) starts at a base offset everywhere;
 * each index term adds index * stride, the index tensor broadcast into the offsets' shape with
 * its last axis at a given position. The terms run as INDEX_OFFSETS kernels (index_kernels.h)
 * that validate every index and report a bad one through a result word; the word is read once,
 * by offsets_finish, before the offsets are used. The host never reads an index value.
 */
#ifndef PADDLE_C_DISPATCH_INDEX_OFFSETS_H
#define PADDLE_C_DISPATCH_INDEX_OFFSETS_H

#include "paddle_c/backend.h"
#include "paddle_c/tensor.h"

#define PC_OFFSETS_MAX_TERMS (2 * PC_MAX_NDIM + 2)

typedef struct offsets_term_info {
    int axis;           /* x's axis, for the message; -1: a term that cannot fail */
    int64_t len;
    bool is_unsigned;
} offsets_term_info;

typedef struct offsets_build {
    pc_tensor *offsets;         /* owned until offsets_take */
    pc_device dev;
    pc_result_word *word;       /* `taken`, or &host on the CPU */
    pc_result_word *taken;      /* the word taken for this build (a device's), given back by
                                   offsets_finish or offsets_free */
    pc_result_word host;
    int nterms;
    offsets_term_info terms[PC_OFFSETS_MAX_TERMS];
} offsets_build;

/* The IndexError of an index outside [-len, len) of x's `axis`, given as its 64 bits: an
 * unsigned index above INT64_MAX is named as such (without axis and size: no axis has that
 * many elements), any other with its axis and size. The one message every indexing path and
 * device gives. */
pc_status pc_index_out_of_bounds(bool is_unsigned, uint64_t bits, int axis, int64_t len);

/* Start: offsets of (ndim, shape) on `dev`, all `base`; takes a result word on a device. On
 * failure too, offsets_free releases what was taken. */
pc_status offsets_begin(offsets_build *b, pc_device dev, int ndim, const int64_t *shape,
                        int64_t base);

/* offsets += w * stride, w the index of `idx` (any integer dtype, on the offsets' device: the
 * dispatcher refuses another) normalised against `len`, with idx's axes right-aligned to end at
 * axis `end` of the offsets (extents of 1 broadcast). `axis` names x's axis in the message of a
 * bad index. */
pc_status offsets_add_index(offsets_build *b, const pc_tensor *idx, int end, int64_t len,
                            int64_t stride, int axis);

/* offsets += k * stride along axis `at` of the offsets (k = 0 .. extent - 1): the coordinate
 * of an axis the index leaves alone. */
pc_status offsets_add_axis(offsets_build *b, int at, int64_t stride);

/* Read the word once: PC_OK, or PC_ERR_INDEX naming a bad index (the offsets are then not to
 * be used). */
pc_status offsets_finish(offsets_build *b);

/* The offsets (ownership passes to the caller); NULL after an error. */
pc_tensor *offsets_take(offsets_build *b);

/* Free what the build still owns (after an error). */
void offsets_free(offsets_build *b);

#endif
