/*
 * index_add.cuh - adder<T> for the dtype PCK_N: `+` of the ADD op (kernels/common/
 * arith_elem.h, the element function the CPU's ADD loop and index_add use too), on storage
 * values, rounded to the storage type at each step. Included once per dtype through
 * cpu/each_dtype.h by index.cu, outside namespace pcu. No include guard.
 */
#include "kernels/common/arith_elem.h"

namespace pcu {
template <> struct adder<PCK_T> {
    __device__ static PCK_T add(PCK_T a, PCK_T b)
    {
        return PCK_STORE(PCK_FN(ew_add)(PCK_LOAD(a), PCK_LOAD(b)));
    }
};
} // namespace pcu
