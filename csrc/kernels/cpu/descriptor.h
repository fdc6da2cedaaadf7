/*
 * descriptor.h - stack descriptors that let the strided iterator walk views the kernels make
 * up (x without its reduced axis, a private accumulator block) without allocating tensors.
 *
 * [Why a tensor descriptor without its own storage] The iterator reads ndim, shape, strides,
 * data and the device (through the storage); a descriptor borrows the storage of the real
 * tensor it is derived from (`like`), takes no reference and is never freed. It must not
 * outlive `like` and is never handed to anything but the iterator.
 */
#ifndef PADDLE_C_KERNELS_CPU_DESCRIPTOR_H
#define PADDLE_C_KERNELS_CPU_DESCRIPTOR_H

#include <string.h>

#include "paddle_c/tensor.h"

static inline void pc_cpu_descriptor(pc_tensor *d, const pc_tensor *like, int ndim,
                                     int64_t *shape, int64_t *strides, char *data)
{
    memset(d, 0, sizeof *d);
    d->storage = like->storage;
    d->ndim = ndim;
    d->shape = shape;
    d->strides = strides;
    d->data = data;
    d->dtype = PC_UINT8;
}

#endif
