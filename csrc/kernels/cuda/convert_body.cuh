/* convert_body.cuh - the conversion PCK_SRC -> PCK_N as pc_conv<D, S> (convert.cuh). */
#include "kernels/common/cast_elem.h"

template <> struct pc_conv<PCK_T, PCK_CAT(PCK_T_, PCK_SRC)> {
    __host__ __device__ static PCK_T run(PCK_CAT(PCK_T_, PCK_SRC) x)
    {
        return PCK_CAT4(pc_cast_, PCK_SRC, _to_, PCK_N)(x);
    }
};
