/*
 * storage.h - reference-counted memory that tensors view.
 *
 * A storage owns (or borrows) one buffer on one device. Views share a storage; a storage frees
 * its memory when the last reference goes. Memory borrowed from another object (a NumPy array,
 * a DLPack producer) carries a `release` hook and its `owner`; the hook runs exactly once, when
 * the count reaches zero.
 *
 * Ownership rules: pc_storage_new/pc_storage_wrap return a new reference (count 1). Every
 * pc_storage_incref must be matched by a pc_storage_decref. The count is atomic, so references
 * may be dropped from any thread.
 */
#ifndef PADDLE_C_STORAGE_H
#define PADDLE_C_STORAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "backend.h"
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pc_storage pc_storage;
typedef void (*pc_storage_release_fn)(pc_storage *storage);

struct pc_storage {
    int64_t refcount;
    void *data;                     /* first byte of the buffer (may be NULL when nbytes == 0) */
    int64_t nbytes;
    pc_device device;
    bool readonly;
    pc_storage_release_fn release;  /* frees `data` for borrowed memory; NULL for our own */
    void *owner;                    /* the release hook's context (e.g. a PyObject *) */
    int64_t version;                /* in-place writes through the Python layer (autograd) */
};

/* Allocate `nbytes` of uninitialised (or zeroed) memory on `device`. */
pc_status pc_storage_new(pc_device device, int64_t nbytes, bool zeroed, pc_storage **out);

/* Borrow `data`: `release(storage)` runs when the last reference goes (may be NULL). */
pc_status pc_storage_wrap(pc_device device, void *data, int64_t nbytes, bool readonly,
                          pc_storage_release_fn release, void *owner, pc_storage **out);

void pc_storage_incref(pc_storage *s);
void pc_storage_decref(pc_storage *s);

#ifdef __cplusplus
}
#endif
#endif
