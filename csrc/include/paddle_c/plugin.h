/*
 * plugin.h - the versioned C ABI of out-of-tree device plug-ins (ABI version 1).
 *
 * A plug-in is a shared library that exports one symbol, PC_PLUGIN_ENTRY:
 *
 *     const pcp_plugin *paddle_c_plugin(void);
 *
 * returning a static description of its runtime (devices, memory, the stream of each device,
 * events, copies). paddle_c finds plug-ins through PADDLE_C_PLUGIN_PATH (a list of files or
 * folders separated by ':'; in a folder every `*.so` is tried), checks `size` and
 * `abi_version`, registers the runtime as the backend of device type "xpu" (devices xpu:0 ...)
 * and then calls `init` with a pcp_host, through which the plug-in registers its kernels by op
 * name and dtype name: strings, so that a plug-in never depends on paddle_c's enum ordinals.
 * A plug-in built for another ABI version is refused; the refusal (naming both versions) is
 * the error of the first use of an xpu device, and paddle_c._C._plugins() lists it.
 *
 * Modelled on Paddle's CustomDevice interface (paddle/phi/backends/device_ext.h): a struct of
 * function pointers with a size and a version, reserved slots for additions that keep the ABI
 * version, and the kernels registered by name.
 *
 * Compatibility rules. Additions within version 1 go at the end of a struct or into a
 * reserved slot (its NULL means "absent"), or are new op names with their parameter structs;
 * paddle_c reads a slot only when `size` covers it. Anything else (a changed signature, a
 * removed slot, a changed meaning) bumps PC_PLUGIN_ABI_VERSION.
 *
 * Additions within version 1 (docs/devices.md, "Device plug-ins"): the primitives "sort",
 * "cumsum", "cumprod", "gather", "scatter", "arange", "random" and "index_offsets", the
 * optional "mask_fill", "mask_compact" and "mask_expand", the composites "argmax", "argmin",
 * "nanargmax", "nanargmin" and "unique", their parameter structs and the result word
 * (pcp_result_word); the devices of a plug-in have result words (their memory, allocated
 * through `alloc`); an absent output of a whole-tensor launch has `data` NULL. A plug-in that
 * provides the primitive set (kernels/primitives.def) runs every operation of paddle_c: the rest is
 * composed from them on its device (dispatch/decompose.c).
 *
 * Addresses. Device memory is named by `void *` device addresses that the plug-in hands out
 * from `alloc`; paddle_c does arithmetic on them (a view's element is base + byte offset) and
 * never dereferences them. A plug-in whose memory objects are handles (OpenCL's cl_mem)
 * reserves an address range per allocation and maps addresses back to (handle, offset).
 *
 * Streams. Each device has one in-order stream: every launch, asynchronous copy and memset runs
 * on it in order; the synchronous copies return when the bytes are in place (the stream's
 * earlier work included).
 *
 * Ownership. paddle_c borrows the pcp_plugin struct and the strings it points to for the life
 * of the process (they are static in the plug-in). Events belong to the caller of
 * event_create until event_destroy. pcp_host is valid only during `init`; the functions it
 * points to stay valid.
 *
 * Errors. Slots return PCP_OK or another pcp_status; before returning an error a slot may
 * pass a message to pcp_host.set_error (kept from `init`), which becomes the Python
 * exception's text.
 */
#ifndef PADDLE_C_PLUGIN_H
#define PADDLE_C_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PC_PLUGIN_ABI_VERSION 1
#define PC_PLUGIN_ENTRY "paddle_c_plugin"

typedef enum pcp_status {
    PCP_OK = 0,
    PCP_ERROR = 1,      /* RuntimeError */
    PCP_NO_MEMORY = 2,  /* MemoryError */
    PCP_NOT_IMPL = 3,   /* NotImplementedError */
    PCP_BAD_VALUE = 4   /* ValueError */
} pcp_status;

/* ---- kernel launches ------------------------------------------------------------------------
 * Every tensor address below is a device address of the launch's device; `params` is host
 * memory. Dtype names are paddle_c's ("bool", "int8" ... "uint64", "float16", "bfloat16",
 * "float32", "float64", "complex64", "complex128"); storage is the usual one (bool: one byte
 * 0 or 1, complex: real then imaginary part). */

/* An elementwise launch over `nop` operands (inputs first, then outputs) of one iteration
 * shape. Axis 0 is the innermost; operand k's element at index (i0, i1, ...) is at
 * data[k] + sum_a i_a * strides[a * nop + k] (bytes; 0 on broadcast axes). Every operand has
 * the kernel's dtype, except casts (in: `from`, out: `to`), ops whose result is bool or the
 * real dtype of a complex input (the comparisons, isnan..., abs/real/imag of complex),
 * index_offsets (out: int64) and the mask fast paths (the mask bool, its scan int64). */
typedef struct pcp_elementwise {
    size_t size;                /* sizeof(pcp_elementwise) as paddle_c was compiled */
    int device;                 /* the device index */
    int nop;
    int ndim;                   /* 0 for a single element */
    int64_t numel;              /* product of shape (> 0) */
    void *const *data;          /* nop device addresses */
    const int64_t *shape;       /* ndim extents, innermost first */
    const int64_t *strides;     /* ndim * nop byte strides: strides[axis * nop + k] */
    const void *params;         /* "fill": one element of the dtype; "index_offsets":
                                   pcp_offsets_params; "mask_fill", "mask_compact",
                                   "mask_expand": pcp_mask_params; else NULL */
    void *kernel_data;          /* the `data` given at registration */
} pcp_elementwise;

/* A tensor of a whole-tensor launch. */
typedef struct pcp_tensor {
    void *data;                 /* device address of element (0, ..., 0) */
    const char *dtype;
    int ndim;
    const int64_t *shape;
    const int64_t *strides;     /* bytes; any sign, 0 on broadcast axes */
} pcp_tensor;

/* A whole-tensor launch. The ops of ABI version 1, with paddle_c's contract for each:
 *   "sum", "prod", "max", "min"  in[0] x (any layout), out[0] the result with x's ndim and
 *        extent 1 on every reduced axis (an axis is reduced exactly when out's extent is 1 and
 *        x's is not). sum/prod of bool and of integers narrower than 64 bits accumulate in
 *        int64 (uint64 for unsigned) and out[0] has that dtype; max/min of an empty slice
 *        never reach the kernel; sum of an empty slice is 0, prod 1. `params` NULL.
 *   "matmul"  in[0] a (..., m, k), in[1] b (..., k, n), out[0] c (..., m, n) C-contiguous per
 *        matrix; the same leading batch extents (broadcast operands have zero strides).
 *        `params` NULL.
 * and, added within version 1 (a plug-in built before them loads and runs as before; one that
 * registers them on a paddle_c without them gets PCP_BAD_VALUE from register_whole):
 *   "sort"  in[0] x; out[0] the values sorted along pcp_sort_params.axis and, when nout == 2,
 *        out[1] the int64 positions along the axis that sort them; stable; ascending, or
 *        descending with equal elements in their original order; NaN last in both orders,
 *        -0 equal to +0; complex values in NumPy's order (lexicographic on (real, imag)
 *        within the classes: no NaN, imaginary NaN, real NaN, both).
 *   "cumsum", "cumprod"  in[0] x, out[0] the running sum/product along pcp_scan_params.axis,
 *        in the dtype sum/prod give (int64 for bool and signed integers, uint64 for unsigned,
 *        x's dtype else), x's shape but one longer along the axis with include_initial (the
 *        identity first).
 *   "gather", "scatter"  in[0] the tensor addressed (its element type is the kernel's dtype);
 *        everything else in pcp_gather_params.
 *   "arange"  out[0] 1-D: element i is start + i * step (pcp_range_params).
 *   the other reductions whose row of paddle_c/reductions.def has abi 1 ("ptp", ...) as
 *        "max" and "min", for the dtypes of the row's kinds column: out[0], in x's dtype, is
 *        the row's value of each slice; for a PAIR row, its element function
 *        pc_rd_<name>_finish (csrc/kernels/common/reduce_elem.h) of the slice's maximum and
 *        minimum ("ptp": max - min).
 *   "random"  out[0] C-contiguous, of a floating dtype (every kind but PCP_RANDOM_INTEGERS) or
 *        an integer dtype (PCP_RANDOM_INTEGERS); its element i (in C order) is the value of
 *        paddle_c's stream at index offset + i, defined bit for bit by
 *        csrc/kernels/common/random_elem.h (pc_random_real, pc_random_integer), which a plug-in
 *        compiles for its device without contraction into fused multiply-adds; for
 *        PCP_RANDOM_POISSON in[0] holds the rates (out[0]'s dtype and shape, C-contiguous).
 *        pcp_random_params has the layout and codes of random_elem.h's pc_random_params.
 * The parameter structs below are those of these ops; every device address in them is one of
 * the launch's device. The elementwise op "index_offsets" (below) takes pcp_offsets_params.
 */

/* Composites a plug-in may also provide natively (their decompositions run where it does not):
 *   "argmax", "argmin", "nanargmax", "nanargmin"  in[0] x (real or bool), out[0] int64 with
 *        x's shape but extent 1 along pcp_argreduce_params.axis (x's extent there > 0): the
 *        first index of the largest/smallest element, a NaN counting as the extreme (its first
 *        index wins); the nan forms skip NaN and report a lane of NaN only through `result`
 *        (PCP_RESULT_VALUE_ERROR).
 *   "unique"  in[0] the sorted values (1-D contiguous, NaN last), in[1] (nin == 2) the int64
 *        stable-sort permutation that sorted them; out[0] unique values, out[1] first indices,
 *        out[2] inverse indices (C-contiguous, the input's shape), out[3] counts, each absent
 *        when its `data` is NULL; each NaN is a value of its own, -0 and +0 are one; the number
 *        of values goes to `result`'s `value` (pcp_unique_params). */

/* The result word of an operation (paddle_c's pc_result_word): a data-dependent outcome
 * reported by a kernel. The first failure reported wins: `code` is set by compare-and-swap
 * from 0, then `detail` and `value` are written. */
typedef struct pcp_result_word {
    int32_t code;               /* 0, or PCP_RESULT_INDEX_ERROR */
    int32_t detail;
    int64_t value;
} pcp_result_word;

/* the codes of a result word: a bad value (All-NaN), an out-of-range index */
#define PCP_RESULT_VALUE_ERROR 2
#define PCP_RESULT_INDEX_ERROR 3

typedef struct pcp_argreduce_params {
    int axis;
    void *result;               /* device address of the pcp_result_word (nan forms) */
} pcp_argreduce_params;

typedef struct pcp_unique_params {
    void *result;               /* device address of the pcp_result_word: value = the count */
} pcp_unique_params;

typedef struct pcp_sort_params {
    int axis;
    int descending;
} pcp_sort_params;

typedef struct pcp_scan_params {
    int axis;
    int include_initial;
} pcp_scan_params;

/* "gather":  other[i * step] = *(base + off(i)) for i in [0, n)
 * "scatter": *(base + off(i)) = other[i * step], in increasing i (the last write wins), or
 *            with `accumulate` *(base + off(i)) += other[i * step] in increasing i (the dtype's
 *            add: or for bool, wrapping for integers, rounded per step for floats)
 * off(i) = offsets[i] (int64 byte offsets from `base`, the start of in[0]'s allocation); for
 * a gather without offsets (offsets NULL), index[i] (int64; negative counts from len) times
 * `stride`, where an index outside [-len, len) is reported through `result`
 * (PCP_RESULT_INDEX_ERROR, value the index) and nothing is read for it. */
typedef struct pcp_gather_params {
    int64_t n;
    const void *offsets;        /* device address, or NULL */
    void *base;                 /* device address */
    void *other;                /* device address */
    int64_t step;               /* bytes between other's elements (0: one value for all) */
    const void *index;          /* device address (offsets NULL only) */
    int64_t len;
    int64_t stride;
    void *result;               /* device address of the pcp_result_word, or NULL */
    int accumulate;             /* scatter only */
} pcp_gather_params;

/* "index_offsets", elementwise over (index, offsets), keyed by the index's integer dtype:
 *     offsets += w * stride,   w = index (+ len when negative)
 * offsets int64, read and written. An index outside [-len, len) (an unsigned one >= len) is
 * reported through `result` (PCP_RESULT_INDEX_ERROR, detail `item`, value the index's bits as
 * int64) and counts as 0. */
typedef struct pcp_offsets_params {
    int64_t len;
    int64_t stride;
    int32_t item;
    void *result;               /* device address of the pcp_result_word (never NULL) */
} pcp_offsets_params;

/* The optional mask fast paths (paddle_c uses them for x[mask] and x[mask] = v where a device
 * has them, and nonzero, index_offsets and gather/scatter elsewhere). Elementwise, keyed by
 * x's dtype (only its size matters), `pos` the mask's inclusive scan in C order (int64):
 *   "mask_fill"     (x, mask):       x = *fill                                where mask
 *   "mask_compact"  (x, mask, pos):  *(out + (pos - 1) * itemsize) = x         where mask
 *   "mask_expand"   (mask, pos, x):  x = *(values + (pos - 1) * step)          where mask
 * (step 0: one value for every true element). Each element is independent of the others. */
typedef struct pcp_mask_params {
    void *out;                  /* device address ("mask_compact") */
    const void *fill;           /* device address of one element ("mask_fill") */
    const void *values;         /* device address ("mask_expand") */
    int64_t step;               /* bytes ("mask_expand") */
} pcp_mask_params;

/* "arange": element i = start + i * step. Integers: istart + i * istep, wrapping; bool:
 * start[0] + i * step[0] != 0; floating dtypes: start[0] + i * step[0] in double, rounded
 * once; complex: the same per part (re [0], im [1]). */
typedef struct pcp_range_params {
    double start[2];
    double step[2];
    int64_t istart;
    int64_t istep;
} pcp_range_params;
/* "random": the draws of pcp_random_params.kind (the values of paddle_c's pc_random_kind) */
#define PCP_RANDOM_UNIFORM 0        /* a + (b - a) U, U = k 2^-bits */
#define PCP_RANDOM_NORMAL 1         /* a + b Z */
#define PCP_RANDOM_INTEGERS 2       /* lo + floor(range X / 2^64) (range 0: 2^64) */
#define PCP_RANDOM_EXPONENTIAL 3    /* E / a */
#define PCP_RANDOM_POISSON 4        /* Poisson(in[0][i]) */
typedef struct pcp_random_params {
    uint64_t seed;
    uint64_t offset;
    int32_t kind;
    int32_t bits;               /* PCP_RANDOM_UNIFORM: the dtype's significand bits */
    double a;
    double b;
    int64_t lo;
    uint64_t range;
} pcp_random_params;

typedef struct pcp_whole {
    size_t size;                /* sizeof(pcp_whole) as paddle_c was compiled */
    int device;
    int nin;
    int nout;
    const pcp_tensor *in;
    const pcp_tensor *out;
    const void *params;
    void *kernel_data;
} pcp_whole;

typedef pcp_status (*pcp_elementwise_fn)(const pcp_elementwise *launch);
typedef pcp_status (*pcp_whole_fn)(const pcp_whole *launch);

/* ---- what paddle_c offers the plug-in --------------------------------------------------------- */
typedef struct pcp_host {
    size_t size;                /* sizeof(pcp_host) as paddle_c was compiled */
    int abi_version;            /* PC_PLUGIN_ABI_VERSION of paddle_c */
    /* Register a kernel by op name (paddle_c._C._ops()) and the dtype it computes in. An
     * unknown op or dtype name, or an op of the other kind, gives PCP_BAD_VALUE (nothing is
     * registered). Elementwise ops: every function of paddle_c._C._elementwise(), "copy",
     * "fill", "where" (bool cond, x1, x2 -> out), "clip" (x, min, max -> out),
     * "index_offsets" (params: pcp_offsets_params), "mask_fill", "mask_compact",
     * "mask_expand" (params: pcp_mask_params). */
    pcp_status (*register_elementwise)(const char *op, const char *dtype, pcp_elementwise_fn fn,
                                       void *kernel_data);
    /* A cast from one dtype to another (2 operands). */
    pcp_status (*register_cast)(const char *from, const char *to, pcp_elementwise_fn fn,
                                void *kernel_data);
    pcp_status (*register_whole)(const char *op, const char *dtype, pcp_whole_fn fn,
                                 void *kernel_data);
    /* The message of the error about to be returned (copied). */
    void (*set_error)(const char *message);
    void *reserved[8];
} pcp_host;

/* ---- the plug-in's runtime ---------------------------------------------------------------------- */
typedef struct pcp_plugin {
    size_t size;                /* sizeof(pcp_plugin) as the plug-in was compiled */
    int abi_version;            /* PC_PLUGIN_ABI_VERSION the plug-in was compiled for */
    const char *name;           /* e.g. "opencl": shown by _plugins() and device names */
    int dlpack_device_type;     /* DLPack's code of its memory: kDLOpenCL (4), kDLExtDev (12)... */

    /* Register the kernels (called once, after the runtime is registered). */
    pcp_status (*init)(const pcp_host *host);

    /* ---- devices ---- */
    int (*device_count)(void);  /* 0 hides the plug-in's devices */
    const char *(*device_name)(int device);         /* optional */

    /* ---- memory (stream-ordered on the device's stream) ---- */
    /* `nbytes` > 0; the address is aligned to at least 64 bytes */
    pcp_status (*alloc)(int device, size_t nbytes, void **out);
    /* released once the work queued so far is done; never waits */
    void (*free)(int device, void *ptr, size_t nbytes);
    pcp_status (*memset)(int device, void *ptr, int value, size_t nbytes);   /* optional */

    /* ---- copies: synchronous (return when the bytes are in place) ---- */
    pcp_status (*copy_h2d)(int device, void *dst, const void *src, size_t nbytes);
    pcp_status (*copy_d2h)(int device, void *dst, const void *src, size_t nbytes);
    pcp_status (*copy_d2d)(int device, void *dst, const void *src, size_t nbytes);
    /* ---- the same queued on the stream (optional; host memory must stay valid until the
     * stream reaches the copy) ---- */
    pcp_status (*copy_h2d_async)(int device, void *dst, const void *src, size_t nbytes);
    pcp_status (*copy_d2h_async)(int device, void *dst, const void *src, size_t nbytes);
    pcp_status (*copy_d2d_async)(int device, void *dst, const void *src, size_t nbytes);

    /* ---- the stream and events (optional: all NULL for a synchronous device) ---- */
    pcp_status (*synchronize)(int device);
    pcp_status (*event_create)(int device, void **out);
    void (*event_destroy)(int device, void *event);
    pcp_status (*event_record)(int device, void *event);
    pcp_status (*event_wait)(int device, void *event);          /* the stream waits */
    pcp_status (*event_synchronize)(int device, void *event);   /* the host waits */

    /* ---- statistics (optional): bytes allocated, peak, reserved, peak reserved, count ---- */
    pcp_status (*memory_stats)(int device, int64_t out[5]);

    void *reserved[16];
} pcp_plugin;

/* The entry point a plug-in exports (PC_PLUGIN_ENTRY). */
typedef const pcp_plugin *(*pcp_entry_fn)(void);

#ifdef __cplusplus
}
#endif
#endif
