/*
 * search.cu - the GPU searching and set kernels (reduce_kernels.h contract), every dtype the
 * CPU column has, with the element order of kernels/common/sort_key.h only (sort_order.cuh):
 *   SEARCHSORTED  x1's table in sorted order (keys of real dtypes, values of complex ones),
 *                 read through the sorter when there is one - each sorter index validated on
 *                 the device, an index out of range reported through the result word (the op
 *                 layer raises the CPU's IndexError and returns nothing) - then one binary
 *                 search per x2 element, in any layout
 *   ISIN          x2's table sorted on the device (a radix sort of keys; complex values by a
 *                 merge sort with the sort's comparison), then one binary search per x1
 *                 element: NaN is in nothing, -0 equals +0
 *   UNIQUE        over the sorted input: the first element of each run of one value flagged
 *                 (NaN never equal to anything), an exclusive scan of the flags numbers the
 *                 runs; each run head writes its value and start, every element its run number
 *                 to the inverse, the run's smallest permutation entry to the first index (as
 *                 the CPU, whose stable sort puts it first) and the run's end its count; the
 *                 number of runs goes to the result word, which the op layer reads once
 * Temporary memory comes from the device's pool (pc_storage_new), stream-ordered. ISIN and
 * UNIQUE run on the device primitives (vendors/primitives.cuh).
 */
#include <string.h>

#include "launch.cuh"
#include "paddle_c/iter.h"
#include "paddle_c/kernels/reduce_kernels.h"
#include "paddle_c/storage.h"
#include "sort_order.cuh"
#include "vendors/primitives.cuh"

namespace pcu {

/* scratch memory on the device (a new reference in *out); at least one byte */
static pc_status scratch(pc_device dev, size_t bytes, pc_storage **out)
{
    return pc_storage_new(dev, (int64_t)(bytes > 0 ? bytes : 1), false, out);
}

/* ---- tables and binary searches ------------------------------------------------------------ */

/* tab[i] = the entry of x1's element sorter[i] (or i): x1 of n elements, `s1` bytes apart */
template <pc_dtype D>
__global__ void table_kernel(const char *x1, int64_t s1, int64_t n, const char *sorter,
                             int64_t ss, typename order_of<D>::entry *tab, pc_result_word *word)
{
    using T = typename order_of<D>::T;
    PCU_GRID_STRIDE(i, n)
    {
        int64_t at = i;
        if (sorter != nullptr) {
            at = *(const int64_t *)(sorter + i * ss);
            if (at < 0 || at >= n) {
                pc_result_fail(word, PC_ERR_INDEX, 0, at);
                at = 0;
            }
        }
        tab[i] = order_of<D>::enter(*(const T *)(x1 + at * s1));
    }
}

/* searchsorted: p[0] an x2 element, p[1] its int64 position in the table */
template <pc_dtype D> struct search_op {
    const typename order_of<D>::entry *tab;
    int64_t n;
    bool right;
    __device__ void operator()(char **p) const
    {
        using O = order_of<D>;
        const typename O::entry k = O::enter(*(const typename O::T *)p[0]);
        int64_t lo = 0;
        int64_t hi = n;
        while (lo < hi) {
            const int64_t mid = lo + (hi - lo) / 2;
            if (right ? !O::before(k, tab[mid]) : O::before(tab[mid], k)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        *(int64_t *)p[1] = lo;
    }
};

/* isin: p[0] an x1 element, p[1] its bool result; the table sorted */
template <pc_dtype D> struct isin_op {
    const typename order_of<D>::entry *tab;
    int64_t n;
    bool invert;
    __device__ void operator()(char **p) const
    {
        using O = order_of<D>;
        const typename O::T v = *(const typename O::T *)p[0];
        bool found = false;
        if (!O::isnan(v)) {
            const typename O::entry k = O::enter(v);
            int64_t lo = 0;
            int64_t hi = n;
            while (lo < hi) {
                const int64_t mid = lo + (hi - lo) / 2;
                if (O::before(tab[mid], k)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            found = lo < n && O::hit(tab[lo], v);
        }
        *(bool *)p[1] = found != invert;
    }
};

/* g over (a, b) elementwise: a read, b written, both of b's shape in any layout */
template <typename G> static pc_status each(const pc_tensor *a, pc_tensor *b, G g)
{
    const pc_tensor *ops[2] = {a, b};
    pc_iter it;
    pc_status st = pc_iter_init(&it, 2, ops, b->ndim, b->shape, false);
    if (st != PC_OK) {
        return st;
    }
    const int sizes[2] = {(int)pc_dtype_itemsize(a->dtype), (int)pc_dtype_itemsize(b->dtype)};
    return launch<2>(&it, sizes, g);
}

/* ---- SEARCHSORTED ---------------------------------------------------------------------------- */

template <pc_dtype D> pc_status searchsorted_whole(const pc_kernel_args *args)
{
    using E = typename order_of<D>::entry;
    const pc_tensor *x1 = args->in[0];
    const pc_tensor *sorter = args->nin > 2 ? args->in[2] : nullptr;
    const pc_searchsorted_params *p = (const pc_searchsorted_params *)args->params;
    pc_tensor *out = args->out[0];
    const pc_device dev = pc_tensor_device(out);
    if (sorter != nullptr && p->result == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "searchsorted with a sorter on a GPU needs the "
                            "result word");
    }
    pc_status st = select_device(dev);
    if (st != PC_OK || out->size == 0) {
        return st;
    }
    const int64_t n = x1->size;
    pc_storage *tmp = nullptr;
    st = scratch(dev, (size_t)n * sizeof(E), &tmp);
    if (st != PC_OK) {
        return st;
    }
    E *tab = (E *)tmp->data;
    if (n > 0) {
        table_kernel<D><<<grid_for(n), threads_per_block, 0, launch_stream(dev)>>>(
            x1->data, x1->ndim > 0 ? x1->strides[0] : 0, n,
            sorter != nullptr ? sorter->data : nullptr,
            sorter != nullptr ? sorter->strides[0] : 0, tab, p->result);
        st = check_launch(dev, "searchsorted table kernel");
    }
    if (st == PC_OK) {
        st = each(args->in[1], out, search_op<D>{tab, n, p->right});
    }
    pc_storage_decref(tmp); /* stream-ordered: freed after the queued kernels */
    return st;
}


/* ---- ISIN ------------------------------------------------------------------------------------ */

template <pc_dtype D> struct less_op {
    __device__ bool operator()(const typename order_of<D>::entry &a,
                               const typename order_of<D>::entry &b) const
    {
        return order_of<D>::before(a, b);
    }
};

/* sort the n entries `in` into `out` with `temp` (NULL: only size it in *bytes) */
template <pc_dtype D>
static cudaError_t sort_entries(void *temp, size_t *bytes, const typename order_of<D>::entry *in,
                                typename order_of<D>::entry *out, int64_t n, cudaStream_t stream)
{
    if constexpr (!order_of<D>::complex) {
        return sort_keys_u64(temp, bytes, in, out, n, order_of<D>::bits, stream);
    } else {
        return merge_sort_keys(temp, bytes, in, out, n, less_op<D>{}, stream);
    }
}

template <pc_dtype D> pc_status isin_whole(const pc_kernel_args *args)
{
    using E = typename order_of<D>::entry;
    const pc_tensor *x2 = args->in[1];
    const bool invert = ((const pc_isin_params *)args->params)->invert;
    pc_tensor *out = args->out[0];
    const pc_device dev = pc_tensor_device(out);
    pc_status st = select_device(dev);
    if (st != PC_OK || out->size == 0) {
        return st;
    }
    cudaStream_t stream = launch_stream(dev);
    const int64_t n = x2->size;
    size_t sort_bytes = 0;
    if (n > 0 && sort_entries<D>(nullptr, &sort_bytes, nullptr, nullptr, n, stream) !=
                     cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "isin: sizing the sort failed");
    }
    /* the entries, the sorted entries, then the sort's own storage */
    const size_t ne = ((size_t)n * sizeof(E) + 255) / 256 * 256;
    pc_storage *tmp = nullptr;
    st = scratch(dev, 2 * ne + sort_bytes, &tmp);
    if (st != PC_OK) {
        return st;
    }
    E *raw = (E *)tmp->data;
    E *tab = (E *)((char *)tmp->data + ne);
    if (n > 0) {
        table_kernel<D><<<grid_for(n), threads_per_block, 0, stream>>>(
            x2->data, x2->ndim > 0 ? x2->strides[0] : 0, n, nullptr, 0, raw, nullptr);
        if (sort_entries<D>((char *)tmp->data + 2 * ne, &sort_bytes, raw, tab, n, stream) !=
            cudaSuccess) {
            st = pc_error_set(PC_ERR_RUNTIME, "isin: the sort failed");
        } else {
            st = check_launch(dev, "isin table kernel");
        }
    }
    if (st == PC_OK) {
        st = each(args->in[0], out, isin_op<D>{tab, n, invert});
    }
    pc_storage_decref(tmp);
    return st;
}

/* ---- UNIQUE ---------------------------------------------------------------------------------- */

struct unique_out {
    char *values;       /* the unique values (x's dtype) */
    int64_t *first;     /* NULL or the first index of each value */
    int64_t *inverse;   /* NULL or each element's value number, in x's C order */
    int64_t *counts;    /* NULL or each value's count */
};

/* flags[i] = 1 where a run of one value starts */
template <pc_dtype D> __global__ void run_flags_kernel(const char *v, int64_t n, int64_t *flags)
{
    using T = typename order_of<D>::T;
    const T *x = (const T *)v;
    PCU_GRID_STRIDE(i, n)
    {
        flags[i] = i == 0 || !order_of<D>::same(x[i - 1], x[i]);
    }
}

/* run heads: the value, the first index so far and (in counts) the run's start; the last
 * element: the number of runs to the result word (pc_result_count on the device) */
template <pc_dtype D>
__global__ void run_heads_kernel(const char *v, const int64_t *perm, int64_t n,
                                 const int64_t *flags, const int64_t *pos, unique_out o,
                                 pc_result_word *word)
{
    using T = typename order_of<D>::T;
    PCU_GRID_STRIDE(i, n)
    {
        if (flags[i]) {
            const int64_t k = pos[i];
            ((T *)o.values)[k] = ((const T *)v)[i];
            if (o.first != nullptr) {
                o.first[k] = perm[i];
            }
            if (o.counts != nullptr) {
                o.counts[k] = i;
            }
        }
        if (i == n - 1) {
            pc_result_count(word, pos[i] + flags[i]);
        }
    }
}

/* every element: its run number to the inverse, its permutation entry to the run's first
 * index (the smallest wins); the run's last element: the count (end - start) */
__global__ void run_members_kernel(const int64_t *perm, int64_t n, const int64_t *flags,
                                   const int64_t *pos, unique_out o)
{
    PCU_GRID_STRIDE(i, n)
    {
        const int64_t k = pos[i] + flags[i] - 1;
        if (o.inverse != nullptr) {
            o.inverse[perm[i]] = k;
        }
        if (o.first != nullptr && perm[i] < o.first[k]) {
            atomicMin((unsigned long long *)&o.first[k], (unsigned long long)perm[i]);
        }
        if (o.counts != nullptr && (i == n - 1 || flags[i + 1])) {
            o.counts[k] = i + 1 - o.counts[k];
        }
    }
}

template <pc_dtype D> pc_status unique_whole(const pc_kernel_args *args)
{
    const pc_unique_params *p = (const pc_unique_params *)args->params;
    const pc_tensor *sorted = args->in[0];
    const int64_t *perm = args->nin > 1 ? (const int64_t *)args->in[1]->data : nullptr;
    const pc_device dev = pc_tensor_device(sorted);
    const int64_t n = sorted->size;
    if (p->result == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "unique on a GPU needs the result word");
    }
    unique_out o = {args->out[0]->data,
                    args->out[1] != nullptr ? (int64_t *)args->out[1]->data : nullptr,
                    args->out[2] != nullptr ? (int64_t *)args->out[2]->data : nullptr,
                    args->out[3] != nullptr ? (int64_t *)args->out[3]->data : nullptr};
    if ((o.first != nullptr || o.inverse != nullptr) && perm == nullptr) {
        return pc_error_set(PC_ERR_RUNTIME, "unique: first or inverse indices need the "
                            "sort's permutation");
    }
    pc_status st = select_device(dev);
    if (st != PC_OK || n == 0) {
        return st;
    }
    cudaStream_t stream = launch_stream(dev);
    size_t scan_bytes = 0;
    if (exclusive_sum(nullptr, &scan_bytes, nullptr, nullptr, n, stream) != cudaSuccess) {
        return pc_error_set(PC_ERR_RUNTIME, "unique: sizing the scan failed");
    }
    pc_storage *tmp = nullptr;
    st = scratch(dev, 2 * (size_t)n * sizeof(int64_t) + scan_bytes, &tmp);
    if (st != PC_OK) {
        return st;
    }
    int64_t *flags = (int64_t *)tmp->data;
    int64_t *pos = flags + n;
    run_flags_kernel<D><<<grid_for(n), threads_per_block, 0, stream>>>(sorted->data, n, flags);
    if (exclusive_sum(pos + n, &scan_bytes, flags, pos, n, stream) != cudaSuccess) {
        st = pc_error_set(PC_ERR_RUNTIME, "unique: the scan failed");
    } else {
        run_heads_kernel<D><<<grid_for(n), threads_per_block, 0, stream>>>(
            sorted->data, perm, n, flags, pos, o, p->result);
        if (o.first != nullptr || o.inverse != nullptr || o.counts != nullptr) {
            run_members_kernel<<<grid_for(n), threads_per_block, 0, stream>>>(perm, n, flags,
                                                                              pos, o);
        }
        st = check_launch(dev, "unique kernel");
    }
    pc_storage_decref(tmp);
    return st;
}

/* ---- registration ---------------------------------------------------------------------------- */

template <pc_dtype D> void register_search(pc_dtype dt)
{
    pc_kernel s = {};
    s.whole = searchsorted_whole<D>;
    pc_kernel_register(PC_OP_SEARCHSORTED, PC_DEVICE_GPU_BACKEND, dt, s);
    pc_kernel i = {};
    i.whole = isin_whole<D>;
    pc_kernel_register(PC_OP_ISIN, PC_DEVICE_GPU_BACKEND, dt, i);
    pc_kernel u = {};
    u.whole = unique_whole<D>;
    pc_kernel_register(PC_OP_UNIQUE, PC_DEVICE_GPU_BACKEND, dt, u);
}

void register_search_kernels()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt) register_search<PC_##ID>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
