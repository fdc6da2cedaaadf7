/*
 * diff_elem.h - one step of diff for dtype PCK_N on storage values: ew_diff_<dtype>(a, b) is
 * a - b. Integers wrap; bool gives a != b (as NumPy); float16/bfloat16 subtract in float and
 * round once. Shared by the CPU loop (cpu/diff_impl.h) and the GPU kernel (cuda/ew_steps.cu);
 * no include guard.
 */
PC_ELEM PCK_T PCK_FN(ew_diff)(PCK_T a, PCK_T b)
{
#if PCK_K == PCK_KB
    return a != b;
#elif PCK_K == PCK_KI || PCK_K == PCK_KU
    return (PCK_T)((uint64_t)a - (uint64_t)b);
#else
    return PCK_STORE(PCK_LOAD(a) - PCK_LOAD(b));
#endif
}
