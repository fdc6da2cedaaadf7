/*
 * bools.h - bool data in memory paddle_c did not write (buffer-protocol exporters, __array__,
 * DLPack producers, pickles), checked and normalised to the bytes 0 and 1. Without Python.
 *
 * Ownership rules: the input tensor is only read; a normalised result is a new tensor owned by
 * the caller.
 */
#ifndef PADDLE_C_INTEROP_BOOLS_H
#define PADDLE_C_INTEROP_BOOLS_H

#include <stdbool.h>

#include "paddle_c/tensor.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For a bool tensor `t` viewing foreign memory: *out = NULL when every element is the byte 0 or
 * 1 (or t is no bool tensor), so `t` can be used as it is; otherwise *out = a new bool tensor
 * of fresh memory holding t != 0, on t's device. A needed copy with `allow_copy` false is
 * PC_ERR_BUFFER. */
pc_status pc_bools_imported(const pc_tensor *t, bool allow_copy, pc_tensor **out);

#ifdef __cplusplus
}
#endif
#endif
