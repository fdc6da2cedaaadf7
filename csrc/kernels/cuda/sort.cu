/*
 * sort.cu - the GPU sorting kernels (paddle_c/kernels/reduce_kernels.h):
 *   SORT, ARGSORT  every dtype, along any axis of any layout, stable, ascending or descending,
 *                  NaN last in both orders, -0 == +0 (the order of kernels/common/sort_key.h).
 *                  Real dtypes: each element's unsigned key (so_key) with its lane number above
 *                  it as one radix key, so a single stable radix sort of (key, position) pairs
 *                  sorts every lane at once ("segments in the key"); where key and lane number
 *                  do not fit 64 bits together (64-bit dtypes with several lanes) a second
 *                  stable radix pass on the lane number of the sorted positions follows. Keys
 *                  and positions are 32-bit where they fit. Complex dtypes: a stable merge sort
 *                  of positions with so_less inside a lane. The values are then gathered from
 *                  x by the sorted positions: bit-exact (NaN payloads, the sign of zeros).
 *   MEDIAN         real dtypes, one thread per sorted lane: kernels/common/median_elem.h, the
 *                  CPU's element code.
 * SORT and ARGSORT run on the device primitives (vendors/primitives.cuh). Temporary memory
 * comes from the device's pool (pc_storage_new), stream-ordered.
 */
#include "launch.cuh"
#include "paddle_c/kernels/reduce_kernels.h"
#include "paddle_c/storage.h"
#include "sort_order.cuh"
#include "vendors/primitives.cuh"

namespace pcu {

/* The lanes along the axis of up to three tensors of one shape (x, then outputs): lane b is
 * the b-th combination, in C order, of the other axes' coordinates. */
struct lanes {
    int nd;                                 /* the other axes */
    int64_t shape[PC_MAX_NDIM];
    int64_t stride[3][PC_MAX_NDIM];         /* their byte strides per tensor */
    int64_t step[3];                        /* the axis' byte stride per tensor */
    int64_t len;                            /* the lane length */
    int64_t count;                          /* the number of lanes */
};

static lanes make_lanes(int axis, const pc_tensor *const t[3])
{
    lanes L = {};
    const pc_tensor *x = t[0];
    L.len = x->shape[axis];
    L.count = 1;
    for (int i = 0; i < x->ndim; i++) {
        if (i == axis) {
            continue;
        }
        L.shape[L.nd] = x->shape[i];
        for (int k = 0; k < 3; k++) {
            L.stride[k][L.nd] = t[k] != nullptr ? t[k]->strides[i] : 0;
        }
        L.count *= x->shape[i];
        L.nd++;
    }
    for (int k = 0; k < 3; k++) {
        L.step[k] = t[k] != nullptr ? t[k]->strides[axis] : 0;
    }
    return L;
}

/* the byte offset of lane b's first element in tensor k */
__device__ inline int64_t lane_at(const lanes &L, int k, int64_t b)
{
    int64_t at = 0;
    for (int d = L.nd - 1; d >= 0; d--) {
        at += (b % L.shape[d]) * L.stride[k][d];
        b /= L.shape[d];
    }
    return at;
}

/* ---- real dtypes: radix keys --------------------------------------------------------------- */

/* keys[i]: element i's key (lane-major), with its lane above it when `shift` >= 0 */
template <pc_dtype D, typename K, typename V>
__global__ void keys_kernel(const char *x, lanes L, int64_t n, bool desc, int shift, K *keys,
                            V *pos)
{
    using O = order_of<D>;
    PCU_GRID_STRIDE(i, n)
    {
        const int64_t b = i / L.len;
        const int64_t j = i - b * L.len;
        const typename O::T v = *(const typename O::T *)(x + lane_at(L, 0, b) + j * L.step[0]);
        K k = (K)O::key(v, desc);
        if (shift >= 0) {
            k |= (K)b << shift;
        }
        keys[i] = k;
        pos[i] = (V)i;
    }
}

/* the lane of each sorted position, for the second pass */
template <typename V> __global__ void lane_keys_kernel(const V *pos, int64_t n, int64_t len,
                                                       uint64_t *keys)
{
    PCU_GRID_STRIDE(i, n)
    {
        keys[i] = (uint64_t)pos[i] / (uint64_t)len;
    }
}

/* ---- complex dtypes: merge sort by so_less ------------------------------------------------- */

/* x's elements lane-major into buf, and the positions */
template <typename T, typename V>
__global__ void lane_copy_kernel(const char *x, lanes L, int64_t n, T *buf, V *pos)
{
    PCU_GRID_STRIDE(i, n)
    {
        const int64_t b = i / L.len;
        const int64_t j = i - b * L.len;
        buf[i] = *(const T *)(x + lane_at(L, 0, b) + j * L.step[0]);
        pos[i] = (V)i;
    }
}

/* position a before position b: an earlier lane, or the same lane and so_less */
template <pc_dtype D, typename V> struct lane_less {
    const typename order_of<D>::T *buf;
    int64_t len;
    bool desc;
    __device__ bool operator()(V a, V b) const
    {
        const int64_t la = (int64_t)a / len;
        const int64_t lb = (int64_t)b / len;
        if (la != lb) {
            return la < lb;
        }
        return order_of<D>::less(buf[a], buf[b], desc);
    }
};

/* ---- both: the outputs from the sorted positions ------------------------------------------- */

template <typename T, typename V>
__global__ void gather_sorted_kernel(const char *x, char *values, char *indices, lanes L,
                                     int64_t n, const V *pos)
{
    PCU_GRID_STRIDE(i, n)
    {
        const int64_t b = i / L.len;
        const int64_t j = i - b * L.len;
        const int64_t src = (int64_t)pos[i] - b * L.len;
        if (values != nullptr) {
            *(T *)(values + lane_at(L, 1, b) + j * L.step[1]) =
                *(const T *)(x + lane_at(L, 0, b) + src * L.step[0]);
        }
        if (indices != nullptr) {
            *(int64_t *)(indices + lane_at(L, 2, b) + j * L.step[2]) = src;
        }
    }
}

/* ---- the host side ------------------------------------------------------------------------- */

/* Bump allocation of the sort's arrays inside one device block (256-byte aligned parts). */
struct carve {
    char *at;
    template <typename E> E *take(int64_t count)
    {
        E *p = (E *)at;
        at += ((size_t)count * sizeof(E) + 255) & ~(size_t)255;
        return p;
    }
};

static size_t rounded(size_t bytes) { return (bytes + 255) & ~(size_t)255; }

struct sort_job {
    pc_device dev;
    cudaStream_t stream;
    const char *x;
    char *values;
    char *indices;
    lanes L;
    int64_t n;
    int lane_bits;  /* the bits of the largest lane number */
    bool desc;
};

template <typename T, typename V> pc_status gather_outputs(const sort_job &j, const V *pos)
{
    gather_sorted_kernel<T, V><<<grid_for(j.n), threads_per_block, 0, j.stream>>>(
        j.x, j.values, j.indices, j.L, j.n, pos);
    return check_launch(j.dev, "sort kernel");
}

template <pc_dtype D, typename K, typename V> pc_status sort_real(const sort_job &j)
{
    using O = order_of<D>;
    const int lane_bits = j.lane_bits;
    const bool one_pass = O::bits + lane_bits <= 8 * (int)sizeof(K);
    const int shift = j.L.count > 1 && one_pass ? O::bits : -1;
    const int end_bit = one_pass ? O::bits + lane_bits : O::bits;
    size_t sort_bytes = 0;
    size_t lane_bytes = 0;
    if (radix_sort_pairs<K, V>(nullptr, &sort_bytes, nullptr, nullptr, nullptr, nullptr, j.n, 0,
                               end_bit, j.stream) != cudaSuccess ||
        (!one_pass && radix_sort_pairs<uint64_t, V>(nullptr, &lane_bytes, nullptr, nullptr,
                                                    nullptr, nullptr, j.n, 0, lane_bits,
                                                    j.stream) != cudaSuccess)) {
        return pc_error_set(PC_ERR_RUNTIME, "sort: sizing the radix sort failed");
    }
    sort_bytes = sort_bytes > lane_bytes ? sort_bytes : lane_bytes;
    /* keys in/out, positions in/out (one_pass false: K is uint64_t, reused for the lanes) */
    const size_t total = 2 * rounded((size_t)j.n * sizeof(K)) +
                         2 * rounded((size_t)j.n * sizeof(V)) + sort_bytes;
    pc_storage *tmp = nullptr;
    pc_status st = pc_storage_new(j.dev, (int64_t)total, false, &tmp);
    if (st != PC_OK) {
        return st;
    }
    carve c = {(char *)tmp->data};
    K *keys = c.take<K>(j.n);
    K *skeys = c.take<K>(j.n);
    V *pos = c.take<V>(j.n);
    V *spos = c.take<V>(j.n);
    void *scratch = c.at;
    keys_kernel<D, K, V><<<grid_for(j.n), threads_per_block, 0, j.stream>>>(
        j.x, j.L, j.n, j.desc, shift, keys, pos);
    const V *sorted = spos;
    if (radix_sort_pairs<K, V>(scratch, &sort_bytes, keys, skeys, pos, spos, j.n, 0, end_bit,
                               j.stream) != cudaSuccess) {
        st = pc_error_set(PC_ERR_RUNTIME, "sort: the radix sort failed");
    } else if (!one_pass) {
        uint64_t *lk = (uint64_t *)keys;
        lane_keys_kernel<V><<<grid_for(j.n), threads_per_block, 0, j.stream>>>(spos, j.n,
                                                                                 j.L.len, lk);
        if (radix_sort_pairs<uint64_t, V>(scratch, &sort_bytes, lk, (uint64_t *)skeys, spos,
                                          pos, j.n, 0, lane_bits, j.stream) != cudaSuccess) {
            st = pc_error_set(PC_ERR_RUNTIME, "sort: the radix sort of the lanes failed");
        }
        sorted = pos;
    }
    if (st == PC_OK) {
        st = gather_outputs<typename O::T, V>(j, sorted);
    }
    pc_storage_decref(tmp); /* stream-ordered: freed after the queued kernels */
    return st;
}

template <pc_dtype D, typename V> pc_status sort_complex(const sort_job &j)
{
    using T = typename order_of<D>::T;
    const lane_less<D, V> less = {nullptr, j.L.len, j.desc};
    size_t sort_bytes = 0;
    if (merge_sort_keys<V>(nullptr, &sort_bytes, (const V *)nullptr, (V *)nullptr, j.n, less,
                           j.stream) != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "sort: sizing the merge sort failed");
    }
    const size_t total = rounded((size_t)j.n * sizeof(T)) +
                         2 * rounded((size_t)j.n * sizeof(V)) + sort_bytes;
    pc_storage *tmp = nullptr;
    pc_status st = pc_storage_new(j.dev, (int64_t)total, false, &tmp);
    if (st != PC_OK) {
        return st;
    }
    carve c = {(char *)tmp->data};
    T *buf = c.take<T>(j.n);
    V *pos = c.take<V>(j.n);
    V *spos = c.take<V>(j.n);
    lane_copy_kernel<T, V><<<grid_for(j.n), threads_per_block, 0, j.stream>>>(j.x, j.L, j.n,
                                                                               buf, pos);
    const lane_less<D, V> by = {buf, j.L.len, j.desc};
    if (merge_sort_keys<V>(c.at, &sort_bytes, pos, spos, j.n, by, j.stream) != cudaSuccess) {
        st = pc_error_set(PC_ERR_RUNTIME, "sort: the merge sort failed");
    } else {
        st = gather_outputs<T, V>(j, spos);
    }
    pc_storage_decref(tmp);
    return st;
}

template <pc_dtype D, typename V> pc_status sort_typed(const sort_job &j)
{
    using O = order_of<D>;
    if constexpr (O::complex) {
        return sort_complex<D, V>(j);
    } else {
        if constexpr (O::bits <= 32) {
            if (O::bits + j.lane_bits <= 32) {
                return sort_real<D, uint32_t, V>(j);
            }
        }
        return sort_real<D, uint64_t, V>(j);
    }
}

/* SORT (sort_op: out[0] values, out[1] indices when nout == 2) or ARGSORT (out[0] indices) */
template <pc_dtype D, bool sort_op> pc_status sort_whole(const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    const pc_sort_params *p = (const pc_sort_params *)args->params;
    pc_tensor *values = sort_op ? args->out[0] : nullptr;
    pc_tensor *indices = sort_op ? (args->nout > 1 ? args->out[1] : nullptr) : args->out[0];
    const pc_device dev = pc_tensor_device(x);
    if (x->size == 0) {
        return PC_OK;
    }
    pc_status st = select_device(dev);
    if (st != PC_OK) {
        return st;
    }
    const pc_tensor *t[3] = {x, values, indices};
    sort_job j = {};
    j.dev = dev;
    j.stream = launch_stream(dev);
    j.x = x->data;
    j.values = values != nullptr ? values->data : nullptr;
    j.indices = indices != nullptr ? indices->data : nullptr;
    j.L = make_lanes(p->axis, t);
    j.n = x->size;
    while (j.lane_bits < 64 && ((uint64_t)(j.L.count - 1) >> j.lane_bits) != 0) {
        j.lane_bits++;
    }
    j.desc = p->descending;
    if (j.n <= (int64_t)UINT32_MAX) {
        return sort_typed<D, uint32_t>(j);
    }
    return sort_typed<D, uint64_t>(j);
}


/* ---- MEDIAN -------------------------------------------------------------------------------- */

template <pc_dtype D>
__global__ void median_kernel(const char *x, char *out, lanes L, bool lower, bool skip_nan)
{
    PCU_GRID_STRIDE(b, L.count)
    {
        order_of<D>::median(x + lane_at(L, 0, b), L.len, L.step[0], lower, skip_nan,
                            out + lane_at(L, 1, b));
    }
}

/* in[0] x sorted along the axis (NaN last), out[0] keepdims-shaped */
template <pc_dtype D> pc_status median_whole(const pc_kernel_args *args)
{
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_median_params *p = (const pc_median_params *)args->params;
    const pc_device dev = pc_tensor_device(x);
    const pc_tensor *t[3] = {x, out, nullptr};
    const lanes L = make_lanes(p->axis, t);
    if (L.count == 0) {
        return PC_OK;
    }
    pc_status st = select_device(dev);
    if (st != PC_OK) {
        return st;
    }
    median_kernel<D><<<grid_for(L.count), threads_per_block, 0, launch_stream(dev)>>>(
        x->data, out->data, L, p->lower, p->skip_nan);
    return check_launch(dev, "median kernel");
}

/* ---- registration -------------------------------------------------------------------------- */

template <pc_dtype D> void register_sort(pc_dtype dt)
{
    pc_kernel s = {};
    s.whole = sort_whole<D, true>;
    pc_kernel_register(PC_OP_SORT, PC_DEVICE_GPU_BACKEND, dt, s);
    pc_kernel a = {};
    a.whole = sort_whole<D, false>;
    pc_kernel_register(PC_OP_ARGSORT, PC_DEVICE_GPU_BACKEND, dt, a);
    if constexpr (!order_of<D>::complex) {
        pc_kernel m = {};
        m.whole = median_whole<D>;
        pc_kernel_register(PC_OP_MEDIAN, PC_DEVICE_GPU_BACKEND, dt, m);
    }
}

void register_sort_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_sort<PC_##ID>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
