/*
 * vecops_elem.h - the element steps of vecdot and cross for dtype PCK_N (every dtype but bool),
 * shared by the CPU loops (cpu/vecops_impl.h) and the GPU kernels (cuda/ew_steps_body.cuh);
 * no include guard. Each target keeps its own loop over the vector:
 *
 *   ew_vecacc_<dtype>                     the accumulator type: integers wrap in EW_WT (as
 *                                         wide as the dtype, unsigned), float16/bfloat16 sum in
 *                                         float32, the others in their own type
 *   ew_vecdot_step_<dtype>(acc, a, b)     acc + conj(a) * b (a, b storage values)
 *   ew_vecdot_end_<dtype>(acc)            the accumulator rounded to the dtype
 *   ew_cross_<dtype>(a1, b2, a2, b1)      a1 * b2 - a2 * b1, one component of a x b
 *
 * Complex products use the textbook formula (as BLAS's dotc, which the CPU calls for long
 * vectors), so a result does not depend on the vector's length or the backend's complex
 * library.
 */
#include "elem_math.h"

#if PCK_K != PCK_KB

#if PCK_K == PCK_KI || PCK_K == PCK_KU
typedef EW_WT PCK_FN(ew_vecacc);
#define EW_VLOAD(x) ((EW_WT)(x))
#define EW_VSTORE(v) ((PCK_T)(v))
#else
typedef PCK_CT PCK_FN(ew_vecacc);
#define EW_VLOAD(x) PCK_LOAD(x)
#define EW_VSTORE(v) PCK_STORE(v)
#endif

PC_ELEM PCK_FN(ew_vecacc) PCK_FN(ew_vecdot_step)(PCK_FN(ew_vecacc) acc, PCK_T a, PCK_T b)
{
#if PCK_K == PCK_KC
    const PCK_CT x = PCK_LOAD(a), y = PCK_LOAD(b);
    const PCK_RT xr = EW_RE(x), xi = EW_IM(x), yr = EW_RE(y), yi = EW_IM(y);
    return EW_CX(EW_RE(acc) + (xr * yr + xi * yi), EW_IM(acc) + (xr * yi - xi * yr));
#else
    return acc + EW_VLOAD(a) * EW_VLOAD(b);
#endif
}

PC_ELEM PCK_T PCK_FN(ew_vecdot_end)(PCK_FN(ew_vecacc) acc) { return EW_VSTORE(acc); }

PC_ELEM PCK_T PCK_FN(ew_cross)(PCK_T a1, PCK_T b2, PCK_T a2, PCK_T b1)
{
#if PCK_K == PCK_KC
    const PCK_CT p = PCK_LOAD(a1), q = PCK_LOAD(b2), r = PCK_LOAD(a2), s = PCK_LOAD(b1);
    const PCK_RT re = (EW_RE(p) * EW_RE(q) - EW_IM(p) * EW_IM(q)) -
                      (EW_RE(r) * EW_RE(s) - EW_IM(r) * EW_IM(s));
    const PCK_RT im = (EW_RE(p) * EW_IM(q) + EW_IM(p) * EW_RE(q)) -
                      (EW_RE(r) * EW_IM(s) + EW_IM(r) * EW_RE(s));
    return PCK_STORE(EW_CX(re, im));
#else
    return EW_VSTORE(EW_VLOAD(a1) * EW_VLOAD(b2) - EW_VLOAD(a2) * EW_VLOAD(b1));
#endif
}

#undef EW_VLOAD
#undef EW_VSTORE
#endif
