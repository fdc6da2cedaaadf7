/*
 * random.cl - the OpenCL plug-in's RANDOM kernel (plugin.h: "random") for dtype PCK_N: one
 * work-item per Philox block around the streams of kernels/common/random_elem.h, the file the
 * CPU's and the GPU's RANDOM kernels compile, so that a seed gives the CPU's values bit for
 * bit. The floating dtypes draw every kind but INTEGERS, the integer dtypes draw INTEGERS
 * (prims.c registers exactly these). The last text of program.cl.
 *
 * [Why FP_CONTRACT OFF] The transforms of random_elem.h use only operations IEEE 754 rounds
 * exactly; contracting a*b + c into a fused multiply-add would change last bits against the
 * CPU (compiled with -ffp-contract=off) and the GPU (-fmad=false). The pragma holds for
 * random_elem.h's functions and this kernel; DEFAULT gives the text after it (the casts
 * program.c appends) the compiler's usual state back.
 */
#pragma OPENCL FP_CONTRACT OFF
#include "random_elem.h"

#if PCK_K == PCK_KF || PCK_K == PCK_KI || PCK_K == PCK_KU
/* out (C-contiguous, n elements) and, for POISSON, the rates (out's dtype and layout); the
 * fields of pc_random_params one by one (a struct argument's layout is the compiler's). */
__kernel void k_random(__global uchar *po, long ob, __global uchar *pr, long rb, long n,
                       ulong seed, ulong offset, int kind, int bits, double a, double b,
                       long lo, ulong range)
{
    pc_random_params p;
    p.seed = seed;
    p.offset = offset;
    p.kind = kind;
    p.bits = bits;
    p.a = a;
    p.b = b;
    p.lo = lo;
    p.range = range;
    const ulong per = pc_random_per_block(&p);
    const ulong first = offset / per;
    const long blocks = (long)((offset + (ulong)n - 1) / per - first + 1);
    const long k = get_global_id(0);
    if (k >= blocks) {
        return;
    }
    const ulong block = first + (ulong)k;
    const pc_philox4 words = pc_random_block(&p, block);
    __global PCL_T *out = (__global PCL_T *)(po + ob);
    for (ulong e = block * per; e < block * per + per; e++) {
        if (e < offset || e >= offset + (ulong)n) {
            continue;
        }
        const long i = (long)(e - offset);
#if PCK_K == PCK_KF
        const double rate = kind == PC_RANDOM_POISSON
                                ? (double)PCK_LOAD(((__global const PCL_T *)(pr + rb))[i])
                                : 0.0;
        out[i] = PCK_FROMD(pc_random_real(&p, words, e, rate));
#else
        out[i] = (PCL_T)pc_random_integer(&p, words, e);
#endif
    }
}
#endif
#pragma OPENCL FP_CONTRACT DEFAULT
