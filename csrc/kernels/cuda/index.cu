/*
 * index.cu - the GPU indexing kernels (paddle_c/kernels/index_kernels.h):
 *   INDEX_OFFSETS  every integer index dtype, an elementwise iteration; bad indices reported
 *                  through the result word (first failure wins, by compare-and-swap)
 *   GATHER         every dtype, one thread per element, at offsets or validated indices
 *   SCATTER        every dtype; offsets known distinct (pc_gather_params.distinct) are written
 *                  directly; repeated offsets: the last write wins - the offsets are sorted
 *                  with their positions (a stable radix sort, so equal offsets keep their order)
 *                  and only the last position of each run of equal offsets writes; with
 *                  `accumulate` (index_add) the first of each run adds the run's values in
 *                  position order, with the ADD op's element function (index_add.cuh)
 *   NONZERO        bool: flags of the mask in C order, an exclusive scan of them gives each
 *                  true element its column; the count goes to the result word
 * Temporary memory comes from the device's pool (pc_storage_new), stream-ordered.
 */
#include <type_traits>

#include "launch.cuh"
#include "paddle_c/kernels/index_kernels.h"
#include "paddle_c/storage.h"
#include "vendors/primitives.cuh"

namespace pcu {
template <typename T> struct adder;
} // namespace pcu
#define PCK_BODY "kernels/cuda/index_add.cuh"
#include "kernels/cpu/each_dtype.h"
#undef PCK_BODY

namespace pcu {

/* ---- INDEX_OFFSETS ---------------------------------------------------------------------- */

template <typename T> struct offsets_op {
    pc_offsets_params p;
    __device__ void operator()(char **ptr) const
    {
        const T v = *(const T *)ptr[0];
        int64_t w;
        if constexpr (std::is_unsigned<T>::value) {
            w = (uint64_t)v < (uint64_t)p.len ? (int64_t)v : -1;
        } else {
            w = (int64_t)v < 0 ? (int64_t)v + p.len : (int64_t)v;
        }
        if (w < 0 || w >= p.len) {
            pc_result_fail(p.result, PC_ERR_INDEX, p.item, (int64_t)v);
            w = 0;
        }
        *(int64_t *)ptr[1] += w * p.stride;
    }
};

template <typename T> pc_status offsets_iter(const pc_iter *it, const pc_loop_ctx *ctx)
{
    const int sizes[2] = {(int)sizeof(T), (int)sizeof(int64_t)};
    return launch<2>(it, sizes, offsets_op<T>{*(const pc_offsets_params *)ctx->params});
}

/* ---- GATHER and SCATTER ------------------------------------------------------------------ */

/* the byte offset of position i: offsets[i], or the index (validated: a bad one reports and
 * reads element 0) times the stride */
__device__ inline int64_t offset_of(const pc_gather_params &p, int64_t i)
{
    if (p.offsets != nullptr) {
        return p.offsets[i];
    }
    const int64_t v = p.index[i];
    const int64_t w = v < 0 ? v + p.len : v;
    if ((uint64_t)w >= (uint64_t)p.len) {
        if (p.result != nullptr) {
            pc_result_fail(p.result, PC_ERR_INDEX, 0, v);
        }
        return 0;
    }
    return w * p.stride;
}

template <typename T> __global__ void gather_kernel(pc_gather_params p)
{
    PCU_GRID_STRIDE(i, p.n)
    {
        *(T *)(p.other + i * p.step) = *(const T *)(p.base + offset_of(p, i));
    }
}

/* step 0: one value written everywhere, in any order */
template <typename T> __global__ void fill_at_kernel(pc_gather_params p)
{
    const T v = *(const T *)p.other;
    PCU_GRID_STRIDE(i, p.n)
    {
        *(T *)(p.base + offset_of(p, i)) = v;
    }
}

__global__ void keys_kernel(pc_gather_params p, int64_t *keys, int64_t *pos)
{
    PCU_GRID_STRIDE(i, p.n)
    {
        keys[i] = offset_of(p, i);
        pos[i] = i;
    }
}

/* distinct offsets (the caller's promise): each position writes its own element, any order */
template <typename T> __global__ void scatter_distinct_kernel(pc_gather_params p)
{
    PCU_GRID_STRIDE(i, p.n)
    {
        *(T *)(p.base + offset_of(p, i)) = *(const T *)(p.other + i * p.step);
    }
}

/* sorted (offset, position) pairs: the last of each run of equal offsets writes */
template <typename T>
__global__ void scatter_sorted_kernel(pc_gather_params p, const int64_t *keys, const int64_t *pos)
{
    PCU_GRID_STRIDE(i, p.n)
    {
        if (i == p.n - 1 || keys[i] != keys[i + 1]) {
            *(T *)(p.base + keys[i]) = *(const T *)(p.other + pos[i] * p.step);
        }
    }
}

/* accumulate: the first of each run of equal sorted offsets adds the run's values to its
 * element in position order (the stable sort kept it), as the CPU's loop does */
template <typename T>
__global__ void scatter_add_sorted_kernel(pc_gather_params p, const int64_t *keys,
                                          const int64_t *pos)
{
    PCU_GRID_STRIDE(i, p.n)
    {
        if (i == 0 || keys[i] != keys[i - 1]) {
            T *d = (T *)(p.base + keys[i]);
            T acc = *d;
            for (int64_t j = i; j < p.n && keys[j] == keys[i]; j++) {
                acc = adder<T>::add(acc, *(const T *)(p.other + pos[j] * p.step));
            }
            *d = acc;
        }
    }
}

static pc_device device_of(const pc_kernel_args *args)
{
    return pc_tensor_device(args->nout > 0 ? args->out[0] : args->in[0]);
}

template <typename T> pc_status gather_whole(const pc_kernel_args *args)
{
    const pc_gather_params &p = *(const pc_gather_params *)args->params;
    const pc_device dev = device_of(args);
    pc_status st = p.n == 0 ? PC_OK : select_device(dev);
    if (p.n == 0 || st != PC_OK) {
        return st;
    }
    gather_kernel<T><<<grid_for(p.n), threads_per_block, 0, launch_stream(dev)>>>(p);
    return check_launch(dev, "gather kernel");
}

template <typename T> pc_status scatter_whole(const pc_kernel_args *args)
{
    const pc_gather_params &p = *(const pc_gather_params *)args->params;
    const pc_device dev = device_of(args);
    pc_status st = p.n == 0 ? PC_OK : select_device(dev);
    if (p.n == 0 || st != PC_OK) {
        return st;
    }
    cudaStream_t stream = launch_stream(dev);
    if (p.step == 0 && !p.accumulate) {
        fill_at_kernel<T><<<grid_for(p.n), threads_per_block, 0, stream>>>(p);
        return check_launch(dev, "scatter kernel");
    }
    if (p.distinct && !p.accumulate) {
        scatter_distinct_kernel<T><<<grid_for(p.n), threads_per_block, 0, stream>>>(p);
        return check_launch(dev, "scatter kernel");
    }
    /* keys, positions, sorted keys, sorted positions, then the sort's own storage */
    size_t sort_bytes = 0;
    if (sort_pairs(nullptr, &sort_bytes, nullptr, nullptr, nullptr, nullptr, p.n, stream) !=
        cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "scatter: sizing the radix sort failed");
    }
    const size_t n8 = (size_t)p.n * sizeof(int64_t);
    pc_storage *tmp = nullptr;
    st = pc_storage_new(dev, 4 * n8 + sort_bytes, false, &tmp);
    if (st != PC_OK) {
        return st;
    }
    int64_t *keys = (int64_t *)tmp->data;
    int64_t *pos = keys + p.n;
    int64_t *skeys = pos + p.n;
    int64_t *spos = skeys + p.n;
    keys_kernel<<<grid_for(p.n), threads_per_block, 0, stream>>>(p, keys, pos);
    if (sort_pairs(spos + p.n, &sort_bytes, keys, skeys, pos, spos, p.n, stream) !=
        cudaSuccess) {
        st = pc_error_set(PC_ERR_RUNTIME, "scatter: the radix sort failed");
    } else {
        if (p.accumulate) {
            scatter_add_sorted_kernel<T>
                <<<grid_for(p.n), threads_per_block, 0, stream>>>(p, skeys, spos);
        } else {
            scatter_sorted_kernel<T>
                <<<grid_for(p.n), threads_per_block, 0, stream>>>(p, skeys, spos);
        }
        st = check_launch(dev, "scatter kernel");
    }
    pc_storage_decref(tmp); /* stream-ordered: freed after the queued kernels */
    return st;
}

/* ---- NONZERO ---------------------------------------------------------------------------- */
struct mask_layout {
    int ndim;
    int64_t shape[PC_MAX_NDIM];
    int64_t strides[PC_MAX_NDIM];
};

/* the mask's element at C-order position i, and its coordinates when `coords` is set */
__device__ inline bool mask_at(const char *m, const mask_layout &L, int64_t i, int64_t *coords)
{
    int64_t at = 0;
    for (int d = L.ndim - 1; d >= 0; d--) {
        const int64_t c = i % L.shape[d];
        i /= L.shape[d];
        at += c * L.strides[d];
        if (coords != nullptr) {
            coords[d] = c;
        }
    }
    return m[at] != 0;
}

__global__ void flags_kernel(const char *m, mask_layout L, int64_t n, int64_t *flags)
{
    PCU_GRID_STRIDE(i, n)
    {
        flags[i] = mask_at(m, L, i, nullptr);
    }
}

__global__ void nonzero_kernel(const char *m, mask_layout L, int64_t n, const int64_t *pos,
                               int64_t *out, int64_t count)
{
    int64_t c[PC_MAX_NDIM];
    PCU_GRID_STRIDE(i, n)
    {
        if (mask_at(m, L, i, c) && pos[i] < count) {
            for (int d = 0; d < L.ndim; d++) {
                out[d * count + pos[i]] = c[d];
            }
        }
    }
}

/* NONZERO (index_kernels.h): the op layer has counted the true elements and sized out[0]
 * (ndim, count); a scan of the mask's flags gives each true element its column. */
pc_status nonzero_whole(const pc_kernel_args *args)
{
    const pc_tensor *mask = args->in[0];
    const pc_device dev = pc_tensor_device(mask);
    const int64_t n = mask->size;
    const int64_t count = args->out[0]->shape[1];
    pc_status st = select_device(dev);
    if (st != PC_OK || n == 0 || count == 0) {
        return st;
    }
    cudaStream_t stream = launch_stream(dev);
    mask_layout L;
    L.ndim = mask->ndim;
    for (int d = 0; d < mask->ndim; d++) {
        L.shape[d] = mask->shape[d];
        L.strides[d] = mask->strides[d];
    }
    size_t scan_bytes = 0;
    if (exclusive_sum(nullptr, &scan_bytes, nullptr, nullptr, n, stream) != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "nonzero: sizing the scan failed");
    }
    pc_storage *tmp = nullptr;
    st = pc_storage_new(dev, 2 * (size_t)n * sizeof(int64_t) + scan_bytes, false, &tmp);
    if (st != PC_OK) {
        return st;
    }
    int64_t *flags = (int64_t *)tmp->data;
    int64_t *pos = flags + n;
    flags_kernel<<<grid_for(n), threads_per_block, 0, stream>>>(mask->data, L, n, flags);
    if (exclusive_sum(pos + n, &scan_bytes, flags, pos, n, stream) != cudaSuccess) {
        st = pc_error_set(PC_ERR_RUNTIME, "nonzero: the scan failed");
    } else {
        nonzero_kernel<<<grid_for(n), threads_per_block, 0, stream>>>(
            mask->data, L, n, pos, (int64_t *)args->out[0]->data, count);
        st = check_launch(dev, "nonzero kernel");
    }
    pc_storage_decref(tmp);
    return st;
}

/* ---- registration ------------------------------------------------------------------------ */

template <typename T> void register_index(pc_dtype dt)
{
    pc_kernel g = {};
    g.whole = gather_whole<T>;
    pc_kernel_register(PC_OP_GATHER, PC_DEVICE_GPU_BACKEND, dt, g);
    pc_kernel s = {};
    s.whole = scatter_whole<T>;
    pc_kernel_register(PC_OP_SCATTER, PC_DEVICE_GPU_BACKEND, dt, s);
    if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
        pc_kernel o = {};
        o.iter = offsets_iter<T>;
        pc_kernel_register(PC_OP_INDEX_OFFSETS, PC_DEVICE_GPU_BACKEND, dt, o);
    }
}

void register_index_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_index<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
    pc_kernel z = {};
    z.whole = nonzero_whole;
    pc_kernel_register(PC_OP_NONZERO, PC_DEVICE_GPU_BACKEND, PC_BOOL, z);
}

} // namespace pcu
