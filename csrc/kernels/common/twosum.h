/*
 * twosum.h - compensated (TwoSum) accumulation in double precision, shared by the reduction
 * and scan kernels of every target (the CPU's loops, the CUDA/HIP engines).
 *
 * s + c carries the running sum with the rounding error of every addition recovered exactly
 * (Knuth's TwoSum, branch-free), so a long sum is as accurate as if it were computed in twice
 * the precision. Once s is infinite or NaN, c is meaningless (inf - inf) and is ignored.
 * Requires strict IEEE evaluation: never compile with -ffast-math / -fassociative-math (nor
 * nvcc's --use_fast_math).
 */
#ifndef PADDLE_C_KERNELS_COMMON_TWOSUM_H
#define PADDLE_C_KERNELS_COMMON_TWOSUM_H

#include "elem.h"

PC_ELEM void pc_twosum_add(double *s, double *c, double v)
{
    const double t = *s + v;
    const double bp = t - *s;
    *c += (*s - (t - bp)) + (v - bp);
    *s = t;
}

PC_ELEM double pc_twosum_get(double s, double c)
{
    return isfinite(s) ? s + c : s;
}

#endif
