/*
 * dlpack.c - DLPack managed tensors <-> paddle_c tensors (see dlpack.h), without Python.
 *
 * Export: one block holds the managed struct, our storage reference, the consumer's stream and
 * the shape and element strides the DLTensor points to. Import: the producer's memory is wrapped
 * in a borrowed storage whose release hook calls the producer's deleter.
 *
 * Invariants: a DLTensor we fill always has non-NULL shape and strides (DLPack 1.2 forbids NULL
 * strides for ndim > 0; for ndim == 0 they point at an empty array); `data` is the address of
 * the first element and `byte_offset` is 0, which every consumer handles, including those that
 * ignore byte_offset.
 */
#include <stdlib.h>
#include <string.h>

#include "interop/bools.h"
#include "interop/dlpack.h"
#include "paddle_c/ops.h"

/* ---- dtypes and devices ------------------------------------------------------------------ */

DLDataType pc_dlpack_dtype_of(pc_dtype dtype)
{
    const pc_dtype_info *info = pc_dtype_get_info(dtype);
    DLDataType dt = {(uint8_t)info->dlpack_code, (uint8_t)(8 * info->itemsize), 1};
    return dt;
}

pc_status pc_dlpack_dtype_from(DLDataType dt, pc_dtype *out)
{
    if (dt.lanes == 1) {
        for (int d = 0; d < (int)PC_NUM_DTYPES; d++) {
            const pc_dtype_info *info = pc_dtype_get_info((pc_dtype)d);
            if (info->dlpack_code == (int)dt.code && 8 * info->itemsize == (int)dt.bits) {
                *out = (pc_dtype)d;
                return PC_OK;
            }
        }
    }
    return pc_error_set(PC_ERR_BUFFER, "DLPack data type (code %u, bits %u, lanes %u) has no "
                        "paddle_c dtype", (unsigned)dt.code, (unsigned)dt.bits,
                        (unsigned)dt.lanes);
}

DLDevice pc_dlpack_device_of(pc_device device)
{
    DLDevice d = {(DLDeviceType)pc_device_dlpack_type((pc_device_type)device.type),
                  device.index};
    return d;
}

pc_status pc_dlpack_device_from(DLDevice device, pc_device *out)
{
    pc_device dev = {PC_DEVICE_CPU, 0};
    switch ((int)device.device_type) {
    case kDLCPU:
    case kDLCUDAHost:
    case kDLROCMHost:
    case kDLCUDAManaged:
        break; /* host-accessible memory */
    case kDLCUDA:
        dev.type = PC_DEVICE_CUDA;
        dev.index = device.device_id;
        break;
    case kDLROCM:
        dev.type = PC_DEVICE_ROCM;
        dev.index = device.device_id;
        break;
    case kDLOpenCL:
        /* OpenCL memory is the OpenCL plug-in's xpu memory when that plug-in is loaded */
        dev.type = pc_device_dlpack_type(PC_DEVICE_CUSTOM) == kDLOpenCL ? PC_DEVICE_CUSTOM
                                                                        : PC_DEVICE_OPENCL;
        dev.index = device.device_id;
        break;
    case kDLVPI: /* the test device hostdev (pc_device_dlpack_type) */
        dev.type = PC_DEVICE_HOSTDEV;
        dev.index = device.device_id;
        break;
    case kDLExtDev:
        dev.type = PC_DEVICE_CUSTOM;
        dev.index = device.device_id;
        break;
    default:
        return pc_error_set(PC_ERR_BUFFER, "DLPack device type %d is not supported by paddle_c",
                            (int)device.device_type);
    }
    if (pc_device_check(dev) != PC_OK) {
        return pc_error_set(PC_ERR_BUFFER, "DLPack device (%d, %d) is not available in this "
                            "build of paddle_c", (int)device.device_type,
                            (int)device.device_id);
    }
    *out = dev;
    return PC_OK;
}

pc_status pc_dlpack_synchronize(pc_device device)
{
    if (device.type == PC_DEVICE_CPU) {
        return PC_OK;
    }
    return pc_device_synchronize(device);
}

void *pc_dlpack_work_stream(pc_device device)
{
    const pc_backend *b = pc_backend_get((pc_device_type)device.type);
    return b != NULL && b->stream != NULL ? b->stream(b, device.index) : NULL;
}

/* ---- export ------------------------------------------------------------------------------ */

/* [Why one block] The consumer receives a pointer to `m` and hands it back to the deleter; the
 * deleter recovers the block from it (the union is the first member) and frees everything with
 * one call. */
typedef struct export_block {
    union {
        DLManagedTensorVersioned versioned;
        DLManagedTensor legacy;
    } m;
    pc_storage *storage;    /* owned reference */
    void *consumer_stream;  /* the consumer's stream (DLPack's encoding), or NULL */
    int64_t dims[];         /* shape, then element strides (ndim each) */
} export_block;

/* [Why the release waits for the consumer's stream] A consumer calls the deleter as soon as its
 * host side is done with the tensor, while its kernels reading the memory may still be queued
 * on its own stream. The last reference frees the memory stream-ordered on OUR stream, and the
 * pool may hand it out again at once: without this wait a later kernel of ours could overwrite
 * it before the consumer's kernels read it. The wait is queued on the device by the backend's
 * wait_external_stream slot (none for a backend without streams), the host does not block; its
 * failure (the runtime shutting down) is ignored. */
static void release_block(export_block *b)
{
    if (b->consumer_stream != NULL) {
        (void)pc_device_wait_external_stream(b->storage->device, b->consumer_stream);
    }
    pc_storage_decref(b->storage);
    free(b);
}

static void delete_versioned(DLManagedTensorVersioned *self) { release_block((export_block *)self); }

static void delete_legacy(DLManagedTensor *self) { release_block((export_block *)self); }

/* A block viewing `t`, with its DLTensor filled in. */
static pc_status new_block(const pc_tensor *t, void *consumer_stream, export_block **out)
{
    const int ndim = t->ndim;
    const int64_t item = pc_dtype_itemsize(t->dtype);
    export_block *b = calloc(1, sizeof *b + 2 * (size_t)ndim * sizeof(int64_t));
    if (b == NULL) {
        return pc_error_set(PC_ERR_MEMORY, "cannot allocate a DLPack managed tensor");
    }
    int64_t *shape = b->dims;
    int64_t *strides = b->dims + ndim;
    for (int i = 0; i < ndim; i++) {
        shape[i] = t->shape[i];
        if (t->strides[i] % item == 0) {
            strides[i] = t->strides[i] / item;
        } else if (t->shape[i] <= 1) {
            strides[i] = 1; /* the step of a dimension of one element is never taken */
        } else {
            free(b);
            return pc_error_set(PC_ERR_BUFFER, "DLPack cannot describe a byte stride (%lld) "
                                "that is not a multiple of the item size (%lld); copy the "
                                "tensor first", (long long)t->strides[i], (long long)item);
        }
    }
    b->storage = t->storage;
    b->consumer_stream = consumer_stream;
    pc_storage_incref(t->storage);
    *out = b;
    return PC_OK;
}

static void fill_dltensor(const pc_tensor *t, export_block *b, DLTensor *dl)
{
    dl->data = t->data;
    dl->device = pc_dlpack_device_of(pc_tensor_device(t));
    dl->ndim = t->ndim;
    dl->dtype = pc_dlpack_dtype_of(t->dtype);
    dl->shape = b->dims;
    dl->strides = b->dims + t->ndim;
    dl->byte_offset = 0;
}

pc_status pc_dlpack_export_versioned(const pc_tensor *t, uint64_t flags, void *consumer_stream,
                                     DLManagedTensorVersioned **out)
{
    export_block *b;
    pc_status st = new_block(t, consumer_stream, &b);
    if (st != PC_OK) {
        return st;
    }
    DLManagedTensorVersioned *m = &b->m.versioned;
    m->version.major = DLPACK_MAJOR_VERSION;
    m->version.minor = DLPACK_MINOR_VERSION;
    m->manager_ctx = b;
    m->deleter = delete_versioned;
    m->flags = flags;
    fill_dltensor(t, b, &m->dl_tensor);
    *out = m;
    return PC_OK;
}

pc_status pc_dlpack_export_legacy(const pc_tensor *t, void *consumer_stream,
                                  DLManagedTensor **out)
{
    export_block *b;
    pc_status st = new_block(t, consumer_stream, &b);
    if (st != PC_OK) {
        return st;
    }
    DLManagedTensor *m = &b->m.legacy;
    m->manager_ctx = b;
    m->deleter = delete_legacy;
    fill_dltensor(t, b, &m->dl_tensor);
    *out = m;
    return PC_OK;
}

pc_status pc_dlpack_allocate(const DLTensor *prototype, DLManagedTensorVersioned **out)
{
    if (prototype == NULL || prototype->ndim < 0 || prototype->ndim > PC_MAX_NDIM ||
        (prototype->ndim > 0 && prototype->shape == NULL)) {
        return pc_error_set(PC_ERR_VALUE, "the prototype DLTensor needs 0 to %d dimensions and "
                            "a shape", PC_MAX_NDIM);
    }
    pc_dtype dtype;
    pc_device device;
    pc_status st = pc_dlpack_dtype_from(prototype->dtype, &dtype);
    if (st == PC_OK) {
        st = pc_dlpack_device_from(prototype->device, &device);
    }
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *t;
    st = pc_tensor_empty(prototype->ndim, prototype->shape, dtype, device, &t);
    if (st != PC_OK) {
        return st;
    }
    st = pc_dlpack_export_versioned(t, 0, NULL, out);
    pc_tensor_free(t); /* the managed tensor holds its own storage reference */
    return st;
}

/* ---- import ------------------------------------------------------------------------------ */

static void release_versioned(pc_storage *s)
{
    DLManagedTensorVersioned *m = (DLManagedTensorVersioned *)s->owner;
    if (m->deleter != NULL) {
        m->deleter(m);
    }
}

static void release_legacy(pc_storage *s)
{
    DLManagedTensor *m = (DLManagedTensor *)s->owner;
    if (m->deleter != NULL) {
        m->deleter(m);
    }
}

/* The alignment the kernels need for `dtype`: the item size, half of it for complex. */
static int64_t element_alignment(pc_dtype dtype)
{
    const int64_t item = pc_dtype_itemsize(dtype);
    return pc_dtype_kind(dtype) == PC_KIND_COMPLEX ? item / 2 : item;
}

/* Copy the strided elements at `src` into the C-contiguous tensor `dst` (host memory). */
static void copy_elements(pc_tensor *dst, const char *src, const int64_t *strides)
{
    const int ndim = dst->ndim;
    const size_t item = (size_t)pc_dtype_itemsize(dst->dtype);
    int64_t idx[PC_MAX_NDIM] = {0};
    const char *p = src;
    for (int64_t k = 0; k < dst->size; k++) {
        memcpy(dst->data + (size_t)k * item, p, item);
        for (int i = ndim - 1; i >= 0; i--) {
            if (++idx[i] < dst->shape[i]) {
                p += strides[i];
                break;
            }
            p -= (idx[i] - 1) * strides[i];
            idx[i] = 0;
        }
    }
}

/* The tensor viewing `dl`. On success with *borrowed set, the storage owns `owner` through
 * `release`; otherwise the result owns fresh memory and the caller releases the producer. */
static pc_status import_dltensor(const DLTensor *dl, bool readonly, bool allow_copy,
                                 pc_storage_release_fn release, void *owner, pc_tensor **out,
                                 bool *borrowed)
{
    *borrowed = false;
    pc_dtype dtype;
    pc_device device;
    pc_status st = pc_dlpack_dtype_from(dl->dtype, &dtype);
    if (st == PC_OK) {
        st = pc_dlpack_device_from(dl->device, &device);
    }
    if (st != PC_OK) {
        return st;
    }
    const int ndim = dl->ndim;
    if (ndim < 0 || ndim > PC_MAX_NDIM || (ndim > 0 && dl->shape == NULL)) {
        return pc_error_set(PC_ERR_BUFFER, "DLPack tensor with %d dimensions (paddle_c takes 0 "
                            "to %d, with a shape)", ndim, PC_MAX_NDIM);
    }
    const int64_t item = pc_dtype_itemsize(dtype);
    int64_t size;
    st = pc_shape_size(ndim, dl->shape, (int)item, &size);
    if (st != PC_OK) {
        return st;
    }
    int64_t strides[PC_MAX_NDIM];
    if (dl->strides == NULL) {
        pc_shape_c_strides(ndim, dl->shape, (int)item, strides);
    } else {
        for (int i = 0; i < ndim; i++) {
            if (__builtin_mul_overflow(dl->strides[i], item, &strides[i])) {
                return pc_error_set(PC_ERR_BUFFER, "DLPack stride %lld overflows",
                                    (long long)dl->strides[i]);
            }
        }
    }
    if (size == 0) {
        st = pc_tensor_empty(ndim, dl->shape, dtype, device, out);
        if (st == PC_OK && readonly) {
            (*out)->storage->readonly = true;
            pc_tensor_update_flags(*out);
        }
        return st;
    }
    /* the lowest and highest byte offsets of an element, relative to the first element */
    int64_t lo = 0;
    int64_t hi = 0;
    for (int i = 0; i < ndim; i++) {
        int64_t span;
        bool overflow = __builtin_mul_overflow(dl->shape[i] - 1, strides[i], &span);
        if (!overflow && span < 0) {
            overflow = __builtin_add_overflow(lo, span, &lo);
        } else if (!overflow) {
            overflow = __builtin_add_overflow(hi, span, &hi);
        }
        if (overflow) {
            return pc_error_set(PC_ERR_BUFFER, "the DLPack tensor's extent overflows");
        }
    }
    /* [Why the address arithmetic is checked] data, byte_offset and the strides come from
     * another library (or a hand-made capsule): the bytes from first + lo to first + hi + item
     * must be an address range that exists before any pointer is formed from them. */
    if (dl->data == NULL) {
        return pc_error_set(PC_ERR_BUFFER, "the DLPack tensor has %lld elements but NULL data",
                            (long long)size);
    }
    int64_t nbytes;
    uintptr_t addr;
    uintptr_t end;
    const uintptr_t below = (uintptr_t)0 - (uintptr_t)lo; /* lo <= 0 */
    if (dl->byte_offset > (uint64_t)INT64_MAX || __builtin_sub_overflow(hi, lo, &nbytes) ||
        __builtin_add_overflow(nbytes, item, &nbytes) ||
        __builtin_add_overflow((uintptr_t)dl->data, (uintptr_t)dl->byte_offset, &addr) ||
        addr < below || __builtin_add_overflow(addr - below, (uintptr_t)nbytes, &end)) {
        return pc_error_set(PC_ERR_BUFFER, "the DLPack tensor's data pointer, byte_offset "
                            "(%llu) and extent do not describe an address range",
                            (unsigned long long)dl->byte_offset);
    }
    char *first = (char *)addr;
    pc_tensor *fixed = NULL; /* bool data normalised to 0 and 1 (interop/bools.h) */
    const int64_t align = element_alignment(dtype);
    bool aligned = (uintptr_t)first % (uintptr_t)align == 0;
    for (int i = 0; i < ndim; i++) {
        aligned = aligned && (dl->shape[i] <= 1 || strides[i] % align == 0);
    }
    if (!aligned) {
        if (!allow_copy || device.type != PC_DEVICE_CPU) {
            return pc_error_set(PC_ERR_BUFFER, "the DLPack tensor's data is not aligned to its "
                                "%s elements; a copy is needed", pc_dtype_name(dtype));
        }
        st = pc_tensor_empty(ndim, dl->shape, dtype, device, out);
        if (st == PC_OK) {
            copy_elements(*out, first, strides);
            st = pc_bools_imported(*out, true, &fixed);
        }
        if (fixed != NULL) {
            pc_tensor_free(*out);
            *out = fixed;
        }
        return st;
    }
    for (int i = 0; i < ndim; i++) {
        if (dl->shape[i] <= 1) {
            strides[i] = 0; /* never stepped; keeps the extent check simple */
        }
    }
    pc_storage *s;
    st = pc_storage_wrap(device, first + lo, nbytes, readonly, release, owner, &s);
    if (st != PC_OK) {
        return st;
    }
    pc_tensor *view = NULL;
    st = pc_tensor_view_new(s, dtype, -lo, ndim, dl->shape, strides, &view);
    if (st == PC_OK) {
        st = pc_bools_imported(view, allow_copy, &fixed);
    }
    if (st == PC_OK && fixed == NULL) {
        *out = view;
        *borrowed = true;
    } else {
        /* the caller keeps the producer: on failure, and when the bools had to be copied */
        s->release = NULL;
        pc_tensor_free(view);
        if (st == PC_OK) {
            *out = fixed;
        }
    }
    pc_storage_decref(s);
    return st;
}

pc_status pc_dlpack_import_versioned(DLManagedTensorVersioned *managed, bool allow_copy,
                                     pc_tensor **out, bool *copied)
{
    if (managed->version.major != DLPACK_MAJOR_VERSION) {
        return pc_error_set(PC_ERR_BUFFER, "DLPack version %u.%u is not supported (paddle_c "
                            "reads %d.x)", (unsigned)managed->version.major,
                            (unsigned)managed->version.minor, DLPACK_MAJOR_VERSION);
    }
    if (managed->flags & DLPACK_FLAG_BITMASK_IS_SUBBYTE_TYPE_PADDED) {
        return pc_error_set(PC_ERR_BUFFER, "padded sub-byte DLPack types are not supported");
    }
    const bool readonly = (managed->flags & DLPACK_FLAG_BITMASK_READ_ONLY) != 0;
    bool borrowed;
    pc_status st = import_dltensor(&managed->dl_tensor, readonly, allow_copy, release_versioned,
                                   managed, out, &borrowed);
    if (st == PC_OK && !borrowed && managed->deleter != NULL) {
        managed->deleter(managed);
    }
    if (copied != NULL) {
        *copied = st == PC_OK && !borrowed;
    }
    return st;
}

pc_status pc_dlpack_import_legacy(DLManagedTensor *managed, bool allow_copy, pc_tensor **out,
                                  bool *copied)
{
    bool borrowed;
    pc_status st = import_dltensor(&managed->dl_tensor, false, allow_copy, release_legacy,
                                   managed, out, &borrowed);
    if (st == PC_OK && !borrowed && managed->deleter != NULL) {
        managed->deleter(managed);
    }
    if (copied != NULL) {
        *copied = st == PC_OK && !borrowed;
    }
    return st;
}
