/*
 * ew_map.cuh - the functor template that turns an element function of the element layer into
 * GPU kernels, and their registration. Used by the ew_*.cu family files through their
 * per-dtype bodies:
 *
 *   PCU_UNARY(ID, name)     PCK_T -> PCK_T: ew_<name>_<dtype> between PCK_LOAD and PCK_STORE
 *   PCU_UNARY_R(ID, name)   complex -> its real dtype (for other kinds the same as PCU_UNARY)
 *   PCU_UNARY_B(ID, name)   PCK_T -> bool
 *   PCU_BINARY(ID, name)    (PCK_T, PCK_T) -> PCK_T
 *   PCU_BINARY_B(ID, name)  (PCK_T, PCK_T) -> bool
 * each define a functor pcu::f_<name>_<dtype>; PCU_REG_*(ID, name) register it for PC_OP_<ID>
 * under the dtype being instantiated, as a slot that converts operands of other dtypes on load
 * and store (pc_kernel.converts, launch.cuh's map_converting).
 */
#ifndef PADDLE_C_CUDA_EW_MAP_CUH
#define PADDLE_C_CUDA_EW_MAP_CUH

#include "launch.cuh"

namespace pcu {

template <typename Out, typename In, int NIN, typename F>
pc_status map_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    (void)ctx;
    if (it->convert != 0) {
        return map_converting<Out, In, NIN>(it, F{});
    }
    return map<Out, In, NIN>(it, F{});
}

/* a raw kernel (operands of other dtypes are converted by the dispatcher) */
inline void register_iter(pc_op op, pc_dtype dt, pc_iter_fn fn)
{
    pc_kernel k = {};
    k.iter = fn;
    pc_kernel_register(op, PC_DEVICE_GPU_BACKEND, dt, k);
}

/* the typed map of functor F: converts operands of other dtypes on load and store */
template <typename Out, typename In, int NIN, typename F> void register_map(pc_op op, pc_dtype dt)
{
    pc_kernel k = {};
    k.iter = map_iter<Out, In, NIN, F>;
    k.converts = true;
    pc_kernel_register(op, PC_DEVICE_GPU_BACKEND, dt, k);
}

} // namespace pcu

#define PCU_F(name) PCK_CAT4(f_, name, _, PCK_N)
#define PCU_E(name) PCK_CAT4(ew_, name, _, PCK_N)

#define PCU_UNARY(ID, name)                                                                     \
    struct PCU_F(name) {                                                                        \
        __device__ PCK_T operator()(PCK_T a) const { return PCK_STORE(PCU_E(name)(PCK_LOAD(a))); } \
    };
#define PCU_UNARY_B(ID, name)                                                                   \
    struct PCU_F(name) {                                                                        \
        __device__ bool operator()(PCK_T a) const { return PCU_E(name)(PCK_LOAD(a)); }          \
    };
#define PCU_BINARY(ID, name)                                                                    \
    struct PCU_F(name) {                                                                        \
        __device__ PCK_T operator()(PCK_T a, PCK_T b) const                                     \
        {                                                                                       \
            return PCK_STORE(PCU_E(name)(PCK_LOAD(a), PCK_LOAD(b)));                            \
        }                                                                                       \
    };
#define PCU_BINARY_B(ID, name)                                                                  \
    struct PCU_F(name) {                                                                        \
        __device__ bool operator()(PCK_T a, PCK_T b) const                                      \
        {                                                                                       \
            return PCU_E(name)(PCK_LOAD(a), PCK_LOAD(b));                                       \
        }                                                                                       \
    };

#define PCU_REG_U(ID, name) pcu::register_map<PCK_T, PCK_T, 1, PCU_F(name)>(PC_OP_##ID, PCK_ID);
#define PCU_REG_UB(ID, name) pcu::register_map<bool, PCK_T, 1, PCU_F(name)>(PC_OP_##ID, PCK_ID);
#define PCU_REG_B(ID, name) pcu::register_map<PCK_T, PCK_T, 2, PCU_F(name)>(PC_OP_##ID, PCK_ID);
#define PCU_REG_BB(ID, name) pcu::register_map<bool, PCK_T, 2, PCU_F(name)>(PC_OP_##ID, PCK_ID);

#endif
