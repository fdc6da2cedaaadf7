/*
 * pc.h - the umbrella header of the paddle_c C library. Pure C, no Python: a C program can
 * create, view, cast and compute on tensors with these headers alone.
 */
#ifndef PADDLE_C_PC_H
#define PADDLE_C_PC_H

#include "status.h"
#include "dtype.h"
#include "half.h"
#include "backend.h"
#include "storage.h"
#include "tensor.h"
#include "iter.h"
#include "parallel.h"
#include "ops.h"
#include "axis.h"
#include "elementwise.h"
#include "reduce.h"
#include "indexing.h"
#include "manipulation.h"
#include "linalg.h"
#include "fft.h"
#include "random.h"

#define PC_VERSION_MAJOR 0
#define PC_VERSION_MINOR 1
#define PC_VERSION_PATCH 0

#endif
