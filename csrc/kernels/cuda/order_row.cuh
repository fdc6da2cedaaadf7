/*
 * order_row.cuh - order_of<PCK_ID>: the device side of one dtype's element order (the functions
 * of kernels/common/sort_key.h) and median (kernels/common/median_elem.h) under one name per
 * dtype, for the sort, search and set kernels. Included once per dtype by sort_order.cuh; no
 * include guard.
 *
 *   complex, bits  whether the dtype is complex; the width of a real dtype's key
 *   key(x, desc)   the order-preserving unsigned key of a real x (descending complemented)
 *   less(a, b, d)  the sort's comparison of complex values
 *   median(...)    the median of one sorted lane of a real dtype (median_elem.h)
 *   entry          what a search table holds: the key (real dtypes: equal keys are one value,
 *                  except that every NaN has the same key) or the value itself (complex)
 *   enter(x)       x's table entry
 *   before(a, b)   entry a sorts strictly before entry b (NaN last)
 *   hit(e, x)      the entry e is the value x (x not NaN): isin's equality
 *   isnan(x)       x is (or has a part that is) NaN
 *   same(a, b)     unique's and isin's "one value": not NaN, and equal with -0 == +0
 */
namespace pcu {

template <> struct order_of<PCK_ID> {
    using T = PCK_T;
#if PCK_K != PCK_KC
    static constexpr bool complex = false;
    static constexpr int bits = 8 * (int)sizeof(PCK_T);
    using entry = uint64_t;
    __device__ static uint64_t key(T x, bool desc) { return PCK_FN(so_key)(x, desc); }
    __device__ static entry enter(T x) { return key(x, false); }
    __device__ static bool before(entry a, entry b) { return a < b; }
    __device__ static bool hit(entry e, T x) { return e == key(x, false); }
    __device__ static void median(const char *p, int64_t len, int64_t sx, bool lower,
                                  bool skip_nan, char *o)
    {
        PCK_FN(md_lane)(p, len, sx, lower, skip_nan, o);
    }
#else
    static constexpr bool complex = true;
    static constexpr int bits = 0; /* no key: sorted by comparison */
    using entry = T;
    __device__ static bool less(T a, T b, bool desc) { return PCK_FN(so_less)(a, b, desc); }
    __device__ static entry enter(T x) { return x; }
    __device__ static bool before(entry a, entry b) { return less(a, b, false); }
    __device__ static bool hit(entry e, T x) { return PCK_FN(so_same)(e, x); }
#endif
    __device__ static bool isnan(T x) { return PCK_FN(so_isnan)(x); }
    __device__ static bool same(T a, T b) { return PCK_FN(so_same)(a, b); }
};

} // namespace pcu
