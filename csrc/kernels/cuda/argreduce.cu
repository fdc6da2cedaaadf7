/*
 * argreduce.cu - argmax, argmin, nanargmax, nanargmin on the GPU (reduce_kernels.h contract),
 * every real dtype and bool: the reduction engine (reduce_engine.cuh) over the one reduced
 * axis, with an accumulator of (value, index).
 *
 * The rule of every target (kernels/common/reduce_elem.h's pc_rd_better, as rd_elem<T>::better):
 * argmax/argmin treat NaN as better than every number and the first NaN wins; equal values
 * give the lowest index (a split or thread that met an
 * equal value later loses the tie on its index, so the order of combination does not matter).
 * The nan forms skip NaN; a slice of only NaN is reported through the operation's result word
 * (PC_ERR_VALUE, read once by the op layer) and its output is set to 0.
 */
#include "reduce_engine.cuh"
#include "reduce_types.cuh"

namespace pcu {

template <typename M> struct ar_acc {
    M v;
    int64_t i; /* -1: no element taken yet */
};

template <typename T, int W> struct arg_op {
    using E = rd_elem<T>;
    using M = typename E::ct;
    using acc = ar_acc<M>;
    static constexpr bool flt = rd_kind<T>() == rkind::f;
    pc_result_word *result;

    __device__ static bool isnan_(M v) { return flt && v != v; }
    /* whether v is better than b (both taken values) */
    __device__ static bool better(M v, M b) { return E::better(W, v, b); }
    __device__ acc init() const { return acc{M(), -1}; }
    __device__ void add(acc &a, const char *p, int64_t, int64_t r) const
    {
        const M v = rd_cload<T>(p);
        if ((W == PC_RD_NANMAX || W == PC_RD_NANMIN) && isnan_(v)) {
            return;
        }
        if (a.i < 0 || better(v, a.v)) {
            a = acc{v, r};
        }
    }
    __device__ acc operator()(const acc &a, const acc &b) const
    {
        if (b.i < 0) {
            return a;
        }
        if (a.i < 0 || better(b.v, a.v)) {
            return b;
        }
        if (better(a.v, b.v)) {
            return a;
        }
        return b.i < a.i ? b : a; /* equal (or both NaN): the lower index */
    }
    __device__ void finish(const acc &a, int64_t, char *o) const
    {
        if (a.i < 0) { /* only the nan forms leave nothing taken: a slice of NaN */
            *(int64_t *)o = 0;
            if (result != nullptr) {
                pc_result_fail(result, PC_ERR_VALUE, 0, 0);
            }
            return;
        }
        *(int64_t *)o = a.i;
    }
};

template <typename T, int W> pc_status ar_whole(const pc_kernel_args *args)
{
    const pc_argreduce_params *p = (const pc_argreduce_params *)args->params;
    const pc_tensor *x = args->in[0];
    bool reduced[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        reduced[i] = i == p->axis;
    }
    return reduce_run(x, args->out[0], reduced, arg_op<T, W>{p->result});
}

template <typename T> void register_argreduce_dtype(pc_dtype dt)
{
    if constexpr (rd_kind<T>() != rkind::c) {
        const pc_op ops[4] = {PC_OP_ARGMAX, PC_OP_ARGMIN, PC_OP_NANARGMAX, PC_OP_NANARGMIN};
        const pc_whole_fn fns[4] = {ar_whole<T, PC_RD_MAX>, ar_whole<T, PC_RD_MIN>,
                                    ar_whole<T, PC_RD_NANMAX>, ar_whole<T, PC_RD_NANMIN>};
        for (int k = 0; k < 4; k++) {
            pc_kernel kern = {};
            kern.whole = fns[k];
            pc_kernel_register(ops[k], PC_DEVICE_GPU_BACKEND, dt, kern);
        }
    }
}

void register_argreduce()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_argreduce_dtype<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
