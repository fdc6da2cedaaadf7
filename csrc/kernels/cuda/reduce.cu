/*
 * reduce.cu - the GPU reductions SUM ... PTP (reduce_kernels.h contract) for every dtype
 * the CPU column has: the Ops of reduce_ops.cuh run by the engine of reduce_engine.cuh.
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

template <typename T> pc_status rd_ptp(const pc_kernel_args *a)
{
    return reduce_contract(a, ptp_op<T>{});
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

template <typename T> void register_reduce_dtype(pc_dtype dt)
{
    reg(PC_OP_SUM, dt, rd_arith<T, false, false>);
    reg(PC_OP_PROD, dt, rd_arith<T, true, false>);
    reg(PC_OP_NANSUM, dt, rd_arith<T, false, true>);
    reg(PC_OP_NANPROD, dt, rd_arith<T, true, true>);
    reg(PC_OP_MEAN, dt, rd_mean<T, false>);
    reg(PC_OP_NANMEAN, dt, rd_mean<T, true>);
    reg(PC_OP_VAR, dt, rd_var<T, false, false>);
    reg(PC_OP_STD, dt, rd_var<T, false, true>);
    reg(PC_OP_NANVAR, dt, rd_var<T, true, false>);
    reg(PC_OP_NANSTD, dt, rd_var<T, true, true>);
    reg(PC_OP_ALL, dt, rd_logic<T, false>);
    reg(PC_OP_ANY, dt, rd_logic<T, true>);
    reg(PC_OP_COUNT_NONZERO, dt, rd_count_nonzero<T>);
    if constexpr (rd_kind<T>() != rkind::c) { /* ordered reductions: real dtypes only */
        reg(PC_OP_MAX, dt, rd_minmax<T, PC_RD_MAX>);
        reg(PC_OP_MIN, dt, rd_minmax<T, PC_RD_MIN>);
        reg(PC_OP_NANMAX, dt, rd_minmax<T, PC_RD_NANMAX>);
        reg(PC_OP_NANMIN, dt, rd_minmax<T, PC_RD_NANMIN>);
        reg(PC_OP_LOGSUMEXP, dt, rd_logsumexp<T>);
        reg(PC_OP_PTP, dt, rd_ptp<T>);
    }
}

void register_reduce()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_reduce_dtype<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
