/*
 * ew_unary_loop.h - the 1-D loop of a unary elementwise kernel for dtype PCK_N (a template:
 * included once per op and dtype, no include guard).
 *
 * The includer defines
 *   EW_NAME           the op's base name; the loop is <EW_NAME>_<dtype>
 * and an element function ew_<EW_NAME>_<dtype>(x) that takes a compute value (PCK_CT) and
 * returns the result in compute form. Optionally
 *   EW_OUT_T          the output's storage type (default PCK_T)
 *   EW_OUT_STORE(v)   result -> output storage (default PCK_STORE(v))
 *   EW_FALLBACK(v)    a predicate on a compute value: elements where it holds are computed by
 *                     ew_<EW_NAME>_slow_<dtype>(x) instead (a vectorised element function
 *                     with a limited domain, and the C library beyond it)
 * All parameters are undefined at the end.
 *
 * The contiguous path is a plain indexed loop, which the compiler vectorises when the element
 * function is branch-free. The output may be exactly the input (in-place forms, out= the input;
 * the dispatcher copies a partly overlapping input first), so the pointers are not `restrict`
 * (see ew_binary_loop.h, [Why no restrict]); every element is read before it is written.
 *
 * [Why fallbacks are decided per block] A branch per element would stop vectorisation. The
 * contiguous path first tests a block of EW_BLOCK elements (a vectorised OR), runs the vector
 * loop when no element needs the fallback and an element-by-element choice otherwise. The test
 * reads the input before anything is written, so in-place operation stays correct.
 */
#ifndef EW_OUT_T
#define EW_OUT_T PCK_T
#endif
#ifndef EW_OUT_STORE
#define EW_OUT_STORE(v) PCK_STORE(v)
#endif
#define EW_ELEM PCK_CAT4(ew_, EW_NAME, _, PCK_N)
#ifdef EW_FALLBACK
#define EW_SLOW PCK_CAT4(ew_, EW_NAME, _slow_, PCK_N)
#define EW_CHOOSE(v) (EW_FALLBACK(v) ? EW_SLOW(v) : EW_ELEM(v))
#ifndef EW_BLOCK
#define EW_BLOCK 256
#endif
#else
#define EW_CHOOSE(v) EW_ELEM(v)
#endif

static int PCK_CAT3(EW_NAME, _, PCK_N)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                       const int64_t *s)
{
    (void)ctx;
    if (s[0] == (int64_t)sizeof(PCK_T) && s[1] == (int64_t)sizeof(EW_OUT_T)) {
        const PCK_T *x = (const PCK_T *)data[0];
        EW_OUT_T *out = (EW_OUT_T *)data[1];
#ifdef EW_FALLBACK
        for (int64_t b = 0; b < n; b += EW_BLOCK) {
            const int64_t m = n - b < EW_BLOCK ? n - b : EW_BLOCK;
            int slow = 0;
            for (int64_t i = b; i < b + m; i++) {
                slow |= EW_FALLBACK(PCK_LOAD(x[i]));
            }
            if (slow) {
                for (int64_t i = b; i < b + m; i++) {
                    out[i] = EW_OUT_STORE(EW_CHOOSE(PCK_LOAD(x[i])));
                }
                continue;
            }
            for (int64_t i = b; i < b + m; i++) {
                out[i] = EW_OUT_STORE(EW_ELEM(PCK_LOAD(x[i])));
            }
        }
#else
        for (int64_t i = 0; i < n; i++) {
            out[i] = EW_OUT_STORE(EW_ELEM(PCK_LOAD(x[i])));
        }
#endif
        return 0;
    }
    for (int64_t i = 0; i < n; i++) {
        const PCK_CT v = PCK_LOAD(PCK_AT(const PCK_T, data[0], i, s[0]));
        PCK_AT(EW_OUT_T, data[1], i, s[1]) = EW_OUT_STORE(EW_CHOOSE(v));
    }
    return 0;
}

#undef EW_CHOOSE
#undef EW_SLOW
#undef EW_FALLBACK
#undef EW_ELEM
#undef EW_NAME
#undef EW_OUT_T
#undef EW_OUT_STORE
