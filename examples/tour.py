"""A short tour of paddle_c on the CPU. Run with `make demo`."""

import numpy as np

import paddle_c as pc


def show(title, value):
    print(f"\n--- {title}")
    print(value)


def main():
    print(f"paddle_c {pc.__version__}, array API {pc.__array_api_version__}, "
          f"devices: {pc.__array_namespace_info__().devices()}")

    x = pc.asarray([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    show("a tensor from nested lists (default float dtype: float32)", x)
    show("shape, dtype, device, ndim, size", (x.shape, x.dtype, x.device, x.ndim, x.size))
    show("the transpose is a view: x.T", x.T)

    show("creation: arange, linspace, eye, full",
         [pc.arange(5), pc.linspace(0, 1, 5), pc.eye(3, k=1, dtype=pc.int8), pc.full((2,), 7)])

    a = np.arange(6.0).reshape(2, 3)
    t = pc.asarray(a)
    np.asarray(t)[0, 0] = 100.0
    show("zero-copy with NumPy both ways (writing through np.asarray(t) changes a)", a)

    show("15 dtypes, including float16 and bfloat16 (rounded to nearest even)",
         pc.asarray([1.0, 1 / 3, 1e-8, 70000.0]).astype(pc.bfloat16))
    show("casting is defined for every pair: NaN and overflow saturate when going to integers",
         pc.asarray([float("nan"), 1e10, -1e10, 2.7]).astype(pc.int32))

    show("Paddle's promotion lattice: result_type(int64, float16), result_type(uint8, int8)",
         (pc.result_type(pc.int64, pc.float16), pc.result_type(pc.uint8, pc.int8)))
    show("... and its scalar rules: int tensor with a float scalar -> float32",
         pc.result_type(pc.asarray([1, 2]), 1.5))

    show("finfo / iinfo", (pc.finfo(pc.bfloat16), pc.iinfo(pc.uint16)))

    if hasattr(pc, "add"):
        show("elementwise with broadcasting: x + [10, 20, 30]", x + pc.asarray([10.0, 20.0, 30.0]))
    if hasattr(pc, "sum"):
        show("reductions: sum over axis 0, mean of everything", (pc.sum(x, axis=0), pc.mean(x)))
    if hasattr(pc, "reshape"):
        y = pc.reshape(pc.arange(12), (3, 4))
        show("indexing: y[1:, ::2] is a view; y[y % 2 == 0] a boolean mask", y[1:, ::2])
    if hasattr(pc, "matmul"):
        show("x @ x.T", x @ x.T)
    if hasattr(pc, "fft"):
        show("fft of [1, 0, 0, 0]", pc.fft.fft(pc.asarray([1.0, 0.0, 0.0, 0.0])))
    print("\nDone.")


if __name__ == "__main__":
    main()
