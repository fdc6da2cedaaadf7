/*
 * scan.cu - cumulative sum and product along one axis on the GPU (reduce_kernels.h's scan
 * contract), every dtype, with the accumulation of every target (kernels/common/reduce_elem.h,
 * as rd_elem<T>): integers wrap in uint64 (the int64/uint64 result), floating sums run in
 * double (float64 and complex128 compensated: the running value is a TwoSum pair), products
 * in double.
 *
 * The lanes (every position of the other axes) are numbered by the reduction engine's
 * geometry (reduce_engine.cuh, the scanned axis as its one reduced axis). Three ways:
 *   - the scanned axis contiguous in x, lanes of at least 32 elements (and not few long ones):
 *     a warp per lane walks it in tiles, each thread taking every 32nd element, so the warp's
 *     loads and stores are consecutive addresses; a warp-wide scan (block_scan of 32 threads)
 *     combines each tile and carries the running value into the next;
 *   - other many lanes or short ones: one thread per lane walks the axis (neighbouring threads
 *     are neighbouring lanes: coalesced when the lanes are not the contiguous axis);
 *   - few long lanes: reduce-then-scan. Each lane is cut into chunks; a block per (lane,
 *     chunk) sums its chunk (block_reduce), one thread per lane turns the chunk totals into
 *     prefixes, and a block per (lane, chunk) scans its chunk from that prefix, tile by tile
 *     (each thread steps through 4 consecutive elements, block_scan combines the threads).
 */
#include "reduce_engine.cuh"
#include "reduce_types.cuh"

namespace pcu {

struct sc_axis {
    int64_t len; /* extent of the scanned axis */
    int64_t sx;  /* its byte stride in x */
    int64_t so;  /* its byte stride in out */
    bool init;   /* write the identity one step before each lane */
};

struct sc_facc {
    double s[2];
    double c[2];
};

/* the running value of a lane: uint64 for integers, doubles (and TwoSum terms) otherwise */
template <typename T, bool PROD> struct scan_op {
    static constexpr bool integral = rd_integral<T>();
    using E = rd_elem<T>;
    static constexpr int nc = rd_nc<T>();
    using acc = typename std::conditional<integral, uint64_t, sc_facc>::type;

    __device__ acc init() const
    {
        if constexpr (integral) {
            return PROD ? 1 : 0;
        } else {
            return acc{{PROD ? 1.0 : 0.0, 0.0}, {0.0, 0.0}};
        }
    }
    __device__ void step(acc &a, const char *p) const
    {
        if constexpr (integral) {
            a = PROD ? a * rd_widen<T>(p) : a + rd_widen<T>(p);
        } else {
            double d[2];
            rd_parts<T>(p, d);
            if (PROD) {
                E::pmul(a.s, d);
            } else {
                for (int k = 0; k < nc; k++) {
                    E::add(a.s[k], a.c[k], d[k]);
                }
            }
        }
    }
    __device__ acc operator()(acc a, const acc &b) const
    {
        if constexpr (integral) {
            return PROD ? a * b : a + b;
        } else {
            if (PROD) {
                E::pmul(a.s, b.s);
            } else {
                for (int k = 0; k < nc; k++) {
                    E::fold(a.s[k], a.c[k], b.s[k], b.c[k]);
                }
            }
            return a;
        }
    }
    __device__ void store(const acc &a, char *o) const
    {
        if constexpr (integral) {
            *(uint64_t *)o = a;
        } else {
            double r[2];
            for (int k = 0; k < nc; k++) {
                r[k] = E::get(a.s[k], a.c[k]);
            }
            rd_store<T>(o, r);
        }
    }
};

template <typename Op>
__global__ void sc_lane_kernel(rgeom g, sc_axis ax, const char *x, char *out, Op op)
{
    using A = typename Op::acc;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < g.nout; j += step) {
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        A a = op.init();
        if (ax.init) {
            op.store(a, out + oo - ax.so);
        }
        for (int64_t i = 0; i < ax.len; i++) {
            op.step(a, x + xo + i * ax.sx);
            op.store(a, out + oo + i * ax.so);
        }
    }
}

constexpr int sc_items = 4;
constexpr int sc_warp = 32;

/* [Why a warp per lane for the contiguous axis] One thread per lane would have neighbouring
 * threads read addresses a whole lane apart: every load of the warp touches 32 different
 * sectors. A warp (a block of 32 threads) per lane reads sc_items tiles of 32 consecutive
 * elements per round, thread t the t-th of each (the loads of a round are independent, so
 * they are in flight together), then scans each tile from the running value. Each element is
 * stepped into the running value as in the other kernels (x read again, from the cache), so
 * the stored values are the sequential accumulation's within each thread's element. */
template <typename Op>
__global__ void sc_warp_kernel(rgeom g, sc_axis ax, const char *x, char *out, Op op)
{
    using A = typename Op::acc;
    using WS = block_scan<A, sc_warp>;
    __shared__ typename WS::storage tmp;
    for (int64_t j = blockIdx.x; j < g.nout; j += gridDim.x) {
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        A running = op.init();
        if (ax.init && threadIdx.x == 0) {
            op.store(running, out + oo - ax.so);
        }
        for (int64_t tile = 0; tile < ax.len; tile += (int64_t)sc_warp * sc_items) {
            A mine[sc_items];
#pragma unroll
            for (int k = 0; k < sc_items; k++) {
                const int64_t i = tile + (int64_t)k * sc_warp + threadIdx.x;
                mine[k] = op.init();
                if (i < ax.len) {
                    op.step(mine[k], x + xo + i * ax.sx);
                }
            }
#pragma unroll
            for (int k = 0; k < sc_items; k++) {
                const int64_t i = tile + (int64_t)k * sc_warp + threadIdx.x;
                A a = WS::exclusive(tmp, mine[k], op, running);
                __syncthreads(); /* tmp is reused by the next scan */
                if (i < ax.len) {
                    op.step(a, x + xo + i * ax.sx);
                    op.store(a, out + oo + i * ax.so);
                }
            }
        }
    }
}

/* a block per (lane, chunk): with `totals` the chunk's total into tot, else the chunk scanned
 * from the prefix in tot (chunks > 1) or the identity */
template <typename Op>
__global__ void sc_block_kernel(rgeom g, sc_axis ax, const char *x, char *out,
                                typename Op::acc *tot, int64_t chunks, int64_t chunk, bool totals,
                                Op op)
{
    using A = typename Op::acc;
    using BS = block_scan<A, rd_threads>;
    __shared__ typename BS::storage tmp;
    for (int64_t w = blockIdx.x; w < g.nout * chunks; w += gridDim.x) {
        const int64_t j = w % g.nout;
        const int64_t c = w / g.nout;
        int64_t xo;
        int64_t oo;
        rg_out(g, j, xo, oo);
        const int64_t lo = c * chunk;
        const int64_t hi = lo + chunk < ax.len ? lo + chunk : ax.len;
        A running = totals || chunks == 1 ? op.init() : tot[j * chunks + c];
        if (!totals && ax.init && c == 0 && threadIdx.x == 0) {
            op.store(op.init(), out + oo - ax.so);
        }
        for (int64_t tile = lo; tile < hi; tile += (int64_t)rd_threads * sc_items) {
            const int64_t i0 = tile + (int64_t)threadIdx.x * sc_items;
            A mine = op.init();
            for (int k = 0; k < sc_items; k++) {
                if (i0 + k < hi) {
                    op.step(mine, x + xo + (i0 + k) * ax.sx);
                }
            }
            A a = BS::exclusive(tmp, mine, op, running);
            __syncthreads(); /* tmp is reused by the next tile */
            if (!totals) {
                for (int k = 0; k < sc_items; k++) {
                    if (i0 + k < hi) {
                        op.step(a, x + xo + (i0 + k) * ax.sx);
                        op.store(a, out + oo + (i0 + k) * ax.so);
                    }
                }
            }
        }
        if (totals && threadIdx.x == 0) {
            tot[j * chunks + c] = running;
        }
    }
}

/* one thread per lane: the chunk totals into exclusive prefixes */
template <typename Op>
__global__ void sc_prefix_kernel(int64_t lanes, typename Op::acc *tot, int64_t chunks, Op op)
{
    using A = typename Op::acc;
    const int64_t step = (int64_t)blockDim.x * gridDim.x;
    for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < lanes; j += step) {
        A running = op.init();
        for (int64_t c = 0; c < chunks; c++) {
            const A t = tot[j * chunks + c];
            tot[j * chunks + c] = running;
            running = op(running, t);
        }
    }
}

template <typename T, bool PROD> pc_status sc_whole(const pc_kernel_args *args)
{
    using Op = scan_op<T, PROD>;
    using A = typename Op::acc;
    const pc_tensor *x = args->in[0];
    pc_tensor *out = args->out[0];
    const pc_scan_params *p = (const pc_scan_params *)args->params;
    if (out->size == 0) {
        return PC_OK;
    }
    bool reduced[PC_MAX_NDIM];
    for (int i = 0; i < x->ndim; i++) {
        reduced[i] = i == p->axis;
    }
    rgeom g;
    bool inner;
    pc_status st = rg_make(x, out, reduced, &g, &inner);
    const pc_device dev = pc_tensor_device(out);
    if (st == PC_OK) {
        st = select_device(dev);
    }
    if (st != PC_OK) {
        return st;
    }
    const sc_axis ax = {x->shape[p->axis], x->strides[p->axis], out->strides[p->axis],
                        p->include_initial};
    char *odata = out->data + (p->include_initial ? ax.so : 0);
    const cudaStream_t stream = launch_stream(dev);
    const Op op{};
    const bool few_long = ax.len >= 4096 && g.nout < 1024;
    if (!few_long && ax.sx == (int64_t)sizeof(T) && ax.len >= sc_warp) {
        const unsigned blocks = (unsigned)(g.nout < 65535 ? g.nout : 65535);
        sc_warp_kernel<Op><<<blocks, sc_warp, 0, stream>>>(g, ax, x->data, odata, op);
        return check_launch(dev, "scan kernel (a warp per lane)");
    }
    if (!few_long) {
        sc_lane_kernel<Op><<<grid_for(g.nout), threads_per_block, 0, stream>>>(g, ax, x->data,
                                                                              odata, op);
        return check_launch(dev, "scan kernel");
    }
    int64_t chunks = (1024 + g.nout - 1) / g.nout;
    const int64_t cap = ax.len / (rd_threads * sc_items * 8);
    chunks = chunks < cap ? chunks : cap;
    chunks = chunks > 1 ? chunks : 1;
    const int64_t chunk = (ax.len + chunks - 1) / chunks;
    const int64_t items = g.nout * chunks;
    const unsigned blocks = (unsigned)(items < 65535 ? items : 65535);
    A *tot = nullptr;
    const size_t bytes = (size_t)items * sizeof(A);
    if (chunks > 1) {
        st = rd_scratch_alloc(dev, bytes, (void **)&tot);
        if (st != PC_OK) {
            return st;
        }
        sc_block_kernel<Op><<<blocks, rd_threads, 0, stream>>>(g, ax, x->data, odata, tot,
                                                               chunks, chunk, true, op);
        st = check_launch(dev, "scan totals kernel");
        if (st == PC_OK) {
            sc_prefix_kernel<Op><<<grid_for(g.nout), threads_per_block, 0, stream>>>(
                g.nout, tot, chunks, op);
            st = check_launch(dev, "scan prefix kernel");
        }
    }
    if (st == PC_OK) {
        sc_block_kernel<Op><<<blocks, rd_threads, 0, stream>>>(g, ax, x->data, odata, tot,
                                                               chunks, chunk, false, op);
        st = check_launch(dev, "scan kernel");
    }
    if (tot != nullptr) {
        rd_scratch_free(dev, tot, bytes);
    }
    return st;
}

template <typename T> void register_scan_dtype(pc_dtype dt)
{
    pc_kernel s = {};
    s.whole = sc_whole<T, false>;
    pc_kernel_register(PC_OP_CUMSUM, PC_DEVICE_GPU_BACKEND, dt, s);
    pc_kernel q = {};
    q.whole = sc_whole<T, true>;
    pc_kernel_register(PC_OP_CUMPROD, PC_DEVICE_GPU_BACKEND, dt, q);
}

void register_scan()
{
#define PC_DTYPE(ID, name, ctype, kind, size, dl, fmt)                                            \
    register_scan_dtype<dtype_of<PC_##ID>::type>(PC_##ID);
#include "paddle_c/dtypes.def"
#undef PC_DTYPE
}

} // namespace pcu
