/*
 * sort_order.cuh - order_of<dtype>, the device side of one dtype's sort order and median for
 * sort.cu: the functions of kernels/common/sort_key.h and median_elem.h (included before this
 * file for the same dtype) under one name per dtype. Included per dtype by sort.cu; no include
 * guard.
 */
namespace pcu {

template <> struct order_of<PCK_ID> {
    using T = PCK_T;
#if PCK_K != PCK_KC
    static constexpr bool complex = false;
    static constexpr int bits = 8 * (int)sizeof(PCK_T);
    __device__ static uint64_t key(T x, bool desc) { return PCK_FN(so_key)(x, desc); }
    __device__ static void median(const char *p, int64_t len, int64_t sx, bool lower,
                                  bool skip_nan, char *o)
    {
        PCK_FN(md_lane)(p, len, sx, lower, skip_nan, o);
    }
#else
    static constexpr bool complex = true;
    __device__ static bool less(T a, T b, bool desc) { return PCK_FN(so_less)(a, b, desc); }
#endif
};

} // namespace pcu
