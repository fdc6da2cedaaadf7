/*
 * device_prims.cuh - device-wide primitives of our own, written once for CUDA and HIP: the
 * ROCm build's sort, scan, unique, scatter and nonzero where neither hipCUB nor rocPRIM is
 * installed at build time (Debian packages neither; vendors/primitives.cuh chooses). CUB
 * stays CUDA's implementation.
 *
 *   exclusive_scan_i64   out[i] = in[0] + ... + in[i - 1] over int64 (out may be in)
 *   radix_sort<K, V>     a stable ascending LSD radix sort of keys K (int64 as signed, uint32
 *                        and uint64 as unsigned) on bits [begin_bit, end_bit), values V moved
 *                        with their keys (V = no_values: keys only)
 *   merge_sort<K, C>     a stable merge sort of keys K by the comparator C
 *
 * Every call follows CUB's two-call contract: with `temp` NULL it only stores the scratch it
 * needs in *temp_bytes (and launches nothing); otherwise `temp` holds at least that many bytes
 * of device memory (any alignment). Inputs are never written. Launches go to `stream`; the result is the
 * runtime's launch error (cudaGetLastError), as CUB's.
 *
 * [Why these algorithms] They are the simplest stable ones that need no vendor code: the radix
 * sort makes one pass per 4-bit digit (a per-tile digit count, one scan of the digit-major
 * count table, a scatter that ranks each element among the same digits before it in its tile:
 * equal digits keep their order, so the sort is stable); the merge sort doubles its sorted runs
 * per pass and places every element by a binary search in the partner run (lower bound from
 * the left run, upper bound from the right: stable), O(n log^2 n). Both ping-pong between the
 * output and scratch with the parity chosen so the last pass writes the output.
 */
#ifndef PADDLE_C_GPU_COMMON_DEVICE_PRIMS_CUH
#define PADDLE_C_GPU_COMMON_DEVICE_PRIMS_CUH

#include <stddef.h>
#include <stdint.h>

namespace pcg {

constexpr int tile = 256;        /* threads per block = elements per tile */
constexpr int max_blocks = 65535;
constexpr int digit_bits = 4;
constexpr int digits = 1 << digit_bits;

/* the tag for a radix sort without values */
struct no_values {};

inline int blocks_for(int64_t tiles) { return tiles < max_blocks ? (int)tiles : max_blocks; }

inline size_t align256(size_t b) { return (b + 255) & ~(size_t)255; }

/* the caller's scratch aligned up to 256 bytes (every size below counts 256 bytes for this) */
inline char *aligned(void *temp) { return (char *)(((uintptr_t)temp + 255) & ~(uintptr_t)255); }

/* ---- exclusive scan ------------------------------------------------------------------------ */

/* Each tile's exclusive scan in place of out (read from in), its total in sums[tile]. (The
 * kernels are templates, here over I = int64_t, so that every unit including this header may
 * instantiate them without defining one symbol twice.) */
template <typename I>
__global__ void scan_tiles(const I *in, I *out, I *sums, int64_t n, int64_t tiles)
{
    __shared__ I s[tile];
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i = t * tile + threadIdx.x;
        const I v = i < n ? in[i] : 0;
        s[threadIdx.x] = v;
        __syncthreads();
        for (int w = 1; w < tile; w *= 2) {
            const I add = (int)threadIdx.x >= w ? s[threadIdx.x - w] : 0;
            __syncthreads();
            s[threadIdx.x] += add;
            __syncthreads();
        }
        if (i < n) {
            out[i] = s[threadIdx.x] - v;
        }
        if (threadIdx.x == tile - 1) {
            sums[t] = s[tile - 1];
        }
        __syncthreads();
    }
}

/* out[i] += base[tile of i] */
template <typename I> __global__ void add_tile_base(I *out, const I *base, int64_t n, int64_t tiles)
{
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i = t * tile + threadIdx.x;
        if (i < n) {
            out[i] += base[t];
        }
    }
}

/* the scratch of a scan of n: the tile sums of every level */
inline size_t scan_bytes(int64_t n)
{
    size_t b = 0;
    while (n > 1) {
        n = (n + tile - 1) / tile;
        b += align256((size_t)n * sizeof(int64_t));
    }
    return b;
}

inline cudaError_t scan_levels(const int64_t *in, int64_t *out, int64_t n, char *temp,
                               cudaStream_t stream)
{
    if (n <= 0) {
        return cudaSuccess;
    }
    const int64_t tiles = (n + tile - 1) / tile;
    int64_t *sums = (int64_t *)temp;
    scan_tiles<int64_t><<<blocks_for(tiles), tile, 0, stream>>>(in, out, sums, n, tiles);
    if (tiles > 1) {
        const cudaError_t e = scan_levels(sums, sums, tiles,
                                          temp + align256((size_t)tiles * sizeof(int64_t)), stream);
        if (e != cudaSuccess) {
            return e;
        }
        add_tile_base<int64_t><<<blocks_for(tiles), tile, 0, stream>>>(out, sums, n, tiles);
    }
    return cudaGetLastError();
}

inline cudaError_t exclusive_scan_i64(void *temp, size_t *temp_bytes, const int64_t *in,
                                      int64_t *out, int64_t n, cudaStream_t stream)
{
    if (temp == nullptr) {
        *temp_bytes = scan_bytes(n) + 256; /* never 0: callers may take 0 as "no call made" */
        return cudaSuccess;
    }
    return scan_levels(in, out, n, aligned(temp), stream);
}

/* ---- radix sort ---------------------------------------------------------------------------- */

/* the key's bits in ascending order: the sign bit flipped for signed keys */
__device__ inline uint64_t radix_bits(int64_t k) { return (uint64_t)k ^ ((uint64_t)1 << 63); }
__device__ inline uint64_t radix_bits(uint64_t k) { return k; }
__device__ inline uint64_t radix_bits(uint32_t k) { return k; }

template <typename K> __device__ inline int digit_of(K k, int shift)
{
    return (int)((radix_bits(k) >> shift) & (digits - 1));
}

/* counts[d * tiles + t]: how many keys of tile t have digit d */
template <typename K>
__global__ void count_digits(const K *keys, int64_t n, int shift, int64_t tiles,
                             int64_t *counts)
{
    __shared__ unsigned c[digits];
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        if (threadIdx.x < digits) {
            c[threadIdx.x] = 0;
        }
        __syncthreads();
        const int64_t i = t * tile + threadIdx.x;
        if (i < n) {
            atomicAdd(&c[digit_of(keys[i], shift)], 1u);
        }
        __syncthreads();
        if (threadIdx.x < digits) {
            counts[threadIdx.x * tiles + t] = c[threadIdx.x];
        }
        __syncthreads();
    }
}

template <typename V> __device__ inline void move_value(const V *in, V *out, int64_t i, int64_t j)
{
    out[j] = in[i];
}
__device__ inline void move_value(const no_values *, no_values *, int64_t, int64_t) {}

/* each key (and value) to its digit's offset plus its rank among the same digits before it in
 * the tile */
template <typename K, typename V>
__global__ void scatter_digits(const K *keys_in, K *keys_out, const V *vals_in, V *vals_out,
                               int64_t n, int shift, int64_t tiles, const int64_t *offsets)
{
    __shared__ unsigned char d[tile];
    for (int64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
        const int64_t i = t * tile + threadIdx.x;
        const int mine = i < n ? digit_of(keys_in[i], shift) : digits;
        d[threadIdx.x] = (unsigned char)mine;
        __syncthreads();
        if (i < n) {
            int64_t rank = 0;
            for (int j = 0; j < (int)threadIdx.x; j++) {
                rank += d[j] == mine;
            }
            const int64_t to = offsets[mine * tiles + t] + rank;
            keys_out[to] = keys_in[i];
            move_value(vals_in, vals_out, i, to);
        }
        __syncthreads();
    }
}

template <typename E> inline size_t array_bytes(int64_t n) { return align256((size_t)n * sizeof(E)); }
template <> inline size_t array_bytes<no_values>(int64_t) { return 0; }

template <typename K, typename V>
inline cudaError_t radix_sort(void *temp, size_t *temp_bytes, const K *keys_in, K *keys_out,
                              const V *vals_in, V *vals_out, int64_t n, int begin_bit,
                              int end_bit, cudaStream_t stream)
{
    const int64_t tiles = n > 0 ? (n + tile - 1) / tile : 0;
    const int64_t ncounts = tiles * digits;
    const size_t need = array_bytes<K>(n) + array_bytes<V>(n) + array_bytes<int64_t>(ncounts) +
                        scan_bytes(ncounts) + 256;
    if (temp == nullptr) {
        *temp_bytes = need;
        return cudaSuccess;
    }
    if (n <= 0) {
        return cudaSuccess;
    }
    char *at = aligned(temp);
    K *keys_alt = (K *)at;
    at += array_bytes<K>(n);
    V *vals_alt = (V *)at;
    at += array_bytes<V>(n);
    int64_t *counts = (int64_t *)at;
    at += array_bytes<int64_t>(ncounts);
    const int passes = end_bit > begin_bit ? (end_bit - begin_bit + digit_bits - 1) / digit_bits : 0;
    if (passes == 0) {
        cudaError_t e = cudaMemcpyAsync(keys_out, keys_in, (size_t)n * sizeof(K),
                                        cudaMemcpyDeviceToDevice, stream);
        if (e == cudaSuccess && array_bytes<V>(n) != 0) {
            e = cudaMemcpyAsync((void *)vals_out, (const void *)vals_in, (size_t)n * sizeof(V),
                                cudaMemcpyDeviceToDevice, stream);
        }
        return e;
    }
    const K *ksrc = keys_in;
    const V *vsrc = vals_in;
    for (int p = 0; p < passes; p++) {
        /* the last pass (and every other one before it) writes the output */
        const bool to_out = (passes - 1 - p) % 2 == 0;
        K *kdst = to_out ? keys_out : keys_alt;
        V *vdst = to_out ? vals_out : vals_alt;
        const int shift = begin_bit + p * digit_bits;
        count_digits<K><<<blocks_for(tiles), tile, 0, stream>>>(ksrc, n, shift, tiles, counts);
        const cudaError_t e = scan_levels(counts, counts, ncounts, at, stream);
        if (e != cudaSuccess) {
            return e;
        }
        scatter_digits<K, V><<<blocks_for(tiles), tile, 0, stream>>>(ksrc, kdst, vsrc, vdst, n,
                                                                      shift, tiles, counts);
        ksrc = kdst;
        vsrc = vdst;
    }
    return cudaGetLastError();
}

/* ---- merge sort ---------------------------------------------------------------------------- */

/* one pass: runs of `width` merged pairwise, each element placed by a binary search in its
 * partner run */
template <typename K, typename C>
__global__ void merge_pass(const K *in, K *out, int64_t n, int64_t width, C less)
{
    const int64_t stride = (int64_t)blockDim.x * gridDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const int64_t run = i / width;
        const int64_t base = (run & ~(int64_t)1) * width;
        const int64_t mid = base + width < n ? base + width : n;
        const int64_t end = mid + width < n ? mid + width : n;
        const K v = in[i];
        int64_t lo;
        int64_t hi;
        if ((run & 1) == 0) { /* left run: before the partner's equal keys */
            lo = mid;
            hi = end;
            while (lo < hi) {
                const int64_t m = lo + (hi - lo) / 2;
                if (less(in[m], v)) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            out[base + (i - base) + (lo - mid)] = v;
        } else { /* right run: after the partner's equal keys */
            lo = base;
            hi = mid;
            while (lo < hi) {
                const int64_t m = lo + (hi - lo) / 2;
                if (!less(v, in[m])) {
                    lo = m + 1;
                } else {
                    hi = m;
                }
            }
            out[base + (i - mid) + (lo - base)] = v;
        }
    }
}

template <typename K, typename C>
inline cudaError_t merge_sort(void *temp, size_t *temp_bytes, const K *keys_in, K *keys_out,
                              int64_t n, C less, cudaStream_t stream)
{
    if (temp == nullptr) {
        *temp_bytes = array_bytes<K>(n) + 256;
        return cudaSuccess;
    }
    int passes = 0;
    for (int64_t w = 1; w < n; w *= 2) {
        passes++;
    }
    if (passes == 0) {
        return n > 0 ? cudaMemcpyAsync(keys_out, keys_in, (size_t)n * sizeof(K),
                                       cudaMemcpyDeviceToDevice, stream)
                     : cudaSuccess;
    }
    K *alt = (K *)aligned(temp);
    const int64_t blocks = (n + tile - 1) / tile;
    const K *src = keys_in;
    int64_t width = 1;
    for (int p = 0; p < passes; p++, width *= 2) {
        K *dst = (passes - 1 - p) % 2 == 0 ? keys_out : alt;
        merge_pass<K, C><<<blocks_for(blocks), tile, 0, stream>>>(src, dst, n, width, less);
        src = dst;
    }
    return cudaGetLastError();
}

} // namespace pcg

#endif
