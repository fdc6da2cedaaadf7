/*
 * tensor.h - the strided tensor: a view of a storage with a dtype, shape and byte strides.
 *
 * [Why strides are in bytes] As in NumPy and ggml: a view of any dtype, offset or step is
 * described without rescaling, and kernels add strides to char pointers. DLPack's element
 * strides are converted at the boundary (interop/).
 *
 * Ownership rules: a pc_tensor owns one reference to its storage and its own shape/strides
 * (allocated with the struct). Tensors are not reference counted: exactly one owner (a Python
 * Tensor object, or C code) calls pc_tensor_free(). Functions returning `pc_tensor **out` hand
 * over a new tensor.
 *
 * Invariants: 0 <= ndim <= PC_MAX_NDIM; shape[i] >= 0; size == prod(shape); data ==
 * storage->data + offset; every element addressed by the view lies inside the storage; flags
 * are computed by pc_tensor_update_flags() whenever shape or strides change.
 */
#ifndef PADDLE_C_TENSOR_H
#define PADDLE_C_TENSOR_H

#include <stdbool.h>
#include <stdint.h>

#include "backend.h"
#include "dtype.h"
#include "status.h"
#include "storage.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PC_MAX_NDIM 64

enum {
    PC_FLAG_C_CONTIGUOUS = 1u << 0,
    PC_FLAG_F_CONTIGUOUS = 1u << 1,
    PC_FLAG_READONLY = 1u << 2,
    /* a 0-D operand in host memory that a device kernel receives by value (a Python scalar
     * on a device, made by the elementwise driver for backends with
     * PC_BACKEND_CAP_SCALARS_BY_VALUE); pc_iter.by_value marks it for the launcher */
    PC_FLAG_BY_VALUE = 1u << 3
};

typedef struct pc_tensor {
    pc_storage *storage;    /* owned reference */
    char *data;             /* address of the element at index (0, ..., 0) */
    int64_t offset;         /* data - storage->data, in bytes */
    int64_t size;           /* number of elements */
    int64_t *shape;         /* ndim entries, inside dims[] */
    int64_t *strides;       /* ndim entries in bytes, inside dims[] */
    pc_dtype dtype;
    int32_t ndim;
    uint32_t flags;
    int64_t dims[];         /* shape then strides */
} pc_tensor;

/* A Python-style scalar for creation functions and tensor (+) scalar operations. `dtype` is the
 * representation: BOOL (v.b), INT64 (v.i), UINT64 (v.u, for values above INT64_MAX), FLOAT64
 * (v.f) or COMPLEX128 (v.c). */
typedef struct pc_scalar {
    pc_dtype dtype;
    union {
        bool b;
        int64_t i;
        uint64_t u;
        double f;
        struct {
            double re, im;
        } c;
    } v;
} pc_scalar;

static inline bool pc_tensor_is_c_contiguous(const pc_tensor *t)
{
    return (t->flags & PC_FLAG_C_CONTIGUOUS) != 0;
}

static inline pc_device pc_tensor_device(const pc_tensor *t) { return t->storage->device; }

/* Element count of a shape; PC_ERR_VALUE on negative extents or overflow of int64 (also of the
 * byte size for `itemsize` > 0). */
pc_status pc_shape_size(int ndim, const int64_t *shape, int itemsize, int64_t *size);

/* C-order (row-major) byte strides of a shape. */
void pc_shape_c_strides(int ndim, const int64_t *shape, int itemsize, int64_t *strides);

/* Broadcast two shapes (the standard's rules); PC_ERR_VALUE naming both shapes when they
 * do not broadcast. `out` has room for PC_MAX_NDIM entries. */
pc_status pc_shape_broadcast(int nda, const int64_t *a, int ndb, const int64_t *b, int *ndout,
                             int64_t *out);

/* Format a shape as "(2, 3)" into `buf` (always NUL-terminated). */
void pc_shape_format(int ndim, const int64_t *shape, char *buf, int buflen);

/* Allocate a tensor struct for `ndim` dims sharing `storage` (a new reference is taken) with the
 * given view. `strides` NULL means C-contiguous. Checks that the view fits the storage. */
pc_status pc_tensor_view_new(pc_storage *storage, pc_dtype dtype, int64_t offset, int ndim,
                             const int64_t *shape, const int64_t *strides, pc_tensor **out);

/* A new C-contiguous tensor with fresh memory (uninitialised, or zeroed). */
pc_status pc_tensor_empty(int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                          pc_tensor **out);
pc_status pc_tensor_zeros(int ndim, const int64_t *shape, pc_dtype dtype, pc_device device,
                          pc_tensor **out);

/* A new tensor with fresh memory laid out in the memory order of `like` (NumPy's order 'K'):
 * elementwise results of transposed inputs are then traversed contiguously. `like` may be NULL
 * or have fewer dimensions (it is right-aligned); the result is C-contiguous then. */
pc_status pc_tensor_empty_like_layout(int ndim, const int64_t *shape, pc_dtype dtype,
                                      pc_device device, int nlike, const pc_tensor *const *like,
                                      pc_tensor **out);

/* The byte range [lo, hi) of addresses the view touches (negative strides included). */
void pc_tensor_byte_extent(const pc_tensor *t, uintptr_t *lo, uintptr_t *hi);

/* Whether the byte ranges of a and b (both non-empty, on one device) meet: they may share
 * elements. Addresses, not storages: two tensors made from one NumPy buffer have different
 * storages. */
bool pc_tensor_extents_meet(const pc_tensor *a, const pc_tensor *b);

/* A view of `t` with new shape/strides/offset (same storage). */
pc_status pc_tensor_restride(const pc_tensor *t, int ndim, const int64_t *shape,
                             const int64_t *strides, int64_t offset, pc_tensor **out);

/* A view of `t` with the same everything (used for `copy=False` style aliasing). */
pc_status pc_tensor_alias(const pc_tensor *t, pc_tensor **out);

void pc_tensor_free(pc_tensor *t);

/* Recompute the contiguity flags (and READONLY from the storage). */
void pc_tensor_update_flags(pc_tensor *t);

/* Write a scalar converted to `dtype` at `dst` (host memory). PC_ERR_OVERFLOW when an integer
 * value does not fit an integer dtype; floats are rounded, complex to real drops nothing (an
 * imaginary part is an error: PC_ERR_TYPE). */
pc_status pc_scalar_store(const pc_scalar *s, pc_dtype dtype, void *dst);

/* Read the element at `src` (host memory) of `dtype` into a scalar (widest representation). */
void pc_scalar_load(pc_dtype dtype, const void *src, pc_scalar *out);

/* The kind of a scalar in promotion with a tensor (pc_promote_scalar): bool, int, float or
 * complex. */
pc_scalar_kind pc_scalar_kind_of(const pc_scalar *s);

/* The dtype of a lone scalar, as asarray gives it: bool, int64, float32 or complex64 (the
 * defaults of dtype.h). */
pc_dtype pc_scalar_default_dtype(const pc_scalar *s);

#ifdef __cplusplus
}
#endif
#endif
