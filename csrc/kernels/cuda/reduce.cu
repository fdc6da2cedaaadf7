/*
 * reduce.cu - the GPU reductions, one per row of paddle_c/reductions.def (reduce_kernels.h
 * contract), for every dtype the CPU column has: the Ops of reduce_ops.cuh run by the engine
 * of reduce_engine.cuh, chosen by the row's shape and its arguments.
 */
#include "reduce_ops.cuh"

namespace pcu {

/* elements reduced into each output (0 for an empty x): mean's divisor */
static int64_t rd_count(const pc_kernel_args *a)
{
    return a->in[0]->size > 0 ? a->in[0]->size / a->out[0]->size : 0;
}

template <typename T, bool PROD, bool SKIP> pc_status rd_arith(const pc_kernel_args *a)
{
    if constexpr (rd_integral<T>()) {
        return reduce_contract(a, iarith_op<T, PROD>{});
    } else if constexpr (PROD) {
        return reduce_contract(a, fprod_op<T, SKIP>{});
    } else {
        return reduce_contract(a, fsum_op<T, SKIP ? FS_NANSUM : FS_SUM>{0, nullptr});
    }
}

template <typename T, bool SKIP> pc_status rd_mean(const pc_kernel_args *a)
{
    return reduce_contract(a, fsum_op<T, SKIP ? FS_NANMEAN : FS_MEAN>{rd_count(a), nullptr});
}

/* var, std and their nan forms: the means into scratch, then the squared deviations */
template <typename T, bool SKIP, bool ROOT> pc_status rd_var(const pc_kernel_args *a)
{
    pc_tensor *out = a->out[0];
    if (out->size == 0) {
        return PC_OK;
    }
    const pc_device dev = pc_tensor_device(out);
    const size_t bytes = (size_t)out->size * sizeof(var_mid);
    var_mid *mid = nullptr;
    pc_status st = rd_scratch_alloc(dev, bytes, (void **)&mid);
    if (st != PC_OK) {
        return st;
    }
    st = reduce_contract(a, fsum_op<T, SKIP ? FS_NANMID : FS_MID>{rd_count(a), mid});
    if (st == PC_OK) {
        const pc_reduce_params *p = (const pc_reduce_params *)a->params;
        st = reduce_contract(a, sqdev_op<T, SKIP, ROOT>{mid, p != nullptr ? p->correction : 0.0});
    }
    rd_scratch_free(dev, mid, bytes);
    return st;
}

template <typename T, int W> pc_status rd_minmax(const pc_kernel_args *a)
{
    return reduce_contract(a, minmax_op<T, W>{});
}

template <typename T> pc_status rd_pair(const pc_kernel_args *a)
{
    return reduce_contract(a, pair_op<T>{((const pc_reduce_params *)a->params)->reduction});
}

template <typename T, bool ANY> pc_status rd_logic(const pc_kernel_args *a)
{
    return reduce_contract(a, logic_op<T, ANY>{});
}

template <typename T> pc_status rd_count_nonzero(const pc_kernel_args *a)
{
    return reduce_contract(a, count_op<T>{});
}

template <typename T> pc_status rd_logsumexp(const pc_kernel_args *a)
{
    pc_tensor *out = a->out[0];
    if (out->size == 0) {
        return PC_OK;
    }
    const pc_device dev = pc_tensor_device(out);
    const size_t bytes = (size_t)out->size * sizeof(double);
    double *mx = nullptr;
    pc_status st = rd_scratch_alloc(dev, bytes, (void **)&mx);
    if (st != PC_OK) {
        return st;
    }
    st = reduce_contract(a, lse_max_op<T>{mx});
    if (st == PC_OK) {
        st = reduce_contract(a, lse_sum_op<T>{mx});
    }
    rd_scratch_free(dev, mx, bytes);
    return st;
}

static void reg(pc_op op, pc_dtype dt, pc_whole_fn fn)
{
    pc_kernel k = {};
    k.whole = fn;
    pc_kernel_register(op, PC_DEVICE_GPU_BACKEND, dt, k);
}

/* the kernel of each shape of paddle_c/reductions.def, from the row's shape arguments */
#define RD_GPU_ARITH(prod, skip) rd_arith<T, prod, skip>
#define RD_GPU_MEAN(skip) rd_mean<T, skip>
#define RD_GPU_VAR(skip, root) rd_var<T, skip, root>
#define RD_GPU_SELECT(which) rd_minmax<T, which>
#define RD_GPU_PAIR() rd_pair<T>
#define RD_GPU_LOGIC(any) rd_logic<T, any>
#define RD_GPU_COUNT() rd_count_nonzero<T>
#define RD_GPU_LSE() rd_logsumexp<T>

/* the kinds column of a row: whether it is defined for T */
enum class rd_kinds { ALL, REAL, FLOAT };
template <typename T> constexpr bool rd_kinds_has(rd_kinds k)
{
    return k == rd_kinds::ALL || (k == rd_kinds::REAL && rd_kind<T>() != rkind::c) ||
           (k == rd_kinds::FLOAT && rd_kind<T>() == rkind::f);
}

/* every row of its kinds (the ordered shapes compile for real dtypes only) */
template <typename T> void register_reduce_dtype(pc_dtype dt)
{
#define PC_RD(ID, name, form, mform, shape, sarg, kinds, ...)                                  \
    if constexpr (rd_kinds_has<T>(rd_kinds::kinds)) {                                          \
        reg(PC_OP_##ID, dt, RD_GPU_##shape sarg);                                              \
    }
#include "paddle_c/reductions.def"
#undef PC_RD
}

void register_reduce()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_reduce_dtype<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
