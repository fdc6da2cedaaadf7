/*
 * reduction_args.h - argument helpers shared by the reduction, searching, sorting and set
 * functions' Python layer (reduction_args.c).
 */
#ifndef PADDLE_C_PY_REDUCTION_ARGS_H
#define PADDLE_C_PY_REDUCTION_ARGS_H

#include "pcpy.h"

/* axis=: None or absent (all axes: *naxes = -1), an integer, or a tuple/list of integers
 * (bools are refused). The values are checked against ndim by the core. 0 or -1. */
int pcpy_axes_arg(PyObject *obj, const char *fname, int *axes, int *naxes);

/* correction=: an int or float (not bool); absent gives 0. 0 or -1. */
int pcpy_correction_arg(PyObject *obj, double *out);

/* An integer axis argument that must be present (sort's axis=-1 default is applied by the
 * caller for NULL). 0 or -1. */
int pcpy_axis_arg(PyObject *obj, const char *fname, int dflt, int *out);

#endif
