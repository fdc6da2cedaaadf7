/*
 * primitives.cuh - the device-wide primitives the GPU kernels take from the vendor library,
 * behind one thin wrapper: CUB on CUDA (it ships with the toolkit); on ROCm rocPRIM where its
 * headers are installed, else our own (kernels/gpu_common/device_prims.cuh: Debian packages
 * neither hipCUB nor a rocPRIM that builds with its hipcc). Each call is made twice, as in
 * CUB: with `temp` NULL it only stores the temporary storage it needs in *temp_bytes.
 *
 *   sort_pairs:     a stable ascending radix sort of int64 keys with int64 values
 *   exclusive_sum:  out[i] = in[0] + ... + in[i - 1] over int64
 *   radix_sort_pairs<K, V>: a stable ascending radix sort of unsigned keys K (uint32 or uint64)
 *                   on bits [begin_bit, end_bit) with values V
 *   merge_sort_keys<K, C>:  a stable merge sort of keys K by the comparator C (a functor with a
 *                   __device__ bool operator()(K, K)), keys_in copied sorted to keys_out
 *   sort_keys_u64:  an ascending radix sort of uint64 keys on their bits [0, end_bit)
 */
#ifndef PADDLE_C_VENDORS_PRIMITIVES_CUH
#define PADDLE_C_VENDORS_PRIMITIVES_CUH

#include <stdint.h>

/* PC_PRIMS_ROCPRIM / PC_PRIMS_OWN: which implementation a ROCm build uses */
#ifdef PC_USE_HIP
#if __has_include(<rocprim/rocprim.hpp>)
#include <rocprim/rocprim.hpp>
#define PC_PRIMS_ROCPRIM 1
#else
#include "kernels/gpu_common/device_prims.cuh"
#define PC_PRIMS_OWN 1
#endif
#else
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_scan.cuh>
#endif

namespace pcu {

inline cudaError_t sort_pairs(void *temp, size_t *temp_bytes, const int64_t *keys_in,
                              int64_t *keys_out, const int64_t *vals_in, int64_t *vals_out,
                              int64_t n, cudaStream_t stream)
{
#if PC_PRIMS_OWN
    return pcg::radix_sort(temp, temp_bytes, keys_in, keys_out, vals_in, vals_out, n, 0, 64,
                           stream);
#elif PC_PRIMS_ROCPRIM
    return rocprim::radix_sort_pairs(temp, *temp_bytes, keys_in, keys_out, vals_in, vals_out,
                                     (size_t)n, 0, 64, stream);
#else
    return cub::DeviceRadixSort::SortPairs(temp, *temp_bytes, keys_in, keys_out, vals_in,
                                           vals_out, n, 0, 64, stream);
#endif
}

inline cudaError_t exclusive_sum(void *temp, size_t *temp_bytes, const int64_t *in, int64_t *out,
                                 int64_t n, cudaStream_t stream)
{
#if PC_PRIMS_OWN
    return pcg::exclusive_scan_i64(temp, temp_bytes, in, out, n, stream);
#elif PC_PRIMS_ROCPRIM
    return rocprim::exclusive_scan(temp, *temp_bytes, in, out, (int64_t)0, (size_t)n,
                                   rocprim::plus<int64_t>(), stream);
#else
    return cub::DeviceScan::ExclusiveSum(temp, *temp_bytes, in, out, n, stream);
#endif
}

template <typename K, typename V>
inline cudaError_t radix_sort_pairs(void *temp, size_t *temp_bytes, const K *keys_in, K *keys_out,
                                    const V *vals_in, V *vals_out, int64_t n, int begin_bit,
                                    int end_bit, cudaStream_t stream)
{
#if PC_PRIMS_OWN
    return pcg::radix_sort(temp, temp_bytes, keys_in, keys_out, vals_in, vals_out, n, begin_bit,
                           end_bit, stream);
#elif PC_PRIMS_ROCPRIM
    return rocprim::radix_sort_pairs(temp, *temp_bytes, keys_in, keys_out, vals_in, vals_out,
                                     (size_t)n, (unsigned)begin_bit, (unsigned)end_bit, stream);
#else
    return cub::DeviceRadixSort::SortPairs(temp, *temp_bytes, keys_in, keys_out, vals_in,
                                           vals_out, n, begin_bit, end_bit, stream);
#endif
}

template <typename K, typename C>
inline cudaError_t merge_sort_keys(void *temp, size_t *temp_bytes, const K *keys_in, K *keys_out,
                                   int64_t n, C less, cudaStream_t stream)
{
#if PC_PRIMS_OWN
    return pcg::merge_sort(temp, temp_bytes, keys_in, keys_out, n, less, stream);
#elif PC_PRIMS_ROCPRIM
    return rocprim::merge_sort(temp, *temp_bytes, keys_in, keys_out, (size_t)n, less, stream);
#else
    return cub::DeviceMergeSort::StableSortKeysCopy(temp, *temp_bytes, keys_in, keys_out, n,
                                                    less, stream);
#endif
}

inline cudaError_t sort_keys_u64(void *temp, size_t *temp_bytes, const uint64_t *keys_in,
                                 uint64_t *keys_out, int64_t n, int end_bit, cudaStream_t stream)
{
#if PC_PRIMS_OWN
    return pcg::radix_sort(temp, temp_bytes, keys_in, keys_out, (const pcg::no_values *)nullptr,
                           (pcg::no_values *)nullptr, n, 0, end_bit, stream);
#elif PC_PRIMS_ROCPRIM
    return rocprim::radix_sort_keys(temp, *temp_bytes, keys_in, keys_out, (size_t)n, 0,
                                    end_bit, stream);
#else
    return cub::DeviceRadixSort::SortKeys(temp, *temp_bytes, keys_in, keys_out, n, 0, end_bit,
                                          stream);
#endif
}

} // namespace pcu

#endif
