/*
 * ew_binary_loop.h - the 1-D loop of a binary elementwise kernel for dtype PCK_N (a template:
 * included once per op and dtype, no include guard).
 *
 * The includer defines
 *   EW_NAME           the op's base name; the loop is <EW_NAME>_<dtype>
 * and an element function ew_<EW_NAME>_<dtype>(a, b) that takes two compute values (PCK_CT)
 * and returns the result in compute form. Optionally
 *   EW_OUT_T          the output's storage type (default PCK_T)
 *   EW_OUT_STORE(v)   result -> output storage (default PCK_STORE(v))
 * All parameters are undefined at the end.
 *
 * Fast paths (contiguous output): both inputs contiguous, or one of them a broadcast scalar
 * (stride 0) loaded once; each is a plain indexed loop the compiler vectorises. Everything else
 * takes the strided loop.
 *
 * [Why no restrict] The output may be exactly one of the inputs (x += y, out= an input, x += x):
 * the dispatcher (dispatch/elementwise.c, prepare_destination) lets an input either be the very
 * elements of the output or not overlap it at all (it copies a partly overlapping input first).
 * `restrict` would promise the compiler that the output never aliases an input, which the
 * in-place forms break (undefined behaviour in C11). Without it the compiler vectorises the loops
 * behind a run-time overlap test; an output equal to an input (distance 0) is correct in either
 * version, as every element is read before it is written.
 */
#ifndef EW_OUT_T
#define EW_OUT_T PCK_T
#endif
#ifndef EW_OUT_STORE
#define EW_OUT_STORE(v) PCK_STORE(v)
#endif
#define EW_ELEM PCK_CAT4(ew_, EW_NAME, _, PCK_N)

static int PCK_CAT3(EW_NAME, _, PCK_N)(const pc_loop_ctx *ctx, char *const *data, int64_t n,
                                       const int64_t *s)
{
    (void)ctx;
    const int64_t is = (int64_t)sizeof(PCK_T);
    if (s[2] == (int64_t)sizeof(EW_OUT_T)) {
        EW_OUT_T *out = (EW_OUT_T *)data[2];
        if (s[0] == is && s[1] == is) {
            const PCK_T *a = (const PCK_T *)data[0];
            const PCK_T *b = (const PCK_T *)data[1];
            for (int64_t i = 0; i < n; i++) {
                out[i] = EW_OUT_STORE(EW_ELEM(PCK_LOAD(a[i]), PCK_LOAD(b[i])));
            }
            return 0;
        }
        if (s[0] == 0 && s[1] == is) {
            const PCK_CT av = PCK_LOAD(*(const PCK_T *)data[0]);
            const PCK_T *b = (const PCK_T *)data[1];
            for (int64_t i = 0; i < n; i++) {
                out[i] = EW_OUT_STORE(EW_ELEM(av, PCK_LOAD(b[i])));
            }
            return 0;
        }
        if (s[0] == is && s[1] == 0) {
            const PCK_T *a = (const PCK_T *)data[0];
            const PCK_CT bv = PCK_LOAD(*(const PCK_T *)data[1]);
            for (int64_t i = 0; i < n; i++) {
                out[i] = EW_OUT_STORE(EW_ELEM(PCK_LOAD(a[i]), bv));
            }
            return 0;
        }
    }
    for (int64_t i = 0; i < n; i++) {
        PCK_AT(EW_OUT_T, data[2], i, s[2]) =
            EW_OUT_STORE(EW_ELEM(PCK_LOAD(PCK_AT(const PCK_T, data[0], i, s[0])),
                                 PCK_LOAD(PCK_AT(const PCK_T, data[1], i, s[1]))));
    }
    return 0;
}

#undef EW_ELEM
#undef EW_NAME
#undef EW_OUT_T
#undef EW_OUT_STORE
