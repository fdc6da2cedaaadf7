/*
 * search_order.cuh - order<D> for the dtype PCK_N: the element order of kernels/common/
 * sort_key.h (included before this file for the same dtype) as the searching and set kernels
 * of search.cu use it. Included once per dtype through cpu/each_dtype.h, inside namespace pcu.
 * No include guard.
 *
 *   entry        what a search table holds: the unsigned key (real dtypes: equal keys are one
 *                value, except that every NaN has the same key) or the value itself (complex)
 *   enter(x)     x's table entry
 *   before(a, b) entry a sorts strictly before entry b (NaN last)
 *   hit(e, x)    the entry e is the value x (x not NaN): isin's equality
 *   isnan(x)     x is (or has a part that is) NaN
 *   same(a, b)   unique's and isin's "one value": not NaN, and equal with -0 == +0
 */
template <> struct order<PCK_ID> {
    using T = PCK_T;
#if PCK_K != PCK_KC
    using entry = uint64_t;
    static constexpr int key_bits = (int)(8 * sizeof(T));
    __device__ static entry enter(T x) { return PCK_FN(so_key)(x, false); }
    __device__ static bool before(entry a, entry b) { return a < b; }
    __device__ static bool hit(entry e, T x) { return e == PCK_FN(so_key)(x, false); }
#else
    using entry = T;
    static constexpr int key_bits = 0; /* no key: sorted by comparison */
    __device__ static entry enter(T x) { return x; }
    __device__ static bool before(entry a, entry b) { return PCK_FN(so_less)(a, b, false); }
    __device__ static bool hit(entry e, T x) { return PCK_FN(so_same)(e, x); }
#endif
    __device__ static bool isnan(T x) { return PCK_FN(so_isnan)(x); }
    __device__ static bool same(T a, T b) { return PCK_FN(so_same)(a, b); }
};
